"""C# style preferences (`account:local/style/csharp`), drawn from jellyfin/jellyfin's `.editorconfig` (naming,
formatting and the analyzer rules it raises to errors), `stylecop.json` and the Jellyfin.CodeAnalysis rule list
(`src/Jellyfin.CodeAnalysis/AnalyzerReleases.Shipped.md`), commit c3ed1407. Mostly body-only.
"""

from corpus._types import Mem, style

STYLE_SOURCES_EXTRA = {
    "csharp": (
        ("jellyfin/jellyfin", ".editorconfig"),
        ("jellyfin/jellyfin", "src/Jellyfin.CodeAnalysis/AnalyzerReleases.Shipped.md"),
    ),
}

STYLE_EXTRA: dict[str, list[Mem]] = {
    "csharp": [
        style(
            "private-fields",
            "Private instance fields are camelCase with a leading underscore (`_libraryManager`); constants, "
            "non-private static fields, members and local functions are PascalCase; locals and parameters camelCase.",
            tags=["naming"],
        ),
        style(
            "braces",
            "Allman braces: every opening brace on its own line, and `else`, `catch` and `finally` start a new line.",
        ),
        style(
            "var-and-keywords",
            "Uses `var` for locals, the `string`/`int` keywords rather than `String`/`Int32`, and no `this.` "
            "qualification.",
        ),
        style(
            "string-comparison",
            "Always passes `StringComparison` (ordinal unless culture matters) to string comparisons and an "
            "`IFormatProvider` such as `CultureInfo.InvariantCulture` when formatting or parsing.",
            tags=["strings", "analyzers"],
        ),
        style(
            "cancellation-token",
            "Forwards the method's `CancellationToken` to every call that accepts one, or passes "
            "`CancellationToken.None` explicitly to show it is deliberate.",
        ),
        style(
            "log-templates",
            'Log calls use constant message templates with named placeholders (`_logger.LogInformation("Scanning '
            '{Path}", path)`), never interpolated strings.',
        ),
        style(
            "dictionary-lookups",
            "Uses `TryGetValue` instead of `ContainsKey` followed by the indexer, and `TryAdd` instead of a guarded "
            "`Add`.",
        ),
        style(
            "await-using",
            "Disposes asynchronously created `IAsyncDisposable` objects with `await using`.",
        ),
        style(
            "doc-comments",
            "XML doc comment sentences end with a period, and every file ends with a single newline.",
        ),
        style(
            "tuple-names",
            "Tuples in method signatures have named elements, and tuple fields are referred to by name, never `Item1`.",
        ),
        style(
            "usings-order",
            "`using` directives are sorted alphabetically with `System` namespaces first.",
        ),
    ],
}
