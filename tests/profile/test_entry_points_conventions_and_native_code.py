"""Round twenty-two of general fixes (issue 17), from the causes of the twenty-first held-out set: a package's
module and exports, a docs folder, a package file that holds the code, a build-time code generator, a changelog
others add to, a gemspec's continued string, verb-first commit subjects, numbered C tests and JNI code."""

from __future__ import annotations

from picasso_tui.profile.history import investigate as history
from picasso_tui.profile.investigator import investigate
from tests.profile.learned import bodies


def test_a_packages_module_exports_and_types_are_its_entry_points(make_project):
    package = (
        '{"name": "mitt", "main": "dist/mitt.js", "module": "dist/mitt.mjs", "typings": "index.d.ts",'
        ' "exports": {".": {"import": "./dist/mitt.mjs", "require": "./dist/mitt.js", "default": "./dist/mitt.mjs"}}}\n'
    )
    learned = bodies(make_project, {"package.json": package, "src/index.ts": "export default 1\n"}, name="mitt")
    assert learned["javascript/entry-points"] == (
        "package.json entry points: main dist/mitt.js, module dist/mitt.mjs, types index.d.ts."
    )  # the exports name no other file


def test_a_docs_folder_is_documentation_and_a_large_package_file_is_a_module(make_project):
    files = {
        "pyproject.toml": '[project]\nname = "cachetools"\n',
        "docs/conf.py": "project = 'cachetools'\n",
        "docs/index.rst": "cachetools\n==========\n",
        "src/cachetools/__init__.py": "class Cache:\n    pass\n" * 600,
        "src/cachetools/keys.py": "def hashkey():\n    pass\n" * 20,
        "src/cachetools/func.py": "def ttl_cache():\n    pass\n" * 20,
    }
    learned = bodies(make_project, files, name="cachetools")
    assert "docs/ (documentation, 2 files)" in learned["layout/folders"]
    assert "largest modules __init__.py, func.py, keys.py" in learned["layout/source"]


def test_a_code_generator_is_not_the_stack_and_jni_code_is_not_a_c_project(make_project):
    pom = (
        "<project><artifactId>jansi</artifactId><dependencies><dependency><groupId>info.picocli</groupId>"
        "<artifactId>picocli-codegen</artifactId><scope>test</scope></dependency></dependencies><build><plugins>"
        "<plugin><executableDependency><groupId>info.picocli</groupId><artifactId>picocli-codegen</artifactId>"
        "</executableDependency><mainClass>picocli.codegen.aot.graalvm.JniConfigGenerator</mainClass></plugin>"
        "</plugins></build></project>\n"
    )
    files = {"pom.xml": pom, "src/main/java/a/Ansi.java": "class Ansi {}\n" * 30, "Makefile": "all: package\n",
             "src/main/native/jansi.c": "int x;\n"}  # fmt: skip
    learned = bodies(make_project, files, name="jansi")
    assert "picocli" not in learned["jvm/packaging"]
    assert "cpp/build" not in learned and learned["workflow/build"].startswith("To build: `mvn -q package`")


def test_a_gemspecs_continued_description_is_read_whole(make_project):
    gemspec = (
        'Gem::Specification.new do |spec|\n  spec.name = "tty-prompt"\n'
        '  spec.description = "A beautiful and powerful interactive command line " \\\n'
        '                     "prompt with a robust API."\nend\n'
    )
    learned = bodies(make_project, {"tty-prompt.gemspec": gemspec, "lib/tty/prompt.rb": "module TTY; end\n"},
                     name="tty-prompt")  # fmt: skip
    assert (
        learned["project/summary"]
        == "Project tty-prompt: A beautiful and powerful interactive command line prompt with a robust API."
    )


def test_verb_first_subjects_are_a_convention(make_project):
    repo = make_project({"a.txt": "0\n"}, message="Add prompt")
    for i, subject in enumerate(["Change to use keys", "Add select", "Fix paging", "Change docs", "Add slider"]):
        repo.write({"a.txt": f"{i}\n"}).commit(subject)
    body = history(repo.root).findings[0].body
    assert body.startswith(
        "Commit messages: subjects start with a capitalised verb (100% of the last 6: Add …, Change …, Fix …)"
    )


def test_numbered_c_tests_are_tests(make_project):
    files = {f"tests/test{i}.c": "int main(void) { return 0; }\n" for i in range(1, 6)}
    files |= {"src/uthash.h": "#define HASH 1\n", "tests/Makefile": "all:\n\tcc test1.c\n"}
    assert bodies(make_project, files, name="uthash")["layout/tests"] == (
        "5 test files, named test<N>.c; they live in tests/ (5 files)."
    )


def test_a_changelog_others_add_to_is_not_one_maintainers(make_project):
    repo = make_project({"Changelog.md": "# Changelog\n\n## Unreleased\n\n- Start.\n", "src/lib.rs": "\n"})
    for i in range(4):  # contributors who change only the code
        repo.write({f"src/g{i}.rs": "\n"})
        repo.git("add", "-A")
        repo.git("commit", "-q", f"--author=Coder {i} <c{i}@example.com>", "-m", f"Tidy {i}")
    for i in range(20):
        repo.write({"Changelog.md": f"# Changelog\n\n## Unreleased\n\n- Change {i}.\n"})
        repo.git("add", "-A")
        repo.git("commit", "-q", "--author=Mingun <m@example.com>", "-m", f"Note change {i}")
    repo.write({"Changelog.md": "# Changelog\n\n## Unreleased\n\n- Fix the parser.\n", "src/f.rs": "\n"})
    repo.git("add", "-A")
    repo.git("commit", "-q", "--author=Dev <d@example.com>", "-m", "Fix the parser")  # with its own entry
    _, findings, _ = investigate(repo.root)
    rule = next(f.body for f in findings if f.key == "rules/changelog")
    assert "kept by" not in rule and "upcoming release's heading" in rule  # 20 of 22: others add theirs too


def test_a_self_check_class_phpunit_without_a_root_config_and_a_path_member(make_project):
    composer = '{"name": "defuse/php-encryption", "require-dev": {"phpunit/phpunit": "^9"}}\n'
    files = {"composer.json": composer, "src/Crypto.php": "<?php class Crypto {}\n",
             "src/RuntimeTests.php": "<?php class RuntimeTests extends Crypto { public static function runtimeTest() {} }\n",
             "test/unit/CryptoTest.php": "<?php class CryptoTest extends TestCase { public function testA() {} }\n",
             "test/phpunit-10.xml": "<phpunit/>\n", "test.sh": "#!/bin/sh\n"}  # fmt: skip
    learned = bodies(make_project, files, name="php-encryption")
    assert learned["layout/tests"] == "1 test file, named *Test.*; they live in test/ (1 file)."
    assert "phpunit" not in learned.get("workflow/test", "") and "workflow/test-one" not in learned
    crates = {"Cargo.toml": '[package]\nname = "parking_lot"\n\n[workspace]\nexclude = ["benchmark"]\n\n'
              '[dependencies]\nlock_api = { path = "lock_api" }\n', "src/lib.rs": "\n",
              "lock_api/Cargo.toml": '[package]\nname = "lock_api"\n', "lock_api/src/lib.rs": "\n"}  # fmt: skip
    assert (
        "Cargo workspace of 2 crates: parking_lot, lock_api"
        in bodies(make_project, crates, name="pl")["rust/packaging"]
    )


def test_issue_led_subjects_uvu_one_test_and_a_push_only_workflow(make_project):
    repo = make_project({"a.txt": "0\n"}, message="refs #1, start")
    for i in range(2, 7):
        repo.write({"a.txt": f"{i}\n"}).commit(f"refs #{i}, fix path {i}")
    assert "100% lead with `refs #<issue>,`" in history(repo.root).findings[0].body
    package = '{"name": "kleur", "scripts": {"test": "uvu -r esm -i utils"}, "devDependencies": {"uvu": "^0.5"}}\n'
    ci = "on: [push]\njobs:\n  test:\n    steps:\n      - run: npm test\n"
    files = {"package.json": package, "index.mjs": "export default 1\n", "test/colors.js": "test('a', () => {})\n",
             ".github/workflows/ci.yml": ci}  # fmt: skip
    learned = bodies(make_project, files, name="kleur")
    assert learned["workflow/test-one"].startswith("To run one test: `npx uvu -r esm test colors`")
    assert learned["ci"].startswith(
        "CI (GitHub Actions) on pushes only (not on pull requests): .github/workflows/ci.yml (jobs test) runs `npm test`"
    )


def test_a_readme_lead_in_and_a_why_named_for_the_project_are_no_decisions(make_project):
    readme = (
        "# Easy Random\n\n## Why Easy Random?\n\nPopulating a graph by hand is tedious, because every field needs a "
        "value.\n\n## Design\n\nThe generator is defined as follows because we wanted it so:\n\n```java\nclass A {}\n```\n"
    )
    files = {"README.md": readme, "pom.xml": "<project><artifactId>easy-random</artifactId></project>\n"}
    learned = bodies(make_project, files, name="easy-random")
    assert not [k for k in learned if k.startswith("decision/readme/")]
