"""Byte-exact Go `encoding/json` output for decoded JSON values.

Zero writes every stream-json event by marshalling a `map[string]any`, so the bytes follow Go's
rules: keys sorted, no spaces, `<` `>` `&` U+2028 U+2029 escaped, invalid UTF-8 (a lone surrogate
here) a real U+FFFD per byte on the wire (`to_utf8`; `escape_invalid_utf8` for the `-o json`
dialect, which writes `\ufffd`), numbers formatted as float64. The fast path lets the C json
encoder do the work and only patches what differs; `needs_exact_encoding` says when it may not.
"""

from __future__ import annotations

import json
import json.encoder
import math
import re
from collections.abc import Callable
from typing import Any

_SURROGATE = re.compile("[\ud800-\udfff]")
# The surrogates surrogateescape gives undecodable bytes (other lone surrogates come from a JSON
# escape such as \ud800, which Go decodes to a real U+FFFD).
_INVALID_BYTE = re.compile("[\udc80-\udcff]")


def _unsupported(value: Any) -> Any:
    raise TypeError(f"json: unsupported type: {type(value).__name__}")


def _make_fast_dumps() -> Callable[[Any], str]:
    """The C encoder built once (no circular-check markers, so it is reusable across calls)."""
    make = getattr(json.encoder, "c_make_encoder", None)
    basestring = getattr(json.encoder, "c_encode_basestring", None)
    if make is None or basestring is None:  # pure-Python json build: use the public API
        return json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode
    iterencode = make(None, _unsupported, basestring, None, ":", ",", True, False, False)
    return lambda value: "".join(iterencode(value, 0))


_fast_dumps = _make_fast_dumps()

# Largest integer float64 represents exactly; bigger ints go through float64 as Go's map does.
_MAX_EXACT_INT = 2**53


def go_float(value: float) -> str:
    """Format a float64 like Go's encoding/json (strconv 'f', or 'e' outside [1e-6, 1e21))."""
    if math.isnan(value) or math.isinf(value):
        raise ValueError(f"json: unsupported value: {value!r}")
    if value == 0:
        return "-0" if math.copysign(1.0, value) < 0 else "0"
    magnitude = abs(value)
    if magnitude < 1e-6 or magnitude >= 1e21:
        # Python's repr uses exponent form throughout this range, with the same shortest digits.
        mantissa, _, exponent = repr(value).partition("e")
        exp_value = int(exponent)
        sign = "-" if exp_value < 0 else "+"
        # Go writes at least two exponent digits, then trims "e-09" to "e-9".
        digits = str(abs(exp_value)) if exp_value < 0 else f"{exp_value:02d}"
        return f"{mantissa}e{sign}{digits}"
    text = repr(value)
    if value.is_integer():
        if "e" not in text:
            return str(int(value))
        # 1e16 <= |value| < 1e21: Go writes the shortest digits padded with zeros
        # (12345678901234567000), not the float's exact integer (...67168).
        mantissa, _, exponent = text.partition("e")
        negative = mantissa.startswith("-")
        digits = mantissa.lstrip("-").replace(".", "")
        body = digits + "0" * (int(exponent) + 1 - len(digits))
        return ("-" if negative else "") + body
    if "e" in text:
        # Python switches to exponent form below 1e-4; Go stays fixed down to 1e-6.
        text = format(value, "f") if magnitude >= 1e-4 else _fixed_shortest(value)
    return text


def _fixed_shortest(value: float) -> str:
    mantissa, _, exponent = repr(value).partition("e")
    negative = mantissa.startswith("-")
    digits = mantissa.lstrip("-").replace(".", "")
    point = int(exponent) + 1  # position of the decimal point relative to the digits
    body = "0." + "0" * (-point) + digits if point <= 0 else digits[:point] + "." + digits[point:]
    return ("-" if negative else "") + body.rstrip("0").rstrip(".")


def escape_invalid_utf8(encoded: str) -> str:
    """JSON text with each lone surrogate (a byte of invalid UTF-8, kept by surrogateescape) as
    the escape `\ufffd`: what Go's encoder writes for a string that still holds the byte (Zero's
    `-o json` lines; its stream-json writer makes strings valid first, a real U+FFFD per byte)."""
    return _INVALID_BYTE.sub(lambda _m: "\\ufffd", encoded) if _INVALID_BYTE.search(encoded) else encoded


def go_string(text: str) -> str:
    """One JSON string literal as Go writes it (invalid bytes as a real U+FFFD each: to_utf8)."""
    return go_escape(json.dumps(text, ensure_ascii=False))


class GoUnmarshalError(ValueError):
    """Text Go's `json.Unmarshal` into `any` rejects; the message is Go's where it is a type error."""


def _reject_constant(name: str) -> Any:
    # Python's decoder takes NaN, Infinity and -Infinity; Go's grammar has no such literals.
    raise GoUnmarshalError(f"invalid character {name[0]!r} looking for beginning of value")


def _go_number(literal: str, value: float) -> float:
    if math.isinf(value):
        # Go parses every number into a float64 and fails on one out of its range (1e999).
        raise GoUnmarshalError(f"json: cannot unmarshal number {literal} into Go value of type float64")
    return value


def _go_float_literal(literal: str) -> float:
    return _go_number(literal, float(literal))


def _go_int_literal(literal: str) -> int | float:
    if literal == "-0":
        return -0.0  # Go's float64 keeps the sign, and writes it back as -0
    value = int(literal)
    if abs(value) > _MAX_EXACT_INT:
        _go_number(literal, float(literal))  # a literal of 309+ digits is out of float64's range too
    return value


_GO_DECODER = json.JSONDecoder(
    parse_float=_go_float_literal, parse_int=_go_int_literal, parse_constant=_reject_constant
)
# Go checks the grammar of the whole text before decoding any value: this one only does that.
SYNTAX_DECODER = json.JSONDecoder(
    parse_float=lambda _: 0.0, parse_int=lambda _: 0, parse_constant=_reject_constant
)


def unmarshal(text: str) -> Any:
    """What Go's `json.Unmarshal(text, &any)` accepts, decoded (integers stay ints, written back
    through float64 by `marshal`): GoUnmarshalError for NaN/Infinity literals, numbers beyond
    float64 and anything Python's decoder rejects. Python's own decoder takes NaN, Infinity and
    1e999 (as inf), which Go rejects and no encoder here can write back."""
    try:
        value = _GO_DECODER.decode(text)
        # Go decodes a lone surrogate escape (\ud800) to U+FFFD; Python keeps the surrogate,
        # which no OS call or encoder accepts.
        return _replace_surrogates(value) if "\\u" in text else value
    except GoUnmarshalError as error:
        if not str(error).startswith("json: cannot unmarshal"):
            raise
        type_error = error
    except ValueError as error:
        raise GoUnmarshalError(str(error)) from None
    _check_syntax(text)  # a syntax error after the number out of range wins, as in Go
    raise type_error


def _replace_surrogates(value: Any) -> Any:
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value) if _SURROGATE.search(value) else value
    if isinstance(value, list):
        return [_replace_surrogates(item) for item in value]
    if isinstance(value, dict):
        return {_replace_surrogates(key): _replace_surrogates(item) for key, item in value.items()}
    return value


def _check_syntax(text: str) -> None:
    try:
        SYNTAX_DECODER.decode(text)
    except GoUnmarshalError:
        raise
    except ValueError as error:
        raise GoUnmarshalError(str(error)) from None


def valid(text: str) -> bool:
    """Go's `json.Valid`: one JSON value in Go's grammar (1e999 is valid, NaN is not)."""
    try:
        _check_syntax(text)
    except GoUnmarshalError:
        return False
    return True


def go_escape(encoded: str) -> str:
    """Apply Go's extra escapes to JSON text (unconditional replace: a no-match scan is cheapest)."""
    return (
        encoded.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


class GoInt(int):
    """An integer Go holds in an int field (token counts): written exactly at any size, where a
    decoded JSON number beyond 2^53 went through float64."""


class GoStruct(dict[str, Any]):
    """A JSON object Go writes in field order (a struct), where a plain dict is a Go map (keys
    sorted). Build it with the fields in the struct's order, the omitempty ones left out."""


def _encode_into(value: Any, parts: list[str]) -> None:
    if isinstance(value, str):
        parts.append(go_string(value))
    elif value is True:
        parts.append("true")
    elif value is False:
        parts.append("false")
    elif value is None:
        parts.append("null")
    elif isinstance(value, int):
        exact = abs(value) <= _MAX_EXACT_INT or type(value) is GoInt
        parts.append(str(int(value)) if exact else go_float(float(value)))
    elif isinstance(value, float):
        parts.append(go_float(value))
    elif isinstance(value, dict):
        parts.append("{")
        first = True
        for key in value if isinstance(value, GoStruct) else sorted(value):
            if not first:
                parts.append(",")
            first = False
            parts.append(go_string(str(key)))
            parts.append(":")
            _encode_into(value[key], parts)
        parts.append("}")
    elif isinstance(value, list | tuple):
        parts.append("[")
        for index, item in enumerate(value):
            if index:
                parts.append(",")
            _encode_into(item, parts)
        parts.append("]")
    else:
        raise TypeError(f"json: unsupported type: {type(value).__name__}")


def marshal_exact(value: Any) -> str:
    """The slow, always-correct encoder (floats, big ints, surrogates)."""
    parts: list[str] = []
    _encode_into(value, parts)
    return "".join(parts)


def needs_exact_encoding(value: Any) -> bool:
    """True when the C encoder's output could differ from Go's for this value."""
    if isinstance(value, dict):
        return isinstance(value, GoStruct) or any(needs_exact_encoding(item) for item in value.values())
    if isinstance(value, list | tuple):
        return any(needs_exact_encoding(item) for item in value)
    if isinstance(value, float):
        return True
    if isinstance(value, int) and not isinstance(value, bool):
        return abs(value) > _MAX_EXACT_INT and type(value) is not GoInt
    return False


def marshal(value: Any, *, exact: bool | None = None) -> str:
    """Go encoding/json of a decoded JSON value (dicts are written with sorted keys, a GoStruct
    in its own order).

    `exact` skips the structural check when the caller already knows the answer.
    """
    if exact is None:
        exact = needs_exact_encoding(value)
    if exact:
        return marshal_exact(value)
    return go_escape(_fast_dumps(value))


def to_raw_bytes(text: str) -> bytes:
    """Encode with each invalid byte restored (Zero's plain-text output writes them as they came)."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return to_utf8(text)


def to_utf8(text: str) -> bytes:
    """Encode for the wire; lone surrogates (invalid UTF-8 upstream) become U+FFFD."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text).encode("utf-8")


_GO_QUOTE_SHORT = {
    "\a": "\\a",
    "\b": "\\b",
    "\f": "\\f",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
    "\v": "\\v",
    "\\": "\\\\",
    '"': '\\"',
}


def go_quote(text: str) -> str:
    """Go's `%q` / strconv.Quote for the usage messages that quote user input."""
    out = ['"']
    for char in text:
        if char in _GO_QUOTE_SHORT:
            out.append(_GO_QUOTE_SHORT[char])
        elif "\ud800" <= char <= "\udfff":
            out.append("\\ufffd")
        elif char.isprintable() or char == " ":
            out.append(char)
        else:
            code = ord(char)
            if code < 0x80:
                out.append(f"\\x{code:02x}")
            elif code <= 0xFFFF:
                out.append(f"\\u{code:04x}")
            else:
                out.append(f"\\U{code:08x}")
    out.append('"')
    return "".join(out)
