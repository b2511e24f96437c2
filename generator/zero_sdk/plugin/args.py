"""A plugin's tools' `inputSchema`s as one object schema of the generator's model.

Each tool `greet` gets an object `GreetArgs`; a nested object property becomes an object of its
own (`GreetArgsAddress`), as the protocol schemas name theirs. The document built here follows the
conventions `zero_sdk.model.parse_object_schema` reads (the one schema reader), so the emitters'
object code turns it into types and validators as it does for the protocol. What a tool schema
may hold is what that model can express; anything else is a `SchemaModelError` naming the tool and
the JSON pointer in plugin.json, never a silently weaker type.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from zero_sdk.model import Schema, SchemaModelError, parse_object_schema

__all__ = ["ToolArgs", "args_type_name", "tool_args_schema"]

# Keywords that only annotate (JSON Schema 2020-12: no effect on validity); dropped.
_ANNOTATIONS = frozenset(
    {
        "title",
        "default",
        "examples",
        "$comment",
        "deprecated",
        "readOnly",
        "writeOnly",
        "format",
        "$schema",
        "$id",
    }
)
_COMPOSITION = ("anyOf", "oneOf", "allOf", "not", "if", "then", "else", "$ref", "$defs", "definitions")


@dataclass(frozen=True)
class ToolArgs:
    """One tool of the manifest: its wire `name`, index in `tools`, and its arguments' type name."""

    name: str
    index: int
    type_name: str
    description: str


def args_type_name(tool_name: str) -> str:
    """`greet` -> `GreetArgs`, `fetch-page` / `fetch.page` -> `FetchPageArgs`, `2fa` -> `T2faArgs`."""
    words = [w for w in re.split(r"[^A-Za-z0-9]+", tool_name) if w]
    name = "".join(w[:1].upper() + w[1:] for w in words) or "Tool"
    if not name[0].isalpha():
        name = "T" + name
    return f"{name}Args"


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


class _Builder:
    def __init__(self, manifest: str) -> None:
        self.manifest = manifest
        self.defs: dict[str, Any] = {}
        # definition name -> its pointer in plugin.json (to translate the model's errors)
        self.origins: dict[str, str] = {}

    def fail(self, pointer: str, message: str) -> SchemaModelError:
        return SchemaModelError(self.manifest, pointer, message)

    def add_object(self, name: str, node: Any, pointer: str) -> None:
        if not isinstance(node, dict):
            raise self.fail(pointer, "must be a JSON object (a JSON Schema)")
        self.reject_composition(node, pointer)
        if node.get("type", "object") != "object":
            raise self.fail(f"{pointer}/type", f"a tool's arguments are an object, not {node.get('type')!r}")
        if name in self.defs:
            raise self.fail(pointer, f"two types would be called {name}: rename a tool or a property")
        properties = node.get("properties", {})
        if not isinstance(properties, dict):
            raise self.fail(f"{pointer}/properties", "must be an object of property schemas")
        required = node.get("required", [])
        unknown = sorted(
            set(node)
            - _ANNOTATIONS
            - {"type", "properties", "required", "additionalProperties", "description"}
        )
        if unknown:
            raise self.fail(pointer, f"unsupported keywords for an object: {unknown}")
        self.defs[name] = {}  # reserve the name before the nested objects take theirs
        self.origins[name] = pointer
        props = {
            key: self.property(f"{name}{_pascal(key)}", value, f"{pointer}/properties/{_escape(key)}")
            for key, value in properties.items()
        }
        definition: dict[str, Any] = {"type": "object", "additionalProperties": False, "properties": props}
        definition |= _described(node.get("description"))
        if required:
            definition["required"] = required
        self.defs[name] = definition

    def reject_composition(self, node: dict[str, Any], pointer: str) -> None:
        for keyword in _COMPOSITION:
            if keyword in node:
                raise self.fail(
                    f"{pointer}/{_escape(keyword)}",
                    f"`{keyword}` is not supported by the typed glue: use one `type` per property",
                )

    def property(self, nested_name: str, node: Any, pointer: str) -> dict[str, Any]:
        """A property schema in the model's conventions (nested objects hoisted to `$defs`)."""
        if not isinstance(node, dict):
            raise self.fail(pointer, "must be a JSON object (a JSON Schema)")
        self.reject_composition(node, pointer)
        kept = {k: v for k, v in node.items() if k not in _ANNOTATIONS}
        description = kept.pop("description", "")
        kind = kept.get("type")
        if isinstance(kind, list):
            raise self.fail(f"{pointer}/type", "a list of types is not supported: use one type")
        if "enum" in kept and kind is None:
            values = kept["enum"]
            if isinstance(values, list) and all(isinstance(v, str) for v in values):
                kept["type"] = kind = "string"
        if "enum" in kept and kind != "string":
            raise self.fail(f"{pointer}/enum", "only enums of strings are supported")
        if kind == "object":
            extra = kept.get("additionalProperties")
            if "properties" in kept or extra is False:
                self.add_object(nested_name, node, pointer)
                return {"$ref": f"#/$defs/{nested_name}", **_described(description)}
            values = extra if isinstance(extra, dict) else {}
            kept["additionalProperties"] = self.property(
                f"{nested_name}Value", values, f"{pointer}/additionalProperties"
            )
        elif kind == "array":
            items = kept.get("items", {})
            kept["items"] = self.property(f"{nested_name}Item", items, f"{pointer}/items")
        elif kind is None and "const" not in kept:
            unknown = sorted(kept)
            if unknown:
                raise self.fail(pointer, f"keywords without a `type`: {unknown}")
            return _described(description)  # any JSON value
        return {**kept, **_described(description)}

    def translate(self, error: SchemaModelError) -> SchemaModelError:
        """The model's error, at the place in plugin.json it comes from."""
        match = re.match(r"^/\$defs/([^/]+)(.*)$", error.pointer)
        if match and match.group(1) in self.origins:
            return self.fail(self.origins[match.group(1)] + match.group(2), error.message)
        return self.fail(error.pointer, error.message)


def _described(description: object) -> dict[str, Any]:
    """`{"description": ...}` when there is one to keep (the model reads an empty one as a fault)."""
    return {"description": description} if isinstance(description, str) and description.strip() else {}


def _pascal(key: str) -> str:
    words = [w for w in re.split(r"[^A-Za-z0-9]+", key) if w]
    return "".join(w[:1].upper() + w[1:] for w in words)


def tool_args_schema(
    tools: Sequence[dict[str, Any]], manifest: str = "plugin.json"
) -> tuple[Schema, list[ToolArgs]]:
    """The model of every tool's arguments (tools as decoded from plugin.json), and the tools.

    A tool without an `inputSchema` takes any object, as Zero gives it
    `{"type":"object","properties":{},"additionalProperties":true}`: its arguments type has no
    fields and keeps whatever it is sent."""
    builder = _Builder(manifest)
    found: list[ToolArgs] = []
    for index, tool in enumerate(tools):
        name = str(tool["name"]).strip()
        type_name = args_type_name(name)
        schema = tool.get("inputSchema") or {"type": "object", "properties": {}}
        if any(t.type_name == type_name for t in found):
            raise builder.fail(
                f"/tools/{index}/name", f"tools {name!r} and another both make the type {type_name}"
            )
        builder.add_object(type_name, schema, f"/tools/{index}/inputSchema")
        description = str(tool.get("description") or "").strip()
        if "description" not in builder.defs[type_name]:
            summary = f"The arguments of the `{name}` tool" + (f": {description}" if description else ".")
            builder.defs[type_name]["description"] = summary
        found.append(ToolArgs(name, index, type_name, description))
    if not found:  # a plugin of hooks and skills only: no argument types
        return Schema(1, manifest, "", "", "", (), (), ()), found
    document = {
        "title": "The arguments of a plugin's tools",
        "$ref": f"#/$defs/{found[0].type_name}",
        "$defs": builder.defs,
    }
    try:
        return parse_object_schema(document, manifest, identifiers=True), found
    except SchemaModelError as exc:
        raise builder.translate(exc) from None
