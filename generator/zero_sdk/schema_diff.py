"""`zero-sdk schema diff OLD NEW`: every change between two protocol schemas, classified by who it breaks.

The diff walks two `zero_sdk.model.Schema` models (it never reads JSON Schema itself). Each change
gets one level, from the point of view of a stream-json client (see docs/schema-bumps.md):

- `wire-breaking`: breaks readers of the output stream (an output field removed or renamed, a
  type changed, a field no longer always present, an enum value or event type removed, the output
  `schemaVersion` changed);
- `breaks-input-writers`: breaks code that writes input lines (a `schemaVersion` no longer
  accepted on input, a new required input field, an input field/value/event removed, a tighter
  input constraint);
- `breaks-closed-clients`: breaks only readers that reject unknown variants (a new output event
  type, a new output enum value, a looser output constraint);
- `additive`: nothing breaks (new optional or required output fields, a field that is now always
  present, new optional input fields, new input values).

Levels are ordered in that sequence (most severe first); `--fail-on LEVEL` fails on a change at
that level or a more severe one. Description-only changes are not reported.

A removed and an added field of the same shape on the same object are reported as one rename
(object fields: the same field names, kinds and required flags, enum values and constraints
aside; scalar fields: the identical type and description; one candidate each way), and
the two shapes are then compared under the new name, so `violation` -> `block` shows up as a
rename plus `block.code` gaining `denied`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib.resources import as_file
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Literal

import click

from zero_sdk import resources
from zero_sdk.model import (
    ArrayType,
    ConstType,
    EnumType,
    Event,
    Field,
    IntegerType,
    MapType,
    NamedObject,
    RefType,
    Schema,
    SchemaModelError,
    StringType,
    TypeExpr,
    load_schema,
)

__all__ = [
    "LEVELS",
    "Change",
    "Level",
    "SchemaDiff",
    "diff_schemas",
    "resolve_schema_path",
    "schema_group",
]

Level = Literal["wire-breaking", "breaks-input-writers", "breaks-closed-clients", "additive"]
LEVELS: tuple[Level, ...] = ("wire-breaking", "breaks-input-writers", "breaks-closed-clients", "additive")
"""Most severe first."""
Direction = Literal["input", "output"]


def _rank(level: Level) -> int:
    return len(LEVELS) - LEVELS.index(level)


@dataclass(frozen=True)
class Change:
    """One change. `path` is the dotted wire path inside the events (`grant.maxAutonomy`,
    `images[].data`; "" for a whole event), `events` the wire types of the events it affects."""

    level: Level
    kind: str
    direction: Direction
    path: str
    events: tuple[str, ...]
    message: str
    old: Any = None
    new: Any = None

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "kind": self.kind,
            "direction": self.direction,
            "path": self.path,
            "events": list(self.events),
            "message": self.message,
            "old": self.old,
            "new": self.new,
        }


@dataclass(frozen=True)
class SchemaDiff:
    """The result of `diff_schemas`: both schemas and the changes, most severe first."""

    old: Schema
    new: Schema
    changes: tuple[Change, ...]

    def at_or_above(self, level: Level) -> tuple[Change, ...]:
        return tuple(c for c in self.changes if _rank(c.level) >= _rank(level))

    def counts(self) -> dict[str, int]:
        return {level: sum(1 for c in self.changes if c.level == level) for level in LEVELS}

    def to_json(self) -> dict[str, Any]:
        return {
            "old": {"path": self.old.path, "schemaVersion": self.old.version},
            "new": {"path": self.new.path, "schemaVersion": self.new.version},
            "counts": self.counts(),
            "changes": [c.to_json() for c in self.changes],
        }

    def to_text(self) -> str:
        lines = [
            f"schema diff {self.old.path} (v{self.old.version}) -> {self.new.path} (v{self.new.version}): "
            f"{len(self.changes)} change(s)"
        ]
        for level in LEVELS:
            group = [c for c in self.changes if c.level == level]
            if not group:
                continue
            lines.append(f"\n{level} ({len(group)}):")
            for change in group:
                where = self._events_label(change)
                lines.append(f"  {change.direction:<6} {change.message}  [{where}]")
        if not self.changes:
            lines.append("no changes")
        return "\n".join(lines)

    def _events_label(self, change: Change) -> str:
        old_types = {e.type_const for e in _events(self.old, change.direction)}
        new_types = {e.type_const for e in _events(self.new, change.direction)}
        common = old_types & new_types
        if change.path and len(change.events) > 1 and set(change.events) == common:
            return f"every {change.direction} event"
        return ", ".join(change.events)


# --- The walk ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Raw:
    level: Level
    kind: str
    direction: Direction
    path: str
    event: str
    message: str
    old: Any = None
    new: Any = None


def _events(schema: Schema, direction: Direction) -> tuple[Event, ...]:
    return schema.input_events if direction == "input" else schema.output_events


def _join(prefix: str, name: str) -> str:
    return f"{prefix}.{name}" if prefix else name


def _type_label(expr: TypeExpr) -> str:
    if isinstance(expr, RefType):
        return f"object {expr.name}"
    if isinstance(expr, ArrayType):
        return f"array of {_type_label(expr.items)}"
    if isinstance(expr, MapType):
        return f"map of {_type_label(expr.values)}"
    if isinstance(expr, EnumType):
        return "enum " + "|".join(expr.values)
    if isinstance(expr, ConstType):
        return f"const {json.dumps(expr.value)}"
    return expr.kind


@dataclass
class _Walker:
    old: Schema
    new: Schema
    detect_renames: bool
    out: list[_Raw] = field(default_factory=list)

    # Levels by direction: readers of output, writers of input.
    def breaking(self, direction: Direction) -> Level:
        return "wire-breaking" if direction == "output" else "breaks-input-writers"

    def widened(self, direction: Direction) -> Level:
        """A set of possible values grew (new enum value, looser constraint)."""
        return "breaks-closed-clients" if direction == "output" else "additive"

    def narrowed(self, direction: Direction, *, removal: bool) -> Level:
        """A set of possible values shrank (enum value removed, tighter constraint)."""
        if direction == "input":
            return "breaks-input-writers"
        return "wire-breaking" if removal else "additive"

    def emit(self, raw: _Raw) -> None:
        self.out.append(raw)

    def run(self) -> list[_Raw]:
        for direction in ("input", "output"):
            self.walk_events(direction)
        return self.out

    def walk_events(self, direction: Direction) -> None:
        old_events = {e.type_const: e for e in _events(self.old, direction)}
        new_events = {e.type_const: e for e in _events(self.new, direction)}
        for type_const, event in old_events.items():
            if type_const not in new_events:
                level = self.breaking(direction)
                self.emit(_Raw(level, "event-removed", direction, "", type_const,
                               f"event type `{type_const}` ({event.name}) removed"))
        for type_const, event in new_events.items():
            if type_const not in old_events:
                added_level: Level = "breaks-closed-clients" if direction == "output" else "additive"
                self.emit(_Raw(added_level, "event-added", direction, "", type_const,
                               f"event type `{type_const}` ({event.name}) added"))
        for type_const, event in old_events.items():
            if type_const in new_events:
                self.walk_object(event, new_events[type_const], direction, type_const, "", set())

    def walk_object(
        self,
        old: NamedObject,
        new: NamedObject,
        direction: Direction,
        event: str,
        prefix: str,
        seen: set[tuple[str, str]],
    ) -> None:
        if (old.name, new.name) in seen:
            return
        seen = seen | {(old.name, new.name)}
        old_fields = {f.wire_name: f for f in old.fields}
        new_fields = {f.wire_name: f for f in new.fields}
        removed = [f for name, f in old_fields.items() if name not in new_fields]
        added = [f for name, f in new_fields.items() if name not in old_fields]
        for gone, came in self.renames(removed, added):
            removed.remove(gone)
            added.remove(came)
            path = _join(prefix, came.wire_name)
            names = f"`{_join(prefix, gone.wire_name)}` renamed to `{path}`"
            if isinstance(gone.type, RefType) and isinstance(came.type, RefType):
                names += f" ({gone.type.name} -> {came.type.name})"
            self.emit(_Raw(self.breaking(direction), "field-renamed", direction, path, event,
                           f"field {names}", gone.wire_name, came.wire_name))
            self.walk_type(gone.type, came.type, direction, event, path, seen)
        for gone in removed:
            path = _join(prefix, gone.wire_name)
            req = "required" if gone.required else "optional"
            self.emit(_Raw(self.breaking(direction), "field-removed", direction, path, event,
                           f"{req} field `{path}` removed", _type_label(gone.type), None))
        for came in added:
            path = _join(prefix, came.wire_name)
            req = "required" if came.required else "optional"
            level: Level = "breaks-input-writers" if direction == "input" and came.required else "additive"
            self.emit(_Raw(level, "field-added", direction, path, event,
                           f"{req} field `{path}` ({_type_label(came.type)}) added", None,
                           _type_label(came.type)))
        for name, before in old_fields.items():
            after = new_fields.get(name)
            if after is None:
                continue
            path = _join(prefix, name)
            self.walk_required(before, after, direction, event, path)
            self.walk_type(before.type, after.type, direction, event, path, seen)
        if old.any_of != new.any_of:
            level = self.breaking(direction) if direction == "input" else "breaks-closed-clients"
            what = f"`{prefix}`" if prefix else f"`{event}`"
            self.emit(_Raw(level, "constraint-changed", direction, prefix, event,
                           f"object-level anyOf rules of {what} changed"))

    def walk_required(self, before: Field, after: Field, direction: Direction, event: str, path: str) -> None:
        if before.required == after.required:
            return
        if after.required:
            level: Level = "breaks-input-writers" if direction == "input" else "additive"
            message = (f"field `{path}` became required" if direction == "input"
                       else f"field `{path}` became required (now always present)")
            self.emit(_Raw(level, "field-required", direction, path, event, message, False, True))
        else:
            level = "additive" if direction == "input" else "wire-breaking"
            message = (f"field `{path}` became optional" if direction == "input"
                       else f"field `{path}` became optional (no longer always present)")
            self.emit(_Raw(level, "field-optional", direction, path, event, message, True, False))

    def walk_type(
        self,
        before: TypeExpr,
        after: TypeExpr,
        direction: Direction,
        event: str,
        path: str,
        seen: set[tuple[str, str]],
    ) -> None:
        if isinstance(before, RefType) and isinstance(after, RefType):
            self.walk_object(self.old.object(before.name), self.new.object(after.name),
                             direction, event, path, seen)
            return
        if isinstance(before, ArrayType) and isinstance(after, ArrayType):
            self.walk_bound(before.min_items, after.min_items, "minItems", direction, event, path, lower=True)
            self.walk_type(before.items, after.items, direction, event, f"{path}[]", seen)
            return
        if isinstance(before, MapType) and isinstance(after, MapType):
            self.walk_type(before.values, after.values, direction, event, f"{path}{{}}", seen)
            return
        if isinstance(before, EnumType) and isinstance(after, EnumType):
            for value in before.values:
                if value not in after.values:
                    self.emit(_Raw(self.narrowed(direction, removal=True), "enum-value-removed", direction,
                                   path, event, f"enum `{path}` lost value `{value}`", value, None))
            for value in after.values:
                if value not in before.values:
                    self.emit(_Raw(self.widened(direction), "enum-value-added", direction, path, event,
                                   f"enum `{path}` gained value `{value}`", None, value))
            return
        if isinstance(before, ConstType) and isinstance(after, ConstType):
            if before.value == after.value:
                return
            if path == "schemaVersion":
                message = (f"schemaVersion {before.value} no longer accepted on input (must be {after.value})"
                           if direction == "input" else f"schemaVersion {before.value} -> {after.value}")
                kind = "schema-version-changed"
            else:
                message, kind = f"const `{path}` {before.value!r} -> {after.value!r}", "type-changed"
            self.emit(_Raw(self.breaking(direction), kind, direction, path, event, message,
                           before.value, after.value))
            return
        if isinstance(before, EnumType) and isinstance(after, StringType):
            self.emit(_Raw(self.widened(direction), "enum-opened", direction, path, event,
                           f"enum `{path}` became an open string", list(before.values), "string"))
            self.walk_string(StringType(), after, direction, event, path)
            return
        if isinstance(before, StringType) and isinstance(after, EnumType):
            self.emit(_Raw(self.narrowed(direction, removal=False), "enum-closed", direction, path, event,
                           f"string `{path}` became a closed enum {list(after.values)}", "string",
                           list(after.values)))
            return
        if isinstance(before, StringType) and isinstance(after, StringType):
            self.walk_string(before, after, direction, event, path)
            return
        if isinstance(before, IntegerType) and isinstance(after, IntegerType):
            self.walk_bound(before.minimum, after.minimum, "minimum", direction, event, path, lower=True)
            self.walk_bound(before.maximum, after.maximum, "maximum", direction, event, path, lower=False)
            return
        if type(before) is type(after):
            return  # number, boolean, any: nothing more to compare
        self.emit(_Raw(self.breaking(direction), "type-changed", direction, path, event,
                       f"type of `{path}` changed: {_type_label(before)} -> {_type_label(after)}",
                       _type_label(before), _type_label(after)))

    def walk_string(self, before: StringType, after: StringType, direction: Direction, event: str,
                    path: str) -> None:
        if before.pattern != after.pattern:
            if after.pattern is None:
                level = self.widened(direction)
            elif before.pattern is None:
                level = self.narrowed(direction, removal=False)
            else:  # cannot tell which way: the worse of both
                level = self.breaking(direction) if direction == "input" else "breaks-closed-clients"
            self.emit(_Raw(level, "constraint-changed", direction, path, event,
                           f"pattern of `{path}` changed: {before.pattern!r} -> {after.pattern!r}",
                           before.pattern, after.pattern))
        self.walk_bound(before.max_length, after.max_length, "maxLength", direction, event, path,
                        lower=False)

    def walk_bound(self, before: int | None, after: int | None, name: str, direction: Direction,
                   event: str, path: str, *, lower: bool) -> None:
        """A lower (`minimum`, `minItems`) or upper (`maximum`, `maxLength`) bound."""
        if before == after:
            return
        if before is None or after is None:
            looser = after is None
        else:
            looser = after < before if lower else after > before
        level = self.widened(direction) if looser else self.narrowed(direction, removal=False)
        self.emit(_Raw(level, "constraint-changed", direction, path, event,
                       f"{name} of `{path}` changed: {before} -> {after}", before, after))

    # --- Renames ---------------------------------------------------------------------------------

    def renames(self, removed: list[Field], added: list[Field]) -> list[tuple[Field, Field]]:
        if not self.detect_renames:
            return []
        pairs = []
        for gone in removed:
            matches = [c for c in added if self.same_shape(gone, c)]
            if len(matches) != 1:
                continue
            back = [g for g in removed if self.same_shape(g, matches[0])]
            if len(back) == 1:
                pairs.append((gone, matches[0]))
        return pairs

    def same_shape(self, a: Field, b: Field) -> bool:
        """Objects: the same structure (enum values and constraints may differ, they are diffed
        after the rename). Scalars carry too little structure for that, so a scalar rename needs
        the identical type and the identical description."""
        if a.required != b.required:
            return False
        shape = _shape(self.old, a.type, frozenset())
        if shape != _shape(self.new, b.type, frozenset()):
            return False
        return _has_object(a.type) or (a.type == b.type and a.description == b.description)


def _has_object(expr: TypeExpr) -> bool:
    if isinstance(expr, ArrayType):
        return _has_object(expr.items)
    if isinstance(expr, MapType):
        return _has_object(expr.values)
    return isinstance(expr, RefType)


def _shape(schema: Schema, expr: TypeExpr, seen: frozenset[str]) -> Any:
    """A structural signature: field names, kinds and required flags; enum values and
    constraints left out (they are compared after the rename is found)."""
    if isinstance(expr, RefType):
        if expr.name in seen:
            return ("cycle",)
        obj = schema.object(expr.name)
        inner = seen | {expr.name}
        return ("object", tuple(sorted((f.wire_name, f.required, _shape(schema, f.type, inner))
                                       for f in obj.fields)))
    if isinstance(expr, ArrayType):
        return ("array", _shape(schema, expr.items, seen))
    if isinstance(expr, MapType):
        return ("map", _shape(schema, expr.values, seen))
    if isinstance(expr, ConstType):
        return ("const", expr.value)
    return (expr.kind,)


def diff_schemas(old: Schema, new: Schema, *, detect_renames: bool = True) -> SchemaDiff:
    """Every change from `old` to `new`, grouped over the events it affects, most severe first."""
    raws = _Walker(old, new, detect_renames).run()
    groups: dict[tuple[Any, ...], list[_Raw]] = {}
    for raw in raws:
        key = (raw.level, raw.kind, raw.direction, raw.path, raw.message,
               json.dumps(raw.old), json.dumps(raw.new))
        groups.setdefault(key, []).append(raw)
    changes = [
        Change(
            level=group[0].level,
            kind=group[0].kind,
            direction=group[0].direction,
            path=group[0].path,
            events=tuple(r.event for r in group),
            message=group[0].message,
            old=group[0].old,
            new=group[0].new,
        )
        for group in groups.values()
    ]
    changes.sort(key=lambda c: (LEVELS.index(c.level), c.direction != "output", c.path, c.kind, c.message))
    return SchemaDiff(old, new, tuple(changes))


# --- CLI -----------------------------------------------------------------------------------------


def resolve_schema_path(spec: str, root: Path | None) -> Path | Traversable:
    """`2` or `v2` -> schemaVersion 2's schema (packaged, or `<root>/schema/v2.json` given a root);
    anything else is a path to a schema file."""
    digits = spec[1:] if spec[:1] in ("v", "V") else spec
    if not digits.isdigit():
        return Path(spec)
    if root is not None:
        return root / "schema" / f"v{int(digits)}.json"
    try:
        return resources.schema_file(int(digits))
    except LookupError as exc:  # a version this zero-sdk has no schema for: a usage error (exit 2)
        raise click.UsageError(str(exc)) from None


def _load(spec: str, root: Path | None) -> Schema:
    found = resolve_schema_path(spec, root)
    if not found.is_file():
        hint = " (a schema version resolves to schema/vN.json)" if spec.lstrip("vV").isdigit() else ""
        raise click.UsageError(f"{found}: no such schema file{hint}")
    try:
        with as_file(found) as path:
            return load_schema(path)
    except SchemaModelError as exc:
        raise click.ClickException(f"invalid schema: {exc}") from None


@click.group("schema")
def schema_group() -> None:
    """Inspect protocol schemas (schema/vN.json)."""


@schema_group.command("diff")
@click.argument("old")
@click.argument("new")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option(
    "--fail-on",
    type=click.Choice(LEVELS),
    default=None,
    help="Exit 1 if a change at this level or a more severe one exists "
    "(order: wire-breaking > breaks-input-writers > breaks-closed-clients > additive).",
)
@click.option("--no-renames", is_flag=True, help="Report renames as a removal plus an addition.")
@click.option(
    "--root",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Read version numbers from ROOT/schema/vN.json (default: the schemas this zero-sdk ships).",
)
def diff_command(old: str, new: str, fmt: str, fail_on: Level | None, no_renames: bool,
                 root: Path | None) -> None:
    """Report every change from schema OLD to schema NEW (a version like `2`, or a file path)."""
    result = diff_schemas(_load(old, root), _load(new, root), detect_renames=not no_renames)
    if fmt == "json":
        click.echo(json.dumps(result.to_json(), indent=2))
    else:
        click.echo(result.to_text())
    if fail_on is not None:
        failing = result.at_or_above(fail_on)
        if failing:
            click.echo(f"{len(failing)} change(s) at or above `{fail_on}`", err=True)
            raise SystemExit(1)
