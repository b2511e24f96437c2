"""The live status line `zero-sdk run` shows on a terminal while nothing streams.

A spinner, the elapsed time and the current step (`waiting for the model`, `running read_file`,
...), redrawn in place on stderr about ten times a second by a daemon thread, but only after
`quiet_after` seconds without output, so a run that streams steadily never shows it. Every other
write to the terminal goes through `StatusLine.write`, which erases the line first: the spinner
thread and the renderer share one lock, so a status frame never lands in the middle of text.
"""

from __future__ import annotations

import threading
import time
from typing import TextIO

__all__ = ["StatusLine"]

#: Braille frames where the terminal can show them, ASCII otherwise.
UNICODE_FRAMES = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
ASCII_FRAMES = "|/-\\"
#: Seconds of silence before the status line appears.
QUIET_AFTER = 0.5
#: Seconds between two frames.
FRAME_INTERVAL = 0.1
_ERASE = "\r\x1b[2K"


class StatusLine:
    """Draws `<spinner> <elapsed> · <step>` on `terminal` while the run is silent."""

    def __init__(self, terminal: TextIO, *, quiet_after: float = QUIET_AFTER) -> None:
        self.terminal = terminal
        self.quiet_after = quiet_after
        encoding = (getattr(terminal, "encoding", None) or "").lower().replace("-", "")
        self.frames = UNICODE_FRAMES if encoding == "utf8" else ASCII_FRAMES
        self.step = "starting"
        self._lock = threading.Lock()
        self._started = time.monotonic()
        self._last_output = self._started
        self._shown = False
        self._mid_line = False  # the cursor is after streamed text: drawing would break the line
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._animate, name="zero-sdk-status", daemon=True)

    def start(self) -> StatusLine:
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stops the animation and erases the line (idempotent)."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        with self._lock:
            self._erase()

    def write(self, stream: TextIO, text: str) -> None:
        """Writes `text` to `stream` (stdout or stderr) with the status line out of the way."""
        if not text:
            return
        with self._lock:
            self._erase()
            stream.write(text)
            stream.flush()
            self._last_output = time.monotonic()
            self._mid_line = not text.endswith("\n")

    def _erase(self) -> None:
        if self._shown:
            self.terminal.write(_ERASE)
            self.terminal.flush()
            self._shown = False

    def _animate(self) -> None:
        frame = 0
        while not self._stop.wait(FRAME_INTERVAL):
            with self._lock:
                now = time.monotonic()
                if self._mid_line or now - self._last_output < self.quiet_after:
                    continue
                elapsed = now - self._started
                glyph = self.frames[frame % len(self.frames)]
                self.terminal.write(f"{_ERASE}{glyph} {elapsed:.1f}s · {self.step}")
                self.terminal.flush()
                self._shown = True
                frame += 1
