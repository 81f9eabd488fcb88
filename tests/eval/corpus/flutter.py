"""flutter/flutter (Dart): paraphrased from its contributor docs.

The AGENTS.md stored for flutter/flutter in the code index ends in fork-specific notes (a GTK4 port), so the records
follow the upstream contributor docs instead: `docs/contributing/Tree-hygiene.md` (06ba39ee),
`docs/contributing/Setting-up-the-Framework-development-environment.md` (0d31f5b8),
`docs/contributing/testing/Running-and-writing-tests.md` (00e0b6ff),
`docs/contributing/testing/Writing-a-golden-file-test-for-package-flutter.md` (2156275d) and the policy and
conventions sections of `docs/contributing/Style-guide-for-Flutter-repo.md` (000a6d64). Dart style records are in
`style_flutter.py`.
"""

from corpus._types import Workspace, decision, fact, failure, q, rule, workflow

WORKSPACE = Workspace(
    key="flutter",
    repo="flutter/flutter",
    language="dart",
    sources=(
        "docs/contributing/Tree-hygiene.md",
        "docs/contributing/Setting-up-the-Framework-development-environment.md",
        "docs/contributing/testing/Running-and-writing-tests.md",
        "docs/contributing/testing/Writing-a-golden-file-test-for-package-flutter.md",
        "docs/contributing/Style-guide-for-Flutter-repo.md",
    ),
)

WORKSPACE.records.extend(
    [
        fact(
            "flutter-gold",
            "Golden images for package:flutter are not checked in: Flutter Gold (Skia Gold) keeps the baselines per "
            "platform, and new or changed images are triaged on flutter-gold.skia.org during review, which turns "
            "the `flutter-gold` check green.",
        ),
        fact(
            "golden-naming",
            "A `matchesGoldenFile` name is `<test file>.<subtest>.<n>.png`, the first part matching the test file "
            "(`foo_bar` for `widgets/foo_bar_test.dart`); wrap the subject in a `RepaintBoundary`, otherwise the "
            "image is the whole 2400x1800 test surface.",
            tags=["testing", "goldens"],
            related=["update-goldens"],
        ),
        fact(
            "reduced-test-set",
            "Test files containing golden tests start with `@Tags(<String>['reduced-test-set'])` so the Mac and "
            "Windows presubmit shards run them; the analyzer flags a missing tag.",
            tags=["testing", "goldens"],
        ),
        fact(
            "breaking-definition",
            "A change counts as breaking only if it breaks the contributed tests (the `customer_testing` shard from "
            "flutter/tests, or Google's internal suites); those changes go through the breaking-change process with "
            "a migration guide.",
        ),
        fact(
            "deprecated-ignore",
            "The root `analysis_options.yaml` ignores `deprecated_member_use_from_same_package`, so Flutter's own "
            "uses of a newly deprecated API are not reported; temporarily renaming the declaration finds them.",
        ),
        fact(
            "engine-then-framework",
            "A feature needing engine and framework changes is two PRs: land the engine part first, wait for it to "
            "roll into the framework's main branch, then rebase the framework PR.",
        ),
        fact(
            "test-exemptions",
            "Every PR needs tests. Only pure code removal (not bug fixes), comment or doc changes, `.github` or "
            "`.ci.yaml` edits, `.md` files and bot rolls are exempt automatically; refactors, lint fixes, test "
            "infrastructure and fixes to existing tests need an explicit `test-exempt: <reason>` from an exemption "
            "reviewer.",
        ),
        decision(
            "revert-first",
            "A regression on main is reverted first (the `revert` label), never forward-fixed: getting the tree back "
            "to green has priority, and the author should aim to be the one who reverts.",
        ),
        decision(
            "listenable-not-stream",
            "Framework code avoids `Stream`s (heavy API, no current value for `build`); it exposes changing values "
            "through `Listenable` subclasses such as `ValueNotifier` or `ChangeNotifier`.",
        ),
        decision(
            "widget-checklist",
            "Every new widget ships with full accessibility, localization, right-to-left support, text scaling to "
            "at least 3.0x, documentation for every member, a leak-free lifecycle and tests for all of it.",
        ),
        decision(
            "opt-in-changes",
            "Unavoidable breaking changes are staged as opt-in: add the new API or flag, migrate clients, then remove "
            "the old one, with a data-driven `flutter fix` where possible; four-phase renames are avoided.",
        ),
        rule(
            "deprecation-format",
            "`@Deprecated` messages follow the exact form '<how to migrate> <why> This feature was deprecated after "
            "<beta version>.' (a test checks it), and a deprecation ships with a `flutter fix` rule.",
            pinned=True,
        ),
        rule(
            "revert-messages",
            'At most one "Revert" per commit message and never "Reland": a reverted change lands again as a '
            "fresh PR with the original message plus links to the original and the revert PRs.",
        ),
        rule(
            "commit-messages",
            "Commit messages explain what the problem was and what the solution is, without GitHub @-mentions "
            "(every rebase of the commit would notify them); mentions go in PR comments.",
        ),
        rule(
            "rebase-prs",
            "Update a PR with `git fetch upstream; git rebase upstream/main; git push origin <branch>`, not a merge, "
            "so the tooling tests it against current tests.",
        ),
        rule(
            "issue-first",
            "Work starts from an issue: if the PR gets reverted the issue is reopened, and abandoned PRs have "
            "somewhere to be recorded.",
        ),
        rule(
            "third-party-dir",
            'Code not copyrighted "The Flutter Authors" lives in a `third_party/` subdirectory with its own LICENSE '
            "and README (Dart code of a package under `lib/src/third_party/`), and the license is duplicated into "
            "the package's LICENSE file.",
        ),
        rule(
            "no-commented-code",
            "Unmaintained code is deleted, never commented out.",
        ),
        workflow(
            "setup",
            "Framework setup: clone flutter/flutter, rename `origin` to `upstream`, add your fork as `origin`, put "
            "the checkout's `bin/` on PATH ahead of any other Flutter install, then run `flutter update-packages`.",
        ),
        workflow(
            "run-tests",
            "`flutter test` in a package runs every `test/**/*_test.dart` in a headless shell; `flutter test "
            "test/widgets/foo_test.dart` runs one file and `--start-paused` waits for a debugger in DevTools.",
        ),
        workflow(
            "ci-locally",
            "To check the whole repository the way CI does: `dart dev/bots/test.dart` and `dart --enable-asserts "
            "dev/bots/analyze.dart`.",
        ),
        workflow(
            "update-goldens",
            "New or changed goldens: `flutter test --update-goldens test/foo/bar_test.dart` from `packages/flutter`, "
            "check the images written under `bin/cache/pkg/skia_goldens/`, and mention the goldens in the PR "
            "description for the reviewer.",
            files=["packages/flutter/test"],
        ),
        workflow(
            "local-engine",
            "Test against a locally built engine with `flutter test --local-engine=host_debug_unopt "
            "--local-engine-host=host_debug_unopt`.",
        ),
        workflow(
            "devicelab",
            "Run a device lab test locally from `dev/devicelab` with a device attached and `LANG=en_US.UTF-8`: "
            "`../../bin/dart bin/run.dart -t <task_name>`, task names as in `.ci.yaml`.",
        ),
        workflow(
            "landing",
            "Once green with an LGTM from the code owners, members of flutter-hackers add the `autosubmit` label and "
            "a bot lands the PR; afterwards watch the post-submit dashboard.",
        ),
        failure(
            "version-solving",
            "`flutter update-packages` failed with version-solving errors.",
            prevent=[
                "git fetch upstream first (git pull misses the tags the tool needs), and make sure the "
                "checkout's bin/flutter is the one on PATH."
            ],
        ),
        failure(
            "gold-pending",
            "The `flutter-gold` check stayed pending forever after a force-push.",
            prevent=["Rebase again or push an empty commit, without force-pushing."],
        ),
    ]
)

WORKSPACE.queries.extend(
    [
        q(
            "add a golden test for the new SegmentedButton border",
            "golden-naming",
            "reduced-test-set",
            "update-goldens",
            "flutter-gold",
            "style:dart/no-timeouts",
        ),
        q(
            "deprecate TextTheme.headline1 in favour of displayLarge",
            "deprecation-format",
            "deprecated-ignore",
            "opt-in-changes",
        ),
        q(
            "add a ScrollController-like notifier that reports the pinned header offset",
            "listenable-not-stream",
            "style:dart/explicit-types",
            "style:dart/callback-naming",
            "style:dart/doc-comments",
            "style:dart/member-order",
        ),
        q(
            "run the slider tests",
            "run-tests",
        ),
        q(
            "my PR is two weeks behind main, update it",
            "rebase-prs",
        ),
        q(
            "the change that broke the windows tests was mine, fix it forward with a follow-up",
            "revert-first",
            "revert-messages",
        ),
        q(
            "this only renames a private helper, does it need a test?",
            "test-exemptions",
        ),
        q(
            "build a new ColorWell widget for the material library",
            "widget-checklist",
            "style:dart/doc-comments",
            "style:dart/explicit-types",
            "style:dart/member-order",
        ),
        # low-overlap paraphrases
        q(
            "the pixel comparison status on my pull request has been spinning since I rewrote history",
            "gold-pending",
            "flutter-gold",
        ),
        q(
            "pub can't find compatible constraints when bootstrapping the repo dependencies",
            "version-solving",
            "setup",
        ),
        q(
            "shader compilation tweak in C++ plus a Dart API on top of it, how do I get that in?",
            "engine-then-framework",
        ),
        q(
            "vendor a small MIT-licensed hashing routine into the framework",
            "third-party-dir",
        ),
    ]
)

WORKSPACE.nothing.extend(
    [
        "what's the difference between a StatelessWidget and a StatefulWidget?",
        "why does Flutter draw its own widgets instead of using native controls?",
        "write release notes for our app's 2.0 version, which we built with Flutter",
        "compare Flutter's hot reload with React Native's fast refresh for a blog post",
        "review this Kotlin Activity from our Android team and suggest improvements",
        "how do I add a package from pub.dev to my Flutter app?",
        "draft a talk abstract on how Impeller changed Flutter rendering",
    ]
)
