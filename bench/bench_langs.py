"""Goal 6: TypeScript and Go typed decode vs JSON.parse / encoding/json into a map.

The TS/Go benchmarks are separate programs, run here if present, on the same corpora:

    node bench/ts_decode.mjs|.js CORPUS...        (or a compiled bench/ts_decode/index.js)
    go run ./bench/go_decode CORPUS...            (a folder; or go run bench/go_decode.go CORPUS...)

Each prints one JSON object per line, e.g.
    {"name": "decodeOutput v2", "events": 200016, "seconds": 0.21,
     "baseline": "JSON.parse", "baseline_seconds": 0.35, "goal": ">= 1x"}
`ratio` = baseline_seconds / seconds (typed decode throughput relative to the baseline).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from benchlib import BENCH_DIR, ROOT, Row, bench_env, fmt_rate, rate


def _commands(corpora: list[str]) -> dict[str, list[str] | None]:
    found: dict[str, list[str] | None] = {"TypeScript": None, "Go": None}
    node = shutil.which("node")
    for name in ("ts_decode.mjs", "ts_decode.js", "ts_decode/index.js", "ts_decode/index.mjs"):
        if node and (BENCH_DIR / name).is_file():
            found["TypeScript"] = [node, str(BENCH_DIR / name), *corpora]
            break
    go = shutil.which("go")
    if go and (BENCH_DIR / "go_decode").is_dir():
        found["Go"] = [go, "run", "./bench/go_decode", *corpora]
    elif go and (BENCH_DIR / "go_decode.go").is_file():
        found["Go"] = [go, "run", str(BENCH_DIR / "go_decode.go"), *corpora]
    return found


def _present(lang: str) -> list[str]:
    stem = "ts_decode" if lang == "TypeScript" else "go_decode"
    return sorted(p.name for p in BENCH_DIR.glob(stem + "*"))


def _rows_from(lang: str, output: str) -> list[Row]:
    rows: list[Row] = []
    for line in output.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        item: dict[str, Any] = json.loads(line)
        events = float(item.get("events", 0))
        seconds = float(item.get("seconds", 0))
        base_seconds = float(item.get("baseline_seconds", 0))
        ratio = item.get("ratio")
        if ratio is None and seconds > 0 and base_seconds > 0:
            ratio = base_seconds / seconds
        baseline = str(item.get("baseline", "JSON.parse" if lang == "TypeScript" else "encoding/json map"))
        rows.append(Row(
            goal="6 TS / Go decode",
            name=f"{lang}: {item.get('name', 'typed decode')}",
            subject=fmt_rate(rate(events, seconds)) if seconds else str(item.get("subject", "")),
            baseline=f"{baseline} {fmt_rate(rate(events, base_seconds))}" if base_seconds else baseline,
            ratio=float(ratio) if ratio is not None else None,
            target=str(item.get("goal", "reported")),
            met=item.get("met"),
            note=str(item.get("note", "")),
            data=item,
        ))
    return rows


def run(corpora: dict[int, Path]) -> list[Row]:
    paths = [str(p) for _, p in sorted(corpora.items())]
    rows: list[Row] = []
    for lang, argv in _commands(paths).items():
        baseline = "JSON.parse" if lang == "TypeScript" else "encoding/json into map[string]any"
        if argv is None:
            present = _present(lang)
            why = (f"found {', '.join(present)} but no runnable entry point (see bench/bench_langs.py)"
                   if present else "not yet available (no bench/" + ("ts" if lang == "TypeScript" else "go")
                   + "_decode*)")
            rows.append(Row("6 TS / Go decode", f"{lang} typed decode", "n/a", baseline, None,
                            f"vs {baseline}", None, why))
            continue
        proc = subprocess.run(argv, cwd=ROOT, capture_output=True, env=bench_env(), timeout=1800, check=False)
        got = _rows_from(lang, proc.stdout.decode(errors="replace")) if proc.returncode == 0 else []
        if not got:
            detail = proc.stderr.decode(errors="replace").strip().splitlines()[-1:] or ["no JSON output"]
            why = f"`{' '.join(argv[:3])}` exit {proc.returncode}: {detail[0]}"
            rows.append(Row("6 TS / Go decode", f"{lang} typed decode", "failed", baseline, None,
                            f"vs {baseline}", False, why))
        rows += got
    return rows
