"""zero-engine replays every golden transcript recorded from the real Zero (conformance/goldens/).

One test runs every scenario of both schema versions (scripts/difftest score does the same from
the shell) and reports every problem at once. Where the engine is known to differ, the
difference itself is pinned in conformance/goldens/known-differences.json with the reason a
person wrote for it (tests/differential/known.py): the test fails on a difference that is not
pinned, on a pinned difference that changed, grew or shrank (showing the pinned and the new
one), and on a pinned scenario that now matches, so the list stays exactly true. No real binary
is needed: the goldens are in the repository.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from differential import known
from differential.cli import golden_names, score
from differential.compare import totals

#: The npm MCP servers some scenarios start (conformance/mcp/README.md), installed by scripts/bootstrap.
NPM_SERVERS = Path(__file__).resolve().parents[1] / "conformance" / "mcp" / "node" / "node_modules"


@pytest.mark.timeout(1200)
def test_engine_matches_the_goldens_except_the_pinned_differences() -> None:
    if not NPM_SERVERS.is_dir():
        pytest.fail(
            f"the scenarios' npm MCP servers are not installed in {NPM_SERVERS.parent}: "
            "source scripts/bootstrap with npm on PATH (or npm ci there)",
            pytrace=False,
        )
    pinned = known.load_known()
    report, problems = [], []
    for version in (1, 2):
        names = golden_names(version)
        assert names, f"no goldens for v{version} in conformance/goldens/v{version}"
        comparisons = score("zero-engine", version)
        report.append(f"v{version}: {totals(comparisons)}")
        problems += known.problems(version, comparisons, pinned.get(f"v{version}", {}), names)
    if problems:
        lines = [f"{len(problems)} problems with the pinned differences:"]
        lines += [f"- {problem.summary}" for problem in problems]
        for problem in problems:
            if problem.details:
                lines += ["", f"== {problem.summary}", problem.details]
        pytest.fail("\n".join([*report, *lines]), pytrace=False)


def test_every_pinned_difference_has_a_reason_written_by_a_person() -> None:
    missing = known.reason_problems(known.load_known())
    assert not missing, "\n".join(missing)
