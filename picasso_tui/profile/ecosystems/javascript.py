"""JavaScript / TypeScript: package manager, workspaces (monorepo), frameworks, test runner, scripts."""

from __future__ import annotations

import re
from dataclasses import dataclass

from picasso_tui.profile.ecosystems.common import classify, load_json, stack_facts
from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.walk import Tree

LIBRARIES: dict[str, tuple[str, str]] = {
    "next": ("Next.js", "framework"), "react": ("React", "framework"), "vue": ("Vue", "framework"),
    "nuxt": ("Nuxt", "framework"), "svelte": ("Svelte", "framework"), "@sveltejs/kit": ("SvelteKit", "framework"),
    "@angular/core": ("Angular", "framework"), "express": ("Express", "framework"), "fastify": ("Fastify", "framework"),
    "koa": ("Koa", "framework"), "@nestjs/core": ("NestJS", "framework"), "@remix-run/react": ("Remix", "framework"),
    "astro": ("Astro", "framework"), "electron": ("Electron", "framework"), "hono": ("Hono", "framework"),
    "solid-js": ("Solid", "framework"), "react-native": ("React Native", "framework"), "vite": ("Vite", "framework"),
    "webpack": ("webpack", "framework"), "esbuild": ("esbuild", "framework"), "graphql": ("GraphQL", "framework"),
    "vitest": ("Vitest", "test"), "jest": ("Jest", "test"), "mocha": ("Mocha", "test"), "ava": ("AVA", "test"),
    "@playwright/test": ("Playwright", "test"), "cypress": ("Cypress", "test"),
    "@testing-library/": ("Testing Library", "test"), "prisma": ("Prisma", "database"),
    "@prisma/client": ("Prisma", "database"), "typeorm": ("TypeORM", "database"),
    "sequelize": ("Sequelize", "database"), "drizzle-orm": ("Drizzle", "database"), "knex": ("Knex", "database"),
    "mongoose": ("Mongoose", "database"), "pg": ("PostgreSQL (pg)", "database"), "mysql2": ("MySQL", "database"),
    "commander": ("commander", "cli"), "yargs": ("yargs", "cli"), "oclif": ("oclif", "cli"),
}  # fmt: skip
LOCKS = (
    ("pnpm-lock.yaml", "pnpm"),
    ("yarn.lock", "yarn"),
    ("bun.lockb", "bun"),
    ("bun.lock", "bun"),
    ("package-lock.json", "npm"),
    ("npm-shrinkwrap.json", "npm"),
)
ROLE_SCRIPTS = {
    "build": ("build", "compile"), "test": ("test", "test:unit", "tests"), "lint": ("lint", "typecheck", "check"),
    "format": ("format", "fmt", "prettier"), "run": ("dev", "start", "serve"), "migrate": ("migrate", "db:migrate"),
}  # fmt: skip


def _manager(tree: Tree, pkg: dict) -> tuple[str, str]:
    declared = str(pkg.get("packageManager") or "")
    if declared:
        return declared.split("@", 1)[0], f'packageManager "{declared}"'
    for lock, tool in LOCKS:
        if tree.has(lock):
            return tool, lock
    return "npm", "package.json, no lock file"


def _workspaces(tree: Tree, pkg: dict) -> list[str]:
    ws = pkg.get("workspaces")
    patterns = ws.get("packages", []) if isinstance(ws, dict) else ws if isinstance(ws, list) else []
    text = tree.read("pnpm-workspace.yaml") or ""
    patterns = list(patterns) + re.findall(r"^\s*-\s*['\"]?([^'\"\n#]+?)['\"]?\s*$", text, re.MULTILINE)
    if not patterns:
        return []
    roots = {p.split("*", 1)[0].rstrip("/") for p in patterns if not p.startswith("!")}
    manifests = [f for f in tree.named("package.json") if f != "package.json"]
    return [m.rsplit("/", 1)[0] for m in manifests if any(m.startswith(r + "/") or r == "" for r in roots)]


def run_script(tool: str, script: str) -> str:
    if tool == "npm":
        return "npm test" if script == "test" else f"npm run {script}"
    return (
        f"{tool} {script}"
        if tool in ("yarn", "pnpm") and script in ("test", "build", "lint", "dev", "start")
        else f"{tool} run {script}"
    )


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
    deps: set[str]
    """Every dependency the root and the workspace packages declare."""
    sources: list[str]


def investigate(tree: Tree) -> Knowledge:
    """What package.json says: packaging (a monorepo's packages), the stack, scripts and entry points."""
    k = Knowledge()
    if not tree.has("package.json"):
        return k
    pkg = load_json(tree, "package.json")
    tool, why = _manager(tree, pkg)
    packages = _workspaces(tree, pkg)
    deps: set[str] = set()
    for manifest in ["package.json", *(f"{p}/package.json" for p in packages)]:
        data = pkg if manifest == "package.json" else load_json(tree, manifest)
        for table in ("dependencies", "devDependencies", "peerDependencies"):
            deps |= set((data.get(table) or {}).keys())
    sources = ["package.json", *(f for f in ("pnpm-workspace.yaml", "tsconfig.json") if tree.has(f))]
    package = _Package(tree, pkg, tool, why, packages, deps, sources)
    _packaging(k, package)
    kinds = _stack(k, package)
    _commands(k, package, kinds)
    _entry_points(k, pkg)
    return k


def _packaging(k: Knowledge, p: _Package) -> None:
    """The packaging fact: name, manager, TypeScript, module type, the monorepo's packages and its tool."""
    tree, pkg = p.tree, p.pkg
    ts = tree.has("tsconfig.json") or "typescript" in p.deps
    details = [f"package manager {p.tool} ({p.why})"]
    if pkg.get("name"):
        details.insert(0, f"package `{pkg['name']}`")
    if ts:
        details.append("TypeScript" + (" (tsconfig.json)" if tree.has("tsconfig.json") else ""))
    if pkg.get("type") == "module":
        details.append("ES modules")
    if p.packages:
        described = []
        for folder in p.packages:
            data = load_json(tree, f"{folder}/package.json")
            name, about = data.get("name"), str(data.get("description") or "")[:80]
            described.append(folder + (f" ({name}{': ' + about if about else ''})" if name else ""))
        details.append(f"monorepo with {len(p.packages)} packages: {human_list(described, 10)}")
    for marker, label in (("turbo.json", "Turborepo"), ("nx.json", "Nx"), ("lerna.json", "Lerna")):
        if tree.has(marker):
            details.append(f"{label} ({marker})")
    k.fact(
        "javascript/packaging",
        f"JS/TS packaging: {p.tool}",
        "JavaScript/TypeScript project: " + "; ".join(details) + ".",
        *p.sources,
    )


def _stack(k: Knowledge, p: _Package) -> dict[str, list[str]]:
    """The stack fact (with Prisma's schema and migrations); returns the libraries by kind."""
    kinds = classify(p.deps, LIBRARIES)
    extra = ""
    sources = p.sources
    if p.tree.has("prisma/schema.prisma"):
        extra = "Prisma schema in prisma/schema.prisma" + (
            "; migrations in prisma/migrations" if p.tree.under("prisma/migrations") else ""
        )
        sources = [*sources, "prisma/schema.prisma"]
    stack_facts(k, "javascript", "JS/TS", kinds, sources, extra)
    return kinds


def _commands(k: Knowledge, p: _Package, kinds: dict[str, list[str]]) -> None:
    """Install, the scripts for each role, one test (per package in a monorepo) and Prisma's migrations."""
    tool = p.tool
    scripts = p.pkg.get("scripts") or {}
    k.command("install", f"{tool} install", p.why, 40)
    for role, names in ROLE_SCRIPTS.items():
        for name in names:
            if name in scripts:
                k.command(role, run_script(tool, name), f"package.json scripts.{name}", 30, scripts[name][:80])
                break
    tests = kinds.get("test", [])
    if p.packages and "test" in scripts:
        k.command("test-one", one_package(tool, "<package>", "test"), "workspaces", 35, f"packages: {p.packages[0]} …")
    elif "Vitest" in tests:
        k.command("test-one", f"{tool} exec vitest run <file>", "vitest", 40)
    elif "Jest" in tests:
        k.command("test-one", f"{tool} exec jest <file>", "jest", 40)
    if "Prisma" in kinds.get("database", []):
        k.command("migrate", f"{tool} exec prisma migrate dev", "prisma", 45)


def _entry_points(k: Knowledge, pkg: dict) -> None:
    entries = [f"main {pkg['main']}"] if isinstance(pkg.get("main"), str) else []
    binaries = pkg.get("bin")
    if isinstance(binaries, dict):
        entries += [f"bin `{n}` -> {t}" for n, t in binaries.items()]
    elif isinstance(binaries, str):
        entries.append(f"bin {binaries}")
    if entries:
        k.fact(
            "javascript/entry-points",
            "JS/TS entry points",
            f"package.json entry points: {human_list(entries)}.",
            "package.json",
        )
