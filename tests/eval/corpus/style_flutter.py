"""Dart style preferences (`account:local/style/dart`), drawn from flutter/flutter's style guide.

Source: `docs/contributing/Style-guide-for-Flutter-repo.md` (000a6d64): the coding-patterns, naming, comments,
formatting and documentation sections.
"""

from corpus._types import Mem, style

STYLE_EXTRA: dict[str, list[Mem]] = {
    "dart": [
        style(
            "explicit-types",
            "Avoids `dynamic` (prefers `Object?` plus a cast when the type is unknown), specializes generics, types "
            "every list and map literal and every parameter, closures included; omits a local's type only when it "
            "is obvious, as with a constructor call.",
        ),
        style(
            "enum-switch",
            "Examines enum values with a `switch` that has no `default` case, so the analyzer reports a missing "
            "value; no `if` chains, `?:` or `==` on enums.",
        ),
        style(
            "no-part-of",
            "Never uses `part of`, keeps each library self-contained, and names a `library` only when documenting it.",
        ),
        style(
            "no-visible-for-testing",
            "Avoids `@visibleForTesting`: designs APIs to be testable through the public surface instead (it is fine "
            "only together with `@protected`).",
        ),
        style(
            "no-timeouts",
            "No timeouts, sleeps or delays sized to how long something should take, and no checking whether a port "
            "is free before opening it: waits for the triggering event, and lets the opener pick the port.",
        ),
        style(
            "callback-naming",
            "Callbacks: a `FooCallback` typedef, an `onFoo` property or argument, a `handleFoo` method, present "
            "tense (`onTap`, not `onTapped`); a member named `onFoo` is always a function.",
        ),
        style(
            "naming",
            "Identifiers avoid abbreviations and cute spellings, use US English (`canceled`, `colorize`), name "
            "booleans positively (`enabled`, not `disabled`), and prefix debug-only members with `debug`.",
        ),
        style(
            "todo-and-ignores",
            "TODOs read `// TODO(username): ...` with an issue link; every `// ignore:` sits on the offending line "
            "and carries a bug link or the reason it is permanent; no comments that ask questions.",
        ),
        style(
            "member-order",
            "Class layout: constructors first (the unnamed one before named ones), then fields set by the "
            "constructor, getter/field/setter groups, methods, `build`, and finally `operator ==`, `hashCode` and "
            "`toString`.",
        ),
        style(
            "small-syntax",
            "Prefers `+=` over `++`, writes double literals with a decimal point (`foo(1.0)`), and uses a block body "
            "instead of `=>` when the body would wrap.",
        ),
        style(
            "doc-comments",
            "Every public member gets a `///` doc comment that says something a reader could not guess from the name, "
            'uses "See also:" lists ending in periods and "Consider" instead of commands, and never says '
            '"simply", "just" or "Note that".',
        ),
    ],
}
