"""One module per ecosystem; each reads only its own manifests and returns what it learned."""

from __future__ import annotations

from collections.abc import Callable

from picasso_tui.profile.ecosystems import cpp, golang, javascript, jvm, php, python, ruby, rust
from picasso_tui.profile.findings import Knowledge
from picasso_tui.profile.walk import Tree

ECOSYSTEMS: tuple[tuple[str, Callable[[Tree], Knowledge]], ...] = (
    ("Python", python.investigate),
    ("JavaScript/TypeScript", javascript.investigate),
    ("Rust", rust.investigate),
    ("Go", golang.investigate),
    ("Java/Kotlin", jvm.investigate),
    ("Ruby", ruby.investigate),
    ("PHP", php.investigate),
    ("C/C++", cpp.investigate),
)
