"""Live terminal rendering of a run (used by `zero-sdk run` and `zero-sdk demo`).

Text deltas stream as they arrive; everything else (reasoning, tool calls, permissions, results,
usage, warnings, the final status) is one dim/colored line of its own on `out`. Errors go to
`err`, once: an `error` event is shown as it arrives and the closing `[failed]` line repeats only
the status and exit code. `JsonRenderer` passes events through as JSON lines instead.
"""

from __future__ import annotations

import json
from typing import Any, Protocol, TextIO

import msgspec

from zero_client import protocol
from zero_client.core import (
    ERROR_EVENTS,
    FINAL_EVENTS,
    PERMISSION_EVENTS,
    REASONING_EVENTS,
    RUN_END_EVENTS,
    RUN_START_EVENTS,
    TEXT_EVENTS,
    TOOL_CALL_EVENTS,
    TOOL_RESULT_EVENTS,
    USAGE_EVENTS,
    WARNING_EVENTS,
    Event,
    RunResult,
)
from zero_client.errors import ZeroError, ZeroProtocolError, ZeroVersionError

#: How much of tool arguments and tool output a status line shows.
PREVIEW_CHARS = 160
#: What starts each line of reasoning when there is no colour to dim it.
REASONING_LABEL = "[reasoning] "

_STYLES = {
    "dim": "2",
    "red": "31",
    "green": "32",
    "yellow": "33",
    "blue": "34",
    "magenta": "35",
    "cyan": "36",
}


def _given(value: Any, default: str = "") -> Any:
    return default if value is msgspec.UNSET or value is None else value


def preview(value: Any, limit: int = PREVIEW_CHARS) -> str:
    """A one-line preview of a value (JSON for non-strings), cut to `limit` characters."""
    text = value if isinstance(value, str) else json.dumps(msgspec.to_builtins(value), ensure_ascii=False)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def error_line(error: ZeroError) -> str:
    """The error on one line: its message, the exit code, and the last line of the binary's stderr
    (`str(error)` adds the stderr tail on lines of their own)."""
    context = [] if error.exit_code is None else [f"exit code {error.exit_code}"]
    stderr_lines = [line for line in error.stderr_tail.splitlines() if line.strip()]
    if stderr_lines:
        context.append(f"its stderr ends: {preview(stderr_lines[-1])}")
    text = error.message + (f" ({'; '.join(context)})" if context else "")
    return " ".join(text.split())


class Writer(Protocol):
    """Where a renderer's text goes: `StatusLine.write` on a terminal, `write_now` elsewhere."""

    def __call__(self, stream: TextIO, text: str, /) -> None: ...


def write_now(stream: TextIO, text: str) -> None:
    """Writes and flushes (the default `Writer`)."""
    stream.write(text)
    stream.flush()


class TerminalRenderer:
    """Renders events for a human, streaming text deltas in place.

    `step` names what the run is doing now (`waiting for the model`, `running read_file`, ...),
    for a status line to show while nothing streams.
    """

    def __init__(
        self,
        out: TextIO,
        *,
        err: TextIO | None = None,
        color: bool = False,
        show_reasoning: bool = True,
        write: Writer = write_now,
    ) -> None:
        self.out = out
        self.err = out if err is None else err
        self.color = color
        self.show_reasoning = show_reasoning
        self.step = "starting"
        self._write = write
        self._mid_line = False
        self._inline_kind = ""  # "text" or "reasoning": which stream the open line belongs to
        self._streamed_text = False  # whether any text delta was shown (a stream keeps none)
        self._shown_error = False  # an `error` event already told the user why the run failed

    def _style(self, text: str, style: str) -> str:
        return f"\x1b[{_STYLES[style]}m{text}\x1b[0m" if self.color else text

    def _write_inline(self, text: str, style: str | None = None, kind: str = "text") -> None:
        if not text:
            return
        prefix = "\n" if self._mid_line and kind != self._inline_kind else ""  # never share a line
        self._inline_kind = kind
        self._write(self.out, prefix + (self._style(text, style) if style else text))
        self._mid_line = not text.endswith("\n")

    def _write_reasoning(self, delta: str) -> None:
        """Reasoning is dim in colour; without colour every line of it starts with `[reasoning] `,
        so it still reads apart from the answer."""
        if self.color or not delta:
            self._write_inline(delta, "dim", kind="reasoning")
            return
        at_line_start = not self._mid_line or self._inline_kind != "reasoning"
        labelled = "".join(
            (REASONING_LABEL if at_line_start or index else "") + piece
            for index, piece in enumerate(delta.splitlines(keepends=True))
        )
        self._write_inline(labelled, kind="reasoning")

    def line(self, text: str, style: str = "dim", *, stream: TextIO | None = None) -> None:
        """Writes a status line on a line of its own (on `out` unless `stream` says otherwise)."""
        if self._mid_line:
            self._write(self.out, "\n")
            self._mid_line = False
        self._write(self.out if stream is None else stream, self._style(text, style) + "\n")

    def event(self, event: Event) -> None:
        if isinstance(event, TEXT_EVENTS):
            delta = _given(event.delta)
            self._streamed_text = self._streamed_text or bool(delta)
            self.step = "writing the answer"
            self._write_inline(delta)
        elif isinstance(event, REASONING_EVENTS):
            self.step = "thinking"
            if self.show_reasoning:
                self._write_reasoning(_given(event.delta))
        elif isinstance(event, RUN_START_EVENTS):
            model = _given(event.model) or "?"
            self.step = "waiting for the model"
            self.line(f"[run] {event.run_id} · {_given(event.provider) or '?'}/{model} · {event.cwd}")
        elif isinstance(event, TOOL_CALL_EVENTS):
            args = "" if event.args is msgspec.UNSET else " " + preview(event.args)
            self.step = f"running {_given(event.name)}"
            self.line(f"[tool] {_given(event.name)} ({event.side_effect}){args}", "cyan")
        elif isinstance(event, PERMISSION_EVENTS):
            action = _given(event.action, "?")
            reason = _given(event.reason) or _given(event.decision_reason)
            style = "green" if action == "allow" else "yellow"
            self.line(
                f"[permission] {_given(event.name)} {action}" + (f": {reason}" if reason else ""), style
            )
        elif isinstance(event, TOOL_RESULT_EVENTS):
            output = _given(event.output)
            style = "dim" if event.status == "ok" else "red"
            self.step = "waiting for the model"
            self.line(
                f"[result] {_given(event.name)} {event.status}" + (f": {preview(output)}" if output else ""),
                style,
            )
        elif isinstance(event, USAGE_EVENTS):
            self.line(
                f"[usage] prompt {event.prompt_tokens} · completion {event.completion_tokens}"
                f" · total {event.total_tokens}"
            )
        elif isinstance(event, FINAL_EVENTS):
            self.step = "finishing"  # the streamed text showed the answer; `finish` prints it if not
        elif isinstance(event, WARNING_EVENTS):
            self.line(f"[warning] {_given(event.message)}", "yellow")
        elif isinstance(event, ERROR_EVENTS):
            self._shown_error = True
            self.line(f"[error] {_given(event.code)}: {_given(event.message)}", "red", stream=self.err)
        elif isinstance(event, protocol.UnknownEvent):
            version = event.schema_version
            if version is not None and version not in protocol.SUPPORTED_SCHEMA_VERSIONS:
                self.line(f"[{event.wire_type}] (schemaVersion {version}, unknown to this client)")
            else:
                self.line(f"[{event.wire_type}] (event type unknown to this client)")
        elif isinstance(event, RUN_END_EVENTS):
            pass  # `finish` reports the run's status
        else:
            # A type this renderer has no line of its own for (checkpoint, restore, or one a newer
            # schema added): shown with its fields, never dropped.
            fields = {
                name: value
                for name, value in msgspec.to_builtins(event).items()
                if name not in ("type", "runId", "schemaVersion")
            }
            self.line(f"[{event.type}]" + (f" {preview(fields)}" if fields else ""))

    def finish(self, result: RunResult | None, error: ZeroError | None = None) -> None:
        """Prints the final answer (when no text streamed), the token total and the status.

        A failure goes to `err`; its message only when no `error` event already showed it.
        """
        if result is not None and not (self._streamed_text or result.text) and result.final:
            self._write_inline(result.final)
        if result is not None and result.usage.requests:
            u = result.usage
            self.line(
                f"[tokens] prompt {u.prompt_tokens} · completion {u.completion_tokens}"
                f" · total {u.total_tokens}"
            )
        # A binary that cannot be driven (another schemaVersion, no event at all) makes every
        # line an issue; the error names the first, so the list would only repeat it.
        undrivable = isinstance(error, (ZeroVersionError, ZeroProtocolError))
        for issue in [] if result is None or undrivable else result.protocol_errors:
            self.line(f"[protocol] {issue}", "yellow")
        if error is None and result is not None:
            self.line(f"[done] {result.status} (exit {result.exit_code})", "green")
            return
        if result is not None and result.status and result.exit_code and not undrivable:
            summary = f"[{result.status}] exit {result.exit_code}"  # the run's own failure
        else:
            summary = "[failed]"
        if error is not None and not self._shown_error:
            summary += f": {error_line(error)}"
        self.line(summary, "red", stream=self.err)


class JsonRenderer:
    """Passes events through as JSON lines (unknown events keep their raw object)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def event(self, event: Event) -> None:
        self.out.write(protocol.encode_event(event).decode("utf-8") + "\n")
        self.out.flush()

    def finish(self, result: RunResult | None, error: ZeroError | None = None) -> None:
        """Nothing to add: the events are the whole output (errors go to stderr)."""
