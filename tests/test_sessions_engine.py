"""Sessions through the `zero-engine` process (docs/protocol.md 1.9, 1.13): recording, resume, fork,
usage errors, --init-session-id and checkpoint sequences."""

from __future__ import annotations

import hashlib
import json
import re
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
TIMESTAMP = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z")
ECHO = [[{"echo_prompt": True}]]


def store(tmp_path: Path) -> Path:
    return tmp_path / "xdg" / "zero" / "sessions"


def session_dirs(tmp_path: Path) -> list[str]:
    root = store(tmp_path)
    return sorted(p.name for p in root.iterdir()) if root.is_dir() else []


def log(tmp_path: Path, session_id: str) -> list[dict[str, Any]]:
    """The session's events, each as Zero stores it: id, sessionId, sequence, type, createdAt,
    payload."""
    text = (store(tmp_path) / session_id / "events.jsonl").read_text()
    events = [json.loads(line) for line in text.splitlines()]
    for event in events:
        assert list(event) == ["id", "sessionId", "sequence", "type", "createdAt", "payload"], event
        assert event["id"] == f"{session_id}:{event['sequence']}" and event["sessionId"] == session_id
        assert TIMESTAMP.fullmatch(event["createdAt"]), event
    return events


def meta(tmp_path: Path, session_id: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((store(tmp_path) / session_id / "metadata.json").read_text())
    return data


def write_session(tmp_path: Path, session_id: str, metadata: dict[str, Any], events: list[Any]) -> Path:
    """A session as Zero would have left it: metadata.json and events.jsonl."""
    root = store(tmp_path) / session_id
    root.mkdir(parents=True)
    (root / "metadata.json").write_text(json.dumps({"sessionId": session_id, **metadata}, indent=2) + "\n")
    lines = [
        json.dumps(
            {
                "id": f"{session_id}:{n}",
                "sessionId": session_id,
                "sequence": n,
                "type": kind,
                "createdAt": "2026-01-01T00:00:00Z",
                "payload": payload,
            }
        )
        for n, (kind, payload) in enumerate(events, 1)
    ]
    (root / "events.jsonl").write_text("".join(line + "\n" for line in lines))
    return root


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
    assert [(e["sequence"], e["type"], e["payload"]) for e in events] == [
        (1, "message", {"content": "first request", "role": "user"}),
        (2, "message", {"content": "first request", "role": "assistant"}),
    ]
    data = meta(tmp_path, session_id)
    # Zero's Metadata fields, in its order, the empty ones left out
    assert list(data) == [
        "sessionId",
        "title",
        "cwd",
        "modelId",
        "provider",
        "createdAt",
        "updatedAt",
        "eventCount",
        "lastEventType",
    ]
    assert data["sessionId"] == session_id and data["title"] == "My title"
    assert data["cwd"] == str(workspace(tmp_path)) and data["provider"] == "scripted"
    assert TIMESTAMP.fullmatch(data["createdAt"]) and data["updatedAt"] >= data["createdAt"]
    assert data["eventCount"] == 2 and data["lastEventType"] == "message"
    text = (store(tmp_path) / session_id / "metadata.json").read_text()
    assert text.startswith('{\n  "sessionId": ') and text.endswith("}\n")  # indented as Go's MarshalIndent
    assert_schema_valid(run, 2)


def test_title_is_derived_from_the_prompt(tmp_path: Path) -> None:
    # Zero's title: the prompt's words joined by single spaces, cut at 80 bytes (never mid-character)
    session_id = session_of(echo_run(tmp_path, "  Fix   the bug\nin detail please"))
    assert meta(tmp_path, session_id)["title"] == "Fix the bug in detail please"
    long = session_of(echo_run(tmp_path, "é" * 50))
    assert meta(tmp_path, long)["title"] == "é" * 40


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


def test_the_log_keeps_what_the_run_saw(tmp_path: Path) -> None:
    # As in Zero: the session log stores the prompt as given (the stream-json redaction is for
    # the event stream only), so a resumed run sees the same words.
    secret = "sk-proj-" + "a1B2c3D4e5F6g7H8i9J0" * 2
    run = echo_run(tmp_path, f"use key {secret}")
    session_id = session_of(run)
    assert log(tmp_path, session_id)[0]["payload"] == {"content": f"use key {secret}", "role": "user"}
    assert secret not in run.stdout.decode()


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
        "session_checkpoint",
        "permission_decision",
        "tool_result",
        "error",
    ]
    assert [e["sequence"] for e in events] == [1, 2, 3, 4, 5, 6]
    assert events[1]["payload"] == {
        "arguments": '{"path":"a.txt","content":"x"}',
        "id": "w",
        "name": "write_file",
    }
    # before the write: a.txt did not exist
    assert events[2]["payload"] == {"tool": "write_file", "files": [{"path": "a.txt", "absent": True}]}
    assert events[3]["payload"] == {
        "toolCallId": "w",
        "name": "write_file",
        "action": "allow",
        "permission": "prompt",
        "permissionMode": "auto",
        "autonomy": "low",
        "sideEffect": "write",
        "reason": "workspace write is allowed",
        "scope": "a.txt",
        "risk": {"level": "medium", "categories": ["write"], "reason": "medium risk: write"},
    }
    assert list(events[3]["payload"]) == list(events[3]["payload"])  # struct order, as written above
    result = events[4]["payload"]
    assert (result["toolCallId"], result["status"], result["changedFiles"]) == ("w", "ok", ["a.txt"])
    assert events[5]["payload"] == {"message": "model exploded"}  # Zero logs only the message


# -- resume ---------------------------------------------------------------------------------------


def test_resume_round_trip(tmp_path: Path) -> None:
    first = session_of(echo_run(tmp_path, "remember the number 42"))
    created = meta(tmp_path, first)
    second = echo_run(tmp_path, "--resume", first, "--prompt", "what was the number?")
    assert session_of(second) == first
    assert final_text(second) == (
        f"Continuing Zero session {first}.\n"
        "Previous session context:\n"
        "- #1 message: remember the number 42 user\n"
        "- #2 message: remember the number 42 assistant\n"
        "\n"
        "Current user request:\n"
        "what was the number?"
    )
    events = log(tmp_path, first)
    assert [e["sequence"] for e in events] == [1, 2, 3, 4]
    # the user's request, not the prefix
    assert events[2]["payload"] == {"content": "what was the number?", "role": "user"}
    assert session_dirs(tmp_path) == [first]
    updated = meta(tmp_path, first)
    assert updated["createdAt"] == created["createdAt"] and updated["eventCount"] == 4
    assert updated["updatedAt"] >= created["updatedAt"]
    # permission events and run_start carry the resumed id
    assert_schema_valid(second, 2)


def test_resume_without_id_picks_the_latest_session(tmp_path: Path) -> None:
    # Zero stamps updatedAt to the second and lists the newest first, ties by the smallest id.
    message = [("message", {"content": "hi", "role": "user"})]
    write_session(
        tmp_path, "a-old", {"createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:05Z"}, message
    )
    write_session(
        tmp_path, "b-new", {"createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:09Z"}, message
    )
    write_session(
        tmp_path, "c-new", {"createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:09Z"}, message
    )
    write_session(
        tmp_path,
        "d-child",
        {"sessionKind": "child", "createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2027-01-01T00:00:00Z"},
        message,
    )
    latest = echo_run(tmp_path, "--resume", "--prompt", "again")
    assert session_of(latest) == "b-new"  # a child session is not resumable
    assert final_text(latest).startswith("Continuing Zero session b-new.\n")
    # resuming the older session makes it the latest one (its updatedAt is now)
    session_of(echo_run(tmp_path, "--resume", "a-old", "--prompt", "back to one"))
    assert session_of(echo_run(tmp_path, "--resume", "--prompt", "and again")) == "a-old"


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
    assert [e["type"] for e in log(tmp_path, first)] == ["message", "tool_call", "tool_result", "error"]
    resumed = echo_run(tmp_path, "--resume", first, "--prompt", "continue")
    text = final_text(resumed)
    context = text.split("Previous session context:\n", 1)[1].split("\n\nCurrent user request:\n", 1)[0]
    # As in Zero: the messages and errors (numbered by their place in the log), not the tool events;
    # each the text of its payload's values (Zero's map order varies; the engine keeps the stored one)
    assert context.splitlines() == ["- #1 message: read it user", "- #4 error: boom"]


def test_long_sessions_are_summarized(tmp_path: Path) -> None:
    """At most 80 earlier events, messages preferred, each summary at most 500 bytes."""
    events: list[Any] = []
    for index in range(60):
        events.append(("message", {"content": f"question {index} " + "é" * 400, "role": "user"}))
        events.append(("tool_result", {"name": "read_file", "output": f"out {index}", "status": "ok"}))
    root = write_session(
        tmp_path, "hand-made", {"createdAt": "2026-01-01T00:00:00Z", "eventCount": 120}, events
    )
    with (root / "events.jsonl").open("a") as log_file:
        log_file.write('{"torn line')  # a crashed append: no final newline
    run = echo_run(tmp_path, "--resume", "hand-made", "--prompt", "now")
    text = final_text(run)
    context = text.split("Previous session context:\n", 1)[1].split("\n\nCurrent user request:\n", 1)[0]
    summaries = context.splitlines()
    # As in Zero: only the messages when there are any (at most 80), each text cut at 500 bytes.
    assert len(summaries) == 60
    assert all(s.startswith(f"- #{2 * i + 1} message: question {i} ") for i, s in enumerate(summaries))
    assert all(len(s.split(": ", 1)[1].encode()) <= 500 for s in summaries)
    assert "\ufffd" not in context
    # The torn line is skipped when reading, but, as in Zero, the next append lands right after it
    # (event 121 glued to it), so the log is corrupt from then on: recording stops and the run
    # says so once it has ended.
    lines = (root / "events.jsonl").read_text().splitlines()
    assert len(lines) == 121 and lines[-1].startswith('{"torn line{"id":"hand-made:121"')
    assert run.stderr.decode() == (
        "[zero] WARNING: session not fully recorded: invalid json in zero session hand-made events.jsonl "
        "at line 121: invalid character 'i' after object key\n"
    )


def test_a_corrupt_line_before_the_end_is_an_error(tmp_path: Path) -> None:
    root = write_session(tmp_path, "corrupt", {}, [("message", {"content": "a", "role": "user"})])
    (root / "events.jsonl").write_text("{oops\n" + (root / "events.jsonl").read_text())
    assert_usage_error(
        echo_run(tmp_path, "--resume", "corrupt", "--prompt", "x"),
        "invalid json in zero session corrupt events.jsonl at line 1: "
        "invalid character 'o' looking for beginning of object key string",
    )


# -- fork -----------------------------------------------------------------------------------------


def test_fork_round_trip(tmp_path: Path) -> None:
    source = session_of(echo_run(tmp_path, "original work"))
    source_log = (store(tmp_path) / source / "events.jsonl").read_bytes()
    source_meta = (store(tmp_path) / source / "metadata.json").read_bytes()
    forked = echo_run(tmp_path, "--fork", source, "try another way")
    fork_id = session_of(forked)
    assert fork_id != source and SESSION_ID.fullmatch(fork_id)
    assert final_text(forked) == (
        f"Forked from Zero session {source}.\n"
        "Previous session context:\n"
        "- #1 message: original work user\n"
        "- #2 message: original work assistant\n\n"
        "Current user request:\n"
        "try another way"
    )
    # the source is unchanged
    assert (store(tmp_path) / source / "events.jsonl").read_bytes() == source_log
    assert (store(tmp_path) / source / "metadata.json").read_bytes() == source_meta
    # the fork holds the source's events, a fork marker, then its own run
    events = log(tmp_path, fork_id)
    assert [(e["sequence"], e["type"], e["payload"].get("content")) for e in events] == [
        (1, "message", "original work"),
        (2, "message", "original work"),
        (3, "session_fork", None),
        (4, "message", "try another way"),
        (5, "message", final_text(forked)),
    ]
    assert events[2]["payload"] == {
        "copiedEventCount": 2,
        "forkedFromEventId": f"{source}:2",
        "forkedFromSequence": 2,
        "parentEventCount": 2,
        "parentSessionId": source,
    }
    data = meta(tmp_path, fork_id)
    assert data["sessionKind"] == "fork" and data["title"] == "try another way"
    assert data["parentSessionId"] == source and data["rootSessionId"] == source
    assert (data["forkedFromEventId"], data["forkedFromSequence"]) == (f"{source}:2", 2)
    # resuming the fork sees the fork's history
    resumed = final_text(echo_run(tmp_path, "--resume", fork_id, "--prompt", "more"))
    assert f"- #3 session_fork: 2 {source}:2 2 2 {source}\n- #4 message: try another way user\n" in resumed


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


@pytest.mark.parametrize("flag", ["--resume", "--fork"])
def test_session_not_found(tmp_path: Path, flag: str) -> None:
    session_of(echo_run(tmp_path, "exists"))
    assert_usage_error(
        echo_run(tmp_path, flag, "missing-id", "--prompt", "x"), "Zero session not found: missing-id"
    )
    # a directory without metadata is no session either
    (store(tmp_path) / "empty").mkdir()
    assert_usage_error(echo_run(tmp_path, flag, "empty", "--prompt", "x"), "Zero session not found: empty")


@pytest.mark.parametrize("flag", ["--resume", "--fork"])
def test_path_like_ids_are_invalid(tmp_path: Path, flag: str) -> None:
    (tmp_path / "xdg" / "zero").mkdir(parents=True)
    run = echo_run(tmp_path, flag, "../zero", "--prompt", "x")
    assert_usage_error(run, 'invalid zero session id "../zero"')


@pytest.mark.parametrize("flag", ["--resume", "--fork"])
def test_corrupt_metadata_is_reported_with_go_s_words(tmp_path: Path, flag: str) -> None:
    root = store(tmp_path) / "broken"
    root.mkdir(parents=True)
    (root / "metadata.json").write_text("{not json")
    assert_usage_error(
        echo_run(tmp_path, flag, "broken", "--prompt", "x"),
        "invalid zero session metadata broken: "
        "invalid character 'n' looking for beginning of object key string",
    )
    (root / "metadata.json").write_text('{"sessionId": 7}')
    assert_usage_error(
        echo_run(tmp_path, flag, "broken", "--prompt", "x"),
        "invalid zero session metadata broken: json: cannot unmarshal number into Go struct field "
        "Metadata.sessionId of type string",
    )


def test_only_plain_and_forked_sessions_are_resumable(tmp_path: Path) -> None:
    message = [("message", {"content": "hi", "role": "user"})]
    write_session(tmp_path, "kid", {"sessionKind": "child"}, message)
    assert_usage_error(
        echo_run(tmp_path, "--resume", "kid", "--prompt", "x"), "Zero session is not resumable: kid"
    )
    # a fork may start from any session, as in Zero
    forked = echo_run(tmp_path, "--fork", "kid", "--prompt", "x")
    assert final_text(forked).startswith("Forked from Zero session kid.\n")


def test_no_sessions_to_resume(tmp_path: Path) -> None:
    assert_usage_error(
        echo_run(tmp_path, "--resume", "--prompt", "x"), "No Zero sessions available to resume."
    )
    # only unresumable sessions: still nothing to resume
    write_session(tmp_path, "kid", {"sessionKind": "child"}, [])
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
    # before the write a.txt did not exist; before the edit it held "one" (kept as a blob)
    assert by_sequence[3]["type"] == "session_checkpoint"
    assert by_sequence[3]["payload"] == {"tool": "write_file", "files": [{"path": "a.txt", "absent": True}]}
    digest = hashlib.sha256(b"one").hexdigest()
    assert by_sequence[9]["type"] == "session_checkpoint"
    assert by_sequence[9]["payload"] == {
        "tool": "edit_file",
        "files": [{"path": "a.txt", "blob": digest, "bytes": 3, "mode": 0o644}],
    }
    assert (store(tmp_path) / session_id / "checkpoints" / "blobs" / digest).read_bytes() == b"one"
    assert by_sequence[8]["type"] == "tool_call" and by_sequence[8]["payload"]["name"] == "edit_file"
    assert (ws / "a.txt").read_text() == "two"
    assert_schema_valid(run, 2)


def checkpoint_run(tmp_path: Path, args: list[str], calls: list[dict[str, Any]], **env: str) -> EngineRun:
    ws = workspace(tmp_path)
    (ws / "sub").mkdir(exist_ok=True)
    turns: list[list[dict[str, Any]]] = [
        [{"tool_call": {"id": f"c{i}", **call}} for i, call in enumerate(calls)],
        [{"text": "done"}],
    ]
    return run_engine([*SJ, "-C", str(ws), *args, "go"], scripted_env(tmp_path, 2, turns, **env))


def checkpoint_files(run: EngineRun) -> list[list[str]]:
    return [e["checkpoint"]["files"] for e in run.events if e["type"] == "checkpoint"]


def test_a_checkpoint_is_taken_whatever_the_call_s_outcome(tmp_path: Path) -> None:
    # As Zero: the snapshot comes with the tool_call, before the mode gate or the permission
    # decision, so a call that is refused gets one too.
    write = {"name": "write_file", "args": {"path": "p.txt", "content": "x"}}
    planned = checkpoint_run(tmp_path, ["--plan"], [write])
    assert checkpoint_files(planned) == [["p.txt"]]
    assert (
        "not available in plan mode"
        in next(e for e in planned.events if e["type"] == "tool_result")["output"]
    )
    assert not (workspace(tmp_path) / "p.txt").exists()


def test_no_checkpoint_outside_the_workspace_or_for_a_directory(tmp_path: Path) -> None:
    calls = [
        {"name": "write_file", "args": {"path": str(tmp_path / "outside.txt"), "content": "x"}},
        {"name": "edit_file", "args": {"path": "sub", "old_string": "a", "new_string": "b"}},
        {"name": "write_file", "args": {"path": "../escape.txt", "content": "x"}},
        {"name": "read_file", "args": {"path": "sub"}},
    ]
    run = checkpoint_run(tmp_path, ["--skip-permissions-unsafe"], calls)
    assert run.returncode == 0
    assert checkpoint_files(run) == []
    assert not any(e["type"] == "session_checkpoint" for e in log(tmp_path, run.events[0]["sessionId"]))


def test_checkpoints_can_be_switched_off_and_capped(tmp_path: Path) -> None:
    (workspace(tmp_path) / "big.txt").write_text("0123456789")
    edit = {"name": "edit_file", "args": {"path": "big.txt", "old_string": "0", "new_string": "x"}}
    assert checkpoint_files(checkpoint_run(tmp_path, [], [edit], ZERO_CHECKPOINTS="off")) == []
    capped = checkpoint_run(tmp_path, [], [edit], ZERO_CHECKPOINT_MAX_BYTES="4")
    assert checkpoint_files(capped) == [["big.txt"]]
    entry = next(e for e in log(tmp_path, capped.events[0]["sessionId"]) if e["type"] == "session_checkpoint")
    assert entry["payload"]["files"] == [{"path": "big.txt", "skipped": True, "bytes": 10}]


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
