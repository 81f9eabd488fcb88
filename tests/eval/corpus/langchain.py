"""langchain-ai/langchain (Python): paraphrased from its AGENTS.md."""

from corpus._types import Workspace, decision, fact, failure, q, rule, workflow

WORKSPACE = Workspace(
    key="langchain",
    repo="langchain-ai/langchain",
    language="python",
    sources=("AGENTS.md",),
)

WORKSPACE.records.extend(
    [
        fact(
            "monorepo",
            "A Python monorepo of independently versioned packages managed with uv: `libs/core` (langchain-core), "
            "`libs/langchain_v1` (the maintained `langchain`), `libs/langchain` (langchain-classic), "
            "`libs/partners/*`, `libs/text-splitters`, `libs/standard-tests` and `libs/model-profiles`.",
        ),
        fact(
            "classic-legacy",
            "`libs/langchain/` is `langchain-classic`: legacy and closed to new features; new work goes into "
            "`libs/langchain_v1`.",
            files=["libs/langchain", "libs/langchain_v1"],
            tags=["layout"],
        ),
        fact(
            "per-package-env",
            "Every package in `libs/` has its own `pyproject.toml` and `uv.lock`; local development uses editable "
            "installs through `[tool.uv.sources]`.",
        ),
        fact(
            "test-dirs",
            "Unit tests are in `tests/unit_tests/` and may not touch the network; integration tests are in "
            "`tests/integration_tests/`; the test tree mirrors the source tree.",
        ),
        fact(
            "external-partners",
            "Some integrations live in separate repos (`langchain-google`, `langchain-aws`), usually cloned next to "
            "this one, e.g. `../langchain-google/`.",
        ),
        fact(
            "tracing-plugin",
            "The pytest plugin `libs/standard-tests/langchain_tests/_langsmith_plugin.py` bridges `LANGSMITH_TAGS` "
            "and `LANGSMITH_METADATA` into a tracing context, only when `GITHUB_ACTIONS=true`.",
            files=["libs/standard-tests/langchain_tests/_langsmith_plugin.py"],
            tags=["ci"],
        ),
        fact(
            "unit-test-isolation",
            "`make test` in `libs/core` unsets the tracing variables (`LANGSMITH_API_KEY`, `LANGSMITH_TRACING`, "
            "`LANGCHAIN_TRACING_V2`, ...) so unit tests never send traces; runnables tests also disable tracing in a "
            "session-scoped autouse fixture.",
            files=["libs/core/Makefile", "libs/core/tests/unit_tests/runnables/conftest.py"],
            tags=["testing"],
        ),
        fact(
            "release-workflow",
            'Packages are released by the "Package Release" workflow `_release.yml` (file ID 63880841), with '
            "`working-directory` set to the short partner name such as `openrouter`.",
            files=[".github/workflows/_release.yml"],
            tags=["release"],
        ),
        fact(
            "core-layer",
            "`langchain-core` holds the base abstractions, interfaces and protocols; users shouldn't need to know "
            "about it directly, implementations live in `langchain` and integrations in `partners/`.",
            files=["libs/core"],
            tags=["architecture"],
        ),
        decision(
            "stable-public-api",
            "Public interfaces stay stable: signatures, argument positions and names of exported functions don't "
            "change, and the developer is warned about any signature change.",
            pinned=True,
        ),
        decision(
            "keyword-only-params",
            "New parameters on public functions are keyword-only with a default, e.g. `*, new_param: str = "
            '"default"`, so existing positional calls keep working.',
        ),
        decision(
            "uv-only",
            "All environment and dependency work goes through uv: never pip, poetry or conda directly, no manual "
            "`source .venv/bin/activate`, and no new dependency without a justification.",
        ),
        decision(
            "pinned-actions",
            "GitHub Actions are pinned to full-length commit SHAs; a tag reference fails the checks.",
            files=[".github/workflows"],
            tags=["ci"],
        ),
        decision(
            "defaults-breaking",
            "Changing a shipped default parameter value, such as a `model=` default, counts as a breaking change.",
        ),
        decision(
            "patch-bumps",
            "Within a 0.x series, fixes and additive features get a patch version bump.",
        ),
        rule(
            "pr-titles",
            "PR titles follow Conventional Commits with a mandatory scope (`fix(core): ...`, `feat(anthropic): "
            "...`); the text after the colon starts lowercase unless it is a proper noun or a code name in "
            "backticks.",
            files=[".github/workflows/pr_lint.yml"],
            tags=["pr"],
        ),
        rule(
            "branch-names",
            "Branches are named `<github-username>/<scope>/<short-kebab-description>`.",
        ),
        rule(
            "pr-descriptions",
            "PR descriptions have no `# Summary` header, start with `Closes #N` and a horizontal rule when they close "
            "an issue, explain the why, add a `## Release note` for features and behaviour changes, and mention "
            "AI-agent involvement.",
        ),
        rule(
            "pr-references",
            "PR descriptions don't cite line numbers and rarely full file paths; refer to symbols by name in "
            "backticks.",
        ),
        rule(
            "tests-required",
            "Every new feature or bugfix needs unit tests that fail when the new logic breaks, covering the happy "
            "path and error cases, deterministic and with external dependencies mocked.",
        ),
        rule(
            "no-eval-pickle",
            "No `eval()`, `exec()` or `pickle` on user-controlled input.",
        ),
        rule(
            "ga-model-names",
            "Docstrings and examples reference the latest generally available model IDs, checked against the "
            "provider's docs rather than remembered names.",
        ),
        rule(
            "no-manual-release",
            "Never create GitHub releases or tags by hand; the workflow's `mark-release` job does it after the PyPI "
            "publish succeeds.",
        ),
        rule(
            "american-english",
            'Documentation uses American English spelling ("behavior", not "behaviour").',
        ),
        workflow(
            "setup",
            "Before running tests, install the package's groups with `uv sync --all-groups` (or `uv sync --group "
            "test`) in its directory.",
            tags=["setup"],
        ),
        workflow(
            "run-tests",
            "`make test` runs the unit tests; a single file with `uv run --group test pytest "
            "tests/unit_tests/test_specific.py`.",
            tags=["testing"],
        ),
        workflow(
            "lint",
            "`make lint` and `make format`; type-check with `uv run --group lint mypy .`.",
            tags=["lint"],
        ),
        workflow(
            "release-partner",
            "To release a partner: a PR bumping `_version.py`, `pyproject.toml` and `uv.lock`, titled `release("
            "<partner>): <version>` on branch `release/<partner>-<version>`; merge it, then `gh workflow run 63880841 "
            "--repo langchain-ai/langchain -f working-directory=<partner> -f release-version=<version>`.",
            related=["release-workflow", "no-manual-release"],
        ),
        workflow(
            "refresh-profiles",
            "Refresh model profiles from `libs/model-profiles` with `uv run langchain-profiles refresh --provider "
            "<name> --data-dir <partner>/langchain_<name>/data`; pipe `echo y |` when the data dir is outside that "
            "directory.",
            files=["libs/model-profiles"],
            tags=["models"],
        ),
        workflow(
            "new-partner-ci",
            "Adding a partner package means updating the issue templates, `dependabot.yml`, "
            "`pr-labeler-config.json`, `_release.yml`, `auto-label-by-package.yml`, `check_diffs.yml`, "
            "`integration_tests.yml` and the scopes in `pr_lint.yml`.",
            tags=["ci"],
        ),
        failure(
            "profiles-data-dir",
            "`langchain-profiles refresh` failed because `--data-dir` pointed at the package root.",
            tags=["models"],
            prevent=["Point --data-dir at the directory containing profile_augmentations.toml."],
            related=["refresh-profiles"],
        ),
        failure(
            "action-tag-rejected",
            "A workflow change referencing `actions/checkout@v4` by tag was rejected.",
            tags=["ci"],
            prevent=["Pin actions to a full commit SHA, dereferencing annotated tags."],
            related=["pinned-actions"],
        ),
        failure(
            "uv-lock-noise",
            "Running `uv lock` for a version bump also changed unrelated entries in `uv.lock`.",
            tags=["release"],
            prevent=["Keep only the package-version line of uv.lock in a release PR."],
        ),
    ]
)

WORKSPACE.queries.extend(
    [
        q(
            "add a `timeout` argument to `BaseChatModel.invoke`",
            "keyword-only-params",
            "stable-public-api",
            "tests-required",
            "style:python/type-hints",
            "style:python/google-docstrings",
        ),
        q(
            "should I add the new agent middleware to libs/langchain?",
            "classic-legacy",
            "monorepo",
        ),
        q(
            "I can't import langchain_core in the tests, how do I set up the environment?",
            "setup",
            "per-package-env",
            "uv-only",
        ),
        q(
            "just pip install the missing dependency into my venv",
            "uv-only",
        ),
        q(
            "write the PR title for the fix to the anthropic tool call ids",
            "pr-titles",
        ),
        q(
            "fill in the PR body for this change, it closes issue 3412",
            "pr-descriptions",
            "pr-references",
        ),
        q(
            "create a branch for my work on the openai streaming fix",
            "branch-names",
        ),
        q(
            "run the tests for just the output parser file",
            "run-tests",
            "setup",
            "test-dirs",
        ),
        q(
            "release version 0.2.7 of the openrouter integration",
            "release-partner",
            "release-workflow",
            "no-manual-release",
            "uv-lock-noise",
            "patch-bumps",
        ),
        q(
            "what version number should this additive change to the 0.3 series get?",
            "patch-bumps",
        ),
        q(
            "the gpt example in the docstring still mentions an old preview model",
            "ga-model-names",
        ),
        q(
            "update the capability data for the anthropic models",
            "refresh-profiles",
            "profiles-data-dir",
        ),
        q(
            "add a step to the CI workflow that uses actions/setup-node",
            "pinned-actions",
            "action-tag-rejected",
        ),
        q(
            "my unit test is sending traces to LangSmith, why?",
            "unit-test-isolation",
            "test-dirs",
        ),
        q(
            "deserialize the cached chain that the user uploads",
            "no-eval-pickle",
        ),
        q(
            "we want the default model of ChatOpenAI to be the newer one",
            "defaults-breaking",
            "stable-public-api",
        ),
        q(
            "wire the new mistral partner package into CI",
            "new-partner-ci",
        ),
        q(
            "write a docstring for this new public retriever function",
            "style:python/google-docstrings",
            "style:python/type-hints",
            "american-english",
            "style:python/single-backticks",
        ),
        q(
            "where is the google integration code? I can't find it in partners",
            "external-partners",
        ),
        q(
            "make the extra knob on that method safe for existing callers who pass everything positionally",
            "keyword-only-params",
            "stable-public-api",
        ),
        q(
            "reference pages: 'colour' or 'color'?",
            "american-english",
        ),
        q(
            "do the checks in my new test get to call out to OpenAI?",
            "test-dirs",
        ),
        q(
            "the cohere chat model package isn't in this tree, where do I look?",
            "external-partners",
        ),
        q(
            "someone can send us a serialized agent blob from the web UI; load it",
            "no-eval-pickle",
        ),
        q(
            "our workflow yaml uses `@v5` for the python setup step and CI is red",
            "pinned-actions",
            "action-tag-rejected",
        ),
        q(
            "log the retry attempts in the rate limiter",
            "style:python/lazy-logging",
        ),
        q(
            "the tool-call parser has a 60-line function doing three things",
            "style:python/split-long-functions",
            "style:python/no-trivial-helpers",
        ),
    ]
)

WORKSPACE.nothing.extend(
    [
        "what does 'O(n log n)' mean?",
        "as a user, how do I stream tokens from a chat model with LangChain?",
        "explain the difference between an agent and a chain in LangChain terms",
        "compare LangChain retrievers with LlamaIndex query engines",
        "this RAG snippet from a tutorial splits documents with chunk_size=100 and chunk_overlap=200; anything wrong?",
        "explain to a manager in two sentences what a vector store does in a LangChain app",
        "what is LangSmith and how does it relate to LangChain, for a newcomer?",
        "how do I pass a system prompt to create_agent as a user of the library?",
    ]
)
