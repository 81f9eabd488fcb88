"""Ruby: Bundler, Rails or Sinatra, RSpec or Minitest, ActiveRecord migrations."""

from __future__ import annotations

import fnmatch
import re

import yaml

from picasso_tui.profile.ecosystems import ruby_hoe
from picasso_tui.profile.ecosystems.benchmarks import ruby_benchmarks
from picasso_tui.profile.ecosystems.common import (
    Stack,
    classify,
    gem_text,
    preloaded_helper,
    root_gemspecs,
    stack_facts,
    workflow_text,
)
from picasso_tui.profile.ecosystems.ruby_test_tasks import only_prints, test_tasks
from picasso_tui.profile.findings import Knowledge, human_list, name_key
from picasso_tui.profile.walk import Tree, in_fixture_project, is_auxiliary

LIBRARIES: dict[str, tuple[str, str]] = {
    "rails": ("Rails", "framework"), "sinatra": ("Sinatra", "framework"), "hanami": ("Hanami", "framework"),
    "sidekiq": ("Sidekiq", "framework"), "grape": ("Grape", "framework"), "rspec": ("RSpec", "test"),
    "rspec-rails": ("RSpec", "test"), "minitest": ("Minitest", "test"), "capybara": ("Capybara", "test"),
    "shindo": ("Shindo", "test"), "test-unit": ("test-unit", "test"), "mocha": ("Mocha (mocks)", "test"),
    "webmock": ("WebMock", "test"), "vcr": ("VCR", "test"), "factory_bot": ("FactoryBot", "test"),
    "factory_bot_rails": ("FactoryBot", "test"), "cuprite": ("Cuprite", "test"), "fakefs": ("FakeFS", "test"),
    "database_cleaner": ("DatabaseCleaner", "test"), "database_cleaner-active_record": ("DatabaseCleaner", "test"),
    "timecop": ("Timecop", "test"), "aruba": ("Aruba", "test"), "cucumber": ("Cucumber", "test"),
    "activerecord": ("ActiveRecord", "database"), "mongoid": ("Mongoid (MongoDB)", "database"),
    "sequel": ("Sequel", "database"), "pg": ("PostgreSQL", "database"),
    "mysql2": ("MySQL", "database"), "sqlite3": ("SQLite", "database"), "thor": ("Thor", "cli"),
    "rack": ("Rack", "framework"), "rack-test": ("rack-test", "test"), "rubocop": ("RuboCop", "lint"),
    "yard": ("YARD", "docs"),
}  # fmt: skip
TOOLING_GEM = re.compile(r"(rubocop|standard|reek|brakeman|simplecov|yard|solargraph|sorbet|bundler-audit|rake\b)")
"""Gems that check, document or run the code (fzf's Gemfile: rubocop-minitest, rubocop-performance for its Ruby
test suite): tools, not what the project is built on."""
RUNTIME = re.compile(r"""add_(?:runtime_)?dependency\s*\(?\s*(?:['"]([^'"]+)['"]|%q<([^>]+)>)""")
DEVELOPMENT = re.compile(r"""add_development_dependency\s*\(?\s*(?:['"]([^'"]+)['"]|%q<([^>]+)>)""")
"""`s.add_dependency "rack"` and a generated gemspec's `s.add_runtime_dependency(%q<public_suffix>.freeze, …)`."""


_COMMENT = re.compile(r"^\s*#[^\n]*$", re.MULTILINE)
UNREAD_RUNTIME = re.compile(r"""add_(?:runtime_)?dependency(?:\s*\(\s*|\s+)(?![\s'"(]|%q)\S""")
"""A runtime dependency added from a variable (`gem.add_dependency(name, …)` in a loop): one not read here."""
YAML_LOADED = re.compile(r"""['"]([\w./-]+\.ya?ml)['"]""")


def _yaml_gems(tree: Tree, gemspecs: list[str]) -> tuple[list[str], list[str]] | None:
    """(runtime, development) gems of the YAML file a gemspec loads (bundler-audit's gemspec.yml `dependencies:`
    and `development_dependencies:`, added with add_dependency in a loop), or None when none is loaded."""
    for spec in gemspecs:
        text = tree.read(spec) or ""
        if "YAML" not in text:
            continue
        for name in YAML_LOADED.findall(text):
            rel = f"{spec.rsplit('/', 1)[0]}/{name}" if "/" in spec else name
            try:
                data = yaml.safe_load(tree.read(rel.removeprefix("./")) or "")
            except yaml.YAMLError:
                continue
            if isinstance(data, dict) and ("dependencies" in data or "development_dependencies" in data):
                return _gem_names(data.get("dependencies")), _gem_names(data.get("development_dependencies"))
    return None


def _gem_names(listed: object) -> list[str]:
    """Gem names of a YAML `dependencies:` mapping (thor: "~> 1.0") or list."""
    if isinstance(listed, dict):
        return [str(name) for name in listed]
    if isinstance(listed, list):
        return [str(item).split()[0] for item in listed if str(item).strip()]
    return []


def _app_gems(gemfile: str) -> list[str]:
    """The gems a Gemfile needs at run time: those outside ``group :development`` / ``:test`` blocks."""
    gems: list[str] = []
    depth = 0
    dev_depth = 0
    for line in gemfile.splitlines():
        stripped = line.split("#", 1)[0].strip()
        if re.match(r"^group\b.*\bdo\b", stripped):
            depth += 1
            if re.search(r":(development|test)\b", stripped) and not dev_depth:
                dev_depth = depth
        elif re.match(r"^(\w+.*\bdo\b|if\b|unless\b)", stripped):
            depth += 1
        elif stripped == "end":
            dev_depth = 0 if dev_depth == depth else dev_depth
            depth = max(depth - 1, 0)
        elif (m := re.match(r"""^gem\s+['"]([^'"]+)['"]""", stripped)) and not dev_depth:
            gems.append(m.group(1))
    return gems


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    gemspecs = root_gemspecs(tree)
    if not tree.has("Gemfile") and not gemspecs:
        return ruby_hoe.investigate(tree)  # minitest: no Gemfile, no gemspec, a Rakefile's Hoe.spec
    sources = [f for f in ("Gemfile", "Gemfile.lock") if tree.has(f)] or gemspecs
    gemfile = tree.read("Gemfile") or ""
    if not gemspecs and _release_tools_only(tree, gemfile):
        return k
    # better_errors' `# s.add_dependency "binding_of_caller"` under "# optional dependencies:": a comment, no dependency
    specs = "\n".join(_COMMENT.sub("", tree.read(g) or "") for g in gemspecs)
    # dotenv's railties is dotenv-rails.gemspec's: the gem named like the repository says what the project is built on
    named = [g for g in gemspecs if name_key(_gem_name(tree, g)) == name_key(tree.root.name)]
    main_specs = (
        "\n".join(_COMMENT.sub("", tree.read(g) or "") for g in named) if len(gemspecs) > 1 and named else specs
    )
    runtime = [a or b for a, b in RUNTIME.findall(main_specs)] if gemspecs else None
    deps = set(re.findall(r"""^\s*gem\s+['"]([^'"]+)['"]""", gemfile, re.MULTILINE))
    deps |= {a or b for a, b in DEVELOPMENT.findall(specs)}
    if gemspecs and UNREAD_RUNTIME.search(specs):  # never "no runtime dependencies" for gems not read
        loaded = _yaml_gems(tree, gemspecs)
        runtime = [*runtime, *loaded[0]] if loaded and runtime is not None else None
        deps |= set(loaded[1]) if loaded else set()
    deps |= set(runtime or [])
    kinds = classify(deps, LIBRARIES)
    # a gem's Rails app under test/ or spec/ (spec/dummy, test/rails_app) is a fixture: the gem stays a library
    # pagy's Gemfile brings Rails in its `:playground` group and no app/: the demo apps' gem, no Rails application
    rails = tree.has("config/application.rb") or (
        "Rails" in kinds.get("framework", []) and not gemspecs and bool(tree.under("app") or tree.under("config"))
    )
    details = ["Bundler (Gemfile)" if tree.has("Gemfile") else "gemspec"]
    names = [_gem_name(tree, g) for g in gemspecs]
    # simplecov's test_projects/monorepo/*/ gemspecs are fixtures its specs drive, not gems it releases
    inner = [
        f
        for f in tree.files
        if f.endswith(".gemspec") and "/" in f and not is_auxiliary(f) and not re.match(r"(tests?|spec)[\w-]*/", f)
    ]
    if names and inner:
        more = [f"{f.rsplit('/', 1)[-1].removesuffix('.gemspec')} ({f.rsplit('/', 1)[0]}/)" for f in inner]
        details.append(f"{len(names) + len(inner)} gems in one repository: {names[0]} (root), {human_list(more, 6)}")
        own_rake = [f.rsplit("/", 1)[0] for f in inner if tree.has(f"{f.rsplit('/', 1)[0]}/Rakefile")]
        if own_rake and tree.has("Rakefile"):
            verb = "has its own Rakefile" if len(own_rake) == 1 else "have their own Rakefiles"
            details.append(f"{human_list([d + '/' for d in own_rake])} {verb} (run `bundle exec rake` in the folder)")
    elif names:
        details.append(f"gem `{names[0]}` ({gemspecs[0]})")
    if tree.under("db/migrate"):
        details.append("migrations in db/migrate")
    k.fact("ruby/packaging", "Ruby: Bundler", "Ruby project: " + "; ".join(details) + ".",
           *(sources[:1] + gemspecs[:1] + inner[:2]))  # fmt: skip
    role = "a Rails application" if rails else "a gem (library)" if gemspecs else ""
    if not role and tree.has("config.ru"):
        role = "a Rack application (config.ru)"
    if runtime is None and tree.has("Gemfile") and not gemspecs:  # an application: its Gemfile's runtime gems
        runtime = [g for g in _app_gems(gemfile) if not TOOLING_GEM.match(g)]
    # errbit keeps its data in MongoDB through Mongoid, with `require "active_record/railtie"` commented out
    mongo = "mongoid" in deps or "mongoid" in (runtime or [])
    if rails and runtime is not None and "activerecord" not in runtime and not mongo:
        runtime.append("activerecord")
    own = set(names) | {f.rsplit("/", 1)[-1].removesuffix(".gemspec") for f in inner}
    runtime = [d for d in runtime if d not in own] if runtime is not None else None
    stack = Stack(runtime, deps - set(runtime or []), role)
    stack_facts(k, "ruby", "Ruby", LIBRARIES, stack, (gemspecs[:1] + sources[:1]) if gemspecs else sources[:1])
    _commands(k, tree, kinds, deps, rails, sources[0])
    _gem_build(k, tree, gemspecs)
    if gemspecs and not rails:
        _gem_programs(k, tree, gemspecs[0])
    ruby_benchmarks(k, tree)
    return k


RELEASE_TOOL_GEM = re.compile(
    r"(fastlane(-plugin-[\w-]+)?|cocoapods[\w-]*|danger(-[\w-]+)?|xcpretty|xcode-install|slather|jazzy|xcov)$"
)
"""Gems an Android or iOS project bundles to release, review or lint it: fastlane, CocoaPods, Danger, xcpretty."""


def _release_tools_only(tree: Tree, gemfile: str) -> bool:
    """tasks.org's Gemfile brings only fastlane for its Gradle app's lanes: with no Ruby source of its own outside
    fastlane/, the repository is no Ruby project and `bundle install` is no contributor's setup."""
    gems = re.findall(r"""^\s*gem\s+['"]([^'"]+)['"]""", gemfile, re.MULTILINE)
    if not gems or not all(RELEASE_TOOL_GEM.match(g) for g in gems):
        return False
    return not any(f.endswith(".rb") and not f.startswith("fastlane/") and not is_auxiliary(f) for f in tree.files)


BINSTUBS = frozenset({"setup", "console", "rake", "rspec", "bundle", "bundler", "rubocop", "rails", "standardrb",
                      "test", "release", "ci", "yard", "irb", "dev"})  # fmt: skip
"""bin/ scripts a clone runs to work on the gem, not programs the gem ships."""


def _gem_programs(k: Knowledge, tree: Tree, gemspec: str) -> None:
    """The programs a gem ships (`spec.executables`, parser's bin/ruby-parse and bin/ruby-rewrite): run from the
    clone with `bundle exec bin/<name>`, asking for its usage when it parses options."""
    text = tree.read(gemspec) or ""
    listed = re.search(r"\.executables\s*=\s*%w[(\[{]([^)\]}]*)", text)
    if listed:
        names = listed.group(1).split()
    elif re.search(r"\.executables\s*=[^\n]*\bbin/", text):
        names = [f[4:] for f in tree.under("bin") if "/" not in f[4:]]
    else:
        names = []
    programs = [n for n in names if n not in BINSTUBS and tree.has(f"bin/{n}")]
    if not programs:
        _gem_console(k, tree)
        return
    gem = gemspec.rsplit("/", 1)[-1].removesuffix(".gemspec")
    programs.sort(key=lambda n: n != gem)  # reek's `reek`, not code_climate_reek, which reads /config.json
    lib = [f for f in tree.under("lib") if f.endswith(".rb")][:300]
    help_flag = any("--help" in (tree.read(f) or "") for f in [f"bin/{programs[0]}", *lib])
    note = f"the gem's programs: {human_list(programs, 4)}" if len(programs) > 1 else ""
    ignored = re.findall(r"^/?(lib/[\w/.-]+\.rb)\s*$", tree.read(".gitignore") or "", re.MULTILINE)
    if ignored:  # parser's lexer and grammars: git ignores the code a generate task writes, the gem loads it
        note = (f"{note}; " if note else "") + f"after the generate step: {ignored[0]} and others are generated"
    command = f"bundle exec bin/{programs[0]}" + (" --help" if help_flag else "")
    k.command("run", command, gemspec, 60, note)


def _gem_console(k: Knowledge, tree: Tree) -> None:
    """A library gem ships no program: Bundler's gem template gives it `bin/console`, an IRB session with the gem
    loaded, which is how its maintainers try a change (dalli, state_machines, geocoder)."""
    text = tree.read("bin/console") or "" if tree.has("bin/console") else ""
    if re.search(r"^require ['\"](bundler/setup|irb)['\"]", text, re.MULTILINE):
        # phlex's console requires "irb" and the gem with neither Bundler nor lib/ on the load path: alone it stops
        # with a LoadError, under `bundle exec` the gemspec puts the gem there
        bundled = re.search(r"^require ['\"]bundler/setup['\"]|\$(LOAD_PATH|:)\.unshift|require_relative", text, re.M)
        command = "bin/console" if bundled else "bundle exec bin/console"
        # acme-client's bin/console starts Pry, not IRB
        # meta-tags keeps its Pry lines commented out: a comment starts nothing
        shell = "a Pry" if re.search(r"^[^#\n]*\bPry\.start\b", tree.read("bin/console") or "", re.M) else "an IRB"
        k.command("run", command, "bin/console", 62, f"{shell} session with the gem loaded, to try it")


DECLARES_TESTS = re.compile(r"^\s*(def test_\w+|test\s+['\"]|it\s+['\"]|class \w+ < (Minitest::Test|Test::Unit))", re.M)
"""A Ruby file that holds test cases (tzinfo's test/test_utils.rb, named like a test, holds only helpers)."""


def _a_spec_file(tree: Tree) -> str:
    """A spec file to show the one-file run with (pry's spec/pry_spec.rb): the one named after the project, else
    the shallowest, so that the command runs as it stands; an acceptance, integration or system spec last
    (vagrant-libvirt's spec_helper leaves its acceptance specs out unless asked, and they boot machines)."""
    slow = re.compile(r"^spec/(acceptance|integration|system|e2e|features)/")
    specs = sorted(
        (f for f in tree.under("spec") if f.endswith("_spec.rb")), key=lambda f: (bool(slow.match(f)), f.count("/"), f)
    )
    named = f"spec/{name_key(tree.root.name)}_spec.rb"
    return next((f for f in specs if name_key(f) == name_key(named)), specs[0] if specs else "")


def _test_files(tree: Tree) -> list[str]:
    """Files under test/ that declare tests: those named as tests (foo_test.rb, test_foo.rb, tc_foo.rb) first,
    then the shallowest."""
    named = re.compile(r"(_test|/test_\w+|/tc_\w+|_spec)\.rb$")
    # jekyll's test/helper.rb defines its base test class and `def test_dir`: a helper, no test to run
    files = [f for f in tree.under("test") if f.endswith(".rb") and not HELPER.search(f) and not in_fixture_project(f)]
    if not files and re.search(r"^\s*require\s*\(?\s*['\"]minitest", tree.read("spec/spec_helper.rb") or "", re.M):
        files = [f for f in tree.under("spec") if f.endswith("_spec.rb")]  # launchy's Minitest specs in spec/
    # brakeman's `t.pattern = 'test/tests/*.rb'`: the task runs those files, whatever they are named
    declared = re.search(r"\.pattern\s*=\s*['\"]([^'\"]+\.rb)['\"]", _rake_tasks(tree))
    if declared and (matched := [f for f in files if fnmatch.fnmatch(f, declared.group(1).replace("**/", "*"))]):
        files = matched
    tests = [f for f in files[:SCANNED_TESTS] if DECLARES_TESTS.search(tree.read(f) or "")]
    return sorted(tests, key=lambda f: (not named.search(f), f.count("/"), f))


SCANNED_TESTS = 300
HELPER = re.compile(r"(^|/)(\w+_)?helpers?\.rb$|/(support|fixtures?)/")


def _commands(
    k: Knowledge, tree: Tree, kinds: dict[str, list[str]], deps: set[str], rails: bool, manifest: str
) -> None:
    """Install, test (RSpec, Rails or rake with Minitest), RuboCop, and a Rails app's server and migrations."""
    k.command("install", "bundle install", manifest, 40)
    helper = tree.read("spec/spec_helper.rb") or tree.read("spec/helper.rb") or ""
    minitest_specs = bool(re.search(r"^\s*require\s*\(?\s*['\"]minitest", helper, re.MULTILINE))  # roda's spec/
    # multi_xml's .rspec is left over: no rspec gem and no spec/ folder, its tests are Minitest's
    # jekyll's Gemfile has rspec for rspec-mocks' sake: with no spec/ folder, the tests in test/ are Minitest's
    # agent-ruby's specs are each package's (packages/*/spec): a root with no spec/ has none for rspec to run
    nested = not tree.under("spec") and any("/spec/" in f and f.endswith("_spec.rb") for f in tree.files)
    bundled = "RSpec" in kinds.get("test", []) and (bool(tree.under("spec")) or not tree.under("test")) and not nested
    rspec = bundled or (tree.has(".rspec") and bool(tree.under("spec")))
    # liquid's spec/ holds liquid-spec adapters (ruby_liquid.rb): a spec folder is RSpec's when it holds *_spec.rb
    specs = [f for f in tree.under("spec") if f.endswith("_spec.rb")]
    # jazzy's spec/*_spec.rb are Bacon's (`bundle exec bacon spec/integration_spec.rb`): no RSpec to run them
    bacon = "bacon" in deps and not {"rspec", "rspec-core", "rspec-rails"} & deps
    rspec = rspec or (bool(specs) and not minitest_specs and not bacon)
    if bacon and specs:
        k.command("test-one", f"bundle exec bacon {specs[0]}", "Gemfile (Bacon)", 55)
    bin_rails = "bin/rails" if tree.has("bin/rails") else "bundle exec rails"
    if rspec:
        loads = _rake_rspec_requires(tree)
        # TaskJuggler keeps no Gemfile: its gemspec brings RSpec, and is what the run is cited to
        said = ".rspec" if tree.has(".rspec") else "Gemfile" if tree.has("Gemfile") else manifest
        k.command("test", f"bundle exec rspec{loads}", said, 55)
        spec = _a_spec_file(tree)
        k.command(
            "test-one",
            f"bundle exec rspec{loads} {spec}:<line>" if spec else "bundle exec rspec spec/<file>_spec.rb:<line>",
            said,
            55,
            "without :<line>, the whole file" if spec else "",
        )
    elif rails or ("ENGINE_ROOT" in (tree.read("bin/rails") or "") and bool(tree.under("test"))):
        # Lesli's bin/rails is a Rails engine's: `bin/rails test` runs its tests against the test/dummy app
        said = "config/application.rb" if rails else "bin/rails (Rails engine)"
        k.command("test", f"{bin_rails} test", said, 55)
        # a real file, so the command runs as it stands: a model's or unit test before the slow system tests
        units = sorted(
            (f for f in tree.under("test") if f.endswith("_test.rb") and not re.search(r"/(system|fixtures)/", f)),
            key=lambda f: (not re.match(r"test/(models|unit)/", f), f.count("/"), f),
        )
        one = f"{units[0]}:<line>" if units else "test/<file>_test.rb:<line>"
        k.command("test-one", f"{bin_rails} test {one}", said, 55,
                  "without :<line>, the whole file" if units else "")  # fmt: skip
    # gli's TestTasks are `test:unit` and `test:integration`: with no `test` task, `rake test` runs nothing
    # stimulus_reflex's `task test: [:test_javascript, :test_ruby]` names it as a hash key
    elif (
        re.search(r"^\s*task\s*\(?\s*([:'\"]test\b(?!:)|test:\s)", _rake_tasks(tree), re.M)
        or any(t.name == "test" for t in test_tasks(_rake_tasks(tree)))
    ) and not only_prints(_rake_tasks(tree), "test"):  # snapper's `test` task only says "No tests yet"
        k.command("test", "bundle exec rake test", "Rakefile", 60)  # only a task the Rakefile has (roda's is spec)
        tests = _test_files(tree)
        # paranoia's gemspec names no minitest (Rails brings it): its test file requires minitest/autorun itself
        # launchy's spec/*_spec.rb are Minitest specs: spec/spec_helper.rb requires minitest/autorun
        helpers = ("test/test_helper.rb", "test/helper.rb", "spec/spec_helper.rb")
        required = [tree.read(f) or "" for f in (*tests[:1], *helpers) if tree.has(f)]
        minitest = any(re.search(r"^\s*require\s*\(?\s*['\"]minitest", t, re.M) for t in required)
        if tests and ("Minitest" in kinds.get("test", []) or minitest):
            helper = preloaded_helper(tree, tests[0])  # scientist's tests rely on the task loading test_helper
            folder = tests[0].split("/", 1)[0] if tests[0].startswith("spec/") else "test"
            ruby = f"bundle exec ruby -Ilib -I{folder} -r{helper}" if helper else f"bundle exec ruby -I{folder}"
            # slim's test:core puts test/core on the load path, where the `helper` its tests require lives
            task = next((t for t in test_tasks(_rake_tasks(tree)) if fnmatch.fnmatch(tests[0], t.files)), None)
            if task and task.libs and not helper:
                ruby = "bundle exec ruby " + " ".join(f"-I{lib}" for lib in dict.fromkeys(task.libs))
            k.command("test-one", f"{ruby} {tests[0]}", "Rakefile", 60, "-n <test name> for one test")
    features = any(f.endswith(".feature") for f in tree.under("features"))
    if features and "Cucumber" in kinds.get("test", []) and "Cucumber::Rake" not in _rake_tasks(tree):
        # lolcommits' features/ run through its binstub, beside the unit tests' `rake test`; a Rakefile's
        # Cucumber::Rake task is run as that task instead
        cucumber = "bin/cucumber" if tree.has("bin/cucumber") else "bundle exec cucumber"
        k.command("test", cucumber, "features/", 62, "the Cucumber features")
    # the gem that brings the tool decides it: a 2015 .rubocop.yml with no RuboCop in the Gemfile runs nowhere
    # meta-tags' .rubocop.yml requires Standard and adds its own plugins and cops: RuboCop runs that config,
    # `standardrb` would ignore it
    config = tree.read(".rubocop.yml") or ""
    plugins = re.search(r"^(require|plugins):", config, re.M) and re.search(r"^\s*-\s*rubocop-", config, re.M)
    # vite_ruby's lists it (`require:` then `- standard`) and inherits `standard: config/ruby-3.0.yml`
    standard = r"^(require|plugins):\s*standard\b|^\s*-\s*standard\s*$|standard: config/[\w.-]+\.yml"
    runs_standard = re.search(standard, config, re.M) and plugins
    # langchainrb's .rubocop.yml requires Standard and rubocop-performance, and its CI lints with `standardrb`:
    # what CI runs is how the project lints
    if "standard" in deps and (not runs_standard or ci_runs_standardrb(tree)):
        k.command("lint", "bundle exec standardrb", ".standard.yml" if tree.has(".standard.yml") else "Gemfile", 55)
        k.command("format", "bundle exec standardrb --fix", "Gemfile", 58)
    elif runs_standard or (
        any(d == "rubocop" or d.startswith("rubocop-") for d in deps)
        and not _old_rubies_only(tree, "rubocop")
        and not _obsolete_cops(tree)
        and _rubocop_used(tree)
        and not rubocop_checks_nothing(tree.read(".rubocop.yml") or "")
    ):
        k.command("lint", "bundle exec rubocop", ".rubocop.yml" if tree.has(".rubocop.yml") else "Gemfile", 55)
        # without a .rubocop.yml `rubocop -a` rewrites everything to RuboCop's defaults (mechanize)
        if tree.has(".rubocop.yml") and not rubocop_styles_nothing(tree.read(".rubocop.yml") or ""):
            k.command("format", "bundle exec rubocop -a", ".rubocop.yml", 58)
    if rails:
        # hitobito's bin/dev starts its Procfile with overmind: the server, the job worker, mailcatcher and webpack
        manager = re.search(r"\b(overmind|foreman|hivemind)\b", tree.read("bin/dev") or "")
        # sequencescape's bin/dev only execs `bin/rails server`: its Procfile.dev is for foreman, run by hand
        serves_only = re.search(r"""exec\s*\(?\s*["']\./bin/rails["'],\s*["']server["']""", tree.read("bin/dev") or "")
        if tree.has("bin/dev") and tree.has("Procfile.dev") and not serves_only:
            # stringer's bin/dev runs Procfile.dev: Puma with the asset watchers that build app/assets/builds, which
            # `rails server` alone never writes
            k.command("run", "bin/dev", "bin/dev", 54, "the server with the asset watchers of Procfile.dev")
        elif tree.has("bin/dev") and manager and tree.has("Procfile"):
            k.command("run", "bin/dev", "bin/dev", 54, "the server with the processes of Procfile")
        k.command("run", f"{bin_rails} server", "config/application.rb", 55)
        k.command("migrate", f"{bin_rails} db:migrate", "config/application.rb", 50)
        k.fact(
            "ruby/entry-points",
            "Rails app layout",
            "Rails application: routes in config/routes.rb, models in app/models, controllers in app/controllers.",
            *[f for f in ("config/routes.rb", "config/application.rb") if tree.has(f)],
        )


def _gem_build(k: Knowledge, tree: Tree, gemspecs: list[str]) -> None:
    """How the gem is built when Bundler's gem tasks do not say (the task runners read those): a Gem::PackageTask
    (tzinfo's, addressable's in `namespace :gem`), a `package` task that runs `gem build` (roda's), else the
    gemspec itself."""
    text = _rake_tasks(tree)
    if re.search(r"\bRake::(Java)?ExtensionTask\b", text):  # mysql2's tasks/compile.rake: rake-compiler's C build
        k.command("build", "bundle exec rake compile", "Rakefile (rake-compiler)", 29, "builds the C extension")
    if not gemspecs or re.search(r"bundler/gem_tasks|Bundler::GemHelper", text):
        return
    packaged = re.search(r"^([ \t]*).*Gem::PackageTask\b", text, re.MULTILINE)
    if packaged:
        above = re.findall(r"^([ \t]*)namespace\s*\(?\s*[:'\"](\w+)", text[: packaged.start()], re.MULTILINE)
        inside = [name for indent, name in above if len(indent) < len(packaged.group(1))]
        task = f"{inside[-1]}:package" if inside else "package"
        k.command("build", f"bundle exec rake {task}", "Rakefile (Gem::PackageTask)", 30, "the .gem goes to pkg/")
    elif re.search(r"^task\s*\(?\s*:package\b[^\n]*\n(?:\s+.*\n){0,3}?\s+(sh|system)\W+gem build", text, re.M):
        k.command("build", "bundle exec rake package", "Rakefile task `package`", 30, "runs `gem build`")
    else:
        k.command("build", f"gem build {gemspecs[0]}", gemspecs[0], 65)


RENAMED_COPS = re.compile(
    r"^(Metrics/LineLength|Lint/HandleExceptions|Layout/AlignHash|Layout/AlignParameters|Layout/AlignArray|"
    r"Layout/IndentHash|Layout/IndentArray|Layout/TrailingBlankLines|Lint/UnneededCopDisableDirective|"
    r"Lint/StringConversionInInterpolation|Style/DeprecatedHashMethods|Naming/UncommunicativeMethodParamName|"
    r"Lint/Eval|Style/MethodMissing):",
    re.MULTILINE,
)
"""Cops RuboCop renamed or removed (Metrics/LineLength became Layout/LineLength in 0.78): a configuration that still
names one makes a current RuboCop stop with an obsolete-configuration error."""


def _rubocop_used(tree: Tree) -> bool:
    """RuboCop has a config, or a Rakefile, guide or CI workflow runs it: vagrant-libvirt only bundles the gem, and
    RuboCop's defaults would flag most of its code."""
    if tree.first(".rubocop.yml", ".rubocop.yaml"):
        return True
    places = ["Rakefile", "README.md", "CONTRIBUTING.md", ".github/CONTRIBUTING.md", ".pre-commit-config.yaml"]
    places += [f for f in tree.under(".github/workflows") if f.endswith((".yml", ".yaml"))]
    return any(re.search(r"\brubocop\b", tree.read(f) or "", re.I) for f in places if tree.has(f))


def rubocop_checks_nothing(text: str) -> bool:
    """A .rubocop.yml that turns every cop off by default and back on none, inheriting no other rules:
    scout_apm_ruby's `DisabledByDefault: true` with Layout/LineLength disabled. RuboCop enforces no style there."""
    if not re.search(r"^\s+DisabledByDefault:\s*true\b", text, re.M):
        return False
    inherits = re.search(r"^(inherit_from|inherit_gem|require|plugins):", text, re.M)
    return not inherits and not re.search(r"^\s+Enabled:\s*true\b", text, re.M)


def rubocop_styles_nothing(text: str) -> bool:
    """A .rubocop.yml that turns every cop off by default and back on only non-style departments (regexp_parser's
    `Lint: Enabled: true`): RuboCop finds bugs there, it enforces no layout and `rubocop -a` formats nothing."""
    inherits = re.search(r"^(inherit_\w+|require|plugins):", text, re.M)
    if inherits or not re.search(r"^\s+DisabledByDefault:\s*true\b", text, re.M):
        return False
    try:
        config = yaml.safe_load(text)
    except yaml.YAMLError:
        return False
    config = config if isinstance(config, dict) else {}
    enabled = [str(k) for k, v in config.items() if isinstance(v, dict) and v.get("Enabled") is True]
    return not any(k.split("/", 1)[0] in ("Layout", "Style", "Naming") for k in enabled)


def _obsolete_cops(tree: Tree) -> bool:
    """.rubocop.yml names a renamed cop and nothing pins RuboCop to the 0.x it was written for (draper's, untouched
    since 2017, with an unpinned rubocop): `bundle exec rubocop` fails as written."""
    if not RENAMED_COPS.search(tree.read(".rubocop.yml") or ""):
        return False
    return not re.search(r"""['"]rubocop['"]\s*,\s*['"](~>|<|<=|=)?\s*0\.""", gem_text(tree))


OLDEST_LIVE_RUBY = 27
"""Rubies before 2.7 are long past their end of life: a gem bundled only on them is not in anyone's bundle."""


def _old_rubies_only(tree: Tree, gem: str) -> bool:
    """The Gemfile bundles the gem only on old Rubies (omniauth's `gem 'rubocop', …, platforms: %i[ruby_22 ruby_23
    ruby_24]`): on a supported Ruby it is not in the bundle, so `bundle exec` cannot run it."""
    line = re.search(rf"""^\s*gem\s*\(?\s*['"]{re.escape(gem)}['"][^\n]*\bplatforms?:\s*([^\n]+)""",
                     tree.read("Gemfile") or "", re.MULTILINE)  # fmt: skip
    rubies = re.findall(r"\b(?:ruby|mri)_(\d)(\d)\b", line.group(1)) if line else []
    return bool(rubies) and all(int(a + b) < OLDEST_LIVE_RUBY for a, b in rubies)


def _rake_rspec_requires(tree: Tree) -> str:
    """The `-r` options only the Rakefile's RSpec task passes, with no .rspec to pass them: stupidedi's
    `t.rspec_opts = "-w -rspec_helper"` loads the helper its specs never require, so a bare `rspec` fails."""
    if tree.has(".rspec"):
        return ""
    opts = re.search(r"\.rspec_opts\s*=\s*['\"]([^'\"]*)['\"]", _rake_tasks(tree))
    helpers = re.findall(r"(?:^|\s)(?:-r\s?|--require[ =])([\w/.-]+)", opts.group(1)) if opts else []
    return "".join(f" -r {h}" for h in helpers)


def _rake_tasks(tree: Tree) -> str:
    """The Rakefile with the task files Rake loads beside it: rakelib/*.rake always, tasks/*.rake when the Rakefile
    loads them (faker's `Dir['tasks/**/*.rake'].each { |rake| load rake }` holds its TestTask)."""
    rakefile = tree.read("Rakefile") or ""
    loaded = [f for f in tree.files if f.endswith(".rake") and f.count("/") <= 2]
    loaded = [f for f in loaded if f.startswith("rakelib/") or f.split("/", 1)[0] + "/" in rakefile]
    return "\n".join([rakefile, *(tree.read(f) or "" for f in loaded)])


def _gem_name(tree: Tree, gemspec: str) -> str:
    """The gem's name as its gemspec sets it (ruby-jwt.gemspec builds the gem `jwt`), else the file's name."""
    named = re.search(r"^\s*\w+\.name\s*=\s*['\"]([\w.-]+)['\"]", tree.read(gemspec) or "", re.MULTILINE)
    return named.group(1) if named else gemspec.rsplit("/", 1)[-1].removesuffix(".gemspec")


def ci_runs_standardrb(tree: Tree) -> bool:
    """A GitHub workflow step lints with `standardrb` (not `--fix`)."""
    return bool(re.search(r"^\s*(-\s+)?run:[^\n]*\bstandardrb\b(?![^\n]*--fix)", workflow_text(tree), re.M))
