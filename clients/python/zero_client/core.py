"""The I/O-free core shared by the sync client, the async client and transcript reading.

Three pieces, each usable alone:
- `LineSplitter`: bytes in (any chunking), complete lines out. No length limit; a long line is
  kept as a list of chunks and joined once, so memory stays near twice the longest line and no
  byte is scanned twice.
- `LineDecoder`: numbered lines in, typed events out (`zero_client.protocol.decode_output`, which
  dispatches on each line's own schemaVersion, then `zero_client.upgrade`, which presents an older
  version's event in the latest types, `zero_client.events`). Bad lines become `ProtocolIssue`s
  (lenient, warn) or a `ZeroProtocolError` (strict).
- `RunState`: events in, `RunResult` out (final text, usage, tool calls paired with their results
  and permission events, status, warnings, errors).
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import compress
from typing import TYPE_CHECKING, Any, Generic, Literal

from zero_client.errors import (
    ErrorContext,
    ZeroError,
    ZeroProcessError,
    ZeroProtocolError,
    ZeroProviderError,
    ZeroVersionError,
    error_class_for_exit,
    retryable_error,
)

# The protocol (msgspec itself, the generated Struct classes of every version, the codec and the
# upgrade) is imported on first use, not with this module: `from zero_client import ZeroClient,
# AsyncZeroClient, read_transcript` stays cheap (bench goal 5), and the first run or read pays it
# once. The functions below import what they need inside (a dict lookup once it is loaded).
if TYPE_CHECKING:
    from zero_client import protocol
    from zero_client._event_kinds import (
        ERROR_EVENTS as ERROR_EVENTS,
    )
    from zero_client._event_kinds import (
        FINAL_EVENTS as FINAL_EVENTS,
    )
    from zero_client._event_kinds import (
        PERMISSION_EVENTS as PERMISSION_EVENTS,
    )
    from zero_client._event_kinds import (
        REASONING_EVENTS as REASONING_EVENTS,
    )
    from zero_client._event_kinds import (
        RUN_END_EVENTS as RUN_END_EVENTS,
    )
    from zero_client._event_kinds import (
        RUN_START_EVENTS as RUN_START_EVENTS,
    )
    from zero_client._event_kinds import (
        TEXT_EVENTS as TEXT_EVENTS,
    )
    from zero_client._event_kinds import (
        TOOL_CALL_EVENTS as TOOL_CALL_EVENTS,
    )
    from zero_client._event_kinds import (
        TOOL_RESULT_EVENTS as TOOL_RESULT_EVENTS,
    )
    from zero_client._event_kinds import (
        USAGE_EVENTS as USAGE_EVENTS,
    )
    from zero_client._event_kinds import (
        WARNING_EVENTS as WARNING_EVENTS,
    )
    from zero_client._event_kinds import (
        AnyPermissionEvent as AnyPermissionEvent,
    )
    from zero_client.events import (
        ErrorEvent,
        FinalEvent,
        ReasoningEvent,
        RunEndEvent,
        RunStartEvent,
        TextEvent,
        ToolCallEvent,
        ToolResultEvent,
        UsageEvent,
        WarningEvent,
    )
    from zero_client.events import (
        Event as Event,
    )

DecodeMode = Literal["lenient", "warn", "strict"]

#: How much of a bad line a `ProtocolIssue` keeps, so a huge garbage line costs no memory.
ISSUE_EXCERPT_BYTES = 200

#: Names this module re-exports from modules that load the protocol: resolved on first access.
_LAZY_NAMES = {
    **dict.fromkeys(["Event"], "zero_client.events"),
    **dict.fromkeys(
        [
            "TEXT_EVENTS", "REASONING_EVENTS", "RUN_START_EVENTS", "TOOL_CALL_EVENTS", "TOOL_RESULT_EVENTS",
            "PERMISSION_EVENTS", "USAGE_EVENTS", "AnyPermissionEvent", "FINAL_EVENTS", "WARNING_EVENTS",
            "ERROR_EVENTS", "RUN_END_EVENTS",
        ],
        "zero_client._event_kinds",
    ),
}  # fmt: skip


def __dir__() -> list[str]:
    """The lazy names too (a module's default `dir()` lists only what is bound yet)."""
    return sorted({*globals(), *_LAZY_NAMES})


def __getattr__(name: str) -> Any:
    module = _LAZY_NAMES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def _given(value: Any, default: Any = None) -> Any:
    """The value of an optional protocol field, or `default` when it was absent (UNSET)."""
    # Any event has loaded msgspec: its UNSET is read from sys.modules, since an import statement
    # here (msgspec stays out of `import zero_client`) costs ~5x as much on every call.
    msgspec = sys.modules.get("msgspec")
    return default if msgspec is not None and value is msgspec.UNSET else value


def _optional_str(value: object) -> str | None:
    return value if isinstance(value, str) else None


# --------------------------------------------------------------------------------------------
# Line splitting


class LineSplitter:
    """Turns a byte stream into lines. `\\n` ends a line; one trailing `\\r` is dropped (CRLF).

    Each fed chunk is split by one C call. The unfinished tail is kept in one `bytearray` that
    grows in place, and a line that spanned several chunks is handed out as that `bytearray`
    itself (no join copy), so a multi-megabyte line costs O(n) time and about its own size
    until the decoder turns it into a string (about 2x at that moment).
    """

    def __init__(self) -> None:
        self._pending = bytearray()

    @property
    def pending_bytes(self) -> int:
        """Bytes of the current unfinished line."""
        return len(self._pending)

    def feed(self, data: bytes) -> list[bytes]:
        """Adds `data`; returns the lines it completed, without their line endings.

        Every line is `bytes`, except that a line begun in an earlier chunk comes out as a
        `bytearray` (it compares equal to the same bytes, and every decoder accepts it).
        """
        lines = data.split(b"\n")
        rest = lines.pop()
        pending = self._pending
        if not lines:  # no newline: the chunk only extends the unfinished line
            pending += rest
            return lines
        first = None
        if pending:
            pending += lines[0]
            if pending.endswith(b"\r"):
                del pending[-1]
            first = pending
            pending = self._pending = bytearray()
        if rest:
            pending += rest
        if b"\r" in data:
            lines = [line[:-1] if line.endswith(b"\r") else line for line in lines]
        if first is not None:
            lines[0] = first  # type: ignore[call-overload]  # a bytearray is a bytes-like line
        return lines

    def finish(self) -> bytes | None:
        """Ends the stream; returns the unterminated last line, if any."""
        if not self._pending:
            return None
        line, self._pending = self._pending, bytearray()
        if line.endswith(b"\r"):
            del line[-1]
        return line  # type: ignore[return-value]  # a bytearray is a bytes-like line


# --------------------------------------------------------------------------------------------
# Decoding


@dataclass(frozen=True)
class ProtocolIssue:
    """A stdout line that is not a valid protocol event (kept in lenient and warn modes)."""

    line_number: int
    kind: str
    message: str
    excerpt: str

    def __str__(self) -> str:
        return f"line {self.line_number}: {self.message}"


class LineDecoder:
    """Decodes numbered lines into events. Line numbers are 1-based and count blank lines."""

    def __init__(self, mode: DecodeMode = "lenient") -> None:
        if mode not in ("lenient", "warn", "strict"):
            raise ValueError(f"decode mode must be lenient, warn or strict, not {mode!r}")
        self.mode: DecodeMode = mode
        self.line_number = 0
        # Set once a batch shows the stream speaks an older schemaVersion (see decode_all).
        self._older_version: int | None = None
        self.issues: list[ProtocolIssue] = []
        # The protocol is loaded by the first decoder, not at import (see the note at the top);
        # what the per-line and per-batch paths call is kept here, as an import statement in
        # them would cost up to ~1 us each time.
        from zero_client import protocol
        from zero_client.protocol._codec import decode_output_lines_noting_versions
        from zero_client.upgrade import upgrade, upgrade_batch, upgrade_lines_of_version

        self._decode_output = protocol.decode_output
        self._protocol_error = protocol.ProtocolError
        self._unknown_event = protocol.UnknownEvent
        self._decode_lines = decode_output_lines_noting_versions
        self._upgrade = upgrade
        self._upgrade_batch = upgrade_batch
        self._upgrade_lines_of_version = upgrade_lines_of_version

    def decode(self, line: bytes) -> Event | None:
        """The event on the next line; None for a blank line or one that is not a JSON object.

        In lenient and warn modes a JSON object that fails validation (say, an enum value newer
        than this client) is recorded as an issue and still returned, as an `UnknownEvent`, so
        no data is lost and a `run_end` is still recognised.
        """
        self.line_number += 1
        if not line or (line[:1].isspace() and not line.strip()):  # no copy of a huge line
            return None
        try:
            return self._upgrade(self._decode_output(line, mode=self.mode), line)
        except self._protocol_error as exc:
            salvaged = None if self.mode == "strict" else _salvage(line)
            issue = ProtocolIssue(
                line_number=self.line_number,
                kind=str(exc.kind),
                message=str(exc),
                excerpt=line[:ISSUE_EXCERPT_BYTES].decode("utf-8", "replace"),
            )
        from zero_client import protocol

        if self.mode == "strict":
            unsupported = _unsupported_version(line)
            if unsupported is not None:  # the binary speaks another version: say so, as lenient runs do
                raise ZeroVersionError(
                    f"stdout line {issue.line_number} is in stream-json schemaVersion {unsupported}, which "
                    f"this client does not support (supported: "
                    f"{', '.join(map(str, protocol.SUPPORTED_SCHEMA_VERSIONS))}); "
                    "upgrade zero-headless-sdk to a release that supports it"
                )
            raise ZeroProtocolError(
                f"stdout line {issue.line_number} is not a valid protocol event: {issue.message}",
                line_number=issue.line_number,
                kind=issue.kind,
            )
        if self.mode == "warn":
            warnings.warn(str(issue), protocol.ProtocolWarning, stacklevel=2)
        self.issues.append(issue)
        return salvaged

    def decode_all(self, lines: Iterable[bytes]) -> list[Event]:
        """The events of the given lines, in order; same results as `decode` line by line.

        In lenient and strict modes the lines go through `protocol.decode_output_lines` (one
        msgspec call for a run of ordinary lines). If any line is bad, the batch is decoded
        again line by line, so line numbers, issues and salvaged events are exactly as
        `decode` gives them. Warn mode always decodes line by line (its warnings keep their
        order).
        """
        if not isinstance(lines, list):
            lines = list(lines)
        if self.mode != "warn":
            if self._older_version is not None:  # the stream speaks an older version
                upgraded = self._upgrade_lines_of_version(lines, self._older_version, mode=self.mode)
                if upgraded is not None:
                    self.line_number += len(lines)
                    return upgraded
            decoded, errors, latest_only = self._decode_lines(lines, mode=self.mode)
            if not errors:
                if latest_only:
                    self.line_number += len(lines)
                    return decoded  # type: ignore[return-value]  # nothing to upgrade
                if len(decoded) == len(lines):  # no blank lines: events[i] came from lines[i]
                    versions = {e.schema_version for e in decoded if not isinstance(e, self._unknown_event)}
                    if len(versions) == 1:
                        self._older_version = versions.pop()
                    self.line_number += len(lines)
                    return self._upgrade_batch(decoded, lines)
                return [event for event in map(self.decode, lines) if event is not None]
        return [event for event in map(self.decode, lines) if event is not None]


def _unsupported_version(line: bytes) -> int | None:
    """The schemaVersion of a JSON object line when it is one this client does not support."""
    from zero_client import protocol

    salvaged = _salvage(line)
    version = None if salvaged is None else salvaged.schema_version
    return version if version is not None and version not in protocol.SUPPORTED_SCHEMA_VERSIONS else None


def _salvage(line: bytes) -> protocol.UnknownEvent | None:
    """An `UnknownEvent` holding the raw object of an invalid line that is still a JSON object."""
    import msgspec

    from zero_client import protocol

    try:
        raw = msgspec.json.decode(line)
    except (msgspec.DecodeError, RecursionError):  # deep nesting: not salvageable either
        return None
    if not isinstance(raw, dict):
        return None
    version, run_id, type_ = raw.get("schemaVersion"), raw.get("runId"), raw.get("type")
    return protocol.UnknownEvent(
        wire_type=type_ if isinstance(type_, str) else "",
        schema_version=version if isinstance(version, int) and not isinstance(version, bool) else None,
        run_id=run_id if isinstance(run_id, str) else None,
        raw=raw,
    )


# --------------------------------------------------------------------------------------------
# Run state


@dataclass(frozen=True)
class Usage:
    """Token usage summed over the run's `usage` events (each one is per model request)."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    requests: int = 0


@dataclass
class ToolCall:
    """One tool call with its result and permission events, paired by call id."""

    id: str
    #: The tool's name ("" only while just a permission event without a name has arrived).
    name: str = ""
    args: Any = None
    side_effect: str | None = None
    call: ToolCallEvent | None = None
    result: ToolResultEvent | None = None
    #: Permission events for this call, in arrival order (they may precede the call itself).
    permissions: list[AnyPermissionEvent] = field(default_factory=list)

    @property
    def status(self) -> str | None:
        """`ok` or `error` from the tool result; None while no result arrived."""
        return None if self.result is None else self.result.status

    @property
    def output(self) -> str | None:
        """The tool result's (model-facing) output; None when absent."""
        return None if self.result is None else _optional_str(self.result.output)

    @property
    def permission_action(self) -> str | None:
        """The action of the last permission event (`allow`, `prompt`, `deny`, `cancel`)."""
        return _optional_str(self.permissions[-1].action) if self.permissions else None


@dataclass(frozen=True)
class RunError:
    """An `error` event of the run."""

    code: str | None
    message: str
    recoverable: bool


if TYPE_CHECKING:  # a default (PEP 696): a bare `RunResult` is `RunResult[Any]`
    from typing_extensions import TypeVar

    OutputT = TypeVar("OutputT", default=Any)
else:
    from typing import TypeVar

    OutputT = TypeVar("OutputT")


@dataclass
class RunResult(Generic[OutputT]):
    """Everything a finished (or failed) run produced.

    `events_kept` tells which kind of result this is:
    - True (`ZeroClient.run()`, `read_transcript`, `RunState()`): `events` holds every event,
      `text` / `reasoning` the joined deltas, `tool_calls` every call paired with its result
      and permission events.
    - False (`stream()` without `keep_events=True`): a summary only, so memory stays flat however
      long the run. `events` and `tool_calls` stay empty and `text` / `reasoning` stay "" (the
      caller saw every event and delta as it arrived), so `final_text` is `final.text` only.
      Still kept: ids, schema version, status, exit code, summed usage, `final`, errors,
      warnings, protocol errors, the stderr tail, and `event_count`.
    """

    events: list[Event] = field(default_factory=list)
    status: str | None = None
    exit_code: int | None = None
    run_id: str | None = None
    session_id: str | None = None
    schema_version: int | None = None
    text: str = ""
    reasoning: str = ""
    final: str | None = None
    usage: Usage = field(default_factory=Usage)
    tool_calls: list[ToolCall] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    errors: list[RunError] = field(default_factory=list)
    protocol_errors: list[ProtocolIssue] = field(default_factory=list)
    stderr_tail: str = ""
    signal: int | None = None
    #: Why the run failed (set by the clients; None on success and for transcripts).
    error: ZeroError | None = None
    #: How many events the run had (counted whether or not they were kept).
    event_count: int = 0
    #: Whether `events`, `text`, `reasoning` and `tool_calls` were kept (see the class doc).
    events_kept: bool = True
    #: Whether the run got as far as `run_start` (a failure before it is a configuration error).
    started: bool = False
    #: Messages of `hooks=` callbacks that raised during the run (a `before_tool` one blocked
    #: its call with that message: fail closed).
    hook_errors: list[str] = field(default_factory=list)
    #: The validated typed result of a run given `output_type=` (`zero_client.structured`):
    #: None when it had none (`error` is then a `StructuredOutputError`, or the run's failure).
    output: OutputT | None = None
    #: What the client noticed that the stream does not say, one sentence each: an MCP tool
    #: Zero called unknown (its server did not start; `zero_client.process.unknown_mcp_tools`).
    sdk_notes: list[str] = field(default_factory=list)

    @property
    def final_text(self) -> str:
        """The upstream rule: `final.text` when present, else the joined text deltas.

        When the events were not kept (`events_kept` is False) the deltas were not joined
        either, so this is `final.text` only ("" when the run had none).
        """
        return self.final if self.final else self.text

    @property
    def ended(self) -> bool:
        """Whether a `run_end` event arrived."""
        return self.status is not None

    @property
    def ok(self) -> bool:
        return self.ended and self.exit_code == 0


class RunState:
    """Reduces a run's events into a `RunResult`, one event (or one batch) at a time.

    `keep_events=True` (the default) keeps everything: every event, the text and reasoning
    deltas, and tool calls paired with their results and permission events. With
    `keep_events=False` only the summary described in `RunResult` is kept, and text and
    reasoning deltas cost nothing at all.

    Events are dispatched on their exact class through a dict, so the common text and
    reasoning deltas cost one dict lookup (and, when kept, one list append).
    """

    def __init__(self, *, keep_events: bool = True) -> None:
        self.keep_events = keep_events
        self._result = RunResult(events_kept=keep_events)
        self._text: list[str] = []
        self._reasoning: list[str] = []
        self._joined = (0, 0)  # how many text / reasoning parts `_result` holds joined
        self._tools: dict[str, ToolCall] = {}
        # Loaded by the first RunState, not at import (see the note at the top); kept here for
        # `apply` and `apply_all` (an import statement per event would cost up to ~1 us).
        from zero_client import _event_kinds as kinds
        from zero_client import protocol
        from zero_client.upgrade import UPGRADE_FREE_TYPES, upgrade

        self._upgrade = upgrade
        self._unknown_event = protocol.UnknownEvent
        self._upgrade_free_types = UPGRADE_FREE_TYPES

        handlers: dict[type[Any], Any] = {}
        for classes, handler in (
            (kinds.RUN_START_EVENTS, self._on_run_start),
            (kinds.TOOL_CALL_EVENTS, self._on_tool_call),
            (kinds.PERMISSION_EVENTS, self._on_permission),
            (kinds.TOOL_RESULT_EVENTS, self._on_tool_result),
            (kinds.USAGE_EVENTS, self._on_usage),
            (kinds.FINAL_EVENTS, self._on_final),
            (kinds.WARNING_EVENTS, self._on_warning),
            (kinds.ERROR_EVENTS, self._on_error),
            (kinds.RUN_END_EVENTS, self._on_run_end),
            ((protocol.UnknownEvent,), self._apply_salvaged),
        ):
            handlers.update(dict.fromkeys(classes, handler))
        if keep_events:
            handlers.update(dict.fromkeys(kinds.TEXT_EVENTS, self._on_text))
            handlers.update(dict.fromkeys(kinds.REASONING_EVENTS, self._on_reasoning))
        self._handlers = handlers

    @property
    def result(self) -> RunResult:
        """The result so far. Text and reasoning are joined here, once per new delta batch:
        applying events never joins, so a long run stays linear however often it is read."""
        result = self._result
        if self._joined != (len(self._text), len(self._reasoning)):
            if len(self._text) > 1:
                self._text[:] = ["".join(self._text)]
            if len(self._reasoning) > 1:
                self._reasoning[:] = ["".join(self._reasoning)]
            result.text = self._text[0] if self._text else ""
            result.reasoning = self._reasoning[0] if self._reasoning else ""
            self._joined = (len(self._text), len(self._reasoning))
        return result

    def _tool(self, call_id: Any, *, new_call: bool = False) -> ToolCall:
        """The record of the call with this id; a `new_call` whose id already has a result gets a
        record of its own (Zero passes the model's ids through, and a model may reuse one)."""
        key = str(_given(call_id, ""))
        record = self._tools.get(key)
        if record is None or (new_call and record.result is not None):
            record = self._tools[key] = ToolCall(id=key)
            self._result.tool_calls.append(record)
        return record

    def apply(self, given: Event | protocol.OutputEvent) -> None:
        """Applies one event; an event of an older schemaVersion is upgraded first."""
        event = self._upgrade(given)
        result = self._result
        result.event_count += 1
        if self.keep_events:
            result.events.append(event)
        if result.run_id is None:
            result.run_id = _given(event.run_id)
        if result.schema_version is None:  # the version on the wire, before any upgrade
            if isinstance(event, self._unknown_event):
                result.schema_version = event.schema_version
            else:
                result.schema_version = event.original_schema_version
        handler = self._handlers.get(type(event))
        if handler is not None:
            handler(event)

    def apply_all(self, events: Iterable[Event], *, upgraded: bool = False) -> None:
        """Applies the events in order (same as `apply` on each); reads nothing back.

        `upgraded=True` vouches that every event is of the latest version or an `UnknownEvent`
        (as `LineDecoder.decode_all` returns them), which saves checking each one again.
        """
        if not isinstance(events, list):
            events = list(events)
        result = self._result
        if (
            result.run_id is None
            or result.schema_version is None
            or not (upgraded or all(map(self._upgrade_free_types.__contains__, map(type, events))))
        ):
            for event in events:  # until the run's ids are known, and for older-version events
                self.apply(event)
            return
        result.event_count += len(events)
        handlers = self._handlers
        if self.keep_events:
            result.events.extend(events)
        else:  # most events (the deltas) have no handler: pick the others out in C
            events = list(compress(events, map(handlers.__contains__, map(type, events))))
        get = handlers.get
        for event in events:
            handler = get(type(event))
            if handler is not None:
                handler(event)

    # -- one handler per event kind ------------------------------------------------------

    def _on_text(self, event: TextEvent) -> None:
        if type(event.delta) is str:
            self._text.append(event.delta)

    def _on_reasoning(self, event: ReasoningEvent) -> None:
        if type(event.delta) is str:
            self._reasoning.append(event.delta)

    def _on_run_start(self, event: RunStartEvent) -> None:
        self._result.started = True
        self._result.run_id = event.run_id
        self._result.session_id = _given(event.session_id)

    def _on_tool_call(self, event: ToolCallEvent) -> None:
        if not self.keep_events:
            return
        record = self._tool(event.id, new_call=True)
        record.call = event
        record.name = _given(event.name, record.name)
        record.args = _given(event.args)
        record.side_effect = _given(event.side_effect)

    def _on_permission(self, event: AnyPermissionEvent) -> None:
        result = self._result
        if self.keep_events:
            record = self._tool(event.id)
            record.permissions.append(event)
            record.name = record.name or _given(event.name, "")
        result.session_id = result.session_id or _given(event.session_id)

    def _on_tool_result(self, event: ToolResultEvent) -> None:
        if not self.keep_events:
            return
        record = self._tool(event.id)
        record.result = event
        record.name = record.name or _given(event.name, "")

    def _on_usage(self, event: UsageEvent) -> None:
        usage = self._result.usage
        self._result.usage = Usage(
            prompt_tokens=usage.prompt_tokens + event.prompt_tokens,
            completion_tokens=usage.completion_tokens + event.completion_tokens,
            total_tokens=usage.total_tokens + event.total_tokens,
            requests=usage.requests + 1,
        )

    def _on_final(self, event: FinalEvent) -> None:
        self._result.final = _given(event.text, "")

    def _on_warning(self, event: WarningEvent) -> None:
        self._result.warnings.append(_given(event.message, ""))

    def _on_error(self, event: ErrorEvent) -> None:
        self._result.errors.append(
            RunError(
                code=_given(event.code),
                message=_given(event.message, ""),
                recoverable=bool(_given(event.recoverable, False)),
            )
        )

    def _on_run_end(self, event: RunEndEvent) -> None:
        self._result.status = _given(event.status, "")
        self._result.exit_code = event.exit_code

    def _apply_salvaged(self, event: protocol.UnknownEvent) -> None:
        """Terminal events must count even when a field failed validation (a newer enum value)."""
        raw, result = event.raw, self._result
        if event.wire_type == "run_end" and isinstance(raw.get("exitCode"), int):
            result.status = str(raw.get("status", ""))
            result.exit_code = raw["exitCode"]
        elif event.wire_type == "error":
            result.errors.append(
                RunError(
                    code=str(raw["code"]) if "code" in raw else None,
                    message=str(raw.get("message", "")),
                    recoverable=raw.get("recoverable") is True,
                )
            )


# --------------------------------------------------------------------------------------------
# Outcome


def outcome_error(result: RunResult, *, returncode: int | None, what: str = "zero exec") -> ZeroError | None:
    """The typed error a finished process stands for, or None when the run succeeded.

    `returncode` is the process's (negative for a signal, as in `subprocess`). A process that
    exits without `run_end` is never a success, even with exit code 0. Neither is one that speaks
    a schemaVersion this client does not support, or whose stdout had lines but not one event
    (see `undrivable_error`): the version probe and a run classify those the same way.
    """
    signal_number = -returncode if returncode is not None and returncode < 0 else None
    exit_code = returncode if returncode is not None and returncode >= 0 else None
    if exit_code is None and signal_number is None:
        exit_code = result.exit_code
    result.signal = signal_number
    undrivable = undrivable_error(result, exit_code=exit_code, what=what)
    if undrivable is not None:
        return undrivable
    if not result.ended:
        how = f"was killed by signal {signal_number}" if signal_number else f"exited with code {exit_code}"
        if result.event_count:
            how += f" without a run_end event ({result.event_count} event(s) received)"
        else:
            how += " before writing any event; check that the command is Zero's binary and that it starts"
        return ZeroProcessError(
            f"{what} {how}",
            signal=signal_number,
            exit_code=exit_code,
            stderr_tail=result.stderr_tail,
            run_id=result.run_id,
            result=result,
        )
    if signal_number is not None:
        return ZeroProcessError(
            f"{what} was killed by signal {signal_number} after run_end",
            signal=signal_number,
            stderr_tail=result.stderr_tail,
            run_id=result.run_id,
            result=result,
        )
    if exit_code is None or exit_code == 0:
        # A clean process exit does not hide a failure that run_end reported.
        exit_code = result.exit_code
    result.exit_code = exit_code
    if exit_code == 0:
        return None
    detail = "; ".join(f"{e.code}: {e.message}" if e.code else e.message for e in result.errors)
    message = f"{what} failed with status {result.status!r}" + (f": {detail}" if detail else "")
    cls: type[ZeroError] = error_class_for_exit(exit_code if exit_code is not None else 1)
    if any(e.code == "usage_error" and "schemaVersion must be" in e.message for e in result.errors):
        cls = ZeroVersionError
    error = cls(
        message, exit_code=exit_code, stderr_tail=result.stderr_tail, run_id=result.run_id, result=result
    )
    # Only the error that decided the exit code counts: exit 3 is the provider class (a
    # provider_error seen on the way to exit 130 or 4 does not make those retryable).
    error.retryable = isinstance(error, ZeroProviderError) and any(
        retryable_error(e.code, recoverable=e.recoverable, run_started=result.started) for e in result.errors
    )
    return error


def undrivable_error(
    result: RunResult, *, exit_code: int | None, what: str = "zero exec"
) -> ZeroError | None:
    """The error of a binary this client cannot drive at all, whatever it exited with; None if not.

    - It speaks a schemaVersion this client does not support (the stream's first event says
      which): `ZeroVersionError`, even when it ended with a successful `run_end`.
    - Its stdout had lines but not one of them was an event of any schemaVersion (it is not Zero,
      or not in stream-json mode): `ZeroProtocolError` naming the first bad line.
    A binary that wrote nothing at all is not this: that is a process that died
    (`ZeroProcessError`). The version probe and a run give the same error for the same binary.
    """
    context: ErrorContext = {
        "exit_code": exit_code,
        "stderr_tail": result.stderr_tail,
        "run_id": result.run_id,
        "result": result,
    }
    from zero_client import protocol

    version = result.schema_version
    if version is not None and version not in protocol.SUPPORTED_SCHEMA_VERSIONS:
        return ZeroVersionError(
            f"{what} speaks stream-json schemaVersion {version}, which this client does not support "
            f"(supported: {', '.join(map(str, protocol.SUPPORTED_SCHEMA_VERSIONS))}); "
            "upgrade zero-headless-sdk to a release that supports it",
            **context,
        )
    if version is None and result.protocol_errors:
        first = result.protocol_errors[0]
        more = len(result.protocol_errors) - 1
        return ZeroProtocolError(
            f"{what} wrote no stream-json event: stdout line {first.line_number} is {first.excerpt[:80]!r} "
            f"({first.kind}{f', and {more} more bad line(s)' if more else ''}); "
            "check that the command is Zero's binary (`zero exec --output-format stream-json`)",
            line_number=first.line_number,
            kind=first.kind,
            **context,
        )
    return None


def refused_input_version(first: Event, written: int) -> int | None:
    """The schemaVersion M of the binary when the first event of a run says it refused input
    written in schemaVersion `written`; None when it did not.

    The rule (the one place it is written down): the run's first event is an `error` (typed, or
    salvaged as an `UnknownEvent` when this client does not know M) whose schemaVersion M is
    present and differs from `written`. That is how Zero answers an input line of another version,
    before `run_start` and any model call: `usage_error` "Invalid stream-json input at line 1:
    schemaVersion must be M", then `run_end` (exit 2). Any error it writes before `run_start` is
    in its own version M, so M != `written` alone tells the input was in the wrong version,
    whatever the error's code.
    """
    from zero_client import protocol
    from zero_client.events import ErrorEvent

    if isinstance(first, protocol.UnknownEvent):
        is_error, version = first.wire_type == "error", first.schema_version
    else:
        is_error, version = isinstance(first, ErrorEvent), first.original_schema_version
    return version if is_error and version is not None and version != written else None


# --------------------------------------------------------------------------------------------
# Transcripts


def read_transcript(path: str | os.PathLike[str], *, mode: DecodeMode = "lenient") -> RunResult:
    """Reads a saved stream-json transcript (one event per line) into a `RunResult`."""
    splitter = LineSplitter()
    decoder = LineDecoder(mode)
    state = RunState()
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            state.apply_all(decoder.decode_all(splitter.feed(chunk)), upgraded=True)
    last = splitter.finish()
    if last is not None:
        state.apply_all(decoder.decode_all([last]), upgraded=True)
    state.result.protocol_errors = decoder.issues
    return state.result


def encode_inputs(inputs: Sequence[Any]) -> bytes:
    """JSONL bytes of the given input events."""
    from zero_client import protocol

    return b"".join(protocol.encode_event(event) + b"\n" for event in inputs)
