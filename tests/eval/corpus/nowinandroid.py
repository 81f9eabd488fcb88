"""android/nowinandroid (Kotlin): paraphrased from its AGENTS.md and contributor files.

Sources (commit d6abd6d3): `AGENTS.md`, `CONTRIBUTING.md`, `.github/pull_request_template.md`, `README.md`
(development, build, testing and performance sections), `build-logic/README.md`,
`docs/ModularizationLearningJourney.md`, `docs/ArchitectureLearningJourney.md` and the custom lint check
`lint/src/main/kotlin/.../designsystem/DesignSystemDetector.kt` and `build-logic/.../Spotless.kt` (license
headers). Kotlin style records are in `style_nowinandroid.py`.
"""

from corpus._types import Workspace, decision, fact, failure, q, rule, workflow

WORKSPACE = Workspace(
    key="nowinandroid",
    repo="android/nowinandroid",
    language="kotlin",
    sources=(
        "AGENTS.md",
        "CONTRIBUTING.md",
        ".github/pull_request_template.md",
        "README.md",
        "build-logic/README.md",
        "docs/ModularizationLearningJourney.md",
        "docs/ArchitectureLearningJourney.md",
        "lint/src/main/kotlin/com/google/samples/apps/nowinandroid/lint/designsystem/DesignSystemDetector.kt",
        "build-logic/convention/src/main/kotlin/com/google/samples/apps/nowinandroid/Spotless.kt",
    ),
)

WORKSPACE.records.extend(
    [
        fact(
            "overview",
            "Now in Android is a single-activity Kotlin app: Jetpack Compose with Material 3 and adaptive layouts, "
            "Hilt for dependency injection, Room and DataStore locally, Retrofit and OkHttp for the network, "
            "WorkManager for background work.",
        ),
        fact(
            "module-layout",
            "`app/` holds MainActivity, NiaApp and top-level navigation; each feature is split into "
            "`feature/<name>/api` (navigation keys only) and `feature/<name>/impl` (everything else); shared code is "
            "in `core/` modules such as data, database, datastore, network, designsystem, ui, model and testing.",
            files=["app", "feature", "core"],
            tags=["modules", "layout"],
        ),
        fact(
            "flavors",
            "There are two product flavors, `demo` (static local data) and `prod` (a backend that is not public), "
            "times `debug`/`release`: develop on `demoDebug`, check UI performance on `demoRelease`.",
        ),
        decision(
            "offline-first",
            "The data layer is offline-first: Room is the source of truth and repositories are the only way other "
            "layers reach data. Reads come from local storage and are not expected to fail; writes are suspend "
            "functions whose caller chooses the scope.",
        ),
        fact(
            "sync",
            "Sync is a WorkManager job enqueued at app start (`Sync.initialize`): `SyncWorker` implements "
            "`Synchronizer`, writes remote data straight into Room and retries failures with exponential backoff "
            "(see `OfflineFirstNewsRepository.syncWith`).",
        ),
        fact(
            "use-cases",
            "The domain layer holds use cases, classes with a single `operator fun invoke` that combine repository "
            "flows (e.g. `GetUserNewsResourcesUseCase`); there are no use cases for events, the UI calls repository "
            "methods directly.",
        ),
        fact(
            "designsystem-vs-ui",
            "`core:designsystem` has the themed building blocks (NiaTheme, NiaButton, NiaIcons), browsable in the "
            "`app-nia-catalog` app; `core:ui` has composite components that render data models, like NewsFeed and "
            "NewsResourceCardExpanded.",
        ),
        fact(
            "convention-plugins",
            "`build-logic/` is an included build of convention plugins (`nowinandroid.android.library`, "
            "`nowinandroid.android.library.compose`, `nowinandroid.android.application`, ...), each additive and "
            "single-purpose; one-off configuration stays in the module's own `build.gradle.kts`.",
        ),
        fact(
            "module-graphs",
            "Every module README.md carries a dependency graph that the Build.yaml workflow regenerates; the "
            "`graphUpdate` task refreshes them locally.",
        ),
        fact(
            "baseline-profile",
            "The baseline profile is `app/src/main/baseline-prof.txt`; it is regenerated with the "
            "`BaselineProfileGenerator` test of the `benchmarks` module (benchmark variant, AOSP emulator) when a "
            "release touches startup code.",
            files=["app/src/main/baseline-prof.txt", "benchmarks"],
        ),
        decision(
            "test-doubles",
            "Tests use no mocking library: each repository has a `Test`/`Fake` implementation of the real interface "
            "with test-only hooks (in `core:data-test` and `core:testing`, along with `MainDispatcherRule`), swapped "
            "in through Hilt's testing APIs or constructor injection.",
        ),
        rule(
            "feature-deps",
            "A feature's `api` module must not depend on another feature's `api` or `impl`; an `impl` may depend "
            "only on other features' `api` modules; core modules never depend on feature or app modules. A class "
            "used by one feature stays in it, otherwise it moves to a core module.",
            tags=["modules", "dependencies"],
            related=["module-layout"],
        ),
        rule(
            "design-system",
            "Use the Now in Android design-system composables instead of Material ones (NiaButton, NiaTopAppBar, "
            "NiaNavigationBar, NiaTheme, NiaIcons rather than Button, TopAppBar, NavigationBar, MaterialTheme, "
            "Icons): the custom `DesignSystem` lint check reports them as errors.",
            pinned=True,
        ),
        rule(
            "ci-screenshots",
            "Reference screenshots are generated by CI on Linux; never commit screenshots recorded on a workstation.",
        ),
        rule(
            "cla-issue-first",
            "Contributions need a signed Google CLA, and a change starts as an issue describing it before the PR.",
        ),
        rule(
            "pr-description",
            "A PR description says what was done and why and links the issues it fixes, after running "
            "`./gradlew testDemoDebug` and `./gradlew spotlessApply`.",
        ),
        rule(
            "license-header",
            'Every Kotlin file carries the Apache 2.0 "Copyright <year> The Android Open Source Project" header; '
            "Spotless adds it from the templates in `spotless/`.",
        ),
        workflow(
            "build",
            "Build with `./gradlew assembleDemoDebug`; in Android Studio use the `app` run configuration.",
        ),
        workflow(
            "format",
            "`./gradlew spotlessApply` fixes formatting and lint (ktlint, configured in `.editorconfig`).",
        ),
        workflow(
            "unit-tests",
            "Local tests: `./gradlew testDemoDebug`, or one class with `./gradlew testDemoDebug --tests "
            '"com.example.MyTestClass"`.',
        ),
        workflow(
            "instrumented-tests",
            "Instrumented tests run with `./gradlew connectedDemoDebugAndroidTest` or on Gradle-managed devices "
            "(`pixel6api31aospDebugAndroidTest`); feature UI tests use only `ComposeTestRule` with a "
            "`ComponentActivity`, and bigger tests that start `MainActivity` live in `:app`.",
        ),
        workflow(
            "roborazzi",
            "Screenshot tests use Roborazzi: `verifyRoborazziDemoDebug` checks against the references, "
            "`recordRoborazziDemoDebug` records new ones into `src/test/screenshots` after verifying the UI by hand, "
            "`compareRoborazziDemoDebug` writes diff images.",
            tags=["testing", "screenshots"],
        ),
        workflow(
            "compose-metrics",
            "Compose compiler metrics: `./gradlew assembleRelease -PenableComposeCompilerMetrics=true "
            "-PenableComposeCompilerReports=true`, output in `build/compose-metrics` and `build/compose-reports`.",
        ),
        failure(
            "all-variants",
            "`./gradlew test` and `connectedAndroidTest` failed: they run every build variant, and only `demoDebug` "
            "has tests.",
            prevent=["Run testDemoDebug and connectedDemoDebugAndroidTest instead."],
        ),
        failure(
            "screenshots-mac",
            "Screenshot tests failed on macOS without any UI change, because the references are rendered on Linux.",
            prevent=[
                "Run recordRoborazziDemoDebug on main before starting, so verifyRoborazziDemoDebug shows only real "
                "changes.",
            ],
        ),
        failure(
            "unit-tests-screenshots",
            "`testDemoDebug` failed in the screenshot tests on a fresh checkout.",
            prevent=["Run recordRoborazziDemoDebug before the unit tests."],
        ),
    ]
)

WORKSPACE.queries.extend(
    [
        q(
            "add a ViewModel for the new saved-searches screen that exposes its state to compose",
            "use-cases",
            "offline-first",
            "module-layout",
            "style:kotlin/sealed-ui-state",
            "style:kotlin/state-in",
            "style:kotlin/collect-lifecycle",
            "style:kotlin/screen-overloads",
        ),
        q(
            "write unit tests for TopicViewModel",
            "test-doubles",
            "unit-tests",
            "style:kotlin/no-mocks",
            "style:kotlin/test-libraries",
            "style:kotlin/test-names",
        ),
        q(
            "the bookmarks feature needs to open the topic screen, wire up the navigation",
            "feature-deps",
            "module-layout",
        ),
        q(
            "build the app so I can try it on my phone",
            "build",
            "flavors",
        ),
        q(
            "add a filled button to the settings dialog",
            "design-system",
            "designsystem-vs-ui",
        ),
        q(
            "I changed the news card padding, update the screenshot tests",
            "roborazzi",
            "ci-screenshots",
            "screenshots-mac",
        ),
        q(
            "./gradlew test blows up with errors in prodRelease",
            "all-variants",
            "unit-tests",
        ),
        q(
            "open the PR for the search fix",
            "pr-description",
            "cla-issue-first",
            "unit-tests",
            "format",
        ),
        # low-overlap paraphrases
        q(
            "launch got slower since my splash work landed, what needs refreshing?",
            "baseline-profile",
        ),
        q(
            "tidy up indentation and such before I push",
            "format",
            "license-header",
        ),
        q(
            "where should fetching fresh articles in the background happen, and what if the server flakes?",
            "sync",
            "offline-first",
        ),
        q(
            "the pictures comparison check keeps failing on my MacBook although I didn't touch any composable",
            "screenshots-mac",
            "roborazzi",
        ),
    ]
)

WORKSPACE.nothing.extend(
    [
        "what is the difference between Room and DataStore, in general terms?",
        "why does Google recommend unidirectional data flow for Android apps?",
        "write a blog post about what we learned modularizing our app, inspired by Now in Android",
        "compare Hilt and Koin for a talk on dependency injection",
        "review this Flutter widget from another team and tell me if the layout is correct",
        "as a user, how do I follow a topic in the Now in Android app?",
        "explain what a baseline profile is to a product manager",
    ]
)
