"""Task runners (Makefile, justfile, tox, nox, Taskfile) and CI configs; then one workflow record per role."""

from __future__ import annotations

import re
from collections import defaultdict

from picasso_tui.profile.findings import ROLES, Command, Finding, Knowledge, human_list
from picasso_tui.profile.walk import Tree
from picasso_tui.store.schema import MemoryClass

TARGET_ROLES = {
    "test": "test", "tests": "test", "unit": "test", "check": "test", "build": "build", "compile": "build",
    "dist": "build", "lint": "lint", "vet": "lint", "typecheck": "lint", "fmt": "format", "format": "format",
    "install": "install", "setup": "install", "deps": "install", "bootstrap": "install", "dev": "run",
    "run": "run", "serve": "run", "start": "run", "migrate": "migrate", "db-migrate": "migrate",
}  # fmt: skip
ROLE_WORDS = {
    "install": "install",
    "build": "build",
    "test": "test",
    "test-one": "run one test",
    "lint": "lint",
    "format": "format",
    "run": "run",
    "migrate": "migrate",
}
CI_SYSTEMS = (
    (".github/workflows/", "GitHub Actions"), (".gitlab-ci.yml", "GitLab CI"), (".circleci/config.yml", "CircleCI"),
    ("azure-pipelines.yml", "Azure Pipelines"), ("Jenkinsfile", "Jenkins"), (".travis.yml", "Travis CI"),
    ("bitbucket-pipelines.yml", "Bitbucket Pipelines"), (".buildkite/", "Buildkite"), (".drone.yml", "Drone"),
)  # fmt: skip
CI_ROLE_PATTERNS = (
    ("test", re.compile(r"\b(pytest|tox|nox|cargo test|go test|npm test|pnpm test|yarn test|ctest|rspec|phpunit|"
                        r"gradlew test|mvn\S* test|make test|just test|vitest|jest)\b")),
    ("lint", re.compile(r"\b(ruff check|flake8|eslint|clippy|golangci-lint|rubocop|make lint|npm run lint|mypy)\b")),
    ("build", re.compile(r"\b(cargo build|go build|npm run build|pnpm build|make build|"
                         r"gradlew build|cmake --build)\b")),
)  # fmt: skip


def _makefile(tree: Tree, k: Knowledge) -> None:
    rel = tree.first("Makefile", "makefile", "GNUmakefile")
    if not rel:
        return
    targets = re.findall(r"^([A-Za-z][\w.-]*)\s*:(?!=)", tree.read(rel) or "", re.MULTILINE)
    _targets(k, rel, "make", targets, 20)


def _justfile(tree: Tree, k: Knowledge) -> None:
    rel = tree.first("justfile", "Justfile", ".justfile")
    if not rel:
        return
    recipes = re.findall(r"^@?([A-Za-z][\w-]*)(?:\s+[^:=\n]*)?:(?!=)", tree.read(rel) or "", re.MULTILINE)
    _targets(k, rel, "just", recipes, 20)


def _taskfile(tree: Tree, k: Knowledge) -> None:
    rel = tree.first("Taskfile.yml", "Taskfile.yaml")
    if not rel:
        return
    text = tree.read(rel) or ""
    block = text.split("tasks:", 1)[1] if "tasks:" in text else ""
    _targets(k, rel, "task", re.findall(r"^  ([A-Za-z][\w:-]*):\s*$", block, re.MULTILINE), 22)


def _targets(k: Knowledge, rel: str, runner: str, names: list[str], priority: int) -> None:
    seen = list(dict.fromkeys(names))
    for name in seen:
        role = TARGET_ROLES.get(name.lower())
        if role:
            k.command(role, f"{runner} {name}", f"{rel} target `{name}`", priority)
    if seen:
        k.fact(
            f"tasks/{runner}", f"{rel} targets", f"{rel} defines: {human_list(seen, 20)} (run `{runner} <name>`).", rel
        )


def _tox_nox(tree: Tree, k: Knowledge) -> None:
    if tree.has("tox.ini"):
        text = tree.read("tox.ini") or ""
        envs = re.search(r"^envlist\s*=\s*(.+(?:\n[ \t]+.+)*)", text, re.MULTILINE)
        names = re.split(r"[,\s]+", envs.group(1).strip()) if envs else []
        k.command("test", "tox", "tox.ini", 25, f"environments: {human_list(names)}" if names else "")
        if names:
            k.command("test-one", f"tox -e {names[0]}", "tox.ini", 25)
    if tree.has("noxfile.py"):
        sessions = re.findall(r"@nox\.session[^\n]*\n\s*def\s+(\w+)", tree.read("noxfile.py") or "")
        k.command("test", "nox", "noxfile.py", 25, f"sessions: {human_list(sessions)}" if sessions else "")
        for name in sessions:
            role = TARGET_ROLES.get(name)
            if role and role != "test":
                k.command(role, f"nox -s {name}", f"noxfile.py session `{name}`", 25)


def _run_lines(text: str) -> list[str]:
    """The shell lines of `run:` steps (single line and `|` blocks), without parsing the YAML."""
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = re.match(r"^(\s*)(?:-\s+)?run:\s*(.*)$", lines[i])
        i += 1
        if not m:
            continue
        indent, rest = len(m.group(1)), m.group(2).strip()
        if rest and rest[0] not in "|>":
            out.append(rest.strip("'\""))
            continue
        while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > indent):
            if lines[i].strip():
                out.append(lines[i].strip())
            i += 1
    return [line for line in out if not line.startswith("#")]


def _ci(tree: Tree, k: Knowledge) -> None:
    for marker, name in CI_SYSTEMS:
        files = tree.under(marker) if marker.endswith("/") else [marker] if tree.has(marker) else []
        files = [f for f in files if f.endswith((".yml", ".yaml")) or "Jenkinsfile" in f]
        if not files:
            continue
        runs: list[str] = []
        jobs: list[str] = []
        for rel in files[:12]:
            text = tree.read(rel) or ""
            runs += _run_lines(text)
            if "jobs:" in text:
                block = text.split("jobs:", 1)[1]
                jobs += re.findall(r"^  ([A-Za-z][\w-]*):\s*$", block, re.MULTILINE)
        runs = list(dict.fromkeys(r for r in runs if len(r) < 100))
        details = [f"{name} ({human_list(files, 4)})"]
        if jobs:
            details.append(f"jobs: {human_list(list(dict.fromkeys(jobs)), 8)}")
        if runs:
            details.append("steps run: " + human_list([f"`{r}`" for r in runs], 8))
        k.fact("ci", f"CI: {name}", "CI system: " + "; ".join(details) + ".", *files[:6], tags=("ci",))
        for line in runs:
            for role, pattern in CI_ROLE_PATTERNS:
                if pattern.search(line):
                    k.command(role, line, f"CI ({files[0]})", 45)
                    break
        return


DOCS = ("README.md", "CONTRIBUTING.md", ".github/CONTRIBUTING.md", "DEVELOPMENT.md", "HACKING.md",
        "docs/development.md", "docs/contributing.md", "docs/CONTRIBUTING.md")  # fmt: skip
TOOLS = re.compile(
    r"^(make|just|task|npm|pnpm|yarn|bun|npx|pip|pip3|uv|poetry|pdm|pipenv|hatch|tox|nox|pytest|python3? -m|"
    r"cargo|go|\./gradlew|gradle|\./mvnw|mvn|bundle|bin/rails|rails|rake|composer|php artisan|vendor/bin/\w+|"
    r"cmake|ctest|meson|ruff|black|mypy|eslint|prettier|docker compose|docker-compose)\b"
)
DOC_ROLES = (
    ("migrate", re.compile(r"\bmigrat")),
    ("install", re.compile(r"^(?:\S+\s+){0,3}?(?:install|sync|ci|bootstrap|setup)\b")),
    ("test", re.compile(r"\b(test|tests|pytest|rspec|ctest|phpunit|pest)\b")),
    ("lint", re.compile(r"\b(lint|clippy|vet|ruff check|mypy|eslint|rubocop)\b")),
    ("format", re.compile(r"\b(fmt|format|prettier|black)\b")),
    ("build", re.compile(r"\b(build|compile|package)\b")),
    ("run", re.compile(r"\b(run|serve|server|start|dev|up)\b")),
)
_FENCE = re.compile(r"^```+\s*(\w*)\s*$")


def doc_commands(text: str) -> list[str]:
    """Shell commands shown in a document's code blocks (``$ `` prompts stripped), known tools only."""
    out: list[str] = []
    in_block, shell = False, False
    for raw in text.splitlines():
        fence = _FENCE.match(raw.strip())
        if fence:
            in_block, shell = not in_block, fence.group(1).lower() in ("", "sh", "bash", "shell", "console", "zsh")
            continue
        if not in_block or not shell:
            continue
        line = raw.strip().removeprefix("$ ").strip()
        if TOOLS.match(line) and len(line) < 100 and "<" not in line:
            out.append(line)
    return list(dict.fromkeys(out))


def _docs(tree: Tree, k: Knowledge) -> None:
    for rel in DOCS:
        text = tree.read(rel) if tree.has(rel) else None
        for line in doc_commands(text or ""):
            role = next((role for role, pattern in DOC_ROLES if pattern.search(line)), None)
            if role:
                k.command(role, line, rel, 35)


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    for step in (_makefile, _justfile, _taskfile, _tox_nox, _ci, _docs):
        step(tree, k)
    return k


def workflow_findings(tree: Tree, commands: list[Command]) -> list[Finding]:
    """One workflow record per role: the preferred command first, then the alternatives and where each came from."""
    by_role: dict[str, list[Command]] = defaultdict(list)
    for c in commands:
        if c.command and all(c.command != o.command for o in by_role[c.role]):
            by_role[c.role].append(c)
    out = []
    for role in ROLES:
        found = sorted(by_role.get(role, []), key=lambda c: c.priority)
        if not found:
            continue
        best, rest = found[0], found[1:5]
        note = f" ({best.note})" if best.note else ""
        body = f"To {ROLE_WORDS[role]}: `{best.command}`{note} — from {best.source}."
        if rest:
            body += " Also: " + "; ".join(f"`{c.command}` ({c.source})" for c in rest) + "."
        files = []
        for c in found:
            files += [t for t in re.split(r"[\s()]+", c.source) if tree.has(t) and t not in files]
        out.append(
            Finding(
                f"workflow/{role}",
                MemoryClass.WORKFLOW,
                f"{ROLE_WORDS[role].capitalize()}: {best.command}",
                body,
                tuple(files),
                tags=("workflow", role),
            )
        )
    return out
