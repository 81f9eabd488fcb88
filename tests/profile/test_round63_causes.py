"""Causes found in the sixty-third round."""

from __future__ import annotations

import json

from tests.profile.learned import bodies, workflow


def test_a_guides_vendor_bin_command_follows_composers_vendor_dir(make_project):
    # TeamPass's CLAUDE.md says `vendor/bin/phpstan analyse`; its composer.json installs into app/vendor
    composer = {"require-dev": {"phpstan/phpstan": "^1"}, "config": {"vendor-dir": "app/vendor"}}
    files = {
        "composer.json": json.dumps(composer),
        "app/sources/main.php": "<?php\nfunction main() {}\n",
        "CLAUDE.md": "## Commands\n\n```bash\nvendor/bin/phpstan analyse\n```\n",
    }
    learned = bodies(make_project, files, name="vendordir")
    assert learned["workflow/typecheck"].startswith("To type-check: `app/vendor/bin/phpstan analyse`"), learned[
        "workflow/typecheck"
    ]


def test_a_php_project_tests_with_its_own_named_phpunit_config_before_its_asset_specs(make_project):
    # luya: luyadev/luya-testsuite brings PHPUnit, actions.phpunit.xml is the only config, karma runs the JS specs
    composer = {"require-dev": {"luyadev/luya-testsuite": "^3.1"}, "autoload": {"psr-4": {"luya\\": "core/"}}}
    package = {"devDependencies": {"karma": "^6"}, "scripts": {"test": "karma start k.conf.js", "dev": "karma start"}}
    php = {f"core/helpers/H{i}.php": f"<?php\nclass H{i} {{}}\n" for i in range(9)}
    files = php | {
        "composer.json": json.dumps(composer),
        "package.json": json.dumps(package),
        "yarn.lock": "",
        "tests/js/a.spec.js": "describe('a', () => {});\n",
        "actions.phpunit.xml": '<phpunit><testsuites><testsuite name="all"><directory>tests</directory>'
        "</testsuite></testsuites></phpunit>\n",
        "tests/core/HelperTest.php": "<?php\nclass HelperTest extends \\PHPUnit\\Framework\\TestCase {}\n",
    }
    learned = bodies(make_project, files, name="luya")
    assert learned["workflow/test"].startswith("To test: `vendor/bin/phpunit -c actions.phpunit.xml`"), learned[
        "workflow/test"
    ]
    assert "karma" not in learned.get("workflow/run", ""), "a karma watcher runs the specs, not the project"


RUBY_APP = {
    "Gemfile": "source 'https://rubygems.org'\ngem 'roda'\n",
    "Gemfile.lock": "GEM\n  specs:\n    roda (3.0)\n",
    **{f"model/m{i}.rb": f"class M{i}; end\n" for i in range(8)},
}


def test_a_package_json_that_manages_nothing_beside_another_language_says_nothing(make_project):
    # TeamPass' package.json holds a name and an author: its browser libraries are committed under public/plugins
    php = {f"app/sources/s{i}.php": f"<?php\nfunction s{i}() {{}}\n" for i in range(8)}
    files = php | {
        "composer.json": json.dumps({"require": {"php": ">=8.2"}}),
        "package.json": json.dumps({"name": "Teampass", "author": "N"}),
        "package-lock.json": json.dumps({"name": "Teampass", "lockfileVersion": 3, "packages": {}}),
        "public/plugins/jquery/jquery.js": "(function(){})();\n",
        "app/js/items.js": "$(function () { load(); });\n",
        "app/js/users.js": "$(function () { list(); });\n",
    }
    learned = bodies(make_project, files, name="teampass")
    assert "javascript/packaging" not in learned and "javascript/stack" not in learned, sorted(learned)
    assert "npm install" not in learned.get("workflow/install", ""), learned.get("workflow/install")


def test_a_ruby_apps_tailwind_build_is_no_way_to_run_it_nor_a_js_stack_without_dependencies(make_project):
    # ubicloud's package.json: `dev: npx tailwindcss -o …`, devDependencies only
    package = {"devDependencies": {"tailwindcss": "^3"}, "scripts": {"dev": "npx tailwindcss -o a.css -i t.css"}}
    files = RUBY_APP | {"package.json": json.dumps(package), "package-lock.json": "{}", "assets/js/app.js": "x();\n"}
    learned = bodies(make_project, files, name="ubicloud")
    assert "tailwindcss" not in learned.get("workflow/run", ""), learned.get("workflow/run")
    assert "no runtime dependencies" not in learned.get("javascript/stack", ""), learned.get("javascript/stack")


def test_a_tsconfig_without_typescript_files_makes_no_typescript_project(make_project):
    # homeland's tsconfig.json is left from its Webpacker set-up: app/javascript holds only .js
    package = {"name": "homeland", "dependencies": {"jquery": "^3"}}
    files = RUBY_APP | {
        "package.json": json.dumps(package),
        "yarn.lock": "",
        "tsconfig.json": "{}",
        "app/javascript/a.js": "x();\n",
    }
    learned = bodies(make_project, files, name="homeland")
    assert "TypeScript" not in learned["javascript/packaging"], learned["javascript/packaging"]


def test_optional_peer_dependencies_are_offered_not_built_on(make_project):
    # openai-node: zod and ws are peerDependencies marked optional in peerDependenciesMeta
    package = {
        "name": "openai",
        "main": "dist/index.js",
        "peerDependencies": {"zod": "^3", "ws": "^8"},
        "peerDependenciesMeta": {"zod": {"optional": True}, "ws": {"optional": True}},
        "devDependencies": {"vitest": "^3"},
        "scripts": {"test": "vitest run"},
    }
    files = {"package.json": json.dumps(package), "src/index.ts": "export const a = 1;\n", "tsconfig.json": "{}"}
    learned = bodies(make_project, files, name="openai")
    assert "built on" not in learned["javascript/stack"], learned["javascript/stack"]
    assert "optional: " in learned["javascript/stack"], learned["javascript/stack"]


def test_composer_plugins_and_the_packages_they_place_are_not_what_the_app_is_built_on(make_project):
    # concretecms requires only wikimedia/composer-merge-plugin, which merges concrete/composer.json's requirements
    php = {f"concrete/src/C{i}.php": f"<?php\nclass C{i} {{}}\n" for i in range(8)}
    merged = {"type": "project", "require": {"php": ">=7.3", "wikimedia/composer-merge-plugin": "^2"}}
    learned = bodies(make_project, php | {"composer.json": json.dumps(merged)}, name="concretecms")
    assert "composer-merge-plugin" not in learned["php/stack"], learned["php/stack"]
    assert "no runtime dependencies" not in learned["php/stack"], "the merged manifest's requirements are unread"
    # phplist: davidbarratt/custom-installer drops language packs and plugins into public_html
    placed = {
        "type": "project",
        "require": {
            "davidbarratt/custom-installer": "^1",
            "phplist/phplist-lan-help": "*",
            "bramley/phplist-plugin-common": "*",
            "phpmailer/phpmailer": "^6",
        },
        "extra": {"custom-installer": {"public_html/lists/admin/help": ["phplist/phplist-lan-help"]}},
    }
    learned = bodies(make_project, php | {"composer.json": json.dumps(placed)}, name="phplist")
    assert "built on phpmailer/phpmailer" in learned["php/stack"], learned["php/stack"]
    assert "lan-help" not in learned["php/stack"] and "plugin-common" not in learned["php/stack"]


def test_a_one_test_heading_over_the_whole_suite_gives_no_one_test_command(make_project):
    # swig's AGENTS.md: `make -k check   # full test suite, keep going on errors`, under "Testing a single case"
    guide = "## Running a single test\n\n```bash\nmake -k check\n```\n"
    files = {"configure.ac": "AC_INIT([x], [1])\n", "Makefile.in": "check:\n\techo ok\n", "AGENTS.md": guide,
             "Source/a.c": "int a;\n"}  # fmt: skip
    learned = bodies(make_project, files, name="swig")
    assert "make -k check" not in learned.get("workflow/test-one", ""), learned.get("workflow/test-one")


def test_a_guides_check_script_builds_nothing(make_project):
    # viem's AGENTS.md: "Run `pnpm check:types` and `pnpm build:types` sequentially"
    package = {"name": "v", "scripts": {"build": "tsc -p tsconfig.build.json", "check:types": "tsc -b"},
               "devDependencies": {"typescript": "^5"}}  # fmt: skip
    guide = "## Build\n\n- Run `pnpm check:types` before you build.\n"
    files = {"package.json": json.dumps(package), "pnpm-lock.yaml": "", "AGENTS.md": guide, "src/a.ts": "export {};\n",
             "tsconfig.json": "{}"}  # fmt: skip
    learned = bodies(make_project, files, name="viem")
    assert "check:types" not in learned.get("workflow/build", ""), learned.get("workflow/build")


RUST_WORKSPACE = {
    "Cargo.toml": '[workspace]\nmembers = ["core/build_tool", "desktop", "tests"]\ndefault-members = ["desktop"]\n',
    "core/build_tool/Cargo.toml": '[package]\nname = "build_tool"\nversion = "0.1.0"\n',
    "core/build_tool/src/main.rs": "fn main() {}\n",
    "desktop/Cargo.toml": '[package]\nname = "player_desktop"\nversion = "0.1.0"\n',
    "desktop/src/main.rs": "fn main() {}\n",
    "tests/Cargo.toml": '[package]\nname = "tests"\nversion = "0.1.0"\n',
    "tests/src/main.rs": "fn main() {}\n",
    ".cargo/config.toml": '[alias]\ntestutils = "run --package tests --"\n',
}


def test_a_test_named_cargo_alias_builds_nothing_and_the_default_member_is_the_program(make_project):
    # ruffle's CONTRIBUTING.md: `cargo testutils compile` compiles the test SWFs; default-members = ["desktop"]
    guide = "## Building\n\nCompile the test movies with `cargo testutils compile`.\n"
    learned = bodies(make_project, RUST_WORKSPACE | {"CONTRIBUTING.md": guide}, name="ruffle")
    assert "testutils" not in learned.get("workflow/build", ""), learned.get("workflow/build")
    assert learned["workflow/run"].startswith("To run: `cargo run -p player_desktop"), learned["workflow/run"]


def test_ci_builds_of_one_crate_a_test_harness_or_a_lint_script_do_not_lead_the_build(make_project):
    # zenoh's test job builds zenoh-plugin-rest first; open62541's CI builds a .NET harness in tests/ and a
    # repository it checks out beside; capstone's CI runs `./run-clang-tidy.sh build`
    ci = workflow(
        "cargo build -p build_tool --lib",
        "dotnet build tests/interop/dotnet/Harness.csproj",
        "dotnet build Other/Server/Server.csproj",
        "./run-clang-tidy.sh build",
    )
    files = RUST_WORKSPACE | {".github/workflows/ci.yml": ci, "run-clang-tidy.sh": "#!/bin/sh\n",
                              "tests/interop/dotnet/Harness.csproj": "<Project/>\n"}  # fmt: skip
    build = bodies(make_project, files, name="onecrate")["workflow/build"]
    assert build.startswith("To build: `cargo build --workspace`"), build
    assert "dotnet" not in build and "clang-tidy" not in build, build


def test_a_ci_leak_check_under_valgrind_comes_after_the_suite(make_project):
    # open62541's mbedtls job runs two test binaries under valgrind
    ci = workflow("cd build/tests && valgrind --error-exitcode=1 ../bin/tests/check_client")
    files = {"CMakeLists.txt": "project(x C)\nenable_testing()\nadd_test(NAME a COMMAND a)\n", "src/a.c": "int a;\n",
             ".github/workflows/ci.yml": ci}  # fmt: skip
    test = bodies(make_project, files, name="valgrind")["workflow/test"]
    assert not test.startswith("To test: `cd build/tests && valgrind"), test
