"""curl/curl (C): paraphrased from `docs/CONTRIBUTE.md` (7e1001bc; `.github/CONTRIBUTING.md` points to it),
`docs/CODE_REVIEW.md`, `docs/internals/CODE_STYLE.md` (8a8ff47b), `docs/internals/CHECKSRC.md`,
`docs/tests/TEST-SUITE.md` and `docs/cmdline-opts/MANPAGE.md` (commit 5c61e168).

Development set (issue 15); the C style notes from CODE_STYLE.md are in `style_curl.py`.
"""

from corpus._types import Workspace, decision, fact, failure, q, rule, workflow

WORKSPACE = Workspace(
    key="curl",
    repo="curl/curl",
    language="c",
    sources=(
        "docs/CONTRIBUTE.md",
        ".github/CONTRIBUTING.md",
        "docs/CODE_REVIEW.md",
        "docs/internals/CODE_STYLE.md",
        "docs/internals/CHECKSRC.md",
        "docs/tests/TEST-SUITE.md",
        "docs/cmdline-opts/MANPAGE.md",
    ),
)

WORKSPACE.records.extend(
    [
        workflow(
            "checksrc",
            "Run `make checksrc` before submitting; `scripts/checksrc.pl` also runs by itself in builds configured "
            "with `./configure --enable-debug`.",
            files=["scripts/checksrc.pl"],
            tags=["style", "lint"],
        ),
        workflow(
            "checksrc-ignores",
            "A justified checksrc exception is an inline comment such as `/* !checksrc! disable LONGLINE 1 */` (or "
            "`... all */` plus `enable`); `checksrc.skip` files are the old way and not used for new code.",
        ),
        rule(
            "banned-functions",
            "checksrc rejects a long list of libc calls (sprintf, strcpy, strcat, strtok, atoi, strtol, malloc, "
            "realloc, free, fopen, printf, snprintf ...): use curl's own `curlx_malloc`/`curlx_free`, "
            "`curlx_safefree`, `curl_msnprintf` and dynbuf instead.",
            pinned=True,
        ),
        rule(
            "warning-free",
            "Code has to compile without warnings on all major platforms; a change that adds a compiler warning is "
            "not accepted as-is.",
        ),
        rule(
            "c89-portability",
            "curl is written in C89 and runs 'everywhere': no C99-only features, and nothing that assumes a "
            "particular OS unless it is behind a feature check.",
        ),
        workflow(
            "run-tests",
            'Build and test with `./configure && make && make test`; run chosen tests with `make test TFLAGS="303 '
            '410"`, in parallel with `TFLAGS="-j10"`, or `cd tests && ./runtests.pl 303` once `make test` has run.',
        ),
        workflow(
            "failing-test",
            "When a test fails, its stdout, stderr and the test servers' output are in `tests/log/`; "
            "`./runtests.pl <num> -g` starts it under gdb with the servers running.",
        ),
        workflow(
            "new-test-case",
            "A new test is a `tests/data/test<num>` file in the XML-like format of `docs/tests/FILEFORMAT.md`; take a "
            "free number from `tests/data/Makefile.am`.",
            files=["tests/data/Makefile.am", "docs/tests/FILEFORMAT.md"],
            tags=["testing"],
        ),
        fact(
            "test-kinds",
            "Tests come in three kinds: curl tool tests, libcurl tests whose programs live in `tests/libtest`, and "
            "unit tests of internal functions in `tests/unit` (these need a debug build).",
        ),
        rule(
            "random-ports",
            "Test servers listen on random ports, so test files must use the port variables from FILEFORMAT, never "
            "hard-coded port numbers.",
        ),
        workflow(
            "torture",
            "`runtests.pl -t` (or `make test-torture`) makes each allocation fail in turn to prove out-of-memory paths "
            "don't leak; slow tests opt out with `!torture` in their `<features>`.",
        ),
        fact(
            "memdebug",
            "In debug builds (DEBUGBUILD) the test suite checks that every allocation is freed, using "
            "`memanalyze.pl`, and runs tests under valgrind when it is installed (`-n` turns that off).",
        ),
        failure(
            "ssh-tests-startup",
            "The SFTP/SCP tests failed and the ssh server logged 'Received message too long'.",
            prevent=[
                "Shell startup files (.bashrc, .profile ...) that print text on login corrupt the SSH stream; make "
                "them silent for non-interactive shells."
            ],
        ),
        fact(
            "test-requirements",
            "The test suite needs perl, python with impacket (SMB), stunnel (HTTPS, FTPS), openssl, OpenSSH (SCP, "
            "SFTP) and nghttpx (HTTP/2, HTTP/3).",
        ),
        workflow(
            "curl-debug",
            "`CURL_DEBUG=ssl,http/2 curl -v <url>` turns up logging for particular connection filters (names from "
            "`struct Curl_cftype`); an `--enable-debug` build logs more but is not for production.",
        ),
        rule(
            "separate-changes",
            "One fix per commit and PR, each with its own message; new functionality goes in new source files rather "
            "than edits scattered over existing functions.",
        ),
        rule(
            "commit-subject",
            "Commit subjects read `area: short description` (e.g. `http2: ...`), imperative, lowercase first letter, "
            "no trailing period; then a blank line and a body wrapped at 72 columns that says why.",
        ),
        rule(
            "commit-trailers",
            "Credits and references are trailer lines: `Reported-by:`, `Reviewed-by:`, `Assisted-by:`, "
            "`Follow-up to <hash>`, `Ref: #1234`, `Fixes #1234`, `Closes #1234`; `Signed-off-by` is not used and "
            "email addresses stay out.",
        ),
        rule(
            "docs-same-pr",
            "New features and behaviour changes carry their documentation update in the same PR; a follow-up docs PR "
            "is not accepted.",
        ),
        rule(
            "tests-required",
            "Every new feature gets at least one test case; if something cannot be tested, the PR explains exactly "
            "how it was verified.",
        ),
        rule(
            "stable-behaviour",
            "API, ABI and existing behaviour stay stable: any change to them has to be deliberate and is scrutinised "
            "in review.",
        ),
        rule(
            "allocations",
            "No new mallocs in hot paths, fewer allocations where they can be combined, every allocation handled on "
            "error paths, and growing buffers through dynbuf rather than realloc.",
        ),
        rule(
            "no-statics",
            "No static (global) variables: they break thread safety and make functions non-reentrant.",
        ),
        rule(
            "ifdef-features",
            "Conditional code tests `#ifdef HAVE_FEATURE` (from configure or `config-<system>.h`), never an OS or CPU, "
            "and features that can be missing are `#ifdef`ed with as little of a maze as possible.",
        ),
        rule(
            "integer-safety",
            "Integer overflows are detected before they happen, and nothing relies on the size of `size_t` or "
            "`time_t`, on endianness or on unaligned access.",
        ),
        rule(
            "debugassert",
            "Conditions that must never be false are checked with `DEBUGASSERT()`, which catches them in tests and "
            "debug builds and costs nothing in release builds.",
        ),
        workflow(
            "reuse-headers",
            "Every file needs the curl copyright header with `SPDX-License-Identifier: curl` (or an entry in "
            "`REUSE.toml`); the REUSE compliance CI job checks it, `reuse lint` does the same locally.",
        ),
        decision(
            "feature-window",
            "New features merge only while the feature window is open, about three weeks starting ten days after a "
            "release; features approved outside it wait.",
        ),
        workflow(
            "option-docs",
            "Each command-line option is documented in its own file in `docs/cmdline-opts/` (named after the long "
            "option, e.g. `verbose.md`) with metadata such as Added, Arg, Help, Protocols, See-also and Example; the "
            "man page is generated from them.",
            related=["docs-same-pr"],
        ),
        failure(
            "flaky-ci",
            "PR CI jobs failed because a dependency service or package download was temporarily unavailable, not "
            "because of the change.",
            prevent=["Force-push the amended commit unchanged to rerun the jobs."],
        ),
    ]
)

WORKSPACE.queries.extend(
    [
        q(
            "add a --retry-jitter option to the curl tool",
            "option-docs",
            "docs-same-pr",
            "tests-required",
            "new-test-case",
            "feature-window",
        ),
        q(
            "format the error string into this fixed buffer with sprintf",
            "banned-functions",
        ),
        q(
            "checksrc flags one long URL in a comment that can't be wrapped",
            "checksrc-ignores",
            "style:c/line-79",
        ),
        q(
            "cache the parsed proxy list in a global so we don't redo it each transfer",
            "no-statics",
            "allocations",
        ),
        q(
            "test 1560 fails for me, how do I see what the server got?",
            "failing-test",
        ),
        q(
            "make sure the new cookie parser doesn't leak when memory runs out",
            "torture",
            "memdebug",
        ),
        q(
            "sftp tests die immediately on my box, server log is weird",
            "ssh-tests-startup",
        ),
        q(
            "add a test that hits the local http server on 8990",
            "random-ports",
            "new-test-case",
        ),
        q(
            "write the commit for the http2 window fix, bagder reported it",
            "commit-subject",
            "commit-trailers",
        ),
        q(
            "only compile the epoll path when we're on linux",
            "ifdef-features",
            "c89-portability",
        ),
        q(
            "the length field comes from the server, multiply by the element size and allocate",
            "integer-safety",
            "allocations",
            "banned-functions",
            "style:c/bool-conditions",
        ),
        q(
            "I'll put the man page text in a separate PR after this lands",
            "docs-same-pr",
        ),
        q(
            "one macOS job failed fetching brew packages, rerun it",
            "flaky-ci",
        ),
    ]
)

WORKSPACE.nothing.extend(
    [
        "what does CURLOPT_FOLLOWLOCATION do when the redirect changes the scheme?",
        "how do I send a multipart form upload with curl from the command line?",
        "why does curl bundle its own URL parser instead of using the OS one?",
        "compare libcurl's multi interface with running easy handles in threads",
        "review this Go HTTP client wrapper a teammate wrote for retries",
        "write a short blog post celebrating curl's 30th anniversary",
        "explain what HTTP/3 connection coalescing means in simple terms",
    ]
)
