"""Two client options the batch relies on: `stream(transcript=...)` copies the raw stdout, and
`inherit_env=False` gives the child exactly the environment the caller built."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest
from client_support import ENGINE, engine_env, workspace, write_script
from zero_client import AsyncZeroClient, RunResult, ZeroClient

#: A fake zero (a shell script) whose final answer shows three variables of its environment.
FAKE_ZERO = """#!/bin/sh
cat > /dev/null
run='"runId":"run_1","schemaVersion":2'
printf '{%s,"type":"run_start","cwd":"/","model":"m","provider":"p"}\\n' "$run"
shown="${CALLERS_SECRET:-unset}|${GIVEN:-unset}|${HOME:-unset}"
printf '{%s,"type":"final","text":"%s"}\\n' "$run" "$shown"
printf '{%s,"type":"run_end","status":"success","exitCode":0}\\n' "$run"
"""


def _turns() -> list[list[dict[str, object]]]:
    return [[{"text": "hello "}, {"text": "world"}, {"usage": {"prompt": 3, "completion": 2}}]]


@pytest.mark.parametrize("asynchronous", [False, True])
def test_the_transcript_is_the_runs_stdout_byte_for_byte(tmp_path: Path, asynchronous: bool) -> None:
    env = engine_env(tmp_path, write_script(tmp_path, _turns()), 2)
    transcript = tmp_path / "run.jsonl"
    result: RunResult
    with open(transcript, "wb") as handle:
        if asynchronous:
            client = AsyncZeroClient([ENGINE], str(workspace(tmp_path)), env)
            result = asyncio.run(client.run("hi", transcript=handle))
        else:
            result = ZeroClient([ENGINE], str(workspace(tmp_path)), env).run("hi", transcript=handle)
    lines = transcript.read_bytes().splitlines()
    assert [json.loads(line)["type"] for line in lines] == [
        "run_start",
        "text",
        "text",
        "usage",
        "final",
        "run_end",
    ]
    # The bytes are the binary's own (keys sorted, compact), not a re-encoding of the events.
    assert result.run_id is not None and len(result.events) == len(lines)
    end = b'{"exitCode":0,"runId":"%s","schemaVersion":2,"status":"success","type":"run_end"}'
    assert lines[-1] == end % result.run_id.encode()


def test_a_refused_preferred_version_is_cut_off_the_transcript(tmp_path: Path) -> None:
    # The engine speaks 2; the client tries 1 first, is refused, and runs again in 2: the file
    # holds the run that counts, alone.
    env = engine_env(tmp_path, write_script(tmp_path, _turns()), 2)
    transcript = tmp_path / "run.jsonl"
    with open(transcript, "wb") as handle:
        result = ZeroClient([ENGINE], str(workspace(tmp_path)), env, schema_version=1).run(
            "hi", transcript=handle
        )
    events = [json.loads(line) for line in transcript.read_bytes().splitlines()]
    assert result.schema_version == 2 and events[0]["type"] == "run_start"
    assert {event["runId"] for event in events} == {result.run_id}
    assert [e["type"] for e in events if e["type"] in ("error", "run_end")] == ["run_end"]


def test_without_inherit_env_the_child_gets_only_the_given_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CALLERS_SECRET", "do-not-pass")
    fake = tmp_path / "fake-zero"
    fake.write_text(FAKE_ZERO)
    fake.chmod(0o755)
    given = {"GIVEN": "yes", "PATH": os.environ["PATH"]}
    alone = ZeroClient([str(fake)], str(tmp_path), given, inherit_env=False, schema_version=2).run("hi")
    assert alone.final_text == "unset|yes|unset"
    merged = ZeroClient([str(fake)], str(tmp_path), given, schema_version=2).run("hi")
    assert merged.final_text == f"do-not-pass|yes|{os.environ.get('HOME', 'unset')}"
