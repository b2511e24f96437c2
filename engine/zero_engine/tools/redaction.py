"""The tool-boundary redactor: what Zero scrubs from every tool result before anyone sees it.

It runs on a tool result's output, display summary and meta values; a change sets
`ToolResult.redacted` (`redacted: true` on the `tool_result` event). The passes run in Zero's
order, each over the result of the one before, and each replaces what it finds with
`[REDACTED]`:

1. PEM private-key blocks, whole;
2. `"key": "value"` pairs in JSON text whose key is sensitive (the value becomes `"[REDACTED]"`);
3. `key=value` assignments whose key is sensitive (a quoted value keeps its quotes; an empty
   quoted value loses them);
4. `Authorization:` / `Proxy-Authorization:` headers, to the end of the line, printed back as
   `<name>: <scheme> [REDACTED]` (schemaVersion 2 also redacts a value with no known scheme:
   `<name>: [REDACTED]`);
5. `x-api-key`, `api-key`, `cookie` and `set-cookie` headers: `<name>: [REDACTED]`;
6. passwords in `http(s)`, `ws(s)` and `ftp` URLs, the URL printed back by Go's `net/url`
   (`https://bob:%5BREDACTED%5D@host/...`, see `gourl.py`);
7. query parameters whose key is sensitive;
8. credential shapes: OpenAI, Anthropic, GitHub, GitLab, Google, Slack, AWS access keys and
   JWTs. At schemaVersion 1 these end at a word boundary, so `AKIA...` followed by more letters
   or digits is left alone, and `sk-` slugs of any kind count; schemaVersion 2 drops the
   trailing boundary, keeps digit-free kebab-case `sk-` slugs, and adds a looser JWT form.

Each pass is guarded by a substring precheck, so clean output costs a few `in` tests.
"""

from __future__ import annotations

import re

from zero_engine.goregex import NOT_WS, WS, caseless, compile_go

from .gourl import replace_password
from .secrets import is_kebab_slug

MARKER = "[REDACTED]"

_EXACT_SENSITIVE_KEYS = frozenset(
    {
        "access_token",
        "anthropic_api_key",
        "api_key",
        "apikey",
        "auth_token",
        "authorization",
        "aws_secret_access_key",
        "aws_session_token",
        "bearer",
        "bearer_token",
        "client_secret",
        "cookie",
        "credential",
        "credentials",
        "gemini_api_key",
        "github_token",
        "gitlab_token",
        "google_api_key",
        "id_token",
        "jwt",
        "npm_token",
        "oauth_token",
        "openai_api_key",
        "passphrase",
        "password",
        "private_key",
        "proxy_authorization",
        "refresh_token",
        "secret",
        "session_token",
        "set_cookie",
        "token",
        "x_api_key",
        "zero_api_key",
    }
)
_SENSITIVE_SEGMENTS = frozenset(
    {"password", "passwd", "passphrase", "secret", "credential", "credentials", "apikey"}
)
_ASCII_SEPARATORS = re.compile(r"[^a-z0-9]+")


def normalize_key(key: str) -> str:
    """Lowercase letters and digits (any script); every run of anything else becomes one `_`;
    leading and trailing `_` trimmed."""
    if key.isascii():
        return _ASCII_SEPARATORS.sub("_", key.lower()).strip("_")
    out: list[str] = []
    separator = False
    for char in key:
        if char.isalpha() or char.isdecimal():
            lower = char.lower()
            out.append(lower[0] if len(lower) != 1 else lower)  # simple case mapping (İ -> i)
            separator = False
        elif not separator:
            out.append("_")
            separator = True
    return "".join(out).strip("_")


def is_sensitive_key(key: str) -> bool:
    normalized = normalize_key(key)
    if not normalized:
        return False
    if normalized in _EXACT_SENSITIVE_KEYS:
        return True
    segments = normalized.split("_")
    for index, segment in enumerate(segments):
        if segment in _SENSITIVE_SEGMENTS:
            return True
        # A trailing singular `token` is a credential (csrf_token), `max_tokens` is not.
        if segment == "token" and 0 < index == len(segments) - 1:
            return True
        if segment == "key" and index > 0 and segments[index - 1] in ("api", "private"):
            return True
    return False


_PRIVATE_KEY = compile_go(r"-----BEGIN [A-Z ]*PRIVATE KEY-----.*?-----END [A-Z ]*PRIVATE KEY-----", re.DOTALL)
_JSON_PAIR = compile_go(rf'("([^"\\]*(?:\\.[^"\\]*)*)"{WS}*:{WS}*)"([^"\\]*(?:\\.[^"\\]*)*)"')
# A JSON pair needs a closing quote followed by a colon: a much cheaper search that rules out most text.
_JSON_PAIR_HINT = compile_go(rf'"{WS}*:')
_ASSIGNMENT = compile_go(
    rf"""\b([A-Za-z_][A-Za-z0-9_.-]*)({WS}*={WS}*)(?:"([^"]*)"|'([^']*)'|([^\t\n\f\r &]+))"""
)
_HEADER_NAMES = f"({caseless('authorization')}|{caseless('proxy-authorization')})"
_HEADER_SCHEMES = "|".join(
    caseless(scheme)
    for scheme in (
        "bearer",
        "basic",
        "token",
        "apikey",
        "api-key",
        "digest",
        "negotiate",
        "oauth",
        "aws4-hmac-sha256",
    )
)
# v1 needs a known scheme; v2 redacts an unknown or missing scheme's whole value too.
_AUTH_HEADER_V1 = compile_go(rf"\b{_HEADER_NAMES}{WS}*:{WS}*({_HEADER_SCHEMES}){WS}+([^\r\n]+)")
_AUTH_HEADER_V2 = compile_go(rf"\b{_HEADER_NAMES}{WS}*:{WS}*(?:({_HEADER_SCHEMES}){WS}+)?([^\r\n]+)")
_KEY_HEADER_NAMES = "|".join(caseless(name) for name in ("x-api-key", "api-key", "cookie", "set-cookie"))
_KEY_HEADER = compile_go(rf"\b({_KEY_HEADER_NAMES}){WS}*:{WS}*([^\r\n]+)")
_URL = compile_go(rf"\b(?:https?|wss?|ftp)://{NOT_WS}+")
_QUERY = compile_go(r"([?&])([^=&#\t\n\f\r ]+)=([^&#\t\n\f\r ]+)")

_GH = ("ghp_", "gho_", "ghu_", "ghs_", "ghr_")
_AWS = ("AKIA", "ASIA")
_OPENAI_KEY = compile_go(r"\bsk-[A-Za-z0-9_-]{20,}")
# (hints, pattern): the pattern can only match text that contains one of the hints.
_SHAPES_V2 = (
    (("sk-ant-",), compile_go(r"\bsk-ant-(?:api\d{2}-)?[A-Za-z0-9_-]{20,}")),
    (("github_pat_",), compile_go(r"\bgithub_pat_[A-Za-z0-9_]{22,}")),
    (_GH, compile_go(r"\bgh[pousr]_[A-Za-z0-9]{36,}")),
    (("glpat-",), compile_go(r"\bglpat-[A-Za-z0-9_-]{12,}")),
    (("AIza",), compile_go(r"\bAIza[0-9A-Za-z\-_]{35,}")),
    (("xox",), compile_go(r"\bxox[baprs]-[A-Za-z0-9-]{10,}")),
    (_AWS, compile_go(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}")),
    (("eyJ",), compile_go(r"\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}")),
    (("eyJ",), compile_go(r"\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}")),
)
_SHAPES_V1 = (
    (("sk-",), compile_go(r"\bsk-(?:proj-)?[A-Za-z0-9._-]{12,}\b")),
    (("sk-ant-api",), compile_go(r"\bsk-ant-api\d{2}-[A-Za-z0-9._-]{12,}\b")),
    (("github_pat_",), compile_go(r"\bgithub_pat_[A-Za-z0-9_]{12,}\b")),
    (_GH, compile_go(r"\bgh[pousr]_[A-Za-z0-9_]{12,}\b")),
    (("glpat-",), compile_go(r"\bglpat-[A-Za-z0-9_-]{12,}\b")),
    (("AIza",), compile_go(r"\bAIza[0-9A-Za-z_-]{12,}\b")),
    (("xox",), compile_go(r"\bxox[baprs]-[A-Za-z0-9-]{12,}\b")),
    (_AWS, compile_go(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b")),
    (("eyJ",), compile_go(r"\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b")),
)


def _json_pair(match: re.Match[str]) -> str:
    if not is_sensitive_key(match.group(2)):
        return match.group(0)
    return f'{match.group(1)}"{MARKER}"'


def _assignment(match: re.Match[str]) -> str:
    key, separator, double_quoted, single_quoted, _bare = match.groups()
    if not is_sensitive_key(key):
        return match.group(0)
    if double_quoted:
        return f'{key}{separator}"{MARKER}"'
    if single_quoted:
        return f"{key}{separator}'{MARKER}'"
    return f"{key}{separator}{MARKER}"


def _auth_header(match: re.Match[str]) -> str:
    name, scheme = match.group(1), match.group(2)
    return f"{name}: {scheme} {MARKER}" if scheme else f"{name}: {MARKER}"


def _query(match: re.Match[str]) -> str:
    if not is_sensitive_key(match.group(2)):
        return match.group(0)
    return f"{match.group(1)}{match.group(2)}={MARKER}"


def _openai_key(match: re.Match[str]) -> str:
    return match.group(0) if is_kebab_slug(match.group(0)) else MARKER


class _Rules:
    def __init__(self, schema_version: int) -> None:
        self.v1 = schema_version == 1
        self.auth_header = _AUTH_HEADER_V1 if self.v1 else _AUTH_HEADER_V2
        self.shapes = _SHAPES_V1 if self.v1 else _SHAPES_V2
        # Go 1.26's net/url rejects an http(s) host with several colons; the v1-era binary
        # was built for Go 1.25 and keeps the old, lenient parse.
        self.strict_colons = not self.v1

    def url_password(self, match: re.Match[str]) -> str:
        candidate = match.group(0)
        replaced = replace_password(candidate, MARKER, strict_colons=self.strict_colons)
        return candidate if replaced is None else replaced

    def redact(self, text: str) -> str:
        if not text:
            return text
        if "PRIVATE KEY-----" in text:
            text = _PRIVATE_KEY.sub(MARKER, text)
        if '"' in text and _JSON_PAIR_HINT.search(text):
            text = _JSON_PAIR.sub(_json_pair, text)
        if "=" in text:
            text = _ASSIGNMENT.sub(_assignment, text)
        lowered = text.lower()  # maps the Kelvin sign to k, as Go's folding does
        if "authorization" in lowered:
            text = self.auth_header.sub(_auth_header, text)
        if "api-key" in lowered or "cookie" in lowered:
            text = _KEY_HEADER.sub(lambda m: f"{m.group(1)}: {MARKER}", text)
        if "://" in text and "@" in text:
            text = _URL.sub(self.url_password, text)
        if "=" in text and ("?" in text or "&" in text):
            text = _QUERY.sub(_query, text)
        if not self.v1 and "sk-" in text:
            text = _OPENAI_KEY.sub(_openai_key, text)
        for hints, pattern in self.shapes:
            if any(hint in text for hint in hints):
                text = pattern.sub(MARKER, text)
        return text


_RULES = {1: _Rules(1), 2: _Rules(2)}


def redact_text(text: str, schema_version: int = 2) -> str:
    """`text` with credentials replaced by `[REDACTED]` under the rules of `schema_version`."""
    return _RULES[1 if schema_version == 1 else 2].redact(text)


def redact_with_flag(text: str, schema_version: int = 2) -> tuple[str, bool]:
    """Redact and report whether anything changed."""
    scrubbed = redact_text(text, schema_version)
    return scrubbed, scrubbed != text
