"""Write the evaluation transcripts (cases/<name>/transcript.jsonl) and manifest.json from sessions_*.py.

    python tests/eval/writeback/make_transcripts.py

The output is committed; re-running it reproduces the same bytes (uuids and timestamps are derived
from the case name). Labels (cases/<name>/labels.json) are written by hand and never generated.
The dev / held_out split was fixed before the write-back pipeline was run on any case.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import sessions_codex as cx  # noqa: E402
import sessions_go_rust as gr  # noqa: E402
import sessions_jvm_ruby as jr  # noqa: E402
import sessions_python as py  # noqa: E402
import sessions_python_more as pym  # noqa: E402
import sessions_ts as ts  # noqa: E402

PY = ["pyproject.toml", "tests/conftest.py"]
TS = ["package.json", "pnpm-workspace.yaml", "tsconfig.json"]


@dataclass
class Case:
    build: Callable[[], object]
    agent: str
    split: str
    origin: str
    files: list[str]
    what: str
    guard: bool = False  # part of the default test run's subset
    tags: list[str] = field(default_factory=list)


CASES: list[Case] = [
    # ---- dev ---------------------------------------------------------------------------------
    Case(
        py.httpx_timeout,
        "claude",
        "dev",
        "https://github.com/encode/httpx.git",
        [*PY, "httpx/__init__.py", "httpx/_client.py", "httpx/_config.py", "tests/client/test_client.py"],
        "Python bug fix, red-green, ruff import-order failure fixed, user names CI checks",
        guard=True,
    ),
    Case(
        py.flask_config_tests,
        "claude",
        "dev",
        "https://github.com/pallets/flask.git",
        [*PY, "src/flask/__init__.py", "src/flask/cli.py", "tests/test_cli.py"],
        "Python test, user forbids mocks in these tests",
    ),
    Case(
        py.pydantic_question,
        "claude",
        "dev",
        "https://github.com/pydantic/pydantic.git",
        [*PY, "pydantic/__init__.py", "pydantic/functional_validators.py"],
        "pure question, agent chit-chat; nothing to keep",
    ),
    Case(
        py.saleor_env_secret,
        "claude",
        "dev",
        "https://github.com/saleor/saleor.git",
        [*PY, "saleor/__init__.py", "saleor/payment/tests/test_stripe_webhooks.py", "docker-compose.yml", ".env"],
        "secrets in a cat .env, stack trace, transient PyPI timeout; tests need the db container",
        guard=True,
    ),
    Case(
        ts.vue_pnpm,
        "claude",
        "dev",
        "https://github.com/vuejs/core.git",
        [
            *TS,
            "packages/runtime-core/src/helpers/useModel.ts",
            "packages/runtime-core/__tests__/helpers/useModel.spec.ts",
        ],
        "TS fix; npm install fails, user: we use pnpm not npm (interrupt)",
        guard=True,
    ),
    Case(
        gr.gin_toml,
        "claude",
        "dev",
        "https://github.com/gin-gonic/gin.git",
        ["go.mod", "go.sum", "context.go", "binding/yaml.go", "binding/binding.go", "context_test.go"],
        "Go feature with a dependency add; user: always -race",
    ),
    Case(
        gr.ripgrep_unwrap,
        "claude",
        "dev",
        "https://github.com/BurntSushi/ripgrep.git",
        [
            "Cargo.toml",
            "Cargo.lock",
            "crates/printer/Cargo.toml",
            "crates/printer/src/standard.rs",
            "crates/core/main.rs",
        ],
        "Rust refactor; user: no unwrap() in library code; cargo fmt check fails then fixed",
    ),
    Case(
        gr.clap_plan,
        "claude",
        "dev",
        "https://github.com/clap-rs/clap.git",
        [
            "Cargo.toml",
            "Makefile",
            "clap_builder/Cargo.toml",
            "clap_builder/src/parser/parser.rs",
            "tests/builder/action.rs",
        ],
        "plan mode: first plan rejected with a rule, second approved; agent compile error",
        guard=True,
    ),
    Case(
        jr.rubocop_bundle_exec,
        "claude",
        "dev",
        "https://github.com/rubocop/rubocop.git",
        [
            "Gemfile",
            "Gemfile.lock",
            "Rakefile",
            "lib/rubocop.rb",
            "lib/rubocop/cop/style/redundant_parentheses.rb",
            "spec/rubocop/cop/style/redundant_parentheses_spec.rb",
            "changelog/.gitkeep",
        ],
        "Ruby: rspec without bundle exec fails; internal_investigation; changelog rule",
    ),
    Case(
        jr.mastodon_fabricators,
        "claude",
        "dev",
        "https://github.com/mastodon/mastodon.git",
        [
            "Gemfile",
            "Gemfile.lock",
            "app/models/account.rb",
            "app/models/concerns/account/suspensions.rb",
            "spec/models/account_spec.rb",
            "spec/fabricators/account_fabricator.rb",
        ],
        "Ruby: agent uses FactoryBot, user: we use Fabrication",
    ),
    Case(
        jr.kafka_unit_tests,
        "claude",
        "dev",
        "https://github.com/apache/kafka.git",
        [
            "build.gradle",
            "settings.gradle",
            "gradlew",
            "clients/src/main/java/org/apache/kafka/clients/consumer/internals/ClassicKafkaConsumer.java",
            "clients/src/test/java/org/apache/kafka/clients/consumer/KafkaConsumerTest.java",
        ],
        "Java: user names the unit-test task; transient Maven timeout; agent chit-chat",
    ),
    Case(
        jr.junit_javadoc_typo,
        "claude",
        "dev",
        "https://github.com/junit-team/junit-framework.git",
        [
            "build.gradle.kts",
            "settings.gradle.kts",
            "gradlew",
            "junit-jupiter-params/src/main/java/org/junit/jupiter/params/ParameterizedTest.java",
        ],
        "trivial typo fix; nothing to keep",
    ),
    Case(
        cx.fd_format_changelog,
        "codex",
        "dev",
        "https://github.com/sharkdp/fd.git",
        ["Cargo.toml", "Cargo.lock", "CHANGELOG.md", "src/main.rs", "src/fmt/mod.rs", "tests/tests.rs"],
        "Codex (exec_command): clippy failure fixed; user: CHANGELOG rule",
        guard=True,
    ),
    Case(
        cx.cobra_question,
        "codex",
        "dev",
        "https://github.com/spf13/cobra.git",
        ["go.mod", "command.go", "command_test.go"],
        "Codex: pure question; nothing to keep",
    ),
    # ---- held_out ----------------------------------------------------------------------------
    Case(
        py.fastapi_rename,
        "claude",
        "held_out",
        "https://github.com/fastapi/fastapi.git",
        [
            *PY,
            "fastapi/__init__.py",
            "docs_src/path_params/tutorial002.py",
            "tests/test_tutorial/test_path_params/test_tutorial002.py",
        ],
        "trivial rename; nothing to keep",
    ),
    Case(
        pym.celery_chitchat,
        "claude",
        "held_out",
        "https://github.com/celery/celery.git",
        [*PY, "celery/__init__.py", "celery/app/task.py", "t/unit/tasks/test_tasks.py"],
        "docstring typo, file dump, chit-chat; nothing to keep",
    ),
    Case(
        pym.poetry_early_returns,
        "claude",
        "held_out",
        "https://github.com/python-poetry/poetry.git",
        [*PY, "src/poetry/__init__.py", "src/poetry/console/commands/check.py", "tests/console/commands/test_check.py"],
        "accepted edit: keep using early returns",
    ),
    Case(
        pym.rich_mypy,
        "claude",
        "held_out",
        "https://github.com/Textualize/rich.git",
        [*PY, "Makefile", "rich/__init__.py", "rich/text.py", "tests/test_text.py"],
        "mypy --strict failure; user: no type: ignore",
    ),
    Case(
        pym.scrapy_tox,
        "claude",
        "held_out",
        "https://github.com/scrapy/scrapy.git",
        [
            *PY,
            "tox.ini",
            "scrapy/__init__.py",
            "scrapy/utils/_compression.py",
            "tests/test_downloadermiddleware_httpcompression.py",
        ],
        "subagent (sidechain), tox env missing interpreter, compaction, summary line",
    ),
    Case(
        ts.trpc_import_type,
        "claude",
        "held_out",
        "https://github.com/trpc/trpc.git",
        [
            *TS,
            "packages/server/src/adapters/fetch/types.ts",
            "packages/server/src/adapters/fetch/fetchRequestHandler.test.ts",
        ],
        "TS lint failure; user: always import type",
    ),
    Case(
        ts.calcom_no_db_mock,
        "claude",
        "held_out",
        "https://github.com/calcom/cal.com.git",
        [
            "package.json",
            "yarn.lock",
            "tsconfig.json",
            "packages/core/getBusyTimes.ts",
            "tests/libs/__mocks__/prisma.ts",
        ],
        "TS: user: don't mock the database, use prismock",
    ),
    Case(
        gr.prometheus_assets,
        "claude",
        "held_out",
        "https://github.com/prometheus/prometheus.git",
        ["go.mod", "Makefile", "web/api/v1/api.go", "web/api/v1/api_test.go", "web/ui/ui.go"],
        "Go: web tests need built UI assets; commit-prefix convention",
    ),
    Case(
        gr.axum_extractor_decision,
        "claude",
        "held_out",
        "https://github.com/tokio-rs/axum.git",
        [
            "Cargo.toml",
            "axum/Cargo.toml",
            "axum/src/lib.rs",
            "examples/request-id/Cargo.toml",
            "examples/request-id/src/main.rs",
        ],
        "decision taken in conversation, no plan tool",
    ),
    Case(
        gr.bubbletea_golangci,
        "claude",
        "held_out",
        "https://github.com/charmbracelet/bubbletea.git",
        ["go.mod", "options.go", "options_test.go", "standard_renderer.go", ".golangci.yml"],
        "Go: user: from now on run golangci-lint; agent typo",
    ),
    Case(
        jr.springboot_plan,
        "claude",
        "held_out",
        "https://github.com/spring-projects/spring-boot.git",
        [
            "build.gradle",
            "settings.gradle",
            "gradlew",
            "spring-boot-project/spring-boot/src/main/java/org/springframework/boot/jdbc/DataSourceBuilder.java",
            "spring-boot-project/spring-boot-autoconfigure/src/main/java/org/springframework/boot/autoconfigure/jdbc/DataSourceConfiguration.java",
        ],
        "plan approved mid-way; checkFormat failure fixed with ./gradlew format",
        guard=True,
    ),
    Case(
        jr.factorybot_standard,
        "claude",
        "held_out",
        "https://github.com/thoughtbot/factory_bot.git",
        [
            "Gemfile",
            "Rakefile",
            "factory_bot.gemspec",
            "lib/factory_bot.rb",
            "lib/factory_bot/linter.rb",
            "spec/factory_bot/linter_spec.rb",
        ],
        "Ruby: user: we use standard, not rubocop",
    ),
    Case(
        cx.click_tmp_path,
        "codex",
        "held_out",
        "https://github.com/pallets/click.git",
        [*PY, "src/click/__init__.py", "src/click/types.py", "tests/test_types.py", "requirements/tests.txt"],
        "Codex (shell tool): not installed -> pip install -e; user: tmp_path not tmpdir",
    ),
    Case(
        cx.tailwind_oxide,
        "codex",
        "held_out",
        "https://github.com/tailwindlabs/tailwindcss.git",
        [
            "package.json",
            "pnpm-workspace.yaml",
            "Cargo.toml",
            "crates/oxide/Cargo.toml",
            "crates/oxide/src/extractor/pre_processors/mod.rs",
            ".env.local",
        ],
        "Codex: token in cat .env.local, transient ECONNRESET; user names the oxide test command",
        guard=True,
    ),
]


def main() -> None:
    manifest = []
    for case in CASES:
        session = case.build()
        name = session.name  # type: ignore[attr-defined]
        session.save(HERE / "cases" / name / "transcript.jsonl")  # type: ignore[attr-defined]
        manifest.append(
            {
                "name": name,
                "agent": case.agent,
                "split": case.split,
                "guard": case.guard,
                "origin": case.origin,
                "cwd": session.cwd,  # type: ignore[attr-defined]
                "files": case.files,
                "what": case.what,
            }
        )
    (HERE / "manifest.json").write_text(json.dumps({"cases": manifest}, indent=1) + "\n")
    splits = [c["split"] for c in manifest]
    print(f"{len(manifest)} cases: {splits.count('dev')} dev, {splits.count('held_out')} held_out")


if __name__ == "__main__":
    main()
