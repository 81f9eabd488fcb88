"""Causes found on set 59's run (issue 17, thirty-seventh round): a feature's name taken for a role, internal Taskfile
tasks, a coverage floor one test cannot meet, a system install and a configure run from above the clone, Doxygen
feeding Sphinx, generated validators as the largest modules, a mocha config that names the specs, a generator crate
as the program, a link check as docs, a CI job a change also runs, a docs theme's libraries and a C entry file."""

from __future__ import annotations

from tests.profile.learned import bodies


def test_a_feature_name_gives_no_role_and_a_generator_crate_is_not_the_program(make_project):
    ci = ("on: [push]\njobs:\n  doc:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
          "      - run: cargo doc --all --features pretty-print,memchr\n")  # fmt: skip
    files = {"Cargo.toml": '[workspace]\nmembers = ["pest", "bootstrap", "debugger"]\n',
             "pest/Cargo.toml": '[package]\nname = "pest"\nversion = "2.8.0"\n', "pest/src/lib.rs": "pub fn a() {}\n" * 5,
             "bootstrap/Cargo.toml": '[package]\nname = "pest_bootstrap"\nversion = "2.8.0"\n',
             "bootstrap/src/main.rs": "fn main() {}\n",
             "debugger/Cargo.toml": '[package]\nname = "pest_debugger"\nversion = "2.8.0"\n',
             "debugger/src/main.rs": "fn main() {}\n", ".github/workflows/ci.yml": ci}  # fmt: skip
    learned = bodies(make_project, files, name="pest")
    assert "pretty-print" not in learned.get("workflow/format", "")
    assert learned["workflow/docs"].startswith("To build or preview the docs: `cargo doc --all --features pretty-print")
    assert learned["workflow/run"].startswith("To run: `cargo run -p pest_debugger`")


def test_internal_tasks_are_not_offered_and_one_test_skips_the_coverage_floor(make_project):
    taskfile = (
        "version: '3'\ntasks:\n  test:\n    cmds:\n      - nox -N -s test\n  tools:\n    internal: true\n"
        "    cmds:\n      - pip install nox\n  venv:\n    internal: true\n    cmds:\n      - python -m venv .venv\n"
    )
    setup = "[tool:pytest]\naddopts =\n    --cov=respx\n    --cov-fail-under 100\n"
    files = {"Taskfile.yaml": taskfile, "setup.cfg": setup, "setup.py": "from setuptools import setup\nsetup()\n",
             "respx/__init__.py": "x = 1\n", "requirements.txt": "pytest\npytest-cov\n",
             "tests/test_api.py": "def test_a():\n    pass\n"}  # fmt: skip
    learned = bodies(make_project, files, name="respx")
    assert "task tools" not in learned["tasks/task"] and "task venv" not in learned["tasks/task"]
    assert "`pytest tests/test_api.py::test_a --no-cov`" in learned["workflow/test-one"]


def test_a_readme_run_from_above_the_clone_and_a_system_install_are_not_commands(make_project):
    readme = (
        "# libcbor\n\n## Getting started\n\n```bash\ngit clone https://github.com/PJK/libcbor\n"
        "cmake -DCMAKE_BUILD_TYPE=Release libcbor\nmake\nmake install\n```\n"
    )
    files = {"README.md": readme, "CMakeLists.txt": "project(libcbor C)\nadd_library(cbor src/cbor.c)\n",
             "src/cbor.c": "int c;\n" * 40, "src/cbor/streaming.c": "int s;\n", "src/cbor/common.c": "int s;\n",
             "src/cbor/encoding.c": "int e;\n", "Doxyfile": "GENERATE_HTML = NO\nGENERATE_XML = YES\n",
             "doc/source/conf.py": "extensions = ['breathe']\n", "doc/source/index.rst": "libcbor\n=======\n"}  # fmt: skip
    learned = bodies(make_project, files, name="libcbor")
    assert "libcbor`" not in learned.get("workflow/build", "")
    assert "make install" not in learned.get("workflow/install", "")
    assert "Documentation is built with Sphinx (doc/source/conf.py)" in learned["layout/folders"]
    assert "Its entry file src/cbor.c, beside it" in learned["layout/source"]


def test_marked_generated_files_are_not_the_largest_modules_and_a_mocharc_spec_takes_grep(make_project):
    package = '{"name": "dependency-cruiser", "scripts": {"test": "mocha"}, "devDependencies": {"mocha": "^11"}}'
    spec = "describe('x', () => { it('y', () => {}) })\n"
    files = {"package.json": package, ".mocharc.cjs": 'module.exports = { spec: "test/**/*.spec.mjs" };\n',
             ".gitattributes": "src/schema/**/*.validate.mjs linguist-generated\n",
             "src/schema/cruise-result.validate.mjs": "export const v = 1;\n" * 300,
             **{f"src/{d}/index.mjs": "export const a = 1;\n" * 200 for d in ("main", "extract", "report", "cli")},
             "test/a/one.spec.mjs": spec, "test/b/two.spec.mjs": spec}  # fmt: skip
    learned = bodies(make_project, files, name="dependency-cruiser")
    assert "validate.mjs" not in learned["layout/source"]
    assert learned["workflow/test-one"].startswith("To run one test: `npx mocha --grep '<test name>'`")


def test_a_link_check_is_no_docs_and_a_job_a_pull_request_runs_is_read(make_project):
    ci = (
        "on:\n  pull_request:\n  workflow_dispatch:\njobs:\n  lint:\n    if: >-\n"
        "      github.event_name == 'workflow_dispatch' ||\n      (github.event_name == 'pull_request' && "
        "!startsWith(github.event.pull_request.head.ref, 'release-please--'))\n    runs-on: ubuntu-latest\n"
        "    steps:\n      - uses: actions/checkout@v6\n      - run: bundle exec rake rubocop yard\n"
    )
    rakefile = "task :yard do\n  sh 'yard doc'\nend\nnamespace :markdown do\n  task :links do\n  end\nend\n"
    files = {"Rakefile": rakefile, "Gemfile": "source 'https://rubygems.org'\ngem 'yard'\ngem 'rubocop'\n",
             "lib/git.rb": "module Git; end\n", ".github/workflows/continuous_integration.yml": ci,
             "README.md": "# git\n\nCheck the links with `bundle exec rake markdown:links`.\n"}  # fmt: skip
    learned = bodies(make_project, files, name="ruby-git")
    assert "continuous_integration.yml (jobs lint)" in learned["ci"]
    assert "markdown:links" not in learned.get("workflow/docs", "")


def test_a_docs_themes_libraries_are_not_the_projects_javascript(make_project):
    files = {"pom.xml": "<project><artifactId>jsonschema-generator</artifactId></project>",
             "src/main/java/a/A.java": "package a;\nclass A {}\n" * 30,
             "slate-docs/source/javascripts/lib/_jquery.js": "var j = 1;\n" * 400,
             "slate-docs/source/javascripts/lib/_lunr.js": "var l = 1;\n" * 400,
             "slate-docs/source/javascripts/lib/_imagesloaded.min.js": "var i=1;" * 400}  # fmt: skip
    assert "JavaScript" not in bodies(make_project, files, name="jsonschema-generator")["languages"]
