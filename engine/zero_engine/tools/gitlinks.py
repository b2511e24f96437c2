"""Nested repositories a later host git would enter (docs/engine.md, "The OS sandbox").

A command may run `git init sub`, give `sub/.git/config` a `core.fsmonitor`, and add `sub` to the
workspace's index as a gitlink (`git add sub`, `git update-index --cacheinfo 160000,...`, or the
index bytes written by hand). `sub/.git` is an ordinary workspace file and the index must stay
writable for git to work inside the sandbox, so no mount can stop it; but a host `git status` in
the workspace recurses into every populated gitlink and runs that payload.

So after every sandboxed command, `GitlinkGuard.check` reads the index of each write root's
repository (only when it changed since the last look) and finds the gitlinks that are populated
(`<path>/.git` exists) now but were not when the run began. Each is undone without touching what
the user had:

- a gitlink that was already in the index, unpopulated, at the start: the `.git` the run made
  inside it is removed;
- a gitlink the run added: its index entry is removed (the nested repository's files stay), by
  rewriting the index without it (`drop_entries`). An index this module does not rewrite (a split
  or sparse index, version 4) gets the first treatment instead: the nested `.git` is removed.

The command's result then carries Zero's protected-metadata denial for that `.git`.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import struct
import tempfile
from dataclasses import dataclass, field

_GITLINK = 0o160000
_EXTENDED = 0x4000
_HEADER = struct.Struct(">4sII")


class _Unreadable(Exception):
    pass


@dataclass(frozen=True)
class _Entry:
    path: str
    gitlink: bool
    start: int
    end: int


@dataclass(frozen=True)
class _Index:
    version: int
    hash_size: int
    entries: tuple[_Entry, ...]
    extensions_start: int
    extension_names: frozenset[bytes]
    data: bytes


def _hash_size(git_dir: str) -> int:
    """32 in a SHA-256 repository (extensions.objectFormat), else 20."""
    try:
        with open(os.path.join(git_dir, "config"), "rb") as handle:
            config = handle.read().lower().replace(b" ", b"").replace(b"\t", b"")
    except OSError:
        return 20
    return 32 if b"objectformat=sha256" in config else 20


def _varint(data: bytes, offset: int) -> tuple[int, int]:
    """git's offset varint (read-cache.c): the value and the offset after it."""
    byte = data[offset]
    offset += 1
    value = byte & 0x7F
    while byte & 0x80:
        byte = data[offset]
        offset += 1
        value = ((value + 1) << 7) | (byte & 0x7F)
    return value, offset


def _parse(data: bytes, hash_size: int) -> _Index:
    try:
        signature, version, count = _HEADER.unpack_from(data, 0)
    except struct.error:
        raise _Unreadable from None
    if signature != b"DIRC" or version not in (2, 3, 4):
        raise _Unreadable
    offset = _HEADER.size
    entries = []
    previous = b""
    try:
        for _ in range(count):
            start = offset
            (mode,) = struct.unpack_from(">I", data, start + 24)
            (flags,) = struct.unpack_from(">H", data, start + 40 + hash_size)
            name_at = start + 40 + hash_size + 2
            if version >= 3 and flags & _EXTENDED:
                name_at += 2
            if version == 4:
                strip, name_at = _varint(data, name_at)
                nul = data.index(b"\0", name_at)
                if strip > len(previous):
                    raise _Unreadable
                name = previous[: len(previous) - strip] + data[name_at:nul]
                offset = nul + 1
            else:
                nul = data.index(b"\0", name_at)
                name = data[name_at:nul]
                offset = start + ((name_at - start + len(name) + 8) & ~7)
            previous = name
            entries.append(_Entry(os.fsdecode(name), mode & 0o170000 == _GITLINK, start, offset))
        names = set()
        at = offset
        while at + 8 <= len(data) - hash_size:
            name, size = struct.unpack_from(">4sI", data, at)
            names.add(name)
            at += 8 + size
    except (struct.error, ValueError, IndexError):
        raise _Unreadable from None
    return _Index(version, hash_size, tuple(entries), offset, frozenset(names), data)


def _read(git_dir: str) -> _Index | None:
    try:
        with open(os.path.join(git_dir, "index"), "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    try:
        return _parse(data, _hash_size(git_dir))
    except _Unreadable:
        return None


def _shared_index_gitlinks(git_dir: str, index: _Index) -> set[str]:
    """The gitlinks of a split index's shared part (`sharedindex.<oid>`, named by `link`)."""
    if b"link" not in index.extension_names:
        return set()
    at = index.extensions_start
    while at + 8 <= len(index.data):
        name, size = struct.unpack_from(">4sI", index.data, at)
        if name == b"link":
            oid = index.data[at + 8 : at + 8 + index.hash_size].hex()
            try:
                with open(os.path.join(git_dir, f"sharedindex.{oid}"), "rb") as handle:
                    shared = _parse(handle.read(), index.hash_size)
            except (OSError, _Unreadable):
                return set()
            return {entry.path for entry in shared.entries if entry.gitlink}
        at += 8 + size
    return set()


def drop_entries(git_dir: str, paths: set[str]) -> bool:
    """Rewrite the index without the entries at `paths` (its optional extensions dropped: git
    rebuilds them). False where it is not rewritten: unreadable, version 4 (prefix-compressed
    names), or a split or sparse index (their extensions are not optional)."""
    index = _read(git_dir)
    if index is None or index.version == 4 or index.extension_names & {b"link", b"sdir"}:
        return False
    kept = [entry for entry in index.entries if entry.path not in paths]
    body = _HEADER.pack(b"DIRC", index.version, len(kept))
    body += b"".join(index.data[entry.start : entry.end] for entry in kept)
    digest = hashlib.sha256 if index.hash_size == 32 else hashlib.sha1
    body += digest(body).digest()
    target = os.path.join(git_dir, "index")
    fd, scratch = tempfile.mkstemp(prefix="index.zero-engine-", dir=git_dir)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(body)
        os.chmod(scratch, 0o644)
        os.replace(scratch, target)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(scratch)
        return False
    return True


def _signature(path: str) -> tuple[int, int, int] | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return (status.st_ino, status.st_size, status.st_mtime_ns)


@dataclass
class GitlinkGuard:
    """The gitlinks of one write root's repository, and which were populated when the run began."""

    root: str
    git_dir: str
    populated_at_start: dict[str, bool] = field(default_factory=dict)
    _signature: tuple[int, int, int] | None = None
    _gitlinks: set[str] = field(default_factory=set)

    @classmethod
    def for_root(cls, root: str) -> GitlinkGuard | None:
        git_dir = os.path.join(root, ".git")
        if not os.path.isdir(git_dir) or os.path.islink(git_dir):
            return None  # no repository, or a `gitdir:` file the sandbox keeps read-only
        guard = cls(root, git_dir)
        guard.populated_at_start = {link: guard._populated(link) for link in guard.gitlinks()}
        return guard

    def _inside(self, link: str) -> bool:
        """Whether `link` names a folder of this root: a hand-written index may hold any bytes, and
        nothing outside the root is ever removed."""
        parts = link.split("/")
        if os.path.isabs(link) or any(part in ("", ".", "..", ".git") for part in parts):
            return False
        real = os.path.realpath(os.path.join(self.root, link))
        return real.startswith(os.path.realpath(self.root) + os.sep)

    def _populated(self, link: str) -> bool:
        return os.path.lexists(os.path.join(self.root, link, ".git"))

    def gitlinks(self) -> set[str]:
        """The index's gitlinks, read again only when the index file changed."""
        signature = _signature(os.path.join(self.git_dir, "index"))
        if signature != self._signature:
            self._signature = signature
            index = _read(self.git_dir) if signature is not None else None
            links = {entry.path for entry in index.entries if entry.gitlink} if index else set()
            if index is not None:
                links |= _shared_index_gitlinks(self.git_dir, index)
            self._gitlinks = links
        return self._gitlinks

    def check(self) -> list[str]:
        """Undo every gitlink populated since the run began; the nested `.git` paths concerned."""
        new = sorted(
            link
            for link in self.gitlinks()
            if not self.populated_at_start.get(link, False) and self._populated(link)
        )
        if not new:
            return []
        from .sandbox_guard import remove_path

        added = {link for link in new if link not in self.populated_at_start}
        if not (added and drop_entries(self.git_dir, added)):
            added = set()
        for link in new:
            if link not in added and self._inside(link):
                remove_path(os.path.join(self.root, link, ".git"))
        self._signature = None  # read it again next time
        return [os.path.join(self.root, link, ".git") for link in new]


def is_repository(path: str) -> bool:
    """Whether a host git would take `path` (a `.git`) for a repository: a `gitdir:` file or a link,
    or a directory with a `HEAD` or a `commondir`. Zero's own mount-point litter in /tmp (empty
    `hooks/` and `config/` directories) is not one."""
    if os.path.islink(path) or os.path.isfile(path):
        return True
    return any(os.path.lexists(os.path.join(path, name)) for name in ("HEAD", "commondir"))


@dataclass
class SharedRootRepository:
    """A repository made at a shared temp root (`/tmp/.git`, `$TMPDIR/.git`), which a host git in
    any folder below would read. Checked when the command ends, not watched while it runs: other
    programs on the machine create and remove `/tmp/.git` too (every real Zero run leaves its
    empty mount points there), and a watch would kill the run's commands and MCP servers for
    them. Only a `.git` that became a repository during the command is removed."""

    path: str
    was_repository: bool = False

    @classmethod
    def at(cls, root: str) -> SharedRootRepository:
        path = os.path.join(root, ".git")
        return cls(path, is_repository(path) if os.path.lexists(path) else False)

    def check(self) -> list[str]:
        if self.was_repository or not os.path.lexists(self.path) or not is_repository(self.path):
            return []
        from .sandbox_guard import remove_path

        remove_path(self.path)
        return [self.path]
