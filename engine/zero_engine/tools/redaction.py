"""The tool-boundary redactor (PROTOCOL.md 5.2).

It runs on every tool result (output, display summary, meta values) before the result reaches
any output format; a change sets `ToolResult.redacted`. It runs on every call, so each pattern is
compiled once and guarded by a cheap substring precheck.
"""

from __future__ import annotations

import re

from .secrets import replace_tokens

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
_NON_ALNUM_RUN = re.compile(r"[^a-z0-9]+")


def normalize_key(key: str) -> str:
    """Lowercase; runs of non-alphanumerics become `_`; leading/trailing `_` trimmed."""
    return _NON_ALNUM_RUN.sub("_", key.lower()).strip("_")


def is_sensitive_key(key: str) -> bool:
    normalized = normalize_key(key)
    if not normalized:
        return False
    if normalized in _EXACT_SENSITIVE_KEYS:
        return True
    segments = normalized.split("_")
    if any(segment in _SENSITIVE_SEGMENTS for segment in segments):
        return True
    if len(segments) > 1 and segments[-1] == "token":
        return True
    return any(
        segment == "key" and index > 0 and segments[index - 1] in ("api", "private")
        for index, segment in enumerate(segments)
    )


# "key": "value" pairs inside strings (JSON text in tool output).
_JSON_PAIR = re.compile(r'"([^"\\\n]{1,100})"(\s*:\s*)"((?:[^"\\\n]|\\.)*)"')
# key=value assignments, env lines and query parameters; `==` comparisons are left alone.
_ASSIGNMENT = re.compile(r"""\b([A-Za-z_][A-Za-z0-9_.-]{0,100})(\s*=(?!=)\s*)(["']?)([^\s"'&;,)]+)""")
# An opening quote belongs to the kept prefix, and the value starts with a non-blank, so a quoted
# value is redacted instead of the regex giving the space back and redacting only that.
_AUTH_HEADER = re.compile(
    r"(?i)\b((?:proxy-)?authorization\s*:[ \t]*[\"']?)"
    r"(?:(bearer|basic|token|digest|negotiate|bot)([ \t]+))?([^\s'\"][^\r\n'\"]*)"
)
_KEY_HEADER = re.compile(
    r"(?i)\b((?:x-api-key|api-key|set-cookie|cookie)\s*:[ \t]*[\"']?)([^\s'\"][^\r\n'\"]*)"
)
_URL_USERINFO = re.compile(r"(?i)\b((?:https?|wss?|ftp)://[^\s/:@]+:)([^\s/@]+)(@)")


def _already_redacted(value: str) -> bool:
    return value.startswith("[REDACTED")


def _json_pair(match: re.Match[str]) -> str:
    key, separator, value = match.group(1), match.group(2), match.group(3)
    if not value or _already_redacted(value) or not is_sensitive_key(key):
        return match.group(0)
    return f'"{key}"{separator}"{MARKER}"'


def _assignment(match: re.Match[str]) -> str:
    key, separator, quote, value = match.groups()
    if _already_redacted(value) or not is_sensitive_key(key):
        return match.group(0)
    return f"{key}{separator}{quote}{MARKER}"


def _auth_header(match: re.Match[str]) -> str:
    prefix, scheme, space, rest = match.groups()
    if _already_redacted(rest):
        return match.group(0)
    kept = f"{scheme}{space}" if scheme else ""
    return f"{prefix}{kept}{MARKER}"


def _key_header(match: re.Match[str]) -> str:
    prefix, rest = match.groups()
    return match.group(0) if _already_redacted(rest) else f"{prefix}{MARKER}"


def redact_text(text: str) -> str:
    """Return `text` with credentials replaced by `[REDACTED]`; prose is left alone."""
    if not text:
        return text
    text = replace_tokens(text, lambda _kind: MARKER)
    lowered = text.lower()
    if '"' in text and ":" in text:
        text = _JSON_PAIR.sub(_json_pair, text)
    if "=" in text:
        text = _ASSIGNMENT.sub(_assignment, text)
    if "authorization" in lowered:
        text = _AUTH_HEADER.sub(_auth_header, text)
    if "key" in lowered or "cookie" in lowered:
        text = _KEY_HEADER.sub(_key_header, text)
    if "://" in text and "@" in text:
        text = _URL_USERINFO.sub(lambda m: f"{m.group(1)}{MARKER}{m.group(3)}", text)
    return text


def redact_with_flag(text: str) -> tuple[str, bool]:
    """Redact and report whether anything changed."""
    scrubbed = redact_text(text)
    return scrubbed, scrubbed != text
