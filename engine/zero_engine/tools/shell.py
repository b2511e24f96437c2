"""The shell tools: bash and exec_command (single-shot: the command runs to completion).

Commands run in their own process group so a timeout kills the whole tree, not just `bash`.
Output passes through the secrets scanner (docs/protocol.md 5.3) before anything else sees it.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .args import Args, ToolFailure
from .base import Display, ToolSpec
from .secrets import redact_secrets
from .toolkit import Tool, ToolContext, ToolOutput, object_schema

DEFAULT_TIMEOUT_MS = 120_000
MAX_TIMEOUT_MS = 600_000
# After a kill, how long to wait for the pipes to drain before giving up on the rest.
_DRAIN_SECONDS = 2.0


@dataclass(frozen=True)
class Completed:
    stdout: str
    stderr: str
    exit_code: int | None  # None: killed on timeout


def run_shell(
    command: str, cwd: Path, environ: Mapping[str, str], timeout_ms: int, *, merge_stderr: bool = False
) -> Completed:
    # Imported here, not at module load: every engine run imports this module before run_start,
    # and most never start a shell.
    import subprocess

    try:
        process = subprocess.Popen(
            ["bash", "-c", command],
            cwd=cwd,
            env=dict(environ),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT if merge_stderr else subprocess.PIPE,
            start_new_session=True,  # its own process group, so a timeout can kill every child
        )
    except OSError as error:
        raise ToolFailure(f"Error: could not start bash: {error.strerror or error}") from None
    try:
        stdout, stderr = process.communicate(timeout=timeout_ms / 1000)
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
    return Completed(
        stdout=redact_secrets((stdout or b"").decode("utf-8", errors="replace")),
        stderr=redact_secrets((stderr or b"").decode("utf-8", errors="replace")),
        exit_code=exit_code,
    )


def _working_directory(context: ToolContext, requested: str | None) -> Path:
    directory = context.workspace.resolve(requested or ".")
    if not directory.is_dir():
        raise ToolFailure(f"Error: working directory {requested} does not exist.")
    return directory


_SANDBOX_ARGUMENTS = {
    "sandbox_permissions": {
        "type": "string",
        "enum": ["use_default", "with_additional_permissions", "require_escalated"],
        "description": "Sandbox permissions requested for this command.",
    },
    "additional_permissions": {"type": "object", "description": "Extra sandbox permissions requested."},
    "justification": {"type": "string", "description": "Why the command needs extra permissions."},
    "prefix_rule": {
        "type": "array",
        "items": {"type": "string"},
        "description": "Command prefix to approve.",
    },
}


# bash -----------------------------------------------------------------------------------------


def _bash_command(args: Args) -> str:
    return args.required_str("command")


def _bash_paths(args: Args) -> list[str]:
    _bash_command(args)
    args.optional_int("timeout_ms", minimum=1, maximum=MAX_TIMEOUT_MS)
    cwd = args.optional_str("cwd")
    return [cwd] if cwd else []


def _bash(context: ToolContext, args: Args) -> ToolOutput:
    command = _bash_command(args)
    directory = _working_directory(context, args.optional_str("cwd"))
    timeout_ms = args.optional_int("timeout_ms", minimum=1, maximum=MAX_TIMEOUT_MS) or DEFAULT_TIMEOUT_MS
    completed = run_shell(command, directory, context.environ, timeout_ms)
    parts = [completed.stdout] if completed.stdout else []
    if completed.stderr:
        parts.append(f"[stderr]\n{completed.stderr}")
    display = Display(summary=f"$ {command.splitlines()[0] if command else ''}", kind="shell")
    if completed.exit_code is None:
        parts.append(f"Command timed out after {timeout_ms} ms; its process group was killed.")
        return ToolOutput(_join(parts), status="error", meta={"timed_out": "true"}, display=display)
    meta = {"exit_code": str(completed.exit_code)}
    if completed.exit_code != 0:
        parts.append(f"Exit code: {completed.exit_code}")
        return ToolOutput(_join(parts), status="error", meta=meta, display=display)
    return ToolOutput(_join(parts) or "(no output)", meta=meta, display=display)


def _join(parts: list[str]) -> str:
    return "\n".join(part.rstrip("\n") for part in parts)


BASH = Tool(
    spec=ToolSpec(
        name="bash",
        description="Run a bash command in the workspace and return its output and exit code.",
        side_effect="shell",
        permission="prompt",
        advertised_in_auto=False,
        deferrable=True,
        parameters=object_schema(
            {
                "command": {"type": "string", "description": "The command, run with bash -c."},
                "cwd": {"type": "string", "description": "Working directory inside the workspace."},
                "timeout_ms": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": MAX_TIMEOUT_MS,
                    "description": "Timeout in milliseconds (default 120000).",
                },
                **_SANDBOX_ARGUMENTS,
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
    value = args.values.get("cmd")
    if isinstance(value, list) and value and all(isinstance(item, str) for item in value):
        return shlex.join(value)
    return args.required_str("cmd")


def _exec_paths(args: Args) -> list[str]:
    _exec_command_text(args)
    args.optional_int("yield_time_ms", minimum=0)
    args.optional_int("max_output_tokens", minimum=1)
    args.optional_bool("tty")
    workdir = args.optional_str("workdir", "cwd")
    return [workdir] if workdir else []


def _exec_command(context: ToolContext, args: Args) -> ToolOutput:
    command = _exec_command_text(args)
    directory = _working_directory(context, args.optional_str("workdir", "cwd"))
    max_tokens = args.optional_int("max_output_tokens", minimum=1) or 10_000
    completed = run_shell(command, directory, context.environ, DEFAULT_TIMEOUT_MS, merge_stderr=True)
    output = completed.stdout
    truncated = False
    limit = max_tokens * 4
    if len(output.encode("utf-8")) > limit:
        output = output.encode("utf-8")[:limit].decode("utf-8", errors="ignore")
        truncated = True
    display = Display(summary=f"$ {command.splitlines()[0] if command else ''}", kind="shell")
    if completed.exit_code is None:
        text = f"Process timed out after {DEFAULT_TIMEOUT_MS} ms and was killed\nOutput:\n{output}"
        return ToolOutput(
            text, status="error", truncated=truncated, meta={"timed_out": "true"}, display=display
        )
    text = f"Process exited with code {completed.exit_code}\nOutput:\n{output}"
    status = "ok" if completed.exit_code == 0 else "error"
    meta = {"exit_code": str(completed.exit_code)}
    return ToolOutput(text, status=status, truncated=truncated, meta=meta, display=display)


EXEC_COMMAND = Tool(
    spec=ToolSpec(
        name="exec_command",
        description="Run a command in the workspace and return its combined output and exit code.",
        side_effect="shell",
        permission="prompt",
        advertised_in_auto=True,
        parameters=object_schema(
            {
                "cmd": {"type": "string", "description": "The command line, run with bash -c."},
                "workdir": {"type": "string", "description": "Working directory inside the workspace."},
                "cwd": {"type": "string", "description": "Alias of workdir."},
                "yield_time_ms": {
                    "type": "integer",
                    "minimum": 0,
                    "description": "Accepted; commands run to completion.",
                },
                "max_output_tokens": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "Output cap (default 10000).",
                },
                "tty": {"type": "boolean", "description": "Accepted; no terminal is allocated."},
                **_SANDBOX_ARGUMENTS,
            },
            ("cmd",),
        ),
    ),
    run=_exec_command,
    paths=_exec_paths,
    command=_exec_command_text,
)

SHELL_TOOLS = (BASH, EXEC_COMMAND)
