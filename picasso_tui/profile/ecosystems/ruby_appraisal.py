"""Appraisal: a gem tested against several versions of a dependency, one gemfile each (gemfiles/rails_8.0.gemfile).
Where the test helper refuses to run without one of them, a plain `bundle exec rspec` fails: each test command runs
under an appraisal."""

from __future__ import annotations

import re

from picasso_tui.profile.walk import Tree

HELPERS = ("spec/spec_helper.rb", "spec/rails_helper.rb", "test/test_helper.rb", "test/helper.rb")
REFUSES = re.compile(
    r"^\s*(?:unless|if)\b[^\n]*BUNDLE_GEMFILE[^\n]*\n(?:[^\n]*\n){0,6}?\s*(?:exit|abort|raise)\b", re.MULTILINE
)
"""paper_trail's spec_helper: `unless ENV["BUNDLE_GEMFILE"].match?(/rails_\\d\\.\\d\\.gemfile/)` … `exit 1`."""
RUBY_TESTS = re.compile(r"^(?:bundle exec )?(rake|rspec|ruby -I\w*)\b")


def required_appraisal(tree: Tree) -> str | None:
    """The newest appraisal's name when the test helper stops any run outside one; None when plain runs work."""
    names = re.findall(r"""^\s*appraise\s*\(?\s*["']([^"']+)["']""", tree.read("Appraisals") or "", re.M)
    if not names or not any(REFUSES.search(tree.read(h) or "") for h in HELPERS):
        return None
    return names[-1]


def under_appraisal(tree: Tree, command: str) -> str | None:
    """`bundle exec rspec spec/x_spec.rb:<line>` as `bundle exec appraisal rails-8.1 rspec spec/x_spec.rb:<line>`
    where a plain run fails; the command itself where it runs as written or names its gemfile already (keep() has
    taken off any `VAR=x` the command sets first)."""
    name = required_appraisal(tree)
    if not name or "appraisal" in command or "BUNDLE_GEMFILE" in command or not RUBY_TESTS.match(command):
        return command
    return f"bundle exec appraisal {name} {command.removeprefix('bundle exec ')}"


def unknown_appraisal(tree: Tree, command: str) -> bool:
    """The command names an appraisal the Appraisals file no longer declares (sidekiq-unique-jobs' CLAUDE.md:
    `bundle exec appraisal sidekiq-6.0 rspec`, where only sidekiq-8.0 and sidekiq-8.1 remain): it fails."""
    # kt-paperclip's CONTRIBUTING.md: `bundle exec appraisal rake`; its 8.0.0 dropped the gem and the Appraisals file
    if re.match(r"^(?:bundle exec )?appraisal\b", command) and not _appraisal_declared(tree):
        return True
    named = re.match(r"^(?:bundle exec )?appraisal ([\w.-]+) ", command)
    if not named or named.group(1) in ("install", "update", "generate", "clean", "list", "version", "help"):
        return False
    names = re.findall(r"""^\s*appraise\s*\(?\s*["']([^"']+)["']""", tree.read("Appraisals") or "", re.M)
    return bool(names) and named.group(1) not in names


def _appraisal_declared(tree: Tree) -> bool:
    """The appraisal gem is in the bundle: a Gemfile, a gemspec or the lock names it, or an Appraisals file is kept."""
    if tree.has("Appraisals"):
        return True
    manifests = [
        "Gemfile",
        "gems.rb",
        "Gemfile.lock",
        *[f for f in tree.files if f.endswith(".gemspec") and "/" not in f],
    ]
    return any(
        re.search(r"""["']appraisal["']|^\s+appraisal \(""", tree.read(f) or "", re.M) for f in manifests if tree.has(f)
    )
