"""The test tasks a Rakefile declares with Rake::TestTask: each one's name (inside its namespace), the folders it
puts on the load path and the files it runs. slim's `test` only groups `test:core`, `test:literate` …, each with
its own files and `t.libs << 'test/core'`, where the helper its tests require lives."""

from __future__ import annotations

import re
from dataclasses import dataclass

from picasso_tui.profile.walk import Tree

_TASK = re.compile(
    r"^(?P<indent>[ \t]*)(?:Rake|Minitest)::TestTask\.new[ \t]*\(?[ \t]*"
    r"(?:(?P<name>[:'\"][\w:]+['\"]?)|(?P<var>(?!do\b)[a-z_]\w*))?",
    re.M,
)
"""`Rake::TestTask.new(:unit)`, or `.new(adapter)` in a loop (active_record_doctor's test:postgresql, test:mysql2 …):
a name computed from a variable, which no task of a fixed name stands for."""
_NAMESPACE = re.compile(r"^(?P<indent>[ \t]*)namespace\s*\(?\s*[:'\"](?P<name>[\w-]+)['\"]?\s*\)?\s*do\b", re.M)


@dataclass(frozen=True)
class TestTask:
    name: str
    libs: tuple[str, ...]
    files: str


def test_tasks(text: str) -> list[TestTask]:
    out: list[TestTask] = []
    for m in _TASK.finditer(text):
        if m.group("var"):
            continue
        name = (m.group("name") or ":test").strip(":'\"")
        spaces = [n for n in _NAMESPACE.finditer(text, 0, m.start()) if len(n.group("indent")) < len(m.group("indent"))]
        if spaces:
            name = f"{spaces[-1].group('name')}:{name}"
        end = re.search(rf"^{m.group('indent')}end\b", text[m.end() :], re.M)
        block = text[m.end() : m.end() + end.start()] if end else text[m.end() : m.end() + 600]
        libs = tuple(re.findall(r"['\"]([\w./-]+)['\"]", " ".join(re.findall(r"\.libs\s*(?:<<|=|\+=)[^\n]*", block))))
        files = re.search(r"\.(?:pattern|test_files)\s*=\s*(?:FileList\[)?\s*['\"]([^'\"]+\.rb)['\"]", block)
        out.append(TestTask(name, libs, files.group(1) if files else ""))
    return out


def one_file(task: TestTask) -> str:
    """The task's files with one name in place of its glob (test/core/test_<name>.rb); empty when it names none."""
    if "*" not in task.files:
        return ""
    return re.sub(r"\*\*/", "", task.files).replace("*", "<name>", 1).replace("*", "")


def only_prints(text: str, task: str) -> bool:
    """The Rakefile's task has a body and every line of it prints (`puts 'call rake -T'`)."""
    head = rf"^task\s*\(?\s*[:'\"]{re.escape(task)}['\"]?\s*\)?\s*(?:do|\{{)\s*\n(.*?)^(?:end|\}})"
    body = re.search(head, text, re.M | re.S)
    lines = [line for line in body.group(1).splitlines() if line.strip()] if body else []
    # openvox's default task runs `sh %{rake -T}`: it lists the tasks, as a printed hint would
    lists = r"\s*(sh|system)\s*\(?\s*(%\{|[\"'])(bundle exec )?rake (-T|--tasks|-D)\b"
    return bool(lines) and all(
        re.match(r"\s*(puts|print|p|warn|\$stdout\.puts)\b", line) or re.match(lists, line) for line in lines
    )


RUBY_TEST_RUN = re.compile(r"^(bundle exec )?(rake|rspec|ruby -I)(\s|$)|^(bundle exec )?rake (spec|test)\b")


def compile_first(tree: Tree, command: str) -> bool:
    """A Ruby test run in a gem whose Rakefile builds a native extension (rake-compiler's Rake::ExtensionTask) that
    its test tasks do not depend on: re2's `task default: :spec` loads re2.so, which only `rake compile` makes."""
    text = tree.read("Rakefile") or "" if tree.has("Rakefile") else ""
    if "Rake::ExtensionTask" not in text or not RUBY_TEST_RUN.match(command):
        return False
    # nokogiri's `task spec: :compile`, `task default: [:compile, :test]`: the task builds it first
    return not re.search(r"^\s*task\s*\(?\s*:?['\"]?(default|spec|test)['\"]?\s*(=>|:)\s*[^\n]*\bcompile\b", text, re.M)
