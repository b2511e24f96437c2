"""tests/toolchains.py: the Go flags a test sets keep the machine's own."""

from __future__ import annotations

from pathlib import Path

import pytest
from toolchains import go_flags


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
