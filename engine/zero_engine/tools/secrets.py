"""Credential shapes: the tool-boundary redactor's table (`TOKEN_PATTERNS`, used by redaction.py
with its plain `[REDACTED]` marker) and the scanner Zero runs on `bash` output (PROTOCOL.md 5.3),
which marks each finding `[REDACTED:<type>]` with its own, slightly different table.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class TokenPattern:
    kind: str  # the marker type, e.g. "openai_key"
    regex: re.Pattern[str]
    hint: str  # a substring every match contains: a cheap precheck before running the regex
    accept: Callable[[str], bool] | None = None  # extra check on the matched text


_OPENAI_PROJECT_PREFIXES = ("sk-proj-", "sk-svcacct-", "sk-admin-")


def _looks_like_openai_key(match: str) -> bool:
    # A kebab-case slug such as "sk-some-long-descriptive-name" is prose, not a key, unless it
    # carries one of the project/service prefixes real keys use.
    if match.startswith(_OPENAI_PROJECT_PREFIXES):
        return True
    body = match[3:]
    return not ("-" in body and not any(char.isdigit() for char in body))


# Order matters: the more specific shapes (sk-ant-) run before the generic ones (sk-).
TOKEN_PATTERNS: tuple[TokenPattern, ...] = (
    TokenPattern(
        "private_key_block",
        re.compile(
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----.*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----|\Z)",
            re.DOTALL,
        ),
        "PRIVATE KEY-----",
    ),
    TokenPattern("anthropic_key", re.compile(r"\bsk-ant-[A-Za-z0-9_-]{20,}"), "sk-ant-"),
    TokenPattern("openai_key", re.compile(r"\bsk-[A-Za-z0-9_-]{20,}"), "sk-", _looks_like_openai_key),
    TokenPattern("github_token", re.compile(r"\bgithub_pat_[A-Za-z0-9_]{20,}"), "github_pat_"),
    TokenPattern("github_token", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{20,}"), "_"),
    TokenPattern("gitlab_token", re.compile(r"\bglpat-[A-Za-z0-9_-]{20,}"), "glpat-"),
    TokenPattern("google_api_key", re.compile(r"\bAIza[0-9A-Za-z_-]{35}"), "AIza"),
    TokenPattern("slack_token", re.compile(r"\bxox[baprs]-[A-Za-z0-9-]{10,}"), "xox"),
    TokenPattern("aws_access_key", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"), "A"),
    TokenPattern(
        "jwt", re.compile(r"\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}"), "eyJ"
    ),
)


def replace_tokens(text: str, marker: Callable[[str], str]) -> str:
    """Replace every credential-shaped token; `marker(kind)` gives the replacement text."""
    for pattern in TOKEN_PATTERNS:
        if pattern.hint not in text:
            continue

        def substitute(match: re.Match[str], pattern: TokenPattern = pattern) -> str:
            found = match.group(0)
            if pattern.accept is not None and not pattern.accept(found):
                return found
            return marker(pattern.kind)

        text = pattern.regex.sub(substitute, text)
    return text


# The shell-output scanner: Zero's own table (internal/secrets), separate from the tool-boundary
# redactor's. Go's \b is an ASCII word boundary, hence re.ASCII.
_SCANNER_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern, re.ASCII | flags))
    for kind, pattern, flags in (
        ("aws_access_key_id", r"\bAKIA[0-9A-Z]{16}", 0),
        ("github_token", r"\bgh[pousr]_[A-Za-z0-9]{36,}", 0),
        ("github_pat", r"\bgithub_pat_[A-Za-z0-9_]{22,}", 0),
        ("slack_token", r"\bxox[baprs]-[A-Za-z0-9-]{10,}", 0),
        ("google_api_key", r"\bAIza[0-9A-Za-z\-_]{35,}", 0),
        ("anthropic_key", r"\bsk-ant-(?:api\d{2}-)?[A-Za-z0-9_-]{20,}", 0),
        ("openai_key", r"\bsk-[A-Za-z0-9_-]{20,}", 0),
        (
            "private_key_block",
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----.*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----",
            re.DOTALL,
        ),
        (
            "jwt",
            r"\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}"
            r"(?:\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,})?",
            0,
        ),
    )
)


def scan_secrets(text: str) -> dict[str, str]:
    """Distinct credential-shaped matches in `text`, each with its type (Zero's secrets.Scan)."""
    found: dict[str, str] = {}
    if not text:
        return found
    for kind, pattern in _SCANNER_PATTERNS:
        for match in pattern.findall(text):
            if kind == "openai_key" and not _looks_like_openai_key(match):
                continue
            found.setdefault(match, kind)
    return found


def redact_secrets(text: str) -> str:
    """Replace credentials in shell output with `[REDACTED:<type>]` (longest match first)."""
    found = scan_secrets(text)
    for match in sorted(found, key=len, reverse=True):
        text = text.replace(match, f"[REDACTED:{found[match]}]")
    return text


def count_secrets(text: str) -> int:
    """How many distinct credentials `redact_secrets` replaces (Zero reports the count)."""
    return len(scan_secrets(text))
