"""Causes found on set 78's run (issue 17, fortieth round): `pnpm start` and `yarn <script>` read as the scripts they
run, a README's `test:web` variant behind the plain `npm test`, a CI settings file named like a Python test, and a
folder with its own Gradle wrapper, which is a separate build, not a module left out."""

from __future__ import annotations

import json

from tests.profile.learned import bodies


def test_script_shorthands_and_a_test_variant_behind_the_plain_test(make_project):
    scripts = {"test": "jest", "test:web": "cd web-test && npm test", "start": "cd docs && npm start",
               "docs": "cd docs && npm run build"}  # fmt: skip
    readme = "# peggy\n\n## Development\n\nRun the browser tests with `npm run test:web`.\n"
    files = {"package.json": json.dumps({"name": "peggy", "scripts": scripts, "devDependencies": {"jest": "^30"}}),
             "pnpm-lock.yaml": "", "README.md": readme, "lib/peg.js": "module.exports = {}\n",
             "docs/package.json": '{"name": "docs", "scripts": {"start": "eleventy --serve"}}'}  # fmt: skip
    learned = bodies(make_project, files, name="peggy")
    assert learned["workflow/test"].startswith("To test: `pnpm test`")
    assert "workflow/run" not in learned


def test_a_ci_settings_file_and_a_separate_gradle_build(make_project):
    files = {"pyproject.toml": '[project]\nname = "PyMySQL"\n', "pymysql/__init__.py": "",
             "pymysql/tests/test_basic.py": "def test_a():\n    pass\n",
             "ci/test_mysql.py": "DATABASES = {'default': {'ENGINE': 'django.db.backends.mysql'}}\n"}  # fmt: skip
    assert "ci/" not in bodies(make_project, files, name="PyMySQL")["layout/tests"]
    files = {"settings.gradle": "rootProject.name = 'picocli'\ninclude 'picocli-examples'\n", "gradlew": "#!/bin/sh\n",
             "build.gradle": "apply plugin: 'java'\n", "src/main/java/picocli/CommandLine.java": "package picocli;\n",
             "picocli-examples/build.gradle": "apply plugin: 'java'\n",
             "picocli-tests-java567/build.gradle": "apply plugin: 'java'\n", "picocli-tests-java567/gradlew": "#!/bin/sh\n",
             "picocli-tests-java567/src/test/java/T.java": "class T {}\n"}  # fmt: skip
    assert "not built" not in bodies(make_project, files, name="picocli")["layout/folders"]
