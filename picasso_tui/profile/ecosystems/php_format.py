"""PHP's formatters: PHP-CS-Fixer, Easy Coding Standard (ECS) and PHP_CodeSniffer's phpcbf. The format command is a
composer script that runs one of them, else the tool the repository installs and configures; the style fact names
the rules its config sets (a legacy .php_cs is named too: no PHP-CS-Fixer of today reads it)."""

from __future__ import annotations

import re
from typing import Any

from picasso_tui.profile.ecosystems.common import load_json
from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.walk import Tree

FIXER_CONFIGS = (".php-cs-fixer.php", ".php-cs-fixer.dist.php", ".php_cs", ".php_cs.dist")
"""PHP-CS-Fixer 3's config names, then the legacy ones (1.x and 2.x) that version 3 no longer reads."""
PHPCS_CONFIGS = ("phpcs.xml", "phpcs.xml.dist", ".phpcs.xml", ".phpcs.xml.dist")
PHPCS_PACKAGES = (
    "squizlabs/php_codesniffer", "doctrine/coding-standard", "slevomat/coding-standard",
    "dealerdirect/phpcodesniffer-composer-installer", "wp-coding-standards/wpcs",
)  # fmt: skip
"""PHP_CodeSniffer itself, or a standard that requires it (vendor/bin/phpcbf comes with either)."""
FIXING = re.compile(
    r"\bphp-cs-fixer(?:\.phar)? fix\b(?!.*--dry-run)|\bphpcbf\b|\becs\b(?:.*\s--fix\b|\s+fix\b)|"
    r"\bpint\b(?![^;&|]*\s--test\b)"
)
"""A composer script's step that rewrites the code (not `php-cs-fixer fix --dry-run`, which only reports)."""
FORMAT_SCRIPTS = ("format", "cs-fix", "phpcbf")
"""The script names php.py already takes as the format command."""


RUNS_TESTS = re.compile(r"\b(phpunit|pest|paratest|codecept)\b|@(test|tests|phpunit)\b")


def pipeline(body: Any) -> bool:
    """A composer script that runs the tests and other checks too (phpbench's `integrate`: normalize, php-cs-fixer,
    phpstan, phpunit, the docs): the whole check before a pull request, not the format or the type-check command."""
    ran = steps(body)
    return bool(RUNS_TESTS.search(ran)) and len(re.split(r" ; ", ran)) >= 3


def steps(body: Any) -> str:
    return body if isinstance(body, str) else " ; ".join(map(str, body)) if isinstance(body, list) else ""


def commands(k: Knowledge, tree: Tree, deps: set[str], scripts: dict[str, Any]) -> None:
    """A composer script that fixes the code style (`fix-style: php-cs-fixer fix`), else the configured tool's own
    fix: PHP-CS-Fixer when installed (a legacy .php_cs only for a version that still reads it), ECS, phpcbf."""
    phpcs = tree.first(*PHPCS_CONFIGS) if any(p in deps for p in PHPCS_PACKAGES) else None
    paths = _phpcs_paths(tree, phpcs) if phpcs else ""
    if phpcs:  # a dependency nothing configures may run nowhere
        k.command("lint", f"vendor/bin/phpcs{paths}", phpcs, 56)
    named = [
        n for n in scripts if n not in FORMAT_SCRIPTS and FIXING.search(steps(scripts[n])) and not pipeline(scripts[n])
    ]
    for name in named[:1]:
        k.command("format", f"composer {name}", f"composer.json scripts.{name}", 30)
    if named or any(n in scripts for n in FORMAT_SCRIPTS):
        return  # the maintainers' script runs the tool with their own arguments
    config = tree.first(*FIXER_CONFIGS)
    constraint = next((str(v) for d in ("require-dev", "require") for p, v in _table(tree, d) if p in (
        "friendsofphp/php-cs-fixer", "php-cs-fixer/shim")), None)  # fmt: skip
    legacy = config is not None and config.startswith(".php_cs")
    if constraint is not None and not (legacy and not re.search(r"(^|[^\d.])[12](\.|$|\s|\*)", constraint)):
        k.command("format", "vendor/bin/php-cs-fixer fix", config or "composer.json", 55)  # 3.x ignores a .php_cs
    if "laravel/pint" in deps:  # Pint needs no config: without one it applies the Laravel preset
        k.command("format", "vendor/bin/pint", tree.first("pint.json") or "composer.json", 55)
        k.command("lint", "vendor/bin/pint --test", tree.first("pint.json") or "composer.json", 56)
    ecs = tree.first("ecs.php")
    if ecs and "symplify/easy-coding-standard" in deps:
        k.command("format", "vendor/bin/ecs check --fix", ecs, 55)
    if phpcs:
        k.command("format", f"vendor/bin/phpcbf{paths}", phpcs, 56)


def _phpcs_paths(tree: Tree, config: str) -> str:
    """The folders to name when the ruleset lists no `<file>`: without one, a bare phpcs stops with "You must supply
    at least one file or directory to process" (dompdf's phpcs.xml; its CI names src tests lib)."""
    if "<file>" in (tree.read(config) or ""):
        return ""
    # user-registration's src/ holds its React blocks; its PHP is in includes/: phpcs then checks the whole tree
    folders = [f for f in ("src", "lib", "tests", "test") if any(p.endswith(".php") for p in tree.under(f))]
    return "".join(f" {f}" for f in folders) or " ."


def _table(tree: Tree, name: str) -> list[tuple[str, Any]]:
    table = load_json(tree, "composer.json").get(name)
    return list(table.items()) if isinstance(table, dict) else []


def _tool_manifest(tree: Tree, packages: set[str]) -> str:
    """A composer.json of its own (tools/php-cs-fixer/composer.json, vendor-bin/…) that requires one of the packages:
    the way a project keeps a tool's dependencies apart from the library's."""
    for rel in sorted(tree.named("composer.json")):
        if rel == "composer.json" or not re.match(r"(tools|vendor-bin|\.tools|build)/", rel):
            continue
        data = tree.read(rel) or ""
        if any(f'"{p}"' in data for p in packages):
            return rel
    return ""


def _locked(tree: Tree, packages: set[str]) -> bool:
    """composer.lock holds one of the packages: a dependency brings it (composer-normalize's
    ergebnis/php-cs-fixer-config requires friendsofphp/php-cs-fixer)."""
    lock = tree.read("composer.lock") or "" if tree.has("composer.lock") else ""
    return any(re.search(rf'"name":\s*"{re.escape(p)}"', lock) for p in packages)


def style_hints(tree: Tree) -> list[tuple[str, str]]:
    """(hint, file) for each formatter config: the rule sets it applies."""
    out = []
    installed = {p for d in ("require-dev", "require") for p, _ in _table(tree, d)}
    for rel in FIXER_CONFIGS:
        if not tree.has(rel):
            continue
        text = tree.read(rel) or ""
        sets = sorted(set(re.findall(r"@(PSR\d+|PER(?:-CS)?[\d.]*|Symfony|PhpCsFixer)", text)))
        level = re.search(r"\b(PSR\d|SYMFONY|CONTRIB)_LEVEL\b", text)  # 1.x's `->level(FixerInterface::PSR2_LEVEL)`
        listed = re.search(r"->fixers\(\s*(?:array\(|\[)(.*?)[\])]\s*\)", text, re.DOTALL)
        fixers = len(re.findall(r"['\"]-?[\w]+['\"]", listed.group(1))) if listed else 0
        rules = human_list(sets) if sets else f"{level.group(1)} level" if level else ""
        hint = "php-cs-fixer" + (f" rules {rules}" if rules else "") + (f" and {fixers} fixers" if fixers else "")
        if rel.startswith(".php_cs"):
            version = "1.x" if "Symfony\\CS\\" in text else "2.x"
            hint += f" ({rel}: a PHP-CS-Fixer {version} config, which PHP-CS-Fixer 3 no longer reads)"
        fixer = {"friendsofphp/php-cs-fixer", "php-cs-fixer/shim"}
        own = _tool_manifest(tree, fixer)
        # yasumi's azuyalabs/php-cs-fixer-config, like composer-normalize's ergebnis one, requires the fixer
        config_package = any(re.search(r"php-cs-fixer-config", p) for p in installed)
        if own:  # JoliNotif installs it from tools/php-cs-fixer/composer.json, apart from the library's bundle
            hint += f"; PHP-CS-Fixer is installed from {own}"
        elif not installed & fixer and not _locked(tree, fixer) and not config_package:
            hint += "; PHP-CS-Fixer is not a Composer dependency"
        out.append((hint, rel))
        break  # the first config is the one the tool reads
    if tree.has("ecs.php"):
        text = tree.read("ecs.php") or ""
        sets = re.findall(r"SetList::(\w+)", text) + re.findall(r"(\w+):\s*true", text)
        out.append(("ECS (Easy Coding Standard)" + (f" sets {human_list(sets)}" if sets else ""), "ecs.php"))
    phpcs = tree.first(*PHPCS_CONFIGS)
    if phpcs:
        refs = re.findall(r"<rule\s+ref=\"([\w-]+)\"", tree.read(phpcs) or "")  # standards, not single sniffs
        out.append((f"phpcs{' standard ' + human_list(refs) if refs else ''}", phpcs))
    return out
