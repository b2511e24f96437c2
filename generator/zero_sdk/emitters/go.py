"""The Go emitter: per schema version a package of typed bindings, plus a version registry.

Per schema version N it writes `<base>/vN/vN.go` (package vN): a struct per event and nested
object, a string type per enum (one type per distinct enum of a version), the `OutputEvent` and
`InputEvent` unions, `Decode`/`DecodeOutput`/`DecodeInput`, and `MarshalJSON`/`UnmarshalJSON`
on every type, all applying the same rules. Decoders are small per-struct switches over the
generic scanner and readers of the runtime package `wire` (templates/go/wire, copied as is).
Once per run it writes `<base>/registry.go` (package protocol): the version registry (supported
versions, decoders, event types, exit-code tables, upgrade steps) and the latest version's types
re-exported as the version-neutral types. `<base>` is clients/go/protocol in this repository.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from zero_sdk.emitters import EmitTarget, Emitter, GeneratedFile, generated_header_lines
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
    RefType,
    Schema,
    StringType,
    TypeExpr,
)
from zero_sdk.resources import templates_dir

__all__ = ["GO_MODULE", "GoEmitter", "GoLayout", "ecma_to_re2", "objects_context", "wire_files"]

GO_MODULE = "github.com/zero-sdk/zero-sdk/clients/go"
_INITIALISMS = {"Id": "ID", "Api": "API", "Url": "URL", "Uri": "URI", "Json": "JSON", "Http": "HTTP"}
# ECMA-262 \s (JSON Schema patterns are ECMA-262); RE2's \s is ASCII-only.
_ECMA_SPACE = r"\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}"
# How MarshalJSON writes a present optional (pointer) field, by how its value is written.
_POINTER_WRITERS = {
    "String": "(*wire.Writer).String",
    "Int": "(*wire.Writer).Int",
    "Bool": "(*wire.Writer).Bool",
}
_WIRE_FILES = ("errors.go", "scan.go", "pattern.go", "write.go", "registry.go", "upgrade.go")


@dataclass(frozen=True)
class GoLayout:
    """Where the generated set goes: `base` (a folder relative to the output root) is the
    version-neutral package, imported as `import_path`; vN/ and wire/ are below it."""

    base: str = "clients/go/protocol"
    import_path: str = f"{GO_MODULE}/protocol"

    @classmethod
    def for_target(cls, target: EmitTarget) -> GoLayout:
        """The layout of an `EmitTarget` (`out`, `package`): this repository's when `out` is None;
        with `out`, the files go to the top of `out` and `package` is their import path."""
        out, package = target.out, target.package
        if out is None:
            return cls()
        if not package:
            raise ValueError(
                "--lang go --out DIR needs --package IMPORTPATH: the import path DIR has in your module "
                "(e.g. example.com/app/zeroproto)"
            )
        if not re.fullmatch(r"[A-Za-z0-9._~-]+(/[A-Za-z0-9._~-]+)*", package):
            raise ValueError(f"--package {package!r} is not a Go import path")
        return cls(base="", import_path=package)

    def path(self, relative: str) -> str:
        return f"{self.base}/{relative}" if self.base else relative

    @property
    def package(self) -> str:
        name = self.import_path.rstrip("/").rsplit("/", 1)[-1]
        return re.sub(r"[^A-Za-z0-9_]", "", name) or "protocol"


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


def _q(value: str) -> str:
    return json.dumps(value)


def _lower_first(text: str) -> str:
    if len(text) > 1 and text[1].isupper():
        return text  # an acronym
    return text[:1].lower() + text[1:]


_REPORTS = {"Whether", "How", "Why", "What", "When", "Which", "Who"}
_IS = {"The", "A", "An", "Present", "Absent", "Omitted", "Always", "Only", "Declared", "Set"}


def go_doc(name: str, description: str, noun: str = "holds the") -> str:
    """A Go doc sentence from a schema description: `Delta holds the text chunk`,
    `Truncated reports whether ...`, `Risk is a ...` (Go's `X is/reports ...` convention)."""
    text = " ".join(description.split())
    if not text:
        return f"{name} is undocumented."
    first = text.split(" ", 1)[0].rstrip(",;:")
    if first in _REPORTS:
        return f"{name} reports {_lower_first(text)}"
    if first in _IS:
        return f"{name} is {_lower_first(text)}"
    return f"{name} {noun} {_lower_first(text)}"


def _comment(text: str, indent: str = "", width: int = 100) -> list[str]:
    """`text` as `//` lines wrapped at `width` columns."""
    lines: list[str] = []
    for paragraph in text.split("\n\n"):
        if lines:
            lines.append(f"{indent}//")
        current = ""
        for word in paragraph.split():
            if current and len(indent) + 3 + len(current) + 1 + len(word) > width:
                lines.append(f"{indent}// {current}")
                current = word
            else:
                current = f"{current} {word}" if current else word
        lines.append(f"{indent}// {current}")
    return lines


def _indent(text: str, depth: int = 1) -> str:
    return "\n".join(("\t" * depth + line) if line else line for line in text.splitlines())


@dataclass
class _Enum:
    name: str
    values: tuple[str, ...]
    uses: list[tuple[str, str]]  # (owner, wire)


@dataclass
class _Type:
    """How a value of a schema type is held and read in Go."""

    go: str  # Go type
    reader: str  # a wire.Reader[go] expression
    write: str  # how MarshalJSON writes it: String, Int, Bool, Value or JSON
    zero: str  # the zero value a getter returns ("" when the getter returns the pointer)
    enum: bool = False
    nilable: bool = False  # slices, maps, json.RawMessage: nil means absent


@dataclass
class _Package:
    schema: Schema
    enums: dict[tuple[str, tuple[str, ...]], _Enum] = field(default_factory=dict)
    patterns: list[tuple[str, str]] = field(default_factory=list)
    readers: dict[str, tuple[str, str]] = field(default_factory=dict)  # body -> (name, code)
    reader_names: set[str] = field(default_factory=set)

    def pattern(self, pattern: str) -> str:
        for name, existing in self.patterns:
            if existing == pattern:
                return name
        name = f"pattern{len(self.patterns)}"
        self.patterns.append((name, pattern))
        return name

    def reader(self, wanted: str, go_type: str, body: str) -> str:
        """A named reader function `func name(d, raw, out *go_type) error` (shared when equal)."""
        if body in self.readers:
            return self.readers[body][0]
        name = wanted
        n = 2
        while name in self.reader_names:
            name = f"{wanted}{n}"
            n += 1
        self.reader_names.add(name)
        code = f"func {name}(d *wire.Decoder, raw []byte, out *{go_type}) error {{\n{_indent(body)}\n}}"
        self.readers[body] = (name, code)
        return name


def _collect_enums(schema: Schema) -> dict[tuple[str, tuple[str, ...]], _Enum]:
    """One Go type per distinct (wire name, values) enum; shared enums are named after the field
    alone (`PermissionMode`), single-use ones after owner and field (`RiskLevel`)."""
    found: dict[tuple[str, tuple[str, ...]], _Enum] = {}

    def walk(expr: TypeExpr, owner: str, wire: str) -> None:
        if isinstance(expr, EnumType):
            key = (wire, expr.values)
            found.setdefault(key, _Enum("", expr.values, [])).uses.append((owner, wire))
        elif isinstance(expr, ArrayType):
            walk(expr.items, owner, wire)
        elif isinstance(expr, MapType):
            walk(expr.values, owner, wire)

    for definition in (*schema.objects, *schema.events):
        for f in definition.fields:
            walk(f.type, definition.name, f.wire_name)
    taken = {d.name for d in (*schema.objects, *schema.events)}
    for enum in found.values():
        owners = {owner for owner, _ in enum.uses}
        owner, wire = enum.uses[0]
        name = go_name(wire) if len(owners) > 1 else owner.removesuffix("Event") + go_name(wire)
        if name in taken:
            name = owner + go_name(wire)
        taken.add(name)
        enum.name = name
    return found


def _type(package: _Package, expr: TypeExpr, owner: str, wire: str) -> _Type:
    if isinstance(expr, StringType):
        if expr.pattern is None and expr.max_length is None:
            return _Type("string", "wire.ReadString", "String", '""')
        pattern = package.pattern(expr.pattern) if expr.pattern is not None else "nil"
        max_length = expr.max_length if expr.max_length is not None else -1
        body = (
            "if err := wire.ReadString(d, raw, out); err != nil {\n\treturn err\n}\n"
            f"return wire.CheckString(*out, {max_length}, {pattern})"
        )
        return _Type("string", package.reader(f"read{go_name(wire)}", "string", body), "String", '""')
    if isinstance(expr, IntegerType):
        checks = [
            f"wire.{check}(*out, {bound})"
            for check, bound in (("CheckMinimum", expr.minimum), ("CheckMaximum", expr.maximum))
            if bound is not None
        ]
        if not checks:
            return _Type("int64", "wire.ReadInt", "Int", "0")
        body = "".join(
            f"if err := {call}; err != nil {{\n\treturn err\n}}\n"
            for call in ("wire.ReadInt(d, raw, out)", *checks[:-1])
        )
        body += f"return {checks[-1]}"
        name = "readCount" if expr.minimum == 0 else "readBoundedInt"
        return _Type("int64", package.reader(name, "int64", body), "Int", "0")
    if isinstance(expr, NumberType):
        return _Type("float64", "wire.ReadFloat", "Value", "0")
    if isinstance(expr, BooleanType):
        return _Type("bool", "wire.ReadBool", "Bool", "false")
    if isinstance(expr, AnyJSONType):
        return _Type("json.RawMessage", "wire.ReadJSON", "JSON", "nil", nilable=True)
    if isinstance(expr, ArrayType):
        item = _type(package, expr.items, owner, wire)
        min_items = expr.min_items if expr.min_items is not None else -1
        base = item.go.replace("json.RawMessage", "JSON").replace("[]", "List").replace("map[string]", "Map")
        name = package.reader(
            f"read{pascal(base)}List",
            f"[]{item.go}",
            f"return wire.ReadArray(d, raw, out, {min_items}, {item.reader})",
        )
        return _Type(f"[]{item.go}", name, "Value", "nil", nilable=True)
    if isinstance(expr, MapType):
        value = _type(package, expr.values, owner, wire)
        base = value.go.replace("json.RawMessage", "JSON").replace("[]", "List").replace("map[string]", "Map")
        name = package.reader(
            f"read{pascal(base)}Map",
            f"map[string]{value.go}",
            f"return wire.ReadMap(d, raw, out, {value.reader})",
        )
        return _Type(f"map[string]{value.go}", name, "Value", "nil", nilable=True)
    if isinstance(expr, EnumType):
        enum = package.enums[(wire, expr.values)]
        return _Type(enum.name, f"read{enum.name}", "String", '""', enum=True)
    if isinstance(expr, ConstType):
        raise ValueError("const fields are checked, not stored")
    assert isinstance(expr, RefType)
    return _Type(expr.name, f"decode{expr.name}", "Value", "")


def _go_literal(value: str | int | bool) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return _q(value)


def _const(f: Field) -> tuple[str, str]:
    """(check of the raw value, MarshalJSON statement) of a const field."""
    assert isinstance(f.type, ConstType)
    value = f.type.value
    key = _q(f.wire_name)
    if isinstance(value, bool):
        return f"wire.ConstBool(m.Value, {_go_literal(value)})", f"w.Bool({key}, {_go_literal(value)})"
    if isinstance(value, int):
        return f"wire.ConstInt(m.Value, {value})", f"w.Int({key}, {value})"
    return f"wire.ConstString(m.Value, {_q(value)})", f"w.String({key}, {_q(value)})"


# Members every generated struct has besides its fields (and `Get<Member>` getters would clash).
_RESERVED_MEMBERS = frozenset({"Extra", "Origin"})


def _member_name(wire: str) -> str:
    """The Go field of a wire name: `go_name`, with `Value` added where it would be a member every
    struct already has (a plugin tool's `extra` argument becomes `ExtraValue`)."""
    name = go_name(wire)
    return f"{name}Value" if name in _RESERVED_MEMBERS else name


def _struct(package: _Package, definition: NamedObject) -> dict[str, object]:
    name = definition.name
    is_event = isinstance(definition, Event)
    if isinstance(definition, Event):
        title = f" ({definition.title})" if definition.title else ""
        doc = _comment(
            f"{name} is the `{definition.type_const}` {definition.direction} event{title}. "
            f"{' '.join(definition.description.split())}"
        )
    else:
        doc = _comment(go_doc(name, definition.description, "is the"))
    if len(definition.fields) > 64:
        raise ValueError(f"{name}: more than 64 fields do not fit the Go decoder's bit set")
    members: list[str] = []
    cases: list[str] = []
    writes: list[str] = []
    getters: list[str] = []
    required_bits = 0
    names = [f.wire_name for f in definition.fields]
    optional_fields: dict[str, tuple[str, bool]] = {}
    for bit, f in enumerate(definition.fields):
        key = _q(f.wire_name)
        mark = f"seen |= 1 << {bit}\n" if f.required else ""
        if f.required:
            required_bits |= 1 << bit
        if isinstance(f.type, ConstType):
            if not f.required:
                raise ValueError(f"{name}.{f.wire_name}: optional consts are not supported by the Go emitter")
            check, write = _const(f)
            cases.append(f"case {key}:\n" + _indent(f"{mark}err = {check}"))
            writes.append(write)
            continue
        t = _type(package, f.type, name, f.wire_name)
        field_name = _member_name(f.wire_name)
        pointer = not f.required and not t.nilable
        tag = _q(f.wire_name if f.required else f.wire_name + ",omitempty")
        members.extend(_comment(go_doc(field_name, f.description), "\t"))
        members.append(f"\t{field_name} {'*' if pointer else ''}{t.go} `json:{tag}`")
        target = f"&e.{field_name}"
        if pointer:
            read = f"wire.ReadOptional(d, m.Value, {target}, {t.reader})"
        else:
            read = f"{t.reader}(d, m.Value, {target})"
        cases.append(f"case {key}:\n" + _indent(f"{mark}err = {read}"))
        value = f"e.{field_name}"
        if t.enum:
            value = f"string({'*' if pointer else ''}{value})"
        elif pointer:
            value = f"*{value}"
        write = f"w.{t.write}({key}, {value})"
        if f.required:
            writes.append(write)
        elif pointer:
            writer = f"wire.Enum[{t.go}]" if t.enum else _POINTER_WRITERS.get(t.write, f"wire.Any[{t.go}]")
            writes.append(f"wire.Optional(&w, {key}, e.{field_name}, {writer})")
        else:
            writes.append(f"if e.{field_name} != nil {{\n\t{write}\n}}")
        if not f.required:
            optional_fields[f.wire_name] = (field_name, True)
        getters.append(_getter(name, field_name, t, pointer, required=f.required))
    any_of = ""
    if definition.any_of:
        alternatives = []
        for alt in definition.any_of:
            terms = []
            for wire in alt.required:
                if wire in optional_fields:
                    terms.append(f"e.{optional_fields[wire][0]} != nil")
            for r in alt.refinements:
                field_name = go_name(r.wire_name)
                pointer_ref = r.wire_name in optional_fields and r.pattern is not None
                ref = f"*e.{field_name}" if pointer_ref else f"e.{field_name}"
                if r.pattern is not None:
                    terms.append(f"{package.pattern(r.pattern)}.MatchString({ref})")
                if r.min_items is not None:
                    terms.append(f"len({ref}) >= {r.min_items}")
            alternatives.append("(" + " && ".join(terms or ["true"]) + ")")
        first = definition.any_of[0].required[0] if definition.any_of[0].required else ""
        wanted = " or ".join("+".join(a.required) for a in definition.any_of)
        any_of = (
            f"if !({' || '.join(alternatives)}) {{\n"
            f"\treturn wire.Errorf(wire.Constraint, {_q(first)}, {_q('needs a non-empty ' + wanted)})\n}}"
        )
    return {
        "name": name,
        "lower": name[:1].lower() + name[1:],
        "doc": doc,
        "is_event": is_event,
        "output": is_event and isinstance(definition, Event) and definition.direction == "output",
        "type_const": _q(definition.type_const) if isinstance(definition, Event) else "",
        "members": members,
        "cases": [_indent(c, 2) for c in cases],
        "writes": [_indent(w) for w in writes],
        "getters": getters,
        "required": f"{required_bits:#b}" if required_bits else "",
        "names": ", ".join(_q(n) for n in names),
        "any_of": _indent(any_of) if any_of else "",
    }


def _getter(owner: str, field_name: str, t: _Type, pointer: bool, *, required: bool) -> str:
    """`GetXxx` for every field, as protobuf-go has: safe on a nil receiver, so getters chain
    (`ev.GetRisk().GetLevel()`). An absent optional field, or a nil receiver, gives the zero value
    (nil for pointers, slices, maps and JSON); a required nested object is returned by pointer."""
    if required and t.zero:  # a scalar or enum value
        return (
            f"// Get{field_name} returns {field_name}, or {t.zero} for a nil *{owner}.\n"
            f"func (e *{owner}) Get{field_name}() (v {t.go}) {{\n"
            f"\tif e != nil {{\n\t\tv = e.{field_name}\n\t}}\n\treturn v\n}}"
        )
    if required and not t.nilable:  # a nested object, held by value
        return (
            f"// Get{field_name} returns a pointer to {field_name}, or nil for a nil *{owner}.\n"
            f"func (e *{owner}) Get{field_name}() *{t.go} {{\n"
            f"\tif e == nil {{\n\t\treturn nil\n\t}}\n\treturn &e.{field_name}\n}}"
        )
    if required:
        return (
            f"// Get{field_name} returns {field_name}, or nil for a nil *{owner}.\n"
            f"func (e *{owner}) Get{field_name}() {t.go} {{\n"
            f"\tif e == nil {{\n\t\treturn nil\n\t}}\n\treturn e.{field_name}\n}}"
        )
    if pointer and t.zero:
        return (
            f"// Get{field_name} returns {field_name}, or {t.zero} when it is absent.\n"
            f"func (e *{owner}) Get{field_name}() (v {t.go}) {{\n"
            f"\tif e != nil && e.{field_name} != nil {{\n\t\tv = *e.{field_name}\n\t}}\n\treturn v\n}}"
        )
    go_type = f"*{t.go}" if pointer else t.go
    return (
        f"// Get{field_name} returns {field_name}, or nil when it is absent.\n"
        f"func (e *{owner}) Get{field_name}() {go_type} {{\n"
        f"\tif e == nil {{\n\t\treturn nil\n\t}}\n\treturn e.{field_name}\n}}"
    )


def _list_item(text: str, indent: str, width: int = 100) -> list[str]:
    """`text` as one `//   - ` list item of a doc comment, wrapped with continuation lines."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        prefix = "//   - " if not lines else "//     "
        if current and len(indent) * 4 + len(prefix) + len(current) + 1 + len(word) > width:
            lines.append(f"{indent}{prefix}{current}")
            current = word
        else:
            current = f"{current} {word}" if current else word
    lines.append(f"{indent}{'//   - ' if not lines else '//     '}{current}")
    return lines


def _alias_doc(package: _Package, definition: NamedObject, latest_package: str) -> list[str]:
    """The doc comment of the version-neutral alias of `definition`: what it is and its fields,
    since `go doc` shows an alias's own comment but not the fields or methods of its target."""
    name = definition.name
    if isinstance(definition, Event):
        title = f" ({definition.title})" if definition.title else ""
        summary = (
            f"{name} is the `{definition.type_const}` {definition.direction} event{title}. "
            f"{' '.join(definition.description.split())}"
        )
    else:
        summary = go_doc(name, definition.description, "is the")
    lines = _comment(summary, "\t")
    lines.append("\t//")
    lines.extend(
        _comment(
            f"The latest schemaVersion's type: an alias of {latest_package}.{name}. Its fields, each with a "
            "GetXxx getter that is safe on a nil pointer (absent optional fields are nil):",
            "\t",
        )
    )
    for f in definition.fields:
        if isinstance(f.type, ConstType):
            continue
        t = _type(package, f.type, name, f.wire_name)
        field_name = _member_name(f.wire_name)
        pointer = not f.required and not t.nilable
        where = f"`{f.wire_name}`" + ("" if f.required else ", optional")
        description = " ".join(f.description.split()) or "undocumented."
        lines.extend(
            _list_item(f"{field_name} {'*' if pointer else ''}{t.go} ({where}): {description}", "\t")
        )
    return lines


def objects_context(schema: Schema) -> dict[str, object]:
    """What `_objects.go.j2` prints for the named objects and events of `schema`: its patterns,
    enum types, a struct per object with its decoder and MarshalJSON, and the shared readers."""
    package = _Package(schema, _collect_enums(schema))
    structs = [_struct(package, d) for d in (*schema.objects, *schema.events)]
    return _objects_part(package, structs)


def _objects_part(package: _Package, structs: list[dict[str, object]]) -> dict[str, object]:
    enums = []
    for enum in package.enums.values():
        owners = ", ".join(sorted({f"`{o}.{w}`" for o, w in enum.uses}))
        width = max(len(enum.name + go_name(v)) for v in enum.values)
        enums.append(
            {
                "name": enum.name,
                "lower": enum.name[:1].lower() + enum.name[1:],
                "doc": _comment(f"{enum.name} is a value of {owners}: {', '.join(enum.values)}."),
                "consts": [((enum.name + go_name(v)).ljust(width), _q(v)) for v in enum.values],
                "value_list": ", ".join(_q(v) for v in enum.values),
            }
        )
    return {
        "enums": enums,
        "patterns": [(name, f"`{ecma_to_re2(p)}`") for name, p in package.patterns],
        "structs": structs,
        "readers": [code for _, code in package.readers.values()],
    }


def _version_context(schema: Schema, header: list[str], layout: GoLayout) -> dict[str, object]:
    package = _Package(schema, _collect_enums(schema))
    definitions: list[NamedObject] = [*schema.objects, *schema.events]
    structs = [_struct(package, d) for d in definitions]
    envelope = []
    for wire, type_expr in envelope_fields(schema):
        t = _type(package, type_expr, "Envelope", wire)
        envelope.append({"key": _q(wire), "go": t.go, "reader": t.reader, "run_id": wire == "runId"})
    return {
        "header": [f"// {line}" for line in header],
        "package": f"v{schema.version}",
        "wire": f"{layout.import_path}/wire",
        "version": schema.version,
        "title": schema.title,
        **_objects_part(package, structs),
        "envelope": envelope,
        "output_events": [(_q(e.type_const), e.name) for e in schema.output_events],
        "input_events": [(_q(e.type_const), e.name) for e in schema.input_events],
        "input_types": ", ".join(e.type_const for e in schema.input_events),
    }


def _exit_codes(schema: Schema, type_const: str, wire: str) -> list[tuple[str, list[int], str]]:
    """The `x-zero-exit-codes` and `x-zero-retry` of an output event's enum field, as
    (value, codes, retry policy or "")."""
    try:
        f = schema.event("output", type_const).field(wire)
    except KeyError:
        return []
    if not isinstance(f.type, EnumType):
        return []
    retry = dict(f.type.retry)
    return [(value, list(codes), retry.get(value, "")) for value, codes in f.type.exit_codes]


def _codes(codes: list[tuple[str, list[int], str]]) -> str:
    items = ", ".join(
        f"{{Value: {_q(v)}, ExitCodes: []int{{{', '.join(map(str, c))}}}"
        + (f", Retry: {_q(r)}" if r else "")
        + "}"
        for v, c, r in codes
    )
    return f"[]wire.Code{{{items}}}"


def _upgrade_table(schema: Schema) -> str:
    if schema.upgrade is None:
        return ""
    return json.dumps(schema.upgrade.as_json(), separators=(",", ":"), ensure_ascii=False)


def _registry_context(schemas: Sequence[Schema], layout: GoLayout) -> dict[str, object]:
    latest = schemas[-1]
    package = _Package(latest, _collect_enums(latest))
    for d in (*latest.objects, *latest.events):
        for f in d.fields:
            if not isinstance(f.type, ConstType):
                _type(package, f.type, d.name, f.wire_name)
    versions = []
    for schema in schemas:
        table = _upgrade_table(schema)
        versions.append(
            {
                "number": schema.version,
                "package": f"v{schema.version}",
                "output_types": ", ".join(_q(e.type_const) for e in schema.output_events),
                "input_types": ", ".join(_q(e.type_const) for e in schema.input_events),
                "error_codes": _codes(_exit_codes(schema, "error", "code")),
                "run_end_statuses": _codes(_exit_codes(schema, "run_end", "status")),
                "upgrade": f"wire.MustParseSteps(`{table}`)" if table else "nil",
            }
        )
    latest_package = f"v{latest.version}"
    types = [
        {"name": d.name, "doc": _alias_doc(package, d, latest_package)}
        for d in (*latest.objects, *latest.events)
    ]
    enums = []
    for e in package.enums.values():
        owners = ", ".join(sorted({f"`{o}.{w}`" for o, w in e.uses}))
        doc = (
            f"{e.name} is a value of {owners}: {', '.join(e.values)} (an alias of {latest_package}.{e.name})."
        )
        enums.append(
            {"name": e.name, "consts": [e.name + go_name(v) for v in e.values], "doc": _comment(doc, "\t")}
        )
    outputs = ", ".join(f"*{ev.name}" for ev in latest.output_events)
    inputs = ", ".join(f"*{ev.name}" for ev in latest.input_events)
    return {
        "header": [
            "// GENERATED FILE - DO NOT EDIT.",
            "// Generated from schema/v*.json by `zero-sdk generate --lang go`.",
            "// Edit the schemas and rerun that command instead of editing this file.",
        ],
        "package": layout.package,
        "import_path": layout.import_path,
        "versions": versions,
        "imports": sorted(
            [f"{layout.import_path}/wire", *(f"{layout.import_path}/v{s.version}" for s in schemas)]
        ),
        "latest": latest.version,
        "latest_package": latest_package,
        "type_width": max(
            len(n)
            for n in [*(t["name"] for t in types), *(e["name"] for e in enums), "OutputEvent", "UnknownEvent"]
        ),
        "types": types,
        "output_doc": _comment(
            f"OutputEvent is one line of stream-json output in the latest schemaVersion's types: one of "
            f"{outputs}, or *UnknownEvent (an alias of {latest_package}.OutputEvent; Decode returns it "
            "for a line of any supported version).",
            "\t",
        ),
        "input_doc": _comment(
            f"InputEvent is one line of stream-json input: one of {inputs} (an alias of "
            f"{latest_package}.InputEvent).",
            "\t",
        ),
        "unknown_doc": _comment(
            "UnknownEvent is an output line whose `type` these bindings do not know; Raw holds the whole "
            f"object and MarshalJSON writes it back (an alias of {latest_package}.UnknownEvent).",
            "\t",
        ),
        "enums": enums,
        "const_width": max((len(c) for e in enums for c in e["consts"]), default=0),
    }


def wire_files(layout: GoLayout) -> list[GeneratedFile]:
    files = []
    for name in _WIRE_FILES:
        source = (templates_dir("go") / "wire" / name).read_text(encoding="utf-8")
        header = (
            "// GENERATED FILE - DO NOT EDIT.\n"
            f"// Copied from templates/go/wire/{name} by `zero-sdk generate --lang go`.\n"
            "// Edit the template and rerun that command instead of editing this file.\n\n"
        )
        files.append(GeneratedFile(layout.path(f"wire/{name}"), header + source))
    return files


class GoEmitter(Emitter):
    name = "go"

    def __init__(self, target: EmitTarget | None = None) -> None:
        super().__init__(target)
        self.layout = GoLayout.for_target(self.target)

    def emit(self, schema: Schema, schema_relpath: str) -> list[GeneratedFile]:
        header = generated_header_lines(schema_relpath, self.name, schema.version)
        text = render("go", "version.go.j2", _version_context(schema, header, self.layout))
        return [GeneratedFile(self.layout.path(f"v{schema.version}/v{schema.version}.go"), text)]

    def emit_registry(self, schemas: Sequence[Schema]) -> list[GeneratedFile]:
        if not schemas:
            return []
        text = render("go", "registry.go.j2", _registry_context(schemas, self.layout))
        return [GeneratedFile(self.layout.path("registry.go"), text), *wire_files(self.layout)]
