"""ATIF validation for the tests: the JSON Schemas generated from Harbor's models
(conformance/atif/, provenance in each schema's `$comment`), plus the rules of Harbor's model
validators that JSON Schema cannot state, and Harbor's own `TrajectoryValidator` when it can be
imported (Harbor needs Python >= 3.12; `ATIF_HARBOR_PATH` may name an unpacked Harbor wheel)."""

from __future__ import annotations

import json
import os
import sys
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "conformance" / "atif"


@cache
def _validator(version: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((SCHEMAS / f"{version}.schema.json").read_text())
    return jsonschema.Draft202012Validator(schema)


def schema_for(schema_version: str) -> str:
    """The committed schema that checks a trajectory of `schema_version`: the one generated from
    the oldest Harbor whose models know that version (harbor 0.1.10: up to ATIF-v1.2; 0.1.45:
    up to v1.6; 0.26.0: up to v1.8), so a field a version does not have fails."""
    for schema in ("ATIF-v1.2", "ATIF-v1.6"):
        if _version(schema_version) <= _version(schema):
            return schema
    return "ATIF-v1.8"


def _version(name: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in name.removeprefix("ATIF-v").split("."))
    except ValueError:
        return (99,)  # not an ATIF version: the latest schema reports it


def cross_item_problems(trajectory: dict[str, Any]) -> list[str]:
    """What Harbor's Trajectory validators check across items: step ids sequential from 1, and
    every observation result's `source_call_id` naming a tool call of its own step."""
    problems = []
    for index, step in enumerate(trajectory.get("steps", [])):
        if step.get("step_id") != index + 1:
            problems.append(f"steps[{index}].step_id: expected {index + 1}, got {step.get('step_id')}")
        ids = {call.get("tool_call_id") for call in step.get("tool_calls") or []}
        for result in (step.get("observation") or {}).get("results", []):
            source = result.get("source_call_id")
            if source is not None and source not in ids:
                problems.append(f"steps[{index}]: source_call_id {source!r} is not a tool call of the step")
    return problems


def atif_problems(trajectory: dict[str, Any], *, schema: str | None = None) -> list[str]:
    """Every reason the field's tools would reject `trajectory` ([] when it is valid)."""
    version = schema or schema_for(str(trajectory.get("schema_version")))
    problems = [
        f"{'/'.join(map(str, error.absolute_path)) or '<root>'}: {error.message}"
        for error in _validator(version).iter_errors(trajectory)
    ]
    return problems + cross_item_problems(trajectory)


@cache
def harbor_validator() -> Any:
    """Harbor's TrajectoryValidator class, or None when Harbor cannot be imported here."""
    extra = os.environ.get("ATIF_HARBOR_PATH")
    if extra and extra not in sys.path:
        sys.path.insert(0, extra)
    try:
        from harbor.utils.trajectory_validator import (  # type: ignore[import-not-found, unused-ignore]
            TrajectoryValidator,
        )
    except ImportError:
        return None
    return TrajectoryValidator


def harbor_problems(trajectory: dict[str, Any]) -> list[str]:
    validator = harbor_validator()()
    validator.validate(trajectory)
    return list(validator.errors)
