"""Workspace confinement: resolving a tool's path argument and refusing anything that leaves the root.

A path is checked twice: lexically (`..`, absolute paths elsewhere, /proc) and after symlink
resolution (a symlink or symlinked parent directory that points outside). Tools then work on the
resolved real path, so what was checked is what is touched.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

OUTSIDE_REASON = "path is outside the workspace root"
SYMLINK_REASON = "path resolves through a symlink to a location outside the workspace"
PROC_REASON = "process filesystem paths are outside the workspace"

# Top-level workspace entries whose writes always need approval (PROTOCOL.md 6.3 step 9).
PROTECTED_METADATA_NAMES = (".git", ".zero", ".hg", ".svn", ".jj")


@dataclass(frozen=True)
class PathViolation:
    code: str  # outside_workspace | symlink_traversal
    path: str  # the path as the model wrote it
    reason: str


class PathEscape(Exception):
    def __init__(self, violation: PathViolation) -> None:
        super().__init__(violation.reason)
        self.violation = violation


def _within(candidate: str, root: str) -> bool:
    return candidate == root or candidate.startswith(root.rstrip(os.sep) + os.sep)


@dataclass(frozen=True)
class Workspace:
    root: Path  # absolute, as given
    real_root: Path  # symlinks resolved

    @classmethod
    def at(cls, root: Path) -> Workspace:
        absolute = Path(os.path.abspath(root))
        return cls(root=absolute, real_root=Path(os.path.realpath(absolute)))

    def violation(self, requested: str) -> PathViolation | None:
        """Why `requested` may not be touched, or None when it stays inside the workspace."""
        joined = requested if os.path.isabs(requested) else os.path.join(self.root, requested)
        lexical = os.path.normpath(joined)
        for proc in ("/proc", "/dev/fd"):
            if _within(lexical, proc):
                return PathViolation("outside_workspace", requested, PROC_REASON)
        if not (_within(lexical, str(self.root)) or _within(lexical, str(self.real_root))):
            return PathViolation("outside_workspace", requested, OUTSIDE_REASON)
        # realpath resolves each existing component in order (a symlink before a following `..`),
        # including dangling links, so a link to a not-yet-existing outside file is caught too.
        real = os.path.realpath(joined)
        if not _within(real, str(self.real_root)) or _within(real, "/proc"):
            return PathViolation("symlink_traversal", requested, SYMLINK_REASON)
        return None

    def resolve(self, requested: str) -> Path:
        """The real path for `requested`, or `PathEscape` if it leaves the workspace."""
        violation = self.violation(requested)
        if violation is not None:
            raise PathEscape(violation)
        joined = requested if os.path.isabs(requested) else os.path.join(self.root, requested)
        return Path(os.path.realpath(joined))

    def relative(self, real_path: Path) -> str:
        """Workspace-relative, slash-separated form of a resolved path ("." for the root)."""
        relative = os.path.relpath(real_path, self.real_root)
        return Path(relative).as_posix()

    def touches_protected_metadata(self, requested: str) -> bool:
        violation = self.violation(requested)
        if violation is not None:
            return False
        first = self.relative(self.resolve(requested)).split("/", 1)[0]
        return first in PROTECTED_METADATA_NAMES
