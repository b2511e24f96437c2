/**
 * Conformance runner: `node dist/scripts/conformance.js <version> <file.jsonl>...` prints, per
 * case of each file in turn (cases.jsonl, generated.jsonl), one JSON line
 * {name, verdict, kind, field, encoded, lenient}. tests/test_crosslang_*.py
 * compares it with the Python and Go runners.
 *
 * Output lines are decoded strictly (unknown fields rejected; unknown types are `unknown`);
 * `lenient` is the re-encoding of a lenient decode of the same output line, or null.
 */

import { readFileSync } from "node:fs";
import { v1, v2, encodeEvent, ProtocolError, UnknownEvent } from "../src/index.js";

const MODULES = { 1: v1, 2: v2 } as const;

interface Case {
  name: string;
  direction: "input" | "output";
  line: string;
}

function main(argv: readonly string[]): void {
  const [versionArg, ...paths] = argv;
  const version = Number(versionArg);
  if ((version !== 1 && version !== 2) || paths.length === 0) {
    process.stderr.write("usage: conformance.js <1|2> <file.jsonl>...\n");
    process.exit(2);
  }
  const module = MODULES[version];
  const out: string[] = [];
  const records = paths.flatMap((path) => readFileSync(path, "utf8").split("\n"));
  for (const record of records) {
    if (record === "") continue;
    const c = JSON.parse(record) as Case;
    const result: Record<string, string | null> = {
      name: c.name,
      verdict: "valid",
      kind: null,
      field: null,
      encoded: null,
      lenient: null,
    };
    try {
      const event = c.direction === "input" ? module.parseInput(c.line) : module.parseOutput(c.line, { strict: true });
      result["verdict"] = event instanceof UnknownEvent ? "unknown" : "valid";
      result["encoded"] = encodeEvent(event);
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      result["verdict"] = "invalid";
      result["kind"] = error.kind;
      result["field"] = error.field;
    }
    if (c.direction === "output") {
      try {
        result["lenient"] = encodeEvent(module.parseOutput(c.line));
      } catch (error) {
        if (!(error instanceof ProtocolError)) throw error;
      }
    }
    out.push(JSON.stringify(result));
  }
  process.stdout.write(out.join("\n") + "\n");
}

main(process.argv.slice(2));
