"""The tool registry the agent loop calls: visibility, filters, sandbox, permissions, redaction.

`execute` follows one call through the steps of docs/protocol.md 6: lookup and filters, argument
checks, the sandbox decision, the tool itself, then the tool-boundary redactor (5.2) and the
output ceiling (3.7). It never raises for anything the model sent.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from ..gojson import go_quote
from .args import Args, ToolArgError, ToolFailure, decode_arguments
from .base import (
    PermissionMode,
    PermissionOutcome,
    ToolExecution,
    ToolResult,
    ToolSpec,
)
from .filters import passes_filters
from .interaction import INTERACTION_TOOLS
from .patch import APPLY_PATCH, PatchError, parse_patch
from .read_tools import READ_TOOLS
from .redaction import redact_with_flag
from .sandbox import (
    ESCALATED_REASON,
    GENERIC_PROMPT_REASON,
    SHELL_COMMAND_TOOLS,
    Decision,
    SandboxRequest,
    argument_string,
    block_text,
    evaluate,
    request_paths,
    safety_reason,
)
from .shell import SHELL_TOOLS
from .toolkit import Tool, ToolContext, ToolOutput
from .workspace import PathEscape, Workspace, default_temp_roots
from .write_tools import WRITE_TOOLS

BUILTIN_TOOLS: tuple[Tool, ...] = (*READ_TOOLS, *WRITE_TOOLS, APPLY_PATCH, *SHELL_TOOLS, *INTERACTION_TOOLS)

# Tools the v1-era Zero did not have: at schemaVersion 1 a call to one is an unknown tool.
NOT_IN_V1 = frozenset({"exec_command", "write_stdin", "view_image", "lsp_navigate"})

TEMP_ROOTS_ENV = "ZERO_ENGINE_TEMP_ROOTS"
CEILING_ENV = "ZERO_TOOL_OUTPUT_CEILING_TOKENS"
DEFAULT_CEILING_TOKENS = 16_000
BYTES_PER_TOKEN = 4

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


def _ceiling_bytes(environ: Mapping[str, str]) -> int:
    raw = environ.get(CEILING_ENV, "").strip()
    try:
        tokens = int(raw) if raw else DEFAULT_CEILING_TOKENS
    except ValueError:
        tokens = DEFAULT_CEILING_TOKENS
    return (tokens if tokens > 0 else DEFAULT_CEILING_TOKENS) * BYTES_PER_TOKEN


def _cut_utf8(text: str, limit: int) -> str:
    return text.encode("utf-8")[:limit].decode("utf-8", errors="ignore")


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
    ) -> None:
        self.permission_mode: PermissionMode = permission_mode
        self.autonomy = autonomy
        self.schema_version = schema_version
        self.enabled = tuple(enabled)
        self.disabled = tuple(disabled)
        self.environ: Mapping[str, str] = dict(os.environ if environ is None else environ)
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
        self._tools = {
            tool.spec.name: tool
            for tool in BUILTIN_TOOLS
            if schema_version >= 2 or tool.spec.name not in NOT_IN_V1
        }
        self._ceiling = _ceiling_bytes(self.environ)

    # What the model sees ---------------------------------------------------------------------

    def all_specs(self) -> list[ToolSpec]:
        return sorted((tool.spec for tool in self._tools.values()), key=lambda spec: spec.name)

    def visible_specs(self) -> list[ToolSpec]:
        return [
            spec
            for spec in self.all_specs()
            if spec.model_visible
            and passes_filters(spec.name, self.enabled, self.disabled)
            and advertised(spec, self.permission_mode)
        ]

    # Running one call ------------------------------------------------------------------------

    def execute(self, call_id: str, name: str, arguments: str) -> ToolExecution:
        tool = self._tools.get(name)
        if tool is None:
            return self._plain_error(f'Error: Unknown tool "{name}".')
        spec = tool.spec
        if not passes_filters(name, self.enabled, self.disabled):
            return self._plain_error(f'Error: Tool "{name}" is not enabled for this run.')
        if self.permission_mode in ("plan", "spec-draft") and not advertised(spec, self.permission_mode):
            return self._plain_error(f'Error: Tool "{name}" is not available in {self.permission_mode} mode.')
        try:
            raw_arguments = decode_arguments(name, arguments)
            args = Args(name, raw_arguments)
            paths = tool.paths(args)
            command = tool.command(args)
            targets = tool.targets(args) if tool.targets is not None else []
            for path in (*paths, *targets):
                if "\x00" in path:  # e.g. a file named inside a patch; the OS would reject it
                    raise ToolArgError(name, f"path {path!r} contains a NUL byte")
        except ToolArgError as error:
            return self._plain_error(str(error))
        checkpoint = self._checkpoint_files(targets)
        patch_files = _patch_files(raw_arguments) if name == "apply_patch" else []
        cwd = argument_string(raw_arguments, "cwd")
        join_cwd = bool(cwd) and os.path.normpath(cwd) != "."
        joined_patch_files = [
            os.path.join(cwd, path) if join_cwd and not os.path.isabs(path) else path
            for path in patch_files
            if path and path != "/dev/null"
        ]
        # A tool is granted up front in unsafe mode or when its static permission is `allow`.
        granted = self.permission_mode == "unsafe" or spec.permission == "allow"
        request = SandboxRequest(
            spec=spec,
            mode=self.permission_mode,
            paths=request_paths(name, raw_arguments, joined_patch_files, self.schema_version),
            command=argument_string(raw_arguments, "command", "cmd", "script", "shell") or command,
            granted=granted,
            schema_version=self.schema_version,
            arguments=raw_arguments,
            patch_files=patch_files,
        )
        decision = evaluate(request, self.workspace)
        outcome = self._outcome(spec, decision, granted, raw_arguments)
        if decision.action == "deny":
            assert decision.block is not None
            return self._finish(
                ToolOutput(block_text(decision.block, self.schema_version), status="error"),
                outcome,
                checkpoint,
            )
        # Headless exec has no one to answer a prompt, so a prompted call runs only if granted.
        if decision.action == "prompt" and not granted:
            text = f"Error: Sandbox approval required for {name}: {decision.reason}"
            return self._finish(ToolOutput(text, status="error"), outcome, checkpoint)
        if spec.permission == "prompt" and not (granted or decision.auto_allowed):
            text = (
                f"Error: Permission required for {name}: {safety_reason(spec)} "
                'The tool is marked "prompt" and was not executed.'
            )
            return self._finish(ToolOutput(text, status="error"), outcome, checkpoint)
        return self._finish(self._run(tool, args), outcome, checkpoint)

    def _run(self, tool: Tool, args: Args) -> ToolOutput:
        context = ToolContext(workspace=self.workspace, environ=self.environ)
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
        return PermissionOutcome(
            action=decision.action,
            permission=spec.permission,
            permission_granted=granted,
            permission_mode=self.permission_mode,
            side_effect=spec.side_effect,
            risk=decision.risk,
            reason=reason,
            block=decision.block,
        )

    def _checkpoint_files(self, targets: list[str]) -> tuple[str, ...]:
        files: dict[str, None] = {}
        for target in targets:
            try:
                files.setdefault(self.workspace.relative(self.workspace.resolve(target)), None)
            except PathEscape:
                continue  # outside the workspace: nothing a checkpoint could restore
        return tuple(files)

    def _plain_error(self, text: str) -> ToolExecution:
        return self._finish(ToolOutput(text, status="error"), None, ())

    def _finish(
        self, output: ToolOutput, outcome: PermissionOutcome | None, checkpoint: tuple[str, ...]
    ) -> ToolExecution:
        return ToolExecution(result=self._scrub(output), permission=outcome, checkpoint_files=checkpoint)

    def _scrub(self, output: ToolOutput) -> ToolResult:
        """Redact output, display and meta (docs/protocol.md 5.2), then bound the model view (3.7)."""
        text, redacted = redact_with_flag(output.output, self.schema_version)
        meta: dict[str, str] = {}
        for key, value in output.meta.items():
            meta[key], changed = redact_with_flag(value, self.schema_version)
            redacted = redacted or changed
        display = output.display
        if display is not None:
            summary, changed = redact_with_flag(display.summary, self.schema_version)
            redacted = redacted or changed
            display = replace(display, summary=summary)
        truncated = output.truncated
        raw_bytes = len(text.encode("utf-8"))
        if raw_bytes > self._ceiling:
            kept = _cut_utf8(text, self._ceiling)
            emitted = len(kept.encode("utf-8"))
            text = kept + f"\n[output truncated: showing {emitted} of {raw_bytes} bytes]"
            truncated = True
            meta.update(
                raw_bytes=str(raw_bytes),
                emitted_bytes=str(emitted),
                estimated_tokens=str((emitted + BYTES_PER_TOKEN - 1) // BYTES_PER_TOKEN),
            )
        return ToolResult(
            status="ok" if output.status == "ok" else "error",
            output=text,
            truncated=truncated,
            redacted=redacted,
            changed_files=output.changed_files,
            meta=meta,
            display=display if display is None or display.summary or display.kind else None,
        )


def _patch_files(arguments: Mapping[str, object]) -> list[str]:
    """The file names a patch's headers give, as written (empty when it does not parse)."""
    text = argument_string(arguments, "patch", "diff")
    if not text:
        return []
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
