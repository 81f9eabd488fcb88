"""Commands a contributor guide gives, and the role each one plays (test, lint, docs …).

A guide is CONTRIBUTING / DEVELOPMENT / DEVELOPING / HACKING at the root, in .github/ or docs/ (two folders
deeper too), plus the README's development sections only: the README's other code blocks are for users
(`pip install <pkg>`, `go install …@latest`, a generated app's `npm run dev`), not for contributors.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fnmatch import fnmatch

from picasso_tui.profile.agent_files import agent_files, build_folder
from picasso_tui.profile.ecosystems.common import load_toml
from picasso_tui.profile.guide_blocks import (
    CONFIGURE,
    block_commands,
    chain_configure,
    completed_build,
    inline_commands,
)
from picasso_tui.profile.guide_text import asciidoc_as_markdown, readme_dev_text, without_release_sections
from picasso_tui.profile.submodules import submodules
from picasso_tui.profile.tasks import TARGET_ROLES, php_style_role, tox_env_role
from picasso_tui.profile.walk import Tree

GUIDE_STEMS = (
    "contributing", "contribute", "development", "developing", "hacking", "compile", "compiling", "compilation",
)  # fmt: skip
# pelican's docs/contribute.rst; glfw's docs/compile.md: how to compile the library, the packages it needs first
ROOT_GUIDE_STEMS = ("testing", "develop", "developers", "build", "building")
"""A guide only at the root (python-qrcode's TESTING.rst, crate-python's DEVELOP.rst "developer guide"): a
docs/testing.rst is most often the users' own guide to testing with the library (flask's). eXist's BUILD.md and
habitat's BUILDING.md say how to build from source."""
GUIDE_FOLDERS = ("", ".github/", "docs/", "doc/")
TOOLS = re.compile(
    r"^(make|just|task|invoke|inv|pixi|npm|pnpm|yarn|bun|npx|nr|ni|pip|pip3|uv|poetry|pdm|pipenv|hatch|tox|nox|pytest|"
    r"python3? -m|pre-commit|cargo|go|\./gradlew|gradle|\./mvnw|mvn|bundle|bin/rails|rails|rake|ruby|composer|"
    r"php artisan|vendor/bin/\w+|cmake|ctest|meson|ninja|ruff|black|mypy|pyright|eslint|prettier|tsc|"
    r"sphinx-build|mkdocs|yard|yardoc|doxygen|goimports|gofmt|golangci-lint|clang-format|clang-tidy|rubocop|phpunit|phpcs|"
    r"phpstan|phplint|sh autogen\.sh|\./autogen\.sh|\./configure|docker compose|bazel|bazelisk|ceedling|ginkgo|"
    r"(sudo )?(apt(-get)?|dnf|yum|zypper|pacman|apk) (install|add|-S)|"  # htop's build dependencies, per distribution
    r"git clang-format|"  # bpftrace's `git clang-format upstream/master`: the lines a branch changed
    r"(\./)?(scripts?|bin|build|tools)/[\w.-]+)(\s|$)"
)
"""Lines that start with a build tool, package manager, test runner or the repository's own script."""
RUNTIME_PACKAGES = (
    r"docker(\.io|-ce)?|podman|openjdk-\d+-jdk(-headless)?|default-jdk|java-\d+-openjdk(-devel)?|nodejs|golang(-go)?|"
    r"rustc|python3-coverage|gh|git|git-lfs|curl|wget|bear|clangd(-\d+)?|sudo|python3(\.\d+)?"
)
"""A language's runtime, a container engine or the user's git tools, installed from the distribution: boringtun's
README offers `apt-get install docker.io` for its tests, planetiler's guide `apt-get install openjdk-21-jdk` as one
way to get Java, triplea's WSL notes `sudo apt install gh`. No project's set-up, which is its own dependencies."""
USER_ONLY = re.compile(
    # psycopg's `pip install --config-settings editable_mode=strict -e "./psycopg[dev,test]"`: options before -e
    r"^(go (get|install)\b|(python3? -m )?pip3? install (?!(?:\S+\s+)*?(?:-e|-r|--editable|--group)\b|"
    r"(?:\S+\s+)*?[\"']?\.{1,2}(?:/|\s|$|\[)|-U pip|--upgrade pip)|"
    r"npm (i|install) -g|cargo install (?!--path)|"
    r"gem install|brew |npx create-|npm init|yarn create|pnpm create|docker (run|pull)|"
    rf"(sudo )?(apt(-get)?|dnf|yum|pacman -S|apk add) (install )?(-y |--noconfirm |--yes )*({RUNTIME_PACKAGES})"
    rf"( ({RUNTIME_PACKAGES}))*$)"
)
"""Installing the published package or generating an app: what a user does, not a contributor."""
ONE_TEST = re.compile(
    r"(\s(?![A-Z_]*(ARGS|FLAGS|OPTS|OPTIONS)\b)[A-Z][A-Z_]{3,}\b(?!=)|"
    r"^(nr|npm run|pnpm|yarn|bun run) test (?!run\b|watch\b)[\w<]|"
    r"\s-run[\s=]|\s-k\s(?!['\x22]?not\s)|--filter|-Dtest=|--tests\s+(?!-)\S|(?<!['\x22])::(?=[\w<])|\bTEST=|\s-t\s|"
    r"(?<!--target)(?<!--features)(?<! -F)(?<! -e)\s<[\w -]+>|"  # mopidy's CI `tox -e <tox>`: an env, no test
    # django-reversion's `coverage run tests/manage.py test tests`: the test project's manage.py runs the suite
    # pylint's CI `python tests/primer/__main__.py prepare …`: a package of test tooling run as a program
    r"\stests?/(?!(index|main|run|all|runner|run[-_]?tests|all[-_]?tests|tests?|manage)\.\w+(\s|$))"
    r"(?![\w/-]*__main__\.py\b)\S+\."
    r"(?!(xml|dist|neon|json|ya?ml|ini|cfg|toml)\b)\w+(?=\s|$)|\s\S+_test\.[a-z]{1,5}\b|\s\S+\.test\.[a-z]{1,5}\b(?!\.)|"
    r"^(bundle exec )?rspec \S+_spec\.rb\b|"  # ransack's guide: `bundle exec rspec spec/ransack/search_spec.rb`
    r"^python3? -m (unittest )?[\w.]+\.tests?\.\w+)"  # tornado's `python3 -m tornado.test.httputil_test`: one module
)
"""A command that runs one test, by its words; checkov's CI `pytest integration_tests -k 'not api_key'` deselects
some and runs the rest."""
NO_ROLE = re.compile(
    r"\brails new\b|\bhttp\.server\b|^(cmake --install|meson install)\b|\s--target install\b|"
    r"^(sudo )?ninja (-C \S+ )?install\b|"  # Waybar's `ninja -C build install   # optional`: into the system
    r"^(cd \S+ && )?meson dist\b|"  # rizin's CI `meson dist --no-tests` packs the release tarball, it runs no test
    # k6's guide `gofmt -s`: with no file named it reads standard input; cspell's bare `prettier -w` stops likewise
    r"^gofmt( -[a-z]+)*$|^(npx |pnpm (exec )?|yarn )?prettier( -{1,2}[\w-]+)*$|"
    # lago-api's CI retry `rspec --only-failures`; lvgl's `run_tests.sh --skip-tests` only checks the tools
    r"\s--(only-failures|next-failure|skip-tests)\b|"
    r"^(bin/|bundle exec )?rails runner\b|"  # rubyevents' `rails runner scripts/import_event.rb`: a one-off script
    r"^ocamlfind (install|remove)\b|"  # z3's OCaml job installs the built bindings into findlib: no build
    # picard's `pre-commit run pip-compile --all-files` rewrites the requirements files: a lock, no lint
    r"^(pre-commit|prek) run (pip-compile|uv-lock|uv-export|poetry-lock|poetry-export|pdm-lock)\b|"
    r"\bchangelog:(add|new|write)\b|"  # GatherPress' `composer changelog:add` writes a changelog entry
    # atproto's troubleshooting `cd packages/dev-infra && docker compose down --volumes`: stops containers, runs none
    r"^(cd \S+ && )?docker[- ]compose (down|stop|rm|kill|logs|ps)\b|"
    # debezium's `./mvnw docker:build docker:start`, then `./mvnw docker:stop`: a test database's container, no build
    r"^(\./)?mvnw? (-\S+ )*docker:\w+( docker:\w+)*$|"
    # oxc's AGENTS.md `just new-jest-rule` scaffolds a lint rule for the Jest plugin: it runs no Jest
    r"^(just|make|task|(npm|pnpm|yarn|bun) run|pnpm|yarn) (new|create|scaffold|add)[-_:]\w|"
    r"^find \S+ .*-(exec|delete)\b|"  # trompeloeil's CI deletes the coverage files of the last run
    r"^(infer|snyk|semgrep|trivy|codeql|sonar-scanner|fossa|build-wrapper-[\w-]+)\b|"  # SonarCloud's build wrapper
    r"^(lcov|genhtml|gcovr|gcov|llvm-cov|codecov)\b|"
    r"^(php )?(vendor/bin/)?phpcov (merge|patch-coverage)\b|"  # predis' CI merges the coverage runs' reports
    r"^(npm|pnpm|yarn|bun) (un)?link\b|"
    r"^(bundle exec )?rake [\w:]*status$|"  # pgx's `rake references:status` reports, it sets nothing up
    r"^cmake -E\b|"  # inja's CI `cmake -E remove_directory build`: a file utility, no build
    r"^(copy|xcopy|robocopy|cp|mv|move|ren|rename)\s|"  # openal-soft's CI copies build/Release/*.exe to Artifacts/
    # dependency-analysis' CI `./gradlew -p build-logic/ buildHealth` checks the build's own logic, not the project
    r"^(\./)?gradlew?\b.*\s(-p|--project-dir)[ =]?(\./)?(build-logic|buildSrc|gradle/[\w-]+)/?(\s|$)|"
    # kotlin-jdsl's CI `./gradlew -p example/spring-data-jpa-boot4 test` builds an example application
    r"^(\./)?gradlew?\b.*\s(-p|--project-dir)[ =]?(\./)?(examples?|samples?)/[\w.-]+/?(\s|$)|"
    # tenancy's `composer docker-up` starts the test services; it runs no test
    r"^(composer|npm run|yarn|pnpm|make|just) docker[-:_](up|down|start|stop|restart|build|rebuild)\b|"
    r"^(just|make|task) (-l|--list|help)$|"  # sqlite-utils' `just -l` lists the recipes
    r"^(just|make|task) [\w-]*:?(acceptance|e2e)[:\w-]*(package|build)\b|"  # nfpm's test packages for acceptance
    r"^composer (global )?(remove|config|update|outdated|show|why)\b|"  # composer-normalize's CI drops a plugin
    r"^composer (run(-script)? )?[\w-]+:(upgrade|update)\b|"  # maker-bundle's `tools:upgrade` updates the tools
    r"^(yq|jq|sed|perl)\b[^|&;]*\s-\w*i\w*\s|"  # solargraph's CI `yq -yi '.plugins += …' .solargraph.yml` edits a file
    # rabbitmq-c's CI `./travis.sh scan-build`: a script written for a CI service's machines (it apt-installs)
    r"^(\./)?([\w.-]+/)*(travis|appveyor|circleci)[\w.-]*\.(sh|bat|ps1)\b|"
    # `ctest -V ./build/` takes no folder: it finds no tests there (`--test-dir build` does)
    r"^ctest(?!.*--test-dir)( -\S+)* (\.{1,2}/[\w.][\w.-]*/?|[\w.][\w.-]*/)$|"
    r"^git config core\.hooksPath\b|"
    # pgjdbc's CI `psql -c "CREATE USER test …"` sets up the database; laravel-migrations-generator's `sqlcmd … -Q
    # 'CREATE DATABASE migration'` makes SQL Server's
    r"^(psql|mysql|sqlite3|mongosh?|redis-cli|sqlcmd|(/[\w.-]+)+/sqlcmd)\b|"
    # aiogram's guide: `python -m pip install --upgrade pip` alone updates pip and installs nothing of the project
    r"^(python3? -m )?pip3? install (-U|--upgrade) pip( setuptools)?( wheel)?$|"
    # egui's guide: `UPDATE_SNAPSHOTS=true cargo test …` writes the snapshot images anew, it checks none
    r"(^|\s)(UPDATE_SNAPSHOTS|INSTA_UPDATE|UPDATE_EXPECT|SNAPSHOT_UPDATE|TRYBUILD)=(?!0\b|false\b|no\b)\S|"
    r"^python3?( -\w)* -m venv\b|"  # zlib-ng's CI `python3 -u -m venv ../build/venv` makes gcovr's virtualenv
    r"^(bundle exec )?overcommit --sign\b|"  # overcommit's CI signs the hook configuration before it runs the hooks
    r"^pre-commit try-repo\b|"  # mdformat's CI tries its own hook on its own files
    r"^docker[ -]compose( -f \S+)* (stop|down|rm|kill|logs|ps|pull)\b|"  # php-amqplib's guide stops its broker
    r"\s--config-set\b|\s--generator[= ]|"  # PHP_CodeSniffer's guide: a setting, and its docs generator
    r"\s-m ensurepip\b|"  # rq's CI `hatch run test:python -m ensurepip --upgrade` gives its environment pip
    r"^(composer|npm run|pnpm|yarn|bun run) (test[-:_]serve|serve[-:_]test)[\w:-]*$|"  # flight's page to check by hand
    r"^patch\b|^cmake$|"  # uriparser's Windows CI patches GoogleTest (`patch -p 1 < build.patch`); a bare cmake
    # mongoose's guide starts an encrypted cluster (`scripts/configure-cluster-with-encryption.sh`, `npm run
    # setup-test-encryption`) before its tests: a preparation, not the run
    r"^(?:(?:npm|pnpm|yarn|bun) run |(?:\./)?(?:[\w.-]+/)*)(setup|configure)[-_:][\w:.-]*(\s|$)|"
    r"\s(--help|-h)$|\s--only-group\b|^go run$|^cargo package\b|"  # help; beets' CI installs one uv group; publishing
    r"^gem cert\b|"  # ruby-pg's CI makes a throwaway signing certificate for its binary gems
    # flac's CI `unxz --keep test/abi/abi-libFLAC++-1.5.0.dump.xz` unpacks a file the next step reads
    r"^(unxz|xz|gunzip|gzip|bunzip2|unzip|tar|curl|wget)\s[^&|;]*$"
)
"""config's recipe for a sample app, a static file server: neither tests, builds nor documents anything; nor does
installing what a build made (`cmake --install build`, CI's check of the install rules), nor a hosted analysis
(caffeine's `infer -- ./gradlew assemble`, `snyk code test`), which needs the service's account, nor a coverage
report read from a run that happened (robin-map's `lcov -c … -d build`, predis' `phpcov merge`), nor linking the
package into another project (zustand's guide: `pnpm link`); nor packages built for the acceptance tests (nfpm's `task
acceptance:windows:package`), Composer's dependency edits (composer-normalize's CI `composer remove
phpstan/extension-installer` before it compiles a PHAR) and pointing git at hooks."""
SUITE_RUNNER = re.compile(
    r"^(php|ruby|python3?|node|perl|bash|sh) (\./)?tests?/"
    r"(index|main|run|all|runner|run[-_]?tests|all[-_]?tests|tests?)\.\w+$"
)
"""A test folder's own entry script: it runs the whole suite, not one test (brakeman's `ruby test/test.rb`)."""
INSTALL = re.compile(
    r"^(sudo )?(apt(-get)?|apk|brew|yum|dnf|pacman|choco|zypper|port|vcpkg|conan|pkg|pkgin) (install|add|update|-S)\b|"
    r"^rustup (component|target|toolchain) (add|install)\b|^(\./)?mvnw? (-\S+ )*(-U|dependency:(resolve|go-offline))$|"
    # python-telegram-bot's CI `python -W ignore -m pip install .[all] --group tests`: the interpreter's options first
    r"^(pip3?|python3? (-[WX] \S+ |-[IuBEsS] )*-m pip|(python3? -m )?uv pip|"
    r"npm|pnpm|yarn|bun|bundle|composer|uv|poetry|pdm|pipenv|go|cargo|gem) "
    # logto's `pnpm ci:test` is a script named ci:test, no `pnpm ci`
    r"(install|i|ci|sync|get|fetch|mod download)\b(?![:-])|^(\./)?(scripts?|bin)/(install|bootstrap|setup)\b|"
    r"^(npm|pnpm|yarn|bun) add\b|"  # zustand's CI pins an older vitest before its old-TypeScript run
    r"^(\./)?gradlew? (-\S+ )*(:[\w-]+)*:?download[A-Z]\w*$|"  # triplea's `downloadAssets` fetches the game's assets
    # environs': `uv run pre-commit install`; lektor's `uv run prek install`
    r"^((uv|poetry|pdm|hatch) run |uvx |pipx run )?(pre-commit|prek) install\b|"
    r"^(php )?(\S*/)?simple-phpunit install\b|"  # Symfony's PHPUnit bridge fetches PHPUnit, runs none
    r"^composer bin \S+ (install|update)\b|^composer (global )?require\b|^bundler? binstubs\b|"
    r"^pixi install\b|"  # pixi makes the manifest's environments
    r"^(uv tool|pipx) install\b"  # filelock's CI installs tox itself first
)
COMMAND_ROLES = (
    ("docs", re.compile(r"^mdbook (build|serve)\b|\bmyst (build|start)\b")),  # pulldown-cmark's book, tavern's MyST
    ("docs", re.compile(r"^(bundle exec )?jekyll (build|serve)\b")),  # sidekiq-unique-jobs' GitHub Pages site
    ("docs", re.compile(r"\b(build|generate|gen|make)[-_]docs?\b")),  # tablesaw's choss-maven-plugin:build-docs
    ("lint", re.compile(r"\bdeptrac\b")),  # CodeIgniter4's architecture layers: checked, nothing built
    # micropython's CI `biome ci … tests/ ports/webassembly` checks the JavaScript's lint and format: no tests run
    ("lint", re.compile(r"^(npx |pnpm (exec )?|yarn |bunx )?(@biomejs/)?biome (ci|check|lint)\b")),
    ("lint", re.compile(r"\bphp-cs-fixer(\.phar)? check\b")),  # php-svg's CI: PHP-CS-Fixer 3's `fix --dry-run`
    ("lint", re.compile(r"\byard-lint\b")),  # meta-tags' CI checks its doc comments: no docs are built
    ("lint", re.compile(r"^cargo deny\b")),  # ureq's licences and advisories: checked, nothing built
    # BlackSheep's CI `isort --check-only tests`: a format check, whatever folder it names
    ("lint", re.compile(r"^(\S+ )*(isort|black) (.* )?--(check|check-only|diff)\b")),
    ("lint", re.compile(r"\b(apiCheck|checkKotlinAbi|checkLegacyAbi)\b")),  # koin's public API against its dumps
    # django-reversion's CI `tests/manage.py makemigrations --check` fails on a model change without its migration
    ("lint", re.compile(r"\bmakemigrations\b.*\s--check\b")),
    # river's migrate-get reports; thredded's `MIGRATION_SPEC=1 bundle exec rspec spec/migration` tests the migrations
    # zksync-era's CI `zkstack dev test gateway-migration …` tests a migration
    ("migrate", re.compile(r"^(?!.*\b(rspec|pytest|phpunit|jest|vitest|go test|cargo test|test [\w-]*migrat))"
                           r".*"
                           r"(?<!/)\bmigrat(e|ion)\b(?![-:_ ]?(get|status|list|show|print)\b)")),  # not @rxjs/migrate
    ("typecheck", re.compile(r"\b(d?mypy|pyright|tsc|typecheck|type-check|typing|check-types|test:types|tstyche|"
                             r"psalm|phpstan|stubtest)\b(?!/)")),  # rector's utils/phpstan/tests: a folder
    # lune's scripts/format-check.sh checks the format, scripts/format.sh applies it
    ("lint", re.compile(r"(^|/)(format[-_]check|check[-_]format(ting)?)[\w-]*\.(sh|py|bash)\b")),
    # great-tables' `great-docs build` and quartodoc build the documentation site, not the package
    ("docs", re.compile(r"^(great-docs|quartodoc) (build|render|preview)\b|^quarto (render|preview)\b")),
    ("format", re.compile(r"^(\./)?gradlew style$|"  # pgjdbc's `./gradlew style` applies Autostyle's fixes
                          r"(?<![-=])\b(fmt|format|pretty|prettier|black|spotlessApply|autostyleApply|ktlintFormat|clang-format|gofmt|gofumpt|astyle|"
                          r"goimports|rubocop -a|spotless:apply)\b|"
                          # greptimedb's `make fix-udeps` drops unused dependencies: it formats nothing
                          r"^(\S+ )?(run )?fix\b(?![-_:]?u?deps\b)|:fix(?![\w-])|(?<=\w)(?<!-on)-fix\b")),
    # cloud-hypervisor's CI `python3 scripts/package-consistency-check.py`: a check named for what it checks
    ("lint", re.compile(r"\b(scripts?|hack|tools|ci)/([\w-]*[-_])?check(\.\w+)?(\s|$)|"
                        r"(?<![-=])\b(lint|clippy|vet|ruff|flake8|pylint|"
                        r"eslint|rubocop|golangci-lint|phpcs|spotlessCheck|spotless:check|autostyleCheck|ktlintCheck|rewriteDryRun|styleCheck|checkstyle\w*|"
                        r"overcommit --run|"
                        r"pre-commit|phpmd|staticcheck|codespell|phplint|"
                        r"parallel-lint)\b")),
    ("test", re.compile(r"^((ba)?sh )?(\./)?(scripts?|bin|ci|tools)/test[\w-]*(\.sh)?$|\s-I ?(test|spec)\b|"
                        r"^(npm|pnpm|yarn|bun) t$|"  # jsonata's guide: `npm t`, npm's alias of `npm test`
                        # concourse's `ginkgo -r -p`: Ginkgo's runner over the suites; its other words write or tidy
                        r"^(go run \S*ginkgo\S* |ginkgo )"
                        r"(?!(bootstrap|generate|outline|unfocus|version|help|labels)\b)|"
                        r"\b(test|tests|tester|pytest|rspec|ctest|phpunit|phpspec|pest|tox|nox|vitest|nextest|acceptance|e2e|"
                        r"jest|borp|uv_run_tests\w*|richtest|unit|make check(?!-)|valgrind|memcheck)\b|"
                        r"^(bundle exec )?rake( -\S+)*$|^(bundle exec )?rake specs?$|^(\./)?mvnw?( -\S+)*$|"
                        # `:functionalTest`; seedvault's `:app:assembleAndroidTest` only builds the test APK
                        r"^(\./)?gradlew?\b.*[\s:](?!assemble|compile|bundle)[a-z]\w*Tests?(\s|$)|"
                        r"^(\./)?mvnw?( -\S+)* (clean )?(verify|install)\b")),
    ("docs", re.compile(r"(?<!-)\b(docs?|sphinx-build|mkdocs|yardoc|yard|javadoc|typedoc|jsdoc|dokka\w*|rustdoc|pandoc|"
                        r"^doxygen(?= [\w./-]*Doxyfile\S*$|$)|"
                        r"cargo doc)\b|"
                        r"^make( -C \S+)? html\b")),
    # tmt's `make build-deps` installs what the build needs, it builds nothing
    ("install", re.compile(r"^(make|just|task|invoke|inv) [\w-]*[-_](deps|dependencies)$")),
    # vyper's README: `make dev-init` installs the development dependencies, it runs nothing
    ("install", re.compile(r"^(make|just|task|invoke|inv) ([\w]+[-_])?(install|bootstrap|setup|init)$")),
    ("install", re.compile(r"^(make|just|task|invoke|inv) (install|bootstrap|setup)\b")),
    # Gradle's `assembleDebug`, an Android app's build
    ("build", re.compile(r"\b(build|compile|package|assemble\w*)\b|"
                         r"^(browserify|rollup|webpack|esbuild|tsup|parcel)\b")),
    # triplea's `./gradlew :game-headed:run` runs one project's program, whatever its guide's heading says
    ("run", re.compile(r"^\S+( run)? (serve|server|start|dev)\b|^(?!(npm|pnpm|yarn|bun|nr)\b)\S+ run(?! -)|"
                       r"^(\./)?gradlew? (-\S+ )*:[\w:-]+:(run|bootRun)$|"
                       r"^(bundle exec )?rake server(:[\w-]+)?$")),  # avalon's `rake server:development` starts it
)  # fmt: skip
CONTEXT_ROLES = (
    ("typecheck", re.compile(r"\btype[- ]?check", re.IGNORECASE)),
    ("format", re.compile(r"\bformat", re.IGNORECASE)),
    ("docs", re.compile(r"\bdoc(s|umentation)\b", re.IGNORECASE)),
    ("lint", re.compile(r"\b(lint|code checks|static (checks|analysis))", re.IGNORECASE)),
    ("test", re.compile(r"\btests?\b|\btesting\b", re.IGNORECASE)),
    ("install", re.compile(r"\b(install|set up|setup|dependencies)\b", re.IGNORECASE)),
    ("build", re.compile(r"\bbuild\b", re.IGNORECASE)),
)
NOT_DEV = re.compile(
    r"\b(publish|release|deploy|gh-deploy|upload|envinfo|coveralls|freeze|list)\b|--version|"
    r"\bdocker[: ]push\b|\bjib:build\b|"  # kafdrop's release job: `mvn … docker:build docker:push` publishes images
    r"\bcov-build\b|"  # libass' CI builds under Coverity's scanner for its upload: an analysis service's, no build
    r"\b(build[-_])?(deb|rpm|msi|dmg|appimage|flatpak)\b|"  # git-interactive-rebase-tool's `cargo make build-deb`
    # avo's CI `go test -bench . ./...` runs every test, then the benchmarks; `-run ^$` would run none of the tests
    r"(?<!\s-)\bbench(mark)?s?\b|^go test\b(?=.*\s-bench\b)(?=.*\s-run[= ])|"
    r"^(bundle exec )?rake (-T|--tasks)\b|"  # kaminari's README: `rake -T` lists the tasks, it runs none
    r"^pixi (info|task list)\b|"  # xarray's guide: `pixi info` lists the environments and their tasks
    # cfn-lint's guide: `pip3 show cfn-lint` prints where the package is installed; hyperdx's `yarn dev:down`
    r"^(pip3?|python3? -m pip) (show|list|freeze|check)\b|^(npm run|yarn|pnpm|bun run) [\w-]+:(down|stop|kill)$|"
    r"\bclean\b(?! [a-z])|^go tool vet\b|"
    r"^reuse\b|^(mkdocs|go doc|sphinx-build|yard|yardoc|cargo (insta|nextest|hack|deny|codspeed))$|"
    r"^git\b(?! clang-format)|"
    r"--config-show\b|"  # WordPress-Coding-Standards' guide: `phpcs --config-show` prints the settings
    r"^(just|make) toolchain\b|"  # cargo-binstall's CI `just toolchain rustfmt,clippy` installs the lint's tools
    r"^pdm venv create\b|"  # cement's README: makes an empty virtualenv, installs nothing
    r"^(npx |pnpm |yarn |bun |npm run )?changeset( add)?$|"  # expressive-code's `pnpm changeset` notes a release
    r"^(hatch( -e [\w.-]+)?|poetry|pipenv) shell$|"  # jupyter_server's `hatch -e test shell` opens a shell, tests none
    r"^hatch env (show|find|prune|remove)\b|^poetry env (info|list|remove)\b|"  # platformdirs' guide lists them
    # mockoon's `npm run package:desktop:test:win` packages the app for a platform's installer: it tests nothing
    r"^(npm run|pnpm( run)?|yarn( run)?|bun run) (package|pack)[:-][\w:-]+|"
    r"^(uv python|pyenv|nvm|fnm) install\b|"  # altair's guide: `uv python install 3.12` brings an interpreter only
    r"(^|\s)(codeclimate-test-reporter|cc-test-reporter|codecov)(\s|$)|"  # bibliothecary: uploads coverage
    r"^php artisan make:|"  # koel's CLAUDE.md: `php artisan make:test {name}` writes a test class, it runs none
    r"\s--\s+(python3? -m )?(uv )?pip install\b|"  # nbconvert's CI `hatch env run -e test -- pip install 'pip>=24.2'`
    r"^cargo (binstall|install) (?!.*--path)|"  # neovide's CI `cargo binstall -y --locked cargo-nextest`: a tool
    r"^cargo update\b|"  # roxmltree's CI `cargo update --package memchr --precise 2.6.2` pins the lock file
    r"^(\S+ )*(nox|tox)( \S+)* (-l|--list(-sessions|-envs)?|--listenvs(-all)?|l|list)( |$)|"  # strawberry's `nox -l`
    r"^tox -(a|av|va|avv)( |$)|"  # pyscaffold's "``tox -av`` to see a list of the available checks"
    r"^(\./)?(gradlew|gradle|mvnw?)\b.*[\s:](dependencyUpdates|dependencies|dependencyInsight|dependencyCheck\w*|"
    r"versions:display-[\w-]+|dependency:(tree|list|analyze[\w-]*)|dependency-check:\w+|help:\w+|tasks|"
    r"(clean)?(idea|eclipse)\w*|eclipse:\w+|idea:\w+)\b"
)
"""Not a development step: releasing, a licence/REUSE check, a bare tool that prints its usage (ouch's "Run tests
with `cargo insta`": a subcommand is required), a nox or tox command that lists its sessions, cleaning alone (`make
clean`; Maven's `mvn clean test` cleans, then tests), `go tool vet` (gone since Go 1.12: `go vet`), git itself
(`git clone … docs` fetches a folder named docs, it builds none), and Gradle or Maven tasks that only report
(`./gradlew dependencyUpdates` lists newer versions, it sets nothing up) or write an IDE's project files (mockito's
`gradle idea`)."""
DOCS_SERVER = re.compile(
    r"\b(serve|server|preview)[- ]docs?\b|\bdocs?[-: ](serve|server|preview)\b|\b(mkdocs|yard|jekyll) serve\b|"
    r"^sphinx-autobuild\b|^hugo server\b"
)
"""A docs server: it previews the docs (after any build), it never runs the project."""
NOT_DOCS = re.compile(
    r"\bcoverage\b|\b(kill|stop|clean|open)-docs?\b|\bdocs?-(kill|stop|clean|open)\b|[:_-](links?|linkcheck)\b|"
    r"\b(npm|yarn|pnpm|bun) (link|install|i|ci|add)\b|"  # react-datepicker's docs site links the package in first
    r"\b(check|lint|verify)[:_-]docs?\b|\bdocs?[:_-](check|lint|verify)\b|(^|/)(check|lint|verify)[\w-]*\.(sh|py)\b"
)
"""A target named for docs that builds none: a coverage report in HTML, stopping a docs server, cleaning up,
checking the links (ruby-git's `rake markdown:links`), setting up the site's packages, checking them (openstatus'
`check:docs` finds stale paths, rosenpass' doc/check.sh lints the man page)."""
TOOL_INSTALL_TARGET = re.compile(
    r"^(make|just|task) (ensure|install|get|fetch)-[\w.-]+$|^(make|just|task) (setup|deps)$|"
    r"^(make|just|task) [\w.-]+/install$"  # terramate's `make lint/install` installs golangci-lint
)
"""A task-runner target that installs a tool (`make ensure-goimports`): an install step, not the tool's role."""
SKIPS_TESTS = re.compile(
    r"-D ?[\w.]*\btest\.skip(=true)?\b|-D ?skipTests\b|-x test\b|-Dquickly\b|"
    r"-Dquick\b|-P ?quick\b"  # debezium's and primefaces' `quick` profile skips the tests and checks
)
"""A build told not to run the tests (Maven's skip flags, also as JSON-java's `-D maven.test.skip=true` and jdbi's
basepom `-Dbasepom.test.skip=true`; Gradle's `-x test`)."""
NOT_A_TEST_RUN = re.compile(
    r"^cargo (\+\S+ )?(check|build|clippy|doc|fmt)\b|^(rustfmt|gofmt|black|prettier|clang-format)\b|"
    # exment's CI `php php-cs-fixer fix --dry-run -v --diff ./tests` checks the tests' style; it runs none
    r"^(php )?(vendor/bin/|\./)?(php-cs-fixer|phpcs|phpcbf|phpstan|psalm|pint|rubocop|eslint|ruff|flake8|pylint|mypy)"
    r"(\.phar)?\b|"
    # great-tables' `pytest --snapshot-update` writes the snapshots anew, it checks none
    # (Maven's `--update-snapshots` refreshes SNAPSHOT dependencies: dhis2's test run keeps it)
    r"^(?!(\./)?mvnw?\b).*\s--(snapshot-update|update-snapshots?|force-regen|regen-all)\b|"
    # dhis2's CI `mvn surefire-report:report-only …` writes the report of a run before it, and runs no test
    r"^(\./)?mvnw?\b.*\ssurefire-report:report-only\b|"
    # fdroidclient's `:app:updateBasicDefaultDebugScreenshotTest` writes the reference screenshots anew
    r"^(\./)?gradlew?\b.*[\s:](update|record)\w*(Screenshot|Snapshot|Paparazzi|Roborazzi)\w*|"
    r"^go (build|vet|generate)\b|^cargo insta (review|accept|reject)\b|"  # gqlgen's `go generate ./...` writes code
    r"^python3? (-\S+ )*-m (compileall|py_compile)\b|"  # cupy's CI byte-compiles tests/ to catch bad escapes
    # transmission's CI `cmake --build obj --target all-tests` compiles the test programs; tailscale's `go test -c`
    r"^cmake --build\b(?!.*--target[ =](test|check|run_tests|RUN_TESTS)\b)|"
    r"^(\w+=\S+ )*(\./tool/)?go test\b.*\s-c\b|"
    r"^(bundle exec )?rake server(:[\w-]+)?$|"  # avalon's `rake server:test` starts the services the tests use
    # qpixel's CI `bundle exec rails test:prepare` loads the schema and builds assets for the run after it
    r"^(bundle exec |bin/)?(rails|rake) (db:)?(test|spec):prepare$|"
    # jira-ruby's `rake jira:generate_public_cert` writes a certificate; scihist's `rake solr:stop` stops a service
    r"^(\w+=\S+ )*(bundle exec |\./bin/|bin/)?rake [\w:]*(generate|setup|install|prepare)[\w]*$|"
    r"^(\w+=\S+ )*(bundle exec |\./bin/|bin/)?rake [\w]+:(start|stop|restart|status)$|"
    # werf's `task test:setup:environment` brings up the cluster the tests use; elasticgraph's `rake
    # opensearch:test:boot` boots their datastore; `test:cleanup:environment` tears it down
    r"^(\w+=\S+ )*(task|make|just|(bundle exec )?rake|(npm|pnpm|yarn|bun)( run)?) ([\w*-]+:)*[\w*-]*"
    r"(test|spec|e2e)[\w-]*:(setup|cleanup|clean|teardown|boot|prepare|up|down|start|stop|env|environment)"
    r"(:[\w-]+)*$|"
    # payload's `pnpm dev <test suite>` and sanity's `pnpm --filter studio-e2e-testing dev` start a dev server
    r"^(npm run|pnpm( run)?|yarn( run)?|bun run)(( --filter| -F)[ =]\S+)* (dev|start|serve|storybook)(\s|$)|"
    r"^(\./)?([\w.-]+/)*(create|make|setup|init|generate|new)[-_]test[-_][\w-]*\.(sh|bat|ps1|py)\b|"  # gitlint's repo
    r"^(cl|cc|c\+\+|gcc|g\+\+|clang|clang\+\+|[\w.-]+-(gcc|g\+\+))(\.exe)?\s(.*\s)?([-/]c|-fsyntax-only)(\s|$)|"
    # cortex's integration guide builds its image first with `make ./cmd/cortex/.uptodate`: a file make writes
    r"^make (-\S+ )*\.?\.?/?[\w.-]+/[\w./:-]+$|^make (-\S+ )*\.[\w.-]+$"
)
"""Tools that compile, check or format the tests without running them, whatever test flags or paths they carry
(maud's CI `rustfmt --check maud/tests/warnings/*.rs`): a compiler told to compile only (`cl /c …
test\\test_32bit_build.cpp`, `g++ -c -o /dev/null test/…`) links no program to run."""
NOT_TEST_TARGET = re.compile(r"^(make|just|task) (amalgamate|pretty|format|fmt|lint|clean|dist|release)\b")
"""Targets whose name says what they do: never the test command, whatever the prose around them says."""


BUILT_PROGRAM = re.compile(r"^(\./)?(build|_build|out|bin|target|cmake-build[\w-]*)(/[\w.+-]+)+(\s|$)")
"""A program run from the build's output folder: by its name a test runner, else no role (not the build itself)."""


PROVISIONING_SCRIPT = re.compile(
    r"^(?:\w+=\S*\s+)*(?:(?:ba)?sh\s+)?(?:\./)?(?:[\w.-]+/)*(?:install|setup|bootstrap|prepare)[-_]"
    r"(?:[\w]+[-_])*?((?:build[-_])?(?:tools?|toolchains?|compilers?|ci|runner|host)\b)?[\w.-]*\.(?:sh|bash|ps1|py)\b"
)
"""A script that installs what the rest needs, by its name (`scripts/install-deps.sh`); one for tools or compilers
(`mk/install-build-tools.sh`) or the runner (libfuse's `test/ci/prepare-runner.sh`, kernel tunables) provisions a CI
machine, a contributor's clone needs none of it."""


ENV_PREFIX = re.compile(r"^(?:[A-Z][A-Z0-9_]*=[\w.:/-]+ )+")
"""Variables set for one run (ransack's `DB=pg bundle exec rake spec`): the command after them says the role."""


PROSE_LINTER = re.compile(r"(vale|codespell|cspell|typos|misspell|markdownlint(-cli2)?|yamllint)\b")
"""Checkers of spelling, prose and config files: lint (no docs build), ranked after what checks the code."""


IN_CONTAINER = re.compile(r"^docker[- ]compose (?:run|exec)(?: (?:--rm|-T|--no-deps|--service-ports))* [\w.-]+ (?=\S)")
"""A command run in a compose service (eloquent-json-relations' `docker compose run --rm php8.5 composer install`):
its role is the inner command's."""


def command_role(command: str) -> str | None:
    """The role a command's own words give it, or those after the variables it sets, or of the command a compose
    service runs."""
    if inner := IN_CONTAINER.match(command):
        return command_role(command[inner.end() :])
    if re.match(r"^([A-Z]+_)*ENV=\w+ (?=\S)", command):  # ifme's `RAILS_ENV=test bundle exec rails assets:precompile`
        return _own_role(ENV_PREFIX.sub("", command))  # the environment's name says where it runs, not what it does
    role = _own_role(command)
    bare = ENV_PREFIX.sub("", command)
    role = role if role or bare == command else _own_role(bare)
    if role == "test" and re.search(r"\s-P ?([\w-]*,)*javadoc\b", command):
        return "docs"  # jkube's `./mvnw clean install -Pjavadoc` builds the Javadoc
    if role == "format" and re.search(r"\s(CHECK|CHECK_ONLY|DRY_RUN)=(1|true|yes|on)\b", command, re.IGNORECASE):
        return "lint"  # RediSearch's `make fmt CHECK=1` reports what `make fmt` would change
    return role


def _own_role(command: str) -> str | None:
    """The role a command's words give it; a configure line is a build step, never the test command."""
    command = re.sub(r"^(\$[({]\w+[)}]\s+)+", "", command)  # yq's recipe: `${ENGINERUN} bash ./scripts/check.sh`
    if command.startswith("cargo "):  # metrics' CI `cargo clippy --exclude=metrics-benchmark`: a member's name
        command = re.sub(r"\s(--exclude|--package|-p)[ =]\S+", "", command)
    if NOT_DEV.search(command):
        return None
    # `vendor/bin/ecs check --fix` formats, `vendor/bin/ecs check` lints (php-cs-fixer's own words say which)
    if "php-cs-fixer" not in command and (style := php_style_role([command])):
        return style
    checks = re.match(r"(?:composer|npm|pnpm|yarn)(?: run(?:-script)?)? test:(\w+)$", command)
    if checks and re.fullmatch(r"cs|lint|style|codestyle|phpcs|ecs|eslint", checks.group(1)):
        return "lint"  # larastan's `composer test:cs` runs phpcs: the test prefix names a check, not the tests
    if checks and re.fullmatch(r"types?|phpstan|psalm|static|analy[sz]e|tsc|typecheck", checks.group(1)):
        return "typecheck"
    checked = re.search(r"\s--check-([\w-]+)(?:=\S*)?(?:\s|$)", command)
    if checked and re.search(r"(^|/)run[-_]tests?(\.\w+)?\s", command):  # jerryscript's tools/run-tests.py
        # its `--check-format` lints, `--check-license` and `--check-signed-off` check files or commits, not code
        return (
            "lint" if re.fullmatch(r"format|style|lint|pylint|cppcheck|strings|shellcheck", checked.group(1)) else None
        )
    # Kalkun's CI `php vendor/kenjis/ci-phpunit-test/install.php --from-composer` copies the test harness in
    if re.match(r"(php |python3? |node |ruby )?([\w.-]+/)+install\.(php|py|js|rb)\b", command):
        return "install"
    if re.match(r"(bash |sh )?(\./)?([\w.-]+/)*(get|download|fetch|install)[-_][\w.-]*(\s|$)", command):
        return "install"  # zrepl's `build/get_golangci_lint.bash` fetches the linter: it lints nothing
    if re.match(r"cargo run (--release )?--example \S+", command):
        return "run"  # quinn's README: `cargo run --example server ./` is how a library is tried
    if re.match(r"go run (\./)?([\w.-]+/)*build\.go\b", command):
        return "build"  # cli/cli's `go run script/build.go` builds bin/gh, it runs no gh
    if re.match(r"^docker[- ]compose( -f \S+| --file \S+| -p \S+)* up\b.*\s--build\b", command):
        return "run"  # yorkie's `docker compose -f … up --build -d` starts its services: --build only remakes images
    targets = re.match(r"^(?:sh )?(?:\./)?build\.sh((?: [A-Za-z][\w.-]*(?:=\S+)?)+)$", command)
    if targets:  # h2's CI `./build.sh jar testCI`: a build script's targets, the last run says what the step does
        words = [w for w in targets.group(1).split() if "=" not in w]
        # RediSearch's `./build.sh RUN_UNIT_TESTS TEST=name`, `./build.sh RUN_PYTEST`: a run of the tests
        if any(re.match(r"test", w, re.I) or re.fullmatch(r"run_(\w+_)?(py)?tests?", w, re.I) for w in words):
            return "test-one" if re.search(r"\sTESTS?=", command) else "test"
        if any(re.fullmatch(r"download|deps|dependencies", w, re.I) for w in words):
            return "install"  # h2's `./build.sh download` fetches the jars the build compiles against
    if CONFIGURE.match(command):
        return "build"
    if target := CMAKE_TARGET.match(command):
        name = target.group(1).lower()
        if re.fullmatch(r"test|tests|check|ctest|run[-_]?\w*tests?|tests?[-_]?run|runtests?", name):
            return "test"  # librsync's `--target check` builds and runs the tests; strawberry's run_strawberry_tests
        if re.search(r"test", name):
            return None  # strawberry's `--target build_tests`, `utilities_test`: test programs built, none run
    chain = re.match(r"^cmake\b(?=.*\s-S\s?(\S+)).*&& cmake --build\b(?!.*(\bctest\b|--target (test|check)))", command)
    if chain:  # configure and build: a build, unless of a consumer or example project (nanobench's cmake_consumer)
        return None if re.search(r"(^|/)(tests?|examples?|samples?)(/|$)|consumer", chain.group(1)) else "build"
    one_env = re.match(r"^(?:uvx |pipx run )?tox (?:run )?-e ?([\w.-]+)(?:\s|$)", command)
    if one_env and (role := tox_env_role(one_env.group(1))):  # python-gitlab's CI `tox -e isort -- --check` lints
        return "lint" if role == "format" and re.search(r"\s--(check|diff)\b", command) else role
    hatch = re.match(r"^hatch run (?:[-+]\S+ )*(?:([\w.-]+):)?([\w.-]+)", command)
    if hatch:  # mkdocs' `hatch run types:check`: an environment's script, as a make target is; it runs no program
        env, script = hatch.group(1) or "", hatch.group(2)
        if re.fullmatch(
            r"python3?", script
        ):  # rq's `hatch run test:python -m ensurepip`: the program says what it does
            return command_role(command[hatch.start(2) :])
        return command_role(f"{env} {script}".strip()) or TARGET_ROLES.get(env.lower()) or TARGET_ROLES.get(script)
    if PROSE_LINTER.match(command):
        return "lint"  # brew's docs job runs `vale docs/`: a prose linter, no docs build
    if re.match(r"^clang-tidy(-\d+)?\b", command):
        return "lint"  # nanobench's `clang-tidy-18 -p build-tidy …`: the build folder it reads is no build
    if re.match(r"^scan-build\b", command):  # the clang static analyzer around a configure or a make: a check
        return "lint" if re.search(r"\s(make|ninja|cmake --build)\b", command) else None
    in_dir = re.match(r"^cd \S+ && (.+)$", command)
    if in_dir:
        return command_role(in_dir.group(1))
    appraisal = re.match(r"^(?:bundle exec )?appraisal (\S+)(?: (.+))?$", command)
    if appraisal:  # paper_trail's `bundle exec appraisal rails-7.1 rake`: the command run under one gemfile of many
        first, rest = appraisal.group(1), appraisal.group(2) or ""
        if first == "install":
            return "install"
        if first in ("update", "generate", "clean", "list", "version", "help"):
            return None
        return command_role(f"{first} {rest}".strip()) or (command_role(rest) if rest else None)
    script = re.match(r"^composer run(?:-script)? ([\w:-]+)$", command)
    if script:  # nette's `composer run tester` runs the tests: the script's name says its role
        return command_role(f"composer {script.group(1)}")
    pixi = re.match(r"^pixi run (?:(?:-e|--environment)[ =]\S+ )?([\w:-]+)$", command)
    if pixi:  # pint's guide: `pixi run --environment lint lint --all-files` is its `lint` task
        return TARGET_ROLES.get(pixi.group(1).lower())
    if re.match(r"^deno check\b", command):
        return "typecheck"  # Deno's own type check of the modules it names
    if re.match(r"^deno fmt\b.*\s--check\b", command):
        return "lint"  # oak's CI `deno fmt --check` reports unformatted files, it rewrites none
    deno = re.match(r"^deno task ([\w:-]+)$", command)
    if deno and deno.group(1).lower() in TARGET_ROLES:  # typebox's `deno task start` runs its example
        return TARGET_ROLES[deno.group(1).lower()]
    poe = re.match(r"^(?:uv run |poetry run )?poe ([\w:-]+)$", command)
    if poe:  # tenacity's `poe check`: the task's name says its role, as a make target's does
        return TARGET_ROLES.get(poe.group(1).lower())
    if re.search(r"\btox\b.* --(notest|devenv)\b", command):  # pre-commit's `tox --devenv venv` makes a venv
        return "install"  # creates the environments and runs nothing in them
    runner = r"^(?:uv run |uvx (?:--with \S+ )*|pipx run |python3? -m )?"
    selects = r"(?:(?:\S+ )*tox(?: run)?|nox)(?: -{1,2}[\w-]+(?: [^-\s]\S*)?)*? (?:-e|-s|-f)"
    env = re.match(rf"{runner}{selects} '?([\w.,-]+|<[\w-]+>)(?:\([^)]*\))?'?$", command)
    if env:  # the environment's name says what it does: `tox -e generate_schema` rewrites a file, it tests nothing;
        # nox's parameter is the session's own (jsonschema's `tests-3.14(format)` tests, with the format extra)
        roles = [_env_role(name) for name in env.group(1).split(",")]
        return "test" if "test" in roles else next((r for r in roles if r), None)
    if DOCS_SERVER.search(command):
        return "docs"
    if re.search(r"\s--no-fix\b", command) or re.match(
        r"^gofmt\b(?!.*\s-\w*w)(?=.*\s[^-\s])", command
    ):  # jwt's `gofmt -s -l .` lists
        return "lint"  # connection_pool's `standardrb --no-fix`: CI checks, it rewrites nothing
    if re.search(r"(--set-baseline|--update-baseline|--generate-baseline)\b|[:\s-]baseline$", command):
        return None  # mockery's `composer psalm:baseline` rewrites the baseline so that today's errors pass
    if INSTALL.match(command) or TOOL_INSTALL_TARGET.match(command):
        return "install"
    if SKIPS_TESTS.search(command):
        return "build"  # classgraph's `./mvnw -Dmaven.test.skip=true package` builds and runs no test
    if re.match(r"^(\./)?mvnw?\b(?!.*\s(test|verify|install)(?![\w-])).*\stest-compile\b", command):
        return "build"  # problem's CI `./mvnw clean test-compile -B` compiles the tests and runs none
    if NO_ROLE.search(command):
        return None
    if SUITE_RUNNER.match(command):
        return "test"  # htmlpurifier's `php tests/index.php` runs every test
    provisioning = PROVISIONING_SCRIPT.match(command)
    if provisioning:  # untrusted's CI `mk/install-build-tools.sh`: apt packages and compilers, a machine's set-up
        return None if provisioning.group(1) else "install"
    if BUILT_PROGRAM.match(command):  # robin-map's `build/tsl_robin_map_tests`: a program the build made, run
        return "test" if re.search(r"test", command.split()[0].rsplit("/", 1)[-1], re.IGNORECASE) else None
    maven = re.match(r"^(\./)?mvnw?\b", command) and re.search(r"\s(test|verify|install)(\s|$)", command)
    if maven and re.search(r"\s[\w.-]+:[\w-]+(?=\s)", command) and "-DskipTests" not in command:
        # smallrye-config's CI `mvn -B formatter:validate verify`: a plugin goal beside the phase that runs the tests
        return _own_role(re.sub(r"\s[\w.-]+:[\w-]+(?=\s)", "", command))
    if re.search(r"(^|[\s/])docs?\.(py|sh)\s(.*\s)?(build|serve|live)\b", command):
        return "docs"  # typer's CI `uv run ./scripts/docs.py build`: the script is named for what it builds
    # Gradle's `-x spotlessCheck` names the task it leaves out: `build -x spotlessCheck` builds, it lints nothing
    words = re.sub(r"\s(-x|--exclude-task)[ =]\S+", "", _without_file_paths(command))
    # pest's `cargo doc --features pretty-print,…`: a feature's name says nothing of what the command does
    words = re.sub(r"\s(--features|-F)[ =]\S+", "", words)
    # zksync-era's `zkstack ecosystem init --dev --support-l2-legacy-shared-bridge-test true`: an option's name
    words = re.sub(r"\s--[\w-]*\w-tests?\b[\w-]*", "", words)
    # a script's folders say where it is kept, not what it does: libfuse's CI runs test/ci/prepare-runner.sh
    # (a machine's set-up) and test/ci/doxygen.sh; a script right in tests/ runs tests whatever its name
    script = SCRIPT_PATH.match(words)
    if script and re.search(r"(^|/)tests?/", script.group(1)):
        words = words[: script.start(1)] + words[script.end(1) :]
        role = command_role(words) if words.strip() != command.strip() else None
        # kata's CI `./tests/git-helper.sh "rebase-atop-of-the-latest-target-branch"` prepares the branch
        helper = re.search(r"(git|helper|lib|common|utils?|env|setup|install|prepare)[\w-]*\.\w+(\s|$)", command)
        return role or ("test" if re.fullmatch(r"(\./)?tests?/", script.group(1)) and not helper else None)
    for role, pattern in COMMAND_ROLES:
        if pattern.search(words):
            if role == "docs" and NOT_DOCS.search(command):
                return None
            if role == "test" and NOT_A_TEST_RUN.match(command):
                continue  # `cargo check --tests` compiles the tests, it runs none
            # klaxon's CI `rspec --format RSpec::Github::Formatter`: a formatter's class name, no test's
            if role == "test" and ONE_TEST.search(
                re.sub(r"\s(--format|--formatter|--require|-f|-r)[ =]\S+", "", command)
            ):
                return "test-one"
            return role
    return None


SCRIPT_PATH = re.compile(r"^(?:(?:ba)?sh )?((?:\./)?(?:[\w.-]+/)+)[\w.-]+(?:\s|$)")
"""A command whose program is a script in a folder (`test/ci/doxygen.sh`): group 1 is the folder."""


def _env_role(name: str) -> str | None:
    """The role a tox env's or nox session's name gives it (attrs' `tox run -e docs-doctests,changelog`: docs)."""
    if re.fullmatch(r"((py|pypy|graalpy)[\d.]*t?|3\.\d+t?|tests?|unit|ci)([-_][\w.]+)*", name):  # filelock's `3.12`
        return "test"
    if re.fullmatch(r"<([\w-]*(python|version)[\w-]*|env|session|factor)>", name):
        return "test"  # CI's matrix of Pythons (`tox run -e <python-version>`) or an env only CI computes
    if re.search(r"(^|[-_])collect([-_]|$)", name):
        return None  # fides' `nox -s collect_tests` lists the tests pytest would collect and runs none
    if re.fullmatch(r"checks?|quality|style", name):
        return "lint"  # python-semver's `tox -e checks` runs its linters and type checks
    return next((role for role, pattern in COMMAND_ROLES if pattern.search(re.sub(r"[-_]", " ", name))), None)


def _without_file_paths(command: str) -> str:
    """The command without the files it names: `make jq.1 tests/man.test` builds two files, the word "tests" in
    their path gives it no role; the program itself (`./scripts/test`) keeps its name."""
    head, *rest = command.split(" ")
    if head in INTERPRETERS and rest:  # `bash scripts/format.sh`: the script is the program
        head, rest = f"{head} {rest[0]}", rest[1:]
    return " ".join([head, *(w for w in rest if not re.fullmatch(r"[\w.-]*/[\w./-]*\.\w+", w))])


INTERPRETERS = frozenset({"bash", "sh", "zsh", "python", "python3", "node", "ruby", "php", "perl", "pwsh", "deno"})


FORMATTER = re.compile(
    r"ruff format|\bblack\b|prettier (--write|-w)|--fix\b|gofmt -w|cargo fmt|clang-format -i|rubocop -a"
)


def _formats(tree: Tree, command: str) -> bool:
    """Whether the script a command runs formats code (its own text says so), not only lints it."""
    script = re.match(r"^(?:bash |sh )?(?:\./)?((?:scripts?|bin|tools)/[\w.-]+)", command)
    npm = re.match(r"^(?:npm|pnpm|yarn|bun) run ([\w:.-]+)", command)
    if script:
        return bool(FORMATTER.search(tree.read(script.group(1)) or ""))
    if npm:
        found = re.search(rf'"{re.escape(npm.group(1))}"\s*:\s*"([^"]*)"', tree.read("package.json") or "")
        return bool(found and FORMATTER.search(found.group(1)))
    return False


def context_role(text: str) -> str | None:
    """The role the prose around a command gives it; a link's address is not prose (`[uv](https://docs.astral.sh)`
    says nothing of docs)."""
    text = re.sub(r"https?://[^\s)>\]]+", " ", text)
    return next((role for role, pattern in CONTEXT_ROLES if pattern.search(text)), None)


@dataclass(frozen=True)
class GuideCommand:
    command: str
    role: str
    source: str


GUIDE_FOLDER = re.compile(
    r"^(?:docs?/)?(contributing|contributors?|development|developers?|hacking|contributor[-_]guide)/([\w.-]+)$", re.I
)
"""A page of a contributor-guide folder, in docs/ (black's docs/contributing/) or at the root (dstack's
contributing/DOCS.md: `uv run mkdocs serve`)."""
NOT_GUIDE_PAGE = re.compile(
    r"release|triage|issue|governance|security|conduct|maintain|mainten|changelog|reference|update|branching|abi[-_]",
    re.I,
)
"""Pages of a guide folder about something else than changing the code (releasing, triaging issues), or about a
maintainer's periodic chore (libical's docs/developer/HOWTO-update-zoneinfo.md, branching.md)."""


def in_guide_folder(rel: str) -> bool:
    """A page of a contributor-guide folder (black's docs/contributing/the_basics.md), not one about releasing."""
    page = GUIDE_FOLDER.match(rel)
    return bool(page) and not NOT_GUIDE_PAGE.search(page.group(2)) and page.group(2).lower() != "index.md"


def guide_files(tree: Tree) -> list[str]:
    """Contributor guides, root first; up to two folders below docs/ too (docs/Guides/Contributing.md,
    docs/dev/guide/contributing.rst), as rules.py reads them."""
    found = []
    for rel in tree.files:
        stem = rel.rsplit("/", 1)[-1].split(".", 1)[0].lower()
        folder = rel[: -len(rel.rsplit("/", 1)[-1])]
        shallow = folder in GUIDE_FOLDERS or (folder.count("/") in (2, 3) and folder.startswith(("docs/", "doc/")))
        prose = rel.lower().endswith((".md", ".rst", ".txt", ".adoc", ".markdown"))
        if prose and (
            (stem in GUIDE_STEMS and shallow) or (stem in ROOT_GUIDE_STEMS and not folder) or in_guide_folder(rel)
        ):
            found.append(rel)
    return sorted(found, key=lambda f: (f.count("/"), f))


BARE = re.compile(
    r"^(nr|ni|npm|npm run|pnpm|pnpm run|yarn|yarn run|bun|npx|cargo|go|uv|uv run|pip|python -m|bundle|composer|black|"
    r"hatch|hatch run|poetry|poetry run|pdm|pdm run|tox -e|nox -s|"
    r"prettier|isort|clang-format|ruff|mypy|pylint|eslint|ginkgo|(\./)?mvnw?|(\./)?gradlew?)$"
)
"""A tool named alone in prose ("use `nr`", jupyter_server's "run the tests using `hatch`", AxonFramework's
"Maven wrapper is used (`./mvnw`)") is not a command; the build's own default goal speaks for a bare run."""


LINTERS_ONLY = re.compile(
    r"^(?:python3? -m )?pip3? install (?:-U |--upgrade )?(?:(?:black|ruff|flake8|isort|pylint|yapf|autopep8|"
    r"pycodestyle|pydocstyle)(?:[=<>~!][^\s]*)? ?)+$"
)
"""An install of formatters and linters alone: a tool a guide asks for, not how the project is set up."""
CODE_FILE = re.compile(r"^[\w./*-]*[\w*]\.(py|pyi|js|mjs|cjs|ts|tsx|rb|php|go|rs|c|cc|cpp|h|hpp|java|kt)$")
"""A command's argument naming source files: a path or a glob (prettytable's guide: `black prettytable*.py`)."""


def _names_missing_files(tree: Tree, command: str) -> bool:
    """The command names source files (by path or glob, from the root) that the repository does not have: a guide
    written before the code moved (prettytable's `black prettytable*.py` from before its src/ layout)."""
    # detect-secrets' guide: `pytest tests/plugins/baseline_test.py::test_upgrade_succeeds`, a file that moved
    words = [w.strip("'\"").split("::", 1)[0] for w in command.split()[1:] if not w.startswith("-")]
    named = [w for w in words if CODE_FILE.match(w) and not w.startswith(("/", "~", "../"))]
    for word in named:
        word = word.removeprefix("./")
        found = any(fnmatch(f, word) for f in tree.files) if "*" in word else tree.has(word)
        if not found:
            return True
    # wasm-pack's guide: `cargo run -- init /tests/fixtures/js-hello-world`, a path from the checkout's root since gone
    for word in words:
        rooted = word.strip("/")
        rooted_here = re.fullmatch(r"/[\w.-]+(/[\w.-]+)+/?", word) and tree.under(rooted.split("/", 1)[0])
        if rooted_here and not (tree.has(rooted) or tree.under(rooted)):
            return True
    # trio's guide: `pytest trio`, `black trio`, written before the package moved to src/trio
    if re.match(r"(python3? -m )?(pytest|black|isort|flake8|mypy|pylint|ruff( check| format)?)\s", command):
        return any(re.fullmatch(r"[A-Za-z_]\w*", w) and not tree.under(w) and tree.under(f"src/{w}") for w in words)
    return False


_EXTRAS_INSTALL = re.compile(r"\bpip3? install (?:-[-\w]+ )*['\"]?\.['\"]?\[([\w,. -]+)\]")


def _names_undeclared_extras(tree: Tree, command: str) -> bool:
    """aiogram's guide: `pip install -e .[dev,test,docs,fast]`, where dev and test are [dependency-groups], not
    extras: pip warns that the project provides no such extra and installs neither the tests' nor the linters'
    tools (uv's `--extra dev` stops). Only a pyproject.toml whose [project] table declares its extras statically can
    say so."""
    named = _EXTRAS_INSTALL.search(command)
    # vyper's CLAUDE.md: `uv sync --extra dev`, where dev is a dependency group: uv stops, "Extra `dev` is not defined"
    asked = ",".join(re.findall(r"(?:^|\s)--extra[ =]([\w.-]+)", command)) if command.startswith("uv ") else ""
    if not (named or asked) or not tree.has("pyproject.toml"):
        return _names_undeclared_poetry_extras(tree, command)
    pyproject = load_toml(tree, "pyproject.toml")
    project = pyproject.get("project")
    if not isinstance(project, dict) or "optional-dependencies" in (project.get("dynamic") or []):
        return False
    extras = project.get("optional-dependencies") or {}
    if not extras and not pyproject.get("dependency-groups") and (tree.has("setup.py") or tree.has("setup.cfg")):
        return False  # a project that declares neither may still keep its extras in setup.py: leave it
    # LLaMA-Factory's guide: `pip install -e ".[dev]"`, where pyproject.toml (hatchling) declares no extra at all
    declared = {re.sub(r"[-_.]+", "-", e).lower() for e in extras}
    listed = named.group(1) if named else asked
    wanted = {re.sub(r"[-_.]+", "-", e.strip()).lower() for e in listed.split(",") if e.strip()}
    return bool(wanted - declared)


def _names_undeclared_poetry_extras(tree: Tree, command: str) -> bool:
    """ormar's guide: `poetry install -E dev`, where dev is a Poetry group and no extra: Poetry stops with "Extra
    [dev] is not specified". Only a pyproject.toml that declares [tool.poetry.extras] or Poetry groups can say so."""
    if not command.startswith("poetry install") or not tree.has("pyproject.toml"):
        return False
    asked = re.findall(r"\s(?:-E\s*|--extras[ =])(?:\"([^\"]+)\"|'([^']+)'|([\w.-]+))", command)
    wanted = {re.sub(r"[-_.]+", "-", w).lower() for a in asked for w in " ".join(a).replace(",", " ").split()}
    pyproject = load_toml(tree, "pyproject.toml")
    poetry = (pyproject.get("tool") or {}).get("poetry") or {}
    project = pyproject.get("project") if isinstance(pyproject.get("project"), dict) else {}
    if not wanted or not isinstance(poetry, dict) or not (poetry.get("extras") or poetry.get("group")):
        return False
    if "optional-dependencies" in (project.get("dynamic") or []):
        return False
    extras = {**(poetry.get("extras") or {}), **(project.get("optional-dependencies") or {})}
    return bool(wanted - {re.sub(r"[-_.]+", "-", e).lower() for e in extras})


def _names_undeclared_hatch_env(tree: Tree, command: str) -> bool:
    """jupyter_server's guide: `hatch run lint:build`, where pyproject.toml declares the docs, test, typing and cov
    environments and no lint: Hatch stops with "Environment `lint` is not defined"."""
    asked = re.match(r"^hatch run (?:[-+]\S+ )*([\w-]+):", command)
    if not asked or asked.group(1) == "default" or asked.group(1).startswith("hatch-"):
        return False
    if tree.has("hatch.toml") and isinstance(envs := load_toml(tree, "hatch.toml").get("envs"), dict) and envs:
        return asked.group(1) not in envs
    hatch = (load_toml(tree, "pyproject.toml").get("tool") or {}).get("hatch") if tree.has("pyproject.toml") else {}
    envs = hatch.get("envs") if isinstance(hatch, dict) else None
    return isinstance(envs, dict) and bool(envs) and asked.group(1) not in envs


FILE_NAME = (
    r"[\w./-]+\.(c|cc|cpp|cxx|h|hpp|so|dylib|dll|a|o|lib|class|json|ya?ml|toml|md|rst|txt|html?|xml|log|"
    r"supp|ini|cfg|conf|csv|patch|diff|png|svg)"  # frr's topotests.rst names `tools/valgrind.supp`: a file
)
"""A file a guide names in backticks (a library it builds, a report it writes): no command."""


SOURCE_FILE = re.compile(
    r"(\./)?[\w.-]+(/[\w.-]+)*\.(go|rs|java|kt|scala|c|cc|cpp|h|hpp|swift|cs|ts|tsx|json|toml|ya?ml|md|xml|mod|lock)"
)
"""A path to a file no shell runs (zrepl's "bump versions in `build/tools.go`"): named in prose, not a command."""


def _usable(tree: Tree, command: str, at_root: bool = True) -> bool:
    if SOURCE_FILE.fullmatch(command):
        return False
    made = re.match(r"^mkdir -p ([\w./-]+) && cd \1 && (.+)$", command)
    if made:  # `mkdir build && cd build && cmake ..`: the folder is the build's own
        return _usable(tree, made.group(2), at_root=False)
    in_dir = re.match(r"^cd [\w./-]+ && (.+)$", command)
    if in_dir:
        return _usable(tree, in_dir.group(1), at_root=False)
    shell = re.match(r"^(?:bash|sh) ((?:\./)?(?:scripts?|bin|tools)/[\w.-]+.*)$", command)
    if shell:  # `bash scripts/format.sh`: the repository's own script, run through the shell
        return _usable(tree, shell.group(1), at_root)
    if at_root and _names_missing_files(tree, command):
        return False
    if _names_undeclared_extras(tree, command) or _names_undeclared_hatch_env(tree, command):
        return False
    if re.fullmatch(r"(uv |python3? -m )?pip3? install( -[-\w]+)*", command):
        return False  # agno's guide: a bare `uv pip install`, whose packages follow in prose: pip stops, nothing named
    manifest = next((m for pattern, m in INSTALL_MANIFESTS if re.match(pattern, command)), None)
    if at_root and manifest and not any(tree.has(m) for m in manifest):
        return False  # taskiq's README: `pnpm install` for its docs site; thirtybees keeps no composer.json at its root
    if at_root and re.match(r"(\./)?mvnw? ", command) and not tree.has("pom.xml"):
        return False  # diktat's guide still says `mvn clean install`; its build moved to Gradle, no pom.xml is left
    if (
        at_root
        and re.fullmatch(r"go (test|build|vet)( -[\w.=-]+)*", command)
        and not any(f.endswith(".go") and "/" not in f for f in tree.files)
    ):
        return False  # datadog-go's README: a bare `go test` at a root with no Go files finds no package
    named = re.findall(r"(?:^|\s)(?:-r|--requirement|-c|--constraint)\s+([\w./-]+\.\w+)", command)
    if any(not tree.has(f) for f in named):
        return False  # `pip install -r requirements.txt` where that file is the docs folder's, not the root's
    if re.fullmatch(r"cmake --build( -j ?\d*| --parallel( \d+)?)?", command):
        return False  # openscad's README names `cmake --build` in prose: without its build folder it fails
    if BARE.match(command) or re.fullmatch(r"(pip3?|python3? -m pip) install|go tool [\w-]+", command):
        return False  # a tool named alone ("we use `go tool cover`"), or an install that names nothing to install
    if re.fullmatch(FILE_NAME, command):
        return False  # cgreen's CLAUDE.md names `build/tests/libmocks_tests.so`, `tools/cgreen-runner.c`: files
    if re.fullmatch(r"(build|out|_build|cmake-build-\w+)(/[\w.-]+)*/(src|lib|include|bin|tests?)/?", command):
        return False  # "put `build/src` on `PATH`": a folder of the build, no command
    if re.fullmatch(r"(build|target|out)/(reports|tmp|logs?|test-results|results|coverage)(/[\w.-]+)*/?", command):
        return False  # gradle-profiler's "the files are kept in `build/tmp/test-files`": where output goes
    if re.match(r"[\w.-]+ > [A-Z]", command):
        return False  # `nox > Running session test-3.13`: a tool's log line copied from a guide, not a command
    if re.search(r"(?<![/\w])\.{3,}$", command):
        return False  # "run `go test ...` again": the guide elides the arguments
    bare = ENV_PREFIX.sub("", command)  # paper_trail's `DB=sqlite bundle exec …`: the variables are the command's
    # redis-plus-plus' README runs `./build/test/test_redis++ -h host -p port`: the test program its build made
    built_tests = BUILT_PROGRAM.match(bare) and re.search(r"test", bare.split()[0].rsplit("/", 1)[-1], re.I)
    # kitty's `./test.py`, `./dev.sh build`: a script of the root's own, run by its shebang
    root_script = re.match(r"\./([\w-]+\.(?:py|sh|rb|pl))(?:\s|$)", bare)
    if root_script and not tree.has(root_script.group(1)):
        return False
    # haystack's `hatch run test:unit test/test_logging.py::TestSkipLoggingConfiguration::test_skip_…`: a test's
    # node id makes a short command long
    short = re.sub(r"(?<=\.py)(::[\w\[\]-]+)+", "", command)
    if not (TOOLS.match(bare) or built_tests or root_script) or USER_ONLY.match(bare) or len(short) > 100:
        return False
    if "$" in command:
        return False
    composer = tree.read("composer.json") or ""
    pest_only = '"pestphp/pest"' in composer and '"phpunit/phpunit"' not in composer
    if pest_only and re.match(r"^(\./)?(vendor/bin/)?phpunit\b", command):
        return False  # array-to-xml's README says phpunit; its tests are Pest's `it()` functions, which it cannot run
    script = re.match(r"^(?:\./)?((?:scripts?|bin|tools)/[\w.-]+)", command)
    if script and script.group(1).endswith((".js", ".ts", ".mjs", ".cjs", ".py", ".rb", ".go", ".php")):
        return False  # a source file needs its interpreter: the guide's real command names it
    return not script or tree.has(script.group(1))


INSTALL_MANIFESTS = (
    (r"(npm|pnpm|yarn|bun) (i|install|ci)\b|yarn$|pnpm i$", ("package.json",)),
    (r"composer (i|install|update)\b", ("composer.json",)),
    (r"bundle( install)?$|bundle install\b", ("Gemfile", "gems.rb")),
    (r"(uv sync|poetry install|pdm install)\b", ("pyproject.toml",)),  # flyte's guide: `uv sync`, no pyproject.toml
    (r"pipenv (install|sync)\b", ("Pipfile",)),
)
"""A package manager's install and the manifest it reads at the root: without one it installs nothing."""


def _roles(command: str, context: str) -> list[str]:
    if NO_ROLE.search(command):
        return []  # whatever the guide's words around it
    own = command_role(command)
    if own is None and NOT_DEV.search(command):
        return []
    if DEPENDENCY_UPKEEP.match(command):  # cometbft's "we can fall back on `go mod tidy`" under its build words
        return ["install"] if context_role(context) == "install" else []
    near = context_role(context) if context else None
    if near == "docs" and NOT_DOCS.search(command):
        near = None
    if near == "test" and re.search(r"\b(without|skip(ping)?) (running |executing |the |any )*tests\b", context, re.I):
        near = None  # unitycatalog's "To compile all the code without running tests": `build/sbt clean compile`
    if near == "test" and (NOT_TEST_TARGET.match(command) or NOT_A_TEST_RUN.match(command)):
        near = None  # ouch's "review the snapshots" step, `cargo insta review`, runs no test
    if (own in ("test", "test-one") or near == "test") and (
        WAITS_FOR_DEBUGGER.search(command) or (DEBUGGER_WORDS.search(context))
    ):
        return []  # syrupy's `inv test -v -d` "to enable the debugger": the run waits for one to attach
    if own in ("test", "test-one") and near == "docs" and not re.search(r"\btest", context, re.IGNORECASE):
        return []  # what the guide gives for building the docs is not a test command
    if own is None and near == "docs" and re.fullmatch(r"(\./)?(bin|scripts?)/[\w.-]+", command):
        return []  # gacela's AGENTS.md names its program `bin/gacela` beside "documentation assets in docs/"
    if own is None and near == "install" and not SETS_UP.search(command):
        return []  # gimli's "install `cargo-llvm-cov` and run `cargo llvm-cov --open`": the run is no install
    if near == "format" and re.match(r"(cargo (\+\S+ )?(check|build)|go (build|vet))\b", command):
        return []  # cloud-hypervisor's "# We rely on nightly-only formatting features" over `cargo check`: no format
    if "format" in (own, near) and re.search(r"licen[cs]e", command, re.IGNORECASE):
        return []  # RediSearch's `cargo license-fix` under "Linting & Formatting" adds licence headers
    if near == "test" and re.fullmatch(r"make( -j\S*)?( all)?", command):
        return []  # nanodbc's README builds with `make` before `make test`: the build, whatever follows it
    if own is None and near == "test" and MANUAL_TRY.search(context) and not ONE_TEST.search(command):
        return ["run"]  # ignite's "to test changes to the Ignite CLI … run the `bin/ignite` script": the program
    # strawberry's "Run a single test: … run the binary directly" over `./build/tests/utilities_test`
    one_program = own == "test" and BUILT_PROGRAM.match(command) and len(command.split()) == 1
    if (
        own in (None, "test")
        and near == "test"
        and ONE_TEST_WORDS.search(context)
        and ((len(command.split()) > 1 and not NAMES_NO_TEST.fullmatch(command)) or one_program)
    ):
        return ["test-one"]  # kitty's "To run a specific test, run `./test.py test_name`": the name is the test's
    if own is None and near == "test" and ONE_TEST.search(command):
        return ["test-one"]  # stripe-ruby's README: `bundle exec ruby -Ilib/ test/stripe/util_test.rb` runs one file
    if own is None:
        return [near] if (near and near != "test") or (near == "test" and "<" not in command) else []
    return [own]


CMAKE_TARGET = re.compile(
    r"^cmake --build \S+(?: (?:-j ?\d*|--parallel(?: \d+)?|--config \S+|-v))* --target ([\w.-]+)$"
)
"""A CMake build of one named target: the target's name says what the run does."""
DEPENDENCY_UPKEEP = re.compile(r"^(go mod (tidy|vendor)|cargo update|(uv|poetry|pdm|pipenv) lock)\b")
"""Commands that rewrite the dependency list or lock file: upkeep, never the build, tests or docs a guide's words
around them name; at most a set-up step."""
WAITS_FOR_DEBUGGER = re.compile(
    r"\s-D(\w*\.)?(jvm)?debug(=true)?(\s|$)|\s-Dmaven\.surefire\.debug\b|--wait-for-client\b"
)
"""pkl's `./gradlew test -Djvmdebug=true`, Surefire's debug switch: the tests wait for a debugger on a port."""
DEBUGGER_WORDS = re.compile(
    r"\b(enable|attach|start|wait for|connect)s?\b[^.]*\bdebugger\b|\bdebugger\b[^.]*\b(attach|connect)", re.I
)
"""A guide's words for a run made for a debugger, which waits until one attaches: no way to run the tests."""


ONE_TEST_WORDS = re.compile(
    r"\b(a|one|single|specific|individual|particular) (unit )?(test|spec)\b(?! (suite|file))", re.I
)
"""A guide's words for running one test: the argument the command takes names it."""


NAMES_NO_TEST = re.compile(r"(npm run|pnpm( run)?|yarn( run)?|bun run|make|just|task) [\w:.-]+")
"""A script or target run with no argument (joint's `yarn test-client` under "run a single test"): it runs what it
always runs, a whole suite; no test is named."""


MANUAL_TRY = re.compile(r"\b(test|try)(ing)? (out )?(your |the |local |these )?(changes|modifications)\b", re.I)
"""Prose about trying a change by hand: the command it gives runs the program, it runs no tests."""


SETS_UP = re.compile(
    r"\b(install|setup|set-up|bootstrap|deps|dependencies|sync|init|venv|virtualenv|env create|restore|prepare)\b",
    re.IGNORECASE,
)
"""Words a set-up command carries itself, whatever the guide says around it."""


BUILD_DIR = re.compile(r"(?:\s-B\s?|\bmkdir (?:-p )?|\bmeson setup )([\w.-]+/?)(?=\s|$)")
"""A folder a command makes: the build folder a later `cd build && ctest` enters, which the checkout lacks."""


REWRITES = re.compile(
    r"\b(rebuild|regenerate|update)\b[^.]*\b(tests|outputs|expected|snapshots|fixtures)\b|"
    r"^\W*(re)?generate (the )?code\b",  # markdown-rs' "generate code (latest CM tests and Unicode info):"
    re.I,
)
"""A guide's words for a command that writes the tests' expected results or generated code anew: no way to run
them."""


PASSING = re.compile(r"\b(tests? (are |is )?pass(ed|es|ing)?|(tests?|they) still pass)\b", re.IGNORECASE)
"""A guide's words that the command checks the tests pass (systeroid's "add your tests or update the existing tests
according to the changes and check if the tests are passed"): a run, whatever was updated before it."""


HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
RUFF_BARE = re.compile(
    r"(?<![\w-])((?:python3? -m |uvx? (?:run )?|poetry run |pdm run )?ruff)"
    r"(?= (?:--[\w-]+|\.|[\w./-]+/)(?:\s|$))"
    r"(?! (?:check|format|rule|config|linter|clean|version|help|server|analyze|--version|--help)\b)"
)
"""ruff given a path or an option with no subcommand: the form ruff 0.5 removed, the same run as `ruff check`."""


def guide_commands(tree: Tree) -> list[GuideCommand]:
    """Every command the contributor guides (and the README's development sections) give, in reading order."""
    sources = [(rel, tree.read(rel) or "") for rel in guide_files(tree)]
    # the agent files state the commands too, for an agent (anyio's AGENTS.md: `pip install --group test -e .`)
    agents = agent_files(tree)
    mains = [rel for rel in agents if rel.endswith(("AGENTS.md", "CLAUDE.md"))]
    # with neither, kitty's .github/copilot-instructions.md is the agent's guide: "run `./test.py`"
    mains = mains or [rel for rel in agents if rel.endswith(("copilot-instructions.md", "GEMINI.md"))]
    sources += [(rel, tree.read(rel) or "") for rel in mains]
    readme = tree.first("README.md", "README.markdown", "readme.md", "README.rst", "README.adoc")
    if readme:
        sources.append((readme, tree.read(readme) or ""))
    sources = [(rel, asciidoc_as_markdown(text) if rel.endswith(".adoc") else text) for rel, text in sources]
    sources = [(rel, text if rel.endswith(".rst") else without_release_sections(text)) for rel, text in sources]
    # rrweb's coding-style.md keeps "You can run `yarn lint-docs`" in an HTML comment: hidden, and no script
    sources = [(rel, text if rel.endswith(".rst") else HTML_COMMENT.sub("", text)) for rel, text in sources]
    if readme:  # the README's development sections only
        sources[-1] = (readme, readme_dev_text(sources[-1][1], rst=readme.endswith(".rst")))
    out: list[GuideCommand] = []
    foreign = {path for path, _ in submodules(tree)}
    for rel, text in sources:
        rst = rel.lower().endswith(".rst")
        pairs = chain_configure(block_commands(text, rst)) + inline_commands(text, lambda f: bool(tree.under(f)))
        built: set[str] = set()  # folders the guide's own commands create (libuv's `cmake -B build`)
        refused: set[str] = set()  # commands the guide says not to run
        for command, context in pairs:
            if REWRITES.search(context) and not PASSING.search(context):
                continue  # scssphp's "run the following command to rebuild all the tests": it rewrites them
            said = re.escape(command)
            disowned = (
                rf"\b(does not|doesn't|do not|don't|never) (use|need) `{said}`|`{said}`[^.]*\bnot maintained|"
                rf"\b(instead of|rather than) (running )?`{said}`|"  # jsdom's "`npm run lint` instead of `npx eslint`"
                # atproto's AGENTS.md: "Avoid `pnpm run style:fix` (whole-repo prettier) unless the user … asks"
                # lakekeeper's "don't just run `cargo clippy --all-features`. Use `just check-clippy`"
                rf"\b(?i:avoid|never run|do not (just )?run|don't (just )?run) (running |using )?`{said}`|"
                rf"(不要|请勿|别|禁止)(使用|用|运行|执行)?\s*`{said}`|"  # koishi's CONTRIBUTING: "请不要使用 `tsc -b`"
                # Vita3K's "a Make (`make`, the default project generator for Linux) one": the tool's name, no step
                rf"\b(?i:{said}) \(`{said}`,|"
                # Vita3K's "If Boost failed to build, you can use the system Boost package": a fallback, no set-up
                r"^\W*(?i:if)\b[^.]{0,60}\b(?i:failed|fails|fail|does ?n[o']t work|is ?n[o']t available)\b|"
                # concourse's "running `go test ./...` will break, as the tests currently assume only one package"
                rf"`{said}`[^.`]{{0,30}}\b(will|would|does|is going to) (break|fail|not work)\b|"
                # evcc's "Never state that `go build`, `go vet` … pass": a rule for the pull request's text
                rf"\b(?i:never|do not|don't) (state|say|claim|mention|write|report)\b[^.]*`{said}`|"
                # cargo-auditable's "So instead of this:" over `cargo auditable FLAGS`: the block is the way not taken
                r"\b(instead of|rather than)( (this|that|doing (this|that)|running))?:$|"
                rf"\b(stricter|more strict|better|faster|slower) than `{said}`|"  # bob's "more strict than `go fmt`"
                # haystack's "`hatch` will accept all the options you would normally pass to `pytest`": what it runs
                rf"\b(?i:options|arguments|flags|parameters)\b[^.`]*\b(pass|give|hand|forward)(ed)? to `{said}`"
            )
            if re.search(disowned, context):
                refused.add(command)
                continue  # tornado's guide: "Tornado does not use `pytest`", "the `pytest` runner … is not maintained"
            built |= {m.rstrip("/") for m in BUILD_DIR.findall(command)}
            made = re.match(r"^mkdir -p ([\w./-]+) && cd \1 && (.+)$", command)
            if made and re.match(r"(make|ninja)\b", made.group(2)):
                continue  # cgdb's README: `make` in a new ../build whose `../cgdb/configure` line is lost: no Makefile
            outside = command.startswith(("mkdir -p ../", "cd ../"))  # a build folder beside the checkout
            if made and "/" in made.group(1) and not outside and not tree.under(made.group(1).split("/", 1)[0]):
                inner = made.group(1).split("/", 1)[1]  # `cd spdlog && mkdir build`: build/ in the checkout
                command = f"mkdir -p {inner} && cd {inner} && {made.group(2)}"
            in_dir = re.match(r"^cd ([\w./-]+) && (.+)$", command)
            folder = in_dir.group(1).removeprefix("./").rstrip("/") if in_dir else ""
            if folder and folder in foreign:
                continue  # preact's `cd benchmarks && pnpm i` sets up its benchmarks submodule, another repository
            if in_dir and folder == tree.root.name and _checkout_named(tree, folder):
                command = in_dir.group(2)  # bpython's `cd bpython` after its clone: the checkout, not bpython/
            elif in_dir and not outside and not tree.under(folder) and folder not in built:
                # `git clone …; cd project`: the checkout itself, not a folder in it (`cd project/myapp`: myapp)
                inner = folder.split("/", 1)[1] if "/" in folder else ""
                command = f"cd {inner} && {in_dir.group(2)}" if inner and tree.under(inner) else in_dir.group(2)
            if not _usable(tree, command):
                continue
            command = RUFF_BARE.sub(r"\1 check", command)  # flair's `ruff --fix .`: ruff 0.5 refuses it, `check` runs
            if re.search(r"\bpytest\b", command):  # titiler's guide: `-cov-report=…`, which pytest reads as `-c ov-…`
                command = re.sub(r"(?<=\s)-(cov(?:-[a-z]+)*)(?=[=\s]|$)", r"--\1", command)
            # venom's "Code must pass `go vet`", terramate's `go test -race`: bare, it checks the root package alone
            if re.fullmatch(r"go (vet|fmt|test)( -[\w.=-]+)*", command) and any(
                "/" in f and f.endswith(".go") for f in tree.own
            ):
                command += " ./..."
            if command in refused:
                continue  # concourse's "The `go test` default" after "running `go test ./...` will break"
            roles = _roles(command, context)
            if re.search(rf"`{said}`,? (to|which|that) (install|download|fetch)s?\b", context):
                roles = [r for r in roles if r == "install"]  # terraform-docs' "`make goimports` to install": a tool
            if roles == ["lint"] and context_role(context) == "format" and _formats(tree, command):
                roles.append("format")  # httpx's scripts/lint runs `ruff format`: the guide's "auto-formatting" holds
            for role in roles:
                if "<" in command and (role != "test-one" or re.search(r"<[^>]*\bcommand\b", command, re.I)):
                    continue  # sidekiq-cron's `… run --rm tests <HERE IS YOUR COMMAND>`: any command, not one test
                if role == "install" and LINTERS_ONLY.match(command):
                    continue  # prettytable's `pip install black`: the formatter, not the project's set-up
                said = completed_build(command) if role == "build" else command
                if role == "build" and re.search(r"(^|/)(docs?|documentation|website)\.(md|rst)$", rel, re.I):
                    role = "docs"  # dstack's contributing/DOCS.md: `just site-build` builds the documentation site
                out.append(GuideCommand(_from_its_folder(tree, rel, said), role, rel))
    return out


def _checkout_named(tree: Tree, folder: str) -> bool:
    """The folder named like the repository is its package, and the guide's `cd` enters the clone: the root holds
    the build's manifest, the package folder none."""
    manifests = ("setup.py", "pyproject.toml", "package.json", "Cargo.toml", "go.mod", "Gemfile", "composer.json")
    return any(tree.has(m) for m in manifests) and not any(tree.has(f"{folder}/{m}") for m in manifests)


def _from_its_folder(tree: Tree, rel: str, command: str) -> str:
    """koin's projects/CLAUDE.md says `./gradlew …` for its own folder: from the root, `cd projects && …`."""
    folder = build_folder(tree)
    if not folder or not rel.startswith(f"{folder}/") or command.startswith(("cd ", "mkdir ")):
        return command
    return f"cd {folder} && {command}"
