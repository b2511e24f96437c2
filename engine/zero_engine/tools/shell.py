"""The shell tools: bash and exec_command (single-shot: the command runs to completion).

Commands run in their own process group so a timeout kills the whole tree, not just `bash`.
Output passes through the secrets scanner (docs/protocol.md 5.3) before anything else sees it.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .args import Args, ToolFailure, zero_bool, zero_int, zero_text
from .base import Display, ToolSpec
from .changes import changed_files, snapshot
from .gofs import GoPathError
from .process_sandbox import ToolProcesses, refuse_in_test_suite
from .read_tools import resolve_read_path
from .secrets import count_secrets, redact_secrets
from .toolkit import Tool, ToolContext, ToolOutput, object_schema, shell_sandbox_properties

DEFAULT_TIMEOUT_MS = 120_000
MAX_TIMEOUT_MS = 600_000
# After a kill, how long to wait for the pipes to drain before giving up on the rest.
_DRAIN_SECONDS = 2.0


@dataclass(frozen=True)
class Completed:
    stdout: str  # decoded, secrets redacted
    stderr: str
    exit_code: int | None  # None: killed on timeout
    raw_stdout: bytes = b""
    raw_stderr: bytes = b""
    secrets: int = 0  # how many likely secrets the scanner replaced
    blocked: str | None = None  # the protected path the command created (it was killed)


def denial_meta(completed: Completed) -> dict[str, str]:
    """The meta Zero adds when its helper blocked a protected path."""
    if completed.blocked is None:
        return {}
    from .sandbox_guard import DENIAL_REASON

    return {
        "sandbox_denial_capability": "protected_metadata",
        "sandbox_denial_kind": "sandbox",
        "sandbox_denial_reason": DENIAL_REASON,
        "sandbox_denial_scope": completed.blocked,
        "sandbox_likely_denied": "true",
    }


def run_shell(
    command: str,
    cwd: Path,
    processes: ToolProcesses,
    timeout_ms: int,
    *,
    merge_stderr: bool = False,
    scan_secrets: bool = True,
    schema_version: int = 2,
    stdin: bytes | None = None,
    extra_env: Mapping[str, str] | None = None,
) -> Completed:
    """Run `command` with /bin/sh in `cwd`, inside the run's OS sandbox (process_sandbox.py).
    `stdin`: what the command reads (else nothing); `extra_env`: variables added to the
    environment the sandbox builds (a plugin's AGENT_PLUGIN_ROOT)."""
    # Imported here, not at module load: every engine run imports this module before run_start,
    # and most never start a shell.
    import subprocess

    refuse_in_test_suite(command, processes.environ)
    with processes.launch(command, str(cwd)) as launch:
        launch.env.update(extra_env or {})
        try:
            process = subprocess.Popen(
                launch.argv,
                cwd=cwd,
                env=launch.env,
                stdin=subprocess.DEVNULL if stdin is None else subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT if merge_stderr else subprocess.PIPE,
                start_new_session=True,  # its own process group, so a timeout can kill every child
                pass_fds=launch.pass_fds,
            )
        except OSError as error:
            raise ToolFailure(f"Error: could not start {launch.argv[0]}: {error.strerror or error}") from None
        launch.started(process.pid)
        try:
            stdout, stderr = process.communicate(stdin, timeout=timeout_ms / 1000)
            exit_code: int | None = process.returncode
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            try:
                stdout, stderr = process.communicate(timeout=_DRAIN_SECONDS)
            except subprocess.TimeoutExpired:
                # A child that left the process group still holds the pipe; give up on its output.
                process.kill()
                stdout, stderr = b"", b""
                process.wait()
            exit_code = None
    blocked = launch.blocked
    if blocked is not None:
        # As Zero's helper: its line on the command's stderr (after what the command wrote before
        # it was killed), and exit status 1.
        line = (launch.message + "\n").encode("utf-8", "surrogateescape")
        if merge_stderr:
            stdout = (stdout or b"") + line
        else:
            stderr = (stderr or b"") + line
        exit_code = 1
    out_text = (stdout or b"").decode("utf-8", errors="surrogateescape")
    err_text = (stderr or b"").decode("utf-8", errors="surrogateescape")
    # bash scans its output for credentials (typed markers); exec_command leaves that to the
    # registry's redactor, as Zero does.
    if not scan_secrets:
        return Completed(out_text, err_text, exit_code, stdout or b"", stderr or b"", blocked=blocked)
    out_clean = redact_secrets(out_text, schema_version)
    err_clean = redact_secrets(err_text, schema_version)
    return Completed(
        stdout=out_clean,
        stderr=err_clean,
        exit_code=exit_code,
        raw_stdout=stdout or b"",
        raw_stderr=stderr or b"",
        secrets=count_secrets(out_text, schema_version) + count_secrets(err_text, schema_version),
        blocked=blocked,
    )


def _working_directory(context: ToolContext, tool: str, requested: str) -> Path:
    try:
        absolute, _ = resolve_read_path(context, requested or ".")
    except GoPathError as error:
        raise ToolFailure(f"Error running {tool}: {error}") from None
    return Path(absolute)


_SANDBOX_PERMISSIONS = ("use_default", "with_additional_permissions", "require_escalated")


def _shell_arguments(tool: str, args: Args) -> dict[str, Any]:
    """The shell tool's arguments read as Zero reads them, with its error messages."""
    values = args.values
    try:
        if tool == "bash":
            parsed: dict[str, Any] = {
                "command": zero_text(values, _BASH_COMMAND_KEYS, required=True, allow_empty=False),
                "cwd": zero_text(values, ("cwd",), required=False, allow_empty=False, fallback="."),
                "timeout_ms": zero_int(values, "timeout_ms", DEFAULT_TIMEOUT_MS, 1, MAX_TIMEOUT_MS),
            }
        else:
            parsed = {
                "command": zero_text(values, _EXEC_COMMAND_KEYS, required=True, allow_empty=False),
                "cwd": zero_text(values, _EXEC_WORKDIR_KEYS, required=False, allow_empty=True, fallback=".")
                or ".",
                "yield_time_ms": zero_int(values, "yield_time_ms", 10_000, 1),
                "max_output_tokens": zero_int(values, "max_output_tokens", 10_000, 1, 200_000),
                "tty": zero_bool(values, "tty"),
            }
    except ValueError as error:
        raise args.error(str(error)) from None
    mode = values.get("sandbox_permissions")
    if mode not in (None, "", *_SANDBOX_PERMISSIONS):
        raise args.error(
            'sandbox_permissions must be "use_default", "with_additional_permissions", or "require_escalated"'
        )
    return parsed


def _lenient_text(args: Args, keys: tuple[str, ...]) -> str:
    """A string argument for the sandbox's checks; bad arguments are the tool's to report."""
    try:
        return zero_text(args.values, keys, required=False, allow_empty=True)
    except ValueError:
        return ""


# bash -----------------------------------------------------------------------------------------


_BASH_COMMAND_KEYS = ("command", "cmd", "script", "shell")
_EXEC_COMMAND_KEYS = ("cmd", "command", "script", "shell")
_EXEC_WORKDIR_KEYS = ("workdir", "cwd", "dir", "directory")


def _bash_command(args: Args) -> str:
    return _lenient_text(args, _BASH_COMMAND_KEYS)


def _bash_paths(args: Args) -> list[str]:
    cwd = _lenient_text(args, ("cwd",))
    return [cwd] if cwd else []


def _relative_cwd(context: ToolContext, directory: Path) -> str:
    relative = context.workspace.relative(directory)
    return relative if not relative.startswith("..") else str(directory)


def _bash(context: ToolContext, args: Args) -> ToolOutput:
    parsed = _shell_arguments("bash", args)
    command, timeout_ms = parsed["command"], parsed["timeout_ms"]
    directory = _working_directory(context, "bash", parsed["cwd"])
    root = str(context.workspace.real_root)
    # The v1-era bash reported no changed files; v2's does (exec_command always has).
    track_changes = context.schema_version >= 2
    before = snapshot(root) if track_changes else None
    completed = run_shell(
        command, directory, context.processes, timeout_ms, schema_version=context.schema_version
    )
    changed = changed_files(before, root)
    meta = {"cwd": _relative_cwd(context, directory), "timeout_ms": str(timeout_ms)}
    meta.update(context.processes.meta(str(directory)))
    meta.update(denial_meta(completed))
    if completed.exit_code is None:
        meta["exit_code"] = "-1"
        return ToolOutput(
            f"Error: Command timed out after {timeout_ms}ms.",
            status="error",
            meta=meta,
            changed_files=changed,
        )
    meta["exit_code"] = str(completed.exit_code)
    raw = len(completed.raw_stdout) + len(completed.raw_stderr)
    if context.schema_version >= 2:
        meta["raw_bytes"] = str(raw)
    stdout = completed.stdout.rstrip("\r\n")
    stderr = completed.stderr.rstrip("\r\n")
    parts = []
    if stdout:
        parts.append("stdout:\n" + stdout)
    if stderr:
        parts.append("stderr:\n" + stderr)
    if completed.exit_code != 0:
        parts.append(f"exit_code: {completed.exit_code}")
    if completed.secrets:
        parts.append(
            f"[zero] redacted {completed.secrets} likely secret(s) from this output before showing it."
        )
    text = "\n".join(parts) if parts else "Command completed with no output."
    status = "ok" if completed.exit_code == 0 else "error"
    return ToolOutput(text, status=status, meta=meta, changed_files=changed)


BASH = Tool(
    spec=ToolSpec(
        name="bash",
        safety_reason="Shell commands can read, write, or execute programs.",
        description="Run a bash command in the workspace and return its output and exit code.",
        side_effect="shell",
        permission="prompt",
        advertised_in_auto=False,
        deferrable=True,
        parameters=object_schema(
            {
                "command": {"type": "string", "description": "The command line."},
                "cwd": {
                    "type": "string",
                    "description": "Directory to run in (the workspace root when left out).",
                    "default": ".",
                },
                "timeout_ms": {
                    "type": "integer",
                    "description": "Time limit in milliseconds.",
                    "default": DEFAULT_TIMEOUT_MS,
                    "minimum": 1,
                    "maximum": MAX_TIMEOUT_MS,
                },
                **shell_sandbox_properties(),
            },
            ("command",),
        ),
    ),
    run=_bash,
    paths=_bash_paths,
    command=_bash_command,
)


# exec_command ---------------------------------------------------------------------------------


def _exec_command_text(args: Args) -> str:
    return _lenient_text(args, _EXEC_COMMAND_KEYS)


def _exec_paths(args: Args) -> list[str]:
    workdir = _lenient_text(args, _EXEC_WORKDIR_KEYS)
    return [workdir] if workdir else []


def _exec_command(context: ToolContext, args: Args) -> ToolOutput:
    parsed = _shell_arguments("exec_command", args)
    command, tty = parsed["command"], parsed["tty"]
    directory = _working_directory(context, "exec_command", parsed["cwd"])
    root = str(context.workspace.real_root)
    before = snapshot(root)
    completed = run_shell(
        command, directory, context.processes, DEFAULT_TIMEOUT_MS, merge_stderr=True, scan_secrets=False
    )
    changed = changed_files(before, root)
    meta = {"cwd": _relative_cwd(context, directory), "tty": "true" if tty else "false"}
    meta.update(context.processes.meta(str(directory)))
    meta.update(denial_meta(completed))
    exit_code = completed.exit_code if completed.exit_code is not None else -1
    meta["exit_code"] = str(exit_code)
    output = completed.stdout.rstrip("\r\n")
    parts = ["output:\n" + output] if output else ["Command completed with no output."]
    parts.append(f"exit_code: {exit_code}")
    shown = command.strip() or "command"
    display = Display(summary=f"{shown} exited with code {exit_code}", kind="shell")
    status = "ok" if exit_code == 0 else "error"
    return ToolOutput("\n".join(parts), status=status, meta=meta, display=display, changed_files=changed)


EXEC_COMMAND = Tool(
    spec=ToolSpec(
        name="exec_command",
        safety_reason="Shell commands can read, write, or execute programs.",
        description="Run a command in the workspace and return its combined output and exit code.",
        side_effect="shell",
        permission="prompt",
        advertised_in_auto=True,
        parameters=object_schema(
            {
                "cmd": {"type": "string", "description": "The command line."},
                "workdir": {"type": "string", "description": "Directory to run in.", "default": "."},
                "cwd": {"type": "string", "description": "Same as workdir.", "default": "."},
                "yield_time_ms": {
                    "type": "integer",
                    "description": "How long to wait for output before returning.",
                    "default": 10_000,
                    "minimum": 1,
                    "maximum": 30_000,
                },
                "max_output_tokens": {
                    "type": "integer",
                    "description": "Output budget in estimated tokens.",
                    "default": 10_000,
                    "minimum": 1,
                    "maximum": 200_000,
                },
                **shell_sandbox_properties(),
                "tty": {"type": "boolean", "description": "Run in a pseudo-terminal.", "default": False},
            },
            ("cmd",),
        ),
    ),
    run=_exec_command,
    paths=_exec_paths,
    command=_exec_command_text,
)

SHELL_TOOLS = (BASH, EXEC_COMMAND)
