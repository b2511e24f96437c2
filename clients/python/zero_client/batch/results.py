"""`DIR/results.jsonl`: one record per finished task attempt, and how a batch resumes from it.

The records are written by one writer (the batch driver), by group commit: the records ready
at once are appended together and fsynced once, and none is reported before its fsync, so a
crash can cost only records the batch had not reported yet, and at most one torn line. Reading
tolerates exactly that: a last line without its newline is a torn write and is ignored (and cut
off before new records are appended); any other bad line is an error naming it.

A record (all keys always present; `null` where there is nothing to say):

    id, attempt, status ("succeeded" | "failed" | "interrupted"), will_retry, exit_code,
    run_status (run_end's status), error {kind, code, message, retryable}, final_text,
    usage {prompt_tokens, completion_tokens, total_tokens, requests},
    tool_calls {total, failed, by_name}, files_changed, files_changed_source
    ("workspace" | "reported"), duration_s, started_at, finished_at, transcript, diff,
    run_id, session_id, schema_version, backend, worker, metadata, stderr_tail
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import msgspec

__all__ = [
    "RESULTS_FILE",
    "AttemptRecord",
    "ErrorInfo",
    "ResultsError",
    "ResultsWriter",
    "TaskState",
    "ToolCounts",
    "UsageTotals",
    "read_records",
    "record_ids",
    "task_states",
    "torn_tail",
]

RESULTS_FILE = "results.jsonl"

Status = Literal["succeeded", "failed", "interrupted"]


class ErrorInfo(msgspec.Struct, frozen=True, omit_defaults=False):
    """Why an attempt failed.

    `kind` is the client's error class in short (`provider`, `timeout`, `incomplete`, `usage`,
    `crash`, `process`, `interrupted`, `version`, `protocol`, `not_found`, `not_executable`) or
    one of the batch's own (`workspace`: preparing or reading the workspace failed;
    `worker_lost`: the Ray worker or node running it died; `internal`: a bug). `code` is the
    code of the run's last `error` event, when there was one.
    """

    kind: str
    message: str
    retryable: bool
    code: str | None = None


class UsageTotals(msgspec.Struct, frozen=True):
    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    requests: int = 0


class ToolCounts(msgspec.Struct, frozen=True):
    total: int = 0
    #: Tool results with status `error`.
    failed: int = 0
    by_name: dict[str, int] = msgspec.field(default_factory=dict)


class AttemptRecord(msgspec.Struct, frozen=True, omit_defaults=False):
    """One line of results.jsonl: one finished attempt of one task."""

    id: str
    attempt: int
    status: Status
    #: The batch will run the task again (a retryable failure with attempts left).
    will_retry: bool
    exit_code: int | None
    run_status: str | None
    error: ErrorInfo | None
    final_text: str
    usage: UsageTotals
    tool_calls: ToolCounts
    files_changed: list[str]
    #: `workspace`: compared before and after the run (tasks with copy_from); `reported`: the
    #: `changedFiles` Zero's tool results named (tasks that run in place).
    files_changed_source: str
    duration_s: float
    started_at: str
    finished_at: str
    #: Relative to the batch directory.
    transcript: str | None
    diff: str | None
    run_id: str | None
    session_id: str | None
    schema_version: int | None
    backend: str
    #: Where it ran: host and process id.
    worker: str
    metadata: dict[str, Any] = msgspec.field(default_factory=dict)
    #: The end of the run's stderr, for attempts that failed (null otherwise).
    stderr_tail: str | None = None

    @property
    def is_final(self) -> bool:
        """The task's outcome is settled by this record: success, or a failure not retried."""
        return self.status == "succeeded" or (self.status == "failed" and not self.will_retry)


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(AttemptRecord)


class ResultsError(ValueError):
    """results.jsonl holds something other than records (not a torn last line)."""


@dataclass
class TaskState:
    """What results.jsonl says about one task: its latest record and the attempts so far."""

    latest: AttemptRecord
    attempts: int = 0


class _RecordId(msgspec.Struct):
    """A record's id alone: decoding skips every other field (`record_ids`)."""

    id: str


_id_decoder = msgspec.json.Decoder(_RecordId)


def _decoded(path: Path, decoder: msgspec.json.Decoder[Any]) -> Iterator[Any]:
    if not path.exists():
        return
    with open(path, "rb") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.endswith(b"\n"):
                return  # a write the crash cut short: never a record
            if not line.strip():
                continue
            try:
                yield decoder.decode(line)
            except msgspec.DecodeError as exc:
                raise ResultsError(f"{path}:{number}: not a result record: {exc}") from None


def read_records(path: Path) -> Iterator[AttemptRecord]:
    """The records of a results file, in order; a torn last line (no newline) is skipped."""
    return _decoded(path, _decoder)


def record_ids(path: Path) -> Iterator[str]:
    """The id of each record `read_records` yields, in the same order, read without the rest of
    the record (a cheap first pass over a large file)."""
    for record in _decoded(path, _id_decoder):
        yield record.id


def torn_tail(path: Path) -> int:
    """The length in bytes of a torn last line (a record a crash cut short), 0 when none."""
    try:
        with open(path, "rb") as handle:
            size = handle.seek(0, os.SEEK_END)
            keep = size
            while keep > 0:
                start = max(0, keep - (1 << 16))
                handle.seek(start)
                chunk = handle.read(keep - start)
                if keep == size and chunk.endswith(b"\n"):
                    return 0
                newline = chunk.rfind(b"\n")
                if newline >= 0:
                    return size - (start + newline + 1)
                keep = start
            return size
    except FileNotFoundError:
        return 0


def task_states(path: Path) -> dict[str, TaskState]:
    """The latest record and attempt count of every task in the results file."""
    states: dict[str, TaskState] = {}
    for record in read_records(path):
        state = states.get(record.id)
        if state is None:
            states[record.id] = TaskState(record, 1)
        else:
            state.latest = record
            state.attempts += 1
    return states


@dataclass
class ResultsWriter:
    """The one writer of results.jsonl: appends records and fsyncs them (`write_many`: a group
    of records, one fsync)."""

    path: Path
    _fd: int = field(init=False, default=-1)

    def __post_init__(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        self._cut_torn_tail()

    def _cut_torn_tail(self) -> None:
        """Removes a last line the previous driver did not finish (it crashed mid-write), so the
        next record starts on a line of its own."""
        torn = torn_tail(self.path)
        if torn:
            os.ftruncate(self._fd, os.fstat(self._fd).st_size - torn)
            os.fsync(self._fd)

    def write(self, record: AttemptRecord) -> None:
        self.write_many([record])

    def write_many(self, records: list[AttemptRecord]) -> None:
        """Appends records and fsyncs once: a group commit (none is durable before all are)."""
        data = b"".join(_encoder.encode(record) + b"\n" for record in records)
        view = memoryview(data)
        while view:
            written = os.write(self._fd, view)
            view = view[written:]
        os.fsync(self._fd)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def record_to_json(record: AttemptRecord) -> Mapping[str, Any]:
    """The record as plain JSON types (what results.jsonl holds)."""
    result: Mapping[str, Any] = msgspec.to_builtins(record)
    return result
