"""The deterministic classifier: rules over a transcript -> candidate observations (offline).

Each rule reads one kind of evidence (``evidence.py``) and yields observations in one of the seven
classes (spec "Write pipeline"): the rules over the user's and the agent's words are here, those over
what the agent ran in ``tool_rules.py``. Whether an observation is stored, and how (quarantined,
reinforcing an older record), is decided later by policy.py and reinforce.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from picasso_tui.languages import SPOKEN, language_of
from picasso_tui.store.schema import MemoryClass
from picasso_tui.writeback.conversation import agreed_decisions
from picasso_tui.writeback.evidence import changed_files, mentioned_paths, sentences
from picasso_tui.writeback.observation import MAX_RULE_CHARS, Observation
from picasso_tui.writeback.outcomes import tool_failures
from picasso_tui.writeback.phrases import (
    ACCEPTED_STYLE,
    ALWAYS_VERB,
    APPROVAL,
    CORRECTION_RULE,
    DECISION_LINE,
    DURABLE,
    FOLLOW_UP,
    NOT_ORDERS,
    PER_REPO_TOOLS,
    QUESTION,
    RATIONALE,
    REMEMBER,
    REPO_SCOPED,
    RULE_ANYWHERE,
    STRIP_LEAD,
    STYLE_PAIRS,
    TASK_REQUEST,
)
from picasso_tui.writeback.policy import ProvenanceKind
from picasso_tui.writeback.test_output import printed_failures
from picasso_tui.writeback.tool_rules import (
    added_dependencies,
    injection_attempts,
    layout_of_new_tests,
    model_performance,
    verification_outcome,
)
from picasso_tui.writeback.transcript import Event, Transcript


def classify(transcript: Transcript, *, agent: str | None = None, language: str | None = None) -> list[Observation]:
    """Every candidate observation the rules find in ``transcript`` (deterministic, offline)."""
    files = changed_files(transcript)
    lang = _main_language_of(files) or language
    out: list[Observation] = []
    out += list(_from_user(transcript, lang))
    out += list(_from_plans(transcript, files))
    out += list(agreed_decisions(transcript))
    out += list(_from_remember_lines(transcript, lang))
    tool_obs, loops = tool_failures(transcript, files)
    out += tool_obs
    out += printed_failures(transcript, files)  # what plain output shows; never a failure tool_obs already has
    out += list(added_dependencies(transcript))
    out += list(layout_of_new_tests(transcript))
    out += list(verification_outcome(transcript, files))
    out += list(injection_attempts(transcript))
    if agent:
        out += list(model_performance(transcript, agent, loops))
    return out


def _main_language_of(files: list[str]) -> str | None:
    """The language most of the changed files are in; on a tie, the first such file's (a set's order would
    change from one process to the next, and with it where a style note is filed)."""
    langs = [lang for lang in (language_of(f) for f in files) if lang]
    return max(dict.fromkeys(langs), key=langs.count) if langs else None


def _user_texts(transcript: Transcript) -> Iterator[tuple[Event, bool]]:
    """The user's own words: the prompt and every follow-up correction (flag: is a correction). A prompt
    that opens like a correction ("No, use …", "Don't …") corrects the previous run: `picasso run` is
    how a CLI user follows up."""
    for event in transcript.of("prompt", "correction"):
        yield event, event.type == "correction" or bool(FOLLOW_UP.match(event.text))


def _from_user(transcript: Transcript, language: str | None) -> Iterator[Observation]:
    for event, is_correction in _user_texts(transcript):
        for sentence in sentences(event.text):
            found = _from_sentence(sentence, event, is_correction, language)
            if found:
                yield found


def _from_sentence(sentence: str, event: Event, is_correction: bool, language: str | None) -> Observation | None:
    """What one sentence of the user's teaches: a preference, a rule of the repository, or nothing."""
    durable = bool(DURABLE.match(sentence))
    ruled = durable or is_rule(sentence)
    # In a prompt, "use X instead of Y" is usually the task itself; it is a preference when it corrects the
    # agent or says it holds from now on.
    style = _style_pair(sentence) if is_correction or ruled else None
    if style and not _repo_scoped(sentence, *style):
        good, bad = style
        return Observation(
            MemoryClass.STYLE,
            f"Prefer {good} over {bad}.",
            ProvenanceKind.USER_STATED,
            event.index,
            language=_named_language(sentence) or language,
            prevent_next_time=[f"Avoid {bad}."],
            tags=["correction"] if is_correction else [],
            confidence=0.95 if is_correction else 0.85,
            rule="style-correction",
        )
    accepted = _accepted_style(sentence) if event.type == "correction" and not style else None
    if accepted:
        return Observation(
            MemoryClass.STYLE,
            f"Prefer {accepted}.",
            ProvenanceKind.USER_STATED,
            event.index,
            language=_named_language(sentence) or language,
            tags=["accepted"],
            confidence=0.8,
            rule="style-accepted",
        )
    if not (style or ruled or (is_correction and CORRECTION_RULE.match(sentence))) or APPROVAL.match(sentence):
        return None
    body = STRIP_LEAD.sub("", sentence, count=1)[:MAX_RULE_CHARS].rstrip() or sentence[:MAX_RULE_CHARS]
    body = body if body.endswith((".", "!", "?")) else body + "."
    return Observation(
        MemoryClass.REPO_RULE,
        body[0].upper() + body[1:],
        ProvenanceKind.USER_STATED,
        event.index,
        files=mentioned_paths(sentence),
        confidence=0.9,
        rule="user-rule",
    )


def is_rule(sentence: str) -> bool:
    """The sentence states a standing rule wherever its marker sits ("…, that's a rule in this repo",
    "we don't use unwrap() here", "never run npm install in this repo"); a question never does."""
    if sentence.rstrip().endswith("?") or QUESTION.match(sentence):
        return False
    if TASK_REQUEST.search(sentence):
        return False
    if any(p.search(sentence) for p in RULE_ANYWHERE):
        return True
    return any(m.group(1).lower() not in NOT_ORDERS and _base_form(m.group(1)) for m in ALWAYS_VERB.finditer(sentence))


def _base_form(word: str) -> bool:
    """``use``, ``run``, ``pass``: a verb as an order gives it; ``fails``, ``worked``, ``running`` report."""
    w = word.lower()
    return not (w.endswith(("ed", "ing")) or (w.endswith("s") and not w.endswith("ss")))


def _repo_scoped(sentence: str, good: str, bad: str) -> bool:
    """A choice the repository makes ("we use X here", a package manager), not the developer's everywhere."""
    tools = {w.lower() for w in re.findall(r"[\w-]+", f"{good} {bad}")}
    return bool(REPO_SCOPED.search(sentence)) or bool(tools & PER_REPO_TOOLS)


def _style_pair(sentence: str) -> tuple[str, str] | None:
    for pattern in STYLE_PAIRS:
        m = pattern.search(sentence)
        if m:
            good, bad = _clean_term(m.group("good")), _clean_term(m.group("bad"))
            if good and bad and good.lower() != bad.lower():
                return good, bad
    return None


def _accepted_style(sentence: str) -> str | None:
    """What an accepting follow-up says to keep doing, if it names it."""
    for pattern in ACCEPTED_STYLE:
        m = pattern.match(sentence)
        if m:
            good = re.sub(r"\s+(?:here|there)$", "", _clean_term(m.group("good")), flags=re.IGNORECASE)
            if good and good.lower() not in {"it", "that", "this", "them", "going", "doing that", "doing this"}:
                return good
    return None


def _clean_term(term: str) -> str:
    term = term.strip().strip("\"'").strip()
    term = re.sub(r"\s+(?:here|in this (?:repo|repository|project|codebase))$", "", term, flags=re.IGNORECASE)
    return re.sub(r"^(?:the|a|an)\s+", "", term, flags=re.IGNORECASE)


def _named_language(text: str) -> str | None:
    for word in re.findall(r"[A-Za-z#+]+", text.lower()):
        if word in SPOKEN and word != "go":  # "go" is too common a word to name a language
            return SPOKEN[word]
    return None


def is_approval(text: str) -> bool:
    """Whether the user's words approve a proposed plan ("approved", "lgtm", "go ahead" ...)."""
    return bool(APPROVAL.match(text))


def _approved_later(transcript: Transcript, after: int) -> bool:
    """Whether the user approved the plan at ``after``: an approval answers the latest plan before it only, so a
    plan superseded by a newer one before anybody said "lgtm" is not approved by that word."""
    approval = next(
        (e.index for e in transcript.of("correction", "prompt") if e.index > after and APPROVAL.match(e.text)), None
    )
    if approval is None:
        return False
    return not any(after < e.index < approval for e in transcript.of("plan"))


def _from_plans(transcript: Transcript, changed: list[str]) -> Iterator[Observation]:
    for event in transcript.of("plan"):
        text = event.text
        if not text.strip() or not (event.get("approved") is True or _approved_later(transcript, event.index)):
            continue
        decision = DECISION_LINE.search(text)
        rationale = RATIONALE.search(text)
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
            m = REMEMBER.match(line)
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
