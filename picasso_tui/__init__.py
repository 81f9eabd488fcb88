"""Picasso memory: the persistent memory layer of a coding agent."""

__version__ = "0.1.0"
