"""The Go emitter: one package per schema version, from templates/go/.

Per schema version N it writes `clients/go/protocol/vN/vN.go` (package vN): a struct per event
and nested object (pointers, nil slices/maps or nil RawMessage for absent optional fields), a
string type per enum, the `Event` interface, `Decode` (output) and `DecodeInput`, and
`MarshalJSON` methods that write back only present fields plus kept unknown fields. The
hand-written runtime is the package `protocol` (clients/go/protocol).
"""

from __future__ import annotations

import json
import re
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
    Field,
    IntegerType,
    MapType,
    NamedObject,
    NumberType,
    Schema,
    StringType,
    TypeExpr,
)

__all__ = ["GO_MODULE", "GoEmitter", "ecma_to_re2"]

GO_MODULE = "github.com/zero-sdk/zero-sdk/clients/go"
_INITIALISMS = {"Id": "ID", "Api": "API", "Url": "URL", "Uri": "URI", "Json": "JSON", "Http": "HTTP"}
# ECMA-262 \s (JSON Schema patterns are ECMA-262); RE2's \s is ASCII-only.
_ECMA_SPACE = r"\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}"


def ecma_to_re2(pattern: str) -> str:
    """Translate the ECMA-262 classes RE2 reads differently (`\\s`, `\\S`) outside brackets."""
    out: list[str] = []
    i = 0
    in_class = False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\" and i + 1 < len(pattern):
            pair = pattern[i : i + 2]
            if pair == r"\S" and not in_class:
                out.append(f"[^{_ECMA_SPACE}]")
            elif pair == r"\s" and not in_class:
                out.append(f"[{_ECMA_SPACE}]")
            elif pair in (r"\s", r"\S"):
                raise ValueError(f"pattern {pattern!r}: \\s/\\S inside [...] is not supported")
            else:
                out.append(pair)
            i += 2
            continue
        if ch == "[":
            in_class = True
        elif ch == "]":
            in_class = False
        out.append(ch)
        i += 1
    return "".join(out)


def go_name(wire: str) -> str:
    """`runId` -> `RunID`, `apiModel` -> `APIModel`, `spec-draft` -> `SpecDraft`."""
    words = re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", pascal(wire))
    return "".join(_INITIALISMS.get(w, w) for w in words)


def _go_string(value: str) -> str:
    return json.dumps(value)


def _doc(text: str, prefix: str, indent: str = "") -> list[str]:
    lines = f"{prefix} {text}".strip().splitlines()
    return [f"{indent}// {line}".rstrip() for line in lines]


@dataclass
class _Package:
    enums: list[dict[str, object]] = field(default_factory=list)
    enum_names: dict[tuple[str, tuple[str, ...]], str] = field(default_factory=dict)
    patterns: list[tuple[str, str]] = field(default_factory=list)
    readers: list[dict[str, str]] = field(default_factory=list)
    reader_names: dict[str, str] = field(default_factory=dict)

    def reader(self, go_type: str, body: str) -> str:
        """A decoder method `d.rN(raw) (go_type, error)` returning `body` (shared when equal)."""
        key = f"{go_type}|{body}"
        if key not in self.reader_names:
            name = f"r{len(self.reader_names)}"
            self.reader_names[key] = name
            self.readers.append({"name": name, "type": go_type, "body": body})
        return f"d.{self.reader_names[key]}"

    def pattern(self, pattern: str) -> str:
        for name, existing in self.patterns:
            if existing == pattern:
                return name
        name = f"pattern{len(self.patterns)}"
        self.patterns.append((name, pattern))
        return name


class GoEmitter(Emitter):
    name = "go"

    def emit(self, schema: Schema, schema_relpath: str) -> list[GeneratedFile]:
        header = generated_header_lines(schema_relpath, self.name, schema.version)
        text = render("go", "package.go.j2", _context(schema, header))
        return [GeneratedFile(f"clients/go/protocol/v{schema.version}/v{schema.version}.go", text)]


def _context(schema: Schema, header: list[str]) -> dict[str, object]:
    package = _Package()
    definitions: list[NamedObject] = [*schema.objects, *schema.events]
    structs = [_struct(package, d) for d in definitions]
    envelope = []
    for wire, type_expr in envelope_fields(schema):
        _, reader = _type(package, type_expr, "Envelope", wire)
        envelope.append({"key": _go_string(wire), "reader": reader})
    run_id = 'protocol.Lookup(members, "runId")'
    return {
        "header": [f"// {line}" for line in header],
        "package": f"v{schema.version}",
        "module": GO_MODULE,
        "version": schema.version,
        "title": schema.title,
        "enums": package.enums,
        "patterns": [(name, f"`{ecma_to_re2(p)}`") for name, p in package.patterns],
        "structs": structs,
        "readers": [{**r, "body": _indent(r["body"])} for r in package.readers],
        "envelope": envelope,
        "run_id": run_id,
        "output_events": [(_go_string(e.type_const), e.name, _lower(e.name)) for e in schema.output_events],
        "input_events": [(_go_string(e.type_const), e.name, _lower(e.name)) for e in schema.input_events],
        "input_types": ", ".join(e.type_const for e in schema.input_events),
    }


def _lower(name: str) -> str:
    return "decode" + name


def _enum(package: _Package, expr: EnumType, owner: str, wire: str) -> str:
    key = (wire, expr.values)
    if key in package.enum_names:
        return package.enum_names[key]
    name = f"{owner}{go_name(wire)}"
    package.enum_names[key] = name
    package.enums.append(
        {
            "name": name,
            "doc": f"// {name} is the set of values of `{owner}.{wire}`.",
            "consts": _aligned([(f"{name}{go_name(v)}", _go_string(v)) for v in expr.values]),
            "cases": ", ".join(_go_string(v) for v in expr.values),
            "list": ", ".join(expr.values),
        }
    )
    return name


def _aligned(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Pad the names of a const block the way gofmt aligns them."""
    width = max((len(name) for name, _ in pairs), default=0)
    return [(name.ljust(width), value) for name, value in pairs]


def _type(package: _Package, expr: TypeExpr, owner: str, wire: str) -> tuple[str, str]:
    """(Go type, reader expression `func([]byte) (T, error)`) of a value of `expr`."""
    if isinstance(expr, StringType):
        if expr.pattern is None and expr.max_length is None:
            return "string", "protocol.String"
        pattern = package.pattern(expr.pattern) if expr.pattern is not None else "nil"
        max_length = expr.max_length if expr.max_length is not None else -1
        body = (
            "s, err := protocol.String(raw)\n"
            'if err != nil {\n\treturn "", err\n}\n'
            f"return s, protocol.CheckString(s, {max_length}, {pattern})"
        )
        return "string", package.reader("string", body)
    if isinstance(expr, IntegerType):
        if expr.minimum is None:
            return "int64", "protocol.Int"
        body = (
            "n, err := protocol.Int(raw)\n"
            "if err != nil {\n\treturn 0, err\n}\n"
            f"return n, protocol.CheckMinimum(n, {expr.minimum})"
        )
        return "int64", package.reader("int64", body)
    if isinstance(expr, NumberType):
        return "float64", "protocol.Float"
    if isinstance(expr, BooleanType):
        return "bool", "protocol.Bool"
    if isinstance(expr, AnyJSONType):
        return "json.RawMessage", "protocol.JSON"
    if isinstance(expr, ArrayType):
        item_type, item = _type(package, expr.items, owner, wire)
        min_items = expr.min_items if expr.min_items is not None else -1
        return f"[]{item_type}", package.reader(
            f"[]{item_type}", f"return protocol.Array(raw, {item}, {min_items})"
        )
    if isinstance(expr, MapType):
        value_type, item = _type(package, expr.values, owner, wire)
        return f"map[string]{value_type}", package.reader(
            f"map[string]{value_type}", f"return protocol.Map(raw, {item})"
        )
    if isinstance(expr, EnumType):
        name = _enum(package, expr, owner, wire)
        return name, f"decode{name}"
    if isinstance(expr, ConstType):
        raise ValueError("const fields are checked, not stored")
    return expr.name, package.reader(
        expr.name,
        "members, err := protocol.Object(raw)\n"
        f"if err != nil {{\n\treturn {expr.name}{{}}, err\n}}\n"
        f"v, err := d.decode{expr.name}(members)\n"
        f"if err != nil {{\n\treturn {expr.name}{{}}, err\n}}\n"
        "return *v, nil",
    )


def _const_check(f: Field) -> str:
    assert isinstance(f.type, ConstType)
    value = f.type.value
    if isinstance(value, bool):
        return f"protocol.ConstBool(raw[{{i}}], {'true' if value else 'false'})"
    if isinstance(value, int):
        return f"protocol.ConstInt(raw[{{i}}], {value})"
    return f"protocol.ConstString(raw[{{i}}], {_go_string(value)})"


def _go_literal(value: str | int | bool) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return _go_string(value)


def _struct(package: _Package, definition: NamedObject) -> dict[str, object]:
    name = definition.name
    is_event = isinstance(definition, Event)
    if isinstance(definition, Event):
        doc = _doc(
            f"{definition.title}: {definition.description}\n\nWire type `{definition.type_const}` "
            f"({definition.direction}).",
            f"{name} is the",
        )
    else:
        doc = _doc(definition.description, f"{name}:")
    members: list[dict[str, object]] = []
    cases: list[str] = []
    steps: list[str] = []
    marshal: list[str] = []
    fields_by_wire: dict[str, tuple[str, bool]] = {}
    for index, f in enumerate(definition.fields):
        key = _go_string(f.wire_name)
        cases.append(f"case {key}:\n\traw[{index}] = m.Value")
        missing = f"if raw[{index}] == nil {{\n\treturn nil, protocol.Missing({key})\n}}"
        if isinstance(f.type, ConstType):
            if not f.required:
                raise ValueError(f"{name}.{f.wire_name}: optional consts are not supported by the Go emitter")
            steps.append(missing)
            check = _const_check(f).format(i=index)
            steps.append(f"if err := {check}; err != nil {{\n\treturn nil, protocol.Prefix(err, {key})\n}}")
            marshal.append(f"m[{key}] = {_go_literal(f.type.value)}")
            continue
        go_type, reader = _type(package, f.type, name, f.wire_name)
        field_name = go_name(f.wire_name)
        # Absent optional fields: nil pointer, or nil slice/map/RawMessage.
        nil_able = go_type.startswith(("[]", "map[", "json.RawMessage"))
        pointer = not f.required and not nil_able
        tag = _go_string(f.wire_name + ",omitempty")
        members.append(
            {
                "doc": _doc(f.description, f"{field_name}:", "\t"),
                "decl": f"\t{field_name} {'*' if pointer else ''}{go_type} `json:{tag}`",
            }
        )
        fields_by_wire[f.wire_name] = (field_name, pointer or (nil_able and not f.required))
        read = (
            f"v, err := {reader}(raw[{index}])\n"
            f"if err != nil {{\n\treturn nil, protocol.Prefix(err, {key})\n}}\n"
            f"out.{field_name} = {'&v' if pointer else 'v'}"
        )
        if f.required:
            steps.append(missing)
            steps.append("{\n" + _indent(read) + "\n}")
            marshal.append(f"m[{key}] = e.{field_name}")
        else:
            steps.append(f"if raw[{index}] != nil {{\n" + _indent(read) + "\n}")
            value = f"*e.{field_name}" if pointer else f"e.{field_name}"
            marshal.append(f"if e.{field_name} != nil {{\n\tm[{key}] = {value}\n}}")
    any_of = ""
    if definition.any_of:
        alternatives = []
        for alt in definition.any_of:
            terms = []
            for wire in alt.required:
                field_name, optional = fields_by_wire[wire]
                if optional:
                    terms.append(f"out.{field_name} != nil")
            for r in alt.refinements:
                field_name, optional = fields_by_wire[r.wire_name]
                ref = f"*out.{field_name}" if optional and r.pattern else f"out.{field_name}"
                if r.pattern is not None:
                    terms.append(f"{package.pattern(r.pattern)}.MatchString({ref})")
                if r.min_items is not None:
                    terms.append(f"len({ref}) >= {r.min_items}")
            alternatives.append("(" + " && ".join(terms or ["true"]) + ")")
        first = definition.any_of[0].required[0] if definition.any_of[0].required else ""
        wanted = " or ".join("+".join(a.required) for a in definition.any_of)
        any_of = (
            f"if !({' || '.join(alternatives)}) {{\n"
            f"\treturn nil, protocol.Errorf(protocol.Constraint, {_go_string(first)}, "
            f"{_go_string('needs a non-empty ' + wanted)})\n}}"
        )
        steps.append(any_of)
    return {
        "name": name,
        "doc": doc,
        "is_event": is_event,
        "direction": definition.direction if isinstance(definition, Event) else "",
        "type_const": _go_string(definition.type_const) if isinstance(definition, Event) else "",
        "members": members,
        "count": len(definition.fields),
        "cases": [_indent(c, 2) for c in cases],
        "steps": [_indent(s) for s in steps],
        "marshal": [_indent(s) for s in marshal],
    }


def _indent(text: str, depth: int = 1) -> str:
    return "\n".join(("\t" * depth + line) if line else line for line in text.splitlines())
