"""The Ray backend across two nodes, and every way of failing to reach a cluster.

The two-node cluster (`ray.cluster_utils.Cluster`: a head and a second node, each a raylet of its
own, started and stopped by this module alone) gives the second node its own TMPDIR, and tasks
that only it can run (a custom resource). The driver packs each task's `copy_from`, `add_dirs`
and `images`; then the test moves the driver's directory away, so those paths exist nowhere on
the machine, and only then adds the second node: the tasks can only succeed with what travelled
through the object store. A task asking for a resource no node has fails after the wait.

The connection failures need no cluster: each is one line and exit 3, within the bounded time.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from batch_support import (
    batch_argv,
    parent_of,
    processes_with,
    records,
    script,
    scripted_env,
    wait_for,
    write_tasks,
)
from client_support import ENGINE
from zero_client import Timeouts
from zero_client.batch import run_batch
from zero_client.batch.ray_backend import RayBackend

TIMEOUTS = Timeouts(start=60, total=120, grace=10)
#: The smallest PNG Zero's image loader accepts by content (a 1x1 transparent pixel).
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082"
)


@pytest.fixture(scope="module")
def two_nodes() -> Iterator[tuple[Any, Path]]:
    """A head node (no tasks of these tests fit on it) and a way to add the second node; yields
    (the cluster, the second node's TMPDIR)."""
    import ray
    from ray.cluster_utils import Cluster

    scratch = tempfile.mkdtemp(prefix="zbn", dir="/tmp")  # short: Ray's unix sockets live here
    patch = pytest.MonkeyPatch()
    patch.setenv("RAY_AUTH_MODE", "disabled")
    patch.setenv("HOME", scratch)
    for name in ("head-tmp/ray", "far-tmp"):  # Ray notes the cluster's address in $TMPDIR/ray
        os.makedirs(f"{scratch}/{name}")
    patch.setenv("TMPDIR", f"{scratch}/head-tmp")
    cluster = Cluster(
        initialize_head=True,
        head_node_args={"num_cpus": 1, "include_dashboard": False, "temp_dir": f"{scratch}/ray"},
    )
    try:
        ray.init(address=cluster.address, log_to_driver=False)
        yield cluster, Path(scratch, "far-tmp")
    finally:
        ray.shutdown()
        cluster.shutdown()  # type: ignore[no-untyped-call]
        patch.undo()
        shutil.rmtree(scratch, ignore_errors=True)


def test_workspaces_add_dirs_and_images_travel_to_a_node_that_cannot_see_the_driver(
    tmp_path: Path, two_nodes: tuple[Any, Path]
) -> None:
    cluster, far_tmp = two_nodes
    driver = tmp_path / "driver"
    (driver / "repo" / "docs").mkdir(parents=True)
    (driver / "repo" / "docs" / "guide.md").write_text("# Guide\n")
    (driver / "context").mkdir()
    (driver / "context" / "notes.md").write_text("notes\n")
    (driver / "pic.png").write_bytes(PNG)
    edit = script(
        tmp_path,
        "edit.json",
        [
            [
                {
                    "tool_call": {
                        "id": "c1",
                        "name": "write_file",
                        "args": {"path": "docs/new.md", "content": "New.\n"},
                    }
                }
            ],
            [{"text": "added docs/new.md"}],
        ],
    )
    far = {"custom": {"far": 1}, "num_cpus": 0.5}
    tasks = write_tasks(
        driver / "tasks.jsonl",
        [
            {
                "id": "edit",
                "prompt": "Add a page.",
                "copy_from": "repo",
                "options": {"add_dirs": ["context"], "images": ["pic.png"]},
                "env": scripted_env(edit),
                "resources": far,
            },
        ],
    )
    out = tmp_path / "out"
    backend = RayBackend(resource_wait=120)
    batch = run_batch(tasks, out=out, command=ENGINE, timeouts=TIMEOUTS, save_diff=True, backend=backend)
    finished: list[Any] = []
    runner = threading.Thread(target=lambda: finished.extend(batch))
    runner.start()
    try:
        wait_for(lambda: backend.waiting_for_resources == 1, what="the task packed, waiting for its node")
        driver.rename(tmp_path / "gone")  # the driver's paths now exist nowhere on this machine
        cluster.add_node(num_cpus=1, resources={"far": 1}, env_vars={"TMPDIR": str(far_tmp)})
    finally:
        runner.join(timeout=180)
    assert not runner.is_alive()
    (line,) = records(out)
    assert line["status"] == "succeeded", line["error"]
    assert line["files_changed"] == ["docs/new.md"] and line["files_changed_source"] == "workspace"
    assert "+New." in (out / line["diff"]).read_text()
    # It ran on the second node (its TMPDIR holds the scratch root), which removed its scratch.
    root = far_tmp / f"zero-batch-scratch-{os.getuid()}"
    assert root.is_dir() and list(root.iterdir()) == []
    assert not (Path(os.environ["TMPDIR"]) / root.name).exists()


def test_a_task_asking_for_a_resource_no_node_has_fails_after_the_wait(
    tmp_path: Path, two_nodes: tuple[Any, Path]
) -> None:
    hello = script(tmp_path, "hello.json", [[{"text": "hi"}]])
    tasks = write_tasks(
        tmp_path / "tasks.jsonl",
        [{"id": "gpu", "prompt": "hi", "env": scripted_env(hello), "resources": {"custom": {"nowhere": 2}}}],
    )
    started = time.monotonic()
    batch = run_batch(tasks, out=tmp_path / "out", command=ENGINE, backend=RayBackend(resource_wait=1))
    (record,) = list(batch)
    assert time.monotonic() - started < 30
    assert record.status == "failed" and record.error is not None
    assert (record.error.kind, record.error.retryable) == ("resources", False)
    assert "no node of the Ray cluster has the resources this task asks for (CPU=1, nowhere=2)" in (
        record.error.message
    )


def test_every_way_of_not_reaching_a_cluster_is_one_line_and_exit_3(tmp_path: Path) -> None:
    tasks = write_tasks(tmp_path / "tasks.jsonl", [{"id": "a", "prompt": "hi"}])
    env = {**os.environ, "HOME": str(tmp_path), "RAY_AUTH_MODE": "disabled"}
    # An open port that is not Ray: Ray alone retries it for minutes (about 40 s per try).
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)  # connections wait in the backlog, never answered
    not_ray = f"127.0.0.1:{silent.getsockname()[1]}"
    cases = {
        "127.0.0.1:1": "cannot reach the Ray cluster at 127.0.0.1:1: Connection refused (after at most 5 s",
        "ray://127.0.0.1:1": "ray://127.0.0.1:1: a ray:// address needs Ray Client",
        not_ray: f"cannot use the Ray cluster at {not_ray}: something listens there but does not answer "
        "as a Ray cluster does (no gRPC handshake) (within 5 s; --ray-connect-timeout)",
    }
    problems: list[tuple[object, ...]] = []
    for address, said in cases.items():
        started = time.monotonic()
        done = subprocess.run(
            [*batch_argv(tasks, tmp_path / "out", "--backend", "ray", "--json"), "--ray-address", address,
             "--ray-connect-timeout", "5"],
            capture_output=True, text=True, timeout=120, check=False, env=env,
        )  # fmt: skip
        took = time.monotonic() - started
        if done.returncode != 3 or done.stdout or done.stderr.count("\n") != 1 or said not in done.stderr:
            problems.append((address, done.returncode, done.stdout, done.stderr))
        if took > 60:
            problems.append((address, f"took {took:.0f} s"))
        # Nothing ran, nothing holds the directory: the next driver may start at once.
        assert not (tmp_path / "out" / "results.jsonl").exists() or not records(tmp_path / "out")
    silent.close()
    assert problems == []


def test_the_cli_on_ray_prints_only_the_json_summary_when_a_worker_dies(
    tmp_path: Path, two_nodes: tuple[Any, Path]
) -> None:
    # Ray tells the driver about the dead worker (`(raylet) A worker died ...`): that must not
    # land on stdout, where `--json` promises one JSON document and nothing else.
    cluster, _ = two_nodes
    marker = f"ZERO_BATCH_TEST_MARKER={os.urandom(8).hex()}"
    name, value = marker.split("=")
    slow = script(tmp_path, "slow.json", [[{"sleep": 2}, {"text": "made it"}]])
    tasks = write_tasks(
        tmp_path / "tasks.jsonl",
        [
            {
                "id": "victim",
                "prompt": "hi",
                "env": scripted_env(slow, **{name: value}),
                "resources": {"num_cpus": 0.5},
            }
        ],
    )
    argv = [*batch_argv(tasks, tmp_path / "out", "--backend", "ray", "--json", "--backoff", "0.1"),
            "--ray-address", cluster.address, "--command", ENGINE]  # fmt: skip
    env = {**os.environ, "HOME": str(tmp_path), "TMPDIR": str(tmp_path), "RAY_AUTH_MODE": "disabled"}
    driver = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, start_new_session=True
    )
    try:
        engine = wait_for(lambda: processes_with(marker), what="the run on a Ray worker")[0]
        os.kill(parent_of(engine), signal.SIGKILL)
        stdout, stderr = driver.communicate(timeout=180)
    finally:
        if driver.poll() is None:
            os.killpg(driver.pid, signal.SIGKILL)
    assert driver.returncode == 0, stderr
    assert "A worker died or was killed" in stderr  # what Ray said went to stderr, not stdout
    summary = json.loads(stdout)  # the whole of stdout is one JSON document
    assert (summary["succeeded"], summary["retries"]) == (1, 1)
    assert [(r["attempt"], r["status"]) for r in records(tmp_path / "out")] == [
        (1, "failed"),
        (2, "succeeded"),
    ]
