"""bash and exec_command in unsafe mode (the only mode that runs shell without a sandbox backend)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from zero_engine.tools.base import ToolExecution
from zero_engine.tools.registry import ToolRegistry

ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}


def call(registry: ToolRegistry, name: str, **arguments: object) -> ToolExecution:
    return registry.execute("call_1", name, json.dumps(arguments))


def test_bash_runs_in_the_workspace(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    registry = ToolRegistry(tmp_path, "unsafe", environ=ENV)
    execution = call(registry, "bash", command="pwd; echo made > out.txt", cwd="sub")
    assert execution.result.status == "ok"
    assert execution.result.output == os.path.realpath(tmp_path / "sub")
    assert (tmp_path / "sub" / "out.txt").read_text() == "made\n"
    assert execution.result.meta["exit_code"] == "0"
    assert execution.permission is not None and execution.permission.permission_granted is True


def test_bash_reports_exit_code_and_stderr(tmp_path: Path) -> None:
    registry = ToolRegistry(tmp_path, "unsafe", environ=ENV)
    result = call(registry, "bash", command="echo out; echo err >&2; exit 7").result
    assert result.status == "error"
    assert result.output == "out\n[stderr]\nerr\nExit code: 7"
    assert result.meta["exit_code"] == "7"


def test_bash_timeout_kills_the_process_group(tmp_path: Path) -> None:
    registry = ToolRegistry(tmp_path, "unsafe", environ=ENV)
    # The background child would create the marker after the timeout if the group survived.
    command = "(sleep 1.5; touch late.txt) & sleep 30"
    result = call(registry, "bash", command=command, timeout_ms=200).result
    assert result.status == "error"
    assert "timed out after 200 ms" in result.output
    assert result.meta["timed_out"] == "true"
    time.sleep(2)  # give a surviving child the chance to write its marker
    assert not (tmp_path / "late.txt").exists()


def test_bash_output_secrets_get_typed_markers_then_redacted_flag(tmp_path: Path) -> None:
    registry = ToolRegistry(tmp_path, "unsafe", environ=ENV)
    token = "ghp_" + "a1b2c3d4e5" * 4  # Zero's scanner wants 36+ characters after ghp_
    result = call(registry, "bash", command=f"echo {token}; echo sk-proj-{'x9' * 12} >&2").result
    assert "[REDACTED:github_token]" in result.output
    assert "[REDACTED:openai_key]" in result.output
    assert token not in result.output


def test_bash_argument_errors(tmp_path: Path) -> None:
    registry = ToolRegistry(tmp_path, "unsafe", environ=ENV)
    assert '"command" is required' in call(registry, "bash").result.output
    assert (
        '"timeout_ms" must be at most 600000'
        in call(registry, "bash", command="true", timeout_ms=10**7).result.output
    )


def test_exec_command_single_shot(tmp_path: Path) -> None:
    (tmp_path / "w").mkdir()
    registry = ToolRegistry(tmp_path, "unsafe", environ=ENV)
    result = call(registry, "exec_command", cmd="echo hi; echo there >&2", workdir="w").result
    assert result.status == "ok"
    assert result.output == "Process exited with code 0\nOutput:\nhi\nthere\n"
    failed = call(registry, "exec_command", cmd=["sh", "-c", "exit 3"]).result
    assert failed.status == "error" and failed.output.startswith("Process exited with code 3")
    capped = call(registry, "exec_command", cmd="printf '%0100d' 0", max_output_tokens=5).result
    assert capped.truncated and capped.output.endswith("0" * 20) and "0" * 21 not in capped.output
