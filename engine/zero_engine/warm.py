"""A warm zero-engine: a server that imports the engine once and forks a child per run.

    python -m zero_engine.warm SOCKET ENGINE      # serve until SIGTERM/SIGINT
    python -I -S .../zero_engine/warm_launch.py SOCKET ENGINE exec ...   # one run (see there)

A fresh `zero-engine` process spends most of its life importing (~60-80 ms before `run_start`,
against ~20 ms for the real binary). The testing kit (`zero_client.testing`, `engine_command`)
starts one server per test session and runs the engine through the launcher, which costs a
`python -I -S` start (~10 ms) instead. Outside the kit a fresh process is what users get.

Isolation: each run is a child forked from the server, which has only imported modules (no engine
code has run, no thread was started), so nothing of one run is visible to the next. The child
takes the caller's stdin/stdout/stderr, working directory (an fd, so a renamed directory is still
the same), environment (the whole of it, replacing the server's), umask, signal mask and ignored
signals, then resets every other handler to what a fresh Python has, starts a session of its own
(its tools' processes live in it), and ends with `os._exit` after what a fresh interpreter does at
exit (joining non-daemon threads, atexit handlers, flushing). The server kills the child's process
group when the run ends (as the client does for a fresh process when it shuts the run down) or
when the launcher dies (the caller SIGKILLed it).

The server declines a request (the launcher then runs the engine fresh) when the run's
interpreter-level environment differs from the server's: PYTHON* variables and the locale
variables decide how Python itself starts (paths, I/O encodings), which a fork cannot redo.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import json
import os
import selectors
import signal
import socket
import struct
import sys
import traceback
from collections.abc import Callable
from pathlib import Path

#: The modules a run imports (a scripted or an OpenAI-compatible one), imported by the server
#: before it forks anything.
PREIMPORT = (
    "zero_engine.cli",
    "zero_engine.execrun",
    "zero_engine.loop",
    "zero_engine.streaminput",
    "zero_engine.session_sink",
    "zero_engine.images",
    "zero_engine.tools.registry",
    "zero_engine.tools.process_sandbox",
    "zero_engine.providers.scripted",
    "zero_engine.providers.openai_compat",
    # Imported lazily by the run itself (execrun's `git status` of the workspace): ~20 ms a run.
    "shutil",
    "subprocess",
)
#: What a child runs: the `zero-engine` console script's function (`--main` names another, for
#: the tests of the isolation itself).
DEFAULT_MAIN = "zero_engine.cli:main"
#: Where the launcher is (run it with `python -I -S`).
LAUNCHER = Path(__file__).with_name("warm_launch.py")
#: Applied in the child (`sys.dont_write_bytecode`), so they need not match the server's.
_APPLIED_VARS = ("PYTHONDONTWRITEBYTECODE",)
_MAX_REQUEST = 16 << 20
_PR_SET_PDEATHSIG = 1


def interpreter_env(env: dict[str, str]) -> dict[str, str]:
    """The variables that shape the interpreter's own start-up (a fork inherits the server's)."""
    return {k: v for k, v in env.items() if k.startswith("PYTHON") and k not in _APPLIED_VARS}


def io_encodings() -> list[str | None]:
    """What the locale decided at start-up: standard streams' and file names' encodings."""
    return [
        getattr(sys.stdout, "encoding", None), getattr(sys.stdout, "errors", None),
        getattr(sys.stdin, "errors", None), sys.getfilesystemencoding(), sys.getfilesystemencodeerrors(),
    ]  # fmt: skip


def decline_reason(
    request: dict[str, object], server_env: dict[str, str], server_io: list[str | None]
) -> str | None:
    """Why a run must start fresh instead of from this server; None when it need not. A fork
    cannot redo the interpreter's start-up, which PYTHON* variables (paths, flags) and the
    locale (the encodings the launcher, a Python too, reports) decide."""
    env = request.get("env")
    if not isinstance(env, dict):
        return "no environment"
    if interpreter_env(env) != interpreter_env(server_env):
        return "PYTHON* variables differ from the server's"
    if request.get("io") != server_io:
        return "the locale's encodings differ from the server's"
    return None


def _recv_request(conn: socket.socket) -> tuple[dict[str, object], list[int]]:
    fds: list[int] = []
    data, ancdata, _flags, _addr = conn.recvmsg(1 << 16, socket.CMSG_SPACE(4 * 8))
    for level, kind, payload in ancdata:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.extend(struct.unpack(f"{len(payload) // 4}i", payload[: len(payload) - len(payload) % 4]))
    if len(data) < 4:
        raise ValueError("short request")
    size = struct.unpack("!I", data[:4])[0]
    if size > _MAX_REQUEST:
        raise ValueError("request too large")
    body = data[4:]
    while len(body) < size:
        chunk = conn.recv(size - len(body))
        if not chunk:
            raise ValueError("truncated request")
        body += chunk
    return json.loads(body), fds


def _std_stream(fd: int, like: object, *, write: bool) -> io.TextIOWrapper:
    """A standard stream as a fresh interpreter makes it for `fd` (encoding as the server's)."""
    buffered = open(fd, "wb" if write else "rb", closefd=False)  # noqa: SIM115
    line_buffering = fd == 2 or (fd == 1 and os.isatty(fd))
    return io.TextIOWrapper(
        buffered,
        encoding=getattr(like, "encoding", None),
        errors=getattr(like, "errors", None),
        line_buffering=line_buffering,
    )


def _reset_signals(ignored: list[int], mask: list[int]) -> None:
    for valid in signal.valid_signals():
        sig = int(valid)
        if sig in (signal.SIGKILL, signal.SIGSTOP):
            continue
        with contextlib.suppress(OSError, ValueError):
            signal.signal(sig, signal.SIG_DFL)
    # What CPython sets at start-up, unless the signal was ignored when it started.
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    if signal.SIGINT not in ignored:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    for sig in ignored:
        with contextlib.suppress(OSError, ValueError):
            signal.signal(sig, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _entry_point(spec: str) -> Callable[[list[str]], int]:
    module, _, function = spec.partition(":")
    import importlib

    entry: Callable[[list[str]], int] = getattr(importlib.import_module(module), function)
    return entry


def _exit_code(exc: SystemExit) -> int:
    code = exc.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    with contextlib.suppress(Exception):
        print(code, file=sys.stderr)
    return 1


def _run_child(request: dict[str, object], fds: list[int], go: int) -> None:
    """In the forked child: become the run, run it, exit. Never returns."""
    code = 1
    try:
        # A session of our own first (so the launcher can signal our group as soon as it knows
        # our pid), then wait for the server's go: it has told the launcher that pid.
        os.setsid()
        os.write(go, b"r")
        if os.read(go, 1) != b"g":
            os._exit(1)
        os.close(go)
        stdin, stdout, stderr, cwd = fds
        for target, fd in ((0, stdin), (1, stdout), (2, stderr)):
            os.dup2(fd, target)
        for fd in (stdin, stdout, stderr):
            if fd > 2:
                os.close(fd)
        os.fchdir(cwd)
        os.close(cwd)
        os.umask(int(request["umask"]))  # type: ignore[call-overload]
        env = request["env"]
        assert isinstance(env, dict)
        os.environ.clear()
        os.environ.update(env)
        sys.dont_write_bytecode = bool(env.get("PYTHONDONTWRITEBYTECODE"))
        with contextlib.suppress(Exception):  # as the interpreter does at start-up, from this env
            import locale

            locale.setlocale(locale.LC_CTYPE, "")
        engine = str(request["engine"])
        args = [str(a) for a in request["args"]]  # type: ignore[attr-defined]
        sys.argv = [engine, *args]
        # sys.__stdin__ & co. are what a fresh interpreter made too (`setattr`: typeshed calls them final).
        for name, fd in (("stdin", 0), ("stdout", 1), ("stderr", 2)):
            stream = _std_stream(fd, getattr(sys, f"__{name}__"), write=fd != 0)
            setattr(sys, name, stream)
            setattr(sys, f"__{name}__", stream)
        _reset_signals(list(request["ignored"]), list(request["mask"]))  # type: ignore[call-overload]
        main = _entry_point(str(request.get("main") or DEFAULT_MAIN))
        try:
            code = main(args) & 0xFF
        except SystemExit as exc:
            code = _exit_code(exc)
        except KeyboardInterrupt:
            # As a fresh interpreter ends on an uncaught KeyboardInterrupt: the traceback, then
            # death by SIGINT.
            _print_traceback()
            _finish()
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGINT)
        except BaseException:  # as the interpreter does: traceback, status 1
            _print_traceback()
            code = 1
        _finish()
    except BaseException:  # the child must never return into the server's loop
        with contextlib.suppress(BaseException):
            traceback.print_exc()
    os._exit(code)


def _print_traceback() -> None:
    """The traceback of the exception being handled, from the entry point down (this module's
    own frame left out, as a fresh process's has no such frame)."""
    kind, exc, tb = sys.exc_info()
    with contextlib.suppress(BaseException):
        traceback.print_exception(kind, exc, tb.tb_next if tb is not None else None)


def _finish() -> None:
    """What a fresh interpreter does at exit: join non-daemon threads, run atexit, flush."""
    import threading

    with contextlib.suppress(BaseException):
        threading._shutdown()  # type: ignore[attr-defined]
    with contextlib.suppress(BaseException):
        atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(BaseException):
            stream.flush()


def _die_with_parent() -> None:
    """Linux: the child is SIGKILLed if the server dies (a run never outlives its server)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


class Server:
    """One listening socket; a child per request; the launcher's connection carries the status."""

    def __init__(self, socket_path: str, main: str = DEFAULT_MAIN, *, remove_dir: bool = False) -> None:
        self.socket_path = socket_path
        self.main = main
        self.remove_dir = remove_dir
        self.parent = os.getppid()
        self.env = dict(os.environ)
        self.io = io_encodings()
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(socket_path)
        os.chmod(socket_path, 0o600)
        self.listener.listen(64)
        self.runs: dict[int, socket.socket] = {}  # child pid -> launcher connection
        self.wake_r, self.wake_w = os.pipe()
        os.set_blocking(self.wake_w, False)
        self.stopping = False

    def serve(self) -> None:
        signal.set_wakeup_fd(self.wake_w)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        signal.signal(signal.SIGTERM, self._stop)
        signal.signal(signal.SIGINT, self._stop)
        selector = selectors.DefaultSelector()
        selector.register(self.listener, selectors.EVENT_READ, "accept")
        selector.register(self.wake_r, selectors.EVENT_READ, "wake")
        try:
            while not self.stopping:
                for key, _ in selector.select(timeout=1.0):
                    if key.data == "accept":
                        self._accept(selector)
                    elif key.data == "wake":
                        with contextlib.suppress(BlockingIOError, InterruptedError):
                            os.read(self.wake_r, 512)
                    else:  # a launcher's connection is readable: it died (it never writes again)
                        pid = key.data
                        selector.unregister(key.fileobj)
                        with contextlib.suppress(ProcessLookupError, PermissionError):
                            os.killpg(pid, signal.SIGKILL)
                self._reap(selector)
                if os.getppid() != self.parent:  # whoever started us is gone: so are we
                    self.stopping = True
        finally:
            for pid in list(self.runs):
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(pid, signal.SIGKILL)
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.socket_path)
            if self.remove_dir:  # WarmEngine's private directory, also when its owner died first
                with contextlib.suppress(OSError):
                    os.rmdir(os.path.dirname(self.socket_path))

    def _stop(self, *_: object) -> None:
        self.stopping = True

    def _accept(self, selector: selectors.BaseSelector) -> None:
        try:
            conn, _ = self.listener.accept()
        except OSError:
            return
        fds: list[int] = []
        try:
            conn.settimeout(10.0)
            request, fds = _recv_request(conn)
            if len(fds) != 4:
                raise ValueError(f"expected 4 file descriptors, got {len(fds)}")
            request["main"] = self.main
            if decline_reason(request, self.env, self.io) is not None:
                conn.sendall(struct.pack("!ii", 0, 0))
                conn.close()
                return
            go_parent, go_child = socket.socketpair()
            pid = os.fork()
            if pid == 0:
                go_parent.close()
                signal.set_wakeup_fd(-1)
                selector.close()
                self.listener.close()
                os.close(self.wake_r)
                os.close(self.wake_w)
                for other in self.runs.values():
                    other.close()
                conn.close()
                _die_with_parent()
                _run_child(request, fds, go_child.detach())
            go_child.close()
            try:
                go_parent.settimeout(10.0)
                if go_parent.recv(1) != b"r":
                    raise OSError("the child did not start")
                conn.sendall(struct.pack("!ii", 1, pid))
                go_parent.sendall(b"g")
            except OSError:
                os.kill(pid, signal.SIGKILL)
                conn.close()
                return
            finally:
                go_parent.close()
            self.runs[pid] = conn
            conn.setblocking(False)
            selector.register(conn, selectors.EVENT_READ, pid)
        except (OSError, ValueError) as exc:
            with contextlib.suppress(OSError):
                os.write(2, f"zero-engine warm server: bad request: {exc}\n".encode())
            conn.close()
        finally:
            for fd in fds:
                with contextlib.suppress(OSError):
                    os.close(fd)

    def _reap(self, selector: selectors.BaseSelector) -> None:
        while self.runs:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            conn = self.runs.pop(pid, None)
            # What the client does for a fresh process once the run is over: end its group.
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGKILL)
            if conn is not None:
                with contextlib.suppress(KeyError, ValueError):
                    selector.unregister(conn)
                with contextlib.suppress(OSError):
                    conn.setblocking(True)
                    conn.sendall(struct.pack("!i", status))
                conn.close()


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    main_spec = DEFAULT_MAIN
    remove_dir = False
    while args and args[0].startswith("--"):
        option = args.pop(0)
        if option.startswith("--main="):
            main_spec = option.removeprefix("--main=")
        elif option == "--remove-dir":
            remove_dir = True
        else:
            print(f"zero_engine.warm: unknown option {option}", file=sys.stderr)
            return 2
    if len(args) != 2:
        print("usage: python -m zero_engine.warm [--main=MODULE:FUNCTION] [--remove-dir] SOCKET ENGINE",
              file=sys.stderr)  # fmt: skip
        return 2
    socket_path, engine = args
    # A fresh run of the console script ENGINE has its directory first on sys.path.
    sys.path[0] = os.path.dirname(os.path.realpath(engine))
    import importlib

    for name in PREIMPORT:
        importlib.import_module(name)
    _entry_point(main_spec)
    server = Server(socket_path, main_spec, remove_dir=remove_dir)
    os.write(1, b"ready\n")
    server.serve()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


#: The longest path a unix socket can be bound to (sun_path is 108 bytes with its NUL).
UNIX_PATH_MAX = 107


class WarmEngine:
    """A warm server for one caller (a test session, a batch): `start()`, `command()`, `stop()`.

    `command()` is the argv prefix of one run (the launcher), to use where `[engine]` would be.
    """

    def __init__(
        self,
        engine: str,
        *,
        env: dict[str, str] | None = None,
        directory: str | None = None,
        main: str = DEFAULT_MAIN,
    ) -> None:
        self.engine = engine
        self.main = main
        self.env = dict(os.environ if env is None else env)
        self.directory = directory
        self.socket_path: str | None = None
        self.process: object | None = None
        self._made: str | None = None

    def start(self, timeout: float = 30.0) -> None:
        """Starts the server and waits until it listens; raises OSError if it does not."""
        import subprocess
        import tempfile

        self._made = tempfile.mkdtemp(prefix="zero-warm-", dir=self.directory)
        if len(os.fsencode(os.path.join(self._made, "engine.sock"))) > UNIX_PATH_MAX:
            # A deep TMPDIR (pytest's tmp_path under a per-run TMPDIR) makes a socket path longer
            # than sockaddr_un holds; /tmp always fits. The directory is private (0700) either way.
            os.rmdir(self._made)
            self._made = tempfile.mkdtemp(prefix="zero-warm-", dir="/tmp")
        self.socket_path = os.path.join(self._made, "engine.sock")
        process = subprocess.Popen(
            [sys.executable, "-m", "zero_engine.warm", f"--main={self.main}", "--remove-dir",
             self.socket_path, self.engine],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=None, cwd=self._made, env=self.env,
            start_new_session=True,
        )  # fmt: skip
        self.process = process
        assert process.stdout is not None
        import selectors

        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ)
            ready = selector.select(timeout) and process.stdout.readline() == b"ready\n"
        process.stdout.close()
        if not ready:
            self.stop()
            raise OSError("the warm zero-engine server did not start")

    def command(self) -> list[str]:
        if self.socket_path is None:
            raise RuntimeError("WarmEngine.start() first")
        return [sys.executable, "-I", "-S", str(LAUNCHER), self.socket_path, self.engine]

    def stop(self) -> None:
        import shutil
        import subprocess

        process = self.process
        if isinstance(process, subprocess.Popen) and process.poll() is None:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.process = None
        if self._made is not None:
            shutil.rmtree(self._made, ignore_errors=True)
            self._made = None
        self.socket_path = None

    def __enter__(self) -> WarmEngine:
        self.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()
