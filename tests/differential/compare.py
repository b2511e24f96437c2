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


def _json_or_none(line: str) -> Any:
    try:
        return json.loads(line)
    except ValueError:
        return None


def _differing_keys(a: Any, b: Any) -> list[str]:
    if not (isinstance(a, dict) and isinstance(b, dict)):
        return []
    return sorted(key for key in set(a) | set(b) if a.get(key) != b.get(key))


def _first_line_difference(golden: str, actual: str) -> str:
    a_lines, b_lines = golden.splitlines(), actual.splitlines()
    for index, (a, b) in enumerate(zip(a_lines, b_lines, strict=False)):
        if a == b:
            continue
        a_event, b_event = _json_or_none(a), _json_or_none(b)
        if isinstance(a_event, dict) and isinstance(b_event, dict):
            kind = a_event.get("type", "?")
            if kind != b_event.get("type"):
                return f"line {index + 1}: {kind} vs {b_event.get('type')}"
            return f"line {index + 1} ({kind}): {', '.join(_differing_keys(a_event, b_event))}"
        return f"line {index + 1}: {a[:60]!r} vs {b[:60]!r}"
    return f"{len(a_lines)} lines vs {len(b_lines)}"


def _request_difference(golden: list[Any], actual: list[Any]) -> str:
    if len(golden) != len(actual):
        return f"{len(golden)} requests vs {len(actual)}"
    for index, (a, b) in enumerate(zip(golden, actual, strict=True)):
        if a == b:
            continue
        keys = _differing_keys(a.get("body"), b.get("body"))
        details = []
        for key in keys:
            if key == "tools":
                details.append("tool schemas")
            elif key == "messages":
                details.append("messages")
            else:
                details.append(key)
        return f"request {index + 1}: {', '.join(details) or 'path'}"
    return "equal"


def describe(comparison: Comparison) -> str:
    """A one-line account of where each differing aspect first differs (for known-differences)."""
    parts = []
    for index, (a, b) in enumerate(zip(comparison.expected, comparison.actual, strict=False)):
        prefix = f"step {index + 1} " if len(comparison.expected) > 1 else ""
        if a.exit_code != b.exit_code:
            parts.append(f"{prefix}exit {b.exit_code} (golden {a.exit_code})")
        if a.stdout != b.stdout:
            parts.append(f"{prefix}stdout {_first_line_difference(a.stdout, b.stdout)}")
        if a.stderr != b.stderr:
            parts.append(f"{prefix}stderr {_first_line_difference(a.stderr, b.stderr)}")
        if a.workspace != b.workspace:
            parts.append(f"{prefix}workspace {', '.join(_differing_keys(a.workspace, b.workspace))}")
        if a.requests != b.requests:
            parts.append(f"{prefix}{_request_difference(a.requests, b.requests)}")
    if len(comparison.expected) != len(comparison.actual):
        parts.append("step count")
    return "; ".join(parts)
