"""The sandbox decision for one tool call (PROTOCOL.md 6.3), in the order of upstream `Evaluate`.

The engine has no native sandbox backend and no grant store, so the steps for persistent/session
grants, `require_escalated` and "sandbox is active for this shell command" never fire: shell
commands outside `unsafe` mode are prompted, which headless turns into a refusal (PROTOCOL.md
11.12).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .base import Block, PermissionAction, PermissionMode, Risk, ToolSpec
from .workspace import Workspace

_NETWORK_COMMAND = re.compile(
    r"(?i)\b(curl|wget|scp|ssh|sftp|rsync|nc|ncat|netcat|telnet|ftp|python3?\s+-m\s+http\.server"
    r"|npm\s+(install|i|add|publish|login)|pnpm\s+(install|add|publish)|yarn\s+(add|publish)"
    r"|bun\s+(add|install|publish)|pip3?\s+install|go\s+get|git\s+(clone|fetch|pull|push)"
    r"|gh\s+(release\s+download|repo\s+clone|api))\b"
)
_DESTRUCTIVE_COMMANDS = (
    re.compile(
        r"""(?i)\brm\s+(-[A-Za-z]*r[A-Za-z]*f[A-Za-z]*|-[A-Za-z]*f[A-Za-z]*r[A-Za-z]*)\s+(--\s+)?["']?"""
        r"""(\$\{?HOME\}?|/|~|\*)"""
    ),
    re.compile(r"""(?i)\brm\s+(-{1,2}\S+\s+)*(--\s+)?["']?(/\*?|~|\$\{?HOME\}?|\*)["']?(\s|$)"""),
    re.compile(r"(?i)\bmkfs(\.[a-z0-9]+)?\b|\bdd\s+if=|\bchown\s+-R\b"),
    re.compile(r"(?i)\bchmod\s+(-[A-Za-z]*[rR][A-Za-z]*\s+)+0?777\b"),
    re.compile(r"(?i)\bchmod\s+(-\S+\s+)*0?777\s+-[A-Za-z]*[rR][A-Za-z]*\b"),
    re.compile(
        r"""(?i)\bchmod\s+(-\S+\s+)*0?777\s+["']?/(\s|$|["']|(etc|usr|bin|sbin|lib|var|boot|root)\b)"""
    ),
    re.compile(r":\s*\(\s*\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:"),  # fork bomb
    re.compile(r"(?i)(>\s*|\bof=)/dev/(sd[a-z]+\d*|nvme\d+n\d+(p\d+)?|hd[a-z]+\d*|xvd[a-z]+\d*|mmcblk\d+)"),
)
_PIPED_INSTALLER = re.compile(r"(?i)\b(curl|wget|fetch|aria2c)\b[^|]*\|\s*(ba|z|k|da)?sh\b")

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

GENERIC_PROMPT_REASON = "tool requires approval before execution"
ALLOW_REASON = "tool safety allows execution"
DENY_REASON = "tool safety denies execution"
WORKSPACE_WRITE_REASON = "workspace write is allowed"
NETWORK_PROMPT_REASON = "network access requires approval"
NETWORK_DENY_REASON = "network access is blocked by sandbox policy"
DESTRUCTIVE_PROMPT_REASON = "destructive shell command requires approval"
DESTRUCTIVE_DENY_REASON = "destructive shell command is blocked by sandbox policy"

_MUTATING_TOOLS = frozenset({"write_file", "edit_file", "apply_patch"})


def is_destructive(command: str) -> bool:
    return any(pattern.search(command) for pattern in _DESTRUCTIVE_COMMANDS)


def is_network_command(command: str) -> bool:
    return _NETWORK_COMMAND.search(command) is not None


@dataclass(frozen=True)
class SandboxRequest:
    spec: ToolSpec
    mode: PermissionMode
    paths: Sequence[str]  # the call's path arguments, as the model wrote them
    command: str = ""  # the shell command, for shell tools


@dataclass(frozen=True)
class Decision:
    action: PermissionAction
    reason: str
    risk: Risk
    block: Block | None = None
    auto_allowed: bool = False  # allowed by the sandbox itself (a workspace write), not by a grant


def classify(request: SandboxRequest, workspace: Workspace) -> Risk:
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
    if request.command:
        if is_network_command(request.command):
            add("network", "critical")
        if is_destructive(request.command):
            add("destructive", "critical")
        if _PIPED_INSTALLER.search(request.command):
            add("piped_installer", "critical")
    for path in request.paths:
        if path.startswith("/"):
            add("absolute_path", "medium")
        if path == ".." or path.replace("\\", "/").startswith("../"):
            add("path_escape", "critical")
        violation = workspace.violation(path)
        if violation is not None:
            add(
                "symlink_traversal" if violation.code == "symlink_traversal" else "out_of_workspace",
                "critical",
            )
    names = tuple(sorted(categories))
    reason = f"{level} risk: {', '.join(names)}" if names else level
    return Risk(level=level, categories=names, reason=reason)  # type: ignore[arg-type]


def _deny(request: SandboxRequest, risk: Risk, code: str, reason: str, path: str = "") -> Decision:
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


def evaluate(request: SandboxRequest, workspace: Workspace) -> Decision:
    spec = request.spec
    risk = classify(request, workspace)
    unsafe = request.mode == "unsafe"
    if spec.permission == "deny":
        return _deny(request, risk, "denied_permission", DENY_REASON)
    for path in request.paths:
        violation = workspace.violation(path)
        if violation is not None:
            return _deny(request, risk, violation.code, violation.reason, violation.path)
    if "network" in risk.categories and spec.side_effect != "network":
        if spec.side_effect == "shell" and not unsafe:
            return Decision(action="prompt", reason=NETWORK_PROMPT_REASON, risk=risk)
        return _deny(request, risk, "network", NETWORK_DENY_REASON)
    if "destructive" in risk.categories:
        if unsafe:
            return _deny(request, risk, "destructive_command", DESTRUCTIVE_DENY_REASON)
        return Decision(action="prompt", reason=DESTRUCTIVE_PROMPT_REASON, risk=risk)
    if spec.permission == "allow":
        return Decision(action="allow", reason=ALLOW_REASON, risk=risk)
    if (
        spec.side_effect == "write"
        and spec.name in _MUTATING_TOOLS
        and request.paths
        and not any(workspace.touches_protected_metadata(path) for path in request.paths)
    ):
        return Decision(action="allow", reason=WORKSPACE_WRITE_REASON, risk=risk, auto_allowed=True)
    if unsafe:
        return Decision(action="allow", reason=GENERIC_PROMPT_REASON, risk=risk)
    return Decision(action="prompt", reason=GENERIC_PROMPT_REASON, risk=risk)


def block_text(block: Block, schema_version: int) -> str:
    """`Sandbox block [<code>] for <tool>[ at <path>]: <reason>` (`Sandbox violation` in v1)."""
    noun = "block" if schema_version >= 2 else "violation"
    where = f" at {block.path}" if block.path else ""
    return f"Sandbox {noun} [{block.code}] for {block.tool_name}{where}: {block.reason}"
