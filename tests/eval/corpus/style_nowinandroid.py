"""Kotlin style preferences (`account:local/style/kotlin`), drawn from android/nowinandroid.

Sources (commit d6abd6d3): `.editorconfig` (the ktlint settings Spotless applies), `AGENTS.md` (test libraries),
`README.md` (testing without mocks), `docs/ArchitectureLearningJourney.md` (UI state, `stateIn`, events as lambdas,
model mapping) and the custom lint check `lint/src/main/kotlin/.../lint/TestMethodNameDetector.kt`; the
`WhileSubscribed(5_000)`, `collectAsStateWithLifecycle`, `@Dispatcher(IO)` and screen-overload patterns are the ones
its code uses throughout (e.g. `MainActivityViewModel.kt`, `InterestsScreen.kt`, `DispatchersModule.kt`).
"""

from corpus._types import Mem, style

STYLE_EXTRA: dict[str, list[Mem]] = {
    "kotlin": [
        style(
            "trailing-commas",
            "Puts trailing commas after the last parameter, argument or element whenever a declaration or call "
            "spans several lines.",
        ),
        style(
            "composable-naming",
            "Names `@Composable` functions in PascalCase like types (`TopicScreen`, `NiaButton`); the function "
            "naming lint rule is relaxed only for composables and tests.",
        ),
        style(
            "test-names",
            "Test function names never start with `test`; instrumented tests are named in `given_when_then` style "
            "with underscores, not backtick sentences.",
        ),
        style(
            "sealed-ui-state",
            "Models UI state as a sealed interface of immutable data classes and objects (`Loading`, `Success(...)`, "
            "`Empty`), produced only by transforming data streams.",
        ),
        style(
            "state-in",
            "ViewModels combine or map cold flows from repositories and use cases into one flow and expose it as a "
            "`StateFlow` with `stateIn(viewModelScope, SharingStarted.WhileSubscribed(5_000), initialValue)`.",
        ),
        style(
            "collect-lifecycle",
            "Composables collect flows with `collectAsStateWithLifecycle()`, not `collectAsState()`.",
        ),
        style(
            "screen-overloads",
            "A screen has a public composable that takes the ViewModel, collects its state and delegates to an "
            "`internal` overload taking plain state plus event lambdas (`followTopic`, `onTopicClick`), which "
            "previews and UI tests call directly.",
        ),
        style(
            "no-mocks",
            "Never uses mocking libraries: tests get hand-written fakes that implement the real interface with "
            "extra hooks, so they exercise more production code and break less.",
        ),
        style(
            "test-libraries",
            "Tests run coroutines with `runTest` from kotlinx-coroutines-test and a main-dispatcher rule, assert with "
            "kotlin.test or Truth, and use Turbine for complex flow emissions.",
        ),
        style(
            "inject-dispatchers",
            "Injects coroutine dispatchers through a qualifier (`@Dispatcher(IO) private val ioDispatcher: "
            "CoroutineDispatcher`) instead of referencing `Dispatchers.IO` directly.",
        ),
        style(
            "external-models",
            "Keeps database and network models internal to the data layer and maps them to the public model with "
            "`asExternalModel()` extension functions.",
        ),
    ],
}
