// Every shared conformance vector through the generated TypeScript bindings.
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { v1, v2, encodeEvent, extraFields, parseLine, ProtocolError, UnknownEvent } from "../src/index.js";

const ROOT = new URL("../../../../", import.meta.url);
const MODULES = { 1: v1, 2: v2 } as const;

interface Case {
  name: string;
  direction: "input" | "output";
  line: string;
  expect: "valid" | "invalid" | "unknown";
  error?: { kind: string; field: string };
}

// The hand-written vectors, then those generated from the schema (`zero-sdk generate`).
const CASE_FILES = ["cases.jsonl", "generated.jsonl"] as const;

function loadCases(version: 1 | 2): Case[] {
  return CASE_FILES.flatMap((file) =>
    readFileSync(new URL(`conformance/v${version}/${file}`, ROOT), "utf8")
      // Records are separated by "\n" only (a record may hold a raw U+2028).
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as Case),
  );
}

for (const version of [1, 2] as const) {
  const module = MODULES[version];
  const cases = loadCases(version);

  test(`v${version}: the vectors are there`, () => {
    assert.ok(cases.length > 100, `only ${cases.length} cases`);
    assert.ok(
      cases.some((c) => c.name.startsWith("generated/")),
      "no generated vectors (run `zero-sdk generate --lang conformance`)",
    );
  });

  for (const c of cases) {
    test(`v${version}:${c.name}`, () => {
      const decode = () =>
        c.direction === "input" ? module.parseInput(c.line) : module.parseOutput(c.line, { strict: true });
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
        assert.equal(event.type, raw["type"]);
        assert.deepEqual(event.raw, raw);
      } else {
        assert.ok(!(event instanceof UnknownEvent));
        assert.equal(event.type, raw["type"]);
        assert.equal(event.schemaVersion, version);
      }
      // Round trip: the same JSON object (integers compared exactly).
      assert.deepEqual(parseLine(encodeEvent(event)), raw);
    });
  }

  // Lenient decoding keeps every unknown field of a known output event and writes it back.
  for (const c of cases.filter((x) => x.direction === "output" && x.error?.kind === "unknown_field")) {
    test(`v${version}:lenient:${c.name}`, () => {
      const event = module.parseOutput(c.line);
      assert.ok(!(event instanceof UnknownEvent));
      const path = (c.error?.field ?? "").split(".");
      let owner: unknown = event;
      for (const part of path.slice(0, -1)) owner = (owner as Record<string, unknown>)[part];
      assert.ok(Object.hasOwn(extraFields(owner as object), path[path.length - 1] as string));
      assert.deepEqual(parseLine(encodeEvent(event)), parseLine(c.line));
    });
  }
}
