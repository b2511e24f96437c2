"""Many runs: a batch of tasks through the client, on this machine or on a Ray cluster.

    from zero_client.batch import run_batch

    batch = run_batch("tasks.jsonl", out="runs/nightly", concurrency=8)
    for record in batch:                      # each task's final record, as it settles
        print(record.id, record.status, record.usage.total_tokens)
    print(batch.summary)

Every attempt is a line of `out/results.jsonl` (fsynced before it is reported), its raw stdout is a
transcript in `out/transcripts/`, and `resume=True` continues a batch that crashed or was
stopped. `run_batch_async` is the asyncio twin. docs/batch.md has the task file format.

The Ray backend (`backend="ray"`) imports `ray` only when it is used.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from zero_client.batch.attempt import AttemptOutcome, AttemptPaths, AttemptSpec, execute_attempt
    from zero_client.batch.lock import BatchLockedError
    from zero_client.batch.results import (
        AttemptRecord,
        ErrorInfo,
        ResultsError,
        ToolCounts,
        UsageTotals,
        read_records,
    )
    from zero_client.batch.runner import (
        AsyncBatchRun,
        Backend,
        BatchError,
        BatchRun,
        run_batch,
        run_batch_async,
    )
    from zero_client.batch.summary import BatchProgress, BatchSummary
    from zero_client.batch.tasks import (
        Task,
        TaskFile,
        TaskFileError,
        TaskOptions,
        TaskProblem,
        TaskResources,
        load_tasks,
        validate_tasks,
    )

__all__ = [
    "AsyncBatchRun",
    "AttemptOutcome",
    "AttemptPaths",
    "AttemptRecord",
    "AttemptSpec",
    "Backend",
    "BatchError",
    "BatchLockedError",
    "BatchProgress",
    "BatchRun",
    "BatchSummary",
    "ErrorInfo",
    "ResultsError",
    "Task",
    "TaskFile",
    "TaskFileError",
    "TaskOptions",
    "TaskProblem",
    "TaskResources",
    "ToolCounts",
    "UsageTotals",
    "execute_attempt",
    "load_tasks",
    "read_records",
    "run_batch",
    "run_batch_async",
    "validate_tasks",
]

_MODULE_OF = {
    **dict.fromkeys(["AttemptOutcome", "AttemptPaths", "AttemptSpec", "execute_attempt"], "attempt"),
    **dict.fromkeys(
        ["AttemptRecord", "ErrorInfo", "ResultsError", "ToolCounts", "UsageTotals", "read_records"], "results"
    ),
    **dict.fromkeys(
        ["AsyncBatchRun", "Backend", "BatchError", "BatchRun", "run_batch", "run_batch_async"], "runner"
    ),
    **dict.fromkeys(["BatchProgress", "BatchSummary"], "summary"),
    "BatchLockedError": "lock",
}


def __dir__() -> list[str]:
    """The lazy exports too (a module's default `dir()` lists only what was imported yet)."""
    return sorted({*globals(), *__all__})


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module 'zero_client.batch' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"zero_client.batch.{_MODULE_OF.get(name, 'tasks')}"), name)
    globals()[name] = value
    return value
