"""A stand-in `main` for the warm engine's isolation tests (tests/test_warm_engine.py).

It reports what a run can see of its process (environment, cwd, umask, signal dispositions and
mask, threads, session, module state, stdin), then leaves state of every such kind behind, so a
second run from the same server shows whether any of it leaked. `ARGS` pick how it ends.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
import types

RUNS = {"count": 0}


def report() -> dict[str, object]:
    watched = (signal.SIGTERM, signal.SIGINT, signal.SIGUSR1, signal.SIGHUP, signal.SIGPIPE, signal.SIGCHLD)
    umask = os.umask(0)
    os.umask(umask)
    return {
        "runs_before": RUNS["count"],
        "env": dict(os.environ),
        "cwd": os.getcwd(),
        "umask": umask,
        "signals": {signal.Signals(s).name: repr(signal.getsignal(s)) for s in watched},
        "mask": sorted(int(s) for s in signal.pthread_sigmask(signal.SIG_BLOCK, ())),
        "threads": threading.active_count(),
        "own_session": os.getsid(0) == os.getpid(),
        "leftover_module": "warm_probe_leftover" in sys.modules,
        "argv_tail": sys.argv[1:],
        "stdout_line_buffered": sys.stdout.line_buffering,
        "stderr_line_buffered": sys.stderr.line_buffering,
        "encoding": sys.stdout.encoding,
    }


def leave_state_behind() -> None:
    RUNS["count"] += 1
    os.environ["WARM_PROBE_LEFTOVER"] = "1"
    os.umask(0o077)
    signal.signal(signal.SIGTERM, lambda *_: None)
    signal.signal(signal.SIGUSR1, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGUSR2])
    threading.Thread(target=time.sleep, args=(600,), daemon=True).start()
    sys.modules["warm_probe_leftover"] = types.ModuleType("warm_probe_leftover")
    os.chdir("/")


def main(args: list[str]) -> int:
    mode = args[0] if args else "report"
    if mode == "report":
        state = report()
        leave_state_behind()
        print(json.dumps(state, sort_keys=True))
        return 0
    if mode == "exit":
        return int(args[1])
    if mode == "sys-exit":
        sys.exit(args[1])
    if mode == "raise":
        raise RuntimeError("probe failure")
    if mode == "kill-self":
        os.kill(os.getpid(), getattr(signal, args[1]))
        time.sleep(5)
        return 99
    if mode == "stdin":
        data = sys.stdin.buffer.read()
        print(len(data), data.count(b"\n"))
        return 0
    if mode == "wait":  # prints its pid, then waits (SIGINT raises KeyboardInterrupt, as in Python)
        print(os.getpid(), flush=True)
        time.sleep(60)
        return 0
    return 64


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
