"""The batch scheduler: which task runs when, retries, resume, stop, and the one results writer.

`Scheduler.results()` is an async generator: it keeps up to `concurrency` attempts in flight on a
`Backend` (local: the driver's event loop; Ray: a cluster), writes one record per finished
attempt to results.jsonl (it is the only writer), retries retryable failures with exponential
backoff and jitter, and yields each task's final record as the task settles. `stop()` ends it
early: no new task starts, running attempts are interrupted (the client's SIGINT, grace, SIGKILL)
and recorded as `interrupted`, and the generator ends. The scheduler holds the output directory's
lock (lock.py) from its creation to the generator's end (or `close()`): one driver per directory.

`run_batch` (a thread runs the event loop; the caller iterates in its own thread, and Ctrl-C in
the main thread stops the batch) and `run_batch_async` wrap it.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import queue
import random
import shutil
import signal
import threading
import time
from collections.abc import AsyncIterator, Container, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from zero_client.batch.attempt import AttemptOutcome, AttemptPaths, AttemptSpec, file_name
from zero_client.batch.lock import BatchLockedError, DirectoryLock
from zero_client.batch.results import (
    RESULTS_FILE,
    AttemptRecord,
    ResultsWriter,
    read_records,
    record_ids,
    torn_tail,
)
from zero_client.batch.summary import BatchProgress, BatchSummary, SummaryBuilder
from zero_client.batch.tasks import Task, TaskFile, load_tasks, validate_tasks
from zero_client.options import Timeouts

if TYPE_CHECKING:
    from types import FrameType

__all__ = [
    "AsyncBatchRun",
    "Backend",
    "BatchConfig",
    "BatchError",
    "BatchLockedError",
    "BatchRun",
    "Scheduler",
    "run_batch",
    "run_batch_async",
]

KeepWorkspaces = Literal["all", "failed", "none"]


class BatchError(ValueError):
    """The batch cannot start as asked (bad settings, an output directory that holds another run)."""


class Backend(Protocol):
    """Where attempts run. `open`/`close` are called in the thread that started the batch."""

    name: str

    def command(self, command: Sequence[str] | None) -> tuple[str, ...] | None:
        """The argv prefix attempts run, from the batch's `command` (None: $ZERO_BIN / zero):
        resolved now when attempts run here, or left for the machines that run them."""
        ...

    def open(self) -> None: ...

    async def run(self, spec: AttemptSpec, paths: AttemptPaths) -> AttemptOutcome:
        """Runs one attempt. When cancelled it interrupts the run and still returns its outcome
        (status `interrupted`); the transcript ends up at `paths.transcript` either way."""
        ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class BatchConfig:
    """How a batch runs (see `run_batch` for each setting)."""

    out: Path
    concurrency: int = 4
    max_attempts: int = 3
    resume: bool = False
    retry_failed: bool = False
    command: tuple[str, ...] | None = None
    env: Mapping[str, str] = field(default_factory=dict)
    inherit_env: bool = False
    timeouts: Timeouts = field(default_factory=Timeouts)
    save_diff: bool = False
    keep_workspaces: KeepWorkspaces = "all"
    backoff: float = 2.0
    backoff_max: float = 60.0
    #: Stop starting tasks once this many have failed (None: run them all).
    max_failures: int | None = None
    # An OpenTelemetry TracerProvider: the batch is one span, each task's run a child of it
    # (docs/tracing.md). None: the global provider, when the program uses OpenTelemetry at all.
    tracer_provider: Any = None

    def check(self) -> None:
        if self.concurrency < 1:
            raise BatchError(f"concurrency must be at least 1, not {self.concurrency}")
        if self.max_attempts < 1:
            raise BatchError(f"max_attempts must be at least 1, not {self.max_attempts}")
        if self.max_failures is not None and self.max_failures < 1:
            raise BatchError(f"max_failures must be at least 1, not {self.max_failures}")
        if self.backoff < 0 or self.backoff_max < 0:
            raise BatchError("backoff and backoff_max must not be negative")
        if self.keep_workspaces not in ("all", "failed", "none"):
            raise BatchError(f"keep_workspaces must be all, failed or none, not {self.keep_workspaces!r}")
        if self.retry_failed and not self.resume:
            raise BatchError("retry_failed reruns the failures of an earlier run: it needs resume")


def claim_directory(out: Path) -> DirectoryLock:
    """Creates the batch directory and takes its lock (`BatchLockedError` when another driver
    holds it): the first thing a driver does there, before it reads anything or looks for the
    program, so a second driver is told the directory is busy whatever else it lacks."""
    out.mkdir(parents=True, exist_ok=True)
    lock = DirectoryLock(out)
    lock.acquire()
    return lock


def backoff_delay(attempt: int, base: float, cap: float) -> float:
    """Seconds before retry number `attempt` (1 for the first retry): exponential, capped, with
    "equal jitter" (half fixed, half random) so many tasks failing at once do not retry at once."""
    ceiling = min(cap, base * 2.0 ** (attempt - 1))
    return ceiling / 2 + random.uniform(0, ceiling / 2)


class _TaskSource(Protocol):
    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[Task]: ...

    def pending(self, skip: Container[str]) -> Iterator[Task]: ...


class _TaskList:
    def __init__(self, tasks: list[Task]) -> None:
        self.tasks = tasks
        self.ids = frozenset(task.id for task in tasks)

    def __len__(self) -> int:
        return len(self.tasks)

    def __iter__(self) -> Iterator[Task]:
        return iter(self.tasks)

    def pending(self, skip: Container[str]) -> Iterator[Task]:
        return (task for task in self.tasks if task.id not in skip)


def _source(tasks: str | os.PathLike[str] | Iterable[Task]) -> TaskFile | _TaskList:
    if isinstance(tasks, str | os.PathLike):
        return load_tasks(tasks)
    return _TaskList(validate_tasks(tasks))


class Scheduler:
    """Runs a batch on a backend (see the module doc). One scheduler runs once."""

    def __init__(
        self,
        tasks: TaskFile | _TaskList,
        config: BatchConfig,
        backend: Backend,
        lock: DirectoryLock | None = None,
    ) -> None:
        """`lock`: the output directory's lock, taken already (`claim_directory`); the
        scheduler takes it itself when not given, and releases it either way."""
        config.check()
        self.tasks = tasks
        self.config = config
        self.backend = backend
        self.out = config.out
        self.results_path = self.out / RESULTS_FILE
        #: Things the caller should tell the user before the batch runs (a dropped torn record).
        self.notices: list[str] = []
        # One driver per directory, from here to the end of `results()`: the lock goes first,
        # so what the checks below read cannot change under them (lock.py).
        self._lock = lock if lock is not None else claim_directory(self.out)
        try:
            self._check_directory(tasks)
            self.summary_builder = SummaryBuilder(total=len(tasks), out=str(self.out), backend=backend.name)
            # What earlier sessions did: the tasks already final, and how many attempts the others
            # made (their next attempt's number).
            self.attempts_before: dict[str, int] = {}
            self.skip: set[str] = set()
            if config.resume:
                self._read_earlier_sessions()
            # Opened now, so a directory that cannot be written fails the batch before it starts.
            self._writer = ResultsWriter(self.results_path)
        except BaseException:
            self._lock.release()
            raise
        self.failed_now = 0
        #: Set when `max_failures` tasks failed: no task starts after that.
        self.halted = False
        self._stop_requested = False
        self._stop_signal: str | None = None
        self._stop_event: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._started = time.monotonic()
        self.running = 0
        self.waiting_retry = 0
        self.finished_now = 0
        self.summary: BatchSummary | None = None
        # Transcripts and diffs are made durable on threads of their own (fsyncs take
        # milliseconds, several overlap), off the event loop that keeps reading the runs; the
        # records then go to one group-commit thread (`_GroupCommit`).
        self._file_threads = ThreadPoolExecutor(
            max_workers=min(32, config.concurrency), thread_name_prefix="zero-batch-files"
        )

    def _check_directory(self, tasks: TaskFile | _TaskList) -> None:
        """Refuses a directory that holds another batch; notes a torn last record."""
        size = self.results_path.stat().st_size if self.results_path.exists() else 0
        if not self.config.resume and size > 0:
            raise BatchError(
                f"{self.out} already holds the results of a batch ({self.results_path}); pass --resume "
                "(resume=True) to continue it, or choose another output directory"
            )
        if size == 0:
            return
        torn = torn_tail(self.results_path)
        if torn:
            self.notices.append(
                f"{self.results_path}: the last line ({torn} bytes) is a record a crash cut short; it is "
                "dropped (that attempt counts as never recorded)"
            )
        ids = tasks.ids
        seen = 0
        for record in read_records(self.results_path):
            seen += 1
            if record.id in ids:
                return
        if seen:
            raise BatchError(
                f"{self.out} holds the results of another batch (none of its {seen} record(s) is about "
                "a task of this task file); choose another output directory"
            )

    def _read_earlier_sessions(self) -> None:
        """Two passes over results.jsonl, so memory does not grow with the records: the first
        reads ids alone (where each task's latest record is, and its attempts), the second
        folds each record into the summary as it goes and keeps nothing of it but the verdict
        on its task."""
        ids = self.tasks.ids
        latest: dict[str, int] = {}  # task id -> index of its latest record
        attempts: dict[str, int] = {}
        for index, task_id in enumerate(record_ids(self.results_path)):
            if task_id in ids:  # a task no longer in the file: not this batch's concern any more
                latest[task_id] = index
                attempts[task_id] = attempts.get(task_id, 0) + 1
        for index, record in enumerate(read_records(self.results_path)):
            if record.id not in ids:
                continue
            self.summary_builder.attempt(record)
            if latest[record.id] != index:
                continue
            if record.is_final and not (self.config.retry_failed and record.status == "failed"):
                self.skip.add(record.id)
                self.summary_builder.final(record, resumed=True)
            else:
                self.attempts_before[record.id] = attempts[record.id]

    # -------------------------------------------------------------------------------- control

    def stop(self, signum: int | None = None) -> None:
        """Stops the batch (safe from any thread, and from a signal handler). `signum`: the
        signal that asked for it (the summary's `stopped_by`; the first one counts)."""
        if signum is not None and self._stop_signal is None:
            self._stop_signal = signal.Signals(signum).name
        self._stop_requested = True
        loop, event = self._loop, self._stop_event
        if loop is not None and event is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop just closed
                loop.call_soon_threadsafe(event.set)

    @property
    def stopped(self) -> bool:
        return self._stop_requested

    def progress(self) -> BatchProgress:
        b = self.summary_builder
        return BatchProgress(
            total=b.total,
            succeeded=b.succeeded,
            failed=b.failed,
            interrupted=b.interrupted,
            running=self.running,
            waiting_retry=self.waiting_retry,
            resumed=b.resumed,
            tokens=b.total_tokens,
            elapsed_s=time.monotonic() - self._started,
            finished_now=self.finished_now,
        )

    def close(self) -> None:
        """Releases the directory (the lock and the results file) of a batch that never ran."""
        self._writer.close()
        self._lock.release()

    # -------------------------------------------------------------------------------- running

    async def results(self) -> AsyncIterator[AttemptRecord]:
        """Runs the batch; yields each task's final record (see the module doc). With tracing on,
        the batch is one span, current while the tasks start, so each task's run is its child."""
        from zero_client.tracing import batch_span

        attributes: dict[str, str | int] = {
            "zero.batch.tasks": self.summary_builder.total,
            "zero.batch.backend": self.backend.name,
        }
        with batch_span(self.config.tracer_provider, **attributes):
            async for record in self._results():
                yield record

    async def _results(self) -> AsyncIterator[AttemptRecord]:
        self._loop = asyncio.get_running_loop()
        self._stop_event = asyncio.Event()
        if self._stop_requested:
            self._stop_event.set()
        self._started = time.monotonic()
        writer = self._writer
        commit = _GroupCommit(writer)
        running: dict[asyncio.Future[AttemptRecord | None], Task] = {}
        stop_wait: asyncio.Future[object] = asyncio.ensure_future(self._stop_event.wait())
        pending = self.tasks.pending(self.skip)
        try:
            while True:
                while not (self._stop_requested or self.halted) and len(running) < self.config.concurrency:
                    task = next(pending, None)
                    if task is None:
                        break
                    running[asyncio.create_task(self._run_task(task, commit))] = task
                if not running:
                    break
                waiting: set[asyncio.Future[Any]] = set(running)
                if not stop_wait.done():
                    waiting.add(stop_wait)
                done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
                if stop_wait in done:
                    for job in running:
                        job.cancel()
                for job in running.keys() & done:
                    running.pop(job)
                    if job.cancelled():
                        continue  # stopped before it began: no attempt, no record
                    record = job.result()
                    if record is not None:
                        yield record
        finally:
            if running:  # the consumer left early, or an error: interrupt and record what runs
                self._stop_requested = True
                for job in running:
                    job.cancel()
                await asyncio.gather(*running, return_exceptions=True)
            stop_wait.cancel()
            self._file_threads.shutdown(wait=True)
            commit.close()
            self.close()
            self.summary = self.summary_builder.build(
                wall_time_s=time.monotonic() - self._started,
                stopped=self._stop_requested,
                halted_after=self.config.max_failures if self.halted else None,
                stopped_by=self._stop_signal,
            )

    async def _run_task(self, task: Task, commit: _GroupCommit) -> AttemptRecord | None:
        """Runs a task's attempts until one is final (or the batch stops); returns the last record."""
        attempt = self.attempts_before.get(task.id, 0) + 1
        tries = 0
        while True:
            tries += 1
            spec = AttemptSpec(
                task=task,
                attempt=attempt,
                command=self.config.command,
                env=self.config.env,
                inherit_env=self.config.inherit_env,
                timeouts=self.config.timeouts,
                save_diff=self.config.save_diff,
                backend=self.backend.name,
                out=str(self.out),
            )
            paths = self._paths(task, attempt)
            outcome = await self._attempt(spec, paths)
            will_retry = outcome.retryable and tries < self.config.max_attempts and not self._stop_requested
            record = await self._write(commit, task, attempt, outcome, paths, will_retry)
            self.summary_builder.attempt(record)
            if not will_retry:
                self.summary_builder.final(record)
                if record.status != "interrupted":
                    self.finished_now += 1
                if record.status == "failed":
                    self.failed_now += 1
                    limit = self.config.max_failures
                    if limit is not None and self.failed_now >= limit:
                        self.halted = True
            if self._removes(outcome):
                with contextlib.suppress(asyncio.CancelledError):  # a stop: the files go all the same
                    await asyncio.to_thread(self._tidy, paths)
            if not will_retry:
                return record
            if self._stop_requested:  # the record says a retry was due; --resume will run it
                self.summary_builder.interrupted += 1
                return record
            self.summary_builder.retries += 1
            self.waiting_retry += 1
            try:
                await asyncio.sleep(backoff_delay(tries, self.config.backoff, self.config.backoff_max))
            except asyncio.CancelledError:
                self.summary_builder.interrupted += 1
                return record  # stopped while waiting for the retry: as above
            finally:
                self.waiting_retry -= 1
            attempt += 1

    async def _attempt(self, spec: AttemptSpec, paths: AttemptPaths) -> AttemptOutcome:
        """The one call from the scheduler into a backend (a tracing layer wraps this)."""
        self.running += 1
        try:
            return await self.backend.run(spec, paths)
        finally:
            self.running -= 1

    def _paths(self, task: Task, attempt: int) -> AttemptPaths:
        name = file_name(task.id)
        return AttemptPaths(
            area=self.out / "workspaces" / name / f"attempt-{attempt}",
            transcript=self.out / "transcripts" / f"{name}.attempt-{attempt}.jsonl",
        )

    def _removes(self, outcome: AttemptOutcome) -> bool:
        """Whether `keep_workspaces` says this attempt's area goes."""
        keep = self.config.keep_workspaces
        return keep == "none" or (keep == "failed" and outcome.status == "succeeded")

    def _tidy(self, paths: AttemptPaths) -> None:
        shutil.rmtree(paths.area, ignore_errors=True)
        with contextlib.suppress(OSError):  # the task's folder, once its last attempt is gone
            paths.area.parent.rmdir()

    async def _write(
        self,
        commit: _GroupCommit,
        task: Task,
        attempt: int,
        outcome: AttemptOutcome,
        paths: AttemptPaths,
        will_retry: bool,
    ) -> AttemptRecord:
        """Persists an attempt: its transcript and diff (made durable on a file thread), then its
        record (in that order, so a record never names a file a crash could still lose), which
        is durable when this returns."""
        files = asyncio.wrap_future(
            self._file_threads.submit(self._record, task, attempt, outcome, paths, will_retry)
        )
        record: AttemptRecord = await _unstoppable(files)
        await _unstoppable(asyncio.wrap_future(commit.submit(record)))
        return record

    def _record(
        self, task: Task, attempt: int, outcome: AttemptOutcome, paths: AttemptPaths, will_retry: bool
    ) -> AttemptRecord:
        transcript: str | None = None
        if outcome.transcript_bytes is not None:
            paths.transcript.parent.mkdir(parents=True, exist_ok=True)
            with open(paths.transcript, "wb") as handle:
                handle.write(outcome.transcript_bytes)
                handle.flush()
                os.fsync(handle.fileno())
            transcript = str(paths.transcript.relative_to(self.out))
        elif outcome.transcript_written:
            with open(paths.transcript, "rb") as handle:
                os.fsync(handle.fileno())
            transcript = str(paths.transcript.relative_to(self.out))
        diff: str | None = None
        if outcome.diff is not None:
            diff_path = self.out / "diffs" / f"{file_name(task.id)}.attempt-{attempt}.diff"
            diff_path.parent.mkdir(parents=True, exist_ok=True)
            with open(diff_path, "w", encoding="utf-8") as handle:
                handle.write(outcome.diff)
                handle.flush()
                os.fsync(handle.fileno())
            diff = str(diff_path.relative_to(self.out))
        return AttemptRecord(
            id=task.id,
            attempt=attempt,
            status=outcome.status,
            will_retry=will_retry,
            exit_code=outcome.exit_code,
            run_status=outcome.run_status,
            error=outcome.error,
            final_text=outcome.final_text,
            usage=outcome.usage,
            tool_calls=outcome.tool_calls,
            files_changed=outcome.files_changed,
            files_changed_source=outcome.files_changed_source,
            duration_s=outcome.duration_s,
            started_at=outcome.started_at,
            finished_at=outcome.finished_at,
            transcript=transcript,
            diff=diff,
            run_id=outcome.run_id,
            session_id=outcome.session_id,
            schema_version=outcome.schema_version,
            backend=self.backend.name,
            worker=outcome.worker,
            metadata=dict(task.metadata),
            stderr_tail=(outcome.stderr_tail or None) if outcome.status == "failed" else None,
        )


async def _unstoppable(future: asyncio.Future[Any]) -> Any:
    """Awaits a write that a stop must not cut short: a cancel arriving meanwhile is absorbed
    (the record is written all the same, and the task returns it as any other)."""
    while True:
        try:
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            if future.cancelled():
                raise


class _GroupCommit:
    """The one writer of results.jsonl, on a thread of its own: it takes every record queued
    since its last fsync, appends them all and fsyncs once (a group commit), then tells each
    submitter its record is durable. Under load many records share an fsync; alone, a record
    waits for nobody. Records land in the order they were submitted."""

    def __init__(self, writer: ResultsWriter) -> None:
        self._writer = writer
        self._queue: list[tuple[AttemptRecord, Future[None]]] = []
        self._ready = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="zero-batch-writer", daemon=True)
        self._thread.start()

    def submit(self, record: AttemptRecord) -> Future[None]:
        done: Future[None] = Future()
        with self._ready:
            if self._closed:
                raise RuntimeError("the results writer is closed")
            self._queue.append((record, done))
            self._ready.notify()
        return done

    def _run(self) -> None:
        while True:
            with self._ready:
                while not self._queue and not self._closed:
                    self._ready.wait()
                group, self._queue = self._queue, []
                if not group and self._closed:
                    return
            try:
                self._writer.write_many([record for record, _ in group])
            except BaseException as exc:  # each submitter raises it (a full disk, say)
                for _, done in group:
                    done.set_exception(exc)
            else:
                for _, done in group:
                    done.set_result(None)

    def close(self) -> None:
        with self._ready:
            self._closed = True
            self._ready.notify()
        self._thread.join()


# ------------------------------------------------------------------------------------------------
# The public API


_DONE = object()


def _open_backend(backend: Backend, out: Path) -> None:
    """Opens the backend; one that keeps logs of its own (Ray's connection messages) is told the
    batch directory first (`use_directory`, optional)."""
    use_directory = getattr(backend, "use_directory", None)
    if callable(use_directory):
        use_directory(out)
    backend.open()


class BatchRun:
    """A batch, run by iterating it: yields each task's final `AttemptRecord` as the task settles.

    The event loop runs in a thread of its own, so a slow loop body does not stall the runs. In
    the main thread, Ctrl-C stops the batch (running tasks are interrupted and recorded, see
    `Scheduler`); the iteration then ends by raising `KeyboardInterrupt`, after everything was
    cleaned up. SIGTERM (a CI cancel, `docker stop`) does the same and ends it by raising
    `SystemExit(143)`, unless the program set a SIGTERM handler of its own. `summary` is set once
    the iteration is over; `progress()` works at any time.
    """

    def __init__(self, scheduler: Scheduler) -> None:
        self._scheduler = scheduler
        self._used = False
        #: The signal (SIGINT or SIGTERM) that stopped the batch, if one did.
        self.stopped_by: int | None = None

    @property
    def notices(self) -> list[str]:
        """What the user should hear before the batch runs (e.g. a torn record it dropped)."""
        return self._scheduler.notices

    def close(self) -> None:
        """Releases the output directory of a batch that will not be iterated (a dry run)."""
        if not self._used:
            self._scheduler.close()

    @property
    def summary(self) -> BatchSummary | None:
        return self._scheduler.summary

    @property
    def out(self) -> Path:
        return self._scheduler.out

    def progress(self) -> BatchProgress:
        return self._scheduler.progress()

    def stop(self) -> None:
        """Stops the batch from any thread: no new task starts, running ones are interrupted."""
        self._scheduler.stop()

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        # The first Ctrl-C (or SIGTERM) stops the batch; later ones are ignored so the shutdown
        # of every process group (SIGINT, grace, SIGKILL, reap) is never cut short.
        if self.stopped_by is None:
            self.stopped_by = signum
            self._scheduler.stop(signum)

    def _loop_thread(self, out: queue.SimpleQueue[object]) -> None:
        async def main() -> None:
            async for record in self._scheduler.results():
                out.put(record)

        try:
            asyncio.run(main())
        except BaseException as exc:  # handed to the iterating thread
            out.put(exc)
        finally:
            out.put(_DONE)

    def __iter__(self) -> Iterator[AttemptRecord]:
        if self._used:
            raise RuntimeError("a BatchRun runs once; call run_batch again (with resume=True to continue)")
        self._used = True
        installed: list[tuple[signal.Signals, Any]] = []
        if threading.current_thread() is threading.main_thread():
            defaults = ((signal.SIGINT, signal.default_int_handler), (signal.SIGTERM, signal.SIG_DFL))
            for signum, default in defaults:
                if signal.getsignal(signum) is default:
                    signal.signal(signum, self._on_signal)
                    installed.append((signum, default))
        items: queue.SimpleQueue[object] = queue.SimpleQueue()
        backend = self._scheduler.backend
        try:
            try:
                _open_backend(backend, self._scheduler.out)
            except BaseException:
                self._scheduler.close()  # nothing ran: the directory is free again
                raise
            thread = threading.Thread(target=self._loop_thread, args=(items,), name="zero-batch", daemon=True)
            thread.start()
            try:
                while True:
                    item = items.get()
                    if item is _DONE:
                        break
                    if isinstance(item, BaseException):
                        raise item
                    assert isinstance(item, AttemptRecord)
                    yield item
            finally:
                if thread.is_alive():  # the caller stopped iterating early, or raised
                    self._scheduler.stop()
                    while items.get() is not _DONE:
                        pass
                thread.join()
        finally:
            backend.close()
            for signum, default in installed:
                signal.signal(signum, default)
        if self.stopped_by == signal.SIGINT:
            raise KeyboardInterrupt
        if self.stopped_by == signal.SIGTERM:
            raise SystemExit(128 + signal.SIGTERM)


class AsyncBatchRun:
    """The asyncio twin of `BatchRun`: `async for record in run_batch_async(...)`.

    It installs no signal handler: call `stop()` (from any thread, or from a handler of your
    own) to stop the batch; the iteration then ends normally with `summary.stopped` true.
    """

    def __init__(self, scheduler: Scheduler) -> None:
        self._scheduler = scheduler
        self._used = False

    @property
    def summary(self) -> BatchSummary | None:
        return self._scheduler.summary

    @property
    def out(self) -> Path:
        return self._scheduler.out

    def progress(self) -> BatchProgress:
        return self._scheduler.progress()

    def stop(self) -> None:
        self._scheduler.stop()

    @property
    def notices(self) -> list[str]:
        return self._scheduler.notices

    def close(self) -> None:
        """Releases the output directory of a batch that will not be iterated."""
        if not self._used:
            self._scheduler.close()

    async def __aiter__(self) -> AsyncIterator[AttemptRecord]:
        if self._used:
            raise RuntimeError("an AsyncBatchRun runs once; call run_batch_async again")
        self._used = True
        backend = self._scheduler.backend
        try:
            _open_backend(backend, self._scheduler.out)
        except BaseException:
            self._scheduler.close()
            raise
        try:
            async for record in self._scheduler.results():
                yield record
        finally:
            backend.close()


def _make_scheduler(
    tasks: str | os.PathLike[str] | Iterable[Task],
    *,
    out: str | os.PathLike[str],
    concurrency: int,
    max_attempts: int,
    resume: bool,
    retry_failed: bool,
    backend: Literal["local", "ray"] | Backend,
    ray_address: str | None,
    command: str | Sequence[str] | None,
    env: Mapping[str, str] | None,
    inherit_env: bool,
    timeouts: Timeouts | None,
    save_diff: bool,
    keep_workspaces: KeepWorkspaces,
    backoff: float,
    backoff_max: float,
    tracer_provider: Any = None,
    max_failures: int | None = None,
) -> Scheduler:
    if isinstance(command, str):
        command = [command]
    # The user's own inputs first (the task file, the options), then the program: a bad task file
    # or a dry run must not end in "zero not found" (127) on a machine without Zero.
    source = _source(tasks)
    chosen: Backend
    if backend == "local":
        from zero_client.batch.local import LocalBackend

        chosen = LocalBackend(tracer_provider)
    elif backend == "ray":
        from zero_client.batch.ray_backend import RayBackend

        chosen = RayBackend(address=ray_address)
    elif isinstance(backend, str):
        raise BatchError(f"backend must be local or ray, not {backend!r}")
    else:
        chosen = backend
    config = BatchConfig(
        out=Path(out).resolve(),
        concurrency=concurrency,
        max_attempts=max_attempts,
        resume=resume,
        retry_failed=retry_failed,
        command=None,
        env=dict(env or {}),
        inherit_env=inherit_env,
        timeouts=timeouts or Timeouts(),
        save_diff=save_diff,
        keep_workspaces=keep_workspaces,
        backoff=backoff,
        backoff_max=backoff_max,
        max_failures=max_failures,
        tracer_provider=tracer_provider,
    )
    config.check()
    # The directory's lock before the program: a second driver on a busy directory is refused
    # as busy (75), not as missing a program it would never run (127).
    lock = claim_directory(config.out)
    try:
        config = dataclasses.replace(config, command=chosen.command(command))
        return Scheduler(source, config, chosen, lock)
    except BaseException:
        lock.release()
        raise


def run_batch(
    tasks: str | os.PathLike[str] | Iterable[Task],
    *,
    out: str | os.PathLike[str],
    concurrency: int = 4,
    max_attempts: int = 3,
    resume: bool = False,
    retry_failed: bool = False,
    backend: Literal["local", "ray"] | Backend = "local",
    ray_address: str | None = None,
    command: str | Sequence[str] | None = None,
    env: Mapping[str, str] | None = None,
    inherit_env: bool = False,
    timeouts: Timeouts | None = None,
    save_diff: bool = False,
    keep_workspaces: KeepWorkspaces = "all",
    backoff: float = 2.0,
    backoff_max: float = 60.0,
    tracer_provider: Any = None,
    max_failures: int | None = None,
) -> BatchRun:
    """A batch of tasks; iterate the returned `BatchRun` to run it (docs/batch.md).

    - `tasks`: a task file's path (validated whole before anything runs: `TaskFileError`) or
      `Task`s.
    - `out`: the batch directory (results.jsonl, transcripts/, diffs/, workspaces/). A directory
      that holds results already needs `resume=True`.
    - `concurrency`: attempts in flight at once. `max_attempts`: per task and session, counting
      retries of retryable failures (the client's `retryable`: provider hiccups, timeouts, a lost
      Ray worker), which wait `backoff * 2**(n-1)` seconds (at most `backoff_max`, with jitter).
    - `resume`: skip tasks whose latest record is final; rerun interrupted and unfinished ones.
      `retry_failed`: rerun failed ones too.
    - `backend`: "local" (this machine), "ray" (`ray_address`, or a local cluster), or a
      `Backend`.
    - `command`: the program, as for `ZeroClient` (else $ZERO_BIN, else `zero`).
    - `env`: variables for every task (each task's `env` wins). Tasks start from a minimal
      environment (PATH, locale, HOME/TMPDIR/XDG in the attempt's area) unless `inherit_env`.
    - `timeouts`: the client timeouts of tasks that set none. `save_diff`: write each attempt's
      workspace diff (tasks with `copy_from`). `keep_workspaces`: "all", "failed" (remove those
      of succeeded attempts) or "none" (local backend; Ray workers always remove theirs).
    - `max_failures`: stop starting tasks once this many failed (running ones finish; the
      summary's `halted_after_failures` says so). None: run every task.
    - `tracer_provider`: the batch is an `invoke_workflow zero-sdk batch` span and each task's run
      its child (on Ray, the workers export their runs; docs/tracing.md); default: the global
      provider, if any.
    """
    return BatchRun(
        _make_scheduler(
            tasks,
            out=out,
            concurrency=concurrency,
            max_attempts=max_attempts,
            resume=resume,
            retry_failed=retry_failed,
            backend=backend,
            ray_address=ray_address,
            command=command,
            env=env,
            inherit_env=inherit_env,
            timeouts=timeouts,
            save_diff=save_diff,
            keep_workspaces=keep_workspaces,
            backoff=backoff,
            backoff_max=backoff_max,
            tracer_provider=tracer_provider,
            max_failures=max_failures,
        )
    )


def run_batch_async(
    tasks: str | os.PathLike[str] | Iterable[Task],
    *,
    out: str | os.PathLike[str],
    concurrency: int = 4,
    max_attempts: int = 3,
    resume: bool = False,
    retry_failed: bool = False,
    backend: Literal["local", "ray"] | Backend = "local",
    ray_address: str | None = None,
    command: str | Sequence[str] | None = None,
    env: Mapping[str, str] | None = None,
    inherit_env: bool = False,
    timeouts: Timeouts | None = None,
    save_diff: bool = False,
    keep_workspaces: KeepWorkspaces = "all",
    backoff: float = 2.0,
    backoff_max: float = 60.0,
    tracer_provider: Any = None,
    max_failures: int | None = None,
) -> AsyncBatchRun:
    """`run_batch` on asyncio: `async for record in run_batch_async(...)` (same arguments)."""
    return AsyncBatchRun(
        _make_scheduler(
            tasks,
            out=out,
            concurrency=concurrency,
            max_attempts=max_attempts,
            resume=resume,
            retry_failed=retry_failed,
            backend=backend,
            ray_address=ray_address,
            command=command,
            env=env,
            inherit_env=inherit_env,
            timeouts=timeouts,
            save_diff=save_diff,
            keep_workspaces=keep_workspaces,
            backoff=backoff,
            backoff_max=backoff_max,
            tracer_provider=tracer_provider,
            max_failures=max_failures,
        )
    )
