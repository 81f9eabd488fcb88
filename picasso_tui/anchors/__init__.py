"""What ties a memory to the code: git, content hashes, and the staleness measured from them. Used by
retrieval (rank stale memories lower), the write-back (re-anchor what a run observes again) and the
profile (anchor what it learns)."""
