"""The testing kit: the pytest plugin's fixtures, engine-only misbehaviour, replay and record.

These tests use the plugin itself (installed with the package through its pytest11 entry point)
and run against zero-engine; docs/testing.md's pytest example is run from the docs.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from zero_client.client import ZeroClient
from zero_client.testing import FakeModelServer, Script
from zero_client.testing import engine_script as es
from zero_client.testing import script as s
from zero_client.testing.pytest_plugin import MARKER, LeakChecker, Workspace, isolated_environ

ROOT = Path(__file__).resolve().parent.parent


def docs_example(marker: str) -> str:
    text = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    found = re.search(re.escape(f"<!-- kit-example:{marker} -->") + r"\n```\w+\n(.*?)```", text, re.DOTALL)
    assert found, f"docs/testing.md has no kit-example:{marker} block"
    return found.group(1)


def run_pytest(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "-q", *args],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_docs_pytest_example_passes_against_the_engine_and_can_fail(tmp_path: Path) -> None:
    example = docs_example("pytest")
    assert len(example.splitlines()) < 30
    (tmp_path / "test_example.py").write_text(example, encoding="utf-8")
    # The same tests with a wrong expectation must fail: the example checks what it claims to.
    (tmp_path / "test_broken.py").write_text(
        example.replace('== "It says hello."', '== "It says bye."'), encoding="utf-8"
    )
    done = run_pytest(tmp_path)
    assert "1 failed, 5 passed" in done.stdout, done.stdout + done.stderr
    assert "test_broken.py::test_tool_call" in done.stdout


def test_zero_bin_rejects_a_path_that_is_not_executable(tmp_path: Path) -> None:
    (tmp_path / "test_x.py").write_text("def test_x(zero_client):\n    pass\n", encoding="utf-8")
    done = run_pytest(tmp_path, f"--zero-bin={tmp_path / 'nope'}")
    assert done.returncode != 0
    assert "not an executable file" in done.stdout + done.stderr


def test_the_zero_client_marker_and_factory_pass_options(tmp_path: Path) -> None:
    """`@pytest.mark.zero_client(...)` gives the fixture's client ZeroClient options (a
    permission mode, extra arguments), `zero_client_factory(...)` makes more; the fixtures' own
    options (command, cwd, env) cannot be replaced, and that is one clear usage error."""
    (tmp_path / "test_x.py").write_text(
        "import pytest\n\n"
        "@pytest.mark.zero_client(permission_mode='plan', extra_args=['--max-turns', '3'])\n"
        "def test_marker(zero_client, zero_workspace):\n"
        "    assert zero_client.argv[-4:] == ['--permission-mode', 'plan', '--max-turns', '3']\n"
        "    assert zero_client.cwd == str(zero_workspace.path)\n\n"
        "def test_factory(zero_client_factory, zero_client):\n"
        "    unsafe = zero_client_factory(skip_permissions_unsafe=True)\n"
        "    assert unsafe.argv[-1] == '--skip-permissions-unsafe'\n"
        "    assert zero_client.argv[-1] != '--skip-permissions-unsafe'\n\n"
        "@pytest.mark.zero_client(cwd='/')\n"
        "def test_fixed(zero_client):\n"
        "    pass\n",
        encoding="utf-8",
    )
    done = run_pytest(tmp_path)
    out = done.stdout + done.stderr
    assert "2 passed, 1 error" in out, out
    assert "@pytest.mark.zero_client: cwd: set by the fixtures" in out, out


def test_engine_only_tests_are_skipped_against_a_real_binary(tmp_path: Path) -> None:
    (tmp_path / "test_x.py").write_text(
        "import pytest\n\n@pytest.mark.zero_engine_only\ndef test_a():\n    pass\n\n"
        "def test_b(zero_engine_client):\n    pass\n\ndef test_c(zero_client):\n    pass\n",
        encoding="utf-8",
    )
    done = run_pytest(tmp_path, "--zero-bin=/bin/true", "-rs")
    assert "1 passed, 2 skipped" in done.stdout, done.stdout + done.stderr
    assert "needs zero-engine" in done.stdout


def test_isolated_environ_drops_keys_and_provider_settings(tmp_path: Path) -> None:
    developer = {
        "PATH": "/usr/bin",
        "OPENAI_API_KEY": "sk-real",
        "ZERO_PROVIDER": "x",
        "GITHUB_TOKEN": "t",
        "ANTHROPIC_BASE_URL": "u",
        "my_secret": "s",
        "LANG": "C.UTF-8",
        "HOME": "/home/dev",
    }
    env = isolated_environ(developer, tmp_path)
    assert {name for name in developer if name in env} == {"PATH", "LANG", "HOME"}
    assert env["HOME"] == str(tmp_path / "home") and Path(env["XDG_CONFIG_HOME"]).is_dir()


def test_zero_env_points_at_the_model_and_is_applied(
    zero_env: dict[str, str], zero_model: FakeModelServer, tmp_path: Path
) -> None:
    assert zero_env["OPENAI_BASE_URL"] == zero_model.base_url
    assert os.environ["HOME"] == zero_env["HOME"] and Path(zero_env["HOME"]).is_relative_to(tmp_path)
    kept = {"ZERO_SCHEMA_VERSION", "ZERO_SDK_LAYER_ROOT", MARKER}
    assert not {name for name in os.environ if name.startswith("ZERO_")} - kept
    # The SDK's layers: a directory of the test's own, outside /tmp (every run's write root).
    layer_root = Path(zero_env["ZERO_SDK_LAYER_ROOT"])
    assert layer_root.name.startswith("test-") and not layer_root.is_relative_to("/tmp")


def test_workspace_files(zero_workspace: Workspace) -> None:
    zero_workspace.write({"a/b.txt": "x", "c.bin": b"\0"})
    assert zero_workspace.read("a/b.txt") == "x" and zero_workspace.exists("c.bin")


def test_engine_crash_without_run_end(zero_engine_client: Callable[[es.EngineScript], ZeroClient]) -> None:
    client = zero_engine_client(es.EngineScript([es.turn(es.text("Hi"), es.misbehave.crash(code=7))]))
    result = client.run("hi", check=False)
    assert result.exit_code is None and result.text == "Hi"  # no run_end
    assert "exited with code 7 without a run_end event" in str(result.error)


def test_engine_huge_line_and_stderr_flood(
    zero_engine_client: Callable[[es.EngineScript], ZeroClient],
) -> None:
    script = es.EngineScript([es.turn(es.misbehave.stderr_flood(200_000), es.misbehave.huge_line(3_000_000))])
    result = zero_engine_client(script).run("hi", check=False)
    assert result.text == "x" * 3_000_000 and result.exit_code == 0
    assert result.stderr_tail.endswith("e" * 100)


def test_ignored_sigterm_and_a_grandchild_leave_nothing_behind(
    zero_engine_client: Callable[[es.EngineScript], ZeroClient], tmp_path: Path, assert_no_leaks: LeakChecker
) -> None:
    pidfile = tmp_path / "grandchild.pid"
    script = es.EngineScript(
        [es.turn(es.misbehave.ignore_sigterm(), es.misbehave.spawn_child(pidfile), es.misbehave.hang())]
    )
    with zero_engine_client(script).stream("hi", check=False) as run:
        deadline = time.monotonic() + 30
        while not (pidfile.exists() and pidfile.read_text().strip()) and time.monotonic() < deadline:
            time.sleep(0.05)
        grandchild = int(pidfile.read_text())
        started = _process_state_and_start(grandchild)
        assert started is not None, "the grandchild runs"
        assert assert_no_leaks.leaks(), "the running engine and its grandchild count as leaks"
    run.close()
    assert_no_leaks()
    # Gone, or a zombie nobody reaps (a container's pid 1 may not): either way it no longer runs.
    # A busy machine may hand the pid to a new process at once: that one has another start time.
    after = _process_state_and_start(grandchild)
    assert after is None or after[1] != started[1] or after[0] == "Z", after


def _process_state_and_start(pid: int) -> tuple[str, int] | None:
    """A process's state letter and start time (clock ticks after boot), or None once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return fields[0], int(fields[19])


def test_the_leak_checker_finds_a_reparented_grandchild_and_an_fd(
    zero_env: dict[str, str], assert_no_leaks: LeakChecker
) -> None:
    subprocess.run(["sh", "-c", "sleep 30 >/dev/null 2>&1 &"], env=zero_env, check=True)
    handle = open(os.devnull)  # noqa: SIM115 - deliberately left open for the checker to see
    leaks = assert_no_leaks.leaks()
    handle.close()
    sleepers = [int(line.split()[1]) for line in leaks if line.startswith("process")]
    assert len(sleepers) == 1 and any(line.startswith("fd ") for line in leaks), leaks
    with pytest.raises(AssertionError, match="sleep 30"):
        assert_no_leaks(timeout=0.2)
    os.kill(sleepers[0], signal.SIGKILL)
    assert_no_leaks()


def golden_stdout(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    golden = json.loads((ROOT / "conformance/goldens/v2/add_dir_write.json").read_text(encoding="utf-8"))
    step = golden["steps"][0]
    transcript = tmp_path / "golden.jsonl"
    # Goldens are normalised (`<RUN_ID_1>`); a transcript a binary wrote has real ids.
    step["stdout"] = [
        line.replace("<RUN_ID_1>", "run_1").replace("<SESSION_ID_1>", "s_1") for line in step["stdout"]
    ]
    transcript.write_text("".join(step["stdout"]), encoding="utf-8")
    return transcript, step


def test_replay_fixture_plays_a_transcript(zero_replay: Callable[..., ZeroClient], tmp_path: Path) -> None:
    transcript, step = golden_stdout(tmp_path)
    result = zero_replay(transcript).run("anything")
    assert result.final_text == "Done." and result.exit_code == step["exit_code"] == 0
    assert [event.type for event in result.events] == [json.loads(line)["type"] for line in step["stdout"]]
    failed = zero_replay(transcript, exit_code=5).run("anything", check=False)
    assert failed.exit_code == 5


def test_zero_sdk_replay_reads_stdin_ignores_flags_and_reports_bad_input(tmp_path: Path) -> None:
    transcript, step = golden_stdout(tmp_path)
    zero_sdk = [sys.executable, "-m", "zero_sdk"]
    done = subprocess.run(
        [
            *zero_sdk,
            "replay",
            "--exit-code",
            "4",
            str(transcript),
            "exec",
            "-o",
            "stream-json",
            "--model",
            "m",
            "task",
        ],
        input="x" * 1_000_000,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 4 and done.stdout == "".join(step["stdout"]), done.stderr
    missing = subprocess.run(
        [*zero_sdk, "replay", str(tmp_path / "nope.jsonl")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert missing.returncode == 2
    assert missing.stderr.startswith(f"replay: cannot read transcript {tmp_path / 'nope.jsonl'}")
    assert "Traceback" not in missing.stderr


def test_record_passes_through_redacts_and_the_recording_replays(tmp_path: Path) -> None:
    secret = "sk-secret-0123456789"
    upstream_script = Script(
        [s.tool_calls(s.call("read_file", {"path": "a.txt"})), s.text(f"Listed. {secret}")]
    )
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "a.txt").write_text("hello\n", encoding="utf-8")
    env = isolated_environ(os.environ, tmp_path / "env")
    env.update({"OPENAI_API_KEY": secret, "OPENAI_MODEL": "gpt-4o-mini", "ZERO_SCHEMA_VERSION": "2"})
    stem = tmp_path / "out" / "run"
    with FakeModelServer(upstream_script) as upstream:  # stands in for the real upstream
        env["OPENAI_BASE_URL"] = upstream.base_url
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "zero_sdk",
                "record",
                "-o",
                str(stem),
                "--",
                sys.executable,
                "-m",
                "zero_engine",
                "exec",
                "-o",
                "stream-json",
                "read it",
            ],
            cwd=workspace,
            env=env,
            input="",
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert [r.headers.get("authorization") for r in upstream.requests] == [f"Bearer {secret}"] * 2
    files = {
        suffix: Path(f"{stem}.{suffix}").read_text(encoding="utf-8")
        for suffix in ("jsonl", "run.json", "script.json")
    }
    for suffix, text in files.items():
        assert secret not in text, suffix
    # zero-engine redacts the key in its own output; record redacts what the model said.
    assert "Listed. [REDACTED]" in files["jsonl"] and "Listed. <REDACTED>" in files["script.json"]
    run = json.loads(files["run.json"])
    assert run["exit_code"] == 0 and len(run["requests"]) == 2 and run["argv"][-1] == "read it"
    # The replayable script drives the engine to the same events, with no upstream at all.
    with FakeModelServer(Script.loads(files["script.json"])) as replayed:
        env["OPENAI_BASE_URL"] = replayed.base_url
        again = subprocess.run(
            [sys.executable, "-m", "zero_engine", "exec", "-o", "stream-json", "read it"],
            cwd=workspace,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    def types(text: str) -> list[str]:
        return [json.loads(line)["type"] for line in text.splitlines()]

    assert types(again.stdout) == types(files["jsonl"]) and again.returncode == run["exit_code"]


def test_record_without_a_model_says_what_it_needs(tmp_path: Path) -> None:
    env = {name: value for name, value in os.environ.items() if name != "OPENAI_BASE_URL"}
    done = subprocess.run(
        [sys.executable, "-m", "zero_sdk", "record", "--", "true"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2 and "set OPENAI_BASE_URL" in done.stderr and "Traceback" not in done.stderr


def test_script_helpers_for_retries_stalls_and_malformed_streams() -> None:
    retried = s.retried(s.text("Hi."), status=503, times=2)
    assert [reply.status for reply in retried] == [503, 503, 200]
    stalled = s.stalled(s.text("Hi."), after_events=1, seconds=0.5)
    malformed = s.malformed_stream("partial")
    assert '{"choices": [oops' in malformed.events
    again = Script.from_json(Script([*retried, stalled, malformed]).to_json())
    assert again.replies[3].stall_after == 1 and again.replies[3].stall_seconds == 0.5
    assert again.replies[4].events == malformed.events


def test_a_malformed_stream_fails_the_run(zero_client: ZeroClient, zero_model: FakeModelServer) -> None:
    zero_model.enqueue(s.malformed_stream("partial"))
    result = zero_client.run("hi", check=False)
    assert result.exit_code != 0 and result.errors


def test_a_kit_test_serves_custom_tools(
    zero_bin: list[str], zero_workspace: Workspace, zero_env: dict[str, str], zero_model: FakeModelServer
) -> None:
    """A user's test with the kit's isolated environment (HOME and TMPDIR under /tmp) can serve
    tools: the layer goes to zero_env's own layer root, removed after the test."""
    from zero_client import tool

    @tool
    def add(a: int, b: int) -> str:
        """Adds two integers."""
        return str(a + b)

    zero_model.enqueue(s.tool_calls(s.call("mcp_sdk_add", {"a": 40, "b": 2})), s.text("42"))
    client = ZeroClient(zero_bin, cwd=str(zero_workspace.path), env=zero_env, tools=[add])
    result = client.run("Add 40 and 2.")
    assert [call.output for call in result.tool_calls] == ["42"]


@pytest.mark.parametrize(
    ("name", "source"),
    [("node", "clients/typescript/test/testing.test.ts"), ("go", "clients/go/zerotest/zerotest_test.go")],
)
def test_the_docs_node_and_go_examples_are_the_tested_code(name: str, source: str) -> None:
    # node --test and go test run the marked region in scripts/test; the docs show it verbatim.
    text = (ROOT / source).read_text(encoding="utf-8")
    found = re.search(rf"// kit-example:{name} begin\n(.*?)// kit-example:{name} end\n", text, re.DOTALL)
    assert found, f"{source} has no kit-example:{name} region"
    assert docs_example(name) == found.group(1).rstrip() + "\n"


def _pytest_with_path(project: Path, path: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "-q", *args],
        cwd=project, capture_output=True, text=True, timeout=120, check=False,
        env={**os.environ, "PATH": path},
    )  # fmt: skip


def test_a_bad_zero_bin_is_one_error_for_the_session(tmp_path: Path) -> None:
    (tmp_path / "test_x.py").write_text(
        "".join(f"def test_{n}(zero_client):\n    pass\n\n" for n in range(3)), encoding="utf-8"
    )
    done = run_pytest(tmp_path, "--zero-bin=/nonexistent")
    output = done.stdout + done.stderr
    assert done.returncode == pytest.ExitCode.USAGE_ERROR, output
    assert output.count("--zero-bin=/nonexistent: not an executable file") == 1, output
    assert "test_0" not in output, output  # no test ran, none errored on its own


def test_a_real_zero_without_its_sandbox_helpers_is_warned_about_once(tmp_path: Path) -> None:
    # A stand-in for the real binary (it is never run: the tests use no fixture that runs it).
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    zero = bin_dir / "zero"
    zero.write_text("#!/bin/sh\nexit 0\n")
    zero.chmod(0o755)
    project = tmp_path / "project"
    project.mkdir()
    (project / "test_x.py").write_text(
        "".join(f"def test_{n}():\n    pass\n\n" for n in range(3)), encoding="utf-8"
    )
    done = _pytest_with_path(project, str(bin_dir), f"--zero-bin={zero}")
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert output.count("zero-linux-sandbox, bwrap not found") == 1, output
    # Zero finds its helper next to itself or on PATH, and bwrap on PATH: with both, no warning.
    for name in ("zero-linux-sandbox", "bwrap"):
        helper = bin_dir / name
        helper.write_text("#!/bin/sh\nexit 1\n")
        helper.chmod(0o755)
    done = _pytest_with_path(project, str(bin_dir), f"--zero-bin={zero}")
    assert done.returncode == 0 and "not found" not in done.stdout + done.stderr, done.stdout
