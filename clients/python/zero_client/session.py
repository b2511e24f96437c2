"""Multi-turn work: a handle whose every `run()` is a turn of the same Zero session.

    session = client.session()
    session.run("Read README.md")
    session.run("Now summarize it in one line")   # resumes the session: the model sees turn 1
    other = session.fork()                         # a new session starting from this one's turns

The first turn creates the session under an id chosen here (`zero exec --init-session-id`), so
`session.id` is known before anything runs; later turns pass `--resume ID`; the first turn of a
fork passes `--fork PARENT --init-session-id ID`. `client.session(id)` continues a session that
exists already.
"""

from __future__ import annotations

import copy
import dataclasses
import uuid
from typing import TYPE_CHECKING, Any, BinaryIO, overload

from zero_client.client import DEFAULT_OUTPUT_TRIES
from zero_client.options import ExecOptions

if TYPE_CHECKING:
    from zero_client.aio import AsyncRunStream, AsyncZeroClient
    from zero_client.client import RunStream, ZeroClient
    from zero_client.core import OutputT, RunResult
    from zero_client.options import Prompt


def new_session_id() -> str:
    """A session id Zero accepts (`^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$`)."""
    return f"sdk_{uuid.uuid4().hex}"


class _Turns:
    """Which flags the next turn of a session takes: create (or fork into) the session on the
    first turn, resume it on every later one."""

    def __init__(self, session_id: str | None, fork_of: str | None) -> None:
        #: The Zero session id (every turn's `run_start.sessionId`).
        self.id = session_id or new_session_id()
        self._created = session_id is not None and fork_of is None
        self._fork_of = fork_of
        #: How many turns this handle started.
        self.turns = 0

    def _next_options(self, options: ExecOptions) -> ExecOptions:
        if self._created:
            turn = dataclasses.replace(options, resume=self.id, fork=None, init_session_id=None)
        else:
            turn = dataclasses.replace(options, resume=None, fork=self._fork_of, init_session_id=self.id)
        self._created = True  # from now on the session exists (or its creation failed loudly)
        self.turns += 1
        return turn

    def _parent(self) -> str:
        if not self._created:
            raise ValueError("fork() needs a session with a turn: run() it first")
        return self.id


class Session(_Turns):
    """A Zero session driven turn by turn through a `ZeroClient` (`client.session()`)."""

    def __init__(
        self, client: ZeroClient, session_id: str | None = None, *, fork_of: str | None = None
    ) -> None:
        super().__init__(session_id, fork_of)
        self.client = client

    def _turn_client(self) -> ZeroClient:
        turn = copy.copy(self.client)
        turn.exec_options = self._next_options(self.client.exec_options)
        return turn

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
        """Runs one turn to its end (as `ZeroClient.run`, `output_type=` included)."""
        return self._turn_client().run(
            prompt, check=check, transcript=transcript, output_type=output_type, output_tries=output_tries
        )

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
        """Starts one turn and streams its events (as `ZeroClient.stream`, `output_type=` included)."""
        return self._turn_client().stream(
            prompt,
            check=check,
            keep_events=keep_events,
            transcript=transcript,
            output_type=output_type,
            output_tries=output_tries,
        )

    def fork(self) -> Session:
        """A new session whose first turn starts from this one's conversation."""
        return Session(self.client, fork_of=self._parent())


class AsyncSession(_Turns):
    """`Session` on asyncio (`AsyncZeroClient.session()`)."""

    def __init__(
        self, client: AsyncZeroClient, session_id: str | None = None, *, fork_of: str | None = None
    ) -> None:
        super().__init__(session_id, fork_of)
        self.client = client

    def _turn_client(self) -> AsyncZeroClient:
        turn = copy.copy(self.client)
        turn.exec_options = self._next_options(self.client.exec_options)
        return turn

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
        return await self._turn_client().run(
            prompt, check=check, transcript=transcript, output_type=output_type, output_tries=output_tries
        )

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
        return self._turn_client().stream(
            prompt,
            check=check,
            keep_events=keep_events,
            transcript=transcript,
            output_type=output_type,
            output_tries=output_tries,
        )

    def fork(self) -> AsyncSession:
        return AsyncSession(self.client, fork_of=self._parent())
