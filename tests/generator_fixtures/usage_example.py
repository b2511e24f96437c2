"""Typed usage of the generated bindings; tests run `mypy --strict` on this file."""

from __future__ import annotations

from zero_client.protocol import UnknownEvent, decode_input, decode_output, encode_event, extra_fields, v2


def describe(line: bytes) -> str:
    event = decode_output(line)
    if isinstance(event, UnknownEvent):
        return f"unknown {event.type} {event.raw}"
    if isinstance(event, v2.PermissionRequestEvent):
        level: str = event.risk.level
        granted: bool = event.permission_granted
        return f"{event.run_id} {level} {granted} {extra_fields(event)}"
    return event.type


def prompt() -> bytes:
    message = v2.MessageInput(content="hi", images=[v2.InputImage(media_type="png", data="AAAA")])
    decoded = decode_input(encode_event(message), version=2)
    assert isinstance(decoded, v2.MessageInput)
    return encode_event(v2.PromptInput(content="hi"))
