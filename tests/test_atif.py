"""ATIF export (zero_client.atif, `zero-sdk export`, `zero-sdk batch --atif`), validated the way
the field validates trajectories: JSON Schemas generated from Harbor's models plus the rules of
its validators (tests/atif_support.py), and Harbor's own TrajectoryValidator where it imports.

The corpus is every valid transcript of tests/transcripts and every recorded golden of the real
Zero (both schemaVersions), exported in ATIF-v1.8 and in the lowest version that holds each run.
"""

from __future__ import annotations

import base64
import copy
import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from atif_support import atif_problems, cross_item_problems, harbor_problems, harbor_validator
from batch_support import records, run_cli, script, scripted_env, write_tasks
from zero_client import ZeroClient, read_transcript
from zero_client.atif import AtifError, to_trajectory, transcript_to_trajectory

ROOT = Path(__file__).resolve().parent.parent
ZERO_SDK = str(Path(sys.executable).parent / "zero-sdk")
VERSIONS = ("ATIF-v1.8", "lowest")
OUTSIDE = "/zero-sdk-atif-outside"  # outside the workspace and the temp roots: refused
# A 1x1 PNG, for the image tests.
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
)


def _corpus(tmp: Path) -> Iterator[Path]:
    yield from sorted((ROOT / "tests" / "transcripts" / "valid").glob("*.jsonl"))
    for golden in sorted((ROOT / "conformance" / "goldens").glob("v*/*.json")):
        if golden.name.startswith("_"):
            continue
        for number, step in enumerate(json.loads(golden.read_text()).get("steps", [])):
            stdout = "".join(step.get("stdout", []))
            if '"type":"run_start"' in stdout:
                path = tmp / f"{golden.parent.name}-{golden.stem}-{number}.jsonl"
                path.write_text(stdout)
                yield path


def _counts(trajectory: dict[str, Any]) -> tuple[int, int, int, int]:
    steps = trajectory["steps"]
    calls = sum(len(step.get("tool_calls") or []) for step in steps)
    results = sum(len((step.get("observation") or {}).get("results", [])) for step in steps)
    prompt = sum(step.get("metrics", {}).get("prompt_tokens", 0) for step in steps)
    completion = sum(step.get("metrics", {}).get("completion_tokens", 0) for step in steps)
    return calls, results, prompt, completion


def test_every_transcript_exports_to_a_valid_trajectory_that_keeps_its_counts(tmp_path: Path) -> None:
    """One test over the whole corpus, reporting every problem: schema, Harbor's validator (when
    it imports), and the round trip (tool calls, results and tokens equal the transcript's)."""
    problems: list[str] = []
    checked = 0
    harbor = harbor_validator() is not None
    for transcript in _corpus(tmp_path):
        result = read_transcript(transcript)
        events = [event.type for event in result.events]
        expected = (
            events.count("tool_call"),
            events.count("tool_result"),
            result.usage.prompt_tokens,
            result.usage.completion_tokens,
        )
        for version in VERSIONS:
            trajectory = to_trajectory(result, prompt="the task", version=version)
            where = f"{transcript.name} ({version})"
            problems += [f"{where}: {p}" for p in atif_problems(trajectory)]
            if harbor:
                problems += [f"{where}: harbor: {p}" for p in harbor_problems(trajectory)]
            if _counts(trajectory) != expected:
                problems.append(
                    f"{where}: calls/results/prompt/completion {_counts(trajectory)} != {expected}"
                )
            final = trajectory["final_metrics"]
            if (final["total_prompt_tokens"], final["total_completion_tokens"]) != expected[2:]:
                problems.append(f"{where}: final_metrics {final} != {expected[2:]}")
            if final["total_steps"] != len(trajectory["steps"]):
                problems.append(f"{where}: total_steps {final['total_steps']} != {len(trajectory['steps'])}")
            if version == "lowest" and trajectory["schema_version"] != "ATIF-v1.2":
                problems.append(f"{where}: lowest wrote {trajectory['schema_version']}")
            checked += 1
    assert checked > 100, f"only {checked} exports checked: the corpus went missing"
    assert not problems, "\n".join(problems)


def test_a_live_run_of_the_engine_exports_with_reasoning_calls_and_a_refusal(tmp_path: Path) -> None:
    """ZeroClient.run() against zero-engine (scripted provider: a read, a listing refused
    outside the workspace), then to_trajectory on its RunResult."""
    from client_support import make_client, workspace

    (workspace(tmp_path) / "README.md").write_text("hello\n")
    turns: list[list[dict[str, Any]]] = [
        [
            {"reasoning": "Read it first."},
            {"text": "Reading. "},
            {"tool_call": {"id": "c_ok", "name": "read_file", "args": {"path": "README.md"}}},
            {"tool_call": {"id": "c_no", "name": "list_directory", "args": {"path": OUTSIDE}}},
            {"usage": {"prompt": 10, "completion": 5}},
        ],
        [{"text": "Done."}, {"usage": {"prompt": 20, "completion": 3}}],
    ]
    client = make_client(tmp_path, turns, 2)
    assert isinstance(client, ZeroClient)
    result = client.run("Read the readme.")
    trajectory = to_trajectory(result, prompt="Read the readme.")
    assert not atif_problems(trajectory)
    _, first, second = trajectory["steps"]
    assert first["reasoning_content"] == "Read it first." and first["message"] == "Reading. "
    ok, refused = first["observation"]["results"]
    assert (ok["source_call_id"], ok["extra"]["status"]) == ("c_ok", "ok") and "hello" in ok["content"]
    assert refused["source_call_id"] == "c_no" and refused["extra"]["status"] == "error"
    assert refused["extra"]["permission"]["block_code"] == "outside_workspace"
    assert second["message"] == "Done." and _counts(trajectory) == (2, 2, 30, 8)
    assert trajectory["session_id"] == result.session_id and trajectory["extra"]["run_id"] == result.run_id


def test_a_run_maps_to_steps_calls_observations_and_metrics() -> None:
    trajectory = transcript_to_trajectory(
        ROOT / "tests/transcripts/valid/v2-normal-run.jsonl", prompt="Write the guide.", agent_version="0.8.0"
    )
    assert trajectory["schema_version"] == "ATIF-v1.8"
    assert trajectory["session_id"] == "zero_20260901120000_1756728000123456789_1"
    assert trajectory["agent"] == {
        "name": "zero",
        "version": "0.8.0",
        "model_name": "gpt-4.1",
        "extra": {"provider": "openai", "api_model": "gpt-4.1-2025-04-14", "cwd": "/home/dev/repo"},
    }
    user, first, second = trajectory["steps"]
    assert user == {"step_id": 1, "source": "user", "message": "Write the guide."}
    assert first["message"] == "I'll update the guide."
    assert first["reasoning_content"] == "Let me look at the docs."
    assert [c["tool_call_id"] for c in first["tool_calls"]] == ["call_1", "call_2"]
    assert first["metrics"] == {
        "prompt_tokens": 1200,
        "completion_tokens": 41,
        "extra": {"total_tokens": 1241},
    }
    refused = first["observation"]["results"][1]
    assert refused["source_call_id"] == "call_2"
    assert refused["content"] == "Sandbox block [outside_workspace] path is outside the workspace"
    assert refused["extra"]["status"] == "error"
    assert refused["extra"]["permission"]["action"] == "deny"
    assert refused["extra"]["permission"]["block_code"] == "outside_workspace"
    assert second["message"] == "Done: the guide is written." and second["metrics"]["prompt_tokens"] == 1400
    assert trajectory["extra"]["status"] == "success"


def test_a_prompt_of_input_events_is_their_text_as_zero_joins_it() -> None:
    from zero_client import events

    path = ROOT / "tests/transcripts/valid/v2-normal-run.jsonl"
    prompt = ["  Fix it.  ", events.PromptInput(content="Then test it.\n"), events.MessageInput(content=" ")]
    trajectory = transcript_to_trajectory(path, prompt=prompt)
    assert trajectory["steps"][0]["message"] == "Fix it.\n\nThen test it."


def test_errors_are_system_steps_and_lowest_moves_call_details_to_the_step() -> None:
    path = ROOT / "tests/transcripts/valid/v2-incomplete.jsonl"
    trajectory = transcript_to_trajectory(path, version="lowest")
    assert trajectory["schema_version"] == "ATIF-v1.2"
    system = [step for step in trajectory["steps"] if step["source"] == "system"]
    assert system and system[0]["extra"]["code"] == "incomplete"
    agent = trajectory["steps"][0]
    assert "extra" not in agent["tool_calls"][0] and "extra" not in agent["observation"]["results"][0]
    assert agent["extra"]["observation_results"]["call_1"]["status"] == "ok"
    assert trajectory["extra"]["warnings"]
    assert not atif_problems(trajectory, schema="ATIF-v1.2")


def test_images_are_referenced_by_path_and_need_v1_6(tmp_path: Path) -> None:
    image = tmp_path / "shot.png"
    image.write_bytes(PNG)
    path = ROOT / "tests/transcripts/valid/v2-normal-run.jsonl"
    trajectory = transcript_to_trajectory(path, prompt="What is this?", images=[image], version="lowest")
    assert trajectory["schema_version"] == "ATIF-v1.6"
    assert trajectory["steps"][0]["message"] == [
        {"type": "text", "text": "What is this?"},
        {"type": "image", "source": {"media_type": "image/png", "path": str(image)}},
    ]
    assert not atif_problems(trajectory)
    with pytest.raises(AtifError, match="cannot hold images"):
        transcript_to_trajectory(path, images=[image], version="ATIF-v1.5")
    with pytest.raises(AtifError, match="ATIF images are"):
        transcript_to_trajectory(path, images=[tmp_path / "notes.txt"])
    with pytest.raises(AtifError, match="no such file"):
        transcript_to_trajectory(path, images=[tmp_path / "missing.png"])


def test_bad_input_gets_a_typed_error_naming_it(tmp_path: Path) -> None:
    not_json = tmp_path / "notes.jsonl"
    not_json.write_text("hello\n")
    with pytest.raises(AtifError, match=r"notes\.jsonl: not a stream-json transcript"):
        transcript_to_trajectory(not_json)
    with pytest.raises(AtifError, match="cannot read it"):
        transcript_to_trajectory(tmp_path / "missing.jsonl")
    with pytest.raises(AtifError, match="unknown ATIF version 'v2'"):
        transcript_to_trajectory(ROOT / "tests/transcripts/valid/v2-normal-run.jsonl", version="v2")
    summary = read_transcript(ROOT / "tests/transcripts/valid/v2-normal-run.jsonl")
    summary.events_kept = False
    with pytest.raises(AtifError, match="events were not kept"):
        to_trajectory(summary)


# Trajectories the field's tools reject: each must fail our checks (and Harbor's, where it runs).
_MUTATIONS: dict[str, Callable[[dict[str, Any]], object]] = {
    "no agent version": lambda t: t["agent"].pop("version"),
    "unknown root field": lambda t: t.update(zero=1),
    "tool calls on a user step": lambda t: t["steps"][0].update(tool_calls=[]),
    "metrics on a system step": lambda t: t["steps"][0].update(source="system", metrics={}),
    "step ids not sequential": lambda t: t["steps"][1].update(step_id=7),
    "dangling source_call_id": lambda t: t["steps"][1]["observation"]["results"][0].update(
        source_call_id="zz"
    ),
    "arguments not an object": lambda t: t["steps"][1]["tool_calls"][0].update(arguments="x"),
    "image without source": lambda t: t["steps"][0].update(message=[{"type": "image"}]),
    "text part with source": lambda t: t["steps"][0].update(
        message=[{"type": "text", "text": "a", "source": {"media_type": "image/png", "path": "a.png"}}]
    ),
    "no steps": lambda t: t.update(steps=[]),
    "bad schema version": lambda t: t.update(schema_version="ATIF-v9"),
}


def test_the_checks_reject_what_the_field_rejects() -> None:
    base = transcript_to_trajectory(ROOT / "tests/transcripts/valid/v2-normal-run.jsonl", prompt="p")
    assert not atif_problems(base)
    missed = []
    for name, mutate in _MUTATIONS.items():
        trajectory = copy.deepcopy(base)
        mutate(trajectory)
        if not atif_problems(trajectory):
            missed.append(f"ours: {name}")
        if harbor_validator() is not None and not harbor_problems(trajectory):
            missed.append(f"harbor: {name} (the mutation itself is wrong)")
    assert not missed, missed
    assert cross_item_problems(base) == []


def test_harbor_trajectory_validator_accepts_the_exports() -> None:
    if harbor_validator() is None:
        pytest.skip(
            "Harbor (Python >= 3.12) does not import here; the exports were checked against the "
            "schemas generated from its models (set ATIF_HARBOR_PATH to an unpacked Harbor wheel)"
        )
    for name in ("v2-normal-run", "v1-permissions", "v2-parallel-read-batch"):
        for version in VERSIONS:
            trajectory = transcript_to_trajectory(
                ROOT / f"tests/transcripts/valid/{name}.jsonl", version=version
            )
            assert harbor_problems(trajectory) == [], (name, version)


def test_export_command_writes_one_trajectory_per_transcript(tmp_path: Path) -> None:
    runs = []
    for name in ("v2-normal-run", "v1-permissions"):
        target = tmp_path / f"{name}.jsonl"
        target.write_bytes((ROOT / f"tests/transcripts/valid/{name}.jsonl").read_bytes())
        runs.append(target)
    broken = tmp_path / "broken.jsonl"
    broken.write_text("not json\n")
    done = subprocess.run(
        [ZERO_SDK, "export", "--format", "atif", *map(str, runs), str(broken)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "broken.jsonl: not a stream-json transcript" in done.stderr
    for run in runs:
        trajectory = json.loads(run.with_name(run.stem + ".atif.json").read_text())
        assert not atif_problems(trajectory)
    single = subprocess.run(
        [ZERO_SDK, "export", str(runs[0]), "-o", "-", "--atif-version", "lowest", "--prompt", "p"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert single.returncode == 0, single.stderr
    trajectory = json.loads(single.stdout)
    assert trajectory["schema_version"] == "ATIF-v1.2" and trajectory["steps"][0]["message"] == "p"
    usage = subprocess.run(
        [ZERO_SDK, "export", *map(str, runs), "-o", str(tmp_path / "x.json")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert usage.returncode == 2 and "one transcript" in usage.stderr
    bad_version = subprocess.run(
        [ZERO_SDK, "export", str(runs[0]), "--atif-version", "1.8"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert bad_version.returncode == 2 and "--atif-version" in bad_version.stderr


def test_batch_atif_writes_a_trajectory_beside_each_finished_transcript(tmp_path: Path) -> None:
    write = script(
        tmp_path,
        "write.json",
        [
            [
                {"text": "writing"},
                {"usage": {"prompt": 10, "completion": 2}},
                {
                    "tool_call": {
                        "id": "c1",
                        "name": "write_file",
                        "args": {"path": "notes.txt", "content": "x\n"},
                    }
                },
            ],
            [{"text": "wrote notes.txt"}, {"usage": {"prompt": 20, "completion": 5}}],
        ],
    )
    (tmp_path / "fixture").mkdir()
    tasks = write_tasks(
        tmp_path / "tasks.jsonl",
        [{"id": "edit", "prompt": "Take notes.", "copy_from": "fixture", "env": scripted_env(write)}],
    )
    out = tmp_path / "out"
    done = run_cli(tasks, out, "--atif")
    assert done.returncode == 0, done.stderr
    (record,) = records(out)
    transcript = out / record["transcript"]
    trajectory = json.loads(transcript.with_name(transcript.stem + ".atif.json").read_text())
    assert not atif_problems(trajectory)
    assert trajectory["steps"][0] == {"step_id": 1, "source": "user", "message": "Take notes."}
    assert _counts(trajectory) == (1, 1, 30, 7)
    assert trajectory["final_metrics"]["total_prompt_tokens"] == record["usage"]["prompt_tokens"]


def test_import_zero_client_does_not_load_the_exporter() -> None:
    code = "import sys, zero_client; print('zero_client.atif' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
