"""The warm engine (engine/zero_engine/warm.py): a run forked from a pre-imported server is
isolated like a fresh process, ends like one, and falls back to one when no server answers.

The isolation tests fork `tests/warm_probe.py`'s `main` instead of the engine's: it reports what a
run can see of its process and then leaves state of each kind behind, so the next run from the
same server shows any leak. The same probe run as a fresh process is the reference.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from engine_support import base_env, scripted_env, workspace
from zero_engine.warm import LAUNCHER, WarmEngine

TESTS = Path(__file__).resolve().parent
ENGINE = str(Path(sys.executable).parent / "zero-engine")


@pytest.fixture(scope="module")
def probe(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, WarmEngine]]:
    """An executable probe script (the "engine" of a fresh run) and a warm server forking its main."""
    root = tmp_path_factory.mktemp("probe")
    shutil.copy(TESTS / "warm_probe.py", root / "warm_probe.py")
    script = root / "probe"
    script.write_text(
        f"#!{sys.executable}\nimport sys\nfrom warm_probe import main\nraise SystemExit(main(sys.argv[1:]))\n"
    )
    script.chmod(0o755)
    server = WarmEngine(str(script), env=_env(root), directory=str(root), main="warm_probe:main")
    server.start()
    yield str(script), server
    server.stop()


def _env(root: Path, **extra: str) -> dict[str, str]:
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(root), "TMPDIR": str(root), **extra}


def _run(argv: list[str], *, env: dict[str, str], cwd: Path, stdin: bytes = b"", umask: int | None = None,
         ) -> subprocess.CompletedProcess[bytes]:  # fmt: skip
    def set_umask() -> None:
        if umask is not None:
            os.umask(umask)

    # In a session of its own, as zero_client starts every run.
    return subprocess.run(argv, input=stdin, capture_output=True, env=env, cwd=cwd, timeout=60,
                          preexec_fn=set_umask, start_new_session=True)  # fmt: skip


def _comparable(out: bytes) -> dict[str, object]:
    state: dict[str, object] = json.loads(out)
    return state


def test_one_runs_state_is_not_visible_to_the_next(probe: tuple[str, WarmEngine], tmp_path: Path) -> None:
    script, server = probe
    first_dir, second_dir = tmp_path / "one", tmp_path / "two"
    first_dir.mkdir()
    second_dir.mkdir()
    reports = []
    runs = ((first_dir, 0o022, "one"), (second_dir, 0o027, "two"), (first_dir, 0o002, "three"))
    for cwd, umask, marker in runs:
        env = _env(tmp_path, RUN_MARKER=marker)
        warm = _run([*server.command(), "report", marker], env=env, cwd=cwd, umask=umask)
        fresh = _run([script, "report", marker], env=env, cwd=cwd, umask=umask)
        assert warm.returncode == fresh.returncode == 0, (warm.stderr, fresh.stderr)
        warm_state, fresh_state = _comparable(warm.stdout), _comparable(fresh.stdout)
        # Everything a run sees of its process is what a fresh process sees ...
        assert warm_state == fresh_state
        reports.append(warm_state)
    for state, (cwd, umask, marker) in zip(reports, runs, strict=True):
        # ... and nothing the runs before it left behind (module state, env, umask, cwd, handlers,
        # signal mask, threads, sys.modules) reaches it.
        assert state["runs_before"] == 0
        seen_env = state["env"]
        assert isinstance(seen_env, dict)
        assert seen_env["RUN_MARKER"] == marker and "WARM_PROBE_LEFTOVER" not in seen_env
        assert state["cwd"] == str(cwd) and state["umask"] == umask
        assert state["threads"] == 1 and state["leftover_module"] is False
        assert state["own_session"] is True
        assert state["argv_tail"] == ["report", marker]


def test_exit_status_signals_and_stdin_are_those_of_a_fresh_process(
    probe: tuple[str, WarmEngine], tmp_path: Path
) -> None:
    script, server = probe
    env = _env(tmp_path)
    cases: list[tuple[list[str], bytes]] = [
        (["exit", "0"], b""),
        (["exit", "3"], b""),
        (["exit", "300"], b""),  # & 0xFF, as the OS does
        (["sys-exit", "a message"], b""),  # printed to stderr, status 1
        (["raise"], b""),  # traceback, status 1
        (["kill-self", "SIGTERM"], b""),
        (["kill-self", "SIGKILL"], b""),
        (["kill-self", "SIGINT"], b""),  # KeyboardInterrupt in Python: death by SIGINT
        (["stdin"], b"one\ntwo\nthree"),
        (["stdin"], b""),  # stdin at EOF at once
        (["nonsense"], b""),
    ]
    mismatches = []
    for args, stdin in cases:
        warm = _run([*server.command(), *args], env=env, cwd=tmp_path, stdin=stdin)
        fresh = _run([script, *args], env=env, cwd=tmp_path, stdin=stdin)
        # stderr: its last line (a traceback's frames name different files: the script, the server).
        seen = (warm.returncode, warm.stdout, warm.stderr.splitlines()[-1:])
        want = (fresh.returncode, fresh.stdout, fresh.stderr.splitlines()[-1:])
        if seen != want:
            mismatches.append(f"{args}: warm {seen} fresh {want}")
    assert not mismatches, "\n".join(mismatches)


def test_a_signal_to_the_launcher_reaches_the_run(probe: tuple[str, WarmEngine], tmp_path: Path) -> None:
    _, server = probe
    proc = subprocess.Popen([*server.command(), "wait"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=_env(tmp_path), cwd=tmp_path)  # fmt: skip
    assert proc.stdout is not None
    child = int(proc.stdout.readline())
    proc.send_signal(signal.SIGINT)
    proc.wait(30)
    assert proc.returncode == -signal.SIGINT  # the run died of it, and the launcher mirrors that
    _gone(child)


def test_killing_the_launcher_ends_the_run(probe: tuple[str, WarmEngine], tmp_path: Path) -> None:
    _, server = probe
    proc = subprocess.Popen([*server.command(), "wait"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            env=_env(tmp_path), cwd=tmp_path)  # fmt: skip
    assert proc.stdout is not None
    child = int(proc.stdout.readline())
    proc.kill()
    proc.wait(30)
    _gone(child)


def _gone(pid: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat", "rb") as handle:
                if handle.read().rsplit(b")", 1)[1].split()[0] == b"Z":
                    return
        except FileNotFoundError:
            return
        time.sleep(0.02)
    raise AssertionError(f"run {pid} still alive")


def test_without_a_server_or_when_declined_the_launcher_runs_fresh(
    probe: tuple[str, WarmEngine], tmp_path: Path
) -> None:
    script, server = probe
    no_server = [sys.executable, "-I", "-S", str(LAUNCHER), str(tmp_path / "no.sock"), script]
    declined_env = _env(tmp_path, PYTHONWARNINGS="ignore")  # the server was started without it
    for command, env in ((no_server, _env(tmp_path)), (server.command(), declined_env)):
        proc = subprocess.Popen([*command, "wait"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                env=env, cwd=tmp_path)  # fmt: skip
        assert proc.stdout is not None
        # The launcher became the fresh process (execv): the run's pid is the launcher's.
        assert int(proc.stdout.readline()) == proc.pid
        proc.kill()
        proc.wait(30)


def test_the_engine_runs_the_same_warm_and_fresh(tmp_path: Path) -> None:
    """The real engine through a warm server: same events, exit codes and stderr as fresh."""
    turns: list[list[dict[str, Any]]] = [[{"text": "Hello."}, {"usage": {"prompt": 10, "completion": 2}}]]
    ws = workspace(tmp_path)
    env = scripted_env(tmp_path, 2, turns)
    prompt = b'{"content":"hi","schemaVersion":2,"type":"prompt"}\n'
    stream = ["exec", "--input-format", "stream-json", "--output-format", "stream-json"]
    cases: list[tuple[list[str], bytes, dict[str, str]]] = [
        (stream, prompt, env),
        (stream, b"", env),  # stdin at EOF at once
        (["exec", "--bogus"], b"", env),
        (["exec", "--list-tools", "-o", "stream-json"], b"", base_env(tmp_path, 1)),
        (["nonsense"], b"", env),
    ]
    with WarmEngine(ENGINE, env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
                    directory=str(tmp_path)) as server:  # fmt: skip
        mismatches = []
        for args, stdin, run_env in cases:
            warm = _run([*server.command(), *args], env=run_env, cwd=ws, stdin=stdin)
            fresh = _run([ENGINE, *args], env=run_env, cwd=ws, stdin=stdin)
            seen, want = (warm.returncode, _ids_out(warm.stdout), warm.stderr), (
                fresh.returncode, _ids_out(fresh.stdout), fresh.stderr)  # fmt: skip
            if seen != want:
                mismatches.append(f"{args}: warm {seen!r}\n  fresh {want!r}")
    assert not mismatches, "\n".join(mismatches)


def _ids_out(stdout: bytes) -> list[dict[str, object]]:
    events = [json.loads(line) for line in stdout.splitlines()]
    for event in events:
        for key in ("runId", "sessionId"):
            if key in event:
                event[key] = key
    return events


def test_the_kit_runs_fresh_when_its_server_cannot_start(monkeypatch: pytest.MonkeyPatch) -> None:
    from zero_client.testing import pytest_plugin
    from zero_engine import warm

    def refuse(self: WarmEngine, timeout: float = 30.0) -> None:
        raise OSError("no server today")

    monkeypatch.setattr(warm.WarmEngine, "start", refuse)
    monkeypatch.setattr(pytest_plugin, "_warm", {"enabled": True, "server": None, "failed": False})
    assert pytest_plugin.engine_command() == [ENGINE]  # the fresh console script
    assert pytest_plugin._warm["failed"] is True


def test_a_server_whose_owner_died_exits_and_cleans_up(tmp_path: Path) -> None:
    """The server stops when the process that started it is gone, removing its socket and the
    private directory WarmEngine made (nothing is left in TMPDIR)."""
    owner = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfrom zero_engine.warm import WarmEngine\n"
         f"w = WarmEngine({ENGINE!r}, directory={str(tmp_path)!r}); w.start()\n"
         "print(w.socket_path, w.process.pid, flush=True); time.sleep(60)"],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert owner.stdout is not None
    socket_path, pid = owner.stdout.readline().split()
    owner.kill()
    owner.wait(30)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and (os.path.exists(os.path.dirname(socket_path)) or _alive(int(pid))):
        time.sleep(0.05)
    assert not os.path.exists(os.path.dirname(socket_path))
    assert not _alive(int(pid))


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            return handle.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except FileNotFoundError:
        return False
