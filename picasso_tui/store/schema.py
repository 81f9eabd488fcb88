"""The file form of a memory record (DESIGN §3), schema v2.

Every model allows extra keys: other writers share memory.json, and a field this
version does not know must come back out exactly as it went in.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from enum import StrEnum
from functools import cached_property
from typing import Annotated, Any

import orjson
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer
from pydantic.alias_generators import to_camel

SCHEMA_VERSION = 2
STALE_THRESHOLD = 0.7
"""A staleness score above this marks a memory stale (shown as such, ranked lower, archived by gc)."""
MAX_BODY_BYTES = 64 * 1024
"""A memory is a note, not a file dump; a larger body is refused with a clear error."""


class MemoryClass(StrEnum):
    FACT = "fact"
    STYLE = "style"
    DECISION = "decision"
    FAILURE = "failure"
    WORKFLOW = "workflow"
    REPO_RULE = "repo_rule"
    MODEL_PERFORMANCE = "model_performance"


CLASS_DIRS = {
    MemoryClass.FACT: "facts",
    MemoryClass.STYLE: "style",
    MemoryClass.DECISION: "decisions",
    MemoryClass.FAILURE: "failures",
    MemoryClass.WORKFLOW: "workflows",
    MemoryClass.REPO_RULE: "repo_rules",
    MemoryClass.MODEL_PERFORMANCE: "model_performance",
}
"""Each class's folder: the last part of its namespace."""


EDGE_TYPES = frozenset(
    {
        "fact->file",
        "decision->file",
        "decision->module",
        "style->language",
        "failure->file",
        "supersedes",
        "relates_to",
    }
)


def parse_timestamp(value: Any) -> datetime:
    """Any ISO-8601 instant -> aware UTC datetime truncated to milliseconds.

    Truncating on the way in means a value compares the same before and after a
    round trip, which the per-id merge depends on.
    """
    if isinstance(value, datetime):
        dt = value
    elif isinstance(value, str):
        dt = datetime.fromisoformat(value.strip())
    else:
        raise ValueError("a timestamp must be an ISO-8601 string")
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    dt = dt.astimezone(UTC)
    return dt.replace(microsecond=dt.microsecond - dt.microsecond % 1000)


def format_timestamp(dt: datetime) -> str:
    return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{dt.microsecond // 1000:03d}Z"


def utc_now() -> datetime:
    return parse_timestamp(datetime.now(UTC))


Timestamp = Annotated[datetime, BeforeValidator(parse_timestamp), PlainSerializer(format_timestamp, return_type=str)]


class _Model(BaseModel):
    model_config = ConfigDict(
        extra="allow",
        alias_generator=to_camel,
        populate_by_name=True,
        frozen=True,
        ser_json_inf_nan="null",
    )


class Edge(_Model):
    type: str
    target: str


class Provenance(_Model):
    session_id: str | None = None
    event_index: int | None = None
    source_files: list[str] = Field(default_factory=list)
    source_plan: str | None = None


class EmbeddingInfo(_Model):
    model: str
    dim: int


class Attributes(_Model):
    title: str | None = None
    scope: str | None = None
    source: str | None = None
    stale: bool = False
    tags: list[str] = Field(default_factory=list)
    deleted_at: Timestamp | None = None
    archived_at: Timestamp | None = None


class Metadata(_Model):
    class_: MemoryClass = Field(alias="class")
    namespace: str = Field(min_length=1)
    created_at: Timestamp | None = None
    last_observed_at: Timestamp
    staleness_score: float = Field(default=0.0, ge=0.0, le=1.0)
    pinned: bool = False
    edges: list[Edge] = Field(default_factory=list)
    prevent_next_time: list[str] = Field(default_factory=list)
    provenance: Provenance = Field(default_factory=Provenance)
    embedding: EmbeddingInfo | None = None
    attributes: Attributes = Field(default_factory=Attributes)


class MemoryRecord(_Model):
    id: str = Field(min_length=1)
    vector: list[float] = Field(default_factory=list)
    body: str = ""
    metadata: Metadata

    # -- derived views (cached: records are immutable) ------------------------------------

    @property
    def is_tombstone(self) -> bool:
        return self.metadata.attributes.deleted_at is not None

    @property
    def is_archived(self) -> bool:
        return self.metadata.attributes.archived_at is not None

    @property
    def is_stale(self) -> bool:
        return self.metadata.attributes.stale or self.metadata.staleness_score > STALE_THRESHOLD

    @property
    def memory_class(self) -> MemoryClass:
        return self.metadata.class_

    @property
    def is_quarantined(self) -> bool:
        """Held for review (instruction-like text from a tool or file): shown, never injected."""
        return bool((self.metadata.attributes.model_extra or {}).get("quarantined"))

    @property
    def title(self) -> str:
        """The first line of the body (or the title a Mac record carried)."""
        if self.metadata.attributes.title:
            return self.metadata.attributes.title
        return self.body.strip().split("\n", 1)[0]

    @cached_property
    def file_form(self) -> dict[str, Any]:
        """The record as written to memory.json (tombstones reduced to their minimum)."""
        if self.is_tombstone:
            md = self.metadata
            return {
                "id": self.id,
                "vector": [],
                "body": "",
                "metadata": {
                    "class": md.class_.value,
                    "namespace": md.namespace,
                    "lastObservedAt": format_timestamp(md.last_observed_at),
                    "attributes": {"deletedAt": format_timestamp(md.attributes.deleted_at)},  # type: ignore[arg-type]
                },
            }
        return self.model_dump(mode="json", by_alias=True)

    @cached_property
    def recency_key(self) -> tuple[datetime, str]:
        """Newest observation first, then id: the order every listing uses (cached: a 10k sort)."""
        return (self.metadata.last_observed_at, self.id)

    @cached_property
    def file_bytes(self) -> bytes:
        return orjson.dumps(self.file_form)

    @cached_property
    def content_hash(self) -> str:
        return hashlib.sha256(orjson.dumps(self.file_form, option=orjson.OPT_SORT_KEYS)).hexdigest()

    def with_metadata(self, **changes: Any) -> MemoryRecord:
        """A copy with metadata fields changed (validated, so bad values cannot sneak in)."""
        data = self.file_form | {"metadata": self.file_form["metadata"] | _camel(changes)}
        return MemoryRecord.model_validate(data)

    def with_attributes(self, **changes: Any) -> MemoryRecord:
        attrs = self.file_form["metadata"].get("attributes", {}) | _camel(changes)
        return self.with_metadata(attributes=attrs)

    def with_body(self, body: str) -> MemoryRecord:
        return MemoryRecord.model_validate(self.file_form | {"body": body})

    @classmethod
    def new(
        cls,
        rid: str,
        body: str,
        memory_class: MemoryClass,
        namespace: str,
        now: datetime,
        *,
        pinned: bool = False,
        edges: list[dict[str, str]] | None = None,
        prevent_next_time: list[str] | None = None,
        provenance: dict[str, Any] | None = None,
        attributes: dict[str, Any] | None = None,
    ) -> MemoryRecord:
        """A record observed for the first time at ``now`` (the one constructor every writer uses)."""
        stamp = format_timestamp(now)
        return cls.model_validate(
            {
                "id": rid,
                "vector": [],
                "body": body,
                "metadata": {
                    "class": memory_class.value,
                    "namespace": namespace,
                    "createdAt": stamp,
                    "lastObservedAt": stamp,
                    "stalenessScore": 0.0,
                    "pinned": pinned,
                    "edges": edges or [],
                    "preventNextTime": prevent_next_time or [],
                    "provenance": provenance or {},
                    "attributes": attributes or {},
                },
            }
        )


def _camel(changes: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in changes.items():
        if isinstance(value, datetime):
            value = format_timestamp(value)
        elif isinstance(value, BaseModel):
            value = value.model_dump(mode="json", by_alias=True)
        elif isinstance(value, list):
            value = [v.model_dump(mode="json", by_alias=True) if isinstance(v, BaseModel) else v for v in value]
        out["class" if key == "class_" else to_camel(key)] = value
    return out
