"""The conformance vectors generated from the schema (conformance/vN/generated.jsonl, written by
`zero-sdk generate --lang conformance`): current, byte-stable across hash seeds, written in the
binary's byte format, one fault per invalid vector, and every rule of every event covered.

That every generated expectation matches the JSON-Schema reference (`classify`) is checked with the
hand-written vectors by tests/test_schema_conformance.py, which loads both files.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from repo_copy import copy_repo
from schema_support import INPUT_EVENTS, OUTPUT_EVENTS, VERSIONS, load_cases, load_schema
from zero_engine.gojson import marshal_exact
from zero_sdk.emitters.conformance import ConformanceEmitter, go_json_line
from zero_sdk.model import ConstType, EnumType, RefType
from zero_sdk.model import load_schema as load_model

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def generated_path(root: Path, version: int) -> Path:
    return root / "conformance" / f"v{version}" / "generated.jsonl"


@pytest.mark.parametrize("version", VERSIONS)
def test_generated_file_is_current(version: int) -> None:
    relpath = f"schema/v{version}.json"
    [generated] = ConformanceEmitter().emit(load_model(ROOT / relpath), relpath)
    assert generated.path == f"conformance/v{version}/generated.jsonl"
    current = generated_path(ROOT, version).read_text(encoding="utf-8")
    assert current == generated.text, "stale: run `zero-sdk generate --lang conformance`"


def test_output_is_byte_identical_across_hash_seeds(tmp_path: Path) -> None:
    for seed in ("1", "31337"):
        root = copy_repo(tmp_path / seed).root
        done = subprocess.run(
            [str(BIN / "zero-sdk"), "generate", "--lang", "conformance", "--root", str(root)],
            capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": seed}, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        for version in VERSIONS:
            assert generated_path(root, version).read_bytes() == generated_path(ROOT, version).read_bytes()


def test_the_generators_go_json_writer_matches_the_engines() -> None:
    value = {"b": ["<a&b>", "\u2028\u2029", "é"], "a": {"z": 1, "y": True, "x": 0.25}, "c": None}
    assert go_json_line(value) == marshal_exact(value)


@pytest.mark.parametrize("version", VERSIONS)
def test_lines_are_written_the_way_the_binary_writes_them(version: int) -> None:
    for case in load_cases(version, ("generated.jsonl",)):
        assert case.line == marshal_exact(json.loads(case.line)), case.name


def _event_type(name: str) -> str:
    # generated/<direction>/<type>/<rule>/<field>: the type even when the line's `type` is broken.
    return name.split("/")[2]


@pytest.mark.parametrize("version", VERSIONS)
def test_every_invalid_vector_has_exactly_one_fault(version: int) -> None:
    """All schema errors of an invalid vector sit at one place (an enum given a number fails both
    `type` and `enum` there; a missing field fails `required` on its parent object)."""
    schema = load_schema(version)
    definitions = {"input": INPUT_EVENTS, "output": OUTPUT_EVENTS[version]}
    for case in load_cases(version, ("generated.jsonl",)):
        if case.expect != "invalid":
            continue
        focused = {key: value for key, value in schema.items() if key != "oneOf"}
        focused["$ref"] = f"#/$defs/{definitions[case.direction][_event_type(case.name)]}"
        errors = list(Draft202012Validator(focused).iter_errors(json.loads(case.line)))
        places = {tuple(error.absolute_path) for error in errors}
        assert errors and len(places) == 1, (case.name, [error.message for error in errors])


@pytest.mark.parametrize("version", VERSIONS)
def test_every_rule_of_every_event_is_covered(version: int) -> None:
    model = load_model(ROOT / f"schema/v{version}.json")
    names = {case.name for case in load_cases(version, ("generated.jsonl",))}
    for event in model.events:
        prefix = f"generated/{event.direction}/{event.type_const}"
        expected = {f"{prefix}/valid/minimal", f"{prefix}/valid/full", f"{prefix}/unknown_field/extra"}
        for field in event.fields:
            name = field.wire_name
            if field.required:
                expected.add(f"{prefix}/missing_field/{name}")
            if isinstance(field.type, EnumType):
                expected |= {f"{prefix}/bad_enum/{name}", f"{prefix}/wrong_type/{name}"}
            elif isinstance(field.type, ConstType):
                expected.add(f"{prefix}/{'wrong_type' if name == 'type' else 'bad_const'}/{name}")
            elif isinstance(field.type, RefType):
                nested = model.object(field.type.name)
                expected.add(f"{prefix}/unknown_field/{name}.extra")
                expected |= {f"{prefix}/missing_field/{name}.{f.wire_name}" for f in nested.required_fields}
        assert expected <= names, sorted(expected - names)
    kinds = {case.error_kind for case in load_cases(version, ("generated.jsonl",)) if case.error_kind}
    assert kinds == {"missing_field", "wrong_type", "bad_enum", "bad_const", "unknown_field", "constraint"}


def test_message_input_anyof_rule_has_both_valid_branches_and_a_violation() -> None:
    for version in VERSIONS:
        by_name: dict[str, Any] = {c.name: c for c in load_cases(version, ("generated.jsonl",))}
        images_only = json.loads(by_name["generated/input/message/valid/minimal-with-images"].line)
        assert "content" not in images_only and len(images_only["images"]) == 1
        blank = by_name["generated/input/message/constraint/content/any-of"]
        assert (blank.error_kind, blank.error_field) == ("constraint", "content")
        assert "images" not in json.loads(blank.line)


# --- Completeness, read independently of the generator's model ---------------------------------
#
# The generator builds the vectors from zero_sdk.model; if the model dropped a rule (say
# `minimum`), the vectors would lose it and every per-vector test would still pass. This check
# reads the raw schema JSON itself and asks jsonschema which keyword each invalid vector breaks.

_LONGEST_VECTOR = 1 << 16
_CHECKED_KEYWORDS = (
    "required", "enum", "const", "pattern", "minimum", "maximum", "maxLength", "minItems", "type"
)  # fmt: skip


def _raw_rules(schema: dict[str, Any], node: dict[str, Any], where: tuple[str, ...]) -> set[tuple[Any, ...]]:
    """(location, keyword) for every rule a value at `where` must satisfy (`[]` array items, `{}`
    map values), following `$ref`s into `$defs`."""
    if "$ref" in node:
        node = schema["$defs"][node["$ref"].removeprefix("#/$defs/")]
    rules = {(where, keyword) for keyword in _CHECKED_KEYWORDS if keyword in node and keyword != "required"}
    if not where:
        rules.discard((where, "type"))  # a line that is not an object is a JSON error, not a vector
    if node.get("maxLength", 0) > _LONGEST_VECTOR:
        rules.discard((where, "maxLength"))  # a 13 MB vector does not belong in a JSONL file
    if node.get("type") == "object" and "properties" in node:
        if node.get("additionalProperties") is False:
            rules.add((where, "additionalProperties"))
        for name in node.get("required", []):
            rules.add(((*where, name), "required"))
        for name, prop in node["properties"].items():
            rules |= _raw_rules(schema, prop, (*where, name))
        if "anyOf" in node:
            rules.add((where, "anyOf"))
    elif node.get("type") == "object" and isinstance(node.get("additionalProperties"), dict):
        rules |= _raw_rules(schema, node["additionalProperties"], (*where, "{}"))
    elif node.get("type") == "array":
        rules |= _raw_rules(schema, node["items"], (*where, "[]"))
    return rules


def _location(schema: dict[str, Any], node: dict[str, Any], path: list[Any]) -> tuple[str, ...]:
    """The instance path of an error in `_raw_rules`' terms (indices -> `[]`, map keys -> `{}`)."""
    out: list[str] = []
    for step in path:
        if "$ref" in node:
            node = schema["$defs"][node["$ref"].removeprefix("#/$defs/")]
        if isinstance(step, int):
            out.append("[]")
            node = node.get("items", {})
        elif step in node.get("properties", {}):
            out.append(step)
            node = node["properties"][step]
        else:
            out.append("{}")
            extra = node.get("additionalProperties")
            node = extra if isinstance(extra, dict) else {}
    return tuple(out)


@pytest.mark.parametrize("version", VERSIONS)
def test_invalid_vectors_break_every_keyword_of_the_raw_schema(version: int) -> None:
    schema = load_schema(version)  # the raw JSON, not zero_sdk.model
    definitions: dict[tuple[str, str], dict[str, Any]] = {}
    for direction, union in (("input", "InputEvent"), ("output", "OutputEvent")):
        for type_const, ref in schema["$defs"][union]["discriminator"]["mapping"].items():
            definitions[(direction, type_const)] = schema["$defs"][ref.removeprefix("#/$defs/")]
    required = {(key, *rule) for key, node in definitions.items() for rule in _raw_rules(schema, node, ())}
    covered: set[tuple[Any, ...]] = set()
    for case in load_cases(version, ("generated.jsonl",)):
        if case.expect != "invalid":
            continue
        key = (case.direction, _event_type(case.name))
        focused = {k: v for k, v in schema.items() if k != "oneOf"} | {"$ref": _ref_of(schema, key)}
        for error in Draft202012Validator(focused).iter_errors(json.loads(case.line)):
            where = _location(schema, definitions[key], list(error.absolute_path))
            if error.validator == "required":
                missing = str(error.message).split("'")[1]
                where = (*where, missing)
            covered.add((key, where, error.validator))
    missing_rules = sorted(str(rule) for rule in required - covered)
    summary = f"{len(missing_rules)} schema rule(s) no generated vector breaks:\n"
    assert not missing_rules, summary + "\n".join(missing_rules)


def _ref_of(schema: dict[str, Any], key: tuple[str, str]) -> str:
    union = "InputEvent" if key[0] == "input" else "OutputEvent"
    ref: str = schema["$defs"][union]["discriminator"]["mapping"][key[1]]
    return ref
