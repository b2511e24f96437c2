"""The numbers a batch reports while it runs (`BatchProgress`) and when it ends (`BatchSummary`)."""

from __future__ import annotations

import heapq
import math
from dataclasses import asdict, dataclass, field
from typing import Any

from zero_client.batch.results import AttemptRecord

__all__ = ["BatchProgress", "BatchSummary", "SummaryBuilder", "percentile"]

#: How many of the slowest tasks a summary names (every failed task is named).
LISTED = 10

#: The exit status of a batch a signal stopped, by the signal's name (what a shell reports for a
#: process that signal ended; `zero-sdk batch` exits with it).
STOPPED_EXIT_CODES = {"SIGINT": 130, "SIGTERM": 143}


@dataclass(frozen=True)
class BatchProgress:
    """A snapshot of a running batch (`BatchRun.progress()`)."""

    total: int
    succeeded: int
    failed: int
    interrupted: int
    running: int
    #: Failed attempts waiting for their retry.
    waiting_retry: int
    #: Tasks already final in results.jsonl when the batch resumed (not run again).
    resumed: int
    tokens: int
    elapsed_s: float
    #: Tasks finished in this session (succeeded or failed), for a rate and an ETA.
    finished_now: int

    @property
    def done(self) -> int:
        return self.succeeded + self.failed

    @property
    def eta_s(self) -> float | None:
        """Seconds left at this session's rate so far; None before the first task finished."""
        if self.finished_now == 0:
            return None
        remaining = self.total - self.done - self.interrupted
        return max(0.0, remaining * self.elapsed_s / self.finished_now)


def percentile(values: list[float], fraction: float) -> float | None:
    """The nearest-rank percentile (None for no values)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


@dataclass
class BatchSummary:
    """How the batch ended, over every task of the task file (earlier sessions included)."""

    total: int
    succeeded: int
    failed: int
    interrupted: int
    not_started: int
    resumed: int
    attempts: int
    retries: int
    prompt_tokens: int
    completion_tokens: int
    total_tokens: int
    duration_p50_s: float | None
    duration_p95_s: float | None
    wall_time_s: float
    #: (id, duration in seconds), slowest first.
    slowest: list[tuple[str, float]]
    #: (id, error kind, message) of every failed task, in the order they failed (earlier
    #: sessions' first).
    failures: list[tuple[str, str, str]]
    stopped: bool
    out: str
    backend: str
    #: The `max_failures` that stopped the batch from starting more tasks (None: it did not).
    halted_after_failures: int | None = None
    #: Transcript paths (relative to `out`) of the failed tasks in `failures`.
    failure_transcripts: dict[str, str] = field(default_factory=dict)
    #: The signal that stopped the batch (`SIGINT`, `SIGTERM`); None when none did (a `stop()`
    #: call stops it too).
    stopped_by: str | None = None

    @property
    def exit_code(self) -> int:
        """0 when every task succeeded, 1 when some failed; a stopped batch 130, or 143 when
        SIGTERM stopped it (what the command exits with)."""
        if self.stopped:
            return STOPPED_EXIT_CODES.get(self.stopped_by or "SIGINT", 130)
        return 0 if self.succeeded == self.total else 1

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["slowest"] = [{"id": i, "duration_s": d} for i, d in self.slowest]
        data["failures"] = [
            {"id": i, "kind": k, "message": m, "transcript": self.failure_transcripts.get(i)}
            for i, k, m in self.failures
        ]
        data["exit_code"] = self.exit_code
        return data


@dataclass
class SummaryBuilder:
    """Folds records into a summary; keeps O(1) per task besides one float per finished task."""

    total: int
    out: str
    backend: str
    succeeded: int = 0
    failed: int = 0
    interrupted: int = 0
    resumed: int = 0
    attempts: int = 0
    retries: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    durations: list[float] = field(default_factory=list)
    _slowest: list[tuple[float, str]] = field(default_factory=list)
    failures: list[tuple[str, str, str]] = field(default_factory=list)
    failure_transcripts: dict[str, str] = field(default_factory=dict)
    _messages: dict[str, str] = field(default_factory=dict)

    def attempt(self, record: AttemptRecord) -> None:
        """Counts one attempt's cost (every attempt, retried or not, earlier sessions too)."""
        self.attempts += 1
        self.prompt_tokens += record.usage.prompt_tokens
        self.completion_tokens += record.usage.completion_tokens
        self.total_tokens += record.usage.total_tokens

    def final(self, record: AttemptRecord, *, resumed: bool = False) -> None:
        """Counts a task's settled outcome (its last record)."""
        if resumed:
            self.resumed += 1
        if record.status == "succeeded":
            self.succeeded += 1
        elif record.status == "failed":
            self.failed += 1
            kind, message = "failed", ""
            if record.error is not None:
                # Tasks failing alike share one message object: thousands cost little more than ids.
                kind = record.error.kind
                message = self._messages.setdefault(record.error.message, record.error.message)
            self.failures.append((record.id, kind, message))
            if record.transcript is not None:
                self.failure_transcripts[record.id] = record.transcript
        else:
            self.interrupted += 1
            return
        self.durations.append(record.duration_s)
        entry = (record.duration_s, record.id)
        if len(self._slowest) < LISTED:
            heapq.heappush(self._slowest, entry)
        else:
            heapq.heappushpop(self._slowest, entry)

    def build(
        self,
        *,
        wall_time_s: float,
        stopped: bool,
        halted_after: int | None = None,
        stopped_by: str | None = None,
    ) -> BatchSummary:
        return BatchSummary(
            total=self.total,
            succeeded=self.succeeded,
            failed=self.failed,
            interrupted=self.interrupted,
            not_started=max(0, self.total - self.succeeded - self.failed - self.interrupted),
            resumed=self.resumed,
            attempts=self.attempts,
            retries=self.retries,
            prompt_tokens=self.prompt_tokens,
            completion_tokens=self.completion_tokens,
            total_tokens=self.total_tokens,
            duration_p50_s=percentile(self.durations, 0.50),
            duration_p95_s=percentile(self.durations, 0.95),
            wall_time_s=round(wall_time_s, 3),
            slowest=[(i, d) for d, i in sorted(self._slowest, reverse=True)],
            failures=list(self.failures),
            stopped=stopped,
            out=self.out,
            backend=self.backend,
            halted_after_failures=halted_after,
            failure_transcripts=dict(self.failure_transcripts),
            stopped_by=stopped_by if stopped else None,
        )
