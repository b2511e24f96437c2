"""One `zero exec` process, driven without blocking: shared by the sync and the async client.

`ProcessRun` owns the child and its three pipes. It never waits by itself: the sync client waits
with `selectors`, the async client with `loop.add_reader`, both on `wait_fds()` for at most
`wait_timeout()`, then call `pump()`, which reads whatever is ready. Shutdown is a generator of
sleep durations (`shutdown_steps`), so both clients run the same SIGINT/grace/SIGKILL sequence
and only differ in how they sleep.

Why the pieces look the way they do:
- The child runs in its own session (process group), so a grandchild it spawns is ended too.
- stdin is written from a thread and closed: zero reads stdin to EOF before the run starts, and
  a big input written from the reading thread could deadlock against a full stdout pipe.
- stdout and stderr are both drained whenever we wait, so a stderr flood cannot block the child.
- Exit is detected with a pidfd (or polling): a grandchild that inherited stdout keeps the pipe
  open after zero exits, so EOF alone cannot tell that the run is over.
- A cancel (leaving a stream early, cancelling the task) is an interrupt, as Ctrl-C is for zero:
  SIGINT to the group, then stdout is still read during the grace period, so the `error` and
  `run_end` (status `interrupted`) that zero writes on the way out reach the result. Only a
  child that outlives the grace is SIGKILLed, and that is reported as the cancel's kill.
- On Linux the child is tied to this process (PR_SET_PDEATHSIG): if the client is SIGKILLed, the
  kernel SIGKILLs zero instead of leaving it running under init. The signal fires when the
  *thread* that forked the child ends, so every child is forked from one long-lived spawner
  thread, never from a caller's (possibly short-lived) thread.
"""

from __future__ import annotations

import contextlib
import os
import re
import select
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO, Generic, Protocol

from zero_client.core import (
    DecodeMode,
    LineDecoder,
    LineSplitter,
    OutputT,
    RunResult,
    RunState,
    outcome_error,
)
from zero_client.errors import (
    TimeoutKind,
    ZeroError,
    ZeroInterruptedError,
    ZeroNotExecutableError,
    ZeroNotFoundError,
    ZeroTimeoutError,
    ZeroUsageError,
)
from zero_client.options import Timeouts

if TYPE_CHECKING:
    import subprocess
    from concurrent.futures import ThreadPoolExecutor

    from zero_client.core import Event
    from zero_client.tracing import RunTrace


class RunExtension(Protocol):
    """What a run needs of the code served into it (`zero_client.extensions.ExtensionRun`):
    named here, not imported, because the extensions sit above this module."""

    hook_errors: list[str]

    @property
    def env(self) -> dict[str, str]:
        """Variables the run's environment gets (its configuration layer)."""

    def interrupt(self) -> None:
        """Cancels the tools and callbacks still running (the client is cancelling the run)."""

    def close(self) -> None: ...


#: Bytes per `os.read` of the child's stdout and stderr.
READ_CHUNK = 256 << 10
#: Bytes per `os.write` of the input to the child's stdin (a pipe takes what fits; the rest waits).
WRITE_CHUNK = 256 << 10
#: Bytes read per `pump()` before events are handed out, so a flood still yields promptly.
#: Small enough that a pump's events are still young when the caller drops them (cheap for
#: the garbage collector), big enough that the per-pump syscalls are noise.
PUMP_BUDGET = 256 << 10
#: Exit polling interval when no pidfd is available.
POLL_INTERVAL = 0.05
#: How long `shutdown_steps` waits for the killed group's members to disappear.
GROUP_EXIT_WAIT = 1.0


class StderrTail:
    """The last `limit` bytes of stderr."""

    def __init__(self, limit: int) -> None:
        self.limit = max(0, limit)
        self._buffer = bytearray()
        self.total_bytes = 0

    def append(self, data: bytes) -> None:
        self.total_bytes += len(data)
        self._buffer += data[-self.limit :] if self.limit else b""
        if len(self._buffer) > self.limit:
            del self._buffer[: len(self._buffer) - self.limit]

    def text(self) -> str:
        return self._buffer.decode("utf-8", "replace")


class _StdinWriter(threading.Thread):
    """Writes the input to the child's stdin, then closes it; stops early when asked."""

    def __init__(self, fd: int, payload: bytes, clock: Callable[[], float]) -> None:
        super().__init__(name="zero-client-stdin", daemon=True)
        self._fd = fd
        self._payload = payload
        self._clock = clock
        self._stop_requested = threading.Event()
        self._position = 0  # bytes written before the thread started (see `start`)
        self.finished_at: float | None = None
        self.error: OSError | None = None

    def stop(self) -> None:
        self._stop_requested.set()

    def start(self) -> None:
        """Writes what the pipe takes at once (a prompt usually fits whole: then no thread is
        started at all, which matters when many runs start), and leaves the rest to the thread."""
        try:
            while self._position < len(self._payload):
                written = os.write(
                    self._fd, memoryview(self._payload)[self._position : self._position + WRITE_CHUNK]
                )
                self._position += written
        except BlockingIOError:
            super().start()  # the pipe is full: the thread writes the rest as the child reads
            return
        except OSError as exc:  # EPIPE: the child exited before reading its input
            self.error = exc
        os.close(self._fd)
        self.finished_at = self._clock()

    def run(self) -> None:
        view = memoryview(self._payload)
        position = self._position
        try:
            while position < len(view) and not self._stop_requested.is_set():
                _, writable, _ = select.select([], [self._fd], [], 0.05)
                if not writable:
                    continue
                try:
                    position += os.write(self._fd, view[position : position + WRITE_CHUNK])
                except BlockingIOError:
                    continue
        except OSError as exc:  # EPIPE: the child exited before reading its input
            self.error = exc
        finally:
            os.close(self._fd)
            self.finished_at = self._clock()


def process_alive(pid: int) -> bool:
    """Whether a process with this pid exists (one of another user's counts: kill says EPERM)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _group_has_live_members(pgid: int) -> bool:
    """Whether process group `pgid` still has a member that is not a zombie.

    Zombies count as members for `killpg(pgid, 0)`, and an orphaned grandchild's zombie may
    never be reaped (a container's PID 1 often does not), so /proc is consulted where it exists.
    """
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        entries = [entry.name for entry in os.scandir("/proc") if entry.name.isdigit()]
    except OSError:
        return True
    for name in entries:
        try:
            with open(f"/proc/{name}/stat", "rb") as handle:
                fields = handle.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if len(fields) > 2 and fields[2] == str(pgid).encode() and fields[0] != b"Z":
            return True
    return False


_PR_SET_PDEATHSIG = 1
_spawner: ThreadPoolExecutor | None = None
_spawner_lock = threading.Lock()


def _parent_death_hook() -> Callable[[], None] | None:
    """A `preexec_fn` that makes the kernel SIGKILL the child when its forking thread dies (Linux).

    libc's `prctl` is looked up here, in the parent, so the child only calls it. If the parent
    died between fork and prctl, the child kills itself at once. The child also starts with no
    signal blocked: a blocked mask survives exec, and a parent that blocks SIGINT in its threads
    (a Ray worker does) would otherwise start a zero that the client's interrupt cannot reach.
    """
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # lazily: only Linux spawns need it

    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    parent = os.getpid()

    def tie_to_parent() -> None:
        signal.pthread_sigmask(signal.SIG_SETMASK, ())
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)

    return tie_to_parent


#: Threads children are forked from. Several, so runs started at once (a batch, an async
#: program) fork in parallel: a fork with a `preexec_fn` takes milliseconds, mostly waiting.
SPAWN_THREADS = 4


def _unblock_signals() -> None:
    # A child starts with its forking thread's signal mask (it survives exec): a spawner thread
    # blocks nothing, whatever the thread that created it blocked (see `_parent_death_hook`).
    signal.pthread_sigmask(signal.SIG_SETMASK, ())


def _spawn_thread() -> ThreadPoolExecutor:
    """The threads every child is forked from; they live as long as this process (a child's
    PR_SET_PDEATHSIG fires when the thread that forked it ends)."""
    global _spawner
    with _spawner_lock:
        if _spawner is None:
            # Imported on the first spawn: concurrent.futures brings logging (~3 ms at import).
            from concurrent.futures import ThreadPoolExecutor

            _spawner = ThreadPoolExecutor(
                max_workers=SPAWN_THREADS,
                thread_name_prefix="zero-client-spawn",
                initializer=_unblock_signals,
            )
        return _spawner


_setpriv_path: str | None = None
_setpriv_checked = False


def _setpriv() -> str | None:
    """util-linux's `setpriv`, if it is installed and knows `--pdeathsig` (checked once).

    With it the child's PR_SET_PDEATHSIG is set by `setpriv --pdeathsig KILL -- ARGV` (which then
    execs ARGV in place: same pid), so the child needs no Python `preexec_fn` and subprocess
    starts it with vfork: a fraction of a millisecond of CPU instead of the 2-5 ms a fork of a
    large process and the Python code run in the copy cost (what bounds a batch of short runs).
    """
    global _setpriv_path, _setpriv_checked
    with _spawner_lock:
        if not _setpriv_checked:
            _setpriv_checked = True
            import shutil  # lazily: only Linux spawns need it
            import subprocess

            found = shutil.which("setpriv", path="/usr/bin:/bin")
            if found is not None:
                with contextlib.suppress(OSError, subprocess.SubprocessError):
                    probe = subprocess.run(
                        [found, "--pdeathsig", "KILL", "--", "true"],
                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                        env={"PATH": "/usr/bin:/bin"}, timeout=10, check=False,
                    )  # fmt: skip
                    if probe.returncode == 0:
                        _setpriv_path = found
        return _setpriv_path


def _startable(program: str, cwd: str | None, env: dict[str, str]) -> bool:
    """Whether exec would find `program` (so errors about it still come from the direct spawn)."""
    import shutil  # lazily: only Linux spawns need it

    if cwd is not None and not os.path.isdir(cwd):
        return False
    if os.sep in program:
        path = program if cwd is None or os.path.isabs(program) else os.path.join(cwd, program)
        return os.path.isfile(path) and os.access(path, os.X_OK)
    return shutil.which(program, path=env.get("PATH", os.defpath)) is not None


def _popen(
    argv: Sequence[str], *, stdin: int, stdout: int, stderr: int, cwd: str | None, env: dict[str, str]
) -> subprocess.Popen[bytes]:
    """Starts the child in a session of its own, tied to this process where the OS allows:
    through `setpriv --pdeathsig` (vfork, cheap) where it exists, else with a `preexec_fn`."""
    import subprocess  # on the first spawn, not at `import zero_client` (~3 ms)

    hook = _parent_death_hook()
    if hook is None:
        return subprocess.Popen(
            argv, stdin=stdin, stdout=stdout, stderr=stderr, cwd=cwd, env=env, start_new_session=True
        )  # fmt: skip
    setpriv = _setpriv()
    if setpriv is not None and argv and _startable(argv[0], cwd, env):
        wrapped = [setpriv, "--pdeathsig", "KILL", "--", *argv]

        def start() -> subprocess.Popen[bytes]:
            return subprocess.Popen(
                wrapped, stdin=stdin, stdout=stdout, stderr=stderr, cwd=cwd, env=env, start_new_session=True
            )  # fmt: skip
    else:

        def start() -> subprocess.Popen[bytes]:
            return subprocess.Popen(
                argv, stdin=stdin, stdout=stdout, stderr=stderr, cwd=cwd, env=env,
                start_new_session=True, preexec_fn=hook,
            )  # fmt: skip

    return _spawn_thread().submit(start).result()


#: The stdout pipe's capacity (Linux: F_SETPIPE_SZ; 1 MiB is the unprivileged maximum by default).
#: With the default 64 KiB a fast writer fills the pipe between two reads, so each read gets a
#: small piece and each `pump()` decodes a small batch; a wider pipe halves the reads and pumps.
STDOUT_PIPE_BYTES = 1 << 20
_F_SETPIPE_SZ = 1031


def _widen_pipe(fd: int) -> None:
    """Asks for a `STDOUT_PIPE_BYTES` pipe where the OS allows it; the default stays otherwise."""
    if not sys.platform.startswith("linux") or STDOUT_PIPE_BYTES <= 0:
        return
    import fcntl  # lazily: only Linux spawns need it

    with contextlib.suppress(OSError):  # EPERM above the system's pipe-max-size: keep the default
        fcntl.fcntl(fd, _F_SETPIPE_SZ, STDOUT_PIPE_BYTES)


def _spawn_error(exc: OSError, argv: Sequence[str], cwd: str | None) -> ZeroError:
    if cwd is not None and not os.path.isdir(cwd):
        return ZeroUsageError(f"cwd must be an existing directory: {cwd}")
    program = argv[0]
    if isinstance(exc, FileNotFoundError):
        return ZeroNotFoundError(f"{program} was not found: {exc.strerror}", command=program)
    return ZeroNotExecutableError(f"{program} cannot be executed: {exc.strerror}", command=program)


@dataclass
class RunOutcome:
    """What a stream knows about its run; shared with the stream's generator.

    Kept apart from the stream object so the generator holds no reference back to the stream:
    dropping the stream then frees (and so closes, ending the process) the generator at once,
    without waiting for the cycle collector.
    """

    pid: int | None = None
    result: RunResult | None = None
    error: ZeroError | None = None
    run: ProcessRun | None = None
    #: The schemaVersion the current process's input was written in.
    version: int | None = None
    #: Whether the binary may still refuse that version and have the run restarted in its own
    #: (until the first event; see `zero_client.core.refused_input_version`).
    may_fall_back: bool = False
    #: The run's spans, when tracing is on (`zero_client.tracing`); ended by `settle`.
    trace: RunTrace | None = None
    #: Where the run's raw stdout is copied (`stream(transcript=...)`), and where in that file
    #: the current process's bytes begin (so a refused attempt can be cut off again).
    transcript: BinaryIO | None = None
    transcript_start: int | None = None
    #: The run's tools/hooks server and configuration layer (`zero_client.extensions`), when
    #: the client has any; closed (layer removed) by `settle` / `end_trace`.
    extension: RunExtension | None = None
    #: Takes the finished run's typed result (`stream(output_type=...)`, zero_client.structured):
    #: puts it on the result and returns the run's error then (one of its own, or the
    #: `StructuredOutputError` of a run that gave no valid result).
    take_output: Callable[[RunResult], ZeroError | None] | None = None

    def mark_transcript(self) -> None:
        """Notes where the transcript stands before a process is spawned."""
        if self.transcript is not None and self.transcript.seekable():
            self.transcript_start = self.transcript.tell()

    def rewind_transcript(self) -> None:
        """Cuts the refused attempt's bytes off the transcript before the run restarts."""
        if self.transcript is not None and self.transcript_start is not None:
            self.transcript.seek(self.transcript_start)
            self.transcript.truncate()

    def started(self, run: ProcessRun, version: int, *, may_fall_back: bool) -> None:
        """Records the process of a run that was just spawned, with input in `version`. The
        trace observes it at once, unless the binary may still refuse it (`observe_run`)."""
        self.run = run
        self.pid = run.pid
        if self.extension is not None:
            run.on_cancel = self.extension.interrupt
        self.version = version
        self.may_fall_back = may_fall_back
        if not may_fall_back:
            self.observe_run(run, [])

    def observe_run(self, run: ProcessRun, seen: list[Event]) -> None:
        """Lets the trace observe `run` (the attempt whose events the caller gets), starting with
        `seen`, the events it already produced."""
        observe = None if self.trace is None else self.trace.observe
        if observe is not None:
            run.observer = observe
            if seen:
                observe(seen)

    def settle(self, run: ProcessRun) -> None:
        """Records the outcome of a run that was shut down; an earlier error (a timeout, a strict
        decode error) wins, and gets the run's result and stderr tail when it had none."""
        self.result, error = run.outcome()
        if self.error is not None and self.error.result is None:
            self.error.result = self.result
            self.error.stderr_tail = self.error.stderr_tail or self.result.stderr_tail
            self.error.run_id = self.error.run_id or self.result.run_id
        self.error = self.error or error
        self.result.error = self.error
        if self.take_output is not None:
            self.error = self.take_output(self.result)
        for note in unknown_mcp_tools(self.result):
            self.result.sdk_notes.append(note)
            warnings.warn(note, UserWarning, stacklevel=2)  # the stream and stderr say nothing
        self.end_trace(self.result, self.error)

    def close_extension(self, result: RunResult | None) -> None:
        """Stops the run's tools/hooks server and removes its layer (once); the hook errors it
        saw go to `result.hook_errors`."""
        extension, self.extension = self.extension, None
        if extension is not None:
            extension.close()
            if result is not None:
                result.hook_errors = list(extension.hook_errors)

    def end_trace(self, result: RunResult | None, error: BaseException | None) -> None:
        """Ends the run's spans (once), with its result and error (and closes the run's
        tools/hooks server: the run is over)."""
        self.close_extension(result)
        trace, self.trace = self.trace, None
        if trace is not None:
            trace.finish(result, error)


#: Zero's result for a tool it does not know (internal/tools/registry.go).
_UNKNOWN_TOOL = re.compile(r'^Error: Unknown tool "(mcp_[^"]+)"\.$')


def unknown_mcp_tools(result: RunResult) -> list[str]:
    """A note for each MCP tool the model called that Zero did not know: Zero skips an MCP
    server that does not start (a crash, an import error) and says so nowhere in `exec`'s
    stream or stderr, so the call's only trace is "Unknown tool". The note says where to look."""
    notes = []
    for call in result.tool_calls:
        found = _UNKNOWN_TOOL.match(call.output or "") if call.status == "error" else None
        if found is None:
            continue
        name = found.group(1)
        notes.append(
            f"Zero does not know the tool {name}: the MCP server that serves it (mcp_<server>_<tool>) "
            "did not start, or has no such tool. `zero mcp check <server>` starts it and shows its "
            "error. A Python server written for mcp 1.x (`from mcp.server.fastmcp import FastMCP`) "
            "fails to import on mcp 2.x, which zero-headless-sdk[tools] installs: write "
            "`from mcp.server.mcpserver import MCPServer` (FastMCP's new name) or run it with mcp<2."
        )
    return notes


class RunHandle(Generic[OutputT]):
    """What the sync and async run streams share: the run's outcome, readable at any time.
    `OutputT` is the type of the run's typed result (`stream(output_type=...)`)."""

    def __init__(
        self,
        transcript: BinaryIO | None = None,
        take_output: Callable[[RunResult], ZeroError | None] | None = None,
    ) -> None:
        self._outcome = RunOutcome(transcript=transcript, take_output=take_output)

    @property
    def pid(self) -> int | None:
        """The pid (and process-group id) of the current zero process, once started.

        When the binary refuses a preferred `schema_version` (it speaks another one), the run is
        restarted in the binary's version and `pid` changes to the new process's.
        """
        return self._outcome.pid

    @property
    def result(self) -> RunResult[OutputT] | None:
        """The `RunResult`, once the run is over (None before)."""
        return self._outcome.result

    @property
    def error(self) -> ZeroError | None:
        """Why the run failed, once it is over (None on success)."""
        return self._outcome.error


class ProcessRun:
    """A running `zero exec`: spawn, pump output into events, detect the end, shut down."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        payload: bytes,
        cwd: str | None,
        env: dict[str, str],
        timeouts: Timeouts,
        decode_mode: DecodeMode,
        stderr_tail_bytes: int,
        keep_events: bool = True,
        stdout_copy: BinaryIO | None = None,
        clock: Callable[[], float] = time.monotonic,
        what: str = "zero exec",
    ) -> None:
        self.argv = list(argv)
        self._stdout_copy = stdout_copy
        #: How errors name this process ("zero exec", or the version probe).
        self.what = what
        self.timeouts = timeouts
        self._clock = clock
        self._splitter = LineSplitter()
        self._decoder = LineDecoder(decode_mode)
        self.state = RunState(keep_events=keep_events)
        self.stderr = StderrTail(stderr_tail_bytes)
        self.returncode: int | None = None
        self._finished = False
        self._shut_down = False
        self.cancelled = False  # shut down while still running: the client's cancel (or timeout)
        #: Called with each batch of events after the run state applied it (the run's trace).
        self.observer: Callable[[list[Event]], None] | None = None
        self.killed = False  # the cancel had to SIGKILL the child after the grace period
        #: Called when the cancel interrupts the child (the run's extension cancels its tools,
        #: so Zero, waiting on one, can end within the grace period).
        self.on_cancel: Callable[[], None] | None = None
        stdin_r, stdin_w = os.pipe()
        stdout_r, stdout_w = os.pipe()
        stderr_r, stderr_w = os.pipe()
        _widen_pipe(stdout_w)
        try:
            self.process = _popen(
                self.argv,
                stdin=stdin_r,
                stdout=stdout_w,
                stderr=stderr_w,
                cwd=cwd,
                env=env,
            )
        except OSError as exc:
            for fd in (stdin_r, stdin_w, stdout_r, stdout_w, stderr_r, stderr_w):
                os.close(fd)
            raise _spawn_error(exc, self.argv, cwd) from exc
        for fd in (stdin_r, stdout_w, stderr_w):
            os.close(fd)
        self.started_at = clock()
        self._last_event_at: float | None = None
        self.pid = self.process.pid
        self._stdout: int | None = stdout_r
        self._stderr: int | None = stderr_r
        for fd in (stdin_w, stdout_r, stderr_r):
            os.set_blocking(fd, False)
        self._pidfd: int | None = None
        with contextlib.suppress(OSError, AttributeError):
            self._pidfd = os.pidfd_open(self.pid)
        self._writer = _StdinWriter(stdin_w, payload, clock)
        self._writer.start()

    # ---------------------------------------------------------------------------------- waiting

    @property
    def shut_down(self) -> bool:
        """The process group was ended and the child reaped (`shutdown_steps` ran to the end)."""
        return self._shut_down

    @property
    def finished(self) -> bool:
        """The process exited and its output was read to the end."""
        return self._finished

    def wait_fds(self) -> list[int]:
        return [fd for fd in (self._stdout, self._stderr, self._pidfd) if fd is not None]

    def _deadline(self) -> tuple[float, TimeoutKind, float] | None:
        """The earliest active timeout as (when, which, seconds)."""
        t = self.timeouts
        candidates: list[tuple[float, TimeoutKind, float]] = []
        if t.total is not None:
            candidates.append((self.started_at + t.total, "total", t.total))
        if t.start is not None and self._writer.finished_at is None:
            candidates.append((self.started_at + t.start, "start", t.start))
        if self._last_event_at is None:
            if t.first_event is not None:
                candidates.append((self.started_at + t.first_event, "first_event", t.first_event))
        elif t.idle is not None:
            candidates.append((self._last_event_at + t.idle, "idle", t.idle))
        return min(candidates, default=None)

    def wait_timeout(self) -> float | None:
        """How long the caller may wait for readiness before calling `pump()` again."""
        if self._finished or self.returncode is not None:
            return 0.0
        deadline = self._deadline()
        wait = None if deadline is None else max(0.0, deadline[0] - self._clock())
        if self._pidfd is None:
            wait = POLL_INTERVAL if wait is None else min(wait, POLL_INTERVAL)
        return wait

    # ---------------------------------------------------------------------------------- reading

    def _read(self, fd: int, budget: int) -> tuple[list[bytes], bool]:
        """Reads up to `budget` bytes that are ready; returns (chunks, reached EOF)."""
        chunks: list[bytes] = []
        while budget > 0:
            try:
                data = os.read(fd, min(READ_CHUNK, budget))
            except BlockingIOError:
                return chunks, False
            if not data:
                return chunks, True
            chunks.append(data)
            budget -= len(data)
        return chunks, False

    def pump(self) -> list[Event]:
        """Reads what is ready, returns the new events; raises ZeroTimeoutError on a timeout.

        When the process has exited and everything it wrote was read, `finished` turns true.
        """
        if self._finished:
            return []
        # Poll for exit *before* reading: whatever the child wrote before exiting is then
        # already in the pipe, so draining it below loses nothing.
        exited = self.returncode is not None or self.process.poll() is not None
        self.returncode = self.process.returncode
        events: list[Event] = []
        if self._stderr is not None:
            chunks, eof = self._read(self._stderr, PUMP_BUDGET)
            for chunk in chunks:
                self.stderr.append(chunk)
            if eof:
                os.close(self._stderr)
                self._stderr = None
        drained = True
        if self._stdout is not None:
            chunks, eof = self._read(self._stdout, PUMP_BUDGET)
            if chunks:
                if self._stdout_copy is not None:
                    self._stdout_copy.write(b"".join(chunks))
                drained = eof or sum(map(len, chunks)) < PUMP_BUDGET
                feed = self._splitter.feed
                lines = feed(chunks[0])
                for chunk in chunks[1:]:
                    lines += feed(chunk)
                del chunks
                events = self._decoder.decode_all(lines)  # one batch decode per pump
                del lines
            if eof:
                os.close(self._stdout)
                self._stdout = None
        if exited and drained:
            # Either EOF, or a grandchild holds the pipes open: the run is over either way.
            last = self._splitter.finish()
            if last is not None:
                events.extend(self._decoder.decode_all([last]))
            self._finished = True
        if events:
            self._last_event_at = self._clock()
            self.state.apply_all(events, upgraded=True)  # decode_all's events
            if self.observer is not None:
                self.observer(events)
        if not self._finished:
            self._check_deadline()
        return events

    def _check_deadline(self) -> None:
        deadline = self._deadline()
        if deadline is None or self._clock() < deadline[0]:
            return
        _, kind, seconds = deadline
        what = {
            "start": "to read its input",
            "first_event": "for the first event",
            "idle": "between events",
            "total": "for the whole run",
        }[kind]
        result = self.result()
        raise ZeroTimeoutError(
            f"zero exec timed out: no progress within the {kind} timeout of {seconds:g}s ({what})",
            timeout=kind,
            seconds=seconds,
            stderr_tail=result.stderr_tail,
            run_id=result.run_id,
            result=result,
        )

    # ---------------------------------------------------------------------------------- results

    def result(self) -> RunResult:
        result = self.state.result
        result.protocol_errors = list(self._decoder.issues)
        result.stderr_tail = self.stderr.text()
        return result

    def outcome(self) -> tuple[RunResult, ZeroError | None]:
        """The result of a finished process and the error it stands for (None on success).

        A cancelled run whose child wrote no `run_end` is an interruption the client caused,
        not a crash: `ZeroInterruptedError`, saying whether the child had to be killed.
        """
        result = self.result()
        if self.cancelled and not result.ended:
            how = (
                f"killed (SIGKILL) after ignoring the cancel for {self.timeouts.grace:g}s"
                if self.killed
                else f"ended by the cancel (exit status {self.returncode})"
            )
            result.status = result.status or "interrupted"
            return result, ZeroInterruptedError(
                f"zero exec was cancelled by the client and {how}",
                stderr_tail=result.stderr_tail,
                run_id=result.run_id,
                result=result,
            )
        return result, outcome_error(result, returncode=self.returncode, what=self.what)

    # ---------------------------------------------------------------------------------- shutdown

    def _signal_group(self, sig: int) -> bool:
        """Sends `sig` to the whole process group; False when the group is gone."""
        try:
            os.killpg(self.pid, sig)
        except (ProcessLookupError, PermissionError):
            return False
        return True

    def shutdown_steps(self) -> Iterator[float]:
        """Ends the whole process group and reaps the child; yields how long to sleep between checks.

        Closes stdin and, if the child still runs (a cancel), SIGINTs the group and keeps
        reading stdout for up to `timeouts.grace`, so the events zero writes on its way out
        (`error` interrupted, `run_end`) reach the result; then SIGKILLs the group (also
        catching grandchildren and children that ignore the interrupt).
        """
        if self._shut_down:
            return
        self._writer.stop()
        if self.process.poll() is None:
            self.cancelled = True
            self._signal_group(signal.SIGINT)
            if self.on_cancel is not None:
                self.on_cancel()
            give_up = self._clock() + self.timeouts.grace
            while not self._finished and self._clock() < give_up:
                self._pump_trailing_events()
                yield 0.02
            self.killed = self.process.poll() is None
        if self._signal_group(signal.SIGKILL):
            give_up = self._clock() + GROUP_EXIT_WAIT
            while self._clock() < give_up:
                self.process.poll()
                if not _group_has_live_members(self.pid):
                    break
                yield 0.01
        while self.process.poll() is None:
            yield 0.01
        self.returncode = self.process.returncode
        while self._writer.is_alive():
            yield 0.01
        self._close_fds()
        self._shut_down = True

    def _pump_trailing_events(self) -> None:
        """Reads what a cancelled child writes on its way out; the events go to the result only."""
        with contextlib.suppress(ZeroError):  # a timeout already fired: that is the run's error
            self.pump()

    def _close_fds(self) -> None:
        for name in ("_stdout", "_stderr", "_pidfd"):
            fd = getattr(self, name)
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
                setattr(self, name, None)
