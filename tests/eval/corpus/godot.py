"""godotengine/godot (C++): paraphrased from its CONTRIBUTING.md and the engine-contributor pages of the manual.

godotengine/godot has no agent-instruction file of its own (the AGENTS.md/CLAUDE.md copies in the code index come from
forks), so the records follow `CONTRIBUTING.md` (05b07597) and the pages it links to in godotengine/godot-docs:
`contributing/development/code_style_guidelines.rst` (14993110), `cpp_usage_guidelines.rst` (01976015),
`core_and_modules/unit_testing.rst` (012805ba), `core_and_modules/common_engine_methods_and_macros.rst` (1935d067),
`compiling/introduction_to_the_buildsystem.rst` (01ce4af3), `handling_compatibility_breakages.rst` (1935d067),
`best_practices_for_engine_contributors.rst` (135b6891) and `documentation/updating_the_class_reference.rst`
(118f8bf6). C++ style records are in `style_godot.py`.
"""

from corpus._types import Workspace, decision, fact, failure, q, rule, workflow

WORKSPACE = Workspace(
    key="godot",
    repo="godotengine/godot",
    language="cpp",
    sources=(
        "CONTRIBUTING.md",
        "godotengine/godot-docs:contributing/development/code_style_guidelines.rst",
        "godotengine/godot-docs:contributing/development/cpp_usage_guidelines.rst",
        "godotengine/godot-docs:contributing/development/core_and_modules/unit_testing.rst",
        "godotengine/godot-docs:contributing/development/core_and_modules/common_engine_methods_and_macros.rst",
        "godotengine/godot-docs:contributing/development/compiling/introduction_to_the_buildsystem.rst",
        "godotengine/godot-docs:contributing/development/handling_compatibility_breakages.rst",
        "godotengine/godot-docs:contributing/development/best_practices_for_engine_contributors.rst",
        "godotengine/godot-docs:contributing/documentation/updating_the_class_reference.rst",
    ),
)

WORKSPACE.records.extend(
    [
        fact(
            "scons-basics",
            "The engine builds with SCons: a bare `scons` gives an editor binary for the host; `platform=`, "
            "`target=editor|template_debug|template_release` and `arch=` pick other builds, and binaries land in "
            "`bin/` named like `godot.linuxbsd.editor.x86_64`.",
        ),
        fact(
            "dev-build-vs-mode",
            "`dev_build=yes` defines DEV_ENABLED, disables optimization and keeps debug symbols (the binary gets a "
            "`.dev` suffix); `dev_mode=yes` is something else, an alias for `verbose=yes warnings=extra werror=yes "
            "tests=yes`.",
        ),
        fact(
            "custom-py",
            "Default SCons options can live in a `custom.py` at the repo root (or a file passed with "
            "`profile=path/to/custom.py`); command-line options override it, and the `SCONSFLAGS` environment "
            "variable can set things like `-j4` for every build.",
        ),
        fact(
            "tests-layout",
            "C++ unit tests use doctest and live in `tests/` at the repo root as `test_*.h` headers included from "
            "`tests/test_main.cpp`; the `test_` prefix is how the build system finds them, and `tests/test_macros.h` "
            "brings in everything a test needs.",
            files=["tests/test_main.cpp", "tests/test_macros.h"],
            tags=["testing", "doctest"],
        ),
        fact(
            "class-ref-xml",
            "The class reference is XML in this repo: `doc/classes/` for core classes and "
            "`modules/<module>/doc_classes/` for module classes. The `.rst` pages in godot-docs' `classes/` folder "
            "are generated from it and are never edited by hand.",
            files=["doc/classes"],
        ),
        fact(
            "thirdparty",
            "Bundled third-party code lives in `thirdparty/` and keeps its upstream style so syncing stays easy; "
            "Godot's formatting is not applied there, and a third-party snippet inside a Godot file is fenced with "
            "`/* clang-format off */` and `/* clang-format on */`.",
        ),
        fact(
            "gdscript-tests",
            "GDScript integration tests are `.gd` scripts under `modules/gdscript/tests/scripts/` with a `test()` "
            "function; `bin/<godot_binary> --gdscript-generate-tests modules/gdscript/tests/scripts` writes the "
            'expected `.out` files and `--test --test-suite="*GDScript*"` runs them. Commit only the `.out` files '
            "of new tests.",
        ),
        decision(
            "cpp17-subset",
            "The engine restricts itself to a subset of C++17 so code stays easy to review in GitHub's web view and "
            "easy to learn from; the 3.x branch must still build with a C++14 compiler.",
        ),
        decision(
            "permissive-libs",
            "Third-party libraries are bundled in the tree and linked statically (iOS allows nothing else), so only "
            "permissive licenses such as MIT, BSD, Apache 2.0, ISC or MPL 2.0 are acceptable, never GPL or LGPL; "
            "small, ideally single-header libraries are preferred.",
        ),
        decision(
            "local-solutions",
            "Fixes should live close to where the problem originates, even at the cost of some duplicated or less "
            "efficient code, rather than adding data or hooks to core layers for one distant caller: core APIs must "
            "stay small and readable.",
        ),
        decision(
            "ease-over-perf",
            "Godot favours ease of use and maintenance over absolute performance: an optimization that makes an API "
            "harder to use or adds a lot of complexity may be declined.",
        ),
        decision(
            "proposals-repo",
            "Feature proposals are not accepted in the main issue tracker: they go to the godot-proposals "
            "repository, and a new feature should answer a common real-life need discussed with other developers "
            "before implementation starts.",
        ),
        rule(
            "doc-exposed-api",
            "A PR that adds methods, properties or signals exposed to scripting must also update the class reference "
            "XML and write their descriptions, so documentation coverage never drops.",
            pinned=True,
            related=["class-ref-xml", "doctool"],
        ),
        rule(
            "tests-with-fix",
            "Bug fixes and features should carry unit tests in the same commit: for a bug, cover the behaviour that "
            "was broken; for a feature, test both the success and the expected-failure cases.",
        ),
        rule(
            "one-topic-prs",
            "Keep each PR to one topic (three PRs for three issues, not one PR with three commits), and squash fix-up "
            "commits so every commit takes the engine from one stable state to another.",
        ),
        rule(
            "rebase-not-merge",
            "Bring a PR branch up to date with `git pull --rebase` and `git rebase -i`; never add merge commits to a "
            "PR's history.",
        ),
        rule(
            "commit-message",
            "Commit title under 72 characters saying what the commit does overall, then a blank line and a "
            'description wrapped at 80 columns; web-editor titles like "Update my_file.cpp" are not accepted.',
        ),
        rule(
            "ci-warnings",
            "CI fails on any compiler warning, so all warnings must be fixed before a PR is opened; building with "
            "`dev_mode=yes` turns warnings into errors locally as well.",
        ),
        rule(
            "copyright-header",
            "Every new C++ source or header starts with Godot's copyright and MIT license banner, copied from another "
            "file with the filename line adjusted.",
        ),
        workflow(
            "run-tests",
            "Build with `scons tests=yes` (or `dev_mode=yes`), then `./bin/<godot_binary> --test`; narrow with "
            '`--test-case="*[String]*"`, `--test-suite` or `--source-file`, and skip slow stress tests with '
            '`--test-case-exclude="*[Stress]*"`.',
        ),
        workflow(
            "err-print-off",
            "When a test deliberately triggers an engine error, wrap the call in `ERR_PRINT_OFF;` / `ERR_PRINT_ON;` "
            "so the expected error does not pollute the test output.",
        ),
        workflow(
            "doctool",
            "After changing exposed API, run the compiled editor from the repo root with `--doctool` (e.g. "
            "`./bin/godot.linuxbsd.editor.x86_64 --doctool`) to regenerate `doc/classes/`, then keep only the XML "
            "changes that belong to the work and discard the rest with `git checkout`.",
        ),
        workflow(
            "compat-methods",
            "Changing a bound method's signature (new argument, return type or default) needs a compatibility "
            "binding: `_<method>_bind_compat_<PR number>` under `#ifndef DISABLE_DEPRECATED`, implemented in a "
            "`<file>.compat.inc` next to the source and registered in `_bind_compatibility_methods()`, plus an entry "
            "in `misc/extension_api_validation/<previous version>-stable.expected`.",
            files=["misc/extension_api_validation"],
            tags=["gdextension", "compatibility"],
            related=["hash-changed"],
        ),
        workflow(
            "formatting",
            "Formatting is enforced by clang-format 17 through pre-commit (`pip install pre-commit`, `pre-commit "
            "install`, or `pre-commit run` by hand); Python build scripts go through Ruff with a 120-column limit the "
            "same way.",
        ),
        failure(
            "hash-changed",
            'The extension API validation step reported "Hash changed" for a method whose signature had been modified.',
            prevent=[
                "Bind the proper compatibility method; never paste Hash changed lines into the .expected file.",
            ],
        ),
        failure(
            "scu-missing-includes",
            "A PR built fine locally with `scu_build=yes` but failed CI on missing includes: single compilation unit "
            "builds share headers between the merged `.cpp` files and hide them.",
            prevent=["Do a regular (non-SCU) build before opening the PR."],
        ),
        failure(
            "stale-generated",
            "Build errors came from stale generated files left by an earlier configuration.",
            prevent=[
                "Run scons --clean with the same options, or git clean -fixd (it deletes every untracked file).",
            ],
        ),
    ]
)

WORKSPACE.queries.extend(
    [
        q(
            "add a get_closest_cell method to AStarGrid2D and bind it so gdscript can call it",
            "doc-exposed-api",
            "class-ref-xml",
            "doctool",
            "tests-with-fix",
            "tests-layout",
            "style:cpp/no-auto",
            "style:cpp/err-macros",
            "style:cpp/no-stl",
        ),
        q(
            "I gave TileMapLayer::get_used_cells an optional filter argument and the api validation job went red",
            "compat-methods",
            "hash-changed",
        ),
        q(
            "run only the String tests",
            "run-tests",
        ),
        q(
            "write a regression test for the Color::html crash on malformed input",
            "tests-layout",
            "run-tests",
            "err-print-off",
            "tests-with-fix",
        ),
        q(
            "create the header and cpp for a new NavigationMeshBaker class",
            "copyright-header",
            "style:cpp/pragma-once",
            "style:cpp/include-order",
            "style:cpp/indentation",
        ),
        q(
            "add a parser test for the new match guard syntax in gdscript",
            "gdscript-tests",
        ),
        q(
            "write the commit message for the viewport fix",
            "commit-message",
        ),
        q(
            "show a translatable error dialog in the export window when the keystore path is missing",
            "style:cpp/vformat",
            "style:cpp/err-macros",
        ),
        # low-overlap paraphrases
        q(
            "can we vendor that copyleft perlin package for terrain?",
            "permissive-libs",
            "thirdparty",
        ),
        q(
            "my fork fell behind master, catch it up",
            "rebase-not-merge",
        ),
        q(
            "compiles cleanly for me but the bots reject it over an unused variable",
            "ci-warnings",
            "dev-build-vs-mode",
        ),
        q(
            "after hopping between checkouts the compile dies on leftover autogenerated headers",
            "stale-generated",
        ),
    ]
)

WORKSPACE.nothing.extend(
    [
        "what's the difference between _ready and _enter_tree in a GDScript node?",
        "why did Godot pick SCons over CMake back in the day?",
        "write a short blog post announcing our game jam entry made with Godot 4",
        "compare Godot signals with C# events for a talk I'm giving",
        "review this Unity MonoBehaviour snippet and tell me if it leaks memory",
        "how do I export my game to the web from the editor?",
        "draft a talk abstract about how the Godot renderer evolved from 3.x to 4.x",
    ]
)
