"""What a shell command is, read from its words (never run): the runner it invokes, the parts of a compound
(``a && b``), and what kind of step it is: one that only reads (``cat``, ``git status``), a check (``pytest``,
``cargo clippy``), a fixer (``ruff check --fix``, ``cargo fmt``), a test run filtered to a few tests (``-k``,
``-run``, a test file). And what a failure's output says about its cause: a transient network error, or a
compile error in code the agent was editing."""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass

# Prefixes that run another program: `bundle exec rspec` is rspec run differently, not a tool called bundle.
_WRAPPERS = {
    "bundle": ("exec",), "uv": ("run",), "poetry": ("run",), "pipenv": ("run",), "pdm": ("run",), "rye": ("run",),
    "hatch": ("run",), "pnpm": ("exec", "dlx"), "yarn": ("dlx", "exec"), "npm": ("exec",), "python": ("-m",),
    "python3": ("-m",), "py": ("-m",),
}  # fmt: skip
_BARE_WRAPPERS = frozenset({"npx", "bunx", "pnpx"})
_TRANSPARENT = frozenset({"sudo", "time", "env", "nice", "exec"})
# Tools whose first word after the executable names what they do (`cargo test`, `make assets`, `./gradlew check`).
_SUBCOMMANDS = frozenset(
    {"cargo", "go", "npm", "pnpm", "yarn", "bun", "deno", "git", "docker", "docker-compose", "podman", "kubectl",
     "make", "just", "rake", "gradle", "gradlew", "mvn", "mvnw", "bundle", "uv", "poetry", "pip", "pip3", "pdm",
     "ruff", "dotnet", "mix", "gem", "composer", "swift", "zig", "nx", "turbo", "helm", "terraform", "rustup",
     "conda", "pre-commit", "golangci-lint", "brew", "rails", "hatch", "tox", "nox"}
)  # fmt: skip
# Sibling executables that share their subcommands: `npm install` failing and `pnpm install` working is a choice.
_FAMILIES = [frozenset({"npm", "pnpm", "yarn", "bun"}), frozenset({"pip", "pip3"}), frozenset({"python", "python3"})]


@dataclass(frozen=True)
class Runner:
    """One simple command: ``bundle exec rspec spec/x_spec.rb`` -> wrapper ``bundle exec``, exe ``rspec``."""

    wrapper: str
    exe: str
    sub: str
    args: tuple[str, ...]
    text: str

    @property
    def tool(self) -> str:
        """What it runs, however it is started: ``rspec``, ``cargo fmt``, ``npm install``."""
        return f"{self.exe} {self.sub}".strip()

    @property
    def invocation(self) -> str:
        """How it is started: ``bundle exec rspec``, ``pnpm install``."""
        return f"{self.wrapper} {self.tool}".strip()


_TOKEN = re.compile(r"""(&&|\|\||[;&|])|((?:[^\s'"`;&|\\]|\\.|'[^']*'|"(?:\\.|[^"\\])*"|`[^`]*`)+)""")
_QUOTED = re.compile(r"""'([^']*)'|"((?:\\.|[^"\\])*)"|\\(.)""")


def _tokens(command: str) -> list[str]:
    """Shell words and the operators between them, quotes removed (a regex: shlex is slow on long commands)."""
    out: list[str] = []
    for m in _TOKEN.finditer(command):
        if m.group(1):
            out.append(m.group(1))
        else:
            out.append(_QUOTED.sub(lambda q: q.group(1) or q.group(2) or q.group(3) or "", m.group(2)))
    return out


def parts(command: str) -> list[Runner]:
    """The simple commands of ``command``: each side of ``&&``, ``||`` and ``;``, the first of a pipeline."""
    return list(_parts(command[:2000]))


@functools.lru_cache(maxsize=4096)
def _parts(command: str) -> tuple[Runner, ...]:  # a run's commands are read again by every rule: once is enough
    out: list[Runner] = []
    words: list[str] = []
    piped = False
    for token in [*_tokens(command), ";"]:
        if token in (";", "&&", "||", "&"):
            if words:
                out.append(runner(words))
            words, piped = [], False
        elif token == "|":
            piped = True
        elif not piped:
            words.append(token)
    return tuple(out)


def runner(words: list[str]) -> Runner:
    text = " ".join(words)
    words = list(words)
    while words and (re.match(r"^\w+=", words[0]) or os.path.basename(words[0]) in _TRANSPARENT):
        words.pop(0)
    wrapper: list[str] = []
    while words:
        exe = os.path.basename(words[0])
        if exe in _BARE_WRAPPERS and len(words) > 1:
            wrapper, words = [*wrapper, exe], words[1:]
        elif exe in _WRAPPERS and len(words) > 2 and words[1] in _WRAPPERS[exe]:
            wrapper, words = [*wrapper, exe, words[1]], words[2:]
        else:
            break
    if not words:
        return Runner(" ".join(wrapper), "", "", (), text)
    exe = os.path.basename(words[0]).removesuffix(".exe")
    rest = words[1:]
    sub = ""
    if exe in _SUBCOMMANDS and rest and re.match(r"^:?[A-Za-z][\w:.-]*$", rest[0]):
        sub, rest = rest[0], rest[1:]
        if exe in ("npm", "pnpm", "yarn", "bun") and sub in ("run", "run-script") and rest:
            sub, rest = rest[0], rest[1:]  # `npm run test` is `npm test`
        elif exe in ("docker", "podman") and sub == "compose" and rest and not rest[0].startswith("-"):
            sub, rest = f"compose {rest[0]}", rest[1:]
    return Runner(" ".join(wrapper), exe, sub, tuple(rest), text)


def contains(command: str, part: str) -> bool:
    """``part`` is ``command`` or one of its simple commands (``a`` in ``a && b``)."""
    if command.strip() == part.strip():
        return True
    want = _texts(part[:2000])
    return len(want) == 1 and want <= _texts(command[:2000])


@functools.lru_cache(maxsize=4096)
def _texts(command: str) -> frozenset[str]:
    return frozenset(r.text for r in _parts(command))


def same_family(a: str, b: str) -> bool:
    return a == b or any(a in f and b in f for f in _FAMILIES)


def variant(failed: Runner, other: Runner) -> str | None:
    """How ``other`` is another way to run what ``failed`` ran: ``"runner"`` (another executable of the family or
    another wrapper: ``pnpm install`` for ``npm install``, ``bundle exec rspec`` for ``rspec``), ``"args"`` (the
    same tool with other arguments: ``tox -e py312`` for ``tox -e py``); None if it is not."""
    if not failed.exe or failed.sub != other.sub or not same_family(failed.exe, other.exe):
        return None
    if failed.exe != other.exe or failed.wrapper != other.wrapper:
        return "runner"
    return "args" if failed.args != other.args else None


# -- kinds of step -------------------------------------------------------------------------------------

_READERS = frozenset(
    {"cat", "less", "more", "head", "tail", "ls", "tree", "pwd", "echo", "printf", "grep", "egrep", "rg", "ag",
     "find", "fd", "wc", "which", "type", "file", "stat", "du", "df", "printenv", "jq", "yq", "diff", "cmp", "true",
     "sleep", "cd", "test", "[", "awk", "sort", "uniq", "cut", "tr", "xxd", "hexdump", "man", "whoami", "uname",
     "date", "nl", "column", "realpath", "dirname", "basename", "curl", "wget", "open"}
)  # fmt: skip
_READING_SUBS = {
    "git": {"status", "diff", "log", "show", "blame", "grep", "rev-parse", "remote", "branch", "ls-files", "describe"},
    "docker": {"ps", "logs", "images", "inspect", "compose ps", "compose logs", "compose config", "version"},
    "cargo": {"tree", "metadata", "search"}, "go": {"list", "env", "version", "doc"},
    "npm": {"ls", "list", "view", "outdated", "why", "config"}, "pnpm": {"ls", "list", "why", "outdated"},
    "pip": {"show", "list", "freeze"}, "pip3": {"show", "list", "freeze"}, "kubectl": {"get", "describe", "logs"},
}  # fmt: skip


def reads_only(part: Runner) -> bool:
    """A step that changes nothing: looking at files, the repository's state, versions."""
    if part.exe in _READERS or "--version" in part.args or "--help" in part.args or part.sub == "--version":
        return True
    if part.exe in ("python", "python3", "node", "ruby", "perl") and part.args[:1] in (("-c",), ("-e",), ("-p",)):
        return True  # a one-liner that looks something up
    if part.exe == "sed":
        return "-i" not in part.args and not any(a.startswith("-i") for a in part.args)
    sub = part.sub.split(" ", 1)[0] if part.exe != "docker" else part.sub
    return sub in _READING_SUBS.get(part.exe, set())


_CHECK_RE = re.compile(
    r"^(?:pytest|py\.test|tox|nox|ruff(?: check| format)?|mypy|pyright|flake8|pylint|black|isort|eslint|tsc|"
    r"vitest|jest|mocha|rspec|rubocop|standardrb|minitest|phpunit|prettier|"
    r"(?:npm|pnpm|yarn|bun) (?:test|lint|check|typecheck|type-check|build|format:check|test:\w+|lint:\w+)|"
    r"cargo (?:test|nextest|check|clippy|build|fmt)|go (?:test|vet|build)|golangci-lint run|staticcheck|gofmt|"
    r"make (?:test|check|lint|typecheck|type-check|types|vet|verify|ci|mypy|format-check)[\w-]*|"
    r"just (?:test|check|lint)[\w-]*|rake(?: (?:test|spec|lint|check)[\w:-]*)?|"
    r"(?:gradle|gradlew) \S*(?:test|check|lint|verify|spotbugs)\w*|(?:mvn|mvnw) (?:test|verify|check)\w*|"
    r"dotnet test|mix test|swift test|deno (?:test|lint|check))$",
    re.IGNORECASE,
)
_FIX_FLAGS = frozenset({"--fix", "--write", "--fix-only", "--autocorrect", "--autocorrect-all", "--in-place"})
_RUBOCOP_FIX = frozenset({"-a", "-A"})
_CHECK_FLAGS = frozenset({"--check", "--diff", "-l", "--list-different", "-check", "--dry-run"})
_FORMATTERS = re.compile(
    r"^(?:cargo fmt|ruff format|black|isort|prettier|gofmt|go fmt|goimports|rustfmt|dotnet format|mix format|"
    r"(?:npm|pnpm|yarn|bun|make|just) (?:format|fmt|prettier)|"
    r"(?:gradle|gradlew) (?!\S*[cC]heck)\S*(?:format|spotlessApply)\w*)$",
    re.IGNORECASE,
)


def fixes(part: Runner) -> bool:
    """A step that rewrites the code to satisfy a check: ``ruff check --fix``, ``cargo fmt``, ``./gradlew format``."""
    args = set(part.args)
    if _FORMATTERS.match(part.tool) and not args & _CHECK_FLAGS:
        return True
    if part.exe in ("rubocop", "standardrb") and args & _RUBOCOP_FIX:
        return True
    return bool(_CHECK_RE.match(part.tool) and args & _FIX_FLAGS and not args & _CHECK_FLAGS)


def checks(part: Runner) -> bool:
    """A step that checks the code and changes nothing: tests, linters, type checkers, a build."""
    return bool(part.exe) and bool(_CHECK_RE.match(part.tool)) and not fixes(part)


_SELECTOR_FLAGS = frozenset(
    {"-k", "-run", "--run-only", "-t", "--testNamePattern", "--test-name-pattern", "--tests",
     "--grep", "--filter", "--only", "--test", "-Dtest", "--spec", "--deselect"}
)  # fmt: skip
_RSPEC_SELECTORS = frozenset({"-e", "--example", "--tag"})
_TEST_FILE = re.compile(
    r"(?:^|/)(?:test_[^/]+\.py|[^/]+_test\.(?:py|go|rb|exs)|[^/]+\.(?:test|spec)\.[cm]?[jt]sx?|[^/]+_spec\.rb|"
    r"[^/]+Tests?\.(?:java|kt|cs))(?::\d+)?$|::"
)
_CARGO_VALUED = frozenset({"-p", "--package", "-F", "--features", "--bin", "--example", "--target", "-j", "--jobs",
                           "--manifest-path", "--profile", "--color", "-Z", "--config"})  # fmt: skip


def filtered(part: Runner) -> bool:
    """A test run narrowed to some tests (``-k x``, ``-run X``, ``--tests X``, a test file, ``a::b``): a one-off,
    not how the project is verified."""
    args = part.args
    for i, arg in enumerate(args):
        flag = arg.split("=", 1)[0]
        if flag in _SELECTOR_FLAGS or (part.exe == "rspec" and flag in _RSPEC_SELECTORS):
            return True
        if _TEST_FILE.search(arg):
            return True
        cargo = part.tool in ("cargo test", "cargo nextest")
        if cargo and not arg.startswith("-") and (i == 0 or args[i - 1] not in _CARGO_VALUED):
            return True  # `cargo test name_filter`
    return False


# -- what a failure's output says ----------------------------------------------------------------------

_NETWORK = re.compile(
    r"ReadTimeoutError|ConnectTimeoutError|Read timed out|Connection timed out|connect timed out|ECONNRESET|"
    r"ETIMEDOUT|EAI_AGAIN|ENETUNREACH|ECONNREFUSED[^\n]{0,80}registry|socket hang up|Could not resolve host|"
    r"Temporary failure in name resolution|Name or service not known|Connection reset by peer|"
    r"Network is unreachable|TLS handshake timeout|i/o timeout|Max retries exceeded|"
    r"\b(?:502 Bad Gateway|503 Service Unavailable|504 Gateway Time-?out)\b|Could not download|"
    r"Could not GET|failed to download|error sending request|Failed to connect to [\w.-]+ port 443",
    re.IGNORECASE,
)
_COMPILE = re.compile(
    r"error\[E\d{4}\]|error TS\d{3,5}|: error: cannot find symbol|\bundefined: \w+|^\s*SyntaxError: |"
    r"^\s*IndentationError: |error CS\d{4}|: error: expected|cannot find (?:value|type|function|macro) `",
    re.MULTILINE,
)
_INSTALLERS = re.compile(
    r"^(?:pip3? install|uv (?:sync|pip)|poetry (?:install|lock|update)|(?:npm|pnpm|yarn|bun) (?:install|ci|i|add)|"
    r"cargo (?:fetch|update|install)|go (?:mod|get)|bundle(?: install)?|gem install|(?:gradle|gradlew|mvn|mvnw)\b.*|"
    r"docker (?:pull|build)|docker compose (?:pull|build))",
)


def network_failure(output: str) -> bool:
    """The failure is a transient network error (a registry timing out, a reset connection), not the project's."""
    return bool(_NETWORK.search(output[-20_000:]))


def installs(part: Runner) -> bool:
    """A step that fetches packages (where a network error is the registry's, not the code's)."""
    return bool(_INSTALLERS.match(part.tool)) or part.tool in ("pip install", "pip3 install")


def compile_error(output: str) -> bool:
    """The output is a compiler's or a parser's complaint (the code does not build), not a failing check."""
    return bool(_COMPILE.search(output[-50_000:]))
