"""Retrieval: the right memories for a prompt, scoped first, ranked, formatted within a budget."""
