"""The conformance vectors generated from the schema (conformance/vN/generated.jsonl, written by
`zero-sdk generate --lang conformance`): current, byte-stable across hash seeds, written in the
binary's byte format, one fault per invalid vector, and every rule of every event covered.

That every generated expectation matches the JSON-Schema reference (`classify`) is checked with the
hand-written vectors by tests/test_schema_conformance.py, which loads both files.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
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
        root = tmp_path / seed
        shutil.copytree(ROOT / "schema", root / "schema")
        shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
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
