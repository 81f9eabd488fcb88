"""Namespace strings, the workspace fingerprint and the account id (DESIGN §5)."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import orjson

from picasso_tui.atomic import write_atomic
from picasso_tui.languages import language_of
from picasso_tui.store import git
from picasso_tui.store.schema import CLASS_DIRS, MemoryClass

LOCAL_ACCOUNT = "local"
CASE_INSENSITIVE_HOSTS = frozenset({"github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "dev.azure.com"})
WORKSPACE_CLASSES = frozenset(
    {MemoryClass.FACT, MemoryClass.DECISION, MemoryClass.FAILURE, MemoryClass.WORKFLOW, MemoryClass.REPO_RULE}
)


ACCOUNT_FILE = "account.json"
_ACCOUNT_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def account_file(home: Path | None = None) -> Path:
    """``<picasso home>/settings/account.json``: the signed-in account, written by ``picasso auth login``."""
    from picasso_tui.paths import picasso_home

    return (home or picasso_home()) / "settings" / ACCOUNT_FILE


def current_account_id(home: Path | None = None) -> str:
    """The signed-in account's id, or ``local`` when signed out.

    Read from a plain file (not the keyring, not the sync package) so the store stays at the
    bottom of the import graph; a damaged file counts as signed out rather than failing reads.
    """
    try:
        data = orjson.loads(account_file(home).read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return LOCAL_ACCOUNT
    value = data.get("accountId") if isinstance(data, dict) else None
    return value if isinstance(value, str) and _ACCOUNT_ID.match(value) else LOCAL_ACCOUNT


def account_prefix(account_id: str) -> str:
    return f"account:{account_id}"


def workspace_prefix(account_id: str, fingerprint: str) -> str:
    return f"{account_prefix(account_id)}/projects/workspace:{fingerprint}/"


def namespace_for(
    cls: MemoryClass, account_id: str, *, fingerprint: str | None = None, language: str | None = None
) -> str:
    """Where a new memory of class ``cls`` belongs."""
    account = account_prefix(account_id)
    if cls is MemoryClass.STYLE:
        return f"{account}/style/{language}" if language else f"{account}/global/style"
    if cls is MemoryClass.MODEL_PERFORMANCE:
        return f"{account}/model_performance"
    if fingerprint:
        return f"{workspace_prefix(account_id, fingerprint)}{CLASS_DIRS[cls]}"
    return f"{account}/global/{CLASS_DIRS[cls]}"


# One grammar for every namespace segment (DESIGN §5): no empty segment, no `..`, no control
# character; languages, orgs and fingerprints from fixed character sets.
LANGUAGE = re.compile(r"[a-z0-9][a-z0-9+#_-]{0,31}")
_FINGERPRINT = re.compile(r"[A-Za-z0-9_-]{1,64}")
_ORG = re.compile(r"[A-Za-z0-9_-]{1,64}")
_DIRS = frozenset(CLASS_DIRS.values())


def namespace_problem(namespace: str, account_id: str | None) -> str | None:
    """Why ``namespace`` may not hold a record of ``account_id`` (a phrase), or None if it may.
    ``account_id`` None accepts any account (records already in a file several accounts share)."""
    head, _, rest = namespace.partition("/")
    if not head.startswith("account:") or not _ACCOUNT_ID.fullmatch(head.removeprefix("account:")):
        return "does not start with account:<id>"
    if account_id is not None and head != account_prefix(account_id):
        return f"belongs to another account than this one ({account_id})"
    parts = rest.split("/")
    match parts:
        case ["style", language] if LANGUAGE.fullmatch(language):
            return None
        case ["global", leaf] if leaf in _DIRS:
            return None
        case ["model_performance"]:
            return None
        case ["projects", workspace, leaf] if (
            leaf in _DIRS
            and _FINGERPRINT.fullmatch(workspace.removeprefix("workspace:"))
            and workspace.startswith("workspace:")
        ):
            return None
        case ["projects", "orgs", org, "shared"] if org.startswith("org:") and _ORG.fullmatch(org.removeprefix("org:")):
            return None
    return "is not one of the namespaces memory is kept in (docs/file-format.md lists them)"


def is_account_wide(namespace: str) -> bool:
    """Style, global and model notes: memory every workspace of the account reads."""
    rest = namespace.partition("/")[2]
    return rest.startswith(("style/", "global/")) or rest == "model_performance"


def valid_language(language: str) -> bool:
    return bool(LANGUAGE.fullmatch(language))


def rehome(namespace: str, cls: MemoryClass) -> str | None:
    """The namespace after a class change within a workspace or global scope, or None if it cannot move."""
    parent, _, leaf = namespace.rpartition("/")
    movable_parent = parent.endswith("/global") or re.search(r"/projects/workspace:[^/]+$", parent)
    if not movable_parent or leaf not in CLASS_DIRS.values() or cls not in WORKSPACE_CLASSES:
        return None
    return f"{parent}/{CLASS_DIRS[cls]}"


def workspace_of(namespace: str) -> str | None:
    m = re.search(r"/projects/workspace:([^/]+)", namespace)
    return m.group(1) if m else None


def short_namespace(namespace: str) -> str:
    """``account:local/projects/workspace:3f9a…/facts`` -> ``workspace:3f9a…/facts`` for tables."""
    rest = namespace.split("/", 1)[1] if namespace.startswith("account:") and "/" in namespace else namespace
    return rest.removeprefix("projects/")


# -- workspaces ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Workspace:
    root: Path
    fingerprint: str
    name: str


def normalize_remote(url: str) -> str:
    """``git@github.com:Acme/api.git`` and ``https://github.com/Acme/api`` name the same repository."""
    url = url.strip()
    m = re.match(r"^(?:[a-z+]+://)?(?:[^@/]+@)?([^/:]+)(?::\d+)?[:/](.+)$", url, re.IGNORECASE)
    if not m:
        return url.rstrip("/")
    host, path = m.group(1).lower(), m.group(2).strip("/").removesuffix(".git")
    if host in CASE_INSENSITIVE_HOSTS:  # GitHub treats Acme/API and acme/api as one repository
        path = path.lower()
    return f"{host}/{path}"


def fingerprint_of(identity: str) -> str:
    return hashlib.sha256(identity.encode("utf-8")).hexdigest()[:12]


@lru_cache(maxsize=64)
def find_workspace(path: Path) -> Workspace | None:
    """The git workspace containing ``path``, or None outside a repository."""
    top, remote = git.workspace_answers(path)
    if not top:
        return None
    root = Path(top)
    if remote:
        identity = normalize_remote(remote)
        name = identity.rsplit("/", 2)[-2:]
        display = "/".join(name) if len(name) == 2 else root.name
    else:
        roots = git.run(root, "rev-list", "--max-parents=0", "HEAD")
        identity = min(roots.split()) if roots else os.path.realpath(root)
        display = root.name
    return Workspace(root=root, fingerprint=fingerprint_of(identity), name=display)


def fingerprint_for_path(path: str) -> str:
    """Fingerprint of a workspace named by path, even one that no longer exists here."""
    p = Path(path)
    ws = find_workspace(p) if p.is_dir() else None
    return ws.fingerprint if ws else fingerprint_of(os.path.realpath(path))


def main_language(root: Path, cache_dir: Path | None = None) -> str | None:
    """The language most of the workspace's tracked files are written in.

    With ``cache_dir``, kept in ``languages.json`` there per state of git's index (which is what
    ``git ls-files`` lists): listing a large repository costs tens of milliseconds on every fresh
    process, and its main language changes only when its tracked files do."""
    stamp = _index_stamp(root) if cache_dir is not None else None
    cache_file = cache_dir / "languages.json" if cache_dir is not None else None
    known: dict[str, object] = {}
    if cache_file is not None and stamp is not None:
        with contextlib.suppress(OSError, orjson.JSONDecodeError):
            loaded = orjson.loads(cache_file.read_bytes())
            known = loaded if isinstance(loaded, dict) else {}
        entry = known.get(str(root))
        if isinstance(entry, dict) and entry.get("index") == stamp:
            language = entry.get("language")
            return language if isinstance(language, str) else None
    listing = git.run(root, "ls-files")
    if listing is None:
        return None
    counts = Counter(language_of(f) for f in listing.splitlines())
    counts.pop(None, None)
    language = counts.most_common(1)[0][0] if counts else None
    if cache_file is not None and stamp is not None:
        known[str(root)] = {"index": stamp, "language": language}
        with contextlib.suppress(OSError):  # a cache: failing to write costs the next process a listing
            cache_file.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            write_atomic(cache_file, orjson.dumps(known), durable=False)
    return language


def _index_stamp(root: Path) -> list[int] | None:
    """(inode, size, mtime) of the workspace's git index; git replaces the file whenever it changes."""
    git_dir = root / ".git"
    try:
        if git_dir.is_file():  # a linked worktree or a submodule: ``gitdir: <path>``
            pointer = git_dir.read_text(encoding="utf-8").strip()
            if not pointer.startswith("gitdir:"):
                return None
            git_dir = (root / pointer.removeprefix("gitdir:").strip()).resolve()
        if not git_dir.is_dir():
            return None
        st = (git_dir / "index").stat()
    except FileNotFoundError:
        return [0, 0, 0]  # a repository that never tracked a file has no index yet: nothing to list
    except OSError:
        return None
    return [st.st_ino, st.st_size, st.st_mtime_ns]
