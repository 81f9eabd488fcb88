"""Causes found in the fiftieth round by reading the judgements of sets 229–232, after their measured run: the
outputs a generator's tests expect read as the project's languages and file headers (typeshare), generated Javadoc
pages read as JavaScript (ACRA), an Apple framework's headers read as the main source (SDL_ttf), a guide's bare
`tsc` given as the type check (downshift) and bracketed tags the project gave up read as its convention (aiortc)."""

from __future__ import annotations

from tests.profile.learned import bodies, commit_conventions


def test_expected_outputs_and_generated_javadoc_are_no_languages_or_headers(make_project):
    files = {"Cargo.toml": '[package]\nname = "typeshare"\nversion = "1.0.0"\n'}
    files |= {f"src/f{i}.rs": f"pub fn f{i}() -> u32 {{ {i} }}\n" * 10 for i in range(6)}
    for i in range(8):  # each generator's expected output, written by the tool and compared in the snapshot tests
        case = f"core/data/tests/case{i}"
        files |= {f"{case}/input.rs": "struct A;\n", f"{case}/output.py": "from __future__ import annotations\n" * 40,
                  f"{case}/output.swift": "struct A {}\n" * 40}  # fmt: skip
    files |= {f"web/static/javadoc/5.1.{i}/script.js": "function a() { return 1; }\n" * 200 for i in range(3)}
    learned = bodies(make_project, files, "typeshare")
    assert learned["languages"].startswith("Languages by share of source: Rust 100%"), learned["languages"]
    assert "from __future__" not in learned.get("rules/file-headers", "")


def test_a_framework_bundles_headers_are_not_the_main_source(make_project):
    files = {"CMakeLists.txt": "project(ttf C)\nadd_library(ttf src/SDL_ttf.c src/engine.c)\n",
             "src/SDL_ttf.c": "int ttf;\n" * 50, "src/engine.c": "int engine;\n" * 50}  # fmt: skip
    files |= {f"Xcode/macOS/SDL3.framework/Headers/SDL_h{i}.h": "int sdl;\n" * 300 for i in range(12)}
    learned = bodies(make_project, files, "SDL_ttf")
    assert "src/SDL_ttf.c" in learned["layout/source"] and "Xcode" not in learned["layout/source"]


def test_a_bare_node_tool_in_the_guide_runs_as_the_script_that_runs_it(make_project):
    guide = "# Contributing\n\n- test:ts - This runs `tsc` on the codebase to check the type definitions.\n"
    pkg = ('{"name": "downshift", "scripts": {"test": "jest", "test:ts": "tsc --noEmit -p ./tsconfig.json"}, '
           '"devDependencies": {"typescript": "5", "jest": "29"}}')  # fmt: skip
    files = {"package.json": pkg, "CONTRIBUTING.md": guide, "tsconfig.json": "{}\n", "src/index.ts": "export {}\n",
             "package-lock.json": "{}\n"}  # fmt: skip
    said = bodies(make_project, files, "downshift")["workflow/typecheck"]
    assert said.startswith("To type-check: `npm run test:ts`"), said


def test_bracketed_tags_no_recent_commit_carries_are_no_convention(make_project):
    old = [f"[{tag}] change {i}" for i, tag in enumerate(["tests", "package", "docs"] * 30)]
    new = [f"Update the codec handling {i}" for i in range(60)]
    said = commit_conventions(make_project, "aiortc", old + new)
    assert "bracketed tag" not in said, said
