"""What a built-in tool is inside the registry: its spec, how it reads its arguments and how it runs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .args import Args
from .base import Display, ToolSpec
from .tracker import FileTracker
from .workspace import Workspace


@dataclass(frozen=True)
class ToolContext:
    workspace: Workspace
    environ: Mapping[str, str]
    schema_version: int = 2
    # What this session has read and written (schemaVersion 2); None: no read-before-write rule.
    tracker: FileTracker | None = None


@dataclass(frozen=True)
class ToolOutput:
    """A tool's raw result, before redaction and the output ceiling."""

    output: str
    status: str = "ok"  # "ok" | "error"
    truncated: bool = False
    changed_files: tuple[str, ...] = ()
    meta: dict[str, str] = field(default_factory=dict)
    display: Display | None = None


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
