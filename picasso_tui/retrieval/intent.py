"""Prompt-intent cues: does the prompt ask for something no stored memory of the workspace would change?

The relevance gate reads these first (``gate.py``): a task cue opens it, a no-memory cue shuts it.

The cue list was written from general English before the development set's prompts were read (only
the README of tests/eval, its five category names and a handful of quoted examples, were known),
committed as tests/eval/research/intent.py (8758f85) and moved here unchanged. It is not tuned on that
set: a pattern added after reading its misses would make every figure measured there optimistic, so a
new cue needs prompts from outside the set (tests/retrieval/test_intent.py holds the list to its
committed form). Categories of prompts a coding agent answers from general knowledge rather than from
project memory:

- explanation: "explain", "why does", "how does ... work", "what is a" ...
- usage: the prompt speaks as a user of the tool, not a developer of the repository ("as a user", "in my app")
- comparison: "compare", "versus", "vs", "pros and cons", "which is better" ...
- review: outside code pasted in ("this snippet", "from a tutorial", "is this a bug") ...
- writing: prose for people, not the repository ("blog post", "essay", "tweet", "slides") ...

and the opposite, task cues: imperative verbs of work on the repository ("fix", "add", "commit", "run the
tests") and "where"/"which file" questions, which usually need the workspace's memory.

Each cue is a regular expression over the lower-cased prompt. ``cues(prompt)`` returns the categories hit;
``deciding(prompt)`` the one the gate acts on and the words that matched it.
"""

from __future__ import annotations

import re

CUES: dict[str, tuple[str, ...]] = {
    "explanation": (
        r"\bexplain\w*\b",
        r"\bexplanation\b",
        r"^\s*why (?:do|does|did|is|are|was|were|would|should)\b",
        r"\bhow (?:does|do|did) .{1,60}\bwork\b",
        r"^\s*what(?: is|'s| are) (?:a|an|the)\b",
        r"\bwhat (?:does|do) .{1,40}\bmean\b",
        r"\bmeaning of\b",
        r"\bin (?:simple|plain|layman'?s?) terms\b",
        r"\beli5\b",
        r"\bintuition (?:behind|for)\b",
        r"\b(?:history|origin|origins) of\b",
        r"\bwhat happens (?:when|if|under)\b",
        r"\bunder the hood\b",
        r"\bconcept of\b",
        r"\bhelp me understand\b",
        r"\bteach me\b",
    ),
    "usage": (
        r"\bas an? (?:user|end[- ]user|beginner|newcomer|consumer)\b",
        r"\bin my (?:own )?(?:app|application|project|script|service|code ?base|website|site|notebook)\b",
        r"\bfor my (?:own )?(?:app|application|project|script|service|website|site|team|company)\b",
        r"\bhow (?:can|do|should) i use\b",
        r"\bhow to use\b",
        r"\bgetting started with\b",
        r"\bi'?m new to\b",
        r"\bin production\b",
    ),
    "comparison": (
        r"\bcompar(?:e|ed|es|ing|ison)\b",
        r"\bversus\b",
        r"\bvs\.?\b",
        r"\bpros and cons\b",
        r"\btrade-?offs?\b",
        r"\bwhich (?:is|one is|would you) (?:better|faster|best|recommend)\b",
        r"\bbetter than\b",
        r"\balternatives? to\b",
        r"\bdifferences? between\b",
        r"\bshould i (?:choose|pick|use|go with)\b",
    ),
    "review": (
        r"\bis (?:this|that|it) (?:a bug|correct|right|wrong|safe|idiomatic|ok|okay|fine)\b",
        r"\bwhat'?s wrong with (?:this|that|my)\b",
        r"\b(?:this|that|the following) (?:snippet|code|function|example|pattern|loop|query)\b.{0,40}\b(?:from|found|i saw|i wrote)\b",  # noqa: E501
        r"\bfrom (?:a|an|the|some) (?:tutorial|blog|book|course|article|stack ?overflow|answer|gist)\b",
        r"\bstack ?overflow\b",
        r"\bfound (?:this )?online\b",
        r"\bcritique\b",
        r"\breview (?:this|the following|my) (?:snippet|code|function|example|essay|draft)\b",
    ),
    "writing": (
        r"\bblog(?: post)?\b",
        r"\barticle\b",
        r"\bessay\b",
        r"\btweet\b|\bthread for (?:twitter|x|mastodon|bluesky)\b",
        r"\blinkedin\b",
        r"\bnewsletter\b",
        r"\bpoem\b|\bhaiku\b|\blimerick\b",
        r"\bslides?\b|\bslide deck\b|\bpresentation\b|\btalk abstract\b",
        r"\bcover letter\b|\bjob (?:post|posting|description)\b",
        r"\bmarketing\b|\bpress release\b",
        r"\b(?:an|a short|a brief) (?:intro|introduction|overview|summary) (?:to|of|for|about)\b",
        r"\bexplainer\b",
        r"\bfor (?:beginners|newcomers|non-?technical|my manager|a general audience)\b",
        r"\binterview questions?\b",
    ),
    "task": (
        r"^\s*(?:please\s+)?(?:fix|add|remove|delete|rename|refactor|implement|update|bump|upgrade|commit|push|"
        r"merge|rebase|release|publish|ship|deploy|run|test|lint|format|build|install|migrate|move|split|"
        r"wire|hook|port|change|make|create|open|set up|setup|configure|regenerate|generate|debug|profile|"
        r"benchmark|document|revert|backport|tag|cut|prepare|finish|clean up|cleanup)\b",
        r"\b(?:where|which file|which folder|which directory|which module|which package) (?:do|does|should|is|are|can)\b",  # noqa: E501
        r"\bwhere(?:'s| is| are| do| does| should)\b",
        r"\b(?:open|file|send|create|submit) (?:a|the) (?:pr|pull request|issue|patch)\b",
        r"\bbefore (?:i|we) (?:push|commit|merge|open|send|submit|release)\b",
        r"\b(?:failing|fails|failed|broke|broken|crash(?:es|ed)?|flaky)\b",
        r"\bci\b",
    ),
}

_COMPILED = {name: [re.compile(p) for p in patterns] for name, patterns in CUES.items()}
NO_MEMORY = ("explanation", "usage", "comparison", "review", "writing")


def _normal(prompt: str) -> str:
    return " ".join(prompt.lower().replace("\u2019", "'").split())


def cues(prompt: str) -> set[str]:
    text = _normal(prompt)
    return {name for name, patterns in _COMPILED.items() if any(p.search(text) for p in patterns)}


def no_memory_intent(prompt: str) -> bool:
    """A cue of a prompt that rarely needs memory, and no cue of work on the repository."""
    hit = cues(prompt)
    return bool(hit & set(NO_MEMORY)) and "task" not in hit


def deciding(prompt: str) -> tuple[str, str] | None:
    """The cue the gate acts on, as (category, the words that matched): a task cue before any other (it
    opens the gate whatever else the prompt says), then the no-memory categories in ``NO_MEMORY`` order;
    None when no cue matches. Stops at the first match."""
    text = _normal(prompt)
    for name in ("task", *NO_MEMORY):
        for pattern in _COMPILED[name]:
            if (m := pattern.search(text)) is not None:
                return name, m.group(0).strip()
    return None
