"""Filesystem errors worded as Zero (a Go program) words them: `lstat /abs/path: no such file or directory`.

Tool error results embed Go's *PathError text, so the engine reproduces the operation name
(open, lstat, read, stat) and the lower-case errno text Go's syscall table uses.
"""

from __future__ import annotations

import errno
import os

# Go's syscall error strings where they differ from lower-casing the C library's text.
_GO_ERRNO_TEXT = {
    errno.ENOENT: "no such file or directory",
    errno.EACCES: "permission denied",
    errno.EISDIR: "is a directory",
    errno.ENOTDIR: "not a directory",
    errno.EEXIST: "file exists",
    errno.ELOOP: "too many levels of symbolic links",
    errno.ENAMETOOLONG: "file name too long",
    errno.EINVAL: "invalid argument",
    errno.EPERM: "operation not permitted",
    errno.ENOSPC: "no space left on device",
    errno.EROFS: "read-only file system",
}


class GoPathError(Exception):
    """An OS failure with Go's `op path: reason` message."""


def errno_text(error: OSError) -> str:
    if error.errno in _GO_ERRNO_TEXT:
        return _GO_ERRNO_TEXT[error.errno]
    text = error.strerror or str(error)
    return text[:1].lower() + text[1:]


def path_error(op: str, path: str, error: OSError) -> GoPathError:
    return GoPathError(f"{op} {path}: {errno_text(error)}")


def eval_symlinks(path: str) -> str:
    """`filepath.EvalSymlinks` of an absolute path: the real path, or `lstat <prefix>: ...`."""
    resolved = os.sep
    for part in [p for p in path.split(os.sep) if p]:
        if part == ".":
            continue
        if part == "..":
            resolved = os.path.dirname(resolved) or os.sep
            continue
        candidate = os.path.join(resolved, part)
        try:
            os.lstat(candidate)
        except OSError as error:
            raise path_error("lstat", candidate, error) from None
        resolved = os.path.realpath(candidate)
    return resolved


__all__ = ["GoPathError", "errno_text", "eval_symlinks", "path_error"]
