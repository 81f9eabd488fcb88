"""Java / Kotlin: Maven or Gradle, modules, Spring and friends, Flyway/Liquibase migrations."""

from __future__ import annotations

import re

from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.walk import Tree

MARKERS = (
    ("spring-boot", "Spring Boot", "framework"), ("quarkus", "Quarkus", "framework"),
    ("micronaut", "Micronaut", "framework"), ("ktor", "Ktor", "framework"), ("androidx", "Android", "framework"),
    ("com.android.application", "Android", "framework"), ("junit-jupiter", "JUnit 5", "test"),
    ("junit", "JUnit", "test"), ("kotest", "Kotest", "test"), ("mockito", "Mockito", "test"),
    ("testcontainers", "Testcontainers", "test"), ("hibernate", "Hibernate", "database"),
    ("spring-boot-starter-data-jpa", "Spring Data JPA", "database"), ("exposed", "Exposed", "database"),
    ("flyway", "Flyway", "migrations"), ("liquibase", "Liquibase", "migrations"),
    ("picocli", "picocli", "cli"),
)  # fmt: skip


def _found(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    low = text.lower()
    for needle, label, kind in MARKERS:
        if needle in low and label not in out.setdefault(kind, []):
            if label == "JUnit" and "JUnit 5" in out.get("test", []):
                continue
            out[kind].append(label)
    return {k: v for k, v in out.items() if v}


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    gradle = tree.first("build.gradle.kts", "build.gradle", "settings.gradle.kts", "settings.gradle")
    maven = tree.first("pom.xml")
    if not gradle and not maven:
        return k
    if gradle:
        tool = "Gradle"
        wrapper = "./gradlew" if tree.has("gradlew") else "gradle"
        settings = tree.read(tree.first("settings.gradle.kts", "settings.gradle") or "") or ""
        includes = re.findall(r"^\s*include\b(.*)$", settings, re.MULTILINE)
        modules = [
            m.strip(":").replace(":", "/") for line in includes for m in re.findall(r"[\"']([^\"']+)[\"']", line)
        ]
        manifests = [f for f in tree.files if f.endswith(("build.gradle", "build.gradle.kts"))]
    else:
        tool = "Maven"
        wrapper = "./mvnw" if tree.has("mvnw") else "mvn"
        modules = re.findall(r"<module>([^<]+)</module>", tree.read("pom.xml") or "")
        manifests = [f for f in tree.files if f.endswith("pom.xml")]
    text = "\n".join(tree.read(m) or "" for m in manifests[:40])
    kotlin = "kotlin" in text.lower() or any(f.endswith((".kt", ".kts")) for f in tree.files)
    lang = "Kotlin" if kotlin and not any(f.endswith(".java") for f in tree.files) else "Java"
    details = [f"build tool {tool} ({wrapper})"]
    if modules:
        details.append(f"{len(modules)} module{'s' if len(modules) != 1 else ''}: {human_list(modules, 10)}")
    kinds = _found(text)
    for kind, title in (
        ("framework", "frameworks"),
        ("test", "test tools"),
        ("database", "database"),
        ("migrations", "migrations"),
        ("cli", "CLI"),
    ):
        if kinds.get(kind):
            details.append(f"{title}: {human_list(kinds[kind])}")
    mig = next(
        (d for d in ("src/main/resources/db/migration", "src/main/resources/db/changelog") if tree.under(d)), None
    )
    if mig:
        details.append(f"migrations in {mig}")
    src = [gradle or maven or ""]
    k.fact("jvm/packaging", f"{lang}: {tool}", f"{lang} project: " + "; ".join(details) + ".", *src)
    if tool == "Gradle":
        k.command("build", f"{wrapper} build", gradle or "", 60)
        k.command("test", f"{wrapper} test", gradle or "", 60)
        k.command("test-one", f"{wrapper} :{modules[0] if modules else 'app'}:test --tests '<Class>'", gradle or "", 60)
        if "Spring Boot" in kinds.get("framework", []):
            k.command("run", f"{wrapper} bootRun", gradle or "", 60)
    else:
        k.command("build", f"{wrapper} -q package", "pom.xml", 60)
        k.command("test", f"{wrapper} test", "pom.xml", 60)
        k.command(
            "test-one", f"{wrapper} -pl {modules[0] if modules else '<module>'} test -Dtest=<Class>", "pom.xml", 60
        )
        if "Spring Boot" in kinds.get("framework", []):
            k.command("run", f"{wrapper} spring-boot:run", "pom.xml", 60)
    if "Flyway" in kinds.get("migrations", []):
        k.command("migrate", f"{wrapper} flyway{'Migrate' if tool == 'Gradle' else ':migrate'}", src[0], 60)
    return k
