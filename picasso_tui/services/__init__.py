"""Use cases, one home each: the CLI, the TUI and the other front ends call these, never the store
for an operation that has a user-facing rule (so a rule such as "an edit that cannot land is kept
in unsaved-edits/" holds whichever front end the user is in)."""
