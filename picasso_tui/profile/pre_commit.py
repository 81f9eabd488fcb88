"""pre-commit: what `pre-commit run --all-files` checks and formats, which formatter hooks it runs (ruff-format,
black, prettier, clang-format …), the one hook to run alone when it is the project's formatter, and a type
checker run only as a hook."""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml

from picasso_tui.profile.ecosystems.tox_config import env_commands
from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.languages import own_languages
from picasso_tui.profile.recipes import recipe_lines
from picasso_tui.profile.walk import Tree

PRIORITY = 27
"""After a task runner's own target (25): pre-commit runs what the targets run, and more."""
CODE_FORMATTERS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("ruff-format", "black", "black-jupyter", "darker", "yapf", "autopep8"), frozenset({"python"})),
    "prettier": frozenset({"javascript", "typescript"}), "clang-format": frozenset({"c", "cpp"}),
    **dict.fromkeys(("gofmt", "go-fmt", "goimports", "gofumpt"), frozenset({"go"})),
    **dict.fromkeys(("rustfmt", "fmt", "cargo-fmt"), frozenset({"rust"})),
    "google-java-format": frozenset({"java"}),
}  # fmt: skip
"""Hooks that rewrite code as a whole, with the languages it is in: one of them alone, in the project's language, is
the project's formatter (prettier in a Python project formats its YAML and Markdown, not its code)."""
PART_FORMATTERS = frozenset({"isort", "blacken-docs", "cmake-format"})
"""Hooks that format one part only (imports, code blocks in the docs, CMake files): never the formatter alone."""
NOT_LINTS = re.compile(
    r"^(end-of-file-fixer|trailing-whitespace|mixed-line-ending|check-(merge|case)-conflicts?|check-added-large-files|"
    r"check-(yaml|json|toml|xml|symlinks|executables-have-shebangs)|detect-private-key|fix-byte-order-marker|"
    r"cargo-test|pytest|go-test|unit-tests?|"
    r"gitleaks|detect-secrets|trufflehog|ggshield|ripsecrets|"  # passbolt's one hook scans for secrets: no code lint
    r"typos|codespell|"  # risingwave's typos beside the whitespace fixers and rustfmt: spelling, no code lint
    r"translations?|compile-?messages|(re)?generate([-_][\w-]+)?|codegen|"  # warehouse's `make translations`
    r"helm-docs|mdformat|"  # unitycatalog's hooks write its charts' READMEs and format its Markdown
    # mapfish-print's: a schema check of two CI files, the Python versions kept in step, JSON put in canonical form
    r"(check-)?jsonschema([-_]validator)?|python-versions|canonicali[sz]e)$"
)
"""Hooks that keep files tidy, scan for secrets, check spelling, generate files or run the tests: beside formatters
they make no linter of `pre-commit run`."""
FORMAT_HOOK = re.compile(r"(^|[-_]|^re)(fmt|format|formatter)([-_]|$)")
"""A hook named for formatting that the tables do not know (a local `fmt-rust`, `taplo-format`, warehouse's
`reformat`): it rewrites files, it checks nothing."""


@dataclass(frozen=True)
class Hook:
    id: str
    name: str
    """What `pre-commit run <name>` takes: the alias when the hook has one, else its id."""
    manual: bool
    """Kept out of the commit stage: run only with `--hook-stage manual`."""
    checks_only: bool = False
    """Its entry or arguments ask only for a check or a diff (serde_with's rustfmt hook: `cargo fmt -- --check`)."""
    rewrites: bool = False
    """Its arguments name a formatting task (scalardb's `gradle-task` hook runs `spotlessApply`)."""

    def run(self, runner: str = "pre-commit") -> str:
        return f"{runner} run {self.name}{' --hook-stage manual' if self.manual else ''} --all-files"


def hooks(text: str) -> list[Hook]:
    """The hooks a config declares, in its order; from the ids alone when the YAML does not parse."""
    try:
        config = yaml.safe_load(text)
    except yaml.YAMLError:
        config = None
    repos = config.get("repos") if isinstance(config, dict) else None
    if not isinstance(repos, list):
        return [Hook(i, i, False) for i in re.findall(r"^\s*-?\s*id:\s*['\"]?([\w.-]+)", text, re.MULTILINE)]
    found = [h for r in repos if isinstance(r, dict) for h in r.get("hooks") or [] if isinstance(h, dict)]
    defaults = config.get("default_stages") if isinstance(config, dict) else None
    return [
        Hook(
            str(h.get("id")),
            str(h.get("alias") or h.get("id")),
            h.get("stages") == ["manual"],
            _checks_only(h),
            _rewrites(h),
        )
        for h in found
        if h.get("id") and _on_files(h.get("stages") or defaults)
    ]


VALUE_FLAGS = frozenset({"--hook-stage", "--from-ref", "--to-ref", "--source", "--origin", "-s", "-o", "-c", "--config",
                         "--color", "--commit-msg-filename", "--remote-name", "--remote-url"})  # fmt: skip
"""Options of `pre-commit run` that take a value: the word after them is no hook."""


def named_hook(line: str) -> str | None:
    """The hook a `pre-commit run` or `prek run` line names, its flags before or after it (BentoML's Makefile:
    `pre-commit run --all-files ruff`); None when it names none (`--files …` names files, `{posargs}` a tox
    argument)."""
    found = re.search(r"(?:^|\s)(?:pre-commit|prek) run\b(.*)", line)
    words = found.group(1).split() if found else []
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word in VALUE_FLAGS:
            skip = True
        elif word == "--files" or word in ("&&", "||", ";", "|"):
            return None
        elif not word.startswith("-"):
            return word if re.fullmatch(r"[a-z][\w.-]*", word) else None
    return None


def unknown_hook(tree: Tree, command: str) -> bool:
    """The command, or a line its target, script or tox env runs, names a hook the config does not declare:
    "No hook with id" (rstcheck's guide: `tox -e pre-commit-run -- black`, its tox env running `pre-commit run
    {posargs}`, years after ruff-format replaced black; BentoML's `make format` runs the hook black-jupyter and
    napari's `tox -e ruff` the hook ruff, both since renamed or dropped)."""
    rel = tree.first(".pre-commit-config.yaml", ".pre-commit-config.yml")
    if not rel:
        return False
    text = tree.read(rel) or ""
    declared = set(re.findall(r"^\s*-?\s*(?:id|alias):\s*['\"]?([\w.-]+)", text, re.MULTILINE))
    if not declared:
        return False
    lines = [command, *(recipe_lines(tree, command) or [])]
    env = re.match(r"tox (?:-e|run -e) ([\w.-]+)(?:[^-]*--\s+([a-z][\w.-]*))?\s*$", command)
    if env:
        ran = env_commands(tree, env.group(1))
        lines += ran
        if env.group(2) and any(re.search(r"(pre-commit|prek) run \{posargs", line) for line in ran):
            lines.append(f"pre-commit run {env.group(2)}")
    return any((hook := named_hook(line)) is not None and hook not in declared for line in lines)


def _on_files(stages: object) -> bool:
    """Whether `run --all-files` (or `--hook-stage manual`) runs the hook on the files: flipt's one hook is
    conventional-pre-commit at the commit-msg stage, which checks messages; anki's only hook runs at pre-push, a
    stage `run` leaves out unless asked."""
    if not isinstance(stages, list) or not stages:
        return True
    return bool({str(s) for s in stages} & {"pre-commit", "commit", "manual", "pre-merge-commit"})


def _rewrites(hook: dict) -> bool:
    args = hook.get("args") if isinstance(hook.get("args"), list) else []
    said = f"{hook.get('entry') or ''} {' '.join(str(a) for a in args)}"
    return bool(re.search(r"\b(spotlessApply|ktlintFormat|ktfmtFormat)\b|(^|\s)--autofix\b", said))


def _checks_only(hook: dict) -> bool:
    args = hook.get("args") if isinstance(hook.get("args"), list) else []
    said = f"{hook.get('entry') or ''} {' '.join(str(a) for a in args)}"
    # django-extensions' ruff-format hook takes `--diff`: it shows what it would change and rewrites nothing
    return bool(re.search(r"(^|\s)--(check|dry-run|diff)\b", said))


def _kinds(declared: list[Hook]) -> tuple[list[Hook], list[Hook], list[Hook]]:
    """(code formatters, formatters of a part, linters) among the hooks."""
    formatters = [h for h in declared if h.id in CODE_FORMATTERS and not h.checks_only]
    # zenoh's local `fmt-rust` (rustfmt +nightly with its options) and `taplo-format`: formatters by their names
    parts = [
        h for h in declared if h.id in PART_FORMATTERS or (h.id not in CODE_FORMATTERS and FORMAT_HOOK.search(h.id))
        or (h.rewrites and h.id not in CODE_FORMATTERS)
    ]  # fmt: skip
    # erg's hooks: rustfmt, cargo-test and the whitespace fixers, its clippy hook commented out: nothing lints
    linting = [h for h in declared if h not in formatters and h not in parts and not NOT_LINTS.search(h.id)]
    return formatters, parts, linting


def lints_nothing(tree: Tree, command: str) -> bool:
    """`pre-commit run --all-files` given as the lint where every hook formats, tidies or checks a schema
    (mapfish-print's CI runs pretty-format-java, ruff-format and a JSON-schema check): it lints no code."""
    rel = tree.first(".pre-commit-config.yaml", ".pre-commit-config.yml")
    if not rel or not re.fullmatch(
        r"(pre-commit|prek|uvx pre-commit|pipx run pre-commit) run (-a|--all-files)", command
    ):
        return False
    declared = hooks(tree.read(rel) or "")
    return bool(declared) and not _kinds(declared)[2]


def pre_commit(tree: Tree, k: Knowledge) -> None:
    rel = tree.first(".pre-commit-config.yaml", ".pre-commit-config.yml")
    if not rel:
        return
    text = tree.read(rel) or ""
    if re.search(r"^\s*-?\s*repo:\s*['\"]?git://github\.com/", text, re.MULTILINE) or _missing_local_tool(tree, text):
        # django-oscar's 2021 config fetches flake8 from git://github.com, which GitHub stopped serving in 2022:
        # pre-commit cannot install the hook, so the run fails before it checks anything
        return
    declared = hooks(text)
    if not declared and re.search(r"^\s*-?\s*id:", text, re.MULTILINE):
        return  # every hook checks commit messages (flipt's): `run --all-files` checks no file
    runner = "prek" if _runs_prek(tree) else "pre-commit"
    formatters, parts, linting = _kinds(declared)
    if not declared or linting:
        k.command("lint", f"{runner} run --all-files", rel, PRIORITY)  # only formatters rewrite; they check nothing
    if formatters or parts:
        names = human_list(list(dict.fromkeys(h.id for h in formatters + parts)))
        k.command("format", f"{runner} run --all-files", f"{rel} (formatting hooks: {names})", PRIORITY)
    own = own_languages(tree)
    code = [h for h in formatters if not own or CODE_FORMATTERS[h.id] & own]
    if len({h.id for h in code}) == 1:  # pyjwt's ruff-format: the formatter alone, not every check beside it
        one = code[0] if len(code) == 1 else Hook(code[0].id, code[0].id, code[0].manual)
        k.command("format", one.run(runner), f"{rel} (hook `{one.name}`)", PRIORITY + 1)
    for hook in [h for h in declared if TYPE_CHECKERS.fullmatch(h.id)][:1]:  # yarl's mypy runs only as a hook
        k.command("typecheck", hook.run(runner), f"{rel} (hook `{hook.name}`)", PRIORITY)


LOCKS = {"poetry": "poetry.lock", "uv": "uv.lock", "pdm": "pdm.lock"}
SAME_NAME_TOOLS = frozenset({
    "black", "ruff", "mypy", "flake8", "isort", "pylint", "pyright", "codespell", "bandit", "pyupgrade", "autoflake",
    "docformatter", "yapf", "nbqa", "pytest", "blacken-docs", "pydocstyle",
})  # fmt: skip
"""Tools whose command is their package's name, so the lock file names them as run."""


def _missing_local_tool(tree: Tree, config: str) -> bool:
    """A local hook runs a tool through the project's environment (tianshou's `entry: poetry run black`) that the
    lock file does not hold: the hook fails, and `run --all-files` with it."""
    try:
        data = yaml.safe_load(config)
    except yaml.YAMLError:
        return False
    repos = data.get("repos") if isinstance(data, dict) else None
    repos = repos if isinstance(repos, list) else []
    local = [h for r in repos if isinstance(r, dict) and r.get("repo") == "local" for h in r.get("hooks") or []]
    for hook in [h for h in local if isinstance(h, dict)]:
        run = re.match(r"(poetry|uv|pdm) run ([A-Za-z][\w.-]*)", str(hook.get("entry") or ""))
        lock = tree.read(LOCKS[run.group(1)]) if run and tree.has(LOCKS[run.group(1)]) else None
        tool = run.group(2).lower() if run else ""
        if lock and tool in SAME_NAME_TOOLS and not re.search(rf'^name = "{re.escape(tool)}"$', lock, re.MULTILINE):
            return True
    return False


def _runs_prek(tree: Tree) -> bool:
    """The hooks run with prek, pre-commit's drop-in (lektor's Makefile: `uv run prek run -v -a`; CI's prek-action)."""
    places = ("Makefile", "justfile", "noxfile.py", "tox.ini", "pyproject.toml", *tree.under(".github/workflows"))
    return any(re.search(r"\bprek\b", tree.read(f) or "") for f in places if tree.has(f))


TYPE_CHECKERS = re.compile(r"mypy|pyright|basedpyright|pytype|ty|tsc|type-?check\w*")


_DARKER_HOOK = re.compile(r"^\s*-?\s*id:\s*['\"]?darker\b", re.MULTILINE)
_DARKER_STEP = re.compile(r"^\s*-?\s*(uses:\s*['\"]?akaihola/darker\b|run:.*(^|[\s|;&(])darker\s)", re.MULTILINE)


def darker_runs_black(tree: Tree) -> str | None:
    """Where darker runs black on the changed lines only (dateutil's pre-commit hook and CI job), or None: there
    black's settings never describe the whole code base, and `black .` would reformat every old file."""
    if _DARKER_HOOK.search(tree.read(".pre-commit-config.yaml") or ""):
        return ".pre-commit-config.yaml"
    workflows = [f for f in tree.files if f.startswith(".github/workflows/") and f.endswith((".yml", ".yaml"))]
    return next((f for f in workflows if _DARKER_STEP.search(tree.read(f) or "")), None)
