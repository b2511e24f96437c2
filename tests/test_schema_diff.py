"""`zero-sdk schema diff`: the exact v1 -> v2 report, and one focused case per category on small
hand-made schema pairs written to tmp_path."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from zero_sdk.cli import main
from zero_sdk.model import load_schema
from zero_sdk.schema_diff import LEVELS, Change, diff_schemas

REPO = Path(__file__).resolve().parent.parent
PERMISSION_EVENTS = ("permission", "permission_request", "permission_decision")
PERM = tuple(sorted(PERMISSION_EVENTS))


def summary(changes: tuple[Change, ...]) -> list[tuple[str, str, str, str, tuple[str, ...]]]:
    return [(c.level, c.kind, c.direction, c.path, tuple(sorted(c.events))) for c in changes]


# --- v1 -> v2: every change docs/protocol.md section 8 names, and nothing else ------------------------

V1_TO_V2 = sorted(
    [
        # 8.2: the version bump, on both directions.
        (
            "wire-breaking",
            "schema-version-changed",
            "output",
            "schemaVersion",
            tuple(
                sorted(
                    [
                        "run_start",
                        "text",
                        "tool_call",
                        "checkpoint",
                        "permission",
                        "permission_request",
                        "permission_decision",
                        "tool_result",
                        "restore",
                        "usage",
                        "final",
                        "warning",
                        "error",
                        "run_end",
                    ]
                )
            ),
        ),
        ("breaks-input-writers", "schema-version-changed", "input", "schemaVersion", ("message", "prompt")),
        # 8.2: violation -> block, a rename, plus the new catch-all code.
        ("wire-breaking", "field-renamed", "output", "block", PERM),
        ("breaks-closed-clients", "enum-value-added", "output", "block.code", PERM),
        # 8.2: grant.maxAutonomy removed; scope/scopeKind/session added before the bump.
        ("wire-breaking", "field-removed", "output", "grant.maxAutonomy", PERM),
        ("additive", "field-added", "output", "grant.scope", PERM),
        ("additive", "field-added", "output", "grant.scopeKind", PERM),
        ("additive", "field-added", "output", "grant.session", PERM),
        # 8.3: reasoning; incomplete status and error code. 8.3 (v1 era): cancel as a decision.
        ("breaks-closed-clients", "event-added", "output", "", ("reasoning",)),
        ("breaks-closed-clients", "enum-value-added", "output", "status", ("run_end",)),
        ("breaks-closed-clients", "enum-value-added", "output", "code", ("error",)),
        ("breaks-closed-clients", "enum-value-added", "output", "action", ("permission_decision",)),
        # Not in section 8: a schema decision (CHANGES.md), v1 optional because the seed examples
        # omit them, v2 required because the writer always sets them.
        ("additive", "field-required", "output", "permissionGranted", PERM),
        ("additive", "field-required", "output", "risk", PERM),
    ]
)


def test_v1_to_v2_reports_exactly_the_documented_changes() -> None:
    result = diff_schemas(load_schema(REPO / "schema/v1.json"), load_schema(REPO / "schema/v2.json"))
    assert sorted(summary(result.changes)) == V1_TO_V2
    by_path = {(c.kind, c.path): c for c in result.changes}
    assert by_path[("field-renamed", "block")].old == "violation"
    assert by_path[("enum-value-added", "block.code")].new == "denied"
    assert by_path[("enum-value-added", "action")].new == "cancel"
    assert by_path[("enum-value-added", "status")].new == "incomplete"
    assert by_path[("enum-value-added", "code")].new == "incomplete"
    assert by_path[("schema-version-changed", "schemaVersion")].old == 1


def test_v1_to_v2_without_rename_detection_is_a_removal_plus_an_addition() -> None:
    result = diff_schemas(
        load_schema(REPO / "schema/v1.json"), load_schema(REPO / "schema/v2.json"), detect_renames=False
    )
    kinds = {(c.kind, c.path) for c in result.changes}
    assert ("field-removed", "violation") in kinds
    assert ("field-added", "block") in kinds
    assert not any(c.kind == "field-renamed" for c in result.changes)


def test_cli_text_and_json_for_versions(tmp_path: Path) -> None:
    runner = CliRunner()
    text = runner.invoke(main, ["schema", "diff", "1", "2", "--root", str(REPO)])
    assert text.exit_code == 0, text.output
    assert "field `violation` renamed to `block` (Violation -> Block)" in text.output
    assert "wire-breaking (3):" in text.output
    as_json = runner.invoke(main, ["schema", "diff", "1", "2", "--root", str(REPO), "--format", "json"])
    report = json.loads(as_json.output)
    assert report["old"]["schemaVersion"] == 1 and report["new"]["schemaVersion"] == 2
    assert report["counts"] == {
        "wire-breaking": 3,
        "breaks-input-writers": 1,
        "breaks-closed-clients": 5,
        "additive": 5,
    }
    assert len(report["changes"]) == len(V1_TO_V2)


@pytest.mark.parametrize(
    ("fail_on", "exit_code"),
    [("wire-breaking", 1), ("breaks-input-writers", 1), ("breaks-closed-clients", 1), ("additive", 1)],
)
def test_fail_on_gates_on_v1_to_v2(fail_on: str, exit_code: int) -> None:
    result = CliRunner().invoke(main, ["schema", "diff", "1", "2", "--root", str(REPO), "--fail-on", fail_on])
    assert result.exit_code == exit_code


def test_identical_schemas_have_no_changes_and_pass_every_gate() -> None:
    result = CliRunner().invoke(
        main,
        ["schema", "diff", "2", str(REPO / "schema/v2.json"), "--root", str(REPO), "--fail-on", "additive"],
    )
    assert result.exit_code == 0, result.output
    assert "no changes" in result.output


@pytest.mark.parametrize("spec", ["7", "nope.json"])
def test_missing_schema_is_a_clear_error(spec: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["schema", "diff", "2", spec, "--root", str(REPO)])
    assert result.exit_code != 0
    assert "no such schema file" in result.output
    assert "Traceback" not in result.output


def test_invalid_schema_file_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    result = CliRunner().invoke(main, ["schema", "diff", "2", str(bad), "--root", str(REPO)])
    assert result.exit_code == 1
    assert "invalid schema" in result.output and "bad.json" in result.output


# --- Small hand-made schema pairs ----------------------------------------------------------------


def prop(kind: str, **extra: Any) -> dict[str, Any]:
    node: dict[str, Any] = {"description": "d", **extra}
    if kind != "any":
        node["type"] = kind
    return node


def event(type_const: str, version: int, props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "title": type_const,
        "description": "d",
        "properties": {
            "schemaVersion": {"const": version, "description": "d"},
            "type": {"const": type_const, "description": "d"},
            **props,
        },
        "required": ["schemaVersion", "type", *required],
        "additionalProperties": False,
    }


def base_doc(version: int = 1) -> dict[str, Any]:
    """A tiny schema: input `prompt`, outputs `run_end` and `perm` (with a nested `Grant`)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://zero-sdk.dev/schema/v{version}.json",
        "title": "t",
        "description": "d",
        "x-zero-schema-version": version,
        "oneOf": [{"$ref": "#/$defs/InputEvent"}, {"$ref": "#/$defs/OutputEvent"}],
        "$defs": {
            "InputEvent": {
                "oneOf": [{"$ref": "#/$defs/PromptInput"}],
                "discriminator": {"propertyName": "type", "mapping": {"prompt": "#/$defs/PromptInput"}},
            },
            "OutputEvent": {
                "oneOf": [{"$ref": "#/$defs/RunEndEvent"}, {"$ref": "#/$defs/PermEvent"}],
                "discriminator": {
                    "propertyName": "type",
                    "mapping": {"run_end": "#/$defs/RunEndEvent", "perm": "#/$defs/PermEvent"},
                },
            },
            "PromptInput": event(
                "prompt",
                version,
                {"content": prop("string", pattern="\\S"), "tag": prop("string")},
                ["content"],
            ),
            "RunEndEvent": event(
                "run_end",
                version,
                {
                    "status": prop("string", enum=["success", "error"]),
                    "exitCode": prop("integer", minimum=0),
                    "runId": prop("string"),
                },
                ["exitCode", "runId"],
            ),
            "PermEvent": event(
                "perm",
                version,
                {
                    "runId": prop("string"),
                    "grant": {"$ref": "#/$defs/Grant", "description": "d"},
                    "files": {"type": "array", "items": {"type": "string"}, "description": "d"},
                },
                ["runId"],
            ),
            "Grant": {
                "type": "object",
                "description": "d",
                "additionalProperties": False,
                "properties": {"toolName": prop("string"), "level": prop("string", enum=["low", "high"])},
                "required": ["toolName"],
            },
        },
    }


def add_output_event(doc: dict[str, Any], type_const: str, name: str, definition: dict[str, Any]) -> None:
    doc["$defs"][name] = definition
    doc["$defs"]["OutputEvent"]["oneOf"].append({"$ref": f"#/$defs/{name}"})
    doc["$defs"]["OutputEvent"]["discriminator"]["mapping"][type_const] = f"#/$defs/{name}"


def diff_docs(tmp_path: Path, old: dict[str, Any], new: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    (tmp_path / "old.json").write_text(json.dumps(old), encoding="utf-8")
    (tmp_path / "new.json").write_text(json.dumps(new), encoding="utf-8")
    result = diff_schemas(load_schema(tmp_path / "old.json"), load_schema(tmp_path / "new.json"))
    return sorted((c.level, c.kind, c.direction, c.path) for c in result.changes)


def test_hand_made_identical_pair_has_no_changes(tmp_path: Path) -> None:
    assert diff_docs(tmp_path, base_doc(), base_doc()) == []


def test_required_output_field_removed_is_wire_breaking(tmp_path: Path) -> None:
    new = base_doc()
    del new["$defs"]["RunEndEvent"]["properties"]["exitCode"]
    new["$defs"]["RunEndEvent"]["required"].remove("exitCode")
    assert diff_docs(tmp_path, base_doc(), new) == [("wire-breaking", "field-removed", "output", "exitCode")]


def test_output_field_type_change_is_wire_breaking(tmp_path: Path) -> None:
    new = base_doc()
    new["$defs"]["RunEndEvent"]["properties"]["exitCode"] = prop("string")
    assert diff_docs(tmp_path, base_doc(), new) == [("wire-breaking", "type-changed", "output", "exitCode")]


def test_output_enum_value_removed_is_wire_breaking_and_added_breaks_closed_clients(tmp_path: Path) -> None:
    new = base_doc()
    new["$defs"]["RunEndEvent"]["properties"]["status"]["enum"] = ["success", "incomplete"]
    assert diff_docs(tmp_path, base_doc(), new) == [
        ("breaks-closed-clients", "enum-value-added", "output", "status"),
        ("wire-breaking", "enum-value-removed", "output", "status"),
    ]


def test_output_event_removed_is_wire_breaking_and_added_breaks_closed_clients(tmp_path: Path) -> None:
    new = base_doc()
    add_output_event(new, "beat", "BeatEvent", event("beat", 1, {"runId": prop("string")}, ["runId"]))
    assert diff_docs(tmp_path, base_doc(), new) == [("breaks-closed-clients", "event-added", "output", "")]
    assert diff_docs(tmp_path, new, base_doc()) == [("wire-breaking", "event-removed", "output", "")]


def test_output_field_made_optional_is_wire_breaking_and_required_is_additive(tmp_path: Path) -> None:
    new = base_doc()
    new["$defs"]["RunEndEvent"]["required"].remove("exitCode")
    assert diff_docs(tmp_path, base_doc(), new) == [("wire-breaking", "field-optional", "output", "exitCode")]
    assert diff_docs(tmp_path, new, base_doc()) == [("additive", "field-required", "output", "exitCode")]


def test_new_output_fields_are_additive(tmp_path: Path) -> None:
    new = base_doc()
    new["$defs"]["RunEndEvent"]["properties"]["note"] = prop("string")
    new["$defs"]["RunEndEvent"]["properties"]["code"] = prop("integer")
    new["$defs"]["RunEndEvent"]["required"].append("code")
    assert diff_docs(tmp_path, base_doc(), new) == [
        ("additive", "field-added", "output", "code"),
        ("additive", "field-added", "output", "note"),
    ]


def test_nested_fields_are_reported_with_their_path(tmp_path: Path) -> None:
    new = base_doc()
    grant = new["$defs"]["Grant"]
    del grant["properties"]["level"]
    grant["properties"]["scope"] = prop("string")
    grant["properties"]["scopeKind"] = prop("string", enum=["file", "dir"])
    assert diff_docs(tmp_path, base_doc(), new) == [
        ("additive", "field-added", "output", "grant.scope"),
        ("additive", "field-added", "output", "grant.scopeKind"),
        ("wire-breaking", "field-removed", "output", "grant.level"),
    ]


def test_rename_of_a_nested_object_field_with_identical_inner_shape(tmp_path: Path) -> None:
    old = base_doc()
    new = copy.deepcopy(old)
    perm = new["$defs"]["PermEvent"]["properties"]
    perm["permit"] = perm.pop("grant")
    new["$defs"]["Permit"] = new["$defs"].pop("Grant")
    perm["permit"]["$ref"] = "#/$defs/Permit"
    new["$defs"]["Permit"]["properties"]["level"]["enum"].append("critical")
    (tmp_path / "old.json").write_text(json.dumps(old), encoding="utf-8")
    (tmp_path / "new.json").write_text(json.dumps(new), encoding="utf-8")
    result = diff_schemas(load_schema(tmp_path / "old.json"), load_schema(tmp_path / "new.json"))
    assert [(c.level, c.kind, c.path) for c in result.changes] == [
        ("wire-breaking", "field-renamed", "permit"),
        ("breaks-closed-clients", "enum-value-added", "permit.level"),
    ]
    assert "(Grant -> Permit)" in result.changes[0].message


def test_different_shapes_are_not_a_rename(tmp_path: Path) -> None:
    new = base_doc()
    perm = new["$defs"]["PermEvent"]["properties"]
    del perm["files"]
    perm["count"] = prop("integer")
    assert diff_docs(tmp_path, base_doc(), new) == [
        ("additive", "field-added", "output", "count"),
        ("wire-breaking", "field-removed", "output", "files"),
    ]


def test_array_item_and_constraint_changes(tmp_path: Path) -> None:
    new = base_doc()
    new["$defs"]["PermEvent"]["properties"]["files"]["items"] = {"type": "integer"}
    new["$defs"]["RunEndEvent"]["properties"]["exitCode"] = prop("integer")  # minimum 0 dropped: looser
    assert diff_docs(tmp_path, base_doc(), new) == [
        ("breaks-closed-clients", "constraint-changed", "output", "exitCode"),
        ("wire-breaking", "type-changed", "output", "files[]"),
    ]


def test_integer_maximum_changes_are_compared_like_minimum(tmp_path: Path) -> None:
    old = base_doc()
    old["$defs"]["RunEndEvent"]["properties"]["exitCode"]["maximum"] = 255
    raised, lowered = copy.deepcopy(old), copy.deepcopy(old)
    raised["$defs"]["RunEndEvent"]["properties"]["exitCode"]["maximum"] = 1000  # looser output
    lowered["$defs"]["RunEndEvent"]["properties"]["exitCode"]["maximum"] = 130  # tighter output
    looser = ("breaks-closed-clients", "constraint-changed", "output", "exitCode")
    assert diff_docs(tmp_path, old, raised) == [looser]
    assert diff_docs(tmp_path, old, lowered) == [("additive", "constraint-changed", "output", "exitCode")]
    result = diff_schemas(load_schema(tmp_path / "old.json"), load_schema(tmp_path / "new.json"))
    assert "maximum of `exitCode` changed: 255 -> 130" in result.changes[0].message


def test_schema_version_bump_breaks_input_writers_and_output_readers(tmp_path: Path) -> None:
    assert diff_docs(tmp_path, base_doc(1), base_doc(2)) == [
        ("breaks-input-writers", "schema-version-changed", "input", "schemaVersion"),
        ("wire-breaking", "schema-version-changed", "output", "schemaVersion"),
    ]


def test_input_changes_break_input_writers(tmp_path: Path) -> None:
    new = base_doc()
    prompt = new["$defs"]["PromptInput"]
    del prompt["properties"]["tag"]  # an input field removed
    prompt["properties"]["mode"] = prop("string", enum=["a"])
    prompt["required"].append("mode")  # a new required input field
    prompt["properties"]["content"]["pattern"] = "\\S{2}"  # a changed input constraint
    assert diff_docs(tmp_path, base_doc(), new) == [
        ("breaks-input-writers", "constraint-changed", "input", "content"),
        ("breaks-input-writers", "field-added", "input", "mode"),
        ("breaks-input-writers", "field-removed", "input", "tag"),
    ]


def test_input_enum_value_removed_breaks_writers_added_is_additive(tmp_path: Path) -> None:
    old = base_doc()
    old["$defs"]["PromptInput"]["properties"]["tag"] = prop("string", enum=["a", "b"])
    new = copy.deepcopy(old)
    new["$defs"]["PromptInput"]["properties"]["tag"]["enum"] = ["a", "c"]
    assert diff_docs(tmp_path, old, new) == [
        ("additive", "enum-value-added", "input", "tag"),
        ("breaks-input-writers", "enum-value-removed", "input", "tag"),
    ]


def test_new_optional_input_field_is_additive(tmp_path: Path) -> None:
    new = base_doc()
    new["$defs"]["PromptInput"]["properties"]["note"] = prop("string")
    assert diff_docs(tmp_path, base_doc(), new) == [("additive", "field-added", "input", "note")]


@pytest.mark.parametrize("fail_on", LEVELS)
def test_fail_on_is_ordered(tmp_path: Path, fail_on: str) -> None:
    """Only an additive change: every gate but `additive` passes."""
    new = base_doc()
    new["$defs"]["RunEndEvent"]["properties"]["note"] = prop("string")
    (tmp_path / "old.json").write_text(json.dumps(base_doc()), encoding="utf-8")
    (tmp_path / "new.json").write_text(json.dumps(new), encoding="utf-8")
    result = CliRunner().invoke(
        main, ["schema", "diff", str(tmp_path / "old.json"), str(tmp_path / "new.json"), "--fail-on", fail_on]
    )
    assert result.exit_code == (1 if fail_on == "additive" else 0), result.output


def test_fail_on_closed_clients_catches_a_new_event_but_not_wire_breaking(tmp_path: Path) -> None:
    new = base_doc()
    add_output_event(new, "beat", "BeatEvent", event("beat", 1, {"runId": prop("string")}, ["runId"]))
    (tmp_path / "old.json").write_text(json.dumps(base_doc()), encoding="utf-8")
    (tmp_path / "new.json").write_text(json.dumps(new), encoding="utf-8")
    args = ["schema", "diff", str(tmp_path / "old.json"), str(tmp_path / "new.json"), "--fail-on"]
    assert CliRunner().invoke(main, [*args, "wire-breaking"]).exit_code == 0
    assert CliRunner().invoke(main, [*args, "breaks-input-writers"]).exit_code == 0
    assert CliRunner().invoke(main, [*args, "breaks-closed-clients"]).exit_code == 1


def test_scalar_rename_needs_identical_type_and_description(tmp_path: Path) -> None:
    new = base_doc()
    props = new["$defs"]["RunEndEvent"]["properties"]
    props["code"] = props.pop("exitCode")
    new["$defs"]["RunEndEvent"]["required"] = ["schemaVersion", "type", "code", "runId"]
    assert diff_docs(tmp_path, base_doc(), new) == [("wire-breaking", "field-renamed", "output", "code")]
    props["code"]["description"] = "something else"
    assert diff_docs(tmp_path, base_doc(), new) == [
        ("additive", "field-added", "output", "code"),
        ("wire-breaking", "field-removed", "output", "exitCode"),
    ]
