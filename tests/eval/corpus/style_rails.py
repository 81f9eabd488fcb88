"""Ruby style preferences (`account:local/style/ruby`), drawn from rails/rails: the coding conventions of
`guides/source/contributing_to_ruby_on_rails.md` (f57a93db) and the Code Style / Test Naming sections of
`AGENTS.md` (4dbd366d). Mostly body-only, as an agent would store them.
"""

from corpus._types import Mem, style

STYLE_SOURCES_EXTRA = {
    "ruby": (("rails/rails", "guides/source/contributing_to_ruby_on_rails.md"), ("rails/rails", "AGENTS.md")),
}

STYLE_EXTRA: dict[str, list[Mem]] = {
    "ruby": [
        style(
            "two-spaces",
            "Indents with two spaces, never tabs; no trailing whitespace, and blank lines contain no spaces.",
        ),
        style(
            "private-indent",
            "Methods under `private`/`protected` are indented one level below the modifier, with no blank line right "
            "after it.",
        ),
        style(
            "hash-syntax",
            "Uses the Ruby 1.9 hash syntax `{ a: :b }` rather than hash rockets `{ :a => :b }`, with spaces inside "
            "the braces.",
            tags=["hashes"],
        ),
        style(
            "and-or",
            "Uses `&&` and `||` in conditions, never `and` / `or`.",
        ),
        style(
            "class-self",
            "Groups class methods in a `class << self` block instead of defining each as `def self.method`.",
        ),
        style(
            "parens-calls",
            "Calls methods with parentheses and no inner padding, `my_method(my_arg)`, not `my_method( my_arg )` or "
            "`my_method my_arg`; writes `a = b`, never `a=b`.",
        ),
        style(
            "block-braces",
            "Single-line blocks are written `method { do_stuff }`, with a space on both sides inside the braces.",
        ),
        style(
            "assert-not",
            "In Minitest uses `assert_not` (and `assert_not_nil`, ...) instead of `refute` or `assert !`.",
            tags=["testing", "minitest"],
        ),
        style(
            "assert-dom-equal",
            "Compares generated HTML in view tests with `assert_dom_equal` rather than raw string equality.",
        ),
        style(
            "frozen-string",
            "Starts every Ruby file with the `# frozen_string_literal: true` magic comment.",
        ),
        style(
            "rubocop",
            "Runs `bundle exec rubocop` on the files it changed (the project's `.rubocop.yml`) before opening a PR.",
        ),
        style(
            "test-names",
            "Test names say what they check (`test_hidden_field_omits_autocomplete_when_option_is_true`), related tests "
            "sit together, and both the default behaviour and an explicit override are covered.",
        ),
    ],
}
