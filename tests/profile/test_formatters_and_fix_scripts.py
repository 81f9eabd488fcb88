"""Round thirty (issue 17): which formatter the project uses and how to run it. pre-commit's formatter hooks by
name (and the one formatter run alone), package.json's fix scripts, a .clang-format as a style even where nothing
runs it (then only on the lines you change), PHP's fixers (PHP-CS-Fixer, ECS, phpcbf) and Maven's formatter plugins."""

from __future__ import annotations

import json

from tests.profile.learned import bodies

RUFF_HOOKS = (
    "repos:\n- repo: https://github.com/asottile/blacken-docs\n  rev: 1.18.0\n  hooks:\n  - id: blacken-docs\n"
    "- repo: https://github.com/astral-sh/ruff-pre-commit\n  rev: v0.6.0\n  hooks:\n  - id: ruff\n    args: [--fix]\n"
    "  - id: ruff-format\n"
)
PYTHON = {"pyproject.toml": '[project]\nname = "jwt"\n', "jwt/__init__.py": "VERSION = 1\n"}


def test_pre_commit_names_its_formatter_hooks_and_offers_the_one_formatter_alone(make_project):
    learned = bodies(make_project, {**PYTHON, ".pre-commit-config.yaml": RUFF_HOOKS}, name="pyjwt")
    fmt = learned["workflow/format"]
    assert fmt.startswith(
        "To format: `pre-commit run --all-files` — from .pre-commit-config.yaml (formatting hooks: ruff-format, "
        "blacken-docs)."
    )
    assert "`pre-commit run ruff-format --all-files` (.pre-commit-config.yaml (hook `ruff-format`))" in fmt
    assert "`pre-commit run --all-files`" in learned["workflow/lint"]  # ruff checks: the run lints too


def test_pre_commit_with_two_formatters_or_an_import_sorter_alone_offers_no_single_hook(make_project):
    two = "repos:\n- repo: local\n  hooks:\n  - id: black\n  - id: ruff-format\n  - id: prettier\n  - id: flake8\n"
    learned = bodies(make_project, {**PYTHON, ".pre-commit-config.yaml": two}, name="two")
    assert "(formatting hooks: black, ruff-format, prettier)" in learned["workflow/format"]
    assert "pre-commit run black" not in learned["workflow/format"]  # neither Python formatter is the one alone
    one = two.replace("  - id: ruff-format\n", "")  # prettier formats this Python project's YAML, not its code
    learned = bodies(make_project, {**PYTHON, ".pre-commit-config.yaml": one}, name="one")
    assert "`pre-commit run black --all-files`" in learned["workflow/format"]
    isort = "repos:\n- repo: https://github.com/PyCQA/isort\n  hooks:\n  - id: isort\n  - id: flake8\n"
    learned = bodies(make_project, {**PYTHON, ".pre-commit-config.yaml": isort}, name="tqdm")
    assert learned["workflow/format"].startswith(
        "To format: `pre-commit run --all-files` — from .pre-commit-config.yaml (formatting hooks: isort)."
    )
    assert "pre-commit run isort" not in learned["workflow/format"]  # sorting imports formats no code


def _package(scripts: dict[str, str]) -> dict[str, str]:
    pkg = {"name": "koa", "main": "lib/application.js", "scripts": {"test": "node --test", **scripts}}
    return {"package.json": json.dumps(pkg), "package-lock.json": "{}", "lib/application.js": "module.exports = 1\n"}


def test_a_fix_script_is_the_format_command_when_it_fixes_and_no_format_script_is_there(make_project):
    learned = bodies(make_project, _package({"lint": "standard", "lint:fix": "standard --fix"}), name="koa")
    assert learned["workflow/format"] == (
        "To format: `npm run lint:fix` (standard --fix) — from package.json scripts.lint:fix."
    )
    learned = bodies(make_project, _package({"format:fix": "prettier -w src"}), name="pretty")
    assert learned["workflow/format"].startswith("To format: `npm run format:fix` (prettier -w src)")
    learned = bodies(make_project, _package({"lint:fix": "eslint ."}), name="misnamed")
    assert "workflow/format" not in learned  # it only lints, whatever its name says
    both = {"format": "prettier --write .", "lint:fix": "eslint --fix ."}
    learned = bodies(make_project, _package(both), name="both")
    assert learned["workflow/format"].startswith("To format: `npm run format` (prettier --write .)")
    assert "lint:fix" not in learned["workflow/format"]


C = {"Makefile": "default: lib\nlib:\n\t$(CC) -c lib/a.c\n", "lib/a.c": "int a;\n"}
CLANG_FORMAT = "---\nLanguage: Cpp\nBasedOnStyle: Chromium\nIndentWidth: '4'\nUseTab: Never\nColumnLimit: 110\n"


def test_a_clang_format_nothing_runs_is_a_style_for_the_changed_lines_only(make_project):
    learned = bodies(make_project, {**C, ".clang-format": CLANG_FORMAT}, name="lz4")
    assert "workflow/format" not in learned  # `clang-format -i` would rewrite whole files
    assert (
        "clang-format (.clang-format: BasedOnStyle Chromium, IndentWidth 4, UseTab Never, ColumnLimit 110), which "
        "nothing in the repository runs, so the code may not follow it: apply it only to the lines you change "
        "(`git clang-format`), never to whole files" in learned["style/c"]
    )


def test_a_guide_that_limits_clang_format_to_changed_code_is_said_and_one_that_runs_it_gives_the_command(
    make_project,
):
    guide = (
        "# Contributing\n\n### Formatting\n\nCatch2 provides its own config for `clang-format`. Reformatting a whole\n"
        "file would cause massive diffs, so you should only use clang-format\non the newly changed code.\n"
    )
    learned = bodies(make_project, {**C, ".clang-format": CLANG_FORMAT, "docs/contributing.md": guide}, name="c2")
    assert "workflow/format" not in learned
    assert (
        "applied only to the lines you change (`git clang-format`), as docs/contributing.md asks"
        in (learned["style/c"])
    )
    style = "Refer to the .clang-format file, and run the tool before commit:\n\n    clang-format -i somefile.c foo.h\n"
    learned = bodies(make_project, {**C, ".clang-format": CLANG_FORMAT, "STYLE.txt": style}, name="json-c")
    assert learned["workflow/format"] == "To format: `clang-format -i <files>` — from .clang-format (STYLE.txt)."
    assert "clang-format (BasedOnStyle Chromium, IndentWidth 4, UseTab Never, ColumnLimit 110)" in learned["style/c"]
    assert "git clang-format" not in learned["style/c"]


def _composer(dev: dict[str, str], scripts: dict[str, str] | None = None) -> str:
    return json.dumps({"name": "acme/crypto", "require-dev": dev, **({"scripts": scripts} if scripts else {})})


LEGACY = (
    "<?php\n$config = Symfony\\CS\\Config\\Config::create()\n    ->level(Symfony\\CS\\FixerInterface::PSR2_LEVEL)\n"
)
LEGACY += "    ->fixers(['single_quote', 'unused_use']);\nreturn $config;\n"


def test_a_legacy_php_cs_config_is_the_style_and_runs_only_with_a_fixer_that_reads_it(make_project):
    files = {"composer.json": _composer({"phpunit/phpunit": "^9"}), ".php_cs": LEGACY, "src/Crypto.php": "<?php\n"}
    learned = bodies(make_project, files, name="php-encryption")
    assert "workflow/format" not in learned  # not a dependency: no vendor/bin/php-cs-fixer to run
    assert learned["style/php"] == (
        "PHP style in this project: php-cs-fixer rules PSR2 level and 2 fixers (.php_cs: a PHP-CS-Fixer 1.x config, "
        "which PHP-CS-Fixer 3 no longer reads); PHP-CS-Fixer is not a Composer dependency."
    )
    files["composer.json"] = _composer({"friendsofphp/php-cs-fixer": "^2.19"})
    learned = bodies(make_project, files, name="v2")
    assert learned["workflow/format"] == "To format: `vendor/bin/php-cs-fixer fix` — from .php_cs."
    files["composer.json"] = _composer({"friendsofphp/php-cs-fixer": "^3.50"})
    learned = bodies(make_project, files, name="v3")
    assert "workflow/format" not in learned  # version 3 ignores .php_cs: it would apply its own defaults


def test_a_composer_script_that_fixes_wins_over_the_tools_and_ecs_or_phpcbf_format_otherwise(make_project):
    fixer = {"friendsofphp/php-cs-fixer": "^3.50"}
    config = "<?php\nreturn (new PhpCsFixer\\Config())->setRules(['@PER-CS' => true]);\n"
    scripts = {"check-style": "php-cs-fixer fix --dry-run", "fix-style": "php-cs-fixer fix"}
    files = {"composer.json": _composer(fixer, scripts), ".php-cs-fixer.dist.php": config, "src/A.php": "<?php\n"}
    learned = bodies(make_project, files, name="scripted")
    assert learned["workflow/format"] == "To format: `composer fix-style` — from composer.json scripts.fix-style."
    ecs = "<?php\nreturn ECSConfig::configure()->withPreparedSets(psr12: true, common: true);\n"
    files = {
        "composer.json": _composer({"symplify/easy-coding-standard": "^12"}),
        "ecs.php": ecs,
        "src/A.php": "<?php\n",
    }
    learned = bodies(make_project, files, name="ecs")
    assert learned["workflow/format"] == "To format: `vendor/bin/ecs check --fix` — from ecs.php."
    assert "ECS (Easy Coding Standard) sets psr12, common" in learned["style/php"]
    ruleset = '<ruleset><rule ref="Doctrine"/></ruleset>\n'
    files = {"composer.json": _composer({"doctrine/coding-standard": "^12"}), "phpcs.xml.dist": ruleset,
             "src/A.php": "<?php\n"}  # fmt: skip
    learned = bodies(make_project, files, name="doctrine")  # the standard brings PHP_CodeSniffer with it
    # the ruleset lists no <file>: a bare phpcbf stops asking for one, so the folders are named
    assert learned["workflow/format"] == "To format: `vendor/bin/phpcbf src` — from phpcs.xml.dist."
    files["phpcs.xml.dist"] = '<ruleset><file>src</file><rule ref="Doctrine"/></ruleset>\n'
    learned = bodies(make_project, files, name="doctrine-files")
    assert learned["workflow/format"] == "To format: `vendor/bin/phpcbf` — from phpcs.xml.dist."
    assert "phpcs standard Doctrine" in learned["style/php"]


JAVA = {"src/main/java/org/a/A.java": "package org.a;\nclass A {}\n"}
PLUGINS = (
    "<project><artifactId>a</artifactId><build><plugins>"
    "<plugin><groupId>net.revelc.code.formatter</groupId><artifactId>formatter-maven-plugin</artifactId></plugin>"
    "<plugin><groupId>net.revelc.code</groupId><artifactId>impsort-maven-plugin</artifactId></plugin>"
    "</plugins></build></project>\n"
)


def test_maven_formatter_plugins_or_a_hook_that_runs_their_goals_give_the_format_command(make_project):
    learned = bodies(make_project, {**JAVA, "pom.xml": PLUGINS}, name="plugins")
    assert learned["workflow/format"] == (
        "To format: `mvn formatter:format impsort:sort` — from pom.xml (formatter-maven-plugin, impsort-maven-plugin)."
    )
    hook = "#!/usr/bin/env bash\nif ! mvn formatter:validate impsort:check; then\n  mvn formatter:format impsort:sort\nfi\n"
    files = {**JAVA, "pom.xml": "<project><artifactId>mybatis</artifactId></project>\n", "mvnw": "#!/bin/sh\n",
             "hooks/pre-commit.sh": hook}  # fmt: skip
    learned = bodies(make_project, files, name="mybatis-3")  # the parent pom configures the plugins
    assert learned["workflow/format"] == "To format: `./mvnw formatter:format impsort:sort` — from hooks/pre-commit.sh."
    learned = bodies(make_project, {**JAVA, "pom.xml": "<project><artifactId>b</artifactId></project>\n"}, name="b")
    assert "workflow/format" not in learned
