"""conformance/goldens/known-differences.json: each known difference pinned, with its reason.

An entry does not say "this scenario may differ"; it holds the difference itself, so a scenario
whose difference changes, grows or disappears fails the goldens test:

    {"v2": {"add_dir_write": {
        "reason": "why the engine differs (written by a person)",
        "aspects": ["events", "stdout"],           # the aspects that differ
        "sha256": "...",                           # of the whole normalised difference
        "lines": 12,                               # its length in lines
        "excerpt": ["== add_dir_write: ...", ...]  # its first lines (all of it when short)
    }}}

The difference is `render()` of the comparison: a unified diff, golden against zero-engine, of
every differing aspect of every step, after normalisation and masking (so it holds no
run-specific value and no model-only text). `scripts/difftest update-known` writes the entries
from a fresh score, keeping each reason already written; a new entry gets `NEEDS_REASON`, which
the tests reject until a person replaces it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from differential.compare import ASPECTS, Comparison, render
from differential.harness import KNOWN_DIFFERENCES, ScenarioError

NEEDS_REASON = "TODO: say why the engine differs from Zero here (not where: the difference shows that)"
EXCERPT_LINES = 40
EXCERPT_WIDTH = 400  # characters kept of each excerpt line (the digest covers every character)
ENGINE_LABEL = "zero-engine"
ENTRY_KEYS = ("reason", "aspects", "sha256", "lines", "excerpt")


@dataclass(frozen=True)
class KnownDifference:
    reason: str
    aspects: tuple[str, ...]
    sha256: str
    lines: int
    excerpt: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "aspects": list(self.aspects),
            "sha256": self.sha256,
            "lines": self.lines,
            "excerpt": list(self.excerpt),
        }

    @property
    def needs_reason(self) -> bool:
        return not self.reason.strip() or self.reason.startswith("TODO")


def difference_text(comparison: Comparison) -> str:
    """The normalised difference that an entry pins."""
    return render(comparison, "golden", ENGINE_LABEL)


def digest(text: str) -> str:
    # A request can hold a lone surrogate (a JSON escape of invalid UTF-8): hash it as it is.
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _excerpt_line(line: str) -> str:
    line = line.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
    if len(line) <= EXCERPT_WIDTH:
        return line
    return line[:EXCERPT_WIDTH] + f" [... {len(line) - EXCERPT_WIDTH} more characters]"


def pin(comparison: Comparison, reason: str = NEEDS_REASON) -> KnownDifference:
    text = difference_text(comparison)
    lines = text.splitlines()
    return KnownDifference(
        reason=reason,
        aspects=tuple(comparison.differing),
        sha256=digest(text),
        lines=len(lines),
        excerpt=tuple(_excerpt_line(line) for line in lines[:EXCERPT_LINES]),
    )


Known = dict[str, dict[str, KnownDifference]]  # "v1"/"v2" -> scenario -> entry


def _entry(data: Any, where: str) -> KnownDifference:
    if not isinstance(data, dict):
        raise ScenarioError(
            f"{where}: expected an object with {', '.join(ENTRY_KEYS)}, the pinned difference "
            "(remove the entry and run scripts/difftest update-known to write it)"
        )
    missing = [key for key in ENTRY_KEYS if key not in data]
    unknown = sorted(set(data) - set(ENTRY_KEYS))
    if missing or unknown:
        problem = f"missing field {missing[0]!r}" if missing else f"unknown field {unknown[0]!r}"
        raise ScenarioError(f"{where}: {problem}")
    reason, aspects, digest, lines, excerpt = (data[key] for key in ENTRY_KEYS)
    if not isinstance(reason, str):
        raise ScenarioError(f"{where}: field 'reason' must be a string")
    if not isinstance(aspects, list) or not aspects or not all(a in ASPECTS for a in aspects):
        raise ScenarioError(f"{where}: field 'aspects' must be a non-empty list of {', '.join(ASPECTS)}")
    if not isinstance(digest, str) or len(digest) != 64:
        raise ScenarioError(f"{where}: field 'sha256' must be a sha256 in hex")
    if not isinstance(lines, int) or lines < 1:
        raise ScenarioError(f"{where}: field 'lines' must be a positive integer")
    if not isinstance(excerpt, list) or not all(isinstance(line, str) for line in excerpt):
        raise ScenarioError(f"{where}: field 'excerpt' must be a list of strings")
    return KnownDifference(reason, tuple(aspects), digest, lines, tuple(excerpt))


def load_known(path: Path = KNOWN_DIFFERENCES) -> Known:
    """The pinned differences; a malformed file is a ScenarioError naming the entry and field."""
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text())
    except ValueError as error:
        raise ScenarioError(f"{path.name}: {error}") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{path.name}: expected an object keyed by version (v1, v2)")
    known: Known = {}
    for version, entries in data.items():
        if version not in ("v1", "v2") or not isinstance(entries, dict):
            raise ScenarioError(f"{path.name}: {version!r}: expected v1 or v2 holding an object of scenarios")
        known[version] = {
            name: _entry(entry, f"{path.name}: {version}/{name}") for name, entry in sorted(entries.items())
        }
    return known


def dump_known(known: Known, path: Path = KNOWN_DIFFERENCES) -> None:
    data = {
        version: {name: entry.to_json() for name, entry in sorted(entries.items())}
        for version, entries in sorted(known.items())
    }
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")


@dataclass(frozen=True)
class Problem:
    """Where known-differences.json is not true for a score: `summary` is one line, `details`
    shows the pinned and the new difference."""

    summary: str
    details: str = ""


SHOWN_LINES = 80  # of a difference, in a problem's details


def _shown(lines: Sequence[str]) -> str:
    kept = list(lines[:SHOWN_LINES])
    if len(lines) > SHOWN_LINES:
        kept.append(f"[... {len(lines) - SHOWN_LINES} more lines]")
    return "\n".join(kept)


def problems(
    version: int,
    comparisons: Sequence[Comparison],
    pinned: Mapping[str, KnownDifference],
    golden_names: Sequence[str] | None = None,
) -> list[Problem]:
    """Every way the pinned differences of `version` are untrue for `comparisons`: a difference
    that is not pinned, a pinned one that changed (shown both ways), a pinned scenario that now
    matches, and (given all golden names) an entry with no golden."""
    found = []
    for comparison in comparisons:
        entry = pinned.get(comparison.name)
        where = f"v{version}/{comparison.name}"
        if comparison.matches:
            if entry is not None:
                found.append(
                    Problem(
                        f"{where}: matches the golden now; its pinned difference is gone "
                        "(scripts/difftest update-known removes the entry)",
                        "pinned difference was:\n" + _shown(entry.excerpt),
                    )
                )
            continue
        text = difference_text(comparison)
        lines = text.splitlines()
        if entry is None:
            found.append(
                Problem(
                    f"{where}: differs from the golden in {', '.join(comparison.differing)}, "
                    "and no difference is pinned",
                    _shown([_excerpt_line(line) for line in lines]),
                )
            )
        elif digest(text) != entry.sha256:
            found.append(
                Problem(
                    f"{where}: the difference changed ({entry.lines} lines in "
                    f"{', '.join(entry.aspects)} pinned, now {len(lines)} lines in "
                    f"{', '.join(comparison.differing)})",
                    "pinned difference (excerpt):\n"
                    + _shown(entry.excerpt)
                    + "\n\nnew difference:\n"
                    + _shown([_excerpt_line(line) for line in lines]),
                )
            )
    if golden_names is not None:
        for name in sorted(set(pinned) - set(golden_names)):
            found.append(Problem(f"v{version}/{name}: pinned in known-differences.json but has no golden"))
    return found


def reason_problems(known: Known) -> list[str]:
    """Entries whose reason a person has not written yet."""
    return [
        f"{version}/{name}: no reason written (replace the TODO with why the engine differs)"
        for version, entries in sorted(known.items())
        for name, entry in entries.items()
        if entry.needs_reason
    ]


def update(
    old: Mapping[str, KnownDifference], comparisons: Sequence[Comparison]
) -> tuple[dict[str, KnownDifference], list[str]]:
    """The pinned differences of a fresh score of every golden of a version, keeping each reason
    already written, and a line per entry that was added, changed or removed."""
    new: dict[str, KnownDifference] = {}
    notes = []
    for comparison in comparisons:
        if comparison.matches:
            if comparison.name in old:
                notes.append(f"removed {comparison.name}: matches now")
            continue
        previous = old.get(comparison.name)
        entry = pin(comparison, previous.reason if previous else NEEDS_REASON)
        if previous is None:
            notes.append(f"added {comparison.name}: write its reason")
        elif previous.sha256 != entry.sha256:
            notes.append(f"changed {comparison.name}: reason kept, check that it still holds")
        new[comparison.name] = entry
    scored = {c.name for c in comparisons}
    notes += [f"removed {name}: no golden any more" for name in sorted(set(old) - scored)]
    return dict(sorted(new.items())), notes
