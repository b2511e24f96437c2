"""The differential harness (tests/differential, scripts/difftest): normalisation, masking,
workspace effects, scenario loading, comparison and the known-differences rule."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from differential.compare import compare, render
from differential.harness import (
    REPO_ROOT,
    Normalizer,
    RunDirs,
    ScenarioError,
    StepResult,
    effects,
    load_scenario,
    load_scenarios,
    run_scenario,
)
from differential.masking import MODEL_MASK, mask_output, mask_request, model_prose_problems


@pytest.fixture
def dirs() -> Any:
    made = RunDirs.create()
    yield made
    made.close()


def step(stdout: str = "", exit_code: int = 0, **extra: Any) -> StepResult:
    return StepResult(
        exit_code=exit_code,
        stdout=stdout,
        stderr=extra.get("stderr", ""),
        workspace={},
        requests=[],
        seconds=0.0,
    )


def test_only_run_specific_values_are_normalised(dirs: RunDirs) -> None:
    normalizer = Normalizer(dirs)
    workspace = dirs.path("WORKSPACE")
    text = (
        f'{{"runId":"run_20261130211427_e6bd46","sessionId":"zero_20261130211427_1796073267116999845_1",'
        f'"cwd":"{workspace}","at":"2026-11-30T21:14:27.123Z","url":"http://127.0.0.1:41234/v1"}}\n'
        f"again run_20261130211427_e6bd46, another run_20261130211428_aaaaaa, zero_20261130211427_1_2\n"
        f"Wall time: 0.0123 seconds; {dirs.path('TMPDIR')}/zero-tool-output-1001/bash-3312329107.txt"
        f" {dirs.path('TMPDIR')}/zero-tool-output-0/exec_command-82137551.txt; keep 12345 and sess-one"
        " worktrees/zero-worktree-ws-9c942f147e/wt1"
    )
    assert normalizer.text(text) == (
        '{"runId":"<RUN_ID_1>","sessionId":"<SESSION_ID_1>","cwd":"<WORKSPACE>","at":"<TIMESTAMP>",'
        '"url":"http://127.0.0.1:<PORT>/v1"}\n'
        "again <RUN_ID_1>, another <RUN_ID_2>, <SESSION_ID_2>\n"
        "Wall time: <DURATION> seconds; <TMPDIR>/zero-tool-output-<UID>/bash-<SPILL_ID>.txt"
        " <TMPDIR>/zero-tool-output-<UID>/exec_command-<SPILL_ID_SHORT>.txt; keep 12345 and sess-one"
        " worktrees/zero-worktree-ws-<PATH_DIGEST>/wt1"
    )


def test_session_summary_words_are_sorted_because_zero_joins_a_map() -> None:
    normalizer = Normalizer(RunDirs(Path("/nonexistent-root"), Path("/nonexistent-tmp")))
    one = (
        "Previous session context:\n- #1 message: remember 42 user\n- #3 message: Noted. assistant\n\nCurrent"
    )
    two = (
        "Previous session context:\n- #1 message: user remember 42\n- #3 message: assistant Noted.\n\nCurrent"
    )
    assert normalizer.text(one) == normalizer.text(two)
    assert normalizer.text("- #1 message: b a") == "- #1 message: b a"  # only inside that block


def test_model_only_text_is_masked_and_the_rest_kept() -> None:
    body: dict[str, Any] = {
        "model": "m",
        "max_completion_tokens": 10,
        "messages": [
            {"role": "system", "content": "secret sauce"},
            {"role": "user", "content": "the prompt"},
            {"role": "assistant", "content": "", "tool_calls": [{"id": "c"}]},
            {"role": "tool", "content": "tool output", "tool_call_id": "c"},
            {"role": "user", "content": "a nudge"},
        ],
        "tools": [
            {
                "type": "function",
                "function": {
                    "name": "t",
                    "description": "words",
                    "parameters": {
                        "type": "object",
                        "properties": {
                            "description": {"type": "string", "description": "more words", "default": "x"}
                        },
                    },
                },
            }
        ],
    }
    masked = mask_request(body)
    assert [m["content"] for m in masked["messages"]] == [
        MODEL_MASK,
        "the prompt",
        "",
        "tool output",
        MODEL_MASK,
    ]
    function = masked["tools"][0]["function"]
    assert function["description"] == MODEL_MASK
    assert function["parameters"]["properties"]["description"] == {
        "type": "string",
        "description": MODEL_MASK,
        "default": "x",
    }
    assert masked["max_completion_tokens"] == 10
    assert body["messages"][0]["content"] == "secret sauce"  # the input is not modified


def test_a_tool_search_result_loading_a_built_in_tool_has_its_sizes_masked() -> None:
    """Its byte and token counts measure descriptions each implementation words itself; those
    of a result that loaded only MCP tools (their server's words) are compared."""
    meta = (
        '"meta":{"emitted_bytes":"99","estimated_tokens":"25","load_tools":"%s",'
        '"output_budget_category":"default"}'
    )
    line = '{"id":"c",%s,"name":"tool_search","output":"x","type":"tool_result"}\n'
    built_in = mask_output(line % (meta % "bash,mcp_calc_add"))
    assert '"emitted_bytes":"\\u003cmodel-only text\\u003e"' in built_in
    assert '"estimated_tokens":"\\u003cmodel-only text\\u003e"' in built_in
    assert '"output_budget_category":"default"' in built_in
    only_mcp = line % (meta % "mcp_calc_add")
    assert mask_output(only_mcp) == only_mcp


def test_a_text_mode_tool_search_summary_is_masked_from_the_first_built_in_description() -> None:
    """On stderr in text mode the result is one line cut at a byte limit, so everything after a
    built-in tool's `## <name> ` depends on its wording; MCP entries before it and every other
    line are compared."""
    head = "[result] Loaded 2 tools. Full schemas follow; call them on the next turn."
    mcp = "## mcp_calc_add Add two numbers. input schema: {}"
    line = f"{head} {mcp} ## browser_snapshot Our words. input..."
    masked = mask_output(f"[tool] tool_search\n{line}\n[result] ## bash stays\n")
    assert masked == (
        f"[tool] tool_search\n{head} {mcp} ## browser_snapshot {MODEL_MASK}\n[result] ## bash stays\n"
    )
    only_mcp = f"{head} {mcp}\n"
    assert mask_output(only_mcp) == only_mcp
    golden = {"steps": [{"stderr": [line + "\n"]}, {"stderr": [masked]}]}
    assert model_prose_problems(golden, {}) == [
        "step 1 stderr: tool_search summary of 'browser_snapshot' is not masked"
    ]


def test_workspace_effects_are_created_changed_and_deleted() -> None:
    before = {"a.txt": "1", "b.txt": "2", "c.txt": "3"}
    after = {"a.txt": "1", "b.txt": "two", "d.txt": "4"}
    assert effects(before, after) == {
        "created": {"d.txt": "4"},
        "changed": {"b.txt": "two"},
        "deleted": ["c.txt"],
    }
    assert effects(before, before) == {}


def write_scenario(tmp_path: Path, **doc: Any) -> Path:
    path = tmp_path / f"{doc['name']}.json"
    path.write_text(json.dumps(doc))
    return path


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (
            {"name": "other", "description": "d", "argv": []},
            "field 'name' must be the file name without .json",
        ),
        ({"name": "s", "description": "d", "argv": [], "bogus": 1}, "s.json: unknown field 'bogus'"),
        ({"name": "s", "description": "d", "argv": "exec"}, "s.json: field 'argv' must be a list of strings"),
        (
            {"name": "s", "description": "", "argv": []},
            "s.json: field 'description' must be a non-empty string",
        ),
        (
            {"name": "s", "description": "d", "argv": [], "versions": [3]},
            "field 'versions' must be a non-empty list",
        ),
        (
            {"name": "s", "description": "d", "argv": [], "model": {"replies": [{"usage": 1}]}},
            "s.json: field 'model': reply 0: field 'usage' must be [prompt_tokens, completion_tokens]",
        ),
        (
            {"name": "s", "description": "d", "argv": [], "steps": [{"argv": [], "name": "x"}]},
            "s.json: steps[0]: unknown field 'name'",
        ),
        (
            {"name": "s", "description": "d", "argv": [], "interrupt": {"signal": "SIGKILL", "after": "x"}},
            "s.json: field 'interrupt.signal' must be one of ['SIGINT', 'SIGTERM']",
        ),
        (
            {"name": "s", "description": "d", "argv": [], "interrupt": {"signal": "SIGINT", "after": ""}},
            "s.json: field 'interrupt.after' must be a non-empty string",
        ),
        (
            {
                "name": "s",
                "description": "d",
                "argv": [],
                "interrupt": {"signal": "SIGINT", "after": "x", "at": 0},
            },
            "s.json: field 'interrupt' must be an object of ['after', 'delay', 'signal']",
        ),
    ],
)
def test_a_bad_scenario_names_the_file_and_the_field(
    tmp_path: Path, doc: dict[str, Any], message: str
) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert message in str(caught.value)


def test_every_scenario_in_the_repository_loads_and_has_a_golden_per_version() -> None:
    scenarios = load_scenarios()
    assert len(scenarios) >= 100
    for scenario in scenarios:
        for version in scenario.versions:
            assert (
                REPO_ROOT / "conformance" / "goldens" / f"v{version}" / f"{scenario.name}.json"
            ).exists(), f"no v{version} golden: scripts/difftest record --version {version} {scenario.name}"


def test_comparison_aspects_and_descriptions() -> None:
    golden = [step('{"type":"run_start","a":1}\n{"type":"final","text":"x"}\n')]
    same = [step('{"type":"run_start","a":1}\n{"type":"final","text":"x"}\n')]
    other = [step('{"type":"run_start","a":2}\n{"type":"final","text":"x"}\n', exit_code=3)]
    assert compare("s", golden, same).matches
    comparison = compare("s", golden, other)
    assert comparison.differing == ["exit", "stdout"]
    assert comparison.equal["events"]  # same type sequence
    assert '-{"type":"run_start","a":1}' in render(comparison)


def test_a_scenario_runs_against_real_processes_and_captures_everything(tmp_path: Path) -> None:
    path = write_scenario(
        tmp_path,
        name="write_and_read",
        description="The engine writes a file in unsafe mode.",
        argv=["exec", "-o", "stream-json", "--skip-permissions-unsafe", "write it"],
        files={"old.txt": "old\n", "@OUTSIDE@/x.txt": "outside\n"},
        model={
            "replies": [
                {
                    "tool_calls": [
                        {"name": "write_file", "arguments": {"path": "new.txt", "content": "fresh\n"}}
                    ]
                },
                {"text": "Done.", "usage": [5, 1]},
            ]
        },
    )
    scenario = load_scenario(path)
    first = run_scenario(scenario, "zero-engine", 2)
    second = run_scenario(scenario, "zero-engine", 2)
    assert compare(scenario.name, first, second).matches  # nothing run-specific survives
    [result] = first
    assert result.exit_code == 0
    assert result.workspace == {"created": {"new.txt": "fresh\n"}}
    assert result.event_types[0] == "run_start" and result.event_types[-1] == "run_end"
    assert '"runId":"<RUN_ID_1>"' in result.stdout
    assert '"cwd":"<WORKSPACE>"' in result.stdout
    assert len(result.requests) == 2
    assert result.requests[0]["body"]["messages"][0]["content"] == MODEL_MASK
    assert result.requests[1]["body"]["messages"][-1]["role"] == "tool"


def test_a_v1_command_s_mount_points_do_not_stop_a_running_mcp_server(tmp_path: Path) -> None:
    """At v1 a sandboxed command leaves the empty `.git`, `.zero` and `.agents` mount points in the
    workspace, as the v1-era Zero did; the MCP server already running (in Zero 0.8.0's plan, which
    watches `.zero` and `.agents`) lets the engine's own mount points be and answers the next call.
    What Zero v1 gave (scripts/difftest fuzz --family extensions --seed 4721 --only 27, reduced):
    the server's error, nothing on stderr, the three directories."""
    path = write_scenario(
        tmp_path,
        name="v1_mount_points_and_mcp",
        description="A shell command, then a call to an MCP server started before it.",
        versions=[1],
        argv=["exec", "-o", "json", "--skip-permissions-unsafe", "x"],
        files={"a.txt": "hello\n"},
        user_config={
            "mcp": {
                "servers": {
                    "calc": {"command": "@PYTHON@", "args": ["@REPO@/conformance/mcp/calc_server.py"]}
                }
            }
        },
        model={
            "replies": [
                {"tool_calls": [{"name": "bash", "arguments": {"command": "true"}}]},
                {"tool_calls": [{"name": "mcp_calc_fail", "arguments": {"reason": "x"}}]},
                {"text": "Done.", "usage": [5, 1]},
            ]
        },
    )
    [result] = run_scenario(load_scenario(path), "zero-engine", 1)
    assert result.exit_code == 0 and result.stderr == "", result.stderr
    assert '"output":"Error executing tool fail: calc failed: x"' in result.stdout, result.stdout
    assert result.workspace == {"created": {name: {"dir": True} for name in (".agents/", ".git/", ".zero/")}}


def test_list_tools_comes_before_the_configuration_at_v1_only(tmp_path: Path) -> None:
    """The v1-era Zero listed the tools before it resolved the configuration and the provider;
    Zero 0.8.0 resolves first (scripts/difftest fuzz --family extensions --seed 4725 --only 26)."""
    path = write_scenario(
        tmp_path,
        name="list_tools_bad_config",
        description="--list-tools with a negative tools.deferThreshold and an unusable provider.",
        versions=[1, 2],
        argv=["exec", "-o", "stream-json", "--list-tools", "x"],
        user_config={
            "tools": {"deferThreshold": -1},
            "providers": [{"name": "p", "kind": "openai", "baseURL": "http://127.0.0.1:1/v1"}],
            "activeProvider": "p",
        },
    )
    scenario = load_scenario(path)
    [v1] = run_scenario(scenario, "zero-engine", 1)
    assert (v1.exit_code, v1.event_types) == (0, ["run_start", "final", "run_end"]), v1.stdout
    assert "Tools visible to model:" in v1.stdout
    [v2] = run_scenario(scenario, "zero-engine", 2)
    assert (v2.exit_code, v2.event_types) == (3, ["error", "run_end"]), v2.stdout
    assert '"code":"provider_error"' in v2.stdout


def test_the_difftest_script_reports_a_usage_error_for_an_unknown_scenario() -> None:
    for command in (["score", "--version", "2"], ["compare", "--a", "zero-engine", "--b", "zero-engine"]):
        result = subprocess.run(
            [str(REPO_ROOT / "scripts" / "difftest"), *command, "nope_x"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert (result.returncode, result.stderr) == (2, "difftest: no such scenario: nope_x\n")
    result = subprocess.run(
        [
            str(REPO_ROOT / "scripts" / "difftest"),
            "record",
            "--bin",
            "zero-engine",
            "--version",
            "2",
            "format_text",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("difftest: --bin 'zero-engine' runs ")
    assert "zero-engine's console script: goldens are recorded from a real Zero binary" in result.stderr
