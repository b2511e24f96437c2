"""zero_client.testing: the fake model server over real sockets, and its script format."""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import time
from typing import Any

import pytest
from zero_client.testing import DONE, FakeModelServer, Reply, Script, ScriptError
from zero_client.testing import script as s


def post(
    server: FakeModelServer, body: Any, path: str = "/v1/chat/completions"
) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    try:
        connection.request(
            "POST", path, json.dumps(body), {"Content-Type": "application/json", "X-Test": "1"}
        )
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def sse_payloads(raw: bytes) -> list[str]:
    return [line.removeprefix(b"data: ").decode() for line in raw.split(b"\n") if line.startswith(b"data: ")]


def test_text_reply_streams_reasoning_text_finish_usage_and_done() -> None:
    with FakeModelServer(s.Script([s.text("Hel", "lo", reasoning=["hm"], usage=(12, 3))])) as server:
        status, headers, raw = post(server, {"model": "m", "messages": []})
    assert status == 200
    assert headers["content-type"] == "text/event-stream"
    payloads = sse_payloads(raw)
    assert payloads[-1] == DONE
    chunks = [json.loads(p) for p in payloads[:-1]]
    deltas = [c["choices"][0]["delta"] for c in chunks if c["choices"]]
    assert deltas == [
        {"role": "assistant", "content": ""},
        {"reasoning_content": "hm"},
        {"content": "Hel"},
        {"content": "lo"},
        {},
    ]
    assert chunks[-2]["choices"][0]["finish_reason"] == "stop"
    assert chunks[-1]["usage"] == {"prompt_tokens": 12, "completion_tokens": 3, "total_tokens": 15}


def test_tool_calls_are_numbered_and_their_arguments_reassemble() -> None:
    reply = s.tool_calls(s.call("read_file", {"path": "a.txt"}, split=3), s.call("grep", '{"pattern": '))
    with FakeModelServer([reply]) as server:
        _, _, raw = post(server, {})
    chunks = [json.loads(p) for p in sse_payloads(raw) if p != DONE]
    calls: dict[int, dict[str, str]] = {}
    for chunk in chunks:
        for call in chunk["choices"][0]["delta"].get("tool_calls", []) if chunk["choices"] else []:
            entry = calls.setdefault(call["index"], {"id": "", "name": "", "arguments": ""})
            entry["id"] = call.get("id", entry["id"])
            entry["name"] = call.get("function", {}).get("name", "") or entry["name"]
            entry["arguments"] += call.get("function", {}).get("arguments", "")
    assert calls == {
        0: {"id": "call_1", "name": "read_file", "arguments": '{"path":"a.txt"}'},
        1: {"id": "call_2", "name": "grep", "arguments": '{"pattern": '},
    }
    assert chunks[-1]["choices"][0]["finish_reason"] == "tool_calls"


def test_http_error_has_the_openai_body_and_retry_after() -> None:
    with FakeModelServer([s.http_error(429, "slow down", retry_after="3")]) as server:
        status, headers, raw = post(server, {})
    assert status == 429
    assert headers["retry-after"] == "3"
    assert json.loads(raw) == {"error": {"message": "slow down", "type": "fake_error", "code": None}}


def test_requests_are_recorded_and_an_exhausted_script_answers_500() -> None:
    with FakeModelServer([s.text("one")]) as server:
        post(server, {"n": 1})
        status, _, raw = post(server, {"n": 2})
        post(server, {"n": 3}, path="/v1/other")
        requests = server.requests
    assert status == 500 and b"no scripted reply left" in raw
    assert [(r.path, r.body) for r in requests] == [
        ("/v1/chat/completions", {"n": 1}),
        ("/v1/chat/completions", {"n": 2}),
        ("/v1/other", {"n": 3}),
    ]
    assert requests[0].headers["x-test"] == "1"


def test_drop_after_closes_the_socket_mid_stream() -> None:
    with FakeModelServer([s.text("a", "b", "c").dropped_after(2)]) as server:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        connection.request("POST", "/v1/chat/completions", "{}")
        response = connection.getresponse()
        with pytest.raises(http.client.IncompleteRead) as caught:
            response.read()
        connection.close()
    assert len(sse_payloads(caught.value.partial)) == 2


def test_reset_after_resets_the_connection_mid_stream() -> None:
    """SO_LINGER 0 then close: the client sees the events before it, then ECONNRESET (no FIN)."""
    reply = s.text("a", "b", "c").reset_after_events(2)
    assert Script.from_json(Script([reply]).to_json()).replies[0].reset_after == 2
    received = b""
    with (
        FakeModelServer([reply]) as server,
        socket.create_connection(("127.0.0.1", server.port), timeout=5) as client,
    ):
        client.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}")
        with pytest.raises(ConnectionResetError):
            while chunk := client.recv(65536):
                received += chunk
    assert received.count(b"data: ") == 2


def test_stall_with_seconds_holds_then_finishes() -> None:
    with FakeModelServer([s.text("x").stalled_after(1, seconds=0.3)]) as server:
        started = time.monotonic()
        _, _, raw = post(server, {})
        elapsed = time.monotonic() - started
    assert elapsed >= 0.3
    assert sse_payloads(raw)[-1] == DONE


def test_stall_without_seconds_ends_when_the_client_hangs_up() -> None:
    with FakeModelServer([s.text("x").stalled_after(1)]) as server:
        connection = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        connection.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}")
        first = connection.recv(65536)
        connection.close()
    assert b"200 OK" in first


def test_raw_and_events_are_sent_exactly() -> None:
    replies = [s.raw("<html>oops</html>"), s.events({"choices": []}, '{"choices": [oops', DONE)]
    with FakeModelServer(replies) as server:
        _, _, html = post(server, {})
        _, _, stream = post(server, {})
    assert html == b"<html>oops</html>"
    assert sse_payloads(stream) == ['{"choices": []}', '{"choices": [oops', DONE]


def test_the_json_form_round_trips_through_the_builder() -> None:
    script = s.Script(
        [
            s.text("hi", usage=(1, 2), finish_reason=None, done=False),
            s.tool_calls(s.call("bash", {"command": "ls"}, id="c9")),
            s.http_error(503, "busy", retry_after="1"),
            s.text("late").delayed(0.1).dropped_after(1),
        ]
    )
    again = Script.loads(script.dumps())
    assert again.replies == script.replies
    assert again.to_json() == script.to_json()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"replies": [{"text": 3}]}, "reply 0: field 'text' must be a string or a list of strings"),
        (
            {"replies": [{"text": "a"}, {"usage": [1]}]},
            "reply 1: field 'usage' must be [prompt_tokens, completion_tokens]",
        ),
        ({"replies": [{"txt": "a"}]}, "reply 0: unknown field 'txt'"),
        (
            {"replies": [{"error": {"status": 500}, "text": "a"}]},
            "reply 0: 'error', 'events', 'raw' and text/tool_calls are exclusive",
        ),
        (
            {"replies": [{"tool_calls": [{"arguments": "{}"}]}]},
            "reply 0: tool_calls[0]: field 'name' must be a string",
        ),
        ({"replies": [], "extra": 1}, "script: unknown field 'extra'"),
        ("nope", "script: expected an object with 'replies' or a list of replies"),
    ],
)
def test_a_bad_script_names_the_reply_and_the_field(data: Any, message: str) -> None:
    with pytest.raises(ScriptError) as caught:
        Script.from_json(data)
    assert str(caught.value) == message


def test_a_low_level_reply_serialises_to_its_wire_form() -> None:
    reply = Reply(events=(DONE,), status=202, drop_after=0)
    assert Script.from_json(Script([reply]).to_json()).replies[0].events == (DONE,)


def test_the_command_line_server_serves_a_script_file(tmp_path: Any) -> None:
    path = tmp_path / "script.json"
    path.write_text(s.Script([s.text("from the cli")]).dumps())
    process = subprocess.Popen(
        [sys.executable, "-m", "zero_client.testing", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None and process.stderr is not None
        base_url = process.stdout.readline().strip()
        port = int(base_url.rsplit(":", 1)[1].split("/")[0])
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        connection.request("POST", "/v1/chat/completions", '{"x": 1}')
        payloads = sse_payloads(connection.getresponse().read())
        assert json.loads(process.stderr.readline())["body"] == {"x": 1}
    finally:
        process.terminate()
        process.wait(timeout=5)
    assert any('"from the cli"' in p for p in payloads)


def test_a_bad_script_file_is_a_usage_error(tmp_path: Any) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"replies": [{"usage": "x"}]}')
    result = subprocess.run(
        [sys.executable, "-m", "zero_client.testing", str(path)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2
    assert result.stderr == "fake_model: reply 0: field 'usage' must be [prompt_tokens, completion_tokens]\n"


def test_the_kit_imports_neither_the_engine_nor_the_generator() -> None:
    code = (
        "import sys, zero_client.testing, zero_client.testing.fake_model;"
        "print(sorted(m for m in sys.modules if m.startswith(('zero_engine', 'zero_sdk'))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=30, check=True
    )
    assert result.stdout.strip() == "[]"
