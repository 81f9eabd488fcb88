"""The tool calls of a Claude Code session (Bash, Read, Edit, Write, Grep, Glob, TodoWrite, ExitPlanMode,
Task): each a ``tool_use`` part in an assistant line and a ``tool_result`` part in the next user line,
with the tool's ``toolUseResult`` sidecar as Claude Code records it. Mixed into ``kit.Claude``."""

from __future__ import annotations

from typing import Any

REJECTED = (
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, "
    "the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how "
    "to proceed."
)


class ToolCalls:
    """Needs the host's ``_part``, ``_push``, ``_base``, ``_tool_id``, ``clock``, ``cwd``, ``name``."""

    def _call(self, name: str, args: dict[str, Any]) -> str:
        tid = self._tool_id()
        self._part({"type": "tool_use", "id": tid, "name": name, "input": args})
        return tid

    def _result(self, tid: str, content: Any, sidecar: Any, *, error: bool = False) -> None:
        self.msg = None
        part: dict[str, Any] = {"tool_use_id": tid, "type": "tool_result", "content": content}
        if error:
            part["is_error"] = True
        else:
            part["is_error"] = False
        self._push(self._base("user", message={"role": "user", "content": [part]}, toolUseResult=sidecar))

    def bash(
        self,
        command: str,
        output: str = "",
        code: int = 0,
        *,
        description: str = "",
        stderr: str = "",
        timeout_ms: int | None = None,
    ) -> Any:
        args: dict[str, Any] = {"command": command}
        if description:
            args["description"] = description
        if timeout_ms:
            args["timeout"] = timeout_ms
        tid = self._call("Bash", args)
        self.clock.tick(3.0)
        if code == 0:
            self._result(tid, output, {"stdout": output, "stderr": stderr, "interrupted": False, "isImage": False})
        else:
            text = f"Exit code {code}\n{output}".rstrip("\n")
            self._result(tid, text, f"Error: {text}", error=True)
        return self

    def bash_timeout(self, command: str, output: str, minutes: int = 2) -> Any:
        tid = self._call("Bash", {"command": command})
        self.clock.tick(minutes * 60.0)
        text = f"Command timed out after {minutes}m 0.0s\n{output}".rstrip("\n")
        self._result(tid, text, f"Error: {text}", error=True)
        return self

    def read(self, path: str, content: str) -> Any:
        tid = self._call("Read", {"file_path": f"{self.cwd}/{path}"})
        rows = content.split("\n")
        numbered = "\n".join(f"{i + 1:>6}→{row}" for i, row in enumerate(rows))
        sidecar = {
            "type": "text",
            "file": {
                "filePath": f"{self.cwd}/{path}",
                "content": content,
                "numLines": len(rows),
                "startLine": 1,
                "totalLines": len(rows),
            },
        }
        self._result(tid, numbered, sidecar)
        return self

    def edit(self, path: str, old: str, new: str) -> Any:
        full = f"{self.cwd}/{path}"
        tid = self._call("Edit", {"file_path": full, "old_string": old, "new_string": new})
        snippet = "\n".join(f"{i + 40:>6}→{row}" for i, row in enumerate(new.split("\n")))
        sidecar = {
            "filePath": full,
            "oldString": old,
            "newString": new,
            "originalFile": None,
            "structuredPatch": [
                {
                    "oldStart": 40,
                    "oldLines": old.count("\n") + 1,
                    "newStart": 40,
                    "newLines": new.count("\n") + 1,
                    "lines": [f"-{x}" for x in old.split("\n")] + [f"+{x}" for x in new.split("\n")],
                }
            ],
            "userModified": False,
            "replaceAll": False,
        }
        self._result(
            tid,
            f"The file {full} has been updated. Here's the result of running `cat -n` on a snippet of the edited "
            f"file:\n{snippet}",
            sidecar,
        )
        return self

    def write(self, path: str, content: str) -> Any:
        full = f"{self.cwd}/{path}"
        tid = self._call("Write", {"file_path": full, "content": content})
        sidecar = {"type": "create", "filePath": full, "content": content, "structuredPatch": []}
        self._result(tid, f"File created successfully at: {full}", sidecar)
        return self

    def grep(self, pattern: str, files: list[str], path: str = "") -> Any:
        args = {"pattern": pattern, "output_mode": "files_with_matches"}
        if path:
            args["path"] = f"{self.cwd}/{path}"
        tid = self._call("Grep", args)
        body = f"Found {len(files)} file{'s' if len(files) != 1 else ''}\n" + "\n".join(
            f"{self.cwd}/{f}" for f in files
        )
        self._result(tid, body, {"mode": "files_with_matches", "filenames": files, "numFiles": len(files)})
        return self

    def glob(self, pattern: str, files: list[str]) -> Any:
        tid = self._call("Glob", {"pattern": pattern})
        body = "\n".join(f"{self.cwd}/{f}" for f in files) or "No files found"
        self._result(
            tid,
            body,
            {
                "filenames": [f"{self.cwd}/{f}" for f in files],
                "durationMs": 41,
                "numFiles": len(files),
                "truncated": False,
            },
        )
        return self

    def todo(self, items: list[tuple[str, str]]) -> Any:
        todos = [{"content": c, "status": s, "activeForm": c[:1].upper() + c[1:] + "…"} for c, s in items]
        tid = self._call("TodoWrite", {"todos": todos})
        self._result(
            tid,
            "Todos have been modified successfully. Ensure that you continue to use the todo list to track your "
            "progress. Please proceed with the current tasks if applicable",
            {"oldTodos": [], "newTodos": todos},
        )
        return self

    def plan(self, text: str, *, approved: bool, feedback: str = "") -> Any:
        tid = self._call("ExitPlanMode", {"plan": text})
        self.clock.tick(40.0)
        if approved:
            where = f"/home/dev/.claude/plans/{self.name.replace('_', '-')}.md"
            self._result(
                tid,
                "User has approved your plan. You can now start coding. Start with updating your todo list if "
                f"applicable\n\nYour plan has been saved to: {where}\nYou can refer back to it if needed during "
                f"implementation.\n\n## Approved Plan:\n{text}",
                {"plan": text, "isAgent": False, "filePath": where},
            )
        else:
            content = (
                REJECTED
                if not feedback
                else REJECTED.split(" STOP")[0] + " To tell you how to proceed, the user said:\n" + feedback
            )
            self._result(tid, content, "User rejected tool use", error=True)
        return self

    def rejected(self, tool: str, args: dict[str, Any]) -> Any:
        """A tool call the user declined at the permission prompt."""
        tid = self._call(tool, args)
        self._result(tid, REJECTED, "User rejected tool use", error=True)
        return self

    def task(self, description: str, prompt: str, steps: list[tuple[str, str, str]], report: str) -> Any:
        """A subagent (Task tool): its own sidechain lines, then the report back to the main thread."""
        tid = self._call("Task", {"description": description, "prompt": prompt, "subagent_type": "Explore"})
        main_parent, main_msg = self.parent, self.msg
        self.sidechain, self.parent, self.msg = True, None, None
        self._push(self._base("user", message={"role": "user", "content": prompt}, agentId="a3f9c1e"))
        for command, output, _ in steps:
            self.bash(command, output)
        self.done(report)
        self.sidechain, self.parent, self.msg = False, main_parent, main_msg
        sidecar = {
            "status": "completed",
            "prompt": prompt,
            "agentId": "a3f9c1e",
            "content": [{"type": "text", "text": report}],
            "totalDurationMs": 48211,
            "totalTokens": 31877,
            "totalToolUseCount": len(steps),
        }
        self._result(tid, [{"type": "text", "text": report}], sidecar)
        return self
