"""The Python emitter: msgspec Structs from datamodel-code-generator (fed a JSON Schema written
from the model, the one schema reader), plus a thin layer of ours.

Everything it writes lives in clients/python/zero_client/versions/, apart from the hand-written
runtime. Per schema version N:
- `_models_vN.py`: datamodel-code-generator's output (flags pinned below), with small
  deterministic post-processing steps (`_CONST_DEFAULT_MARKER`, the `type` class variables).
- `vN.py`: the public module of that version's exact types: re-exports, plain
  `OutputEvent`/`InputEvent` unions, and the decoder tables the runtime (`protocol/_codec.py`)
  uses.
Once, from every version (`emit_registry`):
- `__init__.py`: the version registry (supported and latest versions, event types, exit codes of
  error codes and run_end statuses, the upgrade step tables) that hand-written code asks instead
  of naming a version.
- `latest.py`: the latest version's types under version-neutral names (`zero_client.events`).

`--out DIR --package NAME` writes the same modules into DIR/NAME (dots are folders) for a user's
project, with the hand-written runtime they need (`RUNTIME_FILES`, copied from the installed
`zero_client`) and an `__init__.py` exporting the decode/encode/upgrade API; `zero_client` is
renamed to NAME in every file, so the copy needs msgspec alone. Its registry covers the versions
generated there.
"""

from __future__ import annotations

import json
import keyword
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from zero_sdk.emitters import EmitTarget, Emitter, EmitterError, GeneratedFile, generated_header_lines
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
from zero_sdk.resources import client_source

__all__ = [
    "CLIENT_DIR",
    "DATAMODEL_CODEGEN_FLAGS",
    "RUNTIME_FILES",
    "VERSIONS_DIR",
    "PythonEmitter",
    "PythonEmitterError",
]

_CLIENT_PACKAGE = "zero_client"
CLIENT_DIR = f"clients/python/{_CLIENT_PACKAGE}"
VERSIONS_DIR = f"{CLIENT_DIR}/versions"
_PACKAGE = f"{_CLIENT_PACKAGE}.versions"
_BASE_MODULE = f"{_CLIENT_PACKAGE}._base"
# The hand-written runtime of `zero_client` that the generated modules and the decode / encode /
# upgrade API need (paths relative to the package); `--out` copies exactly these. They import
# nothing else of `zero_client` (tests/test_python_out.py checks the copy imports without it).
# Where a file names the package: `from zero_client...`/`import zero_client...` at the start of a
# line, and `zero_client...` in backticks in docs.
_MODULE_REFERENCE = re.compile(rf"(^[ \t]*(?:from|import) |`){_CLIENT_PACKAGE}\b", re.MULTILINE)
RUNTIME_FILES: tuple[str, ...] = (
    "_base.py",
    "events.py",
    "protocol/__init__.py",
    "protocol/_codec.py",
    "upgrade.py",
)

# Pinned flags. Changing one changes every generated file: regenerate and review the diff.
# Field descriptions are written once, as `Meta(description=...)` (no repeated docstring);
# class descriptions are the class docstrings.
DATAMODEL_CODEGEN_FLAGS: tuple[str, ...] = (
    "--input-file-type", "jsonschema",
    "--output-model-type", "msgspec.Struct",
    "--target-python-version", "3.11",
    "--disable-timestamp",
    "--snake-case-field",
    "--use-schema-description",
    "--enum-field-as-literal", "all",
    "--field-constraints",
    "--use-annotated",
    "--use-union-operator",
    "--use-standard-collections",
    "--keyword-only",
    "--use-msgspec-tagged-unions",
    "--use-default",
    "--skip-root-model",
    "--formatters", "builtin",
    "--base-class", f"{_BASE_MODULE}.ProtocolStruct",
)  # fmt: skip

# Required const fields (schemaVersion, role) get a default so users can write
# `v2.PromptInput(content="hi")`. The default must still let the decoder tell "absent" from
# "present", so it is a `const_default(...)` marker object (equal to the value, encoded as the
# value). datamodel-code-generator can only write JSON defaults, so we hand it a unique string
# and replace it afterwards.
_CONST_DEFAULT_MARKER = "__zero_sdk_const_default_{index}__"


class PythonEmitterError(EmitterError):
    """datamodel-code-generator failed or produced output we cannot post-process."""


class PythonEmitter(Emitter):
    name = "python"

    def __init__(self, target: EmitTarget | None = None) -> None:
        super().__init__(target)
        self.package = _package_of(self.target)
        self.emitted: list[int] = []

    def emit(self, schema: Schema, schema_relpath: str) -> list[GeneratedFile]:
        self.emitted.append(schema.version)
        header = generated_header_lines(schema_relpath, self.name, schema.version)
        raw = _run_datamodel_codegen(schema, header)
        return [
            self._file(f"versions/_models_v{schema.version}.py", raw),
            self._file(f"versions/v{schema.version}.py", _thin_layer(schema, header)),
        ]

    def emit_registry(self, schemas: Sequence[Schema]) -> list[GeneratedFile]:
        # In a user's folder the registry covers exactly the versions generated there; this
        # repository's package always holds every version.
        selected = list(schemas)
        if self.target.out is not None and self.emitted:
            selected = [s for s in schemas if s.version in self.emitted]
        if not selected:
            return []
        header = [
            "GENERATED FILE - DO NOT EDIT.",
            "Generated from schema/v*.json by `zero-sdk generate --lang python`.",
            "Edit the schemas and rerun that command instead of editing this file.",
        ]
        files = [
            self._file("versions/__init__.py", _registry(selected, schemas, header)),
            self._file("versions/latest.py", _latest(selected[-1], header)),
        ]
        if self.target.out is not None:
            files += self._runtime_files()
        return files

    def _file(self, relative: str, text: str) -> GeneratedFile:
        """A file of the package: in clients/python/zero_client here; in a user's folder in the
        package's own folder, with `zero_client` renamed to the package in imports and in
        `code` references (not in data: an upgrade step's text is the same in every language)."""
        if self.target.out is None:
            return GeneratedFile(f"{CLIENT_DIR}/{relative}", text)
        return GeneratedFile(
            f"{self.package.replace('.', '/')}/{relative}",
            _MODULE_REFERENCE.sub(lambda m: m.group(1) + self.package, text),
        )

    def _runtime_files(self) -> list[GeneratedFile]:
        """The hand-written runtime the generated modules need, copied from the installed
        `zero_client` (its one copy), and the package's `__init__.py` exporting its API."""
        files = []
        for relative in RUNTIME_FILES:
            header = (
                "# GENERATED FILE - DO NOT EDIT.\n"
                f"# Copied from {CLIENT_DIR}/{relative} by `zero-sdk generate --lang python`,\n"
                f"# with the package `{_CLIENT_PACKAGE}` renamed.\n"
                "# Edit that file and rerun the command instead of editing this one.\n"
            )
            source = client_source(relative).read_text(encoding="utf-8")
            files.append(self._file(relative, header + source))
        files.append(self._file("__init__.py", _package_init(self.package)))
        files.append(self._file("py.typed", ""))
        return files


def _package_of(target: EmitTarget) -> str:
    """The package the bindings are generated into: `zero_client` here, `--package` with `--out`.
    `ValueError` (a usage error) for a combination that cannot work."""
    if target.out is None:
        if target.package not in (None, _CLIENT_PACKAGE):
            raise ValueError(
                f"--lang python --package {target.package} needs --out DIR: this repository's "
                f"Python bindings are the `{_CLIENT_PACKAGE}` package"
            )
        return _CLIENT_PACKAGE
    if not target.package:
        raise ValueError(
            "--lang python --out DIR needs --package NAME: the name your code imports the bindings "
            "as (e.g. zeroproto, or myapp.zeroproto for DIR/myapp/zeroproto)"
        )
    parts = target.package.split(".")
    if not all(part.isidentifier() and not keyword.iskeyword(part) for part in parts):
        raise ValueError(f"--package {target.package!r} is not a Python package name")
    return target.package


# What the `__init__.py` of a package generated into a user's folder re-exports, by module.
_PACKAGE_EXPORTS: dict[str, tuple[str, ...]] = {
    "events": ("Event",),
    "protocol": (
        "SUPPORTED_SCHEMA_VERSIONS",
        "DecodeMode",
        "InputEvent",
        "InvalidEventError",
        "InvalidJSONError",
        "OutputEvent",
        "ProtocolError",
        "ProtocolWarning",
        "UnknownEvent",
        "UnsupportedSchemaVersionError",
        "decode_input",
        "decode_output",
        "decode_output_lines",
        "encode_event",
        "extra_fields",
    ),
    "upgrade": (
        "LATEST_SCHEMA_VERSION", "UpgradeError", "read_events", "upgrade", "upgrade_line", "upgrade_lines",
    ),
}


def _package_init(package: str) -> str:
    """`__init__.py` of a package generated into a user's folder: the runtime's API in one place."""
    lines = [
        "# GENERATED FILE - DO NOT EDIT.",
        "# Generated by `zero-sdk generate --lang python`; rerun that command instead of editing it.",
        f'"""Typed bindings of Zero\'s stream-json protocol, generated into `{package}`.',
        "",
        f"- `{package}.events`: the latest schemaVersion's types under version-neutral names, and",
        '  `Event` (a latest event or an `UnknownEvent`); `if event.type == "text":` narrows it.',
        f"- `{package}.versions.vN`: each version's exact types; `{package}.versions`: the registry.",
        "- `decode_output(line)`: one stdout line -> an event of the line's own schemaVersion;",
        "  `decode_input(line, version=N)`, `encode_event(event)`; `ProtocolError` for a bad line.",
        "- `upgrade(event)`: an event of an older schemaVersion as the latest version's event;",
        "  `read_events(path)`: a transcript file's events, any versions, in the latest types.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        f"from {package} import events, versions",
    ]
    for module, names in _PACKAGE_EXPORTS.items():
        lines += [f"from {package}.{module} import (", *[f"    {name}," for name in names], ")"]
    exported = ["events", "versions", *(name for names in _PACKAGE_EXPORTS.values() for name in names)]
    lines += ["", "__all__ = [", *[f'    "{name}",' for name in _sorted_all(exported)], "]", ""]
    return "\n".join(lines)


def _type_json(expr: TypeExpr) -> dict[str, Any]:
    """The JSON Schema of one type expression of the model."""
    if isinstance(expr, StringType):
        node: dict[str, Any] = {"type": "string"}
        if expr.pattern is not None:
            node["pattern"] = expr.pattern
        if expr.max_length is not None:
            node["maxLength"] = expr.max_length
        return node
    if isinstance(expr, IntegerType):
        node = {"type": "integer"}
        if expr.minimum is not None:
            node["minimum"] = expr.minimum
        if expr.maximum is not None:
            node["maximum"] = expr.maximum
        return node
    if isinstance(expr, NumberType | BooleanType):
        return {"type": expr.kind}
    if isinstance(expr, AnyJSONType):
        return {}
    if isinstance(expr, ArrayType):
        node = {"type": "array", "items": _type_json(expr.items)}
        return node | ({} if expr.min_items is None else {"minItems": expr.min_items})
    if isinstance(expr, MapType):
        return {"type": "object", "additionalProperties": _type_json(expr.values)}
    if isinstance(expr, EnumType):
        return {"type": "string", "enum": list(expr.values)}
    if isinstance(expr, ConstType):
        return {"const": expr.value}
    return {"$ref": f"#/$defs/{expr.name}"}


def _pascal(wire_name: str) -> str:
    return wire_name[:1].upper() + wire_name[1:]


def named_enums(schema: Schema) -> tuple[dict[tuple[str, str], str], dict[str, EnumType]]:
    """One named type per distinct enum (deduplicated by values): `(owner, field) -> name` and
    `name -> enum`. A set of values shared by several objects under one field name is named after
    the field (`PermissionMode`); one used once after its owner and field (`RiskLevel`,
    `RunEndStatus`)."""
    groups: dict[tuple[str, ...], list[tuple[str, str]]] = {}
    for definition in (*schema.objects, *schema.events):
        for f in definition.fields:
            if isinstance(f.type, EnumType):
                groups.setdefault(f.type.values, []).append((definition.name, f.wire_name))
    taken = {d.name for d in (*schema.objects, *schema.events)} | {"InputEvent", "OutputEvent"}
    by_field: dict[tuple[str, str], str] = {}
    by_name: dict[str, EnumType] = {}
    for values, users in groups.items():
        owner, wire = users[0]
        stem = owner.removesuffix("Event").removesuffix("Input")
        candidates = [_pascal(wire)] if len({w for _, w in users}) == 1 and len(users) > 1 else []
        candidates += [f"{stem}{_pascal(wire)}"]
        name = next((c for c in candidates if c not in taken), None)
        if name is None:
            name = next(f"{candidates[-1]}{n}" for n in range(2, 100) if f"{candidates[-1]}{n}" not in taken)
        taken.add(name)
        by_name[name] = EnumType(values)
        for user in users:
            by_field[user] = name
    return by_field, by_name


def _codegen_input(schema: Schema) -> tuple[dict[str, Any], dict[str, Any]]:
    """The JSON Schema datamodel-code-generator reads, written from the model (the one schema
    reader), and the const-default markers used.

    - No root `oneOf`; the `InputEvent`/`OutputEvent` unions with their discriminator (so the
      event classes are tagged on `type`); the thin layer writes the Python unions.
    - No object-level `anyOf`: msgspec cannot express it (datamodel-code-generator would split
      MessageInput into two untagged classes); `vN.ANY_OF_RULES` carries it instead.
    - No `runId` pattern on output events: msgspec's per-value pattern check made typed decoding
      ~2.5x slower, so the codec checks it instead (`vN.RUN_ID_PATTERN`, cached).
    - Required const properties other than `type` (the tag) get a marker default.
    """
    markers: dict[str, Any] = {}
    enum_of_field, enums = named_enums(schema)
    definitions: dict[str, Any] = {name: _type_json(enum) for name, enum in enums.items()}
    for definition in (*schema.objects, *schema.events):
        properties: dict[str, Any] = {}
        for f in definition.fields:
            enum_name = enum_of_field.get((definition.name, f.wire_name))
            node = {"$ref": f"#/$defs/{enum_name}"} if enum_name else _type_json(f.type)
            node["description"] = f.description
            if definition in schema.output_events and f.wire_name == "runId":
                node.pop("pattern", None)
            if f.required and isinstance(f.type, ConstType) and f.wire_name != "type":
                marker = _CONST_DEFAULT_MARKER.format(index=len(markers))
                markers[marker] = f.type.value
                node["default"] = marker
            properties[f.wire_name] = node
        body: dict[str, Any] = {
            "type": "object",
            "description": definition.description,
            "properties": properties,
            "required": [f.wire_name for f in definition.fields if f.required],
            "additionalProperties": False,
        }
        if definition.title is not None:
            body["title"] = definition.title
        definitions[definition.name] = body
    for union, members, doc in (
        ("InputEvent", schema.input_events, schema.input_union_description),
        ("OutputEvent", schema.output_events, schema.output_union_description),
    ):
        definitions[union] = {
            "oneOf": [{"$ref": f"#/$defs/{e.name}"} for e in members],
            "discriminator": {
                "propertyName": "type",
                "mapping": {e.type_const: f"#/$defs/{e.name}" for e in members},
            },
        } | ({"description": doc} if doc else {})
    document = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": schema.id,
        "title": schema.title,
        "description": schema.description,
        "$defs": definitions,
    }
    return document, markers


def _run_datamodel_codegen(schema: Schema, header: list[str]) -> str:
    document, markers = _codegen_input(schema)
    with tempfile.TemporaryDirectory(prefix="zero-sdk-gen-") as tmp:
        input_path = Path(tmp) / f"v{schema.version}.json"
        output_path = Path(tmp) / f"_models_v{schema.version}.py"
        input_path.write_text(json.dumps(document, indent=2, sort_keys=True), encoding="utf-8")
        # Events derive from EventStruct (which adds `.type`); nested objects from ProtocolStruct.
        base_classes = {e.name: f"{_BASE_MODULE}.EventStruct" for e in schema.events}
        command = [
            sys.executable, "-m", "datamodel_code_generator",
            "--input", str(input_path), "--output", str(output_path),
            "--custom-file-header", "\n".join(f"# {line}" for line in header),
            "--base-class-map", json.dumps(base_classes, sort_keys=True),
            *DATAMODEL_CODEGEN_FLAGS,
        ]  # fmt: skip
        # A fixed hash seed and no user config: the output must not depend on the environment.
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        result = subprocess.run(command, cwd=tmp, env=env, capture_output=True, text=True, check=False)
        if result.returncode != 0 or not output_path.exists():
            raise PythonEmitterError(
                f"datamodel-code-generator failed on {schema.path} (exit {result.returncode}):\n"
                f"{result.stderr.strip()}"
            )
        text = output_path.read_text(encoding="utf-8")
    return _add_type_class_vars(_post_process(text, markers, schema.path), schema)


_TYPING_IMPORT = re.compile(r"^from typing import (.+)$", re.MULTILINE)


def _add_type_class_vars(text: str, schema: Schema) -> str:
    """Give every event class `type: ClassVar[Literal["<tag>"]]`.

    msgspec keeps the tag out of the fields; the class variable makes `event.type` a literal
    type, so `if event.type == "text":` narrows a union under mypy (a plain `str` would not).
    """
    for event in schema.events:
        tag = event.type_const
        class_line = rf"class {event.name}\(EventStruct, kw_only=True, tag_field='type', tag='{tag}'\):"
        head = re.compile(
            rf'^({class_line}\n    """\n(?:.*\n)*?    """\n)',
            re.MULTILINE,
        )
        class_var = f"\n    type: ClassVar[Literal[{tag!r}]] = {tag!r}\n"
        text, count = head.subn(lambda m: m.group(1) + class_var, text)  # noqa: B023  # used at once
        if count != 1:
            raise PythonEmitterError(f"{schema.path}: cannot find the class of event {event.name}")
    imports = _TYPING_IMPORT.search(text)
    if imports is None:
        raise PythonEmitterError(f"{schema.path}: generated code lacks `from typing import`")
    names = sorted({*imports.group(1).split(", "), "ClassVar", "Literal"})
    return text[: imports.start()] + f"from typing import {', '.join(names)}" + text[imports.end() :]


def _post_process(text: str, markers: dict[str, Any], schema_path: str) -> str:
    base_import = re.compile(rf"^from {re.escape(_BASE_MODULE)} import (.+)$", re.MULTILINE)
    if markers:
        if len(base_import.findall(text)) != 1:
            raise PythonEmitterError(f"{schema_path}: generated code lacks one `from {_BASE_MODULE} import`")
        # First-party imports get their own block (ruff isort).
        text = base_import.sub(lambda m: f"\n{m.group(0)}, const_default", text)
    for marker, value in markers.items():
        quoted = repr(marker)
        if quoted not in text:
            raise PythonEmitterError(f"{schema_path}: const default {marker} missing from generated code")
        text = text.replace(quoted, f"const_default({value!r})")
    if re.search(r"__zero_sdk_const_default_\d+__", text):
        raise PythonEmitterError(f"{schema_path}: an unreplaced const default marker is left")
    # Annotations evaluated when each class is made (the classes come in dependency order): the
    # public `vN` module presents them as its own (`__module__`), and msgspec, which resolves
    # string annotations in the namespace of a class's `__module__`, must not need this one's.
    future = "from __future__ import annotations\n\n"
    if future not in text:
        raise PythonEmitterError(f"{schema_path}: generated code lacks `{future.strip()}`")
    return text.replace(future, "", 1)


def _run_id_pattern(schema: Schema) -> str:
    """The one `runId` pattern shared by every output event (the codec checks it per line)."""
    patterns = {
        f.type.pattern
        for event in schema.output_events
        for f in event.fields
        if f.wire_name == "runId" and isinstance(f.type, StringType) and f.type.pattern is not None
    }
    if len(patterns) != 1:
        raise PythonEmitterError(
            f"{schema.path}: output events must share one runId pattern, found {sorted(patterns)}"
        )
    return patterns.pop()


def _tuple_literal(items: list[str]) -> str:
    return "(" + "".join(f"{item}, " for item in items).rstrip(" ") + ")" if items else "()"


def _thin_layer(schema: Schema, header: list[str]) -> str:
    version = schema.version
    outputs = schema.output_events
    inputs = schema.input_events
    all_defs: list[NamedObject] = [*schema.objects, *schema.events]
    names = sorted([*(d.name for d in all_defs), *named_enums(schema)[1]])
    lines = [f"# {line}" for line in header]
    lines += [
        f'"""Typed bindings of the Zero stream-json protocol, schemaVersion {version}.',
        "",
        f"{schema.title}.",
        "The exact types of this version (the wire as it was); `zero_client.events` has the",
        "version-neutral ones. Decode and encode through `zero_client.protocol`; the classes here",
        "are msgspec Structs tagged on `type`, with snake_case attributes and camelCase wire names.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Final, TypeAlias",
        "",
        f"from {_BASE_MODULE} import Alternative, ConstField, ProtocolStruct",
        f"from {_PACKAGE}._models_v{version} import (",
        *[f"    {name}," for name in sorted(names, key=lambda name: (not name.isupper(), name))],
        ")",
        "",
        "__all__ = [",
        *[
            f'    "{name}",'
            for name in sorted(
                [
                    *names,
                    "ANY_OF_RULES",
                    "CONST_FIELDS",
                    "INPUT_EVENT_TYPES",
                    "InputEvent",
                    "OUTPUT_EVENT_TYPES",
                    "OutputEvent",
                    "RUN_ID_PATTERN",
                    "SCHEMA_VERSION",
                ],
                key=lambda name: (not name.isupper(), name),  # the order ruff's RUF022 wants
            )
        ],
        "]",
        "",
        f"SCHEMA_VERSION: Final = {version}",
        "",
        f"RUN_ID_PATTERN: Final = {_run_id_pattern(schema)!r}",
        '"""The `runId` format of output events (checked by the codec, not by msgspec)."""',
        "",
        "OutputEvent: TypeAlias = (",
        *[f"    {'|' if i else ' '} {e.name}" for i, e in enumerate(outputs)],
        ")",
        f'"""{schema.output_union_description or "One line of stream-json output."}"""',
        "",
        "InputEvent: TypeAlias = " + " | ".join(e.name for e in inputs),
        f'"""{schema.input_union_description or "One line of stream-json input."}"""',
        "",
        "OUTPUT_EVENT_TYPES: Final[dict[str, type[OutputEvent]]] = {",
        *[f'    "{e.type_const}": {e.name},' for e in outputs],
        "}",
        '"""Output event class by wire `type`."""',
        "",
        "INPUT_EVENT_TYPES: Final[dict[str, type[InputEvent]]] = {",
        *[f'    "{e.type_const}": {e.name},' for e in inputs],
        "}",
        '"""Input event class by wire `type`."""',
        "",
        "CONST_FIELDS: Final[dict[type[ProtocolStruct], tuple[ConstField, ...]]] = {",
    ]
    for definition in all_defs:
        consts = [
            f'ConstField("{f.wire_name}", "{f.py_name}", {f.type.value!r}, {f.required})'
            for f in definition.fields
            if isinstance(f.type, ConstType) and not (isinstance(definition, Event) and f.wire_name == "type")
        ]
        if consts:
            lines.append(f"    {definition.name}: (")
            lines += [f"        {c}," for c in consts]
            lines.append("    ),")
    lines += [
        "}",
        '"""Const fields (other than the `type` tag) per class, to tell absent from defaulted."""',
        "",
        "ANY_OF_RULES: Final[dict[type[ProtocolStruct], tuple[Alternative, ...]]] = {",
    ]
    for definition in all_defs:
        if not definition.any_of:
            continue
        alternatives = []
        for alt in definition.any_of:
            patterns = [f"({r.wire_name!r}, {r.pattern!r})" for r in alt.refinements if r.pattern is not None]
            min_items = [
                f"({r.wire_name!r}, {r.min_items!r})" for r in alt.refinements if r.min_items is not None
            ]
            required = [repr(r) for r in alt.required]
            alternatives.append(
                f"Alternative({_tuple_literal(required)}, {_tuple_literal(patterns)}, "
                f"{_tuple_literal(min_items)})"
            )
        lines.append(f"    {definition.name}: (")
        lines += [f"        {a}," for a in alternatives]
        lines.append("    ),")
    lines += [
        "}",
        '"""Object-level `anyOf` rules: at least one alternative must hold."""',
        "",
        f"# The classes are written to `_models_v{version}` (datamodel-code-generator's output); this",
        "# module is where they are public, so that is where they are shown (repr, help, `Prompt`).",
        "for _class in (",
        *[f"    {definition.name}," for definition in all_defs],
        "):",
        "    _class.__module__ = __name__",
        "",
    ]
    return "\n".join(lines)


def _sorted_all(names: list[str]) -> list[str]:
    return sorted(names, key=lambda name: (not name.isupper(), name))  # the order ruff's RUF022 wants


def _exit_code_table(schema: Schema, event_type: str, field: str) -> list[tuple[str, tuple[int, ...]]]:
    try:
        expr = schema.event("output", event_type).field(field).type
    except KeyError:
        return []
    return list(expr.exit_codes) if isinstance(expr, EnumType) else []


def _retry_table(schema: Schema) -> dict[str, str]:
    try:
        expr = schema.event("output", "error").field("code").type
    except KeyError:
        return {}
    return dict(expr.retry) if isinstance(expr, EnumType) else {}


def _registry(selected: Sequence[Schema], schemas: Sequence[Schema], header: list[str]) -> str:
    """The registry of the `selected` versions (ascending); `schemas` (every version) supply the
    upgrade steps between them."""
    versions = [schema.version for schema in selected]
    latest = selected[-1]
    lines = [f"# {line}" for line in header]
    lines += [
        '"""The version registry: every table that follows from schema/v*.json.',
        "",
        "Hand-written code asks this module instead of naming a schema version or a versioned",
        "module, so a schemaVersion bump is `zero-sdk generate` and nothing else. `vN` modules hold",
        "the exact types of each version; `latest` the version-neutral names (`zero_client.events`).",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from types import ModuleType",
        "from typing import Any, Final, Literal, TypeAlias",
        "",
        f"from {_PACKAGE} import {', '.join(f'v{v}' for v in versions)}",
        "",
        "__all__ = [",
        *[
            f'    "{name}",'
            for name in _sorted_all(
                [
                    "ERROR_EXIT_CODES",
                    "ERROR_RETRY_POLICY",
                    "INPUT_EVENT_TYPES",
                    "LATEST_SCHEMA_VERSION",
                    "MODULES",
                    "OUTPUT_EVENT_TYPES",
                    "RUN_END_EXIT_CODES",
                    "SUPPORTED_SCHEMA_VERSIONS",
                    "UPGRADE_STEPS",
                    "AnyInputEvent",
                    "AnyOutputEvent",
                    *[f"v{v}" for v in versions],
                ]
            )
        ],
        "]",
        "",
        f"SUPPORTED_SCHEMA_VERSIONS: Final[tuple[int, ...]] = {tuple(versions)!r}",
        '"""Every schemaVersion with generated bindings, ascending."""',
        "",
        f"LATEST_SCHEMA_VERSION: Final = {latest.version}",
        '"""The newest schemaVersion: its types are `zero_client.events`."""',
        "",
        "MODULES: Final[dict[int, ModuleType]] = {" + ", ".join(f"{v}: v{v}" for v in versions) + "}",
        '"""The module of each version\'s exact types."""',
        "",
        "AnyOutputEvent: TypeAlias = " + " | ".join(f"v{v}.OutputEvent" for v in versions),
        '"""A known output event of any supported version."""',
        "",
        "AnyInputEvent: TypeAlias = " + " | ".join(f"v{v}.InputEvent" for v in versions),
        '"""A known input event of any supported version."""',
        "",
        "OUTPUT_EVENT_TYPES: Final[dict[int, tuple[str, ...]]] = {",
        *[f"    {s.version}: {tuple(e.type_const for e in s.output_events)!r}," for s in selected],
        "}",
        '"""The output event `type`s of each version, in schema order."""',
        "",
        "INPUT_EVENT_TYPES: Final[dict[int, tuple[str, ...]]] = {",
        *[f"    {s.version}: {tuple(e.type_const for e in s.input_events)!r}," for s in selected],
        "}",
        '"""The input event `type`s of each version, in schema order."""',
        "",
        "ERROR_EXIT_CODES: Final[dict[int, dict[str, int]]] = {",
    ]
    for schema in selected:
        table = {code: exits[0] for code, exits in _exit_code_table(schema, "error", "code")}
        lines.append(f"    {schema.version}: {table!r},")
    lines += [
        "}",
        '"""Per version: the exit code each `error` event code goes with (x-zero-exit-codes)."""',
        "",
        'ERROR_RETRY_POLICY: Final[dict[int, dict[str, Literal["always", "after_run_start"]]]] = {',
        *[f"    {s.version}: {_retry_table(s)!r}," for s in selected],
        "}",
        '"""Per version: the `error` codes worth retrying, and when (x-zero-retry): `always`, or',
        "`after_run_start` (only when the run got as far as `run_start`). Codes not listed are not.",
        '"""',
        "",
        "RUN_END_EXIT_CODES: Final[dict[int, dict[str, tuple[int, ...]]]] = {",
    ]
    for schema in selected:
        statuses = dict(_exit_code_table(schema, "run_end", "status"))
        lines.append(f"    {schema.version}: {statuses!r},")
    lines += [
        "}",
        '"""Per version: the exit codes each `run_end` status goes with (x-zero-exit-codes)."""',
        "",
        "UPGRADE_STEPS: Final[dict[int, tuple[dict[str, Any], ...]]] = {",
    ]
    for schema in schemas:
        if not versions[0] < schema.version <= versions[-1]:
            continue
        if schema.upgrade is None:
            raise PythonEmitterError(f"{schema.path}: no x-zero-upgrade table")
        lines.append(f"    {schema.upgrade.from_version}: (")
        lines += [f"        {step!r}," for step in schema.upgrade.as_json()]
        lines.append("    ),")
    lines += [
        "}",
        '"""Version N -> the x-zero-upgrade steps that turn an output object of N into N + 1."""',
        "",
    ]
    return "\n".join(lines)


def _latest(schema: Schema, header: list[str]) -> str:
    names = sorted(
        [
            *(d.name for d in (*schema.objects, *schema.events)),
            *named_enums(schema)[1],
            "InputEvent",
            "OutputEvent",
            "SCHEMA_VERSION",
        ]
    )
    lines = [f"# {line}" for line in header]
    lines += [
        '"""The latest schemaVersion\'s types under version-neutral names (see `zero_client.events`)."""',
        "",
        f"from {_PACKAGE}.v{schema.version} import (",
        *[f"    {name}," for name in sorted(names, key=lambda name: (not name.isupper(), name))],
        ")",
        "",
        "__all__ = [",
        *[f'    "{name}",' for name in _sorted_all(names)],
        "]",
        "",
    ]
    return "\n".join(lines)
