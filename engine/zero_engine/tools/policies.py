"""Which lines of an oversized tool output to keep, by kind of output (Zero 0.8.0's policies).

Each policy lists the output's lines (or diff hunks) in the order they deserve a place; units are
taken in that order while the rendered result still fits the budget, then rendered in their
original order with `[zero] ... N section(s) omitted ...` where a run of units was left out.
A search keeps one result per file first, a test run its failures and its tail, a process its
head, its diagnostics and its tail, a file its header and both ends, a diff its file headers.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass

from .budget import Budget, raw_bytes

_WHITESPACE = frozenset(b" \t\n\r\f\v")


def _components(text: str) -> tuple[int, int]:
    """(ASCII non-space bytes, non-ASCII bytes): the two parts of the token estimate."""
    ascii_visible = non_ascii = 0
    for byte in raw_bytes(text):
        if byte >= 0x80:
            non_ascii += 1
        elif byte not in _WHITESPACE:
            ascii_visible += 1
    return ascii_visible, non_ascii


def omitted_marker(count: int) -> str:
    return f"[zero] ... {count} section(s) omitted ..."


@dataclass
class _Cost:
    """The exact size of a rendering (units joined by newlines), kept incrementally."""

    size: int = 0
    ascii_visible: int = 0
    non_ascii: int = 0
    parts: int = 0

    def add(self, text: str, sign: int = 1) -> None:
        visible, non_ascii = _components(text)
        self.size += sign * len(raw_bytes(text))
        self.ascii_visible += sign * visible
        self.non_ascii += sign * non_ascii
        self.parts += sign

    def omission(self, count: int, sign: int = 1) -> None:
        if count > 0:
            self.add(omitted_marker(count), sign)

    def fits(self, budget: Budget) -> bool:
        size = self.size + max(0, self.parts - 1)
        tokens = (self.ascii_visible + 3) // 4 + self.non_ascii
        return (budget.max_bytes <= 0 or size <= budget.max_bytes) and (
            budget.max_tokens <= 0 or tokens <= budget.max_tokens
        )

    def copy(self) -> _Cost:
        return _Cost(self.size, self.ascii_visible, self.non_ascii, self.parts)


def _select(units: list[str], priorities: list[int], budget: Budget) -> list[int]:
    chosen: list[int] = []
    taken: set[int] = set()
    cost = _Cost()
    for index in priorities:
        if index < 0 or index >= len(units) or index in taken:
            continue
        position = bisect.bisect_left(chosen, index)
        previous = chosen[position - 1] if position > 0 else -1
        following = chosen[position] if position < len(chosen) else len(units)
        candidate = cost.copy()
        candidate.add(units[index])
        if not chosen:
            candidate.omission(index)
            candidate.omission(len(units) - index - 1)
        else:
            candidate.omission(following - previous - 1, -1)
            candidate.omission(index - previous - 1)
            candidate.omission(following - index - 1)
        if not candidate.fits(budget):
            continue
        taken.add(index)
        chosen.insert(position, index)
        cost = candidate
    return chosen


def _render(units: list[str], chosen: list[int]) -> str:
    if not chosen:
        return ""
    parts: list[str] = []
    previous = -1
    for index in chosen:
        if index != previous + 1:
            parts.append(omitted_marker(index - previous - 1))
        parts.append(units[index])
        previous = index
    if previous < len(units) - 1:
        parts.append(omitted_marker(len(units) - previous - 1))
    return "\n".join(parts)


def _lines(output: str) -> list[str]:
    return output.rstrip("\r\n").split("\n")


def _collapse_repeats(lines: list[str]) -> list[str]:
    result: list[str] = []
    index = 0
    while index < len(lines):
        end = index + 1
        while end < len(lines) and lines[end] == lines[index]:
            end += 1
        result.append(lines[index])
        if end - index > 1:
            result.append(f"[zero] previous line repeated {end - index - 1} more time(s)")
        index = end
    return result


def _contains_any(text: str, *needles: str) -> bool:
    return any(needle in text for needle in needles)


def search_result_file(line: str) -> str:
    """The file of a `path:line: text` search result ("" for any other line)."""
    start = 2 if len(line) >= 2 and line[1] == ":" and line[0].isascii() and line[0].isalpha() else 0
    while start < len(line):
        first = line.find(":", start)
        if first < 0:
            return ""
        second = line.find(":", first + 1)
        if second < 0:
            return ""
        number = line[first + 1 : second]
        if number.lstrip("+-").isdigit() and number.isascii():
            return line[:first].strip()
        start = first + 1
    return ""


def _file_policy(output: str, budget: Budget) -> str:
    lines = _lines(output)
    priorities = [0] if lines else []
    left, right = 1, len(lines) - 1
    while left <= right:
        priorities.append(left)
        if right != left:
            priorities.append(right)
        left, right = left + 1, right - 1
    chosen = _select(lines, priorities, budget)
    # Only worth it if some non-blank content line survived next to the header.
    if any(index > 0 and lines[index].strip() for index in chosen):
        return _render(lines, chosen)
    return ""


def _search_policy(output: str, budget: Budget) -> str:
    lines = _collapse_repeats(_lines(output))
    priorities = [
        index
        for index, line in enumerate(lines)
        if not search_result_file(line) and _contains_any(line.lower(), "match", "truncated", "result")
    ]
    if lines:
        priorities += [0, len(lines) - 1]
    seen: set[str] = set()
    for index, line in enumerate(lines):
        file = search_result_file(line)
        if file and file not in seen:
            seen.add(file)
            priorities.append(index)
    priorities += range(len(lines))
    return _render(lines, _select(lines, priorities, budget))


def _test_policy(output: str, budget: Budget) -> str:
    lines = _collapse_repeats(_lines(output))
    priorities: list[int] = []
    for index, line in enumerate(lines):
        if _contains_any(
            line.lower(),
            "--- fail:",
            "failed",
            "failure",
            "panic",
            "assert",
            "error",
            "fatal",
            "expected",
            "actual:",
        ):
            priorities += range(max(0, index - 2), min(len(lines) - 1, index + 3) + 1)
    priorities += range(max(0, len(lines) - 16), len(lines))
    priorities += range(min(8, len(lines)))
    priorities += range(len(lines))
    return _render(lines, _select(lines, priorities, budget))


def _process_policy(output: str, budget: Budget) -> str:
    lines = _collapse_repeats(_lines(output))
    priorities = list(range(min(10, len(lines))))
    seen: set[str] = set()
    for index, line in enumerate(lines):
        if (
            _contains_any(line.lower(), "error", "warning", "warn:", "fatal", "panic", "failed", "denied")
            and line not in seen
        ):
            seen.add(line)
            priorities.append(index)
    priorities += range(max(0, len(lines) - 16), len(lines))
    priorities += range(len(lines))
    return _render(lines, _select(lines, priorities, budget))


def _diff_units(output: str) -> tuple[list[str], list[bool]]:
    units: list[str] = []
    keys: list[bool] = []
    current: list[str] = []
    current_key = False

    def flush() -> None:
        nonlocal current, current_key
        if current:
            units.append("\n".join(current))
            keys.append(current_key)
        current, current_key = [], False

    for line in _lines(output):
        if line.startswith("diff --git "):
            flush()
            current_key = True
            current.append(line)
            continue
        if line.startswith("@@ "):
            flush()
            current.append(line)
            continue
        if not current:
            current_key = True  # a diff stat or a standalone file header
        current.append(line)
    flush()
    return units, keys


def _diff_policy(output: str, budget: Budget) -> str:
    units, keys = _diff_units(output)
    if not units:
        return ""
    priorities = [index for index, key in enumerate(keys) if key] + list(range(len(units)))
    return _render(units, _select(units, priorities, budget))


POLICIES: dict[str, Callable[[str, Budget], str]] = {
    "file": _file_policy,
    "search": _search_policy,
    "test": _test_policy,
    "process": _process_policy,
    "diff": _diff_policy,
}

__all__ = ["POLICIES", "omitted_marker", "search_result_file"]
