"""What a plain Makefile's default target does: the first target `make` runs, the targets it pulls in, and whether
their recipes run in Docker containers (cesanta/frozen's `GCC ?= docker run … docker.io/mgos/gcc`)."""

from __future__ import annotations

import re

from picasso_tui.profile.walk import Tree

_NAME = r"[A-Za-z_][\w.+-]*(?:\$[({]\w+[)}])?"
"""A target's name, maybe ending in a variable (munit's `example$(EXTENSION)`, the first and so default target)."""
_TARGET = re.compile(rf"^({_NAME}(?:\s+{_NAME})*)\s*:(?!=)([^\n]*)$", re.MULTILINE)
_VARIABLE = re.compile(r"^\s*([A-Za-z_]\w*)\s*[:?+]?=\s*(.*)$", re.MULTILINE)
_DOCKER = re.compile(r"\b(docker|podman)\s+(run|compose|exec)\b")
_IMAGE = re.compile(r"^([\w.-]+\.\w+/)?[\w.-]+/[\w.$@-]+(:[\w.-]+)?$")
TEST_NAME = re.compile(r"^(ci-?)?(test|tests|check|unit-?tests?)$", re.IGNORECASE)


def make_rules(text: str) -> dict[str, tuple[list[str], str]]:
    """Each target: (its prerequisites, its recipe)."""
    rules: dict[str, tuple[list[str], str]] = {}
    for found in _TARGET.finditer(text):
        recipe = re.match(r"((?:\t[^\n]*\n?|#[^\n]*\n(?=\t))*)", text[found.end() + 1 :])
        # nelmio/alice's `test:  ## Runs all the tests` then `test: test_core test_symfony`: a comment names nothing,
        # and make adds up the prerequisites of every rule for the target
        needs = found.group(2).split("#")[0].split(";")[0].split()
        for name in found.group(1).split():
            before, body = rules.get(name, ([], ""))
            added = [n for n in needs if n not in before]
            lines = re.sub(r"^#[^\n]*\n", "", recipe.group(1), flags=re.M) if recipe else ""
            rules[name] = ([*before, *added], body or lines)
    return rules


def default_target(text: str) -> str:
    """The target a bare `make` runs: `.DEFAULT_GOAL`, else the first one not starting with a dot."""
    if goal := re.search(r"^\.DEFAULT_GOAL\s*:?=\s*(\S+)", text, re.MULTILINE):
        return goal.group(1)
    directives = {"endif", "else", "ifeq", "ifneq", "ifdef", "ifndef", "include", "define", "endef", "export"}
    return next((name for name in make_rules(text) if not name.startswith(".") and name not in directives), "")


PRINTS = re.compile(
    r"@?-?(echo|printf)\b|@?exit \d+\s*$|\$\((info|warning|error) |"
    r"\$\(call [\w-]*(message|msg|help|usage|welcome)[\w-]*\)"
)
"""A recipe line that only tells the reader something, or stops make: RIOT's `$(call welcome_message)`, `exit 1`."""


def only_prints(text: str, target: str, depth: int = 2) -> bool:
    """Every rule for the target has a recipe that only prints, its prerequisites too (Hyprland's default `stub:`
    says "Do not run make directly without any arguments"; RIOT's `all: welcome` prints how to build an
    application, then exits 1): a bare `make` builds nothing."""
    rules = [m for m in _TARGET.finditer(text) if target in m.group(1).split()]
    for found in rules:
        recipe = re.match(r"((?:\t[^\n]*\n?|#[^\n]*\n(?=\t))*)", text[found.end() + 1 :])
        lines = [line.strip() for line in (recipe.group(1) if recipe else "").splitlines() if line.startswith("\t")]
        needs, _, inline = found.group(2).partition(";")
        lines += [inline.strip()] if inline.strip() else []  # RediSearch's `bootstrap-modes: ; @echo "list dry-run"`
        needs = needs.split()
        if not (lines or needs) or not all(PRINTS.match(line) for line in lines):
            return False
        if needs and not (depth and all(only_prints(text, need, depth - 1) for need in needs)):
            return False
    return bool(rules)


NO_OP = re.compile(r"@?(:|true)")
"""A recipe line that does nothing: the shell's `:` or `true`."""


def does_nothing(text: str, target: str) -> bool:
    """Every rule for the target names no prerequisite and has no recipe (picohttpparser's bare `all:`): `make`
    then builds nothing. Unsure, and so False, when the Makefile includes others, which may add to the target."""
    if re.search(r"^-?s?include\s", text, re.MULTILINE):
        return False
    rules = [m for m in _TARGET.finditer(text) if target in m.group(1).split()]
    if not rules:
        return False
    for found in rules:
        after = text[found.end() + 1 :]
        recipe = re.match(r"((?:\t[^\n]*\n?|#[^\n]*\n(?=\t))*)", after)
        needs, _, inline = found.group(2).partition(";")
        # RediSearch's `list: ; @:`, a word `make bootstrap list` reads: the recipe is the shell's no-op
        if needs.split() or (inline.strip() and not NO_OP.fullmatch(inline.strip())):
            return False
        if recipe and any(not NO_OP.fullmatch(line.strip()) for line in recipe.group(1).splitlines() if line.strip()):
            return False
        if re.match(r"\s*(ifn?def|ifn?eq)\b", after):
            return False  # yarl's `fmt:` recipe sits inside `ifdef CI … else … endif`
    return True


def make_variables(text: str) -> dict[str, str]:
    """The Makefile's variables and their values, the last assignment winning."""
    return {m.group(1): m.group(2).strip() for m in _VARIABLE.finditer(text)}


def expanded(recipe: str, variables: dict[str, str]) -> str:
    """The recipe with its `$(NAME)` and `${NAME}` references replaced, three levels deep (`GCC ?= $(RD) …`,
    `RD ?= docker run …`; tyk's `GOINSTALL = $(GOCMD) install`, `GOCMD = go`); unknown names stay as written."""
    for _ in range(3):
        recipe = re.sub(r"\$[({](\w+)[)}]", lambda m: variables.get(m.group(1), m.group(0)), recipe)
    return recipe


def docker_images(text: str, target: str) -> list[str]:
    """The container images the target's recipes (and those of the targets it pulls in) run in; empty when any of
    them runs a command on the host, since then Docker is not what the target needs."""
    rules = make_rules(text)
    variables = make_variables(text)
    images: list[str] = []
    seen: set[str] = set()
    todo = [target]
    while todo:
        name = todo.pop(0)  # breadth first: the images in the order the default target names them
        if name in seen or name not in rules:
            continue
        seen.add(name)
        needs, recipe = rules[name]
        todo += needs
        for line in expanded(re.sub(r"\\\n\s*", " ", recipe), variables).splitlines():
            line = line.strip().lstrip("@-")
            if not line or line.startswith(("$(MAKE)", "make ", "rm ", "echo ")):
                continue
            if not _DOCKER.search(line):
                return []
            words = line.split()
            images += [w.replace("$@", name) for w in words if _IMAGE.match(w)][:1]
    return list(dict.fromkeys(images))


def pulled_in(text: str, target: str, depth: int | None = None) -> tuple[list[str], list[str]]:
    """(the recipes, the prerequisites) of the target and of every target it pulls in, breadth first, to ``depth``
    levels when given."""
    rules = make_rules(text)
    recipes: list[str] = []
    needed: list[str] = []
    level, seen, done = [target], set(), 0
    while level and (depth is None or done < depth):
        below: list[str] = []
        for name in level:
            if name in seen or name not in rules:
                continue
            seen.add(name)
            needs, recipe = rules[name]
            recipes.append(recipe)
            below += needs
        needed += below
        level, done = below, done + 1
    return recipes, needed


def default_recipes(text: str) -> str:
    """The recipe lines of the default target and every target it pulls in: what a bare `make` runs (tinyxml2's
    `effc` target compiles with -Werror, and only when asked by name)."""
    return "".join(pulled_in(text, default_target(text))[0])


def runs_tests(text: str, target: str) -> bool:
    """The default target is the tests: named so, or all it does is pull in a target named so (`all: ci-test`)."""
    needs, recipe = make_rules(text).get(target, ([], ""))
    return bool(TEST_NAME.match(target) or (len(needs) == 1 and not recipe.strip() and TEST_NAME.match(needs[0])))


def automake_declares_tests(texts: list[str]) -> bool:
    """Some Makefile.am declares TESTS, check programs or a check or test rule: htop's declares none, so its
    `make check` builds and checks nothing (CI's `make distcheck` and sanitizer runs are its tests)."""
    declared = re.compile(r"^(TESTS|check_\w+|\w*_TESTS)\s*[:+]?=([^\n]*(?:\\\n[^\n]*)*)|^(check-local|test)\s*:", re.M)
    # tmux's `check_PROGRAMS = fuzz/input-fuzzer …`, behind its fuzzing option, builds fuzzers: no test runs
    return any(
        not (m.group(1) == "check_PROGRAMS" and re.fullmatch(r"(\s|\\|fuzz/\S+)*", m.group(2) or ""))
        for text in texts
        for m in declared.finditer(text)
    )


def automake_one_test(makefiles: dict[str, str]) -> tuple[str, str]:
    """`make check TESTS=<name>` for the first test a Makefile.am lists in TESTS, and that Makefile.am: automake's
    harness runs only the tests the variable names (hunspell's `make -C tests check TESTS=base.dic`); ("", "") when
    none is listed plainly."""
    for rel in sorted(makefiles, key=lambda f: (f.count("/"), f)):
        assigned: dict[str, list[str]] = {}
        for name, value in re.findall(r"^(\w+)\s*\+?=((?:[^\n]*\\\n)*[^\n]*)", makefiles[rel], re.MULTILINE):
            assigned.setdefault(name, []).extend(value.replace("\\\n", " ").split())
        # collectd's `TESTS = $(check_PROGRAMS)`: the tests are the check programs it lists
        words = [v for w in assigned.get("TESTS", []) for v in _listed(w, assigned)]
        first = next((w for w in words if re.fullmatch(r"[\w.+-]+(/[\w.+-]+)*", w)), "")  # numactl's test/distance
        if first:
            folder = rel.rsplit("/", 1)[0] if "/" in rel else ""
            return f"make{f' -C {folder}' if folder else ''} check TESTS={first}", rel
    return "", ""


def _listed(word: str, assigned: dict[str, list[str]]) -> list[str]:
    """A Makefile.am word, or the words of the variable it refers to (`$(check_PROGRAMS)`)."""
    ref = re.fullmatch(r"\$[({](\w+)[)}]", word)
    return assigned.get(ref.group(1), []) if ref else [word]


def autotools_setup(tree: Tree) -> str:
    """How a checkout gets its configure script and runs it: a committed configure (sudo's autogen.sh would only
    regenerate it, with autoconf and libtool a build from the checkout does not need), else autogen.sh, gnulib's
    ./bootstrap (patchutils' pulls the gnulib files autoreconf alone lacks), else autoreconf (jansson's configure.ac
    only)."""
    if tree.has("configure"):
        return "./configure"
    if tree.has("autogen.sh"):
        return "sh autogen.sh && ./configure"
    if tree.has("bootstrap") and (tree.has("bootstrap.conf") or (tree.read("bootstrap") or "").startswith("#!")):
        return "./bootstrap && ./configure"
    if tree.has("bootstrap.sh"):  # squid's bootstrap.sh also prepares libltdl and writes the SPONSORS file
        return "./bootstrap.sh && ./configure"
    return "autoreconf -i && ./configure"


def automake_test_target(text: str) -> str:
    """`check`, automake's suite, unless Makefile.am declares no TESTS nor check rule and has a `test:` target of
    its own (memcached's: `make check` runs nothing there)."""
    checks = re.search(r"^(TESTS|check_\w+|check-local)\s*[:+]?=?", text, re.MULTILINE)
    return "check" if checks or not re.search(r"^test\s*:", text, re.MULTILINE) else "test"


def listed_targets(text: str) -> list[str]:
    """Targets a rule names through a variable: griffe's `$(actions):` runs `python scripts/make "$@"` for each word
    of `actions = allrun changelog check …`."""
    names: list[str] = []
    for rule in re.finditer(r"^\$[({](\w+)[)}]\s*:(?!=)[^\n]*\n((?:\t[^\n]*\n?)*)", text, re.MULTILINE):
        variable, recipe = rule.group(1), rule.group(2)
        if re.search(r"(-C|\bcd)\s+\$@", recipe):
            continue  # strimzi's `$(SUBDIRS):` runs `$(MAKE) -C $@`: its words are folders make recurses into
        value = re.search(rf"^{variable}\s*[:?]?=((?:[^\n]*\\\n)*[^\n]*)", text, re.MULTILINE)
        said = value.group(1).replace("\\\n", " ") if value else ""
        if re.search(r"\$[({]shell\b", said):
            continue  # dive's `TASKS := $(shell … task -l | grep … | cut …)`: its words are a pipeline's, not targets
        names += [w for w in said.split() if re.fullmatch(r"[A-Za-z][\w.-]*", w)]
    return names


def written_by_configure(tree: Tree, text: str) -> str:
    """The file the Makefile includes that ./configure writes (lowdown's `include Makefile.configure`), when the
    checkout lacks it and has the configure script: make stops until ./configure has run. "" otherwise."""
    missing = [f for f in re.findall(r"^include\s+(\S+)\s*$", text, re.MULTILINE) if not tree.has(f)]
    # bfs' `-include gen/config.mk` is optional to make, but its rule for that file stops: "You must run ./configure"
    optional = [f for f in re.findall(r"^(?:-|s)include\s+(\S+)\s*$", text, re.MULTILINE) if not tree.has(f)]
    missing += optional if "./configure" in text else []
    return missing[0] if missing and tree.has("configure") else ""


def only_includes(tree: Tree, text: str) -> str:
    """The text of the makefiles a Makefile that only includes them reads (hashcat's root Makefile is one line,
    `include src/Makefile`: its targets are that file's, run from the root), else the text itself."""
    lines = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    included = [m.group(1) for line in lines if (m := re.fullmatch(r"-?include\s+([\w./-]+)\s*", line))]
    if not lines or len(included) != len(lines) or not all(tree.has(f) for f in included):
        return text
    return "\n".join(tree.read(f) or "" for f in included)


INCLUDED_MAKEFILE = re.compile(r"^-?s?include\s+([\w./-]+\.mk)\s*$", re.MULTILINE)
"""An included makefile named plainly (`include make/test.mk`); a glob or a variable names files only make expands."""


def with_included(tree: Tree, text: str, depth: int = 2) -> str:
    """The Makefile's text with the .mk files it includes after it, and theirs, ``depth`` levels down: cert-manager's
    root Makefile is generated boilerplate, its `test` and `e2e` targets live in make/test.mk, which make/02_mod.mk
    includes. Files the checkout lacks (written by ./configure) are left to ``written_by_configure``."""
    seen: set[str] = set()
    parts = [text]
    level = [text]
    for _ in range(depth):
        found = [rel for t in level for rel in INCLUDED_MAKEFILE.findall(t) if tree.has(rel) and rel not in seen]
        seen.update(found)
        level = [tree.read(rel) or "" for rel in dict.fromkeys(found)]
        parts += level
    return "\n".join(parts)
