"""What the model has seen of each file this session, so a write never clobbers unseen content.

Zero 0.8.0 refuses to overwrite or edit a file unless the session has read the parts being
replaced (the whole file for write_file, every matched span for edit_file), and refuses when the
file changed on disk since it was last read or written. read_file records the file's hash and
the line or byte range it showed; writes re-baseline the hash and mark what they wrote as seen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

CHANGED_ON_DISK = "the file changed on disk since you last read it"


def content_hash(data: bytes) -> str:
    import hashlib  # first used by a read or a write, not at start-up

    return hashlib.sha256(data).hexdigest()


def unseen_message(relative: str) -> str:
    return (
        f"Error writing {relative}: the intended change depends on content that has not been read "
        "exactly in this session. Read the affected lines with read_file using offset/limit (or "
        "byte_offset/byte_limit for a very long line), then retry the edit."
    )


def conflict_message(relative: str) -> str:
    return (
        f"Error writing {relative}: {CHANGED_ON_DISK} (it may have been edited outside Zero). "
        "Re-read it with read_file, then re-apply your change so you do not overwrite the newer content."
    )


@dataclass
class _Seen:
    whole: bool = False
    total_lines: int = 0
    lines: list[tuple[int, int]] = field(default_factory=list)  # inclusive, 1-based
    total_bytes: int = 0
    byte_ranges: list[tuple[int, int]] = field(default_factory=list)  # half-open, 0-based


def _covers_lines(ranges: list[tuple[int, int]], start: int, end: int) -> bool:
    if start > end:
        return True
    following = start
    for first, last in sorted(ranges):
        if first > following:
            return False
        if last >= following:
            following = last + 1
        if following > end:
            return True
    return following > end


def _covers_bytes(ranges: list[tuple[int, int]], start: int, end: int) -> bool:
    if start >= end:
        return True
    following = start
    for first, last in sorted(ranges):
        if first > following:
            return False
        following = max(following, last)
        if following >= end:
            return True
    return False


class FileTracker:
    """Per-run record of file versions (sha256) and the ranges the model has seen."""

    def __init__(self) -> None:
        self._versions: dict[str, str] = {}
        self._seen: dict[str, _Seen] = {}

    def record_hash(self, path: str, digest: str) -> None:
        if self._versions.get(path) != digest:
            self._seen.pop(path, None)
        self._versions[path] = digest

    def forget(self, path: str) -> None:
        self._versions.pop(path, None)
        self._seen.pop(path, None)

    def tracked(self, path: str) -> bool:
        return path in self._versions

    def changed_on_disk(self, path: str, current: bytes) -> bool:
        digest = self._versions.get(path)
        return digest is not None and digest != content_hash(current)

    def record_lines(self, path: str, start: int, end: int, total: int) -> None:
        if start < 1:
            return
        seen = self._seen.setdefault(path, _Seen())
        if total == 0:
            seen.whole, seen.lines = True, []
            return
        if end < start:
            return
        if seen.total_lines not in (0, total):
            seen = self._seen[path] = _Seen()
        seen.total_lines = total
        if start == 1 and end >= total:
            seen.whole, seen.lines = True, []
            return
        seen.lines.append((start, end))

    def record_bytes(self, path: str, start: int, end: int, total: int) -> None:
        if start < 0 or end < start or total < 0 or end > total:
            return
        seen = self._seen.setdefault(path, _Seen())
        if total == 0:
            seen.whole, seen.byte_ranges = True, []
            return
        if seen.total_bytes not in (0, total):
            seen = self._seen[path] = _Seen()
        seen.total_bytes = total
        if start == 0 and end >= total:
            seen.whole, seen.byte_ranges = True, []
            return
        seen.byte_ranges.append((start, end))

    def seen_lines(self, path: str, start: int, end: int) -> bool:
        seen = self._seen.get(path)
        return seen is not None and (seen.whole or _covers_lines(seen.lines, start, end))

    def seen_bytes(self, path: str, start: int, end: int) -> bool:
        seen = self._seen.get(path)
        return seen is not None and (seen.whole or _covers_bytes(seen.byte_ranges, start, end))

    def seen_whole(self, path: str) -> bool:
        seen = self._seen.get(path)
        if seen is None:
            return False
        if seen.whole:
            return True
        if seen.total_lines > 0 and _covers_lines(seen.lines, 1, seen.total_lines):
            return True
        return seen.total_bytes > 0 and _covers_bytes(seen.byte_ranges, 0, seen.total_bytes)


def line_count(content: str) -> int:
    """Lines as Zero counts them for the seen-range baseline of a write (a final newline counts)."""
    if content == "":
        return 0
    return content.count("\n") + 1


__all__ = ["FileTracker", "conflict_message", "content_hash", "line_count", "unseen_message"]
