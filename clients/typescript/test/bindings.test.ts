// Behaviour of the generated bindings beyond the vectors: narrowing, absent vs present, extras,
// exact big integers, errors, encoding.
import { strict as assert } from "node:assert";
import { test } from "node:test";

import { v2, encodeEvent, extraFields, parseOutput, ProtocolError, UnknownEvent } from "../src/index.js";

const RUN = "run_20260822101500_3fa9c2";

function describe(event: v2.OutputEvent | UnknownEvent): string {
  if (event instanceof UnknownEvent) return `unknown:${event.type}`;
  switch (event.type) {
    case "run_start":
      return `cwd=${event.cwd}`; // narrowed: `cwd` exists only on RunStartEvent
    case "tool_result":
      return `status=${event.status} truncated=${event.truncated}`;
    case "usage":
      return `total=${event.totalTokens}`;
    default:
      return event.type;
  }
}

test("the output union narrows on type", () => {
  const event = v2.parseOutput(`{"cwd":"/w","runId":"${RUN}","schemaVersion":2,"type":"run_start"}`);
  assert.equal(describe(event), "cwd=/w");
  const result = v2.parseOutput(`{"runId":"${RUN}","schemaVersion":2,"status":"ok","truncated":false,"type":"tool_result"}`);
  assert.equal(describe(result), "status=ok truncated=false");
});

test("absent and empty optional fields stay distinct", () => {
  const absent = v2.parseOutput(`{"runId":"${RUN}","schemaVersion":2,"type":"text"}`);
  const empty = v2.parseOutput(`{"delta":"","runId":"${RUN}","schemaVersion":2,"type":"text"}`);
  assert.ok(!(absent instanceof UnknownEvent) && absent.type === "text");
  assert.ok(!(empty instanceof UnknownEvent) && empty.type === "text");
  assert.equal(Object.hasOwn(absent, "delta"), false);
  assert.equal(empty.delta, "");
  assert.equal(encodeEvent(absent).includes("delta"), false);
  assert.equal(encodeEvent(empty).includes('"delta":""'), true);
});

test("null is kept for args (any JSON) and rejected for typed fields", () => {
  const call = v2.parseOutput(`{"args":null,"runId":"${RUN}","schemaVersion":2,"sideEffect":"read","type":"tool_call"}`);
  assert.ok(!(call instanceof UnknownEvent) && call.type === "tool_call");
  assert.equal(call.args, null);
  assert.ok(Object.hasOwn(call, "args"));
  assert.throws(
    () => v2.parseOutput(`{"delta":null,"runId":"${RUN}","schemaVersion":2,"type":"text"}`),
    (e: unknown) => e instanceof ProtocolError && e.kind === "wrong_type" && e.field === "delta",
  );
});

test("integers above 2^53 survive decode and encode exactly", () => {
  const line = `{"completionTokens":1,"promptTokens":9007199254740993,"runId":"${RUN}","schemaVersion":2,"totalTokens":123456789012345678901234567890,"type":"usage"}`;
  const event = v2.parseOutput(line);
  assert.ok(!(event instanceof UnknownEvent) && event.type === "usage");
  assert.equal(event.promptTokens, 9007199254740993n);
  assert.equal(event.completionTokens, 1);
  assert.equal(encodeEvent(event), line);
});

test("lenient keeps nested unknown fields; strict names them", () => {
  const line = `{"risk":{"level":"low","score":0.5},"permissionGranted":true,"runId":"${RUN}","schemaVersion":2,"type":"permission_decision","x":[1]}`;
  const event = v2.parseOutput(line);
  assert.ok(!(event instanceof UnknownEvent) && event.type === "permission_decision");
  assert.deepEqual(extraFields(event), { x: [1] });
  assert.deepEqual(extraFields(event.risk), { score: 0.5 });
  assert.deepEqual(JSON.parse(encodeEvent(event)), JSON.parse(line));
  assert.throws(
    () => v2.parseOutput(line.replace(',"x":[1]', ""), { strict: true }),
    (e: unknown) => e instanceof ProtocolError && e.kind === "unknown_field" && e.field === "risk.score",
  );
});

test("unknown output types keep the raw object; input types are strict", () => {
  const line = `{"beat":1,"runId":"${RUN}","schemaVersion":2,"type":"heartbeat"}`;
  const event = parseOutput(line);
  assert.ok(event instanceof UnknownEvent);
  assert.equal(event.type, "heartbeat");
  assert.deepEqual(extraFields(event), { beat: 1 });
  assert.equal(encodeEvent(event), line);
  assert.throws(
    () => v2.parseInput(`{"schemaVersion":2,"type":"heartbeat"}`),
    (e: unknown) => e instanceof ProtocolError && e.kind === "unknown_type" && e.field === "type",
  );
});

test("the top-level parseOutput dispatches on schemaVersion", () => {
  const one = parseOutput(`{"runId":"${RUN}","schemaVersion":1,"type":"reasoning"}`);
  assert.ok(one instanceof UnknownEvent, "reasoning is not a v1 event");
  const two = parseOutput(`{"runId":"${RUN}","schemaVersion":2,"type":"reasoning"}`);
  assert.ok(!(two instanceof UnknownEvent) && two.type === "reasoning");
  assert.throws(
    () => parseOutput(`{"runId":"${RUN}","schemaVersion":3,"type":"text"}`),
    (e: unknown) => e instanceof ProtocolError && e.kind === "bad_const" && e.field === "schemaVersion",
  );
});

test("the encoder writes like the binary: sorted, compact, HTML-escaped", () => {
  const event: v2.TextEvent = { schemaVersion: 2, type: "text", runId: RUN, delta: "<a & b>\u2028" };
  assert.equal(
    encodeEvent(event),
    `{"delta":"\\u003ca \\u0026 b\\u003e\\u2028","runId":"${RUN}","schemaVersion":2,"type":"text"}`,
  );
  const input: v2.InputEvent = { schemaVersion: 2, type: "message", role: "user", images: [{ mediaType: "png", data: "AAAA" }] };
  assert.deepEqual(v2.parseInput(encodeEvent(input)), input);
});
