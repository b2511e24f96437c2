# GENERATED FILE - DO NOT EDIT.
# Generated from schema/v*.json by `zero-sdk generate --lang python`.
# Edit the schemas and rerun that command instead of editing this file.
"""The version registry: every table that follows from schema/v*.json.

Hand-written code asks this module instead of naming a schema version or a versioned
module, so a schemaVersion bump is `zero-sdk generate` and nothing else. `vN` modules hold
the exact types of each version; `latest` the version-neutral names (`zero_client.events`).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Final, Literal, TypeAlias

from zero_client.versions import v1, v2

__all__ = [
    "ERROR_EXIT_CODES",
    "ERROR_RETRY_POLICY",
    "INPUT_EVENT_TYPES",
    "LATEST_SCHEMA_VERSION",
    "MODULES",
    "OUTPUT_EVENT_TYPES",
    "RUN_END_EXIT_CODES",
    "SUPPORTED_SCHEMA_VERSIONS",
    "UPGRADE_STEPS",
    "AnyInputEvent",
    "AnyOutputEvent",
    "v1",
    "v2",
]

SUPPORTED_SCHEMA_VERSIONS: Final[tuple[int, ...]] = (1, 2)
"""Every schemaVersion with generated bindings, ascending."""

LATEST_SCHEMA_VERSION: Final = 2
"""The newest schemaVersion: its types are `zero_client.events`."""

MODULES: Final[dict[int, ModuleType]] = {1: v1, 2: v2}
"""The module of each version's exact types."""

AnyOutputEvent: TypeAlias = v1.OutputEvent | v2.OutputEvent
"""A known output event of any supported version."""

AnyInputEvent: TypeAlias = v1.InputEvent | v2.InputEvent
"""A known input event of any supported version."""

OUTPUT_EVENT_TYPES: Final[dict[int, tuple[str, ...]]] = {
    1: ('run_start', 'text', 'tool_call', 'checkpoint', 'permission', 'permission_request', 'permission_decision', 'tool_result', 'restore', 'usage', 'final', 'warning', 'error', 'run_end'),
    2: ('run_start', 'text', 'reasoning', 'tool_call', 'checkpoint', 'permission', 'permission_request', 'permission_decision', 'tool_result', 'restore', 'usage', 'final', 'warning', 'error', 'run_end'),
}
"""The output event `type`s of each version, in schema order."""

INPUT_EVENT_TYPES: Final[dict[int, tuple[str, ...]]] = {
    1: ('prompt', 'message'),
    2: ('prompt', 'message'),
}
"""The input event `type`s of each version, in schema order."""

ERROR_EXIT_CODES: Final[dict[int, dict[str, int]]] = {
    1: {'usage_error': 2, 'provider_error': 3, 'sandbox_error': 3, 'mcp_error': 3, 'specialist_error': 3, 'interrupted': 130},
    2: {'usage_error': 2, 'provider_error': 3, 'sandbox_error': 3, 'mcp_error': 3, 'specialist_error': 3, 'interrupted': 130, 'incomplete': 4},
}
"""Per version: the exit code each `error` event code goes with (x-zero-exit-codes)."""

ERROR_RETRY_POLICY: Final[dict[int, dict[str, Literal["always", "after_run_start"]]]] = {
    1: {'provider_error': 'after_run_start'},
    2: {'provider_error': 'after_run_start'},
}
"""Per version: the `error` codes worth retrying, and when (x-zero-retry): `always`, or
`after_run_start` (only when the run got as far as `run_start`). Codes not listed are not.
"""

RUN_END_EXIT_CODES: Final[dict[int, dict[str, tuple[int, ...]]]] = {
    1: {'success': (0,), 'error': (1, 2, 3), 'interrupted': (130,), 'spec_review_required': (0,)},
    2: {'success': (0,), 'error': (1, 2, 3), 'interrupted': (130,), 'incomplete': (4,), 'spec_review_required': (0,)},
}
"""Per version: the exit codes each `run_end` status goes with (x-zero-exit-codes)."""

UPGRADE_STEPS: Final[dict[int, tuple[dict[str, Any], ...]]] = {
    1: (
        {'op': 'rename', 'events': ['permission', 'permission_request', 'permission_decision'], 'from': ['violation'], 'to': ['block']},
        {'op': 'remove', 'events': ['permission', 'permission_request', 'permission_decision'], 'path': ['grant', 'maxAutonomy']},
        {'op': 'retype', 'events': ['permission'], 'when': {'path': ['action'], 'equals': 'cancel'}, 'to': 'permission_decision'},
        {'op': 'default', 'events': ['permission', 'permission_request', 'permission_decision'], 'path': ['permissionGranted'], 'from': [{'equals': {'path': ['action'], 'value': 'allow'}}]},
        {'op': 'default', 'events': ['permission', 'permission_request', 'permission_decision'], 'path': ['risk'], 'from': [{'copy': ['block', 'risk']}, {'const': {'level': 'low', 'reason': 'risk not reported by the schemaVersion 1 writer (filled in by zero_client.upgrade)'}}]},
    ),
}
"""Version N -> the x-zero-upgrade steps that turn an output object of N into N + 1."""
