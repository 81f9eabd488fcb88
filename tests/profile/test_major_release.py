"""What the latest major release broke, read from the changelog (issue 17, thirty-fourth round): nom 8's trait
combinators, connection_pool 3's keyword arguments, helmet 8's quoted CSP keywords."""

from __future__ import annotations

from tests.profile.learned import bodies

CHANGELOG = """# Changelog

## 8.1.0 - 2026-03-01

### Fixed

- A crash on empty input

## 8.0.0 - 2026-01-10

This version is a significant refactoring that reduces the API surface. It moves from closure based combinators to
trait based ones, so `combinator(arg)(input)` is now written `combinator(arg).parse(input)`.

### Thanks

- @someone

### Changed

- **Breaking:** the middleware now throws if a directive needs quotes, such as `self` instead of `'self'`
- Added `Parser::map_res`
- **Breaking:** Drop support for Node 16. Node 18+ is now required

## 7.0.0 - 2025-01-01

- The old API was removed
"""


def test_the_latest_major_release_says_what_broke(make_project):
    learned = bodies(make_project, {"CHANGELOG.md": CHANGELOG, "src/a.py": "x = 1\n"})
    assert learned["history/major-release"] == (
        "The latest major release is 8.0.0 (2026-01-10; CHANGELOG.md). This version is a significant refactoring "
        "that reduces the API surface. It moves from closure based combinators to trait based ones, so "
        "`combinator(arg)(input)` is now written `combinator(arg).parse(input)`. Its changelog says: “the "
        "middleware now throws if a directive needs quotes, such as `self` instead of `'self'`”. (2 more entries there.)"
    )


def test_an_old_major_release_or_a_first_stable_one_is_no_news(make_project):
    old = CHANGELOG.replace("2026-01-10", "2019-01-10").replace("8.1.0 - 2026-03-01", "8.1.0 - 2019-03-01")
    assert "history/major-release" not in bodies(make_project, {"CHANGELOG.md": old, "a.py": "x = 1\n"})
    first = "# Changes\n\n## 1.1.0\n\n- Faster\n\n## 1.0.0\n\n- The API is stable; `parse` was renamed `load`\n"
    assert "history/major-release" not in bodies(make_project, {"CHANGELOG.md": first, "a.py": "x = 1\n"}, "first")


def test_a_major_release_that_lists_only_additions_is_left_out(make_project):
    added = "# Changes\n\n## 3.1.0\n\n- Faster\n\n## 3.0.0\n\n- Add at_least matchers\n- Thanks to someone\n"
    assert "history/major-release" not in bodies(make_project, {"CHANGELOG.md": added, "a.py": "x = 1\n"})


def test_a_changelog_that_moved_to_the_releases_page_gives_no_major_release(make_project):
    moved = CHANGELOG.replace("# Changelog\n", "# Changelog\n\nThis changelog has moved to the GitHub releases page.\n")
    assert "history/major-release" not in bodies(make_project, {"CHANGELOG.md": moved, "a.py": "x = 1\n"})
