"""AppVeyor read as a CI system (its POSIX-runnable lines only), and the default script a Travis CI config with no
`script:` runs (issue 17, set 36's system-rules, ejs, envconfig)."""

from __future__ import annotations

from tests.profile.learned import bodies

POM = "<project><modelVersion>4.0.0</modelVersion><artifactId>rules</artifactId></project>\n"
JAVA = {"pom.xml": POM, "mvnw": "#!/bin/sh\n", "mvnw.cmd": "@echo off\n", "src/main/java/p/A.java": "class A {}\n"}

APPVEYOR_MAVEN = """version: '{build}'
image: Visual Studio 2017
install:
  - choco install maven
  - set PATH=C:\\maven\\bin;%PATH%
  - ps: Install-Product jdk 8
build_script:
  - mvnw clean package -DskipTests -Dgpg.skip
test_script:
  - mvnw clean verify -Dgpg.skip
cache:
  - C:\\Users\\appveyor\\.m2
"""


def test_appveyors_test_script_is_the_ci_test_command_and_its_windows_set_up_is_left_out(make_project):
    learned = bodies(make_project, JAVA | {"appveyor.yml": APPVEYOR_MAVEN})
    assert learned["ci"] == (
        "CI (AppVeyor) on a push or pull request: appveyor.yml runs `./mvnw clean package -DskipTests -Dgpg.skip`, "
        "`./mvnw clean verify -Dgpg.skip`."
    ), "mvnw, which cmd runs as mvnw.cmd, is the checkout's ./mvnw; choco, `set PATH` and PowerShell are set-up"
    assert learned["workflow/test"].startswith("To test: `./mvnw clean verify -Dgpg.skip` — from CI (appveyor.yml")


STRUM_APPVEYOR = """install:
  - appveyor DownloadFile https://win.rustup.rs/ -FileName rustup-init.exe
  - rustup-init -yv --default-toolchain %channel% --default-host %target%
  - set PATH=%PATH%;%USERPROFILE%\\.cargo\\bin
  - rustc -vV
build: false
test_script:
  - cargo test --verbose --features tests/phf %cargoflags%
"""
CARGO_CI = """on:
  push:
    branches: [master]
  pull_request:
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - run: cargo test --verbose
"""


def test_appveyor_beside_github_actions_adds_its_test_command_after_the_workflows(make_project):
    files = {"Cargo.toml": '[package]\nname = "s"\nversion = "0.1.0"\n', "src/lib.rs": "pub fn f() {}\n"}
    files |= {".github/workflows/ci.yml": CARGO_CI, ".appveyor.yml": STRUM_APPVEYOR}
    learned = bodies(make_project, files)
    assert learned["ci"] == (
        "CI (GitHub Actions and AppVeyor) on a push or pull request: .github/workflows/ci.yml (jobs test) runs "
        "`cargo test --verbose`; .appveyor.yml runs `cargo test --verbose --features tests/phf`."
    ), "the rustup download, `rustc -vV` and the matrix's `%cargoflags%` are CI's own"
    test = learned["workflow/test"]
    assert test.startswith("To test: `cargo test --verbose` — from CI (.github/workflows/ci.yml")
    assert "`cargo test --verbose --features tests/phf` (CI (.appveyor.yml job `test_script`))" in test
    assert "CI runs on pushes to" not in learned.get("git/branches", ""), "AppVeyor runs on a push to any branch"


WINDOWS_BUILD = """clone_folder: c:\\proj
build_script:
  - cmake -T %b_toolset% -DCMAKE_BUILD_TYPE=%CONFIGURATION% -DCMAKE_INSTALL_PREFIX=t_install .
  - cmake --build . --target install
test_script:
  - cd C:\\proj
  - ctest -C %configuration%
  - cmd: .\\tools\\run-tests.bat
"""
MSVC_BUILD = """build_script:
  - '"C:\\Program Files (x86)\\Microsoft Visual Studio\\2017\\VC\\vcvarsall.bat" x64'
  - cmake -B build -G"NMake Makefiles" -DBUILD_TESTING=ON
  - cmake --build build
test_script:
  - cd build\\tests\\
  - ctest --output-on-failure
"""
CMD_ONLY = """build_script:
  - ps: if ($env:IMAGE -eq "2019") { .\\scripts\\build.ps1 }
test_script:
  - cmd: echo done
  - if [%COMPILER%]==[gcc] ( make test )
"""


UBUNTU = """image: Ubuntu
build: off
test_script:
  - sh: make test
"""


def test_a_windows_only_build_or_a_matrix_value_makes_appveyor_say_nothing_and_sh_lines_are_read(make_project):
    cmake = (
        "project(p C)\nadd_library(p p.c)\nenable_testing()\nadd_test(NAME t COMMAND t)\nadd_test(NAME u COMMAND u)\n"
    )
    for n, config in enumerate((WINDOWS_BUILD, MSVC_BUILD, CMD_ONLY)):
        files = {"CMakeLists.txt": cmake, "p.c": "int p(void) { return 1; }\n", "appveyor.yml": config}
        learned = bodies(make_project, files, name=f"windows{n}")
        assert "ci" not in learned, config  # what follows a build CI configured its own way works on that build
        assert "appveyor" not in learned.get("workflow/test", "") + learned.get("workflow/build", ""), config
    files = {"Makefile": "test:\n\t./run-tests\n", "p.c": "int p(void) { return 1; }\n", "appveyor.yml": UBUNTU}
    assert (
        bodies(make_project, files, name="ubuntu")["ci"]
        == "CI (AppVeyor) on a push or pull request: appveyor.yml runs `make test`."
    )


SYSTEM_RULES_TRAVIS = """language: java
install:
  - jdk_switcher use oraclejdk8
  - ./mvnw install -DskipTests=true -Dgpg.skip=true
jdk:
  - openjdk10
  - oraclejdk8
matrix:
  include:
  - env: JAVA_HOME=/usr/lib/jvm/java-6-openjdk-amd64
"""


def test_a_travis_config_without_a_script_runs_its_languages_default(make_project):
    ci = bodies(make_project, JAVA | {".travis.yml": SYSTEM_RULES_TRAVIS})["ci"]
    assert ci == (
        "CI (Travis CI) on a push or pull request: .travis.yml sets no `script:`, so Travis CI runs its default for "
        "a Java project with a Maven wrapper, `./mvnw test -B`, on jdk openjdk10, oraclejdk8, plus 1 job `include:` "
        "adds."
    )
    node = {"package.json": '{"name": "e", "scripts": {"test": "mocha"}}\n', "lib/e.js": "module.exports = 1;\n"}
    node_ci = bodies(
        make_project, node | {".travis.yml": 'language: node_js\nnode_js:\n  - "8"\n  - "10"\n'}, name="node"
    )["ci"]
    assert "default for a Node.js project, `npm test`, on node_js 8, 10." in node_ci
    ruby = {"Gemfile": "source 'https://rubygems.org'\n", "Rakefile": "task default: :spec\n", "lib/r.rb": "1\n"}
    ruby_ci = bodies(make_project, ruby | {".travis.yml": "language: ruby\nrvm:\n  - 2.7\n"}, name="ruby")["ci"]
    assert "default for a Ruby project with a Gemfile, `bundle exec rake`, on rvm 2.7." in ruby_ci


def test_a_travis_default_is_said_only_where_the_config_implies_one(make_project):
    go = {"go.mod": "module example.com/e\n", "e.go": "package e\n", ".travis.yml": "language: go\ngo:\n  - 1.12.x\n"}
    assert bodies(make_project, go, name="go")["ci"].endswith(
        "default for a Go project, `go test -v ./...`, on go 1.12.x."
    )
    python = {"setup.py": "from setuptools import setup\nsetup(name='p')\n", "p.py": "x = 1\n"}
    assert "ci" not in bodies(make_project, python | {".travis.yml": "language: python\npython:\n  - 3.8\n"})
    own_jobs = "language: java\njobs:\n  include:\n    - script: ./mvnw verify\n"
    ci = bodies(make_project, JAVA | {".travis.yml": own_jobs}, name="jobs")["ci"]
    assert "`./mvnw verify`" in ci and "default" not in ci, "the jobs set their own script"


RELEASE_ONLY = """on:
  push:
    tags: ['v*']
jobs:
  release:
    runs-on: ubuntu-latest
    steps:
      - run: echo release
"""


def test_workflows_that_only_release_leave_the_ci_fact_to_the_travis_config(make_project):
    node = {"package.json": '{"name": "e", "scripts": {"test": "mocha"}}\n', "lib/e.js": "module.exports = 1;\n"}
    files = node | {".github/workflows/create-release.yml": RELEASE_ONLY, ".travis.yml": "language: node_js\n"}
    assert bodies(make_project, files)["ci"] == (
        "CI (Travis CI) on a push or pull request: .travis.yml sets no `script:`, so Travis CI runs its default for "
        "a Node.js project, `npm test`."
    )
