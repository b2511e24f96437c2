"""The Ray backend (`zero-headless-sdk[ray]`): each attempt runs as a Ray task on a cluster.

- The driver connects with `ray.init(address)` (an existing cluster, or `RAY_ADDRESS`), or starts
  a local cluster when no address is given, and shuts down only a cluster it started. Whatever
  goes wrong there (an address nobody answers at within `connect_timeout`, or where what answers
  does not speak gRPC as Ray's GCS does, a token the cluster refuses, a `ray://` address without
  Ray Client) is one `RayUnavailableError` saying what.
- A task with `copy_from` ships its directory as a tar archive through the object store (put
  once per directory while tasks using it are in flight), so a node needs no shared disk; the
  worker unpacks it into a scratch directory of its own and removes that when the attempt ends.
  `options.add_dirs` travel the same way, and `options.images` as their bytes: the worker
  unpacks them into the scratch directory and hands Zero those paths. A worker that died
  leaves its scratch directory behind; the next attempt on that node removes it (each scratch
  directory is named after its worker's pid, and one whose process is gone is swept).
- Before a task is submitted, the driver checks that some live node has the resources it asks
  for; when none has, it waits up to `resource_wait` seconds (a node may join) and then fails
  the attempt (`error.kind` `resources`) instead of leaving it queued forever.
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
import dataclasses
import importlib.util
import os
import shutil
import signal
import socket
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from zero_client.batch.attempt import AttemptOutcome, AttemptPaths, AttemptSpec, execute_attempt, now_iso
from zero_client.batch.results import ErrorInfo
from zero_client.batch.tasks import TaskResources
from zero_client.batch.workspace import ArchiveSource, archive_directory
from zero_client.process import process_alive

__all__ = ["RayBackend", "RayUnavailableError", "run_on_worker", "scratch_root"]

#: How long, after `ray.cancel`, the driver waits for the worker to hand back the interrupted
#: attempt (the client's grace is 3 s by default) before recording it without the worker's word.
CANCEL_WAIT = 30.0

#: How often the driver reads the cluster's nodes while a task waits for resources.
RESOURCE_POLL = 1.0


class RayUnavailableError(RuntimeError):
    """The Ray cluster cannot be used: unreachable, refused the driver, or Ray Client missing."""


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


def scratch_root() -> Path:
    """Where workers of this node keep their attempts' scratch directories."""
    return Path(tempfile.gettempdir()) / f"zero-batch-scratch-{os.getuid()}"


def _sweep_lost_scratch(root: Path) -> None:
    """Removes the scratch directories of workers that died mid-attempt (named `PID-...`)."""
    with contextlib.suppress(OSError):
        for entry in root.iterdir():
            pid_text = entry.name.partition("-")[0]
            if pid_text.isdigit() and int(pid_text) != os.getpid() and not process_alive(int(pid_text)):
                shutil.rmtree(entry, ignore_errors=True)


def _local_task_files(spec: AttemptSpec, scratch: Path, attachments: Mapping[str, Any]) -> AttemptSpec:
    """The spec with `add_dirs` and `images` pointing at copies unpacked in `scratch`."""
    import ray

    dirs, images = attachments.get("add_dirs", []), attachments.get("images", [])
    if not dirs and not images:
        return spec
    local_dirs: list[str] = []
    for number, (name, data) in enumerate(zip(spec.task.options.add_dirs, ray.get(list(dirs)), strict=True)):
        target = scratch / "add_dirs" / str(number) / Path(name).name
        ArchiveSource(data).materialize(target)
        local_dirs.append(str(target))
    local_images: list[str] = []
    for number, (name, data) in enumerate(zip(spec.task.options.images, images, strict=True)):
        target = scratch / "images" / str(number) / Path(name).name
        target.parent.mkdir(parents=True)
        target.write_bytes(data)
        local_images.append(str(target))
    options = dataclasses.replace(spec.task.options, add_dirs=tuple(local_dirs), images=tuple(local_images))
    return dataclasses.replace(spec, task=dataclasses.replace(spec.task, options=options))


def run_on_worker(
    spec: AttemptSpec,
    archive: bytes | None,
    trace_handoff: Mapping[str, str] | None = None,
    attachments: Mapping[str, Any] | None = None,
) -> AttemptOutcome:
    """The body of the Ray task: one attempt in a scratch directory of this worker.

    `ray.cancel` interrupts a task with `_thread.interrupt_main()`: a simulated SIGINT that only
    takes effect when the main thread runs Python code, which an event loop blocked waiting for
    the run's output may not do for minutes. So the loop handles SIGINT itself (asyncio's signal
    handling wakes it through its wakeup fd) and turns it into a cancel of the attempt, which
    interrupts the run as the client does and still returns its outcome.
    """
    root = scratch_root()
    root.mkdir(mode=0o700, exist_ok=True)
    _sweep_lost_scratch(root)
    scratch = Path(tempfile.mkdtemp(prefix=f"{os.getpid()}-", dir=root))
    paths = AttemptPaths(area=scratch / "attempt", transcript=scratch / "transcript.jsonl")
    source = ArchiveSource(archive) if archive is not None else None
    try:
        spec = _local_task_files(spec, scratch, attachments or {})
    except (OSError, ValueError) as exc:
        shutil.rmtree(scratch, ignore_errors=True)
        return _lost(
            f"cannot unpack add_dirs/images on the worker: {exc}", spec, retryable=False, kind="workspace"
        )
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
    - `connect_timeout`: seconds to reach the cluster before `RayUnavailableError`.
    - `resource_wait`: seconds a task waits for a node with the resources it asks for.
    """

    name = "ray"

    def __init__(
        self,
        address: str | None = None,
        *,
        num_cpus: float = 1.0,
        init_kwargs: Mapping[str, Any] | None = None,
        connect_timeout: float = 30.0,
        resource_wait: float = 60.0,
    ) -> None:
        self.address = address
        self.num_cpus = num_cpus
        self.init_kwargs = dict(init_kwargs or {})
        self.connect_timeout = connect_timeout
        self.resource_wait = resource_wait
        self._nodes: list[dict[str, float]] = []
        self._nodes_read = -1e9
        #: Attempts packed and waiting for a node with the resources they ask for.
        self.waiting_for_resources = 0
        #: Where Ray's own messages while connecting go (the batch sets `DIR/ray-driver.log`);
        #: None: stderr.
        self.driver_log: Path | None = None

    def use_directory(self, out: Path) -> None:
        """Called by the batch before `open`: Ray's connection messages go to a log there."""
        self.driver_log = out / "ray-driver.log"
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
        """Connects (or starts a local cluster); `RayUnavailableError` says in one line why not."""
        import ray

        if not ray.is_initialized():
            # Workers' output stays in Ray's logs on each node (log_to_driver off): a batch's
            # output is its records, transcripts and summary.
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            kwargs.update(self.init_kwargs)
            address = self.address or os.environ.get("RAY_ADDRESS")
            if address:
                kwargs["address"] = address
                self._check_address(address)
            kwargs.setdefault("logging_level", "WARNING")
            try:
                with (
                    _environ(RAY_gcs_server_port_wait_time_s=str(max(1, round(self.connect_timeout)))),
                    _stderr_to(self.driver_log),
                ):
                    ray.init(**kwargs)
            except Exception as exc:
                with contextlib.suppress(Exception):
                    ray.shutdown()
                said = ""
                if self.driver_log is not None:
                    with contextlib.suppress(OSError):
                        said = self.driver_log.read_text(errors="replace")[-20000:]
                raise RayUnavailableError(_init_failure(address, exc, said, self.driver_log)) from None
            self._started_cluster = True
        self._remote = ray.remote(max_retries=0)(run_on_worker)

    def _check_address(self, address: str) -> None:
        """Fails at once, or within `connect_timeout`, for an address nobody answers at, or where
        what answers is not a Ray cluster (Ray itself retries such an address for minutes)."""
        if address.startswith("ray://") and importlib.util.find_spec("grpc") is None:
            raise RayUnavailableError(
                f"{address}: a ray:// address needs Ray Client, which the `ray` extra does not "
                "install (pip install 'ray[client]==2.60.0'), or give HEAD:6379 from a node of the cluster"
            )
        if address in ("auto", "local"):
            return
        target = address.removeprefix("ray://").rstrip("/")
        host, sep, port = target.rpartition(":")
        if not sep or not port.isdigit():
            return  # not HOST:PORT: Ray says what it makes of it
        deadline = time.monotonic() + self.connect_timeout
        try:
            connection = socket.create_connection((host.strip("[]"), int(port)), timeout=self.connect_timeout)
        except OSError as exc:
            reason = "no answer" if isinstance(exc, TimeoutError) else (exc.strerror or str(exc))
            raise RayUnavailableError(
                f"cannot reach the Ray cluster at {address}: {reason} (after at most "
                f"{self.connect_timeout:g} s; --ray-connect-timeout)"
            ) from None
        with connection:
            if os.environ.get("RAY_USE_TLS", "").strip().lower() in ("1", "true"):
                return  # a TLS handshake comes first: the check below cannot see through it
            problem = _grpc_handshake_problem(connection, deadline)
        if problem is not None:
            raise RayUnavailableError(
                f"cannot use the Ray cluster at {address}: {problem} (within "
                f"{self.connect_timeout:g} s; --ray-connect-timeout); give the head's GCS port "
                "(6379 unless `ray start --port` chose another), not its dashboard's (8265)"
            )

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

    def _node_resources(self) -> list[dict[str, float]]:
        """The total resources of each live node (read at most once per RESOURCE_POLL)."""
        import ray

        now = time.monotonic()
        if now - self._nodes_read >= RESOURCE_POLL:
            self._nodes = [dict(node.get("Resources") or {}) for node in ray.nodes() if node.get("Alive")]  # type: ignore[no-untyped-call]
            self._nodes_read = now
        return self._nodes

    async def _wait_for_resources(self, options: Mapping[str, Any]) -> str | None:
        """None once some live node could run a task with these options; else, after
        `resource_wait` seconds, why not."""
        needs = {
            "CPU": options.get("num_cpus"),
            "GPU": options.get("num_gpus"),
            "memory": options.get("memory"),
        }
        needs.update(options.get("resources") or {})
        asked = {name: float(amount) for name, amount in needs.items() if amount}
        deadline = time.monotonic() + self.resource_wait
        self.waiting_for_resources += 1
        try:
            while True:
                nodes = self._node_resources()
                if any(
                    all(node.get(name, 0.0) >= amount for name, amount in asked.items()) for node in nodes
                ):
                    return None
                if time.monotonic() >= deadline:
                    wanted = ", ".join(f"{name}={amount:g}" for name, amount in sorted(asked.items()))
                    return (
                        f"no node of the Ray cluster has the resources this task asks for ({wanted}); "
                        f"waited {self.resource_wait:g} s for one (--ray-resource-wait)"
                    )
                await asyncio.sleep(RESOURCE_POLL)
        finally:
            self.waiting_for_resources -= 1

    async def _archive(self, copy_from: str, out: str | None) -> Any:
        """The object ref of a directory's archive, put once while tasks that use it are in flight."""
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

        options = self._task_options(spec.task.resources)
        copy_from = spec.task.copy_from
        archived: list[str] = []  # directories whose archives this attempt holds
        try:
            archive = None
            if copy_from is not None:
                archive = await self._archive(copy_from, spec.out)
                archived.append(copy_from)
            attachments: dict[str, Any] = {}
            for directory in spec.task.options.add_dirs:
                attachments.setdefault("add_dirs", []).append(await self._archive(directory, spec.out))
                archived.append(directory)
            if spec.task.options.images:
                attachments["images"] = [
                    await asyncio.to_thread(Path(image).read_bytes) for image in spec.task.options.images
                ]
        except OSError as exc:
            for directory in archived:
                self._release(directory)
            return _lost(f"cannot pack the task's files: {exc}", spec, retryable=False, kind="workspace")
        try:
            # After packing: from here on the task needs nothing of the driver's directories.
            short = await self._wait_for_resources(options)
            if short is not None:
                return _lost(short, spec, retryable=False, kind="resources")
            ref = self._remote.options(**options).remote(spec, archive, _trace_handoff(), attachments)
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
            for directory in archived:
                self._release(directory)
        return outcome


#: What an HTTP/2 client sends first: the connection preface and an empty SETTINGS frame.
_HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
#: The type of a SETTINGS frame (RFC 9113, 6.5): what an HTTP/2 server sends first.
_HTTP2_SETTINGS = 4


def _grpc_handshake_problem(connection: socket.socket, deadline: float) -> str | None:
    """None when what listens on `connection` answers as Ray's GCS (a gRPC server) does: a
    SETTINGS frame in reply to an HTTP/2 preface. Otherwise why not, in words.

    Ray's GCS client retries an address whose port is open but not Ray's for minutes, whatever
    the timeouts (about 40 s per try: connect, pubsub, cluster id); this check answers within
    the connect timeout instead. It reads only the first frame's header: no Ray call is made."""
    closed = "what listens there closed the connection without answering as a Ray cluster does"
    try:
        connection.sendall(_HTTP2_PREFACE)
        header = b""
        while len(header) < 9:
            connection.settimeout(max(0.001, deadline - time.monotonic()))
            chunk = connection.recv(9 - len(header))
            if not chunk:
                return closed
            header += chunk
    except (ConnectionResetError, BrokenPipeError):
        return closed
    except TimeoutError:
        return "something listens there but does not answer as a Ray cluster does (no gRPC handshake)"
    except OSError as exc:
        return f"what listens there broke off the handshake: {exc.strerror or exc}"
    stream = int.from_bytes(header[5:9], "big") & 0x7FFFFFFF
    if header[3] != _HTTP2_SETTINGS or stream != 0:
        return "what answers there is not a Ray cluster (it does not speak gRPC)"
    return None


@contextlib.contextmanager
def _environ(**values: str) -> Iterator[None]:
    """Sets variables for the block unless the user set them already (Ray reads some of its
    settings from the driver's environment)."""
    added = [name for name in values if name not in os.environ]
    for name in added:
        os.environ[name] = values[name]
    try:
        yield
    finally:
        for name in added:
            os.environ.pop(name, None)


@contextlib.contextmanager
def _stderr_to(log: Path | None) -> Iterator[None]:
    """Points file descriptor 2 at `log` (appended) for the block: Ray's C++ core writes its
    connection retries there, many lines for one failure, which the batch sums up in one."""
    if log is None:
        yield
        return
    sys.stderr.flush()
    target = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC, 0o644)
    saved = os.dup(2)
    try:
        os.dup2(target, 2)
        yield
    finally:
        with contextlib.suppress(ValueError, OSError):
            sys.stderr.flush()
        os.dup2(saved, 2)
        os.close(saved)
        os.close(target)


_AUTH_HINT = (
    "the driver needs RAY_AUTH_MODE=token and the cluster's token (RAY_AUTH_TOKEN, "
    "RAY_AUTH_TOKEN_PATH or ~/.ray/auth_token), as every node that joins it does; docs/batch.md"
)


def _init_failure(address: str | None, exc: Exception, said: str = "", log: Path | None = None) -> str:
    """One line for a failed `ray.init`, with what to do when the cause is a known one. `said` is
    what Ray wrote while connecting (its log), where an auth refusal shows up."""
    text = str(exc).strip()
    first = text.splitlines()[0] if text else type(exc).__name__
    where = f"the Ray cluster at {address}" if address else "a local Ray cluster"
    if "no authentication token was found" in text:
        return f"cannot use {where}: it uses token authentication and this driver has no token ({_AUTH_HINT})"
    if "Unauthenticated" in said or "InvalidAuthToken" in said:
        return f"cannot use {where}: it refused this driver's authentication ({_AUTH_HINT})"
    if len(first) > 300:
        first = first[:300] + "..."
    line = f"cannot use {where}: {first}"
    if log is not None and said.strip():
        line += f" (Ray's messages: {log})"
    return line
