"""Shared helpers of the schema tests: load the canonical schemas and conformance vectors, and
classify a raw wire line against a schema the way conformance/README.md defines it.

The classifier is the Python reference reading of the vectors. Acceptance is decided by the whole
schema (root `oneOf`); the error kind and field come from validating against the one event
definition the line's `type` selects, because errors under a root `oneOf` do not name a field.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, relevance

REPO_ROOT = Path(__file__).resolve().parent.parent
SCHEMA_DIR = REPO_ROOT / "schema"
CONFORMANCE_DIR = REPO_ROOT / "conformance"
# The protocol document this project started from (schemaVersion 1), kept verbatim.
SEED_DOC = REPO_ROOT / "docs" / "reference" / "SEED-stream-json-v1.txt"
VERSIONS = (1, 2)

Direction = Literal["input", "output"]
Expectation = Literal["valid", "invalid", "unknown"]
ERROR_KINDS = frozenset(
    {
        "invalid_json",
        "unknown_field",
        "missing_field",
        "wrong_type",
        "bad_enum",
        "bad_const",
        "unknown_type",
        "constraint",
    }
)
# Wire type -> event definition name, as docs/CONTRACTS.md names them.
INPUT_EVENTS: Mapping[str, str] = {"prompt": "PromptInput", "message": "MessageInput"}
OUTPUT_EVENTS_V1: Mapping[str, str] = {
    "run_start": "RunStartEvent",
    "text": "TextEvent",
    "tool_call": "ToolCallEvent",
    "checkpoint": "CheckpointEvent",
    "permission": "PermissionEvent",
    "permission_request": "PermissionRequestEvent",
    "permission_decision": "PermissionDecisionEvent",
    "tool_result": "ToolResultEvent",
    "restore": "RestoreEvent",
    "usage": "UsageEvent",
    "final": "FinalEvent",
    "warning": "WarningEvent",
    "error": "ErrorEvent",
    "run_end": "RunEndEvent",
}
OUTPUT_EVENTS: Mapping[int, Mapping[str, str]] = {
    1: OUTPUT_EVENTS_V1,
    2: {**OUTPUT_EVENTS_V1, "reasoning": "ReasoningEvent"},
}
UNION_BY_DIRECTION: Mapping[Direction, str] = {"input": "InputEvent", "output": "OutputEvent"}

# jsonschema keyword -> conformance error kind; keywords not listed here are constraints.
KIND_BY_KEYWORD: Mapping[str, str] = {
    "additionalProperties": "unknown_field",
    "required": "missing_field",
    "type": "wrong_type",
    "enum": "bad_enum",
    "const": "bad_const",
}


class ConformanceFileError(Exception):
    """A conformance file is malformed; the message names the file, line and problem."""


@dataclass(frozen=True)
class Case:
    """One conformance vector (one line of conformance/vN/cases.jsonl)."""

    version: int
    name: str
    direction: Direction
    line: str
    expect: Expectation
    error_kind: str | None
    error_field: str | None


@dataclass(frozen=True)
class Verdict:
    """How a line fares against a schema. `fields` lists every field the failing check names
    (one, except for an `anyOf` rule such as "content unless images", which names each branch)."""

    expect: Expectation
    kind: str | None = None
    fields: tuple[str, ...] = field(default=())


@cache
def load_schema(version: int) -> dict[str, Any]:
    with (SCHEMA_DIR / f"v{version}.json").open(encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


# The hand-written vectors, then those `zero-sdk generate --lang conformance` writes from the schema.
CASE_FILES = ("cases.jsonl", "generated.jsonl")


def cases_path(version: int, file_name: str = "cases.jsonl") -> Path:
    return CONFORMANCE_DIR / f"v{version}" / file_name


def load_cases(version: int, files: Sequence[str] = CASE_FILES) -> list[Case]:
    """Every vector of version `version`: the records of each of `files`, in file order."""
    cases: list[Case] = []
    for file_name in files:
        cases += _load_case_file(version, cases_path(version, file_name))
    return cases


def _load_case_file(version: int, path: Path) -> list[Case]:
    cases: list[Case] = []
    # Records are separated by "\n" only: str.splitlines() would also split inside a record at
    # U+2028 or U+0085, which JSON allows raw in strings.
    for number, raw in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1):
        where = f"{path}:{number}"
        if not raw:
            continue
        try:
            record = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise ConformanceFileError(f"{where}: not JSON: {exc}") from exc
        cases.append(_case_from_record(version, record, where))
    return cases


def _case_from_record(version: int, record: object, where: str) -> Case:
    if not isinstance(record, dict):
        raise ConformanceFileError(f"{where}: a case must be a JSON object")
    allowed = {"name", "direction", "line", "expect", "error"}
    extra = sorted(set(record) - allowed)
    if extra:
        raise ConformanceFileError(f"{where}: unknown case keys {extra}")
    name, direction, line, expect = (record.get(key) for key in ("name", "direction", "line", "expect"))
    if not isinstance(name, str) or not name:
        raise ConformanceFileError(f"{where}: `name` must be a non-empty string")
    if direction not in ("input", "output"):
        raise ConformanceFileError(f"{where} ({name}): `direction` must be input or output")
    if not isinstance(line, str):
        raise ConformanceFileError(f"{where} ({name}): `line` must be a string")
    if expect not in ("valid", "invalid", "unknown"):
        raise ConformanceFileError(f"{where} ({name}): `expect` must be valid, invalid or unknown")
    error = record.get("error")
    if expect != "invalid":
        if error is not None:
            raise ConformanceFileError(f"{where} ({name}): `error` is only allowed on invalid cases")
        return Case(version, name, direction, line, expect, None, None)
    if not isinstance(error, dict) or set(error) != {"kind", "field"}:
        raise ConformanceFileError(f"{where} ({name}): invalid cases need `error` = {{kind, field}}")
    kind, error_field = error["kind"], error["field"]
    if kind not in ERROR_KINDS:
        raise ConformanceFileError(f"{where} ({name}): unknown error kind {kind!r}")
    if not isinstance(error_field, str):
        raise ConformanceFileError(f"{where} ({name}): `error.field` must be a string")
    return Case(version, name, direction, line, expect, kind, error_field)


def parse_wire_object(line: str) -> dict[str, Any] | None:
    """Decode a line as one JSON object the way a Go decoder would: NaN/Infinity and a leading
    BOM are not JSON, nor is a fraction or exponent beyond the float64 range (`1e400`: no client
    can hold it); anything that is not a single object yields None."""

    def reject_constant(token: str) -> Any:
        raise ValueError(f"{token} is not JSON")

    def finite_float(token: str) -> float:
        value = float(token)
        if math.isinf(value):
            raise ValueError(f"{token} is outside the float64 range")
        return value

    try:
        value = json.loads(line, parse_constant=reject_constant, parse_float=finite_float)
    except ValueError:  # JSONDecodeError is a ValueError
        return None
    return value if isinstance(value, dict) else None


def dotted_path(parts: Iterable[str | int]) -> str:
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def _child(path: Sequence[str | int], name: str) -> str:
    return dotted_path([*path, name])


def _error_fields(error: ValidationError) -> tuple[str, tuple[str, ...]]:
    """The conformance kind of one jsonschema error and the field(s) it names."""
    path = list(error.absolute_path)
    if error.validator == "additionalProperties":
        known = set(error.schema.get("properties", {})) if isinstance(error.schema, dict) else set()
        instance = error.instance if isinstance(error.instance, dict) else {}
        return "unknown_field", tuple(_child(path, key) for key in sorted(set(instance) - known))
    if error.validator == "required":
        instance = error.instance if isinstance(error.instance, dict) else {}
        required = error.validator_value if isinstance(error.validator_value, list) else []
        return "missing_field", tuple(_child(path, key) for key in required if key not in instance)
    if error.validator in ("anyOf", "oneOf") and error.context:
        # A rule with alternatives names a field per failed branch ("content, or images").
        names = {name for sub in error.context for name in _error_fields(sub)[1]}
        return "constraint", tuple(sorted(names))
    kind = KIND_BY_KEYWORD.get(str(error.validator), "constraint")
    return kind, (dotted_path(path),)


@cache
def _validator(version: int, def_name: str | None) -> Draft202012Validator:
    schema = load_schema(version)
    if def_name is None:
        return Draft202012Validator(schema)
    focused = {key: value for key, value in schema.items() if key != "oneOf"}
    focused["$ref"] = f"#/$defs/{def_name}"
    return Draft202012Validator(focused)


def _most_relevant(errors: Iterable[ValidationError]) -> ValidationError | None:
    """jsonschema's own ranking of sibling errors, without best_match's descent into `anyOf`
    branches (that would report one arbitrary branch of "content unless images")."""
    return max(errors, key=relevance, default=None)


def _envelope_errors(version: int, obj: Mapping[str, Any]) -> Iterator[ValidationError]:
    """Errors against the fields every output event shares (schemaVersion and runId taken from
    RunEndEvent, so the envelope cannot drift from the schema; any string `type`)."""
    run_end = load_schema(version)["$defs"]["RunEndEvent"]["properties"]
    envelope = {
        "type": "object",
        "properties": {
            "schemaVersion": run_end["schemaVersion"],
            "type": {"type": "string"},
            "runId": run_end["runId"],
        },
        "required": ["schemaVersion", "type", "runId"],
    }
    yield from Draft202012Validator(envelope).iter_errors(obj)


def classify(version: int, direction: Direction, line: str) -> Verdict:
    """Classify one raw wire line against schema vN (see conformance/README.md)."""
    obj = parse_wire_object(line)
    if obj is None:
        return Verdict("invalid", "invalid_json", ("",))
    schema = load_schema(version)
    union = schema["$defs"][UNION_BY_DIRECTION[direction]]
    mapping: dict[str, str] = union["discriminator"]["mapping"]
    event_type = obj.get("type")
    if "type" not in obj:
        return Verdict("invalid", "missing_field", ("type",))
    if not isinstance(event_type, str):
        return Verdict("invalid", "wrong_type", ("type",))
    if event_type not in mapping:
        if direction == "input":
            return Verdict("invalid", "unknown_type", ("type",))
        envelope_error = _most_relevant(_envelope_errors(version, obj))
        if envelope_error is None:
            return Verdict("unknown")
        kind, names = _error_fields(envelope_error)
        return Verdict("invalid", kind, names)
    whole_schema_accepts = _validator(version, None).is_valid(obj)
    def_name = mapping[event_type].rsplit("/", 1)[-1]
    error = _most_relevant(_validator(version, def_name).iter_errors(obj))
    if error is None:
        if not whole_schema_accepts:
            raise AssertionError(f"{def_name} accepts a line the root schema rejects: {line}")
        return Verdict("valid")
    if whole_schema_accepts:
        raise AssertionError(f"root schema accepts a line {def_name} rejects: {line}")
    kind, names = _error_fields(error)
    return Verdict("invalid", kind, names)


def seed_example_lines(seed_text: str) -> list[str]:
    """Every JSON example line of the seed doc, except the `"type": "..."` envelope illustration
    (it shows the required keys, not an event)."""
    examples: list[str] = []
    for raw in seed_text.splitlines():
        line = raw.strip()
        if not line.startswith("{"):
            continue
        obj = parse_wire_object(line)
        if obj is None:
            raise ConformanceFileError(f"seed doc example is not a JSON object: {line}")
        if obj.get("type") == "...":
            continue
        examples.append(line)
    return examples


def seed_direction(line: str) -> Direction:
    """The seed doc marks output events by their runId; input events have none."""
    obj = parse_wire_object(line)
    return "output" if obj is not None and "runId" in obj else "input"
