"""Base classes and small helpers of the generated modules in `zero_client.versions` (hand-written)."""

from __future__ import annotations

import enum
from typing import Any, NamedTuple, TypeVar

import msgspec

__all__ = [
    "ORIGIN_KEY_PREFIX",
    "Alternative",
    "ConstField",
    "EventStruct",
    "ProtocolStruct",
    "const_default",
    "is_const_default",
    "origin_key",
]

T = TypeVar("T")


class ProtocolStruct(msgspec.Struct, forbid_unknown_fields=True, dict=True):
    """Base of every generated Struct.

    `forbid_unknown_fields` keeps the fast decode path exact: a line with unknown fields fails
    and takes the slow path, which keeps them (lenient) or reports them (strict). `dict=True`
    gives instances a `__dict__`, where that slow path stores the unknown fields it kept.
    """


#: Where `zero_client.upgrade` keeps, in an upgraded event's `__dict__`, the line the event was
#: decoded from: under a key that names the line's schemaVersion (`origin_key(1)` is
#: `__zero_line_v1__`), so one plain entry says both. One entry, not two, and no tuple (a tuple is
#: tracked by the garbage collector): every event of a long older stream gets one.
ORIGIN_KEY_PREFIX = "__zero_line_v"


def origin_key(version: int) -> str:
    """The `__dict__` key under which an event upgraded from `version` keeps its original line."""
    return f"{ORIGIN_KEY_PREFIX}{version}__"


class EventStruct(ProtocolStruct):
    """Base of every generated event Struct (tagged on `type`).

    Each generated event class declares `type: ClassVar[Literal["<its type>"]]`, so comparing
    `event.type` with a string narrows a union of events under a type checker.
    """

    def _origin(self) -> tuple[int, bytes] | None:
        """(schemaVersion, line) of the line an upgraded event was decoded from; None if it was not."""
        for key, value in self.__dict__.items():
            if key.startswith(ORIGIN_KEY_PREFIX):
                return int(key[len(ORIGIN_KEY_PREFIX) : -2]), bytes(value)
        return None

    @property
    def original_schema_version(self) -> int:
        """The schemaVersion of the line this event was decoded from: differs from
        `schema_version` when `zero_client.upgrade` presented an older line in newer types."""
        origin = self._origin()
        return origin[0] if origin is not None else int(getattr(self, "schema_version"))  # noqa: B009

    @property
    def original_line(self) -> bytes | None:
        """The raw line an upgraded event was decoded from (None when it was not upgraded)."""
        origin = self._origin()
        return origin[1] if origin is not None else None


class ConstField(NamedTuple):
    """A const field of a generated class (`schemaVersion`, message `role`)."""

    wire_name: str
    py_name: str
    value: Any
    required: bool


class Alternative(NamedTuple):
    """One branch of an object-level `anyOf`: required fields, regex and min-items refinements."""

    required: tuple[str, ...]
    patterns: tuple[tuple[str, str], ...]
    min_items: tuple[tuple[str, int], ...]


class _IntConstDefault(enum.IntEnum):
    # Enum members encode as their value with msgspec and compare equal to it.
    def __repr__(self) -> str:
        return repr(self.value)


class _StrConstDefault(enum.StrEnum):
    def __repr__(self) -> str:
        return repr(self.value)


_CONST_DEFAULTS: dict[tuple[type, Any], Any] = {}


def const_default(value: T) -> T:
    """A default for a required const field that equals `value` but can be told apart.

    A decoded event whose const field still holds this exact object did not carry the field on
    the wire (`is_const_default`), so the decoder can report it missing, while
    `PromptInput(content="hi")` still gets the right value without spelling it out.
    """
    key = (type(value), value)
    if key not in _CONST_DEFAULTS:
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise TypeError(f"const_default supports int and str consts, not {value!r}")
        base: Any = _IntConstDefault if isinstance(value, int) else _StrConstDefault
        member_enum = base(f"ConstDefault_{len(_CONST_DEFAULTS)}", [("VALUE", value)])
        _CONST_DEFAULTS[key] = member_enum.VALUE
    result: T = _CONST_DEFAULTS[key]
    return result


def is_const_default(value: object) -> bool:
    """Whether `value` is a `const_default` marker (the field was absent when decoding)."""
    return isinstance(value, (_IntConstDefault, _StrConstDefault))
