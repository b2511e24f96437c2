"""Tool-call arguments decoded the way Zero decodes them, with Go encoding/json's error text.

A model's arguments string reaches the tool as `Error: Failed to parse arguments for <tool>:
<error>` when it is not JSON, so the engine reproduces Go's syntax-error wording
("invalid character 'b' looking for beginning of object key string", "unexpected end of JSON
input", ...). Like Zero, several whole JSON values in a row (`{A}{B}`) use the first.
"""

from __future__ import annotations

import json
from typing import Any

_WS = " \t\r\n"


class GoJSONError(Exception):
    pass


def _quote(char: str) -> str:
    if char == "'":
        return "'\\''"
    if char == '"':
        return "'\"'"
    quoted = json.dumps(char, ensure_ascii=False)[1:-1]
    if char == "\x7f" or (not char.isprintable() and len(quoted) == 1):
        quoted = f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"
    return "'" + quoted + "'"


def _invalid(char: str, context: str) -> GoJSONError:
    return GoJSONError(f"invalid character {_quote(char)} {context}")


class _Scanner:
    """Checks one JSON value starting at `pos`; raises GoJSONError like Go's scanner."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def peek(self) -> str:
        if self.pos >= len(self.text):
            raise GoJSONError("unexpected end of JSON input")
        return self.text[self.pos]

    def skip_ws(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in _WS:
            self.pos += 1

    def value(self, context: str = "looking for beginning of value") -> None:
        self.skip_ws()
        char = self.peek()
        if char == "{":
            self.pos += 1
            self.obj()
        elif char == "[":
            self.pos += 1
            self.arr()
        elif char == '"':
            self.pos += 1
            self.string()
        elif char == "-" or (char.isdigit() and char.isascii()):
            self.number()
        elif char in "tfn":
            self.literal({"t": "true", "f": "false", "n": "null"}[char])
        else:
            raise _invalid(char, context)

    def obj(self) -> None:
        self.skip_ws()
        if self.peek() == "}":
            self.pos += 1
            return
        while True:
            self.skip_ws()
            char = self.peek()
            if char != '"':
                raise _invalid(char, "looking for beginning of object key string")
            self.pos += 1
            self.string()
            self.skip_ws()
            char = self.peek()
            if char != ":":
                raise _invalid(char, "after object key")
            self.pos += 1
            self.value()
            self.skip_ws()
            char = self.peek()
            self.pos += 1
            if char == "}":
                return
            if char != ",":
                raise _invalid(char, "after object key:value pair")

    def arr(self) -> None:
        self.skip_ws()
        if self.peek() == "]":
            self.pos += 1
            return
        while True:
            self.value()
            self.skip_ws()
            char = self.peek()
            self.pos += 1
            if char == "]":
                return
            if char != ",":
                raise _invalid(char, "after array element")

    def string(self) -> None:
        while True:
            char = self.peek()
            self.pos += 1
            if char == '"':
                return
            if char == "\\":
                esc = self.peek()
                self.pos += 1
                if esc == "u":
                    for _ in range(4):
                        digit = self.peek()
                        if digit not in "0123456789abcdefABCDEF":
                            raise _invalid(digit, "in \\u hexadecimal character escape")
                        self.pos += 1
                elif esc not in '"\\/bfnrt':
                    raise _invalid(esc, "in string escape code")
            elif ord(char) < 0x20:
                raise _invalid(char, "in string literal")

    def number(self) -> None:
        if self.peek() == "-":
            self.pos += 1
            char = self.peek()
            if not ("0" <= char <= "9"):
                raise _invalid(char, "in numeric literal")
        if self.peek() == "0":
            self.pos += 1
        else:
            self.digits()
        if self.pos < len(self.text) and self.text[self.pos] == ".":
            self.pos += 1
            char = self.peek()
            if not ("0" <= char <= "9"):
                raise _invalid(char, "after decimal point in numeric literal")
            self.digits()
        if self.pos < len(self.text) and self.text[self.pos] in "eE":
            self.pos += 1
            if self.peek() in "+-":
                self.pos += 1
            char = self.peek()
            if not ("0" <= char <= "9"):
                raise _invalid(char, "in exponent of numeric literal")
            self.digits()

    def digits(self) -> None:
        while self.pos < len(self.text) and "0" <= self.text[self.pos] <= "9":
            self.pos += 1

    def literal(self, word: str) -> None:
        for index, expected in enumerate(word):
            char = self.peek()
            if char != expected:
                raise _invalid(char, f"in literal {word} (expecting {_quote(expected)})")
            self.pos += 1
            del index


def _go_type(value: Any) -> str:
    if isinstance(value, list):
        return "array"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "bool"
    return "number"


def decode_tool_arguments(arguments: str) -> dict[str, Any]:
    """The arguments object, `{}` for "" and `null`; GoJSONError with Go's message otherwise."""
    if arguments == "":
        return {}
    scanner = _Scanner(arguments)
    text = arguments
    try:
        scanner.value()
        first_end = scanner.pos
        # Further whole values after the first are ignored (a weak model's `{A}{B}`).
        while True:
            scanner.skip_ws()
            if scanner.pos >= len(arguments):
                break
            scanner.value()
        text = arguments[:first_end]
    except GoJSONError:
        text = arguments
    checker = _Scanner(text)
    checker.value()
    checker.skip_ws()
    if checker.pos < len(text):
        raise _invalid(text[checker.pos], "after top-level value")
    value = json.loads(text)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise GoJSONError(
            f"json: cannot unmarshal {_go_type(value)} into Go value of type map[string]interface {{}}"
        )
    return value


__all__ = ["GoJSONError", "decode_tool_arguments"]


def unmarshal_object(arguments: str) -> dict[str, Any] | None:
    """What Go's `json.Unmarshal(data, &map[string]any)` leaves in the map: the object when
    `arguments` is exactly one JSON object, None for anything else (a syntax error, several
    values in a row, `null`, an array)."""
    scanner = _Scanner(arguments)
    try:
        scanner.value()
        scanner.skip_ws()
    except GoJSONError:
        return None
    if scanner.pos < len(arguments):
        return None
    value = json.loads(arguments)
    return value if isinstance(value, dict) else None


def check_document(text: str) -> Any:
    """The value of `text` as Go's `json.Unmarshal` accepts it (exactly one JSON value, surrounding
    whitespace allowed); GoJSONError with Go's syntax-error message otherwise."""
    scanner = _Scanner(text)
    scanner.value()
    scanner.skip_ws()
    if scanner.pos < len(text):
        raise _invalid(text[scanner.pos], "after top-level value")
    return json.loads(text)
