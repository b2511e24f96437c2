"""The I/O-free core shared by the sync client, the async client and transcript reading.

Three pieces, each usable alone:
- `LineSplitter`: bytes in (any chunking), complete lines out. No length limit; a long line is
  kept as a list of chunks and joined once, so memory stays near twice the longest line and no
  byte is scanned twice.
- `LineDecoder`: numbered lines in, typed events out (`zero_client.protocol.decode_output`, which
  dispatches on each line's own schemaVersion). Bad lines become `ProtocolIssue`s (lenient, warn)
  or a `ZeroProtocolError` (strict).
- `RunState`: events in, `RunResult` out (final text, usage, tool calls paired with their results
  and permission events, status, warnings, errors).
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

import msgspec

from zero_client import protocol
from zero_client.errors import (
    ZeroError,
    ZeroProcessError,
    ZeroProtocolError,
    ZeroVersionError,
    error_class_for_exit,
)
from zero_client.protocol import v1, v2

DecodeMode = Literal["lenient", "warn", "strict"]

#: Anything `decode_output` returns: a typed v1/v2 output event or an `UnknownEvent`.
Event: TypeAlias = protocol.OutputEvent | protocol.UnknownEvent

#: How much of a bad line a `ProtocolIssue` keeps, so a huge garbage line costs no memory.
ISSUE_EXCERPT_BYTES = 200

#: Event classes of both schema versions, for isinstance checks.
TEXT_EVENTS = (v1.TextEvent, v2.TextEvent)
REASONING_EVENTS = (v2.ReasoningEvent,)
RUN_START_EVENTS = (v1.RunStartEvent, v2.RunStartEvent)
TOOL_CALL_EVENTS = (v1.ToolCallEvent, v2.ToolCallEvent)
TOOL_RESULT_EVENTS = (v1.ToolResultEvent, v2.ToolResultEvent)
PERMISSION_EVENTS = (
    v1.PermissionRequestEvent,
    v1.PermissionDecisionEvent,
    v1.PermissionEvent,
    v2.PermissionRequestEvent,
    v2.PermissionDecisionEvent,
    v2.PermissionEvent,
)
USAGE_EVENTS = (v1.UsageEvent, v2.UsageEvent)

ToolCallEvent: TypeAlias = v1.ToolCallEvent | v2.ToolCallEvent
ToolResultEvent: TypeAlias = v1.ToolResultEvent | v2.ToolResultEvent
PermissionEvent: TypeAlias = (
    v1.PermissionRequestEvent
    | v1.PermissionDecisionEvent
    | v1.PermissionEvent
    | v2.PermissionRequestEvent
    | v2.PermissionDecisionEvent
    | v2.PermissionEvent
)
FINAL_EVENTS = (v1.FinalEvent, v2.FinalEvent)
WARNING_EVENTS = (v1.WarningEvent, v2.WarningEvent)
ERROR_EVENTS = (v1.ErrorEvent, v2.ErrorEvent)
RUN_END_EVENTS = (v1.RunEndEvent, v2.RunEndEvent)


def _given(value: Any, default: Any = None) -> Any:
    """The value of an optional protocol field, or `default` when it was absent (UNSET)."""
    return default if value is msgspec.UNSET else value


def _optional_str(value: object) -> str | None:
    return value if isinstance(value, str) else None


# --------------------------------------------------------------------------------------------
# Line splitting


class LineSplitter:
    """Turns a byte stream into lines. `\\n` ends a line; one trailing `\\r` is dropped (CRLF).

    Each fed chunk is scanned once. The unfinished tail is kept as a list of chunks (no
    re-joining per feed), so a multi-megabyte line costs O(n) time and about 2x its size in
    memory at the moment it completes.
    """

    def __init__(self) -> None:
        self._pending: list[bytes] = []
        self._pending_bytes = 0

    @property
    def pending_bytes(self) -> int:
        """Bytes of the current unfinished line."""
        return self._pending_bytes

    def feed(self, data: bytes) -> list[bytes]:
        """Adds `data`; returns the lines it completed, without their line endings."""
        lines: list[bytes] = []
        start = 0
        while True:
            end = data.find(b"\n", start)
            if end < 0:
                break
            piece = data[start:end]
            if self._pending:
                self._pending.append(piece)
                parts, self._pending, self._pending_bytes = self._pending, [], 0
                piece = b"".join(parts)
                del parts
            lines.append(piece[:-1] if piece.endswith(b"\r") else piece)
            start = end + 1
        if start < len(data):
            rest = data[start:] if start else data
            self._pending.append(rest)
            self._pending_bytes += len(rest)
        return lines

    def finish(self) -> bytes | None:
        """Ends the stream; returns the unterminated last line, if any."""
        if not self._pending:
            return None
        line = b"".join(self._pending)
        self._pending, self._pending_bytes = [], 0
        return line[:-1] if line.endswith(b"\r") else line


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
        self.issues: list[ProtocolIssue] = []

    def decode(self, line: bytes) -> Event | None:
        """The event on the next line; None for a blank line or one that is not a JSON object.

        In lenient and warn modes a JSON object that fails validation (say, an enum value newer
        than this client) is recorded as an issue and still returned, as an `UnknownEvent`, so
        no data is lost and a `run_end` is still recognised.
        """
        self.line_number += 1
        if not line.strip():
            return None
        try:
            return protocol.decode_output(line, mode=self.mode)
        except protocol.ProtocolError as exc:
            salvaged = None if self.mode == "strict" else _salvage(line)
            issue = ProtocolIssue(
                line_number=self.line_number,
                kind=str(exc.kind),
                message=str(exc),
                excerpt=line[:ISSUE_EXCERPT_BYTES].decode("utf-8", "replace"),
            )
        if self.mode == "strict":
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
        return [event for event in map(self.decode, lines) if event is not None]


def _salvage(line: bytes) -> protocol.UnknownEvent | None:
    """An `UnknownEvent` holding the raw object of an invalid line that is still a JSON object."""
    try:
        raw = msgspec.json.decode(line)
    except (msgspec.DecodeError, RecursionError):  # deep nesting: not salvageable either
        return None
    if not isinstance(raw, dict):
        return None
    version, run_id, type_ = raw.get("schemaVersion"), raw.get("runId"), raw.get("type")
    return protocol.UnknownEvent(
        type=type_ if isinstance(type_, str) else "",
        schema_version=version if isinstance(version, int) else None,
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
    name: str | None = None
    args: Any = None
    side_effect: str | None = None
    call: ToolCallEvent | None = None
    result: ToolResultEvent | None = None
    #: Permission events for this call, in arrival order (they may precede the call itself).
    permissions: list[PermissionEvent] = field(default_factory=list)

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


@dataclass
class RunResult:
    """Everything a finished (or failed) run produced."""

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

    @property
    def final_text(self) -> str:
        """The upstream rule: `final.text` when present, else the joined text deltas."""
        return self.final if self.final else self.text

    @property
    def ended(self) -> bool:
        """Whether a `run_end` event arrived."""
        return self.status is not None

    @property
    def ok(self) -> bool:
        return self.ended and self.exit_code == 0


class RunState:
    """Reduces a run's events into a `RunResult`, one event at a time."""

    def __init__(self) -> None:
        self._result = RunResult()
        self._text: list[str] = []
        self._reasoning: list[str] = []
        self._tools: dict[str, ToolCall] = {}

    @property
    def result(self) -> RunResult:
        """The result so far (text joined on demand, so many small deltas stay linear)."""
        self._result.text = "".join(self._text)
        self._result.reasoning = "".join(self._reasoning)
        return self._result

    def _tool(self, call_id: Any) -> ToolCall:
        key = str(_given(call_id, ""))
        record = self._tools.get(key)
        if record is None:
            record = self._tools[key] = ToolCall(id=key)
            self._result.tool_calls.append(record)
        return record

    def apply(self, event: Event) -> None:
        result = self._result
        result.events.append(event)
        if result.run_id is None:
            result.run_id = _given(event.run_id)
        if result.schema_version is None:
            result.schema_version = event.schema_version
        if isinstance(event, TEXT_EVENTS):
            self._text.append(_given(event.delta, ""))
        elif isinstance(event, REASONING_EVENTS):
            self._reasoning.append(_given(event.delta, ""))
        elif isinstance(event, RUN_START_EVENTS):
            result.run_id = event.run_id
            result.session_id = _given(event.session_id)
        elif isinstance(event, TOOL_CALL_EVENTS):
            record = self._tool(event.id)
            record.call = event
            record.name = _given(event.name, record.name)
            record.args = _given(event.args)
            record.side_effect = _given(event.side_effect)
        elif isinstance(event, PERMISSION_EVENTS):
            record = self._tool(event.id)
            record.permissions.append(event)
            record.name = record.name or _given(event.name)
            result.session_id = result.session_id or _given(event.session_id)
        elif isinstance(event, TOOL_RESULT_EVENTS):
            record = self._tool(event.id)
            record.result = event
            record.name = record.name or _given(event.name)
        elif isinstance(event, USAGE_EVENTS):
            usage = result.usage
            result.usage = Usage(
                prompt_tokens=usage.prompt_tokens + event.prompt_tokens,
                completion_tokens=usage.completion_tokens + event.completion_tokens,
                total_tokens=usage.total_tokens + event.total_tokens,
                requests=usage.requests + 1,
            )
        elif isinstance(event, FINAL_EVENTS):
            result.final = _given(event.text, "")
        elif isinstance(event, WARNING_EVENTS):
            result.warnings.append(_given(event.message, ""))
        elif isinstance(event, ERROR_EVENTS):
            result.errors.append(
                RunError(
                    code=_given(event.code),
                    message=_given(event.message, ""),
                    recoverable=bool(_given(event.recoverable, False)),
                )
            )
        elif isinstance(event, RUN_END_EVENTS):
            result.status = _given(event.status, "")
            result.exit_code = event.exit_code
        elif isinstance(event, protocol.UnknownEvent):
            self._apply_salvaged(event)

    def _apply_salvaged(self, event: protocol.UnknownEvent) -> None:
        """Terminal events must count even when a field failed validation (a newer enum value)."""
        raw, result = event.raw, self._result
        if event.type == "run_end" and isinstance(raw.get("exitCode"), int):
            result.status = str(raw.get("status", ""))
            result.exit_code = raw["exitCode"]
        elif event.type == "error":
            result.errors.append(
                RunError(
                    code=str(raw["code"]) if "code" in raw else None,
                    message=str(raw.get("message", "")),
                    recoverable=raw.get("recoverable") is True,
                )
            )

    def apply_all(self, events: Iterable[Event]) -> RunResult:
        for event in events:
            self.apply(event)
        return self.result


# --------------------------------------------------------------------------------------------
# Outcome


def outcome_error(result: RunResult, *, returncode: int | None, what: str = "zero exec") -> ZeroError | None:
    """The typed error a finished process stands for, or None when the run succeeded.

    `returncode` is the process's (negative for a signal, as in `subprocess`). A process that
    exits without `run_end` is never a success, even with exit code 0.
    """
    signal_number = -returncode if returncode is not None and returncode < 0 else None
    exit_code = returncode if returncode is not None and returncode >= 0 else None
    if exit_code is None and signal_number is None:
        exit_code = result.exit_code
    result.signal = signal_number
    if not result.ended:
        how = f"was killed by signal {signal_number}" if signal_number else f"exited with code {exit_code}"
        return ZeroProcessError(
            f"{what} {how} without a run_end event ({len(result.events)} event(s) received)",
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
    return cls(
        message, exit_code=exit_code, stderr_tail=result.stderr_tail, run_id=result.run_id, result=result
    )


# --------------------------------------------------------------------------------------------
# Transcripts


def read_transcript(path: str | os.PathLike[str], *, mode: DecodeMode = "lenient") -> RunResult:
    """Reads a saved stream-json transcript (one event per line) into a `RunResult`."""
    splitter = LineSplitter()
    decoder = LineDecoder(mode)
    state = RunState()
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            state.apply_all(decoder.decode_all(splitter.feed(chunk)))
    last = splitter.finish()
    if last is not None:
        state.apply_all(decoder.decode_all([last]))
    state.result.protocol_errors = decoder.issues
    return state.result


def encode_inputs(inputs: Sequence[Any]) -> bytes:
    """JSONL bytes of the given input events."""
    return b"".join(protocol.encode_event(event) + b"\n" for event in inputs)
