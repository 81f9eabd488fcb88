"""End-to-end encrypted memory sync: keys, recovery string, device linking, client, server."""
