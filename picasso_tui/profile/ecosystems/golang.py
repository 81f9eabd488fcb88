"""Go: modules (and go.work workspaces), notable libraries, commands under cmd/."""

from __future__ import annotations

import re

from picasso_tui.profile.ecosystems.common import classify, stack_facts
from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.walk import Tree

LIBRARIES: dict[str, tuple[str, str]] = {
    "github.com/gin-gonic/gin": ("Gin", "framework"), "github.com/labstack/echo/v4": ("Echo", "framework"),
    "github.com/go-chi/chi/v5": ("chi", "framework"), "github.com/gofiber/fiber/v2": ("Fiber", "framework"),
    "github.com/gorilla/mux": ("gorilla/mux", "framework"), "google.golang.org/grpc": ("gRPC", "framework"),
    "gorm.io/gorm": ("GORM", "database"), "github.com/jmoiron/sqlx": ("sqlx", "database"),
    "github.com/jackc/pgx/v5": ("pgx (PostgreSQL)", "database"), "entgo.io/ent": ("ent", "database"),
    "github.com/golang-migrate/migrate/v4": ("golang-migrate", "migrations"),
    "github.com/pressly/goose/v3": ("goose", "migrations"), "github.com/spf13/cobra": ("Cobra", "cli"),
    "github.com/urfave/cli/v2": ("urfave/cli", "cli"), "github.com/stretchr/testify": ("testify", "test"),
    "github.com/onsi/ginkgo/v2": ("Ginkgo", "test"),
}  # fmt: skip
REQUIRE = re.compile(r"^\s*(?:require\s+)?([a-z0-9.\-]+\.[a-z]+/[^\s]+)\s+v[0-9]", re.MULTILINE)


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    mods = tree.named("go.mod")
    if not mods:
        return k
    text = tree.read(mods[0]) or ""
    module = re.search(r"^module\s+(\S+)", text, re.MULTILINE)
    version = re.search(r"^go\s+(\S+)", text, re.MULTILINE)
    deps: set[str] = set()
    for mod in mods:
        deps |= set(REQUIRE.findall(tree.read(mod) or ""))
    details = [f"module `{module.group(1)}`" if module else "Go module"]
    if version:
        details.append(f"Go {version.group(1)}")
    if tree.has("go.work") or len(mods) > 1:
        details.append(f"{len(mods)} modules: {human_list([m.rsplit('/', 1)[0] if '/' in m else '.' for m in mods])}")
    k.fact(
        "go/packaging",
        f"Go module {module.group(1)}" if module else "Go modules",
        "Go project: " + "; ".join(details) + ".",
        *mods[:3],
    )
    stack_facts(k, "go", "Go", classify(deps, LIBRARIES), mods[:1])
    k.command("build", "go build ./...", "go.mod", 60)
    k.command("test", "go test ./...", "go.mod", 60)
    pkg = next((f.rsplit("/", 1)[0] for f in tree.files if f.endswith("_test.go") and "/" in f), "<package dir>")
    k.command("test-one", f"go test ./{pkg}/ -run <TestName>", "go.mod", 60)
    k.command(
        "lint", "golangci-lint run" if tree.named(".golangci.yml", ".golangci.yaml") else "go vet ./...", "go.mod", 60
    )
    k.command("format", "gofmt -w .", "go.mod", 60)
    commands = sorted({f.rsplit("/", 1)[0] for f in tree.files if re.match(r"^cmd/[^/]+/main\.go$", f)})
    if commands:
        k.fact(
            "go/entry-points",
            "Go commands",
            f"Go commands under cmd/: {human_list(commands)}.",
            *[f"{c}/main.go" for c in commands[:4]],
        )
        k.command("run", f"go run ./{commands[0]}", "cmd/", 60)
    elif tree.has("main.go"):
        k.command("run", "go run .", "main.go", 60)
    return k
