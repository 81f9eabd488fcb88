"""Memory is locked to rose: a theme that defines it, and defaults so it resolves under every theme."""

from __future__ import annotations

from textual.theme import Theme

ROSE = "#f4a6b8"
ROSE_VARIABLES = {
    "rose": ROSE,
    "rose-glow": "#ff7aa2",
    "rose-dim": "#7a3b4d",
    "rose-tint": "#2a1a20",
    "rose-tint-light": "#fbe4ea",
}

PICASSO_THEME = Theme(
    name="picasso-rose",
    primary="#f4a6b8",
    secondary="#9aa5ce",
    accent="#ff7aa2",
    foreground="#e6e1e3",
    background="#141014",
    surface="#1d171b",
    panel="#261d22",
    success="#8bd5a0",
    warning="#f2c27b",
    error="#ff6b6b",
    dark=True,
    variables=ROSE_VARIABLES,
)
