"""A run's private configuration layer: the user's Zero configuration plus the SDK's server and
hooks, for this run only.

Zero reads its user configuration from `$XDG_CONFIG_HOME/zero` (config.json, hooks.json,
mcp-permissions.json, ...) and has no flag or variable naming an extra configuration directory
(internal/config/paths.go, internal/hooks/hooks.go, internal/mcp/permissions.go). So the run gets
a private XDG_CONFIG_HOME: every entry of the user's own config home is a symlink to the real one
(git, gcloud, Zero's credentials and plugins keep working), except three files of `zero/` that
are merged copies: config.json (+ the `mcp.servers` entry of the SDK's server), hooks.json (+ the
SDK's hooks) and mcp-permissions.json (+ a grant for the SDK's server, the way `zero mcp approve`
records one, so its tools run in the default permission mode). The user's files are only read.

The layer is a 0700 directory `run-<pid>-<random>` under `<tmp>/zero-sdk-<uid>` (files 0600),
removed when the run ends; one left behind by a caller that died (SIGKILL, crash) is removed by
the next run that starts a layer, when its pid is no longer alive.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from zero_client.extensions.instructions import write_guidelines
from zero_client.process import process_alive

#: Files of the user's `zero/` config directory that the layer merges instead of linking.
MERGED_FILES = ("config.json", "hooks.json", "mcp-permissions.json")
LAYER_PREFIX = "run-"
MAX_ROOT_LENGTH = 70


class LayerError(Exception):
    """The user's configuration cannot be layered (unreadable JSON, a name already taken)."""


@dataclass(frozen=True)
class Command:
    command: str
    args: list[str]


@dataclass
class LayerSpec:
    """What the SDK adds: an MCP stdio server and hook commands (event -> command)."""

    server_name: str | None = None
    server: Command | None = None
    approve_server: bool = True
    hooks: dict[str, Command] = field(default_factory=dict)
    #: The run's instructions, added to the layer's ZERO.md (`zero_client.extensions.instructions`).
    instructions: str | None = None


@dataclass
class Layer:
    path: str
    #: The variables the run's environment gets (XDG_CONFIG_HOME, maybe ZERO_MCP_PERMISSIONS_PATH).
    env: dict[str, str]

    def remove(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)
        # The root goes too once no layer is left (another run's mkdtemp then makes it again).
        with contextlib.suppress(OSError):
            os.rmdir(os.path.dirname(self.path))


def layers_root() -> str:
    """`<tmp>/zero-sdk-<uid>`, 0700 and ours (a directory another user made is refused)."""
    # TMPDIR as it is now (tempfile.gettempdir() keeps the first value it saw).
    tmp = os.environ.get("TMPDIR", "")
    base = tmp if tmp and os.path.isdir(tmp) else tempfile.gettempdir()
    root = os.path.join(base, f"zero-sdk-{os.getuid()}")
    # The socket path (root + /run-<pid>-<random>/sdk.sock) must fit in 108 bytes: a deep
    # TMPDIR falls back to /tmp.
    if len(root) > MAX_ROOT_LENGTH:
        root = os.path.join("/tmp", f"zero-sdk-{os.getuid()}")
    with contextlib.suppress(FileExistsError):
        os.mkdir(root, 0o700)
    info = os.lstat(root)
    if info.st_uid != os.getuid() or not os.path.isdir(root) or os.path.islink(root):
        raise LayerError(f"{root} is not a directory of this user: remove it")
    if info.st_mode & 0o077:
        os.chmod(root, 0o700)
    return root


def remove_stale_layers(root: str) -> list[str]:
    """Removes the layers of processes that are gone; returns their paths."""
    removed = []
    for name in os.listdir(root):
        if not name.startswith(LAYER_PREFIX):
            continue
        try:
            pid = int(name[len(LAYER_PREFIX) :].split("-", 1)[0])
        except ValueError:
            continue
        if pid == os.getpid() or process_alive(pid):
            continue
        path = os.path.join(root, name)
        shutil.rmtree(path, ignore_errors=True)
        removed.append(path)
    return removed


def new_layer_dir() -> str:
    """A fresh 0700 layer directory (stale ones are cleaned first)."""
    for _ in range(3):  # another run may remove the empty root between the two calls
        root = layers_root()
        remove_stale_layers(root)
        try:
            return tempfile.mkdtemp(prefix=f"{LAYER_PREFIX}{os.getpid()}-", dir=root)
        except FileNotFoundError:
            continue
    raise LayerError(f"cannot make a layer directory under {root}")


def user_config_home(env: Mapping[str, str]) -> str | None:
    """The config home Zero would read with `env`: XDG_CONFIG_HOME, else $HOME/.config."""
    xdg = env.get("XDG_CONFIG_HOME", "").strip()
    if xdg:
        return os.path.abspath(xdg)
    home = env.get("HOME", "").strip()
    return os.path.join(home, ".config") if home else None


def write_layer(path: str, env: Mapping[str, str], spec: LayerSpec) -> Layer:
    """Fills the layer directory `path` for a run whose environment is `env`."""
    real_home = user_config_home(env)
    xdg = os.path.join(path, "xdg")
    zero_dir = os.path.join(xdg, "zero")
    os.makedirs(zero_dir, mode=0o700)
    if real_home is not None and os.path.isdir(real_home):
        _link_entries(real_home, xdg, skip={"zero"})
        real_zero = os.path.join(real_home, "zero")
        if os.path.isdir(real_zero):
            _link_entries(real_zero, zero_dir, skip=set(MERGED_FILES))
    real_zero_dir = os.path.join(real_home, "zero") if real_home else None
    if spec.instructions is not None:
        write_guidelines(zero_dir, real_zero_dir, spec.instructions)

    config = _read_json(real_zero_dir, "config.json", env=None)
    if spec.server is not None and spec.server_name is not None:
        config = _with_server(config, spec.server_name, spec.server)
    _write_json(os.path.join(zero_dir, "config.json"), config)

    hooks = _read_json(real_zero_dir, "hooks.json", env=None)
    if spec.hooks:
        hooks = _with_hooks(hooks, spec.hooks)
    _write_json(os.path.join(zero_dir, "hooks.json"), hooks)

    layer_env = {"XDG_CONFIG_HOME": xdg}
    permissions_override = env.get("ZERO_MCP_PERMISSIONS_PATH", "").strip()
    permissions = _read_json(real_zero_dir, "mcp-permissions.json", env=permissions_override or None)
    if spec.server is not None and spec.server_name is not None and spec.approve_server:
        permissions = _with_grant(permissions, spec.server_name, spec.server)
    permissions_path = os.path.join(zero_dir, "mcp-permissions.json")
    if permissions:
        _write_json(permissions_path, permissions)
    if permissions_override:  # the user's own override would bypass the layer's copy
        layer_env["ZERO_MCP_PERMISSIONS_PATH"] = permissions_path
    return Layer(path=path, env=layer_env)


def _link_entries(source: str, target: str, skip: set[str]) -> None:
    for name in os.listdir(source):
        if name not in skip:
            os.symlink(os.path.join(source, name), os.path.join(target, name))


def _read_json(directory: str | None, name: str, env: str | None) -> dict[str, Any]:
    path = env or (os.path.join(directory, name) if directory else None)
    if path is None or not os.path.exists(path):
        return {}
    try:
        with open(path, encoding="utf-8") as file:
            value = json.load(file)
    except (OSError, ValueError) as exc:
        raise LayerError(f"cannot read your Zero configuration {path}: {exc}") from exc
    if not isinstance(value, dict):
        raise LayerError(f"your Zero configuration {path} is not a JSON object")
    return value


def _write_json(path: str, value: Mapping[str, Any]) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        json.dump(value, file, indent=2)
        file.write("\n")


def _with_server(config: dict[str, Any], name: str, server: Command) -> dict[str, Any]:
    mcp = dict(config.get("mcp") or {})
    servers = dict(mcp.get("servers") or {})
    for key in ("mcpServers", "mcp_servers"):
        if name in (config.get(key) or {}):
            raise LayerError(
                f"your Zero configuration already has an MCP server {name!r} ({key}): "
                "pass another tool_server name"
            )
    if name in servers:
        raise LayerError(
            f"your Zero configuration already has an MCP server {name!r}: pass another tool_server name"
        )
    servers[name] = {"type": "stdio", "command": server.command, "args": list(server.args)}
    mcp["servers"] = servers
    return {**config, "mcp": mcp}


def _with_hooks(hooks: dict[str, Any], ours: Mapping[str, Command]) -> dict[str, Any]:
    existing = list(hooks.get("hooks") or [])
    if hooks.get("enabled") is False:
        # The user switched their hooks off: keep them off one by one, since ours need the
        # surface on.
        existing = [{**hook, "enabled": False} for hook in existing if isinstance(hook, dict)]
    for event, command in ours.items():
        existing.append(
            {
                "id": f"zero-sdk-{event}",
                "event": event,
                "command": command.command,
                "args": list(command.args),
                "enabled": True,
            }
        )
    return {**hooks, "enabled": True, "hooks": existing}


def _with_grant(permissions: dict[str, Any], name: str, server: Command) -> dict[str, Any]:
    servers = dict(permissions.get("servers") or {})
    servers[name] = {
        "serverIdentity": server_identity(server),
        "maxAutonomy": "high",
        "approvedAt": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
    return {"schemaVersion": 1, "tools": {}, **permissions, "servers": servers}


def server_identity(server: Command) -> str:
    """The identity Zero gives a stdio MCP server (internal/mcp/config.go computeServerIdentity):
    the first 32 hex digits of the SHA-256 of its canonical JSON, as Go's encoding/json writes
    it (field order type, command, args; empty fields omitted; <, > and & escaped)."""
    canonical: dict[str, Any] = {"type": "stdio", "command": server.command.strip()}
    args = [arg.strip() for arg in server.args if arg.strip()]
    if args:
        canonical["args"] = args
    text = json.dumps(canonical, separators=(",", ":"), ensure_ascii=False)
    for raw, escaped in (
        ("<", "\\u003c"),
        (">", "\\u003e"),
        ("&", "\\u0026"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
    ):
        text = text.replace(raw, escaped)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def new_token() -> str:
    return secrets.token_hex(16)


def bridge_command(kind: str, socket_path: str, token: str, python: Sequence[str]) -> Command:
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bridge.py")
    return Command(python[0], [*python[1:], "-I", script, kind, socket_path, token])
