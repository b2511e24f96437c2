"""The schema model: loads the real schemas and rejects broken ones with file + pointer."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from zero_sdk.generate_cmd import load_schemas
from zero_sdk.model import (
    ConstSource,
    ConstType,
    CopySource,
    DefaultStep,
    EnumType,
    RefType,
    RenameStep,
    SchemaModelError,
    check_upgrade_chain,
    load_schema,
)

ROOT = Path(__file__).resolve().parents[1]


def _schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((ROOT / "schema" / "v2.json").read_text(encoding="utf-8"))
    return loaded


def test_real_schemas_load_completely() -> None:
    schema = load_schema(ROOT / "schema" / "v2.json")
    request = schema.event("output", "permission_request")
    assert request.name == "PermissionRequestEvent" and request.title
    assert request.field("permissionGranted").py_name == "permission_granted"
    assert request.field("risk").type == RefType("Risk")
    assert isinstance(schema.object("Risk").field("level").type, EnumType)
    assert schema.event("input", "message").field("role").type == ConstType("user")
    assert schema.event("input", "message").any_of


def _break(tmp_path: Path, edit: Any) -> SchemaModelError:
    document = copy.deepcopy(_schema())
    edit(document)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(SchemaModelError) as caught:
        load_schema(path)
    assert str(path) in str(caught.value)
    return caught.value


def test_duplicate_type_const(tmp_path: Path) -> None:
    def edit(d: dict[str, Any]) -> None:
        d["$defs"]["TextEvent"]["properties"]["type"]["const"] = "run_start"

    assert _break(tmp_path, edit).pointer == "/$defs/TextEvent/properties/type/const"


def test_mapping_mismatch(tmp_path: Path) -> None:
    def edit(d: dict[str, Any]) -> None:
        d["$defs"]["OutputEvent"]["discriminator"]["mapping"]["text"] = "#/$defs/FinalEvent"

    assert _break(tmp_path, edit).pointer == "/$defs/OutputEvent/discriminator/mapping"


def test_missing_description(tmp_path: Path) -> None:
    def edit(d: dict[str, Any]) -> None:
        del d["$defs"]["Risk"]["properties"]["level"]["description"]

    assert _break(tmp_path, edit).pointer == "/$defs/Risk/properties/level"


def test_snake_case_property(tmp_path: Path) -> None:
    def edit(d: dict[str, Any]) -> None:
        d["$defs"]["Risk"]["properties"]["risk_level"] = {"type": "string", "description": "x"}

    error = _break(tmp_path, edit)
    assert error.pointer == "/$defs/Risk/properties/risk_level" and "camelCase" in error.message


def test_missing_type(tmp_path: Path) -> None:
    def edit(d: dict[str, Any]) -> None:
        d["$defs"]["Risk"]["properties"]["level"] = {"description": "x", "enum": ["a"]}

    assert _break(tmp_path, edit).pointer == "/$defs/Risk/properties/level"


# --- x-zero-exit-codes and x-zero-upgrade -------------------------------------------------------


def test_exit_code_annotations_load_as_tuples() -> None:
    schema = load_schema(ROOT / "schema" / "v2.json")
    code = schema.event("output", "error").field("code").type
    status = schema.event("output", "run_end").field("status").type
    assert isinstance(code, EnumType) and isinstance(status, EnumType)
    raw_codes = schema.raw["$defs"]["ErrorEvent"]["properties"]["code"]["x-zero-exit-codes"]
    assert dict(code.exit_codes) == {value: (raw_codes[value],) for value in code.values}
    assert [value for value, _ in status.exit_codes] == list(status.values)
    assert dict(status.exit_codes)["error"] == (1, 2, 3)
    plain = schema.object("Risk").field("level").type
    assert isinstance(plain, EnumType) and plain.exit_codes == ()


_CODE = ("$defs", "ErrorEvent", "properties", "code")
_CODE_POINTER = "/$defs/ErrorEvent/properties/code/x-zero-exit-codes"


def _at(document: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
    node = document
    for key in path:
        node = node[key]
    return node


@pytest.mark.parametrize(
    ("change", "pointer", "message"),
    [
        (lambda t: t.pop("incomplete"), _CODE_POINTER, "missing ['incomplete']"),
        (lambda t: t.update(bogus=1), _CODE_POINTER, "extra ['bogus']"),
        (lambda t: t.update(usage_error="2"), f"{_CODE_POINTER}/usage_error", "exit code"),
        (lambda t: t.update(usage_error=[]), f"{_CODE_POINTER}/usage_error", "exit code"),
        (lambda t: t.update(usage_error=256), f"{_CODE_POINTER}/usage_error", "exit code"),
        (lambda t: t.update(usage_error=True), f"{_CODE_POINTER}/usage_error", "exit code"),
    ],
)
def test_malformed_exit_codes(tmp_path: Path, change: Any, pointer: str, message: str) -> None:
    def edit(d: dict[str, Any]) -> None:
        change(_at(d, _CODE)["x-zero-exit-codes"])

    error = _break(tmp_path, edit)
    assert error.pointer == pointer and message in error.message


def test_exit_codes_only_on_enums(tmp_path: Path) -> None:
    def edit(d: dict[str, Any]) -> None:
        d["$defs"]["ErrorEvent"]["properties"]["message"]["x-zero-exit-codes"] = {}

    error = _break(tmp_path, edit)
    assert error.pointer == "/$defs/ErrorEvent/properties/message" and "x-zero-exit-codes" in error.message


def test_upgrade_table_loads_in_order() -> None:
    schema = load_schema(ROOT / "schema" / "v2.json")
    assert schema.upgrade is not None and schema.upgrade.from_version == 1
    assert [step.op for step in schema.upgrade.steps] == ["rename", "remove", "retype", "default", "default"]
    rename = schema.upgrade.steps[0]
    assert isinstance(rename, RenameStep) and (rename.source, rename.target) == (("violation",), ("block",))
    risk = schema.upgrade.steps[4]
    assert isinstance(risk, DefaultStep) and risk.path == ("risk",)
    assert isinstance(risk.sources[0], CopySource) and isinstance(risk.sources[1], ConstSource)
    table = schema.upgrade.as_json()
    assert table[0]["from"] == ["violation"]  # paths normalised to arrays
    raw_steps = schema.raw["x-zero-upgrade"]["steps"]
    assert [step["op"] for step in table] == [step["op"] for step in raw_steps]
    assert table[1:] == raw_steps[1:]
    assert load_schema(ROOT / "schema" / "v1.json").upgrade is None


_STEP = "/x-zero-upgrade/steps"


@pytest.mark.parametrize(
    ("change", "pointer", "message"),
    [
        (lambda u: u.update(steps={}), "/x-zero-upgrade/steps", "list"),
        (lambda u: u.update(to=1), "/x-zero-upgrade", "unknown keys ['to']"),
        (lambda u: u.update({"from": 2}), "/x-zero-upgrade/from", "must be 1"),
        (lambda u: u["steps"][0].update(op="move"), f"{_STEP}/0/op", "unknown op 'move'"),
        (lambda u: u["steps"][0].update(events=[]), f"{_STEP}/0/events", "non-empty"),
        (lambda u: u["steps"][0].update(to=[]), f"{_STEP}/0/to", "field name"),
        (lambda u: u["steps"][0].update(extra=1), f"{_STEP}/0", "unknown keys ['extra']"),
        (lambda u: u["steps"][1].update(path="grant"), f"{_STEP}/1/path", "list of field names"),
        (lambda u: u["steps"][1].update(path=["type"]), f"{_STEP}/1/path", "retype"),
        (lambda u: u["steps"][2]["when"].pop("equals"), f"{_STEP}/2/when", "missing `equals`"),
        (lambda u: u["steps"][2].update(to=None), f"{_STEP}/2/to", "event `type`"),
        (lambda u: u["steps"][3].update({"from": []}), f"{_STEP}/3/from", "non-empty"),
        (lambda u: u["steps"][3]["from"].append({"guess": 1}), f"{_STEP}/3/from/1", "unknown source 'guess'"),
        (
            lambda u: u["steps"][3]["from"].append({"copy": [], "const": 1}),
            f"{_STEP}/3/from/1",
            "exactly one",
        ),
        (lambda u: u["steps"][4]["from"][0].update(copy="block"), f"{_STEP}/4/from/0/copy", "list"),
        (lambda u: u["steps"][3]["from"][0]["equals"].pop("value"), f"{_STEP}/3/from/0/equals", "`value`"),
    ],
)
def test_malformed_upgrade_steps(tmp_path: Path, change: Any, pointer: str, message: str) -> None:
    def edit(d: dict[str, Any]) -> None:
        change(d["x-zero-upgrade"])

    error = _break(tmp_path, edit)
    assert error.pointer == pointer and message in error.message


def _chain_error(tmp_path: Path, change: Any) -> SchemaModelError:
    document = copy.deepcopy(_schema())
    change(document)
    path = tmp_path / "v2.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(SchemaModelError) as caught:
        check_upgrade_chain([load_schema(ROOT / "schema" / "v1.json"), load_schema(path)])
    assert caught.value.path == str(path)
    return caught.value


def test_upgrade_chain_checks_event_names_against_the_older_version(tmp_path: Path) -> None:
    # `reasoning` exists in v2 only: a step from v1 cannot name it.
    error = _chain_error(tmp_path, lambda d: d["x-zero-upgrade"]["steps"][0]["events"].append("reasoning"))
    assert error.pointer == f"{_STEP}/0/events" and "reasoning" in error.message


def test_upgrade_chain_checks_retype_targets_against_the_newer_version(tmp_path: Path) -> None:
    error = _chain_error(tmp_path, lambda d: d["x-zero-upgrade"]["steps"][2].update(to="permission_cancel"))
    assert error.pointer == f"{_STEP}/2/to" and "permission_cancel" in error.message


def test_upgrade_chain_needs_a_table_after_the_first_version(tmp_path: Path) -> None:
    error = _chain_error(tmp_path, lambda d: d.pop("x-zero-upgrade"))
    assert error.pointer == "/x-zero-upgrade" and "missing" in error.message


def test_upgrade_chain_accepts_the_real_schemas() -> None:
    assert len(load_schemas(ROOT)) >= 2  # load_schemas checks the chain
