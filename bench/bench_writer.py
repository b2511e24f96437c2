"""Goal 4: the engine's stream-json writer (Go bytes + redaction) vs plain json.dumps.

Subject: `zero_engine.events.StreamJsonEvents.encode(fields)`, the call every emitted event goes
through. Baseline: `json.dumps(event, sort_keys=True, separators=(",", ":")).encode() + b"\\n"` of
the same event (no Go escaping, no redaction), as in the engine engineer's `engine_writer.py`,
whose hand-made sample is measured here as a second row. The realistic inputs are the corpus
events with their `[REDACTED]` markers turned back into raw secrets, so ~1% of tool outputs
really take the redaction path.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import engine_writer
from benchlib import Row, Settings, fmt_rate, interleaved, profile_top, rate, read_lines
from zero_engine.events import StreamJsonEvents

GOAL_RATIO = 0.8
_SECRET = b"sk-proj-Abcdefghijklmnop1234567890"


def corpus_fields(path: Path) -> tuple[str, list[dict[str, Any]]]:
    """The corpus as the writer's inputs: event fields without schemaVersion/runId."""
    run_id = ""
    fields: list[dict[str, Any]] = []
    for line in read_lines(path):
        event = json.loads(line.replace(b"[REDACTED]", _SECRET))
        if event["type"] == "compaction":  # the engine only writes the types it knows
            continue
        event.pop("schemaVersion")
        run_id = event.pop("runId")
        fields.append(event)
    return run_id, fields


def _measure(version: int, run_id: str, sample: list[dict[str, Any]], repeat: int,
             rounds: int) -> tuple[dict[str, float], Callable[[], object]]:
    events = StreamJsonEvents(version, run_id)
    encode = events.encode
    dumps = json.dumps

    def writer() -> None:
        for _ in range(rounds):
            for fields in sample:
                encode(fields)

    def plain() -> None:
        for _ in range(rounds):
            for fields in sample:
                full = {"schemaVersion": version, "runId": run_id, **fields}
                dumps(full, sort_keys=True, separators=(",", ":")).encode() + b"\n"

    writer()  # warm caches (lru_cache of sensitive keys)
    return interleaved({"json.dumps": plain, "writer": writer}, repeat), writer


def _row(name: str, seconds: dict[str, float], count: int, profile: Callable[[], object], note: str) -> Row:
    ratio = seconds["json.dumps"] / seconds["writer"]
    met = ratio >= GOAL_RATIO
    data: dict[str, Any] = {"events": count, "seconds": seconds}
    if not met:
        data["profile"] = profile_top(profile)
    return Row(
        goal="4 engine write path",
        name=name,
        subject=fmt_rate(rate(count, seconds["writer"])),
        baseline=f"json.dumps {fmt_rate(rate(count, seconds['json.dumps']))}",
        ratio=ratio,
        target=f">= {GOAL_RATIO:g}x json.dumps",
        met=met,
        note=note,
        data=data,
    )


def run(settings: Settings, corpora: dict[int, Path]) -> list[Row]:
    rows: list[Row] = []
    for version, path in sorted(corpora.items()):
        run_id, fields = corpus_fields(path)
        secret = sum(1 for f in fields if _SECRET.decode() in json.dumps(f))
        seconds, writer = _measure(version, run_id, fields, settings.repeat, 1)
        rows.append(_row(f"StreamJsonEvents.encode v{version}, realistic corpus (redaction on)", seconds,
                         len(fields), writer, f"{len(fields)} events, {secret} with a raw secret"))
    sample = engine_writer.sample_events()
    rounds = max(1, settings.events // 500)
    seconds, writer = _measure(2, engine_writer.RUN_ID, sample, settings.repeat, rounds)
    rows.append(_row("StreamJsonEvents.encode v2, engine_writer.py sample", seconds, rounds * len(sample),
                     writer, "40 short text deltas with <html> & é, a tool call/result, usage"))
    return rows
