"""`zero-sdk batch` when every task fails alike for want of a provider: one row in the summary,
and a note that the batch builds each task's environment itself (`--pass-env`)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from client_support import ENGINE
from rich.console import Console
from toolchains import require_engine
from zero_client.batch.results import AttemptRecord, ErrorInfo, ToolCounts, UsageTotals
from zero_client.batch.summary import SummaryBuilder
from zero_client.testing.pytest_plugin import isolated_environ
from zero_sdk.batch_cmd import _print_summary, group_failures

ZERO_SDK = str(Path(sys.executable).parent / "zero-sdk")


def test_identical_failures_are_one_group_in_order_of_first_appearance() -> None:
    paragraph = "provider_error: No provider configured.\nRun `zero setup` ...\nmore"
    failures = [("a", "provider", paragraph), ("b", "timeout", "idle"), ("c", "provider", paragraph)]
    assert group_failures(failures) == [
        ("provider", "provider_error: No provider configured.", ["a", "c"]),
        ("timeout", "idle", ["b"]),
    ]


def test_a_batch_without_a_provider_says_once_and_names_pass_env(tmp_path: Path) -> None:
    require_engine(Path(ENGINE))
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text("".join(f'{{"id": "t{n}", "prompt": "hi"}}\n' for n in range(4)))
    # The shell has a provider (never contacted: the tasks do not get it), the tasks do not.
    env = {
        **isolated_environ(os.environ, tmp_path / "env"),
        "OPENAI_API_KEY": "sk-test", "OPENAI_MODEL": "m", "OPENAI_BASE_URL": "http://127.0.0.1:9/v1",
        "COLUMNS": "200",
    }  # fmt: skip
    done = subprocess.run(
        [ZERO_SDK, "batch", str(tasks), "--out", str(tmp_path / "out"), "--command", ENGINE,
         "--max-attempts", "1", "--color=never"],
        env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.count("No provider configured") == 1, done.stdout
    assert {"t0", "t1", "t2", "t3"} <= set(done.stdout.replace(",", " ").split()), done.stdout
    note = [line for line in done.stderr.splitlines() if line.startswith("zero-sdk batch: the tasks found")]
    assert len(note) == 1, done.stderr
    for flag in ("--pass-env OPENAI_API_KEY", "--pass-env OPENAI_BASE_URL", "--pass-env OPENAI_MODEL"):
        assert flag in note[0], note[0]


def _failed(task_id: str, kind: str, message: str) -> AttemptRecord:
    return AttemptRecord(
        id=task_id, attempt=1, status="failed", will_retry=False, exit_code=1, run_status="error",
        error=ErrorInfo(kind=kind, message=message, retryable=False), final_text="",
        usage=UsageTotals(), tool_calls=ToolCounts(), files_changed=[], files_changed_source="reported",
        duration_s=1.0, started_at="", finished_at="", transcript=f"transcripts/{task_id}.attempt-1.jsonl",
        diff=None, run_id=None, session_id=None, schema_version=2, backend="local", worker="",
    )  # fmt: skip


def test_every_failure_is_in_the_json_and_the_table_counts_them_honestly() -> None:
    # 20 failures: 15 alike, then 12 kinds of one task each (3 past the table's rows), 3 more alike.
    builder = SummaryBuilder(total=30, out="/runs/x", backend="local")
    failed = [_failed(f"same{i}", "provider", "rate limited") for i in range(15)]
    failed += [_failed(f"odd{i}", "crash", f"crash number {i}") for i in range(12)]
    failed += [_failed(f"same{i}", "provider", "rate limited") for i in range(15, 18)]
    for record in failed:
        builder.final(record)
    summary = builder.build(wall_time_s=1.0, stopped=False)
    data = summary.to_json()
    assert [f["id"] for f in data["failures"]] == [r.id for r in failed]
    assert all(f["transcript"] == f"transcripts/{f['id']}.attempt-1.jsonl" for f in data["failures"])
    assert len(data["failure_transcripts"]) == 30 and data["exit_code"] == 1
    console = Console(file=io.StringIO(), width=400, no_color=True)
    _print_summary(summary, console)
    table = console.file.getvalue()  # type: ignore[attr-defined]
    assert "failed (30)" in table
    # The group of 18: five ids shown, the 13 others counted; one transcript shown, 17 counted.
    assert "same0, same1, same2, same3, same4 and 13 more" in table
    assert "same0.attempt-1.jsonl (and 17 more)" in table
    # Ten rows, then what the table leaves out, counted.
    assert "odd8" in table and "odd9" not in table
    assert "and 3 more failed task(s) in 3 other kind(s) of failure" in table


def test_the_summary_of_a_batch_sigterm_stopped_says_143() -> None:
    builder = SummaryBuilder(total=1, out="/runs/x", backend="local")
    assert builder.build(wall_time_s=1.0, stopped=True, stopped_by="SIGTERM").exit_code == 143
    assert builder.build(wall_time_s=1.0, stopped=True, stopped_by="SIGINT").exit_code == 130
    assert builder.build(wall_time_s=1.0, stopped=True).exit_code == 130  # stop() from code
    assert builder.build(wall_time_s=1.0, stopped=False, stopped_by="SIGTERM").to_json()["stopped_by"] is None
