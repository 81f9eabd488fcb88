"""The reference sync server: stores ciphertext, cursors and key-link envelopes, nothing readable."""
