"""PHP: Composer, Laravel or Symfony, PHPUnit or Pest, migrations."""

from __future__ import annotations

import posixpath
import re
from dataclasses import replace
from typing import Any

from picasso_tui.profile.ecosystems import php_format
from picasso_tui.profile.ecosystems.common import (
    SHELL_SHEBANG,
    Stack,
    classify,
    load_json,
    migration_folders,
    stack_facts,
    workflow_text,
)
from picasso_tui.profile.ecosystems.example_tests import phpunit_class
from picasso_tui.profile.ecosystems.in_folder import ROOT_BUILDS
from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.walk import Tree, is_auxiliary, is_vendored

LIBRARIES: dict[str, tuple[str, str]] = {
    "laravel/framework": ("Laravel", "framework"), "symfony/framework-bundle": ("Symfony", "framework"),
    "slim/slim": ("Slim", "framework"), "cakephp/cakephp": ("CakePHP", "framework"),
    "livewire/livewire": ("Livewire", "framework"), "phpunit/phpunit": ("PHPUnit", "test"),
    "pestphp/pest": ("Pest", "test"), "doctrine/orm": ("Doctrine ORM", "database"),
    "doctrine/doctrine-migrations-bundle": ("Doctrine Migrations", "migrations"),
    "symfony/console": ("Symfony Console", "cli"), "friendsofphp/php-cs-fixer": ("PHP-CS-Fixer", "lint"),
    "php-cs-fixer/shim": ("PHP-CS-Fixer", "lint"),
    "phpstan/phpstan": ("PHPStan", "types"), "squizlabs/php_codesniffer": ("PHP_CodeSniffer", "lint"),
    "larastan/larastan": ("PHPStan", "types"), "nunomaduro/larastan": ("PHPStan", "types"),  # Larastan brings it
    "vimeo/psalm": ("Psalm", "types"), "nikic/fast-route": ("FastRoute", "framework"),
    "psr/http-message": ("PSR-7 HTTP messages", "framework"),
    "psr/http-server-handler": ("PSR-15 handlers", "framework"),
    "psr/http-server-middleware": ("PSR-15 middleware", "framework"),
    "guzzlehttp/guzzle": ("Guzzle", "framework"), "monolog/monolog": ("Monolog", "framework"),
    "mockery/mockery": ("Mockery", "test"), "phpspec/prophecy": ("Prophecy", "test"),
    "phpspec/prophecy-phpunit": ("Prophecy", "test"), "phpspec/phpspec": ("phpspec", "test"),
    "codeception/codeception": ("Codeception", "test"), "bovigo/assert": ("bovigo/assert", "test"),
    "bovigo/callmap": ("bovigo/callmap", "test"), "mikey179/vfsstream": ("vfsStream", "test"),
    "infection/infection": ("Infection", "test"), "rector/rector": ("Rector", "refactor"),
    "laravel/pint": ("Laravel Pint", "lint"),
    # Laravel-Excel requires illuminate/support: a Laravel package built on the framework's components
    "illuminate/": ("Laravel components (illuminate/*)", "framework"), "yiisoft/yii2": ("Yii 2", "framework"),
    "codeigniter4/framework": ("CodeIgniter 4", "framework"), "laminas/laminas-mvc": ("Laminas MVC", "framework"),
    "orchestra/testbench": ("Orchestra Testbench", "test"), "phpoffice/phpspreadsheet": ("PhpSpreadsheet", "framework"),
}  # fmt: skip


MIGRATION = re.compile(r"(^|/)database/migrations/[^/]+\.php$", re.IGNORECASE)


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    if not tree.has("composer.json") or not any(f.endswith(".php") for f in tree.own):
        return k  # Chart.js keeps a composer.json for an old packagist entry and has no PHP code
    data = load_json(tree, "composer.json")
    if data.get("type") == "metapackage" and any(ROOT_BUILDS.match(f) for f in tree.files if "/" not in f and
                                                 f != "composer.json"):  # fmt: skip
        return k  # roadrunner's composer.json only ships its Go server to PHP users: it holds no code to install
    deps = set(data.get("require") or {}) | set(data.get("require-dev") or {})
    kinds = classify(deps, LIBRARIES)
    laravel = tree.has("artisan")  # an app has its artisan at the root; collision only requires laravel/framework
    details = ["Composer" + (" (composer.lock)" if tree.has("composer.lock") else "")]
    php = (data.get("require") or {}).get("php")
    if php:
        details.append(f"PHP {php}")
    # filament's migrations under docs-assets/ and tests/ are the docs' and the tests' own
    migrations = [f for f in tree.files if MIGRATION.search(f) and not is_auxiliary(f) and not f.startswith("tests/")]
    root = [f for f in migrations if f.startswith("database/migrations/")]
    if root and len(root) * 2 >= len(migrations):
        details.append("migrations in database/migrations")
    elif migrations:  # bagisto's 8 in database/migrations beside 189 in packages/Webkul/*/src/Database/Migrations
        others = [f for f in migrations if f not in root]
        details.append(f"migrations {'mostly ' if root else ''}in {migration_folders(others)} ({len(others)} files)")
    autoload = (data.get("autoload") or {}).get("psr-4") or {}
    if autoload:
        shown = [f"{ns} -> {', '.join(d) if isinstance(d, list) else d}" for ns, d in list(autoload.items())[:3]]
        details.append("PSR-4 autoload " + "; ".join(shown))
    k.fact("php/packaging", "PHP: Composer", "PHP project: " + "; ".join(details) + ".", "composer.json")
    # php and ext-* are platform requirements; Composer's plugins and installers only place the packages
    placed = _placed_packages(data)
    runtime = [d for d in data.get("require") or {} if "/" in d and not COMPOSER_TOOLING.search(d) and d not in placed]
    kind = str(data.get("type") or "")  # no type is Composer's "library", but applications often leave it out
    role = "an application" if laravel or kind == "project" else f"a Composer {kind}" if kind else ""
    dev = set(data.get("require-dev") or {})
    if not tree.first("phpcs.xml", "phpcs.xml.dist", ".phpcs.xml", ".phpcs.xml.dist"):
        dev.discard("squizlabs/php_codesniffer")  # required but configured nowhere: Carbon runs PHP-CS-Fixer instead
    stack = _with_extensions(
        Stack(runtime, dev, role, versions=_majors(data, TESTED_VERSIONS)), data.get("require") or {}
    )
    if any(COMPOSER_TOOLING.search(d) for d in data.get("require") or {}):
        stack.none = ""  # concretecms' merge plugin pulls in concrete/composer.json's: none of its own says nothing
    stack_facts(k, "php", "PHP", LIBRARIES, stack, ["composer.json"])
    vendor = _vendor_dir(data)
    if f"{vendor}/autoload.php" in tree.tracked_under(vendor):
        # iTop commits what Composer installs into lib/: a checkout runs as it is, `composer install` is a
        # maintainer's step to change a dependency
        k.fact("php/committed-dependencies", "PHP: dependencies committed",
               f"Composer's dependencies are committed in {vendor}/ (with its autoload.php): a checkout runs without "
               "`composer install`; run it only to add or update a dependency.", "composer.json")  # fmt: skip
    else:
        k.command("install", "composer install", "composer.json", 40)
    scripts = data.get("scripts") or {}
    _composer_scripts(k, tree, scripts)
    _composer_programs(k, tree, data)
    if laravel:
        k.command("test", "php artisan test", "artisan", 45)
        compose = tree.first("docker-compose.yml", "compose.yaml", "compose.yml", "docker-compose.yaml")
        readme = tree.read(tree.first("README.md", "readme.md", "README") or "") or ""
        # pinkary's README runs `php artisan serve` and never names Sail: its compose file is an option, not the way
        serves = "artisan serve" in readme and not re.search(r"\bsail\b", readme, re.IGNORECASE)
        if "laravel/sail" in dev and compose and "sail" in (tree.read(compose) or "") and not serves:
            # solidtime's and UNIT3D's compose file is Sail's: the app runs in its containers, with their database
            k.command("run", "vendor/bin/sail up -d", compose, 44, "Laravel Sail's containers")
        k.command("run", "php artisan serve", "artisan", 45)
        k.command("migrate", "php artisan migrate", "artisan", 45)
    if "Pest" in kinds.get("test", []):
        k.command("test", "vendor/bin/pest", "composer.json", 50)
        k.command("test-one", "vendor/bin/pest --filter '<test name>'", "composer.json", 50)
    elif not _codeception(k, tree, deps):
        _phpunit(k, tree, deps)
    # mockery's psalm:baseline rewrites the baseline so that today's errors pass: it checks nothing
    analysing = [n for n, body in scripts.items() if n not in ("analyse", "analyze", "phpstan") and not EVENT.match(n)
                 and re.search(r"\b(phpstan|psalm)\b(?!/)", str(body))  # rector's utils/phpstan/tests: a folder
                 and "baseline" not in f"{n} {body}" and not php_format.pipeline(body)
                 and not re.search(r"(upgrade|update|install|clear|cache|clean)", n)  # BEAR.Sunday's `clean`
                 and not re.search(r"clear-result-cache|--clear-cache\b", str(body))  # maker-bundle's
                 # laravel-livewire-tables' `psalm: vendor/bin/psalm`, with no Psalm among its packages
                 and not any(not_installed(tree, s.strip()) for s in php_format.steps(body).split(";"))]  # fmt: skip
    # tools:upgrade and gacela's clear-cache-phpstan run no analysis
    for name in analysing[:2]:  # beberlei/assert's assert:sa-code and assert:sa-tests pass the paths and level
        k.command("typecheck", f"composer {name}", f"composer.json scripts.{name}", 30)
    if "PHPStan" in kinds.get("types", []) and not {"analyse", "phpstan"} & set(scripts) and not analysing:
        # A composer script already runs it with the project's arguments; else the config the repository has.
        config = tree.first("phpstan.neon", "phpstan.neon.dist", "phpstan.dist.neon") or next(
            iter(f for f in tree.files if f.endswith((".neon", ".neon.dist")) and "phpstan" in f), ""
        )
        default = config in ("phpstan.neon", "phpstan.neon.dist", "phpstan.dist.neon")  # PHPStan finds these itself
        command = "vendor/bin/phpstan analyse" + (f" -c {config}" if config and not default else "")
        paths = re.search(r"^\s*(paths|includes):", tree.read(config) or "", re.MULTILINE)  # else it asks for paths
        if config and paths:
            k.command("typecheck", command, config, 55)
    php_format.commands(k, tree, deps, scripts)
    bin_dir = _bin_dir(data)
    if bin_dir != "vendor/bin":  # FOSSBilling's vendor-dir is src/vendor: its Pest is src/vendor/bin/pest
        moved = re.compile(r"^(\./)?vendor/bin/")
        k.commands = [replace(c, command=moved.sub(f"{bin_dir}/", c.command)) for c in k.commands]
    return k


def _vendor_dir(data: dict[str, Any]) -> str:
    """Where Composer installs the dependencies: config.vendor-dir, else vendor/."""
    config = data.get("config") if isinstance(data.get("config"), dict) else {}
    return str(config.get("vendor-dir") or "vendor").strip("/").removeprefix("./")


def _bin_dir(data: dict[str, Any]) -> str:
    """Where Composer links the dependencies' programs: config.bin-dir, else vendor-dir's bin/."""
    config = data.get("config") if isinstance(data.get("config"), dict) else {}
    return str(config.get("bin-dir") or f"{_vendor_dir(data)}/bin").removeprefix("./").strip("/")


COMPOSER_TOOLING = re.compile(r"installers?$|composer-[\w-]*plugin|composer-patches|-composer$")
"""Composer plugins (concretecms' wikimedia/composer-merge-plugin, phplist's davidbarratt/custom-installer,
composer/installers, luyadev/luya-composer): they merge manifests or place packages at install, the code is not
built on them."""
TESTED_VERSIONS = ("phpunit/phpunit",)
"""Test tools whose major version changes how tests are written (PHPUnit 10 drops annotations for attributes)."""


def _placed_packages(data: dict[str, Any]) -> set[str]:
    """Packages an installer places in the application's folders (phplist's language packs and plugins under
    extra.custom-installer, a CMS's `installer-paths`), and the application's plugins: parts added to it, not what
    its code is built on."""
    extra = data.get("extra") if isinstance(data.get("extra"), dict) else {}
    placed = {
        str(name)
        for key in ("custom-installer", "installer-paths")
        for names in (extra.get(key) or {}).values()
        if isinstance(extra.get(key), dict) and isinstance(names, list)
        for name in names
        if "/" in str(name) and ":" not in str(name)
    }
    return placed | {d for d in data.get("require") or {} if re.search(r"-plugin-", d)}


def _majors(data: dict[str, Any], packages: tuple[str, ...]) -> dict[str, str]:
    """The major versions composer.json allows each package (`^9.0` → "9", `^10 || ^9.5` → "9 or 10")."""
    found = {}
    for package in packages:
        constraint = str((data.get("require-dev") or {}).get(package) or (data.get("require") or {}).get(package) or "")
        majors = list(dict.fromkeys(re.findall(r"(?:^|[|,\s])[\^~>=v]*(\d+)(?:\.[\d*x]+)*", constraint)))
        if majors and len(majors) <= 3 and not re.search(r"[<*]|>=?\s*\d", constraint):  # ranges say nothing clear
            ordered = sorted(majors, key=int)
            found[package] = " or ".join(ordered) if len(ordered) < 3 else f"{', '.join(ordered[:-1])} or {ordered[-1]}"
    return found


def _with_extensions(stack: Stack, require: dict[str, Any]) -> Stack:
    """The PHP extensions composer.json requires (`ext-curl`) named in the stack: the code needs them at runtime,
    so "no runtime dependencies" would be wrong (httpful requires curl and no package)."""
    extensions = [d.removeprefix("ext-") for d in require if d.startswith("ext-")]
    if not extensions:
        return stack
    needs = f"requires the PHP extension{'s' if len(extensions) > 1 else ''} {human_list(extensions)}"
    if stack.runtime:
        stack.extra = needs
    else:
        stack.none = f"{needs} (no Composer package at runtime)"
    return stack


def _config_scripts_give(tree: Tree) -> str:
    """The PHPUnit configuration composer's scripts pass (`phpunit --config=./Build/phpunit/config.xml`), when the
    file exists; "" otherwise."""
    scripts = load_json(tree, "composer.json").get("scripts") or {}
    for body in scripts.values() if isinstance(scripts, dict) else []:
        found = re.search(
            r"\bphpunit\b[^\n\"]*?(?:--configuration|--config|-c)[= ](?:\./)?([\w./-]+\.xml(?:\.dist)?)", str(body)
        )
        if found and tree.has(found.group(1)):
            return found.group(1)
    return ""


BRINGS_PHPUNIT = re.compile(r"/(.*\bphpunit\b.*|paratest|.*testsuite|testbench)$")
"""Packages that require phpunit/phpunit themselves, named for it: mpdf lists only yoast/phpunit-polyfills and its
`composer test` runs vendor/bin/phpunit; luya's luyadev/luya-testsuite, orchestra/testbench, brianium/paratest."""


ANALYSER_EXTENSION = re.compile(r"(phpstan|psalm|rector|vimeo)/|[\w-]+/(phpstan|psalm|rector)-")
"""PHPStan's, Psalm's and Rector's PHPUnit extensions (Stof's phpstan/phpstan-phpunit): they read PHPUnit's types,
they require no PHPUnit to run."""


def brings_phpunit(packages: set[str]) -> bool:
    """Whether the required packages put PHPUnit in vendor/bin (Symfony's bridge installs its own, elsewhere)."""
    return any(
        p == "phpunit/phpunit"
        or (BRINGS_PHPUNIT.search(p) and p != "symfony/phpunit-bridge" and not ANALYSER_EXTENSION.match(p))
        for p in packages
    )


CODECEPTION_SUITE = re.compile(r"(?:^|/)([\w-]+)\.suite(?:\.dist)?\.yml$")


def _codeception(k: Knowledge, tree: Tree, deps: set[str]) -> bool:
    """Codeception's suites (pods' and the-events-calendar's wp-browser suites, tests/**/<suite>.suite.dist.yml):
    `codecept run <suite>` runs one of them; PHPUnit pointed at their folders loads none of their modules. False
    when the project has no Codeception configuration or keeps a root PHPUnit configuration beside it."""
    config = tree.first("codeception.yml", "codeception.dist.yml")
    brought = {"codeception/codeception", "lucatume/wp-browser"} & deps
    if not config or not brought or tree.first(*ROOT_CONFIGS):
        return False
    suites = sorted((m.group(1), f) for f in tree.files if not is_vendored(f) and (m := CODECEPTION_SUITE.search(f)))
    if not suites:
        return False
    name, path = min(suites, key=lambda s: (s[0] not in ("unit", "wpunit"), "unit" not in s[0], s[0]))
    wordpress = "lucatume/wp-browser" in deps
    note = "wp-browser's suites need the WordPress test site and database the .env file names" if wordpress else ""
    k.command("test", f"vendor/bin/codecept run {name}", config, 48, note)
    folder = f"{path.rsplit('/', 1)[0]}/{name}/" if "/" in path else f"{name}/"
    example = next((f for f in tree.files if f.startswith(folder) and re.search(r"(Test|Cest)\.php$", f)), "")
    if example:
        k.command("test-one", f"vendor/bin/codecept run {name} {example}", config, 48, note)
    return True


def _phpunit(k: Knowledge, tree: Tree, dev_and_runtime: set[str]) -> None:
    """PHPUnit only when the repository brings it: phpunit/phpunit gives vendor/bin/phpunit, Symfony's
    phpunit-bridge gives vendor/bin/simple-phpunit. A phpunit XML alone says how, not that it is installed."""
    if brings_phpunit(dev_and_runtime):
        runner = "vendor/bin/phpunit"
    elif "symfony/phpunit-bridge" in dev_and_runtime:
        runner = "vendor/bin/simple-phpunit"
    elif phar := phive_tool(tree, "phpunit"):
        runner = phar  # captainhook's PHPUnit is a Phive PHAR in tools/
    elif folder := _test_project(tree):
        # iTop's tests/php-unit-tests has a composer.json of its own that brings PHPUnit, its phpunit.xml.dist
        # beside it: the suite runs from there, once its own `composer install` has run
        config = tree.first(*(f"{folder}/{c}" for c in ROOT_CONFIGS)) or folder
        k.command("install", f"cd {folder} && composer install", f"{folder}/composer.json", 41, "for the tests")
        k.command("test", f"cd {folder} && vendor/bin/phpunit", config, 48, f"after `composer install` in {folder}")
        named = phpunit_class(tree, folder) or "'<test name>'"
        k.command("test-one", f"cd {folder} && vendor/bin/phpunit --filter {named}", config, 48)
        return
    else:
        return
    config = tree.first(*ROOT_CONFIGS) or "composer.json"
    given = _config_scripts_give(tree) if config == "composer.json" else ""
    if given:  # PHP-CSS-Parser's scripts pass --config=./Build/phpunit/config.xml: a bare phpunit prints its help
        runner, config = f"{runner} --config={given}", given
    elif config == "composer.json" and (suite := _test_folder_config(tree)):
        # roundcube's tests/phpunit.xml beside tests/Browser/phpunit.xml: the shallowest is the main suite's
        runner, config = f"{runner} -c {suite}", suite
    elif config == "composer.json" and phpunit_configs(tree):
        return  # php-encryption's test/phpunit-{5,8,10}.xml: a bare phpunit finds no config and runs no test
    env, note = _required_env(tree, config)
    # Shaarli's phpunit.xml names no bootstrap and its Makefile passes tests/bootstrap.php, which loads the base
    # TestCase its tests extend: a bare run stops on "class not found"
    folder_guess = next((f for f in ("tests", "test") if tree.under(f)), "")
    helper = f"{folder_guess}/bootstrap.php" if folder_guess else ""
    if helper and tree.has(helper) and config != "composer.json" and "bootstrap=" not in (tree.read(config) or ""):
        runner = f"{runner} --bootstrap {helper}"
    # kint's phpunit.xml declares no <testsuite>: a bare run finds "No tests executed!", the folder must be named
    folder = next((f for f in ("tests", "test") if tree.under(f)), "")
    if config == "composer.json" and folder:  # no config at all: a bare run prints PHPUnit's help
        folder = _test_classes_folder(tree, folder)  # PocketMine-MP's tests/phpunit, beside tests/phpstan
    suites = "<testsuite" in (tree.read(config) or "")
    where = f" {folder}" if folder and not suites else ""
    k.command("test", f"{env}{runner}{where}", config, 44 if env else 50, note)  # CI sets the variable in its env
    named = (phpunit_class(tree, folder) if folder else "") or "'<test name>'"
    k.command("test-one", f"{env}{runner} --filter {named}{where}", config, 50)


def _test_project(tree: Tree) -> str:
    """A folder under tests/ (or test/) with a composer.json that brings PHPUnit and a PHPUnit configuration beside
    it: the test suite is a Composer project of its own."""
    for rel in tree.files:
        if not re.fullmatch(r"tests?/([\w.-]+/)?composer\.json", rel):
            continue
        folder = rel.rsplit("/", 1)[0]
        data = load_json(tree, rel)
        wanted = set(data.get("require") or {}) | set(data.get("require-dev") or {})
        if brings_phpunit(wanted) and tree.first(*(f"{folder}/{c}" for c in ROOT_CONFIGS)):
            return folder
    return ""


PHPUNIT_SCRIPTS = ("phpunit", "test", "tests", "unit", "test-unit", "test:unit", "unit-tests")
_PHPUNIT_RUN = re.compile(r"^(@php\s+)?(\"?(\./)?vendor/bin/)?phpunit\"?(\s|$)")


def _phpunit_script(scripts: dict[str, Any]) -> tuple[str, str] | None:
    """(the composer script that runs PHPUnit alone, the folder of the configuration it passes): composer hands what
    follows `--` to it. gacela's `phpunit` runs three suites in turn, where a filter matching nothing in the first
    fails: a script of several steps gives none."""
    for name in PHPUNIT_SCRIPTS:
        body = scripts.get(name)
        steps = [body] if isinstance(body, str) else body if isinstance(body, list) else []
        if len(steps) != 1 or not isinstance(steps[0], str):
            continue
        config = re.search(r"(?:--configuration|-c)[ =]([\w./-]+)/[\w.-]+\.xml(?:\.dist)?\b", steps[0])
        if name == "phpunit" or (config and _PHPUNIT_RUN.match(steps[0])):  # a bare phpunit misses that config
            return name, config.group(1).removeprefix("./") if config else ""
    return None


def _test_classes_folder(tree: Tree, folder: str) -> str:
    """The deepest folder under ``folder`` that holds every PHPUnit test class (PocketMine-MP's TesterPlugin keeps
    a plugin's Test.php under tests/plugins: no TestCase, no PHPUnit test)."""
    found = [f for f in tree.under(folder) if f.endswith("Test.php") and "TestCase" in (tree.read(f) or "")]
    return posixpath.commonpath(found) if len(found) > 1 else folder


VENDOR_TOOLS = {
    "phpstan": "phpstan/phpstan", "phpunit": "phpunit/phpunit", "psalm": "vimeo/psalm", "rector": "rector/rector",
    "php-cs-fixer": "friendsofphp/php-cs-fixer", "phpcs": "squizlabs/php_codesniffer", "pest": "pestphp/pest",
}  # fmt: skip
"""The Composer package each `vendor/bin/<tool>` comes from."""


def required_in_ci(tree: Tree, command: str) -> str | None:
    """For `vendor/bin/<tool>` whose package composer.json does not require: CI's `composer require --dev …` line
    that brings it (json-schema's phpstan); None otherwise (composer.json brings it, or something else does, such as
    php-option's vendor-bin/phpstan for composer-bin-plugin, or the command runs no such tool)."""
    tool = re.match(r"^(?:\./)?vendor/bin/([\w-]+)", command)
    package = VENDOR_TOOLS.get(tool.group(1)) if tool else None
    data = load_json(tree, "composer.json")
    if not package or not data or package in {*(data.get("require") or {}), *(data.get("require-dev") or {})}:
        return None
    workflows = workflow_text(tree)
    line = re.search(rf"composer require (?:--dev|-D)[^\n]*?{re.escape(package)}[^\n$]*", workflows)
    return " ".join(line.group(0).split()) if line else None


def requires_itself(tree: Tree, command: str) -> bool:
    """`composer require <this package>`: how an application takes the package in (log-viewer's guide, step 6,
    in a separate Laravel app), never the set-up of its own clone."""
    wanted = re.match(r"^composer require (?:-[\w-]+ )*([\w.-]+/[\w.-]+)", command)
    name = load_json(tree, "composer.json").get("name") if wanted and tree.has("composer.json") else None
    return bool(wanted) and isinstance(name, str) and wanted.group(1).split(":")[0].lower() == name.lower()


def not_installed(tree: Tree, command: str) -> bool:
    """`vendor/bin/phpunit` or `vendor/bin/phpstan` where the root composer.json requires no package of the tool's
    vendor (pdepend's PHPUnit is src/test/composer.json's): a root `composer install` leaves no such program."""
    tool = re.match(r"^(?:\./)?vendor/bin/(phpunit|phpstan|psalm|rector)(?=\s|$)", command)
    if not tool or not tree.has("composer.json"):
        return False
    data = load_json(tree, "composer.json")
    wanted = {*(data.get("require") or {}), *(data.get("require-dev") or {})}
    family = VENDOR_TOOLS[tool.group(1)].split("/")[0]  # phpstan/phpstan-strict-rules requires phpstan/phpstan
    brought = tool.group(1) == "phpunit" and brings_phpunit(wanted)
    # laravel-livewire-tables requires larastan/larastan, which requires PHPStan itself
    brought = brought or (tool.group(1) == "phpstan" and bool({"larastan/larastan", "nunomaduro/larastan"} & wanted))
    return not brought and not any(name.startswith(f"{family}/") for name in wanted)


def fixer_without_rules(tree: Tree, command: str) -> bool:
    """A PHP-CS-Fixer run (`vendor/bin/php-cs-fixer fix`, or a composer script that runs it) in a repository with
    no fixer config: it applies the tool's default rule set, not the project's style (php-markdown's
    `composer codestyle-fix` would turn its tab-indented code to spaces)."""
    if tree.first(*php_format.FIXER_CONFIGS) or re.search(r"\s--(rules|config)[= ]", command):
        return False  # hashids' CI passes its rule set itself: `php-cs-fixer fix . --dry-run --rules=@PER-CS`
    script = re.match(r"^composer (?:run(?:-script)? )?([\w:.-]+)$", command)
    scripts = load_json(tree, "composer.json").get("scripts") if script else None
    ran = scripts.get(script.group(1)) if script and isinstance(scripts, dict) else command
    lines = ran if isinstance(ran, list) else [ran]
    return any(re.search(r"\bphp-cs-fixer(\.phar)? fix\b", str(line)) for line in lines)


ROOT_CONFIGS = ("phpunit.xml", "phpunit.xml.dist", "phpunit.dist.xml")


def phpunit_misses_its_config(tree: Tree, command: str) -> bool:
    """A PHPUnit run that finds no configuration: the repository keeps it in a folder (httpful's tests/phpunit.xml)
    and the command neither passes it (`-c`, `--configuration`) nor runs in that folder, so its bootstrap never
    loads (README's `phpunit ./tests`; CI's `phpunit -c tests/phpunit.xml` is how)."""
    inside = re.match(r"cd (\S+) && (.+)$", command)
    folder, run = (inside.group(1).strip("/") + "/", inside.group(2)) if inside else ("", command)
    if not re.match(r"(\S*/)?(phpunit|simple-phpunit)\b|php (\S*/)?phpunit\b", run):
        return False
    if re.search(r"\s(-c|--configuration)[\s=]", run) or any(tree.has(folder + c) for c in ROOT_CONFIGS):
        return False
    return bool(phpunit_configs(tree))


def _test_folder_config(tree: Tree) -> str:
    """The one PHPUnit configuration directly in tests/ or test/, named as PHPUnit looks for it, when no other sits
    as shallow."""
    configs = [c for c in phpunit_configs(tree) if not is_vendored(c)]
    shallow = [c for c in configs if c.count("/") == min((f.count("/") for f in configs), default=0)]
    # php-encryption's test/phpunit-10.xml is one of a version each: no suite's own configuration
    if len(shallow) == 1 and "/" not in shallow[0]:
        return shallow[0]  # luya's actions.phpunit.xml, its only one, is named for CI: PHPUnit does not find it alone
    named = len(shallow) == 1 and re.match(r"tests?/", shallow[0]) and shallow[0].split("/")[-1] in ROOT_CONFIGS
    return shallow[0] if named and shallow[0].count("/") == 1 else ""


def phpunit_configs(tree: Tree) -> list[str]:
    """Every PHPUnit configuration file in the repository (phpunit.xml, tests/phpunit.xml, test/phpunit-10.xml,
    luya's actions.phpunit.xml)."""
    return [f for f in tree.files if re.search(r"(^|/)([\w-]+\.)?phpunit[\w.-]*\.xml(\.dist)?$", f)]


def with_config_note(tree: Tree, rule: str) -> str | None:
    """A rule quoting a PHPUnit run that misses its config, told which config to pass (`-c tests/phpunit.xml`);
    None when the repository has several and the right one is unsure."""
    missing = [c for c in re.findall(r"`([^`]+)`", rule) if phpunit_misses_its_config(tree, c)]
    if not missing:
        return rule
    configs = phpunit_configs(tree)
    if len(configs) != 1:
        return None
    return f"{rule.rstrip('.')} (as written it misses the PHPUnit config {configs[0]}: add `-c {configs[0]}`)"


def _required_env(tree: Tree, config: str) -> tuple[str, str]:
    """An environment variable the bootstrap file exits without (brick/math's CALCULATOR=GMP|BCMath|Native): the
    command sets it to the first value the file accepts; ("", "") when there is none."""
    bootstrap = (
        re.search(r'bootstrap="([^"]+)"', tree.read(config) or "") if config.endswith((".xml", ".dist")) else None
    )
    text = tree.read(bootstrap.group(1)) or "" if bootstrap and tree.has(bootstrap.group(1)) else ""
    needed = re.search(r"(?:(\$\w+)\s*=\s*)?getenv\(\s*'(\w+)'\s*\)", text)
    if not needed or not re.search(r"\bexit\s*\(|\bdie\b", text):
        return "", ""
    # the cases of a switch on that variable: ClassicPress' `case '--exclude-group':` switches on its argv
    subject = rf"{re.escape(needed.group(1))}\b|" if needed.group(1) else ""
    switch = re.search(rf"switch\s*\(\s*({subject}getenv\(\s*'{needed.group(2)}')", text)
    if not switch:
        return "", ""
    cases = text[switch.end() :]
    following = re.search(r"\bswitch\b", cases)  # the next switch's cases are another variable's
    values = re.findall(r"case\s+'([\w.-]+)'\s*:", cases[: following.start()] if following else cases)
    if not values:
        return "", ""
    name = needed.group(2)
    return f"{name}={values[0]} ", f"{bootstrap.group(1)} exits unless {name} is one of {human_list(values)}"


EVENT = re.compile(r"(pre|post)-[\w-]+-(cmd|dump)$|(pre|post)-(package|root-package|create-project|archive)-")
"""Composer's event hooks (php-webdriver's `post-install-cmd` installs its tools/ copies of PHPStan): composer runs
them itself; nobody types `composer post-install-cmd`."""
STYLE_CHECK = re.compile(
    r"\bphp-cs-fixer (check\b|fix\b[^;&|]*--dry-run)|\bphpcs\b|\bparallel-lint\b|\bphplint\b|\becs check\b|"
    r"\bpint\b[^;&|]*\s--test\b"
)
"""A script that reports style or syntax faults and rewrites nothing (deployer's `check: php-cs-fixer check`)."""
DOCS_GENERATOR = re.compile(r"\bbin/doc(s|gen)\b|\bphpdoc\b|\bphpDocumentor\b|\bdoctum\b")
"""A script that writes the documentation (deployer's `docgen: php bin/docgen`)."""


def _phpstan_without_paths(tree: Tree, ran: str) -> bool:
    """A bare `phpstan analyse` with no paths and no config file to name them: PHPStan has nothing to analyse."""
    bare = re.fullmatch(r"\s*(?:@php )?(?:(?:\./)?vendor/bin/)?phpstan(?: analy[sz]e)?(?: --?[\w-]+(?:=\S+)?)*\s*", ran)
    configs = ("phpstan.neon", "phpstan.neon.dist", "phpstan.dist.neon")
    return bool(bare) and "-c" not in ran.split() and not any(tree.has(c) for c in configs)


def _composer_scripts(k: Knowledge, tree: Tree, scripts: dict[str, Any]) -> None:
    """The composer scripts a contributor runs for each role, and the benchmarks."""
    for role, name in (("test", "test"), ("test", "tests"), ("test", "unit"), ("lint", "lint"), ("format", "format"),
                       ("typecheck", "analyse"), ("typecheck", "analyze"), ("lint", "phpcs"), ("typecheck", "phpstan"),
                       ("lint", "cs"), ("format", "cs-fix"), ("format", "phpcbf")):  # fmt: skip
        if name in scripts:
            ran = php_format.steps(scripts[name])
            if role == "lint" and php_format.FIXING.search(ran) and not STYLE_CHECK.search(ran):
                role = "format"  # firebase-php's `cs` runs `php-cs-fixer fix`: it rewrites, so it formats
            if _phpstan_without_paths(tree, ran):
                continue  # phpCAS' `phpstan: phpstan`, with no phpstan.neon: PHPStan stops, no path to analyse
            if any(not_installed(tree, step.strip()) for step in ran.split(";")):
                continue  # laravel-livewire-tables' `psalm: vendor/bin/psalm`, with no Psalm among its packages
            k.command(role, f"composer {name}", f"composer.json scripts.{name}", 30)
    # composer passes what follows `--` to the script: wp-cli's `phpunit` and `behat` scripts run one test that way
    # gacela's `phpunit` runs three suites in turn: the filter goes to each, and the first that matches nothing fails
    if one := _phpunit_script(scripts):
        name, configured = one
        # wp-rocket's `test-unit` runs phpunit with tests/Unit/phpunit.xml.dist: its classes are under tests/Unit
        folder = configured or next((f for f in ("tests", "test") if tree.under(f)), "")
        named = (phpunit_class(tree, folder) if folder else "") or "'<test name>'"
        k.command("test-one", f"composer {name} -- --filter {named}", f"composer.json scripts.{name}", 45)
    if "behat" in scripts:
        k.command("test-one", "composer behat -- features/<name>.feature", "composer.json scripts.behat", 46)
    named = {"test", "tests", "unit", "lint", "format", "analyse", "analyze", "phpcs", "phpstan", "cs", "cs-fix",
             "phpcbf"}  # fmt: skip
    for name, body in scripts.items():
        ran = body if isinstance(body, str) else " ".join(map(str, body)) if isinstance(body, list) else ""
        if name in named:
            continue
        # tallstackui's `ci` checks the style, then runs the Feature and Browser suites: a whole CI run, no lint
        tests_too = re.search(r"\b(pest|phpunit|paratest|codecept)\b|@(test|tests)\b", ran)
        # pinkary's `lint` runs rector and pint, which rewrite: its `test:lint` (`pint --test`) is the check
        linted = any(c.role == "lint" and c.source.startswith("composer.json scripts.") for c in k.commands)
        if STYLE_CHECK.search(ran) and not linted and not tests_too:
            k.command("lint", f"composer {name}", f"composer.json scripts.{name}", 30)  # deployer's `check`
        elif re.fullmatch(r"docs?([-:_]?(gen|generate|build))?", name) or DOCS_GENERATOR.search(ran):
            k.command("docs", f"composer {name}", f"composer.json scripts.{name}", 30)  # deployer's `docgen`
    bench = next((name for name in ("bench", "benchmark", "phpbench") if name in scripts), None)
    if bench and not runs_missing_program(tree, scripts[bench]):  # a measurement: a fact, never the test command
        ran = scripts[bench] if isinstance(scripts[bench], str) else "; ".join(map(str, scripts[bench]))
        k.fact("php/benchmarks", "PHP benchmarks", f"Benchmarks run with `composer {bench}` "
               f"(composer.json scripts.{bench}: `{ran}`).", "composer.json")  # fmt: skip
    elif (config := tree.first("phpbench.json", "phpbench.json.dist")) and "phpbench/phpbench" in str(
        load_json(tree, "composer.json").get("require-dev")
    ):  # Serde's benchmarks/, where phpbench.json's runner.path points
        folder = str(load_json(tree, config).get("runner.path") or "benchmarks")
        k.fact("php/benchmarks", "PHP benchmarks", f"PHPBench benchmarks in {folder.strip('/')}/ ({config}): run "
               "them with `vendor/bin/phpbench run --report=aggregate`.", config)  # fmt: skip


def _composer_programs(k: Knowledge, tree: Tree, data: dict[str, Any]) -> None:
    """The programs a package ships (composer.json `bin`, deployer's bin/dep): run from the clone with `php <file>`,
    after `composer install` has written the autoloader they load."""
    listed = data.get("bin")
    programs = [listed] if isinstance(listed, str) else listed if isinstance(listed, list) else []
    own = [p for p in programs if isinstance(p, str) and tree.has(p) and not p.startswith("vendor/")]
    if own:
        note = f"the package's programs: {human_list(own, 4)}" if len(own) > 1 else ""
        # wp-cli's bin/wp is a shell wrapper that finds php and starts php/boot-fs.php: `php bin/wp` prints it
        shell = SHELL_SHEBANG.match(tree.read(own[0]) or "")
        # drush's root `drush`: bare, the shell finds the user's installed drush, not the checkout's
        program = own[0] if "/" in own[0] else f"./{own[0]}"
        k.command("run", program if shell else f"php {own[0]}", "composer.json bin", 60, note)


def own_program(tree: Tree, command: str) -> str | None:
    """`php bin/phpcs …` for a command that runs the package's own program by its bare name or through vendor/bin
    (PHP_CodeSniffer's guide says `phpcs`): Composer links a dependency's programs into vendor/bin, never the root
    package's, so the checkout runs its own from bin/. None when the command runs no program of the package."""
    listed = load_json(tree, "composer.json").get("bin") if tree.has("composer.json") else None
    programs = [listed] if isinstance(listed, str) else listed if isinstance(listed, list) else []
    for program in (p for p in programs if isinstance(p, str) and tree.has(p)):
        name = re.escape(program.rsplit("/", 1)[-1])
        shell = SHELL_SHEBANG.match(tree.read(program) or "")
        if found := re.match(rf"^(?:vendor/bin/)?{name}(?=\s|$)(.*)$", command):
            return f"{program}{found.group(1)}" if shell else f"php {program}{found.group(1)}"
    return None


PHIVE_PHAR = re.compile(r"<phar\b[^>]*\bname=\"(?:[\w-]+/)?([\w-]+)\"[^>]*\blocation=\"([^\"]+)\"")


def phive_tool(tree: Tree, command: str) -> str | None:
    """A tool named bare (`phpstan`) that Phive installs into the checkout (phive.xml's `location="./tools/phpstan"`):
    the command as the project runs it, from there; None when Phive does not bring it."""
    config = (tree.read("phive.xml") or "") if tree.has("phive.xml") else ""
    for name, location in PHIVE_PHAR.findall(config):
        if found := re.match(rf"^(?:vendor/bin/)?{re.escape(name)}(?=\s|$)(.*)$", command):
            return location.removeprefix("./") + found.group(1)
    return None


def composer_bin_dir(tree: Tree) -> str:
    """Where composer.json moves the tools' binaries out of vendor/bin (swagger-php's `config.bin-dir` bin/,
    TeamPass's `config.vendor-dir` app/vendor), else ""."""
    if "_composer_bin_dir" not in tree.__dict__:
        data = load_json(tree, "composer.json") if tree.has("composer.json") else None
        chosen = _bin_dir(data) if isinstance(data, dict) else "vendor/bin"
        tree.__dict__["_composer_bin_dir"] = chosen if chosen != "vendor/bin" else ""
    return tree.__dict__["_composer_bin_dir"]


def runs_missing_program(tree: Tree, body: object) -> bool:
    """A composer script whose step runs a program by a path the checkout lacks (php-matcher's `tools/phpbench`,
    left from the PHARs it no longer installs there); vendor/ is Composer's to fill, so its paths are not checked."""
    steps = [body] if isinstance(body, str) else [str(b) for b in body] if isinstance(body, list) else []
    for step in steps:
        program = step.split()[0] if step.split() else ""
        by_path = "/" in program and not program.startswith(("vendor/", "@", "$")) and "::" not in program
        if by_path and not tree.has(program.removeprefix("./")):
            return True
    return False


def wordpress_test_library(tree: Tree, command: str) -> str:
    """What a PHPUnit run of a WordPress plugin needs first: its bootstrap loads WordPress's test library from
    WP_TESTS_DIR (TablePress, easy-digital-downloads), which `bin/install-wp-tests.sh` fetches and points at a MySQL
    database; "" for another run."""
    if not re.search(r"(^|/|\s)(phpunit|simple-phpunit)(\s|$)", command):
        return ""
    config = tree.first(*ROOT_CONFIGS)
    named = re.search(r'\bbootstrap="([^"]+)"', tree.read(config) or "") if config else None
    bootstrap = named.group(1).removeprefix("./") if named else "tests/bootstrap.php"
    text = tree.read(bootstrap) or "" if tree.has(bootstrap) else ""
    if not re.search(r"WP_TESTS_DIR|install-wp-tests\.sh|get_path_to_wp_test_dir", text):
        return ""
    if tree.has("bin/install-wp-tests.sh"):
        return "after `bin/install-wp-tests.sh <db-name> <db-user> <db-pass>`, which installs WordPress's test library"
    return "needs WordPress's test library in WP_TESTS_DIR and a MySQL database"
