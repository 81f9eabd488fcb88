"""Rust: Cargo packages and workspaces, crates that define the stack, binaries."""

from __future__ import annotations

from picasso_tui.profile.ecosystems.common import classify, dig, load_toml, stack_facts
from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.walk import Tree

LIBRARIES: dict[str, tuple[str, str]] = {
    "tokio": ("Tokio", "framework"), "async-std": ("async-std", "framework"), "axum": ("axum", "framework"),
    "actix-web": ("Actix Web", "framework"), "rocket": ("Rocket", "framework"), "warp": ("warp", "framework"),
    "serde": ("serde", "framework"), "tonic": ("tonic (gRPC)", "framework"), "bevy": ("Bevy", "framework"),
    "ratatui": ("ratatui", "framework"), "wasm-bindgen": ("wasm-bindgen", "framework"),
    "diesel": ("Diesel", "database"), "sqlx": ("SQLx", "database"), "sea-orm": ("SeaORM", "database"),
    "rusqlite": ("rusqlite", "database"), "clap": ("clap", "cli"), "proptest": ("proptest", "test"),
    "criterion": ("criterion (benchmarks)", "test"), "insta": ("insta (snapshots)", "test"),
}  # fmt: skip


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    if not tree.has("Cargo.toml"):
        return k
    root = load_toml(tree, "Cargo.toml")
    manifests = tree.named("Cargo.toml")
    members = [m.rsplit("/", 1)[0] for m in manifests if m != "Cargo.toml"]
    crates: list[str] = []
    deps: set[str] = set()
    for manifest in manifests:
        data = root if manifest == "Cargo.toml" else load_toml(tree, manifest)
        name = dig(data, "package", "name")
        if name:
            crates.append(name)
        for table in ("dependencies", "dev-dependencies", "build-dependencies"):
            deps |= set((data.get(table) or {}).keys())
        deps |= set((dig(data, "workspace", "dependencies") or {}).keys())
    details = []
    if "workspace" in root:
        details.append(f"Cargo workspace of {len(members)} crates: {human_list(members, 10)}")
    elif crates:
        details.append(f"crate `{crates[0]}`")
    edition = dig(root, "package", "edition") or dig(root, "workspace", "package", "edition")
    if edition:
        details.append(f"edition {edition}")
    if tree.has("rust-toolchain.toml") or tree.has("rust-toolchain"):
        details.append("toolchain pinned in rust-toolchain")
    k.fact(
        "rust/packaging",
        "Rust: Cargo" + (" workspace" if "workspace" in root else ""),
        "Rust project built with Cargo: " + "; ".join(details or ["Cargo.toml"]) + ".",
        "Cargo.toml",
    )
    kinds = classify(deps, LIBRARIES)
    extra = (
        "Diesel migrations in migrations/" if tree.under("migrations") and "Diesel" in kinds.get("database", []) else ""
    )
    stack_facts(k, "rust", "Rust", kinds, ["Cargo.toml"], extra)
    k.command("build", "cargo build", "Cargo.toml", 60)
    k.command("test", "cargo test" + (" --workspace" if "workspace" in root else ""), "Cargo.toml", 60)
    if members or crates:
        k.command("test-one", f"cargo test -p {crates[0] if crates else '<crate>'} <test name>", "Cargo.toml", 60)
    k.command("lint", "cargo clippy --all-targets", "Cargo.toml", 60)
    k.command("format", "cargo fmt", "Cargo.toml", 60)
    bins = [f for f in tree.files if f.endswith("src/main.rs") or "/src/bin/" in f or f.startswith("src/bin/")]
    if bins:
        k.command("run", "cargo run", "src/main.rs", 60)
        k.fact("rust/entry-points", "Rust binaries", f"Rust binary entry points: {human_list(bins, 6)}.", *bins[:4])
    if "Diesel" in kinds.get("database", []):
        k.command("migrate", "diesel migration run", "diesel", 55)
    elif "SQLx" in kinds.get("database", []) and tree.under("migrations"):
        k.command("migrate", "sqlx migrate run", "sqlx", 55)
    return k
