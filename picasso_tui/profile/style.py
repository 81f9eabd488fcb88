"""Style hints from formatter and linter configs, one ``style/<language>`` record per language."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from fnmatch import fnmatch

import tomli

from picasso_tui.languages import DISPLAY, EXTENSIONS
from picasso_tui.profile import emacs_locals
from picasso_tui.profile.ecosystems import clang_format, golang, php_format
from picasso_tui.profile.ecosystems.common import black_excludes_everything, dig, gem_text, load_toml
from picasso_tui.profile.ecosystems.ruby import ci_runs_standardrb, rubocop_checks_nothing, rubocop_styles_nothing
from picasso_tui.profile.ecosystems.rustfmt import keeps_rustfmt
from picasso_tui.profile.findings import Finding, Knowledge, human_list
from picasso_tui.profile.languages import STUBS, language_in, own_languages, shares
from picasso_tui.profile.pre_commit import darker_runs_black
from picasso_tui.profile.walk import Tree
from picasso_tui.store.schema import MemoryClass

Hints = dict[str, list[tuple[str, str]]]
"""language -> [(hint, source file)]"""

PRETTIER = (
    ".prettierrc",
    ".prettierrc.json",
    ".prettierrc.json5",
    ".prettierrc.yml",
    ".prettierrc.yaml",
    ".prettierrc.toml",
    "prettier.config.js",
    "prettier.config.cjs",
    "prettier.config.mjs",
    ".prettierrc.js",
)
ESLINT = (
    "eslint.config.js",
    "eslint.config.mjs",
    "eslint.config.cjs",
    "eslint.config.ts",
    ".eslintrc",
    ".eslintrc.js",
    ".eslintrc.cjs",
    ".eslintrc.json",
    ".eslintrc.yml",
    ".eslintrc.yaml",
)
PRETTIER_KEYS = (
    "printWidth",
    "tabWidth",
    "useTabs",
    "semi",
    "singleQuote",
    "trailingComma",
    "bracketSpacing",
    "arrowParens",
    "endOfLine",
)


def _python(tree: Tree, hints: Hints) -> None:
    pyproject = load_toml(tree, "pyproject.toml")
    ruff_file = tree.first("ruff.toml", ".ruff.toml")
    ruff = load_toml(tree, ruff_file) if ruff_file else dig(pyproject, "tool", "ruff")
    src = ruff_file or "pyproject.toml"
    if isinstance(ruff, dict) and (ruff or ruff_file):
        parts = ["ruff"]
        if "line-length" in ruff:
            parts.append(f"line length {ruff['line-length']}")
        if "target-version" in ruff:
            parts.append(f"target {ruff['target-version']}")
        select = dig(ruff, "lint", "select") or ruff.get("select")
        if select:
            parts.append(f"lint rules {human_list([str(s) for s in select], 12)}")
        quote = dig(ruff, "format", "quote-style")
        if quote:
            parts.append(f"{quote} quotes")
        hints["python"].append((", ".join(parts), src))
    black = dig(pyproject, "tool", "black")
    runners = [".pre-commit-config.yaml", "Makefile", "tox.ini", "noxfile.py", "justfile"]
    texts = " ".join(tree.read(f) or "" for f in [*runners, *tree.under(".github/workflows")] if tree.has(f))
    if isinstance(black, dict) and re.search(r"ruff[-_ ]format", texts) and not re.search(r"\bblack\b", texts):
        black = None  # maturin's [tool.black] is a leftover: pre-commit formats with ruff-format, nothing runs black
    if black_excludes_everything(pyproject):
        black = None
    if isinstance(black, dict):
        length = f"line length {black.get('line-length', 88)}"
        if darker := darker_runs_black(tree):  # dateutil's older code predates black: only changed lines follow it
            hints["python"].append((f"black via darker, on changed lines only, {length}", darker))
        else:
            hints["python"].append((f"black, {length}", "pyproject.toml"))
    isort = dig(pyproject, "tool", "isort")
    if isinstance(isort, dict) and isort.get("profile"):
        hints["python"].append((f"isort profile {isort['profile']}", "pyproject.toml"))
    for rel in (".flake8", "setup.cfg", "tox.ini"):
        m = re.search(r"\[flake8\][^\[]*?max-line-length\s*=\s*(\d+)", tree.read(rel) or "", re.DOTALL)
        if m:
            hints["python"].append((f"flake8, max line length {m.group(1)}", rel))
            break
    else:  # astroquery's flake8 reads [tool.flake8] through flake8-pyproject
        length = dig(pyproject, "tool", "flake8", "max-line-length")
        if isinstance(length, (int, str)) and str(length).isdigit():
            hints["python"].append((f"flake8, max line length {length}", "pyproject.toml"))
    mypy = dig(pyproject, "tool", "mypy")
    if isinstance(mypy, dict) and mypy.get("strict"):
        hints["python"].append(("mypy strict type checking", "pyproject.toml"))


def _js(tree: Tree, hints: Hints, lang: str) -> None:
    rel = tree.first(*PRETTIER)
    config: dict = {}
    if rel:
        text = tree.read(rel) or ""
        try:
            config = json.loads(text) if rel.endswith((".json", "rc")) else {}
        except ValueError:
            config = {}
        if not config:  # faker's `overrides` set other quotes for *.json5 only: the top-level options are the rule
            # langfuse's `/** printWidth: 100, Commenting out for now … */`: an option in a comment is not set
            live = re.sub(r"/\*.*?\*/|(?<![:\w])//[^\n]*", "", text, flags=re.S)
            top = re.split(r"\boverrides\b", live)[0]
            config = {m[0]: m[1] for m in re.findall(r"(\w+)\s*[:=]\s*['\"]?([\w.-]+)", top) if m[0] in PRETTIER_KEYS}
    elif isinstance((pkg := tree.read_json("package.json")).get("prettier"), dict):
        rel, config = "package.json", pkg["prettier"]
    if rel:
        parts = [f"{key} {config[key]}" for key in PRETTIER_KEYS if key in config]
        hints[lang].append(("prettier" + (f" ({', '.join(parts)})" if parts else ""), rel))
    eslint = tree.first(*ESLINT)
    if eslint:
        text = tree.read(eslint) or ""
        if eslint.endswith((".js", ".cjs", ".mjs")):  # bitburner's `//"plugin:@typescript-eslint/strict",` is off
            text = re.sub(r"/\*.*?\*/|(?<![:\w])//[^\n]*", "", text, flags=re.S)
        # a preset is a whole word of a string value, not a rule's name (`"no-restricted-globals": 0`)
        presets = re.findall(
            r"['\"]((?:plugin:|eslint:|@)?[\w@/-]*(?:recommended|airbnb|standard|(?<![a-z])strict(?![a-z]))[\w/-]*)"
            r"['\"](?!\s*:)",
            text,
        )
        detail = f" with {human_list(list(dict.fromkeys(presets)), 5)}" if presets else ""
        hints[lang].append((f"eslint{detail}", eslint))
    if tree.has("biome.json") or tree.has("biome.jsonc"):
        rel = tree.first("biome.json", "biome.jsonc") or ""
        text = tree.read(rel) or ""
        # node-mysql2's biome.json turns the formatter off ("formatter": {"enabled": false}): Prettier formats
        off = {
            part
            for part in ("formatter", "linter")
            if re.search(rf'"{part}"\s*:\s*\{{[^{{}}]*"enabled"\s*:\s*false', text)
        }
        said = " and ".join(part for part in ("formatter", "linter") if part not in off)
        if said:
            hints[lang].append((f"Biome {said}", rel))
    tsconfig = re.sub(r"^\s*//.*$", "", tree.read("tsconfig.json") or "", flags=re.MULTILINE)  # ejs' `// "checkJs"`
    typed = any(f.endswith((".ts", ".tsx", ".mts", ".cts")) and not f.endswith(STUBS) for f in tree.own)
    checks_js = re.search(r'"checkJs"\s*:\s*true', tsconfig)  # axios' few .ts files do not make its JavaScript strict
    if re.search(r'"strict"\s*:\s*true', tsconfig) and ((typed and lang == "typescript") or checks_js):
        hints[lang].append(("TypeScript strict mode", "tsconfig.json"))  # ejs' tsconfig only compiles its JavaScript


def _rust(tree: Tree, hints: Hints) -> None:
    rel = tree.first(".rustfmt.toml", "rustfmt.toml")
    if rel and not keeps_rustfmt(tree):
        # gifski's .rustfmt.toml turns rustfmt off: "Please don't apply rustfmt to code in this project"
        hints["rust"].append(("hand-formatted: rustfmt is switched off (disable_all_formatting = true)", rel))
    elif rel:
        try:
            cfg = tomli.loads(tree.read(rel) or "")
        except tomli.TOMLDecodeError:
            cfg = {}
        parts = [f"{k} = {v}" for k, v in list(cfg.items())[:8]]
        hints["rust"].append(("rustfmt" + (f" ({', '.join(parts)})" if parts else ""), rel))
    elif tree.has("Cargo.toml") and keeps_rustfmt(tree):
        hints["rust"].append(("rustfmt defaults (cargo fmt)", "Cargo.toml"))
    if tree.first("clippy.toml", ".clippy.toml"):
        hints["rust"].append(("clippy configured", tree.first("clippy.toml", ".clippy.toml") or ""))


def _go(tree: Tree, hints: Hints) -> None:
    mod = tree.first("go.mod")
    command, enforced = golang.formatter(tree)
    if mod:
        tool = "gofmt" if command.startswith("go fmt") else command.split()[0]  # `go fmt` runs gofmt
        said = f"{tool} formatting"
        if tool in ("make", "just"):  # chezmoi's `make format` runs `golangci-lint fmt`: its formatters
            said = "formatting by golangci-lint's formatters" if "golangci-lint fmt" in enforced else "formatting"
            said = "gofmt formatting" if enforced.endswith("(gofmt)") else said
            enforced = enforced.split(" (", 1)[0]
        hints["go"].append((f"{said} (tabs; `{command}`)", mod if enforced == "go.mod" else enforced))
    rel, linters, _ = golang.golangci(tree)
    rel = rel or tree.first(".golangci.toml") or ""
    if rel:
        # progressbar's config outlived the workflow that ran it: a reader must not take it for a gate
        idle = "" if _runs_golangci(tree) else f" ({rel}, which nothing in the repository runs)"
        hints["go"].append((f"golangci-lint{' with ' + human_list(linters) if linters else ''}{idle}", rel))


def _runs_golangci(tree: Tree) -> bool:
    """CI, a task runner, a hook or a guide runs golangci-lint."""
    places = [f for f in tree.files if f.startswith((".github/workflows/", ".gitlab-ci", ".circleci/"))]
    # dive's Taskfile.yaml runs it as `{{ .GOLANGCI_LINT }} run`: a variable named for it counts
    places += [f for f in ("Makefile", "GNUmakefile", "makefile", "justfile", "Taskfile.yml", "Taskfile.yaml",
                           "taskfile.yml", "taskfile.yaml", ".pre-commit-config.yaml", "lefthook.yml",
                           "CONTRIBUTING.md", ".github/CONTRIBUTING.md", "magefile.go")
               if tree.has(f)]  # fmt: skip
    places += [f for f in tree.files if f.startswith(("scripts/", "hack/")) and f.endswith(".sh")]
    return any("golangci" in (tree.read(f) or "").lower() for f in places)


STANDARD_REQUIRED = r"^(require|plugins):\s*standard\b|^\s*-\s*standard\s*$|^\s+standard:"
"""A .rubocop.yml that brings Standard's cops or inherits its config (`inherit_gem: standard: .standard.yml`)."""


def _others(tree: Tree, hints: Hints) -> None:
    if (
        tree.has(".rubocop.yml")
        and re.search(r"""["'](rubocop|standard)""", gem_text(tree))
        and not rubocop_checks_nothing(tree.read(".rubocop.yml") or "")
        and not rubocop_styles_nothing(tree.read(".rubocop.yml") or "")
    ):
        text = tree.read(".rubocop.yml") or ""
        target = re.search(r"TargetRubyVersion:\s*([\d.]+)", text)
        quotes = re.search(r"Style/StringLiterals:\s*\n\s+EnforcedStyle:\s*(\w+)", text)
        parts = [p for p in (target and f"Ruby {target.group(1)}", quotes and f"{quotes.group(1)} strings") if p]
        # errbit's .rubocop.yml: "We use standard as a linter and formatter instead of Rubocop"
        standard = re.search(r"""^\s*gem\s+["']standard["']""", gem_text(tree), re.M) and (
            re.search(r"\bstandard\b[^\n]*\binstead of rubocop\b", text, re.I) or "standard" in text.split("\n", 1)[0]
        )
        # langchainrb's .rubocop.yml requires standard and inherits its config, and its CI lints with standardrb
        required = re.search(STANDARD_REQUIRED, text, re.M)
        standard = standard or (required and ci_runs_standardrb(tree))
        tool = "Standard (standardrb, RuboCop's rules)" if standard else "RuboCop"
        if not standard and required:
            tool = "RuboCop with Standard's rules"
        hints["ruby"].append((tool + (f" ({', '.join(parts)})" if parts else ""), ".rubocop.yml"))
    hints["php"] += php_format.style_hints(tree)
    if said := clang_format.hint(tree):  # with how it is applied: lz4's, which nothing runs, only to changed lines
        lang = language_in(tree, "x.h") or "c"  # the project's C or C++, as its headers are counted
        hints[lang].append((said, ".clang-format"))
    for rel, label in (
        (".editorconfig", None),
        ("checkstyle.xml", "Checkstyle"),
        ("config/checkstyle/checkstyle.xml", "Checkstyle"),
        (".ktlint", "ktlint"),
    ):
        if label and tree.has(rel) and (label != "Checkstyle" or _checkstyle_wired(tree)):
            hints["kotlin" if label == "ktlint" else "java"].append((label, rel))


def _checkstyle_wired(tree: Tree) -> bool:
    """Something runs Checkstyle: the build (outside comments: netty-socketio's pom.xml keeps its plugin commented
    out, its checkstyle.xml unused) or a CI workflow."""
    builds = [tree.read(f) or "" for f in ("pom.xml", "build.gradle", "build.gradle.kts") if tree.has(f)]
    workflows = [tree.read(f) or "" for f in tree.under(".github/workflows")]
    said = re.sub(r"<!--.*?-->", "", "\n".join(builds + workflows), flags=re.DOTALL)
    return not builds or bool(re.search(r"checkstyle", said, re.IGNORECASE))


def _braces(glob: str) -> list[str]:
    """An editorconfig section's globs with `{a,b}` expanded: `*.{py,pyi}` is `*.py` and `*.pyi`."""
    found = re.search(r"\{([^{}]*)\}", glob)
    if not found:
        return [glob]
    return [
        x for part in found.group(1).split(",") for x in _braces(glob[: found.start()] + part + glob[found.end() :])
    ]


def _editorconfig(tree: Tree, hints: Hints, present: list[str]) -> None:
    text = tree.read(".editorconfig")
    if not text:
        return
    section = None
    rules: dict[str, dict[str, str]] = defaultdict(dict)
    for line in text.splitlines():
        line = line.split("#", 1)[0].split(";", 1)[0].strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
        elif section and "=" in line:
            key, value = (p.strip() for p in line.split("=", 1))
            if (
                key in ("indent_style", "indent_size", "max_line_length", "end_of_line", "quote_type")
                and value != "unset"
            ):
                rules[section][key] = value
    for lang in present:
        ext = next(e for e, lg in EXTENSIONS.items() if lg == lang)
        found: dict[str, str] = {}
        for glob, values in rules.items():
            globs = [g.removeprefix("**/") for g in _braces(glob)]  # `[coverage/**/*]` is one folder's files only
            if glob == "*" or any("/" not in g and fnmatch(f"x{ext}", g) for g in globs):
                found.update(values)  # later, more specific sections override `[*]` (tenacity's [*.{py,pyi}])
        linted = _eslint_indent(tree) if lang == "javascript" else None
        edited = found.get("indent_size") or found.get("indent_style")
        if linted and edited and linted[0] != edited:
            # resolve's ESLint says `indent: ['error', 4]` over .editorconfig's 2: the linter is what fails a change
            found = {k: v for k, v in found.items() if k not in ("indent_size", "indent_style")}
            spaces = "tabs" if linted[0] == "tab" else f"{linted[0]} spaces"
            hints[lang].append(
                (f"ESLint's indent rule: {spaces} ({linted[1]}; .editorconfig says {edited})", linted[1])
            )
        if lang == "go":  # warewulf's `[*.go] indent_style = space`: gofmt writes tabs whatever an editor is told
            found = {k: v for k, v in found.items() if k not in ("indent_size", "indent_style", "tab_width")}
        if set(found) - {"end_of_line"}:  # vaultwarden's `[*] end_of_line = lf` alone says nothing of JavaScript
            said = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in found.items())
            hints[lang].append((f"editorconfig: {said}", ".editorconfig"))


ESLINT_CONFIGS = ("eslint.config.js", "eslint.config.mjs", "eslint.config.cjs", ".eslintrc.js", ".eslintrc.cjs",
                  ".eslintrc.json", ".eslintrc", ".eslintrc.yml", ".eslintrc.yaml")  # fmt: skip


def _eslint_indent(tree: Tree) -> tuple[str, str] | None:
    """(the indent ESLint's `indent` rule enforces, its config file): "4", or "tab"."""
    for rel in ESLINT_CONFIGS:
        said = re.search(r"""['"]?\bindent['"]?\s*:\s*\[\s*['"]?(?:error|warn|2|1)['"]?\s*,\s*['"]?(tab|\d+)""",
                         tree.read(rel) or "" if tree.has(rel) else "")  # fmt: skip
        if said:
            return said.group(1), rel
    return None


def short_title(text: str, limit: int = 72) -> str:
    """A list title: whole words, cut before an unbalanced parenthesis."""
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0].rstrip(",;:")
    if cut.count("(") > cut.count(")"):
        cut = cut[: cut.rfind("(")].rstrip()
    return cut + " …"


MINOR_SHARE = 0.05
"""The share of the source under which a language's editorconfig defaults alone are no style of the project (htop's one
old Lua test gets only `end of line lf`)."""


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    hints: Hints = defaultdict(list)
    found_shares = shares(tree)
    present = [lang for lang, _, _ in found_shares]
    share = {lang: part for lang, part, _ in found_shares}
    # the style of the code there is more of: ejs' tsconfig.json only compiles JavaScript, mocha's eleven .ts files
    # sit beside a JavaScript project its ESLint config covers
    scripts = [lang for lang in present if lang in ("typescript", "javascript")]
    js_lang = scripts[0] if scripts else "typescript" if tree.has("tsconfig.json") else "javascript"
    _python(tree, hints)
    _js(tree, hints, js_lang)
    _rust(tree, hints)
    _go(tree, hints)
    _others(tree, hints)
    _editorconfig(tree, hints, present)
    for lang, said in emacs_locals.indent_hints(tree, present).items():
        hints[lang].append((f"Emacs .dir-locals.el: {said}", ".dir-locals.el"))
    own = own_languages(tree)
    if own & {"javascript", "typescript"}:
        own |= {"javascript", "typescript"}
    for lang, found in hints.items():
        if not found or (own and lang not in own):
            continue  # prettier formatting black's Markdown and YAML is no JavaScript style
        said = {h for h, _ in found}
        before = present[: present.index(lang)] if lang in present else list(hints)
        if all(h.startswith("editorconfig: ") for h in said) and (
            any(said <= {h for h, _ in hints[other]} for other in before if other in hints)
            or share.get(lang, 0) < MINOR_SHARE
        ):
            continue  # good_job's JavaScript gets only the `[*]` settings its Ruby style memory already says
        sources = tuple(dict.fromkeys(src for _, src in found if src))
        name = DISPLAY.get(lang, lang)
        body = f"{name} style in this project: " + "; ".join(h for h, _ in found) + "."
        k.findings.append(
            Finding(
                f"style/{lang}",
                MemoryClass.STYLE,
                short_title(f"{name} style: {found[0][0]}"),
                body,
                sources,
                language=lang,
                tags=("style",),
            )
        )
    return k
