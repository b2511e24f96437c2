"""Typed bindings of Zero's stream-json protocol and the codec that reads and writes them.

The types themselves are generated into `zero_client.versions` (the registry, and one module
`vN` of exact types per schemaVersion); `zero_client.events` has the latest version's types
under version-neutral names, and `zero_client.upgrade` turns older events into them.
- `decode_output(line, mode=...)`: one stdout line -> event of the line's own schemaVersion, or
  `UnknownEvent` for unknown types (lenient/warn).
- `decode_output_lines(lines, mode=...)`: many lines at once (one msgspec call for a run of
  ordinary lines), same per-line results; returns `(events, [(index, ProtocolError), ...])`.
- `decode_input(line, version=N)`: one stdin line, strict like the binary.
- `encode_event(event)`: compact JSON bytes (no newline), only set fields, extras written back.
- `extra_fields(event)`: unknown fields a lenient decode kept.
- `ProtocolError` (`.kind`, `.field`, `.line`) and its subclasses; `ProtocolWarning`.
"""

from __future__ import annotations

from typing import TypeAlias

from zero_client.protocol._codec import (
    SUPPORTED_SCHEMA_VERSIONS,
    AnyInputEvent,
    AnyOutputEvent,
    DecodeMode,
    InvalidEventError,
    InvalidJSONError,
    ProtocolError,
    ProtocolWarning,
    UnknownEvent,
    UnsupportedSchemaVersionError,
    decode_input,
    decode_output,
    decode_output_lines,
    encode_event,
    extra_fields,
)

OutputEvent: TypeAlias = AnyOutputEvent
"""Any known output event of any supported schema version."""
InputEvent: TypeAlias = AnyInputEvent
"""Any known input event of any supported schema version."""

__all__ = [
    "SUPPORTED_SCHEMA_VERSIONS",
    "DecodeMode",
    "InputEvent",
    "InvalidEventError",
    "InvalidJSONError",
    "OutputEvent",
    "ProtocolError",
    "ProtocolWarning",
    "UnknownEvent",
    "UnsupportedSchemaVersionError",
    "decode_input",
    "decode_output",
    "decode_output_lines",
    "encode_event",
    "extra_fields",
]
