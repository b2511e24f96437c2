"""Shared pytest configuration: the engine's test guard, the sandbox check, and the opt-in long
mode for tests marked `slow`.

Every engine a test starts runs with its OS sandbox on (the engine's default; no test sets
ZERO_ENGINE_SANDBOX=off). The guard (ZERO_ENGINE_TEST_GUARD=1, exported here and put into every
environment the test helpers build) makes the engine fail loudly if a command the policy must
refuse ever reaches the code that starts processes: a test of a refusal checks the decision.
Under CI a machine where the sandbox cannot start fails the whole run at once, with the cause,
instead of every shell test failing one by one.

`pytest --run-slow` or `ZERO_SDK_SLOW=1 pytest` runs them; otherwise they are skipped. The long
mode is also exported as ZERO_SDK_SLOW=1 (in every xdist worker), so a test can scale its own
effort with `os.environ.get("ZERO_SDK_SLOW") == "1"`.
"""

from __future__ import annotations

import os

import pytest
from toolchains import in_ci
from zero_engine.tools.process_sandbox import TEST_GUARD_ENV, select_backend

SLOW_ENV = "ZERO_SDK_SLOW"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--run-slow",
        action="store_true",
        default=False,
        help=f"run the tests marked slow (long fuzz/property/fault runs); same as {SLOW_ENV}=1",
    )


def slow_enabled(config: pytest.Config) -> bool:
    return bool(config.getoption("--run-slow")) or os.environ.get(SLOW_ENV, "") not in ("", "0")


def pytest_configure(config: pytest.Config) -> None:
    if slow_enabled(config):
        os.environ[SLOW_ENV] = "1"
    os.environ[TEST_GUARD_ENV] = "1"
    if in_ci():
        backend = select_backend({"PATH": os.environ.get("PATH", "")})
        if not backend.sandboxed:
            problem = backend.problem
            raise pytest.UsageError(f"CI needs the engine's OS sandbox, and it cannot start: {problem}")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if slow_enabled(config):
        return
    skip = pytest.mark.skip(reason=f"slow: run with --run-slow or {SLOW_ENV}=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
