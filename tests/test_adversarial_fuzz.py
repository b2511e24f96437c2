"""Fuzzing the parsers: only typed errors, never another exception.

- The engine's stream-json input parser (`parse_stream_input`, docs/protocol.md section 4) may only
  raise `StreamInputError` with one of the documented messages (a sample also goes through a real
  `zero-engine exec -i stream-json -o stream-json`: exit 2 with the usage_error pair, no traceback).
- The client's line decoder (`zero_client.protocol.decode_output` in every mode, bytes and str)
  may only raise `ProtocolError` subclasses; `LineDecoder` only `ZeroProtocolError` (strict);
  the `LineSplitter` never raises and splits exactly like `bytes.split(b"\\n")`.

Inputs are random bytes and mutations of the conformance vectors (seeded, so a failure replays);
hypothesis drives a shrinkable share of them. Every failure is collected (the shortest input per
exception type is shown), so one bug does not hide the counts.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import random
import re
import subprocess
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest
from adversarial_support import REPO_ROOT, Counter, engine_env, run_engine, scale, write_script
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from toolchains import require_tool
from zero_client import LineDecoder, LineSplitter, ZeroProtocolError, ZeroVersionError
from zero_client.protocol import SUPPORTED_SCHEMA_VERSIONS, ProtocolError, decode_input, decode_output
from zero_engine.streaminput import StreamInputError, parse_stream_input

INPUT_ERROR = re.compile(
    r"(Invalid stream-json input at line (?P<line>\d+): (expected a JSON object\.|unknown field .*"
    r"|schemaVersion must be [12]|content is required|type must be prompt or message|role must be user)"
    r"|Stream-json input must include at least one prompt or user message event\."
    r"|Stream-json image exceeds the 10485760 byte limit\."
    r"|Stream-json image data is not valid base64: illegal base64 data at input byte \d+"
    r"|Stream-json image has an unsupported image media type \".*\"\.)",
    re.DOTALL,
)


def _vectors(direction: str) -> list[bytes]:
    lines: list[bytes] = []
    for version in (1, 2):
        text = (REPO_ROOT / "conformance" / f"v{version}" / "cases.jsonl").read_text(encoding="utf-8")
        for record in text.split("\n"):
            if record.strip():
                case = json.loads(record)
                if case["direction"] == direction:
                    lines.append(case["line"].encode("utf-8", "surrogatepass"))
    return lines


EXTRA_INPUT_SEEDS = [
    b'{"schemaVersion":2,"type":"prompt","content":"hello"}',
    b'{"schemaVersion":2,"type":"message","role":"user","content":"","images":[{"mediaType":"png","data":"iVBORw0KGgo="}]}',
    b'{"schemaVersion":1,"type":"message","role":"user","content":"x","images":[{"MEDIATYPE":"jpg","Data":"AAAA","x":1}]}',
    b'{"schemaVersion":2,"type":"message","role":"user","content":"x","images":[null]}',
    b"null",
]
INPUT_SEEDS = _vectors("input") + EXTRA_INPUT_SEEDS
OUTPUT_SEEDS = _vectors("output")

TOKENS = [
    b"\x00",
    b"\xff",
    b"\xef\xbb\xbf",
    b"\xc3",
    b"\xed\xa0\x80",
    b'"',
    b"\\",
    b"{",
    b"}",
    b"[",
    b"]",
    b",",
    b":",
    b"\n",
    b"\r",
    b"\r\n",
    b" ",
    b"\t",
    b"\xc2\x85",
    b"\xe2\x80\xa8",
    b"null",
    b"true",
    b"1e999",
    b"-0",
    b"2.0",
    b"99999999999999999999999",
    b"9" * 5000,
    b'"\\ud800"',
    b'"\\u0000"',
    b"NaN",
    b"Infinity",
    b'"schemaVersion":',
    b'"type":"message"',
    b'"role":"user"',
    b'"images":[{"mediaType":"gif","data":"',
    b'"content":',
    b"\\u",
    b'"runId":"run_20260101000000_abcdef"',
    b'"type":"run_end"',
    b'"exitCode":',
    b'"risk":{"level":',
    b'"meta":{"k":',
    b'"args":',
    b'"block":{"code":"x"',
    b'"schemaVersion":2',
    b'"schemaVersion":1',
]


def nested(rng: random.Random) -> bytes:
    depth = rng.choice([10, 100, 999, 1001, 3000, 20000])
    opener = rng.choice([b"[", b'{"a":', b'{"args":', b'{"images":['])
    return opener * depth


def mutate(rng: random.Random, seeds: list[bytes]) -> bytes:
    """A few random edits of one (or two spliced) seed lines, sometimes several lines joined."""
    data = bytearray(rng.choice(seeds))
    for _ in range(rng.choice([0, 1, 1, 2, 3, 6])):
        op = rng.randrange(8)
        pos = rng.randrange(len(data) + 1)
        if op == 0 and data:
            data[min(pos, len(data) - 1)] = rng.randrange(256)
        elif op == 1:
            data[pos:pos] = rng.choice(TOKENS)
        elif op == 2:
            end = min(len(data), pos + rng.randrange(1, 16))
            del data[pos:end]
        elif op == 3:
            end = min(len(data), pos + rng.randrange(1, 32))
            data[pos:pos] = data[pos:end]
        elif op == 4:
            other = rng.choice(seeds)
            data = data[:pos] + other[rng.randrange(len(other) + 1) :]
        elif op == 5:
            data[pos:pos] = nested(rng)
        elif op == 6:
            data = data[:pos]
        else:
            value = rng.choice([b'"x"', b"0", b"-1", b"[]", b"{}", b"null", b"1.5", b'"' + b"a" * 300 + b'"'])
            data = bytearray(re.sub(rb':("[^"]*"|-?\d+|true|false|null)', b":" + value, bytes(data), count=1))
    if rng.random() < 0.2:
        joiner = rng.choice([b"\n", b"\r\n", b"\n\n", b"\r"])
        data = bytearray(joiner.join([bytes(data), mutate(rng, seeds)]))
    return bytes(data)


def random_input(rng: random.Random, seeds: list[bytes]) -> bytes:
    roll = rng.random()
    if roll < 0.1:
        return rng.randbytes(rng.randrange(64))
    if roll < 0.15:
        return nested(rng)
    return mutate(rng, seeds)


class Failures:
    """Untyped failures by exception type, keeping the shortest input of each."""

    def __init__(self) -> None:
        self.by_type: dict[str, tuple[bytes, str]] = {}
        self.count = 0

    def add(self, where: str, data: bytes, exc: BaseException) -> None:
        self.count += 1
        key = f"{where}: {type(exc).__name__}"
        if key not in self.by_type or len(data) < len(self.by_type[key][0]):
            self.by_type[key] = (data, str(exc)[:200])

    def describe(self) -> str:
        return "\n".join(
            f"{key} on {data[:120]!r}: {msg}" for key, (data, msg) in sorted(self.by_type.items())
        )


# --- the engine's input parser ---------------------------------------------------------------


def check_engine_input(data: bytes, version: int) -> None:
    """Raises AssertionError (typed, wrong message) or the untyped exception itself."""
    try:
        parsed = parse_stream_input(data, version)
    except StreamInputError as exc:
        message = str(exc)
        match = INPUT_ERROR.fullmatch(message)
        assert match, f"undocumented message {message!r}"
        if match.group("line"):
            assert 1 <= int(match.group("line")) <= data.count(b"\n") + 1, message
        return
    assert isinstance(parsed.prompt, str)


def run_loop(name: str, check: Callable[[bytes], None], seeds: list[bytes], count: int, seed: int) -> None:
    rng = random.Random(seed)
    failures = Failures()
    stats = Counter(name)
    for _ in range(count):
        data = random_input(rng, seeds)
        stats.add("inputs_fuzzed")
        try:
            check(data)
        except AssertionError as exc:
            failures.add("wrong typed error", data, exc)
        except Exception as exc:
            failures.add("untyped", data, exc)
    stats.add("untyped_failures", failures.count)
    stats.report()
    assert not failures.count, f"{failures.count} failure(s):\n{failures.describe()}"


@pytest.mark.timeout(1800)
@pytest.mark.parametrize("version", [1, 2])
def test_engine_input_parser_only_raises_documented_errors(version: int) -> None:
    run_loop(
        f"fuzz/engine-input/v{version}",
        lambda d: check_engine_input(d, version),
        INPUT_SEEDS,
        scale(6000, 200_000),
        seed=1100 + version,
    )


@settings(max_examples=scale(300, 5000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.one_of(
        st.binary(max_size=200),
        # A Random of its own, seeded by Hypothesis: `mutate` makes many random choices, and drawn
        # one by one from Hypothesis's buffer they overran its entropy limit (a failed health check).
        st.builds(mutate, st.randoms(use_true_random=True), st.just(INPUT_SEEDS)),
    )
)
def test_engine_input_parser_hypothesis(data: bytes) -> None:
    """Fails if the engine's input parser raises anything but StreamInputError on some bytes, or
    an error message not of the documented form (or naming a line the input does not have)."""
    check_engine_input(data, 2)


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        (b"[" * 5000, "Invalid stream-json input at line 1: expected a JSON object."),
        (
            b'{"schemaVersion":2,"type":"prompt","content":"x","images":' + b"[" * 5000,
            "Invalid stream-json input at line 1: expected a JSON object.",
        ),
    ],
    ids=["array-nesting", "nesting-inside-object"],
)
def test_engine_input_deep_nesting_is_a_usage_error(payload: bytes, expected: str) -> None:
    """Regression: json.loads raised RecursionError (a traceback) on deeply nested input."""
    with pytest.raises(StreamInputError) as caught:
        parse_stream_input(payload, 2)
    assert str(caught.value) == expected


def test_engine_process_answers_fuzzed_input_with_the_usage_error_pair(tmp_path: Path) -> None:
    """A sample through the real process: exit 2 + error/run_end, or a normal run; never a crash."""
    rng = random.Random(77)
    script = write_script(tmp_path, [[{"text": "ok"}]])
    env = engine_env(tmp_path, 2, script)
    stats = Counter("fuzz/engine-process")
    samples = [b"[" * 3000, b'{"schemaVersion":2,"type":"prompt","content":"x"}\n' + b"{" * 3000]
    samples += [random_input(rng, INPUT_SEEDS) for _ in range(scale(10, 200))]
    for data in samples:
        stats.add("inputs_fuzzed")
        result = run_engine(["exec", "-i", "stream-json", "-o", "stream-json"], env, tmp_path, stdin=data)
        assert b"Traceback" not in result.stderr, result.stderr.decode(errors="replace")
        events = result.events
        if result.returncode == 2:
            assert [e["type"] for e in events] == ["error", "run_end"], events
            assert events[0]["code"] == "usage_error" and INPUT_ERROR.fullmatch(events[0]["message"])
        else:
            assert result.returncode == 0 and events[0]["type"] == "run_start", (data, result)
    stats.report()


# --- the client's decoder and splitter -------------------------------------------------------


def check_decode_output(data: bytes) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for line in (data, data.decode("utf-8", "replace")):
            for mode in ("lenient", "warn", "strict"):
                for version in (None, 1, 2):
                    with contextlib.suppress(ProtocolError):
                        decode_output(line, mode=mode, version=version)
        for version in (1, 2):
            with contextlib.suppress(ProtocolError):
                decode_input(data, version=version)


@pytest.mark.timeout(1800)
def test_client_decode_output_only_raises_protocol_errors() -> None:
    run_loop(
        "fuzz/client-decode", check_decode_output, OUTPUT_SEEDS + INPUT_SEEDS, scale(3000, 100_000), 2200
    )


@settings(max_examples=scale(300, 5000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.one_of(
        st.binary(max_size=200),
        # A Random of its own, seeded by Hypothesis: `mutate` makes many random choices, and drawn
        # one by one from Hypothesis's buffer they overran its entropy limit (a failed health check).
        st.builds(mutate, st.randoms(use_true_random=True), st.just(OUTPUT_SEEDS)),
    )
)
def test_client_decode_output_hypothesis(data: bytes) -> None:
    """Fails if decode_output/decode_input raise anything but ProtocolError (a crash, a msgspec or
    Unicode error leaking out) on some bytes, in any mode and for any version."""
    check_decode_output(data)


@pytest.mark.parametrize("mode", ["lenient", "warn", "strict"])
def test_client_decode_deep_nesting_is_a_protocol_error(mode: str) -> None:
    """Regression: msgspec raised RecursionError (not a ProtocolError) on deeply nested lines."""
    line = b'{"schemaVersion":2,"type":"text","runId":"run_20260101000000_abcdef","delta":' + b"[" * 2000
    with pytest.raises(ProtocolError), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        decode_output(line, mode=mode)  # type: ignore[arg-type]
    with pytest.raises(ProtocolError):
        decode_output(b"[" * 2000, mode=mode)  # type: ignore[arg-type]


def check_line_decoder(data: bytes) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for mode in ("lenient", "warn", "strict"):
            decoder = LineDecoder(mode)
            for line in data.split(b"\n"):
                try:
                    decoder.decode(line)
                except ZeroProtocolError:
                    assert mode == "strict"
                except ZeroVersionError:  # a JSON object whose schemaVersion is not supported
                    assert mode == "strict"
                    version = json.loads(line)["schemaVersion"]
                    assert isinstance(version, int) and version not in SUPPORTED_SCHEMA_VERSIONS


@pytest.mark.timeout(1800)
def test_client_line_decoder_only_raises_zero_protocol_error() -> None:
    run_loop("fuzz/client-line-decoder", check_line_decoder, OUTPUT_SEEDS, scale(2000, 50_000), 3300)


def split_reference(data: bytes) -> tuple[list[bytes], bytes | None]:
    pieces = data.split(b"\n")
    strip = [p[:-1] if p.endswith(b"\r") else p for p in pieces]
    return strip[:-1], (strip[-1] if pieces[-1] else None)


@settings(max_examples=scale(500, 10_000), deadline=None)
@given(
    data=st.binary(max_size=400)
    | st.lists(st.sampled_from([b"\n", b"\r", b"ab", b"\r\n", b"{}"])).map(b"".join),
    cuts=st.lists(st.integers(0, 400), max_size=12),
)
def test_line_splitter_any_chunking(data: bytes, cuts: list[int]) -> None:
    """Fails if LineSplitter yields other lines than a one-shot split of the same bytes for some
    chunking (a line lost or joined at a chunk edge, a CR/LF split wrong), or keeps bytes buffered."""
    splitter = LineSplitter()
    bounds = sorted({0, len(data), *[c for c in cuts if c <= len(data)]})
    lines: list[bytes] = []
    for start, end in itertools.pairwise(bounds):
        lines += splitter.feed(data[start:end])
    assert (lines, splitter.finish()) == split_reference(data)
    assert splitter.pending_bytes == 0


def test_decode_of_unencodable_str_is_typed() -> None:
    """A str line with a lone surrogate (not UTF-8 encodable) gives a typed invalid_json error.

    Fails if decoding succeeds (the surrogate would then reach users as unencodable text) or if
    any other exception escapes."""
    line = '{"schemaVersion":2,"type":"text","runId":"run_20260101000000_abcdef","delta":"\ud800"}'
    with pytest.raises(ProtocolError) as caught:
        decode_output(line)
    assert caught.value.kind == "invalid_json"


# --- long mode only: the Go fuzz targets and the TypeScript mutator at length ------------------


@pytest.mark.slow
@pytest.mark.timeout(600)
@pytest.mark.parametrize("target", ["FuzzDecode"])
def test_go_fuzz_targets_long(target: str) -> None:
    go_dir = REPO_ROOT / "clients" / "go"
    require_tool("go")
    done = subprocess.run(
        ["go", "test", "./protocol/", "-run", "^$", "-fuzz", f"^{target}$", "-fuzztime", "60s"],
        cwd=go_dir,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    execs = re.findall(r"execs: (\d+)", done.stdout + done.stderr)
    stats = Counter(f"fuzz/go/{target}")
    stats.add("inputs_fuzzed", int(execs[-1]) if execs else 0)
    stats.report()
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_typescript_fuzz_long() -> None:
    ts_dir = REPO_ROOT / "clients" / "typescript"
    require_tool("npx")
    subprocess.run(["npx", "tsc", "-p", "tsconfig.json"], cwd=ts_dir, check=True, timeout=300)
    done = subprocess.run(
        ["node", "--test", "dist/test/fuzz.test.js"],
        cwd=ts_dir,
        capture_output=True,
        text=True,
        timeout=500,
        check=False,
        env={**os.environ, "ZERO_SDK_SLOW": "1"},
    )
    print(done.stdout[-600:])
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
