"""More causes found reading set 44's memories (issue 17, thirty-fourth round): a C++ project's headers counted as
C, an agent tool folder's scripts given a style, a design decision glued from two paragraphs, and a suite the
maintainers ask not to run whole given bare as the way to test."""

from __future__ import annotations

from tests.profile.learned import bodies

MIT = "// Copyright 2007 The Authors\n// Distributed under the MIT License\n"


def test_a_cpp_projects_headers_are_read_with_its_cpp_files(make_project):
    files = {f"include/j/h{i}.h": MIT + f"#pragma once\nint h{i}();\n" for i in range(5)}
    files |= {f"src/s{i}.cpp": MIT + f'#include "j/h{i}.h"\nint h{i}() {{ return {i}; }}\n' for i in range(4)}
    files["include/j/version.h"] = "#pragma once\n#define J_VERSION 1\n"
    learned = bodies(make_project, {"CMakeLists.txt": "project(j CXX)\nadd_library(j src/s0.cpp)\n", **files})
    assert learned["rules/file-headers"] == (
        "Nearly every C++ file (9 of the 10 read) starts with the MIT licence header (`Copyright 2007 The Authors`); "
        "a new file does too."
    )


def test_scripts_in_an_agents_tool_folder_get_no_style(make_project):
    learned = bodies(make_project, {".editorconfig": "root = true\n[*]\nindent_style = space\nindent_size = 2\n",
                                    "build.gradle.kts": "plugins { java }\n", "gradlew": "#!/bin/sh\n",
                                    "src/main/java/w/W.java": "package w;\nclass W {}\n" * 30,
                                    ".claude/skills/walk/walker.py": "def walk():\n    return 1\n" * 20})  # fmt: skip
    assert "style/java" in learned and "style/python" not in learned


def test_a_design_decision_keeps_its_statement_and_reason_in_one_paragraph(make_project):
    doc = (
        "# Design Decisions\n\n## Eviction\n\n**Weight zero pins an entry.** Such entries are skipped.\n\n"
        "The window has two modes gated by size. The climber could not be made robust at small sizes, because the "
        "density signal is biased.\n"
    )
    learned = bodies(make_project, {"docs/design-decisions.md": doc, "src/a.py": "x = 1\n"})
    assert learned["decision/design/docs/design-decisions.md#eviction"].endswith(
        '"Eviction"): The window has two modes gated by size. The climber could not be made robust at small sizes, '
        "because the density signal is biased."
    )


def test_a_reason_that_opens_the_next_paragraph_follows_the_statement(make_project):
    doc = "# Design rationale\n\n## Storage\n\nWe keep one JSON file.\n\nBecause users read and edit it by hand.\n"
    learned = bodies(make_project, {"docs/rationale.md": doc, "src/a.py": "x = 1\n"})
    assert learned["decision/design/docs/rationale.md#storage"].endswith(
        '"Storage"): We keep one JSON file. Because users read and edit it by hand.'
    )


def test_the_test_command_carries_the_maintainers_warning_against_the_full_suite(make_project):
    rules = (
        "# Testing\n\n- Run one method with `--tests 'Class.method'`. Don't run the full suite locally; CI shards it.\n"
    )
    learned = bodies(make_project, {"build.gradle.kts": "plugins { java }\n", "gradlew": "#!/bin/sh\n",
                                    "src/main/java/w/W.java": "package w; class W {}\n",
                                    "src/test/java/w/WTest.java": "package w; class WTest {}\n",
                                    ".claude/rules/testing.md": rules})  # fmt: skip
    assert learned["workflow/test"].endswith(
        "But .claude/rules/testing.md says: “Don't run the full suite locally; CI shards it”. "
        "One test: `./gradlew test --tests '<Class>'`."
    )
