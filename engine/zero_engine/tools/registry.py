"""The tool registry the agent loop calls: visibility, filters, sandbox, permissions, redaction.

`execute` follows one call through the steps of docs/protocol.md 6: the arguments, filters and checks
Zero's agent loop makes, lookup, the sandbox decision, the tool itself, then the tool-boundary
redactor (5.2) and the output budget (3.7, Zero 0.8.0's `tool_result.meta`). It never raises for
anything the model sent.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..gojson import go_quote
from .args import Args, ToolArgError, ToolFailure
from .base import (
    PermissionMode,
    PermissionOutcome,
    ToolExecution,
    ToolResult,
    ToolSpec,
)
from .budget import Budget, apply_budget, budget_meta, category_for, registry_budget, spill_root
from .diffheaders import patch_header_paths
from .extra_tools import (
    EXTRA_TOOLS,
    LOCAL_TOOLS,
    REJECTED_BEFORE_PERMISSION,
    SPECIALIST_TOOL_NAMES,
    SPECIALIST_TOOLS,
    make_tool_search,
    tool_search_description,
    tool_search_spec,
    web_fetch_rejection,
)
from .filters import passes_filters
from .gojson_errors import GoJSONError, decode_tool_arguments
from .interaction import (
    INTERACTION_TOOLS,
    additional_permissions_elevate,
    additional_permissions_problem,
    additional_permissions_requested,
    ask_user_problem,
    request_permissions_result,
)
from .mutation import mutation_targets
from .patch import APPLY_PATCH, PatchError, parse_patch
from .policy import (
    ESCALATED_REASON,
    GENERIC_PROMPT_REASON,
    SHELL_COMMAND_TOOLS,
    Decision,
    PolicyRequest,
    argument_string,
    block_text,
    evaluate,
    request_paths,
    safety_reason,
)
from .process_sandbox import ToolProcesses
from .read_tools import READ_TOOLS, V1_PARAMETERS
from .redaction import redact_with_flag
from .shell import SHELL_TOOLS
from .toolkit import Observation, Tool, ToolContext, ToolOutput
from .tracker import FileTracker
from .web_search import WEB_SEARCH, WEB_SEARCH_V1
from .web_search import configured as web_search_configured
from .workspace import PathEscape, Workspace, default_temp_roots
from .write_tools import WRITE_TOOLS

if TYPE_CHECKING:
    from ..hooks import HookDispatcher

BUILTIN_TOOLS: tuple[Tool, ...] = (
    *READ_TOOLS,
    *WRITE_TOOLS,
    APPLY_PATCH,
    *SHELL_TOOLS,
    *INTERACTION_TOOLS,
    *EXTRA_TOOLS,
    *SPECIALIST_TOOLS,
)
TOOL_SEARCH = "tool_search"
# The only result meta the v1-era tools set (bash's and glob's); sandbox_* keys are kept too.
V1_META_KEYS = frozenset({"cwd", "exit_code", "timeout_ms", "pattern", "media_type", "load_tools"})
DEFER_THRESHOLD = 3  # Zero's default tools.deferThreshold

# Tools the v1-era Zero did not have: at schemaVersion 1 a call to one is an unknown tool.
NOT_IN_V1 = frozenset(
    {"exec_command", "write_stdin", "view_image", "lsp_navigate"} | {tool.spec.name for tool in LOCAL_TOOLS}
)

TEMP_ROOTS_ENV = "ZERO_ENGINE_TEMP_ROOTS"

# Tools hidden in plan mode even though they are read-class `allow` tools (docs/protocol.md 6.2).
_PLAN_EXCLUDED = frozenset({"lsp_navigate"})
_SPEC_DRAFT_EXTRA = frozenset({"ask_user", "submit_spec"})
_SPEC_DRAFT_EXCLUDED = frozenset({"update_plan"})


def advertised(spec: ToolSpec, mode: PermissionMode) -> bool:
    """Whether the tool is shown to the model in `mode` (upstream `ToolAdvertised`)."""
    if spec.permission == "deny":
        return False
    read_allow = spec.side_effect == "read" and spec.permission == "allow"
    if mode == "plan":
        return read_allow and spec.name not in _PLAN_EXCLUDED
    if mode == "spec-draft":
        return (read_allow or spec.name in _SPEC_DRAFT_EXTRA) and spec.name not in _SPEC_DRAFT_EXCLUDED
    if mode in ("ask", "unsafe"):
        return True
    auto_visible = spec.permission == "allow" or spec.advertised_in_auto
    if mode == "member-auto":
        return auto_visible or spec.side_effect in ("write", "shell")
    return auto_visible


@dataclass(frozen=True)
class Verdict:
    """What the registry would do with a call: the sandbox decision, and whether the tool runs."""

    decision: Decision
    runs: bool


# Zero 0.8.0 runs a consecutive run of two or more thread-safe read-only calls as one concurrent
# batch (agent/parallel_tools.go): their permission events come before the batch's first
# tool_call. The tools, and the argument keys of the resource each one locks (two calls on the
# same resource end a batch).
_PARALLEL_READ_TOOLS = {
    "read_file": "file",
    "read_minified_file": "file",
    "view_image": "file",
    "list_directory": "directory",
    "glob": "scan",
    "grep": "scan",
    "skill": "none",
}
_RESOURCE_KEYS: dict[str, tuple[tuple[str, ...], str]] = {
    "file": (("path", "file", "file_path", "filepath", "filename", "target"), "file:"),
    "directory": (("path", "directory", "dir", "cwd", "workdir"), "directory:"),
    "scan": (("path", "cwd", "dir", "directory"), "directory:"),
    "none": ((), ""),
}


def _normalize_resource_path(path: str) -> str:
    """Zero's NormalizeResourcePath: trimmed, cleaned, slash-separated, without a leading ./."""
    path = path.strip()
    if not path or "://" in path:
        return ""
    cleaned = os.path.normpath(path)
    if cleaned.startswith("//"):
        cleaned = "/" + cleaned.lstrip("/")
    return cleaned if cleaned == "." else cleaned.removeprefix("./")


class ToolRegistry:
    """The built-in tools of one run, in one workspace and permission mode."""

    def __init__(
        self,
        workspace: Path,
        permission_mode: PermissionMode,
        autonomy: str = "low",
        schema_version: int = 2,
        enabled: Sequence[str] = (),
        disabled: Sequence[str] = (),
        environ: Mapping[str, str] | None = None,
        add_dirs: Sequence[str] = (),
        temp_roots: Sequence[str] | None = None,
        specialist_tools: bool = False,
        extra_tools: Sequence[Tool] = (),
        skill_roots: Sequence[str] = (),
        defer_threshold: int = DEFER_THRESHOLD,
    ) -> None:
        """`specialist_tools`: register Zero's delegation tools (Task, swarm_*, ...), as Zero does
        for `--auto medium|high` and `--skip-permissions-unsafe`. `extra_tools`: the tools of the
        run's MCP servers (mcp_client) and plugins (plugins.py); a built-in keeps its name.
        `skill_roots`: the plugins' skill folders, for the skill tool. `defer_threshold`: the
        configuration's tools.deferThreshold (0: never defer)."""
        self.permission_mode: PermissionMode = permission_mode
        self.autonomy = autonomy
        self.schema_version = schema_version
        self.enabled = tuple(enabled)
        self.disabled = tuple(disabled)
        # The engine's environment, which tool processes' environments are built from (never
        # inherited whole). No default to os.environ: a caller that passes none gets an empty one.
        self.environ: Mapping[str, str] = dict(environ or {})
        # Extra roots: --add-dir directories, then (v2) /tmp and $TMPDIR (upstream `NewScope`).
        # `temp_roots` replaces the latter, for tests whose scratch directories live in /tmp.
        # ZERO_ENGINE_TEMP_ROOTS (engine-only, for tests) replaces them from the environment.
        override = self.environ.get(TEMP_ROOTS_ENV)
        if temp_roots is None and override is not None:
            temp_roots = [root for root in override.split(os.pathsep) if root]
        if temp_roots is None:
            temp_roots = default_temp_roots(self.environ) if schema_version >= 2 else ()
        extra = [*add_dirs, *temp_roots]
        self.workspace = Workspace.at(workspace, extra)
        resolved_temp = tuple(os.path.realpath(root) for root in temp_roots)
        self.processes = ToolProcesses(self.environ, schema_version, self.workspace.roots, resolved_temp)
        self._tools = {
            tool.spec.name: tool
            for tool in BUILTIN_TOOLS
            if (schema_version >= 2 or tool.spec.name not in NOT_IN_V1)
            and (specialist_tools or tool.spec.name not in SPECIALIST_TOOL_NAMES)
        }
        if web_search_configured(self.environ):  # as Zero: only with a search backend configured
            self._tools[WEB_SEARCH.spec.name] = WEB_SEARCH if schema_version >= 2 else WEB_SEARCH_V1
        for extra_tool in extra_tools:
            self._tools.setdefault(extra_tool.spec.name, extra_tool)
        self._extra_names = frozenset(tool.spec.name for tool in extra_tools)
        self.skill_roots = tuple(skill_roots)
        # The run's hooks (hooks.json): beforeTool may veto a call that is about to run,
        # afterTool's output is appended to the result.
        self.hooks: HookDispatcher | None = None
        self.tracker = FileTracker()
        self._call = _CallInfo("")
        self._loaded: set[str] = set()
        self.defer_threshold = defer_threshold
        if self._deferral_active():
            # The v1-era tool_search did not point at tools already in the list.
            eager = self._eager_names if schema_version >= 2 else list
            self._tools[TOOL_SEARCH] = make_tool_search(self._searchable_specs, eager, self._load)

    # What the model sees ---------------------------------------------------------------------

    def registered_specs(self) -> list[ToolSpec]:
        """The tools this run can call (tool_search only when it defers tools)."""
        specs = (self._versioned(tool.spec) for tool in self._tools.values())
        return sorted(specs, key=lambda spec: spec.name)

    def all_specs(self) -> list[ToolSpec]:
        """Every tool name a filter may use (tool_search included, from schemaVersion 2)."""
        specs = [self._versioned(tool.spec) for tool in self._tools.values()]
        if TOOL_SEARCH not in self._tools and self.schema_version >= 2:
            specs.append(tool_search_spec())
        return sorted(specs, key=lambda spec: spec.name)

    def _versioned(self, spec: ToolSpec) -> ToolSpec:
        """At schemaVersion 1, the tool as the v1-era Zero offered it."""
        if self.schema_version >= 2:
            return spec
        if spec.deferrable and spec.name not in self._extra_names:
            spec = replace(spec, deferrable=False)  # the v1-era Zero deferred MCP tools only
        if spec.name in V1_PARAMETERS:
            spec = replace(spec, parameters=V1_PARAMETERS[spec.name])
        elif spec.name in V1_PROPERTY_CHANGES:
            spec = replace(spec, parameters=_v1_parameters(spec.parameters, V1_PROPERTY_CHANGES[spec.name]))
        if spec.name == "edit_file":
            spec = replace(spec, model_visible=True)
        return spec

    def visible_specs(self) -> list[ToolSpec]:
        """The tools `--list-tools` shows: visible in this mode and through the filters, by name."""
        return [
            spec
            for spec in self.all_specs()
            if spec.name != TOOL_SEARCH
            and spec.model_visible
            and passes_filters(spec.name, self.enabled, self.disabled)
            and advertised(spec, self.permission_mode)
        ]

    def request_specs(self) -> list[ToolSpec]:
        """The tools sent to the model, in Zero's order: without deferral every visible tool by
        name; with it the eager tools by name, then tool_search, then the deferred tools it has
        loaded, by name (so a load only appends)."""
        visible = self.visible_specs()
        if TOOL_SEARCH not in self._tools:
            return visible
        eager = [spec for spec in visible if not spec.deferrable]
        loaded = [spec for spec in visible if spec.deferrable and spec.name in self._loaded]
        search = self._tools[TOOL_SEARCH].spec
        if self.schema_version < 2:  # the v1-era loop kept the whole list in name order
            return sorted([*eager, search, *loaded], key=lambda spec: spec.name)
        # Zero 0.8.0 lists the deferred tools in tool_search's description (v1: in a reminder).
        search = replace(search, description=tool_search_description(self._deferred_specs()))
        return [*eager, search, *loaded]

    def deferred_reminder(self) -> str:
        """schemaVersion 1: the user message the v1-era loop appended to each request while tools
        were deferred (model-only text, in our words: which tools tool_search can load)."""
        if self.schema_version >= 2 or TOOL_SEARCH not in self._tools:
            return ""
        hidden = [spec for spec in self._deferred_specs() if spec.name not in self._loaded]
        if not hidden:
            return ""
        lines = [f"- {spec.name}: {(spec.description.splitlines() or [''])[0]}" for spec in hidden]
        return (
            "These tools exist but their parameters are not shown yet; load one with tool_search "
            "before calling it:\n" + "\n".join(lines)
        )

    def _deferral_active(self) -> bool:
        """Zero hides deferrable tools behind tool_search when at least tools.deferThreshold
        (default 3; 0: never) are visible and tool_search itself may run (not disabled,
        advertised in this mode)."""
        if self.defer_threshold <= 0:
            return False
        if TOOL_SEARCH in self.disabled or not advertised(tool_search_spec(), self.permission_mode):
            return False
        eligible = [spec for spec in self.visible_specs() if spec.deferrable]
        return len(eligible) >= self.defer_threshold

    def _searchable_specs(self) -> list[ToolSpec]:
        """What tool_search searches: every registered deferrable tool the filters let through,
        whatever the mode advertises (Zero's visibleDeferredTools); loading one the mode hides
        adds nothing to the requests."""
        return [
            spec
            for spec in self.all_specs()
            if spec.deferrable
            and spec.name != TOOL_SEARCH
            and passes_filters(spec.name, self.enabled, self.disabled)
        ]

    def _deferred_specs(self) -> list[ToolSpec]:
        return [spec for spec in self.visible_specs() if spec.deferrable]

    def _eager_names(self) -> list[str]:
        return [spec.name for spec in self.visible_specs() if not spec.deferrable]

    def _load(self, names: list[str]) -> None:
        self._loaded.update(names)

    # Running one call ------------------------------------------------------------------------

    def parallel_read_keys(self, name: str, arguments: str) -> list[str] | None:
        key_kind = _PARALLEL_READ_TOOLS.get(name)
        tool = self._tools.get(name)
        if key_kind is None or tool is None or tool.spec.permission != "allow":
            return None
        try:
            values = decode_tool_arguments(arguments)
        except GoJSONError:
            return None
        keys, prefix = _RESOURCE_KEYS[key_kind]
        path = ""
        for key in keys:
            if values.get(key) is not None:
                value = values[key]
                path = value if isinstance(value, str) else ""
                break
        normalized = _normalize_resource_path(path)
        if not normalized or (key_kind == "scan" and normalized == "."):
            return []
        return [prefix + normalized]

    def mutation_targets(self, name: str, arguments: str) -> list[str]:
        return mutation_targets(str(self.workspace.real_root), name, arguments, self.schema_version)

    def execute(self, call_id: str, name: str, arguments: str) -> ToolExecution:
        self._call = _CallInfo(name)
        # Zero's agent loop: arguments, operator filters and the plan-mode gate come before the
        # tool registry, whose results (from "Unknown tool" on) carry the output budget meta.
        try:
            raw_arguments = decode_tool_arguments(arguments, self.schema_version)
        except GoJSONError as error:
            return self._loop_error(f"Error: Failed to parse arguments for {name}: {error}")
        if not passes_filters(name, self.enabled, self.disabled):
            return self._loop_error(f'Error: Tool "{name}" is not enabled for this run.')
        tool = self._tools.get(name)
        if (
            tool is not None
            and self.permission_mode in ("plan", "spec-draft")
            and not advertised(tool.spec, self.permission_mode)
        ):
            return self._loop_error(f'Error: Tool "{name}" is not available in {self.permission_mode} mode.')
        if tool is None:
            return self._plain_error(f'Error: Unknown tool "{name}".')
        # Zero's loop refuses a malformed inline permission request of a shell call before any prompt.
        shell_call = name in ("bash", "exec_command") and self.schema_version >= 2
        if shell_call and (inline_problem := additional_permissions_problem(raw_arguments)):
            return self._loop_error(f"Error: {inline_problem}")
        spec = tool.spec
        # ask_user and request_permissions are answered by Zero's agent loop (no permission event).
        if name == "ask_user" and (problem := ask_user_problem(raw_arguments)) is not None:
            return self._loop_error(f"Error: Invalid arguments for ask_user: {problem}")
        if name == "request_permissions":
            status, text = request_permissions_result(raw_arguments)
            return self._loop_error(text) if status == "error" else self._loop_ok(text)
        if name == "web_fetch" and self.schema_version >= 2:
            # Zero 0.8.0 refuses a bad or non-public URL before any permission prompt.
            rejection = web_fetch_rejection(Args(name, raw_arguments))
            if rejection is not None:
                return self._loop_error(rejection)
        try:
            args = Args(name, raw_arguments)
            self._call = _CallInfo(name, dict(raw_arguments))
            paths = tool.paths(args)
            command = tool.command(args)
            self._call = _CallInfo(name, dict(raw_arguments), command)
            targets = tool.targets(args) if tool.targets is not None else []
            for path in (*paths, *targets):
                if "\x00" in path:  # e.g. a file named inside a patch; the OS would reject it
                    raise ToolArgError(name, f"path {path!r} contains a NUL byte")
        except (ToolArgError, ToolFailure) as error:
            if name in REJECTED_BEFORE_PERMISSION:  # Zero's loop rejects these: no budget meta
                return self._loop_error(str(error))
            return self._plain_error(str(error))
        decision, granted = self._decide(spec, raw_arguments, command)
        outcome = self._outcome(spec, decision, granted, raw_arguments)
        if decision.action == "deny":
            assert decision.block is not None
            return self._finish(
                ToolOutput(block_text(decision.block, self.schema_version), status="error"), outcome
            )
        # Headless exec has no one to answer a prompt, so a prompted call runs only if granted.
        if decision.action == "prompt" and not granted:
            text = f"Error: Sandbox approval required for {name}: {decision.reason}"
            return self._finish(ToolOutput(text, status="error"), outcome)
        if spec.permission == "prompt" and not (granted or decision.auto_allowed):
            text = (
                f"Error: Permission required for {name}: {safety_reason(spec)} "
                'The tool is marked "prompt" and was not executed.'
            )
            return self._finish(ToolOutput(text, status="error"), outcome)
        if self.hooks is None:
            return self._finish(self._run(tool, args), outcome)
        return self._run_with_hooks(call_id, tool, args, raw_arguments, outcome)

    def _run_with_hooks(
        self,
        call_id: str,
        tool: Tool,
        args: Args,
        raw_arguments: Mapping[str, Any],
        outcome: PermissionOutcome | None,
    ) -> ToolExecution:
        """As Zero's loop: a beforeTool veto replaces the call (no permission event, no budget
        meta); afterTool's output is appended to the result before the output budget."""
        from ..hooks import blocked_result_text, with_hook_feedback

        assert self.hooks is not None
        name = tool.spec.name
        verdict = self.hooks.before_tool(call_id, name, raw_arguments)
        if verdict.blocked_by:
            return self._loop_error(blocked_result_text(name, verdict))
        output = self._run(tool, args)
        feedback = self.hooks.after_tool(call_id, name, output.status, output.changed_files)
        if feedback:
            output = replace(output, output=with_hook_feedback(output.output, feedback))
        return self._finish(output, outcome)

    def decide(self, name: str, arguments: Mapping[str, Any]) -> Verdict:
        """The permission decision for a call, without running anything: what a test checks
        when the point is that a call is refused (a refused command must never be executed)."""
        tool = self._tools.get(name)
        if tool is None:
            raise KeyError(f"unknown tool {name!r}")
        command = tool.command(Args(name, arguments))
        decision, granted = self._decide(tool.spec, arguments, command)
        runs = decision.action == "allow" or (decision.action == "prompt" and granted)
        if tool.spec.permission == "prompt" and not (granted or decision.auto_allowed):
            runs = False
        return Verdict(decision, runs)

    def _decide(
        self, spec: ToolSpec, raw_arguments: Mapping[str, Any], command: str
    ) -> tuple[Decision, bool]:
        """The sandbox decision and whether the call counts as granted (unsafe mode, `allow` tool)."""
        name = spec.name
        patch_files = _patch_files(raw_arguments, self.schema_version) if name == "apply_patch" else []
        cwd = argument_string(raw_arguments, "cwd")
        join_cwd = bool(cwd) and os.path.normpath(cwd) != "."
        joined_patch_files = [
            os.path.join(cwd, path) if join_cwd and not os.path.isabs(path) else path
            for path in patch_files
            if path and path != "/dev/null"
        ]
        # A tool is granted up front in unsafe mode or when its static permission is `allow`.
        granted = self.permission_mode == "unsafe" or spec.permission == "allow"
        request = PolicyRequest(
            spec=spec,
            mode=self.permission_mode,
            paths=request_paths(name, raw_arguments, joined_patch_files, self.schema_version),
            command=argument_string(raw_arguments, "command", "cmd", "script", "shell") or command,
            granted=granted,
            schema_version=self.schema_version,
            arguments=raw_arguments,
            patch_files=patch_files,
            # Only a shell call pays for the backend probe (once per run).
            sandbox_active=spec.side_effect == "shell" and self.processes.backend.sandboxed,
        )
        decision = evaluate(request, self.workspace)
        chars = raw_arguments.get("chars")
        if name == "write_stdin" and decision.action != "deny" and chars in (None, "", "\u0003"):
            # Zero lets a poll (no input) or a Ctrl-C through without asking: the call's
            # permission is `allow` (PermissionForArgs), so the reason is the tool's own.
            decision = replace(decision, action="allow", reason=safety_reason(spec), auto_allowed=True)
            granted = True
        return decision, granted

    def _run(self, tool: Tool, args: Args) -> ToolOutput:
        context = ToolContext(
            workspace=self.workspace,
            environ=self.environ,
            schema_version=self.schema_version,
            tracker=self.tracker,
            processes=self.processes,
            skill_roots=self.skill_roots,
        )
        try:
            return tool.run(context, args)
        except (ToolArgError, ToolFailure) as error:
            return ToolOutput(str(error), status="error")
        except PathEscape as escape:
            # The sandbox only prompted (a granted read outside every root), or this is a path the
            # tool derived itself: the tool's own confinement error, worded as that tool words it.
            return ToolOutput(_escape_text(tool.spec.name, args, escape), status="error")
        except OSError as error:
            where = f" ({error.filename})" if error.filename else ""
            return ToolOutput(
                f"Error: {tool.spec.name} failed: {error.strerror or error}{where}", status="error"
            )

    def _outcome(
        self, spec: ToolSpec, decision: Decision, granted: bool, arguments: Mapping[str, object]
    ) -> PermissionOutcome | None:
        """Upstream `buildPermissionEvent` for the decision the registry acted on."""
        # Read-only allow tools report nothing unless the sandbox blocked or prompted them.
        if decision.action == "allow" and spec.permission == "allow" and decision.block is None:
            return None
        reason = decision.reason or safety_reason(spec)
        if self.schema_version >= 2 and spec.name in SHELL_COMMAND_TOOLS:
            reason = _shell_permission_reason(spec, reason, arguments)
        action = decision.action
        if self.schema_version >= 2 and action == "allow" and not granted and self._elevates(spec, arguments):
            # Zero 0.8.0 reports an inline elevation request (sandbox_permissions
            # with_additional_permissions) as a prompt even when the sandbox allowed the call: its
            # TUI must ask. Headless exec has no one to ask, so the call runs as allowed.
            action = "prompt"
        return PermissionOutcome(
            action=action,
            permission=spec.permission,
            permission_granted=granted,
            permission_mode=self.permission_mode,
            side_effect=spec.side_effect,
            risk=decision.risk,
            reason=reason,
            block=decision.block,
        )

    def _elevates(self, spec: ToolSpec, arguments: Mapping[str, object]) -> bool:
        """The call asks for sandbox access beyond the default (`with_additional_permissions`).
        Zero drops a shell call's no-op request first; any other tool's flag counts as it is."""
        if spec.name in SHELL_COMMAND_TOOLS:
            return additional_permissions_elevate(arguments, self.workspace)
        return additional_permissions_requested(arguments)

    def _plain_error(self, text: str) -> ToolExecution:
        return self._finish(ToolOutput(text, status="error"), None)

    def _loop_ok(self, text: str) -> ToolExecution:
        text, redacted = redact_with_flag(text, self.schema_version)
        return ToolExecution(result=ToolResult(status="ok", output=text, redacted=redacted))

    def _loop_error(self, text: str) -> ToolExecution:
        """An error Zero's agent loop reports before the tool registry (no output budget meta)."""
        text, redacted = redact_with_flag(text, self.schema_version)
        return ToolExecution(result=ToolResult(status="error", output=text, redacted=redacted))

    def _finish(self, output: ToolOutput, outcome: PermissionOutcome | None) -> ToolExecution:
        return ToolExecution(result=self._scrub(output), permission=outcome)

    def _scrub(self, output: ToolOutput) -> ToolResult:
        """Redact output, display and meta (docs/protocol.md 5.2), then apply the output budget."""
        text, redacted = redact_with_flag(output.output, self.schema_version)
        meta: dict[str, str] = {}
        for key, value in output.meta.items():
            meta[key], changed = redact_with_flag(value, self.schema_version)
            redacted = redacted or changed
        if output.preview and self.schema_version >= 2:
            redacted = redacted or redact_with_flag(output.preview, self.schema_version)[1]
        display = output.display
        if display is not None:
            summary, changed = redact_with_flag(display.summary, self.schema_version)
            redacted = redacted or changed
            display = replace(display, summary=summary)
        truncated = output.truncated
        if self.schema_version >= 2:  # the v1-era registry had no output budget
            text, truncated, meta = self._budget(text, truncated, meta)
        else:
            meta = {
                key: value
                for key, value in meta.items()
                if key in V1_META_KEYS or key.startswith(("sandbox_", "mcp."))
            }
        observation = output.observation
        if (
            observation is not None
            and output.status == "ok"
            and not truncated
            and text.startswith(output.output)
        ):
            self._credit(observation, meta)
        return ToolResult(
            status="ok" if output.status == "ok" else "error",
            output=text,
            truncated=truncated,
            redacted=redacted,
            changed_files=output.changed_files,
            meta=meta,
            display=display if display is None or display.summary or display.kind else None,
            images=output.images,
        )

    def _credit(self, observation: Observation, meta: dict[str, str]) -> None:
        """Read-before-write credit for what the model saw (Zero's CommitFileObservation)."""
        if observation.byte_mode:
            self.tracker.record_bytes(observation.path, observation.start, observation.end, observation.total)
            key = "seen_bytes"
        else:
            self.tracker.record_lines(observation.path, observation.start, observation.end, observation.total)
            key = "seen_lines"
        if self.schema_version >= 2:
            meta["file_version"] = observation.digest
            meta[key] = f"{observation.start}-{observation.end}"

    def _budget(self, text: str, truncated: bool, meta: dict[str, str]) -> tuple[str, bool, dict[str, str]]:
        call = self._call
        category = category_for(call.name, call.command)
        tool = self._tools.get(call.name)
        if call.name in _SELF_BUDGETED and tool is not None:
            budget = _self_budget(call)
        else:
            budget = registry_budget(call.name, self.environ)
        budgeted = apply_budget(call.name, text, category, budget, spill_root(self.environ))
        if truncated:
            budgeted.truncated = True
            if not budgeted.reason:
                budgeted.reason = meta.get("truncation_reason") or "upstream_tool_budget"
            if not budgeted.spill_path:
                budgeted.spill_path = meta.get("spill_path", "")
        return budgeted.text, budgeted.truncated, budget_meta(meta, budgeted)


# How the v1-era tools' arguments differed from 0.8.0's: property -> None (absent) or a
# replacement schema; "questions.items" style keys reach into an array's item object.
V1_PROPERTY_CHANGES: dict[str, dict[str, dict[str, Any] | None]] = {
    "ask_user": {
        "questions.items.header": None,
        "questions.items.optionDescriptions": None,
        "questions.items.recommended": None,
    },
    "bash": {"sandbox_permissions": None, "additional_permissions": None, "justification": None},
    "read_minified_file": {"offset": None, "limit": None},
    "swarm_collect": {"timeout_seconds": None},
    "swarm_handoff": {"to_agent_type": {"type": "string", "description": "Kind of member."}},
    "swarm_spawn": {"agent_type": {"type": "string", "description": "Kind of member."}},
    "update_plan": {"plan": {"type": "array", "description": "Every step, in order, with its status."}},
    "web_fetch": {
        "format": None,
        "max_bytes": {
            "type": "integer",
            "description": "Most bytes of the body to download.",
            "default": 65536,
            "minimum": 1,
            "maximum": 524288,
        },
    },
}


def _v1_parameters(parameters: dict[str, Any], changes: dict[str, dict[str, Any] | None]) -> dict[str, Any]:
    """`parameters` with the v1 changes applied (a deep copy; the 0.8.0 schema is left alone)."""
    import copy

    result = copy.deepcopy(parameters)
    for dotted, replacement in changes.items():
        *parents, name = dotted.split(".")
        properties = result["properties"]
        for parent in parents:  # e.g. questions -> items -> (the item object's) properties
            properties = properties[parent]
            if "properties" in properties:
                properties = properties["properties"]
        if replacement is None:
            properties.pop(name, None)
        else:
            properties[name] = replacement
    return result


_SELF_BUDGETED = frozenset({"bash", "exec_command"})
BASH_OUTPUT_BUDGET_BYTES = 32 * 1024
EXEC_DEFAULT_MAX_OUTPUT_TOKENS = 10_000
EXEC_MAX_OUTPUT_TOKENS = 200_000


def _self_budget(call: _CallInfo) -> Budget:
    """Shell tools keep their own capture budgets (bash: 64 KiB, exec_command: max_output_tokens)."""
    if call.name == "bash":
        return Budget(BASH_OUTPUT_BUDGET_BYTES * 2 // 4, BASH_OUTPUT_BUDGET_BYTES * 2)
    tokens = call.args.get("max_output_tokens", EXEC_DEFAULT_MAX_OUTPUT_TOKENS)
    if isinstance(tokens, bool) or not isinstance(tokens, int | float) or int(tokens) != tokens:
        tokens = EXEC_DEFAULT_MAX_OUTPUT_TOKENS
    tokens = int(tokens)
    if not 1 <= tokens <= EXEC_MAX_OUTPUT_TOKENS:
        tokens = EXEC_DEFAULT_MAX_OUTPUT_TOKENS
    return Budget(tokens, tokens * 4)


@dataclass(frozen=True)
class _CallInfo:
    """The call being executed, for the output budget (its category and its own limits)."""

    name: str
    args: dict[str, Any] = field(default_factory=dict)
    command: str = ""


def _patch_files(arguments: Mapping[str, object], schema_version: int) -> list[str]:
    """The file names a patch's headers give, as written (empty when it does not parse). The
    v1-era sandbox read only unified-diff headers (`diff --git`, `---`, `+++`), of any patch."""
    text = argument_string(arguments, "patch", "diff")
    if not text:
        return []
    if schema_version < 2:
        return [path for path in patch_header_paths(text, schema_version) if path and path != "/dev/null"]
    try:
        changes = parse_patch(text)
    except PatchError:
        return []
    files: list[str] = []
    for change in changes:
        files.append(change.path)
        if change.move_to:
            files.append(change.move_to)
    return files


def _shell_permission_reason(spec: ToolSpec, reason: str, arguments: Mapping[str, object]) -> str:
    """Upstream `userFacingPermissionReason`: shell prompts drop the tool's generic safety text."""
    reason = reason.strip()
    if reason and reason not in (safety_reason(spec), GENERIC_PROMPT_REASON, ESCALATED_REASON):
        return reason
    if argument_string(arguments, "sandbox_permissions") == "require_escalated":
        justification = arguments.get("justification")
        if isinstance(justification, str) and justification.strip():
            return justification.strip()
        return "This command needs to run outside the sandbox."
    return ""


# How each read tool words an error, upstream; the others use the plain `Error: <reason>`.
_ESCAPE_PREFIXES = {
    "read_file": "Error reading file {path}: ",
    "list_directory": "Error listing directory {path}: ",
    "grep": "Error running grep: ",
}


def _escape_text(tool_name: str, args: Args, escape: PathEscape) -> str:
    reason = escape.violation.reason
    if tool_name == "glob":
        return f"Error running glob {go_quote(str(args.values.get('pattern', '')))}: {reason}"
    prefix = _ESCAPE_PREFIXES.get(tool_name, "Error: ")
    return prefix.format(path=escape.violation.path) + reason


__all__ = ["BUILTIN_TOOLS", "ToolRegistry", "advertised"]
