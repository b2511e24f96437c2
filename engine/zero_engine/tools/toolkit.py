"""What a built-in tool is inside the registry: its spec, how it reads its arguments and how it runs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..provider import ImageInput
from .args import Args
from .base import Display, ToolSpec
from .process_sandbox import ToolProcesses
from .tracker import FileTracker
from .workspace import Workspace


@dataclass(frozen=True)
class ToolContext:
    workspace: Workspace
    environ: Mapping[str, str]
    schema_version: int = 2
    # What this session has read and written (schemaVersion 2); None: no read-before-write rule.
    tracker: FileTracker | None = None
    # How a tool starts a process: the run's OS sandbox.
    processes: ToolProcesses = field(kw_only=True)
    # The skill folders the run's plugins add (skills.py), after the user's own.
    skill_roots: tuple[str, ...] = field(default=(), kw_only=True)


@dataclass(frozen=True)
class Observation:
    """What a read showed of a file; the registry credits it (read-before-write) only if the model
    receives that output intact, as Zero does."""

    path: str  # real absolute path
    digest: str  # sha256 of the file
    start: int
    end: int
    total: int
    byte_mode: bool = False


@dataclass(frozen=True)
class ToolOutput:
    """A tool's raw result, before redaction and the output ceiling."""

    output: str
    status: str = "ok"  # "ok" | "error"
    truncated: bool = False
    changed_files: tuple[str, ...] = ()
    meta: dict[str, str] = field(default_factory=dict)
    display: Display | None = None
    observation: Observation | None = None
    images: tuple[ImageInput, ...] = ()  # shown to the model in a user message after the turn
    # Zero 0.8.0's Display.Preview (a diff of the change): never sent, but redacted at the tool
    # boundary, so a secret in it marks the result `redacted`.
    preview: str = ""


def no_paths(_args: Args) -> list[str]:
    return []


def no_command(_args: Args) -> str:
    return ""


@dataclass(frozen=True)
class Tool:
    spec: ToolSpec
    run: Callable[[ToolContext, Args], ToolOutput]
    # Validates the arguments (raising ToolArgError) and returns the path arguments the sandbox
    # must check, as written by the model.
    paths: Callable[[Args], list[str]] = no_paths
    command: Callable[[Args], str] = no_command  # the shell command, for risk classification
    # The files a checkpoint must name (write tools only); None: the tool changes no files.
    targets: Callable[[Args], list[str]] | None = None


def object_schema(
    properties: Mapping[str, Any], required: tuple[str, ...] = (), *, closed: bool = True
) -> dict[str, Any]:
    """A JSON Schema object as Zero sends it: a tool's arguments object allows no other keys
    (`additionalProperties: false`); nested objects (closed=False) leave that out."""
    schema: dict[str, Any] = {"type": "object", "properties": dict(properties)}
    if required:
        schema["required"] = list(required)
    if closed:
        schema["additionalProperties"] = False
    return schema


def _string_list(description: str) -> dict[str, Any]:
    return {"type": "array", "description": description, "items": {"type": "string"}}


def permission_request_schema(description: str = "") -> dict[str, Any]:
    """Extra sandbox access a shell command or request_permissions asks for (file system, network)."""
    schema: dict[str, Any] = {"type": "object"}
    if description:
        schema["description"] = description
    schema["properties"] = {
        "file_system": {
            "type": "object",
            "properties": {
                "deny_read": _string_list("Paths that must stay unreadable."),
                "entries": {
                    "type": "array",
                    "description": "Path entries, each with its access.",
                    "items": {
                        "type": "object",
                        "properties": {
                            "access": {
                                "type": "string",
                                "description": "Access wanted.",
                                "enum": ["read", "write", "deny"],
                            },
                            "path": {
                                "type": "object",
                                "properties": {
                                    "path": {
                                        "type": "string",
                                        "description": "The path (relative paths start at the workspace).",
                                    },
                                    "type": {
                                        "type": "string",
                                        "description": "Always path.",
                                        "enum": ["path"],
                                    },
                                },
                                "required": ["type", "path"],
                            },
                        },
                        "required": ["path", "access"],
                    },
                },
                "read": _string_list("Paths to read (relative paths start at the workspace)."),
                "write": _string_list("Paths to write (relative paths start at the workspace)."),
            },
        },
        "network": {
            "type": "object",
            "properties": {"enabled": {"type": "boolean", "description": "True to ask for network access."}},
        },
    }
    return schema


def shell_sandbox_properties() -> dict[str, Any]:
    """The per-command sandbox arguments bash and exec_command share."""
    return {
        "sandbox_permissions": {
            "type": "string",
            "description": (
                "Leave out unless the command needs more than the sandbox allows: "
                "with_additional_permissions "
                "plus additional_permissions for extra file or network access, require_escalated to run "
                "outside the sandbox."
            ),
            "enum": ["use_default", "with_additional_permissions", "require_escalated"],
            "default": "use_default",
        },
        "additional_permissions": permission_request_schema(
            "Only together with sandbox_permissions with_additional_permissions; must ask for something."
        ),
        "justification": {"type": "string", "description": "The question shown when asking to escalate."},
        "prefix_rule": _string_list(
            "A narrow command prefix to approve for later runs (with require_escalated)."
        ),
    }
