"""Tool-call arguments holding JSON number edge cases: decoded as Zero's Go decoder does, never a crash.

Zero decodes a model's tool-call arguments with Go's encoding/json into `any`: NaN and Infinity
are no JSON literals (a syntax error), a number beyond float64's range (1e999, a 400-digit
integer) is a type error ("json: cannot unmarshal number 1e999 into Go value of type float64"),
every other number becomes a float64. The tool_call event then carries the raw text where
decoding failed, and the tool reports the parse error. Python's json module takes NaN, Infinity
and 1e999 (as inf), which no Go-compatible encoder can write back: the engine once died with a
traceback there (issue 40). Hypothesis builds argument texts from number literals of every kind,
valid and not, nested in objects and arrays; each one goes through every place the engine reads
tool-call arguments. The end-to-end check against real Zero is the recorded scenario
conformance/scenarios/tool_args_number_edges.json.
"""

from __future__ import annotations

import json
import math
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from zero_engine import gojson
from zero_engine.events import StreamJsonEvents, json_line, json_tool_call, parse_tool_args
from zero_engine.loop import history_arguments, pending_plan_items
from zero_engine.tools.args import zero_int
from zero_engine.tools.gojson_errors import GoJSONError, decode_tool_arguments, unmarshal_object

RUN_ID = "run_20260101000000_abcdef"
NOT_JSON = ("NaN", "Infinity", "-Infinity", "+1", "01", "1.", ".5", "1e", "0x10", "- 1", "1e+")
OUT_OF_RANGE = ("1e999", "-1e999", "1E400", "2e308", "-1.8e308", "9" * 400, "-" + "1" * 330)
IN_RANGE = (
    "0",
    "-0",
    "1e-999",  # underflows to 0: valid in Go
    "1.7976931348623157e308",
    "9007199254740993",  # 2^53 + 1: Go keeps the float64 nearest to it
    "12345678901234567890123",
    "-9223372036854775808",
    "9223372036854775808",
    "4.9e-324",
    "1.5",
    "3",
)

literal = st.one_of(
    st.sampled_from(NOT_JSON + OUT_OF_RANGE + IN_RANGE),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.builds(
        lambda mantissa, exponent: f"{mantissa}e{exponent}",
        st.integers(-99, 99),
        st.integers(-1200, 1200),
    ),
)


def _json_with(leaves: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """JSON-like text whose number positions hold `leaves` verbatim."""
    return st.recursive(
        leaves | st.sampled_from(['"a.txt"', "true", "null"]),
        lambda inner: st.one_of(
            st.lists(inner, max_size=3).map(lambda items: "[" + ",".join(items) + "]"),
            st.dictionaries(st.sampled_from(["path", "offset", "limit", "x"]), inner, max_size=3).map(
                lambda pairs: "{" + ", ".join(f'"{k}": {v}' for k, v in pairs.items()) + "}"
            ),
        ),
        max_leaves=6,
    )


arguments = st.one_of(
    _json_with(literal),
    literal.map(lambda number: '{"path": "a.txt", "offset": ' + number + "}"),
    st.tuples(_json_with(literal), st.sampled_from(["", " ", "}", "{}", ",", "x"])).map("".join),
)


def go_accepts_syntax(text: str) -> bool:
    """Go's grammar, independently: Python's decoder with the three non-JSON constants refused."""

    def refuse(name: str) -> None:
        raise ValueError(name)

    try:
        json.loads(text, parse_constant=refuse)
    except ValueError:
        return False
    return True


def first_out_of_range(text: str) -> str | None:
    """The first number literal (in document order) that float64 cannot hold, if any."""
    found: list[str] = []

    def number(literal: str) -> float:
        if math.isinf(float(literal)):
            found.append(literal)
        return 0.0

    json.loads(text, parse_float=number, parse_int=number)
    return found[0] if found else None


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(arguments)
def test_every_reader_of_tool_arguments_agrees_with_go(text: str) -> None:
    syntax_ok = go_accepts_syntax(text)
    bad_number = first_out_of_range(text) if syntax_ok else None
    decodes = syntax_ok and bad_number is None

    assert gojson.valid(text) == syntax_ok, text
    if decodes:
        value = gojson.unmarshal(text)
        gojson.marshal(value)  # writable back in Go's format
    else:
        try:
            gojson.unmarshal(text)
        except gojson.GoUnmarshalError as error:
            if bad_number is not None:
                assert (
                    str(error) == f"json: cannot unmarshal number {bad_number} into Go value of type float64"
                )
        else:
            raise AssertionError(f"accepted: {text!r}")

    # The tool_call event: decoded arguments when Go decodes them, else the raw text.
    present, args = parse_tool_args(text)
    assert present
    if not decodes:
        assert args == text
    for schema_version in (1, 2):
        events = StreamJsonEvents(schema_version, RUN_ID)
        event = json.loads(events.encode(events.tool_call("call_1", "read_file", text, "read")))
        if not decodes:
            assert event["args"] == text
    json_line(json_tool_call("call_1", "read_file", text))

    # The tool's own decoding: a Go-worded error or an object, nothing else.
    try:
        decoded = decode_tool_arguments(text)
    except GoJSONError as error:
        if bad_number is not None and syntax_ok and text.lstrip().startswith("{"):
            assert "cannot unmarshal number" in str(error), (text, str(error))
    else:
        assert isinstance(decoded, dict)
        for key in ("offset", "limit"):
            try:
                zero_int(decoded, key, 1, 1)
            except ValueError as error:
                assert re.fullmatch(rf"{key} must be (an integer|at least 1)", str(error)), error
    unmarshal_object(text)
    pending_plan_items(text)
    for schema_version in (1, 2):
        history_arguments(text, schema_version)


def test_integers_beyond_float_precision_are_the_float_zero_sees() -> None:
    """Go holds 12345678901234567890123 as 1.2345678901234568e+22: not an int for a tool, and
    written back in exponent form; 2^53+1 is written as 9007199254740992."""
    assert (
        gojson.marshal(gojson.unmarshal('{"n": 12345678901234567890123}')) == '{"n":1.2345678901234568e+22}'
    )
    assert gojson.marshal(gojson.unmarshal("[9007199254740993]")) == "[9007199254740992]"
    values = gojson.unmarshal('{"offset": 12345678901234567890123, "limit": 9223372036854775807}')
    for key in ("offset", "limit"):
        try:
            zero_int(values, key, 1, 1)
        except ValueError as error:
            assert str(error) == f"{key} must be an integer"
        else:
            raise AssertionError(f"{key}: accepted")
    try:
        zero_int({"offset": "99999999999999999999"}, "offset", 1, 1)
    except ValueError as error:
        assert str(error) == "offset must be an integer"
    else:
        raise AssertionError("a string beyond int64 was accepted")
