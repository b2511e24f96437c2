"""A scriptable fake of the OpenAI Chat Completions endpoint, for tests.

It is a real threaded HTTP server on 127.0.0.1 (port 0) that speaks real server-sent events over
real sockets. Tests queue `ScriptedResponse`s; each POST to `/v1/chat/completions` takes the next
one (or asks `responder`, if set) and the server records every request's path, headers and JSON
body. Use it in-process, or point a `zero-engine exec` subprocess at it with
`OPENAI_BASE_URL=<server.base_url>`.

    with FakeOpenAIServer() as server:
        server.enqueue(text_response("Hello", " world", usage=(12, 3)))
        ... run the client against server.base_url ...
        assert server.requests[0].body["stream"] is True
"""

from __future__ import annotations

import json
import socket
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

DONE = "[DONE]"


@dataclass(frozen=True)
class ScriptedResponse:
    """One scripted HTTP response.

    events: SSE `data:` payloads in order; dicts are JSON-encoded, strings are sent as they are
        (so `DONE` sends the terminator, and a broken string sends malformed JSON).
    raw_body: bytes sent instead of `events` (for malformed event streams and error bodies).
    status/headers: the status line and extra headers. Non-2xx responses usually carry raw_body.
    drop_after: close the socket abruptly after this many events (no terminating chunk).
    stall_after: stop sending after this many events and hold the connection open until the
        client gives up (or the server closes).
    """

    events: tuple[dict[str, Any] | str, ...] = ()
    raw_body: bytes | None = None
    status: int = 200
    headers: tuple[tuple[str, str], ...] = ()
    drop_after: int | None = None
    stall_after: int | None = None


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]  # header names lowercased
    body: Any  # the decoded JSON body (None when it was not JSON)


# ------------------------------------------------------------------------------------------------
# Builders for the common responses


def chunk(
    delta: dict[str, Any], finish_reason: str | None = None, *, model: str = "fake-model"
) -> dict[str, Any]:
    """One `chat.completion.chunk` with a single choice."""
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion.chunk",
        "model": model,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}],
    }


def usage_chunk(prompt_tokens: int, completion_tokens: int) -> dict[str, Any]:
    """The final usage-only chunk that `stream_options.include_usage` asks for."""
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion.chunk",
        "choices": [],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def text_response(
    *pieces: str, reasoning: tuple[str, ...] = (), usage: tuple[int, int] | None = None
) -> ScriptedResponse:
    """Reasoning pieces, then text pieces, then finish_reason stop, usage and [DONE]."""
    events: list[dict[str, Any] | str] = [chunk({"role": "assistant", "content": ""})]
    events += [chunk({"reasoning_content": piece}) for piece in reasoning]
    events += [chunk({"content": piece}) for piece in pieces]
    events.append(chunk({}, "stop"))
    if usage is not None:
        events.append(usage_chunk(*usage))
    events.append(DONE)
    return ScriptedResponse(events=tuple(events))


def tool_call_response(
    *calls: tuple[str, str, str], text: str = "", usage: tuple[int, int] | None = None, split: int = 2
) -> ScriptedResponse:
    """Tool calls given as (id, name, arguments JSON), each streamed in `split` argument fragments."""
    events: list[dict[str, Any] | str] = [chunk({"role": "assistant", "content": text or None})]
    for index, (call_id, name, arguments) in enumerate(calls):
        step = max(1, -(-len(arguments) // split))
        fragments = [arguments[start : start + step] for start in range(0, len(arguments), step)] or [""]
        first = {
            "index": index,
            "id": call_id,
            "type": "function",
            "function": {"name": name, "arguments": ""},
        }
        events.append(chunk({"tool_calls": [first]}))
        events += [
            chunk({"tool_calls": [{"index": index, "function": {"arguments": part}}]}) for part in fragments
        ]
    events.append(chunk({}, "tool_calls"))
    if usage is not None:
        events.append(usage_chunk(*usage))
    events.append(DONE)
    return ScriptedResponse(events=tuple(events))


def error_response(status: int, message: str, *, retry_after: str | None = None) -> ScriptedResponse:
    """A JSON error body in OpenAI's `{"error": {...}}` shape."""
    body = json.dumps({"error": {"message": message, "type": "fake_error", "code": None}}).encode()
    headers = [("Content-Type", "application/json")]
    if retry_after is not None:
        headers.append(("Retry-After", retry_after))
    return ScriptedResponse(status=status, raw_body=body, headers=tuple(headers))


# ------------------------------------------------------------------------------------------------
# The server


@dataclass
class _Script:
    queue: deque[ScriptedResponse] = field(default_factory=deque)
    requests: list[RecordedRequest] = field(default_factory=list)
    responder: Callable[[RecordedRequest], ScriptedResponse] | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    closing: threading.Event = field(default_factory=threading.Event)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _FakeHTTPServer

    def log_message(self, format: str, *args: Any) -> None:
        pass  # keep test output clean

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        try:
            body: Any = json.loads(raw)
        except ValueError:
            body = None
        request = RecordedRequest(
            method="POST",
            path=self.path,
            headers={name.lower(): value for name, value in self.headers.items()},
            body=body,
        )
        script = self.server.script
        with script.lock:
            script.requests.append(request)
            if script.responder is not None:
                response = script.responder(request)
            elif script.queue:
                response = script.queue.popleft()
            else:
                response = error_response(500, "fake server: no scripted response left")
        if not self.path.rstrip("/").endswith("/chat/completions"):
            response = error_response(404, f"fake server: unknown path {self.path}")
        self._send(response)

    def _send(self, response: ScriptedResponse) -> None:
        self.send_response(response.status)
        names = {name.lower() for name, _ in response.headers}
        for name, value in response.headers:
            self.send_header(name, value)
        if response.raw_body is not None and response.drop_after is None and response.stall_after is None:
            if "content-type" not in names:
                self.send_header("Content-Type", "text/event-stream")
            self.send_header("Content-Length", str(len(response.raw_body)))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(response.raw_body)
            self.wfile.flush()
            self.close_connection = True
            return
        if "content-type" not in names:
            self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        pieces: list[bytes] = (
            [response.raw_body]
            if response.raw_body is not None
            else [self._encode_event(event) for event in response.events]
        )
        for sent, piece in enumerate(pieces):
            if response.drop_after is not None and sent == response.drop_after:
                self._drop()
                return
            if response.stall_after is not None and sent == response.stall_after:
                self._stall()
                return
            self._write_chunk(piece)
        if response.stall_after is not None:
            self._stall()
            return
        if response.drop_after is not None:
            self._drop()
            return
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    @staticmethod
    def _encode_event(event: dict[str, Any] | str) -> bytes:
        data = event if isinstance(event, str) else json.dumps(event)
        return b"".join(b"data: " + line.encode() + b"\n" for line in data.split("\n")) + b"\n"

    def _write_chunk(self, data: bytes) -> None:
        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()

    def _drop(self) -> None:
        self.wfile.flush()
        self.connection.shutdown(socket.SHUT_RDWR)

    def _stall(self) -> None:
        # Wait until the client hangs up (recv returns b"" or fails) or the server closes.
        self.connection.settimeout(0.05)
        while not self.server.script.closing.is_set():
            try:
                if self.connection.recv(1) == b"":
                    return
            except TimeoutError:
                continue
            except OSError:
                return


class _FakeHTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    script: _Script


class FakeOpenAIServer:
    """A running fake endpoint. Use as a context manager; `base_url` ends with `/v1`."""

    def __init__(self, responder: Callable[[RecordedRequest], ScriptedResponse] | None = None) -> None:
        self._httpd = _FakeHTTPServer(("127.0.0.1", 0), _Handler)
        self._httpd.script = _Script(responder=responder)
        # A short poll interval keeps shutdown (and so each test's teardown) quick.
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, name="fake-openai", daemon=True
        )

    @property
    def port(self) -> int:
        return int(self._httpd.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._httpd.script.lock:
            return list(self._httpd.script.requests)

    def enqueue(self, *responses: ScriptedResponse) -> None:
        with self._httpd.script.lock:
            self._httpd.script.queue.extend(responses)

    def start(self) -> FakeOpenAIServer:
        self._thread.start()
        return self

    def close(self) -> None:
        self._httpd.script.closing.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.close()
