"""The tool-boundary redactor (PROTOCOL.md 5.2) and the typed secrets scanner (5.3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from zero_engine.tools.redaction import is_sensitive_key, redact_text
from zero_engine.tools.registry import ToolRegistry
from zero_engine.tools.secrets import redact_secrets

SK_PROJ = "sk-proj-" + "Ab3dEf6hIj9kLm2nOp5q"
JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"

REDACTED_CASES = [
    (f"key is {SK_PROJ} ok", "key is [REDACTED] ok"),
    ("export OPENAI_API_KEY=abc123def456ghi", "export OPENAI_API_KEY=[REDACTED]"),
    ('password="hunter2hunter2"', 'password="[REDACTED]"'),  # quotes kept
    ('{"api_key": "abcdef123456", "model": "gpt"}', '{"api_key": "[REDACTED]", "model": "gpt"}'),
    (f"Authorization: Bearer {JWT}", "Authorization: Bearer [REDACTED]"),
    ("Proxy-Authorization: Basic dXNlcjpwYXNz", "Proxy-Authorization: Basic [REDACTED]"),
    ("x-api-key: 12345abcdef", "x-api-key: [REDACTED]"),
    ("Set-Cookie: session=abc; HttpOnly", "Set-Cookie: [REDACTED]"),
    ("git clone https://bob:s3cret@github.com/x/y", "git clone https://bob:[REDACTED]@github.com/x/y"),
    ("GET /cb?code=1&access_token=zzzzyyyy&x=1", "GET /cb?code=1&access_token=[REDACTED]&x=1"),
    ("ghp_" + "A" * 36, "[REDACTED]"),
    ("github_pat_" + "B" * 30, "[REDACTED]"),
    ("glpat-" + "c" * 20, "[REDACTED]"),
    ("AIza" + "D" * 35, "[REDACTED]"),
    ("xoxb-1234567890-abc", "[REDACTED]"),
    ("AKIAABCDEFGHIJKLMNOP", "[REDACTED]"),
    ("sk-ant-api03-" + "e" * 24, "[REDACTED]"),
    ("-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----", "[REDACTED]"),
    ("db_password=letmein", "db_password=[REDACTED]"),
    ("GITHUB_TOKEN=abc", "GITHUB_TOKEN=[REDACTED]"),
]


@pytest.mark.parametrize(("text", "expected"), REDACTED_CASES)
def test_secrets_are_redacted(text: str, expected: str) -> None:
    assert redact_text(text) == expected


PROSE = [
    "task-list",
    "the bearer of bad news",
    "use a bearer token",
    "the api_key: foo setting",
    "apiKey value spans",
    "sk-this-is-just-a-long-slug-name",
    "if a == b: token_count = 3",
    "https://example.com/path?page=2",
    "max_tokens=400 and promptTokens=12",
    "Authorization header is documented below",
]


@pytest.mark.parametrize("text", PROSE)
def test_prose_is_left_alone(text: str) -> None:
    assert redact_text(text) == text


@pytest.mark.parametrize(
    ("key", "sensitive"),
    [
        ("api_key", True),
        ("X-Api-Key", True),
        ("client_secret", True),
        ("db_password", True),
        ("sessionToken", False),
        ("refresh_token", True),
        ("private-key", True),
        ("accessToken", False),
        ("promptTokens", False),
        ("monkey", False),
        ("github_token", True),
    ],
)
def test_sensitive_key_rules(key: str, sensitive: bool) -> None:
    assert is_sensitive_key(key) is sensitive


def test_typed_markers_and_markers_survive_the_second_pass() -> None:
    scanned = redact_secrets(f"OPENAI_API_KEY={SK_PROJ}\ntoken ghp_{'Z' * 36}\n{JWT}")
    assert scanned == "OPENAI_API_KEY=[REDACTED:openai_key]\ntoken [REDACTED:github_token]\n[REDACTED:jwt]"
    assert redact_text(scanned) == scanned


def test_registry_redacts_output_display_and_meta_and_sets_flag(tmp_path: Path) -> None:
    (tmp_path / "sk-proj-Ab3dEf6hIj9kLm2nOp5q.txt").write_text(f"key={SK_PROJ}\n")
    registry = ToolRegistry(tmp_path, "auto")
    result = registry.execute("c", "read_file", json.dumps({"path": f"{SK_PROJ}.txt"})).result
    assert result.redacted is True
    assert SK_PROJ not in result.output
    arguments = json.dumps({"path": f"{SK_PROJ}.md", "content": "x"})
    written = registry.execute("c", "write_file", arguments).result
    assert written.display is not None and written.display.summary.startswith("Created ")
    assert SK_PROJ not in written.display.summary and written.redacted is True
    (tmp_path / "plain").mkdir()
    (tmp_path / "plain" / "notes.txt").write_text("nothing secret\n")
    clean = registry.execute("c", "read_file", json.dumps({"path": "plain/notes.txt"})).result
    assert clean.redacted is False
    assert clean.output == "File: plain/notes.txt (1 lines)\n\n1 | nothing secret"
