"""An incremental parser for server-sent events (the `text/event-stream` wire format).

Only what Chat Completions streaming needs: `data:` fields (several per event are joined with
newlines), comments, and the other standard field names, which are accepted and ignored. Bytes
arrive in arbitrary pieces from the socket, so the parser keeps the unfinished line between feeds.
"""

from __future__ import annotations

from dataclasses import dataclass

# Field names the SSE standard defines; anything else on a non-comment line means the body is not
# an event stream at all (an HTML error page, a proxy banner, plain JSON), which we must report.
_KNOWN_FIELDS = frozenset({"data", "event", "id", "retry"})
_MAX_LINE_BYTES = 8 * 1024 * 1024


class SSEFormatError(ValueError):
    """The byte stream is not a well-formed event stream."""


@dataclass(frozen=True)
class ServerSentEvent:
    event: str  # the `event:` field, "" when absent ("message" by the standard)
    data: str


class SSEParser:
    """Feed raw bytes in; get complete events out, in order."""

    def __init__(self) -> None:
        self._buffer = b""
        self._data_lines: list[str] = []
        self._event_name = ""
        self._line_number = 0

    def feed(self, chunk: bytes) -> list[ServerSentEvent]:
        self._buffer += chunk
        events: list[ServerSentEvent] = []
        while True:
            line, found = self._take_line()
            if not found:
                break
            event = self._process_line(line)
            if event is not None:
                events.append(event)
        if len(self._buffer) > _MAX_LINE_BYTES:
            raise SSEFormatError(f"event-stream line {self._line_number + 1} exceeds {_MAX_LINE_BYTES} bytes")
        return events

    def finish(self) -> list[ServerSentEvent]:
        """End of input: an unterminated last line still counts, and a pending event is flushed.

        The standard discards an event that was not followed by a blank line; servers often omit
        that final blank line before closing, so we keep the data rather than lose it silently.
        """
        events: list[ServerSentEvent] = []
        if self._buffer:
            line, self._buffer = self._buffer.removesuffix(b"\r"), b""
            event = self._process_line(line)
            if event is not None:
                events.append(event)
        if self._data_lines:
            events.append(self._dispatch())
        return events

    def _take_line(self) -> tuple[bytes, bool]:
        buffer = self._buffer
        newline = buffer.find(b"\n")
        carriage = buffer.find(b"\r")
        if carriage == -1 or (newline != -1 and newline < carriage):
            if newline == -1:
                return b"", False
            self._buffer = buffer[newline + 1 :]
            return buffer[:newline], True
        if carriage + 1 == len(buffer):
            return b"", False  # wait: the next byte may be the \n of a \r\n pair
        skip = 2 if buffer[carriage + 1 : carriage + 2] == b"\n" else 1
        self._buffer = buffer[carriage + skip :]
        return buffer[:carriage], True

    def _process_line(self, raw: bytes) -> ServerSentEvent | None:
        self._line_number += 1
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SSEFormatError(f"event-stream line {self._line_number} is not valid UTF-8") from exc
        if line == "":
            if self._data_lines:
                return self._dispatch()
            self._event_name = ""  # an event without data is not dispatched (SSE standard)
            return None
        if line.startswith(":"):
            return None  # a comment, used by servers as a keep-alive
        name, colon, value = line.partition(":")
        if name not in _KNOWN_FIELDS:
            shown = line if len(line) <= 80 else line[:77] + "..."
            raise SSEFormatError(f"event-stream line {self._line_number} is not an SSE field: {shown!r}")
        value = value.removeprefix(" ") if colon else ""
        if name == "data":
            self._data_lines.append(value)
        elif name == "event":
            self._event_name = value
        return None

    def _dispatch(self) -> ServerSentEvent:
        event = ServerSentEvent(event=self._event_name, data="\n".join(self._data_lines))
        self._data_lines = []
        self._event_name = ""
        return event
