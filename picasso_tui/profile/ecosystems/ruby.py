"""Ruby: Bundler, Rails or Sinatra, RSpec or Minitest, ActiveRecord migrations."""

from __future__ import annotations

import re

from picasso_tui.profile.ecosystems.common import classify, stack_facts
from picasso_tui.profile.findings import Knowledge
from picasso_tui.profile.walk import Tree

LIBRARIES: dict[str, tuple[str, str]] = {
    "rails": ("Rails", "framework"), "sinatra": ("Sinatra", "framework"), "hanami": ("Hanami", "framework"),
    "sidekiq": ("Sidekiq", "framework"), "grape": ("Grape", "framework"), "rspec": ("RSpec", "test"),
    "rspec-rails": ("RSpec", "test"), "minitest": ("Minitest", "test"), "capybara": ("Capybara", "test"),
    "activerecord": ("ActiveRecord", "database"), "sequel": ("Sequel", "database"), "pg": ("PostgreSQL", "database"),
    "mysql2": ("MySQL", "database"), "sqlite3": ("SQLite", "database"), "thor": ("Thor", "cli"),
}  # fmt: skip


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    gemspecs = [f for f in tree.files if f.endswith(".gemspec") and "/" not in f]
    if not tree.has("Gemfile") and not gemspecs:
        return k
    sources = [f for f in ("Gemfile", "Gemfile.lock") if tree.has(f)] or gemspecs
    text = "\n".join(tree.read(s) or "" for s in sources if not s.endswith(".lock"))
    deps = set(re.findall(r"""^\s*gem\s+['"]([^'"]+)['"]""", text, re.MULTILINE))
    deps |= set(re.findall(r"""add_(?:development_)?dependency\s*\(?\s*['"]([^'"]+)['"]""", text))
    kinds = classify(deps, LIBRARIES)
    rails = "Rails" in kinds.get("framework", []) or tree.has("config/application.rb")
    if rails and "ActiveRecord" not in kinds.get("database", []):
        kinds.setdefault("database", []).insert(0, "ActiveRecord")
    details = ["Bundler (Gemfile)" if tree.has("Gemfile") else "gemspec"]
    if tree.under("db/migrate"):
        details.append("migrations in db/migrate")
    k.fact("ruby/packaging", "Ruby: Bundler", "Ruby project: " + "; ".join(details) + ".", *sources[:1])
    stack_facts(k, "ruby", "Ruby", kinds, sources[:1])
    k.command("install", "bundle install", sources[0], 40)
    rspec = "RSpec" in kinds.get("test", []) or tree.has(".rspec") or bool(tree.under("spec"))
    bin_rails = "bin/rails" if tree.has("bin/rails") else "bundle exec rails"
    if rspec:
        k.command("test", "bundle exec rspec", ".rspec" if tree.has(".rspec") else "Gemfile", 55)
        k.command("test-one", "bundle exec rspec spec/<file>_spec.rb:<line>", "rspec", 55)
    elif rails:
        k.command("test", f"{bin_rails} test", "Rails", 55)
        k.command("test-one", f"{bin_rails} test test/<file>_test.rb:<line>", "Rails", 55)
    elif tree.has("Rakefile"):
        k.command("test", "bundle exec rake test", "Rakefile", 60)
    if "rubocop" in deps or tree.has(".rubocop.yml"):
        k.command("lint", "bundle exec rubocop", ".rubocop.yml" if tree.has(".rubocop.yml") else "Gemfile", 55)
        k.command("format", "bundle exec rubocop -a", "rubocop", 58)
    if rails:
        k.command("run", f"{bin_rails} server", "Rails", 55)
        k.command("migrate", f"{bin_rails} db:migrate", "Rails", 50)
        k.fact(
            "ruby/entry-points",
            "Rails app layout",
            "Rails application: routes in config/routes.rb, models in app/models, controllers in app/controllers.",
            *[f for f in ("config/routes.rb", "config/application.rb") if tree.has(f)],
        )
    return k
