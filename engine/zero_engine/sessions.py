"""Session handling for exec runs (PROTOCOL.md 1.9), kept behind a small interface.

Only id creation and the preflight checks exist so far; persisting events is future work
(a session directory per id under `$XDG_DATA_HOME/zero/sessions`). The runner calls, in order:
`preflight()` (step 16 of 1.13) and `open_session()` (step 23).
"""

from __future__ import annotations

import itertools
import os
import time
from dataclasses import dataclass
from pathlib import Path

_counter = itertools.count(1)


class SessionError(Exception):
    """A usage error from session preflight or preparation (exit 2)."""


def default_root(env: dict[str, str] | os._Environ[str]) -> Path:
    data_home = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home) / "zero" / "sessions"


def new_session_id(now_ns: int | None = None) -> str:
    """`zero_<YYYYMMDDHHMMSS UTC>_<unix nanoseconds>_<counter>` like the real store's createID."""
    nanos = time.time_ns() if now_ns is None else now_ns
    stamp = time.strftime("%Y%m%d%H%M%S", time.gmtime(nanos // 1_000_000_000))
    return f"zero_{stamp}_{nanos}_{next(_counter)}"


@dataclass(frozen=True)
class SessionRequest:
    resume: str = ""
    resume_latest: bool = False
    fork: str = ""
    init_session_id: str = ""
    title: str = ""
    stream_json: bool = False

    @property
    def wanted(self) -> bool:
        """A session is created or loaded for stream-json output or any session flag."""
        return self.stream_json or bool(
            self.resume or self.resume_latest or self.fork or self.init_session_id
        )


class SessionStore:
    def __init__(self, root: Path) -> None:
        self.root = root

    def _exists(self, session_id: str) -> bool:
        return (self.root / session_id).is_dir()

    def preflight(self, request: SessionRequest) -> None:
        if request.resume and not self._exists(request.resume):
            raise SessionError(f"Zero session not found: {request.resume}")
        if request.fork and not self._exists(request.fork):
            raise SessionError(f"Zero session not found: {request.fork}")
        if request.resume_latest and not (
            self.root.is_dir() and any(p.is_dir() for p in self.root.iterdir())
        ):
            raise SessionError("No Zero sessions available to resume.")

    def open_session(self, request: SessionRequest) -> str:
        """The session id this run reports ("" when no session is wanted)."""
        if not request.wanted:
            return ""
        if request.resume:
            return request.resume
        if request.resume_latest:
            latest = max((p for p in self.root.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime)
            return latest.name
        return request.init_session_id or new_session_id()
