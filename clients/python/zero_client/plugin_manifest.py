# GENERATED FILE - DO NOT EDIT.
# Generated from schema/plugin/v1.json by `zero-sdk generate --lang python`.
# Edit that and rerun the command instead of editing this file.
"""Typed `plugin.json` of a Zero plugin (manifest schemaVersion 1): dataclasses
and readers generated from schema/plugin/v1.json, standard library only.

`load_manifest(path)` / `read_manifest(json_value)` give a `PluginManifest` or raise
`ArgumentError` naming the field; `to_json(manifest)` writes one back. Unknown keys are
ignored, as Zero ignores them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields, is_dataclass
from pathlib import Path
from typing import Any, Final, Literal, TypeAlias

JsonValue: TypeAlias = Any
"""Any JSON value, as `json.loads` gives it."""


class ArgumentError(ValueError):
    """A value that does not match its schema. `kind` is a conformance error kind (`wrong_type`,
    `missing_field`, `bad_enum`, `bad_const`, `constraint`, `invalid_json`), `field` the dotted
    path (`address.city`, `tags[0]`; "" for the whole value). The message reads like the
    TypeScript and Go bindings' `ProtocolError`."""

    def __init__(self, kind: str, field: str, detail: str) -> None:
        super().__init__(f"{kind} at `{field}`: {detail}" if field else f"{kind}: {detail}")
        self.kind = kind
        self.field = field
        self.detail = detail


_Reader: TypeAlias = Callable[[Any, str], Any]


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _describe(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def _wrong(expected: str, value: object, path: str) -> ArgumentError:
    return ArgumentError("wrong_type", path, f"expected {expected}, got {_describe(value)}")


def _object(value: object, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _wrong("an object", value, path)
    return value


def _field(obj: dict[str, Any], key: str, path: str, read: _Reader, required: bool) -> Any:
    where = _join(path, key)
    if key not in obj:
        if required:
            raise ArgumentError("missing_field", where, f"required field `{where}` is absent")
        return None
    return read(obj[key], where)


def _string(pattern: re.Pattern[str] | None = None, max_length: int | None = None) -> _Reader:
    def read(value: object, path: str) -> str:
        if not isinstance(value, str):
            raise _wrong("a string", value, path)
        if max_length is not None and len(value) > max_length:
            raise ArgumentError("constraint", path, f"longer than {max_length} characters")
        if pattern is not None and pattern.search(value) is None:
            raise ArgumentError("constraint", path, f"does not match the pattern {pattern.pattern}")
        return value

    return read


def _integer(minimum: int | None = None, maximum: int | None = None) -> _Reader:
    def read(value: object, path: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise _wrong("an integer", value, path)
        if minimum is not None and value < minimum:
            raise ArgumentError("constraint", path, f"less than the minimum {minimum}")
        if maximum is not None and value > maximum:
            raise ArgumentError("constraint", path, f"greater than the maximum {maximum}")
        return value

    return read


def _number(value: object, path: str) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise _wrong("a number", value, path)
    return value


def _boolean(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise _wrong("a boolean", value, path)
    return value


def _any(value: object, path: str) -> JsonValue:
    return value


def _array(item: _Reader, min_items: int | None = None) -> _Reader:
    def read(value: object, path: str) -> list[Any]:
        if not isinstance(value, list):
            raise _wrong("an array", value, path)
        if min_items is not None and len(value) < min_items:
            raise ArgumentError("constraint", path, f"needs at least {min_items} item(s)")
        return [item(entry, f"{path}[{index}]") for index, entry in enumerate(value)]

    return read


def _map(item: _Reader) -> _Reader:
    def read(value: object, path: str) -> dict[str, Any]:
        return {key: item(entry, _join(path, key)) for key, entry in _object(value, path).items()}

    return read


def _enum(values: tuple[str, ...]) -> _Reader:
    def read(value: object, path: str) -> str:
        if not isinstance(value, str):
            raise _wrong("a string", value, path)
        if value not in values:
            raise ArgumentError("bad_enum", path, f"{json.dumps(value)} is not one of {', '.join(values)}")
        return value

    return read


def _const(expected: object) -> _Reader:
    def read(value: object, path: str) -> object:
        if value != expected or type(value) is not type(expected):
            raise ArgumentError("bad_const", path, f"must be {json.dumps(expected)}")
        return value

    return read


def to_json(value: object) -> JsonValue:
    """A value of these types as JSON data: dataclasses become objects under their wire names,
    absent (None) optional fields are left out."""
    if is_dataclass(value) and not isinstance(value, type):
        out: dict[str, JsonValue] = {}
        for f in fields(value):
            item = getattr(value, f.name)
            if item is not None:
                out[f.metadata.get("wire", f.name)] = to_json(item)
        return out
    if isinstance(value, list):
        return [to_json(item) for item in value]
    if isinstance(value, dict):
        return {key: to_json(item) for key, item in value.items()}
    return value


_PATTERN_0: Final = re.compile("^\\s*[A-Za-z0-9][A-Za-z0-9._-]*\\s*$")
_PATTERN_1: Final = re.compile("\\S")

PluginToolPermission: TypeAlias = Literal["allow", "prompt", "deny"]

PluginHookEvent: TypeAlias = Literal["beforeTool", "afterTool", "sessionStart", "sessionEnd"]


@dataclass(frozen=True, kw_only=True)
class PluginManifest:
    """One plugin: its identity, and the tools, skills, prompts and hooks it bundles."""

    schema_version: Literal[1] = field(metadata={"wire": "schemaVersion"})
    """The manifest format version; Zero accepts only 1 ("Expected schemaVersion 1.")."""
    id: str = field(metadata={"wire": "id"})
    """The plugin id: letters, numbers, dots, dashes or underscores, starting with a letter or number. Names the install folder (`plugins/<id>/`) and prefixes hook ids (`<id>.<hook>`); when two plugins share an id, the project one overrides the user one."""
    name: str = field(metadata={"wire": "name"})
    """A display name (non-empty)."""
    version: str = field(metadata={"wire": "version"})
    """The plugin's own version string (non-empty; any format)."""
    description: str | None = field(default=None, metadata={"wire": "description"})
    """What the plugin does (non-empty when present)."""
    enabled: bool | None = field(default=None, metadata={"wire": "enabled"})
    """Whether the plugin is active; absent means true."""
    tools: list[PluginTool] | None = field(default=None, metadata={"wire": "tools"})
    """Tools the model can call, each running a command."""
    prompts: list[PluginPath] | None = field(default=None, metadata={"wire": "prompts"})
    """Prompt files (listed by `zero plugins`, not activated by `zero exec`)."""
    skills: list[PluginPath] | None = field(default=None, metadata={"wire": "skills"})
    """Skills: each `path` is a folder holding a `SKILL.md`, or the `SKILL.md` itself."""
    hooks: list[PluginHook] | None = field(default=None, metadata={"wire": "hooks"})
    """Commands run on lifecycle events; each gets the id `<pluginId>.<hookName>` and no matcher."""
    author: PluginAuthor | None = field(default=None, metadata={"wire": "author"})
    """Authorship metadata (optional; a malformed value is ignored by Zero)."""
    license: str | None = field(default=None, metadata={"wire": "license"})
    """A license name or SPDX id (metadata)."""
    keywords: list[str] | None = field(default=None, metadata={"wire": "keywords"})
    """Search keywords (metadata)."""
    homepage: str | None = field(default=None, metadata={"wire": "homepage"})
    """A URL for the plugin (metadata)."""
    interface: PluginInterface | None = field(default=None, metadata={"wire": "interface"})
    """Presentation metadata for user interfaces (optional)."""


@dataclass(frozen=True, kw_only=True)
class PluginTool:
    """A tool exposed to the model under its bare `name`. Zero runs `command` with `args` in the workspace, writes the call's arguments to its stdin as compact JSON, and shows the model `stdout:`, `stderr:` and a non-zero `exit_code:`. `${AGENT_PLUGIN_ROOT}` in `command` and `args` is the plugin's folder, which is also in the environment as AGENT_PLUGIN_ROOT; a relative `command` containing `/` is resolved against the plugin folder, others are looked up on PATH."""

    name: str = field(metadata={"wire": "name"})
    """The tool name the model calls (same character rules as the plugin id); a name shadowing a core tool or an earlier plugin's tool is skipped with a warning."""
    description: str | None = field(default=None, metadata={"wire": "description"})
    """What the tool does, shown to the model (default: `Run plugin tool <id>/<name>.`)."""
    command: str = field(metadata={"wire": "command"})
    """The program to run."""
    args: list[str] | None = field(default=None, metadata={"wire": "args"})
    """Its arguments."""
    input_schema: dict[str, JsonValue] | None = field(default=None, metadata={"wire": "inputSchema"})
    """The JSON Schema of the arguments, shown to the model (not enforced by Zero). Absent: any object. Present without `additionalProperties`: Zero adds `false`."""
    permission: PluginToolPermission | None = field(default=None, metadata={"wire": "permission"})
    """`prompt` (default) asks like any shell command; `deny` blocks every call; `allow` is read as `prompt` unless manifest auto-approval is switched on."""


@dataclass(frozen=True, kw_only=True)
class PluginPath:
    """A file or folder inside the plugin (a skill or a prompt)."""

    name: str = field(metadata={"wire": "name"})
    """Its name (same character rules as the plugin id)."""
    description: str | None = field(default=None, metadata={"wire": "description"})
    """What it is for (non-empty when present)."""
    path: str = field(metadata={"wire": "path"})
    """A path relative to the plugin folder; it must stay inside it."""


@dataclass(frozen=True, kw_only=True)
class PluginHook:
    """A command Zero runs on a lifecycle event, as a hook from Zero's configuration would be."""

    name: str = field(metadata={"wire": "name"})
    """The hook's name (same character rules as the plugin id)."""
    description: str | None = field(default=None, metadata={"wire": "description"})
    """What the hook does (non-empty when present)."""
    event: PluginHookEvent = field(metadata={"wire": "event"})
    """When it runs."""
    command: str = field(metadata={"wire": "command"})
    """The program to run."""
    args: list[str] | None = field(default=None, metadata={"wire": "args"})
    """Its arguments."""


@dataclass(frozen=True, kw_only=True)
class PluginAuthor:
    """Who made the plugin (metadata)."""

    name: str | None = field(default=None, metadata={"wire": "name"})
    """The author's name."""
    email: str | None = field(default=None, metadata={"wire": "email"})
    """A contact address."""
    url: str | None = field(default=None, metadata={"wire": "url"})
    """A web page."""


@dataclass(frozen=True, kw_only=True)
class PluginInterface:
    """How the plugin shows in a user interface (metadata)."""

    display_name: str | None = field(default=None, metadata={"wire": "displayName"})
    """The name to show."""
    category: str | None = field(default=None, metadata={"wire": "category"})
    """A category to file it under."""
    brand_color: str | None = field(default=None, metadata={"wire": "brandColor"})
    """A color, e.g. `#3366ff`."""
    default_prompts: list[str] | None = field(default=None, metadata={"wire": "defaultPrompts"})
    """Prompts to suggest (Zero also reads `defaultPrompt`)."""


def read_plugin_manifest(value: object, path: str = "") -> PluginManifest:
    """A `PluginManifest` from decoded JSON; `ArgumentError` names the first fault."""
    obj = _object(value, path)
    return PluginManifest(
        schema_version=_field(obj, "schemaVersion", path, _const(1), True),
        id=_field(obj, "id", path, _string(_PATTERN_0, None), True),
        name=_field(obj, "name", path, _string(_PATTERN_1, None), True),
        version=_field(obj, "version", path, _string(_PATTERN_1, None), True),
        description=_field(obj, "description", path, _string(_PATTERN_1, None), False),
        enabled=_field(obj, "enabled", path, _boolean, False),
        tools=_field(obj, "tools", path, _array(read_plugin_tool, None), False),
        prompts=_field(obj, "prompts", path, _array(read_plugin_path, None), False),
        skills=_field(obj, "skills", path, _array(read_plugin_path, None), False),
        hooks=_field(obj, "hooks", path, _array(read_plugin_hook, None), False),
        author=_field(obj, "author", path, read_plugin_author, False),
        license=_field(obj, "license", path, _string(), False),
        keywords=_field(obj, "keywords", path, _array(_string(), None), False),
        homepage=_field(obj, "homepage", path, _string(), False),
        interface=_field(obj, "interface", path, read_plugin_interface, False),
    )


def read_plugin_tool(value: object, path: str = "") -> PluginTool:
    """A `PluginTool` from decoded JSON; `ArgumentError` names the first fault."""
    obj = _object(value, path)
    return PluginTool(
        name=_field(obj, "name", path, _string(_PATTERN_0, None), True),
        description=_field(obj, "description", path, _string(_PATTERN_1, None), False),
        command=_field(obj, "command", path, _string(_PATTERN_1, None), True),
        args=_field(obj, "args", path, _array(_string(), None), False),
        input_schema=_field(obj, "inputSchema", path, _map(_any), False),
        permission=_field(obj, "permission", path, _enum(("allow", "prompt", "deny")), False),
    )


def read_plugin_path(value: object, path: str = "") -> PluginPath:
    """A `PluginPath` from decoded JSON; `ArgumentError` names the first fault."""
    obj = _object(value, path)
    return PluginPath(
        name=_field(obj, "name", path, _string(_PATTERN_0, None), True),
        description=_field(obj, "description", path, _string(_PATTERN_1, None), False),
        path=_field(obj, "path", path, _string(_PATTERN_1, None), True),
    )


def read_plugin_hook(value: object, path: str = "") -> PluginHook:
    """A `PluginHook` from decoded JSON; `ArgumentError` names the first fault."""
    obj = _object(value, path)
    return PluginHook(
        name=_field(obj, "name", path, _string(_PATTERN_0, None), True),
        description=_field(obj, "description", path, _string(_PATTERN_1, None), False),
        event=_field(obj, "event", path, _enum(("beforeTool", "afterTool", "sessionStart", "sessionEnd")), True),
        command=_field(obj, "command", path, _string(_PATTERN_1, None), True),
        args=_field(obj, "args", path, _array(_string(), None), False),
    )


def read_plugin_author(value: object, path: str = "") -> PluginAuthor:
    """A `PluginAuthor` from decoded JSON; `ArgumentError` names the first fault."""
    obj = _object(value, path)
    return PluginAuthor(
        name=_field(obj, "name", path, _string(), False),
        email=_field(obj, "email", path, _string(), False),
        url=_field(obj, "url", path, _string(), False),
    )


def read_plugin_interface(value: object, path: str = "") -> PluginInterface:
    """A `PluginInterface` from decoded JSON; `ArgumentError` names the first fault."""
    obj = _object(value, path)
    return PluginInterface(
        display_name=_field(obj, "displayName", path, _string(), False),
        category=_field(obj, "category", path, _string(), False),
        brand_color=_field(obj, "brandColor", path, _string(), False),
        default_prompts=_field(obj, "defaultPrompts", path, _array(_string(), None), False),
    )


SCHEMA_VERSION: Final = 1
"""The manifest format version these types describe."""


def read_manifest(value: object) -> PluginManifest:
    """A decoded plugin.json as a `PluginManifest`; `ArgumentError` names the first fault."""
    return read_plugin_manifest(value)


def load_manifest(path: str | Path) -> PluginManifest:
    """The plugin.json at `path` (a file, or a plugin folder holding one)."""
    file = Path(path)
    if file.is_dir():
        file = file / "plugin.json"
    text = file.read_text(encoding="utf-8")
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ArgumentError("invalid_json", "", f"{file}: {exc}") from None
    return read_manifest(value)
