"""Causes found in the forty-sixth round by reading the misses of sets 169–172: docs sites built with Vocs or
Docusaurus from www/, PHPBench benchmarks, Maven's format plugins, a docs goal named build-docs and Cargo tests
kept in the modules a test target declares."""

from __future__ import annotations

from tests.profile.learned import bodies


def test_a_vocs_site_in_www_builds_with_bun(make_project):
    site = '{"name": "docs", "private": true, "scripts": {"dev": "vocs dev", "build": "vocs build"}, "dependencies": {"vocs": "latest"}}'
    files = {"go.mod": "module github.com/mark3labs/mcp-go\n\ngo 1.25\n", "server.go": "package mcp\n",
             "www/package.json": site, "www/bun.lock": "{}\n", "www/docs/pages/index.mdx": "# MCP\n"}  # fmt: skip
    docs = bodies(make_project, files, name="mcp-go")["workflow/docs"]
    assert docs.startswith("To build or preview the docs: `cd www && bun run build` (after `cd www && bun install`)")


def test_a_docusaurus_site_in_www_website(make_project):
    site = '{"scripts": {"build": "docusaurus-build"}, "devDependencies": {"docusaurus": "^1.14.7"}}'
    files = {"go.mod": "module github.com/bojand/ghz\n\ngo 1.23\n", "main.go": "package main\n\nfunc main() {}\n",
             "www/website/package.json": site, "www/docs/intro.md": "# ghz\n"}  # fmt: skip
    assert bodies(make_project, files, name="ghz")["workflow/docs"].startswith(
        "To build or preview the docs: `cd www/website && npm run build`"
    )


def test_phpbench_benchmarks_from_its_configuration(make_project):
    composer = '{"name": "crell/serde", "require-dev": {"phpbench/phpbench": "^1.3.0", "phpunit/phpunit": "^10"}}'
    files = {"composer.json": composer, "phpbench.json": '{"runner.path": "benchmarks"}', "src/Serde.php": "<?php\n",
             "benchmarks/SerdeBench.php": "<?php\nclass SerdeBench {}\n"}  # fmt: skip
    assert bodies(make_project, files, name="Serde")["php/benchmarks"] == (
        "PHPBench benchmarks in benchmarks/ (phpbench.json): run them with `vendor/bin/phpbench run --report=aggregate`."
    )


def test_a_maven_format_plugin_checks_and_formats(make_project):
    pom = ("<project><artifactId>tablesaw</artifactId><build><plugins><plugin><groupId>com.cosium.code</groupId>"
           "<artifactId>git-code-format-maven-plugin</artifactId></plugin></plugins></build></project>")  # fmt: skip
    guide = (
        "# Contributing\n\n## Docs\n\nBuild the docs with `mvn com.github.ryancerf:choss-maven-plugin:build-docs`.\n"
    )
    files = {"pom.xml": pom, "CONTRIBUTING.md": guide, "src/main/java/tech/Table.java": "class Table {}\n"}
    learned = bodies(make_project, files, name="tablesaw")
    assert learned["workflow/lint"].startswith("To lint: `mvn git-code-format:validate-code-format`")
    assert learned["workflow/format"].startswith("To format: `mvn git-code-format:format-code`")
    assert "build-docs" in learned["workflow/docs"] and "build-docs" not in learned.get("workflow/build", "")


def test_a_test_targets_declared_modules_hold_its_tests(make_project):
    files = {
        "Cargo.toml": '[package]\nname = "tabled"\n',
        "src/lib.rs": "pub fn table() {}\n",
        "tests/main.rs": "mod core;\nmod util;\n",
        "tests/core/builder_test.rs": "#[test]\nfn builder_index() {}\n",
        "tests/util/mod.rs": "pub fn helper() {}\n",
    }
    one = bodies(make_project, files, name="tabled")["workflow/test-one"]
    assert one.startswith("To run one test: `cargo test --test main` (or `cargo test builder_index`)")
