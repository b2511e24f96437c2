"""The toolchains some tests need (node, npm, go, this checkout's zero-engine): skipped locally
when missing, fatal in CI.

A test that needs `go` calls `require_tool("go")`. On a developer machine without go it is
skipped with the reason; under `CI=true` (or `ZERO_SDK_REQUIRE_TOOLCHAINS=1`, which
scripts/test sets) a missing toolchain fails the test instead, because a green run must mean the
TypeScript and Go parts were really checked. The same holds for the end-to-end tests that drive
`.venv/bin/zero-engine` (`require_engine`): in CI a missing engine is a failure, not a skip.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

import pytest

__all__ = ["engine_coverage_note", "go_flags", "in_ci", "require_engine", "require_tool"]


def in_ci() -> bool:
    """True when `CI` or `ZERO_SDK_REQUIRE_TOOLCHAINS` is set to anything but empty, 0 or false."""
    return any(
        os.environ.get(name, "").lower() not in ("", "0", "false")
        for name in ("CI", "ZERO_SDK_REQUIRE_TOOLCHAINS")
    )


def require_tool(name: str, why: str = "") -> str:
    """The path of `name` on PATH; skips the test (fails it under CI=true) when it is missing."""
    found = shutil.which(name)
    if found is not None:
        return found
    message = f"{name} is not on PATH" + (f" ({why})" if why else "")
    if in_ci():
        pytest.fail(f"{message}; CI must have every toolchain", pytrace=False)
    pytest.skip(message)


def require_engine(path: Path) -> Path:
    """`path`, the zero-engine console script an end-to-end test runs; skips the test when it is
    missing (fails it under CI=true): a green CI run must mean those tests ran."""
    if path.exists():
        return path
    message = f"zero-engine not found at {path} (run scripts/bootstrap)"
    if in_ci():
        pytest.fail(f"{message}; CI must run the end-to-end tests", pytrace=False)
    pytest.skip(message)


@functools.cache
def _machine_go_flags(go: str) -> str:
    done = subprocess.run([go, "env", "GOFLAGS"], capture_output=True, text=True, timeout=60, check=False)
    return done.stdout.strip() if done.returncode == 0 else ""


def go_flags(*flags: str, go: str = "go") -> str:
    """A GOFLAGS value with `flags` appended to the machine's own (the GOFLAGS variable, else `go
    env GOFLAGS`, which may come from `go env -w`): setting GOFLAGS replaces the go env file's
    value, so a test that set only its own flags would drop, say, the machine's -buildvcs=false."""
    own = os.environ.get("GOFLAGS")
    if own is None:
        own = _machine_go_flags(go)
    return " ".join([*own.split(), *flags])


def engine_coverage_note(schema_versions: Sequence[int], engine_versions: Sequence[int]) -> str | None:
    """None when zero-engine speaks every schemaVersion of schema/, else the note the run ends
    with: the end-to-end suites (Python, TypeScript and Go clients against the engine) run only
    against the versions it speaks, so after a schema bump they stay green without reaching the
    new one."""
    unreached = sorted(set(schema_versions) - set(engine_versions))
    if not unreached:
        return None
    spoken = ", ".join(map(str, sorted(engine_versions)))
    return (
        f"the end-to-end suites did not run against schemaVersion {', '.join(map(str, unreached))}: "
        f"zero-engine speaks {spoken} (zero_engine.execrun.ENGINE_SCHEMA_VERSIONS); the bindings and "
        "recorded transcripts of that version were checked, runs against a binary were not "
        "(docs/schema-bumps.md)"
    )
