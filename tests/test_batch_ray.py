"""The Ray backend on a local Ray cluster (one per module: it takes a few seconds to start).

The same batch must give the same results on `local` and `ray`; a Ray worker killed mid-task
must lead to a retry (one record for the lost attempt, one for the retry, nothing lost, nothing
twice); stopping must interrupt the run on the worker and bring its transcript back.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from batch_support import (
    ZERO_SDK,
    environ_of,
    parent_of,
    processes_with,
    records,
    script,
    scripted_env,
    wait_for,
)
from batch_support import write_tasks as write_task_file
from client_support import ENGINE, wait_until_dead
from zero_client import Timeouts
from zero_client.batch import run_batch
from zero_client.batch.ray_backend import RayBackend

TIMEOUTS = Timeouts(start=60, total=120, grace=10)


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[Path]:
    """A local cluster; yields where its workers keep their attempts' scratch directories."""
    import ray

    # A short folder: Ray's unix sockets live under it. HOME points there too, so nothing of
    # Ray's (an auth token, a cache) lands in the real home directory; and TMPDIR, so the
    # workers' scratch directories are this module's alone.
    scratch = tempfile.mkdtemp(prefix="zbr", dir="/tmp")
    patch = pytest.MonkeyPatch()
    patch.setenv("RAY_AUTH_MODE", "disabled")
    patch.setenv("HOME", scratch)
    os.mkdir(f"{scratch}/tmp")
    patch.setenv("TMPDIR", f"{scratch}/tmp")
    try:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, _temp_dir=f"{scratch}/ray")
        yield Path(scratch, "tmp", f"zero-batch-scratch-{os.getuid()}")
    finally:
        ray.shutdown()
        patch.undo()
        shutil.rmtree(scratch, ignore_errors=True)


def _same_batch_tasks(tmp_path: Path) -> Path:
    fixture = tmp_path / "fixture"
    (fixture / "docs").mkdir(parents=True)
    (fixture / "docs" / "guide.md").write_text("# Guide\n\nOld text.\n")
    hello = script(tmp_path, "hello.json", [[{"text": "hello"}, {"usage": {"prompt": 10, "completion": 3}}]])
    edit = script(
        tmp_path,
        "edit.json",
        [
            [{"tool_call": {"id": "c1", "name": "read_file", "args": {"path": "docs/guide.md"}}}],
            [
                {
                    "tool_call": {
                        "id": "c2",
                        "name": "write_file",
                        "args": {"path": "docs/new.md", "content": "New.\n"},
                    }
                }
            ],
            [{"text": "added docs/new.md"}, {"usage": {"prompt": 30, "completion": 6}}],
        ],
    )
    crash = script(tmp_path, "crash.json", [[{"misbehave": {"kind": "exit", "code": 1}}]])
    return write_task_file(
        tmp_path / "tasks.jsonl",
        [
            {"id": "hello", "prompt": "Say hello.", "env": scripted_env(hello), "metadata": {"k": "v"}},
            {"id": "edit", "prompt": "Add a page.", "copy_from": "fixture", "env": scripted_env(edit)},
            {
                "id": "events",
                "input": [{"type": "prompt", "schemaVersion": 2, "content": "Hi."}],
                "env": scripted_env(hello),
            },
            {"id": "crash", "prompt": "Crash.", "env": scripted_env(crash)},
        ],
    )


_COMPARED = (
    "attempt", "status", "will_retry", "exit_code", "run_status", "final_text", "usage", "tool_calls",
    "files_changed", "files_changed_source", "schema_version", "metadata",
)  # fmt: skip


def _comparable(out: Path) -> dict[str, dict[str, Any]]:
    result: dict[str, dict[str, Any]] = {}
    for record in records(out):
        kept = {key: record[key] for key in _COMPARED}
        kept["error"] = (
            None if record["error"] is None else (record["error"]["kind"], record["error"]["retryable"])
        )
        kept["diff"] = None if record["diff"] is None else (out / record["diff"]).read_text()
        transcript = (out / record["transcript"]).read_text().splitlines()
        kept["event_types"] = [json.loads(line)["type"] for line in transcript]
        result[record["id"]] = kept
    return result


def test_the_same_batch_gives_the_same_results_on_local_and_ray(tmp_path: Path, ray_cluster: None) -> None:
    tasks = _same_batch_tasks(tmp_path)
    local_out, ray_out = tmp_path / "local", tmp_path / "ray"
    local = run_batch(tasks, out=local_out, concurrency=2, command=ENGINE, save_diff=True, timeouts=TIMEOUTS)
    list(local)
    on_ray = run_batch(
        tasks,
        out=ray_out,
        concurrency=2,
        command=ENGINE,
        save_diff=True,
        timeouts=TIMEOUTS,
        backend=RayBackend(num_cpus=0.5),
    )
    list(on_ray)
    assert _comparable(local_out) == _comparable(ray_out)
    by_id = {record["id"]: record for record in records(ray_out)}
    assert (
        by_id["edit"]["files_changed"] == ["docs/new.md"]
        and "+New." in (ray_out / by_id["edit"]["diff"]).read_text()
    )
    assert by_id["crash"]["status"] == "failed" and by_id["hello"]["status"] == "succeeded"
    assert {record["backend"] for record in records(ray_out)} == {"ray"}
    driver = f":{os.getpid()}"
    assert not any(record["worker"].endswith(driver) for record in records(ray_out))  # ran in Ray workers
    # The transcripts came back to the driver whole: they validate.
    for record in records(ray_out):
        if record["id"] != "crash":
            checked = subprocess.run(
                [ZERO_SDK, "validate", str(ray_out / record["transcript"])],
                capture_output=True,
                text=True,
                check=False,
            )
            assert checked.returncode == 0, checked.stdout
    assert on_ray.summary is not None and on_ray.summary.backend == "ray"
    assert (on_ray.summary.succeeded, on_ray.summary.failed) == (3, 1)


def test_a_ray_worker_killed_mid_task_leads_to_a_retry_and_one_result(
    tmp_path: Path, ray_cluster: Path
) -> None:
    marker = f"ZERO_BATCH_TEST_MARKER={uuid.uuid4().hex}"
    name, value = marker.split("=")
    slow = script(
        tmp_path,
        "slow.json",
        [[{"sleep": 2}, {"text": "made it"}, {"usage": {"prompt": 4, "completion": 2}}]],
    )
    tasks = write_task_file(
        tmp_path / "tasks.jsonl",
        [{"id": "victim", "prompt": "hi", "env": scripted_env(slow, **{name: value})}],
    )
    out = tmp_path / "out"
    batch = run_batch(
        tasks, out=out, command=ENGINE, backoff=0.1, timeouts=TIMEOUTS, backend=RayBackend(num_cpus=0.5)
    )
    final: list[Any] = []
    runner = threading.Thread(target=lambda: final.extend(batch))
    runner.start()
    try:
        engine = wait_for(lambda: processes_with(marker), what="the run on a Ray worker")[0]
        worker = parent_of(engine)
        assert "HOME" in environ_of(engine)
        assert Path(f"/proc/{worker}/cmdline").read_bytes().startswith(b"ray::"), (
            "the engine's parent is a Ray worker"
        )
        (lost_scratch,) = [entry for entry in ray_cluster.iterdir() if entry.name.startswith(f"{worker}-")]
        os.kill(worker, signal.SIGKILL)
        assert wait_until_dead(engine)  # the run dies with its worker
    finally:
        runner.join(timeout=120)
    assert not runner.is_alive()
    lines = records(out)
    assert [(r["attempt"], r["status"], r["will_retry"]) for r in lines] == [
        (1, "failed", True),
        (2, "succeeded", False),
    ]
    assert lines[0]["error"]["kind"] == "worker_lost" and lines[0]["error"]["retryable"] is True
    assert lines[1]["final_text"] == "made it" and lines[1]["transcript"] is not None
    assert [record.attempt for record in final] == [2]
    assert batch.summary is not None and batch.summary.retries == 1 and batch.summary.succeeded == 1
    # The dead worker could not remove its scratch directory; the retry on that node did, and
    # then its own: nothing is left behind.
    assert not lost_scratch.exists() and list(ray_cluster.iterdir()) == []


def test_stopping_a_ray_batch_interrupts_the_run_on_the_worker(tmp_path: Path, ray_cluster: None) -> None:
    marker = f"ZERO_BATCH_TEST_MARKER={uuid.uuid4().hex}"
    name, value = marker.split("=")
    slow = script(tmp_path, "slow.json", [[{"sleep": 60}, {"text": "never"}]])
    tasks = write_task_file(
        tmp_path / "tasks.jsonl", [{"id": "long", "prompt": "hi", "env": scripted_env(slow, **{name: value})}]
    )
    out = tmp_path / "out"
    batch = run_batch(tasks, out=out, command=ENGINE, timeouts=TIMEOUTS, backend=RayBackend(num_cpus=0.5))
    runner = threading.Thread(target=lambda: list(batch))
    runner.start()
    try:
        engine = wait_for(lambda: processes_with(marker), what="the run on a Ray worker")[0]
        # Into its model call: a signal before the run's own handlers kills it the default way
        # (as Zero's does), without the interrupted run_end this test wants to see come back.
        time.sleep(2.0)
        batch.stop()
    finally:
        runner.join(timeout=60)
    assert not runner.is_alive() and wait_until_dead(engine)
    (line,) = records(out)
    assert line["status"] == "interrupted" and line["run_status"] == "interrupted"
    last = json.loads((out / line["transcript"]).read_text().splitlines()[-1])
    assert last["type"] == "run_end" and last["status"] == "interrupted"
    assert batch.summary is not None and batch.summary.stopped


def test_a_traced_ray_batch_exports_each_worker_run_under_the_batch_span(
    tmp_path: Path, ray_cluster: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The driver traces the batch (its own provider: an in-memory exporter); each worker traces
    its run as a child of the batch span and exports it with the driver's OTEL_* settings, here a
    receiver on loopback: every run and tool call of the batch is in one trace."""
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
    from otlp_support import otlp_receiver

    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    tasks = _same_batch_tasks(tmp_path)
    with otlp_receiver() as receiver:
        monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.endpoint)  # the driver's only
        batch = run_batch(
            tasks,
            out=tmp_path / "out",
            concurrency=2,
            command=ENGINE,
            timeouts=TIMEOUTS,
            backend=RayBackend(num_cpus=0.5),
            tracer_provider=provider,
        )
        statuses = sorted(record.status for record in batch)
        exported = receiver.spans  # the workers flush before their task returns
    assert statuses == ["failed", "succeeded", "succeeded", "succeeded"]
    (workflow,) = exporter.get_finished_spans()  # the driver recorded the batch span only
    assert workflow.name == "invoke_workflow zero-sdk batch"
    trace_id = workflow.context.trace_id.to_bytes(16, "big")
    batch_span_id = workflow.context.span_id.to_bytes(8, "big")
    runs = [span for span in exported if span.name == "invoke_agent zero"]
    assert len(runs) == 4, sorted(span.name for span in exported)
    assert all(run.trace_id == trace_id and run.parent_span_id == batch_span_id for run in runs)
    tools = [span for span in exported if span.name.startswith("execute_tool")]
    assert sorted(span.name for span in tools) == ["execute_tool read_file", "execute_tool write_file"]
    assert {span.parent_span_id for span in tools} <= {run.span_id for run in runs}
    error = 2  # opentelemetry.proto Status.STATUS_CODE_ERROR: the crashed task's run
    assert sorted(run.status.code == error for run in runs) == [False, False, False, True]
