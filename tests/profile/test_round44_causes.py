"""Causes found in the forty-fourth round by reading the misses of sets 113–128: the test tools around the main
framework (mocks, HTTP replay, factories), what tox installs, and a Gradle module name built from a variable."""

from __future__ import annotations

from tests.profile.learned import bodies

OXIDIZED_GEMSPEC = """Gem::Specification.new do |s|
  s.name = 'oxidized'
  s.add_dependency 'net-ssh', '~> 7.3'
  s.add_development_dependency 'minitest', '>= 5.18'
  s.add_development_dependency 'mocha', '>= 2.1'
  s.add_development_dependency 'rake', '~> 13.0'
end
"""


def test_a_gems_mock_library_is_named_beside_its_test_framework(make_project):
    files = {"oxidized.gemspec": OXIDIZED_GEMSPEC, "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
             "lib/oxidized.rb": "module Oxidized; end\n", "spec/node_spec.rb": "describe 'x' do; end\n"}  # fmt: skip
    stack = bodies(make_project, files, name="oxidized")["ruby/stack"]
    assert "Test tools: Minitest, Mocha (mocks)" in stack


def test_http_replay_and_factories_in_a_gemfile_group_are_test_tools(make_project):
    gemfile = (
        "source 'https://rubygems.org'\ngemspec\ngroup :test do\n  gem 'rspec'\n  gem 'vcr'\n  gem 'webmock'\nend\n"
    )
    files = {"Gemfile": gemfile, "changelog.gemspec": "Gem::Specification.new do |s|\n  s.name = 'changelog'\nend\n",
             "lib/changelog.rb": "module Changelog; end\n", "spec/a_spec.rb": "describe 'x' do; end\n"}  # fmt: skip
    stack = bodies(make_project, files, name="changelog")["ruby/stack"]
    assert "Test tools: RSpec, WebMock, VCR" in stack


TOX = """[tox]
envlist = flake8,py{39,310,311}

[testenv]
commands =
    pytest -p no:logging {posargs}
deps =
    pytest
    pytest-asyncio
    py39: mock
    -r requirements.txt

[testenv:flake8]
deps = flake8
commands = flake8 src
"""


def test_the_test_tools_tox_installs_are_named_when_pyproject_lists_none(make_project):
    pyproject = '[project]\nname = "socketio"\ndependencies = ["bidict"]\n'
    files = {"pyproject.toml": pyproject, "tox.ini": TOX, "src/socketio/__init__.py": "import bidict\n",
             "tests/test_a.py": "def test_a():\n    pass\n"}  # fmt: skip
    stack = bodies(make_project, files, name="socketio")["python/stack"]
    assert "Test tools: pytest, pytest-asyncio;" in stack
    assert "requirements.txt" not in stack and "built on bidict;" in stack, "tox's deps are not what it is built on"


SETTINGS = """rootProject.name = "dependency-analysis"
include(":graph-support")
includeShadowed("antlr")

fun includeShadowed(path: String) {
  include(":$path")
  project(":$path").projectDir = file("shadowed/$path")
}
"""


def test_a_gradle_module_included_from_a_variable_is_not_named_as_a_module(make_project):
    files = {"settings.gradle.kts": SETTINGS, "build.gradle.kts": 'plugins { kotlin("jvm") }\n',
             "graph-support/build.gradle.kts": 'plugins { kotlin("jvm") }\n',
             "graph-support/src/main/kotlin/A.kt": "class A\n", "src/main/kotlin/B.kt": "class B\n"}  # fmt: skip
    packaging = bodies(make_project, files, name="dependency-analysis")["jvm/packaging"]
    assert "1 module: graph-support" in packaging and "$path" not in packaging


def test_one_phpunit_test_names_a_real_test_class_of_the_suite(make_project):
    files = {"composer.json": '{"name": "azjezz/psl", "require-dev": {"phpunit/phpunit": "^10"}}',
             "phpunit.xml.dist": '<phpunit><testsuites><testsuite name="unit"><directory>tests</directory></testsuite>'
                                 "</testsuites></phpunit>",
             "src/Vec/concat.php": "<?php\n",
             "tests/unit/Vec/AbstractVecTest.php": "<?php\nabstract class AbstractVecTest extends TestCase {}\n",
             "tests/unit/Vec/ConcatTest.php": "<?php\nfinal class ConcatTest extends TestCase {}\n"}  # fmt: skip
    one = bodies(make_project, files, name="psl")["workflow/test-one"]
    assert "`vendor/bin/phpunit --filter ConcatTest`" in one, "a class the suite holds, never an abstract base"


def test_one_maven_test_names_a_class_that_declares_a_test_never_a_helper(make_project):
    pom = "<project><artifactId>webdrivermanager</artifactId><dependencies><dependency>"
    pom += "<artifactId>junit-jupiter</artifactId><scope>test</scope></dependency></dependencies></project>"
    files = {"pom.xml": pom, "src/main/java/io/W.java": "class W {}\n",
             "src/test/java/io/BrowserTest.java": "class BrowserTest { static void helper() {} }\n",
             "src/test/java/io/ChromeTest.java": "class ChromeTest { @Test void opens() {} }\n"}  # fmt: skip
    one = bodies(make_project, files, name="webdrivermanager")["workflow/test-one"]
    assert one.startswith("To run one test: `mvn test -Dtest=ChromeTest`")
