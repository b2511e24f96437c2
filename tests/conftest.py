"""Shared pytest configuration: the opt-in long mode for tests marked `slow`.

`pytest --run-slow` or `ZERO_SDK_SLOW=1 pytest` runs them; otherwise they are skipped. The long
mode is also exported as ZERO_SDK_SLOW=1 (in every xdist worker), so a test can scale its own
effort with `os.environ.get("ZERO_SDK_SLOW") == "1"`.
"""

from __future__ import annotations

import os

import pytest

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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if slow_enabled(config):
        return
    skip = pytest.mark.skip(reason=f"slow: run with --run-slow or {SLOW_ENV}=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
