"""Tracing configured by the standard OTEL_* variables, for processes that set up their own export:
the `zero-sdk` commands, and the Ray workers of a traced batch (zero_client.batch.ray_backend).

A process exports only when its environment asks for it, so nothing ever tries to reach a
collector by default:
- OTEL_SDK_DISABLED=true: nothing;
- OTEL_TRACES_EXPORTER: a comma-separated list of `otlp`, `console` and `none` (the SDK's names);
- unset: `otlp` when OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set,
  else nothing.
The OTLP exporter reads its endpoint, headers, timeout and protocol from the environment as the
SDK documents (http/protobuf, the default, ships in the `otel` extra; grpc needs
opentelemetry-exporter-otlp-proto-grpc). The service is `zero-sdk` unless OTEL_SERVICE_NAME or
OTEL_RESOURCE_ATTRIBUTES name one.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from zero_client.tracing import _mapping as mapping

__all__ = ["TracingSetupError", "context_from_env", "exporters_from_env", "provider_from_env"]

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


@contextmanager
def _environ(env: Mapping[str, str]) -> Iterator[None]:
    """`os.environ` with `env`'s OTEL_* variables for the block. The SDK's exporters and resource
    read their settings (endpoint, headers, timeout, service name) from `os.environ` when they are
    built, and `env` may be another process's: a Ray worker exporting with the driver's settings.
    Built once per process, before any run starts, so no other thread reads the environment then."""
    if env is os.environ:
        yield
        return
    names = [name for name in env if name.startswith("OTEL_")]
    saved = {name: os.environ.get(name) for name in names}
    os.environ.update({name: env[name] for name in names})
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


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
    """An SDK `TracerProvider` exporting as the environment `env` asks (this process's, or the
    OTEL_* variables of another), or None for no export."""
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
            "exporting traces (OTEL_* is set) needs the `otel` extra: pip install 'zero-headless-sdk[otel]'"
        ) from None
    named = env.get("OTEL_SERVICE_NAME") or "service.name=" in env.get("OTEL_RESOURCE_ATTRIBUTES", "")
    with _environ(env):
        provider = TracerProvider(resource=Resource.create({} if named else {"service.name": _SERVICE_NAME}))
        for name in wanted:
            if name == "console":
                provider.add_span_processor(SimpleSpanProcessor(ConsoleSpanExporter()))
            else:
                provider.add_span_processor(BatchSpanProcessor(_otlp_exporter(env)))
    return provider


def context_from_env(env: Mapping[str, str]) -> Any:
    """The OpenTelemetry context whose parent is the W3C trace context in `env` (TRACEPARENT,
    TRACESTATE, as `zero_client.tracing.trace_env` writes them); an empty context without one."""
    from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

    carrier = {
        "traceparent": env.get(mapping.TRACEPARENT_ENV, ""),
        "tracestate": env.get(mapping.TRACESTATE_ENV, ""),
    }
    return TraceContextTextMapPropagator().extract({key: value for key, value in carrier.items() if value})
