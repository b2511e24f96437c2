"""zero-engine leaves the same session store as the real Zero (conformance/sessions/).

The differential harness compares what a client reads from the process; the session store is
the other interface (Zero resumes from it). Each recorded store is what the real binary left in
`$XDG_DATA_HOME/zero/sessions` after a scenario (every file: metadata.json, events.jsonl,
session.lock, checkpoint blobs), normalised like the goldens. One test per schema version
replays every recorded scenario against zero-engine and shows each difference as a diff.
Re-record with `PYTHONPATH=tests .venv/bin/python -m differential.session_log record --bin
PATH --version N NAME...`.
"""

from __future__ import annotations

import copy
import json

import pytest
from differential.harness import load_scenarios
from differential.session_log import capture_store, diff, golden_names, load_golden


@pytest.mark.timeout(300)
@pytest.mark.parametrize("version", [1, 2])
def test_engine_leaves_zero_s_session_store(version: int) -> None:
    names = golden_names(version)
    assert names, f"no recorded session stores in conformance/sessions/v{version}"
    differences = []
    for scenario in load_scenarios(names, version):
        golden = load_golden(version, scenario.name)
        assert golden["scenario"] == scenario.name and golden["schemaVersion"] == version
        difference = diff(golden["files"], capture_store(scenario, "zero-engine", version))
        if difference:
            differences.append(f"v{version} {scenario.name}:\n{difference}")
    assert not differences, "\n\n".join(differences)


def test_a_changed_store_is_a_difference() -> None:
    """The comparison sees a changed payload, a missing file and an extra one."""
    golden = load_golden(2, "session_log_tools")["files"]
    assert diff(golden, copy.deepcopy(golden)) == ""
    events = next(name for name in golden if name.endswith("events.jsonl"))
    changed = copy.deepcopy(golden)
    first = json.loads(changed[events][0])
    first["payload"]["content"] = "something else"
    changed[events][0] = json.dumps(first) + "\n"
    assert '-{"id"' in diff(golden, changed) and "something else" in diff(golden, changed)
    fewer = {name: content for name, content in golden.items() if not name.endswith("metadata.json")}
    assert "metadata.json" in diff(golden, fewer)
    assert "=== extra" in diff(golden, {**golden, "extra": []})


def test_recorded_stores_hold_what_the_run_stored() -> None:
    """Zero's event types only, and messages from the user and the assistant: no system prompt
    or other model-only text is kept in the repository."""
    kinds = {
        "message",
        "tool_call",
        "tool_result",
        "permission_request",
        "permission_decision",
        "session_checkpoint",
        "provider_usage",
        "error",
        "session_fork",
    }
    seen = set()
    for version in (1, 2):
        for name in golden_names(version):
            for path, content in load_golden(version, name)["files"].items():
                if not path.endswith("events.jsonl"):
                    continue
                for line in content:
                    event = json.loads(line)
                    assert event["type"] in kinds, (name, event)
                    seen.add(event["type"])
                    if event["type"] == "message":
                        assert event["payload"]["role"] in ("user", "assistant"), (name, event)
    assert seen == kinds  # the recorded scenarios cover every kind the engine writes
