"""The Python emitter: msgspec Structs from datamodel-code-generator, plus a thin layer of ours.

Per schema version N it writes two files under clients/python/zero_client/protocol/:
- `_generated_vN.py`: datamodel-code-generator's output (flags pinned below), with one small
  deterministic post-processing step (see `_CONST_DEFAULT_MARKER`).
- `vN.py`: our own generated module: the public re-exports, plain `OutputEvent`/`InputEvent`
  unions, and the decoder tables the hand-written runtime (`_codec.py`) uses.
"""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from zero_sdk.emitters import Emitter, GeneratedFile, generated_header_lines
from zero_sdk.model import ConstType, Event, NamedObject, Schema, StringType

__all__ = ["DATAMODEL_CODEGEN_FLAGS", "PROTOCOL_DIR", "PythonEmitter", "PythonEmitterError"]

PROTOCOL_DIR = "clients/python/zero_client/protocol"
_BASE_MODULE = "zero_client.protocol._base"

# Pinned flags. Changing one changes every generated file: regenerate and review the diff.
DATAMODEL_CODEGEN_FLAGS: tuple[str, ...] = (
    "--input-file-type", "jsonschema",
    "--output-model-type", "msgspec.Struct",
    "--target-python-version", "3.11",
    "--disable-timestamp",
    "--snake-case-field",
    "--use-field-description",
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


class PythonEmitterError(RuntimeError):
    """datamodel-code-generator failed or produced output we cannot post-process."""


class PythonEmitter(Emitter):
    name = "python"

    def emit(self, schema: Schema, schema_relpath: str) -> list[GeneratedFile]:
        header = generated_header_lines(schema_relpath, self.name, schema.version)
        raw = _run_datamodel_codegen(schema, header)
        return [
            GeneratedFile(f"{PROTOCOL_DIR}/_generated_v{schema.version}.py", raw),
            GeneratedFile(f"{PROTOCOL_DIR}/v{schema.version}.py", _thin_layer(schema, header)),
        ]


def _codegen_input(schema: Schema) -> tuple[dict[str, Any], dict[str, Any]]:
    """The schema as datamodel-code-generator should see it, and the const-default markers used.

    - The root `oneOf` is dropped: the unions are emitted from `$defs`.
    - Object-level `anyOf` is dropped: msgspec cannot express it (datamodel-code-generator would
      split MessageInput into two untagged classes); `vN.ANY_OF_RULES` carries it instead.
    - Required const properties other than `type` (the tag) get a marker default.
    """
    document = copy.deepcopy(schema.raw)
    document.pop("oneOf", None)
    markers: dict[str, Any] = {}
    for definition in (*schema.objects, *schema.events):
        node = document["$defs"][definition.name]
        node.pop("anyOf", None)
        if definition in schema.output_events:
            # Every output line carries `runId`; msgspec's per-value pattern check made typed
            # decoding ~2.5x slower, so the codec checks it instead (`vN.RUN_ID_PATTERN`, cached).
            node["properties"].get("runId", {}).pop("pattern", None)
        for f in definition.fields:
            if f.required and isinstance(f.type, ConstType) and f.wire_name != "type":
                marker = _CONST_DEFAULT_MARKER.format(index=len(markers))
                markers[marker] = f.type.value
                node["properties"][f.wire_name]["default"] = marker
    return document, markers


def _run_datamodel_codegen(schema: Schema, header: list[str]) -> str:
    document, markers = _codegen_input(schema)
    with tempfile.TemporaryDirectory(prefix="zero-sdk-gen-") as tmp:
        input_path = Path(tmp) / f"v{schema.version}.json"
        output_path = Path(tmp) / f"_generated_v{schema.version}.py"
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
    return _post_process(text, markers, schema.path)


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
    return text


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
    names = sorted(d.name for d in all_defs)
    lines = [f"# {line}" for line in header]
    lines += [
        f'"""Typed bindings of the Zero stream-json protocol, schemaVersion {version}.',
        "",
        f"{schema.title}.",
        "Decode and encode through `zero_client.protocol`; the classes here are msgspec Structs",
        "tagged on `type`, with snake_case attributes and camelCase wire names.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Final, TypeAlias",
        "",
        f"from {_BASE_MODULE} import Alternative, ConstField, ProtocolStruct",
        f"from zero_client.protocol._generated_v{version} import (",
        *[f"    {name}," for name in names],
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
    ]
    return "\n".join(lines)
