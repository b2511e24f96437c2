/**
 * OpenTelemetry traces of runs and tool calls, in the GenAI semantic conventions
 * (docs/tracing.md): `zero-headless-sdk/otel`. `@opentelemetry/api` is an optional peer
 * dependency, needed only by code that imports this subpath.
 *
 * ```ts
 * import { ZeroClient } from "zero-headless-sdk/client";
 * import { otelTracer } from "zero-headless-sdk/otel";
 * const client = new ZeroClient({ tracer: otelTracer() }); // the global tracer provider
 * ```
 *
 * Each run is an `invoke_agent zero` span (kind CLIENT) with a `chat {model}` child per model
 * request and an `execute_tool {name}` child per tool call; the run span's context reaches
 * `zero exec` as TRACEPARENT/TRACESTATE. What becomes a
 * span, attribute or span event is the data of schema/tracing.json (generated into
 * `./mapping.ts`, and into the Python and Go tracers alike); this module interprets it.
 */

import {
  SpanKind,
  SpanStatusCode,
  context as otelContext,
  trace as otelTrace,
  type AttributeValue,
  type Span,
  type Tracer,
  type TracerProvider,
} from "@opentelemetry/api";

import { UnknownEvent, type JsonValue } from "../runtime.js";
import type { Event, RunResult } from "../client/core.js";
import type { RunTrace, RunTracer } from "../client/client.js";
import {
  ZeroCrashError,
  ZeroError,
  ZeroIncompleteError,
  ZeroInterruptedError,
  ZeroNotFoundError,
  ZeroProcessError,
  ZeroProtocolError,
  ZeroProviderError,
  ZeroTimeoutError,
  ZeroUsageError,
  ZeroVersionError,
} from "../client/errors.js";
import * as mapping from "./mapping.js";

export * as mapping from "./mapping.js";

const SCOPE_VERSION = "0.1.0";

export interface OtelTracerOptions {
  /** Default: the global tracer provider (`trace.getTracerProvider()`), as instrumentations do. */
  tracerProvider?: TracerProvider;
  /**
   * Record the final answer, tool arguments and outputs (only what the stream carries, already
   * redacted by Zero). Default: OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT (true,
   * SPAN_ONLY or SPAN_AND_EVENT).
   */
  captureContent?: boolean;
}

/** Whether content capture is on: `captureContent` when given, else the conventions' variable. */
export function contentCaptureEnabled(captureContent?: boolean, env?: Readonly<Record<string, string | undefined>>): boolean {
  if (captureContent !== undefined) return captureContent;
  const source = env ?? (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
  return mapping.CONTENT_CAPTURE_VALUES.includes((source[mapping.CONTENT_CAPTURE_ENV] ?? "").trim().toLowerCase());
}

/** The kind of a client error (`timeout`, `provider`, ...) the mapping's error tables use. */
export function clientErrorKind(error: unknown): string | null {
  const kinds: [new (...args: never[]) => ZeroError, string][] = [
    [ZeroTimeoutError, "timeout"],
    [ZeroProtocolError, "protocol"],
    [ZeroNotFoundError, "not_found"],
    [ZeroVersionError, "version"],
    [ZeroInterruptedError, "interrupted"],
    [ZeroProcessError, "process"],
    [ZeroUsageError, "usage"],
    [ZeroCrashError, "crash"],
    [ZeroProviderError, "provider"],
    [ZeroIncompleteError, "incomplete"],
  ];
  for (const [cls, kind] of kinds) if (error instanceof cls) return kind;
  return error instanceof ZeroError ? "run" : null;
}

type Env = Readonly<Record<string, string | undefined>>;

function processEnv(): Env {
  return (globalThis as { process?: { env: Env } }).process?.env ?? {};
}

/**
 * Whether OTEL_SEMCONV_STABILITY_OPT_IN (a comma list) asks for the latest experimental GenAI
 * conventions only (`gen_ai_latest_experimental`): then the attributes of the older conventions
 * the mapping marks `legacy` (gen_ai.system) are left out.
 */
export function latestConventionsOnly(env?: Env): boolean {
  const value = (env ?? processEnv())[mapping.SEMCONV_OPT_IN_ENV] ?? "";
  return value.split(",").some((item) => item.trim().toLowerCase() === mapping.SEMCONV_LATEST_VALUE);
}

/**
 * `server.address` and `server.port` of the model API a run of `provider` (run_start's label)
 * talks to: the base URL the run's environment gives Zero for that provider kind, else the
 * vendor's default endpoint; null when neither is known (a configured profile).
 */
export function serverOf(provider: string, env: Env): [string, number] | null {
  const names = mapping.SERVER_BASE_URL_ENV[provider] ?? [];
  const fromEnv = names.map((name) => (env[name] ?? "").trim()).find((value) => value !== "");
  const url = fromEnv ?? mapping.SERVER_DEFAULT_BASE_URL[provider];
  if (url === undefined) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  // URL keeps IPv6 hosts in brackets; the conventions want the address itself.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!host) return null;
  const port = parsed.port ? Number(parsed.port) : parsed.protocol === "http:" ? 80 : 443;
  return [host, port];
}

function getTracer(provider: TracerProvider): Tracer {
  return provider.getTracer(mapping.TRACER_NAME, SCOPE_VERSION, { schemaUrl: mapping.SCHEMA_URL });
}

/** A tracer for `ClientOptions.tracer`. */
export function otelTracer(options: OtelTracerOptions = {}): RunTracer {
  return {
    startRun(env?: Env): RunTrace {
      const provider = options.tracerProvider ?? otelTrace.getTracerProvider();
      const tracer = getTracer(provider);
      const span = tracer.startSpan(mapping.RUN_SPAN_NAME, { kind: SpanKind.CLIENT, attributes: { ...mapping.RUN_SPAN_ATTRIBUTES } });
      return new OtelRunTrace(tracer, span, contentCaptureEnabled(options.captureContent), env ?? {});
    },
  };
}

/** TRACEPARENT (and TRACESTATE) of `span` for a child's environment; {} without a valid context. */
export function traceEnv(span: Span): Record<string, string> {
  const spanContext = span.spanContext();
  if (!otelTrace.isSpanContextValid(spanContext)) return {};
  const flags = (spanContext.traceFlags & 0xff).toString(16).padStart(2, "0");
  const env: Record<string, string> = { [mapping.TRACEPARENT_ENV]: `00-${spanContext.traceId}-${spanContext.spanId}-${flags}` };
  const state = spanContext.traceState?.serialize();
  if (state) env[mapping.TRACESTATE_ENV] = state;
  return env;
}

function read(event: unknown, path: readonly string[]): unknown {
  let value: unknown = event;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value === null ? undefined : value;
}

/** A rule's value for `event`: its field through the rule's condition, value table and array. */
function ruleValue(event: unknown, rule: mapping.Rule): unknown {
  if (rule.when !== undefined && read(event, rule.when.path) !== rule.when.equals) return undefined;
  let value = read(event, rule.path);
  if (value === undefined) return undefined;
  if (rule.values !== undefined) {
    const mapped = mapping.VALUES[rule.values]?.[String(value)];
    if (mapped === undefined && rule.keepOther === false) return undefined;
    value = mapped ?? value;
  }
  return rule.array ? [String(value)] : value;
}

function attributeValue(value: unknown): AttributeValue | undefined {
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value as string[];
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  return undefined;
}

function render(value: unknown, content: string): string {
  if (content === "text") return String(value);
  if (content === "json") return typeof value === "string" ? value : JSON.stringify(value as JsonValue);
  return JSON.stringify([{ role: "assistant", parts: [{ type: "text", content: String(value) }], finish_reason: "stop" }]);
}

/** Now, in milliseconds since the epoch, with the sub-millisecond part (an OpenTelemetry TimeInput). */
function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

const SPAN_KINDS: Readonly<Record<string, SpanKind>> = { client: SpanKind.CLIENT, internal: SpanKind.INTERNAL };
const CHAT_FROM_RUN = new Set(mapping.CHAT_SPAN_FROM_RUN);
const CHAT_STARTS = new Set(mapping.CHAT_SPAN_START_EVENTS);

interface ToolSpan {
  span: Span;
  seen: Set<string>;
  permissionAction: string | null;
}

const PERMISSION_TYPES = new Set(["permission", "permission_request", "permission_decision"]);

class OtelRunTrace implements RunTrace {
  readonly env: Readonly<Record<string, string>>;
  readonly observe: ((event: Event) => void) | null;
  private readonly seen = new Set<string>();
  private readonly totals = new Map<string, number>();
  private every: readonly mapping.Rule[] = mapping.RULES["*"] ?? [];
  private readonly latestOnly = latestConventionsOnly();
  private readonly tools = new Map<string, ToolSpan>();
  private readonly early = new Map<string, Event[]>();
  private finished = false;
  /** Where the next model request can have started: the run's start, then the last start event. */
  private chatStart = nowMs();
  /** What each model request's span repeats of the run span (`CHAT_SPAN_FROM_RUN`). */
  private readonly chatBase: Record<string, AttributeValue> = {};

  constructor(
    private readonly tracer: Tracer,
    readonly span: Span,
    private readonly captureContent: boolean,
    private readonly runEnv: Env = {},
  ) {
    this.env = traceEnv(span);
    this.observe = span.isRecording() ? (event) => this.onEvent(event) : null;
  }

  private onEvent(event: Event): void {
    if (event instanceof UnknownEvent) return;
    if (this.every.length > 0) {
      this.apply(this.span, this.seen, event, this.every, "run");
      this.every = this.every.filter((rule) => !this.seen.has(rule.attribute));
    }
    const rules = mapping.RULES[event.type];
    if (event.type === "tool_call") this.toolCall(event, rules ?? []);
    else if (event.type === "tool_result") this.toolResult(event, rules ?? []);
    else if (PERMISSION_TYPES.has(event.type)) this.permission(event, rules ?? []);
    else if (rules) this.apply(this.span, this.seen, event, rules, "run");
    if (event.type === "run_start") this.server(read(event, ["provider"]));
    if (event.type === mapping.CHAT_SPAN_END_EVENT || CHAT_STARTS.has(event.type)) {
      const now = nowMs();
      if (event.type === mapping.CHAT_SPAN_END_EVENT) this.modelCall(now, event, null);
      if (CHAT_STARTS.has(event.type)) this.chatStart = now;
    }
    const spanEvent = mapping.SPAN_EVENTS[event.type];
    if (spanEvent) {
      const attributes: Record<string, AttributeValue> = {};
      for (const [attribute, path] of spanEvent.attributes) {
        const value = attributeValue(read(event, path));
        if (value !== undefined) attributes[attribute] = value;
      }
      this.span.addEvent(spanEvent.name, attributes);
    }
  }

  /** server.address and server.port, once run_start names the provider. */
  private server(provider: unknown): void {
    if (typeof provider !== "string" || this.seen.has(mapping.SERVER_ADDRESS_ATTRIBUTE)) return;
    const server = serverOf(provider, this.runEnv);
    if (server === null) return;
    this.seen.add(mapping.SERVER_ADDRESS_ATTRIBUTE);
    const values = { [mapping.SERVER_ADDRESS_ATTRIBUTE]: server[0], [mapping.SERVER_PORT_ATTRIBUTE]: server[1] };
    this.span.setAttributes(values);
    for (const [name, value] of Object.entries(values)) if (CHAT_FROM_RUN.has(name)) this.chatBase[name] = value;
  }

  /**
   * Records the span of one model request, from `chatStart` to `end`: what it repeats of the run
   * span, and what `event` (its usage, if any) says of it.
   */
  private modelCall(end: number, event: Event | null, errorType: string | null): void {
    const attributes: Record<string, AttributeValue> = { ...mapping.CHAT_SPAN_ATTRIBUTES, ...this.chatBase };
    if (event !== null) {
      for (const rule of mapping.RULES[event.type] ?? []) {
        if (rule.span !== "chat" || (rule.content !== null && !this.captureContent)) continue;
        const value = attributeValue(ruleValue(event, rule));
        if (value !== undefined) attributes[rule.attribute] = value;
      }
    }
    const model = this.chatBase["gen_ai.request.model"];
    const name =
      typeof model === "string" && model ? mapping.CHAT_SPAN_NAME.replace("{gen_ai.request.model}", model) : mapping.CHAT_SPAN_NAME_WITHOUT_MODEL;
    const span = this.tracer.startSpan(
      name,
      { kind: SPAN_KINDS[mapping.CHAT_SPAN_KIND] ?? SpanKind.CLIENT, attributes, startTime: this.chatStart },
      otelTrace.setSpan(otelContext.active(), this.span),
    );
    if (errorType !== null) {
      span.setAttribute("error.type", errorType);
      span.setStatus({ code: SpanStatusCode.ERROR, message: errorType });
    }
    span.end(Math.max(end, this.chatStart));
  }

  private apply(span: Span, seen: Set<string>, event: Event, rules: readonly mapping.Rule[], which: "run" | "tool"): void {
    for (const rule of rules) {
      if (rule.span !== which || (rule.content !== null && !this.captureContent)) continue;
      if (rule.legacy === true && this.latestOnly) continue;
      if (rule.op === "count") {
        this.totals.set(rule.attribute, (this.totals.get(rule.attribute) ?? 0) + 1);
        continue;
      }
      const raw = ruleValue(event, rule);
      if (raw === undefined || (rule.op === "first" && seen.has(rule.attribute))) continue;
      if (rule.op === "sum") {
        this.totals.set(rule.attribute, (this.totals.get(rule.attribute) ?? 0) + Number(raw));
        continue;
      }
      const value = rule.content !== null ? render(raw, rule.content) : attributeValue(raw);
      if (value === undefined) continue;
      seen.add(rule.attribute);
      span.setAttribute(rule.attribute, value);
      if (which === "run" && CHAT_FROM_RUN.has(rule.attribute)) this.chatBase[rule.attribute] = value;
    }
  }

  private startTool(callId: string, name: unknown): ToolSpan {
    const previous = this.tools.get(callId);
    if (previous) {
      this.tools.delete(callId); // the model reused an id before the first call's result
      this.endTool(previous, mapping.TOOL_ERROR_NO_RESULT);
    }
    const spanName =
      typeof name === "string" && name ? mapping.TOOL_SPAN_NAME.replace("{gen_ai.tool.name}", name) : mapping.TOOL_SPAN_NAME_WITHOUT_TOOL;
    const span = this.tracer.startSpan(
      spanName,
      // The chat spans' clock (nowMs), so a chat span that starts at a tool's result never
      // seems to start before that tool (the SDK's own clock rounds differently, below 1 us).
      { kind: SpanKind.INTERNAL, attributes: { ...mapping.TOOL_SPAN_ATTRIBUTES }, startTime: nowMs() },
      otelTrace.setSpan(otelContext.active(), this.span),
    );
    const tool: ToolSpan = { span, seen: new Set(), permissionAction: null };
    this.tools.set(callId, tool);
    for (const early of this.early.get(callId) ?? []) this.applyTool(tool, early);
    this.early.delete(callId);
    return tool;
  }

  private applyTool(tool: ToolSpan, event: Event, rules: readonly mapping.Rule[] = mapping.RULES[event.type] ?? []): void {
    this.apply(tool.span, tool.seen, event, rules, "tool");
    const action = read(event, ["action"]);
    if (PERMISSION_TYPES.has(event.type) && typeof action === "string") tool.permissionAction = action;
  }

  private toolCall(event: Event, rules: readonly mapping.Rule[]): void {
    const id = read(event, ["id"]);
    this.applyTool(this.startTool(typeof id === "string" ? id : "", read(event, ["name"])), event, rules);
  }

  private permission(event: Event, rules: readonly mapping.Rule[]): void {
    this.apply(this.span, this.seen, event, rules, "run");
    const id = read(event, ["id"]);
    const callId = typeof id === "string" ? id : "";
    const tool = this.tools.get(callId);
    if (tool) this.applyTool(tool, event, rules);
    else this.early.set(callId, [...(this.early.get(callId) ?? []), event]); // a parallel read batch
  }

  private toolResult(event: Event, rules: readonly mapping.Rule[]): void {
    const id = read(event, ["id"]);
    const callId = typeof id === "string" ? id : "";
    const tool = this.tools.get(callId) ?? this.startTool(callId, read(event, ["name"]));
    this.tools.delete(callId);
    this.applyTool(tool, event, rules);
    let errorType: string | null = null;
    if (read(event, ["status"]) === "error") {
      errorType = mapping.TOOL_ERROR_BY_PERMISSION_ACTION[tool.permissionAction ?? ""] ?? mapping.TOOL_ERROR_FAILED;
    }
    this.endTool(tool, errorType);
  }

  private endTool(tool: ToolSpan, errorType: string | null): void {
    if (errorType !== null) {
      tool.span.setAttribute("error.type", errorType);
      tool.span.setStatus({ code: SpanStatusCode.ERROR, message: errorType });
    }
    tool.span.end();
  }

  finish(result: RunResult | null, error: unknown): void {
    if (this.finished) return;
    this.finished = true;
    const span = this.span;
    if (this.observe !== null) {
      for (const tool of this.tools.values()) this.endTool(tool, mapping.TOOL_ERROR_NO_RESULT);
      this.tools.clear();
      for (const [attribute, total] of this.totals) span.setAttribute(attribute, total);
    }
    if (result !== null && span.isRecording()) {
      if (result.schemaVersion !== null) span.setAttribute(mapping.SCHEMA_VERSION_ATTRIBUTE, result.schemaVersion);
      const exitCode = result.exitCode ?? (error instanceof ZeroError ? error.exitCode : null);
      // What the events did not tell (no run_end, or events not observed): the client's account.
      const fallbacks: [string, string | number | null][] = [
        ["zero.run.id", result.runId],
        ["zero.run.status", result.status],
        ["zero.run.exit_code", exitCode],
        ["gen_ai.conversation.id", result.sessionId],
      ];
      for (const [attribute, value] of fallbacks) if (!this.seen.has(attribute) && value !== null) span.setAttribute(attribute, value);
    }
    if (error !== null && error !== undefined) {
      const errorType = runErrorType(result, error);
      const kind = clientErrorKind(error);
      // The request that failed (it has no usage) has a span too.
      if (this.observe !== null && kind !== null && mapping.CHAT_SPAN_FAILED_ON.includes(kind)) this.modelCall(nowMs(), null, errorType);
      span.setAttribute("error.type", errorType);
      if (kind !== null) span.setAttribute(mapping.CLIENT_ERROR_ATTRIBUTE, kind);
      // The message only: a ZeroError's message adds the stderr tail, which is not ours to export.
      const message = error instanceof ZeroError ? error.detail : error instanceof Error ? error.message : String(error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: message || errorType });
    }
    span.end();
  }
}

/** `error.type` of a failed run (schema/tracing.json `errorTypes.run`). */
function runErrorType(result: RunResult | null, error: unknown): string {
  const kind = clientErrorKind(error);
  if (kind === null) return error instanceof Error ? error.name : typeof error;
  const clientSide = mapping.RUN_ERROR_CLIENT_SIDE[kind];
  if (clientSide !== undefined) return clientSide;
  const codes = (result?.errors ?? []).map((e) => e.code).filter((code): code is string => !!code);
  if (codes.length > 0) return codes[codes.length - 1] as string;
  return mapping.RUN_ERROR_WITHOUT_ERROR_EVENT[kind] ?? mapping.RUN_ERROR_FALLBACK;
}

/**
 * Runs `body` inside the span of a batch of runs (`invoke_workflow zero-sdk batch`): every run
 * started inside it is its child (through the active context, which needs a context manager
 * such as AsyncLocalStorageContextManager for async code). The span ends when `body` settles;
 * a rejection marks it ERROR.
 */
export async function batchSpan<T>(
  body: (span: Span) => Promise<T>,
  options: { tracerProvider?: TracerProvider; attributes?: Record<string, string | number> } = {},
): Promise<T> {
  const tracer = getTracer(options.tracerProvider ?? otelTrace.getTracerProvider());
  const span = tracer.startSpan(mapping.BATCH_SPAN_NAME, {
    kind: SpanKind.INTERNAL,
    attributes: { ...mapping.BATCH_SPAN_ATTRIBUTES, ...options.attributes },
  });
  try {
    return await otelContext.with(otelTrace.setSpan(otelContext.active(), span), () => body(span));
  } catch (error) {
    const name = error instanceof Error ? error.name : typeof error;
    span.setAttribute("error.type", name);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
}
