"""The stream-json event redactor (docs/protocol.md 5.1; the schemaVersion 1 patterns of 8.4).

Applied to every stream-json event after it is built. Values under sensitive keys become the
string "[REDACTED]"; strings are scanned with three patterns. Prechecks keep the common case
(nothing sensitive anywhere) at the cost of one regex search over the already-encoded line.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from zero_engine.goregex import CI_LETTERS, WS, caseless, compile_go

MARKER = "[REDACTED]"

_EXACT_SENSITIVE_KEYS = frozenset(
    {
        "accesstoken",
        "apikey",
        "authorization",
        "bearer",
        "clientsecret",
        "credential",
        "credentials",
        "idtoken",
        "password",
        "passwd",
        "privatekey",
        "pwd",
        "refreshtoken",
        "secret",
        "token",
    }
)
_SENSITIVE_KEY_SUFFIXES = ("apikey", "clientsecret", "accesstoken", "refreshtoken", "idtoken", "privatekey")
_NON_ALNUM = re.compile(r"[^a-z0-9]+")

# Go's `\s`, `\b` and `(?i)` differ from Python's (see goregex.py); `(?i)` also widens the
# value classes to the Kelvin sign and the long s.
_VALUE = rf"[0-9._\-{CI_LETTERS}]"
_PATTERNS_V2 = (
    compile_go(r"\bsk-[A-Za-z0-9_-]{16,}"),
    compile_go(rf"({caseless('api')}[_-]?{caseless('key')}){WS}*[=:]{WS}*[\"']?{_VALUE}{{12,}}"),
    compile_go(rf"({caseless('bearer')}{WS}+){_VALUE}{{16,}}"),
)
_PATTERNS_V1 = (
    _PATTERNS_V2[0],
    compile_go(rf"({caseless('api')}[_-]?{caseless('key')}[\"'=:\t\n\f\r ]+)[^\"',\t\n\f\r )]+"),
    _PATTERNS_V2[2],
)
# Python's IGNORECASE differs from Go's (?i) only in letting `i` match U+0130 and U+0131, and
# searches this pattern faster than the spelled-out classes: used when neither is in the text.
# (Not re.ASCII, which would also stop `k` matching the Kelvin sign; the pattern has no \b.)
_PATTERNS_V1_FAST = (
    _PATTERNS_V1[0],
    re.compile(r"(api[_-]?key[\"'=:\t\n\f\r ]+)[^\"',\t\n\f\r )]+", re.IGNORECASE),
    _PATTERNS_V1[2],
)
# A string can only match a pattern if it contains "sk-", "bearer" or api[_-]?key in any case
# (Go's (?i) also folds the Kelvin sign U+212A to k). Checking the encoded line is exact as a
# precheck, since JSON escaping never touches those letters, and ASCII-lowering the UTF-8 bytes
# runs at C speed, unlike a case-insensitive regex.
_KELVIN = "\u212a".encode()


#: Lines longer than this are lowered one window at a time, so a multi-MB line is never copied
#: whole; windows overlap by more than the longest needle ("api-key"), so no match is split.
_WINDOW = 64 * 1024
_OVERLAP = 8


def _caseless_hit(lowered: bytes) -> bool:
    return b"bearer" in lowered or (
        b"api" in lowered and (b"apikey" in lowered or b"api_key" in lowered or b"api-key" in lowered)
    )


def may_match_bytes(encoded: bytes) -> bool:
    if b"sk-" in encoded or _KELVIN in encoded:
        return True
    if len(encoded) <= _WINDOW:
        return _caseless_hit(encoded.lower())
    return any(
        _caseless_hit(encoded[start : start + _WINDOW + _OVERLAP].lower())
        for start in range(0, len(encoded), _WINDOW)
    )


def _may_match(text: str) -> bool:
    return may_match_bytes(text.encode("utf-8", "surrogatepass"))


_KEPT_PREFIXES = ("apikey=", "api_key=", "api-key=", "bearer ")


@lru_cache(maxsize=4096)
def is_sensitive_key(key: str) -> bool:
    normalized = _NON_ALNUM.sub("", key.lower())
    return normalized in _EXACT_SENSITIVE_KEYS or normalized.endswith(_SENSITIVE_KEY_SUFFIXES)


def _replace_match(match: re.Match[str]) -> str:
    text = match.group(0)
    lowered = text.lower()
    for prefix in _KEPT_PREFIXES:
        if lowered.startswith(prefix):
            # Go keeps the prefix's length in bytes of the original text: `api_\u212aey=`
            # lowers to `api_key=` but keeps only `api_\u212ae`.
            kept = text.encode("utf-8", "surrogatepass")[: len(prefix)]
            return kept.decode("utf-8", "replace") + MARKER
    return MARKER


class Redactor:
    """Redaction for one schemaVersion (1 uses the looser api_key pattern of its era)."""

    def __init__(self, schema_version: int) -> None:
        self._patterns = _PATTERNS_V1 if schema_version == 1 else _PATTERNS_V2
        self._fast_patterns = _PATTERNS_V1_FAST if schema_version == 1 else _PATTERNS_V2

    def redact_string(self, text: str) -> str:
        if not _may_match(text):
            return text
        dotted_i = "\u0130" in text or "\u0131" in text
        for pattern in self._patterns if dotted_i else self._fast_patterns:
            text = pattern.sub(_replace_match, text)
        return text

    def redact_value(self, value: Any) -> Any:
        """A redacted copy of a decoded JSON value (the input is not changed)."""
        if isinstance(value, str):
            return self.redact_string(value)
        if isinstance(value, dict):
            return {
                key: MARKER if is_sensitive_key(key) else self.redact_value(item)
                for key, item in value.items()
            }
        if isinstance(value, list | tuple):
            return [self.redact_value(item) for item in value]
        return value

    @staticmethod
    def may_match_line(encoded: bytes) -> bool:
        """Precheck over an encoded line: False means no string in it can match a pattern."""
        return may_match_bytes(encoded)
