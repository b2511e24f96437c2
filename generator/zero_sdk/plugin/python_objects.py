"""Python code for the named objects of an object schema: stdlib dataclasses and their readers.

The protocol's Python bindings are msgspec Structs (emitters/python.py); plugin code is started by
Zero with whatever `python3` is on PATH, which may have no msgspec, so the plugin glue and the
manifest bindings are plain dataclasses with generated readers over a small hand-written runtime
(templates/python/objects_runtime.py, copied into each generated module). Enum names come from
the protocol emitter's `named_enums`, so a schema's enums are named alike in every binding.
"""

from __future__ import annotations

import json
import keyword
import re

from zero_sdk.emitters.python import named_enums
from zero_sdk.model import (
    AnyJSONType,
    ArrayType,
    BooleanType,
    ConstType,
    EnumType,
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

__all__ = [
    "IMPORTS",
    "import_lines",
    "literal",
    "python_name",
    "reader_name",
    "render_objects",
    "runtime_text",
]

#: The imports the runtime and the rendered objects need: `import` modules and `from` names.
IMPORTS: tuple[tuple[str, ...], dict[str, tuple[str, ...]]] = (
    ("json", "re"),
    {
        "collections.abc": ("Callable",),
        "dataclasses": ("dataclass", "field", "fields", "is_dataclass"),
        "typing": ("Any", "Final", "Literal", "TypeAlias"),
    },
)


def import_lines(modules: tuple[str, ...] = (), names: dict[str, tuple[str, ...]] | None = None) -> list[str]:
    """The import block of a generated module (IMPORTS plus these), sorted as ruff's isort wants."""
    every_module = sorted({*IMPORTS[0], *modules})
    every_name: dict[str, set[str]] = {}
    for source in (IMPORTS[1], names or {}):
        for module, found in source.items():
            every_name.setdefault(module, set()).update(found)
    lines = ["from __future__ import annotations", ""]
    lines += [f"import {module}" for module in every_module]
    lines += [
        f"from {module} import {', '.join(sorted(every_name[module]))}" for module in sorted(every_name)
    ]
    return lines


_RUNTIME_MARKER = "# --- copied into generated modules from here on ---\n"


def runtime_text() -> str:
    """The hand-written runtime every generated module carries (one copy, in templates/python):
    the part of templates/python/objects_runtime.py below its marker line."""
    text = (templates_dir("python") / "objects_runtime.py").read_text(encoding="utf-8")
    return text.split(_RUNTIME_MARKER, 1)[1]


def python_name(wire: str) -> str:
    """The attribute of a wire name: `filePath` -> `file_path`, `file_path` as is, `class` -> `class_`."""
    name = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", wire).lower()
    return f"{name}_" if keyword.iskeyword(name) or name in ("self", "cls") else name


def literal(value: object) -> str:
    """A Python literal in the quotes ruff's formatter writes (strings are JSON-quoted: the same
    escapes are valid Python)."""
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, tuple):
        items = [literal(v) for v in value]
        return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
    return repr(value)


def reader_name(object_name: str) -> str:
    """`GreetArgs` -> `read_greet_args`."""
    return "read_" + python_name(object_name)


class _Renderer:
    def __init__(self, schema: Schema) -> None:
        self.schema = schema
        self.enum_of_field, self.enums = named_enums(schema)
        self.patterns: dict[str, str] = {}

    def pattern(self, source: str) -> str:
        if source not in self.patterns:
            self.patterns[source] = f"_PATTERN_{len(self.patterns)}"
        return self.patterns[source]

    def annotation(self, expr: TypeExpr, owner: str, wire: str) -> str:
        if isinstance(expr, StringType):
            return "str"
        if isinstance(expr, IntegerType):
            return "int"
        if isinstance(expr, NumberType):
            return "float"
        if isinstance(expr, BooleanType):
            return "bool"
        if isinstance(expr, AnyJSONType):
            return "JsonValue"
        if isinstance(expr, ArrayType):
            return f"list[{self.annotation(expr.items, owner, '')}]"
        if isinstance(expr, MapType):
            return f"dict[str, {self.annotation(expr.values, owner, '')}]"
        if isinstance(expr, EnumType):
            name = self.enum_of_field.get((owner, wire))
            return name or f"Literal[{', '.join(literal(v) for v in expr.values)}]"
        if isinstance(expr, ConstType):
            return f"Literal[{literal(expr.value)}]"
        assert isinstance(expr, RefType)
        return expr.name

    def reader(self, expr: TypeExpr) -> str:
        if isinstance(expr, StringType):
            if expr.pattern is None and expr.max_length is None:
                return "_string()"
            pattern = self.pattern(expr.pattern) if expr.pattern is not None else "None"
            return f"_string({pattern}, {expr.max_length!r})"
        if isinstance(expr, IntegerType):
            return f"_integer({expr.minimum!r}, {expr.maximum!r})"
        if isinstance(expr, NumberType):
            return "_number"
        if isinstance(expr, BooleanType):
            return "_boolean"
        if isinstance(expr, AnyJSONType):
            return "_any"
        if isinstance(expr, ArrayType):
            return f"_array({self.reader(expr.items)}, {expr.min_items!r})"
        if isinstance(expr, MapType):
            return f"_map({self.reader(expr.values)})"
        if isinstance(expr, EnumType):
            return f"_enum({literal(tuple(expr.values))})"
        if isinstance(expr, ConstType):
            return f"_const({literal(expr.value)})"
        assert isinstance(expr, RefType)
        return reader_name(expr.name)

    def dataclass_lines(self, definition: NamedObject) -> list[str]:
        lines = ["", "", "@dataclass(frozen=True, kw_only=True)", f"class {definition.name}:"]
        lines += _docstring(definition.description or f"The `{definition.name}` object.", "    ")
        lines.append("")
        for f in definition.fields:
            annotation = self.annotation(f.type, definition.name, f.wire_name)
            metadata = f'field(metadata={{"wire": {literal(f.wire_name)}}})'
            if f.required:
                lines.append(f"    {python_name(f.wire_name)}: {annotation} = {metadata}")
            else:
                metadata = f'field(default=None, metadata={{"wire": {literal(f.wire_name)}}})'
                lines.append(f"    {python_name(f.wire_name)}: {annotation} | None = {metadata}")
            if f.description:
                lines += _docstring(f.description, "    ")
        return lines

    def reader_lines(self, definition: NamedObject) -> list[str]:
        name = definition.name
        lines = [
            "",
            "",
            f'def {reader_name(name)}(value: object, path: str = "") -> {name}:',
            f'    """A `{name}` from decoded JSON; `ArgumentError` names the first fault."""',
            "    obj = _object(value, path)",
            f"    return {name}(",
        ]
        for f in definition.fields:
            call = f"_field(obj, {literal(f.wire_name)}, path, {self.reader(f.type)}, {f.required})"
            lines.append(f"        {python_name(f.wire_name)}={call},")
        lines.append("    )")
        return lines


def _docstring(text: str, indent: str) -> list[str]:
    body = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"').strip()
    lines = body.splitlines() or [""]
    if len(lines) == 1:
        return [f'{indent}"""{lines[0]}"""']
    return [f'{indent}"""{lines[0]}', *[f"{indent}{line}".rstrip() for line in lines[1:]], f'{indent}"""']


def render_objects(schema: Schema) -> list[str]:
    """Enum aliases, a dataclass and a `read_x` function per object, and the patterns they test."""
    renderer = _Renderer(schema)
    lines: list[str] = []
    for name, enum in renderer.enums.items():
        lines += ["", f"{name}: TypeAlias = Literal[{', '.join(literal(v) for v in enum.values)}]"]
    for definition in schema.objects:
        lines += renderer.dataclass_lines(definition)
    readers: list[str] = []
    for definition in schema.objects:
        readers += renderer.reader_lines(definition)
    patterns = [
        f"{name}: Final = re.compile({literal(source)})" for source, name in renderer.patterns.items()
    ]
    return [*(["", "", *patterns] if patterns else []), *lines, *readers]
