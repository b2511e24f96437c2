"""The TypeScript emitter: per-version modules, a version registry, and the runtime they share.

Per schema version N it writes `generated/vN.ts` (templates/typescript/module.ts.j2): one named
type per enum (shared by every field with the same name and values), an interface per event and
nested object (TSDoc from the schema descriptions), the `OutputEvent`/`InputEvent` unions, and
straight-line validators (`scanTextEvent`, a one-pass fast path that only answers valid or not,
and `checkTextEvent`, the ordered checks that name the fault: typeof checks inline, no generic
interpreter, so parsing with validation stays close to `JSON.parse`). Once for all versions it writes
`generated/registry.ts` (registry.ts.j2): supported and latest version, per-version bindings,
the latest version's types re-exported as the version-neutral types, the upgrade tables and the
exit-code tables of the schema annotations. It also copies the hand-written runtime
(templates/typescript/runtime/*.ts), so an `--out` directory compiles on its own.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from zero_sdk.emitters import EmitTarget, Emitter, GeneratedFile, generated_header_lines
from zero_sdk.emitters._templates import envelope_fields, pascal, render, template_text
from zero_sdk.model import (
    AnyJSONType,
    ArrayType,
    BooleanType,
    ConstType,
    EnumType,
    Event,
    Field,
    IntegerType,
    MapType,
    NamedObject,
    NumberType,
    RefType,
    Schema,
    SchemaModelError,
    StringType,
    TypeExpr,
)

__all__ = ["PACKAGE_SRC", "RUNTIME_FILES", "TypeScriptEmitter", "objects_context"]

# Where this repository's package keeps its sources; `--out DIR` replaces it.
PACKAGE_SRC = "clients/typescript/src"
# The hand-written runtime, copied verbatim (under a header) next to the generated modules.
RUNTIME_FILES = ("runtime.ts", "protocol.ts", "index.ts")
# The wire type an `UnknownEvent` carries in `type`; no schema event may use it.
UNKNOWN_TYPE = "unknown"
# Keys a plain `obj.key` read would find on Object.prototype when the wire object lacks them.
_PROTOTYPE_KEYS = frozenset(
    {
        "constructor",
        "hasOwnProperty",
        "isPrototypeOf",
        "propertyIsEnumerable",
        "toLocaleString",
        "toString",
        "valueOf",
        "__proto__",
        "__defineGetter__",
        "__defineSetter__",
        "__lookupGetter__",
        "__lookupSetter__",
    }
)
_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def _doc(text: str, indent: str = "") -> list[str]:
    """A TSDoc block for `text` (never closes early on a `*/` in the text)."""
    lines = text.replace("*/", "*\\/").splitlines() or [""]
    if len(lines) == 1:
        return [f"{indent}/** {lines[0]} */"]
    return [f"{indent}/**", *[f"{indent} * {line}".rstrip() for line in lines], f"{indent} */"]


def _js(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _words(name: str) -> list[str]:
    """`PermissionRequestEvent` -> ["Permission", "Request", "Event"]."""
    return re.findall(r"[A-Z][a-z0-9]*|[a-z0-9]+", name)


def _constant(name: str) -> str:
    """`PermissionMode` -> `PERMISSION_MODE`."""
    return "_".join(w.upper() for w in _words(name))


def _stem(owner: str) -> str:
    """The name an owner lends its enums: `ErrorEvent` -> `Error`, `PromptInput` -> `Prompt`."""
    for suffix in ("Event", "Input"):
        if owner.endswith(suffix) and owner != suffix:
            return owner[: -len(suffix)]
    return owner


def _enum_items(expr: TypeExpr) -> EnumType | None:
    if isinstance(expr, EnumType):
        return expr
    if isinstance(expr, ArrayType):
        return _enum_items(expr.items)
    if isinstance(expr, MapType):
        return _enum_items(expr.values)
    return None


@dataclass
class _Enum:
    name: str
    values: tuple[str, ...]
    uses: list[str] = field(default_factory=list)

    @property
    def const(self) -> str:
        return f"{_constant(self.name)}_VALUES"

    @property
    def guard(self) -> str:
        return f"is{self.name}"


def _name_enums(schema: Schema) -> dict[tuple[str, str], _Enum]:
    """One named type per enum: every field with the same wire name and values shares it.

    The name is the owners' common stem plus the field (`ErrorEvent.code` -> `ErrorCode`; the
    `permissionMode` of the three permission events -> `PermissionMode`), with the owner's own
    name as the fallback when two different enums would get the same name.
    """
    groups: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for owner in (*schema.objects, *schema.events):
        for f in owner.fields:
            enum = _enum_items(f.type)
            if enum is not None:
                groups.setdefault((f.wire_name, enum.values), []).append(owner.name)
    taken = {o.name for o in (*schema.objects, *schema.events)} | {"OutputEvent", "InputEvent"}

    def preferred(wire: str, owners: list[str]) -> str:
        stems = [_words(_stem(o)) for o in owners]
        common: list[str] = []
        for parts in zip(*stems, strict=False):
            if all(p == parts[0] for p in parts):
                common.append(parts[0])
            else:
                break
        prefix = "".join(common)
        base = pascal(wire)
        return base if base.startswith(prefix) else prefix + base

    names: dict[tuple[str, tuple[str, ...]], str] = {
        key: preferred(key[0], owners) for key, owners in groups.items()
    }
    counts: dict[str, int] = {}
    for name in names.values():
        counts[name] = counts.get(name, 0) + 1
    by_field: dict[tuple[str, str], _Enum] = {}
    for key, owners in groups.items():
        wire, values = key
        name = names[key]
        if counts[name] > 1 or name in taken:
            # Two different enums want one name: each owner gets its own (still one per shape).
            for owner_name in owners:
                own = _Enum(f"{_stem(owner_name)}{pascal(wire)}", values, [f"{owner_name}.{wire}"])
                by_field[(owner_name, wire)] = own
            continue
        shared = _Enum(name, values, [f"{o}.{wire}" for o in owners])
        for owner_name in owners:
            by_field[(owner_name, wire)] = shared
    return by_field


@dataclass
class _Module:
    """Everything the template prints for one version, computed here."""

    schema: Schema
    enums: dict[tuple[str, str], _Enum]
    patterns: dict[str, str] = field(default_factory=dict)  # regex source -> constant name
    pattern_decls: list[tuple[str, str]] = field(default_factory=list)
    counter: int = 0

    def pattern(self, source: str, owner: str, wire: str) -> str:
        if source not in self.patterns:
            name = f"{_constant(pascal(wire))}_PATTERN"
            if name in {n for n, _ in self.pattern_decls}:
                name = f"{_constant(_stem(owner))}_{name}"
            self.patterns[source] = name
            # JSON Schema patterns are ECMA-262; the `u` flag gives them their Unicode meaning.
            self.pattern_decls.append((name, f'new rt.Pattern(new RegExp({_js(source)}, "u"))'))
        return self.patterns[source]

    def local(self, stem: str) -> str:
        self.counter += 1
        return f"{stem}{self.counter}"


class TypeScriptEmitter(Emitter):
    name = "typescript"

    def __init__(self, target: EmitTarget | None = None) -> None:
        super().__init__(target)
        self.emitted: list[int] = []

    def path(self, name: str) -> str:
        return name if self.target.out is not None else f"{PACKAGE_SRC}/{name}"

    def emit(self, schema: Schema, schema_relpath: str) -> list[GeneratedFile]:
        self.emitted.append(schema.version)
        header = generated_header_lines(schema_relpath, self.name, schema.version)
        text = render("typescript", "module.ts.j2", _context(schema, header))
        return [GeneratedFile(self.path(f"generated/v{schema.version}.ts"), text)]

    def emit_registry(self, schemas: Sequence[Schema]) -> list[GeneratedFile]:
        # In a user's folder the registry covers exactly the versions generated there; this
        # repository's package always holds every version.
        selected = list(schemas)
        if self.target.out is not None and self.emitted:
            selected = [s for s in schemas if s.version in self.emitted]
        if not selected:
            return []
        registry = render("typescript", "registry.ts.j2", _registry(selected, schemas))
        files = [GeneratedFile(self.path("generated/registry.ts"), registry)]
        for name in RUNTIME_FILES:
            header = [
                "// GENERATED FILE - DO NOT EDIT.",
                f"// Copied from templates/typescript/runtime/{name}",
                "// by `zero-sdk generate --lang typescript`.",
                "// Edit that file and rerun the command instead of editing this one.",
                "",
            ]
            text = "\n".join(header) + template_text("typescript", f"runtime/{name}")
            files.append(GeneratedFile(self.path(name), text))
        return files


# --- One version --------------------------------------------------------------------------------


def _refs(expr: TypeExpr) -> list[str]:
    """The named objects a type refers to directly."""
    if isinstance(expr, RefType):
        return [expr.name]
    if isinstance(expr, ArrayType):
        return _refs(expr.items)
    if isinstance(expr, MapType):
        return _refs(expr.values)
    return []


def _scanned(schema: Schema) -> set[str]:
    """The output events and every object they contain: the objects `scanOutput` reaches."""
    objects = {o.name: o for o in schema.objects}
    found: set[str] = set()
    pending: list[NamedObject] = list(schema.output_events)
    while pending:
        owner = pending.pop()
        if owner.name in found:
            continue
        found.add(owner.name)
        pending += [objects[name] for f in owner.fields for name in _refs(f.type)]
    return found


def _by_length(events: Sequence[Event]) -> list[tuple[int, list[tuple[str, str]]]]:
    """The events grouped by the length of their `type`, for `scanOutput`'s dispatch."""
    groups: dict[int, list[tuple[str, str]]] = {}
    for e in events:
        groups.setdefault(len(e.type_const), []).append((_js(e.type_const), e.name))
    return sorted(groups.items())


def _context(schema: Schema, header: list[str]) -> dict[str, object]:
    for event in schema.events:
        if event.type_const == UNKNOWN_TYPE:
            raise SchemaModelError(
                schema.path,
                f"{event.pointer}/properties/type/const",
                f"the TypeScript bindings reserve the type `{UNKNOWN_TYPE}` for UnknownEvent",
            )
    module, objects_part = objects_context(schema)
    envelope: list[str] = []
    for wire, type_expr in envelope_fields(schema):
        envelope += _field_lines(module, "Envelope", wire, type_expr, required=True)
    return {
        "header": [f"// {line}" for line in header],
        "module_doc": _doc(
            f"Typed bindings of the Zero stream-json protocol, schemaVersion {schema.version}: "
            f"{schema.title}.\n\n{schema.description}"
        ),
        "version": schema.version,
        **objects_part,
        "envelope": envelope,
        "output_doc": _doc(schema.output_union_description or "One line of stream-json output."),
        "input_doc": _doc(schema.input_union_description or "One line of stream-json input."),
        "output_events": [e.name for e in schema.output_events],
        "input_events": [e.name for e in schema.input_events],
        "output_dispatch": [(_js(e.type_const), e.name) for e in schema.output_events],
        "output_by_length": _by_length(schema.output_events),
        "input_dispatch": [(_js(e.type_const), e.name) for e in schema.input_events],
        "output_types": _js([e.type_const for e in schema.output_events]),
        "input_types": _js([e.type_const for e in schema.input_events]),
    }


def objects_context(schema: Schema) -> tuple[_Module, dict[str, object]]:
    """What `_enums.ts.j2`, `_interfaces.ts.j2` and `_checks.ts.j2` print for the named objects and
    events of `schema`: its enum types, an interface and a `checkX` function per object (`scanX`
    too for what output events contain), and the patterns they test. The module is returned for
    more fields to be checked with the same names (`patterns` grows with them)."""
    module = _Module(schema, _name_enums(schema))
    enums: dict[str, _Enum] = {}
    for enum in module.enums.values():
        enums.setdefault(enum.name, enum)
    definitions: list[NamedObject] = [*schema.objects, *schema.events]
    scanned = _scanned(schema)
    objects = [_object(module, d, scanned=d.name in scanned) for d in definitions]
    return module, {
        "enums": [
            {
                "name": e.name,
                "doc": _doc(f"Values of {', '.join(f'`{u}`' for u in e.uses)}."),
                "union": " | ".join(_js(v) for v in e.values),
                "const": e.const,
                "guard": e.guard,
                "value_list": ", ".join(_js(v) for v in e.values),
                "test": " || ".join(f"value === {_js(v)}" for v in e.values),
            }
            for e in enums.values()
        ],
        "objects": objects,
        "patterns": module.pattern_decls,
    }


def _ts_type(module: _Module, expr: TypeExpr, owner: str, wire: str) -> str:
    if isinstance(expr, StringType):
        return "string"
    if isinstance(expr, (IntegerType, NumberType)):
        return "number"
    if isinstance(expr, BooleanType):
        return "boolean"
    if isinstance(expr, AnyJSONType):
        return "JsonValue"
    if isinstance(expr, ArrayType):
        inner = _ts_type(module, expr.items, owner, wire)
        return f"({inner})[]" if " " in inner else f"{inner}[]"
    if isinstance(expr, MapType):
        return f"{{ [key: string]: {_ts_type(module, expr.values, owner, wire)} }}"
    if isinstance(expr, EnumType):
        return module.enums[(owner, wire)].name
    if isinstance(expr, ConstType):
        return _js(expr.value)
    return expr.name


def _read(wire: str) -> str:
    """How generated code reads a wire key of `obj` (undefined when absent)."""
    if wire in _PROTOTYPE_KEYS:
        return f"(Object.hasOwn(obj, {_js(wire)}) ? obj[{_js(wire)}] : undefined)"
    return f"obj.{wire}" if _IDENTIFIER.match(wire) else f"obj[{_js(wire)}]"


def _check(
    module: _Module,
    expr: TypeExpr,
    value: str,
    where: str,
    owner: str,
    wire: str,
    indent: str,
    *,
    scan: bool = False,
) -> list[str]:
    """Statements that check `value` against `expr`; `where` is the TS expression of its field path
    (evaluated only when the check fails). The ordered checks throw the error; with `scan` a failed
    check returns false instead (see `_scan_lines`) and nested objects are scanned, not checked."""
    i = indent

    def fail(error: str) -> str:
        return "return false;" if scan else f"throw {error};"

    def wrong(expected: str) -> str:
        return fail(f'rt.wrongType("{expected}", {value}, {where})')

    if isinstance(expr, StringType):
        lines = [f'{i}if (typeof {value} !== "string") ' + wrong("a string")]
        if expr.max_length is not None:
            n = expr.max_length
            lines.append(
                f"{i}if ({value}.length > {n} && rt.codePoints({value}) > {n}) "
                + fail(f'rt.constraint("longer than {n} characters", {where})')
            )
        if expr.pattern is not None:
            name = module.pattern(expr.pattern, owner, wire)
            lines.append(
                f"{i}if (!{name}.test({value})) "
                + fail(f"rt.constraint(`does not match the pattern ${{{name}.regex.source}}`, {where})")
            )
        return lines
    if isinstance(expr, IntegerType):
        # Schemas bound every integer to -(2^53 - 1)..2^53 - 1, where a `number` is exact.
        lines = [
            f'{i}if (typeof {value} !== "number" || !Number.isInteger({value})) '
            + fail(f"rt.badInteger({value}, {where})")
        ]
        if expr.minimum is not None:
            lines.append(
                f"{i}if ({value} < {expr.minimum}) "
                + fail(f'rt.constraint("less than the minimum {expr.minimum}", {where})')
            )
        if expr.maximum is not None:
            lines.append(
                f"{i}if ({value} > {expr.maximum}) "
                + fail(f'rt.constraint("greater than the maximum {expr.maximum}", {where})')
            )
        return lines
    if isinstance(expr, NumberType):
        # JSON.parse reads a number beyond the float64 range as Infinity, which is not one.
        return [f'{i}if (typeof {value} !== "number" || !Number.isFinite({value})) ' + wrong("a number")]
    if isinstance(expr, BooleanType):
        return [f'{i}if (typeof {value} !== "boolean") ' + wrong("a boolean")]
    if isinstance(expr, AnyJSONType):
        return [f"{i}rt.noteFreeJson({value});"]
    if isinstance(expr, EnumType):
        enum = module.enums[(owner, wire)]
        return [f"{i}if (!{enum.guard}({value})) " + fail(f"rt.badEnum({value}, {enum.const}, {where})")]
    if isinstance(expr, ConstType):
        return [f"{i}if ({value} !== {_js(expr.value)}) " + fail(f"rt.badConst({_js(expr.value)}, {where})")]
    if isinstance(expr, RefType):
        if scan:
            return [f"{i}if (!rt.isObject({value}) || !scan{expr.name}({value})) return false;"]
        return [
            f'{i}if (!rt.isObject({value})) throw rt.wrongType("an object", {value}, {where});',
            f"{i}check{expr.name}({value}, {where}, strict);",
        ]
    if isinstance(expr, ArrayType):
        index = module.local("i")
        item = module.local("item")
        lines = [f"{i}if (!Array.isArray({value})) " + wrong("an array")]
        if expr.min_items is not None:
            lines.append(
                f"{i}if ({value}.length < {expr.min_items}) "
                + fail(f'rt.constraint("needs at least {expr.min_items} item(s)", {where})')
            )
        item_where = f"`${{{where}}}[${{{index}}}]`"
        inner = _check(module, expr.items, item, item_where, owner, wire, i + "  ", scan=scan)
        if inner:
            lines.append(f"{i}for (let {index} = 0; {index} < {value}.length; {index}++) {{")
            lines.append(f"{i}  const {item}: unknown = {value}[{index}];")
            lines += inner
            lines.append(f"{i}}}")
        return lines
    if isinstance(expr, MapType):
        key = module.local("key")
        lines = [f"{i}if (!rt.isObject({value})) " + wrong("an object")]
        value_where = f"rt.join({where}, {key})"
        inner = _check(module, expr.values, f"{value}[{key}]", value_where, owner, wire, i + "  ", scan=scan)
        if inner:
            lines.append(f"{i}for (const {key} in {value}) {{")
            lines += inner
            lines.append(f"{i}}}")
        return lines
    raise AssertionError(f"unhandled type {expr!r}")


def _field_lines(module: _Module, owner: str, wire: str, expr: TypeExpr, *, required: bool) -> list[str]:
    value = module.local("v")
    where = f"rt.join(path, {_js(wire)})" if owner != "Envelope" else _js(wire)
    lines = [f"const {value} = {_read(wire)};"]
    if required:
        lines.append(f"if ({value} === undefined) throw rt.missing({where});")
        lines += _check(module, expr, value, where, owner, wire, "")
    else:
        inner = _check(module, expr, value, where, owner, wire, "  ")
        if inner:
            lines.append(f"if ({value} !== undefined) {{")
            lines += inner
            lines.append("}")
    return lines


# An object with more optional fields than this comes in more shapes than V8 keeps in the cache
# of one property read (four), so its scan walks its keys instead of reading each field by name.
_MAX_OPTIONAL_FIELDS_READ_BY_NAME = 4


def _scan_lines(module: _Module, definition: NamedObject) -> list[str]:
    """The body of `scanX` (see module.ts.j2): true when the object is valid with no unknown key,
    false at the first doubt. Most objects read every field by name, check it, and compare their
    key count with the fields found; an object with many optional fields walks its keys once.
    An event's `type` needs no check (`scanOutput` dispatched on it), its `schemaVersion` does."""
    name = definition.name
    event = isinstance(definition, Event)

    def check(f: Field, value: str, indent: str) -> list[str]:
        if event and f.wire_name == "type":
            return []
        lines = _check(module, f.type, value, "", name, f.wire_name, indent, scan=True)
        if f.required and isinstance(f.type, AnyJSONType):  # every other check fails on undefined
            return [f"{indent}if ({value} === undefined) return false;", *lines]
        return lines

    required = [f for f in definition.fields if f.required]
    optional = [f for f in definition.fields if not f.required]
    if len(optional) > _MAX_OPTIONAL_FIELDS_READ_BY_NAME:
        lines = ["let required = 0;"] if required else []
        lines += ["for (const key in obj) {", "  const value = obj[key];", "  switch (key) {"]
        for f in definition.fields:
            lines += [f"    case {_js(f.wire_name)}:", *check(f, "value", "      ")]
            lines += ["      required++;", "      continue;"] if f.required else ["      continue;"]
        lines += ["  }", "  return false; // an unknown key", "}"]
        if definition.any_of:
            lines.append(f"if (!rt.satisfiesAnyOf(obj, {_constant(name)}_ALTERNATIVES)) return false;")
        return [*lines, f"return required === {len(required)};" if required else "return true;"]
    lines = []
    for f in definition.fields:
        if event and f.wire_name == "type":
            continue
        value = module.local("v")
        lines.append(f"const {value} = {_read(f.wire_name)};")
        if f.required:
            lines += check(f, value, "")
        else:
            lines += [f"if ({value} !== undefined) {{", *check(f, value, "  "), "  present++;", "}"]
    if definition.any_of:
        lines.append(f"if (!rt.satisfiesAnyOf(obj, {_constant(name)}_ALTERNATIVES)) return false;")
    if not optional:
        return [*lines, f"return rt.keyCount(obj) === {len(required)};"]
    return [f"let present = {len(required)};", *lines, "return rt.keyCount(obj) === present;"]


def _object(module: _Module, definition: NamedObject, *, scanned: bool) -> dict[str, object]:
    name = definition.name
    description = definition.description
    if isinstance(definition, Event):
        wire = f"Wire type `{definition.type_const}` ({definition.direction})."
        description = f"{definition.title}: {description}\n\n{wire}"
    fields = []
    checks: list[str] = []
    for f in definition.fields:
        optional = "" if f.required else "?"
        fields.append(
            {
                "doc": _doc(f.description, "  "),
                "decl": f"  {f.wire_name}{optional}: {_ts_type(module, f.type, name, f.wire_name)};",
            }
        )
        if isinstance(definition, Event) and f.wire_name in ("type", "schemaVersion"):
            continue  # checked once for the line (`rt.checkHeader`) before dispatching on `type`
        checks += _field_lines(module, name, f.wire_name, f.type, required=f.required)
    any_of = []
    for alt in definition.any_of:
        patterns = ", ".join(
            f'[{_js(r.wire_name)}, new RegExp({_js(r.pattern)}, "u")]'
            for r in alt.refinements
            if r.pattern is not None
        )
        min_items = ", ".join(
            f"[{_js(r.wire_name)}, {r.min_items}]" for r in alt.refinements if r.min_items is not None
        )
        required = ", ".join(_js(r) for r in alt.required)
        any_of.append(f"{{ required: [{required}], patterns: [{patterns}], minItems: [{min_items}] }}")
    return {
        "name": name,
        "doc": _doc(description),
        "event": isinstance(definition, Event),
        "fields": fields,
        "keys": [_js(f.wire_name) for f in definition.fields],
        "checks": checks,
        "scan": _scan_lines(module, definition) if scanned else None,
        "any_of_const": f"{_constant(name)}_ALTERNATIVES" if any_of else "",
        "any_of": any_of,
    }


# --- The registry -------------------------------------------------------------------------------


def _exit_codes(schema: Schema) -> list[dict[str, object]]:
    """The `x-zero-exit-codes` annotations of the latest schema, one table per annotated enum."""
    enums = _name_enums(schema)
    tables: dict[str, dict[str, object]] = {}
    for owner in (*schema.objects, *schema.events):
        for f in owner.fields:
            enum = _enum_items(f.type)
            if enum is None or not enum.exit_codes:
                continue
            codes = enum.exit_codes
            named = enums[(owner.name, f.wire_name)]
            tables[named.name] = {
                "name": f"{_constant(named.name)}_EXIT_CODES",
                "type": named.name,
                "doc": _doc(
                    f"The exit code(s) of `zero exec` for each value of `{owner.name}.{f.wire_name}`"
                    " (from the schema)."
                ),
                "entries": [f"{_js(value)}: [{', '.join(str(c) for c in ints)}]" for value, ints in codes],
            }
    return list(tables.values())


def _retry_policies(schema: Schema) -> list[dict[str, object]]:
    """The `x-zero-retry` annotations of the latest schema, one table per annotated enum."""
    enums = _name_enums(schema)
    tables: dict[str, dict[str, object]] = {}
    for owner in (*schema.objects, *schema.events):
        for f in owner.fields:
            enum = _enum_items(f.type)
            if enum is None or not enum.retry:
                continue
            named = enums[(owner.name, f.wire_name)]
            tables[named.name] = {
                "name": f"{_constant(named.name)}_RETRY_POLICY",
                "type": named.name,
                "doc": _doc(
                    f"The values of `{owner.name}.{f.wire_name}` whose failure is worth retrying, and when:"
                    " `always`, or `after_run_start` (only when the run got as far as `run_start`);"
                    " values not listed are not (from the schema)."
                ),
                "entries": [f"{_js(value)}: {_js(policy)}" for value, policy in enum.retry],
            }
    return list(tables.values())


def _upgrade_tables(selected: Sequence[Schema], every: Sequence[Schema]) -> list[str]:
    """The `x-zero-upgrade` tables from the oldest to the newest selected version (the versions
    in between included, generated or not), as TypeScript object literals."""
    oldest, newest = selected[0].version, selected[-1].version
    tables = []
    for schema in every:
        upgrade = schema.upgrade
        if upgrade is None or not oldest < schema.version <= newest:
            continue
        steps = "".join(f"\n    {_js(step)}," for step in upgrade.as_json())
        head = f"from: {upgrade.from_version},\n  to: {schema.version}"
        tables.append(f"{{\n  {head},\n  steps: [{steps}\n  ],\n}}")
    return tables


def _registry(schemas: Sequence[Schema], every: Sequence[Schema]) -> dict[str, object]:
    latest = schemas[-1]
    versions = [s.version for s in schemas]
    enums: dict[str, _Enum] = {}
    for enum in _name_enums(latest).values():
        enums.setdefault(enum.name, enum)
    type_names = [
        *enums,
        *(o.name for o in latest.objects),
        *(e.name for e in latest.events),
        "OutputEvent",
        "InputEvent",
        "OutputEventType",
        "InputEventType",
    ]
    value_names = [e.const for e in enums.values()] + ["OUTPUT_EVENT_TYPES", "INPUT_EVENT_TYPES"]
    return {
        "header": [
            "// GENERATED FILE - DO NOT EDIT.",
            "// Generated from "
            + ", ".join(f"schema/v{v}.json" for v in versions)
            + " by `zero-sdk generate --lang typescript`.",
            "// Edit the schemas and rerun that command instead of editing this file.",
        ],
        "versions": versions,
        "latest": latest.version,
        "type_names": type_names,
        "value_names": value_names,
        "upgrades": _upgrade_tables(schemas, every),
        "exit_codes": _exit_codes(latest),
        "retry_policies": _retry_policies(latest),
    }
