"""Causes found on set 57's run (issue 17, thirty-seventh round): Makefile targets the project outgrew or that run
what nothing built yet, a timeout taken for a test filter, a format target that only checks, a root-only test
target, CI's typo and tool installer, picocli without a program, the least tested Maven module, Javadoc only in a
profile, a deprecated module's README, Travis one-liners, Emacs settings and bold sub-headings in CLAUDE.md."""

from __future__ import annotations

from tests.profile.learned import bodies

PYTEST_CI = (
    "on: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n"
    '        python-version: ["3.7", "3.8", "3.12"]\n    steps:\n      - uses: actions/checkout@v3\n'
    "      - uses: actions/setup-python@v4\n        with:\n          python-version: ${{ matrix.python-version }}\n"
    "      - run: pip install -r requirements.txt\n      - run: pytest\n"
)


def test_make_targets_and_tox_the_project_outgrew_are_not_offered(make_project):
    makefile = (
        "testall:\n\ttox\ntest: init\n\tpipenv run pytest tests\ninit:\n\tpipenv install --dev\n"
        "publish:\n\tpython setup.py register\n\tpython setup.py sdist upload\n"
    )
    files = {"Makefile": makefile, "tox.ini": "[tox]\nenvlist = py27, py34, py35, py36\n\n[testenv]\ncommands =\n"
             "    pytest tests\n", "setup.py": "from setuptools import setup\nsetup(name='records')\n",
             "requirements.txt": "sqlalchemy\n", "records.py": "x = 1\n" * 10,
             "tests/test_records.py": "def test_a():\n    pass\n", ".github/workflows/ci.yml": PYTEST_CI}  # fmt: skip
    learned = bodies(make_project, files, name="records")
    assert learned["workflow/test"].startswith("To test: `pytest` — from CI")
    assert "make" not in learned["workflow/test"] and "tox" not in learned["workflow/test"]
    assert "tasks/make" not in learned  # pipenv without a Pipfile, `setup.py upload`, a tox of dead Pythons
    assert "`make init`" not in learned.get("workflow/install", "")


def test_a_test_target_running_a_program_nothing_built_says_to_build_first(make_project):
    makefile = (
        "CSTD:=99\n\nexample$(EXTENSION): munit.h munit.c example.c\n\t$(CC) -std=c$(CSTD) -o $@ munit.c example.c\n"
        "\ntest:\n\t$(TEST_ENV) ./example$(EXTENSION)\n\nclean:\n\trm -f example$(EXTENSION)\n"
    )
    files = {"Makefile": makefile, "munit.c": "int m;\n" * 20, "munit.h": "int m;\n", "example.c": "int main(){}\n"}
    learned = bodies(make_project, files)
    assert learned["workflow/test"].startswith("To test: `make test` (run after `make`) — from Makefile target `test`.")
    assert "default target `test`" not in learned["workflow/test"]  # the first rule, `example$(EXTENSION)`, is
    assert learned["workflow/build"].startswith("To build: `make` — from Makefile (default target)")


def test_a_timeout_variable_is_no_test_filter_and_a_verifying_fmt_target_lints(make_project):
    makefile = (
        'TESTFLAGS_TIMEOUT=30m\n\nfmt:\n\t@echo "Verifying gofmt, failures can be fixed with ./scripts/fix.sh"\n'
        "\t@!(gofmt -l -s -d $(GOFILES) | grep '[a-z]')\n\ntest:\n\tgo test -v ${TESTFLAGS} -timeout ${TESTFLAGS_TIMEOUT}\n"
        "\ntest-robustness: build\n\tsudo env PATH=$$PATH go test -v ./tests/robustness -test.root\n"
        "\nbuild:\n\tgo build -o bin/bbolt ./cmd/bbolt\n"
    )
    ci = ("on: [push]\njobs:\n  robust:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
          "      - run: make test-robustness\n")  # fmt: skip
    files = {"Makefile": makefile, "go.mod": "module go.etcd.io/bbolt\n\ngo 1.24\n", "db.go": "package bbolt\n" * 5,
             "db_test.go": "package bbolt\n\nimport \"testing\"\n\nfunc TestOpen(t *testing.T) {}\n",
             "cmd/bbolt/main.go": "package main\n\nfunc main() {}\n", ".github/workflows/robust.yml": ci}  # fmt: skip
    learned = bodies(make_project, files, name="bbolt")
    assert "TESTFLAGS_TIMEOUT=<test>" not in learned["workflow/test-one"]
    assert learned["workflow/lint"].startswith("To lint: `make fmt` (checks the format, changes nothing)")
    assert "test-robustness" not in learned["workflow/test"]  # it runs the tests as root


def test_a_ci_typo_and_a_ci_tool_installer_are_not_commands(make_project):
    ci = (
        "on: [push]\njobs:\n  clippy:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
        "      - run: cargo clippy --all-features ---all-targets -- --deny warnings\n  coverage:\n"
        "    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
        "      - run: RING_COVERAGE=1 mk/install-build-tools.sh --all-features\n"
    )
    files = {"Cargo.toml": '[package]\nname = "untrusted"\nversion = "0.9.0"\nedition = "2018"\n',
             "src/lib.rs": "pub fn a() {}\n" * 5, "mk/install-build-tools.sh": "#!/bin/sh\nsudo apt-get install clang\n",
             ".github/workflows/ci.yml": ci}  # fmt: skip
    learned = bodies(make_project, files, name="untrusted")
    assert learned["workflow/build"].startswith("To build: `cargo build`")
    assert "install-build-tools" not in learned["workflow/build"] + learned.get("workflow/install", "")
    assert "---all-targets" not in learned.get("workflow/lint", "")


def _maven(modules: dict[str, int], extra_pom: str = "") -> dict[str, str]:
    names = "".join(f"<module>{m}</module>" for m in modules)
    files = {"pom.xml": f"<project><artifactId>jline-parent</artifactId><packaging>pom</packaging><modules>{names}"
             f"</modules>{extra_pom}</project>"}  # fmt: skip
    for module, tests in modules.items():
        files[f"{module}/pom.xml"] = f"<project><artifactId>jline-{module}</artifactId></project>"
        files[f"{module}/src/main/java/org/jline/{module}/A.java"] = f"package org.jline.{module};\nclass A {{}}\n"
        for i in range(tests):
            files[f"{module}/src/test/java/org/jline/{module}/T{i}Test.java"] = f"package org.jline.{module};\n"
    return files


def test_the_most_tested_module_runs_one_test_and_picocli_without_a_program_is_no_cli(make_project):
    files = _maven({"native": 1, "terminal": 5, "picocli": 1})
    files["picocli/pom.xml"] = (
        "<project><artifactId>jline-picocli</artifactId><dependencies><dependency><groupId>info.picocli</groupId>"
        "<artifactId>picocli</artifactId></dependency></dependencies></project>"
    )
    files["picocli/src/main/java/org/jline/picocli/Registry.java"] = "package org.jline.picocli;\nimport picocli.CommandLine;\nclass Registry {}\n"  # fmt: skip
    learned = bodies(make_project, files, name="jline3")
    assert learned["workflow/test-one"].startswith("To run one test: `mvn -pl terminal test -Dtest=<Class>`")
    assert "picocli" not in learned["jvm/packaging"].split("modules:")[0] and "CLI" not in learned["jvm/packaging"]


def test_javadoc_only_pinned_or_in_a_profile_is_no_docs_goal(make_project):
    pom = (
        "<build><pluginManagement><plugins><plugin><artifactId>maven-javadoc-plugin</artifactId>"
        "<version>3.12.0</version></plugin></plugins></pluginManagement></build><profiles><profile><id>javadoc</id>"
        "<build><plugins><plugin><artifactId>maven-javadoc-plugin</artifactId></plugin></plugins></build></profile>"
        "</profiles>"
    )
    learned = bodies(make_project, _maven({"terminal": 2}, pom), name="jline3")
    assert "javadoc" not in learned.get("workflow/docs", "")


def test_a_deprecated_modules_readme_is_quoted_as_deprecated(make_project):
    files = _maven({"terminal": 2, "console-ui": 1})
    files["console-ui/README.md"] = (
        "# ConsoleUI (DEPRECATED)\n\n> **⚠️ DEPRECATED**: This module is deprecated. Please use `jline-prompt` "
        "instead, which provides a cleaner API.\n\nTiny java library that provides simple UI elements.\n"
    )
    folders = bodies(make_project, files, name="jline3")["layout/folders"]
    assert "console-ui/ (" in folders and "deprecated, README: This module is deprecated." in folders
    assert "Tiny java library" not in folders


def test_travis_one_line_conditionals_give_both_ways_to_test(make_project):
    travis = (
        "language: c\nscript:\n"
        ' - if [ "${BUILD_SYSTEM}" = "meson" ]; then meson build && ninja -Cbuild; else make CC="${CC}" '
        'AGGRESSIVE_WARNINGS=y; fi\n - if [ "${BUILD_SYSTEM}" = "meson" ]; then ninja -Cbuild test; else make test; fi\n'
    )
    files = {".travis.yml": travis, "Makefile": "example: munit.c\n\t$(CC) -o example munit.c\n\ntest: example\n\t./example\n",
             "munit.c": "int m;\n" * 20, "meson.build": "project('munit', 'c')\n"}  # fmt: skip
    ci = bodies(make_project, files, name="munit")["ci"]
    assert "`meson build && ninja -Cbuild`" in ci and "`make AGGRESSIVE_WARNINGS=y`" in ci
    assert "`ninja -Cbuild test`" in ci and "`make test`" in ci


def test_emacs_dir_locals_give_the_indentation(make_project):
    files = {".dir-locals.el": "((nil . ((indent-tabs-mode . nil)\n\t (c-basic-offset . 2))))\n",
             "munit.c": "int m;\n" * 20, "munit.h": "int m;\n", "Makefile": "all:\n\tcc munit.c\n"}  # fmt: skip
    assert bodies(make_project, files)["style/c"] == (
        "C style in this project: Emacs .dir-locals.el: spaces, no tabs; indent 2."
    )


def test_bold_lead_ins_over_lists_keep_two_procedures_apart(make_project):
    claude = (
        "# Guide\n\n## Release Process\n\n**4.x releases (master):**\n1. Push a tag on master\n"
        "2. The release workflow runs on the tag\n\n**3.x releases (jline-3.x):**\n1. Run the workflow by hand on "
        "jline-3.x\n2. Give the version inputs\n"
    )
    files = {"CLAUDE.md": claude, "README.md": "# x\n", "x.py": "x = 1\n"}
    body = bodies(make_project, files)["rules/CLAUDE.md"]
    assert "4.x releases (master):\n- Push a tag on master" in body
    assert "3.x releases (jline-3.x):\n- Run the workflow by hand on jline-3.x" in body
