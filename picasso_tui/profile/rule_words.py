"""The words that make a sentence of a contributor guide a rule for changing code, and the ones that make it
something else (onboarding, thanks, security reporting, an example, a sentence that needs the one before it)."""

from __future__ import annotations

import re

TEST_RULE = re.compile(
    r"^(please\s+)?(add|include|write|update|provide|extend)\b.{0,60}\btests?\b|\btests? (that|which) fails?\b",
    re.IGNORECASE,
)
"""An instruction about tests ("Include tests that fail without your changes"): a rule even in prose."""
CHANGELOG_RULE = re.compile(
    r"^(please\s+)?(add|include|write|update|append|create)\b.{0,50}"
    r"\b(change ?log|CHANGES|HISTORY|NEWS|release notes?)\b",
    re.IGNORECASE,
)
"""An instruction to record the change ("Add a line to CHANGELOG.md"): a rule even in prose."""

NORMATIVE = re.compile(
    r"\b(must|should|shall|ought to|needs? (?:to|a|an)|have to|has to|(?:is|are) required|we require|we expect|"
    r"is expected|are expected|make sure|ensure|please (?:run|use|add|update|follow|open|keep|write|include|sign|"
    r"rebase|make|read|test|check|describe|reference|squash|avoid|do not|don't|format|document)|do not|don't|"
    r"\d+\s?% (?:test |code )?coverage|(?:complete|full) (?:code |test )?coverage|follow(?:s|ing)? (?:the )?PSR-\d+|"
    r"please submit|(?:it's|it is) (?:always |usually |generally )?(?:best|better|a good idea|recommended|preferred) "
    r"to|"
    r"(?:not|no longer) accept(?:ing|ed)?|(?:will|do|does) not accept|(?:will|would|shall) not be accept(?:ing|ed)|"
    r"(?:will|would) be (?:gladly |happily )?accepted|(?:we|I) (?:recommend|prefer|ask)|"
    r"(?:we|I) only (?:accept|take|merge|review)|"  # faker's "We only accept providers that are useful for general use"
    r"(?:is|are) (?:strongly |highly )?(?:recommended|encouraged|preferred)|"
    r"(?:is|are) (?:strictly |not )?(?:prohibited|forbidden|not allowed|not permitted)|"
    r"will (?:immediately |be )?(?:be )?(?:banned|blocked|closed without)|"  # chezmoi: an LLM's use gets you banned
    r"requires? (?:a )?(?:code )?review)\b",
    re.IGNORECASE,
)
IMPERATIVE = re.compile(
    r"^(also\s+|please\s+)?(no|only|start|add|avoid|branch|check|create|describe|document|don't|do not|ensure|"
    r"follow|format|include|keep|lint|make|never|always|open|prefer|put|rebase|reference|run|send|sign|squash|submit|test|update|use|write|wrap|limit|"
    r"place|prefix|name|mark|declare|register|honou?r|respect|adhere to|stick to|comply with|remember to)\b",
    re.IGNORECASE,
)
NOT_A_CODE_RULE = re.compile(
    r"\b(thanks?|thank you|welcome|appreciate|code of conduct|discord|slack|gitter|forum|mailing list|twitter|"
    r"stack ?overflow|sponsor\w*|donat\w*|2fa|two[- ]factor|authenticat\w+ app|account|sign up|"
    r"first[- ]time contrib\w*|good first issue|fork (?:the|this|it)|git clone|clone (?:the|this|your)|"
    r"download the sources|install (?:go|rust|node|python|git)\b|"
    r"join (?:the|our)|npm owner|become a (?:member|collaborator)|onboard\w*|offboard\w*|this (?:guide|document)|"
    r"(?:do not|don't) (?:be discouraged|hesitate|worry)|feel free|disclosure|vulnerabilit\w*|uphold|"
    r"security (?:issue|report|bug)s?|exploits?\b|"  # faker's "Note for AI Tools" is about security reports
    r"(?:everyone|anyone|you) (?:is|are) (?:encouraged|welcome|invited) to (?:help|contribute)|"
    r"(?:fields?|sections?|questions?|checklist) (?:below|above)|the following (?:checklist|template|fields?)\b|"
    r"(?:further|following|next|later) sections?\b|"
    r"\b(?:a few|some|several) (?:small |simple )?(?:guidelines|rules|things)\b.{0,30}\bfollow\b|"
    r"security (?:policy|bug report\w*|reports?)|found an? (?:bug|problem)|"
    r"issues? (?:should|must) (?:always )?(?:have|include|contain)|"
    r"^you should (?:now )?(?:see|get|have|be able))",  # what a step shows ("You should see a green message")
    re.IGNORECASE,
)
OFF_TOPIC_HEADING = re.compile(
    r"\b(report\w*|bugs?|issues?|questions?|support|community|links|resources|thanks|acknowledg\w*|sponsor\w*|"
    r"help|security|contact|onboarding|offboarding|members?|governance|team|chat|releas\w*|set ?up|prerequisites|"
    r"installation|setting up|environment|editors?|vs ?code|visual studio|ides?|maintainers?[- ]only|"
    r"cit(e|ing|ations?))\b",  # qupath's "Citing QuPath" asks users of the software to cite its paper
    re.IGNORECASE,
)
ILLUSTRATES = re.compile(
    r"^(for example|for instance|e\.g\.|the reason(?:ing)? (?:is|being)|this (?:is|means) (?:because|why))\b", re.I
)
"""An example or the explanation of the rule before it, not a rule of its own."""
SUBORDINATE = re.compile(r"^(before|after|when|once|whenever|if|during)\b[^,:]{0,80}[,:]\s*", re.IGNORECASE)
"""The clause before an instruction ("Before submitting a pull request, check …", "If your change modifies the
behaviour, update the changelog"): the instruction follows it."""
REVIEWING = re.compile(r"\breview(?:ing|ers?)\b", re.IGNORECASE)
"""Guidance for reviewing others' pull requests is not a rule for changing code."""
ABOUT_CODE = re.compile(r"\b(pull requests?|PRs?|patch(es)?|commits?|code|tests?|branch|changes?)\b", re.IGNORECASE)


REFERS_BACK = re.compile(
    r"^(\S+\s+){0,3}(these|those|this|they|them|it)\b|"
    r"^(therefore|thus|hence|as such|consequently|for (this|that) reason|(that|this) way|as a result)\b|"
    r"^(however|but|instead|otherwise)\b|^(in )?(all )?(other|either|both|such|that|this|which) (cases?|contexts?)\b|"
    r"^if (not|so)\b|\b(do|doing|did|done) (that|so)\b|"
    r"^that (?!is\b|said\b|way\b|being\b)[a-z]+ [a-z]+|"
    r"\b(here|there)\W*$|^(\S+\s+){0,12}(those|these|such) (?!steps|instructions|guidelines|rules|commands)\w+",
    re.IGNORECASE,
)
"""A sentence that needs the one before it: "Make sure these are free", "New features should branch off here",
"Before doing so, …", "If not, more steps are required"."""


POINTS_ELSEWHERE = re.compile(
    r"\b(in|from|of|at|for) steps? \d+\b|\bsteps \d+ (to|and|-|–) ?\d+\b|\b(above|previous) command\b|"
    r"`[^`]*\.{3,}[^`]*`\s+again\b",
    re.IGNORECASE,
)
"""A step that names another by number or "the above command" (waitress' "rebuild them as indicated in step 5"): cut
out of its list it points at nothing."""
POINTS_AHEAD = re.compile(
    r"\b(the following|as follows|(listed|shown|given) below|see below|(follow|take) these steps|"
    r"(like|as) (below|this)(?=\W*$)|"  # zipkin's "it should have a header like below": the header is not kept
    r"(conventions|rules|steps) (need|needs|have|has|must) to be followed|"
    r"(some|a few|several|few) (things|points|notes) (that )?(you (should|need to|must)|to) (know|keep in mind))\b",
    re.IGNORECASE,
)
"""A sentence whose object comes after it ("The following must pass before we accept a pull request", then a code
block; marked's "some things you should know regarding the test harness", then a table): alone it says nothing."""
DANGLING = re.compile(
    r"\b(to|the|a|an|and|or|your|that|we recommend|recommended|following|such as|by using|using|with|via)$", re.I
)
"""The last word of a line cut mid-sentence ("… and the tests you ran to", toml's "For code organization, we
recommend" before the list it leads into)."""
POINTS_TO_GUIDE = re.compile(
    r"^(please )?(follow|read|see|refer to|check( out)?|consult) (the |our )?"
    r"\[?(contribut\w*( guide(lines)?| guide| docs?)?|CONTRIBUTING(\.md)?|(AGENTS|CLAUDE)(\.md)?)\]?( file)?"
    r"( (if|before|when) you (wish|want|would like|plan|intend|are planning) to contribute\b[^.]*)?\.?$",
    re.IGNORECASE,
)
"""A line that only points to the contributor guide or another agent file, whose own rules are their own memory
(ansible-lint's README: "Please read Contribution guidelines if you wish to contribute."; knip's
copilot-instructions.md: "See AGENTS.md.")."""
POINTS_TO_LINKED_GUIDE = re.compile(
    r"^(if you (would like|want|wish|plan) to contribute[\w ]*, )?(please )?"
    r"(follow|read|see|refer to|check( out)?|consult)\b[^.()]*\((\.?/)?(\.github/|docs/)?"
    r"(CONTRIBUT\w*|DEVELOP\w*)(\.(md|rst|txt|adoc))?\)\.?$",
    re.IGNORECASE,
)
"""The same pointer with the guide's file after its link words (tianshou's README: "please check out this link
(CONTRIBUTING.md)"; openrouteservice's "please follow the steps outlined in our CONTRIBUTION guidelines
(CONTRIBUTE.md)")."""
INVITES = re.compile(r"\b(ways|things) (?:that )?(?:you|to) (?:can )?(?:help|contribute|get involved)\b[^:]*:$", re.I)
"""The list after it ("Here are a few ways you can help: report bugs; write documentation") invites, it sets no rule."""
REPORTS = re.compile(
    r"\b(if|when) you\b[^.:]{0,60}\b(found|find|have|hit|run into)\b[^.:]{0,50}"
    r"\b(bugs?|feature requests?|questions?|problems?)\b[^:]*[.:]$",
    re.IGNORECASE,
)
"""A sentence that says where to go with a bug or a question; the options listed after it are not rules."""
