"""The conformance vectors agree with the canonical schemas, and the seed document's examples
validate against v1 (so the seed cannot silently diverge from v1.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import schema_support
from schema_support import (
    INPUT_EVENTS,
    OUTPUT_EVENTS,
    SEED_DOC,
    VERSIONS,
    Case,
    ConformanceFileError,
    classify,
    load_cases,
    parse_wire_object,
    seed_direction,
    seed_example_lines,
)


def mismatch(case: Case) -> str | None:
    """Why jsonschema's verdict on `case` differs from the vector's expectation (None if it agrees)."""
    verdict = classify(case.version, case.direction, case.line)
    if verdict.expect != case.expect:
        return f"{case.name}: expected {case.expect}, jsonschema says {verdict}"
    wrong_error = verdict.kind != case.error_kind or case.error_field not in verdict.fields
    if case.expect == "invalid" and wrong_error:
        return f"{case.name}: expected {case.error_kind} at {case.error_field!r}, jsonschema says {verdict}"
    return None


@pytest.mark.parametrize("version", VERSIONS)
def test_every_vector_classifies_as_expected(version: int) -> None:
    """Every vector of the version (hand-written and generated) against the jsonschema oracle;
    all mismatches are reported at once. Fails on any vector whose verdict, error kind or field
    jsonschema disagrees with."""
    cases = load_cases(version)
    assert cases, f"no conformance vectors for v{version}"
    mismatches = [problem for case in cases if (problem := mismatch(case)) is not None]
    assert not mismatches, f"{len(mismatches)} of {len(cases)} v{version} vectors:\n" + "\n".join(mismatches)


@pytest.mark.parametrize("version", VERSIONS)
def test_case_names_are_unique(version: int) -> None:
    names = [case.name for case in load_cases(version)]
    duplicates = sorted({name for name in names if names.count(name) > 1})
    assert not duplicates


@pytest.mark.parametrize("version", VERSIONS)
def test_cases_cover_every_event_type_every_outcome_and_every_error_kind(version: int) -> None:
    cases = load_cases(version)
    valid_types = {
        (case.direction, obj["type"])
        for case in cases
        if case.expect == "valid" and (obj := parse_wire_object(case.line)) is not None
    }
    expected_types = {("input", t) for t in INPUT_EVENTS} | {("output", t) for t in OUTPUT_EVENTS[version]}
    assert expected_types <= valid_types
    assert {case.expect for case in cases} == {"valid", "invalid", "unknown"}
    assert {case.error_kind for case in cases if case.error_kind} == {
        "invalid_json",
        "unknown_field",
        "missing_field",
        "wrong_type",
        "bad_enum",
        "bad_const",
        "unknown_type",
        "constraint",
    }


@pytest.mark.parametrize("version", VERSIONS)
def test_unknown_cases_are_objects_with_the_output_envelope(version: int) -> None:
    for case in load_cases(version):
        if case.expect != "unknown":
            continue
        obj = parse_wire_object(case.line)
        assert obj is not None and case.direction == "output", case.name
        assert obj["schemaVersion"] == version and isinstance(obj["runId"], str), case.name
        assert isinstance(obj["type"], str), case.name


def test_seed_doc_examples_validate_against_v1_and_are_vectors() -> None:
    if not SEED_DOC.exists():
        pytest.skip(f"seed document not present at {SEED_DOC}")
    examples = seed_example_lines(SEED_DOC.read_text(encoding="utf-8"))
    # The seed shows 2 input and 10 output examples; a parser that finds fewer is broken.
    assert len(examples) >= 12
    vector_lines = {case.line for case in load_cases(1) if case.expect == "valid"}
    for line in examples:
        verdict = classify(1, seed_direction(line), line)
        assert verdict.expect == "valid", f"seed example rejected by v1.json: {line} ({verdict})"
        assert line in vector_lines, f"seed example missing from conformance/v1/cases.jsonl: {line}"


def test_seed_extraction_skips_only_the_envelope_illustration() -> None:
    text = (
        'Every event must include:\n{ "schemaVersion": 1, "type": "..." }\n'
        '{ "schemaVersion": 1, "type": "prompt", "content": "x" }\nprose {not json\n'
    )
    assert seed_example_lines(text) == ['{ "schemaVersion": 1, "type": "prompt", "content": "x" }']
    with pytest.raises(ConformanceFileError, match="not a JSON object"):
        seed_example_lines('{ "schemaVersion": 1, "type": \n')


@pytest.mark.parametrize(("version", "other"), [(1, 2), (2, 1)])
def test_valid_lines_of_one_version_are_rejected_by_the_other(version: int, other: int) -> None:
    for case in load_cases(version):
        if case.expect == "valid":
            assert classify(other, case.direction, case.line).expect == "invalid", case.name


def test_malformed_case_files_are_reported_with_their_location(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "conformance"
    (root / "v1").mkdir(parents=True)
    case = {"name": "x", "direction": "output", "line": "{}", "expect": "invalid"}
    (root / "v1" / "cases.jsonl").write_text("", encoding="utf-8")
    (root / "v1" / "generated.jsonl").write_text(json.dumps(case) + "\n", encoding="utf-8")
    monkeypatch.setattr(schema_support, "CONFORMANCE_DIR", root)
    with pytest.raises(ConformanceFileError, match=r"generated\.jsonl:1 \(x\): invalid cases need"):
        load_cases(1)
