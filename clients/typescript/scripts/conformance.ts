/**
 * Conformance runner: `node dist/scripts/conformance.js <version> <file.jsonl>...` prints, per
 * case of each file in turn (cases.jsonl, generated.jsonl), one JSON line
 * {name, verdict, kind, field, encoded, lenient}. tests/test_crosslang_*.py
 * compares it with the Python and Go runners.
 *
 * Lines are decoded with that version's exact bindings from the registry. Output lines are
 * decoded strictly (unknown fields rejected; unknown types are `unknown`); `lenient` is the
 * re-encoding of a lenient decode of the same output line, or null.
 */

import { readFileSync } from "node:fs";
import { BINDINGS_BY_VERSION, SUPPORTED_SCHEMA_VERSIONS, ProtocolError, UnknownEvent, encodeEvent, parseLine } from "../src/index.js";

interface Case {
  name: string;
  direction: "input" | "output";
  line: string;
}

function main(argv: readonly string[]): void {
  const [versionArg, ...paths] = argv;
  const bindings = BINDINGS_BY_VERSION.get(Number(versionArg));
  if (bindings === undefined || paths.length === 0) {
    process.stderr.write(`usage: conformance.js <${SUPPORTED_SCHEMA_VERSIONS.join("|")}> <file.jsonl>...\n`);
    process.exit(2);
  }
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
      const line = parseLine(c.line);
      const event = c.direction === "input" ? bindings.validateInput(line) : bindings.validateOutput(line, { strict: true });
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
        result["lenient"] = encodeEvent(bindings.validateOutput(parseLine(c.line)));
      } catch (error) {
        if (!(error instanceof ProtocolError)) throw error;
      }
    }
    out.push(JSON.stringify(result));
  }
  process.stdout.write(out.join("\n") + "\n");
}

main(process.argv.slice(2));
