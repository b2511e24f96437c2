// TypeScript decode vs JSON.parse on the same corpus (not part of the test run).
//   (cd clients/typescript && npm run build) && node bench/ts_decode.mjs [lines]
// Corpus: the valid output vectors of conformance/v<latest>/cases.jsonl, cycled in file order.
// The subjects are timed in interleaved rounds (baseline, then each subject, per round) and the
// best round of each counts, so load from other processes hits them alike. Time is the
// process's CPU time (user + system), not wall time: on a shared machine the wall clock also
// counts the time the process waited for a core.
import { readFileSync } from "node:fs";
import * as pkg from "../clients/typescript/dist/src/index.js";

const total = Number(process.argv[2] ?? 200000);
const ROUNDS = 7;
const latest = pkg.LATEST_SCHEMA_VERSION ?? 2;
const vectors = readFileSync(new URL(`../conformance/v${latest}/cases.jsonl`, import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l !== "")
  .map((l) => JSON.parse(l))
  .filter((c) => c.direction === "output" && c.expect === "valid")
  .map((c) => c.line);
const corpus = Array.from({ length: total }, (_, i) => vectors[i % vectors.length]);

const subjects = [
  ["JSON.parse", (l) => JSON.parse(l)],
  ["parseOutput (lenient)", (l) => pkg.parseOutput(l)],
  ["parseOutput (strict)", (l) => pkg.parseOutput(l, { strict: true })],
  ...(process.env.TS_BENCH_EXACT ? [["v2.parseOutput", (l) => pkg.v2.parseOutput(l)]] : []),
];
const best = new Map(subjects.map(([label]) => [label, Infinity]));
let sink = 0;
for (const [, fn] of subjects) for (let i = 0; i < 20000; i++) sink += fn(corpus[i % corpus.length]) ? 1 : 0; // warm-up
for (let round = 0; round < ROUNDS; round++) {
  for (const [label, fn] of subjects) {
    const start = process.cpuUsage();
    for (const line of corpus) sink += fn(line) ? 1 : 0;
    const used = process.cpuUsage(start);
    best.set(label, Math.min(best.get(label), (used.user + used.system) / 1e6));
  }
}
console.log(`corpus: ${corpus.length} lines from ${vectors.length} distinct valid v${latest} output vectors; best of ${ROUNDS} interleaved rounds, CPU time`);
const rates = new Map([...best].map(([label, seconds]) => [label, corpus.length / seconds]));
for (const [label, rate] of rates) {
  console.log(`${label.padEnd(28)} ${Math.round(rate).toLocaleString("en-US").padStart(12)} events/s  (${sink > 0 ? "ok" : "?"})`);
}
const base = rates.get("JSON.parse");
console.log(
  `ratio lenient/JSON.parse: ${(rates.get("parseOutput (lenient)") / base).toFixed(2)}  strict/JSON.parse: ${(rates.get("parseOutput (strict)") / base).toFixed(2)}`,
);
