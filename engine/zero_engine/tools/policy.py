"""The permission policy for one tool call (docs/protocol.md 6.3), in the order of upstream `Evaluate`.

This decides whether a call may run (allow, prompt or deny, with the reason and risk a client sees);
it confines nothing itself. Shell commands are judged by `command_analysis` (a shell parser plus
Zero's text rules).

The engine has no grant store, so the steps for persistent/session grants never fire. A shell
command is auto-allowed when the run's OS sandbox (process_sandbox.py) would wrap it, after the
network, destructive and path checks, as in Zero (schemaVersion 2). Headless exec
has no one to answer a prompt: the registry runs a prompted call only when it is already granted
(an `allow` tool, or unsafe mode), which is why a read outside the workspace still reaches the tool.

schemaVersion 1 follows the v1-era engine: every path block is a deny, a network command is
denied outright, destructive shell commands are denied by the default policy, apply_patch paths
come from unified-diff headers only (a `*** Begin Patch` patch names none), no temp roots, and the
workspace write reason is worded differently.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..gojson import go_quote
from .base import Block, PermissionAction, PermissionMode, Risk, ToolSpec
from .command_analysis import (
    DESTRUCTIVE_DENY_REASON_V1,
    DESTRUCTIVE_REASON,
    CommandRisk,
    command_risk,
    parser_unavailable_reason,
)
from .workspace import PathViolation, Workspace

_LEVEL_RANK = {"low": 0, "medium": 1, "high": 2, "critical": 3}
_SIDE_EFFECT_RISK = {
    "read": "low",
    "write": "medium",
    "shell": "high",
    "network": "high",
    "local_control": "high",
    "local_browser": "high",
    "local_desktop": "high",
    "local_terminal": "high",
    "out_of_workspace": "critical",
}

# Each tool's static safety reason: the reason of a plain prompt/allow decision, so it reaches the
# client in permission events and in `Sandbox approval required for <tool>: <reason>`.
SAFETY_REASONS: Mapping[str, str] = {
    "read_file": "Reads file contents without modifying files.",
    "read_minified_file": "Reads a minified view of file contents without modifying files.",
    "list_directory": "Lists directory entries without modifying files.",
    "glob": "Finds matching paths without reading contents or modifying files.",
    "grep": "Searches file paths and matching lines without modifying files.",
    "view_image": "Reads an image file without modifying anything.",
    "lsp_navigate": "Queries the language server for code navigation; reads files, modifies nothing.",
    "skill": "Reads a local skill file; gathers reusable instructions only.",
    "write_file": "Creates or overwrites files.",
    "edit_file": "Edits files in place.",
    "apply_patch": "Applies patch hunks that can create, edit, or delete files.",
    "bash": "Shell commands can read, write, or execute programs.",
    "exec_command": "Shell commands can read, write, or execute programs.",
    "write_stdin": (
        "Sending stdin can drive an existing shell process beyond the original command; "
        "empty polling and Ctrl-C interrupts are allowed automatically."
    ),
    "ask_user": "Asks the user clarifying questions; gathers input only.",
    "update_plan": "Updates in-memory planning state only.",
    "request_permissions": (
        "Requests a user permission decision but does not read, write, run commands, or use the network."
    ),
    "web_fetch": "Fetches remote URL content over the network.",
    "tool_search": "Lists and loads already-registered tool schemas; performs no side effects.",
}

GENERIC_PROMPT_REASON = "tool requires approval before execution"
ALLOW_REASON = "tool safety allows execution"
DENY_REASON = "tool safety denies execution"
WORKSPACE_WRITE_REASON = "workspace write is allowed"
WORKSPACE_WRITE_REASON_V1 = "workspace write permitted by sandbox policy"
NETWORK_REASON = "network access requires approval"
NETWORK_DENY_REASON_V1 = "network access is blocked by sandbox policy"
ESCALATED_REASON = "unsandboxed shell command requires approval"

# The argument keys upstream reads a request's paths from (`requestPaths`); v1 lacked `workdir`.
_PATH_KEYS = ("path", "file", "file_path", "filepath", "filename", "cwd", "workdir", "dir", "directory")
_PATH_KEYS_V1 = tuple(key for key in _PATH_KEYS if key != "workdir")
_COMMAND_KEYS = ("command", "cmd", "script", "shell")
_MUTATING_TOOLS = frozenset({"write_file", "edit_file", "apply_patch"})
SHELL_COMMAND_TOOLS = frozenset({"bash", "exec_command"})


def safety_reason(spec: ToolSpec) -> str:
    fallback = {"allow": ALLOW_REASON, "deny": DENY_REASON}.get(spec.permission, GENERIC_PROMPT_REASON)
    return SAFETY_REASONS.get(spec.name) or spec.safety_reason or fallback


SANDBOXED_SHELL_REASON = "auto-allowed: sandbox is active for this shell command"


def _go_string(value: Any) -> str:
    """Upstream `argString`: a string trimmed, anything else as Go's fmt.Sprint prints it."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e21:
        return str(int(value))
    if isinstance(value, list):
        return "[" + " ".join(_go_string(item) for item in value) + "]"
    if isinstance(value, dict):  # fmt.Sprint of a map[string]any: sorted keys, `map[k:v ...]`
        return "map[" + " ".join(f"{key}:{_go_string(value[key])}" for key in sorted(value)) + "]"
    return str(value).strip()


def argument_string(arguments: Mapping[str, Any], *keys: str) -> str:
    """The first non-empty of `keys` (upstream `firstArgString`)."""
    for key in keys:
        value = _go_string(arguments.get(key))
        if value:
            return value
    return ""


def request_paths(
    tool_name: str, arguments: Mapping[str, Any], patch_paths: Sequence[str], schema_version: int
) -> list[str]:
    """The paths the policy judges: the path-like arguments, then the files of a patch."""
    keys = _PATH_KEYS if schema_version >= 2 else _PATH_KEYS_V1
    paths = [value for key in keys if (value := _go_string(arguments.get(key)))]
    if tool_name == "apply_patch":
        paths.extend(patch_paths)
    return paths


@dataclass(frozen=True)
class PolicyRequest:
    spec: ToolSpec
    mode: PermissionMode
    paths: Sequence[str]  # what `request_paths` returned
    command: str = ""  # the shell command, for shell tools
    granted: bool = False  # unsafe mode, or an `allow` tool
    schema_version: int = 2
    arguments: Mapping[str, Any] = field(default_factory=dict)
    patch_files: Sequence[str] = ()  # apply_patch: the file names in the patch, as written
    sandbox_active: bool = False  # a shell command would run inside the OS sandbox


@dataclass(frozen=True)
class Decision:
    action: PermissionAction
    reason: str
    risk: Risk
    block: Block | None = None
    auto_allowed: bool = False  # allowed by the policy itself (a workspace write), not by a grant


def _path_block(request: PolicyRequest, workspace: Workspace, path: str) -> PathViolation | None:
    """Upstream `validatePathWithPolicy` with the default policy, v2 rewording included."""
    block = workspace.sandbox_block(path)
    if block is None or request.schema_version < 2:
        return block
    if block.code != "outside_workspace" or " is outside the workspace" not in block.reason:
        return block
    if request.spec.side_effect == "read":
        reason = f"Reading {path} requires access outside the workspace."
    else:  # writes, shells and everything else are checked as writes
        reason = (
            f"Writing to {path} requires access outside the workspace. "
            "Use /add-dir or --add-dir to allow writes there."
        )
    return PathViolation(block.code, block.path, reason)


def _command_risk(request: PolicyRequest) -> CommandRisk:
    return command_risk(request.command, request.schema_version) if request.command else CommandRisk()


def _destructive_reason(request: PolicyRequest, default: str) -> str:
    """The reason of a destructive-command decision; names the cause when the parser is missing."""
    problem = _command_risk(request).parser_problem
    return default if problem is None else parser_unavailable_reason(problem)


def classify(request: PolicyRequest, workspace: Workspace) -> Risk:
    """Risk level and sorted categories, as upstream `Classify`."""
    categories: set[str] = set()
    level = "low"

    def add(category: str, category_level: str) -> None:
        nonlocal level
        categories.add(category)
        if _LEVEL_RANK[category_level] > _LEVEL_RANK[level]:
            level = category_level

    side_effect_level = _SIDE_EFFECT_RISK.get(request.spec.side_effect)
    if side_effect_level is not None:
        add(request.spec.side_effect, side_effect_level)
    for category, category_level in _command_risk(request).categories().items():
        add(category, category_level)
    for path in request.paths:
        if path.startswith("/"):
            add("absolute_path", "medium")
        if path == ".." or _clean_slash(path).startswith("../"):
            add("path_escape", "critical")
        block = workspace.sandbox_block(path)
        if block is not None:
            add("symlink_traversal" if block.code == "symlink_traversal" else "out_of_workspace", "critical")
    names = tuple(sorted(categories))
    reason = f"{level} risk: {', '.join(names)}" if names else level
    return Risk(level=level, categories=names, reason=reason)  # type: ignore[arg-type]


def _clean_slash(path: str) -> str:
    return posixpath.normpath(path) if path else "."


def _deny(request: PolicyRequest, risk: Risk, code: str, reason: str, path: str = "") -> Decision:
    block = Block(
        code=code,
        action="deny",
        risk=risk,
        reason=reason,
        recoverable=False,
        tool_name=request.spec.name,
        path=path,
    )
    return Decision(action="deny", reason=reason, risk=risk, block=block)


def _patch_path_block(request: PolicyRequest) -> PathViolation | None:
    """Upstream `applyPatchPathBlock`: a patch may only name relative paths inside the workspace."""
    for path in request.patch_files:
        if not path or path == "/dev/null":
            continue
        if path.startswith("/") or path == ".." or path.startswith("../"):
            reason = f"patch path {go_quote(path)} must stay inside the workspace"
            return PathViolation("outside_workspace", path, reason)
    return None


def _promptable(request: PolicyRequest, block: PathViolation) -> bool:
    return (
        block.code == "outside_workspace"
        and request.mode != "unsafe"
        and request.spec.name != "apply_patch"
        and request.spec.side_effect in ("read", "write", "out_of_workspace")
        and bool(block.path.strip())
    )


def evaluate(request: PolicyRequest, workspace: Workspace) -> Decision:
    if request.schema_version < 2:
        return _evaluate_v1(request, workspace)
    spec = request.spec
    risk = classify(request, workspace)
    unsafe = request.mode == "unsafe"
    shell = spec.side_effect == "shell"
    reason = safety_reason(spec)
    if spec.permission == "deny":
        return _deny(request, risk, "denied_permission", reason)
    patch_block = _patch_path_block(request) if spec.name == "apply_patch" else None
    if patch_block is not None:
        return _deny(request, risk, patch_block.code, patch_block.reason, patch_block.path)
    promptable: PathViolation | None = None
    for path in request.paths:
        block = _path_block(request, workspace, path)
        if block is None:
            continue
        if not _promptable(request, block):
            return _deny(request, risk, block.code, block.reason, block.path)
        promptable = promptable or block
    if "network" in risk.categories and spec.side_effect != "network":
        if shell and not unsafe:
            return Decision(action="prompt", reason=NETWORK_REASON, risk=risk)
        return _deny(request, risk, "network", NETWORK_REASON)
    if "destructive" in risk.categories and shell:
        destructive = _destructive_reason(request, DESTRUCTIVE_REASON)
        if not unsafe:
            return Decision(action="prompt", reason=destructive, risk=risk)
        # Deliberate divergence: upstream grants every shell call in unsafe mode, so it RUNS
        # `rm -rf ~`. The engine is a test fake; a test must never destroy the machine it runs on.
        # Other shell-class tools (a plugin's) only carry a `command` argument as data; for them
        # the engine grants what Zero grants.
        if spec.name in SHELL_COMMAND_TOOLS:
            return _deny(request, risk, "destructive_command", destructive)
    if shell and argument_string(request.arguments, "sandbox_permissions") == "require_escalated":
        if not request.granted and not unsafe:
            return Decision(action="prompt", reason=ESCALATED_REASON, risk=risk)
        if not request.granted:
            return _deny(request, risk, "denied_permission", ESCALATED_REASON)
    if promptable is not None:
        prompt_block = Block(
            code=promptable.code,
            action="prompt",
            risk=risk,
            reason=promptable.reason,
            recoverable=True,
            tool_name=spec.name,
            path=promptable.path,
        )
        return Decision(action="prompt", reason=promptable.reason, risk=risk, block=prompt_block)
    if spec.permission == "allow":
        return Decision(action="allow", reason=reason, risk=risk)
    if _workspace_write(request, workspace):
        return Decision(action="allow", reason=WORKSPACE_WRITE_REASON, risk=risk, auto_allowed=True)
    if shell and request.sandbox_active:
        # The OS sandbox is the safety boundary; network, destructive and path checks came first.
        return Decision(action="allow", reason=SANDBOXED_SHELL_REASON, risk=risk, auto_allowed=True)
    if request.granted or unsafe:
        return Decision(action="allow", reason=reason, risk=risk)
    return Decision(action="prompt", reason=reason, risk=risk)


def _evaluate_v1(request: PolicyRequest, workspace: Workspace) -> Decision:
    """The v1-era `Evaluate` under its default policy (DenyDestructiveShell, MaxAutonomy high)."""
    spec = request.spec
    risk = classify(request, workspace)
    reason = safety_reason(spec)
    if spec.permission == "deny":
        return _deny(request, risk, "denied_permission", reason)
    patch_block = _patch_path_block(request) if spec.name == "apply_patch" else None
    if patch_block is not None:
        return _deny(request, risk, patch_block.code, patch_block.reason, patch_block.path)
    for path in request.paths:
        block = _path_block(request, workspace, path)
        if block is not None:
            return _deny(request, risk, block.code, block.reason, block.path)
    if "network" in risk.categories and spec.side_effect != "network":
        return _deny(request, risk, "network", NETWORK_DENY_REASON_V1)
    if "destructive" in risk.categories:
        reason = _destructive_reason(request, DESTRUCTIVE_DENY_REASON_V1)
        return _deny(request, risk, "destructive_command", reason)
    if spec.permission == "allow":
        return Decision(action="allow", reason=reason, risk=risk)
    if _workspace_write(request, workspace):
        return Decision(action="allow", reason=WORKSPACE_WRITE_REASON_V1, risk=risk, auto_allowed=True)
    if request.granted or request.mode == "unsafe":
        return Decision(action="allow", reason=reason, risk=risk)
    return Decision(action="prompt", reason=reason, risk=risk)


def _workspace_write(request: PolicyRequest, workspace: Workspace) -> bool:
    return (
        request.spec.side_effect == "write"
        and request.spec.name in _MUTATING_TOOLS
        and bool(request.paths)
        and not any(workspace.touches_protected_metadata(path) for path in request.paths)
    )


def block_text(block: Block, schema_version: int) -> str:
    """`Sandbox block [<code>] for <tool>[ at <path>]: <reason>` (`Sandbox violation` in v1)."""
    noun = "block" if schema_version >= 2 else "violation"
    where = f" at {block.path}" if block.path else ""
    return f"Sandbox {noun} [{block.code}] for {block.tool_name}{where}: {block.reason}"
