"""An OTLP/HTTP trace receiver on 127.0.0.1 for tests: what an exporter configured by
OTEL_EXPORTER_OTLP_ENDPOINT sends, decoded with the OTLP protobuf messages."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class OtlpReceiver:
    """The spans received so far (`spans`), and the endpoint to give an exporter (`endpoint`)."""

    def __init__(self, endpoint: str) -> None:
        self.endpoint = endpoint
        self.requests: list[tuple[str, list[Any]]] = []  # (path, spans) per request
        self.lock = threading.Lock()

    @property
    def spans(self) -> list[Any]:
        """Every span received on /v1/traces (opentelemetry.proto Span messages)."""
        with self.lock:
            return [span for path, spans in self.requests if path == "/v1/traces" for span in spans]


@contextmanager
def otlp_receiver() -> Iterator[OtlpReceiver]:
    """Runs a receiver for the block; it answers every export with 200."""
    from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

    receiver: OtlpReceiver

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            request = ExportTraceServiceRequest.FromString(body)
            spans = [s for r in request.resource_spans for scope in r.scope_spans for s in scope.spans]
            with receiver.lock:
                receiver.requests.append((self.path, spans))
            self.send_response(200)
            self.send_header("Content-Type", "application/x-protobuf")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    receiver = OtlpReceiver(f"http://127.0.0.1:{server.server_address[1]}")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield receiver
    finally:
        server.shutdown()
        server.server_close()
