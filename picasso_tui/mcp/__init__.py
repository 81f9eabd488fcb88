"""`picasso mcp`: the memory tools over the Model Context Protocol (stdio)."""
