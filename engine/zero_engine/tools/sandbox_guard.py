"""Two parts of the OS sandbox that bubblewrap's mounts and namespaces cannot provide alone
(docs/engine.md, "The OS sandbox"):

- `unix_socket_filter()`: a seccomp program (classic BPF, built here byte by byte) that bwrap loads
  before it runs the command (`--seccomp FD`). It refuses `socket(AF_UNIX, ...)` with EPERM, as
  Zero's helper does when its `blockUnixSockets` setting is on (the engine always does for a
  model's command), and `socketpair()` of any type but a stream or seqpacket pair: a datagram
  pair is not connected for good, so `connect()`, `sendto()` or `sendmsg()` with a path would
  reach a host socket (and pass it descriptors); a connected stream or seqpacket pair cannot
  (EISCONN), and asyncio and friends need those. A read-only mount does not stop connect(), and
  abstract sockets are already private to the sandbox's network namespace. As Zero's
  isolated-network guard it refuses io_uring (which could open sockets without the socket system
  call), ptrace and process_vm_readv/writev; it also refuses the kernel keyring calls (`add_key`,
  `request_key`, `keyctl`: a command inherits the engine's session keyring, and bwrap cannot give
  it a fresh one), the 32-bit `socketcall` multiplexer, x32 system calls, and every system call of
  an architecture it does not know.
- `CreateGuard`: watches the write roots for paths a command must not create (Zero's protected
  metadata, `.zero` and `.agents`, and the engine's own additions in `.git`), and when one appears
  kills the command and removes the path, as Zero's helper does: a missing path cannot be mounted
  read-only without creating it.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import platform
import select
import shutil
import struct
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

# Classic BPF, as seccomp runs it (linux/filter.h, linux/seccomp.h, linux/audit.h).
_LD_W_ABS = 0x20
_AND_K = 0x54  # BPF_ALU | BPF_AND | BPF_K
_JEQ_K = 0x15
_JGE_K = 0x35
_JGT_K = 0x25
_RET_K = 0x06
_RET_ALLOW = 0x7FFF0000
_RET_EPERM = 0x00050000 | errno.EPERM
# struct seccomp_data: nr, arch, then the arguments (each argument's low word, little endian).
_OFFSET_NR, _OFFSET_ARCH, _OFFSET_ARG0, _OFFSET_ARG1 = 0, 4, 16, 24
_AF_UNIX = 1
_SOCK_STREAM, _SOCK_SEQPACKET, _SOCK_TYPE_MASK = 1, 5, 0xF  # the type without SOCK_NONBLOCK/CLOEXEC
_X32_BIT = 0x40000000  # x32 system calls carry this bit under the x86-64 architecture
_IO_URING = (425, 427)  # io_uring_setup .. io_uring_register: the same numbers on every architecture


@dataclass(frozen=True)
class _Architecture:
    audit: int  # AUDIT_ARCH_*
    socket: int  # socket(2)'s number
    socketpair: int  # socketpair(2)'s number
    # Always refused: ptrace, process_vm_readv, process_vm_writev, add_key, request_key, keyctl
    # (and socketcall on i386).
    denied: tuple[int, ...]
    refuse_x32: bool = False  # x32 system calls carry bit 30 under the x86-64 architecture


# The native architecture first, then the 32-bit one the kernel also runs.
_ARCHITECTURES: dict[str, tuple[_Architecture, ...]] = {
    "x86_64": (
        _Architecture(0xC000003E, 41, 53, (101, 310, 311, 248, 249, 250), refuse_x32=True),
        _Architecture(0x40000003, 359, 360, (26, 347, 348, 286, 287, 288, 102)),  # i386; 102 is socketcall
    ),
    "aarch64": (
        _Architecture(0xC00000B7, 198, 199, (117, 270, 271, 217, 218, 219)),
        _Architecture(0x40000028, 281, 288, (26, 376, 377, 309, 310, 311)),
    ),
}


def _instruction(code: int, k: int, jt: int = 0, jf: int = 0) -> bytes:
    return struct.pack("=HBBI", code, jt, jf, k)


@cache
def unix_socket_filter(machine: str | None = None, *, block_unix: bool = True) -> bytes | None:
    """The compiled filter for this machine's architecture, or None where it is not known.

    Refused with EPERM: `socket(AF_UNIX, ...)` and a `socketpair()` that is not a stream or
    seqpacket pair (with `block_unix=False` unix sockets are allowed, as Zero allows them to the
    processes its configuration names unless `sandbox.blockUnixSockets` is set), io_uring, the
    keyring calls and, as in Zero's isolated-network guard, ptrace and process_vm_readv/writev;
    every system call of an architecture not in the table."""
    table = _ARCHITECTURES.get(machine or platform.machine())
    if table is None:
        return None
    deny, allow = _instruction(_RET_K, _RET_EPERM), _instruction(_RET_K, _RET_ALLOW)
    program: list[bytes] = [deny]  # an architecture not in the table
    for arch in reversed(table):  # assembled back to front: every jump is a known distance forward
        # socket(domain, ...): refuse AF_UNIX, allow the rest.
        domain = [_instruction(_LD_W_ABS, _OFFSET_ARG0), _instruction(_JEQ_K, _AF_UNIX, 1, 0), allow, deny]
        # socketpair(domain, type, ...): only a pair connected for good (stream, seqpacket).
        pair = [
            _instruction(_LD_W_ABS, _OFFSET_ARG1),
            _instruction(_AND_K, _SOCK_TYPE_MASK),
            _instruction(_JEQ_K, _SOCK_STREAM, 1, 0),
            _instruction(_JEQ_K, _SOCK_SEQPACKET, 0, 1),
            allow,
            deny,
        ]
        if not block_unix:
            domain, pair = [allow], [allow]
        tail = [
            _instruction(_JGE_K, _IO_URING[0], 0, 2),
            _instruction(_JGT_K, _IO_URING[1], 1, 0),
            deny,
            allow,
        ]
        checks: list[bytes] = []
        if arch.refuse_x32:
            checks += [_instruction(_JGE_K, _X32_BIT, 0, 1), deny]
        for number in arch.denied:
            checks += [_instruction(_JEQ_K, number, 0, 1), deny]
        # Then: to `pair` for socketpair's number, to `domain` for socket's, else into `tail`.
        checks.append(_instruction(_JEQ_K, arch.socketpair, len(tail) + 1 + len(domain), 0))
        checks.append(_instruction(_JEQ_K, arch.socket, len(tail), 0))
        block = [_instruction(_LD_W_ABS, _OFFSET_NR), *checks, *tail, *domain, *pair]
        # The architecture test: into this block when equal, past it otherwise.
        program = [_instruction(_JEQ_K, arch.audit, 0, len(block)), *block, *program]
    program.insert(0, _instruction(_LD_W_ABS, _OFFSET_ARCH))
    return b"".join(program)


@cache
def _filter_memfd(block_unix: bool) -> int:
    """A memory file holding the filter, kept open for the life of the process. Each command gets
    its own descriptor of it (`filter_descriptor`), since bwrap reads its descriptor to the end."""
    program = unix_socket_filter(block_unix=block_unix)
    if program is None:
        raise OSError(errno.ENOSYS, f"no seccomp filter for the {platform.machine()} architecture")
    fd = os.memfd_create("zero-engine-seccomp", os.MFD_CLOEXEC)
    os.write(fd, program)
    return fd


def filter_descriptor(block_unix: bool = True) -> int:
    """A fresh read descriptor of the filter at offset 0 (inheritable: the caller passes it to bwrap
    with `pass_fds` and closes it once the process has started). `block_unix=False`: the filter
    without the unix-socket rule (see `unix_socket_filter`)."""
    fd = os.open(f"/proc/self/fd/{_filter_memfd(block_unix)}", os.O_RDONLY)
    os.set_inheritable(fd, True)
    return fd


# The create guard ------------------------------------------------------------------------------

BLOCKED_MESSAGE = "sandbox blocked creation of protected workspace metadata path "  # + the path
DENIAL_REASON = "protected workspace metadata cannot be created by a sandboxed command"
_POLL_MS = 10  # Zero's poll interval
_IN_NONBLOCK, _IN_CLOEXEC = os.O_NONBLOCK, 0o2000000
_IN_MOVED_TO, _IN_CREATE = 0x80, 0x100
_EVENT = struct.Struct("=iIII")  # struct inotify_event: wd, mask, cookie, len (then the name)


@cache
def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def _inotify(parents: Iterable[str]) -> tuple[int, dict[int, str]]:
    """An inotify descriptor watching `parents` for created and moved-in names (-1 if unavailable:
    polling alone then finds what appears)."""
    libc = _libc()
    fd = libc.inotify_init1(_IN_NONBLOCK | _IN_CLOEXEC)
    if fd < 0:
        return -1, {}
    watches = {}
    for parent in parents:
        watch = libc.inotify_add_watch(fd, os.fsencode(parent), _IN_CREATE | _IN_MOVED_TO)
        if watch >= 0:
            watches[watch] = parent
    if not watches:
        os.close(fd)
        return -1, {}
    return fd, watches


def remove_path(path: str) -> None:
    """Remove what a command created at `path`, without following a symbolic link out of it
    (rmtree refuses a link and works through directory descriptors); tried up to 100 times, as
    Zero does, since the killed command may still be writing for a moment."""
    for _ in range(100):
        if not os.path.lexists(path):
            return
        with contextlib.suppress(OSError):
            if os.path.isdir(path) and not os.path.islink(path):
                shutil.rmtree(path, onerror=_unlock)
            else:
                os.unlink(path)


def _unlock(_: object, path: str, __: object) -> None:
    """rmtree's error handler: a directory the command made unreadable gets its owner's rights
    back (`remove_path` then tries the removal again). The directory is opened without following a symbolic
    link (O_NOFOLLOW) and changed through that descriptor, so a link swapped in meanwhile cannot
    redirect the change elsewhere."""
    for directory in (os.path.dirname(path), path):
        with contextlib.suppress(OSError):
            fd = os.open(directory, os.O_PATH | os.O_NOFOLLOW | os.O_DIRECTORY)
            try:
                os.chmod(f"/proc/self/fd/{fd}", 0o700)
            finally:
                os.close(fd)


# Mount points the engine's own plans make on the host: a v1 command's `.git`, `.zero` and
# `.agents` in the workspace, which the v1-era Zero left there too. The guard of another process
# that watches one of those paths (a long-lived MCP server's, started in Zero 0.8.0's plan at v1:
# ToolProcesses.configured) lets it be: the command's sandbox made it, not that process.
_engine_made: set[str] = set()
_engine_made_lock = threading.Lock()


def expect_mount_points(paths: Iterable[str]) -> None:
    """Records `paths` as mount points a command's sandbox is about to create (see above)."""
    with _engine_made_lock:
        _engine_made.update(os.path.normpath(path) for path in paths)


def _made_by_the_engine(path: str) -> bool:
    with _engine_made_lock:
        return path in _engine_made


class CreateGuard:
    """Kills a sandboxed command that creates one of `targets` and removes the path, as Zero's
    protected-create monitor does; `blocked` is the first target it found (None if none). A path
    the engine's own sandbox made (`expect_mount_points`) is no longer watched."""

    def __init__(self, targets: Sequence[str]) -> None:
        self.targets = tuple(dict.fromkeys(os.path.normpath(target) for target in targets))
        self._names = set(self.targets)
        self.blocked: str | None = None
        self.message = ""  # the line Zero's helper prints on the command's stderr
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._fd, self._watches = _inotify(dict.fromkeys(os.path.dirname(t) for t in self.targets))
        # Wakes the watcher at once when the command ends: without it `stop` waited out the poll
        # interval (and the thread switch), most of what the guard added to every command.
        self._wake = os.eventfd(0, os.EFD_CLOEXEC | os.EFD_NONBLOCK)
        self._thread: threading.Thread | None = None
        self._kill: Callable[[], None] = lambda: None

    def start(self, kill: Callable[[], None]) -> None:
        self._kill = kill
        self._thread = threading.Thread(target=self._run, name="zero-engine-create-guard", daemon=True)
        self._thread.start()

    def stop(self) -> str | None:
        """Stop watching, remove whatever is left, and return the blocked path (if any)."""
        self._stop.set()
        with contextlib.suppress(OSError):
            os.eventfd_write(self._wake, 1)
        if self._thread is not None:
            self._thread.join()
        self._scan()
        if self._fd >= 0:
            # Closing an inotify descriptor waits for an RCU grace period in the kernel (about
            # 10 ms here), which every command would otherwise pay: closed off the caller's path.
            threading.Thread(target=os.close, args=(self._fd,), name="zero-engine-inotify-close").start()
        os.close(self._wake)
        self._fd = self._wake = -1
        return self.blocked

    def _run(self) -> None:
        watched = [fd for fd in (self._fd, self._wake) if fd >= 0]
        while not self._stop.is_set():
            self._scan()
            ready, _, _ = select.select(watched, [], [], _POLL_MS / 1000)
            if self._fd in ready:
                self._drain()

    def _drain(self) -> None:
        while True:
            try:
                data = os.read(self._fd, 4096)
            except OSError:
                return
            offset = 0
            while offset + _EVENT.size <= len(data):
                watch, _, _, length = _EVENT.unpack_from(data, offset)
                name = data[offset + _EVENT.size : offset + _EVENT.size + length].rstrip(b"\0")
                offset += _EVENT.size + length
                parent = self._watches.get(watch)
                if parent is not None and name:
                    target = os.path.join(parent, os.fsdecode(name))
                    if target in self._names and not self._let_be(target):
                        self._violation(target)
                        remove_path(target)

    def _scan(self) -> None:
        for target in self.targets:
            if os.path.lexists(target) and not self._let_be(target):
                self._violation(target)
                remove_path(target)

    def _let_be(self, target: str) -> bool:
        """Whether `target` is a mount point the engine made (then it is watched no more)."""
        if not _made_by_the_engine(target):
            return False
        with self._lock:
            self._names.discard(target)
            self.targets = tuple(t for t in self.targets if t != target)
        return True

    def _violation(self, target: str) -> None:
        with self._lock:
            if self.blocked is not None:
                return
            self.blocked = target
            self.message = BLOCKED_MESSAGE + target
        self._kill()
