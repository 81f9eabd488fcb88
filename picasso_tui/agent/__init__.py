"""`picasso run`: the agent loop with memory (retrieve -> inject -> run -> reflect -> write)."""
