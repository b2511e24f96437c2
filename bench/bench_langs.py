"""Goal 6: TypeScript and Go typed decode vs JSON.parse / encoding/json into a map.

The TS/Go benchmarks are the TS/Go engineer's programs, run here as they are written:

    node bench/ts_decode.mjs LINES             (needs clients/typescript/dist: `npm run build`)
    cd bench/go_decode && go run . LINES

Their corpus is the valid v2 output vectors of conformance/v2/cases.jsonl, cycled (not the
session corpus of corpus.py). Each prints `<label>  <rate> events/s` lines, the baseline first;
every later label becomes a row with ratio = its rate / the baseline's. A program may instead
print JSON objects, one per line: {"name", "events", "seconds", "baseline", "baseline_seconds"}.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

from benchlib import BENCH_DIR, ROOT, Row, Settings, bench_env, fmt_rate, rate

GOAL = "reported (no target set)"
#: Targets from the issue tracker (#17): (language, label prefix) -> the least ratio to the baseline.
TARGETS: dict[tuple[str, str], float] = {
    ("TypeScript", "parseOutput"): 0.85,  # parse with validation vs JSON.parse alone (issue 39)
    ("Go", "protocol.Decode (typed, validated"): 2.0,  # vs encoding/json into map[string]any
}


def _target(lang: str, label: str, ratio: float | None) -> tuple[str, bool | None]:
    """The target text and whether it is met, for a row the program gave no target of its own."""
    for (target_lang, prefix), least in TARGETS.items():
        if lang == target_lang and label.startswith(prefix):
            return f">= {least:g}x baseline", ratio is not None and ratio >= least
    return GOAL, None
_RATE_LINE = re.compile(r"^(?P<label>\S.*?)\s{2,}(?P<rate>[\d,]+(?:\.\d+)?)\s+events/s")


def _commands(lines: int) -> dict[str, tuple[list[str], Path] | None]:
    found: dict[str, tuple[list[str], Path] | None] = {"TypeScript": None, "Go": None}
    node = shutil.which("node")
    for name in ("ts_decode.mjs", "ts_decode.js"):
        if node and (BENCH_DIR / name).is_file():
            found["TypeScript"] = ([node, str(BENCH_DIR / name), str(lines)], ROOT)
            break
    go = shutil.which("go")
    if go and (BENCH_DIR / "go_decode" / "main.go").is_file():
        found["Go"] = ([go, "run", ".", str(lines)], BENCH_DIR / "go_decode")
    return found


def _rows_from(lang: str, output: str) -> list[Row]:
    rows: list[Row] = []
    rates: list[tuple[str, float]] = []
    corpus = ""
    for line in output.splitlines():
        line = line.strip()
        if line.startswith("corpus:"):
            corpus = line.removeprefix("corpus:").strip()
        if line.startswith("{"):
            item: dict[str, Any] = json.loads(line)
            events, seconds = float(item.get("events", 0)), float(item.get("seconds", 0))
            base_seconds = float(item.get("baseline_seconds", 0))
            ratio = base_seconds / seconds if seconds and base_seconds else None
            name = str(item.get("name", "typed decode"))
            target, met = _target(lang, name, ratio)
            if "goal" in item:  # the program's own target wins
                target, met = str(item["goal"]), item.get("met")
            rows.append(Row(
                goal="6 TS / Go decode", name=f"{lang}: {name}",
                subject=fmt_rate(rate(events, seconds)),
                baseline=f"{item.get('baseline', 'baseline')} {fmt_rate(rate(events, base_seconds))}",
                ratio=ratio, target=target, met=met, note=str(item.get("note", "")), data=item))
            continue
        match = _RATE_LINE.match(line)
        if match:
            rates.append((match["label"].strip(), float(match["rate"].replace(",", ""))))
    if rates:
        (base_label, base_rate), *subjects = rates
        for label, value in subjects:
            target, met = _target(lang, label, value / base_rate)
            rows.append(Row(
                goal="6 TS / Go decode", name=f"{lang}: {label}", subject=fmt_rate(value),
                baseline=f"{base_label} {fmt_rate(base_rate)}", ratio=value / base_rate, target=target,
                met=met, note=f"their corpus: {corpus}" if corpus else "", data={"rates": rates}))
    return rows


def run(settings: Settings) -> list[Row]:
    lines = min(settings.events, 200_000)
    rows: list[Row] = []
    for lang, command in _commands(lines).items():
        baseline = "JSON.parse" if lang == "TypeScript" else "encoding/json into map[string]any"
        if command is None:
            stem = "ts_decode.mjs" if lang == "TypeScript" else "go_decode/main.go"
            rows.append(Row("6 TS / Go decode", f"{lang} typed decode", "n/a", baseline, None, GOAL, None,
                            f"not yet available (no bench/{stem})"))
            continue
        argv, cwd = command
        try:
            proc = subprocess.run(argv, cwd=cwd, capture_output=True, env=bench_env(), timeout=900,
                                  check=False)
            output, error = proc.stdout.decode(errors="replace"), proc.stderr.decode(errors="replace")
            code = proc.returncode
        except subprocess.TimeoutExpired:
            output, error, code = "", "timed out after 900 s", -1
        got = _rows_from(lang, output) if code == 0 else []
        if not got:
            lines_of_error = [line for line in error.strip().splitlines() if line.strip()]
            detail = next((line for line in lines_of_error if "Error" in line or "error" in line),
                          lines_of_error[-1] if lines_of_error else "no output")
            hint = " (clients/typescript/dist missing? `npm run build` there)" if lang == "TypeScript" else ""
            rows.append(Row("6 TS / Go decode", f"{lang} typed decode", "failed", baseline, None, GOAL, False,
                            f"`{' '.join(argv[:2])}` exit {code}: {detail.strip()[:200]}{hint}"))
        rows += got
    return rows
