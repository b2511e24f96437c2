"""The second family of random scenarios: MCP servers, configuration and the tools around them.

    scripts/difftest fuzz --family extensions --seed 7 --count 100 [--version 2]

fuzz.py draws flags, prompts, model replies and built-in tool calls. This family draws what it
leaves out: the configuration files (MCP servers in the user or project layer, trusted or not,
`tools.deferThreshold`, mistyped and malformed entries, openai-kind provider profiles), real MCP
servers (this repository's calc server, a server that prints a stray line, the pinned PyPI servers
mcp-server-git and mcp-server-time), calls to their tools and to tool_search, the local
automation tools (not the delegation tools, which the engine refuses on purpose), `exec_command`
asking for more permissions, apply_patch into missing directories, `-0` and other number edges
in arguments, invalid UTF-8 in a command's output, `help` among the prompt words,
`--list-tools`, and a run resumed or forked twice.

The scenario for (seed, version, index) is drawn from `random.Random(f"ext:{seed}:{version}:
{index}")` and named `fuzzx_<seed>_v<version>_<index>`; it runs like fuzz.py's (same Fuzzer,
same comparison and clustering).

Safety, as in fuzz.py: every shell command is one of COMMANDS (fuzz.COMMANDS plus a few more
harmless ones), every path one of the names below, all inside the run's own directories; the
MCP servers are this repository's test servers and the git server confined to the workspace
(`--repository`); hooks are not drawn.
"""

from __future__ import annotations

import json
import random
from typing import Any

from differential import fuzz

# Commands of fuzz.py plus ones whose output is not valid UTF-8 (where Zero places U+FFFD).
COMMANDS = (
    *fuzz.COMMANDS,
    "printf 'a\\377b\\n'",
    "printf '\\303\\n'",
    "printf 'x\\342\\202y\\n'",
)
PATHS = ("a.txt", "src/main.py", "missing/dir/new.txt", "loop/a.txt", "@WORKSPACE@/a.txt", "")

_CALC = {"command": "@PYTHON@", "args": ["@REPO@/conformance/mcp/calc_server.py"]}
_NOISY_CALC = {
    "command": "@PYTHON@",
    "args": [
        "-c",
        "import runpy, sys; print('calc server starting', flush=True); sys.argv = ['calc_server.py']; "
        "runpy.run_path('@REPO@/conformance/mcp/calc_server.py', run_name='__main__')",
    ],
}
_GIT = {"command": "@PYTHON@", "args": ["-m", "mcp_server_git", "--repository", "@WORKSPACE@"]}
_TIME = {"command": "@PYTHON@", "args": ["-m", "mcp_server_time", "--local-timezone", "UTC"]}
_BROKEN_SERVERS: tuple[Any, ...] = (
    {"command": 5},
    {"command": "@PYTHON@", "args": "x"},
    {"command": "@PYTHON@", "env": {"A": 1}},
    {"type": "stdio"},
    {"type": "bogus", "command": "@PYTHON@"},
    {"type": "http"},
    {"command": "@PYTHON@", "url": "http://127.0.0.1:1/mcp"},
    5,
)
THRESHOLDS: tuple[Any, ...] = (0, 1, 2, 3, 10, -1, "x", None)

NUMBERS: tuple[Any, ...] = (0, -0.0, 1, -1, 1.5, 1e20, 2**53 + 1, -(2**63))
NEGATIVE_ZERO_ARGUMENTS = (
    '{"path": "a.txt", "offset": -0}',
    '{"path": "a.txt", "limit": -0}',
    '{"path": "a.txt", "offset": -0.0e5}',
)


def _mcp_call(rng: random.Random, servers: set[str]) -> dict[str, Any]:
    """A call to a tool of a configured server (or of one that is not there)."""
    choices: list[tuple[str, Any]] = [("mcp_nowhere_tool", {})]
    if "calc" in servers:
        choices += [
            ("mcp_calc_add", {"a": rng.choice(NUMBERS), "b": rng.choice(NUMBERS)}),
            ("mcp_calc_add", {"a": "forty", "b": 2}),
            ("mcp_calc_add", {"a": 1}),
            ("mcp_calc_fail", {"reason": rng.choice(["because", "ça", ""])}),
            ("mcp_calc_picture", {}),
            ("mcp_calc_getenv", {"name": rng.choice(["ZERO_NOPE", "LANG"])}),
        ]
    if "git" in servers:
        choices += [
            ("mcp_git_git_status", {"repo_path": "@WORKSPACE@"}),
            ("mcp_git_git_log", {"repo_path": "@WORKSPACE@", "max_count": rng.choice([1, 0, -0.0, 2])}),
            ("mcp_git_git_status", {"repo_path": "@OUTSIDE@"}),
            ("mcp_git_git_branch", {"repo_path": "@WORKSPACE@", "branch_type": rng.choice(["local", "x"])}),
        ]
    if "time" in servers:
        choices += [
            ("mcp_time_get_current_time", {"timezone": rng.choice(["Mars/Base", "", 5])}),
            ("mcp_time_convert_time", {"source_timezone": "UTC", "time": "25:99", "target_timezone": "UTC"}),
        ]
    name, arguments = rng.choice(choices)
    return {"name": name, "arguments": arguments}


def _search_call(rng: random.Random, servers: set[str]) -> dict[str, Any]:
    names = {
        "calc": "mcp_calc_add,mcp_calc_fail",
        "git": "mcp_git_git_status",
        "time": "mcp_time_convert_time",
    }
    picked = [names[server] for server in sorted(servers) if server in names]
    query = rng.choice(
        [
            "select:" + ",".join(picked or ["nothing"]),
            "select:browser_snapshot,read_file",
            rng.choice(["calc add", "git", "browser", "swarm", "zzz"]),
            "",
            5,
        ]
    )
    return {"name": "tool_search", "arguments": {"query": query}}


def _local_call(rng: random.Random) -> dict[str, Any]:
    """The local automation tools, with arguments valid or not. (The delegation tools, Task and
    swarm_*, are not drawn: the engine has no specialist runtime and refuses them on purpose.)"""
    return rng.choice(
        [
            {"name": "browser_snapshot", "arguments": rng.choice([{}, {"depth": rng.choice(NUMBERS)}])},
            {"name": "browser_click", "arguments": rng.choice([{"ref": "e1"}, {"ref": ""}, {}])},
            {"name": "browser_open", "arguments": rng.choice([{"url": "http://example.com"}, {}])},
            {
                "name": "capture_artifact",
                "arguments": rng.choice([{}, {"action": "browser_screenshot"}, {"action": "x"}]),
            },
            {"name": "terminal_session", "arguments": rng.choice([{}, {"action": "read", "session": "s"}])},
            {"name": "browser_launch", "arguments": rng.choice([{"app": "discord", "debug_port": 80}, {}])},
            {"name": "browser_connect", "arguments": rng.choice([{"target": "-x"}, {"target": "a b"}])},
        ]
    )


def _builtin_call(rng: random.Random) -> dict[str, Any]:
    """Built-in calls around the held-out classes: permissions, patches, number edges, output."""
    return rng.choice(
        [
            {
                "name": "exec_command",
                "arguments": {
                    "cmd": rng.choice(COMMANDS),
                    "sandbox_permissions": rng.choice(["with_additional_permissions", "require_escalated"]),
                    **rng.choice([{}, {"additional_permissions": {"network": {"enabled": True}}}]),
                },
            },
            {"name": "exec_command", "arguments": {"cmd": rng.choice(COMMANDS[-3:])}},
            {"name": "bash", "arguments": {"command": rng.choice(COMMANDS[-3:])}},
            {
                "name": "apply_patch",
                "arguments": {
                    "patch": rng.choice(
                        [
                            "*** Begin Patch\n*** Update File: missing/dir/x.txt\n@@\n-a\n+b\n"
                            "*** End Patch\n",
                            "*** Begin Patch\n*** Add File: missing/dir/new.txt\n+new\n*** End Patch\n",
                            "*** Begin Patch\n*** Update File: loop/a.txt\n@@\n-a\n+b\n*** End Patch\n",
                            "*** Begin Patch\n*** Delete File: missing.txt\n*** End Patch\n",
                        ]
                    )
                },
            },
            {"name": "read_file", "arguments": {"path": rng.choice(PATHS), "offset": rng.choice(NUMBERS)}},
            {"name": "read_file", "arguments": {"path": "a.txt", "limit": rng.choice(NUMBERS)}},
            # `-0` as the model wrote it (an object would be re-encoded as -0.0)
            {"name": "read_file", "arguments": rng.choice(NEGATIVE_ZERO_ARGUMENTS)},
            {"name": "write_file", "arguments": {"path": rng.choice(PATHS), "content": "x\n"}},
            {"name": "grep", "arguments": {"pattern": "hello", "head_limit": rng.choice(NUMBERS)}},
        ]
    )


def _config(rng: random.Random, version: int) -> tuple[dict[str, Any], set[str]]:
    """The scenario's configuration fields, and the servers a call may name."""
    servers: dict[str, Any] = {}
    named: set[str] = set()
    if rng.random() < 0.7:
        servers["calc"] = _NOISY_CALC if rng.random() < 0.06 else _CALC
        named.add("calc")
    # At most two Python servers: three starting at once on two loaded cores can miss Zero's 8 s
    # connect deadline, which makes a run depend on the machine's load, not on the implementation.
    third_party = rng.random()
    if third_party < 0.25:
        servers["git"] = _GIT
        named.add("git")
    elif third_party < 0.45:
        servers["time"] = _TIME
        named.add("time")
    if rng.random() < 0.1:
        servers["broken"] = rng.choice(_BROKEN_SERVERS)
    if rng.random() < 0.08 and servers:
        servers[rng.choice(sorted(servers))] = {**_CALC, "disabled": True}
    document: dict[str, Any] = {"mcp": {"servers": servers}} if servers else {}
    if rng.random() < 0.45:
        threshold = rng.choice(THRESHOLDS)
        document["tools"] = {"deferThreshold": threshold}
    fields: dict[str, Any] = {}
    layer = rng.random()
    if layer < 0.75:
        fields["user_config"] = document
    else:  # the project layer: read only in a trusted workspace (v2)
        fields["project_config"] = document
        fields["trusted"] = rng.random() < 0.6
    if rng.random() < 0.05:
        fields["user_config"] = rng.choice(["{", '{"mcp": []}', "null", '{"maxTurns": -1}'])
    if rng.random() < 0.06:
        fields.setdefault("user_config", {})
        if isinstance(fields["user_config"], dict):
            fields["user_config"] = {
                **fields["user_config"],
                "activeProvider": "p",
                "providers": [
                    {
                        "name": "p",
                        "provider": rng.choice(["openai", "", "openai-compatible"]),
                        "baseURL": "http://127.0.0.1:@PORT@/v1",
                        "model": "m",
                    }
                ],
            }
    return fields, named


def _argv(rng: random.Random, output: str) -> list[str]:
    argv = ["exec", "-o", output]
    mode = rng.random()
    if mode < 0.5:
        argv.append("--skip-permissions-unsafe")
    elif mode < 0.65:
        argv += ["--auto", rng.choice(["medium", "high"])]
    elif mode < 0.72:
        argv.append("--plan")
    if rng.random() < 0.08:
        argv += ["--disabled-tools", rng.choice(["tool_search", "mcp_calc_add"])]
    if rng.random() < 0.06:
        argv.append("--list-tools")
    if rng.random() < 0.04:
        argv += rng.choice([["help", "me"], ["--help"], ["-h"]])
    return argv


def generate(seed: int, version: int, index: int) -> dict[str, Any]:
    """The scenario (JSON form) for (seed, version, index) of this family."""
    rng = random.Random(f"ext:{seed}:{version}:{index}")
    config, servers = _config(rng, version)
    output = rng.choices(["stream-json", "json", "text"], weights=[6, 2, 2])[0]
    argv = _argv(rng, output)
    replies: list[dict[str, Any]] = []
    for _ in range(rng.randint(1, 3)):
        calls = []
        for _ in range(rng.choice([1, 1, 2])):
            kind = rng.random()
            if kind < 0.4:
                calls.append(_mcp_call(rng, servers))
            elif kind < 0.55:
                calls.append(_search_call(rng, servers))
            elif kind < 0.75:
                calls.append(_local_call(rng))
            else:
                calls.append(_builtin_call(rng))
        replies.append({"tool_calls": calls, "usage": [10, 2]})
    replies.append({"text": "Done.", "usage": [20, 3]})
    files: dict[str, Any] = {"a.txt": "hello\nworld\n", "src/main.py": "print('hi')\n"}
    if rng.random() < 0.15:  # a symlink loop
        files.update({"loop/a.txt": {"symlink": "b.txt"}, "loop/b.txt": {"symlink": "a.txt"}})
    scenario: dict[str, Any] = {
        "name": f"fuzzx_{seed}_v{version}_{index}",
        "description": (
            f"scripts/difftest fuzz --family extensions --seed {seed} --version {version} --only {index}"
        ),
        "versions": [version],
        "argv": [*argv, rng.choice(["do the task", "x"])],
        "files": files,
        "model": {"replies": replies},
        "git": "git" in servers,
        "timeout": 40,
        **config,
    }
    if _NOISY_CALC in servers_of(config):
        # A stalled connect: the engine waits Zero's 8 s, not the harness's longer default.
        scenario["env"] = {"ZERO_ENGINE_MCP_CONNECT_TIMEOUT": "8"}
    if rng.random() < 0.1:  # resumed, or forked, after two runs of the same session
        scenario["argv"] = [*argv[:1], rng.choice(["--resume", "--fork"]), "sess-one", *scenario["argv"][1:]]
        scenario["steps"] = [
            {
                "argv": ["exec", "-o", "stream-json", "--init-session-id", "sess-one", "remember 42"],
                "model": {"replies": [{"text": "Noted.", "usage": [20, 3]}]},
            },
            {
                "argv": ["exec", "-o", "stream-json", "--resume", "sess-one", "and 43"],
                "model": {"replies": [{"text": "Noted too.", "usage": [30, 4]}]},
            },
        ]
    json.dumps(scenario)  # drawn values are plain JSON
    return scenario


def servers_of(config: dict[str, Any]) -> list[Any]:
    """The server entries of the drawn configuration files."""
    entries = []
    for key in ("user_config", "project_config"):
        document = config.get(key)
        if isinstance(document, dict):
            entries += list(document.get("mcp", {}).get("servers", {}).values())
    return entries


FAMILIES = {"core": fuzz.generate, "extensions": generate}
