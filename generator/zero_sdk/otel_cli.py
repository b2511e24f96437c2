"""Trace export for the `zero-sdk` commands, configured by the standard OTEL_* variables.

The commands export only when the environment asks for it, so a plain `zero-sdk run` never
tries to reach a collector:
- OTEL_SDK_DISABLED=true: nothing;
- OTEL_TRACES_EXPORTER: a comma-separated list of `otlp`, `console` and `none` (the SDK's names);
- unset: `otlp` when OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set,
  else nothing.
The OTLP exporter reads its endpoint, headers, timeout and protocol from the environment as the
SDK documents (http/protobuf, the default, ships in the `otel` extra; grpc needs
opentelemetry-exporter-otlp-proto-grpc). The service is `zero-sdk` unless OTEL_SERVICE_NAME or
OTEL_RESOURCE_ATTRIBUTES name one. A TRACEPARENT in the command's own environment (a traced CI
job, a parent agent) becomes the parent of the runs' spans.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from zero_client.tracing import _mapping as mapping

__all__ = ["TracingSetupError", "exporters_from_env", "provider_from_env", "traced_command"]

_SERVICE_NAME = "zero-sdk"


class TracingSetupError(ValueError):
    """The OTEL_* variables ask for something this installation cannot do; the message says what."""


def exporters_from_env(env: Mapping[str, str]) -> list[str]:
    """The exporters the environment asks for (empty: no export)."""
    if env.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return []
    names = env.get("OTEL_TRACES_EXPORTER", "").strip()
    if not names:
        endpoint = env.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") or env.get("OTEL_EXPORTER_OTLP_ENDPOINT")
        return ["otlp"] if endpoint else []
    wanted = [name.strip().lower() for name in names.split(",") if name.strip()]
    unknown = [name for name in wanted if name not in ("otlp", "console", "none")]
    if unknown:
        raise TracingSetupError(
            f"OTEL_TRACES_EXPORTER={names}: unsupported exporter {unknown[0]!r} "
            "(supported: otlp, console, none)"
        )
    return [] if "none" in wanted else wanted


def _otlp_exporter(env: Mapping[str, str]) -> Any:
    protocol = env.get("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL") or env.get("OTEL_EXPORTER_OTLP_PROTOCOL")
    protocol = (protocol or "http/protobuf").strip()
    if protocol == "http/protobuf":
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        return OTLPSpanExporter()
    if protocol == "grpc":
        try:
            from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import (  # type: ignore[import-not-found]
                OTLPSpanExporter as GrpcSpanExporter,
            )
        except ImportError:
            raise TracingSetupError(
                "OTLP over grpc needs its exporter: pip install opentelemetry-exporter-otlp-proto-grpc"
            ) from None
        return GrpcSpanExporter()
    raise TracingSetupError(
        f"OTEL_EXPORTER_OTLP_PROTOCOL={protocol}: unsupported protocol (supported: http/protobuf, grpc)"
    )


def provider_from_env(env: Mapping[str, str]) -> Any:
    """An SDK `TracerProvider` exporting as the environment asks, or None for no export."""
    wanted = exporters_from_env(env)
    if not wanted:
        return None
    try:
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import (
            BatchSpanProcessor,
            ConsoleSpanExporter,
            SimpleSpanProcessor,
        )
    except ImportError:
        raise TracingSetupError(
            "exporting traces (OTEL_* is set) needs the `otel` extra: pip install 'zero-sdk[otel]'"
        ) from None
    named = env.get("OTEL_SERVICE_NAME") or "service.name=" in env.get("OTEL_RESOURCE_ATTRIBUTES", "")
    provider = TracerProvider(resource=Resource.create({} if named else {"service.name": _SERVICE_NAME}))
    for name in wanted:
        if name == "console":
            provider.add_span_processor(SimpleSpanProcessor(ConsoleSpanExporter()))
        else:
            provider.add_span_processor(BatchSpanProcessor(_otlp_exporter(env)))
    return provider


@contextmanager
def traced_command(provider: Any, env: Mapping[str, str] | None = None) -> Iterator[None]:
    """For the duration of a command that exports with `provider` (from `provider_from_env`;
    None: no export, nothing happens): the environment's TRACEPARENT is the current parent, and
    every span is flushed when the block ends, however it ends."""
    if provider is None:
        yield
        return
    env = os.environ if env is None else env
    from opentelemetry import context
    from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

    carrier = {
        "traceparent": env.get(mapping.TRACEPARENT_ENV, ""),
        "tracestate": env.get(mapping.TRACESTATE_ENV, ""),
    }
    token = context.attach(TraceContextTextMapPropagator().extract({k: v for k, v in carrier.items() if v}))
    try:
        yield
    finally:
        context.detach(token)
        provider.shutdown()  # flushes the batch processors
