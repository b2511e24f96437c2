// Typed results (`outputType`, client/output.ts) and the run's instructions (`instructions`, the
// layer's ZERO.md), on zero-engine and, with ZERO_REAL_BIN, the real Zero: the same scenarios as
// tests/test_structured_output.py. Each checks what the client returns and what the model was sent.
import { strict as assert } from "node:assert";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { z } from "zod";

import { StructuredOutputError, ZeroClient, jsonOutput, tool } from "../src/client/index.js";
import { mergedGuidelines } from "../src/client/instructions.js";
import { answer, FakeModelServer, type Reply } from "../src/testing/index.js";
import { TARGETS, clientFor } from "./targets.js";

const OUTPUT_TOOL = "mcp_sdk_final_result";
const scratch = mkdtempSync(join(tmpdir(), "zero-ts-output-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

const Verdict = z.object({ ok: z.boolean(), reasons: z.array(z.string()) });
type Verdict = z.infer<typeof Verdict>;

const pointSchema = {
  type: "object",
  properties: { x: { type: "integer" }, y: { type: "integer" } },
  required: ["x", "y"],
  additionalProperties: false,
} as const;

const add = tool<{ a: number; b: number }>({
  name: "add",
  description: "Adds two integers.",
  inputSchema: { type: "object", properties: { a: { type: "integer" }, b: { type: "integer" } }, required: ["a", "b"] },
  handler: ({ a, b }) => String(a + b),
});

interface Body {
  messages: { role: string; content?: unknown }[];
  tools?: { function: { name: string; description: string; parameters: Record<string, unknown> } }[];
}

function body(server: FakeModelServer, index: number): Body {
  return server.requests[index]?.body as Body;
}

function lastToolMessage(b: Body): string {
  return String(b.messages.filter((m) => m.role === "tool").at(-1)?.content);
}

async function withServer<T>(replies: Reply[], run: (server: FakeModelServer) => Promise<T>): Promise<T> {
  const server = await FakeModelServer.start(replies);
  try {
    return await run(server);
  } finally {
    await server.close();
  }
}

test("instructions follow the user's guidelines within Zero's cap; too long ones are refused", () => {
  assert.equal(mergedGuidelines("", "  Be brief. "), "Be brief.");
  assert.equal(mergedGuidelines("Mine.", "Be brief."), "Mine.\n\nBe brief.");
  const merged = mergedGuidelines("é".repeat(8192), "Be brief.");
  assert.ok(merged.endsWith("… (truncated)\n\nBe brief.") && Buffer.byteLength(merged) <= 8192);
  assert.throws(() => new ZeroClient({ command: "zero", instructions: "x".repeat(8193) }), /Zero reads at most 8192 bytes/);
});

for (const target of TARGETS) {
  describe(`typed results and instructions on ${target.name}`, { skip: target.skip }, () => {
    test("a valid object (zod: the type is inferred)", async () => {
      await withServer(answer({ ok: true, reasons: ["tests pass"] }), async (server) => {
        const { client } = clientFor(target, server, scratch);
        const result = await client.run("Do the tests pass?", { outputType: Verdict });
        const verdict: Verdict | null = result.output; // compile-time: inferred from the schema
        assert.deepEqual(verdict, { ok: true, reasons: ["tests pass"] });
        assert.equal(result.error, null);
        const prompt = String(body(server, 0).messages.filter((m) => m.role === "user").at(-1)?.content);
        assert.ok(prompt.startsWith("Do the tests pass?") && prompt.includes(`select:${OUTPUT_TOOL}`));
      });
    });

    test("an invalid object, then a valid one after the corrective turn", async () => {
      const replies = [{ tool_calls: [{ name: OUTPUT_TOOL, arguments: { ok: "yes", reasons: [] } }] }, ...answer({ ok: false, reasons: ["one fails"] })];
      await withServer(replies, async (server) => {
        const { client } = clientFor(target, server, scratch);
        const result = await client.run("Do the tests pass?", { outputType: Verdict });
        assert.deepEqual(result.output, { ok: false, reasons: ["one fails"] });
        const corrective = lastToolMessage(body(server, 1));
        assert.match(corrective, /does not match the schema/);
        assert.match(corrective, /ok: /);
        assert.match(corrective, /2 tries left/);
      });
    });

    test("the model never answering is a StructuredOutputError", async () => {
      await withServer([{ text: "The tests pass, I think." }], async (server) => {
        const { client } = clientFor(target, server, scratch);
        await assert.rejects(client.run("Do the tests pass?", { outputType: Verdict }), (error: unknown) => {
          assert.ok(error instanceof StructuredOutputError);
          assert.equal(error.attempts, 0);
          assert.equal(error.lastAttempt, null);
          assert.match(error.message, /never called final_result/);
          assert.equal(error.result?.finalText, "The tests pass, I think.");
          return true;
        });
      });
    });

    test("a JSON Schema output: tries are bounded and check: false keeps the last attempt", async () => {
      const bad = [{ x: "1", y: 2 }, { x: 1 }, { x: 1, y: 2 }];
      const replies = [...bad.map((args) => ({ tool_calls: [{ name: OUTPUT_TOOL, arguments: args }] })), { text: "Giving up." }];
      await withServer(replies, async (server) => {
        const { client } = clientFor(target, server, scratch);
        const result = await client.run("Where?", { outputType: jsonOutput<{ x: number; y: number }>(pointSchema), outputTries: 2, check: false });
        assert.equal(result.output, null);
        const error = result.error;
        assert.ok(error instanceof StructuredOutputError);
        assert.equal(error.attempts, 2);
        assert.deepEqual(error.lastAttempt, { x: 1 });
        assert.match(error.validationErrors[0] ?? "", /y/);
        assert.match(lastToolMessage(body(server, 3)), /No tries left/);
      });
    });

    test("the output tool is reachable when Zero defers MCP tools; sessions give typed results", async () => {
      const replies = [{ tool_calls: [{ name: "tool_search", arguments: { query: `select:${OUTPUT_TOOL}` } }] }, ...answer({ x: 1, y: 2 })];
      await withServer(replies, async (server) => {
        const { client } = clientFor(target, server, scratch, { tools: [add] });
        const result = await client.session().run("Where?", { outputType: jsonOutput<{ x: number; y: number }>(pointSchema) });
        const point: { x: number; y: number } | null = result.output;
        assert.deepEqual(point, { x: 1, y: 2 });
        const first = body(server, 0);
        assert.ok(!first.tools?.some((t) => t.function.name === OUTPUT_TOOL));
        const loaded = body(server, 1).tools?.find((t) => t.function.name === OUTPUT_TOOL)?.function;
        assert.deepEqual(loaded?.parameters["required"], ["x", "y"]);
        assert.match(loaded?.description ?? "", /"x"/);
      });
    });

    test("a stream gives the typed result when it ends; without one it throws then, or keeps the error", async () => {
      const replies = [{ tool_calls: [{ name: OUTPUT_TOOL, arguments: { ok: "yes", reasons: [] } }] }, ...answer({ ok: true, reasons: ["tests pass"] })];
      await withServer(replies, async (server) => {
        const { client } = clientFor(target, server, scratch);
        const stream = client.stream("Do the tests pass?", { outputType: Verdict });
        const types: string[] = [];
        for await (const event of stream) types.push(event.type);
        assert.equal(types[0], "run_start");
        assert.equal(types.at(-1), "run_end");
        assert.equal(types.filter((type) => type === "tool_result").length, 2);
        const verdict: Verdict | null | undefined = stream.result?.output; // compile-time: inferred
        assert.deepEqual(verdict, { ok: true, reasons: ["tests pass"] });
        assert.match(lastToolMessage(body(server, 1)), /does not match the schema/);
      });
      await withServer([{ text: "No idea." }], async (server) => {
        const { client } = clientFor(target, server, scratch);
        const seen: string[] = [];
        await assert.rejects(
          (async () => {
            for await (const event of client.session().stream("Do the tests pass?", { outputType: Verdict })) seen.push(event.type);
          })(),
          StructuredOutputError,
        );
        assert.equal(seen.at(-1), "run_end");
      });
      await withServer([{ text: "No idea." }], async (server) => {
        const { client } = clientFor(target, server, scratch);
        const stream = client.stream("Where?", { outputType: jsonOutput<{ x: number; y: number }>(pointSchema), check: false });
        for await (const _ of stream) {
          // to the end
        }
        assert.ok(stream.error instanceof StructuredOutputError);
        assert.equal(stream.result?.output, null);
      });
    });

    test("instructions reach the request after the user's guidelines", async () => {
      await withServer([{ text: "Oui." }], async (server) => {
        const { client, ws, home } = clientFor(target, server, scratch, { instructions: "Always answer in French." });
        mkdirSync(join(home, ".config", "zero"), { recursive: true });
        writeFileSync(join(home, ".config", "zero", "ZERO.md"), "Prefer tabs.\n");
        writeFileSync(join(ws, "AGENTS.md"), "Run make test before finishing.\n");
        await client.run("Hello");
        const system = body(server, 0).messages.filter((m) => m.role === "system").map((m) => String(m.content)).join("\n");
        const order = ["## User guidelines (ZERO.md)", "Prefer tabs.", "Always answer in French.", "## Project guidelines (AGENTS.md)", "Run make test"];
        const at = order.map((text) => system.indexOf(text));
        assert.ok(at.every((i, n) => i >= 0 && (n === 0 || i > (at[n - 1] as number))), `${JSON.stringify(at)} in ${system.slice(-800)}`);
        assert.equal(readFileSync(join(home, ".config", "zero", "ZERO.md"), "utf8"), "Prefer tabs.\n");
      });
    });
  });
}
