"""End-to-end tests of ZeroClient and AsyncZeroClient against the real `zero-engine` process.

Every test runs for both schema versions and both clients (sync and asyncio); the engine runs the
scripted provider (docs/scripted-provider.md), including its misbehaviours.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from client_support import (
    ENGINE,
    engine_env,
    logged_invocations,
    logging_engine,
    make_client,
    process_alive,
    wait_until_dead,
    workspace,
    write_script,
)
from zero_client import (
    AsyncZeroClient,
    RunResult,
    Timeouts,
    ZeroClient,
    ZeroError,
    ZeroInterruptedError,
    ZeroNotExecutableError,
    ZeroNotFoundError,
    ZeroProcessError,
    ZeroProtocolError,
    ZeroProviderError,
    ZeroTimeoutError,
    ZeroUsageError,
    ZeroVersionError,
)
from zero_client._base import EventStruct
from zero_client.core import Event
from zero_client.events import RunEndEvent, RunStartEvent, TextEvent
from zero_client.process import RunHandle
from zero_client.versions import SUPPORTED_SCHEMA_VERSIONS
from zero_engine.execrun import ENGINE_SCHEMA_VERSIONS

MiB = 1024 * 1024

Turns = list[list[dict[str, Any]]]


# The schemaVersions zero-engine speaks (the engine is hand-written per version, on purpose); a
# version of schema/ it does not speak is named at the end of the run (tests/conftest.py).
ENGINE_VERSIONS = ENGINE_SCHEMA_VERSIONS


@pytest.fixture(params=ENGINE_VERSIONS, ids=[f"v{v}" for v in ENGINE_VERSIONS])
def version(request: pytest.FixtureRequest) -> int:
    return int(request.param)


@pytest.fixture(params=[False, True], ids=["sync", "async"])
def asynchronous(request: pytest.FixtureRequest) -> bool:
    return bool(request.param)


def run(client: ZeroClient | AsyncZeroClient, prompt: str = "go", *, check: bool = True) -> RunResult:
    """`client.run()` for either client."""
    if isinstance(client, AsyncZeroClient):
        return asyncio.run(client.run(prompt, check=check))
    return client.run(prompt, check=check)


def collect(client: ZeroClient | AsyncZeroClient, prompt: str = "go") -> list[Event]:
    """All events of `client.stream()` for either client."""
    if isinstance(client, AsyncZeroClient):

        async def gather() -> list[Event]:
            async with client.stream(prompt) as stream:
                return [event async for event in stream]

        return asyncio.run(gather())
    with client.stream(prompt) as stream:
        return list(stream)


# ------------------------------------------------------------------------------ normal runs


def test_plain_run_streams_typed_events_and_sums_up(tmp_path: Path, version: int, asynchronous: bool) -> None:
    turns: Turns = [[{"text": "Hel"}, {"text": "lo."}, {"usage": {"prompt": 12, "completion": 3}}]]
    client = make_client(tmp_path, turns, version, asynchronous=asynchronous)
    events = collect(client)
    # Whatever version the engine speaks, the client yields the version-neutral types.
    assert isinstance(events[0], RunStartEvent)
    assert isinstance(events[-1], RunEndEvent)
    assert [e.delta for e in events if e.type == "text"] == ["Hel", "lo."]
    assert all(e.type != "unknown" and e.original_schema_version == version for e in events)

    result = run(client)
    assert result.ok and result.status == "success" and result.exit_code == 0
    assert result.final_text == "Hello."
    assert (result.usage.prompt_tokens, result.usage.completion_tokens, result.usage.total_tokens) == (
        12,
        3,
        15,
    )
    assert result.run_id is not None and result.run_id.startswith("run_")
    assert result.session_id and result.schema_version == version
    assert result.stderr_tail == "" and result.protocol_errors == [] and result.error is None


def test_schema_version_is_detected_by_probe(tmp_path: Path, version: int, asynchronous: bool) -> None:
    client = make_client(tmp_path, [[{"text": "ok"}]], version, asynchronous=asynchronous, pin_version=False)
    if isinstance(client, AsyncZeroClient):
        detected = asyncio.run(client.detect_schema_version())
    else:
        detected = client.detect_schema_version()
    assert detected == version
    assert run(client).final_text == "ok"


def test_tool_calls_are_paired_with_permissions_and_results(
    tmp_path: Path, version: int, asynchronous: bool
) -> None:
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "notes.txt").write_text("remember the milk\n")
    turns: Turns = [
        [
            {"tool_call": {"id": "c1", "name": "read_file", "args": {"path": "notes.txt"}}},
            # A network command: refused before it runs, and harmless if it ran (a closed loopback port).
            {
                "tool_call": {
                    "id": "c2",
                    "name": "bash",
                    "args": {"command": "curl --max-time 1 http://127.0.0.1:9/"},
                }
            },
        ],
        [{"text": "Read it."}],
    ]
    result = run(make_client(tmp_path, turns, version, asynchronous=asynchronous))
    calls = {call.id: call for call in result.tool_calls}
    assert set(calls) == {"c1", "c2"}
    assert calls["c1"].name == "read_file" and calls["c1"].status == "ok"
    assert calls["c1"].output is not None and "remember the milk" in calls["c1"].output
    assert calls["c1"].args == {"path": "notes.txt"} and calls["c1"].side_effect == "read"
    # A network command is prompted (denied in the v1 era); headless zero has nobody to ask.
    assert calls["c2"].status == "error"
    assert calls["c2"].permissions, "a prompt-gated call must carry its permission event"
    assert calls["c2"].permission_action in ("prompt", "deny")
    assert all(p.id == "c2" for p in calls["c2"].permissions)
    assert result.final_text == "Read it."


# ------------------------------------------------------------------------------ failures reported by the run


def test_pre_run_usage_error_is_a_usage_error(tmp_path: Path, version: int, asynchronous: bool) -> None:
    client = make_client(tmp_path, [[{"text": "never"}]], version, asynchronous=asynchronous, auto="bogus")
    with pytest.raises(ZeroUsageError) as info:
        run(client)
    assert info.value.exit_code == 2 and not info.value.retryable
    assert info.value.result is not None and info.value.result.errors[0].code == "usage_error"
    returned = run(client, check=False)
    assert (
        returned.status == "error" and returned.exit_code == 2 and isinstance(returned.error, ZeroUsageError)
    )


def test_provider_error_is_retryable(tmp_path: Path, version: int, asynchronous: bool) -> None:
    turns: Turns = [[{"text": "Trying"}, {"error": "upstream exploded"}]]
    with pytest.raises(ZeroProviderError) as info:
        run(make_client(tmp_path, turns, version, asynchronous=asynchronous))
    assert info.value.retryable and info.value.exit_code == 3
    assert "upstream exploded" in str(info.value) and info.value.run_id is not None


def test_no_provider_is_not_retryable(
    tmp_path: Path, version: int, asynchronous: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The schema's x-zero-retry says provider_error is retryable only after run_start: "No
    provider configured" is found before the run, and retrying a misconfiguration cannot help."""
    for name in [n for n in os.environ if n.startswith(("OPENAI_", "ZERO_"))]:
        monkeypatch.delenv(name)
    with pytest.raises(ZeroProviderError, match="No provider configured") as info:
        run(make_client(tmp_path, None, version, asynchronous=asynchronous))
    assert info.value.exit_code == 3 and not info.value.retryable
    assert info.value.result is not None and not info.value.result.started


def stream_with_pids(
    client: ZeroClient | AsyncZeroClient, *, check: bool = True
) -> tuple[list[Event], int | None, RunHandle]:
    """The events of `client.stream()` for either client, the pid once started (before the
    first event), and the finished stream."""
    if isinstance(client, AsyncZeroClient):

        async def gather() -> tuple[list[Event], int | None, RunHandle]:
            async with client.stream("go", check=check) as stream:
                started = stream.pid
                return [event async for event in stream], started, stream

        return asyncio.run(gather())
    with client.stream("go", check=check) as stream:
        started = stream.pid
        return list(stream), started, stream


def test_a_preferred_version_the_binary_speaks_runs_without_a_probe(
    tmp_path: Path, version: int, asynchronous: bool
) -> None:
    command, log = logging_engine(tmp_path)
    client = make_client(tmp_path, [[{"text": "ok"}]], version, asynchronous=asynchronous, command=command)
    assert run(client).final_text == "ok" and run(client).final_text == "ok"
    assert logged_invocations(log) == [f"run v{version}"] * 2


def test_a_preferred_version_the_binary_refuses_restarts_the_run_once_in_its_version(
    tmp_path: Path, version: int, asynchronous: bool
) -> None:
    """The binary speaks `version`, the client prefers the other one: the refused attempt is
    invisible (no error event, no second run_start), the run is the binary's version, and the
    next runs (also of a new client of the same configuration) go straight to it."""
    other = next(v for v in ENGINE_VERSIONS if v != version)
    command, log = logging_engine(tmp_path)
    turns: Turns = [[{"text": "ok"}]]
    client = make_client(
        tmp_path, turns, version, asynchronous=asynchronous, schema_version=other, command=command
    )
    events, first_pid, stream = stream_with_pids(client)
    assert [e.type for e in events][:1] == ["run_start"] and [e.type for e in events][-1] == "run_end"
    assert [e.type for e in events].count("run_start") == 1 and not any(e.type == "error" for e in events)
    assert all(isinstance(e, EventStruct) and e.original_schema_version == version for e in events)
    assert stream.error is None and stream.result is not None and stream.result.ok
    assert stream.result.schema_version == version
    assert first_pid is not None and stream.pid is not None and stream.pid != first_pid  # the restart's
    assert logged_invocations(log) == [f"run v{other}", f"run v{version}"]
    assert run(client).final_text == "ok"
    again = make_client(
        tmp_path, turns, version, asynchronous=asynchronous, schema_version=other, command=command
    )
    assert run(again).final_text == "ok"
    assert logged_invocations(log) == [
        f"run v{other}",
        f"run v{version}",
        f"run v{version}",
        f"run v{version}",
    ]


def test_a_binary_version_the_cache_knows_wins_over_the_preferred_one(
    tmp_path: Path, version: int, asynchronous: bool
) -> None:
    other = next(v for v in ENGINE_VERSIONS if v != version)
    command, log = logging_engine(tmp_path)
    client = make_client(
        tmp_path,
        [[{"text": "ok"}]],
        version,
        asynchronous=asynchronous,
        schema_version=other,
        command=command,
    )
    if isinstance(client, AsyncZeroClient):  # a preferred version is not taken for the binary's
        assert asyncio.run(client.detect_schema_version()) == version
    else:
        assert client.detect_schema_version() == version
    assert run(client).schema_version == version
    assert logged_invocations(log) == ["probe", f"run v{version}"]


def test_a_cached_version_gone_stale_is_followed(tmp_path: Path, asynchronous: bool) -> None:
    """The binary is replaced by one of another version after the probe: the next run is refused
    in the cached version and restarted once in the new one, without probing again."""
    speaks = tmp_path / "speaks"
    speaks.write_text("2")
    command, log = logging_engine(tmp_path, speaks)
    client = make_client(
        tmp_path, [[{"text": "ok"}]], 2, asynchronous=asynchronous, pin_version=False, command=command
    )
    assert run(client).schema_version == 2
    speaks.write_text("1")
    result = run(client)
    assert result.ok and result.schema_version == 1 and result.final_text == "ok"
    assert logged_invocations(log) == ["probe", "run v2", "run v2", "run v1"]


def test_a_required_version_the_binary_refuses_is_a_version_error(
    tmp_path: Path, version: int, asynchronous: bool
) -> None:
    other = next(v for v in ENGINE_VERSIONS if v != version)
    command, log = logging_engine(tmp_path)
    client = make_client(
        tmp_path,
        [[{"text": "x"}]],
        version,
        asynchronous=asynchronous,
        schema_version=other,
        require_schema_version=True,
        command=command,
    )
    with pytest.raises(ZeroVersionError, match=f"schemaVersion must be {version}") as info:
        run(client)
    assert info.value.exit_code == 2
    assert logged_invocations(log) == [f"run v{other}"]  # no restart, no probe
    if isinstance(client, AsyncZeroClient):
        assert asyncio.run(client.detect_schema_version()) == other  # required: not probed
    else:
        assert client.detect_schema_version() == other
    cls = AsyncZeroClient if asynchronous else ZeroClient
    with pytest.raises(ZeroVersionError, match="not supported"):
        cls([ENGINE], schema_version=max(SUPPORTED_SCHEMA_VERSIONS) + 1)
    with pytest.raises(ZeroVersionError, match="needs the schema_version"):
        cls([ENGINE], require_schema_version=True)


def test_a_binary_of_a_version_the_client_does_not_support_is_a_version_error(
    tmp_path: Path, asynchronous: bool
) -> None:
    """A stand-in binary speaking a future version refuses the preferred version as Zero does:
    the run fails with a ZeroVersionError naming that version and the supported ones, no event
    reaches the caller, and nothing is cached (the next run is refused the same way)."""
    future = max(SUPPORTED_SCHEMA_VERSIONS) + 1
    fake = tmp_path / "zero-future"
    run_id = "run_20260101000000_abc123"
    message = f"Invalid stream-json input at line 1: schemaVersion must be {future}"
    error = {"code": "usage_error", "message": message, "recoverable": False, "type": "error"}
    run_end = {"exitCode": 2, "status": "error", "type": "run_end"}
    refusal = [{**event, "runId": run_id, "schemaVersion": future} for event in (error, run_end)]
    lines = "".join(f"echo '{json.dumps(event)}'\n" for event in refusal)
    fake.write_text(f"#!/bin/sh\ncat >/dev/null\n{lines}exit 2\n")
    fake.chmod(0o755)
    cls = AsyncZeroClient if asynchronous else ZeroClient
    client = cls([str(fake)], str(tmp_path), schema_version=2, timeouts=Timeouts(start=30, total=60, grace=2))
    supported = ", ".join(map(str, SUPPORTED_SCHEMA_VERSIONS))
    expected = rf"schemaVersion {future} \(spoken by {fake}\) is not supported by this client"
    expected += rf" \(supported: {supported}\)"
    for _ in range(2):
        with pytest.raises(ZeroVersionError, match=expected) as info:
            run(client)
        assert info.value.exit_code == 2 and info.value.result is not None
        assert info.value.result.errors[0].code == "usage_error"
    events, _, stream = stream_with_pids(client, check=False)
    assert events == [] and isinstance(stream.error, ZeroVersionError)
    assert stream.result is not None and stream.result.error is stream.error


# ------------------------------------------------------------------------------ misbehaving processes


@pytest.mark.parametrize(
    ("step", "exit_code", "signal"),
    [({"kind": "exit", "code": 1}, 1, None), ({"kind": "kill_self", "signal": "KILL"}, None, 9)],
    ids=["exit", "killed"],
)
def test_death_without_run_end_is_a_process_error(
    tmp_path: Path,
    version: int,
    asynchronous: bool,
    step: dict[str, Any],
    exit_code: int | None,
    signal: int | None,
) -> None:
    turns: Turns = [[{"text": "about to die"}, {"misbehave": step}]]
    with pytest.raises(ZeroProcessError) as info:
        run(make_client(tmp_path, turns, version, asynchronous=asynchronous))
    error = info.value
    assert error.exit_code == exit_code and error.signal == signal
    assert "without a run_end" in str(error)
    assert error.result is not None and not error.result.ended


def test_partial_last_line_is_reported_and_the_run_fails(
    tmp_path: Path, version: int, asynchronous: bool
) -> None:
    turns: Turns = [[{"misbehave": {"kind": "partial_line"}}]]
    result = run(make_client(tmp_path, turns, version, asynchronous=asynchronous), check=False)
    assert isinstance(result.error, ZeroProcessError) and result.error.exit_code == 1
    assert len(result.protocol_errors) == 1 and result.protocol_errors[0].kind == "invalid_json"


def test_non_json_line_is_reported_with_its_line_number(
    tmp_path: Path, version: int, asynchronous: bool
) -> None:
    turns: Turns = [[{"text": "a"}, {"misbehave": {"kind": "garbage", "line": "oops {"}}, {"text": "b"}]]
    result = run(make_client(tmp_path, turns, version, asynchronous=asynchronous))
    assert result.ok and result.final_text == "ab"
    [issue] = result.protocol_errors
    assert issue.excerpt == "oops {"
    assert issue.line_number == 3  # run_start, text "a", then the garbage

    strict = make_client(tmp_path, turns, version, asynchronous=asynchronous, decode_mode="strict")
    with pytest.raises(ZeroProtocolError) as info:
        run(strict)
    assert info.value.line_number == 3


def test_huge_line_and_many_tiny_writes(tmp_path: Path, version: int, asynchronous: bool) -> None:
    turns: Turns = [
        [
            {"misbehave": {"kind": "tiny_writes", "count": 20}},
            {"misbehave": {"kind": "huge_line", "bytes": 8 * MiB}},
            {"text": "end"},
        ]
    ]
    result = run(make_client(tmp_path, turns, version, asynchronous=asynchronous))
    assert result.ok
    assert result.text == "".join(map(str, range(20))) + "x" * (8 * MiB) + "end"


def test_stderr_flood_does_not_hang_and_is_kept_bounded(
    tmp_path: Path, version: int, asynchronous: bool
) -> None:
    turns: Turns = [
        [{"text": "loud"}, {"misbehave": {"kind": "stderr_flood", "bytes": 10_000_000}}, {"error": "x"}]
    ]
    client = make_client(tmp_path, turns, version, asynchronous=asynchronous, stderr_tail_bytes=4096)
    result = run(client, check=False)
    assert isinstance(result.error, ZeroProviderError)
    assert result.stderr_tail == "e" * 4096
    assert result.error.stderr_tail == result.stderr_tail


def test_big_input_is_written_without_deadlock(tmp_path: Path, version: int, asynchronous: bool) -> None:
    client = make_client(tmp_path, [[{"text": "read it"}]], version, asynchronous=asynchronous)
    result = run(client, "y" * (6 * MiB))
    assert result.ok and result.final_text == "read it"


# ------------------------------------------------------------------------------ timeouts and cleanup


@pytest.mark.parametrize("which", ["idle", "total"])
def test_timeouts_end_the_process_group(tmp_path: Path, version: int, asynchronous: bool, which: str) -> None:
    pidfile = tmp_path / "child.pid"
    turns: Turns = [[{"text": "hi"}, {"misbehave": {"kind": "spawn_child", "pidfile": str(pidfile)}}]]
    turns[0].append({"misbehave": {"kind": "hang"}})
    limits = {"idle": Timeouts(idle=1.0, total=60, grace=1), "total": Timeouts(total=1.5, grace=1)}[which]
    with pytest.raises(ZeroTimeoutError) as info:
        run(make_client(tmp_path, turns, version, asynchronous=asynchronous, timeouts=limits))
    assert info.value.timeout == which and info.value.retryable
    assert info.value.result is not None and info.value.result.text == "hi"
    assert wait_until_dead(int(pidfile.read_text()))


def is_text(event: Event) -> bool:
    return isinstance(event, TextEvent)


@dataclass
class Cancelled:
    """What a cancelled run left: the engine's pid, and (when the stream is still reachable)
    the run's error and status."""

    pid: int
    error: ZeroError | None = None
    status: str | None = None
    observed: bool = False  # False when the stream was dropped, so its outcome is out of reach


def cancel_mid_run(client: ZeroClient | AsyncZeroClient, *, use_close: bool) -> Cancelled:
    """Starts a run and stops it after the first text event.

    use_close: break out of the loop and call close() (async: `async with`); otherwise break out
    and drop the stream (sync) or cancel the consuming task (async).
    """

    def seen(handle: RunHandle) -> Cancelled:
        assert handle.pid is not None and handle.result is not None
        return Cancelled(handle.pid, handle.error, handle.result.status, observed=True)

    if isinstance(client, AsyncZeroClient):

        async def by_close() -> Cancelled:
            async with client.stream("go") as stream:
                async for event in stream:
                    if is_text(event):
                        break
            return seen(stream)

        async def by_cancel() -> Cancelled:
            stream = client.stream("go")
            first_text = asyncio.Event()

            async def iterate() -> None:
                async for event in stream:
                    if is_text(event):
                        first_text.set()

            task = asyncio.create_task(iterate())
            await first_text.wait()
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            return seen(stream)

        return asyncio.run(by_close() if use_close else by_cancel())
    stream = client.stream("go")
    for event in stream:
        if is_text(event):
            break
    pid = stream.pid
    assert pid is not None
    if use_close:
        stream.close()
        return seen(stream)
    del stream, event  # the last reference to the generator: CPython closes it right here
    return Cancelled(pid)


@pytest.mark.parametrize("use_close", [False, True], ids=["break-or-cancel", "close"])
@pytest.mark.parametrize("ignore_sigterm", [False, True], ids=["polite", "ignores-sigterm"])
def test_stopping_early_ends_the_whole_process_group(
    tmp_path: Path, version: int, asynchronous: bool, use_close: bool, ignore_sigterm: bool
) -> None:
    """A cancel is an interrupt: the engine's own `interrupted` run_end is read during the grace
    period; one that ignores it is killed, and that is reported as the cancel's kill, never as a
    crash. Fails if the status or error type is wrong, or anything of the group survives."""
    pidfile = tmp_path / "child.pid"
    steps: list[dict[str, Any]] = [{"misbehave": {"kind": "spawn_child", "pidfile": str(pidfile)}}]
    if ignore_sigterm:
        steps.append({"misbehave": {"kind": "ignore_sigterm"}})
    steps += [{"text": "working"}, {"misbehave": {"kind": "hang"}}]
    client = make_client(tmp_path, [steps], version, asynchronous=asynchronous, timeouts=Timeouts(grace=0.5))
    cancelled = cancel_mid_run(client, use_close=use_close)
    # shutdown returns only after the engine was reaped and its group was SIGKILLed
    assert not process_alive(cancelled.pid)
    assert wait_until_dead(int(pidfile.read_text()))
    if cancelled.observed:
        assert isinstance(cancelled.error, ZeroInterruptedError), cancelled.error
        assert cancelled.status == "interrupted"
        assert ("killed (SIGKILL) after ignoring the cancel" in str(cancelled.error)) == ignore_sigterm


def test_a_client_killed_mid_run_takes_zero_with_it(tmp_path: Path) -> None:
    """SIGKILL the process that runs a client: the kernel ends its `zero exec` child too
    (PR_SET_PDEATHSIG), even when the run was started from a thread that has since ended.
    Fails if the child is still alive, reparented to init, seconds later."""
    script = write_script(tmp_path, [[{"text": "working"}, {"misbehave": {"kind": "hang"}}]])
    env = {**os.environ, **engine_env(tmp_path, script, 2)}
    driver = tmp_path / "driver.py"
    driver.write_text(
        "import sys, threading\n"
        "from zero_client import ZeroClient\n"
        f"client = ZeroClient([{ENGINE!r}], {str(workspace(tmp_path))!r}, schema_version=2)\n"
        "box = {}\n"
        "def start():\n"
        "    box['stream'] = stream = client.stream('go')\n"
        "    box['events'] = iter(stream)\n"
        "    next(box['events'])\n"
        "worker = threading.Thread(target=start)\n"
        "worker.start(); worker.join()  # the thread that started the run is gone\n"
        "print(box['stream'].pid, flush=True)\n"
        "for event in box['events']:\n"
        "    pass\n"
    )
    parent = subprocess.Popen([sys.executable, str(driver)], env=env, stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    assert process_alive(child)
    parent.kill()
    parent.wait()
    assert wait_until_dead(child), f"zero exec (pid {child}) outlived its client"


# ------------------------------------------------------------------------------ missing binaries


def test_missing_and_non_executable_binaries_are_typed_errors(tmp_path: Path, asynchronous: bool) -> None:
    cls = AsyncZeroClient if asynchronous else ZeroClient
    with pytest.raises(ZeroNotFoundError, match="was not found"):
        cls([str(tmp_path / "no-zero-here")])
    plain = tmp_path / "zero"
    plain.write_text("#!/bin/sh\necho hi\n")
    plain.chmod(0o644)
    with pytest.raises(ZeroNotExecutableError, match="not executable"):
        cls(str(plain))
    with pytest.raises(ZeroError):
        cls([str(tmp_path)])


@pytest.mark.parametrize(
    ("script", "which"),
    [("sleep 30", "start"), ("cat >/dev/null; sleep 30", "first_event")],
    ids=["never-reads-stdin", "never-writes"],
)
def test_start_and_first_event_timeouts(tmp_path: Path, asynchronous: bool, script: str, which: str) -> None:
    # A stand-in binary: `sh -c SCRIPT exec --input-format ...` (the exec args become $0, $1, ...).
    cls = AsyncZeroClient if asynchronous else ZeroClient
    limits = Timeouts(start=0.5, first_event=1.0, total=30, grace=0.5)
    client = cls(["sh", "-c", script], str(tmp_path), schema_version=2, timeouts=limits)
    with pytest.raises(ZeroTimeoutError) as info:
        run(client, "z" * (4 * MiB))  # bigger than any pipe buffer: unread stdin blocks the writer
    assert info.value.timeout == which
    assert info.value.result is not None and info.value.result.events == []


def test_stream_raises_the_runs_error_after_its_events(
    tmp_path: Path, version: int, asynchronous: bool
) -> None:
    client = make_client(
        tmp_path, [[{"text": "so far"}, {"error": "boom"}]], version, asynchronous=asynchronous
    )
    seen: list[Event] = []

    async def consume_async() -> None:
        assert isinstance(client, AsyncZeroClient)
        async with client.stream("go") as stream:
            async for event in stream:
                seen.append(event)

    with pytest.raises(ZeroProviderError):
        if isinstance(client, AsyncZeroClient):
            asyncio.run(consume_async())
        else:
            with client.stream("go") as stream:
                seen.extend(stream)
    assert [type(e).__name__ for e in seen][-2:] == ["ErrorEvent", "RunEndEvent"]


def test_pid_is_known_on_entering_the_stream_and_close_without_iterating_ends_it(
    tmp_path: Path, asynchronous: bool
) -> None:
    """Fails if `pid` is None inside the `with` block before the first event, or if a run that
    was entered but never iterated is left running."""
    client = make_client(tmp_path, [[{"text": "hi"}, {"misbehave": {"kind": "hang"}}]], 2,
                         asynchronous=asynchronous, timeouts=Timeouts(grace=0.5))  # fmt: skip
    if isinstance(client, AsyncZeroClient):

        async def enter() -> int | None:
            async with client.stream("go") as stream:
                pid = stream.pid
                assert pid is not None and process_alive(pid)
            return pid

        pid = asyncio.run(enter())
    else:
        with client.stream("go") as stream:
            pid = stream.pid
            assert pid is not None and process_alive(pid)
        assert isinstance(stream.error, ZeroInterruptedError)
        assert isinstance(client.argv, list) and client.argv[0] == ENGINE
    assert pid is not None and not process_alive(pid)
