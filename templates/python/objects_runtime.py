"""The runtime of generated Python object code (plugin glue, plugin.json bindings).

`zero_sdk.plugin.python_objects` copies everything below the marker line into each module it
generates, whose own imports cover the ones here; this file is a module of its own only so that
ruff and mypy check it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Any, TypeAlias

# --- copied into generated modules from here on ---
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
