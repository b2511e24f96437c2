"""A run's private configuration layer: the user's Zero configuration plus the SDK's server and
hooks, for this run only, out of the model's reach (docs/extensions.md, "Threat model").

Zero reads its user configuration from `$XDG_CONFIG_HOME/zero` (config.json, hooks.json,
mcp-permissions.json, ...) and has no flag or variable naming an extra configuration directory
(internal/config/paths.go, internal/hooks/hooks.go, internal/mcp/permissions.go). So the run gets
a private XDG_CONFIG_HOME: every entry of the user's own config home is a symlink to the real one
(git, gcloud, Zero's credentials and plugins keep working), except three files of `zero/` that
are merged copies: config.json (+ the `mcp.servers` entry of the SDK's server), hooks.json (+ the
SDK's hooks) and mcp-permissions.json (+ a grant for the SDK's server, the way `zero mcp approve`
records one, so its tools run in the default permission mode), and three directories of `zero/`
that are mirrors (plugins, specialists, commands: READABLE_IN_ZERO_DIR), so a plugin's command
can read its own files in the sandbox. The user's files are only read.

Where it lives, and why (every command the model runs can read the whole disk but a few masked
paths, and write its write roots):

- under a root outside every write root a run can have (`layers_root`: $ZERO_SDK_LAYER_ROOT,
  else $XDG_RUNTIME_DIR/zero-sdk, else $XDG_STATE_HOME/zero-sdk or ~/.local/state/zero-sdk),
  checked against the run's workspace, --add-dir directories, configured extra write roots,
  $TMPDIR, /tmp, /var/tmp and /dev/shm, so nothing in it can be written, replaced or planted from
  the sandbox (a git config, a symlink, the socket);
- the files holding a secret (config.json with the bridge's token in the server's `env`) sit in
  `xdg/zero`, which Zero's sandbox masks from every command of the run (zero-engine masks it too);
- provider keys of the user's config.json are not copied at all: each profile's `apiKey` becomes an
  `apiKeyEnv` naming a variable of Zero's own environment, which Zero scrubs from every process
  it starts in its sandbox (internal/cli/exec.go providerSensitiveEnvKeys);
- the user's own Zero directory (and the other credential stores Zero masks under a config home),
  which Zero stops masking once XDG_CONFIG_HOME is the layer's, stays masked
  (`masking_user_credentials`);
- the layer is a 0700 directory `run-<pid>-<random>` (files 0600), removed when the run ends, and
  by a reaper process (`start_reaper`) when the caller dies without ending it (SIGKILL); one left
  anyway (the reaper killed too) is removed by the next run that starts a layer.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import IO, Any

from zero_client.extensions.instructions import write_guidelines
from zero_client.process import process_alive

#: Files of the user's `zero/` config directory that the layer merges instead of linking.
MERGED_FILES = ("config.json", "hooks.json", "mcp-permissions.json")
#: Directories of `zero/` that stay readable to the run's commands although `zero/` is masked
#: (Zero's carve-outs: a plugin's command runs its own files from `zero/plugins/<id>`). Zero keeps
#: only a real directory readable, never a symlink, so the layer holds a mirror of each: its files
#: hard-linked (copied across file systems), its links kept as links.
READABLE_IN_ZERO_DIR = ("plugins", "specialists", "commands")
LAYER_PREFIX = "run-"
#: The variable naming the directory layers live in (it must be outside every write root).
LAYER_ROOT_ENV = "ZERO_SDK_LAYER_ROOT"
#: The variable carrying the bridge's token to the SDK's MCP server (the server's `env` in the
#: layer's config.json: Zero hands it to that server alone, never to a command or a hook).
TOKEN_ENV = "ZERO_SDK_BRIDGE_TOKEN"
#: The variables carrying the user's provider keys to Zero (`apiKeyEnv`), one per profile.
PROVIDER_KEY_ENV = "ZERO_SDK_PROVIDER_KEY_"
SOCKET_NAME = "sdk.sock"
#: A unix socket's path must fit in sun_path (108 bytes with its NUL).
MAX_SOCKET_PATH = 107
#: Directories every command the model runs may write (Zero's sandbox: /tmp and $TMPDIR; /var/tmp
#: and /dev/shm are writable to every local process).
SHARED_WRITE_ROOTS = ("/tmp", "/var/tmp", "/dev/shm")
#: What the reaper runs: wait until the caller's end of the pipe closes, then remove the layer.
REAPER_SCRIPT = 'read _ignored; rm -rf -- "$1"'


class LayerError(Exception):
    """The user's configuration cannot be layered (unreadable JSON, a name already taken)."""


class LayerLocationError(LayerError):
    """The layer's root is where a command of the run could write (or a socket path too long)."""


@dataclass(frozen=True)
class Command:
    command: str
    args: list[str]
    #: Variables Zero gives this process alone (an MCP server's `env`; hooks have none).
    env: dict[str, str] = field(default_factory=dict)


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
    #: The variables the run's environment gets (XDG_CONFIG_HOME, the provider keys moved out of
    #: config.json, maybe ZERO_MCP_PERMISSIONS_PATH).
    env: dict[str, str]
    reaper: Reaper | None = None

    def remove(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)
        if self.reaper is not None:
            self.reaper.stop()
            self.reaper = None


class Reaper:
    """A child process that removes a layer once the caller is gone, however it went (SIGKILL
    included): it waits on a pipe whose only writer is this process, and the kernel closes that
    when the process ends. Its own session, so a signal to the caller's group spares it."""

    def __init__(self, path: str) -> None:
        self._process: subprocess.Popen[bytes] | None = subprocess.Popen(
            ["/bin/sh", "-c", REAPER_SCRIPT, "zero-sdk-reaper", path],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd="/",
            env={"PATH": "/usr/bin:/bin"},
            start_new_session=True,
            close_fds=True,
        )
        # The write end is ours alone (Python's pipes are not inherited by later children).
        self._pipe: IO[bytes] | None = self._process.stdin

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    def stop(self) -> None:
        """Closes the pipe (the reaper removes what is left, then exits) and waits for it."""
        if self._pipe is not None:
            with contextlib.suppress(OSError):
                self._pipe.close()
            self._pipe = None
        if self._process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._process.wait(timeout=5)
            self._process = None


def layer_root_path() -> str:
    """Where layers live: $ZERO_SDK_LAYER_ROOT, else $XDG_RUNTIME_DIR/zero-sdk (a private tmpfs
    the login session removes), else $XDG_STATE_HOME/zero-sdk, else ~/.local/state/zero-sdk.
    Read from this process's environment: the layer is the SDK's, not the run's."""
    explicit = os.environ.get(LAYER_ROOT_ENV, "").strip()
    if explicit:
        return os.path.abspath(explicit)
    runtime = os.environ.get("XDG_RUNTIME_DIR", "").strip()
    if _private_runtime_dir(runtime):
        return os.path.join(runtime, "zero-sdk")
    state = os.environ.get("XDG_STATE_HOME", "").strip()
    if not state or not os.path.isabs(state):
        state = os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(state, "zero-sdk")


def layers_root() -> str:
    """`layer_root_path()`, made if missing: 0700 and ours (one another user made is refused)."""
    root = layer_root_path()
    parent = os.path.dirname(root)
    if not os.path.isdir(parent):
        os.makedirs(parent, 0o700, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.mkdir(root, 0o700)
    info = os.lstat(root)
    if info.st_uid != os.getuid() or not os.path.isdir(root) or os.path.islink(root):
        raise LayerLocationError(f"{root} is not a directory of this user: remove it or set {LAYER_ROOT_ENV}")
    if info.st_mode & 0o077:
        os.chmod(root, 0o700)
    return root


def _private_runtime_dir(path: str) -> bool:
    if not path or not os.path.isabs(path):
        return False
    try:
        info = os.stat(path)
    except OSError:
        return False
    return info.st_uid == os.getuid() and not info.st_mode & 0o077


def write_roots(env: Mapping[str, str], cwd: str | None, add_dirs: Iterable[str]) -> list[str]:
    """Every directory a command of the run may write, as far as the SDK can know it: the
    workspace, the --add-dir (and --worktree-dir) directories, the user's
    `sandbox.additionalWriteRoots`, the run's and this process's $TMPDIR, Zero's runtime
    directories, and the shared temporary directories."""
    roots = [*SHARED_WRITE_ROOTS, os.getcwd() if cwd is None else cwd, *add_dirs]
    for source in (env, os.environ):
        tmp = source.get("TMPDIR", "").strip()
        if tmp:
            roots.append(tmp)
    # Zero's sandbox runtime directories (internal/sandbox/runtime_state.go: the user cache dir).
    cache = env.get("XDG_CACHE_HOME", "").strip() or os.path.join(
        env.get("HOME", "").strip() or "~", ".cache"
    )
    roots.append(os.path.join(os.path.expanduser(cache), "zero", "runtime"))
    config = _read_json(_zero_dir(env), "config.json", env=None)
    sandbox = config.get("sandbox")
    if isinstance(sandbox, dict):
        extra = sandbox.get("additionalWriteRoots")
        if isinstance(extra, list):
            roots += [os.path.expanduser(str(item)) for item in extra if str(item).strip()]
    return roots


def check_location(root: str, roots: Iterable[str], cwd: str | None = None) -> None:
    """LayerLocationError when `root` is one of the write `roots` or inside one."""
    real_root = os.path.realpath(root)
    containing = []
    for entry in roots:
        real = os.path.realpath(os.path.join(cwd or os.getcwd(), entry))
        if real_root == real or real_root.startswith(real.rstrip(os.sep) + os.sep):
            containing.append((len(real), entry))
    if containing:
        entry = max(containing)[1]  # the innermost: the one the user most likely chose
        raise LayerLocationError(
            f"the SDK's layer directory {root} is inside {entry}, which commands of the run can "
            f"write: set {LAYER_ROOT_ENV} to a directory outside every write root (for example "
            "under $XDG_RUNTIME_DIR or ~/.local/state)"
        )
    longest = os.path.join(root, f"{LAYER_PREFIX}{'9' * 10}-xxxxxxxx", SOCKET_NAME)
    if len(longest.encode()) > MAX_SOCKET_PATH:
        raise LayerLocationError(
            f"the SDK's layer directory {root} is too deep for a unix socket path "
            f"({len(longest.encode())} > {MAX_SOCKET_PATH} bytes): set {LAYER_ROOT_ENV} to a shorter path"
        )


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


def new_layer_dir(roots: Iterable[str] = (), cwd: str | None = None) -> str:
    """A fresh 0700 layer directory outside the write `roots` (stale ones are cleaned first)."""
    check_location(layer_root_path(), [*SHARED_WRITE_ROOTS, *roots], cwd)
    root = layers_root()
    remove_stale_layers(root)
    return tempfile.mkdtemp(prefix=f"{LAYER_PREFIX}{os.getpid()}-", dir=root)


def user_config_home(env: Mapping[str, str]) -> str | None:
    """The config home Zero would read with `env`: XDG_CONFIG_HOME, else $HOME/.config."""
    xdg = env.get("XDG_CONFIG_HOME", "").strip()
    if xdg:
        return os.path.abspath(xdg)
    home = env.get("HOME", "").strip()
    return os.path.join(home, ".config") if home else None


def _zero_dir(env: Mapping[str, str]) -> str | None:
    home = user_config_home(env)
    return os.path.join(home, "zero") if home else None


def write_layer(path: str, env: Mapping[str, str], spec: LayerSpec) -> Layer:
    """Fills the layer directory `path` for a run whose environment is `env`."""
    real_home = user_config_home(env)
    xdg = os.path.join(path, "xdg")
    zero_dir = os.path.join(xdg, "zero")
    os.mkdir(xdg, 0o700)
    os.mkdir(zero_dir, 0o700)
    if real_home is not None and os.path.isdir(real_home):
        _link_entries(real_home, xdg, skip={"zero"})
        real_zero = os.path.join(real_home, "zero")
        if os.path.isdir(real_zero):
            _link_entries(real_zero, zero_dir, skip={*MERGED_FILES, *READABLE_IN_ZERO_DIR})
            for name in READABLE_IN_ZERO_DIR:
                _mirror_tree(os.path.join(real_zero, name), os.path.join(zero_dir, name))
    real_zero_dir = _zero_dir(env)
    if spec.instructions is not None:
        write_guidelines(zero_dir, real_zero_dir, spec.instructions)
    layer_env = {"XDG_CONFIG_HOME": xdg}

    config, provider_keys = without_provider_keys(_read_json(real_zero_dir, "config.json", env=None))
    layer_env.update(provider_keys)
    if spec.server is not None and spec.server_name is not None:
        config = _with_server(config, spec.server_name, spec.server)
    _write_json(os.path.join(zero_dir, "config.json"), config)

    hooks = _read_json(real_zero_dir, "hooks.json", env=None)
    if spec.hooks:
        hooks = _with_hooks(hooks, spec.hooks)
    _write_json(os.path.join(zero_dir, "hooks.json"), hooks)

    permissions_override = env.get("ZERO_MCP_PERMISSIONS_PATH", "").strip()
    permissions = _read_json(real_zero_dir, "mcp-permissions.json", env=permissions_override or None)
    if spec.server is not None and spec.server_name is not None and spec.approve_server:
        permissions = _with_grant(permissions, spec.server_name, spec.server)
    permissions_path = os.path.join(zero_dir, "mcp-permissions.json")
    if permissions:
        _write_json(permissions_path, permissions)
    if permissions_override:  # the user's own override would bypass the layer's copy
        layer_env["ZERO_MCP_PERMISSIONS_PATH"] = permissions_path
    layer_env.update(masking_user_credentials(env, real_home))
    return Layer(path=path, env=layer_env)


#: What Zero masks under the config home it is given (internal/sandbox/profile.go
#: credentialDenyReadPaths), which the layer's config home replaces: the user's own must stay masked.
MASKED_IN_CONFIG_HOME = ("zero", os.path.join("gh", "hosts.yml"), os.path.join("git", "credentials"))


def masking_user_credentials(env: Mapping[str, str], real_home: str | None) -> dict[str, str]:
    """The variable that keeps the user's own credential stores under their config home masked
    in the run's sandbox.

    Zero masks `$XDG_CONFIG_HOME/zero` whole (and `gh/hosts.yml`, `git/credentials` there) from
    every process of its sandbox, and now that is the layer's: the user's real ones (config.json
    with provider keys, OAuth tokens, credentials) would be readable. Zero 0.8.0 has no setting
    naming another path to mask; it masks every entry of KUBECONFIG (a directory whole), so the
    user's paths join that list, after the user's own entries, or ~/.kube/config, which Zero masks
    by default and would no longer without them. A kubectl run by a command of the model then
    fails to read its configuration (it has no network anyway in Zero's default sandbox)."""
    if real_home is None or not os.path.isdir(real_home):
        return {}
    entries = [entry for entry in env.get("KUBECONFIG", "").split(os.pathsep) if entry.strip()]
    home = env.get("HOME", "").strip()
    if not entries and home:
        entries = [os.path.join(home, ".kube", "config")]
    real = os.path.realpath(real_home)
    return {
        "KUBECONFIG": os.pathsep.join([*entries, *(os.path.join(real, p) for p in MASKED_IN_CONFIG_HOME)])
    }


def without_provider_keys(config: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """`config` with each provider profile's inline key replaced by an `apiKeyEnv` naming a
    variable of Zero's environment, and those variables. Zero then reads the same key (a profile's
    `apiKey`, else the variable its `apiKeyEnv` names), and scrubs every `apiKeyEnv` variable from
    the environment of the processes it starts in its sandbox, so the key is in no file."""
    providers = config.get("providers")
    if not isinstance(providers, list):
        return config, {}
    moved: dict[str, str] = {}
    rewritten: list[Any] = []
    for index, profile in enumerate(providers):
        key = ""
        if isinstance(profile, dict):
            key = str(profile.get("apiKey") or profile.get("api_key") or "").strip()
        if not key:
            rewritten.append(profile)
            continue
        name = f"{PROVIDER_KEY_ENV}{index}"
        moved[name] = key
        rest = {
            k: v for k, v in profile.items() if k not in ("apiKey", "api_key", "apiKeyEnv", "api_key_env")
        }
        rewritten.append({**rest, "apiKeyEnv": name})
    return {**config, "providers": rewritten}, moved


def _link_entries(source: str, target: str, skip: set[str]) -> None:
    for name in os.listdir(source):
        if name not in skip:
            os.symlink(os.path.join(source, name), os.path.join(target, name))


def _mirror_tree(source: str, target: str) -> None:
    """`source`'s tree at `target` (see READABLE_IN_ZERO_DIR); a link or a missing `source` stays
    a link, as in the rest of the layer."""
    if not os.path.isdir(source) or os.path.islink(source):
        if os.path.lexists(source):
            os.symlink(source, target)
        return
    try:
        shutil.copytree(source, target, symlinks=True, copy_function=_link_or_copy)
    except (OSError, shutil.Error) as exc:
        raise LayerError(f"cannot mirror your Zero directory {source} into the run's layer: {exc}") from exc


def _link_or_copy(source: str, target: str) -> None:
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


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
    entry: dict[str, Any] = {"type": "stdio", "command": server.command, "args": list(server.args)}
    if server.env:
        entry["env"] = dict(server.env)
    servers[name] = entry
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
    it (field order type, command, args, env with its keys sorted; empty fields omitted; <, > and
    & escaped)."""
    canonical: dict[str, Any] = {"type": "stdio", "command": server.command.strip()}
    args = [arg.strip() for arg in server.args if arg.strip()]
    if args:
        canonical["args"] = args
    if server.env:
        canonical["env"] = dict(sorted(server.env.items()))
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


def bridge_command(kind: str, socket_path: str, python: Sequence[str], token: str | None = None) -> Command:
    """The bridge's command line: the socket path only. The MCP server's token goes in its `env`
    (`token`); a hook command gets none (see docs/extensions.md: Zero gives hook commands no
    channel a command of the model could not read)."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bridge.py")
    env = {TOKEN_ENV: token} if token is not None else {}
    return Command(python[0], [*python[1:], "-I", script, kind, socket_path], env)
