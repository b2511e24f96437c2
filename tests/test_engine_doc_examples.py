"""The engine's output, line by line, against the protocol documents' own example lines.

The seed document (schemaVersion 1) shows one line per event type; docs/protocol.md shows the exact
key order of `run_start` and of the pre-run `error` + `run_end` pair (schemaVersion 2). Each
example is matched with the engine event of the same type (and tool call id), and compared key
by key: values must be equal except ids, which must have the real formats, and the values that
depend on the environment or are placeholders in the document.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from engine_support import RUN_ID, SESSION_ID, run_engine, scripted_env, workspace
from schema_support import SEED_DOC, seed_direction, seed_example_lines

# The protocol reference's full example lines: 3.1 (the key order of run_start) and 3.6.1 (a
# pre-run failure), written in backticks.
PROTOCOL_DOC = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"
PROTOCOL_DOC_LINE = re.compile(r'`(\{"[^`]*"schemaVersion":2[^`]*\})`')
STREAM_JSON = ["exec", "-i", "stream-json", "-o", "stream-json"]

# Values that differ with the machine, the provider or the model's words, not with the protocol.
# permissionMode too: the seed shows "ask", which the v1-era binary had no flag for (it is "auto").
ENVIRONMENT_VALUES = {"cwd", "provider", "delta", "text", "output", "message", "reason", "permissionMode"}
# Keys the exec writer sets that the short seed examples leave out (docs/protocol.md 3.3 table).
WRITER_EXTRAS: dict[str, set[str]] = {
    # name is set on every result; the output budget meta (Zero 0.8.0) and the human view on most
    "tool_result": {"name", "display", "meta"},
    "permission_request": {"autonomy", "risk", "permissionGranted", "sessionId"},
    "permission_decision": {"autonomy", "risk", "sessionId", "reason", "sideEffect", "permissionMode"},
}
# Keys of a seed example that headless exec does not write: its decisionReason comes from the
# approval flow, which headless exec does not have (docs/protocol.md 6.4), so it is omitted.
SEED_ONLY = {("permission_decision", "decisionReason")}


def _seed_outputs() -> list[dict[str, Any]]:
    lines = seed_example_lines(SEED_DOC.read_text(encoding="utf-8"))
    return [json.loads(line) for line in lines if seed_direction(line) == "output"]


def _seed_run(tmp_path: Path) -> list[dict[str, Any]]:
    """A v1 run that produces every event type of the seed document's happy path."""
    ws = workspace(tmp_path)
    (ws / "README.md").write_text("# Repo\n")
    (ws / ".git").mkdir()
    turns: list[list[dict[str, Any]]] = [
        [
            {"text": "Reading the README."},
            {"tool_call": {"id": "call_1", "name": "read_file", "args": {"path": "README.md"}}},
            # Protected metadata is prompted: headless exec answers with a refused request.
            {"tool_call": {"id": "call_2", "name": "write_file", "args": {"path": ".git/N", "content": "x"}}},
            # A workspace write is allowed by the sandbox: a permission_decision.
            {"tool_call": {"id": "call_3", "name": "write_file", "args": {"path": "N.md", "content": "x"}}},
            {"usage": {"prompt": 12, "completion": 8}},
        ],
        [{"text": "Done."}, {"usage": {"prompt": 30, "completion": 2}}],
    ]
    env = scripted_env(tmp_path, 1, turns, ZERO_SESSIONS_DIR=str(tmp_path / "sessions"))
    run = run_engine(
        [*STREAM_JSON, "-m", "gpt-4.1", "-C", str(ws)],  # the v1-era binary had no --permission-mode
        env,
        stdin=b'{"schemaVersion":1,"type":"prompt","content":"Inspect this repo."}\n',
    )
    assert run.returncode == 0, run.stderr
    return run.events


def _provider_error_run(tmp_path: Path) -> list[dict[str, Any]]:
    env = scripted_env(tmp_path, 1, [[{"error": "upstream said no"}]])
    run = run_engine(
        [*STREAM_JSON, "-C", str(workspace(tmp_path))],
        env,
        stdin=b'{"schemaVersion":1,"type":"prompt","content":"hi"}\n',
    )
    assert run.returncode == 3, run.stderr
    return run.events


# The engine event that plays each seed example's part in `_seed_run`, by tool call id: the seed
# shows one write both refused and approved (call_2); the run makes two writes for that.
ENGINE_CALL_ID = {"permission_request": "call_2", "permission_decision": "call_3"}


def _counterpart(example: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    wanted_id = ENGINE_CALL_ID.get(example["type"], example.get("id"))
    for event in events:
        if event["type"] != example["type"] or event.get("id") != wanted_id:
            continue
        if example["type"] == "run_end" and event["status"] != example["status"]:
            continue
        return event
    raise AssertionError(f"the engine wrote no {example['type']} event like {example}")


def _compare(example: dict[str, Any], event: dict[str, Any]) -> None:
    kind = example["type"]
    assert RUN_ID.fullmatch(event["runId"]), event["runId"]
    if "sessionId" in event:
        assert SESSION_ID.fullmatch(event["sessionId"]), event["sessionId"]
    for key, value in example.items():
        if (kind, key) in SEED_ONLY:
            assert key not in event
            continue
        assert key in event, f"{kind}: the engine has no {key!r} ({event})"
        if key in {"runId", "sessionId", "id"} or key in ENVIRONMENT_VALUES or value == "...":
            continue
        if kind == "permission_decision" and key in {"permissionGranted", "permission", "name"}:
            continue  # "approved in TUI" is an interactive grant; headless exec auto-allows instead
        assert event[key] == value, f"{kind}.{key}: engine {event[key]!r}, document {value!r}"
    extras = set(event) - set(example) - {"sessionId"}
    assert extras <= WRITER_EXTRAS.get(kind, set()), f"{kind}: unexpected keys {sorted(extras)}"


def test_seed_examples_line_by_line(tmp_path: Path) -> None:
    (tmp_path / "happy").mkdir()
    (tmp_path / "failed").mkdir()
    happy = _seed_run(tmp_path / "happy")
    failed = _provider_error_run(tmp_path / "failed")
    examples = _seed_outputs()
    assert len(examples) == 11  # nine lines of a run, then error + run_end
    for example in examples:
        events = failed if example["type"] == "error" or example.get("status") == "error" else happy
        _compare(example, _counterpart(example, events))


def _protocol_doc_lines() -> list[str]:
    """docs/protocol.md's full-line examples of v2 output, as printed there (3.1 and 3.6.1)."""
    lines = PROTOCOL_DOC_LINE.findall(PROTOCOL_DOC.read_text(encoding="utf-8"))
    assert len(lines) == 3, lines
    return lines


def _key_order(line: str) -> list[str]:
    return re.findall(r'"([A-Za-z]+)":', line.replace("…", "0"))


@pytest.mark.parametrize("event_type", ["run_start", "error", "run_end"])
def test_protocol_md_key_order(tmp_path: Path, event_type: str) -> None:
    examples = [line for line in _protocol_doc_lines() if f'"type":"{event_type}"' in line]
    assert examples, f"docs/protocol.md has no {event_type} example line"
    if event_type == "run_start":
        env = scripted_env(tmp_path, 2, [[{"text": "hi"}]], ZERO_SESSIONS_DIR=str(tmp_path / "sessions"))
        stdin = b'{"schemaVersion":2,"type":"prompt","content":"hi"}\n'
        expected_exit = 0
    else:
        env = scripted_env(tmp_path, 2, [])
        stdin = b"not json\n"  # a usage error before the run: exactly error + run_end
        expected_exit = 2
    run = run_engine([*STREAM_JSON, "-C", str(workspace(tmp_path))], env, stdin=stdin)
    assert run.returncode == expected_exit, run.stderr
    line = next(line for line in run.lines if f'"type":"{event_type}"' in line)
    for example in examples:
        assert _key_order(line) == [k for k in _key_order(example) if k in json.loads(line)]
        assert set(_key_order(example)) <= set(json.loads(line)), (example, line)
    if event_type != "run_start":
        assert [json.loads(x)["runId"] for x in run.lines] == [json.loads(run.lines[0])["runId"]] * 2
