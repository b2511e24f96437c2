"""Goal 1: typed decode throughput of `zero_client.protocol.decode_output` vs json.loads / orjson.

All loops run over the same in-memory lines (bytes, no newline) in the same process, round-robin.
`decode_output` runs in its default lenient mode, so the unknown-type fallback is in place (the
corpus carries a few unknown event types). The bare msgspec decoder of the tagged union is shown
as the ceiling the wrapper could reach. A second row measures `decode_output_lines`, the batch
entry point the client's `LineDecoder` uses, over the same lines in 256-line batches (about one
64 KiB pipe read each).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from pathlib import Path

import msgspec
import orjson
from benchlib import Row, Settings, fmt_mb, fmt_rate, interleaved, profile_top, rate, read_lines
from zero_client import versions
from zero_client.protocol import decode_output, decode_output_lines

GOAL_RATIO = 4.0  # issue #17: typed decode >= 4x a json.loads loop


def _loops(lines: list[bytes], version: int) -> dict[str, Callable[[], object]]:
    union = msgspec.json.Decoder(versions.MODULES[version].OutputEvent)

    def json_loads() -> None:
        loads = json.loads
        for line in lines:
            loads(line)

    def orjson_loads() -> None:
        loads = orjson.loads
        for line in lines:
            loads(line)

    def typed() -> None:
        decode = decode_output
        for line in lines:
            decode(line)

    batches = [lines[i : i + 256] for i in range(0, len(lines), 256)]

    def typed_lines() -> None:
        decode = decode_output_lines
        for batch in batches:
            decode(batch)

    def msgspec_union() -> None:
        decode = union.decode
        for line in lines:
            with contextlib.suppress(msgspec.ValidationError):
                decode(line)

    return {"json.loads": json_loads, "orjson.loads": orjson_loads, "decode_output": typed,
            "decode_output_lines": typed_lines, "msgspec union": msgspec_union}


def run(settings: Settings, corpora: dict[int, Path]) -> list[Row]:
    rows: list[Row] = []
    for version, path in sorted(corpora.items()):
        lines = read_lines(path)
        count, size = len(lines), sum(map(len, lines))
        loops = _loops(lines, version)
        loops["decode_output"]()  # warm the version cache and the decoders
        seconds = interleaved(loops, settings.repeat)
        rates = {name: rate(count, s) for name, s in seconds.items()}
        ratio = rates["decode_output"] / rates["json.loads"]
        met = ratio >= GOAL_RATIO
        note = (
            f"orjson.loads {fmt_rate(rates['orjson.loads'])} "
            f"(decode_output = {rates['decode_output'] / rates['orjson.loads']:.2f}x orjson); "
            f"bare msgspec union {fmt_rate(rates['msgspec union'])}; "
            f"{count} events, {size / 1e6:.0f} MB, {fmt_mb(size / seconds['decode_output'])} typed"
        )
        data = {"events": count, "bytes": size, "seconds": seconds}
        if not met:
            data["profile"] = profile_top(loops["decode_output"])
        rows.append(Row(
            goal="1 client decode",
            name=f"decode_output v{version} (lenient, with UnknownEvent fallback)",
            subject=fmt_rate(rates["decode_output"]),
            baseline=f"json.loads {fmt_rate(rates['json.loads'])}",
            ratio=ratio,
            target=f">= {GOAL_RATIO:g}x json.loads",
            met=met,
            note=note,
            data=data,
        ))
        batch_ratio = rates["decode_output_lines"] / rates["json.loads"]
        rows.append(Row(
            goal="1 client decode",
            name=f"decode_output_lines v{version} (256-line batches, as LineDecoder uses it)",
            subject=fmt_rate(rates["decode_output_lines"]),
            baseline=f"json.loads {fmt_rate(rates['json.loads'])}",
            ratio=batch_ratio,
            target=f">= {GOAL_RATIO:g}x json.loads",
            met=batch_ratio >= GOAL_RATIO,
            note="measured in the same rounds as the row above",
            data={"seconds": seconds},
        ))
    return rows
