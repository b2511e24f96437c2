// Small user programs compiled with tsc --strict against the package sources: narrowing on
// `type` works on exactly what `parseOutput` returns (the unknown case included), exhaustiveness
// checks via `never` work, integers are plain numbers; and the mistakes those types exist to
// catch are caught, each at the line marked `// expect TSnnnn`.
import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { OUTPUT_EVENT_TYPES } from "../src/index.js";

// dist/test/typecheck.test.js -> clients/typescript
const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const TSC = join(PACKAGE_ROOT, "node_modules", "typescript", "bin", "tsc");

const cases = OUTPUT_EVENT_TYPES.map((type) => `    case ${JSON.stringify(type)}:\n      return e.type;`).join("\n");

/** The TypeScript example of docs/extensions.md, as it is there. */
const EXTENSIONS_DOC = (() => {
  const doc = readFileSync(join(PACKAGE_ROOT, "..", "..", "docs", "extensions.md"), "utf8");
  const block = doc.split("```ts\n")[1]?.split("```")[0];
  assert.ok(block?.includes("tool({"), "docs/extensions.md has no TypeScript example");
  return `${block}export {};\n`;
})();

const PROGRAMS: Record<string, string> = {
  "extensions_doc.mts": EXTENSIONS_DOC,
  "narrowing.ts": `
import { parseOutput, type OutputEvent, type UnknownEvent } from "zero-headless-sdk";
import { ZeroClient } from "zero-headless-sdk/client";

export function read(line: string): string {
  const ev = parseOutput(line);
  if (ev.type === "text") return ev.delta ?? "";
  if (ev.type === "usage") {
    const tokens: number = ev.promptTokens + ev.completionTokens;
    return String(tokens);
  }
  if (ev.type === "unknown") return ev.wireType;
  return ev.runId;
}

export function exhaustive(e: OutputEvent | UnknownEvent): string {
  switch (e.type) {
${cases}
    case "unknown":
      return e.wireType;
    default: {
      const unreachable: never = e;
      return unreachable;
    }
  }
}

export async function stream(): Promise<number> {
  let n = 0;
  for await (const event of new ZeroClient().stream("hi")) if (event.type === "text") n += (event.delta ?? "").length;
  return n;
}
`,
  "no_narrowing.ts": `
import { parseOutput } from "zero-headless-sdk";
export const delta = parseOutput("{}").delta; // expect TS2339
`,
  "missing_case.ts": `
import type { OutputEvent, UnknownEvent } from "zero-headless-sdk";
export function f(e: OutputEvent | UnknownEvent): string {
  switch (e.type) {
${cases.split("\n").slice(2).join("\n")}
    case "unknown":
      return e.wireType;
    default: {
      const unreachable: never = e; // expect TS2322
      return unreachable;
    }
  }
}
`,
  "bigint.ts": `
import { parseOutput } from "zero-headless-sdk";
const ev = parseOutput("{}");
export const big: bigint = ev.type === "usage" ? ev.totalTokens : 0n; // expect TS2322
`,
};

test("user programs type-check as the bindings promise (tsc --strict)", { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "zero-ts-typecheck-"));
  try {
    for (const [name, text] of Object.entries(PROGRAMS)) writeFileSync(join(dir, name), text);
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noEmit: true,
          types: ["node"],
          typeRoots: [join(PACKAGE_ROOT, "node_modules", "@types")],
          paths: {
            "zero-headless-sdk": [join(PACKAGE_ROOT, "src", "index.ts")],
            "zero-headless-sdk/client": [join(PACKAGE_ROOT, "src", "client", "index.ts")],
            zod: [join(PACKAGE_ROOT, "node_modules", "zod", "index.d.cts")],
          },
        },
        files: Object.keys(PROGRAMS),
      }),
    );
    const run = spawnSync(process.execPath, [TSC, "-p", "tsconfig.json", "--pretty", "false"], { cwd: dir, encoding: "utf8" });
    const got = new Set(
      [...run.stdout.matchAll(/^([\w.]+)\((\d+),\d+\): error (TS\d+)/gm)].map((m) => `${m[1]}:${m[2]}:${m[3]}`),
    );
    const want = new Set<string>();
    for (const [name, text] of Object.entries(PROGRAMS)) {
      text.split("\n").forEach((line, index) => {
        const mark = /\/\/ expect (TS\d+)/.exec(line);
        if (mark) want.add(`${name}:${index + 1}:${mark[1]}`);
      });
    }
    assert.deepEqual([...got].sort(), [...want].sort(), run.stdout + run.stderr);
    assert.equal(readFileSync(join(dir, "narrowing.ts"), "utf8").includes("case \"run_end\""), true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
