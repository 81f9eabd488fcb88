"""spring-projects/spring-boot (Java): paraphrased from its CONTRIBUTING.adoc (8829cace), README.adoc (Building
from Source, Reporting Issues; d87aa53f), `.github/PULL_REQUEST_TEMPLATE.md`, `.sdkmanrc`,
`config/checkstyle/checkstyle.xml` (22eef972) and the build's own checks in `buildSrc` (commit c329ffa2):
`architecture/ArchitectureRules.java`, `architecture/ArchitecturePlugin.java`,
`autoconfigure/AutoConfigurationPlugin.java` and `autoconfigure/CheckAutoConfigurationImports.java`. (The wiki page
"Working with the Code" that CONTRIBUTING.adoc links to is not in the repository and was not used.)

Development set (issue 15); the Java style notes (Checkstyle, Spring JavaFormat and ArchUnit rules) are in
`style_spring_boot.py`.
"""

from corpus._types import Workspace, decision, fact, failure, q, rule, workflow

WORKSPACE = Workspace(
    key="spring_boot",
    repo="spring-projects/spring-boot",
    language="java",
    sources=(
        "CONTRIBUTING.adoc",
        "README.adoc",
        ".github/PULL_REQUEST_TEMPLATE.md",
        ".sdkmanrc",
        "config/checkstyle/checkstyle.xml",
        "buildSrc/src/main/java/org/springframework/boot/build/architecture/ArchitectureRules.java",
        "buildSrc/src/main/java/org/springframework/boot/build/architecture/ArchitecturePlugin.java",
        "buildSrc/src/main/java/org/springframework/boot/build/autoconfigure/AutoConfigurationPlugin.java",
        "buildSrc/src/main/java/org/springframework/boot/build/autoconfigure/CheckAutoConfigurationImports.java",
    ),
)

WORKSPACE.records.extend(
    [
        fact(
            "jdk",
            "Building Spring Boot needs JDK 25 (`.sdkmanrc` pins a Liberica 25 build, so `sdk env` selects it) and "
            "always goes through the Gradle wrapper `./gradlew`.",
        ),
        workflow(
            "publish-local",
            "`./gradlew publishToMavenLocal` builds every module into the local Maven cache without running tests; "
            "`./gradlew build` builds everything, tests included.",
        ),
        workflow(
            "check",
            "`./gradlew check` from the root runs all verification: tests, Checkstyle and the architecture and "
            "auto-configuration checks.",
        ),
        workflow(
            "format",
            "Code is formatted with Spring JavaFormat: `./gradlew format`, and `./gradlew -p buildSrc format` for "
            "violations inside `buildSrc` (IntelliJ has a Spring JavaFormat plugin).",
            tags=["formatting"],
        ),
        workflow(
            "checkstyle",
            "`./gradlew checkstyleMain checkstyleTest` checks a change against the Checkstyle conventions without "
            "running the whole build.",
        ),
        failure(
            "spring-profiles-env",
            "Tests failed locally but not on CI because `SPRING_PROFILES_ACTIVE` was exported in the shell and "
            "changed which profiles the test contexts used.",
            prevent=["unset SPRING_PROFILES_ACTIVE before running ./gradlew check."],
        ),
        rule(
            "signed-off-by",
            "Every commit needs a `Signed-off-by:` trailer (the Developer Certificate of Origin, no CLA): commit with "
            "`git commit -s`.",
            pinned=True,
        ),
        rule(
            "security-disclosure",
            "A fix for a security vulnerability is not submitted as a PR or issue; it is disclosed privately through "
            "spring.io/security-policy.",
        ),
        rule(
            "dependency-upgrades",
            "No PRs for plain dependency upgrades that only change a version property (the team runs a "
            "semi-automated process); upgrades that need code changes for removed or deprecated API are welcome.",
        ),
        rule(
            "new-file-header",
            "A new `.java` file gets the ASF license header copied from an existing file and a class Javadoc with an "
            "`@author` tag and ideally a paragraph on its purpose; add yourself as `@author` where you change a file "
            "substantially.",
        ),
        rule(
            "since-tags",
            "Public classes carry a Javadoc `@since` tag (Checkstyle's SpringJavadocCheck requires it), and "
            "deprecations state `since` on `@Deprecated` and `@DeprecatedConfigurationProperty`.",
        ),
        rule(
            "rebase-commits",
            "A branch nobody else uses is rebased onto the current main (or target) branch, and commit messages follow "
            "the tbaggery conventions: short capitalised summary, blank line, wrapped body.",
        ),
        workflow(
            "pr-description",
            "PR descriptions say, for a bug, what was broken and how the change fixes it, for an enhancement, what it "
            "adds and why it is useful, and reference related issues as `#1234`.",
        ),
        fact(
            "module-layout",
            "The code is split into `core/` (spring-boot, spring-boot-autoconfigure, spring-boot-test ...), one module "
            "per technology under `module/` (`module/spring-boot-jdbc`, `spring-boot-actuator` ...), `starter/`, "
            "sample apps in `smoke-test/` and the Antora docs in `documentation/spring-boot-docs`.",
            tags=["layout"],
        ),
        fact(
            "architecture-check",
            "`checkArchitectureMainJava` and `checkArchitectureTestJava` (ArchUnit rules in `buildSrc/.../architecture/"
            "ArchitectureRules.java`) run as part of `check` and fail on package cycles and banned calls.",
            files=["buildSrc/src/main/java/org/springframework/boot/build/architecture/ArchitectureRules.java"],
            tags=["build", "archunit"],
        ),
        workflow(
            "autoconfig-imports",
            "A new auto-configuration class is registered in its module's `META-INF/spring/"
            "org.springframework.boot.autoconfigure.AutoConfiguration.imports`, kept in alphabetical order; "
            "`checkAutoConfigurationImports` fails on unsorted, missing or non-`@AutoConfiguration` entries.",
        ),
        rule(
            "autoconfig-classes",
            "Auto-configuration classes are public and final with no public members, and condition classes are not "
            "public (architecture rules).",
        ),
        rule(
            "conditional-on-class-placement",
            "`@ConditionalOnClass` goes on the `@Configuration` class, never on a `@Bean` method: on a method it cannot "
            "stop the signature's types from being loaded.",
        ),
        rule(
            "post-processor-beans",
            "`@Bean` methods that return a `BeanPostProcessor` must be static and take only parameters that don't "
            "force early initialization (`ObjectProvider`, `ApplicationContext`, `Environment` or `@Lazy`).",
        ),
        rule(
            "bean-return-types",
            "`@Bean` methods never return a type declared `private`: such types break Spring AOT processing.",
        ),
        rule(
            "resource-loading",
            "Resources are loaded through `org.springframework.boot.io.ApplicationResourceLoader`, not "
            "`ResourceUtils`.",
        ),
        rule(
            "banned-imports",
            "Main code never imports Guava, Apache Commons utilities (only compress, dbcp2, logging and pool2 are "
            "allowed), shaded packages, `org.slf4j.LoggerFactory` or `@PostConstruct`; logging goes through "
            "commons-logging `LogFactory`.",
        ),
        fact(
            "import-control",
            "`config/checkstyle/import-control.xml` limits which packages each part of the main code may import, "
            "so a new dependency between modules can fail Checkstyle.",
        ),
        decision(
            "configprops-collections",
            "`@ConfigurationProperties` fields typed `Set` or `Map` are initialised with `LinkedHashSet` / "
            "`LinkedHashMap` (or `EnumMap`), never other implementations; an architecture rule enforces it.",
        ),
        fact(
            "issues-vs-questions",
            "Usage questions go to Stack Overflow's `spring-boot` tag; GitHub issues are for bugs and enhancements, "
            "ideally with a minimal sample project and the Boot, OS and JVM versions.",
        ),
        workflow(
            "ide-formatting",
            "Eclipse gets the project formatter by following the wiki's 'Importing into Eclipse' steps; IntelliJ needs "
            "the Spring JavaFormat plugin, otherwise `./gradlew format` fixes things before commit.",
            related=["format"],
        ),
    ]
)

WORKSPACE.queries.extend(
    [
        q(
            "add auto-configuration for a new Acme metrics client in its own module",
            "autoconfig-imports",
            "autoconfig-classes",
            "conditional-on-class-placement",
            "module-layout",
            "new-file-header",
            "since-tags",
        ),
        q(
            "register a BeanPostProcessor that wraps every DataSource, it needs the pool properties",
            "post-processor-beans",
            "style:java/this-fields",
        ),
        q(
            "the build says my imports file is wrong after I added a class to it",
            "autoconfig-imports",
        ),
        q(
            "write unit tests for the new health indicator, mock the client it calls",
            "style:java/assertj",
            "style:java/bdd-mockito",
            "style:java/test-naming",
            "style:java/assertj-exceptions",
        ),
        q(
            "just need the snapshot jars locally to try in my app, skip the tests",
            "publish-local",
            "jdk",
        ),
        q(
            "all the actuator tests pass on CI but half fail on my laptop with weird profile stuff",
            "spring-profiles-env",
        ),
        q(
            "bump the Flyway version property from 11.3 to 11.4, nothing else changes",
            "dependency-upgrades",
        ),
        q(
            "commit this and open the pull request",
            "signed-off-by",
            "rebase-commits",
            "pr-description",
        ),
        q(
            "read the banner file from the classpath in this new code path",
            "resource-loading",
        ),
        q(
            "use Strings.isNullOrEmpty from guava here, it's already on the classpath",
            "banned-imports",
        ),
        q(
            "checkArchitecture is failing on a cycle between two packages I touched",
            "architecture-check",
            "import-control",
        ),
        q(
            "deprecate the old management.server.base-path property in favour of the new one",
            "since-tags",
        ),
        q(
            "reformat everything I touched so review is clean",
            "format",
            "ide-formatting",
        ),
    ]
)

WORKSPACE.nothing.extend(
    [
        "what does @SpringBootApplication actually combine under the hood?",
        "in my service, how do I expose a custom actuator endpoint at /actuator/build-info?",
        "why does Spring Boot prefer constructor injection over field injection?",
        "compare Spring Boot's virtual threads support with a WebFlux reactive stack",
        "review this Quarkus REST resource a teammate wrote and suggest improvements",
        "write a talk abstract about how Spring Boot auto-configuration backs off",
        "explain the difference between @MockitoBean and @MockBean to my team",
    ]
)
