// Every shared conformance vector through the generated TypeScript bindings of its version, and
// every valid output vector of an older version through the version-neutral decoder (upgraded).
import { strict as assert } from "node:assert";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";

import {
  BINDINGS_BY_VERSION,
  LATEST_SCHEMA_VERSION,
  SUPPORTED_SCHEMA_VERSIONS,
  type JsonValue,
  ProtocolError,
  UnknownEvent,
  encodeEvent,
  extraFields,
  latest,
  parseLine,
  parseOutput,
  wireOf,
} from "../src/index.js";

const ROOT = new URL("../../../../", import.meta.url);

interface Case {
  name: string;
  direction: "input" | "output";
  line: string;
  expect: "valid" | "invalid" | "unknown";
  error?: { kind: string; field: string };
}

// The hand-written vectors, then those generated from the schema (`zero-sdk generate`); a
// version just bumped to has only the generated ones.
const CASE_FILES = ["cases.jsonl", "generated.jsonl"] as const;

function loadCases(version: number): Case[] {
  return CASE_FILES.flatMap((file) => {
    const url = new URL(`conformance/v${version}/${file}`, ROOT);
    if (!existsSync(url)) return [];
    return (
      readFileSync(url, "utf8")
        // Records are separated by "\n" only (a record may hold a raw U+2028).
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as Case)
    );
  });
}

/**
 * `value` with each `-0` made `0`. They are one JSON number (the integer 0), but JSON.parse reads
 * `-0` as the number -0, which an integer field keeps (`=== 0`) and encodes as `0`.
 */
function negativeZeroAsZero(value: JsonValue): JsonValue {
  if (typeof value === "number") return value === 0 ? 0 : value;
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(negativeZeroAsZero);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, negativeZeroAsZero(item)]));
}

/** Runs `check` on every case and fails once, naming every case it failed for and why. */
function checkEvery(cases: Case[], check: (c: Case) => void): void {
  const problems: string[] = [];
  for (const c of cases) {
    try {
      check(c);
    } catch (error) {
      problems.push(`${c.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  assert.equal(problems.length, 0, `${problems.length} of ${cases.length} vectors:\n${problems.join("\n")}`);
}

for (const version of SUPPORTED_SCHEMA_VERSIONS) {
  const bindings = BINDINGS_BY_VERSION.get(version);
  assert.ok(bindings !== undefined);
  const cases = loadCases(version);

  test(`v${version}: the vectors are there`, () => {
    assert.ok(cases.length > 100, `only ${cases.length} cases`);
    assert.ok(
      cases.some((c) => c.name.startsWith("generated/")),
      "no generated vectors (run `zero-sdk generate --lang conformance`)",
    );
  });

  // One test per version checks every vector and lists every mismatch at once.
  test(`v${version}: every vector decodes as expected`, () => {
    checkEvery(cases, (c) => {
      const decode = () =>
        c.direction === "input" ? bindings.validateInput(parseLine(c.line)) : bindings.validateOutput(parseLine(c.line), { strict: true });
      if (c.expect === "invalid") {
        assert.throws(decode, (error: unknown) => {
          assert.ok(error instanceof ProtocolError, String(error));
          assert.deepEqual({ kind: error.kind, field: error.field }, c.error);
          return true;
        });
        return;
      }
      const event = decode();
      const raw = parseLine(c.line);
      if (c.expect === "unknown") {
        assert.ok(event instanceof UnknownEvent);
        assert.equal(event.type, "unknown");
        assert.equal(event.wireType, raw["type"]);
        assert.deepEqual(event.raw, raw);
      } else {
        assert.ok(!(event instanceof UnknownEvent));
        const typed = event as { type: string; schemaVersion: number };
        assert.equal(typed.type, raw["type"]);
        assert.equal(typed.schemaVersion, version);
      }
      // Round trip: the same JSON object (integers compared exactly).
      assert.deepEqual(parseLine(encodeEvent(event)), negativeZeroAsZero(raw));
    });
  });

  // The fast path of parseOutput takes exactly the valid output vectors (the rest go to the
  // ordered checks, which name the fault).
  test(`v${version}: the one-pass scan accepts exactly the valid output vectors`, () => {
    const outputs = cases.filter((x) => x.direction === "output" && x.error?.kind !== "invalid_json");
    checkEvery(outputs, (c) => {
      const scanned = bindings.scanOutput(parseLine(c.line));
      assert.equal(scanned !== undefined, c.expect === "valid", `scanOutput ${scanned === undefined ? "rejects" : "accepts"} it`);
    });
  });

  // Lenient decoding keeps every unknown field of a known output event and writes it back.
  test(`v${version}: lenient decoding keeps every unknown field and writes it back`, () => {
    const unknownFields = cases.filter((x) => x.direction === "output" && x.error?.kind === "unknown_field");
    assert.ok(unknownFields.length > 0, "no unknown-field output vectors");
    checkEvery(unknownFields, (c) => {
      const event = bindings.validateOutput(parseLine(c.line));
      assert.ok(!(event instanceof UnknownEvent));
      const path = (c.error?.field ?? "").split(".");
      let owner: unknown = event;
      for (const part of path.slice(0, -1)) owner = (owner as Record<string, unknown>)[part];
      assert.ok(Object.hasOwn(extraFields(owner as object), path[path.length - 1] as string));
      assert.deepEqual(parseLine(encodeEvent(event)), parseLine(c.line));
    });
  });

  // The version-neutral decoder takes every valid line of every supported version: an older
  // line comes out as an event the latest version's own validator accepts, strictly.
  if (version !== LATEST_SCHEMA_VERSION) {
    test(`v${version}: every valid output vector upgrades to a valid latest event`, () => {
      let upgraded = 0;
      for (const c of cases.filter((x) => x.direction === "output" && x.expect === "valid")) {
        const event = parseOutput(c.line, { strict: true });
        if (event instanceof UnknownEvent) continue; // a type the latest version dropped
        upgraded++;
        assert.equal(event.schemaVersion, LATEST_SCHEMA_VERSION, c.name);
        assert.deepEqual(wireOf(event), { schemaVersion: version, line: c.line }, c.name);
        const again = latest.validateOutput(parseLine(encodeEvent(event)), { strict: true });
        assert.ok(!(again instanceof UnknownEvent), c.name);
        assert.equal(again.type, event.type, c.name);
      }
      assert.ok(upgraded > 10, `only ${upgraded} vectors upgraded`);
    });
  }
}

test("parseOutput rejects an unsupported schemaVersion, naming it", () => {
  const unsupported = Math.max(...SUPPORTED_SCHEMA_VERSIONS) + 1;
  assert.throws(
    () => parseOutput(`{"runId":"r1","schemaVersion":${unsupported},"type":"text"}`),
    (e: unknown) => e instanceof ProtocolError && e.kind === "bad_const" && e.field === "schemaVersion",
  );
  assert.throws(
    () => parseOutput(`{"runId":"r1","type":"text"}`),
    (e: unknown) => e instanceof ProtocolError && e.kind === "missing_field" && e.field === "schemaVersion",
  );
});
