"""Mutation check: a generator that ignores one schema keyword makes some test fail.

For each keyword the generator handles (`minimum`, `maximum`, `pattern`, `enum`, `required`,
`const`, `additionalProperties`, `anyOf`) a copy of the repository (tests/repo_copy.py) gets a model
loader that strips the keyword from every schema document before reading it
(tests/keyword_mutants.py says exactly where), which is what a generator bug dropping the rule
would do. `zero-sdk generate` then rewrites the copy's Python, TypeScript and Go bindings and its
generated vectors from that model; schema/vN.json itself is untouched, so the independent oracles
(jsonschema over the raw schema, the hand-written vectors) still know the rule. The copy's schema
and Python protocol tests must then fail; the failure message lists which tests caught each mutant.

A surviving mutant is a hole in the suite: add the test that catches it (in the real tests).
"""

from __future__ import annotations

import re
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from keyword_mutants import KEYWORDS
from repo_copy import REPO, RepoCopy, copy_repo

# The tests a dropped keyword should break, all Python (node and go builds would not fit the
# time budget; the cross-language test reads the same vectors with the same expectations): the
# generated vectors and their independent completeness check, the jsonschema reading of every
# vector, and the Python codec over every vector.
SUBSET = (
    "tests/test_conformance_generated.py",
    "tests/test_schema_conformance.py",
    "tests/test_protocol_conformance.py",
)
LOADER_RETURN = "    return parse_schema(document, label)\n"
FAILED = re.compile(r"^FAILED (\S+?)(?: - |$)", re.MULTILINE)


def _install_mutant(copy: RepoCopy, keyword: str) -> None:
    model = copy.root / "generator" / "zero_sdk" / "model.py"
    source = model.read_text(encoding="utf-8")
    assert source.count(LOADER_RETURN) == 1, "load_schema changed: update LOADER_RETURN"
    mutated = (
        "    from zero_sdk._keyword_mutant import drop_keyword\n"
        f"    return parse_schema(drop_keyword(document, {keyword!r}), label)\n"
    )
    model.write_text(source.replace(LOADER_RETURN, mutated), encoding="utf-8")
    shutil.copy(REPO / "tests" / "keyword_mutants.py", model.parent / "_keyword_mutant.py")


def _run_mutant(keyword: str, workdir: Path) -> list[str]:
    """The tests of SUBSET that fail in a copy whose generator ignores `keyword`."""
    copy = copy_repo(workdir / keyword)
    _install_mutant(copy, keyword)
    rewritten = copy.generate().stdout
    # The mutant took effect: the generated vectors (at least) differ from the checkout's.
    assert "wrote conformance/v2/generated.jsonl" in rewritten, rewritten
    tests = copy.run(
        [sys.executable, "-m", "pytest", "-n", "0", "-q", "-p", "no:cacheprovider", "-rf", *SUBSET],
        check=False,
        timeout=600,
    )
    failed = FAILED.findall(tests.stdout)
    assert tests.returncode in (0, 1), f"pytest exit {tests.returncode}:\n{tests.stdout}\n{tests.stderr}"
    assert (tests.returncode == 1) == bool(failed), tests.stdout
    return failed


@pytest.mark.timeout(900)
def test_every_keyword_the_generator_ignores_fails_a_test(tmp_path: Path) -> None:
    with ThreadPoolExecutor(max_workers=2) as pool:
        caught = dict(zip(KEYWORDS, pool.map(lambda k: _run_mutant(k, tmp_path), KEYWORDS), strict=True))
    report = "\n".join(
        f"{keyword}: {len(tests)} failing test(s): {', '.join(tests) or 'NONE (the mutant survived)'}"
        for keyword, tests in caught.items()
    )
    print(report)
    survivors = [keyword for keyword, tests in caught.items() if not tests]
    assert not survivors, f"no test fails when the generator ignores {survivors}:\n{report}"
