"""Custom tools from code: `@tool` turns a function into a tool the model of a run can call.

    from zero_client import ZeroClient, tool

    @tool
    def add(a: int, b: int) -> str:
        "Adds two integers."
        return str(a + b)

    ZeroClient(tools=[add]).run("What is 40 + 2? Use the add tool.")

The client serves the tools to the run as an MCP server (named `sdk` unless `tool_server=` says
otherwise), so the model sees `mcp_sdk_add`. This module needs msgspec only; the MCP SDK (the
`tools` extra) is imported when a run with tools starts (`zero_client.extensions.server`).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, get_type_hints, overload

import msgspec

#: What a tool handler may return: text, or anything JSON-encodable (sent as its JSON text).
ToolHandler = Callable[..., Any] | Callable[..., Awaitable[Any]]

_TOOL_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class ToolDefinitionError(ValueError):
    """A tool that cannot be served: a bad name, a parameter without a type, ..."""


@dataclass(frozen=True)
class Tool:
    """A tool: its name, description and JSON Schema of the arguments, and the function to run.

    The handler is called with the arguments as keyword arguments; it may be sync (run on a
    worker thread) or async. What it returns becomes the tool's text output (a `str` as it is,
    anything else as JSON). An exception becomes an MCP error result carrying its message: the
    model sees the error, the run goes on.
    """

    name: str
    description: str
    input_schema: Mapping[str, Any]
    handler: ToolHandler
    is_async: bool = field(default=False)

    def __post_init__(self) -> None:
        if not _TOOL_NAME.match(self.name):
            raise ToolDefinitionError(f"tool name {self.name!r}: use 1 to 64 letters, digits, '_' or '-'")
        if self.input_schema.get("type") != "object":
            raise ToolDefinitionError(f"tool {self.name!r}: input_schema must have type 'object'")


@overload
def tool(func: ToolHandler, /) -> Tool: ...
@overload
def tool(
    *, name: str | None = None, description: str | None = None, input_schema: Mapping[str, Any] | None = None
) -> Callable[[ToolHandler], Tool]: ...


def tool(
    func: ToolHandler | None = None,
    /,
    *,
    name: str | None = None,
    description: str | None = None,
    input_schema: Mapping[str, Any] | None = None,
) -> Tool | Callable[[ToolHandler], Tool]:
    """Makes a `Tool` of a function: the name from the function's, the description from its
    docstring, the input schema from its type hints (each parameter a property; parameters
    without a default are required). Each can be given instead: `@tool(name=..., ...)`."""

    def make(function: ToolHandler) -> Tool:
        schema = dict(input_schema) if input_schema is not None else schema_from_signature(function)
        return Tool(
            name=name or function.__name__,
            description=description if description is not None else inspect.cleandoc(function.__doc__ or ""),
            input_schema=schema,
            handler=function,
            is_async=inspect.iscoroutinefunction(function),
        )

    return make(func) if func is not None else make


def schema_from_signature(function: Callable[..., Any]) -> dict[str, Any]:
    """The JSON Schema of `function`'s keyword arguments, from its type hints (msgspec's
    schema of each type: builtins, containers, Literal, enums, dataclasses, msgspec Structs)."""
    where = getattr(function, "__qualname__", repr(function))
    try:
        hints = get_type_hints(function)
    except Exception as exc:  # an unresolvable forward reference, ...
        raise ToolDefinitionError(f"tool {where}: cannot read its type hints: {exc}") from exc
    names: list[str] = []
    types: list[Any] = []
    required: list[str] = []
    for parameter in inspect.signature(function).parameters.values():
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD, parameter.POSITIONAL_ONLY):
            raise ToolDefinitionError(
                f"tool {where}: parameter {parameter.name!r} must be a named parameter "
                "(no *args, **kwargs or /)"
            )
        if parameter.name not in hints:
            raise ToolDefinitionError(f"tool {where}: parameter {parameter.name!r} has no type hint")
        names.append(parameter.name)
        types.append(hints[parameter.name])
        if parameter.default is parameter.empty:
            required.append(parameter.name)
    try:
        schemas, components = msgspec.json.schema_components(types, ref_template="#/$defs/{name}")
    except TypeError as exc:
        raise ToolDefinitionError(f"tool {where}: a parameter's type has no JSON Schema: {exc}") from exc
    schema: dict[str, Any] = {"type": "object", "properties": dict(zip(names, schemas, strict=True))}
    if required:
        schema["required"] = required
    if components:
        schema["$defs"] = components
    return schema
