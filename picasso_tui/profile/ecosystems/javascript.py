"""JavaScript / TypeScript: package manager, workspaces (monorepo), frameworks, test runner, scripts."""

from __future__ import annotations

import fnmatch
import re
import shlex
from collections import Counter
from dataclasses import dataclass

from picasso_tui.profile.ci import read_ci
from picasso_tui.profile.ecosystems.common import Stack, classify, load_json, rank_by_use, stack_facts
from picasso_tui.profile.ecosystems.javascript_built import (
    compiled_test,
    imported_output,
    names_built_folder,
    script_steps,
    types_from_output,
)
from picasso_tui.profile.ecosystems.javascript_files import (
    FIX_SCRIPTS,
    JS_SOURCE,
    LOCKS,
    NODE_TOOLS,
    boilerplate_main,
    called_scripts,
    checks_js,
    docs_site_names,
    entry_points,
    fixes,
    flavour,
    foreign_main,
    has_lock,
    has_own_source,
    live_bins,
    locked_managers,
    test_file_example,
    test_script_files,
    typescript_configured,
    typescript_sources,
    uvu_one,
    workspace_folders,
)
from picasso_tui.profile.findings import Knowledge, human_list, plural
from picasso_tui.profile.languages import DISPLAY, TOOL_CONFIG, own_languages, shares
from picasso_tui.profile.walk import Tree, is_auxiliary

LIBRARIES: dict[str, tuple[str, str]] = {
    "next": ("Next.js", "framework"), "react": ("React", "framework"), "vue": ("Vue", "framework"),
    "nuxt": ("Nuxt", "framework"), "svelte": ("Svelte", "framework"), "@sveltejs/kit": ("SvelteKit", "framework"),
    "@angular/core": ("Angular", "framework"), "express": ("Express", "framework"), "fastify": ("Fastify", "framework"),
    "koa": ("Koa", "framework"), "@nestjs/core": ("NestJS", "framework"), "@remix-run/react": ("Remix", "framework"),
    "astro": ("Astro", "framework"), "electron": ("Electron", "framework"), "hono": ("Hono", "framework"),
    "solid-js": ("Solid", "framework"), "react-native": ("React Native", "framework"),
    "graphql": ("GraphQL", "framework"), "pino": ("pino", "framework"), "winston": ("winston", "framework"),
    "axios": ("axios", "framework"), "zod": ("zod", "framework"), "rxjs": ("RxJS", "framework"),
    "vite": ("Vite", "build"), "rollup": ("Rollup", "build"), "webpack": ("webpack", "build"),
    "esbuild": ("esbuild", "build"), "tsup": ("tsup", "build"), "@swc/core": ("SWC", "build"),
    "parcel": ("Parcel", "build"), "vitest": ("Vitest", "test"), "jest": ("Jest", "test"),
    "mocha": ("Mocha", "test"), "ava": ("AVA", "test"), "tap": ("tap", "test"), "borp": ("borp", "test"),
    "poku": ("Poku", "test"), "@japa/runner": ("Japa", "test"),  # AdonisJS' own runner
    "@playwright/test": ("Playwright", "test"), "cypress": ("Cypress", "test"), "chai": ("Chai", "test"),
    "sinon": ("Sinon", "test"), "tape": ("tape", "test"), "@hapi/lab": ("@hapi/lab", "test"),
    "@hapi/code": ("@hapi/code (assertions)", "test"),
    "@testing-library/": ("Testing Library", "test"), "prisma": ("Prisma", "database"),
    "@prisma/client": ("Prisma", "database"), "typeorm": ("TypeORM", "database"),
    "sequelize": ("Sequelize", "database"), "drizzle-orm": ("Drizzle", "database"), "knex": ("Knex", "database"),
    "mongoose": ("Mongoose", "database"), "pg": ("PostgreSQL (pg)", "database"), "mysql2": ("MySQL", "database"),
    "commander": ("commander", "cli"), "yargs": ("yargs", "cli"), "oclif": ("oclif", "cli"),
    "eslint": ("ESLint", "lint"), "oxlint": ("oxlint", "lint"), "prettier": ("Prettier", "lint"),
    "@biomejs/biome": ("Biome", "lint"),
    "typedoc": ("TypeDoc", "docs"), "vitepress": ("VitePress", "docs"), "@docusaurus/core": ("Docusaurus", "docs"),
}  # fmt: skip
PASSES_ANYWAY = re.compile(r"(;|\|\|)\s*(exit 0|true|:)\s*$")
"""A script whose last word makes it succeed whatever came before."""
ROLE_SCRIPTS = {
    "build": ("build", "compile", "dist", "bundle"),
    # ws' `integration` runs test/*.integration.js against a live echo server: the suite beside `npm test`
    "test": ("test", "test:unit", "tests", "tests-only", "integration", "test:integration", "e2e", "test:e2e"),
    "lint": ("lint", "check", "lint:markdown", "lint:js", "eslint", "phplint"),  # textpattern's `phplint` checks PHP
    "typecheck": ("typecheck", "type-check", "check-types", "test:types", "test-types", "lint:types", "check:types",
                  "types:check", "type:check", "tsd"),
    "docs": ("docs", "docs:build", "build:docs", "typedoc"),
    "format": ("format", "fmt", "prettier", "fix", "format:write", *FIX_SCRIPTS),
    "run": ("dev", "start:dev", "start", "serve"), "migrate": ("migrate", "db:migrate"),
}  # fmt: skip


def manager(tree: Tree, pkg: dict) -> tuple[str, str]:
    """The package manager (npm, pnpm, yarn, bun) and what says so: packageManager, else the lock file."""
    declared = str(pkg.get("packageManager") or "").split("+", 1)[0]  # "+sha512.…" is an integrity hash
    locked = locked_managers(tree)
    # glide-data-grid declares yarn@1 but keeps only package-lock.json, and its guide and CI run npm: the lock is
    # what the installs write, the field a leftover
    if declared and not (len(locked) == 1 and declared.split("@", 1)[0] not in locked):
        return declared.split("@", 1)[0], f'packageManager "{declared}"'
    for lock, tool in LOCKS:
        if has_lock(tree, lock):
            return tool, lock
    # rails_admin keeps no lock file: its .gitignore lists /yarn.lock, the one yarn writes. edge's lists yarn.lock
    # and package-lock.json, and its .npmrc says `package-lock=false`: it ignores every lock, and npm runs it
    ignored = tree.read(".gitignore") or "" if tree.has(".gitignore") else ""
    listed = [(lock, tool) for lock, tool in LOCKS if re.search(rf"^/?{re.escape(lock)}\s*$", ignored, re.MULTILINE)]
    npmrc = tree.read(".npmrc") or "" if tree.has(".npmrc") else ""
    lockless_npm = re.search(r"^\s*package-lock\s*=\s*false\b", npmrc, re.MULTILINE)
    if len({tool for _, tool in listed}) == 1 and listed[0][1] != "npm" and not lockless_npm:
        return listed[0][1], f".gitignore lists {listed[0][0]}"
    return "npm", "package.json, no lock file"


MONOREPO_SHOWN = 12
"""Workspace packages named per group; a bigger group shows the main ones and a count."""
RUNNERS = re.compile(r"\b(vitest|jest|mocha|ava|tap|borp|tape|uvu|poku)\b|\bnode --test\b|(?<![\w@/-])lab(?=\s|$)")


def _test_runner(scripts: dict) -> tuple[str | None, bool]:
    """The test runner the ``test`` script calls, directly or through one ``npm run <script>`` it runs; and
    whether it is the test script itself."""
    names, seen = ["test"], {"test"}
    for depth in range(4):  # node-red's `run-s build lint coverage`, whose coverage is `nyc npm run mocha`
        for name in names:
            if m := RUNNERS.search(str(scripts.get(name) or "")):
                return m.group(0), depth == 0
        names = [n for name in names for n in called_scripts(scripts, str(scripts.get(name) or "")) if n not in seen]
        seen.update(names)
    return None, False


LINTERS = re.compile(r"^(xo|eslint|standard|biome (lint|check|ci)|oxlint|ts-standard|semistandard)\b")
"""A linter at the head of one step of a chained test script (`xo && ava`)."""
COMPILERS = re.compile(
    r"^(tsc(?!.*--noEmit)|rollup|vite build|esbuild|tsup|tsdown|unbuild|microbundle|pkgroll|tshy|webpack|babel|swc|"
    r"zshy|bunchee)\b"
)
"""A step that writes the package's output: a `prepare` script that runs one is the build (envalid's `tsc`)."""
EXECUTE = {"npm": "npx", "pnpm": "pnpm exec", "yarn": "yarn", "bun": "bunx"}


ASSET_TOOLS = re.compile(
    r"^(npx )?(sass|node-sass|esbuild|webpack|rollup|parcel|postcss|tailwindcss|chokidar|livereload|gulp|grunt|"
    r"vite|wp-scripts|mix|node [\w./-]*(build|esbuild|webpack)[\w./-]*|npm-run-all|run-[ps]|concurrently|encore|"
    r"(\./)?bin/(webpack|shakapacker|vite)[\w-]*)\b"
)
"""Tools that build or watch front-end assets (Symfony's Webpack Encore: Kimai's `dev` is `encore dev`; ampache's
`vite --port 5177` serves its PHP pages' assets, givewp's `wp-scripts build` builds a WordPress plugin's, ubicloud's
`npx tailwindcss`, homeland's `./bin/shakapacker-dev-server`), and the runners that start several of them."""


def _undeclared_tool(p: _Package, script: str) -> bool:
    """The script's first program comes only from an npm package no manifest declares (fabric.js' `docs` runs
    typedoc, dropped from its devDependencies; bull's `build` runs tsc with no typescript): "command not found"."""
    steps = chain_steps(script)
    program = steps[0].split()[0] if steps and steps[0].split() else ""
    return program in NODE_TOOLS and NODE_TOOLS[program] not in p.deps


OTHER_MANIFESTS = ("composer.json", "Gemfile", "pyproject.toml", "manage.py", "go.mod", "pom.xml", "Cargo.toml")


def runs_docs_site(tree: Tree, script: str) -> bool:
    """The script runs a script of the docs site's own package (nonebot2's `pnpm --filter nonebot build`)."""
    named = re.match(r"\s*(?:pnpm (?:--filter|-F)[ =]|yarn workspace |npm (?:-w|--workspace)[ =])(\S+)", script)
    return bool(named) and named.group(1).strip("'\"") in docs_site_names(tree)


def _serves_another_language(tree: Tree) -> bool:
    """The application is another language's (BookStack's composer.json and artisan): package.json builds assets."""
    return any(tree.has(f) for f in OTHER_MANIFESTS)


def another_languages_project(tree: Tree) -> bool:
    """Another language's manifest at the root and most of the code in that language (gumroad's Rails app): the
    package.json serves its front end and speaks for no package of its own."""
    found = shares(tree)
    return _serves_another_language(tree) and bool(found) and found[0][0] not in ("javascript", "typescript")


DOCS_PACKAGES = re.compile(
    r"^(vitepress|vuepress|@vuepress/[\w-]+|@docusaurus/[\w-]+|docusaurus|mermaid|typedoc|@astrojs/starlight|"
    r"(vitepress|vuepress|docusaurus)-[\w-]+|markdown-it(-[\w-]+)?|prettier)$"
)
"""Packages of a documentation site: a root package.json holding only these builds the docs."""


def docs_site_only(tree: Tree) -> bool:
    """The root package.json only builds another language's documentation site (openrouteservice's VitePress beside
    its Maven build): its `npm install` and `npm run build` set up and build the docs, not the project."""
    data = load_json(tree, "package.json")
    deps = [*(data.get("dependencies") or {}), *(data.get("devDependencies") or {})]
    found = shares(tree)
    elsewhere = bool(found) and found[0][0] not in ("javascript", "typescript")
    return elsewhere and bool(deps) and all(DOCS_PACKAGES.match(str(d)) for d in deps)


def _parts(scripts: dict[str, object], name: str) -> list[str]:
    """The commands a script runs one after the other (`a && b`, `a; b`, `a || b`)."""
    return [s.strip() for s in re.split(r"\s*(?:&&|;|\|\|)\s*", str(scripts.get(name) or "")) if s.strip()]


def _only_assets(scripts: dict[str, object], name: str, depth: int = 3) -> bool:
    """The script, and the scripts it runs by name or glob (npm-run-all's `build:*:watch`), only build or watch
    assets: BookStack's `dev` is `npm-run-all --parallel watch livereload`, sass and esbuild under chokidar."""
    steps = _parts(scripts, name)
    for step in steps:
        if re.fullmatch(r"(npm|pnpm|yarn|bun) (install|ci|i)\b.*", step):
            continue  # givewp's `start` installs first: `npm install && npm run watch`
        named = re.fullmatch(r"(?:npm|pnpm|yarn|bun)(?: run)? ([\w:.-]+)", step)
        if named and named.group(1) in scripts and named.group(1) != name and depth > 0:
            if not _only_assets(scripts, named.group(1), depth - 1):
                return False
            continue
        if not ASSET_TOOLS.match(step):
            return False
        called = [w for w in step.split()[1:] if not w.startswith("-")]
        if re.match(r"(npm-run-all|run-[ps])\b", step) and depth > 0:
            names = [n for pattern in called for n in scripts if fnmatch.fnmatchcase(n, pattern) and n != name]
            if not names or not all(_only_assets(scripts, n, depth - 1) for n in names):
                return False
    return bool(steps)


BUILDS_ONLY = re.compile(
    r"^((npm|pnpm|yarn)( run)? build\b|tsc\b|rollup\b|grunt\b|tsup\b|microbundle\b|unbuild\b|babel\b|npm-watch build\b)"
)
"""A step that compiles or bundles the package (in watch mode too, compodoc's `npm-watch build`), and starts
nothing."""


def _only_builds(scripts: dict[str, object], name: str) -> bool:
    """A `dev` or `start` script that only builds: svelte-preprocess' `dev` is `pnpm build -w`, vexflow's `start`
    is `grunt`, whose default task builds every target. It runs no program, so it is no way to run the project."""
    steps = _parts(scripts, name)
    return bool(steps) and all(BUILDS_ONLY.match(step) for step in steps)


def chain_steps(script: str) -> list[str]:
    """The steps of a script that chains commands (`xo && ava`, `eslint . && vitest`); one step if it does not."""
    return [step.strip() for step in re.split(r"\s*(?:&&|;)\s*", script) if step.strip()]


_RUNS_FILE = re.compile(
    r"^(?:node|ts-node|tsx|bun|python3?|bash|sh)\s+(?:-\S+\s+)*(?:\./)?([\w.-]+(?:/[\w.-]+)*\.(?:c?js|mjs|ts|py|sh))(?:\s|$)"
)
_BUILD_OUTPUT = re.compile(r"^(dist|build|out|lib|es|esm|cjs|umd|\.next|target)/")


def runs_missing_file(tree: Tree, script: str) -> bool:
    """The script's first step runs a file its folder no longer holds (Tone.js' `node scripts/generate_docs.cjs`,
    removed with the old docs): it fails as written. A file in a build's output folder is written by the build."""
    steps = chain_steps(script)
    found = _RUNS_FILE.match(steps[0]) if steps else None
    if not found or _BUILD_OUTPUT.match(found.group(1)) or tree.has(found.group(1)):
        return False
    folder = found.group(1).rsplit("/", 1)[0] if "/" in found.group(1) else ""
    return bool(folder) and bool(tree.under(folder))


def run_script(tool: str, script: str) -> str:
    if tool == "npm":
        return "npm test" if script == "test" else f"npm run {script}"
    return (
        f"{tool} {script}"
        if tool in ("yarn", "pnpm") and script in ("test", "build", "lint", "dev", "start")
        else f"{tool} run {script}"
    )


ONE_TEST_FILE = re.compile(r"(^|/)(tests?|__tests__|spec)/|\.(test|spec)\.[cm]?[jt]sx?$")


def _one_package_test(p: _Package, tested: list[str]) -> tuple[str, str, str] | None:
    """One test in the first workspace package whose test script runs Vitest or Jest itself: (command, folder,
    note). `pnpm --filter <package> test` runs a whole package's suite, which no one means by one test (listr2,
    remeda, commitlint); a package whose script runs something else gives none. The package with the most test
    files comes first: glide-data-grid's core holds 28 of its 33, the small cells package sorts before it."""
    counts = {f: sum(1 for rel in p.tree.under(f) if ONE_TEST_FILE.search(rel)) for f in tested}
    for folder in sorted(tested, key=lambda f: -counts[f]):
        manifest = p.manifests[folder]
        runner, direct = _test_runner(manifest.get("scripts") or {})
        name = manifest.get("name")
        if runner in ("vitest", "jest") and direct and isinstance(name, str) and name:
            passes = " --" if p.tool == "npm" else ""
            command = f"{one_package(p.tool, name, 'test')}{passes} <file pattern> -t '<test name>'"
            return command, folder, f"{runner} filters by file and test name"
        if runner == "mocha" and direct and (one := _one_mocha_file(p, folder, str(manifest["scripts"]["test"]))):
            return f"cd {folder} && {EXECUTE.get(p.tool, 'npx')} {one}", folder, "--grep '<test name>' for one test"
    return None


def _one_mocha_file(p: _Package, folder: str, script: str) -> str:
    """mjml's packages/mjml `mocha ./test/*.test.js` run on one of the files its glob finds, the flags kept."""
    if not re.fullmatch(r"mocha(\s+[^\s;&|]+)*", script.strip()):
        return ""
    globs = [g.strip("'\"").removeprefix("./") for g in script.split()[1:] if "*" in g]
    files = sorted(f[len(folder) + 1 :] for f in p.tree.under(folder))
    found = next((f for g in globs[:1] for f in files if fnmatch.fnmatch(f, g)), "")
    return _one_glob_kept(script.strip(), globs, found) if found else ""


def one_package(tool: str, package: str, script: str) -> str:
    return {
        "pnpm": f"pnpm --filter {package} {script}",
        "yarn": f"yarn workspace {package} {script}",
        "bun": f"bun --filter {package} {script}",
    }.get(tool, f"npm run {script} -w {package}")


@dataclass(frozen=True)
class _Package:
    """What every step reads: the root package.json, its manager and its workspace packages."""

    tree: Tree
    pkg: dict
    tool: str
    why: str
    packages: list[str]
    """The workspace packages' folders (a monorepo), or []."""
    manifests: dict[str, dict]
    """Each workspace package's package.json, by folder."""
    deps: set[str]
    """Every dependency the root and the workspace packages declare (the workspace's own packages left out)."""
    sources: list[str]
    aside: tuple[str, ...] = ()
    """Workspace packages of docs or examples (remeda's packages/docs): named, never read for commands or stack."""


def investigate(tree: Tree) -> Knowledge:
    """What package.json says: packaging (a monorepo's packages), the stack, scripts and entry points."""
    k = Knowledge()
    if not tree.has("package.json"):
        return k
    pkg = load_json(tree, "package.json")
    if not pkg:
        return k  # CodeTriage's `{}` and empty yarn.lock, kept for Heroku's Node buildpack: nothing to install
    if not any(pkg.get(f) for f in MANAGED) and own_languages(tree) - {"javascript", "typescript"}:
        return k  # TeamPass' holds a name and an author: its browser libraries are committed, npm manages nothing
    tool, why = manager(tree, pkg)
    members = workspace_folders(tree, pkg)
    # vike's test/* and test-deprecated-design/* apps, unnamed, are what its end-to-end suite drives: not packages
    packages = [
        p for p in members if not is_auxiliary(f"{p}/package.json") and not TEST_PACKAGE.search(p.split("/")[0])
    ]
    manifests = {p: load_json(tree, f"{p}/package.json") for p in packages}
    own = {str(d.get("name")) for d in [pkg, *manifests.values()] if d.get("name")}
    deps: set[str] = set()
    # node-postgres' private pg-bundler-test builds pg with Vite, Rollup, webpack and esbuild to test bundling: the
    # tools a test package exercises are not the project's stack
    exercised = [m for f, m in manifests.items() if _private(m) and TEST_PACKAGE.search(f.rsplit("/", 1)[-1])]
    for data in [pkg, *(m for m in manifests.values() if not any(m is e for e in exercised))]:
        for table in ("dependencies", "devDependencies", "peerDependencies"):
            deps |= set((data.get(table) or {}).keys())
    sources = ["package.json", *(f for f in ("pnpm-workspace.yaml", "tsconfig.json") if tree.has(f))]
    aside = tuple(p for p in members if p not in packages)
    package = _Package(tree, pkg, tool, why, packages, manifests, deps - own, sources, aside)
    others = own_languages(tree) - {"javascript", "typescript"}
    tooling = not packages and others and _formatter_only(pkg)
    if tooling or (
        not packages
        and others
        and (not has_own_source(tree) or _shim_only(tree, pkg) or _builds_native(tree, pkg) or _gradle_runs_npm(tree))
    ):
        return _tooling_only(package)
    _packaging(k, package)
    kinds = _stack(k, package)
    _commands(k, package, kinds)
    entry_points(k, tree, pkg)
    return k


MANAGED = ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies", "scripts", "workspaces")
"""What a package.json gives npm to do: without any, `npm install` installs nothing."""
NPM_PLACEHOLDER = re.compile(r"Error: no test specified")
"""The test script `npm init` writes, which only fails (rapidjson's package.json): no command."""


def _gradle_runs_npm(tree: Tree) -> bool:
    """The Gradle build installs and runs the package's JavaScript itself (gradle-profiler's report scripts through
    the node-gradle plugin): part of that build, no JavaScript project of its own."""
    scripts = tree.own_named("build.gradle.kts", "build.gradle")[:20]
    return any(re.search(r"com\.github\.node-gradle\.node|\bnpmInstall\b", tree.read(f) or "") for f in scripts)


def _shim_only(tree: Tree, pkg: dict) -> bool:
    """The project's own JavaScript is only the file package.json's main names, beside another language's code and
    no native addon (rapidjson's two-line include_dirs.js prints the C++ headers' folder): an npm wrapper."""
    bins = pkg.get("bin") if isinstance(pkg.get("bin"), dict) else {"": pkg.get("bin")} if pkg.get("bin") else {}
    # changie's `bin: {changie: npm/changie.js}` starts the Go binary its npm package ships for the platform
    entries = {str(e).removeprefix("./") for e in [pkg.get("main"), *bins.values()] if e}
    own = [f for f in tree.own if f.endswith(JS_SOURCE) and not TOOL_CONFIG.search(f)]
    folders = tuple(e.rsplit("/", 1)[0] + "/" for e in entries if "/" in e)  # and its npm/prepare-release.mjs
    wrapper = all(f in entries or f.startswith(folders) for f in own) if folders else set(own) <= entries
    return bool(entries) and bool(own) and wrapper and not tree.has("binding.gyp")


_FORMATTING_TOOLS = re.compile(
    r"^(prettier|@prettier/|eslint|@eslint/|stylelint|markdownlint|@commitlint/|husky$|lint-staged$)"
)


def _formatter_only(pkg: dict) -> bool:
    """A package.json that only brings formatting or lint tools to another language's project (errbit's: prettier for
    its YAML, nothing else): no runtime dependency, no JavaScript tool beside them."""
    if pkg.get("dependencies"):
        return False
    dev = list((pkg.get("devDependencies") or {}).keys()) if isinstance(pkg.get("devDependencies"), dict) else []
    return bool(dev) and all(_FORMATTING_TOOLS.match(d) for d in dev)


def _builds_native(tree: Tree, pkg: dict) -> bool:
    """An npm wrapper of another language's program: its install script builds that program (uncrustify's
    `preinstall: mkdir -p build && cd build && cmake .. && make`) and its main is no JavaScript file of the tree."""
    scripts = pkg.get("scripts") if isinstance(pkg.get("scripts"), dict) else {}
    install = " ".join(str(scripts.get(s) or "") for s in ("preinstall", "install", "postinstall"))
    main = str(pkg.get("main") or "").removeprefix("./")
    present = main and any(tree.has(f) for f in (main, f"{main}.js", f"{main}/index.js"))
    return bool(re.search(r"\b(cmake|make|cargo build|go build)\b", install)) and not present


def _tooling_only(package: _Package) -> Knowledge:
    """A package.json beside another language's project holds its tooling (docs site, markdown lint): only the
    commands its scripts give for docs, lint and format, no JavaScript packaging, stack or install step."""
    scripts = Knowledge()
    _commands(scripts, package, {})
    k = Knowledge()
    k.commands = [c for c in scripts.commands if c.role in ("docs", "lint", "format")]
    return k


def _one_glob_kept(step: str, globs: list[str], example: str) -> str:
    """The test step with its first glob replaced by the one file and its other globs dropped: buffer's
    `tape test/*.js test/node/*.js` runs one test as `tape test/base64.js`, not with all of test/node/ too."""
    kept = False

    def one(match: re.Match[str]) -> str:
        nonlocal kept
        first, kept = not kept, True
        return example if first else ""

    alternatives = "|".join(re.escape(g) for g in sorted(globs, key=len, reverse=True))
    pattern = r"['\"]?(?:\./)?(?:" + alternatives + r")['\"]?(?=\s|$)"
    return re.sub(r"\s{2,}", " ", re.sub(pattern, one, step)).strip()


MOCHARC = (".mocharc.js", ".mocharc.cjs", ".mocharc.mjs", ".mocharc.json", ".mocharc.jsonc", ".mocharc.yml",
           ".mocharc.yaml")  # fmt: skip


def _mocharc_spec(tree: Tree) -> bool:
    """Mocha's config names the spec files itself: files given on the command line are added to them."""
    return any(re.search(r"""(^|[{,\s])["']?spec["']?\s*:""", tree.read(f) or "", re.M) for f in MOCHARC if tree.has(f))


def _one_file(p: _Package, runner: str, example: str, command: str) -> str:
    """One test file as the runner takes it: by name when the file is the whole suite (mime-types' test/test.js),
    through `npm test` when a pretest step builds what the tests import (lru-cache's dist/)."""
    scripts = p.pkg.get("scripts") or {}
    folder = example.rsplit("/", 1)[0] if "/" in example else ""
    if runner == "mocha" and _mocharc_spec(p.tree):
        # dependency-cruiser's .mocharc.cjs sets `spec`: mocha adds a file named on the command line to that glob,
        # so the whole suite runs; `--grep` narrows it
        command = re.sub(rf"\s{re.escape(example)}(?=\s|$)", "", command) + " --grep '<test name>'"
    elif runner == "mocha" and len([f for f in p.tree.under(folder) if f.endswith((".js", ".mjs", ".ts"))]) == 1:
        command += " --grep '<test name>'"
    test = str(scripts.get("test") or "")
    reached = " ; ".join([test, *(str(scripts.get(n) or "") for n in re.findall(r"\brun ([\w:-]+)", test))])
    # the first mocha run alone, not a script named `test:mocha`; passport's runs `node_modules/.bin/mocha`
    given = re.search(r"(?:(?<![\w:/.-])|(?<=\.bin/))mocha\s([^;&|]*)", reached) if runner == "mocha" else None
    # validator.js' `--require @babel/register` loads what the tests need; nodemon's `--exit --timeout 30000` lets
    # its process tests end and run longer than mocha's 2 s
    loads = (
        re.findall(r"(?:--require|-r|--import|--loader|--timeout|-t)[ =][^\s;&|]+|--exit\b", given.group(1))
        if given
        else []
    )
    missing = [x for x in dict.fromkeys(loads) if x not in command]
    if missing and " mocha " in f" {command} ":  # validator.js' `--require @babel/register`: the tests need it
        command = command.replace("mocha ", "mocha " + " ".join(missing) + " ", 1)
    if "pretest" in scripts and str(scripts.get("test")).strip() == runner:
        return f"{run_script(p.tool, 'test')}{' --' if p.tool == 'npm' else ''} {example}"
    builds = [s for s in chain_steps(str(scripts.get("pretest") or "")) if re.match(r"^\S+ run (build|compile)", s)]
    if not builds and "build" in scripts and imported_output(p.tree, example):
        builds = [run_script(p.tool, "build")]  # marked's unit tests import lib/marked.esm.js, which git ignores
    return f"{builds[0]} && {command}" if builds else command  # yargs' tests import what `npm run compile` builds


TEST_PACKAGE = re.compile(r"(^|[-_.])(tests?|e2e|integration)$|^(tests?|e2e)[-_]")
"""A workspace package that only tests the others (node-postgres' pg-bundler-test, pg-esm-test)."""


def _aside_kinds(p: _Package) -> str:
    """What the workspace members that are no packages are: docs or examples, or tests beside them."""
    tests = any(TEST_PACKAGE.search(a.split("/")[0]) for a in p.aside)
    return "docs, examples or tests" if tests else "docs or examples"


def _private(manifest: dict) -> bool:
    """``"private": true`` (or the string "true") keeps a package off the registry; anything else is public."""
    return manifest.get("private") is True or str(manifest.get("private")).lower() == "true"


NEEDS_ARGUMENT = re.compile(
    r"\$\{?[1-9@*]|\s--$|<[\w -]+>|"
    r"^\s*(yarn workspace|pnpm (--filter|-F)|npm (-w|--workspace))[ =]\S+\s*$"
)
"""A script that takes its argument from the caller (``$1``, ``"$@"``, a trailing ``--``): bare it fails; so does
koishi's `docs: yarn workspace @koishijs/docs`, which waits for the command to run in that workspace."""


def script_note(script: str) -> str:
    """The script's text when short; a long one is summarised by the programs its steps run (never cut mid-word)."""
    if len(script) <= 100:
        return script
    programs = [step.split()[0] for step in chain_steps(script) if step.split()]
    programs = [p for p in dict.fromkeys(programs) if p not in ("cross-env", "npx", "node")] or programs
    return "runs " + ", then ".join(programs[:4]) + (" …" if len(programs) > 4 else "")


LAB_FLAGS = (
    (r"(?:^|\s)(?:-L|--lint)(?=\s|$)", "lints with ESLint (-L)"),
    (r"(?:^|\s)(?:-Y|--types)(?=\s|$)", "checks the TypeScript definitions against the type tests (-Y)"),
    (r"(?:^|\s)(?:-t|--threshold)\s+(\d+)", "fails under {0}% code coverage (-t {0})"),
)
"""hapi's lab does more in one run than test: what each flag adds (boom's `lab -a @hapi/code -t 100 -L -Y`)."""


def lab_note(script: str) -> str:
    """What a lab run checks besides the tests, said in words, or ""."""
    if not re.search(r"(?<![\w@/-])lab(?=\s|$)", script):
        return ""
    said = [what.format(*m.groups()) for flag, what in LAB_FLAGS if (m := re.search(flag, script))]
    return (
        f"lab also {human_list(said[:-1])} and {said[-1]}" if len(said) > 1 else f"lab also {said[0]}" if said else ""
    )


def lab_one(execute: str, script: str, example: str, tree: Tree) -> str:
    """One lab test file, keeping the assertion library the script names (`-a @hapi/code`), narrowed with lab's `-g`
    (a grep on test titles) to the tests of its second describe(), the first group inside the file's own."""
    assertions = re.search(r"(?:^|\s)(?:-a|--assert)\s+(\S+)", script)
    titles = re.findall(r"""\bdescribe\(\s*'([^'\n]{1,60})'""", tree.read(example) or "")
    title = titles[1] if len(titles) > 1 else ""  # the first group is most often the whole file's
    return f"{execute} lab{f' -a {assertions.group(1)}' if assertions else ''} {example}" + (
        f" -g '{title}'" if title else ""
    )


def _monorepo(p: _Package) -> str:
    """The workspace packages by folder, public ones (no ``"private": true``) apart from private ones, bounded."""
    groups: dict[tuple[bool, str], list[str]] = {}
    for folder in p.packages:
        parent, _, leaf = folder.rpartition("/")
        name = str(p.manifests[folder].get("name") or leaf)
        label = leaf if name.rsplit("/", 1)[-1] == leaf else f"{leaf} ({name})"
        groups.setdefault((bool(_private(p.manifests[folder])), parent), []).append(label)
    readme = (p.tree.read(p.tree.first("README.md", "readme.md", "README") or "") or "").lower()
    root = p.tree.root.name.lower()

    def order(leaves: list[str]) -> list[str]:
        """Alphabetical; past the bound, the package named like the repository and those its README names come
        first, so the ones shown are the ones the project's docs call main."""
        if len(leaves) <= MONOREPO_SHOWN:
            return sorted(leaves)
        return sorted(leaves, key=lambda leaf: (leaf.split(" ")[0] != root, leaf.split(" ")[0] not in readme, leaf))

    parts = [
        f"{'private' if private else 'public'} under {parent or '.'}/: {human_list(order(leaves), MONOREPO_SHOWN)}"
        for (private, parent), leaves in sorted(groups.items())
    ]
    aside = f"; beside them {human_list([f'{a}/' for a in p.aside], 4)} ({_aside_kinds(p)})" if p.aside else ""
    return f"monorepo with {plural(len(p.packages), 'package')} ({'; '.join(parts)}{aside})"


def _packaging(k: Knowledge, p: _Package) -> None:
    """The packaging fact: name, manager, TypeScript, module type, the monorepo's packages and its tool."""
    tree, pkg = p.tree, p.pkg
    # c8's typescript dev dependency compiles its test fixtures; its own code is JavaScript with a hand-written .d.ts
    ts = typescript_configured(tree) or ("typescript" in p.deps and bool(typescript_sources(tree)))
    details = [f"package manager {p.tool} ({p.why})"]
    if pkg.get("name"):
        details.insert(0, f"package `{pkg['name']}`")
    if ts and checks_js(tree):
        details.append("JSDoc types checked by tsc (tsconfig.json: checkJs)")
    elif ts:
        details.append("TypeScript" + (" (tsconfig.json)" if typescript_configured(tree) else ""))
    if pkg.get("type") == "module":
        details.append("ES modules")
    engines = pkg.get("engines")
    node = engines.get("node") if isinstance(engines, dict) else None
    if isinstance(node, str) and node.strip() and node.strip() != "*":
        # mime-types' ">=18", qs' ">= 0.6": new code keeps to what the oldest of them runs
        details.append(f"supports Node.js `{node.strip()}` (engines)")
    if p.packages:
        details.append(_monorepo(p))
    for marker, label in (("turbo.json", "Turborepo"), ("nx.json", "Nx"), ("lerna.json", "Lerna")):
        if tree.has(marker):
            details.append(f"{label} ({marker})")
    k.fact(
        "javascript/packaging",
        f"JS/TS packaging: {p.tool}",
        f"{flavour(p.tree)} project: " + "; ".join(details) + ".",
        *p.sources,
        *[f"{f}/package.json" for f in sorted(p.packages, key=lambda f: bool(_private(p.manifests[f])))[:2]],
    )


def _role(p: _Package) -> str:
    pkg = p.pkg
    if p.packages:
        public = [f for f in p.packages if not _private(p.manifests[f])]
        root = any(key in pkg for key in ("exports", "module", "types", "typings", "files", "publishConfig"))
        if not public and not _private(pkg) and root:  # kysely publishes its root; site/ and test/ packages help
            return f"a library (npm package) with {plural(len(p.packages), 'private workspace package')}"
        aside = f", and {plural(len(p.aside), _aside_kinds(p) + ' package')}" if p.aside else ""
        return f"a monorepo of {plural(len(p.packages), 'package')} ({len(public)} public){aside}"
    if bins := live_bins(p.tree, pkg):
        exports = pkg.get("exports")
        api = any(key in pkg for key in ("types", "typings")) or (isinstance(exports, dict) and len(exports) > 1)
        if api:  # dotenv's typed `require('dotenv').config()` with a `dotenv` command beside it
            return f"a library (npm package) with a command-line tool `{next(iter(bins))}` (package.json bin)"
        return "a command-line tool (package.json bin)"
    published = any(key in pkg for key in ("exports", "module", "types", "typings", "files", "publishConfig"))
    main = "main" in pkg and not boilerplate_main(p.tree, pkg)
    if another_languages_project(p.tree):
        return ""  # gumroad's package.json bundles the Rails app's front end: no npm package of its own
    if (
        not _private(pkg)
        and not foreign_main(pkg)
        and (published or (main and "start" not in (pkg.get("scripts") or {})))
    ):
        return "a library (npm package)"  # npm init writes "main" into every package: an app has a start script
    return "an application (private package)" if _private(pkg) and _runs_as_app(pkg) else ""


APP_SCRIPTS = frozenset({"start", "dev", "serve", "preview"})


def _runs_as_app(pkg: dict) -> bool:
    """A private package is an application when it starts or serves something or has runtime dependencies to run
    with; helmet's private manifest with only build and test scripts is the workshop of a library its build packs."""
    scripts = pkg.get("scripts")
    return bool(pkg.get("dependencies")) or (isinstance(scripts, dict) and bool(APP_SCRIPTS & set(scripts)))


def _without_thresholds(tree: Tree) -> str:
    """` --coverage=false` where Jest always collects coverage against thresholds (ms' 100% global): one file
    covers too little, so the run fails though its tests pass."""
    config = next((tree.read(f) or "" for f in tree.files if re.fullmatch(r"jest\.config\.[cm]?[jt]s", f)), "")
    always = re.search(r"collectCoverage\s*:\s*true", config) and re.search(r"coverageThreshold", config)
    return " --coverage=false" if always else ""


DEMO_SCRIPT = re.compile(r"^cd \S*(example|sample|demo)|(^|[\s/])(examples?|samples?|demo)/")
"""A script for an example or a demo, not for the project."""


def _tools_in_use(p: _Package, dev: set[str]) -> set[str]:
    """Development dependencies, with a build or test tool kept only where a script of the project runs it or its
    config exists: immer depends on Vite for its tests' sake and builds with tsup; uuid's Jest runs only in
    `cd examples/node-jest && npm test`, its own tests in node:test."""
    every = [str(v) for m in [p.pkg, *p.manifests.values()] for v in (m.get("scripts") or {}).values()]
    scripts = " ".join(v for v in every if not DEMO_SCRIPT.search(v))  # nanoid's Vite serves test/demo/ only
    # kysely's esbuild bundles only its browser test (`test:browser:build`): a build tool the tests use builds nothing
    building = " ".join(
        str(v)
        for m in [p.pkg, *p.manifests.values()]
        for name, v in (m.get("scripts") or {}).items()
        if not re.match(r"(pre|post)?(test|bench|e2e|check|lint)", str(name)) and not DEMO_SCRIPT.search(str(v))
    )
    kept = set()
    # nock's tests `require('chai')` and sinon: libraries the tests import, which no script names
    tests = [f for f in p.tree.own if re.search(r"(^|/)(tests?|spec|__tests__)/.*\.[cm]?[jt]sx?$", f)][:40]
    imported = " ".join(re.findall(r"""(?:require\(\s*|from\s+)['"]([^'"]+)['"]""", " ".join(
        p.tree.read(f) or "" for f in tests)))  # fmt: skip
    for dep in dev:
        label = LIBRARIES.get(dep)
        name = dep.rsplit("/", 1)[-1].removeprefix("core").strip("-") or dep
        configured = name in p.pkg or any(
            f.startswith((f"{name}.config.", f".{name}rc")) for f in p.tree.files if "/" not in f
        )
        used = re.search(rf"\b{re.escape(name)}\b", scripts) or configured
        # adonisjs' specs import `test` from @japa/runner: a test tool the tests import is used, named or not
        tested = dep in ("chai", "sinon") or (label and label[1] == "test")
        used = used or (tested and re.search(rf"(^|\s){re.escape(dep)}(\s|/|$)", imported))
        if label and label[1] in ("build", "test") and not used:
            continue
        if label and label[1] == "build" and not configured and not re.search(rf"\b{re.escape(name)}\b", building):
            continue
        kept.add(dep)
    return kept


def _stack(k: Knowledge, p: _Package) -> dict[str, list[str]]:
    """The stack fact (with Prisma's schema and migrations); returns the libraries by kind."""
    own = {str(d.get("name")) for d in [p.pkg, *p.manifests.values()] if d.get("name")}
    # typegoose is built on mongoose, its peer dependency: the host the user brings is what the library builds on
    tables = ("peerDependencies", "dependencies")
    published = [m for m in p.manifests.values() if not _private(m)]
    runtime = [
        d
        for m in [p.pkg, *published]
        for table in tables
        for d in (m.get(table) or {})
        if d not in own and not d.startswith("@types/")
    ]
    if len(published) >= 4:  # TanStack table's adapters, rxjs' @rxjs/migrate (zod): one package's, not the project's
        declared = Counter(d for m in published for d in {d for t in tables for d in (m.get(t) or {})})
        root = {d for t in tables for d in (p.pkg.get(t) or {})}
        runtime = [d for d in runtime if declared[d] >= 2 or d in root]
    ranked, _ = rank_by_use(p.tree, list(dict.fromkeys(runtime)), JS_SOURCES, _imports)
    stack = Stack(ranked, _tools_in_use(p, p.deps - set(runtime)), _role(p))
    # openai-node's zod, ws and AWS signers are optional peers: integrations a user may bring, not its base
    stack.optional = {d for m in [p.pkg, *published] for d in _optional_peers(m)} - {
        d for m in [p.pkg, *published] for d in (m.get("dependencies") or {})
    }
    if p.packages:  # a monorepo's packages declare many small dependencies: name only the known ones
        stack.known_only, stack.none = True, ""
    if own_languages(p.tree) - {"javascript", "typescript"} and _serves_another_language(p.tree):
        stack.none = ""  # ubicloud's package.json brings Tailwind to a Ruby app: its runtime is not npm's to say
    sources = p.sources
    if p.tree.has("prisma/schema.prisma"):
        stack.extra = "Prisma schema in prisma/schema.prisma" + (
            "; migrations in prisma/migrations" if p.tree.under("prisma/migrations") else ""
        )
        sources = [*sources, "prisma/schema.prisma"]
    stack_facts(k, "javascript", "JS/TS", LIBRARIES, stack, sources)
    return classify(p.deps, LIBRARIES)


def _optional_peers(manifest: dict) -> set[str]:
    """The peer dependencies peerDependenciesMeta marks optional."""
    meta = manifest.get("peerDependenciesMeta")
    peers = manifest.get("peerDependencies")
    if not isinstance(meta, dict) or not isinstance(peers, dict):
        return set()
    return {d for d in peers if isinstance(meta.get(d), dict) and meta[d].get("optional") is True}


def _only_type_checks(tree: Tree, script: str) -> bool:
    """`tsc` alone, writing nothing (`--noEmit`, or `"noEmit": true` in the tsconfig.json it reads): a type check,
    whatever the script is called."""
    tsc = re.fullmatch(r"tsc((?:\s+(?!-b\b|--build\b)[-\w./=]+)*)", script.strip())
    if not tsc:
        return False
    project = re.search(r"(?:-p|--project)[\s=]+(\S+)", tsc.group(1))
    config = project.group(1) if project else "tsconfig.json"
    config = f"{config.rstrip('/')}/tsconfig.json" if not config.endswith(".json") else config
    if "--noEmit" in tsc.group(1):
        return True
    # hyperformula's `bundle:typings` writes declarations (--emitDeclarationOnly --outDir typings), and its
    # tsconfig only mentions noEmit in a comment
    writes = re.search(r"--(emitDeclarationOnly|outDir|outFile|declaration)\b|\s-d\b", tsc.group(1))
    settings = re.sub(r"^\s*//.*$|/\*[^\n]*?\*/", "", tree.read(config) or "", flags=re.M)
    return not writes and bool(re.search(r'"noEmit"\s*:\s*true', settings))


JS_SOURCES = (".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".tsx", ".jsx", ".vue", ".svelte")


_IMPORT = re.compile(r"""(?:\bfrom\s+|\brequire\(\s*|\bimport\(\s*|^import\s+)['"]((?:@[\w.-]+/)?[\w.-]+)""", re.M)


def _imports(text: str) -> set[str]:
    """The packages a file imports or requires (a path in one counts as the package: `lodash/merge` is lodash)."""
    return set(_IMPORT.findall(text))


def _peer_deps_flag(tree: Tree) -> str:
    """` --legacy-peer-deps` when CI installs with it and no .npmrc sets it: html-webpack-plugin pins pug 3 while
    pug-loader wants pug 2, and a plain `npm install` stops with ERESOLVE."""
    if "legacy-peer-deps" in (tree.read(".npmrc") or ""):
        return ""
    reading = read_ci(tree)
    steps = reading.steps if reading else []
    return (
        " --legacy-peer-deps"
        if any(re.match(r"npm (ci|install|i)\b.*\s--legacy-peer-deps\b", s.command) for s in steps)
        else ""
    )


def _commands(k: Knowledge, p: _Package, kinds: dict[str, list[str]]) -> None:
    """Install, the scripts for each role, one test (per package in a monorepo) and Prisma's migrations."""
    tool = p.tool
    scripts = p.pkg.get("scripts") or {}
    flag = _peer_deps_flag(p.tree) if tool == "npm" else ""
    note = "as CI installs: a plain install stops on a peer-dependency conflict" if flag else ""
    tables = ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies")
    # bazelisk's package.json ships its binary: no dependency, no script, no lock, nothing to install
    if p.packages or any(p.pkg.get(t) for t in (*tables, "scripts")) or locked_managers(p.tree):
        # rspamd's package.json holds its web UI's linters, feldera's its web console: the C or Rust project is set
        # up another way, and the JavaScript install comes after it
        found = shares(p.tree)
        web = sum(share for language, share, _ in found if language in ("javascript", "typescript", "svelte", "vue"))
        beside = bool(found) and found[0][0] not in ("javascript", "typescript") and web < 0.1
        main = DISPLAY.get(found[0][0], found[0][0]) if found else ""
        note = note or (f"installs only the JavaScript packages beside the {main} code" if beside else "")
        k.command("install", f"{tool} install{flag}", p.why if p.why.split(" ")[0] in p.tree.sizes else "package.json",
                  65 if beside else 40, note)  # fmt: skip
    before = chain_steps(str(scripts.get("pretest") or "")) + chain_steps(str(scripts.get("test") or ""))
    built_first = any(re.match(r"^\S+ run (build|compile)", s) for s in before)  # marked's test runs build:docs
    example = test_file_example(p.tree, _test_runner(scripts)[0] or "")
    # chai's tests import ../index.js, the bundle `npm run build` writes and git ignores
    reads_output = imported_output(p.tree, example) if example and "build" in scripts and not built_first else ""
    # log4js' `typings`: `tsc -p types/tsconfig.json`, whose tsconfig emits nothing, checks the declarations
    typed = [n for n in scripts if re.search(r"typ(e|ing)s?\b", n) and n not in ROLE_SCRIPTS["typecheck"]]
    checking = [n for n in [*ROLE_SCRIPTS["lint"], *typed] if n in scripts]
    checks_types = [n for n in checking if _only_type_checks(p.tree, str(scripts[n]))]
    for role, names in ROLE_SCRIPTS.items():
        found = [name for name in names if name in scripts and name not in checks_types]
        found = found or (checks_types if role == "typecheck" else [])  # graphql-js' `check`: `tsc --pretty`
        prepare = chain_steps(str(scripts.get("prepare") or ""))
        if role == "build" and not found and prepare and all(COMPILERS.match(step) for step in prepare):
            found = ["prepare"]  # envalid's `prepare: tsc`: its only build, run on install as well
        found = [
            n
            for n in found
            if not NEEDS_ARGUMENT.search(str(scripts[n]).strip())
            and fixes(n, str(scripts[n]))
            and not NPM_PLACEHOLDER.search(str(scripts[n]))
            and not runs_missing_file(p.tree, str(scripts[n]))
            and not (role == "run" and _serves_another_language(p.tree) and _only_assets(scripts, n))
            and not (role == "run" and _only_builds(scripts, n))
            # luya's `dev: karma start karma.conf.js` watches its specs: a test run, no program
            and not (
                role == "run"
                and re.match(
                    r"(npx )?(karma|jest|vitest|mocha|jasmine|ava)\b|(npm|pnpm|yarn)( run)? test", str(scripts[n])
                )
            )  # compodoc's `start`: `npm run test:watch`
            # CMB2's `start: grunt watch` rebuilds its assets on each change: no program runs
            and not (role == "run" and re.search(r"\b(grunt|gulp)(-cli/bin/\w+)? watch\s*$", str(scripts[n])))
            # isomorphic-git's `start` is a bare `nps`: the task runner lists its scripts, nothing runs
            and not (role == "run" and re.fullmatch(r"\s*(nps|npm-run|nr)\s*", str(scripts[n])))
            and not (role in ("docs", "build") and _undeclared_tool(p, str(scripts[n])))
            # nonebot2's root `build: pnpm --filter nonebot build` builds its website/, the Docusaurus site
            and not (role in ("build", "run") and runs_docs_site(p.tree, str(scripts[n])))
            # textpattern's `eslint … ; exit 0` passes whatever it finds: no check
            and not (role in ("lint", "test", "typecheck") and PASSES_ANYWAY.search(str(scripts[n])))
        ]
        checks = ""
        if role == "format" and found and (fixer := f"{found[0]}:fix") in scripts:
            # hedgedoc's `format` runs each package's check through turbo; `format:fix` writes the changes
            checks, found = found[0], [fixer]
        for rank, name in enumerate(found if role in ("lint", "test") else found[:1]):
            command, note = run_script(tool, name), script_note(str(scripts[name]))
            if checks:
                note = (f"{note}; " if note else "") + f"`{run_script(tool, checks)}` only checks"
            built = (
                types_from_output(p.tree, str(scripts[name])) or names_built_folder(p.tree, script_steps(scripts, name))
                if role == "typecheck" and "build" in scripts
                else ""
            )  # jsdiff's check-types runs `tsd --typings libesm/`: the declarations tsc writes there
            if built:  # marked's test:types checks lib/marked.d.ts: the build writes it, and type-checks src
                note = (
                    f"{note}; run after `{run_script(tool, 'build')}`: it checks the types the build writes to {built}/"
                )
            compiled = compiled_test(p.tree, str(scripts[name])) if role == "test" and "build" in scripts else None
            if compiled:  # chokidar's `node index.test.js`: tsc writes it from src/index.test.ts
                note += f"; run after `{run_script(tool, 'build')}`: it compiles {compiled[0]} from {compiled[1]}"
            elif role == "test" and reads_output:
                note = (f"{note}; " if note else "") + (f"run after `{run_script(tool, 'build')}`: the tests import "
                                                         f"{reads_output}, which it writes")  # fmt: skip
            if role == "test" and (checks := lab_note(str(scripts[name]))):
                note = f"{note}: {checks}"
            k.command(role, command, f"package.json scripts.{name}", 30 + rank, note)
    pipeline = str(scripts.get("ci") or "")
    if "test" in scripts and re.search(r"\b(?:(?:npm|pnpm|yarn|bun)(?: run)? test|npm:test)\b", pipeline):
        # fullcalendar's `ci` runs `pnpm run lint && pnpm run build && pnpm run test`: CI's whole check, one command
        k.command("test", run_script(tool, "ci"), "package.json scripts.ci", 39, f"`{script_note(pipeline)}`")
    bench = next((name for name in ("bench", "benchmark", "benchmarks") if name in scripts), None)
    if bench:  # a measurement, not a check that passes or fails: a fact, never the test command
        argument = (" -- " if tool == "npm" else " ") + "<benchmark>"
        command = run_script(tool, bench) + (argument if NEEDS_ARGUMENT.search(str(scripts[bench])) else "")
        k.fact("javascript/benchmarks", "JS benchmarks", f"Benchmarks run with `{command}` "
               f"(package.json scripts.{bench}: {script_note(str(scripts[bench]))}).", "package.json")  # fmt: skip
    tests = kinds.get("test", [])
    runner, direct = _test_runner(scripts)
    steps = chain_steps(str(scripts.get("test") or ""))
    execute = EXECUTE.get(tool, "npx")
    linter = next((step for step in steps if LINTERS.match(step)), None) if len(steps) > 1 else None
    # log4js' pretest runs `eslint "lib/**/*.js" "test/**/*.js"` before every `npm test`
    pre = next((step for step in chain_steps(str(scripts.get("pretest") or "")) if LINTERS.match(step)), None)
    # rsuite's `lint:ts` is `eslint src --cache && tsc --noEmit`: the type check is one step of a lint script
    typing = next(
        (n for n in scripts if n not in ROLE_SCRIPTS["typecheck"] and "tsc --noEmit" in chain_steps(str(scripts[n]))),
        None,
    )
    if typing and not any(name in scripts for name in ROLE_SCRIPTS["typecheck"]) and not checks_types:
        k.command("typecheck", f"{execute} tsc --noEmit", f"package.json scripts.{typing}", 36,
                  f"a step of `{run_script(tool, typing)}`")  # fmt: skip
    if (linter or pre) and not any(name in scripts for name in ROLE_SCRIPTS["lint"]):
        which = "test" if linter else "pretest"
        k.command("lint", f"{execute} {linter or pre}", f"package.json scripts.{which}", 32,
                  f"the {which} script lints {'first' if linter else 'before the tests'}")  # fmt: skip
    example = test_file_example(p.tree, runner or "")
    tested = [f for f in p.packages if "test" in (p.manifests[f].get("scripts") or {})]
    # shiki's root `FORCE_COLOR=3 && vitest` runs every package's tests from its vitest.config.ts: one test runs there
    ran = [step for step in steps if not re.fullmatch(r"\w+=\S*", step)]
    single = runner in ("vitest", "jest") and direct and len(ran) == 1
    roots = (f for f in p.tree.files if "/" not in f)
    configured = any(f.split(".", 1)[0] in ("vitest.config", "vitest.workspace", "jest.config") for f in roots)
    root = single and (not tested or configured or "jest" in p.pkg)
    if not root and (one := _one_package_test(p, tested)):
        k.command("test-one", one[0], f"{one[1]}/package.json scripts.test", 35, one[2])
    elif root:
        passes = " --" if tool == "npm" else ""  # npm keeps `-t` for itself unless `--` hands it to the script
        unmet = _without_thresholds(p.tree) if runner == "jest" else ""
        k.command("test-one", f"{run_script(tool, 'test')}{passes} <file pattern> -t '<test name>'{unmet}",
                  "package.json scripts.test", 35, f"{runner} filters by file and test name")  # fmt: skip
    elif runner in ("vitest", "jest") and direct:  # `eslint . && vitest`: the runner alone, not the whole chain
        command = f"{execute} vitest run" if runner == "vitest" else f"{execute} jest"
        unmet = _without_thresholds(p.tree) if runner == "jest" else ""
        k.command("test-one", f"{command} <file pattern> -t '<test name>'{unmet}", "package.json scripts.test", 35,
                  f"the test script runs {runner} after other steps")  # fmt: skip
    elif runner and example:
        command = f"node --test {example}" if runner == "node --test" else f"{execute} {runner} {example}"
        globs, _ = test_script_files(p.tree)
        # jsdiff's `test` runs `_test`, which runs `run-mocha`: `mocha --require ./runtime 'test/**/*.js'`
        called = [s for s in script_steps(scripts, "test") if not s.startswith("<script ")]
        step = next((s for s in [*steps, *called] if s.startswith(runner) and any(g in s for g in globs)), "")
        if step and runner == "node --test":
            # markdownlint-cli2's `node --test --test-coverage-lines=100 … <13 files>`: one file alone misses the
            # coverage bar, so only the flags that load code stay (`--import tsx`)
            loading = r"--(?:import|require|loader|experimental-(?!test-coverage)[\w-]+)(?:[= ][^\s-]\S*)?"
            loads = re.findall(loading, step)
            command = " ".join(["node --test", *loads, example])
        elif step:  # dotenv's `tap run tests/**/*.js --disable-coverage`: one file, as the script runs the rest
            command = f"{execute} " + _one_glob_kept(step, globs, example)
        uvu = next((s for s in steps if s.startswith("uvu")), "") if runner == "uvu" else ""
        command = uvu_one(execute, uvu, example) if uvu else command
        lab = next((s for s in steps if s.startswith("lab")), "") if runner == "lab" else ""
        command = lab_one(execute, lab, example, p.tree) if lab else command
        command = _one_file(p, runner, example, command)
        before = steps[: steps.index(step)] if step in steps else []
        built = next((s for s in before if re.search(r"\brun build\b", s)), "")
        if not built and "<script build>" in script_steps(scripts, "test"):
            built = run_script(tool, "build")  # jsdiff's `test` runs `_test`, which builds before mocha reads libesm/
        k.command("test-one", command, "package.json scripts.test", 35,
                  f"the test script runs {runner}" + (f" after `{built}`" if built else ""))  # fmt: skip
    elif "Vitest" in tests or "Jest" in tests:  # a real file (path-to-regexp's src/index.spec.ts beside its source)
        # solidtime's e2e/*.spec.ts are Playwright's, which its vitest.config.ts excludes: a unit test file runs
        specs = [
            f
            for f in p.tree.own
            if re.search(r"\.(test|spec)\.[mc]?[jt]sx?$", f) and not re.search(r"(^|/)(e2e|playwright|cypress)/", f)
        ][:20]
        testing = (f for f in specs if re.search(r"\b(it|test|describe)\s*\(", p.tree.read(f) or ""))
        spec = example or next(testing, "<file>")  # path-to-regexp's cases.spec.ts only holds tables: no suite
        # rallly's apps/web/src/app/[locale]/(space)/…: a bare `(` stops the shell
        spec = shlex.quote(spec) if spec != "<file>" else spec
        if "Vitest" in tests:
            command = f"{tool} exec vitest run {spec}"
        else:  # ms' Jest collects coverage against 100% thresholds: one file alone would fail them
            command = f"{tool} exec jest {spec}{_without_thresholds(p.tree)}"
        k.command("test-one", command, "package.json", 40)
    if "Prisma" in kinds.get("database", []):
        k.command("migrate", f"{tool} exec prisma migrate dev", "prisma/schema.prisma", 45)
