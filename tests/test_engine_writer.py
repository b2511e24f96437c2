"""Go encoding/json byte format, the 5.1 redactor and stream-json event building."""

from __future__ import annotations

import json

import pytest
from zero_engine import gojson
from zero_engine.events import TOOL_OUTPUT_LIMIT, StreamJsonEvents, truncate_tool_output
from zero_engine.redact import Redactor, is_sensitive_key
from zero_engine.tools.base import Block, PermissionAction, PermissionOutcome, Risk, ToolResult

RUN = "run_20260604123456_abcdef"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ({"b": 1, "a": "x"}, '{"a":"x","b":1}'),
        ("<a> & b", '"\\u003ca\\u003e \\u0026 b"'),
        ("\u2028\u2029", '"\\u2028\\u2029"'),
        ("é漢😀", '"é漢😀"'),
        ("\b\f\n\r\t", '"\\b\\f\\n\\r\\t"'),
        ("\x01\x1f\x7f", '"\\u0001\\u001f\x7f"'),
        (
            # A decoded JSON number beyond 2^53 went through Go's float64 (map[string]any);
            # a GoInt is an int field of Go's (token counts), written exactly at any size.
            {"n": [1.0, 1.5, 1e21, 1e-7, 0.00001, 2**60, gojson.GoInt(2**60)]},
            '{"n":[1,1.5,1e+21,1e-7,0.00001,1152921504606847000,1152921504606846976]}',
        ),
        ([None, True, False], "[null,true,false]"),
    ],
)
def test_marshal_matches_go(value: object, expected: str) -> None:
    assert gojson.marshal(value) == expected


def test_fast_and_exact_encoders_agree_on_plain_values() -> None:
    value = {"z": ["<>&", {"k": "\u2028é\x02"}], "a": 12345678901234, "m": None}
    assert gojson.marshal(value, exact=False) == gojson.marshal_exact(value)


def test_lone_surrogate_becomes_replacement_char_on_the_wire() -> None:
    assert gojson.to_utf8(gojson.marshal({"s": "a\ud800b"})) == '{"s":"a\ufffdb"}'.encode()


@pytest.mark.parametrize(
    ("key", "sensitive"),
    [
        ("api_key", True),
        ("accessToken", True),
        ("X-Api-Key", True),
        ("password", True),
        ("pwd", True),
        ("client_secret", True),
        ("my_private_key", True),
        ("db_password", False),
        ("githubToken", False),
        ("sessionToken", False),
        ("promptTokens", False),
        ("tokens", False),
    ],
)
def test_sensitive_keys(key: str, sensitive: bool) -> None:
    assert is_sensitive_key(key) is sensitive


@pytest.mark.parametrize(
    "prose",
    [
        "task-list",
        "bearer of bad news",
        "bearer token",
        "the api_key: foo setting",
        "apiKey value spans",
        "sk-short",
        "ask-abcdefghijklmnopqrstuvwxyz",
    ],
)
def test_prose_is_untouched(prose: str) -> None:
    assert Redactor(2).redact_string(prose) == prose
    if "api" not in prose.lower():  # v1's looser api_key pattern did eat such prose
        assert Redactor(1).redact_string(prose) == prose


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("key sk-proj-abcdefghijklmnop1234 end", "key [REDACTED] end"),
        ("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.abc", "Authorization: Bearer [REDACTED]"),
        ("Bearer\teyJhbGciOiJIUzI1NiJ9abc", "[REDACTED]"),
        ("api_key=abcdefghijklmnop", "api_key=[REDACTED]"),
        ('api_key="abcdefghijklmnop"', 'api_key=[REDACTED]"'),
        ("api_key: abcdefghijklmnop", "[REDACTED]"),
        # patterns run in order: the sk- key goes first, so the api key pattern finds nothing left
        ('apiKey: "sk-svcacct-abcdefghijklmnop"', 'apiKey: "[REDACTED]"'),
        ("APIKEY=abcdefghijklmnop", "APIKEY=[REDACTED]"),
    ],
)
def test_string_patterns_v2(text: str, expected: str) -> None:
    assert Redactor(2).redact_string(text) == expected


def test_v1_api_key_pattern_is_the_looser_one() -> None:
    # v1: (?i)(api[_-]?key["'=:\s]+)[^"',\s)]+ also takes short values and prose.
    assert Redactor(1).redact_string("the api_key: foo setting") == "the [REDACTED] setting"
    assert Redactor(2).redact_string("the api_key: foo setting") == "the api_key: foo setting"
    assert Redactor(1).redact_string("api_key=short") == "api_key=[REDACTED]"


def event_json(events: StreamJsonEvents, fields: dict[str, object]) -> dict[str, object]:
    line = events.encode(fields)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    decoded: dict[str, object] = json.loads(line)
    return decoded


def test_sensitive_keys_redacted_at_any_depth_but_numbers_stay() -> None:
    events = StreamJsonEvents(2, RUN)
    fields = events.tool_call("c1", "x", json.dumps({"api_key": 5, "nested": {"accessToken": ["a"]}}), "read")
    out = event_json(events, fields)
    assert out["args"] == {"api_key": "[REDACTED]", "nested": {"accessToken": "[REDACTED]"}}
    usage = event_json(events, events.usage(3, 4))
    assert usage["promptTokens"] == 3 and usage["totalTokens"] == 7


def test_encoded_line_is_sorted_and_escaped_like_go() -> None:
    events = StreamJsonEvents(2, RUN)
    line = events.encode(
        events.run_start("/w<s>", session_id="zero_1", provider="p", model="m", api_model="a")
    )
    assert line == (
        b'{"apiModel":"a","cwd":"/w\\u003cs\\u003e","model":"m","provider":"p","runId":"'
        + RUN.encode()
        + b'","schemaVersion":2,"sessionId":"zero_1","type":"run_start"}\n'
    )


def test_tool_call_args_forms() -> None:
    events = StreamJsonEvents(2, RUN)
    assert "args" not in events.tool_call("c", "n", "", "read")
    assert events.tool_call("c", "n", "{not json", "read")["args"] == "{not json"
    assert events.tool_call("c", "n", '{"a":1}', "local_browser") == {
        "type": "tool_call",
        "id": "c",
        "name": "n",
        "args": {"a": 1},
        "sideEffect": "unknown",
    }


def test_tool_output_truncated_on_utf8_boundary() -> None:
    text = "a" * (TOOL_OUTPUT_LIMIT - 1) + "é" + "tail"
    cut, truncated = truncate_tool_output(text)
    assert truncated and cut == "a" * (TOOL_OUTPUT_LIMIT - 1) + "\n[truncated]"
    assert truncate_tool_output("short") == ("short", False)


def test_tool_reported_truncation_only_counts_in_v2() -> None:
    result = ToolResult(status="ok", output="x", truncated=True)
    assert StreamJsonEvents(2, RUN).tool_result("c", "n", result)["truncated"] is True
    assert StreamJsonEvents(1, RUN).tool_result("c", "n", result)["truncated"] is False


def outcome(action: PermissionAction) -> PermissionOutcome:
    block = Block(
        code="outside_workspace", action="deny", risk=Risk("high", ("write",)), reason="r", recoverable=False
    )
    return PermissionOutcome(
        action=action,
        permission="prompt",
        permission_granted=False,
        permission_mode="auto",
        side_effect="write",
        risk=Risk("high"),
        block=block,
    )


@pytest.mark.parametrize(
    ("version", "action", "event_type", "block_key"),
    [
        (2, "prompt", "permission_request", "block"),
        (2, "deny", "permission_decision", "block"),
        (2, "cancel", "permission_decision", "block"),
        (1, "cancel", "permission", "violation"),
        (1, "allow", "permission_decision", "violation"),
    ],
)
def test_permission_event_naming(
    version: int, action: PermissionAction, event_type: str, block_key: str
) -> None:
    fields = StreamJsonEvents(version, RUN).permission("c", "write_file", outcome(action), "low", "")
    assert fields["type"] == event_type and block_key in fields and fields["permissionGranted"] is False


def test_event_field_names_are_never_sensitive() -> None:
    names = [
        "schemaVersion",
        "type",
        "runId",
        "sessionId",
        "cwd",
        "provider",
        "model",
        "apiModel",
        "delta",
        "id",
        "name",
        "args",
        "action",
        "permission",
        "permissionGranted",
        "permissionMode",
        "autonomy",
        "sideEffect",
        "reason",
        "decisionReason",
        "risk",
        "block",
        "violation",
        "grantMatched",
        "grant",
        "status",
        "output",
        "truncated",
        "redacted",
        "changedFiles",
        "display",
        "checkpoint",
        "meta",
        "promptTokens",
        "completionTokens",
        "totalTokens",
        "costUsd",
        "text",
        "message",
        "code",
        "recoverable",
        "exitCode",
    ]
    assert [name for name in names if is_sensitive_key(name)] == []


# ------------------------------------------------------------------------------ delta fast path


def _delta_strings(count: int, seed: int) -> list[str]:
    import random

    rng = random.Random(seed)
    alphabet = (
        [chr(c) for c in range(0x20)]
        + list("abcXYZ019 <>&'\"\\/-_:=.")
        + ["\u2028", "\u2029", "\u212a", "é", "日", "\U0001f600", "\ud800", "\udfff", "\x7f", "\u00a0"]
    )
    secrets = [
        "sk-proj-Abcdefghijklmnop1234567890",
        "Bearer abcdefghijklmnopqrstu",
        "api_key=abcdefghijklmnop",
        "APIKEY: 'abcdefghijklmnop'",
        "BEARER\tzzzzzzzzzzzzzzzzzzzz",
        "sk-",
        "apikey",
        "\u212aey",
    ]
    out = ["", "plain", "<html> & é", "\u2028\u2029", *secrets]
    for _ in range(count):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        if rng.random() < 0.2:
            at = rng.randint(0, len(text))
            text = text[:at] + rng.choice(secrets) + text[at:]
        out.append(text)
    out.append("x" * 200_000 + "bearer " + "y" * 30 + "z" * 100_000)  # a match past the first window
    return out


@pytest.mark.parametrize("version", [1, 2])
def test_delta_fast_path_gives_the_full_paths_bytes(version: int) -> None:
    from zero_engine.events import StreamJsonEvents

    events = StreamJsonEvents(version, "run-1")
    assert set(events._delta_suffix) == {"text", "reasoning"}  # the fast path is on
    for delta in _delta_strings(3000, seed=version):
        for kind in ("text", "reasoning"):
            fields = {"type": kind, "delta": delta}
            assert events.encode(fields) == events._encode_full(fields), (kind, delta[:80])


def test_delta_fast_path_is_off_when_the_run_id_could_trip_the_precheck() -> None:
    from zero_engine.events import StreamJsonEvents

    events = StreamJsonEvents(2, "task-1")  # "sk-" in the runId
    assert events._delta_suffix == {}
    fields = {"type": "text", "delta": "hi"}
    assert events.encode(fields) == events._encode_full(fields)


def test_precheck_windows_find_matches_across_window_edges() -> None:
    from zero_engine.redact import _WINDOW, may_match_bytes

    for needle in (b"BEARER", b"Api-Key", b"apikey", b"api_KEY"):
        for shift in range(-8, 9):
            line = b"x" * (_WINDOW + shift) + needle + b"y" * (2 * _WINDOW)
            assert may_match_bytes(line), (needle, shift)
    assert not may_match_bytes(b"x" * (3 * _WINDOW) + b"api" + b"y" * 10 + b"key")
