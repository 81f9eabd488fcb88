"""The mini relationship graph: the selected memory in the middle, its neighbours around it,
drawn with box-drawing characters (stable in snapshots, no layout library needed)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from picasso_tui.display import visible_text
from picasso_tui.store.schema import MemoryRecord
from picasso_tui.tui.view_model import GraphEdge, MemoryView, relation_graph


class RelationGraph(Static):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "RELATIONS"
        self._shown: tuple[MemoryRecord, MemoryView] | None = None

    def show(self, record: MemoryRecord | None, view: MemoryView) -> None:
        self._shown = (record, view) if record is not None else None
        self._draw()

    def on_resize(self) -> None:
        self._draw()  # how many neighbours fit depends on the size

    def _draw(self) -> None:
        if self._shown is None:
            self.update(Text("Nothing selected.", style="dim"))
            return
        record, view = self._shown
        region = self.content_region
        self.update(draw(record, relation_graph(record, view), max(3, region.height - 1), region.width))


def draw(record: MemoryRecord, edges: list[GraphEdge], room: int, width: int) -> Text:
    width = max(20, width)
    out = Text()
    out.append("● ", style="bold")
    out.append(_fit(f"{record.memory_class.value}: {visible_text(record.title)}", width - 3), style="bold")
    if not edges:
        out.append("\n  (no relations)", style="dim")
        return out
    shown = edges if len(edges) <= room - 1 else edges[: max(1, room - 2)]
    for i, edge in enumerate(shown):
        last = i == len(shown) - 1 and len(shown) == len(edges)
        branch = "└─" if last else "├─"
        label = f"{edge.label} → "
        out.append(f"\n{branch} ")
        out.append(label, style="italic")
        out.append(_fit(visible_text(edge.target), width - len(label) - 4))
    if len(shown) < len(edges):
        out.append(f"\n└─ +{len(edges) - len(shown)} more", style="dim")
    return out


def _fit(text: str, room: int) -> str:
    room = max(4, room)
    return text if len(text) <= room else text[: room - 1] + "…"
