"""The session store's pure parts: ids, summaries, context selection and the prompt prefix."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from zero_engine.sessions import (
    SessionRequest,
    SessionStore,
    cut_utf8,
    default_root,
    format_exec_prompt,
    new_session_id,
    select_context,
    summarize_event,
)


def test_new_ids_have_the_real_format_and_are_unique() -> None:
    first = new_session_id(1_780_000_000_123_456_789)
    assert re.fullmatch(r"zero_20260528\d{6}_1780000000123456789_\d+", first)
    assert new_session_id() != new_session_id()


def test_default_root_prefers_the_override_then_xdg(tmp_path: Path) -> None:
    assert default_root({"ZERO_SESSIONS_DIR": str(tmp_path / "s"), "XDG_DATA_HOME": "/x"}) == tmp_path / "s"
    assert default_root({"XDG_DATA_HOME": "/x"}) == Path("/x/zero/sessions")
    assert default_root({}) == Path.home() / ".local" / "share" / "zero" / "sessions"


def test_cut_utf8_never_splits_a_character() -> None:
    assert cut_utf8("short", 500) == "short"
    cut = cut_utf8("é" * 300, 500)  # 600 bytes
    assert len(cut.encode()) <= 500 and cut.endswith("...") and "\ufffd" not in cut


def test_summaries_collapse_whitespace_and_respect_the_limit() -> None:
    event = {
        "sequence": 3,
        "type": "message",
        "role": "assistant",
        "content": "line one\n\n  line two " + "x" * 600,
    }
    summary = summarize_event(event)
    assert summary.startswith("#3 message: assistant line one line two x")
    assert len(summary.removeprefix("#3 message: ").encode()) == 500  # Zero cuts the text at 500 bytes
    assert (
        summarize_event({"sequence": 9, "type": "compaction", "summary": "s"}) == "#9 session_compaction: s"
    )


def test_context_prefers_messages_when_there_are_more_than_80_events() -> None:
    events: list[dict[str, Any]] = [{"type": "tool_result", "n": i} for i in range(100)]
    events += [{"type": "message", "n": 100 + i} for i in range(90)]
    chosen = select_context(events)
    assert [e["n"] for e in chosen] == list(range(110, 190))  # the last 80 messages
    small = events[:5]
    assert select_context(small) == small


def test_prompt_without_history() -> None:
    # Zero sends the prompt unchanged when the session has no events to show.
    assert format_exec_prompt("Continuing Zero session s.", [], "go") == "go"


def test_no_session_unless_wanted(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "sessions")
    assert store.open_session(SessionRequest(), str(tmp_path), "hi") is None
    assert not (tmp_path / "sessions").exists()
    opened = store.open_session(SessionRequest(stream_json=True), str(tmp_path), "hi")
    assert opened is not None and opened.prompt("hi") == "hi"
    assert opened.append({"type": "message", "role": "user", "content": "hi"}) == 1
    assert opened.append({"type": "message", "role": "assistant", "content": "yo"}) == 2
    opened.close()
