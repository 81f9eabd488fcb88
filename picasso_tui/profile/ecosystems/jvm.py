"""Java / Kotlin: Maven or Gradle, modules, Spring and friends, Flyway/Liquibase migrations."""

from __future__ import annotations

import re

from picasso_tui.profile.build_modules import gradle_task, in_unbuilt_folder, included_modules, maven_modules
from picasso_tui.profile.ecosystems.android_tests import unit_test_task
from picasso_tui.profile.ecosystems.benchmarks import jvm_benchmarks
from picasso_tui.profile.ecosystems.example_tests import DECLARES_JVM_TEST, jvm_test_class
from picasso_tui.profile.ecosystems.gradle_tasks import application_run
from picasso_tui.profile.ecosystems.jvm_level import (
    api_kept_to,
    compiled_for,
    without_plugin_management,
    without_profiles,
)
from picasso_tui.profile.ecosystems.maven_reactor import depends_on_sibling
from picasso_tui.profile.ecosystems.maven_wrapper import maven_command
from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.languages import shares
from picasso_tui.profile.walk import Tree, is_auxiliary

# A jar manifest's <mainClass> makes an executable jar; exec-maven-plugin's runs a build step (joda-time's
# ZoneInfoCompiler) and says nothing of what the project is.
_APPLICATION = re.compile(
    r"""(\bid\s*\(?\s*["']application["']|^\s*application\s*$|apply plugin:\s*["']application["']"""
    r"""|com\.android\.application|<manifest>\s*(?:<[^>]+>[^<]*</[^>]+>\s*)*<mainClass>)""",
    re.MULTILINE,
)
_PUBLISHED = re.compile(r"(maven-publish|com\.vanniktech\.maven\.publish|java-library|com\.android\.library"
                        r"|<distributionManagement>)")  # fmt: skip

MARKERS = (
    ("spring-boot", "Spring Boot", "framework"), ("quarkus", "Quarkus", "framework"),
    ("micronaut", "Micronaut", "framework"), ("ktor", "Ktor", "framework"), ("androidx", "Android", "framework"),
    ("com.android.application", "Android", "framework"), ("junit-jupiter", "JUnit 5", "test"),
    ("junit", "JUnit", "test"), ("kotest", "Kotest", "test"),
    ("testng", "TestNG", "test"), ("mockito", "Mockito", "test"),
    ("testcontainers", "Testcontainers", "test"), ("assertj", "AssertJ", "test"), ("spock-core", "Spock", "test"),
    ("com.google.truth", "Truth", "test"), ("mockk", "MockK", "test"), ("hamcrest", "Hamcrest", "test"),
    ("wiremock", "WireMock", "test"), ("robolectric", "Robolectric", "test"),
    ("hibernate-core", "Hibernate", "database"),
    ("spring-boot-starter-data-jpa", "Spring Data JPA", "database"), ("org.jetbrains.exposed", "Exposed", "database"),
    ("flyway", "Flyway", "migrations"), ("liquibase", "Liquibase", "migrations"),
    ("picocli", "picocli", "cli"), ("dokka", "Dokka", "docs"),
)  # fmt: skip


_TEST_DEPENDENCY = re.compile(
    r"<dependency>(?:(?!</dependency>).)*<scope>\s*(test|import)\s*</scope>(?:(?!</dependency>).)*</dependency>|"
    r"^\s*(test|androidTest|integrationTest)\w*\s*\(?[^\n]*$",
    re.DOTALL | re.MULTILINE,
)
"""A test-scoped dependency or an imported BOM (feign's form module tests with spring-boot-starter-web): the
tests' tools, not what the project is built on."""


_GENERATOR = re.compile(
    r"<(dependency|path)>(?:(?!</\1>).)*<artifactId>[\w.-]+-(codegen|processor|annotation-processor)</artifactId>"
    r"(?:(?!</\1>).)*</\1>|<executableDependency>.*?</executableDependency>|<mainClass>[^<]*</mainClass>|"
    r"^\s*(annotationProcessor|kapt|ksp)\s*\(?[^\n]*$",
    re.DOTALL | re.MULTILINE,
)
"""A code generator run at build time (jansi's picocli-codegen writes GraalVM config): not what the project uses."""


def _found(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    # assertj's "Included by …"; shadow's `api(libs.apache.ant) // Types from Ant are exposed in the public API.`
    code = re.sub(r"<!--.*?-->|^\s*//[^\n]*|(?<![:/])//[^\n]*|/\*.*?\*/", "", text, flags=re.DOTALL | re.MULTILINE)
    code = re.sub(r"^\s*lintChecks\s*\([^\n]*$", "", code, flags=re.MULTILINE)  # androidx lint rules, no Android
    # mockk's dispatcher module is `applicationId = "com.android.dexmaker.mockito.inline.dispatcher"`: a name, no
    # dependency; a copyright header naming Mockito is a comment, stripped above
    code = re.sub(r"^\s*(applicationId|namespace|testApplicationId|group)\s*=?\s*[\"'][^\n]*$", "", code, flags=re.M)
    built = _GENERATOR.sub("", _TEST_DEPENDENCY.sub("", code)).lower()
    for needle, label, kind in MARKERS:
        # a whole name: javalin's `ktorm.version` property is not Ktor
        named = re.search(rf"(?<![a-z]){re.escape(needle)}(?![a-z])", code.lower() if kind == "test" else built)
        if named and label not in out.setdefault(kind, []):
            if label == "JUnit" and "JUnit 5" in out.get("test", []):
                continue
            out[kind].append(label)
    return {k: v for k, v in out.items() if v}


def _boot_application(tree: Tree) -> bool:
    """An application class of the project's own to start: restdocs-api-spec applies the Boot plugin for its BOM,
    and only its samples/ have a @SpringBootApplication, so a root `bootRun` finds no main class."""
    main = [f for f in tree.own if "/src/main/" in f"/{f}" and f.endswith((".java", ".kt"))][:3000]
    builds = "\n".join(tree.read(f) or "" for f in tree.own_named("build.gradle", "build.gradle.kts")[:40])
    return bool(re.search(r"\bmainClass\b", builds)) or any(
        "@SpringBootApplication" in (tree.read(f) or "") for f in main
    )


def _spring_boot_run(tree: Tree, k: Knowledge, wrapper: str) -> None:
    """`spring-boot:run` where the application is: the root when it holds the application class; the one module
    that does in an aggregator (microcks' webapp/); none where several do (pinpoint's collector, web and batch) or
    none does (embabel's library modules)."""
    main = [f for f in tree.own if "/src/main/" in f"/{f}" and f.endswith((".java", ".kt")) and not is_auxiliary(f)]
    apps = sorted(
        {
            f.split("/src/main/", 1)[0] if not f.startswith("src/main/") else "."
            for f in main[:3000]  # as _boot_application reads them
            if "@SpringBootApplication" in (tree.read(f) or "")
        }
    )
    if apps == ["."] or (len(apps) == 1 and not tree.has(f"{apps[0]}/pom.xml")):  # no module pom: the root's build
        k.command("run", f"{wrapper} spring-boot:run", "pom.xml", 60)
    elif len(apps) == 1:
        k.command("run", f"{wrapper} -pl {apps[0]} spring-boot:run", f"{apps[0]}/pom.xml", 60,
                  "the module with the application class; `install` the modules it needs first")  # fmt: skip


def _only_what_the_code_uses(tree: Tree, kinds: dict[str, list[str]]) -> None:
    """Spring Boot only with an application class, Flyway only with migrations to apply: jdbi's spring module
    tests its integration with spring-boot-test and its testing module ships Flyway for users' tests, so neither
    `spring-boot:run` nor `flyway:migrate` has anything to run there."""
    main = [f for f in tree.own if "/src/main/" in f"/{f}" and f.endswith((".java", ".kt"))][:3000]
    builds = "\n".join(tree.read(f) or "" for f in tree.named("build.gradle", "build.gradle.kts")[:40])
    boot_plugin = re.search(r"id\s*\(?\s*[\"']org\.springframework\.boot[\"']", _applied(builds))  # it adds bootRun
    if (
        "Spring Boot" in kinds.get("framework", [])
        and not boot_plugin
        and not any("@SpringBootApplication" in (tree.read(f) or "") for f in main)
    ):
        kinds["framework"] = [x for x in kinds["framework"] if x != "Spring Boot"]
    migrations = any("/src/main/resources/db/migration/" in f"/{f}" for f in tree.files) or re.search(
        r"flyway-maven-plugin|org\.flywaydb\.flyway", "\n".join(tree.read(f) or "" for f in tree.named("pom.xml",
        "build.gradle", "build.gradle.kts")[:40]))  # fmt: skip
    if "Flyway" in kinds.get("migrations", []) and not migrations:
        kinds["migrations"] = [x for x in kinds["migrations"] if x != "Flyway"]
    # flyway's and liquibase's own checkouts: the migration tool is the project, it migrates nothing of its own
    own = re.sub(r"[\W_]", "", tree.root.name.lower())
    kinds["migrations"] = [x for x in kinds.get("migrations", []) if re.sub(r"\W", "", x.lower()) not in own]
    if "picocli" in kinds.get("cli", []) and not any(_picocli_main(tree.read(f) or "") for f in main):
        kinds["cli"] = []  # jline's picocli module registers picocli commands in a shell: no program of its own


def _picocli_main(source: str) -> bool:
    """A program's entry point parses its command line with picocli (`public static void main` or Kotlin's
    `fun main` in a file importing picocli)."""
    return "import picocli" in source and bool(re.search(r"\bstatic\s+void\s+main\s*\(|^fun main\b", source, re.M))


def _applied(build: str) -> str:
    """A build file without the plugins it only declares for its modules (`id("com.android.application") apply
    false`): those do not make the project an Android application."""
    return re.sub(r"(?m)^.*\bapply false.*$", "", build)


NOT_THE_LIBRARY = re.compile(
    r"tests?\b|blackbox|(^|[-_])(it|e2e|examples?|samples?|benchmarks?|jmh)([-_]|$)|^(gradle|build-logic)$"
)
"""Top-level folders whose build is not the project's own code: tests, test applications, examples, benchmarks."""


def _levels_by_module(tree: Tree, manifests: list[str]) -> str:
    """The Java levels the modules set themselves when they differ and the root sets none: bitcoinj's base and core
    compile for 8, its tools for 17 and only wallettemplate for 25. "" when they agree or none says."""
    levels: dict[str, list[str]] = {}
    for manifest in manifests[:40]:
        if "/" in manifest and (level := compiled_for(tree.read(manifest) or "")):
            levels.setdefault(level, []).append(manifest.rsplit("/", 1)[0].rsplit("/", 1)[-1])
    if len(levels) < 2:
        return ""
    ordered = sorted(levels.items(), key=lambda kv: float(kv[0]) if re.fullmatch(r"\d+(\.\d+)?", kv[0]) else 99)
    said = [f"{level} ({human_list(sorted(names), 3)})" for level, names in ordered]
    return f"compiles its modules for Java {human_list(said, 4)}"


def _project_build_text(tree: Tree, manifests: list[str]) -> str:
    """The build files that speak for the project: the convention plugins of buildSrc/ set the release for every
    module (mockito: `javaReleaseVersion = 11`); a test module's own toolchain (java-21-tests) does not."""
    conventions = [f for f in tree.under("buildSrc") if f.endswith((".gradle", ".gradle.kts"))][:20]
    ordered = sorted(manifests, key=lambda m: m.count("/"))[:40]  # the root build speaks first
    # caffeine's gradle/plugins/ is the included build of its convention plugins: its own toolchain (25) compiles
    # the build logic, not the project
    # avaje-inject's blackbox-aspect is a test application with a release of its own (17); the library's is 11
    wanted = [m for m in [*conventions, *ordered] if not NOT_THE_LIBRARY.search(m.split("/")[0])]
    text = "\n".join(tree.read(m) or "" for m in wanted)
    # feign's `<maven.compiler.source>${main.java.version}</maven.compiler.source>`: the property's value
    root = without_profiles(tree.read(ordered[0]) or "") if ordered else ""  # a profile's value holds only in it
    properties = dict(re.findall(r"<([\w.-]+)>\s*([\w.-]+)\s*</\1>", root))
    return re.sub(r"\$\{([\w.-]+)\}", lambda m: properties.get(m.group(1), m.group(0)), text)


def _junit_in_tests(tree: Tree) -> str | None:
    """The JUnit (or TestNG) the tests import (a build that manages JUnit 5 for one module while 131 tests import
    org.junit.Test is a JUnit 4 project): read from up to 60 test files, None when none imports either."""
    tests = [
        f for f in tree.own if re.search(r"/src/(test|commonTest|jvmTest)/", f"/{f}") and f.endswith((".java", ".kt"))
    ][:60]
    jupiter = four = testng = kotlin_test = 0
    for rel in tests:
        text = tree.read(rel) or ""
        jupiter += "org.junit.jupiter" in text
        four += bool(re.search(r"import (static )?org\.junit\.(?!jupiter|platform)", text))
        testng += "import org.testng" in text or "import static org.testng" in text
        kotlin_test += bool(re.search(r"^import kotlin\.test\.", text, re.M))
    if testng > jupiter + four:
        return "TestNG"  # failsafe's tests: @Test from org.testng, whatever JUnit the build also names
    if kotlin_test > jupiter + four:
        return "kotlin.test"  # kotlin-result's commonTest: JUnit is only the JVM target's runner under kotlin.test
    if not jupiter and not four:
        return None
    if jupiter and four and min(jupiter, four) * 5 >= max(jupiter, four):
        return "JUnit 4 and JUnit Jupiter"
    return "JUnit Jupiter" if jupiter > four else "JUnit 4"  # JUnit 5 and 6 share the org.junit.jupiter API


def _language(tree: Tree) -> str:
    """Java, Kotlin, or both in the order of their share of the source (a project mostly in Kotlin with some
    Java is "Kotlin and Java")."""
    found = {lang: share for lang, share, _ in shares(tree) if lang in ("java", "kotlin")}
    names = {"java": "Java", "kotlin": "Kotlin"}
    ordered = sorted(found, key=lambda lang: -found[lang])
    if len(ordered) == 2 and found[ordered[1]] >= 0.1 * (found[ordered[0]] + found[ordered[1]]):
        return f"{names[ordered[0]]} and {names[ordered[1]]}"
    return names[ordered[0]] if ordered else "Java"


_SERVER_PLUGIN = re.compile(r"<artifactId>\s*(spring-boot-maven-plugin|jib-maven-plugin)\s*</artifactId>")
"""A Maven module that packages a program to run (thingsboard's application/ repackages a Spring Boot jar)."""
_DISTRIBUTION_FOLDER = re.compile(r"^(dist|distribution|distro|ee-dist)/pom\.xml$")
_ASSEMBLES = re.compile(r"<artifactId>\s*(maven-assembly-plugin|[\w-]*galleon[\w-]*-plugin)\s*</artifactId>")
"""A top-level distribution module that assembles the server (Graylog's distribution/, WildFly's dist/)."""


def _distributed(tree: Tree, manifests: list[str]) -> bool:
    """A module of the Maven build packages the project as a program or a server distribution: an application,
    whatever the root pom publishes (ThingsBoard, Graylog and WildFly deploy their jars too)."""
    # WildFly's dist/ is a module of a profile, and one of 143: a distribution folder is read wherever it is listed
    for rel in dict.fromkeys([*[f for f in tree.files if _DISTRIBUTION_FOLDER.match(f)], *manifests[:60]]):
        if not rel.endswith("pom.xml") or re.search(r"(^|/)(tests?|testsuite|examples?|samples?|demos?)(/|$)", rel):
            continue
        text = without_plugin_management(tree.read(rel) or "")
        if _SERVER_PLUGIN.search(text) and _packages_a_program(tree, rel, text):
            return True
        if _DISTRIBUTION_FOLDER.match(rel) and _ASSEMBLES.search(text):
            return True
    return False


def _packages_a_program(tree: Tree, pom: str, text: str) -> bool:
    """The module's Spring Boot plugin packages a program: it names the main class or repackages the jar, or the
    module holds the application class (embabel's API module applies the plugin to a library, with none)."""
    if re.search(r"<mainClass>|<goal>\s*repackage\s*</goal>|<artifactId>\s*jib-maven-plugin", text):
        return True
    folder = pom.rsplit("/", 1)[0] + "/" if "/" in pom else ""
    named = [f for f in tree.own if f.startswith(f"{folder}src/main/") and re.search(r"Application\w*\.(java|kt)$", f)]
    return any(re.search(r"@SpringBoot(Application|Configuration)\b", tree.read(f) or "") for f in named[:20])


def _role(tree: Tree, root: str, manifests: list[str], kinds: dict[str, list[str]]) -> str:
    """An Android app (a module applies the application plugin), an application (the root build does, or an
    application framework is used) or a published library (the root build publishes); else unsaid."""
    # an Android test app among the integration tests does not make the library an Android application
    modules = "\n".join(tree.read(m) or "" for m in manifests[:40] if m != root and not re.search(r"tests?\b", m))
    if re.search(r"android\.application\b(?!\S*\)?\s*apply false)", modules):
        return "an Android application"
    text = _applied(tree.read(root) or "")
    default_build = re.sub(r"<profiles>.*?</profiles>", "", text, flags=re.DOTALL)  # json-schema-validator's JMH jar
    frameworks = {"Spring Boot", "Quarkus", "Micronaut", "Ktor"} & set(kinds.get("framework", []))
    if len(manifests) > 2 and not _APPLICATION.search(modules):
        frameworks = set()  # resilience4j's spring-boot3 and micronaut modules integrate with them: no app runs
    if _APPLICATION.search(default_build) or frameworks or _distributed(tree, manifests):
        return "an application"
    published = bool(_PUBLISHED.search(text))
    # depgraph-maven-plugin: goals other builds run, not a library's API
    if re.search(r"<packaging>\s*maven-plugin\s*</packaging>", default_build):
        return "a Maven plugin (published)" if published else "a Maven plugin"
    return "a library (published)" if published else ""


def _source_sets(tree: Tree, modules: list[str], only_modules: bool = True) -> str:
    """Where sources and tests live: the Maven/Gradle standard layout (src/main/<lang>, src/test/<lang>), in the
    root and the build's modules (pf4j's Kotlin plugin in demo/gradle/ is no module of its Maven build)."""
    found: dict[str, set[str]] = {"main": set(), "test": set()}
    folders = {m.replace(":", "/") for m in modules}  # Gradle's `samples:copy` is the folder samples/copy
    for f in tree.files:
        # jjwt's tests are Groovy; clikt's Kotlin Multiplatform modules keep src/commonMain/kotlin, src/jvmTest/kotlin
        m = re.search(r"(?:^|/)src/(main|test|[a-z]\w*Main|[a-z]\w*Test)/(java|kotlin|groovy|scala)/", f)
        home = f[: m.start()].lstrip("/") if m else ""
        if m and only_modules and home and modules and home not in folders:
            continue
        if m:
            found["test" if m.group(1).lower().endswith("test") else "main"].add(f"src/{m.group(1)}/{m.group(2)}")
    if not found["main"]:  # module names that are not their folders: every source set counts
        return _source_sets(tree, modules, only_modules=False) if only_modules and modules else ""
    where = "modules keep sources" if modules else "sources"
    text = f"{where} in {' and '.join(sorted(found['main']))}"
    return text + (f", tests in {' and '.join(sorted(found['test']))}" if found["test"] else "")


def _gradle_modules(tree: Tree) -> tuple[list[str], list[str]]:
    """The modules settings.gradle includes, and the build files: `build.gradle`, or one named like its module's
    folder (JavaHamcrest's hamcrest/hamcrest.gradle)."""
    modules = included_modules(tree)
    named = tuple(f"{m}/{m.rsplit('/', 1)[-1]}.gradle{kts}" for m in modules for kts in ("", ".kts"))
    return modules, [f for f in tree.files if f.endswith(("build.gradle", "build.gradle.kts")) or f in named]


def _ci_builds_with_maven(tree: Tree) -> bool:
    """With both builds checked in, CI's workflows run Maven and never Gradle: Maven is the build."""
    texts = " ".join(tree.read(f) or "" for f in tree.under(".github/workflows") if f.endswith((".yml", ".yaml")))
    return bool(re.search(r"(?<![\w-])(\./)?mvnw?\s", texts)) and not re.search(r"(?<![\w-])(\./)?gradlew?\b", texts)


def _no_maven_sources(tree: Tree, pom: str) -> bool:
    """A single-module pom whose source and test folders (its `<sourceDirectory>`, else src/main and src/test) hold
    no file: it builds nothing."""
    pom = re.sub(r"<!--.*?-->", "", pom, flags=re.DOTALL)
    if re.search(r"<packaging>\s*pom\s*</packaging>", pom):
        return False
    named = re.findall(r"<(?:testS|s)ourceDirectory>\s*([^<$\s]+)\s*</", pom)
    folders = [f.strip("/").removeprefix("./") for f in named] or ["src/main", "src/test"]
    return not any(tree.under(folder) for folder in folders) and not tree.under("src")


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    gradle = tree.first("build.gradle.kts", "build.gradle", "settings.gradle.kts", "settings.gradle")
    maven = tree.first("pom.xml")
    if not gradle and not maven:
        return k
    if gradle and maven and _ci_builds_with_maven(tree):
        gradle = None  # JSON-java keeps an old Gradle wrapper beside its pom.xml; CI and releases use Maven
    if gradle:
        tool = "Gradle"
        wrapper = "./gradlew" if tree.has("gradlew") else "gradle"
        modules, manifests = _gradle_modules(tree)
    else:
        tool = "Maven"
        wrapper = maven_command(tree)
        default, profiled = maven_modules(tree)
        modules = [*default, *profiled]
        if not modules and _no_maven_sources(tree, tree.read("pom.xml") or ""):
            return k  # rsyslog's pom.xml names a java/ source folder the checkout lacks: a stub, no JVM build
        manifests = [f for f in tree.files if f.endswith("pom.xml") and not in_unbuilt_folder(tree, f)]
    manifests = [m for m in manifests if not is_auxiliary(m)]  # a sample app's build is not the project's
    lang = _language(tree)
    details = [f"build tool {tool} ({wrapper}){' with the Kotlin DSL' if (gradle or '').endswith('.kts') else ''}"]
    main_text = _project_build_text(tree, manifests)
    # metrics' root pom compiles for 8; only its Jetty 12 modules, behind a profile, set maven.compiler.release 17
    root = sorted(manifests, key=lambda m: m.count("/"))[:1]
    if version := compiled_for(_project_build_text(tree, root)):
        details.append(f"compiles for Java {version}")
    elif per_module := _levels_by_module(tree, manifests):
        details.append(per_module)
    elif version := compiled_for(main_text):
        details.append(f"compiles for Java {version}")
    if api := api_kept_to(tree, main_text):
        details.append(api)
    kinds = _found(_applied(main_text))
    if junit := _junit_in_tests(tree):
        kinds["test"] = [junit, *(t for t in kinds.get("test", []) if not t.startswith(("JUnit", "TestNG")))]
    _only_what_the_code_uses(tree, kinds)
    shared = [f for d in CONVENTION_FOLDERS for f in tree.under(d)][:40]  # conventions
    root_build = "\n".join(tree.read(f) or "" for f in [gradle or "pom.xml", *shared]).lower()
    if "Dokka" in kinds.get("docs", []) and "dokka" not in root_build:  # awaitility's Kotlin module alone uses it
        kinds["docs"] = [d for d in kinds["docs"] if d != "Dokka"]
    if role := _role(tree, gradle or maven or "", manifests, kinds):
        details.append(role)
    if modules and not gradle and profiled and default:  # awaitility's kotlin, osgi-test: `-P kotlin`, `-P osgi-tests`
        details.append(f"{len(default)} module{'s' if len(default) != 1 else ''}: {human_list(default, 10)}, and "
                       f"{human_list(profiled, 6)} only with a Maven profile")  # fmt: skip
    elif modules:
        details.append(f"{len(modules)} module{'s' if len(modules) != 1 else ''}: {human_list(modules, 10)}")
    titles = {"framework": "frameworks", "test": "test tools", "database": "database", "migrations": "migrations",
              "docs": "API docs"}  # fmt: skip
    for kind, title in (*titles.items(), ("cli", "CLI")):
        if kinds.get(kind):
            details.append(f"{title}: {human_list(kinds[kind])}")
    mig = next(
        (d for d in ("src/main/resources/db/migration", "src/main/resources/db/changelog") if tree.under(d)), None
    )
    if mig:
        details.append(f"migrations in {mig}")
    # unleash-client-java's `deploy` is the default goal of its publication profile only: a bare ./mvnw has none
    pom = without_profiles(tree.read("pom.xml") or "")
    goal = re.search(r"<defaultGoal>\s*([^<]+?)\s*</defaultGoal>", pom) if maven else None
    if goal:
        details.append(f"a bare `{wrapper}` runs the default goal: {' '.join(goal.group(1).split())}")
        if not re.search(r"\b(deploy|release|site)\b", goal.group(1)):  # jOOL's `deploy` publishes: name a goal
            k.command("build", wrapper, "pom.xml <defaultGoal>", 58, "the default goal")
    if layout := _source_sets(tree, modules):
        details.append(layout)
    settings_file = tree.first("settings.gradle.kts", "settings.gradle") if gradle else None
    src = [gradle or maven or "", *([settings_file] if settings_file and settings_file != gradle else [])]
    found = shares(tree)
    main = found[0][0] if found else ""
    # ppsspp's Gradle build wraps its C++ emulator for Android: the Java code is a part, not the project
    whole = f"{lang} project" if main in ("", "java", "kotlin", "groovy", "scala") else f"{lang} part"
    k.fact("jvm/packaging", f"{lang}: {tool}", f"{whole}: " + "; ".join(details) + ".", *src)
    tested = _tested(tree, modules)
    if gradle and tested and _test_files(tree, "") > _test_files(tree, tested[0]):
        tested = ["", *tested]  # signal-cli's root project holds 5 tests, its lib module 2: one runs at the root
    elif (
        gradle
        and not tested
        and _test_files(tree, "")
        and any("/" in f and not is_auxiliary(f) for f in tree.named("build.gradle.kts", "build.gradle"))
    ):  # kotlin-jdsl's settings include its modules through a function of its own: `--tests` must name the root's
        tested = [""]
    with_siblings = tool == "Maven" and bool(tested) and depends_on_sibling(tree, tested[0])
    poms = "\n".join(tree.read(m) or "" for m in manifests[:40]) if tool == "Maven" else ""
    multiplatform = _multiplatform_jvm(tree) if gradle else ""
    _commands(k, tree, tool, wrapper, src[0], tested, kinds, with_siblings, multiplatform, poms)
    jvm_benchmarks(k, tree, wrapper, bool(gradle), modules)
    if tool == "Maven":
        _maven_formatters(k, tree, wrapper, manifests)
    return k


FORMAT_GOALS = (
    ("formatter-maven-plugin", "formatter:format"),
    ("impsort-maven-plugin", "impsort:sort"),
    ("git-code-format-maven-plugin", "git-code-format:format-code"),  # tablesaw's google-java-format
    ("fmt-maven-plugin", "com.spotify.fmt:fmt-maven-plugin:format"),
    ("spring-javaformat-maven-plugin", "spring-javaformat:apply"),  # spring-shell's validate goal fails the build
)
"""Maven plugins that rewrite the sources, and the goal that runs each (Spotless is read in tasks.py)."""
CHECK_GOALS = (
    ("git-code-format-maven-plugin", "git-code-format:validate-code-format"),
    ("fmt-maven-plugin", "com.spotify.fmt:fmt-maven-plugin:check"),
    ("spring-javaformat-maven-plugin", "spring-javaformat:validate"),
)
"""The goals of those plugins that check the format and change nothing."""
HOOK_FOLDERS = ("hooks", ".githooks", ".husky", "scripts", "tools")


def _maven_formatters(k: Knowledge, tree: Tree, wrapper: str, manifests: list[str]) -> None:
    """The formatter goals the poms configure (formatter-maven-plugin, impsort), else those a script or git hook the
    repository keeps runs (mybatis' hooks/pre-commit.sh: `mvn formatter:format impsort:sort`, its parent pom
    configures the plugins)."""
    poms = "\n".join(tree.read(m) or "" for m in sorted(manifests, key=lambda m: m.count("/"))[:40])
    poms = re.sub(r"<!--.*?-->", "", poms, flags=re.DOTALL)
    goals = [goal for plugin, goal in FORMAT_GOALS if re.search(rf"<artifactId>\s*{plugin}\s*</artifactId>", poms)]
    if goals:
        plugins = ", ".join(plugin for plugin, goal in FORMAT_GOALS if goal in goals)
        # junixsocket's poms sort imports only: its formatter runs from a parent pom's profile, not named here
        note = "sorts the imports only" if goals == ["impsort:sort"] else ""
        k.command("format", f"{wrapper} {' '.join(goals)}", f"pom.xml ({plugins})", 30, note)
        for plugin, goal in CHECK_GOALS:
            if re.search(rf"<artifactId>\s*{plugin}\s*</artifactId>", poms):
                k.command("lint", f"{wrapper} {goal}", f"pom.xml ({plugin})", 30, "checks the format, changes nothing")
        return
    scripts = [f for folder in HOOK_FOLDERS for f in tree.under(folder) if not f.endswith((".java", ".md"))][:40]
    for rel in scripts:
        ran = re.search(
            r"(?<![\w/-])(?:\./)?mvnw? ((?:(?:formatter:format|impsort:sort|spotless:apply)\s*)+)", tree.read(rel) or ""
        )
        if ran:
            k.command("format", f"{wrapper} {ran.group(1).strip()}", rel, 30)
            return


def _test_files(tree: Tree, folder: str) -> int:
    """The files of a module's test source sets: src/test/, or Kotlin Multiplatform's src/commonTest/, jvmTest/…"""
    src = f"{folder}/src" if folder else "src"
    return sum(1 for f in tree.under(src) if re.match(r"[^/]*[tT]est/", f[len(src) + 1 :]))


MULTIPLATFORM = re.compile(
    r"""(kotlin\(\s*"multiplatform"\s*\)|"""
    r"""(\bid\s*\(?\s*|apply\s*\(?\s*plugin\s*[:=]\s*)["'](org\.jetbrains\.kotlin\.|kotlin-)multiplatform["']\s*\)?|"""
    r"""alias\s*\(\s*libs\.plugins\.[\w.]*kotlin[\w.]*multiplatform\s*\))"""
    r"""(?![^\n]*apply\s*\(?\s*false)""",
    re.IGNORECASE,
)
"""A build file that applies the Kotlin Multiplatform plugin (the root's `apply(false)` only declares it): by id,
by its old id (Decompose's `id("kotlin-multiplatform")`), the Groovy way (mosaic's `apply plugin:
'org.jetbrains.kotlin.multiplatform'`) or from the version catalog (`alias(libs.plugins.kotlin.multiplatform)`)."""


def _multiplatform_jvm(tree: Tree) -> str:
    """The test task of a Kotlin Multiplatform build, which has no `test` task: `jvmTest` where the JVM target's
    tests sit in src/jvmTest or src/commonTest, else `allTests` (kotlinx-io keeps them in core/common/test/);
    "" for any other build."""
    builds = [f for f in tree.named("build.gradle.kts", "build.gradle") if not is_auxiliary(f)][:40]
    applied = any(MULTIPLATFORM.search(tree.read(f) or "") for f in [*builds, *_conventions_applied(tree, builds)])
    if not applied and not _common_source_sets(tree, builds):
        return ""
    return "jvmTest" if any(re.search(r"(^|/)src/(jvmTest|commonTest)/", f) for f in tree.files) else "allTests"


def _common_source_sets(tree: Tree, builds: list[str]) -> bool:
    """Modules with src/commonMain/ are Kotlin Multiplatform whatever applies the plugin: bignum names it through a
    buildSrc constant (`kotlin(PluginsDeps.multiplatform)`), Kodein through its own published convention plugin."""
    homes = {b.rsplit("/", 1)[0] + "/" if "/" in b else "" for b in builds}
    if not any(tree.under(f"{home}src/commonMain") for home in homes):
        return False
    # most tests in the multiplatform source sets: mihon's commonMain modules have none, its Android app's src/test
    # has them all, and `testDebugUnitTest` runs them
    common = sum(1 for f in tree.files if re.search(r"(^|/)src/(commonTest|jvmTest)/", f))
    return common > sum(1 for f in tree.files if re.search(r"(^|/)src/test/", f))


CONVENTION_FOLDERS = ("buildSrc", "build-logic", "gradle/plugins")
"""Where a Gradle build keeps its precompiled convention plugins (`plugins { id("kotlin-conventions") }`)."""


def _conventions_applied(tree: Tree, builds: list[str]) -> list[str]:
    """The precompiled convention scripts the modules' build files apply by id, and those they apply in turn:
    kotlin-result's modules apply buildSrc's kotlin-conventions.gradle.kts, where Kotlin Multiplatform is applied;
    multiplatform-settings' standard-configuration applies standard-configuration-without-android, which applies it.
    The folders are the usual ones and any the settings include as a build (`includeBuild("convention-plugins")`)."""
    settings = tree.read(tree.first("settings.gradle.kts", "settings.gradle") or "") or ""
    folders = [*CONVENTION_FOLDERS, *re.findall(r"""includeBuild\s*\(?\s*["']([\w./-]+)["']""", settings)]
    scripts = [f for d in dict.fromkeys(folders) for f in tree.under(d) if f.endswith((".gradle.kts", ".gradle"))]
    found: list[str] = []
    applied = "\n".join(tree.read(f) or "" for f in builds)
    for _ in range(3):  # a chain of conventions is short
        more = [
            f
            for f in scripts[:60]
            if f not in found
            and (name := re.sub(r"\.gradle(\.kts)?$", "", f.rsplit("/", 1)[-1])) not in ("build", "settings")
            and re.search(rf"""(id\s*\(?\s*["']{re.escape(name)}["']|`{re.escape(name)}`)""", applied)
        ]
        if not more:
            break
        found += more
        applied = "\n".join(tree.read(f) or "" for f in more)
    return found


TEST_TASK = re.compile(
    r"""register(?:<Test>)?\(\s*["'](\w+)["'](?:\s*,\s*Test::class)?|task\s+(\w+)\s*\(\s*type:\s*Test\b"""
)
"""A Test task a build file registers of its own (`tasks.register("integrationTest", Test::class)`)."""


def _own_test_task(tree: Tree, module: str) -> str | None:
    """The module's own Test task whose source set (src/<task>/) holds more test files than src/test/."""
    build = tree.first(*(f"{module}/{b}" if module else b for b in ("build.gradle.kts", "build.gradle")))
    text = tree.read(build) or "" if build else ""
    names = [a or b for a, b in TEST_TASK.findall(text) if (a or b) != "test"]
    prefix = f"{module}/src" if module else "src"
    count = {n: len(tree.under(f"{prefix}/{n}")) for n in names}
    own = max(count, key=lambda n: count[n], default=None)
    return own if own and count[own] > len(tree.under(f"{prefix}/test")) else None


def _tested(tree: Tree, modules: list[str]) -> list[str]:
    """The modules that have tests (src/test) first, the most tested first: "run one test" in a module without any
    selects nothing, and jline's native module holds 2 of its 161 test classes. When no module has a standard test
    folder the layout is the build's own, and the order is left as it is."""
    counts = {m: _test_files(tree, m.replace(":", "/")) for m in modules}
    with_tests = sorted((m for m in modules if counts[m]), key=lambda m: -counts[m])
    return with_tests + [m for m in modules if m not in with_tests]


JUNIT_PLATFORM_PLUGIN = re.compile(
    r"<artifactId>\s*junit-platform-maven-plugin\s*</artifactId>(?:(?!</plugin>).)*<extensions>\s*true", re.DOTALL
)
"""A pom where junit-platform-maven-plugin, as an extension, takes over the test phase from Surefire."""


def _declares_a_test(tree: Tree) -> bool:
    """A source of a test source set declares a test. bytecode-viewer's src/test/java holds one Swing demo with a
    main() and its pom no test framework: `mvn test` runs nothing."""
    sources = [f for f in tree.files if TEST_SOURCE_SET.search(f) and f.endswith((".java", ".kt", ".groovy"))]
    if any(JVM_TEST_NAME.search(f) for f in tree.files):
        return True  # named as a test: its framework may come from a parent pom outside the checkout
    return any(DECLARES_JVM_TEST.search(tree.read(f) or "") for f in sources[:SAMPLED_TEST_SOURCES])


SAMPLED_TEST_SOURCES = 50
"""Test sources read for a declared test: one is enough, and a large suite declares them everywhere."""
TEST_SOURCE_SET = re.compile(r"(^|/)src/\w*[tT]est\w*/|(^|/)src/it/")
"""A Gradle or Maven test source set: src/test/, androidTest/, jvmTest/, integrationTest/, Maven's src/it/."""
JVM_TEST_NAME = re.compile(r"(^|/)\w+(Test|Tests|Spec|IT)\.(java|kt|groovy|scala)$")
"""A test class in a layout of the build's own (kotlinx-io's core/common/test/BufferTest.kt)."""


def _commands(
    k: Knowledge,
    tree: Tree,
    tool: str,
    wrapper: str,
    manifest: str,
    modules: list[str],
    kinds: dict,
    with_siblings: bool,
    multiplatform: str = "",
    poms: str = "",
) -> None:
    """Build, test, one test (in the first module of a multi-module build), Spring Boot's run, Flyway. A Maven
    module that depends on a sibling is tested with the siblings it needs (`-am`), which have no such test.
    A build without a test source set anywhere (gdx-liftoff's) has no test to run: `test` passes on nothing."""
    before = len(k.commands)
    if tool == "Gradle":
        # clikt's modules are Kotlin Multiplatform: `test` runs none of their tests, `jvmTest` runs them on the JVM
        test = multiplatform or "test"
        notes = {"jvmTest": "Kotlin Multiplatform: the JVM target's tests; `check` runs every target's",
                 "allTests": "Kotlin Multiplatform: every target's tests"}  # fmt: skip
        note = notes.get(multiplatform, "")
        k.command("build", f"{wrapper} build", manifest, 60)
        suite = _own_test_task(tree, modules[0] if modules else "") if not multiplatform else None
        sets = {m.group(1) for f in tree.files if (m := re.search(r"(?:^|/)src/(\w*[tT]est\w*)/", f))}
        sets -= {"androidTest", "androidInstrumentedTest", "androidDeviceTest", "testFixtures"}  # no `check` runs
        elsewhere = not multiplatform and not suite and bool(sets) and "test" not in sets
        if elsewhere:
            # jspecify has no src/test/: its JUnit tests are in src/integrationTest/, whose tasks a script it applies
            # wires into `check`; `test` passes on nothing
            other = sorted(sets)[0]
            k.command("test", f"{wrapper} check", manifest, 59, f"no src/test/: `check` runs the {other} tests")
            k.command("test-one", f"{wrapper} {other} --tests '<Class>'", manifest, 59)
        if suite:  # gradle-maven-publish-plugin's plugin tests are its integrationTest task's: `test` runs 3 of 9
            said = f"most tests are in src/{suite}/, which only `{suite}` runs"
            k.command("test", f"{wrapper} test {suite}", manifest, 59, said)
        if not elsewhere:
            k.command("test", f"{wrapper} {test}", manifest, 60, note)
        # wiremock's module wiremock-url/wiremock-url is the project `:wiremock-url:wiremock-url`
        test = suite or test
        home = f"{modules[0]}/" if modules else ""
        if test == "jvmTest" and not any(
            re.match(rf"{re.escape(home)}src/(jvmTest|commonTest)/", f) for f in tree.files
        ):
            test = "test"  # kotlin-inject's compiler tests are a plain JVM module of a multiplatform build
        plain = test == "test"
        if test == "test" and modules and (variant := unit_test_task(tree, modules[0])):
            test = variant  # SeriesGuide's :app:test aggregates every variant and takes no --tests
        task = gradle_task(tree, modules[0], test) if modules else test
        # a class of src/test/ only where `test` (or its variant) runs them, not a suite's own folder
        named = (jvm_test_class(tree, modules[0] if modules else "") if plain else "") or "'<Class>'"
        if test != "allTests" and not elsewhere:  # an aggregate of every target's test tasks takes no --tests
            k.command("test-one", f"{wrapper} {task} --tests {named}", manifest, 60)
        if "Spring Boot" in kinds.get("framework", []) and _boot_application(tree):
            k.command("run", f"{wrapper} bootRun", manifest, 60)
        elif "Spring Boot" not in kinds.get("framework", []):
            application_run(tree, k, wrapper, 60)
    else:
        k.command("build", f"{wrapper} -q package", "pom.xml", 60)
        k.command("test", f"{wrapper} test", "pom.xml", 60)
        named = jvm_test_class(tree, modules[0] if modules else "") or "<Class>"
        one = f"{wrapper} test -Dtest={named}"
        if JUNIT_PLATFORM_PLUGIN.search(poms):
            # oshi's junit-platform-maven-plugin replaces Surefire in the test phase: -Dtest selects nothing there
            module = f" -pl {modules[0]} -am" if modules else ""
            k.command("test-one", f"{wrapper}{module} test", "pom.xml", 60,
                      "junit-platform-maven-plugin runs the tests, not Surefire, so -Dtest selects nothing; "
                      "one module's tests are the narrowest run")  # fmt: skip
        elif modules and with_siblings:
            one = f"{wrapper} -pl {modules[0]} -am test -Dtest={named} -Dsurefire.failIfNoSpecifiedTests=false"
        elif modules:
            one = f"{wrapper} -pl {modules[0]} test -Dtest={named}"
        if not JUNIT_PLATFORM_PLUGIN.search(poms):
            k.command("test-one", one, "pom.xml", 60)
        if "Spring Boot" in kinds.get("framework", []):
            _spring_boot_run(tree, k, wrapper)
    if not any(TEST_SOURCE_SET.search(f) or JVM_TEST_NAME.search(f) for f in tree.files) or (
        tool == "Maven" and not kinds.get("test") and not _declares_a_test(tree)
    ):
        k.commands[before:] = [c for c in k.commands[before:] if c.role not in ("test", "test-one")]
    if "Flyway" in kinds.get("migrations", []):
        k.command("migrate", f"{wrapper} flyway{'Migrate' if tool == 'Gradle' else ':migrate'}", manifest, 60)
