"""Rules the configuration enforces: a check that fails the build is a rule even when no guide writes it down.

Each rule names the setting and the file it is in: pytest turning warnings into errors, a coverage threshold,
unsafe Rust forbidden, Go tests under the race detector, a licence header on every source file, generated files, a
CI job that fails when its commands change the checkout (`ci_clean_tree.py`).
"""

from __future__ import annotations

import re

from picasso_tui.profile.ci_clean_tree import clean_tree_rules
from picasso_tui.profile.ecosystems.jvm_level import without_plugin_management
from picasso_tui.profile.findings import Finding, human_list
from picasso_tui.profile.generated import generated_by, generator_named, made_from, remake_with
from picasso_tui.profile.recipes import recipe_lines
from picasso_tui.profile.walk import Tree, is_auxiliary, is_vendored
from picasso_tui.store.schema import MemoryClass

_WARNINGS_ARE_ERRORS = re.compile(r"^\s*filterwarnings\s*=\s*\[?\s*\n?\s*[\"']?error[\"']?\s*(?:,|\]|$)", re.M)
COVERAGE_FILES = ("pyproject.toml", "setup.cfg", ".coveragerc", "tox.ini", "Makefile", "package.json", "noxfile.py")
_THRESHOLD = re.compile(
    r"(?P<setting>(?:--(?:cov-)?fail-under[= ]|fail_under\s*=\s*|--check-coverage\b[^\n\"']*?--lines[= ]|"
    r"--lines[= ]|minimum_coverage\(?\s*(?:line:\s*)?|(?<=bnt )--coverage[= ])(?P<n>\d{2,3}(?:\.\d+)?))"
)
_UNSAFE = re.compile(r"^\s*unsafe_code\s*=\s*[\"'](forbid|deny)[\"']", re.M)
_RACE = re.compile(r"\bgo test\b[^\n]*\s-race\b")


_FILTER = re.compile(r"^\s*[\"']?(default|ignore|always|once|module):([^:\n]*):([\w.]+)(?::([\w.*]+))?", re.M)
"""Filters after `error`, `action:message:category:module` (responses' `default::DeprecationWarning`, limits'
`ignore::DeprecationWarning:redis.*`)."""


def _spared(after: str) -> str:
    """The filters that let a warning through, named as a reader checks them: the category's own name, where it
    comes from and whether it is shown or hidden (limits' `module::pytest.PytestUnraisableExceptionWarning`)."""
    shown: list[str] = []
    hidden: list[str] = []
    for action, message, category, module in _FILTER.findall(after):
        what = f"`{category.rsplit('.', 1)[-1]}`"
        if module:
            what += f" from `{module.removesuffix('.*')}`"
        if message.strip():
            what += " with a given message"
        (hidden if action == "ignore" else shown).append(what)
    parts = [f"{_and(shown)}, which it only shows"] if shown else []
    if hidden:
        parts.append(f"{_and(hidden)}, which it ignores")
    return "; ".join(parts)


def _and(items: list[str]) -> str:
    named = list(dict.fromkeys(items))
    if len(named) > 4:
        return f"{', '.join(named[:3])} and {len(named) - 3} more"
    return " and ".join([", ".join(named[:-1]), named[-1]]) if len(named) > 1 else named[0]


PYTEST_SECTIONS = {
    "pytest.ini": "",
    ".pytest.ini": "",
    "pyproject.toml": "[tool.pytest",
    "tox.ini": "[pytest]",
    "setup.cfg": "[tool:pytest]",
}
"""pytest's configuration files in the order it looks for them, and the section that makes one its configuration."""


def pytest_config(tree: Tree) -> str:
    """The one file pytest reads its settings from: the first of its order that has them (arviz's pytest.ini wins
    over pyproject.toml's [tool.pytest.ini_options], whose settings then never apply); "" for none."""
    for rel, section in PYTEST_SECTIONS.items():
        if tree.has(rel) and section in (tree.read(rel) or ""):
            return rel
    return ""


def _pytest(tree: Tree) -> list[tuple[str, str]]:
    rel = pytest_config(tree)
    text = (tree.read(rel) or "") if rel else ""
    if errors := _WARNINGS_ARE_ERRORS.search(text):
        after = text[errors.end() :].split("\n\n", 1)[0]  # the same setting's further lines
        if spared := _spared(after):
            return [(f"pytest turns warnings into errors (`filterwarnings = error` in {rel}) except "
                     f"{spared}: a new warning of another kind fails the test suite.", rel)]  # fmt: skip
        return [(f"pytest turns warnings into errors (`filterwarnings = error` in {rel}): a new warning fails "
                 "the test suite.", rel)]  # fmt: skip
    return []


def _coverage(tree: Tree) -> list[tuple[str, str]]:
    scripts = [f for f in tree.under("scripts") if f.count("/") == 1 and "." not in f.rsplit("/", 1)[-1]]
    # SimpleCov's settings: in .simplecov or the test helper that starts it (http's test/support/simplecov.rb)
    helper = re.compile(r"\.simplecov|(test|spec)/([\w/]*helper|support/simplecov)\.rb")
    # started inside a condition (sidekiq's `if ENV["COVERAGE"]` around `require "simplecov"`): no default run checks it
    conditional = re.compile(r"^[ \t]+require\s*\(?[\"']simplecov[\"']", re.MULTILINE)
    simplecov = [f for f in tree.files if helper.fullmatch(f) and not conditional.search(tree.read(f) or "")]
    for rel in [*(f for f in COVERAGE_FILES if tree.has(f)), *scripts, *simplecov]:
        text = tree.read(rel) or ""
        for m in _THRESHOLD.finditer(text):
            line = text[text.rfind("\n", 0, m.start()) + 1 : m.start()]
            if re.match(r"\s*(#|//)", line):
                continue  # chalice's Makefile: "# Eventually I'll add: … --cov-fail-under 95", a wish, no setting
            if 50 <= float(m.group("n")) <= 100:  # yarl's `fail_under = 98.95`: the decimals are the threshold
                setting = " ".join(m.group("setting").replace("(", " ").split())  # thor's `minimum_coverage(90)`
                what = "Line coverage" if "lines" in setting else "Test coverage"
                return [(f"{what} must stay at {m.group('n')}% (`{setting}` in {rel}).", rel)]
    return []


_JACOCO_LIMIT = re.compile(
    r"<counter>\s*(\w+)\s*</counter>\s*<value>\s*COVEREDRATIO\s*</value>\s*<minimum>\s*([\d.]+)\s*</minimum>"
)


def _jacoco(tree: Tree) -> list[tuple[str, str]]:
    """JaCoCo's `check` goal with covered-ratio minimums (zalando/problem: LINE and BRANCH at 1.0 for every class):
    the Maven build fails below them."""
    pom = tree.read("pom.xml") or "" if tree.has("pom.xml") else ""
    # the check goal of JaCoCo's own plugin block: junit-quickcheck sets rules but binds only spotbugs' `check`
    plugin = re.search(r"<artifactId>\s*jacoco-maven-plugin\s*</artifactId>(.*?)</plugin>", pom, re.DOTALL)
    if not plugin or "<goal>check</goal>" not in plugin.group(1):
        return []
    pom = plugin.group(1)
    limits = dict.fromkeys((c.upper(), float(n)) for c, n in _JACOCO_LIMIT.findall(pom) if 0.5 <= float(n) <= 1.0)
    if not limits:
        return []
    by_level: dict[float, list[str]] = {}
    for counter, n in limits:
        by_level.setdefault(n, []).append(counter.lower())
    said = "; ".join(f"{' and '.join(c)} coverage must stay at {n:.0%}" for n, c in by_level.items())
    return [(f"{said[0].upper()}{said[1:]} (JaCoCo's `check` goal in pom.xml fails the Maven build below).", "pom.xml")]


def _rust(tree: Tree) -> list[tuple[str, str]]:
    if tree.has("Cargo.toml") and (m := _UNSAFE.search(tree.read("Cargo.toml") or "")):
        verb = "forbidden" if m.group(1) == "forbid" else "denied"
        return [(f'unsafe code is {verb} (`unsafe_code = "{m.group(1)}"` in Cargo.toml).', "Cargo.toml")]
    for rel in ("src/lib.rs", "src/main.rs"):
        if tree.has(rel) and "#![forbid(unsafe_code)]" in (tree.read(rel) or ""):
            return [(f"unsafe code is forbidden (`#![forbid(unsafe_code)]` in {rel}).", rel)]
    return []


_MISSING_DOCS = re.compile(r"^#!\[(deny|warn|forbid)\((?:\s*[\w:]+\s*,)*\s*missing_docs\b", re.M)
_LINT_TABLE_DOCS = re.compile(r"^\s*missing_docs\s*=\s*(?:\{[^}\n]*level\s*=\s*)?[\"'](deny|warn|forbid)[\"']", re.M)


def _rust_docs(tree: Tree) -> list[tuple[str, str]]:
    """Public items must be documented where the crates say so (spin's `#![deny(missing_docs)]` in src/lib.rs;
    bones' `#![warn(missing_docs)]` in each framework crate; a `[lints.rust]` table's `missing_docs`)."""
    if not tree.has("Cargo.toml"):
        return []
    manifest = tree.read("Cargo.toml") or ""
    if (m := _LINT_TABLE_DOCS.search(manifest)) and "[lints.rust]" in manifest.replace("workspace.lints", "lints"):
        level = "fails the build" if m.group(1) != "warn" else "warns"
        return [(f"Public items are documented: `missing_docs = \"{m.group(1)}\"` in Cargo.toml {level} on one "
                 "that is not.", "Cargo.toml")]  # fmt: skip
    roots = [f for f in tree.files if re.fullmatch(r"([\w.-]+/){0,2}src/lib\.rs", f) and not is_auxiliary(f)][:60]
    levels = {rel: m.group(1) for rel in roots if (m := _MISSING_DOCS.search(tree.read(rel) or ""))}
    if not levels or (not levels.get("src/lib.rs") and 2 * len(levels) < len(roots)):
        return []  # one crate of many asks for it: no rule of the project's
    strict = [rel for rel, level in levels.items() if level != "warn"]
    rel = "src/lib.rs" if "src/lib.rs" in levels else sorted(levels)[0]
    level = levels[rel]
    where = rel if len(levels) == 1 else f"{len(levels)} of the {len(roots)} crates' lib.rs"
    outcome = "fails the build on" if strict and len(strict) == len(levels) else "warns on"
    return [(f"Public items are documented: `#![{level}(missing_docs)]` ({where}) {outcome} one that is not.", rel)]


def _race(tree: Tree) -> list[tuple[str, str]]:
    """Go tests under the race detector, where CI runs them so: a `-race` in a workflow, or in the recipe of a make
    or just target a workflow runs. distribution's `make test-race` and updatecli's `make test` (CI runs `make
    test-short`) have it in targets CI never runs: no rule a change meets."""
    if not tree.has("go.mod"):
        return []
    workflows = [f for f in tree.under(".github/workflows") if f.endswith((".yml", ".yaml"))]
    for rel in workflows:
        text = tree.read(rel) or ""
        if _RACE.search(text):
            return [(f"Go tests run with the race detector (`go test -race` in {rel}).", rel)]
        for runner, target in re.findall(r"\b(make|just)\s+([\w-]+)(?=[\s\"']|$)", text, re.MULTILINE):
            if any(_RACE.search(line) for line in _reached(tree, f"{runner} {target}")):
                source = "Makefile" if runner == "make" else "justfile"
                return [(f"Go tests run with the race detector (`{runner} {target}`, which CI runs, passes `-race` "
                         f"in {source}).", source)]  # fmt: skip
    return []


def _reached(tree: Tree, command: str, depth: int = 3) -> list[str]:
    """The lines a make or just target runs, with those of the targets it runs in turn (chi's `make test` runs
    `$(MAKE) test-router`, whose recipe is `go test -race -v .`)."""
    lines = recipe_lines(tree, command) or []
    runner = command.split()[0]
    found = list(lines)
    for line in lines if depth else []:
        for target in re.findall(r"(?:^|&&\s*|;\s*)(?:\$\(MAKE\)|make|just)\s+([\w-]+)", line):
            found += _reached(tree, f"{runner} {target}", depth - 1)
    return found


_INSERT_LICENSE = re.compile(r"id:\s*insert-license\b.{0,300}?--license-filepath\W{1,4}([\w./-]+)", re.DOTALL)
_HEADER_FILE = re.compile(r"<header>\s*([^<\s]+)\s*</header>|<licenseHeader>\s*<file>\s*([^<\s]+)\s*</file>")


def _licence_header(tree: Tree) -> list[tuple[str, str]]:
    """Every source file carries the licence header a build step checks or writes (tomli's insert-license hook,
    easy-random's license-maven-plugin, jansi's Spotless `<licenseHeader>`)."""
    if m := _INSERT_LICENSE.search(tree.read(".pre-commit-config.yaml") or ""):
        return [(f"Every source file starts with the licence header in {m.group(1)} (the `insert-license` "
                 "pre-commit hook adds it).", ".pre-commit-config.yaml")]  # fmt: skip
    for rel in ("pom.xml", "build.gradle", "build.gradle.kts"):
        text = tree.read(rel) or ""
        if re.search(r"<licenseHeader>|\blicenseHeader(File)?\b", text) and "spotless" in text.lower():
            tool = "Spotless"
        elif (
            "license-maven-plugin" in text
            and re.search(r"<(inline)?[hH]eader>|check-file-header", text)
            and _maven_runs(tree, "license-maven-plugin")
        ):
            tool = "license-maven-plugin"
        else:
            continue
        named = next((a or b for a, b in _HEADER_FILE.findall(text) if tree.has(a or b)), "")
        return [(f"Every source file starts with the licence header{f' in {named}' if named else ''} ({tool} "
                 f"in {rel} enforces it).", rel)]  # fmt: skip
    return []


def _maven_runs(tree: Tree, plugin: str) -> bool:
    """A Maven plugin some build of the project applies: named outside <pluginManagement> (which only configures a
    plugin for the modules that name it; depgraph-maven-plugin's licence check is configured there and never bound),
    or run by CI as a goal."""
    if not tree.has("pom.xml"):
        return True  # a Gradle build: the plugin block applies what it names
    poms = [f for f in tree.files if f.endswith("pom.xml") and not is_auxiliary(f)][:40]
    applied = (without_plugin_management(tree.read(f) or "") for f in poms)
    if any(re.search(rf"<artifactId>\s*{re.escape(plugin)}\s*</artifactId>", text) for text in applied):
        return True
    short = plugin.removesuffix("-maven-plugin")
    workflows = (tree.read(f) or "" for f in tree.under(".github/workflows"))
    return any(re.search(rf"\b{re.escape(short)}:\w", text) for text in workflows)


SOURCE = (".rs", ".go", ".py", ".ts", ".js", ".java", ".kt", ".rb", ".php", ".c", ".h", ".cc", ".cpp", ".hpp")


GENERATED_READ = 400
"""Source files read for a generated-code header: a large tree's count of them would be a guess."""


def _generated(tree: Tree) -> list[tuple[str, str]]:
    """Source files whose header comment says they are generated and not to be edited (unicode-width's
    src/tables.rs "generated by scripts/unicode.py, do not edit directly", testify's `_codegen` output): a change
    goes into the generator, then the file is made again."""
    found: list[tuple[str, str]] = []
    tests = {"test", "tests", "spec", "testdata", "__tests__"}  # a test's generated fixture is no one's to regenerate
    own = [f for f in tree.own if f.endswith(SOURCE) and not is_vendored(f) and not tests & set(f.split("/")[:-1])]
    for rel in own[:GENERATED_READ]:
        if (by := generated_by(tree, rel)) is not None:
            found.append((rel, generator_named(by)))
    if not found:
        return []
    named = human_list([f + (f" (by {by})" if by else "") for f, by in found], 3)
    if len(own) > GENERATED_READ and len(found) > 3:
        # weaviate's "… and 104 more" counted the first 400 files read; 972 say they are generated
        named = named.rsplit(" and ", 1)[0] + " and others"
    remakes = {remake_with(tree, rel, by) for rel, by in found}
    if len(remakes) == 1 and (remake := remakes.pop()):  # the header's own word beats the generic advice
        many = len(found) > 1
        what = remake.format(it="them" if many else "it")
        why = "their headers say so" if many else "the file's header says so"
        return [(f"Generated, not edited by hand ({why}): {named}; {what}.", found[0][0])]
    again = "them" if len(found) > 1 else "it"
    grammar = [by for _, by in found if ", from " in by]  # mail's parsers: made from the Ragel grammar beside them
    why = (
        "made from the grammar beside it"
        if len(grammar) == len(found)
        else ("the file's header says so" if not grammar else "its header, or the grammar beside it, says so")
    )
    sources = [made_from(tree, rel) for rel, _ in found]
    if all(sources):  # gojq's parser.go from parser.go.y: the file to edit, not the generator
        named = human_list([f"{rel} (from {src})" for (rel, _), src in zip(found, sources, strict=True)], 3)
        made = "they are" if len(found) > 1 else "it is"
        return [(f"Generated, not edited by hand ({why}): {named}; edit what {made} made from and make {again} "
                 "again.", found[0][0])]  # fmt: skip
    if not any(by for _, by in found):
        # kamailio's digest_keys.h, "automatically generated, do not edit", names no generator and the tree has none
        return [(f"Generated, not edited by hand ({why}): {named}.", found[0][0])]
    return [(f"Generated, not edited by hand ({why}): {named}; change the generator and make "
             f"{again} again.", found[0][0])]  # fmt: skip


def config_rules(tree: Tree) -> Finding | None:
    """One record of the rules the configuration enforces, each with the file that sets it."""
    found = [
        *_pytest(tree),
        *_coverage(tree),
        *_jacoco(tree),
        *_rust(tree),
        *_rust_docs(tree),
        *_race(tree),
        *_licence_header(tree),
        *_generated(tree),
        *clean_tree_rules(tree),
    ]
    if not found:
        return None
    body = "Rules the configuration enforces:\n" + "\n".join(f"- {rule}" for rule, _ in found)
    sources = tuple(dict.fromkeys(rel for _, rel in found))
    return Finding("rules/config", MemoryClass.REPO_RULE, "Rules the configuration enforces", body, sources,
                   tags=("rules", "config"))  # fmt: skip
