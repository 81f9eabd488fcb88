"""Benchmarks of Python, Ruby and JVM projects: the task that runs them (a tox env or nox session, a Rake task, a JMH
task or Maven profile), the tool that measures (pyperf, pytest-benchmark, asv, benchmark-ips, JMH) and the files.
A measurement, not a check that passes or fails: always a fact, never the test command."""

from __future__ import annotations

import json
import re

from picasso_tui.profile.benchmark_scripts import READS_RESULTS
from picasso_tui.profile.build_modules import gradle_task
from picasso_tui.profile.ecosystems.common import gem_text
from picasso_tui.profile.ecosystems.tox_config import tox_envs
from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.walk import Tree

BENCH_NAME = re.compile(r"^(bench|benchmarks?|codspeed)$")
"""The name of the task, env or session that runs the benchmarks (attrs' tox env `codspeed`)."""
BENCH_PACKAGE = re.compile(r"(^|/)(bench|benchmarks?)/__init__\.py$")
"""A package of benchmarks (jsonschema/benchmarks/): what a nox session that globs its files runs."""
PYTHON_TOOLS = (
    ("pytest-codspeed", re.compile(r"pytest-codspeed|--codspeed")),
    ("pytest-benchmark", re.compile(r"pytest-benchmark|--benchmark-\w+")),
    ("pyperf", re.compile(r"\bpyperf\b")),
    ("asv", re.compile(r"\basv\b")),
)


def _tox_section(tree: Tree, source: str, name: str) -> str:
    """The text of one tox env's section (tox.ini's [testenv:x], pyproject's [tool.tox.env.x])."""
    text = tree.read("tox.ini" if source == "tox.ini" else "pyproject.toml") or ""
    header = rf"^\[testenv:{re.escape(name)}\]" if source == "tox.ini" else rf"^\[tool\.tox\.env\.\"?{re.escape(name)}"
    found = re.search(header + r"[^\n]*\n(.*?)(?=^\[|\Z)", text, re.MULTILINE | re.DOTALL)
    return found.group(1) if found else ""


def _python_files(tree: Tree, text: str) -> list[str]:
    """The Python files of the project a command line names (tomli's `python benchmark/run.py`)."""
    return [f for f in dict.fromkeys(re.findall(r"[\w./-]+\.py\b", text)) if tree.has(f.removeprefix("./"))]


def _tool(text: str) -> str:
    return next((name for name, pattern in PYTHON_TOOLS if pattern.search(text)), "")


def python_benchmarks(k: Knowledge, tree: Tree) -> None:
    """A tox env or nox session named for benchmarks, else asv's configuration, else pytest benchmarks (the
    benchmark fixture or marker) with their plugin among the dependencies."""
    manifests = "\n".join(tree.read(f) or "" for f in tree.files if f.count("/") <= 1 and _manifest(f))
    names, source, run = tox_envs(tree)
    env = next((n for n in names if BENCH_NAME.match(n)), None)
    noxfile = tree.read("noxfile.py") or ""
    session = re.search(r"^def\s+(bench\w*|benchmarks?)\s*\(\s*session\b", noxfile, re.MULTILINE)
    if env:
        section = _tox_section(tree, source, env)
        more = [n for n in names if n != env and n.startswith(f"{env}-")]
        also = f"; also {human_list([f'`{run} {n}`' for n in more], 3)}" if more else ""
        _python_fact(k, tree, f"{run} {env}", f"{source} env `{env}`", section, also)
    elif session:
        name = session.group(1)
        body = noxfile[session.end() : session.end() + 1500].split("\ndef ", 1)[0]
        _python_fact(k, tree, f"nox -s {name}", f"noxfile.py session `{name}`", body, "")
    elif conf := tree.first("asv.conf.json", "asv.conf.jsonc"):
        folder = _asv_folder(tree, conf)
        k.fact("python/benchmarks", "Python benchmarks", f"Python benchmarks: asv suites in {folder}/ ({conf}); "
               "run them with `asv run`, or `asv continuous <base> HEAD` to compare two commits.", conf)  # fmt: skip
    else:
        _pytest_benchmarks(k, tree, manifests)


def _manifest(rel: str) -> bool:
    name = rel.rsplit("/", 1)[-1]
    listed = bool(re.match(r"requirements.*\.txt$", name)) or rel.startswith("requirements/")  # yarl's codspeed.txt
    return name in ("pyproject.toml", "setup.cfg", "setup.py", "tox.ini") or listed


def _python_fact(k: Knowledge, tree: Tree, command: str, source: str, text: str, also: str) -> None:
    files = _python_files(tree, text)
    tool = _tool(text + "\n".join(tree.read(f) or "" for f in files[:3]))
    folder = next((f.rsplit("/", 1)[0] for f in tree.named("__init__.py") if BENCH_PACKAGE.search(f)), "")
    ran = f": runs {human_list(files, 3)}" if files else f": the scripts in {folder}/" if folder else ""
    ran += f" with {tool}" if tool and ran else f", with {tool}" if tool else ""
    k.fact("python/benchmarks", "Python benchmarks", f"Python benchmarks run with `{command}` ({source}{ran})"
           f"{also}.", source.split(" ")[0], *files[:2])  # fmt: skip


def _asv_folder(tree: Tree, conf: str) -> str:
    text = re.sub(r"^\s*//[^\n]*", "", tree.read(conf) or "", flags=re.MULTILINE)  # asv allows comments
    try:
        folder = json.loads(text).get("benchmark_dir", "benchmarks")
    except (ValueError, AttributeError):
        folder = "benchmarks"
    return str(folder).strip("/") or "benchmarks"


def _pytest_benchmarks(k: Knowledge, tree: Tree, manifests: str) -> None:
    """Test files that use pytest-benchmark's `benchmark` fixture or pytest-codspeed's marker, the plugin declared:
    `pytest <file>` runs them (with `--codspeed`, CodSpeed measures instead of only running them)."""
    plugin = next((p for p in ("pytest-codspeed", "pytest-benchmark") if p in manifests), None)
    if not plugin:
        return
    candidates = [f for f in tree.files if f.endswith(".py") and re.search(r"bench", f.rsplit("/", 1)[-1])]
    files = [
        f
        for f in candidates[:40]
        if re.search(r"\bdef test_\w*\([^)]*\bbenchmark\b|pytest\.mark\.benchmark", tree.read(f) or "")
    ]
    if not files:
        return
    flag = " --codspeed" if plugin == "pytest-codspeed" else ""
    k.fact("python/benchmarks", "Python benchmarks", f"Python benchmarks: {plugin} tests in {human_list(files, 3)}; "
           f"run them with `pytest {' '.join(files[:2])}{flag}`.", *files[:2])  # fmt: skip


RAKE_TASK = re.compile(r"""^\s*(?:task\s*\(?\s*|Rake::\w+\.new\s*\(?\s*)[:'"]?(bench(?:mark)?s?)\b""", re.MULTILINE)


RAKE_NAMESPACE = re.compile(r"""^(\s*)namespace\s*\(?\s*[:'"](perf|performance|bench(?:mark)?s?)\b[^\n]*\n""", re.M)
SETUP_TASK = re.compile(r"setup|prepare|before|env|environment|default")


def _namespace_tasks(text: str) -> tuple[str, list[str]] | None:
    """The tasks of a Rakefile's benchmark namespace (omniauth's `namespace :perf` with `ips` and `mem`), the one
    that only prepares the others left out; None without such a namespace."""
    space = RAKE_NAMESPACE.search(text)
    if not space:
        return None
    names: list[str] = []
    for line in text[space.end() :].splitlines():
        if line.strip() == "end" and len(line) - len(line.lstrip()) <= len(space.group(1)):
            break
        task = re.match(r"""^\s+task\s*\(?\s*[:'"]?(\w+)""", line)
        if task and not SETUP_TASK.fullmatch(task.group(1)):
            names.append(task.group(1))
    return (space.group(2), names) if names else None


def ruby_benchmarks(k: Knowledge, tree: Tree) -> None:
    """A Rake task named bench/benchmark, else the Ruby scripts of a benchmark(s)/ or bench/ folder, each run on
    its own; `bundle exec` when they require a gem the Gemfile brings (benchmark-ips)."""
    bundle = "bundle exec " if tree.has("Gemfile") else ""
    for rel in [r for r in ("Rakefile", "rakefile", "Rakefile.rb") if tree.has(r)] + [
        f for f in tree.files if re.fullmatch(r"(rakelib|tasks)/[\w-]+\.rake", f)
    ]:
        text = tree.read(rel) or ""
        task = RAKE_TASK.search(text)
        if task:
            needed = _required_env(text, task.start())
            named = human_list([f"`{v}`" for v in needed], 3)
            needs = f", with {named} set: the task reads {'it' if len(needed) == 1 else 'them'} with no default"
            k.fact("ruby/benchmarks", "Ruby benchmarks", f"Ruby benchmarks run with `{bundle}rake {task.group(1)}` "
                   f"({rel} task `{task.group(1)}`){needs if needed else ''}.", rel)  # fmt: skip
            return
        if tasks := _namespace_tasks(text):
            space, names = tasks
            listed = human_list([f"`{bundle}rake {space}:{n}`" for n in names], 3)
            k.fact("ruby/benchmarks", "Ruby benchmarks", f"Ruby benchmarks run with {listed} "
                   f"({rel} namespace `{space}`).", rel)  # fmt: skip
            return
    scripts = [
        f for f in tree.files if re.fullmatch(r"(bench|benchmarks?)/[\w.-]+\.rb", f) and not READS_RESULTS.search(f)
    ]
    if not scripts:
        return
    texts = {f: tree.read(f) or "" for f in scripts}
    ips = any(re.search(r"""require\s*\(?\s*['"]benchmark/ips['"]""", t) for t in texts.values())
    helpers = {f for f in scripts if any(_requires(t, f) for t in texts.values())}
    runnable = [f for f in scripts if f not in helpers] or scripts
    gems = set(re.findall(r"""\bgem\s*\(?\s*['"]([\w-]+)['"]""", gem_text(tree)))
    gems |= set(re.findall(r"""add_\w*dependency\s*\(?\s*['"]([\w-]+)['"]""", gem_text(tree)))
    required = {
        r.replace("/", "-") for t in texts.values() for r in re.findall(r"""require\s*\(?\s*['"]([\w/-]+)['"]""", t)
    }
    runner = bundle if gems & required else ""
    k.fact("ruby/benchmarks", "Ruby benchmarks", f"Ruby benchmarks are scripts in {runnable[0].split('/')[0]}/"
           + (" using benchmark-ips" if ips else "") + f": run one with `{runner}ruby {runnable[0]}`"
           + (f" (the others: {human_list(runnable[1:4], 3)}" + (" and more" if len(runnable) > 4 else "") + ")"
              if len(runnable) > 1 else "") + ".", *runnable[:2])  # fmt: skip


REQUIRED_ENV = re.compile(
    r"""\bENV\[['"](\w+)['"]\]\.(?!nil\?|to_s\b|to_i\b)\w+|\bENV\.fetch\(\s*['"](\w+)['"]\s*\)(?!\s*\{)"""
)
"""An environment variable a task calls a method on or fetches with no default (haml's
`ENV['TEMPLATE'].split(',')`): run bare, the task fails."""


def _required_env(text: str, start: int) -> list[str]:
    """The variables the Rake task starting at ``start`` cannot run without, read up to its closing `end`."""
    lines = text[start:].splitlines()
    indent = len(lines[0]) - len(lines[0].lstrip())
    body = []
    for line in lines[1:]:
        if line.strip() == "end" and len(line) - len(line.lstrip()) == indent:
            break
        body.append(line)
    found = (a or b for a, b in REQUIRED_ENV.findall("\n".join(body)))
    return list(dict.fromkeys(found))


def _requires(text: str, rel: str) -> bool:
    """Whether a script loads ``rel`` (a helper of the others, not a benchmark to run)."""
    stem = rel.rsplit("/", 1)[-1].removesuffix(".rb")
    # loofah's benchmark.rb: `require "#{File.dirname(__FILE__)}/helper.rb"`, a path; its helper.rb's bare
    # `require "benchmark"` loads Ruby's own library, not benchmark.rb
    relative = rf"""require_relative\s*\(?\s*['"]([^'"\n]*/)?{re.escape(stem)}(\.rb)?['"]"""
    return bool(re.search(rf"""{relative}|require\s*\(?\s*['"][^'"\n]*/{re.escape(stem)}(\.rb)?['"]""", text))


JMH = re.compile(r"org\.openjdk\.jmh|me\.champeau\.(gradle\.)?jmh|\bjmh\s*\{")


def jvm_benchmarks(k: Knowledge, tree: Tree, wrapper: str, gradle: bool, modules: list[str]) -> None:
    """JMH: the build's own task for it (the jmh plugin's `jmh`, a JavaExec task running org.openjdk.jmh.Main), a
    Maven profile that packages the benchmarks jar, or a benchmarks module."""
    builds = [f for f in tree.files if f.endswith(("pom.xml", "build.gradle", "build.gradle.kts"))][:40]
    texts = {f: tree.read(f) or "" for f in builds}
    with_jmh = [f for f, t in texts.items() if JMH.search(t)]
    if not with_jmh:
        return
    for rel in with_jmh:
        folder = rel.rsplit("/", 1)[0] if "/" in rel else ""
        text = texts[rel]
        where = _jmh_sources(tree, folder)
        if gradle and rel.endswith((".gradle", ".kts")):
            task = _gradle_task(text)
            if task:
                # sirix' settings move `:sirix-benchmarks` to bundles/sirix-benchmarks: the task path is the project's
                target = gradle_task(tree, folder, task) if folder else task
                _jvm_fact(k, where, f"`{wrapper} {target}`", rel)
                return
        elif rel.endswith("pom.xml") and (profile := _maven_profile(text)):
            ident, jar, phase = profile
            then = f", then `java -jar {folder + '/' if folder else ''}target/{jar}.jar`" if jar else ""
            _jvm_fact(k, where, f"`{wrapper} {phase} -P{ident}`{then}", rel)
            return
        elif rel.endswith("pom.xml") and folder and re.match(r"(\w+[-_])?(bench|benchmarks?|jmh|perf)$", folder):
            _jvm_fact(k, where, _maven_module(text, wrapper, folder, folder in modules), rel)
            return


def _jmh_sources(tree: Tree, folder: str) -> str:
    prefix = f"{folder}/" if folder else ""
    if tree.under(f"{prefix}src/jmh"):
        return f"{prefix}src/jmh"
    named = [f for f in (tree.under(folder) if folder else tree.files) if re.search(r"(?i)bench|jmh|perf", f)]
    found = [f for f in named[:200] if f.endswith((".java", ".kt")) and "@Benchmark" in (tree.read(f) or "")]
    folders = sorted({f.rsplit("/", 1)[0] for f in found[:20]})
    return folders[0] if len(folders) == 1 else (folder or "")


def _jvm_fact(k: Knowledge, where: str, run: str, source: str) -> None:
    k.fact("jvm/benchmarks", "JMH benchmarks", f"JMH benchmarks{f' in {where}/' if where else ''}: run them with "
           f"{run} ({source}).", source)  # fmt: skip


def _gradle_task(text: str) -> str:
    """The jmh plugin's `jmh` task, or a task the build registers to run org.openjdk.jmh.Main (java-jwt's runJMH)."""
    if re.search(r"me\.champeau\.(gradle\.)?jmh|libs\.plugins\.jmh\b", text):  # jenetics applies it by its alias
        return "jmh"
    for task in re.finditer(
        r"""(?:register|create)\s*\(?\s*['"](\w+)['"]\s*,\s*JavaExec|task\s+(\w+)\s*\(\s*type\s*:\s*JavaExec""", text
    ):
        body = text[task.end() : task.end() + 600]
        if "org.openjdk.jmh.Main" in body:
            return task.group(1) or task.group(2)
    return ""


def _maven_profile(text: str) -> tuple[str, str, str] | None:
    """(the id of a profile named for benchmarks, the jar it builds when it names one, the phase that runs or
    packages them: vavr's profile runs JMH through exec-maven-plugin in the test phase)."""
    for profile in re.findall(r"<profile>(.*?)</profile>", text, re.DOTALL):
        ident = re.search(r"<id>\s*([\w.-]+)\s*</id>", profile)
        if ident and re.fullmatch(r"(bench|benchmarks?|jmh|perf)", ident.group(1)):
            jar = re.search(r"<finalName>\s*([\w.-]+)\s*</finalName>", profile)
            runnable = jar and "org.openjdk.jmh.Main" in profile
            executes = re.search(r"exec-maven-plugin</artifactId>.*?<phase>\s*([\w-]+)\s*</phase>", profile, re.DOTALL)
            phase = executes.group(1) if executes and not runnable else "package"
            return ident.group(1), jar.group(1) if runnable and jar else "", phase
    return None


def _maven_module(text: str, wrapper: str, folder: str, member: bool) -> str:
    """How a benchmarks module's own pom runs JMH: exec:java on its main class, exec bound to a phase, or a jar."""
    select = f"-pl {folder} -am" if member else f"-f {folder}/pom.xml"
    exec_plugin = re.search(r"<artifactId>exec-maven-plugin</artifactId>(.*?)</plugin>", text, re.DOTALL)
    if exec_plugin and (phase := re.search(r"<phase>\s*([\w-]+)\s*</phase>", exec_plugin.group(1))):
        return f"`{wrapper} {select} {phase.group(1)}`, whose exec-maven-plugin runs them in the {phase.group(1)} phase"
    if exec_plugin and "<goal>java</goal>" in exec_plugin.group(1):
        return f"`{wrapper} -f {folder}/pom.xml compile exec:java`"
    jar = re.search(r"<finalName>\s*([\w.-]+)\s*</finalName>", text)
    if jar and "org.openjdk.jmh.Main" in text:
        return f"`{wrapper} {select} package`, then `java -jar {folder}/target/{jar.group(1)}.jar`"
    return f"`{wrapper} {select} package`, which builds the {folder}/ module"
