/**
 * GENERATED FILE - DO NOT EDIT.
 * Generated from schema/tracing.json by `zero-sdk generate --lang tracing`.
 * Edit the mapping and rerun that command instead of editing this file.
 *
 * The tables of the tracer (index.ts).
 */

/** A rule: which span and attribute an event field sets, and how (`op`). */
export interface Rule {
  readonly span: "run" | "tool" | "chat";
  readonly attribute: string;
  /** The field's wire path (empty for `count`). */
  readonly path: readonly string[];
  readonly op: "set" | "first" | "sum" | "count";
  /** Content (recorded only with content capture on): how to render it. */
  readonly content: "text" | "json" | "output_messages" | null;
  /** A table of VALUES the value goes through; keepOther: values it does not list are kept. */
  readonly values?: string;
  readonly keepOther?: boolean;
  /** The attribute is an array of one string. */
  readonly array?: boolean;
  /** Recorded only when the field at `path` of the same event equals `equals`. */
  readonly when?: { readonly path: readonly string[]; readonly equals: string };
  /** An attribute of the older GenAI conventions (left out with the stability opt-in). */
  readonly legacy?: boolean;
}

export const TRACER_NAME = "zero-sdk";
export const SCHEMA_URL = "https://opentelemetry.io/schemas/1.41.0";
export const SEMCONV_OPT_IN_ENV = "OTEL_SEMCONV_STABILITY_OPT_IN";
export const SEMCONV_LATEST_VALUE = "gen_ai_latest_experimental";
export const CONTENT_CAPTURE_ENV = "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT";
export const CONTENT_CAPTURE_VALUES: readonly string[] = ["true", "span_only", "span_and_event"];
export const TRACEPARENT_ENV = "TRACEPARENT";
export const TRACESTATE_ENV = "TRACESTATE";
export const RUN_SPAN_NAME = "invoke_agent zero";
export const RUN_SPAN_KIND = "client";
export const RUN_SPAN_ATTRIBUTES: Readonly<Record<string, string>> = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "zero"};
export const TOOL_SPAN_NAME = "execute_tool {gen_ai.tool.name}";
export const TOOL_SPAN_KIND = "internal";
export const TOOL_SPAN_ATTRIBUTES: Readonly<Record<string, string>> = {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.type": "function"};
export const BATCH_SPAN_NAME = "invoke_workflow zero-sdk batch";
export const BATCH_SPAN_KIND = "internal";
export const BATCH_SPAN_ATTRIBUTES: Readonly<Record<string, string>> = {"gen_ai.operation.name": "invoke_workflow", "gen_ai.workflow.name": "zero-sdk batch", "openinference.span.kind": "CHAIN"};
export const TOOL_SPAN_NAME_WITHOUT_TOOL = "execute_tool";

/**
 * The span of each model request (spans.chat of the mapping: when it starts and ends, what it
 * repeats of the run span, the client error kinds that end a run with a failed one).
 */
export const CHAT_SPAN_NAME = "chat {gen_ai.request.model}";
export const CHAT_SPAN_NAME_WITHOUT_MODEL = "chat";
export const CHAT_SPAN_KIND = "client";
export const CHAT_SPAN_ATTRIBUTES: Readonly<Record<string, string | boolean>> = {"gen_ai.operation.name": "chat", "gen_ai.request.stream": true};
export const CHAT_SPAN_END_EVENT = "usage";
export const CHAT_SPAN_START_EVENTS: readonly string[] = ["run_start", "usage", "tool_result"];
export const CHAT_SPAN_FROM_RUN: readonly string[] = ["gen_ai.provider.name", "gen_ai.system", "gen_ai.request.model", "gen_ai.response.model", "gen_ai.conversation.id", "server.address", "server.port"];
export const CHAT_SPAN_FAILED_ON: readonly string[] = ["provider"];

/** Rules by event type (`*`: every event). */
export const RULES: Readonly<Record<string, readonly Rule[]>> = {
  "*": [
    { span: "run", attribute: "zero.run.id", path: ["runId"], op: "first", content: null },
  ],
  "run_start": [
    { span: "run", attribute: "gen_ai.provider.name", path: ["provider"], op: "set", content: null, values: "providerNames", keepOther: true },
    { span: "run", attribute: "gen_ai.system", path: ["provider"], op: "set", content: null, values: "providerNames", keepOther: true, legacy: true },
    { span: "run", attribute: "zero.provider", path: ["provider"], op: "set", content: null },
    { span: "run", attribute: "gen_ai.request.model", path: ["model"], op: "set", content: null },
    { span: "run", attribute: "gen_ai.response.model", path: ["apiModel"], op: "set", content: null },
    { span: "run", attribute: "gen_ai.conversation.id", path: ["sessionId"], op: "first", content: null },
  ],
  "permission_request": [
    { span: "run", attribute: "gen_ai.conversation.id", path: ["sessionId"], op: "first", content: null },
    { span: "tool", attribute: "gen_ai.tool.name", path: ["name"], op: "first", content: null },
    { span: "tool", attribute: "zero.permission.action", path: ["action"], op: "set", content: null },
    { span: "tool", attribute: "zero.permission.granted", path: ["permissionGranted"], op: "set", content: null },
    { span: "tool", attribute: "zero.permission.mode", path: ["permissionMode"], op: "set", content: null },
    { span: "tool", attribute: "zero.permission.risk_level", path: ["risk", "level"], op: "set", content: null },
    { span: "tool", attribute: "zero.permission.block_code", path: ["block", "code"], op: "set", content: null },
    { span: "tool", attribute: "zero.permission.reason", path: ["reason"], op: "set", content: "text" },
  ],
  "permission_decision": [
    { span: "run", attribute: "gen_ai.conversation.id", path: ["sessionId"], op: "first", content: null },
    { span: "tool", attribute: "gen_ai.tool.name", path: ["name"], op: "first", content: null },
    { span: "tool", attribute: "zero.permission.action", path: ["action"], op: "set", content: null },
    { span: "tool", attribute: "zero.permission.granted", path: ["permissionGranted"], op: "set", content: null },
    { span: "tool", attribute: "zero.permission.mode", path: ["permissionMode"], op: "set", content: null },
    { span: "tool", attribute: "zero.permission.risk_level", path: ["risk", "level"], op: "set", content: null },
    { span: "tool", attribute: "zero.permission.block_code", path: ["block", "code"], op: "set", content: null },
    { span: "tool", attribute: "zero.permission.reason", path: ["reason"], op: "set", content: "text" },
  ],
  "permission": [
    { span: "run", attribute: "gen_ai.conversation.id", path: ["sessionId"], op: "first", content: null },
    { span: "tool", attribute: "gen_ai.tool.name", path: ["name"], op: "first", content: null },
    { span: "tool", attribute: "zero.permission.action", path: ["action"], op: "set", content: null },
    { span: "tool", attribute: "zero.permission.granted", path: ["permissionGranted"], op: "set", content: null },
    { span: "tool", attribute: "zero.permission.mode", path: ["permissionMode"], op: "set", content: null },
    { span: "tool", attribute: "zero.permission.risk_level", path: ["risk", "level"], op: "set", content: null },
    { span: "tool", attribute: "zero.permission.block_code", path: ["block", "code"], op: "set", content: null },
    { span: "tool", attribute: "zero.permission.reason", path: ["reason"], op: "set", content: "text" },
  ],
  "usage": [
    { span: "run", attribute: "gen_ai.usage.input_tokens", path: ["promptTokens"], op: "sum", content: null },
    { span: "run", attribute: "gen_ai.usage.output_tokens", path: ["completionTokens"], op: "sum", content: null },
    { span: "run", attribute: "zero.usage.requests", path: [], op: "count", content: null },
    { span: "chat", attribute: "gen_ai.usage.input_tokens", path: ["promptTokens"], op: "set", content: null },
    { span: "chat", attribute: "gen_ai.usage.output_tokens", path: ["completionTokens"], op: "set", content: null },
  ],
  "run_end": [
    { span: "run", attribute: "zero.run.status", path: ["status"], op: "set", content: null },
    { span: "run", attribute: "zero.run.exit_code", path: ["exitCode"], op: "set", content: null },
    { span: "run", attribute: "gen_ai.response.finish_reasons", path: ["status"], op: "set", content: null, values: "finishReasons", keepOther: false, array: true },
  ],
  "final": [
    { span: "run", attribute: "gen_ai.output.messages", path: ["text"], op: "set", content: "output_messages" },
  ],
  "tool_call": [
    { span: "tool", attribute: "gen_ai.tool.name", path: ["name"], op: "first", content: null },
    { span: "tool", attribute: "gen_ai.tool.call.id", path: ["id"], op: "set", content: null },
    { span: "tool", attribute: "zero.tool.side_effect", path: ["sideEffect"], op: "set", content: null },
    { span: "tool", attribute: "gen_ai.tool.call.arguments", path: ["args"], op: "set", content: "json" },
  ],
  "tool_result": [
    { span: "tool", attribute: "gen_ai.tool.name", path: ["name"], op: "first", content: null },
    { span: "tool", attribute: "zero.tool.status", path: ["status"], op: "set", content: null },
    { span: "tool", attribute: "zero.tool.truncated", path: ["truncated"], op: "set", content: null },
    { span: "tool", attribute: "gen_ai.tool.call.result", path: ["output"], op: "set", content: "text", when: { path: ["status"], equals: "ok" } },
  ],
};

/** A span event of the run span: its name and (attribute, wire path) pairs. */
export interface SpanEventRule {
  readonly name: string;
  readonly attributes: readonly (readonly [string, readonly string[]])[];
}

/** Events recorded as span events of the run span, by event type. */
export const SPAN_EVENTS: Readonly<Record<string, SpanEventRule>> = {
  "warning": { name: "zero.warning", attributes: [["zero.warning.message", ["message"]]] },
  "error": { name: "zero.error", attributes: [["error.type", ["code"]], ["zero.error.message", ["message"]]] },
};

/** Value tables the rules name. */
export const VALUES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "providerNames": {"openai": "openai", "openai-compatible": "openai", "anthropic": "anthropic", "anthropic-compatible": "anthropic", "google": "gcp.gemini", "gemini": "gcp.gemini", "vertex": "gcp.vertex_ai", "bedrock": "aws.bedrock", "azure": "azure.ai.openai", "azure-openai": "azure.ai.openai", "deepseek": "deepseek", "groq": "groq", "mistral": "mistral_ai", "xai": "x_ai", "perplexity": "perplexity", "cohere": "cohere"},
  "finishReasons": {"success": "stop"},
};

/** server.address / server.port: the base URL variables Zero reads per provider, and defaults. */
export const SERVER_BASE_URL_ENV: Readonly<Record<string, readonly string[]>> = {
  "openai": ["OPENAI_BASE_URL"],
  "openai-compatible": ["OPENAI_BASE_URL"],
  "anthropic": ["ANTHROPIC_BASE_URL"],
  "anthropic-compatible": ["ANTHROPIC_BASE_URL"],
  "google": ["GEMINI_BASE_URL", "GOOGLE_BASE_URL"],
};
export const SERVER_DEFAULT_BASE_URL: Readonly<Record<string, string>> = {"openai": "https://api.openai.com/v1", "anthropic": "https://api.anthropic.com", "google": "https://generativelanguage.googleapis.com"};
export const SERVER_ADDRESS_ATTRIBUTE = "server.address";
export const SERVER_PORT_ATTRIBUTE = "server.port";

export const SCHEMA_VERSION_ATTRIBUTE = "zero.schema_version";
export const CLIENT_ERROR_ATTRIBUTE = "zero.client.error";
export const RUN_ERROR_CLIENT_SIDE: Readonly<Record<string, string>> = {"timeout": "timeout", "protocol": "protocol_error", "not_found": "zero_not_found", "version": "unsupported_schema_version"};
export const RUN_ERROR_WITHOUT_ERROR_EVENT: Readonly<Record<string, string>> = {"interrupted": "interrupted", "process": "process_exit", "usage": "usage_error", "crash": "crash", "provider": "provider_error", "incomplete": "incomplete"};
export const RUN_ERROR_FALLBACK = "_OTHER";
export const TOOL_ERROR_BY_PERMISSION_ACTION: Readonly<Record<string, string>> = {"deny": "permission_denied", "prompt": "approval_required", "cancel": "permission_cancelled"};
export const TOOL_ERROR_FAILED = "tool_error";
export const TOOL_ERROR_NO_RESULT = "no_result";
