# GENERATED FILE - DO NOT EDIT.
# Generated from schema/v1.json (schemaVersion 1)
# by `zero-sdk generate --lang python --version 1`.
# Edit the schema and rerun that command instead of editing this file.
"""Typed bindings of the Zero stream-json protocol, schemaVersion 1.

Zero stream-json protocol, schemaVersion 1.
The exact types of this version (the wire as it was); `zero_client.events` has the
version-neutral ones. Decode and encode through `zero_client.protocol`; the classes here
are msgspec Structs tagged on `type`, with snake_case attributes and camelCase wire names.
"""

from __future__ import annotations

from typing import Final, TypeAlias

from zero_client._base import Alternative, ConstField, ProtocolStruct
from zero_client.versions._models_v1 import (
    Autonomy,
    CheckpointEvent,
    CheckpointInfo,
    Display,
    ErrorCode,
    ErrorEvent,
    FinalEvent,
    Grant,
    GrantDecision,
    GrantMaxAutonomy,
    InputImage,
    MessageInput,
    PermissionDecisionEvent,
    PermissionEvent,
    PermissionMode,
    PermissionRequestAction,
    PermissionRequestEvent,
    PromptInput,
    RestoreEvent,
    Risk,
    RiskLevel,
    RunEndEvent,
    RunEndStatus,
    RunStartEvent,
    SideEffect,
    TextEvent,
    ToolCallEvent,
    ToolCallSideEffect,
    ToolResultEvent,
    ToolResultStatus,
    UsageEvent,
    Violation,
    ViolationAction,
    ViolationCode,
    WarningEvent,
)

__all__ = [
    "ANY_OF_RULES",
    "CONST_FIELDS",
    "INPUT_EVENT_TYPES",
    "OUTPUT_EVENT_TYPES",
    "RUN_ID_PATTERN",
    "SCHEMA_VERSION",
    "Autonomy",
    "CheckpointEvent",
    "CheckpointInfo",
    "Display",
    "ErrorCode",
    "ErrorEvent",
    "FinalEvent",
    "Grant",
    "GrantDecision",
    "GrantMaxAutonomy",
    "InputEvent",
    "InputImage",
    "MessageInput",
    "OutputEvent",
    "PermissionDecisionEvent",
    "PermissionEvent",
    "PermissionMode",
    "PermissionRequestAction",
    "PermissionRequestEvent",
    "PromptInput",
    "RestoreEvent",
    "Risk",
    "RiskLevel",
    "RunEndEvent",
    "RunEndStatus",
    "RunStartEvent",
    "SideEffect",
    "TextEvent",
    "ToolCallEvent",
    "ToolCallSideEffect",
    "ToolResultEvent",
    "ToolResultStatus",
    "UsageEvent",
    "Violation",
    "ViolationAction",
    "ViolationCode",
    "WarningEvent",
]

SCHEMA_VERSION: Final = 1

RUN_ID_PATTERN: Final = '^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$'
"""The `runId` format of output events (checked by the codec, not by msgspec)."""

OutputEvent: TypeAlias = (
      RunStartEvent
    | TextEvent
    | ToolCallEvent
    | CheckpointEvent
    | PermissionEvent
    | PermissionRequestEvent
    | PermissionDecisionEvent
    | ToolResultEvent
    | RestoreEvent
    | UsageEvent
    | FinalEvent
    | WarningEvent
    | ErrorEvent
    | RunEndEvent
)
"""One line of stream-json output."""

InputEvent: TypeAlias = PromptInput | MessageInput
"""One line of stream-json input."""

OUTPUT_EVENT_TYPES: Final[dict[str, type[OutputEvent]]] = {
    "run_start": RunStartEvent,
    "text": TextEvent,
    "tool_call": ToolCallEvent,
    "checkpoint": CheckpointEvent,
    "permission": PermissionEvent,
    "permission_request": PermissionRequestEvent,
    "permission_decision": PermissionDecisionEvent,
    "tool_result": ToolResultEvent,
    "restore": RestoreEvent,
    "usage": UsageEvent,
    "final": FinalEvent,
    "warning": WarningEvent,
    "error": ErrorEvent,
    "run_end": RunEndEvent,
}
"""Output event class by wire `type`."""

INPUT_EVENT_TYPES: Final[dict[str, type[InputEvent]]] = {
    "prompt": PromptInput,
    "message": MessageInput,
}
"""Input event class by wire `type`."""

CONST_FIELDS: Final[dict[type[ProtocolStruct], tuple[ConstField, ...]]] = {
    PromptInput: (
        ConstField("schemaVersion", "schema_version", 1, True),
    ),
    MessageInput: (
        ConstField("schemaVersion", "schema_version", 1, True),
        ConstField("role", "role", 'user', True),
    ),
    RunStartEvent: (
        ConstField("schemaVersion", "schema_version", 1, True),
    ),
    TextEvent: (
        ConstField("schemaVersion", "schema_version", 1, True),
    ),
    ToolCallEvent: (
        ConstField("schemaVersion", "schema_version", 1, True),
    ),
    CheckpointEvent: (
        ConstField("schemaVersion", "schema_version", 1, True),
    ),
    PermissionEvent: (
        ConstField("schemaVersion", "schema_version", 1, True),
    ),
    PermissionRequestEvent: (
        ConstField("schemaVersion", "schema_version", 1, True),
    ),
    PermissionDecisionEvent: (
        ConstField("schemaVersion", "schema_version", 1, True),
    ),
    ToolResultEvent: (
        ConstField("schemaVersion", "schema_version", 1, True),
    ),
    RestoreEvent: (
        ConstField("schemaVersion", "schema_version", 1, True),
    ),
    UsageEvent: (
        ConstField("schemaVersion", "schema_version", 1, True),
    ),
    FinalEvent: (
        ConstField("schemaVersion", "schema_version", 1, True),
    ),
    WarningEvent: (
        ConstField("schemaVersion", "schema_version", 1, True),
    ),
    ErrorEvent: (
        ConstField("schemaVersion", "schema_version", 1, True),
    ),
    RunEndEvent: (
        ConstField("schemaVersion", "schema_version", 1, True),
    ),
}
"""Const fields (other than the `type` tag) per class, to tell absent from defaulted."""

ANY_OF_RULES: Final[dict[type[ProtocolStruct], tuple[Alternative, ...]]] = {
    MessageInput: (
        Alternative(('content',), (('content', '\\S'),), ()),
        Alternative(('images',), (), (('images', 1),)),
    ),
}
"""Object-level `anyOf` rules: at least one alternative must hold."""

# The classes are written to `_models_v1` (datamodel-code-generator's output); this
# module is where they are public, so that is where they are shown (repr, help, `Prompt`).
for _class in (
    Risk,
    Violation,
    Grant,
    Display,
    CheckpointInfo,
    InputImage,
    PromptInput,
    MessageInput,
    RunStartEvent,
    TextEvent,
    ToolCallEvent,
    CheckpointEvent,
    PermissionEvent,
    PermissionRequestEvent,
    PermissionDecisionEvent,
    ToolResultEvent,
    RestoreEvent,
    UsageEvent,
    FinalEvent,
    WarningEvent,
    ErrorEvent,
    RunEndEvent,
):
    _class.__module__ = __name__
