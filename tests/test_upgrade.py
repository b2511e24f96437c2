"""`zero_client.upgrade`: the interpreter of the schema's `x-zero-upgrade` step tables.

- Every bump in the registry: each valid output vector of version N-1 upgrades to a valid event of
  version N, with every field the steps do not name carried over unchanged.
- `upgrade` to the latest types: identity for latest and unknown events, original version and
  line kept on upgraded ones, lenient extras carried over, collisions reported.
- Each op of the step language on hand-made tables (rename, remove, retype, default + sources).
- The v1 -> v2 table says what schema/CHANGES.md says (violation -> block, ...): these tests mean
  that one bump, so they name its versions.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from zero_client import events, versions
from zero_client.protocol import UnknownEvent, decode_output, encode_event, extra_fields
from zero_client.upgrade import (
    LATEST_SCHEMA_VERSION,
    UpgradeError,
    upgrade,
    upgrade_batch,
    upgrade_line,
    upgrade_lines,
    upgrade_object,
)

ROOT = Path(__file__).resolve().parent.parent
CONFORMANCE = ROOT / "conformance"
BUMPS = [(v, v + 1) for v in versions.SUPPORTED_SCHEMA_VERSIONS[:-1]]


def cases(version: int, expect: str) -> list[dict[str, Any]]:
    found = []
    for name in ("cases.jsonl", "generated.jsonl"):
        path = CONFORMANCE / f"v{version}" / name
        if not path.exists():
            continue
        for record in path.read_text(encoding="utf-8").split("\n"):
            if record:
                case = json.loads(record)
                if case["direction"] == "output" and case["expect"] == expect:
                    found.append(case)
    return found


def wire(event: Any) -> dict[str, Any]:
    result: dict[str, Any] = msgspec.json.decode(encode_event(event))
    return result


def _named_fields(steps: tuple[dict[str, Any], ...]) -> set[str]:
    """Top-level fields any step reads or writes (the rest must be carried over as they were)."""
    names: set[str] = {"schemaVersion", "type"}
    for step in steps:
        for key in ("from", "to", "path"):
            if isinstance(step.get(key), list) and step[key] and isinstance(step[key][0], str):
                names.add(step[key][0])
    return names


@pytest.mark.parametrize("case", V1_VALID, ids=lambda c: c["name"])
def test_every_valid_v1_vector_upgrades_to_a_valid_v2_event(case: dict[str, Any]) -> None:
    old = decode_output(case["line"], mode="strict")
    assert old.schema_version == 1
    new = upgrade(old)
    assert not isinstance(new, UnknownEvent)
    # Re-encode and decode strictly as v2: the upgraded event is a real v2 event.
    again = decode_output(encode_event(new), mode="strict", version=2)
    assert again == new
    assert new.schema_version == 2
    before, after = wire(old), wire(new)
    if "violation" in before:
        assert after["block"] == before["violation"]
    if "grant" in before:
        assert after["grant"] == {k: v for k, v in before["grant"].items() if k != "maxAutonomy"}
    untouched = {"schemaVersion", "type", "violation", "block", "grant", "risk", "permissionGranted"}
    assert {k: v for k, v in before.items() if k not in untouched} == {
        k: v for k, v in after.items() if k not in untouched
    }


@pytest.mark.parametrize(("old", "new"), BUMPS, ids=[f"v{a}-v{b}" for a, b in BUMPS])
def test_every_valid_output_vector_upgrades_to_a_valid_event_of_the_next_version(old: int, new: int) -> None:
    valid = cases(old, "valid")
    assert len(valid) > 50
    carried = _named_fields(versions.UPGRADE_STEPS[old])
    failures = []
    for case in valid:
        before = json.loads(case["line"])
        after = upgrade_object(before, old, new)
        try:
            event = decode_output(json.dumps(after), mode="strict", version=new)
        except Exception as exc:
            failures.append(f"{case['name']}: {exc}")
            continue
        assert not isinstance(event, UnknownEvent)
        assert after["schemaVersion"] == new and before["schemaVersion"] == old  # input untouched
        same_before = {k: v for k, v in before.items() if k not in carried}
        if same_before != {k: v for k, v in after.items() if k not in carried}:
            failures.append(f"{case['name']}: a field no step names changed")
    assert not failures, "\n".join(failures)


def test_latest_and_unknown_events_pass_through_as_the_same_object() -> None:
    failures = []
    for case in cases(LATEST_SCHEMA_VERSION, "valid"):
        event = decode_output(case["line"], mode="strict")
        if upgrade(event) is not event or isinstance(event, UnknownEvent) or event.original_line is not None:
            failures.append(case["name"])
    assert not failures
    for version in versions.SUPPORTED_SCHEMA_VERSIONS:
        for case in cases(version, "unknown"):
            unknown = decode_output(case["line"], mode="lenient")
            assert isinstance(unknown, UnknownEvent) and upgrade(unknown) is unknown


def test_generic_permission_with_another_action_stays_generic() -> None:
    line = (
        '{"action":"escalate","permissionGranted":false,"risk":{"level":"low"},'
        '"runId":"run_1","schemaVersion":1,"type":"permission"}'
    )
    new = upgrade(decode_output(line, mode="strict"))
    assert isinstance(new, v2.PermissionEvent)
    assert new.action == "escalate"


def test_missing_v1_fields_are_filled_visibly() -> None:
    line = next(c["line"] for c in V1_VALID if c["name"] == "seed/06-permission_request")
    new = upgrade(decode_output(line, mode="strict"))
    assert isinstance(new, v2.PermissionRequestEvent)
    assert new.permission_granted is False
    assert new.risk == v2.Risk(level="low", reason=MISSING_RISK_REASON)
    allow = next(c["line"] for c in V1_VALID if c["name"] == "seed/07-permission_decision")
    decided = upgrade(decode_output(allow, mode="strict"))
    assert isinstance(decided, v2.PermissionDecisionEvent) and decided.permission_granted is True


def test_missing_risk_is_taken_from_the_violation() -> None:
    line = (
        '{"action":"deny","runId":"run_1","schemaVersion":1,"type":"permission_decision",'
        '"violation":{"action":"deny","code":"network","reason":"","recoverable":false,'
        '"risk":{"categories":["network"],"level":"high"}}}'
    )
    new = upgrade(decode_output(line, mode="strict"))
    assert isinstance(new, v2.PermissionDecisionEvent)
    assert new.risk == v2.Risk(level="high", categories=["network"])
    assert new.permission_granted is False


@pytest.mark.parametrize("case", V2_VALID, ids=lambda c: c["name"])
def test_v2_events_pass_through_unchanged(case: dict[str, Any]) -> None:
    event = decode_output(case["line"], mode="strict")
    assert upgrade(event) is event


@pytest.mark.parametrize("case", cases(1, "unknown"), ids=lambda c: c["name"])
def test_unknown_events_pass_through(case: dict[str, Any]) -> None:
    event = decode_output(case["line"], mode="lenient")
    assert isinstance(event, UnknownEvent)
    assert upgrade(event) is event


def test_unknown_fields_kept_by_a_lenient_decode_are_carried_over() -> None:
    line = '{"delta":"hi","futureField":{"a":1},"runId":"run_1","schemaVersion":1,"type":"text"}'
    new = upgrade_line(line)
    assert isinstance(new, events.TextEvent) and new.delta == "hi"
    assert extra_fields(new) == {"futureField": {"a": 1}}


def test_an_extra_field_that_collides_with_v2_is_an_upgrade_error() -> None:
    line = (
        '{"action":"deny","block":"not an object","permissionGranted":false,"risk":{"level":"low"},'
        '"runId":"run_1","schemaVersion":1,"type":"permission_decision"}'
    )
    with pytest.raises(UpgradeError, match="cannot present a schemaVersion 1 'permission_decision'"):
        upgrade_line(line)
    assert caught.value.kind == "upgrade_failed"


def test_upgrading_a_whole_v1_transcript_reads_like_the_latest_version() -> None:
    path = ROOT / "tests" / "transcripts" / "valid" / "v1-permissions.jsonl"
    upgraded = [upgrade_line(line) for line in path.read_bytes().splitlines()]
    assert all(e.schema_version == LATEST_SCHEMA_VERSION for e in upgraded)
    assert [e.type for e in upgraded].count("permission_decision") == 3
    assert not any(isinstance(e, V1.PermissionEvent) for e in upgraded)


@pytest.mark.parametrize("version", versions.SUPPORTED_SCHEMA_VERSIONS[:-1])
def test_the_batch_paths_give_exactly_what_upgrade_gives(version: int) -> None:
    # upgrade_lines rewrites the schemaVersion of step-free lines before decoding; upgrade_batch
    # upgrades decoded events: both must agree with `upgrade` event for event, origin included.
    lines = [case["line"].encode() for case in cases(version, "valid")]
    lines = [line for line in lines if decode_output(line, mode="lenient").schema_version == version]
    expected = [upgrade_line(line) for line in lines]
    from_lines = upgrade_lines(lines, version)
    assert from_lines is not None
    decoded = [decode_output(line, mode="lenient") for line in lines]
    for got in (from_lines, upgrade_batch(decoded, lines)):
        assert got == expected
        known = [e for e in got if not isinstance(e, UnknownEvent)]
        origins = [(e.original_schema_version, e.original_line) for e in known]
        assert origins == [(version, line) for line in lines]


def test_a_nested_schema_version_is_never_rewritten() -> None:
    oldest = versions.SUPPORTED_SCHEMA_VERSIONS[0]
    line = (
        f'{{"args":{{"schemaVersion":{oldest},"type":"text"}},"id":"c","name":"x","runId":"run_1",'
        f'"schemaVersion":{oldest},"sideEffect":"read","type":"tool_call"}}'
    ).encode()
    [event] = upgrade_lines([line], oldest) or []
    assert isinstance(event, events.ToolCallEvent) and event.args == {"schemaVersion": oldest, "type": "text"}
