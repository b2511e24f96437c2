"""Live terminal rendering of a run (used by `zero-sdk run`, and later by `zero-sdk demo`).

Text deltas stream as they arrive; everything else (reasoning, tool calls, permissions, results,
usage, warnings, errors, the final status) is one dim/colored line of its own. `JsonRenderer`
passes events through as JSON lines instead.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

import msgspec

from zero_client import protocol
from zero_client.core import (
    ERROR_EVENTS,
    FINAL_EVENTS,
    PERMISSION_EVENTS,
    REASONING_EVENTS,
    RUN_START_EVENTS,
    TEXT_EVENTS,
    TOOL_CALL_EVENTS,
    TOOL_RESULT_EVENTS,
    USAGE_EVENTS,
    WARNING_EVENTS,
    Event,
    RunResult,
)
from zero_client.errors import ZeroError

#: How much of tool arguments and tool output a status line shows.
PREVIEW_CHARS = 160

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


class TerminalRenderer:
    """Renders events for a human, streaming text deltas in place."""

    def __init__(self, out: TextIO, *, color: bool = False, show_reasoning: bool = True) -> None:
        self.out = out
        self.color = color
        self.show_reasoning = show_reasoning
        self._mid_line = False
        self._inline_kind = ""  # "text" or "reasoning": which stream the open line belongs to
        self._streamed_text = False  # whether any text delta was shown (a stream keeps none)

    def _style(self, text: str, style: str) -> str:
        return f"\x1b[{_STYLES[style]}m{text}\x1b[0m" if self.color else text

    def _write_inline(self, text: str, style: str | None = None, kind: str = "text") -> None:
        if not text:
            return
        if self._mid_line and kind != self._inline_kind:  # reasoning and text never share a line
            self.out.write("\n")
        self._inline_kind = kind
        self.out.write(self._style(text, style) if style else text)
        self._mid_line = not text.endswith("\n")
        self.out.flush()

    def line(self, text: str, style: str = "dim") -> None:
        """Writes a status line on a line of its own."""
        if self._mid_line:
            self.out.write("\n")
            self._mid_line = False
        self.out.write(self._style(text, style) + "\n")
        self.out.flush()

    def event(self, event: Event) -> None:
        if isinstance(event, TEXT_EVENTS):
            delta = _given(event.delta)
            self._streamed_text = self._streamed_text or bool(delta)
            self._write_inline(delta)
        elif isinstance(event, REASONING_EVENTS):
            if self.show_reasoning:
                self._write_inline(_given(event.delta), "dim", kind="reasoning")
        elif isinstance(event, RUN_START_EVENTS):
            model = _given(event.model) or "?"
            self.line(f"[run] {event.run_id} · {_given(event.provider) or '?'}/{model} · {event.cwd}")
        elif isinstance(event, TOOL_CALL_EVENTS):
            args = "" if event.args is msgspec.UNSET else " " + preview(event.args)
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
            pass  # the streamed text already showed it; `finish` prints it if nothing streamed
        elif isinstance(event, WARNING_EVENTS):
            self.line(f"[warning] {_given(event.message)}", "yellow")
        elif isinstance(event, ERROR_EVENTS):
            self.line(f"[error] {_given(event.code)}: {_given(event.message)}", "red")
        elif isinstance(event, protocol.UnknownEvent):
            self.line(f"[{event.wire_type}] (event type unknown to this client)")

    def finish(self, result: RunResult | None, error: ZeroError | None = None) -> None:
        """Prints the final answer (when no text streamed), the token total and the status."""
        if result is not None and not (self._streamed_text or result.text) and result.final:
            self._write_inline(result.final)
        if result is not None and result.usage.requests:
            u = result.usage
            self.line(
                f"[tokens] prompt {u.prompt_tokens} · completion {u.completion_tokens}"
                f" · total {u.total_tokens}"
            )
        for issue in [] if result is None else result.protocol_errors:
            self.line(f"[protocol] {issue}", "yellow")
        if error is not None:
            self.line(f"[failed] {error}", "red")
        elif result is not None:
            self.line(f"[done] {result.status} (exit {result.exit_code})", "green")


class JsonRenderer:
    """Passes events through as JSON lines (unknown events keep their raw object)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def event(self, event: Event) -> None:
        self.out.write(protocol.encode_event(event).decode("utf-8") + "\n")
        self.out.flush()

    def finish(self, result: RunResult | None, error: ZeroError | None = None) -> None:
        """Nothing to add: the events are the whole output (errors go to stderr)."""
