"""Benchmark: the engine's stream-json writer (Go format + redaction) against plain json.dumps.

Run: .venv/bin/python bench/engine_writer.py
Prints events/s for both (best of 7 alternating runs) and the ratio (target >= 0.8).
"""

from __future__ import annotations

import json
import time
from typing import Any

from zero_engine.events import StreamJsonEvents
from zero_engine.tools.base import Display, ToolResult

RUN_ID = "run_20260604123456_abcdef"


def sample_events() -> list[dict[str, Any]]:
    events = StreamJsonEvents(2, RUN_ID)
    sample = [events.run_start("/repo", "zero_20260604123456_1_1", "openai", "gpt-4.1", "gpt-4.1")]
    for index in range(40):
        sample.append(events.text(f"Streaming some model text, chunk {index} with <html> & unicode é. "))
    sample.append(events.reasoning("Thinking about the README first."))
    sample.append(events.tool_call("call_1", "read_file", '{"path":"README.md","limit":200}', "read"))
    sample.append(
        events.tool_result(
            "call_1",
            "read_file",
            ToolResult(
                status="ok",
                output="# Title\n" + "Some readme line.\n" * 100,
                display=Display("Read 101 lines", "read"),
            ),
        )
    )
    sample.append(events.usage(1200, 80))
    sample.append(events.final("All done."))
    sample.append(events.run_end("success", 0))
    return sample


def measure(encode: Any, sample: list[dict[str, Any]], rounds: int) -> float:
    started = time.perf_counter()
    for _ in range(rounds):
        for fields in sample:
            encode(fields)
    return rounds * len(sample) / (time.perf_counter() - started)


def main() -> None:
    events = StreamJsonEvents(2, RUN_ID)
    sample = sample_events()

    def plain(fields: dict[str, Any]) -> bytes:
        full = {"schemaVersion": 2, "runId": RUN_ID, **fields}
        return json.dumps(full, sort_keys=True, separators=(",", ":")).encode() + b"\n"

    rounds = 200
    measure(events.encode, sample, 20)  # warm-up
    # Alternate the two and keep each one's best run: the machine is shared, noise only slows down.
    ours = baseline = 0.0
    for _ in range(7):
        ours = max(ours, measure(events.encode, sample, rounds))
        baseline = max(baseline, measure(plain, sample, rounds))
    print(f"engine writer : {ours:12,.0f} events/s")
    print(f"json.dumps    : {baseline:12,.0f} events/s")
    print(f"ratio         : {ours / baseline:.2f} (target >= 0.80)")


if __name__ == "__main__":
    main()
