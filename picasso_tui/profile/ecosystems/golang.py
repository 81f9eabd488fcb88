"""Go: the root module (and go.work workspaces), its direct requirements, commands under cmd/. Modules under
examples/ or _examples/ are example programs with their own go.mod, not part of the project."""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from dataclasses import replace
from functools import partial
from typing import Any

import tomli
import yaml

from picasso_tui.profile.ecosystems.common import Stack, rank_by_use, stack_facts
from picasso_tui.profile.findings import PARTIAL_RUN, WIDER_RUN, Knowledge, human_list
from picasso_tui.profile.go_docs import declares_main
from picasso_tui.profile.go_flags import with_go_tags, workflow_go_tags
from picasso_tui.profile.languages import shares
from picasso_tui.profile.recipes import recipe_lines
from picasso_tui.profile.walk import Tree, is_auxiliary

LIBRARIES: dict[str, tuple[str, str]] = {
    "github.com/gin-gonic/gin": ("Gin", "framework"), "github.com/labstack/echo/v4": ("Echo", "framework"),
    "github.com/go-chi/chi/v5": ("chi", "framework"), "github.com/gofiber/fiber/v2": ("Fiber", "framework"),
    "github.com/gorilla/mux": ("gorilla/mux", "framework"), "google.golang.org/grpc": ("gRPC", "framework"),
    "gorm.io/gorm": ("GORM", "database"), "github.com/jmoiron/sqlx": ("sqlx", "database"),
    "github.com/jackc/pgx/v5": ("pgx (PostgreSQL)", "database"), "entgo.io/ent": ("ent", "database"),
    "github.com/golang-migrate/migrate/v4": ("golang-migrate", "migrations"),
    "github.com/pressly/goose/v3": ("goose", "migrations"), "github.com/spf13/cobra": ("Cobra", "cli"),
    "github.com/spf13/pflag": ("pflag (flags)", "cli"), "github.com/urfave/cli/v2": ("urfave/cli", "cli"),
    "github.com/stretchr/testify": ("testify", "test"), "github.com/onsi/ginkgo/v2": ("Ginkgo", "test"),
    "gopkg.in/check.v1": ("gocheck", "test"), "github.com/go-check/check": ("gocheck", "test"),
    "github.com/onsi/gomega": ("Gomega", "test"), "go.uber.org/mock": ("gomock", "test"),
    "github.com/golang/mock": ("gomock", "test"), "github.com/DATA-DOG/go-sqlmock": ("go-sqlmock", "test"),
    "github.com/jarcoal/httpmock": ("httpmock", "test"), "gotest.tools/v3": ("gotest.tools", "test"),
    "github.com/frankban/quicktest": ("quicktest", "test"),
}  # fmt: skip
GOLANGCI = (".golangci.yml", ".golangci.yaml", ".golangci.toml", ".golangci.json")


def golangci(tree: Tree) -> tuple[str, list[str], list[str]]:
    """(config file, linters it enables, formatters it enables), from golangci-lint's v1 or v2 config. Exclusion
    presets (`exclusions: presets: [std-error-handling]`) and settings are neither linters nor formatters."""
    # v2ray-core keeps its config where GitHub's super-linter reads it, .github/linters/.golangci.yml
    rel = tree.first(*GOLANGCI, *(f".github/linters/{name}" for name in GOLANGCI))
    if not rel:
        return "", [], []
    text = tree.read(rel) or ""
    try:  # mage's is .golangci.toml
        data: Any = tomli.loads(text) if rel.endswith(".toml") else yaml.safe_load(text)
    except (yaml.YAMLError, tomli.TOMLDecodeError):
        data = None
    data = data if isinstance(data, dict) else {}

    def enabled(section: str) -> list[str]:
        value = data.get(section)
        names = value.get("enable") if isinstance(value, dict) else None
        off = value.get("disable") if isinstance(value, dict) else None
        off = {str(n) for n in off} if isinstance(off, list) else set()  # gitleaks lists exhaustruct in both
        # gitleaks' list names misspell three times: each linter is said once, where it first appears
        names = [str(n) for n in names if isinstance(n, str) and n not in off] if isinstance(names, list) else []
        return list(dict.fromkeys(names))

    linters, formatters = enabled("linters"), enabled("formatters")
    v1_formatters = {"gofmt", "gofumpt", "goimports", "gci", "golines"}  # v1 lists them among the linters
    formatters += [n for n in linters if n in v1_formatters and n not in formatters]
    return rel, [n for n in linters if n not in v1_formatters], formatters


def vendored(tree: Tree) -> bool:
    """The module's dependencies are checked in (`go mod vendor`'s vendor/modules.txt; the walk skips vendor/)."""
    return (tree.root / "vendor" / "modules.txt").is_file()


def formatter(tree: Tree) -> tuple[str, str]:
    """(format command, what enforces it): gofumpt or goimports when the Makefile's or justfile's fmt target runs it
    (sqlx's `goimports -local github.com/jmoiron/sqlx -w`, lazygit's `gofumpt` beside golangci-lint's goimports) or
    golangci-lint enforces it; `go fmt ./...` when that target runs it; else gofmt."""
    makefile = tree.read("Makefile") or "" if tree.has("Makefile") else ""
    for runner, target in [(r, t) for r in ("make", "just") for t in ("fmt", "format", "gofmt")]:
        lines = recipe_lines(tree, f"{runner} {target}") or []  # lazygit's `just format`
        # kind's `gofmt:` runs hack/make-rules/update/gofmt.sh, whose last line is `… gofmt -s -w`
        scripts = [w for line in lines for w in line.split() if w.endswith(".sh") and tree.has(w.removeprefix("./"))]
        ran = "\n".join([*lines, *(tree.read(w.removeprefix("./")) or "" for w in scripts[:2])])
        ran = re.sub(r"\$\((\w+)\)", lambda m: _make_variable(makefile, m.group(1)) or m.group(0), ran)
        # the program, not a target named for it (woodpecker's `format: install-gofumpt`, then `gofumpt -extra -w .`)
        used = re.search(r"(?<![-\w])(gofumpt|goimports)\b(?!-)([^;&|\n]*)", ran)
        where = "Makefile" if runner == "make" else "justfile"
        if used:  # terraform-docs' `goimports -w -local github.com/terraform-docs main.go cmd/`: -local anywhere
            # on the goimports line; gofumpt has no -local (wazero's is gosimports', on the next recipe line)
            local = re.search(r"\s(-local[ =][\w./,-]+)", used.group(2)) if used.group(1) == "goimports" else None
            grouped = f" {local.group(1)}" if local else ""
            # woodpecker's `gofumpt -extra -w .`: the stricter rules golangci-lint enforces too
            grouped += " -extra" if used.group(1) == "gofumpt" and re.search(r"\s-extra\b", used.group(2)) else ""
            return f"{_go_tool(tree, used.group(1))}{grouped} -w .", f"{where} target `{target}`"
        if re.search(r"\bgolangci-lint fmt\b", ran):  # chezmoi's `format:` applies golangci's formatters
            return f"{runner} {target}", f"{where} target `{target}` (golangci-lint fmt)"
        if re.search(r"\bgo fmt \./\.\.\.", ran):  # gitleaks' `format: go fmt ./...`: gofmt over the packages
            return "go fmt ./...", f"{where} target `{target}`"
        if re.search(r"\bgofmt (-\w+ )*\./?\w", ran):  # VictoriaMetrics' `gofmt -l -w -s ./lib ./app`: not vendor/
            return f"{runner} {target}", f"{where} target `{target}` (gofmt)"
        if re.search(r"\bgofmt (-\w+ )*-s\b", ran):  # gofmt's simplification is part of the project's format
            return "gofmt -s -w .", f"{where} target `{target}`"
    rel, _, formatters = golangci(tree)
    text = tree.read(rel) or "" if rel else ""
    if len(formatters) > 1 and re.search(r"^version:\s*[\"']?2", text, re.M) and re.search(r"^formatters:", text, re.M):
        # revive's v2 config enables gci, gofmt, gofumpt and goimports: `golangci-lint fmt` applies them all
        config = f" --config {rel}" if "/" in rel else ""  # away from the root golangci-lint does not find it
        return f"golangci-lint fmt{config}", f"{rel} (formatters: {', '.join(formatters)})"
    for name, options in (("gofumpt", " -l -w ."), ("goimports", " -w .")):
        if name in formatters:
            # ogen's `goimports: local-prefixes: [github.com/ogen-go/ogen]`: its own imports in a group of their own
            local = _local_prefixes(text) if name == "goimports" else ""
            grouped = f" -local {local}" if local else ""
            return f"{_go_tool(tree, name)}{grouped}{options}", f"{rel} (formatters: {name})"
    if vendored(tree) or _outside_packages(tree):  # scc's vendor/: `gofmt -w .` would rewrite the copied modules too
        return "go fmt ./...", "go.mod"
    # versitygw's CI and `make check` run `gofmt -s -l .`: code formatted without -s still fails the check
    checks = [f for f in (tree.first("Makefile", "makefile", "GNUmakefile"), *tree.under(".github/workflows")) if f]
    simplified = next((f for f in checks if re.search(r"\bgofmt (-\w+ )*-s\b", tree.read(f) or "")), None)
    if simplified:
        return "gofmt -s -w .", f"{simplified} (`gofmt -s`)"
    return "gofmt -w .", "go.mod"


def _local_prefixes(config: str) -> str:
    """goimports' local prefixes in a golangci-lint config, v2's list or v1's comma-separated string."""
    block = re.search(r"^(\s*)goimports:\s*\n((?:\1\s+.*\n?)+)", config, re.M)
    listed = r"local-prefixes:[ \t]*(?:\n\s*-\s*([\w./-]+)|[\"']?(\w[\w./,-]*))"
    found = re.search(listed, block.group(2)) if block else None
    return (found.group(1) or found.group(2)) if found else ""


def _outside_packages(tree: Tree) -> bool:
    """Go files where the go tool never looks (a `testdata/` folder, or one named with a leading `_` or `.`): moq's
    deliberately unformatted golden files, yaegi's invalid `_test/bad0.go`. `gofmt -w .` rewrites them or stops on
    them; `go fmt ./...` formats the packages alone."""
    return any(
        f.endswith(".go") and any(p == "testdata" or p.startswith(("_", ".")) for p in f.split("/")[:-1])
        for f in tree.files
    )


def _go_tool(tree: Tree, name: str) -> str:
    """`go tool <name>` where go.mod's `tool` directive (Go 1.24) pins the formatter: lazygit's justfile runs `go tool
    gofumpt`, and a bare `gofumpt` is only there if someone installed it, maybe at another version."""
    text = tree.read("go.mod") or "" if tree.has("go.mod") else ""
    tools = re.findall(r"^\s*(?:tool\s+)?([\w.-]+(?:/[\w.-]+)+)\s*$", _tool_blocks(text), re.M)
    return f"go tool {name}" if any(t.rsplit("/", 1)[-1] == name for t in tools) else name


def _tool_blocks(text: str) -> str:
    """go.mod's `tool x` lines and `tool ( … )` blocks, one path a line."""
    blocks = re.findall(r"^tool\s*\(([^)]*)\)", text, re.M)
    singles = re.findall(r"^tool\s+(\S+)\s*$", text, re.M)
    return "\n".join([*blocks, *singles])


def _make_variable(makefile: str, name: str) -> str:
    """The value a Makefile gives the variable, all its words (go-httpbin's `GOFUMPT := go run mvdan.cc/gofumpt@…`)."""
    found = re.search(rf"^{name}\s*[:?]?=[ \t]*(\S[^\n]*?)\s*$", makefile, re.MULTILINE)
    return found.group(1) if found else ""


REQUIRE_LINE = re.compile(r"^\s*(?:require\s+)?\"?([a-z0-9.\-]+\.[a-z]+/[^\s\"]+)\"?\s+v[0-9][^\s]*(.*)$")
"""A required module, its path bare or quoted as a Go string (yaml.v3's `"gopkg.in/check.v1" v0.0.0-…`)."""


def requirements(text: str) -> list[str]:
    """The modules a go.mod requires directly, in order (``// indirect`` ones and replace targets left out)."""
    out: list[str] = []
    block = ""
    for line in text.splitlines():
        stripped = line.strip()
        if block:
            if stripped.startswith(")"):
                block = ""
                continue
        elif re.match(r"^(require|replace|exclude|retract)\s*\(", stripped):
            block = stripped.split()[0].split("(")[0]
            continue
        if block and block != "require":
            continue
        if not block and not stripped.startswith("require"):
            continue
        m = REQUIRE_LINE.match(stripped)
        if m and "// indirect" not in m.group(2):
            out.append(m.group(1))
    return out


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    mods = tree.named("go.mod")
    if not mods:
        return k
    # ohm's packages/compiler/test/go/go.mod runs compiled grammars in its JavaScript project's tests: a fixture
    own = [
        m
        for m in mods
        if not is_auxiliary(m) and not m.startswith("_") and "/_" not in m and not re.search(r"(^|/)tests?/", m)
    ]
    if not own:  # only examples or test fixtures carry a go.mod: not a Go project
        return k
    if not any(f.endswith(".go") for f in tree.files):  # searxng's go.mod only pins the shfmt its scripts run
        return k
    go_share = next((share for lang, share, _ in shares(tree) if lang == "go"), 0.0)
    if not tree.has("go.mod") and go_share < SIDE_SHARE:  # no go.mod at the root and Go a small part of the source:
        return k  # c-toxcore's other/proxy/go.mod is a helper tool of a C project: no Go project, no Go commands
    # helm's internal/plugin/testdata/src/extismv1-test/go.mod is a fixture its tests build: nothing to say of it
    examples = [m.rsplit("/", 1)[0] for m in mods if m not in own and not re.search(r"(^|/)testdata/", m)]
    root = own[0]
    text = tree.read(root) or ""
    module = re.search(r"^module\s+\"?([^\s\"]+)", text, re.MULTILINE)
    version = re.search(r"^go\s+(\S+)", text, re.MULTILINE)
    details = [f"module `{module.group(1)}`" if module else "Go module"]
    if version:
        said = re.search(r"((?:^//[^\n]*\n)+)go\s+\S+", text, re.MULTILINE)  # the comment above the go directive
        why = " ".join(line.lstrip("/ ").strip() for line in said.group(1).splitlines()) if said else ""
        details.append(f"Go {version.group(1)}" + (f" (go.mod: {why[:200]})" if why else ""))
    if tree.has("go.work") or len(own) > 1:
        details.append(f"{len(own)} modules: {human_list([m.rsplit('/', 1)[0] if '/' in m else '.' for m in own])}")
    generators = [e for e in examples if _generator(tree, e)]
    examples = [e for e in examples if e not in generators]
    benches = [e for e in examples if BENCHMARKS.search(e)]
    # logr's _tools/go.mod pins the apidiff its script runs (a `tool` directive, or a tools folder): no examples
    tools = [e for e in examples if e not in benches and _pins_tools(tree, e)]
    examples = [e for e in examples if e not in benches and e not in tools]
    # CloudNativePG's tests/go.mod holds its end-to-end suite: run from that folder, never `./tests/...` from the root
    suites = [e for e in examples if re.search(r"(^|/)tests?(/|$)", e)]
    examples = [e for e in examples if e not in suites]
    # jaeger's scripts/build/docker/debug pins delve, metallb's website/themes/… is a vendored Hugo theme: a module
    # is called an example only where its folder says so
    others = [e for e in examples if not re.search(r"(^|/)_?(examples?|samples?|demos?|tutorials?)(/|$)", e)]
    examples = [e for e in examples if e not in others]
    if examples:
        details.append(f"example programs with their own go.mod (not part of the module): {human_list(examples, 4)}")
    if others:
        details.append(f"other modules with their own go.mod (not part of the module): {human_list(others, 4)}")
    if suites:
        details.append(f"test suites with their own go.mod (run from their folder): {human_list(suites, 4)}")
    if benches:
        details.append(f"benchmarks with their own go.mod: {human_list(benches, 4)}")
    if tools:
        details.append(f"development tools pinned in their own go.mod: {human_list(tools, 4)}")
    if generators:
        run = _generate_command(tree)
        details.append(
            f"code generator with its own go.mod: {human_list(generators, 4)}" + (f" (run with `{run}`)" if run else "")
        )
    side = _side_folders(tree)
    what = (
        f"Go module only for {human_list([f'{f}/' for f in side], 4)}, beside a project in another language"
        if side
        else "Go project"
    )
    k.fact(
        "go/packaging",
        f"Go module {module.group(1)}" if module else "Go modules",
        f"{what}: " + "; ".join(details) + ".",
        *own[:3],
        *[f"{e}/go.mod" for e in (examples + generators)[:1]],
    )
    commands = _main_packages(tree)
    root_go = [f for f in tree.files if f.endswith(".go") and "/" not in f and not f.endswith("_test.go")]
    root_main = any(
        declares_main(text) and not built_on_request(text[:3000]) for text in (tree.read(f) or "" for f in root_go[:20])
    )  # uniseg's gen_properties.go is `//go:build generate`: a generator, not the package
    role = _role(tree, commands, bool(root_main))
    required = [d for d in requirements(text) if not module or d != module.group(1)]
    runtime = _imported_by_code(tree, own, required)
    for_tests = [d for d in required if d not in runtime]
    unnamed = [d for d in for_tests if d not in LIBRARIES]  # testify is named among the test tools already
    none = "no external dependencies (standard library only)"
    if for_tests and not runtime:  # go.mod requires what only the tests import: the code alone is standard library
        none = "no runtime dependencies: its code imports only the standard library"
    if unnamed and not runtime:  # sqlx: go.mod requires three database drivers, for its tests
        none = f"its code imports only the standard library; its tests use {human_list(unnamed, 4)} (go.mod)"
    platform = _platform_only(tree, own, runtime)
    runtime = [d for d in runtime if d not in platform]
    if platform and not runtime:  # datadog-go's client is UDP and UDS; go-winio only opens Windows' named pipes
        none = f"its code imports only the standard library, and {human_list(platform, 3)} in its {PLATFORM_ONLY} files"
    runtime, ranked = rank_by_use(tree, runtime, (".go",), partial(_modules_imported, frozenset(runtime)))
    # most imported first; with no imports to go by, go.mod's order is `go mod tidy`'s alphabet, not the project's
    stack = Stack(runtime, set(for_tests), role=role, none=none, ordered=ranked)
    stack_facts(k, "go", "Go", LIBRARIES, stack, own[:1])
    _commands(k, tree, commands, bool(root_main), own)
    if required and not vendored(tree):  # scc's are checked in under vendor/: nothing to fetch
        k.command("install", "go mod download", root, 60, _elsewhere(tree, own).replace("`./...` stops", "it stops"))
    _benchmarks(k, tree)
    _fuzz_targets(k, tree)
    if tags := workflow_go_tags(tree):  # mercure's CI sets GOFLAGS="-tags=…" for every job: so do its commands
        k.commands = [replace(c, command=with_go_tags(c.command, tags)) for c in k.commands]
    if not tree.has("go.mod") and "/" in root:  # gocache's modules are lib/ and store/*: none at the root
        base = root.rsplit("/", 1)[0]
        k.commands = [
            replace(c, command=_in_module(c.command, base), source=root if c.source == "go.mod" else c.source)
            for c in k.commands
        ]
    if side:  # nghttp2's `go build ./...` builds its integration tests: the C build's commands come first
        note = f"the Go code in {human_list([f'{f}/' for f in side], 4)} only"
        k.commands = [replace(c, priority=c.priority + SIDE_PENALTY, note=c.note or note) for c in k.commands]
    return k


def _in_module(command: str, base: str) -> str:
    """A root-run go command run in the module's folder: at a root with no go.mod, go finds no main module."""
    if not command.startswith(("go ", "golangci-lint ")):
        return command
    return f"cd {base} && " + command.replace(f"./{base}/", "./")


SIDE_FOLDER = re.compile(r"(integration[-_]?tests?|e2e|tests?|testing|contrib|tools?|scripts?|hack|fuzz)")
SIDE_PENALTY = 20
SIDE_SHARE = 0.2


def _side_folders(tree: Tree) -> list[str]:
    """The top folders of a go.mod's Go code that only tests or serves a project in another language (nghttp2's
    integration-tests/ and contrib/ beside its C library, 5% of the source): no Go file at the root or outside
    such folders, and Go far from the main language."""
    found = shares(tree)
    go = next((share for lang, share, _ in found if lang == "go"), 0.0)
    if not found or found[0][0] == "go" or go >= SIDE_SHARE:
        return []
    folders = {f.split("/", 1)[0] if "/" in f else "" for f in tree.files if f.endswith(".go")}
    if not folders or not all(SIDE_FOLDER.fullmatch(f) for f in folders):
        return []
    return sorted(folders)


def _build_tag(tree: Tree, rel: str) -> str:
    """The one tag a file's `//go:build <tag>` line asks for, or "" (none, or an expression of several)."""
    found = re.search(r"^//go:build\s+(.+)$", tree.read(rel) or "", re.M)
    return found.group(1).strip() if found and re.fullmatch(r"\w+", found.group(1).strip()) else ""


def _fuzz_targets(k: Knowledge, tree: Tree) -> None:
    """Native fuzz targets (`func FuzzStepString(f *testing.F)`, Go 1.18): `go test` runs only their seeds; one
    target fuzzes with `-fuzz`, in its own package, until stopped or `-fuzztime` ends."""
    others = tuple(m.rsplit("/", 1)[0] + "/" for m in tree.named("go.mod") if "/" in m)
    found: list[tuple[str, str]] = []
    for rel in [f for f in tree.files if f.endswith("_test.go") and not f.startswith(others)][:SCANNED]:
        found += [
            (name, rel) for name in re.findall(r"^func (Fuzz\w+)\(\w+ \*testing\.F\)", tree.read(rel) or "", re.M)
        ]
    if not found:
        return
    # litestream's cmd/litestream-vfs/fuzz_test.go is `//go:build vfs`: a target no build tag hides comes first
    found.sort(key=lambda target: bool(_build_tag(tree, target[1])))
    name, rel = found[0]
    package = f"./{rel.rsplit('/', 1)[0]}" if "/" in rel else "."
    tag = _build_tag(tree, rel)
    tags = f" -tags {tag}" if tag else ""
    more = f" (and {human_list([f'{n} in {r}' for n, r in found[1:]], 4)})" if len(found) > 1 else ""
    body = (
        f"Go fuzz targets: {name} in {rel}{more}; `go test` runs only their seed inputs. Fuzz one with "
        f"`go test{tags} -run '^$' -fuzz '^{name}$' -fuzztime 30s {package}` (without -fuzztime it runs until "
        "stopped)."
    )
    k.fact("go/fuzz", "Go fuzz targets", body, rel)


def _benchmarks(k: Knowledge, tree: Tree) -> None:
    """`func BenchmarkX(b *testing.B)` in the root module's test files (gjson_test.go's BenchmarkValid; go-toml's
    benchmark/ too, a folder with its own go.mod is another module): how many, where, and the command that runs
    them all: the task runner's bench target, else `go test -run '^$' -bench .` over every package holding one."""
    others = [m.rsplit("/", 1)[0] + "/" for m in tree.named("go.mod") if "/" in m]
    found: Counter[str] = Counter()
    tests = [f for f in tree.files if f.endswith("_test.go") and not re.search(r"(^|/)(_|vendor/|testdata/)", f)]
    for rel in [f for f in tests if not f.startswith(tuple(others))][:SCANNED]:
        found[rel] = len(re.findall(r"^func Benchmark\w*\(\s*\w+ \*testing\.B\)", tree.read(rel) or "", re.MULTILINE))
    files = [f for f, n in found.most_common() if n]
    if not files:
        return
    folders = {f.rsplit("/", 1)[0] if "/" in f else "." for f in files}
    where = "" if folders == {"."} else f" ./{next(iter(folders))}/" if len(folders) == 1 else " ./..."
    makefile = tree.read(tree.first("Makefile", "makefile", "GNUmakefile") or "") or ""
    target = re.search(r"^(bench(?:mark)?s?)\s*:(?!=)[^\n]*\n((?:\t[^\n]*\n?)*)", makefile, re.MULTILINE)
    # task's checksum_benchmark_test.go is `//go:build fsbench`: without the tag `go test` compiles none of it
    tags = sorted({t for f in files for t in _ONE_TAG.findall((tree.read(f) or "")[:400]) if t not in PLATFORM_TAGS})
    flag = f" -tags={','.join(tags)}" if tags else ""
    run = (
        f"`make {target.group(1)}` (Makefile)"
        if target
        else f"`go test{flag} -run '^$' -bench .{where}` (`-run '^$'` leaves the tests out)"
    )
    # fzf's `bench: cd src && go test … -bench=.` runs package src only, not src/algo's benchmarks
    moved = re.search(r"\bcd ([\w./-]+)\s*(?:&&|;)", target.group(2)) if target else None
    if target and moved and "./..." not in target.group(2):
        inside = moved.group(1).strip("./")
        if any((f.rsplit("/", 1)[0] if "/" in f else "") != inside for f in files):
            run = (f"`make {target.group(1)}` (Makefile) for those in {inside}/, and all of them with "
                   f"`go test -run '^$' -bench .{where}`")  # fmt: skip
    total = sum(found.values())
    k.fact(
        "go/benchmarks",
        "Go benchmarks",
        f"Go benchmarks: {total} Benchmark function{'s' if total != 1 else ''} in {human_list(files, 4)}; run them "
        f"with {run}.",
        *files[:3],
    )


BENCHMARKS = re.compile(r"(^|/)(bench|benches|benchmarks?)(/|$)")
SCANNED = 400
"""How many of the root module's Go files are read for their imports: enough for a large module, bounded."""


def _code_files(tree: Tree, modules: list[str]) -> list[str]:
    """The root module's own non-test Go files (the first SCANNED): not another module's, not a test's."""
    others = tuple(m.rsplit("/", 1)[0] + "/" for m in modules[1:] if "/" in m)
    files = [f for f in tree.own if f.endswith(".go") and not f.endswith("_test.go") and not f.startswith(others)]
    return files[:SCANNED]


def _imported_by_code(tree: Tree, modules: list[str], required: list[str]) -> list[str]:
    """The root module's requirements its non-test code imports (zap's testify and goleak are imported by its
    tests only; gRPC is another module's). All of them when no Go file imports anything."""
    text = "\n".join(tree.read(f) or "" for f in _code_files(tree, modules))
    if not re.search(r"^import\b", text, re.MULTILINE):
        return required
    return [d for d in required if re.search(rf'"{re.escape(d)}(/[^"]*)?"', text)]


PLATFORM_FILE = re.compile(r"_(windows|darwin|ios|android|freebsd|openbsd|netbsd|solaris|plan9|wasm|js)(_\w+)?\.go$")
PLATFORM_ONLY = "platform-specific"


def _platform_only(tree: Tree, modules: list[str], runtime: list[str]) -> list[str]:
    """The requirements that only files built for one system import (pipe_windows.go's go-winio)."""
    texts = {f: tree.read(f) or "" for f in _code_files(tree, modules)}
    only: list[str] = []
    for dep in runtime:
        importing = [f for f, text in texts.items() if re.search(rf'"{re.escape(dep)}(/[^"]*)?"', text)]
        if importing and all(PLATFORM_FILE.search(f) for f in importing):
            only.append(dep)
    return only


def _pins_tools(tree: Tree, folder: str) -> bool:
    """A module that only pins the tools development runs: Go 1.24's `tool` directives, or a folder named for tools."""
    text = tree.read(f"{folder}/go.mod") or ""
    return bool(re.search(r"^tool\b", text, re.MULTILINE) or re.search(r"(^|/)_?(tools|internal/tools)$", folder))


def _generator(tree: Tree, folder: str) -> bool:
    """A folder of its own module that generates code (_codegen, a main.go that writes files), not examples."""
    if re.search(r"(^|/)_?(codegen|gen|generate|generator)s?$", folder):
        return True
    mains = [f for f in tree.under(folder) if f.endswith(".go")][:10]
    if re.search(r"(^|/)_?examples?(/|$)", folder):
        return False  # _examples/validate_fn writes files to show a feature; it generates none of the project's code
    return any(re.search(r"os\.(WriteFile|Create)\(|go:generate", tree.read(f) or "") for f in mains)


def _generate_command(tree: Tree) -> str:
    """The `go generate` line the README gives (in backticks or a code block), if any."""
    readme = tree.first("README.md", "README") or ""
    text = tree.read(readme) or "" if readme else ""
    said = re.search(r"`(go generate[^`\n]*)`|^\s*\$?\s*(go generate[^\n]*)$", text, re.MULTILINE)
    return (said.group(1) or said.group(2)).strip() if said else ""


TOOLING = re.compile(r"^(tools?|scripts?|hack|internal|gen|generate|ci|bench\w*|\w*bench)(/|$)")
"""Folders whose `package main` serves the maintainers (generators, benchmarks), not the users."""
PLATFORM_TAGS = frozenset({
    "linux", "darwin", "windows", "freebsd", "openbsd", "netbsd", "dragonfly", "solaris", "illumos", "aix", "plan9",
    "android", "ios", "js", "wasip1", "unix", "amd64", "386", "arm", "arm64", "wasm", "riscv64", "ppc64", "ppc64le",
    "mips", "mipsle", "mips64", "mips64le", "s390x", "loong64", "cgo", "gc", "gccgo",
})  # fmt: skip
"""Build tags the toolchain sets itself: a file constrained to one of them is built where it applies."""
_ONE_TAG = re.compile(r"^//\s*(?:go:build|\+build)\s+([A-Za-z_][\w]*)\s*$", re.MULTILINE)


WEBASSEMBLY_TAGS = frozenset({"wasm", "js", "wasip1"})
"""A program built only for WebAssembly (chroma's cmd/libchromawasm, `//go:build wasm`, a module for TinyGo): a
browser or runtime loads it, `go run` on the contributor's machine builds nothing."""


def built_on_request(head: str) -> bool:
    """The file is built only when its one custom tag is asked for: `//go:build ignore` (go run it by name),
    uniseg's `//go:build generate` generators, a `tools` file; livekit's magefile_unix.go is `mage && !windows`."""
    if any(tag not in PLATFORM_TAGS and not tag.startswith("go1") for tag in _ONE_TAG.findall(head)):
        return True
    for expression in re.findall(r"^//go:build\s+([^|\n]+)$", head, re.M):  # only tags joined by &&
        terms = [t.strip().strip("()") for t in expression.split("&&")]
        if any(re.fullmatch(r"[A-Za-z_]\w*", t) and t not in PLATFORM_TAGS and not t.startswith("go1") for t in terms):
            return True
    return False


def _webassembly_only(head: str) -> bool:
    return any(tag in WEBASSEMBLY_TAGS for tag in _ONE_TAG.findall(head))


def _main_packages(tree: Tree) -> list[str]:
    """The module's own `package main` folders: cmd/*, a package's cmd/* (compress' s2/cmd/s2c), and a command beside
    the library (xxhash's xxhsum/); not
    examples, testdata, `_` folders, nested modules, files built only on request (`//go:build ignore`) or a
    deprecated command (migrate's cli/ points to cmd/migrate)."""
    nested = {m.rsplit("/", 1)[0] + "/" for m in tree.named("go.mod") if "/" in m}
    found: set[str] = set()
    retired: set[str] = set()
    # compress' s2/cmd/s2c and s2/cmd/s2d: a package's own commands, in its cmd/
    # kyverno's cmd/cli/kubectl-kyverno: a command one folder deeper in cmd/
    shaped = re.compile(r"[^/]+/[^/]+\.go|cmd/([^/]+/)?[^/]+/[^/]+\.go|[^/]+/cmd/[^/]+/[^/]+\.go")
    candidates = [
        f for f in tree.files
        if f.endswith(".go") and not f.endswith("_test.go") and shaped.fullmatch(f) and not is_auxiliary(f)
        and not re.search(r"(^|/)(_|testdata/)", f) and not any(f.startswith(n) for n in nested)
    ]  # fmt: skip
    for f in candidates[:300]:
        folder = f.rsplit("/", 1)[0]
        if TOOLING.match(folder):
            continue
        head = (tree.read(f) or "")[:3000]
        if declares_main(head) and not built_on_request(head) and not _webassembly_only(head):
            found.add(folder)
            if re.search(r"^//\s*Deprecated\b", head, re.MULTILINE):
                retired.add(folder)
    return sorted(found - retired)


GO_ARG_PARSERS = re.compile(
    r'"(flag|github\.com/spf13/(cobra|pflag)|github\.com/urfave/cli(/v\d)?|github\.com/alecthomas/kong|'
    r'(gopkg\.in|github\.com)/alecthomas/kingpin(\.v\d|/v\d)?|github\.com/jessevdk/go-flags|github\.com/peterbourgon/ff(/v\d)?)"'
)
"""Go's command-line parsers: a program built on one answers `-help` with its usage (and exit 0)."""


_ANALYSIS_MAIN = re.compile(r"\b(singlechecker|multichecker|unitchecker)\.Main\(")


def _run_arguments(tree: Tree, folder: str) -> str:
    """What a bare run needs: `--help` when the command parses its options (dex's cmd/dex needs a subcommand, msgp a
    -file), as a bare run stops with a usage error; the module's packages for an analysis checker. A CLI toolkit
    the module requires counts too: cobra's commands sit in a package of their own that main imports."""
    files = [f for f in tree.files if f.endswith(".go") and not f.endswith("_test.go")]
    mine = [f for f in files if f.rsplit("/", 1)[0] == folder] if folder else [f for f in files if "/" not in f]
    # wsl's cmd/wsl is a go/analysis checker: it reads packages, so it runs on the module's own
    if any(_ANALYSIS_MAIN.search(tree.read(f) or "") for f in mine[:50]):
        return " ./..."
    parsed = any(GO_ARG_PARSERS.search(tree.read(f) or "") for f in mine[:50])
    return " --help" if parsed or _parses_through_its_packages(tree, files, mine) else ""


TOOLKIT = re.compile(r"\"github\.com/(spf13/cobra|urfave/cli|alecthomas/kong)(/v\d+)?\"")


def _parses_through_its_packages(tree: Tree, files: list[str], mine: list[str]) -> bool:
    """The main package imports a package of its module that builds a CLI toolkit's commands (cobra's commands sit
    in a package of their own); rudder-server requires urfave/cli for cmd/devtool only, and its main parses none."""
    module = re.search(r"^module\s+(\S+)", tree.read("go.mod") or "", re.M)
    if not module:
        return False
    imported = {
        path.removeprefix(module.group(1) + "/")
        for f in mine[:50]
        for path in re.findall(rf"\"({re.escape(module.group(1))}/[\w./-]+)\"", tree.read(f) or "")
    }
    return any(f.rsplit("/", 1)[0] in imported and TOOLKIT.search(tree.read(f) or "") for f in files)


def _modules_imported(modules: frozenset[str], text: str) -> set[str]:
    """The required modules a file imports (a package path counts as the module it sits in)."""
    found = set()
    for path in re.findall(r'^\s*(?:import\s+)?(?:[\w.]+\s+)?"([^"]+)"', text, re.MULTILINE):
        parts = path.split("/")
        found.update(m for m in ("/".join(parts[:n]) for n in range(len(parts), 0, -1)) if m in modules)
    return found


def _main_file(tree: Tree, folder: str) -> str:
    """The file of a command's folder that holds `func main`: main.go by convention, age's cmd/age/age.go too."""
    if tree.has(f"{folder}/main.go"):
        return f"{folder}/main.go"
    files = sorted(f for f in tree.under(folder) if f.count("/") == folder.count("/") + 1 and f.endswith(".go"))
    return next((f for f in files if re.search(r"^func main\(\)", tree.read(f) or "", re.MULTILINE)), f"{folder}/")


def _under_cmd(commands: list[str]) -> bool:
    """Every command sits in cmd/, Go's convention, which the memory then names once."""
    return all(c.startswith("cmd/") for c in commands)


def _role(tree: Tree, commands: list[str], root_main: bool) -> str:
    library = any(f.endswith(".go") and not f.endswith("_test.go") and "/" not in f for f in tree.files)
    if _under_cmd(commands):
        where = f"under cmd/ ({human_list(commands, 4)})"
    else:
        where = f"in {human_list([c + '/' for c in commands], 4)}"
    if root_main:
        return "a program (package main at the root)"
    if library and commands:
        return f"a library with commands {where}"
    if commands:
        return f"commands {where}"
    return "a library (no package main)" if library else ""


GOCHECK_HOOK = re.compile(r"\bTestingT\(\w+\)")


def _gocheck_suites(tree: Tree, tests: list[str]) -> bool:
    """The tests are gocheck suites (a `Test` function calling `TestingT(t)`) and not plain Test functions beside."""
    hooks = [f for f in tests[:200] if GOCHECK_HOOK.search(tree.read(f) or "")]
    plain = sum(
        len(re.findall(r"^func Test\w*\(\w+ \*testing\.T\)", tree.read(f) or "", re.MULTILINE)) for f in tests[:200]
    )
    return bool(hooks) and plain <= len(hooks)


def _a_test_name(tree: Tree, package: str) -> str:
    """A Test function of the package, from its test file with the most of them: an example the agent can run as
    it stands (`go test . -run TestProcess`), not a placeholder to fill in."""
    files = [f for f in tree.files if f.endswith("_test.go") and (f.rsplit("/", 1)[0] if "/" in f else ".") == package]
    # mage's install_test.go opens with `//go:build CI`: its tests exist only with -tags CI
    texts = {f: tree.read(f) or "" for f in files[:50]}
    # ocm's `func TestIntegration(t *testing.T) { …; ginkgo.RunSpecs(t, …) }` runs a whole Ginkgo suite: no one test
    found = {
        f: re.findall(r"^func (Test\w+)\(\w+ \*testing\.T\)", text, re.MULTILINE)
        for f, text in texts.items()
        if not re.search(r"^//go:build\s", text[:2000], re.MULTILINE) and not re.search(r"\bRunSpecs\(", text)
    }
    best = max(sorted(found), key=lambda f: len(found[f]), default="")
    return found[best][0] if best and found[best] else ""


def _nested_modules(tree: Tree, own: list[str]) -> list[str]:
    """The folders of the root module's sibling modules when no go.work joins them: `./...` stops at each go.mod,
    so a command run at the root leaves them out (gobreaker's v2/, where its README says the current code is)."""
    if tree.has("go.work") or "go.mod" not in own:
        return []
    return [m.rsplit("/", 1)[0] for m in own if "/" in m]


def _elsewhere(tree: Tree, own: list[str], tests: bool = False) -> str:
    """The note a root-run `./...` command carries when sibling modules have go.mod files of their own; for the
    tests, only the modules that hold a test (flyte's gen/go is generated code with none)."""
    nested = _nested_modules(tree, own)
    if tests:
        nested = [n for n in nested if any(f.endswith("_test.go") for f in tree.under(n))]
    return f"`./...` stops at each go.mod: run it in {human_list([f'{n}/' for n in nested], 4)} too" if nested else ""


_BUILD_LINE = re.compile(r"^//go:build\s+(.+)$", re.MULTILINE)


def _tagged_tests(tree: Tree) -> str:
    """What a plain `go test ./...` leaves out: test files built only with a custom tag (gocqlx's nine
    `//go:build all || integration` files, tbls' one tag per database driver); "" when fewer than three."""
    tags: Counter[str] = Counter()
    files = 0
    for rel in [f for f in tree.files if f.endswith("_test.go")][:SCANNED]:
        line = _BUILD_LINE.search((tree.read(rel) or "")[:2000])
        asked = re.findall(r"(?<![!\w])([A-Za-z_]\w*)", line.group(1)) if line else []
        custom = [t for t in asked if t not in PLATFORM_TAGS and not t.startswith("go1")]
        if custom:
            files += 1
            tags.update(sorted(set(custom)))
    if files < 3:
        return ""
    shown = human_list([f"`{t}`" for t, _ in sorted(tags.items(), key=lambda tc: (-tc[1], tc[0]))[:4]], 4)
    return f"{PARTIAL_RUN} {files} test files behind build tags ({shown}): add `-tags <tag>` to run them"


def _end_to_end(tree: Tree, own: list[str]) -> list[str]:
    """The end-to-end suites a root `go test ./...` reaches (kube-ovn's test/e2e/, submariner's test/e2e/): folders
    named e2e holding test files, in the root module."""
    nested = [m.rsplit("/", 1)[0] for m in tree.named("go.mod") if "/" in m]
    found = {
        m.group(1)
        for f in tree.files
        if f.endswith("_test.go")
        and (m := re.match(r"((?:[\w.-]+/)*e2e)/", f))
        and not any(f.startswith(n + "/") for n in nested)
    }
    return sorted(found)


def _module_of(rel: str, nested: list[str]) -> str:
    """The folder of the module a file belongs to: the deepest nested module holding it, else the root."""
    return max((n for n in nested if rel.startswith(n + "/")), key=len, default=".")


def _commands(k: Knowledge, tree: Tree, commands: list[str], root_main: bool, own: list[str]) -> None:
    nested = _nested_modules(tree, own)
    elsewhere = _elsewhere(tree, own)
    k.command("build", "go build ./...", "go.mod", 60, elsewhere)
    tagged = _tagged_tests(tree)
    # kube-ovn's test/e2e/*/e2e_test.go run against a live cluster: `./...` starts them with the unit tests
    suites = _end_to_end(tree, own)
    e2e = f"{WIDER_RUN} end-to-end suites in {human_list([f'{s}/' for s in suites], 3)}, which need a running "
    e2e += "cluster: name the packages to test"
    notes = (e2e if suites else "", _elsewhere(tree, own, tests=True), tagged)
    k.command("test", "go test ./...", "go.mod", 60, "; ".join(n for n in notes if n))
    # the tests of a module that is not the project's (CloudNativePG's tests/go.mod) are out of any root command's reach
    foreign = [m.rsplit("/", 1)[0] for m in tree.named("go.mod") if "/" in m and m not in own]
    tests = [f for f in tree.files if f.endswith("_test.go") and not any(f.startswith(d + "/") for d in foreign)]
    modules = Counter(_module_of(f, nested) for f in tests)
    # one test is run in the module with the most tests: from the root, `./...` never reaches another module's
    home = max(sorted(modules), key=lambda m: (modules[m], m == "."), default=".")
    tests = [f for f in tests if _module_of(f, nested) == home]
    # kube-vip's testing/e2e holds the most test files, each `//go:build e2e`: without the tag none of them compiles
    untagged = [f for f in tests if not built_on_request((tree.read(f) or "")[:2000])]
    # ocm's test/integration/* run each Ginkgo suite through one `RunSpecs` Test: `-run` picks no single spec there
    suites = {f.rsplit("/", 1)[0] for f in untagged if "/" in f and re.search(r"\bRunSpecs\(", tree.read(f) or "")}
    plain = [f for f in untagged if f.rsplit("/", 1)[0] not in suites]
    if suites and not plain:  # concourse: every package is a Ginkgo suite, whose specs Ginkgo's focus picks
        folder = Counter(f.rsplit("/", 1)[0] for f in untagged if f.rsplit("/", 1)[0] in suites).most_common(1)[0][0]
        k.command("test-one", f"go test ./{folder}/ -ginkgo.focus '<spec text>'", "go.mod", 60,
                  "Ginkgo suites: -run picks only the suite's one Test function")  # fmt: skip
    tests = plain or untagged or tests
    inside = (lambda f: f[len(home) + 1 :]) if home != "." else (lambda f: f)
    tested = [inside(f).rsplit("/", 1)[0] if "/" in inside(f) else "." for f in tests]
    # A package of the module itself: not an example's, not one Go ignores (_dir, testdata).
    own_tested = [t for t in tested if t == "." or (not is_auxiliary(t + "/x") and not re.search(r"(^|/)_", t))]
    # the root package when it has tests (validator's are at the root, not in non-standard/) and no package has more
    # than twice as many; every package when another has (tablewriter's one root test beside sixteen in tests/)
    counts = Counter(own_tested).most_common()
    top = counts[0][1] if counts else 0
    target = f"./{counts[0][0]}/" if top else "./<package dir>/"
    target = ("." if top <= 2 * own_tested.count(".") else "./...") if "." in own_tested else target
    cd = f"cd {home} && " if home != "." else ""
    if suites and not plain:
        pass  # the Ginkgo focus above picks one spec
    elif _gocheck_suites(tree, tests):
        # one Test function hands every suite to gocheck: -run picks that one; gocheck's own flag picks a method
        k.command("test-one", f"{cd}go test {target} -check.f <Suite.TestName>", "go.mod", 60, "gocheck suites")
    else:
        package = counts[0][0] if top and target not in (".", "./...") else "."
        name = _a_test_name(tree, package if home == "." else posixpath.normpath(f"{home}/{package}"))
        if not name and top and counts[0][0] != package:  # compress' root tests are fuzz and benchmarks: zstd's
            package = counts[0][0]
            name = _a_test_name(tree, package if home == "." else posixpath.normpath(f"{home}/{package}"))
            target = f"./{package}/" if name else target
        k.command("test-one", f"{cd}go test {target} -run {name or '<TestName>'}", "go.mod", 60,
                  "-run takes a regular expression of Test names" if name else "")  # fmt: skip
    configs = tree.named(".golangci.yml", ".golangci.yaml", ".golangci.toml", ".golangci.json")
    if configs and all(c.startswith(".trunk/") for c in configs) and tree.has(".trunk/trunk.yaml"):
        # ristretto keeps .golangci.json in .trunk/configs: Trunk runs golangci-lint with it, a bare run would not
        k.command("lint", "trunk check", ".trunk/trunk.yaml", 55, f"runs golangci-lint with {configs[0]}")
    else:
        k.command("lint", "golangci-lint run" if configs else "go vet ./...", "go.mod", 60)
    k.command("format", *formatter(tree), 60)
    if commands:
        # ollama's main command is the root main.go, beside app/cmd/app and cmd/runner
        listed = (["the root package (`go run .`)"] if root_main else []) + commands
        under = " under cmd/" if _under_cmd(commands) and not root_main else ""
        k.fact(
            "go/entry-points",
            "Go commands",
            f"Go commands{under}: {human_list(listed)}.",
            *[_main_file(tree, c) for c in commands[:4]],
        )
        readme = tree.read(tree.first("README.md", "README") or "") or ""
        named = [
            c for c in commands if c.startswith("cmd/") and re.search(rf"\b{re.escape(c.split('/')[-1])}\b", readme)
        ]
        # minio-go's cmd/rdma-test is a test harness that needs a server: not how anyone runs the project
        # connect-go's cmd/protoc-gen-connect-go is a protoc plugin: buf or protoc runs it, nobody by hand
        runnable = [
            c for c in commands if not re.search(r"(test|bench|example|demo)|^protoc-gen-", c.rsplit("/", 1)[-1], re.I)
        ]
        named = [c for c in named if c in runnable]
        # wayback's README names cmd/playback too: cmd/wayback, named for the project, is its program
        own = [c for c in named if c.rsplit("/", 1)[-1].lower() == tree.root.name.lower()]
        named = own or named
        shown = named[0] if named else runnable[0] if len(runnable) == 1 and runnable[0].startswith("cmd/") else ""
        if root_main and shown.rsplit("/", 1)[-1] != tree.root.name:
            shown = ""  # scc's program is its root main.go; cmd/badges is a side server beside it
        if shown and not _built_with_tags(tree):  # go-toml's cmd/gotoml-test-decoder is a harness no doc names
            k.command("run", f"go run ./{shown}{_run_arguments(tree, shown)}", _main_file(tree, shown), 60)
    if root_main and not (commands and shown):
        k.command("run", f"go run .{_run_arguments(tree, '')}", "go.mod", 60)
    elif not commands and (
        shown := _example_programs(tree)
    ):  # termenv: a library, shown in use by examples/hello-world
        listed = human_list([f"{e}/" for e in shown], MAX_EXAMPLES)
        # gofr's examples/http-server reads configs/.env from the folder it runs in: it runs from inside
        inside = tree.has(f"{shown[0]}/.env") or bool(tree.under(f"{shown[0]}/configs"))
        run = f"cd {shown[0]} && go run ." if inside else f"go run ./{shown[0]}"
        body = f"Example programs (package main): {listed}; run one with `{run}`."
        k.fact("go/examples", "Go examples", body, _main_file(tree, shown[0]))


def _example_programs(tree: Tree) -> list[str]:
    """The example programs of a library's own module: example/ or examples/<name>/ folders of `package main`
    without a go.mod of their own (those need `cd` and their own requirements)."""
    found: list[str] = []
    nested = tuple(m.rsplit("/", 1)[0] + "/" for m in tree.named("go.mod") if "/" in m)
    for rel in tree.files:
        parts = rel.split("/")
        if parts[0] not in ("example", "examples", "_examples") or len(parts) > 3 or not rel.endswith(".go"):
            continue
        folder = rel.rsplit("/", 1)[0]
        if folder in found or rel.startswith(nested) or rel.endswith("_test.go"):
            continue  # lipgloss' examples/ is a module of its own: from the root, `go run` cannot reach it
        text = tree.read(rel) or ""
        # avo's examples/add/asm.go is `//go:build ignore`, beside `package add`: a generator `go generate` runs
        if declares_main(text) and not built_on_request(text[:3000]):
            found.append(folder)
    return sorted(found)[:MAX_EXAMPLES]


MAX_EXAMPLES = 5


def _built_with_tags(tree: Tree) -> bool:
    """The task runner builds the commands with build tags (`go build -tags '$(DATABASE)' ./cmd/migrate`): a plain
    `go run` leaves out what the tags bring in (a database driver), so the task runner's build is the way."""
    runners = (tree.read(rel) or "" for rel in ("Makefile", "makefile", "GNUmakefile", "justfile", "Taskfile.yml"))
    return any(re.search(r"\bgo (build|run|install)\b[^\n]*\s-tags\b", text) for text in runners)


def tags_left_out(tree: Tree, command: str) -> bool:
    """`go test` on a folder each of whose test files needs a custom build tag the command does not give (ziti's
    test/integration/suites/common/ is all `//go:build integration`): it compiles no test and passes empty."""
    run = re.match(r"(?:cd ([\w./-]+) && )?go test\b(.*)$", command)
    if not run or re.search(r"\s-tags[ =]", run.group(2)):
        return False
    base = (run.group(1) or ".").strip("/")
    folders = re.findall(r"(?:^|\s)\./([\w./-]+?)/?(\.\.\.)?(?=\s|$)", run.group(2))
    if not folders:
        return False
    for folder, below in folders:
        where = posixpath.normpath(f"{base}/{folder}")
        tests = [f for f in tree.under(where) if f.endswith("_test.go") and (below or f.rsplit("/", 1)[0] == where)]
        if not tests or not all(built_on_request((tree.read(f) or "")[:2000]) for f in tests[:50]):
            return False
    return True
