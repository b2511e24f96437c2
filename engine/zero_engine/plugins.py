"""Zero's plugins (`plugin.json`, schemaVersion 1), discovered and activated as Zero 0.8.0 does.

A plugin is a folder `<root>/<folder>/plugin.json`. The roots: the user's
`$XDG_CONFIG_HOME/zero/plugins` (else `~/.config/zero/plugins`), then the workspace's
`.zero/plugins`, which loads only in a trusted workspace (as project hooks and MCP servers; the
same notice). A manifest that cannot be read, is not JSON or breaks the schema is skipped with a
warning on stderr (`[zero] WARNING: plugin activation: [kind] message (manifest path)`); a
later plugin with the id of an earlier one replaces it (the project's a user's), with a
`[duplicate]` warning. The manifest's fields are Zero's Go structs': `MANIFEST_FIELDS` lists
them.

Activation, plugins in id order, disabled ones skipped:
- each tool becomes a tool of the run under its bare `name` (`[shell/prompt]`: hidden from the
  model in default mode, shown with `--auto high`, unsafe and ask; `"allow"` is read as `prompt`,
  `"deny"` is a `denied_permission` block). A name already registered (a core tool, an MCP tool,
  an earlier plugin's) is skipped with a warning, so of two plugins the id that sorts first wins;
- each hook becomes a hook of the run with the id `<pluginId>.<hookName>` and no matcher,
  after the hooks.json hooks (a hooks.json hook with that id wins);
- each skill adds its folder's parent as a skill root (skills.py).

A tool call runs the manifest's `command` with its `args` (`${AGENT_PLUGIN_ROOT}` replaced by the
plugin's folder; a command containing `/` but not absolute is taken relative to that folder) in
the workspace, inside the run's OS sandbox exactly as a model's shell command
(tools/shell.run_shell), with the arguments as compact JSON on stdin, `AGENT_PLUGIN_ROOT` in its
environment and 120 seconds to finish.
"""

from __future__ import annotations

import os
import re
import shlex
import stat
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .gojson import go_quote, marshal
from .gotext import trim_space
from .hooks import Hook, hook_paths
from .tools.args import Args
from .tools.base import Display, ToolSpec
from .tools.gofs import errno_text
from .tools.gojson_errors import GoJSONError, check_document
from .tools.process_sandbox import DEFAULT_PATH, ToolProcesses
from .tools.secrets import count_secrets, redact_secrets
from .tools.shell import run_shell
from .tools.toolkit import Tool, ToolContext, ToolOutput

PLUGIN_ROOT_PLACEHOLDER = "${AGENT_PLUGIN_ROOT}"
PLUGIN_ROOT_ENV = "AGENT_PLUGIN_ROOT"
TOOL_TIMEOUT_SECONDS = 120.0
# Zero captures at most this much of each of a plugin command's streams.
MAX_CAPTURED_BYTES = 1 << 20
WARNING_PREFIX = "[zero] WARNING: plugin activation: "

# The manifest fields Zero 0.8.0 reads (internal/plugins), per object. Anything else is ignored.
MANIFEST_FIELDS: Mapping[str, tuple[str, ...]] = {
    "manifest": (
        "schemaVersion",
        "id",
        "name",
        "version",
        "description",
        "enabled",
        "tools",
        "prompts",
        "skills",
        "hooks",
        "author",
        "license",
        "keywords",
        "homepage",
        "interface",
    ),
    "tool": ("name", "description", "command", "args", "inputSchema", "permission"),
    "hook": ("name", "description", "event", "command", "args"),
    "path": ("name", "description", "path"),  # prompts and skills
    "author": ("name", "email", "url"),
    "interface": ("displayName", "category", "brandColor", "defaultPrompts", "defaultPrompt"),
}
HOOK_EVENTS = ("beforeTool", "afterTool", "sessionStart", "sessionEnd")
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
_WINDOWS_ABS = re.compile(r"^[A-Za-z]:[\\/]|^\\\\")


class ManifestError(Exception):
    """A manifest that breaks Zero's schema: the field and Zero's message."""

    def __init__(self, field_path: str, message: str) -> None:
        super().__init__(f"{field_path}: {message}" if field_path else message)
        self.field_path = field_path
        self.message = message


@dataclass(frozen=True)
class ToolExtension:
    name: str
    description: str
    command: str
    args: tuple[str, ...]
    input_schema: Mapping[str, Any]
    permission: str  # allow | prompt | deny (allow only with manifest auto-approval, never in exec)


@dataclass(frozen=True)
class HookExtension:
    name: str
    description: str
    event: str
    command: str
    args: tuple[str, ...]


@dataclass(frozen=True)
class PathExtension:
    name: str
    description: str
    path: str  # absolute, inside the plugin folder


@dataclass(frozen=True)
class Plugin:
    id: str
    name: str
    version: str
    description: str
    enabled: bool
    source: str  # user | project
    root: str
    plugin_dir: str
    manifest_path: str
    tools: tuple[ToolExtension, ...] = ()
    prompts: tuple[PathExtension, ...] = ()
    skills: tuple[PathExtension, ...] = ()
    hooks: tuple[HookExtension, ...] = ()


@dataclass(frozen=True)
class Diagnostic:
    kind: str  # io | json | schema | duplicate
    message: str
    manifest_path: str = ""
    plugin_path: str = ""
    plugin_id: str = ""
    field_path: str = ""

    def warning(self) -> str:
        """Zero's formatLoadDiagnostic, as the stderr line's text."""
        text = f"[{self.kind}] {self.message}"
        locator = self.manifest_path or self.plugin_path or self.plugin_id
        return f"{text} ({locator})" if locator else text


@dataclass
class LoadResult:
    plugins: list[Plugin] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


# Discovery -------------------------------------------------------------------------------------


def plugin_roots(env: Mapping[str, str], workspace: str) -> list[tuple[str, str]]:
    """(source, folder) of the user and project roots, as Zero's ResolveRoots: the user's config
    home is found as for hooks.json (a relative $XDG_CONFIG_HOME is taken from the workspace)."""
    zero_config = os.path.dirname(hook_paths(env, workspace)[0])
    return [
        ("user", os.path.join(zero_config, "plugins")),
        ("project", os.path.join(workspace, ".zero", "plugins")),
    ]


def project_plugins_exist(workspace: str) -> bool:
    return os.path.isdir(os.path.join(workspace, ".zero", "plugins"))


def load_plugins(env: Mapping[str, str], workspace: str, include_project: bool) -> LoadResult:
    """Every plugin of the roots (Zero's plugins.Load), with the diagnostics of the ones skipped."""
    result = LoadResult()
    discovered: list[Plugin] = []
    for source, root in plugin_roots(env, workspace):
        if source == "project" and not include_project:
            continue
        root = os.path.abspath(root)
        try:
            entries = sorted(os.scandir(root), key=lambda entry: os.fsencode(entry.name))
        except FileNotFoundError:
            continue
        except OSError as error:
            result.diagnostics.append(Diagnostic("io", f"open {root}: {errno_text(error)}"))
            continue
        for entry in entries:
            if not entry.is_dir(follow_symlinks=False):
                continue
            plugin_dir = os.path.join(root, entry.name)
            manifest_path = os.path.join(plugin_dir, "plugin.json")
            where = {"manifest_path": manifest_path, "plugin_path": plugin_dir}
            try:
                with open(manifest_path, "rb") as handle:
                    data = handle.read()
            except FileNotFoundError:
                continue
            except IsADirectoryError:
                result.diagnostics.append(Diagnostic("io", f"read {manifest_path}: is a directory", **where))
                continue
            except OSError as error:
                problem = f"open {manifest_path}: {errno_text(error)}"
                result.diagnostics.append(Diagnostic("io", problem, **where))
                continue
            try:
                raw = check_document(data.decode("utf-8", "replace"))
            except GoJSONError as error:
                result.diagnostics.append(Diagnostic("json", str(error), **where))
                continue
            try:
                discovered.append(parse_manifest(raw, source, root, plugin_dir, manifest_path))
            except ManifestError as error:
                result.diagnostics.append(
                    Diagnostic("schema", error.message, field_path=error.field_path, **where)
                )
    result.plugins = _merge(discovered, result.diagnostics)
    return result


def _merge(discovered: Iterable[Plugin], diagnostics: list[Diagnostic]) -> list[Plugin]:
    by_id: dict[str, Plugin] = {}
    for plugin in discovered:
        previous = by_id.get(plugin.id)
        if previous is not None:
            diagnostics.append(
                Diagnostic(
                    "duplicate",
                    f"Plugin {go_quote(plugin.id)} from {plugin.source} overrides {previous.source} "
                    f"plugin at {previous.plugin_dir}.",
                    manifest_path=plugin.manifest_path,
                    plugin_path=plugin.plugin_dir,
                    plugin_id=plugin.id,
                )
            )
        by_id[plugin.id] = plugin
    return sorted(by_id.values(), key=lambda plugin: plugin.id)


# The manifest ----------------------------------------------------------------------------------


def parse_manifest(raw: Any, source: str, root: str, plugin_dir: str, manifest_path: str) -> Plugin:
    """Zero's ParseManifest (ManifestError with its field path and message)."""
    if not isinstance(raw, dict):
        raise ManifestError("", "Expected plugin manifest to be a JSON object.")
    version_number = raw.get("schemaVersion")
    if not _is_integral(version_number):
        raise ManifestError("schemaVersion", "Expected a number.")
    if version_number != 1:
        raise ManifestError("schemaVersion", "Expected schemaVersion 1.")
    plugin_id = _required_id(raw, "id")
    name = _required_string(raw, "name")
    version = _required_string(raw, "version")
    description = _optional_string(raw, "description")
    enabled = raw.get("enabled")
    if enabled is None:
        enabled = True
    elif not isinstance(enabled, bool):
        raise ManifestError("enabled", "Expected a boolean.")
    plugin_dir = os.path.abspath(plugin_dir)
    tools = _tools(raw.get("tools"))
    prompts = _paths(raw.get("prompts"), plugin_dir, "prompts")
    skills = _paths(raw.get("skills"), plugin_dir, "skills")
    hooks = _hooks(raw.get("hooks"))
    return Plugin(
        id=plugin_id,
        name=name,
        version=version,
        description=description,
        enabled=enabled,
        source=source,
        root=os.path.abspath(root),
        plugin_dir=plugin_dir,
        manifest_path=os.path.abspath(manifest_path),
        tools=tools,
        prompts=prompts,
        skills=skills,
        hooks=hooks,
    )


def _is_integral(value: Any) -> bool:
    """A JSON number Go's float64 holds as an int (`number == float64(int(number))`)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return float(value).is_integer() and abs(value) < 2**63


def _last(field_path: str) -> str:
    return field_path.rsplit(".", 1)[-1]


def _required_string(obj: Mapping[str, Any], field_path: str) -> str:
    value = obj.get(_last(field_path))
    if not isinstance(value, str) or not trim_space(value):
        raise ManifestError(field_path, "Expected a non-empty string.")
    return trim_space(value)


def _optional_string(obj: Mapping[str, Any], field_path: str) -> str:
    if obj.get(_last(field_path)) is None:
        return ""
    return _required_string(obj, field_path)


def _required_id(obj: Mapping[str, Any], field_path: str) -> str:
    value = _required_string(obj, field_path)
    if not _ID.fullmatch(value):
        raise ManifestError(field_path, "Use letters, numbers, dots, dashes, or underscores.")
    return value


def _array(raw: Any, field_path: str) -> list[Any]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise ManifestError(field_path, "Expected an array.")
    return raw


def _strings(raw: Any, field_path: str) -> tuple[str, ...]:
    values = []
    for index, item in enumerate(_array(raw, field_path)):
        if not isinstance(item, str):
            raise ManifestError(f"{field_path}.{index}", "Expected a string.")
        values.append(item)
    return tuple(values)


def _object(item: Any, field_path: str, what: str) -> Mapping[str, Any]:
    if not isinstance(item, dict):
        raise ManifestError(field_path, f"Expected {what} to be an object.")
    return item


def _tools(raw: Any) -> tuple[ToolExtension, ...]:
    tools = []
    for index, item in enumerate(_array(raw, "tools")):
        where = f"tools.{index}"
        obj = _object(item, where, "tool extension")
        name = _required_id(obj, where + ".name")
        description = _optional_string(obj, where + ".description")
        command = _required_string(obj, where + ".command")
        args = _strings(obj.get("args"), where + ".args")
        schema = obj.get("inputSchema")
        if schema is None:
            schema = {"type": "object", "properties": {}, "additionalProperties": True}
        elif not isinstance(schema, dict):
            raise ManifestError(where + ".inputSchema", "Expected an object.")
        permission = obj.get("permission")
        if permission is None:
            permission = "prompt"
        elif not isinstance(permission, str) or trim_space(permission) not in ("allow", "prompt", "deny"):
            raise ManifestError(where + ".permission", "Expected allow, prompt, or deny.")
        # exec never opts into manifest auto-approval: "allow" is read as "prompt".
        permission = {"allow": "prompt"}.get(trim_space(permission), trim_space(permission))
        tools.append(ToolExtension(name, description, command, args, schema, permission))
    return tuple(tools)


def _hooks(raw: Any) -> tuple[HookExtension, ...]:
    hooks = []
    for index, item in enumerate(_array(raw, "hooks")):
        where = f"hooks.{index}"
        obj = _object(item, where, "hook extension")
        name = _required_id(obj, where + ".name")
        description = _optional_string(obj, where + ".description")
        event = obj.get("event")
        if not isinstance(event, str) or not trim_space(event):
            raise ManifestError(where + ".event", "Expected a hook event.")
        if trim_space(event) not in HOOK_EVENTS:
            raise ManifestError(
                where + ".event", "Expected beforeTool, afterTool, sessionStart, or sessionEnd."
            )
        command = _required_string(obj, where + ".command")
        args = _strings(obj.get("args"), where + ".args")
        hooks.append(HookExtension(name, description, trim_space(event), command, args))
    return tuple(hooks)


def _paths(raw: Any, plugin_dir: str, label: str) -> tuple[PathExtension, ...]:
    extensions = []
    for index, item in enumerate(_array(raw, label)):
        where = f"{label}.{index}"
        obj = _object(item, where, "path extension")
        name = _required_id(obj, where + ".name")
        description = _optional_string(obj, where + ".description")
        path = _required_string(obj, where + ".path")
        resolved = resolve_plugin_path(plugin_dir, path, f"{label}.{name}.path")
        extensions.append(PathExtension(name, description, resolved))
    return tuple(extensions)


def resolve_plugin_path(plugin_dir: str, value: str, field_path: str) -> str:
    """A manifest path inside the plugin folder (symbolic links resolved for the check), as Zero's
    ResolvePluginPath; ManifestError "must stay inside the plugin directory." otherwise."""
    outside = ManifestError(field_path, "must stay inside the plugin directory.")
    if os.path.isabs(value) or value.startswith(("/", "\\")) or _WINDOWS_ABS.match(value):
        raise outside
    root = os.path.abspath(plugin_dir)
    resolved = os.path.abspath(os.path.join(root, value))
    relative = os.path.relpath(os.path.realpath(resolved), os.path.realpath(root))
    if relative in (".", "..") or relative.startswith(".." + os.sep) or "..\\" in relative:
        raise outside
    return resolved


# Activation ------------------------------------------------------------------------------------


@dataclass
class Activation:
    """What the run's plugins add: tools, hooks, skill roots, and the warnings for stderr."""

    tools: list[Tool] = field(default_factory=list)
    hooks: list[Hook] = field(default_factory=list)
    skill_roots: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    skipped_project: bool = False  # an untrusted workspace's .zero/plugins was ignored

    def stderr_text(self) -> str:
        return "".join(WARNING_PREFIX + warning + "\n" for warning in self.warnings)


def activate(
    loaded: LoadResult,
    registered: Callable[[str], bool],
    workspace: str,
) -> Activation:
    """Zero's Activate (plus the load diagnostics, first). `registered(name)`: whether a tool of
    that name is already in the run (core, specialist, web_search or MCP tools)."""
    activation = Activation(warnings=[diagnostic.warning() for diagnostic in loaded.diagnostics])
    taken: set[str] = set()
    seen_roots: set[str] = set()
    for plugin in sorted(loaded.plugins, key=lambda plugin: plugin.id):
        if not plugin.enabled:
            continue
        for extension in plugin.tools:
            if registered(extension.name) or extension.name in taken:
                activation.warnings.append(
                    f"plugin {go_quote(plugin.id)}: skipped tool {go_quote(extension.name)} "
                    "because that name is already registered"
                )
                continue
            taken.add(extension.name)
            activation.tools.append(plugin_tool(plugin, extension, workspace))
        for hook in plugin.hooks:
            activation.hooks.append(
                Hook(
                    id=f"{plugin.id}.{hook.name}",
                    event=hook.event,
                    command=expand_command(hook.command, plugin.plugin_dir),
                    args=tuple(expand(arg, plugin.plugin_dir) for arg in hook.args),
                    from_plugin=True,
                )
            )
        for skill in plugin.skills:
            root = _skill_search_root(skill.path)
            if root not in seen_roots:
                seen_roots.add(root)
                activation.skill_roots.append(root)
    return activation


def _skill_search_root(path: str) -> str:
    """The folder the skill loader scans for a plugin skill: the parent of the skill's folder."""
    skill_dir = os.path.dirname(path) if os.path.basename(path).lower() == "skill.md" else path
    return os.path.dirname(skill_dir)


def expand(value: str, plugin_dir: str) -> str:
    return value.replace(PLUGIN_ROOT_PLACEHOLDER, plugin_dir)


def expand_command(value: str, plugin_dir: str) -> str:
    """A command as Zero resolves it: the placeholder expanded; a relative path with a separator
    taken from the plugin folder; a bare name left for PATH."""
    if PLUGIN_ROOT_PLACEHOLDER in value:
        return expand(value, plugin_dir)
    rooted = os.path.isabs(value) or _WINDOWS_ABS.match(value) or value.startswith(("/", "\\"))
    if not rooted and ("/" in value or "\\" in value):
        return os.path.normpath(os.path.join(plugin_dir, value))
    return value


# Plugin tools ----------------------------------------------------------------------------------


def plugin_tool(plugin: Plugin, extension: ToolExtension, workspace: str) -> Tool:
    """The run's tool for one manifest tool."""
    from .mcp_client import schema_from_mcp  # imported only for a run with plugins

    description = trim_space(extension.description) or f"Run plugin tool {plugin.id}/{extension.name}."
    spec = ToolSpec(
        name=extension.name,
        description=description,
        side_effect="shell",
        permission=extension.permission,  # type: ignore[arg-type]
        parameters=schema_from_mcp(extension.input_schema),
        advertised_in_auto=False,
        safety_reason=f"Plugin tool {plugin.id}/{extension.name} runs the plugin's declared command.",
    )
    command = expand_command(extension.command, plugin.plugin_dir)
    args = tuple(expand(arg, plugin.plugin_dir) for arg in extension.args)

    def run(context: ToolContext, call: Args) -> ToolOutput:
        return run_plugin_command(
            context,
            extension.name,
            plugin.id,
            plugin.plugin_dir,
            [command, *args],
            call.values,
            workspace,
            TOOL_TIMEOUT_SECONDS,  # read at call time (a test shortens it)
        )

    # `command` feeds the shell risk classification nothing: Zero judges a plugin tool by its
    # manifest, not by the words of its command.
    return Tool(spec=spec, run=run)


def run_plugin_command(
    context: ToolContext,
    tool_name: str,
    plugin_id: str,
    plugin_dir: str,
    argv: Sequence[str],
    arguments: Mapping[str, Any],
    workspace: str,
    timeout: float = TOOL_TIMEOUT_SECONDS,
) -> ToolOutput:
    """Run one plugin tool call in the run's sandbox and word the result as Zero does."""
    meta = {"plugin.id": plugin_id, "plugin.tool": tool_name}
    stdin = marshal(dict(arguments)).encode("utf-8", "surrogatepass")
    processes = context.processes
    command_line = "exec " + shlex.join(argv)
    missing = _executable_problem(argv[0], processes)
    if missing is not None and not processes.backend.sandboxed:
        return _formatted(tool_name, "", "", -1, meta, context.schema_version)  # as Zero: no message
    if missing is not None:
        # Zero's sandbox helper starts (so the sandbox's mount points appear, as under Zero) and
        # cannot exec the command: its message, exit status 127.
        command_line = f"printf '%s\\n' {shlex.quote('zero-linux-sandbox: ' + missing)} >&2; exit 127"
    completed = run_shell(
        command_line,
        workspace,  # type: ignore[arg-type]
        processes,
        int(timeout * 1000),
        scan_secrets=False,
        schema_version=context.schema_version,
        stdin=stdin,
        extra_env={PLUGIN_ROOT_ENV: plugin_dir},
    )
    if completed.exit_code is None:
        meta["exit_code"] = "-1"
        return ToolOutput(
            f"Error executing plugin tool {tool_name}: signal: killed", status="error", meta=meta
        )
    code = completed.exit_code if completed.exit_code >= 0 else -1
    stdout, stderr = _captured(completed.raw_stdout), _captured(completed.raw_stderr)
    return _formatted(tool_name, stdout, stderr, code, meta, context.schema_version)


def _formatted(
    tool_name: str, stdout: str, stderr: str, code: int, meta: dict[str, str], version: int
) -> ToolOutput:
    """Zero's result of a plugin command that ran: its streams (secrets redacted), exit code."""
    meta["exit_code"] = str(code)
    stdout = stdout.rstrip("\r\n")
    stderr = stderr.rstrip("\r\n")
    found = count_secrets(stdout, version) + count_secrets(stderr, version)
    parts = []
    if stdout := redact_secrets(stdout, version):
        parts.append("stdout:\n" + stdout)
    if stderr := redact_secrets(stderr, version):
        parts.append("stderr:\n" + stderr)
    if code != 0:
        parts.append(f"exit_code: {code}")
    if found:
        parts.append(
            f"[zero] redacted {found} likely secret(s) from this plugin tool output before showing it."
        )
    text = "\n".join(parts) if parts else "Plugin tool completed with no output."
    if code != 0:
        return ToolOutput(text, status="error", meta=meta, display=Display(f"{tool_name} failed", "plugin"))
    return ToolOutput(text, meta=meta, display=Display(tool_name, "plugin"))


def _captured(data: bytes) -> str:
    return data[:MAX_CAPTURED_BYTES].decode("utf-8", "surrogateescape")


def _executable_problem(command: str, processes: ToolProcesses) -> str | None:
    """Go's exec.LookPath error for the command (`exec: "X": ...`), None when it can start. The
    sandbox sees the host's file system read-only, so the host's answer is the sandbox's."""
    if "/" in command:
        problem = _find_executable(command)
        return None if problem is None else f"exec: {go_quote(command)}: {problem}"
    path = processes.environ.get("PATH") or DEFAULT_PATH  # the tool environment's PATH
    for folder in path.split(os.pathsep):
        if _find_executable(os.path.join(folder or ".", command)) is None:
            return None
    return f"exec: {go_quote(command)}: executable file not found in $PATH"


def _find_executable(path: str) -> str | None:
    try:
        mode = os.stat(path).st_mode
    except OSError as error:
        return f"stat {path}: {errno_text(error)}"
    if stat.S_ISDIR(mode):
        return "is a directory"
    if not os.access(path, os.X_OK):
        return "permission denied"
    return None


__all__ = [
    "MANIFEST_FIELDS",
    "Activation",
    "Diagnostic",
    "LoadResult",
    "ManifestError",
    "Plugin",
    "activate",
    "load_plugins",
    "parse_manifest",
    "plugin_roots",
    "project_plugins_exist",
]
