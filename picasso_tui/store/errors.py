"""Typed store errors. Every message is one sentence a user can act on."""

from __future__ import annotations

from pathlib import Path

from picasso_tui.errors import PicassoError


class StoreError(PicassoError):
    """Base of every error the store raises on purpose."""


class CorruptStore(StoreError):
    """The file exists but is not a memory store we can read."""

    def __init__(self, path: Path, where: str, reason: str) -> None:
        self.path = path
        self.where = where
        self.reason = reason
        super().__init__(
            f"{path} is not a readable memory store ({reason} at {where}), so nothing was written; "
            f"`picasso memory recover` sets it aside and restores the newest backup."
        )


class DamagedRecord(CorruptStore):
    """One record breaks a limit on its shape (store/record_limits.py): readers skip it, and writes
    refuse until it is deleted or set aside, since it cannot be written back as it is."""

    def __init__(self, path: Path, rid: str, line: int | None, reason: str) -> None:
        self.path = path
        self.rid = rid
        self.where = f"line {line} (id {rid})" if line else f"the record {rid}"
        self.reason = reason
        StoreError.__init__(
            self,
            f"{path} holds a record Picasso cannot write back ({reason}, at {self.where}), so nothing was "
            f"written; `picasso memory delete {rid}` removes it, or `picasso memory recover` sets it aside.",
        )


class NewerSchema(StoreError):
    def __init__(self, path: Path, version: int) -> None:
        self.path = path
        self.version = version
        super().__init__(
            f"{path} was written by a newer Picasso (schema {version}; this one reads up to 2), "
            f"so it was left untouched. Update Picasso."
        )


class StoreBusy(StoreError):
    def __init__(self, lock: Path, seconds: float) -> None:
        super().__init__(
            f"The memory store is busy: another Picasso process has held {lock} for "
            f"{seconds:g} s; try again when it finishes."
        )


class StoreUnwritable(StoreError):
    def __init__(self, path: Path, why: str) -> None:
        self.path = path
        super().__init__(f"Cannot write the memory store at {path}: {why}; nothing was changed.")


class InvalidRecord(StoreError):
    """A record offered for writing breaks a documented limit."""


class MemoryNotFound(StoreError):
    pass


class AmbiguousId(StoreError):
    def __init__(self, prefix: str, candidates: list[str]) -> None:
        self.candidates = candidates
        shown = ", ".join(candidates[:10]) + (" …" if len(candidates) > 10 else "")
        super().__init__(
            f"The id prefix '{prefix}' matches {len(candidates)} memories ({shown}); give more characters."
        )


class EditConflict(StoreError):
    pass


class InvalidImport(StoreError):
    def __init__(self, source: Path, cause: CorruptStore) -> None:
        super().__init__(
            f"{source} is not a memory file Picasso can import ({cause.reason} at {cause.where}); nothing was imported."
        )


class StoreUnreadable(StoreError):
    def __init__(self, path: Path, why: str) -> None:
        self.path = path
        super().__init__(f"Cannot read the memory store at {path}: {why}.")
