// OpenTelemetry tracing of the Node client (`zero-headless-sdk/otel`), recorded with the SDK's
// in-memory exporter: real zero-engine runs (scripted provider; read tools and a refused call
// only) and golden transcripts of the real Zero played by the Python replay fake.
import { strict as assert } from "node:assert";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import { SpanKind, SpanStatusCode, context, trace as otelTrace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { AlwaysOffSampler, BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base";

import { ZeroClient, ZeroProviderError, type ClientOptions } from "../src/client/index.js";
import { batchSpan, contentCaptureEnabled, otelTracer } from "../src/otel/index.js";

const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const REPO = resolve(PACKAGE_ROOT, "..", "..");
const ENGINE = process.env["ZERO_ENGINE_BIN"] ? resolve(process.env["ZERO_ENGINE_BIN"]) : resolve(REPO, ".venv", "bin", "zero-engine");
const PYTHON = resolve(dirname(ENGINE), "python");
const SKIP = existsSync(ENGINE) ? false : `zero-engine not found at ${ENGINE}: set ZERO_ENGINE_BIN or run scripts/bootstrap`;
const OUTSIDE = "/zero-sdk-tracing-test-outside";
const PROMPT = "Summarize the readme please";
const README = "hello from the readme body";

type Step = Record<string, unknown>;
const TOOL_TURNS: Step[][] = [
  [
    { text: "Reading the readme. " },
    { tool_call: { id: "call_ok", name: "read_file", args: { path: "README.md" } } },
    { tool_call: { id: "call_refused", name: "list_directory", args: { path: OUTSIDE } } },
    { usage: { prompt: 10, completion: 5 } },
  ],
  [{ text: "The final answer." }, { usage: { prompt: 20, completion: 3 } }],
];

const roots: string[] = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function recorder(options: ConstructorParameters<typeof BasicTracerProvider>[0] = {}): { provider: BasicTracerProvider; exporter: InMemorySpanExporter } {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ ...options, spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { provider, exporter };
}

/** A temp dir with a workspace holding README.md, and client options for the scripted engine. */
function fixture(turns: Step[][], extra: ClientOptions = {}): { root: string; options: ClientOptions } {
  const root = mkdtempSync(join(tmpdir(), "zero-ts-otel-"));
  roots.push(root);
  const ws = join(root, "ws");
  mkdirSync(ws);
  writeFileSync(join(ws, "README.md"), README);
  const script = join(root, "script.json");
  writeFileSync(script, JSON.stringify({ model: "scripted-model", turns: turns.map((steps) => ({ steps })) }));
  const env: Record<string, string | undefined> = {};
  for (const key of Object.keys(process.env)) {
    if (key.startsWith("OPENAI_") || key.startsWith("ZERO_") || key.startsWith("OTEL_") || key.startsWith("TRACE")) env[key] = undefined;
  }
  Object.assign(env, {
    ZERO_SCHEMA_VERSION: "2",
    ZERO_PROVIDER: "scripted",
    ZERO_SCRIPT: script,
    HOME: join(root, "home"),
    XDG_DATA_HOME: join(root, "xdg"),
  });
  return { root, options: { command: [ENGINE], cwd: ws, env, schemaVersion: 2, timeouts: { totalMs: 30_000, graceMs: 2_000 }, ...extra } };
}

const byName = (spans: ReadableSpan[], name: string): ReadableSpan => {
  const found = spans.filter((s) => s.name === name);
  assert.equal(found.length, 1, `one ${name} among ${spans.map((s) => s.name).join(", ")}`);
  return found[0] as ReadableSpan;
};

function checkToolRun(spans: ReadableSpan[], sessionId: string | null, runId: string | null): void {
  const run = byName(spans, "invoke_agent zero");
  const tools = spans.filter((s) => s.name.startsWith("execute_tool"));
  assert.deepEqual(tools.map((s) => s.name), ["execute_tool read_file", "execute_tool list_directory"]);
  assert.equal(run.kind, SpanKind.CLIENT);
  assert.equal(run.parentSpanContext, undefined);
  assert.equal(run.status.code, SpanStatusCode.UNSET);
  for (const tool of tools) {
    assert.equal(tool.kind, SpanKind.INTERNAL);
    assert.equal(tool.parentSpanContext?.spanId, run.spanContext().spanId);
    assert.equal(tool.spanContext().traceId, run.spanContext().traceId);
  }
  assert.deepEqual(run.attributes, {
    "gen_ai.operation.name": "invoke_agent",
    "gen_ai.agent.name": "zero",
    "gen_ai.provider.name": "scripted",
    "gen_ai.system": "scripted", // the v1.36 name, left out by the stability opt-in
    "zero.provider": "scripted",
    "gen_ai.request.model": "scripted-model",
    "gen_ai.response.model": "scripted-model",
    "gen_ai.conversation.id": sessionId,
    "gen_ai.usage.input_tokens": 30,
    "gen_ai.usage.output_tokens": 8,
    "zero.usage.requests": 2,
    "zero.run.id": runId,
    "zero.run.status": "success",
    "zero.run.exit_code": 0,
    "gen_ai.response.finish_reasons": ["stop"],
    "zero.schema_version": 2,
  });
  for (const span of spans) assert.equal(span.instrumentationScope.schemaUrl, "https://opentelemetry.io/schemas/1.41.0");
  // A `chat {model}` span per model request, with that request's usage and the run's provider,
  // models and conversation: the first ends as its stream ends, before the tools run; the second
  // starts once the last tool result went back.
  const chats = spans.filter((s) => s.name.startsWith("chat"));
  assert.deepEqual(chats.map((s) => s.name), ["chat scripted-model", "chat scripted-model"]);
  const common = {
    "gen_ai.operation.name": "chat",
    "gen_ai.request.stream": true,
    "gen_ai.provider.name": "scripted",
    "gen_ai.system": "scripted",
    "gen_ai.request.model": "scripted-model",
    "gen_ai.response.model": "scripted-model",
    "gen_ai.conversation.id": sessionId,
  };
  assert.deepEqual(
    chats.map((s) => s.attributes),
    [
      { ...common, "gen_ai.usage.input_tokens": 10, "gen_ai.usage.output_tokens": 5 },
      { ...common, "gen_ai.usage.input_tokens": 20, "gen_ai.usage.output_tokens": 3 },
    ],
  );
  const ns = (time: [number, number]): number => time[0] * 1e9 + time[1];
  for (const chat of chats) {
    assert.equal(chat.kind, SpanKind.CLIENT);
    assert.equal(chat.status.code, SpanStatusCode.UNSET);
    assert.equal(chat.parentSpanContext?.spanId, run.spanContext().spanId);
    assert.ok(ns(run.startTime) <= ns(chat.startTime) && ns(chat.startTime) <= ns(chat.endTime) && ns(chat.endTime) <= ns(run.endTime));
  }
  const [first, second] = chats as [ReadableSpan, ReadableSpan];
  assert.ok(ns(first.endTime) <= Math.min(...tools.map((t) => ns(t.startTime))), "the first request ends before the tools run");
  assert.ok(ns(second.startTime) >= Math.max(...tools.map((t) => ns(t.startTime))) && ns(second.startTime) >= ns(first.endTime));
  const [ok, refused] = tools as [ReadableSpan, ReadableSpan];
  assert.equal(ok.status.code, SpanStatusCode.UNSET);
  assert.deepEqual(ok.attributes, {
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.type": "function",
    "gen_ai.tool.name": "read_file",
    "gen_ai.tool.call.id": "call_ok",
    "zero.tool.side_effect": "read",
    "zero.tool.status": "ok",
    "zero.tool.truncated": false,
  });
  assert.equal(refused.status.code, SpanStatusCode.ERROR);
  assert.deepEqual(refused.attributes, {
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.type": "function",
    "gen_ai.tool.name": "list_directory",
    "gen_ai.tool.call.id": "call_refused",
    "zero.tool.side_effect": "read",
    "zero.permission.action": "prompt",
    "zero.permission.granted": true,
    "zero.permission.mode": "auto",
    "zero.permission.risk_level": "critical",
    "zero.permission.block_code": "outside_workspace",
    "zero.tool.status": "error",
    "zero.tool.truncated": false,
    "error.type": "approval_required",
  });
  const dumped = JSON.stringify(spans.map((s) => [s.attributes, s.events.map((e) => e.attributes)]));
  for (const content of [PROMPT, README, "README.md", OUTSIDE, "The final answer", "Reading the readme"]) {
    assert.ok(!dumped.includes(content), `content ${content} leaked into the spans`);
  }
}

describe("otel tracer", { skip: SKIP }, () => {
  test("run() records a run span with a child per tool call, without content", async () => {
    const { provider, exporter } = recorder();
    const { options } = fixture(TOOL_TURNS, { tracer: otelTracer({ tracerProvider: provider }) });
    const result = await new ZeroClient(options).run(PROMPT);
    checkToolRun(exporter.getFinishedSpans(), result.sessionId, result.runId);
  });

  test("stream() records the same spans", async () => {
    const { provider, exporter } = recorder();
    const { options } = fixture(TOOL_TURNS, { tracer: otelTracer({ tracerProvider: provider }) });
    const stream = new ZeroClient(options).stream(PROMPT);
    for await (const _ of stream) {
      // consume
    }
    checkToolRun(exporter.getFinishedSpans(), stream.result?.sessionId ?? null, stream.result?.runId ?? null);
  });

  test("content capture records only what the stream carries", async () => {
    const { provider, exporter } = recorder();
    const { options } = fixture(TOOL_TURNS, { tracer: otelTracer({ tracerProvider: provider, captureContent: true }) });
    await new ZeroClient(options).run(PROMPT);
    const spans = exporter.getFinishedSpans();
    const run = byName(spans, "invoke_agent zero").attributes;
    assert.deepEqual(JSON.parse(run["gen_ai.output.messages"] as string), [
      { role: "assistant", parts: [{ type: "text", content: "The final answer." }], finish_reason: "stop" },
    ]);
    const ok = byName(spans, "execute_tool read_file").attributes;
    assert.deepEqual(JSON.parse(ok["gen_ai.tool.call.arguments"] as string), { path: "README.md" });
    assert.ok(String(ok["gen_ai.tool.call.result"]).includes(README));
    // The conventions name the result of a successful execution only.
    assert.equal(byName(spans, "execute_tool list_directory").attributes["gen_ai.tool.call.result"], undefined);
    assert.ok(!JSON.stringify(spans.map((s) => s.attributes)).includes(PROMPT));
    assert.equal(contentCaptureEnabled(undefined, { OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: "SPAN_ONLY" }), true);
    assert.equal(contentCaptureEnabled(undefined, { OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: "EVENT_ONLY" }), false);
    assert.equal(contentCaptureEnabled(undefined, {}), false);
  });

  test("the child gets the run span as TRACEPARENT; a sampled-out run records nothing", async () => {
    for (const sampledOut of [false, true]) {
      const { provider, exporter } = recorder(sampledOut ? { sampler: new AlwaysOffSampler() } : {});
      const { root, options } = fixture([[{ text: "hi" }]], { tracer: otelTracer({ tracerProvider: provider }) });
      const seen = join(root, "traceparent");
      const wrapper = join(root, "zero-with-env");
      writeFileSync(wrapper, `#!/bin/sh\nprintf "%s" "$TRACEPARENT" > "${seen}"\nexec "${ENGINE}" "$@"\n`, { mode: 0o755 });
      await new ZeroClient({ ...options, command: [wrapper] }).run("hello");
      const spans = exporter.getFinishedSpans();
      const traceparent = readFileSync(seen, "utf8");
      if (sampledOut) {
        assert.equal(spans.length, 0);
        assert.match(traceparent, /^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
      } else {
        const context = byName(spans, "invoke_agent zero").spanContext();
        assert.equal(traceparent, `00-${context.traceId}-${context.spanId}-01`);
      }
    }
  });

  test("a restarted run is one span", async () => {
    const { provider, exporter } = recorder();
    const { options } = fixture([[{ text: "hi" }]], { schemaVersion: 1, tracer: otelTracer({ tracerProvider: provider }) });
    const result = await new ZeroClient(options).run("hello");
    assert.equal(result.schemaVersion, 2);
    const spans = exporter.getFinishedSpans();
    assert.deepEqual(spans.map((s) => s.name), ["invoke_agent zero"]);
    const run = spans[0] as ReadableSpan;
    assert.equal(run.status.code, SpanStatusCode.UNSET);
    assert.equal(run.events.length, 0);
    assert.equal(run.attributes["zero.run.id"], result.runId);
  });

  test("a failed run is an ERROR span named by its error code, with the error as a span event", async () => {
    const { provider, exporter } = recorder();
    const { options } = fixture([[{ error: "model exploded" }]], { tracer: otelTracer({ tracerProvider: provider }) });
    await assert.rejects(new ZeroClient(options).run("hello"), ZeroProviderError);
    const run = byName(exporter.getFinishedSpans(), "invoke_agent zero");
    assert.equal(run.status.code, SpanStatusCode.ERROR);
    assert.equal(run.attributes["error.type"], "provider_error");
    // The request that failed has a span too (it has no usage), an error like the run.
    const chat = byName(exporter.getFinishedSpans(), "chat scripted-model");
    assert.equal(chat.status.code, SpanStatusCode.ERROR);
    assert.equal(chat.attributes["error.type"], "provider_error");
    assert.equal(chat.attributes["gen_ai.usage.input_tokens"], undefined);
    assert.equal(chat.parentSpanContext?.spanId, run.spanContext().spanId);
    assert.equal(run.attributes["zero.client.error"], "provider");
    assert.equal(run.attributes["zero.run.exit_code"], 3);
    assert.deepEqual(
      run.events.map((e) => [e.name, e.attributes]),
      [["zero.error", { "error.type": "provider_error", "zero.error.message": "model exploded" }]],
    );
  });

  test("golden: a listing outside the workspace is a refused tool span; the opt-in leaves out gen_ai.system", async () => {
    const { provider, exporter } = recorder();
    process.env["OTEL_SEMCONV_STABILITY_OPT_IN"] = "gen_ai_latest_experimental";
    after(() => {
      delete process.env["OTEL_SEMCONV_STABILITY_OPT_IN"];
    });
    const root = mkdtempSync(join(tmpdir(), "zero-ts-otel-golden-"));
    roots.push(root);
    const golden = JSON.parse(readFileSync(join(REPO, "conformance/goldens/v2/list_directory_outside.json"), "utf8")) as {
      steps: { stdout: string[] }[];
    };
    const lines = (golden.steps[0]?.stdout ?? [])
      .join("")
      .replaceAll("<RUN_ID_1>", "run_20260101000000_abc123")
      .replaceAll("<SESSION_ID_1>", "zero_20260101000000_1767225600000000000_1")
      .replaceAll("<WORKSPACE>", root)
      .replaceAll("<OUTSIDE>", "/outside");
    const transcript = join(root, "golden.jsonl");
    writeFileSync(transcript, lines);
    const client = new ZeroClient({
      command: [PYTHON, "-m", "zero_client.testing.replay", transcript],
      cwd: root,
      env: { OPENAI_BASE_URL: "http://127.0.0.1:8123/v1" },
      schemaVersion: 2,
      tracer: otelTracer({ tracerProvider: provider }),
    });
    await client.run("x");
    delete process.env["OTEL_SEMCONV_STABILITY_OPT_IN"];
    const spans = exporter.getFinishedSpans();
    const tool = byName(spans, "execute_tool list_directory");
    assert.equal(tool.status.code, SpanStatusCode.ERROR);
    assert.equal(tool.attributes["error.type"], "approval_required");
    const run = byName(spans, "invoke_agent zero");
    assert.equal(run.attributes["gen_ai.provider.name"], "openai");
    assert.equal(run.attributes["zero.provider"], "openai-compatible");
    assert.equal(run.attributes["gen_ai.system"], undefined);
    assert.equal(run.attributes["server.address"], "127.0.0.1");
    assert.equal(run.attributes["server.port"], 8123);
    assert.equal(run.attributes["gen_ai.conversation.id"], "zero_20260101000000_1767225600000000000_1");
  });

  test("a client given no tracer uses the global provider once one is registered; null turns it off", async () => {
    const { provider, exporter } = recorder();
    const { options } = fixture([[{ text: "hi" }]]);
    await new ZeroClient(options).run("before");
    assert.equal(exporter.getFinishedSpans().length, 0);
    otelTrace.setGlobalTracerProvider(provider);
    after(() => {
      otelTrace.disable();
    });
    await new ZeroClient(options).run("global");
    assert.equal(byName(exporter.getFinishedSpans(), "invoke_agent zero").attributes["zero.run.status"], "success");
    await new ZeroClient({ ...options, tracer: null }).run("off");
    assert.equal(exporter.getFinishedSpans().length, 1);
    otelTrace.disable();
  });

  test("batchSpan parents the runs started inside it", async () => {
    const { provider, exporter } = recorder();
    const { options } = fixture([[{ text: "hi" }]], { tracer: otelTracer({ tracerProvider: provider }) });
    const client = new ZeroClient(options);
    // The active context crosses awaits through a context manager, as in any traced Node program.
    const manager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(manager);
    after(() => {
      context.disable();
    });
    await batchSpan(async () => [await client.run("one"), await client.run("two")], {
      tracerProvider: provider,
      attributes: { "zero.batch.tasks": 2 },
    });
    const spans = exporter.getFinishedSpans();
    const batch = byName(spans, "invoke_workflow zero-sdk batch");
    assert.equal(batch.attributes["zero.batch.tasks"], 2);
    assert.equal(batch.attributes["openinference.span.kind"], "CHAIN"); // what Phoenix shows as its kind
    const runs = spans.filter((s) => s.name === "invoke_agent zero");
    assert.equal(runs.length, 2);
    for (const run of runs) assert.equal(run.parentSpanContext?.spanId, batch.spanContext().spanId);
  });
});
