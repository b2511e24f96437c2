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

import functools
import os
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import compress, repeat
from operator import attrgetter, itemgetter, methodcaller, not_
from typing import Any, Literal, cast

import msgspec

from zero_client import events, versions
from zero_client._base import origin_key
from zero_client.protocol import (
    ProtocolError,
    UnknownEvent,
    decode_output,
    decode_output_lines,
    encode_event,
)

__all__ = [
    "LATEST_EVENT_TYPES",
    "LATEST_SCHEMA_VERSION",
    "UPGRADE_FREE_TYPES",
    "UpgradeError",
    "read_events",
    "upgrade",
    "upgrade_batch",
    "upgrade_line",
    "upgrade_lines",
    "upgrade_lines_of_version",
    "upgrade_object",
]

LATEST_SCHEMA_VERSION = versions.LATEST_SCHEMA_VERSION
_LATEST_MODULE = versions.MODULES[LATEST_SCHEMA_VERSION]
_ABSENT = object()
LATEST_EVENT_TYPES: frozenset[type] = frozenset(_LATEST_MODULE.OUTPUT_EVENT_TYPES.values())
"""The classes of the latest version's output events (an event of one needs no upgrade)."""
UPGRADE_FREE_TYPES: frozenset[type] = LATEST_EVENT_TYPES | {UnknownEvent}
"""The classes of events `upgrade` returns unchanged: the latest version's, and `UnknownEvent`."""


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


_instance_dict = attrgetter("__dict__")


def _keep_origins(
    upgraded: Iterable[Any], from_versions: int | Iterable[int], lines: Iterable[bytes]
) -> None:
    """Notes on each upgraded event the line (of `from_versions`, one for all or one each) it was
    decoded from: one entry in its `__dict__`, set by C calls only (this runs for every event of
    an older stream)."""
    keys = (
        repeat(origin_key(from_versions))
        if isinstance(from_versions, int)
        else map(origin_key, from_versions)
    )
    deque(map(setattr, upgraded, keys, lines), maxlen=0)


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
    _keep_origins((upgraded,), version, (original,))
    return cast("events.OutputEvent", upgraded)


def upgrade_line(line: bytes | str) -> events.OutputEvent | UnknownEvent:
    """Decode one stdout line (lenient, any supported version) and upgrade it."""
    data = line.encode() if isinstance(line, str) else line
    return upgrade(decode_output(data, mode="lenient"), data)


# --- Many lines at once --------------------------------------------------------------------------
#
# Most events (text and reasoning deltas, usage, ...) are named by no step of any bump: their
# upgrade only changes `schemaVersion`. The binary writes keys sorted and compact, so such a line
# ends in `"schemaVersion":N,` + scalar members + `"type":"T"}`, and that suffix can only be the
# top-level members (a nested object would end in `}}`, and a string cannot hold an unescaped
# quote). Rewriting the version there and decoding the batch with the latest decoder in one
# msgspec call gives the same event as `upgrade`, several times faster. Anything else takes
# `upgrade` one event at a time.


def _step_free_types() -> dict[int, frozenset[str]]:
    latest_types = set(versions.OUTPUT_EVENT_TYPES[LATEST_SCHEMA_VERSION])
    free: dict[int, frozenset[str]] = {}
    for version in versions.SUPPORTED_SCHEMA_VERSIONS[:-1]:
        named: set[str] = set()
        for step_version in range(version, LATEST_SCHEMA_VERSION):
            for step in versions.UPGRADE_STEPS.get(step_version, ()):
                named.update(step["events"])
                if step["op"] == "retype":
                    named.add(step["to"])
        free[version] = frozenset(set(versions.OUTPUT_EVENT_TYPES[version]) & latest_types - named)
    return free


_STEP_FREE = _step_free_types()


def _suffix(version: int, type_: str) -> bytes:
    return b'"schemaVersion":%d,"type":"%s"}' % (version, type_.encode())


def upgrade_batch(
    events: list[versions.AnyOutputEvent | UnknownEvent], lines: list[bytes]
) -> list[events.OutputEvent | UnknownEvent]:
    """`[upgrade(e, line) for e, line in zip(events, lines)]`, faster (`events[i]` was decoded
    from `lines[i]`)."""
    out: list[Any] = list(events)
    fast_index: list[int] = []
    fast_versions: list[int] = []
    fast_lines: list[bytes] = []
    for index, event in enumerate(events):
        if type(event) in LATEST_EVENT_TYPES or isinstance(event, UnknownEvent):
            continue
        line = bytes(lines[index])
        version, type_ = int(event.schema_version), event.type
        if type_ in _STEP_FREE.get(version, ()):
            suffix = _suffix(version, type_)
            if line.endswith(suffix):
                fast_index.append(index)
                fast_versions.append(version)
                fast_lines.append(line[: -len(suffix)] + _suffix(LATEST_SCHEMA_VERSION, type_))
                continue
        out[index] = upgrade(event, line)
    if fast_lines:
        decoded, errors = decode_output_lines(fast_lines, mode="lenient", version=LATEST_SCHEMA_VERSION)
        if errors or len(decoded) != len(fast_lines):
            for index in fast_index:
                out[index] = upgrade(events[index], bytes(lines[index]))
            return out
        _keep_origins(decoded, fast_versions, map(lines.__getitem__, fast_index))
        for index, upgraded in zip(fast_index, decoded, strict=True):
            out[index] = upgraded
    return out


_LATEST_MARKER = b'"schemaVersion":%d,' % LATEST_SCHEMA_VERSION


class _StepFreeRewrite:
    """Rewrites the lines of step-free types of one older version to the latest version.

    Most lines end in `"schemaVersion":N,"type":"T"}` exactly: those are found and rewritten by
    C calls mapped over the batch (a Python loop per line cost more than the decode). The rest
    (members between `schemaVersion` and `type`, as in `usage`) are checked one by one.
    """

    def __init__(self, version: int, types: frozenset[str]) -> None:
        self.marker = b'"schemaVersion":%d,' % version
        self.types = frozenset(t.encode() for t in types)
        self.simple_endings = tuple(sorted(_suffix(version, t) for t in types))
        self._ends_simply = methodcaller("endswith", self.simple_endings)
        self._split_at_marker = methodcaller("rpartition", self.marker)

    def __call__(self, lines: list[bytes]) -> tuple[list[bytes], list[bool]]:
        """The lines, those that could be rewritten to the latest version rewritten, and for each
        whether it was."""
        rewritten = list(map(self._ends_simply, lines))
        split = map(self._split_at_marker, compress(lines, rewritten))
        simple_lines = map(_LATEST_MARKER.join, map(_head_and_tail, split))
        if all(rewritten):
            return list(simple_lines), rewritten
        out = list(lines)
        deque(map(out.__setitem__, compress(range(len(lines)), rewritten), simple_lines), maxlen=0)
        for index in compress(range(len(lines)), map(not_, rewritten)):
            line = out[index] = self._rewrite_one(lines[index])
            rewritten[index] = line is not lines[index]
        return out, rewritten

    def _rewrite_one(self, line: bytes) -> bytes:
        # `"schemaVersion":N,` followed only by scalar members up to the closing brace (no `{`,
        # `[` or other `}` after it) is a top-level member; the type is the last member.
        head, found, tail = line.rpartition(self.marker)
        if found and tail.count(b"}") == 1 and b"{" not in tail and b"[" not in tail:
            type_ = tail.rpartition(b'"type":"')[2]
            if type_.endswith(b'"}') and bytes(type_[:-2]) in self.types:  # lines may be bytearrays
                return head + _LATEST_MARKER + tail
        return line


_head_and_tail = itemgetter(0, 2)
_STEP_FREE_REWRITES = {version: _StepFreeRewrite(version, types) for version, types in _STEP_FREE.items()}


def _upgrade_lines_by_rewrite(
    lines: list[bytes], version: int, *, mode: Literal["lenient", "warn", "strict"] = "lenient"
) -> list[events.OutputEvent | UnknownEvent] | None:
    """`upgrade_lines` for events that cannot change class in place: lines of step-free types are
    rewritten to the latest version and decoded as that version; the others are decoded as
    `version` and upgraded. Each group is one batch of its own version (no decoder meets a line
    of the other version and fails). None when a line does not decode (or is blank)."""
    rewrite = _STEP_FREE_REWRITES.get(version)
    if rewrite is None:
        return None
    now_latest, rewritten = rewrite(lines)
    every_line_rewritten = all(rewritten)
    if not every_line_rewritten:
        now_latest = list(compress(now_latest, rewritten))
    upgraded, errors = decode_output_lines(now_latest, mode=mode, version=LATEST_SCHEMA_VERSION)
    if errors or len(upgraded) != len(now_latest):
        return None
    _keep_origins(upgraded, version, compress(lines, rewritten))
    if every_line_rewritten:
        return upgraded  # type: ignore[return-value]  # every event is of the latest version
    old_lines = list(compress(lines, map(not_, rewritten)))
    old_events, errors = decode_output_lines(old_lines, mode=mode, version=version)
    if errors or len(old_events) != len(old_lines):
        return None
    upgraded_iter = iter(upgraded)
    old_iter = zip(old_events, old_lines, strict=True)
    return [
        next(upgraded_iter) if was_rewritten else upgrade(*next(old_iter))  # type: ignore[misc]
        for was_rewritten in rewritten
    ]


# --- A whole stream of an older version ------------------------------------------------------
#
# A stream keeps one version, and most of its events (text deltas, usage, tool calls) are of
# types whose class is the same in the older and the latest version but for the schemaVersion
# const: the same fields in the same order, validated the same way (descriptions aside), and
# nested objects whose classes are the same in that sense too. Such an event is decoded as its own
# version, then made the latest class's in place: its `__class__` (and its nested objects') and
# its `schema_version` are set, by C calls mapped over the batch where there is nothing nested,
# and its origin noted; no line is rewritten or decoded twice. Events of other types (those the
# upgrade steps change, like the permission events) take the rewrite path above.


def _validation(info: msgspec.inspect.Type) -> Any:
    """What decoding checks of a type, comparable with ==: descriptions dropped, a nested object
    reduced to a marker (its class is compared by `_in_place`)."""
    inspect = msgspec.inspect
    if isinstance(info, inspect.Metadata):
        return _validation(info.type)
    if isinstance(info, inspect.StructType):
        return "object"
    if isinstance(info, inspect.UnionType):
        return ("union", tuple(map(_validation, info.types)))
    if isinstance(info, inspect.DictType):
        key, value = _validation(info.key_type), _validation(info.value_type)
        return ("dict", key, value, info.min_length, info.max_length)
    if isinstance(info, inspect.TupleType):
        return ("tuple", tuple(map(_validation, info.item_types)))
    if isinstance(info, inspect.CollectionType):
        return (type(info).__name__, _validation(info.item_type), info.min_length, info.max_length)
    return info


def _decoded_as(field: msgspec.inspect.Field) -> tuple[Any, ...]:
    """What decoding a field depends on: its wire name, whether it is required, its default, and
    its type's checks."""
    return (field.encode_name, field.required, field.default, _validation(field.type))


@dataclass(frozen=True)
class InPlace:
    """How an object of an older class becomes one of `latest` in place: set its class, after
    moving the nested objects of `nested` ((field, older class, how), each absent or of that
    older class)."""

    latest: type
    nested: tuple[tuple[str, type, InPlace], ...] = ()


def _nested_class(info: msgspec.inspect.Type) -> type | None:
    """The class of a field holding exactly one nested object (optional or not); None otherwise."""
    while isinstance(info, msgspec.inspect.Metadata):
        info = info.type
    return info.cls if isinstance(info, msgspec.inspect.StructType) else None


def _in_place(old: type, new: type) -> InPlace | None:
    """How `old` becomes `new` in place, or None when some field is not validated the same way
    (`schema_version` aside), or holds nested objects that cannot move with it."""
    if old.__struct_fields__ != new.__struct_fields__:  # type: ignore[attr-defined]
        return None
    nested: list[tuple[str, type, InPlace]] = []
    old_fields = msgspec.inspect.type_info(old).fields  # type: ignore[attr-defined]
    new_fields = msgspec.inspect.type_info(new).fields  # type: ignore[attr-defined]
    for old_field, new_field in zip(old_fields, new_fields, strict=True):
        if old_field.name == "schema_version":
            continue
        if _decoded_as(old_field) != _decoded_as(new_field):
            return None
        if "object" not in repr(_validation(old_field.type)):
            continue
        old_inner, new_inner = _nested_class(old_field.type), _nested_class(new_field.type)
        how = None if old_inner is None or new_inner is None else _in_place(old_inner, new_inner)
        if old_inner is None or how is None:  # lists, maps or unions of objects: not handled here
            return None
        nested.append((old_field.name, old_inner, how))
    return InPlace(new, tuple(nested))


def _in_place_classes() -> dict[int, dict[type, InPlace]]:
    latest = versions.MODULES[LATEST_SCHEMA_VERSION].OUTPUT_EVENT_TYPES
    found: dict[int, dict[type, InPlace]] = {}
    for version in versions.SUPPORTED_SCHEMA_VERSIONS[:-1]:
        found[version] = {}
        for name, old in versions.MODULES[version].OUTPUT_EVENT_TYPES.items():
            how = _in_place(old, latest[name]) if name in _STEP_FREE[version] else None
            if how is not None:
                found[version][old] = how
    return found


@functools.cache
def _in_place_tables() -> tuple[dict[int, dict[type, InPlace]], dict[int, dict[type, type]]]:
    """`IN_PLACE_CLASSES` and, of those, the classes with nothing nested (moved by C calls over
    the batch: old -> latest class). Built on the first stream of an older version, not at
    import: comparing the classes through `msgspec.inspect` takes ~20 ms, which every program
    that imports zero_client would pay for the rare old stream."""
    moves = _in_place_classes()
    flat = {
        version: {old: how.latest for old, how in by_class.items() if not how.nested}
        for version, by_class in moves.items()
    }
    return moves, flat


def __getattr__(name: str) -> Any:
    if name == "IN_PLACE_CLASSES":
        #: Per older version: the event classes that become the latest version's class in place.
        return _in_place_tables()[0]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: Sets an object's class as `obj.__class__ = cls` does (with its layout check), but through
#: `object`'s own descriptor: msgspec's `__setattr__` would start tracking the struct in the
#: garbage collector (a class is a tracked object), and with every event of a long stream tracked,
#: collections run often and cost more. A struct decoded with untracked values stays untracked.
_set_class = object.__dict__["__class__"].__set__


def _move_nested(obj: Any, how: InPlace) -> None:
    """Moves the nested objects of `obj` (its own class is set by the caller)."""
    for name, old, inner in how.nested:
        value = getattr(obj, name)
        if type(value) is old:
            _move_nested(value, inner)
            _set_class(value, inner.latest)


def _make_latest_in_place(
    events: list[Any], classes: Iterable[type], version: int, lines: Iterable[bytes]
) -> None:
    """Makes each event (of `IN_PLACE_CLASSES[version]`, nested objects already moved) the latest
    version's, and notes its origin."""
    deque(map(_set_class, events, classes), maxlen=0)
    deque(map(setattr, events, repeat("schema_version"), repeat(LATEST_SCHEMA_VERSION)), maxlen=0)
    _keep_origins(events, version, lines)


def upgrade_lines(
    lines: Iterable[bytes | str],
    version: int | None = None,
    *,
    mode: Literal["lenient", "warn", "strict"] = "lenient",
) -> list[events.OutputEvent | UnknownEvent]:
    """Decode stdout lines of any supported schemaVersions (one stream, or several mixed) and
    present them in the latest types, one event per line (each as `upgrade` presents it, origin
    included). `version`, when every line is known to speak it, takes the faster batch path.
    Raises `ProtocolError` for a line that is not an output event (any line, in strict mode: one
    that does not match its schema)."""
    data = [line.encode() if isinstance(line, str) else bytes(line) for line in lines]
    if version is not None and version != LATEST_SCHEMA_VERSION:
        upgraded = upgrade_lines_of_version(data, version, mode=mode)
        if upgraded is not None:
            return upgraded
    return upgrade_batch([decode_output(line, mode=mode) for line in data], data)


def read_events(
    path: str | os.PathLike[str], *, mode: Literal["lenient", "warn", "strict"] = "lenient"
) -> list[events.OutputEvent | UnknownEvent]:
    """The events of a saved transcript (Zero's stdout lines, one or more runs, any supported
    schemaVersions) in the latest types, blank lines skipped. Needs msgspec alone, so a package
    made by `zero-sdk generate --lang python --out` has it too (`zero_client.read_transcript`
    folds the same lines into a `RunResult`). A line that is not an output event raises the
    `ProtocolError`, its message prefixed with `path:line: `."""
    with open(path, "rb") as handle:
        lines = handle.read().splitlines()
    numbered = [(number, line) for number, line in enumerate(lines, 1) if line.strip()]
    try:
        return upgrade_lines([line for _, line in numbered], mode=mode)
    except ProtocolError as failure:
        for number, line in numbered:  # name the line
            try:
                upgrade(decode_output(line, mode=mode), line)
            except ProtocolError as exc:
                exc.args = (f"{os.fspath(path)}:{number}: {exc}",)
                raise
        raise failure


def upgrade_lines_of_version(
    lines: list[bytes], version: int, *, mode: Literal["lenient", "warn", "strict"] = "lenient"
) -> list[events.OutputEvent | UnknownEvent] | None:
    """The batch path of `upgrade_lines` (the client's decoder uses it): decode the lines of a
    stream that speaks the older `version`, presented in the latest types.

    The lines are decoded as `version` in one batch; events that may (`IN_PLACE_CLASSES`) become
    the latest class in place, the others take the rewrite path. Returns None when a line does
    not decode (or is blank): the caller then goes line by line.
    """
    in_place, flat_in_place = _in_place_tables()
    flat = flat_in_place.get(version)
    if flat is None:
        return None
    decoded, errors = decode_output_lines(lines, mode=mode, version=version)
    if errors or len(decoded) != len(lines):
        return None
    targets: list[Any] = list(map(flat.get, map(type, decoded)))
    if all(targets):  # the common case: every event of the batch
        _make_latest_in_place(decoded, targets, version, lines)
        return decoded  # type: ignore[return-value]  # every event is of the latest version now
    moves = in_place[version]
    for index in compress(range(len(decoded)), map(not_, targets)):  # the few others, one by one
        how = moves.get(type(decoded[index]))
        if how is not None:
            _move_nested(decoded[index], how)
            targets[index] = how.latest
    movable = list(map(bool, targets))
    _make_latest_in_place(
        list(compress(decoded, movable)), compress(targets, movable), version, compress(lines, movable)
    )
    stays = list(map(not_, movable))
    upgraded = _upgrade_lines_by_rewrite(list(compress(lines, stays)), version, mode=mode)
    if upgraded is None:
        return None
    deque(map(decoded.__setitem__, compress(range(len(decoded)), stays), upgraded), maxlen=0)
    return decoded  # type: ignore[return-value]  # every event is of the latest version now
