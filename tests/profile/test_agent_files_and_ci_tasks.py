"""Round nineteen of general fixes (issue 17), from the causes of the eighteenth held-out set: commands the agent
files give, Bundler without a Gemfile, git hooks are not an install, packaging workflows, the project's own tasks in
the CI fact, bundled scripts in a Java project's resources, a demo's tools, and lines that only point to the guide."""

from __future__ import annotations

from tests.profile.learned import bodies


def test_the_agent_file_gives_commands_and_git_hooks_are_not_the_install(make_project):
    agents = "# Agents\n\n- Install: `pip install --group test -e .`\n- Run the tests with `pytest`; use `uv run` as you like.\n"
    guide = "# Contributing\n\nSet up the hooks:\n\n```\npre-commit install\n```\n"
    files = {
        "pyproject.toml": '[project]\nname = "aio"\n\n[dependency-groups]\ntest = ["pytest"]\n',
        "src/aio/__init__.py": "",
        "tests/test_a.py": "def test_a():\n    pass\n",
        "AGENTS.md": agents,
        "docs/contributing.rst": guide.replace("```\n", ""),
        "CONTRIBUTING.md": guide,
    }
    learned = bodies(make_project, files, name="aio")
    assert learned["workflow/install"].startswith("To install: `pip install --group test -e .` — from AGENTS.md")
    assert "`pre-commit install` (CONTRIBUTING.md)" in learned["workflow/install"]  # an alternative, not the lead
    assert "workflow/run" not in learned  # `uv run` named alone runs nothing


def test_ci_lists_the_projects_own_tasks_and_reads_no_install_workflow(make_project):
    ci = (
        "on: [push, pull_request]\njobs:\n  tests:\n    steps:\n      - run: bundle exec rake spec_ci\n"
        "      - run: cargo run -p xtask -- ci\n      - run: mvn clean install -DskipTests\n"
    )
    install = "on: [push]\njobs:\n  installed:\n    steps:\n      - run: ctest --test-dir build-installed --output-on-failure\n"
    files = {".github/workflows/ci.yml": ci, ".github/workflows/install.yaml": install, "Rakefile": "task :spec_ci\n"}
    learned = bodies(make_project, files)
    assert (
        "runs `bundle exec rake spec_ci`, `cargo run -p xtask -- ci`, `mvn clean install -DskipTests`" in learned["ci"]
    )
    assert "build-installed" not in learned["ci"] and "install.yaml" not in learned["ci"].split("Not read")[0]


def test_bundled_scripts_demo_tools_and_guide_pointers_say_nothing(make_project):
    files = {
        "pom.xml": "<project><artifactId>hbs</artifactId></project>\n",
        "src/main/java/hbs/Handlebars.java": "class Handlebars {}\n" * 200,
        "src/main/resources/handlebars-v4.7.9.js": "var x = 1;\n" * 800,
        "src/test/resources/jasmine.js": "var y = 1;\n" * 300,
    }
    assert bodies(make_project, files, name="hbs")["languages"].startswith("Languages by share of source: Java 100%")
    package = (
        '{"name": "nid", "main": "index.js", "types": "index.d.ts", "scripts": {"start": "vite test/demo/",'
        ' "test": "node --test"}, "devDependencies": {"vite": "^5.0.0"}}\n'
    )
    readme = "# nid\n\nIds.\n\n## Contributing\n\nPlease follow the Contribution guide.\n"
    learned = bodies(make_project, {"package.json": package, "index.js": "export const a = 1\n", "README.md": readme},
                     name="nid")  # fmt: skip
    assert "Vite" not in learned["javascript/stack"]  # it serves the demo only
    assert "rules/README.md" not in learned


def test_fragments_console_output_and_a_composer_script_run(make_project):
    pyproject = '[project]\nname = "u3"\n\n[tool.towncrier]\ndirectory = "changelog"\n'
    guide = "# Contributing\n\n```\n$ nox --sessions test\nnox > Running session test-3.13\n```\n"
    files = {
        "pyproject.toml": pyproject, "CHANGES.rst": "Changes\n=======\n", "CONTRIBUTING.md": guide,
        "changelog/5019.bugfix.rst": "Fixed.\n", "changelog/4945.feature.rst": "Added.\n",
        "changelog/3785.bugfix.rst": "Fixed.\n", "src/u3/__init__.py": "", "src/u3/contrib/socks.py": "x = 1\n" * 50,
        "src/u3/a.py": "x = 1\n" * 40, "src/u3/b.py": "x = 1\n",
    }  # fmt: skip
    learned = bodies(make_project, files, name="u3")
    assert "(such as `changelog/<number>.bugfix.rst`)" in learned["rules/changelog"]  # as the fragments there are
    assert "Running session" not in learned["workflow/test"]  # nox's log line, not a command
    assert "sub-folders contrib/ (1)" in learned["layout/source"]  # a source folder's contrib/ is code
    composer = '{"name": "nette/utils", "scripts": {"tester": "tester tests -s"}}\n'
    claude = "# Rules\n\n- Run the tests with `composer run tester`.\n"
    learned = bodies(make_project, {"composer.json": composer, "CLAUDE.md": claude, "src/A.php": "<?php\n"}, name="nu")
    assert learned["workflow/test"].startswith("To test: `composer run tester`") and "workflow/run" not in learned


def test_mocha_with_flags_only_runs_the_test_folder_and_keep_a_changelog_is_by_hand(make_project):
    package = (
        '{"name": "pm", "scripts": {"test": "npm run mocha", "mocha": "mocha --reporter dot"},'
        ' "devDependencies": {"mocha": "^10", "release-it": "^17"}}\n'
    )
    changelog = "# Changelog\n\nThe format is based on [Keep a Changelog](https://keepachangelog.com/).\n\n"
    changelog += "## [4.0.2] - 2024-01-02\n\n### Fixed\n\n- Fixed a bug in the matching of brace patterns here.\n"
    files = {"package.json": package, "index.js": "", "CHANGELOG.md": changelog,
             **{f"test/{n}.js": "" for n in ("api", "bash.spec", "stars")}}  # fmt: skip
    learned = bodies(make_project, files, name="pm")
    assert learned["layout/tests"].startswith("3 test files: `test/*.js`")
    assert "generated" not in learned["rules/changelog"] and "release-it" not in learned["rules/changelog"]


def test_yard_only_as_a_dependency_and_rubocop_autocorrect_only_with_its_config(make_project):
    gemspec = "Gem::Specification.new do |s|\n  s.name = 'mz'\n  s.metadata = { 'yard.run' => 'yard' }\nend\n"
    files = {"mz.gemspec": gemspec, "Gemfile": "source 'https://rubygems.org'\ngemspec\ngem 'rubocop'\ngem 'rdoc'\n",
             "Rakefile": "require 'rdoc/task'\nRDoc::Task.new\n", ".yardopts": "--markup markdown\n",
             "lib/mz.rb": "module Mz; end\n"}  # fmt: skip
    learned = bodies(make_project, files, name="mz")
    assert learned["workflow/docs"].startswith("To build or preview the docs: `bundle exec rake rdoc`")
    assert "workflow/format" not in learned  # no .rubocop.yml: `rubocop -a` would restyle everything
