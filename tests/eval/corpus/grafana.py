"""grafana/grafana (Go backend, TypeScript frontend): paraphrased from its AGENTS.md."""

from corpus._types import Workspace, decision, fact, failure, q, rule, workflow

WORKSPACE = Workspace(
    key="grafana",
    repo="grafana/grafana",
    language="go",
    sources=("AGENTS.md",),
)

WORKSPACE.records.extend(
    [
        fact(
            "overview",
            "Grafana is one repo with a Go backend and a TypeScript/React frontend: Yarn workspaces for the frontend, "
            "Go workspaces (`go.work`) for the backend.",
            files=["go.work", "package.json"],
            tags=["layout"],
        ),
        fact(
            "backend-layout",
            "Backend: HTTP handlers and routes in `pkg/api/`, business logic per domain in `pkg/services/<domain>/`, "
            "server init and Wire DI in `pkg/server/` (`wire.go`), time-series query backends in `pkg/tsdb/`, "
            "logging/metrics/DB access in `pkg/infra/`.",
            files=["pkg/api", "pkg/services", "pkg/server/wire.go", "pkg/tsdb"],
            tags=["layout"],
        ),
        fact(
            "frontend-layout",
            "Frontend: feature code by domain in `public/app/features/` (dashboard, alerting, explore), shared "
            "services and components in `public/app/core/`, built-in plugins in `public/app/plugins/`.",
        ),
        fact(
            "frontend-patterns",
            "The frontend uses Redux Toolkit slices (not old-style Redux), function components with hooks, Emotion "
            "CSS-in-JS through `useStyles2`, RTK Query for data fetching and React Testing Library for tests.",
        ),
        fact(
            "shared-packages",
            "Shared frontend packages: `@grafana/data` (data structures), `@grafana/ui` (components), "
            "`@grafana/runtime`, `@grafana/schema` (CUE-generated types) and `@grafana/scenes` (dashboard framework).",
        ),
        fact(
            "config-files",
            "Configuration defaults are in `conf/defaults.ini`; local overrides go in `conf/custom.ini`.",
            files=["conf/defaults.ini", "conf/custom.ini"],
            tags=["config"],
        ),
        fact(
            "migrations-dir",
            "Database migrations live in `pkg/services/sqlstore/migrations/`.",
            files=["pkg/services/sqlstore/migrations"],
            tags=["database"],
            related=["migration-tests"],
        ),
        fact(
            "sqlite-default",
            "Grafana uses embedded SQLite by default, so local development needs no external database; GCC is "
            "required because SQLite is built with CGo.",
        ),
        fact(
            "build-tags",
            "Go build tags: `oss` (the default), `enterprise` and `pro`.",
        ),
        fact(
            "plugin-workspaces",
            "The `azuremonitor`, `loki` and `grafana-testdata-datasource` plugins need their own build: `yarn "
            "workspace @grafana-plugins/<name> dev`.",
        ),
        fact(
            "scoped-agents-files",
            "Directory-specific agent guides exist for `docs/`, alerting (`public/app/features/alerting/unified/`), "
            "unified storage (`pkg/storage/unified/`) and `public/app/core/journeys/`; read them when working there.",
            files=["pkg/storage/unified/AGENTS.md", "public/app/features/alerting/unified/AGENTS.md"],
            tags=["navigation"],
        ),
        fact(
            "ci-sharding",
            "Backend tests are split across CI jobs with the `SHARD` and `SHARDS` env vars.",
        ),
        decision(
            "separate-prs",
            "Frontend and backend changes go in separate PRs because they are deployed at different cadences.",
        ),
        decision(
            "unified-storage-compat",
            "Unified storage (`pkg/storage/unified/`) can be deployed separately from the API layer, so changes "
            "spanning both must be backwards compatible in both directions.",
            files=["pkg/storage/unified"],
            tags=["compatibility"],
        ),
        decision(
            "services-hold-logic",
            "Business logic belongs in `pkg/services/<domain>/`, not in the API handlers; services implement "
            "interfaces declared in the same package, and data access goes through `sqlstore`.",
        ),
        decision(
            "cue-schemas",
            "Dashboard and panel schemas are written in CUE under `kinds/` and generate both the Go and the "
            "TypeScript types.",
        ),
        rule(
            "push-approval",
            'Never `git push` without explicit human approval: show a summary of the changes and wait. "Open a PR" '
            "in a task is intent, not permission to push.",
            pinned=True,
        ),
        rule(
            "comments-why",
            "Only comment to explain why something is done or a non-obvious constraint, and never put Slack, GitHub "
            "or Jira links in code comments.",
        ),
        rule(
            "security-reports",
            "Security issues are reported through Grafana's security reporting page, never in the public repository.",
        ),
        rule(
            "focused-changes",
            "Follow the patterns of the surrounding code, keep changes focused without over-engineering, and add "
            "tests for new functionality.",
        ),
        workflow(
            "run-locally",
            "`make run` starts the backend with hot reload on localhost:3000 (login admin/admin); `yarn start` runs "
            "the frontend dev server that the backend proxies to.",
            tags=["dev"],
        ),
        workflow(
            "go-tests",
            "Run one Go test with `go test -run TestName ./pkg/services/myservice/`; all unit tests with `make "
            "test-go-unit`; integration tests with `make test-go-integration`.",
            tags=["testing"],
        ),
        workflow(
            "frontend-tests",
            'Frontend tests: `yarn test path/to/file` or `yarn test -t "pattern"`; `yarn test -u` updates snapshots.',
            tags=["testing"],
        ),
        workflow(
            "e2e",
            "End-to-end tests run with Playwright: `yarn e2e:playwright path/to/test.spec.ts`.",
            tags=["testing"],
        ),
        workflow(
            "lint",
            "Lint and format: `make lint-go`, `yarn lint` (`yarn lint:fix`), `yarn prettier:write`, `yarn typecheck`.",
            tags=["lint"],
        ),
        workflow(
            "wire-gen",
            "After changing how a backend service is initialized, run `make gen-go` to regenerate the Wire DI code; "
            "Wire reports circular dependencies at compile time.",
            tags=["codegen"],
        ),
        workflow(
            "feature-toggles",
            "Feature toggles are defined in `pkg/services/featuremgmt/`; run `make gen-feature-toggles` after editing "
            "them.",
            files=["pkg/services/featuremgmt"],
            tags=["feature-flags"],
        ),
        workflow(
            "gen-cue",
            "Run `make gen-cue` after changing anything under `kinds/`.",
        ),
        workflow(
            "update-workspace",
            "Run `make update-workspace` after adding a Go module to the workspace.",
        ),
        workflow(
            "migration-tests",
            "Test migrations against real databases: `make devenv sources=postgres_tests,mysql_tests`, then `make "
            "test-go-integration-postgres`.",
        ),
        workflow(
            "devenv",
            "`make devenv sources=influxdb` starts backing services in Docker; `make devenv-down` stops them.",
        ),
        workflow(
            "i18n-extract",
            "Run `make i18n-extract` after adding or changing user-facing strings.",
        ),
        failure(
            "yarn-test-watch",
            "`yarn test` never exited because the script runs Jest in `--watch` mode.",
            tags=["testing"],
            prevent=["Use yarn jest --no-watch (or --watchAll=false) for a single run."],
        ),
        failure(
            "slow-api-tests",
            "Tests in `pkg/api/` took about two minutes just to compile because of the large dependency graph.",
            files=["pkg/api"],
            tags=["testing"],
            prevent=["Target single tests with -run TestName."],
        ),
        failure(
            "node-version",
            "A non-login shell resolved `node` to an older binary ahead of nvm, not the version pinned in `.nvmrc`.",
            files=[".nvmrc"],
            tags=["setup"],
            prevent=["Run yarn and jest through a login shell (bash -lc) so the pinned Node is used."],
        ),
        failure(
            "slow-first-build",
            "The first `make run` seemed to hang: it takes about three minutes because of debug symbols, later "
            "hot-reload rebuilds are fast.",
            tags=["build"],
            prevent=["Wait for the first build; it is not stuck."],
        ),
    ]
)

WORKSPACE.queries.extend(
    [
        q(
            "add a new endpoint that returns dashboard version history",
            "backend-layout",
            "services-hold-logic",
            "wire-gen",
            "style:go/context-first",
        ),
        q(
            "I injected a new dependency into the annotations service constructor, now what?",
            "wire-gen",
        ),
        q(
            "add a column to the user table",
            "migrations-dir",
            "migration-tests",
        ),
        q(
            "run only the tests for the folder service I just edited",
            "go-tests",
        ),
        q(
            "jest tests never finish when I run them",
            "yarn-test-watch",
            "frontend-tests",
        ),
        q(
            "I fixed both the query editor UI and the datasource proxy; one PR is fine right?",
            "separate-prs",
        ),
        q(
            "introduce a flag so the new panel renderer can be turned on gradually",
            "feature-toggles",
        ),
        q(
            "change the panel schema to add a new field option",
            "cue-schemas",
            "gen-cue",
        ),
        q(
            "how do I start grafana locally to try my change?",
            "run-locally",
            "slow-first-build",
            "sqlite-default",
        ),
        q(
            "the backend has been building for minutes after make run, is something broken?",
            "slow-first-build",
        ),
        q(
            "I need influxdb running to test the datasource",
            "devenv",
        ),
        q(
            "done with the fix, go ahead and push it to my branch",
            "push-approval",
        ),
        q(
            "add a comment linking the slack thread that explains this workaround",
            "comments-why",
            "style:go/why-comments",
        ),
        q(
            "I found what looks like an auth bypass, let me write up a GitHub issue",
            "security-reports",
        ),
        q(
            "the api package tests take forever to start",
            "slow-api-tests",
            "go-tests",
        ),
        q(
            "change the search client in the API layer and the unified storage server together",
            "unified-storage-compat",
            "scoped-agents-files",
        ),
        q(
            "where do I override the http port for my local instance?",
            "config-files",
        ),
        q(
            "node reports a different version than .nvmrc when I run yarn",
            "node-version",
        ),
        q(
            "add a table-driven test for the new alert rule validator",
            "go-tests",
            "style:go/table-driven",
            "style:go/require-errors",
            "focused-changes",
            "style:go/subtests-for-cases",
        ),
        q(
            "the new loki query editor changes don't show up in the browser",
            "plugin-workspaces",
        ),
        q(
            "new submodule under apps/, the root go.work doesn't know about it yet",
            "update-workspace",
        ),
        q(
            "relabel the 'Save dashboard' button text",
            "i18n-extract",
        ),
        q(
            "why does the pipeline only execute a fraction of the Go suite per runner?",
            "ci-sharding",
        ),
        q(
            "write a browser-level scenario for the alert list page",
            "e2e",
            "scoped-agents-files",
        ),
        q(
            "add a test that hits the real database for the new store",
            "style:go/integration-test-names",
            "go-tests",
            "style:go/require-errors",
        ),
        q(
            "parse the panel JSON blob in the new handler",
            "style:go/typed-json",
            "services-hold-logic",
        ),
        q(
            "the service reads a package-level var for its settings; make it testable",
            "style:go/no-globals",
        ),
    ]
)

WORKSPACE.nothing.extend(
    [
        "explain eventual consistency with an everyday analogy",
        "as a user, how do I set up an alert that fires when CPU stays above 90% for five minutes?",
        "what's the difference between a Grafana data source and an app plugin?",
        "compare Loki and Elasticsearch for storing application logs",
        "review this PromQL from our on-call dashboard: rate(http_requests_total[1m]) / "
        "rate(http_requests_total[5m]); does it make sense?",
        "as a user, how do I export a dashboard as JSON and import it into another instance?",
        "explain what a Grafana transformation does to query results",
        "how do I provision a data source from a YAML file in a Docker deployment?",
    ]
)
