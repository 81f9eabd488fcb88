"""tox's configuration as the profile reads it: the environments a tox.ini, tox.toml or pyproject.toml [tool.tox]
declares, with envlist brace products expanded. Below the task runners and the ecosystems, which both ask for it."""

from __future__ import annotations

import re
from typing import Any

import tomli

from picasso_tui.profile.walk import Tree


def expand_envlist(text: str) -> list[str]:
    """tox's envlist with its brace products expanded: `py{310,311}-django{4,5}, lint` is py310-django4 … lint."""
    names: list[str] = []
    depth, current = 0, ""
    for ch in text.replace("\n", ","):
        depth += ch == "{"
        depth -= ch == "}"
        if ch == "," and not depth:
            names.append(current.strip())
            current = ""
        else:
            current += ch
    names.append(current.strip())
    out: list[str] = []
    for name in filter(None, (n.strip() for n in names)):
        expanded = [""]
        for literal, group in re.findall(r"([^{]*)(?:\{([^}]*)\})?", name):
            choices = [c.strip() for c in group.split(",")] if group else [""]
            span = re.fullmatch(r"(\d+)-(\d+)", choices[0]) if len(choices) == 1 else None
            if span:  # tox 4's range: py3{10-13} is py310 … py313
                choices = [str(n) for n in range(int(span.group(1)), int(span.group(2)) + 1)]
            expanded = [e + literal + c for e in expanded for c in choices]
        out += [e for e in expanded if e]
    return list(dict.fromkeys(out))


def with_references(text: str, ini: str) -> str:
    """An env list with tox's `{[section]key}` references replaced by their values: patroni's
    `py{[common]python_matrix}-test-lin`, where [common] holds `python_matrix = {36,37,…}`."""

    def value(ref: re.Match[str]) -> str:
        section = re.search(rf"^\[{re.escape(ref.group(1))}\]\s*$(.*?)(?=^\[|\Z)", ini, re.M | re.S)
        found = re.search(rf"^{re.escape(ref.group(2))}\s*=\s*(.+)$", section.group(1), re.M) if section else None
        return found.group(1).strip() if found else ref.group(0)

    return re.sub(r"\{\[([\w:.-]+)\]([\w-]+)\}", value, text)


def tox_envs(tree: Tree) -> tuple[list[str], str, str]:
    """(tox's environments, where they are declared, the command that runs one), or ([], "", "") without tox."""
    names: list[str] = []
    source, run = "", "tox -e"
    text = tree.read("tox.ini") or "" if tree.has("tox.ini") else ""
    # gnuradio's tox.ini holds only [pycodestyle]'s settings: a file tox reads without a [tox] or [testenv] section
    # runs no environment
    if re.search(r"^\[(tox|testenv)\b", text, re.MULTILINE):
        envs = re.search(r"^env_?list\s*=\s*(.*(?:\n[ \t]+.+)*)", text, re.MULTILINE)
        names = expand_envlist(with_references(envs.group(1), text)) if envs else []
        # certbot's `[testenv:lint{,-posix}]` is lint and lint-posix, as an envlist's braces are
        heads = re.findall(r"^\[testenv:([^\]\s]+)\]", text, re.MULTILINE)
        names += [n for head in heads for n in expand_envlist(head)]
        source = "tox.ini"
    elif (found := _toml_config(tree))[1]:
        data, source = found
        names = [str(n) for n in data.get("env_list", [])] + list(data.get("env", {}))
        # Radicale's CI always names the file: tox 4.30 read its setup.cfg (flake8's settings) first and failed
        named = any(
            "tox -c pyproject.toml" in (tree.read(f) or "")
            for f in tree.under(".github/workflows")
            if f.endswith((".yml", ".yaml"))
        )
        run = "tox -c pyproject.toml run -e" if source.startswith("pyproject") and named else "tox run -e"
    return [n for n in dict.fromkeys(names) if n and "{" not in n], source, run


def tox_configured(tree: Tree) -> bool:
    """tox finds a configuration: a tox.ini, a tox.toml, a [tool.tox] table tox 4 reads, or setup.cfg's [tox:tox];
    without one `tox` stops or runs nothing."""
    return bool(tox_envs(tree)[1]) or "[tox:tox]" in (tree.read("setup.cfg") or "")


def listed_envs(tree: Tree) -> list[str]:
    """The environments a bare `tox` runs: its env list. Without one, tox runs its default environment only
    (python-socketio's tox.ini declares flake8 and docs as sections, and `tox` runs neither)."""
    if tree.has("tox.ini"):
        text = tree.read("tox.ini") or ""
        envs = re.search(r"^env_?list\s*=\s*(.*(?:\n[ \t]+.+)*)", text, re.MULTILINE)
        return [n for n in expand_envlist(with_references(envs.group(1), text)) if "{" not in n] if envs else []
    data, _ = _toml_config(tree)
    return [str(n) for n in data.get("env_list", [])]


def _toml_config(tree: Tree) -> tuple[dict[str, Any], str]:
    """tox's TOML configuration and where it is: a tox.toml (filelock's), else pyproject.toml's [tool.tox]."""
    if tree.has("tox.toml"):
        try:
            return tomli.loads(tree.read("tox.toml") or ""), "tox.toml"
        except tomli.TOMLDecodeError:
            return {}, ""
    if tree.has("pyproject.toml") and "[tool.tox" in (tree.read("pyproject.toml") or ""):
        try:
            table = tomli.loads(tree.read("pyproject.toml") or "").get("tool", {}).get("tox", {})
        except tomli.TOMLDecodeError:
            return {}, ""
        # dynaconf's [tool.tox] spells tox.ini's `envlist` and `testenv`: tox 4 reads none of it, its envs run nothing
        if isinstance(table, dict) and TOX4_KEYS & set(table):
            return table, "pyproject.toml [tool.tox]"
    return {}, ""


TOX4_KEYS = frozenset({"legacy_tox_ini", "env_list", "env_run_base", "env", "requires", "min_version", "labels"})
"""The keys of tox 4's TOML configuration: a [tool.tox] table without any of them configures nothing."""


def tox_commands(tree: Tree) -> list[str]:
    """The command lines tox's environments run (every `commands` of tox.ini or of a pyproject [tool.tox] env,
    its `legacy_tox_ini` too), continuation lines joined; [] without tox."""
    _, source, _ = tox_envs(tree)
    if source == "tox.ini":
        return _ini_commands(tree.read("tox.ini") or "")
    if not source:
        return []
    data, _ = _toml_config(tree)
    envs = [data.get("env_run_base") or {}, *(data.get("env") or {}).values()]
    runs = [c for env in envs if isinstance(env, dict) for c in env.get("commands") or []]
    legacy = data.get("legacy_tox_ini")
    return [" ".join(map(str, c)) if isinstance(c, list) else str(c) for c in runs] + (
        _ini_commands(legacy) if isinstance(legacy, str) else []
    )


def _ini_commands(text: str) -> list[str]:
    text = re.sub(r"\\\n\s*", " ", text)
    blocks = re.findall(r"^commands\s*=[ \t]*(.*(?:\n[ \t]+.*)*)", text, re.MULTILINE)
    lines = [line.strip() for block in blocks for line in block.splitlines()]
    return [line for line in lines if line and not line.startswith(("#", ";"))]


def env_commands(tree: Tree, name: str) -> list[str]:
    """The command lines tox.ini's own section for one env runs (`[testenv:format]`); [] without one."""
    text = re.sub(r"\\\n\s*", " ", tree.read("tox.ini") or "") if tree.has("tox.ini") else ""
    sections = re.finditer(r"^\[testenv:([^\]\s]+)\][^\n]*\n(.*?)(?=^\[|\Z)", text, re.MULTILINE | re.DOTALL)
    section = next((m.group(2) for m in sections if name in expand_envlist(m.group(1))), None)
    return _ini_commands(section) if section is not None else []
