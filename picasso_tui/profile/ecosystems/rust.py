"""Rust: Cargo packages and workspaces (a nested workspace such as examples/ is its own, not members of the
root), the crates the project is built on, libraries and binaries."""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any

from picasso_tui.profile.ecosystems.common import Stack, dig, load_toml, rank_by_use, stack_facts
from picasso_tui.profile.ecosystems.example_tests import rust_test
from picasso_tui.profile.ecosystems.rust_benchmarks import rust_benchmarks
from picasso_tui.profile.ecosystems.rustfmt import keeps_rustfmt, needs_nightly
from picasso_tui.profile.findings import Knowledge, human_list, plural
from picasso_tui.profile.languages import shares
from picasso_tui.profile.walk import Tree, is_auxiliary

LIBRARIES: dict[str, tuple[str, str]] = {
    "tokio": ("Tokio", "framework"), "async-std": ("async-std", "framework"), "hyper": ("hyper", "framework"),
    "tower": ("tower", "framework"), "axum": ("axum", "framework"), "actix-web": ("Actix Web", "framework"),
    "rocket": ("Rocket", "framework"), "warp": ("warp", "framework"), "tonic": ("tonic (gRPC)", "framework"),
    "serde": ("serde", "framework"), "bevy": ("Bevy", "framework"),
    "ratatui": ("ratatui", "framework"), "wasm-bindgen": ("wasm-bindgen", "framework"),
    "rayon": ("rayon", "framework"), "ignore": ("ignore", "framework"), "regex": ("regex", "framework"),
    "diesel": ("Diesel", "database"), "sqlx": ("SQLx", "database"),
    "sea-orm": ("SeaORM", "database"), "rusqlite": ("rusqlite", "database"), "clap": ("clap", "cli"),
    "proptest": ("proptest", "test"), "quickcheck": ("quickcheck", "test"),
    "criterion": ("criterion (benchmarks)", "test"), "insta": ("insta (snapshots)", "test"),
    "trycmd": ("trycmd (CLI snapshots)", "test"), "snapbox": ("snapbox (snapshots)", "test"),
    "assert_cmd": ("assert_cmd", "test"), "rstest": ("rstest", "test"),
}  # fmt: skip
FIXTURE = re.compile(r"(^|[/_-])fixtures?([/_.-]|$)", re.IGNORECASE)
"""A crate or binary that a test drives (`stdio-fixture`, `tests/fixture-crate`): not the project's program."""


@dataclass
class _Crate:
    name: str
    folder: str
    """"" for the root package."""
    manifest: str
    runtime: list[str] = field(default_factory=list)
    dev: set[str] = field(default_factory=set)
    optional: set[str] = field(default_factory=set)
    bins: list[str] = field(default_factory=list)
    bin_names: list[str] = field(default_factory=list)
    named_bins: dict[str, str] = field(default_factory=dict)
    """The [[bin]] tables' names by path: redis-rs' `name = "fuzz-target"` for src/main.rs."""
    gated: set[str] = field(default_factory=set)
    """Binaries a [[bin]] table gives `required-features`: a plain `cargo run` of them stops (zebra-checkpoints)."""
    default_run: str = ""
    library: bool = False
    proc_macro: bool = False
    published: bool = True
    platform: dict[str, list[str]] = field(default_factory=dict)
    """Dependencies only some targets build (`[target.'cfg(windows)'.dependencies]`), by the cfg that selects them."""


_AUTOBIN = re.compile(r"src/bin/(?:[\w-]+\.rs|[\w-]+/main\.rs)")


def _bin_name(crate: _Crate, path: str) -> str:
    """The name Cargo gives a binary: the package's for src/main.rs, the file's or folder's under src/bin/."""
    if path in crate.named_bins:
        return crate.named_bins[path]
    rel = path[len(crate.folder) + 1 :] if crate.folder else path
    if rel == "src/main.rs":
        return crate.name
    match = re.fullmatch(r"src/bin/([\w-]+)(?:\.rs|/main\.rs)", rel)
    return match.group(1) if match else ""


RUN_AWARE = re.compile(r"\bcargo_from_env\b|\"CARGO_PKG_NAME\"")
"""A cargo subcommand that tells `cargo run` from `cargo machete` itself (cargo-machete reads CARGO_PKG_NAME, which
only `cargo run` sets, and then parses with argh's from_env): under `cargo run` it takes no subcommand name."""


def _bare_metal(tree: Tree, crate: _Crate) -> bool:
    """Every binary of the crate is built without the standard library's entry point (`#![no_main]`, or
    `#![no_std]`): firmware or a boot stage, which `cargo run` cannot start on the host."""
    sources = [
        tree.read(f"{crate.folder}/{b}" if crate.folder and not b.startswith(crate.folder) else b) for b in crate.bins
    ]
    return bool(sources) and all(re.search(r"^#!\[(no_main|no_std)\]", s or "", re.M) for s in sources)


def _run_command(crate: _Crate, alone: bool, main: str = "") -> str:
    """`cargo run`, with `-p` in a workspace and `--bin` where the package has several binaries and no default-run
    (cross's `cargo run -p cross` stops with "could not determine which binary to run"); main is the program's
    source."""
    run = "cargo run" if alone else f"cargo run -p {crate.name}"
    names = [n for n in [*crate.bin_names, *(_bin_name(crate, b) for b in crate.bins)] if _runnable(crate, n)]
    name = crate.name if crate.name in names else next((n for n in names if n), "")
    if len(crate.bins) > 1 and not crate.default_run:
        run += f" --bin {name}" if name else ""
    # cargo-make's binary is a cargo subcommand: cargo passes `make` first, so must we
    if name.startswith("cargo-") and not RUN_AWARE.search(main):
        run += f" -- {name.removeprefix('cargo-')} --help"
    elif ARG_PARSERS.intersection(crate.runtime):  # feroxbuster requires --url: a bare run stops with a usage error
        run += " -- --help"
    return run


TEST_BIN = re.compile(r"^tests?([-_][\w-]+)?$|[-_]tests?$")
"""A binary named for testing (IronCalc's xlsx `test`, risingwave's `test_client`): a QA tool, not the program."""


def _runnable(crate: _Crate, name: str) -> bool:
    """Whether `cargo run --bin <name>` starts the program: no features required, not a testing tool."""
    return bool(name) and name not in crate.gated and not TEST_BIN.search(name)


ARG_PARSERS = frozenset({"clap", "structopt", "argh", "bpaf", "gumdrop"})
"""Command-line parsers whose programs answer `--help` with their usage (and exit 0), whatever they require."""


_CRATE_PATH = re.compile(r"\b(?:use|extern crate)\s+([a-z_][a-z0-9_]*)|(?<![\w:])([a-z_][a-z0-9_]*)::")


def _crates_used(text: str) -> set[str]:
    """The crates a file names, as Cargo.toml spells them or as code does (full_moon for full-moon: both kept)."""
    found = {a or b for a, b in _CRATE_PATH.findall(text)}
    return found | {name.replace("_", "-") for name in found}


def _dep_names(table: Any) -> list[str]:
    """Dependency names as the code imports them (``package = "tokio"`` renames count as tokio)."""
    if not isinstance(table, dict):
        return []
    return [str(v.get("package", k)) if isinstance(v, dict) else str(k) for k, v in table.items()]


_ONE_PLATFORM = re.compile(
    r"^cfg\((target_arch|target_os|target_family|windows|unix|target_env)\b|^[\w-]+-[\w-]+-[\w-]+|^cfg\(\w+\)$|"
    r"^cfg\((all|any)\(\s*(not\()?\s*(target_arch|target_os|target_family|windows|unix|target_env)\b|"
    r"^cfg\(any\(\s*\)\)$"  # assert_cmd's `cfg(any())`: true on no target, a version pin for the lock file only
)
"""A `[target.'cfg(target_arch = "wasm32")'.dependencies]` table: what one platform needs, not what the crate is
built on; so is a bare custom flag's (left-right's `cfg(loom)`: the model checker a `--cfg loom` test run builds)."""


def _crate(tree: Tree, manifest: str, data: dict[str, Any]) -> _Crate | None:
    name = dig(data, "package", "name")
    if not name:
        return None
    folder = manifest.rsplit("/", 1)[0] if "/" in manifest else ""
    prefix = f"{folder}/" if folder else ""
    crate = _Crate(str(name), folder, manifest)
    targets = {str(c): t for c, t in (data.get("target") or {}).items() if isinstance(t, dict)}
    for cfg, table in [("", data), *targets.items()]:
        deps = table.get("dependencies") or {}
        if not _ONE_PLATFORM.search(cfg):  # jsonwebtoken's js-sys and getrandom serve wasm32 only
            crate.runtime += _dep_names(deps)
        elif _PLATFORM_NAME.search(cfg) and (named := _dep_names(deps)):
            crate.platform[cfg] = named
        crate.optional |= set(_dep_names({n: v for n, v in deps.items() if isinstance(v, dict) and v.get("optional")}))
        crate.dev |= set(_dep_names(table.get("dev-dependencies"))) | set(_dep_names(table.get("build-dependencies")))
    crate.library = "lib" in data or tree.has(f"{prefix}src/lib.rs")
    crate.proc_macro = bool(isinstance(data.get("lib"), dict) and data["lib"].get("proc-macro"))
    package = data.get("package") or {}
    # crates.io takes no crate without a description and a licence: a member lacking either is never published
    # (strum's strum_tests has neither and no `publish = false`)
    publishable = "description" in package and ("license" in package or "license-file" in package)
    crate.published = package.get("publish") is not False and publishable
    declared = [b for b in data.get("bin") or [] if isinstance(b, dict)]
    crate.bins = [str(b.get("path") or f"src/bin/{b.get('name')}.rs") for b in declared]
    crate.bin_names = [str(b["name"]) for b in declared if b.get("name")]
    crate.named_bins = {f"{prefix}{b['path']}": str(b["name"]) for b in declared if b.get("name") and b.get("path")}
    crate.gated = {str(b["name"]) for b in declared if b.get("name") and b.get("required-features")}
    if tree.has(f"{prefix}src/main.rs") and "src/main.rs" not in crate.bins:
        crate.bins.insert(0, "src/main.rs")
    # Cargo's own binaries are src/bin/<name>.rs and src/bin/<name>/main.rs; cross's src/bin/commands/*.rs are
    # modules of cross-util, and `autobins = false` turns the discovery off
    if package.get("autobins") is not False:
        crate.bins += [f[len(prefix) :] for f in tree.under(f"{prefix}src/bin") if _AUTOBIN.fullmatch(f[len(prefix) :])]
    crate.default_run = str(package.get("default-run") or "")
    crate.bins = [
        f"{prefix}{b}" for b in dict.fromkeys(crate.bins) if tree.has(f"{prefix}{b}") and not FIXTURE.search(b)
    ]
    return crate


def _fixture(crate: _Crate) -> bool:
    """A crate under tests/ or named like a fixture is test scaffolding, not one of the project's crates; so is an
    unpublished member named as a test (indexmap's `test-nostd`, `test-serde`, both `publish = false`; strum's
    `strum_tests`, whose src/main.rs only prints "Tests crate")."""
    harness = bool(re.match(r"tests?([-_]|$)|.*[-_]tests?$", crate.name)) and not crate.published
    return bool(FIXTURE.search(crate.name)) or crate.folder.split("/")[0] in ("tests", "test") or harness


def _main(tree: Tree, crates: list[_Crate]) -> list[_Crate]:
    """The crates whose dependencies stand for the project: the main crate (the root package, else the member
    named like the repository) and the members it builds on, transitively, but for proc-macro crates. A helper
    crate beside it (a derive macro, a man-page generator) brings its own dependencies, not the project's."""
    main = [c for c in crates if not c.folder] or [c for c in crates if c.name == tree.root.name]
    if not main:
        return crates
    by_name = {c.name: c for c in crates}
    found = main[:1]
    for crate in found:  # grows while it is read: the members each one depends on
        found += [
            by_name[d] for d in crate.runtime if d in by_name and not by_name[d].proc_macro and by_name[d] not in found
        ]
    return found


def _matches(folder: str, pattern: str) -> bool:
    """A Cargo workspace glob, segment by segment (``*`` never crosses a ``/``)."""
    parts, pats = folder.split("/"), pattern.strip("/").split("/")
    return len(parts) == len(pats) and all(fnmatchcase(p, q) for p, q in zip(parts, pats, strict=True))


def _members(tree: Tree, base: str, data: dict[str, Any]) -> list[str]:
    """The member folders a [workspace] at ``base`` lists (globs expanded, ``exclude`` honoured)."""
    ws = data.get("workspace") or {}
    prefix = f"{base}/" if base else ""
    folders = sorted({m.rsplit("/", 1)[0] for m in tree.named("Cargo.toml") if "/" in m and m.startswith(prefix)})
    # napi-rs lists its members as "./crates/napi": the same folder as "crates/napi"
    excluded = [posixpath.normpath(f"{prefix}{e}") for e in ws.get("exclude") or [] if isinstance(e, str)]
    found: list[str] = []
    for pattern in ws.get("members") or []:
        if isinstance(pattern, str):
            wanted = posixpath.normpath(f"{prefix}{pattern}")
            found += [f for f in folders if _matches(f, wanted) and f not in found]
    # Cargo makes a path dependency inside the workspace a member too (parking_lot's core/ and lock_api/)
    # rkyv's `# rkyv_dyn = { …, path = "rkyv_dyn" }`: a commented-out dependency names no member
    text = re.sub(r"#[^\n]*", "", tree.read(f"{prefix}Cargo.toml") or "")
    paths = re.findall(r'path\s*=\s*"([\w./-]+)"', text) if "workspace" in data else []
    found += [f for p in paths if (f := posixpath.normpath(f"{prefix}{p}")) in folders and f not in found]
    return [f for f in found if not any(f == e or f.startswith(e + "/") for e in excluded)]


def cargo_workspace(tree: Tree, root: dict[str, Any] | None = None) -> bool:
    """A [workspace] with members; a package's empty one (cargo-deny's) only makes it its own root: one crate."""
    root = load_toml(tree, "Cargo.toml") if root is None else root
    return "workspace" in root and ("package" not in root or bool(_members(tree, "", root)))


def _harnessless_tests(tree: Tree, crate: _Crate) -> list[str]:
    """The crate's [[test]] targets when every one of them turns the test harness off (each is a `main`)."""
    declared = [t for t in load_toml(tree, crate.manifest).get("test") or [] if isinstance(t, dict)]
    if not declared or any(t.get("harness", True) is not False for t in declared):
        return []
    return [str(t["name"]) for t in declared if t.get("name")]


def bare_run_is_ambiguous(tree: Tree) -> bool:
    """A bare `cargo run` at a virtual workspace's root picks among the binaries of its default members (or of every
    member): with more than one Cargo stops, "could not determine which binary to run" (slint's default-members
    hold its compiler, language server and viewer)."""
    root = load_toml(tree, "Cargo.toml")
    if "package" in root or "workspace" not in root:
        return False
    chosen = dig(root, "workspace", "default-members")
    folders = [str(m).strip("./") for m in chosen] if isinstance(chosen, list) else _members(tree, "", root)
    crates = [c for f in folders if (c := _crate(tree, f"{f}/Cargo.toml", load_toml(tree, f"{f}/Cargo.toml")))]
    return sum(len(c.bins) for c in crates) > 1


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    if not tree.has("Cargo.toml"):
        return k
    root = load_toml(tree, "Cargo.toml")
    crates = [c for c in [_crate(tree, "Cargo.toml", root)] if c]
    members = _members(tree, "", root) if "workspace" in root else []
    for folder in members:
        manifest = f"{folder}/Cargo.toml"
        crate = _crate(tree, manifest, load_toml(tree, manifest))
        if crate and crate.folder:
            crates.append(crate)
    crates.sort(key=lambda c: (c.folder != "", c.name != tree.root.name, c.name))
    nested = [
        m.rsplit("/", 1)[0]
        for m in tree.named("Cargo.toml")
        if m != "Cargo.toml" and "workspace" in load_toml(tree, m) and m.rsplit("/", 1)[0] not in members
    ]
    _packaging(k, tree, root, crates, nested)
    own = [c for c in crates if not is_auxiliary(c.manifest) and not _fixture(c)] or crates[:1]
    _stack(k, tree, own, _main(tree, own))
    _commands(k, tree, root, own, [c for c in crates if not is_auxiliary(c.manifest)])
    rust_benchmarks(k, tree, root, members)
    if "package" in root:
        _examples(k, tree, root, "", "")
    else:  # quinn's and kurbo's virtual workspaces: the main member's examples show the library in use
        main = next((c for c in own if c.name == tree.root.name and c.library), None)
        if main:
            _examples(k, tree, load_toml(tree, main.manifest), main.folder, main.name)
    return k


def _examples(k: Knowledge, tree: Tree, manifest: dict[str, Any], folder: str, package: str) -> None:
    """A package's example programs Cargo finds (examples/<name>.rs, examples/<name>/main.rs), with the features
    an [[example]] entry requires: how to see the library in use (`cargo run --example google`). A member's are
    run by its package name from the workspace's root."""
    base = f"{folder}/examples" if folder else "examples"
    if tree.has(f"{base}/Cargo.toml"):
        return  # a workspace of its own, said in the packaging fact
    depth = base.count("/") + 1
    listed = tree.under(base)
    names = sorted(
        {f.split("/")[depth].removesuffix(".rs") for f in listed if re.fullmatch(rf"{base}/[\w-]+\.rs", f)}
        | {f.split("/")[depth] for f in listed if re.fullmatch(rf"{base}/[\w-]+/main\.rs", f)}
    )
    # cargo-deny's examples/01_allow_license/ has a Cargo.toml of its own: a separate crate, no example target
    names = [n for n in names if not tree.has(f"{base}/{n}/Cargo.toml")]
    if not names:
        return
    entries = {str(e.get("name")): e for e in manifest.get("example") or [] if isinstance(e, dict)}
    # rusqlite's load_extension needs features and a library another example builds: one that stands alone first
    first = next((n for n in names if not entries.get(n, {}).get("required-features")), names[0])
    needed = entries.get(first, {}).get("required-features") or []
    features = f" --features {','.join(str(f) for f in needed)}" if needed else ""
    shown = human_list([f"`{n}`" for n in names], 6)
    chosen = f" -p {package}" if package else ""
    body = f"Example programs in {base}/: {shown}; run one with `cargo run{chosen} --example {first}{features}`."
    k.fact("rust/examples", "Rust examples", body, f"{folder}/Cargo.toml" if folder else "Cargo.toml",
           f"{base}/{first}.rs")  # fmt: skip


NESTED_SHOWN = 3
"""Separate Cargo workspaces named one by one; cargo-deny's examples/ hold a dozen, counted after the first."""


def _packaging(k: Knowledge, tree: Tree, root: dict[str, Any], crates: list[_Crate], nested: list[str]) -> None:
    details = []
    workspace = cargo_workspace(tree, root)
    if workspace:
        names = [c.name if c.folder.rsplit("/", 1)[-1] in ("", c.name) else f"{c.name} ({c.folder})" for c in crates]
        details.append(f"Cargo workspace of {plural(len(crates), 'crate')}: {human_list(names, 10)}")
    elif crates:
        details.append(f"crate `{crates[0].name}`")
    first = load_toml(tree, crates[0].manifest) if crates else {}
    edition = dig(root, "workspace", "package", "edition") or dig(first, "package", "edition")
    if isinstance(edition, str):
        # nom's benchmarks crate keeps edition 2018 beside the workspace's 2021
        others = [f"{c.name}: {own}" for c in crates[:20] if isinstance(own := dig(load_toml(tree, c.manifest),
                  "package", "edition"), str) and own != edition]  # fmt: skip
        details.append(f"edition {edition}" + (f" ({human_list(others, 3)})" if others else ""))
    details += _msrv(tree, root, crates)
    lints = dig(root, "workspace", "lints") or dig(first, "lints") or {}
    strict = [f"{name} = {lvl}" for group in lints.values() if isinstance(group, dict)
              for name, lvl in group.items() if _level(lvl) in ("forbid", "deny")]  # fmt: skip
    if strict:
        details.append(f"lints: {human_list(strict, len(strict))}")
    channel = _pinned_channel(tree)
    if channel:
        details.append(f"toolchain pinned to {channel} in {_channel_file(tree)}")
    # cargo-deny's tests/test_data/*/ are 30 workspaces the tests read as data: fixtures, not parts of the project
    nested = [f for f in nested if f.split("/")[0] not in ("tests", "test")]
    for folder in nested[:NESTED_SHOWN]:
        inner = _members(tree, folder, load_toml(tree, f"{folder}/Cargo.toml"))
        count = f" ({plural(len(inner), 'crate')})" if inner else ""
        details.append(
            f"{folder}/ is a separate Cargo workspace{count}, not part of "
            + ("the root workspace" if workspace else "this crate")
        )
    if len(nested) > NESTED_SHOWN:
        details.append(f"{plural(len(nested) - NESTED_SHOWN, 'more separate Cargo workspace')} beside them")
    sources = ["Cargo.toml", *[c.manifest for c in crates if c.folder][:3], *[f"{n}/Cargo.toml" for n in nested][:2]]
    k.fact(
        "rust/packaging",
        "Rust: Cargo" + (" workspace" if workspace else ""),
        "Rust project built with Cargo: " + "; ".join(details or ["Cargo.toml"]) + ".",
        *sources,
    )


def _msrv(tree: Tree, root: dict[str, Any], crates: list[_Crate]) -> list[str]:
    """The workspace's rust-version, and each member's own where it declares a different one (serde's derive
    crate needs a newer compiler than serde): one crate's value is never said of the whole workspace."""
    # bottom's comment on its rust-version: "the oldest version I've tested … not an official MSRV!": no promise
    denied = re.search(
        r"(?:^\s*#\s*([^\n]*\bnot\b[^\n]*)\n)?^\s*rust-version\s*=\s*\"([\d.]+)\"(?:\s*#\s*([^\n]*\bnot\b[^\n]*))?$",
        tree.read("Cargo.toml") or "",
        re.M,
    )
    said = (denied.group(1) or denied.group(3)) if denied else None
    if denied and said and re.search(r"\bMSRV\b|minimum", said, re.I):
        return [f'rust-version {denied.group(2)} (Cargo.toml says: "{said.strip()}")']
    shared = dig(root, "workspace", "package", "rust-version")
    own = {c.name: dig(load_toml(tree, c.manifest), "package", "rust-version") for c in crates[:12]}
    own = {name: v for name, v in own.items() if isinstance(v, str) and v != shared}
    if isinstance(shared, str):
        extra = f" ({human_list([f'{n} {v}' for n, v in own.items()], 4)})" if own else ""
        return [f"MSRV (rust-version) {shared}{extra}"]
    if len(set(own.values())) > 1 or (own and len(crates) > 1 and len(own) < len(crates)):
        return [f"MSRV (rust-version) per crate: {human_list([f'{n} {v}' for n, v in own.items()], 4)}"]
    return [f"MSRV (rust-version) {next(iter(own.values()))}"] if own else []


def _role(crates: list[_Crate]) -> str:
    libs = [c for c in crates if c.library]
    bins = [c for c in crates if c.bins]
    if len(crates) == 1:
        c = crates[0]
        names = ", ".join(f"`{n}`" for n in c.bin_names)
        if c.bins and c.library:
            return "a library with a binary"
        return f"a binary{f' ({names})' if names else ''}" if c.bins else "a library" if c.library else ""
    if libs and not bins:
        return plural(len(libs), "library crate")
    return f"{plural(len(libs), 'library crate')} and {plural(len(bins), 'binary crate')}"


def _stack(k: Knowledge, tree: Tree, crates: list[_Crate], main: list[_Crate]) -> None:
    own = {c.name for c in crates}
    runtime = [d for c in main for d in c.runtime if d not in own]
    dev = {d for c in main for d in c.dev if d not in own}
    diesel = "diesel" in runtime and (tree.has("diesel.toml") or bool(tree.under("migrations")))
    runtime, _ = rank_by_use(tree, runtime, (".rs",), _crates_used)
    stack = Stack(runtime, dev, _role(crates), "Diesel migrations in migrations/" if diesel else "")
    # optional only where no crate requires it: rosenpass-util makes Tokio optional, rp depends on it outright
    required = {d for c in main for d in c.runtime if d not in c.optional}
    stack.optional = {d for c in main for d in c.optional} - required
    inner = list(dict.fromkeys(d for c in main for d in c.runtime if d in own))
    if inner:  # serde builds on serde_core and serde_derive: "no runtime dependencies" would hide them
        stack.none = f"no external runtime dependencies; built on its own crates {human_list(inner)}"
    platforms: dict[str, list[str]] = {}
    for crate in main:
        for cfg, names in crate.platform.items():
            platforms.setdefault(_platform(cfg), []).extend(n for n in names if n not in own)
    if said := [f"{human_list(list(dict.fromkeys(n)), 3)} on {where}" for where, n in platforms.items() if n][:3]:
        # nu-ansi-term needs windows-sys on Windows: "no runtime dependencies" alone is not true there
        stack.extra = "; ".join(filter(None, [stack.extra, f"per platform: {'; '.join(said)}"]))
    stack_facts(k, "rust", "Rust", LIBRARIES, stack, [c.manifest for c in crates][:4] or ["Cargo.toml"])


_PLATFORM_NAME = re.compile(r"^cfg\(((all|any)\(\s*)?(windows|unix|target_os|target_family)\b")
"""The target tables that stand for an operating system a user runs, whose dependencies the stack says apart."""


def _platform(cfg: str) -> str:
    """Where a target table's dependencies build: `cfg(windows)` as Windows, `cfg(target_os = "macos")` as macOS,
    rustls-native-certs' `cfg(all(unix, not(target_os = "macos")))` as Unix except macOS."""
    kept: list[str] = []
    left: list[str] = []
    enclosing: list[str] = []  # the cfg functions around a predicate: one `not` negates it
    for m in re.finditer(r'(\w+)\s*\(|\)|\b(windows|unix)\b|target_(?:os|family)\s*=\s*"(\w+)"', cfg):
        if m.group(1):
            enclosing.append(m.group(1))
        elif m.group(0) == ")":
            enclosing = enclosing[:-1]
        else:
            name = m.group(2) or m.group(3)
            if name != "unknown":  # rusqlite's `target_os = "unknown"` beside wasm: the browser target, said as wasm
                (left if "not" in enclosing else kept).append(PLATFORM_NAMES.get(name, name))
    if not kept:
        return cfg
    joiner = " or " if "any" in enclosing[:1] or cfg.startswith("cfg(any(") else " and "
    return joiner.join(kept) + (f" except {' or '.join(left)}" if left else "")


PLATFORM_NAMES = {"windows": "Windows", "unix": "Unix", "macos": "macOS", "ios": "iOS", "linux": "Linux",
                  "android": "Android", "freebsd": "FreeBSD", "wasi": "WASI"}  # fmt: skip


_DECLARED_TEST = re.compile(r"\[\[test\]\][^\[]*?name\s*=\s*\"([\w-]+)\"([^\[]*)", re.DOTALL)
_FEATURE_GATED = re.compile(
    r"^\s*#\[cfg\([^\n]*\bfeature\s*=[^\n]*\)\]\s*\n\s*#\[test\]|"
    r"^\s*#\[test\]\s*\n\s*#\[cfg\([^\n]*\bfeature\s*=[^\n]*\)\]",
    re.MULTILINE,
)
"""A test behind a feature (ratatui's backend_termion.rs: `#[cfg(all(not(windows), feature = "termion"))]` on each
test; teloxide's tests/command.rs: `#[test]` then `#[cfg(feature = "macros")]`): run without the feature, the file's
tests compile away and none runs."""
_IGNORED = re.compile(r"^\s*#\[(ignore\b|rustversion::attr\(not\(nightly\),\s*ignore\b)", re.MULTILINE)


def _integration_tests(tree: Tree, folder: str = "") -> list[str]:
    """The integration test targets of one crate: its tests/*.rs files that are not helper modules nor modules of
    another test file (ripgrep's tests/binary.rs is `mod binary;` of tests/tests.rs), or only its [[test]] targets
    under `autotests = false`; none gated: by Cargo.toml (`required-features`) or by the file itself (arrayvec's
    tests/borsh.rs opens with `#![cfg(feature = "borsh")]`, chrono's win_bindings.rs with `#![cfg(windows)]`), and
    none whose every test is ignored (serde's compiletest.rs runs on nightly only)."""
    prefix = f"{folder}/" if folder else ""
    manifest = tree.read(f"{prefix}Cargo.toml") or ""
    declared = {name: "required-features" in rest for name, rest in _DECLARED_TEST.findall(manifest)}
    if re.search(r"^autotests\s*=\s*false", manifest, re.MULTILINE):
        return [name for name, gated in declared.items() if not gated]
    tests = f"{prefix}tests/"
    files = {
        f[len(tests) : -3]: tree.read(f) or ""
        for f in tree.under(tests)
        if re.fullmatch(r"[\w-]+\.rs", f[len(tests) :])
    }
    # derive_more's `[[test]] name = "error"` with `path = "tests/error_tests.rs"`: Cargo knows the target as `error`
    renamed = {
        path: name
        for name, rest in _DECLARED_TEST.findall(manifest)
        if (path := re.search(r'^\s*path\s*=\s*"tests/([\w-]+)\.rs"', rest, re.MULTILINE)) and (path := path.group(1))
    }
    modules = {m for text in files.values() for m in re.findall(r"^\s*(?:pub\s+)?mod\s+(\w+)\s*;", text, re.MULTILINE)}
    gated = {n for n, behind in declared.items() if behind}
    helpers = (
        {"common", "support", "util", "utils", "mod"} | modules | gated | {p for p, n in renamed.items() if n in gated}
    )
    if re.search(r"^\s*(pub\s+)?mod\s+\w+\s*;", files.get("mod", ""), re.MULTILINE):
        helpers.discard("mod")  # loco's tests/mod.rs gathers tests/controller/ and the rest: Cargo's target `mod`
    # reqwest's `#![cfg(not(target_arch = "wasm32"))]` keeps a test for every usual target: that gate is no gate
    return [
        renamed.get(stem, stem)
        for stem, text in sorted(files.items())
        if stem not in helpers
        and not re.search(r"^#!\[cfg\((?!test\)|not\()", text, re.MULTILINE)
        and not (_IGNORED.search(text) and len(_IGNORED.findall(text)) >= text.count("#[test]"))
        and not (_FEATURE_GATED.search(text) and len(_FEATURE_GATED.findall(text)) >= text.count("#[test]"))
        and not ("#[test]" not in text and re.search(r"\bcriterion_main!|\bfn main\s*\(", text))
        and not ("#[test]" not in text and _GATED_MOD.search(text))
        # mysql_async's tests/exports.rs only imports the public API to check it compiles: no test runs
        and bool(_DECLARES_TESTS.search(text))
    ]  # aHash's tests/bench.rs is a criterion benchmark: no #[test], its own main


_DECLARES_TESTS = re.compile(
    r"#\[(\w+::)*(wasm_bindgen_)?test\b|#\[rstest\b|\bproptest!|^\s*(pub\s+)?mod\s+\w+\s*;", re.M
)
"""A test target's file declares a test, or the modules that do (bon's tests/integration/main.rs)."""
_GATED_MOD = re.compile(r"^#\[cfg\(feature\s*=\s*\"[^\"]+\"\)\]\s*(pub\s+)?mod\s+\w+\s*\{", re.MULTILINE)
"""helix-term's tests/integration.rs: `#[cfg(feature = "integration")] mod test { … }`, the whole target behind a
feature a plain `cargo test` leaves off."""


def _test_files(tree: Tree, crate: _Crate) -> int:
    """How many Rust files a crate's tests/ holds, modules of one test target too (ripgrep's tests/*.rs)."""
    return sum(f.endswith(".rs") for f in tree.under(f"{crate.folder}/tests" if crate.folder else "tests"))


def _has_tests(tree: Tree, crate: _Crate) -> bool:
    """A crate with a tests/ folder or a #[test] / #[cfg(test)] in its sources: `-p` there selects tests."""
    prefix = f"{crate.folder}/" if crate.folder else ""
    if any(f.endswith(".rs") for f in tree.under(f"{prefix}tests")):
        return True
    sources = [f for f in tree.under(f"{prefix}src") if f.endswith(".rs")][:SOURCES_READ]
    return any(re.search(r"#\[(test|cfg\(test\))\]", tree.read(f) or "") for f in sources)


SOURCES_READ = 200
"""joshuto's few unit tests sit in src/ui/ and src/config/, past its first hundred source files."""


ALIAS_ROLES = {
    "doc": "docs", "rustdoc": "docs", "test": "test", "clippy": "lint", "fmt": "format", "bench": "bench",
    "build": "build",
}  # fmt: skip


NAMED_ROLES = (("test", "test"), ("doc", "docs"), ("bench", "bench"))
RUNS_PACKAGE = re.compile(r"(--package[= ]|-p )[\w-]+")
"""typst's `testit = "run --package=test-wrapper --"` and `docit = "run … --package=typst-docs --"`: an alias that
runs one of the workspace's programs does the job its name says, whatever arguments CI gives it."""


def _alias_words(tree: Tree) -> dict[str, list[str]]:
    """Each alias of .cargo/config.toml and the cargo words it stands for."""
    rel = tree.first(".cargo/config.toml", ".cargo/config")
    aliases = load_toml(tree, rel).get("alias", {}) if rel else {}
    return {
        name: value.split() if isinstance(value, str) else [str(w) for w in value] if isinstance(value, list) else []
        for name, value in (aliases.items() if isinstance(aliases, dict) else [])
    }


def _runs_a_program(name: str, words: list[str]) -> bool:
    """An alias of the project's own (not cargo's builtin name) that runs one of the workspace's programs."""
    return words[:1] == ["run"] and name not in ALIAS_ROLES and bool(RUNS_PACKAGE.search(" ".join(words)))


def run_alias_role(tree: Tree, command: str) -> str | None:
    """For `cargo <alias> …` whose alias runs one of the workspace's programs (oxc's `lintgen = "run -p
    oxc_linter_codegen"`): the job its name says, "" for none; None when the command uses no such alias."""
    used = re.match(r"cargo ([\w-]+)\b", command)
    if not used or not _runs_a_program(used.group(1), _alias_words(tree).get(used.group(1), [])):
        return None
    named = next((r for word, r in NAMED_ROLES if word in used.group(1).lower()), None)
    if re.match(r"cargo [\w-]+ [a-z]", command) and not named:
        return None  # fish's `cargo xtask check`: the program's subcommand says what it does, not the alias
    if re.match(r"cargo [\w-]+ [a-z]", command):
        return None if cargo_alias_role(tree, command) is None else named  # ruffle's `cargo testutils compile`
    return cargo_alias_role(tree, command) or ""


def cargo_alias_role(tree: Tree, command: str) -> str | None:
    """The role of `cargo <alias> …` when the alias is one of the project's own that does a known job."""
    used = re.match(r"cargo ([\w-]+)\b", command)
    if re.match(r"cargo [\w-]+ (regen\w*|bless|accept|update)\b", command):
        return None  # typst's CI `cargo testit regen` writes the missing reference output: it checks nothing
    return next((role for name, role, _ in cargo_aliases(tree) if used and used.group(1) == name), None)


def cargo_aliases(tree: Tree) -> list[tuple[str, str, list[str]]]:
    """(alias, role, the cargo words it stands for) for each alias of .cargo/config.toml that does a known job."""
    found = []
    for name, words in _alias_words(tree).items():
        role = ALIAS_ROLES.get(words[0]) if words and name not in ALIAS_ROLES else None
        if _runs_a_program(name, words):
            role = next((r for word, r in NAMED_ROLES if word in name.lower()), None)
        if role:
            found.append((name, role, words))
    return found


def _cargo_aliases(k: Knowledge, tree: Tree) -> None:
    """Aliases the project defines for cargo (bytemuck's `cargo nightly_docs`: `doc --no-deps -F …`, the features
    docs.rs builds with): its own name for the command, as a task runner's target is."""
    rel = tree.first(".cargo/config.toml", ".cargo/config")
    for name, role, words in cargo_aliases(tree):
        if _runs_a_program(name, words):
            continue  # typst's `cargo docit` stops without a subcommand: a program's alias is named where it is used
        k.command(role, f"cargo {name}", f"{rel} [alias]", 25, f"`cargo {' '.join(words)}`")


_BY_NAME = "any test whose name contains the filter"


def _gathers_modules(tree: Tree, folder: str) -> bool:
    """The crate's one test file declares the suite's modules (ord's tests/lib.rs: `mod balances;`, `mod decode;`
    …): `--test` with its name alone runs every integration test, so one test takes a name filter."""
    prefix = f"{folder}/tests/" if folder else "tests/"
    tops = {f[len(prefix) : -3]: f for f in tree.under(prefix) if "/" not in f[len(prefix) :] and f.endswith(".rs")}
    mods = {n: re.findall(r"^\s*(?:pub\s+)?mod\s+(\w+)\s*;", tree.read(f) or "", re.M) for n, f in tops.items()}
    declared = {m for found in mods.values() for m in found}
    roots = [n for n in tops if n not in declared]  # a test file no other one declares as its module
    return len(roots) == 1 and len(mods[roots[0]]) >= 2


def _commands(k: Knowledge, tree: Tree, root: dict[str, Any], crates: list[_Crate], members: list[_Crate]) -> None:
    """Commands for the project's own crates; ``members`` adds the test crates, where one test may be run."""
    workspace = cargo_workspace(tree, root)
    _cargo_aliases(k, tree)
    k.command("build", "cargo build" + (" --workspace" if workspace else ""), "Cargo.toml", 60)
    k.command("test", "cargo test" + (" --workspace" if workspace else ""), "Cargo.toml", 60)
    tested = next((c for c in crates if _has_tests(tree, c)), None)
    targets = _integration_tests(tree) if not workspace else []
    integration = targets[:1]
    # in a workspace, the member with the most integration tests, a test crate too (strum's strum_tests/tests/)
    held = {c.name: _integration_tests(tree, c.folder) for c in members} if workspace else {}
    holder = max(members, key=lambda c: (bool(held[c.name]), _test_files(tree, c))) if held else None
    if integration:  # one file of tests/ (reqwest's `cargo test --test redirect`), or a name filter
        name = rust_test(tree, "", integration[0]) or "<test name>"
        if len(targets) == 1 and _gathers_modules(tree, ""):  # ord's `integration` (tests/lib.rs) is the suite
            k.command("test-one", f"cargo test --test {integration[0]} {name}", "tests/", 60,
                      _BY_NAME if name != "<test name>" else "")  # fmt: skip
        else:
            k.command("test-one", f"cargo test --test {integration[0]}", "tests/", 60, f"or `cargo test {name}`")
    elif holder and held[holder.name]:
        name, place = holder.name, f"{holder.folder}/tests/" if holder.folder else "tests/"
        # the root package is what a bare cargo command at the root selects (without default-members); naming it
        # fails where a dependency is another version of it (redb's `redb2_6 = { package = "redb" }`)
        at_root = not holder.folder and not dig(root, "workspace", "default-members")
        chosen = "" if at_root else f" -p {name}"
        one = rust_test(tree, holder.folder, held[name][0])
        if len(held[name]) == 1 and _gathers_modules(tree, holder.folder):  # ord's tests/lib.rs: the whole suite
            k.command("test-one", f"cargo test{chosen} --test {held[name][0]} {one or '<test name>'}", place, 60,
                      _BY_NAME if one else "")  # fmt: skip
        else:
            k.command("test-one", f"cargo test{chosen} --test {held[name][0]}", place, 60,
                      f"or `cargo test{chosen} {one or '<test name>'}`")  # fmt: skip
    elif tested and tested.manifest == "Cargo.toml":  # delta's root package: a bare `cargo test` runs its tests
        # in gitui's workspace a bare `cargo test` at the root runs the root package's only: its members' go unrun
        others = workspace and any(_has_tests(tree, c) for c in members if c.folder)
        name = rust_test(tree, tested.folder)
        k.command("test-one", f"cargo test{' --workspace' if others else ''} {name or '<test name>'}",
                  tested.manifest, 60, _BY_NAME if name else "")  # fmt: skip
    elif tested and (bare := _harnessless_tests(tree, tested)):
        # fltk's tests are [[test]] targets with `harness = false`, each a program: a name filter picks none
        k.command("test-one", f"cargo test -p {tested.name} --test {bare[0]}", tested.manifest, 60,
                  "its test targets run without the test harness: one target at a time")  # fmt: skip
    elif tested:
        name = rust_test(tree, tested.folder)
        k.command("test-one", f"cargo test -p {tested.name} {name or '<test name>'}", tested.manifest, 60,
                  _BY_NAME if name else "")  # fmt: skip
    # just's `[lib] doctest = false`: `cargo test --doc` runs nothing there
    doctested = [c for c in crates if not re.search(r"^\s*doctest\s*=\s*false", tree.read(c.manifest) or "", re.M)]
    if any(c.library for c in doctested):
        k.command("test", "cargo test --doc" + (" --workspace" if workspace else ""), "Cargo.toml", 62, "doc tests")
    clippy = tree.first("clippy.toml", ".clippy.toml") or next(
        (
            c.manifest
            for c in crates
            if re.search(r"^\[(workspace\.)?lints\.clippy\]", tree.read(c.manifest) or "", re.M)
        ),
        "Cargo.toml" if re.search(r"^\[(workspace\.)?lints\.clippy\]", tree.read("Cargo.toml") or "", re.M) else None,
    )
    if clippy:  # proposed only where the project configures it; a guide or CI that runs clippy proposes its own
        # crossbeam's root is itself a crate: without --workspace clippy skips its members
        k.command("lint", "cargo clippy" + (" --workspace" if workspace else "") + " --all-targets", clippy, 60)
    if tree.has("deny.toml"):  # ureq's deny.toml: its licences, advisories and duplicate crates are checked
        k.command("lint", "cargo deny check", "deny.toml", 64, "licences, advisories and duplicates; needs cargo-deny")
    if keeps_rustfmt(tree) and needs_nightly(tree):  # a stable `cargo fmt` warns and leaves time's imports as they are
        config = tree.first(".rustfmt.toml", "rustfmt.toml") or "rustfmt.toml"
        k.command("format", "cargo +nightly fmt", config, 60, "its options need nightly rustfmt")
    elif keeps_rustfmt(tree):
        # bevy's root is a package and a workspace: a bare `cargo fmt` formats the root crate, not its members
        every = " --all" if workspace and "package" in root else ""
        k.command("format", f"cargo fmt{every}", "Cargo.toml", 60)
    fuzzers = {
        c.name
        for c in crates
        if re.search(r"cargo-fuzz\s*=\s*true|libfuzzer-sys|^afl\s*=", tree.read(c.manifest) or "", re.MULTILINE)
        or c.folder.split("/")[0] in ("fuzz", "afl")
    }  # redis-rs' afl/parser is its AFL harness
    with_bins = [c for c in crates if c.bins and c.name not in fuzzers]  # toml's toml_edit_fuzz: cargo-fuzz targets
    if with_bins:
        bins = [b for c in with_bins for b in c.bins]
        k.fact("rust/entry-points", "Rust binaries", f"Rust binary entry points: {human_list(bins, 6)}.", *bins[:4])
        # pest's pest_bootstrap rewrites meta/src/grammar.rs (the `cargo bootstrap` alias): a generator, not the tool
        programs = [c for c in with_bins if not GENERATOR_CRATE.search(c.name)]
        # quinn's perf and bench members measure the library: a workspace's benchmark tool is not its program
        programs = [c for c in programs if not (c.folder and len(crates) > 1 and BENCH_CRATE.search(c.name))]
        # newsboat's http-test-server answers its tests' requests: a helper of the suite, not the program
        programs = [c for c in programs if not (c.folder and len(crates) > 1 and TEST_CRATE.search(c.name))]
        # yew's tools/build-examples builds every example for the website: the maintainers' tool, not the project
        programs = [c for c in programs if not (len(crates) > 1 and c.folder.split("/")[0] in TOOL_FOLDERS)]
        found = shares(tree)
        # newsboat's crates are the libraries of its C++ program: `cargo run` starts a helper, not newsboat
        if found and found[0][0] in ("c", "cpp"):
            programs = []
        # ruffle's default-members = ["desktop"]: the player a bare `cargo run` starts, before build_playerglobal
        chosen = dig(root, "workspace", "default-members")
        chosen = {str(m).strip("./") for m in chosen} if isinstance(chosen, list) else set()
        programs.sort(key=lambda c: c.folder not in chosen)
        # IronCalc's xlsx crate has only QA binaries (`test`); zebra-utils' zebra-checkpoints needs its feature
        programs = [c for c in programs if any(_runnable(c, _bin_name(c, b)) for b in c.bins)]
        # asterinas' linux-bzimage-setup is `#![no_std]` `#![no_main]`: a boot stub, no program the host runs
        programs = [c for c in programs if not _bare_metal(tree, c)]
        if programs:
            first = programs[0]
            alone = not first.folder and len(with_bins) == 1
            named = [b for b in first.bins if _bin_name(first, b) == first.name and _runnable(first, first.name)]
            named = named or [b for b in first.bins if _runnable(first, _bin_name(first, b))]
            main = (named or first.bins)[0]
            source = tree.read(f"{first.folder}/{main}" if first.folder and not main.startswith(first.folder) else main)
            k.command("run", _run_command(first, alone, source or ""), main, 60)
    runtime = {d for c in crates for d in c.runtime}
    if "diesel" in runtime and (tree.has("diesel.toml") or tree.under("migrations")):
        k.command("migrate", "diesel migration run", "diesel.toml" if tree.has("diesel.toml") else "Cargo.toml", 55)
    elif "sqlx" in runtime and tree.under("migrations"):
        k.command("migrate", "sqlx migrate run", "Cargo.toml", 55)


GENERATOR_CRATE = re.compile(r"(^|[_-])(autogen|bootstrap|codegen|gen|generate|generator|xtask)([_-]|$)|^build[_-]")
"""A binary crate that writes code or runs the project's chores (pest_bootstrap, xtask, ruffle's build_playerglobal,
vulkano's autogen): no program to run."""
TOOL_FOLDERS = ("tools", "tool", "scripts", "ci", "dev-tools", "xtask", "tasks")
BENCH_CRATE = re.compile(r"(^|[_-])(bench|benches|benchmarks?|perf|loadtest)([_-]|$)")
TEST_CRATE = re.compile(r"(^|[_-])(tests?|testing|mocks?|fixtures?)([_-]|$)")


def _level(value: object) -> object:
    """A lint's level, written bare (`deny`) or as a table (`{ level = "deny", priority = -1 }`)."""
    return value.get("level") if isinstance(value, dict) else value


def _channel_file(tree: Tree) -> str:
    return "rust-toolchain.toml" if tree.has("rust-toolchain.toml") else "rust-toolchain"


def _pinned_channel(tree: Tree) -> str:
    """The channel rust-toolchain(.toml) pins; "" when it names only components (anyhow asks for rust-src)."""
    text = tree.read(_channel_file(tree)) or "" if tree.has(_channel_file(tree)) else ""
    if "[toolchain]" not in text:
        return text.strip() if re.fullmatch(r"[\w.-]+", text.strip()) else ""  # the legacy one-line file
    channel = re.search(r"^\s*channel\s*=\s*[\"']([^\"']+)[\"']", text, re.MULTILINE)
    return channel.group(1) if channel else ""
