"""The agent hooks (``picasso hook <agent> <event>``): a front end for coding agents that call out at their session
and turn events (Claude Code, Gemini CLI, Codex). It parses the agent's payload, calls ``services/agent_hooks``
and answers in the agent's own output shape; it never blocks or breaks the agent (see ``main.py``)."""
