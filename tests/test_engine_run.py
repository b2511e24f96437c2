"""Whole runs of `zero-engine exec` as a real process: events, dialects, tools, signals, misbehaviours."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from engine_support import (
    assert_schema_valid,
    line,
    run_engine,
    scripted_env,
    spawn_engine,
    workspace,
)

SJ = ["exec", "-o", "stream-json"]


@pytest.mark.parametrize("version", [1, 2])
def test_plain_text_run_exact_lines(tmp_path: Path, version: int) -> None:
    ws = workspace(tmp_path)
    env = scripted_env(
        tmp_path,
        version,
        [
            [
                {"reasoning": "think"},
                {"text": "Hi <there> "},
                {"text": "you"},
                {"usage": {"prompt": 12, "completion": 8}},
            ]
        ],
    )
    run = run_engine([*SJ, "-C", str(ws), "say", "hi"], env)
    expected = [
        line(
            version,
            "run_start",
            cwd=str(ws),
            sessionId="SESSION",
            provider="scripted",
            model="scripted-model",
            apiModel="scripted-model",
        ),
        *([line(version, "reasoning", delta="think")] if version == 2 else []),  # v1 had no reasoning
        line(version, "text", delta="Hi \\u003cthere\\u003e "),
        line(version, "text", delta="you"),
        line(version, "usage", promptTokens=12, completionTokens=8, totalTokens=20),
        line(version, "final", text="Hi \\u003cthere\\u003e you"),
        line(version, "run_end", status="success", exitCode=0),
    ]
    assert run.normalized == [e.replace("\\\\u", "\\u") for e in expected]
    assert (run.returncode, run.stderr) == (0, b"")
    assert_schema_valid(run, version)


def test_text_and_json_dialects(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    (ws / "a.txt").write_text("content")
    turns: list[list[dict[str, Any]]] = [
        [
            {"text": "Look. "},
            {"tool_call": {"id": "c1", "name": "read_file", "args": {"path": "a.txt"}}},
            {"usage": {"prompt": 1, "completion": 1}},
        ],
        [{"text": "Done."}],
    ]
    text = run_engine(["exec", "-C", str(ws), "go"], scripted_env(tmp_path, 2, turns))
    assert (text.stdout, text.returncode) == (b"Look. Done.\n", 0)
    assert text.stderr == b"[tool] read_file\n[result] File: a.txt (1 lines) 1 | content\n"
    as_json = run_engine(["exec", "-o", "json", "-C", str(ws), "go"], scripted_env(tmp_path, 2, turns))
    lines = [json.loads(x) for x in as_json.stdout.decode().splitlines()]
    assert [x["type"] for x in lines] == [
        "run_start",
        "text",
        "usage",
        "tool_call",
        "tool_result",
        "text",
        "final",
        "done",
    ]
    assert lines[0] == {
        "type": "run_start",
        "cwd": str(ws),
        "provider": "scripted",
        "model": "scripted-model",
        "api_model": "scripted-model",
        "permission_mode": "auto",
    }
    assert lines[3] == {"type": "tool_call", "id": "c1", "name": "read_file", "arguments": '{"path":"a.txt"}'}
    assert lines[4]["tool_call_id"] == "c1" and lines[-1] == {"type": "done", "exit_code": 0}


NETWORK_COMMAND = "curl --max-time 1 http://127.0.0.1:9/"


@pytest.mark.parametrize("version", [1, 2])
def test_read_write_and_denied_shell(tmp_path: Path, version: int) -> None:
    ws = workspace(tmp_path)
    (ws / "README.md").write_text("hello")
    env = scripted_env(
        tmp_path,
        version,
        [
            [
                {"tool_call": {"id": "r", "name": "read_file", "args": {"path": "README.md"}}},
                {"tool_call": {"id": "w", "name": "write_file", "args": {"path": "new.txt", "content": "x"}}},
                # A network command: refused before it runs (prompted in v2, denied in the v1 era),
                # and harmless even if it ran (a closed loopback port).
                {"tool_call": {"id": "s", "name": "bash", "args": {"command": NETWORK_COMMAND}}},
                {"tool_call": {"id": "o", "name": "read_file", "args": {"path": "../outside"}}},
            ],
            [{"text": "ok"}],
        ],
    )
    run = run_engine([*SJ, "-C", str(ws), "go"], env)
    events = run.events
    assert [e["type"] for e in events] == [
        "run_start",
        "tool_call",
        "tool_result",
        "tool_call",
        "checkpoint",
        "permission_decision",
        "tool_result",
        "tool_call",
        # v2 prompts for the shell command and the read outside the workspace (the read tool is
        # granted, so it runs and refuses the path itself); the v1-era sandbox denied both.
        "permission_request" if version == 2 else "permission_decision",
        "tool_result",
        "tool_call",
        "permission_request" if version == 2 else "permission_decision",
        "tool_result",
        "text",
        "final",
        "run_end",
    ]
    assert events[2]["output"] == "File: README.md (1 lines)\n\n1 | hello" and events[2]["status"] == "ok"
    # sequence = the session event sequence: user message, read call, read result, write call, checkpoint
    assert events[4]["checkpoint"] == {"sequence": 5, "tool": "write_file", "files": ["new.txt"]}
    decision = events[5]
    write_reason = (
        "workspace write is allowed" if version == 2 else "workspace write permitted by sandbox policy"
    )
    assert decision["action"] == "allow" and decision["reason"] == write_reason
    assert decision["sessionId"] == events[0]["sessionId"] and decision["autonomy"] == "low"
    assert (ws / "new.txt").read_text() == "x"
    assert events[8]["action"] == ("prompt" if version == 2 else "deny")
    assert events[8]["reason"] == (
        "network access requires approval" if version == 2 else "network access is blocked by sandbox policy"
    )
    assert events[8]["permissionGranted"] is False
    assert events[9]["status"] == "error" and not (tmp_path / "gone").exists()
    outside = events[11]
    if version == 2:
        assert outside["action"] == "prompt" and outside["block"]["recoverable"] is True
        assert outside["reason"] == "Reading ../outside requires access outside the workspace."
        # granted, so read_file runs; Zero resolves symlinks first: a missing path is an lstat error
        assert events[12]["output"] == (
            f"Error reading file ../outside: lstat {os.path.realpath(tmp_path)}/outside: "
            "no such file or directory"
        )
    else:
        assert outside["action"] == "deny" and "block" not in outside
        assert outside["violation"]["reason"] == "../outside is outside the workspace"
    assert run.returncode == 0
    assert_schema_valid(run, version)


def test_unsafe_warning_and_tool_args_forms(tmp_path: Path) -> None:
    env = scripted_env(
        tmp_path,
        2,
        [
            [
                {"tool_call": {"id": "a", "name": "read_file", "raw_args": "{oops"}},
                {"tool_call": {"id": "b", "name": "no_such_tool"}},
            ],
            [],
        ],
    )
    run = run_engine([*SJ, "--skip-permissions-unsafe", "-C", str(workspace(tmp_path)), "go"], env)
    events = run.events
    assert events[1] == {
        **events[1],
        "type": "warning",
        "message": "Unsafe permissions are active for this run because --skip-permissions-unsafe was passed.",
    }
    assert events[2]["args"] == "{oops" and "args" not in events[4] and events[4]["sideEffect"] == "unknown"
    assert events[5]["output"] == 'Error: Unknown tool "no_such_tool".'
    # The script has run out: its empty answers draw Zero's nudges until the empty-turn guard stops.
    assert events[-2] == {
        **events[-2],
        "type": "final",
        "text": "Agent stopped after 4 turns with no output (no visible text and no tool calls) "
        "to avoid consuming tokens without making progress.",
    }


def test_tool_output_truncated_at_10_kib(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    (ws / "big.txt").write_text("é" * 8000)
    env = scripted_env(
        tmp_path, 2, [[{"tool_call": {"id": "r", "name": "read_file", "args": {"path": "big.txt"}}}]]
    )
    result = run_engine([*SJ, "-C", str(ws), "go"], env).events[2]
    assert result["truncated"] is True and result["output"].endswith("\n[truncated]")
    assert len(result["output"][: -len("\n[truncated]")].encode()) <= 10 * 1024


@pytest.mark.parametrize("version", [1, 2])
def test_provider_error_after_run_start(tmp_path: Path, version: int) -> None:
    env = scripted_env(
        tmp_path, version, [[{"text": "partial"}, {"error": "upstream 500: api_key=abcdefghijklmnopq"}]]
    )
    run = run_engine([*SJ, "go"], env, cwd=tmp_path)
    assert run.normalized[1:] == [
        line(version, "text", delta="partial"),
        line(
            version,
            "error",
            code="provider_error",
            message="upstream 500: api_key=[REDACTED]",
            recoverable=False,
        ),
        line(version, "run_end", status="error", exitCode=3),
    ]
    assert run.returncode == 3


@pytest.mark.parametrize("version", [1, 2])
def test_turn_limit(tmp_path: Path, version: int) -> None:
    call = {"tool_call": {"id": "c", "name": "list_directory", "args": {}}}
    env = scripted_env(tmp_path, version, [[call], [call], [{"text": "summary"}]])
    run = run_engine([*SJ, "--max-turns", "2", "-C", str(workspace(tmp_path)), "go"], env)
    tail = run.normalized[-3:]
    if version == 2:
        assert tail == [
            line(2, "final", text="summary"),
            line(
                2,
                "error",
                code="incomplete",
                message="reached the max-turns limit without completing",
                recoverable=False,
            ),
            line(2, "run_end", status="incomplete", exitCode=4),
        ]
        assert run.returncode == 4
    else:  # the v1 era had no completion gate: the turn limit ends like any run
        assert tail[1:] == [
            line(1, "final", text="summary"),
            line(1, "run_end", status="success", exitCode=0),
        ]
        assert run.returncode == 0
    assert [e["type"] for e in run.events].count("tool_call") == 2


def test_turn_limit_without_answer_and_no_gate(tmp_path: Path) -> None:
    call = {"tool_call": {"id": "c", "name": "list_directory", "args": {}}}
    env = scripted_env(tmp_path, 2, [[call]], ZERO_MAX_TURNS="1")
    run = run_engine([*SJ, "-C", str(workspace(tmp_path)), "go"], env)
    assert run.events[-3]["text"] == "Agent reached maximum number of turns without a final answer."
    assert run.events[-2]["message"] == "reached the max-turns limit without a final answer"
    gateless = run_engine([*SJ, "--no-completion-gate", "-C", str(workspace(tmp_path)), "go"], env)
    assert gateless.returncode == 0 and gateless.events[-1]["status"] == "success"


def test_truncation_warning(tmp_path: Path) -> None:
    env = scripted_env(tmp_path, 2, [[{"text": "cut"}, {"finish_reason": "length"}]])
    events = run_engine([*SJ, "go"], env, cwd=tmp_path).events
    assert [e["type"] for e in events[-3:]] == ["warning", "final", "run_end"]
    assert events[-3]["message"].startswith("Response was cut off at the output token limit")


def read_until(proc: Any, event_type: str) -> list[dict[str, Any]]:
    seen = []
    while True:
        raw = proc.stdout.readline()
        assert raw, f"stdout closed before a {event_type} event"
        seen.append(json.loads(raw))
        if seen[-1]["type"] == event_type:
            return seen


@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_signal_during_run(tmp_path: Path, version: int, signum: int) -> None:
    env = scripted_env(tmp_path, version, [[{"text": "ready"}, {"sleep": 30}]])
    proc = spawn_engine([*SJ, "go"], env, cwd=tmp_path)
    read_until(proc, "text")
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=20)
    lines = [json.loads(x) for x in out.decode().splitlines()]
    assert [(e["type"], e.get("message"), e.get("status")) for e in lines] == [
        ("error", "run cancelled by signal", None),
        ("run_end", None, "interrupted"),
    ]
    assert lines[0]["code"] == "interrupted" and lines[1]["exitCode"] == 130
    assert proc.returncode == 130 and err == b""


def test_hang_honours_sigterm_twice(tmp_path: Path) -> None:
    env = scripted_env(tmp_path, 2, [[{"text": "ready"}, {"misbehave": {"kind": "hang"}}]])
    proc = spawn_engine([*SJ, "go"], env, cwd=tmp_path)
    read_until(proc, "text")
    proc.send_signal(signal.SIGTERM)
    proc.send_signal(signal.SIGTERM)  # repeated signals do not kill
    out, _ = proc.communicate(timeout=20)
    assert proc.returncode == 130 and out.decode().splitlines()[-1].endswith('"type":"run_end"}')


def test_ignore_sigterm(tmp_path: Path) -> None:
    env = scripted_env(
        tmp_path,
        2,
        [
            [
                {"misbehave": {"kind": "ignore_sigterm"}},
                {"text": "ready"},
                {"sleep": 1.0},
                {"text": "still here"},
            ]
        ],
    )
    proc = spawn_engine([*SJ, "go"], env, cwd=tmp_path)
    read_until(proc, "text")
    proc.send_signal(signal.SIGTERM)
    out, _ = proc.communicate(timeout=20)
    assert proc.returncode == 0 and json.loads(out.decode().splitlines()[-2])["text"] == "readystill here"


@pytest.mark.parametrize(
    ("misbehave", "check"),
    [
        ({"kind": "exit", "code": 7}, lambda r: r.returncode == 7 and "run_end" not in r.stdout.decode()),
        ({"kind": "kill_self"}, lambda r: r.returncode == -signal.SIGKILL),
        ({"kind": "garbage"}, lambda r: r.lines[1] == "not json" and r.returncode == 0),
        ({"kind": "garbage", "line": "{oops"}, lambda r: r.lines[1] == "{oops"),
        (
            {"kind": "stderr_flood", "bytes": 200_000},
            lambda r: len(r.stderr) == 200_000 and r.returncode == 0,
        ),
        (
            {"kind": "huge_line", "bytes": 3_000_000},
            lambda r: len(json.loads(r.lines[1])["delta"]) == 3_000_000,
        ),
        ({"kind": "drip", "text": "abc", "delay": 0.001}, lambda r: json.loads(r.lines[1])["delta"] == "abc"),
        (
            {"kind": "tiny_writes", "count": 5},
            lambda r: [json.loads(x)["delta"] for x in r.lines[1:6]] == ["0", "1", "2", "3", "4"],
        ),
        (
            {"kind": "partial_line"},
            lambda r: (
                r.returncode == 1
                and not r.stdout.endswith(b"\n")
                and r.stdout.decode().splitlines()[-1].startswith('{"delta":"partial"')
            ),
        ),
        (
            {"kind": "write_stdout_raw", "data": "raw\nbytes"},
            lambda r: b'}\nraw\nbytes{"delta":"end"' in r.stdout,
        ),
    ],
)
def test_misbehaviours(tmp_path: Path, misbehave: dict[str, Any], check: Any) -> None:
    env = scripted_env(tmp_path, 2, [[{"misbehave": misbehave}, {"text": "end"}]])
    run = run_engine([*SJ, "go"], env, cwd=tmp_path)
    assert check(run), (run.returncode, run.stdout[:300], run.stderr[:300])


def test_spawn_child(tmp_path: Path) -> None:
    pidfile = tmp_path / "child.pid"
    env = scripted_env(
        tmp_path, 2, [[{"misbehave": {"kind": "spawn_child", "pidfile": str(pidfile)}}, {"text": "end"}]]
    )
    proc = spawn_engine([*SJ, "go"], env, cwd=tmp_path)
    events = read_until(proc, "run_end")
    pid = int(pidfile.read_text())
    try:
        assert events[-1]["status"] == "success"
        os.kill(pid, 0)  # the grandchild outlives the engine's run
        assert os.getpgid(pid) == os.getpgid(proc.pid)
    finally:
        os.kill(pid, signal.SIGKILL)
        proc.communicate(timeout=20)


def test_dead_stdout_exits_1_without_traceback(tmp_path: Path) -> None:
    env = scripted_env(tmp_path, 2, [[{"text": "ready"}, {"sleep": 0.5}, {"text": "more"}]])
    proc = spawn_engine([*SJ, "go"], env, cwd=tmp_path)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # the reader goes away mid-run
    started = time.monotonic()
    err = proc.stderr.read()
    proc.wait(timeout=20)
    assert proc.returncode == 1 and b"Traceback" not in err and time.monotonic() - started < 20
