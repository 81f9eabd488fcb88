"""jellyfin/jellyfin (C#): the repository has no CONTRIBUTING file; its README.md (Server Development, f068ca3b)
links to the project's development guide, so the records paraphrase that README section, the contributor pages of
jellyfin/jellyfin.org (`docs/general/contributing/development.md`, `llm-policies.md`, `source-tree.md`; snapshot
04dc6a60) and the server repository's own developer files (commit c3ed1407): `.github/pull_request_template.md`,
`src/Jellyfin.Database/readme.md`, `Jellyfin.Server/Properties/launchSettings.json`,
`Directory.Build.props`, `Directory.Packages.props`, `BannedSymbols.txt` and the
`ci-format.yml`, `ci-tests.yml` and OpenAPI workflows.

Development set (issue 15); the C# style notes (from `.editorconfig`) are in `style_jellyfin.py`.
"""

from corpus._types import Workspace, decision, fact, failure, q, rule, workflow

WORKSPACE = Workspace(
    key="jellyfin",
    repo="jellyfin/jellyfin",
    language="csharp",
    sources=(
        "README.md",
        "jellyfin/jellyfin.org:docs/general/contributing/development.md",
        "jellyfin/jellyfin.org:docs/general/contributing/llm-policies.md",
        "jellyfin/jellyfin.org:docs/general/contributing/source-tree.md",
        ".github/pull_request_template.md",
        "src/Jellyfin.Database/readme.md",
        "Jellyfin.Server/Properties/launchSettings.json",
        "Directory.Build.props",
        "Directory.Packages.props",
        "BannedSymbols.txt",
        ".github/workflows/ci-format.yml",
        ".github/workflows/ci-tests.yml",
        ".github/workflows/openapi-pull-request.yml",
    ),
)

WORKSPACE.records.extend(
    [
        fact(
            "prereqs",
            "Building the server needs the .NET 10 SDK plus ffmpeg (jellyfin-ffmpeg); `Jellyfin.Server` is the "
            "startup project of `Jellyfin.sln`.",
        ),
        workflow(
            "run-server",
            "Run from source with `dotnet run --project Jellyfin.Server --webdir /absolute/path/to/jellyfin-web/dist`, "
            "or `dotnet build` and start `Jellyfin.Server/bin/Debug/net10.0/jellyfin` (`--help` lists the options).",
        ),
        fact(
            "web-client",
            "The web client is not in this repository: build jellyfin-web (its `dist/`) or copy it from an installed "
            "server, then point the server at it with `--webdir` or `JELLYFIN_WEB_DIR` in "
            "`Jellyfin.Server/Properties/launchSettings.json`.",
            files=["Jellyfin.Server/Properties/launchSettings.json"],
            tags=["setup", "web"],
        ),
        workflow(
            "nowebclient",
            "To host the frontend separately, start the server with `--nowebclient` (or `JELLYFIN_NOWEBCONTENT=true`, "
            "or the `Jellyfin.Server (nowebclient)` profile in `launchSettings.json`); the setup wizard cannot run in that "
            "mode.",
        ),
        fact(
            "local-urls",
            "A local server answers on http://localhost:8096, with the Swagger API docs at "
            "`/api-docs/swagger/index.html`.",
        ),
        workflow(
            "tests",
            "Tests are xUnit v3 projects with Moq under `tests/` (e.g. `tests/Jellyfin.Naming.Tests`); run them with "
            "`dotnet test`, as CI does with `dotnet test Jellyfin.sln --configuration Release`.",
        ),
        workflow(
            "dotnet-format",
            "The ci-format job fails a PR on any formatting difference: run `dotnet format` before pushing (CI runs "
            "`dotnet format --verify-no-changes`).",
        ),
        decision(
            "warnings-as-errors",
            "`Directory.Build.props` enables nullable reference types and `TreatWarningsAsErrors` for every project, "
            "so analyzer findings (StyleCop, the .NET analyzers, Jellyfin.CodeAnalysis) break the build.",
            files=["Directory.Build.props"],
            tags=["build", "analyzers"],
        ),
        failure(
            "debug-only-analyzers",
            "A change that built cleanly in Release failed in Debug with CA/SA errors: analyzers run with "
            "`AnalysisMode=AllEnabledByDefault` and the custom Jellyfin.CodeAnalysis only in Debug builds.",
            prevent=["Build in Debug (the default) before pushing, not only Release."],
        ),
        failure(
            "guid-equality",
            "The build failed on `itemId == Guid.Empty`: `BannedSymbols.txt` bans the Guid `==` and `!=` operators "
            "and `Guid.Equals(object)`.",
            prevent=["Use guid.Equals(other) with a Guid argument, or guid.IsEmpty() from Jellyfin.Extensions."],
        ),
        rule(
            "no-task-result",
            "`Task<T>.Result` is a banned API in this codebase: await the task instead of blocking on it.",
        ),
        decision(
            "central-packages",
            "NuGet versions are managed centrally in `Directory.Packages.props`; `PackageReference` items in the "
            "`.csproj` files carry no Version attribute.",
        ),
        workflow(
            "ef-migrations",
            "New EF Core migrations: `dotnet ef migrations add <Name> --project "
            '"src/Jellyfin.Database/Jellyfin.Database.Providers.Sqlite" --output-dir Migrations -- '
            "--migration-provider Jellyfin-SQLite`; each database provider needs its own migration.",
            files=["src/Jellyfin.Database/Jellyfin.Database.Providers.Sqlite/Migrations"],
            tags=["database", "efcore"],
        ),
        failure(
            "dotnet-ef-missing",
            "`dotnet ef` refused to run and asked for `dotnet tool restore`; in a container it then failed with "
            "UnauthorizedAccessException on `/src/Jellyfin.Database`.",
            prevent=["Run dotnet restore first; if access is denied, restore and run the ef command with sudo."],
        ),
        fact(
            "project-layout",
            "`Jellyfin.Api` holds the API controllers, `MediaBrowser.Controller` the interface definitions, "
            "`Emby.Server.Implementations` and `Jellyfin.Server.Implementations` (EF Core based) the implementations, "
            "`MediaBrowser.Model` shared models, `MediaBrowser.MediaEncoding` the ffmpeg handling and `Emby.Naming` the "
            "media filename parsers.",
        ),
        fact(
            "playback-decision",
            "Whether a stream is direct played or transcoded is decided by the stream-builder logic in "
            "`Jellyfin.Api/Helpers/MediaInfoHelper.cs` (with `MediaBrowser.Model/Dlna/StreamBuilder.cs`).",
        ),
        rule(
            "target-master",
            "All PRs target `master` (only emergency hotfixes go elsewhere), from a feature branch of a fork that is "
            "rebased on `upstream/master`.",
        ),
        rule(
            "pr-title",
            'PR titles are short and imperative, properly capitalised and without trailing punctuation ("Add LDAP '
            'support to Jellyfin"), because they become changelog entries.',
        ),
        rule(
            "pr-template",
            "PR bodies follow the template: Changes (1-5 sentences on what and why), Code assistance (how an LLM "
            "helped, if at all) and Issues (`Fixes #123`).",
        ),
        rule(
            "own-words",
            "Issue text, PR descriptions and review replies must be in the contributor's own words: pasted LLM output "
            "gets the item closed.",
            pinned=True,
        ),
        rule(
            "focused-prs",
            "PRs stay concise and focused with no incidental changes to unrelated code; large ones are split into "
            "small, discrete commits, which the team squashes after review.",
        ),
        rule(
            "no-metafiles",
            "Never commit LLM or editor metafiles (e.g. `.claude` configs), and leave no excessive comments or spaces "
            "on empty lines: it reads as unreviewed LLM output and is rejected.",
        ),
        rule(
            "commit-hygiene",
            "Squash 'fixed this'/'typo' commits before opening a PR but keep one commit per significant change; avoid "
            "rebasing or force-pushing a large PR once it has reviews.",
        ),
        rule(
            "contributors-file",
            "On a first code contribution, add yourself at the bottom of the Jellyfin Contributors section of "
            "`CONTRIBUTORS.md`.",
        ),
        fact(
            "reviews",
            "Unfinished PRs are opened as drafts, and a PR needs approving reviews from two team members before it is "
            "merged into master.",
        ),
        fact(
            "openapi-report",
            "Every PR gets an OpenAPI report: CI generates the spec for the head and the merge base and comments the "
            "API differences on the pull request.",
        ),
        rule(
            "issue-first",
            "Features that span several sub-projects are proposed first as a jellyfin-meta discussion; otherwise "
            "open an issue before the PR and reference it.",
        ),
        workflow(
            "test-someones-pr",
            "To try someone else's PR: `git fetch upstream pull/<id>/head:my-testing-branch`, check it out, test, "
            "then delete the branch.",
        ),
    ]
)

WORKSPACE.queries.extend(
    [
        q(
            "add an endpoint that returns the remaining transcode time for a session",
            "project-layout",
            "playback-decision",
            "openapi-report",
            "style:csharp/private-fields",
            "style:csharp/cancellation-token",
        ),
        q(
            "add a LastPlayedPosition column to the user data table",
            "ef-migrations",
            "dotnet-ef-missing",
        ),
        q(
            "check whether the item has no parent and skip it",
            "guid-equality",
        ),
        q(
            "fine in release but debug build now throws a wall of CA errors",
            "debug-only-analyzers",
            "warnings-as-errors",
        ),
        q(
            "the server starts but the browser just shows a blank page / 404",
            "web-client",
            "run-server",
        ),
        q(
            "I'm iterating on the dashboard UI with webpack, don't want the server serving it",
            "nowebclient",
        ),
        q(
            "why does my 4k hevc file transcode on the tv instead of playing directly",
            "playback-decision",
        ),
        q(
            "bump the Serilog version the server uses",
            "central-packages",
        ),
        q(
            "write up the PR for the subtitle fix, first time contributing here",
            "pr-title",
            "pr-template",
            "own-words",
            "contributors-file",
            "target-master",
        ),
        q(
            "get the result of GetItemsAsync synchronously here, this method can't be async",
            "no-task-result",
            "style:csharp/cancellation-token",
        ),
        q(
            "CI complains about whitespace in my PR",
            "dotnet-format",
            "style:csharp/braces",
        ),
        q(
            "while fixing the scanner bug also clean up the naming in the providers folder",
            "focused-prs",
            "commit-hygiene",
        ),
        q(
            "parse season and episode numbers from 'Show.S01E02.mkv' style names, with tests",
            "project-layout",
            "tests",
            "style:csharp/string-comparison",
        ),
    ]
)

WORKSPACE.nothing.extend(
    [
        "what's the difference between Jellyfin's direct stream and direct play?",
        "how do I enable hardware acceleration with VAAPI on my home server?",
        "why did Jellyfin fork from Emby in the first place?",
        "compare Jellyfin and Plex for a family media server",
        "review this Python script someone wrote to rename my movie files for Jellyfin",
        "write release notes for our home lab newsletter about upgrading to Jellyfin 10.11",
        "explain what a trickplay image is and why it takes so long to generate",
    ]
)
