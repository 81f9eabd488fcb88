"""Causes found on set 53's run (issue 17, thirty-sixth round, before set 54's run): a Go repository of several
modules without a go.work, whose CI runs the same steps in each module through a matrix working directory."""

from __future__ import annotations

from tests.profile.learned import bodies

WORKFLOW = """on: [push, pull_request]
jobs:
  test:
    strategy:
      matrix:
        go-version: [1.24.x]
        work-dir: ["./", "./v2"]
    runs-on: ubuntu-latest
    defaults:
      run:
        working-directory: ${{matrix.work-dir}}
    steps:
    - uses: actions/checkout@v4
    - name: Lint
      uses: golangci/golangci-lint-action@v6
      with:
        working-directory: ${{matrix.work-dir}}
    - name: go test
      run: go test -v ./...
    - name: Run example
      run: cd example && go build -o http_breaker && ./http_breaker
"""
TEST = 'package gobreaker\n\nimport "testing"\n\nfunc Test{}(t *testing.T) {{}}\n'


def _modules() -> dict[str, str]:
    return {
        "go.mod": "module github.com/sony/gobreaker\n\ngo 1.12\n\nrequire github.com/stretchr/testify v1.8.0\n",
        "gobreaker.go": "package gobreaker\n", "gobreaker_test.go": TEST.format("StateConstants"),
        "example/main.go": "package main\n\nfunc main() {}\n",
        "v2/go.mod": "module github.com/sony/gobreaker/v2\n\ngo 1.21\n\nrequire github.com/stretchr/testify v1.8.0\n",
        "v2/gobreaker.go": "package gobreaker\n", "v2/gobreaker_test.go": TEST.format("TwoStep"),
        "v2/counter_test.go": TEST.format("Counter"), "v2/example/main.go": "package main\n\nfunc main() {}\n",
        ".github/workflows/test.yml": WORKFLOW,
    }  # fmt: skip


def test_a_matrix_working_directory_runs_the_steps_in_each_module(make_project):
    learned = bodies(make_project, _modules())
    assert (
        "`go test -v ./...`" in learned["workflow/test"] and "`cd v2 && go test -v ./...`" in learned["workflow/test"]
    )
    assert "`cd v2 && golangci-lint run`" in learned["workflow/lint"]
    assert "cd v2 && go test -v ./..." in learned["ci"]
    assert "http_breaker" not in learned["workflow/build"]  # running an example is no build of the project


def test_root_commands_say_that_they_stop_at_the_other_modules_and_one_test_runs_where_most_tests_are(make_project):
    files = {k: v for k, v in _modules().items() if not k.startswith(".github")}
    learned = bodies(make_project, files)
    assert "run it in v2/ too" in learned["workflow/test"] and "run it in v2/ too" in learned["workflow/build"]
    assert "run it in v2/ too" in learned["workflow/install"]
    assert learned["workflow/test-one"].startswith("To run one test: `cd v2 && go test . -run ")
    joined = bodies(make_project, {**files, "go.work": "go 1.21\n\nuse (\n\t.\n\t./v2\n)\n"}, name="joined")
    assert "stops at each go.mod" not in joined["workflow/test"]


def test_an_animal_sniffer_signature_no_execution_checks_holds_the_code_to_nothing(make_project):
    plugin = (
        "<plugin><groupId>org.codehaus.mojo</groupId><artifactId>animal-sniffer-maven-plugin</artifactId>"
        "<configuration><signature><groupId>org.codehaus.mojo.signature</groupId><artifactId>java18</artifactId>"
        "<version>1.0</version></signature></configuration>{}</plugin>"
    )
    bound = "<executions><execution><goals><goal>check</goal></goals></execution></executions>"
    files = {"src/main/java/p/Lib.java": "package p;\npublic class Lib {}\n",
             "src/test/java/p/LibTest.java": "package p;\npublic class LibTest {}\n"}  # fmt: skip

    def pom(execution: str) -> str:
        return f"<project><artifactId>lib</artifactId><build><plugins>{plugin.format(execution)}</plugins></build></project>"

    assert "animal-sniffer" not in bodies(make_project, {**files, "pom.xml": pom("")})["jvm/packaging"]
    checked = bodies(make_project, {**files, "pom.xml": pom(bound)}, name="checked")["jvm/packaging"]
    assert "must keep to the Java 8 API (animal-sniffer, java18 signature)" in checked


def test_a_ci_line_running_a_built_phar_is_no_build_and_a_tools_manifest_installs_the_fixer(make_project):
    workflow = (
        "on: [push]\njobs:\n  phar:\n    runs-on: ubuntu-latest\n    steps:\n    - uses: actions/checkout@v4\n"
        "    - uses: ./.github/actions/phar\n    - run: tools/phar/build/jolinotif.phar --help\n"
    )
    files = {
        "composer.json": '{"name": "jolicode/jolinotif", "require-dev": {"phpunit/phpunit": "^10"}}',
        "src/Notifier.php": "<?php\n", "src/Driver.php": "<?php\n", "src/Notification.php": "<?php\n",
        "tests/NotifierTest.php": "<?php\n", "tools/phar/box.json": "{}\n",
        "tools/php-cs-fixer/composer.json": '{"require": {"friendsofphp/php-cs-fixer": "^3.60"}}',
        ".php-cs-fixer.php": "<?php\nreturn (new PhpCsFixer\\Config())->setRules(['@Symfony' => true]);\n",
        ".github/workflows/ci.yaml": workflow,
    }  # fmt: skip
    learned = bodies(make_project, files)
    assert "jolinotif.phar" not in learned.get("workflow/build", "")
    assert "PHP-CS-Fixer is installed from tools/php-cs-fixer/composer.json" in learned["style/php"]
    assert "not a Composer dependency" not in learned["style/php"]


def test_a_root_main_that_outweighs_the_folder_it_loads_is_the_main_source(make_project):
    index = "const { signalEvents } = require('./events/signal.events')\n" + "function close () {}\n" * 150
    files = {
        "package.json": '{"name": "close-with-grace", "main": "index.js", "scripts": {"test": "tape test/*.test.js"}}',
        "index.js": index, "events/signal.events.js": "module.exports = { signalEvents: ['SIGINT', 'SIGTERM'] }\n",
        "events/error.events.js": "module.exports = { errorEvents: ['uncaughtException'] }\n",
        "events/exit.events.js": "module.exports = { exitEvents: ['beforeExit'] }\n",
        "test/close.test.js": "require('tape')\n",
    }  # fmt: skip
    learned = bodies(make_project, files)
    assert learned["layout/source"].startswith("Main source: index.js at the repository root")
    assert "events/" in learned["layout/source"] and "Main source in events/" not in learned["layout/source"]
    shim = {**files, "index.js": "module.exports = require('./events/signal.events')\n"}
    assert not bodies(make_project, shim, name="shim").get("layout/source", "").startswith("Main source: index.js")


def test_a_docs_folder_of_empty_files_is_not_called_documentation(make_project):
    files = {"lib/m.rb": "module M; end\n" * 20, "lib/m/a.rb": "class A; end\n" * 20, "lib/m/b.rb": "class B\nend\n",
             "docs/README.md": "", "spec/m_spec.rb": "describe M do\nend\n", "README.md": "# M\n"}  # fmt: skip
    assert "docs/ (documentation" not in bodies(make_project, files)["layout/folders"]
    files["docs/README.md"] = "# Guide\n\nHow to use M.\n"
    assert "docs/ (documentation" in bodies(make_project, files, name="written")["layout/folders"]
