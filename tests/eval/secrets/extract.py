"""Build a secret-scanner corpus from another scanner's own test cases (a script, not a pytest module).

Sources (fetched as bare git mirrors; nothing is downloaded here):

- trufflehog (AGPL-3.0): the ``Test*_Pattern`` tables of ``pkg/detectors/*/*_test.go``. Each entry's
  ``input`` is evaluated (string literals, constants, ``+``, ``fmt.Sprintf``, ``strings.Repeat``); a
  non-empty ``want`` makes it a positive (the wanted strings are its secrets), an empty one a negative.
  AGPL text must not enter this repository: write it to a cache outside the tree (the default).
- secretlint (MIT): the snapshot tests ``packages/@secretlint/secretlint-rule-*/test/snapshots/*`` run
  with the rule's default options: ``output.json`` messages with a range make a positive (the ranges are
  its secrets), no message a negative. Rules that are not about secret values (home directories, dotenv
  file names, comment filters, the example and user-pattern rules) and presets (copies) are left out.
- noseyparker (Apache-2.0): the ``examples`` and ``negative_examples`` of its built-in rules
  (``crates/noseyparker/data/default/builtin/rules/*.yml``). An example is a positive whose secrets are the
  rule's capture groups (the pattern is run with Python's ``re``; several groups make one ``id:secret``
  composite), a negative example a negative. A list item right after a ``# FIXME`` comment is the authors'
  note that the rule gets it wrong (a secret it misses, an example that should not match), and a FIXME
  before ``negative_examples:`` covers the whole list: those are skipped and counted. Rules for what is not
  a secret (the ``identifier`` category: account ids, client ids, bucket names; a "public" token) are left out.
  A negative example is one rule's non-match; it is kept as a negative only when no secret rule finds anything. Its examples are snippets from public code
  that may hold live secrets: the corpus is built into the cache like trufflehog's, not vendored.

Usage::

    python tests/eval/secrets/extract.py trufflehog /work/.mirror/trufflesecurity+trufflehog/repo \\
        -o ~/.cache/picasso-secrets/trufflehog.json
    python tests/eval/secrets/extract.py secretlint /work/.mirror/secretlint+secretlint/repo \\
        -o tests/eval/secrets/secretlint_corpus.json
    python tests/eval/secrets/extract.py noseyparker /work/.mirror/praetorian-inc+noseyparker/repo
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

Case = dict[str, Any]
"""{"source", "family", "name", "input", "positive", "secrets"}."""

DEFAULT_CACHE = Path.home() / ".cache" / "picasso-secrets"


def _git(git_dir: Path, *args: str) -> str:
    out = subprocess.run(["git", "--git-dir", str(git_dir), *args], capture_output=True, check=True)
    return out.stdout.decode("utf-8", "replace")


def _commit(git_dir: Path) -> str:
    return _git(git_dir, "rev-parse", "HEAD").strip()


# -- a small evaluator for Go string expressions ----------------------------------------------------------

_TOKEN = re.compile(
    r"""(?P<ws>\s+)|(?P<comment>//[^\n]*|/\*.*?\*/)|(?P<raw>`[^`]*`)|(?P<str>"(?:[^"\\\n]|\\.)*")"""
    r"""|(?P<char>'(?:[^'\\\n]|\\.)+')|(?P<num>\d[\w.]*)|(?P<ident>[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*)"""
    r"""|(?P<op>:=|\.\.\.|[{}()\[\],:;+=*&!<>|.-])|(?P<other>.)""",
    re.S,
)
_GO_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "'": "'", "a": "\a", "b": "\b", "f": "\f"}
_ESC = re.compile(r"\\(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{3}|.)")


class Unsupported(Exception):
    """An expression this evaluator does not know: the case is skipped (and counted)."""


def _unescape(body: str) -> str:
    def one(m: re.Match[str]) -> str:
        e = m.group()[1:]
        if e[0] in "xuU":
            return chr(int(e[1:], 16))
        if e[0].isdigit():
            return chr(int(e, 8))
        return _GO_ESCAPES.get(e, e)

    return _ESC.sub(one, body)


def tokenize(src: str) -> list[tuple[str, str]]:
    tokens = []
    for m in _TOKEN.finditer(src):
        kind = m.lastgroup or "other"
        if kind in ("ws", "comment"):
            continue
        value = m.group()
        if kind == "raw":
            tokens.append(("str", value[1:-1].replace("\r", "")))
        elif kind == "str":
            tokens.append(("str", _unescape(value[1:-1])))
        else:
            tokens.append((kind, value))
    return tokens


def _sprintf(fmt: str, args: list[Any]) -> str:
    out: list[str] = []
    i = 0
    arg = 0
    for m in re.finditer(r"%(?:\[(\d+)\])?[-+# 0]*\d*(?:\.\d+)?([a-zA-Z%])", fmt):
        out.append(fmt[i : m.start()])
        i = m.end()
        if m.group(2) == "%":
            out.append("%")
            continue
        if m.group(1):
            arg = int(m.group(1)) - 1
        if arg >= len(args):
            raise Unsupported("missing Sprintf argument")
        value = args[arg]
        arg += 1
        out.append(f'"{value}"' if m.group(2) == "q" else str(value))
    out.append(fmt[i:])
    return "".join(out)


class Parser:
    """Evaluates the expressions used in trufflehog's pattern tables; anything else raises Unsupported."""

    def __init__(self, tokens: list[tuple[str, str]], env: dict[str, Any]) -> None:
        self.t = tokens
        self.env = env
        self.i = 0

    def peek(self, k: int = 0) -> tuple[str, str]:
        return self.t[self.i + k] if self.i + k < len(self.t) else ("eof", "")

    def take(self, value: str | None = None) -> tuple[str, str]:
        tok = self.peek()
        if value is not None and tok[1] != value:
            raise Unsupported(f"expected {value!r}, got {tok[1]!r}")
        self.i += 1
        return tok

    def expr(self) -> Any:
        value = self.primary()
        while self.peek()[1] == "+":
            self.take()
            right = self.primary()
            if not isinstance(value, str) or not isinstance(right, str):
                raise Unsupported("+ on non-strings")
            value += right
        return value

    def args(self) -> list[Any]:
        self.take("(")
        out = []
        while self.peek()[1] != ")":
            out.append(self.expr())
            if self.peek()[1] == ",":
                self.take()
        self.take(")")
        return out

    def primary(self) -> Any:
        kind, value = self.take()
        if kind == "str":
            return value
        if kind == "num":
            return int(value) if value.isdigit() else value
        if value == "nil":
            return None
        if value == "[" and self.peek()[1] == "]":
            self.take("]")
            elem = self.take()[1]
            if elem != "string":
                raise Unsupported(f"slice of {elem}")
            self.take("{")
            items = []
            while self.peek()[1] != "}":
                items.append(self.expr())
                if self.peek()[1] == ",":
                    self.take()
            self.take("}")
            return items
        if value in ("fmt.Sprintf", "strings.Repeat", "string", "strings.TrimSpace", "strings.ToLower"):
            args = self.args()
            if value == "fmt.Sprintf":
                return _sprintf(args[0], args[1:])
            if value == "strings.Repeat":
                return args[0] * int(args[1])
            if value == "strings.TrimSpace":
                return args[0].strip()
            if value == "strings.ToLower":
                return args[0].lower()
            return args[0]
        if kind == "ident" and value in self.env:
            return self.env[value]
        raise Unsupported(f"token {value!r}")


def _matching(tokens: list[tuple[str, str]], i: int) -> int:
    """The index of the bracket that closes the one at ``i``."""
    pairs = {"{": "}", "(": ")", "[": "]"}
    stack = []
    for j in range(i, len(tokens)):
        v = tokens[j][1] if tokens[j][0] == "op" else ""
        if v in pairs:
            stack.append(pairs[v])
        elif stack and v == stack[-1]:
            stack.pop()
            if not stack:
                return j
    return len(tokens) - 1


def _constants(tokens: list[tuple[str, str]]) -> dict[str, Any]:
    """Every ``name = expr`` / ``name := expr`` whose value evaluates (file order: later ones see earlier)."""
    env: dict[str, Any] = {}
    for i in range(len(tokens) - 2):
        kind, name = tokens[i]
        if kind != "ident" or tokens[i + 1][1] not in ("=", ":="):
            continue
        p = Parser(tokens, env)
        p.i = i + 2
        try:
            value = p.expr()
        except (Unsupported, IndexError, ValueError, TypeError):
            continue
        if isinstance(value, str | int) or (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            env.setdefault(name, value)
    return env


def _entries(tokens: list[tuple[str, str]], lo: int, hi: int) -> Iterator[tuple[int, int]]:
    """The ``{ ... }`` spans in ``[lo, hi)`` that hold an ``input:`` field."""
    seen: set[int] = set()
    stack: list[int] = []
    for j in range(lo, hi):
        v = tokens[j][1] if tokens[j][0] == "op" else None
        if v == "{":
            stack.append(j)
        elif v == "}" and stack:
            stack.pop()
        elif tokens[j] == ("ident", "input") and tokens[j + 1][1] == ":" and stack and stack[-1] not in seen:
            seen.add(stack[-1])
            yield stack[-1], _matching(tokens, stack[-1])


def _fields(tokens: list[tuple[str, str]], lo: int, hi: int, env: dict[str, Any]) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    j = lo + 1
    while j < hi:
        if tokens[j][0] == "ident" and tokens[j + 1][1] == ":" and tokens[j - 1][1] in ("{", ","):
            name = tokens[j][1]
            p = Parser(tokens, env)
            p.i = j + 2
            try:
                fields[name] = p.expr()
                j = p.i
            except (Unsupported, IndexError, ValueError, TypeError):
                fields[name] = Unsupported
                j += 2
            continue
        j += 1
    return fields


def trufflehog_file(path: str, src: str) -> tuple[list[Case], int]:
    """The cases of one detector test file, and how many entries could not be evaluated."""
    family = path.split("/")[-2]
    tokens = tokenize(src)
    env = _constants(tokens)
    cases: list[Case] = []
    skipped = 0
    for i, (kind, value) in enumerate(tokens):
        if not (kind == "ident" and value.startswith("Test") and value.endswith("_Pattern")):
            continue
        body = next(j for j in range(i, len(tokens)) if tokens[j][1] == "{")
        for lo, hi in _entries(tokens, body, _matching(tokens, body)):
            fields = _fields(tokens, lo, hi, env)
            text, want = fields.get("input"), fields.get("want", None)
            if not isinstance(text, str) or want is Unsupported or not (want is None or isinstance(want, list)):
                skipped += 1
                continue
            name = fields.get("name") if isinstance(fields.get("name"), str) else ""
            secrets = [w for w in (want or []) if w]
            cases.append(
                {
                    "source": "trufflehog",
                    "family": family,
                    "name": f"{family}: {name}",
                    "input": text,
                    "positive": bool(secrets),
                    "secrets": secrets,
                }
            )
    return cases, skipped


def trufflehog(git_dir: Path) -> tuple[list[Case], dict[str, Any]]:
    files = [
        p
        for p in _git(git_dir, "ls-tree", "-r", "--name-only", "HEAD", "pkg/detectors").splitlines()
        if re.fullmatch(r"pkg/detectors/[^/]+/(?:[^/]+/)*[^/]+_test\.go", p) and "integration" not in p
    ]
    cases: list[Case] = []
    skipped = 0
    for path in files:
        found, n = trufflehog_file(path, _git(git_dir, "show", f"HEAD:{path}"))
        cases.extend(found)
        skipped += n
    return cases, {"files": len(files), "skipped_entries": skipped}


# -- secretlint ------------------------------------------------------------------------------------------

_NOT_SECRET_RULES = {
    "no-homedir",  # flags /home/<user> paths, not secrets
    "no-dotenv",  # flags the file name .env, not its content
    "filter-comments",  # a filter, not a detector
    "example",  # the rule-writing tutorial
    "pattern",  # user-supplied patterns
    "no-k8s-kind-secret",  # flags a YAML file's kind by its file name; its snapshots carry no file name
    "preset-recommend",  # copies of the rules' own snapshots
    "preset-canary",
}


def _snapshot_dirs(git_dir: Path) -> dict[str, set[str]]:
    dirs: dict[str, set[str]] = {}
    for p in _git(git_dir, "ls-tree", "-r", "--name-only", "HEAD", "packages/@secretlint").splitlines():
        m = re.fullmatch(r"packages/@secretlint/secretlint-rule-([^/]+)/test/snapshots/([^/]+)/([^/]+)", p)
        if m and m.group(1) not in _NOT_SECRET_RULES:
            dirs.setdefault(f"{m.group(1)}/{m.group(2)}", set()).add(m.group(3))
    return dirs


def secretlint(git_dir: Path) -> tuple[list[Case], dict[str, Any]]:
    cases: list[Case] = []
    skipped = 0
    for key, files in sorted(_snapshot_dirs(git_dir).items()):
        rule, case = key.split("/", 1)
        inputs = [f for f in files if f.startswith("input")]
        # A case with its own .secretlintrc.json runs non-default options (allow lists, disabled checks).
        if ".secretlintrc.json" in files or "output.json" not in files or len(inputs) != 1:
            skipped += 1
            continue
        base = f"HEAD:packages/@secretlint/secretlint-rule-{rule}/test/snapshots/{case}"
        text = _git(git_dir, "show", f"{base}/{inputs[0]}")
        output = json.loads(_git(git_dir, "show", f"{base}/output.json"))
        source = output.get("sourceContent", text)
        secrets = [source[a:b] for msg in output.get("messages", []) for a, b in [msg["range"]] if b > a]
        cases.append(
            {
                "source": "secretlint",
                "family": rule,
                "name": f"{rule}: {case}",
                "input": source,
                "positive": bool(output.get("messages")),
                "secrets": secrets,
            }
        )
    return cases, {"snapshot_dirs": len(cases) + skipped, "skipped_with_options": skipped}


# -- noseyparker -----------------------------------------------------------------------------------------

_NP_RULES = "crates/noseyparker/data/default/builtin/rules"
_FIXME = re.compile(r"^\s*#\s*FIXME", re.I)
_SCOPED_FLAG = re.compile(r"\(\?:\s*\(\?([a-z]+)\)")  # Rust's `(?: (?s) x )` is Python's `(?s: x )`


def _np_pattern(pattern: str) -> re.Pattern[str]:
    return re.compile(_SCOPED_FLAG.sub(r"(?\1:", pattern))


def _np_secrets(pattern: re.Pattern[str], text: str) -> list[str]:
    """Every match's capture groups: one group is the secret, several make an ``id:secret`` composite."""
    out = []
    for m in pattern.finditer(text):
        groups = [g for g in m.groups() if g]
        if groups:
            out.append(groups[0] if len(groups) == 1 else ":".join(groups))
    return out


def _after_fixme(lines: list[str], line: int) -> bool:
    """The nearest non-blank line above ``line`` (0-based) is a FIXME comment."""
    j = line - 1
    while j >= 0 and not lines[j].strip():
        j -= 1
    return j >= 0 and bool(_FIXME.match(lines[j]))


def noseyparker_file(path: str, src: str) -> tuple[list[Case], list[re.Pattern[str]], dict[str, int]]:
    """The cases of one rule file, the patterns of its secret rules, and counts of what was left out."""
    import yaml  # only this extractor needs it (PyYAML, present in the dev environment)

    lines = src.splitlines()
    root = yaml.compose(src)
    stats = {"rules": 0, "not_secret_rules": 0, "skipped_fixme": 0, "skipped_unmatched": 0}
    cases: list[Case] = []
    patterns: list[re.Pattern[str]] = []
    rules = next((v for k, v in (root.value if root else []) if k.value == "rules"), None)
    for rule_node in rules.value if rules else []:
        rule = yaml.safe_load(yaml.serialize(rule_node))
        stats["rules"] += 1
        if "identifier" in (rule.get("categories") or []) or "public" in rule["name"].lower():
            stats["not_secret_rules"] += 1
            continue
        pattern = _np_pattern(rule["pattern"])
        patterns.append(pattern)
        for key_node, list_node in rule_node.value:
            if key_node.value not in ("examples", "negative_examples") or not isinstance(list_node.value, list):
                continue
            positive = key_node.value == "examples"
            whole_list = _after_fixme(lines, key_node.start_mark.line)
            for n, item in enumerate(list_node.value):
                if whole_list or _after_fixme(lines, item.start_mark.line):
                    stats["skipped_fixme"] += 1
                    continue
                text = item.value
                secrets = _np_secrets(pattern, text) if positive else []
                if positive and not secrets:
                    stats["skipped_unmatched"] += 1
                    continue
                cases.append(
                    {
                        "source": "noseyparker",
                        "family": rule["id"],
                        "name": f"{rule['id']} ({rule['name']}): {key_node.value}[{n}]",
                        "input": text,
                        "positive": positive,
                        "secrets": secrets,
                    }
                )
    return cases, patterns, stats


def noseyparker(git_dir: Path) -> tuple[list[Case], dict[str, Any]]:
    files = [
        p for p in _git(git_dir, "ls-tree", "-r", "--name-only", "HEAD", _NP_RULES).splitlines() if p.endswith(".yml")
    ]
    cases: list[Case] = []
    patterns: list[re.Pattern[str]] = []
    stats: dict[str, Any] = {"files": len(files)}
    for path in files:
        found, compiled, counts = noseyparker_file(path, _git(git_dir, "show", f"HEAD:{path}"))
        cases.extend(found)
        patterns.extend(compiled)
        for k, v in counts.items():
            stats[k] = stats.get(k, 0) + v
    # A negative example is only one rule's non-match (a Slack bot token is a user-token rule's negative): it
    # is a negative of the scanner when none of its secret rules finds anything in it.
    kept = [c for c in cases if c["positive"] or not any(_np_secrets(p, c["input"]) for p in patterns)]
    stats["negatives_other_rule_finds"] = len(cases) - len(kept)
    return kept, stats


SECRETLINT_NOTICE = (
    "Derived from the snapshot tests of secretlint (https://github.com/secretlint/secretlint), "
    "Copyright (c) 2020 azu, MIT License: Permission is hereby granted, free of charge, to any person "
    "obtaining a copy of this software and associated documentation files (the 'Software'), to deal in the "
    "Software without restriction, including without limitation the rights to use, copy, modify, merge, "
    "publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the "
    "Software is furnished to do so, subject to the following conditions: The above copyright notice and this "
    "permission notice shall be included in all copies or substantial portions of the Software. THE SOFTWARE IS "
    "PROVIDED 'AS IS', WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE "
    "WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE "
    "AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF "
    "CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER "
    "DEALINGS IN THE SOFTWARE."
)


_SOURCES = {"trufflehog": trufflehog, "secretlint": secretlint, "noseyparker": noseyparker}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("source", choices=sorted(_SOURCES))
    ap.add_argument("git_dir", type=Path, help="the fetched mirror's git directory")
    ap.add_argument("-o", "--output", type=Path, help="default: ~/.cache/picasso-secrets/<source>.json")
    args = ap.parse_args(argv)
    cases, stats = _SOURCES[args.source](args.git_dir)
    doc: dict[str, Any] = {"source": args.source, "commit": _commit(args.git_dir), "stats": stats}
    if args.source == "secretlint":
        doc["license"] = SECRETLINT_NOTICE
    doc["cases"] = cases
    out = args.output or DEFAULT_CACHE / f"{args.source}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    pos = sum(c["positive"] for c in cases)
    print(f"{args.source}: {pos} positives, {len(cases) - pos} negatives, {stats} -> {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
