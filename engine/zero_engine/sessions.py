"""Sessions of exec runs (docs/protocol.md 1.9): the on-disk store, preflight, and the resume prefix.

A session is created or loaded when the output is stream-json or any of `--resume`, `--fork`,
`--init-session-id` is given. The store lives in `$ZERO_SESSIONS_DIR` if set (an engine-only
override for tests), else `$XDG_DATA_HOME/zero/sessions`, else `~/.local/share/zero/sessions`.
One directory per session id:

    <root>/<id>/session.json   metadata: id, title, createdAt/updatedAt (RFC 3339 UTC, plus
                               nanosecond integers), cwd, resumable, forkedFrom (forks only)
    <root>/<id>/events.jsonl   the append-only event log, one JSON object per line:
                               {"sequence": N, "type": ..., "time": ..., "runId": ..., ...}

Event types written by the engine: `message` (role user/assistant, content), `tool_call`,
`tool_result`, `permission`, `checkpoint`, `error` and `fork`. `sequence` numbers the events of
a session from 1 and continues across resumed runs; a checkpoint event's `sequence` is the
`checkpoint.sequence` the run reports.

The runner calls `preflight()` (step 16 of 1.13, before input parsing) and `open_session()`
(step 23). The recording itself happens in `zero_engine.session_sink.RecordingSink`.
"""

from __future__ import annotations

import contextlib
import fcntl
import itertools
import json
import os
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, BinaryIO

_counter = itertools.count(1)

SESSION_ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$")
SESSIONS_DIR_ENV = "ZERO_SESSIONS_DIR"
METADATA_FILE = "session.json"
EVENTS_FILE = "events.jsonl"
STORE_FORMAT = 1
CONTEXT_EVENT_LIMIT = 80
SUMMARY_BYTE_LIMIT = 500
TITLE_LIMIT = 80
# Kept first when a session has more events than the prompt prefix can carry (1.9).
PREFERRED_KINDS = frozenset({"message", "compaction", "fork", "child", "specialist", "error"})
NO_SESSIONS = "No Zero sessions available to resume."


class SessionError(Exception):
    """A usage error from session preflight or preparation (exit 2)."""


def default_root(env: Mapping[str, str]) -> Path:
    override = env.get(SESSIONS_DIR_ENV, "").strip()
    if override:
        return Path(override)
    data_home = env.get("XDG_DATA_HOME", "").strip() or str(Path.home() / ".local" / "share")
    return Path(data_home) / "zero" / "sessions"


def new_session_id(now_ns: int | None = None) -> str:
    """`zero_<YYYYMMDDHHMMSS UTC>_<unix nanoseconds>_<counter>` like the real store's createID."""
    nanos = time.time_ns() if now_ns is None else now_ns
    stamp = time.strftime("%Y%m%d%H%M%S", time.gmtime(nanos // 1_000_000_000))
    return f"zero_{stamp}_{nanos}_{next(_counter)}"


def valid_session_id(session_id: str) -> bool:
    return bool(SESSION_ID_PATTERN.match(session_id))


def rfc3339(nanos: int) -> str:
    seconds, rest = divmod(nanos, 1_000_000_000)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{rest:09d}Z"


def derive_title(prompt: str) -> str:
    """The first non-blank line of the prompt, whitespace collapsed, cut to 80 characters."""
    for line in prompt.splitlines():
        words = " ".join(line.split())
        if words:
            return words if len(words) <= TITLE_LIMIT else words[: TITLE_LIMIT - 3] + "..."
    return "Untitled session"


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


@dataclass(frozen=True)
class SessionMeta:
    id: str
    title: str
    created_ns: int
    updated_ns: int
    cwd: str
    resumable: bool = True
    forked_from: str = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": STORE_FORMAT,
            "id": self.id,
            "title": self.title,
            "createdAt": rfc3339(self.created_ns),
            "createdAtUnixNano": self.created_ns,
            "updatedAt": rfc3339(self.updated_ns),
            "updatedAtUnixNano": self.updated_ns,
            "cwd": self.cwd,
            "resumable": self.resumable,
        }
        if self.forked_from:
            data["forkedFrom"] = self.forked_from
        return data

    @classmethod
    def from_json(cls, data: Any) -> SessionMeta | None:
        """None when the metadata is not what this store writes."""
        if not isinstance(data, dict):
            return None
        try:
            meta = cls(
                id=data["id"],
                title=data.get("title", ""),
                created_ns=data["createdAtUnixNano"],
                updated_ns=data["updatedAtUnixNano"],
                cwd=data.get("cwd", ""),
                resumable=data.get("resumable", True),
                forked_from=data.get("forkedFrom", ""),
            )
        except KeyError:
            return None
        fields_ok = (
            isinstance(meta.id, str)
            and isinstance(meta.title, str)
            and isinstance(meta.cwd, str)
            and isinstance(meta.forked_from, str)
            and type(meta.created_ns) is int
            and type(meta.updated_ns) is int
            and type(meta.resumable) is bool
        )
        return meta if fields_ok else None


# How Zero names the engine's log event types in the prompt prefix.
_ZERO_EVENT_TYPES = {
    "fork": "session_fork",
    "checkpoint": "session_checkpoint",
    "compaction": "session_compaction",
}
_PAYLOAD_SKIP = ("sequence", "type", "time", "runId")


def _extract_text(value: Any) -> str:
    """Zero's extractText: strings as they are, numbers printed, lists and objects flattened."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, list):
        return " ".join(text for text in (_extract_text(item) for item in value) if text)
    if isinstance(value, dict):
        summary = value.get("summary")
        if isinstance(summary, str) and summary.strip():
            return summary
        return " ".join(text for text in (_extract_text(item) for item in value.values()) if text)
    return ""


def summarize_event(event: Mapping[str, Any]) -> str:
    """One `- #<sequence> <type>: <summary>` line of the prompt prefix, as Zero writes it.

    The summary is the text of the event's payload (its values joined by spaces, white space
    collapsed), cut to 500 bytes. Zero joins an object's values in Go map order, which varies
    from run to run; the engine keeps the order they were recorded in.
    """
    kind = str(event.get("type", "event"))
    payload = {key: value for key, value in event.items() if key not in _PAYLOAD_SKIP}
    text = " ".join(_extract_text(payload).split())
    if not text:
        text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    encoded = text.encode("utf-8", "replace")
    if len(encoded) > SUMMARY_BYTE_LIMIT:
        text = encoded[:SUMMARY_BYTE_LIMIT].decode("utf-8", "ignore")
    sequence = event.get("sequence", 0)
    return f"#{sequence} {_ZERO_EVENT_TYPES.get(kind, kind)}: {text}"


def cut_utf8(text: str, limit: int) -> str:
    """`text` cut to at most `limit` UTF-8 bytes (ending in "..." when cut), never mid-character."""
    encoded = text.encode("utf-8", "replace")
    if len(encoded) <= limit:
        return text
    return encoded[: limit - 3].decode("utf-8", "ignore") + "..."


def select_context(events: list[dict[str, Any]], limit: int = CONTEXT_EVENT_LIMIT) -> list[dict[str, Any]]:
    """Zero's choice: the messages, errors, forks (and compactions) only, or every event when
    there are none of those; then the last `limit` of them."""
    preferred = [event for event in events if event.get("type") in PREFERRED_KINDS]
    chosen = preferred or list(events)
    return chosen[-limit:]


V1_CONTEXT_EVENT_LIMIT = 20


def format_exec_prompt(
    header: str, events: list[dict[str, Any]], prompt: str, schema_version: int = 2
) -> str:
    """The prompt of a resumed or forked run (FormatExecPrompt). The v1-era binary showed the
    last 20 events of every kind."""
    if not events:
        return prompt
    context = select_context(events) if schema_version >= 2 else events[-V1_CONTEXT_EVENT_LIMIT:]
    lines = [f"- {summarize_event(event)}" for event in context]
    return "\n".join(
        [header, "Previous session context:", "\n".join(lines), "", "Current user request:", prompt]
    )


def read_events(path: Path) -> list[dict[str, Any]]:
    """The log's events; a torn or foreign line (e.g. from a crashed run) is skipped."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise SessionError(f"failed to read Zero session log {path}: {exc.strerror or exc}") from None
    events = []
    for line in raw.splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if isinstance(event, dict):
            events.append(event)
    return events


def _json_line(data: Mapping[str, Any]) -> bytes:
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8", "replace")


class SessionStore:
    def __init__(self, root: Path) -> None:
        self.root = root

    def _dir(self, session_id: str) -> Path | None:
        # An id that is not a valid session id names no session (and never a path elsewhere).
        return self.root / session_id if valid_session_id(session_id) else None

    def _meta(self, session_id: str) -> SessionMeta | None:
        directory = self._dir(session_id)
        if directory is None:
            return None
        try:
            data = json.loads((directory / METADATA_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        meta = SessionMeta.from_json(data)
        return meta if meta is not None and meta.id == session_id else None

    def load(self, session_id: str) -> SessionMeta:
        """The metadata of a session that can be resumed or forked, or the usage error."""
        directory = self._dir(session_id)
        if directory is None or not directory.is_dir():
            raise SessionError(f"Zero session not found: {session_id}")
        meta = self._meta(session_id)
        if meta is None or not meta.resumable:
            raise SessionError(f"Zero session is not resumable: {session_id}")
        return meta

    def latest(self) -> SessionMeta | None:
        """The most recently updated resumable session."""
        try:
            entries = list(self.root.iterdir())
        except OSError:
            return None
        metas = [m for entry in entries if (m := self._meta(entry.name)) is not None and m.resumable]
        return max(metas, key=lambda m: (m.updated_ns, m.created_ns, m.id), default=None)

    def preflight(self, request: SessionRequest) -> None:
        if request.resume:
            self.load(request.resume)
        elif request.resume_latest and self.latest() is None:
            raise SessionError(NO_SESSIONS)
        if request.fork:
            self.load(request.fork)

    def open_session(self, request: SessionRequest, cwd: str, prompt: str) -> OpenSession | None:
        """Load or create the run's session (None when no session is wanted)."""
        if not request.wanted:
            return None
        now = time.time_ns()
        if request.resume or request.resume_latest:
            if request.resume:
                meta = self.load(request.resume)
            else:
                found = self.latest()
                if found is None:
                    raise SessionError(NO_SESSIONS)
                meta = found
            directory = self.root / meta.id
            history = read_events(directory / EVENTS_FILE)
            meta = replace(meta, updated_ns=max(now, meta.updated_ns))
            self._write_meta(directory, meta)
            return OpenSession(directory, meta, f"Continuing Zero session {meta.id}.", history)
        title = request.title or derive_title(prompt)
        session_id = request.init_session_id or new_session_id(now)
        if request.fork:
            source = self.load(request.fork)
            history = read_events(self.root / source.id / EVENTS_FILE)
            meta = SessionMeta(session_id, title, now, now, cwd, True, source.id)
            directory = self._create(meta)
            copied = [{**event, "sequence": index} for index, event in enumerate(history, 1)]
            session = OpenSession(directory, meta, f"Forked from Zero session {source.id}.", history)
            session.seed(copied)
            session.append({"type": "fork", "source": source.id})
            return session
        meta = SessionMeta(session_id, title, now, now, cwd)
        return OpenSession(self._create(meta), meta, "", [])

    def _create(self, meta: SessionMeta) -> Path:
        directory = self.root / meta.id
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            directory.mkdir()
        except FileExistsError:
            raise SessionError(f"zero session already exists: {meta.id}") from None
        except OSError as exc:
            raise SessionError(f"failed to create Zero session {meta.id}: {exc.strerror or exc}") from None
        self._write_meta(directory, meta)
        return directory

    @staticmethod
    def _write_meta(directory: Path, meta: SessionMeta) -> None:
        target = directory / METADATA_FILE
        temporary = directory / f".{METADATA_FILE}.{os.getpid()}.tmp"
        try:
            temporary.write_text(json.dumps(meta.to_json(), indent=2) + "\n", encoding="utf-8")
            os.replace(temporary, target)
        except OSError as exc:
            with contextlib.suppress(OSError):
                temporary.unlink()
            raise SessionError(f"failed to write Zero session {meta.id}: {exc.strerror or exc}") from None


class OpenSession:
    """The session of the current run: its id, the prompt prefix, and the append-only log."""

    def __init__(
        self, directory: Path, meta: SessionMeta, header: str, history: list[dict[str, Any]]
    ) -> None:
        self.directory = directory
        self.meta = meta
        self.header = header  # "" for a new session: the prompt gets no prefix
        self.history = history  # the events before this run (for a fork: the source's)
        self.record_error: OSError | SessionError | None = None
        self._log: BinaryIO | None = None
        self._known_size = -1
        self._sequence = 0

    @property
    def id(self) -> str:
        return self.meta.id

    def prompt(self, prompt: str, schema_version: int = 2) -> str:
        """The prompt sent to the model: with the resume/fork prefix when there is one."""
        return (
            format_exec_prompt(self.header, self.history, prompt, schema_version) if self.header else prompt
        )

    def _open_log(self) -> BinaryIO:
        if self._log is None:
            self._log = open(self.directory / EVENTS_FILE, "ab")  # noqa: SIM115 - kept open for the run
        return self._log

    def _write_locked(self, build: list[dict[str, Any]] | None, event: dict[str, Any] | None) -> int:
        log = self._open_log()
        fcntl.flock(log.fileno(), fcntl.LOCK_EX)
        try:
            size = os.fstat(log.fileno()).st_size
            if size != self._known_size:  # first write, or another process appended meanwhile
                self._sequence = len(read_events(self.directory / EVENTS_FILE))
            payload = b""
            for item in build or []:
                payload += _json_line(item)
                self._sequence += 1
            if event is not None:
                self._sequence += 1
                payload += _json_line({"sequence": self._sequence, **event})
            os.write(log.fileno(), payload)
            self._known_size = size + len(payload)
        finally:
            fcntl.flock(log.fileno(), fcntl.LOCK_UN)
        return self._sequence

    def seed(self, events: list[dict[str, Any]]) -> None:
        """Copy already numbered events into a new session's log (forks)."""
        if events:
            try:
                self._write_locked(events, None)
            except OSError as exc:
                raise SessionError(f"failed to write Zero session {self.id}: {exc.strerror or exc}") from None

    def append(self, event: dict[str, Any]) -> int:
        """Append one event (`type` plus its fields); returns its sequence number.

        A failed write is remembered in `record_error` and the run goes on; the sequence still
        advances so the numbers the run reports stay consistent.
        """
        record = {"type": event["type"], "time": rfc3339(time.time_ns())}
        record.update((k, v) for k, v in event.items() if k != "type")
        if self.record_error is None:
            try:
                return self._write_locked(None, record)
            except (OSError, SessionError) as exc:
                self.record_error = exc
        self._sequence += 1
        return self._sequence

    def close(self) -> None:
        """Closes the log and stamps `updatedAt`."""
        if self._log is not None:
            with contextlib.suppress(OSError):
                self._log.close()
            self._log = None
        self.meta = replace(self.meta, updated_ns=max(time.time_ns(), self.meta.updated_ns))
        with contextlib.suppress(SessionError):
            SessionStore._write_meta(self.directory, self.meta)
