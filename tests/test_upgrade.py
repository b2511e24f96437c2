"""`zero_client.upgrade`: every valid v1 output vector becomes a valid v2 event; the v1 -> v2
mapping (block, grant, cancel, filled fields) is exact; v2 and unknown events pass through."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from zero_client.protocol import UnknownEvent, decode_output, encode_event, extra_fields, v1, v2
from zero_client.upgrade import MISSING_RISK_REASON, UpgradeError, upgrade, upgrade_line

CONFORMANCE = Path(__file__).resolve().parent.parent / "conformance"


def cases(version: int, expect: str) -> list[dict[str, Any]]:
    found = []
    with open(CONFORMANCE / f"v{version}" / "cases.jsonl", encoding="utf-8") as handle:
        for record in handle.read().split("\n"):
            if record:
                case = json.loads(record)
                if case["direction"] == "output" and case["expect"] == expect:
                    found.append(case)
    return found


V1_VALID = cases(1, "valid")
V2_VALID = cases(2, "valid")


def wire(event: Any) -> dict[str, Any]:
    result: dict[str, Any] = msgspec.json.decode(encode_event(event))
    return result


def test_there_are_vectors() -> None:
    assert len(V1_VALID) > 50 and len(V2_VALID) > 50


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


def test_violation_becomes_block_and_max_autonomy_is_dropped() -> None:
    line = next(c["line"] for c in V1_VALID if c["name"] == "output/permission_decision/persistent-deny")
    new = upgrade(decode_output(line, mode="strict"))
    assert isinstance(new, v2.PermissionDecisionEvent)
    assert isinstance(new.block, v2.Block)
    assert new.block.code == "persistent_deny"
    assert isinstance(new.grant, v2.Grant)
    assert "maxAutonomy" not in wire(new)["grant"]


def test_generic_permission_cancel_becomes_a_permission_decision() -> None:
    line = next(c["line"] for c in V1_VALID if c["name"] == "output/permission/cancel")
    old = decode_output(line, mode="strict")
    assert isinstance(old, v1.PermissionEvent)
    new = upgrade(old)
    assert isinstance(new, v2.PermissionDecisionEvent)
    assert new.action == "cancel"
    assert new.permission_granted is False


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
    assert isinstance(new, v2.TextEvent)
    assert extra_fields(new) == {"futureField": {"a": 1}}


def test_an_extra_field_that_collides_with_v2_is_an_upgrade_error() -> None:
    line = (
        '{"action":"deny","block":"not an object","permissionGranted":false,"risk":{"level":"low"},'
        '"runId":"run_1","schemaVersion":1,"type":"permission_decision"}'
    )
    with pytest.raises(UpgradeError, match="cannot present a schemaVersion 1 'permission_decision'"):
        upgrade_line(line)


def test_upgrading_a_whole_v1_transcript_reads_like_v2() -> None:
    path = Path(__file__).resolve().parent / "transcripts" / "valid" / "v1-permissions.jsonl"
    events = [upgrade_line(line) for line in path.read_bytes().splitlines()]
    assert all(e.schema_version == 2 for e in events)
    assert [e.type for e in events].count("permission_decision") == 3
    assert not any(isinstance(e, v2.PermissionEvent) for e in events)
