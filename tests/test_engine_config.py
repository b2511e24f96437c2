"""zero-engine with Zero's configuration files: MCP servers, hooks, trust and their edge cases.

The differential scenarios (conformance/scenarios/mcp_*, hook_*, config_*) compare whole runs with
the real Zero; these tests check what the goldens cannot see (no leaked server process, the
audit file, the server identity digest, validation messages) and the testing kit's `zero_config`
fixture, through real engine processes, real pipes and the test MCP server of conformance/mcp/.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from zero_client.client import ZeroClient
from zero_client.testing import FakeModelServer, ZeroConfig, ZeroConfigError
from zero_client.testing import script as s
from zero_client.testing.pytest_plugin import LeakChecker, Workspace
from zero_engine.config import ConfigError, MCPServerConfig, load_config
from zero_engine.hooks import matches
from zero_engine.mcp_client import (
    MCPConfigError,
    normalize_servers,
    registry_tool_name,
    result_output,
    schema_from_mcp,
    server_identity,
)

ROOT = Path(__file__).resolve().parent.parent
CALC_SERVER = ROOT / "conformance" / "mcp" / "calc_server.py"


def _client(zero_bin: list[str], workspace: Workspace, env: dict[str, str]) -> ZeroClient:
    return ZeroClient(zero_bin, cwd=str(workspace.path), env=env, extra_args=["--skip-permissions-unsafe"])


def test_an_mcp_server_and_a_hook_given_through_zero_config(
    zero_bin: list[str],
    zero_config: ZeroConfig,
    zero_model: FakeModelServer,
    zero_workspace: Workspace,
    zero_env: dict[str, str],
    assert_no_leaks: LeakChecker,
) -> None:
    zero_workspace.write({"a.txt": "hello\n"})
    zero_config.mcp_server("calc", sys.executable, [str(CALC_SERVER)])
    zero_config.hook(
        "no-reads", "beforeTool", "/bin/sh", ["-c", "echo reads are off >&2; exit 1"], matcher="read_*"
    )
    zero_model.enqueue(
        s.tool_calls(s.call("mcp_calc_add", {"a": 40, "b": 2}), s.call("read_file", {"path": "a.txt"})),
        s.text("Done."),
    )
    result = _client(zero_bin, zero_workspace, zero_env).run("add and read")
    add, read = result.tool_calls
    assert (add.status, add.output) == ("ok", "42")
    assert add.permissions[-1].reason == "MCP tool calc/add runs through the configured stdio server."
    assert (read.status, read.output) == (
        "error",
        'Error: "read_file" was blocked by hook "no-reads": reads are off',
    )
    # The audit file has a started and a completed line for the hook run, numbered.
    audit = [json.loads(line) for line in zero_config.audit_path.read_text().splitlines()]
    assert [(r["sequence"], r["type"], r["hookId"]) for r in audit] == [
        (1, "hook_execution_started", "no-reads"),
        (2, "hook_execution_completed", "no-reads"),
    ]
    assert audit[1]["status"] == "blocked" and audit[1]["results"] == [
        {"exitCode": 1, "stderr": "reads are off\n"}
    ]
    assert_no_leaks()  # the server (and its sandbox) ended with the run


def _processes_with(token: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if token.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


@pytest.mark.parametrize("sandbox", ["auto", "off"])
def test_a_server_that_ignores_stdin_closing_is_killed_with_its_process_group(
    sandbox: str,
    zero_bin: list[str],
    zero_config: ZeroConfig,
    zero_model: FakeModelServer,
    zero_workspace: Workspace,
    zero_env: dict[str, str],
) -> None:
    # A server that leaves a child behind which ignores SIGTERM/SIGHUP and outlives stdin.
    token = f"zero-mcp-leak-check-{uuid.uuid4().hex}"
    wrapper = zero_workspace.path / "stubborn.sh"
    wrapper.write_text(
        "#!/bin/sh\n"
        f"(trap '' TERM HUP; exec \"{sys.executable}\" -c 'import time; time.sleep(300)' {token}) "
        "</dev/null >/dev/null 2>&1 &\n"
        f'exec "{sys.executable}" "{CALC_SERVER}"\n'
    )
    wrapper.chmod(0o755)
    zero_config.mcp_server("calc", str(wrapper))
    zero_model.enqueue(s.tool_calls(s.call("mcp_calc_add", {"a": 1, "b": 2})), s.text("Done."))
    # Sandboxed, the server's pid namespace ends with it; on the host (ZERO_ENGINE_SANDBOX=off,
    # Zero's behaviour without its helper) only the process-group kill reaches the child.
    env = {**zero_env, "ZERO_ENGINE_SANDBOX": sandbox}
    client = _client(zero_bin, zero_workspace, env)
    with client.stream("add") as stream:
        for event in stream:
            if getattr(event, "type", "") == "tool_result":
                assert _processes_with(token), "the server's child should be running during the run"
    assert stream.result is not None and stream.result.exit_code == 0
    deadline = time.monotonic() + 5
    while _processes_with(token) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _processes_with(token), "a process the MCP server started outlived the run"


@pytest.mark.parametrize(("transport", "path"), [("http", "/mcp"), ("sse", "/sse")])
def test_http_and_sse_servers_through_the_sdk(
    transport: str,
    path: str,
    zero_bin: list[str],
    zero_config: ZeroConfig,
    zero_model: FakeModelServer,
    zero_workspace: Workspace,
    zero_env: dict[str, str],
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, str(CALC_SERVER), transport, str(port)],
        env=zero_env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            with socket.socket() as attempt:
                if attempt.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert time.monotonic() < deadline and server.poll() is None, "the test server did not start"
            time.sleep(0.1)
        zero_config.mcp_server("calc", url=f"http://127.0.0.1:{port}{path}", type=transport)
        zero_model.enqueue(
            s.tool_calls(s.call("mcp_calc_add", {"a": 40, "b": 2}), s.call("mcp_calc_fail", {"reason": "x"})),
            s.text("Done."),
        )
        add, fail = _client(zero_bin, zero_workspace, zero_env).run("add").tool_calls
        assert (add.status, add.output) == ("ok", "42")
        reason = f"MCP tool calc/add runs through the configured {transport} server."
        assert add.permissions[-1].reason == reason
        assert (fail.status, fail.output) == ("error", "Error executing tool fail: calc failed: x")
    finally:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def test_an_untrusted_project_server_is_not_started_and_a_trusted_one_is(
    zero_bin: list[str],
    zero_config: ZeroConfig,
    zero_model: FakeModelServer,
    zero_workspace: Workspace,
    zero_env: dict[str, str],
) -> None:
    zero_config.mcp_server("calc", sys.executable, [str(CALC_SERVER)], project=True)
    zero_model.enqueue(s.tool_calls(s.call("mcp_calc_add", {"a": 2, "b": 2})), s.text("Done."))
    untrusted = _client(zero_bin, zero_workspace, zero_env).run("add")
    assert untrusted.tool_calls[0].output == 'Error: Unknown tool "mcp_calc_add".'
    assert "ignoring project hooks/plugins/MCP servers in an untrusted workspace" in untrusted.stderr_tail
    zero_config.trust_workspace()
    zero_model.enqueue(s.tool_calls(s.call("mcp_calc_add", {"a": 2, "b": 2})), s.text("Done."))
    assert _client(zero_bin, zero_workspace, zero_env).run("add").tool_calls[0].output == "4"


def test_zero_config_refuses_what_zero_would_not_read(zero_config: ZeroConfig) -> None:
    with pytest.raises(ZeroConfigError, match="exactly one of command"):
        zero_config.mcp_server("calc")
    with pytest.raises(ZeroConfigError, match="name 'a b'"):
        zero_config.mcp_server("a b", "x")
    with pytest.raises(ZeroConfigError, match="only for beforeTool and afterTool"):
        zero_config.hook("h", "sessionStart", "true", matcher="*")
    assert not zero_config.config_path().exists()  # nothing was written


# The pieces, against the facts read in Zero's source ----------------------------------------------


def test_server_identity_is_zeros_digest() -> None:
    # The identity Zero 0.8.0 reported in conformance/goldens/v2/mcp_stdio_add_unsafe.json for the
    # calc server as configured on the recording machine (checkout /work/wt/i33).
    identity = server_identity(
        "stdio",
        "/work/wt/i33/.venv/bin/python",
        ["/work/wt/i33/conformance/mcp/calc_server.py"],
        None,
        "",
        None,
        "",
    )
    assert identity == "54f268d7493d6201409ed6dc4a48de57"


def test_tool_names_schemas_and_results_follow_zero() -> None:
    assert registry_tool_name("My-Server.v2", "Do It!") == "mcp_my_server_v2_do_it"
    schema = schema_from_mcp(
        {
            "type": "object",
            "title": "dropped",
            "properties": {"n": {"type": ["integer", "null"], "minimum": 1.0, "title": "N", "default": 0}},
            "required": ["n"],
        }
    )
    assert json.dumps(schema) == (
        '{"type": "object", "properties": {"n": {"type": "integer", "default": 0, "minimum": 1}}, '
        '"required": ["n"], "additionalProperties": false}'
    )
    assert result_output([]) == "(empty MCP tool result)"
    assert result_output([{"type": "image", "mimeType": "image/png"}, {"type": "resource"}]) == (
        "[zero] this server returned 1 image/png block, 1 resource block, which Zero cannot forward yet. "
        "Retrying cannot recover this payload."
    )


@pytest.mark.parametrize(
    ("matcher", "tool", "expected"),
    [
        ("*", "read_file", True),
        ("read_file", "read_file", True),
        ("read_file", "read_files", False),
        ("read_*", "read_file", True),
        ("*_file", "write_file", True),
        ("mcp_*_add", "mcp_calc_add", True),
        ("mcp_*_add", "mcp_calc_addx", False),
        ("a*a", "a", False),
    ],
)
def test_hook_matchers(matcher: str, tool: str, expected: bool) -> None:
    assert matches(matcher, tool) is expected


def test_config_validation_messages(tmp_path: Path) -> None:
    """Every refusal names the file and says what is wrong, in Zero's words."""
    home = tmp_path / "home"
    (home / ".config" / "zero").mkdir(parents=True)
    workspace = tmp_path / "ws"
    workspace.mkdir()
    env = {"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config")}
    path = home / ".config" / "zero" / "config.json"
    cases: list[tuple[str, str]] = [
        ('{"maxTurns": -1}', f"invalid config JSON {path}: invalid maxTurns -1: must be >= 0"),
        ("{} {}", f"invalid config JSON {path}: invalid character '{{' after top-level value"),
        (
            "[]",
            f"invalid config JSON {path}: json: cannot unmarshal array into Go value of type "
            "config.rawConfig",
        ),
        (
            '{"mcpServers": {"a": {}}, "mcp_servers": {"a": {}}}',
            f'invalid config JSON {path}: MCP server "a" is defined in both mcpServers and mcp_servers; '
            "mcp_servers would override mcpServers",
        ),
    ]
    problems = []
    for text, expected in cases:
        path.write_text(text)
        try:
            load_config(env, str(workspace))
            problems.append(f"{text!r}: accepted")
        except ConfigError as error:
            if str(error) != expected:
                problems.append(f"{text!r}: {error}")
    path.unlink()
    path.mkdir()
    with pytest.raises(ConfigError, match="is a directory, want a file"):
        load_config(env, str(workspace))
    assert not problems, "\n".join(problems)


def test_mcp_server_validation_messages() -> None:
    cases: list[tuple[MCPServerConfig, str]] = [
        (MCPServerConfig(type="stdio", configured=True), "MCP server x requires command for stdio transport"),
        (MCPServerConfig(type="http", configured=True), "MCP server x requires url for http transport"),
        (
            MCPServerConfig(type="stdio", command="a", url="http://h/", configured=True),
            "MCP server x url is only supported for http or sse transports",
        ),
        (
            MCPServerConfig(type="sse", url="ftp://h/", configured=True),
            "MCP server x url must use http or https",
        ),
        (MCPServerConfig(type="ws", configured=True), 'MCP server x has unsupported type "ws"'),
        (
            MCPServerConfig(url="http://h/", env={"A": "1"}, configured=True),
            "MCP server x env is only supported for stdio transport",
        ),
    ]
    problems = []
    for server, expected in cases:
        try:
            normalize_servers({"x": server})
            problems.append(f"{server}: accepted")
        except MCPConfigError as error:
            if str(error) != expected:
                problems.append(f"{expected!r}: got {error}")
    assert not problems, "\n".join(problems)
    assert [
        s.name
        for s in normalize_servers({"b": MCPServerConfig(command="x"), "a": MCPServerConfig(command="y")})
    ] == [
        "a",
        "b",
    ]
    assert normalize_servers({"off": MCPServerConfig(command="x", disabled=True)}) == []


def test_hook_timeout_blocks_with_zeros_reason(
    zero_config: ZeroConfig,
    monkeypatch: pytest.MonkeyPatch,
    zero_workspace: Workspace,
    zero_env: dict[str, str],
) -> None:
    """A beforeTool hook that does not answer in time blocks the call (timeout shortened here)."""
    from zero_engine import hooks
    from zero_engine.tools.process_sandbox import ToolProcesses

    monkeypatch.setattr(hooks, "HOOK_TIMEOUT", 0.5)
    zero_config.hook("slow", "beforeTool", "/bin/sh", ["-c", "sleep 5"])
    config = hooks.load_hooks(zero_env, str(zero_workspace.path), include_project=False)
    processes = ToolProcesses(zero_env, 2, (str(zero_workspace.path),))
    dispatcher = hooks.HookDispatcher(config, processes, str(zero_workspace.path), None)
    outcome = dispatcher.before_tool("call_1", "read_file", {"path": "a.txt"})
    assert (outcome.blocked_by, outcome.reason) == ("slow", "hook timed out before returning a verdict")
