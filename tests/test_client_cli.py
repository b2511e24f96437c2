"""End-to-end tests of `zero-sdk run` (the client's CLI) against `zero-engine`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from client_support import ENGINE, engine_env, workspace, write_script
from zero_client import read_transcript

ZERO_SDK = str(Path(sys.executable).parent / "zero-sdk")


def zero_sdk_run(tmp_path: Path, turns: list[list[dict[str, Any]]], *args: str, version: int = 2) -> Any:
    env = {**os.environ, **engine_env(tmp_path, write_script(tmp_path, turns), version)}
    argv = [ZERO_SDK, "run", "--command", ENGINE, "--cwd", str(workspace(tmp_path)), *args]
    return subprocess.run(argv, env=env, capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.parametrize("version", [1, 2])
def test_run_shows_text_tools_usage_and_status(tmp_path: Path, version: int) -> None:
    (workspace(tmp_path) / "a.txt").write_text("alpha\n")
    turns: list[list[dict[str, Any]]] = [
        [
            {"text": "Reading "},
            {"tool_call": {"id": "c1", "name": "read_file", "args": {"path": "a.txt"}}},
            {"usage": {"prompt": 5, "completion": 1}},
        ],
        [{"text": "done"}],
    ]
    proc = zero_sdk_run(tmp_path, turns, "hello", "--color=never", version=version)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Reading " in out and "done" in out
    assert '[tool] read_file (read) {"path": "a.txt"}' in out
    assert "[result] read_file ok: File: a.txt (1 lines) 1 | alpha" in out
    assert "[usage] prompt 5 · completion 1 · total 6" in out
    assert out.rstrip().endswith("[done] success (exit 0)")


def test_json_output_is_a_readable_transcript_and_exit_status_is_the_runs(tmp_path: Path) -> None:
    turns = [[{"text": "partial answer"}, {"error": "quota exceeded"}]]
    proc = zero_sdk_run(tmp_path, turns, "hello", "--json")
    assert proc.returncode == 3
    lines = proc.stdout.splitlines()
    types = [json.loads(line)["type"] for line in lines]
    assert types[0] == "run_start" and types[-2:] == ["error", "run_end"]
    assert "quota exceeded" in proc.stderr and "Traceback" not in proc.stderr
    transcript = tmp_path / "run.jsonl"
    transcript.write_text(proc.stdout)
    result = read_transcript(transcript)
    assert result.exit_code == 3 and result.text == "partial answer"
    assert result.errors[0].code == "provider_error"


def test_missing_binary_exits_127_without_traceback(tmp_path: Path) -> None:
    proc = subprocess.run(
        [ZERO_SDK, "run", "--command", str(tmp_path / "nope"), "hi"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 127
    assert "was not found" in proc.stderr and "Traceback" not in proc.stderr
    # The hint names this CLI's flag, not the Python API's keyword.
    assert "--command PATH" in proc.stderr and "command=" not in proc.stderr


def test_process_death_exit_status_and_message(tmp_path: Path) -> None:
    proc = zero_sdk_run(
        tmp_path, [[{"text": "bye"}, {"misbehave": {"kind": "exit", "code": 7}}]], "x", "--color=never"
    )
    assert proc.returncode == 7
    assert proc.stderr.count("without a run_end event") == 1 and "Traceback" not in proc.stderr
    assert "without a run_end event" not in proc.stdout


def test_errors_go_to_stderr_once(tmp_path: Path) -> None:
    proc = zero_sdk_run(tmp_path, [[{"text": "partial"}, {"error": "quota exceeded"}]], "x", "--color=never")
    assert proc.returncode == 3
    assert "quota exceeded" not in proc.stdout and "partial" in proc.stdout
    assert proc.stderr.count("quota exceeded") == 1, proc.stderr
    assert proc.stderr.rstrip().endswith("[error] exit 3")


def test_prompt_from_stdin_with_dash(tmp_path: Path) -> None:
    env = {**os.environ, **engine_env(tmp_path, None, 2), "ZERO_PROVIDER": "demo"}
    argv = [ZERO_SDK, "run", "--command", ENGINE, "-C", str(workspace(tmp_path)), "--json", "-"]
    proc = subprocess.run(
        argv, input="say hi from stdin", env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.returncode == 0, proc.stderr
    # The demo provider quotes the prompt it got back in its first reasoning delta.
    assert 'The request was: \\"say hi from stdin\\"' in proc.stdout


def test_quiet_prints_only_the_answer_and_output_last_message_writes_it(tmp_path: Path) -> None:
    last = tmp_path / "last.txt"
    turns: list[list[dict[str, Any]]] = [
        [{"text": "Reading "}, {"tool_call": {"id": "c1", "name": "list_files", "args": {}}}],
        [{"text": "the answer"}],
    ]
    proc = zero_sdk_run(tmp_path, turns, "x", "--quiet", "--output-last-message", str(last))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "the answer\n"
    assert proc.stderr == ""
    assert last.read_text() == "the answer"


def test_max_turns_and_json_pass_through(tmp_path: Path) -> None:
    turns = [[{"tool_call": {"id": f"c{i}", "name": "list_files", "args": {}}}] for i in range(5)]
    proc = zero_sdk_run(tmp_path, turns, "x", "--json", "--max-turns", "1")
    assert proc.returncode == 4, proc.stderr
    last = json.loads(proc.stdout.splitlines()[-1])
    assert last["type"] == "run_end" and last["status"] == "incomplete"


def test_json_and_quiet_are_exclusive_and_a_missing_prompt_is_a_usage_error(tmp_path: Path) -> None:
    proc = zero_sdk_run(tmp_path, [[{"text": "x"}]], "x", "--json", "--quiet")
    assert proc.returncode == 2 and "exclusive" in proc.stderr
    empty = subprocess.run(
        [ZERO_SDK, "run", "--command", ENGINE, "-"],
        input="  \n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert empty.returncode == 2 and "empty" in empty.stderr and "Traceback" not in empty.stderr


def test_without_colour_reasoning_is_labelled_apart_from_the_answer(tmp_path: Path) -> None:
    turns: list[list[dict[str, Any]]] = [
        [{"reasoning": "Let me "}, {"reasoning": "look.\nThen answer."}, {"text": "The answer."}]
    ]
    proc = zero_sdk_run(tmp_path, turns, "x", "--color=never")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert "[reasoning] Let me look." in lines and "[reasoning] Then answer." in lines
    assert "The answer." in lines  # the answer on a line of its own, unlabelled
    coloured = zero_sdk_run(tmp_path, turns, "x", "--color=always")
    assert "[reasoning]" not in coloured.stdout and "\x1b[2mLet me \x1b[0m" in coloured.stdout
