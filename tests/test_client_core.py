"""Unit tests of the client's I/O-free core: splitting, decoding, reducing, transcripts, options."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Sequence
from pathlib import Path

import pytest
from client_support import RUN_ID, event_line
from zero_client import (
    LineDecoder,
    LineSplitter,
    RunState,
    ZeroCrashError,
    ZeroIncompleteError,
    ZeroInterruptedError,
    ZeroNotExecutableError,
    ZeroNotFoundError,
    ZeroProcessError,
    ZeroProtocolError,
    ZeroProviderError,
    ZeroUsageError,
    ZeroVersionError,
    read_transcript,
)
from zero_client.core import outcome_error, refused_input_version
from zero_client.events import TextEvent
from zero_client.options import ExecOptions, input_events, resolve_command
from zero_client.protocol import ProtocolError, ProtocolWarning, UnknownEvent
from zero_client.versions import v1, v2

# ------------------------------------------------------------------------------ LineSplitter

SAMPLE = b'{"a":1}\n\n{"b":"x\\ny"}\r\nlast line\rwith lone CR\n{"tail":true}'
SAMPLE_LINES = [b'{"a":1}', b"", b'{"b":"x\\ny"}', b"last line\rwith lone CR", b'{"tail":true}']


def split_all(chunks: list[bytes]) -> list[bytes]:
    splitter = LineSplitter()
    lines = [line for chunk in chunks for line in splitter.feed(chunk)]
    last = splitter.finish()
    return lines + ([last] if last is not None else [])


def test_splitting_at_every_byte_boundary_gives_the_same_lines() -> None:
    for cut in range(len(SAMPLE) + 1):
        assert split_all([SAMPLE[:cut], SAMPLE[cut:]]) == SAMPLE_LINES, cut


def test_splitting_at_every_pair_of_boundaries_gives_the_same_lines() -> None:
    for first in range(len(SAMPLE) + 1):
        for second in range(first, len(SAMPLE) + 1):
            chunks = [SAMPLE[:first], SAMPLE[first:second], SAMPLE[second:]]
            assert split_all(chunks) == SAMPLE_LINES, (first, second)


def test_single_byte_feeding_gives_the_same_lines() -> None:
    assert split_all([SAMPLE[i : i + 1] for i in range(len(SAMPLE))]) == SAMPLE_LINES


def test_crlf_split_between_cr_and_lf_drops_only_the_cr() -> None:
    assert split_all([b"abc\r", b"\ndef\r\r\n"]) == [b"abc", b"def\r"]


def test_huge_line_in_small_chunks_comes_out_whole() -> None:
    line = (b"0123456789abcdef" * (1 << 19))[: 8 * 1024 * 1024 - 3]  # 8 MiB, not chunk-aligned
    splitter = LineSplitter()
    out: list[bytes] = []
    chunk = 65536
    for start in range(0, len(line), chunk):
        out += splitter.feed(line[start : start + chunk])
        assert out == [] or start + chunk >= len(line)
    assert splitter.pending_bytes == len(line)
    out += splitter.feed(b"\nnext\n")
    assert out == [line, b"next"]
    assert splitter.pending_bytes == 0
    assert splitter.finish() is None


def test_many_lines_in_one_chunk() -> None:
    data = b"".join(b"%d\n" % i for i in range(10000))
    assert LineSplitter().feed(data) == [b"%d" % i for i in range(10000)]


# ------------------------------------------------------------------------------ LineDecoder


def test_decoder_numbers_lines_counting_blank_ones_and_reports_garbage() -> None:
    decoder = LineDecoder()
    lines = [event_line(2, "text", delta="a").rstrip(), b"", b"not json", event_line(2, "text").rstrip()]
    events = decoder.decode_all(lines)
    assert [type(e) for e in events] == [TextEvent, TextEvent]
    assert [(i.line_number, i.kind) for i in decoder.issues] == [(3, "invalid_json")]
    assert decoder.issues[0].excerpt == "not json"


def test_decoder_keeps_only_an_excerpt_of_a_huge_bad_line() -> None:
    decoder = LineDecoder()
    assert decoder.decode(b"x" * 1_000_000) is None
    assert len(decoder.issues[0].excerpt) <= 200


def test_strict_decoder_raises_with_the_line_number() -> None:
    decoder = LineDecoder("strict")
    decoder.decode(event_line(1, "text", delta="ok"))
    with pytest.raises(ZeroProtocolError) as info:
        decoder.decode(b"{oops")
    assert info.value.line_number == 2
    assert info.value.kind == "invalid_json"
    assert "line 2" in str(info.value)


def test_warn_decoder_warns_and_records() -> None:
    decoder = LineDecoder("warn")
    with pytest.warns(ProtocolWarning, match="line 1"):
        decoder.decode(b"[1, 2]")
    assert len(decoder.issues) == 1


def test_unknown_event_type_is_kept_in_lenient_mode() -> None:
    event = LineDecoder().decode(event_line(2, "telemetry", blob={"x": 1}))
    assert isinstance(event, UnknownEvent)
    assert event.wire_type == "telemetry" and event.raw["blob"] == {"x": 1}


def test_bad_decode_mode_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="decode mode"):
        LineDecoder("loose")  # type: ignore[arg-type]


# ------------------------------------------------------------------------------ RunState

RISK = {"level": "low"}


def run_lines(version: int, final: str | None = "All done.") -> list[bytes]:
    lines = [
        event_line(version, "run_start", cwd="/ws", sessionId="zero_s1", provider="scripted", model="m"),
        event_line(version, "text", delta="Looking. "),
        # A permission event before its own tool_call (parallel read batch, PROTOCOL 3.6.2).
        event_line(
            version,
            "permission_decision",
            id="c2",
            name="read_file",
            action="deny",
            permissionGranted=False,
            risk=RISK,
        ),
        event_line(version, "tool_call", id="c1", name="read_file", args={"path": "a"}, sideEffect="read"),
        event_line(
            version, "tool_result", id="c1", name="read_file", status="ok", output="A", truncated=False
        ),
        event_line(version, "tool_call", id="c2", name="read_file", args={"path": "/x"}, sideEffect="read"),
        event_line(version, "tool_result", id="c2", name="read_file", status="error", truncated=False),
        event_line(version, "usage", promptTokens=10, completionTokens=2, totalTokens=12),
        event_line(version, "text", delta="Done."),
        event_line(version, "usage", promptTokens=30, completionTokens=5, totalTokens=35),
        event_line(version, "warning", message="careful"),
    ]
    if final is not None:
        lines.append(event_line(version, "final", text=final) if final else event_line(version, "final"))
    lines.append(event_line(version, "run_end", status="success", exitCode=0))
    return lines


@pytest.mark.parametrize("version", [1, 2])
def test_reducer_pairs_tools_sums_usage_and_picks_final_text(version: int) -> None:
    state = RunState()
    state.apply_all(LineDecoder().decode_all(line.rstrip(b"\n") for line in run_lines(version)))
    result = state.result
    assert result.run_id == RUN_ID and result.session_id == "zero_s1"
    assert result.schema_version == version
    assert result.text == "Looking. Done."
    assert result.final_text == "All done."
    assert (result.usage.prompt_tokens, result.usage.completion_tokens, result.usage.total_tokens) == (
        40,
        7,
        47,
    )
    assert result.usage.requests == 2
    assert [(t.id, t.name, t.status, t.args) for t in result.tool_calls] == [
        ("c2", "read_file", "error", {"path": "/x"}),
        ("c1", "read_file", "ok", {"path": "a"}),
    ]
    assert result.tool_calls[0].permission_action == "deny"
    assert result.tool_calls[1].permissions == [] and result.tool_calls[1].output == "A"
    assert result.warnings == ["careful"]
    assert result.ok and result.status == "success" and result.exit_code == 0


@pytest.mark.parametrize("final", [None, ""])
def test_final_text_falls_back_to_joined_deltas(final: str | None) -> None:
    state = RunState()
    state.apply_all(LineDecoder().decode_all(run_lines(2, final=final)))
    assert state.result.final_text == "Looking. Done."


# ------------------------------------------------------------------------------ transcripts


def test_read_transcript_with_garbage_and_no_trailing_newline(tmp_path: Path) -> None:
    lines = run_lines(1)
    lines.insert(3, b"garbage\r\n")
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"".join(lines).rstrip(b"\n"))
    result = read_transcript(path)
    assert result.ended and result.final_text == "All done."
    assert [(i.line_number, i.kind) for i in result.protocol_errors] == [(4, "invalid_json")]
    assert len(result.events) == len(lines) - 1


def test_read_transcript_strict_raises_on_garbage(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(event_line(2, "text", delta="x") + b"nope\n")
    with pytest.raises(ZeroProtocolError, match="line 2"):
        read_transcript(path, mode="strict")


# ------------------------------------------------------------------------------ outcome


def ended_with(exit_code: int, status: str, *errors: tuple[str, str], started: bool = True) -> RunState:
    state = RunState()
    lines = [event_line(2, "run_start", cwd="/w")] if started else []
    lines += [event_line(2, "error", code=code, message=msg, recoverable=False) for code, msg in errors]
    lines.append(event_line(2, "run_end", status=status, exitCode=exit_code))
    state.apply_all(LineDecoder().decode_all(lines))
    return state


@pytest.mark.parametrize(
    ("code", "status", "error_class", "retryable"),
    [
        (1, "error", ZeroCrashError, False),
        (2, "error", ZeroUsageError, False),
        (3, "error", ZeroProviderError, True),
        (4, "incomplete", ZeroIncompleteError, False),
        (130, "interrupted", ZeroInterruptedError, False),
    ],
)
def test_exit_codes_are_classified(code: int, status: str, error_class: type, retryable: bool) -> None:
    state = ended_with(code, status, ("provider_error", "went wrong"))
    state.result.stderr_tail = "last words\n"
    error = outcome_error(state.result, returncode=code)
    assert error is not None and type(error) is error_class
    assert error.exit_code == code and error.retryable is retryable
    assert error.run_id == RUN_ID and error.stderr_tail == "last words\n"
    assert "provider_error: went wrong" in str(error) and "last words" in str(error)


@pytest.mark.parametrize(
    ("code", "started", "recoverable", "retryable"),
    [
        ("provider_error", True, False, True),  # the model API failed during the run
        ("provider_error", False, False, False),  # no/unknown provider: configuration
        ("sandbox_error", False, False, False),
        ("usage_error", False, False, False),
        ("mcp_error", False, True, True),  # whatever the binary marks recoverable
    ],
)
def test_retryable_follows_the_code_the_run_start_and_recoverable(
    code: str, started: bool, recoverable: bool, retryable: bool
) -> None:
    """Fails if a configuration error (no run_start) is called retryable, as "No provider
    configured" once was, or a mid-run provider failure is not."""
    state = RunState()
    lines = [event_line(2, "run_start", cwd="/w")] if started else []
    lines += [event_line(2, "error", code=code, message="m", recoverable=recoverable)]
    lines.append(event_line(2, "run_end", status="error", exitCode=3))
    state.apply_all(LineDecoder().decode_all(lines))
    error = outcome_error(state.result, returncode=3)
    assert error is not None and error.retryable is retryable


def test_success_is_no_error_and_a_usage_version_rejection_is_a_version_error() -> None:
    assert outcome_error(ended_with(0, "success").result, returncode=0) is None
    state = ended_with(
        2, "error", ("usage_error", "Invalid stream-json input at line 1: schemaVersion must be 2")
    )
    assert isinstance(outcome_error(state.result, returncode=2), ZeroVersionError)


def refusal(version: int, code: str = "usage_error") -> bytes:
    """Zero's answer to input of another version (recorded from 0.8.0; the v1-era binary alike)."""
    message = f"Invalid stream-json input at line 1: schemaVersion must be {version}"
    return event_line(version, "error", code=code, message=message, recoverable=False)


@pytest.mark.parametrize(
    ("line", "written", "refused"),
    [
        (refusal(2), 1, 2),
        (refusal(1), 2, 1),
        # A version this client does not know arrives salvaged as an UnknownEvent: still recognised.
        (refusal(9), 2, 9),
        # An error before run_start in the binary's version refuses the written one, whatever its code.
        (refusal(1, "provider_error"), 2, 1),
        # Not refusals: an error in the written version, any other first event, no version at all.
        (refusal(2), 2, None),
        (event_line(1, "run_start", cwd="/w"), 2, None),
        (b'{"type":"error","runId":"r","code":"usage_error","message":"m","recoverable":false}', 2, None),
    ],
    ids=["v2-refuses-v1", "v1-refuses-v2", "unknown-v9", "other-code", "same-version", "run-start", "no-ver"],
)
def test_a_refused_input_version_is_recognised_by_the_first_event(
    line: bytes, written: int, refused: int | None
) -> None:
    """Fails if the client would restart a run that was not refused, or miss a refusal."""
    [first] = LineDecoder().decode_all([line.rstrip(b"\n")])
    assert refused_input_version(first, written) == refused


def test_no_run_end_is_never_success() -> None:
    state = RunState()
    state.apply_all(LineDecoder().decode_all([event_line(2, "text", delta="partial")]))
    error = outcome_error(state.result, returncode=0)
    assert isinstance(error, ZeroProcessError) and error.exit_code == 0
    killed = outcome_error(RunState().result, returncode=-9)
    assert isinstance(killed, ZeroProcessError)
    assert killed.signal == 9 and killed.signal_name == "SIGKILL" and killed.exit_code is None


def test_a_failing_process_exit_wins_over_a_successful_run_end() -> None:
    error = outcome_error(ended_with(0, "success").result, returncode=1)
    assert isinstance(error, ZeroCrashError)


# ------------------------------------------------------------------------------ options


def test_exec_argv_puts_bare_resume_last() -> None:
    argv = ExecOptions(
        model="m",
        auto="high",
        enabled_tools=["read_file", "grep"],
        resume=True,
        extra_args=["--max-turns", "3"],
    ).argv()
    assert argv[:5] == ["exec", "--input-format", "stream-json", "--output-format", "stream-json"]
    assert argv[5:] == [
        "--model",
        "m",
        "--auto",
        "high",
        "--enabled-tools",
        "read_file,grep",
        "--max-turns",
        "3",
        "--resume",
    ]


def test_input_events_use_the_requested_version_and_convert_others() -> None:
    message = v2.MessageInput(
        role="user", content="look", images=[v2.InputImage(media_type="png", data="AAAA")]
    )
    events = input_events(["hello", message], 1)
    assert isinstance(events[0], v1.PromptInput) and events[0].content == "hello"
    assert isinstance(events[1], v1.MessageInput) and events[1].schema_version == 1
    assert json.loads(
        b"".join(__import__("zero_client.protocol").protocol.encode_event(e) for e in events[1:])
    )["images"] == [{"data": "AAAA", "mediaType": "png"}]
    with pytest.raises(ValueError, match="empty"):
        input_events([], 2)


def test_missing_and_non_executable_commands_are_typed_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(ZeroNotFoundError, match="was not found"):
        resolve_command([str(tmp_path / "no-such-zero")])
    script = tmp_path / "zero"
    script.write_text("#!/bin/sh\n")
    script.chmod(stat.S_IRUSR | stat.S_IWUSR)
    with pytest.raises(ZeroNotExecutableError, match="not executable"):
        resolve_command(str(script))
    monkeypatch.setenv("ZERO_BIN", str(tmp_path / "missing"))
    with pytest.raises(ZeroNotFoundError, match="ZERO_BIN"):
        resolve_command(None)
    monkeypatch.delenv("ZERO_BIN")
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(ZeroNotFoundError, match="on PATH"):
        resolve_command(None)
    script.chmod(0o755)
    assert resolve_command(None) == [os.path.join(str(tmp_path), "zero")]
    # A relative path is made absolute here: the process starts in the run's cwd (a batch task's
    # workspace), where the same relative path names nothing.
    monkeypatch.chdir(tmp_path.parent)
    relative = os.path.join(tmp_path.name, "zero")
    assert resolve_command([relative, "exec"]) == [str(script), "exec"]


def test_invalid_event_objects_are_salvaged_so_terminal_events_still_count() -> None:
    decoder = LineDecoder()
    state = RunState()
    lines = [
        event_line(2, "error", code="brand_new_code", message="new", recoverable=False),
        event_line(2, "run_end", status="brand_new_status", exitCode=3),
    ]
    state.apply_all(decoder.decode_all(lines))
    assert [i.kind for i in decoder.issues] == ["bad_enum", "bad_enum"]
    assert all(isinstance(e, UnknownEvent) for e in state.result.events)
    error = outcome_error(state.result, returncode=3)
    assert isinstance(error, ZeroProviderError) and "brand_new_code: new" in str(error)


# ------------------------------------------------------------------------------ batch decoding
# LineDecoder.decode_all / protocol.decode_output_lines decode runs of lines with one msgspec
# call; the results must be exactly those of decoding line by line.


def _conformance_output_lines() -> list[bytes]:
    root = Path(__file__).resolve().parent.parent / "conformance"
    lines = []
    for version in (1, 2):
        for raw in (root / f"v{version}" / "cases.jsonl").read_text(encoding="utf-8").splitlines():
            case = json.loads(raw)
            if case["direction"] == "output":
                lines.append(case["line"].encode("utf-8", "surrogatepass"))
    return lines


def _tricky_lines() -> list[bytes]:
    text = event_line(2, "text", delta="x").rstrip(b"\n")
    run = RUN_ID.encode()
    head = text[:-1]  # the object without its closing brace
    return [
        text + b"," + text,  # two objects on one line
        text + b" " + text,
        head + b',"delta2":"},{"',  # a string that would span a join
        b'{"a":[{}',  # an array that would span a join...
        b"{}]}",  # ...closed on the next line
        b"{}",
        b"[]",
        b"  ",
        b"",
        b" " + text,
        text + b"\r",
        b'{"schemaVersion":2,"type":"text","runId":"bad id!"}',
        b'{"type":"text","runId":"' + RUN_ID.encode() + b'"}',  # no schemaVersion
        event_line(1, "text", delta="v1").rstrip(b"\n"),
        event_line(2, "compaction").rstrip(b"\n"),  # unknown type
        event_line(2, "text", delta="y", extra=1).rstrip(b"\n"),  # unknown field
        b"\xff\xfe",
        b"{" * 5000,
        # The decoder is picked by the line's last characters (`TYPE_ENDING_LENGTH`): lines
        # whose ending names another type, or none, must decode exactly as the union does.
        b'{"type":"reasoning","delta":"x","runId":"%s","schemaVersion":2,"type":"text"}' % run,
        b'{"delta":"x","runId":"%s","schemaVersion":2,"type":"reasoning","z":"type":"text"}' % run,
        b'{"type":"text","delta":"x","runId":"%s","schemaVersion":2}' % run,
        b'{"delta":"\\"type\\":\\"text\\"}","runId":"%s","schemaVersion":2,"type":"usage"}' % run,
        bytearray(text),  # type: ignore[list-item]  # a line that spanned two reads (LineSplitter)
    ]


def _describe(events: Sequence[object]) -> list[tuple[str, bytes]]:
    from zero_client.protocol import encode_event

    return [(type(e).__qualname__ + type(e).__module__, encode_event(e)) for e in events]  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", ["lenient", "strict"])
def test_batch_decoding_gives_exactly_the_per_line_results(mode: str) -> None:
    import random

    ordinary = [event_line(v, "text", delta=f"d{i}").rstrip(b"\n") for i in range(40) for v in (2,)]
    pool = _conformance_output_lines() + _tricky_lines()
    rng = random.Random(7)
    for round_ in range(300):
        lines = [rng.choice(ordinary) for _ in range(rng.randint(0, 600))]
        for _ in range(rng.randint(0, 4)):
            lines.insert(rng.randint(0, len(lines)), rng.choice(pool))
        one, many = LineDecoder(mode), LineDecoder(mode)  # type: ignore[arg-type]
        expected: list[object] = []
        failure: tuple[int, str] | None = None
        try:
            for line in lines:
                event = one.decode(line)
                if event is not None:
                    expected.append(event)
        except ZeroProtocolError as exc:
            failure = (exc.line_number or 0, str(exc))
        try:
            got = many.decode_all(list(lines))
        except ZeroProtocolError as exc:
            assert failure == (exc.line_number, str(exc)), round_
            continue
        assert failure is None, round_
        assert _describe(got) == _describe(expected), round_
        assert many.line_number == one.line_number == len(lines)
        assert many.issues == one.issues


@pytest.mark.parametrize("mode", ["lenient", "strict"])
def test_the_decoder_picked_by_a_line_ending_gives_what_the_union_gives(
    mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from zero_client.protocol import _codec, decode_output

    def outcome(line: bytes | bytearray | str) -> tuple[str, object]:
        try:
            event = decode_output(line, mode=mode)  # type: ignore[arg-type]
        except ProtocolError as exc:
            return "error", (exc.kind, exc.field, str(exc))
        return "event", _describe([event])

    lines: list[bytes | bytearray | str] = [*_conformance_output_lines(), *_tricky_lines()]
    lines += [line.decode("utf-8", "replace") for line in lines if isinstance(line, bytes)]
    by_ending = [outcome(line) for line in lines]
    for codec in _codec._CODECS.values():
        assert codec.decoder_by_ending, "some types of every supported version end distinctly"
        monkeypatch.setattr(codec, "decoder_by_ending", {})  # the union only
    _codec._set_last_output_codec(_codec._last_output_codec)  # drops the cached lookup
    by_union = [outcome(line) for line in lines]
    mismatches = [(line, a, b) for line, a, b in zip(lines, by_ending, by_union, strict=True) if a != b]
    assert not mismatches, mismatches[:5]


def test_decode_output_lines_reports_errors_by_index() -> None:
    from zero_client.protocol import decode_output_lines

    good = event_line(2, "text", delta="a").rstrip(b"\n")
    events, errors = decode_output_lines([good, b"", b"garbage", good, good], mode="lenient")
    assert [e.delta for e in events] == ["a", "a", "a"]  # type: ignore[union-attr]
    assert [(index, error.kind) for index, error in errors] == [(2, "invalid_json")]


# ------------------------------------------------------------------------------ run-state cost


def test_applying_events_never_builds_the_result(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Regression guard for the quadratic re-join: the per-pump/per-chunk reduction must not
    read `RunState.result` (which joins every delta so far); only the end of a run does."""
    reads = 0
    original = RunState.result

    def counting(self: RunState) -> object:
        nonlocal reads
        reads += 1
        return original.fget(self)  # type: ignore[attr-defined]

    monkeypatch.setattr(RunState, "result", property(counting))
    state = RunState()
    delta = event_line(2, "text", delta="x" * 50)
    for _ in range(50):
        assert state.apply_all(LineDecoder().decode_all([delta.rstrip(b"\n")] * 20)) is None  # type: ignore[func-returns-value]
    assert reads == 0
    transcript = tmp_path / "long.jsonl"
    transcript.write_bytes(delta * 60_000)  # several 1 MiB reads
    result = read_transcript(transcript)
    assert reads <= 2 and len(result.text) == 50 * 60_000


def test_result_joins_each_delta_once() -> None:
    state = RunState()
    lines = [event_line(2, "text", delta=str(i)).rstrip(b"\n") for i in range(5)]
    state.apply_all(LineDecoder().decode_all(lines))
    first = state.result.text
    assert first == "01234" and state.result.text is first  # cached: no new join
    state.apply_all(LineDecoder().decode_all(lines[:1]))
    assert state.result.text == "012340"


def test_summary_state_keeps_no_events_or_deltas() -> None:
    state = RunState(keep_events=False)
    state.apply_all(LineDecoder().decode_all(line.rstrip(b"\n") for line in run_lines(2)))
    result = state.result
    assert result.events == [] and result.tool_calls == [] and result.text == ""
    assert not result.events_kept and result.event_count == len(run_lines(2))
    assert result.final_text == "All done." and result.usage.requests == 2 and result.status == "success"
    assert state._text == [] and state._reasoning == []


def test_a_tool_call_id_reused_in_a_later_turn_is_a_call_of_its_own() -> None:
    """Zero passes the model's ids through: `c1` in turn two is a new call. Fails if the second
    call overwrites the first, or a name is missing (`ToolCall.name` is always a str)."""
    lines = []
    for turn in (1, 2):
        lines.append(event_line(2, "tool_call", id="c1", name=f"tool{turn}", args={}, sideEffect="read"))
        lines.append(event_line(2, "tool_result", id="c1", name=f"tool{turn}", status="ok",
                                output=f"out{turn}", truncated=False))  # fmt: skip
    state = RunState()
    state.apply_all(LineDecoder().decode_all(lines))
    calls = state.result.tool_calls
    assert [(c.name, c.output) for c in calls] == [("tool1", "out1"), ("tool2", "out2")]
