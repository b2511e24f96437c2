"""32 runs at once, through AsyncZeroClient (asyncio.gather) and through threads (ZeroClient).

Every run has its own script whose text deltas, tool call ids and final answer carry the run's
index, so a mixed-up event is visible; every event of a run must carry that run's runId, the
runIds must be distinct, and each run's events must come in the script's order.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

from adversarial_support import ENGINE, engine_env, fd_guard, scale, wait_gone, write_script
from zero_client import AsyncZeroClient, RunResult, Timeouts, ZeroClient
from zero_client.events import OutputEvent

RUNS = scale(32, 128)
TIMEOUTS = Timeouts(start=60, total=120, grace=2)


def setup(tmp_path: Path, index: int) -> tuple[str, dict[str, str]]:
    home = tmp_path / f"run{index}"
    ws = home / "ws"
    ws.mkdir(parents=True)
    (ws / "own.txt").write_text(f"file of run {index}\n")
    turns: list[list[dict[str, Any]]] = [
        [
            {"text": f"r{index}-a "},
            {"sleep": 0.01 * (index % 5)},
            {"text": f"r{index}-b "},
            {"tool_call": {"id": f"call-{index}", "name": "read_file", "args": {"path": "own.txt"}}},
        ],
        [{"text": f"r{index}-c"}],
    ]
    return str(ws), engine_env(home, 2, write_script(home, turns))


def check(index: int, result: RunResult) -> None:
    assert result.ok, (index, result.error)
    run_ids = {event.run_id for event in result.events}
    assert run_ids == {result.run_id}, (index, run_ids)
    assert result.text == f"r{index}-a r{index}-b r{index}-c", (index, result.text)
    assert result.final == f"r{index}-c"
    (call,) = result.tool_calls
    assert (
        call.id == f"call-{index}" and call.status == "ok" and f"file of run {index}" in (call.output or "")
    )
    types = [event.type for event in result.events]
    assert types[0] == "run_start" and types[-2:] == ["final", "run_end"], types


def pids_of(results: list[Any]) -> list[int]:
    return [pid for pid in results if isinstance(pid, int)]


def test_32_async_runs_at_once(tmp_path: Path) -> None:
    configs = [setup(tmp_path, i) for i in range(RUNS)]
    pids: list[int] = []

    async def one(index: int) -> RunResult:
        ws, env = configs[index]
        stream = AsyncZeroClient([ENGINE], ws, env, schema_version=2, timeouts=TIMEOUTS).stream(
            "go", keep_events=True
        )
        async with stream:
            events = [event async for event in stream]
        pids.append(stream.pid or 0)
        assert stream.result is not None and len(events) == len(stream.result.events)
        assert not [e for e in events if not isinstance(e, OutputEvent)], "an event failed to decode"
        return stream.result

    async def all_runs() -> list[RunResult]:
        return await asyncio.gather(*(one(i) for i in range(RUNS)))

    with fd_guard() as leaks:
        results = asyncio.run(all_runs())
    for index, result in enumerate(results):
        check(index, result)
    assert len({r.run_id for r in results}) == RUNS
    assert not wait_gone(pids) and not leaks, leaks


def test_32_threaded_sync_runs_at_once(tmp_path: Path) -> None:
    configs = [setup(tmp_path, i) for i in range(RUNS)]
    results: dict[int, RunResult] = {}
    errors: list[BaseException] = []
    barrier = threading.Barrier(RUNS)

    def one(index: int) -> None:
        ws, env = configs[index]
        try:
            client = ZeroClient([ENGINE], ws, env, schema_version=2, timeouts=TIMEOUTS)
            barrier.wait(timeout=60)
            results[index] = client.run("go")
        except BaseException as exc:  # reported below, with the run's index
            errors.append(exc)

    with fd_guard() as leaks:
        threads = [threading.Thread(target=one, args=(i,)) for i in range(RUNS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=180)
    assert not errors, errors[:3]
    for index in range(RUNS):
        check(index, results[index])
    assert len({r.run_id for r in results.values()}) == RUNS
    assert not leaks, leaks
