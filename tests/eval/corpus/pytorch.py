"""pytorch/pytorch (Python): paraphrased from its CLAUDE.md and CONTRIBUTING.md."""

from corpus._types import Workspace, decision, fact, failure, q, rule, workflow

WORKSPACE = Workspace(
    key="pytorch",
    repo="pytorch/pytorch",
    language="python",
    sources=("CLAUDE.md", "CONTRIBUTING.md"),
)

WORKSPACE.records.extend(
    [
        fact(
            "test-layout",
            "All Python test suites are in `test/` and named `test_*.py`; `python test/run_test.py` runs the whole "
            "suite.",
            files=["test/run_test.py"],
            tags=["testing"],
        ),
        fact(
            "test-harness",
            "Tests subclass `TestCase` from `torch.testing._internal.common_utils` and end with `if __name__ == "
            '"__main__": run_tests()`; tensors are compared with `self.assertEqual`.',
            files=["torch/testing/_internal/common_utils.py"],
            tags=["testing"],
        ),
        fact(
            "ci-runs-in-test-dir",
            "CI runs the tests from inside the `test/` folder, not the repository root, so local runs from the root "
            "can behave differently.",
        ),
        fact(
            "pytest-unofficial",
            "pytest is not officially supported but works fine with the unittest-based tests for local runs.",
        ),
        fact(
            "pyrefly",
            "Static type checking uses Pyrefly, configured in `pyrefly.toml` at the repo root.",
            files=["pyrefly.toml"],
            tags=["typecheck"],
        ),
        fact(
            "cpp-tests",
            "C++ tests are in `test/cpp` and use Google Test; after a build the test binaries are in `build/bin`.",
            files=["test/cpp"],
            tags=["testing"],
        ),
        fact(
            "codegen",
            "Generated artifacts (`torch/version.py`, type stubs, clang-tidy files, GitHub workflows from jinja "
            "templates) are regenerated with spin commands such as `spin regenerate-type-stubs`.",
            files=["torch/version.py"],
            tags=["codegen"],
        ),
        fact(
            "docs-build-env",
            "The docs only build with Python older than 3.13; sources are `.rst` files in `docs/source` and the HTML "
            "lands in `docs/build/html`.",
            files=["docs/source"],
            tags=["docs"],
        ),
        fact(
            "docstrings",
            "Docstrings are Google style, and every line inside a docstring is limited to 80 characters so it fits "
            "Jupyter popups.",
        ),
        fact(
            "structured-tracing",
            "Production users can only read logs through `tlparse` from structured traces, so debug artifacts are "
            "logged with `trace_structured` (free when tracing is disabled).",
            files=["torch/_logging"],
            tags=["logging"],
        ),
        decision(
            "build-command",
            "PyTorch is built only with `pip install -e . -v --no-build-isolation` (codegen, C++ and Python); no other "
            "build command is used.",
            pinned=True,
        ),
        decision(
            "dynamo-config-patch",
            "Tests change dynamo config temporarily with `torch._dynamo.config.patch`, as a decorator or a context "
            "manager, never by saving and restoring the value by hand.",
        ),
        decision(
            "simplest-implementation",
            "When unsure, choose the simpler, more concise implementation, and match the existing code style and "
            "architecture.",
        ),
        rule(
            "missing-tools",
            "If a tool such as pip, python or spin is missing, stop and ask the user whether an environment is "
            "needed; don't install it or look for alternatives.",
        ),
        rule(
            "ask-build-env",
            "Always ask for the build configuration environment variables before running a build.",
        ),
        rule(
            "spin-lint",
            "Lint only through spin: `spin lint` to check, `spin fixlint` to apply automatic fixes, `spin help` to "
            "list the commands.",
        ),
        rule(
            "commit-on-request",
            "Don't commit unless the user explicitly asks for it.",
        ),
        rule(
            "commit-message",
            "Commit messages don't list the changes as bullets; a large PR explains the order in which to review it, "
            "and the message discloses that it was authored with Claude.",
        ),
        rule(
            "docstring-types",
            "Docstring types: `tuple of int` (not plural), `str`/`bool`/`dict` rather than string/boolean/dictionary, "
            "`optional` only after the types, and `Default: 1` after the description.",
        ),
        workflow(
            "run-single-test",
            "Run one suite with `python test/test_jit.py`, or one test with `python test/test_jit.py "
            "TestJit.test_Sequential`.",
            tags=["testing"],
        ),
        workflow(
            "pytest-k",
            "Select tests by substring with pytest: `pytest test/test_nn.py -k Loss -v`.",
            tags=["testing"],
        ),
        workflow(
            "cpp-single-test",
            "Run one C++ test with `./build/bin/test_jit --gtest_filter=ContainerAliasingTest.MayContainAlias`.",
            tags=["testing"],
        ),
        workflow(
            "pyrefly-check",
            "Type-check with `pyrefly check`; add `--summarize-errors` for a summary.",
            tags=["typecheck"],
        ),
        workflow(
            "docs-build",
            "Build the docs: `cd docs`, `pip install -r requirements.txt` with `katex` on PATH, then `make html`; "
            "`make doctest` runs the code in the docs.",
        ),
        workflow(
            "py-spy",
            "Profile Python and C++ together with `py-spy record -o profile.svg --native -- python script.py` and "
            "open the flame graph.",
        ),
        workflow(
            "merge-bot",
            "Merge an approved PR by commenting `@pytorchmergebot merge`.",
        ),
        workflow(
            "dev-deps",
            "`pip install --group dev` installs the test dependencies (expecttest, hypothesis, pytest, pyrefly).",
        ),
        failure(
            "b950-noqa",
            "A `# noqa: B950` placed inside a multi-line string changed the string's content.",
            tags=["lint"],
            prevent=["Put # noqa: B950 on the line with the closing triple quote."],
        ),
        failure(
            "debug-dump-overwrite",
            "Debug dumps written on an internal compiler error overwrote the files of an earlier failure.",
            tags=["debugging"],
            prevent=["Use the _get_unique_path() pattern for debug files."],
            related=["structured-tracing"],
        ),
        failure(
            "manual-config-restore",
            "A test that set a dynamo config flag by hand leaked it into later tests when an assertion failed "
            "before the restore.",
            tags=["testing"],
            prevent=["Use torch._dynamo.config.patch."],
            related=["dynamo-config-patch"],
        ),
    ]
)

WORKSPACE.queries.extend(
    [
        q(
            "compile my local checkout so I can try the change",
            "build-command",
            "ask-build-env",
        ),
        q(
            "add a regression test for the bug in torch.cat with empty tensors",
            "test-harness",
            "test-layout",
            "run-single-test",
        ),
        q(
            "run only the loss function tests in test_nn",
            "pytest-k",
            "run-single-test",
        ),
        q(
            "the linter complains about a long line inside an expected-output string",
            "b950-noqa",
            "spin-lint",
        ),
        q(
            "lint the files I changed and fix what can be fixed automatically",
            "spin-lint",
        ),
        q(
            "the test flips force_compile_during_fx_trace on and off by hand; clean it up",
            "dynamo-config-patch",
            "manual-config-restore",
        ),
        q(
            "spin isn't installed here, can you pip install it?",
            "missing-tools",
        ),
        q(
            "commit what we have so far",
            "commit-on-request",
            "commit-message",
        ),
        q(
            "write the commit message for this refactor of the inductor scheduler",
            "commit-message",
        ),
        q(
            "add logging so users can debug the min-cut failure in production jobs",
            "structured-tracing",
            "debug-dump-overwrite",
            "style:python/lazy-logging",
        ),
        q(
            "document the new `reduction` argument in the docstring",
            "docstring-types",
            "docstrings",
            "style:python/google-docstrings",
        ),
        q(
            "this test passes when I run it from the repo root but fails in CI",
            "ci-runs-in-test-dir",
        ),
        q(
            "the C++ alias analysis test is failing, how do I run just that one?",
            "cpp-single-test",
            "cpp-tests",
        ),
        q(
            "check the types in the module I touched",
            "pyrefly-check",
            "pyrefly",
        ),
        q(
            "the docs build is failing with a syntax error on python 3.13",
            "docs-build-env",
            "docs-build",
        ),
        q(
            "figure out where time goes in this tight torch.add loop, including native code",
            "py-spy",
        ),
        q(
            "the PR is approved, how do I land it?",
            "merge-bot",
        ),
        q(
            "the type stubs are out of date after my change to the native functions",
            "codegen",
        ),
        q(
            "add a tiny helper that wraps one line and store the cache on the object with setattr",
            "style:python/explicit-state",
            "style:python/no-trivial-helpers",
            "simplest-implementation",
        ),
        q(
            "the test imports fail on a missing property-based testing package, set me up",
            "dev-deps",
            "missing-tools",
        ),
        q(
            "is unittest the only way to drive these, or can I use the other runner?",
            "pytest-unofficial",
        ),
        q(
            "render the html manual locally",
            "docs-build",
            "docs-build-env",
        ),
        q(
            "ship it: the reviewers signed off",
            "merge-bot",
        ),
        q(
            "I need a flamegraph across python and the C++ kernels",
            "py-spy",
        ),
        q(
            "get rid of the commented-out block in the scheduler and the branch that can never run",
            "style:python/no-dead-code",
        ),
        q(
            "rename `t`, `x2` and `tmp` in the pass to something readable",
            "style:python/descriptive-names",
        ),
    ]
)

WORKSPACE.nothing.extend(
    [
        "what's the difference between Docker images and containers?",
        "as a user, how do I move a model to the GPU and back?",
        "explain in a few sentences what torch.compile does under the hood",
        "compare PyTorch eager mode with JAX's jit-first approach",
        "this training loop from a tutorial calls optimizer.zero_grad() after loss.backward(); is that a bug?",
        "write a short blog post intro about mixed-precision training with autocast",
        "why does PyTorch build its computation graph dynamically?",
        "how do I save and load a model's state_dict as a user?",
    ]
)
