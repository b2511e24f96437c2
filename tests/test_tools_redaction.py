"""Redaction as Zero does it: the tool-boundary redactor, bash's typed scanner and the event
redactor, per schemaVersion (docs/protocol.md 5)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from zero_engine.redact import Redactor
from zero_engine.redact import is_sensitive_key as stream_key
from zero_engine.tools.redaction import is_sensitive_key, redact_text
from zero_engine.tools.registry import ToolRegistry
from zero_engine.tools.secrets import redact_secrets, scan_secrets

SK_PROJ = "sk-proj-" + "Ab3dEf6hIj9kLm2nOp5q"
JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"

# Inputs and the outputs Zero's own redaction functions gave for them (v2 = Zero 0.8.0, v1 = the
# last v1-era commit): a readable set, then generated text built to hit the edges (headers,
# URLs, quotes, case folding, control characters). See docs/engine.md, "Redaction".
VECTORS = json.loads((Path(__file__).parent / "redaction_vectors.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize(
    ("layer", "redact"),
    [
        ("boundary", redact_text),
        ("scan", redact_secrets),
        ("stream", lambda text, version: Redactor(version).redact_string(text)),
    ],
    ids=["boundary", "scan", "stream"],
)
def test_every_layer_redacts_as_zero_did(layer: str, redact: Callable[[str, int], str], version: int) -> None:
    expected = VECTORS[f"{layer}_v{version}"]
    assert len(expected) == len(VECTORS["texts"]) > 500
    wrong = [
        (text, want, got)
        for text, want in zip(VECTORS["texts"], expected, strict=True)
        if (got := redact(text, version)) != want
    ]
    assert not wrong, f"{len(wrong)} differ from Zero, first: {wrong[:3]}"


def test_sensitive_keys_are_zeros() -> None:
    assert [is_sensitive_key(key) for key in VECTORS["keys"]] == VECTORS["boundary_keys"]
    assert [stream_key(key) for key in VECTORS["keys"]] == VECTORS["stream_keys"]


# A few of the recorded cases, spelled out: what each rule prints.
EXAMPLES = [
    # (text, v1 output, v2 output)
    ("git clone https://bob:s3cret@github.com/x/y",)
    + ("git clone https://bob:%5BREDACTED%5D@github.com/x/y",) * 2,
    (
        "https://u:p@h.example:1:2/x",
        "https://u:%5BREDACTED%5D@h.example:1:2/x",
        "https://u:p@h.example:1:2/x",
    ),
    ('ftp://u:p@ftp.example.com/file"',) + ("ftp://u:%5BREDACTED%5D@ftp.example.com/file%22",) * 2,
    ("AKIAIOSFODNN7EXAMPLEXYZ", "AKIAIOSFODNN7EXAMPLEXYZ", "[REDACTED]XYZ"),
    (
        "Authorization: CustomScheme abcdef123456",
        "Authorization: CustomScheme abcdef123456",
        "Authorization: [REDACTED]",
    ),
    ('Authorization: Digest username="bob", response="6629fae4"',)
    + ("Authorization: Digest [REDACTED]",) * 2,
    ("authorization:\tOAuth  a=1, b=2",) + ("authorization: OAuth [REDACTED]",) * 2,
    ('password=""',) + ("password=[REDACTED]",) * 2,
    ("if token == other: pass",) + ("if token =[REDACTED] other: pass",) * 2,
    ('{"accessToken": "abc", "access_token": "abc"}',)
    + ('{"accessToken": "abc", "access_token": "[REDACTED]"}',) * 2,
    ("sk-some-long-kebab-slug-name-here", "[REDACTED]", "sk-some-long-kebab-slug-name-here"),
    ("loose eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0 two parts",) * 3,
    ("eyJhbGciOiJub25lIn0.abcdefghijkl.mnopqrstuvwx", "[REDACTED]", "[REDACTED]"),
]


@pytest.mark.parametrize(("text", "v1", "v2"), EXAMPLES)
def test_boundary_examples(text: str, v1: str, v2: str) -> None:
    assert (redact_text(text, 1), redact_text(text, 2)) == (v1, v2)


def test_bash_scanner_types_dedupes_and_counts() -> None:
    text = f"{SK_PROJ} {SK_PROJ}\ntoken ghp_{'Z' * 36}\n{JWT}\nsk-some-long-kebab-slug-name-here"
    assert scan_secrets(text, 2) == (
        "[REDACTED:openai_key] [REDACTED:openai_key]\ntoken [REDACTED:github_token]\n[REDACTED:jwt]"
        "\nsk-some-long-kebab-slug-name-here",
        3,
    )
    # v1: no kebab-case exception; the slug is a fourth secret.
    assert scan_secrets(text, 1)[1] == 4
    scanned = scan_secrets(text, 2)[0]
    assert redact_text(scanned) == scanned  # typed markers survive the boundary pass


def test_registry_uses_the_rules_of_its_schema_version(tmp_path: Path) -> None:
    (tmp_path / "keys.txt").write_text("id AKIAIOSFODNN7EXAMPLEXYZ\n")
    args = json.dumps({"path": "keys.txt"})
    v1 = ToolRegistry(tmp_path, "auto", schema_version=1).execute("c", "read_file", args).result
    v2 = ToolRegistry(tmp_path, "auto", schema_version=2).execute("c", "read_file", args).result
    assert (v1.redacted, "AKIAIOSFODNN7EXAMPLEXYZ" in v1.output) == (False, True)
    assert (v2.redacted, "[REDACTED]XYZ" in v2.output) == (True, True)


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
