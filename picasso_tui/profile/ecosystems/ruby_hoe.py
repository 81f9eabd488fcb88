"""A Ruby gem packaged with Hoe (seattlerb's minitest): no Gemfile and no gemspec in the tree, the Rakefile's
`Hoe.spec` writes the gemspec and Hoe's tasks are the commands (`rake newb`, `rake test`, `rake docs`)."""

from __future__ import annotations

import re

from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.walk import Tree

_SPEC = re.compile(r"""^\s*Hoe\.spec\s*\(?\s*["']([\w.-]+)["']""", re.MULTILINE)
_PLUGIN = re.compile(r"""^\s*Hoe\.plugins?\s+((?::\w+\s*,?\s*)+)""", re.MULTILINE)
_RUBY = re.compile(r"""require_ruby_version\s*\(?\s*\[?\s*((?:["'][^"']+["']\s*,?\s*)+)""")
_DEPENDENCY = re.compile(r"""^\s*(?:dependency|extra_deps\s*<<)\s*\(?\s*\[?\s*["']([\w.-]+)["'](.*)$""", re.MULTILINE)
PRIORITY = 55
"""Hoe's tasks are the project's own commands, as a Rakefile's are."""


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    rakefile = tree.read("Rakefile") or ""
    spec = _SPEC.search(rakefile)
    if not spec:
        return k
    details = [f"gem `{spec.group(1)}` packaged with Hoe (Rakefile `Hoe.spec`: Hoe writes the gemspec"]
    details[0] += ", Manifest.txt lists the files it ships)" if tree.has("Manifest.txt") else ")"
    if ruby := _RUBY.search(rakefile):
        details.append("Ruby " + ", ".join(re.findall(r"""["']([^"']+)["']""", ruby.group(1))))
    plugins = [p for m in _PLUGIN.finditer(rakefile) for p in re.findall(r":(\w+)", m.group(1))]
    if plugins:
        details.append(f"Hoe plugins {human_list(plugins)}")
    runtime = [name for name, rest in _DEPENDENCY.findall(rakefile) if ":dev" not in rest and ":developer" not in rest]
    details.append(f"built on {human_list(runtime)}" if runtime else "no runtime dependencies declared")
    k.fact("ruby/packaging", "Ruby: Hoe", "Ruby project: " + "; ".join(details) + ".", "Rakefile")
    k.command("install", "gem install hoe && rake newb", "Rakefile (Hoe: `newb` installs the dependencies)", PRIORITY)
    k.command("test", "rake test", "Rakefile (Hoe's test task)", PRIORITY)
    tests = sorted(f for f in tree.under("test") if re.search(r"(^|/)test_[^/]+\.rb$", f) and "helper" not in f)
    if tests:
        k.command("test-one", f"ruby -Ilib:test {tests[0]} -n /<test name>/", "Rakefile (Hoe)", PRIORITY)
    k.command("docs", "rake docs", "Rakefile (Hoe's publish plugin)", PRIORITY)
    return k
