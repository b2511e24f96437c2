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

import gc
import json
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest
from zero_client import events, versions
from zero_client.protocol import ProtocolError, UnknownEvent, decode_output, encode_event, extra_fields
from zero_client.upgrade import (
    IN_PLACE_CLASSES,
    LATEST_SCHEMA_VERSION,
    UpgradeError,
    read_events,
    upgrade,
    upgrade_batch,
    upgrade_line,
    upgrade_lines,
    upgrade_lines_of_version,
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


def test_every_bump_has_a_step_table() -> None:
    assert BUMPS, "the registry lists fewer than two versions"
    assert sorted(versions.UPGRADE_STEPS) == [old for old, _ in BUMPS]


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


@pytest.mark.parametrize("version", versions.SUPPORTED_SCHEMA_VERSIONS[:-1])
def test_upgraded_events_are_latest_types_and_remember_their_line(version: int) -> None:
    for case in cases(version, "valid"):
        line = case["line"].encode()
        new = upgrade_line(line)
        assert type(new) in versions.MODULES[LATEST_SCHEMA_VERSION].OUTPUT_EVENT_TYPES.values(), case["name"]
        assert not isinstance(new, UnknownEvent)
        assert new.schema_version == LATEST_SCHEMA_VERSION
        assert (new.original_schema_version, new.original_line) == (version, line)


def test_unknown_fields_kept_by_a_lenient_decode_are_carried_over() -> None:
    oldest = versions.SUPPORTED_SCHEMA_VERSIONS[0]
    line = f'{{"delta":"hi","futureField":{{"a":1}},"runId":"run_1","schemaVersion":{oldest},"type":"text"}}'
    new = upgrade_line(line)
    assert isinstance(new, events.TextEvent) and new.delta == "hi"
    assert extra_fields(new) == {"futureField": {"a": 1}}


# --- The step language on hand-made tables -------------------------------------------------------


@pytest.fixture
def table(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = []
    monkeypatch.setattr(versions, "UPGRADE_STEPS", {1: steps})
    return steps


def test_rename_moves_top_level_and_nested_fields_and_skips_absent_ones(table: list[dict[str, Any]]) -> None:
    table += [
        {"op": "rename", "events": ["a"], "from": ["old"], "to": ["new"]},
        {"op": "rename", "events": ["a"], "from": ["g", "x"], "to": ["h", "y"]},
    ]
    raw = {"type": "a", "old": 1, "g": {"x": 2, "z": 3}}
    assert upgrade_object(raw, 1, 2) == {
        "type": "a",
        "new": 1,
        "g": {"z": 3},
        "h": {"y": 2},
        "schemaVersion": 2,
    }
    assert raw == {"type": "a", "old": 1, "g": {"x": 2, "z": 3}}  # the input is not modified
    assert upgrade_object({"type": "a"}, 1, 2) == {"type": "a", "schemaVersion": 2}
    assert upgrade_object({"type": "b", "old": 1}, 1, 2) == {"type": "b", "old": 1, "schemaVersion": 2}


def test_remove_drops_a_nested_field_only_where_it_is(table: list[dict[str, Any]]) -> None:
    table.append({"op": "remove", "events": ["a"], "path": ["g", "x"]})
    assert upgrade_object({"type": "a", "g": {"x": 1, "y": 2}}, 1, 2)["g"] == {"y": 2}
    assert upgrade_object({"type": "a", "g": "scalar"}, 1, 2)["g"] == "scalar"


def test_retype_applies_when_the_value_equals_and_later_steps_see_the_new_type(
    table: list[dict[str, Any]],
) -> None:
    table += [
        {"op": "retype", "events": ["a"], "when": {"path": ["k"], "equals": True}, "to": "b"},
        {"op": "default", "events": ["b"], "path": ["seen"], "from": [{"const": "as b"}]},
    ]
    assert upgrade_object({"type": "a", "k": True}, 1, 2) == {
        "type": "b",
        "k": True,
        "seen": "as b",
        "schemaVersion": 2,
    }
    assert upgrade_object({"type": "a", "k": 1}, 1, 2)["type"] == "a"  # JSON 1 is not true


def test_default_takes_the_first_source_that_yields_and_never_overwrites(table: list[dict[str, Any]]) -> None:
    table += [
        {
            "op": "default",
            "events": ["a"],
            "path": ["r"],
            "from": [{"copy": ["b", "r"]}, {"const": {"c": 1}}],
        },
        {
            "op": "default",
            "events": ["a"],
            "path": ["ok"],
            "from": [{"equals": {"path": ["act"], "value": "go"}}],
        },
    ]
    assert upgrade_object({"type": "a", "b": {"r": 5}, "act": "go"}, 1, 2)["r"] == 5
    filled = upgrade_object({"type": "a"}, 1, 2)
    assert (filled["r"], filled["ok"]) == ({"c": 1}, False)
    kept = upgrade_object({"type": "a", "r": None, "ok": "x", "act": "go"}, 1, 2)
    assert (kept["r"], kept["ok"]) == (None, "x")


def test_no_table_for_a_version_is_an_error(table: list[dict[str, Any]]) -> None:
    with pytest.raises(ValueError, match="no upgrade steps from schemaVersion 2"):
        upgrade_object({"type": "a"}, 2, 3)


# --- The v1 -> v2 table (schema/CHANGES.md); these tests mean that bump ------------------------

V1, V2 = versions.MODULES[1], versions.MODULES[2]


def _v1_to_v2(line: str) -> Any:
    return decode_output(json.dumps(upgrade_object(json.loads(line), 1, 2)), mode="strict", version=2)


def _v1_line(name: str) -> str:
    return str(next(c["line"] for c in cases(1, "valid") if c["name"] == name))


def test_v1_violation_becomes_block_and_max_autonomy_is_dropped() -> None:
    new = _v1_to_v2(_v1_line("output/permission_decision/persistent-deny"))
    assert isinstance(new, V2.PermissionDecisionEvent) and isinstance(new.block, V2.Block)
    assert new.block.code == "persistent_deny"
    assert isinstance(new.grant, V2.Grant) and "maxAutonomy" not in wire(new)["grant"]


def test_v1_generic_permission_cancel_becomes_a_permission_decision() -> None:
    new = _v1_to_v2(_v1_line("output/permission/cancel"))
    assert isinstance(new, V2.PermissionDecisionEvent)
    assert new.action == "cancel" and new.permission_granted is False
    other = ('{"action":"escalate","permissionGranted":false,"risk":{"level":"low"},'
             '"runId":"run_1","schemaVersion":1,"type":"permission"}')  # fmt: skip
    assert isinstance(_v1_to_v2(other), V2.PermissionEvent)


def test_v1_missing_fields_are_filled_visibly() -> None:
    new = _v1_to_v2(_v1_line("seed/06-permission_request"))
    assert isinstance(new, V2.PermissionRequestEvent) and new.permission_granted is False
    assert new.risk.level == "low" and "not reported by the schemaVersion 1 writer" in str(new.risk.reason)
    decided = _v1_to_v2(_v1_line("seed/07-permission_decision"))
    assert isinstance(decided, V2.PermissionDecisionEvent) and decided.permission_granted is True
    line = ('{"action":"deny","runId":"run_1","schemaVersion":1,"type":"permission_decision",'
            '"violation":{"action":"deny","code":"network","reason":"","recoverable":false,'
            '"risk":{"categories":["network"],"level":"high"}}}')  # fmt: skip
    from_block = _v1_to_v2(line)
    assert from_block.risk == V2.Risk(level="high", categories=["network"])


def test_an_extra_field_that_collides_with_the_newer_schema_is_an_upgrade_error() -> None:
    line = ('{"action":"deny","block":"not an object","permissionGranted":false,"risk":{"level":"low"},'
            '"runId":"run_1","schemaVersion":1,"type":"permission_decision"}')  # fmt: skip
    with pytest.raises(
        UpgradeError, match="cannot present a schemaVersion 1 'permission_decision'"
    ) as caught:
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
    from_lines = upgrade_lines_of_version(lines, version)
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
    [event] = upgrade_lines_of_version([line], oldest) or []
    assert isinstance(event, events.ToolCallEvent) and event.args == {"schemaVersion": oldest, "type": "text"}


def test_only_classes_equal_but_for_the_version_become_the_latest_class_in_place() -> None:
    """An older event changes class in place only when the latest class has the same fields,
    validated the same way, and its nested objects (whose classes differ per version) are absent."""
    latest = versions.MODULES[LATEST_SCHEMA_VERSION].OUTPUT_EVENT_TYPES
    for version, moves in IN_PLACE_CLASSES.items():
        older = versions.MODULES[version].OUTPUT_EVENT_TYPES
        assert moves, version  # text deltas at least
        for name, cls in older.items():
            if cls in moves:
                assert moves[cls].latest is latest[name]
                assert cls.__struct_fields__ == latest[name].__struct_fields__
        if version == 1 and LATEST_SCHEMA_VERSION == 2:
            assert moves[older["text"]].nested == () and moves[older["usage"]].nested == ()
            [(name, nested_class, how)] = moves[older["tool_result"]].nested  # a nested Display
            assert (name, nested_class, how.latest) == ("display", V1.Display, events.Display)
            assert older["permission_decision"] not in moves  # renamed fields: upgrade steps


def test_nested_objects_move_in_place_with_their_event() -> None:
    oldest = versions.SUPPORTED_SCHEMA_VERSIONS[0]
    base = f'"id":"c1","name":"read_file","runId":"run_1","schemaVersion":{oldest},"status":"ok"'
    plain = f'{{{base},"truncated":false,"type":"tool_result"}}'.encode()
    shown = f'{{"display":{{"summary":"read a.txt"}},{base},"truncated":false,"type":"tool_result"}}'.encode()
    got = upgrade_lines_of_version([plain, shown], oldest) or []
    assert [type(event) for event in got] == [events.ToolResultEvent, events.ToolResultEvent]
    second = got[1]
    assert isinstance(second, events.ToolResultEvent) and isinstance(second.display, events.Display)
    assert second.display.summary == "read a.txt"
    origins = [(e.original_schema_version, e.original_line) for e in got if not isinstance(e, UnknownEvent)]
    assert origins == [(oldest, plain), (oldest, shown)]
    assert got == [upgrade_line(plain), upgrade_line(shown)]


def test_an_event_moved_in_place_is_the_latest_class_with_its_origin() -> None:
    oldest = versions.SUPPORTED_SCHEMA_VERSIONS[0]
    line = f'{{"delta":"hi","runId":"run_1","schemaVersion":{oldest},"type":"text"}}'.encode()
    [event] = upgrade_lines_of_version([line], oldest) or []
    assert type(event) is events.TextEvent and event.schema_version == LATEST_SCHEMA_VERSION
    assert (event.original_schema_version, event.original_line) == (oldest, line)
    latest_line = line.replace(b'"schemaVersion":%d' % oldest, b'"schemaVersion":%d' % LATEST_SCHEMA_VERSION)
    assert encode_event(event) == latest_line
    native = decode_output(encode_event(event), version=LATEST_SCHEMA_VERSION)
    assert native == event and native.original_schema_version == LATEST_SCHEMA_VERSION
    # Moving it does not make it an object the garbage collector tracks (a decoded one is not).
    assert not gc.is_tracked(event) and not gc.is_tracked(native)


def test_upgrade_lines_reads_any_versions_without_being_told() -> None:
    # A file that mixes versions (two runs appended), as text or bytes: one event per line, each
    # as upgrade_line gives it; never None.
    lines: list[str] = []
    for version in versions.SUPPORTED_SCHEMA_VERSIONS:
        lines += [case["line"] for case in cases(version, "valid")][:20]
    expected = [upgrade_line(line) for line in lines]
    assert upgrade_lines(lines) == expected
    assert upgrade_lines([line.encode() for line in lines]) == expected
    oldest = versions.SUPPORTED_SCHEMA_VERSIONS[0]
    only_oldest = [line for line in lines if decode_output(line, mode="lenient").schema_version == oldest]
    assert upgrade_lines(only_oldest, oldest) == [upgrade_line(line) for line in only_oldest]


def test_read_events_reads_a_transcript_file_and_names_a_bad_line(tmp_path: Path) -> None:
    lines = [case["line"] for v in versions.SUPPORTED_SCHEMA_VERSIONS for case in cases(v, "valid")]
    path = tmp_path / "run.jsonl"
    path.write_text("\n".join(lines[:10]) + "\n\n" + "\n".join(lines[10:20]) + "\n", encoding="utf-8")
    assert read_events(path) == [upgrade_line(line) for line in lines[:20]]
    path.write_text(lines[0] + "\n" + lines[1] + "\nnot json\n", encoding="utf-8")
    with pytest.raises(ProtocolError, match=rf"^{re.escape(str(path))}:3: invalid_json"):
        read_events(path)
