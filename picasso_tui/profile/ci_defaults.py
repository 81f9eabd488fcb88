"""What Travis CI runs when its config sets no `script:`: the language's default test command (Travis CI's docs),
worked out from the files the project has, with the versions the config lists for that language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from picasso_tui.profile.findings import human_list
from picasso_tui.profile.walk import Tree

VERSION_KEYS = {"java": "jdk", "node_js": "node_js", "ruby": "rvm", "go": "go"}
"""The key a Travis config lists its language's versions under; each value is a job of its own."""


@dataclass(frozen=True)
class DefaultScript:
    command: str
    project: str
    """What kind of project the default is chosen for ("a Java project with a Maven wrapper")."""
    versions: tuple[str, ...]
    key: str
    more_jobs: int
    """Jobs `matrix: include:` (or `jobs: include:`) adds, which run the default too."""

    def phrase(self) -> str:
        text = f"sets no `script:`, so Travis CI runs its default for {self.project}, `{self.command}`"
        if self.versions:
            text += f", on {self.key} {human_list(list(self.versions))}"
        if self.more_jobs:
            text += f", plus {self.more_jobs} job{'s' if self.more_jobs > 1 else ''} `include:` adds"
        return text


def _java(tree: Tree) -> tuple[str, str] | None:
    """Gradle when the root has a build.gradle, else Maven when it has a pom.xml, else Ant's build.xml; the
    wrapper script when the checkout has one."""
    if tree.first("build.gradle", "build.gradle.kts"):
        return ("./gradlew check", "a Java project with a Gradle wrapper") if tree.has("gradlew") else (
            "gradle check", "a Java project built with Gradle")  # fmt: skip
    if tree.has("pom.xml"):
        return ("./mvnw test -B", "a Java project with a Maven wrapper") if tree.has("mvnw") else (
            "mvn test -B", "a Java project built with Maven")  # fmt: skip
    return ("ant test", "a Java project built with Ant") if tree.has("build.xml") else None


def _default(language: str, tree: Tree) -> tuple[str, str] | None:
    if language in ("java", "jvm"):
        return _java(tree)
    if language == "ruby":
        return ("bundle exec rake", "a Ruby project with a Gemfile") if tree.first("Gemfile", "gems.rb") else (
            "rake", "a Ruby project")  # fmt: skip
    if language == "node_js" and tree.has("package.json"):
        return ("yarn test", "a Node.js project with a yarn.lock") if tree.has("yarn.lock") else (
            "npm test", "a Node.js project")  # fmt: skip
    if language == "go":
        if tree.first("GNUmakefile", "Makefile", "makefile"):
            return "make", "a Go project with a Makefile"
        return "go test -v ./...", "a Go project"
    return None  # Python and most others require a `script:`; the rest's defaults say little


def travis_default(data: dict[Any, Any], tree: Tree) -> DefaultScript | None:
    """The default script a Travis config runs: it names its language, sets no top-level `script:`, and no job of
    `include:` sets one of its own (such a config may run only those jobs)."""
    language = str(data.get("language") or "").strip().lower()
    jobs = data.get("jobs") or data.get("matrix")
    include = jobs.get("include") if isinstance(jobs, dict) else None
    include = [j for j in include if isinstance(j, dict)] if isinstance(include, list) else []
    if "script" in data or any("script" in j for j in include):
        return None
    found = _default(language, tree)
    if not found:
        return None
    key = VERSION_KEYS.get("java" if language == "jvm" else language, "")
    listed = data.get(key) if key else None
    listed = listed if isinstance(listed, list) else [listed] if isinstance(listed, str | int | float) else []
    versions = tuple(str(v) for v in listed if isinstance(v, str | int | float))
    return DefaultScript(found[0], found[1], versions, key, len(include))
