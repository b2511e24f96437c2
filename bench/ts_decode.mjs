// TypeScript decode vs JSON.parse on the same corpus (not part of the test run).
//   (cd clients/typescript && npm run build) && node bench/ts_decode.mjs [lines]
// Corpus: the valid v2 output vectors of conformance/v2/cases.jsonl, cycled in file order.
import { readFileSync } from "node:fs";
import { v2 } from "../clients/typescript/dist/src/index.js";

const total = Number(process.argv[2] ?? 200000);
const vectors = readFileSync(new URL("../conformance/v2/cases.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l !== "")
  .map((l) => JSON.parse(l))
  .filter((c) => c.direction === "output" && c.expect === "valid")
  .map((c) => c.line);
const corpus = Array.from({ length: total }, (_, i) => vectors[i % vectors.length]);

function time(label, fn) {
  let sink = 0;
  for (let i = 0; i < 20000; i++) sink += fn(corpus[i % corpus.length]) ? 1 : 0; // warm-up
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const start = process.hrtime.bigint();
    for (const line of corpus) sink += fn(line) ? 1 : 0;
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
  }
  const rate = corpus.length / best;
  console.log(`${label.padEnd(28)} ${Math.round(rate).toLocaleString("en-US").padStart(12)} events/s  (${sink > 0 ? "ok" : "?"})`);
  return rate;
}

console.log(`corpus: ${corpus.length} lines from ${vectors.length} distinct valid v2 output vectors; best of 5`);
const baseline = time("JSON.parse", (l) => JSON.parse(l));
const lenient = time("v2.parseOutput (lenient)", (l) => v2.parseOutput(l));
const strict = time("v2.parseOutput (strict)", (l) => v2.parseOutput(l, { strict: true }));
console.log(`ratio lenient/JSON.parse: ${(lenient / baseline).toFixed(2)}  strict/JSON.parse: ${(strict / baseline).toFixed(2)}`);
