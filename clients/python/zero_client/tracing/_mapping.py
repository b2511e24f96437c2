"""GENERATED FILE - DO NOT EDIT.

Generated from schema/tracing.json by `zero-sdk generate --lang tracing`.
Edit the mapping and rerun that command instead of editing this file.

The tables of `zero_client.tracing`.
"""

from __future__ import annotations

from typing import Any, TypeAlias

#: (span, attribute, field path as Python attribute names, op, content kind or None, options)
#: options, None for most rules: `values` (a table of VALUES the value goes through),
#: `keep_other` (keep values the table does not list), `array` (an array of one value),
#: `when` ((path, value) another field of the event must have), `legacy` (left out with the
#: stability opt-in).
Rule: TypeAlias = tuple[str, str, tuple[str, ...], str, str | None, dict[str, Any] | None]

TRACER_NAME = "zero-sdk"
SCHEMA_URL = "https://opentelemetry.io/schemas/1.41.0"
SEMCONV_OPT_IN_ENV = "OTEL_SEMCONV_STABILITY_OPT_IN"
SEMCONV_LATEST_VALUE = "gen_ai_latest_experimental"
CONTENT_CAPTURE_ENV = "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT"
CONTENT_CAPTURE_VALUES = frozenset({"true", "span_only", "span_and_event"})
TRACEPARENT_ENV = "TRACEPARENT"
TRACESTATE_ENV = "TRACESTATE"

RUN_SPAN_NAME = "invoke_agent zero"
RUN_SPAN_KIND = "client"
RUN_SPAN_ATTRIBUTES: dict[str, str] = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "zero"}
TOOL_SPAN_NAME = "execute_tool {gen_ai.tool.name}"
TOOL_SPAN_KIND = "internal"
TOOL_SPAN_ATTRIBUTES: dict[str, str] = {
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.type": "function",
}
BATCH_SPAN_NAME = "invoke_workflow zero-sdk batch"
BATCH_SPAN_KIND = "internal"
BATCH_SPAN_ATTRIBUTES: dict[str, str] = {
    "gen_ai.operation.name": "invoke_workflow",
    "gen_ai.workflow.name": "zero-sdk batch",
    "openinference.span.kind": "CHAIN",
}
TOOL_SPAN_NAME_WITHOUT_TOOL = "execute_tool"

#: The span of each model request (spans.chat of the mapping: when it starts and ends, what
#: it repeats of the run span, the client error kinds that end a run with a failed one).
CHAT_SPAN_NAME = "chat {gen_ai.request.model}"
CHAT_SPAN_NAME_WITHOUT_MODEL = "chat"
CHAT_SPAN_KIND = "client"
CHAT_SPAN_ATTRIBUTES: dict[str, str | bool] = {"gen_ai.operation.name": "chat", "gen_ai.request.stream": True}
CHAT_SPAN_END_EVENT = "usage"
CHAT_SPAN_START_EVENTS = frozenset({"run_start", "usage", "tool_result"})
CHAT_SPAN_FROM_RUN: tuple[str, ...] = (
    "gen_ai.provider.name",
    "gen_ai.system",
    "gen_ai.request.model",
    "gen_ai.response.model",
    "gen_ai.conversation.id",
    "server.address",
    "server.port",
)
CHAT_SPAN_FAILED_ON = frozenset({"provider"})

#: Rules by event type (`*`: every event)
RULES: dict[str, tuple[Rule, ...]] = {
    "*": (
        ("run", "zero.run.id", ("run_id",), "first", None, None),
    ),
    "run_start": (
        ("run", "gen_ai.provider.name", ("provider",), "set", None,
            {"values": "providerNames", "keep_other": True}),
        ("run", "gen_ai.system", ("provider",), "set", None,
            {"values": "providerNames", "keep_other": True, "legacy": True}),
        ("run", "zero.provider", ("provider",), "set", None, None),
        ("run", "gen_ai.request.model", ("model",), "set", None, None),
        ("run", "gen_ai.response.model", ("api_model",), "set", None, None),
        ("run", "gen_ai.conversation.id", ("session_id",), "first", None, None),
    ),
    "permission_request": (
        ("run", "gen_ai.conversation.id", ("session_id",), "first", None, None),
        ("tool", "gen_ai.tool.name", ("name",), "first", None, None),
        ("tool", "zero.permission.action", ("action",), "set", None, None),
        ("tool", "zero.permission.granted", ("permission_granted",), "set", None, None),
        ("tool", "zero.permission.mode", ("permission_mode",), "set", None, None),
        ("tool", "zero.permission.risk_level", ("risk", "level"), "set", None, None),
        ("tool", "zero.permission.block_code", ("block", "code"), "set", None, None),
        ("tool", "zero.permission.reason", ("reason",), "set", "text", None),
    ),
    "permission_decision": (
        ("run", "gen_ai.conversation.id", ("session_id",), "first", None, None),
        ("tool", "gen_ai.tool.name", ("name",), "first", None, None),
        ("tool", "zero.permission.action", ("action",), "set", None, None),
        ("tool", "zero.permission.granted", ("permission_granted",), "set", None, None),
        ("tool", "zero.permission.mode", ("permission_mode",), "set", None, None),
        ("tool", "zero.permission.risk_level", ("risk", "level"), "set", None, None),
        ("tool", "zero.permission.block_code", ("block", "code"), "set", None, None),
        ("tool", "zero.permission.reason", ("reason",), "set", "text", None),
    ),
    "permission": (
        ("run", "gen_ai.conversation.id", ("session_id",), "first", None, None),
        ("tool", "gen_ai.tool.name", ("name",), "first", None, None),
        ("tool", "zero.permission.action", ("action",), "set", None, None),
        ("tool", "zero.permission.granted", ("permission_granted",), "set", None, None),
        ("tool", "zero.permission.mode", ("permission_mode",), "set", None, None),
        ("tool", "zero.permission.risk_level", ("risk", "level"), "set", None, None),
        ("tool", "zero.permission.block_code", ("block", "code"), "set", None, None),
        ("tool", "zero.permission.reason", ("reason",), "set", "text", None),
    ),
    "usage": (
        ("run", "gen_ai.usage.input_tokens", ("prompt_tokens",), "sum", None, None),
        ("run", "gen_ai.usage.output_tokens", ("completion_tokens",), "sum", None, None),
        ("run", "zero.usage.requests", (), "count", None, None),
        ("chat", "gen_ai.usage.input_tokens", ("prompt_tokens",), "set", None, None),
        ("chat", "gen_ai.usage.output_tokens", ("completion_tokens",), "set", None, None),
    ),
    "run_end": (
        ("run", "zero.run.status", ("status",), "set", None, None),
        ("run", "zero.run.exit_code", ("exit_code",), "set", None, None),
        ("run", "gen_ai.response.finish_reasons", ("status",), "set", None,
            {"values": "finishReasons", "keep_other": False, "array": True}),
    ),
    "final": (
        ("run", "gen_ai.output.messages", ("text",), "set", "output_messages", None),
    ),
    "tool_call": (
        ("tool", "gen_ai.tool.name", ("name",), "first", None, None),
        ("tool", "gen_ai.tool.call.id", ("id",), "set", None, None),
        ("tool", "zero.tool.side_effect", ("side_effect",), "set", None, None),
        ("tool", "gen_ai.tool.call.arguments", ("args",), "set", "json", None),
    ),
    "tool_result": (
        ("tool", "gen_ai.tool.name", ("name",), "first", None, None),
        ("tool", "zero.tool.status", ("status",), "set", None, None),
        ("tool", "zero.tool.truncated", ("truncated",), "set", None, None),
        ("tool", "gen_ai.tool.call.result", ("output",), "set", "text", {"when": (("status",), "ok")}),
    ),
}

#: Events recorded as span events of the run span: event type -> (name, ((attribute, path), ...))
SPAN_EVENTS: dict[str, tuple[str, tuple[tuple[str, tuple[str, ...]], ...]]] = {
    "warning": ("zero.warning", (("zero.warning.message", ("message",)),)),
    "error": ("zero.error", (("error.type", ("code",)), ("zero.error.message", ("message",)))),
}

#: Value tables the rules name
VALUES: dict[str, dict[str, str]] = {
    "providerNames": {"openai": "openai", "openai-compatible": "openai", "anthropic": "anthropic", "anthropic-compatible": "anthropic", "google": "gcp.gemini", "gemini": "gcp.gemini", "vertex": "gcp.vertex_ai", "bedrock": "aws.bedrock", "azure": "azure.ai.openai", "azure-openai": "azure.ai.openai", "deepseek": "deepseek", "groq": "groq", "mistral": "mistral_ai", "xai": "x_ai", "perplexity": "perplexity", "cohere": "cohere"},  # noqa: E501
    "finishReasons": {"success": "stop"},
}

#: server.address / server.port: the base URL variables Zero reads per provider kind, and defaults
SERVER_BASE_URL_ENV: dict[str, tuple[str, ...]] = {
    "openai": ("OPENAI_BASE_URL",),
    "openai-compatible": ("OPENAI_BASE_URL",),
    "anthropic": ("ANTHROPIC_BASE_URL",),
    "anthropic-compatible": ("ANTHROPIC_BASE_URL",),
    "google": ("GEMINI_BASE_URL", "GOOGLE_BASE_URL"),
}
SERVER_DEFAULT_BASE_URL: dict[str, str] = {
    "openai": "https://api.openai.com/v1",
    "anthropic": "https://api.anthropic.com",
    "google": "https://generativelanguage.googleapis.com",
}
SERVER_ADDRESS_ATTRIBUTE = "server.address"
SERVER_PORT_ATTRIBUTE = "server.port"

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
