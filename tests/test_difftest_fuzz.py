"""scripts/difftest fuzz (tests/differential/fuzz.py) without a real Zero: what it draws, how it
clusters and shrinks. The runs against real Zero are the tool's own job (docs/engine.md "Random
differential testing"); here one drawn scenario runs against zero-engine twice, in real processes,
to show that what the fuzzer draws is an ordinary, replayable scenario."""

from __future__ import annotations

import json
from typing import Any

from differential import fuzz, fuzz_extensions
from differential.compare import compare
from differential.harness import StepResult, run_settled

SEEDS = range(3)
COUNT = 120


def _tool_calls(scenario: dict[str, Any]) -> list[dict[str, Any]]:
    models = [scenario["model"], *(step["model"] for step in scenario.get("steps", []))]
    return [call for model in models for reply in model["replies"] for call in reply.get("tool_calls", [])]


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return []


def test_draws_are_seeded_loadable_and_safe() -> None:
    """Same (seed, version, index), same scenario; every one loads as a harness scenario; every
    shell command is one of COMMANDS and every path argument one of PATHS (the safety contract)."""
    problems: list[str] = []
    kinds: set[str] = set()
    for seed in SEEDS:
        for version in (1, 2):
            for index in range(COUNT):
                scenario = fuzz.generate(seed, version, index)
                where = scenario["name"]
                if scenario != fuzz.generate(seed, version, index):
                    problems.append(f"{where}: not reproducible")
                fuzz.as_scenario(scenario)  # raises ScenarioError when the harness cannot run it
                if scenario.get("sandbox", True) is not True:
                    problems.append(f"{where}: runs without the sandbox")
                for call in _tool_calls(scenario):
                    arguments = call["arguments"]
                    kinds.add(call["name"] if isinstance(arguments, dict) else "broken")
                    if not isinstance(arguments, dict):
                        if arguments not in fuzz.BROKEN_ARGUMENTS:
                            problems.append(f"{where}: arguments {arguments!r} not from BROKEN_ARGUMENTS")
                        continue
                    for key in ("cmd", "command"):
                        if isinstance(arguments.get(key), str) and arguments[key] not in fuzz.COMMANDS:
                            problems.append(f"{where}: command {arguments[key]!r} not from COMMANDS")
                    for key in ("path", "workdir"):
                        value = arguments.get(key)
                        allowed = (*fuzz.PATHS, "src", ".", "missing", "@OUTSIDE@", "dot.png", "missing.png")
                        if isinstance(value, str) and value not in allowed:
                            problems.append(f"{where}: {key} {value!r} not from PATHS")
                for text in _strings(scenario["argv"]):
                    if text.startswith("/") or ".." in text.replace("../outside", ""):
                        problems.append(f"{where}: argv {text!r} leaves the run directories")
    assert not problems, "\n".join(problems[:20])
    # The draws cover the space: valid tools, unknown ones and broken argument texts.
    assert {"read_file", "exec_command", "apply_patch", "broken"} <= kinds, kinds
    assert kinds & set(fuzz.UNKNOWN_TOOLS), kinds


def _result(stdout: str, exit_code: int = 0) -> StepResult:
    return StepResult(exit_code, stdout, "", {}, [], 0.0)


def test_first_divergence_names_the_event_and_its_fields() -> None:
    golden = _result('{"type":"run_start"}\n{"type":"usage","promptTokens":9007199254740992}\n')
    engine = _result('{"type":"run_start"}\n{"type":"usage","promptTokens":9007199254740993}\n')
    assert fuzz.first_divergence(compare("x", [golden], [engine])) == "stdout: usage differs in promptTokens"
    golden = _result('{"type":"permission_decision"}\n{"type":"tool_call"}\n')
    engine = _result('{"type":"tool_call"}\n{"type":"permission_decision"}\n')
    assert fuzz.first_divergence(compare("x", [golden], [engine])).startswith("stdout: ")
    assert fuzz.first_divergence(compare("x", [_result("", 2)], [_result("", 3)])) == "exit: N | N"


def test_smaller_candidates_shrink_and_stay_runnable() -> None:
    scenario = next(
        s
        for s in (fuzz.generate(5, 2, index) for index in range(200))
        if len(s["model"]["replies"]) >= 3 and len(s["argv"]) > 5
    )
    candidates = fuzz._smaller(scenario)
    assert candidates
    size = len(json.dumps(scenario))
    for candidate in candidates:
        assert len(json.dumps(candidate)) < size
        fuzz.as_scenario(candidate)
    assert any(len(c["model"]["replies"]) < len(scenario["model"]["replies"]) for c in candidates)
    assert any(len(c["argv"]) < len(scenario["argv"]) for c in candidates)


def test_a_drawn_scenario_replays_identically_against_the_engine() -> None:
    """Two runs of a drawn scenario with tool calls against zero-engine compare equal: nothing
    run-specific is left for the fuzzer to mistake for a divergence."""
    data = next(
        s
        for s in (fuzz.generate(1, 2, index) for index in range(100))
        # stream-json output: even a run refused at its flags prints its error event on stdout.
        if _tool_calls(s)
        and "-i" not in s["argv"]
        and "steps" not in s
        and s["argv"][1:3] == ["-o", "stream-json"]
    )
    scenario = fuzz.as_scenario(data)
    first = run_settled(scenario, fuzz.ENGINE, 2)
    second = run_settled(scenario, fuzz.ENGINE, 2)
    comparison = compare(scenario.name, first, second)
    assert comparison.matches, comparison.differing
    assert first[-1].stdout.strip(), "the run printed nothing"


def test_the_extensions_family_is_seeded_loadable_and_safe() -> None:
    """fuzz_extensions: reproducible, runnable by the harness, shell commands from its COMMANDS,
    MCP servers only this repository's test servers and the pinned PyPI ones (git confined to
    the workspace), and across the draws every class it is there for."""
    problems: list[str] = []
    seen: set[str] = set()
    for seed in SEEDS:
        for version in (1, 2):
            for index in range(COUNT):
                scenario = fuzz_extensions.generate(seed, version, index)
                where = scenario["name"]
                if scenario != fuzz_extensions.generate(seed, version, index):
                    problems.append(f"{where}: not reproducible")
                fuzz.as_scenario(scenario)
                for server in fuzz_extensions.servers_of(scenario):
                    # (an `args` that is not a list is a mistyped entry Zero refuses before any start)
                    raw = server.get("args") if isinstance(server, dict) else None
                    args = " ".join(raw) if isinstance(raw, list) else ""
                    if isinstance(server, dict) and server.get("command") == "@PYTHON@" and args:
                        known = ("@REPO@/conformance/mcp/calc_server.py" in args) or args in (
                            "-m mcp_server_git --repository @WORKSPACE@",
                            "-m mcp_server_time --local-timezone UTC",
                        )
                        if not known:
                            problems.append(f"{where}: unexpected MCP server {args!r}")
                for call in _tool_calls(scenario):
                    seen.add(call["name"])
                    arguments = call["arguments"]
                    if isinstance(arguments, str):
                        seen.add("-0" if "-0" in arguments else "broken")
                        continue
                    for key in ("cmd", "command"):
                        value = arguments.get(key)
                        if isinstance(value, str) and value not in fuzz_extensions.COMMANDS:
                            problems.append(f"{where}: command {value!r} not from COMMANDS")
                    path = arguments.get("path")
                    if isinstance(path, str) and path not in fuzz_extensions.PATHS:
                        problems.append(f"{where}: path {path!r} not from PATHS")
                for key in ("user_config", "project_config"):
                    document = scenario.get(key)
                    if isinstance(document, dict) and "tools" in document:
                        seen.add("deferThreshold")
                if "help" in scenario["argv"] or "--help" in scenario["argv"]:
                    seen.add("help")
    assert not problems, "\n".join(problems[:20])
    wanted = {"mcp_calc_add", "tool_search", "browser_snapshot", "capture_artifact", "mcp_git_git_status"}
    assert wanted | {"exec_command", "apply_patch", "-0", "deferThreshold", "help"} <= seen, seen
