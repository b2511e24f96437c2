"""The Python caller of the extension fault matrix (tests/extension_fault_matrix.py).

    python tests/extension_fault_caller.py CASE

A program as a user writes it: a `ZeroClient` with a tool and a hook that misbehave the way
CASE says, run once. It prints one JSON line (what the user saw) and exits; the matrix sends
it signals and checks what is left. Its environment is the run's (the matrix built it):
ZERO_FAULT_BIN the binary, ZERO_FAULT_WS the workspace, ZERO_FAULT_MARKS a file where the tool
and hook note `started` and `cancelled`, ZERO_FAULT_TOTAL the total timeout in seconds, and the
model's OPENAI_* variables. The TypeScript and Go callers do the same in their languages.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time

from zero_client import (
    Hooks,
    RunResult,
    Timeouts,
    ToolUse,
    ZeroClient,
    ZeroError,
    ZeroProcessError,
    ZeroTimeoutError,
    tool,
)

MARKS = os.environ["ZERO_FAULT_MARKS"]


def mark(what: str) -> None:
    with open(MARKS, "a") as marks:
        marks.write(what + "\n")


@tool
def fail() -> str:
    """Fails."""
    raise RuntimeError("exploded on purpose")


@tool
def panic() -> str:
    """Exits the interpreter, or tries to."""
    raise SystemExit(3)


@tool
def hang() -> str:
    """Never returns, and cannot be cancelled (a sync function)."""
    mark("started")
    time.sleep(600)
    return "never"


@tool
async def wait() -> str:
    """Waits until the run ends (an async function: cancelled then)."""
    mark("started")
    try:
        await asyncio.sleep(600)
    except asyncio.CancelledError:
        mark("cancelled")
        raise
    return "never"


def raising_guard(call: ToolUse) -> None:
    raise ValueError("policy store unreachable")


def hanging_guard(call: ToolUse) -> None:
    mark("started")
    time.sleep(600)


def main(case: str) -> int:
    hooks = None
    if case == "hook_fails":
        hooks = Hooks(before_tool=raising_guard)
    elif case == "hook_hangs_timeout":
        hooks = Hooks(before_tool=hanging_guard)
    client = ZeroClient(
        os.environ["ZERO_FAULT_BIN"],
        cwd=os.environ["ZERO_FAULT_WS"],
        tools=[fail, panic, hang, wait],
        hooks=hooks,
        timeouts=Timeouts(total=float(os.environ["ZERO_FAULT_TOTAL"]), grace=2),
    )
    seen: dict[str, object] = {"outcome": "success", "status": None, "tool": None, "hook_errors": 0}
    result: RunResult | None
    try:
        result = client.run("go")
    except ZeroTimeoutError as exc:
        seen["outcome"] = "timeout"
        result = exc.result
    except ZeroProcessError as exc:
        seen["outcome"] = f"process(signal={exc.signal})" if exc.signal else f"process(exit={exc.exit_code})"
        result = exc.result
    except ZeroError as exc:
        seen["outcome"] = type(exc).__name__
        result = exc.result
    except KeyboardInterrupt:  # Ctrl-C: the run was shut down before this reached us
        print(json.dumps({**seen, "outcome": "interrupted"}), flush=True)
        return 130
    if result is not None:
        seen["status"] = result.status
        seen["tool"] = result.tool_calls[0].status if result.tool_calls else None
        seen["hook_errors"] = len(result.hook_errors)
    print(json.dumps(seen), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
