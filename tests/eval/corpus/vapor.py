"""vapor/vapor (Swift): paraphrased from its AGENTS.md, contributor files and build configuration.

Sources (commit 13efaeef): `AGENTS.md` (its AI and automated-agent policy), `.github/contributing.md`,
`.github/maintainers.md`, `README.md` (contributing section), `Package.swift` and `.github/workflows/test.yml`.
Swift style records are in `style_vapor.py`.
"""

from corpus._types import Workspace, decision, fact, failure, q, rule, workflow

WORKSPACE = Workspace(
    key="vapor",
    repo="vapor/vapor",
    language="swift",
    sources=(
        "AGENTS.md",
        ".github/contributing.md",
        ".github/maintainers.md",
        "README.md",
        "Package.swift",
        ".github/workflows/test.yml",
    ),
)

WORKSPACE.records.extend(
    [
        fact(
            "products",
            "The package has three library products: `Vapor`, `VaporTesting` (test helpers such as `withApp`) and "
            "`VaporMacros`, whose route and controller macros are implemented in `VaporMacrosPlugin` with "
            "swift-syntax.",
            files=["Package.swift", "Sources/VaporTesting", "Sources/VaporMacrosPlugin"],
        ),
        fact(
            "traits",
            "Optional features are SwiftPM package traits, all enabled by default: `WebSockets`, `bcrypt`, "
            "`HTTPClient`, `Multipart` and `MacroRouting`; code and dependencies behind them are compiled "
            "conditionally.",
            tags=["traits", "build"],
            related=["traits-off"],
        ),
        fact(
            "development-target",
            "`Sources/Development` (`configure.swift`, `routes.swift`, `entrypoint.swift`) is an executable for "
            "trying changes out by hand.",
        ),
        fact(
            "swift-testing",
            'Tests are written with Swift Testing (`@Suite`, `@Test("...")`, `#expect`) in `Tests/VaporTests`, '
            "`Tests/VaporMacroTests` and `Tests/VaporMacroIntegrationTests`.",
            files=["Tests/VaporTests"],
            tags=["testing"],
        ),
        fact(
            "foundation-essentials",
            "Sources import `FoundationEssentials` when it exists (`#if canImport(FoundationEssentials)` ... `#else "
            "import Foundation`), and a CI job checks that the products other than VaporTesting do not link full "
            "Foundation.",
        ),
        fact(
            "niossl-test-only",
            "swift-nio-ssl is a test-only dependency (the server TLS tests use it to pin trust roots); Vapor itself "
            "must not depend on NIOSSL.",
        ),
        fact(
            "toolchain",
            "CI runs in `swiftlang/swift:nightly-6.4.x-bookworm` and `.swift-version` pins a 6.4 snapshot; the "
            "manifest uses swift-tools-version 6.2 with macOS and iOS 26.2 minimums.",
        ),
        decision(
            "semver",
            "Vapor follows SemVer: anything that can stop existing code from compiling waits for the next major "
            "version, while purely additive changes can go out in the next minor.",
        ),
        decision(
            "auto-release",
            "Releases are automatic: when a PR is merged the release bot reads its semver label and ships a release "
            "right away, using the PR title and body as the release notes.",
        ),
        decision(
            "review-window",
            "PRs stay open at least 24 hours before being merged or closed so every maintainer can review; "
            "maintainers may merge and tag patch releases, minor releases need the core team to merge.",
        ),
        rule(
            "release-labels",
            "Every PR gets one release label: `semver-patch`, `semver-minor`, `semver-major` (rare) or `release` "
            "(advances alpha, beta, rc).",
            tags=["release", "pr"],
        ),
        rule(
            "pr-title",
            'PR titles become release titles: concise, sentence case, present tense ("Add case-insensitive '
            'routing", not "Added..." or Title Case).',
        ),
        rule(
            "pr-body",
            "The PR body is the release body: present tense, third person, a first line summarizing the change with "
            "PR and issue links (`fixes #1928` to close issues), then details and code samples; questions go in PR "
            "comments instead.",
        ),
        rule(
            "human-pr",
            "A human must author and submit every PR, understand each change and be able to defend it in review; "
            "PRs that look generated and submitted by an agent are closed.",
            pinned=True,
        ),
        rule(
            "no-llm-voice",
            "Commit messages and PR descriptions must carry project-specific context and must not read like raw LLM "
            "output or a template.",
        ),
        rule(
            "good-first-issues",
            "Agents never claim, triage or solve `good-first-issue` tickets: those are for people learning the "
            "codebase.",
        ),
        rule(
            "security-reports",
            "Security vulnerabilities are reported by a person through the organisation's disclosure process "
            "(security@vapor.codes); automated or AI-generated security reports are closed.",
        ),
        rule(
            "human-issues",
            "Issues must describe bugs or requests a person actually identified; bulk or bot-generated issues are "
            "closed.",
        ),
        rule(
            "api-docs",
            "New public API needs documentation comments, and existing docs are updated where behaviour changes.",
        ),
        rule(
            "regression-tests",
            "New features come with tests, and a fix for a specific GitHub issue gets a regression test named "
            "`testGH<issue number>`.",
        ),
        rule(
            "discuss-first",
            "Features and ideas start as a GitHub issue or a Discord discussion before any code.",
        ),
        workflow(
            "run-tests",
            "Run the tests with `swift test`, or in Xcode with the `vapor-Package` scheme and Cmd+U.",
        ),
        workflow(
            "traits-off",
            "CI runs both `swift test` and `swift test --disable-default-traits`, so code touching trait-gated "
            "features must also build and pass with every trait off.",
        ),
        workflow(
            "linux-docker",
            "To test on Linux from a Mac, run `swift test` inside an official Swift Docker image with the checkout "
            "mounted.",
        ),
        failure(
            "spm-stale",
            "SwiftPM kept resolving and building stale state after dependency changes.",
            prevent=["Delete Package.resolved, .build, *.xcodeproj and Packages, then build again."],
        ),
    ]
)

WORKSPACE.queries.extend(
    [
        q(
            "add a maxBodySize option to the route builder",
            "api-docs",
            "semver",
            "regression-tests",
            "swift-testing",
            "style:swift/explicit-self",
            "style:swift/multiline-params",
            "style:swift/doc-comments",
        ),
        q(
            "fix issue 3120, the query decoder drops empty values",
            "regression-tests",
            "swift-testing",
            "run-tests",
        ),
        q(
            "open a PR for the cookie parsing fix",
            "pr-title",
            "pr-body",
            "release-labels",
            "human-pr",
            "no-llm-voice",
        ),
        q(
            "rename Request.parameters to Request.pathParameters",
            "semver",
            "release-labels",
        ),
        q(
            "the websocket upgrade handler needs a new helper, where do tests go and how do I run them?",
            "swift-testing",
            "run-tests",
            "traits-off",
        ),
        q(
            "use a Date formatter in the new response header helper",
            "foundation-essentials",
        ),
        q(
            "add NIOSSL so the server can load PEM certificates",
            "niossl-test-only",
        ),
        q(
            "I found a timing leak in the bcrypt verify path, draft the issue for the maintainers",
            "security-reports",
        ),
        # low-overlap paraphrases
        q(
            "make sure it still works when someone strips out websockets and the http client",
            "traits-off",
            "traits",
        ),
        q(
            "I want to poke at my new middleware interactively before writing anything else",
            "development-target",
        ),
        q(
            "look through the open tickets tagged for newcomers and knock out the easy ones",
            "good-first-issues",
        ),
        q(
            "xcode still compiles the old nio release even though I bumped it",
            "spm-stale",
        ),
    ]
)

WORKSPACE.nothing.extend(
    [
        "what's the difference between Vapor's EventLoopFuture APIs and async/await?",
        "why would someone pick Vapor over Hummingbird for a new backend?",
        "write a blog post about deploying our Vapor app to Fly.io",
        "compare Swift actors with Go channels for a meetup talk",
        "review this Express.js middleware from our Node service for security issues",
        "how do I add Fluent and Postgres to my own Vapor app?",
        "draft a talk abstract about server-side Swift in 2026",
    ]
)
