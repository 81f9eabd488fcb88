"""Write-back: what a run leaves behind in memory (redaction, reflection, classification, write policy)."""
