"""Commands that cannot play the role a guide or CI line seems to give them: a binary inspector read as a build,
a bare `bazel test` with no target, a debugger's package read as the set-up, a seed task read as the tests."""

from __future__ import annotations

import re

from picasso_tui.profile.walk import Tree

INSPECTORS = re.compile(r"^(ldd|nm|objdump|readelf|otool|strings|file|size|du|ls|stat|sha\d+sum|md5sum)\s")
"""Programs that look at what a build wrote (ppsspp's AppImage job runs `ldd ./build/PPSSPPSDL`): they build nothing."""

DEVELOPER_TOOLS = frozenset({
    "gdb", "lldb", "valgrind", "qtcreator", "git-secrets", "make", "git", "ccache", "strace", "ltrace", "rr",
})  # fmt: skip
"""A system package a guide installs for one task beside the build: hyperion.ng's `sudo apt-get install gdb` is for
its VS Code debugging step, ppsspp's `pacman -S make` for one Windows core."""

SYSTEM_INSTALL = re.compile(
    r"^(?:sudo )?(?:apt-get|apt|dnf|yum|zypper|apk|pacman|brew|port)(?: -\S+)* (?:install|add|-S\w*)(?: -\S+)* "
    r"([\w.+-]+)(?: -\S+)*$"
)


def inspects_only(command: str) -> bool:
    """The command inspects files (`ldd`, `nm`, `du -sh build`): no build, test or set-up."""
    return bool(INSPECTORS.match(command + " "))


def bare_bazel(command: str) -> bool:
    """`bazel test` or `bazel build` without a target (nativelink's guide, in prose about rustfmt): Bazel stops with
    "No targets specified"."""
    return bool(re.fullmatch(r"(bazel|bazelisk) (test|build|run|coverage)( --?[\w-]+(=\S+)?)*", command))


def installs_one_tool(command: str) -> bool:
    """A system package install of one developer tool (`sudo apt-get install gdb`): an optional extra, not how the
    project is set up."""
    one = SYSTEM_INSTALL.match(command)
    return bool(one) and one.group(1) in DEVELOPER_TOOLS


def docs_dependencies_only(command: str) -> bool:
    """A pip install of the documentation's dependencies alone (valhalla's `pip install --group docs`,
    `pip install -e '.[docs]'`): it sets up the docs build, not the project."""
    return bool(
        re.search(r"\bpip3? install\b", command)
        and (
            re.search(r"\s--group[ =]['\"]?docs?['\"]?(\s|$)", command) or re.search(r"\[docs?\]['\"]?(\s|$)", command)
        )
        and not re.search(r"\[[^\]]*\b(dev|test|tests|testing|all)\b", command)
    )


def named_for_another_job(command: str) -> bool:
    """A script named for another job given as the tests (ArchiveBox's guide lists `./bin/lint.sh` first):
    `lint.sh`, `build.sh`, `format.sh` run no test."""
    script = re.match(r"(?:(?:ba)?sh )?(?:\./)?(?:[\w.-]+/)*([\w-]+)\.sh(\s|$)", command)
    named = script and re.fullmatch(
        r"(lint|build|format|fmt|typecheck|docs?|release|deploy|publish|setup|install)", script.group(1)
    )
    # h2's `./build.sh jar testCI` hands the test target to its build script: that is a test run
    return bool(named) and not re.search(r"test|spec|check", command[script.end() :], re.IGNORECASE)


def seeds_data(command: str) -> bool:
    """A Rake or Rails task that seeds or migrates a database (decko's `RAILS_ENV=test rake card:seed:update`,
    the fixtures its JavaScript tests load): it prepares the tests, it runs none."""
    rest = re.sub(r"^([A-Z][A-Z0-9_]*=\S*\s+)+", "", command)
    task = re.match(r"(?:bundle exec )?(?:rake|rails|bin/rails|bin/rake) ([\w:-]+)", rest)
    return (
        bool(task)
        and bool(re.search(r"(^|:)(seed|seeds|migrate|db|fixtures)(:|$)", task.group(1)))
        and not (re.search(r"(^|:)(test|tests|spec|specs)(:|$)", task.group(1)))
    )


def asks_questions(tree: Tree, command: str) -> bool:
    """A Rake task that waits for answers on stdin (geordi's `rake check`, a pre-release checklist of yes/no
    questions): no test run."""
    task = re.fullmatch(r"(?:bundle exec )?rake ([\w:-]+)", command)
    text = tree.read("Rakefile") or "" if task and tree.has("Rakefile") else ""
    if not task or not text:
        return False
    name = task.group(1).rsplit(":", 1)[-1]
    body = re.search(rf"^\s*task\s+:?['\"]?{re.escape(name)}['\"]?\b[^\n]*\n(.*?)^\s*end\b", text, re.M | re.S)
    asks = r"\$stdin\.gets|STDIN\.gets|\bgets\b|\bask\(|\byes\?\(|\bconfirm\w*\("  # geordi's confirm_or_cancel
    return bool(body) and bool(re.search(asks, body.group(1)))
