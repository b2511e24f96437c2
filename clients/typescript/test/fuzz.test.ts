// Seeded random mutation fuzzing of the decoders: parseOutput (lenient and strict), every
// version's validateInput and the client's LineDecoder may only throw ProtocolError (ZeroProtocolError from
// a strict LineDecoder); LineSplitter never throws and splits exactly like split("\n").
// The seed is fixed so a failure replays; set ZERO_SDK_SLOW=1 for a long run.
import { strict as assert } from "node:assert";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";

import { LineDecoder, LineSplitter, ZeroProtocolError, ZeroVersionError } from "../src/client/index.js";
import {
  BINDINGS_BY_VERSION,
  ProtocolError,
  SUPPORTED_SCHEMA_VERSIONS,
  UnknownEvent,
  isSupportedSchemaVersion,
  parseInput,
  parseLine,
  parseOutput,
  type JsonObject,
  type JsonValue,
} from "../src/index.js";

const ROOT = new URL("../../../../", import.meta.url);
const SLOW = (process.env["ZERO_SDK_SLOW"] ?? "") !== "" && process.env["ZERO_SDK_SLOW"] !== "0";
const ITERATIONS = SLOW ? 200_000 : 4_000;

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seeds(): string[] {
  const lines: string[] = [];
  for (const version of SUPPORTED_SCHEMA_VERSIONS) {
    const path = new URL(`conformance/v${version}/cases.jsonl`, ROOT);
    if (!existsSync(path)) continue; // a version just bumped to has generated vectors only
    const text = readFileSync(path, "utf8");
    for (const record of text.split("\n")) {
      if (record !== "") lines.push((JSON.parse(record) as { line: string }).line);
    }
  }
  return lines;
}

const TOKENS = [
  "\u0000", "\ufeff", "\ud800", '"', "\\", "{", "}", "[", "]", ",", ":", "\n", "\r", " ", "\u2028", "null", "true",
  "1e999", "-0", "2.0", "99999999999999999999999", "9".repeat(400), '"\\ud800"', '"\\u0000"', "NaN", "__proto__",
  '"__proto__":{"x":1}', '"constructor":', '"schemaVersion":2', '"schemaVersion":1', '"type":"run_end"',
  '"runId":"run_20260101000000_abcdef"', '"exitCode":', '"risk":{"level":', '"meta":{"k":', '"args":',
  '"block":{"code":"x"', '"images":[{"mediaType":"png","data":"', "[".repeat(5000), '{"a":'.repeat(3000),
];

function mutate(rand: () => number, pool: string[]): string {
  const pick = <T>(items: T[]): T => items[Math.floor(rand() * items.length)] as T;
  let s = pick(pool);
  const edits = pick([0, 1, 1, 2, 3, 6]);
  for (let i = 0; i < edits; i++) {
    const pos = Math.floor(rand() * (s.length + 1));
    switch (Math.floor(rand() * 7)) {
      case 0:
        s = s.slice(0, pos) + String.fromCharCode(Math.floor(rand() * 0x3000)) + s.slice(pos + 1);
        break;
      case 1:
        s = s.slice(0, pos) + pick(TOKENS) + s.slice(pos);
        break;
      case 2:
        s = s.slice(0, pos) + s.slice(pos + 1 + Math.floor(rand() * 16));
        break;
      case 3:
        s = s.slice(0, pos) + s.slice(pos, pos + 1 + Math.floor(rand() * 32)) + s.slice(pos);
        break;
      case 4: {
        const other = pick(pool);
        s = s.slice(0, pos) + other.slice(Math.floor(rand() * (other.length + 1)));
        break;
      }
      case 5:
        s = s.slice(0, pos);
        break;
      default:
        s = s.replace(/:("[^"]*"|-?\d+|true|false|null)/, ":" + pick(['"x"', "0", "-1", "[]", "{}", "null", "1.5"]));
    }
  }
  return s;
}

test("fuzz: decoders throw only ProtocolError", () => {
  const pool = seeds();
  const rand = prng(20260601);
  const untyped: string[] = [];
  let tried = 0;
  const attempt = (what: string, line: string, fn: () => unknown): void => {
    try {
      fn();
    } catch (error) {
      if (!(error instanceof ProtocolError)) {
        untyped.push(`${what}: ${(error as Error)?.constructor?.name}: ${String(error).slice(0, 120)} on ${JSON.stringify(line.slice(0, 120))}`);
      }
    }
  };
  for (let i = 0; i < ITERATIONS; i++) {
    const line = rand() < 0.05 ? String.fromCharCode(...Array.from({ length: Math.floor(rand() * 40) }, () => Math.floor(rand() * 0x10000))) : mutate(rand, pool);
    tried++;
    attempt("parseOutput", line, () => parseOutput(line));
    attempt("parseOutput(strict)", line, () => parseOutput(line, { strict: true }));
    attempt("parseInput", line, () => parseInput(line));
    for (const bindings of BINDINGS_BY_VERSION.values()) {
      attempt(`v${bindings.schemaVersion}.validateInput`, line, () => bindings.validateInput(parseLine(line)));
    }
    for (const mode of ["lenient", "strict"] as const) {
      try {
        new LineDecoder(mode).decode(Buffer.from(line, "utf8"));
      } catch (error) {
        // Strict mode throws ZeroProtocolError, or ZeroVersionError for an object of an unsupported schemaVersion.
        const typed = error instanceof ZeroProtocolError || (error instanceof ZeroVersionError && !isSupportedSchemaVersion(parseLine(line)["schemaVersion"]));
        if (!(mode === "strict" && typed)) {
          untyped.push(`LineDecoder(${mode}): ${String(error).slice(0, 120)} on ${JSON.stringify(line.slice(0, 120))}`);
        }
      }
    }
  }
  console.log(`[adversarial] fuzz/typescript-decode: inputs_fuzzed=${tried}, untyped_failures=${untyped.length}`);
  assert.deepEqual([...new Set(untyped)].slice(0, 5), []);
});

// Values a mutation may put anywhere: every JSON type, enum-like and const-like strings, numbers
// at and beyond the safe-integer edge.
const REPLACEMENTS: JsonValue[] = [
  "x", "", "bogus_value", "user", "run_20260101000000_abcdef", "   ", 0, -1, 1.5, 2, 1, 9007199254740991,
  9007199254740993, true, false, null, [], ["x"], [1], {}, { extra: 1 }, { level: "low" },
];

/** `value` with one random change at a random place: a key removed or added, or a value replaced. */
function mutateValue(rand: () => number, value: JsonValue): JsonValue {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  if (typeof value !== "object" || value === null || typeof value === "bigint" || rand() < 0.2) {
    return structuredClone(pick(REPLACEMENTS));
  }
  if (Array.isArray(value)) {
    if (value.length === 0 || rand() < 0.2) return [...value, structuredClone(pick(REPLACEMENTS))];
    const i = Math.floor(rand() * value.length);
    return value.map((item, j) => (j === i ? mutateValue(rand, item) : item));
  }
  const keys = Object.keys(value);
  const out: JsonObject = { ...value };
  const roll = rand();
  if (keys.length === 0 || roll < 0.15) out[pick(["extra", "type", "schemaVersion", "runId", "risk", "delta"])] = structuredClone(pick(REPLACEMENTS));
  else if (roll < 0.3) delete out[pick(keys)];
  else {
    const key = pick(keys);
    out[key] = mutateValue(rand, value[key] as JsonValue);
  }
  return out;
}

test("fuzz: each version's one-pass scan accepts exactly the known events its ordered checks accept", () => {
  const rand = prng(20261201);
  let accepted = 0;
  let rejected = 0;
  for (const version of SUPPORTED_SCHEMA_VERSIONS) {
    const bindings = BINDINGS_BY_VERSION.get(version);
    assert.ok(bindings);
    const pool: JsonObject[] = [];
    for (const name of ["cases", "generated"]) {
      const path = new URL(`conformance/v${version}/${name}.jsonl`, ROOT);
      if (!existsSync(path)) continue;
      for (const record of readFileSync(path, "utf8").split("\n")) {
        if (record === "") continue;
        const vector = JSON.parse(record) as { direction: string; line: string; error?: { kind: string } };
        if (vector.direction !== "output" || vector.error?.kind === "invalid_json") continue;
        pool.push(JSON.parse(vector.line) as JsonObject);
      }
    }
    for (let i = 0; i < ITERATIONS * 2; i++) {
      const base = pool[Math.floor(rand() * pool.length)] as JsonObject;
      let mutated = i % 8 === 0 ? base : mutateValue(rand, base);
      if (typeof mutated !== "object" || mutated === null || Array.isArray(mutated)) mutated = base; // lines are objects here
      const line = JSON.stringify(mutated);
      const scanned: object | undefined = bindings.scanOutput(JSON.parse(line) as JsonObject);
      const input = JSON.parse(line) as JsonObject;
      let checked: object | undefined;
      try {
        const event: object = bindings.validateOutput(input, { strict: true });
        checked = event instanceof UnknownEvent ? undefined : event;
      } catch (error) {
        assert.ok(error instanceof ProtocolError, String(error));
      }
      assert.equal(scanned !== undefined, checked !== undefined, `v${version} scan and checks disagree on ${line}`);
      if (scanned !== undefined) accepted++;
      else rejected++;
    }
  }
  // Both outcomes must be well represented, or the test proves little.
  assert.ok(accepted > ITERATIONS / 4 && rejected > ITERATIONS / 4, `accepted ${accepted}, rejected ${rejected}`);
});

test("fuzz: LineSplitter splits any chunking like split('\\n')", () => {
  const rand = prng(7);
  for (let i = 0; i < (SLOW ? 50_000 : 2_000); i++) {
    const parts = Array.from({ length: Math.floor(rand() * 12) }, () => ["\n", "\r", "ab", "\r\n", "{}", "é"][Math.floor(rand() * 6)]);
    const data = Buffer.from(parts.join(""), "utf8");
    const splitter = new LineSplitter();
    const got: string[] = [];
    let start = 0;
    while (start < data.length) {
      const end = Math.min(data.length, start + 1 + Math.floor(rand() * 5));
      for (const line of splitter.feed(data.subarray(start, end))) got.push(line.toString("latin1"));
      start = end;
    }
    const last = splitter.finish();
    const raw = data.toString("latin1").split("\n");
    const pieces = raw.map((p) => (p.endsWith("\r") ? p.slice(0, -1) : p));
    const tail = pieces.pop() as string;
    assert.deepEqual(got, pieces);
    // An unterminated tail exists when the raw last piece is non-empty (even a lone "\r").
    assert.equal(last === null ? null : last.toString("latin1"), raw[raw.length - 1] === "" ? null : tail);
  }
});
