"""GENERATED FILE - DO NOT EDIT.

Generated from schema/tracing.json by `zero-sdk generate --lang tracing`.
Edit the mapping and rerun that command instead of editing this file.

The tables of `zero_client.tracing`.
"""

from __future__ import annotations

from typing import TypeAlias

#: (span, attribute, field path as Python attribute names, op, content kind or None)
Rule: TypeAlias = tuple[str, str, tuple[str, ...], str, str | None]

TRACER_NAME = "zero-sdk"
CONTENT_CAPTURE_ENV = "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT"
CONTENT_CAPTURE_VALUES = frozenset({"true", "span_only", "span_and_event"})
TRACEPARENT_ENV = "TRACEPARENT"
TRACESTATE_ENV = "TRACESTATE"

RUN_SPAN_NAME = "invoke_agent zero"
RUN_SPAN_KIND = "client"
RUN_SPAN_ATTRIBUTES: dict[str, str] = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "zero"}
TOOL_SPAN_NAME = "execute_tool {gen_ai.tool.name}"
TOOL_SPAN_KIND = "internal"
TOOL_SPAN_ATTRIBUTES: dict[str, str] = {"gen_ai.operation.name": "execute_tool"}
BATCH_SPAN_NAME = "invoke_workflow zero-sdk batch"
BATCH_SPAN_KIND = "internal"
BATCH_SPAN_ATTRIBUTES: dict[str, str] = {
    "gen_ai.operation.name": "invoke_workflow",
    "gen_ai.workflow.name": "zero-sdk batch",
}
TOOL_SPAN_NAME_WITHOUT_TOOL = "execute_tool"

#: Rules by event type (`*`: every event)
RULES: dict[str, tuple[Rule, ...]] = {
    "*": (("run", "zero.run.id", ("run_id",), "first", None),),
    "run_start": (
        ("run", "gen_ai.provider.name", ("provider",), "set", None),
        ("run", "gen_ai.request.model", ("model",), "set", None),
        ("run", "gen_ai.response.model", ("api_model",), "set", None),
        ("run", "gen_ai.conversation.id", ("session_id",), "first", None),
    ),
    "permission_request": (
        ("run", "gen_ai.conversation.id", ("session_id",), "first", None),
        ("tool", "gen_ai.tool.name", ("name",), "first", None),
        ("tool", "zero.permission.action", ("action",), "set", None),
        ("tool", "zero.permission.granted", ("permission_granted",), "set", None),
        ("tool", "zero.permission.mode", ("permission_mode",), "set", None),
        ("tool", "zero.permission.risk_level", ("risk", "level"), "set", None),
        ("tool", "zero.permission.block_code", ("block", "code"), "set", None),
        ("tool", "zero.permission.reason", ("reason",), "set", "text"),
    ),
    "permission_decision": (
        ("run", "gen_ai.conversation.id", ("session_id",), "first", None),
        ("tool", "gen_ai.tool.name", ("name",), "first", None),
        ("tool", "zero.permission.action", ("action",), "set", None),
        ("tool", "zero.permission.granted", ("permission_granted",), "set", None),
        ("tool", "zero.permission.mode", ("permission_mode",), "set", None),
        ("tool", "zero.permission.risk_level", ("risk", "level"), "set", None),
        ("tool", "zero.permission.block_code", ("block", "code"), "set", None),
        ("tool", "zero.permission.reason", ("reason",), "set", "text"),
    ),
    "permission": (
        ("run", "gen_ai.conversation.id", ("session_id",), "first", None),
        ("tool", "gen_ai.tool.name", ("name",), "first", None),
        ("tool", "zero.permission.action", ("action",), "set", None),
        ("tool", "zero.permission.granted", ("permission_granted",), "set", None),
        ("tool", "zero.permission.mode", ("permission_mode",), "set", None),
        ("tool", "zero.permission.risk_level", ("risk", "level"), "set", None),
        ("tool", "zero.permission.block_code", ("block", "code"), "set", None),
        ("tool", "zero.permission.reason", ("reason",), "set", "text"),
    ),
    "usage": (
        ("run", "gen_ai.usage.input_tokens", ("prompt_tokens",), "sum", None),
        ("run", "gen_ai.usage.output_tokens", ("completion_tokens",), "sum", None),
        ("run", "zero.usage.requests", (), "count", None),
    ),
    "run_end": (
        ("run", "zero.run.status", ("status",), "set", None),
        ("run", "zero.run.exit_code", ("exit_code",), "set", None),
    ),
    "final": (("run", "gen_ai.output.messages", ("text",), "set", "output_messages"),),
    "tool_call": (
        ("tool", "gen_ai.tool.name", ("name",), "first", None),
        ("tool", "gen_ai.tool.call.id", ("id",), "set", None),
        ("tool", "zero.tool.side_effect", ("side_effect",), "set", None),
        ("tool", "gen_ai.tool.call.arguments", ("args",), "set", "json"),
    ),
    "tool_result": (
        ("tool", "gen_ai.tool.name", ("name",), "first", None),
        ("tool", "zero.tool.status", ("status",), "set", None),
        ("tool", "zero.tool.truncated", ("truncated",), "set", None),
        ("tool", "gen_ai.tool.call.result", ("output",), "set", "text"),
    ),
}

#: Events recorded as span events of the run span: event type -> (name, ((attribute, path), ...))
SPAN_EVENTS: dict[str, tuple[str, tuple[tuple[str, tuple[str, ...]], ...]]] = {
    "warning": ("zero.warning", (("zero.warning.message", ("message",)),)),
    "error": ("zero.error", (("error.type", ("code",)), ("zero.error.message", ("message",)))),
}

SCHEMA_VERSION_ATTRIBUTE = "zero.schema_version"
CLIENT_ERROR_ATTRIBUTE = "zero.client.error"
RUN_ERROR_CLIENT_SIDE: dict[str, str] = {
    "timeout": "timeout",
    "protocol": "protocol_error",
    "not_found": "zero_not_found",
    "version": "unsupported_schema_version",
}
RUN_ERROR_WITHOUT_ERROR_EVENT: dict[str, str] = {
    "interrupted": "interrupted",
    "process": "process_exit",
    "usage": "usage_error",
    "crash": "crash",
    "provider": "provider_error",
    "incomplete": "incomplete",
}
RUN_ERROR_FALLBACK = "_OTHER"
TOOL_ERROR_BY_PERMISSION_ACTION: dict[str, str] = {
    "deny": "permission_denied",
    "prompt": "approval_required",
    "cancel": "permission_cancelled",
}
TOOL_ERROR_FAILED = "tool_error"
TOOL_ERROR_NO_RESULT = "no_result"
