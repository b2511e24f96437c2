"""One driver per batch directory: an advisory lock on `DIR/.lock`.

The lock is `flock(LOCK_EX | LOCK_NB)` on an open file, so the kernel releases it when the
driver's process ends, however it ends (a `kill -9` leaves nothing stuck). While it holds the
lock, the driver writes who it is (host, pid, start time) into the file, so a second driver is
refused with a message naming the holder. The file itself stays; only the lock on it matters.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import socket
from datetime import UTC, datetime
from pathlib import Path

__all__ = ["LOCK_FILE", "BatchLockedError", "DirectoryLock"]

LOCK_FILE = ".lock"

#: What flock fails with on a file system that has no such locks (some NFS, FUSE and SMB mounts).
_FLOCK_UNSUPPORTED = frozenset({errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EINVAL, errno.ENOSYS})


class BatchLockedError(OSError):
    """Another driver holds the batch directory's lock (its host, pid and start time in the message)."""


def _holder_text(data: bytes) -> str:
    try:
        holder = json.loads(data)
        return f"pid {holder['pid']} on {holder['host']}, started {holder['started_at']}"
    except (ValueError, KeyError, TypeError):
        return "a driver that has not said who it is yet"


class DirectoryLock:
    """Holds `out/.lock` from `acquire()` until `release()` (or the process's end)."""

    def __init__(self, out: Path) -> None:
        self.path = out / LOCK_FILE
        self._fd = -1

    @property
    def held(self) -> bool:
        return self._fd >= 0

    def acquire(self) -> None:
        """Takes the lock or raises `BatchLockedError` at once (never waits)."""
        if self._fd >= 0:
            return
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _holder_text(os.pread(fd, 4096, 0))
            os.close(fd)
            raise BatchLockedError(
                f"{self.path.parent} is in use by another zero-sdk batch ({holder}); wait for it to "
                "end, or choose another output directory"
            ) from None
        except OSError as exc:  # flock itself fails: say which file, and why it matters
            os.close(fd)
            reason = exc.strerror or str(exc)
            if exc.errno in _FLOCK_UNSUPPORTED:
                reason += (
                    " (this file system does not support flock, which keeps a second driver out of "
                    "the directory; choose an output directory on a local file system)"
                )
            raise OSError(exc.errno, reason, str(self.path)) from None
        except BaseException:
            os.close(fd)
            raise
        stamp = datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
        holder = json.dumps({"host": socket.gethostname(), "pid": os.getpid(), "started_at": stamp})
        os.ftruncate(fd, 0)
        os.pwrite(fd, holder.encode() + b"\n", 0)
        self._fd = fd

    def release(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)  # closing the file drops the lock
            self._fd = -1

    def __del__(self) -> None:
        self.release()
