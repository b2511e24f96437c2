"""tests/toolchains.py: the Go flags a test sets keep the machine's own."""

from __future__ import annotations

from pathlib import Path

import pytest
from toolchains import engine_coverage_note, go_flags


def test_go_flags_append_to_the_machines_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A stand-in `go` whose env file set -buildvcs=false (`go env -w`): setting GOFLAGS to the
    # test's flags alone would drop it (a checkout under a broken /tmp/.git then fails to build).
    go = tmp_path / "go"
    go.write_text('#!/bin/sh\n[ "$1 $2" = "env GOFLAGS" ] && echo "-buildvcs=false"\n')
    go.chmod(0o755)
    monkeypatch.delenv("GOFLAGS", raising=False)
    assert go_flags("-mod=mod", go=str(go)) == "-buildvcs=false -mod=mod"
    # The variable, when set, is what go uses instead of its env file: that is kept.
    monkeypatch.setenv("GOFLAGS", "-trimpath")
    assert go_flags("-mod=mod", go=str(go)) == "-trimpath -mod=mod"


def test_a_schema_version_the_engine_does_not_speak_is_named() -> None:
    assert engine_coverage_note([1, 2], [1, 2]) is None
    note = engine_coverage_note([1, 2, 3], [1, 2])
    assert note is not None and note.startswith(
        "the end-to-end suites did not run against schemaVersion 3: zero-engine speaks 1, 2"
    )
