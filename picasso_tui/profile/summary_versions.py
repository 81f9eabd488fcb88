"""A README summary's "for PHP 8.0+" checked against the manifest: a README that states a lower minimum than
composer.json's `"php": ">=8.1"` (or pyproject's requires-python, package.json's engines.node) is stale, and the
summary states the manifest's minimum instead."""

from __future__ import annotations

import re

from picasso_tui.profile.ecosystems.common import load_json
from picasso_tui.profile.ecosystems.python_requires import minimum_python, requires_python
from picasso_tui.profile.walk import Tree

Version = tuple[int, int]

_CLAIM = re.compile(
    r"\b(?P<runtime>PHP|Python|Node(?:\.js)?|Ruby)\s*(?:v|>=\s*)?(?P<major>\d+)(?:\.(?P<minor>\d+))?"
    r"(?P<floor>\+|\s+or\s+(?:later|newer|above|higher|greater)|\s+and\s+(?:up|above|later|newer))",
    re.IGNORECASE,
)
"""A minimum a sentence claims: "PHP 8.0+", "Python 3.7 or later", "Node.js 14 and up"."""


def _lowest(constraint: str) -> Version | None:
    """The lowest version a Composer or npm constraint allows (`>=8.1`, `^8.1 || ^9`, `~7.4`, `>=14.0.0`), None
    when it sets no floor."""
    floors = [
        (int(m.group(1)), int(m.group(2) or 0))
        for part in re.split(r"\|\|?", constraint)
        if (m := re.search(r"(?:>=|\^|~|^\s*)\s*v?(\d+)(?:\.(\d+))?", part.strip()))
    ]
    return min(floors) if floors else None


def manifest_minimums(tree: Tree) -> dict[str, tuple[Version, str]]:
    """{runtime: (the lowest version the manifest allows, the manifest)} for PHP, Python and Node.js."""
    found: dict[str, tuple[Version, str]] = {}
    php = (load_json(tree, "composer.json").get("require") or {}).get("php") if tree.has("composer.json") else None
    if isinstance(php, str) and (low := _lowest(php)):
        found["php"] = (low, "composer.json")
    spec, source = requires_python(tree)
    if spec and (low := minimum_python(spec)):
        found["python"] = (low, source)
    node = (load_json(tree, "package.json").get("engines") or {}).get("node") if tree.has("package.json") else None
    if isinstance(node, str) and (low := _lowest(node)):
        found["node"] = (low, "package.json")
    for spec in [f for f in tree.files if "/" not in f and f.endswith(".gemspec")][:1]:
        ruby = re.search(r"required_ruby_version\s*=\s*\[?\s*['\"]\s*>=?\s*(\d+)\.(\d+)", tree.read(spec) or "")
        if ruby:
            found["ruby"] = ((int(ruby.group(1)), int(ruby.group(2))), spec)
    return found


_SUPPORT = re.compile(
    r"\b(?:work|run|compatible|support)\w*\s+(?:with|on|for)?\s*(?P<runtime>PHP|Python|Node(?:\.js)?|Ruby)\s+"
    r"v?(?P<major>\d+)(?:\.(?P<minor>\d+))?",
    re.IGNORECASE,
)
"""A guide's line that names the oldest runtime the code must run on: "Must work with Ruby 2.4.0"."""


def below_minimum(tree: Tree, line: str) -> bool:
    """The line holds code to a runtime older than the manifest now allows: brakeman's guide still says "Must work
    with Ruby 2.4.0" where its gemspec requires Ruby 3.2."""
    claims = [*_SUPPORT.finditer(line), *_CLAIM.finditer(line)]
    if not claims:
        return False
    minimums = manifest_minimums(tree)
    for m in claims:
        runtime = m.group("runtime").lower().removesuffix(".js")
        if runtime in minimums and (int(m.group("major")), int(m.group("minor") or 0)) < minimums[runtime][0]:
            return True
    return False


def with_manifest_minimums(tree: Tree, summary: str) -> str:
    """The summary with each runtime minimum lower than the manifest's raised to the manifest's ("for PHP 8.0+"
    becomes "for PHP 8.1+" when composer.json requires php >=8.1)."""
    if not _CLAIM.search(summary):
        return summary
    minimums = manifest_minimums(tree)

    def raised(m: re.Match[str]) -> str:
        runtime = m.group("runtime").lower().removesuffix(".js")
        stated = (int(m.group("major")), int(m.group("minor") or 0))
        if runtime not in minimums or stated >= minimums[runtime][0]:
            return m.group(0)
        major, minor = minimums[runtime][0]
        return (
            f"{m.group('runtime')} {major}.{minor}+" if runtime != "node" or minor else f"{m.group('runtime')} {major}+"
        )

    return _CLAIM.sub(raised, summary)
