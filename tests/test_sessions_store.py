"""The session store's parts: ids, titles, summaries, context selection, the prompt prefix, and
Zero's on-disk format (metadata.json, events.jsonl)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from zero_engine.sessions import (
    SessionError,
    SessionInfo,
    SessionRequest,
    SessionStore,
    cut_utf8,
    default_root,
    format_exec_prompt,
    new_session_id,
    select_context,
    session_title,
    summarize_event,
)


def test_new_ids_have_the_real_format_and_are_unique() -> None:
    first = new_session_id(1_780_000_000_123_456_789)
    assert re.fullmatch(r"zero_20260528\d{6}_1780000000123456789_\d+", first)
    assert new_session_id() != new_session_id()


def test_default_root_prefers_the_override_then_xdg_then_home(tmp_path: Path) -> None:
    assert default_root({"ZERO_SESSIONS_DIR": str(tmp_path / "s"), "XDG_DATA_HOME": "/x"}) == tmp_path / "s"
    assert default_root({"XDG_DATA_HOME": "/x"}) == Path("/x/zero/sessions")
    assert default_root({"HOME": "/h"}) == Path("/h/.local/share/zero/sessions")


def test_cut_utf8_never_splits_a_character() -> None:
    assert cut_utf8("short", 500) == "short"
    cut = cut_utf8("é" * 300, 500)  # 600 bytes
    assert cut == "é" * 250 and "\ufffd" not in cut
    assert cut_utf8("aé", 2) == "a"


def test_titles_are_zero_s() -> None:
    assert session_title("  Fix   the\tbug\nnow ") == "Fix the bug now"
    assert session_title(" \n ") == "Zero exec session"
    assert session_title("x" * 100) == "x" * 80
    assert session_title("anything", requested="  Mine  ") == "Mine"


def event(sequence: int, kind: str, payload: Any) -> dict[str, Any]:
    return {"id": f"s:{sequence}", "sequence": sequence, "type": kind, "payload": payload}


def test_summaries_are_the_payload_text_collapsed_and_cut() -> None:
    message = event(3, "message", {"content": "line one\n\n  line two " + "x" * 600, "role": "assistant"})
    summary = summarize_event(message)
    assert summary.startswith("#3 message: line one line two x")
    assert len(summary.removeprefix("#3 message: ").encode()) == 500  # Zero cuts the text at 500 bytes
    assert summarize_event(event(9, "session_compaction", {"summary": "s", "x": "y"})) == (
        "#9 session_compaction: s"
    )
    # numbers print as Go's fmt prints a float64; an object without text is its JSON
    usage = event(2, "provider_usage", {"completionTokens": 1234567, "promptTokens": 10})
    assert summarize_event(usage) == "#2 provider_usage: 1.234567e+06 10"
    assert summarize_event(event(4, "tool_call", {"a": [], "b": {}})) == '#4 tool_call: {"a":[],"b":{}}'


def test_v1_cut_the_summary_inside_a_character() -> None:
    text = "a" + "é" * 300  # a two-byte character straddles byte 500
    summary = summarize_event(event(1, "message", {"content": text}), schema_version=1)
    assert summary.removeprefix("#1 message: ") == "a" + "é" * 249 + "\ufffd"
    assert summarize_event(event(1, "message", {"content": text})).removeprefix("#1 message: ") == (
        "a" + "é" * 249
    )


def test_context_prefers_messages_when_there_are_more_than_80_events() -> None:
    events = [event(i, "tool_result", {"n": i}) for i in range(100)]
    events += [event(100 + i, "message", {"n": i}) for i in range(90)]
    chosen = select_context(events)
    assert [e["sequence"] for e in chosen] == list(range(110, 190))  # the last 80 messages
    small = events[:5]
    assert select_context(small) == small


def test_prompt_without_history() -> None:
    # Zero sends the prompt unchanged when the session has no events to show.
    assert format_exec_prompt("Continuing Zero session s.", [], "go") == "go"


def test_no_session_unless_wanted(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "sessions")
    info = SessionInfo(cwd=str(tmp_path), model_id="m", provider="p")
    assert store.open_session(SessionRequest(), info, "hi") is None
    assert not (tmp_path / "sessions").exists()
    opened = store.open_session(SessionRequest(stream_json=True), info, "hi")
    assert opened is not None and opened.prompt("hi") == "hi"
    opened.append("message", {"content": "hi", "role": "user"})
    opened.append("message", {"content": "yo", "role": "assistant"})
    assert [e["sequence"] for e in store.events(opened.id)] == [1, 2]
    assert opened.record_error is None


def test_the_files_are_zero_s_bytes(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    info = SessionInfo(cwd="/w <1>", model_id="gpt-4o-mini", provider="openai-compatible")
    opened = store.open_session(SessionRequest(init_session_id="s1"), info, "do <it>")
    assert opened is not None
    opened.append("message", {"role": "user", "content": "do <it>"})
    metadata = (tmp_path / "s1" / "metadata.json").read_text()
    assert re.fullmatch(
        r"""\{
  "sessionId": "s1",
  "title": "do \\u003cit\\u003e",
  "cwd": "/w \\u003c1\\u003e",
  "modelId": "gpt-4o-mini",
  "provider": "openai-compatible",
  "createdAt": "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ",
  "updatedAt": "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ",
  "eventCount": 1,
  "lastEventType": "message"
\}
""",
        metadata,
    ), metadata
    line = (tmp_path / "s1" / "events.jsonl").read_text()
    assert re.fullmatch(
        r'\{"id":"s1:1","sessionId":"s1","sequence":1,"type":"message","createdAt":"[0-9T:Z-]+",'
        r'"payload":\{"content":"do \\u003cit\\u003e","role":"user"\}\}\n',
        line,
    ), line
    assert (tmp_path / "s1" / "session.lock").exists()


def test_appends_continue_after_events_another_writer_added(tmp_path: Path) -> None:
    """A store does not re-read the log for each append it makes in a row, but it does when the
    log changed behind it (another process, such as Zero resuming the session, appended)."""
    ours, theirs = SessionStore(tmp_path), SessionStore(tmp_path)
    opened = ours.open_session(SessionRequest(init_session_id="s1"), SessionInfo(), "x")
    assert opened is not None
    assert ours.append("s1", [("message", {"content": "a"}), ("message", {"content": "b"})]) == [1, 2]
    assert theirs.append("s1", [("message", {"content": "c"})]) == [3]
    meta = ours.get("s1")
    assert meta is not None
    meta.fields["eventCount"] = 1  # the log, not the metadata, says where the next event goes
    ours.write_metadata(meta)
    assert ours.append("s1", [("message", {"content": "d"})]) == [4]
    assert ours.append("s1", [("message", {"content": "e"})]) == [5]
    assert [event["sequence"] for event in ours.events("s1")] == [1, 2, 3, 4, 5]


def test_a_failed_append_is_kept_and_stops_recording(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    opened = store.open_session(SessionRequest(init_session_id="s1"), SessionInfo(), "x")
    assert opened is not None
    (tmp_path / "s1" / "metadata.json").write_text("{")
    opened.append("message", {"content": "a"})
    assert isinstance(opened.record_error, SessionError)
    (tmp_path / "s1" / "metadata.json").write_text(json.dumps({"sessionId": "s1"}))
    opened.append("message", {"content": "b"})  # latched: nothing more is written
    assert (tmp_path / "s1" / "events.jsonl").read_text() == ""


@pytest.mark.parametrize("bad", ["", "../x", "a/b", "_x"])
def test_invalid_ids_are_errors(tmp_path: Path, bad: str) -> None:
    with pytest.raises(SessionError, match="invalid zero session id"):
        SessionStore(tmp_path).get(bad)
