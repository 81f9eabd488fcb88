"""Causes found in the fifty-third round: folder sizes short of what git tracks (wasmi's crates/ir/build/,
wintercms' modules/), a folder README's first sentence cut at "e.g.", a Go package named template/ taken for a
generator's templates (terraform-docs)."""

from __future__ import annotations

import re

from tests.profile.learned import bodies, workflow

GO_MOD = "module example.com/tool\n\ngo 1.22\n"


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
    from picasso_tui.profile.investigator import investigate

    _, findings, _ = investigate(repo.root)
    said = next(f.body for f in findings if f.key == "layout/folders")
    assert _count(said, "pkg") == 4, said
    assert _count(said, "tools") == 3, said


def test_a_folder_readme_sentence_is_not_cut_after_an_abbreviation(make_project):
    readme = (
        "# Benchmarks\n\nSystematized replacement for the manual puppeteer script (e.g. used for the blog post).\n"
        "Runs the same battery.\n"
    )
    files = {"go.mod": GO_MOD, "main.go": "package main\n\nfunc main() {}\n", "perf/README.md": readme,
             **{f"perf/run{i}.sh": "#!/bin/sh\necho run\n" for i in range(3)}}  # fmt: skip
    said = bodies(make_project, files, "tool")["layout/folders"]
    assert "README: Systematized replacement for the manual puppeteer script (e.g. used for the blog post)." in said
    assert "(e.g.)" not in said, said


def test_a_long_readme_sentence_is_not_cut_inside_a_parenthesis(make_project):
    readme = (
        "Systematized replacement for the old manual ddev-puppeteer script (e.g. used for the 2023 Docker "
        "performance blog post), run unattended.\n"
    )
    files = {"go.mod": GO_MOD, "main.go": "package main\n\nfunc main() {}\n", "perf/README.md": readme,
             **{f"perf/run{i}.sh": "#!/bin/sh\necho run\n" for i in range(3)}}  # fmt: skip
    said = bodies(make_project, files, "tool")["layout/folders"]
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
