"""What a project is built on and what belongs to it: examples are not the project, the runtime dependencies
are named, headers follow the project's language, CMake and Kotlin are read right (issue 17)."""

from __future__ import annotations

import json


def learn(make_project, files: dict[str, str], name: str = "project") -> dict[str, str]:
    repo = make_project(files, name=name)
    return {f.key: f.body for f in repo.init().findings}


def sources(make_project, files: dict[str, str], name: str = "project") -> dict[str, tuple[str, ...]]:
    repo = make_project(files, name=name)
    return {f.key: f.sources for f in repo.init().findings}


RUST_WORKSPACE = {
    "Cargo.toml": '[workspace]\nmembers = ["web", "web-*"]\n[workspace.package]\nrust-version = "1.80"\n',
    "web/Cargo.toml": '[package]\nname = "web"\nedition = "2021"\n[dependencies]\ntokio = { version = "1", optional = '
    'true }\nhyper = "1"\nbytes = "1"\nweb-core = { path = "../web-core" }\n[dev-dependencies]\nquickcheck = "1"\n',
    "web/src/lib.rs": "pub fn f() {}\n",
    "web/tests/api.rs": "#[test]\nfn works() {}\n",
    "web-core/Cargo.toml": '[package]\nname = "web-core"\nedition = "2021"\n[dependencies]\nhttp = "1"\n',
    "web-core/src/lib.rs": "pub fn g() {}\n",
    "examples/Cargo.toml": '[workspace]\nmembers = ["*"]\n',
    "examples/todo/Cargo.toml": '[package]\nname = "todo"\n[dependencies]\ndiesel = "2"\nweb = { path = "../../web" }\n',
    "examples/todo/src/main.rs": "fn main() {}\n",
    "examples/todo/migrations/1/up.sql": "create table t (id int);\n",
}


def test_a_nested_examples_workspace_is_its_own_and_lends_the_project_nothing(make_project):
    learned = learn(make_project, RUST_WORKSPACE, name="web")
    packaging, stack = learned["rust/packaging"], learned["rust/stack"]
    assert "Cargo workspace of 2 crates: web, web-core" in packaging
    assert "examples/ is a separate Cargo workspace (1 crate), not part of the root workspace" in packaging
    assert "MSRV (rust-version) 1.80" in packaging
    assert "2 library crates" in stack
    assert "built on hyper, bytes, http; optional: Tokio (behind a feature or extra)" in stack  # tokio is optional
    assert "Test tools: quickcheck" in stack
    assert "Diesel" not in stack and "web-core" not in stack.split("):", 1)[1]  # an example's; the workspace's own
    assert "rust/entry-points" not in learned and "workflow/run" not in learned and "workflow/migrate" not in learned
    assert "(or `cargo test -p web works`)" in learned["workflow/test-one"]


def test_a_binary_crate_is_run_and_named(make_project):
    learned = learn(make_project, {
        "Cargo.toml": '[package]\nname = "find-it"\nedition = "2024"\n[[bin]]\nname = "fi"\npath = "src/main.rs"\n'
                      '[dependencies]\nclap = "4"\nignore = "0.4"\n',
        "src/main.rs": "fn main() {}\n",
    })  # fmt: skip
    assert "a binary (`fi`); built on ignore; CLI toolkit: clap" in learned["rust/stack"]
    assert learned["workflow/run"].startswith("To run: `cargo run -- --help`"), "clap answers --help with its usage"
    assert "src/main.rs" in learned["rust/entry-points"]


GO = {
    "go.mod": "module example.com/router\n\ngo 1.23\n",
    "router.go": "package router\n",
    "router_test.go": "package router\n",
    "_examples/rest/go.mod": "module example.com/rest\n\nrequire example.com/router v1.0.0\nrequire github.com/go-chi/"
    "chi/v5 v5.0.0\n",
    "_examples/rest/main.go": "package main\n",
}


def test_a_go_module_without_requirements_is_standard_library_only_whatever_its_examples_need(make_project):
    learned = learn(make_project, GO)
    assert "a library (no package main); no external dependencies (standard library only)" in learned["go/stack"]
    assert "example programs with their own go.mod (not part of the module): _examples/rest" in learned["go/packaging"]
    assert "chi" not in learned["go/stack"]
    assert "go test . -run <TestName>" in learned["workflow/test-one"]


def test_a_go_mod_only_in_test_fixtures_is_no_go_project(make_project):
    learned = learn(make_project, {"tests/fixtures/svc/go.mod": "module example.com/svc\n", "app.py": ""})
    assert "go/packaging" not in learned and "go/stack" not in learned


def test_a_go_modules_direct_requirements_are_its_stack_and_indirect_ones_are_not(make_project):
    files = {**GO, "go.mod": "module example.com/cli\n\ngo 1.22\n\nrequire (\n\tgithub.com/spf13/pflag v1.0.9\n"
             "\tgithub.com/acme/md v2.0.0\n\tgolang.org/x/sys v0.1.0 // indirect\n)\n"}  # fmt: skip
    stack = learn(make_project, files)["go/stack"]
    assert "built on github.com/acme/md" in stack and "CLI toolkit: pflag (flags)" in stack
    assert "golang.org/x/sys" not in stack


def test_python_runtime_dependencies_and_a_librarys_role(make_project):
    learned = learn(make_project, {
        "pyproject.toml": '[project]\nname = "webby"\ndependencies = ["Werkzeug>=3", "Jinja2", "itsdangerous"]\n'
                          '[project.optional-dependencies]\nasync = ["asgiref"]\n[project.scripts]\nwebby = "webby:main"\n'
                          '[dependency-groups]\ndev = ["pytest", "sphinx"]\n[build-system]\nbuild-backend = "flit_core.buildapi"\n',
        "src/webby/__init__.py": "",
        "tests/test_app.py": "def test_x():\n    pass\n",
        "examples/app/pyproject.toml": '[project]\nname = "app"\ndependencies = ["celery"]\n',
        "examples/app/tests/test_app.py": "def test_y():\n    pass\n",
    })  # fmt: skip
    stack = learned["python/stack"]
    assert "an installable package with the command `webby`; built on Werkzeug, Jinja, itsdangerous" in stack
    assert "Documentation: Sphinx; Test tools: pytest" in stack and "optional extras: async" in stack
    assert "Celery" not in stack and "asgiref" not in stack
    assert (
        "projects in examples or fixtures with their own manifest, not part of the package: examples/app"
        in learned["python/packaging"]
    )
    assert "tests/test_app.py" in learned["workflow/test-one"] and "examples/" not in learned["workflow/test-one"]


def test_a_python_project_uv_does_not_package_is_an_application(make_project):
    stack = learn(make_project, {
        "pyproject.toml": '[project]\nname = "site"\ndependencies = ["fastapi"]\n[tool.uv]\npackage = false\n',
        "main.py": "",
    })["python/stack"]  # fmt: skip
    assert "an application (not packaged); built on FastAPI" in stack


def test_a_js_librarys_runtime_dependencies_lead_and_dev_tools_follow(make_project):
    stack = learn(make_project, {
        "package.json": json.dumps({"name": "srv", "main": "srv.js", "dependencies": {"avvio": "1", "pino": "9"},
                                    "devDependencies": {"vitest": "1", "eslint": "9", "rollup": "4", "vite": "5"},
                                    "scripts": {"build": "rollup -c", "test": "vitest run"}}),
        "srv.js": "",
    })["javascript/stack"]  # fmt: skip
    assert "a library (npm package); built on pino, avvio" in stack
    # a build tool only where a script runs it: vite is there for the tests' sake
    assert "Build tools: Rollup; Test tools: Vitest; Lint and format: ESLint" in stack


MONOREPO = {
    "package.json": json.dumps({"name": "root", "private": True, "scripts": {"test": "vitest"},
                                "devDependencies": {"vitest": "1"}}),
    "pnpm-lock.yaml": "lockfileVersion: 9\n",
    "pnpm-workspace.yaml": "packages:\n  - 'packages/*'\n  - 'internal/*'\ncatalog:\n  - 'x'\n",
    "packages/core/package.json": json.dumps({"name": "@kit/core", "dependencies": {"@kit/shared": "1"}}),
    "packages/shared/package.json": json.dumps({"name": "@kit/shared"}),
    "packages/core/sub/package.json": json.dumps({"name": "@kit/core-sub"}),
    "internal/play/package.json": json.dumps({"name": "play", "private": True}),
}  # fmt: skip


def test_a_monorepo_names_its_public_packages_apart_from_private_ones_and_not_as_its_stack(make_project):
    learned = learn(make_project, MONOREPO)
    packaging = learned["javascript/packaging"]
    assert "monorepo with 3 packages (public under packages/: core, shared; private under internal/: play)" in packaging
    assert "core-sub" not in packaging  # packages/* is one level deep
    assert "@kit/shared" not in learned["javascript/stack"]
    assert "`pnpm test <file pattern> -t '<test name>'`" in learned["workflow/test-one"]


def test_a_monorepo_whose_packages_have_test_scripts_runs_one_package(make_project):
    files = {**MONOREPO, "packages/core/package.json": json.dumps({"name": "@kit/core", "scripts": {"test": "jest"}})}
    assert "pnpm --filter @kit/core test <file pattern> -t" in learn(make_project, files)["workflow/test-one"]


def test_a_gems_runtime_dependencies_exclude_its_sibling_gems(make_project):
    learned = learn(make_project, {
        "Gemfile": "source 'https://rubygems.org'\ngemspec\ngem 'minitest'\ngem 'rack-test'\n",
        "web.gemspec": "Gem::Specification.new do |s|\n  s.add_dependency 'rack', '>= 3'\n  s.add_dependency 'guard'\n"
                       "  s.add_dependency 'tilt'\nend\n",
        "guard/guard.gemspec": "Gem::Specification.new do |s|\n  s.add_dependency 'rack'\nend\n",
        "Rakefile": "task :test\n", "guard/Rakefile": "task :test\n",
        "lib/web.rb": "",
    })  # fmt: skip
    assert "a gem (library); built on Rack, tilt" in learned["ruby/stack"]
    assert "Test tools: Minitest, rack-test" in learned["ruby/stack"]
    assert (
        "2 gems in one repository: web (root), guard (guard/); guard/ has its own Rakefile" in learned["ruby/packaging"]
    )


def test_a_rails_apps_runtime_gems_leave_out_the_development_group(make_project):
    stack = learn(make_project, {
        "Gemfile": "gem 'rails'\ngem 'pg'\ngroup :development, :test do\n  gem 'rspec-rails'\n  gem 'sqlite3'\nend\n",
        "config/application.rb": "",
    })["ruby/stack"]  # fmt: skip
    assert "a Rails application; built on Rails" in stack and "PostgreSQL" in stack and "ActiveRecord" in stack
    assert "SQLite" not in stack and "Test tools: RSpec" in stack


def test_composer_require_is_the_php_stack_and_platform_requirements_are_not(make_project):
    stack = learn(make_project, {
        "composer.json": json.dumps({"type": "library", "require": {"php": "^8.1", "ext-json": "*",
                                     "nikic/fast-route": "^1", "psr/log": "^3"}, "require-dev": {"phpunit/phpunit": "^10"}}),
        "src/App.php": "<?php\n",
    })["php/stack"]  # fmt: skip
    assert "a Composer library; built on FastRoute, psr/log; Test tools: PHPUnit" in stack
    assert "ext-json" not in stack and "php" not in stack.split(":", 1)[1].replace("PHPUnit", "")


def test_headers_count_as_cpp_in_a_cpp_project_and_as_c_in_a_c_project(make_project):
    cpp = learn(make_project, {
        "CMakeLists.txt": "project(fmtish)\n",
        "include/lib.h": "x" * 6000,
        "src/lib.cc": "y" * 3000,
        "test/c-test.c": "z" * 100,
    }, name="cpp")  # fmt: skip
    assert "C++ 99%, C 1%" in cpp["languages"] or cpp["languages"].startswith("Languages by share of source: C++")
    assert "Main language: C++. .h headers count as C++." in cpp["languages"]
    assert "include/ (public headers, mostly C++" in cpp["layout/folders"]
    c = learn(make_project, {"Makefile": "all:\n", "src/uv.h": "x" * 6000, "src/uv.c": "y" * 3000}, name="c")
    assert "C 100%" in c["languages"] and "count as" not in c["languages"]


def test_cmake_language_list_decides_the_headers(make_project):
    learned = learn(make_project, {
        "CMakeLists.txt": "project(uvish LANGUAGES C)\n", "src/a.h": "x" * 500, "tools/b.cpp": "y" * 900,
    })  # fmt: skip
    assert learned["languages"].startswith("Languages by share of source: C++ 64%, C 36%")


def test_the_cmake_project_is_read_from_its_project_command_not_from_a_comment(make_project):
    body = learn(make_project, {
        "CMakeLists.txt": "# Determine if lib is built as a subproject (using add_subdirectory)\n"
                          "project(FMT CXX)\noption(FMT_TEST \"tests\" ON)\nadd_library(fmt src/f.cc)\n"
                          "add_library(fmt::fmt ALIAS fmt)\ntarget_compile_features(fmt PUBLIC cxx_std_11)\n"
                          "if (X)\n  add_library(fmt src/g.cc)\nendif()\nadd_subdirectory(test)\n",
        "test/CMakeLists.txt": "add_executable(args-test args-test.cc)\nadd_test(NAME args-test COMMAND args-test)\n"
                               "find_package(GTest)\n# gtest\n",
        "src/f.cc": "int f;\n",
    })["cpp/build"]  # fmt: skip
    assert body.startswith("C++ project: CMake project `FMT`; C++11 or later (cxx_std_11); libraries fmt;")
    assert "using" not in body and "tests built from test/" in body and "options FMT_TEST" in body


def test_autotools_beside_cmake_is_named_with_its_commands(make_project):
    repo = make_project({
        "CMakeLists.txt": "project(uv LANGUAGES C)\ninclude(CTest)\nadd_library(uv src/uv.c)\nadd_executable(run_tests t.c)\n"
                          "add_test(NAME all COMMAND run_tests)\n",
        "configure.ac": "AC_INIT\n", "Makefile.am": "TESTS = test/run-tests\n", "autogen.sh": "", "src/uv.c": "int x;\n",
    })  # fmt: skip
    found = repo.init()
    learned = {f.key: f.body for f in found.findings}
    assert "C project: 2 build systems: CMake and Autotools" in learned["cpp/build"]
    assert "Autotools (configure.ac, Makefile.am, autogen.sh)" in learned["cpp/build"]
    assert "build/run_tests <test name>" in learned["workflow/test-one"]  # one ctest entry: the runner picks
    assert "make check" in learned["workflow/test"]


def test_a_project_mostly_in_kotlin_is_called_kotlin_and_java_with_its_source_sets(make_project):
    body = learn(make_project, {
        "build.gradle.kts": 'plugins { id("com.vanniktech.maven.publish") }\n',
        "settings.gradle.kts": 'include(":lib")\n',
        "gradlew": "",
        "lib/src/main/kotlin/A.kt": "x" * 600,
        "lib/src/main/java/B.java": "y" * 400,
        "lib/src/test/kotlin/ATest.kt": "z",
    })["jvm/packaging"]  # fmt: skip
    assert body.startswith("Kotlin and Java project: build tool Gradle (./gradlew) with the Kotlin DSL")
    assert "a library (published)" in body
    assert "modules keep sources in src/main/java and src/main/kotlin, tests in src/test/kotlin" in body


def test_a_single_module_maven_build_runs_one_test_without_pl(make_project):
    learned = learn(make_project, {
        "pom.xml": "<project><properties><maven.compiler.source>1.8</maven.compiler.source></properties></project>",
        "src/main/java/A.java": "class A {}\n",
        "src/test/java/ATest.java": "class ATest {}\n",
    })  # fmt: skip
    assert learned["jvm/packaging"].startswith("Java project: build tool Maven (mvn); compiles for Java 8")
    assert "sources in src/main/java, tests in src/test/java" in learned["jvm/packaging"]
    assert "`mvn test -Dtest=<Class>`" in learned["workflow/test-one"]


def test_languages_and_folders_cite_their_files(make_project):
    cited = sources(make_project, {
        "README.md": "# X\n\nA tool.\n", "src/big.py": "x = 1\n" * 50, "src/small.py": "y = 1\n",
        "tests/test_big.py": "z = 1\n" * 100,
    })  # fmt: skip
    assert cited["languages"] == ("src/big.py",)  # the project's own largest file, not a test
    assert "README.md" in cited["layout/folders"]


def test_the_documentation_tool_is_named_with_its_config_and_a_stray_conf_py_is_not_sphinx(make_project):
    docs = learn(make_project, {"docs/src/conf.py": "project = 'x'\n", "src/a.c": "int a;\n"}, name="sphinx")
    assert "Documentation is built with Sphinx (docs/src/conf.py)." in docs["layout/folders"]
    mk = learn(make_project, {"support/mkdocs.yml": "site_name: x\n", "src/a.c": "int a;\n"}, name="mkdocs")
    assert "Documentation is built with MkDocs (support/mkdocs.yml)." in mk["layout/folders"]
    plain = learn(make_project, {"tools/conf.py": "x = 1\n", "src/a.c": "int a;\n"}, name="plain")
    assert "Documentation is built" not in plain["layout/folders"]


def test_strict_cargo_lints_and_doc_tests_of_a_library(make_project):
    files = {**RUST_WORKSPACE}
    files["Cargo.toml"] += '[workspace.lints.rust]\nunsafe_code = "forbid"\nmissing_docs = "warn"\n'
    learned = learn(make_project, files, name="web")
    assert (
        "lints: unsafe_code = forbid" in learned["rust/packaging"] and "missing_docs" not in learned["rust/packaging"]
    )
    assert "`cargo test --doc --workspace`" in learned["workflow/test"]
    binary = learn(make_project, {"Cargo.toml": '[package]\nname = "b"\n', "src/main.rs": "fn main() {}\n"}, name="b")
    assert "--doc" not in binary["workflow/test"]


def test_the_comment_above_the_go_directive_says_why(make_project):
    files = {**GO, "go.mod": "module example.com/router\n\n// We support the two newest Go releases.\ngo 1.23\n"}
    assert "Go 1.23 (go.mod: We support the two newest Go releases.)" in learn(make_project, files)["go/packaging"]
    assert "(go.mod:" not in learn(make_project, GO, name="plain")["go/packaging"]


def test_a_maven_default_goal_is_what_a_bare_mvn_runs(make_project):
    learned = learn(make_project, {
        "pom.xml": "<project><build><defaultGoal>clean verify checkstyle:check</defaultGoal></build></project>",
        "src/main/java/A.java": "class A {}\n",
    })  # fmt: skip
    assert "a bare `mvn` runs the default goal: clean verify checkstyle:check" in learned["jvm/packaging"]
    assert learned["workflow/build"].startswith("To build: `mvn` (the default goal)")


def test_one_js_test_file_goes_through_the_runner_the_test_script_reaches(make_project):
    learned = learn(make_project, {
        "package.json": json.dumps({"name": "srv", "scripts": {"test": "npm run lint && npm run unit", "unit": "borp",
                                    "lint": "eslint", "test:types": "tstyche"}}),
        "test/routes.test.js": "", "examples/x.test.js": "",
    })  # fmt: skip
    assert "`npx borp test/routes.test.js`" in learned["workflow/test-one"]
    assert "`npm run test:types`" in learned["workflow/typecheck"]  # a type check has its own role
    plain = learn(make_project, {"package.json": json.dumps({"name": "p", "scripts": {"test": "node run.js"}}),
                                 "test/a.test.js": ""}, name="plain")  # fmt: skip
    assert "workflow/test-one" not in plain


def test_a_big_monorepo_names_first_the_packages_its_readme_names(make_project):
    files = {"package.json": json.dumps({"name": "kit", "private": True, "workspaces": ["packages/*"]}),
             "README.md": "# Kit\n\nStart with `zeta-core`.\n"}  # fmt: skip
    for i in range(14):
        files[f"packages/p{i:02d}/package.json"] = json.dumps({"name": f"p{i:02d}"})
    files["packages/zeta-core/package.json"] = json.dumps({"name": "zeta-core"})
    packaging = learn(make_project, files, name="kit")["javascript/packaging"]
    assert "public under packages/: zeta-core, p00, p01" in packaging and "and 3 more" in packaging


def test_an_app_with_npm_inits_main_and_a_start_script_is_not_called_a_library(make_project):
    app = learn(make_project, {"package.json": json.dumps({"name": "shop", "main": "index.js",
                                                           "scripts": {"start": "node index.js"},
                                                           "dependencies": {"express": "4"}})})  # fmt: skip
    assert "library" not in app["javascript/stack"] and "built on Express" in app["javascript/stack"]


def test_a_go_program_at_the_root_is_not_called_a_library(make_project):
    stack = learn(make_project, {"go.mod": "module example.com/tool\n\ngo 1.22\n", "cli.go": "package main\n"})[
        "go/stack"
    ]
    assert "a program (package main at the root)" in stack


def test_composer_without_a_type_is_not_called_a_library(make_project):
    stack = learn(make_project, {"composer.json": json.dumps({"require": {"slim/slim": "^4"}}), "index.php": ""})[
        "php/stack"
    ]
    assert "library" not in stack and "built on Slim" in stack


def test_cmake_targets_named_by_a_set_variable_are_resolved(make_project):
    body = learn(make_project, {
        "CMakeLists.txt": "project(CURL C)\nset(LIB_NAME libcurl)\nadd_library(${LIB_NAME} lib/a.c)\n"
                          "add_executable(${UNKNOWN} src/m.c)\n",
        "lib/a.c": "int a;\n",
    })["cpp/build"]  # fmt: skip
    assert "libraries libcurl" in body and "UNKNOWN" not in body and "executables" not in body


def test_a_test_folder_mostly_of_other_files_says_so(make_project):
    files = {f"tests/data/test{i}": "x\n" for i in range(60)}
    files.update({"tests/http/test_basic.py": "def test_a():\n    pass\n", "src/a.c": "int a;\n"})
    body = learn(make_project, files)["layout/tests"]
    assert body.startswith("The tests live in tests/ (61 files), most of them suites and data not named like tests;")
    assert "1 of them is named test_*.py" in body, "the one file named like a test is not the whole suite"
    small = learn(make_project, {"tests/test_a.py": "", "tests/conftest.py": ""}, name="small")["layout/tests"]
    assert small.startswith("1 test file, named test_*.py; they live in tests/ (1 file)")


def test_the_package_managers_integrity_hash_is_left_out(make_project):
    packaging = learn(
        make_project, {"package.json": json.dumps({"name": "x", "packageManager": "pnpm@10.1.0+sha512.abc"})}
    )["javascript/packaging"]
    assert 'packageManager "pnpm@10.1.0"' in packaging and "sha512" not in packaging


def test_an_android_app_module_makes_an_android_application_and_a_plain_multi_module_build_says_nothing(make_project):
    base = {"settings.gradle.kts": 'include(":app", ":core")\n', "core/src/main/kotlin/A.kt": "class A\n",
            "build.gradle.kts": "plugins {\n  alias(libs.plugins.android.application) apply false\n}\n"}  # fmt: skip
    plain = learn(make_project, {**base, "app/build.gradle.kts": 'plugins { kotlin("jvm") }\n'}, name="plain")
    assert "application" not in plain["jvm/packaging"] and "library" not in plain["jvm/packaging"]
    app = learn(make_project, {**base, "app/build.gradle.kts": "plugins { alias(libs.plugins.android.application) }\n"},
                name="app")  # fmt: skip
    assert "an Android application" in app["jvm/packaging"]


def test_php_lint_scripts_and_codesniffer_are_offered_from_the_files_that_exist(make_project):
    learned = learn(make_project, {
        "composer.json": json.dumps({"require-dev": {"squizlabs/php_codesniffer": "^3", "phpunit/phpunit": "^10"},
                                     "scripts": {"phpcs": "phpcs", "phpstan": "phpstan"}}),
        "phpunit.xml.dist": "<phpunit/>", "phpcs.xml.dist": "<ruleset/>", "src/A.php": "<?php\n",
    })  # fmt: skip
    # the composer script runs a bare `phpcs` over a ruleset that names no <file>: phpcs stops with "You must supply
    # at least one file or directory" (user-registration's), so the folders to check are given instead
    assert learned["workflow/lint"] == "To lint: `vendor/bin/phpcs src` — from phpcs.xml.dist."
    assert "`composer phpcs`" not in learned["workflow/lint"]
    assert learned["workflow/test-one"].endswith("— from phpunit.xml.dist.")
    no_script = learn(make_project, {
        "composer.json": json.dumps({"require-dev": {"squizlabs/php_codesniffer": "^3"}}),
        "phpcs.xml.dist": "<ruleset/>", "src/A.php": "<?php\n",
    }, name="bare")  # fmt: skip
    # an empty ruleset names no <file>: phpcs is told the folders to check
    assert no_script["workflow/lint"] == "To lint: `vendor/bin/phpcs src` — from phpcs.xml.dist."


PDM_BUILD_ONLY = {
    "pyproject.toml": '[project]\nname = "x"\ndependencies = []\n[project.optional-dependencies]\ntest = ["pytest"]\n'
    '[build-system]\nrequires = ["pdm-backend"]\nbuild-backend = "pdm.backend"\n'
    '[tool.pdm]\nversion = { source = "file", path = "x/__init__.py" }\n[tool.pdm.build]\nincludes = ["x"]\n',
    "x/__init__.py": "",
    "tests/test_x.py": "def test_x():\n    pass\n",
}


def test_a_tool_table_that_only_configures_the_build_makes_no_package_manager(make_project):
    plain = "\n".join(learn(make_project, PDM_BUILD_ONLY, name="plain").values())
    assert "pdm run" not in plain and "pdm install" not in plain and "pytest" in plain
    guided = {**PDM_BUILD_ONLY, "CONTRIBUTING.md": "Set up with `pdm install -G test`, then `pdm run pytest`.\n"}
    assert "pdm run pytest" in "\n".join(learn(make_project, guided, name="guided").values())
    locked = {**PDM_BUILD_ONLY, "pdm.lock": "# lock\n"}
    assert "pdm install" in "\n".join(learn(make_project, locked, name="locked").values())


def test_a_gems_rails_app_under_test_is_a_fixture_and_a_root_rails_app_is_the_project(make_project):
    gem = {
        "widget.gemspec": 'Gem::Specification.new do |s|\n  s.name = "widget"\n  s.add_dependency "activesupport"\n'
        '  s.add_development_dependency "rails"\n  s.add_development_dependency "minitest"\nend\n',
        "Gemfile": 'source "https://rubygems.org"\ngemspec\ngem "rails"\n',
        "Rakefile": "require 'rake/testtask'\nRake::TestTask.new\ntask default: :test\n",
        "lib/widget.rb": "module Widget; end\n",
        "test/rails_app/config/application.rb": "module RailsApp; class Application < Rails::Application; end; end\n",
        "test/widget_test.rb": "require 'minitest/autorun'\n",
    }
    whole = "\n".join(learn(make_project, gem, name="gem").values())
    assert "a gem (library)" in whole and "rails test" not in whole and "rails server" not in whole
    assert "bundle exec rake test" in whole
    app = {"Gemfile": 'source "https://rubygems.org"\ngem "rails"\n', "config/application.rb": "module App; end\n"}
    assert "rails test" in "\n".join(learn(make_project, app, name="app").values())


def test_a_workspace_package_without_private_true_counts_as_public(make_project):
    files = {
        "package.json": json.dumps({"name": "root", "private": True, "workspaces": ["packages/*"]}),
        "packages/core/package.json": json.dumps({"name": "core"}),
        "packages/cli/package.json": json.dumps({"name": "cli", "private": "false"}),
        "packages/site/package.json": json.dumps({"name": "site", "private": True}),
    }
    assert "a monorepo of 3 packages (2 public)" in "\n".join(learn(make_project, files).values())


def test_a_script_that_needs_an_argument_is_not_offered_bare(make_project):
    scripts = {"lint": "eslint . $1", "check": "eslint .", "bench": "node bench/run.js $1", "test": "vitest"}
    whole = "\n".join(learn(make_project, {"package.json": json.dumps({"name": "x", "scripts": scripts})}).values())
    assert "`npm run lint`" not in whole and "`npm run check`" in whole
    assert "`npm run bench -- <benchmark>`" in whole
    plain = {"package.json": json.dumps({"name": "x", "scripts": {"bench": "node bench/all.js"}})}
    assert "`npm run bench`" in "\n".join(learn(make_project, plain, name="plain").values())


def test_a_header_beside_only_cpp_sources_is_cpp_in_a_c_project_and_fuzzing_is_no_source(make_project):
    """inih: ini.c and ini.h are the C library; cpp/INIReader.h is the C++ wrapper's header; fuzzing/ holds the
    fuzz harness, not the library."""
    learned = learn(make_project, {
        "ini.c": "c" * 6000, "ini.h": "h" * 2000, "cpp/INIReader.cpp": "p" * 3000, "cpp/INIReader.h": "q" * 2000,
        "fuzzing/inihfuzz.c": "f" * 1000, "meson.build": "project('inih', ['c'])\n",
    }, name="inih")  # fmt: skip
    assert learned["languages"].startswith("Languages by share of source: C 64%, C++ 36%")
    assert learned["layout/source"].startswith("Main source: the project's own C code is all in ini.c and ini.h")


def test_a_property_named_like_a_framework_is_not_it_and_a_skipped_javadoc_plugin_builds_no_docs(make_project):
    """javalin's pom: `<ktorm.version>` is an optional integration's version, not Ktor; its maven-javadoc-plugin
    is `<skip>true</skip>` because Dokka writes the API docs."""
    pom = (
        "<project><groupId>io.javalin</groupId><artifactId>javalin-parent</artifactId>\n"
        "<properties><ktorm.version>3.6.0</ktorm.version></properties>\n"
        "<distributionManagement><repository><id>central</id></repository></distributionManagement>\n"
        "<build><plugins><plugin><groupId>org.apache.maven.plugins</groupId>"
        "<artifactId>maven-javadoc-plugin</artifactId><configuration><skip>true</skip></configuration></plugin>"
        "</plugins></build></project>\n"
    )
    learned = learn(make_project, {"pom.xml": pom, "src/main/java/io/javalin/Javalin.java": "class Javalin {}\n"})
    assert "Ktor" not in learned["jvm/packaging"] and "a library (published)" in learned["jvm/packaging"]
    assert "workflow/docs" not in learned
    kept = pom.replace("<skip>true</skip>", "<doclint>none</doclint>")
    assert (
        "javadoc:javadoc"
        in learn(make_project, {"pom.xml": kept, "src/main/java/A.java": "class A {}\n"}, "b")["workflow/docs"]
    )
