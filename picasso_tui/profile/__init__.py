"""Project profile: a read-only codebase investigator (``picasso memory init``) and staleness that
follows the code. Uses the store; never imported by it."""
