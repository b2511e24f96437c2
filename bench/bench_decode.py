"""Goal 1: typed decode throughput of `zero_client.protocol.decode_output` vs json.loads / orjson.

All loops run over the same in-memory lines (bytes, no newline) in the same process, round-robin.
`decode_output` runs in its default lenient mode, so the unknown-type fallback is in place (the
corpus carries a few unknown event types). A second row measures `decode_output_lines`, the batch
entry point the client's `LineDecoder` uses, over the same lines in 256-line batches (about one
64 KiB pipe read each).

The bound is msgspec's own tagged union (dispatch on `type`) over the same lines, with no checks:
`decode_output_lines` is reported as a share of it, and must keep at least `GOAL_SHARE` (issue 27
withdrew the earlier target of 4x json.loads: no decoder built on msgspec can pass its union by
much, and json.loads is only context). A third row is msgspec alone with each line handed to the
decoder of its own event class (chosen before timing; untyped decode for unknown types): reported.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import orjson
from benchlib import Row, Settings, fmt_mb, fmt_rate, interleaved, profile_top, rate, read_lines
from zero_client import versions
from zero_client.protocol import decode_output, decode_output_lines

GOAL_SHARE = 0.9  # issue 27: decode_output_lines >= 90% of msgspec's tagged union over the same lines


DecodeAndLine = tuple[Callable[[bytes], Any], bytes]


def _msgspec_pairs(lines: list[bytes], version: int) -> tuple[list[DecodeAndLine], list[DecodeAndLine]]:
    """(union decode, line) and (decode of the line's own class, line) for every line; a line
    that neither takes gets the untyped decode in both lists."""
    module = versions.MODULES[version]
    union = msgspec.json.Decoder(module.OutputEvent).decode
    by_type = {name: msgspec.json.Decoder(cls).decode for name, cls in module.OUTPUT_EVENT_TYPES.items()}
    untyped = msgspec.json.Decoder().decode
    union_pairs: list[DecodeAndLine] = []
    class_pairs: list[DecodeAndLine] = []
    for line in lines:
        own = by_type.get(json.loads(line).get("type"), untyped)
        for decode, pairs in ((union, union_pairs), (own, class_pairs)):
            try:
                decode(line)
            except msgspec.ValidationError:
                decode = untyped
            pairs.append((decode, line))
    return union_pairs, class_pairs


def _loops(lines: list[bytes], version: int) -> dict[str, Callable[[], object]]:
    union_pairs, class_pairs = _msgspec_pairs(lines, version)

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
        for decode, line in union_pairs:
            decode(line)

    def msgspec_class_known() -> None:
        for decode, line in class_pairs:
            decode(line)

    return {"json.loads": json_loads, "orjson.loads": orjson_loads, "decode_output": typed,
            "decode_output_lines": typed_lines, "msgspec union": msgspec_union,
            "msgspec class known": msgspec_class_known}


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
        share = rates["decode_output_lines"] / rates["msgspec union"]
        met = share >= GOAL_SHARE
        note = (
            f"orjson.loads {fmt_rate(rates['orjson.loads'])} "
            f"(decode_output = {rates['decode_output'] / rates['orjson.loads']:.2f}x orjson); "
            f"msgspec's tagged union alone {fmt_rate(rates['msgspec union'])} "
            f"({rates['msgspec union'] / rates['json.loads']:.2f}x json.loads); "
            f"{count} events, {size / 1e6:.0f} MB, {fmt_mb(size / seconds['decode_output'])} typed"
        )
        data = {"events": count, "bytes": size, "seconds": seconds}
        if not met:
            data["profile"] = profile_top(loops["decode_output_lines"])
        rows.append(Row(
            goal="1 client decode",
            name=f"decode_output v{version} (lenient, with UnknownEvent fallback)",
            subject=fmt_rate(rates["decode_output"]),
            baseline=f"json.loads {fmt_rate(rates['json.loads'])}",
            ratio=ratio,
            target="reported (context; the bound is msgspec's union)",
            met=None,
            note=note,
            data=data,
        ))
        rows.append(Row(
            goal="1 client decode",
            name=f"decode_output_lines v{version} (256-line batches, as LineDecoder uses it)",
            subject=fmt_rate(rates["decode_output_lines"]),
            baseline=f"msgspec's tagged union {fmt_rate(rates['msgspec union'])}",
            ratio=share,
            target=f">= {GOAL_SHARE:.0%} of msgspec's union",
            met=met,
            note=(
                f"{rates['decode_output_lines'] / rates['json.loads']:.2f}x json.loads; "
                "measured in the same rounds as the row above"
            ),
            data={"seconds": seconds},
        ))
        ceiling = rates["msgspec class known"] / rates["json.loads"]
        rows.append(Row(
            goal="1 client decode",
            name=f"ceiling v{version}: msgspec alone, each line's class known (no checks, no dispatch)",
            subject=fmt_rate(rates["msgspec class known"]),
            baseline=f"json.loads {fmt_rate(rates['json.loads'])}",
            ratio=ceiling,
            target="reported (the bound of a msgspec decoder)",
            met=None,
            note=(
                f"decode_output reaches {rates['decode_output'] / rates['msgspec class known']:.0%} of it, "
                f"decode_output_lines {rates['decode_output_lines'] / rates['msgspec class known']:.0%}; "
                "measured in the same rounds as the rows above"
            ),
            data={"seconds": seconds},
        ))
    return rows
