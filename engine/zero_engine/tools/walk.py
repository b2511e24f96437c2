"""Walking the workspace without leaving it, and glob patterns with `**` (shared by glob, grep and
list_directory)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from .workspace import Workspace

# Directories the search tools neither list nor descend into (matched case-insensitively): VCS
# metadata, plus upstream's workspace-index skip list (internal/workspaceindex ShouldSkipDir).
SKIPPED_DIRS = frozenset(
    {".git", ".hg", ".svn", ".jj"}
    | {".cache", ".next", ".worktrees", ".zero", "build", "coverage", "dist", "node_modules", "vendor"}
)


def _inside(workspace: Workspace, path: Path) -> bool:
    real = os.path.realpath(path)
    root = str(workspace.real_root)
    return real == root or real.startswith(root + os.sep)


def walk(
    workspace: Workspace,
    start: Path,
    *,
    include_dirs: bool = False,
    max_depth: int | None = None,
    skip_dirs: frozenset[str] = SKIPPED_DIRS,
) -> Iterator[tuple[Path, bool]]:
    """Yield (path, is_dir) under `start`, sorted, never following a symlink out of the workspace.

    Symlinked directories are listed but not descended into (no loops, no escapes); symlinked
    files are yielded only when their target is inside the workspace.
    """

    def visit(directory: Path, depth: int) -> Iterator[tuple[Path, bool]]:
        try:
            entries = sorted(os.scandir(directory), key=lambda entry: entry.name)
        except OSError:
            return
        for entry in entries:
            path = Path(entry.path)
            if entry.is_symlink():
                if not _inside(workspace, path):
                    continue
                if path.is_dir():
                    if include_dirs:
                        yield path, True
                    continue
                yield path, False
            elif entry.is_dir(follow_symlinks=False):
                if entry.name.lower() in skip_dirs:
                    continue
                if include_dirs:
                    yield path, True
                if max_depth is None or depth < max_depth:
                    yield from visit(path, depth + 1)
            else:
                yield path, False

    yield from visit(start, 1)


@lru_cache(maxsize=256)
def glob_regex(pattern: str) -> re.Pattern[str]:
    """Compile a glob (`**`, `*`, `?`, `[...]`, `{a,b}`) into a regex over slash-separated paths."""
    out: list[str] = []
    index = 0
    length = len(pattern)
    while index < length:
        char = pattern[index]
        if pattern.startswith("**/", index):
            out.append("(?:.*/)?")
            index += 3
        elif pattern.startswith("**", index):
            out.append(".*")
            index += 2
        elif char == "*":
            out.append("[^/]*")
            index += 1
        elif char == "?":
            out.append("[^/]")
            index += 1
        elif char == "[":
            end = pattern.find("]", index + 2)
            if end == -1:
                out.append(re.escape(char))
                index += 1
            else:
                body = pattern[index + 1 : end]
                if body.startswith("!"):
                    body = "^" + body[1:]
                out.append("[" + body.replace("\\", "\\\\") + "]")
                index = end + 1
        elif char == "{":
            end = pattern.find("}", index)
            if end == -1:
                out.append(re.escape(char))
                index += 1
            else:
                options = pattern[index + 1 : end].split(",")
                out.append("(?:" + "|".join(glob_regex(option).pattern[:-2] for option in options) + ")")
                index = end + 1
        else:
            out.append(re.escape(char))
            index += 1
    return re.compile("".join(out) + r"\Z")
