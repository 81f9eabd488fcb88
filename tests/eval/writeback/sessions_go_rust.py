"""Claude Code sessions in Go and Rust repositories, written by hand. See kit.py for the format."""

from __future__ import annotations

from kit import Claude

GIN_BINDINGS = [
    "json",
    "xml",
    "form",
    "query",
    "uri",
    "header",
    "protobuf",
    "msgpack",
    "multipart_form_mapping",
    "plain",
    "default_validator",
    "form_mapping",
]


def gin_toml() -> Claude:
    s = Claude("gin_toml", "/home/dev/go/src/github.com/gin-gonic/gin", "2026-10-25T09:00:00.000")
    s.user("Add TOML binding support: a binding.TOML like binding.YAML, and Context.ShouldBindTOML.")
    s.read(
        "binding/yaml.go",
        'package binding\n\nimport (\n\t"bytes"\n\t"io"\n\t"net/http"\n\n\t"gopkg.in/yaml.v3"\n)\n\n'
        'type yamlBinding struct{}\n\nfunc (yamlBinding) Name() string {\n\treturn "yaml"\n}',
    )
    for name in GIN_BINDINGS:
        s.read(
            f"binding/{name}.go",
            f"// Copyright 2014 Manu Martinez-Almeida. All rights reserved.\n// Use of this source code is governed by a MIT style\n"
            f"// license that can be found in the LICENSE file.\n\npackage binding\n\ntype {name}Binding struct{{}}\n\n"
            f'func ({name}Binding) Name() string {{\n\treturn "{name}"\n}}',
        )
        s.bash(
            f"go test ./binding/ -run 'Test.*{name.capitalize()}' -count=1",
            "ok  \tgithub.com/gin-gonic/gin/binding\t0.0" + str(10 + len(name)) + "s",
        )
    s.write(
        "binding/toml.go",
        'package binding\n\nimport (\n\t"bytes"\n\t"io"\n\t"net/http"\n\n\t"github.com/pelletier/go-toml/v2"\n)\n\n'
        'type tomlBinding struct{}\n\nfunc (tomlBinding) Name() string {\n\treturn "toml"\n}\n',
    )
    s.bash(
        "go test ./binding/...",
        "# github.com/gin-gonic/gin/binding\nbinding/toml.go:8:2: no required module provides package "
        "github.com/pelletier/go-toml/v2; to add it:\n\tgo get github.com/pelletier/go-toml/v2\nFAIL\tgithub.com/gin-gonic/gin/binding [setup failed]",
        1,
    )
    s.bash("go get github.com/pelletier/go-toml/v2@v2.2.3", "go: added github.com/pelletier/go-toml/v2 v2.2.3")
    s.bash("go test ./binding/...", "ok  \tgithub.com/gin-gonic/gin/binding\t0.041s")
    s.edit(
        "context.go",
        "// ShouldBindYAML is a shortcut for c.ShouldBindWith(obj, binding.YAML).",
        "// ShouldBindTOML is a shortcut for c.ShouldBindWith(obj, binding.TOML).\nfunc (c *Context) ShouldBindTOML(obj any) error {\n"
        "\treturn c.ShouldBindWith(obj, binding.TOML)\n}\n\n// ShouldBindYAML is a shortcut for c.ShouldBindWith(obj, binding.YAML).",
    )
    s.bash(
        "go test ./...",
        "ok  \tgithub.com/gin-gonic/gin\t1.203s\nok  \tgithub.com/gin-gonic/gin/binding\t0.044s\n"
        "ok  \tgithub.com/gin-gonic/gin/render\t0.018s",
    )
    s.user("Always run the tests with -race in this repo, CI does. Please rerun.")
    s.bash(
        "go test -race ./...",
        "ok  \tgithub.com/gin-gonic/gin\t2.871s\nok  \tgithub.com/gin-gonic/gin/binding\t1.102s\n"
        "ok  \tgithub.com/gin-gonic/gin/render\t1.044s",
    )
    s.bash("go vet ./...", "")
    s.done(
        "Added `binding.TOML` (go-toml/v2) and `Context.ShouldBindTOML`; `go test -race ./...` and `go vet ./...` pass."
    )
    return s


def ripgrep_unwrap() -> Claude:
    s = Claude("ripgrep_unwrap", "/home/dev/src/ripgrep", "2026-10-26T14:00:00.000")
    s.user(
        "In crates/printer/src/standard.rs, the column-number formatting is duplicated in three places. Extract a helper."
    )
    s.grep("write_column_number", ["crates/printer/src/standard.rs"], "crates/printer")
    s.edit(
        "crates/printer/src/standard.rs",
        "        if self.config().column {\n            let n = m.start() + 1;\n"
        "            self.write_spec(self.config().colors.column(), n.to_string().as_bytes())?;\n        }",
        "        self.write_column_number(m)?;",
    )
    s.edit(
        "crates/printer/src/standard.rs",
        "impl<'a, M: Matcher, W: WriteColor> StandardImpl<'a, M, W> {",
        "impl<'a, M: Matcher, W: WriteColor> StandardImpl<'a, M, W> {\n    fn write_column_number(&self, m: &Match) -> io::Result<()> {\n"
        "        let n = u64::try_from(m.start() + 1).unwrap();\n        self.write_spec(self.config().colors.column(), n.to_string().as_bytes())\n    }",
    )
    s.user(
        "we don't use unwrap() in library code here. Use expect() with a message that says why it can't fail, or propagate the error."
    )
    s.edit(
        "crates/printer/src/standard.rs",
        "        let n = u64::try_from(m.start() + 1).unwrap();",
        '        let n = u64::try_from(m.start() + 1).expect("match offset fits in u64");',
    )
    s.bash(
        "cargo test -p grep-printer",
        "   Compiling grep-printer v0.2.2 (/home/dev/src/ripgrep/crates/printer)\n    Finished `test` profile "
        "[unoptimized + debuginfo] target(s) in 6.42s\n     Running unittests src/lib.rs\n\nrunning 208 tests\n"
        "test result: ok. 208 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.09s",
    )
    s.bash(
        "cargo fmt --all -- --check",
        "Diff in /home/dev/src/ripgrep/crates/printer/src/standard.rs at line 1187:\n"
        '-        let n = u64::try_from(m.start() + 1).expect("match offset fits in u64");\n'
        '+        let n =\n+            u64::try_from(m.start() + 1).expect("match offset fits in u64");',
        1,
    )
    s.bash("cargo fmt --all", "")
    s.bash(
        "cargo fmt --all -- --check && cargo test -p grep-printer", "test result: ok. 208 passed; 0 failed; 0 ignored"
    )
    s.done(
        "Extracted `write_column_number` (no unwrap: `expect` with the reason), formatted with `cargo fmt`; grep-printer tests pass."
    )
    return s


def prometheus_assets() -> Claude:
    s = Claude("prometheus_assets", "/home/dev/go/src/github.com/prometheus/prometheus", "2026-10-27T08:30:00.000")
    s.user(
        "The /api/v1/status/tsdb endpoint should include the head's min/max time. Implement it; keep commits small "
        "and prefix commit messages with the area, like `web/api: ...` — that's the convention here."
    )
    s.read(
        "web/api/v1/api.go",
        'type TSDBStatus struct {\n\tHeadStats                   HeadStats          `json:"headStats"`\n'
        '\tSeriesCountByMetricName     []TSDBStat         `json:"seriesCountByMetricName"`\n}',
    )
    s.edit(
        "web/api/v1/api.go",
        'type HeadStats struct {\n\tNumSeries     uint64 `json:"numSeries"`',
        'type HeadStats struct {\n\tNumSeries     uint64 `json:"numSeries"`\n\tMinTime       int64  `json:"minTime"`\n\tMaxTime       int64  `json:"maxTime"`',
    )
    s.bash(
        "go test ./web/...",
        "web/ui/ui.go:31:12: pattern static: no matching files found\n"
        "FAIL\tgithub.com/prometheus/prometheus/web [setup failed]\nFAIL\tgithub.com/prometheus/prometheus/web/api/v1 [setup failed]",
        1,
    )
    s.say(
        "The web package embeds the built React UI (web/ui/static), which isn't built in this checkout. `make assets-compress` would need npm; the API package can be tested on its own with the embed stubbed by the build tag."
    )
    s.bash(
        "go test ./web/api/v1/...",
        "web/ui/ui.go:31:12: pattern static: no matching files found\nFAIL\tgithub.com/prometheus/prometheus/web/api/v1 [setup failed]",
        1,
    )
    s.bash("make assets", "cd web/ui && npm install\n...\n> @prometheus-io/app@0.300.0 build\nbuilt in 41.2s", 0)
    s.bash("go test ./web/api/v1/...", "ok  \tgithub.com/prometheus/prometheus/web/api/v1\t4.318s")
    s.bash(
        "git add web/api/v1/api.go && git commit -m 'web/api: add head min/max time to TSDB status'",
        "[tsdb-status-times 4c1e2d7] web/api: add head min/max time to TSDB status\n 1 file changed, 4 insertions(+)",
    )
    s.done(
        "Added minTime/maxTime to the TSDB status head stats. Note: `go test ./web/...` needs the UI assets built first (`make assets`), otherwise the embed pattern fails."
    )
    return s


def clap_plan() -> Claude:
    s = Claude("clap_plan", "/home/dev/src/clap", "2026-10-28T10:10:00.000")
    s.user("ArgAction::Count silently wraps at 255 occurrences. Plan a fix before touching code.", mode="plan")
    s.read(
        "clap_builder/src/parser/parser.rs",
        "            ArgAction::Count => {\n                let raw_vals = if raw_vals.is_empty() {\n"
        "                    let existing_value = *matcher.get_one::<crate::builder::CountType>(arg.get_id().as_str()).unwrap_or(&0);\n"
        "                    let next_value = existing_value.saturating_add(1);",
    )
    s.plan(
        "# Fix Count overflow\n\nDecision: add the `num-traits` crate and make the count type generic, so users can pick u16/u32.\n"
        "Rationale: u8 is too small for some tools.\n\nSteps:\n1. Add num-traits to clap_builder\n2. Generic CountType\n3. Tests",
        approved=False,
        feedback="Don't add new dependencies to clap_builder for this — we keep its dependency tree minimal, that's a hard rule. Just report an error.",
    )
    s.plan(
        "# Fix Count overflow\n\nDecision: keep `u8` and return `ErrorKind::TooManyValues` when a Count arg exceeds 255 occurrences, instead of "
        "saturating silently.\nRationale: no new dependency, no public type change; an error is visible where wrapping was not.\n\n"
        "Steps:\n1. In parser.rs, use checked_add and raise TooManyValues on overflow\n2. Add tests in tests/builder/action.rs\n3. Changelog entry",
        approved=True,
    )
    s.todo(
        [
            ("Use checked_add in ArgAction::Count", "in_progress"),
            ("Add overflow test", "pending"),
            ("Changelog", "pending"),
        ]
    )
    s.edit(
        "clap_builder/src/parser/parser.rs",
        "                    let next_value = existing_value.saturating_add(1);",
        "                    let next_value = existing_value.checked_add(1).ok_or_else(|| {\n"
        '                        ClapError::too_many_values(self.cmd, "256".to_owned(), arg.to_string(), Usage::new(self.cmd).create_usage_with_title(&[]))\n'
        "                    })?;",
    )
    s.bash(
        "cargo test -F unstable-v5 --test builder action::count",
        "error[E0425]: cannot find value `ClapError` in this scope\n"
        "   --> clap_builder/src/parser/parser.rs:1187:21\nerror: could not compile `clap_builder` (lib) due to 1 previous error",
        101,
    )
    s.edit("clap_builder/src/parser/parser.rs", "ClapError::too_many_values", "crate::Error::too_many_values")
    s.bash(
        "cargo test --test builder action::count",
        "running 9 tests\n.........\ntest result: ok. 9 passed; 0 failed; 0 ignored",
    )
    s.bash(
        "make test-full",
        "cargo test --workspace --features full\n...\ntest result: ok. 1612 passed; 0 failed; 4 ignored",
    )
    s.done(
        "ArgAction::Count now errors with TooManyValues past 255 instead of saturating; no new dependency. `make test-full` passes."
    )
    return s


def axum_extractor_decision() -> Claude:
    s = Claude("axum_extractor_decision", "/home/dev/src/axum", "2026-10-29T16:00:00.000")
    s.user(
        "For the request-id feature in examples/request-id: should we read the id with a middleware layer or an extractor? Give me the tradeoffs, don't code yet."
    )
    s.read(
        "examples/request-id/src/main.rs",
        "use axum::{routing::get, Router};\nuse tower_http::request_id::{MakeRequestUuid, SetRequestIdLayer};\n",
    )
    s.done(
        "Middleware (tower `SetRequestIdLayer` + `PropagateRequestIdLayer`): applies to every route, works with non-axum services, but handlers read it from extensions untyped. "
        "Extractor (`RequestId` implementing `FromRequestParts`): typed in handler signatures, composes with `Router::with_state`, but only where a handler asks for it."
    )
    s.user(
        "Let's go with the extractor approach, not middleware — typed access in handlers matters more here, and it composes with with_state. Implement it."
    )
    s.write(
        "examples/request-id/src/request_id.rs",
        "use axum::{extract::FromRequestParts, http::request::Parts};\n\npub struct RequestId(pub String);\n\n"
        "impl<S: Send + Sync> FromRequestParts<S> for RequestId {\n    type Rejection = std::convert::Infallible;\n"
        "    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {\n"
        '        Ok(Self(parts.headers.get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned()))\n    }\n}\n',
    )
    s.bash(
        "cargo build -p example-request-id",
        "   Compiling example-request-id v0.1.0\n    Finished `dev` profile [unoptimized + debuginfo] target(s) in 21.30s",
    )
    s.bash(
        "cargo test -p example-request-id",
        "running 2 tests\ntest tests::reads_header ... ok\ntest tests::missing_header_is_empty ... ok\n"
        "test result: ok. 2 passed; 0 failed",
    )
    s.done("Implemented the `RequestId` extractor (`FromRequestParts`), used in the example's handlers.")
    return s


def bubbletea_golangci() -> Claude:
    s = Claude("bubbletea_golangci", "/home/dev/go/src/github.com/charmbracelet/bubbletea", "2026-10-30T11:11:00.000")
    s.user(
        "From now on, run `golangci-lint run` before telling me you're done — CI fails on lint and I keep catching it late. "
        "Task: make WithFPS clamp values above 120 instead of ignoring them."
    )
    s.read(
        "options.go",
        "func WithFPS(fps int) ProgramOption {\n\treturn func(p *Program) {\n\t\tif fps > maxFPS {\n\t\t\treturn\n\t\t}\n\t\tp.fps = fps\n\t}\n}",
    )
    s.edit(
        "options.go", "\t\tif fps > maxFPS {\n\t\t\treturn\n\t\t}", "\t\tif fps > maxFPS {\n\t\t\tfps = maxFps\n\t\t}"
    )
    s.bash(
        "go test ./... -run TestOptions",
        "# github.com/charmbracelet/bubbletea\n./options.go:98:10: undefined: maxFps\n"
        "FAIL\tgithub.com/charmbracelet/bubbletea [build failed]",
        1,
    )
    s.say("Typo on my side: the constant is `maxFPS`.")
    s.edit("options.go", "\t\t\tfps = maxFps", "\t\t\tfps = maxFPS")
    s.bash("go test ./... -run TestOptions", "ok  \tgithub.com/charmbracelet/bubbletea\t0.014s")
    s.bash(
        "golangci-lint run",
        "options.go:96:3: if-statement can be replaced with the min builtin (gocritic)\n\t\tif fps > maxFPS {\n\t\t^\n1 issues:\n* gocritic: 1",
        1,
    )
    s.edit(
        "options.go",
        "\t\tif fps > maxFPS {\n\t\t\tfps = maxFPS\n\t\t}\n\t\tp.fps = fps",
        "\t\tp.fps = min(fps, maxFPS)",
    )
    s.bash("golangci-lint run && go test ./...", "0 issues.\nok  \tgithub.com/charmbracelet/bubbletea\t0.391s")
    s.done("WithFPS now clamps to 120 (`min(fps, maxFPS)`). `golangci-lint run` reports 0 issues and the tests pass.")
    return s
