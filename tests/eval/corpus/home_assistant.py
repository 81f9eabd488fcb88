"""home-assistant/core (Python): paraphrased from its .github/copilot-instructions.md and the integration and
test-writing skills under .claude/skills/."""

from corpus._types import Workspace, decision, fact, failure, q, rule, workflow

WORKSPACE = Workspace(
    key="home-assistant",
    repo="home-assistant/core",
    language="python",
    sources=(
        ".github/copilot-instructions.md",
        ".claude/skills/integrations/SKILL.md",
        ".claude/skills/write-tests/SKILL.md",
    ),
)

WORKSPACE.records.extend(
    [
        fact(
            "python-314",
            "Home Assistant's minimum Python is 3.14: `except TypeA, TypeB:` without parentheses is valid, and "
            "annotations are evaluated lazily (PEP 649), so forward references need no quotes or `from __future__ "
            "import annotations`.",
            files=["pyproject.toml"],
            tags=["python"],
        ),
        fact(
            "integration-dirs",
            "Integration code lives in `homeassistant/components/<domain>/`, its tests in "
            "`tests/components/<domain>/`.",
            files=["homeassistant/components", "tests/components"],
            tags=["layout"],
        ),
        fact(
            "integration-files",
            "An integration has `manifest.json`, `__init__.py` (`async_setup_entry` / `async_unload_entry`), "
            "`config_flow.py`, `const.py` with `DOMAIN`, optional `coordinator.py` and `entity.py`, platform files "
            "such as `sensor.py`, `strings.json` and `quality_scale.yaml`.",
        ),
        fact(
            "quality-scale",
            "The Integration Quality Scale has Bronze (mandatory), Silver, Gold and Platinum levels; the level is the "
            "`quality_scale` key of `manifest.json`, and `quality_scale.yaml` records each rule as done, exempt (with "
            "a reason) or todo.",
            related=["check-quality-level"],
        ),
        fact(
            "good-examples",
            "Integrations at Platinum or Gold on the quality scale are the best places to look for examples of how "
            "something should be done.",
        ),
        fact(
            "vscode-tasks",
            "`.vscode/tasks.json` contains the commonly used development commands.",
            files=[".vscode/tasks.json"],
            tags=["dev"],
        ),
        fact(
            "manifest-fields",
            "`manifest.json` requires `domain`, `name`, `codeowners`, `integration_type`, `documentation` and "
            "`requirements`, plus an `iot_class` such as `local_polling` or `cloud_push`; discovery methods "
            "(zeroconf, dhcp, bluetooth, ...) are added when applicable.",
        ),
        fact(
            "runtime-data",
            "Per-entry runtime objects go in `ConfigEntry.runtime_data`, typed with an alias like `type "
            "MyConfigEntry = ConfigEntry[MyClient]`.",
        ),
        fact(
            "coordinator",
            "Data fetching is centralised in a `DataUpdateCoordinator` subclass; it is passed the `config_entry`, "
            "raises `UpdateFailed` on API errors and `ConfigEntryAuthFailed` on authentication errors.",
        ),
        fact(
            "shared-constants",
            "Shared constants such as `CONF_HOST` come from `homeassistant/const.py` instead of being hardcoded.",
            files=["homeassistant/const.py"],
            tags=["constants"],
        ),
        fact(
            "setup-exceptions",
            "In `async_setup_entry`, raise `ConfigEntryNotReady` when the device is offline or temporarily failing, "
            "`ConfigEntryAuthFailed` for authentication problems and `ConfigEntryError` for unrecoverable ones.",
        ),
        decision(
            "polling-fixed",
            "Polling intervals are not user-configurable: no scan interval options in config flows; the integration "
            "sets `update_interval` itself, at least 5 seconds for local devices and 60 for cloud services.",
        ),
        decision(
            "unique-ids",
            "Entity unique IDs come from serial numbers, MAC addresses formatted with `format_mac`, or physical "
            "identifiers, with the config entry ID as a last resort; never IP addresses, hostnames, URLs or device "
            "names.",
        ),
        decision(
            "services-in-setup",
            "Service actions are registered in `async_setup`, not in `async_setup_entry`, and check that the target "
            "config entry exists and is loaded.",
        ),
        decision(
            "ui-config",
            "Every integration must be set up through the UI config flow, and users don't name the config entry in "
            "the flow (helper integrations may).",
        ),
        decision(
            "no-redundant-guards",
            "Don't add defensive checks for action inputs that the service schema and entity selection filters "
            "already validate; guard only data that bypasses those validators.",
        ),
        rule(
            "no-rewrite-pushed",
            "Never amend, squash or rebase commits that were already pushed to an open PR: reviewers follow the "
            "history and what changed since their last review.",
            pinned=True,
        ),
        rule(
            "script-setup",
            "Run `script/setup` when entering a new environment or worktree; it installs the dev dependencies and "
            "pre-commit hooks and is required before committing.",
            files=["script/setup"],
            tags=["setup"],
        ),
        rule(
            "bump-only-prs",
            "A dependency version bump PR contains only the changes the bump needs; anything else goes in another PR.",
        ),
        rule(
            "review-comments",
            "In code review, start each comment with a one-sentence summary of the suggested fix, and don't comment "
            "on style, formatting or linting.",
        ),
        rule(
            "coverage",
            "Integration tests need above 95% coverage for every module and 100% for all config flow paths.",
        ),
        rule(
            "no-hass-data",
            "Tests never access `hass.data` directly and don't test entities in isolation: they set the integration "
            "up through fixtures and snapshot the entities.",
        ),
        rule(
            "check-quality-level",
            "Before applying a quality-scale rule while reviewing or writing code, check the integration's level and "
            "its exemptions.",
        ),
        workflow(
            "prek",
            "After a coding session, run `uv run prek run --all-files` to check linting and formatting.",
            tags=["lint"],
        ),
        workflow(
            "integration-tests",
            "Run an integration's tests with coverage: `pytest ./tests/components/<domain> "
            "--cov=homeassistant.components.<domain> --cov-report term-missing --numprocesses=auto`.",
            tags=["testing"],
        ),
        workflow(
            "picked-tests",
            "For a quick run of just the changed test files: `pytest --timeout=10 --picked`.",
            tags=["testing"],
        ),
        workflow(
            "snapshot-update",
            "Update snapshots with `pytest ./tests/components/<domain> --snapshot-update`, then run again without "
            "the flag to verify them.",
            tags=["testing"],
        ),
        workflow(
            "hassfest",
            "Validate an integration's manifest and structure with `python -m script.hassfest --integration-path "
            "homeassistant/components/<domain>`.",
            tags=["validation"],
        ),
        workflow(
            "reauth-flow",
            "Reauthentication: implement `async_step_reauth`, check the account with `async_set_unique_id` and "
            '`_abort_if_unique_id_mismatch(reason="wrong_account")`, then `async_update_reload_and_abort` with '
            "the new credentials.",
            tags=["config-flow"],
        ),
        failure(
            "entities-missing",
            "Entities did not show up because `unique_id` and `has_entity_name` were not set correctly.",
            tags=["entities"],
            prevent=["Set _attr_unique_id and _attr_has_entity_name = True on every entity."],
        ),
        failure(
            "bleak-reuse",
            "Bluetooth connections failed intermittently when a `BleakClient` instance was reused with a short "
            "timeout.",
            tags=["bluetooth"],
            prevent=["Create a new BleakClient per connection and use timeouts of 10 seconds or more."],
        ),
        failure(
            "manifest-broken",
            "An integration refused to load because `manifest.json` had a syntax error and a missing required field.",
            tags=["manifest"],
            prevent=["Run hassfest on the integration after editing the manifest."],
            related=["hassfest"],
        ),
    ]
)

WORKSPACE.queries.extend(
    [
        q(
            "add a sensor for the filter life remaining to the purifier integration",
            "integration-files",
            "unique-ids",
            "coordinator",
            "entities-missing",
            "no-hass-data",
            "coverage",
            "style:python/type-hints",
            "style:python/none-for-unknown",
        ),
        q(
            "let users choose how often the thermostat is polled in the options flow",
            "polling-fixed",
        ),
        q(
            "use the device's IP address as the entity unique id",
            "unique-ids",
        ),
        q(
            "the new set_schedule action - where do I register it?",
            "services-in-setup",
        ),
        q(
            "reviewer asked for changes, I'll squash everything into one commit and force push",
            "no-rewrite-pushed",
        ),
        q(
            "I just created a fresh worktree; anything to run before I start committing?",
            "script-setup",
        ),
        q(
            "bump the aiohue library and also fix that small typo in the light platform while I'm at it",
            "bump-only-prs",
        ),
        q(
            "review this PR for the tado integration",
            "review-comments",
            "check-quality-level",
            "no-redundant-guards",
            "python-314",
        ),
        q(
            "is `except ValueError, KeyError:` a bug here?",
            "python-314",
        ),
        q(
            "run the tests for the hue integration and show me what isn't covered",
            "integration-tests",
            "coverage",
        ),
        q(
            "the entity attribute snapshots changed after my refactor, update them",
            "snapshot-update",
        ),
        q(
            "my new sensors aren't appearing in the UI at all",
            "entities-missing",
        ),
        q(
            "the device goes offline during startup, what should setup do?",
            "setup-exceptions",
        ),
        q(
            "when the API token expires, let the user re-enter it without removing the integration",
            "reauth-flow",
            "setup-exceptions",
        ),
        q(
            "the integration doesn't load after I edited its manifest",
            "manifest-broken",
            "hassfest",
            "manifest-fields",
        ),
        q(
            "store the API client object so the platforms can use it",
            "runtime-data",
        ),
        q(
            "this BLE lock keeps dropping the connection",
            "bleak-reuse",
        ),
        q(
            "which integration should I copy from for a good config flow example?",
            "good-examples",
        ),
        q(
            "write tests for the two error branches of the config flow; they are nearly identical",
            "style:python/parametrize-tests",
            "style:python/typed-test-params",
            "coverage",
            "style:python/typed-fixtures",
        ),
        q(
            "finished with the changes for today, anything to run before I stop?",
            "prek",
        ),
        q(
            "sanity-check just the files I edited, and bail if something hangs",
            "picked-tests",
        ),
        q(
            "where do I hardcode the port key for the config form?",
            "shared-constants",
        ),
        q(
            "the setup dialog asks the user to type a title for the hub; keep that?",
            "ui-config",
        ),
        q(
            "the editor's task runner: what's preconfigured in there for day-to-day work?",
            "vscode-tasks",
        ),
        q(
            "log what the coordinator got back from the device",
            "style:python/lazy-logging",
        ),
        q(
            "wrap the client's ConnectionError into something HA understands when the set_schedule action fails",
            "style:python/raise-from",
        ),
        q(
            "value_fn in the sensor description is one giant 140-char expression",
            "style:python/lambda-parens",
        ),
        q(
            "mock the vendor library in the new tests",
            "style:python/autospec-mocks",
            "style:python/json-fixtures",
            "style:python/typed-fixtures",
        ),
    ]
)

WORKSPACE.nothing.extend(
    [
        "what is Zigbee and how is it different from Wi-Fi?",
        "as a user, how do I write an automation that turns on the porch light at sunset?",
        "explain the difference between a device and an entity in Home Assistant",
        "compare Home Assistant template sensors with a Node-RED flow for computing a value",
        "a forum post's automation triggers on a state with `for: '00:05:00'`; will it still fire after a restart?",
        "write a blog post intro about running Home Assistant on a Raspberry Pi",
        "why does Home Assistant ask me to restart after installing a custom integration?",
        "how do I back up my Home Assistant configuration before upgrading?",
    ]
)
