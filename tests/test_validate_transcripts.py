"""`zero-sdk validate` on the fixture transcripts in tests/transcripts/: every valid one passes,
every broken one is caught at the right line with the right message, and nothing else."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from zero_client.versions import SUPPORTED_SCHEMA_VERSIONS
from zero_engine.gojson import marshal
from zero_sdk.cli import main
from zero_sdk.transcript_validate import Problem, validate_lines, validate_path

TRANSCRIPTS = Path(__file__).resolve().parent / "transcripts"
VALID = sorted((TRANSCRIPTS / "valid").glob("*.jsonl"))
BROKEN_DIR = TRANSCRIPTS / "broken"
EXPECTED: dict[str, list[object]] = {
    name: value
    for name, value in json.loads((BROKEN_DIR / "EXPECTED.json").read_text(encoding="utf-8")).items()
    if not name.startswith("_")
}


def test_fixture_sets_are_complete() -> None:
    assert len(VALID) >= 5
    assert sorted(p.name for p in BROKEN_DIR.glob("*.jsonl")) == sorted(EXPECTED)


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_transcript_has_no_problem(path: Path) -> None:
    problems, events = validate_path(str(path))
    assert problems == []
    assert events == len(path.read_bytes().splitlines())


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_transcripts_are_in_the_binary_byte_format(path: Path) -> None:
    """Hand-written, so check them: compact, keys sorted, Go escaping, one event per line."""
    for line in path.read_text(encoding="utf-8").split("\n")[:-1]:
        assert marshal(json.loads(line)) == line


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_transcript_is_caught_once_at_its_line(name: str) -> None:
    line, fragment = EXPECTED[name]
    problems, _ = validate_path(str(BROKEN_DIR / name))
    assert len(problems) == 1, [str(p) for p in problems]
    assert problems[0].file == str(BROKEN_DIR / name)
    assert problems[0].line == line
    assert isinstance(fragment, str) and fragment in problems[0].message


def test_a_schema_version_this_zero_sdk_does_not_know_is_reported_once(tmp_path: Path) -> None:
    """The version is derived from the registry, so the test still holds after a bump."""
    unknown = max(SUPPORTED_SCHEMA_VERSIONS) + 1
    run = "run_20260901130000_c0ffee"
    events: list[dict[str, object]] = [
        {"cwd": "/repo", "type": "run_start"},
        {"delta": "hi", "type": "text"},
        {"exitCode": 0, "status": "success", "type": "run_end"},
    ]
    path = tmp_path / "unknown-schema-version.jsonl"
    path.write_text("".join(marshal({**e, "runId": run, "schemaVersion": unknown}) + "\n" for e in events))
    problems, _ = validate_path(str(path))
    assert [(p.line, p.message) for p in problems] == [(1, problems[0].message)], [str(p) for p in problems]
    assert f"schemaVersion {unknown} is not supported" in problems[0].message


def test_cli_reports_file_line_message_and_a_summary() -> None:
    files = [str(BROKEN_DIR / "bad-enum.jsonl"), str(BROKEN_DIR / "run-start-twice.jsonl"), str(VALID[0])]
    result = CliRunner().invoke(main, ["validate", *files])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].startswith(f"{files[0]}:3: bad_enum at `status`")
    assert lines[1] == f"{files[1]}:3: second run_start (the first is line 1)"
    assert lines[-1].startswith("validated 3 file(s),")
    assert lines[-1].endswith("2 problem(s) in 2 file(s)")


def test_cli_passes_valid_files_with_exit_0() -> None:
    result = CliRunner().invoke(main, ["validate", *map(str, VALID)])
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith(": OK")


def test_cli_reads_stdin() -> None:
    data = (BROKEN_DIR / "missing-run-end.jsonl").read_bytes()
    result = CliRunner().invoke(main, ["validate", "-"], input=data)
    assert result.exit_code == 1
    assert result.output.startswith("<stdin>:3: the stream ends without run_end")
    ok = CliRunner().invoke(main, ["validate", "-"], input=VALID[0].read_bytes())
    assert ok.exit_code == 0, ok.output


def test_missing_file_is_a_clear_problem_not_a_traceback(tmp_path: Path) -> None:
    missing = tmp_path / "nope.jsonl"
    result = CliRunner().invoke(main, ["validate", str(missing), str(VALID[0])])
    assert result.exit_code == 1
    assert f"{missing}: cannot read: No such file or directory" in result.output
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)


def test_u2028_inside_a_line_is_content_not_a_line_break() -> None:
    text = VALID[0].read_text(encoding="utf-8").replace("I'll update the guide.", "a\u2028b\u0085c")
    problems, _ = validate_lines(text.encode("utf-8"), "mem")
    assert problems == []


def test_every_error_is_reported_not_only_the_first(tmp_path: Path) -> None:
    lines = (BROKEN_DIR / "bad-enum.jsonl").read_bytes().splitlines(keepends=True)
    data = lines[0] + b"garbage\n" + lines[1] + lines[2]
    problems, _ = validate_lines(data, "mem")
    assert [(p.line, p.message.split(":")[0]) for p in problems] == [
        (2, "not valid JSON"),
        (4, "bad_enum at `status`"),
    ]
    assert str(problems[0]).startswith("mem:2: not valid JSON")
    assert str(Problem("f", 0, "m")) == "f: m"


def test_a_tool_call_id_reused_in_a_later_turn_is_a_warning_not_a_problem() -> None:
    """Zero passes the model's tool-call ids through, so `call_1` may come back in turn two.
    Fails if the reuse is an error (exit 1) or goes unmentioned, or if results stop pairing."""
    lines = (BROKEN_DIR / "tool-result-twice.jsonl").read_bytes().splitlines(keepends=True)
    reused = lines[0] + lines[1] + lines[2] + lines[1] + lines[3] + lines[4] + lines[5]
    findings, events = validate_lines(reused, "mem")
    assert events == 7
    assert [(f.line, f.severity) for f in findings] == [(4, "warning")]
    assert str(findings[0]).startswith("mem:4: warning: tool_call id 'call_1' was used before (line 2)")
    result = CliRunner().invoke(main, ["validate", "-"], input=reused)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1].endswith(": OK (1 warning(s))")
    # Three results for two calls: the third has no unanswered call left.
    extra = reused[: -len(lines[4]) - len(lines[5])] + lines[3] + lines[4] + lines[5]
    problems = [f for f in validate_lines(extra, "mem")[0] if f.severity == "error"]
    assert [(p.line, p.message.split(" (")[0]) for p in problems] == [
        (6, "second tool_result for the tool_call of line 4")
    ]
