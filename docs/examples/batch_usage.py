"""Many runs from Python with `zero_client.batch` (checked with `mypy --strict`).

Run against the embedded engine, offline (it writes ./runs/example):
    ZERO_BIN=.venv/bin/zero-engine .venv/bin/python docs/examples/batch_usage.py
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path

from zero_client import Timeouts
from zero_client.batch import Task, read_records, run_batch, run_batch_async

#: The demo provider answers offline; a real batch passes its provider's variables instead.
DEMO = {"ZERO_PROVIDER": "demo"}


def from_code(out: Path) -> int:
    """Tasks built in code, run four at a time; each task's final record as it settles."""
    tasks = [
        Task(id=f"inspect-{n}", prompt="Inspect this repo", env=DEMO, metadata={"n": n}) for n in range(4)
    ]
    batch = run_batch(tasks, out=out, concurrency=4, timeouts=Timeouts(total=300))
    for record in batch:
        print(f"{record.id}: {record.status}, {record.usage.total_tokens} tokens, {record.duration_s:.1f}s")
    summary = batch.summary
    assert summary is not None
    print(f"{summary.succeeded}/{summary.total} succeeded, p50 {summary.duration_p50_s}s")
    return summary.exit_code


def from_a_task_file(folder: Path, out: Path) -> None:
    """A task file with a fresh copy of a fixture per task, diffs saved, resumable."""
    fixture = folder / "fixture"
    fixture.mkdir(exist_ok=True)
    (fixture / "README.md").write_text("# Fixture\n\nA tiny project.\n")
    tasks = folder / "tasks.jsonl"
    tasks.write_text(
        "".join(
            json.dumps(
                {"id": f"copy-{n}", "prompt": "Inspect this repo", "copy_from": "fixture", "env": DEMO}
            )
            + "\n"
            for n in range(2)
        )
    )
    for record in run_batch(tasks, out=out, save_diff=True, resume=True):
        print(f"{record.id}: {record.files_changed_source} files changed: {record.files_changed}")
    # results.jsonl has one record per attempt (a crash loses at most the one being written).
    print(sum(1 for _ in read_records(out / "results.jsonl")), "attempt record(s)")


async def with_asyncio(out: Path) -> None:
    """The asyncio twin; `stop()` ends it early, recording running tasks as interrupted."""
    batch = run_batch_async([Task(id="async", prompt="Inspect this repo", env=DEMO)], out=out)
    async for record in batch:
        print(f"{record.id}: {record.status} (final text: {len(record.final_text)} characters)")


def main() -> int:
    runs = Path("runs/example")
    code = from_code(runs / "from-code")
    with tempfile.TemporaryDirectory() as folder:
        from_a_task_file(Path(folder), runs / "from-file")
    asyncio.run(with_asyncio(runs / "async"))
    return code


if __name__ == "__main__":
    sys.exit(main())
