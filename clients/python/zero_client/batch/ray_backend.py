"""The Ray backend (`zero-headless-sdk[ray]`): each attempt runs as a Ray task on a cluster.

- The driver connects with `ray.init(address)` (an existing cluster, or `RAY_ADDRESS`), or starts
  a local cluster when no address is given, and shuts down only a cluster it started.
- A task with `copy_from` ships its directory as a tar archive through the object store (put
  once per directory while tasks using it are in flight), so a node needs no shared disk; the
  worker unpacks it into a scratch directory of its own and removes that when the attempt ends.
- The worker runs `execute_attempt` (the same code as the local backend) and returns an
  `AttemptOutcome` holding the transcript's bytes and the diff; the driver writes them, and stays
  the only writer of results.jsonl.
- Ray's own task retries are off (`max_retries=0`): a worker or node that dies mid-attempt
  surfaces here as an error, which becomes an attempt record (`worker_lost`, retryable) and a
  retry through the batch's own retry loop. So every attempt is recorded exactly once, and a
  result can be neither lost nor written twice.
- Stopping cancels the Ray task (`ray.cancel`, a KeyboardInterrupt in the worker), which
  interrupts the run there as the client does and returns the interrupted outcome.
- A traced batch (its span current, docs/tracing.md) hands each task the span's W3C context and
  the driver's OTEL_* variables. The worker traces the run as a child of the batch span and
  exports it with its own provider: the worker program's global SDK provider if it set one up,
  else one built from the worker's OTEL_* variables if they ask for export, else from the
  driver's (built once per worker process, flushed after every task).

`ray` is imported only when this backend opens: `import zero_client` never loads it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from zero_client.batch.attempt import AttemptOutcome, AttemptPaths, AttemptSpec, execute_attempt, now_iso
from zero_client.batch.results import ErrorInfo
from zero_client.batch.tasks import TaskResources
from zero_client.batch.workspace import ArchiveSource, archive_directory

__all__ = ["RayBackend", "run_on_worker"]

#: How long, after `ray.cancel`, the driver waits for the worker to hand back the interrupted
#: attempt (the client's grace is 3 s by default) before recording it without the worker's word.
CANCEL_WAIT = 30.0

#: Per worker process: the provider built for each set of OTEL_* settings (None: no export).
_worker_providers: dict[frozenset[tuple[str, str]], Any] = {}


def _trace_handoff() -> dict[str, str] | None:
    """For the worker of a traced batch: the current span's W3C context (TRACEPARENT, TRACESTATE)
    and the driver's OTEL_* variables; None when no recording span is current."""
    if "opentelemetry.trace" not in sys.modules:  # never imported: nothing can be traced
        return None
    from opentelemetry import trace

    from zero_client.tracing import trace_env

    span = trace.get_current_span()
    if not span.is_recording():
        return None
    handoff = trace_env(span)
    if handoff:
        handoff.update((name, value) for name, value in os.environ.items() if name.startswith("OTEL_"))
    return handoff or None


def _worker_provider(handoff: Mapping[str, str]) -> Any:
    """The provider this worker exports a traced batch's runs with (see the module doc), or None.
    Settings that cannot work here (an unknown exporter, OpenTelemetry not installed) are said
    once on the worker's stderr (Ray's worker logs) and the runs go untraced: tracing never fails
    a run."""
    from zero_client.tracing.setup import TracingSetupError, exporters_from_env, provider_from_env

    with contextlib.suppress(ImportError):  # no OpenTelemetry here: provider_from_env says so
        from opentelemetry import trace
        from opentelemetry.trace import ProxyTracerProvider

        current = trace.get_tracer_provider()
        if not isinstance(current, ProxyTracerProvider):  # the worker program set one up
            return current
    own = {name: value for name, value in os.environ.items() if name.startswith("OTEL_")}
    try:
        mine = bool(exporters_from_env(own))
    except TracingSetupError:
        mine = True  # the worker's own settings are wrong: building from them says how, below
    settings = own if mine else {name: value for name, value in handoff.items() if name.startswith("OTEL_")}
    key = frozenset(settings.items())
    if key not in _worker_providers:
        try:
            _worker_providers[key] = provider_from_env(os.environ if mine else settings)
        except TracingSetupError as exc:
            print(f"zero-sdk batch (Ray worker): runs are not traced: {exc}", file=sys.stderr)
            _worker_providers[key] = None
    return _worker_providers[key]


def run_on_worker(
    spec: AttemptSpec, archive: bytes | None, trace_handoff: Mapping[str, str] | None = None
) -> AttemptOutcome:
    """The body of the Ray task: one attempt in a scratch directory of this worker.

    `ray.cancel` interrupts a task with `_thread.interrupt_main()`: a simulated SIGINT that only
    takes effect when the main thread runs Python code, which an event loop blocked waiting for
    the run's output may not do for minutes. So the loop handles SIGINT itself (asyncio's signal
    handling wakes it through its wakeup fd) and turns it into a cancel of the attempt, which
    interrupts the run as the client does and still returns its outcome.
    """
    scratch = Path(tempfile.mkdtemp(prefix="zero-batch-"))
    paths = AttemptPaths(area=scratch / "attempt", transcript=scratch / "transcript.jsonl")
    source = ArchiveSource(archive) if archive is not None else None
    loop = asyncio.new_event_loop()
    previous = signal.getsignal(signal.SIGINT)
    interrupted = False
    provider = _worker_provider(trace_handoff) if trace_handoff else None
    parent = None
    if provider is not None and trace_handoff:
        from opentelemetry import context

        from zero_client.tracing.setup import context_from_env

        parent = context.attach(context_from_env(trace_handoff))  # the job's context copies it
    try:
        job = loop.create_task(execute_attempt(spec, paths, source, provider))

        def interrupt() -> None:
            nonlocal interrupted
            interrupted = True
            job.cancel()

        handled = False
        with contextlib.suppress(ValueError, RuntimeError):  # not the main thread
            loop.add_signal_handler(signal.SIGINT, interrupt)
            handled = True
        try:
            outcome = loop.run_until_complete(job)
        except KeyboardInterrupt:  # no signal handling here: the interrupt landed in the loop
            interrupted = True
            job.cancel()
            outcome = loop.run_until_complete(job)
        if handled:
            loop.remove_signal_handler(signal.SIGINT)
        if interrupted:
            outcome.status = "interrupted"
        if outcome.transcript_written:
            outcome.transcript_bytes = paths.transcript.read_bytes()
        return outcome
    finally:
        with contextlib.suppress(Exception):
            loop.run_until_complete(loop.shutdown_default_executor())
        loop.close()
        if parent is not None:
            from opentelemetry import context

            context.detach(parent)
        if provider is not None and hasattr(provider, "force_flush"):
            provider.force_flush()  # the spans leave before the task returns: workers idle, or die
        with contextlib.suppress(ValueError, TypeError):
            signal.signal(signal.SIGINT, previous)
        shutil.rmtree(scratch, ignore_errors=True)


def _lost(message: str, spec: AttemptSpec, *, retryable: bool, kind: str = "worker_lost") -> AttemptOutcome:
    stamp = now_iso()
    return AttemptOutcome(
        status="failed",
        error=ErrorInfo(kind=kind, message=message, retryable=retryable),
        started_at=stamp,
        finished_at=stamp,
        worker="ray",
    )


class RayBackend:
    """Runs attempts as Ray tasks (see the module doc).

    - `address`: the cluster (`ray://host:10001`, `host:6379`, `auto`); None: `RAY_ADDRESS`, else
      a local cluster started for this batch.
    - `num_cpus`: what each task asks for unless its `resources` say otherwise. A run mostly
      waits on the model, so fractions (0.25) pack more runs on a node.
    - `init_kwargs`: more `ray.init` arguments (`runtime_env`, `namespace`, ...; for a local
      cluster also `num_cpus`, `include_dashboard`, `_temp_dir`).
    """

    name = "ray"

    def __init__(
        self,
        address: str | None = None,
        *,
        num_cpus: float = 1.0,
        init_kwargs: Mapping[str, Any] | None = None,
    ) -> None:
        self.address = address
        self.num_cpus = num_cpus
        self.init_kwargs = dict(init_kwargs or {})
        self._started_cluster = False
        self._remote: Any = None
        self._archives: dict[str, tuple[Any, int]] = {}  # copy_from -> (object ref, tasks using it)
        self._archive_lock: asyncio.Lock | None = None

    def command(self, command: Sequence[str] | None) -> tuple[str, ...] | None:
        """Looked up on the nodes, not here (the driver need not have Zero installed): the given
        command, else the driver's $ZERO_BIN, else None (the node's $ZERO_BIN, else `zero`)."""
        if command is not None:
            return tuple(command)
        from_env = os.environ.get("ZERO_BIN")
        return (from_env,) if from_env else None

    def open(self) -> None:
        import ray

        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            kwargs.update(self.init_kwargs)
            address = self.address or os.environ.get("RAY_ADDRESS")
            if address:
                kwargs["address"] = address
            ray.init(**kwargs)
            self._started_cluster = True
        self._remote = ray.remote(max_retries=0)(run_on_worker)

    def close(self) -> None:
        if self._started_cluster:
            import ray

            ray.shutdown()
            self._started_cluster = False
        self._archives.clear()

    def _task_options(self, resources: TaskResources | None) -> dict[str, Any]:
        options: dict[str, Any] = {"num_cpus": self.num_cpus}
        if resources is not None:
            if resources.num_cpus is not None:
                options["num_cpus"] = resources.num_cpus
            if resources.num_gpus is not None:
                options["num_gpus"] = resources.num_gpus
            if resources.memory is not None:
                options["memory"] = resources.memory
            if resources.custom:
                options["resources"] = dict(resources.custom)
        return options

    async def _archive(self, copy_from: str, out: str | None) -> Any:
        """The object ref of copy_from's archive, put once while tasks that use it are in flight."""
        import ray

        if self._archive_lock is None:
            self._archive_lock = asyncio.Lock()
        async with self._archive_lock:
            entry = self._archives.get(copy_from)
            if entry is None:
                data = await asyncio.to_thread(archive_directory, copy_from, out)
                entry = (ray.put(data), 0)
            self._archives[copy_from] = (entry[0], entry[1] + 1)
            return entry[0]

    def _release(self, copy_from: str) -> None:
        ref, users = self._archives[copy_from]
        if users <= 1:
            del self._archives[copy_from]  # the object store may drop it now
        else:
            self._archives[copy_from] = (ref, users - 1)

    async def run(self, spec: AttemptSpec, paths: AttemptPaths) -> AttemptOutcome:
        import ray
        from ray import exceptions as rx

        copy_from = spec.task.copy_from
        try:
            archive = await self._archive(copy_from, spec.out) if copy_from is not None else None
        except OSError as exc:
            return _lost(
                f"cannot archive copy_from {copy_from}: {exc}", spec, retryable=False, kind="workspace"
            )
        try:
            options = self._task_options(spec.task.resources)
            ref = self._remote.options(**options).remote(spec, archive, _trace_handoff())
            try:
                outcome: AttemptOutcome = await ref
            except asyncio.CancelledError:
                ray.cancel(ref)  # a KeyboardInterrupt in the worker: it interrupts the run there
                try:
                    outcome = await asyncio.wait_for(ref, CANCEL_WAIT)
                    outcome.status = "interrupted"
                except (rx.RayError, TimeoutError) as exc:
                    outcome = _lost(f"stopped; the worker did not report back: {exc}", spec, retryable=False)
                    outcome.status = "interrupted"
            except (
                rx.WorkerCrashedError,
                rx.NodeDiedError,
                rx.LocalRayletDiedError,
                rx.OwnerDiedError,
                rx.ObjectLostError,
                rx.OutOfMemoryError,
                rx.RaySystemError,
            ) as exc:
                first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                outcome = _lost(
                    f"the Ray worker running this attempt died: {first_line}", spec, retryable=True
                )
            except rx.RayError as exc:
                outcome = _lost(f"the Ray task failed: {exc}", spec, retryable=False, kind="internal")
        finally:
            if copy_from is not None and archive is not None:
                self._release(copy_from)
        return outcome
