"""The phrasings the rules recognise in the user's and the agent's words: a ``remember(...)`` line, a
style preference or its acceptance, a durable rule, a correction, an approval, a plan's decision and
rationale."""

from __future__ import annotations

import re

REMEMBER = re.compile(
    r"^\s*(?:picasso[ -])?remember\s*\(\s*(fact|decision|workflow|failure|repo_rule|style(?:/[\w+#.-]+)?)\s*\)"
    r"\s*:\s*(.+)$",
    re.IGNORECASE,
)
_TERM = r"[^,;]{1,60}?"
_END = r"\s*(?:[.;!:](?:\s|$)|\s[—–-]+\s|\s\(|$)"
STYLE_PAIRS = [
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
ACCEPTED_STYLE = [
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
# What a user puts before the point of a sentence: "No, don't …", "Yeah — always …", "Also run …".
LEAD = (
    r"(?:(?:no|nope|yes|yeah|yep|ok|okay|sure|right|oh|actually|thanks|thank you|great|nice|good|perfect|note)"
    r"\s*[,.:!—–-]+\s*|(?:also|and|please|but|so)\s+)*"
)
DURABLE = re.compile(
    rf"^\s*{LEAD}(?:always|never(?!\s+mind)|from now on|going forward|as a rule|"
    r"in this repo(?:sitory)?|in this project|for this repo)\b",
    re.IGNORECASE,
)
CORRECTION_RULE = re.compile(rf"^\s*{LEAD}(?:don'?t|do not|stop|make sure|you must)\b", re.IGNORECASE)
# A rule whose marker is not at the start of the sentence ("keep CHANGELOG.md updated …, that's a rule in this
# repo", "we don't use unwrap() in library code here", "every change here needs a changelog entry").
_SCOPE = r"(?:here|in this (?:repo(?:sitory)?|project|codebase|code base|crate|package|monorepo|workspace))"
RULE_ANYWHERE = [
    re.compile(r"\b(?:from now on|going forward|from here on|as a rule)\b", re.IGNORECASE),
    re.compile(
        r"\b(?:that'?s|that is|it'?s|it is|this is)\s+(?:a|the|our)\s+(?:\w+\s+)?(?:rule|convention|policy)"
        r"(?=\s*(?:[.,;:!)—–-]|$|(?:here|in|for|we|of this)\b))|"
        rf"\bthe (?:rule|convention) {_SCOPE}",
        re.IGNORECASE,
    ),
    re.compile(
        r"\bwe\s+(?:don'?t|do\s+not|never|always|only)\s+(?!know\b|understand\b|see\b|have\b|get\b|care\b|need\b|"
        r"think\b|remember\b|seem\b|actually\b|mind\b|want\b|really\b)\w+",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\bwe\s+(?:use|prefer|stick with|go with)\b[^.;!?]{{1,60}}?(?:\b{_SCOPE}|,?\s+not\b|\binstead of\b|"
        r"\brather than\b)",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\b(?:every|each|all|any)\s+(?:[\w-]+\s+){{0,3}}{_SCOPE}\s+(?:also\s+)?"
        r"(?:needs?|must|should|has to|have to|requires?|goes|go|lives?)\b",
        re.IGNORECASE,
    ),
    # "(Also) run `x` before you're done — CI runs it", "check lint with `ruff` before you finish, that's what CI does"
    # (it names a check: "run the migration before you're done" is the task's last step, not a rule)
    re.compile(
        rf"^\s*{LEAD}(?:run|use|check|format|lint|test|keep)\b(?=.{{0,200}}?(?:`|\b(?:tests?|lint\w*|format\w*|"
        r"type-?check\w*|checks?|specs?|build|CI|clippy|vet|mypy)\b)).{0,200}?(?:\bbefore\s+(?:you(?:'re| are)?\s+"
        r"(?:done|finish\w*)|finishing|committing|you commit|pushing|you push|merging|opening a (?:PR|pull request))|"
        r"\bCI\s+(?:runs|does|checks|enforces|requires)\b|\bwhat CI (?:does|runs)\b)",
        re.IGNORECASE,
    ),
]
# A request to change what is there ("we use requests here, can you switch to httpx") states the task, not a rule:
# only a marker at the start of the sentence makes it one.
TASK_REQUEST = re.compile(
    r"\b(?:can|could|would|will) you\b|\b(?:switch|migrate|move|convert|port|change)\s+(?:\w+\s+){0,3}(?:to|from)\b|"
    r"\breplace\b|\bget rid of\b",
    re.IGNORECASE,
)
# "always use …", "never run …": the word after is an order's verb, not a report ("it always fails").
# It is an order where a clause starts ("…, never run npm install"), or after "you"/"we"/a modal ("we always
# squash", "you should never push"); after another subject it reports ("I always get a timeout").
ALWAYS_VERB = re.compile(
    r"(?:^|[,;:(—–-]\s*|\b(?:and|but|so|please|just|also|then|you|we|should|must|to)\s+)"
    r"(?:always|never)\s+(?:\w+ly\s+)?(?!mind\b)([a-z]+)\b",
    re.IGNORECASE,
)
NOT_ORDERS = frozenset(
    {"had", "did", "was", "were", "is", "are", "got", "went", "came", "made", "took", "ran", "been", "saw", "knew",
     "seemed", "worked", "happens", "the", "a", "an", "this", "that", "it", "there", "when", "if", "in", "on", "at"}
)  # fmt: skip
# Where a "use X, not Y" choice is the repository's, not the developer's everywhere: the sentence says so, or
# the choice is of a package manager or build tool.
REPO_SCOPED = re.compile(rf"\b(?:we|our|us)\b|\b{_SCOPE}\b|\bthis (?:repo|project|codebase|workspace)\b", re.I)
PER_REPO_TOOLS = frozenset(
    {"npm", "pnpm", "yarn", "bun", "pip", "pipenv", "poetry", "uv", "pdm", "conda", "cargo", "bundler", "bundle",
     "gem", "maven", "mvn", "gradle", "make", "rake", "just", "bazel", "nx", "turbo", "lerna"}
)  # fmt: skip
# A question, with or without its mark: "should we always retry on timeouts".
QUESTION = re.compile(
    rf"^\s*{LEAD}(?:should|shall|can|could|would|will|do|does|did|is|are|was|were|must)\s+"
    r"(?:we|i|you|it|they|this|that|there)\b",
    re.IGNORECASE,
)
STRIP_LEAD = re.compile(rf"^\s*{LEAD}", re.IGNORECASE)
APPROVAL = re.compile(
    r"^\s*(?:approved?|lgtm|looks good|ship it|go ahead|sounds good|yes[,!.]?\s*(?:do it|go ahead|proceed|approved)|"
    r"plan approved|proceed)\b",
    re.IGNORECASE,
)
DECISION_LINE = re.compile(
    r"^\s*(?:[-*#>]+\s*)?(?:\*\*)?(?:decision|chosen approach|approach|we will|we'll|choose|chose|go with)"
    r"(?:\*\*)?\s*[:—-]?\s*(?:\*\*)?\s*(?P<text>.+)$",
    re.IGNORECASE | re.MULTILINE,
)
RATIONALE = re.compile(
    r"^\s*(?:[-*>]+\s*)?(?:\*\*)?(?:rationale|why|because|reason)(?:\*\*)?\s*[:—-]\s*(?:\*\*)?\s*(?P<text>.+)$",
    re.IGNORECASE | re.MULTILINE,
)
FOLLOW_UP = re.compile(
    r"^\s*(?:no\b|nope\b|don'?t\b|do not\b|stop\b|instead\b|actually\b|wrong\b|that'?s (?:wrong|not)\b|"
    r"not like that\b|please don'?t\b)",
    re.IGNORECASE,
)
# A command the user tells the agent to run, in backticks: "also run `bundle exec rake internal_investigation`",
# "run just the unit tests (`./gradlew :clients:unitTest`)", "check lint with `ruff check`".
NEGATED = re.compile(r"\b(?:never|don'?t|do not|stop|no longer|avoid)\s+(?:\w+\s+)?$", re.IGNORECASE)
RUN_NAMED = re.compile(r"\b(?:run|check|verify|test|lint)\w*\b[^.`\n]{0,40}`([^`\n]{2,160})`", re.IGNORECASE)
# The agent recommending an approach, and the user agreeing in their next message (conversation.py).
PROPOSAL = re.compile(
    r"\b(?:I(?:'d| would)?\s+(?:suggest|propose|recommend)(?:\s+that)?(?:\s+we)?|I'd\s+(?:go with|pick|choose)|"
    r"my\s+recommendation(?:\s+is)?|I\s+think\s+(?:we|you)\s+should|"
    r"the\s+(?:better|cleaner|simpler|safer)\s+(?:option|approach|choice|fix)\s+is(?:\s+to)?)\b\s*:?",
    re.IGNORECASE,
)
AGREEMENT = re.compile(
    r"^\s*(?:yes|yep|yeah|ok|okay|sure|agreed|sounds (?:good|right)|makes sense|do it|let'?s do (?:it|that)|"
    r"let'?s go with|go (?:with|for) (?:it|that|this|your|the))\b",
    re.IGNORECASE,
)
REASON = re.compile(
    r"^\s*(?:it|this|that)\s+(?:keeps|gives|avoids|composes|means|lets|makes)\b|\b(?:because|since|so that)\b",
    re.IGNORECASE,
)
# A recommendation decides between ways of doing something, or says why: "I'd suggest running the suite next"
# proposes the next step, not a decision.
CHOICE = re.compile(
    r"\b(?:instead of|rather than|versus|vs\.?|than|options?|approaches|alternatives?|either|two ways|trade-?offs?)\b",
    re.IGNORECASE,
)
