// The fake model server of zero-headless-sdk/testing driving zero-engine (or, with ZERO_BIN set,
// a real zero): the node:test example of docs/testing.md, plus the script format's details.
import { strict as assert } from "node:assert";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { run } from "../src/client/index.js";
import { FakeModelServer, ScriptError, ZeroConfig, ZeroConfigError } from "../src/testing/index.js";

// Default: this checkout's zero-engine (dist/test/x.js -> clients/typescript -> repo/.venv).
const ENGINE = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..", ".venv", "bin", "zero-engine");
const ZERO = process.env["ZERO_BIN"] ?? process.env["ZERO_ENGINE_BIN"] ?? ENGINE;

// kit-example:node begin
async function zeroRun(model: FakeModelServer, files: Record<string, string>, prompt: string) {
  const root = mkdtempSync(join(tmpdir(), "zero-kit-")); // the workspace and the run's TMPDIR
  const ws = join(root, "ws");
  mkdirSync(ws);
  try {
    for (const [name, content] of Object.entries(files)) writeFileSync(join(ws, name), content);
    const env = { HOME: ws, TMPDIR: root, OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: "x", OPENAI_MODEL: "gpt-4o-mini", ZERO_SCHEMA_VERSION: "2" };
    return await run(prompt, { command: ZERO, cwd: ws, env, check: false });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test("a tool call, a permission denial and a provider error", async () => {
  const model = await FakeModelServer.start([
    { tool_calls: [{ name: "read_file", arguments: { path: "a.txt" } }] }, { text: "It says hello." },
    { tool_calls: [{ name: "write_file", arguments: { path: "/nonexistent-zero-kit/x", content: "x" } }] }, { text: "No." },
    { error: { status: 400, message: "bad request" } },
  ]);
  try {
    const read = await zeroRun(model, { "a.txt": "hello\n" }, "What does a.txt say?");
    assert.equal(read.finalText, "It says hello.");
    assert.match(read.toolCalls[0]?.output ?? "", /hello/);
    const write = await zeroRun(model, {}, "Write it.");
    assert.equal(write.toolCalls[0]?.permissionAction, "prompt");
    assert.match(write.toolCalls[0]?.output ?? "", /Sandbox approval required for write_file/);
    assert.equal((await zeroRun(model, {}, "Hi")).exitCode, 3);
    assert.equal(model.requests.length, 5);
  } finally {
    await model.close();
  }
});
// kit-example:node end

test("a bad script names the reply and the field", async () => {
  await assert.rejects(FakeModelServer.start([{ text: "ok" }, { usage: [1] }]), (error: unknown) => {
    assert.ok(error instanceof ScriptError);
    assert.equal(error.message, "reply 1: field 'usage' must be [prompt_tokens, completion_tokens]");
    return true;
  });
  await assert.rejects(FakeModelServer.start([{ txt: "ok" }]), /reply 0: unknown field 'txt'/);
});

test("the stream on the wire, the exhausted script and unknown paths", async () => {
  const model = await FakeModelServer.start({ replies: [{ text: ["a", "b"], usage: [3, 4] }] });
  try {
    const post = () => fetch(`${model.baseUrl}/chat/completions`, { method: "POST", body: "{}" });
    const body = await (await post()).text();
    const data = body.split("\n\n").filter(Boolean).map((event) => event.replace(/^data: /, ""));
    assert.equal(data.at(-1), "[DONE]");
    const chunks = data.slice(0, -1).map((text) => JSON.parse(text) as { choices: { delta: { content?: string } }[]; usage?: unknown });
    assert.deepEqual(chunks.slice(1, 3).map((c) => c.choices[0]?.delta.content), ["a", "b"]);
    assert.deepEqual(chunks.at(-1)?.usage, { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 });
    const exhausted = await post();
    assert.equal(exhausted.status, 500);
    assert.match(await exhausted.text(), /fake model: no scripted reply left/);
    assert.equal((await fetch(`${model.baseUrl}/models`)).status, 404);
  } finally {
    await model.close();
  }
});

test("ZeroConfig gives a run an MCP server and a blocking hook", async () => {
  const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");
  const python = join(repo, ".venv", "bin", "python");
  const root = mkdtempSync(join(tmpdir(), "zero-kit-config-"));
  const ws = join(root, "ws");
  const home = join(root, "home");
  mkdirSync(ws);
  writeFileSync(join(ws, "a.txt"), "hello\n");
  const model = await FakeModelServer.start([
    { tool_calls: [{ name: "mcp_calc_add", arguments: { a: 40, b: 2 } }, { name: "read_file", arguments: { path: "a.txt" } }] },
    { text: "Done." },
  ]);
  try {
    const config = new ZeroConfig(join(home, ".config"), ws);
    config.mcpServer("calc", { command: python, args: [join(repo, "conformance", "mcp", "calc_server.py")] });
    config.hook("no-reads", "beforeTool", "/bin/sh", { args: ["-c", "echo no reads >&2; exit 1"], matcher: "read_*" });
    assert.throws(() => config.hook("x", "sessionEnd", "true", { matcher: "*" }), ZeroConfigError);
    const env = {
      HOME: home, XDG_CONFIG_HOME: join(home, ".config"), TMPDIR: root, ZERO_SCHEMA_VERSION: "2",
      OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: "x", OPENAI_MODEL: "gpt-4o-mini",
    };
    const result = await run("add, then read", { command: ZERO, cwd: ws, env, extraArgs: ["--skip-permissions-unsafe"], check: false });
    assert.equal(result.toolCalls[0]?.output, "42");
    assert.equal(result.toolCalls[1]?.output, 'Error: "read_file" was blocked by hook "no-reads": no reads');
  } finally {
    await model.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test("reset_after resets the connection (TCP RST) after the events before it", async () => {
  const model = await FakeModelServer.start([{ text: ["a", "b"], reset_after: 1 }]);
  try {
    const { request } = await import("node:http");
    const outcome = await new Promise<{ body: string; code: string | undefined }>((done) => {
      let body = "";
      const req = request(`${model.baseUrl}/chat/completions`, { method: "POST" }, (res) => {
        res.on("data", (piece: Buffer) => (body += piece.toString()));
        res.on("error", (error: NodeJS.ErrnoException) => done({ body, code: error.code }));
        res.on("end", () => done({ body, code: undefined }));
      });
      req.on("error", (error: NodeJS.ErrnoException) => done({ body, code: error.code }));
      req.end("{}");
    });
    assert.equal(outcome.code, "ECONNRESET");
    assert.equal(outcome.body.split("data: ").length - 1, 1);
  } finally {
    await model.close();
  }
});
