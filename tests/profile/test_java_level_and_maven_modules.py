"""Causes found on set 36's run (issue 17): a Java level read from a Maven profile, the API an animal-sniffer
signature holds the code to, and one-module commands of a Maven reactor whose modules depend on each other."""

from __future__ import annotations

from tests.profile.learned import bodies

JAVA = "package p;\npublic class {0} {{ int a; int b; }}\n"
SNIFFER = """<plugin><groupId>org.codehaus.mojo</groupId><artifactId>animal-sniffer-maven-plugin</artifactId>
<configuration><signature><groupId>org.codehaus.mojo.signature</groupId><artifactId>java15</artifactId>
<version>1.0</version></signature></configuration>
<executions><execution><phase>test</phase><goals><goal>check</goal></goals></execution></executions></plugin>"""
JAVA9_PROFILE = """<profiles><profile><id>java9</id><activation><jdk>[1.9,)</jdk></activation><properties>
<maven.compiler.source>1.6</maven.compiler.source><maven.compiler.target>1.6</maven.compiler.target>
</properties></profile></profiles>"""


def _single(build: str) -> dict[str, str]:
    return {
        "pom.xml": f"<project><groupId>g</groupId><artifactId>lib</artifactId>{build}</project>",
        "src/main/java/p/Lib.java": JAVA.format("Lib"), "src/test/java/p/LibTest.java": JAVA.format("LibTest"),
    }  # fmt: skip


def test_a_profiles_java_level_is_not_the_projects_and_a_signature_states_the_api(make_project):
    packaging = bodies(make_project, _single(f"<build><plugins>{SNIFFER}</plugins></build>{JAVA9_PROFILE}"))
    assert "compiles for Java 6" not in packaging["jvm/packaging"]
    assert "must keep to the Java 5 API (animal-sniffer, java15 signature)" in packaging["jvm/packaging"]


def test_a_level_only_a_profile_sets_is_left_unsaid(make_project):
    packaging = bodies(make_project, _single(JAVA9_PROFILE))["jvm/packaging"]
    assert "compiles for" not in packaging and "must keep to" not in packaging
    properties = "<properties><java.version>1.7</java.version><maven.compiler.source>${java.version}"
    properties += "</maven.compiler.source></properties>"
    profile = "<profiles><profile><properties><java.version>11</java.version></properties></profile></profiles>"
    packaging = bodies(make_project, _single(properties + profile), name="defaulted")
    assert "compiles for Java 7" in packaging["jvm/packaging"], "a profile's property does not override the default"


def test_a_signature_no_build_applies_says_nothing_and_gradles_coordinates_count(make_project):
    unused = f"<build><pluginManagement><plugins>{SNIFFER}</plugins></pluginManagement></build>"
    assert "must keep to" not in bodies(make_project, _single(unused))["jvm/packaging"]
    gradle = (
        "plugins {\n  id 'java'\n  id 'ru.vyarus.animalsniffer' version '1.7.1'\n}\n"
        "dependencies {\n  signature 'org.codehaus.mojo.signature:java16:1.0@signature'\n"
        "  signature 'net.sf.androidscents.signature:android-api-level-14:4.0_r4@signature'\n}\n"
    )
    files = {"build.gradle": gradle, "src/main/java/p/Lib.java": JAVA.format("Lib")}
    packaging = bodies(make_project, files, name="gradle")["jvm/packaging"]
    assert "must keep to the Java 6 API and Android API level 14 (animal-sniffer, java16 and android-api-level-14" in (
        packaging
    )


def _reactor(depends: bool) -> dict[str, str]:
    javadoc = "<build><plugins><plugin><artifactId>maven-javadoc-plugin</artifactId></plugin></plugins></build>"
    root = (
        "<project><groupId>org.x</groupId><artifactId>x-parent</artifactId><packaging>pom</packaging>"
        f"<modules><module>x-core</module><module>x-api</module></modules>{javadoc}</project>"
    )
    parent = "<parent><groupId>org.x</groupId><artifactId>x-parent</artifactId></parent>"
    needs = "<dependency><groupId>${project.groupId}</groupId><artifactId>x-api</artifactId></dependency>"
    core = (
        f"<project>{parent}<artifactId>x-core</artifactId><dependencies>{needs if depends else ''}"
        "<dependency><groupId>junit</groupId><artifactId>junit</artifactId></dependency></dependencies></project>"
    )
    return {
        "pom.xml": root, "x-core/pom.xml": core, "x-api/pom.xml": f"<project>{parent}<artifactId>x-api</artifactId></project>",
        "x-core/src/main/java/p/Core.java": JAVA.format("Core"), "x-core/src/test/java/p/CoreTest.java": JAVA.format("CoreTest"),
        "x-api/src/main/java/p/Api.java": JAVA.format("Api"),
    }  # fmt: skip


def test_a_module_that_depends_on_a_sibling_builds_it_for_one_test_and_the_docs_aggregate(make_project):
    learned = bodies(make_project, _reactor(depends=True))
    assert (
        "`mvn -pl x-core -am test -Dtest=<Class> -Dsurefire.failIfNoSpecifiedTests=false`"
        in (learned["workflow/test-one"])
    )
    assert "`mvn javadoc:aggregate`" in learned["workflow/docs"]


def test_independent_modules_keep_the_plain_one_module_commands(make_project):
    learned = bodies(make_project, _reactor(depends=False))
    assert "`mvn -pl x-core test -Dtest=<Class>`" in learned["workflow/test-one"]
    assert "`mvn javadoc:javadoc`" in learned["workflow/docs"]
