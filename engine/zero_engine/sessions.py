"""Sessions of exec runs (docs/protocol.md 1.9): Zero's on-disk session store, preflight, and the
resume/fork prompt prefix.

A session is created or loaded when the output is stream-json or any of `--resume`, `--fork`,
`--init-session-id` is given. The store lives in `$ZERO_SESSIONS_DIR` if set (an engine-only
override for tests), else `$XDG_DATA_HOME/zero/sessions`, else `$HOME/.local/share/zero/sessions`,
and has Zero's layout, so Zero and zero-engine can resume each other's sessions:

    <root>/<id>/metadata.json        Zero's session metadata (sessionId, sessionKind, title, cwd,
                                     modelId, provider, parent/root ids, createdAt/updatedAt in
                                     RFC 3339 seconds, eventCount, lastEventType), indented
    <root>/<id>/events.jsonl         the append-only log, one Zero event a line:
                                     {"id":"<id>:<n>","sessionId","sequence","type","createdAt","payload"}
    <root>/<id>/session.lock         the lock every append holds (flock)
    <root>/<id>/checkpoints/blobs/   the content of files before a checkpointed write, by sha256

Event types and payloads are Zero's: `message` ({role, content}), `tool_call` ({id, name,
arguments: the raw arguments string}), `tool_result` ({toolCallId, name, status, output, meta,
truncated, redacted, changedFiles}), `permission_request` / `permission_decision` (Zero's
permission event, with `scope`), `session_checkpoint` ({tool, files: [{path, blob, absent,
skipped, bytes, mode}]}), `provider_usage`, `error` ({message}) and `session_fork`. `sequence`
numbers a session's events from 1 and continues across resumed runs; a checkpoint's `sequence`
is the `checkpoint.sequence` the run reports. As in Zero, payloads are stored as the run saw them
(the stream-json redaction does not apply; tool output is already redacted by the tools).

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
import stat
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zero_engine import gotext
from zero_engine.gojson import GoStruct, go_escape, go_quote, marshal

_counter = itertools.count(1)

SESSION_ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$")
SESSIONS_DIR_ENV = "ZERO_SESSIONS_DIR"
METADATA_FILE = "metadata.json"
EVENTS_FILE = "events.jsonl"
LOCK_FILE = "session.lock"
BLOBS_DIR = ("checkpoints", "blobs")
CONTEXT_EVENT_LIMIT = 80
V1_CONTEXT_EVENT_LIMIT = 20
SUMMARY_BYTE_LIMIT = 500
TITLE_BYTE_LIMIT = 80
DEFAULT_TITLE = "Zero exec session"
CHECKPOINT_MAX_BYTES = 5 << 20
# Kept first when a session has more events than the prompt prefix can carry (1.9).
PREFERRED_KINDS = frozenset(
    {
        "message",
        "session_compaction",
        "session_fork",
        "session_child",
        "specialist_start",
        "specialist_stop",
        "error",
    }
)
RESUMABLE_KINDS = frozenset({"", "fork"})
NO_SESSIONS = "No Zero sessions available to resume."


class SessionError(Exception):
    """A usage error from session preflight or preparation (exit 2)."""


def default_root(env: Mapping[str, str]) -> Path:
    override = env.get(SESSIONS_DIR_ENV, "").strip()
    if override:
        return Path(override)
    data_home = gotext.trim_space(env.get("XDG_DATA_HOME", ""))
    if data_home:
        return Path(data_home) / "zero" / "sessions"
    home = gotext.trim_space(env.get("HOME", "")) or str(Path.home())
    return Path(home) / ".local" / "share" / "zero" / "sessions"


def new_session_id(now_ns: int | None = None) -> str:
    """`zero_<YYYYMMDDHHMMSS UTC>_<unix nanoseconds>_<counter>` like the real store's createID."""
    nanos = time.time_ns() if now_ns is None else now_ns
    stamp = time.strftime("%Y%m%d%H%M%S", time.gmtime(nanos // 1_000_000_000))
    return f"zero_{stamp}_{nanos}_{next(_counter)}"


def valid_session_id(session_id: str) -> bool:
    return bool(SESSION_ID_PATTERN.match(gotext.trim_space(session_id)))


def timestamp(nanos: int | None = None) -> str:
    """Now (or `nanos`) as Zero stamps session records: RFC 3339 in UTC, whole seconds."""
    seconds = (time.time_ns() if nanos is None else nanos) // 1_000_000_000
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def cut_utf8(text: str, limit: int) -> str:
    """The longest prefix of `text` of at most `limit` UTF-8 bytes that ends on a character."""
    encoded = text.encode("utf-8", "surrogatepass")
    if len(encoded) <= limit:
        return text
    return encoded[:limit].decode("utf-8", "ignore")


def session_title(prompt: str, requested: str = "") -> str:
    """Zero's exec session title: `--session-title` when given, else the prompt's words joined by
    single spaces and cut at 80 bytes, else `Zero exec session`."""
    if gotext.trim_space(requested):
        return gotext.trim_space(requested)
    title = " ".join(gotext.fields(prompt))
    return cut_utf8(title, TITLE_BYTE_LIMIT) or DEFAULT_TITLE


# -- metadata.json -------------------------------------------------------------------------------

# Zero's Metadata struct: (key, type, omitted when empty), in field order.
_METADATA_FIELDS: tuple[tuple[str, type, bool], ...] = (
    ("sessionId", str, False),
    ("sessionKind", str, True),
    ("title", str, True),
    ("cwd", str, True),
    ("modelId", str, True),
    ("provider", str, True),
    ("tag", str, True),
    ("depth", int, True),
    ("parentSessionId", str, True),
    ("rootSessionId", str, True),
    ("agentName", str, True),
    ("taskId", str, True),
    ("forkedFromEventId", str, True),
    ("forkedFromSequence", int, True),
    ("spawnedFromEventId", str, True),
    ("spawnedFromSequence", int, True),
    ("specId", str, True),
    ("specFilePath", str, True),
    ("specStatus", str, True),
    ("specDraftModelId", str, True),
    ("specDraftReasoning", str, True),
    ("specUserComment", str, True),
    ("specRejectReason", str, True),
    ("specSourceSessionId", str, True),
    ("specImplSessionId", str, True),
    ("goal", dict, True),
    ("createdAt", str, False),
    ("updatedAt", str, False),
    ("eventCount", int, False),
    ("lastEventType", str, True),
)
_GOAL_FIELDS: tuple[tuple[str, bool], ...] = (
    ("objective", False),
    ("status", False),
    ("statusReason", True),
    ("tokenBudget", True),
    ("tokensUsed", True),
    ("continuationCount", True),
    ("continuationLimit", True),
    ("createdAt", False),
    ("updatedAt", False),
)
_GO_TYPES = {str: "string", int: "int", dict: "sessions.Goal"}


def _go_value_kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def _decode_metadata(session_id: str, data: str) -> dict[str, Any]:
    """The metadata fields Zero's struct keeps, with Go's decoding errors."""
    problem = gotext.json_syntax_error(data)
    if problem:
        raise SessionError(f"invalid zero session metadata {session_id}: {problem}")
    decoded = json.loads(data)
    if not isinstance(decoded, dict):
        raise SessionError(
            f"invalid zero session metadata {session_id}: json: cannot unmarshal "
            f"{_go_value_kind(decoded)} into Go value of type sessions.Metadata"
        )
    fields: dict[str, Any] = {}
    for key, kind, _ in _METADATA_FIELDS:
        value = decoded.get(key)
        if value is None:
            continue
        if (
            isinstance(value, bool)
            or not isinstance(value, kind)
            or (kind is int and isinstance(value, float))
        ):
            shown = _go_value_kind(value)
            if kind is int and isinstance(value, float) and not isinstance(value, bool):
                shown = f"number {value}"
            raise SessionError(
                f"invalid zero session metadata {session_id}: json: cannot unmarshal {shown} "
                f"into Go struct field Metadata.{key} of type {_GO_TYPES[kind]}"
            )
        fields[key] = value
    return fields


def _encode_metadata(fields: Mapping[str, Any]) -> bytes:
    """Go's `json.MarshalIndent(metadata, "", "  ")` plus the final newline."""
    ordered = GoStruct()
    for key, kind, omit_empty in _METADATA_FIELDS:
        value = fields.get(key, kind())
        if omit_empty and not value:
            continue
        if key == "goal":
            value = GoStruct(
                (name, value.get(name, ""))
                for name, omit in _GOAL_FIELDS
                if not (omit and not value.get(name))
            )
        ordered[key] = value
    compact = marshal(ordered)
    pretty = json.dumps(json.loads(compact), indent=2, ensure_ascii=False)
    # json.dumps undid Go's escapes of <, >, & and U+2028/9: put them back.
    return (go_escape(pretty) + "\n").encode("utf-8")


@dataclass
class SessionMeta:
    """One session's metadata.json, as Zero's fields."""

    fields: dict[str, Any]

    @property
    def id(self) -> str:
        return str(self.fields.get("sessionId", ""))

    @property
    def kind(self) -> str:
        return str(self.fields.get("sessionKind", ""))

    @property
    def resumable(self) -> bool:
        return self.kind in RESUMABLE_KINDS

    def get(self, key: str) -> Any:
        return self.fields.get(key, "")


# -- events.jsonl --------------------------------------------------------------------------------


def _decode_payload(raw: str) -> Any:
    return json.loads(raw, object_pairs_hook=GoStruct)


def read_events(path: Path, session_id: str) -> list[dict[str, Any]]:
    """The log's events (each with its `payload` decoded, objects in their stored order). As in
    Zero, a torn last line (no final newline) is dropped and any other bad line is an error."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise SessionError(f"read zero session events: {exc.strerror or exc}") from None
    torn_tail_possible = bool(raw) and not raw.endswith(b"\n")
    lines = raw.split(b"\n")
    last_non_empty = max((i for i, line in enumerate(lines) if line.strip()), default=-1)
    events: list[dict[str, Any]] = []
    for index, line in enumerate(lines):
        text = line.strip().decode("utf-8", "replace")
        if not text:
            continue
        problem = gotext.json_syntax_error(text)
        decoded: Any = None if problem else _decode_payload(text)
        if not problem and not isinstance(decoded, dict):
            problem = f"json: cannot unmarshal {_go_value_kind(decoded)} into Go value of type sessions.Event"
        if not problem and not isinstance(decoded.get("sequence", 0), int):
            problem = (
                f"json: cannot unmarshal {_go_value_kind(decoded['sequence'])} into Go struct field "
                "Event.sequence of type int"
            )
        if problem:
            if index == last_non_empty and torn_tail_possible:
                break
            raise SessionError(
                f"invalid json in zero session {session_id} {EVENTS_FILE} at line {index + 1}: {problem}"
            )
        events.append(decoded)
    return events


def _go_sprint_number(value: float) -> str:
    """fmt.Sprint of a float64 (Zero decodes every JSON number as one): `%g` with the shortest
    digits, exponent form from 1e+06 and below 1e-04 (`12`, `1.5`, `1.234567e+06`)."""
    if value == 0:
        return "0"
    from decimal import Decimal  # here: decimal costs start-up ~8 ms, and few runs need it

    digits_text, _, exponent_text = format(Decimal(repr(value)).normalize(), "e").partition("e")
    negative = digits_text.startswith("-")
    digits = digits_text.lstrip("-").replace(".", "")
    exponent = int(exponent_text)
    sign = "-" if negative else ""
    if exponent < -4 or exponent >= 6:
        mantissa = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
        return f"{sign}{mantissa}e{'-' if exponent < 0 else '+'}{abs(exponent):02d}"
    return sign + format(Decimal(repr(abs(value))).normalize(), "f")


def _extract_text(value: Any) -> str:
    """Zero's extractText: strings as they are, numbers printed, lists and objects flattened."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return _go_sprint_number(float(value))
    if isinstance(value, list):
        return " ".join(text for text in (_extract_text(item) for item in value) if text)
    if isinstance(value, dict):
        summary = value.get("summary")
        if isinstance(summary, str) and gotext.trim_space(summary):
            return summary
        return " ".join(text for text in (_extract_text(item) for item in value.values()) if text)
    return ""


def summarize_event(event: Mapping[str, Any], schema_version: int = 2) -> str:
    """One `#<sequence> <type>: <summary>` line of the prompt prefix, as Zero writes it.

    The summary is the text of the event's payload (its values joined by spaces, white space
    collapsed), cut to 500 bytes. Zero joins an object's values in Go map order, which varies
    from run to run; the engine keeps the order they were stored in.
    """
    payload = event.get("payload")
    text = " ".join(gotext.fields(_extract_text(payload)))
    if not text:
        text = marshal(payload) if payload is not None else "null"
    if len(text.encode("utf-8", "surrogatepass")) > SUMMARY_BYTE_LIMIT:
        if schema_version >= 2:
            text = cut_utf8(text, SUMMARY_BYTE_LIMIT)
        else:  # the v1-era binary cut the bytes, possibly inside a character
            kept = cut_utf8(text, SUMMARY_BYTE_LIMIT)
            # each byte of the cut character reaches the model as U+FFFD (Go's JSON encoding)
            text = kept + "\ufffd" * (SUMMARY_BYTE_LIMIT - len(kept.encode("utf-8", "surrogatepass")))
    return f"#{event.get('sequence', 0)} {event.get('type', '')}: {text}"


def select_context(events: Sequence[Mapping[str, Any]], limit: int = CONTEXT_EVENT_LIMIT) -> list[Any]:
    """Zero's choice: the messages, errors, forks (and compactions) only, or every event when
    there are none of those; then the last `limit` of them."""
    preferred = [event for event in events if event.get("type") in PREFERRED_KINDS]
    chosen = preferred or list(events)
    return chosen[-limit:]


def format_exec_prompt(
    header: str, events: Sequence[Mapping[str, Any]], prompt: str, schema_version: int = 2
) -> str:
    """The prompt of a resumed or forked run (FormatExecPrompt). The v1-era binary showed the
    last 20 events of every kind."""
    if not events:
        return prompt
    context = select_context(events) if schema_version >= 2 else list(events)[-V1_CONTEXT_EVENT_LIMIT:]
    lines = [f"- {summarize_event(event, schema_version)}" for event in context]
    return "\n".join(
        [header, "Previous session context:", "\n".join(lines), "", "Current user request:", prompt]
    )


# -- the store -----------------------------------------------------------------------------------


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
class SessionInfo:
    """What a new session's metadata records about the run."""

    cwd: str = ""
    model_id: str = ""
    provider: str = ""


def _write_file_synced(path: Path, data: bytes, mode: int) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    finally:
        os.close(fd)


def _sync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _write_atomically(path: Path, data: bytes, mode: int) -> None:
    """Zero's writeFileAtomicSync: a synced temp file renamed into place, then the directory
    synced."""
    temporary = path.with_name(f"{path.name}.tmp-{next(_counter)}")
    try:
        _write_file_synced(temporary, data, mode)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    _sync_dir(path.parent)


def _file_state(path: Path) -> tuple[int, int, int] | None:
    try:
        state = os.stat(path)
    except OSError:
        return None
    return (state.st_dev, state.st_ino, state.st_size)


class SessionStore:
    def __init__(self, root: Path, environ: Mapping[str, str] | None = None) -> None:
        self.root = root
        self.environ = environ if environ is not None else {}
        # session id -> (identity and size of its events file after this store's last append,
        # the last sequence in it): while the file is as this store left it, the next append
        # need not read the whole log again (a run appends a few events per tool call).
        self._appended: dict[str, tuple[tuple[int, int, int], int]] = {}

    def path(self, session_id: str) -> Path:
        return self.root / session_id

    # Reading ------------------------------------------------------------------------------------

    def get(self, session_id: str) -> SessionMeta | None:
        """Zero's Store.Get: None when the session has no metadata; the id's and the metadata's
        problems are errors."""
        if not valid_session_id(session_id):
            raise SessionError(f"invalid zero session id {go_quote(session_id)}")
        try:
            data = (self.path(session_id) / METADATA_FILE).read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return None
        except OSError as exc:
            raise SessionError(f"open {self.path(session_id) / METADATA_FILE}: {exc.strerror}") from None
        return SessionMeta(_decode_metadata(session_id, data.decode("utf-8", "replace")))

    def _listed(self) -> Iterator[SessionMeta]:
        try:
            entries = list(self.root.iterdir())
        except OSError:
            return
        for entry in entries:
            if not entry.is_dir() or not valid_session_id(entry.name):
                continue
            try:
                meta = self.get(entry.name)
            except SessionError:
                continue
            if meta is not None:
                yield meta

    def latest_resumable(self) -> SessionMeta | None:
        """The most recently updated resumable session (ties: the smallest id), as Zero lists them."""
        resumable = [meta for meta in self._listed() if meta.resumable]
        resumable.sort(key=lambda meta: meta.id)
        resumable.sort(key=lambda meta: str(meta.get("updatedAt")), reverse=True)
        return resumable[0] if resumable else None

    def events(self, session_id: str) -> list[dict[str, Any]]:
        return read_events(self.path(session_id) / EVENTS_FILE, session_id)

    # Preflight and opening ------------------------------------------------------------------------

    def _resumable(self, session_id: str) -> SessionMeta:
        meta = self.get(session_id)
        if meta is None:
            raise SessionError(f"Zero session not found: {session_id}")
        if not meta.resumable:
            raise SessionError(f"Zero session is not resumable: {session_id}")
        return meta

    def preflight(self, request: SessionRequest) -> None:
        """Zero's preflightExecSession: the named session exists (a resumed one is resumable)."""
        if request.fork:
            if self.get(request.fork) is None:
                raise SessionError(f"Zero session not found: {request.fork}")
        elif request.resume:
            self._resumable(request.resume)
        elif request.resume_latest and self.latest_resumable() is None:
            raise SessionError(NO_SESSIONS)

    def open_session(self, request: SessionRequest, info: SessionInfo, prompt: str) -> OpenSession | None:
        """Load or create the run's session (None when no session is wanted)."""
        if not request.wanted:
            return None
        title = session_title(prompt, request.title)
        if request.fork:
            parent = self.get(request.fork)
            if parent is None:
                raise SessionError(f"Zero session not found: {request.fork}")
            history = self.events(parent.id)
            fork = self._fork(parent, history, request.init_session_id, title, info)
            return OpenSession(self, fork, f"Forked from Zero session {parent.id}.", history)
        if request.resume or request.resume_latest:
            session_id = request.resume
            if not session_id:
                latest = self.latest_resumable()
                if latest is None:
                    raise SessionError(NO_SESSIONS)
                session_id = latest.id
            meta = self._resumable(session_id)
            history = self.events(meta.id)
            return OpenSession(self, meta, f"Continuing Zero session {meta.id}.", history)
        meta = self._create(
            {
                "sessionId": request.init_session_id,
                "title": title,
                "cwd": info.cwd,
                "modelId": info.model_id,
                "provider": info.provider,
            }
        )
        return OpenSession(self, meta, "", [])

    def _create(self, fields: dict[str, Any]) -> SessionMeta:
        """Zero's Store.Create: the directory, metadata.json and an empty events.jsonl."""
        session_id = gotext.trim_space(str(fields.get("sessionId", ""))) or new_session_id()
        if not valid_session_id(session_id):
            raise SessionError(f"invalid zero session id {go_quote(str(fields.get('sessionId', '')))}")
        now = timestamp()
        values = {key: gotext.trim_space(v) if isinstance(v, str) else v for key, v in fields.items()}
        meta = SessionMeta(
            {**values, "sessionId": session_id, "createdAt": now, "updatedAt": now, "eventCount": 0}
        )
        directory = self.path(session_id)
        try:
            self.root.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as exc:
            raise SessionError(f"create zero session root: {exc.strerror or exc}") from None
        try:
            directory.mkdir(mode=0o700)
        except FileExistsError:
            raise SessionError(f"zero session already exists: {session_id}") from None
        except OSError as exc:
            raise SessionError(f"create zero session directory: {exc.strerror or exc}") from None
        try:
            self.write_metadata(meta)
            fd = os.open(directory / EVENTS_FILE, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
            os.close(fd)
        except OSError as exc:
            raise SessionError(f"create zero session events file: {exc.strerror or exc}") from None
        return meta

    def _fork(
        self,
        parent: SessionMeta,
        history: list[dict[str, Any]],
        session_id: str,
        title: str,
        info: SessionInfo,
    ) -> SessionMeta:
        """Zero's Store.Fork: a `fork` session holding the parent's events (usage left out), its
        checkpoint blobs, then a `session_fork` event."""
        last = history[-1] if history else {}
        fork = self._create(
            {
                "sessionId": session_id,
                "sessionKind": "fork",
                "title": title or (f"{parent.get('title')} (fork)" if parent.get("title") else ""),
                "cwd": info.cwd or parent.get("cwd"),
                "modelId": info.model_id or parent.get("modelId"),
                "provider": info.provider or parent.get("provider"),
                "parentSessionId": parent.id,
                "rootSessionId": parent.get("rootSessionId") or parent.id,
                "forkedFromEventId": str(last.get("id", "")),
                "forkedFromSequence": int(last.get("sequence", 0) or 0),
            }
        )
        copied = [
            (str(e.get("type", "")), e.get("payload")) for e in history if e.get("type") != "provider_usage"
        ]
        try:
            if copied:
                self.append(fork.id, copied)
            self._copy_blobs(parent.id, fork.id)
            self.append(
                fork.id,
                [
                    (
                        "session_fork",
                        {
                            "parentSessionId": parent.id,
                            "parentEventCount": int(parent.get("eventCount") or 0),
                            "copiedEventCount": len(copied),
                            "forkedFromEventId": str(last.get("id", "")),
                            "forkedFromSequence": int(last.get("sequence", 0) or 0),
                        },
                    )
                ],
            )
            meta = self.get(fork.id)
        except OSError as exc:
            raise SessionError(f"append zero session event: {exc.strerror or exc}") from None
        assert meta is not None
        return meta

    def _copy_blobs(self, source: str, target: str) -> None:
        source_dir = self.path(source).joinpath(*BLOBS_DIR)
        try:
            names = [entry.name for entry in source_dir.iterdir() if not entry.is_dir()]
        except FileNotFoundError:
            return
        target_dir = self.path(target).joinpath(*BLOBS_DIR)
        for name in names:
            if (target_dir / name).exists():
                continue
            target_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
            _write_atomically(target_dir / name, (source_dir / name).read_bytes(), 0o600)

    # Writing ----------------------------------------------------------------------------------------

    def write_metadata(self, meta: SessionMeta) -> None:
        _write_atomically(self.path(meta.id) / METADATA_FILE, _encode_metadata(meta.fields), 0o600)

    @contextlib.contextmanager
    def locked(self, session_id: str) -> Iterator[None]:
        """Zero's per-session lock: flock on `session.lock`, held across a whole append."""
        fd = os.open(self.path(session_id) / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # closing releases the lock

    def _last_sequence(self, session_id: str) -> int:
        """The sequence of the log's last complete line (the log, not eventCount, is the truth).
        Read from the log unless it is exactly as this store's last append left it."""
        known = self._appended.get(session_id)
        if known is not None and known[0] == _file_state(self.path(session_id) / EVENTS_FILE):
            return known[1]
        events = self.events(session_id)
        return max((int(event.get("sequence", 0) or 0) for event in events), default=0)

    def append(self, session_id: str, items: Sequence[tuple[str, Any]]) -> list[int]:
        """Append events (type, payload) under the session lock; their sequences. OSError and
        SessionError propagate."""
        with self.locked(session_id):
            return self._append_locked(session_id, items)

    def _append_locked(self, session_id: str, items: Sequence[tuple[str, Any]]) -> list[int]:
        meta = self.get(session_id)
        if meta is None:
            raise SessionError(f"open {self.path(session_id) / METADATA_FILE}: no such file or directory")
        sequence = int(meta.get("eventCount") or 0) + 1
        sequence = max(sequence, self._last_sequence(session_id) + 1)
        lines: list[str] = []
        sequences: list[int] = []
        created = ""
        for offset, (event_type, payload) in enumerate(items):
            created = timestamp()
            number = sequence + offset
            record = GoStruct(
                id=f"{session_id}:{number}",
                sessionId=session_id,
                sequence=number,
                type=event_type,
                createdAt=created,
            )
            if payload is not None:
                record["payload"] = payload
            lines.append(marshal(record) + "\n")
            sequences.append(number)
        fd = os.open(self.path(session_id) / EVENTS_FILE, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            before = os.fstat(fd).st_size
            # Lines land after a torn last line (as in Zero), which the next read then reports.
            torn = before > 0 and os.pread(fd, 1, before - 1) != b"\n"
            data = "".join(lines).encode("utf-8", "replace")
            while data:
                data = data[os.write(fd, data) :]
            os.fsync(fd)
            state = os.fstat(fd)
            self._appended.pop(session_id, None)
            if not torn:
                self._appended[session_id] = ((state.st_dev, state.st_ino, state.st_size), sequences[-1])
        finally:
            os.close(fd)
        meta.fields.update(updatedAt=created, eventCount=sequences[-1], lastEventType=items[-1][0])
        self.write_metadata(meta)
        return sequences

    def capture_checkpoint(
        self, session_id: str, workspace_root: str, tool: str, paths: Sequence[str]
    ) -> tuple[int, list[str]] | None:
        """Zero's CaptureToolCheckpoint: snapshot each file a call is about to change (its content
        into a blob, or `absent`, or `skipped`), then append a `session_checkpoint` event; its
        sequence and the snapshotted paths, or None when there was nothing to record."""
        if self.environ.get("ZERO_CHECKPOINTS") == "off" or not paths:
            return None
        cap = _checkpoint_cap(self.environ)
        with self.locked(session_id):
            files: list[GoStruct] = []
            for relative in paths:
                entry = self._snapshot(session_id, workspace_root, relative, cap)
                if entry is not None:
                    files.append(entry)
            if not files:
                return None
            payload = GoStruct(tool=tool, files=files)
            (sequence,) = self._append_locked(session_id, [("session_checkpoint", payload)])
        return sequence, [str(entry["path"]) for entry in files]

    def _snapshot(self, session_id: str, workspace_root: str, relative: str, cap: int) -> GoStruct | None:
        entry = GoStruct(path=relative)
        absolute = _resolve_within(workspace_root, relative)
        if absolute is None:
            entry["skipped"] = True
            return entry
        try:
            info = os.stat(absolute)
        except FileNotFoundError:
            entry["absent"] = True
            return entry
        except (OSError, ValueError):
            entry["skipped"] = True
            return entry
        if stat.S_ISDIR(info.st_mode):
            return None  # Zero snapshots files only
        if info.st_size > cap:
            entry["skipped"] = True
            entry["bytes"] = info.st_size
            return entry
        try:
            content = Path(absolute).read_bytes()
            digest = self._write_blob(session_id, content)
        except OSError:
            return GoStruct(path=relative, skipped=True)
        entry["blob"] = digest
        if content:
            entry["bytes"] = len(content)
        if stat.S_IMODE(info.st_mode) & 0o777:
            entry["mode"] = stat.S_IMODE(info.st_mode) & 0o777
        return entry

    def _write_blob(self, session_id: str, content: bytes) -> str:
        import hashlib  # only when a checkpoint copies a file

        digest = hashlib.sha256(content).hexdigest()
        directory = self.path(session_id).joinpath(*BLOBS_DIR)
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        target = directory / digest
        if not target.exists():
            _write_atomically(target, content, 0o600)
        return digest


def _checkpoint_cap(environ: Mapping[str, str]) -> int:
    raw = environ.get("ZERO_CHECKPOINT_MAX_BYTES", "")
    if raw:
        try:
            value = int(raw, 10)
        except ValueError:
            value = 0
        if value > 0:
            return value
    return CHECKPOINT_MAX_BYTES


def _resolve_within(root: str, relative: str) -> str | None:
    """Zero's resolveWithinWorkspace: the real path of `relative` under `root` (the deepest
    existing ancestor resolved, the rest appended), or None when it lies outside."""
    try:
        real_root = os.path.realpath(root, strict=True)
    except (OSError, ValueError):
        return None
    target = os.path.normpath(os.path.join(real_root, relative))
    existing, missing = target, list[str]()
    while True:
        try:
            os.lstat(existing)
            break
        except FileNotFoundError:
            parent = os.path.dirname(existing)
            if parent == existing:
                return None
            missing.insert(0, os.path.basename(existing))
            existing = parent
        except (OSError, ValueError):
            return None
    try:
        resolved = os.path.join(os.path.realpath(existing, strict=True), *missing)
    except OSError:
        return None
    within = os.path.relpath(resolved, real_root)
    if within == ".." or within.startswith("../") or os.path.isabs(within):
        return None
    return resolved


class OpenSession:
    """The session of the current run: its id, the prompt prefix, and appending to its log."""

    def __init__(
        self, store: SessionStore, meta: SessionMeta, header: str, history: list[dict[str, Any]]
    ) -> None:
        self.store = store
        self.meta = meta
        self.header = header  # "" for a new session: the prompt gets no prefix
        self.history = history  # the events before this run (for a fork: the parent's)
        self.record_error: OSError | SessionError | None = None

    @property
    def id(self) -> str:
        return self.meta.id

    @property
    def directory(self) -> Path:
        return self.store.path(self.id)

    def prompt(self, prompt: str, schema_version: int = 2) -> str:
        """The prompt sent to the model: with the resume/fork prefix when there is one."""
        return (
            format_exec_prompt(self.header, self.history, prompt, schema_version) if self.header else prompt
        )

    def append(self, event_type: str, payload: Any) -> None:
        """Record one event. As Zero's recorder does, the first failure is kept in
        `record_error` and nothing more is recorded for the run."""
        if self.record_error is not None:
            return
        try:
            self.store.append(self.id, [(event_type, payload)])
        except (OSError, SessionError) as exc:
            self.record_error = exc

    def checkpoint(
        self, workspace_root: str, tool: str, paths: Sequence[str]
    ) -> tuple[int, list[str]] | None:
        """A checkpoint of the files a call is about to change (best effort: a failure records
        none)."""
        try:
            return self.store.capture_checkpoint(self.id, workspace_root, tool, paths)
        except (OSError, SessionError):
            return None
