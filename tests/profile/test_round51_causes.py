"""Causes found in the fifty-first round by reading the judgements of sets 233–236, after their measured run: rules
that only point at a guide or at a link (ansible-lint, knip, webauthn-framework), a Maven build read from its test
projects and its profiles (depgraph-maven-plugin, unleash-client-java), a changelog that moved to the release notes,
a pre-commit placeholder read as a Python project (typos), PHP style targets, configure-only builds (rauc, cgdb), a
database set-up line taken for the tests (que), where the tests live (lexbor, koanf, dive) and a Makefile's
`$(shell …)` words read as targets (dive)."""

from __future__ import annotations

from tests.profile.learned import bodies, workflow


def test_pointers_to_a_guide_or_a_lost_link_are_no_rules_or_notes(make_project):
    readme = (
        "# lint\n\nLints playbooks.\n\n# Supported Versions\n\n"
        "The list of the supported versions is available [on this page](https://example.org/RELEASES.md).\n\n"
        "# Contributing\n\nPlease read [Contribution guidelines] if you wish to contribute.\n"
    )
    copilot = "See [AGENTS.md][1].\n\n[1]: ../AGENTS.md\n"
    files = {"README.md": readme, ".github/copilot-instructions.md": copilot, "src/lint.py": "x = 1\n" * 20,
             "AGENTS.md": "# Agents\n\n- Every new rule must come with a test in tests/rules/.\n"}  # fmt: skip
    learned = bodies(make_project, files, "ansible-lint")
    assert "rules/README.md" not in learned, learned.get("rules/README.md")
    assert "rules/.github/copilot-instructions.md" not in learned, learned.get("rules/.github/copilot-instructions.md")
    assert "readme/supported-versions" not in learned, learned.get("readme/supported-versions")
    assert "Every new rule must come with a test" in learned["rules/AGENTS.md"]


def test_a_guide_line_cut_before_its_command_is_not_a_rule(make_project):
    readme = (
        "# gaufrette\n\nA filesystem abstraction layer.\n\n## Development\n\n"
        "- Run tests with `make tests`.\n- You should check for CS violations by using\n"
    )
    files = {"README.md": readme, "src/A.php": "<?php\nclass A {}\n" * 10, "composer.json": '{"name": "k/g"}'}
    said = bodies(make_project, files, "Gaufrette").get("rules/README.md", "")
    assert "by using" not in said, said


MAVEN_PLUGIN_POM = """<project>
  <artifactId>depgraph-maven-plugin</artifactId>
  <version>4.0.4-SNAPSHOT</version>
  <packaging>maven-plugin</packaging>
  <properties><license-maven-plugin.version>4.1</license-maven-plugin.version></properties>
  <build>
    <pluginManagement>
      <plugins>
        <plugin>
          <artifactId>license-maven-plugin</artifactId>
          <configuration><header>src/etc/header.txt</header></configuration>
        </plugin>
        <plugin>
          <artifactId>maven-compiler-plugin</artifactId>
          <configuration><source>1.8</source><target>1.8</target></configuration>
        </plugin>
      </plugins>
    </pluginManagement>
  </build>
  <distributionManagement><repository><id>r</id></repository></distributionManagement>
</project>
"""


def test_a_maven_plugin_is_read_from_its_own_pom_not_its_test_projects(make_project):
    test_pom = "<project><properties><maven.compiler.release>11</maven.compiler.release></properties></project>\n"
    files = {"pom.xml": MAVEN_PLUGIN_POM, "src/etc/header.txt": "Copyright\n",
             "src/main/java/a/GraphMojo.java": "package a;\nclass GraphMojo {}\n" * 5,
             "src/test/java/a/GraphMojoTest.java": "package a;\nclass GraphMojoTest { @Test void t() {} }\n",
             "src/test/projects/reactor-graph/pom.xml": test_pom}  # fmt: skip
    learned = bodies(make_project, files, "depgraph-maven-plugin")
    packaging = learned["jvm/packaging"]
    assert "compiles for Java 8" in packaging and "Java 11" not in packaging, packaging
    assert "a Maven plugin" in packaging, packaging
    # the licence plugin is only configured in <pluginManagement>: no build binds it, so nothing enforces the header
    assert "licence header" not in learned.get("rules/config", ""), learned.get("rules/config")


def test_a_profiles_default_goal_and_a_moved_changelog_say_nothing_of_the_default_build(make_project):
    pom = (
        "<project><artifactId>unleash-client-java</artifactId><version>11.0.3-SNAPSHOT</version>"
        "<profiles><profile><id>publication</id><build><defaultGoal>deploy</defaultGoal></build></profile>"
        "</profiles></project>\n"
    )
    changelog = (
        "# Changelog\n\n**Note:** Since 6.0.1 onwards, we moved the changelog into the release notes of each "
        "version. You will find the details here https://github.com/Unleash/unleash-client-java/releases\n\n"
        + "".join(f"## {v}.0.0\n- Remove the deprecated thing {v}\n- Change the default {v}\n\n" for v in (6, 5, 4))
    )
    release = (
        "on:\n  push:\n    tags: ['v*']\njobs:\n  release:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - id: notes\n        uses: metcalfc/changelog-generator@v4.2.0\n"
        "      - uses: ncipollo/release-action@v1\n        with:\n"
        "          body: ${{ steps.notes.outputs.changelog }}\n"
    )
    files = {"pom.xml": pom, "mvnw": "#!/bin/sh\n", "CHANGELOG.md": changelog,
             ".github/workflows/release_changelog.yml": release,
             "src/main/java/io/A.java": "package io;\nclass A {}\n" * 5,
             "src/test/java/io/ATest.java": "package io;\nclass ATest { @Test void t() {} }\n"}  # fmt: skip
    learned = bodies(make_project, files, "unleash-client-java")
    assert "default goal" not in learned["jvm/packaging"], learned["jvm/packaging"]
    assert "pom.xml <defaultGoal>" not in learned.get("workflow/test", ""), learned.get("workflow/test")
    assert "history/major-release" not in learned, learned.get("history/major-release")
    assert learned["rules/changelog"].startswith("CHANGELOG.md is no longer kept"), learned["rules/changelog"]


def test_a_pre_commit_placeholder_package_is_no_python_project(make_project):
    setup = (
        "from setuptools import setup\n\nsetup(\n    name='pre_commit_placeholder_package',\n    version='0.0.0',\n"
        "    install_requires=['typos==1.48.0'],\n)\n"
    )
    files = {"Cargo.toml": '[package]\nname = "typos"\nversion = "1.48.0"\n', "setup.py": setup,
             ".github/workflows/release-notes.py": "print('notes')\n",
             **{f"src/m{i}.rs": f"pub fn m{i}() -> u8 {{ {i} }}\n" * 20 for i in range(5)}}  # fmt: skip
    learned = bodies(make_project, files, "typos")
    assert not {"python/packaging", "python/stack"} & set(learned), sorted(learned)
    assert "pip install" not in learned.get("workflow/install", ""), learned.get("workflow/install")


def test_php_style_targets_take_their_role_from_the_tool_they_run(make_project):
    makefile = (
        "cs: vendor ## Fix all files using defined ECS rules\n\tvendor/bin/ecs check --fix\n\n"
        "ci-cs: vendor ## Check all files\n\tXDEBUG_MODE=off vendor/bin/ecs check\n\n"
        "vendor: composer.json\n\tcomposer install\n"
    )
    pkg = '{"private": true, "scripts": {"lint": "eslint src", "format": "prettier --write src"}}'
    files = {"Makefile": makefile, "package.json": pkg, "composer.json": '{"name": "w/a"}', "ecs.php": "<?php\n",
             **{f"src/C{i}.php": "<?php\nclass C {}\n" * 20 for i in range(6)}, "src/c.ts": "export {}\n"}  # fmt: skip
    learned = bodies(make_project, files, "webauthn-framework")
    assert learned["workflow/format"].startswith("To format: `make cs`"), learned["workflow/format"]
    assert learned["workflow/lint"].startswith("To lint: `make ci-cs`"), learned["workflow/lint"]


def test_a_configure_step_alone_is_completed_or_left_out_as_the_build(make_project):
    guide = (
        "Contributing\n============\n\nTesting\n-------\n\nTo switch the tests on, use::\n\n"
        "  meson setup -Dtests=true build\n\nTo run all tests, run::\n\n  meson test -C build\n"
    )
    files = {"meson.build": "project('rauc', 'c')\n", "docs/contributing.rst": guide,
             **{f"src/m{i}.c": "int m;\n" * 20 for i in range(4)}}  # fmt: skip
    said = bodies(make_project, files, "rauc")["workflow/build"]
    assert "`meson setup -Dtests=true build && meson compile -C build`" in said, said
    readme = "# cgdb\n\nA curses debugger.\n\n## Development\n\n```\nmkdir ../build\ncd ../build\nmake -srj4\n```\n"
    files = {"configure.ac": "AC_INIT([cgdb], [0.8])\n", "autogen.sh": "#!/bin/sh\n", "README.md": readme,
             **{f"lib/m{i}.cpp": "int m;\n" * 20 for i in range(4)}}  # fmt: skip
    said = bodies(make_project, files, "cgdb")["workflow/build"]
    assert "mkdir -p ../build && cd ../build && make" not in said, said


def test_a_database_created_for_the_tests_is_not_the_test_command(make_project):
    ci = workflow("sudo apt-get -yqq install libpq-dev", "createdb que-test", "bundle install", "bundle exec rake test",
                  job="test")  # fmt: skip
    files = {".github/workflows/tests.yml": ci, "que.gemspec": "Gem::Specification.new { |s| s.name = 'que' }\n",
             "Gemfile": "source 'https://rubygems.org'\ngemspec\n", "lib/que.rb": "module Que; end\n" * 10,
             "spec/que_spec.rb": "describe Que do\n  it 'works' do\n  end\nend\n"}  # fmt: skip
    said = bodies(make_project, files, "que")["workflow/test"]
    assert "createdb" not in said.split(" — ")[0], said


def test_where_the_tests_live_beside_a_suite_of_their_own(make_project):
    files = {"CMakeLists.txt": "project(lexbor C)\n", "source/lexbor/core/a_test.c": "int t;\n",
             "source/lexbor/html/b_test.c": "int t;\n",
             **{f"source/lexbor/m{i}.c": "int m;\n" * 50 for i in range(8)},
             **{f"test/lexbor/suite{i}.c": "int s;\n" * 5 for i in range(16)}}  # fmt: skip
    said = bodies(make_project, files, "lexbor")["layout/source"]
    assert "Its tests are in test/." in said and "beside" not in said, said
    files = {"go.mod": "module github.com/knadh/koanf/v2\n\ngo 1.23\n", "koanf.go": "package koanf\n" * 30,
             **{f"providers/p{i}/p.go": "package p\n" * 10 for i in range(6)},
             **{f"providers/p{i}/p_test.go": "package p\n" for i in range(6)},
             "tests/go.mod": "module koanf_tests\n", **{f"tests/t{i}_test.go": "package t\n" for i in range(4)}}  # fmt: skip
    said = bodies(make_project, files, "koanf")["layout/source"]
    assert "Its tests sit beside the code they test, and in tests/." in said, said


def test_a_go_package_named_docker_is_the_projects_code(make_project):
    files = {"go.mod": "module github.com/wagoodman/dive\n\ngo 1.24\n", "cmd/dive/main.go": "package main\n" * 5,
             **{f"dive/image/docker/f{i}.go": "package docker\n" * 20 for i in range(4)},
             "dive/image/docker/build_test.go": "package docker\n",
             **{f"dive/filetree/f{i}.go": "package filetree\n" * 20 for i in range(3)},
             "dive/filetree/tree_test.go": "package filetree\n"}  # fmt: skip
    said = bodies(make_project, files, "dive")["layout/tests"]
    assert said.startswith("2 test files"), said


def test_shell_words_of_a_make_variable_are_no_targets(make_project):
    makefile = (
        "TASK = .tool/task\n"
        "TASKS := $(shell bash -c \"$(TASK) -l | grep '^\\* ' | cut -d' ' -f2 | tr -d ':'\")\n\n"
        ".PHONY: $(TASKS)\n$(TASKS): $(TASK)\n\t@$(TASK) $@\n\nhelp:\n\t@$(TASK) -l\n"
    )
    files = {"Makefile": makefile, "go.mod": "module m\n\ngo 1.24\n", "main.go": "package main\n" * 10,
             "Taskfile.yaml": "version: '3'\ntasks:\n  lint:\n    cmds:\n      - '{{ .GOLANGCI_LINT }} run'\n",
             ".golangci.yaml": "linters:\n  enable: [govet]\n"}  # fmt: skip
    learned = bodies(make_project, files, "dive")
    assert "`make grep`" not in learned.get("tasks/make", ""), learned.get("tasks/make")
    assert "nothing in the repository runs" not in learned["style/go"], learned["style/go"]


def test_a_workspace_member_named_like_a_benchmark_leaves_clippy_the_linter(make_project):
    ci = (
        workflow("cargo fmt --all -- --check", job="fmt")
        + workflow("cargo clippy --all-features --workspace --exclude=metrics-benchmark", job="clippy").split(
            "jobs:\n", 1
        )[1]
    )
    cargo = '[workspace]\nmembers = ["metrics", "metrics-benchmark"]\n'
    files = {"Cargo.toml": cargo, ".github/workflows/ci.yml": ci,
             "metrics/Cargo.toml": '[package]\nname = "metrics"\nversion = "0.24.0"\n',
             "metrics/src/lib.rs": "pub fn m() {}\n" * 20,
             "metrics-benchmark/Cargo.toml": '[package]\nname = "metrics-benchmark"\nversion = "0.1.0"\n',
             "metrics-benchmark/src/main.rs": "fn main() {}\n"}  # fmt: skip
    said = bodies(make_project, files, "metrics")["workflow/lint"]
    assert said.startswith("To lint: `cargo clippy --all-features --workspace --exclude=metrics-benchmark`"), said
