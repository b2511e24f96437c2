"""Runs every benchmark and writes the results table.

    python bench/run.py                 # full run (~200k-event corpora, 64 MiB line, 1 GiB stream)
    python bench/run.py --quick         # smaller corpora and streams, fewer repeats
    python bench/run.py --only 1,4      # some goals only (1 decode, 2 stream, 3 memory, 4 writer,
                                        # 5 start-up, 6 TS/Go, 7 generator, 8 tracing, 9 sandbox, 10 batch,
                                        # 11 plugins, 12 plugin glue, 13 layer)

Corpora and results go to bench/out/ (gitignored): results.json, results.md. A full run (not
--quick/--smoke, all goals) also rewrites the table in bench/README.md; --readme forces it,
--no-readme prevents it. Every number is a ratio against a baseline measured in the same run.
Not part of the test suite (tests/test_bench_smoke.py only checks that this runs).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import BENCH_DIR, Row, Settings, load_average

START = "<!-- results:start -->"
END = "<!-- results:end -->"
GOALS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13")


def _corpora(settings: Settings) -> dict[int, Path]:
    import corpus

    return {
        version: corpus.write_corpus(settings.out / f"session_v{version}_{settings.events}.jsonl", version,
                                     settings.events, seed=settings.seed)
        for version in (1, 2)
    }


def _run_goal(goal: str, settings: Settings, corpora: dict[int, Path]) -> list[Row]:
    if goal == "1":
        import bench_decode

        return bench_decode.run(settings, corpora)
    if goal == "2":
        import bench_stream

        return bench_stream.run(settings, corpora)
    if goal == "3":
        import bench_memory

        return bench_memory.run(settings)
    if goal == "4":
        import bench_writer

        return bench_writer.run(settings, corpora)
    if goal == "5":
        import bench_startup

        return bench_startup.run(settings)
    if goal == "6":
        import bench_langs

        return bench_langs.run(settings)
    if goal == "7":
        import bench_generate

        return bench_generate.run(settings)
    if goal == "8":
        import bench_tracing

        return bench_tracing.run(settings, corpora)
    if goal == "9":
        import bench_sandbox

        return bench_sandbox.run(settings)
    if goal == "11":
        import bench_plugins

        return bench_plugins.run(settings)
    if goal == "12":
        import bench_plugin_glue

        return bench_plugin_glue.run(settings)
    if goal == "13":
        import bench_layer

        return bench_layer.run(settings)
    import bench_batch

    return bench_batch.run(settings)


def _met(row: Row) -> str:
    return {True: "yes", False: "**no**", None: "-"}[row.met]


def table(rows: list[Row], header: str) -> str:
    lines = [header, "", "| goal | measurement | subject | baseline (same run) | ratio | target | met |",
             "|---|---|---|---|---|---|---|"]
    for row in rows:
        ratio = "-" if row.ratio is None else f"{row.ratio:.2f}x"
        lines.append(f"| {row.goal} | {row.name} | {row.subject} | {row.baseline} | {ratio} | {row.target} "
                     f"| {_met(row)} |")
    notes = [f"- {row.goal}, {row.name}: {row.note}" for row in rows if row.note]
    return "\n".join([*lines, "", "Notes:", "", *notes, ""])


def write_readme(text: str) -> None:
    readme = BENCH_DIR / "README.md"
    current = readme.read_text()
    if START not in current or END not in current:
        raise SystemExit(f"{readme} has no {START} ... {END} block")
    before, rest = current.split(START, 1)
    _, after = rest.split(END, 1)
    readme.write_text(f"{before}{START}\n{text}\n{END}{after}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="smaller corpora and streams, fewer repeats")
    size.add_argument("--smoke", action="store_true", help="tiny sizes: only checks that everything runs")
    parser.add_argument("--only", default=",".join(GOALS), help="comma-separated goal numbers")
    parser.add_argument("--out", type=Path, default=BENCH_DIR / "out", help="corpora and results")
    readme = parser.add_mutually_exclusive_group()
    readme.add_argument("--readme", action="store_true", help="rewrite the README table")
    readme.add_argument("--no-readme", action="store_true", help="never touch the README")
    args = parser.parse_args(argv)
    mode = "smoke" if args.smoke else "quick" if args.quick else "full"
    goals = [g.strip() for g in args.only.split(",") if g.strip()]
    unknown = sorted(set(goals) - set(GOALS))
    if unknown:
        parser.error(f"unknown goal(s) {unknown}; choose from {','.join(GOALS)}")
    settings = Settings.for_mode(mode, args.out.resolve())
    settings.out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    load_before = load_average()
    corpora = _corpora(settings) if set(goals) & {"1", "2", "4", "8"} else {}
    rows: list[Row] = []
    for goal in goals:
        t0 = time.perf_counter()
        got = _run_goal(goal, settings, corpora)
        rows += got
        for row in got:
            ratio = "-" if row.ratio is None else f"{row.ratio:.2f}x"
            print(f"[{goal}] {row.name}: {row.subject} vs {row.baseline} -> {ratio} "
                  f"(target {row.target}, met: {row.met})", flush=True)
        print(f"[{goal}] done in {time.perf_counter() - t0:.1f}s", flush=True)
    header = (f"Mode `{mode}`, {time.strftime('%Y-%m-%d %H:%M')}, Python {platform.python_version()}, "
              f"{platform.machine()}, load average {load_before} at start, {load_average()} at end; "
              f"corpora: {settings.events} events per version; "
              f"{settings.repeat} interleaved rounds, medians.")
    previous = settings.out / "results.json"
    if goals != list(GOALS) and previous.exists():
        # A partial run replaces its goals' rows in the last results of the same mode.
        last = json.loads(previous.read_text())
        if last.get("mode") == mode:
            kept = [Row(**row) for row in last["rows"] if row["goal"].split()[0] not in goals]
            rows = sorted(kept + rows, key=lambda row: int(row.goal.split()[0]))
            header = f"{last['header']} Goal(s) {','.join(goals)} re-run {time.strftime('%H:%M')}."
    text = table(rows, header)
    (settings.out / "results.md").write_text(text)
    (settings.out / "results.json").write_text(json.dumps(
        {"mode": mode, "header": header, "rows": [row.to_json() for row in rows]}, indent=1, default=str))
    if args.readme or (mode == "full" and not args.no_readme and goals == list(GOALS)):
        write_readme(text)
    print(text)
    print(f"total {time.perf_counter() - started:.0f}s; results in {settings.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
