"""Each ecosystem's fixture repository yields the facts, workflows, rules and style a newcomer needs."""

from __future__ import annotations

import json

import pytest

PYTHON = {
    "pyproject.toml": """
[project]
name = "acme-api"
requires-python = ">=3.11"
dependencies = ["fastapi>=0.110", "SQLAlchemy[asyncio]>=2", "alembic"]
[project.optional-dependencies]
test = ["pytest>=8"]
[project.scripts]
acme = "acme.cli:main"
[tool.ruff]
line-length = 100
[tool.ruff.lint]
select = ["E", "F", "I"]
[tool.pytest.ini_options]
testpaths = ["tests"]
""",
    "uv.lock": "version = 1\n",
    "src/acme/__init__.py": "",
    "src/acme/cli.py": "def main():\n    pass\n",
    "tests/test_api.py": "def test_ok():\n    assert True\n",
    "alembic.ini": "[alembic]\n",
    "migrations/versions/001_init.py": "revision = '001'\n",
    "CLAUDE.md": "# Rules\n\n- Never edit generated files in src/acme/gen.\n- Run `make test` before committing.\n",
    "Makefile": "test:\n\tuv run pytest -q\n\nlint:\n\tuv run ruff check .\n",
    ".github/workflows/ci.yml": "jobs:\n  test:\n    steps:\n      - run: uv sync\n      - run: uv run pytest -q\n",
}
PYTHON_SETUPTOOLS = {
    "setup.py": "from setuptools import setup\nsetup(name='legacy', install_requires=[\n    'Flask>=2',\n    'SQLAlchemy',\n],\n"
    "    tests_require=['pytest'])\n",
    "requirements-dev.txt": "black==24.1\n-r requirements.txt\n",
    "legacy/__init__.py": "",
    "legacy/app_test.py": "def test_app():\n    pass\n",
}
JS_MONOREPO = {
    "package.json": json.dumps(
        {
            "name": "acme",
            "private": True,
            "packageManager": "pnpm@9.1.0",
            "workspaces": ["packages/*"],
            "scripts": {"test": "vitest run", "build": "tsc -b", "lint": "eslint ."},
            "devDependencies": {"vitest": "^1", "typescript": "^5", "eslint": "^9"},
        }
    ),
    "pnpm-workspace.yaml": "packages:\n  - 'packages/*'\n",
    "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
    "tsconfig.json": '{"compilerOptions": {"strict": true}}',
    ".prettierrc": '{"singleQuote": true, "semi": false, "printWidth": 100}',
    "eslint.config.js": "export default [js.configs.recommended, 'plugin:@typescript-eslint/recommended'];\n",
    "packages/web/package.json": json.dumps(
        {
            "name": "@acme/web",
            "description": "The storefront.",
            "scripts": {"test": "vitest run"},
            "dependencies": {"next": "14", "react": "18"},
        }
    ),
    "packages/README.md": "# Packages\n\nEvery deployable lives here. More text follows.\n",
    "packages/web/app/page.tsx": "export default function Page() { return null }\n",
    "packages/web/app/page.test.tsx": "test('renders', () => {})\n",
    "packages/api/package.json": json.dumps(
        {"name": "@acme/api", "dependencies": {"express": "4", "@prisma/client": "5"}}
    ),
    "packages/api/src/server.ts": "import express from 'express'\n",
    "prisma/schema.prisma": 'datasource db { provider = "postgresql" }\n',
    "AGENTS.md": "# Agent notes\n\n- Use pnpm, never npm.\n- Keep components server-side unless they need state.\n",
    ".cursor/rules/testing.mdc": "---\ndescription: tests\n---\n- Every new endpoint gets a supertest test.\n",
}
RUST = {
    "Cargo.toml": '[workspace]\nmembers = ["crates/core", "crates/cli"]\n[workspace.package]\nedition = "2021"\n',
    "crates/core/Cargo.toml": '[package]\nname = "acme-core"\n[dependencies]\nserde = "1"\nsqlx = "0.7"\n',
    "crates/core/src/lib.rs": "pub fn add(a: i32, b: i32) -> i32 { a + b }\n\n#[cfg(test)]\nmod tests {}\n",
    "crates/cli/Cargo.toml": '[package]\nname = "acme-cli"\n[dependencies]\nclap = "4"\ntokio = "1"\n',
    "crates/cli/src/main.rs": "fn main() {}\n",
    "rustfmt.toml": 'max_width = 100\nimports_granularity = "Crate"\n',
    "clippy.toml": 'msrv = "1.70"\n',
    ".windsurfrules": "- Prefer thiserror for library errors and anyhow in binaries.\n",
}
GO = {
    "go.mod": "module github.com/acme/svc\n\ngo 1.22\n\nrequire (\n\tgithub.com/gin-gonic/gin v1.9.1\n"
    "\tgorm.io/gorm v1.25.0\n\tgithub.com/spf13/cobra v1.8.0\n)\n",
    "cmd/svc/main.go": "package main\n\nfunc main() {}\n",
    "internal/store/store.go": "package store\n",
    "internal/store/store_test.go": "package store\n",
    ".golangci.yml": "linters:\n  enable:\n    - errcheck\n    - revive\n",
    "justfile": "test:\n    go test -race ./...\n\nbuild:\n    go build ./cmd/svc\n",
    ".github/copilot-instructions.md": "Always wrap errors with fmt.Errorf and %w.\n",
}
KOTLIN = {
    "settings.gradle.kts": 'rootProject.name = "acme"\ninclude("app", "core")\n',
    "build.gradle.kts": 'plugins { kotlin("jvm") version "1.9.0"; id("org.springframework.boot") version "3.2.0" }\n'
    'dependencies { implementation("org.springframework.boot:spring-boot-starter-data-jpa")\n'
    '  implementation("org.flywaydb:flyway-core")\n  testImplementation("org.junit.jupiter:junit-jupiter") }\n',
    "gradlew": "#!/bin/sh\n",
    "app/src/main/kotlin/App.kt": "@SpringBootApplication\nclass App\n\nfun main(args: Array<String>) {\n"
    "    runApplication<App>(*args)\n}\n",
    "app/src/test/kotlin/AppTest.kt": "class AppTest\n",
    "src/main/resources/db/migration/V1__init.sql": "create table users (id int);\n",
    "CONTRIBUTING.md": "# Contributing\n\n1. Open an issue before a large change.\n2. Every PR needs a test.\n",
}
MAVEN = {
    "pom.xml": "<project><modules><module>service</module></modules><dependencies><dependency>"
    "<artifactId>spring-boot-starter-web</artifactId></dependency><dependency><artifactId>junit-jupiter"
    "</artifactId></dependency></dependencies></project>",
    "mvnw": "#!/bin/sh\n",
    "service/src/main/java/acme/App.java": "@SpringBootApplication\nclass App {}\n",
    "service/src/test/java/acme/AppTest.java": "class AppTest {}\n",
}
RUBY = {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails', '~> 7.1'\ngem 'pg'\ngroup :test do\n  gem 'rspec-rails'\nend\n"
    "gem 'rubocop', require: false\n",
    "Gemfile.lock": "GEM\n",
    "config/application.rb": "module Acme; class Application < Rails::Application; end; end\n",
    "config/routes.rb": "Rails.application.routes.draw do\nend\n",
    "app/models/user.rb": "class User < ApplicationRecord; end\n",
    "db/migrate/20240101000000_create_users.rb": "class CreateUsers < ActiveRecord::Migration[7.1]; end\n",
    "spec/models/user_spec.rb": "RSpec.describe User do; end\n",
    ".rspec": "--require spec_helper\n",
    ".rubocop.yml": "AllCops:\n  TargetRubyVersion: 3.2\nStyle/StringLiterals:\n  EnforcedStyle: double_quotes\n",
}
PHP = {
    "composer.json": json.dumps(
        {
            "require": {"php": "^8.2", "laravel/framework": "^11.0"},
            "require-dev": {"pestphp/pest": "^2", "phpstan/phpstan": "^1", "nunomaduro/collision": "^8"},
            "autoload": {"psr-4": {"App\\": "app/"}},
        }
    ),
    "composer.lock": "{}",
    "phpstan.neon": "parameters:\n  paths: [app]\n",
    "artisan": "#!/usr/bin/env php\n<?php\n",
    "app/Models/User.php": "<?php\nnamespace App\\Models;\nclass User {}\n",
    "database/migrations/2024_01_01_000000_create_users_table.php": "<?php\n",
    "tests/Feature/UserTest.php": "<?php\n",
    "README.md": "# Acme\n\nThe Acme shop.\n\n## Development\n\n```bash\n$ composer install\n$ php artisan migrate --seed\n"
    "$ ./vendor/bin/pest --parallel\n```\n\n```php\necho 'not a command';\n```\n",
    ".php-cs-fixer.php": "<?php\nreturn (new PhpCsFixer\\Config())->setRules(['@PSR12' => true]);\n",
}
CPP = {
    "CMakeLists.txt": "cmake_minimum_required(VERSION 3.20)\nproject(engine CXX)\nset(CMAKE_CXX_STANDARD 20)\n"
    "add_library(core src/core.cpp)\nadd_executable(engine src/main.cpp)\nenable_testing()\n"
    "find_package(GTest REQUIRED)\nadd_test(NAME core_test COMMAND core_test)\n",
    "src/core.cpp": "int add(int a, int b) { return a + b; }\n",
    "src/core.hpp": "int add(int a, int b);\n",
    "src/main.cpp": "int main() { return 0; }\n",
    "tests/core_test.cpp": "#include <gtest/gtest.h>\n",
    ".clang-format": "BasedOnStyle: Google\nColumnLimit: 100\n",
    "scripts/format.sh": "#!/bin/sh\nclang-format -i src/*.cpp src/*.hpp\n",  # the project runs it
    "vcpkg.json": '{"name": "engine"}',
}

CASES = {
    "python": (PYTHON, {
        "languages": ["Python"],
        "python/packaging": ["acme-api", "uv (uv.lock)", "Python >=3.11"],
        "python/stack": ["FastAPI", "SQLAlchemy", "Alembic", "pytest"],
        "python/entry-points": ["`acme` -> acme.cli:main"],
        "layout/tests": ["tests/ (1 file", "test_*.py"],
        "layout/migrations": ["migrations/"],
        "ci": ["GitHub Actions", ".github/workflows/ci.yml", "`uv run pytest -q`"],
        "workflow/test": ["`make test` — from CLAUDE.md"],  # the agent file says it first; CI's step is not repeated
        "workflow/install": ["`uv sync --all-extras`"],
        "workflow/test-one": ["uv run --extra test pytest tests/test_api.py::test_ok"],
        "workflow/lint": ["`make lint`"],
        "workflow/migrate": ["alembic upgrade head"],
        "workflow/run": ["uv run acme"],
        "rules/CLAUDE.md": ["Never edit generated files in src/acme/gen."],
        "style/python": ["ruff", "line length 100", "lint rules E, F, I"],
    }),
    "python-setuptools": (PYTHON_SETUPTOOLS, {
        "python/packaging": ["package manager pip"],
        "python/stack": ["Flask", "SQLAlchemy", "pytest"],
        "workflow/install": ["pip install -e ."],
        "workflow/test": ["`pytest`"],
        "workflow/format": ["black ."],
        "layout/tests": ["beside the source they test (1 file", "*_test.*"],
    }),
    "javascript-monorepo": (JS_MONOREPO, {
        "languages": ["TypeScript"],
        "javascript/packaging": ["pnpm", "monorepo with 2 packages", "public under packages/: api, web",
                                 "TypeScript"],
        "layout/folders": ["packages/ (packages (monorepo), mostly TypeScript", "README: Every deployable lives here."],
        "javascript/stack": ["Next.js", "React", "Express", "Vitest", "Prisma", "prisma/schema.prisma"],
        "workflow/install": ["`pnpm install`"],
        "workflow/test": ["`pnpm test`", "vitest run"],
        "workflow/test-one": ["pnpm --filter @acme/web test <file pattern>"],  # packages/web has its own test script
        "workflow/build": ["`pnpm build`"],
        "workflow/lint": ["`pnpm lint`"],
        "workflow/migrate": ["prisma migrate dev"],
        "rules/AGENTS.md": ["Use pnpm, never npm."],
        "rules/.cursor/rules/testing.mdc": ["supertest"],
        "style/typescript": ["prettier", "singleQuote True", "printWidth 100", "eslint", "strict mode"],
        "layout/tests": ["*.test.*", "beside the source"],
    }),
    "rust": (RUST, {
        "languages": ["Rust"],
        "rust/packaging": ["Cargo workspace of 2 crates", "crates/cli", "edition 2021"],
        "rust/stack": ["Tokio", "serde", "SQLx", "clap"],
        "rust/entry-points": ["crates/cli/src/main.rs"],
        "workflow/test": ["cargo test --workspace"],
        "workflow/test-one": ["cargo test -p acme-"],
        "workflow/lint": ["cargo clippy"],
        "workflow/format": ["cargo +nightly fmt"],  # imports_granularity is a nightly rustfmt option
        "rules/.windsurfrules": ["thiserror"],
        "style/rust": ["rustfmt", "max_width = 100"],
    }),
    "go": (GO, {
        "languages": ["Go"],
        "go/packaging": ["github.com/acme/svc", "Go 1.22"],
        "go/stack": ["Gin", "GORM", "Cobra"],
        "go/entry-points": ["cmd/svc"],
        "workflow/test": ["`just test`", "go test ./..."],
        "workflow/test-one": ["go test ./internal/store/ -run <TestName>"],
        "workflow/lint": ["golangci-lint run"],
        "workflow/run": ["go run ./cmd/svc"],
        "tasks/just": ["test", "build"],
        "rules/.github/copilot-instructions.md": ["fmt.Errorf"],
        "style/go": ["gofmt", "golangci-lint with errcheck, revive"],
        "layout/tests": ["*_test.go"],
    }),
    "kotlin-gradle": (KOTLIN, {
        "languages": ["Kotlin"],
        "jvm/packaging": ["Kotlin project", "Gradle (./gradlew)", "2 modules: app, core", "Spring Boot",
                          "JUnit 5", "Flyway", "migrations in src/main/resources/db/migration"],
        "workflow/test": ["./gradlew test"],
        "workflow/test-one": ["./gradlew :app:test --tests"],
        "workflow/run": ["./gradlew bootRun"],
        "workflow/migrate": ["flywayMigrate"],
        "rules/CONTRIBUTING.md": ["Every PR needs a test."],
    }),
    "java-maven": (MAVEN, {
        "languages": ["Java"],
        "jvm/packaging": ["Java project", "Maven (./mvnw)", "1 module: service", "Spring Boot"],
        "workflow/test": ["./mvnw test"],
        "workflow/test-one": ["./mvnw -pl service test -Dtest=<Class>"],
        "workflow/run": ["./mvnw spring-boot:run"],
    }),
    "ruby": (RUBY, {
        "languages": ["Ruby"],
        "ruby/packaging": ["Bundler", "migrations in db/migrate"],
        "ruby/stack": ["Rails", "RSpec", "ActiveRecord", "PostgreSQL"],
        "ruby/entry-points": ["config/routes.rb"],
        "workflow/install": ["bundle install"],
        "workflow/test": ["bundle exec rspec"],
        "workflow/migrate": ["rails db:migrate"],
        "workflow/lint": ["bundle exec rubocop"],
        "style/ruby": ["RuboCop", "Ruby 3.2", "double_quotes strings"],
        "layout/migrations": ["db/migrate/"],
        "layout/tests": ["spec/", "*_spec.rb"],
    }),
    "php": (PHP, {
        "languages": ["PHP"],
        "php/packaging": ["Composer (composer.lock)", "PHP ^8.2", "database/migrations", "App\\ -> app/"],
        "php/stack": ["Laravel", "Pest"],
        "workflow/install": ["composer install"],
        "workflow/test": ["php artisan test", "vendor/bin/pest"],
        "workflow/migrate": ["`php artisan migrate --seed` — from README.md"],
        "workflow/typecheck": ["phpstan analyse"],
        "style/php": ["PSR12"],
    }),
    "cpp": (CPP, {
        "languages": ["C++"],
        "cpp/build": ["CMake project `engine`", "C++20", "executables engine", "libraries core", "GoogleTest",
                      "vcpkg"],
        "workflow/build": ["cmake -S . -B build"],
        "workflow/test": ["ctest --test-dir build"],
        "workflow/format": ["clang-format"],
        "style/cpp": ["clang-format", "BasedOnStyle Google", "ColumnLimit 100"],
    }),
}  # fmt: skip


@pytest.mark.parametrize("name", list(CASES))
def test_each_ecosystem_yields_what_a_newcomer_needs(make_project, name):
    files, expected = CASES[name]
    repo = make_project(files, name=name)
    learned = {f.key: f.body for f in repo.init().findings}
    for key, fragments in expected.items():
        assert key in learned, f"{name}: nothing learned for {key}; learned {sorted(learned)}"
        for fragment in fragments:
            assert fragment in learned[key], f"{name}/{key}: {fragment!r} not in {learned[key]!r}"


def test_records_land_in_the_workspace_namespaces_with_file_provenance(make_project):
    repo = make_project(PYTHON)
    repo.init()
    fp = repo.store().workspace.fingerprint
    by_key = repo.by_key()
    rule = by_key["rules/CLAUDE.md"]
    assert rule.metadata.namespace == f"account:local/projects/workspace:{fp}/repo_rules"
    assert rule.metadata.provenance.source_files == ["CLAUDE.md"]
    assert {"type": "fact->file", "target": "file:CLAUDE.md"} in [e.model_dump() for e in rule.metadata.edges]
    assert by_key["workflow/test"].metadata.namespace.endswith("/workflows")
    style = by_key["style/python"]
    assert style.metadata.namespace == "account:local/style/python"
    assert {"type": "style->language", "target": "language:python"} in [e.model_dump() for e in style.metadata.edges]
    stack = by_key["python/stack"]
    assert stack.metadata.class_.value == "fact"
    assert stack.metadata.provenance.model_extra["sourceCommit"] == repo.head()
    assert set(stack.metadata.provenance.model_extra["sourceHashes"]) == {"pyproject.toml"}


def test_decisions_come_from_adrs_and_never_from_commit_messages(make_project):
    repo = make_project({
        "docs/adr/0001-use-postgres.md": "# Use PostgreSQL for persistence\n\n## Status\n\nAccepted\n\n"
                                         "## Context\n\nWe need transactions.\n\n## Decision\n\nWe use PostgreSQL 16 "
                                         "with one schema per tenant.\n\n## Consequences\n\nOps must run it.\n",
        "docs/adr/template.md": "# Title\n\n## Decision\n\n...\n",
        "main.go": "package main\n",
    })  # fmt: skip
    repo.write({"rpc.go": "package main\n"})
    sha = repo.commit("Switch internal services from REST to gRPC\n\nWe call services over gRPC instead of REST "
                      "because the schemas are then checked at build time.")  # fmt: skip
    repo.write({"y.go": "package main\n"})
    repo.commit("Switch the logger from logrus to slog")  # a choice with no reason: history, not a decision
    repo.write({"x.go": "package main\n"})
    repo.commit("Fix typo in README")
    learned = {f.key: f for f in repo.init().findings}
    adr = learned["decision/adr/docs/adr/0001-use-postgres.md"]
    assert adr.title == "Use PostgreSQL for persistence"
    assert "Status: Accepted" in adr.body and "one schema per tenant" in adr.body
    assert "Ops must run it" not in adr.body
    assert "decision/adr/docs/adr/template.md" not in learned
    # a commit body that says why is history too: lifted out of its change it misled as often as it helped
    assert not any(sha[:7] in f.body or "gRPC" in f.body for f in learned.values())
    assert not any("Fix typo" in f.body or "logrus" in f.body for f in learned.values())


def test_git_history_gives_commit_conventions_and_active_areas(make_project):
    repo = make_project({"src/auth/jwt.py": "x = 1\n", "docs/a.md": "a\n"}, message="feat(auth): add jwt")
    for i in range(6):
        repo.write({"src/auth/jwt.py": f"x = {i + 2}\n"})
        repo.commit(f"fix(auth): handle expiry case {i}\n\nSigned-off-by: T <t@example.com>")
    repo.write({"docs/a.md": "b\n"})
    repo.commit("docs: explain tokens")
    learned = {f.key: f.body for f in repo.init().findings}
    assert "Conventional Commits" in learned["git/conventions"]
    assert "fix:" in learned["git/conventions"]
    assert "signed off (Signed-off-by trailer, 6 of the last 8): use `git commit -s`" in learned["git/conventions"]
    assert learned["git/active-areas"].startswith("Most active areas in the last 8 commits: src/auth (7 commits)")


def test_an_adr_that_supersedes_another_gets_a_supersedes_edge(make_project):
    repo = make_project({
        "docs/adr/0001-use-bcrypt.md": "# Use bcrypt for passwords\n\n* Status: superseded by "
                                       "[ADR-0002](0002-use-argon2id.md)\n\n## Decision\n\nbcrypt, cost 12.\n",
        "docs/adr/0002-use-argon2id.md": "# Use argon2id for passwords\n\nStatus: accepted\n\n## Decision\n\n"
                                         "argon2id with the OWASP parameters.\n",
        "docs/adr/0003-use-rate-limits.md": "# Rate limits\n\n## Status\n\nAccepted. Supersedes ADR-0009 (never "
                                            "written).\n\n## Decision\n\nLimit logins.\n",
    })  # fmt: skip
    report = repo.init()
    by_key = repo.by_key()
    old, new = by_key["decision/adr/docs/adr/0001-use-bcrypt.md"], by_key["decision/adr/docs/adr/0002-use-argon2id.md"]
    assert {"type": "supersedes", "target": old.id} in [e.model_dump() for e in new.metadata.edges]
    assert "Status: superseded." in old.body and "Status: accepted." in new.body
    third = next(f for f in report.findings if f.key.endswith("0003-use-rate-limits.md"))
    assert third.links == (), "a reference to an ADR that does not exist makes no edge"
