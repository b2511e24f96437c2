"""Zero's configuration files, read as Zero 0.8.0 reads them (docs/engine.md, "Configuration files").

Two layers of `config.json`: the user layer in `$XDG_CONFIG_HOME/zero/` (else `~/.config/zero/`)
and the project layer `.zero/config.json` of the workspace. The engine uses what an offline
stand-in can serve: MCP servers, provider profiles, `maxTurns` and `sandbox.blockUnixSockets`.
The rules are Zero's:

- a layer that is missing is skipped; one that is a directory, unreadable or not valid JSON fails
  the run (`provider_error`, exit 3) with Zero's message;
- MCP servers start from Zero's built-in defaults (the keyless `exa` HTTP server, which an offline
  engine cannot reach and so skips silently, as Zero does when it cannot connect), then the user
  layer, then the project layer, which loads only for a trusted workspace (the workspace's path is
  in the user layer's `trust.json`, as `zero trust` writes it). An untrusted project layer that
  declares MCP servers (or hooks) gets one notice on stderr;
- the general settings (providers, maxTurns) merge both layers whatever the trust: Zero restricts
  what a project layer may change instead (a project may not point a provider at another host).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .tools.gojson_errors import STRING, GoJSONError, GoType, check_document, go_kind, struct_type_error

_IGNORED = "ignoring project hooks/plugins/MCP servers"
TRUST_NOTICE = f"zero: {_IGNORED} in an untrusted workspace. Run 'zero trust' to enable.\n"
TRUST_STORE_NOTICE = (
    "zero: the workspace-trust store could not be read; ignoring project hooks/plugins/MCP servers "
    "(fail-closed). Run 'zero trust' to enable.\n"
)
# Zero's built-in MCP servers, merged under the user's: an offline engine never reaches them.
DEFAULT_MCP_SERVERS: dict[str, dict[str, Any]] = {"exa": {"type": "http", "url": "https://mcp.exa.ai/mcp"}}


#: Zero's default tools.deferThreshold.
DEFAULT_DEFER_THRESHOLD = 3


class ConfigError(Exception):
    """A configuration file Zero refuses: the message is Zero's (a `provider_error`, exit 3)."""


class MCPSetupError(Exception):
    """An MCP server entry Zero refuses before starting anything (an `mcp_error`, exit 3)."""


def user_config_dir(env: Mapping[str, str]) -> str:
    """Go's os.UserConfigDir on Linux: $XDG_CONFIG_HOME, else $HOME/.config."""
    xdg = env.get("XDG_CONFIG_HOME", "")
    if xdg:
        if not os.path.isabs(xdg):
            raise ConfigError("resolve user config directory: path in $XDG_CONFIG_HOME is relative")
        return xdg
    home = env.get("HOME", "")
    if not home:
        raise ConfigError("resolve user config directory: neither $XDG_CONFIG_HOME nor $HOME are defined")
    return os.path.join(home, ".config")


def _existing(path: str) -> str | None:
    try:
        if os.path.isdir(path):
            raise ConfigError(f"config path {path} is a directory, want a file")
        os.stat(path)
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        return None
    except OSError as error:
        raise ConfigError(f"inspect config {path}: stat {path}: {error.strerror}") from None
    return path


def _load(path: str) -> dict[str, Any]:
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise ConfigError(f"read config {path}: open {path}: {error.strerror}") from None
    text = data.decode("utf-8", "replace")
    try:
        value = check_document(text)
    except GoJSONError as error:
        raise ConfigError(f"invalid config JSON {path}: {error}") from None
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ConfigError(
            f"invalid config JSON {path}: json: cannot unmarshal {go_kind(value)} "
            "into Go value of type config.rawConfig"
        )
    problem = _shape_problem(value)
    if problem:
        raise ConfigError(f"invalid config JSON {path}: {problem}")
    return value


# The `mcp` key as Zero's config decoder types it: a mismatch inside is Go's unmarshal error, which
# names the containing struct (MCPConfig) and the path from the top (map keys are not in it).
_MCP_SERVER: GoType = (
    "struct",
    "config.rawServer",  # MCPServerConfig's UnmarshalJSON decodes into this
    {
        "type": STRING,
        "command": STRING,
        "args": ("slice", "[]string", STRING),
        "env": ("map", "map[string]string", STRING),
        "url": STRING,
        "headers": ("map", "map[string]string", STRING),
        "auth": STRING,
        "disabled": ("bool",),
    },
    "MCPConfig",
)
_SERVERS: GoType = ("map", "map[string]config.MCPServerConfig", _MCP_SERVER)
# ToolsConfig's UnmarshalJSON decodes into rawTools: its fields are reported under rawConfig.
_TOOLS: GoType = ("struct", "config.rawTools", {"deferThreshold": ("int",)}, "rawConfig")
# The parts of rawConfig whose types the engine checks (the rest is not read or not checked).
_TYPED_SECTIONS: GoType = (
    "struct",
    "config.rawConfig",
    {"mcp": ("struct", "config.MCPConfig", {"servers": _SERVERS}), "tools": _TOOLS},
)


def _shape_problem(document: dict[str, Any]) -> str:
    """What Zero's decoder rejects in the parts the engine reads (the rest is not checked)."""
    max_turns = document.get("maxTurns")
    if isinstance(max_turns, int) and not isinstance(max_turns, bool) and max_turns < 0:
        return f"invalid maxTurns {max_turns}: must be >= 0"
    typed = {key: value for key, value in document.items() if key in ("mcp", "tools")}
    type_error = struct_type_error(typed, _TYPED_SECTIONS, remarshalled=False)
    if type_error:
        return type_error
    camel = document.get("mcpServers") or {}
    snake = document.get("mcp_servers") or {}
    if isinstance(camel, dict) and isinstance(snake, dict):
        for name in snake:
            if name in camel:
                return (
                    f'MCP server "{name}" is defined in both mcpServers and mcp_servers; '
                    "mcp_servers would override mcpServers"
                )
    return ""


def mcp_servers_of(document: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """A layer's servers: `mcp.servers`, then `mcpServers`, then `mcp_servers` (later wins)."""
    servers: dict[str, dict[str, Any]] = {}
    nested = document.get("mcp")
    for source in (
        nested.get("servers") if isinstance(nested, dict) else None,
        document.get("mcpServers"),
        document.get("mcp_servers"),
    ):
        if isinstance(source, dict):
            for name, server in source.items():
                if isinstance(server, dict):
                    servers[name] = dict(server)
    return servers


@dataclass
class MCPServerConfig:
    """One server after the layers merged (Zero's MCPServerConfig)."""

    type: str = ""
    command: str = ""
    args: list[str] | None = None
    env: dict[str, str] | None = None
    url: str = ""
    headers: dict[str, str] | None = None
    auth: str = ""
    oauth: dict[str, Any] | None = None
    disabled: bool = False
    disabled_set: bool = False
    configured: bool = False  # written in a config file (not only Zero's default)
    project_configured: bool = False

    def merged(self, raw: Mapping[str, Any], can_reenable: bool) -> MCPServerConfig:
        """Zero's mergeMCPServer: fields the layer sets replace the ones below."""
        merged = MCPServerConfig(**self.__dict__)
        for key in ("type", "command", "url", "auth"):
            value = raw.get(key)
            if isinstance(value, str) and value.strip():
                setattr(merged, key, value)
        if isinstance(raw.get("args"), list):
            merged.args = [str(item) for item in raw["args"]]
        if isinstance(raw.get("env"), dict):
            merged.env = {str(k): str(v) for k, v in raw["env"].items()}
        if isinstance(raw.get("headers"), dict):
            merged.headers = {str(k): str(v) for k, v in raw["headers"].items()}
        if isinstance(raw.get("oauth"), dict):
            merged.oauth = dict(raw["oauth"])
        if "disabled" in raw and isinstance(raw["disabled"], bool):
            was_set, was_disabled = merged.disabled_set, merged.disabled
            merged.disabled_set = True
            if can_reenable or not was_set or was_disabled == raw["disabled"]:
                merged.disabled = raw["disabled"]
        merged.configured = True
        return merged


@dataclass
class ProviderProfile:
    """A provider profile of the config file, as far as the engine serves it."""

    name: str
    provider: str = ""
    base_url: str = ""
    model: str = ""
    api_key: str = ""
    api_key_env: str = ""


@dataclass
class LoadedConfig:
    """The run's configuration: what the engine reads of both config.json layers."""

    user_path: str | None = None
    project_path: str | None = None
    user_dir: str = ""
    documents: list[dict[str, Any]] = field(default_factory=list)  # user layer first
    project_document: dict[str, Any] | None = None
    max_turns: int = 0
    # A provider profile of the project layer Zero refuses (reported where providers resolve, a
    # `provider_error`; the v1-era Zero read the MCP servers of the same files before that).
    provider_problem: str = ""
    active_provider: str = ""
    providers: list[ProviderProfile] = field(default_factory=list)
    # `sandbox.blockUnixSockets`: either layer turns it on, neither turns it off (Zero's rule for
    # its opt-in hardening flags). It decides whether MCP servers and hooks may open unix sockets.
    block_unix_sockets: bool = False
    # `tools.deferThreshold`: how many deferrable (MCP) tools make the run hide them behind
    # tool_search; the later layer that sets it wins, 0 turns deferral off.
    defer_threshold: int = DEFAULT_DEFER_THRESHOLD
    # What Zero's Resolve refuses once the layers are merged (after a refused project profile):
    # a `provider_error`, also at v1, whose MCP start read the same files without this check.
    resolve_problem: str = ""

    def active_profile(self) -> ProviderProfile | None:
        if not self.providers:
            return None
        name = self.active_provider or (self.providers[0].name if len(self.providers) == 1 else "")
        return next((profile for profile in self.providers if profile.name == name), None)


def _profile(raw: Mapping[str, Any]) -> ProviderProfile | None:
    def text(*keys: str) -> str:
        for key in keys:
            value = raw.get(key)
            if isinstance(value, str) and value.strip():
                return value.strip()
        return ""

    name = text("name")
    if not name:
        return None
    return ProviderProfile(
        name=name,
        provider=text("provider", "provider_kind", "providerKind"),
        base_url=text("baseURL", "base_url"),
        model=text("model"),
        api_key=text("apiKey", "api_key"),
        api_key_env=text("apiKeyEnv", "api_key_env"),
    )


def load_config(env: Mapping[str, str], workspace: str) -> LoadedConfig:
    """Both config.json layers (Zero's DefaultResolveOptions + Resolve, for what the engine uses).
    Raises ConfigError with Zero's message."""
    user_dir = user_config_dir(env)
    user_path = _existing(os.path.join(user_dir, "zero", "config.json"))
    project_path = _existing(os.path.join(workspace, ".zero", "config.json"))
    loaded = LoadedConfig(user_path=user_path, project_path=project_path, user_dir=user_dir)
    for path, is_project in ((user_path, False), (project_path, True)):
        if path is None:
            continue
        document = _load(path)
        loaded.documents.append(document)
        if is_project:
            loaded.project_document = document
        active = document.get("activeProvider")
        if isinstance(active, str) and active.strip():
            loaded.active_provider = active.strip()
        sandbox = document.get("sandbox")
        if isinstance(sandbox, dict) and sandbox.get("blockUnixSockets") is True:
            loaded.block_unix_sockets = True
        turns = document.get("maxTurns")
        if isinstance(turns, int) and not isinstance(turns, bool) and turns > 0:
            loaded.max_turns = turns
        tools = document.get("tools")
        threshold = tools.get("deferThreshold") if isinstance(tools, dict) else None
        if isinstance(threshold, int) and not isinstance(threshold, bool):
            loaded.defer_threshold = threshold
        for raw in document.get("providers") or []:
            if isinstance(raw, dict) and (profile := _profile(raw)) is not None:
                if is_project and not loaded.provider_problem:
                    loaded.provider_problem = _project_profile_problem(loaded.providers, profile)
                _merge_profile(loaded.providers, profile)
    if loaded.defer_threshold < 0:
        loaded.resolve_problem = f"invalid tools.deferThreshold {loaded.defer_threshold}: must be >= 0"
    return loaded


def _project_profile_problem(profiles: list[ProviderProfile], project: ProviderProfile) -> str:
    """Zero's guard on the project layer: a cloned repository may not send a user's key to an
    endpoint of its choosing (custom OpenAI-compatible endpoints; the official OpenAI one is
    allowed)."""
    base = next((p for p in profiles if p.name == project.name), None)
    candidate = ProviderProfile(**(base.__dict__ if base is not None else {"name": project.name}))
    for key, value in project.__dict__.items():
        if value:
            setattr(candidate, key, value)
    kind = candidate.provider.lower()
    official = candidate.base_url.rstrip("/") in ("", "https://api.openai.com/v1", "https://api.openai.com")
    custom = bool(candidate.base_url) if kind != "openai" else not official
    key_note = " (apiKey=[REDACTED])" if candidate.api_key else ""
    name = candidate.name
    if project.api_key_env and custom:
        return f"project provider {name} cannot bind apiKeyEnv to custom provider endpoint{key_note}"
    inherited = (not project.api_key and candidate.api_key) or (
        not project.api_key_env and candidate.api_key_env
    )
    if project.base_url and custom and inherited:
        return (
            f"project provider {name} cannot override baseURL for a credentialed custom "
            f"provider endpoint{key_note}"
        )
    return ""


def _merge_profile(profiles: list[ProviderProfile], profile: ProviderProfile) -> None:
    for index, existing in enumerate(profiles):
        if existing.name == profile.name:
            for key, value in profile.__dict__.items():
                if value:
                    setattr(existing, key, value)
            profiles[index] = existing
            return
    profiles.append(profile)


# Workspace trust --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Trust:
    trusted: bool
    store_error: bool = False  # the trust store could not be read (fail-closed)


def workspace_trust(env: Mapping[str, str], workspace: str) -> Trust:
    """Whether the user trusted the workspace (`zero trust`): its resolved path is listed in
    `<user config dir>/zero/trust.json`. Fails closed."""
    try:
        store = os.path.join(user_config_dir(env), "zero", "trust.json")
    except ConfigError:
        return Trust(False, True)
    try:
        with open(store, "rb") as handle:
            data = json.loads(handle.read() or b"null")
    except FileNotFoundError:
        return Trust(False)
    except (OSError, ValueError):
        return Trust(False, True)
    trusted = data.get("trusted") if isinstance(data, dict) else None
    if data is not None and not isinstance(data, dict):
        return Trust(False, True)
    query = os.path.realpath(os.path.abspath(workspace))
    return Trust(isinstance(trusted, list) and query in trusted)


def trust_notice(trust: Trust, skipped_project_files: bool) -> str:
    """The one stderr line Zero prints when it ignored project files of an untrusted workspace."""
    if not skipped_project_files or trust.trusted:
        return ""
    return TRUST_STORE_NOTICE if trust.store_error else TRUST_NOTICE


# MCP servers ------------------------------------------------------------------------------------


def resolve_mcp_servers(loaded: LoadedConfig, include_project: bool) -> dict[str, MCPServerConfig]:
    """Zero's ResolveMCP: the defaults, the user layer, then (trusted only) the project layer."""
    servers = {name: MCPServerConfig().merged(raw, True) for name, raw in DEFAULT_MCP_SERVERS.items()}
    for server in servers.values():
        server.configured = False
    user_document = loaded.documents[0] if loaded.user_path is not None and loaded.documents else None
    if user_document is not None:
        for name, raw in mcp_servers_of(user_document).items():
            servers[name] = servers.get(name, MCPServerConfig()).merged(raw, True)
    if include_project and loaded.project_document is not None:
        for name, raw in mcp_servers_of(loaded.project_document).items():
            base = servers.get(name, MCPServerConfig())
            candidate = base.merged(raw, False)
            if _target_changes(base, raw) and _inherits_credentials(raw, candidate):
                raise ConfigError(
                    f'project MCP server "{name}" cannot override target while inheriting user credentials; '
                    "set headers/env/oauth explicitly or use a new server name"
                )
            candidate.project_configured = True
            servers[name] = candidate
    return servers


def _kind(server: MCPServerConfig) -> str:
    if server.type.strip():
        return server.type.strip().lower()
    return "http" if server.url.strip() else "stdio"


def _target_changes(base: MCPServerConfig, raw: Mapping[str, Any]) -> bool:
    def text(key: str) -> str:
        value = raw.get(key)
        return value.strip() if isinstance(value, str) else ""

    if text("type") and _kind(base) != _kind(base.merged(raw, True)):
        return True
    if text("url") and text("url") != base.url.strip():
        return True
    if text("command") and text("command") != base.command.strip():
        return True
    args = raw.get("args")
    if isinstance(args, list):
        new = [str(a).strip() for a in args if str(a).strip()]
        old = [a.strip() for a in (base.args or []) if a.strip()]
        return new != old
    return False


def _inherits_credentials(raw: Mapping[str, Any], candidate: MCPServerConfig) -> bool:
    if raw.get("headers") is None and any(v.strip() for v in (candidate.headers or {}).values()):
        return True
    if raw.get("env") is None and any(v.strip() for v in (candidate.env or {}).values()):
        return True
    if raw.get("oauth") is None and candidate.oauth:
        return any(str(v).strip() for v in candidate.oauth.values() if v)
    return False
