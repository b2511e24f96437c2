"""bash and exec_command in unsafe mode, run inside the engine's OS sandbox."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from zero_engine.tools.base import Display, ToolExecution
from zero_engine.tools.registry import ToolRegistry

ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "ZERO_ENGINE_TEST_GUARD": "1"}


@pytest.fixture(autouse=True)
def _own_tmpdir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry's TMPDIR (spill files, the tools' private area) is the test's, never /tmp."""
    monkeypatch.setitem(ENV, "TMPDIR", str(tmp_path_factory.mktemp("TMPDIR")))


def call(registry: ToolRegistry, name: str, **arguments: object) -> ToolExecution:
    return registry.execute("call_1", name, json.dumps(arguments))


def test_bash_runs_in_the_workspace(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    registry = ToolRegistry(tmp_path, "unsafe", environ=ENV)
    execution = call(registry, "bash", command="pwd; echo made > out.txt", cwd="sub")
    assert execution.result.status == "ok"
    assert execution.result.output == "stdout:\n" + os.path.realpath(tmp_path / "sub")
    assert (tmp_path / "sub" / "out.txt").read_text() == "made\n"
    meta = execution.result.meta
    assert (meta["exit_code"], meta["cwd"], meta["timeout_ms"]) == ("0", "sub", "120000")
    assert meta["sandbox_backend"] == "linux-bwrap" and meta["output_budget_category"] == "process"
    assert meta["sandbox_cwd"] == os.path.realpath(tmp_path / "sub") and meta["sandbox_wrapped"] == "true"
    assert execution.result.display is None
    assert execution.permission is not None and execution.permission.permission_granted is True
    assert call(registry, "bash", command="true").result.output == "Command completed with no output."


def test_bash_reports_exit_code_and_stderr(tmp_path: Path) -> None:
    registry = ToolRegistry(tmp_path, "unsafe", environ=ENV)
    result = call(registry, "bash", command="echo out; echo err >&2; exit 7").result
    assert result.status == "error"
    assert result.output == "stdout:\nout\nstderr:\nerr\nexit_code: 7"
    assert result.meta["exit_code"] == "7" and result.meta["raw_bytes"] == "8"


def test_bash_timeout_kills_the_process_group(tmp_path: Path) -> None:
    registry = ToolRegistry(tmp_path, "unsafe", environ=ENV)
    # The background child would create the marker after the timeout if the group survived.
    command = "(sleep 1.5; touch late.txt) & sleep 30"
    result = call(registry, "bash", command=command, timeout_ms=200).result
    assert result.status == "error"
    assert result.output == "Error: Command timed out after 200ms."
    assert result.meta["exit_code"] == "-1"
    time.sleep(2)  # give a surviving child the chance to write its marker
    assert not (tmp_path / "late.txt").exists()


def test_bash_output_secrets_get_typed_markers_and_a_note(tmp_path: Path) -> None:
    registry = ToolRegistry(tmp_path, "unsafe", environ=ENV)
    token = "ghp_" + "a1b2c3d4e5" * 4  # Zero's scanner wants 36+ characters after ghp_
    result = call(registry, "bash", command=f"echo {token}; echo sk-proj-{'x9' * 12} >&2").result
    assert "[REDACTED:github_token]" in result.output
    assert "[REDACTED:openai_key]" in result.output
    assert result.output.endswith("[zero] redacted 2 likely secret(s) from this output before showing it.")
    assert token not in result.output


def test_bash_argument_errors(tmp_path: Path) -> None:
    registry = ToolRegistry(tmp_path, "unsafe", environ=ENV)
    assert call(registry, "bash").result.output == "Error: Invalid arguments for bash: command is required"
    assert (
        call(registry, "bash", command="true", timeout_ms=10**7).result.output
        == "Error: Invalid arguments for bash: timeout_ms must be at most 600000"
    )
    missing = call(registry, "bash", command="true", cwd="nope").result.output
    assert missing == f"Error running bash: lstat {tmp_path.resolve()}/nope: no such file or directory"


def test_exec_command_single_shot(tmp_path: Path) -> None:
    (tmp_path / "w").mkdir()
    registry = ToolRegistry(tmp_path, "unsafe", environ=ENV)
    result = call(registry, "exec_command", cmd="echo hi; echo there >&2", workdir="w").result
    assert result.status == "ok"
    assert result.output == "output:\nhi\nthere\nexit_code: 0"
    assert result.display == Display(summary="echo hi; echo there >&2 exited with code 0", kind="shell")
    assert (result.meta["cwd"], result.meta["tty"], result.meta["exit_code"]) == ("w", "false", "0")
    failed = call(registry, "exec_command", cmd="exit 3").result
    assert failed.status == "error" and failed.output == "Command completed with no output.\nexit_code: 3"
    assert (
        call(registry, "exec_command", cmd=["sh"]).result.output
        == "Error: Invalid arguments for exec_command: cmd must be a string"
    )
    capped = call(registry, "exec_command", cmd="printf '%0400d' 0", max_output_tokens=20).result
    # Zero's process policy keeps whole lines: the one long line does not fit and is left out.
    assert capped.truncated and capped.meta["output_budget_reason"] == "semantic_process_budget"
    assert capped.output == "output:\n[zero] ... 1 section(s) omitted ...\nexit_code: 0"
    assert capped.meta["output_budget_spill_created"] == "true"
    assert Path(capped.meta["spill_path"]).read_text().startswith("output:\n" + "0" * 400)


def test_the_test_guard_stops_a_destructive_command_before_it_starts(tmp_path: Path) -> None:
    """The guard the suite runs under: a command the policy must refuse never reaches a process,
    even when a caller skips the policy and runs the tool directly."""
    from zero_engine.tools.process_sandbox import DestructiveCommandReachedExecution, ToolProcesses
    from zero_engine.tools.shell import run_shell

    victim = tmp_path / "victim"
    victim.mkdir()
    processes = ToolProcesses(ENV, 2, (str(tmp_path),))
    with pytest.raises(DestructiveCommandReachedExecution, match="reached execution"):
        run_shell(f"rm -r -f {victim}", tmp_path, processes, 5_000)
    assert victim.is_dir()
    # Without the guard (as users run the engine) the policy alone decides; the runner runs.
    unguarded = ToolProcesses({"PATH": ENV["PATH"], "TMPDIR": ENV["TMPDIR"]}, 2, (str(tmp_path),))
    harmless = run_shell("echo ran", tmp_path, unguarded, 5_000)
    assert harmless.stdout == "ran\n"


def test_a_shell_tool_refuses_when_no_sandbox_can_start(tmp_path: Path) -> None:
    """Fail closed: without a usable sandbox the tool refuses, naming the cause and the fix;
    the command never reaches a process (the marker file is not created)."""
    registry = ToolRegistry(tmp_path, "unsafe", environ={**ENV, "ZERO_ENGINE_SANDBOX": "bogus"})
    execution = call(registry, "bash", command="echo ran > ran.txt")
    assert execution.result.status == "error"
    assert execution.result.output.startswith(
        'Error: zero-engine cannot sandbox this command: ZERO_ENGINE_SANDBOX="bogus" is not "auto" or "off"'
    ), execution.result.output
    assert not (tmp_path / "ran.txt").exists()


def test_the_sandboxed_shell_sees_zeros_home(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """v2: the caller's HOME, the same path every run, as Zero's bwrap backend keeps it (read-only
    inside the sandbox unless it lies in a write root, as this test's /tmp one does); v1: the
    command's directory, with PATH and TERM set inside the cleared environment (bwrap's
    --clearenv drops what the process environment holds)."""
    home = tmp_path_factory.mktemp("home")
    env = {**ENV, "HOME": str(home), "TERM": "dumb"}
    v2 = ToolRegistry(tmp_path, "unsafe", environ=env)
    assert call(v2, "bash", command='echo "$HOME"').result.output == f"stdout:\n{home}"
    v1 = ToolRegistry(tmp_path, "unsafe", environ=env, schema_version=1)
    result = call(v1, "bash", command='echo "$HOME" "$TERM"; test -n "$PATH" && echo path').result
    assert result.output == f"stdout:\n{os.path.realpath(tmp_path)} dumb\npath"
