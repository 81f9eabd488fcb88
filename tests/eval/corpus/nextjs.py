"""vercel/next.js (TypeScript): paraphrased from its AGENTS.md."""

from corpus._types import Workspace, decision, fact, failure, q, rule, workflow

WORKSPACE = Workspace(
    key="nextjs",
    repo="vercel/next.js",
    language="typescript",
    sources=("AGENTS.md",),
)

WORKSPACE.records.extend(
    [
        fact(
            "monorepo",
            "Next.js is a pnpm monorepo: `packages/` (published npm packages), `turbopack/` (the Rust bundler, a git "
            "subtree), `crates/` (SWC bindings), `test/`, `examples/`, `docs/` and `scripts/`.",
        ),
        fact(
            "core-package",
            "The framework source is `packages/next/src/`; compiled output goes to `packages/next/dist/`, mirroring "
            "`src/`.",
            files=["packages/next/src", "packages/next/dist"],
            tags=["layout"],
        ),
        fact(
            "entry-points",
            "Entry points: dev server `src/cli/next-dev.ts` -> `src/server/dev/next-dev-server.ts`; production "
            "`src/cli/next-start.ts` -> `src/server/next-server.ts`; build `src/cli/next-build.ts` -> "
            "`src/build/index.ts`.",
            files=["packages/next/src/cli/next-dev.ts", "packages/next/src/server/next-server.ts"],
            tags=["layout"],
        ),
        fact(
            "server-dir",
            "Most changes happen in the server runtime, `packages/next/src/server/`; the router server is "
            "`server/lib/router-server.ts` and the client runtime is `packages/next/src/client/`.",
            files=["packages/next/src/server/lib/router-server.ts"],
            tags=["layout"],
        ),
        fact(
            "turbopack-default",
            "Turbopack is the default bundler for `next dev` and `next build`; `--webpack` forces webpack. There is no "
            "`--no-turbopack` flag.",
        ),
        fact(
            "test-dirs",
            "Test suites: `test/e2e/`, `test/development/` (dev server), `test/production/` (build), `test/unit/` "
            "(fast, no browser).",
            files=["test/e2e", "test/unit"],
            tags=["testing"],
        ),
        fact(
            "dev-server-env",
            "`process.env.NODE_ENV !== 'production'` is a build-time check for code kept in dev bundles; "
            "`process.env.__NEXT_DEV_SERVER` marks code that only runs under `next dev`, not `next build "
            "--debug-prerender` or `next start`.",
        ),
        fact(
            "internal-headers",
            "Internal request headers are stripped by `filterInternalHeaders()` in "
            "`packages/next/src/server/lib/server-ipc/utils.ts`, called at the router-server entry; only headers "
            "listed in `INTERNAL_HEADERS` are removed.",
            files=["packages/next/src/server/lib/server-ipc/utils.ts"],
            tags=["security"],
            related=["header-review"],
        ),
        fact(
            "app-page-template",
            "`app-page.ts` is a build template compiled by the user's bundler: it cannot `require()` internal modules "
            "by relative path, so new helpers are exported from `entry-base.ts` and reached through `entryBase.*`.",
            files=["packages/next/src/build/templates/app-page.ts"],
            tags=["bundling"],
        ),
        fact(
            "cache-components-ppr",
            "With `__NEXT_CACHE_COMPONENTS=true` most app-dir pages use PPR implicitly; the dedicated `ppr/` and "
            "`ppr-full/` suites are mostly `describe.skip`.",
        ),
        fact(
            "new-config-flag",
            "A new config flag needs its type in `config-shared.ts`, its schema in `config-schema.ts`, and an entry in "
            "`define-env.ts` when user-bundled code reads it.",
            files=["packages/next/src/server/config-shared.ts", "packages/next/src/server/config-schema.ts"],
            tags=["config"],
        ),
        fact(
            "rsdw-entry-base",
            "`react-server-dom-webpack/*` imports must stay in `entry-base.ts`; other code consumes them through its "
            "module exports.",
            files=["packages/next/src/server/app-render/entry-base.ts"],
            tags=["react"],
        ),
        decision(
            "retry-not-timeout",
            "Tests wait with `retry()` from `next-test-utils` plus `expect()`, never `setTimeout`; `check()` is "
            "deprecated.",
        ),
        decision(
            "fixture-dirs",
            "Tests point `nextTestSetup({ files: __dirname })` at a real fixture directory rather than inline `files` "
            "objects, which are harder to maintain.",
        ),
        decision(
            "dce-require",
            "`require()` calls stay inside compile-time `if/else` branches so dead-code elimination can drop them; "
            "early-return or throw patterns defeat it.",
        ),
        decision(
            "edge-flags",
            "In edge builds, feature flags that gate Node-only imports are forced to `false` in `define-env.ts`.",
        ),
        rule(
            "new-test-mandatory",
            "New test suites must be generated with `pnpm new-test`; non-interactively: `pnpm new-test -- --args "
            "<appDir true|false> <name> <e2e|production|development|unit>`.",
            pinned=True,
        ),
        rule(
            "pr-marker",
            "Every PR description ends with the HTML comment `<!-- NEXT_JS_LLM_PR -->`.",
        ),
        rule(
            "no-ai-footers",
            'No "Generated with Claude Code" or co-author footers in commits or PRs, and never mark PRs ready for '
            "review: leave them as drafts.",
        ),
        rule(
            "read-readmes",
            "Before editing files in a subdirectory, read every `README.md` on the path from the repo root down to "
            "that directory.",
        ),
        rule(
            "secrets",
            "Never print secret env values in chat, commits or logs; mirror CI env var names but not literal secrets; "
            "if a secret is missing locally, ask rather than invent a placeholder.",
        ),
        rule(
            "header-review",
            "Flag any new code that reads a non-standard request header for security review: it may be forgeable "
            "unless it is in the internal-header filter list.",
        ),
        rule(
            "watch-mode",
            "When changing Next.js source or integration tests, start `pnpm --filter=next dev` in a separate terminal "
            "before editing, or say why not (docs-only, read-only investigation).",
        ),
        workflow(
            "test-modes",
            "Run a test in the mode being verified: `pnpm test-dev-turbo`, `test-dev-webpack`, `test-start-turbo` or "
            '`test-start-webpack` followed by the test path; `-t "pattern"` filters by name.',
            tags=["testing"],
        ),
        workflow(
            "types-fast",
            "For type errors only, `pnpm --filter=next types` takes about 10 s, against about 60 s for `pnpm "
            "--filter=next build`.",
            tags=["typecheck"],
        ),
        workflow(
            "rebuild-rules",
            "After a branch switch or bootstrap run `pnpm build-all`; after editing only `packages/next/**` run `pnpm "
            "--filter=next build`; Turbopack (Rust) edits need `pnpm build-all`.",
            tags=["build"],
        ),
        workflow(
            "capture-output",
            "Run a test suite once with its output captured (`> /tmp/test-output.log 2>&1`) and grep the log for "
            "failures, instead of re-running with different filters.",
        ),
        workflow(
            "pr-status",
            "For CI failures or review status, run `node scripts/pr-status.js [number]` and triage build, lint, types, "
            "then tests.",
            files=["scripts/pr-status.js"],
            tags=["ci"],
        ),
        workflow(
            "lint",
            "`pnpm lint` runs types, prettier, eslint and ast-grep; `pnpm lint-fix` auto-fixes; `pnpm prettier-fix` "
            "fixes formatting only.",
        ),
        workflow(
            "pre-commit",
            "Before committing, run what lint-staged runs on the changed files: `pnpm prettier --with-node-modules "
            "--ignore-path .prettierignore --write <files>` and `npx eslint --config eslint.config.mjs --fix "
            "<files>`; a failing hook costs about 2 minutes.",
        ),
        workflow(
            "debug-env",
            "`DEBUG=next:*` enables debug logging, `NEXT_TELEMETRY_DISABLED=1` turns telemetry off when testing "
            "locally, and `__NEXT_SHOW_IGNORE_LISTED=true` shows full internal stack traces.",
        ),
        failure(
            "stale-native-binary",
            "Turbopack threw unexpected errors after a branch switch because `packages/next-swc/native/*.node` was "
            "stale.",
            files=["packages/next-swc/native"],
            tags=["turbopack"],
            prevent=["Delete the stale .node binary and run pnpm install."],
        ),
        failure(
            "ci-env-mismatch",
            "A CI failure did not reproduce locally because `IS_WEBPACK_TEST=1` was not set, which changes the "
            "bundler.",
            tags=["ci"],
            prevent=["Match the CI job's env vars exactly (see pr-status output)."],
        ),
        failure(
            "snapshot-env-flags",
            "Inline snapshots came out differently from CI because env flags change the output (Turbopack resolves "
            "`react-dom/server.edge`, webpack the `.node` build).",
            files=[".github/workflows/build_and_test.yml"],
            tags=["testing"],
            prevent=["Update snapshots with the exact env flags of the CI job's afterBuild section."],
        ),
        failure(
            "rust-ice",
            "The Rust compiler hit an internal compiler error during an incremental build.",
            tags=["rust"],
            prevent=["Delete the */incremental directories under the cargo target dir and retry."],
        ),
        failure(
            "bfcache-prefetch",
            "A router act test saw uncontrolled re-prefetches after `browser.back()` restored the page from BFCache.",
            tags=["testing"],
            prevent=["Control prefetches with LinkAccordion and don't navigate back to visible links."],
        ),
    ]
)

WORKSPACE.queries.extend(
    [
        q(
            "add an e2e test for the new redirect behaviour in the app router",
            "new-test-mandatory",
            "fixture-dirs",
            "test-dirs",
            "retry-not-timeout",
        ),
        q(
            "this test sleeps for a second before reading the page text, make it less flaky",
            "retry-not-timeout",
        ),
        q(
            "I changed next-server.ts, which test command should I use to verify it in dev with turbopack?",
            "test-modes",
            "rebuild-rules",
            "watch-mode",
        ),
        q(
            "I only want to know if my types are right, the full build takes forever",
            "types-fast",
        ),
        q(
            "just checked out another branch; what do I need to do before running tests?",
            "rebuild-rules",
            "stale-native-binary",
        ),
        q(
            "after pulling, turbopack fails with weird errors I've never seen",
            "stale-native-binary",
            "rebuild-rules",
        ),
        q(
            "CI fails on the webpack job but the same test passes for me locally",
            "ci-env-mismatch",
            "pr-status",
            "snapshot-env-flags",
        ),
        q(
            "add an experimental config option to enable the new prefetch strategy",
            "new-config-flag",
            "edge-flags",
            "dce-require",
        ),
        q(
            "read the x-forwarded-for header in the router to decide something",
            "header-review",
            "internal-headers",
        ),
        q(
            "open a PR for this change",
            "pr-marker",
            "no-ai-footers",
        ),
        q(
            "where's the code that starts the production server?",
            "entry-points",
            "server-dir",
        ),
        q(
            "I need a helper from server/app-render inside the app page template",
            "app-page-template",
            "rsdw-entry-base",
        ),
        q(
            "how do I build an app with webpack instead of the default bundler?",
            "turbopack-default",
        ),
        q(
            "this code should only run when the dev server is running, not during a debug prerender build",
            "dev-server-env",
        ),
        q(
            "the failing test output is huge; I keep rerunning it with different grep patterns",
            "capture-output",
        ),
        q(
            "the pre-commit hook keeps failing and each attempt takes ages",
            "pre-commit",
            "lint",
        ),
        q(
            "the stack trace only says 'at ignore-listed frames', I need to see the internals",
            "debug-env",
        ),
        q(
            "the e2e test needs the API token that CI uses; I'll just put a dummy one in the command",
            "secrets",
        ),
        q(
            "the prefetch test becomes flaky after going back in history",
            "bfcache-prefetch",
        ),
        q(
            "cargo crashed with an internal compiler error while building turbopack",
            "rust-ice",
        ),
        q(
            "scaffold a spec for the middleware rewrite bug",
            "new-test-mandatory",
            "fixture-dirs",
            "test-dirs",
        ),
        q(
            "I'm about to change packages/next/src/client/components; anything to look at first?",
            "read-readmes",
            "watch-mode",
        ),
        q(
            "push the branch and get it in front of reviewers",
            "no-ai-footers",
            "pr-marker",
        ),
        q(
            "what's the quickest way to see only the compiler complaints?",
            "types-fast",
        ),
        q(
            "the middleware output drags in fs via an experimental option; how do we keep that out?",
            "edge-flags",
            "dce-require",
        ),
        q(
            "upstream's red run bundled differently from mine; how do I mirror it?",
            "ci-env-mismatch",
            "pr-status",
        ),
        q(
            "my toMatchInlineSnapshot values differ from the ones the pipeline wants",
            "snapshot-env-flags",
        ),
        q(
            "print more about what the framework does internally while I poke at routing",
            "debug-env",
        ),
        q(
            "the test mocks window.location by hand and forgets to put it back",
            "style:typescript/spy-restore",
        ),
    ]
)

WORKSPACE.nothing.extend(
    [
        "what does the 'sticky bit' on a directory do in Unix?",
        "as a user, when should I use a server action instead of a route handler?",
        "explain the difference between static and dynamic rendering in the app router",
        "compare how Vite and webpack handle hot module replacement, conceptually",
        "review this middleware from a user's app: it reads a session cookie and redirects anonymous visitors to "
        "/login; any obvious bug?",
        "write a blog intro about why React Server Components shrink the client bundle",
        "how do I allow images from a remote host in next.config.js as an app developer?",
        "what does the `use client` directive actually do at build time?",
    ]
)
