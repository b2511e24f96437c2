"""Every conformance vector through the public codec: right class, round trip, error kind/field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from zero_client.protocol import (
    ProtocolError,
    UnknownEvent,
    decode_input,
    decode_output,
    encode_event,
    extra_fields,
)
from zero_client.versions import MODULES, SUPPORTED_SCHEMA_VERSIONS

ROOT = Path(__file__).resolve().parents[1]


def _cases() -> list[Any]:
    cases = []
    for version in SUPPORTED_SCHEMA_VERSIONS:
        # The hand-written vectors and those generated from the schema (`zero-sdk generate`).
        for file_name in ("cases.jsonl", "generated.jsonl"):
            path = ROOT / "conformance" / f"v{version}" / file_name
            if not path.exists():  # a new version has generated vectors before hand-written ones
                continue
            # Records are separated by "\n" only (a record may hold a raw U+2028).
            for line in path.read_text(encoding="utf-8").split("\n"):
                if line.strip():
                    case = json.loads(line)
                    cases.append(pytest.param(version, case, id=f"v{version}:{case['name']}"))
    return cases


@pytest.mark.parametrize(("version", "case"), _cases())
def test_conformance_case(version: int, case: dict[str, Any]) -> None:
    line = case["line"]
    strict = case["expect"] == "invalid"
    if case["expect"] == "invalid":
        with pytest.raises(ProtocolError) as caught:
            if case["direction"] == "input":
                decode_input(line, version=version)
            else:
                decode_output(line, mode="strict", version=version)
        assert (caught.value.kind, caught.value.field) == (case["error"]["kind"], case["error"]["field"])
        return
    event = (
        decode_input(line, version=version)
        if case["direction"] == "input"
        else decode_output(line, mode="strict" if strict else "lenient", version=version)
    )
    raw = json.loads(line)
    if case["expect"] == "unknown":
        assert isinstance(event, UnknownEvent)
        assert (event.type, event.wire_type, event.raw) == ("unknown", raw["type"], raw)
    else:
        module = MODULES[version]
        types = module.INPUT_EVENT_TYPES if case["direction"] == "input" else module.OUTPUT_EVENT_TYPES
        assert type(event) is types[raw["type"]]
        assert event.type == raw["type"]
    assert json.loads(encode_event(event)) == raw


def _unknown_field_cases() -> list[Any]:
    return [
        p
        for p in _cases()
        if p.values[1]["expect"] == "invalid"
        and p.values[1]["direction"] == "output"
        and p.values[1]["error"]["kind"] == "unknown_field"
    ]


@pytest.mark.parametrize(("version", "case"), _unknown_field_cases())
def test_lenient_keeps_unknown_fields_and_writes_them_back(version: int, case: dict[str, Any]) -> None:
    event = decode_output(case["line"], mode="lenient")
    assert not isinstance(event, UnknownEvent)
    path = case["error"]["field"].split(".")
    owner: Any = event
    for part in path[:-1]:
        owner = getattr(owner, next(f for f in owner.__struct_fields__ if _wire(owner, f) == part))
    assert path[-1] in extra_fields(owner)
    assert json.loads(encode_event(event)) == json.loads(case["line"])
    with pytest.warns(UserWarning, match=path[-1]):
        decode_output(case["line"], mode="warn")


def _wire(owner: Any, attr: str) -> str:
    encode_fields: tuple[str, ...] = owner.__struct_encode_fields__
    wire: str = encode_fields[owner.__struct_fields__.index(attr)]
    return wire
