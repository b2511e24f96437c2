"""Sessions through the `zero-engine` process (docs/protocol.md 1.9, 1.13): recording, resume, fork,
usage errors, --init-session-id and checkpoint sequences."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from engine_support import (
    SESSION_ID,
    EngineRun,
    assert_schema_valid,
    base_env,
    run_engine,
    scripted_env,
    workspace,
)

SJ = ["exec", "-o", "stream-json"]
ECHO = [[{"echo_prompt": True}]]


def store(tmp_path: Path) -> Path:
    return tmp_path / "xdg" / "zero" / "sessions"


def session_dirs(tmp_path: Path) -> list[str]:
    root = store(tmp_path)
    return sorted(p.name for p in root.iterdir()) if root.is_dir() else []


def log(tmp_path: Path, session_id: str) -> list[dict[str, Any]]:
    text = (store(tmp_path) / session_id / "events.jsonl").read_text()
    return [json.loads(line) for line in text.splitlines()]


def meta(tmp_path: Path, session_id: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((store(tmp_path) / session_id / "session.json").read_text())
    return data


def echo_run(tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> EngineRun:
    ws = workspace(tmp_path)
    return run_engine([*SJ, "-C", str(ws), *args], env or scripted_env(tmp_path, 2, ECHO))


def session_of(run: EngineRun) -> str:
    assert run.returncode == 0, run.stdout + run.stderr
    session_id = run.events[0]["sessionId"]
    assert isinstance(session_id, str)
    return session_id


def final_text(run: EngineRun) -> str:
    finals = [e for e in run.events if e["type"] == "final"]
    assert len(finals) == 1, run.events
    text = finals[0].get("text", "")
    assert isinstance(text, str)
    return text


def assert_usage_error(run: EngineRun, message: str) -> None:
    assert run.returncode == 2, (run.stdout, run.stderr)
    assert [(e["type"], e.get("code"), e.get("message")) for e in run.events] == [
        ("error", "usage_error", message),
        ("run_end", None, None),
    ]
    assert run.events[1]["exitCode"] == 2 and run.events[1]["status"] == "error"
    assert run.stderr == b""


# -- recording ----------------------------------------------------------------------------------


def test_stream_json_run_records_a_session(tmp_path: Path) -> None:
    run = echo_run(tmp_path, "--session-title", "My title", "first request")
    session_id = session_of(run)
    assert SESSION_ID.fullmatch(session_id)
    assert session_dirs(tmp_path) == [session_id]
    events = log(tmp_path, session_id)
    assert [(e["sequence"], e["type"], e.get("role"), e.get("content")) for e in events] == [
        (1, "message", "user", "first request"),
        (2, "message", "assistant", "first request"),
    ]
    assert all(e["runId"] == run.events[0]["runId"] for e in events)
    data = meta(tmp_path, session_id)
    assert data["id"] == session_id and data["title"] == "My title" and data["resumable"] is True
    assert data["cwd"] == str(workspace(tmp_path))
    assert data["createdAt"].endswith("Z") and data["updatedAtUnixNano"] >= data["createdAtUnixNano"]
    assert_schema_valid(run, 2)


def test_title_is_derived_from_the_prompt(tmp_path: Path) -> None:
    session_id = session_of(echo_run(tmp_path, "  Fix   the bug\nin detail please"))
    assert meta(tmp_path, session_id)["title"] == "Fix the bug"


def test_text_output_without_session_flags_records_nothing(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    run = run_engine(["exec", "-C", str(ws), "hello"], scripted_env(tmp_path, 2, ECHO))
    assert run.returncode == 0 and run.stdout == b"hello\n"
    assert session_dirs(tmp_path) == []


def test_sessions_dir_override(tmp_path: Path) -> None:
    custom = tmp_path / "custom-sessions"
    env = scripted_env(tmp_path, 2, ECHO, ZERO_SESSIONS_DIR=str(custom))
    session_id = session_of(echo_run(tmp_path, "hi", env=env))
    assert [p.name for p in custom.iterdir()] == [session_id]
    assert session_dirs(tmp_path) == []


def test_secrets_are_redacted_in_the_log(tmp_path: Path) -> None:
    secret = "sk-proj-" + "a1B2c3D4e5F6g7H8i9J0" * 2
    session_id = session_of(echo_run(tmp_path, f"use key {secret}"))
    text = (store(tmp_path) / session_id / "events.jsonl").read_text()
    assert secret not in text and "[REDACTED]" in text


def test_tool_calls_errors_and_checkpoints_are_recorded(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    env = scripted_env(
        tmp_path,
        2,
        [
            [
                {"tool_call": {"id": "w", "name": "write_file", "args": {"path": "a.txt", "content": "x"}}},
            ],
            [{"error": "model exploded"}],
        ],
    )
    run = run_engine([*SJ, "-C", str(ws), "go"], env)
    assert run.returncode == 3
    session_id = run.events[0]["sessionId"]
    events = log(tmp_path, session_id)
    assert [e["type"] for e in events] == [
        "message",
        "tool_call",
        "checkpoint",
        "permission",
        "tool_result",
        "error",
    ]
    assert [e["sequence"] for e in events] == [1, 2, 3, 4, 5, 6]
    assert events[1]["name"] == "write_file" and json.loads(events[1]["args"]) == {
        "path": "a.txt",
        "content": "x",
    }
    assert events[2]["files"] == ["a.txt"] and events[2]["tool"] == "write_file"
    assert events[3]["action"] == "allow"
    assert events[4]["status"] == "ok"
    assert events[5] == {
        **events[5],
        "type": "error",
        "message": "model exploded",
    }  # Zero logs only the message


# -- resume ---------------------------------------------------------------------------------------


def test_resume_round_trip(tmp_path: Path) -> None:
    first = session_of(echo_run(tmp_path, "remember the number 42"))
    created = meta(tmp_path, first)
    second = echo_run(tmp_path, "--resume", first, "--prompt", "what was the number?")
    assert session_of(second) == first
    assert final_text(second) == (
        f"Continuing Zero session {first}.\n"
        "Previous session context:\n"
        "- #1 message: user remember the number 42\n"
        "- #2 message: assistant remember the number 42\n"
        "\n"
        "Current user request:\n"
        "what was the number?"
    )
    events = log(tmp_path, first)
    assert [e["sequence"] for e in events] == [1, 2, 3, 4]
    assert events[2]["content"] == "what was the number?"  # the user's request, not the prefix
    assert session_dirs(tmp_path) == [first]
    updated = meta(tmp_path, first)
    assert updated["createdAt"] == created["createdAt"]
    assert updated["updatedAtUnixNano"] > created["updatedAtUnixNano"]
    # permission events and run_start carry the resumed id
    assert_schema_valid(second, 2)


def test_resume_without_id_picks_the_latest_session(tmp_path: Path) -> None:
    first = session_of(echo_run(tmp_path, "one"))
    second = session_of(echo_run(tmp_path, "two"))
    latest = echo_run(tmp_path, "--resume", "--prompt", "again")
    assert session_of(latest) == second
    assert final_text(latest).startswith(f"Continuing Zero session {second}.\n")
    # resuming the older session makes it the latest one
    session_of(echo_run(tmp_path, "--resume", first, "--prompt", "back to one"))
    assert session_of(echo_run(tmp_path, "--resume", "--prompt", "and again")) == first


def test_resume_works_with_text_output(tmp_path: Path) -> None:
    first = session_of(echo_run(tmp_path, "hello there"))
    ws = workspace(tmp_path)
    run = run_engine(
        ["exec", "-C", str(ws), "--resume", first, "--prompt", "next"], scripted_env(tmp_path, 2, ECHO)
    )
    assert run.returncode == 0
    assert run.stdout.decode().startswith(f"Continuing Zero session {first}.\n")
    assert len(log(tmp_path, first)) == 4


def test_resume_prefix_shows_messages_and_errors_only(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    (ws / "notes.txt").write_text("secret plans")
    env = scripted_env(
        tmp_path,
        2,
        [
            [{"tool_call": {"id": "r", "name": "read_file", "args": {"path": "notes.txt"}}}],
            [{"error": "boom"}],
        ],
    )
    first = run_engine([*SJ, "-C", str(ws), "read it"], env).events[0]["sessionId"]
    resumed = echo_run(tmp_path, "--resume", first, "--prompt", "continue")
    text = final_text(resumed)
    context = text.split("Previous session context:\n", 1)[1].split("\n\nCurrent user request:\n", 1)[0]
    # As in Zero: the messages and errors (numbered by their place in the log), not the tool events.
    assert context.splitlines() == ["- #1 message: user read it", "- #4 error: boom"]


def test_long_sessions_are_summarized(tmp_path: Path) -> None:
    """At most 80 earlier events, messages preferred, each summary at most 500 bytes."""
    session_id = "hand-made"
    root = store(tmp_path) / session_id
    root.mkdir(parents=True)
    now = 1_700_000_000_000_000_000
    (root / "session.json").write_text(
        json.dumps(
            {
                "id": session_id,
                "title": "t",
                "createdAtUnixNano": now,
                "updatedAtUnixNano": now,
                "cwd": "/",
                "resumable": True,
            }
        )
    )
    events: list[dict[str, Any]] = []
    for index in range(60):
        events.append({"type": "message", "role": "user", "content": f"question {index} " + "é" * 400})
        events.append({"type": "tool_result", "name": "read_file", "status": "ok", "output": f"out {index}"})
    lines = [json.dumps({"sequence": i, **e}) for i, e in enumerate(events, 1)]
    (root / "events.jsonl").write_text("\n".join([*lines, '{"torn line']) + "\n")
    text = final_text(echo_run(tmp_path, "--resume", session_id, "--prompt", "now"))
    context = text.split("Previous session context:\n", 1)[1].split("\n\nCurrent user request:\n", 1)[0]
    summaries = context.splitlines()
    # As in Zero: only the messages when there are any (at most 80), each text cut at 500 bytes.
    assert len(summaries) == 60
    assert all(s.startswith(f"- #{2 * i + 1} message: user question {i} ") for i, s in enumerate(summaries))
    assert all(len(s.split(": ", 1)[1].encode()) <= 500 for s in summaries)
    assert "\ufffd" not in context
    # the resumed run appends after the existing 120 events (the torn line is not counted)
    appended = (root / "events.jsonl").read_text().splitlines()[-2:]
    assert [json.loads(line)["sequence"] for line in appended] == [121, 122]


# -- fork -----------------------------------------------------------------------------------------


def test_fork_round_trip(tmp_path: Path) -> None:
    source = session_of(echo_run(tmp_path, "original work"))
    source_log = (store(tmp_path) / source / "events.jsonl").read_bytes()
    source_meta = (store(tmp_path) / source / "session.json").read_bytes()
    forked = echo_run(tmp_path, "--fork", source, "try another way")
    fork_id = session_of(forked)
    assert fork_id != source and SESSION_ID.fullmatch(fork_id)
    assert final_text(forked) == (
        f"Forked from Zero session {source}.\n"
        "Previous session context:\n"
        "- #1 message: user original work\n"
        "- #2 message: assistant original work\n\n"
        "Current user request:\n"
        "try another way"
    )
    # the source is unchanged
    assert (store(tmp_path) / source / "events.jsonl").read_bytes() == source_log
    assert (store(tmp_path) / source / "session.json").read_bytes() == source_meta
    # the fork holds the source's events, a fork marker, then its own run
    events = log(tmp_path, fork_id)
    assert [(e["sequence"], e["type"], e.get("content")) for e in events] == [
        (1, "message", "original work"),
        (2, "message", "original work"),
        (3, "fork", None),
        (4, "message", "try another way"),
        (5, "message", final_text(forked)),
    ]
    assert events[2]["source"] == source
    data = meta(tmp_path, fork_id)
    assert data["forkedFrom"] == source and data["title"] == "try another way"
    # resuming the fork sees the fork's history
    resumed = final_text(echo_run(tmp_path, "--resume", fork_id, "--prompt", "more"))
    assert f"- #3 session_fork: {source}\n- #4 message: user try another way\n" in resumed


def test_fork_with_init_session_id(tmp_path: Path) -> None:
    source = session_of(echo_run(tmp_path, "base"))
    forked = echo_run(tmp_path, "--fork", source, "--init-session-id", "my-fork", "branch")
    assert session_of(forked) == "my-fork"
    assert sorted(session_dirs(tmp_path)) == sorted([source, "my-fork"])


# -- --init-session-id --------------------------------------------------------------------------


def test_init_session_id_names_the_new_session(tmp_path: Path) -> None:
    longest = "A" + "b_-" * 42 + "z"  # 128 characters
    assert len(longest) == 128
    assert session_of(echo_run(tmp_path, "--init-session-id", longest, "hi")) == longest
    assert session_of(echo_run(tmp_path, "--init-session-id", "run-2", "hi")) == "run-2"
    assert sorted(session_dirs(tmp_path)) == sorted([longest, "run-2"])


def test_init_session_id_creates_a_session_with_text_output(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    run = run_engine(
        ["exec", "-C", str(ws), "--init-session-id", "txt", "hi"], scripted_env(tmp_path, 2, ECHO)
    )
    assert run.returncode == 0 and session_dirs(tmp_path) == ["txt"]


@pytest.mark.parametrize("bad", ["_leading", "-dash", "has space", "a/b", "x" * 129, "dot.ted"])
def test_init_session_id_is_validated(tmp_path: Path, bad: str) -> None:
    run = echo_run(tmp_path, f"--init-session-id={bad}", "hi")
    assert_usage_error(run, f'invalid --init-session-id "{bad}"')
    assert session_dirs(tmp_path) == []


def test_taken_init_session_id_is_a_usage_error(tmp_path: Path) -> None:
    session_of(echo_run(tmp_path, "--init-session-id", "taken", "one"))
    before = (store(tmp_path) / "taken" / "events.jsonl").read_bytes()
    run = echo_run(tmp_path, "--init-session-id", "taken", "two")
    assert_usage_error(run, "zero session already exists: taken")
    assert (store(tmp_path) / "taken" / "events.jsonl").read_bytes() == before


# -- usage errors ----------------------------------------------------------------------------------


def make_unresumable(tmp_path: Path, session_id: str, metadata: str | None) -> None:
    root = store(tmp_path) / session_id
    root.mkdir(parents=True)
    if metadata is not None:
        (root / "session.json").write_text(metadata)


@pytest.mark.parametrize("flag", ["--resume", "--fork"])
def test_session_not_found(tmp_path: Path, flag: str) -> None:
    session_of(echo_run(tmp_path, "exists"))
    assert_usage_error(
        echo_run(tmp_path, flag, "missing-id", "--prompt", "x"), "Zero session not found: missing-id"
    )


@pytest.mark.parametrize("flag", ["--resume", "--fork"])
def test_path_like_ids_are_not_found(tmp_path: Path, flag: str) -> None:
    (tmp_path / "xdg" / "zero").mkdir(parents=True)
    run = echo_run(tmp_path, flag, "../zero", "--prompt", "x")
    assert_usage_error(run, "Zero session not found: ../zero")


@pytest.mark.parametrize("flag", ["--resume", "--fork"])
@pytest.mark.parametrize(
    "metadata",
    [
        json.dumps(
            {"id": "frozen", "createdAtUnixNano": 1, "updatedAtUnixNano": 1, "cwd": "/", "resumable": False}
        ),
        "{not json",
        None,
    ],
    ids=["resumable-false", "corrupt", "missing"],
)
def test_session_not_resumable(tmp_path: Path, flag: str, metadata: str | None) -> None:
    make_unresumable(tmp_path, "frozen", metadata)
    run = echo_run(tmp_path, flag, "frozen", "--prompt", "x")
    assert_usage_error(run, "Zero session is not resumable: frozen")


def test_no_sessions_to_resume(tmp_path: Path) -> None:
    assert_usage_error(
        echo_run(tmp_path, "--resume", "--prompt", "x"), "No Zero sessions available to resume."
    )
    # only unresumable sessions: still nothing to resume
    make_unresumable(tmp_path, "frozen", None)
    assert_usage_error(
        echo_run(tmp_path, "--resume", "--prompt", "x"), "No Zero sessions available to resume."
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--resume", "a", "--fork", "b", "--prompt", "x"], "Use either --resume or --fork, not both."),
        (
            ["--resume", "a", "--init-session-id", "b", "--prompt", "x"],
            "Use --init-session-id only when creating or forking a session.",
        ),
        (
            ["--resume", "--init-session-id", "b", "--prompt", "x"],
            "Use --init-session-id only when creating or forking a session.",
        ),
    ],
)
def test_combination_errors(tmp_path: Path, args: list[str], message: str) -> None:
    assert_usage_error(echo_run(tmp_path, *args), message)


def test_session_errors_in_text_mode_go_to_stderr(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    run = run_engine(["exec", "-C", str(ws), "--resume", "nope", "x"], scripted_env(tmp_path, 2, ECHO))
    assert run.returncode == 2 and run.stdout == b""
    assert run.stderr == b"[zero] Zero session not found: nope\n"


# -- startup order (1.13) ------------------------------------------------------------------------


def test_session_preflight_comes_before_input_parsing(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    run = run_engine(
        [*SJ, "-i", "stream-json", "-C", str(ws), "--resume", "nope"],
        scripted_env(tmp_path, 2, ECHO),
        stdin=b"this is not json\n",
    )
    assert_usage_error(run, "Zero session not found: nope")


def test_session_preflight_comes_before_the_provider_check(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    run = run_engine([*SJ, "-C", str(ws), "--fork", "nope", "x"], base_env(tmp_path, 2))
    assert_usage_error(run, "Zero session not found: nope")


def test_tool_filters_come_before_session_preflight(tmp_path: Path) -> None:
    run = echo_run(tmp_path, "--enabled-tools", "no_such_tool", "--resume", "nope", "--prompt", "x")
    assert_usage_error(run, "Unknown tool: no_such_tool")


def test_no_session_is_created_when_the_run_fails_before_run_start(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    bad_input = run_engine(
        [*SJ, "-i", "stream-json", "-C", str(ws)], scripted_env(tmp_path, 2, ECHO), stdin=b"[]\n"
    )
    assert bad_input.returncode == 2
    no_provider = run_engine([*SJ, "-C", str(ws), "x"], base_env(tmp_path, 2))
    assert no_provider.returncode == 3
    assert session_dirs(tmp_path) == []


def test_list_tools_records_no_session(tmp_path: Path) -> None:
    run = echo_run(tmp_path, "--list-tools")
    assert run.returncode == 0 and "sessionId" not in run.events[0]
    assert session_dirs(tmp_path) == []


# -- checkpoints ------------------------------------------------------------------------------------


def write_turns() -> list[list[dict[str, Any]]]:
    return [
        [
            {"tool_call": {"id": "w", "name": "write_file", "args": {"path": "a.txt", "content": "one"}}},
            {"tool_call": {"id": "r", "name": "read_file", "args": {"path": "a.txt"}}},
            {
                "tool_call": {
                    "id": "e",
                    "name": "edit_file",
                    "args": {"path": "a.txt", "old_string": "one", "new_string": "two"},
                }
            },
        ],
        [{"text": "done"}],
    ]


def test_checkpoints_follow_their_tool_call_with_the_session_sequence(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    run = run_engine([*SJ, "-C", str(ws), "edit"], scripted_env(tmp_path, 2, write_turns()))
    assert run.returncode == 0
    types = [e["type"] for e in run.events]
    checkpoints = [e for e in run.events if e["type"] == "checkpoint"]
    assert len(checkpoints) == 2
    for checkpoint in checkpoints:
        index = run.events.index(checkpoint)
        assert types[index - 1] == "tool_call"
        assert run.events[index - 1]["name"] == checkpoint["checkpoint"]["tool"]
    assert [c["checkpoint"] for c in checkpoints] == [
        {"sequence": 3, "tool": "write_file", "files": ["a.txt"]},
        # 4 permission, 5 result of write_file; 6 call, 7 result of read_file; 8 call of edit_file
        {"sequence": 9, "tool": "edit_file", "files": ["a.txt"]},
    ]
    session_id = run.events[0]["sessionId"]
    by_sequence = {e["sequence"]: e for e in log(tmp_path, session_id)}
    assert by_sequence[3]["type"] == "checkpoint" and by_sequence[3]["tool"] == "write_file"
    assert by_sequence[9]["type"] == "checkpoint" and by_sequence[9]["tool"] == "edit_file"
    assert by_sequence[8]["type"] == "tool_call" and by_sequence[8]["name"] == "edit_file"
    assert (ws / "a.txt").read_text() == "two"
    assert_schema_valid(run, 2)


def test_checkpoint_sequence_continues_in_a_resumed_session(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    env = scripted_env(tmp_path, 2, write_turns())
    first = run_engine([*SJ, "-C", str(ws), "edit"], env)
    session_id = first.events[0]["sessionId"]
    before = len(log(tmp_path, session_id))
    (ws / "a.txt").unlink()
    second = run_engine([*SJ, "-C", str(ws), "--resume", session_id, "--prompt", "again"], env)
    checkpoints = [e["checkpoint"]["sequence"] for e in second.events if e["type"] == "checkpoint"]
    assert checkpoints == [before + 3, before + 9]


def test_no_checkpoint_without_a_session(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    env = scripted_env(tmp_path, 2, write_turns())
    plain = run_engine(["exec", "-o", "json", "-C", str(ws), "edit"], env)
    assert plain.returncode == 0
    assert not any(json.loads(line)["type"] == "checkpoint" for line in plain.stdout.decode().splitlines())
    (ws / "a.txt").unlink()
    with_session = run_engine(["exec", "-o", "json", "-C", str(ws), "--init-session-id", "js", "edit"], env)
    checkpoints = [
        json.loads(line) for line in with_session.stdout.decode().splitlines() if '"checkpoint"' in line
    ]
    assert [(c["sequence"], c["tool"]) for c in checkpoints] == [(3, "write_file"), (9, "edit_file")]


# -- the scripted provider's echo_prompt step ----------------------------------------------------


def test_echo_prompt_must_be_true(tmp_path: Path) -> None:
    run = echo_run(tmp_path, "hi", env=scripted_env(tmp_path, 2, [[{"echo_prompt": False}]]))
    assert run.returncode == 3
    assert run.events[0]["code"] == "provider_error"
    assert run.events[0]["message"].endswith("turns[0].steps[0].echo_prompt must be true")
