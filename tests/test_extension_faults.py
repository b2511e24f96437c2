"""The extension fault matrix (tests/extension_fault_matrix.py) as tests: one test per language,
binary and case.

Each case runs a caller program (Python, TypeScript or Go) whose tool or hook fails, hangs or is
interrupted, and checks what the user sees (one outcome line or a death by the signal, no
traceback, panic or stack trace on stderr, within the case's bound) and that nothing is left
(no process naming the case's directory, no layer of the caller). The binary is zero-engine
and, with ZERO_REAL_BIN=/path/to/zero (never in CI), also the real Zero. `pytest -s` prints
each row.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from extension_fault_matrix import (
    CASES,
    REAL_BIN_ENV,
    Case,
    Target,
    go_caller,
    python_caller,
    table,
    targets,
    typescript_caller,
)
from extension_fault_matrix import run_case as run_matrix_case
from toolchains import go_flags, in_ci, require_tool

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def callers() -> dict[str, list[str]]:
    """Each language's caller command, built once per session by `_caller` (a missing toolchain
    skips that language's cases, and fails them in CI)."""
    return {}


def _caller(
    language: str, built: dict[str, list[str]], tmp_path_factory: pytest.TempPathFactory
) -> list[str]:
    if language not in built:
        if language == "python":
            built[language] = python_caller()
        elif language == "typescript":
            require_tool("node")
            if not (ROOT / "clients/typescript/node_modules/.bin/tsc").exists():
                message = "clients/typescript/node_modules has no typescript: run `npm ci` there"
                if in_ci():
                    pytest.fail(message, pytrace=False)
                pytest.skip(message)
            built[language] = typescript_caller()
        else:
            go = require_tool("go")
            built[language] = go_caller(tmp_path_factory.mktemp("go-caller"), go, go_flags(go=go))
    return built[language]


def _targets() -> list[Target | str]:
    found: list[Target | str] = list(targets())
    if len(found) == 1:
        found.append("real")  # skipped: the real Zero is not there
    return found


@pytest.mark.timeout(300)
@pytest.mark.parametrize("target", _targets(), ids=lambda t: t if isinstance(t, str) else t.name)
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
@pytest.mark.parametrize("language", ["python", "typescript", "go"])
def test_extension_fault(
    language: str,
    case: Case,
    target: Target | str,
    callers: dict[str, list[str]],
    tmp_path_factory: pytest.TempPathFactory,
    tmp_path: Path,
) -> None:
    if isinstance(target, str):
        pytest.skip(f"the real Zero: set {REAL_BIN_ENV}=/path/to/zero (never needed in CI)")
    caller = _caller(language, callers, tmp_path_factory)
    row = run_matrix_case(case, language, caller, target, tmp_path)
    print("\n" + table([row]))
    assert row.ok, table([row])
