"""`project/summary` is the project's own description: never badges, a heading, a licence or a slogan."""

from __future__ import annotations

from picasso_tui.profile import layout
from picasso_tui.profile.findings import Knowledge
from picasso_tui.profile.walk import walk


def _summary(repo) -> tuple[str, tuple[str, ...]] | None:
    k = Knowledge()
    layout._readme(walk(repo.root), k)
    return (k.findings[0].body, k.findings[0].sources) if k.findings else None


def test_the_first_sentence_saying_what_it_is_after_badges_a_logo_and_a_slogan(make_project):
    readme = (
        '<div align="center"><img src="logo.svg"/></div>\n\n[![CI](https://x/badge.svg)](https://x)\n\n'
        "An efficient server implies a lower cost of the infrastructure.\n\n"
        "Fastly is a web framework focused on low overhead. It is inspired by Express.\n"
    )
    repo = make_project({"README.md": readme}, name="fastly")  # the checkout's folder names the project
    assert _summary(repo) == (
        "Project Fastly: Fastly is a web framework focused on low overhead. It is inspired by Express.",
        ("README.md",),
    )


def test_a_setext_heading_and_a_licence_comment_are_not_the_summary(make_project):
    readme = (
        "<!--\n Licensed under the Apache License: https://www.apache.org/licenses/LICENSE-2.0\n-->\n"
        "Moshi\n=====\n\nMoshi is a modern JSON library for Android, Java and Kotlin.\n"
    )
    repo = make_project({"README.md": readme})
    assert _summary(repo) == (
        "Project Moshi: Moshi is a modern JSON library for Android, Java and Kotlin.",
        ("README.md",),
    )


def test_without_a_descriptive_sentence_the_manifest_description_is_used(make_project):
    readme = "# vuejs/core [![npm](https://x/v.svg)](https://x)\n\n## Getting Started\n\nPlease read the docs!\n"
    repo = make_project({
        "README.md": readme,
        "package.json": '{"name": "@acme/core", "description": "The progressive UI framework. Fast."}',
    })  # fmt: skip
    assert _summary(repo) == ("Project @acme/core: The progressive UI framework.", ("package.json",))


def test_no_description_anywhere_gives_no_summary(make_project):
    repo = make_project({"README.md": "# core\n\n## Getting Started\n\nFollow the documentation!\n"})
    assert _summary(repo) is None


def test_a_folder_readme_is_described_by_its_first_sentence_not_its_setext_heading():
    assert layout.first_sentence("Adapters\n========\n\nPrebuilt adapters for dates. More text.\n") == (
        "Prebuilt adapters for dates."
    )
    assert layout.first_sentence("chi examples\n============\n\n* [rest](rest/) - REST APIs\n") == ""


def test_a_line_of_links_or_badges_is_not_a_folder_description():
    readme = "# Tools\n\n[Docs](https://x.dev) · [API](https://x.dev/api)\n\nScripts that build the [site](s/).\n"
    assert layout.first_sentence(readme) == "Scripts that build the site."
    assert layout.first_sentence("# Tools\n\n[![ci](b.svg)](ci) [![npm](n.svg)](npm)\n") == ""


def test_the_workspace_main_package_is_the_one_named_like_the_repository_or_the_readme(make_project):
    files = {f"packages/{name}/package.json": "{}" for name in ("core", "widget", "utils")}
    files["README.md"] = "# Widget\n\nWidget draws widgets.\n"
    repo = make_project(files, name="widget-monorepo")
    body = {f.key: f.body for f in layout.investigate(walk(repo.root)).findings}["layout/folders"]
    assert "main package: packages/widget" in body
    other = make_project({**files, "README.md": "# Tools\n\nSome tools.\n"}, name="tools")
    assert (
        "main package" not in {f.key: f.body for f in layout.investigate(walk(other.root)).findings}["layout/folders"]
    )


def test_a_sentence_opening_with_a_clause_names_no_project(make_project):
    """beberlei/assert: "When assertions fail, an exception is thrown" is no description of a project called
    "When assertions fail"; composer.json's description says what it is."""
    readme = (
        "# Assert\n\nA simple php library which contains assertions and guard methods.\n\n"
        "Idea is to reduce code. When assertions fail, an exception is thrown, removing the need for ifs.\n"
    )
    composer = '{"name": "beberlei/assert", "description": "Thin assertion library for input validation."}\n'
    repo = make_project({"README.md": readme, "composer.json": composer}, name="assert")
    assert _summary(repo) == (
        "Project beberlei/assert: Thin assertion library for input validation.",
        ("composer.json",),
    )
    keyring = make_project({
        "README.rst": "The Python keyring library provides an easy way to access the keyring.\n\n"
                      "Installation - Linux\n====================\n\n"
                      "On Linux, the KWallet backend relies on dbus-python, which does not always install.\n",
        "pyproject.toml": '[project]\nname = "keyring"\ndescription = "Store and access your passwords safely."\n',
    }, name="keyring")  # fmt: skip
    assert _summary(keyring) == ("Project keyring: Store and access your passwords safely.", ("pyproject.toml",))
