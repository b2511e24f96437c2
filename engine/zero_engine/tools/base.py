"""The contract between the agent loop and the tools/sandbox/permission layer.

The loop asks the registry which tools the model may see, then hands each tool call to
`ToolRegistry.execute`, which evaluates the sandbox and permission rules of docs/protocol.md section 6,
runs the tool if allowed, scrubs its output (docs/protocol.md 5.2) and reports everything the writer
needs: the result and the permission event (if any).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from ..provider import ImageInput

SideEffect = Literal[
    "read",
    "write",
    "shell",
    "network",
    "none",
    "local_control",
    "local_browser",
    "local_desktop",
    "local_terminal",
    "out_of_workspace",
]
StaticPermission = Literal["allow", "prompt", "deny"]
PermissionMode = Literal["auto", "ask", "unsafe", "spec-draft", "plan", "member-auto"]
PermissionAction = Literal["allow", "prompt", "deny", "cancel"]


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    side_effect: SideEffect  # the tool's raw side effect (docs/protocol.md 3.4, 7)
    permission: StaticPermission  # the tool's static permission
    parameters: dict[str, Any]  # JSON Schema of the arguments object
    advertised_in_auto: bool = True  # shown to the model in `auto` mode (docs/protocol.md 6.2)
    model_visible: bool = True  # False for edit_file: registered but never shown
    deferrable: bool = False  # hidden behind tool_search when enough such tools are visible
    # Zero's one-line safety reason for the tool (client-visible: permission reasons and the
    # "Permission required for ..." error quote it).
    safety_reason: str = ""
    # Where a deferred tool comes from, as tool_search's catalog labels it (an MCP tool's
    # configured server name); empty: the name's first `_` segment.
    deferred_source: str = ""


@dataclass(frozen=True)
class Risk:
    level: Literal["low", "medium", "high", "critical"]
    categories: tuple[str, ...] = ()  # sorted
    reason: str = ""


@dataclass(frozen=True)
class Block:
    """A sandbox block. Written as `block` in schemaVersion 2 and `violation` in 1."""

    code: str  # context_canceled, denied_permission, outside_workspace, symlink_traversal,
    #            network, destructive_command, persistent_deny, denied (v2 only)
    action: Literal["allow", "prompt", "deny"]
    risk: Risk
    reason: str
    recoverable: bool
    tool_name: str = ""
    path: str = ""


@dataclass(frozen=True)
class PermissionOutcome:
    """Everything a permission_request / permission_decision event carries."""

    action: PermissionAction
    permission: StaticPermission
    permission_granted: bool
    permission_mode: PermissionMode
    side_effect: SideEffect
    risk: Risk
    reason: str = ""
    decision_reason: str = ""
    block: Block | None = None
    grant_matched: bool = False


@dataclass(frozen=True)
class Display:
    summary: str = ""
    kind: str = ""


@dataclass(frozen=True)
class ToolResult:
    status: Literal["ok", "error"]
    output: str  # the model-facing view, already scrubbed by the tool-boundary redactor
    truncated: bool = False  # the tool itself truncated its output
    redacted: bool = False  # the tool-boundary redactor changed something
    changed_files: tuple[str, ...] = ()  # workspace-relative
    meta: dict[str, str] = field(default_factory=dict)
    display: Display | None = None
    # Images for the model (view_image): Zero sends them in a user message after the turn's
    # tool results, since a tool message cannot carry images.
    images: tuple[ImageInput, ...] = ()


@dataclass(frozen=True)
class ToolExecution:
    result: ToolResult
    permission: PermissionOutcome | None = None  # None: no permission event is written


class ToolRegistryProtocol(Protocol):
    """What the agent loop needs from the tool layer (implemented by `tools.registry.ToolRegistry`).

    Constructed as `ToolRegistry(workspace=Path, permission_mode=..., autonomy="low",
    schema_version=1|2, enabled=(...), disabled=(...))`; `enabled`/`disabled` are the already
    validated --enabled-tools/--disabled-tools names.
    """

    def all_specs(self) -> list[ToolSpec]:
        """Every registered tool (valid names for --enabled-tools/--disabled-tools)."""
        ...

    def registered_specs(self) -> list[ToolSpec]:
        """The tools the run can call (unlike `all_specs`, without an unregistered tool_search)."""
        ...

    def visible_specs(self) -> list[ToolSpec]:
        """Tools `--list-tools` shows: model-visible, passing the filters, advertised in the mode."""
        ...

    def request_specs(self) -> list[ToolSpec]:
        """Tools sent to the model in a request: `visible_specs`, or, when enough deferrable
        tools are visible, the eager ones, tool_search and the deferred tools loaded so far."""
        ...

    def parallel_read_keys(self, name: str, arguments: str) -> list[str] | None:
        """The resource keys of a call Zero may run in a parallel read batch (a thread-safe
        read-only tool, auto-allowed, arguments that decode); None when it runs on its own."""
        ...

    def mutation_targets(self, name: str, arguments: str) -> list[str]:
        """The workspace files a call is about to change (what a checkpoint snapshots), read from
        its raw arguments before anything runs."""
        ...

    def execute(self, call_id: str, name: str, arguments: str) -> ToolExecution:
        """Run one tool call through filters, sandbox and permissions. Never raises for bad
        arguments or denials: those become an error ToolResult the model reads."""
        ...
