"""Runs in its own process: streams through ZeroClient and prints peak RSS as JSON.

    python bench/memory_child.py --huge-line BYTES | --stream-bytes BYTES [--version N]

`idle_kib` is VmRSS after the client is imported and configured (before the run starts);
`peak_kib` is VmHWM (ru_maxrss as a fallback) after the run. Events are dropped as they arrive,
the way a streaming consumer would.
"""

from __future__ import annotations

import argparse
import json
import resource
import shlex
import sys
import time
from pathlib import Path

from zero_client import Timeouts, ZeroClient

BENCH_DIR = Path(__file__).resolve().parent


def _status_kib(key: str) -> int | None:
    try:
        with open("/proc/self/status") as handle:
            for line in handle:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def main() -> int:
    parser = argparse.ArgumentParser()
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--huge-line", type=int)
    group.add_argument("--stream-bytes", type=int)
    parser.add_argument("--version", type=int, default=2)
    parser.add_argument("--max-seconds", type=float, default=0, help="stop the run after this long")
    args = parser.parse_args()
    what = (f"--huge-line {args.huge_line}" if args.huge_line is not None
            else f"--stream-bytes {args.stream_bytes}")
    generate = (f"{shlex.quote(sys.executable)} {shlex.quote(str(BENCH_DIR / 'corpus.py'))} "
                f"{what} --version {args.version}")
    client = ZeroClient([str(BENCH_DIR / "fake_zero")], env={"ZERO_BENCH_GENERATE": generate},
                        schema_version=args.version, timeouts=Timeouts(start=None, total=None))
    idle = _status_kib("VmRSS") or resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    count = 0
    longest = 0
    stopped = False
    with client.stream("bench", check=False) as stream:
        for event in stream:
            count += 1
            delta = getattr(event, "delta", None)
            if isinstance(delta, str):
                longest = max(longest, len(delta))
            del event, delta
            if args.max_seconds and count % 4096 == 0 and time.perf_counter() - started > args.max_seconds:
                stopped = True
                break
    seconds = time.perf_counter() - started
    peak = _status_kib("VmHWM") or resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"idle_kib": idle, "peak_kib": peak, "events": count, "seconds": seconds,
                      "longest_delta": longest, "stopped_early": stopped}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
