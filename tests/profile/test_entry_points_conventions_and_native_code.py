"""Round twenty-two of general fixes (issue 17), from the causes of the twenty-first held-out set: a package's
module and exports, a docs folder, a package file that holds the code, a build-time code generator, a changelog
others add to, a gemspec's continued string, verb-first commit subjects, numbered C tests and JNI code."""

from __future__ import annotations

from picasso_tui.profile.history import investigate as history
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
