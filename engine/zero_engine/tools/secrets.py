"""The secrets scanner `bash` runs on its stdout and stderr: typed `[REDACTED:<type>]` markers.

Zero's scanner finds every match of each credential shape in the original text, keeps each
distinct match once (the first shape that found it names it), then replaces the matches longest
first with `[REDACTED:<type>]`, every occurrence of each. The number of distinct matches is what
bash reports to the model. The shapes changed when the schema went to 2 (anthropic keys,
five-segment JWTs, longer GitHub and Google keys, kebab-case `sk-` slugs left alone), so each
schemaVersion has its own table. The tool-boundary redactor (`redaction.py`) runs afterwards.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from zero_engine.goregex import compile_go


@dataclass(frozen=True)
class SecretShape:
    kind: str  # the marker type, e.g. "openai_key"
    regex: re.Pattern[str]
    hint: str  # a substring every match contains: a cheap precheck before running the regex


_OPENAI_KEY_PREFIXES = ("sk-proj-", "sk-svcacct-", "sk-admin-")


def is_kebab_slug(match: str) -> bool:
    """An `sk-` match that is prose (`sk-some-long-descriptive-name`), not a key: no digit,
    a hyphen after `sk-`, and none of the prefixes real OpenAI keys use."""
    return (
        not match.startswith(_OPENAI_KEY_PREFIXES)
        and "-" in match[3:]
        and not any("0" <= char <= "9" for char in match)
    )


_PRIVATE_KEY = compile_go(
    r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----.*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----", re.DOTALL
)
_SHAPES_V2 = (
    SecretShape("aws_access_key_id", compile_go(r"\bAKIA[0-9A-Z]{16}"), "AKIA"),
    SecretShape("github_token", compile_go(r"\bgh[pousr]_[A-Za-z0-9]{36,}"), "_"),
    SecretShape("github_pat", compile_go(r"\bgithub_pat_[A-Za-z0-9_]{22,}"), "github_pat_"),
    SecretShape("slack_token", compile_go(r"\bxox[baprs]-[A-Za-z0-9-]{10,}"), "xox"),
    SecretShape("google_api_key", compile_go(r"\bAIza[0-9A-Za-z\-_]{35,}"), "AIza"),
    SecretShape("anthropic_key", compile_go(r"\bsk-ant-(?:api\d{2}-)?[A-Za-z0-9_-]{20,}"), "sk-ant-"),
    SecretShape("openai_key", compile_go(r"\bsk-[A-Za-z0-9_-]{20,}"), "sk-"),
    SecretShape("private_key_block", _PRIVATE_KEY, "PRIVATE KEY-----"),
    SecretShape(
        "jwt",
        compile_go(
            r"\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}"
            r"(?:\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,})?"
        ),
        "eyJ",
    ),
)
_SHAPES_V1 = (
    _SHAPES_V2[0],
    SecretShape("github_token", compile_go(r"\bgh[pousr]_[A-Za-z0-9]{36}"), "_"),
    _SHAPES_V2[2],
    _SHAPES_V2[3],
    SecretShape("google_api_key", compile_go(r"\bAIza[0-9A-Za-z\-_]{35}"), "AIza"),
    _SHAPES_V2[6],
    _SHAPES_V2[7],
    SecretShape(
        "jwt", compile_go(r"\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}"), "eyJ"
    ),
)


def scan_secrets(text: str, schema_version: int = 2) -> tuple[str, int]:
    """`text` with each credential replaced by `[REDACTED:<type>]`, and how many distinct
    credentials were found."""
    if not text:
        return text, 0
    kebab_filter = schema_version >= 2
    found: dict[str, str] = {}  # match -> kind, in the order the shapes found them
    for shape in _SHAPES_V1 if schema_version == 1 else _SHAPES_V2:
        if shape.hint not in text:
            continue
        for match in shape.regex.findall(text):
            if kebab_filter and shape.kind == "openai_key" and is_kebab_slug(match):
                continue
            found.setdefault(match, shape.kind)
    if not found:
        return text, 0
    # Sorted by type then match, then (stably) longest first in UTF-8 bytes: a match inside a
    # longer one (a key inside a PEM block) is replaced after the longer one is gone.
    order = sorted(found.items(), key=lambda item: (item[1], item[0]))
    order.sort(key=lambda item: len(item[0].encode("utf-8", "surrogatepass")), reverse=True)
    for match, kind in order:
        text = text.replace(match, f"[REDACTED:{kind}]")
    return text, len(found)


def redact_secrets(text: str, schema_version: int = 2) -> str:
    """Scan shell output and replace credentials with `[REDACTED:<type>]`."""
    return scan_secrets(text, schema_version)[0]


def count_secrets(text: str, schema_version: int = 2) -> int:
    """How many distinct credentials `redact_secrets` replaces (bash reports it to the model)."""
    return scan_secrets(text, schema_version)[1]
