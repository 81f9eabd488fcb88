"""Causes found on set 66's run (issue 17, thirty-ninth round): an automake project whose suite is its own `test:`
target, one test in a workspace whose members hold the tests, a serve script that serves the docs site, a Vitest
project the config no longer names, a debug/ folder of demo pages, a formatter only the docs group installs, a
Zensical site, golangci-lint's v2 formatters and a SARIF report CI uploads."""

from __future__ import annotations

from tests.profile.learned import bodies

MEMCACHED_AM = "bin_PROGRAMS = memcached\nnoinst_PROGRAMS = sizes testapp\n\ntest:\tsizes testapp\n\tprove t\n"


def test_an_automake_test_target_where_make_check_runs_nothing(make_project):
    files = {"configure.ac": "AC_INIT([memcached], [1.6])\n", "Makefile.am": MEMCACHED_AM, "autogen.sh": "#!/bin/sh\n",
             "memcached.c": "int main(void) { return 0; }\n", "t/basic.t": "ok 1\n"}  # fmt: skip
    learned = bodies(make_project, files, name="memcached")
    assert learned["workflow/test"].startswith("To test: `make test` (after `sh autogen.sh && ./configure`)")
    assert "make check" not in learned["workflow/test"]


def test_one_test_in_a_workspace_whose_members_hold_tests(make_project):
    manifest = '[package]\nname = "gitui"\nversion = "0.27.0"\n\n[workspace]\nmembers = ["asyncgit"]\n'
    files = {"Cargo.toml": manifest, "src/main.rs": "fn main() {}\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn a() {}\n}\n",
             "asyncgit/Cargo.toml": '[package]\nname = "asyncgit"\nversion = "0.27.0"\n',
             "asyncgit/src/lib.rs": "#[cfg(test)]\nmod tests {\n    #[test]\n    fn b() {}\n}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="gitui")
    assert learned["workflow/test-one"].startswith(
        "To run one test: `cargo test --workspace a` (any test whose name contains the filter)"
    )


LEAFLET_GUIDE = """\
# Contributing

## Running the tests

Run `npm test`. To test in one browser: `npm test -- --project=firefox` or `npm test -- --project=firefox-retina`.

## Improving documentation

Preview the website with `npm run serve`.
"""
LEAFLET_VITEST = """\
export default {
  test: { browser: { instances: [{ browser: 'chromium' }, { browser: 'firefox' }, { name: 'chromium-retina' }] } },
};
"""


def test_a_serve_script_for_the_site_a_renamed_project_and_a_debug_folder(make_project):
    scripts = '{"test": "vitest", "serve": "cd docs && bundle exec jekyll serve", "build": "rollup -c"}'
    files = {"package.json": f'{{"name": "leaflet", "scripts": {scripts}, "devDependencies": {{"vitest": "^3"}}}}',
             "CONTRIBUTING.md": LEAFLET_GUIDE, "vitest.config.js": LEAFLET_VITEST,
             "src/map/Map.js": "export class Map {}\n" * 40, "src/layer/Layer.js": "export class Layer {}\n" * 30,
             "debug/vector/route.js": "var route = [[1, 2]];\n" * 4000, "spec/suites/MapSpec.js": "it('a', () => {});\n",
             "docs/index.md": "# Leaflet\n"}  # fmt: skip
    learned = bodies(make_project, files, name="Leaflet")
    assert "workflow/run" not in learned and "`npm run serve`" in learned["workflow/docs"]
    assert "firefox-retina" not in learned["workflow/test"] and "--project=firefox`" in learned["workflow/test"]
    assert "debug/" not in learned["layout/source"] and "src/map/Map.js" in learned["layout/source"]


STARLETTE_PYPROJECT = """\
[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[project]
name = "starlette"
dependencies = ["anyio"]

[dependency-groups]
dev = ["pytest", "ruff"]
docs = ["black==26.5.1", "mkdocstrings>=1.0.2", "zensical>=0.0.19"]

[tool.ruff]
line-length = 120
"""


def test_a_formatter_only_the_docs_group_installs_and_a_zensical_site(make_project):
    files = {"pyproject.toml": STARLETTE_PYPROJECT, "mkdocs.yml": "site_name: Starlette\n", "docs/index.md": "# S\n",
             "starlette/__init__.py": "", "starlette/routing.py": "def route():\n    pass\n",
             "tests/test_routing.py": "def test_a():\n    pass\n"}  # fmt: skip
    learned = bodies(make_project, files, name="starlette")
    assert "black" not in learned["python/stack"] and "ruff" in learned["python/stack"]
    assert "`zensical build`" in learned["workflow/docs"] and "mkdocs build" not in learned["workflow/docs"]


REVIVE_GOLANGCI = """\
version: "2"
linters:
  enable:
    - revive
formatters:
  enable:
    - gci
    - gofmt
    - gofumpt
"""
ZIPSTREAM_CI = """\
on: [push, pull_request]
jobs:
  psalm:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: composer install
      - run: composer run test:lint -- --report=results.sarif
"""


def test_golangci_v2_formatters_and_a_sarif_report(make_project):
    files = {"go.mod": "module github.com/mgechev/revive\n\ngo 1.24\n", "main.go": "package main\n\nfunc main() {}\n",
             ".golangci.yml": REVIVE_GOLANGCI, ".github/workflows/lint.yml": "on: [push]\njobs:\n  l:\n"
             "    runs-on: ubuntu-latest\n    steps:\n      - run: golangci-lint run\n"}  # fmt: skip
    assert "`golangci-lint fmt`" in bodies(make_project, files, name="revive")["style/go"]
    composer = '{"name": "maennchen/zipstream-php", "scripts": {"test:lint": "psalm --stats"}}'
    files = {"composer.json": composer, ".github/workflows/test.yml": ZIPSTREAM_CI, "src/ZipStream.php": "<?php\n"}
    learned = bodies(make_project, files, name="ZipStream-PHP")
    assert learned["workflow/lint"].startswith("To lint: `composer run test:lint` —")
