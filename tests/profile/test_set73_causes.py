"""Causes judged on set 73's run (issue 17, fortieth round): pint's pixi manifest names the environments and tasks
a contributor runs (`pixi run -e test test`), so the profile gives those and `pixi install` over the uv or pip route
a pyproject.toml alone would suggest; `uv run` installs no extra, so pytest held in one runs with `--extra`; lazygit's
formatter is pinned by go.mod's `tool` directive and runs as `go tool gofumpt`."""

from __future__ import annotations

from tests.profile.learned import bodies

PINT_PYPROJECT = """\
[build-system]
requires = ["hatchling", "hatch-vcs"]
build-backend = "hatchling.build"

[project]
name = "Pint"
requires-python = ">=3.12"
dependencies = ["platformdirs"]

[project.optional-dependencies]
test = ["pytest", "pytest-benchmark"]

[tool.pixi.workspace]
channels = ["conda-forge"]
platforms = ["linux-64"]

[tool.pixi.tasks]
build = "uv build"

[tool.pixi.feature.lint.tasks]
lint = "pre-commit run"

[tool.pixi.feature.test.tasks]
test = "pytest --benchmark-skip"

[tool.pixi.feature.typecheck.tasks]
typecheck = "pyright"

[tool.pixi.feature.docs.tasks]
docbuild = "sphinx-build -n -b html docs build/html"

[tool.pixi.environments]
lint = ["lint"]
test-py313-all = ["test", "py313", "numpy"]
test = ["test"]
typecheck = { features = ["typecheck", "test"] }
docs = ["docs"]
"""


def test_pixi_tasks_and_setup_lead(make_project):
    files = {"pyproject.toml": PINT_PYPROJECT, "pint/__init__.py": "", "pint/testsuite/test_quantity.py": "def test_a():\n    pass\n"}  # fmt: skip
    learned = bodies(make_project, files, name="pint")
    assert "`pixi install`" in learned["workflow/install"]
    assert "pip install" not in learned["workflow/install"]
    assert "package manager pixi" in learned["python/packaging"]
    assert "`pixi run -e test test`" in learned["workflow/test"]
    assert "`pixi run -e lint lint`" in learned["workflow/lint"]
    assert "`pixi run -e typecheck typecheck`" in learned["workflow/typecheck"]
    assert "`pixi run -e docs docbuild`" in learned["workflow/docs"]
    assert "`pixi run build`" in learned["tasks/pixi"]


def test_a_pixi_toml_task_in_the_default_environment(make_project):
    manifest = '[workspace]\nname = "demo"\nchannels = ["conda-forge"]\n\n[tasks]\ntest = "ctest --test-dir build"\n'
    files = {"pixi.toml": manifest, "CMakeLists.txt": "project(demo)\nenable_testing()\n", "src/demo.c": "int x;\n"}
    learned = bodies(make_project, files, name="demo")
    assert "`pixi run test`" in learned["workflow/test"]


def test_uv_runs_pytest_from_the_extra_that_holds_it(make_project):
    pyproject = (
        '[project]\nname = "units"\ndependencies = ["platformdirs"]\n\n[project.optional-dependencies]\n'
        'test = ["pytest>=8", "pytest-cov"]\n\n[build-system]\nrequires = ["hatchling"]\n'
        'build-backend = "hatchling.build"\n'
    )
    files = {"pyproject.toml": pyproject, "uv.lock": "version = 1\n", "units/__init__.py": "",
             "tests/test_units.py": "def test_a():\n    pass\n"}  # fmt: skip
    learned = bodies(make_project, files, name="units")
    assert "`uv run --extra test pytest`" in learned["workflow/test"]
    assert "`uv run --extra test pytest tests/test_units.py::test_a`" in learned["workflow/test-one"]


def test_a_formatter_pinned_by_go_mods_tool_directive_runs_through_go_tool(make_project):
    go_mod = "module github.com/jesseduffield/lazygit\n\ngo 1.24\n\ntool (\n\tmvdan.cc/gofumpt\n)\n"
    files = {"go.mod": go_mod, "main.go": "package main\n", "justfile": "format:\n    go tool gofumpt -l -w .\n"}
    assert "`go tool gofumpt -w .`" in bodies(make_project, files, name="lazygit")["style/go"]
    files["go.mod"] = "module github.com/jesseduffield/lazygit\n\ngo 1.22\n"
    files["justfile"] = "format:\n    gofumpt -l -w .\n"
    assert "`gofumpt -w .`" in bodies(make_project, files, name="lazygit-old")["style/go"]
