"""One module per ecosystem; each reads only its own manifests and returns what it learned."""

from __future__ import annotations

from collections.abc import Callable

from picasso_tui.profile.ecosystems import bazel, cpp, deno, golang, javascript, jvm, php, python, ruby, rust, sbt
from picasso_tui.profile.ecosystems.in_folder import or_in_folder
from picasso_tui.profile.findings import Knowledge
from picasso_tui.profile.walk import Tree

ECOSYSTEMS: tuple[tuple[str, Callable[[Tree], Knowledge]], ...] = (
    ("Python", or_in_folder(python.investigate, (".py",))),
    ("JavaScript/TypeScript", or_in_folder(javascript.investigate)),
    ("Deno", or_in_folder(deno.investigate)),
    ("Rust", or_in_folder(rust.investigate)),
    ("Go", or_in_folder(golang.investigate)),
    ("Java/Kotlin", or_in_folder(jvm.investigate)),
    ("Scala/Java (sbt)", or_in_folder(sbt.investigate)),
    ("Ruby", or_in_folder(ruby.investigate, (".rb",))),
    ("PHP", or_in_folder(php.investigate, (".php",))),
    ("C/C++", or_in_folder(cpp.investigate)),
    ("Bazel", bazel.investigate),
)
