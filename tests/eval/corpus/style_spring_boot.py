"""Java style preferences (`account:local/style/java`), drawn from spring-projects/spring-boot: the regexp and
import rules of `config/checkstyle/checkstyle.xml` (22eef972), the ArchUnit rules of
`buildSrc/.../architecture/ArchitectureRules.java` (aba84a38) and the Spring JavaFormat checks that file enables
(`SpringChecks`; messages in spring-io/spring-javaformat `spring-javaformat-checkstyle/.../check/messages.properties`
and `spring-checkstyle.xml`). Mostly body-only.
"""

from corpus._types import Mem, style

STYLE_SOURCES_EXTRA = {
    "java": (
        ("spring-projects/spring-boot", "config/checkstyle/checkstyle.xml"),
        (
            "spring-projects/spring-boot",
            "buildSrc/src/main/java/org/springframework/boot/build/architecture/ArchitectureRules.java",
        ),
        (
            "spring-io/spring-javaformat",
            "spring-javaformat/spring-javaformat-checkstyle/src/main/resources/io/spring/javaformat/checkstyle/"
            "spring-checkstyle.xml",
        ),
    ),
}

STYLE_EXTRA: dict[str, list[Mem]] = {
    "java": [
        style(
            "assertj",
            "Assertions use AssertJ through static imports (`import static org.assertj.core.api.Assertions."
            "assertThat`), never JUnit's `Assertions` or `Assert`.",
            tags=["testing", "assertj"],
        ),
        style(
            "assertj-exceptions",
            "Expected exceptions are asserted with `assertThatIllegalArgumentException()`, "
            "`assertThatIllegalStateException()`, `assertThatNullPointerException()` or `assertThatIOException()`, "
            "other types with `assertThatExceptionOfType(X.class)`; never `assertThatThrownBy`.",
        ),
        style(
            "bdd-mockito",
            "Mocks are stubbed and verified BDD-style with BDDMockito (`given(...).willReturn(...)`, "
            "`then(mock).should()...`), never `Mockito.when`/`verify`, and without `@InjectMocks`.",
            tags=["testing", "mockito"],
        ),
        style(
            "test-naming",
            "Test classes are named `...Tests`, and JUnit 5 test classes and test methods are package-private, "
            "never `public`.",
        ),
        style(
            "this-fields",
            "Field accesses are always qualified with `this.`; method calls are not.",
        ),
        style(
            "lambda-parens",
            "Lambda parameters always go in parentheses, `(item) -> ...`, and a lambda has no block body when one "
            "expression will do.",
        ),
        style(
            "ternary-parens",
            "Ternaries parenthesise their condition and test with `!=`: `(value != null) ? value : fallback`.",
        ),
        style(
            "catch-ex",
            "Caught exceptions are named `ex`, never `e` or another single letter.",
        ),
        style(
            "empty-collections",
            "Empty collections come from `Collections.emptyList()`, `emptyMap()` and `emptySet()` rather than "
            "`List.of()`; streams end with `.toList()` instead of `collect(Collectors.toList())`.",
        ),
        style(
            "locale-root",
            "`toLowerCase` / `toUpperCase` always take `Locale.ROOT`, and `URLEncoder`/`URLDecoder` take a `Charset` "
            "rather than an encoding name.",
        ),
        style(
            "spring-assert",
            'Argument checks use Spring\'s `Assert.notNull(value, "message")` (and friends) rather than '
            "`Objects.requireNonNull`.",
        ),
        style(
            "no-explicit-init",
            "Fields are not explicitly initialised to their default values (`= null`, `= 0`, `= false`).",
        ),
    ],
}
