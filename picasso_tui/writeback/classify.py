"""The deterministic classifier: rules over a transcript -> candidate observations (offline).

Each rule reads one kind of evidence and yields observations in one of the seven classes
(spec "Write pipeline"). Raw tool output is never copied: a failure keeps the command and a
one-line error signature, never the output itself. Whether an observation is stored, and how
(quarantined, reinforcing an older record), is decided later by policy.py and reinforce.py.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass, field

from picasso_tui.languages import SPOKEN, language_of
from picasso_tui.store.schema import MemoryClass
from picasso_tui.writeback.policy import ProvenanceKind, hijack_reason, planted_instruction
from picasso_tui.writeback.transcript import Event, Transcript, command_of

MAX_FAILURES = 5
LOOP_THRESHOLD = 3
MAX_COMMAND_CHARS = 120
MAX_RULE_CHARS = 300


@dataclass
class Observation:
    cls: MemoryClass
    body: str
    kind: ProvenanceKind
    event_index: int | None = None
    language: str | None = None
    prevent_next_time: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    source_plan: str | None = None
    edges: list[dict[str, str]] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    title: str | None = None
    confidence: float = 0.9
    rule: str = ""
    """Which classifier rule produced it (kept in attributes.tags-free form for events and tests)."""


# -- small text helpers ----------------------------------------------------------------------------

_SENTENCE_SPLIT = re.compile(r"(?<=[.!?;])\s+|\n+")
_PATH_RE = re.compile(
    r"(?<![\w/.@:-])((?:[\w.-]+/)+[\w.-]+\.[A-Za-z]{1,8}|[\w-]+\.(?:py|ts|tsx|js|jsx|go|rs|java|rb|toml|json|ya?ml|md|sql))\b"
)


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_SPLIT.split(text) if s.strip()]


def short_command(cmd: str) -> str:
    one_line = " ".join(cmd.split())
    return one_line if len(one_line) <= MAX_COMMAND_CHARS else one_line[: MAX_COMMAND_CHARS - 1] + "…"


def language_of_path(path: str) -> str | None:
    return language_of(path)


def mentioned_paths(text: str, limit: int = 8) -> list[str]:
    out: list[str] = []
    for m in _PATH_RE.finditer(text[:50_000]):
        p = m.group(1).strip("./") if m.group(1).startswith("./") else m.group(1)
        if p not in out and "://" not in p:
            out.append(p)
        if len(out) >= limit:
            break
    return out


# -- error signatures: one line that names a failure, never the output ------------------------------

_SIGNATURE_RES = [
    re.compile(r"^(?:FAILED|ERROR)\s+(\S+::\S+)(?:\s+-\s+([A-Za-z_][\w.]*(?:Error|Exception|Exit)))?", re.MULTILINE),
    re.compile(r"^\s*FAIL\s+(\S+)", re.MULTILINE),
    re.compile(r"\b([A-Z][A-Za-z]{0,60}(?:Error|Exception))\b(?::\s*([^\n]{1,80}))?"),
    re.compile(r"\berror(?:\[(\w+)\]|\s+([A-Z]{1,6}\d{1,6}))?:\s*([^\n]{1,100})", re.IGNORECASE),
    re.compile(r"\*\*\*\s+\[([^\]\n]{1,80})\]\s+(Error\s+\d+)"),  # make
    re.compile(r"\b(command not found|No such file or directory|Permission denied|timed out)\b", re.IGNORECASE),
]


def error_signature(output: str) -> str | None:
    """The first recognisable error line in ``output``, shortened (e.g. ``test_x: AssertionError``)."""
    text = output[-200_000:]  # errors are at the end of long logs; cap the scan
    for pattern in _SIGNATURE_RES:
        m = pattern.search(text)
        if m:
            parts = [g.strip() for g in m.groups() if g and g.strip()]
            sig = ": ".join(parts).rstrip(".")
            return sig if len(sig) <= 120 else sig[:119] + "…"
    return None


# -- the classifier ----------------------------------------------------------------------------------

_REMEMBER_RE = re.compile(
    r"^\s*(?:picasso[ -])?remember\s*\(\s*(fact|decision|workflow|failure|repo_rule|style(?:/[\w+#.-]+)?)\s*\)"
    r"\s*:\s*(.+)$",
    re.IGNORECASE,
)
_TERM = r"[^,;]{1,60}?"
_END = r"\s*(?:[.;!](?:\s|$)|$)"
_STYLE_RES = [
    # "use X instead of Y", "prefer X over Y", "use X, not Y"
    re.compile(
        rf"\b(?:use|prefer|write|go with)\s+(?P<good>{_TERM})\s*(?:\s+instead of|\s+rather than|\s+over|,?\s+not)\s+"
        rf"(?P<bad>{_TERM}){_END}",
        re.IGNORECASE,
    ),
    # "don't use Y, use X (instead)"
    re.compile(
        rf"\b(?:don'?t|do not|never|stop)\s+(?:use|using|write|writing)\s+(?P<bad>{_TERM})\s*[,;:—-]+\s*"
        rf"(?:just\s+|always\s+)?(?:use|prefer|write)\s+(?P<good>{_TERM})(?:\s+instead)?{_END}",
        re.IGNORECASE,
    ),
    # "instead of Y, use X"
    re.compile(
        rf"\binstead of\s+(?P<bad>{_TERM})\s*,?\s*(?:use|prefer|write)\s+(?P<good>{_TERM}){_END}",
        re.IGNORECASE,
    ),
]
# A follow-up that accepts the agent's edit and names what to keep doing: a positive style signal
# ("good, keep using early returns like that", "I like the dataclasses here, stick with them").
_ACCEPTED_RES = [
    re.compile(
        rf"^\s*(?:(?:good|great|nice|perfect|yes|yep|lgtm|looks good|thanks)[,.!]*\s+)?"
        r"(?:keep\s+(?:using|writing|to use|to write)|stick\s+with|continue\s+(?:using|to use))\s+"
        rf"(?P<good>{_TERM})"
        rf"(?:\s+(?:like|in|for|from|going|everywhere|here|throughout)\b[^.;!]*)?{_END}",
        re.IGNORECASE,
    ),
    re.compile(
        rf"^\s*(?:(?:good|great|nice|perfect|yes|yep)[,.!]*\s+)?(?:i|we)\s+(?:like|love|prefer)\s+"
        rf"(?:the\s+|this\s+|that\s+|how you used\s+)?(?P<good>{_TERM})\s*(?:[,;.—-]+|\s+and)\s*"
        rf"(?:keep|stick with|continue)\b[^.;!]*{_END}",
        re.IGNORECASE,
    ),
]
_DURABLE_RE = re.compile(
    r"^\s*(?:(?:please|and|also|note)[,:]?\s+)?(?:always|never(?!\s+mind)|from now on|going forward|as a rule|"
    r"in this repo(?:sitory)?|in this project|for this repo)\b",
    re.IGNORECASE,
)
_CORRECTION_RULE_RE = re.compile(r"^\s*(?:no[,.!]\s*)?(?:don'?t|do not|please don'?t|stop|make sure|you must)\b", re.I)
_APPROVAL_RE = re.compile(
    r"^\s*(?:approved?|lgtm|looks good|ship it|go ahead|sounds good|yes[,!.]?\s*(?:do it|go ahead|proceed|approved)|"
    r"plan approved|proceed)\b",
    re.IGNORECASE,
)
_DECISION_LINE_RE = re.compile(
    r"^\s*(?:[-*#>]+\s*)?(?:\*\*)?(?:decision|chosen approach|approach|we will|we'll|choose|chose|go with)"
    r"(?:\*\*)?\s*[:—-]?\s*(?:\*\*)?\s*(?P<text>.+)$",
    re.IGNORECASE | re.MULTILINE,
)
_RATIONALE_RE = re.compile(
    r"^\s*(?:[-*>]+\s*)?(?:\*\*)?(?:rationale|why|because|reason)(?:\*\*)?\s*[:—-]\s*(?:\*\*)?\s*(?P<text>.+)$",
    re.IGNORECASE | re.MULTILINE,
)
_DEPENDENCY_RE = re.compile(
    r"^(?:uv|poetry|pdm|pipenv|rye)\s+add\s+(?P<a>.+)|^(?:npm|pnpm|yarn|bun)\s+(?:add|install|i)\s+(?P<b>[^-].*)|"
    r"^cargo\s+add\s+(?P<c>.+)|^go\s+get\s+(?P<d>.+)|^bundle\s+add\s+(?P<e>.+)"
)
_CHECK_RE = re.compile(
    r"^(?:\S*/)?(?:pytest|py\.test|tox|nox|ruff|mypy|pyright|flake8|black --check|eslint|tsc|vitest|jest|"
    r"(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:test|lint|check|typecheck|build)|cargo\s+(?:test|check|clippy|build)|"
    r"go\s+(?:test|vet|build)|make\s+(?:test|check|lint)|just\s+(?:test|check)|gradle\w*\s+test|mvn\s+test|"
    r"(?:python3?|\.venv/bin/python)\s+-m\s+(?:pytest|mypy|ruff))\b"
)
_NOT_FAILURES = frozenset({"grep", "rg", "ag", "find", "ls", "test", "[", "diff", "which", "command", "cmp", "stat"})


def classify(transcript: Transcript, *, agent: str | None = None, language: str | None = None) -> list[Observation]:
    """Every candidate observation the rules find in ``transcript`` (deterministic, offline)."""
    files = changed_files(transcript)
    lang = _main_language_of(files) or language
    out: list[Observation] = []
    out += list(_from_user(transcript, lang))
    out += list(_from_plans(transcript, files))
    out += list(_from_remember_lines(transcript, lang))
    tool_obs, loops = _from_tools(transcript, files)
    out += tool_obs
    out += list(_from_dependencies(transcript))
    out += list(_test_layout(transcript))
    out += list(_from_verification(transcript, files))
    out += list(_injection_attempts(transcript))
    if agent:
        out += list(_model_performance(transcript, agent, loops))
    return out


def changed_files(transcript: Transcript) -> list[str]:
    paths: list[str] = []
    for event in transcript.of("files_changed"):
        for f in event.get("files") or []:
            path = f.get("path") if isinstance(f, dict) else f
            if isinstance(path, str) and path not in paths:
                paths.append(path)
    return paths


def _main_language_of(files: list[str]) -> str | None:
    langs = [lang for lang in (language_of_path(f) for f in files) if lang]
    return max(set(langs), key=langs.count) if langs else None


_FOLLOW_UP_RE = re.compile(
    r"^\s*(?:no\b|nope\b|don'?t\b|do not\b|stop\b|instead\b|actually\b|wrong\b|that'?s (?:wrong|not)\b|"
    r"not like that\b|please don'?t\b)",
    re.IGNORECASE,
)


def _user_texts(transcript: Transcript) -> Iterator[tuple[Event, bool]]:
    """The user's own words: the prompt and every follow-up correction (flag: is a correction). A prompt
    that opens like a correction ("No, use …", "Don't …") corrects the previous run: `picasso run` is
    how a CLI user follows up."""
    for event in transcript.of("prompt", "correction"):
        yield event, event.type == "correction" or bool(_FOLLOW_UP_RE.match(event.text))


def _from_user(transcript: Transcript, language: str | None) -> Iterator[Observation]:
    for event, is_correction in _user_texts(transcript):
        for sentence in sentences(event.text):
            durable = bool(_DURABLE_RE.match(sentence))
            # In a prompt, "use X instead of Y" is usually the task itself; it is a preference when it
            # corrects the agent or says it holds from now on.
            style = _style_pair(sentence) if is_correction or durable else None
            if style:
                good, bad = style
                lang = _named_language(sentence) or language
                yield Observation(
                    MemoryClass.STYLE,
                    f"Prefer {good} over {bad}.",
                    ProvenanceKind.USER_STATED,
                    event.index,
                    language=lang,
                    prevent_next_time=[f"Avoid {bad}."],
                    tags=["correction"] if is_correction else [],
                    confidence=0.95 if is_correction else 0.85,
                    rule="style-correction",
                )
                continue
            accepted = _accepted_style(sentence) if event.type == "correction" else None
            if accepted:
                yield Observation(
                    MemoryClass.STYLE,
                    f"Prefer {accepted}.",
                    ProvenanceKind.USER_STATED,
                    event.index,
                    language=_named_language(sentence) or language,
                    tags=["accepted"],
                    confidence=0.8,
                    rule="style-accepted",
                )
                continue
            if durable or (is_correction and _CORRECTION_RULE_RE.match(sentence)):
                if _APPROVAL_RE.match(sentence):
                    continue
                body = sentence[:MAX_RULE_CHARS].rstrip()
                body = body if body.endswith((".", "!", "?")) else body + "."
                yield Observation(
                    MemoryClass.REPO_RULE,
                    body[0].upper() + body[1:],
                    ProvenanceKind.USER_STATED,
                    event.index,
                    files=mentioned_paths(sentence),
                    confidence=0.9,
                    rule="user-rule",
                )


def _style_pair(sentence: str) -> tuple[str, str] | None:
    for pattern in _STYLE_RES:
        m = pattern.search(sentence)
        if m:
            good, bad = _clean_term(m.group("good")), _clean_term(m.group("bad"))
            if good and bad and good.lower() != bad.lower():
                return good, bad
    return None


def _accepted_style(sentence: str) -> str | None:
    """What an accepting follow-up says to keep doing, if it names it."""
    for pattern in _ACCEPTED_RES:
        m = pattern.match(sentence)
        if m:
            good = re.sub(r"\s+(?:here|there)$", "", _clean_term(m.group("good")), flags=re.IGNORECASE)
            if good and good.lower() not in {"it", "that", "this", "them", "going", "doing that", "doing this"}:
                return good
    return None


def _clean_term(term: str) -> str:
    term = term.strip().strip("\"'").strip()
    return re.sub(r"^(?:the|a|an)\s+", "", term, flags=re.IGNORECASE)


def _named_language(text: str) -> str | None:
    for word in re.findall(r"[A-Za-z#+]+", text.lower()):
        if word in SPOKEN and word != "go":  # "go" is too common a word to name a language
            return SPOKEN[word]
    return None


def is_approval(text: str) -> bool:
    """Whether the user's words approve a proposed plan ("approved", "lgtm", "go ahead" ...)."""
    return bool(_APPROVAL_RE.match(text))


def _approved_later(transcript: Transcript, after: int) -> bool:
    return any(e.index > after and _APPROVAL_RE.match(e.text) for e in transcript.of("correction", "prompt"))


def _from_plans(transcript: Transcript, changed: list[str]) -> Iterator[Observation]:
    for event in transcript.of("plan"):
        text = event.text
        if not text.strip() or not (event.get("approved") is True or _approved_later(transcript, event.index)):
            continue
        decision = _DECISION_LINE_RE.search(text)
        rationale = _RATIONALE_RE.search(text)
        headline = decision.group("text") if decision else _first_line(text)
        body = headline.strip().rstrip(".")
        body = body[:1].upper() + body[1:] + "."
        if rationale:
            body += f" Rationale: {rationale.group('text').strip().rstrip('.')}."
        plan_files = mentioned_paths(text) or changed[:8]
        ref = event.get("ref") or f"transcript:{transcript.session_id}#{event.index}"
        yield Observation(
            MemoryClass.DECISION,
            body,
            ProvenanceKind.AGENT_INFERRED,  # the agent's text, which the user approved: still checked by policy
            event.index,
            files=plan_files,
            tags=["approved-plan"],
            source_plan=str(ref),
            edges=[{"type": "decision->file", "target": f"file:{p}"} for p in plan_files],
            title=headline.strip()[:120],
            confidence=0.9,
            rule="approved-plan",
        )


def _first_line(text: str) -> str:
    for line in text.splitlines():
        line = line.strip().lstrip("#").strip()
        if line and not line.lower().startswith(("plan", "rationale", "why")):
            return line
    return text.strip().splitlines()[0]


def _from_remember_lines(transcript: Transcript, language: str | None) -> Iterator[Observation]:
    for event in transcript.of("output"):
        for line in event.text.splitlines():
            m = _REMEMBER_RE.match(line)
            if not m:
                continue
            label, text = m.group(1).lower(), m.group(2).strip()
            cls_name, _, lang = label.partition("/")
            cls = MemoryClass(cls_name)
            yield Observation(
                cls,
                text,
                ProvenanceKind.AGENT_INFERRED,
                event.index,
                language=(lang or language) if cls is MemoryClass.STYLE else None,
                files=mentioned_paths(text),
                prevent_next_time=[text] if cls is MemoryClass.FAILURE else [],
                confidence=0.7,
                rule="remember-line",
            )


@dataclass
class _Attempts:
    command: str
    calls: list[tuple[Event, Event | None]] = field(default_factory=list)

    @property
    def failures(self) -> list[tuple[Event, Event | None]]:
        return [(c, r) for c, r in self.calls if r is not None and not succeeded(r)]


def succeeded(result: Event) -> bool:
    """A tool result is a failure only when it says so (``ok: false`` or a non-zero exit code)."""
    code = result.get("exitCode")
    return result.get("ok") is not False and code in (None, 0)


def tool_attempts(transcript: Transcript) -> dict[str, _Attempts]:
    """Tool calls grouped by what they ran (command, or tool name), each with its result."""
    groups: dict[str, _Attempts] = {}
    by_call: dict[str, Event] = {}
    pending: list[Event] = []
    results: dict[int, Event] = {}
    for event in transcript.events:
        if event.type == "tool_call":
            pending.append(event)
            if event.get("callId"):
                by_call[str(event.get("callId"))] = event
        elif event.type == "tool_result":
            call = by_call.get(str(event.get("callId"))) if event.get("callId") else None
            if call is None:
                call = next((c for c in reversed(pending) if c.index not in results), None)
            if call is not None:
                results[call.index] = event
    for call in pending:
        key = command_of(call) or str(call.get("tool") or "tool")
        groups.setdefault(key, _Attempts(key)).calls.append((call, results.get(call.index)))
    return groups


def _from_tools(transcript: Transcript, changed: list[str]) -> tuple[list[Observation], list[str]]:
    out: list[Observation] = []
    loops: list[str] = []
    for key, attempts in tool_attempts(transcript).items():
        failures = attempts.failures
        if not failures or _harmless(key):
            continue
        cmd = short_command(key)
        first_call, first_result = failures[0]
        sig = error_signature(str(first_result.get("output") or "")) if first_result else None
        why = f" ({sig})" if sig else ""
        last_ok = attempts.calls[-1][1] is not None and succeeded(attempts.calls[-1][1])  # type: ignore[arg-type]
        files = changed[:3]
        streak = _longest_failure_streak(attempts)
        if streak >= LOOP_THRESHOLD:
            loops.append(key)
            outcome = "before it passed" if last_ok else "and kept failing"
            body = f"`{cmd}` was retried {streak} times in a row in one run {outcome}{why}."
            prevent = [f"After two identical failures of `{cmd}`, stop retrying: read the error and change approach."]
        elif last_ok:
            where = f" until {', '.join(files)} {'was' if len(files) == 1 else 'were'} changed" if files else ""
            body = f"`{cmd}` failed{why}{where}."
            prevent = [f"Run `{cmd}` after changing {', '.join(files)}." if files else f"Run `{cmd}` before finishing."]
        else:
            body = f"`{cmd}` failed{why} and was not fixed in the run."
            prevent = [f"Find out why `{cmd}` fails before relying on it."]
        out.append(
            Observation(
                MemoryClass.FAILURE,
                body,
                ProvenanceKind.TOOL_OUTPUT if first_result else ProvenanceKind.AGENT_INFERRED,
                first_call.index,
                prevent_next_time=prevent,
                files=files,
                edges=[{"type": "failure->file", "target": f"file:{p}"} for p in files],
                tags=["loop"] if key in loops else [],
                confidence=0.85,
                rule="repeated-loop" if key in loops else "tool-failure",
            )
        )
        if len(out) >= MAX_FAILURES:
            break
    return out, loops


def _longest_failure_streak(attempts: _Attempts) -> int:
    """Failed attempts in a row: a loop is the same failure retried, not the same command failing now and then."""
    longest = current = 0
    for _, result in attempts.calls:
        current = current + 1 if result is not None and not succeeded(result) else 0
        longest = max(longest, current)
    return longest


def _harmless(command: str) -> bool:
    """Commands whose non-zero exit means "no match", not failure (grep, test, diff ...)."""
    try:
        first = shlex.split(command)[0] if command.strip() else ""
    except ValueError:
        first = command.split()[0] if command.split() else ""
    return os.path.basename(first) in _NOT_FAILURES


def _from_dependencies(transcript: Transcript) -> Iterator[Observation]:
    for key, attempts in tool_attempts(transcript).items():
        last = attempts.calls[-1][1]
        m = _DEPENDENCY_RE.match(key.strip())
        if not m or last is None or not succeeded(last):
            continue
        names = [t for t in (m.group(m.lastgroup or "a") or "").split() if not t.startswith("-")][:5]
        if not names:
            continue
        yield Observation(
            MemoryClass.FACT,
            f"The project depends on {', '.join(names)} (added with `{short_command(key)}`).",
            ProvenanceKind.TOOL_OUTPUT,
            attempts.calls[-1][0].index,
            confidence=0.85,
            rule="dependency",
        )


_PY_TESTS = r"^(?P<dir>(?:.*/)?tests?)/(?:.*/)?"
_TEST_FILE_RES = [
    (re.compile(_PY_TESTS + r"test_[^/]+\.py$"), "Python tests live in {dir}/ as test_*.py files."),
    (re.compile(_PY_TESTS + r"[^/]+_test\.py$"), "Python tests live in {dir}/ as *_test.py files."),
    (re.compile(r"^(?:.*/)?[^/]+\.(?P<kind>test|spec)\.(?P<ext>[jt]sx?|mjs)$"),
     "Tests live alongside source as *.{kind}.{ext} files."),
    (re.compile(r"^(?:.*/)?[^/]+_test\.go$"), "Go tests live alongside source as *_test.go files."),
    (re.compile(r"^(?P<dir>(?:.*/)?tests)/[^/]+\.rs$"), "Rust integration tests live in {dir}/."),
]  # fmt: skip


def _test_layout(transcript: Transcript) -> Iterator[Observation]:
    """A convention the run's new files show: where tests go and how they are named."""
    seen: set[str] = set()
    for event in transcript.of("files_changed"):
        for f in event.get("files") or []:
            if not isinstance(f, dict) or f.get("status") not in ("A", "??", "AM"):
                continue
            path = str(f.get("path", ""))
            for pattern, template in _TEST_FILE_RES:
                m = pattern.match(path)
                if not m:
                    continue
                body = template.format(**m.groupdict())
                if body not in seen:
                    seen.add(body)
                    yield Observation(
                        MemoryClass.FACT,
                        body,
                        ProvenanceKind.TOOL_OUTPUT,
                        event.index,
                        files=[path],
                        edges=[{"type": "fact->file", "target": f"file:{path}"}],
                        confidence=0.8,
                        rule="test-layout",
                    )
                break


def _from_verification(transcript: Transcript, changed: list[str]) -> Iterator[Observation]:
    verifies = list(transcript.of("verify"))
    if verifies:
        failed = [v for v in verifies if v.get("exitCode") not in (0, None)]
        for v in failed[:MAX_FAILURES]:
            cmd = short_command(str(v.get("command") or ""))
            sig = error_signature(str(v.get("output") or ""))
            yield Observation(
                MemoryClass.FAILURE,
                f"Verification `{cmd}` failed after the agent's run{f' ({sig})' if sig else ''}.",
                ProvenanceKind.TOOL_OUTPUT,
                v.index,
                prevent_next_time=[f"Run `{cmd}` and make it pass before finishing a change."],
                files=changed[:3],
                edges=[{"type": "failure->file", "target": f"file:{p}"} for p in changed[:3]],
                confidence=0.9,
                rule="verify-failure",
            )
        if not failed:
            yield _workflow([str(v.get("command")) for v in verifies], verifies[0].index, "verify-passed")
        return
    checks = []
    for key, attempts in tool_attempts(transcript).items():
        last = attempts.calls[-1][1]
        if _CHECK_RE.match(key.strip()) and last is not None and succeeded(last):
            checks.append((attempts.calls[-1][0].index, key))
    if checks:
        checks.sort()
        yield _workflow([k for _, k in checks[:4]], checks[0][0], "checks-passed")


def _workflow(commands: list[str], index: int, rule: str) -> Observation:
    shown = [f"`{short_command(c)}`" for c in commands]
    body = (
        f"Verify changes with {shown[0]}."
        if len(shown) == 1
        else f"Verify changes in this order: {', then '.join(shown)}."
    )
    return Observation(
        MemoryClass.WORKFLOW, body, ProvenanceKind.TOOL_OUTPUT, index, confidence=0.85, rule=rule, tags=["verification"]
    )


def _injection_attempts(transcript: Transcript) -> Iterator[Observation]:
    """Instruction-like text in tool output: surfaced (so policy quarantines it), never obeyed."""
    seen: set[str] = set()
    for event in transcript.of("tool_result"):
        output = str(event.get("output") or "")
        if not hijack_reason(output):
            continue
        for line in output.splitlines():
            line = line.strip()
            if line and line not in seen and planted_instruction(line):
                seen.add(line)
                yield Observation(
                    MemoryClass.REPO_RULE,
                    line[:MAX_RULE_CHARS],
                    ProvenanceKind.TOOL_OUTPUT,
                    event.index,
                    title="Instruction-like text seen in tool output",
                    confidence=0.2,
                    rule="tool-instruction",
                )


def _model_performance(transcript: Transcript, agent: str, loops: list[str]) -> Iterator[Observation]:
    """How the agent behaved: outcome categories only, so repeated runs reinforce one record each.
    Never the prompt, the output or any credential (the agent is named by its executable only)."""
    name = f"`{agent}`"
    reflection = transcript.first("reflection")
    index = reflection.index if reflection else (transcript.events[-1].index if transcript.events else 0)
    if loops:
        yield _perf(f"Agent {name} can get stuck retrying an identical failing command (3 or more times in one run).",
                    index, "agent-loop")  # fmt: skip
    code = reflection.get("exitCode") if reflection else None
    if isinstance(code, int) and code != 0:
        yield _perf(f"Agent {name} sometimes exits with an error before finishing the task.", index, "agent-exit")
    verifies = list(transcript.of("verify"))
    if any(v.get("exitCode") not in (0, None) for v in verifies):
        yield _perf(
            f"Agent {name} sometimes finishes with the workspace's verification failing.", index, "agent-unverified"
        )
    elif verifies and code == 0 and not loops:
        # Outcomes, not only faults: each such run reinforces this note (attributes.observations counts them).
        yield _perf(
            f"Agent {name} has finished runs with the workspace's verification passing.", index, "agent-verified"
        )


def _perf(body: str, index: int, rule: str) -> Observation:
    return Observation(
        MemoryClass.MODEL_PERFORMANCE, body, ProvenanceKind.TOOL_OUTPUT, index, confidence=0.9, rule=rule
    )
