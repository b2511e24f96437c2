"""`zero_client.batch` and `zero-sdk batch` on the local backend, against zero-engine.

Every run is the scripted provider (or the loopback fake model server) answering with text, a
file write inside the task's own workspace, a sleep or a failure; no shell tool runs. The crash
and Ctrl-C tests drive a real `zero-sdk batch` process and signal it as a terminal or the OOM
killer would.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from batch_support import (
    ZERO_SDK,
    batch_argv,
    environ_of,
    processes_with,
    records,
    run_cli,
    script,
    scripted_env,
    started_runs,
    wait_for,
    write_tasks,
)
from client_support import ENGINE, process_alive, wait_until_dead
from zero_client import Timeouts, ZeroClient
from zero_client.batch import AttemptRecord, run_batch, run_batch_async
from zero_client.testing import FakeModelServer
from zero_client.testing import script as s

TIMEOUTS = Timeouts(start=30, total=90, grace=10)
#: A run's own signal handlers are installed just after `run_start`; a signal before that kills
#: it the default way, without the interrupted `run_end` (as Zero does). Tests that want to see
#: that `run_end` wait this long after `run_start` before interrupting.
RUN_HANDLERS_DELAY = 0.5


def _marker() -> tuple[str, str]:
    """An environment variable only this test's runs carry, to find their processes."""
    return "ZERO_BATCH_TEST_MARKER", uuid.uuid4().hex


def test_a_batch_runs_every_task_and_records_each_attempt(tmp_path: Path) -> None:
    fixture = tmp_path / "fixture"
    fixture.mkdir()
    (fixture / "README.md").write_text("# fixture\n")
    hello = script(
        tmp_path,
        "hello.json",
        [[{"text": "hello "}, {"text": "world"}, {"usage": {"prompt": 10, "completion": 3}}]],
    )
    write = script(
        tmp_path,
        "write.json",
        [
            [
                {
                    "tool_call": {
                        "id": "c1",
                        "name": "write_file",
                        "args": {"path": "notes.txt", "content": "new line\n"},
                    }
                }
            ],
            [{"text": "wrote notes.txt"}, {"usage": {"prompt": 20, "completion": 5}}],
        ],
    )
    crash = script(
        tmp_path,
        "crash.json",
        [[{"misbehave": {"kind": "stderr_flood", "bytes": 100}}, {"misbehave": {"kind": "exit", "code": 1}}]],
    )
    tasks = write_tasks(
        tmp_path / "tasks.jsonl",
        [
            {
                "id": "hello",
                "prompt": "Say hello.",
                "env": scripted_env(hello),
                "metadata": {"suite": "smoke", "n": 1},
            },
            {"id": "edit", "prompt": "Take notes.", "copy_from": "fixture", "env": scripted_env(write)},
            {
                "id": "events",
                "input": [{"type": "prompt", "schemaVersion": 2, "content": "Say hello."}],
                "env": scripted_env(hello),
            },
            {"id": "crash", "prompt": "Crash.", "env": scripted_env(crash)},
        ],
    )
    out = tmp_path / "out"
    batch = run_batch(tasks, out=out, concurrency=2, command=ENGINE, save_diff=True, timeouts=TIMEOUTS)
    yielded = {record.id: record for record in batch}
    assert set(yielded) == {"hello", "edit", "events", "crash"}
    lines = records(out)
    assert [line["id"] for line in lines].count("crash") == 1  # not retryable: one attempt
    by_id = {line["id"]: line for line in lines}

    hello_record = by_id["hello"]
    assert hello_record["status"] == "succeeded" and hello_record["exit_code"] == 0
    assert hello_record["final_text"] == "hello world" and hello_record["run_status"] == "success"
    assert hello_record["usage"] == {
        "prompt_tokens": 10,
        "completion_tokens": 3,
        "total_tokens": 13,
        "requests": 1,
    }
    assert hello_record["metadata"] == {"suite": "smoke", "n": 1}
    assert (
        hello_record["attempt"] == 1 and hello_record["will_retry"] is False and hello_record["error"] is None
    )
    assert hello_record["backend"] == "local" and hello_record["schema_version"] == 2
    assert hello_record["run_id"].startswith("run_") and hello_record["duration_s"] > 0
    assert by_id["events"]["final_text"] == "hello world"

    edit = by_id["edit"]
    assert edit["status"] == "succeeded" and edit["final_text"] == "wrote notes.txt"
    assert edit["tool_calls"] == {"total": 1, "failed": 0, "by_name": {"write_file": 1}}
    assert edit["files_changed"] == ["notes.txt"] and edit["files_changed_source"] == "workspace"
    diff = (out / edit["diff"]).read_text()
    assert "--- /dev/null\n+++ b/notes.txt\n" in diff and "+new line\n" in diff
    assert (out / "workspaces" / "edit" / "attempt-1" / "work" / "notes.txt").read_text() == "new line\n"
    assert not (fixture / "notes.txt").exists()  # the original is never touched

    failed = by_id["crash"]
    assert failed["status"] == "failed" and failed["error"]["kind"] == "process"
    assert failed["error"]["retryable"] is False and "without a run_end event" in failed["error"]["message"]
    assert failed["stderr_tail"] == "e" * 100 and hello_record["stderr_tail"] is None

    # Each transcript is the run's raw stdout: it validates, and replaying it gives the same run.
    for line in lines:
        transcript = out / line["transcript"]
        checked = subprocess.run(
            [ZERO_SDK, "validate", str(transcript)], capture_output=True, text=True, check=False
        )
        if line["id"] != "crash":
            assert checked.returncode == 0, checked.stdout + checked.stderr
            replayed = ZeroClient([ZERO_SDK, "replay", str(transcript)]).run("replay", check=False)
            assert replayed.final_text == line["final_text"]
    summary = batch.summary
    assert summary is not None
    assert (summary.total, summary.succeeded, summary.failed, summary.attempts) == (4, 3, 1, 4)
    assert summary.total_tokens == 13 + 25 + 13 and summary.exit_code == 1
    assert summary.failures[0][0] == "crash" and summary.duration_p50_s is not None


def test_retryable_failures_are_retried_with_backoff_until_one_succeeds_or_attempts_run_out(
    tmp_path: Path,
) -> None:
    replies = [
        s.http_error(500, "upstream exploded"),  # task a, attempt 1
        s.text("recovered", usage=(7, 2)),  # task a, attempt 2
        s.http_error(500, "still down"),  # task b, attempt 1
        s.http_error(500, "still down"),  # task b, attempt 2: no attempts left
    ]
    with FakeModelServer(s.Script(replies)) as server:
        env = {
            "OPENAI_BASE_URL": server.base_url,
            "OPENAI_API_KEY": "test-key",
            "OPENAI_MODEL": "gpt-4o-mini",
        }
        tasks = write_tasks(
            tmp_path / "tasks.jsonl", [{"id": "a", "prompt": "hi"}, {"id": "b", "prompt": "hi"}]
        )
        out = tmp_path / "out"
        batch = run_batch(
            tasks,
            out=out,
            concurrency=1,
            max_attempts=2,
            backoff=0.4,
            command=ENGINE,
            env=env,
            timeouts=TIMEOUTS,
        )
        final = {record.id: record for record in batch}
    lines = records(out)
    assert [(r["id"], r["attempt"], r["status"], r["will_retry"]) for r in lines] == [
        ("a", 1, "failed", True),
        ("a", 2, "succeeded", False),
        ("b", 1, "failed", True),
        ("b", 2, "failed", False),
    ]
    assert lines[0]["error"]["kind"] == "provider" and lines[0]["error"]["code"] == "provider_error"
    assert lines[0]["error"]["retryable"] is True and "upstream exploded" in lines[0]["error"]["message"]
    assert final["a"].final_text == "recovered" and final["b"].status == "failed"
    # The retry waited (equal jitter: at least half the 0.4 s backoff) before starting again.
    gap = datetime.fromisoformat(lines[1]["started_at"]) - datetime.fromisoformat(lines[0]["finished_at"])
    assert gap.total_seconds() >= 0.19, gap
    assert batch.summary is not None and batch.summary.retries == 2 and batch.summary.exit_code == 1


@pytest.mark.parametrize("inherit", [False, True])
def test_runs_get_a_minimal_environment_unless_told_to_inherit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, inherit: bool
) -> None:
    monkeypatch.setenv("BATCH_TEST_CALLERS_SECRET", "do-not-leak")
    name, value = _marker()
    sleepy = script(tmp_path, "sleepy.json", [[{"sleep": 20}, {"text": "late"}]])
    tasks = write_tasks(
        tmp_path / "tasks.jsonl",
        [
            {
                "id": "env",
                "prompt": "hi",
                "env": scripted_env(sleepy, **{name: value, "TASK_VAR": "from-task"}),
            }
        ],
    )
    out = tmp_path / "out"
    batch = run_batch(
        tasks,
        out=out,
        command=ENGINE,
        env={"BATCH_VAR": "from-batch"},
        inherit_env=inherit,
        timeouts=TIMEOUTS,
    )
    runner = threading.Thread(target=lambda: list(batch))
    runner.start()
    try:
        pid = wait_for(lambda: processes_with(f"{name}={value}"), what="the run's process")[0]
        env = environ_of(pid)
    finally:
        batch.stop()
        runner.join(timeout=60)
    assert not runner.is_alive()
    assert env["TASK_VAR"] == "from-task" and env["BATCH_VAR"] == "from-batch"
    assert env["PATH"] == os.environ["PATH"]
    area = out / "workspaces" / "env" / "attempt-1"
    if inherit:
        assert env["BATCH_TEST_CALLERS_SECRET"] == "do-not-leak" and env["HOME"] == os.environ.get("HOME")
    else:
        assert "BATCH_TEST_CALLERS_SECRET" not in env
        assert env["HOME"] == str(area / "home") and env["TMPDIR"] == str(area / "tmp")
        assert env["XDG_DATA_HOME"] == str(area / "home" / ".local" / "share")
        assert set(env) <= {
            "PATH", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "HOME", "TMPDIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
            "XDG_CACHE_HOME", "XDG_STATE_HOME", "BATCH_VAR", "TASK_VAR", "ZERO_PROVIDER", "ZERO_SCRIPT", name,
        }  # fmt: skip
    assert records(out)[0]["status"] == "interrupted"


def test_stop_interrupts_running_tasks_and_resume_finishes_the_batch(tmp_path: Path) -> None:
    name, value = _marker()
    work = script(tmp_path, "work.json", [[{"sleep": 30}, {"text": "finished"}]])
    env = scripted_env(work, **{name: value})
    tasks = write_tasks(
        tmp_path / "tasks.jsonl", [{"id": f"t{i}", "prompt": "work", "env": env} for i in range(3)]
    )
    out = tmp_path / "out"

    async def first_session() -> tuple[list[AttemptRecord], Any]:
        batch = run_batch_async(tasks, out=out, concurrency=2, command=ENGINE, timeouts=TIMEOUTS)
        got: list[AttemptRecord] = []

        async def stop_when_running() -> None:
            while started_runs(out) < 2:
                await asyncio.sleep(0.05)
            await asyncio.sleep(RUN_HANDLERS_DELAY)
            batch.stop()

        stopper = asyncio.create_task(stop_when_running())
        async for record in batch:
            got.append(record)
        await stopper
        return got, batch.summary

    started = time.monotonic()
    got, summary = asyncio.run(first_session())
    assert time.monotonic() - started < 25  # the 30 s sleeps were interrupted, not waited for
    assert sorted(r.id for r in got) == ["t0", "t1"] and {r.status for r in got} == {"interrupted"}
    assert all(r.error is not None and r.error.kind == "interrupted" for r in got)
    assert (
        summary.stopped and summary.exit_code == 130 and summary.interrupted == 2 and summary.not_started == 1
    )
    assert processes_with(f"{name}={value}") == []
    # The interrupted runs' transcripts end as Zero ends an interrupted run.
    for record in got:
        assert record.transcript is not None
        last = json.loads((out / record.transcript).read_text().splitlines()[-1])
        assert last["type"] == "run_end" and last["status"] == "interrupted" and last["exitCode"] == 130

    script(tmp_path, "work.json", [[{"text": "finished"}]])  # the next session's runs are quick

    async def resumed() -> tuple[list[AttemptRecord], Any]:
        batch = run_batch_async(tasks, out=out, concurrency=2, command=ENGINE, resume=True, timeouts=TIMEOUTS)
        return [record async for record in batch], batch.summary

    second, summary = asyncio.run(resumed())
    assert sorted((r.id, r.attempt, r.status) for r in second) == [
        ("t0", 2, "succeeded"),
        ("t1", 2, "succeeded"),
        ("t2", 1, "succeeded"),
    ]
    assert summary.exit_code == 0 and summary.attempts == 5 and summary.resumed == 0

    third, summary = asyncio.run(resumed())
    assert third == [] and summary.resumed == 3 and summary.succeeded == 3 and summary.exit_code == 0


def test_the_cli_refuses_to_mix_two_batches_in_one_directory(tmp_path: Path) -> None:
    hello = script(tmp_path, "hello.json", [[{"text": "hi"}]])
    tasks = write_tasks(tmp_path / "tasks.jsonl", [{"id": "a", "prompt": "hi", "env": scripted_env(hello)}])
    out = tmp_path / "out"
    assert run_cli(tasks, out).returncode == 0
    again = run_cli(tasks, out)
    assert again.returncode == 2 and "already holds the results of a batch" in again.stderr
    assert "pass --resume" in again.stderr
    no_resume = run_cli(tasks, out, "--retry-failed")
    assert no_resume.returncode == 2 and "add --resume" in no_resume.stderr
    dry = run_cli(tasks, out, "--resume", "--dry-run")
    assert dry.returncode == 0 and "1 task(s) OK; 0 to run (1 already final" in dry.stderr


def test_the_cli_prints_a_json_summary_and_exits_1_when_a_task_failed(tmp_path: Path) -> None:
    hello = script(tmp_path, "hello.json", [[{"text": "hi"}, {"usage": {"prompt": 3, "completion": 1}}]])
    broken = script(tmp_path, "broken.json", [[{"misbehave": {"kind": "exit", "code": 1}}]])
    tasks = write_tasks(
        tmp_path / "tasks.jsonl",
        [
            {"id": "good", "prompt": "hi", "env": scripted_env(hello)},
            {"id": "bad", "prompt": "hi", "env": scripted_env(broken)},
        ],
    )
    done = run_cli(tasks, tmp_path / "out", "--json")
    assert done.returncode == 1, done.stderr
    summary = json.loads(done.stdout)
    assert (summary["total"], summary["succeeded"], summary["failed"]) == (2, 1, 1)
    assert summary["total_tokens"] == 4 and summary["exit_code"] == 1
    assert summary["failures"][0]["id"] == "bad" and summary["failures"][0]["kind"] == "process"
    # Not a terminal: one line per settled task on stderr, for logs.
    assert "good: succeeded in" in done.stderr and "bad: failed in" in done.stderr


def test_kill_9_of_the_driver_then_resume_loses_and_repeats_nothing(tmp_path: Path) -> None:
    name, value = _marker()
    quick = script(tmp_path, "quick.json", [[{"text": "quick"}]])
    slow = script(tmp_path, "slow.json", [[{"sleep": 60}, {"text": "slow"}]])
    tasks = write_tasks(
        tmp_path / "tasks.jsonl",
        [
            {"id": "q1", "prompt": "hi", "env": scripted_env(quick)},
            {"id": "q2", "prompt": "hi", "env": scripted_env(quick)},
            {"id": "s1", "prompt": "hi", "env": scripted_env(slow, **{name: value})},
            {"id": "s2", "prompt": "hi", "env": scripted_env(slow, **{name: value})},
        ],
    )
    out = tmp_path / "out"
    driver = subprocess.Popen(
        batch_argv(tasks, out, "--concurrency", "4"),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    try:
        wait_for(lambda: (out / "results.jsonl").exists() and len(records(out)) == 2, what="the quick tasks")
        engines = wait_for(
            lambda: len(processes_with(f"{name}={value}")) == 2 and processes_with(f"{name}={value}")
        )
        os.kill(driver.pid, signal.SIGKILL)
        driver.wait(timeout=10)
    finally:
        if driver.poll() is None:
            driver.kill()
    # The runs die with their driver (the kernel's parent-death signal), nothing is left behind.
    assert all(wait_until_dead(pid) for pid in engines)
    # A crash in the middle of a write leaves a torn last line: resume must not trip on it.
    with open(out / "results.jsonl", "a") as handle:
        handle.write('{"id": "s1", "attempt": 1, "status": "succ')
    script(tmp_path, "slow.json", [[{"text": "slow"}]])
    done = run_cli(tasks, out, "--resume", "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert (summary["succeeded"], summary["resumed"], summary["attempts"]) == (4, 2, 4)
    lines = records(out)  # every line is a whole record again
    assert sorted((r["id"], r["attempt"], r["status"]) for r in lines) == [
        ("q1", 1, "succeeded"),
        ("q2", 1, "succeeded"),
        ("s1", 1, "succeeded"),
        ("s2", 1, "succeeded"),
    ]


def test_ctrl_c_interrupts_running_tasks_records_them_and_exits_130(tmp_path: Path) -> None:
    name, value = _marker()
    slow = script(tmp_path, "slow.json", [[{"sleep": 60}, {"text": "slow"}]])
    env = scripted_env(slow, **{name: value})
    tasks = write_tasks(
        tmp_path / "tasks.jsonl", [{"id": f"t{i}", "prompt": "hi", "env": env} for i in range(3)]
    )
    out = tmp_path / "out"
    driver = subprocess.Popen(
        batch_argv(tasks, out, "--concurrency", "2"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        wait_for(lambda: started_runs(out) == 2, what="two runs under way")
        time.sleep(RUN_HANDLERS_DELAY)
        engines = processes_with(f"{name}={value}")
        assert len(engines) == 2
        started = time.monotonic()
        os.kill(driver.pid, signal.SIGINT)  # what Ctrl-C sends the foreground process
        stdout, stderr = driver.communicate(timeout=30)
    finally:
        if driver.poll() is None:
            os.killpg(driver.pid, signal.SIGKILL)
    assert driver.returncode == 130, stderr
    assert time.monotonic() - started < 15
    assert "interrupted; continue with --resume (exit 130)" in stderr
    assert "interrupted" in stdout and "not started" in stdout  # the summary table
    lines = records(out)
    assert sorted((r["id"], r["status"]) for r in lines) == [("t0", "interrupted"), ("t1", "interrupted")]
    assert all(r["run_status"] == "interrupted" for r in lines)  # exit 130, or killed after the grace
    # Nothing is left running: not in the driver's process group, not the runs' own groups.
    with pytest.raises(ProcessLookupError):
        os.killpg(driver.pid, 0)
    assert not any(process_alive(pid) for pid in engines)


def test_a_run_started_where_sigint_is_blocked_can_still_be_interrupted(tmp_path: Path) -> None:
    # A Ray worker blocks SIGINT in its threads, and a blocked mask survives fork and exec: the
    # client starts zero with nothing blocked, or its interrupt (SIGINT first) could not reach it.
    slow = script(tmp_path, "slow.json", [[{"sleep": 60}, {"text": "never"}]])
    code = f"""
import signal, time, json
signal.pthread_sigmask(signal.SIG_BLOCK, {{signal.SIGINT}})  # before the client's spawner thread exists
from zero_client import ZeroClient, Timeouts
client = ZeroClient([{ENGINE!r}], {str(tmp_path)!r}, {scripted_env(slow, HOME=str(tmp_path))!r},
                    timeouts=Timeouts(grace=10))
stream = client.stream("hi", check=False)
with stream:
    for event in stream:
        if event.type == "run_start":
            time.sleep(0.5)
            break
print(json.dumps([stream.result.status, stream.result.exit_code]))
"""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == ["interrupted", 130]


def test_on_a_terminal_the_cli_shows_live_progress_and_a_summary_table(tmp_path: Path) -> None:
    import pty
    import select

    hello = script(
        tmp_path,
        "hello.json",
        [[{"sleep": 0.5}, {"text": "hi"}, {"usage": {"prompt": 1000, "completion": 234}}]],
    )
    broken = script(tmp_path, "broken.json", [[{"misbehave": {"kind": "exit", "code": 1}}]])
    tasks = write_tasks(
        tmp_path / "tasks.jsonl",
        [
            *({"id": f"ok{i}", "prompt": "hi", "env": scripted_env(hello)} for i in range(3)),
            {"id": "broken", "prompt": "hi", "env": scripted_env(broken)},
        ],
    )
    argv = batch_argv(tasks, tmp_path / "out", "--concurrency", "2", "--color=never")
    env = {**os.environ, "COLUMNS": "160", "TERM": "xterm"}
    pid, fd = pty.fork()
    if pid == 0:  # the child: the pty is its terminal
        os.execve(argv[0], argv, env)
    screen = b""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            screen += chunk
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    text = screen.decode(errors="replace")
    assert os.waitstatus_to_exitcode(status) == 1, text
    # The live line (drawn by rich, redrawn in place) and the failure printed above it.
    assert "batch" in text and "4/4" in text and "ok 3" in text and "failed 1" in text
    assert "tokens 3,702" in text and "eta" in text and "\x1b[" in text
    assert re.search(r"failed \[\d/4\] broken: failed in [\d.]+s, 0 tokens \(process: ", text), text
    # The summary table.
    assert "succeeded" in text and "duration p50 / p95" in text and "slowest" in text
    assert "broken" in text and "process" in text


def test_the_readme_many_runs_example_runs_on_the_embedded_engine(tmp_path: Path) -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    section = readme.split("## Many runs\n", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    (tmp_path / "README.md").write_text("# A project\n\nWith a README.\n")
    env = {**os.environ, "PATH": f"{Path(ZERO_SDK).parent}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(
        ["bash", "-euc", block], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=180
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = records(tmp_path / "runs" / "demo")
    assert sorted((r["id"], r["status"]) for r in lines) == [
        ("inspect", "succeeded"),
        ("inspect-copy", "succeeded"),
    ]
    assert "final before this run (resumed)" in done.stdout  # the second command ran nothing
    assert next(r for r in lines if r["id"] == "inspect-copy")["files_changed_source"] == "workspace"


def test_the_batch_usage_example_runs_on_the_embedded_engine(tmp_path: Path) -> None:
    example = Path(__file__).resolve().parent.parent / "docs" / "examples" / "batch_usage.py"
    (tmp_path / "README.md").write_text("# A project\n")
    env = {**os.environ, "ZERO_BIN": ENGINE}
    done = subprocess.run(
        [sys.executable, str(example)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=180
    )
    assert done.returncode == 0, done.stderr
    assert "4/4 succeeded" in done.stdout and "copy-1: workspace files changed: []" in done.stdout
    assert "2 attempt record(s)" in done.stdout and "async: succeeded" in done.stdout


def test_retry_failed_reruns_failures_and_keep_workspaces_failed_keeps_only_theirs(tmp_path: Path) -> None:
    hello = script(tmp_path, "hello.json", [[{"text": "hi"}]])
    flaky = script(tmp_path, "flaky.json", [[{"misbehave": {"kind": "exit", "code": 1}}]])
    tasks = write_tasks(
        tmp_path / "tasks.jsonl",
        [
            {"id": "good", "prompt": "hi", "env": scripted_env(hello)},
            {"id": "bad", "prompt": "hi", "env": scripted_env(flaky)},
        ],
    )
    out = tmp_path / "out"
    first = run_cli(tasks, out, "--keep-workspaces", "failed")
    assert first.returncode == 1, first.stderr
    assert not (out / "workspaces" / "good").exists()  # succeeded: its area is gone
    assert (out / "workspaces" / "bad" / "attempt-1" / "home").is_dir()  # failed: kept to look at
    again = run_cli(tasks, out, "--resume")
    assert again.returncode == 1 and len(records(out)) == 2  # a final failure is not rerun
    script(tmp_path, "flaky.json", [[{"text": "fixed"}]])
    retried = run_cli(tasks, out, "--resume", "--retry-failed", "--json")
    assert retried.returncode == 0, retried.stderr
    assert sorted((r["id"], r["attempt"], r["status"]) for r in records(out)) == [
        ("bad", 1, "failed"),
        ("bad", 2, "succeeded"),
        ("good", 1, "succeeded"),
    ]
    summary = json.loads(retried.stdout)
    assert (summary["succeeded"], summary["failed"], summary["resumed"], summary["attempts"]) == (2, 0, 1, 3)
