"""The main source folder: where the project's own code lives, its largest modules and sub-folders (issue 17:
package structure was the most missed layout point on held-out repositories)."""

from __future__ import annotations

from picasso_tui.profile.investigator import investigate


def source_fact(make_project, files: dict[str, str], name: str = "project") -> str | None:
    repo = make_project(files, name=name)
    _, findings, _ = investigate(repo.root)
    return next((f.body for f in findings if f.key == "layout/source"), None)


def test_a_src_layout_names_the_package_and_its_largest_modules_first(make_project):
    body = source_fact(make_project, {
        "pyproject.toml": '[project]\nname = "shapes"\n',
        "src/shapes/__init__.py": "",
        "src/shapes/schema.py": "x = 1\n" * 300,
        "src/shapes/fields.py": "x = 1\n" * 200,
        "src/shapes/validate.py": "x = 1\n" * 50,
        "src/shapes/experimental/context.py": "x = 1\n",
        "tests/test_schema.py": "def test_a():\n    pass\n" * 50,
        "docs/conf.py": "project = 'shapes'\n" * 40,
        "noxfile.py": "import nox\n" * 100,
    })  # fmt: skip
    assert body is not None and body.startswith("Main source in src/shapes/:")
    assert body.index("schema.py") < body.index("fields.py") < body.index("validate.py")
    assert "experimental/ (1)" in body
    assert "__init__" not in body and "test_schema" not in body and "noxfile" not in body and "conf.py" not in body


def test_code_beside_a_folder_keeps_the_root_as_the_source(make_project):
    """chi's mux.go and tree.go at the root, middleware/ below: the root package is the project."""
    files = {"go.mod": "module example.com/router\n\ngo 1.22\n"}
    files |= {f"{n}.go": "package router\n" * 20 for n in ("mux", "tree", "context")}
    files |= {f"middleware/m{i}.go": "package middleware\n" for i in range(20)}
    body = source_fact(make_project, files)
    assert body is not None and body.startswith("Main source in the repository root:")
    assert "mux.go" in body and "middleware/ (20)" in body


def test_an_entry_file_named_like_its_folder_does_not_stop_the_descent(make_project):
    """lib/jobs.rb requires lib/jobs/*: the code is in lib/jobs/."""
    files = {"jobs.gemspec": "Gem::Specification.new { |s| s.name = 'jobs' }\n", "lib/jobs.rb": "require 'jobs/a'\n"}
    files |= {f"lib/jobs/{n}.rb": "module Jobs; end\n" * 10 for n in ("client", "processor", "api")}
    files |= {f"test/{n}_test.rb": "require 'jobs'\n" for n in ("client", "processor")}
    body = source_fact(make_project, files)
    assert body is not None and body.startswith("Main source in lib/jobs/:")
    assert "client.rb" in body and "_test" not in body


def test_a_monorepo_of_packages_gets_no_single_source_folder(make_project):
    files = {"package.json": '{"name": "root", "private": true, "workspaces": ["packages/*"]}'}
    for pkg in ("core", "cli", "web"):
        files[f"packages/{pkg}/package.json"] = f'{{"name": "{pkg}"}}'
        files |= {f"packages/{pkg}/src/{n}.ts": "export const a = 1\n" for n in ("a", "b", "c")}
    assert source_fact(make_project, files) is None
