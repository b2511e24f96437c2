"""scripts/difftest: record goldens from a real `zero`, compare two implementations, score one.

    scripts/difftest record --bin /path/to/zero --version 2 [SCENARIO...]
    scripts/difftest compare --a zero-engine --b /path/to/zero [--version 2] [--show NAME] [SCENARIO...]
    scripts/difftest score [--bin zero-engine] [--version N] [--show NAME] [SCENARIO...]

Scenarios run in parallel threads (`-j`, default 2: each one is a separate process).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from differential.compare import Comparison, compare, describe, render, table, totals
from differential.harness import (
    GOLDEN_DIR,
    KNOWN_DIFFERENCES,
    SHORT_SPILL_ID,
    Scenario,
    ScenarioError,
    StepResult,
    load_scenarios,
    run_scenario,
)

VERSIONS = (1, 2)
RECORDED_FROM = {
    2: "Zero 0.8.0, commit ad34dc8d (schemaVersion 2)",
    1: "Zero, commit 03784268, the last schemaVersion 1 commit",
}
T = TypeVar("T")
R = TypeVar("R")


def parallel(items: Sequence[T], work: Callable[[T], R], jobs: int) -> list[R]:
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return list(pool.map(work, items))


def golden_path(version: int, name: str) -> Path:
    return GOLDEN_DIR / f"v{version}" / f"{name}.json"


def load_golden(version: int, name: str) -> list[StepResult] | None:
    path = golden_path(version, name)
    if not path.exists():
        return None
    data = json.loads(path.read_text())
    return [StepResult.from_json(step) for step in data["steps"]]


def golden_names(version: int) -> list[str]:
    return sorted(path.stem for path in (GOLDEN_DIR / f"v{version}").glob("*.json"))


def load_known_differences() -> dict[str, dict[str, str]]:
    """{"v1": {scenario: reason}, "v2": {...}}: goldens zero-engine is known not to match."""
    if not KNOWN_DIFFERENCES.exists():
        return {}
    data: dict[str, dict[str, str]] = json.loads(KNOWN_DIFFERENCES.read_text())
    return data


def score(command: str, version: int, names: Sequence[str] = (), jobs: int = 2) -> list[Comparison]:
    """Run each golden's scenario against `command` and compare with the golden."""
    wanted = list(names) or golden_names(version)
    scenarios = {s.name: s for s in load_scenarios(wanted, version)}
    missing = [name for name in wanted if name not in scenarios]
    if missing:
        raise ScenarioError(f"v{version}: goldens without a scenario for this version: {', '.join(missing)}")

    def one(name: str) -> Comparison:
        golden = load_golden(version, name)
        if golden is None:
            raise ScenarioError(f"no golden for {name} at v{version}: record it first")
        return compare(name, golden, run_scenario(scenarios[name], command, version))

    return parallel(wanted, one, jobs)


def _record(args: argparse.Namespace) -> int:
    scenarios = load_scenarios(args.scenario, args.version)
    source = args.source or RECORDED_FROM[args.version]
    started = time.monotonic()

    def one(scenario: Scenario) -> tuple[str, float]:
        steps = run_scenario(scenario, args.bin, args.version)
        for _ in range(5):  # a short random spill-file id changes byte counts: take a 10-digit one
            if not any(SHORT_SPILL_ID in step.stdout + json.dumps(step.requests) for step in steps):
                break
            steps = run_scenario(scenario, args.bin, args.version)
        path = golden_path(args.version, scenario.name)
        path.parent.mkdir(parents=True, exist_ok=True)
        document: dict[str, Any] = {
            "scenario": scenario.name,
            "schemaVersion": args.version,
            "recorded_from": source,
            "steps": [step.to_json() for step in steps],
        }
        path.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n")
        return scenario.name, sum(step.seconds for step in steps)

    for name, seconds in parallel(scenarios, one, args.jobs):
        print(f"recorded v{args.version}/{name} ({seconds:.1f}s)")
    print(f"{len(scenarios)} goldens in {time.monotonic() - started:.1f}s")
    return 0


def _report(comparisons: Sequence[Comparison], show: str | None, labels: tuple[str, str]) -> None:
    print(table(comparisons))
    if show:
        chosen = [c for c in comparisons if c.name == show]
        if not chosen:
            print(f"--show {show}: not among the scenarios run", file=sys.stderr)
        for c in chosen:
            print()
            print(render(c, *labels))


def _score(args: argparse.Namespace) -> int:
    versions = [args.version] if args.version else list(VERSIONS)
    known = load_known_differences()
    started = time.monotonic()
    everything_matches = True
    for version in versions:
        names = [n for n in args.scenario if n in golden_names(version)] if args.scenario else []
        if args.scenario and not names:
            continue
        comparisons = score(args.bin, version, names, args.jobs)
        print(f"\n# v{version}: {args.bin} against the goldens ({RECORDED_FROM[version]})")
        _report(comparisons, args.show, ("golden", args.bin))
        listed = known.get(f"v{version}", {})
        unlisted = [c.name for c in comparisons if not c.matches and c.name not in listed]
        stale = [c.name for c in comparisons if c.matches and c.name in listed]
        if unlisted:
            print(f"differ, not in known-differences.json: {', '.join(unlisted)}")
        if stale:
            print(f"match, but listed in known-differences.json: {', '.join(stale)}")
        everything_matches &= all(c.matches for c in comparisons)
    print(f"\n{time.monotonic() - started:.1f}s")
    return 0 if everything_matches else 1


def _compare(args: argparse.Namespace) -> int:
    versions = [args.version] if args.version else list(VERSIONS)
    everything_matches = True
    for version in versions:
        scenarios = load_scenarios(args.scenario, version)

        def one(scenario: Scenario, version: int = version) -> Comparison:
            a = run_scenario(scenario, args.a, version)
            b = run_scenario(scenario, args.b, version)
            return compare(scenario.name, a, b)

        comparisons = parallel(scenarios, one, args.jobs)
        print(f"\n# v{version}: {args.a} (a) against {args.b} (b)")
        _report(comparisons, args.show, (args.a, args.b))
        everything_matches &= all(c.matches for c in comparisons)
    return 0 if everything_matches else 1


def _update_known(args: argparse.Namespace) -> int:
    """Rewrite known-differences.json from a score: every mismatch with where it first differs
    (or, with --keep-reasons, the reason already written for it); matches are dropped."""
    known = load_known_differences()
    for version in [args.version] if args.version else list(VERSIONS):
        comparisons = score(args.bin, version, (), args.jobs)
        old = known.get(f"v{version}", {})
        known[f"v{version}"] = {
            c.name: old[c.name] if args.keep_reasons and c.name in old else describe(c)
            for c in comparisons
            if not c.matches
        }
        print(totals(comparisons))
    KNOWN_DIFFERENCES.write_text(json.dumps(known, indent=1, sort_keys=True) + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="difftest", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    record = sub.add_parser("record", help="run scenarios against a real zero and write goldens")
    record.add_argument("--bin", required=True, help="command that runs zero, e.g. /tmp/zero-real/zero")
    record.add_argument("--version", type=int, choices=VERSIONS, required=True)
    record.add_argument("--source", help="what the goldens were recorded from (default: per version)")
    record.set_defaults(run=_record)
    cmp = sub.add_parser("compare", help="run scenarios against two implementations and diff them")
    cmp.add_argument("--a", required=True)
    cmp.add_argument("--b", required=True)
    cmp.add_argument("--version", type=int, choices=VERSIONS)
    cmp.add_argument("--show", help="print the differences of this scenario")
    cmp.set_defaults(run=_compare)
    sc = sub.add_parser("score", help="replay the goldens against an implementation (default zero-engine)")
    sc.add_argument("--bin", default="zero-engine")
    sc.add_argument("--version", type=int, choices=VERSIONS)
    sc.add_argument("--show", help="print the differences of this scenario")
    sc.set_defaults(run=_score)
    known = sub.add_parser("known", help="rewrite known-differences.json from a score (keeps reasons)")
    known.add_argument("--bin", default="zero-engine")
    known.add_argument("--version", type=int, choices=VERSIONS)
    known.add_argument(
        "--keep-reasons", action="store_true", help="keep the reason of entries that still differ"
    )
    known.set_defaults(run=_update_known)
    for each in (record, cmp, sc, known):
        each.add_argument("-j", "--jobs", type=int, default=2, help="scenarios run at once (default 2)")
        if each is not known:
            each.add_argument("scenario", nargs="*", help="scenario names (default: all)")
    args = parser.parse_args(argv)
    try:
        result: int = args.run(args)
    except ScenarioError as error:
        print(f"difftest: {error}", file=sys.stderr)
        return 2
    return result


if __name__ == "__main__":
    raise SystemExit(main())
