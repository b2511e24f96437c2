"""Stream-json input (docs/protocol.md 4): unit checks of the parser plus every error class end to end."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from engine_support import base_env, line, run_engine, scripted_env
from zero_engine.streaminput import StreamInputError, decode_base64_like_go, parse_stream_input

PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\0" * 8).decode()


def parse(text: str, version: int = 2) -> tuple[str, int]:
    parsed = parse_stream_input(text.encode(), version)
    return parsed.prompt, len(parsed.images)


def error_of(text: str, version: int = 2) -> str:
    with pytest.raises(StreamInputError) as info:
        parse_stream_input(text.encode(), version)
    return str(info.value)


def test_prompt_and_message_join_with_blank_line() -> None:
    text = (
        '{"schemaVersion":2,"type":"message","role":"user","content":"  a "}\r\n\n'
        '{"schemaVersion":2,"type":"prompt","content":"b"}\n'
    )
    assert parse(text) == ("a\n\nb", 0)


def test_content_is_trimmed_as_go_trims_it() -> None:
    # Go's TrimSpace keeps U+001C..U+001F (Python's str.strip would drop them): such content is a
    # prompt, and a line of it is not blank.
    assert parse('{"schemaVersion":2,"type":"prompt","content":" \\u001f\\u001c "}\n') == ("\x1f\x1c", 0)
    assert error_of("\x1f\n") == "Invalid stream-json input at line 1: expected a JSON object."
    assert error_of('{"schemaVersion":2,"type":"prompt","content":" \\u00a0\\u2003 "}') == (
        "Invalid stream-json input at line 1: content is required"
    )
    image = f'"images":[{{"mediaType":"png","data":"{PNG}"}}]'
    blank = f'{{"schemaVersion":2,"type":"message","role":"user","content":" \\n ",{image}}}\n'
    assert parse(blank) == ("", 1)  # an image with blank content: an empty prompt, as in Zero


def test_images_decode_and_normalize() -> None:
    event = {
        "schemaVersion": 2,
        "type": "message",
        "role": "user",
        "content": "",
        "images": [
            {"MEDIATYPE": "jpg", "data": PNG, "extra": 1},
            {"mediaType": "data:image/PNG;base64", "data": PNG},
        ],
    }
    parsed = parse_stream_input(json.dumps(event).encode(), 2)
    assert parsed.prompt == "" and [i.media_type for i in parsed.images] == ["image/jpeg", "image/png"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "Invalid stream-json input at line 1: expected a JSON object."),
        ("[1]", "Invalid stream-json input at line 1: expected a JSON object."),
        ('{"a":1} {"b":2}', "Invalid stream-json input at line 1: expected a JSON object."),
        (
            "\ufeff" + '{"schemaVersion":2,"type":"prompt","content":"x"}',
            "Invalid stream-json input at line 1: expected a JSON object.",
        ),
        ("\n\nnull", "Invalid stream-json input at line 3: schemaVersion must be 2"),
        (
            '{"schemaVersion":2.0,"type":"prompt","content":"x"}',
            "Invalid stream-json input at line 1: expected a JSON object.",
        ),
        (
            '{"schemaVersion":"2","type":"prompt","content":"x"}',
            "Invalid stream-json input at line 1: expected a JSON object.",
        ),
        (
            '{"schemaVersion":2,"type":"prompt","content":5}',
            "Invalid stream-json input at line 1: expected a JSON object.",
        ),
        (
            '{"schemaVersion":2,"type":"prompt","role":"user","content":"x"}',
            "Invalid stream-json input at line 1: unknown field role",
        ),
        (
            '{"schemaVersion":2,"type":"prompt","content":"x","images":[]}',
            "Invalid stream-json input at line 1: unknown field images",
        ),
        (
            '{"schemaVersion":2,"type":"message","role":"user","content":"x","extra":1}',
            "Invalid stream-json input at line 1: unknown field extra",
        ),
        (
            '{"schemaVersion":2,"type":"message","role":"user","content":"x","images":[1]}',
            "Invalid stream-json input at line 1: expected a JSON object.",
        ),
        (
            '{"schemaVersion":2,"type":"prompt","content":"  "}',
            "Invalid stream-json input at line 1: content is required",
        ),
        (
            '{"schemaVersion":2,"type":"other","content":"x"}',
            "Invalid stream-json input at line 1: type must be prompt or message",
        ),
        (
            '{"schemaVersion":2,"type":"message","role":"assistant","content":"x"}',
            "Invalid stream-json input at line 1: role must be user",
        ),
        ("\n \n", "Stream-json input must include at least one prompt or user message event."),
        (
            '{"schemaVersion":2,"type":"message","role":"user","content":"","images":[{"mediaType":"png",'
            '"data":"aGVsbG8"}]}',
            "Stream-json image data is not valid base64: illegal base64 data at input byte 4",
        ),
        (
            '{"schemaVersion":2,"type":"message","role":"user","content":"","images":[{"mediaType":"image/svg+xml",'
            f'"data":"{PNG}"}}]}}',
            'Stream-json image has an unsupported image media type "image/svg+xml".',
        ),
    ],
)
def test_input_errors(text: str, message: str) -> None:
    assert error_of(text) == message


def test_v1_inputs_must_say_1() -> None:
    assert error_of('{"schemaVersion":2,"type":"prompt","content":"x"}', 1) == (
        "Invalid stream-json input at line 1: schemaVersion must be 1"
    )
    assert parse('{"schemaVersion":1,"type":"prompt","content":"x"}', 1) == ("x", 0)


def test_image_size_checked_on_encoded_length_before_decoding() -> None:
    blob = "!" * (14 * 1024 * 1024)  # invalid base64, but the size check fires first
    text = json.dumps(
        {
            "schemaVersion": 2,
            "type": "message",
            "role": "user",
            "content": "",
            "images": [{"mediaType": "png", "data": blob}],
        }
    )
    assert error_of(text) == "Stream-json image exceeds the 10485760 byte limit."


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ("aGVsbG8=", b"hello"),
        ("aGVs\r\nbG8=", b"hello"),
        ("a", "0"),
        ("ab=c", "2"),
        ("aGVsbG8=x", "8"),
        ("a===", "1"),
        ("aG==", b"h"),
    ],
)
def test_go_base64(data: str, expected: bytes | str) -> None:
    if isinstance(expected, bytes):
        assert decode_base64_like_go(data.encode()) == expected
    else:
        with pytest.raises(Exception, match=f"illegal base64 data at input byte {expected}$"):
            decode_base64_like_go(data.encode())


# -- end to end: the usage_error pair on stdout, nothing on stderr, exit 2 ---------------------------

E2E_CASES = [
    ("garbage", "Invalid stream-json input at line 1: expected a JSON object."),
    (
        '{"schemaVersion":@V@,"type":"prompt","content":"x","x":1}',
        "Invalid stream-json input at line 1: unknown field x",
    ),
    (
        '\n{"schemaVersion":@V@,"type":"prompt","content":""}',
        "Invalid stream-json input at line 2: content is required",
    ),
    (
        '{"schemaVersion":@V@,"type":"bogus","content":"x"}',
        "Invalid stream-json input at line 1: type must be prompt or message",
    ),
    (
        '{"schemaVersion":@V@,"type":"message","role":"system","content":"x"}',
        "Invalid stream-json input at line 1: role must be user",
    ),
    ("", "Stream-json input must include at least one prompt or user message event."),
    (
        '{"schemaVersion":@V@,"type":"message","role":"user","content":"","images":[{"mediaType":"png","data":"%%%%"}]}',
        "Stream-json image data is not valid base64: illegal base64 data at input byte 0",
    ),
]


@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize(("stdin", "message"), E2E_CASES)
def test_input_errors_end_to_end(tmp_path: Path, version: int, stdin: str, message: str) -> None:
    env = scripted_env(tmp_path, version, [])
    run = run_engine(
        ["exec", "-i", "stream-json", "-o", "stream-json"],
        env,
        stdin=stdin.replace("@V@", str(version)).encode(),
    )
    assert run.normalized == [
        line(version, "error", code="usage_error", message=message, recoverable=False),
        line(version, "run_end", status="error", exitCode=2),
    ]
    assert run.stderr == b"" and run.returncode == 2
    assert run.events[0]["runId"] == run.events[1]["runId"]


@pytest.mark.parametrize("version", [1, 2])
def test_wrong_version_end_to_end(tmp_path: Path, version: int) -> None:
    other = 3 - version
    env = scripted_env(tmp_path, version, [])
    run = run_engine(
        ["exec", "-i", "stream-json", "-o", "stream-json"],
        env,
        stdin=f'{{"schemaVersion":{other},"type":"prompt","content":"x"}}'.encode(),
    )
    assert run.normalized[0] == line(
        version,
        "error",
        code="usage_error",
        recoverable=False,
        message=f"Invalid stream-json input at line 1: schemaVersion must be {version}",
    )


def test_input_error_wins_over_missing_provider(tmp_path: Path) -> None:
    run = run_engine(["exec", "-i", "stream-json", "-o", "stream-json"], base_env(tmp_path, 2), stdin=b"nope")
    assert run.returncode == 2 and run.events[0]["code"] == "usage_error"


def test_input_error_in_text_mode_goes_to_stderr(tmp_path: Path) -> None:
    run = run_engine(["exec", "-i", "stream-json"], scripted_env(tmp_path, 2, []), stdin=b"nope")
    assert (run.returncode, run.stdout) == (2, b"")
    assert run.stderr == b"[zero] Invalid stream-json input at line 1: expected a JSON object.\n"


def test_stream_json_input_from_file_relative_to_cwd(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "in.jsonl").write_text('{"schemaVersion":2,"type":"prompt","content":"from file"}\n')
    env = scripted_env(tmp_path, 2, [[{"text": "ok"}]])
    run = run_engine(["exec", "-i", "stream-json", "-o", "stream-json", "-C", str(ws), "-f", "in.jsonl"], env)
    assert run.returncode == 0 and run.events[-2] == {**run.events[-2], "type": "final", "text": "ok"}
    missing = run_engine(["exec", "-i", "stream-json", "-o", "stream-json", "-C", str(ws), "-f", "nope"], env)
    assert missing.events[0]["message"] == f"prompt file not found: {ws / 'nope'}"
