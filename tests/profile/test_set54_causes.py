"""Causes found on set 54's run (issue 17, thirty-sixth round): hapi's lab, whose one run also lints, checks types
and holds a coverage threshold; a Ruby gem whose tests need generated code, whose gem build commits a changelog,
which needs a program no gem installs, and which ships programs of its own."""

from __future__ import annotations

from tests.profile.learned import bodies

LAB_TEST = """'use strict';
const Code = require('@hapi/code');
const Lab = require('@hapi/lab');
const Boom = require('..');
const { describe, it } = exports.lab = Lab.script();
const expect = Code.expect;

describe('Boom', () => {
    it('returns an error', () => { expect(new Boom.Boom('x')).to.be.an.error(); });
    describe('instanceof', () => {
        it('identifies a boom', () => { expect(new Boom.Boom('x') instanceof Boom.Boom).to.be.true(); });
    });
});
"""


def test_a_lab_run_says_what_its_flags_check_and_one_test_is_a_grep_on_titles(make_project):
    package = (
        '{"name": "@hapi/boom", "main": "lib/index.js", "dependencies": {"@hapi/hoek": "^11"}, "devDependencies": '
        '{"@hapi/code": "9.x.x", "@hapi/lab": "^25.1.0", "typescript": "~4.6.4"}, "scripts": '
        '{"test": "lab -a @hapi/code -t 100 -L -Y"}}'
    )
    files = {"package.json": package, "lib/index.js": "'use strict';\nexports.Boom = class {};\n",
             "lib/index.d.ts": "export class Boom {}\n", "test/index.js": LAB_TEST,
             "test/index.ts": "import * as Boom from '..';\n"}  # fmt: skip
    learned = bodies(make_project, files)
    test = learned["workflow/test"]
    assert "lints with ESLint (-L)" in test and "TypeScript definitions" in test and "100% code coverage" in test
    assert learned["workflow/test-one"].startswith(
        "To run one test: `npx lab -a @hapi/code test/index.js -g 'instanceof'`"
    )
    assert "Test tools: @hapi/lab, @hapi/code" in learned["javascript/stack"]


RAKEFILE = """require 'bundler/gem_tasks'
require 'rake/testtask'

task :default => [:test]

Rake::TestTask.new do |t|
  t.libs = %w(test/ lib/)
  t.test_files = FileList["test/**/test_*.rb"]
end

task :build => [:generate_release, :changelog]

desc 'Generate the Ragel lexer and Racc parser.'
task :generate => ['lib/parser/lexer.rb'] do
  Rake::Task[:ragel_check].invoke
end

task :ragel_check do
  require 'cliver'
  Cliver.assert('ragel', '~> 6.7')
end

desc 'Generate Changelog'
task :changelog do
  File.open('CHANGELOG.md', 'w') { |io| io.puts 'x' }
  sh('git commit CHANGELOG.md -m "Update changelog." || true')
end

task :test => [:generate]
"""


def _gem(rakefile: str) -> dict[str, str]:
    gemspec = (
        "Gem::Specification.new do |spec|\n  spec.name = 'parser'\n  spec.bindir = 'bin'\n"
        "  spec.executables = %w(ruby-parse ruby-rewrite)\n  spec.add_dependency 'ast'\nend\n"
    )
    return {"Rakefile": rakefile, "parser.gemspec": gemspec, "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
            "lib/parser.rb": "module Parser; end\n", "lib/parser/runner.rb": "opts.on_tail '-h', '--help'\n",
            "lib/parser/lexer.rl": "%%{ machine lex; }%%\n", ".gitignore": "pkg\nlib/parser/lexer.rb\n",
            "bin/ruby-parse": "#!/usr/bin/env ruby\nrequire 'parser/runner'\n", "bin/ruby-rewrite": "#!/usr/bin/env ruby\n",
            "bin/console": "#!/usr/bin/env ruby\n", "test/test_lexer.rb": "class TestLexer < Minitest::Test\nend\n"}  # fmt: skip


def test_the_generate_task_the_tests_need_is_the_build_and_a_gem_build_that_commits_is_none(make_project):
    learned = bodies(make_project, _gem(RAKEFILE))
    build = learned["workflow/build"]
    assert build.startswith("To build: `bundle exec rake generate` (Generate the Ragel lexer and Racc parser")
    assert "rake build" not in build
    assert "ragel ~> 6.7 on the PATH" in learned["ruby/system-tools"]
    plain = RAKEFILE.replace("  sh('git commit CHANGELOG.md -m \"Update changelog.\" || true')\n", "")
    kept = bodies(make_project, _gem(plain), name="plain")["workflow/build"]
    assert "`bundle exec rake build`" in kept


def test_a_gem_that_ships_programs_runs_one_from_the_clone(make_project):
    run = bodies(make_project, _gem(RAKEFILE))["workflow/run"]
    assert run.startswith("To run: `bundle exec bin/ruby-parse --help` (the gem's programs: ruby-parse, ruby-rewrite")
    assert "lib/parser/lexer.rb" in run and "console" not in run


def test_a_pom_reporting_javadoc_beside_other_reports_builds_a_site(make_project):
    def pom(reports: str) -> str:
        return (
            "<project><artifactId>rtree</artifactId><build><plugins><plugin><artifactId>maven-javadoc-plugin"
            f"</artifactId></plugin></plugins></build><reporting><plugins>{reports}</plugins></reporting></project>"
        )

    plugin = "<plugin><artifactId>{}</artifactId></plugin>"
    files = {"src/main/java/p/RTree.java": "package p;\npublic class RTree {}\n",
             "src/test/java/p/RTreeTest.java": "package p;\npublic class RTreeTest {}\n"}  # fmt: skip
    site = pom(
        plugin.format("maven-jxr-plugin") + plugin.format("maven-pmd-plugin") + plugin.format("maven-javadoc-plugin")
    )
    docs = bodies(make_project, {**files, "pom.xml": site})["workflow/docs"]
    assert docs.startswith("To build or preview the docs: `mvn site` (writes target/site: Javadoc and the jxr, pmd")
    only_reports = pom(plugin.format("spotbugs-maven-plugin") + plugin.format("maven-surefire-report-plugin"))
    assert "mvn site" not in bodies(make_project, {**files, "pom.xml": only_reports}, name="reports")["workflow/docs"]


def test_jquery_copies_beside_a_benchmark_page_are_not_the_projects_javascript(make_project):
    files = {"parallel_hashmap/phmap.h": "#pragma once\nnamespace phmap {}\n" * 40,
             "parallel_hashmap/btree.h": "#pragma once\n" * 40, "tests/flat_test.cc": "int main() {}\n" * 10,
             "benchmark/js/jquery.flot.js": "(function($){})(jQuery);\n" * 400,
             "benchmark/js/jquery.canvaswrapper.js": "(function($){})(jQuery);\n" * 200}  # fmt: skip
    assert "JavaScript" not in bodies(make_project, files)["languages"]


def test_a_maven_name_placeholder_and_a_benchmark_phase_with_a_hyphen(make_project):
    profile = (
        "<profiles><profile><id>benchmark</id><build><plugins><plugin><artifactId>exec-maven-plugin</artifactId>"
        "<executions><execution><phase>integration-test</phase><goals><goal>exec</goal></goals><configuration>"
        "<arguments><argument>org.openjdk.jmh.Main</argument></arguments></configuration></execution></executions>"
        "</plugin></plugins></build></profile></profiles>"
    )
    pom = (
        "<project><groupId>com.github.davidmoten</groupId><artifactId>rtree</artifactId><name>${project.artifactId}"
        "</name><description>Java implementation of an immutable in-memory R-Tree</description><dependencies>"
        f"<dependency><artifactId>jmh-core</artifactId><groupId>org.openjdk.jmh</groupId></dependency></dependencies>{profile}</project>"
    )
    files = {"pom.xml": pom, "src/main/java/p/RTree.java": "package p;\npublic class RTree {}\n",
             "src/test/java/p/BenchmarksRTree.java": "package p;\nimport org.openjdk.jmh.annotations.Benchmark;\n"}  # fmt: skip
    learned = bodies(make_project, files)
    assert learned["project/summary"].startswith("Project rtree: Java implementation")
    assert "`mvn integration-test -Pbenchmark`" in learned["jvm/benchmarks"]


def test_a_guide_line_naming_a_file_its_folder_lacks_is_left_out(make_project):
    guide = (
        "# Contributing\n\n## Testing\n\n- Features involving additions to the public API should have API-level "
        "tests (see `tests/api.rs`).\n- New platforms should have tests in `tests/smoketests.rs`.\n"
    )
    files = {"CONTRIBUTING.md": guide, "tests/smoketests.rs": "#[test]\nfn a() {}\n",
             "Cargo.toml": '[package]\nname = "certs"\nversion = "0.1.0"\n', "src/lib.rs": "pub fn a() {}\n"}  # fmt: skip
    rules = bodies(make_project, files)["rules/CONTRIBUTING.md"]
    assert "tests/api.rs" not in rules and "tests/smoketests.rs" in rules


def test_a_changelog_a_rake_task_writes_is_generated_and_a_cut_list_says_it_goes_on(make_project):
    rakefile = (
        "desc 'Generate Changelog'\ntask :changelog do\n  File.open('CHANGELOG.md', 'w') do |io|\n    io.puts 'x'\n"
        "  end\nend\n"
    )
    sigil = "For example: `{} lexer.rl: fixed lexing of a long construct that needs several words to say here.`"
    guide = (
        "# Contributing\n\nEach commit which affects the public API must be marked with one of the following "
        f"sigils:\n\n * `-` for bugfixes. {sigil.format('-')}\n * `+` for features. {sigil.format('+')}\n"
        f" * `*` for miscellaneous changes. {sigil.format('*')}\n"
    )
    files = {"Rakefile": rakefile, "CONTRIBUTING.md": guide, "CHANGELOG.md": "# Changelog\n\n## v1.0\n\n * fix\n",
             "parser.gemspec": "Gem::Specification.new { |s| s.name = 'parser' }\n", "lib/parser.rb": "module P; end\n"}  # fmt: skip
    learned = bodies(make_project, files)
    assert learned["rules/changelog"].startswith("CHANGELOG.md is generated by `bundle exec rake changelog`")
    rule = learned["rules/CONTRIBUTING.md"]
    assert "miscellaneous" in rule or rule.rstrip().endswith("…")


def test_phpunit_is_named_with_the_major_version_composer_allows(make_project):
    composer = '{"name": "opis/json-schema", "require-dev": {"phpunit/phpunit": "^9.0"}}'
    assert (
        "Test tools: PHPUnit 9"
        in bodies(make_project, {"composer.json": composer, "src/A.php": "<?php\n"})["php/stack"]
    )


def test_an_advisory_golangci_run_keeps_its_arguments_and_comes_after_the_real_one(make_project):
    action = (
        "on: [push]\njobs:\n  golangci:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
        "      - uses: golangci/golangci-lint-action@v6\n        with:\n          args: {}\n"
    )
    files = {"go.mod": "module github.com/muesli/termenv\n\ngo 1.17\n", "termenv.go": "package termenv\n",
             ".golangci.yml": "linters:\n  enable:\n    - gosec\n",
             ".github/workflows/lint-soft.yml": action.format("--config .golangci-soft.yml --issues-exit-code=0"),
             ".github/workflows/lint.yml": action.format("--timeout 5m")}  # fmt: skip
    learned = bodies(make_project, files)
    assert learned["workflow/lint"].startswith(
        "To lint: `golangci-lint run --timeout 5m` — from CI (.github/workflows/lint.yml"
    )
    assert "golangci-lint run --config .golangci-soft.yml --issues-exit-code=0" in learned["ci"]


def test_a_librarys_example_programs_are_said_with_how_to_run_one(make_project):
    go = {"go.mod": "module github.com/muesli/termenv\n\ngo 1.17\n", "termenv.go": "package termenv\n",
          "examples/hello-world/main.go": "package main\n\nfunc main() {}\n",
          "examples/ssh/go.mod": "module ssh\n", "examples/ssh/main.go": "package main\n\nfunc main() {}\n"}  # fmt: skip
    assert bodies(make_project, go)["go/examples"] == (
        "Example programs (package main): examples/hello-world/; run one with `go run ./examples/hello-world`."
    )
    cargo = (
        '[package]\nname = "certs"\nversion = "0.1.0"\n\n[[example]]\nname = "google"\nrequired-features = ["net"]\n'
    )
    rust = {"Cargo.toml": cargo, "src/lib.rs": "pub fn a() {}\n", "examples/google.rs": "fn main() {}\n",
            "examples/print-trust-anchors.rs": "fn main() {}\n"}  # fmt: skip
    # an example that needs no feature goes first (rusqlite's load_extension needs features and another build)
    assert "`cargo run --example print-trust-anchors`" in bodies(make_project, rust, name="rust")["rust/examples"]
    del rust["examples/print-trust-anchors.rs"]
    assert "`cargo run --example google --features net`" in bodies(make_project, rust, name="one")["rust/examples"]
