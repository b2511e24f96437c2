"""Every conformance vector through the Python codec: right class, round trip, error kind/field.

One test per vector file (conformance/vN/cases.jsonl, hand-written, and generated.jsonl, from
`zero-sdk generate`) checks every vector in it and reports all mismatches at once.
"""

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
VECTOR_FILES = [
    (version, file_name)
    for version in SUPPORTED_SCHEMA_VERSIONS
    for file_name in ("cases.jsonl", "generated.jsonl")
    # a new version has generated vectors before hand-written ones
    if (ROOT / "conformance" / f"v{version}" / file_name).exists()
]
FILE_IDS = [f"v{version}/{file_name}" for version, file_name in VECTOR_FILES]


def _records(version: int, file_name: str) -> list[dict[str, Any]]:
    path = ROOT / "conformance" / f"v{version}" / file_name
    # Records are separated by "\n" only (a record may hold a raw U+2028).
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]
    assert records, f"{path} holds no vectors"
    return records


def _decode(version: int, case: dict[str, Any], mode: str = "strict") -> Any:
    if case["direction"] == "input":
        return decode_input(case["line"], version=version)
    return decode_output(case["line"], mode=mode, version=version)  # type: ignore[arg-type]


def _mismatch(version: int, case: dict[str, Any]) -> str | None:
    """How the codec disagrees with the vector's expectation (None if it agrees)."""
    if case["expect"] == "invalid":
        expected = (case["error"]["kind"], case["error"]["field"])
        try:
            _decode(version, case)
        except ProtocolError as error:
            got = (error.kind, error.field)
            return None if got == expected else f"expected ProtocolError{expected}, got {got}"
        return f"expected ProtocolError{expected}, decoded without error"
    try:
        event = _decode(version, case, mode="lenient")
    except ProtocolError as error:
        return f"expected {case['expect']}, got ProtocolError({error.kind!r}, {error.field!r}): {error}"
    raw = json.loads(case["line"])
    if case["expect"] == "unknown":
        if not isinstance(event, UnknownEvent):
            return f"expected an UnknownEvent, got {type(event).__name__}"
        if (event.type, event.wire_type, event.raw) != ("unknown", raw["type"], raw):
            return f"UnknownEvent holds {(event.type, event.wire_type, event.raw)!r}"
    else:
        module = MODULES[version]
        types = module.INPUT_EVENT_TYPES if case["direction"] == "input" else module.OUTPUT_EVENT_TYPES
        if type(event) is not types[raw["type"]] or event.type != raw["type"]:
            return f"decoded as {type(event).__name__} (type {event.type!r})"
    if json.loads(encode_event(event)) != raw:
        return f"does not round-trip: {encode_event(event)!r}"
    return None


@pytest.mark.parametrize(("version", "file_name"), VECTOR_FILES, ids=FILE_IDS)
def test_every_vector_decodes_as_expected(version: int, file_name: str) -> None:
    """Invalid vectors raise a ProtocolError of the vector's kind and field; valid ones decode to
    their event class and encode back to the same JSON; unknown ones become an UnknownEvent."""
    records = _records(version, file_name)
    problems = [f"{case['name']}: {problem}" for case in records if (problem := _mismatch(version, case))]
    assert not problems, f"{len(problems)} of {len(records)} vectors:\n" + "\n".join(problems)


def _lenient_mismatch(case: dict[str, Any]) -> str | None:
    """How a lenient decode of an output line with an unknown field fails to keep and write it back."""
    event = decode_output(case["line"], mode="lenient")
    if isinstance(event, UnknownEvent):
        return "decoded as an UnknownEvent"
    path = case["error"]["field"].split(".")
    owner: Any = event
    for part in path[:-1]:
        owner = getattr(owner, next(f for f in owner.__struct_fields__ if _wire(owner, f) == part))
    if path[-1] not in extra_fields(owner):
        return f"{path[-1]!r} not in extra_fields: {extra_fields(owner)}"
    if json.loads(encode_event(event)) != json.loads(case["line"]):
        return f"does not round-trip: {encode_event(event)!r}"
    with pytest.warns(UserWarning, match=path[-1]):
        decode_output(case["line"], mode="warn")
    return None


@pytest.mark.parametrize(("version", "file_name"), VECTOR_FILES, ids=FILE_IDS)
def test_lenient_keeps_unknown_fields_and_writes_them_back(version: int, file_name: str) -> None:
    """Every output vector whose fault is an unknown field: lenient decoding keeps the field (in
    extra_fields of the object that holds it), writes it back, and `warn` mode warns about it."""
    unknown_fields = [
        case
        for case in _records(version, file_name)
        if case["expect"] == "invalid"
        and case["direction"] == "output"
        and case["error"]["kind"] == "unknown_field"
    ]
    assert unknown_fields, f"v{version}/{file_name} has no unknown-field output vector"
    problems = [
        f"{case['name']}: {problem}" for case in unknown_fields if (problem := _lenient_mismatch(case))
    ]
    assert not problems, f"{len(problems)} of {len(unknown_fields)} vectors:\n" + "\n".join(problems)


def _wire(owner: Any, attr: str) -> str:
    encode_fields: tuple[str, ...] = owner.__struct_encode_fields__
    wire: str = encode_fields[owner.__struct_fields__.index(attr)]
    return wire
