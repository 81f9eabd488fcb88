"""Round thirty (issue 17): benchmarks memory for Rust, Python, Ruby, the JVM and plain benchmark scripts: what runs
them, said as a fact and never made the test command."""

from __future__ import annotations

from tests.profile.learned import bodies

CARGO = '[package]\nname = "smallvec"\nversion = "1.0.0"\nedition = "2021"\n'
LIBTEST = "#![feature(test)]\n\nextern crate test;\n\nuse test::Bencher;\n\n#[bench]\nfn push(b: &mut Bencher) {}\n"
CRITERION = "use criterion::{criterion_group, criterion_main, Criterion};\n\ncriterion_main!(benches);\n"


def test_rust_libtest_benches_need_nightly_and_criterion_ones_do_not(make_project):
    files = {"Cargo.toml": CARGO, "src/lib.rs": "pub fn a() {}\n", "benches/bench.rs": LIBTEST}
    learned = bodies(make_project, files, name="smallvec")
    assert learned["rust/benchmarks"] == (
        "Rust benchmarks: benches/bench.rs (libtest #[bench]); run them with `cargo +nightly bench` "
        "(the unstable `#![feature(test)]` builds only on nightly)."
    )
    assert "bench" not in learned["workflow/test"]
    criterion = {
        **files,
        "Cargo.toml": CARGO + '\n[dev-dependencies]\ncriterion = "0.5"\n\n[[bench]]\nname = "bench"\nharness = false\n',
        "benches/bench.rs": CRITERION,
    }
    stable = bodies(make_project, criterion, name="smallvec2")["rust/benchmarks"]
    assert stable == "Rust benchmarks: benches/bench.rs (criterion); run them with `cargo bench`."


def test_rust_benches_that_need_features_say_so(make_project):
    gated = CARGO + '\n[features]\ndefault = ["std"]\nstd = []\nv4 = []\n'
    gated += '\n[[bench]]\nname = "parse"\nrequired-features = ["std"]\n'
    files = {
        "Cargo.toml": gated,
        "src/lib.rs": "pub fn a() {}\n",
        "benches/v4.rs": '#![cfg(feature = "v4")]\n' + LIBTEST,
        "benches/parse.rs": CRITERION,
    }
    body = bodies(make_project, files, name="uuid")["rust/benchmarks"]
    assert "`cargo +nightly bench --features v4`" in body  # std is on by default: only v4 is asked for
    assert "they need the feature v4" in body


def test_a_benchmark_crate_kept_out_of_the_workspace_runs_from_its_folder(make_project):
    files = {
        "Cargo.toml": CARGO + '\n[workspace]\nexclude = ["benchmark"]\n',
        "src/lib.rs": "pub fn a() {}\n",
        "benchmark/Cargo.toml": '[package]\nname = "smallvec-benchmark"\nversion = "0.0.0"\n',
        "benchmark/src/bin/mutex.rs": "fn main() { let _ = std::env::args(); }\n",
    }
    body = bodies(make_project, files, name="parking_lot")["rust/benchmarks"]
    assert "separate crate benchmark/ (excluded from the workspace)" in body
    assert "`cd benchmark && cargo run --release --bin mutex -- <arguments>`" in body


def test_a_benches_folder_of_another_language_is_no_rust_benchmark(make_project):
    files = {
        "package.json": '{"name": "x", "scripts": {"test": "node test.js"}}\n',
        "index.js": "module.exports = 1\n",
        "benches/index.js": "#!/usr/bin/env node\nconsole.log(1)\n",
    }
    learned = bodies(make_project, files, name="x")
    assert "rust/benchmarks" not in learned
    assert (
        learned["benchmarks/scripts"] == "Benchmarks are the scripts in benches/: run one with `node benches/index.js`."
    )


def test_python_benchmarks_run_through_their_tox_env_or_nox_session(make_project):
    tox = "[tox]\nenvlist = py312\n\n[testenv]\ncommands = pytest\n\n[testenv:benchmark]\n"
    tox += "deps = pytest-benchmark\ncommands = pytest {posargs:testing/benchmark.py}\n"
    files = {
        "pyproject.toml": '[project]\nname = "pluggy"\n',
        "tox.ini": tox,
        "src/pluggy/__init__.py": "x = 1\n",
        "testing/benchmark.py": "def test_a(benchmark):\n    benchmark(print)\n",
    }
    learned = bodies(make_project, files, name="pluggy")
    assert learned["python/benchmarks"] == (
        "Python benchmarks run with `tox -e benchmark` (tox.ini env `benchmark`: runs testing/benchmark.py "
        "with pytest-benchmark)."
    )
    assert learned["workflow/test"].startswith("To test: `tox` ")  # the benchmark env is not the test command
    nox = "import nox\n\n\n@nox.session(default=False)\ndef bench(session):\n    session.install('pyperf')\n"
    files = {
        "pyproject.toml": '[project]\nname = "jsonschema"\n',
        "noxfile.py": nox,
        "jsonschema/__init__.py": "x = 1\n",
        "jsonschema/benchmarks/__init__.py": "",
        "jsonschema/benchmarks/contains.py": "import pyperf\n",
    }
    body = bodies(make_project, files, name="jsonschema")["python/benchmarks"]
    assert body == (
        "Python benchmarks run with `nox -s bench` (noxfile.py session `bench`: the scripts in "
        "jsonschema/benchmarks/ with pyperf)."
    )


def test_ruby_benchmarks_run_through_a_rake_task_or_as_scripts(make_project):
    gemfile = 'source "https://rubygems.org"\ngemspec\ngem "benchmark-ips"\n'
    files = {
        "Gemfile": gemfile,
        "prompt.gemspec": 'Gem::Specification.new { |s| s.name = "prompt" }\n',
        "lib/prompt.rb": "module Prompt; end\n",
        "benchmarks/speed.rb": "require 'benchmark/ips'\nrequire_relative '../lib/prompt'\n",
        "benchmarks/multi_select.rb": "require 'benchmark/ips'\n",
    }
    body = bodies(make_project, files, name="prompt")["ruby/benchmarks"]
    assert body == (
        "Ruby benchmarks are scripts in benchmarks/ using benchmark-ips: run one with "
        "`bundle exec ruby benchmarks/multi_select.rb` (the others: benchmarks/speed.rb)."
    )
    task = {**files, "Rakefile": "task :bench do\n  ruby 'benchmarks/speed.rb'\nend\n"}
    body = bodies(make_project, task, name="prompt2")["ruby/benchmarks"]
    assert body == "Ruby benchmarks run with `bundle exec rake bench` (Rakefile task `bench`)."


def test_jmh_benchmarks_run_with_the_task_or_profile_the_build_defines(make_project):
    gradle = "plugins {\n  id 'java'\n  id 'me.champeau.jmh' version '0.7.2'\n}\n"
    files = {
        "build.gradle": gradle,
        "gradlew": "#!/bin/sh\n",
        "src/main/java/a/A.java": "class A {}\n",
        "src/jmh/java/a/ABench.java": "class ABench { @Benchmark void a() {} }\n",
    }
    body = bodies(make_project, files, name="a")["jvm/benchmarks"]
    assert body == "JMH benchmarks in src/jmh/: run them with `./gradlew jmh` (build.gradle)."
    pom = (
        "<project><artifactId>v</artifactId><dependencies><dependency><groupId>org.openjdk.jmh</groupId>"
        "<artifactId>jmh-core</artifactId><scope>test</scope></dependency></dependencies><profiles><profile>"
        "<id>benchmark</id><build><finalName>benchmarks</finalName><plugins><plugin><configuration><archive>"
        "<manifest><mainClass>org.openjdk.jmh.Main</mainClass></manifest></archive></configuration></plugin>"
        "</plugins></build></profile></profiles></project>\n"
    )
    maven = {"pom.xml": pom, "src/main/java/a/A.java": "class A {}\n",
             "src/test/java/a/benchmark/ABenchmark.java": "class ABenchmark { @Benchmark void a() {} }\n"}  # fmt: skip
    learned = bodies(make_project, maven, name="v")
    assert learned["jvm/benchmarks"] == (
        "JMH benchmarks in src/test/java/a/benchmark/: run them with `mvn package -Pbenchmark`, then "
        "`java -jar target/benchmarks.jar` (pom.xml)."
    )
    assert "Pbenchmark" not in learned.get("workflow/test", "")  # only a benchmark in src/test: no test to run


def test_benchmark_scripts_of_any_language_are_run_as_the_file_says(make_project):
    files = {
        "package.json": '{"name": "yaml", "scripts": {"test": "mocha"}}\n',
        "index.js": "module.exports = 1\n",
        "benchmark/benchmark.js": "#!/usr/bin/env node\nconsole.log(1)\n",
        "benchmark/add-by-tag.sh": "#!/bin/sh\ngit clone $1\n",  # wants a tag: not the command
    }
    learned = bodies(make_project, files, name="yaml")
    assert learned["benchmarks/scripts"] == (
        "Benchmarks are the scripts in benchmark/: run one with `node benchmark/benchmark.js`."
    )
    perf = {"pyproject.toml": '[project]\nname = "pp"\n', "pp/__init__.py": "x = 1\n",
            "tests/perf_pp.py": "import pp\n\nif __name__ == \"__main__\":\n    print(pp.x)\n"}  # fmt: skip
    assert bodies(make_project, perf, name="pp")["benchmarks/scripts"] == (
        "Benchmarks: `python tests/perf_pp.py` runs tests/perf_pp.py."
    )


def test_an_ecosystems_benchmark_fact_replaces_the_script_fallback(make_project):
    files = {
        "package.json": '{"name": "n", "scripts": {"test": "mocha", "bench": "node benchmark/index.js"}}\n',
        "index.js": "module.exports = 1\n",
        "benchmark/index.js": "console.log(1)\n",
        "Makefile": "benchmark:\n\tnode benchmark/index.js\n",
    }
    learned = bodies(make_project, files, name="n")
    assert learned["javascript/benchmarks"].startswith("Benchmarks run with `npm run bench`")
    assert "benchmarks/scripts" not in learned
    del files["package.json"]
    alone = bodies(make_project, files, name="n2")
    assert alone["benchmarks/scripts"] == "Benchmarks run with `make benchmark` (Makefile target `benchmark`)."
