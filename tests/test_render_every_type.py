"""`zero-sdk run` shows every event type: the terminal renderer has a line for each type of the
latest schema (and for types it has no line of its own for, a generic one), so a type a schema
bump adds is never silently dropped. The events are the valid output vectors of every version's
conformance files (hand-written and generated from the schema: a new version brings its own)."""

from __future__ import annotations

import io
import json
from pathlib import Path

from zero_client import events
from zero_client.render import TerminalRenderer
from zero_client.upgrade import upgrade_line
from zero_client.versions import LATEST_SCHEMA_VERSION, MODULES

ROOT = Path(__file__).resolve().parents[1]
LATEST_OUTPUT_TYPES = MODULES[LATEST_SCHEMA_VERSION].OUTPUT_EVENT_TYPES
#: Shown by `finish` at the end of the run, not as they arrive.
SHOWN_AT_THE_END = (events.FinalEvent, events.RunEndEvent)


def _valid_output_lines() -> list[tuple[str, str]]:
    lines = []
    for path in sorted(ROOT.glob("conformance/v*/*.jsonl")):
        for raw in path.read_text(encoding="utf-8").splitlines():
            case = json.loads(raw)
            if case.get("direction") == "output" and case.get("expect") == "valid":
                lines.append((case["name"], case["line"]))
    return lines


def test_every_event_type_is_shown() -> None:
    silent, seen = [], set()
    for name, line in _valid_output_lines():
        event = upgrade_line(line)
        seen.add(event.type)
        out = io.StringIO()
        TerminalRenderer(out).event(event)
        empty_delta = isinstance(event, (events.TextEvent, events.ReasoningEvent)) and not event.delta
        if not out.getvalue().strip() and not isinstance(event, SHOWN_AT_THE_END) and not empty_delta:
            silent.append(f"{name}: {event.type}")
    assert silent == [], "events zero-sdk run would drop:\n" + "\n".join(silent)
    # The vectors cover every output type of the latest schema (so the check above is complete).
    latest = set(LATEST_OUTPUT_TYPES)
    assert latest <= seen, sorted(latest - seen)
