"""How the processes Zero's configuration names (MCP stdio servers, hook commands) are started.

Zero 0.8.0 (schemaVersion 2) starts them through the same sandboxed runner as a shell tool: the
engine runs them in its OS sandbox (process_sandbox), in the workspace. The v1-era Zero started
them directly on the host; the engine runs them in Zero 0.8.0's plan at schemaVersion 1 too
(`ToolProcesses.configured`), since v1 loaded a cloned repository's project configuration without
asking. Either way the process gets the tool-process environment the engine builds (never the
engine's whole environment), plus the server's own `env` from the configuration.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence

from .tools.process_sandbox import Launch, ToolProcesses, refuse_in_test_suite


def launch(
    processes: ToolProcesses,
    argv: Sequence[str],
    cwd: str,
    extra_env: Mapping[str, str] | None = None,
    *,
    block_unix_sockets: bool = False,
) -> Launch:
    """How to start `argv` in `cwd` as Zero would (ToolFailure when the sandbox cannot start).
    Use it as process_sandbox.Launch says: Popen with its argv, env and pass_fds, `started(pid)`,
    and leave the context when the process has ended.

    `block_unix_sockets`: the configuration's `sandbox.blockUnixSockets`. Zero's sandbox refuses
    unix sockets to the processes it starts only when that is set, so without it an MCP server or
    hook may connect to one (an SDK's bridge to its own process does); the rest of the seccomp
    filter, the dropped capabilities and the mounts stay."""
    # Under a test suite a configured command the policy calls destructive never starts either.
    refuse_in_test_suite(shlex.join(argv), processes.environ)
    # At v1 no mount points: the v1-era Zero ran these on the host and left none in the workspace.
    started = processes.configured().launch(
        "exec " + shlex.join(argv),
        cwd,
        mount_points=processes.schema_version >= 2,
        block_unix_sockets=block_unix_sockets,
    )
    started.env.update(extra_env or {})
    return started
