"""Swift style preferences (`account:local/style/swift`), drawn from Vapor and the SwiftNIO it builds on.

Sources: vapor/vapor `.github/contributing.md` (13efaeef: indentation, explicit `self`, API documentation) and
apple/swift-nio `CONTRIBUTING.md` (031be770: line length, swift-format, tested and documented patches, allocations)
and `docs/public-api.md` (9b3398d7: conformances, extensions, underscored API, version requirements). Both projects
indent with four spaces, so the two sources agree.
"""

from corpus._types import Mem, style

STYLE_EXTRA: dict[str, list[Mem]] = {
    "swift": [
        style(
            "multiline-params",
            "When a parameter or argument list wraps, breaks after `(`, puts one item per line with a normal "
            "four-space indent and the `)` on its own line; never Xcode-style alignment under the first parameter.",
        ),
        style(
            "explicit-self",
            "Always writes `self.` when accessing members (`print(self.bar)`), so locals and properties are easy to "
            "tell apart without syntax highlighting.",
        ),
        style(
            "line-length",
            "Keeps lines under 120 characters and leaves the rest of the layout to swift-format.",
        ),
        style(
            "doc-comments",
            "Documents every public declaration with `///` Quick Help markup (summary line, `- Parameters:`, "
            "`- Returns:`, `- Throws:`).",
        ),
        style(
            "no-retroactive-conformance",
            "Never conforms a type it does not own to a protocol it does not own (e.g. a SwiftNIO type to a standard "
            "library protocol); own types may conform to library protocols and library types to own protocols.",
        ),
        style(
            "prefixed-extensions",
            "A `public` extension on someone else's type either takes one of its own types as a non-default "
            "argument or carries a project prefix (`myProjectReadInteger`); otherwise the member stays `internal`.",
        ),
        style(
            "underscored-api",
            "Treats anything whose name (or first initializer argument) starts with `_` as not public API and never "
            "calls it from another package.",
        ),
        style(
            "version-requirements",
            'Declares package dependencies with `from: "x.y.z"` (up to next major), never `.exact` or '
            "`.upToNextMinor`.",
        ),
        style(
            "fail-then-pass",
            "Patches are as small as the result allows, and their tests fail before the change and pass after it.",
        ),
        style(
            "allocations",
            "Avoids needless allocations on hot networking paths; allocation counts are treated as a performance "
            "regression.",
        ),
    ],
}
