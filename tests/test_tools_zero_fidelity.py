"""Tool behaviour a client observes from `zero-engine exec`, as recorded from Zero 0.8.0 (v2) and
the v1-era binary (v1): the tools sent to the model per mode (deferral behind tool_search), the
listing, tool result formats and meta, the read-before-write rule, the new tools' offline results.

Real engine processes against the fake model server on 127.0.0.1; the expected strings are the
real binaries' outputs for the same calls."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from engine_support import EngineRun, base_env, run_engine, workspace
from zero_client.testing import FakeModelServer
from zero_client.testing import script as s


@pytest.fixture
def server() -> Iterator[FakeModelServer]:
    with FakeModelServer() as running:
        yield running


def run_calls(
    server: FakeModelServer,
    tmp_path: Path,
    calls: list[tuple[str, dict[str, Any] | str]],
    args: tuple[str, ...] = (),
    version: int = 2,
    files: dict[str, str] | None = None,
) -> EngineRun:
    """One model turn per call, then a final text; returns the engine run."""
    for name, arguments in calls:
        server.enqueue(s.tool_calls(s.call(name, arguments)))
    server.enqueue(s.text("done"))
    ws = workspace(tmp_path)
    for relative, content in (files or {}).items():
        (ws / relative).parent.mkdir(parents=True, exist_ok=True)
        (ws / relative).write_text(content)
    env = base_env(
        tmp_path, version, OPENAI_BASE_URL=server.base_url, OPENAI_API_KEY="x", OPENAI_MODEL="gpt-4o-mini"
    )
    run = run_engine(["exec", "-o", "stream-json", "-C", str(ws), *args, "go"], env)
    assert run.returncode == 0, run.stdout + run.stderr
    return run


def results(run: EngineRun) -> list[dict[str, Any]]:
    return [event for event in run.events if event["type"] == "tool_result"]


def tool_names(server: FakeModelServer, index: int = 0) -> list[str]:
    return [tool["function"]["name"] for tool in server.requests[index].body["tools"]]


def test_default_mode_sends_every_visible_tool_sorted(server: FakeModelServer, tmp_path: Path) -> None:
    run_calls(server, tmp_path, [])
    assert tool_names(server) == [
        "ask_user", "exec_command", "glob", "grep", "list_directory", "lsp_navigate", "read_file",
        "read_minified_file", "request_permissions", "skill", "update_plan", "view_image", "web_fetch",
        "write_stdin",
    ]  # fmt: skip
    schema = server.requests[0].body["tools"][6]["function"]["parameters"]
    assert schema["additionalProperties"] is False and schema["required"] == ["path"]
    assert schema["properties"]["byte_limit"] == {**schema["properties"]["byte_limit"], "maximum": 65536}


def test_unsafe_mode_defers_tools_behind_tool_search_until_loaded(
    server: FakeModelServer, tmp_path: Path
) -> None:
    run = run_calls(
        server, tmp_path, [("tool_search", {"query": "select:web_fetch"})], ("--permission-mode", "unsafe")
    )
    first, second = tool_names(server, 0), tool_names(server, 1)
    assert "bash" not in first and "web_fetch" not in first and first[-1] == "tool_search"
    assert second == [*first, "web_fetch"]  # a loaded tool is appended after tool_search
    loaded = results(run)[0]
    assert loaded["output"].startswith(
        "Loaded 1 tool. Full schemas follow; call them on the next turn.\n\n## web_fetch\n"
    )
    assert loaded["meta"]["load_tools"] == "web_fetch"


def test_listing_per_mode(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    env = base_env(tmp_path, 2)
    listed = {}
    for mode in ("auto", "ask", "plan"):
        run = run_engine(["exec", "-C", str(ws), "--permission-mode", mode, "--list-tools"], env)
        listed[mode] = [line.split()[0] for line in run.stdout.decode().splitlines()[1:]]
    assert "tool_search" not in listed["ask"] and "bash" in listed["ask"] and "browser_open" in listed["ask"]
    assert listed["plan"] == [
        "ask_user", "glob", "grep", "list_directory", "read_file", "read_minified_file", "skill",
        "update_plan", "view_image",
    ]  # fmt: skip
    assert "web_fetch" in listed["auto"] and "write_file" not in listed["auto"]


def test_web_fetch_asks_for_permission_and_refuses_local_urls_first(
    server: FakeModelServer, tmp_path: Path
) -> None:
    run = run_calls(
        server,
        tmp_path,
        [("web_fetch", {"url": "https://example.com/"}), ("web_fetch", {"url": "http://127.0.0.1/"})],
    )
    requests = [event for event in run.events if event["type"] == "permission_request"]
    assert [event["name"] for event in requests] == ["web_fetch"]
    assert requests[0]["reason"] == "Fetches remote URL content over the network."
    asked, local = results(run)
    assert (
        asked["output"]
        == "Error: Sandbox approval required for web_fetch: Fetches remote URL content over the network."
    )
    assert local["output"] == (
        "Error: Unsafe URL for web_fetch: web_fetch only supports public remote HTTP/HTTPS URLs. "
        "For localhost "
        "or private network URLs, use bash with curl so sandbox network permission can apply"
    )
    assert "meta" not in local  # refused by the agent loop, before the registry


def test_read_write_results_and_the_read_before_write_rule(server: FakeModelServer, tmp_path: Path) -> None:
    run = run_calls(
        server,
        tmp_path,
        [
            ("write_file", {"path": "a.txt", "content": "new\n", "overwrite": True}),
            ("read_file", {"path": "a.txt"}),
            ("write_file", {"path": "a.txt", "content": "new\n", "overwrite": True}),
            ("grep", {"pattern": "hello"}),
            ("update_plan", {"plan": [{"content": "one", "status": "done"}, {"content": "two"}]}),
        ],
        # The plan leaves an item pending: without this Zero's completion gate would nudge for more.
        ("--permission-mode", "unsafe", "--no-completion-gate"),
        files={"a.txt": "hello\nworld\n"},
    )
    unseen, read, written, grep, plan = results(run)
    assert unseen["status"] == "error" and unseen["output"].startswith(
        "Error writing a.txt: the intended change depends on content that has not been read exactly "
        "in this session."
    )
    assert read["output"] == "File: a.txt (2 lines)\n\n1 | hello\n2 | world"
    assert read["meta"]["seen_lines"] == "1-2" and "display" not in read
    assert written["output"] == "Overwrote a.txt (1 lines)." and written["changedFiles"] == ["a.txt"]
    assert written["display"] == {"kind": "file", "summary": "Overwrote a.txt (1 lines)."}
    assert grep["output"] == "No matches found."
    assert plan["output"] == "Current Plan:\n1. [completed] one\n2. [pending] two"
    for result in (read, written, grep, plan):
        meta = result["meta"]
        assert (
            meta["emitted_bytes"]
            == meta["output_budget_retained_bytes"]
            == str(len(result["output"].encode()))
        )
        assert meta["output_budget_spill_created"] == "false"


def test_offline_tools_answer_as_zero_does(server: FakeModelServer, tmp_path: Path) -> None:
    run = run_calls(
        server,
        tmp_path,
        [
            ("write_stdin", {"session_id": 3}),
            ("lsp_navigate", {"op": "definition", "path": "a.py", "line": 1, "character": 5}),
            ("skill", {"name": "x"}),
            ("view_image", {"path": "a.py"}),
            ("tool_search", {"query": "x"}),
            ("read_file", "{bad json"),
        ],
        files={"a.py": "def f():\n    pass\n"},
    )
    stdin, lsp, skill, image, search, bad = (result["output"] for result in results(run))
    assert stdin.endswith("(no live session 3)")
    assert lsp == (
        "No language server available for a.py \u2014 lsp_navigate is unavailable for this file type. "
        "Fall back to grep/read_file."
    )
    assert skill == "Error: no skills are available."
    assert image.startswith("Error viewing a.py: unsupported image type for ")
    assert search == 'Error: Unknown tool "tool_search".'  # no deferral in auto mode
    assert (
        bad == "Error: Failed to parse arguments for read_file: "
        "invalid character 'b' looking for beginning of object key string"
    )


def test_v1_tools_follow_the_v1_era_binary(server: FakeModelServer, tmp_path: Path) -> None:
    run = run_calls(
        server,
        tmp_path,
        [
            ("read_file", {"path": "a.txt", "start_line": 2}),
            ("write_file", {"path": "a.txt", "content": "x\n", "overwrite": True}),
            ("update_plan", {"plan": [{"content": "x", "status": "done"}]}),
            ("tool_search", {"query": "select:bash"}),
        ],
        ("--skip-permissions-unsafe",),
        version=1,
        files={"a.txt": "hello\nworld\n"},
    )
    read, written, plan, search = results(run)
    assert read["output"] == "File: a.txt (lines 2-2 of 2)\n\n2 | world" and "meta" not in read
    assert written["output"] == "Overwrote a.txt (2 bytes)."  # no read needed at v1
    assert plan["output"] == (
        "Error: Invalid arguments for update_plan: "
        "plan item 1 status must be pending, in_progress, completed, or failed"
    )
    assert search["output"] == 'Error: Unknown tool "tool_search".'
    names = tool_names(server)
    assert (
        "edit_file" in names
        and "Task" in names
        and "exec_command" not in names
        and "tool_search" not in names
    )
    read_schema = json.dumps(
        server.requests[0].body["tools"][names.index("read_file")]["function"]["parameters"]
    )
    assert "start_line" in read_schema and "offset" not in read_schema


def test_invalid_utf8_reaches_the_model_as_one_replacement_per_byte(
    server: FakeModelServer, tmp_path: Path
) -> None:
    # Go's encoding/json writes each byte of invalid UTF-8 as U+FFFD; Python's "replace" would
    # fold the incomplete sequence e3 a5 into one.
    (workspace(tmp_path) / "bin.dat").write_bytes(b"ok \xff\xe3\xa5 end\n")
    run_calls(server, tmp_path, [("read_file", {"path": "bin.dat"})])
    sent = server.requests[1].body["messages"][-1]["content"]
    assert sent == "File: bin.dat (1 lines)\n\n1 | ok \ufffd\ufffd\ufffd end"


def test_view_image_shows_the_model_the_image_after_the_turn_s_results(
    server: FakeModelServer, tmp_path: Path
) -> None:
    png = b"\x89PNG\r\n\x1a\n" + b"\0" * 16
    (workspace(tmp_path) / "dot.png").write_bytes(png)
    server.enqueue(
        s.tool_calls(s.call("view_image", {"path": "dot.png"}), s.call("read_file", {"path": "dot.png"}))
    )
    run_calls(server, tmp_path, [])
    messages = server.requests[1].body["messages"]
    # As Zero: both tool results first (a tool message cannot carry an image), then a user
    # message with a line naming the tool and the image itself.
    assert [m["role"] for m in messages[-3:]] == ["tool", "tool", "user"]
    text, image = messages[-1]["content"]
    assert text["type"] == "text" and "view_image" in text["text"]
    assert image == {
        "type": "image_url",
        "image_url": {"url": "data:image/png;base64," + base64.b64encode(png).decode()},
    }


def test_a_call_to_a_tool_the_run_does_not_have_has_an_unknown_side_effect(
    server: FakeModelServer, tmp_path: Path
) -> None:
    # auto mode defers nothing, so tool_search is not registered: Zero reports its call as "unknown"
    run = run_calls(server, tmp_path, [("tool_search", {"query": "select:bash"}), ("no_such_tool", {})])
    calls = [event for event in run.events if event["type"] == "tool_call"]
    assert [(call["name"], call["sideEffect"]) for call in calls] == [
        ("tool_search", "unknown"),
        ("no_such_tool", "unknown"),
    ]
    assert results(run)[0]["output"] == 'Error: Unknown tool "tool_search".'
