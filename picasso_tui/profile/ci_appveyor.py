"""What AppVeyor runs that a contributor's POSIX shell runs the same way.

AppVeyor mostly builds on Windows: a plain script line there is a `cmd` line, `ps:` is PowerShell. A line is kept
only when it reads the same in a POSIX shell: no Windows path, program or toolchain, no `cmd` built-in, no
AppVeyor, Chocolatey or installer set-up, no `%VAR%` a command needs. `mvnw`, which `cmd` finds as mvnw.cmd, is the
checkout's `./mvnw`. The folder a `cd` moves to is followed; lines run in a folder the checkout does not have (CI's
own build tree) or cannot be known are left out.
"""

from __future__ import annotations

import posixpath
import re
from typing import Any

from picasso_tui.profile.walk import Tree

FILES = ("appveyor.yml", ".appveyor.yml")
PHASES = ("install", "before_build", "build_script", "before_test", "test_script", "after_test")
"""The script phases, in the order AppVeyor runs them."""
WINDOWS_SETUP = re.compile(
    r"^@?(appveyor|choco|cinst|set|setx|echo|mkdir|md|copy|xcopy|robocopy|del|erase|rd|rmdir|ren|rename|move|reg|"
    r"refreshenv|where|dir|type|exit|rustup-init|rustup|curl|wget|install-product|start-filedownload|"
    r"invoke-webrequest|iex)\b|^[\w.+-]+ (--?version|-v|-vV)$",
    re.IGNORECASE,
)
"""`cmd` built-ins and machine set-up (AppVeyor's own commands, Chocolatey, installer downloads, `set PATH=…`, a
tool's version printed)."""
WINDOWS_ONLY = re.compile(
    r"^@?(if|for|call|start|goto|powershell|pwsh|cmd|msbuild|nuget|vcpkg|7z)\b|"
    r"\\|(^|[\s\"'=])[A-Za-z]:|\.(exe|bat|cmd|ps1|msi|sln|vcxproj)\b|\^$|(^|\s)/\w+:|"
    r"visual studio|nmake|msvc|vcvars|mingw|msys|cygwin|win32|win64|\bx64\b|(?-i:-A\s)",
    re.IGNORECASE,
)
"""`cmd` control (`if [%COMPILER%]==[gcc] (…)`), a Windows path, program, switch (`/p:Configuration=…`) or toolchain
(`-G "NMake Makefiles"`, `-A x64`)."""
WRAPPER = re.compile(r"^(?:\.[\\/])?(mvnw|gradlew)(?:\.cmd|\.bat)?(?=\s|$)")
VARIABLE = re.compile(r"%(\w+)%")


def _off(value: object) -> bool:
    """`build: off` (YAML reads `off` as false) or `test: false`: AppVeyor skips that phase."""
    return value is False or str(value).strip().lower() in ("off", "false")


def _entries(value: object) -> list[tuple[str, bool]]:
    """A phase's lines, each with whether a POSIX shell could run it: a string or a list of strings and `{sh: …}`
    mappings can be; `cmd:` and `ps:`/`pwsh:` mappings run only on Windows. A line ending in a backslash goes on in
    the next one."""
    lines: list[tuple[str, bool]] = []
    for item in value if isinstance(value, list) else [value] if value else []:
        text = item.get("sh") if isinstance(item, dict) else item
        if not isinstance(text, str):
            lines.append(("", False))  # `cmd:`, `ps:` or `pwsh:`
            continue
        text = re.sub(r"\\\n\s*", " ", text)
        lines += [(line.strip(), True) for line in text.splitlines() if line.strip()[:1] not in ("", "#")]
    return lines


def _without_variables(line: str) -> str | None:
    """The line without the `%VAR%` words that only add CI's extras (strum's `cargo test … %cargoflags%`); None when
    a variable is part of a word or a flag's value (`-C %configuration%`): the command needs CI's value."""
    words = line.split()
    kept = []
    for i, word in enumerate(words):
        if VARIABLE.fullmatch(word) and i and not words[i - 1].startswith("-"):
            continue
        if "%" in word:
            return None
        kept.append(word)
    return " ".join(kept)


def _posix(line: str, tree: Tree) -> str | None:
    """The line as a POSIX shell runs it; "" for set-up; None when it runs only on Windows or needs CI's values."""
    wrapper = WRAPPER.match(line)
    if wrapper:
        if not tree.has(wrapper.group(1)):
            return None  # only the Windows script is in the checkout
        line = "./" + wrapper.group(1) + line[wrapper.end() :]
    if WINDOWS_SETUP.search(line):
        return ""
    return None if WINDOWS_ONLY.search(line) else _without_variables(line)


def _from_checkout(target: str, clone_folder: str) -> str | None:
    """The rest of a path that starts at the checkout (`%APPVEYOR_BUILD_FOLDER%\\build`, or the `clone_folder:`
    toml11 sets and then `cd`s to), or None when it starts elsewhere."""
    build_folder = re.match(r"%APPVEYOR_BUILD_FOLDER%", target, re.IGNORECASE)
    if build_folder:
        return target[build_folder.end() :]
    rest = target[len(clone_folder) :]
    if clone_folder and target.lower().startswith(clone_folder.lower()) and rest[:1] in ("", "\\", "/"):
        return rest
    return None


def _moved(here: str | None, target: str, clone_folder: str) -> str | None:
    """The checkout folder a `cd` moves to ("" for the checkout itself), or None when it is not known."""
    target = re.sub(r"^/d\s+", "", target.strip().strip("\"'"), flags=re.IGNORECASE)
    rooted = _from_checkout(target, clone_folder)
    rest = (target if rooted is None else rooted).replace("\\", "/")
    if "%" in rest or re.match(r"^[A-Za-z]:", rest) or (rooted is None and (rest.startswith("/") or here is None)):
        return None
    start = "." if rooted is not None else here or "."
    folder = posixpath.normpath(posixpath.join(start, rest.lstrip("/") or "."))
    return None if folder.startswith("..") else "" if folder == "." else folder


def appveyor_lines(data: dict[Any, Any], tree: Tree) -> list[tuple[str, str]]:
    """(phase, command) for each line AppVeyor runs that a POSIX shell runs the same way, in the order it runs
    them; one run in a folder of the checkout says so (`cd tests && …`). After a Windows-only line outside `install`
    (a build with MSBuild, a configure with CI's generator), nothing is read: what follows works on what it made."""
    clone_folder = str(data.get("clone_folder") or "").rstrip("\\/")
    here: str | None = ""  # the checkout; None once a `cd` goes somewhere not known
    out: list[tuple[str, str]] = []
    for phase in PHASES:
        if (phase == "build_script" and _off(data.get("build", True))) or (
            phase == "test_script" and _off(data.get("test", True))
        ):
            continue
        for line, posix in _entries(data.get(phase)):
            moved = re.fullmatch(r"(?:cd|chdir|pushd)\s+(.+?)", line, re.IGNORECASE)
            if posix and (moved or re.fullmatch(r"popd", line, re.IGNORECASE)):
                here = _moved(here, moved.group(1), clone_folder) if moved else None
                continue
            command = _posix(line, tree) if posix else None
            if command is None and phase != "install":
                return out
            if command and here is not None and (not here or tree.under(here)):  # not CI's own build folder
                out.append((phase, f"cd {here} && {command}" if here else command))
    return out


def appveyor_branches(data: dict[Any, Any]) -> list[str] | None:
    """The branches a push to starts AppVeyor (`branches: only: [master]`); None for any branch."""
    branches = data.get("branches")
    only = branches.get("only") if isinstance(branches, dict) else None
    said = [str(b) for b in only if isinstance(b, str | int | float)] if isinstance(only, list) else []
    return said or None
