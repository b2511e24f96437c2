"""web_search against a real HTTP backend on 127.0.0.1: registration, the request it sends, result
formatting, the domains allowlist, redirects and errors in Zero's words."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from zero_engine.tools.registry import ToolRegistry
from zero_engine.tools.web_search import format_results

Handler = Callable[[BaseHTTPRequestHandler], tuple[int, dict[str, str], bytes]]


class Backend:
    """A loopback server answering every request with `answer(request)`; records what it got."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.answer: Handler = lambda _request: (200, {}, b"[]")
        backend = self

        class Handle(BaseHTTPRequestHandler):
            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                backend.requests.append(
                    {"method": self.command, "path": self.path, "headers": dict(self.headers), "body": body}
                )
                status, headers, payload = backend.answer(self)
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = _serve

            def log_message(self, *_args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handle)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def backend() -> Iterator[Backend]:
    running = Backend()
    yield running
    running.close()


def search(tmp_path: Path, environ: dict[str, str], version: int = 2, **arguments: Any) -> tuple[str, str]:
    registry = ToolRegistry(tmp_path, "unsafe", schema_version=version, environ=environ)
    result = registry.execute("c1", "web_search", json.dumps(arguments)).result
    return result.status, result.output


def test_offered_only_with_a_backend(tmp_path: Path) -> None:
    for version in (1, 2):
        assert "web_search" not in [
            s.name for s in ToolRegistry(tmp_path, "auto", schema_version=version).all_specs()
        ]
    v2 = {
        s.name: s
        for s in ToolRegistry(tmp_path, "auto", environ={"ZERO_WEBSEARCH_BASE_URL": "x"}).all_specs()
    }
    assert v2["web_search"].permission == "prompt" and v2["web_search"].deferrable
    v1 = {
        s.name: s
        for s in ToolRegistry(
            tmp_path, "auto", schema_version=1, environ={"ZERO_WEBSEARCH_BASE_URL": "x"}
        ).all_specs()
    }
    assert v1["web_search"].permission == "allow" and not v1["web_search"].deferrable


def test_the_request_and_the_results(backend: Backend, tmp_path: Path) -> None:
    results = [
        {"title": " Zero ", "url": "https://www.example.com/z", "snippet": " agent ", "score": "0.914"},
        {"url": "https://other.org", "score": 0.004},
    ]
    backend.answer = lambda _r: (
        200,
        {"Content-Type": "application/json"},
        json.dumps({"results": results}).encode(),
    )
    environ = {
        "ZERO_WEBSEARCH_BASE_URL": f" {backend.url}/search ",
        "ZERO_WEBSEARCH_API_KEY": "k-123",
        "ZERO_WEBSEARCH_PROVIDER": "agg",
    }
    status, output = search(tmp_path, environ, query="zero", limit=50)
    assert status == "ok"
    assert (
        output
        == "1. Zero \u2014 https://www.example.com/z \u2014 score 0.91\n   agent\n2. (untitled) \u2014 https://other.org"
    )
    sent = backend.requests[0]
    assert (sent["method"], sent["path"]) == ("POST", "/search")
    assert json.loads(sent["body"]) == {
        "limit": 10,
        "provider": "agg",
        "query": "zero",
    }  # the limit is capped
    assert sent["headers"]["Authorization"] == "Bearer k-123"
    assert sent["headers"]["User-Agent"] == "zero-web-search/0.1"
    filtered = search(tmp_path, environ, query="zero", domains=["HTTPS://WWW.Example.com:443/x"])
    assert filtered == ("ok", "1. Zero \u2014 https://www.example.com/z \u2014 score 0.91\n   agent")


def test_errors_in_zero_s_words(backend: Backend, tmp_path: Path) -> None:
    environ = {"ZERO_WEBSEARCH_BASE_URL": backend.url}
    backend.answer = lambda _r: (500, {}, b"secret echo")
    assert search(tmp_path, environ, query="q") == (
        "error",
        "Error performing web search: search backend returned HTTP 500",
    )
    backend.answer = lambda _r: (200, {}, b'[{"title": 5}]')
    assert search(tmp_path, environ, query="q")[1] == (
        "Error performing web search: parse search results: json: cannot unmarshal number into Go struct "
        "field rawResult.title of type string"
    )
    backend.answer = lambda _r: (200, {}, b"[]")
    assert search(tmp_path, environ, query="nothing") == ("ok", "No results for query: nothing")
    assert search(tmp_path, environ, domains=[]) == (
        "error",
        "Error: Invalid arguments for web_search: query is required",
    )
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    refused = search(tmp_path, {"ZERO_WEBSEARCH_BASE_URL": f"http://127.0.0.1:{port}/s"}, query="q")
    assert refused[1] == (
        f'Error performing web search: search request failed: Post "http://127.0.0.1:{port}/s": '
        f"dial tcp 127.0.0.1:{port}: connect: connection refused"
    )


def test_redirects_stay_on_the_host(backend: Backend, tmp_path: Path) -> None:
    environ = {"ZERO_WEBSEARCH_BASE_URL": f"{backend.url}/start"}

    def redirect(request: BaseHTTPRequestHandler) -> tuple[int, dict[str, str], bytes]:
        if request.path == "/start":
            return 303, {"Location": "/results"}, b""
        if request.path == "/results":
            return 200, {}, b'[{"title": "t", "url": "u"}]'
        return 404, {}, b""

    backend.answer = redirect
    assert search(tmp_path, environ, query="q") == ("ok", "1. t \u2014 u")
    assert [(r["method"], r["path"]) for r in backend.requests] == [("POST", "/start"), ("GET", "/results")]
    backend.answer = lambda _r: (302, {"Location": "http://localhost:1/x"}, b"")
    assert search(tmp_path, environ, query="q")[1] == (
        'Error performing web search: search request failed: Post "http://localhost:1/x": '
        'refusing cross-host redirect to "localhost"'
    )
    backend.answer = lambda r: (307, {"Location": r.path + "x"}, b"")
    assert search(tmp_path, environ, query="q")[1] == (
        f'Error performing web search: search request failed: Post "{backend.url}/startxxxxx": '
        "stopped after 5 redirects"
    )


def test_format_rounds_scores_and_drops_tiny_ones() -> None:
    from zero_engine.tools.web_search import _Result

    assert format_results([_Result("a", "u", "", 0.005), _Result("b", "v", "s", 0.0049)]) == (
        "1. a \u2014 u \u2014 score 0.01\n2. b \u2014 v\n   s"
    )
