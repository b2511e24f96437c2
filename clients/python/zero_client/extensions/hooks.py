"""Hooks from code: callbacks Zero calls at points of a run, through its own hook mechanism.

    from zero_client import Hooks, ZeroClient, block

    def guard(call):                      # before each tool call; sees name, arguments, call id
        if call.tool == "read_file" and ".env" in str(call.args.get("path")):
            return block("secrets stay private")
        return None                       # None (or allow()) lets the call run

    ZeroClient(hooks=Hooks(before_tool=guard)).run("...")

Zero runs a small bridge command for each hook (configured in the run's private configuration
layer), and the bridge asks this process. A `before_tool` callback that raises blocks the call
with the exception's message (fail closed) and the message is kept in `RunResult.hook_errors`;
other callbacks only observe, so their exceptions are reported there and change nothing.
Callbacks may be sync or async; they run on the client's extension thread.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Decision:
    """What a `before_tool` callback decided: `allow()` or `block(reason)`."""

    blocked: bool
    reason: str = ""


def allow() -> Decision:
    """Lets the tool call run (as returning None does)."""
    return Decision(blocked=False)


def block(reason: str) -> Decision:
    """Vetoes the tool call; Zero gives the model `reason` as the call's error."""
    return Decision(blocked=True, reason=reason or "blocked by a zero-sdk before_tool hook")


@dataclass(frozen=True)
class ToolUse:
    """A tool call about to run (`before_tool`), as Zero's beforeTool hook receives it."""

    tool: str
    call_id: str
    args: Mapping[str, Any]
    session_id: str
    cwd: str
    raw: Mapping[str, Any] = field(repr=False)


@dataclass(frozen=True)
class ToolDone:
    """A tool call that ran (`after_tool`). Zero's afterTool hook gets the status and changed
    files, not the output (the stream's `tool_result` event has that)."""

    tool: str
    call_id: str
    status: str
    changed_files: list[str]
    session_id: str
    cwd: str
    raw: Mapping[str, Any] = field(repr=False)


@dataclass(frozen=True)
class SessionEvent:
    """The start (`on_start`) or end (`on_end`) of the agent loop of a run: Zero's sessionStart
    and sessionEnd hooks. `raw` has every field Zero sent (provider, model, turns, stopReason...)."""

    event: str
    session_id: str
    cwd: str
    raw: Mapping[str, Any] = field(repr=False)


BeforeTool = Callable[[ToolUse], Decision | None] | Callable[[ToolUse], Awaitable[Decision | None]]
AfterTool = Callable[[ToolDone], str | None] | Callable[[ToolDone], Awaitable[str | None]]
OnSession = Callable[[SessionEvent], None] | Callable[[SessionEvent], Awaitable[None]]


@dataclass(frozen=True)
class Hooks:
    """The callbacks of a run. `after_tool` may return text, which Zero adds to the tool's
    result for the model (as an afterTool hook's output is). Zero skips afterTool, sessionStart
    and sessionEnd hooks in plan mode; beforeTool always runs."""

    before_tool: BeforeTool | None = None
    after_tool: AfterTool | None = None
    on_start: OnSession | None = None
    on_end: OnSession | None = None

    def events(self) -> list[str]:
        """Zero's hook events these callbacks need."""
        wanted = [
            ("beforeTool", self.before_tool),
            ("afterTool", self.after_tool),
            ("sessionStart", self.on_start),
            ("sessionEnd", self.on_end),
        ]
        return [event for event, callback in wanted if callback is not None]
