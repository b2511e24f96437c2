"""zero-engine replays every golden transcript recorded from the real Zero (conformance/goldens/).

One test per schema version runs all of that version's scenarios (scripts/difftest score does
the same from the shell) and reports every mismatch at once. A scenario the engine is known not
to match is listed, with the reason, in conformance/goldens/known-differences.json; the test
fails on a mismatch that is not listed AND on a listed scenario that now matches, so the list
stays true. No real binary is needed: the goldens are in the repository.
"""

from __future__ import annotations

import pytest
from differential.cli import golden_names, known_difference_problems, load_known_differences, score
from differential.compare import render, table

MAX_SHOWN_DIFFS = 5  # full diffs for the first few unlisted mismatches; the table lists them all


@pytest.mark.timeout(900)
@pytest.mark.parametrize("version", [1, 2])
def test_engine_matches_the_goldens_except_the_known_differences(version: int) -> None:
    names = golden_names(version)
    assert names, f"no goldens for v{version} in conformance/goldens/v{version}"
    comparisons = score("zero-engine", version)
    known = load_known_differences().get(f"v{version}", {})
    problems = known_difference_problems(comparisons, known, names)
    if problems:
        unlisted = [c for c in comparisons if not c.matches and c.name not in known]
        details = [render(c) for c in unlisted[:MAX_SHOWN_DIFFS]]
        pytest.fail("\n".join([f"v{version}:", *problems, table(comparisons), *details]), pytrace=False)
