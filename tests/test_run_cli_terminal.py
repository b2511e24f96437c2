"""`zero-sdk run` on a real terminal (a pty): spinner status line, colors, NO_COLOR, Ctrl-C.

Each test forks `zero-sdk run` onto a fresh pseudo-terminal as its controlling terminal, drives
the embedded engine with a scripted model, and reads what a person would see.
"""

from __future__ import annotations

import os
import pty
import select
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from client_support import ENGINE, engine_env, workspace, write_script
from test_client_cli import ZERO_SDK


class Terminal:
    """`zero-sdk run ...` running on a pty; `screen` is everything it wrote so far."""

    def __init__(
        self, tmp_path: Path, turns: list[list[dict[str, Any]]], *args: str, env: dict[str, str] | None = None
    ) -> None:
        child_env = {**os.environ, **engine_env(tmp_path, write_script(tmp_path, turns), 2), **(env or {})}
        if "NO_COLOR" not in (env or {}):
            child_env.pop("NO_COLOR", None)  # the test decides, not the developer's shell
        argv = [ZERO_SDK, "run", "--command", ENGINE, "-C", str(workspace(tmp_path)), *args, "hello"]
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the pty is its controlling terminal and stdin/out/err
            os.execve(argv[0], argv, child_env)
        self.screen = b""

    def read_until(self, predicate: Callable[[bytes], bool], timeout: float = 30.0) -> bool:
        deadline = time.monotonic() + timeout
        while not predicate(self.screen):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            ready, _, _ = select.select([self.fd], [], [], remaining)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:  # EIO: the child closed the terminal
                    return predicate(self.screen)
                if not chunk:
                    return predicate(self.screen)
                self.screen += chunk
        return True

    def wait(self, timeout: float = 30.0) -> int:
        self.read_until(lambda _: False, timeout=0.2)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.read_until(lambda _: False, timeout=0.2)
                os.close(self.fd)
                return os.waitstatus_to_exitcode(status)
            self.read_until(lambda _: False, timeout=0.1)
        os.kill(self.pid, signal.SIGKILL)
        raise AssertionError(f"zero-sdk run did not exit; screen: {self.screen!r}")


def test_silent_wait_shows_a_spinner_with_elapsed_time_and_step(tmp_path: Path) -> None:
    turns: list[list[dict[str, Any]]] = [
        [{"tool_call": {"id": "c1", "name": "list_files", "args": {}}}],
        [{"sleep": 2.5}, {"text": "late answer"}],
    ]
    term = Terminal(tmp_path, turns, "--color=never")
    assert term.read_until(lambda s: b"waiting for the model" in s), term.screen
    assert term.wait() == 0
    screen = term.screen.decode()
    # The status line: spinner glyph, elapsed seconds, the step; then erased before the answer.
    assert "s · waiting for the model" in screen
    assert "\r\x1b[2K" in screen
    assert "late answer" in screen and "[done] success (exit 0)" in screen


def test_color_on_a_terminal_and_no_color_respected(tmp_path: Path) -> None:
    turns = [[{"text": "hi"}]]
    colored = Terminal(tmp_path, turns)
    assert colored.wait() == 0
    assert b"\x1b[32m[done] success" in colored.screen
    plain = Terminal(tmp_path, turns, env={"NO_COLOR": "1"})
    assert plain.wait() == 0
    assert b"[done] success" in plain.screen and b"\x1b[32m" not in plain.screen
    forced = Terminal(tmp_path, turns, "--color=always", env={"NO_COLOR": "1"})
    assert forced.wait() == 0 and b"\x1b[32m[done]" in forced.screen


def test_ctrl_c_ends_the_run_with_130_and_an_interrupted_summary(tmp_path: Path) -> None:
    turns: list[list[dict[str, Any]]] = [[{"text": "working"}, {"sleep": 60}, {"text": "never"}]]
    term = Terminal(tmp_path, turns, "--color=never")
    assert term.read_until(lambda s: b"working" in s), term.screen
    os.write(term.fd, b"\x03")  # Ctrl-C, delivered by the terminal to the foreground group
    code = term.wait()
    screen = term.screen.decode()
    assert code == 130, screen
    assert "[interrupted] run cancelled by Ctrl-C (exit 130)" in screen
    assert "Aborted!" not in screen and "Traceback" not in screen and "never" not in screen
