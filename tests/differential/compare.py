"""Compare two captured runs of a scenario, aspect by aspect, and render readable differences."""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from differential.harness import StepResult

ASPECTS = ("exit", "events", "stdout", "stderr", "workspace", "requests")


def _events(r: StepResult) -> list[str]:
    return r.event_types


EXTRACT: dict[str, Callable[[StepResult], Any]] = {
    "exit": lambda r: r.exit_code,
    "events": _events,
    "stdout": lambda r: r.stdout,
    "stderr": lambda r: r.stderr,
    "workspace": lambda r: r.workspace,
    "requests": lambda r: r.requests,
}


@dataclass(frozen=True)
class Comparison:
    name: str
    equal: dict[str, bool]  # aspect -> equal in every step
    expected: list[StepResult]
    actual: list[StepResult]

    @property
    def matches(self) -> bool:
        return all(self.equal.values())

    @property
    def differing(self) -> list[str]:
        return [aspect for aspect in ASPECTS if not self.equal[aspect]]


def compare(name: str, expected: Sequence[StepResult], actual: Sequence[StepResult]) -> Comparison:
    equal = {}
    for aspect in ASPECTS:
        same_length = len(expected) == len(actual)
        equal[aspect] = same_length and all(
            EXTRACT[aspect](a) == EXTRACT[aspect](b) for a, b in zip(expected, actual, strict=True)
        )
    return Comparison(name, equal, list(expected), list(actual))


def _lines(aspect: str, result: StepResult) -> list[str]:
    value = EXTRACT[aspect](result)
    if isinstance(value, str):
        return value.splitlines()
    if aspect == "events":
        return list(value)
    if aspect == "requests":
        lines = []
        for index, request in enumerate(value):
            lines.append(f"--- request {index + 1}: {request['path']}")
            lines += json.dumps(request["body"], indent=1, ensure_ascii=False, sort_keys=True).splitlines()
        return lines
    return json.dumps(value, indent=1, ensure_ascii=False, sort_keys=True).splitlines()


def render(comparison: Comparison, a_label: str = "golden", b_label: str = "actual", context: int = 2) -> str:
    """A unified diff of every differing aspect of every step."""
    out = [
        f"== {comparison.name}: "
        + ("match" if comparison.matches else "differs in " + ", ".join(comparison.differing))
    ]
    steps = max(len(comparison.expected), len(comparison.actual))
    for index in range(steps):
        if index >= len(comparison.expected) or index >= len(comparison.actual):
            out.append(f"step {index + 1}: present on one side only")
            continue
        a, b = comparison.expected[index], comparison.actual[index]
        for aspect in ASPECTS:
            if EXTRACT[aspect](a) == EXTRACT[aspect](b):
                continue
            label = f"step {index + 1} " if steps > 1 else ""
            out.append(f"-- {label}{aspect}")
            out += difflib.unified_diff(
                _lines(aspect, a), _lines(aspect, b), a_label, b_label, n=context, lineterm=""
            )
    return "\n".join(out)


def table(comparisons: Sequence[Comparison]) -> str:
    """One row per scenario (x = differs), then the totals."""
    width = max([len(c.name) for c in comparisons] + [8])
    header = f"{'scenario':<{width}}  " + "  ".join(f"{a:>9}" for a in ASPECTS) + "  all"
    rows = [header]
    for c in comparisons:
        marks = "  ".join(f"{'ok' if c.equal[a] else 'x':>9}" for a in ASPECTS)
        rows.append(f"{c.name:<{width}}  {marks}  {'ok' if c.matches else 'x'}")
    rows.append(totals(comparisons))
    return "\n".join(rows)


def totals(comparisons: Sequence[Comparison]) -> str:
    n = len(comparisons)
    parts = [f"{a} {sum(c.equal[a] for c in comparisons)}/{n}" for a in ASPECTS]
    return "totals: " + ", ".join(parts) + f"; all {sum(c.matches for c in comparisons)}/{n}"
