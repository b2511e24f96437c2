// Behaviour of the generated bindings beyond the vectors, through the version-neutral API:
// narrowing, absent vs present, extras, safe integers, errors, encoding, input encoders.
import { strict as assert } from "node:assert";
import { test } from "node:test";

import {
  BINDINGS_BY_VERSION,
  LATEST_SCHEMA_VERSION,
  SUPPORTED_SCHEMA_VERSIONS,
  ProtocolError,
  UnknownEvent,
  encodeEvent,
  encodeInput,
  extraFields,
  parseInput,
  parseLine,
  parseOutput,
  validateOutput,
  wireOf,
  type InputEvent,
  type OutputEvent,
  type TextEvent,
} from "../src/index.js";

const RUN = "run_20260822101500_3fa9c2";
const V = LATEST_SCHEMA_VERSION;

function describe(event: OutputEvent | UnknownEvent): string {
  switch (event.type) {
    case "run_start":
      return `cwd=${event.cwd}`; // narrowed: `cwd` exists only on RunStartEvent
    case "tool_result":
      return `status=${event.status} truncated=${event.truncated}`;
    case "usage":
      return `total=${event.totalTokens}`;
    case "unknown":
      return `unknown:${event.wireType}`;
    default:
      return event.type;
  }
}

test("the output union narrows on type, the unknown case included", () => {
  assert.equal(describe(parseOutput(`{"cwd":"/w","runId":"${RUN}","schemaVersion":${V},"type":"run_start"}`)), "cwd=/w");
  const result = parseOutput(`{"runId":"${RUN}","schemaVersion":${V},"status":"ok","truncated":false,"type":"tool_result"}`);
  assert.equal(describe(result), "status=ok truncated=false");
  assert.equal(describe(parseOutput(`{"runId":"${RUN}","schemaVersion":${V},"type":"heartbeat"}`)), "unknown:heartbeat");
  // A wire type literally called "unknown" is an unknown event too (no known event has it).
  const odd = parseOutput(`{"runId":"${RUN}","schemaVersion":${V},"type":"unknown"}`);
  assert.ok(odd instanceof UnknownEvent && odd.wireType === "unknown");
});

test("absent and empty optional fields stay distinct", () => {
  const absent = parseOutput(`{"runId":"${RUN}","schemaVersion":${V},"type":"text"}`);
  const empty = parseOutput(`{"delta":"","runId":"${RUN}","schemaVersion":${V},"type":"text"}`);
  assert.ok(absent.type === "text" && empty.type === "text");
  assert.equal(Object.hasOwn(absent, "delta"), false);
  assert.equal(empty.delta, "");
  assert.equal(encodeEvent(absent).includes("delta"), false);
  assert.equal(encodeEvent(empty).includes('"delta":""'), true);
});

test("null is kept for args (any JSON) and rejected for typed fields", () => {
  const call = parseOutput(`{"args":null,"runId":"${RUN}","schemaVersion":${V},"sideEffect":"read","type":"tool_call"}`);
  assert.ok(call.type === "tool_call");
  assert.equal(call.args, null);
  assert.ok(Object.hasOwn(call, "args"));
  assert.throws(
    () => parseOutput(`{"delta":null,"runId":"${RUN}","schemaVersion":${V},"type":"text"}`),
    (e: unknown) => e instanceof ProtocolError && e.kind === "wrong_type" && e.field === "delta",
  );
});

test("integers are plain numbers: safe ones decode, larger ones are rejected naming the field", () => {
  const usage = (prompt: string, total = "3") =>
    `{"completionTokens":1,"promptTokens":${prompt},"runId":"${RUN}","schemaVersion":${V},"totalTokens":${total},"type":"usage"}`;
  const event = parseOutput(usage("9007199254740991"));
  assert.ok(event.type === "usage");
  const n: number = event.promptTokens;
  assert.equal(n, Number.MAX_SAFE_INTEGER);
  assert.equal(encodeEvent(event), usage("9007199254740991"));
  for (const [prompt, kind] of [
    ["9007199254740992", "constraint"], // 2^53: a number cannot tell it from 2^53 + 1
    ["9007199254740993", "constraint"],
    ["9223372036854775808", "constraint"],
    ["1e300", "constraint"],
    ["1.5", "wrong_type"],
    ['"1"', "wrong_type"],
    ["-1", "constraint"], // minimum 0
  ] as const) {
    assert.throws(
      () => parseOutput(usage(prompt)),
      (e: unknown) => e instanceof ProtocolError && e.kind === kind && e.field === "promptTokens",
      prompt,
    );
  }
  // 1.0 and -0 are integers (JSON Schema); free-form JSON keeps big integers exactly.
  const whole = parseOutput(usage("1.0", "-0"));
  assert.ok(whole.type === "usage" && whole.promptTokens === 1 && Object.is(whole.totalTokens, -0));
  const args = `{"args":{"n":-9007199254740993},"runId":"${RUN}","schemaVersion":${V},"sideEffect":"read","type":"tool_call"}`;
  assert.equal(encodeEvent(parseOutput(args)), args);
  // A schemaVersion read exactly (a bigint) is a bad_const too, not a TypeError from the message.
  assert.throws(
    () => validateOutput(parseLine(`{"runId":"${RUN}","schemaVersion":${"9".repeat(30)},"type":"warning"}`)),
    (e: unknown) => e instanceof ProtocolError && e.kind === "bad_const" && e.message.includes("9".repeat(30)),
  );
});

test("lenient keeps nested unknown fields; strict names them", () => {
  const line = `{"risk":{"level":"low","score":0.5},"permissionGranted":true,"runId":"${RUN}","schemaVersion":${V},"type":"permission_decision","x":[1]}`;
  const event = parseOutput(line);
  assert.ok(event.type === "permission_decision");
  assert.deepEqual(extraFields(event), { x: [1] });
  assert.deepEqual(extraFields(event.risk), { score: 0.5 });
  assert.ok(!Object.hasOwn(event, "x"), "unknown fields live apart from the typed ones");
  assert.deepEqual(JSON.parse(encodeEvent(event)), JSON.parse(line));
  assert.throws(
    () => parseOutput(line.replace(',"x":[1]', ""), { strict: true }),
    (e: unknown) => e instanceof ProtocolError && e.kind === "unknown_field" && e.field === "risk.score",
  );
});

test("unknown output types keep the raw object; input types are strict", () => {
  const line = `{"beat":1,"runId":"${RUN}","schemaVersion":${V},"type":"heartbeat"}`;
  const event = parseOutput(line);
  assert.ok(event instanceof UnknownEvent);
  assert.equal(event.type, "unknown");
  assert.equal(event.wireType, "heartbeat");
  assert.deepEqual(extraFields(event), { beat: 1 });
  assert.equal(encodeEvent(event), line);
  assert.throws(
    () => parseInput(`{"schemaVersion":${V},"type":"heartbeat"}`),
    (e: unknown) => e instanceof ProtocolError && e.kind === "unknown_type" && e.field === "type",
  );
});

test("events of the latest version are returned as they arrived", () => {
  const line = `{"delta":"hi","runId":"${RUN}","schemaVersion":${V},"type":"text"}`;
  const event = parseOutput(line);
  assert.deepEqual(wireOf(event), { schemaVersion: V, line: undefined });
  assert.equal(encodeEvent(event), line);
});

test("the encoder writes like the binary: sorted, compact, HTML-escaped", () => {
  const event: TextEvent = { schemaVersion: V, type: "text", runId: RUN, delta: "<a & b>\u2028" };
  assert.equal(
    encodeEvent(event),
    `{"delta":"\\u003ca \\u0026 b\\u003e\\u2028","runId":"${RUN}","schemaVersion":${V},"type":"text"}`,
  );
  const input: InputEvent = { schemaVersion: V, type: "message", role: "user", images: [{ mediaType: "png", data: "AAAA" }] };
  assert.deepEqual(parseInput(encodeEvent(input)), input);
});

test("input is written in the version asked for, and checked against it", () => {
  for (const version of SUPPORTED_SCHEMA_VERSIONS) {
    const line = encodeInput({ type: "prompt", content: "hi" }, version);
    assert.equal(line, `{"content":"hi","schemaVersion":${version},"type":"prompt"}`);
    assert.equal(BINDINGS_BY_VERSION.get(version)?.schemaVersion, version);
    assert.deepEqual(parseInput(line), { type: "prompt", content: "hi", schemaVersion: V });
  }
  assert.throws(
    () => encodeInput({ type: "prompt", content: "   " }),
    (e: unknown) => e instanceof ProtocolError && e.kind === "constraint" && e.field === "content",
  );
  assert.throws(
    () => encodeInput({ type: "prompt", content: "x" }, Math.max(...SUPPORTED_SCHEMA_VERSIONS) + 1),
    (e: unknown) => e instanceof ProtocolError && e.kind === "bad_const" && e.field === "schemaVersion",
  );
});
