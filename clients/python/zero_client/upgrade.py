"""Read old streams with code written against the latest types: `upgrade(event)`.

`upgrade` presents an output event of an older schemaVersion as the equivalent event of the
latest one (`zero_client.events`). How is not written here: each schema file `schema/vN.json`
declares how to turn an output object of version N-1 into version N (`x-zero-upgrade`, a list
of rename / remove / retype / default steps), `zero-sdk generate` copies those tables into the
version registry (`zero_client.versions.UPGRADE_STEPS`), and `upgrade_object` below interprets
them, one bump after another. docs/schema-bumps.md describes the step language.

Events of the latest version and `UnknownEvent`s are returned unchanged (the same object). An
upgraded event keeps what it was decoded from: `event.original_schema_version` and
`event.original_line`. Unknown fields kept by a lenient decode are carried over.
"""

from __future__ import annotations

from typing import Any, cast

import msgspec

from zero_client import events, versions
from zero_client._base import UPGRADED_FROM_KEY
from zero_client.protocol import (
    ProtocolError,
    UnknownEvent,
    decode_output,
    encode_event,
)

__all__ = [
    "LATEST_EVENT_TYPES",
    "LATEST_SCHEMA_VERSION",
    "UpgradeError",
    "upgrade",
    "upgrade_line",
    "upgrade_object",
]

LATEST_SCHEMA_VERSION = versions.LATEST_SCHEMA_VERSION
_LATEST_MODULE = versions.MODULES[LATEST_SCHEMA_VERSION]
_ABSENT = object()
LATEST_EVENT_TYPES: frozenset[type] = frozenset(_LATEST_MODULE.OUTPUT_EVENT_TYPES.values())
"""The classes of the latest version's output events (an event of one needs no upgrade)."""


class UpgradeError(ProtocolError):
    """An event that cannot be presented in the latest version (for example an unknown field a
    lenient decode kept that collides with a field of the newer schema). `.kind` is
    "upgrade_failed"."""


# --- The step interpreter ------------------------------------------------------------------------


def _get(obj: dict[str, Any], path: list[str]) -> Any:
    node: Any = obj
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return _ABSENT
        node = node[key]
    return node


def _parent_for_write(obj: dict[str, Any], path: list[str], *, create: bool) -> dict[str, Any] | None:
    """The dict holding `path[-1]`, copying each dict on the way (the input is never mutated)."""
    node = obj
    for key in path[:-1]:
        child = node.get(key)
        if not isinstance(child, dict):
            if not create or key in node:
                return None
            child = {}
        node[key] = child = dict(child)
        node = child
    return node


def _pop(obj: dict[str, Any], path: list[str]) -> Any:
    if _get(obj, path) is _ABSENT:
        return _ABSENT
    parent = _parent_for_write(obj, path, create=False)
    return _ABSENT if parent is None else parent.pop(path[-1])


def _set(obj: dict[str, Any], path: list[str], value: Any) -> None:
    parent = _parent_for_write(obj, path, create=True)
    if parent is not None:
        parent[path[-1]] = value


def _json_equal(a: Any, b: Any) -> bool:
    # JSON `true` is not the number 1 (Python says True == 1).
    return type(a) is type(b) and a == b if isinstance(a, bool) or isinstance(b, bool) else a == b


def _default_value(obj: dict[str, Any], sources: list[dict[str, Any]]) -> Any:
    for source in sources:
        if "copy" in source:
            value = _get(obj, source["copy"])
            if value is not _ABSENT:
                return value
        elif "const" in source:
            return source["const"]
        elif "equals" in source:
            test = source["equals"]
            return _json_equal(_get(obj, test["path"]), test["value"])
    return _ABSENT


def _apply_step(obj: dict[str, Any], step: dict[str, Any]) -> None:
    op = step["op"]
    if op == "rename":
        value = _pop(obj, step["from"])
        if value is not _ABSENT:
            _set(obj, step["to"], value)
    elif op == "remove":
        _pop(obj, step["path"])
    elif op == "retype":
        when = step["when"]
        if _json_equal(_get(obj, when["path"]), when["equals"]):
            obj["type"] = step["to"]
    elif op == "default":
        if _get(obj, step["path"]) is _ABSENT:
            value = _default_value(obj, step["from"])
            if value is not _ABSENT:
                _set(obj, step["path"], value)
    else:  # the generator validated the table; a new op needs code here and in TS and Go
        raise ValueError(f"unknown upgrade op {op!r}")


def upgrade_object(raw: dict[str, Any], from_version: int, to_version: int | None = None) -> dict[str, Any]:
    """The output object `raw` of `from_version` as an object of `to_version` (default: the
    latest), by the registry's step tables. `raw` is not modified."""
    target = LATEST_SCHEMA_VERSION if to_version is None else to_version
    obj = dict(raw)
    version = from_version
    while version < target:
        steps = versions.UPGRADE_STEPS.get(version)
        if steps is None:
            raise ValueError(f"no upgrade steps from schemaVersion {version}")
        for step in steps:
            if obj.get("type") in step["events"]:
                _apply_step(obj, step)
        version += 1
        obj["schemaVersion"] = version
    return obj


# --- Events --------------------------------------------------------------------------------------


def upgrade(
    event: versions.AnyOutputEvent | UnknownEvent, line: bytes | None = None
) -> events.OutputEvent | UnknownEvent:
    """The latest-version form of an output event (see the module docstring).

    `line`, the raw line `event` was decoded from, saves re-encoding it and is kept on the
    result as `original_line`.
    """
    if type(event) in LATEST_EVENT_TYPES or isinstance(event, UnknownEvent):
        return cast("events.OutputEvent | UnknownEvent", event)
    original = bytes(line) if line is not None else encode_event(event)
    raw: dict[str, Any] = msgspec.json.decode(original)
    version = int(event.schema_version)
    upgraded_line = msgspec.json.encode(upgrade_object(raw, version))
    try:
        upgraded = decode_output(upgraded_line, mode="lenient", version=LATEST_SCHEMA_VERSION)
    except ProtocolError as exc:
        raise UpgradeError(
            "upgrade_failed",
            exc.field,
            f"cannot present a schemaVersion {version} {event.type!r} event as schemaVersion "
            f"{LATEST_SCHEMA_VERSION}: {exc.detail}",
            original.decode("utf-8", "replace"),
        ) from None
    upgraded.__dict__[UPGRADED_FROM_KEY] = (version, original)
    return cast("events.OutputEvent", upgraded)


def upgrade_line(line: bytes | str) -> events.OutputEvent | UnknownEvent:
    """Decode one stdout line (lenient, any supported version) and upgrade it."""
    data = line.encode() if isinstance(line, str) else line
    return upgrade(decode_output(data, mode="lenient"), data)

