"""Go standard-library text behaviour that reaches the client through Zero's messages.

Zero is written in Go, so some client-visible strings depend on how Go trims whitespace
(`strings.TrimSpace`, `strings.Fields`), prints a `time.Duration`, and words a JSON syntax error.
Python's equivalents differ in small ways (`str.strip` also strips U+001C..U+001F, for one), so
the engine uses these instead wherever Zero's output depends on them.
"""

from __future__ import annotations

import re

# unicode.IsSpace: the ASCII white space, U+0085, U+00A0 and the Unicode Z* space separators.
# Unlike Python's str.isspace it does not include the information separators U+001C..U+001F.
_GO_SPACE = (
    "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)
_FIELD_SPLIT = re.compile(f"[{re.escape(_GO_SPACE)}]+")


def trim_space(text: str) -> str:
    """strings.TrimSpace."""
    return text.strip(_GO_SPACE)


def to_lower(text: str) -> str:
    """strings.ToLower: each character's simple lower case (Python's full mapping can lengthen one,
    `İ` becomes `i̇`; Go maps it to `i` and leaves a character whose lower case is several alone)."""
    if text.isascii():
        return text.lower()
    return "".join(_lower_char(char) for char in text)


def _lower_char(char: str) -> str:
    lowered = char.lower()
    if len(lowered) == 1:
        return lowered
    return "i" if char == "\u0130" else char


def fields(text: str) -> list[str]:
    """strings.Fields."""
    return [part for part in _FIELD_SPLIT.split(text) if part]


def duration(seconds: float) -> str:
    """time.Duration.String for a non-negative duration: 90s -> 1m30s, 0.5s -> 500ms, 300s -> 5m0s."""
    nanos = round(seconds * 1e9)
    if nanos == 0:
        return "0s"
    if nanos < 1_000_000_000:
        for unit, size in (("ms", 1_000_000), ("µs", 1_000), ("ns", 1)):
            if nanos >= size:
                return _trim_fraction(nanos, size) + unit
    hours, rest = divmod(nanos, 3_600_000_000_000)
    minutes, rest = divmod(rest, 60_000_000_000)
    text = _trim_fraction(rest, 1_000_000_000) + "s"
    if hours or minutes:
        text = f"{minutes}m{text}"
    if hours:
        text = f"{hours}h{text}"
    return text


def _trim_fraction(value: int, unit: int) -> str:
    whole, fraction = divmod(value, unit)
    if not fraction:
        return str(whole)
    digits = len(str(unit)) - 1
    return f"{whole}.{fraction:0{digits}d}".rstrip("0")


def quote_char(char: str) -> str:
    """encoding/json's quoteChar: how a bad character is shown in a syntax error."""
    if char == "'":
        return "'\\''"
    if char == '"':
        return "'\"'"
    quoted = _go_quote_rune(char)
    return "'" + quoted + "'"


def _go_quote_rune(char: str) -> str:
    escapes = {
        "\a": "\\a",
        "\b": "\\b",
        "\f": "\\f",
        "\n": "\\n",
        "\r": "\\r",
        "\t": "\\t",
        "\v": "\\v",
        "\\": "\\\\",
    }
    if char in escapes:
        return escapes[char]
    code = ord(char)
    if char.isprintable() and code != 0x7F:
        return char
    if code < 0x80:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


class _JsonSyntax(Exception):
    pass


def json_syntax_error(text: str) -> str:
    """The message encoding/json gives for invalid JSON text, or "" when the text is valid.

    A small recursive scanner that reports the same first error, in the same words, as Go's.
    """
    scanner = _Scanner(text)
    try:
        scanner.value("looking for beginning of value")
        scanner.skip_space()
        if scanner.pos < len(text):
            raise scanner.error("after top-level value")
    except _JsonSyntax as exc:
        return str(exc)
    return ""


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def error(self, context: str) -> _JsonSyntax:
        if self.pos >= len(self.text):
            return _JsonSyntax("unexpected end of JSON input")
        return _JsonSyntax(f"invalid character {quote_char(self.text[self.pos])} {context}")

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in " \t\r\n":
            self.pos += 1

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def value(self, context: str) -> None:
        self.skip_space()
        char = self.peek()
        if char == "{":
            self.pos += 1
            self.object()
        elif char == "[":
            self.pos += 1
            self.array()
        elif char == '"':
            self.pos += 1
            self.string()
        elif char == "-" or (char.isdigit() and char.isascii()):
            self.number()
        elif char in ("t", "f", "n"):
            self.literal({"t": "true", "f": "false", "n": "null"}[char])
        else:
            raise self.error(context)

    def object(self) -> None:
        self.skip_space()
        if self.peek() == "}":
            self.pos += 1
            return
        while True:
            self.skip_space()
            if self.peek() != '"':
                raise self.error("looking for beginning of object key string")
            self.pos += 1
            self.string()
            self.skip_space()
            if self.peek() != ":":
                raise self.error("after object key")
            self.pos += 1
            self.value("looking for beginning of value")
            self.skip_space()
            char = self.peek()
            if char == ",":
                self.pos += 1
                continue
            if char == "}":
                self.pos += 1
                return
            raise self.error("after object key:value pair")

    def array(self) -> None:
        self.skip_space()
        if self.peek() == "]":
            self.pos += 1
            return
        while True:
            self.value("looking for beginning of value")
            self.skip_space()
            char = self.peek()
            if char == ",":
                self.pos += 1
                continue
            if char == "]":
                self.pos += 1
                return
            raise self.error("after array element")

    def string(self) -> None:
        text = self.text
        while self.pos < len(text):
            char = text[self.pos]
            if char == '"':
                self.pos += 1
                return
            if char == "\\":
                self.pos += 1
                escape = self.peek()
                if escape in ('"', "\\", "/", "b", "f", "n", "r", "t"):
                    self.pos += 1
                elif escape == "u":
                    self.pos += 1
                    for _ in range(4):
                        if self.peek().lower() not in "0123456789abcdef" or not self.peek():
                            raise self.error("in \\u hexadecimal character escape")
                        self.pos += 1
                else:
                    raise self.error("in string escape code")
                continue
            if ord(char) < 0x20:
                raise self.error("in string literal")
            self.pos += 1
        raise self.error("in string literal")

    def number(self) -> None:
        if self.peek() == "-":
            self.pos += 1
            if not (self.peek().isdigit() and self.peek().isascii()):
                raise self.error("in numeric literal")
        if self.peek() == "0":
            self.pos += 1
        else:
            self.digits()
        if self.peek() == ".":
            self.pos += 1
            if not (self.peek().isdigit() and self.peek().isascii()):
                raise self.error("after decimal point in numeric literal")
            self.digits()
        if self.peek() in ("e", "E"):
            self.pos += 1
            if self.peek() in ("+", "-"):
                self.pos += 1
            if not (self.peek().isdigit() and self.peek().isascii()):
                raise self.error("in exponent of numeric literal")
            self.digits()

    def digits(self) -> None:
        while self.peek().isdigit() and self.peek().isascii():
            self.pos += 1

    def literal(self, word: str) -> None:
        for index, expected in enumerate(word):
            if self.peek() != expected:
                if index == 0:
                    raise self.error("looking for beginning of value")
                raise self.error(f"in literal {word} (expecting {quote_char(expected)})")
            self.pos += 1
