"""Causes found in the fifty-third round: folder sizes short of what git tracks (wasmi's crates/ir/build/,
wintercms' modules/), a folder README's first sentence cut at "e.g.", a Go package named template/ taken for a
generator's templates (terraform-docs)."""

from __future__ import annotations

import re

from picasso_tui.profile.investigator import investigate
from tests.profile.learned import bodies, workflow

GO_MOD = "module example.com/tool\n\ngo 1.22\n"
POM = (
    "<project><artifactId>jool</artifactId><build><defaultGoal>deploy</defaultGoal></build>"
    "<dependencies><dependency><artifactId>junit</artifactId><scope>test</scope></dependency></dependencies></project>\n"
)


def _count(body: str, folder: str) -> int:
    found = re.search(rf"{re.escape(folder)}/ \([^;]*?(\d+) files?", body)
    assert found, body
    return int(found.group(1))


def test_a_folder_counts_the_files_git_tracks_in_its_build_and_vendor_folders(make_project):
    files = {
        "go.mod": GO_MOD,
        "main.go": "package main\n\nfunc main() {}\n",
        **{f"crates/core/m{i}.go": "package core\n" for i in range(5)},
        **{f"crates/ir/build/gen{i}.go": "package build\n" for i in range(4)},
        **{f"crates/web/vendor/lib{i}.js": "var x = 1;\n" for i in range(3)},
        "crates/web/app.min.js": "var y=2;\n",
        **{f"scripts/s{i}.sh": "#!/bin/sh\necho hi\n" for i in range(2)},
        **{f"scripts/build/b{i}.sh": "#!/bin/sh\necho build\n" for i in range(3)},
    }
    said = bodies(make_project, files, "tool")["layout/folders"]
    assert _count(said, "crates") == 13, said
    assert _count(said, "scripts") == 5, said


def test_a_folder_left_untracked_keeps_the_count_the_walk_makes(make_project):
    files = {"go.mod": GO_MOD, "main.go": "package main\n\nfunc main() {}\n",
             **{f"pkg/p{i}.go": "package pkg\n" for i in range(4)}}  # fmt: skip
    repo = make_project(files, name="tool")
    repo.write({f"tools/t{i}.go": "package tools\n" for i in range(3)})  # written after the commit, never added
    _, findings, _ = investigate(repo.root)
    said = next(f.body for f in findings if f.key == "layout/folders")
    assert _count(said, "pkg") == 4, said
    assert _count(said, "tools") == 3, said


def _folders_with_perf_readme(make_project, readme: str) -> str:
    files = {"go.mod": GO_MOD, "main.go": "package main\n\nfunc main() {}\n", "perf/README.md": readme,
             **{f"perf/run{i}.sh": "#!/bin/sh\necho run\n" for i in range(3)}}  # fmt: skip
    return bodies(make_project, files, "tool")["layout/folders"]


def test_a_folder_readme_sentence_is_not_cut_after_an_abbreviation(make_project):
    readme = (
        "# Benchmarks\n\nSystematized replacement for the manual puppeteer script (e.g. used for the blog post).\n"
        "Runs the same battery.\n"
    )
    said = _folders_with_perf_readme(make_project, readme)
    assert "README: Systematized replacement for the manual puppeteer script (e.g. used for the blog post)." in said
    assert "(e.g.)" not in said, said


def test_a_long_readme_sentence_is_not_cut_inside_a_parenthesis(make_project):
    readme = (
        "Systematized replacement for the old manual ddev-puppeteer script (e.g. used for the 2023 Docker "
        "performance blog post), run unattended.\n"
    )
    said = _folders_with_perf_readme(make_project, readme)
    assert "README: Systematized replacement for the old manual ddev-puppeteer script…)" in said, said


TEMPLATE_TEST = """package template

import "testing"

func TestRender(t *testing.T) {
	want := `
	{{- with .Module.Header -}}
		{{ custom . }}
	{{- end -}}
`
	if render(want) == "" {
		t.Fatal("empty")
	}
}
"""


def test_the_tests_of_a_go_package_named_template_are_tests(make_project):
    files = {"go.mod": GO_MOD, "main.go": "package main\n\nfunc main() {}\n",
             "template/template.go": "package template\n\nfunc render(s string) string { return s }\n",
             "template/template_test.go": TEMPLATE_TEST,
             **{f"format/f{i}.go": "package format\n" for i in range(3)},
             **{f"format/f{i}_test.go": "package format\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) {}\n"
                for i in range(3)}}  # fmt: skip
    said = bodies(make_project, files, "tool")["layout/tests"]
    assert said.startswith("4 test files, named *_test.go"), said


def test_a_generator_template_named_like_a_spec_is_no_test(make_project):
    template = "require 'spec_helper'\n\nRSpec.describe <%= class_name %>Decorator do\nend\n"
    files = {"decor.gemspec": "Gem::Specification.new { |s| s.name = 'decor' }\n",
             "lib/decor.rb": "module Decor; end\n" * 10,
             "lib/generators/rspec/templates/decorator_spec.rb": template,
             **{f"spec/m{i}_spec.rb": "RSpec.describe 'M' do\nend\n" for i in range(3)}}  # fmt: skip
    said = bodies(make_project, files, "decor")["layout/tests"]
    assert said.startswith("3 test files"), said


PACKAGE = '{"name": "changesets", "private": true, "scripts": {"test": "jest"}, "devDependencies": {"jest": "^29"}}'
NODE_FILES = {"package.json": PACKAGE, **{f"src/m{i}.js": "module.exports = 1;\n" * 10 for i in range(3)},
              "src/m.test.js": "test('a', () => {});\n"}  # fmt: skip


def test_ci_run_on_pull_requests_alone_is_not_said_to_run_on_pushes(make_project):
    ci = workflow("npm test", job="test").replace("on: [push]", "on:\n  pull_request:\n  merge_group:")
    said = bodies(make_project, {**NODE_FILES, ".github/workflows/ci.yml": ci}, "changesets")["ci"]
    assert said.startswith("CI (GitHub Actions) on pull requests only (not on pushes): .github/workflows/ci.yml"), said
    assert "on a push" not in said, said


def test_ci_with_one_pull_request_workflow_beside_a_push_one_says_which(make_project):
    pulls = workflow("npm run lint", job="lint").replace("on: [push]", "on: [pull_request]")
    files = {**NODE_FILES, ".github/workflows/ci.yml": workflow("npm test", job="test"),
             ".github/workflows/lint.yml": pulls}  # fmt: skip
    said = bodies(make_project, files, "changesets")["ci"]
    assert said.startswith("CI (GitHub Actions) on a push or pull request unless said otherwise:"), said
    assert ".github/workflows/lint.yml (jobs lint), on pull requests only" in said, said


def test_a_workflow_a_push_deploy_calls_is_not_said_to_run_on_pull_requests_only(make_project):
    checks = workflow("npm test", job="build").replace("on: [push]", "on:\n  pull_request:\n  workflow_call:")
    deploy = (
        "on:\n  push:\n    branches: [develop]\njobs:\n  check:\n    uses: ./.github/workflows/check-and-build.yml\n"
        "  deploy:\n    needs: check\n    runs-on: ubuntu-latest\n    steps:\n      - run: ./deploy.sh\n"
    )
    files = {**NODE_FILES, ".github/workflows/check-and-build.yml": checks,
             ".github/workflows/deploy-test.yml": deploy}  # fmt: skip
    said = bodies(make_project, files, "tusky")["ci"]
    assert said.startswith("CI (GitHub Actions) on a push or pull request:"), said
    assert "pull requests only" not in said, said


def test_the_tests_a_cookiecutter_template_writes_are_not_the_projects(make_project):
    files = {"pyproject.toml": '[project]\nname = "kedro"\n', **{f"kedro/m{i}.py": "x = 1\n" * 10 for i in range(3)},
             **{f"tests/test_m{i}.py": "def test_a():\n    pass\n" for i in range(3)},
             "kedro/templates/project/{{ cookiecutter.repo_name }}/tests/test_run.py": "def test_run():\n    pass\n",
             "features/starter/{{ cookiecutter.repo_name }}/tests/test_run.py": "def test_run():\n    pass\n"}  # fmt: skip
    said = bodies(make_project, files, "kedro")["layout/tests"]
    assert said.startswith("3 test files, named test_*.py; they live in tests/"), said
    assert "cookiecutter" not in said, said


def test_ci_linting_with_standardrb_decides_over_a_rubocop_config_that_requires_standard(make_project):
    config = "require:\n  - standard\n  - rubocop-performance\n\ninherit_gem:\n  standard: .standard.yml\n"
    files = {"langchain.gemspec": "Gem::Specification.new { |s| s.name = 'langchainrb' }\n",
             "Gemfile": 'source "https://rubygems.org"\ngemspec\ngem "standard", ">= 1.35.1"\ngem "rspec"\n',
             ".rubocop.yml": config, ".standard.yml": "ruby_version: 3.1\n",
             ".github/workflows/ci.yml": workflow("bundle exec standardrb --format progress", job="linters"),
             **{f"lib/langchain/m{i}.rb": "module Langchain; end\n" * 10 for i in range(3)},
             "spec/m_spec.rb": "RSpec.describe 'M' do\nend\n"}  # fmt: skip
    learned = bodies(make_project, files, "langchainrb")
    assert learned["workflow/lint"].startswith("To lint: `bundle exec standardrb`"), learned["workflow/lint"]
    assert learned["workflow/format"].startswith("To format: `bundle exec standardrb --fix`"), learned[
        "workflow/format"
    ]
    assert learned["style/ruby"] == "Ruby style in this project: Standard (standardrb, RuboCop's rules).", learned[
        "style/ruby"
    ]


GLAUTH_MAKEFILE = """run: setup devrun

vet:
\tgo vet ./...

test: vet
\tgo test ./...

build:
\tgo build -o bin/glauth .

devrun:
\tgo run . -c sample-simple.cfg

setup:
\tgo mod download
"""


def test_a_makefile_beside_the_only_build_in_a_folder_runs_there(make_project):
    files = {"README.md": "# glauth\n", "v2/go.mod": "module github.com/glauth/glauth/v2\n\ngo 1.22\n",
             "v2/Makefile": GLAUTH_MAKEFILE, "v2/main.go": "package main\n\nfunc main() {}\n",
             **{f"v2/internal/m{i}.go": "package internal\n" for i in range(3)}}  # fmt: skip
    learned = bodies(make_project, files, "glauth")
    assert learned["workflow/run"].startswith("To run: `cd v2 && make run` — from v2/Makefile"), learned["workflow/run"]
    assert "`cd v2 && make vet`" in learned["workflow/lint"], learned["workflow/lint"]
    assert learned["workflow/test"].startswith("To test: `cd v2 && make test`"), learned["workflow/test"]


def test_a_makefile_at_the_root_keeps_its_targets_at_the_root(make_project):
    files = {"Makefile": GLAUTH_MAKEFILE, "v2/go.mod": "module github.com/glauth/glauth/v2\n\ngo 1.22\n",
             "v2/Makefile": "test:\n\tgo test ./...\n", "v2/main.go": "package main\n\nfunc main() {}\n"}  # fmt: skip
    learned = bodies(make_project, files, "glauth")
    assert learned["workflow/run"].startswith("To run: `make run` — from Makefile"), learned["workflow/run"]


SETTINGS = 'rootProject.name = "qupath"\ninclude("qupath-core", "qupath-gui-fx")\n'


def _gradle_project(root_build: str, extra: dict[str, str]) -> dict[str, str]:
    return {"settings.gradle.kts": SETTINGS, "build.gradle.kts": root_build, "gradlew": "#!/bin/sh\n",
            **{f"qupath-core/src/main/java/qupath/M{i}.java": "class M {}\n" * 10 for i in range(3)},
            "qupath-core/build.gradle.kts": 'plugins { id("java-library") }\n',
            "qupath-gui-fx/build.gradle.kts": 'plugins { id("java-library") }\n',
            "qupath-core/src/test/java/qupath/MTest.java": "class MTest {}\n", **extra}  # fmt: skip


def test_the_application_plugin_of_a_buildsrc_convention_runs_the_app(make_project):
    convention = 'plugins {\n    application\n}\n\napplication {\n    mainClass = "qupath.QuPath"\n}\n'
    files = _gradle_project('plugins {\n    id("qupath.application-conventions")\n}\n',
                            {"buildSrc/src/main/kotlin/qupath.application-conventions.gradle.kts": convention})  # fmt: skip
    said = bodies(make_project, files, "qupath")["workflow/run"]
    assert said == "To run: `./gradlew run` — from build.gradle.kts (application plugin).", said


def test_the_one_module_with_the_application_plugin_is_run_by_its_path(make_project):
    files = _gradle_project('plugins { id("base") }\n',
                            {"qupath-gui-fx/build.gradle.kts": "plugins {\n    id 'application'\n}\n"})  # fmt: skip
    said = bodies(make_project, files, "qupath")["workflow/run"]
    assert said.startswith("To run: `./gradlew :qupath-gui-fx:run`"), said


def test_an_android_application_is_no_gradle_application(make_project):
    files = _gradle_project('plugins { id("com.android.application") }\n', {})
    assert "workflow/run" not in bodies(make_project, files, "qupath")


def test_a_kconfig_build_is_configured_before_it_builds(make_project):
    makefile = "all: swupdate\n\n%config: scripts_basic FORCE\n\t$(KCONFIGLIB)/menuconfig.py\n\nswupdate:\n\tcc -o swupdate core/main.c\n"
    files = {"Kconfig": 'mainmenu "SWUpdate"\n', "Makefile": makefile, "core/main.c": "int main(void) { return 0; }\n",
             "configs/raspi_defconfig": "CONFIG_X=y\n", "configs/test_defconfig": "CONFIG_Y=y\n"}  # fmt: skip
    learned = bodies(make_project, files, "swupdate")
    said = learned["workflow/build"]
    assert said.startswith("To build: `make` (after configuring it: `make menuconfig` writes the .config it needs, "
                           "or start from one of configs/' 2 defconfigs with `make test_defconfig`)"), said  # fmt: skip
    assert "workflow/install" not in learned, learned["workflow/install"]
    assert learned["cpp/build"].startswith("C project: Kconfig options and Kbuild Makefiles"), learned["cpp/build"]


def test_a_makefile_with_config_targets_but_no_kconfig_is_not_configured_so(make_project):
    makefile = "all: tool\n\n%config:\n\t./configure $@\n\ntool:\n\tcc -o tool main.c\n"
    files = {"Makefile": makefile, "main.c": "int main(void) { return 0; }\n"}
    assert "menuconfig" not in bodies(make_project, files, "tool").get("workflow/build", "")


def test_a_folder_readme_opening_with_a_licence_header_is_described_by_its_prose(make_project):
    readme = (
        "# SPDX-FileCopyrightText: 2013-2021 Stefano Babic\n#\n# SPDX-License-Identifier: GPL-2.0-only\n\n"
        "Documentation is written in Restructured Text.\n"
    )
    files = {"Makefile": "all:\n\tcc -o tool main.c\n", "main.c": "int main(void) { return 0; }\n",
             "doc/README": readme, **{f"doc/p{i}.rst": "Title\n=====\n\nText.\n" for i in range(3)}}  # fmt: skip
    said = bodies(make_project, files, "swupdate")["layout/folders"]
    assert "README: Documentation is written in Restructured Text." in said, said
    assert "SPDX" not in said, said


def test_a_submodule_fetched_over_the_git_protocol_is_named_by_host_and_path(make_project):
    modules = '[submodule "gnulib"]\n\tpath = gnulib\n\turl = git://git.savannah.gnu.org/gnulib.git\n'
    files = {".gitmodules": modules, "Makefile": "all:\n\tcc -o tool main.c\n", "main.c": "int main(void) {}\n"}
    said = bodies(make_project, files, "collectd")["git/submodules"]
    assert said.startswith("Git submodules (.gitmodules): gnulib (git.savannah.gnu.org/gnulib)."), said


def test_a_deploying_default_goal_at_the_root_is_no_test_command(make_project):
    files = {"pom.xml": POM, "src/main/java/org/jooq/lambda/Seq.java": "class Seq {}\n" * 20,
             "src/test/java/org/jooq/lambda/SeqTest.java": "import org.junit.Test;\nclass SeqTest { @Test void a() {} }\n"}  # fmt: skip
    said = bodies(make_project, files, "jOOL")["workflow/test"]
    assert said.startswith("To test: `mvn test`"), said
    assert "default goal: deploy" not in said, said


def test_a_compiler_written_partly_in_its_own_language_counts_it(make_project):
    files = {**{f"src/libponyc/m{i}.c": "int m(void) { return 0; }\n" * 20 for i in range(3)},
             **{f"packages/builtin/p{i}.pony": "actor Main\n  new create(env: Env) => None\n" * 20 for i in range(4)},
             "CMakeLists.txt": "project(ponyc C)\n"}  # fmt: skip
    said = bodies(make_project, files, "ponyc")["languages"]
    assert said.startswith("Languages by share of source: Pony "), said


def test_a_workflow_whose_triggers_are_commented_out_is_not_ci(make_project):
    off = workflow("./run-mutation-tests.sh", job="test").replace("on: [push]", "name: Mull\n# on:\n# pull_request:")
    files = {**NODE_FILES, ".github/workflows/ci.yml": workflow("npm test", job="test"),
             ".github/workflows/mull-20.04.yml": off}  # fmt: skip
    said = bodies(make_project, files, "mull")["ci"]
    assert "mull-20.04.yml (" not in said, said
    assert "Not read for commands: mull-20.04.yml." in said, said


def _active_areas(repo) -> str:
    _, findings, _ = investigate(repo.root)
    return next(f.body for f in findings if f.key == "git/active-areas")


def test_commits_to_a_folder_gone_since_count_in_the_area_its_files_moved_to(make_project):
    repo = make_project({"lib/agenda/a.ts": "export const a = 1;\n", "README.md": "# agenda\n"}, name="agenda")
    for i in range(12):
        repo.write({"lib/agenda/a.ts": f"export const a = {i};\n"}).commit(f"Change a {i}")
    (repo.root / "packages").mkdir()
    repo.git("mv", "lib/agenda", "packages/agenda")
    repo.commit("Move agenda into packages")
    for i in range(12):
        repo.write({"packages/agenda/b.ts": f"export const b = {i};\n", "docs/d.md": f"{i}\n"}).commit(f"Change b {i}")
    said = _active_areas(repo)
    area = re.search(r"packages \((\d+) commits; packages/agenda in (\d+)", said) or re.search(
        r"packages/agenda \((\d+) commits\)()", said
    )
    assert area, said
    if area.group(2):
        assert int(area.group(2)) <= int(area.group(1)), said
    assert "with the commits made before they moved (from lib/ into packages/)" in said, said


BAZEL_FILES = {
    "MODULE.bazel": 'module(name = "mull")\nbazel_dep(name = "rules_cc", version = "0.1.1")\n',
    ".bazelversion": "8.6.0\n", "BUILD": 'cc_library(name = "core", srcs = glob(["lib/**/*.cpp"]))\n',
    "tests/unit/BUILD": 'cc_test(name = "unit", srcs = glob(["*.cpp"]))\n',
    **{f"lib/m{i}.cpp": "int m() { return 0; }\n" * 10 for i in range(3)},
    "tests/unit/m_test.cpp": "int t() { return 0; }\n",
    "rust/Cargo.toml": '[package]\nname = "mull-rust"\nversion = "0.1.0"\n', "rust/src/lib.rs": "",
}  # fmt: skip


def test_a_bazel_workspace_with_no_other_build_is_built_and_tested_with_bazel(make_project):
    learned = bodies(make_project, BAZEL_FILES, "mull")
    assert learned["workflow/build"].startswith("To build: `bazel build //...` (Bazel 8.6.0 as .bazelversion pins it)")
    assert learned["workflow/test"].startswith("To test: `bazel test //...`"), learned["workflow/test"]
    assert (
        learned["bazel/build"]
        == "Bazel is the build: bzlmod (MODULE.bazel), with BUILD files that declare the targets."
    )
    assert not any(key.startswith("rust/") for key in learned), sorted(learned)  # rust/ is no project of its own


def test_a_bazel_file_beside_cmake_that_ci_never_runs_adds_nothing(make_project):
    files = {**BAZEL_FILES, "CMakeLists.txt": "project(x CXX)\nadd_library(x lib/m0.cpp)\n",
             ".github/workflows/ci.yml": workflow("cmake -B build", "cmake --build build")}  # fmt: skip
    learned = bodies(make_project, files, "mull")
    assert "bazel" not in learned.get("workflow/build", "") and "bazel/build" not in learned, learned.get(
        "workflow/build"
    )


def test_a_bazel_build_ci_runs_beside_cmake_is_a_second_way(make_project):
    files = {**BAZEL_FILES, "CMakeLists.txt": "project(x CXX)\nadd_library(x lib/m0.cpp)\n",
             ".github/workflows/ci.yml": workflow("cmake -B build", "cmake --build build", "bazel test //...")}  # fmt: skip
    learned = bodies(make_project, files, "mull")
    assert learned["bazel/build"].startswith("Bazel is a second build, which CI runs too"), learned["bazel/build"]
    assert not learned["workflow/build"].startswith("To build: `bazel"), learned["workflow/build"]
