"""The session store a scenario leaves behind, captured and compared like the harness's aspects.

The differential harness compares what a client sees (stdout, stderr, workspace, requests). The
session store under `$XDG_DATA_HOME/zero/sessions` is also an interface: Zero resumes from it, and
other tools read it. This module runs a scenario (all its steps, in one sandbox, exactly as the
harness does), then captures every file of the store, normalised with the run's own Normalizer
(session and run ids, timestamps, the run's directories), so `metadata.json`, `events.jsonl` and
the checkpoint blobs can be compared byte for byte.

    PYTHONPATH=tests .venv/bin/python -m differential.session_log record --bin ZERO --version 2 NAME...
    PYTHONPATH=tests .venv/bin/python -m differential.session_log score [--version N] [NAME...]

Recorded stores live in `conformance/sessions/v<N>/<scenario>.json`;
`tests/test_engine_session_logs.py` replays them against zero-engine.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from differential.harness import (
    REPO_ROOT,
    Normalizer,
    RealZero,
    RunDirs,
    Scenario,
    ScenarioError,
    load_scenarios,
    run_scenario,
)
from differential.provenance import probe_zero, real_zero

SESSION_GOLDEN_DIR = REPO_ROOT / "conformance" / "sessions"
STORE = Path(".local") / "share" / "zero" / "sessions"  # under the scenario's HOME (XDG_DATA_HOME)
RECORDED_FROM = {
    2: "Zero 0.8.0, commit ad34dc8d (schemaVersion 2)",
    1: "Zero, commit 03784268, the last schemaVersion 1 commit",
}


def capture_store(
    scenario: Scenario, command: str, version: int, zero: RealZero | None = None
) -> dict[str, Any]:
    """Run every step of `scenario` (as the harness does), then read the session store:
    {normalised path: content}, text files as lists of lines, other files as their size."""
    files: dict[str, Any] = {}

    def read_store(dirs: RunDirs, normalizer: Normalizer) -> None:
        root = dirs.path("HOME") / STORE
        for path in sorted(root.rglob("*")) if root.is_dir() else []:
            if path.is_dir():
                continue
            name = normalizer.text(str(path.relative_to(root)))
            data = path.read_bytes()
            try:
                text = data.decode()
            except UnicodeDecodeError:
                files[name] = {"bytes": len(data)}
                continue
            files[name] = normalizer.text(text).splitlines(keepends=True)

    run_scenario(scenario, command, version, zero, inspect=read_store)
    return dict(sorted(files.items()))


def golden_path(version: int, name: str) -> Path:
    return SESSION_GOLDEN_DIR / f"v{version}" / f"{name}.json"


def load_golden(version: int, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(golden_path(version, name).read_text())
    return data


def golden_names(version: int) -> list[str]:
    directory = SESSION_GOLDEN_DIR / f"v{version}"
    return sorted(path.stem for path in directory.glob("*.json")) if directory.is_dir() else []


def diff(expected: dict[str, Any], actual: dict[str, Any]) -> str:
    """A unified diff of two captured stores ("" when they are equal)."""
    if expected == actual:
        return ""

    def lines(store: dict[str, Any]) -> list[str]:
        out = []
        for name, content in store.items():
            out.append(f"=== {name}")
            out += (
                [line.rstrip("\n") for line in content]
                if isinstance(content, list)
                else [json.dumps(content)]
            )
        return out

    return "\n".join(difflib.unified_diff(lines(expected), lines(actual), "zero", "engine", lineterm=""))


def _record(args: argparse.Namespace) -> int:
    probe_zero(args.bin)  # refuses zero-engine however it is invoked, as the goldens' recorder does
    zero = real_zero(args.bin)
    for scenario in load_scenarios(args.scenario, args.version):
        store = capture_store(scenario, args.bin, args.version, zero)
        if not store:
            raise ScenarioError(f"{scenario.name}: the run left no session store")
        path = golden_path(args.version, scenario.name)
        path.parent.mkdir(parents=True, exist_ok=True)
        document = {
            "scenario": scenario.name,
            "schemaVersion": args.version,
            "recorded_from": RECORDED_FROM[args.version],
            "files": store,
        }
        path.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n")
        print(f"recorded session store v{args.version}/{scenario.name} ({len(store)} files)")
    return 0


def _score(args: argparse.Namespace) -> int:
    failures = 0
    for version in [args.version] if args.version else [1, 2]:
        names = (
            [n for n in args.scenario if n in golden_names(version)]
            if args.scenario
            else golden_names(version)
        )
        for scenario in load_scenarios(names, version) if names else []:
            difference = diff(
                load_golden(version, scenario.name)["files"], capture_store(scenario, args.bin, version)
            )
            print(f"v{version} {scenario.name}: {'match' if not difference else 'differs'}")
            if difference:
                failures += 1
                print(difference)
    return 1 if failures else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="session_log", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    record = sub.add_parser("record", help="capture the session store a real zero leaves")
    record.add_argument("--bin", required=True)
    record.add_argument("--version", type=int, choices=(1, 2), required=True)
    record.set_defaults(run=_record)
    score = sub.add_parser("score", help="compare zero-engine's session stores with the recorded ones")
    score.add_argument("--bin", default="zero-engine")
    score.add_argument("--version", type=int, choices=(1, 2))
    score.set_defaults(run=_score)
    for each in (record, score):
        each.add_argument("scenario", nargs="*")
    args = parser.parse_args(argv)
    try:
        result: int = args.run(args)
    except ScenarioError as error:
        print(f"session_log: {error}", file=sys.stderr)
        return 2
    return result


if __name__ == "__main__":
    raise SystemExit(main())
