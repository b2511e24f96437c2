"""Trace export for the `zero-sdk` commands, configured by the standard OTEL_* variables
(`zero_client.tracing.setup` says which). A TRACEPARENT in the command's own environment (a traced
CI job, a parent agent) becomes the parent of the runs' spans.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from zero_client.tracing.setup import (
    TracingSetupError,
    context_from_env,
    exporters_from_env,
    provider_from_env,
)

__all__ = ["TracingSetupError", "exporters_from_env", "provider_from_env", "traced_command"]


@contextmanager
def traced_command(provider: Any, env: Mapping[str, str] | None = None) -> Iterator[None]:
    """For the duration of a command that exports with `provider` (from `provider_from_env`;
    None: no export, nothing happens): the environment's TRACEPARENT is the current parent, and
    every span is flushed when the block ends, however it ends."""
    if provider is None:
        yield
        return
    from opentelemetry import context

    token = context.attach(context_from_env(os.environ if env is None else env))
    try:
        yield
    finally:
        context.detach(token)
        provider.shutdown()  # flushes the batch processors
