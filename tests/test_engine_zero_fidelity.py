"""zero-engine against a loopback fake model server, asserting what Zero 0.8.0 (schemaVersion 2)
and the v1-era Zero (commit 03784268) were observed to do in the same situations: the retry
policy, the wording of provider errors and their text-mode hints, the requests sent to the model,
the loop's nudges, the model catalog, provider selection and the CLI entry point.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from engine_support import ENGINE, REPO_ROOT, base_env, run_engine, workspace, write_script
from zero_client.testing import DONE, FakeModelServer, Reply
from zero_client.testing import script as s
from zero_client.testing.script import chunk
from zero_engine import gotext

SJ = ["exec", "-o", "stream-json"]
ADMITS = "the final message admits the objective was not met "
NO_OUTPUT_STOP = (
    "Agent stopped after {} turns with no output (no visible text and no tool calls) "
    "to avoid consuming tokens without making progress."
)


@pytest.fixture
def server() -> Iterator[FakeModelServer]:
    with FakeModelServer() as running:
        yield running


def openai_env(tmp_path: Path, server: FakeModelServer, version: int | None, **extra: str) -> dict[str, str]:
    settings = {
        "OPENAI_BASE_URL": server.base_url,
        "OPENAI_API_KEY": "test-key-0123",
        "OPENAI_MODEL": "gpt-4o-mini",
        "ZERO_OPENAI_RETRY_BACKOFF": "0.001",  # Zero's schedule is 2 s, 4 s, ...; the count is what matters
    }
    return base_env(tmp_path, version, **{**settings, **extra})


def run(tmp_path: Path, server: FakeModelServer, version: int | None, *args: str, **env: str) -> Any:
    return run_engine(list(args), openai_env(tmp_path, server, version, **env), cwd=workspace(tmp_path))


# ------------------------------------------------------------------------------------------------
# Provider failures


@pytest.mark.parametrize("version", [1, 2])
def test_http_500_is_not_retried(tmp_path: Path, server: FakeModelServer, version: int) -> None:
    server.enqueue(s.http_error(500, "boom"), s.text("never"))
    result = run(tmp_path, server, version, *SJ, "hi")
    assert result.returncode == 3 and len(server.requests) == 1
    assert result.events[-2]["message"] == "provider error: boom"
    assert result.events[-1] == {**result.events[-1], "status": "error", "exitCode": 3}


@pytest.mark.parametrize(("version", "attempts"), [(2, 6), (1, 3)])
def test_503_attempts_and_wording(
    tmp_path: Path, server: FakeModelServer, version: int, attempts: int
) -> None:
    server.enqueue(*(s.http_error(503, "unavailable") for _ in range(attempts + 1)))
    result = run(tmp_path, server, version, "exec", "hi")
    assert result.returncode == 3 and len(server.requests) == attempts
    lines = result.stderr.decode().splitlines()
    assert lines[0] == "[zero] rate limit error: unavailable"
    # Zero 0.8.0 adds a next step in text mode; the v1-era binary did not.
    hint = ["[zero] Rate limited — wait a moment, or switch model with --model"] if version == 2 else []
    assert lines[1:] == hint


def test_401_wording_and_hint(tmp_path: Path, server: FakeModelServer) -> None:
    server.enqueue(s.http_error(401, "Incorrect API key provided: test-key-0123"))
    result = run(tmp_path, server, 2, "exec", "hi")
    assert result.stderr.decode().splitlines() == [
        "[zero] auth error: your API key is missing or invalid — run `zero setup`, `zero auth openrouter` "
        "for OpenRouter, or set the provider's API key, then retry. (provider said: Incorrect API key "
        "provided: [REDACTED])",
        "[zero] API key rejected — run `zero setup`, `zero auth openrouter` for OpenRouter, or set the "
        "provider's API key",
    ]


@pytest.mark.parametrize("version", [1, 2])
def test_a_stream_without_done_or_finish_reason_ends_normally(
    tmp_path: Path, server: FakeModelServer, version: int
) -> None:
    server.enqueue(Reply(events=(chunk({"content": "Hi"}),)))
    result = run(tmp_path, server, version, *SJ, "hi")
    assert result.returncode == 0
    assert [event["type"] for event in result.events] == ["run_start", "text", "final", "run_end"]


def test_malformed_json_is_reported_with_gos_message(tmp_path: Path, server: FakeModelServer) -> None:
    server.enqueue(Reply(events=(chunk({"content": "Hi"}), "{not json", DONE)))
    result = run(tmp_path, server, 2, *SJ, "hi")
    assert result.returncode == 3
    assert result.events[-2]["message"] == (
        "provider stream error: malformed JSON: "
        "invalid character 'n' looking for beginning of object key string"
    )


def test_streamed_error_is_classified_by_its_code(tmp_path: Path, server: FakeModelServer) -> None:
    error = {"error": {"message": "slow down", "code": "rate_limit_exceeded"}}
    for _ in range(2):
        server.enqueue(Reply(events=(chunk({"content": "Hi"}), error)))
    v2 = run(tmp_path, server, 2, *SJ, "hi")
    v1 = run(tmp_path, server, 1, *SJ, "hi")
    assert v2.events[-2]["message"] == "rate limit error: slow down"
    assert v1.events[-2]["message"] == "provider error: slow down"  # v1 classified every one as a 500


def test_finish_reason_warnings(tmp_path: Path, server: FakeModelServer) -> None:
    server.enqueue(Reply(events=(chunk({"content": "Hi"}, "length"), DONE)))
    server.enqueue(Reply(events=(chunk({"content": "Hi"}, "something_else"), DONE)))
    cut = run(tmp_path, server, 2, *SJ, "hi")
    other = run(tmp_path, server, 2, *SJ, "hi")
    assert cut.events[2]["message"] == (
        "Response was cut off at the output token limit and may be incomplete. "
        "Raise the model's max output tokens or ask zero to continue."
    )
    assert "warning" not in [event["type"] for event in other.events]  # only length/content_filter count


# ------------------------------------------------------------------------------------------------
# What the model is sent


def test_request_shape(tmp_path: Path, server: FakeModelServer) -> None:
    server.enqueue(s.tool_calls(s.call("list_directory", "{oops", id="call_1")), s.text("done"))
    result = run(tmp_path, server, 2, *SJ, "hi")
    assert result.returncode == 0
    first, second = (request.body for request in server.requests)
    assert first["max_completion_tokens"] == 16384  # a catalogued model's output limit
    assert list(first)[-2:] == ["stream", "stream_options"]
    assert [message["role"] for message in first["messages"]] == ["system", "user"]
    assistant = second["messages"][2]
    assert assistant["content"] == "" and assistant["tool_calls"][0]["function"]["arguments"] == "{}"
    assert all("properties" in tool["function"]["parameters"] for tool in first["tools"])


def test_unknown_models_send_no_output_limit(tmp_path: Path, server: FakeModelServer) -> None:
    server.enqueue(s.text("ok"))
    run(tmp_path, server, 2, *SJ, "hi", OPENAI_MODEL="some-local-model")
    assert "max_completion_tokens" not in server.requests[0].body


@pytest.mark.parametrize("version", [1, 2])
def test_empty_replies_are_nudged_then_stopped(tmp_path: Path, server: FakeModelServer, version: int) -> None:
    server.enqueue(*(s.text("") for _ in range(3)))
    result = run(tmp_path, server, version, *SJ, "hi")
    assert result.returncode == 0 and len(server.requests) == 3
    assert result.events[-2]["text"] == NO_OUTPUT_STOP.format(3)
    roles = [message["role"] for message in server.requests[2].body["messages"]]
    # v2 drops the contentless assistant turns from the request; v1 sent them.
    expected = ["system", "user", "user", "user"] if version == 2 else [
        "system", "user", "assistant", "user", "assistant", "user"
    ]  # fmt: skip
    assert roles == expected


def test_a_reply_of_information_separators_is_a_final_answer(tmp_path: Path, server: FakeModelServer) -> None:
    # Go's strings.TrimSpace keeps U+001C..U+001F (Python's str.strip would drop them).
    server.enqueue(s.text("\x1c"))
    result = run(tmp_path, server, 2, *SJ, "hi")
    assert len(server.requests) == 1 and result.events[-2]["text"] == "\x1c"


@pytest.mark.parametrize(("version", "tools_offered"), [(2, True), (1, False)])
def test_turn_limit_summary_request(
    tmp_path: Path, server: FakeModelServer, version: int, tools_offered: bool
) -> None:
    server.enqueue(s.tool_calls(s.call("list_directory", "{}", id="call_1")), s.text("summary"))
    result = run(tmp_path, server, version, *SJ, "--max-turns", "1", "hi")
    assert ("tools" in server.requests[1].body) is tools_offered
    assert server.requests[1].body["messages"][-1]["role"] == "user"
    assert result.returncode == (4 if version == 2 else 0)


def test_pending_plan_items_draw_continue_nudges(tmp_path: Path, server: FakeModelServer) -> None:
    plan = json.dumps({"plan": [{"content": "a", "status": "pending"}]})
    server.enqueue(
        s.tool_calls(s.call("update_plan", plan, id="call_1")), *(s.text("done") for _ in range(4))
    )
    result = run(tmp_path, server, 2, *SJ, "hi")
    assert len(server.requests) == 5  # three nudges, then the answer is accepted
    assert result.returncode == 0 and result.events[-2]["text"] == "done"
    assert [message["role"] for message in server.requests[4].body["messages"]][-2:] == ["assistant", "user"]


# ------------------------------------------------------------------------------------------------
# Model catalog, provider selection, CLI


@pytest.mark.parametrize("version", [1, 2])
def test_deprecated_model_flag_is_redirected(tmp_path: Path, server: FakeModelServer, version: int) -> None:
    server.enqueue(s.text("ok"))
    result = run(tmp_path, server, version, *SJ, "-m", "gpt-4-turbo", "hi")
    assert result.stderr == b"gpt-4-turbo is deprecated; using gpt-4.1 instead\n"
    assert result.events[0]["model"] == "gpt-4.1" and server.requests[0].body["model"] == "gpt-4.1"
    assert server.requests[0].body["max_completion_tokens"] == 32768


def test_model_of_another_provider_is_refused(tmp_path: Path, server: FakeModelServer) -> None:
    result = run(tmp_path, server, 2, *SJ, "-m", "sonnet-4.5", "hi")
    assert result.returncode == 3 and not server.requests
    assert (
        result.events[-2]["message"]
        == "zero model claude-sonnet-4.5 belongs to anthropic, not openai-compatible"
    )


def test_reasoning_effort_notice(tmp_path: Path, server: FakeModelServer) -> None:
    server.enqueue(s.text("ok"), s.text("ok"))
    known = run(tmp_path, server, 2, *SJ, "-r", "high", "hi")
    unknown = run(tmp_path, server, 2, *SJ, "-r", "high", "hi", OPENAI_MODEL="local-model")
    assert (
        known.stderr == b"gpt-4o-mini does not support reasoning effort; ignoring --reasoning-effort high\n"
    )
    assert "reasoning_effort" not in server.requests[0].body
    assert unknown.stderr == b"" and server.requests[1].body["reasoning_effort"] == "high"

    # A model with efforts of its own (another provider's, refused after the advisory, as in Zero).
    foreign = run(tmp_path, server, 2, *SJ, "-m", "opus-4.1", "-r", "XHigh", "hi")
    assert foreign.stderr == (
        b'reasoning effort "XHigh" is not supported by claude-opus-4.1; using high instead\n'
    )
    assert foreign.returncode == 3 and len(server.requests) == 2
    same = run(tmp_path, server, 2, *SJ, "-m", "opus-4.1", "-r", "MEDIUM", "hi")
    assert same.stderr == b""


@pytest.mark.parametrize(
    ("version", "message"),
    [
        (2, 'no active provider configured: active provider "scriptd" not found'),
        (1, 'active provider "scriptd" not found'),
    ],
)
def test_unknown_zero_provider(tmp_path: Path, version: int, message: str) -> None:
    env = base_env(tmp_path, version, ZERO_PROVIDER="scriptd")
    result = run_engine([*SJ, "hi"], env)
    assert result.returncode == 3
    assert result.events[-2] == {**result.events[-2], "code": "provider_error", "message": message}
    # A missing prompt is still reported first, as a usage error.
    assert run_engine([*SJ], env).returncode == 2


def test_zero_script_is_resolved_against_the_callers_directory(tmp_path: Path) -> None:
    caller = tmp_path / "caller"
    caller.mkdir()
    write_script(caller, [[{"text": "from the caller's script"}]])
    env = base_env(tmp_path, 2, ZERO_PROVIDER="scripted", ZERO_SCRIPT="script.json")
    result = run_engine([*SJ, "-C", str(workspace(tmp_path)), "hi"], env, cwd=caller)
    assert result.returncode == 0 and result.events[-2]["text"] == "from the caller's script"


def test_schema_version_2_is_the_default(tmp_path: Path) -> None:
    script = write_script(tmp_path, [[{"text": "hi"}]])
    result = run_engine(
        [*SJ, "hi"], base_env(tmp_path, None, ZERO_PROVIDER="scripted", ZERO_SCRIPT=str(script))
    )
    assert {event["schemaVersion"] for event in result.events} == {2}


@pytest.mark.parametrize("flag", ["--help", "-h", "help"])
def test_top_level_help(tmp_path: Path, flag: str) -> None:
    """What zero-engine is, in our words, lives here: `zero-engine exec --help` is Zero's text."""
    done = subprocess.run([*ENGINE, flag], capture_output=True, env=base_env(tmp_path), check=False)
    assert done.returncode == 0 and done.stderr == b""
    text = done.stdout.decode()
    assert text.startswith("zero-engine: an offline stand-in for Zero's headless `zero exec`")
    for words in ("zero-engine exec [flags] [prompt]", "ZERO_PROVIDER=demo", "ZERO_SCRIPT=FILE"):
        assert words in text
    for words in ("ZERO_SCHEMA_VERSION=1", "ZERO_ENGINE_SANDBOX=off", "is not supported by zero-engine"):
        assert words in text
    assert "Go agent runtime" not in text


# ------------------------------------------------------------------------------------------------
# Go text behaviour


def test_go_text_helpers() -> None:
    assert gotext.trim_space("\x1c a \t\n") == "\x1c a"
    assert gotext.fields("a \x1c  b\n") == ["a", "\x1c", "b"]
    assert [gotext.duration(s) for s in (0.2, 2, 90, 300, 1.5)] == ["200ms", "2s", "1m30s", "5m0s", "1.5s"]
    assert gotext.json_syntax_error('{"a": tru}') == "invalid character '}' in literal true (expecting 'e')"
    assert gotext.json_syntax_error('{"a" 1}') == "invalid character '1' after object key"
    assert gotext.json_syntax_error("[1 2]") == "invalid character '2' after array element"
    assert gotext.json_syntax_error('{"a":1}x') == "invalid character 'x' after top-level value"
    assert gotext.json_syntax_error('{"a":') == "unexpected end of JSON input"
    assert gotext.json_syntax_error('"\n"') == "invalid character '\\n' in string literal"
    assert gotext.json_syntax_error('{"a": [1, {"b": null}]}') == ""


_UNMARSHAL = "json: cannot unmarshal "


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ('"text"', _UNMARSHAL + "string into Go value of type openai.streamChunk"),
        (
            '{"choices":"x"}',
            _UNMARSHAL + "string into Go struct field streamChunk.choices of type []openai.streamChoice",
        ),
        (
            '{"choices":[{"delta":{"content":5}}]}',
            _UNMARSHAL + "number into Go struct field streamDelta.choices.delta.content of type string",
        ),
        (
            '{"usage":{"prompt_tokens":1.5}}',
            _UNMARSHAL + "number 1.5 into Go struct field usage.usage.prompt_tokens of type int",
        ),
        (
            '{"error":"boom"}',
            _UNMARSHAL + "string into Go struct field streamChunk.error of type openai.apiError",
        ),
        ("{'a':1}", "invalid character '\\'' looking for beginning of object key string"),
    ],
)
def test_payload_type_errors_are_worded_like_go(payload: str, message: str) -> None:
    from zero_engine.providers.openai_compat import decode_payload

    assert decode_payload(payload) == f"malformed JSON: {message}"
    assert decode_payload("null") == {}


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        ("I could not complete the task. Sorry.", ADMITS + '("i could not …")'),
        ("My best guess is 42.", ADMITS + '("my best guess")'),
        ("I could not find any issues.", ""),  # a negation that reports success
        ('The log said "I cannot do that" but all is fine.', ""),  # quoted, not the model's own admission
        ("You asked earlier; I couldn't do it at the time.", ""),  # retelling the past
    ],
)  # fmt: skip
def test_completion_gate_admissions(
    tmp_path: Path, server: FakeModelServer, answer: str, reason: str
) -> None:
    server.enqueue(s.text(answer), s.text(answer))
    v2 = run(tmp_path, server, 2, *SJ, "hi")
    v1 = run(tmp_path, server, 1, *SJ, "hi")
    assert v1.returncode == 0  # the v1 era had no completion gate
    if reason:
        assert v2.returncode == 4 and v2.events[-2]["message"] == reason
    else:
        assert v2.returncode == 0


def test_a_reply_that_keeps_announcing_its_next_step_ends_incomplete(
    tmp_path: Path, server: FakeModelServer
) -> None:
    server.enqueue(*(s.text("Done so far. Let me check the config:") for _ in range(5)))
    result = run(tmp_path, server, 2, *SJ, "hi")
    assert len(server.requests) == 4 and result.returncode == 4
    assert result.events[-2]["message"] == "your message ended mid-step"
    no_gate = run(tmp_path, server, 2, *SJ, "--no-completion-gate", "hi")
    assert no_gate.returncode == 0


@pytest.mark.skipif(shutil.which("git") is None, reason="the scratch-file warning needs git")
@pytest.mark.parametrize("version", [1, 2])
def test_scratch_file_warning(tmp_path: Path, server: FakeModelServer, version: int) -> None:
    ws = workspace(tmp_path)
    subprocess.run(["git", "init", "-q", str(ws)], check=True)
    (ws / "old_debug.txt").write_text("there before the run\n")
    writes = [
        s.call("write_file", {"path": "debug_out.py", "content": "print(1)\n"}, id="c1"),
        s.call("write_file", {"path": "notes.md", "content": "a deliverable\n"}, id="c2"),
    ]
    server.enqueue(s.tool_calls(*writes), s.text("done"))
    result = run(tmp_path, server, version, *SJ, "hi")
    warnings = [event["message"] for event in result.events if event["type"] == "warning"]
    expected = (
        "This run left 1 new scratch/debug-like file untracked in git: debug_out.py. "
        "Review before committing/staging."
    )
    assert warnings == ([expected] if version == 2 else [])  # new in Zero 0.8.0
    if version == 2:
        assert result.events[-3]["type"] == "warning" and result.events[-2]["type"] == "final"


@pytest.mark.parametrize(("version", "limit"), [(2, 6), (1, 4)])
def test_a_tool_failing_the_same_way_stops_the_run(
    tmp_path: Path, server: FakeModelServer, version: int, limit: int
) -> None:
    call = json.dumps({"path": "missing.txt"})
    server.enqueue(*(s.tool_calls(s.call("read_file", call, id=f"c{i}")) for i in range(limit + 1)))
    result = run(tmp_path, server, version, *SJ, "hi")
    assert result.returncode == 0 and len(server.requests) == limit
    assert result.events[-2]["text"] == (
        f"Agent stopped: the `read_file` tool failed {limit} times in a row with the same error, so I halted "
        "instead of looping further. Please check the request or adjust the tool arguments."
    )
    roles = [message["role"] for message in server.requests[-1].body["messages"]]
    # A corrective hint after the second failure, the plan reminder after the third turn.
    assert roles[:10] == [
        "system",
        "user",
        "assistant",
        "tool",
        "assistant",
        "tool",
        "user",
        "assistant",
        "tool",
        "user",
    ]


@pytest.mark.parametrize(
    "flag", ["--plan", "--permission-mode=ask", "--exec-profile", "--no-completion-gate", "--trace"]
)
def test_v1_refuses_flags_of_later_releases(tmp_path: Path, flag: str) -> None:
    run_v1 = run_engine([*SJ, flag, "x", "hi"], base_env(tmp_path, 1))
    assert run_v1.returncode == 2
    assert run_v1.events[0]["message"] == f'unknown exec flag "{flag}"'


def test_mode_and_exec_profile_presets(tmp_path: Path, server: FakeModelServer) -> None:
    refused = run(tmp_path, server, 2, *SJ, "--mode", "fast", "hi")  # the preset's model is Anthropic's
    assert refused.returncode == 3 and not server.requests
    assert (
        refused.events[-2]["message"]
        == "zero model claude-haiku-4.5 belongs to anthropic, not openai-compatible"
    )
    server.enqueue(s.text("ok"))
    profiled = run(tmp_path, server, 2, *SJ, "--exec-profile", "fast", "hi")
    assert (
        profiled.stderr == b"gpt-4o-mini does not support reasoning effort; ignoring --reasoning-effort low\n"
    )


def zeros_exec_help(version: int) -> bytes:
    """What Zero's `zero exec --help` printed at this protocol version (the usage_help golden)."""
    golden = REPO_ROOT / "conformance" / "goldens" / f"v{version}" / "usage_help.json"
    recorded = json.loads(golden.read_text(encoding="utf-8"))
    assert recorded["scenario"] == "usage_help" and recorded["schemaVersion"] == version
    return "".join(recorded["steps"][0]["stdout"]).encode()


@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["-h"],
        ["help"],
        ["do", "help", "--bogus"],  # `help` anywhere, before a bad flag is read
        ["--use-spec", "-m", "x", "--help", "--max-turns=x"],  # after flags, before a bad value
    ],
    ids=["--help", "-h", "help", "help-as-a-word", "after-flags"],
)
def test_exec_help_is_zeros_byte_for_byte(tmp_path: Path, version: int, args: list[str]) -> None:
    """The engine stands in for `zero exec`, so every way it prints exec's help prints Zero's
    recorded text of the same version: `zero exec`, Zero's description, Zero's flag lines."""
    result = run_engine(["exec", *args], base_env(tmp_path, version))
    assert (result.returncode, result.stderr) == (0, b"")
    assert result.stdout == zeros_exec_help(version)
    assert result.stdout.startswith(b"Usage:\n  zero exec [flags] [prompt]\n")
    assert (b"--no-completion-gate" in result.stdout) is (version == 2)
