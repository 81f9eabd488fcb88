"""What a task-runner target or a package script runs, read from the file that defines it.

A guide's command whose role comes only from the prose around it ("Assuming snapcraft is installed: `make snap`"
under an install heading) is checked against what it runs: the role holds when one of its lines, a sub-target's
included, has that role by its own words.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from itertools import pairwise

import yaml

from picasso_tui.profile.make_targets import expanded, listed_targets, make_variables
from picasso_tui.profile.walk import Tree

DEPTH = 3
"""How far `make a` -> `make b` -> `make c` is followed: the aliases of a Makefile seldom nest deeper."""
_MAKE = re.compile(r"^(?:make|\$\(MAKE\)|\$\{MAKE\})((?:\s+-[-\w]+)*)\s+([\w.-]+)\s*$")
_TARGET = re.compile(r"^(make|just)((?:\s+-[-\w]+)*)\s+([\w.:-]+)$")
_SCRIPT = re.compile(r"^(npm|pnpm|yarn|bun)( run)? ([\w:.-]+)$")
_BUILTIN = frozenset((
    "install", "i", "add", "ci", "update", "up", "remove", "rm", "exec", "dlx", "create", "init", "publish", "link",
    "unlink", "audit", "outdated", "why", "list", "ls", "x", "pack", "rebuild", "config", "cache", "store", "import",
    "prune", "dedupe",
))  # fmt: skip
"""Package-manager commands, not scripts: `pnpm install` runs no script of package.json."""


def _make_recipe(text: str, target: str) -> list[str] | None:
    """The target's recipe lines and its prerequisites' (as sub-targets); None when the Makefile has no such target."""
    found = re.search(rf"^{re.escape(target)}\s*:(?!=)([^\n]*)\n((?:(?:\t[^\n]*|[ \t]*#[^\n]*)?\n)*)", text, re.M)
    if not found:
        return None
    # lighthouse's `build: ## Build the local Docker containers`: the words after `#` are a comment, no targets
    needs = [f"make {d}" for d in found.group(1).split("#")[0].split(";")[0].split() if re.fullmatch(r"[\w.-]+", d)]
    lines = [line.strip().lstrip("@+-").strip() for line in found.group(2).splitlines()]
    return needs + [line for line in lines if line and not line.startswith("#")]


JUST_PARAMETERS = r"""(?:\s+(?:[^:=\n'"]|=\s*(?:'[^'\n]*'|"[^"\n]*"|[^\s:'"]+))*)?"""
"""A just recipe's parameters, defaults included (utoipa's `test *crates='utoipa utoipa-gen …':`); an assignment
(`x := …`) has none, so `:=` never reads as a recipe."""


def _just_recipe(text: str, target: str) -> list[str] | None:
    found = re.search(rf"^@?{re.escape(target)}{JUST_PARAMETERS}:(?!=)[^\n]*\n((?:[ \t]+[^\n]*\n?|\n)*)", text, re.M)
    if not found:
        return None
    return [line.strip().lstrip("@-").strip() for line in found.group(1).splitlines() if line.strip()]


JUST_HEADER = re.compile(r"^@?([\w-]+)((?:\s+[^:=\s][^:\n]*?)?)\s*:(?!=)", re.MULTILINE)
"""A just recipe's header line: its name and its parameters (`test-rust *TEST_ARGS: _check`)."""


def _just_parameters(tree: Tree, folder: str) -> dict[str, list[str]]:
    """Each recipe of the folder's justfile with its parameters; {} without a justfile."""
    prefix = f"{folder}/" if folder else ""
    rel = tree.first(*(prefix + n for n in ("justfile", "Justfile", ".justfile")))
    text = (tree.read(rel) or "") if rel else ""
    return {m.group(1): m.group(2).split() for m in JUST_HEADER.finditer(text)}


def _script(tree: Tree, name: str, folder: str = "") -> list[str] | None:
    scripts = tree.read_json(f"{folder}package.json").get("scripts") or {}
    body = scripts.get(name) if isinstance(scripts, dict) else None
    return [part.strip() for part in re.split(r"&&|;|\|\|", body) if part.strip()] if isinstance(body, str) else None


def recipe_lines(tree: Tree, command: str) -> list[str] | None:
    """The lines a target or script runs, sub-targets not expanded; None when `command` names none. A command run
    in a folder (valibot's `cd library && pnpm format.check`) reads that folder's package.json or Makefile."""
    inside = re.match(r"^cd ([\w.-]+(?:/[\w.-]+)*) && (.+)$", command)
    folder, command = (
        (inside.group(1).removeprefix("./").rstrip("/") + "/", inside.group(2)) if inside else ("", command)
    )
    target = _TARGET.match(command)
    script = _SCRIPT.match(command)
    if script:
        tool, run, name = script.groups()
        # `pnpm start` and `yarn build` run the script as `run` would; npm only starts, tests, stops and restarts so
        if not run and (name in _BUILTIN or (tool == "npm" and name not in ("start", "test", "stop", "restart"))):
            return None
        return _script(tree, name, folder)
    if not target:
        return None
    runner, name = target.group(1), target.group(3)
    names = ("Makefile", "makefile", "GNUmakefile") if runner == "make" else ("justfile", "Justfile")
    rel = tree.first(*(folder + n for n in names))
    text = tree.read(rel) if rel else None
    if not text:
        return None
    return _make_recipe(text, name) if runner == "make" else _just_recipe(text, name)


_EMITS = re.compile(r"^tsc\b(?!.*--noEmit)")


def unsupported(tree: Tree, command: str, role: str, role_of: Callable[[str], str | None]) -> bool:
    """The command runs lines of its own, and none of them has `role` by its words (`role_of`): `make snap`
    runs snapcraft, which installs nothing; `make submodules` clones repositories, which builds no docs.
    What a target does itself decides; its sub-targets only when none of its own lines has a role."""
    wanted = {"test": {"test", "test-one"}}.get(role, {role})
    level = [command]
    for _ in range(DEPTH):
        own: list[str] = []
        subs: list[str] = []
        for line in level:
            for ran in recipe_lines(tree, line) or []:
                sub = _MAKE.match(ran)
                nested = recipe_lines(tree, f"make {sub.group(2)}" if sub else ran) is not None
                (subs if nested else own).append(f"make {sub.group(2)}" if sub else ran)
        # envalid's `prepare: tsc` writes dist/: a compiler that emits builds, whatever `tsc` reads as elsewhere
        roles = {"build" if role == "build" and _EMITS.match(line) else role_of(line) for line in own} - {None}
        if roles:
            return not roles & wanted
        if not subs:
            return bool(own) or level != [command]
        level = subs
    return False


PACKAGE_TOOLS = re.compile(r"^(npm run|pnpm run|yarn run|bun run|nr) (\w[\w:.-]*)(\s|$)")
"""A script named outright; a bare `yarn vitest` may run a dependency's binary instead, so it is not judged."""
TOOL_VERBS = frozenset(
    {"install", "i", "ci", "add", "remove", "rm", "exec", "dlx", "create", "init", "publish", "pack", "link",
     "audit", "outdated", "update", "up", "upgrade", "why", "list", "ls", "info", "view", "version", "help", "config",
     "cache", "rebuild", "prune", "dedupe", "x", "bin", "global", "workspace", "workspaces", "set", "node", "patch",
     "import", "store", "env", "login", "logout", "whoami", "start", "restart", "stop"}
)  # fmt: skip
"""What the package tool does itself (`yarn install`, `pnpm exec`): no script of the project is named."""
COMPOSER_VERBS = frozenset(
    {"install", "update", "require", "remove", "dump-autoload", "dumpautoload", "validate", "exec", "run-script",
     "run", "create-project", "config", "show", "outdated", "audit", "bump", "normalize", "global", "bin",
     "check-platform-reqs", "diagnose", "status", "why", "depends", "prohibits", "licenses", "fund", "archive",
     "search", "self-update", "init", "reinstall", "clear-cache", "u", "i"}
)  # fmt: skip
SOURCE_PATH = re.compile(
    r"(?:\./)?[\w.-]+(?:/[\w.-]+)+\.(py|js|mjs|cjs|ts|tsx|rb|go|rs|java|kt|php|c|cc|cpp|h|hpp|sh|toml|json|ya?ml|cfg|"
    r"ini|xml|neon|txt)"
)
OUTPUT_DIRS = ("build/", "out/", "dist/", "target/", "node_modules/", "vendor/", "_build/", "coverage/", ".tox/")


def _scripts(tree: Tree, folder: str, manifest: str) -> dict[str, object] | None:
    try:
        data = json.loads(tree.read(f"{folder}/{manifest}" if folder else manifest) or "null")
    except ValueError:
        return None
    scripts = data.get("scripts") if isinstance(data, dict) else None
    return scripts if isinstance(scripts, dict) else ({} if isinstance(data, dict) else None)


def _make_targets(text: str) -> set[str] | None:
    """The targets a hand-written Makefile defines; None when it includes others or has pattern rules."""
    if re.search(r"^-?include\s|^[^\s#]*%[^=\n]*:", text, re.MULTILINE):
        return None
    names: set[str] = set()
    for line in re.findall(r"^([^\s#:=][^:=\n]*?)\s*::?(?!=)", text, re.MULTILINE):
        names.update(line.split())
    return names | set(listed_targets(text))


def _named_files(command: str) -> list[str]:
    """The source files a command names as arguments of their own (`pytest tests/test_a.py`, `rspec spec/a.rb:12`);
    not an output a flag names (`--cov-report=xml:./coverage.xml`), not a placeholder, not in a build folder."""
    out = []
    words = command.split()
    # jacoco's CI `mvn … --toolchains=toolchains.xml` reads a file the job writes first: none in the checkout
    out += [m.group(1) for m in re.finditer(r"\s--(?:toolchains|settings|global-settings)=(\S+\.xml)\b", command)]
    for before, word in pairwise(words):
        path = re.sub(r":\d+$", "", word.strip("'\""))
        if before in ("-r", "--requirement") and path.endswith((".txt", ".in")) and "<" not in path and "$" not in path:
            out.append(path)  # typer's `cd scripts/docker && uv pip install -r requirements.txt`: none is there
        elif before in ("--toolchains", "-t", "--settings", "-s") and path.endswith(".xml") and "$" not in path:
            out.append(path)
        elif before in ("--init-script", "-I") and path.endswith((".gradle", ".gradle.kts")):
            out.append(path)  # NullAway's CI `--init-script use-snapshot.gradle.kts` runs in another project's clone
        elif SOURCE_PATH.fullmatch(path) and "<" not in path and not path.removeprefix("./").startswith(OUTPUT_DIRS):
            out.append(path)
    return out


_RAKE_LIBRARIES = (
    ("TestTask", "test"), ("RSpec::Core::RakeTask", "spec"), ("YardocTask", "yard"), ("RDoc::Task", "rdoc"),
    ("RDocTask", "rdoc"), ("bundler/gem_tasks", "build install release"), ("rubocop/rake_task", "rubocop"),
    ("GemHelper.install_tasks", "build install release"),  # twilio-ruby's `Bundler::GemHelper.install_tasks`
    ("standard/rake", "standard"), ("ExtensionTask", "compile"), ("Cucumber::Rake", "cucumber"),
    ("SyntaxTree::Rake", "stree"),  # skylight-ruby's WriteTask and CheckTask: stree:write, stree:check
)  # fmt: skip
"""The tasks a library's rake task defines under its default name (`Rake::TestTask.new` is `test`)."""


def _rake_tasks(tree: Tree) -> set[str] | None:
    """The names a Rakefile can run, or None when it cannot be told (tasks loaded from other files, Hoe's): multi_xml's
    guide says `bundle exec rake spec`, and its Rakefile has no spec task."""
    rel = tree.first("Rakefile", "rakefile", "Rakefile.rb")
    text = tree.read(rel) if rel else None
    if not text or tree.under("rakelib") or re.search(r"\b(import|load|Dir\[|Dir\.glob|Hoe)\b", text):
        return None
    names = set(re.findall(r"\b([a-z][\w-]*)\b", text))  # a word anywhere: a task, a namespace, a symbol passed
    for marker, defined in _RAKE_LIBRARIES:
        if marker in text:
            names.update(defined.split())
    return names | {"default"}


def _cmake_output(tree: Tree, program: str) -> bool:
    """A program in the build folder a CMake build writes (redis-plus-plus' `./build/test/test_redis++`), named after
    a folder of the source tree it is built from: missing from the checkout, there after the build."""
    built = re.match(r"(build|cmake-build[\w-]*|out)/(.+)/[^/]+$", program)
    return bool(built and tree.has("CMakeLists.txt") and tree.has(f"{built.group(2)}/CMakeLists.txt"))


def missing(tree: Tree, command: str) -> bool:
    """The command names what the repository does not have: a package.json or composer script, a target of a
    hand-written Makefile or justfile, a source file. Such a command fails as written."""
    command = re.sub(r"^mkdir (-p )?([\w./-]+) && (?=cd \2 && )", "", command)  # libfyaml's `./configure` in build/
    moved = re.match(r"^cd ([\w./-]+) && (.+)$", command)
    folder, rest = (moved.group(1).strip("./"), moved.group(2)) if moved else ("", command)
    parts = rest.split(" && ")
    if len(parts) > 1 and not any(re.match(r"(cd|mkdir)\s", p) for p in parts):
        # purgecss' guide: `npm i && npm run bootstrap`, where package.json has no bootstrap script any more; a
        # program or file an earlier step writes (`./bootstrap && ./configure`) is not looked for
        inside = f"cd {moved.group(1)} && " if moved else ""
        scripts = [p for p in parts[1:] if re.match(r"(npm|yarn|pnpm|bun|composer) ", p)]
        if any(missing(tree, f"{inside}{part}") for part in scripts):
            return True
    if any(not (tree.root / folder / path).exists() for path in _named_files(rest)):
        return True
    program = re.match(r"\./([\w./+-]+)", rest)  # libexpat's `./configure`: buildconf.sh writes it, git has none
    if program and not (tree.root / folder / program.group(1)).exists() and not _cmake_output(tree, program.group(1)):
        return True
    # react-datepicker's guide says `yarn build:js`: a name with a colon is a script, never a dependency's binary
    # rrweb's guide: `yarn build`, where the root has only build:all; no dependency ships a binary of these names
    script = (PACKAGE_TOOLS.match(rest) or re.match(r"^(npm|yarn|pnpm|bun) (test)$", rest)
              or re.match(r"^(yarn|pnpm|bun) (build|dev|lint|format|typecheck|docs|start)(\s|$)", rest)
              or re.match(r"^(yarn|pnpm|bun) (\w[\w.-]*:[\w:.-]+)(\s|$)", rest)
              # expressive-code's guide: `pnpm test-watch`, each package's script, none at the root
              or re.match(r"^(yarn|pnpm|bun) ((test|lint|format|dev|watch|typecheck|docs|start|check)-[\w-]+)(\s|$)",
                          rest))  # fmt: skip
    if (
        script
        and script.group(2) not in TOOL_VERBS
        and not re.search(r"\s(--filter|-F|--workspace|-w|--prefix|-C)\b", rest)
    ):
        scripts = _scripts(tree, folder, "package.json")
        return scripts is not None and script.group(2) not in scripts
    if script and script.group(2) == "start":  # ts-jest's guide: `npm run start`, its website's script, not the root's
        scripts = _scripts(tree, folder, "package.json")
        server = tree.has(f"{folder}/server.js" if folder else "server.js")  # npm's own default start
        return scripts is not None and "start" not in scripts and not server
    composer = re.match(r"^composer (\w[\w:.-]*)(\s|$)", rest)
    if composer and composer.group(1) not in COMPOSER_VERBS:
        scripts = _scripts(tree, folder, "composer.json")
        return scripts is not None and composer.group(1) not in scripts
    invoked = re.match(r"^(?:invoke|inv) ([a-z][\w-]*)(\s|$)", rest)
    tasks = f"{folder}/tasks.py" if folder else "tasks.py"
    if invoked and tree.has(tasks):  # pelican's guide says `invoke format`; its task is formatcode
        defined = re.findall(r"^def (\w+)\s*\(", tree.read(tasks) or "", re.M)
        return invoked.group(1).replace("-", "_") not in defined
    rake = re.match(r"^(?:bundle exec )?rake ([a-z][\w-]*)(?::[\w:-]+)?(\s|$)", rest)
    if rake and not folder:
        tasks = _rake_tasks(tree)
        return tasks is not None and rake.group(1) not in tasks
    named = re.match(r"^task ([\w:.-]+)(\s|$)", rest)
    if named and not named.group(1).startswith("-") and (declared := _taskfile_tasks(tree, folder)) is not None:
        return named.group(1) not in declared  # semaphore's guide: `task compile`, a task its Taskfile dropped
    if re.fullmatch(r"ninja( -j\s*\d*)?", rest) and not (tree.root / folder / "build.ninja").exists():
        return True  # cpptrace's guide runs `ninja` in build/ after `cmake ..`: at the root there is no build.ninja
    if (run := re.match(r"^just ([\w-]+)((?: [\w-]+)+)$", rest)) and (recipes := _just_parameters(tree, folder)):
        # hugr's guide: `just test rust`, where `test` takes no parameter and `rust` is no recipe: just stops
        extra = run.group(2).split()
        if run.group(1) in recipes and not recipes[run.group(1)] and any(w not in recipes for w in extra):
            return True
    if re.fullmatch(r"make( -j\s*\d*)?", rest) and not folder:
        # omegaconf's guide: "`make`(inside docs folder)": at the root, with no Makefile and none to generate, it fails
        makefile = tree.first("Makefile", "makefile", "GNUmakefile", "Makefile.in", "Makefile.PL", "premake5.lua")
        return not makefile and not tree.first("configure", "configure.ac", "CMakeLists.txt", "Makefile.am")
    target = _TARGET.match(rest)
    if target and target.group(1) == "make" and not folder and "-C" not in target.group(2):
        rel = tree.first("Makefile", "makefile", "GNUmakefile")
        generators = tree.first("configure", "configure.ac", "CMakeLists.txt", "Makefile.am", "meson.build")
        if not rel and not generators and not tree.first("Makefile.in", "premake5.lua", "Makefile.PL"):
            return True  # chai's guide still says `make clean`: the Makefile is gone, nothing writes one
        hand_written = rel and not generators
        names = _make_targets(tree.read(rel) or "") if hand_written and rel else None
        return names is not None and target.group(3) not in names
    return False


def _taskfile_tasks(tree: Tree, folder: str) -> set[str] | None:
    """The tasks and aliases a Taskfile declares; None without one, or when it includes others (their tasks come
    in under namespaces this file does not list)."""
    prefix = f"{folder}/" if folder else ""
    rel = tree.first(*(prefix + n for n in ("Taskfile.yml", "Taskfile.yaml", "taskfile.yml", "taskfile.yaml")))
    text = (tree.read(rel) or "") if rel else ""
    try:
        data = yaml.safe_load(text) if text else None
    except yaml.YAMLError:
        return None
    tasks = data.get("tasks") if isinstance(data, dict) and not data.get("includes") else None
    if not isinstance(tasks, dict):
        return None
    names = {str(name) for name in tasks}
    for task in tasks.values():
        aliases = task.get("aliases") if isinstance(task, dict) else None
        names |= {str(a) for a in aliases} if isinstance(aliases, list) else set()
    return names


def installs_go_programs(tree: Tree, command: str) -> bool:
    """A Go project's `make install` that `go install`s its programs (tyk's `$(GOINSTALL) -tags …`, gardener's
    hack/install.sh over ./...): it puts binaries in GOPATH/bin and sets up no clone for development."""
    if not re.fullmatch(r"make install", command) or not tree.has("go.mod"):
        return False
    variables = make_variables(tree.read("Makefile") or "")
    for line in recipe_lines(tree, command) or []:
        line = re.sub(r"^(\w+=\S+\s+)+", "", expanded(line, variables))
        if re.match(r"(\S+/)?go install\b", line):
            return True
        script = re.match(r"(?:(?:ba)?sh )?(?:\./)?([\w./-]+\.sh)\b", line)
        if script and re.search(r"^\s*go install\b", tree.read(script.group(1)) or "", re.MULTILINE):
            return True
    return False
