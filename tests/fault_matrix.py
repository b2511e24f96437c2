"""The client fault matrix: the Python client against a misbehaving `zero-engine` process.

Each case drives the real client (`ZeroClient` / `AsyncZeroClient`) against the engine running a
misbehaviour script (docs/scripted-provider.md) and checks, besides the typed outcome:
- it came within a bounded time;
- the engine process was reaped (no zombie), its process group is empty, a grandchild is gone;
- no file descriptor of this process was left open (/proc/self/fd before and after).

`python tests/fault_matrix.py` runs every case and prints the table; the pytest module
tests/test_adversarial_faults.py runs each case as a test (`-s` shows each row).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from adversarial_support import (
    ENGINE,
    SLOW,
    engine_env,
    fd_guard,
    group_members,
    proc_state,
    wait_gone,
    write_script,
)
from zero_client import (
    AsyncZeroClient,
    Timeouts,
    ZeroClient,
    ZeroError,
    ZeroProcessError,
    ZeroProviderError,
    ZeroTimeoutError,
)
from zero_client.events import RunStartEvent, TextEvent

MiB = 1024 * 1024
STDERR_FLOOD = 100 * MiB if SLOW else 10 * MiB
HUGE_LINE = 64 * MiB if SLOW else 8 * MiB
# tiny_writes writes each event line byte by byte (~85 bytes a line): 600 lines are ~50,000
# single-byte writes; the long mode sends 50,000 events (~4.5 million writes).
TINY_EVENTS = 50_000 if SLOW else 600


@dataclass
class Ctx:
    """What a case gets: a workspace, and a way to build clients and remember pids to check."""

    tmp: Path
    pids: list[int] = field(default_factory=list)
    grandchildren: list[int] = field(default_factory=list)
    pidfile: Path | None = None

    def script(self, *turns: list[dict[str, Any]]) -> Path:
        return write_script(self.tmp, list(turns))

    def env(self, turns: tuple[list[dict[str, Any]], ...]) -> dict[str, str]:
        return engine_env(self.tmp, 2, self.script(*turns))

    def ws(self) -> str:
        path = self.tmp / "ws"
        path.mkdir(exist_ok=True)
        return str(path)

    def client(
        self, *turns: list[dict[str, Any]], timeouts: Timeouts | None = None, command: list[str] | None = None
    ) -> ZeroClient:
        return ZeroClient(
            command or [ENGINE],
            self.ws(),
            self.env(turns),
            schema_version=2,
            timeouts=timeouts or Timeouts(start=20, total=60, grace=2),
        )

    def aclient(self, *turns: list[dict[str, Any]], timeouts: Timeouts | None = None) -> AsyncZeroClient:
        return AsyncZeroClient(
            [ENGINE],
            self.ws(),
            self.env(turns),
            schema_version=2,
            timeouts=timeouts or Timeouts(start=20, total=60, grace=2),
        )

    def spawn_child_step(self) -> dict[str, Any]:
        self.pidfile = self.tmp / "grandchild.pid"
        return {"misbehave": {"kind": "spawn_child", "pidfile": str(self.pidfile)}}


@dataclass
class Case:
    name: str
    expected: str
    run: Callable[[Ctx], str]  # returns the observed outcome; raises AssertionError if wrong
    bound: float  # seconds


@dataclass
class Row:
    case: str
    expected: str
    observed: str
    seconds: float
    bound: float
    reaped: bool
    group_left: list[int]
    grandchild_alive: bool
    fds_leaked: int
    error: str = ""

    @property
    def ok(self) -> bool:
        return (
            not self.error
            and self.seconds <= self.bound
            and self.reaped
            and not self.group_left
            and not self.grandchild_alive
            and self.fds_leaked == 0
        )


# --- helpers -----------------------------------------------------------------------------------


def describe(exc: BaseException | None) -> str:
    if exc is None:
        return "success"
    if isinstance(exc, ZeroTimeoutError):
        return f"ZeroTimeoutError({exc.timeout})"
    if isinstance(exc, ZeroProcessError):
        how = f"signal={exc.signal_name}" if exc.signal else f"exit={exc.exit_code}"
        return f"ZeroProcessError({how})"
    if isinstance(exc, ZeroError):
        return f"{type(exc).__name__}(exit={exc.exit_code})"
    return type(exc).__name__


def drain(
    client: ZeroClient, ctx: Ctx, on_event: Callable[[Any, Any], bool] | None = None
) -> tuple[list[Any], ZeroError | None]:
    """Iterates a run; `on_event(stream, event)` returning True stops (closing the stream)."""
    stream = client.stream("go")
    events: list[Any] = []
    error: ZeroError | None = None
    try:
        with stream:
            for event in stream:
                if stream.pid is not None and stream.pid not in ctx.pids:
                    ctx.pids.append(stream.pid)
                events.append(event)
                if on_event is not None and on_event(stream, event):
                    break
    except ZeroError as exc:
        error = exc
    if stream.pid is not None and stream.pid not in ctx.pids:
        ctx.pids.append(stream.pid)
    return events, error


def texts(events: list[Any]) -> list[str]:
    return [str(e.delta) for e in events if isinstance(e, TextEvent)]


# --- the cases ---------------------------------------------------------------------------------


def crash_before_run_start(ctx: Ctx) -> str:
    code = "import sys; sys.stderr.write('boom before run_start\\n'); sys.exit(1)"
    client = ctx.client(command=[sys.executable, "-c", code])
    events, error = drain(client, ctx)
    assert isinstance(error, ZeroProcessError) and error.exit_code == 1 and not events, error
    assert "boom before run_start" in error.stderr_tail
    return describe(error)


def pre_run_failure(ctx: Ctx) -> str:
    client = ctx.client()
    client.env_overrides["ZERO_SCRIPT"] = str(ctx.tmp / "missing.json")
    events, error = drain(client, ctx)
    assert isinstance(error, ZeroProviderError) and [e.type for e in events] == ["error", "run_end"], error
    return describe(error)


def crash_after_run_start(ctx: Ctx) -> str:
    events, error = drain(ctx.client([{"text": "hi"}, {"misbehave": {"kind": "exit", "code": 1}}]), ctx)
    assert isinstance(error, ZeroProcessError) and error.exit_code == 1, error
    assert [e.type for e in events] == ["run_start", "text"], events
    return describe(error)


def kill_self(ctx: Ctx) -> str:
    _events, error = drain(
        ctx.client([{"text": "hi"}, {"misbehave": {"kind": "kill_self", "signal": "KILL"}}]), ctx
    )
    assert isinstance(error, ZeroProcessError) and error.signal == signal.SIGKILL, error
    return describe(error)


def sigkill_from_outside(ctx: Ctx) -> str:
    def kill(stream: Any, event: Any) -> bool:
        if isinstance(event, TextEvent):
            os.kill(stream.pid, signal.SIGKILL)
        return False

    _events, error = drain(ctx.client([{"text": "hi"}, {"misbehave": {"kind": "hang"}}]), ctx, kill)
    assert isinstance(error, ZeroProcessError) and error.signal == signal.SIGKILL, error
    return describe(error)


def partial_line(ctx: Ctx) -> str:
    client = ctx.client([{"text": "whole"}, {"misbehave": {"kind": "partial_line"}}])
    stream = client.stream("go", check=False)
    with stream:
        events = list(stream)
    ctx.pids.append(stream.pid or 0)
    assert stream.result is not None
    error = stream.error
    assert isinstance(error, ZeroProcessError) and error.exit_code == 1, error
    assert texts(events) == ["whole"] and len(stream.result.protocol_errors) == 1, (
        stream.result.protocol_errors
    )
    return describe(error) + " +1 protocol issue"


def stderr_flood(ctx: Ctx) -> str:
    events, error = drain(
        ctx.client([{"misbehave": {"kind": "stderr_flood", "bytes": STDERR_FLOOD}}, {"text": "after"}]), ctx
    )
    assert error is None and texts(events) == ["after"], error
    return f"success ({STDERR_FLOOD // MiB} MiB stderr)"


def tiny_writes(ctx: Ctx) -> str:
    events, error = drain(ctx.client([{"misbehave": {"kind": "tiny_writes", "count": TINY_EVENTS}}]), ctx)
    assert error is None, error
    assert texts(events) == [str(i) for i in range(TINY_EVENTS)]
    return f"success ({TINY_EVENTS} events byte by byte)"


def huge_line(ctx: Ctx) -> str:
    events, error = drain(ctx.client([{"misbehave": {"kind": "huge_line", "bytes": HUGE_LINE}}]), ctx)
    assert error is None and [len(t) for t in texts(events)] == [HUGE_LINE], error
    return f"success ({HUGE_LINE // MiB} MiB line)"


def stalled(ctx: Ctx) -> str:
    client = ctx.client(
        [{"text": "hi"}, {"misbehave": {"kind": "hang"}}], timeouts=Timeouts(idle=1.0, grace=1.0)
    )
    _events, error = drain(client, ctx)
    assert isinstance(error, ZeroTimeoutError) and error.timeout == "idle", error
    return describe(error)


def ignores_sigterm(ctx: Ctx) -> str:
    turns: list[dict[str, Any]] = [
        {"misbehave": {"kind": "ignore_sigterm"}},
        {"text": "hi"},
        {"misbehave": {"kind": "hang"}},
    ]
    _events, error = drain(ctx.client(turns, timeouts=Timeouts(idle=1.0, grace=1.0)), ctx)
    assert isinstance(error, ZeroTimeoutError), error
    return describe(error) + " -> SIGKILL"


def grandchild_normal_exit(ctx: Ctx) -> str:
    events, error = drain(ctx.client([ctx.spawn_child_step(), {"text": "done"}]), ctx)
    assert error is None and texts(events) == ["done"], error
    return "success (grandchild holds the pipes)"


def grandchild_and_hang(ctx: Ctx) -> str:
    turns = [ctx.spawn_child_step(), {"text": "hi"}, {"misbehave": {"kind": "hang"}}]
    _events, error = drain(ctx.client(turns, timeouts=Timeouts(idle=1.0, grace=1.0)), ctx)
    assert isinstance(error, ZeroTimeoutError), error
    return describe(error)


def consumer_breaks(ctx: Ctx) -> str:
    turns: list[dict[str, Any]] = [
        {"text": "first"},
        {"misbehave": {"kind": "tiny_writes", "count": 100_000}},
    ]
    events, error = drain(ctx.client(turns), ctx, lambda s, e: isinstance(e, TextEvent))
    assert error is None and texts(events) == ["first"], error
    return "closed by break (with-block)"


def consumer_breaks_without_with(ctx: Ctx) -> str:
    client = ctx.client([{"text": "first"}, {"misbehave": {"kind": "hang"}}])
    stream = client.stream("go")
    for event in stream:
        if isinstance(event, TextEvent):
            break
    ctx.pids.append(stream.pid or 0)
    del stream, event  # the generator is finalized here (CPython refcounting)
    return "closed by garbage collection"


def slow_consumer(ctx: Ctx) -> str:
    chunk = "y" * 65536
    turns = [{"text": f"{i}:{chunk}"} for i in range(scale_count(200, 2000))]
    seen = 0

    def sleepy(stream: Any, event: Any) -> bool:
        nonlocal seen
        if isinstance(event, TextEvent):
            seen += 1
            if seen % 50 == 1:
                time.sleep(0.3)  # the engine keeps writing into a full pipe meanwhile
        return False

    events, error = drain(ctx.client(turns, timeouts=Timeouts(start=20, total=600, grace=2)), ctx, sleepy)
    assert error is None and [t.split(":")[0] for t in texts(events)] == [str(i) for i in range(len(turns))]
    return f"success ({len(turns)} x 64 KiB while sleeping)"


def scale_count(default: int, slow: int) -> int:
    return slow if SLOW else default


def cancel_before_start(ctx: Ctx) -> str:
    stream = ctx.client([{"text": "never"}]).stream("go")
    stream.close()
    iter(stream)
    stream.close()
    assert stream.pid is None
    return "no process started"


def big_prompt_client(ctx: Ctx, timeouts: Timeouts) -> tuple[ZeroClient, str]:
    return ctx.client([{"text": "ok"}], timeouts=timeouts), "x" * (64 * MiB)


def cancel_during_stdin_sync(ctx: Ctx) -> str:
    client, prompt = big_prompt_client(ctx, Timeouts(start=0.05, grace=1.0))
    stream = client.stream(prompt)
    error: ZeroError | None = None
    try:
        with stream:
            list(stream)
    except ZeroError as exc:
        error = exc
    ctx.pids.append(stream.pid or 0)
    assert isinstance(error, ZeroTimeoutError) and error.timeout == "start", error
    return describe(error)


def close_after_run_start(ctx: Ctx) -> str:
    def on(stream: Any, event: Any) -> bool:
        if isinstance(event, RunStartEvent):
            stream.close()
            return True
        return False

    events, error = drain(ctx.client([{"sleep": 30}, {"text": "late"}]), ctx, on)
    assert error is None and [e.type for e in events] == ["run_start"], error
    return "close() after run_start"


def close_mid_stream(ctx: Ctx) -> str:
    turns = [{"text": str(i)} for i in range(3)] + [{"misbehave": {"kind": "hang"}}]

    def on(stream: Any, event: Any) -> bool:
        if isinstance(event, TextEvent) and event.delta == "2":
            stream.close()
            return True
        return False

    events, error = drain(ctx.client(turns), ctx, on)
    assert error is None and texts(events) == ["0", "1", "2"], error
    return "close() mid-stream"


async def _async_cancel(ctx: Ctx, client: AsyncZeroClient, prompt: str, trigger: str) -> str:
    started = asyncio.Event()
    holder: dict[str, Any] = {}

    async def consume() -> None:
        stream = client.stream(prompt)
        holder["stream"] = stream
        async with stream:
            async for event in stream:
                if trigger == "run_start" and isinstance(event, RunStartEvent):
                    started.set()
                if trigger == "mid" and isinstance(event, TextEvent) and event.delta == "2":
                    started.set()

    task = asyncio.create_task(consume())
    if trigger == "stdin":
        await asyncio.sleep(0.05)
    else:
        await asyncio.wait_for(started.wait(), 20)
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        outcome = "CancelledError"
    else:
        outcome = "finished before the cancel"
    stream = holder["stream"]
    ctx.pids.append(stream.pid or 0)
    assert outcome == "CancelledError", outcome
    return f"task.cancel() -> {outcome}"


def async_cancel_during_stdin(ctx: Ctx) -> str:
    client = ctx.aclient([{"text": "ok"}])
    return asyncio.run(_async_cancel(ctx, client, "x" * (64 * MiB), "stdin"))


def async_cancel_after_run_start(ctx: Ctx) -> str:
    client = ctx.aclient([{"sleep": 30}])
    return asyncio.run(_async_cancel(ctx, client, "go", "run_start"))


def async_cancel_mid_stream(ctx: Ctx) -> str:
    turns = [{"text": str(i)} for i in range(3)] + [{"misbehave": {"kind": "hang"}}]
    return asyncio.run(_async_cancel(ctx, ctx.aclient(turns), "go", "mid"))


def async_break_flood(ctx: Ctx) -> str:
    async def go() -> str:
        turns: list[dict[str, Any]] = [
            {"text": "first"},
            {"misbehave": {"kind": "tiny_writes", "count": 100_000}},
        ]
        stream = ctx.aclient(turns).stream("go")
        async with stream:
            async for event in stream:
                if isinstance(event, TextEvent):
                    break
        ctx.pids.append(stream.pid or 0)
        return "async break (async with)"

    return asyncio.run(go())


def async_stalled(ctx: Ctx) -> str:
    async def go() -> str:
        client = ctx.aclient(
            [{"text": "hi"}, {"misbehave": {"kind": "hang"}}], timeouts=Timeouts(idle=1, grace=1)
        )
        stream = client.stream("go")
        try:
            async with stream:
                async for _ in stream:
                    pass
        except ZeroTimeoutError as exc:
            ctx.pids.append(stream.pid or 0)
            return describe(exc)
        raise AssertionError("no timeout")

    return asyncio.run(go())


CASES = [
    Case("crash before run_start", "ZeroProcessError(exit=1), 0 events", crash_before_run_start, 10),
    Case("pre-run failure (bad script)", "ZeroProviderError(exit=3)", pre_run_failure, 10),
    Case("crash after run_start", "ZeroProcessError(exit=1)", crash_after_run_start, 10),
    Case("engine SIGKILLs itself", "ZeroProcessError(signal=SIGKILL)", kill_self, 10),
    Case("SIGKILL of the engine", "ZeroProcessError(signal=SIGKILL)", sigkill_from_outside, 10),
    Case("line cut in half at exit", "ZeroProcessError(exit=1) +1 issue", partial_line, 10),
    Case(
        f"stderr flood {STDERR_FLOOD // MiB} MiB", "success, tail bounded", stderr_flood, 60 if SLOW else 20
    ),
    Case(f"tiny writes ({TINY_EVENTS} events)", "success, all events", tiny_writes, 240 if SLOW else 20),
    Case(f"{HUGE_LINE // MiB} MiB line", "success, exact delta", huge_line, 120 if SLOW else 30),
    Case("stalled process (idle 1s)", "ZeroTimeoutError(idle)", stalled, 8),
    Case("ignores SIGTERM", "ZeroTimeoutError, then SIGKILL", ignores_sigterm, 10),
    Case("grandchild, engine exits", "success, grandchild killed", grandchild_normal_exit, 10),
    Case("grandchild, engine hangs", "ZeroTimeoutError, both killed", grandchild_and_hang, 10),
    Case("consumer breaks during flood", "clean close", consumer_breaks, 10),
    Case("consumer breaks, no with", "clean close by GC", consumer_breaks_without_with, 10),
    Case("consumer sleeps, engine floods", "success, all events", slow_consumer, 90 if SLOW else 30),
    Case("cancel before start", "no process", cancel_before_start, 5),
    Case("cancel during stdin write (sync)", "ZeroTimeoutError(start)", cancel_during_stdin_sync, 10),
    Case("close() after run_start (sync)", "clean close", close_after_run_start, 10),
    Case("close() mid-stream (sync)", "clean close", close_mid_stream, 10),
    Case("cancel during stdin write (async)", "CancelledError", async_cancel_during_stdin, 10),
    Case("cancel after run_start (async)", "CancelledError", async_cancel_after_run_start, 10),
    Case("cancel mid-stream (async)", "CancelledError", async_cancel_mid_stream, 10),
    Case("async break during flood", "clean close", async_break_flood, 10),
    Case("stalled process (async, idle 1s)", "ZeroTimeoutError(idle)", async_stalled, 8),
]


def run_case(case: Case, tmp: Path) -> Row:
    ctx = Ctx(tmp)
    started = time.monotonic()
    observed, error = "", ""
    with fd_guard() as leaks:
        try:
            observed = case.run(ctx)
        except AssertionError as exc:
            error = f"wrong outcome: {exc}"
        except BaseException as exc:  # an untyped failure is a row, not a crash
            error = f"untyped {type(exc).__name__}: {exc}"
        seconds = time.monotonic() - started
        if ctx.pidfile is not None and ctx.pidfile.exists():
            ctx.grandchildren.append(int(ctx.pidfile.read_text()))
        pids = [pid for pid in ctx.pids if pid]
        reaped = all(proc_state(pid) is None for pid in pids)
        group_left = [p for pid in pids for p, state in group_members(pid) if state != "Z"]
        grandchild_alive = bool(wait_gone(ctx.grandchildren, within=2.0))
    return Row(
        case.name,
        case.expected,
        observed or "-",
        seconds,
        case.bound,
        reaped,
        group_left,
        grandchild_alive,
        len(leaks),
        error,
    )


def table(rows: list[Row]) -> str:
    header = ("case", "expected", "observed", "time", "reaped", "group", "grandchild", "fds", "ok")
    lines = [header] + [
        (
            r.case,
            r.expected,
            r.observed if not r.error else r.error[:60],
            f"{r.seconds:.2f}s/{r.bound:g}s",
            "yes" if r.reaped else "NO",
            "empty" if not r.group_left else str(r.group_left),
            "dead" if not r.grandchild_alive else "ALIVE",
            str(r.fds_leaked),
            "PASS" if r.ok else "FAIL",
        )
        for r in rows
    ]
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    out = [
        "| " + " | ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)) + " |"
        for line in lines
    ]
    out.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(out)


def main() -> int:
    rows = []
    for case in CASES:
        with tempfile.TemporaryDirectory(prefix="zero-fault-") as tmp:
            rows.append(run_case(case, Path(tmp)))
            print(
                f"{'PASS' if rows[-1].ok else 'FAIL'} {case.name}: {rows[-1].observed} {rows[-1].error}",
                file=sys.stderr,
            )
    print(table(rows))
    return 0 if all(r.ok for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
