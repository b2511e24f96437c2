"""The batch's files, without running any task: the task file and its checks, results.jsonl
(torn lines, the one writer), file names, retry delays, and workspace diffs applied by git."""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from batch_support import ZERO_SDK, run_cli, write_tasks
from zero_client.batch.attempt import file_name
from zero_client.batch.results import ResultsError, ResultsWriter, read_records
from zero_client.batch.runner import backoff_delay
from zero_client.batch.tasks import Task, TaskFileError, load_tasks, validate_tasks
from zero_client.batch.workspace import (
    ArchiveSource,
    DirectorySource,
    archive_directory,
    changed_files,
    changed_paths,
    snapshot,
    unified_diff,
)


def run_cli_argv(tasks: Path, out: Path) -> list[str]:
    return [ZERO_SDK, "batch", str(tasks), "--out", str(out)]


def _problems(path: Path) -> list[str]:
    with pytest.raises(TaskFileError) as caught:
        load_tasks(path)
    return [str(problem) for problem in caught.value.problems]


def test_every_problem_of_a_task_file_is_named_by_file_line_and_field(tmp_path: Path) -> None:
    (tmp_path / "repo").mkdir()
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(
        "\n".join(
            [
                json.dumps({"id": "ok", "prompt": "hi", "cwd": "repo"}),
                '{"id": "broken", "prompt": ',
                json.dumps({"id": "ok", "prompt": "again"}),
                json.dumps({"id": "x1", "prompt": "hi", "colour": "red"}),
                json.dumps({"id": "x2", "prompt": "hi", "cwd": "nowhere"}),
                json.dumps({"id": "x3", "prompt": "hi", "copy_from": "missing-fixture"}),
                json.dumps({"id": "x4", "prompt": "hi", "input": [{"type": "prompt", "content": "hi"}]}),
                json.dumps({"id": "x5", "input": [{"type": "prompt", "schemaVersion": 2, "contents": "x"}]}),
                json.dumps(
                    {"id": "x6", "prompt": "hi", "options": {"max_turns": 0, "modle": "m", "plan": "yes"}}
                ),
                json.dumps({"id": "x7", "prompt": "hi", "timeouts": {"total": -1, "idle": "soon"}}),
                json.dumps({"id": "x8", "prompt": "hi", "env": {"A": 1}, "metadata": []}),
                json.dumps({"prompt": "no id"}),
                "",
                json.dumps(["not", "an", "object"]),
                json.dumps({"id": "x9", "prompt": "hi", "copy_from": "repo", "cwd": "../out"}),
            ]
        )
        + "\n"
    )
    problems = _problems(tasks)
    where = str(tasks)
    expected = [
        f"{where}:2: malformed JSON",
        f"{where}:3: id: duplicate id 'ok' (first on line 1)",
        f"{where}:4: colour: unknown field",
        f"{where}:5: cwd: directory 'nowhere' does not exist (resolved to {tmp_path / 'nowhere'})",
        f"{where}:6: copy_from: directory 'missing-fixture' does not exist",
        f"{where}:7: prompt: give exactly one of `prompt`",
        f"{where}:8: input[0].contents: not a valid input event: unknown_field",
        f"{where}:9: options.modle: unknown field",
        f"{where}:9: options.max_turns: must be an integer of at least 1",
        f"{where}:9: options.plan: must be true or false, not a string",
        f"{where}:10: timeouts.total: must be greater than 0",
        f"{where}:10: timeouts.idle: must be a number, not a string",
        f"{where}:11: env.A: must be a string, not a number",
        f"{where}:11: metadata: must be an object, not a list",
        f"{where}:12: id: missing (every task needs a unique id)",
        f"{where}:14: a task must be a JSON object, not a list",
        f"{where}:15: cwd: with copy_from, cwd is a relative path inside the copy",
    ]
    for start in expected:
        assert any(problem.startswith(start) for problem in problems), (start, problems)
    assert len(problems) == len(expected), problems


def test_the_cli_reports_a_bad_task_file_and_runs_nothing(tmp_path: Path) -> None:
    tasks = write_tasks(tmp_path / "tasks.jsonl", [{"id": "a", "prompt": "hi"}, {"id": "a", "prompt": "hi"}])
    out = tmp_path / "out"
    done = run_cli(tasks, out)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"zero-sdk batch: {tasks}: 1 problem(s), nothing was run:\n")
    assert f"{tasks}:2: id: duplicate id 'a' (first on line 1)" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (out / "results.jsonl").exists()


def test_paths_are_resolved_against_the_task_files_folder(tmp_path: Path) -> None:
    folder = tmp_path / "suite"
    (folder / "fixtures" / "app" / "src").mkdir(parents=True)
    (folder / "img.png").write_bytes(b"\x89PNG")
    tasks = write_tasks(
        folder / "tasks.jsonl",
        [
            {"id": "a", "prompt": "hi"},
            {
                "id": "b",
                "prompt": "hi",
                "copy_from": "fixtures/app",
                "cwd": "src",
                "options": {"images": ["img.png"]},
            },
        ],
    )
    first, second = list(load_tasks(tasks))
    assert first.cwd == str(folder.resolve())  # no cwd: the task file's folder
    assert second.copy_from == str((folder / "fixtures" / "app").resolve())
    assert second.cwd == "src"  # inside the per-attempt copy
    assert second.options.images == (str((folder / "img.png").resolve()),)
    assert second.options.exec_options().images == (str((folder / "img.png").resolve()),)


def test_a_task_file_that_changes_after_validation_is_refused_while_running(tmp_path: Path) -> None:
    tasks = write_tasks(tmp_path / "tasks.jsonl", [{"id": "a", "prompt": "hi"}, {"id": "b", "prompt": "hi"}])
    checked = load_tasks(tasks)
    write_tasks(tasks, [{"id": "a", "prompt": "hi"}, {"id": "c", "prompt": "hi"}])
    with pytest.raises(TaskFileError, match="changed after it was validated"):
        list(checked)


def test_tasks_built_in_code_are_checked_too(tmp_path: Path) -> None:
    with pytest.raises(TaskFileError) as caught:
        validate_tasks(
            [Task(id="a", prompt="hi"), Task(id="a", prompt=""), Task(id="b", cwd=str(tmp_path / "no"))]
        )
    problems = [str(p) for p in caught.value.problems]
    assert "tasks:2: prompt: must not be empty" in problems
    assert "tasks:2: id: duplicate id 'a' (first: task 1)" in problems
    assert "tasks:3: prompt: give exactly one of `prompt` and `input`" in problems
    assert any(p.startswith("tasks:3: cwd: directory") for p in problems)


def test_file_names_of_ids_are_unique_and_safe() -> None:
    assert file_name("django__django-11099") == "django__django-11099"
    assert file_name("org/repo#12") == "org%2Frepo%2312"
    assert file_name("..") == "%2E."
    assert file_name("é") == "%C3%A9"
    long_one, other = file_name("x" * 200), file_name("x" * 199 + "y")
    assert len(long_one) <= 150 and long_one != other


def test_retry_delays_grow_exponentially_with_jitter_and_a_cap() -> None:
    for attempt, ceiling in ((1, 2.0), (2, 4.0), (3, 8.0), (10, 60.0)):
        delays = [backoff_delay(attempt, 2.0, 60.0) for _ in range(200)]
        assert all(ceiling / 2 <= d <= ceiling for d in delays)
        assert len(set(delays)) > 100  # jittered, not one fixed value


def _record_line(task_id: str, attempt: int = 1) -> str:
    return json.dumps(
        {
            "id": task_id, "attempt": attempt, "status": "succeeded", "will_retry": False, "exit_code": 0,
            "run_status": "success", "error": None, "final_text": "ok",
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2, "requests": 1},
            "tool_calls": {"total": 0, "failed": 0, "by_name": {}}, "files_changed": [],
            "files_changed_source": "reported", "duration_s": 0.5, "started_at": "", "finished_at": "",
            "transcript": None, "diff": None, "run_id": None, "session_id": None, "schema_version": 2,
            "backend": "local", "worker": "", "metadata": {},
        }
    )  # fmt: skip


def test_a_torn_last_line_is_ignored_and_cut_before_new_records(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    torn = _record_line("b")[:40]
    results.write_text(_record_line("a") + "\n" + torn)
    assert [r.id for r in read_records(results)] == ["a"]
    writer = ResultsWriter(results)
    writer.write(next(read_records(tmp_path / "results.jsonl")))  # append a copy of "a"
    writer.close()
    lines = results.read_text().splitlines()
    assert len(lines) == 2 and all(json.loads(line)["id"] == "a" for line in lines)


def test_a_torn_line_longer_than_one_read_is_cut_whole(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    results.write_text(_record_line("a") + "\n" + '{"id": "b", "final_text": "' + "x" * 300_000)
    ResultsWriter(results).close()
    assert results.read_text() == _record_line("a") + "\n"


def test_a_bad_line_in_the_middle_is_an_error_naming_it(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    results.write_text(_record_line("a") + "\nnot a record\n" + _record_line("b") + "\n")
    with pytest.raises(ResultsError, match=r"results.jsonl:2: not a result record"):
        list(read_records(results))


def _original_tree(root: Path) -> None:
    (root / "src").mkdir(parents=True)
    (root / "src" / "app.py").write_text("def main():\n    return 1\n\nprint(main())\n")
    (root / "README.md").write_text("# app\n")
    (root / "no-newline.txt").write_text("last line without newline")
    (root / "gone.txt").write_text("to be deleted\n")
    (root / "logo.bin").write_bytes(b"\x00\x01\x02")
    (root / "run.sh").write_text("echo hi\n")
    (root / ".git").mkdir()
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    os.symlink("README.md", root / "link")


def _edit(work: Path) -> None:
    (work / "src" / "app.py").write_text("def main():\n    return 2\n\nprint(main())\n")
    (work / "no-newline.txt").write_text("last line changed, still no newline")
    (work / "gone.txt").unlink()
    (work / "src" / "new.py").write_text("x = 1\n")
    (work / "logo.bin").write_bytes(b"\x00\x01\x03")
    (work / "run.sh").chmod(0o755)  # the mode alone changes
    (work / ".git" / "HEAD").write_text("ref: refs/heads/other\n")  # not part of the patch


@pytest.mark.parametrize("kind", ["directory", "archive"])
def test_the_workspace_diff_applies_to_the_original_with_git_apply(tmp_path: Path, kind: str) -> None:
    original = tmp_path / "original"
    _original_tree(original)
    source = DirectorySource(original) if kind == "directory" else ArchiveSource(archive_directory(original))
    work = tmp_path / "work"
    source.materialize(work)
    assert (work / "link").is_symlink() and os.readlink(work / "link") == "README.md"
    before = snapshot(work)
    _edit(work)
    after = snapshot(work)
    changed = changed_paths(before, after)
    assert changed == ["gone.txt", "logo.bin", "no-newline.txt", "run.sh", "src/app.py", "src/new.py"]
    assert changed_files(source, work, before, after) == changed
    diff = unified_diff(source, work, changed, after, before)
    assert "\\ No newline at end of file" in diff
    assert "diff --git a/run.sh b/run.sh\nold mode 100644\nnew mode 100755\n" in diff
    assert "Binary files a/logo.bin and b/logo.bin differ" in diff
    # The text files' patches (a binary hunk would need git's binary format) apply to a fresh copy.
    parts = re.split(r"(?m)^(?=diff --git )", diff)
    text_only = "".join(part for part in parts if "Binary files" not in part)
    target = tmp_path / "target"
    shutil.copytree(original, target, symlinks=True)
    (tmp_path / "patch.diff").write_text(text_only)
    git_env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "GIT_CONFIG_NOSYSTEM": "1"}
    applied = subprocess.run(
        ["git", "apply", "--unsafe-paths", str(tmp_path / "patch.diff")],
        cwd=target, env=git_env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert applied.returncode == 0, applied.stderr + text_only
    for rel in ("src/app.py", "no-newline.txt", "src/new.py"):
        assert (target / rel).read_bytes() == (work / rel).read_bytes(), rel
    assert os.stat(target / "run.sh").st_mode & 0o111, "the mode change applies too"
    assert not (target / "gone.txt").exists()


def test_the_ray_backend_without_the_ray_extra_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util

    from click.testing import CliRunner
    from zero_sdk.cli import main

    real_find_spec = importlib.util.find_spec

    def find_spec(name: str, package: str | None = None) -> object:
        return None if name == "ray" else real_find_spec(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    tasks = write_tasks(tmp_path / "tasks.jsonl", [{"id": "a", "prompt": "hi"}])
    result = CliRunner().invoke(
        main, ["batch", str(tasks), "--out", str(tmp_path / "out"), "--backend", "ray"]
    )
    assert result.exit_code == 2
    assert result.output == (
        "Error: zero-sdk batch --backend ray needs the `ray` extra (missing: ray): "
        "pip install 'zero-headless-sdk[ray]'\n"
    )
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("kind", ["directory", "archive"])
def test_the_batch_directory_inside_copy_from_is_never_copied(tmp_path: Path, kind: str) -> None:
    # `"copy_from": "."` with `--out runs/x`: copying the output into each workspace would copy
    # the workspaces into themselves without end.
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.py").write_text("a = 1\n")
    out = tmp_path / "runs" / "x"
    (out / "workspaces" / "t" / "attempt-1").mkdir(parents=True)
    (out / "results.jsonl").write_text("")
    (tmp_path / "runs" / "other.txt").write_text("kept\n")
    source = (
        DirectorySource(tmp_path, exclude=out)
        if kind == "directory"
        else ArchiveSource(archive_directory(tmp_path, exclude=out))
    )
    work = out / "workspaces" / "t" / "attempt-1" / "work"
    source.materialize(work)
    assert (work / "src" / "a.py").read_text() == "a = 1\n" and (work / "runs" / "other.txt").exists()
    assert not (work / "runs" / "x").exists()


def test_the_cli_says_in_one_line_when_the_program_is_missing_or_the_directory_unwritable(
    tmp_path: Path,
) -> None:
    tasks = write_tasks(tmp_path / "tasks.jsonl", [{"id": "a", "prompt": "hi"}])
    missing = subprocess.run(
        [*run_cli_argv(tasks, tmp_path / "out"), "--command", str(tmp_path / "no-such-zero")],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert missing.returncode == 127
    assert missing.stderr == (
        f"zero-sdk batch: {tmp_path / 'no-such-zero'} (command) was not found at that path; "
        "install zero, set ZERO_BIN, or pass --command PATH\n"
    )
    # A bad --out exits 2 however it is bad, before anything runs: under a file, or a file itself.
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the batch directory should go\n")
    for out, said in ((blocked / "out", "Not a directory"), (blocked, "is a file")):
        done = subprocess.run(
            [*run_cli_argv(tasks, out), "--command", sys.executable],
            capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
        assert done.returncode == 2, (out, done.stderr)
        assert said in done.stderr and done.stdout == "", done.stderr
    under_file = subprocess.run(
        [*run_cli_argv(tasks, blocked / "out"), "--command", sys.executable],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert under_file.stderr.count("\n") == 1 and under_file.stderr.startswith("zero-sdk batch: ")


def test_a_local_batch_never_imports_ray(tmp_path: Path) -> None:
    # The Ray backend is an extra: importing zero_client.batch and running a local batch must
    # not load it (nor anything else outside the standard library and msgspec).
    transcript = tmp_path / "run.jsonl"
    run = "run_20260101000000_abc123"
    transcript.write_text(
        "".join(
            json.dumps({"schemaVersion": 2, "runId": run, **fields}) + "\n"
            for fields in (
                {"type": "run_start", "cwd": str(tmp_path), "model": "m", "provider": "p"},
                {"type": "final", "text": "replayed"},
                {"type": "run_end", "status": "success", "exitCode": 0},
            )
        )
    )
    tasks = write_tasks(tmp_path / "tasks.jsonl", [{"id": "a", "prompt": "hi"}])
    code = (
        "import json, sys\n"
        "import msgspec, msgspec.json, msgspec.structs  # and what msgspec loads itself\n"
        "before = set(sys.modules)\n"
        "from zero_client.batch import run_batch\n"
        f"records = list(run_batch({str(tasks)!r}, out={str(tmp_path / 'out')!r},\n"
        f"                         command=[{ZERO_SDK!r}, 'replay', {str(transcript)!r}]))\n"
        "added = sorted({m.split('.')[0] for m in set(sys.modules) - before})\n"
        "print(json.dumps({'texts': [r.final_text for r in records], 'added': added}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["texts"] == ["replayed"]
    outside = {
        m
        for m in result["added"]
        if m not in sys.stdlib_module_names and m.lstrip("_") not in sys.stdlib_module_names
    }
    assert outside == {"zero_client"}, outside  # no ray, no rich, no click


def test_task_resources_become_ray_task_options(tmp_path: Path) -> None:
    from zero_client.batch.ray_backend import RayBackend

    tasks = write_tasks(
        tmp_path / "tasks.jsonl",
        [
            {"id": "plain", "prompt": "hi"},
            {
                "id": "gpu",
                "prompt": "hi",
                "resources": {"num_cpus": 0.5, "num_gpus": 1, "memory": 2**30, "custom": {"zero_binary": 1}},
            },
        ],
    )
    plain, gpu = list(load_tasks(tasks))
    backend = RayBackend(num_cpus=0.25)
    assert backend._task_options(plain.resources) == {"num_cpus": 0.25}
    assert backend._task_options(gpu.resources) == {
        "num_cpus": 0.5,
        "num_gpus": 1.0,
        "memory": 2**30,
        "resources": {"zero_binary": 1.0},
    }
    bad = write_tasks(
        tmp_path / "bad.jsonl", [{"id": "x", "prompt": "hi", "resources": {"memory": -1, "gpus": 1}}]
    )
    problems = _problems(bad)
    assert any(
        p.endswith("resources.gpus: unknown field (known: num_cpus, num_gpus, memory, custom)")
        for p in problems
    )
    assert any("resources.memory: must be a number of bytes" in p for p in problems)


def test_a_busy_directory_is_refused_as_busy_before_the_program_is_looked_for(tmp_path: Path) -> None:
    # Another driver holds the lock, and this one has no program to run: busy (75) comes first,
    # since that is what stops it whatever else it lacks (127 would send the user after Zero).
    from zero_client.batch.lock import DirectoryLock

    tasks = write_tasks(tmp_path / "tasks.jsonl", [{"id": "a", "prompt": "hi"}])
    out = tmp_path / "out"
    out.mkdir()
    holder = DirectoryLock(out)
    holder.acquire()
    env = {"PATH": str(tmp_path / "no-bin"), "HOME": str(tmp_path)}  # no zero anywhere, no ZERO_BIN
    try:
        for extra in ([], ["--dry-run"]):
            done = subprocess.run(
                [ZERO_SDK, "batch", str(tasks), "--out", str(out), *extra],
                capture_output=True, text=True, timeout=60, check=False, env=env,
            )  # fmt: skip
            assert done.returncode == 75, (extra, done.stderr)
            assert "is in use by another zero-sdk batch" in done.stderr and done.stderr.count("\n") == 1
    finally:
        holder.release()
    done = subprocess.run(
        [ZERO_SDK, "batch", str(tasks), "--out", str(out)],
        capture_output=True, text=True, timeout=60, check=False, env=env,
    )  # fmt: skip
    assert done.returncode == 127, done.stderr  # free again: now the missing program is what stops it


@pytest.mark.parametrize("error", [errno.ENOLCK, errno.EOPNOTSUPP])
def test_an_out_where_flock_fails_names_the_lock_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: int
) -> None:
    # A file system without flock (some NFS, FUSE, SMB mounts) cannot be made to order here: the
    # call fails as the kernel would make it fail there, and the error must name OUT/.lock.
    import fcntl

    from click.testing import CliRunner
    from zero_sdk.batch_cmd import batch_command

    def no_flock(fd: int, operation: int) -> None:
        raise OSError(error, os.strerror(error))

    monkeypatch.setattr(fcntl, "flock", no_flock)  # the module lock.py calls it through
    tasks = write_tasks(tmp_path / "tasks.jsonl", [{"id": "a", "prompt": "hi"}])
    out = tmp_path / "out"
    done = CliRunner().invoke(batch_command, [str(tasks), "--out", str(out), "--command", sys.executable])
    assert done.exit_code == 2, done.output
    said = done.stderr if hasattr(done, "stderr") else done.output
    assert said.startswith(f"zero-sdk batch: {out / '.lock'}: {os.strerror(error)} (this file system"), said
    assert str(tasks) not in said


def _loopback_server(reply: bytes | None, close: bool = False) -> tuple[socket.socket, int]:
    """A TCP server on 127.0.0.1 that, to each connection, says `reply` once it got something
    (None: says nothing, ever), or closes it at once."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    held: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                connection, _ = server.accept()
            except OSError:
                return
            held.append(connection)
            if close:
                connection.close()
            elif reply is not None:
                connection.recv(64)
                connection.sendall(reply)

    threading.Thread(target=serve, daemon=True).start()
    return server, server.getsockname()[1]


@pytest.mark.parametrize(
    ("reply", "close", "said"),
    [
        (None, False, "something listens there but does not answer as a Ray cluster does (no gRPC"),
        (b"HTTP/1.1 400 Bad Request\r\n\r\n", False, "what answers there is not a Ray cluster"),
        (b"SSH-2.0-OpenSSH_9.6\r\n", False, "what answers there is not a Ray cluster"),
        (None, True, "what listens there closed the connection without answering as a Ray cluster does"),
        (bytes([0, 0, 6, 4, 0, 0, 0, 0, 0]), False, None),  # an HTTP/2 server's SETTINGS: gRPC
    ],
)
def test_an_open_port_that_is_not_ray_is_refused_within_the_connect_timeout(
    reply: bytes | None, close: bool, said: str | None
) -> None:
    # Ray itself retries such an address for minutes (about 40 s per try, whatever the
    # timeouts): the driver must give up within --ray-connect-timeout, saying what it found.
    from zero_client.batch.ray_backend import RayBackend, RayUnavailableError

    server, port = _loopback_server(reply, close)
    address = f"127.0.0.1:{port}"
    backend = RayBackend(address, connect_timeout=1.0)
    started = time.monotonic()
    try:
        if said is None:
            backend._check_address(address)  # Ray's GCS answers so: ray.init goes ahead
        else:
            with pytest.raises(RayUnavailableError) as caught:
                backend._check_address(address)
            assert str(caught.value).startswith(f"cannot use the Ray cluster at {address}: {said}")
            assert "(within 1 s; --ray-connect-timeout)" in str(caught.value)
    finally:
        server.close()
    assert time.monotonic() - started < 5
