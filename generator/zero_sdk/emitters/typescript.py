"""The TypeScript emitter: one ESM module per schema version, from templates/typescript/.

Per schema version N it writes `clients/typescript/src/generated/vN.ts`: an interface per event
and nested object (doc comments from the schema), string-literal unions for enums, the
`OutputEvent`/`InputEvent` discriminated unions, and runtime readers (`parseOutput`,
`validateOutput`, `parseInput`, `validateInput`) built on the hand-written `src/runtime.ts`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from zero_sdk.emitters import Emitter, GeneratedFile, generated_header_lines
from zero_sdk.emitters._templates import envelope_fields, pascal, render
from zero_sdk.model import (
    AnyJSONType,
    ArrayType,
    BooleanType,
    ConstType,
    EnumType,
    Event,
    IntegerType,
    MapType,
    NamedObject,
    NumberType,
    Schema,
    StringType,
    TypeExpr,
)

__all__ = ["GENERATED_DIR", "TypeScriptEmitter"]

GENERATED_DIR = "clients/typescript/src/generated"


def _doc(text: str, indent: str = "") -> list[str]:
    """A JSDoc block for `text` (never closes early on a `*/` in the text)."""
    lines = text.replace("*/", "*\\/").splitlines() or [""]
    if len(lines) == 1:
        return [f"{indent}/** {lines[0]} */"]
    return [f"{indent}/**", *[f"{indent} * {line}".rstrip() for line in lines], f"{indent} */"]


def _js(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _regex(pattern: str) -> str:
    # JSON Schema patterns are ECMA-262; the `u` flag gives them their Unicode meaning.
    return "new RegExp(" + _js(pattern) + ', "u")'


@dataclass
class _Module:
    """Everything the template prints for one version, computed here."""

    enums: list[dict[str, object]] = field(default_factory=list)
    readers: list[tuple[str, str]] = field(default_factory=list)
    reader_names: dict[str, str] = field(default_factory=dict)

    def reader(self, expr: str) -> str:
        """A module-level constant holding the reader `expr` (shared by equal expressions)."""
        if expr not in self.reader_names:
            name = f"R{len(self.reader_names)}"
            self.reader_names[expr] = name
            self.readers.append((name, expr))
        return self.reader_names[expr]


class TypeScriptEmitter(Emitter):
    name = "typescript"

    def emit(self, schema: Schema, schema_relpath: str) -> list[GeneratedFile]:
        header = generated_header_lines(schema_relpath, self.name, schema.version)
        text = render("typescript", "module.ts.j2", _context(schema, header))
        return [GeneratedFile(f"{GENERATED_DIR}/v{schema.version}.ts", text)]


def _context(schema: Schema, header: list[str]) -> dict[str, object]:
    module = _Module()
    definitions: list[NamedObject] = [*schema.objects, *schema.events]
    objects = [_object(module, d) for d in definitions]
    envelope = [
        (wire, _reader_expr(module, type_expr, "Envelope", wire))
        for wire, type_expr in envelope_fields(schema)
    ]
    return {
        "header": [f"// {line}" for line in header],
        "module_doc": _doc(
            f"Typed bindings of the Zero stream-json protocol, schemaVersion {schema.version}.\n\n"
            f"{schema.title}.\n{schema.description}"
        ),
        "version": schema.version,
        "enums": module.enums,
        "objects": objects,
        "readers": module.readers,
        "envelope": [(_js(wire), reader) for wire, reader in envelope],
        "output_doc": _doc(schema.output_union_description or "One line of stream-json output."),
        "input_doc": _doc(schema.input_union_description or "One line of stream-json input."),
        "output_events": [e.name for e in schema.output_events],
        "input_events": [e.name for e in schema.input_events],
        "output_dispatch": [(_js(e.type_const), f"read{e.name}") for e in schema.output_events],
        "input_dispatch": [(_js(e.type_const), f"read{e.name}") for e in schema.input_events],
        "output_types": _js([e.type_const for e in schema.output_events]),
        "input_types": _js([e.type_const for e in schema.input_events]),
    }


def _enum(module: _Module, expr: EnumType, owner: str, wire: str) -> str:
    name = f"{owner}{pascal(wire)}"
    const = "_".join(_words(name)).upper() + "_VALUES"
    module.enums.append(
        {
            "name": name,
            "doc": _doc(f"Values of `{owner}.{wire}`." if owner != "Envelope" else f"Values of `{wire}`."),
            "union": " | ".join(_js(v) for v in expr.values),
            "const": const,
            "value_list": ", ".join(_js(v) for v in expr.values),
        }
    )
    return name


def _words(name: str) -> list[str]:
    out: list[str] = []
    for ch in name:
        if ch.isupper() or not out:
            out.append(ch)
        else:
            out[-1] += ch
    return out


def _ts_type(module: _Module, expr: TypeExpr, owner: str, wire: str) -> str:
    if isinstance(expr, StringType):
        return "string"
    if isinstance(expr, IntegerType):
        return "Integer"
    if isinstance(expr, NumberType):
        return "number"
    if isinstance(expr, BooleanType):
        return "boolean"
    if isinstance(expr, AnyJSONType):
        return "JsonValue"
    if isinstance(expr, ArrayType):
        inner = _ts_type(module, expr.items, owner, wire + "Item")
        return f"({inner})[]" if " " in inner else f"{inner}[]"
    if isinstance(expr, MapType):
        return f"{{ [key: string]: {_ts_type(module, expr.values, owner, wire + 'Value')} }}"
    if isinstance(expr, EnumType):
        return _enum_name(module, expr, owner, wire)
    if isinstance(expr, ConstType):
        return _js(expr.value)
    return expr.name


def _enum_name(module: _Module, expr: EnumType, owner: str, wire: str) -> str:
    name = f"{owner}{pascal(wire)}"
    if not any(e["name"] == name for e in module.enums):
        _enum(module, expr, owner, wire)
    return name


def _reader_expr(module: _Module, expr: TypeExpr, owner: str, wire: str) -> str:
    """The name of a reader (module constant or function) for `expr`."""
    if isinstance(expr, StringType):
        if expr.pattern is None and expr.max_length is None:
            return "rt.string"
        pattern = _regex(expr.pattern) if expr.pattern is not None else "null"
        max_length = str(expr.max_length) if expr.max_length is not None else "null"
        return module.reader(f"rt.constrainedString({pattern}, {max_length})")
    if isinstance(expr, IntegerType):
        return module.reader(f"rt.integer({expr.minimum if expr.minimum is not None else 'null'})")
    if isinstance(expr, NumberType):
        return "rt.number"
    if isinstance(expr, BooleanType):
        return "rt.boolean"
    if isinstance(expr, AnyJSONType):
        return "rt.json"
    if isinstance(expr, ArrayType):
        item = _reader_expr(module, expr.items, owner, wire + "Item")
        min_items = str(expr.min_items) if expr.min_items is not None else "null"
        return module.reader(f"rt.arrayOf({item}, {min_items})")
    if isinstance(expr, MapType):
        return module.reader(f"rt.mapOf({_reader_expr(module, expr.values, owner, wire + 'Value')})")
    if isinstance(expr, EnumType):
        name = _enum_name(module, expr, owner, wire)
        const = "_".join(_words(name)).upper() + "_VALUES"
        return module.reader(f"rt.enumOf<{name}>({const})")
    if isinstance(expr, ConstType):
        return module.reader(f"rt.constOf({_js(expr.value)} as const)")
    return f"read{expr.name}"


def _object(module: _Module, definition: NamedObject) -> dict[str, object]:
    name = definition.name
    description = definition.description
    if isinstance(definition, Event):
        description = (
            f"{definition.title}: {description}\n\n"
            f"Wire type `{definition.type_const}` ({definition.direction})."
        )
    fields = []
    steps: list[str] = []
    assigns: list[str] = []
    literal: list[str] = []
    for index, f in enumerate(definition.fields):
        ts_type = _ts_type(module, f.type, name, f.wire_name)
        reader = _reader_expr(module, f.type, name, f.wire_name)
        key = _js(f.wire_name)
        local = f"f{index}"
        fields.append(
            {
                "doc": _doc(f.description, "  "),
                "decl": f"  {f.wire_name}{'' if f.required else '?'}: {ts_type};",
            }
        )
        read = f"{reader}(obj[{key}], rt.join(path, {key}), options)"
        if f.required:
            steps.append(f"if (!Object.hasOwn(obj, {key})) throw rt.missing(path, {key});")
            steps.append(f"const {local} = {read};")
            literal.append(f"{f.wire_name}: {local}")
        else:
            steps.append(f"const {local} = Object.hasOwn(obj, {key}) ? {read} : undefined;")
            assigns.append(f"if ({local} !== undefined) out.{f.wire_name} = {local};")
    any_of = []
    for alt in definition.any_of:
        patterns = ", ".join(
            f"[{_js(r.wire_name)}, {_regex(r.pattern)}]" for r in alt.refinements if r.pattern is not None
        )
        min_items = ", ".join(
            f"[{_js(r.wire_name)}, {r.min_items}]" for r in alt.refinements if r.min_items is not None
        )
        required = ", ".join(_js(r) for r in alt.required)
        any_of.append(f"{{ required: [{required}], patterns: [{patterns}], minItems: [{min_items}] }}")
    return {
        "name": name,
        "doc": _doc(description),
        "fields": fields,
        "keys_const": "_".join(_words(name)).upper() + "_KEYS",
        "key_list": ", ".join(_js(f.wire_name) for f in definition.fields),
        "any_of_const": "_".join(_words(name)).upper() + "_ANY_OF" if any_of else "",
        "any_of": any_of,
        "steps": steps,
        "literal": ", ".join(literal),
        "assigns": assigns,
    }
