"""`zero-sdk batch` where users meet it next (issue 38), on the local backend against zero-engine.

One driver per output directory (a second is refused naming the first; a killed one leaves
nothing stuck), SIGTERM handled like Ctrl-C, `--max-failures`, the progress line for logs,
transcript paths of failures in the summary, stdout holding only the summary, and the cases that
used to be silent or misleading (a torn record, a directory of another batch, a BOM, a file
rewritten with the same bytes, a bad --out).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from batch_support import (
    batch_argv,
    records,
    run_cli,
    script,
    scripted_env,
    started_runs,
    wait_for,
    write_tasks,
)
from client_support import ENGINE, wait_until_dead
from zero_client.batch.workspace import DirectorySource, changed_files, snapshot

#: A run's signal handlers are installed just after `run_start` (see test_batch_local.py).
RUN_HANDLERS_DELAY = 0.5


def _slow_tasks(tmp_path: Path, count: int) -> Path:
    slow = script(tmp_path, "slow.json", [[{"sleep": 60}, {"text": "slow"}]])
    return write_tasks(
        tmp_path / "tasks.jsonl",
        [{"id": f"t{i}", "prompt": "hi", "env": scripted_env(slow)} for i in range(count)],
    )


def test_one_driver_per_directory_and_sigterm_stops_like_ctrl_c(tmp_path: Path) -> None:
    tasks = _slow_tasks(tmp_path, 3)
    out = tmp_path / "out"
    first = subprocess.Popen(
        batch_argv(tasks, out, "--concurrency", "2", "--json", "--progress-interval", "0.2"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        wait_for(lambda: started_runs(out) == 2, what="two runs under way")
        # A second driver on the same directory is refused at once, in one line naming the first.
        second = run_cli(tasks, out, "--resume", timeout=60)
        assert second.returncode == 75, second.stderr
        assert second.stderr.count("\n") == 1 and second.stdout == ""
        assert re.fullmatch(
            rf"zero-sdk batch: {re.escape(str(out))} is in use by another zero-sdk batch "
            rf"\(pid {first.pid} on \S+, started \d{{4}}-\d\d-\d\dT\d\d:\d\d:\d\dZ\); "
            r"wait for it to end, or choose another output directory\n",
            second.stderr,
        ), second.stderr
        # A dry run is a driver too: it would read results that are still being written.
        assert run_cli(tasks, out, "--resume", "--dry-run", timeout=60).returncode == 75
        time.sleep(RUN_HANDLERS_DELAY)
        os.kill(first.pid, signal.SIGTERM)  # a CI cancel, `docker stop`
        stdout, stderr = first.communicate(timeout=30)
    finally:
        if first.poll() is None:
            os.killpg(first.pid, signal.SIGKILL)
    assert first.returncode == 143, stderr
    assert "terminated (SIGTERM); continue with --resume (exit 143)" in stderr
    assert re.search(r"^\[progress\] 0/3 done \(ok 0, failed 0\), 2 running", stderr, re.M), stderr
    summary = json.loads(stdout)  # stdout is the one JSON document, nothing else
    assert summary["stopped"] and summary["interrupted"] == 2 and summary["not_started"] == 1
    assert (summary["exit_code"], summary["stopped_by"]) == (143, "SIGTERM")  # as the process exits
    assert sorted((r["id"], r["status"]) for r in records(out)) == [
        ("t0", "interrupted"),
        ("t1", "interrupted"),
    ]
    # The lock went with the driver: the batch resumes (here it is killed -9 in turn, and the
    # directory is still free afterwards: the kernel dropped the lock with the process).
    again = subprocess.Popen(
        batch_argv(tasks, out, "--resume"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        wait_for(
            lambda: len(list((out / "transcripts").glob("*.attempt-2.jsonl"))) >= 1, what="a resumed run"
        )
        os.killpg(again.pid, signal.SIGKILL)
        again.wait(timeout=30)
    finally:
        if again.poll() is None:
            os.killpg(again.pid, signal.SIGKILL)
    dry = run_cli(tasks, out, "--resume", "--dry-run", timeout=60)
    assert dry.returncode == 0 and "3 task(s) OK; 3 to run" in dry.stderr, dry.stderr


def test_max_failures_stops_scheduling_and_the_summary_names_failed_transcripts(tmp_path: Path) -> None:
    broken = script(tmp_path, "broken.json", [[{"misbehave": {"kind": "exit", "code": 1}}]])
    hello = script(tmp_path, "hello.json", [[{"text": "hi"}]])
    tasks = write_tasks(
        tmp_path / "tasks.jsonl",
        [
            {"id": "bad", "prompt": "hi", "env": scripted_env(broken)},
            *({"id": f"ok{i}", "prompt": "hi", "env": scripted_env(hello)} for i in range(3)),
        ],
    )
    out = tmp_path / "out"
    done = run_cli(tasks, out, "--concurrency", "1", "--max-failures", "1", "--json")
    assert done.returncode == 1, done.stderr
    summary = json.loads(done.stdout)
    assert summary["halted_after_failures"] == 1
    assert (summary["failed"], summary["succeeded"], summary["not_started"]) == (1, 0, 3)
    assert summary["failures"][0]["transcript"] == "transcripts/bad.attempt-1.jsonl"
    assert (out / summary["failures"][0]["transcript"]).is_file()
    assert "stopped starting tasks after 1 failed (--max-failures); 3 not started" in done.stderr
    assert f"transcript: {out / 'transcripts' / 'bad.attempt-1.jsonl'}" in done.stderr
    # The table says it too.
    table = subprocess.run(
        batch_argv(tasks, out, "--resume"),
        capture_output=True, text=True, timeout=120, check=False, env={**os.environ, "COLUMNS": "250"},
    )  # fmt: skip
    assert table.returncode == 1 and str(out / "transcripts" / "bad.attempt-1.jsonl") in table.stdout
    # --resume runs what was not started; max_failures counts this session's failures only.
    assert sorted(r["id"] for r in records(out)) == ["bad", "ok0", "ok1", "ok2"]


def test_silent_cases_now_say_what_happened(tmp_path: Path) -> None:
    hello = script(tmp_path, "hello.json", [[{"text": "hi"}]])
    tasks = write_tasks(tmp_path / "tasks.jsonl", [{"id": "a", "prompt": "hi", "env": scripted_env(hello)}])
    out = tmp_path / "out"
    assert run_cli(tasks, out).returncode == 0
    # A torn last record (a crash mid-write) is dropped with a word.
    with open(out / "results.jsonl", "ab") as handle:
        handle.write(b'{"id": "a", "attempt": 2, "sta')
    resumed = run_cli(tasks, out, "--resume", "--json")
    assert resumed.returncode == 0, resumed.stderr
    assert (
        "the last line (30 bytes) is a record a crash cut short; it is dropped "
        "(that attempt counts as never recorded)" in resumed.stderr
    )
    assert json.loads(resumed.stdout)["resumed"] == 1
    # --resume in a directory of another batch says so (not "0 already final").
    other = write_tasks(tmp_path / "other.jsonl", [{"id": "b", "prompt": "hi", "env": scripted_env(hello)}])
    foreign = run_cli(other, out, "--resume")
    assert foreign.returncode == 2 and foreign.stdout == ""
    assert "holds the results of another batch (none of its 1 record(s) is about a task" in foreign.stderr
    # A byte order mark is reported as one.
    bom = tmp_path / "bom.jsonl"
    bom.write_bytes(b'\xef\xbb\xbf{"id": "a", "prompt": "hi"}\n')
    refused = run_cli(bom, tmp_path / "out-bom")
    assert refused.returncode == 2
    assert (
        f"{bom}:1: starts with a UTF-8 byte order mark (BOM); save the task file as UTF-8" in refused.stderr
    )


def test_files_changed_compares_content_not_timestamps(tmp_path: Path) -> None:
    original = tmp_path / "original"
    original.mkdir()
    for name in ("same.txt", "edited.txt", "touched.txt", "chmod.sh"):
        (original / name).write_text(f"{name}\n")
    work = tmp_path / "work"
    source = DirectorySource(original)
    source.materialize(work)
    before = snapshot(work)
    later = time.time() + 5
    (work / "same.txt").write_text("same.txt\n")  # rewritten with the same bytes
    (work / "edited.txt").write_text("edited.TXT\n")  # same size, other bytes
    os.utime(work / "touched.txt", (later, later))
    (work / "chmod.sh").chmod(0o755)
    (work / "new.txt").write_text("new\n")
    os.utime(work / "same.txt", (later, later))
    assert changed_files(source, work, before, snapshot(work)) == ["chmod.sh", "edited.txt", "new.txt"]


def test_stdout_carries_only_the_summary_while_the_batch_runs(capfd: pytest.CaptureFixture[str]) -> None:
    from zero_sdk.batch_cmd import _stdout_to_stderr

    with _stdout_to_stderr():
        os.write(1, b"(raylet) A worker died or was killed while executing a task\n")
        subprocess.run(["echo", "a child process's output"], check=True)  # inherits fd 1
    print('{"summary": true}', flush=True)
    captured = capfd.readouterr()
    assert captured.out == '{"summary": true}\n'
    raylet = "(raylet) A worker died or was killed while executing a task\n"
    assert captured.err == raylet + "a child process's output\n"


@pytest.mark.parametrize("spawn", ["setpriv", "preexec_fn"])
def test_a_run_dies_with_the_process_that_started_it_on_either_spawn_path(tmp_path: Path, spawn: str) -> None:
    # The client starts runs through `setpriv --pdeathsig KILL` (vfork, cheap) where util-linux
    # has it, else with a preexec_fn: either way the kernel kills the run when its parent dies.
    from zero_client import process

    if spawn == "setpriv" and process._setpriv() is None:
        if os.environ.get("CI") == "true":
            pytest.fail("setpriv (util-linux) is missing on this CI machine")
        pytest.skip("no setpriv with --pdeathsig here")
    slow = script(tmp_path, "slow.json", [[{"sleep": 60}, {"text": "never"}]])
    marker = f"ZERO_SPAWN_TEST_MARKER={os.urandom(8).hex()}"
    name, value = marker.split("=")
    code = f"""
import sys, time
from zero_client import ZeroClient, process
if {spawn!r} == "preexec_fn":
    process._setpriv_checked, process._setpriv_path = True, None
env = {scripted_env(slow, HOME=str(tmp_path), **{name: value})!r}
client = ZeroClient([{ENGINE!r}], {str(tmp_path)!r}, env)
stream = client.stream("hi", check=False)
for event in stream:
    print(stream.pid, flush=True)
    time.sleep(600)
"""
    parent = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None
        run_pid = int(parent.stdout.readline())
        argv = Path(f"/proc/{run_pid}/cmdline").read_bytes().split(b"\0")
        assert b"zero-engine" in argv[0] or b"zero-engine" in argv[1], argv  # exec'd in place
    finally:
        parent.kill()
        parent.wait(timeout=30)
    assert wait_until_dead(run_pid), f"the run outlived its parent ({spawn})"


def test_progress_lines_stay_whole_and_reach_stderr_while_a_backend_points_fd_2_elsewhere(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    # The heartbeat and the record lines come from two threads: no line may end inside another
    # (`...eta 12.9s[837/3000] h00834: succeeded`). And while Ray connects, fd 2 points at
    # ray-driver.log: the progress goes to the stderr the batch started with all the same.
    import threading

    from zero_client.batch.ray_backend import _stderr_to
    from zero_sdk.batch_cmd import _Lines

    lines = _Lines()
    log = tmp_path / "ray-driver.log"

    def write(name: str) -> None:
        for number in range(2000):
            lines.line(f"[{name}] line {number} " + "x" * (number % 97))

    try:
        with _stderr_to(log):
            os.write(2, b"what Ray says while connecting\n")
            writers = [threading.Thread(target=write, args=(name,)) for name in ("progress", "record")]
            for writer in writers:
                writer.start()
            for writer in writers:
                writer.join()
    finally:
        lines.close()
    err = capfd.readouterr().err.splitlines()
    assert len(err) == 4000
    assert all(re.fullmatch(r"\[(progress|record)\] line (\d+) x*", line) for line in err), [
        line for line in err if not re.fullmatch(r"\[(progress|record)\] line (\d+) x*", line)
    ][:3]
    assert log.read_text() == "what Ray says while connecting\n"
