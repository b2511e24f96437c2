"""The local backend: attempts run in the driver's event loop, each one a `zero exec` process."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from zero_client.batch.attempt import AttemptOutcome, AttemptPaths, AttemptSpec, execute_attempt
from zero_client.batch.workspace import DirectorySource
from zero_client.options import resolve_command

__all__ = ["LocalBackend", "resolve_batch_command"]


def resolve_batch_command(command: Sequence[str] | None) -> tuple[str, ...]:
    """The argv prefix every local attempt runs, resolved once before the batch starts (so a
    missing binary fails the batch at once, not each task): `ZeroNotFoundError` otherwise."""
    return tuple(resolve_command(None if command is None else list(command)))


class LocalBackend:
    """Runs attempts on this machine, in the batch's event loop (no thread or process per task
    besides the `zero exec` process itself)."""

    name = "local"

    def __init__(self, tracer_provider: Any = None) -> None:
        self.tracer_provider = tracer_provider  # traces each run (docs/tracing.md); None: global

    def command(self, command: Sequence[str] | None) -> tuple[str, ...] | None:
        return resolve_batch_command(command)

    def open(self) -> None:
        pass

    async def run(self, spec: AttemptSpec, paths: AttemptPaths) -> AttemptOutcome:
        copy_from = spec.task.copy_from
        source = DirectorySource(copy_from, exclude=spec.out) if copy_from is not None else None
        return await execute_attempt(spec, paths, source, self.tracer_provider)

    def close(self) -> None:
        pass
