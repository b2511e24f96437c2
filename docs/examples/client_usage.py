"""Usage examples of the zero_client Python client (checked with `mypy --strict`).

Run against the embedded engine, offline:
    ZERO_BIN=.venv/bin/zero-engine ZERO_PROVIDER=demo .venv/bin/python docs/examples/client_usage.py
"""

from __future__ import annotations

import asyncio
import sys

from zero_client import (
    AsyncZeroClient,
    Timeouts,
    ZeroClient,
    ZeroError,
    read_transcript,
)
from zero_client.events import ReasoningEvent, TextEvent, ToolCallEvent


def run_once() -> None:
    # The binary is $ZERO_BIN, else `zero` on PATH; the schemaVersion is detected once per command.
    client = ZeroClient(cwd=".", timeouts=Timeouts(idle=120, total=900))
    result = client.run("Summarize README.md in one sentence.")
    print(result.final_text)
    print(f"{result.usage.total_tokens} tokens over {result.usage.requests} request(s)")
    for call in result.tool_calls:
        print(f"{call.name} -> {call.status} (permission: {call.permission_action or 'none'})")


def stream_live() -> None:
    client = ZeroClient(cwd=".", enabled_tools=["read_file", "grep", "list_directory"])
    with client.stream("Which files mention 'schemaVersion'?") as run:
        for event in run:
            if isinstance(event, TextEvent) and isinstance(event.delta, str):
                print(event.delta, end="", flush=True)
            elif isinstance(event, ToolCallEvent):
                print(f"\n[tool] {event.name} {event.args}")
    # Leaving the `with` block early (break, exception) ends zero's whole process group.
    if run.result is not None:
        print(f"\nstatus: {run.result.status}, exit code {run.result.exit_code}")


def with_a_preferred_version() -> None:
    # schema_version is a preference: the run writes v2 input at once, without probing. A binary of
    # another version refuses it, and the client restarts the run once in that version (later runs
    # go straight to it); require_schema_version=True would raise ZeroVersionError instead.
    client = ZeroClient(cwd=".", schema_version=2)
    result = client.run("Say hi.")
    print(f"the binary speaks schemaVersion {result.schema_version}")


def with_retries(prompt: str, attempts: int = 3) -> str:
    client = ZeroClient(cwd=".")
    for attempt in range(1, attempts + 1):
        try:
            return client.run(prompt).final_text
        except ZeroError as error:
            if not error.retryable:  # usage, configuration, crash, incomplete, interrupted, ...
                print(f"not retrying: {error} (stderr tail: {error.stderr_tail[-200:]!r})", file=sys.stderr)
                raise
            print(f"attempt {attempt} failed: {error}", file=sys.stderr)  # rate limit, 5xx, timeout
    raise RuntimeError(f"gave up after {attempts} attempts")


async def run_async() -> None:
    client = AsyncZeroClient(cwd=".")
    async with client.stream("List the top-level folders.") as run:
        async for event in run:
            if isinstance(event, ReasoningEvent):
                continue
            print(type(event).__name__)
    result = await client.run("And now in one line.", check=False)
    if result.error is not None:
        print(f"failed: {result.error}")
    else:
        print(result.final_text)


def replay(path: str) -> None:
    # `zero exec ... -o stream-json > run.jsonl` (or `zero-sdk run --json`) saved a transcript.
    result = read_transcript(path)
    print(result.status, result.final_text, [str(issue) for issue in result.protocol_errors])


if __name__ == "__main__":
    run_once()
    stream_live()
    with_a_preferred_version()
    asyncio.run(run_async())
