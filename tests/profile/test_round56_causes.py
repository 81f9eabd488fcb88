"""Causes found in the fifty-sixth round: a changelog that says under its first heading that it is no longer kept
(centrifugo's "we do not maintain CHANGELOG.md file"), and a changelog's newest major release a major behind the
Go module's /vN, read as the release an agent should know."""

from __future__ import annotations

import json

from picasso_tui.profile.investigator import investigate
from tests.profile.learned import bodies, workflow

GO_V6 = {"go.mod": "module github.com/acme/relay/v6\n\ngo 1.22\n", "main.go": "package main\n\nfunc main() {}\n"}
BREAKS = "".join(
    f"v{v}.0.0\n======\n\n* Removed the deprecated option {v}; renamed the setting {v}\n* Changed the default {v}\n\n"
    for v in (5, 4, 3)
)


def test_a_changelog_that_says_it_is_not_maintained_is_said_to_have_moved(make_project):
    note = (
        "v5.1.2 and higher\n=================\n\nSince Relay v5.1.2 we do not maintain CHANGELOG.md file.\n\n"
        "All changes may be found on [Relay releases page](https://github.com/acme/relay/releases) on Github.\n\n"
    )
    learned = bodies(make_project, GO_V6 | {"CHANGELOG.md": note + BREAKS}, "relay")
    assert "no longer kept" in learned["rules/changelog"], learned["rules/changelog"]
    assert "history/major-release" not in learned, learned.get("history/major-release")


def test_a_major_release_behind_the_go_modules_major_is_not_the_newest(make_project):
    learned = bodies(make_project, GO_V6 | {"CHANGELOG.md": BREAKS}, "relay")
    assert "history/major-release" not in learned, learned.get("history/major-release")
    v5 = GO_V6 | {"go.mod": "module github.com/acme/relay/v5\n\ngo 1.22\n", "CHANGELOG.md": BREAKS}
    assert "v5.0.0" in bodies(make_project, v5, "relay5")["history/major-release"]


def test_a_cargo_alias_for_rustdoc_is_the_docs_command_and_stands_alone(make_project):
    files = {
        "Cargo.toml": '[package]\nname = "bridge"\nversion = "1.0.0"\n',
        "src/lib.rs": "pub fn a() {}\n",
        ".cargo/config.toml": '[alias]\nbridge-doc = "rustdoc -p bridge --features=sys,serde -- --cfg docsrs"\n',
    }
    said = bodies(make_project, files, "bridge")["workflow/docs"]
    assert said.startswith("To build or preview the docs: `cargo bridge-doc`"), said
    assert "cargo doc --no-deps" not in said, said


def test_a_pretest_linter_and_a_typings_check_are_the_lint_and_type_check_commands(make_project):
    scripts = {
        "pretest": 'npm run prettier --if-present && eslint "lib/**/*.js" "test/**/*.js"',
        "prettier": 'prettier --check "**/*.*"',
        "test": 'tap "test/tap/**/*.js"',
        "typings": "tsc -p types/tsconfig.json",
        "bundle:typings": "tsc --emitDeclarationOnly -d --outDir typings",
    }
    files = {
        "package.json": json.dumps({"name": "logs", "scripts": scripts}),
        "package-lock.json": "{}",
        "lib/logs.js": "module.exports = {};\n",
        "test/tap/logs-test.js": "require('tap').test('a', (t) => t.end());\n",
        "types/tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}}\n',
        "tsconfig.json": '{"compilerOptions": {\n  // "noEmit": true,\n  "declaration": true}}\n',
    }
    learned = bodies(make_project, files, "logs")
    assert learned["workflow/lint"].startswith('To lint: `npx eslint "lib/**/*.js" "test/**/*.js"`'), learned
    said = learned["workflow/typecheck"]
    assert said.startswith("To type-check: `npm run typings`") and "bundle:typings" not in said, said


def test_a_ci_step_that_enters_the_workspace_runs_from_the_root(make_project):
    build = workflow('cd "${{github.workspace}}" && scripts/ci-build.sh meson')
    files = {
        "meson.build": "project('httpd', 'c')\nexecutable('httpd', 'src/server.c')\n",
        "src/server.c": "int main(void) { return 0; }\n",
        "scripts/ci-build.sh": "#!/bin/sh\nmeson setup build && meson compile -C build\n",
        ".github/workflows/ci.yml": build,
    }
    said = bodies(make_project, files, "httpd")["workflow/build"]
    assert "`scripts/ci-build.sh meson`" in said and "cd ." not in said, said


def test_a_folder_an_allow_list_gitignore_lets_back_in_is_read(make_project):
    ignore = "*\n!internal\n!internal/**/*\n!main.go\n!go.mod\n!.gitignore\n"
    code = {f"internal/{name}/{name}.go": f"package {name}\n\nfunc Run() {{}}\n" for name in ("cli", "ui", "cache")}
    files = GO_V6 | {".gitignore": ignore, "notes.txt": "scratch\n"} | code
    learned = bodies(make_project, files, "ticker")
    assert "(4 source files)" in learned["languages"], learned["languages"]
    assert learned["layout/source"].startswith("Main source in internal/"), learned["layout/source"]


def test_a_large_header_under_the_projects_own_notice_is_its_source(make_project):
    notice = "/*\n * Copyright (c) 2017-2026, Patrick Pelissier\n * All rights reserved.\n */\n"
    big = notice + "#define M_CORE 1\n" + "#define M_X(a) (a)\n" * 30_000
    copied = "/*\n * Copyright (c) 2013-2022 Niels Lohmann\n */\n" + "#define J 1\n" * 40_000
    files = {
        "LICENSE": "BSD 2-Clause License\n\nCopyright (c) 2017-2026, Patrick Pelissier\nAll rights reserved.\n",
        "Makefile": "all:\n\t@echo nothing\n",
        "m-core.h": big,
        "m-dict.h": notice + '#include "m-core.h"\n',
        "m-list.h": notice + '#include "m-core.h"\n',
        "third/json.hpp": copied,
    }
    learned = bodies(make_project, files, "mlib")
    assert "(3 source files)" in learned["languages"], learned["languages"]
    assert "largest modules m-core.h" in learned["layout/source"], learned["layout/source"]


def test_a_cargo_subcommand_that_knows_cargo_run_is_run_without_its_name(make_project):
    main = (
        "fn running_as_cargo_cmd() -> bool {\n"
        '    std::env::var("CARGO").is_ok() && std::env::var("CARGO_PKG_NAME").is_err()\n}\n'
        "fn main() { let _a: Args = if running_as_cargo_cmd() { argh::cargo_from_env() } else { argh::from_env() }; }\n"
    )
    manifest = '[package]\nname = "cargo-sweep"\nversion = "0.9.2"\n\n[dependencies]\nargh = "0.1"\n'
    said = bodies(make_project, {"Cargo.toml": manifest, "src/main.rs": main}, "cargo-sweep")["workflow/run"]
    assert "`cargo run -- --help`" in said, said


def test_a_changelog_two_minor_releases_behind_a_crate_below_1_0_is_not_the_changelog_rule(make_project):
    changelog = (
        "# unreleased\n\n- Improved: add a table of renamed crates (#152).\n\n# 0.7.0 (released on 2024-09-25)\n\n"
    )
    changelog += "- Breaking change: do not search in ignored files by default (#137).\n"
    files = {"Cargo.toml": '[package]\nname = "sweep"\nversion = "0.9.2"\n', "src/main.rs": "fn main() {}\n"}
    assert "rules/changelog" not in bodies(make_project, files | {"CHANGELOG.md": changelog}, "sweep")
    kept = files | {"Cargo.toml": '[package]\nname = "sweep"\nversion = "0.8.0"\n', "CHANGELOG.md": changelog}
    assert "rules/changelog" in bodies(make_project, kept, "sweep8")


def test_a_checklist_item_asking_for_a_changelog_entry_is_not_turned_down_by_another_item(make_project):
    template = (
        "# Checklist\n- [ ] Added changelog entry (If there isn't an `#unreleased` section, add one)\n"
        "- [ ] Ran unit tests (`rake test:unit`)\n"
        "- [ ] Unless this PR has a DO NOT MERGE label, it can be deployed if merged to main\n"
    )
    changelog = "".join(f"# 4.{n}.0\n* Fix the thing number {n} in the gateway\n\n" for n in range(38, 30, -1))
    files = {
        "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
        "lib/pay.rb": "module Pay; end\n",
        "CHANGELOG.md": changelog,
        ".github/PULL_REQUEST_TEMPLATE.md": template,
    }
    repo = make_project(files, "pay", message="4.38.0")
    for n in range(12):  # release commits are the only ones to touch the changelog
        changelog = f"# 4.{39 + n}.0\n* Fix the release {n} of the gateway\n\n" + changelog
        repo.write({"CHANGELOG.md": changelog})
        repo.commit(f"4.{39 + n}.0")
    _, findings, _ = investigate(repo.root)
    said = next(f.body for f in findings if f.key == "rules/changelog")
    assert "does not add to it" not in said, said


def test_webpack_output_and_a_php_namespace_folder_named_libs_leave_the_main_source_to_php(make_project):
    php = {f"libs/{area}/{name}.php": "<?php\nnamespace Docs;\nclass X {\n" + "    public $a = 1;\n" * 40 + "}\n"
           for area in ("Format", "Tree", "Console") for name in ("One", "Two", "Three")}  # fmt: skip
    built = {f"themes/site/js/{n}.js": "".join(f"var a{i} = {n!r}.length + {i};\n" for i in range(6_000))
             for n in ("8731", "165", "katex", "mermaid")}  # fmt: skip
    files = (
        php
        | built
        | {
            "composer.json": json.dumps({"name": "docs/docs", "autoload": {"psr-4": {"Docs\\": "libs/"}}}),
            "package.json": json.dumps({"name": "docs", "devDependencies": {"katex": "^0.18.0", "webpack": "^5"}}),
            "themes/site/js/165.js.LICENSE.txt": "/*! KaTeX, MIT licence */\n",
            "src/js/search.js": "export const search = () => 1;\n",
        }
    )
    learned = bodies(make_project, files, "docs")
    assert "Main language: PHP" in learned["languages"], learned["languages"]
    assert learned["layout/source"].startswith("Main source in libs/: 9 PHP files"), learned["layout/source"]


def test_a_virtual_workspaces_version_is_its_project_members(make_project):
    changelog = "# Changelog\n\n## 1.4.0\n\n* Added the loop filter to the engine\n\n## 1.3.0\n\n* Added a tag\n"
    files = {
        "Cargo.toml": '[workspace]\nmembers = ["jinja", "jinja-cli"]\n',
        "jinja/Cargo.toml": '[package]\nname = "jinja"\nversion = "3.1.0"\n',
        "jinja/src/lib.rs": "pub fn render() {}\n",
        "jinja-cli/Cargo.toml": '[package]\nname = "jinja-cli"\nversion = "3.1.0"\n',
        "jinja-cli/src/main.rs": "fn main() {}\n",
        "CHANGELOG.md": changelog,
    }
    assert "rules/changelog" not in bodies(make_project, files, "jinja")
    shared = files | {"Cargo.toml": files["Cargo.toml"] + '\n[workspace.package]\nversion = "1.4.0"\n'}
    shared |= {"jinja/Cargo.toml": '[package]\nname = "jinja"\nversion.workspace = true\n'}
    assert "rules/changelog" in bodies(make_project, shared, "jinja2")


def test_a_pre_release_of_the_next_major_leaves_the_newest_major_release_standing(make_project):
    changelog = "".join(
        f"## {v}.0.0\n\n* Removed the deprecated method {v}; renamed the option {v}\n* Changed the default {v}\n\n"
        for v in (8, 7)
    )
    files = {"Cargo.toml": '[package]\nname = "zipper"\nversion = "9.0.0-pre3"\n', "src/lib.rs": "pub fn a() {}\n"}
    said = bodies(make_project, files | {"CHANGELOG.md": changelog}, "zipper")["history/major-release"]
    assert said.startswith("The latest major release is 8.0.0"), said


def test_a_tools_folder_inside_src_is_code(make_project):
    cpp = "#include <string>\nnamespace shot {\n" + "int draw(int a) { return a + 1; }\n" * 30 + "}\n"
    files = {f"src/tools/{n}/{n}tool.cpp": cpp.replace("draw", n) for n in ("arrow", "circle", "pencil", "text")}
    files |= {f"src/widgets/{n}.cpp": cpp.replace("draw", n) for n in ("panel", "button")}
    files |= {"CMakeLists.txt": "project(shot CXX)\nadd_executable(shot src/main.cpp)\n", "src/main.cpp": cpp}
    files |= {"tools/format.sh": "#!/bin/sh\nclang-format -i src/*.cpp\n"}
    said = bodies(make_project, files, "shot")["layout/source"]
    assert said.startswith("Main source in src/: 7 C++ files") and "tools/ (4)" in said, said


def test_a_webassembly_command_is_no_entry_point_and_a_guide_that_opens_a_shell_in_a_folder_runs_there(make_project):
    readme = (
        "# hl\n\n## Testing lexers\n\nIf you edit some lexers, open a shell in `cmd/hld` and run:\n\n"
        "```shell\ngo run . --csrf-key=securekey\n```\n"
    )
    files = {
        "go.mod": "module example.com/hl\n\ngo 1.22\n",
        "lexer.go": "package hl\n\nfunc Lex() {}\n",
        "cmd/libhlwasm/main.go": "//go:build wasm\n\n// Package main is a WASM library.\npackage main\n\nfunc main() {}\n",
        "cmd/hld/go.mod": "module example.com/hl/cmd/hld\n\ngo 1.22\n",
        "cmd/hld/main.go": "package main\n\nfunc main() {}\n",
        "README.md": readme,
    }
    learned = bodies(make_project, files, "hl")
    assert "libhlwasm" not in learned.get("go/entry-points", "") + learned["go/stack"], learned["go/stack"]
    assert learned["workflow/run"].startswith("To run: `cd cmd/hld && go run . --csrf-key=securekey`"), learned


def test_a_jvm_build_without_a_test_source_set_has_no_test_command(make_project):
    files = {
        "build.gradle": "plugins { id 'application' }\napplication { mainClass = 'app.Main' }\n",
        "settings.gradle": "rootProject.name = 'liftoff'\n",
        "gradlew": "#!/bin/sh\n",
        "src/main/java/app/Main.java": "package app;\npublic class Main { public static void main(String[] a) {} }\n",
        "src/main/resources/generator/ios-Test/main.cpp": "int main() { return 0; }\n",
    }
    learned = bodies(make_project, files, "liftoff")
    assert "workflow/test" not in learned and "workflow/test-one" not in learned, learned.get("workflow/test")
    tested = files | {"src/test/java/app/MainTest.java": "package app;\nclass MainTest { @Test void t() {} }\n"}
    assert bodies(make_project, tested, "liftoff2")["workflow/test"].startswith("To test: `./gradlew test`")


def test_language_modules_and_tools_of_the_projects_package_are_its_source(make_project):
    module = '"""The {0} language."""\n\nfrom tk.lang import common\n\n\nclass {0}(common.Common):\n    code = "{0}"\n'
    files = {f"tk/lang/{code}.py": module.format(code) for code in ("fr", "de", "es", "it")}
    files |= {
        f"tk/storage/{n}.py": f"def read_{n}(path):\n    return open(path).read()\n"
        for n in ("po", "xliff", "ts", "mo")
    }
    files |= {"tk/tools/pocount.py": "def main():\n    return 0\n", "tk/__init__.py": ""}
    files |= {"pyproject.toml": '[project]\nname = "tk"\n', "tools/release.py": "print('release')\n"}
    said = bodies(make_project, files, "tk")["layout/source"]
    assert said.startswith("Main source in tk/: 10 Python files"), said
    assert "lang/ (4)" in said and "tools/ (1)" in said, said


def test_a_format_script_beside_its_fix_only_checks_and_start_dev_is_the_developers_run(make_project):
    scripts = {
        "format": "dotenv -c development -- turbo run format",
        "format:fix": "dotenv -c development -- turbo run format:fix",
        "start:dev": "dotenv -c development -- turbo run start:dev",
        "start": "dotenv -c production -- turbo run start",
    }
    files = {"package.json": json.dumps({"name": "notes", "scripts": scripts}), "yarn.lock": "", "index.js": "x\n"}
    learned = bodies(make_project, files, "notes")
    assert learned["workflow/format"].startswith("To format: `yarn run format:fix`"), learned["workflow/format"]
    assert "`yarn run format` only checks" in learned["workflow/format"], learned["workflow/format"]
    assert learned["workflow/run"].startswith("To run: `yarn run start:dev`"), learned["workflow/run"]


def test_the_guides_target_named_for_the_job_leads(make_project):
    guide = (
        "# Contributing\n\nFix what the linter can fix:\n\n```shell\nmake fix\n```\n\n"
        "Format the code:\n\n```shell\nmake format\n```\n"
    )
    makefile = "fix:\n\truff check --fix kit\n\nformat:\n\truff format .\n\truff check --fix .\n"
    files = {"CONTRIBUTING.md": guide, "Makefile": makefile, "pyproject.toml": '[project]\nname = "kit"\n'}
    said = bodies(make_project, files | {"kit/__init__.py": "x = 1\n"}, "kit")["workflow/format"]
    assert said.startswith("To format: `make format`"), said


def test_an_rdoc_task_named_in_its_first_argument_is_run_by_that_name(make_project):
    rakefile = 'require "rdoc/task"\n\ndesc "Create documentation"\nRake::RDocTask.new("doc") do |rdoc|\n  rdoc.title = "pdf"\nend\n'
    files = {
        "Rakefile": rakefile,
        "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
        "lib/pdf.rb": "module Pdf; end\n",
    }
    assert bodies(make_project, files, "pdf")["workflow/docs"].startswith(
        "To build or preview the docs: `bundle exec rake doc`"
    )


def test_a_make_dev_target_that_installs_or_chains_checks_is_no_run_command(make_project):
    guide = "# Contributing\n\nSet up and start developing:\n\n```shell\nmake dev\n```\n"
    makefile = 'dev:\n\tpoetry install --extras "dev"\n\tpoetry run pre-commit install\n\ntest:\n\tpytest\n'
    pyproject = '[tool.poetry]\nname = "rails"\nversion = "0.1.0"\n\n[tool.poetry.extras]\ndev = []\n'
    files = {"CONTRIBUTING.md": guide, "Makefile": makefile, "pyproject.toml": pyproject, "poetry.lock": ""}
    learned = bodies(make_project, files | {"rails/__init__.py": "x = 1\n"}, "rails")
    assert "make dev" not in learned.get("workflow/run", ""), learned.get("workflow/run")
    assert "`make dev`" in learned["workflow/install"], learned["workflow/install"]
    chain = files | {
        "Makefile": "dev: fmt lint test\n\nfmt:\n\truff format .\n\nlint:\n\truff check .\n\ntest:\n\tpytest\n"
    }
    learned = bodies(make_project, chain | {"rails/__init__.py": "x = 1\n"}, "rails2")
    assert "make dev" not in learned.get("workflow/run", "") + learned.get("workflow/install", ""), learned


def test_benches_of_ordinary_workspace_members_are_the_workspaces_benchmarks(make_project):
    bench = "use criterion::{criterion_group, criterion_main, Criterion};\nfn b(c: &mut Criterion) {}\n"
    bench += "criterion_group!(benches, b);\ncriterion_main!(benches);\n"
    files = {
        "Cargo.toml": '[workspace]\nmembers = ["bus", "variant"]\n',
        "bus/Cargo.toml": '[package]\nname = "bus"\nversion = "5.0.0"\n\n[[bench]]\nname = "benchmarks"\nharness = false\n',
        "bus/src/lib.rs": "pub fn a() {}\n",
        "bus/benches/benchmarks.rs": bench,
        "variant/Cargo.toml": '[package]\nname = "variant"\nversion = "5.0.0"\n',
        "variant/src/lib.rs": "pub fn b() {}\n",
        "variant/benches/encode.rs": bench,
    }
    said = bodies(make_project, files, "bus")["rust/benchmarks"]
    assert said.startswith("Rust benchmarks in the workspace members bus, variant:"), said
    assert "run them with `cargo bench`" in said, said


def test_a_just_dev_recipe_that_only_echoes_is_no_install(make_project):
    justfile = 'dev: check test\n\techo miri cover | xargs -n1 -P2 just\n\t@echo "Complete at $(date)"\n\ncheck:\n'
    justfile += "\tcargo check\n\ntest:\n\tcargo test\n"
    files = {"Justfile": justfile, "Cargo.toml": '[package]\nname = "bits"\nversion = "1.0.0"\n', "src/lib.rs": ""}
    assert "just dev" not in bodies(make_project, files, "bits").get("workflow/install", "")
