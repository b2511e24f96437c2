"""Prints the spans of one run to the console (docs/tracing.md).

    pip install 'zero-headless-sdk[otel]'
    ZERO_BIN=zero-engine ZERO_PROVIDER=demo python docs/examples/tracing_console.py

Any `zero` works the same way; the demo provider of the embedded engine needs no model.
"""

from __future__ import annotations

from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import ConsoleSpanExporter, SimpleSpanProcessor
from zero_client import ZeroClient


def main() -> None:
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(ConsoleSpanExporter()))
    client = ZeroClient(cwd=".", tracer_provider=provider)  # runs $ZERO_BIN, else `zero`
    result = client.run("List the files here, then say which one is the README.")
    print("final answer:", result.final_text)
    provider.shutdown()


if __name__ == "__main__":
    main()
