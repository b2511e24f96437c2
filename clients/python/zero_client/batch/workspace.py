"""Per-attempt workspaces: a fresh copy of `copy_from`, what changed in it, and the diff.

The original of a workspace is either a local directory (the local backend copies it) or a tar
archive of it (the Ray backend ships that through the object store, so a node needs no shared
disk). Either way the attempt fingerprints the fresh copy before the run and again after it; files
whose size, modification time, mode or link target moved are candidates, and a candidate whose
size, mode and bytes are all as before (a file rewritten with the same content, or only
touched) is not a change (`changed_files`). The original bytes, read back from the directory or
the archive, make the diff.

`.git` directories are left out of the comparison and of the diff: a repository's object store
changes whenever the agent commits, and those bytes are not the patch.
"""

from __future__ import annotations

import difflib
import io
import os
import shutil
import stat
import tarfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "ArchiveSource",
    "DirectorySource",
    "Fingerprint",
    "WorkspaceSource",
    "archive_directory",
    "changed_files",
    "changed_paths",
    "snapshot",
    "unified_diff",
]

SKIPPED_DIRS = frozenset({".git"})
#: Files bigger than this are not diffed line by line (reported as changed, binary-style).
MAX_DIFF_FILE_BYTES = 8 << 20


@dataclass(frozen=True)
class Fingerprint:
    size: int
    mtime_ns: int
    mode: int
    link: str | None


def _walk(root: Path) -> Iterator[tuple[str, os.stat_result, str]]:
    """(relative path, lstat, absolute path) of every non-directory under root, skipping .git."""
    stack = [root]
    while stack:
        directory = stack.pop()
        try:
            entries = list(os.scandir(directory))
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name not in SKIPPED_DIRS:
                    stack.append(Path(entry.path))
                continue
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            yield os.path.relpath(entry.path, root), info, entry.path


def snapshot(root: Path) -> dict[str, Fingerprint]:
    """What every file under root looks like now (symlinks as links, not followed)."""
    prints: dict[str, Fingerprint] = {}
    for rel, info, path in _walk(root):
        link = os.readlink(path) if stat.S_ISLNK(info.st_mode) else None
        prints[rel] = Fingerprint(info.st_size, info.st_mtime_ns, info.st_mode, link)
    return prints


def changed_paths(before: dict[str, Fingerprint], after: dict[str, Fingerprint]) -> list[str]:
    """Paths added, removed or modified between two snapshots, sorted."""
    return sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))


def changed_files(
    source: WorkspaceSource,
    workspace: Path,
    before: dict[str, Fingerprint],
    after: dict[str, Fingerprint],
) -> list[str]:
    """Paths whose content changed: `changed_paths`, less the regular files that hold the
    same bytes, mode and size as before (rewritten or touched, not changed)."""
    changed: list[str] = []
    for rel in changed_paths(before, after):
        old, new = before.get(rel), after.get(rel)
        if (
            old is not None
            and new is not None
            and old.link is None
            and new.link is None
            and old.size == new.size
            and old.mode == new.mode
            and stat.S_ISREG(new.mode)
            and old.size <= MAX_DIFF_FILE_BYTES
        ):
            try:
                if (workspace / rel).read_bytes() == source.original(rel):
                    continue
            except OSError:
                pass
        changed.append(rel)
    return changed


class WorkspaceSource:
    """Where a workspace's original files come from."""

    def materialize(self, destination: Path) -> None:
        raise NotImplementedError

    def original(self, rel: str) -> bytes | None:
        """The original content of a regular file (None when it did not exist or was not one)."""
        raise NotImplementedError

    def original_link(self, rel: str) -> str | None:
        """The original target of a symlink (None when it was not one)."""
        raise NotImplementedError


def _excluded(exclude: str | os.PathLike[str] | None) -> Path | None:
    return None if exclude is None else Path(exclude).resolve()


class DirectorySource(WorkspaceSource):
    """A local directory, copied as is (symlinks stay symlinks, times and modes are kept).

    `exclude` is a directory never copied: the batch's own output, when it lies inside the
    directory a task copies (`"copy_from": "."` with `--out runs/x`), which would otherwise be
    copied into every workspace, workspaces included, without end."""

    def __init__(self, path: str | os.PathLike[str], exclude: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path)
        self.exclude = _excluded(exclude)

    def materialize(self, destination: Path) -> None:
        excluded = self.exclude

        def skip(directory: str, names: list[str]) -> list[str]:
            if excluded is None:
                return []
            return [name for name in names if Path(directory, name).resolve() == excluded]

        shutil.copytree(self.path, destination, symlinks=True, ignore=skip)

    def original(self, rel: str) -> bytes | None:
        path = self.path / rel
        if path.is_symlink() or not path.is_file():
            return None
        return path.read_bytes()

    def original_link(self, rel: str) -> str | None:
        path = self.path / rel
        return os.readlink(path) if path.is_symlink() else None


def archive_directory(path: str | os.PathLike[str], exclude: str | os.PathLike[str] | None = None) -> bytes:
    """An uncompressed tar of a directory's contents (names relative to it), for `ArchiveSource`;
    `exclude` is left out, as for `DirectorySource`."""
    buffer = io.BytesIO()
    excluded = _excluded(exclude)
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as archive:
        root = str(path)
        for directory, dirs, files in os.walk(root):  # symlinks to directories are not followed
            dirs[:] = sorted(d for d in dirs if excluded is None or Path(directory, d).resolve() != excluded)
            for name in sorted(dirs) + sorted(files):
                entry = os.path.join(directory, name)
                archive.add(entry, arcname=os.path.relpath(entry, root), recursive=False)
    return buffer.getvalue()


class ArchiveSource(WorkspaceSource):
    """A tar archive made by `archive_directory` (what travels to a Ray worker)."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self._members: dict[str, tarfile.TarInfo] | None = None

    def _open(self) -> tarfile.TarFile:
        return tarfile.open(fileobj=io.BytesIO(self.data), mode="r:")

    def _index(self) -> dict[str, tarfile.TarInfo]:
        if self._members is None:
            with self._open() as archive:
                self._members = {os.path.normpath(m.name): m for m in archive.getmembers()}
        return self._members

    def materialize(self, destination: Path) -> None:
        destination.mkdir(parents=True)
        with self._open() as archive:
            # The `tar` filter: no absolute names, nothing outside the destination, no device
            # files; links inside the workspace and modes are kept as a copy would keep them.
            archive.extractall(destination, filter="tar")

    def original(self, rel: str) -> bytes | None:
        member = self._index().get(os.path.normpath(rel))
        if member is None or not member.isfile():
            return None
        with self._open() as archive:
            extracted = archive.extractfile(member.name)
            return extracted.read() if extracted is not None else None

    def original_link(self, rel: str) -> str | None:
        member = self._index().get(os.path.normpath(rel))
        return member.linkname if member is not None and member.issym() else None


# ------------------------------------------------------------------------------------------------
# The diff


def _text_lines(data: bytes) -> list[str] | None:
    """The file's lines (with their endings), or None when it is not text (NUL bytes, not UTF-8)."""
    if b"\0" in data or len(data) > MAX_DIFF_FILE_BYTES:
        return None
    try:
        return data.decode("utf-8").splitlines(keepends=True)
    except UnicodeDecodeError:
        return None


def _file_mode(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "120000"
    return "100755" if mode & 0o111 else "100644"


def _hunks(old: list[str], new: list[str], a: str, b: str) -> list[str]:
    out: list[str] = []
    for line in difflib.unified_diff(old, new, a, b, n=3):
        if line.startswith(("---", "+++")):
            out.append(line if line.endswith("\n") else line + "\n")
        elif line.endswith("\n"):
            out.append(line)
        else:  # the file's last line has no newline: say so, as diff and git do
            out.append(line + "\n\\ No newline at end of file\n")
    return out


def unified_diff(
    source: WorkspaceSource,
    workspace: Path,
    paths: list[str],
    after: dict[str, Fingerprint],
    before: dict[str, Fingerprint] | None = None,
) -> str:
    """A git-style unified diff (`git apply` / `patch -p1` apply it) of `paths`, original -> now.
    `before` (the fresh copy's snapshot) gives the original modes: a file whose mode alone
    changed gets git's `old mode` / `new mode` lines and no hunk, as `files_changed` lists it."""
    parts: list[str] = []
    for rel in paths:
        name = rel.replace(os.sep, "/")
        now = after.get(rel)
        was = before.get(rel) if before is not None else None
        old_link = source.original_link(rel)
        old_bytes = None if old_link is not None else source.original(rel)
        old_text: list[str] | None
        new_text: list[str] | None
        if old_link is not None:
            old_text = [old_link]
        elif old_bytes is not None:
            old_text = _text_lines(old_bytes)
        else:
            old_text = []
        existed = old_link is not None or old_bytes is not None
        new_bytes: bytes | None = None
        if now is None:
            new_text = []
        elif now.link is not None:
            new_text = [now.link]
        else:
            try:
                new_bytes = (workspace / rel).read_bytes()
            except OSError:
                new_bytes = b""
            new_text = _text_lines(new_bytes)
        header = [f"diff --git a/{name} b/{name}\n"]
        if not existed and now is None:
            continue
        mode_changed = False
        if not existed:
            assert now is not None
            header.append(f"new file mode {_file_mode(now.mode)}\n")
        elif now is None:
            header.append(f"deleted file mode {_file_mode(was.mode) if was is not None else '100644'}\n")
        elif was is not None and _file_mode(was.mode) != _file_mode(now.mode):
            header += [f"old mode {_file_mode(was.mode)}\n", f"new mode {_file_mode(now.mode)}\n"]
            mode_changed = True
        if old_text is None or new_text is None:
            a_name = f"a/{name}" if existed else "/dev/null"
            b_name = f"b/{name}" if now is not None else "/dev/null"
            parts += [*header, f"Binary files {a_name} and {b_name} differ\n"]
            continue
        hunks = _hunks(
            old_text,
            new_text,
            f"a/{name}" if existed else "/dev/null",
            f"b/{name}" if now is not None else "/dev/null",
        )
        if not hunks and existed and now is not None and not mode_changed:
            continue  # touched, same content and mode
        parts += [*header, *hunks]
    return "".join(parts)
