"""Typed usage of the generated bindings; tests run `mypy --strict` on this file.

It relies on `event.type` narrowing the decoder's union (a literal per class, "unknown" for an
`UnknownEvent`) and on exhaustiveness: a new event type makes `assert_never` fail to type-check.
"""

from __future__ import annotations

from typing import assert_never

from zero_client import events
from zero_client.protocol import decode_input, encode_event, extra_fields
from zero_client.upgrade import upgrade_line
from zero_client.versions import LATEST_SCHEMA_VERSION


def describe(line: bytes) -> str:
    event: events.Event = upgrade_line(line)
    if event.type == "unknown":
        return f"unknown {event.wire_type} {event.raw}"
    if event.type == "permission_request":
        level: str = event.risk.level
        granted: bool = event.permission_granted
        return f"{event.run_id} {level} {granted} {extra_fields(event)}"
    if event.type == "text":
        delta: str | None = event.delta if isinstance(event.delta, str) else None
        return delta or ""
    return event.type


def exhaustive(event: events.Event) -> str:
    match event.type:
        case "run_start" | "text" | "reasoning" | "tool_call" | "checkpoint" | "permission":
            return event.type
        case "permission_request" | "permission_decision" | "tool_result" | "restore" | "usage":
            return event.type
        case "final" | "warning" | "error" | "run_end" | "unknown":
            return event.type
        case _:
            assert_never(event)


def prompt() -> bytes:
    message = events.MessageInput(content="hi", images=[events.InputImage(media_type="png", data="AAAA")])
    decoded = decode_input(encode_event(message), version=LATEST_SCHEMA_VERSION)
    assert isinstance(decoded, events.MessageInput)
    return encode_event(events.PromptInput(content="hi"))
