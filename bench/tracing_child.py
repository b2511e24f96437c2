"""One subject of goal 8 (bench_tracing.py), in a process of its own so that what it imports is
exactly what its mode says: `today` (the client of the commit before tracing, from
`--baseline DIR`), `off` (this client, OpenTelemetry never imported), `api` (the API imported,
no SDK: the global provider is the no-op proxy), `sdk` (an SDK provider with an in-memory
exporter, spans kept until the run ends) or `bare` (readline + json.loads over the same pipe).

    python bench/tracing_child.py MODE TRANSCRIPT [--baseline DIR] [--times N]

Runs the stream once to warm up, then N times timed; prints {"seconds": [S, ...], "events": N,
"spans": K} (K: spans one run recorded). In `sdk` mode also "sdk_alone": [S, ...], the seconds
the SDK alone takes to create and export the same K spans (same names, kinds, attributes and
parent), straight through the tracer with nothing around it, timed N times: the least any
instrumentation of this run could cost; and "ours_alone": [S, ...], the seconds our trace
(`RunTrace`) takes to observe the run's decoded events with a tracer whose spans do nothing: what
the mapping's interpreter costs without the SDK.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
FAKE_ZERO = str(BENCH_DIR / "fake_zero")


def bare(transcript: str) -> int:
    proc = subprocess.Popen(["cat", "--", transcript], stdout=subprocess.PIPE)
    assert proc.stdout is not None
    count = 0
    loads = json.loads
    while line := proc.stdout.readline():
        if line.strip():
            loads(line)
            count += 1
    proc.stdout.close()
    proc.wait()
    return count


def sdk_alone(provider: Any, exporter: Any, times: int) -> list[float]:
    """Seconds to start and end, through `provider`'s SDK, the spans `exporter` holds."""
    import gc

    from opentelemetry.trace import set_span_in_context

    spans = [(s.name, s.kind, dict(s.attributes or {})) for s in exporter.get_finished_spans()]
    tracer = provider.get_tracer("zero-sdk")
    seconds = []
    for _ in range(times):
        exporter.clear()
        gc.collect()
        parent = tracer.start_span("parent")
        context = set_span_in_context(parent)
        start = time.perf_counter()
        for name, kind, attributes in spans:
            tracer.start_span(name, context=context, kind=kind, attributes=attributes).end()
        parent.end()
        seconds.append(time.perf_counter() - start)
    return seconds


def ours_alone(transcript: str, times: int) -> list[float]:
    """Seconds `RunTrace` takes to observe the transcript's events, decoded beforehand in the
    client's pump-sized batches, with spans that do nothing."""
    import gc

    from opentelemetry.trace import INVALID_SPAN, NoOpTracer
    from zero_client.core import LineDecoder, LineSplitter
    from zero_client.process import PUMP_BUDGET
    from zero_client.tracing import RunTrace

    splitter, decoder = LineSplitter(), LineDecoder("lenient")
    batches = []
    with open(transcript, "rb") as stream:
        while chunk := stream.read(PUMP_BUDGET):
            batches.append(decoder.decode_all(splitter.feed(chunk)))
    seconds = []
    for _ in range(times):
        gc.collect()
        # The API's no-op tracer and span: `_observe` is called directly (`observe` is None for a
        # span that does not record), so every rule runs and each span call costs a no-op.
        trace = RunTrace(NoOpTracer(), INVALID_SPAN, capture_content=False)
        start = time.perf_counter()
        for batch in batches:
            trace._observe(batch)
        seconds.append(time.perf_counter() - start)
        trace.finish(None, None)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["today", "off", "api", "sdk", "bare"])
    parser.add_argument("transcript")
    parser.add_argument("--baseline", default=None)
    parser.add_argument("--times", type=int, default=1)
    args = parser.parse_args()
    if args.mode == "today":
        sys.path.insert(0, args.baseline)  # the older zero_client shadows this checkout's
    options: dict[str, Any] = {}
    exporter: Any = None
    if args.mode == "api":
        import opentelemetry.trace  # noqa: F401  (imported, no provider set: the no-op proxy)
    elif args.mode == "sdk":
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import SimpleSpanProcessor
        from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

        exporter = InMemorySpanExporter()
        provider = TracerProvider()
        provider.add_span_processor(SimpleSpanProcessor(exporter))
        options["tracer_provider"] = provider
    from zero_client import Timeouts, ZeroClient

    if args.mode == "today":
        import zero_client

        assert args.baseline in str(zero_client.__file__), zero_client.__file__

    def once() -> int:
        if args.mode == "bare":
            return bare(args.transcript)
        client = ZeroClient([FAKE_ZERO], env={"ZERO_BENCH_REPLAY": args.transcript}, schema_version=2,
                            timeouts=Timeouts(start=None, total=None), **options)  # fmt: skip
        count = 0
        for _ in client.stream("bench"):
            count += 1
        return count

    once()
    seconds = []
    spans = events = 0
    for _ in range(args.times):
        if exporter is not None:
            exporter.clear()
        start = time.perf_counter()
        events = once()
        seconds.append(time.perf_counter() - start)
        spans = len(exporter.get_finished_spans()) if exporter is not None else 0
    result: dict[str, Any] = {"seconds": seconds, "events": events, "spans": spans}
    if exporter is not None:
        result["sdk_alone"] = sdk_alone(options["tracer_provider"], exporter, args.times)
        result["ours_alone"] = ours_alone(args.transcript, args.times)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
