"""Causes found on set 40's run (issue 17, thirty-second round): a library in one root file beside a perf/ folder of
benchmark scripts, a test script of several globs, a setup script read as a test, a placeholder workflow hiding the
Travis config, and an empty default Makefile target offered as the build."""

from __future__ import annotations

import json

from picasso_tui.profile import commands
from tests.profile.learned import bodies

LIBRARY = "'use strict'\nconst base64 = require('base64-js')\n" + "exports.x = function x () { return 1 }\n" * 300
PERF = "const Buffer = require('../').Buffer\nconst bench = require('./util')\n" + "bench.add(() => 1)\n" * 60


def _buffer_like(scripts: dict[str, str]) -> dict[str, str]:
    package = {"name": "lib", "main": "index.js", "types": "index.d.ts", "scripts": scripts}
    files = {"package.json": json.dumps(package), "index.js": LIBRARY, "index.d.ts": "export function x(): number\n"}
    files |= {f"perf/{name}.js": PERF * 4 for name in ("concat", "copy", "slice", "readUtf8", "writeUtf8", "util")}
    files |= {f"test/{name}.js": "const test = require('tape')\ntest('x', t => t.end())\n" for name in "abcd"}
    files |= {f"test/node/test-buffer-{name}.js": "require('./common')\n" for name in "efg"}
    return files | {"test/node/common.js": "module.exports = {}\n"}


def test_a_root_main_file_beside_a_perf_folder_is_the_main_source(make_project):
    learned = bodies(make_project, _buffer_like({"test": "tape test/*.js", "perf-node": "node perf/concat.js"}))
    source = learned["layout/source"]
    assert source.startswith("Main source: index.js at the repository root, the file package.json's main names")
    assert "types are in index.d.ts" in source and "perf" not in source
    assert "perf/ (benchmarks" in learned["layout/folders"]


def test_a_folder_only_benchmark_scripts_run_is_not_the_main_source(make_project):
    files = {"package.json": json.dumps({"name": "lib", "scripts": {"bench": "node timing/run.js"}})}
    files |= {f"timing/{name}.js": PERF * 6 for name in ("run", "concat", "copy", "slice")}
    files |= {f"lib/{name}.js": "module.exports = function () { return 1 }\n" * 20 for name in ("a", "b", "c")}
    source = bodies(make_project, files)["layout/source"]
    assert source.startswith("Main source in lib/: 3 JavaScript files") and "timing" not in source


def test_every_glob_of_the_test_script_counts_and_one_test_keeps_one_file(make_project):
    learned = bodies(make_project, _buffer_like({"test": "tape test/*.js test/node/*.js"}))
    assert learned["layout/tests"].startswith(
        "8 test files: `test/*.js` and `test/node/*.js`, the files package.json's test script runs; they live in test/."
    )
    assert "`npx tape test/a.js`" in learned["workflow/test-one"]


def test_a_setup_script_installs_and_is_never_the_test_command(make_project):
    assert commands.command_role("bin/setup") == "install" and commands.command_role("./bin/bootstrap") == "install"
    guide = (
        "# Contributing\n\n#### Install dependencies\n\nUse the setup script to install dependencies for the gem and its "
        "integration tests.\n\n```\nbin/setup\n```\n\n#### Test\n\nEnsure that you can run tests.\n\n```\n"
        "bundle exec rake\n```\n"
    )
    files = {f"lib/w/part{n}.rb": "module W\n  def x; end\nend\n" * 5 for n in range(4)}
    files |= {"CONTRIBUTING.md": guide, "Gemfile": "source 'https://rubygems.org'\ngemspec\n", "spec/w_spec.rb": ""}
    files |= {"bin/setup": "#!/bin/bash\nbundle install\n", "Rakefile": "task default: :spec\n"}
    learned = bodies(make_project, files | {"w.gemspec": "Gem::Specification.new { |s| s.name = 'w' }\n"})
    assert (
        learned["workflow/test"].startswith("To test: `bundle exec rake`")
        and "bin/setup" not in learned["workflow/test"]
    )
    assert "`bin/setup`" in learned["workflow/install"]


PLACEHOLDER = (
    "name: ci\non:\n  push:\n  pull_request:\njobs:\n  dummy:\n    runs-on: ubuntu-latest\n    steps:\n"
    "      - name: Checkout\n        uses: actions/checkout@v2\n"
)


def test_a_workflow_that_only_checks_out_does_not_hide_the_travis_config(make_project):
    files = {"go.mod": "module example.com/e\n\ngo 1.14\n", "e.go": "package e\n\nfunc E() int { return 1 }\n" * 10}
    files |= {"e_test.go": "package e\n", "Makefile": "check: test\n\ntest:\n\tgo test ./...\n"}
    files |= {
        ".github/workflows/ci.yml": PLACEHOLDER,
        ".travis.yml": "language: go\ngo:\n  - 1.15\nscript:\n  - make check\n",
    }
    ci = bodies(make_project, files)["ci"]
    assert ci.startswith("CI (Travis CI) on a push or pull request: .travis.yml") and "`make check`" in ci
    assert "GitHub Actions" not in ci and "ci.yml" not in ci


def test_an_empty_default_make_target_is_not_the_build(make_project):
    makefile = (
        "CC?=gcc\nCFLAGS=-Wall\n\nall:\n\ntest: test-bin\n\tprove -v ./test-bin\n\n"
        "test-bin: lib.c test.c\n\t$(CC) $(CFLAGS) -o $@ $^\n\nclean:\n\trm -f test-bin\n"
    )
    files = {"Makefile": makefile, "lib.c": "int lib(void) { return 1; }\n" * 40, "lib.h": "int lib(void);\n"}
    learned = bodies(make_project, files | {"test.c": '#include "lib.h"\nint main(void) { return lib() - 1; }\n'})
    assert "workflow/build" not in learned and "`make all`" not in learned["tasks/make"]
    assert learned["workflow/test"].startswith("To test: `make test`")
