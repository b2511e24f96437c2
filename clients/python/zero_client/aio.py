"""The asyncio client: `AsyncZeroClient.stream()` (async iterator) and `await run()`.

Same process handling as the sync client (`ProcessRun`); only the waiting differs: readiness
comes from `loop.add_reader`, and shutdown sleeps with `asyncio.sleep`.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from types import TracebackType
from typing import TYPE_CHECKING, Any, BinaryIO, overload

from zero_client.client import DEFAULT_OUTPUT_TRIES, ClientConfig
from zero_client.core import OutputT, RunResult
from zero_client.errors import ZeroError
from zero_client.process import ProcessRun, RunHandle, RunOutcome

if TYPE_CHECKING:
    import asyncio

    from zero_client.core import Event
    from zero_client.options import Prompt
    from zero_client.session import AsyncSession

# `asyncio` is imported where it is used: it is ~20 ms of imports, and whoever runs a
# coroutine of this module has imported it already.


async def _wait(run: ProcessRun) -> None:
    import asyncio

    loop = asyncio.get_running_loop()
    ready: asyncio.Future[None] = loop.create_future()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    fds = run.wait_fds()
    for fd in fds:
        loop.add_reader(fd, wake)
    try:
        await asyncio.wait([ready], timeout=run.wait_timeout())
    finally:
        for fd in fds:
            loop.remove_reader(fd)
        ready.cancel()


async def _drive(run: ProcessRun) -> AsyncIterator[Event]:
    while True:
        for event in run.pump():
            yield event
        if run.finished:
            return
        await _wait(run)


async def _shutdown(run: ProcessRun) -> None:
    import asyncio

    for pause in run.shutdown_steps():
        await asyncio.sleep(pause)


async def _spawn(
    client: AsyncZeroClient, prompt: Prompt, version: int, keep_events: bool, outcome: RunOutcome
) -> None:
    """Starts the process on a thread: a fork takes milliseconds, during which the event loop
    keeps serving the runs it drives (many runs start at once in a batch). A cancel that lands
    meanwhile waits for the process to exist, ends it and is raised after that, so no process
    outlives a cancelled start."""
    import asyncio

    spawned = asyncio.ensure_future(asyncio.to_thread(client._start, prompt, version, keep_events, outcome))
    try:
        await asyncio.shield(spawned)
    except asyncio.CancelledError:
        while not spawned.done():
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait([spawned])
        run = outcome.run
        if run is not None and not run.shut_down:
            await _shutdown(run)
            outcome.settle(run)
        raise


async def _start_run(
    client: AsyncZeroClient, prompt: Prompt, keep_events: bool, outcome: RunOutcome
) -> ProcessRun:
    if outcome.run is None:
        client._begin_trace(outcome)
        try:
            version = client._version_without_probe()
            if version is None:
                version = await client.detect_schema_version()
            await _spawn(client, prompt, version, keep_events, outcome)
        except BaseException as exc:  # no process ran (not found, probe failed, bad prompt)
            outcome.end_trace(None, exc)
            raise
    assert outcome.run is not None
    return outcome.run


async def _stream_events(
    client: AsyncZeroClient, prompt: Prompt, check: bool, keep_events: bool, outcome: RunOutcome
) -> AsyncGenerator[Event, None]:
    run = await _start_run(client, prompt, keep_events, outcome)
    try:
        while True:  # `_drive` inlined: one async generator layer per event, not two
            events = run.pump()
            if outcome.may_fall_back and events:
                version = client._fallback_version(outcome, events)
                if version is not None:  # refused: its events are dropped, the run starts again
                    async for _ in _drive(run):  # read the refusal to its end: Zero exits at once
                        pass
                    await _shutdown(run)
                    run = client._restart(prompt, version, keep_events, outcome, run)
                    continue
            for event in events:
                yield event
            if run.finished:
                break
            await _wait(run)
    except ZeroError as exc:  # a timeout or a strict-mode protocol error
        outcome.error = exc
    finally:
        await _shutdown(run)
        outcome.settle(run)
    if outcome.error is not None and check:
        raise outcome.error


class AsyncRunStream(RunHandle[OutputT]):
    """A run in progress: `async for` its events; `async with` it to clean up early.

    Breaking out of `async for` without `async with` leaves the cleanup to the garbage
    collector and the loop's async-generator hooks; use `async with` (or `await close()`).
    With `keep_events=False` (the default of `stream()`) the result is a summary: see
    `RunResult.events_kept`.
    """

    def __init__(
        self,
        client: AsyncZeroClient,
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
        self._iterator: AsyncGenerator[Event, None] | None = None

    async def start(self) -> AsyncRunStream[OutputT]:
        """Starts the process now, so `pid` is known before the first event (`async with`
        does this); idempotent. Without it, the first `async for` step starts the run."""
        await _start_run(self._client, self._prompt, self._keep_events, self._outcome)
        return self

    def __aiter__(self) -> AsyncIterator[Event]:
        if self._iterator is None:
            self._iterator = _stream_events(
                self._client, self._prompt, self._check, self._keep_events, self._outcome
            )
        return self._iterator

    async def close(self) -> None:
        """Ends the process group (if still running) and waits until it is reaped."""
        if self._iterator is not None:
            await self._iterator.aclose()
        run = self._outcome.run
        if run is not None and not run.shut_down:  # started, never iterated
            await _shutdown(run)
            self._outcome.settle(run)

    async def __aenter__(self) -> AsyncRunStream[OutputT]:
        return await self.start()

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()


class AsyncZeroClient(ClientConfig):
    """The asyncio twin of `ZeroClient` (same constructor arguments)."""

    async def detect_schema_version(self) -> int:
        """The binary's schemaVersion: the required one (`require_schema_version`), else the
        cached one, else probed with `--list-tools` (see `ZeroClient.detect_schema_version`)."""
        version = self.schema_version if self.require_schema_version else self._cached_version()
        if version is not None:
            return version
        probe = self._probe_run()
        try:
            async for _ in _drive(probe):
                pass
        finally:
            await _shutdown(probe)
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
    ) -> AsyncRunStream: ...
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
    ) -> AsyncRunStream[OutputT]: ...

    def stream(
        self,
        prompt: Prompt,
        *,
        check: bool = True,
        keep_events: bool = False,
        transcript: BinaryIO | None = None,
        output_type: Any = None,
        output_tries: int = DEFAULT_OUTPUT_TRIES,
    ) -> AsyncRunStream[Any]:
        """Starts a run when iterated; `async for` the returned stream for typed events.

        As with `ZeroClient.stream`, the stream's `result` is a summary unless
        `keep_events=True` (see `RunResult.events_kept`): `final_text` is then `final.text` only.
        `transcript` receives the raw stdout, and `output_type`, `output_tries` give the typed
        result, as for `ZeroClient.stream`.
        """
        turn, take = self, None
        if output_type is not None:  # msgspec and the output tool are imported only when asked for
            from zero_client.structured import prepare_stream

            turn, prompt, take = prepare_stream(self, prompt, output_type, output_tries)
        return AsyncRunStream(
            turn, prompt, check=check, keep_events=keep_events, transcript=transcript, take_output=take
        )

    @overload
    async def run(
        self,
        prompt: Prompt,
        *,
        check: bool = True,
        transcript: BinaryIO | None = None,
        output_type: None = None,
        output_tries: int = DEFAULT_OUTPUT_TRIES,
    ) -> RunResult: ...
    @overload
    async def run(
        self,
        prompt: Prompt,
        *,
        check: bool = True,
        transcript: BinaryIO | None = None,
        output_type: type[OutputT],
        output_tries: int = DEFAULT_OUTPUT_TRIES,
    ) -> RunResult[OutputT]: ...

    async def run(
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
        as for `ZeroClient.stream()`. `output_type`, `output_tries`: as for `ZeroClient.run()`.
        """
        stream = self.stream(
            prompt,
            check=False,
            keep_events=True,
            transcript=transcript,
            output_type=output_type,
            output_tries=output_tries,
        )
        async with stream:
            async for _ in stream:
                pass
        assert stream.result is not None
        if check and stream.error is not None:
            raise stream.error
        return stream.result

    def session(self, session_id: str | None = None) -> AsyncSession:
        """A multi-turn handle (`zero_client.session.AsyncSession`): each `await session.run()`
        is a turn of one Zero session; `session_id` continues an existing one."""
        from zero_client.session import AsyncSession

        return AsyncSession(self, session_id)
