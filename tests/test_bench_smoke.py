"""The benchmarks still run: `bench/run.py --smoke` on tiny corpora, every goal, no README edit.

This checks that the scripts work, not how fast anything is (speed is not pass/fail).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.timeout(300)  # several processes per goal; slow on a loaded machine
def test_bench_smoke_run_produces_a_row_per_goal(tmp_path: Path) -> None:
    readme = (ROOT / "bench" / "README.md").read_text()
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "run.py"), "--smoke", "--no-readme", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=280,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    results = json.loads((tmp_path / "results.json").read_text())
    assert results["mode"] == "smoke"
    goals = {row["goal"].split()[0] for row in results["rows"]}
    assert goals == {"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13"}
    for row in results["rows"]:
        assert row["subject"], row
    assert "| goal | measurement |" in (tmp_path / "results.md").read_text()
    assert (ROOT / "bench" / "README.md").read_text() == readme


def test_corpus_is_deterministic_and_valid(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import corpus
    finally:
        sys.path.remove(str(ROOT / "bench"))
    from zero_client.protocol import UnknownEvent, decode_output

    for version in (1, 2):
        first = list(corpus.session_lines(version, 2_000, seed=1, big_args=False))
        assert first == list(corpus.session_lines(version, 2_000, seed=1, big_args=False))
        for line in first:
            event = decode_output(line, mode="lenient")
            if not isinstance(event, UnknownEvent):
                decode_output(line, mode="strict")  # every known event is schema-valid
            assert b" " not in line.split(b'"')[0]  # compact
