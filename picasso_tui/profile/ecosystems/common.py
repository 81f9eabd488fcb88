"""Helpers the ecosystem modules share: dependency tables and tolerant manifest parsing."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import tomli

from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.walk import Tree

LOOPED_TESTS = re.compile(r"\bforeach\s*\((?:(?!\bendforeach\b).)*?\badd_test\s*\(", re.IGNORECASE | re.DOTALL)
"""Tests registered once per name of a list: as many as the list holds, each its own ctest entry."""

KIND_TITLES = {
    "database": "Database / ORM",
    "migrations": "Migrations",
    "cli": "CLI toolkit",
    "build": "Build tools",
    "docs": "Documentation",
    "test": "Test tools",
    "lint": "Lint and format",
    "refactor": "Automated refactoring",
    "types": "Static analysis and types",
}
MAIN_DEPENDENCIES = 8
"""How many runtime dependencies the stack names: the few a maintainer would, not the whole manifest."""
SCANNED_FOR_USE = 400
"""Source files read (their first 4 KB, where imports are) to rank dependencies by use."""


def rank_by_use(
    tree: Tree, names: list[str], exts: tuple[str, ...], imported: Callable[[str], set[str]]
) -> tuple[list[str], bool]:
    """The dependencies, most imported first (by how many of the project's own files import each; `imported` gives
    the names one file imports, read in one pass), declared order within a tie, and whether any is imported at all:
    a manifest's alphabetical list heads with abbrev and atty, where hexo is built on warehouse and nunjucks and
    selene on full_moon."""
    uses: Counter[str] = Counter()
    for rel in [f for f in tree.own if f.endswith(exts)][:SCANNED_FOR_USE]:
        uses.update(imported((tree.read(rel) or "")[:4096]))
    return sorted(names, key=lambda n: -uses[n]), any(uses[n] for n in names)


def load_toml(tree: Tree, rel: str) -> dict[str, Any]:
    text = tree.read(rel)
    if not text:
        return {}
    try:
        return tomli.loads(text)
    except tomli.TOMLDecodeError:
        return {}


def load_json(tree: Tree, rel: str) -> dict[str, Any]:
    return tree.read_json(rel)


def root_gemspecs(tree: Tree) -> list[str]:
    """The gemspecs at the root, the main gem's first: the one named like the repository's folder, else the
    shortest (concurrent-ruby.gemspec before concurrent-ruby-edge.gemspec, which only adds to it)."""
    found = [f for f in tree.files if "/" not in f and f.endswith(".gemspec")]
    return sorted(found, key=lambda f: (f.removesuffix(".gemspec") != tree.root.name, len(f), f))


def zensical_site(tree: Tree) -> bool:
    """The project builds its mkdocs.yml with Zensical, which reads MkDocs' config (starlette's docs group has
    zensical and no mkdocs): `zensical build`, not `mkdocs build`."""
    text = (tree.read("pyproject.toml") or "") + "".join(tree.read(f) or "" for f in tree.files if "requirements" in f)
    return bool(re.search(r"""["'\n]zensical\b""", text)) and not re.search(r"""["'\n]mkdocs["'>=<~\s\n]""", text)


def workflow_text(tree: Tree) -> str:
    """Every GitHub workflow file's text, one after another: for checks of what CI runs."""
    return "\n".join(tree.read(f) or "" for f in tree.under(".github/workflows"))


def gem_text(tree: Tree) -> str:
    """The Gemfile and the root gemspecs: where a Ruby project brings its tools (yard, rubocop, standard)."""
    gemspecs = root_gemspecs(tree)[:2]
    return "\n".join(tree.read(f) or "" for f in ["Gemfile", *gemspecs])


def preloaded_helper(tree: Tree, example: str) -> str:
    """The helper a Rake TestTask loads as its first test file (scientist's `FileList['test/test_helper.rb',
    'test/**/*_test.rb']`) when the test file does not require it: run alone, the file must preload it
    (`-rtest_helper`), or `describe` is undefined. "" when the file loads what it needs."""
    text = tree.read("Rakefile") or "" if tree.has("Rakefile") else ""
    listed = re.search(r"test_files\s*=\s*FileList\[\s*['\"]test/([\w/]*helper)\.rb['\"]", text)
    if not listed or re.search(r"^\s*require(_relative)?\b[^\n]*helper", tree.read(example) or "", re.MULTILINE):
        return ""
    return listed.group(1)


YARD_TAG = re.compile(r"^\s*# @(param|return|raise|example|yield)\b", re.MULTILINE)
YARD_FILES = 5
"""lib/ files with YARD tags that make them the project's practice, not a stray `@return` (rack has two)."""


def yard_tagged(tree: Tree) -> bool:
    """Code documented with YARD tags under a .yardopts (tzinfo, ruby-jwt): YARD is the docs format whether or not
    the Gemfile brings it, and an RDoc build would show those tags raw."""
    if not tree.has(".yardopts"):
        return False
    files = [f for f in tree.under("lib") if f.endswith(".rb")][:300]
    return sum(bool(YARD_TAG.search(tree.read(f) or "")) for f in files) >= YARD_FILES


def black_excludes_everything(pyproject: dict[str, Any]) -> bool:
    """[tool.black]'s force-exclude matches every path (astroquery's `( .* )`): black is switched off, and its table
    says nothing of how the code is formatted."""
    black = dig(pyproject, "tool", "black")
    pattern = black.get("force-exclude") or black.get("exclude") if isinstance(black, dict) else None
    if not isinstance(pattern, str):
        return False
    try:
        compiled = re.compile(pattern, re.VERBOSE)
    except re.error:
        return False
    return all(compiled.search(path) for path in ("/src/package/module.py", "/tests/test_module.py", "/setup.py"))


def dig(data: Any, *keys: str) -> Any:
    for key in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


_REQ_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def requirement_name(spec: str) -> str | None:
    """``Django>=4 ; python_version>'3'`` -> ``django`` (PEP 503 normalised)."""
    m = _REQ_NAME.match(spec)
    return re.sub(r"[-_.]+", "-", m.group(1)).lower() if m else None


def classify(deps: set[str], table: dict[str, tuple[str, str]]) -> dict[str, list[str]]:
    """{kind: [labels]} for the dependencies this table knows (a dependency may be a prefix like ``@nestjs/``)."""
    out: dict[str, list[str]] = {}
    for name, (label, kind) in table.items():
        hit = any(d.startswith(name) for d in deps) if name.endswith("/") else name in deps
        if hit and label not in out.setdefault(kind, []):
            out[kind].append(label)
    return {k: v for k, v in out.items() if v}


def known(name: str, table: dict[str, tuple[str, str]]) -> tuple[str, str] | None:
    """(label, kind) when the table knows this dependency (an entry ending in ``/`` is a prefix)."""
    if name in table:
        return table[name]
    return next((v for prefix, v in table.items() if prefix.endswith("/") and name.startswith(prefix)), None)


@dataclass
class Stack:
    """What a project declares: its runtime dependencies in manifest order (None when no manifest says
    authoritatively), the development-only ones, and whether it is a library or an application."""

    runtime: list[str] | None
    dev: set[str] = field(default_factory=set)
    role: str = ""
    extra: str = ""
    optional: set[str] = field(default_factory=set)
    """Runtime dependencies behind a feature or extra: what the project offers, not what it is built on."""
    known_only: bool = False
    """Name only the dependencies the table knows (a monorepo's packages declare many small ones)."""
    none: str = "no runtime dependencies"
    """How to say that ``runtime`` is empty (a Go module: standard library only); "" says nothing."""
    versions: dict[str, str] = field(default_factory=dict)
    """The major versions a manifest allows a tool, by package (PHPUnit's `^9.0`: "9"), said beside its name."""
    ordered: bool = True
    """Whether the manifest lists dependencies in the author's order (go.mod is sorted by `go mod tidy`: its first
    entries are the alphabet's, not the project's main ones)."""


DATABASE_DRIVER = re.compile(
    r"postgres|\bpgx\b|/pq$|mysql|mariadb|sqlite|mongo|cassandra|gocql|spanner|clickhouse|redshift|snowflake|"
    r"cockroach|neo4j|firebird|mssql|sqlserver|oracle|rqlite|sqlcipher|dynamodb|couchbase|bigquery|/ql$",
    re.IGNORECASE,
)
MANY_DRIVERS = 4
"""From this many database drivers on, the project serves many databases (a migration tool, a query builder):
naming one of them as its database would mislead."""


def stack_facts(
    k: Knowledge, eco: str, display: str, table: dict[str, tuple[str, str]], stack: Stack, sources: list[str]
) -> None:
    """One fact naming what the project is built on (its known frameworks first, then the first other runtime
    dependencies it declares), its database, CLI, build and test tools, and whether it is a library or an app."""
    runtime = list(dict.fromkeys(stack.runtime or []))
    built: list[str] = []
    offered: list[str] = []
    kinds: dict[str, list[str]] = {}
    for name in runtime:
        hit = known(name, table)
        if hit and hit[1] == "framework":  # arrayvec's serde is behind a feature: offered, not built on
            (offered if name in stack.optional else built).append(hit[0])
        elif hit and hit[1] == "build" and eco == "python":
            continue  # conda requires setuptools at runtime and builds with hatchling: a library it uses, no build tool
        elif hit and not (hit[1] == "test" and name in stack.optional and name not in stack.dev):
            # num-bigint's optional quickcheck gives users Arbitrary impls: a feature of the library, not its tests;
            # rustyline's rusqlite keeps history only behind with-sqlite-history
            optional = name in stack.optional and name not in stack.dev
            kinds.setdefault(hit[1], []).append(f"{hit[0]} (optional)" if optional else hit[0])
    order = {label: i for i, (label, _) in enumerate(table.values())}
    built.sort(key=lambda label: order.get(label, len(order)))  # the table lists the best-known first
    others = [n for n in runtime if not known(n, table) and n not in stack.optional and not stack.known_only]
    drivers = [n for n in runtime if DATABASE_DRIVER.search(n)]
    serves_many = len(drivers) >= MANY_DRIVERS
    if serves_many:
        kinds.pop("database", None)
        others = [n for n in others if n not in drivers]
    if not stack.ordered and len(others) > MAIN_DEPENDENCIES:
        others = []  # the first of an alphabetical list are not what the project is built on
    built = list(dict.fromkeys(built + others))
    for name in sorted(stack.dev - set(runtime)):
        hit = known(name, table)
        if hit and hit[1] in ("test", "build", "docs", "lint", "types", "refactor"):
            kinds.setdefault(hit[1], []).append(
                f"{hit[0]} {stack.versions[name]}" if name in stack.versions else hit[0]
            )
    kinds = {kind: list(dict.fromkeys(labels)) for kind, labels in kinds.items()}
    for labels in kinds.values():  # "PHPUnit 9" keeps PHPUnit's place
        labels.sort(key=lambda label: order.get(label, order.get(label.rsplit(" ", 1)[0], len(order))))
    parts = [stack.role] if stack.role else []
    if built:
        parts.append(f"built on {human_list(built, MAIN_DEPENDENCIES)}")
        parts += [f"optional: {human_list(offered)} (behind a feature or extra)"] if offered else []
    elif stack.none and runtime and set(runtime) <= stack.optional:  # only behind features or extras
        optional = f"(optional: {human_list(runtime, MAIN_DEPENDENCIES)})"
        # askama: its own askama_derive and askama_escape are required, only the others are behind features
        own = stack.none.split("; ")[-1] if "its own crates" in stack.none else "no required runtime dependencies"
        parts.append(f"{own} {optional}")
    elif stack.runtime is not None and stack.none and not runtime:
        parts.append(stack.none)
    if serves_many:
        parts.append(f"drivers for {len(drivers)} databases ({human_list(drivers, 4)})")
    elif not built and not stack.ordered and len(runtime) > MAIN_DEPENDENCIES:
        parts.append(f"{len(runtime)} direct dependencies")
    parts += [f"{title}: {human_list(kinds[kind])}" for kind, title in KIND_TITLES.items() if kinds.get(kind)]
    if stack.extra:
        parts.append(stack.extra)
    if not parts:
        return
    body = f"{display} stack ({human_list(sources, 3)}): " + "; ".join(parts) + "."
    lead = built[:3] or kinds.get("test", [])[:3]
    title = f"{display} stack: {human_list(lead, 3)}" if lead else f"{display} stack"
    k.fact(f"{eco}/stack", title, body, *sources, tags=(eco, "stack"))


SHELL_SHEBANG = re.compile(r"#!\s*\S*/(env\s+)?(ba|z|da)?sh\b")
"""A file that is a shell script (wp-cli's bin/wp wrapper, gotestsum's `./do`): run as it is."""


def migration_folders(files: list[str]) -> str:
    """Where migrations outside database/migrations are: wave's one wave/database/migrations/, or bagisto's packages'
    own (packages/Webkul/*/src/Database/Migrations/, 24 of them)."""
    folders = sorted({f.rsplit("/", 1)[0] for f in files})
    if len(folders) == 1:
        return folders[0] + "/"
    top = Counter(f.split("/", 1)[0] for f in folders).most_common(1)[0][0]
    return f"{len(folders)} packages' migrations folders under {top}/"
