"""The secrets scanner used on `bash` output (PROTOCOL.md 5.3): typed `[REDACTED:<type>]` markers.

The token table here is the one list of credential shapes in the engine; the tool-boundary
redactor (`redaction.py`) applies the same table with its plain `[REDACTED]` marker.
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


def redact_secrets(text: str) -> str:
    """Scan shell output and replace credentials with `[REDACTED:<type>]`."""
    return replace_tokens(text, lambda kind: f"[REDACTED:{kind}]")


def count_secrets(text: str) -> int:
    """How many credentials `redact_secrets` would replace (Zero reports the count to the model)."""
    found: list[str] = []

    def mark(kind: str) -> str:
        found.append(kind)
        return f"[REDACTED:{kind}]"

    replace_tokens(text, mark)
    return len(found)
