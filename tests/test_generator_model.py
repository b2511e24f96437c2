"""The schema model: loads the real schemas and rejects broken ones with file + pointer."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from zero_sdk.model import ConstType, EnumType, RefType, SchemaModelError, load_schema

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
