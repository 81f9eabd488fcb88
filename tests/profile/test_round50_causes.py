"""Causes found in the fiftieth round by reading the misses of sets 221–224, after their measured run: a Deno
project's deno.json(c) tasks read as nothing (oak, typebox), so the profile gave only CI's commands and no way to
run one test."""

from __future__ import annotations

from tests.profile.learned import bodies

OAK_DENO_JSON = """{
  "name": "@oak/oak",
  "version": "17.2.0",
  "lock": false,
  "fmt": { "exclude": ["README.md"] },
  "lint": { "rules": { "exclude": ["no-explicit-any"] } },
  "tasks": {
    "example": "deno run --allow-net examples/echoServer.ts",
    "test": "deno test --allow-read --allow-net --parallel --ignore=npm",
    "test:coverage": "deno test --coverage=./cov --junit-path=junit.xml --allow-read --allow-net"
  }
}
"""


def _oak() -> dict[str, str]:
    return {
        "deno.json": OAK_DENO_JSON,
        "application.ts": "export class Application {}\n",
        "application.test.ts": 'Deno.test("app", () => {});\n',
        "router.ts": "export class Router {}\n",
        "router.test.ts": 'Deno.test("router", () => {});\n',
        "examples/echoServer.ts": "import { Application } from '../mod.ts';\n",
    }


def test_deno_tasks_are_the_commands_and_one_test_keeps_the_permissions(make_project):
    learned = bodies(make_project, _oak(), "oak")
    assert learned["workflow/test"].startswith("To test: `deno task test`")
    one = learned["workflow/test-one"]
    assert one.startswith("To run one test: `deno test --allow-read --allow-net application.test.ts`"), one
    assert "--parallel" not in one and "--ignore" not in one
    assert learned["workflow/run"].startswith("To run: `deno task example`")
    assert learned["workflow/lint"].startswith("To lint: `deno lint`")
    assert learned["workflow/format"].startswith("To format: `deno fmt`")
    packaging = learned["deno/packaging"]
    assert "`@oak/oak` 17.2.0" in packaging and "no install step" in packaging and "no lock file" in packaging


TYPEBOX_DENO_JSONC = """{
  // every task goes through tasks.ts
  "tasks": {
    "bench": "deno run -A tasks.ts bench",     // Benchmarks
    "format": "deno run -A tasks.ts format",   // Formats Code
    "lint": "deno run -A tasks.ts lint",       // Lints Code
    "publish": "deno run -A tasks.ts publish", // Publish Package
    "start": "deno run -A tasks.ts start",     // Run Example
    "test": "deno run -A tasks.ts test",       // Test Project
  },
}
"""


def test_a_deno_jsonc_with_comments_gives_its_tasks_by_name(make_project):
    files = {"deno.jsonc": TYPEBOX_DENO_JSONC, "deno.lock": "{}\n", "tasks.ts": "export {}\n",
             "src/index.ts": "export const a = 1\n", "test/index.ts": "import './a.ts'\n"}  # fmt: skip
    learned = bodies(make_project, files, "typebox")
    assert learned["workflow/test"].startswith("To test: `deno task test`")
    assert learned["workflow/lint"].startswith("To lint: `deno task lint`")
    assert learned["workflow/format"].startswith("To format: `deno task format`")
    assert learned["workflow/run"].startswith("To run: `deno task start`")
    assert "deno task publish" not in "".join(v for k, v in learned.items() if k.startswith("workflow/"))
    assert "deno task bench" in learned["deno/benchmarks"]
    assert "deno.lock pins them" in learned["deno/packaging"]
    assert "workflow/install" not in learned  # nothing to install: Deno fetches the imports


def test_a_deno_json_beside_a_package_json_leaves_the_commands_to_node(make_project):
    files = {"package.json": '{"name": "h", "scripts": {"test": "vitest"}, "devDependencies": {"vitest": "1"}}',
             "deno.json": '{"tasks": {"test": "deno test -A"}}', "src/index.ts": "export const a = 1\n",
             "src/index.test.ts": "import { test } from 'vitest'\ntest('a', () => {})\n"}  # fmt: skip
    learned = bodies(make_project, files, "hono")
    assert "deno/packaging" not in learned
    assert "deno task" not in learned["workflow/test"]
