"""The typed model of one protocol schema file: what every emitter and the schema diff walk.

`load_schema(path)` reads `schema/vN.json`, checks it against the conventions in
docs/CONTRACTS.md and returns a `Schema`. Every problem is a `SchemaModelError` naming the file
and the JSON pointer, so a schema author knows exactly what to fix.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeAlias

__all__ = [
    "AnyJSONType",
    "ArrayType",
    "BooleanType",
    "ConstSource",
    "ConstType",
    "CopySource",
    "DefaultSource",
    "DefaultStep",
    "EnumType",
    "EqualsSource",
    "Event",
    "Field",
    "FieldRefinement",
    "IntegerType",
    "MapType",
    "NamedObject",
    "NumberType",
    "ObjectAlternative",
    "RefType",
    "RemoveStep",
    "RenameStep",
    "RetypeStep",
    "Schema",
    "SchemaModelError",
    "StringType",
    "TypeExpr",
    "Upgrade",
    "UpgradeStep",
    "check_upgrade_chain",
    "load_object_schema",
    "load_schema",
    "parse_object_schema",
    "parse_schema",
    "snake_case",
]

_CAMEL_CASE = re.compile(r"^[a-z][a-zA-Z0-9]*$")
# Property names of schemas written by users (a plugin tool's `inputSchema`): any identifier.
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_PASCAL_CASE = re.compile(r"^[A-Z][a-zA-Z0-9]*$")
_UNION_NAMES = ("InputEvent", "OutputEvent")


class SchemaModelError(ValueError):
    """A schema file breaks a convention; `.path` is the file, `.pointer` the JSON pointer."""

    def __init__(self, path: str, pointer: str, message: str) -> None:
        super().__init__(f"{path}#{pointer}: {message}")
        self.path = path
        self.pointer = pointer
        self.message = message


# --- The type algebra of a field ----------------------------------------------------------------


@dataclass(frozen=True)
class StringType:
    """A JSON string, optionally constrained by a regex `pattern` and a `max_length`."""

    pattern: str | None = None
    max_length: int | None = None
    kind: Literal["string"] = "string"


@dataclass(frozen=True)
class IntegerType:
    """A JSON integer, optionally with an inclusive `minimum` and `maximum`."""

    minimum: int | None = None
    maximum: int | None = None
    kind: Literal["integer"] = "integer"


@dataclass(frozen=True)
class NumberType:
    """A JSON number (float or integer)."""

    kind: Literal["number"] = "number"


@dataclass(frozen=True)
class BooleanType:
    """A JSON boolean."""

    kind: Literal["boolean"] = "boolean"


@dataclass(frozen=True)
class AnyJSONType:
    """Any JSON value (the schema gives only a description, like tool_call `args`)."""

    kind: Literal["any"] = "any"


@dataclass(frozen=True)
class ArrayType:
    """A JSON array of `items`, optionally with a `min_items`."""

    items: TypeExpr
    min_items: int | None = None
    kind: Literal["array"] = "array"


@dataclass(frozen=True)
class MapType:
    """A JSON object used as a map from string keys to `values`."""

    values: TypeExpr
    kind: Literal["map"] = "map"


RetryPolicy: TypeAlias = Literal["always", "after_run_start"]
"""When an error code's failure is worth retrying (the `x-zero-retry` annotation)."""


@dataclass(frozen=True)
class EnumType:
    """A closed set of string values, in schema order.

    `exit_codes` comes from the `x-zero-exit-codes` annotation (error codes and run_end statuses):
    for each value in schema order, the process exit codes it goes with; empty when unannotated.
    `retry` comes from the `x-zero-retry` annotation (error codes): the values whose failure is
    worth retrying, with when (`always`, or `after_run_start`: only when the run got as far as
    `run_start`), in schema order; values not listed are never retryable by their code alone.
    """

    values: tuple[str, ...]
    exit_codes: tuple[tuple[str, tuple[int, ...]], ...] = ()
    retry: tuple[tuple[str, RetryPolicy], ...] = ()
    kind: Literal["enum"] = "enum"


@dataclass(frozen=True)
class ConstType:
    """Exactly one JSON value (the event `type`, `schemaVersion`, message `role`)."""

    value: str | int | bool
    kind: Literal["const"] = "const"


@dataclass(frozen=True)
class RefType:
    """A reference to a named object in `Schema.objects` (by its $defs name)."""

    name: str
    kind: Literal["ref"] = "ref"


TypeExpr: TypeAlias = (
    StringType
    | IntegerType
    | NumberType
    | BooleanType
    | AnyJSONType
    | ArrayType
    | MapType
    | EnumType
    | ConstType
    | RefType
)


# --- Objects, events and the schema -------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """One property of an object: wire name (camelCase), Python name (snake_case), type, docs."""

    wire_name: str
    py_name: str
    type: TypeExpr
    required: bool
    description: str
    pointer: str


@dataclass(frozen=True)
class FieldRefinement:
    """An extra constraint one `anyOf` alternative puts on a field."""

    wire_name: str
    pattern: str | None = None
    min_items: int | None = None


@dataclass(frozen=True)
class ObjectAlternative:
    """One branch of an object-level `anyOf`: these fields are required and refined like so."""

    required: tuple[str, ...]
    refinements: tuple[FieldRefinement, ...]


@dataclass(frozen=True)
class NamedObject:
    """A named object definition (`$defs/<name>`): nested objects and, via `Event`, events.

    `any_of` holds object-level `anyOf` rules (MessageInput: non-blank content or >= 1 image);
    the object is valid when at least one alternative holds.
    """

    name: str
    title: str | None
    description: str
    fields: tuple[Field, ...]
    pointer: str
    any_of: tuple[ObjectAlternative, ...] = ()

    def field(self, wire_name: str) -> Field:
        """The field with this wire name (KeyError if there is none)."""
        for candidate in self.fields:
            if candidate.wire_name == wire_name:
                return candidate
        raise KeyError(wire_name)

    @property
    def required_fields(self) -> tuple[Field, ...]:
        return tuple(f for f in self.fields if f.required)


@dataclass(frozen=True)
class Event(NamedObject):
    """An input or output event: a named object with a `type` const discriminator."""

    type_const: str = ""
    direction: Literal["input", "output"] = "output"


@dataclass(frozen=True)
class Schema:
    """One protocol version: its events (in union order) and nested named objects."""

    version: int
    path: str
    id: str
    title: str
    description: str
    input_events: tuple[Event, ...]
    output_events: tuple[Event, ...]
    objects: tuple[NamedObject, ...]
    input_union_description: str = ""
    output_union_description: str = ""
    upgrade: Upgrade | None = None
    raw: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    #: The object the document's root `$ref`s (schemas of one object, `parse_object_schema`).
    root: str = ""

    @property
    def events(self) -> tuple[Event, ...]:
        return self.input_events + self.output_events

    def event(self, direction: Literal["input", "output"], type_const: str) -> Event:
        """The event of that direction with that `type` (KeyError if there is none)."""
        events = self.input_events if direction == "input" else self.output_events
        for candidate in events:
            if candidate.type_const == type_const:
                return candidate
        raise KeyError(type_const)

    def object(self, name: str) -> NamedObject:
        """The named nested object or event called `name` (KeyError if there is none)."""
        for candidate in (*self.objects, *self.events):
            if candidate.name == name:
                return candidate
        raise KeyError(name)


# --- Upgrade steps (`x-zero-upgrade`) -------------------------------------------------------------
#
# How to turn an output wire object of version `from_version` into one of this schema's version.
# Steps run in order on a JSON object; `schemaVersion` is set implicitly and unknown fields are
# carried over. Each step names the event `type`s (as they are when the step runs) it applies to.
# Clients interpret this table with one hand-written interpreter each (docs/schema-bumps.md).

JSONPath: TypeAlias = tuple[str, ...]


@dataclass(frozen=True)
class CopySource:
    """Yields the value at `path` of the object being upgraded, only if it is present."""

    path: JSONPath


@dataclass(frozen=True)
class ConstSource:
    """Always yields `value` (any JSON)."""

    value: Any


@dataclass(frozen=True)
class EqualsSource:
    """Always yields a boolean: whether the value at `path` equals `value`."""

    path: JSONPath
    value: Any


DefaultSource: TypeAlias = CopySource | ConstSource | EqualsSource


@dataclass(frozen=True)
class RenameStep:
    """Move the field at `source` to `target` (overwriting), when `source` is present."""

    events: tuple[str, ...]
    source: JSONPath
    target: JSONPath
    op: Literal["rename"] = "rename"


@dataclass(frozen=True)
class RemoveStep:
    """Drop the field at `path` when present."""

    events: tuple[str, ...]
    path: JSONPath
    op: Literal["remove"] = "remove"


@dataclass(frozen=True)
class RetypeStep:
    """Change the event `type` to `to` when the value at `when_path` equals `when_equals`."""

    events: tuple[str, ...]
    when_path: JSONPath
    when_equals: Any
    to: str
    op: Literal["retype"] = "retype"


@dataclass(frozen=True)
class DefaultStep:
    """When the field at `path` is absent, set it to the first of `sources` that yields a value."""

    events: tuple[str, ...]
    path: JSONPath
    sources: tuple[DefaultSource, ...]
    op: Literal["default"] = "default"


UpgradeStep: TypeAlias = RenameStep | RemoveStep | RetypeStep | DefaultStep


@dataclass(frozen=True)
class Upgrade:
    """The `x-zero-upgrade` table of a schema: from `from_version` to the schema's own version."""

    from_version: int
    steps: tuple[UpgradeStep, ...]
    pointer: str = "/x-zero-upgrade"

    def as_json(self) -> list[dict[str, Any]]:
        """The validated steps as plain JSON (paths always arrays), for emitters to embed."""
        return [_step_json(step) for step in self.steps]


def _source_json(source: DefaultSource) -> dict[str, Any]:
    if isinstance(source, CopySource):
        return {"copy": list(source.path)}
    if isinstance(source, ConstSource):
        return {"const": source.value}
    return {"equals": {"path": list(source.path), "value": source.value}}


def _step_json(step: UpgradeStep) -> dict[str, Any]:
    events = list(step.events)
    if isinstance(step, RenameStep):
        return {"op": "rename", "events": events, "from": list(step.source), "to": list(step.target)}
    if isinstance(step, RemoveStep):
        return {"op": "remove", "events": events, "path": list(step.path)}
    if isinstance(step, RetypeStep):
        return {
            "op": "retype",
            "events": events,
            "when": {"path": list(step.when_path), "equals": step.when_equals},
            "to": step.to,
        }
    return {
        "op": "default",
        "events": events,
        "path": list(step.path),
        "from": [_source_json(source) for source in step.sources],
    }


def check_upgrade_chain(schemas: Sequence[Schema]) -> None:
    """Check the `x-zero-upgrade` tables of consecutive schemas (ascending) against each other.

    Each schema after the first must upgrade from the one before it; the event types a step names
    must exist in the older version (or be produced by an earlier `retype`), and a `retype` target
    must be an output event of the newer version. Raises `SchemaModelError`.
    """
    for older, newer in itertools.pairwise(schemas):
        upgrade = newer.upgrade
        if upgrade is None:
            raise SchemaModelError(
                newer.path,
                "/x-zero-upgrade",
                f"missing: how to upgrade schemaVersion {older.version} output "
                '(`{"from": N-1, "steps": []}` if nothing changed)',
            )
        if upgrade.from_version != older.version:
            raise SchemaModelError(
                newer.path,
                "/x-zero-upgrade/from",
                f"must be {older.version} (the previous schema version), not {upgrade.from_version}",
            )
        known = {event.type_const for event in older.output_events}
        targets = {event.type_const for event in newer.output_events}
        for index, step in enumerate(upgrade.steps):
            pointer = f"/x-zero-upgrade/steps/{index}"
            unknown = [name for name in step.events if name not in known]
            if unknown:
                raise SchemaModelError(
                    newer.path,
                    f"{pointer}/events",
                    f"no output event type {unknown} in schemaVersion {older.version} at this step",
                )
            if isinstance(step, RetypeStep):
                if step.to not in targets:
                    raise SchemaModelError(
                        newer.path,
                        f"{pointer}/to",
                        f"`{step.to}` is no output event of schemaVersion {newer.version}",
                    )
                known.add(step.to)


def snake_case(camel: str) -> str:
    """`permissionGranted` -> `permission_granted` (the Python attribute of a wire name)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", camel).lower()


# --- Loading and validation ---------------------------------------------------------------------


def load_schema(path: str | Path) -> Schema:
    """Read and validate a schema file; raises `SchemaModelError` for any problem."""
    file_path = Path(path)
    label = str(path)
    try:
        text = file_path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SchemaModelError(label, "", f"cannot read schema file: {exc.strerror or exc}") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SchemaModelError(
            label, "", f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}"
        ) from None
    return parse_schema(document, label)


def parse_schema(document: Any, label: str) -> Schema:
    """Validate an already-decoded schema document; `label` names it in errors."""
    return _SchemaReader(document, label).read()


def load_object_schema(path: str | Path) -> Schema:
    """`parse_object_schema` of a file (`schema/plugin/v1.json`); `SchemaModelError` for any problem."""
    label = str(path)
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise SchemaModelError(label, "", f"cannot read schema file: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise SchemaModelError(
            label, "", f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}"
        ) from None
    return parse_object_schema(document, label)


def parse_object_schema(document: Any, label: str, *, identifiers: bool = False) -> Schema:
    """A schema of one JSON object rather than of a stream of events: its root is a `$ref` to one
    of its `$defs`, and every `$defs` entry is a named object with the protocol's conventions.
    The result is a `Schema` without events, whose `objects` are the definitions and `root` the
    one referenced, so every emitter's object code serves it as it serves the protocol's.

    `identifiers`: property names may be any identifier (`file_path`), not only camelCase, and
    descriptions may be empty (schemas written by users, e.g. a plugin tool's `inputSchema`).
    """
    return _SchemaReader(document, label, identifiers=identifiers).read_objects()


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


class _SchemaReader:
    def __init__(self, document: Any, label: str, *, identifiers: bool = False) -> None:
        self.document = document
        self.label = label
        self.identifiers = identifiers

    def fail(self, pointer: str, message: str) -> SchemaModelError:
        return SchemaModelError(self.label, pointer, message)

    def mapping(self, node: Any, pointer: str, what: str) -> dict[str, Any]:
        if not isinstance(node, dict):
            raise self.fail(pointer, f"{what} must be a JSON object")
        return node

    def text(self, node: dict[str, Any], key: str, pointer: str, *, required: bool = True) -> str | None:
        value = node.get(key)
        if value is None:
            if required:
                raise self.fail(pointer, f"missing `{key}`")
            return None
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{pointer}/{key}", f"`{key}` must be a non-empty string")
        return value

    def read(self) -> Schema:
        root = self.mapping(self.document, "", "the schema")
        version = root.get("x-zero-schema-version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise self.fail("/x-zero-schema-version", "must be a positive integer schema version")
        defs = self.mapping(root.get("$defs"), "/$defs", "`$defs`")
        for name in _UNION_NAMES:
            if name not in defs:
                raise self.fail(f"/$defs/{name}", f"missing the `{name}` union")
        input_events, input_doc = self.read_union(defs, "InputEvent", "input", version)
        output_events, output_doc = self.read_union(defs, "OutputEvent", "output", version)
        event_names = {e.name for e in (*input_events, *output_events)}
        objects = tuple(
            self.read_object(name, defs[name], f"/$defs/{_escape(name)}")
            for name in defs
            if name not in event_names and name not in _UNION_NAMES
        )
        schema = Schema(
            version=version,
            path=self.label,
            id=self.text(root, "$id", "") or "",
            title=self.text(root, "title", "") or "",
            description=self.text(root, "description", "") or "",
            input_events=input_events,
            output_events=output_events,
            objects=objects,
            input_union_description=input_doc,
            output_union_description=output_doc,
            upgrade=self.read_upgrade(root, version),
            raw=root,
        )
        self.check_refs(schema)
        return schema

    def read_objects(self) -> Schema:
        root = self.mapping(self.document, "", "the schema")
        version = root.get("x-zero-schema-version", 1)
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise self.fail("/x-zero-schema-version", "must be a positive integer schema version")
        ref = root.get("$ref")
        if not isinstance(ref, str) or not ref.startswith("#/$defs/"):
            raise self.fail("/$ref", "must be a `$ref` to the root object, `#/$defs/<Name>`")
        defs = self.mapping(root.get("$defs"), "/$defs", "`$defs`")
        if ref.removeprefix("#/$defs/") not in defs:
            raise self.fail("/$ref", f"`$ref` {ref} points at no definition")
        objects = tuple(
            self.read_object(name, node, f"/$defs/{_escape(name)}") for name, node in defs.items()
        )
        optional = not self.identifiers
        schema = Schema(
            version=version,
            path=self.label,
            id=self.text(root, "$id", "", required=optional) or "",
            title=self.text(root, "title", "", required=optional) or "",
            description=self.text(root, "description", "", required=optional) or "",
            input_events=(),
            output_events=(),
            objects=objects,
            raw=root,
            root=ref.removeprefix("#/$defs/"),
        )
        self.check_refs(schema)
        return schema

    # --- x-zero-upgrade -----------------------------------------------------------------------

    def read_upgrade(self, root: dict[str, Any], version: int) -> Upgrade | None:
        pointer = "/x-zero-upgrade"
        if "x-zero-upgrade" not in root:
            return None  # every version but the first needs one: check_upgrade_chain says so
        node = self.mapping(root["x-zero-upgrade"], pointer, "`x-zero-upgrade`")
        self.only_keys(node, {"from", "steps"}, pointer)
        source = node.get("from")
        if not isinstance(source, int) or isinstance(source, bool) or source != version - 1:
            raise self.fail(f"{pointer}/from", f"must be {version - 1} (this schema's version minus one)")
        steps = node.get("steps")
        if not isinstance(steps, list):
            raise self.fail(f"{pointer}/steps", "must be a list of upgrade steps")
        return Upgrade(
            from_version=source,
            steps=tuple(self.read_step(step, f"{pointer}/steps/{i}") for i, step in enumerate(steps)),
            pointer=pointer,
        )

    def only_keys(self, node: dict[str, Any], allowed: set[str], pointer: str) -> None:
        unknown = sorted(set(node) - allowed)
        if unknown:
            raise self.fail(pointer, f"unknown keys {unknown} (allowed: {sorted(allowed)})")

    def json_path(self, node: Any, pointer: str, *, allow_string: bool = False) -> JSONPath:
        if allow_string and isinstance(node, str):
            node = [node]
        if not isinstance(node, list) or not node or not all(isinstance(p, str) and p for p in node):
            what = (
                "a field name or a non-empty list of them"
                if allow_string
                else "a non-empty list of field names"
            )
            raise self.fail(pointer, f"must be {what}")
        if node[0] in ("type", "schemaVersion"):
            raise self.fail(pointer, f"`{node[0]}` is managed by the upgrade itself (use `retype`)")
        return tuple(node)

    def read_step(self, node: Any, pointer: str) -> UpgradeStep:
        step = self.mapping(node, pointer, "an upgrade step")
        op = step.get("op")
        events_node = step.get("events")
        if (
            not isinstance(events_node, list)
            or not events_node
            or not all(isinstance(e, str) and e for e in events_node)
        ):
            raise self.fail(f"{pointer}/events", "must be a non-empty list of event `type`s")
        events = tuple(events_node)
        if op == "rename":
            self.only_keys(step, {"op", "events", "from", "to"}, pointer)
            return RenameStep(
                events=events,
                source=self.json_path(step.get("from"), f"{pointer}/from", allow_string=True),
                target=self.json_path(step.get("to"), f"{pointer}/to", allow_string=True),
            )
        if op == "remove":
            self.only_keys(step, {"op", "events", "path"}, pointer)
            return RemoveStep(events=events, path=self.json_path(step.get("path"), f"{pointer}/path"))
        if op == "retype":
            self.only_keys(step, {"op", "events", "when", "to"}, pointer)
            when = self.mapping(step.get("when"), f"{pointer}/when", "`when`")
            self.only_keys(when, {"path", "equals"}, f"{pointer}/when")
            if "equals" not in when:
                raise self.fail(f"{pointer}/when", "missing `equals`")
            target = step.get("to")
            if not isinstance(target, str) or not target:
                raise self.fail(f"{pointer}/to", "must be an event `type`")
            return RetypeStep(
                events=events,
                when_path=self.json_path(when.get("path"), f"{pointer}/when/path"),
                when_equals=when["equals"],
                to=target,
            )
        if op == "default":
            self.only_keys(step, {"op", "events", "path", "from"}, pointer)
            sources = step.get("from")
            if not isinstance(sources, list) or not sources:
                raise self.fail(f"{pointer}/from", "must be a non-empty list of sources")
            return DefaultStep(
                events=events,
                path=self.json_path(step.get("path"), f"{pointer}/path"),
                sources=tuple(self.read_source(s, f"{pointer}/from/{i}") for i, s in enumerate(sources)),
            )
        raise self.fail(f"{pointer}/op", f"unknown op {op!r} (expected rename, remove, retype or default)")

    def read_source(self, node: Any, pointer: str) -> DefaultSource:
        source = self.mapping(node, pointer, "a default source")
        if len(source) != 1:
            raise self.fail(pointer, "a source has exactly one key: `copy`, `const` or `equals`")
        ((kind, value),) = source.items()
        if kind == "copy":
            return CopySource(self.json_path(value, f"{pointer}/copy"))
        if kind == "const":
            return ConstSource(value)
        if kind == "equals":
            equals = self.mapping(value, f"{pointer}/equals", "`equals`")
            self.only_keys(equals, {"path", "value"}, f"{pointer}/equals")
            if "value" not in equals:
                raise self.fail(f"{pointer}/equals", "missing `value`")
            return EqualsSource(self.json_path(equals.get("path"), f"{pointer}/equals/path"), equals["value"])
        raise self.fail(pointer, f"unknown source {kind!r} (expected copy, const or equals)")

    def read_exit_codes(
        self, node: dict[str, Any], values: tuple[str, ...], pointer: str
    ) -> tuple[tuple[str, tuple[int, ...]], ...]:
        if "x-zero-exit-codes" not in node:
            return ()
        pointer = f"{pointer}/x-zero-exit-codes"
        table = self.mapping(node["x-zero-exit-codes"], pointer, "`x-zero-exit-codes`")
        if set(table) != set(values):
            missing, extra = sorted(set(values) - set(table)), sorted(set(table) - set(values))
            raise self.fail(
                pointer, f"must give exactly the enum's values (missing {missing}, extra {extra})"
            )
        result = []
        for value in values:
            codes = table[value]
            codes = [codes] if isinstance(codes, int) and not isinstance(codes, bool) else codes
            if (
                not isinstance(codes, list)
                or not codes
                or not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in codes)
            ):
                raise self.fail(
                    f"{pointer}/{_escape(value)}", "must be an exit code (0-255) or a non-empty list of them"
                )
            result.append((value, tuple(codes)))
        return tuple(result)

    def read_retry(
        self, node: dict[str, Any], values: tuple[str, ...], pointer: str
    ) -> tuple[tuple[str, RetryPolicy], ...]:
        if "x-zero-retry" not in node:
            return ()
        pointer = f"{pointer}/x-zero-retry"
        table = self.mapping(node["x-zero-retry"], pointer, "`x-zero-retry`")
        extra = sorted(set(table) - set(values))
        if extra:
            raise self.fail(pointer, f"names values the enum does not have: {extra}")
        result: list[tuple[str, RetryPolicy]] = []
        for value in values:
            if value not in table:
                continue
            policy = table[value]
            if policy == "always" or policy == "after_run_start":
                result.append((value, policy))
            else:
                raise self.fail(f"{pointer}/{_escape(value)}", "must be `always` or `after_run_start`")
        return tuple(result)

    def read_union(
        self, defs: dict[str, Any], union: str, direction: Literal["input", "output"], version: int
    ) -> tuple[tuple[Event, ...], str]:
        pointer = f"/$defs/{union}"
        node = self.mapping(defs[union], pointer, f"`{union}`")
        members = node.get("oneOf")
        if not isinstance(members, list) or not members:
            raise self.fail(f"{pointer}/oneOf", "must be a non-empty list of $refs")
        discriminator = self.mapping(node.get("discriminator"), f"{pointer}/discriminator", "discriminator")
        if discriminator.get("propertyName") != "type":
            raise self.fail(f"{pointer}/discriminator/propertyName", "must be `type`")
        mapping = self.mapping(discriminator.get("mapping"), f"{pointer}/discriminator/mapping", "mapping")
        events: list[Event] = []
        seen: dict[str, str] = {}
        for index, member in enumerate(members):
            member_pointer = f"{pointer}/oneOf/{index}"
            ref = member.get("$ref") if isinstance(member, dict) else None
            if not isinstance(ref, str) or not ref.startswith("#/$defs/"):
                raise self.fail(member_pointer, "union members must be `$ref`s to `#/$defs/<Name>`")
            name = ref.removeprefix("#/$defs/")
            if name not in defs:
                raise self.fail(member_pointer, f"`$ref` {ref} points at no definition")
            event = self.read_event(name, defs[name], f"/$defs/{_escape(name)}", direction, version)
            if event.type_const == "unknown":
                raise self.fail(
                    f"/$defs/{_escape(name)}/properties/type/const",
                    "`unknown` is reserved: clients give it to events they cannot type",
                )
            if event.type_const in seen:
                raise self.fail(
                    f"/$defs/{_escape(name)}/properties/type/const",
                    f"type `{event.type_const}` is used by both {seen[event.type_const]} and {name}",
                )
            seen[event.type_const] = name
            if mapping.get(event.type_const) != ref:
                raise self.fail(
                    f"{pointer}/discriminator/mapping",
                    f"must map `{event.type_const}` to {ref} (the union member with that type const)",
                )
            events.append(event)
        extra = sorted(set(mapping) - set(seen))
        if extra:
            raise self.fail(f"{pointer}/discriminator/mapping", f"maps types not in the union: {extra}")
        description = self.text(node, "description", pointer, required=False) or ""
        return tuple(events), description

    def read_event(
        self, name: str, node: Any, pointer: str, direction: Literal["input", "output"], version: int
    ) -> Event:
        base = self.read_object(name, node, pointer)
        if base.title is None:
            raise self.fail(pointer, "events must have a `title`")
        try:
            type_field = base.field("type")
        except KeyError:
            raise self.fail(f"{pointer}/properties", "events must have a `type` property") from None
        if not isinstance(type_field.type, ConstType) or not isinstance(type_field.type.value, str):
            raise self.fail(f"{pointer}/properties/type", "`type` must be a string `const`")
        try:
            version_field = base.field("schemaVersion")
        except KeyError:
            raise self.fail(f"{pointer}/properties", "events must have a `schemaVersion` property") from None
        if version_field.type != ConstType(version):
            raise self.fail(f"{pointer}/properties/schemaVersion", f"must be `const: {version}`")
        for required in (type_field, version_field):
            if not required.required:
                raise self.fail(f"{pointer}/required", f"`{required.wire_name}` must be required")
        return Event(
            name=base.name,
            title=base.title,
            description=base.description,
            fields=base.fields,
            pointer=base.pointer,
            any_of=base.any_of,
            type_const=type_field.type.value,
            direction=direction,
        )

    def read_object(self, name: str, node: Any, pointer: str) -> NamedObject:
        obj = self.mapping(node, pointer, f"definition {name}")
        if not _PASCAL_CASE.match(name):
            raise self.fail(pointer, f"definition name `{name}` must be PascalCase")
        if obj.get("type") != "object":
            raise self.fail(f"{pointer}/type", "named definitions must be `type: object`")
        if obj.get("additionalProperties") is not False:
            raise self.fail(f"{pointer}/additionalProperties", "must be `false`")
        description = self.text(obj, "description", pointer, required=not self.identifiers)
        title = self.text(obj, "title", pointer, required=False)
        properties = self.mapping(obj.get("properties"), f"{pointer}/properties", "`properties`")
        required = obj.get("required", [])
        if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
            raise self.fail(f"{pointer}/required", "must be a list of property names")
        for missing in required:
            if missing not in properties:
                raise self.fail(f"{pointer}/required", f"`{missing}` is required but not a property")
        fields = []
        for wire_name, prop in properties.items():
            prop_pointer = f"{pointer}/properties/{_escape(wire_name)}"
            if self.identifiers:
                if not _IDENTIFIER.match(wire_name):
                    raise self.fail(
                        prop_pointer,
                        f"property name `{wire_name}` must be an identifier (letters, digits, `_`)",
                    )
            elif not _CAMEL_CASE.match(wire_name):
                raise self.fail(prop_pointer, f"property name `{wire_name}` must be camelCase")
            prop_node = self.mapping(prop, prop_pointer, f"property {wire_name}")
            field_description = self.text(
                prop_node, "description", prop_pointer, required=not self.identifiers
            )
            fields.append(
                Field(
                    wire_name=wire_name,
                    py_name=snake_case(wire_name),
                    type=self.read_type(prop_node, prop_pointer),
                    required=wire_name in required,
                    description=field_description or "",
                    pointer=prop_pointer,
                )
            )
        any_of = self.read_any_of(obj.get("anyOf"), f"{pointer}/anyOf", properties)
        return NamedObject(
            name=name,
            title=title,
            description=description or "",
            fields=tuple(fields),
            pointer=pointer,
            any_of=any_of,
        )

    def read_any_of(
        self, node: Any, pointer: str, properties: dict[str, Any]
    ) -> tuple[ObjectAlternative, ...]:
        if node is None:
            return ()
        if not isinstance(node, list) or not node:
            raise self.fail(pointer, "object-level `anyOf` must be a non-empty list")
        alternatives = []
        for index, branch in enumerate(node):
            branch_pointer = f"{pointer}/{index}"
            branch_node = self.mapping(branch, branch_pointer, "an `anyOf` branch")
            unknown = sorted(set(branch_node) - {"required", "properties"})
            if unknown:
                raise self.fail(branch_pointer, f"unsupported keywords in an `anyOf` branch: {unknown}")
            required = branch_node.get("required", [])
            if not isinstance(required, list) or any(r not in properties for r in required):
                raise self.fail(f"{branch_pointer}/required", "must list properties of the object")
            refinements = []
            for wire_name, refinement in sorted(branch_node.get("properties", {}).items()):
                ref_pointer = f"{branch_pointer}/properties/{_escape(wire_name)}"
                if wire_name not in properties or not isinstance(refinement, dict):
                    raise self.fail(ref_pointer, "must refine a property of the object")
                bad = sorted(set(refinement) - {"pattern", "minItems"})
                if bad:
                    raise self.fail(ref_pointer, f"unsupported refinement keywords: {bad}")
                refinements.append(
                    FieldRefinement(
                        wire_name=wire_name,
                        pattern=refinement.get("pattern"),
                        min_items=refinement.get("minItems"),
                    )
                )
            alternatives.append(ObjectAlternative(required=tuple(required), refinements=tuple(refinements)))
        return tuple(alternatives)

    def read_type(self, node: dict[str, Any], pointer: str) -> TypeExpr:
        keys = set(node) - {"description", "title"}
        if "$ref" in node:
            ref = node["$ref"]
            if not isinstance(ref, str) or not ref.startswith("#/$defs/") or keys != {"$ref"}:
                raise self.fail(pointer, "a `$ref` property may carry only a description")
            return RefType(ref.removeprefix("#/$defs/"))
        if "const" in node:
            value = node["const"]
            if keys != {"const"} or not isinstance(value, (str, int, bool)):
                raise self.fail(pointer, "a `const` property must be a string, integer or boolean alone")
            return ConstType(value)
        if not keys:
            return AnyJSONType()
        json_type = node.get("type")
        allowed: set[str]
        result: TypeExpr
        if json_type == "string" and "enum" in node:
            values = node["enum"]
            if not isinstance(values, list) or not values or not all(isinstance(v, str) for v in values):
                raise self.fail(f"{pointer}/enum", "must be a non-empty list of strings")
            if len(set(values)) != len(values):
                raise self.fail(f"{pointer}/enum", "has duplicate values")
            allowed = {"type", "enum", "x-zero-exit-codes", "x-zero-retry"}
            result = EnumType(
                tuple(values),
                self.read_exit_codes(node, tuple(values), pointer),
                self.read_retry(node, tuple(values), pointer),
            )
        elif json_type == "string":
            allowed = {"type", "pattern", "maxLength"}
            result = StringType(pattern=node.get("pattern"), max_length=node.get("maxLength"))
        elif json_type == "integer":
            allowed = {"type", "minimum", "maximum"}
            result = IntegerType(
                minimum=self.integer_bound(node, "minimum", pointer),
                maximum=self.integer_bound(node, "maximum", pointer),
            )
        elif json_type == "number":
            allowed, result = {"type"}, NumberType()
        elif json_type == "boolean":
            allowed, result = {"type"}, BooleanType()
        elif json_type == "array":
            items = self.mapping(node.get("items"), f"{pointer}/items", "`items`")
            allowed = {"type", "items", "minItems"}
            result = ArrayType(self.read_item_type(items, f"{pointer}/items"), node.get("minItems"))
        elif json_type == "object":
            values = self.mapping(
                node.get("additionalProperties"), f"{pointer}/additionalProperties", "a map's value schema"
            )
            allowed = {"type", "additionalProperties"}
            result = MapType(self.read_item_type(values, f"{pointer}/additionalProperties"))
        else:
            raise self.fail(pointer, f"missing or unsupported `type`: {json_type!r}")
        unsupported = sorted(keys - allowed)
        if unsupported:
            raise self.fail(pointer, f"unsupported keywords for a {json_type}: {unsupported}")
        return result

    def integer_bound(self, node: dict[str, Any], keyword: str, pointer: str) -> int | None:
        """An integer's `minimum` or `maximum`: an integer literal (emitters write it into code)."""
        value = node.get(keyword)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise self.fail(f"{pointer}/{keyword}", f"must be an integer, not {value!r}")
        return value

    def read_item_type(self, node: dict[str, Any], pointer: str) -> TypeExpr:
        # Array items and map values need no description of their own.
        return self.read_type({**node, "description": node.get("description", "")}, pointer)

    def check_refs(self, schema: Schema) -> None:
        names = {o.name for o in schema.objects}
        for owner in (*schema.objects, *schema.events):
            for f in owner.fields:
                for ref in _refs(f.type):
                    if ref not in names:
                        raise self.fail(f.pointer, f"`$ref` to #/$defs/{ref}, which is not a nested object")


def _refs(expr: TypeExpr) -> list[str]:
    if isinstance(expr, RefType):
        return [expr.name]
    if isinstance(expr, ArrayType):
        return _refs(expr.items)
    if isinstance(expr, MapType):
        return _refs(expr.values)
    return []
