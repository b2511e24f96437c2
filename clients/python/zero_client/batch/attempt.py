"""One attempt of one task: the only place the batch calls the client.

`execute_attempt` prepares the attempt's area (a fresh workspace when the task has `copy_from`,
and a HOME and TMPDIR of its own), builds the run's environment, runs the task through
`AsyncZeroClient.stream` with the raw stdout going to the transcript, and reduces what happened to
an `AttemptOutcome`: plain data, so it can come back from a Ray worker. Both backends run it (the
local one in the driver's event loop, the Ray one on a worker), and a tracing layer can wrap this
one function to put a span around every attempt.

Cancelling the coroutine interrupts the run as the client does (SIGINT to the process group,
grace, SIGKILL) and still returns an outcome, with status `interrupted`: the batch cancels its
attempts only to stop, and wants their records.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import shutil
import socket
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from zero_client import versions
from zero_client.batch.results import ErrorInfo, Status, ToolCounts, UsageTotals
from zero_client.batch.tasks import Task
from zero_client.batch.workspace import WorkspaceSource, changed_files, snapshot, unified_diff
from zero_client.errors import (
    ZeroCrashError,
    ZeroError,
    ZeroIncompleteError,
    ZeroInterruptedError,
    ZeroNotExecutableError,
    ZeroNotFoundError,
    ZeroProcessError,
    ZeroProtocolError,
    ZeroProviderError,
    ZeroTimeoutError,
    ZeroUsageError,
    ZeroVersionError,
)
from zero_client.options import Timeouts

__all__ = [
    "AttemptOutcome",
    "AttemptPaths",
    "AttemptSpec",
    "error_kind",
    "execute_attempt",
    "file_name",
    "task_environment",
]

#: Variables of the executing process every task gets (unless its env overrides them): what finds
#: programs and what makes them speak the same locale. Nothing else of the caller's environment
#: reaches a task unless the batch is told to inherit it or to pass a variable on.
PASSED_THROUGH = ("PATH", "LANG", "LC_ALL", "LC_CTYPE", "TZ")
#: How much of a failed run's stderr an outcome keeps.
STDERR_TAIL_CHARS = 4000

_KINDS: tuple[tuple[type[ZeroError], str], ...] = (
    (ZeroTimeoutError, "timeout"),
    (ZeroVersionError, "version"),
    (ZeroProviderError, "provider"),
    (ZeroIncompleteError, "incomplete"),
    (ZeroUsageError, "usage"),
    (ZeroInterruptedError, "interrupted"),
    (ZeroCrashError, "crash"),
    (ZeroProcessError, "process"),
    (ZeroNotExecutableError, "not_executable"),
    (ZeroNotFoundError, "not_found"),
    (ZeroProtocolError, "protocol"),
)


def error_kind(error: ZeroError) -> str:
    """The short name of a client error's class (`provider`, `timeout`, ...)."""
    for cls, kind in _KINDS:
        if isinstance(error, cls):
            return kind
    return "error"


def file_name(task_id: str) -> str:
    """A file name for a task id: the id itself when it is plain ([A-Za-z0-9._-], not starting
    with a dot), else percent-encoded, and cut (with a hash) when that gets long."""
    safe = "".join(
        c if (c.isascii() and (c.isalnum() or c in "_-.")) else "".join(f"%{b:02X}" for b in c.encode())
        for c in task_id
    )
    if safe.startswith("."):
        safe = "%2E" + safe[1:]
    if len(safe) > 150:
        safe = safe[:100] + "-" + hashlib.sha256(task_id.encode()).hexdigest()[:16]
    return safe


@dataclass(frozen=True)
class AttemptSpec:
    """Everything an attempt needs, wherever it runs (picklable)."""

    task: Task
    attempt: int
    #: The argv prefix that starts zero; None: $ZERO_BIN, else `zero`, looked up where it runs.
    command: tuple[str, ...] | None = None
    #: The batch's variables (`--env`, `--pass-env`), under the task's own `env`.
    env: Mapping[str, str] = field(default_factory=dict)
    #: Start from the executing process's whole environment (asked for explicitly).
    inherit_env: bool = False
    #: The batch's timeouts; the task's own win.
    timeouts: Timeouts = field(default_factory=Timeouts)
    save_diff: bool = False
    backend: str = "local"
    #: The batch directory: never copied into a workspace (see `DirectorySource`).
    out: str | None = None


@dataclass(frozen=True)
class AttemptPaths:
    """Where an attempt keeps its files: `area` holds work/ (the copy), home/ and tmp/."""

    area: Path
    transcript: Path

    @property
    def work(self) -> Path:
        return self.area / "work"

    @property
    def home(self) -> Path:
        return self.area / "home"

    @property
    def tmp(self) -> Path:
        return self.area / "tmp"


@dataclass
class AttemptOutcome:
    """What one attempt did; plain data (it travels back from Ray workers)."""

    status: Status
    error: ErrorInfo | None = None
    exit_code: int | None = None
    run_status: str | None = None
    final_text: str = ""
    usage: UsageTotals = field(default_factory=UsageTotals)
    tool_calls: ToolCounts = field(default_factory=ToolCounts)
    files_changed: list[str] = field(default_factory=list)
    files_changed_source: str = "reported"
    duration_s: float = 0.0
    started_at: str = ""
    finished_at: str = ""
    run_id: str | None = None
    session_id: str | None = None
    schema_version: int | None = None
    worker: str = ""
    stderr_tail: str = ""
    #: The workspace diff (with save_diff and a workspace), for the driver to write.
    diff: str | None = None
    #: The transcript's bytes, when it was written where the driver cannot read it (Ray).
    transcript_bytes: bytes | None = None
    transcript_written: bool = False

    @property
    def retryable(self) -> bool:
        return self.error is not None and self.error.retryable


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def task_environment(spec: AttemptSpec, paths: AttemptPaths) -> dict[str, str]:
    """The run's whole environment: a minimal one (PATH and locale of the executing process, HOME,
    TMPDIR and XDG directories in the attempt's area), or the executing process's own with
    `inherit_env`; then the batch's variables; then the task's."""
    if spec.inherit_env:
        env = dict(os.environ)
    else:
        env = {name: os.environ[name] for name in PASSED_THROUGH if name in os.environ}
        env.setdefault("PATH", os.defpath)
        home = paths.home
        env.update(
            HOME=str(home),
            TMPDIR=str(paths.tmp),
            XDG_CONFIG_HOME=str(home / ".config"),
            XDG_DATA_HOME=str(home / ".local" / "share"),
            XDG_CACHE_HOME=str(home / ".cache"),
            XDG_STATE_HOME=str(home / ".local" / "state"),
        )
    env.update(spec.env)
    env.update(spec.task.env)
    return env


#: The schemaVersion each command turned out to speak in this process, so later runs write it
#: at once (no `--list-tools` probe per task; a first guess that is refused restarts that run).
_spoken: dict[tuple[str, ...] | None, int] = {}


def _prepare(paths: AttemptPaths, source: WorkspaceSource | None) -> dict[str, Any] | None:
    """Makes the attempt's area afresh (and the transcript's folder); with a source, copies it in
    and fingerprints the copy. Runs on a thread: a mkdir costs a fifth of a millisecond of
    kernel time on some filesystems, and a batch of short runs makes several per task."""
    try:
        os.mkdir(paths.area.parent)  # the task's folder: new for its first attempt
    except FileExistsError:
        pass
    except FileNotFoundError:  # the batch's first task: workspaces/ is new too
        os.makedirs(paths.area.parent, exist_ok=True)
    try:
        os.mkdir(paths.area)
    except FileExistsError:
        shutil.rmtree(paths.area)  # a crashed driver's leftovers of the same attempt number
        os.mkdir(paths.area)
    os.mkdir(paths.home)
    os.mkdir(paths.tmp)
    if not paths.transcript.parent.is_dir():
        paths.transcript.parent.mkdir(parents=True, exist_ok=True)
    if source is None:
        return None
    source.materialize(paths.work)
    return snapshot(paths.work)


def _after(
    source: WorkspaceSource, paths: AttemptPaths, before: dict[str, Any], save_diff: bool
) -> tuple[list[str], str | None]:
    after = snapshot(paths.work)
    changed = changed_files(source, paths.work, before, after)
    diff = unified_diff(source, paths.work, changed, after, before) if save_diff else None
    return [p.replace(os.sep, "/") for p in changed], diff


def _failure(kind: str, message: str, *, retryable: bool = False, code: str | None = None) -> ErrorInfo:
    return ErrorInfo(kind=kind, message=message, retryable=retryable, code=code)


async def execute_attempt(
    spec: AttemptSpec, paths: AttemptPaths, source: WorkspaceSource | None, tracer_provider: Any = None
) -> AttemptOutcome:
    """Runs one attempt of `spec.task` (see the module doc); never raises for a failed run.
    `tracer_provider` traces the run (None: the global provider, if the program has one)."""
    from zero_client.aio import AsyncZeroClient

    task = spec.task
    outcome = AttemptOutcome(
        status="failed", started_at=now_iso(), worker=f"{socket.gethostname()}:{os.getpid()}"
    )
    started = time.monotonic()
    interrupted = False
    before: dict[str, Any] | None = None
    counts: dict[str, int] = {}
    failed_tools = 0
    reported: dict[str, None] = {}  # changedFiles in order of first report
    try:
        try:
            # Off the event loop: copying a workspace may take a while, and even the mkdirs
            # of an area cost (see `_prepare`).
            before = await asyncio.to_thread(_prepare, paths, source)
        except OSError as exc:
            outcome.error = _failure("workspace", f"cannot prepare the workspace: {exc}")
            return outcome
        cwd = (paths.work / task.cwd if task.cwd else paths.work) if source is not None else task.cwd
        options = task.options
        preferred = options.schema_version or _spoken.get(spec.command) or versions.LATEST_SCHEMA_VERSION
        exec_options = options.exec_options()
        try:
            client = AsyncZeroClient(
                list(spec.command) if spec.command is not None else None,
                None if cwd is None else str(cwd),
                task_environment(spec, paths),
                inherit_env=False,
                schema_version=preferred,
                timeouts=task.timeouts or spec.timeouts,
                tracer_provider=tracer_provider,
            )
            client.exec_options = exec_options  # every typed `zero exec` option of the task
        except ZeroError as exc:
            outcome.error = _failure(error_kind(exc), str(exc))
            return outcome
        # Unbuffered: each read of stdout reaches the file at once, so a transcript shows a run
        # under way, and what a killed driver leaves behind is everything the run wrote.
        transcript_file = await asyncio.to_thread(open, paths.transcript, "wb", buffering=0)
        with transcript_file as transcript:
            stream = client.stream(task.prompt_events(), check=False, transcript=transcript)
            try:
                async with stream:
                    async for event in stream:
                        if event.type == "tool_call":
                            name = event.name if isinstance(event.name, str) else ""
                            counts[name] = counts.get(name, 0) + 1
                        elif event.type == "tool_result":
                            if event.status == "error":
                                failed_tools += 1
                            if isinstance(event.changed_files, list):
                                reported.update(dict.fromkeys(event.changed_files))
            except asyncio.CancelledError:
                interrupted = True  # leaving `async with` interrupted and reaped the process group
            except ZeroError as exc:  # the run could not start (cwd vanished, binary gone)
                outcome.error = _failure(error_kind(exc), str(exc))
        outcome.transcript_written = True  # (the batch's writer fsyncs it before the record)
        result, error = stream.result, stream.error
        if result is not None:
            outcome.exit_code = result.exit_code
            outcome.run_status = result.status
            outcome.final_text = result.final_text
            outcome.usage = UsageTotals(
                prompt_tokens=result.usage.prompt_tokens,
                completion_tokens=result.usage.completion_tokens,
                total_tokens=result.usage.total_tokens,
                requests=result.usage.requests,
            )
            outcome.run_id = result.run_id
            outcome.session_id = result.session_id
            outcome.schema_version = result.schema_version
            if result.schema_version is not None:
                _spoken[spec.command] = result.schema_version
        if error is not None and outcome.error is None:
            code = next((e.code for e in reversed(result.errors) if e.code), None) if result else None
            outcome.error = _failure(error_kind(error), error.message, retryable=error.retryable, code=code)
            outcome.stderr_tail = error.stderr_tail[-STDERR_TAIL_CHARS:]
        elif error is None and outcome.error is None and not interrupted:
            outcome.status = "succeeded"
        outcome.tool_calls = ToolCounts(total=sum(counts.values()), failed=failed_tools, by_name=counts)
        if source is not None and before is not None:
            try:
                outcome.files_changed, outcome.diff = await asyncio.to_thread(
                    _after, source, paths, before, spec.save_diff
                )
                outcome.files_changed_source = "workspace"
            except OSError as exc:
                if outcome.error is None:
                    outcome.status = "failed"
                    outcome.error = _failure("workspace", f"cannot compare the workspace: {exc}")
        else:
            outcome.files_changed = list(reported)
    except asyncio.CancelledError:
        interrupted = True
    finally:
        outcome.duration_s = round(time.monotonic() - started, 3)
        outcome.finished_at = now_iso()
        if interrupted:
            outcome.status = "interrupted"
            outcome.error = _failure("interrupted", "the batch was stopped while this task ran")
    return outcome
