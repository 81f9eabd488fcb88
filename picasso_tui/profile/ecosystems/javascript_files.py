"""What the files say about a JavaScript project: whether it has code of its own (or only tooling beside another
language's project), and whether it is JavaScript, TypeScript or both."""

from __future__ import annotations

import fnmatch
import re
from typing import Any

from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.languages import TOOL_CONFIG
from picasso_tui.profile.walk import Tree

JS_SOURCE = (".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx", ".vue", ".svelte")


def has_own_source(tree: Tree) -> bool:
    """Whether the project has JavaScript or TypeScript of its own: outside docs, examples, tests, scripts and
    tool configuration (a Ruby gem's package.json that serves Docsify, a Node test server, eslint.config.js)."""
    for rel in tree.own:
        parts = rel.split("/")
        if not rel.endswith(JS_SOURCE) or TOOL_CONFIG.search(rel):
            continue
        if any(p in ("spec", "__tests__", "scripts", "script", "tools", "bin") for p in parts[:-1]):
            continue
        if any(re.fullmatch(r"(tests?|testing)([-_]\w+)?", p) for p in parts[:-1]):
            continue  # webrtc's test-wasm/node_shim.js runs its Go tests under Node
        return True
    return False


TEST_PATH = re.compile(r"(^|/)(tests?|spec|__tests__)/")

LOCKS = (
    ("pnpm-lock.yaml", "pnpm"),
    ("yarn.lock", "yarn"),
    ("bun.lockb", "bun"),
    ("bun.lock", "bun"),
    ("package-lock.json", "npm"),
    ("npm-shrinkwrap.json", "npm"),
)


def has_lock(tree: Tree, rel: str) -> bool:
    """The lock file is there: bun's older bun.lockb is binary, which the walk keeps apart from the text files."""
    return tree.has(rel) or rel in tree.binaries


def locked_managers(tree: Tree, folder: str = "") -> set[str]:
    """The package managers whose lock file the folder (the root by default) holds."""
    at = f"{folder}/" if folder else ""
    return {tool for lock, tool in LOCKS if has_lock(tree, at + lock)}


NODE_TOOLS = {
    "jsdoc": "jsdoc", "typedoc": "typedoc", "esdoc": "esdoc", "documentation": "documentation", "docco": "docco",
    "mocha": "mocha", "jest": "jest", "eslint": "eslint", "jshint": "jshint", "prettier": "prettier", "nyc": "nyc",
    "c8": "c8", "istanbul": "istanbul", "browserify": "browserify", "webpack": "webpack", "rollup": "rollup",
    "uglifyjs": "uglify-js", "tsc": "typescript", "standard": "standard", "xo": "xo",
}  # fmt: skip
"""Commands only an npm package brings, and the package: a Makefile beside a package.json runs them from it."""


def checks_js(tree: Tree) -> bool:
    """tsconfig.json only type-checks JavaScript (chai's `"checkJs": true` over lib/**/*.js) and the project has no
    TypeScript of its own: it is JavaScript with JSDoc types, not a TypeScript project."""
    own_ts = bool(typescript_sources(tree))  # chai's test/type-detect/deno-test.ts checks a Deno import, no source
    config = re.sub(r"//[^\n]*", "", tree.read("tsconfig.json") or "")
    return not own_ts and bool(re.search(r"\"checkJs\"\s*:\s*true", config))


def flavour(tree: Tree) -> str:
    """TypeScript when the project has a tsconfig or .ts sources, else JavaScript (koa is plain CommonJS; chai's
    tsconfig only checks its JavaScript)."""
    if checks_js(tree):
        return "JavaScript"
    written = typescript_sources(tree)
    js = [f for f in tree.own if f.endswith((".js", ".mjs", ".cjs", ".jsx"))]
    # ramda's one mod.ts re-exports its 369 JavaScript modules for Deno: a door, not TypeScript written
    ts = typescript_configured(tree) or len(written) > 2 or (bool(written) and len(written) * 10 >= len(js))
    return "JavaScript and TypeScript" if ts and js else "TypeScript" if ts else "JavaScript"


def typescript_configured(tree: Tree) -> bool:
    """A tsconfig.json with TypeScript files to compile: homeland's, left from its Webpacker set-up, has none."""
    return tree.has("tsconfig.json") and any(f.endswith((".ts", ".tsx", ".mts", ".cts")) for f in tree.files)


def typescript_sources(tree: Tree) -> list[str]:
    """The project's own TypeScript: not declaration files, not tests or their fixtures."""
    return [
        f
        for f in tree.own
        if f.endswith((".ts", ".tsx", ".mts", ".cts")) and not f.endswith(".d.ts") and not TEST_PATH.search(f)
    ]


FIND = re.compile(r"\$\(\s*find\s+([\w./-]+)\s+([^)]*(?:\\\)[^)]*)*)\)")
"""A shell `$(find test -name '*-test.js' -o -name '*.test.js')` that lists the files to run (nodemailer)."""


def _found_globs(m: re.Match[str]) -> str:
    """The `find`'s folder and name patterns as the globs it matches: `test/**/*-test.js test/**/*.test.js`."""
    names = re.findall(r"-name\s+['\"]([^'\"]+)['\"]", m.group(2))
    return " ".join(f"{m.group(1).rstrip('/')}/**/{n}" for n in names) if names else m.group(0)


def called_scripts(scripts: dict, text: str) -> list[str]:
    """The package's scripts a script runs by name: `npm run x`, or npm-run-all's and run-s' names and globs
    (semantic-release's `npm-run-all --parallel lint:* --serial test:*`)."""
    called = [n for n in RUNS_SCRIPT.findall(text) if n in scripts]
    for step in re.split(r"\s*(?:&&|;|\|\|)\s*", text):
        if re.match(r"(npm-run-all2?|run-[ps])\b", step):
            patterns = [w for w in step.split()[1:] if not w.startswith("-")]
            called += [n for pattern in patterns for n in scripts if fnmatch.fnmatchcase(str(n), pattern)]
    return list(dict.fromkeys(called))


def test_script_files(tree: Tree) -> tuple[list[str], list[str]]:
    """The globs the package.json test script runs (yargs' `./test/*.mjs`; buffer's `test/*.js test/node/*.js`) and
    the files they match: the suite, however its files are named; ([], []) when the script names no glob."""
    scripts = tree.read_json("package.json").get("scripts") or {}
    if not isinstance(scripts, dict):
        return [], []
    script = str(scripts.get("test") or "")
    # qs' `npm run tests-only` runs `nyc tape 'test/**/*.js'`; axios' `npm run test:eslint` lints lib/**/*.js;
    # node-red's `run-s build lint coverage` reaches `mocha "test/unit/**/*_spec.js"` through `nyc npm run mocha`
    names, seen = called_scripts(scripts, script), {"test"}
    ran = [script]
    for _ in range(3):
        names = [n for n in names if n not in seen]
        seen.update(names)
        ran += [str(scripts.get(n) or "") for n in names]
        names = [c for n in names for c in called_scripts(scripts, str(scripts.get(n) or ""))]
    testing = [script] + [text for text in ran[1:] if TEST_RUNNER.search(text)]
    testing = [FIND.sub(_found_globs, text) for text in testing]
    globs: list[str] = []
    files: dict[str, None] = {}
    for found in re.finditer(r"(?<![\w-])['\"]?((?:\./)?[\w./{},-]*\*[\w.*/{},-]*)", " ".join(testing)):
        path = found.group(1).removeprefix("./")
        before = " ".join(testing)[: found.start()]
        if globs and re.search(r"(=|!)['\"]?$", before):
            continue  # a flag's value (`--include=lib/**`) or an exclusion, not more tests
        matched = []
        for each in _expand(path):  # sinon's `test/{src,issues,scripts}/**/*-test.js`: three folders' tests
            folder = each.split("*", 1)[0].rstrip("/")
            if folder:
                pattern = re.compile(re.escape(each).replace(r"\*\*/", "(?:.*/)?").replace(r"\*", "[^/]*") + "$")
                matched += [f for f in tree.under(folder) if pattern.match(f)]
        if matched:
            globs.append(path)
            files |= dict.fromkeys(matched)
    if globs:
        return globs, list(files)
    for text in testing:  # terser's `mocha test/mocha`: a folder given to mocha, whose top-level files it runs
        for folder in re.findall(r"\bmocha\s+(?:--?[\w-]+\s+)*((?:\./)?[\w/-]+?)/?(?=\s|$|&&|;)", text):
            folder = folder.removeprefix("./")
            found = [f for f in tree.under(folder) if re.fullmatch(rf"{re.escape(folder)}/[^/]+\.[mc]?js", f)]
            if found:
                return [f"{folder}/*.js"], found
    if any(BARE_MOCHA.search(text) for text in ran):  # picomatch's `mocha --reporter dot`: mocha's own ./test/*.js
        found_files = [f for f in tree.under("test") if re.fullmatch(r"test/[^/]+\.[mc]?js", f)]
        return (["test/*.js"], found_files) if found_files else ([], [])
    return [], []


RUNNER_CONFIGS = (
    "vitest.config.ts", "vitest.config.mts", "vitest.config.js", "vitest.config.mjs", "vite.config.ts",
    "vite.config.js", "vite.config.mjs", "jest.config.js", "jest.config.ts", "jest.config.mjs", "jest.config.cjs",
)  # fmt: skip
"""The test runners' configs that name the suite's files (vitest's `include`, jest's `testMatch`)."""


def _expand(glob: str) -> list[str]:
    """A glob with its braces expanded: `tests/**/*.{js,ts}` is `tests/**/*.js` and `tests/**/*.ts`."""
    brace = re.search(r"\{([^{}]*)\}", glob)
    if not brace:
        return [glob]
    return [
        g for part in brace.group(1).split(",") for g in _expand(glob[: brace.start()] + part + glob[brace.end() :])
    ]


def _glob_pattern(glob: str) -> re.Pattern[str]:
    """A path glob as a regular expression (`**/` any folders, `*` within one); a folder's glob ends in `/`."""
    body = re.escape(glob.removeprefix("./")).replace(r"\*\*/", "(?:.*/)?").replace(r"\*\*", ".*")
    body = body.replace(r"\*", "[^/]*")
    return re.compile(body + ("" if glob.endswith("/") else "$"))


def _without_blocks(text: str, keys: tuple[str, ...]) -> str:
    """The config without the objects under ``keys``: zustand's `coverage: { include: ['src/**/'] }` names the
    files measured, not the tests."""
    for key in keys:
        while opened := re.search(rf"\b{key}\s*:\s*\{{", text):
            depth, end = 0, len(text)
            for i in range(opened.end() - 1, len(text)):
                depth += {"{": 1, "}": -1}.get(text[i], 0)
                if depth == 0:
                    end = i + 1
                    break
            text = text[: opened.start()] + text[end:]
    return text


def config_test_files(tree: Tree) -> tuple[str, list[str], list[str]]:
    """(config, globs, files): the suite a vitest config's `test.include` or jest's `testMatch` names, less what it
    excludes; yaml's vitest.config.js includes `tests/**/*.{js,ts}`, whatever the files are called."""
    rel = tree.first(*RUNNER_CONFIGS)
    text = _without_blocks(tree.read(rel) or "" if rel else "", ("coverage", "benchmark", "typecheck"))
    include = re.search(r"\b(?:include|testMatch)\s*:\s*\[([^\]]*)\]", text)
    if not rel or not include:
        return "", [], []
    # search-gov's jest `<rootDir>/app/javascript/test/**`: the folder the config sits in, the root here
    globs = [g.removeprefix("<rootDir>/") for g in re.findall(r"['\"]([^'\"]+)['\"]", include.group(1))]
    excluded = re.search(r"\bexclude\s*:\s*\[([^\]]*)\]", text[include.end() :] + text[: include.start()])
    left_out = re.findall(r"['\"]([^'\"]+)['\"]", excluded.group(1)) if excluded else []
    outs = [_glob_pattern(g) for e in left_out for g in _expand(e)]
    ins = [_glob_pattern(g) for glob in globs for g in _expand(glob)]
    files = [
        f
        for f in tree.files  # yaml's tests/doc/*.ts are tests, whatever a docs folder elsewhere is
        if f.endswith(JS_SOURCE)
        and not f.endswith(".d.ts")
        and "node_modules/" not in f
        and any(p.match(f) for p in ins)
        and not any(p.match(f) for p in outs)
    ]
    return (rel, globs, files) if files else ("", [], [])


def suite_folder(globs: list[str]) -> str:
    """The folder all of the test script's globs are in (test/ for `test/*.js test/node/*.js`), "." for the root."""
    fixed = [re.split(r"[*{]", g, maxsplit=1)[0] for g in globs]  # sinon's test/{src,issues}/…: under test/
    folders = [f.rsplit("/", 1)[0].split("/") if "/" in f else [] for f in fixed]
    common: list[str] = []
    for parts in zip(*folders, strict=False):  # the folders of `test/unit-*.js` and `test/node/*.js`: test/
        if len(set(parts)) > 1:
            break
        common.append(parts[0])
    return "/".join(common) or "."


TEST_RUNNER = re.compile(r"\b(vitest|jest|mocha|ava|tap|borp|tape|uvu|nyc|c8|node --test)\b")
"""A script that runs tests (the one a test script calls), not one that lints or builds."""
BARE_MOCHA = re.compile(r"(^|&&\s*|;\s*)mocha((\s+--?[\w-]+)(\s+[\w.=-]+)?)*\s*($|&&|;)")
"""Mocha run with flags only: it takes the files of ./test (*.js, *.cjs, *.mjs), as its docs say."""


HELPER_FILE = re.compile(
    r"/(_|\.)|/(utils?|helpers?|setup|fixtures?|index|common|support|mocha\.opts)\b|[-_.](helpers?|setup)\.\w+$", re.I
)
"""Files of a test folder that support the tests rather than hold them."""


TEST_CALL = re.compile(
    r"""\b(test|it|describe|suite|t\.test)\s*\(|\b(require\(\s*|from\s+)['"](tape|tap|ava|node:test|uvu)\b"""
)
"""A file that declares tests, not one that holds the cases a test reads (qs' test/empty-keys-cases.js)."""
RUNS_SCRIPT = re.compile(r"\b(?:npm|pnpm|yarn|bun) (?:run )?(?:--?[\w-]+ )*(\w[\w:.-]*)")
"""Another package.json script a script runs, past npm's own flags (resolve's `npm run --silent tests-only`)."""
RELATIVE_IMPORT = re.compile(r"""(\brequire\(\s*|\bfrom\s+|\bimport\s+|\bimport\(\s*)['"]\.\.?/""")


SHARED_TEST_FILE = re.compile(r"(^|/)(before|after|setup|helpers?|common|utils?)(\.test)?\.\w+$")
"""A test folder's shared code, named like a test or not (node-mysql2's test/common.test.mts: connection helpers)."""


def test_file_example(tree: Tree, runner: str) -> str | None:
    """Where one test file goes for a runner that takes a path: the first *.test.* / *.spec.* file, else (AVA, tap,
    Mocha name test files freely) `test/<name>.<ext>` from the files in the test folder."""
    named = r"(^|/)(tests?|__tests__)/.*\.(test|spec)\.[mc]?[jt]sx?$"
    _, suite = test_script_files(tree)
    # node-mysql2's test/common.test.mts holds the suite's shared connection helpers, named like a test
    files = [f for f in suite if not re.search(r"(^|/)(before|after|setup|helpers?|common|utils?)(\.test)?\.\w+$", f)][
        :20
    ]
    files = [f for f in files if TEST_CALL.search(tree.read(f) or "")] or files  # qs' empty-keys-cases.js: data
    # one that loads the code by a relative path runs as checked out; dotenv's test of `import 'dotenv/config'`
    # resolves through package.json exports to dist/, which only a build writes
    relative = next((f for f in files if RELATIVE_IMPORT.search(tree.read(f) or "")), None)
    if example := relative or next(iter(files), None):
        return example  # a file of the glob the test script runs (yargs' test/*.mjs)
    # evcc's tests/*.spec.ts import @playwright/test: end-to-end specs Vitest does not run
    browser = re.compile(r"""(from|require\()\s*['"]@playwright/test['"]""")
    if example := next(
        (
            f
            for f in tree.own
            if re.search(named, f)
            and not SHARED_TEST_FILE.search(f)
            and (runner == "playwright" or not browser.search(tree.read(f) or ""))
        ),
        None,
    ):
        return example
    if runner not in ("ava", "tap", "tape", "mocha", "uvu", "lab"):  # lab reads test/ unless told otherwise
        return None
    for folder in ("test", "tests"):
        files = [f for f in tree.under(folder) if re.fullmatch(rf"{folder}/[\w.-]+\.[mc]?[jt]sx?", f)]
        if files:
            exts = sorted({f.rsplit(".", 1)[-1] for f in files})  # a tie goes to .js: boom's index.ts is type tests
            ext = max(exts, key=lambda e: (sum(f.endswith("." + e) for f in files), e == "js"))
            real = [f for f in sorted(files) if f.endswith(f".{ext}") and not HELPER_FILE.search(f)]
            real = [f for f in real if TEST_CALL.search(tree.read(f) or "")] or real
            # boom's one test/index.js holds the suite itself: an index is a helper only when it has no tests
            real = real or [f for f in sorted(files) if f.endswith(f".{ext}") and TEST_CALL.search(tree.read(f) or "")]
            return real[0] if real else f"{folder}/<name>.{ext}"  # a file that exists: node-fetch's test/headers.js
    return None


NOTICE = re.compile(r"\b(removed|deprecated|no longer|has moved|moved to|use \S+ instead)\b", re.IGNORECASE)


def live_bins(tree: Tree, pkg: dict) -> dict[str, str]:
    """package.json bin entries whose file is a real program: a tiny file that only prints a removal or
    deprecation notice keeps the name reserved, it does not make the package a command-line tool."""
    binaries = pkg.get("bin")
    named = {str(pkg.get("name") or "bin"): binaries} if isinstance(binaries, str) else binaries
    if not isinstance(named, dict):
        return {}
    live = {}
    for name, target in named.items():
        text = tree.read(str(target).removeprefix("./")) or ""
        if not (text and len(text) < 800 and NOTICE.search(text)):
            live[str(name)] = str(target)
    return live


def uvu_one(execute: str, script: str, example: str) -> str:
    """uvu takes a folder and a pattern, not a file: kleur's `uvu -r esm -i utils` runs test/colors.js alone as
    `npx uvu -r esm test colors`, keeping the loaders the script requires."""
    flags = "".join(f"{f} " for f in re.findall(r"(?:^|\s)(-r\s+\S+|--require\s+\S+)", script[3:]))
    folder, name = example.rsplit("/", 1) if "/" in example else (".", example)
    return f"{execute} uvu {flags}{folder} {name.split('.', 1)[0]}"


def _built(tree: Tree, pkg: dict, target: str) -> str:
    """How an entry file absent from the checkout comes to be: chai's main ./index.js is what its build script's
    esbuild writes from lib/chai.js (` (written by `npm run build` from lib/chai.js)`); "" for a file in git."""
    path = target.removeprefix("./")
    script = str((pkg.get("scripts") or {}).get("build") or "")
    if tree.has(path) or not re.search(rf"(?:--outfile[= ]|-o |--out-file[= ])\.?/?{re.escape(path)}\b", script):
        return ""
    sources = [s for s in re.findall(r"(?<![=\w-])((?:\./)?[\w./-]+\.[cm]?[jt]s)\b", script) if path not in s]
    return f" (the build script writes it{f' from {sources[-1]}' if sources else ''}; it is not in git)"


def boilerplate_main(tree: Tree, pkg: dict) -> bool:
    """`"main": "index.js"` as `npm init` writes it, with no index.js: laravel-debugbar's package.json only holds its
    asset tooling, and no file of the package is its entry; or a main that is no JavaScript at all."""
    main = str(pkg.get("main") or "").removeprefix("./")
    # bitburner's `"main": "electron-main.js"` names a root file neither git nor the build script has
    missing = (main == "index.js" or (main and "/" not in main)) and not tree.has(main)
    return foreign_main(pkg) or (missing and not _built(tree, pkg, main))


def foreign_main(pkg: dict) -> bool:
    """A `main` that names no JavaScript (opensourcepos' `"main": "index.php"`) or a build tool's configuration: the
    manifest of an app's front-end assets, not of an npm package."""
    main = str(pkg.get("main") or "").removeprefix("./")
    if re.fullmatch(r"(?i)(gruntfile|gulpfile|webpack\.config|rollup\.config|vite\.config)\.[cm]?[jt]s", main):
        return True  # CMB2's `"main": "Gruntfile.js"`, left by `npm init`: the build's configuration, no entry
    return bool(main) and "." in main.rsplit("/", 1)[-1] and not main.endswith((*JS_SOURCE, ".json", ".node"))


def entry_points(k: Knowledge, tree: Tree, pkg: dict) -> None:
    """The files package.json points to: main, module, what `exports["."]` resolves to, types and live bins. A
    private manifest is published from a copy the build writes (zustand's dist/package.json): its entries name files
    of that copy, so none is said."""
    if pkg.get("private") is True or str(pkg.get("private")).lower() == "true":
        return
    fields = ("module",) if boilerplate_main(tree, pkg) else ("main", "module")
    entries = [f"{f} {pkg[f]}{_built(tree, pkg, pkg[f])}" for f in fields if isinstance(pkg.get(f), str)]
    root = pkg.get("exports", {}).get(".") if isinstance(pkg.get("exports"), dict) else None
    said = {pkg.get("main"), pkg.get("module")}
    if isinstance(root, dict):  # mitt's `exports["."]`: the files `import` and `require` resolve to
        known = {str(s).lstrip("./") for s in said}
        targets = [(c, t) for c, t in root.items() if isinstance(t, str) and c != "types"]
        entries += [f"exports[.].{c} {t}" for c, t in targets if t.lstrip("./") not in known][:3]
    if isinstance(types := pkg.get("types") or pkg.get("typings"), str):
        entries.append(f"types {types}")
    binaries = live_bins(tree, pkg)
    if isinstance(pkg.get("bin"), dict):
        entries += [f"bin `{n}` -> {t}" for n, t in binaries.items()]
    elif binaries:
        entries.append(f"bin {next(iter(binaries.values()))}")
    if entries:
        k.fact(
            "javascript/entry-points",
            "JS/TS entry points",
            f"package.json entry points: {human_list(entries)}.",
            "package.json",
        )


FIX_SCRIPTS = ("format:fix", "lint:fix", "lint-fix")
"""Scripts that fix what the linter finds: the format command when the package has no `format` script (koa's
`lint:fix` is `standard --fix`), provided their body really runs a fixer."""
FIXER = re.compile(
    r"--fix(?![\w-])|\bprettier\b[^&|;]*\s(?:--write|-w)(?![\w-])|\bbiome\b[^&|;]*\s--(?:write|apply)(?![\w-])"
)


def fixes(name: str, script: str) -> bool:
    """Whether a script may stand for the format command: a fix script only when it runs a fixer (`eslint --fix`,
    `prettier -w`); one that only lints (`lint:fix: eslint .`, a misnomer) formats nothing, nor does a `format`
    script that runs Biome or Prettier without writing."""
    if name == "format" and re.search(r"\b(biome|prettier)\b", script) and not FIXER.search(script):
        return False  # ms' `format: biome format` without --write only reports: it formats nothing
    if re.search(r"\boxfmt\b[^;&|]*\s--(list-different|check)\b", script):
        return False  # http-proxy-middleware's `format: oxfmt --list-different` lists what `format:fix` would change
    return name not in FIX_SCRIPTS or bool(FIXER.search(script))


def workspace_folders(tree: Tree, pkg: dict) -> list[str]:
    """The folders the workspace patterns name (``packages/*`` is one level, ``packages/**`` any depth)."""
    ws = pkg.get("workspaces")
    patterns = ws.get("packages", []) if isinstance(ws, dict) else ws if isinstance(ws, list) else []
    text = tree.read("pnpm-workspace.yaml") or ""
    listed = re.search(r"^packages:\s*\n((?:[ \t]*(?:-.*)?\n?)+)", text, re.MULTILINE)
    if listed:
        patterns = list(patterns) + re.findall(r"^\s*-\s*['\"]?([^'\"\n#]+?)['\"]?\s*$", listed.group(1), re.MULTILINE)
    if not patterns:
        return []
    folders = [f.rsplit("/", 1)[0] for f in tree.named("package.json") if f != "package.json"]
    included = [p.strip().rstrip("/") for p in patterns if isinstance(p, str) and not p.startswith("!")]
    excluded = [p.strip()[1:].rstrip("/") for p in patterns if isinstance(p, str) and p.startswith("!")]
    return sorted(
        f
        for f in folders
        if any(workspace_glob(f, p) for p in included) and not any(workspace_glob(f, p) for p in excluded)
    )


def workspace_glob(folder: str, pattern: str) -> bool:
    """A workspace glob: ``*`` stays within one folder, ``**`` spans any number."""
    regex = re.escape(pattern.removeprefix("./")).replace(r"\*\*", "\0").replace(r"\*", "[^/]*").replace("\0", ".*")
    return re.fullmatch(regex, folder) is not None


SITE_GENERATORS = (
    "vitepress", "vuepress", "astro", "@11ty/eleventy", "nextra", "vocs", "@docusaurus/core", "docusaurus",
)  # fmt: skip
"""Static site generators a docs folder's own package.json brings (starship's docs/ is a VitePress site, mcp-go's
www/ a Vocs one, ghz's www/website Docusaurus 1)."""
SITE_FOLDERS = ("docs", "website", "site", "www", "documentation", "docs/website", "www/website", "docs-site")


def docs_sites(tree: Tree) -> list[tuple[str, dict[str, Any], str]]:
    """(folder, package.json, site generator) of each docs site kept as a package of its own, in SITE_FOLDERS' order."""
    found = []
    for folder in SITE_FOLDERS:
        manifest = tree.read_json(f"{folder}/package.json")
        deps = {**(manifest.get("dependencies") or {}), **(manifest.get("devDependencies") or {})}
        if generator := next((g for g in SITE_GENERATORS if g in deps), None):
            found.append((folder, manifest, generator))
    return found


def docs_site_names(tree: Tree) -> set[str]:
    """The package names of the docs sites kept as packages of their own (nonebot2's website/, named `nonebot`)."""
    return {str(manifest["name"]) for _, manifest, _ in docs_sites(tree) if manifest.get("name")}
