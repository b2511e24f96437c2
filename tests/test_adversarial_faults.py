"""The client fault matrix (tests/fault_matrix.py) as tests: one test per case.

Each case asserts the typed outcome, the time bound, a reaped engine, an empty process group, a
dead grandchild and no leaked file descriptor. `pytest -s` prints each row (and, without xdist,
the whole table at the end); `python tests/fault_matrix.py` prints the table on its own. The
long mode (`--run-slow`) uses 100 MiB of stderr, a 64 MiB line and 50,000 byte-by-byte events.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fault_matrix import CASES, Case, Row, run_case, table

ROWS: list[Row] = []


@pytest.fixture(scope="module", autouse=True)
def _print_table() -> Iterator[None]:
    yield
    if ROWS:
        print("\n" + table(ROWS))


@pytest.mark.timeout(300)
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_fault_matrix_case(case: Case, tmp_path: Path) -> None:
    row = run_case(case, tmp_path)
    ROWS.append(row)
    print("\n" + table([row]))
    assert row.ok, row
