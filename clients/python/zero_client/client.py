"""The synchronous client: `ZeroClient.stream()` and `ZeroClient.run()`."""

from __future__ import annotations

import select
import threading
import time
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from itertools import chain, pairwise
from types import TracebackType
from typing import TYPE_CHECKING, Any, BinaryIO, overload

from zero_client.core import DecodeMode, OutputT, RunResult, encode_inputs, refused_input_version
from zero_client.errors import ZeroError, ZeroVersionError
from zero_client.options import (
    ExecOptions,
    Timeouts,
    check_schema_version,
    input_events,
    merged_env,
    resolve_command,
)
from zero_client.process import ProcessRun, RunHandle, RunOutcome

if TYPE_CHECKING:
    from opentelemetry.trace import TracerProvider

    from zero_client.core import Event
    from zero_client.extensions.hooks import Hooks
    from zero_client.extensions.server import Extensions
    from zero_client.extensions.tools import Tool
    from zero_client.options import Prompt
    from zero_client.session import Session

DEFAULT_STDERR_TAIL_BYTES = 64 * 1024
#: `run(output_type=...)`'s default bound on invalid answers (zero_client.structured).
DEFAULT_OUTPUT_TRIES = 3
DEFAULT_TIMEOUTS = Timeouts()
#: The probe that tells the schemaVersion: `--list-tools` needs no provider and no prompt.
PROBE_ARGS = ("exec", "--list-tools", "-o", "stream-json")
PROBE_TIMEOUT = 60.0
#: How errors name the probe.
PROBE_WHAT = "zero exec --list-tools (the schemaVersion probe)"

_probe_cache: dict[tuple[object, ...], int] = {}
_probe_lock = threading.Lock()


class ClientConfig:
    """Everything the sync and async clients share: the command line, env and options.

    Which schemaVersion a run writes its input in:
    - `schema_version=None` (the default): the binary's, probed once with `--list-tools` per
      command, cwd and env (cached for the life of this process).
    - `schema_version=N`: a preference. A run writes N at once, without probing. If the binary
      speaks another version M, it refuses that input before doing anything (see
      `zero_client.core.refused_input_version`); the client then discards that attempt (none of
      its events reach the caller), remembers M in the probe cache and restarts the run once in
      M, so the caller sees one run (with a new `pid`). Later runs of the same command, cwd and
      env go straight to M. An M this client does not support is a `ZeroVersionError` naming it.
      A version the cache already knows wins over N. (A run in a cached or probed version falls
      back the same way, so a binary replaced by one of another version is followed.)
    - `schema_version=N, require_schema_version=True`: N, always; a binary of another version
      fails the run with `ZeroVersionError` ("schemaVersion must be M").

    Tracing (docs/tracing.md): each run is an OpenTelemetry `invoke_agent zero` span with an
    `execute_tool` child per tool call, recorded through `tracer_provider` (default: the global
    one, when the program uses OpenTelemetry at all); its trace context reaches the process as
    TRACEPARENT/TRACESTATE. `capture_content=True` adds the final answer, tool arguments and
    outputs (default: OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT).

    The child's environment is this process's updated with `env`; with `inherit_env=False` it is
    `env` alone (the caller builds all of it: PATH, HOME, the provider's variables, ...).

    Your code inside the run (docs/extensions.md): `tools=[...]` (functions decorated with
    `zero_client.tool`) are served to the run as an MCP server named `tool_server` ("sdk"), so
    the model sees `mcp_sdk_<name>`, pre-approved for the default permission mode unless
    `approve_tools=False`; `hooks=Hooks(...)` are called before and after each tool call and at
    the start and end of the agent loop. Both reach Zero through a private configuration layer
    made for each run on top of the user's own configuration and removed when the run ends.
    `session()` gives a handle for multi-turn work. `instructions=` is added to what the agent
    is told, through the layer's copy of Zero's user guidelines file (ZERO.md: after the user's
    own guidelines, if any). `run(prompt, output_type=T)` gives a typed result
    (`result.output`, see `zero_client.structured`).

    The other keyword options are `zero exec` flags (`ExecOptions`).
    """

    def __init__(
        self,
        command: str | Sequence[str] | None = None,
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
        *,
        inherit_env: bool = True,
        schema_version: int | None = None,
        require_schema_version: bool = False,
        model: str | None = None,
        auto: str | None = None,
        permission_mode: str | None = None,
        enabled_tools: Sequence[str] | None = None,
        disabled_tools: Sequence[str] | None = None,
        resume: str | bool | None = None,
        fork: str | None = None,
        max_turns: int | None = None,
        images: Sequence[str] = (),
        add_dirs: Sequence[str] = (),
        plan: bool = False,
        mode: str | None = None,
        exec_profile: str | None = None,
        reasoning_effort: str | None = None,
        worktree: str | bool | None = None,
        worktree_dir: str | None = None,
        tag: str | None = None,
        session_title: str | None = None,
        skip_permissions_unsafe: bool = False,
        allow_escalation: bool = False,
        self_correct: bool = False,
        no_completion_gate: bool = False,
        extra_args: Sequence[str] = (),
        tools: Sequence[Tool] = (),
        hooks: Hooks | None = None,
        tool_server: str = "sdk",
        approve_tools: bool = True,
        instructions: str | None = None,
        decode_mode: DecodeMode = "lenient",
        timeouts: Timeouts = DEFAULT_TIMEOUTS,
        stderr_tail_bytes: int = DEFAULT_STDERR_TAIL_BYTES,
        tracer_provider: TracerProvider | None = None,
        capture_content: bool | None = None,
    ) -> None:
        self.command = resolve_command(command)
        self.cwd = None if cwd is None else str(cwd)
        self.env_overrides = dict(env or {})
        self.inherit_env = inherit_env
        self.schema_version = None if schema_version is None else check_schema_version(schema_version)
        if require_schema_version and schema_version is None:
            raise ZeroVersionError("require_schema_version=True needs the schema_version to require")
        self.require_schema_version = require_schema_version
        self.exec_options = ExecOptions(
            model=model,
            auto=auto,
            permission_mode=permission_mode,
            enabled_tools=enabled_tools,
            disabled_tools=disabled_tools,
            resume=resume,
            fork=fork,
            max_turns=max_turns,
            images=tuple(images),
            add_dirs=tuple(add_dirs),
            plan=plan,
            mode=mode,
            exec_profile=exec_profile,
            reasoning_effort=reasoning_effort,
            worktree=worktree,
            worktree_dir=worktree_dir,
            tag=tag,
            session_title=session_title,
            skip_permissions_unsafe=skip_permissions_unsafe,
            allow_escalation=allow_escalation,
            self_correct=self_correct,
            no_completion_gate=no_completion_gate,
            extra_args=tuple(extra_args),
        )
        self.extensions: Extensions | None = None
        self.tool_server = tool_server
        self.approve_tools = approve_tools
        if instructions is not None:
            from zero_client.extensions.instructions import check_instructions

            instructions = check_instructions(instructions)
        if tools or hooks is not None or instructions is not None:
            from zero_client.extensions.server import Extensions  # lazily: only clients with tools/hooks

            self.extensions = Extensions(
                tools=tuple(tools),
                hooks=hooks,
                tool_server=tool_server,
                approve_tools=approve_tools,
                instructions=instructions,
            )
        self.decode_mode: DecodeMode = decode_mode
        self.timeouts = timeouts
        self.stderr_tail_bytes = stderr_tail_bytes
        self.tracer_provider = tracer_provider
        self.capture_content = capture_content

    @property
    def argv(self) -> list[str]:
        """The command line of a run (the prompt is not on it: it goes to stdin as stream-json)."""
        return [*self.command, *self.exec_options.argv()]

    def _probe_key(self) -> tuple[object, ...]:
        return (tuple(self.command), self.cwd, self.inherit_env, tuple(sorted(self.env_overrides.items())))

    def _cached_version(self) -> int | None:
        """The binary's schemaVersion, when a probe or a refused run already told it."""
        with _probe_lock:
            return _probe_cache.get(self._probe_key())

    def _version_without_probe(self) -> int | None:
        """The schemaVersion a run writes without probing: the required one, else the binary's
        when cached, else the preferred one; None when only a probe can tell."""
        if self.require_schema_version:
            return self.schema_version
        cached = self._cached_version()
        return cached if cached is not None else self.schema_version

    def _remember_version(self, version: int) -> int:
        with _probe_lock:
            _probe_cache[self._probe_key()] = version
        return version

    def _probe_run(self) -> ProcessRun:
        return self._spawn(
            [*self.command, *PROBE_ARGS],
            b"",
            Timeouts(start=None, total=min(PROBE_TIMEOUT, self.timeouts.total or PROBE_TIMEOUT)),
            # Lenient whatever the client's mode: the probe needs the version, and a binary that
            # cannot be driven is then classified exactly as a run classifies it.
            decode_mode="lenient",
            what=PROBE_WHAT,
        )

    def _probe_outcome(self, run: ProcessRun) -> int:
        """The schemaVersion the finished probe showed, remembered; else the error a run of this
        binary would end with (it died, wrote no event, or speaks an unsupported version)."""
        result, error = run.outcome()
        from zero_client.versions import SUPPORTED_SCHEMA_VERSIONS

        version = result.schema_version
        if version is None or version not in SUPPORTED_SCHEMA_VERSIONS:
            raise error or ZeroVersionError(  # a clean run_end carries one: not expected
                f"{run.what} wrote no schemaVersion",
                exit_code=result.exit_code,
                stderr_tail=result.stderr_tail,
                result=result,
            )
        return self._remember_version(version)

    def _spawn(
        self,
        argv: list[str],
        payload: bytes,
        timeouts: Timeouts,
        *,
        keep_events: bool = False,
        outcome: RunOutcome | None = None,
        stdout_copy: BinaryIO | None = None,
        decode_mode: DecodeMode | None = None,
        what: str = "zero exec",
    ) -> ProcessRun:
        env = merged_env(self.env_overrides, inherit=self.inherit_env)
        if outcome is not None and outcome.trace is not None:
            env.update(outcome.trace.env)  # the run span's trace context, for a Zero that traces
        if outcome is not None and self.extensions is not None:
            if outcome.extension is None:
                add_dirs = [
                    value for flag, value in pairwise(argv) if flag in ("--add-dir", "--worktree-dir")
                ]
                outcome.extension = self.extensions.start(env, self.cwd, add_dirs)
            env.update(outcome.extension.env)  # the run's private configuration layer
        return ProcessRun(
            argv,
            payload=payload,
            cwd=self.cwd,
            env=env,
            timeouts=timeouts,
            decode_mode=self.decode_mode if decode_mode is None else decode_mode,
            stderr_tail_bytes=self.stderr_tail_bytes,
            keep_events=keep_events,
            stdout_copy=stdout_copy,
            what=what,
        )

    def _run_process(
        self, prompt: Prompt, version: int, *, keep_events: bool, outcome: RunOutcome
    ) -> ProcessRun:
        payload = encode_inputs(input_events(prompt, version))
        return self._spawn(
            self.argv,
            payload,
            self.timeouts,
            keep_events=keep_events,
            outcome=outcome,
            stdout_copy=outcome.transcript,
        )

    def _begin_trace(self, outcome: RunOutcome) -> None:
        """Starts the run's spans (when tracing is on and they are not started yet)."""
        if outcome.trace is None and outcome.run is None:
            # Here, not at module level: the tracing module loads the protocol types (see core).
            from zero_client.tracing import start_run_trace

            outcome.trace = start_run_trace(
                self.tracer_provider,
                self.capture_content,
                lambda: merged_env(self.env_overrides, inherit=self.inherit_env),
            )

    def _start(self, prompt: Prompt, version: int, keep_events: bool, outcome: RunOutcome) -> ProcessRun:
        """Spawns the run with input in `version`; recorded in `outcome`."""
        outcome.mark_transcript()
        run = self._run_process(prompt, version, keep_events=keep_events, outcome=outcome)
        outcome.started(run, version, may_fall_back=not self.require_schema_version)
        return run

    def _fallback_version(self, outcome: RunOutcome, events: list[Event]) -> int | None:
        """Called with the first events of a run that may fall back: the binary's version when it
        refused the run's input version (the caller then reads that attempt to its end, shuts
        it down and calls `_restart`), else None (the run's trace then observes it, from these
        events on). Either way, the run can no longer fall back."""
        outcome.may_fall_back = False
        assert outcome.version is not None and outcome.run is not None
        version = refused_input_version(events[0], outcome.version)
        if version is None:
            outcome.observe_run(outcome.run, events)
        return version

    def _restart(
        self, prompt: Prompt, version: int, keep_events: bool, outcome: RunOutcome, refused: ProcessRun
    ) -> ProcessRun:
        """Starts the run again in `version`, the binary's, after it refused the input of the
        `refused` attempt (shut down already); remembered for later runs. A version this client
        does not support is a ZeroVersionError carrying the refused attempt's result."""
        result, _ = refused.outcome()
        check_schema_version(
            version,
            spoken_by=self.command,
            exit_code=result.exit_code,
            stderr_tail=result.stderr_tail,
            run_id=result.run_id,
            result=result,
        )
        self._remember_version(version)
        outcome.rewind_transcript()  # the transcript holds the run that counts, not the refusal
        run = self._run_process(prompt, version, keep_events=keep_events, outcome=outcome)
        outcome.started(run, version, may_fall_back=False)  # restarted once at most
        return run


def _wait(run: ProcessRun) -> None:
    poller = select.poll()
    for fd in run.wait_fds():
        poller.register(fd, select.POLLIN)
    timeout = run.wait_timeout()
    poller.poll(None if timeout is None else max(0, int(timeout * 1000) + 1))


def _drive(run: ProcessRun) -> Iterator[Event]:
    """Yields events until the process finished; the caller shuts it down."""
    while True:
        yield from run.pump()
        if run.finished:
            return
        _wait(run)


def _shutdown(run: ProcessRun) -> None:
    for pause in run.shutdown_steps():
        time.sleep(pause)


def _start_run(client: ZeroClient, prompt: Prompt, keep_events: bool, outcome: RunOutcome) -> ProcessRun:
    if outcome.run is None:
        client._begin_trace(outcome)
        try:
            version = client._version_without_probe()
            if version is None:
                version = client.detect_schema_version()
            client._start(prompt, version, keep_events, outcome)
        except BaseException as exc:  # no process ran (not found, probe failed, bad prompt)
            outcome.end_trace(None, exc)
            raise
    assert outcome.run is not None
    return outcome.run


def _stream_batches(
    client: ZeroClient, prompt: Prompt, check: bool, keep_events: bool, outcome: RunOutcome
) -> Generator[list[Event], None, None]:
    """The run's events, one pump's worth at a time (`RunStream` iterates them through
    `itertools.chain`, so handing out an event runs no Python frame: this generator resumes once
    per pump, not once per event)."""
    run = _start_run(client, prompt, keep_events, outcome)
    try:
        while True:  # `_drive` inlined
            events = run.pump()
            if outcome.may_fall_back and events:
                version = client._fallback_version(outcome, events)
                if version is not None:  # refused: its events are dropped, the run starts again
                    for _ in _drive(run):  # read the refusal to its end: Zero exits at once
                        pass
                    _shutdown(run)
                    run = client._restart(prompt, version, keep_events, outcome, run)
                    continue
            if events:
                yield events
                # Drop the batch the caller is done with before the next pump decodes another:
                # two batches alive at once count double towards a garbage collection.
                del events
            if run.finished:
                break
            _wait(run)
    except ZeroError as exc:  # a timeout or a strict-mode protocol error
        outcome.error = exc
    finally:
        _shutdown(run)
        outcome.settle(run)
    if outcome.error is not None and check:
        raise outcome.error


class RunStream(RunHandle[OutputT]):
    """A run in progress: iterate it for events; use it as a context manager to clean up early.

    After iteration, `result` holds the `RunResult` and `error` the failure (or None). With
    `check=True` (the default) a failed run raises its typed error at the end of iteration.
    With `keep_events=False` (the default of `stream()`) the result is a summary: see
    `RunResult.events_kept`. `take_output`: see `RunOutcome.take_output`.
    """

    def __init__(
        self,
        client: ZeroClient,
        prompt: Prompt,
        *,
        check: bool = True,
        keep_events: bool = False,
        transcript: BinaryIO | None = None,
        take_output: Callable[[RunResult], ZeroError | None] | None = None,
    ) -> None:
        super().__init__(transcript, take_output)
        self._client = client
        self._prompt = prompt
        self._check = check
        self._keep_events = keep_events
        self._batches: Generator[list[Event], None, None] | None = None
        self._iterator: Iterator[Event] | None = None

    def start(self) -> RunStream[OutputT]:
        """Starts the process now, so `pid` is known before the first event (entering the
        `with` block does this); idempotent. Without it, the first iteration starts the run."""
        _start_run(self._client, self._prompt, self._keep_events, self._outcome)
        return self

    def __iter__(self) -> Iterator[Event]:
        if self._iterator is None:
            self._batches = _stream_batches(
                self._client, self._prompt, self._check, self._keep_events, self._outcome
            )
            self._iterator = chain.from_iterable(self._batches)
        return self._iterator

    def close(self) -> None:
        """Ends the process group (if still running) and waits until it is reaped."""
        if self._batches is not None:
            self._batches.close()
        run = self._outcome.run
        if run is not None and not run.shut_down:  # started, never iterated
            _shutdown(run)
            self._outcome.settle(run)

    def __enter__(self) -> RunStream[OutputT]:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


class ZeroClient(ClientConfig):
    """Drives `zero exec` (or `zero-engine exec`) in headless stream-json mode.

    >>> client = ZeroClient(["zero-engine"], env={"ZERO_PROVIDER": "demo"})  # doctest: +SKIP
    >>> print(client.run("Say hi").final_text)  # doctest: +SKIP
    """

    def detect_schema_version(self) -> int:
        """The binary's schemaVersion: the required one (`require_schema_version`), else the
        cached one, else probed with `--list-tools` (a preferred `schema_version` is not taken
        for the binary's: this asks it)."""
        version = self.schema_version if self.require_schema_version else self._cached_version()
        if version is not None:
            return version
        probe = self._probe_run()
        try:
            for _ in _drive(probe):
                pass
        finally:
            _shutdown(probe)
        return self._probe_outcome(probe)

    @overload
    def stream(
        self,
        prompt: Prompt,
        *,
        check: bool = True,
        keep_events: bool = False,
        transcript: BinaryIO | None = None,
        output_type: None = None,
        output_tries: int = DEFAULT_OUTPUT_TRIES,
    ) -> RunStream: ...
    @overload
    def stream(
        self,
        prompt: Prompt,
        *,
        check: bool = True,
        keep_events: bool = False,
        transcript: BinaryIO | None = None,
        output_type: type[OutputT],
        output_tries: int = DEFAULT_OUTPUT_TRIES,
    ) -> RunStream[OutputT]: ...

    def stream(
        self,
        prompt: Prompt,
        *,
        check: bool = True,
        keep_events: bool = False,
        transcript: BinaryIO | None = None,
        output_type: Any = None,
        output_tries: int = DEFAULT_OUTPUT_TRIES,
    ) -> RunStream[Any]:
        """Starts a run; iterate the returned `RunStream` for typed events as they arrive.

        By default the stream's `result` is a summary (`RunResult.events_kept` is False): it
        does not keep the events, the text/reasoning deltas or the tool-call pairing, since
        the caller sees them all, so memory stays flat however long the run. `final_text` is
        then `final.text` only. `keep_events=True` keeps everything, as `run()` does.

        `transcript`, a binary file open for writing, receives the process's stdout byte for
        byte as it is read (what `zero-sdk validate` checks and `zero-sdk replay` plays); when
        the binary refuses a preferred schema version, the refused attempt's bytes are cut off
        again (the file must then be seekable, as a regular file is). The caller closes it.

        `output_type`, `output_tries`: as for `run()`; the stream's `result.output` is the typed
        result once the stream is over, and a run without one raises `StructuredOutputError`
        at the end of iteration (with `check=False`, it is the stream's `error`).
        """
        turn, take = self, None
        if output_type is not None:  # msgspec and the output tool are imported only when asked for
            from zero_client.structured import prepare_stream

            turn, prompt, take = prepare_stream(self, prompt, output_type, output_tries)
        return RunStream(
            turn, prompt, check=check, keep_events=keep_events, transcript=transcript, take_output=take
        )

    @overload
    def run(
        self,
        prompt: Prompt,
        *,
        check: bool = True,
        transcript: BinaryIO | None = None,
        output_type: None = None,
        output_tries: int = DEFAULT_OUTPUT_TRIES,
    ) -> RunResult: ...
    @overload
    def run(
        self,
        prompt: Prompt,
        *,
        check: bool = True,
        transcript: BinaryIO | None = None,
        output_type: type[OutputT],
        output_tries: int = DEFAULT_OUTPUT_TRIES,
    ) -> RunResult[OutputT]: ...

    def run(
        self,
        prompt: Prompt,
        *,
        check: bool = True,
        transcript: BinaryIO | None = None,
        output_type: Any = None,
        output_tries: int = DEFAULT_OUTPUT_TRIES,
    ) -> RunResult[Any]:
        """Runs to the end. Raises the run's typed error, or returns it in `result.error` (check=False).

        The result keeps every event, the joined text and the paired tool calls. `transcript`:
        as for `stream()`.

        `output_type=T` (a msgspec Struct, dataclass, TypedDict or pydantic model) asks the model
        for its answer as a `T` through an SDK tool: `result.output` is the validated `T`. An
        invalid object gets the model the validation errors and another turn, `output_tries`
        objects at most; a run without a valid one raises `StructuredOutputError` (or, with
        `check=False`, has it in `result.error`). See `zero_client.structured`.
        """
        stream = self.stream(
            prompt,
            check=False,
            keep_events=True,
            transcript=transcript,
            output_type=output_type,
            output_tries=output_tries,
        )
        with stream:
            for _ in stream:
                pass
        assert stream.result is not None
        if check and stream.error is not None:
            raise stream.error
        return stream.result

    def session(self, session_id: str | None = None) -> Session:
        """A multi-turn handle (`zero_client.session.Session`): each `session.run()` is a turn of
        one Zero session (`session.id`), `session.fork()` branches it; `session_id` continues a
        session that exists already."""
        from zero_client.session import Session

        return Session(self, session_id)
