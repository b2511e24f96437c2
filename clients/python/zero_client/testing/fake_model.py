"""A loopback fake of an OpenAI-compatible model server, for tests of anything that drives Zero.

A real threaded HTTP server on 127.0.0.1 (any free port) speaking real server-sent events over
real sockets. It plays a script (`zero_client.testing.script`): each POST to
`/v1/chat/completions` takes the next reply, and every request's path, headers and JSON body is
recorded. Point `zero exec` (the real binary or `zero-engine`) at it with
`OPENAI_BASE_URL=<server.base_url> OPENAI_API_KEY=x OPENAI_MODEL=gpt-4o-mini`.

    from zero_client.testing import FakeModelServer, script as s
    with FakeModelServer(s.Script([s.text("Hello", usage=(12, 3))])) as server:
        ... run zero exec with OPENAI_BASE_URL=server.base_url ...
        assert server.requests[0].body["stream"] is True

`python -m zero_client.testing SCRIPT.json` serves a script from the command line
(prints the base URL, then each request as a JSON line on stderr). Stdlib only.
"""

from __future__ import annotations

import json
import socket
import struct
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from zero_client.testing.script import Reply, Script, SSEPayload, http_error

EXHAUSTED_MESSAGE = "fake model: no scripted reply left"
RESET_PAUSE = 0.1  # seconds between the last write and a scripted reset (`reset_after`)


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]  # header names lowercased
    body: Any  # the decoded JSON body (None when it was not JSON)

    def to_json(self) -> dict[str, Any]:
        return {"method": self.method, "path": self.path, "headers": self.headers, "body": self.body}


@dataclass
class _State:
    queue: deque[Reply] = field(default_factory=deque)
    requests: list[RecordedRequest] = field(default_factory=list)
    responder: Callable[[RecordedRequest], Reply] | None = None
    on_request: Callable[[RecordedRequest], None] | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    closing: threading.Event = field(default_factory=threading.Event)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _HTTPServer

    def log_message(self, format: str, *args: Any) -> None:
        pass  # keep test output clean

    def do_GET(self) -> None:
        self._record(b"")
        self._send(http_error(404, f"fake model: unknown path {self.path}"))

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        request = self._record(self.rfile.read(length))
        state = self.server.state
        if not self.path.rstrip("/").endswith("/chat/completions"):
            self._send(http_error(404, f"fake model: unknown path {self.path}"))
            return
        with state.lock:
            if state.responder is not None:
                reply = state.responder(request)
            elif state.queue:
                reply = state.queue.popleft()
            else:
                reply = http_error(500, EXHAUSTED_MESSAGE)
        self._send(reply)

    def _record(self, raw: bytes) -> RecordedRequest:
        try:
            body: Any = json.loads(raw) if raw else None
        except ValueError:
            body = None
        request = RecordedRequest(
            method=self.command,
            path=self.path,
            headers={name.lower(): value for name, value in self.headers.items()},
            body=body,
        )
        state = self.server.state
        with state.lock:
            state.requests.append(request)
        if state.on_request is not None:
            state.on_request(request)
        return request

    def _send(self, reply: Reply) -> None:
        if reply.delay_seconds and self.server.state.closing.wait(reply.delay_seconds):
            return
        self.send_response(reply.status)
        names = {name.lower() for name, _ in reply.headers}
        for name, value in reply.headers:
            self.send_header(name, value)
        if "content-type" not in names:
            self.send_header("Content-Type", "text/event-stream")
        self.close_connection = True
        whole_body = (
            reply.raw is not None
            and reply.drop_after is None
            and reply.reset_after is None
            and reply.stall_after is None
        )
        if whole_body:
            assert reply.raw is not None
            self.send_header("Content-Length", str(len(reply.raw)))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(reply.raw)
            self.wfile.flush()
            return
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Connection", "close")
        self.end_headers()
        pieces = [reply.raw] if reply.raw is not None else [encode_event(event) for event in reply.events]
        try:
            for sent, piece in enumerate(pieces):
                if reply.drop_after is not None and sent == reply.drop_after:
                    self._drop()
                    return
                if reply.reset_after is not None and sent == reply.reset_after:
                    self._reset()
                    return
                if reply.stall_after is not None and sent == reply.stall_after and not self._stall(reply):
                    return
                self._write_chunk(piece)
            if reply.drop_after is not None:
                self._drop()
                return
            if reply.reset_after is not None:
                self._reset()
                return
            if reply.stall_after is not None and reply.stall_after >= len(pieces) and not self._stall(reply):
                return
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except OSError:
            return  # the client hung up

    def _write_chunk(self, data: bytes) -> None:
        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()

    def _drop(self) -> None:
        self.wfile.flush()
        self.connection.shutdown(socket.SHUT_RDWR)

    def _reset(self) -> None:
        """Close with SO_LINGER 0: the kernel sends a TCP RST, so the client's next read fails
        with ECONNRESET ("connection reset by peer") instead of seeing an orderly end. A reset
        discards what the client has received but not yet read, so it waits RESET_PAUSE first:
        the client reads what was sent before it (a fixed outcome, not a race)."""
        self.wfile.flush()
        if self.server.state.closing.wait(RESET_PAUSE):
            return
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.rfile.close()  # its reference would keep the descriptor open past close()
        self.connection.close()

    def _stall(self, reply: Reply) -> bool:
        """Hold the connection; True when `stall_seconds` passed and the stream should go on,
        False when the client hung up or the server is closing."""
        deadline = None if reply.stall_seconds is None else time.monotonic() + reply.stall_seconds
        self.connection.settimeout(0.05)
        while not self.server.state.closing.is_set():
            if deadline is not None and time.monotonic() >= deadline:
                self.connection.settimeout(None)
                return True
            try:
                if self.connection.recv(1) == b"":
                    return False
            except TimeoutError:
                continue
            except OSError:
                return False
        return False


def encode_event(event: SSEPayload) -> bytes:
    """One SSE event: each line of the payload as a `data:` line, then a blank line."""
    data = event if isinstance(event, str) else json.dumps(event)
    return b"".join(b"data: " + line.encode() + b"\n" for line in data.split("\n")) + b"\n"


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    state: _State


class FakeModelServer:
    """A running fake endpoint. Use as a context manager; `base_url` ends with `/v1`.

    script: the replies to play in order (a `Script`, or `Reply`s); `enqueue` adds more.
    responder: instead of a queue, a function that picks the reply for each request.
    port: 0 (the default) takes any free port.
    """

    def __init__(
        self,
        script: Script | Iterable[Reply] = (),
        *,
        responder: Callable[[RecordedRequest], Reply] | None = None,
        port: int = 0,
        on_request: Callable[[RecordedRequest], None] | None = None,
    ) -> None:
        replies = script.replies if isinstance(script, Script) else tuple(script)
        self._httpd = _HTTPServer(("127.0.0.1", port), _Handler)
        self._httpd.state = _State(queue=deque(replies), responder=responder, on_request=on_request)
        # A short poll interval keeps shutdown (and so each test's teardown) quick.
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, name="fake-model", daemon=True
        )

    @property
    def port(self) -> int:
        return int(self._httpd.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._httpd.state.lock:
            return list(self._httpd.state.requests)

    @property
    def remaining(self) -> int:
        """How many scripted replies have not been played."""
        with self._httpd.state.lock:
            return len(self._httpd.state.queue)

    def enqueue(self, *replies: Reply) -> None:
        with self._httpd.state.lock:
            self._httpd.state.queue.extend(replies)

    def start(self) -> FakeModelServer:
        self._thread.start()
        return self

    def close(self) -> None:
        self._httpd.state.closing.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> FakeModelServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.close()
