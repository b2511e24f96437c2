"""The event types, version-neutral: the latest schemaVersion's types as *the* types.

Write code against these names (`events.TextEvent`, `events.RunEndEvent`, `events.Risk`, ...):
the client presents a line of any supported older schemaVersion in these types
(`zero_client.upgrade`), and after a schemaVersion bump the names keep pointing at the newest
types, so a type checker shows exactly what a bump changed. An upgraded event still tells what
it was decoded from (`event.original_schema_version`, `event.original_line`).

`Event` is what a client stream yields: a known event or an `UnknownEvent`. Every member has a
literal `type`, so `if event.type == "text":` narrows `Event` to `TextEvent` under mypy, and an
`UnknownEvent`'s type is "unknown" (its wire type is `wire_type`).

The exact types of each version, as on the wire, are in `zero_client.versions` (`vN` modules).
"""

from __future__ import annotations

from typing import TypeAlias

from zero_client.protocol import UnknownEvent
from zero_client.versions.latest import *  # noqa: F403  # generated: the latest version's names
from zero_client.versions.latest import OutputEvent
from zero_client.versions.latest import __all__ as _LATEST_NAMES

Event: TypeAlias = OutputEvent | UnknownEvent
"""One output line as a client yields it: a latest-version event, or an `UnknownEvent`."""

__all__ = [*_LATEST_NAMES, "Event", "UnknownEvent"]
