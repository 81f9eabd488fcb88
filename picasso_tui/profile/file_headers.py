"""What every source file of a language starts with: a licence or SPDX header, Ruby's frozen-string magic comment,
PHP's strict types, Python's postponed annotations, JavaScript's strict mode.

A new file that leaves out what all the others carry fails a header check, a RuboCop cop or a review; no guide
needs to say so for a maintainer to expect it. A convention is stated only when nearly every file of the language
keeps it, read from the files themselves (their first lines), never from a configuration that could be idle.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from picasso_tui.anchors.gitutil import git
from picasso_tui.languages import DISPLAY
from picasso_tui.profile.findings import Finding, Knowledge, human_list
from picasso_tui.profile.languages import EXPECTED_OUTPUT, TEST_DATA, language_in
from picasso_tui.profile.walk import Tree, is_auxiliary, is_vendored, read_bounded
from picasso_tui.store.schema import MemoryClass

SAMPLE = 200
"""Files read per language, spread over the sorted list: enough to tell "every file" from "most files" without
reading a large repository whole."""
MIN_FILES = 5
SHARE = 0.9
HEAD_BYTES = 3000
MAGIC: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {
    "ruby": (("`# frozen_string_literal: true`", re.compile(r"^#\s*frozen_string_literal:\s*true\s*$", re.M)),),
    "php": (("`declare(strict_types=1);`", re.compile(r"declare\s*\(\s*strict_types\s*=\s*1\s*\)")),),
    "python": (("`from __future__ import annotations`", re.compile(r"^from __future__ import annotations\b", re.M)),),
    # the directive opens the file, comments aside: jsonata's `'use strict'` inside each module function is the
    # function's own, which eslint's `strict: [error, function]` asks for, and a file-level one would fail it
    "javascript": (
        # each comment is matched atomically: ua-parser-js' banner of 81 slashes splits into `//` comments in
        # exponentially many ways when the directive is not there, and the profile hung on it
        ("`'use strict'`", re.compile(r"\A(?>\s*(?://[^\n]*|/\*.*?\*/|#![^\n]*))*\s*['\"]use strict['\"]", re.S)),
    ),
}
"""A line a language's files open with that changes how the file is read."""
_COMMENT_LINE = re.compile(r"^\s*(//+|#|/?\*+|--|;+)\s?(.*?)\s*(\*+/)?\s*$")
_LICENCE = re.compile(r"\b(copyright|licen[cs]ed?|SPDX-License-Identifier)\b", re.IGNORECASE)
_SPDX = re.compile(r"SPDX-License-Identifier:\s*([\w.+-]+(?:\s+(?:OR|AND|WITH)\s+[\w.+-]+)*)")
_KNOWN = (
    ("the Apache 2.0 licence header", re.compile(r"Apache License,? Version 2\.0", re.I)),
    ("the MIT licence header", re.compile(r"\bMIT\b")),
    ("the BSD licence header", re.compile(r"\bBSD\b")),
    # libcheck's "GNU Lesser General Public License": the LGPL, whose terms differ from the GPL's
    ("the LGPL licence header", re.compile(r"\bGNU (Lesser|Library) General Public\s+License\b", re.I)),
    ("the GPL licence header", re.compile(r"\bGNU General Public\s+License\b", re.I)),
    ("the AGPL licence header", re.compile(r"\bAffero General Public\s+License\b", re.I)),  # hitobito's
    ("the Mozilla Public License header", re.compile(r"Mozilla Public License", re.I)),
)


_CHOICE = re.compile(r"\b(your choice of|dual[- ]licen[cs]ed|multi[- ]licen[cs]ed)\b", re.IGNORECASE)
"""A header that offers several licences to choose from: the one licence it names besides is no more its own."""


_YEARS = re.compile(r"\b(19|20)\d\d\b(\s*[-,]\s*(19|20)?\d\d)*")
"""A year or a range of years in a copyright line (`2012-2024`), which differs from one file to the next."""


def _same_year(lines: Iterable[str]) -> list[str]:
    """The lines with their years written `<year>` when the years differ from file to file; ent's every header reads
    `Copyright 2019-present`, which its linter checks word for word: that year stays."""
    lines = list(lines)
    written = Counter(lines).most_common(1)
    if written and written[0][1] >= SHARE * len(lines):
        return lines
    return [_YEARS.sub("<year>", line) for line in lines]


def _sample(files: list[str]) -> list[str]:
    """At most SAMPLE files spread over the whole list: gammapy's 530 sorted files cut at 200 left out its
    examples/, whose files carry no header."""
    step = max(1, -(-len(files) // SAMPLE))
    return files[::step]


_BEFORE_HEADER = re.compile(
    r"""(#!|<\?php|# -\*-|['"]use strict['"]|#\s*(frozen_string_literal|encoding|typed):|declare\(strict_types)"""
)
"""Lines a file opens with before its licence header: hitobito's Ruby files put the frozen-string magic comment
first, PHP-CS-Fixer's `declare(strict_types=1);`."""


def _opening_comment(text: str) -> list[str]:
    """The words of the comment block at the top of the file (after a shebang, `<?php` or a blank line)."""
    out: list[str] = []
    in_block = False
    for line in text.splitlines()[:40]:
        stripped = line.strip()
        if not out and (not stripped or _BEFORE_HEADER.match(stripped)):
            continue
        # helm's and CloudNativePG's `/*` … `*/` header: the lines between carry no comment marker of their own
        if in_block:
            in_block = "*/" not in stripped
            out.append(stripped.split("*/", 1)[0].lstrip("* ").strip())
            continue
        m = _COMMENT_LINE.match(line)
        if not m:
            break
        in_block = stripped.startswith("/*") and "*/" not in stripped
        out.append(m.group(2).strip())
    return [w for w in out if w]


def _licence(heads: dict[str, str]) -> tuple[str, list[str]] | None:
    """How the files' licence header reads, when nearly all carry one: its SPDX identifier, the licence it
    names, or its first line."""
    comments = {rel: _opening_comment(text) for rel, text in heads.items()}
    carrying = [rel for rel, words in comments.items() if _LICENCE.search(" ".join(words))]
    if len(carrying) < SHARE * len(heads):
        return None
    joined = {rel: " ".join(comments[rel]) for rel in carrying}
    spdx = Counter(m.group(1) for text in joined.values() if (m := _SPDX.search(text)))
    if spdx and spdx.most_common(1)[0][1] >= SHARE * len(heads):
        said = spdx.most_common(1)[0][0]
        keeping = [rel for rel, text in joined.items() if f"SPDX-License-Identifier: {said}" in text]
        return f"an SPDX header (`SPDX-License-Identifier: {said}`)", keeping  # golang-lru's list.go has none
    named = [(name, [rel for rel, text in joined.items() if pattern.search(text)]) for name, pattern in _KNOWN]
    named = [(name, keeping) for name, keeping in named if len(keeping) >= SHARE * len(heads)]
    if len(named) == 1 and any(_CHOICE.search(joined[rel]) for rel in named[0][1]):
        named = []  # RediSearch's "your choice of … RSALv2 … SSPLv1 … or AGPLv3": no one licence's header
    if len(named) == 1:
        holder = _copyright_line({rel: comments[rel] for rel in named[0][1]})
        return (f"{named[0][0]} (`{holder}`)" if holder else named[0][0]), named[0][1]
    if len(named) > 1:  # rand's dual notice names Apache 2.0 and MIT: it is neither one's header
        return None
    first = Counter(_same_year(comments[rel][0] for rel in carrying))
    line, count = first.most_common(1)[0]
    if count < SHARE * len(carrying) or len(line) > 120:
        return None
    return f"a copyright header (`{line}`)", carrying


LATELY = 300
"""Commits read for the files added lately."""
NEWEST = 20
"""Files added lately that are read: the newest of the language."""


def _given_up(tree: Tree, files: list[str]) -> bool:
    """The files added lately mostly leave the licence header out (gephi's: 122 of the 144 Java files added since 2020
    have none): the older files keep it, a new file need not."""
    if "_added_lately" not in tree.__dict__:
        log = git(tree.root, "log", "--no-merges", "-n", str(LATELY), "--diff-filter=A", "--name-only", "--format=")
        tree.__dict__["_added_lately"] = list(dict.fromkeys(line for line in (log or "").splitlines() if line))
    mine = set(files)
    added = [rel for rel in tree.__dict__["_added_lately"] if rel in mine][:NEWEST]
    heads = [text for rel in added if (text := read_bounded(tree.root / rel, HEAD_BYTES))]
    if len(heads) < MIN_FILES:
        return False
    carrying = sum(bool(_LICENCE.search(" ".join(_opening_comment(text)))) for text in heads)
    return carrying * 2 < len(heads)


def _copyright_line(comments: dict[str, list[str]]) -> str:
    """The copyright line nearly all the headers open with, its years written `<year>` where they differ from file to
    file: a new file copies it (syncthing's `Copyright (C) <year> The Syncthing Authors.`). A line that runs on into
    the next is not quoted."""
    lines = Counter(_same_year(words[0] for words in comments.values() if words))
    line, count = lines.most_common(1)[0] if lines else ("", 0)
    runs_on = re.search(r"(,|\b(as|of|and|or|by|the|to|in|for|under))$", line, re.I)  # "…, established as"
    # teavm's files mostly name Alexey Andreev, some another holder: a new file's holder is its author's
    if count < len(comments) or not re.match(r"copyright\b", line, re.I) or runs_on:
        return ""
    return line if len(line) <= 120 else ""


def conventions(tree: Tree) -> Finding | None:
    by_language: dict[str, list[str]] = {}
    for rel in tree.own:
        # jsoncpp's include/json/*.h are C++ headers, read with its .cpp files, not a "C" language of their own
        # typeshare's core/data/tests/*/output.py are what its generator must write: no file anyone writes by hand
        if (
            (lang := language_in(tree, rel))
            and lang not in ("shell", "sql")
            and not is_vendored(rel)
            and not (TEST_DATA.search(rel) or EXPECTED_OUTPUT.search(rel))
        ):
            by_language.setdefault(lang, []).append(rel)
    lines: list[str] = []
    cited: list[str] = []
    for lang, files in sorted(by_language.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        heads = {rel: text for rel in _sample(files) if (text := read_bounded(tree.root / rel, HEAD_BYTES))}
        if len(heads) < MIN_FILES:
            continue
        said: list[str] = []
        fewest = len(heads)
        # TaskJuggler's Ruby files open with `#!/usr/bin/env ruby -w`, the magic comment after it: the first line
        bangs = Counter(text.split("\n", 1)[0].strip() for text in heads.values() if text.startswith("#!"))
        if bangs and (bang := bangs.most_common(1)[0])[1] >= SHARE * len(heads):
            said.append(f"`{bang[0]}`")
            fewest = bang[1]
        for name, pattern in MAGIC.get(lang, ()):
            found = {rel: m.group(0).strip() for rel, text in heads.items() if (m := pattern.search(text))}
            keeping = list(found)
            if len(keeping) >= SHARE * len(heads):
                # yasumi writes `declare(strict_types = 1);`: quoted as most of its files have it
                written = Counter(found.values()).most_common(1)[0][0]
                said.append(name if written in name else f"`{written}{';' if name.endswith(';`') else ''}`")
                cited += keeping[:1]
                fewest = min(fewest, len(keeping))
        if (licence := _licence(heads)) and _given_up(tree, files):
            licence = None
        if licence:
            said.append(licence[0])
            cited += licence[1][:1]
            fewest = min(fewest, len(licence[1]))
        if said:
            share = "Every" if fewest == len(heads) else "Nearly every"
            # gammapy's examples/ and docs/ hold Python files with no header: the claim is about the project's own
            # only a top folder that is auxiliary as a whole: leo's crates/*/tests/ leave crates/ in the claim
            aside = sorted({top for f in tree.files if "/" in f and is_auxiliary(top := f.split("/", 1)[0] + "/x")
                            and language_in(tree, f) == lang and not is_vendored(f)})  # fmt: skip
            aside = [a.removesuffix("/x") for a in aside]
            left = f"; {human_list([a + '/' for a in aside], 3)} left aside" if aside else ""
            opening = f"{human_list(said[:-1], 9)} and {said[-1]}" if len(said) > 1 else said[0]
            lines.append(
                f"{share} {DISPLAY[lang]} file ({fewest} of the {len(heads)} read{left}) starts with {opening}; "
                "a new file does too."
            )
    if not lines:
        return None
    return Finding(
        "rules/file-headers",
        MemoryClass.REPO_RULE,
        "What every source file starts with",
        "\n".join(lines),
        tuple(dict.fromkeys(cited)),
        tags=("rules",),
    )


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    if found := conventions(tree):
        k.findings.append(found)
    return k
