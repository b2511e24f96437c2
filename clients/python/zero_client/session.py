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
from typing import TYPE_CHECKING, BinaryIO, Generic, TypeVar

from zero_client.options import ExecOptions, Prompt

if TYPE_CHECKING:
    from zero_client.aio import AsyncRunStream, AsyncZeroClient
    from zero_client.client import RunStream, ZeroClient
    from zero_client.core import RunResult

ClientT = TypeVar("ClientT", "ZeroClient", "AsyncZeroClient")


def new_session_id() -> str:
    """A session id Zero accepts (`^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$`)."""
    return f"sdk_{uuid.uuid4().hex}"


class _SessionBase(Generic[ClientT]):
    def __init__(self, client: ClientT, session_id: str | None = None, *, fork_of: str | None = None) -> None:
        self.client = client
        #: The Zero session id (every turn's `run_start.sessionId`).
        self.id = session_id or new_session_id()
        self._created = session_id is not None and fork_of is None
        self._fork_of = fork_of
        #: How many turns this handle ran.
        self.turns = 0

    def _turn_options(self) -> ExecOptions:
        options = self.client.exec_options
        if self._created:
            return dataclasses.replace(options, resume=self.id, fork=None, init_session_id=None)
        return dataclasses.replace(options, resume=None, fork=self._fork_of, init_session_id=self.id)

    def _turn_client(self) -> ClientT:
        turn = copy.copy(self.client)
        turn.exec_options = self._turn_options()
        self._created = True  # from now on the session exists (or its creation failed loudly)
        self.turns += 1
        return turn

    def _fork_of_this(self) -> tuple[ClientT, str]:
        if not self._created:
            raise ValueError("fork() needs a session with a turn: run() it first")
        return self.client, self.id


class Session(_SessionBase["ZeroClient"]):
    """A Zero session driven turn by turn through a `ZeroClient` (`client.session()`)."""

    def run(self, prompt: Prompt, *, check: bool = True, transcript: BinaryIO | None = None) -> RunResult:
        """Runs one turn to its end (as `ZeroClient.run`)."""
        return self._turn_client().run(prompt, check=check, transcript=transcript)

    def stream(
        self, prompt: Prompt, *, check: bool = True, keep_events: bool = False, transcript: BinaryIO | None = None
    ) -> RunStream:
        """Starts one turn and streams its events (as `ZeroClient.stream`)."""
        return self._turn_client().stream(prompt, check=check, keep_events=keep_events, transcript=transcript)

    def fork(self) -> Session:
        """A new session whose first turn starts from this one's conversation."""
        client, parent = self._fork_of_this()
        return Session(client, fork_of=parent)


class AsyncSession(_SessionBase["AsyncZeroClient"]):
    """`Session` on asyncio (`AsyncZeroClient.session()`)."""

    async def run(self, prompt: Prompt, *, check: bool = True, transcript: BinaryIO | None = None) -> RunResult:
        return await self._turn_client().run(prompt, check=check, transcript=transcript)

    def stream(
        self, prompt: Prompt, *, check: bool = True, keep_events: bool = False, transcript: BinaryIO | None = None
    ) -> AsyncRunStream:
        return self._turn_client().stream(prompt, check=check, keep_events=keep_events, transcript=transcript)

    def fork(self) -> AsyncSession:
        client, parent = self._fork_of_this()
        return AsyncSession(client, fork_of=parent)
