"""Workspace layout: what the project is (README), notable folders, where tests and migrations live."""

from __future__ import annotations

import re
from collections import Counter

from picasso_tui.languages import DISPLAY
from picasso_tui.profile.findings import Knowledge, human_list, plural
from picasso_tui.profile.languages import language_in
from picasso_tui.profile.walk import Tree

PURPOSES = {
    "src": "source code", "lib": "library code", "app": "the application", "apps": "applications (monorepo)",
    "packages": "packages (monorepo)", "crates": "Rust crates", "cmd": "Go commands",
    "internal": "internal Go packages",
    "pkg": "Go packages", "tests": "tests", "test": "tests", "spec": "specs (tests)", "__tests__": "tests",
    "docs": "documentation", "doc": "documentation", "scripts": "scripts", "bin": "executables and scripts",
    "tools": "tooling", "examples": "examples", "benchmarks": "benchmarks", "bench": "benchmarks",
    "migrations": "database migrations", "db": "database schema and migrations", "config": "configuration",
    "public": "static assets served as-is", "static": "static assets", "assets": "assets", "styles": "stylesheets",
    "include": "public headers", "deploy": "deployment", "infra": "infrastructure", "k8s": "Kubernetes manifests",
    "charts": "Helm charts", ".github": "GitHub workflows and templates", "components": "UI components",
    "pages": "pages / routes", "routes": "routes", "api": "API", "server": "server code", "client": "client code",
    "web": "web front end", "frontend": "front end", "backend": "back end", "models": "models", "fixtures": "fixtures",
    "snapshots": "snapshots", "proto": "protocol definitions", "resources": "resources", "locales": "translations",
}  # fmt: skip
MIGRATION_DIRS = (
    "migrations",
    "db/migrate",
    "db/migrations",
    "alembic/versions",
    "prisma/migrations",
    "database/migrations",
    "src/main/resources/db/migration",
    "src/main/resources/db/changelog",
    "supabase/migrations",
    "sql/migrations",
)
TEST_FILE = re.compile(
    r"(^|/)(test_[^/]+\.py|[^/]+_test\.(py|go)|[^/]+\.(test|spec)\.[jt]sx?|[^/]+_spec\.rb|[^/]+Tests?\.(java|kt|php)"
    r"|[^/]+_test\.(rb|cc|cpp|c)|test[-_][^/]+\.(c|cc|cpp)|[^/]+-test\.(c|cc|cpp))$"
)
TEST_DIRS = {"tests", "test", "spec", "__tests__", "testing", "src/test"}


def _readme(tree: Tree, k: Knowledge) -> None:
    rel = tree.first("README.md", "README.rst", "README", "README.txt", "readme.md", "Readme.md")
    if not rel:
        return
    text = tree.read(rel) or ""
    title = re.search(r"^#\s+(.+)$", text, re.MULTILINE)
    paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text)]
    prose = [p for p in paragraphs if p and not p.startswith(("#", "<", "[!", "![", "[![", "```", "|", "=", "-"))]
    if not prose:
        return
    summary = prose[0][:400]
    name = title.group(1).strip() if title else tree.root.name
    k.fact("project/summary", f"Project: {name[:80]}", f"Project {name}: {summary}", rel, tags=("readme",))


def _folders(tree: Tree, k: Knowledge) -> None:
    counts: Counter[str] = Counter()
    langs: dict[str, Counter[str]] = {}
    for rel in tree.files:
        if "/" not in rel:
            continue
        top = rel.split("/", 1)[0]
        counts[top] += 1
        lang = language_in(tree, rel)
        if lang:
            langs.setdefault(top, Counter())[lang] += 1
    if not counts:
        return
    described = []
    readmes = []
    for folder, n in sorted(counts.items(), key=lambda kv: -kv[1])[:12]:
        what = PURPOSES.get(folder.lower())
        main = langs.get(folder)
        lang = DISPLAY.get(main.most_common(1)[0][0]) if main else None
        bits = [b for b in (what, f"mostly {lang}" if lang else None, plural(n, "file")) if b]
        readme = tree.first(f"{folder}/README.md", f"{folder}/README.rst", f"{folder}/README")
        said = first_sentence(tree.read(readme) or "") if readme else ""
        if said:
            bits.append(f"README: {said}")
            readmes.append(readme or "")
        described.append(f"{folder}/ ({', '.join(bits)})")
    root_readme = tree.first("README.md", "README.rst", "README", "README.txt", "readme.md", "Readme.md")
    body = "Top-level folders: " + "; ".join(described) + "."
    docs = _docs_tool(tree)
    if docs:
        body += f" Documentation is built with {docs[0]} ({docs[1]})."
    k.fact("layout/folders", "Notable folders", body, *([root_readme] if root_readme else []), *readmes,
           *([docs[1]] if docs else []), tags=("layout",))  # fmt: skip


DOC_TOOLS = (
    ("mkdocs.yml", "MkDocs"), ("mkdocs.yaml", "MkDocs"), ("conf.py", "Sphinx"),
    ("docusaurus.config.js", "Docusaurus"), ("docusaurus.config.ts", "Docusaurus"), ("book.toml", "mdBook"),
    ("Doxyfile", "Doxygen"), (".vitepress", "VitePress"), ("antora.yml", "Antora"), (".yardopts", "YARD"),
)  # fmt: skip


def _docs_tool(tree: Tree) -> tuple[str, str] | None:
    """(tool, its config file) for the documentation site: the config at the root, in a docs folder or one below
    (docs/src/conf.py, support/mkdocs.yml); a Sphinx conf.py counts only inside a doc/docs folder."""
    for rel in sorted(tree.files, key=lambda f: f.count("/")):
        if rel.count("/") > 2:
            break
        parts = rel.split("/")
        for name, tool in DOC_TOOLS:
            if parts[-1] == name or (name.startswith(".") and name in parts[:-1]):
                if tool == "Sphinx" and not any(p in ("doc", "docs", "documentation") for p in parts[:-1]):
                    continue
                return tool, rel if not name.startswith(".") else "/".join(parts[: parts.index(name) + 1])
    return None


def first_sentence(text: str, limit: int = 100) -> str:
    """The first sentence of a document's first prose paragraph (headings, badges and code skipped)."""
    for paragraph in re.split(r"\n\s*\n", text):
        p = " ".join(paragraph.split())
        if p and not p.startswith(("#", "<", "[!", "![", "[![", "```", "|", "=", "-", "*")):
            sentence = re.split(r"(?<=[.!?])\s", p, maxsplit=1)[0]
            return sentence if len(sentence) <= limit else sentence[: limit - 1].rsplit(" ", 1)[0] + "…"
    return ""


def _tests(tree: Tree, k: Knowledge) -> None:
    tests = [f for f in tree.files if TEST_FILE.search(f)]
    if not tests:
        return
    where: Counter[str] = Counter()
    beside = 0
    for rel in tests:
        parts = rel.split("/")
        idx = next((i for i, p in enumerate(parts[:-1]) if p in TEST_DIRS or p.endswith("tests")), None)
        if idx is None:
            beside += 1
        else:
            where["/".join(parts[: idx + 1]) + "/"] += 1
    places = [f"in {d} ({plural(n, 'file')})" for d, n in where.most_common(4)]
    if where:
        top, n = where.most_common(1)[0]
        total = len(tree.under(top))
        if total > 50 and total > 5 * n:  # curl's tests/data: the suite is mostly not in files named like tests
            places[0] += f", which holds {total} files in all (other suites or test data too)"
    if beside:
        places.append(f"beside the source they test ({plural(beside, 'file')})")
    style: Counter[str] = Counter()
    for name in (t.rsplit("/", 1)[-1] for t in tests):
        for pat, label in (
            (r"^test_.*\.py$", "test_*.py"),
            (r"_test\.go$", "*_test.go"),
            (r"\.test\.[jt]sx?$", "*.test.*"),
            (r"\.spec\.[jt]sx?$", "*.spec.*"),
            (r"_spec\.rb$", "*_spec.rb"),
            (r"Tests?\.\w+$", "*Test.*"),
            (r"_test\.\w+$", "*_test.*"),
            (r"^test-.*\.(c|cc|cpp)$", "test-*.{}"),
            (r"^test_.*\.(c|cc|cpp)$", "test_*.{}"),
            (r"-test\.(c|cc|cpp)$", "*-test.{}"),
        ):
            if m := re.search(pat, name):
                style[label.format(*m.groups())] += 1
                break
    k.fact(
        "layout/tests",
        "Where tests live",
        f"{plural(len(tests), 'test file')}, named {human_list([s for s, _ in style.most_common(3)])}; "
        f"they live {human_list(places)}.",
        *[next(t for t in tests if t.startswith(d)) for d, _ in where.most_common(3)] or tests[:3],
        tags=("tests",),
    )


def _migrations(tree: Tree, k: Knowledge) -> None:
    for folder in MIGRATION_DIRS:
        files = tree.under(folder)
        if files:
            k.fact(
                "layout/migrations",
                f"Migrations in {folder}/",
                f"Database migrations live in {folder}/ ({plural(len(files), 'file')}; "
                f"newest {files[-1].rsplit('/', 1)[-1]}).",
                tags=("database",),
            )
            return


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    for step in (_readme, _folders, _tests, _migrations):
        step(tree, k)
    return k
