"""Rust benchmarks: the crate's bench targets (`[[bench]]` in Cargo.toml, the files of benches/), the harness each
uses, and the command that runs them: `cargo bench`, on nightly when a file uses the unstable libtest, with the
features the benches need; a benchmark crate kept out of the workspace (parking_lot's benchmark/) runs from its
folder."""

from __future__ import annotations

import re
from typing import Any

from picasso_tui.profile.ecosystems.common import dig, load_toml
from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.walk import Tree

UNSTABLE = re.compile(r"^\s*(#!\[feature\([^)]*\btest\b[^)]*\)\]|extern crate test;)", re.MULTILINE)
"""libtest's `#[bench]` is unstable: a file that turns the feature on builds only on nightly."""
HARNESSES = (
    ("criterion", re.compile(r"\bcriterion(_main|_group)?\b")),
    ("divan", re.compile(r"\bdivan::")),
    ("iai-callgrind", re.compile(r"\biai_callgrind\b")),
    ("iai", re.compile(r"\biai\b")),
    ("bencher", re.compile(r"\bbencher\b|\bbenchmark_(main|group)!")),
)
FILE_FEATURES = re.compile(r"^#!\[cfg\(([^\n]*feature\s*=[^\n]*)\)\]", re.MULTILINE)
"""A bench file that opens with `#![cfg(feature = "v4")]` compiles to nothing without that feature (uuid's v4.rs)."""
BENCH_CRATE = re.compile(r"^(\w+[-_])?(bench|benches|benchmarks?)$")


def bench_targets(tree: Tree, folder: str, data: dict[str, Any]) -> dict[str, list[str]]:
    """{bench file: the features it needs} for the crate in ``folder``: the `[[bench]]` targets and, unless
    `autobenches = false`, the files Cargo finds itself (benches/x.rs, benches/x/main.rs)."""
    prefix = f"{folder}/" if folder else ""
    found: dict[str, list[str]] = {}
    for target in [t for t in data.get("bench") or [] if isinstance(t, dict)]:
        path = str(target.get("path") or f"benches/{target.get('name')}.rs")
        if tree.has(prefix + path):
            needs = target.get("required-features")
            found[prefix + path] = [str(f) for f in needs] if isinstance(needs, list) else []
    if dig(data, "package", "autobenches") is not False:
        for rel in tree.under(f"{prefix}benches"):
            inner = rel[len(prefix) + len("benches/") :]
            if re.fullmatch(r"[\w-]+\.rs|[\w-]+/main\.rs", inner):
                found.setdefault(rel, [])
    # cargo-deny's benches/license_data.rs is commented out from end to end: it benchmarks nothing
    return {rel: needs for rel, needs in found.items() if _has_code(tree.read(rel) or "")}


def _has_code(text: str) -> bool:
    """Whether any line of the Rust file is more than a comment."""
    return any(line.strip() and not line.strip().startswith("//") for line in text.splitlines())


def _harness(text: str) -> str:
    text = re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.DOTALL)  # nom's http.rs keeps its #[bench] commented out
    if UNSTABLE.search(text) or re.search(r"#\[bench\]", text):
        return "libtest #[bench]"
    return next((name for name, pattern in HARNESSES if pattern.search(text)), "")


def _describe(tree: Tree, files: dict[str, list[str]], defaults: list[str]) -> tuple[str, bool, list[str]]:
    """(the files and their harnesses, whether nightly is needed, the features to turn on)."""
    by_harness: dict[str, list[str]] = {}
    features: list[str] = []
    nightly = False
    for rel, needs in files.items():
        text = tree.read(rel) or ""
        harness = _harness(text)
        nightly = nightly or bool(UNSTABLE.search(text))
        by_harness.setdefault(harness, []).append(rel)
        gate = FILE_FEATURES.search(text)
        named = re.findall(r'feature\s*=\s*"([\w-]+)"', gate.group(1)) if gate else []
        features += [f for f in [*needs, *named] if f not in features and f not in defaults]
    parts = [
        human_list(found, 4) + (f" ({harness})" if harness else "") for harness, found in by_harness.items()
    ]  # fmt: skip
    return "; ".join(parts), nightly, features


def _bins(tree: Tree, folder: str) -> list[str]:
    return [f.rsplit("/", 1)[-1][:-3] for f in tree.under(f"{folder}/src/bin") if re.fullmatch(r"[\w/-]+\.rs", f)]


def rust_benchmarks(k: Knowledge, tree: Tree, root: dict[str, Any], members: list[str]) -> None:
    """One fact for the benchmarks: the root crate's, else a workspace member's made for benchmarks (toml's
    crates/benchmarks: `cargo bench -p`), else a separate benchmark crate outside the workspace."""
    defaults = [str(f) for f in dig(root, "features", "default") or []]
    files = bench_targets(tree, "", root) if "package" in root else {}
    command, sources = "cargo bench", ["Cargo.toml"]
    where = ""
    if not files:
        for folder in members:
            data = load_toml(tree, f"{folder}/Cargo.toml")
            name = str(dig(data, "package", "name") or "")
            if BENCH_CRATE.match(folder.rsplit("/", 1)[-1]) or BENCH_CRATE.match(name):
                files = bench_targets(tree, folder, data)
                if files:
                    command, sources = f"cargo bench -p {name}", [f"{folder}/Cargo.toml"]
                    where = f"the workspace member {name} ({folder}/)"
                    break
    held: dict[str, tuple[str, dict[str, list[str]]]] = {}
    if not files:  # zbus' zbus/benches and zvariant/benches: members' own benches, which the workspace runs
        for folder in members:
            data = load_toml(tree, f"{folder}/Cargo.toml")
            if own := bench_targets(tree, folder, data):
                held[str(dig(data, "package", "name") or folder)] = (folder, own)
        if held:
            files = {rel: needs for _, own in held.values() for rel, needs in own.items()}
            command = "cargo bench --workspace" if "package" in root else "cargo bench"
            sources = [f"{folder}/Cargo.toml" for folder, _ in held.values()][:2]
            crates = human_list(list(held), 4)
            where = f"the workspace member{'s' if len(held) > 1 else ''} {crates}"
    if not files:
        _separate_crate(k, tree, root, members)
        return
    described, nightly, features = _describe(tree, files, defaults)
    if nightly:
        command = command.replace("cargo ", "cargo +nightly ", 1)
    notes = ["the unstable `#![feature(test)]` builds only on nightly"] if nightly else []
    if len(held) > 1:  # zebra's `block` bench alone requires the feature bench, which zebra-consensus lacks
        notes += _gated_in_members(tree, held, defaults)
    elif features:
        command += f" --features {','.join(features)}"
        word = "feature" if len(features) == 1 else "features"
        notes.append(f"they need the {word} {human_list(features)}")
    k.fact(
        "rust/benchmarks",
        "Rust benchmarks",
        f"Rust benchmarks{f' in {where}' if where else ''}: {described}; run them with `{command}`"
        + (f" ({'; '.join(notes)})" if notes else "")
        + ".",
        *sources,
        *list(files)[:2],
    )


def _gated_in_members(tree: Tree, held: dict[str, tuple[str, dict[str, list[str]]]], defaults: list[str]) -> list[str]:
    """For benches of several members, each bench that needs features, with the run that turns them on for its own
    crate only: `--features` on the workspace's run fails in every member that lacks the feature."""
    said = []
    for crate, (folder, own) in held.items():
        data = load_toml(tree, f"{folder}/Cargo.toml")
        # cosmwasm-crypto's bench needs `std`, on by the crate's own default; its [[bench]] is named `main`
        own_defaults = [*defaults, *(str(f) for f in dig(data, "features", "default") or [])]
        tables = [t for t in data.get("bench") or [] if isinstance(t, dict) and t.get("name")]
        names = {f"{folder}/{t.get('path') or 'benches/' + str(t['name']) + '.rs'}": str(t["name"]) for t in tables}
        for rel in own:
            _, _, needs = _describe(tree, {rel: own[rel]}, own_defaults)
            if needs:
                name = rel.split("/")[-2] if rel.endswith("/main.rs") else rel.rsplit("/", 1)[-1].removesuffix(".rs")
                name = names.get(rel, name)
                said.append(f"`cargo bench -p {crate} --bench {name} --features {','.join(needs)}` for {rel}")
    return said[:2]


def _separate_crate(k: Knowledge, tree: Tree, root: dict[str, Any], members: list[str]) -> None:
    """A benchmark crate with its own Cargo.toml that is no member of the workspace (chrono's bench/, parking_lot's
    benchmark/ excluded in [workspace]): Cargo builds it only from its folder."""
    excluded = [str(e).strip("/") for e in dig(root, "workspace", "exclude") or []]
    for manifest in tree.named("Cargo.toml"):
        folder = manifest.rsplit("/", 1)[0] if "/" in manifest else ""
        if not folder or folder in members or not BENCH_CRATE.match(folder.rsplit("/", 1)[-1]):
            continue
        if "workspace" in root and folder not in excluded and "workspace" not in load_toml(tree, manifest):
            continue  # inside the root workspace's folder and not excluded: a member after all
        data = load_toml(tree, manifest)
        files = bench_targets(tree, folder, data)
        why = " (excluded from the workspace)" if folder in excluded else ""
        if files:
            described, nightly, _ = _describe(tree, files, [])
            command = f"cd {folder} && cargo {'+nightly ' if nightly else ''}bench"
            body = f"Rust benchmarks in the separate crate {folder}/{why}: {described}; run them with `{command}`."
        elif bins := _bins(tree, folder):
            takes = any("env::args" in (tree.read(f) or "") for f in tree.under(folder) if f.endswith(".rs"))
            run = f"cd {folder} && cargo run --release --bin {bins[0]}" + (" -- <arguments>" if takes else "")
            body = (
                f"Rust benchmarks are the programs of the separate crate {folder}/{why}: "
                f"{human_list([f'{folder}/src/bin/{b}.rs' for b in bins], 4)}; run one with `{run}`."
            )
        else:
            continue
        k.fact("rust/benchmarks", "Rust benchmarks", body, manifest, *([] if not why else ["Cargo.toml"]))
        return
