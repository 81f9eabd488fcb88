"""The redaction corpus: generated positives (fake secrets with real shapes) and realistic negatives.

Positives are built from a seeded random generator at test time, never pasted: no real credential is in
the repository, and GitHub push protection has nothing to trip on. Each format is embedded in five
contexts (JSON, shell history, .env, Markdown, URL) and every secret value must vanish from the result.
"""
