"""How the processes Zero's configuration names (MCP stdio servers, hook commands) are started.

Zero 0.8.0 (schemaVersion 2) starts them through the same sandboxed runner as a shell tool: the
engine runs them in its OS sandbox (process_sandbox), in the workspace. The v1-era Zero started
them directly on the host, and so does the engine at schemaVersion 1. Either way the process gets
the tool-process environment the engine builds (never the engine's whole environment), plus the
server's own `env` from the configuration.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence

from .tools.args import ToolFailure
from .tools.process_sandbox import Plan, ToolProcesses, private_area, refuse_in_test_suite, tool_environment
from .tools.process_sandbox import command_line as sandboxed_command_line


def command_line(
    processes: ToolProcesses, argv: Sequence[str], cwd: str, extra_env: Mapping[str, str] | None = None
) -> tuple[list[str], dict[str, str]]:
    """The argv and environment that start `argv` in `cwd` as Zero would (ToolFailure when the
    sandbox cannot start)."""
    # Under a test suite a configured command the policy calls destructive never starts either.
    refuse_in_test_suite(shlex.join(argv), processes.environ)
    if processes.schema_version >= 2:
        launched, env = _sandboxed(processes, "exec " + shlex.join(argv), cwd)
    else:
        launched, env = list(argv), tool_environment(processes.environ, private_area(processes.environ))
    env.update(extra_env or {})
    return launched, env


def _sandboxed(processes: ToolProcesses, command: str, cwd: str) -> tuple[list[str], dict[str, str]]:
    """The sandboxed argv and environment of `command`: what `ToolProcesses.launch` gave before
    main made it a `Launch` (a seccomp descriptor to pass and a create guard to run around a
    shell tool's process). These long-lived processes are started by callers that take an argv
    and an environment only, so they keep the sandbox without those two (merge note of issue 34:
    bringing `Launch` to MCP servers and hooks is issue 33's to do)."""
    backend = processes.backend
    if backend.kind == "unavailable":
        raise ToolFailure(f"Error: zero-engine cannot sandbox this command: {backend.problem}")
    environ = processes.environ
    area = private_area(environ) if processes.schema_version >= 2 else ""
    plan = Plan(
        processes.schema_version,
        tuple(processes.write_roots),
        cwd,
        area,
        environ.get("HOME", "").strip(),
        frozenset(processes.temp_roots),
        True,
    )
    return sandboxed_command_line(command, cwd, backend, plan, environ)
