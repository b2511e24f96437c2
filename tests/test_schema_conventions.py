"""The canonical schemas are valid 2020-12 documents and follow docs/CONTRACTS.md, which the
binding generator relies on."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator
from schema_support import INPUT_EVENTS, OUTPUT_EVENTS, VERSIONS, load_schema

NESTED_DEFS = {
    1: {"Risk", "Violation", "Grant", "Display", "CheckpointInfo", "InputImage"},
    2: {"Risk", "Block", "Grant", "Display", "CheckpointInfo", "InputImage"},
}


def event_defs(version: int) -> dict[str, tuple[str, dict[str, Any]]]:
    """Event definition name -> (wire type, definition), for both directions."""
    defs = load_schema(version)["$defs"]
    by_type = {**INPUT_EVENTS, **OUTPUT_EVENTS[version]}
    return {name: (wire_type, defs[name]) for wire_type, name in by_type.items()}


@pytest.mark.parametrize("version", VERSIONS)
def test_schema_is_valid_against_the_2020_12_metaschema(version: int) -> None:
    Draft202012Validator.check_schema(load_schema(version))


@pytest.mark.parametrize("version", VERSIONS)
def test_top_level_keys_follow_the_contract(version: int) -> None:
    schema = load_schema(version)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"https://zero-sdk.dev/schema/v{version}.json"
    assert schema["x-zero-schema-version"] == version
    assert schema["title"] and schema["description"]
    assert schema["oneOf"] == [{"$ref": "#/$defs/InputEvent"}, {"$ref": "#/$defs/OutputEvent"}]


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize(("union", "direction"), [("InputEvent", "input"), ("OutputEvent", "output")])
def test_union_discriminator_maps_exactly_its_members(version: int, union: str, direction: str) -> None:
    definition = load_schema(version)["$defs"][union]
    members = [entry["$ref"] for entry in definition["oneOf"]]
    mapping = definition["discriminator"]["mapping"]
    assert definition["discriminator"]["propertyName"] == "type"
    assert sorted(mapping.values()) == sorted(members)
    assert len(set(members)) == len(members)
    expected = INPUT_EVENTS if direction == "input" else OUTPUT_EVENTS[version]
    assert mapping == {wire_type: f"#/$defs/{name}" for wire_type, name in expected.items()}


@pytest.mark.parametrize("version", VERSIONS)
def test_every_event_is_a_closed_titled_object_with_type_and_version_consts(version: int) -> None:
    for name, (wire_type, definition) in event_defs(version).items():
        assert definition["type"] == "object", name
        assert definition["title"] and definition["description"], name
        assert definition["additionalProperties"] is False, name
        properties = definition["properties"]
        assert properties["type"]["const"] == wire_type, name
        assert properties["schemaVersion"]["const"] == version, name
        assert set(definition["required"]) <= set(properties), name
        assert {"schemaVersion", "type"} <= set(definition["required"]), name


@pytest.mark.parametrize("version", VERSIONS)
def test_every_output_event_requires_run_id_with_the_format_event_pattern(version: int) -> None:
    for wire_type, name in OUTPUT_EVENTS[version].items():
        definition = load_schema(version)["$defs"][name]
        assert "runId" in definition["required"], wire_type
        assert definition["properties"]["runId"]["pattern"] == "^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$"


@pytest.mark.parametrize("version", VERSIONS)
def test_every_property_of_every_object_has_a_description(version: int) -> None:
    defs = load_schema(version)["$defs"]
    objects = {name: defs[name] for name in event_defs(version)} | {
        name: defs[name] for name in NESTED_DEFS[version]
    }
    for name, definition in objects.items():
        for prop, prop_schema in definition["properties"].items():
            assert prop_schema.get("description"), f"{name}.{prop} has no description"


@pytest.mark.parametrize("version", VERSIONS)
def test_defs_are_exactly_the_unions_events_and_named_nested_objects(version: int) -> None:
    defs = load_schema(version)["$defs"]
    expected = {"InputEvent", "OutputEvent"} | set(event_defs(version)) | NESTED_DEFS[version]
    assert set(defs) == expected
    for name in NESTED_DEFS[version]:
        assert defs[name]["type"] == "object" and defs[name]["additionalProperties"] is False, name
        assert defs[name]["title"] == name and defs[name]["description"], name


def _refs(node: object) -> list[str]:
    if isinstance(node, dict):
        found = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return found + [ref for value in node.values() for ref in _refs(value)]
    if isinstance(node, list):
        return [ref for item in node for ref in _refs(item)]
    return []


@pytest.mark.parametrize("version", VERSIONS)
def test_every_ref_points_at_an_existing_def_and_every_def_is_used(version: int) -> None:
    schema = load_schema(version)
    refs = set(_refs(schema))
    targets = {ref.removeprefix("#/$defs/") for ref in refs}
    assert all(ref.startswith("#/$defs/") for ref in refs)
    assert targets == set(schema["$defs"])


@pytest.mark.parametrize("version", VERSIONS)
def test_enums_are_non_empty_unique_string_lists(version: int) -> None:
    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            if "enum" in node:
                values = node["enum"]
                assert node.get("type") == "string", where
                assert values and all(isinstance(value, str) for value in values), where
                assert len(set(values)) == len(values), where
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for index, item in enumerate(node):
                walk(item, f"{where}/{index}")

    walk(load_schema(version), "#")


SAFE_INTEGER = 2**53 - 1


def _integer_properties(node: object, where: str) -> list[tuple[str, dict[str, Any]]]:
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(node, dict):
        if node.get("type") == "integer":
            found.append((where, node))
        for key, value in node.items():
            found += _integer_properties(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, item in enumerate(node):
            found += _integer_properties(item, f"{where}/{index}")
    return found


@pytest.mark.parametrize("version", VERSIONS)
def test_every_integer_has_both_bounds_within_the_safe_integer_range(version: int) -> None:
    """Every client holds an integer field exactly (a TypeScript `number` is exact up to 2^53-1),
    and an integer beyond it is a `constraint` error at the field in every language, because the
    bounds say so in the schema (schema/CHANGES.md)."""
    integers = _integer_properties(load_schema(version), "#")
    assert len(integers) >= 7  # token counts, exitCode, the CheckpointInfo counters
    for where, node in integers:
        low, high = node.get("minimum"), node.get("maximum")
        assert type(low) is int and type(high) is int, f"{where}: bounds {low}, {high}"
        assert -SAFE_INTEGER <= low <= high <= SAFE_INTEGER, f"{where}: bounds {low}, {high}"


def test_v1_and_v2_differ_where_the_change_log_says() -> None:
    v1, v2 = load_schema(1)["$defs"], load_schema(2)["$defs"]
    assert "violation" in v1["PermissionDecisionEvent"]["properties"]
    assert "block" not in v1["PermissionDecisionEvent"]["properties"]
    assert "block" in v2["PermissionDecisionEvent"]["properties"]
    assert "violation" not in v2["PermissionDecisionEvent"]["properties"]
    assert "maxAutonomy" in v1["Grant"]["required"]
    assert "maxAutonomy" not in v2["Grant"]["properties"]
    assert {"scope", "scopeKind", "session"} <= set(v2["Grant"]["properties"])
    assert not {"scope", "scopeKind", "session"} & set(v1["Grant"]["properties"])
    assert set(v2["Block"]["properties"]["code"]["enum"]) - set(
        v1["Violation"]["properties"]["code"]["enum"]
    ) == {"denied"}
    assert v1["PermissionDecisionEvent"]["properties"]["action"]["enum"] == ["allow", "deny"]
    assert v2["PermissionDecisionEvent"]["properties"]["action"]["enum"] == ["allow", "deny", "cancel"]
    for name in ("PermissionEvent", "PermissionRequestEvent", "PermissionDecisionEvent"):
        assert not {"risk", "permissionGranted"} & set(v1[name]["required"]), name
        assert {"risk", "permissionGranted"} <= set(v2[name]["required"]), name
    assert set(v2["RunEndEvent"]["properties"]["status"]["enum"]) - set(
        v1["RunEndEvent"]["properties"]["status"]["enum"]
    ) == {"incomplete"}
    assert set(v2["ErrorEvent"]["properties"]["code"]["enum"]) - set(
        v1["ErrorEvent"]["properties"]["code"]["enum"]
    ) == {"incomplete"}
