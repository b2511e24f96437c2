"""Which workspace files a shell command created, modified or deleted (Zero's change observer).

bash and exec_command report them as `changedFiles`. The workspace is fingerprinted before and
after the command: mode, size, modification time and (for files up to 1 MiB, 32 MiB in all) a
sha256. `.git`, `.zero` and `.agents` are not looked into; generated trees (node_modules, dist,
...) count as one aggregated entry, which is never listed as a changed file.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_OBSERVED_FILES = 20_000
MAX_HASHED_FILE_BYTES = 1 << 20
MAX_TOTAL_HASHED_BYTES = 32 << 20
_PROTECTED = frozenset({".git", ".zero", ".agents"})
_GENERATED = frozenset({"node_modules", ".pnpm-store", ".yarn", "dist", "coverage", ".cache"})

Fingerprint = tuple[int, int, int, str]


def snapshot(root: str) -> dict[str, Fingerprint] | None:
    """Fingerprints of the files under `root` by slash-separated relative path; None if too many."""
    import hashlib  # only when a shell command runs

    files: dict[str, Fingerprint] = {}
    hashed = 0

    def visit(directory: str) -> bool:
        nonlocal hashed
        try:
            entries = sorted(os.scandir(directory), key=lambda entry: entry.name)
        except OSError:
            return True
        for entry in entries:
            relative = Path(os.path.relpath(entry.path, root)).as_posix()
            if entry.is_dir(follow_symlinks=False):
                if entry.name in _PROTECTED:
                    continue
                if entry.name in _GENERATED:
                    continue  # aggregated upstream, and aggregated entries are never reported
                if not visit(entry.path):
                    return False
                continue
            if not entry.is_file(follow_symlinks=False):
                continue
            if len(files) >= MAX_OBSERVED_FILES:
                return False
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            digest = ""
            if info.st_size <= MAX_HASHED_FILE_BYTES and hashed + info.st_size <= MAX_TOTAL_HASHED_BYTES:
                try:
                    with open(entry.path, "rb") as handle:
                        digest = hashlib.sha256(handle.read()).hexdigest()
                    hashed += info.st_size
                except OSError:
                    digest = ""
            files[relative] = (
                stat.S_IMODE(info.st_mode) | stat.S_IFMT(info.st_mode),
                info.st_size,
                info.st_mtime_ns,
                digest,
            )
        return True

    return files if visit(root) else None


def changed_files(before: dict[str, Fingerprint] | None, root: str) -> tuple[str, ...]:
    """Paths created, modified or deleted since `before`, sorted."""
    if before is None:
        return ()
    after = snapshot(root)
    if after is None:
        return ()
    changed = {path for path, current in after.items() if before.get(path) != current}
    changed |= {path for path in before if path not in after}
    return tuple(sorted(changed))


__all__ = ["changed_files", "snapshot"]
