"""What CI runs on a change: the test and lint workflows' jobs and their shell commands, parsed as YAML.

Release, publish, lock, docs-deploy, security-scan and bot workflows are left out: they run no command a
contributor runs. A step line is kept only when it reads as a command on its own: no unexpanded ``${{ … }}``
or ``$VAR``, no shell control fragment (``case``/``esac``, ``then``), no folded flag, no setup noise.
"""

from __future__ import annotations

import posixpath
import re
import time
from dataclasses import dataclass, field
from typing import Any

import yaml

from picasso_tui.anchors.gitutil import committed_at, untouched_for
from picasso_tui.profile.ci_appveyor import FILES as APPVEYOR_FILES
from picasso_tui.profile.ci_appveyor import appveyor_branches, appveyor_lines
from picasso_tui.profile.ci_defaults import travis_default
from picasso_tui.profile.ci_inputs import with_inputs
from picasso_tui.profile.ci_matrix import matrix_phrase
from picasso_tui.profile.ci_steps import (
    ANY_EXPRESSION,
    CHECK_ACTIONS,
    SPECIAL_CFG,
    commits_fixes,
    folders_of_other_checkouts,
    global_tools,
    matrix_folders,
    matrix_lines,
    narrowed,
    never_runs,
    only_sets_up,
    posix_shell,
    required_in_ci,
    run_default,
    runs_global_tool,
    without_ci_values,
)
from picasso_tui.profile.ci_woodpecker import stem, woodpecker_files, woodpecker_lines
from picasso_tui.profile.go_flags import goflags_tags, with_go_tags
from picasso_tui.profile.guide_blocks import BUILD_STEP, configured_folder
from picasso_tui.profile.walk import Tree

NOT_TEST_WORKFLOW = re.compile(
    r"(^|[-_.])(lock|locks|publish|release|releases|releaser|release-plz|deploy|deployment|pages|website|site|gh-pages|codeql|"
    r"scorecards?|labeler|label|labels|stale|backport|zizmor|autofix|dependency-review|dependabot|greetings?|"
    r"triage|welcome|close|size|size-data|size-report|ecosystem|citgm|links?-check|title|pr-title|sponsors?|"
    r"bot|cla|issue|issues|nightly|cron|benchmark|benchmarks|bench|codspeed|perf|performance|fuzz|supply-chain|"
    r"security|sbom|upload|tag|docker|image|images|container|team|contributors|refresh\w*|mirror|sync|pypi|docset|"
    r"npm-publish|pages-deploy|install|pkgcheck|abicheck|abi-check|coverity|coverity-scan|autopkgtest|"
    r"vulnerability|vulnerabilities|vulnerability-scanning|trivy)([-_.]|$)",
    re.IGNORECASE,
)
"""Words in a workflow's file name that say it does not test a change (zlib-ng's pkgcheck.yml compares the
packages two builds make, it runs no test; libsrtp's coverity_scan.yml wraps its build in `cov-build`, a tool only
the scan's CI has; openrouteservice's vulnerability-scanning.yml packages a WAR for Trivy). An AppImage workflow
stays: geeqie's build the app on every push (ppsspp's `ldd` check in one is no build by its own words)."""
NOT_CHANGE_JOB = re.compile(
    r"pathological|stress|soak|fuzz|bench|goreleaser|coverity|autopkgtest|trivy|vulnerabilit", re.IGNORECASE
)
"""Words in a job's id or name that say it runs a special suite or ships a release, not the tests of a change."""
RELEASE_ONLY = re.compile(
    r"refs/tags|github\.event_name\s*==\s*'(release|schedule|workflow_dispatch)'|github\.event\.release|"
    r"startsWith\(\s*github\.ref_name",
)
"""A job condition that holds only for a tag, a release or a manual run: the job never runs on a change."""
NEGATED = re.compile(r"!\s*(startsWith|contains)\([^)]*refs/tags|!=\s*'refs/tags")
DEPLOY_ENV = re.compile(r"release|prod|deploy|publish|pages|pypi|npm|crates|maven|docker", re.IGNORECASE)
"""A deployment environment's name: the job ships, it does not test."""


def change_job(job_id: object, job: object) -> bool:
    """A job that runs when a change is pushed: not named for housekeeping or a special suite, not gated on a
    tag or a release (`if: startsWith(github.ref, 'refs/tags/v')`), not deploying to an environment."""
    if not isinstance(job, dict):
        return False
    named = NOT_TEST_WORKFLOW.search(str(job_id))
    if named and not (named.group(2).lower() in ("docker", "container") and not _publishes(job)):
        return False  # a job named `docker` that runs the tests in containers (CLI11's compiler matrix) tests
    if NOT_CHANGE_JOB.search(f"{job_id} {job.get('name') or ''}"):
        return False
    environment = job.get("environment")
    environment = environment.get("name") if isinstance(environment, dict) else environment
    condition = str(job.get("if") or "")
    if re.fullmatch(r"\s*(\$\{\{\s*)?false(\s*\}\})?\s*", condition):
        return False  # nock's lint-typescript job, `if: ${{ false }}`: switched off, it never runs
    # ruby-git's `github.event_name == 'workflow_dispatch' || (github.event_name == 'pull_request' && …)`: a change
    # runs it too
    on_change = re.search(r"\|\|[^|]*github\.event_name\s*==\s*'(pull_request|push)", condition)
    release_only = RELEASE_ONLY.search(condition) and not NEGATED.search(condition) and not on_change
    # smallrye-config's quality and docs jobs run `if: github.event_name == 'push'`: after a merge, never as the
    # check a pull request passes
    after_merge = re.search(r"github\.event_name\s*==\s*'push'", condition) and "pull_request" not in condition
    return not release_only and not after_merge and not DEPLOY_ENV.search(str(environment or ""))


def _publishes(job: dict[Any, Any]) -> bool:
    """The job builds and pushes an image (docker/build-push-action, `docker push`): a release step."""
    text = str(job.get("steps") or "")
    return bool(re.search(r"build-push-action|login-action|docker push|publish", text))


CHANGE_EVENTS = frozenset({"push", "pull_request", "merge_group"})
SETUP = re.compile(
    r"^(sudo (?!(make|ninja|ctest) )|apt(-get)? |apk |dnf |yum |zypper |pacman |brew |choco |echo |printf |cd |"
    r"mkdir |rm |cp |mv |ls\b|dd |"
    r"tree\b|cat |export |set |source |"
    r"sed |perl -p|createdb |dropdb |createuser |psql |mysql |mysqladmin |pg_ctl |pg_ctlcluster |redis-cli |"
    r"service |systemctl |"
    r"pushd|popd|git |curl |wget |tar |unzip |chmod |ln |pip install --upgrade pip|python -m pip install --upgrade pip|"
    r"npx envinfo|envinfo|docker |gh |if |then\b|else\b|elif |fi\b|for |do\b|done\b|while |case |esac\b|test -\w |\[ |"
    r"[\w*|-]+\)$|;;|\}|\{|exit\b|shell:|working-directory:|env:|with:|\w+=\S*$)"
)
"""Lines that set a machine up (que's `createdb que-test` before `bundle exec rake test`: the database the tests
use; clib's `sudo make test` is its suite, run as root), rewrite files in place for CI (zustand's `sed -i~ …
tests/*.tsx`) or are shell control structure, not a project command."""
"""Flags known to take the next word as their value; before a CI-only value, both go."""
COMMAND_START = re.compile(r"^(\./\.?)?[A-Za-z][\w.+-]*(/[\w.+-]+)*(\s|$)")
"""A program or the repository's own script, a hidden one too (wren's CI runs `./.travis.sh`)."""


@dataclass(frozen=True)
class CiStep:
    file: str
    job: str
    command: str
    may_fail: bool = False
    """The job or step has `continue-on-error: true`: CI lets it fail (junit-pioneer's experimental build)."""
    in_build_tree: bool = False
    """The line runs after a `cd` into the build tree CI configured: what CI runs, not a command for the checkout."""


def load_workflow(text: str) -> dict[Any, Any]:
    try:
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return {}
    return data if isinstance(data, dict) else {}


def _triggers(data: dict[Any, Any]) -> set[str]:
    """The events that start a workflow. YAML 1.1 reads a bare ``on:`` key as True, so both spellings are looked
    up; a push filtered to tags only (joda-time's `push: tags: ['tzdb*']`) is a release, not a change."""
    on = data.get("on", data.get(True))
    if isinstance(on, str):
        return {on}
    if isinstance(on, list):
        return {str(x) for x in on}
    if isinstance(on, dict):
        push = on.get("push")
        tags_only = (
            isinstance(push, dict) and bool(push) and set(push) <= {"tags", "tags-ignore", "paths", "paths-ignore"}
        )
        # nock's fix-formatting.yaml: pushes to dependabot's branches only, a bot's chore, no change of a contributor's
        bots = (
            isinstance(push, dict)
            and push.get("branches")
            and all(re.match(r"(dependabot|renovate)/", str(b)) for b in push.get("branches") or [])
        )
        # RediSearch's flow-temp.yml: `branches-ignore: ['**']` leaves out every branch, the push never starts it
        none = isinstance(push, dict) and any(str(b) in ("**", "*") for b in push.get("branches-ignore") or [])
        # ccextractor's build_appimage.yml runs on a release, and on a push only to try out edits of its own files
        own = isinstance(push, dict) and bool(push.get("paths")) and "release" in on
        return {str(x) for x in on if not (x == "push" and ((tags_only and "tags" in push) or bots or none or own))}
    return set()


def runs_on_change(rel: str, data: dict[Any, Any]) -> bool:
    """A workflow that tests a change: started by a push or pull request, and not named for housekeeping."""
    name = rel.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    triggers = _triggers(data)
    # environs' build-release.yml tests every pull request and publishes on tags: only its publish job is left out
    both = re.search(r"(^|[-_.])(build|test|tests|ci|check)([-_.]|$)", name) and "pull_request" in triggers
    if NOT_TEST_WORKFLOW.search(name) and not (
        both and re.fullmatch(r"[\w]+[-_](release|publish)|(release|publish)[-_][\w]+", name)
    ):
        return False
    if not triggers:  # no `on:` at all reads as a change; one filtered to tag pushes only is a release (http's)
        return data.get("on", data.get(True)) is None
    return bool(triggers & CHANGE_EVENTS)


SHELL_FUNCTION = re.compile(r"^\s*(?:function\s+)?([A-Za-z_][\w-]*)\s*\(\)\s*\{?", re.M)
GUARDED = re.compile(r"^if ! (?!(?:command|type|which|hash|grep|test|diff|cmp|git)\b|\[)([^;]+); then$")
"""`if ! ./gradlew assembleDebug; then`: the command runs, and the script stops when it fails. A probe (`if !
command -v cargo-deny`, `if ! git diff --quiet`) only looks."""


def logical_lines(script: str) -> list[str]:
    """A ``run:`` script as commands: backslash continuations and lines ending in `&&`, `||` or `|` (the shell reads
    on: fast_float's `mkdir build &&` / `cd build &&` / `ctest`) joined, comments dropped. The body of a shell loop
    runs once per item with the loop's variables (fsnotify's `go vet ./... || fail=1` for each GOOS): not a command
    to type as it stands. A function the script defines is its own, not a command (termux's `exit_on_error "Build
    failed"`); a command guarded by `if ! …; then` runs all the same (termux's `if ! ./gradlew assembleDebug; then`)."""
    out: list[str] = []
    pending = ""
    loops = 0
    functions = {m.group(1) for m in SHELL_FUNCTION.finditer(script)}
    heredoc = ""  # ArduinoJson's `g++ -x c++ - <<END` feeds C++ lines to the compiler until END: no commands
    array = False  # ddnet's `packages=(` / `ninja-build` / `valgrind` / `)`: the words of a shell array, no commands
    for raw in script.splitlines():
        line = raw.strip()
        if heredoc:
            heredoc = "" if line == heredoc else heredoc
            continue
        if array:
            array = not re.match(r"^\)", line)
            continue
        if re.match(r"^(declare -a |local )?\w+=\(\s*(#.*)?$", line):
            array = True
            continue
        if opened := re.search(r"<<-?\s*['\"]?(\w+)['\"]?\s*$", line):
            heredoc = opened.group(1)
        if line.startswith("#"):
            continue
        if re.match(r"^(for|while|until)\s", line) and not re.search(r"\bdone\b", line):  # `do` here or next
            loops += 1
            continue
        if loops and re.match(r"^done\b", line):
            loops -= 1
            continue
        if loops:
            continue
        if line.endswith("\\"):
            pending += line[:-1].strip() + " "
            continue
        if _open_quote(pending + line):  # line_profiler's `echo "` over five lines of text: one command
            pending += line + " "
            continue
        if re.search(r"(&&|\|\||\|)$", line):
            pending += line + " "
            continue
        line = (pending + line).strip()
        pending = ""
        if guarded := GUARDED.match(line):
            line = guarded.group(1).strip()
        if line and not (functions and line.split(maxsplit=1)[0] in functions):
            out.append(line)
    if pending.strip():
        out.append(pending.strip())
    return out


def _open_quote(text: str) -> bool:
    """Whether the text leaves a quoted string open: its next line is part of the same word."""
    quote = ""
    escaped = False
    for at, char in enumerate(text):
        if escaped:
            escaped = False
        elif char == "\\" and quote != "'":
            escaped = True
        elif quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == "#" and (at == 0 or text[at - 1].isspace()):
            break  # a comment's apostrophe (`# don't`) opens nothing
    return bool(quote)


MAX_LINE = 140
"""Longer than this, a CI line is a script written on one line; cursive's `cargo check --features "builder
blt-backend … ansi"` (130 characters) still is a command a contributor types."""


PLAIN_SETTINGS = re.compile(
    r"^((?!(CI|FORCE_COLOR|NO_COLOR|TERM|PY_COLORS|CLICOLOR\w*|\w*TOKEN\w*|\w*FLAGS|DESTDIR|PREFIX)=)"
    r"[A-Z][A-Z0-9_]*=[\w.,:/-]+\s+)+"
)
"""Settings a CI line keeps: not CI's log, colour or secrets, nor compiler flags (xxHash's `CFLAGS=-Werror make`
makes warnings fatal for CI, and the build stands without them)."""


def clean_command(line: str) -> str | None:
    """The line as a contributor could type it, or None when it is setup, a fragment or needs CI's variables."""
    line = re.sub(r"\s+#\s.*$", "", line).strip()
    line = re.sub(r"^mold -run ", "", line)  # roapi's CI links with mold, which it installs: the build is the same
    line = re.sub(r"\s*\|\|\s*false$", "", line)  # a failure that stays one: `rake spec || false` is `rake spec`
    if re.match(r"(\./)?gradlew?\b", line):
        # bitcoinj's CI `gradle build --scan --init-script build-scan-agree.gradle --info --stacktrace` publishes a
        # build scan and logs for CI's page: no part of building it here
        line = re.sub(r"\s(--scan|--info|--stacktrace|--init-script \S*scan\S*\.gradle(\.kts)?)(?=\s|$)", "", line)
    if len(tries := [t.strip() for t in line.split(" || ")]) > 1 and len(set(tries)) == 1:
        line = tries[0]  # cassandra-reaper's flaky suites run `run-tests.sh || run-tests.sh`: one run, retried
    if added := re.fullmatch(r"rustup (?:component|target) add [\w. -]+? && (.+)", line):
        return clean_command(added.group(1))  # comrak's `rustup component add clippy && cargo clippy -- -Dwarnings`
    if wrapped := re.fullmatch(r"(?:ba)?sh -c (['\"])([^'\"]+)\1", line):
        return clean_command(wrapped.group(2))  # jOOL's Travis `sh -c 'cd jOOL && mvn test'`: the command inside
    # ureq's `cargo +${{steps.toolchain.outputs.name}} clippy`: the toolchain its setup step chose, stable by default
    line = re.sub(r"^cargo \+\$\{\{\s*steps\.[\w-]+\.outputs\.[\w-]+\s*\}\}\s", "cargo ", line)
    if re.search(r"\s-Z\s|\s\+nightly\b", line):
        return None  # `cargo build -Z avoid-dev-deps` needs a nightly toolchain
    if re.match(r"^(test|\[\[?)\s", line) or re.search(r"(\|\||&&)\s*\{?\s*$|\{\s*$", line):
        return None  # a shell test (`test -f "$F" || {`) or the opening of a shell block
    # golang-lru's tool CI installs into the checkout is the tool; hiredis' test.sh is the repository's script
    line = re.sub(r"^\$\{?GITHUB_WORKSPACE\}?/(?=\S+\.(sh|py|bash)\b|\S*/)", "./", line)
    line = re.sub(r"^\$\{?GITHUB_WORKSPACE\}?/", "", line)
    line = re.sub(r"^(~|\$\{?HOME\}?)/\.composer/vendor/bin/", "", line)  # php-jwt's global PHPStan: `phpstan …`
    line = re.sub(r"\s--(out-)?format[= ]github-actions\b|\s--colou?r[= ]always\b", "", line)  # CI's log only
    # ZipStream-PHP's `composer run test:lint -- --report=results.sarif` writes the file CI uploads to code scanning
    sarif = r"\s--(report|output|output-file|sarif-file)[= ]\S+\.sarif\b|\s--(output-)?format[= ]sarif\b"
    line = re.sub(sarif, "", line)
    # pf4j's `mvn -B verify …:sonar-maven-plugin:sonar` uploads an analysis with CI's token: the build stands alone
    sonar = r"\s(org\.sonarsource\.scanner\.maven:sonar-maven-plugin:[\w.-]*:?sonar|sonar:sonar|-Dsonar\.\S+)(?=\s|$)"
    if re.search(sonar, line) and not re.search(r"\s(test|verify|install|package|check|build)(?=\s|$)", line):
        return None  # metrics' own step runs `./mvnw -B -ff -ntp …:sonar` and nothing else: the upload is all of it
    line = re.sub(sonar, "", line)
    # `CXX_LD=${{ matrix.linker }}` too, and mpv's `PR=${{ … format('-pr{0}', …) || '' }}` with braces inside
    if re.fullmatch(rf"(?:\w+=(?>\"[^\"]*\"|'[^']*'|{ANY_EXPRESSION}|\S*)(?:\s+|\Z))+", line):
        return None  # mpv's `PR=${{ … }}` only sets a variable: no command
    env = rf"^(\w+=(\"[^\"]*\"|'[^']*'|{ANY_EXPRESSION}\S*|\S*)\s+)+(?=\S)"
    service = r"[A-Z0-9_]*(URL|URI|DSN|TOKEN|KEY|SECRET|PASSWORD|HOST|ADDR|PORT|SCHEMA|USER|DATABASE)"
    if re.search(rf"\s--?[\w-]+[ =]\"?\$\{{?{service}\}}?\"?(?=\s|$)", re.sub(env, "", line)):
        return None  # river's `river migrate-up --database-url $DATABASE_URL`: the value is CI's secret or service
    # CI's environment goes; a plain setting stays where the command needs it (sqlancer's `CITUS_AVAILABLE=true mvn …`
    # runs TestCitus, which skips without it), but for CI's own log and colour switches
    kept = PLAIN_SETTINGS.match(line)
    setting = kept.group(0) if kept else ""
    line = without_ci_values(re.sub(env, "", line[len(setting) :]))
    if line.startswith("make "):  # `make phpcs PHPCS_FLAGS='… | cs2pr'`: a variable that shapes CI's report
        line = re.sub(r"\s+[A-Z_][A-Z0-9_]*=(['\"])[^'\"]*(\||\$|report|format)[^'\"]*\1", "", line)  # not -W
    line = re.sub(r"\s--$", "", line)  # `uvx nox -s "${{ … }}" -- ${{ … }}`: nothing is left to pass on
    if re.search(r"\|\s*(\S*/)?cs2pr(\s[^|]*)?$", line):
        # hashids' `php-cs-fixer fix . --dry-run --rules=@PER-CS --format=checkstyle | cs2pr`: the report goes to the
        # pull request's annotations; the check is the command before it, in its own format
        line = re.sub(r"\s--(format|report|error-format)[= ]checkstyle\b", "", line.rsplit("|", 1)[0].rstrip())
    in_dir = re.match(r"^cd ([\w./-]+) && (.+)$", line)
    if in_dir:
        rest = clean_command(in_dir.group(2))
        # lighttpd's `cd "${{github.workspace}}" && …` enters the checkout's root, where every command runs
        here = in_dir.group(1) not in (".", "./")
        return (f"cd {in_dir.group(1)} && {rest}" if here else rest) if rest else None
    shell = re.sub(r"\s<[\w-]+>(?=\s|$)", " X", line)  # a matrix value's placeholder is no redirection
    unfit = "$" in line or "`" in line or not 3 <= len(line) <= MAX_LINE
    if unfit or re.search(r"[|>&]\s*$|\s[|>]\s|>/dev", shell):
        return None
    if line.startswith("-") or SETUP.match(line) or not COMMAND_START.match(line):
        return None
    if line.count("'") % 2 or line.count('"') % 2 or line.count("(") != line.count(")"):
        return None  # unbalanced quotes or brackets: libevent's iOS build, cut before the `)` that closes it
    if re.search(r"\s--no-run\b", line):
        return None  # a test command that only compiles
    return f"{setting}{line}"


def called_workflows(data: dict[Any, Any], every: bool = False) -> list[str]:
    """Reusable workflows a job calls (``uses: ./.github/workflows/test.yml``): they run as part of this one. Only
    the change jobs' calls, unless ``every``: a deploy job's call still runs the called workflow."""
    jobs = data.get("jobs")
    jobs = jobs if isinstance(jobs, dict) else {}
    return [
        str(job["uses"]).removeprefix("./")
        for job_id, job in jobs.items()
        if isinstance(job, dict) and str(job.get("uses", "")).startswith("./") and (every or change_job(job_id, job))
    ]


SPECIAL_STEP = re.compile(r"nightly|beta|canary|experimental|refs/tags|release|schedule|failure\(\)", re.IGNORECASE)
"""A step condition that holds only on a special toolchain or a release (`if: matrix.rust == 'nightly'`), or only
after a failure (yarl's re-run of the failed tests, `pytest --lf`, to show them in full)."""


def _in_another_checkout(job: dict[Any, Any]) -> bool:
    """The job checks another repository out as its working tree (tomlkit's integration job runs Poetry's own tests
    against tomlkit), or two copies side by side to compare them: its commands are not how the project is built."""
    steps = [s for s in job.get("steps") or [] if isinstance(s, dict)]
    given = [s.get("with") for s in steps if str(s.get("uses") or "").startswith("actions/checkout")]
    placed = [w for w in given if isinstance(w, dict) and w.get("path")]  # cpp-httplib's abidiff: current/, previous/
    return len(placed) > 1 or any(isinstance(w, dict) and w.get("repository") and not w.get("path") for w in given)


def _with_env(run: str, data: dict[Any, Any], job: dict[Any, Any]) -> str:
    """`${{ env.CARGO }}` as the env the job sets it to when that is one word (ripgrep's `CARGO: cargo`, which CI
    switches to `cross` for some targets only); a shell variable the env sets to a matrix value, as that value."""
    envs = {k: v for scope in (data.get("env"), job.get("env")) if isinstance(scope, dict) for k, v in scope.items()}
    said = {str(k): str(v) for k, v in envs.items() if isinstance(v, str) and re.fullmatch(r"[\w.-]+", v)}
    run = re.sub(r"\$\{\{\s*env\.(\w+)\s*\}\}", lambda m: said.get(m.group(1), m.group(0)), run)
    # pgbouncer's `sh ci/run.sh build "$BUILD_SYSTEM"`, the env `BUILD_SYSTEM: ${{ matrix.build_system }}` or `meson`:
    # the script needs the word, so an argument takes the env's value (a matrix one then gives a line per value)
    picked = {str(k): v for k, v in envs.items() if isinstance(v, str) and re.fullmatch(ENV_WORD, v)}
    if not picked:
        return run
    # jerryscript's `$RUNNER -q --jerry-tests`, `RUNNER: tools/run-tests.py`: the program too
    word = re.compile(r"(?:(?<=\S )|^)(?:\"\$\{?(\w+)\}?\"|\$\{?(\w+)\}?)(?=[\s;&\"]|$)")
    return word.sub(lambda m: picked.get(m.group(1) or m.group(2), m.group(0)), run)


def _uv_project(data: dict[Any, Any], job: dict[Any, Any]) -> str:
    """The folder the job's `UV_PROJECT` names in the checkout (trustfall's `${{ github.workspace }}/pytrustfall`):
    uv runs every command there, whatever folder the step is in."""
    for env in (job.get("env"), data.get("env")):
        value = str(env.get("UV_PROJECT") or "") if isinstance(env, dict) else ""
        if found := re.fullmatch(r"(?:\$\{\{\s*github\.workspace\s*\}\}/|\./)?([\w.-]+(?:/[\w.-]+)*)/?", value):
            return found.group(1)
    return ""


def _nightly_only(job: dict[Any, Any]) -> bool:
    """The job installs a nightly Rust and no other (`dtolnay/rust-toolchain@nightly`, `toolchain: nightly`): its
    `cargo fmt` needs `+nightly` elsewhere, where the default toolchain is stable (winit's rustfmt.toml options)."""
    steps = [s for s in job.get("steps") or [] if isinstance(s, dict)]
    chosen = []
    for step in steps:
        uses = str(step.get("uses") or "")
        given = step.get("with") if isinstance(step.get("with"), dict) else {}
        if re.match(r"dtolnay/rust-toolchain@", uses):
            chosen.append(str(given.get("toolchain") or uses.split("@", 1)[1]))
        elif re.match(r"(actions-rs/toolchain|actions-rust-lang/setup-rust-toolchain)@", uses):
            chosen.append(str(given.get("toolchain") or "stable"))
    return bool(chosen) and all(c.startswith("nightly") for c in chosen)


ENV_WORD = r"[\w.-]+(/[\w.-]+)*|\$\{\{\s*matrix\.[\w-]+\s*\}\}"
"""An env value that stands as one word of a command: a literal, or one matrix value."""


CARGO_ACTION = re.compile(r"^(actions-rs/cargo|[\w.-]+/cargo-action)@")
"""An action that runs one cargo command named in its inputs (`with: command: test`, `args: --locked`)."""


def github_steps(rel: str, data: dict[Any, Any]) -> list[CiStep]:
    steps: list[CiStep] = []
    jobs = data.get("jobs")
    if not isinstance(jobs, dict):
        return steps
    for job_id, job in jobs.items():
        if not change_job(job_id, job) or _in_another_checkout(job):
            continue
        made_here: set[str] = set()  # folders this job's steps create: commands run in them need CI's configure
        elsewhere = folders_of_other_checkouts(job)
        installed = global_tools(job)
        required = required_in_ci(job)
        uv_folder = _uv_project(data, job)
        nightly = _nightly_only(job)
        for step in job.get("steps") or []:
            action = CHECK_ACTIONS.get(str(step.get("uses") or "").split("@")[0]) if isinstance(step, dict) else None
            # a whole job CI lets fail is an experiment (junit-pioneer's release-candidate Gradle); one step let
            # fail is still how the project checks (python-semver's `tox run -e checks` lint step)
            may_fail = job.get("continue-on-error") is True
            if action:  # golangci/golangci-lint-action runs `golangci-lint run`: a check as real as a `run:` line
                given = step.get("with") if isinstance(step.get("with"), dict) else {}
                # reviewdog's action names its inputs `workdir` and `golangci_lint_flags` (mosn's: pkg/, its flags)
                where = str(given.get("working-directory") or given.get("workdir") or "")
                args = " ".join(str(given.get("args") or given.get("golangci_lint_flags") or "").split())
                if re.search(r"(^|\s)(--help|-h|--version)(\s|$)", args):
                    continue  # river's `args: --help` only makes the action install golangci-lint for a later step
                # termenv's lint-soft passes `--config .golangci-soft.yml --issues-exit-code=0`: findings never fail
                checked = f"{action} {args}" if args and "$" not in args else action
                if action == "ruff check" and re.match(r"(format|check)\b", args):
                    checked = f"ruff {args}"  # argcomplete's `args: "format --check"`: the subcommand is given
                advisory = may_fail or bool(re.search(r"--issues-exit-code[= ]0\b", args))
                for folder in matrix_folders(where, job):
                    if "$" not in folder:
                        steps.append(CiStep(rel, str(job_id), in_folder_command(folder, checked), advisory))
            run = step.get("run") if isinstance(step, dict) else None
            if run is None and isinstance(step, dict) and CARGO_ACTION.search(str(step.get("uses") or "")):
                given = step.get("with") if isinstance(step.get("with"), dict) else {}
                if given.get("command"):  # bottom's cargo-action: `command: clippy`, `args: … -- -D warnings`
                    run = f"cargo {given['command']} {' '.join(str(given.get('args') or '').split())}".strip()
            if not isinstance(run, str) or SPECIAL_STEP.search(str(step.get("if") or "")):
                continue  # a step only a nightly toolchain or a release runs is not how the project tests
            if never_runs(job, str(step.get("if") or "")):
                continue
            if SPECIAL_CFG.search(f"{job.get('env') or ''} {step.get('env') or ''}"):
                continue  # reqwest's `--cfg reqwest_unstable` build: the command fails without CI's flags
            if not posix_shell(data, job, step):
                continue  # yarl's `shell: python` step is a Python script, not shell lines
            given = str(step.get("working-directory") or run_default(job, "working-directory"))
            for folder in matrix_folders(given, job):  # a matrix of modules runs the same steps in each
                if re.fullmatch(r".*\$\{\{\s*github\.(repository|workspace)\s*\}\}/?", folder):
                    folder = ""  # the checkout itself
                if "$" in folder:
                    continue  # a folder only CI knows: the command would mislead elsewhere
                inside_build = False
                configured: tuple[str, str, int] | None = None  # (build folder, where the chain runs, its step's index)
                here = (
                    folder  # a `cd` on a line of its own moves the lines after it (bitflags' `cd ./tests/smoke-test`)
                )
                run = _with_env(run, data, job)
                seen_by = narrowed(job, str(step.get("if") or ""))
                for line in [x for raw in logical_lines(run) for x in matrix_lines(raw, seen_by)]:
                    if made := re.match(r"^mkdir (?:-p )?([\w./-]+)", line):
                        made_here.add(made.group(1))
                    entered = re.match(r"^(?:.* && )?cd ([\w./-]+)\s*$", line)
                    if entered and entered.group(1) in made_here:
                        inside_build = True  # `mkdir -p build; cd build; cmake --build .`: CI's own build tree
                    if inside_build:
                        continue
                    if re.fullmatch(r"cd [\w./-]+", line.strip()):
                        here = posixpath.normpath(posixpath.join(here or ".", line.split()[1]))
                        continue
                    if here.startswith("..") or " " in here:
                        break  # outside the checkout (another project's), or a folder a shell would split
                    command = clean_command(line)
                    if command and nightly and re.match(r"cargo (fmt|clippy)\b", command):
                        command = "cargo +nightly " + command.removeprefix("cargo ")  # winit's fmt job: rustfmt.toml
                    if command and configured and _builds_in(command, here, *configured[:2]):
                        # xxHash's `cmake -Bbuild`, `cd build`, `make`: one step, a configure alone builds nothing
                        built, start, at = configured
                        moved = posixpath.relpath(built, start or ".") if here == built else ""
                        chain = f"{steps[at].command} && {f'cd {moved} && ' if moved else ''}{command}"
                        steps[at] = CiStep(rel, str(job_id), chain, may_fail)
                        configured = (built, here if moved else start, at)
                    elif command:
                        command = with_go_tags(command, goflags_tags(step.get("env"), job.get("env"), data.get("env")))
                        in_folder = in_folder_command(here, command)
                        if uv_folder and not here and command.startswith("uv "):
                            in_folder = in_folder_command(uv_folder, command)  # trustfall's UV_PROJECT: pytrustfall
                        entered = re.match(r"cd (?:\./)?([\w.-]+)", in_folder)
                        # zlib-ng's MSAN job clones llvm-project and runs `cmake --build llvm-project/build`
                        into = any(re.search(rf"(^|\s){re.escape(e)}/", command) for e in elsewhere)
                        if (
                            not (entered and entered.group(1) in elsewhere)
                            and not into
                            and not runs_global_tool(command, installed)
                            and not (
                                (tool := re.match(r"(?:php )?vendor/bin/([\w.-]+)", command)) and tool[1] in required
                            )
                        ):
                            steps.append(CiStep(rel, str(job_id), in_folder, may_fail))
                            if built := configured_folder(command, here):
                                configured = (built, here, len(steps) - 1)
    return steps


def in_folder_command(folder: str, command: str) -> str:
    """The command as run from the checkout's root: `cd v2 && go test ./...` for a step in v2/."""
    if folder in ("", ".", "./"):
        return command
    if inner := re.match(r"cd ([\w./-]+) && ", command):  # `cd example && go build` in v2/: `cd v2/example && …`
        return f"cd {posixpath.normpath(posixpath.join(folder, inner.group(1)))} && {command[inner.end() :]}"
    return f"cd {folder} && {command}"


def _builds_in(command: str, here: str, built: str, start: str) -> bool:
    """The command builds in the folder a configure line set up: `make` there, or `cmake --build build` where the
    configure ran."""
    if here == built and BUILD_STEP.match(command):
        return True
    named = re.match(r"(?:cmake --build|meson compile -C) ([\w./-]+)", command)
    return bool(named and here == start and posixpath.normpath(posixpath.join(here or ".", named.group(1))) == built)


def gitlab_steps(rel: str, data: dict[Any, Any]) -> list[CiStep]:
    steps: list[CiStep] = []
    for job_id, job in data.items():
        if str(job_id).startswith(".") or not isinstance(job, dict) or NOT_TEST_WORKFLOW.search(str(job_id)):
            continue
        if NOT_CHANGE_JOB.search(str(job_id)):
            continue
        if str(job.get("stage", "test")) in ("deploy", "release", "publish", "pages"):
            continue
        script = job.get("script")
        for line in script if isinstance(script, list) else [script] if isinstance(script, str) else []:
            for logical in logical_lines(str(line)):
                command = clean_command(logical)
                if command:
                    steps.append(CiStep(rel, str(job_id), command))
    return steps


BUILD_TREE = re.compile(r"^(\./)?(build|_build|builds?[-_]\w+|out|obj|cmake-build[-\w]*|target)/?$")
"""A folder CI configures and builds in: the lines after `cd build` run in CI's own build tree."""


ONE_LINE_IF = re.compile(r"if (?:[^;]|;(?! then\b))+; then (.+?)(?:; else (.+?))?;? fi;?")
"""A Travis one-liner picking a job's commands (munit's `if [ "${BUILD_SYSTEM}" = "meson" ]; then ninja -Cbuild
test; else make test; fi`): each branch is a way the project is built or tested."""


def _branches(line: str) -> list[str]:
    """The commands of both branches of a one-line `if …; then …; else …; fi`, else the line itself."""
    found = ONE_LINE_IF.fullmatch(line.strip())
    if not found:
        return [line]
    return [part.strip() for branch in found.groups() if branch for part in branch.split("; ") if part.strip()]


def _script_steps(rel: str, job: str, script: object) -> list[CiStep]:
    """A script list's commands; a line of its own `cd x` moves the lines after it (`cd x && …`), and after a `cd`
    into a build tree (rapidjson's Travis `cd build`, `make tests`) the rest runs where only CI configured: kept for
    the CI fact, marked so that no role takes it."""
    lines = script if isinstance(script, list) else [script] if isinstance(script, str) else []
    steps: list[CiStep] = []
    here = ""
    built = False
    for logical in (x for line in lines for y in logical_lines(str(line)) for x in _branches(y)):
        moved = re.fullmatch(r"cd ([\w./-]+)", logical.strip())
        if moved and BUILD_TREE.match(moved.group(1)):
            built = True
            continue
        if built:
            if command := clean_command(logical):
                steps.append(CiStep(rel, job, command, in_build_tree=True))
            continue
        if moved:
            here = posixpath.normpath(posixpath.join(here or ".", moved.group(1)))
            continue
        if here.startswith(".."):
            break
        if command := clean_command(logical):
            steps.append(CiStep(rel, job, f"cd {here} && {command}" if here not in ("", ".") else command))
    return steps


def circleci_steps(rel: str, data: dict[Any, Any]) -> list[CiStep]:
    """CircleCI's `run:` steps (a string, or a mapping with `command:`) of its jobs, release jobs left out."""
    steps: list[CiStep] = []
    jobs = data.get("jobs")
    for job_id, job in jobs.items() if isinstance(jobs, dict) else []:
        if not isinstance(job, dict) or NOT_TEST_WORKFLOW.search(str(job_id)) or NOT_CHANGE_JOB.search(str(job_id)):
            continue
        for step in job.get("steps") or []:
            run = step.get("run") if isinstance(step, dict) else None
            if run is None and isinstance(step, dict) and CARGO_ACTION.search(str(step.get("uses") or "")):
                given = step.get("with") if isinstance(step.get("with"), dict) else {}
                if given.get("command"):  # bottom's cargo-action: `command: clippy`, `args: … -- -D warnings`
                    run = f"cargo {given['command']} {' '.join(str(given.get('args') or '').split())}".strip()
            command = run.get("command") if isinstance(run, dict) else run
            if isinstance(command, str):
                command = _circleci_filled(command, job.get("parameters"), data.get("parameters"))
            steps += _script_steps(rel, str(job_id), command)
    return steps


CIRCLECI_PARAMETER = re.compile(r"<<\s*(pipeline\.)?parameters\.([\w-]+)\s*>>")
"""A job's or the pipeline's parameter in a CircleCI command, filled in when the job runs."""


def _circleci_default(found: re.Match[str], job_parameters: object, pipeline_parameters: object) -> str | None:
    """The default of the parameter ``found`` names, or None when it has none (the workflow's matrix sets it)."""
    table = pipeline_parameters if found.group(1) else job_parameters
    spec = table.get(found.group(2)) if isinstance(table, dict) else None
    value = spec.get("default") if isinstance(spec, dict) else None
    if value is None or isinstance(value, (dict, list)):
        return None
    return str(value).lower() if isinstance(value, bool) else str(value)


def _circleci_filled(command: str, job_parameters: object, pipeline_parameters: object) -> str:
    """The command with each parameter's default filled in. A leading `VAR=<< parameters.x >>` with no default is
    left out (counter_culture's `DB=<< parameters.database >> rspec spec` runs `rspec spec` on the default
    database); another parameter the workflow's matrix sets reads as the shell variable it stands for (`${x}`),
    not as a heredoc and a redirection."""
    lines = []
    for line in command.splitlines():
        assigned = re.match(rf"(\s*)\w+={CIRCLECI_PARAMETER.pattern}\s+", line)
        if assigned and _circleci_default(assigned, job_parameters, pipeline_parameters) is None:
            line = assigned.group(1) + line[assigned.end() :]
        lines.append(
            CIRCLECI_PARAMETER.sub(
                lambda m: (
                    _circleci_default(m, job_parameters, pipeline_parameters)
                    or "${" + m.group(2).replace("-", "_") + "}"
                ),
                line,
            )
        )
    return "\n".join(lines)


def travis_steps(rel: str, data: dict[Any, Any]) -> list[CiStep]:
    """Travis CI's `script:` (top level and per `jobs.include` entry), deploy stages left out."""
    steps = _script_steps(rel, "script", data.get("script"))
    jobs = data.get("jobs") or data.get("matrix")
    include = jobs.get("include") if isinstance(jobs, dict) else None
    for i, job in enumerate(include if isinstance(include, list) else []):
        if isinstance(job, dict) and not re.search(r"deploy|release", str(job.get("stage") or ""), re.IGNORECASE):
            steps += _script_steps(rel, str(job.get("name") or job.get("stage") or f"job {i + 1}"), job.get("script"))
    return steps


@dataclass
class CiReading:
    system: str
    used: list[str]
    skipped: list[str]
    jobs: dict[str, list[str]]
    """file -> its test jobs"""
    steps: list[CiStep]
    queue_only: list[str] = field(default_factory=list)
    """Workflows only the merge queue starts (`on: merge_group`): a pull request does not run them."""
    pull_requests_only: list[str] = field(default_factory=list)
    """Workflows a push does not start (itertools' ci.yml runs on pull_request and merge_group)."""
    pushes_only: list[str] = field(default_factory=list)
    """Workflows no pull request starts (easy-random's `on: [push]`): a contributor's pull request runs none of it."""
    commits_fixes: list[str] = field(default_factory=list)
    """Workflows that commit what they fix (array-to-xml's php-cs-fixer.yml): the style is a bot's to keep."""
    job_counts: dict[str, int] = field(default_factory=dict)
    """file -> how many jobs it has in all, release and housekeeping jobs too"""
    push_branches: dict[str, list[str] | None] = field(default_factory=dict)
    """file -> the branches a push to runs it (`on: push: branches: [master, '0.[0-9]+']`), None for any branch;
    a workflow no push starts is not a key."""
    defaults: dict[str, str] = field(default_factory=dict)
    matrices: dict[str, str] = field(default_factory=dict)
    """file -> what its change jobs run across (`matrix python 3.10, 3.11; services postgres`), when they have a
    matrix or services."""
    called_by: dict[str, list[str]] = field(default_factory=dict)
    """file -> the workflows that call it (`on: workflow_call`): it runs when they do."""
    caveat: str = ""
    """A sentence on whether the CI still runs at all (a .travis.yml untouched since travis-ci.org closed)."""
    """file -> what it runs when it names no command of its own (a Travis config with no `script:` runs its
    language's default), said as a phrase that follows the file's name."""


def push_branches(data: dict[Any, Any]) -> list[str] | None:
    """The branch filters of a workflow's push trigger, as written (patterns kept); None when any push starts it."""
    on = data.get("on", data.get(True))
    push = on.get("push") if isinstance(on, dict) else None
    branches = push.get("branches") if isinstance(push, dict) else None
    if isinstance(branches, str):
        branches = [branches]
    said = [str(b) for b in branches or [] if isinstance(b, str | int | float)]
    return said or None


def read_ci(tree: Tree) -> CiReading | None:
    """The CI reading of this tree, parsed once: the workflows and the default-branch fact both read it."""
    if "_ci_reading" not in tree.__dict__:
        tree.__dict__["_ci_reading"] = _read_ci(tree)
    return tree.__dict__["_ci_reading"]


def _read_ci(tree: Tree) -> CiReading | None:
    reading = _github_actions(tree)
    # ejs's only workflow makes releases, guard's drafts release notes and runs no command: .travis.yml tests changes
    if reading is None or not reading.used or not reading.steps:
        reading = _gitlab(tree) or _woodpecker(tree) or _one_file_system(tree) or reading
    return _with_appveyor(tree, reading)


def _github_actions(tree: Tree) -> CiReading | None:
    # GitHub runs only the files right in .github/workflows: aws-c-common's proof_ci_resources/config.yaml is data
    files = [f for f in tree.under(".github/workflows") if f.endswith((".yml", ".yaml")) and f.count("/") == 2]
    if not files:
        return None
    used, skipped, jobs, steps, counts = [], [], {}, [], {}
    matrices: dict[str, str] = {}
    loaded = {rel: load_workflow(tree.read(rel) or "") for rel in files}
    loaded = with_inputs(loaded, {rel: tree.read(rel) or "" for rel in files}, load_workflow)
    called = {c for rel, data in loaded.items() if runs_on_change(rel, data) for c in called_workflows(data)}
    for rel in files:
        data = loaded[rel]
        # mull's mull-20.04.yml has its whole `on:` block commented out: GitHub never starts it
        off = data.get("on", data.get(True)) is None and re.search(r"^#\s*on:", tree.read(rel) or "", re.M)
        # unitycatalog's disabled_mlflow-integration-tests.yml: switched off in GitHub's settings, named so
        off = off or re.search(r"/(disabled|deprecated)[_-][^/]+$|[_-]disabled\.ya?ml$", rel)
        if (not runs_on_change(rel, data) and rel not in called) or only_sets_up(data) or off:
            skipped.append(rel)  # a placeholder that only checks out hides no other CI (pkg/errors' .travis.yml)
            continue
        found = github_steps(rel, data)
        used.append(rel)
        raw_jobs = data.get("jobs")
        names = [str(j) for j, job in raw_jobs.items() if change_job(j, job)] if isinstance(raw_jobs, dict) else []
        jobs[rel] = names
        matrices[rel] = matrix_phrase(
            [raw_jobs[j] for j in raw_jobs if str(j) in names and isinstance(raw_jobs[j], dict)]
            if isinstance(raw_jobs, dict)
            else []
        )
        counts[rel] = len(raw_jobs) if isinstance(raw_jobs, dict) else 0
        steps += found
    # feldera's ci.yml also starts by hand (`workflow_dispatch`): of the change events, the merge queue's alone
    changes = CHANGE_EVENTS | {"pull_request_target"}
    # webdriverio's test-static.yml also runs when test.yml, on every push and pull request, calls it
    queue = [rel for rel in used if _triggers(loaded[rel]) & changes == {"merge_group"} and rel not in called]
    own = [rel for rel in used if rel not in called]
    # mmtk's binding-tests-openjdk.yml (`on: workflow_call`) runs when its pull-request workflows call it: said so,
    # also when the callers run on pushes and pull requests (napari's reusable_run_tox_test.yml starts on neither)
    callers: dict[str, list[str]] = {}
    for rel, data in loaded.items():
        if runs_on_change(rel, data):
            for c in called_workflows(data):
                callers.setdefault(c, []).append(rel.rsplit("/", 1)[-1])
    # Tusky's deploy-test.yml, run on every push to develop, calls check-and-build.yml first: pushes run it too
    pushed = {c for data in loaded.values() if "push" in _triggers(data) for c in called_workflows(data, every=True)}
    unpushed = [rel for rel in own if rel not in pushed]
    pulls = [rel for rel in unpushed if "pull_request" in (on := _triggers(loaded[rel])) and "push" not in on]
    pushes = [rel for rel in own if not _triggers(loaded[rel]) & {"pull_request", "pull_request_target", "merge_group"}]
    fixes = [rel for rel in used if commits_fixes(loaded[rel])]
    branches = {rel: push_branches(loaded[rel]) for rel in own if "push" in _triggers(loaded[rel])}
    reading = CiReading("GitHub Actions", used, skipped, jobs, steps, queue, pulls, pushes, fixes, counts, branches)
    reading.matrices = {rel: phrase for rel, phrase in matrices.items() if phrase}
    reading.called_by = {rel: sorted(set(found)) for rel, found in callers.items() if rel in used and rel not in own}
    return reading


def _gitlab(tree: Tree) -> CiReading | None:
    if not tree.has(".gitlab-ci.yml"):
        return None
    data = load_workflow(tree.read(".gitlab-ci.yml") or "")
    steps = gitlab_steps(".gitlab-ci.yml", data)
    jobs = list(dict.fromkeys(s.job for s in steps))
    return CiReading("GitLab CI", [".gitlab-ci.yml"], [], {".gitlab-ci.yml": jobs}, steps)


def _woodpecker(tree: Tree) -> CiReading | None:
    """Woodpecker's workflows, as GitLab's jobs are read: a workflow named for a release, a deployment or a check
    of licences runs no test of a change (friendica's .releaser.yml, .continuous-deployment.yml). A step's one-line
    `if …; then …; else …; fi` gives each branch's commands (friendica's phpunit with or without coverage)."""
    files = woodpecker_files(tree)
    used = [rel for rel in files if not NOT_TEST_WORKFLOW.search(stem(rel))]
    lines = {
        rel: [(n, line) for n, line in woodpecker_lines(tree, rel) if not NOT_CHANGE_JOB.search(n)] for rel in used
    }
    used = [rel for rel in used if lines[rel]]
    if not used:
        return None
    steps = [
        CiStep(rel, name, command)
        for rel in used
        for name, line in lines[rel]
        for logical in logical_lines(line)
        for part in _branches(logical)
        if (command := clean_command(part))
    ]
    jobs = {rel: list(dict.fromkeys(n for n, _ in lines[rel])) for rel in used}
    return CiReading("Woodpecker CI", used, [f for f in files if f not in used], jobs, steps)


LEFT_BEHIND_DAYS = 730


def _left_behind(tree: Tree, rel: str) -> bool:
    """A CI file untouched for two years while GitHub workflows exist (tmux's .travis.yml of 2020 beside its nightly
    regress.yml): the project moved on, and the file's script is no longer how it builds or tests. Workflows that
    run no command of their own (guard's release drafter) replace nothing."""
    runs = re.compile(r"^\s*(-\s+)?run:", re.M)
    if not any(runs.search(tree.read(f) or "") for f in tree.under(".github/workflows")):
        return False
    return untouched_for(tree.root, rel, LEFT_BEHIND_DAYS)


TRAVIS_ORG_CLOSED = 1_623_715_200
"""2021-06-15, when travis-ci.org stopped building: a .travis.yml last changed before it, in a project whose commits
go on for a year after, may run nowhere (WhatWeb's of 2018, its only CI); the CI fact says so."""


def _year_before_travis_closed(tree: Tree, rel: str) -> int | None:
    """The year the config was last changed, when that was before the cut-off and the project went on after it."""
    changed, head = committed_at(tree.root, rel), committed_at(tree.root)
    if changed is not None and head is not None and changed < TRAVIS_ORG_CLOSED < head - 365 * 86_400:
        return time.gmtime(changed).tm_year
    return None


def _one_file_system(tree: Tree) -> CiReading | None:
    for rel, system, reader in ((".circleci/config.yml", "CircleCI", circleci_steps), (".travis.yml", "Travis CI",
                                travis_steps)):  # fmt: skip
        if tree.has(rel) and not _left_behind(tree, rel):
            data = load_workflow(tree.read(rel) or "")
            steps = reader(rel, data)
            reading = CiReading(system, [rel], [], {rel: list(dict.fromkeys(s.job for s in steps))}, steps)
            default = travis_default(data, tree) if system == "Travis CI" else None
            if default:
                reading.defaults[rel] = default.phrase()
            year = _year_before_travis_closed(tree, rel) if system == "Travis CI" else None
            if year:
                reading.caveat = (
                    f"{rel} was last changed in {year}, before travis-ci.org stopped building (June 2021): it may no "
                    "longer run"
                )
            return reading
    return None


def _with_appveyor(tree: Tree, reading: CiReading | None) -> CiReading | None:
    """AppVeyor beside the CI read above, as Windows builds often are, or alone: read when it runs a command a
    POSIX shell runs the same way (a config of Windows-only lines adds nothing to say)."""
    rel = next((f for f in APPVEYOR_FILES if tree.has(f)), None)
    data = load_workflow(tree.read(rel) or "") if rel else {}
    steps = [CiStep(str(rel), phase, c) for phase, line in appveyor_lines(data, tree) if (c := clean_command(line))]
    if rel is None or not steps:
        return reading
    if reading is None or not reading.used:
        return CiReading("AppVeyor", [rel], [], {rel: []}, steps, push_branches={rel: appveyor_branches(data)})
    if reading.steps and _left_behind(tree, rel):
        return reading  # danger's appveyor.yml of 2022 still names C:\Ruby27; its GitHub workflow runs on Windows now
    reading.system += " and AppVeyor"
    reading.used.append(rel)
    reading.jobs[rel] = []
    reading.steps += steps
    if reading.push_branches:  # beside GitHub Actions' push filters; another system's are not read
        reading.push_branches[rel] = appveyor_branches(data)
    return reading
