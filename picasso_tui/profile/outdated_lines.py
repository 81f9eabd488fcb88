"""Lines of a contributor guide written for a tree that is gone: they send the reader to a folder the repository
does not have, or run a tox environment its tox.ini no longer declares."""

from __future__ import annotations

import re

from picasso_tui.profile import recipes
from picasso_tui.profile.ci_appveyor import FILES as APPVEYOR_FILES
from picasso_tui.profile.summary_versions import below_minimum
from picasso_tui.profile.tasks import unknown_tox_env
from picasso_tui.profile.walk import Tree

_FOLDER_NAMED = re.compile(r"\b(?:the|in|under) `?([A-Za-z][\w.-]*)/?`? (?:directory|folder)\b")


def missing_folder(tree: Tree, line: str) -> bool:
    """mail's "Check the Reference RFCs, they are in the References directory": no References/ anywhere."""
    named = [n.lower() for n in _FOLDER_NAMED.findall(line) if n.lower() not in ("root", "same", "project", "current")]
    if not named:
        return False
    folders = {part.lower() for rel in tree.files for part in rel.split("/")[:-1]}
    return any(n not in folders for n in named)


_FILE_NAMED = re.compile(r"`([A-Za-z_][\w.-]*(?:/[\w.-]+)+\.[A-Za-z]{1,5})`")
"""A relative file path in backticks, with a folder and an extension (`tests/api.rs`)."""


def missing_file(tree: Tree, line: str) -> bool:
    """rustls-native-certs' guide, copied from rustls: "API-level tests (see `tests/api.rs`)", where tests/ holds no
    api.rs: a file in one of the repository's own folders that is not there."""
    for path in _FILE_NAMED.findall(line):
        if (tree.root / path.split("/")[0]).is_dir() and not (tree.root / path).exists():
            return True
    return False


_CONFIG_NAMED = re.compile(r"(?<![\w/.-])([\w.-]+)\.(yml|yaml)\b")


def renamed_config(tree: Tree, line: str) -> bool:
    """validators' guide says `mkdocs.yml`; the repository has `mkdocs.yaml`: a line from before the rename."""
    for stem, ext in _CONFIG_NAMED.findall(line):
        other = "yaml" if ext == "yml" else "yml"
        if not tree.has(f"{stem}.{ext}") and tree.has(f"{stem}.{other}"):
            return True
    return False


_TASK_NAMED = re.compile(r"`((?:bundle exec )?rake [a-z][\w:-]*|(?:npm|yarn|pnpm) run [\w:.-]+|make [\w-]+)`")
"""A rake task, a package.json script or a make target a guide line names in backticks."""


def missing_command(tree: Tree, line: str) -> bool:
    """multi_xml's guide: "Run `bundle exec rake spec`", and its Rakefile has no spec task; luxon's: "You can run
    `npm run docs`", and its package.json has no docs script: the step fails."""
    return any(recipes.missing(tree, c) for c in _TASK_NAMED.findall(line))


_PROJECT_FILE = re.compile(
    r"(?<![\w/~.-])(docker-compose\.ya?ml|compose\.ya?ml|Dockerfile|Vagrantfile|Gemfile(?:\.(?!lock\b)[\w.-]+)?|[\w-]+\.gemspec|"
    r"tox\.ini|setup\.py|setup\.cfg|pyproject\.toml|noxfile\.py|requirements[\w-]*\.txt|package\.json|Cargo\.toml|"
    r"go\.mod|composer\.json|pom\.xml|build\.gradle(?:\.kts)?|CMakeLists\.txt|Rakefile|[Jj]ustfile|GNUmakefile)(?![\w-]|\.\w)"
)
"""A file a project keeps at its root or in its packages: a line naming one the tree lacks describes another tree."""
_MAKES_IT = re.compile(r"\b(creat\w*|generat\w*|writ\w*|cop(y|ies|ied)|renam\w*|add\w*|new|your own|touch)\b", re.I)


def missing_project_file(tree: Tree, line: str) -> bool:
    """rector's guide: "A docker-compose.yml file is provided", and there is none: the line is from before its removal.
    A line that tells the reader to create, copy or add the file is left alone; a lock file (`Gemfile.lock`) is not
    a project file, since a library often leaves it uncommitted on purpose."""
    named = {m.group(1).rstrip(".") for m in _PROJECT_FILE.finditer(line)}
    if not named or _MAKES_IT.search(line):
        return False
    return any(not tree.named(name) for name in named)


_CI_SERVICES = (
    (re.compile(r"\btravis(?:[- ]?ci)?\b|\.travis\.yml\b", re.I), (".travis.yml",)),
    (re.compile(r"\bappveyor\b", re.I), APPVEYOR_FILES),
    (re.compile(r"\bcircle ?ci\b", re.I), (".circleci",)),
)
"""A hosted CI service and the config file that shows the repository still uses it."""


def retired_ci(tree: Tree, line: str) -> bool:
    """redcarpet's guide: "the supported Ruby versions listed in .travis.yml", where CI moved to GitHub Actions and
    .travis.yml is gone: a line about a CI service the repository no longer configures."""
    return any(
        named.search(line) and not any(tree.has(c) or tree.under(c) for c in configs) for named, configs in _CI_SERVICES
    )


def retired_maven(tree: Tree, line: str) -> bool:
    """diktat's guide: "run `mvn clean install`", though the build moved to Gradle and no pom.xml is left at the
    root: the command fails."""
    return (
        bool(re.search(r"`(\./)?mvnw? ", line))
        and not tree.has("pom.xml")
        and bool(tree.first("build.gradle.kts", "build.gradle"))
    )


def outdated(tree: Tree, line: str) -> bool:
    return (
        missing_folder(tree, line)
        or unknown_tox_env(tree, line)
        or renamed_config(tree, line)
        or missing_command(tree, line)
        or missing_file(tree, line)
        or below_minimum(tree, line)
        or retired_ci(tree, line)
        or missing_project_file(tree, line)
        or retired_maven(tree, line)
    )
