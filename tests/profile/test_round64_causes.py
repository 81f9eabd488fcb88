"""Causes found in the sixty-fourth round."""

from __future__ import annotations

import json

from tests.profile.learned import bodies

JAVA = {f"src/core/lombok/H{i}.java": f"package lombok;\nclass H{i} {{}}\n" for i in range(8)}


def test_an_ant_build_gives_the_targets_its_imported_files_describe(make_project):
    # lombok: build.xml imports buildScripts/*.ant.xml, where `test` and `deps` live; `-setup.build` is private
    files = JAVA | {
        "build.xml": '<project name="lombok" default="dist">\n'
        '  <import file="buildScripts/tests.ant.xml" />\n'
        '  <target name="-setup.build" />\n'
        '  <target name="deps" description="Downloads all dependencies" />\n'
        '  <target name="compile" depends="deps, -setup.build" description="Compiles the code" />\n'
        '  <target name="dist" depends="compile" description="Builds lombok.jar" />\n'
        "</project>\n",
        "buildScripts/tests.ant.xml": '<project name="tests">\n'
        '  <target name="test.compile" />\n'
        '  <target name="test" depends="test.compile" description="runs the tests" />\n'
        "</project>\n",
    }
    learned = bodies(make_project, files, name="lombok")
    assert learned["workflow/test"].startswith("To test: `ant test`"), learned["workflow/test"]
    assert learned["workflow/build"].startswith("To build: `ant dist`"), learned["workflow/build"]
    assert "`ant test.compile`" not in learned["tasks/ant"], "undescribed targets are helpers when others have one"
    assert "-setup.build" not in learned["tasks/ant"], learned["tasks/ant"]


def test_a_build_xml_beside_a_maven_build_gives_no_ant_commands(make_project):
    # a leftover build.xml next to pom.xml: Maven builds the project, `ant test` would run an old script
    files = JAVA | {
        "pom.xml": "<project><modelVersion>4.0.0</modelVersion><artifactId>a</artifactId></project>\n",
        "build.xml": '<project name="a"><target name="test" description="old tests" /></project>\n',
    }
    learned = bodies(make_project, files, name="both")
    assert "tasks/ant" not in learned, learned["tasks/ant"]
    assert "ant test" not in learned.get("workflow/test", ""), learned.get("workflow/test")


PHP_APP = {f"core/c{i}.class.inc.php": f"<?php\nclass C{i} {{}}\n" for i in range(8)}


def test_a_php_suite_with_its_own_composer_project_runs_from_its_folder(make_project):
    # iTop: tests/php-unit-tests/composer.json brings PHPUnit, the root one does not
    tests = {"require-dev": {"phpunit/phpunit": "^9"}}
    files = PHP_APP | {
        "composer.json": json.dumps({"require": {"php": ">=8.1"}}),
        "tests/php-unit-tests/composer.json": json.dumps(tests),
        "tests/php-unit-tests/phpunit.xml.dist": "<phpunit><testsuites><testsuite name='Core'>"
        "<directory>unitary-tests</directory></testsuite></testsuites></phpunit>\n",
        "tests/php-unit-tests/unitary-tests/core/MetaModelTest.php": "<?php\nclass MetaModelTest {}\n",
    }
    learned = bodies(make_project, files, name="itop")
    assert learned["workflow/test"].startswith("To test: `cd tests/php-unit-tests && vendor/bin/phpunit`"), learned[
        "workflow/test"
    ]
    assert "cd tests/php-unit-tests && vendor/bin/phpunit --filter" in learned["workflow/test-one"]
    assert "`cd tests/php-unit-tests && composer install`" in learned["workflow/install"], learned["workflow/install"]


def test_committed_composer_dependencies_need_no_install(make_project):
    # iTop's vendor-dir is lib/, committed with its autoload.php: the checkout runs as it is
    files = PHP_APP | {
        "composer.json": json.dumps({"require": {"php": ">=8.1"}, "config": {"vendor-dir": "lib"}}),
        "lib/autoload.php": "<?php\nreturn 1;\n",
        "lib/composer/ClassLoader.php": "<?php\nclass ClassLoader {}\n",
    }
    learned = bodies(make_project, files, name="committed")
    assert "`composer install`" not in learned.get("workflow/install", ""), learned.get("workflow/install")
    assert "committed in lib/" in learned["php/committed-dependencies"], learned["php/committed-dependencies"]


def test_a_test_file_that_requires_minitest_gives_one_test_without_a_minitest_gem(make_project):
    # paranoia: the gemspec names activerecord only, test/paranoia_test.rb requires minitest/autorun itself
    files = {
        "paranoia.gemspec": "Gem::Specification.new do |s|\n  s.name = 'paranoia'\n"
        "  s.add_dependency 'activerecord', '>= 5.1'\nend\n",
        "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
        "Rakefile": "require 'bundler'\nBundler::GemHelper.install_tasks\n\ntask :test do\n"
        "  Dir['test/*_test.rb'].each { |f| load f }\nend\n\ntask :default => :test\n",
        "lib/paranoia.rb": "module Paranoia; end\n",
        "test/paranoia_test.rb": "require 'bundler/setup'\nrequire 'minitest/autorun'\nrequire 'paranoia'\n\n"
        "class ParanoiaTest < Minitest::Test\n  def test_destroy\n  end\nend\n",
    }
    learned = bodies(make_project, files, name="paranoia")
    assert learned["workflow/test-one"].startswith("To run one test: `bundle exec ruby -Itest test/paranoia_test.rb`")
