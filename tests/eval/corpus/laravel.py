"""laravel/framework (PHP): its `.github/CONTRIBUTING.md` only links to the contribution guide of the Laravel
documentation, so the records paraphrase that guide (`contributions.md` in laravel/docs, branch 13.x, 86077535)
together with the framework repository's own developer files (commit bd71b45f): `.github/PULL_REQUEST_TEMPLATE.md`,
`RELEASE.md`, `docker-compose.yml`, `bin/test.sh`, `bin/split.sh`, `phpunit.xml.dist`, `phpstan.src.neon.dist`,
`phpstan.types.neon.dist`, `.styleci.yml`, `pint.json` and the CI workflows (`tests.yml`, `databases.yml`,
`queues.yml`, `static-analysis.yml`, `facades.yml`, `update-assets.yml`).

Development set (issue 15); the PHP style notes are in `style_laravel.py`.
"""

from corpus._types import Workspace, decision, fact, failure, q, rule, workflow

WORKSPACE = Workspace(
    key="laravel",
    repo="laravel/framework",
    language="php",
    sources=(
        "laravel/docs:contributions.md",
        ".github/CONTRIBUTING.md",
        ".github/PULL_REQUEST_TEMPLATE.md",
        "RELEASE.md",
        "docker-compose.yml",
        "bin/test.sh",
        "bin/split.sh",
        "phpunit.xml.dist",
        "phpstan.src.neon.dist",
        "phpstan.types.neon.dist",
        ".styleci.yml",
        "pint.json",
        ".github/workflows/tests.yml",
        ".github/workflows/databases.yml",
        ".github/workflows/queues.yml",
        ".github/workflows/facades.yml",
        ".github/workflows/update-assets.yml",
    ),
)

WORKSPACE.records.extend(
    [
        fact(
            "split-repos",
            "Every Illuminate component lives in `src/Illuminate/<Component>` of this repository; `bin/split.sh` "
            "pushes each subtree to its read-only `illuminate/<component>` mirror, so changes are always made here.",
            files=["bin/split.sh", "src/Illuminate"],
            tags=["layout"],
        ),
        rule(
            "bugfix-branch",
            "Bug fixes target the latest branch that still gets bug fixes (currently `13.x`), never `master`, unless "
            "the bug only exists in the unreleased version.",
            pinned=True,
        ),
        rule(
            "feature-branch",
            "Minor features that are fully backward compatible may go to the current stable branch (`13.x`); major "
            "features and anything breaking go to `master`, the upcoming release.",
        ),
        rule(
            "pr-description",
            "PRs without a descriptive title, a thorough description or tests get closed; the description explains "
            "the benefit to end users and why nothing existing breaks.",
        ),
        rule(
            "drafts",
            "Only PRs marked ready for review (not drafts) whose new-feature tests pass are reviewed, and drafts left "
            "inactive are closed after a few days.",
        ),
        rule(
            "ai-contributions",
            "Code written with AI help must be reviewed, tested and understood before it is submitted; mostly "
            "AI-generated PRs without that review are closed, and mass-opened ones can get the author blocked.",
        ),
        rule(
            "security-email",
            "Security vulnerabilities are reported by email to Taylor Otwell (taylor@laravel.com), never as a GitHub "
            "issue.",
        ),
        rule(
            "docblock-fixes-as-prs",
            "Wrong DocBlocks, PHPStan or IDE warnings are fixed by sending a pull request, not by opening an issue.",
        ),
        rule(
            "proposals",
            "New features are proposed in the framework's GitHub Discussions (be ready to implement part of them); "
            "informal core talk happens in `#internals` on the Laravel Discord.",
        ),
        decision(
            "styleci",
            "StyleCI (Laravel preset, `.styleci.yml`) commits style fixes after a PR is merged, so PRs focus on "
            "content and don't need formatting-only commits.",
        ),
        fact(
            "pint",
            "`pint.json` encodes the same rules for Laravel Pint, which is a dev dependency: `vendor/bin/pint` formats "
            "locally, `vendor/bin/pint --test` only reports.",
        ),
        fact(
            "psr-standards",
            "The framework follows PSR-2 coding style and PSR-4 autoloading; tests live in `tests/` under the "
            "`Illuminate\\Tests\\` namespace, one directory per component.",
        ),
        workflow(
            "phpunit",
            "Run tests with `vendor/bin/phpunit`; one component with a path (`vendor/bin/phpunit tests/Support`) and "
            "one test with `--filter testMethodName`.",
        ),
        fact(
            "phpunit-config",
            "`phpunit.xml.dist` runs everything under `tests/` with `DB_CONNECTION=testing`, the UTC timezone and a "
            "2048M memory limit; its Redis settings are commented out.",
        ),
        workflow(
            "db-integration",
            "Database integration tests are in `tests/Integration/Database` and use a real server chosen with "
            "`DB_CONNECTION` (mysql, mariadb, pgsql, sqlsrv): `DB_CONNECTION=pgsql vendor/bin/phpunit "
            "tests/Integration/Database`.",
            files=["tests/Integration/Database"],
            tags=["testing", "database"],
        ),
        workflow(
            "compose-services",
            "`docker-compose up -d` starts MySQL 5.7, Redis, Memcached and DynamoDB Local for the tests; PostgreSQL, "
            "MariaDB, SQL Server and a Redis cluster are commented out in `docker-compose.yml` until needed.",
        ),
        failure(
            "test-sh-mac-only",
            "`bin/test.sh` (the Docker test runner, `--php 8.4`, `--down`) could not reach the databases on Linux: it "
            "points the tests at `docker.for.mac.localhost`.",
            prevent=["On Linux start docker-compose and run vendor/bin/phpunit with DB_HOST=127.0.0.1 instead."],
        ),
        workflow(
            "queue-integration",
            "Queue integration tests (`tests/Integration/Queue`) run once per driver via `QUEUE_CONNECTION`; the "
            "database driver needs `php vendor/bin/testbench package:create-sqlite-db` and `DB_CONNECTION=sqlite` first.",
        ),
        fact(
            "testbench",
            "Integration tests boot a throwaway Laravel application with Orchestra Testbench "
            "(`Orchestra\\Testbench\\TestCase`) instead of a real app skeleton.",
        ),
        workflow(
            "phpstan",
            "Static analysis: `vendor/bin/phpstan --configuration=phpstan.src.neon.dist` checks `src` at level 1 and "
            "`phpstan.types.neon.dist` checks `types/` at level max.",
        ),
        fact(
            "types-tests",
            "`types/` holds PHPStan type tests: scripts calling `assertType('...', $expr)` that pin the generic types "
            "the public API returns, and need updating when a generic `@return` or `@param` changes.",
            files=["types"],
            tags=["phpstan", "generics"],
        ),
        decision(
            "facade-docblocks",
            "Facade `@method` docblocks are regenerated by the facades workflow (laravel/facade-documenter) after "
            "every push to master and `*.x`, so they are not edited by hand.",
        ),
        decision(
            "compiled-assets",
            "Compiled assets are never committed by contributors: they cannot be reviewed and could hide malicious "
            "code; the exception renderer's `dist/` is rebuilt and committed by the update-assets workflow.",
        ),
        fact(
            "ci-matrix",
            "CI runs PHP 8.3, 8.4 and 8.5 against PHPUnit 11.5, 12.5 and 13.0 with both `--prefer-lowest` and "
            "`--prefer-stable` dependencies, on Linux and Windows; deprecations fail the prefer-stable jobs.",
        ),
        workflow(
            "prefer-lowest",
            "Reproduce a prefer-lowest CI failure with `composer update --prefer-lowest --prefer-dist` and then "
            "phpunit; go back with `composer update --prefer-stable`.",
        ),
        fact(
            "releases",
            "Releases come from the manual `releases.yml` workflow, which bumps the version in `Application.php`, "
            "tags, runs the splitter and updates `CHANGELOG.md`, so PRs don't touch either.",
        ),
    ]
)

WORKSPACE.queries.extend(
    [
        q(
            "fix the off-by-one in Collection::sliding and open the PR",
            "bugfix-branch",
            "pr-description",
            "phpunit",
            "style:php/phpdoc-params",
        ),
        q(
            "new Str::initials() helper, which branch do I base it on?",
            "feature-branch",
            "bugfix-branch",
        ),
        q(
            "whereJsonOverlaps acts differently on postgres, reproduce it locally",
            "db-integration",
            "compose-services",
        ),
        q(
            "the docker test script can't reach mysql on my ubuntu box",
            "test-sh-mac-only",
            "compose-services",
        ),
        q(
            "changed Arr::first so its return type is generic over the callback, anything else to update?",
            "types-tests",
            "phpstan",
            "style:php/redundant-docblocks",
        ),
        q(
            "Cache facade is missing the new flexible() method in its @method list, add it",
            "facade-docblocks",
        ),
        q(
            "rebuild the error page css and commit the built files",
            "compiled-assets",
        ),
        q(
            "CI is red only on the lowest-deps jobs, how do I get that setup here?",
            "prefer-lowest",
            "ci-matrix",
        ),
        q(
            "found a way to bypass signed URL validation, let's file it",
            "security-email",
        ),
        q(
            "should I push a commit that just fixes the spacing StyleCI would complain about?",
            "styleci",
            "pint",
        ),
        q(
            "the database queue driver tests all error out on my machine",
            "queue-integration",
            "testbench",
        ),
        q(
            "mark the 13.1 release and update the changelog",
            "releases",
        ),
        q(
            "go ahead and split this into a few small PRs generated from the refactor plan and open them all",
            "ai-contributions",
            "pr-description",
        ),
    ]
)

WORKSPACE.nothing.extend(
    [
        "what's the difference between a Laravel service provider's register and boot methods?",
        "in my app, how do I queue a notification only after the DB transaction commits?",
        "why does Eloquent use active record instead of a data mapper like Doctrine?",
        "compare Laravel Octane with plain PHP-FPM for a high traffic API",
        "review this Symfony event subscriber a contractor sent and point out issues",
        "write a short blog post for our engineering team about upgrading our apps to Laravel 13",
        "explain how the service container resolves a class with constructor dependencies",
    ]
)
