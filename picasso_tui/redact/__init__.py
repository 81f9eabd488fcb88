"""The secret redactor and its rule table: used by the store's door (handed in), the kept transcripts
and the profile. It knows secret formats so that the store does not have to."""
