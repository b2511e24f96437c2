"""Tool-call arguments decoded the way Zero decodes them, with Go encoding/json's error text.

A model's arguments string reaches the tool as `Error: Failed to parse arguments for <tool>:
<error>` when it is not JSON, so the engine reproduces Go's syntax-error wording
("invalid character 'b' looking for beginning of object key string", "unexpected end of JSON
input", ...). Like Zero, several whole JSON values in a row (`{A}{B}`) use the first.
"""

from __future__ import annotations

import json
from typing import Any

from zero_engine import gojson

_WS = " \t\r\n"


class GoJSONError(Exception):
    pass


def _quote(char: str) -> str:
    """Go's quoteChar: the scanner reads bytes, so a non-ASCII character is named by its first
    UTF-8 byte, read as a Latin-1 character (a byte-order mark is 'ï', `é` is 'Ã')."""
    if char == "'":
        return "'\\''"
    if char == '"':
        return "'\"'"
    if ord(char) >= 0x80:
        char = chr(char.encode("utf-8", "surrogateescape")[0])
    quoted = json.dumps(char, ensure_ascii=False)[1:-1]
    if char == "\x7f" or (not char.isprintable() and len(quoted) == 1):
        quoted = f"\\x{ord(char):02x}" if ord(char) < 0x80 else f"\\u{ord(char):04x}"
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


def decode_tool_arguments(arguments: str, schema_version: int = 2) -> dict[str, Any]:
    """The arguments object, `{}` for "" and `null`; GoJSONError with Go's message otherwise.

    Zero 0.8.0 runs the first of several whole values (`{A}{B}`); the v1-era loop unmarshalled
    the text as it came, so there they are a syntax error."""
    if arguments == "":
        return {}
    scanner = _Scanner(arguments)
    text = arguments
    try:
        if schema_version < 2:
            raise GoJSONError("")  # no first-value recovery: check the whole text below
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
    try:
        value = gojson.unmarshal(text)
    except gojson.GoUnmarshalError as error:  # a number beyond float64 (1e999)
        raise GoJSONError(str(error)) from None
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise GoJSONError(
            f"json: cannot unmarshal {go_kind(value)} into Go value of type map[string]interface {{}}"
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
    try:
        value = gojson.unmarshal(arguments)
    except gojson.GoUnmarshalError as error:
        if not str(error).startswith("json: cannot unmarshal number"):
            return None
        # A number beyond float64 (1e999) is Go's type error: it skips that value, fills in
        # the rest and reports the error, which callers reading a path ignore.
        value = _without_infinities(json.loads(arguments))
    return value if isinstance(value, dict) else None


def _without_infinities(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _without_infinities(item) for key, item in value.items() if not _infinite(item)}
    if isinstance(value, list):
        return [_without_infinities(item) for item in value if not _infinite(item)]
    return value


def _infinite(value: Any) -> bool:
    return isinstance(value, float) and value in (float("inf"), float("-inf"))


def check_document(text: str) -> Any:
    """The value of `text` as Go's `json.Unmarshal` accepts it (exactly one JSON value, surrounding
    whitespace allowed); GoJSONError with Go's syntax-error message otherwise."""
    scanner = _Scanner(text)
    scanner.value()
    scanner.skip_ws()
    if scanner.pos < len(text):
        raise _invalid(text[scanner.pos], "after top-level value")
    try:  # numbers as Go decodes them (1e999 is Go's type error, not Python's inf)
        return gojson.unmarshal(text)
    except gojson.GoUnmarshalError as error:
        raise GoJSONError(str(error)) from None


# Go's json.Unmarshal into a struct: the first type mismatch, worded as Go words it. ----------------
# A type is ("string" | "bool" | "int" | "any"), ("string-alias", go_name) (a named string type),
# ("slice", go_name, element), ("map", go_name, element) or ("struct", go_name, fields[, reported]),
# fields mapping each JSON name to its type. Pointers are transparent (Go reports the pointee).
GoType = tuple[Any, ...]


def go_kind(value: Any) -> str:
    """The JSON kind Go's unmarshal errors name for a decoded value (`cannot unmarshal KIND`)."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, str):
        return "string"
    if isinstance(value, int | float):
        return "number"
    return "array" if isinstance(value, list) else "object"


def _number_literal(value: int | float) -> str:
    # The map Zero re-marshals holds float64s: what Go's encoder writes for this number.
    return gojson.marshal(value)


def struct_type_error(value: Any, target: GoType, *, remarshalled: bool = True) -> str | None:
    """The error of Go's `json.Unmarshal(json.Marshal(value), &T)` for a T shaped as `target`
    (None: it decodes). Go decodes on after a mismatch and reports the first one, in document
    order; the re-marshalled map has its keys sorted (`remarshalled=False`: a document decoded
    as it was written, keys in their order)."""
    return _type_error(value, target, "", "", remarshalled)


def _type_error(value: Any, target: GoType, struct: str, path: str, ordered: bool = True) -> str | None:
    kind = target[0]
    if value is None or kind == "any":
        return None  # null leaves any Go value as it was
    go_name = target[1] if kind in ("slice", "map", "struct", "string-alias") else kind
    where = f"Go struct field {struct}.{path}" if struct else "Go value"

    def mismatch(what: str) -> str:
        return f"json: cannot unmarshal {what} into {where} of type {go_name}"

    if kind == "struct":
        if not isinstance(value, dict):
            return mismatch(go_kind(value))
        fields: dict[str, GoType] = target[2]
        # A struct decoded by its own UnmarshalJSON reports its fields under the struct that
        # holds it (an optional 4th element names that one).
        own = target[3] if len(target) > 3 else go_name.rsplit(".", 1)[-1]
        first = None
        for key in sorted(value) if ordered else value:
            field = next((name for name in fields if name.lower() == key.lower()), None)
            if field is None:
                continue
            error = _type_error(value[key], fields[field], own, f"{path}.{field}" if path else field, ordered)
            first = first or error
        return first
    if kind == "slice":
        if not isinstance(value, list):
            return mismatch(go_kind(value))
        first = None
        for item in value:
            first = first or _type_error(item, target[2], struct, path, ordered)
        return first
    if kind == "map":  # a map's keys are not part of Go's field path
        if not isinstance(value, dict):
            return mismatch(go_kind(value))
        first = None
        for item in value.values():
            first = first or _type_error(item, target[2], struct, path, ordered)
        return first
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int | float):
            return mismatch(go_kind(value))
        if isinstance(value, float) and not value.is_integer():
            return mismatch(f"number {_number_literal(value)}")
        return None
    expected = {"string": str, "string-alias": str, "bool": bool}[kind]
    return None if isinstance(value, expected) else mismatch(go_kind(value))


STRING: GoType = ("string",)
_STRINGS: GoType = ("slice", "[]string", STRING)
_FILE_SYSTEM_PATH: GoType = ("any",)  # sandbox.FileSystemPath has its own UnmarshalJSON
REQUEST_PERMISSIONS_ARGS: GoType = (
    "struct",
    "agent.requestPermissionsArgs",
    {
        "environment_id": STRING,
        "reason": STRING,
        "permissions": (
            "struct",
            "sandbox.RequestPermissionProfile",
            {
                "network": ("struct", "sandbox.NetworkPermissions", {"enabled": ("bool",)}),
                "file_system": (
                    "struct",
                    "sandbox.FileSystemPermissions",
                    {
                        "read": _STRINGS,
                        "write": _STRINGS,
                        "deny_read": _STRINGS,
                        "glob_scan_max_depth": ("int",),
                        "entries": (
                            "slice",
                            "[]sandbox.FileSystemSandboxEntry",
                            (
                                "struct",
                                "sandbox.FileSystemSandboxEntry",
                                {
                                    "path": _FILE_SYSTEM_PATH,
                                    "access": ("string-alias", "sandbox.FileSystemAccessMode"),
                                },
                            ),
                        ),
                    },
                ),
            },
        ),
    },
)
