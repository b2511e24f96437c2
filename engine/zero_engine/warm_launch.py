"""The launcher of a warm zero-engine run: `python -I -S warm_launch.py SOCKET ENGINE [ARGS...]`.

It stands where a fresh `ENGINE ARGS...` process would stand (same pid for the caller, same
stdin/stdout/stderr, same exit status or death by the same signal). It hands its argv, environment,
working directory, umask, signal mask and ignored signals, and its stdin/stdout/stderr (SCM_RIGHTS)
to the warm server (`zero_engine.warm`), which forks a pre-imported engine for the run, and
forwards the signals it gets to that engine's process group. When no server answers at SOCKET, or
the server declines (see `zero_engine.warm.decline_reason`), it becomes the fresh engine itself
(`execv(ENGINE, ...)`), so a run never depends on the server being there.

Standard library only, and cheap to start (`-I -S`: no site, no user paths): it runs once per run.
"""

import contextlib
import json
import os
import signal
import socket
import struct
import sys

#: Signals a caller may send to a run; the launcher passes them on to the engine's process group.
FORWARDED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2)
#: Exit status when the server vanished in the middle of a run (no status to mirror).
SERVER_LOST = 70


def _fresh(engine: str, args: list[str]) -> None:
    """Become the fresh engine (never returns)."""
    os.execv(engine, [engine, *args])


def _recv_exactly(conn: socket.socket, size: int) -> bytes | None:
    data = b""
    while len(data) < size:
        try:
            chunk = conn.recv(size - len(data))
        except InterruptedError:
            continue
        if not chunk:
            return None
        data += chunk
    return data


def main() -> None:
    socket_path, engine, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    ignored = [int(s) for s in signal.valid_signals() if signal.getsignal(s) == signal.SIG_IGN]
    # Python itself ignores SIGPIPE and SIGXFSZ at start-up; a fresh engine does the same.
    ignored = [s for s in ignored if s not in (signal.SIGPIPE, signal.SIGXFSZ)]
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:  # a closed standard stream: the fresh engine sees it exactly as it is
            return _fresh(engine, args)
    umask = os.umask(0)
    os.umask(umask)
    request = {
        "engine": engine,
        "args": args,
        "env": dict(os.environ),
        "umask": umask,
        "ignored": ignored,
        "io": [
            sys.stdout.encoding,
            sys.stdout.errors,
            sys.stdin.errors,
            sys.getfilesystemencoding(),
            sys.getfilesystemencodeerrors(),
        ],
        "mask": sorted(int(s) for s in signal.pthread_sigmask(signal.SIG_BLOCK, ())),
    }
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        conn.connect(socket_path)
    except OSError:
        conn.close()
        return _fresh(engine, args)
    # From here a signal is held until the engine's pid is known, then passed on.
    target: list[int] = []
    pending: list[int] = []

    def forward(sig: int, _frame: object) -> None:
        if not target:
            pending.append(sig)
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(target[0], sig)

    for sig in FORWARDED:
        if sig not in ignored:
            signal.signal(sig, forward)
    cwd = os.open(".", os.O_RDONLY | os.O_DIRECTORY)
    body = json.dumps(request).encode()
    fds = struct.pack("4i", 0, 1, 2, cwd)
    try:
        conn.sendmsg([struct.pack("!I", len(body)), body], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, fds)])
        reply = _recv_exactly(conn, 8)
    except OSError:
        reply = None
    os.close(cwd)
    if reply is None:  # the server went away before it forked anything: run fresh
        conn.close()
        if pending:
            signal.signal(pending[0], signal.SIG_DFL)
            os.kill(os.getpid(), pending[0])
        return _fresh(engine, args)
    kind, pid = struct.unpack("!ii", reply)
    if kind == 0:  # declined
        conn.close()
        if pending:  # a fresh engine would have got it before its handlers: the default action
            signal.signal(pending[0], signal.SIG_DFL)
            os.kill(os.getpid(), pending[0])
        return _fresh(engine, args)
    target.append(pid)
    for held in pending:
        forward(held, None)
    status_bytes = _recv_exactly(conn, 4)
    if status_bytes is None:
        os.write(2, b"zero-engine: the warm server went away during the run\n")
        os._exit(SERVER_LOST)
    status = struct.unpack("!i", status_bytes)[0]
    if os.WIFSIGNALED(status):
        term = os.WTERMSIG(status)
        if term != signal.SIGKILL:  # SIGKILL cannot be caught, so needs no resetting (nor can it be)
            signal.signal(term, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [term])
        os.kill(os.getpid(), term)
        os._exit(128 + term)
    os._exit(os.waitstatus_to_exitcode(status))


if __name__ == "__main__":
    main()
