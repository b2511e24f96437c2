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

from .tools.process_sandbox import ToolProcesses, private_area, tool_environment


def command_line(
    processes: ToolProcesses, argv: Sequence[str], cwd: str, extra_env: Mapping[str, str] | None = None
) -> tuple[list[str], dict[str, str]]:
    """The argv and environment that start `argv` in `cwd` as Zero would (ToolFailure when the
    sandbox cannot start)."""
    if processes.schema_version >= 2:
        launched, env = processes.launch("exec " + shlex.join(argv), cwd)
    else:
        launched, env = list(argv), tool_environment(processes.environ, private_area(processes.environ))
    env.update(extra_env or {})
    return launched, env
