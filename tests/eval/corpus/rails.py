"""rails/rails (Ruby): paraphrased from its AGENTS.md (4dbd366d), CONTRIBUTING.md and the
`guides/source/contributing_to_ruby_on_rails.md` guide (f57a93db).

Development set (issue 15): most records are body-only, as an agent would store them; the Ruby style notes drawn
from the same files are in `style_rails.py`.
"""

from corpus._types import Workspace, decision, fact, failure, q, rule, workflow

WORKSPACE = Workspace(
    key="rails",
    repo="rails/rails",
    language="ruby",
    sources=("AGENTS.md", "CONTRIBUTING.md", "guides/source/contributing_to_ruby_on_rails.md"),
)

WORKSPACE.records.extend(
    [
        fact(
            "components",
            "Rails is a monorepo of components in top-level directories: activerecord, actionpack (Action Controller "
            "and Action Dispatch), actionview, activemodel, activesupport, actionmailer, actionmailbox, activejob, "
            "actioncable, activestorage, actiontext, and railties (CLI, generators, framework glue).",
            tags=["layout"],
        ),
        decision(
            "loose-coupling",
            "The components are loosely coupled and each has its own Gemfile and dependencies: a change in one must "
            "not break another unless there is an explicit dependency between them.",
        ),
        fact(
            "minitest-layout",
            "Rails uses Minitest, not RSpec: tests are under each component's `test/` (never `spec/`), production "
            "code under `lib/`, scripts such as `bin/test` under `bin/`, and shared tooling in `tools/`.",
        ),
        workflow(
            "component-tests",
            "Run tests from inside the component: `cd actionview && bin/test test/template/form_helper_test.rb`; pick "
            'one test with `-n test_name` or `-i "/pattern/"`, or a line with `file_test.rb:123` (ranges like '
            "`:69-100` work too).",
        ),
        workflow(
            "root-tasks",
            "From the repository root, `bundle exec rake actionview:test` runs one component's suite, `rake test` runs "
            "everything and `rake smoke` is a quick smoke test.",
        ),
        workflow(
            "ar-adapters",
            "Active Record runs per adapter: `cd activerecord && bundle exec rake test:sqlite3` (the default), "
            "`test:postgresql`, `test:mysql2`, `test:trilogy`; one file on one adapter with `ARCONN=mysql2 bundle exec "
            "ruby -Itest test/cases/<file>_test.rb`.",
            files=["activerecord/Rakefile"],
            tags=["testing", "database"],
        ),
        workflow(
            "ar-databases",
            "MySQL and PostgreSQL test databases must exist first: `bundle exec rake db:mysql:build` or "
            "`db:postgresql:build` inside activerecord (users and passwords in `activerecord/test/config.example.yml`); "
            "SQLite needs no setup.",
        ),
        decision(
            "test-scope",
            "Nobody runs the full suite before pushing: test what the change obviously affects plus the whole suite "
            "of the touched component (except railties, which is very slow); Buildkite CI catches the rest.",
        ),
        failure(
            "random-failures",
            "Action Pack and Action View tests failed at random because they run in parallel processes and in "
            "randomized order.",
            prevent=["Rerun with the reported seed and serially: PARALLEL_WORKERS=1 SEED=<seed> bin/test <file>."],
        ),
        failure(
            "debugger-parallel",
            "A breakpoint (debug/pry/byebug) misbehaved under the parallel test runner, and in generator tests the "
            "debugger printed nothing.",
            prevent=[
                "Run serially (PARALLEL_WORKERS=1) or a single test with -n; set RAILS_LOG_TO_STDOUT=true for "
                "generator tests."
            ],
        ),
        rule(
            "no-new-warnings",
            "The suite runs with Ruby warnings enabled and CI fails when a change introduces one; set "
            "`RAILS_STRICT_WARNINGS=1` to get the same behaviour locally.",
        ),
        rule(
            "object-with",
            "Tests that flip a configuration attribute use `Object#with`, e.g. `ActionView::Base.with(option: true) "
            '{ ... }` (needs `require "active_support/core_ext/object/with"`), instead of saving and restoring the '
            "value by hand.",
            tags=["testing", "config"],
        ),
        workflow(
            "config-flag",
            "A new config flag: declare it on the base class (`cattr_accessor :flag, default: false`), check it before "
            "applying the behaviour, and switch it on for new apps in the matching `load_defaults` version branch of "
            "`railties/lib/rails/application/configuration.rb`.",
            files=["railties/lib/rails/application/configuration.rb"],
            tags=["config"],
        ),
        workflow(
            "framework-default",
            "Changing existing behaviour needs a framework default: an accessor defaulting to the old behaviour, the "
            "new value in `load_defaults`, a commented-out line in the `new_framework_defaults_<version>.rb.tt` "
            "template, and a row in `guides/source/configuring.md`.",
            related=["config-flag"],
        ),
        decision(
            "deprecation-cycle",
            "Breaking changes go through a deprecation cycle: removing a method first ships a warning through the "
            "component's deprecator (`ActiveRecord.deprecator.warn(...)`) while keeping the old behaviour, and the "
            "code is deleted in the next minor release.",
        ),
        rule(
            "changelog",
            "Features, removals and deprecations get an entry at the top of `<component>/CHANGELOG.md` that ends with "
            "`*Your Name*` on its own line; refactorings, minor bug fixes and documentation changes usually get none.",
        ),
        rule(
            "cosmetic-patches",
            "Purely cosmetic changes (whitespace, reformatting, renames with no functional gain) are generally "
            "rejected, so a fix should not carry drive-by formatting.",
        ),
        rule(
            "core-ext-changes",
            "Changes to Active Support core extensions are generally rejected; they belong on the Ruby issue tracker "
            "so Rails doesn't conflict with future Ruby versions.",
        ),
        rule(
            "feature-proposals",
            "New features and behaviour changes are proposed on the rubyonrails-core forum first; GitHub issues are "
            "only for bug reports, and security problems follow rubyonrails.org/security instead of a public issue.",
        ),
        workflow(
            "bug-templates",
            "Bug reproductions start from the single-file scripts in `guides/bug_report_templates/` (active_record.rb, "
            "action_controller.rb, active_job.rb, generic.rb ...), pasted into the issue.",
        ),
        workflow(
            "benchmarks",
            "Performance changes come with a benchmark built from `guides/bug_report_templates/benchmark.rb` "
            "(benchmark-ips) over representative scenarios; the script and its results go in the commit message.",
        ),
        workflow(
            "commit-messages",
            "Commit messages: a summary of about 50 characters, a blank line, then a body wrapped at 72 columns that "
            "explains why; reference the issue (`Fix #12345: ...`) and squash the PR into one commit when appropriate.",
        ),
        workflow(
            "update-branch",
            "Keep a branch current with `git pull --rebase` on main and `git rebase main` on the branch, then "
            "`git push --force-with-lease` to the fork; force pushes to rails/rails itself are disabled.",
        ),
        workflow(
            "dev-app",
            "To try a change in a real app, `bundle exec rails new ~/my-test-app --dev` generates one that runs "
            "against the local checkout; JavaScript packages are linked with `yarn link` (e.g. `@rails/activestorage`).",
        ),
        fact(
            "devcontainer",
            "The `.devcontainer` setup provides every dependency (Codespaces, VS Code, `devcontainer up`, or "
            "`tools/devcontainer up` with Podman); a local install without it is the hard, OS-specific way.",
        ),
        fact(
            "form-helper-locations",
            "Action View form behaviour lives in three places that must stay consistent: tag helpers in "
            "`lib/action_view/helpers/tags/`, `form_helper.rb` (form builders) and `form_tag_helper.rb` (standalone "
            "tags); tests are in `test/template/<helper>_test.rb`.",
        ),
        workflow(
            "docs-changes",
            "Guides are Markdown in `guides/source/` and the API reference is RDoc in the code (`rake rdoc` inside a "
            "framework); documentation-only PRs put `[ci skip]` in the title and get a buildkite/docs-preview build.",
        ),
        rule(
            "backports",
            "Only bug and security fixes are candidates for backporting to stable branches such as `7-0-stable`; "
            "features and behaviour changes are not, and end-of-life versions take nothing.",
        ),
    ]
)

WORKSPACE.queries.extend(
    [
        q(
            "add a config option so button_to stops emitting the hidden autocomplete attribute, off by default for "
            "old apps",
            "config-flag",
            "framework-default",
            "form-helper-locations",
            "changelog",
            "object-with",
            "style:ruby/rubocop",
        ),
        q(
            "write a test that turns on ActionView::Base.remove_hidden_field_autocomplete just for one case",
            "object-with",
            "style:ruby/assert-not",
            "style:ruby/assert-dom-equal",
            "style:ruby/test-names",
        ),
        q(
            "run just test_hidden_field in the form helper tests",
            "component-tests",
        ),
        q(
            "has_many tests pass on sqlite, need to check them against postgres too",
            "ar-adapters",
            "ar-databases",
        ),
        q(
            "we want to drop ActiveRecord::Base.some_legacy_finder entirely",
            "deprecation-cycle",
            "changelog",
        ),
        q(
            "this spec keeps flaking, green on rerun, red in CI sometimes",
            "random-failures",
        ),
        q(
            "my binding.irb stop never shows up when I run the generators tests",
            "debugger-parallel",
        ),
        q(
            "sped up the query cache lookup, get it ready for review",
            "benchmarks",
            "commit-messages",
            "test-scope",
        ),
        q(
            "add String#squish! variant that also strips zero width chars",
            "core-ext-changes",
        ),
        q(
            "I'd like to poke at this change inside a throwaway app before sending it",
            "dev-app",
        ),
        q(
            "tidy the indentation across actionmailer while I'm in there",
            "cosmetic-patches",
            "style:ruby/two-spaces",
        ),
        q(
            "this fix should also go out in the 7.1 maintenance release",
            "backports",
        ),
        q(
            "what do I have to run before opening the PR, the whole thing?",
            "test-scope",
            "root-tasks",
            "no-new-warnings",
        ),
    ]
)

WORKSPACE.nothing.extend(
    [
        "what does Active Record's `inverse_of` actually do on a has_many?",
        "why does Rails ship both Solid Queue and Active Job, isn't that redundant?",
        "in my app, how do I make a form_with submit via GET instead of POST?",
        "compare Hotwire Turbo Streams with Action Cable for live notifications",
        "review this Sinatra route handler a colleague wrote and tell me if it's idiomatic",
        "write a talk abstract on how load_defaults eases Rails upgrades, for RailsConf",
        "explain the difference between `includes`, `preload` and `eager_load` to a junior dev",
    ]
)
