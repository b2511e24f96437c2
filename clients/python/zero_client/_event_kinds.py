"""Event classes by kind, for isinstance checks and dispatch (`zero_client.core` re-exports them).

Every stream is presented in the latest version's types (`zero_client.events`), whatever version
the binary speaks. A module of its own so that importing `zero_client.core` does not load the
protocol: these tuples need the generated classes.
"""

from __future__ import annotations

from typing import TypeAlias

from zero_client.events import (
    ErrorEvent,
    FinalEvent,
    PermissionDecisionEvent,
    PermissionEvent,
    PermissionRequestEvent,
    ReasoningEvent,
    RunEndEvent,
    RunStartEvent,
    TextEvent,
    ToolCallEvent,
    ToolResultEvent,
    UsageEvent,
    WarningEvent,
)

TEXT_EVENTS = (TextEvent,)
REASONING_EVENTS = (ReasoningEvent,)
RUN_START_EVENTS = (RunStartEvent,)
TOOL_CALL_EVENTS = (ToolCallEvent,)
TOOL_RESULT_EVENTS = (ToolResultEvent,)
PERMISSION_EVENTS = (PermissionRequestEvent, PermissionDecisionEvent, PermissionEvent)
USAGE_EVENTS = (UsageEvent,)
AnyPermissionEvent: TypeAlias = PermissionRequestEvent | PermissionDecisionEvent | PermissionEvent
FINAL_EVENTS = (FinalEvent,)
WARNING_EVENTS = (WarningEvent,)
ERROR_EVENTS = (ErrorEvent,)
RUN_END_EVENTS = (RunEndEvent,)
