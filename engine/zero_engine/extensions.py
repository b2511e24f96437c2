"""What Zero's configuration files add to one run: a provider profile, MCP servers, plugins and hooks.

`execrun` calls these at the points Zero's `exec` does (docs/engine.md, "Configuration files"):
the config is read where Zero resolves its configuration, MCP servers start before the tools are
listed or filtered (never in plan mode), hooks are wired into the registry for the agent run, the
trust notice is printed before the run starts, and every server is closed when the run ends.
A run whose configuration declares nothing imports none of this module's dependencies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .config import (
    ConfigError,
    LoadedConfig,
    Trust,
    load_config,
    mcp_servers_of,
    resolve_mcp_servers,
    trust_notice,
    workspace_trust,
)

if TYPE_CHECKING:
    from .hooks import Hook, HookDispatcher
    from .mcp_client import MCPRuntime
    from .plugins import Activation
    from .tools.registry import ToolRegistry
    from .tools.toolkit import Tool

# Provider kinds an offline engine serves (its one transport is OpenAI-compatible chat).
_OPENAI_KINDS = ("", "openai", "openai-compatible", "openai_compatible")


@dataclass
class RunExtensions:
    config: LoadedConfig
    trust: Trust
    mcp: MCPRuntime | None = None
    hooks: HookDispatcher | None = None
    plugins: Activation | None = None
    skipped_project_files: bool = False  # untrusted project MCP config, plugins or hooks were ignored
    provider_name: str = "openai"
    profile_env: dict[str, str] = field(default_factory=dict)

    @property
    def mcp_tools(self) -> list[Tool]:
        return list(self.mcp.tools) if self.mcp is not None else []

    @property
    def plugin_tools(self) -> list[Tool]:
        return list(self.plugins.tools) if self.plugins is not None else []

    @property
    def skill_roots(self) -> list[str]:
        return list(self.plugins.skill_roots) if self.plugins is not None else []

    def notice(self) -> str:
        return trust_notice(self.trust, self.skipped_project_files)

    def close(self) -> list[str]:
        """Stop every MCP server; the stderr lines Zero writes for the ones that failed."""
        if self.mcp is None:
            return []
        lines = self.mcp.close()
        self.mcp = None
        return lines


def load_extensions(
    env: Mapping[str, str], workspace: str, trust_root: str, schema_version: int = 2
) -> RunExtensions:
    """The run's configuration (ConfigError with Zero's message when a file is refused). The
    v1-era Zero had no workspace trust: its project layer always loads."""
    loaded = load_config(env, workspace)
    trust = workspace_trust(env, trust_root) if schema_version >= 2 else Trust(True)
    extensions = RunExtensions(loaded, trust)
    profile = loaded.active_profile()
    if profile is not None and not loaded.provider_problem:
        loaded.provider_problem = _official_base_url_problem(profile, env)
    if profile is not None and profile.provider.lower() in _OPENAI_KINDS:
        extensions.provider_name = profile.name
        extensions.profile_env = _profile_environment(profile, env)
    return extensions


def _is_official_openai_base_url(base_url: str) -> bool:
    return base_url.strip().rstrip("/") in ("", "openai", "https://api.openai.com/v1")


def _official_base_url_problem(profile: Any, env: Mapping[str, str]) -> str:
    """Zero's refusal of a profile of the `openai` kind (also the default kind) that names another
    base URL: only the environment may point it elsewhere (OPENAI_BASE_URL turns it into an
    openai-compatible one), and only a profile that says `"provider": "openai"` takes the
    environment's values."""
    if profile.provider.strip().lower() not in ("", "openai"):
        return ""
    base_url = profile.base_url
    env_base_url = env.get("OPENAI_BASE_URL", "").strip()
    if profile.provider.strip().lower() == "openai" and env_base_url:
        if not _is_official_openai_base_url(env_base_url):
            return ""  # promoted to openai-compatible, which takes any base URL
        base_url = env_base_url
    if _is_official_openai_base_url(base_url):
        return ""
    key = profile.api_key or (env.get(profile.api_key_env, "").strip() if profile.api_key_env else "")
    note = " (apiKey=[REDACTED])" if key else ""
    return f"openai provider {profile.name} requires official baseURL https://api.openai.com/v1{note}"


def _profile_environment(profile: Any, env: Mapping[str, str]) -> dict[str, str]:
    """The OPENAI_* view of the active profile. Zero merges the OPENAI_* variables into a profile of
    the `openai` kind only; an `openai-compatible` profile keeps its own base URL, model and key.
    The key: the profile's `apiKey`, else the variable its `apiKeyEnv` names."""
    overlay = {"OPENAI_BASE_URL": profile.base_url, "OPENAI_MODEL": profile.model}
    key = profile.api_key or (env.get(profile.api_key_env, "").strip() if profile.api_key_env else "")
    overlay["OPENAI_API_KEY"] = key
    if profile.provider.lower() in ("", "openai"):
        for name in overlay:
            if env.get(name, "").strip():
                overlay[name] = env[name]
    return {name: value for name, value in overlay.items() if value}


def provider_environment(extensions: RunExtensions | None, env: Mapping[str, str]) -> Mapping[str, str]:
    """`env` as the provider reads it: the active profile's values in place of the OPENAI_* ones."""
    if extensions is None or not extensions.profile_env:
        return env
    merged = {name: value for name, value in env.items() if not name.startswith("OPENAI_")}
    merged.update(extensions.profile_env)
    return merged


def start_mcp(
    extensions: RunExtensions,
    environ: Mapping[str, str],
    workspace: str,
    schema_version: int,
    write_roots: Sequence[str],
    temp_roots: Sequence[str],
    autonomy: str = "low",
) -> None:
    """Start the configured MCP servers (Zero: not in plan mode). Raises ConfigError or
    mcp_client.MCPConfigError, both reported as `mcp_error`. `autonomy`: what the run asks of
    mcp-permissions.json's grants (mcp_permissions.run_autonomy)."""
    include_project = extensions.trust.trusted
    project = extensions.config.project_document
    if not include_project and project is not None and mcp_servers_of(project):
        extensions.skipped_project_files = True
    servers = resolve_mcp_servers(extensions.config, include_project)
    if all(not server.configured for server in servers.values()):
        return  # only Zero's built-in default, which an offline engine never reaches
    from .mcp_client import start_mcp as connect
    from .mcp_permissions import load_grants

    extensions.mcp = connect(
        servers,
        environ,
        workspace,
        schema_version,
        write_roots,
        temp_roots,
        block_unix_sockets=extensions.config.block_unix_sockets,
        grants=load_grants(environ, autonomy),
    )


def activate_plugins(
    extensions: RunExtensions, env: Mapping[str, str], workspace: str, registered: Callable[[str], bool]
) -> str:
    """Load and activate the run's plugins (plugins.py); the warnings for stderr. Zero does it after
    the MCP servers and before the tool filters are checked; `registered(name)` says whether a
    tool of that name is already in the run."""
    import os

    user_root = os.path.join(extensions.config.user_dir, "zero", "plugins")
    if not os.path.lexists(user_root) and not os.path.lexists(os.path.join(workspace, ".zero", "plugins")):
        return ""  # the common case: no plugin folder, and the plugins module is not even imported
    from .plugins import activate, load_plugins, project_plugins_exist

    include_project = extensions.trust.trusted
    if not include_project and project_plugins_exist(workspace):
        extensions.skipped_project_files = True
    extensions.plugins = activate(load_plugins(env, workspace, include_project), registered, workspace)
    return extensions.plugins.stderr_text()


def attach_hooks(
    extensions: RunExtensions,
    registry: ToolRegistry,
    env: Mapping[str, str],
    workspace: str,
    plan_mode: bool,
    session_id: str,
) -> None:
    """Wire the run's hooks into the registry, when hooks.json or a plugin declares any. Plugin
    hooks come after the hooks.json ones, whose ids win."""
    import os

    project_file = os.path.isfile(os.path.join(workspace, ".zero", "hooks.json"))
    user_file = os.path.isfile(os.path.join(extensions.config.user_dir, "zero", "hooks.json"))
    plugin_hooks: list[Hook] = list(extensions.plugins.hooks) if extensions.plugins is not None else []
    if not (project_file or user_file or plugin_hooks):
        return  # the common case: nothing to load, and the hooks module is not even imported
    from .hooks import AuditLog, HookDispatcher, hook_paths, load_hooks, project_hooks_exist

    include_project = extensions.trust.trusted
    if not include_project and project_hooks_exist(workspace):
        extensions.skipped_project_files = True
    config = load_hooks(env, workspace, include_project)
    configured = {hook.id for hook in config.hooks}
    config.hooks.extend(hook for hook in plugin_hooks if hook.id not in configured)
    if not any(hook.enabled for hook in config.hooks) or not config.enabled:
        return
    audit = AuditLog(hook_paths(env, workspace)[2])
    dispatcher = HookDispatcher(
        config,
        registry.processes,
        workspace,
        audit,
        plan_mode,
        block_unix_sockets=extensions.config.block_unix_sockets,
    )
    dispatcher.session_id = session_id
    extensions.hooks = dispatcher
    registry.hooks = dispatcher


__all__ = [
    "ConfigError",
    "RunExtensions",
    "activate_plugins",
    "attach_hooks",
    "load_extensions",
    "provider_environment",
    "start_mcp",
]
