"""--enabled-tools / --disabled-tools validation and the --list-tools listing (docs/protocol.md 1.8).

The CLI turns `ToolFilterError` into a usage error (exit 2) with `message` as the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..gojson import go_quote
from .base import ToolSpec

_TOOL_NAME = re.compile(r"[A-Za-z0-9_-]+")
_SEPARATORS = re.compile(r"[,\s]+")  # comma, space, tab, CR, LF
# Accepted in filters even when not registered: it is registered later, only if deferral is active.
ALWAYS_ACCEPTED = frozenset({"tool_search"})


class ToolFilterError(ValueError):
    """A bad --enabled-tools/--disabled-tools value; `message` is the exact usage text."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def parse_tool_filter(values: str | Iterable[str]) -> tuple[str, ...]:
    """Split one or more flag values into names (duplicates dropped, order kept)."""
    raw_values = [values] if isinstance(values, str) else list(values)
    names: dict[str, None] = {}
    for raw in raw_values:
        for name in _SEPARATORS.split(raw):
            if name:
                names.setdefault(name, None)
    return tuple(names)


@dataclass(frozen=True)
class ToolFilters:
    enabled: tuple[str, ...] = ()
    disabled: tuple[str, ...] = ()


def validate_tool_filters(
    enabled: str | Iterable[str], disabled: str | Iterable[str], registered: Iterable[str]
) -> ToolFilters:
    """Parse both lists and check, name by name as Zero does, that each is well-formed and
    registered, then that no name is in both lists."""
    enabled_names = parse_tool_filter(enabled)
    disabled_names = parse_tool_filter(disabled)
    known = set(registered) | ALWAYS_ACCEPTED
    for name in (*enabled_names, *disabled_names):
        if not _TOOL_NAME.fullmatch(name):
            raise ToolFilterError(f"Invalid tool name {go_quote(name)}.")
        if name not in known:
            raise ToolFilterError(f"Unknown tool: {name}")
    for name in enabled_names:
        if name in disabled_names:
            raise ToolFilterError(f"Tool cannot be both enabled and disabled: {name}")
    return ToolFilters(enabled=enabled_names, disabled=disabled_names)


def passes_filters(name: str, enabled: Sequence[str], disabled: Sequence[str]) -> bool:
    return (not enabled or name in enabled) and name not in disabled


def render_tool_listing(specs: Iterable[ToolSpec]) -> str:
    """The `--list-tools` text without a final newline: it is the stream-json `final.text` as it
    is, and text output prints it as a line."""
    lines = ["Tools visible to model:"]
    ordered = sorted(specs, key=lambda spec: spec.name)
    lines.extend(
        f"  {spec.name} [{spec.side_effect}/{spec.permission}] - {spec.description}" for spec in ordered
    )
    if not ordered:
        lines.append("  (none)")
    return "\n".join(lines)
