"""The bridge Zero runs for a zero-sdk run: it connects to the SDK process's private socket.

    python -I bridge.py mcp  SOCKET   # an MCP stdio server: relays stdin/stdout to the socket
    python -I bridge.py hook SOCKET   # a hook command: sends its stdin, exits with the verdict

Run as a script (`-I`: no PYTHON* variables, no user site), standard library only, so it starts
fast and needs nothing installed beside the interpreter. The MCP server's token comes from its
environment (ZERO_SDK_BRIDGE_TOKEN, the server's `env` in the layer's config.json, which Zero hands
to that server alone), never from argv. A hook has no token: Zero gives hook commands no channel a
command of the model could not read too (docs/extensions.md, "Threat model"). A hook that cannot
reach the SDK exits 1, which blocks a beforeTool call (fail closed).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sys
import threading

HOOK_EXIT_BLOCK = 2
TOKEN_ENV = "ZERO_SDK_BRIDGE_TOKEN"  # zero_client.extensions.layer.TOKEN_ENV (this file imports nothing)


def _connect(path: str, token: str, kind: str) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(path)
    sock.sendall(json.dumps({"token": token, "kind": kind}).encode() + b"\n")
    return sock


def _relay_mcp(path: str, token: str) -> int:
    sock = _connect(path, token, "mcp")

    def upstream() -> None:  # Zero -> SDK
        while True:
            chunk = os.read(0, 65536)  # unbuffered: each read returns what is there
            if not chunk:
                break
            sock.sendall(chunk)
        sock.shutdown(socket.SHUT_WR)

    threading.Thread(target=upstream, daemon=True).start()
    while True:  # SDK -> Zero
        chunk = sock.recv(65536)
        if not chunk:
            return 0
        view = memoryview(chunk)
        while view:
            view = view[os.write(1, view) :]


def _hook(path: str, token: str) -> int:
    payload = sys.stdin.buffer.read()
    try:
        sock = _connect(path, token, "hook")
        sock.sendall(payload.strip().replace(b"\n", b" ") + b"\n")
        sock.shutdown(socket.SHUT_WR)
        reply = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            reply += chunk
        verdict = json.loads(reply)
    except (OSError, ValueError) as exc:
        sys.stderr.write(f"zero-sdk hook bridge: cannot reach the SDK process: {exc}\n")
        return 1
    if verdict.get("blocked"):
        sys.stderr.write(str(verdict.get("reason") or "blocked by a zero-sdk hook") + "\n")
        return HOOK_EXIT_BLOCK
    message = verdict.get("message")
    if message:
        sys.stdout.write(str(message) + "\n")
    return 0


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[1] not in ("mcp", "hook"):
        sys.stderr.write("usage: bridge.py mcp|hook SOCKET\n")
        return 2
    kind, path = argv[1], argv[2]
    # Read once, then dropped from this process's environment (nothing it starts inherits it).
    token = os.environ.pop(TOKEN_ENV, "")
    # Zero's process group gets the client's SIGINT when a run is cancelled: end quietly, as a
    # C program would, not with a KeyboardInterrupt traceback in Zero's log.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    return _relay_mcp(path, token) if kind == "mcp" else _hook(path, token)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
