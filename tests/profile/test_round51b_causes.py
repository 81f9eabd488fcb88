"""Causes found in the fifty-first round by reading the judgements of sets 237–240, after their measured run: test
files named `*.e2e-spec.ts` (listr2), one test in a monorepo's package (remeda, listr2), CI values of PowerShell
options and quoted matrix words (editorconfig-core-c, rkyv), Coverity's build (libass), a guide's "auto-generated
script" read as a generated folder (vifm), a main language that contradicted the shares (stackprof), bin/ programs
without an extension (stackprof), commented-out Cargo members (rkyv) and a monorepo's docs package (remeda)."""

from __future__ import annotations

from tests.profile.learned import bodies, workflow


def test_e2e_specs_are_tests_and_one_test_runs_in_a_named_package(make_project):
    root = '{"name": "root", "private": true, "workspaces": ["packages/*"], "scripts": {"test": "pnpm -r test"}}'
    lib = '{"name": "listr2", "scripts": {"test": "jest"}, "devDependencies": {"jest": "29"}}'
    files = {"package.json": root, "pnpm-lock.yaml": "lockfileVersion: 9\n", "packages/listr2/package.json": lib,
             "pnpm-workspace.yaml": "packages: ['packages/*']\n",
             **{f"packages/listr2/src/m{i}.ts": "export const m = 1;\n" * 20 for i in range(4)},
             **{f"packages/listr2/tests/t{i}.e2e-spec.ts": "it('runs', () => {});\n" for i in range(5)}}  # fmt: skip
    learned = bodies(make_project, files, "listr2")
    assert learned["layout/tests"].startswith("5 test files"), learned["layout/tests"]
    said = learned["workflow/test-one"]
    assert said.startswith("To run one test: `pnpm --filter listr2 test <file pattern> -t '<test name>'`"), said


def test_ci_values_of_powershell_options_and_quoted_matrix_words_leave_no_broken_command(make_project):
    windows = workflow(
        "./build.ps1 -proj core -config ${{ matrix.build_configuration }} -arch ${{ matrix.build_platform }} -init",
        job="build_windows", runs_on="windows-latest",
    )  # fmt: skip
    features = workflow('cargo test --tests --no-default-features --features "${{ matrix.a }} ${{ matrix.b }}"')
    features = features.replace("    steps:", "    strategy:\n      matrix:\n        a: [x1, x2]\n        b: [y1, y2]\n"
                                "    steps:")  # fmt: skip
    files = {".github/workflows/win.yml": windows, ".github/workflows/ci.yml": features,
             "Cargo.toml": '[package]\nname = "rkyv"\nversion = "0.8.0"\n[features]\nx1 = []\nx2 = []\ny1 = []\ny2 = []\n',
             "src/lib.rs": "pub fn f() {}\n" * 20, "tests/t.rs": "#[test]\nfn t() {}\n"}  # fmt: skip
    learned = bodies(make_project, files, "rkyv")
    said = " ".join(learned.get(k, "") for k in ("ci", "workflow/build", "workflow/test"))
    assert "-config -arch" not in said and "--no-default-features x1" not in said, said
    assert "./build.ps1" not in learned.get("workflow/build", ""), learned.get("workflow/build")


def test_coverity_is_no_build_and_a_generated_script_marks_no_folder(make_project):
    ci = workflow("./autogen.sh", "./configure", 'COVERITY_UNSUPPORTED=1 cov-build --dir "$RES_DIR" make -j 2')
    hacking = "# Hacking\n\nTo run tests from `src/` directory, the auto-generated `./runtests` script can be used.\n"
    files = {".github/workflows/ci.yml": ci, "configure.ac": "AC_INIT([vifm], [0.14])\n", "HACKING.md": hacking,
             **{f"src/m{i}.c": "int m;\n" * 40 for i in range(6)},
             **{f"data/plugins/p{i}/init.lua": "return {}\n" for i in range(3)}}  # fmt: skip
    learned = bodies(make_project, files, "vifm")
    assert "cov-build" not in learned.get("workflow/build", ""), learned.get("workflow/build")
    assert "generated" not in learned["layout/folders"], learned["layout/folders"]
    assert learned["layout/source"].startswith("Main source in src/"), learned["layout/source"]


def test_the_main_language_says_why_and_bin_programs_are_read_by_their_shebang(make_project):
    files = {"stackprof.gemspec": "Gem::Specification.new { |s| s.name = 'stackprof' }\n",
             "lib/stackprof.rb": "module StackProf; end\n" * 20, "ext/stackprof/stackprof.c": "int x;\n" * 400,
             **{f"test/test_{i}.rb": "def test_a; end\n" * 60 for i in range(4)},
             "bin/stackprof": "#!/usr/bin/env ruby\nrequire 'stackprof'\n" * 30,
             "bin/flamegraph.py": "print(1)\n"}  # fmt: skip
    learned = bodies(make_project, files, "stackprof")
    languages = learned["languages"]
    assert languages.endswith("Main language: C (by the code outside tests, scripts and bundled files)."), languages
    assert "mostly Python" not in learned["layout/folders"], learned["layout/folders"]


def test_commented_out_cargo_members_and_a_docs_workspace_package(make_project):
    cargo = (
        '[workspace]\nmembers = ["rkyv", "rkyv_derive"]\n\n[workspace.dependencies]\n'
        'rkyv = { path = "rkyv" }\n# rkyv_dyn = { path = "rkyv_dyn" }\n'
    )
    files = {"Cargo.toml": cargo, "rkyv/Cargo.toml": '[package]\nname = "rkyv"\nversion = "0.8.0"\n',
             "rkyv/src/lib.rs": "pub fn f() {}\n" * 20,
             "rkyv_derive/Cargo.toml": '[package]\nname = "rkyv_derive"\nversion = "0.8.0"\n',
             "rkyv_derive/src/lib.rs": "pub fn d() {}\n",
             "rkyv_dyn/Cargo.toml": '[package]\nname = "rkyv_dyn"\nversion = "0.8.0"\n',
             "rkyv_dyn/src/lib.rs": "pub fn y() {}\n"}  # fmt: skip
    said = bodies(make_project, files, "rkyv")["rust/packaging"]
    assert "workspace of 2 crates" in said and "rkyv_dyn" not in said, said
    root = '{"name": "remeda-root", "private": true, "workspaces": ["packages/*"]}'
    files = {"package.json": root, "package-lock.json": "{}\n",
             "packages/remeda/package.json": '{"name": "remeda", "scripts": {"test": "vitest"}}',
             "packages/remeda/src/a.ts": "export const a = 1;\n" * 20,
             "packages/docs/package.json": '{"name": "@remeda/docs", "scripts": {"build": "astro build"}}'}  # fmt: skip
    said = bodies(make_project, files, "remeda")["javascript/packaging"]
    assert "packages/docs/" in said, said


def test_a_changelog_that_points_to_the_releases_for_details_is_still_kept(make_project):
    changelog = (
        "# Changelog\n\nThis document lists breaking changes for each major release.\n\n"
        "See the GitHub Releases page for detailed changelogs: [https://github.com/o/r/releases][1]\n\n"
        + "".join(f"## v{v} (2026-0{v - 15}-01)\n\n- Removed support for Node.js v{v - 1}.\n\n" for v in (21, 20, 19))
        + "\n".join(f"- line {i}" for i in range(20))
        + "\n\n[1]: https://github.com/o/r/releases\n"
    )
    files = {"package.json": '{"name": "release-it", "version": "21.0.0"}', "CHANGELOG.md": changelog,
             "lib/index.js": "export default 1;\n" * 10, "docs/changelog.md": "# Changelog plugins\n"}  # fmt: skip
    said = bodies(make_project, files, "release-it").get("rules/changelog", "")
    assert "no longer kept" not in said, said
