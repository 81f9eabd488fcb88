"""The first-session offer: ask once per new workspace whether to generate a project profile.

"Skip" is remembered per workspace (by fingerprint) in settings, key ``profile.skippedWorkspaces``.
A workspace that has (or had: the user deleted them) profile records is not new.
"""

from __future__ import annotations

from picasso_tui import settings
from picasso_tui.paths import PicassoPaths
from picasso_tui.profile.records import ID_PREFIX
from picasso_tui.settings import SettingsError
from picasso_tui.store.errors import StoreError
from picasso_tui.store.filestore import FileStore
from picasso_tui.store.namespaces import Workspace

SKIP_KEY = "profile.skippedWorkspaces"
QUESTION = (
    "This looks like a new workspace. Generate a project profile so the agent remembers structure, "
    "conventions, and dependencies?"
)
YES = "[Y] Yes"
NOT_NOW = "[N] Not now (you can run picasso memory init later)"
SKIP = "[Skip] Don't ask again for this workspace"


def has_profile(files: FileStore, fingerprint: str) -> bool:
    marker = f"/workspace:{fingerprint}/"
    for rid, raw in files.load().raw().items():
        md = raw.get("metadata") or {}
        if rid.startswith(ID_PREFIX) and (
            marker in md.get("namespace", "") or (md.get("provenance") or {}).get("workspace") == fingerprint
        ):
            return True
    return False


def skipped(paths: PicassoPaths) -> list[str]:
    value = settings.get(SKIP_KEY, paths)
    return [str(v) for v in value] if isinstance(value, list) else []


def should_offer(paths: PicassoPaths, workspace: Workspace | None, files: FileStore | None = None) -> bool:
    """True in a git workspace with no profile yet whose offer was not skipped (and a readable store).

    Pass the app's FileStore as ``files`` to reuse the document it has already decoded."""
    if workspace is None:
        return False
    try:
        if workspace.fingerprint in skipped(paths):
            return False
        return not has_profile(files or FileStore(paths, projections=False), workspace.fingerprint)
    except (StoreError, SettingsError):
        return False  # an unreadable store or settings file: nothing could be written anyway


def remember_skip(paths: PicassoPaths, workspace: Workspace) -> None:
    current = skipped(paths)
    if workspace.fingerprint not in current:
        settings.set_value(SKIP_KEY, [*current, workspace.fingerprint], paths)
