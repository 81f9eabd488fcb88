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
_END = r"\s*(?:[.;!](?:\s|$)|$)"
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
DURABLE = re.compile(
    r"^\s*(?:(?:please|and|also|note)[,:]?\s+)?(?:always|never(?!\s+mind)|from now on|going forward|as a rule|"
    r"in this repo(?:sitory)?|in this project|for this repo)\b",
    re.IGNORECASE,
)
CORRECTION_RULE = re.compile(r"^\s*(?:no[,.!]\s*)?(?:don'?t|do not|please don'?t|stop|make sure|you must)\b", re.I)
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
