// Your code inside a run (docs/extensions.md): tools, hooks, the per-run configuration layer,
// sessions and every `zero exec` option reaching the argv. The scenario runs on zero-engine and,
// when ZERO_REAL_BIN names the real Zero, on it too (skipped otherwise; CI never has it).
import { strict as assert } from "node:assert";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import { z } from "zod";

import {
  ExtensionRun,
  LAYER_ROOT_ENV,
  LayerLocationError,
  ToolDefinitionError,
  ZeroClient,
  layersRoot,
  newLayerDir,
  serverIdentity,
  tool,
  writeLayer,
  type ClientOptions,
  type JsonObjectSchema,
  type ToolUse,
} from "../src/client/index.js";
import { FakeModelServer } from "../src/testing/index.js";
import { TARGETS, clientFor as clientIn, targetPath, type Target, type TargetRun } from "./targets.js";

const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

const scratch = mkdtempSync(join(tmpdir(), "zero-ts-ext-"));
// The SDK's layers go outside every write root of the runs (the layer refuses /tmp, $TMPDIR and
// the workspace): a directory of this file's own under the repository's .layers/, removed at the end.
const REPO = resolve(PACKAGE_ROOT, "..", "..");
mkdirSync(join(REPO, ".layers"), { recursive: true, mode: 0o700 });
const layerRoot = mkdtempSync(join(REPO, ".layers", "ts-"));
process.env[LAYER_ROOT_ENV] = layerRoot;
after(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(layerRoot, { recursive: true, force: true });
});

test("every exec option reaches the argv", () => {
  const table: [ClientOptions, string[]][] = [
    [{ model: "m" }, ["--model", "m"]],
    [{ mode: "fast" }, ["--mode", "fast"]],
    [{ execProfile: "thorough" }, ["--exec-profile", "thorough"]],
    [{ reasoningEffort: "high" }, ["--reasoning-effort", "high"]],
    [{ auto: "medium" }, ["--auto", "medium"]],
    [{ permissionMode: "plan" }, ["--permission-mode", "plan"]],
    [{ maxTurns: 7 }, ["--max-turns", "7"]],
    [{ worktreeDir: "/w" }, ["--worktree-dir", "/w"]],
    [{ tag: "nightly" }, ["--tag", "nightly"]],
    [{ sessionTitle: "Fix it" }, ["--session-title", "Fix it"]],
    [{ initSessionId: "s0" }, ["--init-session-id", "s0"]],
    [{ fork: "s1" }, ["--fork", "s1"]],
    [{ enabledTools: ["read_file", "grep"] }, ["--enabled-tools", "read_file,grep"]],
    [{ disabledTools: ["exec_command"] }, ["--disabled-tools", "exec_command"]],
    [{ images: ["a.png", "b.png"] }, ["--image", "a.png", "--image", "b.png"]],
    [{ addDirs: ["/x", "/y"] }, ["--add-dir", "/x", "--add-dir", "/y"]],
    [{ plan: true }, ["--plan"]],
    [{ skipPermissionsUnsafe: true }, ["--skip-permissions-unsafe"]],
    [{ allowEscalation: true }, ["--allow-escalation"]],
    [{ selfCorrect: true }, ["--self-correct"]],
    [{ noCompletionGate: true }, ["--no-completion-gate"]],
    [{ worktree: true }, ["--worktree"]],
    [{ worktree: "feature" }, ["--worktree=feature"]],
    [{ resume: true }, ["--resume"]],
    [{ resume: "s2" }, ["--resume", "s2"]],
  ];
  const base = new ZeroClient({ command: "zero" }).execArgs();
  const problems = table
    .map(([options, flags]) => [options, new ZeroClient({ command: "zero", ...options }).execArgs().slice(base.length), flags] as const)
    .filter(([, got, want]) => JSON.stringify(got) !== JSON.stringify(want))
    .map(([options, got, want]) => `${JSON.stringify(options)}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
  assert.deepEqual(problems, []);
});

test("tool() refuses a bad name and a non-object schema", () => {
  const handler = () => "x";
  assert.throws(() => tool({ name: "has space", description: "", inputSchema: { type: "object" }, handler }), /tool name "has space"/);
  assert.throws(() => tool({ name: "ok", description: "", inputSchema: { type: "string" } as never, handler }), /inputSchema must have type "object"/);
});

test("tool() checks a hand-written JSON Schema when the tool is made, naming each problem and where", () => {
  const handler = () => "x";
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ type: "object", properties: { when: { type: "date" } } }, /inputSchema\.properties\.when\.type: "date" is not a JSON Schema type/],
    [{ type: "object", properties: { tags: { type: "array", items: { type: "strng" } } } }, /inputSchema\.properties\.tags\.items\.type: "strng"/],
    [{ type: "object", properties: { a: { anyOf: [] } } }, /inputSchema\.properties\.a\.anyOf: must be a non-empty array/],
    [{ type: "object", required: "a" }, /inputSchema\.required: must be an array of property names/],
    [{ type: "object", properties: { a: { minLength: -1 } } }, /minLength: must be a non-negative integer/],
    [{ type: "object", properties: { a: { pattern: "(" } } }, /pattern: not a regular expression/],
    [{ type: "object", properties: { a: { $ref: "#/$defs/missing" } } }, /\$ref: "#\/\$defs\/missing" points to nothing/],
    [{ type: "object", properties: { a: 3 } }, /inputSchema\.properties\.a: a schema is an object or a boolean/],
  ];
  const problems: string[] = [];
  for (const [inputSchema, expected] of cases) {
    try {
      tool({ name: "t", description: "", inputSchema: inputSchema as JsonObjectSchema, handler });
      problems.push(`accepted ${JSON.stringify(inputSchema)}`);
    } catch (error) {
      if (!(error instanceof ToolDefinitionError) || !expected.test(error.message)) problems.push(`${String(error)} does not match ${String(expected)}`);
    }
  }
  assert.deepEqual(problems, []);
  const fine = { type: "object", properties: { a: { type: ["integer", "null"] }, b: { $ref: "#/$defs/B" } }, required: ["a"], $defs: { B: { type: "string", format: "date" } } } as const;
  assert.equal(tool({ name: "t", description: "", inputSchema: fine, handler }).inputSchema, fine);
});

test("tool() takes a zod shape or schema: the JSON Schema is made from it, the handler's arguments are inferred and validated", async () => {
  const add = tool({
    name: "add",
    description: "Adds two integers.",
    input: { a: z.number().int(), b: z.number().int(), note: z.string().optional() },
    handler: ({ a, b, note }) => `${a + b}${note ?? ""}`, // a, b: number; note: string | undefined
  });
  assert.deepEqual(add.inputSchema, {
    type: "object",
    properties: {
      a: { type: "integer", minimum: -9007199254740991, maximum: 9007199254740991 },
      b: { type: "integer", minimum: -9007199254740991, maximum: 9007199254740991 },
      note: { type: "string" },
    },
    required: ["a", "b"],
  });
  assert.deepEqual(await add.validate?.({ a: 40, b: 2 }), { args: { a: 40, b: 2 } });
  assert.deepEqual(await add.validate?.({ a: 1.5 }), {
    issues: "a: Invalid input: expected int, received number; b: Invalid input: expected number, received undefined",
  });
  const echo = tool({ name: "echo", description: "", input: z.object({ text: z.string() }), handler: ({ text }) => text.toUpperCase() });
  assert.deepEqual(echo.inputSchema["required"], ["text"]);
  tool({
    name: "typed",
    description: "",
    input: { n: z.number() },
    // @ts-expect-error n is a number: the handler's argument type comes from the shape
    handler: ({ n }) => n.toUpperCase(),
  });
  assert.throws(() => tool({ name: "bad", description: "", input: { a: "string" } as never, handler: () => "" }), /input must be a zod shape .* "a" is not a zod schema/);
  assert.throws(() => tool({ name: "both", description: "", input: { a: z.string() }, inputSchema: { type: "object" }, handler: () => "" } as never), /give one of inputSchema/);
});

test("the layer merges the user's config privately, leaves it untouched, and matches Zero's server identity", () => {
  const home = join(scratch, "home-layer");
  const zero = join(home, ".config", "zero");
  mkdirSync(zero, { recursive: true });
  writeFileSync(join(zero, "config.json"), JSON.stringify({ mcp: { servers: { calc: { command: "calc" } } } }));
  writeFileSync(join(zero, "credentials.json"), "{}");
  const before = readFileSync(join(zero, "config.json"), "utf8");
  const server = { command: "/py", args: ["bridge", "t<&>"] };
  const dir = newLayerDir();
  try {
    const env = writeLayer(dir, { HOME: home }, { serverName: "sdk", server, approve: true, hooks: { beforeTool: { command: "/py", args: ["hook"] } } });
    const xdg = env["XDG_CONFIG_HOME"] as string;
    const config = JSON.parse(readFileSync(join(xdg, "zero", "config.json"), "utf8")) as { mcp: { servers: Record<string, unknown> } };
    assert.deepEqual(Object.keys(config.mcp.servers).sort(), ["calc", "sdk"]);
    const grant = (JSON.parse(readFileSync(join(xdg, "zero", "mcp-permissions.json"), "utf8")) as { servers: Record<string, { serverIdentity: string }> }).servers["sdk"];
    assert.equal(grant?.serverIdentity, serverIdentity(server));
    assert.equal(readlinkSync(join(xdg, "zero", "credentials.json")), join(zero, "credentials.json"));
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    assert.equal(statSync(join(xdg, "zero", "hooks.json")).mode & 0o777, 0o600);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.equal(readFileSync(join(zero, "config.json"), "utf8"), before);
  // Recorded from Zero 0.8.0 (tool_result meta `mcp.identity`), as the Python test does.
  assert.equal(serverIdentity({ command: "/work/wt/i34/.venv/bin/python", args: ["/tmp/i34exp/mcpsrv.py"] }), "99070e9761a37215ae778b017a3ac9da");
});

test("the layer mirrors the directories a plugin's command reads: real directories, files linked, links kept", () => {
  const home = join(scratch, "home-mirror");
  const zero = join(home, ".config", "zero");
  const plugin = join(zero, "plugins", "hello");
  mkdirSync(join(plugin, "bin"), { recursive: true });
  writeFileSync(join(plugin, "bin", "run.sh"), "echo hi\n", { mode: 0o755 });
  symlinkSync("bin", join(plugin, "latest"));
  symlinkSync(plugin, join(zero, "specialists"));
  const dir = newLayerDir();
  try {
    const mirrored = join(writeLayer(dir, { HOME: home }, { approve: true, hooks: {} })["XDG_CONFIG_HOME"] as string, "zero");
    assert.ok(lstatSync(join(mirrored, "plugins")).isDirectory());
    const run = join(mirrored, "plugins", "hello", "bin", "run.sh");
    assert.ok(lstatSync(run).isFile());
    assert.equal(readFileSync(run, "utf8"), "echo hi\n");
    assert.equal(statSync(run).mode & 0o111, 0o111);
    assert.equal(readlinkSync(join(mirrored, "plugins", "hello", "latest")), "bin");
    assert.equal(readlinkSync(join(mirrored, "specialists")), join(zero, "specialists"));
    assert.ok(!existsSync(join(mirrored, "commands")));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.equal(readFileSync(join(plugin, "bin", "run.sh"), "utf8"), "echo hi\n");
});

/** `clientFor` of targets.ts, with this file's scratch directory. */
function clientFor(target: Target, server: FakeModelServer, extra: ClientOptions = {}): TargetRun {
  return clientIn(target, server, scratch, extra);
}

const add = tool<{ a: number; b: number }>({
  name: "add",
  description: "Adds two integers.",
  inputSchema: { type: "object", properties: { a: { type: "integer" }, b: { type: "integer" } }, required: ["a", "b"] },
  handler: ({ a, b }) => String(a + b),
});

const explode = tool({
  name: "explode",
  description: "Always fails.",
  inputSchema: { type: "object", properties: {} },
  handler: () => {
    throw new Error("exploded on purpose");
  },
});

const measure = tool<{ text: string }>({
  name: "measure",
  description: "Counts the characters of a text.",
  inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  handler: ({ text }) => String(text.length),
});

function messages(body: unknown): { role: string; content?: unknown }[] {
  return ((body as { messages: { role: string }[] }).messages ?? []).filter((m) => m.role !== "system");
}

for (const target of TARGETS) {
  describe(`extensions on ${target.name}`, { skip: target.skip }, () => {
    for (const mode of ["default", "skip-permissions"] as const) {
    test(`the model calls an SDK tool and gets its answer (${mode})`, async () => {
      const server = await FakeModelServer.start([
        { tool_calls: [{ name: "mcp_sdk_add", arguments: { a: 40, b: 2 }, id: "call_add" }] },
        { tool_calls: [{ name: "mcp_sdk_explode", arguments: {}, id: "call_explode" }] },
        { tool_calls: [{ name: "mcp_sdk_measure", arguments: { text: "x".repeat(300_000) }, id: "call_measure" }] },
        { text: "The answer is 42." },
      ]);
      try {
        const { client } = clientFor(target, server, { tools: [add, explode, measure], skipPermissionsUnsafe: mode !== "default" });
        const result = await client.run("What is 40 + 2?");
        const byName = new Map(result.toolCalls.map((call) => [call.name, call]));
        assert.equal(byName.get("mcp_sdk_add")?.output, "42");
        assert.equal(byName.get("mcp_sdk_explode")?.status, "error");
        assert.match(String(byName.get("mcp_sdk_explode")?.output), /Error: exploded on purpose/);
        assert.equal(byName.get("mcp_sdk_measure")?.output, "300000"); // a message far longer than a pipe's buffer
        assert.deepEqual(messages(server.requests[1]?.body).at(-1), { role: "tool", content: "42", tool_call_id: "call_add" });
        assert.equal(result.finalText, "The answer is 42.");
      } finally {
        await server.close();
      }
    });
    }

    test("an MCP tool Zero does not know gets a note in sdkNotes (its server did not start)", async () => {
      const server = await FakeModelServer.start([
        { tool_calls: [{ name: "mcp_calc_add", arguments: { a: 1, b: 2 }, id: "call_mcp" }] },
        { tool_calls: [{ name: "no_such_tool", arguments: {}, id: "call_core" }] },
        { text: "done" },
      ]);
      try {
        const { client } = clientFor(target, server, { skipPermissionsUnsafe: true });
        const result = await client.run("add");
        assert.equal(result.toolCalls[0]?.output, 'Error: Unknown tool "mcp_calc_add".');
        assert.equal(result.sdkNotes.length, 1, result.sdkNotes.join("\n"));
        assert.match(result.sdkNotes[0] ?? "", /^Zero does not know the tool mcp_calc_add: .*`zero mcp check <server>`/);
      } finally {
        await server.close();
      }
    });

    test("a beforeTool callback blocks read_file and the stream shows it", async () => {
      const server = await FakeModelServer.start([
        { tool_calls: [{ name: "read_file", arguments: { path: "secret.txt" }, id: "call_1" }] },
        { tool_calls: [{ name: "glob", arguments: { pattern: "*" }, id: "call_2" }] },
        { text: "Blocked." },
      ]);
      const seen: ToolUse[] = [];
      try {
        const { client, ws } = clientFor(target, server, {
          hooks: {
            beforeTool: (call) => {
              seen.push(call);
              if (call.tool === "read_file") return { block: true, reason: "reading is off limits" };
              if (call.tool === "glob") throw new Error("policy store unreachable");
              return undefined;
            },
          },
        });
        writeFileSync(join(ws, "secret.txt"), "hunter2");
        const result = await client.run("Read secret.txt");
        const [read, glob] = result.toolCalls;
        assert.equal(read?.status, "error");
        assert.match(String(read?.output), /blocked by hook "zero-sdk-beforeTool": reading is off limits/);
        assert.equal(glob?.status, "error");
        assert.match(String(glob?.output), /policy store unreachable/);
        assert.deepEqual(result.hookErrors, ["beforeTool hook raised Error: policy store unreachable"]);
        assert.deepEqual(
          seen.map((c) => [c.tool, c.callId, c.args]),
          [
            ["read_file", "call_1", { path: "secret.txt" }],
            ["glob", "call_2", { pattern: "*" }],
          ],
        );
        assert.ok(!JSON.stringify(server.requests.map((r) => r.body)).includes("hunter2"));
      } finally {
        await server.close();
      }
    });

    test("a two-turn session carries the first turn; a fork is a new session", async () => {
      const server = await FakeModelServer.start([{ text: "Noted: the code word is heron." }, { text: "heron" }, { text: "forked" }]);
      try {
        const { client } = clientFor(target, server);
        const session = client.session();
        const first = await session.run("Remember the code word heron.");
        const second = await session.run("What was the code word?");
        const fork = session.fork();
        const third = await fork.run("And now?");
        assert.equal(first.sessionId, session.id);
        assert.equal(second.sessionId, session.id);
        assert.equal(third.sessionId, fork.id);
        assert.notEqual(fork.id, session.id);
        const carried = JSON.stringify(messages(server.requests[1]?.body));
        assert.ok(carried.includes("Remember the code word heron.") && carried.includes("Noted: the code word is heron."), carried);
      } finally {
        await server.close();
      }
    });
  });
}

test("a layer root in a write root is refused, naming it and the fix, before anything is made", async () => {
  const ws = join(scratch, "refused-ws");
  const extra = join(scratch, "refused-extra");
  mkdirSync(ws, { recursive: true });
  mkdirSync(extra, { recursive: true });
  const cases: [string, string][] = [
    ["/tmp/zero-sdk-layers-ts", "/tmp"],
    [join(ws, "l"), ws],
    [join(extra, "l"), extra],
    ["/dev/shm/l-ts", "/dev/shm"],
  ];
  const problems: string[] = [];
  try {
    for (const [root, named] of cases) {
      process.env[LAYER_ROOT_ENV] = root;
      try {
        await (await ExtensionRun.start({ hooks: { beforeTool: () => undefined } }, { HOME: scratch }, ws, [extra])).close();
        problems.push(`${root}: no error`);
      } catch (error) {
        if (!(error instanceof LayerLocationError) || !error.message.includes(`inside ${named},`) || !error.message.includes(LAYER_ROOT_ENV)) {
          problems.push(`${root}: ${String(error)}`);
        }
      }
      if (existsSync(root)) problems.push(`${root} was made before the check`);
    }
  } finally {
    process.env[LAYER_ROOT_ENV] = layerRoot;
  }
  assert.deepEqual(problems, []);
});

test("the MCP socket takes the token from the bridge's environment, once; hooks.json and argv hold none", async () => {
  const ws = join(scratch, "token-ws");
  mkdirSync(ws, { recursive: true });
  const run = await ExtensionRun.start({ tools: [add], hooks: { beforeTool: () => ({ block: true, reason: "no" }) } }, { HOME: scratch }, ws);
  try {
    const xdg = run.env["XDG_CONFIG_HOME"] ?? "";
    const server = (JSON.parse(readFileSync(join(xdg, "zero", "config.json"), "utf8")) as { mcp: { servers: Record<string, { command: string; args: string[]; env: Record<string, string> }> } }).mcp.servers["sdk"];
    const token = server?.env["ZERO_SDK_BRIDGE_TOKEN"] ?? "";
    assert.match(token, /^[0-9a-f]{32}$/);
    assert.ok(!JSON.stringify(server?.args).includes(token));
    assert.ok(!readFileSync(join(xdg, "zero", "hooks.json"), "utf8").includes(token));
    const initialize = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
    // Asynchronously: the SDK serving the socket runs on this process's event loop.
    const mcp = (given: string): Promise<string> =>
      new Promise((done) => {
        const bridge = spawn(process.execPath, server?.args ?? [], { env: { ZERO_SDK_BRIDGE_TOKEN: given }, stdio: ["pipe", "pipe", "ignore"] });
        let out = "";
        const timer = setTimeout(() => bridge.kill(), 10_000);
        bridge.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes("\n")) bridge.kill();
        });
        bridge.on("exit", () => {
          clearTimeout(timer);
          done(out);
        });
        bridge.stdin.write(`${initialize}\n`);
      });
    const results = [await mcp("0".repeat(32)), await mcp(token), await mcp(token)];
    assert.deepEqual(results.map((out) => out.includes('"serverInfo"')), [false, true, false]);
  } finally {
    await run.close();
  }
});

test("a layer goes when its caller is SIGKILLed (the reaper)", async () => {
  const module = new URL("../src/client/index.js", import.meta.url).href;
  const code = `
    const { ExtensionRun } = await import(${JSON.stringify(module)});
    const run = await ExtensionRun.start({ hooks: { beforeTool: () => undefined } }, { HOME: process.argv[1] }, process.argv[1]);
    process.stdout.write(run.layerPath + "\\n");
    setInterval(() => undefined, 1000);
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code, scratch], { stdio: ["ignore", "pipe", "inherit"], env: process.env });
  const layer = await new Promise<string>((done) => child.stdout?.once("data", (chunk: Buffer) => done(chunk.toString().trim())));
  assert.ok(existsSync(layer) && dirname(layer) === layersRoot(), layer);
  child.kill("SIGKILL");
  await new Promise((done) => child.once("exit", done));
  for (let i = 0; i < 100 && existsSync(layer); i++) await new Promise((done) => setTimeout(done, 50));
  assert.ok(!existsSync(layer), "the layer survived its SIGKILLed caller");
});

const ATTACK = join(REPO, "tests", "extension_attack.py");
const PYTHON = existsSync(join(REPO, ".venv", "bin", "python")) ? join(REPO, ".venv", "bin", "python") : "/usr/bin/python3";
const PROVIDER_SECRET = "sk-user-provider-key-d3adb33f";

function git(ws: string, ...args: string[]): void {
  execFileSync("git", args, { cwd: ws, env: { PATH: "/usr/bin:/bin", HOME: ws, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" }, stdio: "ignore" });
}

for (const target of TARGETS) {
  test(`a hostile model cannot use the channel (${target.name})`, { skip: target.skip }, async () => {
    // The model runs tests/extension_attack.py in the sandbox while the run serves a tool, a
    // beforeTool guard and a user provider profile with an inline key (docs/extensions.md, "Threat model").
    const adds: number[][] = [];
    const guarded: string[] = [];
    const countingAdd = tool<{ a: number; b: number }>({
      name: "add",
      description: "Adds two integers.",
      inputSchema: { type: "object", properties: { a: { type: "integer" }, b: { type: "integer" } }, required: ["a", "b"] },
      handler: ({ a, b }) => {
        adds.push([a, b]);
        return String(a + b);
      },
    });
    const root = mkdtempSync(join(scratch, `${target.name}-attack-`));
    const ws = join(root, "ws");
    mkdirSync(ws);
    writeFileSync(join(ws, "tracked.txt"), "tracked\n");
    git(ws, "init", "-q");
    git(ws, "add", "tracked.txt");
    git(ws, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init");
    const audit = join(root, "data", "zero", "hooks", "audit.jsonl");
    const command = `${PYTHON} ${ATTACK} ${layerRoot} ${audit} ${ws} ${join(root, "home", ".config")}`;
    const server = await FakeModelServer.start([
      { tool_calls: [{ name: "mcp_sdk_add", arguments: { a: 40, b: 2 }, id: "call_add" }] },
      { tool_calls: [{ name: "exec_command", arguments: { cmd: command }, id: "call_attack" }] },
      { text: "done" },
    ]);
    try {
      const zero = join(root, "home", ".config", "zero");
      mkdirSync(zero, { recursive: true });
      writeFileSync(
        join(zero, "config.json"),
        JSON.stringify({ activeProvider: "fake", providers: [{ name: "fake", provider: "openai-compatible", baseURL: server.baseUrl, model: "gpt-4o-mini", apiKey: PROVIDER_SECRET }] }),
      );
      const client = new ZeroClient({
        command: target.command,
        cwd: ws,
        env: { PATH: targetPath(target), HOME: join(root, "home"), TMPDIR: root, XDG_DATA_HOME: join(root, "data"), XDG_CONFIG_HOME: undefined, OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, OPENAI_MODEL: undefined },
        tools: [countingAdd],
        hooks: { beforeTool: (call) => void guarded.push(call.callId) },
      });
      const result = await client.run("Add 40 and 2.");
      const byName = new Map(result.toolCalls.map((call) => [call.name, call]));
      assert.equal(byName.get("mcp_sdk_add")?.output, "42");
      const output = String(byName.get("exec_command")?.output);
      assert.ok(output.includes("ATTACK "), output);
      const report = JSON.parse(output.split("ATTACK ", 2)[1]?.split("\n", 1)[0] ?? "{}") as {
        layers: number;
        readable_layer_files: string[];
        readable_user_config_files: string[];
        secret_variables: string[];
        tokens_found: number;
        tool_called: boolean;
        planted: string[];
        hook_replies: Record<string, unknown>[][];
      };
      assert.equal(report.layers, 1, output);
      assert.deepEqual(report.readable_layer_files.filter((f) => f.startsWith("xdg/zero/")), [], output);
      assert.deepEqual(report.readable_user_config_files, [], output);
      assert.deepEqual([report.secret_variables, report.tokens_found, report.tool_called, report.planted], [[], 0, false, []], output);
      assert.deepEqual(adds, [[40, 2]]);
      assert.ok(!existsSync(join(ws, "filter-ran")));
      assert.equal(server.requests[0]?.headers["authorization"], `Bearer ${PROVIDER_SECRET}`);
      assert.ok(guarded.includes("call_attack"));
      const forged = report.hook_replies.flat().filter((reply) => !("error" in reply));
      assert.deepEqual(forged, forged.map(() => ({ blocked: false })));
      assert.equal(guarded.filter((id) => id === "forged").length, forged.length);
      assert.deepEqual(readdirSync(layerRoot).filter((name) => name.startsWith(`run-${process.pid}-`)), []);
    } finally {
      await server.close();
    }
  });
}
