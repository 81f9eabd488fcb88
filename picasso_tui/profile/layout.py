"""Workspace layout: what the project is (README), notable folders, where tests and migrations live."""

from __future__ import annotations

import re
from collections import Counter

from picasso_tui.languages import DISPLAY
from picasso_tui.profile import go_docs, submodules
from picasso_tui.profile.benchmark_scripts import benchmark_folders
from picasso_tui.profile.build_modules import included_modules, maven_modules, unbuilt_folders
from picasso_tui.profile.docs_moved import moved_away
from picasso_tui.profile.ecosystems.common import (
    dig,
    gem_text,
    load_json,
    load_toml,
    migration_folders,
    root_gemspecs,
    yard_tagged,
    zensical_site,
)
from picasso_tui.profile.ecosystems.javascript import another_languages_project
from picasso_tui.profile.findings import Knowledge, human_list, name_key, plural
from picasso_tui.profile.generated_folders import generated_folders
from picasso_tui.profile.languages import EXPECTED_OUTPUT, STUBS, TEST_DATA, language_in
from picasso_tui.profile.summary_versions import with_manifest_minimums
from picasso_tui.profile.walk import CODE_FILE, EXAMPLE_FOLDER, Tree, is_auxiliary, is_vendored
from picasso_tui.profile.where_tests_live import describe_tests, test_files

PURPOSES = {
    "src": "source code", "lib": "library code", "app": "app code", "apps": "applications (monorepo)",
    "packages": "packages (monorepo)", "crates": "Rust crates", "cmd": "Go commands",
    "internal": "internal Go packages",
    "pkg": "Go packages", "tests": "tests", "test": "tests", "spec": "specs (tests)", "__tests__": "tests",
    "docs": "documentation", "doc": "documentation", "documentation": "documentation", "scripts": "scripts",
    "bin": "executables and scripts", "benchmark": "benchmarks",
    "tools": "tooling", "examples": "examples", "benchmarks": "benchmarks", "bench": "benchmarks",
    "migrations": "database migrations", "db": "database schema and migrations", "config": "configuration",
    "public": "static assets served as-is", "static": "static assets", "assets": "assets", "styles": "stylesheets",
    "include": "public headers", "deploy": "deployment", "infra": "infrastructure", "k8s": "Kubernetes manifests",
    "charts": "Helm charts", ".github": "GitHub workflows and templates", "components": "UI components",
    "pages": "pages / routes", "routes": "routes", "api": "API", "server": "server code", "client": "client code",
    "web": "web front end", "frontend": "front end", "backend": "back end", "models": "models", "fixtures": "fixtures",
    "snapshots": "snapshots", "proptest-regressions": "failing cases proptest saved and replays",
    "proto": "protocol definitions", "resources": "resources", "locales": "translations",
    "requirements": "pip requirement files", "testdata": "test data",
    "templates": "templates", "template": "templates", "fastlane": "fastlane release lanes and store listing",
}  # fmt: skip
LANGUAGE_PURPOSES = {"cmd": "go", "internal": "go", "pkg": "go", "crates": "rust"}
WEB_LANGUAGES = frozenset({"javascript", "typescript", "vue", "svelte", "elm", "dart"})
"""Languages a components/ or pages/ folder of a user interface is written in."""
SERVER_LANGUAGES = frozenset({"php", "python", "ruby", "java", "go", "perl", "csharp"})
"""Languages of pages a server runs: a public/ of them is a web root, not static files."""
"""Folder names whose purpose belongs to one language's convention."""
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
MAX_SUMMARY_HARD = 400
GENERATED_NOTE = re.compile(r"\b(automatically generated|auto-?generated|do not edit|don't (edit|commit))\b", re.I)
"""A folder README that speaks to a generated copy (a site branch) says nothing about the folder itself."""
_DANGLING = re.compile(
    r"\s*(,|\band\b|\bor\b|\bfeaturing|\bincluding|\bsuch as|\bwith|\blike|\bfor|\bas follows|"
    r"\bthe following|\bwhich|\bthat|\bof|\bto|"
    # kcp's "… control plane focusing on:", forest's "With Forest, you can:": the words wait for the list
    r"\b\w+(ing|ed)\s+(on|in|at|by|for|with|to|upon)|\b(you |it |they |we )?(can|could|will|may|lets you))?\s*:$",
    re.IGNORECASE,
)
"""A sentence that ends by opening a list ("… in Go featuring:"): the list is not kept, so neither is its lead-in."""


MAX_SUMMARY = 320
_INTRO = re.compile(r"^(overview|about|introduction|description|what is\b.*)$", re.IGNORECASE)
_DESCRIBES = re.compile(
    r"^(?!(?i:when|if|once|after|before|because|since|while|unless|although|whenever|in|on|at|for|with|by|from|"
    r"under|to|as|of|within|without|during|via|per|your|my|our|their|its|this|these|those|it)\b)"
    r"(?:(?i:introducing|meet|presenting)\s+)?"
    r"(?P<subject>[^,.:;]{1,40}?)(?:\s+(?:is|are)\s+(?:a|an|the)\b|,\s+(?:a|an|the)\s)"
    r"(?!\s*(?i:result|outcome|fruit|product|work|brainchild|successor|culmination)\b)"
)
"""A sentence naming what something is; a subordinate clause or a preposition first ("When assertions fail, an
exception …", keyring's "On Linux, the KWallet backend …") names nothing, nor does a possessive or a pronoun
(zustand's "Your store is a hook!"). Inlyne's "Introducing Inlyne, a GPU powered … tool" names Inlyne; gokrazy's
"gokrazy is the result." and winnow's "winnow is the fruit of the work of many contributors" say whose work it is,
not what it does."""


_SHEBANG = re.compile(r"#!\s*\S*?(?:/env\s+(?:-S\s+)?)?(?:\S*/)?(ruby|python3?|node|bash|sh|php)\b")
_SHEBANG_LANGUAGES = {"ruby": "ruby", "python": "python", "python3": "python", "node": "javascript",
                      "bash": "shell", "sh": "shell", "php": "php"}  # fmt: skip


def _shebang_language(tree: Tree, rel: str) -> str | None:
    """The language a program without an extension is written in, read from its `#!` line (bin/ scripts)."""
    name = rel.rsplit("/", 1)[-1]
    if "." in name or not rel.startswith(("bin/", "exe/", "script/", "scripts/")):
        return None
    found = _SHEBANG.match((tree.read(rel) or "")[:200])
    return _SHEBANG_LANGUAGES.get(found.group(1)) if found else None


def _plain(text: str) -> str:
    """Markdown / reStructuredText inline markup reduced to its words; an autolink keeps its address (fast_float's
    docs/README.md: "The source for <https://fastfloat.github.io/fast_float/>.")."""
    text = re.sub(r" ?\[(#[\w-]*|\d+|\*)\]_(?!\w)", "", text)  # paramiko's "pure-Python [#]_": a footnote mark
    text = re.sub(r"`([^`<]+?)\s*<[^>]+>`__?", r"\1", text)  # an rst link keeps its text (falcon's `Falcon <…>`__)
    text = re.sub(r"<(https?://[^>\s]+)>(?!`)", r"\1", text)  # not an rst link's target (`text <url>`_)
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)|!\[[^\]]*\]\[[^\]]*\]|<[^>]+>", " ", text)  # images, html tags
    text = re.sub(r"\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])?", r"\1", text)  # links keep their text
    text = re.sub(r"`_|\*\*|__|[`*]", "", text)
    text = re.sub(r"\b([A-Z][\w-]*[A-Za-z0-9])_(?=[\s.,;:)]|$)", r"\1", text)  # an rst reference (jansson's "Jansson_")
    return " ".join(text.split())


def _blocks(text: str) -> list[tuple[str, str]]:
    """("heading" | "para", text) in order: code, html comments and setext underlines handled."""
    text = re.sub(r"<!--.*?-->", "\n", text, flags=re.DOTALL)
    text = re.sub(r"^(```|~~~).*?^\1", "\n", text, flags=re.DOTALL | re.MULTILINE)
    out: list[tuple[str, str]] = []
    for block in re.split(r"\n\s*\n", text):
        lines = [line for line in block.splitlines() if line.strip()]
        while lines:
            atx = re.match(r"^ {0,3}#{1,6}\s+(.*)$", lines[0])  # concourse's worker/README indents `  ## about`
            setext = len(lines) > 1 and re.fullmatch(r"[=\-~^]{3,}", lines[1].strip())
            if atx or setext:
                out.append(("heading", _plain(atx.group(1) if atx else lines[0])))
                lines = lines[1:] if atx else lines[2:]
                continue
            out.append(("para", " ".join(line.strip() for line in lines)))
            break
    return out


def _is_prose(para: str, min_words: int = 4) -> bool:
    if para.startswith(("<", "[!", "![", "[![", "|", ">", "..", "=")) or re.match(r"([-*+]|\d+[.)])\s", para):
        return False
    return len(_plain(para).split()) >= min_words


_POINTS_TO_A_LINK = re.compile(r"\b(here|this link|this page|below|above)[.!:]?$", re.IGNORECASE)


ABBREVIATION = re.compile(r"\b(e\.g|i\.e|a\.k\.a|etc|vs|cf|incl|approx|f\.e|z\.b|resp|esp)\.$", re.IGNORECASE)


def _sentences(text: str) -> list[str]:
    """Sentences, not cut after an abbreviation (cytoscape's "Graph theory (a.k.a. network) library …")."""
    out: list[str] = []
    for piece in re.split(r"(?<=[.!?])\s+", text):
        if out and ABBREVIATION.search(out[-1]):
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return out


_APPEAL = re.compile(
    r"\b(consider (supporting|sponsoring|donating)|donat(e|ion)|sponsor(s|ing)? (us|this)|buy me)\b", re.I
)


_MEMBERSHIP = re.compile(
    r"\b(is|are) an? ((graduated|incubating|incubation|sandbox|hosted|member|official) )+project (of|at|in|by)\b|"
    r"\b(is|are) an? (\w+ )?project (hosted|incubated) (by|at)\b",
    re.IGNORECASE,
)
"""A foundation's badge line: it says who hosts the project, not what it does."""


def _another_product(subject: str, full: set[str]) -> bool:
    """The subject is the project's name followed by another capitalised word ("Meltano Hub", "Flyte Console"): a
    product beside the project, not the project itself ("The Flask framework" adds a generic word; lnd's "The
    Lightning Network Daemon (`lnd`)" names it in full)."""
    words = re.findall(r"[\w.-]+", re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", subject))
    return (
        len(words) >= 2
        and name_key(words[0]) in full
        and words[1][:1].isupper()
        and name_key(words[1]) not in full
        and words[1].lower() not in GENERIC_WORDS | EDITIONS
    )


EDITIONS = frozenset({"open", "oss", "community", "ce", "ee", "enterprise", "server", "cli", "engine", "platform"})
"""Words after a project's name that name an edition of it, not a product beside it (harness' "Harness Open Source
is an open source development platform …")."""


def _intro_sentence(blocks: list[tuple[str, str]], names: set[str], full: set[str]) -> tuple[str, str]:
    """(name, sentence): the README's first sentence saying what the project is ("X is a …", "X, a …"). A subject
    with an article is a thing in general ("A UUID is a unique 128-bit value"), unless it holds a full name of the
    project ("The Flask framework"), not only a word of its title ("The JSON parser used" in json-schema-validator)."""
    title_seen = False
    partial = ("", "")  # jsoncpp's "JSON is a …" names a part of the name; "JsonCpp is a …" follows it
    for kind, text in blocks:
        if kind == "heading":
            if title_seen and text and not _INTRO.match(text):
                return partial  # past the introduction: "Getting started", "Install" …
            title_seen = True
            continue
        if not _is_prose(text):
            continue
        # lnd's "The Lightning Network Daemon (`lnd`) - is a complete implementation …": the dash is a stray
        said = [re.sub(r"\s+[-–—]\s+(?=(is|are)\b)", " ", s) for s in _sentences(_plain(text))]
        for i, sentence in enumerate(said):
            m = _DESCRIBES.match(sentence)
            subject = name_key(m.group("subject")) if m else ""
            article = re.match(r"(a|an|the)\s", m.group("subject").strip(), re.IGNORECASE) if m else None
            if article and (article.group(1).lower() != "the" or not any(n in subject for n in full)):
                continue
            if _MEMBERSHIP.search(sentence):
                continue  # flyte's "Flyte is a Graduated project of the LF AI & Data Foundation.": who hosts it
            if _APPEAL.search(sentence):
                continue  # lego's "lego is an independent, free, and open-source project, if you value it, consider
                # supporting it!": a plea for sponsors, not what the project does
            if m and _another_product(m.group("subject"), full):
                continue  # meltano's README on "Meltano Hub is the single source of truth …": a sibling product
            if m and subject and any(n in subject or subject in n for n in names):
                summary = sentence
                for more in said[i + 1 :]:  # the rest of that paragraph, in whole sentences
                    if len(summary) + len(more) > MAX_SUMMARY or _POINTS_TO_A_LINK.search(more):
                        break  # HikariCP's "Read about how we do it here.": "here" was a link, left out
                    summary = f"{summary} {more}"
                if any(n in subject for n in full):
                    return m.group("subject").strip(), _ended(summary)
                # php-markdown's "Markdown is a text-to-HTML conversion tool": one word of "PHP Markdown" names
                # something else; "PHP Markdown is a port …" follows it
                partial = partial if partial[1] else (m.group("subject").strip(), _ended(summary))
    return partial


LEAD_VERB = re.compile(
    r"\b(are|is|be|include|includes|following(\s+\w+){0,2}|follows|below|here|has|have|offers|provides|supports|"
    r"features|contains)$"
)
"""The last word of a list's lead-in that needs the list after it."""


def _ended(summary: str) -> str:
    """The summary ending at a sentence end: a list's lead-in loses its dangling words, an overlong first
    sentence is cut at a word, with "…", only past a hard cap."""
    if summary.endswith(":"):
        said = _sentences(summary)
        lead = _DANGLING.sub("", said[-1]).rstrip(" ,;")
        # a later sentence left without its object says nothing: "The features are:", typst's "Typst has:", iamb's
        # "It includes support for:", Flarum's "It is designed to be:"; "It parses JSON into classes:" stays whole
        cut = lead != said[-1].rstrip(" :")
        only_leads_in = len(said) > 1 and (cut or re.search(LEAD_VERB, lead))
        summary = " ".join(said[:-1]) if only_leads_in else " ".join([*said[:-1], lead + "."])
    if len(summary) > MAX_SUMMARY_HARD:
        summary = summary[: MAX_SUMMARY_HARD - 1].rsplit(" ", 1)[0].rstrip(" ,;:") + "…"
    return summary


def _manifest_description(tree: Tree) -> tuple[str, str, str]:
    """(name, description, file) from the root manifest that has a description."""
    for rel, name_re, desc_re in (
        ("pyproject.toml", r'(?m)^name\s*=\s*"([^"]+)"', r'(?m)^description\s*=\s*"([^"]+)"'),
        ("package.json", r'"name"\s*:\s*"([^"]+)"', r'"description"\s*:\s*"([^"]+)"'),
        ("Cargo.toml", r'(?m)^name\s*=\s*"([^"]+)"', r'(?m)^description\s*=\s*"([^"]+)"'),
        ("composer.json", r'"name"\s*:\s*"([^"]+)"', r'"description"\s*:\s*"([^"]+)"'),
        ("pom.xml", r"<name>([^<]+)</name>", r"<description>\s*([^<]+?)\s*</description>"),
        # table_sync's "… based on Model's event system": the string ends at its own closing quote
        *((g, r"\.name\s*=\s*['\"]([^'\"]+)", r"\.description\s*=\s*([\"'])(.+?)\1") for g in root_gemspecs(tree)),
        *((g, r"\.name\s*=\s*['\"]([^'\"]+)", r"\.summary\s*=\s*([\"'])(.+?)\1") for g in root_gemspecs(tree)),
    ):  # fmt: skip
        text = tree.read(rel) if tree.has(rel) else None
        if rel == "package.json" and text and not _describes_a_package(tree):
            continue
        if text and rel.endswith(".gemspec"):  # tty-prompt's `"… command line " \` then `"prompt with …"`: one string
            text = re.sub(r"([\"'])\s*\\\s*\n\s*\1", "", text)
        if rel == "pom.xml":  # a <developer>'s or <parent>'s <name> is not the project's
            text = _POM_NESTED.sub("", text or "")
        own = _own_fields(tree, rel)
        if own and re.search(r"[-_.](root|docs?|documentation|site|website|monorepo|workspace)$", own[0], re.I):
            continue  # kolibri's root package.json "kolibri-root", homepage's "homepage-docs": not the project
        desc = own[1] if own else (m.group(m.lastindex or 1) if (m := re.search(desc_re, text or "")) else "")
        names_build = re.search(r"\b(BOM|bill of materials|parent|aggregator|reactor)\b", desc, re.I)
        badges = re.search(r"!\[|\]\(https?:", desc)  # laravel-debugbar's package.json: php-debugbar's badge markup
        # checker-framework's pyproject.toml keeps uv init's "Add your description here"
        placeholder = re.fullmatch(r"(?i)\s*(add your description here|a short description\b.*|todo\b.*)", desc)
        if (
            desc and len(desc.split()) >= 3 and not names_build and not badges and not placeholder
        ):  # "SLF4J project BOM"
            name = own[0] if own else (m.group(1) if (m := re.search(name_re, text or "")) else "")
            if rel == "pom.xml" and "${" in name:  # rtree's <name>${project.artifactId}</name>: Maven fills it in
                artifact = re.search(r"<artifactId>\s*([\w.-]+)\s*</artifactId>", text or "")
                name = name.replace("${project.artifactId}", artifact.group(1) if artifact else "")
                name = "" if "${" in name else name
            first = _sentences(" ".join(desc.split()))[0]
            return (name, first, rel)
    return ("", "", "")


SCRIPT_FILES = (".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx", ".vue", ".svelte")
OTHER_CODE = (".rs", ".py", ".go", ".java", ".kt", ".rb", ".php", ".c", ".cc", ".cpp", ".h", ".hpp", ".cs", ".swift")


def _describes_a_package(tree: Tree) -> bool:
    """Whether the root package.json speaks for the project: not in a repository of other languages' code without
    JavaScript (probe-rs' stray "probe-rs-targets" manifest beside its Rust crates). A private workspace root's
    description mostly does (changesets' "A tool to manage versioning and changelogs with a focus on monorepos")."""
    if another_languages_project(tree):  # gumroad's "NPM Packages for Gumroad" names a Rails app's asset bundle
        return False
    return any(f.endswith(SCRIPT_FILES) for f in tree.own) or not any(f.endswith(OTHER_CODE) for f in tree.own)


_POM_NESTED = re.compile(
    r"<(parent|developers|contributors|organization|licenses|dependencies|dependencyManagement|build|profiles|"
    r"modules|scm|mailingLists|issueManagement|ciManagement|distributionManagement|reporting)>.*?</\1>",
    re.DOTALL,
)
"""pom.xml sections whose own <name>/<description> belong to someone or something else than the project."""


def _own_fields(tree: Tree, rel: str) -> tuple[str, str] | None:
    """(name, description) from a JSON or TOML manifest's own package table, never from a nested author,
    maintainer or dependency (mime's package.json lists `"author": {"name": "Robert Kieffer"}` before its
    `"name": "mime"`); None when the file is neither or does not parse, so the plain search stands."""
    if rel.endswith(".json"):
        data = load_json(tree, rel)
        tables = [data]
    elif rel.endswith(".toml"):
        data = load_toml(tree, rel)
        keys = (("project",), ("tool", "poetry"), ("package",), ("workspace", "package"))
        tables = [t for t in (dig(data, *k) for k in keys) if isinstance(t, dict)]
    else:
        return None
    if not data:
        return None
    name = next((t["name"] for t in tables if isinstance(t.get("name"), str)), "")
    desc = next((t["description"] for t in tables if isinstance(t.get("description"), str)), "")
    return name, desc


GENERIC_WORDS = frozenset({
    "the", "a", "an", "for", "of", "and", "framework", "library", "package", "module", "plugin", "project", "tool",
    "extension", "bundle", "app", "application", "official", "core",
})  # fmt: skip
"""Words a description adds to a name without saying what the project does."""


def _names_only(summary: str, names: set[str]) -> bool:
    """silverstripe-framework's composer.json says "The SilverStripe framework": its name again, which tells the
    agent nothing."""
    words = [name_key(w) for w in summary.split()]
    return not [w for w in words if w and w not in names and w not in GENERIC_WORDS]


def _readme(tree: Tree, k: Knowledge) -> None:
    """What the project is, in one sentence: the README's own description, else the manifest's."""
    rel = tree.first("README.md", "README.rst", "README", "README.txt", "readme.md", "Readme.md")
    blocks = _blocks(tree.read(rel) or "") if rel else []
    title = next((t for kind, t in blocks if kind == "heading"), "")
    manifest_name, description, manifest = _manifest_description(tree)
    names = {name_key(n) for n in (title, tree.root.name, manifest_name.rsplit("/", 1)[-1]) if name_key(n)}
    full = set(names)
    names |= {name_key(w) for w in title.split() if len(name_key(w)) >= 3}
    name, summary = _intro_sentence(blocks, names, full)
    source = rel
    if not summary:
        name, summary, source = manifest_name or tree.root.name, description, manifest
    if not summary or not source or _names_only(summary, names):
        return
    body = f"Project {name}: {_ended(with_manifest_minimums(tree, summary))}"
    k.fact("project/summary", f"Project: {name[:80]}", body, source, tags=("readme",))


PROSE = (".md", ".markdown", ".rst", ".txt", ".adoc")
MAN_PAGE = re.compile(r"\.[1-8]$")
"""editorconfig-checker's docs/editorconfig-checker.1: a manual page, the one text among its images."""
REQUIREMENTS = re.compile(r"(^|/)requirements?([-_/][^/]*)?\.txt$|^requirements?/", re.IGNORECASE)
"""pip's requirement files are .txt, not documentation (more-itertools' requirements/development.txt)."""
MANIFESTS = ("package.json", "Cargo.toml", "pyproject.toml", "go.mod", "composer.json", "pom.xml", "build.gradle")


def _members(tree: Tree, folder: str) -> list[str]:
    """The package folders one level below packages/ or crates/: those with their own manifest."""
    found = {
        rel.split("/")[1] for rel in tree.under(folder) if rel.count("/") == 2 and rel.rsplit("/", 1)[-1] in MANIFESTS
    }
    return sorted(found)


def _main_member(tree: Tree, members: list[str]) -> str | None:
    """The workspace member the project is about: the one named like the repository, else the one the root
    README's title names; None when neither picks exactly one."""
    rel = tree.first("README.md", "README.rst", "README", "readme.md", "Readme.md")
    title = next((text for kind, text in _blocks(tree.read(rel) or "") if kind == "heading"), "") if rel else ""
    for wanted in (name_key(tree.root.name), name_key(title.split(" ")[0]) if title else ""):
        hits = [m for m in members if wanted and name_key(m) == wanted]
        if len(hits) == 1 and len(members) > 1:
            return hits[0]
    return None


NOTES = (".md", ".markdown", ".rst", ".adoc")
"""Notes for people; a .txt beside tests may be a case a runner reads (parson's tests/test_1_1.txt)."""


def _holds_no_tests(tree: Tree, folder: str) -> bool:
    """A folder named for tests holding notes only, no test file nor code (data there may be the cases a runner
    elsewhere reads: those stay tests)."""
    held = tree.under(folder)
    tests = set(test_files(tree))
    notes = all(f.lower().endswith(NOTES) or f.rsplit("/", 1)[-1].lower().startswith("readme") for f in held)
    return bool(held) and notes and not any(f in tests or language_in(tree, f) for f in held)


DATA_SUFFIXES = (".json", ".txt", ".xml", ".yaml", ".yml", ".csv", ".dat", ".schema")


def _data_only(tree: Tree, folder: str) -> bool:
    """Every file of the folder is data (JSON, text, XML …): none is a script or a program."""
    held = tree.under(folder)
    return bool(held) and all(f.lower().endswith(DATA_SUFFIXES) for f in held)


def _folders(tree: Tree, k: Knowledge) -> None:
    counts: Counter[str] = Counter()
    prose: Counter[str] = Counter()
    written: Counter[str] = Counter()  # prose in a markup (Markdown, reST, AsciiDoc), not plain .txt
    stubs: Counter[str] = Counter()
    langs: dict[str, Counter[str]] = {}
    weights: dict[str, Counter[str]] = {}  # the bytes of each language's files
    binaries = Counter(rel.split("/", 1)[0] for rel in tree.binaries if "/" in rel)  # qs' logos/: images only
    for rel in tree.files:
        if "/" not in rel:
            continue
        top = rel.split("/", 1)[0]
        if top.startswith(".") and top not in (".github", ".gitlab", ".circleci"):
            continue  # editor, hook and agent settings (.vscode/, .husky/, .claude/): not the project's layout
        counts[top] += 1
        # skeema's internal/*/testdata/*.sql are what its Go tests load: internal/ is Go, not "mostly SQL"
        lang = None if TEST_DATA.search(rel) or EXPECTED_OUTPUT.search(rel) else language_in(tree, rel)
        lang = lang or _shebang_language(tree, rel)  # stackprof's bin/stackprof: a Ruby program with no extension
        if lang and not rel.endswith(STUBS):  # typings describe the code beside them, they are not more of it
            langs.setdefault(top, Counter())[lang] += 1
            weights.setdefault(top, Counter())[lang] += tree.sizes.get(rel, 0)
        elif lang:
            stubs[top] += 1
        if rel.lower().endswith(PROSE) and not REQUIREMENTS.search(rel) and not rel.endswith("CMakeLists.txt"):
            prose[top] += 1
            written[top] += not rel.lower().endswith(".txt")
    if all(folder.startswith(".") for folder in counts):
        return  # gjson: only .github/ beside a package at the root says nothing of the layout
    described = []
    readmes = []
    everywhere = sum(langs.values(), Counter())
    overall = everywhere.most_common(1)[0][0] if everywhere else None
    counts.update({top: 0 for top in binaries if not top.startswith(".")})
    measuring = benchmark_folders(tree)  # buffer's perf/, which its `perf-node` script runs
    built, by_profile = maven_modules(tree)
    own_modules = {m.split("/", 1)[0] for m in [*built, *by_profile, *included_modules(tree)]}
    listed: list[tuple[str, int]] = sorted(counts.items(), key=lambda kv: -kv[1])[:12]  # by the files it reads
    tracked = tree.tracked_per_folder
    # the count said is the folder's as git tracks it (what a maintainer's `git ls-files` shows): the walk leaves
    # out build/, vendor/ and generated files, so its own count is short of it (wintercms' modules/: 1,929 of 2,845)
    for folder, n in sorted(listed, key=lambda kv: -(tracked[kv[0]] or kv[1] + binaries[kv[0]])):
        n += binaries[folder]
        said = tracked[folder] or n
        # openal-soft's fmt-11.2.0/: another project's README, docs and build; mbedtls' 3rdparty/ keeps only its
        # .gitignore since the code moved into a submodule: nothing vendored is there
        dotfiles_only = all(f.rsplit("/", 1)[-1].startswith(".") for f in tree.tracked_under(folder))
        if is_vendored(f"{folder}/x") and dotfiles_only:
            continue
        # AuthMe's authme-spigot-1.21/ is named with the server release it targets, and its root pom builds it
        if is_vendored(f"{folder}/x") and folder not in own_modules:
            described.append(f"{folder}/ (a vendored copy of another project, {plural(said, 'file')})")
            continue
        what = PURPOSES.get(folder.lower()) or ("benchmarks" if folder in measuring else None)
        if folder == ".github":
            # herbstluftwm's .github/ holds two workflows and no issue or pull request template
            templates = any("template" in f.lower() for f in tree.under(".github"))
            workflows = bool(tree.under(".github/workflows"))
            what = {
                (True, True): "GitHub workflows and templates",
                (True, False): "GitHub workflows",
                (False, True): "GitHub settings and templates",  # zrepl's FUNDING.yml and dependabot.yml: no CI
                (False, False): "GitHub settings",
            }[workflows, templates]
        if not what and re.match(r"tests?[-_]?(scripts|files|cases|suites?)$", folder.lower()):
            what = "tests and their data"  # devbox's testscripts/, editorconfig-checker's testfiles/: no documentation
        # glance's docs/ is 86 screenshots beside configuration.md: the pages make it documentation
        # (a README of its own says what the images are, it is no page: qs' logos/README.md)
        documents = sum(
            # a README file is no page; a folder named readme/ holds pages (xournalpp's readme/LinuxBuild.md)
            bool(MAN_PAGE.search(f) or (f.lower().endswith(PROSE) and not re.search(r"(^|/)readme[^/]*$", f, re.I)))
            for f in tree.under(folder)
        )
        if (
            binaries[folder] * 2 > n and not langs.get(folder) and not documents and folder != ".github"
        ):  # qs' logos/, jcommander's lib/: no
            # code, whatever the name says (go-toml's benchmark/ of Go code and gzipped data stays benchmarks)
            kinds = Counter(f.rsplit(".", 1)[-1].lower() for f in tree.binaries if f.startswith(f"{folder}/"))
            what = "binary files: " + ", ".join(f".{e}" for e in sorted(kinds, key=lambda e: (-kinds[e], e))[:3])
        if what == "executables and scripts" and not langs.get(folder) and _data_only(tree, folder):
            # rapidjson's bin/ holds the JSON its tests read: no program in it, whatever the name says
            kinds = Counter(f.rsplit(".", 1)[-1].lower() for f in tree.under(folder))
            what = "data files: " + ", ".join(f".{e}" for e in sorted(kinds, key=lambda e: (-kinds[e], e))[:3])
        main = langs.get(folder)
        heavy = weights.get(folder, Counter()).most_common(1)
        if main and heavy and weights[folder][main.most_common(1)[0][0]] * 3 < heavy[0][1]:
            # fang's fang/: 39 small .sql queries beside 25 Rust files with twenty times their bytes, a Rust crate
            # whose queries count as its files
            main = Counter({heavy[0][0]: main[heavy[0][0]] + main.most_common(1)[0][1]})
        if what and what.endswith("(monorepo)") and main and overall and main.most_common(1)[0][0] != overall:
            what = None  # litestream's packages/ wraps its Go extension for npm, PyPI and RubyGems: no monorepo
        needs = LANGUAGE_PURPOSES.get(folder.lower())
        if needs and (not main or main.most_common(1)[0][0] != needs):
            what = None  # ripgrep's pkg/ holds a Homebrew formula: "Go packages" only in a Go tree
        ruling = main.most_common(1)[0][0] if main else None
        if folder.lower() in ("components", "pages") and ruling and ruling not in WEB_LANGUAGES:
            what = None  # hpx's components/ are distributed objects in C++, no UI
        # projectsend's public/ holds index.php and .htaccess beside its assets: the web root
        if (
            what
            and what.startswith("static assets")
            and (ruling in SERVER_LANGUAGES or tree.has(f"{folder}/index.php"))
        ):
            what = "web root"  # postfixadmin's public/ holds its login.php and main.php beside the CSS
        if what == "public headers" and _bundled_headers(tree, folder):
            what = "bundled third-party headers"  # librime's include/ holds darts.h, utf8/ and X11/; src/ its API
        if folder == "fastlane" and not tree.first("fastlane/Fastfile", "fastlane/Appfile"):
            what = "store listing metadata for fastlane"  # RedReader's fastlane/ holds the texts and icon, no lane
        if what == "documentation" and not documents and tree.has(f"{folder}/index.html"):
            what = (
                "web site"  # neuron-ai's docs/ is its landing page (index.html, main.js, css/): the docs are elsewhere
            )
        # "mostly X" only when X's source files are a third of the folder or more: four .neon files and one .php
        # are not a PHP folder, and a folder of Markdown is documentation whatever its conf.py is written in
        # (a third: Rust examples are one Cargo.toml per main.rs).
        top_lang = main.most_common(1)[0] if main else None
        runner_up = main.most_common(2)[1][1] if main and len(main) > 1 else 0  # fast_float's fuzz/: one .sh, one .cc
        lang = DISPLAY.get(top_lang[0]) if top_lang and top_lang[1] * 3 >= n and top_lang[1] > runner_up else None
        site = any(tree.has(f"{folder}/{f}") for f in ("conf.py", "index.rst", "index.md", "mkdocs.yml"))
        held = tree.under(folder)
        code = sum(tree.sizes[f] for f in held if top_lang and language_in(tree, f) == top_lang[0])
        if what == "documentation" and held and not any(tree.sizes.get(f) for f in held):
            what = "empty files only"  # mobility's docs/ holds a 0-byte README.md: nothing to read there
        if what == "documentation" and not site and code * 5 >= 4 * (sum(tree.sizes[f] for f in held) or 1):
            what = None  # cobra's doc/ is its Go package that writes man pages and Markdown, not documentation
        elif what == "documentation":
            lang = None  # cachetools' docs/: an index.rst and Sphinx's conf.py are not a Python folder
        if what in ("source code", "library code") and not langs.get(folder) and prose[folder] * 2 > n:
            what = None  # junit-quickcheck's src/ holds only the Maven site's Markdown: no code, whatever its name
        elif what in ("source code", "library code") and held and not any(CODE_FILE.search(f) for f in held):
            what = "build configuration" if all(f.endswith((".xml", ".properties", ".txt")) for f in held) else None
            # zxing's src/ holds checkstyle, clirr and findbugs XML and the site's menu: no code
        # plain .txt alone is data, not pages: meson cross files (flashrom's meson_cross/), a licence header
        # template (FOSSBilling's data/), credits beside .ogg tracks (cdogs-sdl's music/)
        if not what and prose[folder] * 2 > n and written[folder]:
            what = "documentation"
        elif not what and stubs[folder] * 2 > n:
            what = "type declarations"  # fastify's types/*.d.ts
        found = test_files(tree)
        if what == "specs (tests)" and found and not any(f.startswith(f"{folder}/") for f in found):
            what = None  # php-amqplib's spec/ holds the AMQP protocol's JSON and its code generator; tests/ the tests
        if what in ("tests", "specs (tests)") and _holds_no_tests(tree, folder):
            # fs-extra's test/ holds a readme pointing at lib/**/__tests__/: not the tests folder
            shown = human_list([f.rsplit("/", 1)[-1] for f in tree.under(folder)], 3)
            described.append(f"{folder}/ ({plural(said, 'file')}: {shown}; no tests in it)")
            continue
        if folder in unbuilt_folders(tree):  # resilience4j-spring-boot2/: settings.gradle no longer includes it
            build = "settings.gradle" if tree.first("settings.gradle", "settings.gradle.kts") else "pom.xml's modules"
            described.append(f"{folder}/ ({plural(said, 'file')}; not in {build}, so not built)")
            continue
        if folder in generated_folders(tree):  # mime's types/, built from mime-db: not where to edit
            what = f"generated {what}" if what else "generated code"
        bits = [b for b in (what, f"mostly {lang}" if lang else None, plural(said, "file")) if b]
        if folder in ("packages", "crates"):
            members = _members(tree, folder)
            if members:
                bits.append(f"{'crates' if folder == 'crates' else 'packages'}: {human_list(members, 8)}")
            main_member = _main_member(tree, members)
            if main_member:
                bits.append(f"main package: {folder}/{main_member}")
        readme = tree.first(f"{folder}/README.md", f"{folder}/README.rst", f"{folder}/README")
        if readme and tree.read(readme) == tree.read(tree.first("README.md", "README.rst", "README") or ""):
            readme = None  # winit's crates link their README.md to the root's: it says nothing of the folder
        said = first_sentence(tree.read(readme) or "") if readme else ""
        retired = deprecation(tree.read(readme) or "") if readme else ""
        if retired:  # jline's console-ui/README.md opens "# ConsoleUI (DEPRECATED)": quoted as live, it misleads
            bits.append(f"deprecated, README: {retired}")
            readmes.append(readme or "")
        elif said and not GENERATED_NOTE.search(said):
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
    found: list[tuple[int, int, str, str, str]] = []  # (depth, the tool's rank, file, tool, config)
    for rel in tree.files:
        if rel.count("/") > 2 or EXAMPLE_FOLDER.match(rel) or is_vendored(rel):
            continue  # pdoc's examples/mkdocs/mkdocs.yml shows pdoc inside MkDocs: not how its own docs are built
        parts = rel.split("/")
        for rank, (name, tool) in enumerate(DOC_TOOLS):
            if parts[-1] == name or (name.startswith(".") and name in parts[:-1]):
                if tool == "Sphinx" and not any(p in ("doc", "docs", "documentation") for p in parts[:-1]):
                    continue
                config = rel if not name.startswith(".") else "/".join(parts[: parts.index(name) + 1])
                found.append((rel.count("/"), rank, rel, tool, config))
                break
    found = [f for f in found if not moved_away(tree, f[4]) and not (f[3] == "Doxygen" and _idle_doxyfile(tree, f[2]))]
    if not found:
        return None
    # at one depth the tools' order decides: Criterion's doc/conf.py (Sphinx with breathe) over the doc/Doxyfile
    # that only feeds it XML
    _, _, _, tool, config = min(found)
    breathe = [f for f in found if f[3] == "Sphinx" and "breathe" in (tree.read(f[2]) or "")]
    if tool == "Doxygen" and breathe:  # libcbor's root Doxyfile only feeds doc/source/conf.py's breathe its XML
        _, _, _, tool, config = breathe[0]
    if tool == "MkDocs" and zensical_site(tree):
        return "Zensical", config
    if tool == "YARD" and not _yard_used(tree):
        return ("RDoc", ".document" if tree.has(".document") else "Rakefile") if _rdoc_used(tree) else None
    return tool, config


def _idle_doxyfile(tree: Tree, doxyfile: str) -> bool:
    """A Doxyfile no other tracked text names (herbstluftwm's and Multiverse-Core's are named only by .gitignore's
    output line): nothing builds from it, the docs are made another way."""
    name = doxyfile.rsplit("/", 1)[-1]
    for rel in tree.files:
        if rel == doxyfile or rel.count("/") > 2 or tree.sizes[rel] > 200_000:
            continue
        if rel.rsplit("/", 1)[-1] in BUILD_NAMES or rel.startswith(".github/workflows/") or rel.endswith(DRIVERS):
            text = tree.read(rel) or ""
            if re.search(rf"\bdoxygen\b|{re.escape(name)}", text, re.IGNORECASE):
                return False
    return True


BUILD_NAMES = frozenset({
    "CMakeLists.txt", "Makefile", "Makefile.am", "GNUmakefile", "meson.build", "configure.ac", "justfile", "Justfile",
    "Taskfile.yml", "package.json", "Rakefile", "build.gradle", "build.gradle.kts", "pom.xml", "tox.ini", "noxfile.py",
    ".gitlab-ci.yml", ".travis.yml", "appveyor.yml", "Jenkinsfile", "Doxyfile.in", "conf.py",
})  # fmt: skip
DRIVERS = (".sh", ".cmake", ".mk", ".py", ".yml", ".yaml")
"""Files that could run doxygen: build files, CI configs and scripts."""


def _yard_used(tree: Tree) -> bool:
    """YARD is the docs tool when the project brings it (Gemfile, gemspec) or writes its tags; a bare .yardopts
    only serves rubydoc.info."""
    return bool(re.search(r"""["']yard["']""", gem_text(tree))) or yard_tagged(tree)


def _rdoc_used(tree: Tree) -> bool:
    return tree.has(".document") or bool(re.search(r"RDoc::Task|rdoc/task", tree.read("Rakefile") or ""))


DEPRECATION_HEAD = 800
"""How far into a README a deprecation notice counts: its title or the banner below it, not a changelog line."""


def deprecation(text: str, limit: int = 100) -> str:
    """The README's deprecation notice when its title or opening banner says the folder is deprecated ("This module
    is deprecated. Please use `jline-prompt` instead"), else "". A passing "deprecated functions" is no notice."""
    head = re.sub(r"<[^>]+>|[*>#⚠️`]+|\[!\w+\]", " ", text[:DEPRECATION_HEAD])
    notice = re.compile(
        r"(?-i:\bDEPRECATED\b)|\b(this|the) (module|package|library|crate|project|repository|folder|gem|plugin)\b"
        r"[^.]*\b(is|has been) (now )?(deprecated|no longer maintained|unmaintained)\b",
        re.IGNORECASE,
    )
    sentences = [" ".join(s.split()) for s in re.split(r"(?<=[.!?])\s+|\n\s*\n", head)]
    flagged = [i for i, s in enumerate(sentences) if notice.search(s)]
    if not flagged:
        return ""
    said = [re.sub(r"^[^:]*\bDEPRECATED\b\s*:\s*", "", sentences[i]) for i in flagged]
    said = [s for s in said if len(s.split()) >= 4] or ["deprecated"]  # "ConsoleUI (DEPRECATED)" is a title
    instead = [s for s in sentences[flagged[0] :] if re.search(r"\binstead\b", s, re.IGNORECASE)][:1]
    chosen = " ".join(dict.fromkeys([said[0], *instead]))
    return chosen if len(chosen) <= limit else chosen[: limit - 1].rsplit(" ", 1)[0] + "…"


NOT_A_DESCRIPTION = re.compile(
    r"^last (modified|updated|changed)\b|"  # jsch's examples/README: "Last modified: Wed Oct 16 13:53:12 UTC 2002"
    r"^[\w.-]+ by [A-Z][a-z]+ [A-Z]|"  # nginx's contrib/README: "geo2nginx.pl by Andrei Nigmatulin"
    r"^(sudo|\$) |"  # pm2's test/README line `sudo update-rc.d -f pm2-init.sh remove`: a command
    r"^(?-i:[a-z][\w.-]*) -{1,2}\w|"  # nginx's misc/README: "make -f misc/GNUmakefile release"
    r"\(c\)|©|^copyright\b|"  # miniupnp's "MiniUPnP project (c) 2005-2024 Thomas Bernard": a notice
    r"^\w+( \w+)?: \S+ \w+( \w+)*: |"  # miniupnp's "Project: miniupnp Project web page: http://…": a header
    r"^ignore this\b|^see\b|"  # etherpad's src/README "Ignore this file and see …": a pointer elsewhere
    r"^this template provides\b|"  # create-vite's README left in etherpad's admin/: the template's, not the folder's
    # an instruction: ExpressionEngine's build-tools/README "Update build.json with the new version number.", bcc's
    # scripts/README "Before running the script, ensure that virt-install is available"
    r"^(please |first,? )?(update|run|install|ensure|make sure|edit|copy|execute|do not|don't|before|after|once)\b|"
    r"^please (report|file|open|submit|send)\b|"  # concourse's tsa/README: "please report all issues … in …"
    # SCons' test/README opens "MIT License Copyright The SCons Foundation": the licence, not the folder
    r"^(the )?(MIT|BSD|ISC|Apache|Mozilla|(A|L)?GPL)\b[^.]{0,20}\blicen[cs]e\b|"
    # testkube's pkg/README is golang-standards' project-layout text, "(e.g., `/pkg/mypubliclib`)": a template's
    r"\bmy(public|private)?(lib|app)\b|"
    r"^to (build|run|install|use|test)\b|"  # bcc's libbpf-tools/README: "To build libbpf-based tools, simply run make."
    r"^distributed under\b",  # hpx's libs/README.rst: "Distributed under the Boost Software License, Version 1.0."
    re.IGNORECASE,
)
"""A README's first line that says nothing of what its folder is for."""


def _bundled_headers(tree: Tree, folder: str) -> bool:
    """An include/ beside a src/ that keeps headers of its own, where no header path names the project and some
    folder in it holds a third-party licence (librime's COPYING.darts-clone): others' headers, carried along."""
    held = tree.under(folder)
    own = re.sub(r"^lib|[^a-z0-9]", "", tree.root.name.lower())
    if not own or any(own in f.lower() for f in held):
        return False
    licences = [f for f in held if re.search(r"(^|/)(COPYING|LICEN[CS]E)[^/]*$", f, re.IGNORECASE)]
    return bool(licences) and any(f.endswith((".h", ".hpp")) for f in tree.under("src"))


def first_sentence(text: str, limit: int = 100) -> str:
    """The first sentence of a document's first prose paragraph (headings, setext underlines, badges, HTML and
    code skipped). A YAML front matter (PHP-DI's doc/README.md: "--- layout: documentation …") is the site
    generator's, not prose."""
    text = re.sub(r"\A---\s*\n.*?\n---\s*(\n|\Z)", "", text, flags=re.DOTALL)
    # swupdate's doc/README opens with `# SPDX-License-Identifier: GPL-2.0-only` between bare `#` lines: a header
    text = re.sub(r"(?m)^[ \t]*(#|//|\*|<!--)?[ \t]*(SPDX-[\w-]+:.*)?[ \t]*$", "", text)
    # crate-python's examples/README.rst frames its title in rows of `#`: adornment, not text
    text = re.sub(r"(?m)^[ \t]*([#*~^+])\1{3,}[ \t]*$", "", text)
    for kind, block in _blocks(text):
        unlinked = re.sub(r"!?\[[^\]]*\](\([^)]*\)|\[[^\]]*\])|<[^>]+>|[|·•,]", " ", block)
        if len(unlinked.split()) < 2:
            continue  # a line of links or badges says nothing about the folder
        if sum(c.isalpha() for c in block) * 2 < sum(not c.isspace() for c in block):
            continue  # herbstluftwm's python/README opens with its name in ASCII art
        # concourse's atc/README under its title: `*air traffic control - web ui and build scheduler*`, emphasis
        emphasis = re.match(r"\*[^*\s]", block)
        if kind == "para" and _is_prose(block, min_words=2) and (emphasis or not block.startswith(("*", "```"))):
            sentence = _sentences(_plain(block))[0]  # ddev's perf/README: "… script (e.g. used for …)." whole
            if re.search(
                r"\b(released|licen[cs]ed) under\b|^(written|created|authored|maintained) by\b", sentence, re.I
            ):
                continue  # PHP-DI's "released under the MIT license.", checkmk's "Written by Micah J Cowan."
            if re.match(r"[a-z][\w.-]*:\s*https?://", sentence):
                continue  # vite_ruby's package READMEs open with link definitions ("vite_rails: https://…"): markup
            if NOT_A_DESCRIPTION.search(sentence):
                return ""  # what follows such a line is seldom the folder's description either (pm2's log lines)
            if re.search(r"(\b(invoke|run|use|using|with|via|type|execute|call)|:)$", sentence, re.IGNORECASE):
                return ""  # jansson's doc/README: "To build the documentation, invoke" and then its command
            if len(sentence) <= limit:
                return sentence
            cut = sentence[: limit - 1].rsplit(" ", 1)[0]
            if cut.count("(") > cut.count(")"):  # a parenthesis cut open ends the sentence before it opens
                cut = cut[: cut.rindex("(")].rstrip()
            return cut + "…"
    return ""


NOT_A_MIGRATION = re.compile(
    r"(^|/)(old|archived?|legacy|deprecated)/|"  # weg-li's db/migrate/old/ keeps migrations squashed away
    r"(^|/)(\.[^/]*|readme[^/]*|__init__\.py|[^/]+\.(md|txt|toml))$|"  # firefly-iii's .gitkeep, prisma's lock
    r"([_.-]test|[_.]spec|(?-i:Test))\.\w+$",  # navidrome's uniform_canonical_ids_test.go tests a migration
    re.IGNORECASE,
)
"""Files in a migrations folder that are not migrations, or not the ones the database runs now."""


def _migration_name(rel: str) -> str:
    """The part of a migration's path that orders it: prisma's `20230101_init/` folder over its `migration.sql`,
    else the file's own name (twill's default/ and optional/ sub-folders hold one sequence of dated names)."""
    parts = rel.split("/")
    dated = [p for p in parts if re.match(r"v?\d{3,}", p, re.IGNORECASE)]
    return dated[-1] + ("/" if dated[-1] != parts[-1] else "") if dated else parts[-1]


PACKAGE_MIGRATION = re.compile(r"/(Database|database)/(Migrations|migrations)/[^/]+\.php$")
"""A migration of one package of a modular Laravel app (packages/<Vendor>/<Package>/src/Database/Migrations)."""


def _migrations(tree: Tree, k: Knowledge) -> None:
    for folder in MIGRATION_DIRS:
        files = [f for f in tree.under(folder) if not NOT_A_MIGRATION.search(f[len(folder) :])]
        if files:
            # in number order, not text order: writefreely's v15.go is newer than v9.go
            names = sorted(
                {_migration_name(f) for f in files},
                key=lambda n: [int(p) if p.isdigit() else p.lower() for p in re.split(r"(\d+)", n)],
            )
            numbered = [n for n in names if re.match(r"v?\d+([_.-]|/|$)", n, re.IGNORECASE)]
            # alembic's revision ids (`3f2a1b_add_user.py`) say nothing of which came last
            newest = f"; newest {numbered[-1]}" if len(numbered) * 2 > len(names) else ""
            body = f"Database migrations live in {folder}/ ({plural(len(names), 'migration')}{newest})."
            # bagisto's 8 in database/migrations beside 189 in packages/Webkul/*/src/Database/Migrations
            others = [
                f
                for f in tree.files
                if PACKAGE_MIGRATION.search(f) and not f.startswith((folder + "/", "tests/")) and not is_auxiliary(f)
            ]
            if len(others) > len(names):
                body = (f"Database migrations live mostly in {migration_folders(others)} ({len(others)} files); "
                        f"{folder}/ holds {plural(len(names), 'migration')}.")  # fmt: skip
            k.fact("layout/migrations", f"Migrations in {folder}/", body, tags=("database",))
            return


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    for step in (_readme, _folders, describe_tests, _migrations):
        step(tree, k)
    if _docs_tool(tree) is None:  # with no docs site, a Go library's documentation is its doc comments
        go_docs.describe(tree, k)
    submodules.describe(tree, k)
    return k
