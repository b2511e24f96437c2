// End-to-end tests of the Node client against the real `zero-engine exec` process (scripted
// provider, docs/scripted-provider.md), for every schema version both the registry and the engine
// know. Nothing is mocked.
import { strict as assert } from "node:assert";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import { LATEST_SCHEMA_VERSION, SUPPORTED_SCHEMA_VERSIONS, UnknownEvent, wireOf } from "../src/index.js";
import {
  LineSplitter,
  RunResult,
  ZeroClient,
  ZeroError,
  ZeroInterruptedError,
  ZeroNotFoundError,
  ZeroProcessError,
  ZeroProtocolError,
  ZeroProviderError,
  ZeroTimeoutError,
  ZeroUsageError,
  ZeroVersionError,
  groupHasLiveMembers,
  run,
  type ClientOptions,
  type Event,
} from "../src/client/index.js";

// dist/test/client.test.js -> clients/typescript
const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const ENGINE = process.env["ZERO_ENGINE_BIN"]
  ? resolve(process.env["ZERO_ENGINE_BIN"])
  : resolve(PACKAGE_ROOT, "..", "..", ".venv", "bin", "zero-engine");
const MISSING = existsSync(ENGINE) ? false : `zero-engine not found at ${ENGINE}: set ZERO_ENGINE_BIN or run scripts/bootstrap`;
// A missing engine skips these tests locally, but fails them in CI (CI or ZERO_SDK_REQUIRE_TOOLCHAINS
// set to anything but "", "0" or "false", as tests/toolchains.py reads them): a green CI run must mean
// the end-to-end tests ran.
const IN_CI = ["CI", "ZERO_SDK_REQUIRE_TOOLCHAINS"].some((name) => !["", "0", "false"].includes((process.env[name] ?? "").toLowerCase()));
const SKIP = IN_CI ? false : MISSING;
const MiB = 1024 * 1024;

/** Whether the engine speaks `version` (it is hand-written per version, so it may lag a bump). */
function engineSpeaks(version: number): boolean {
  if (MISSING) return false;
  const probe = spawnSync(ENGINE, ["exec", "--list-tools", "-o", "stream-json"], {
    env: { ...process.env, ZERO_SCHEMA_VERSION: String(version) },
    encoding: "utf8",
    timeout: 30_000,
  });
  const first = probe.stdout.split("\n")[0] ?? "";
  try {
    return (JSON.parse(first) as { schemaVersion?: unknown }).schemaVersion === version;
  } catch {
    return false;
  }
}
const ENGINE_VERSIONS = SUPPORTED_SCHEMA_VERSIONS.filter(engineSpeaks);

type Step = Record<string, unknown>;

const roots: string[] = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

interface Fixture {
  root: string;
  ws: string;
  options: ClientOptions;
}

/** A temp dir with a workspace, a script, and client options that never see OPENAI_* or ZERO_*. */
function fixture(version: number, script: Step[][] | null | ((root: string) => Step[][]), extra: ClientOptions = {}): Fixture {
  const root = mkdtempSync(join(tmpdir(), "zero-ts-client-"));
  const turns = typeof script === "function" ? script(root) : script;
  roots.push(root);
  const ws = join(root, "ws");
  mkdirSync(ws);
  const env: Record<string, string | undefined> = {};
  for (const key of Object.keys(process.env)) {
    if (key.startsWith("OPENAI_") || key.startsWith("ZERO_")) env[key] = undefined;
  }
  env["ZERO_SCHEMA_VERSION"] = String(version);
  env["HOME"] = join(root, "home");
  env["XDG_DATA_HOME"] = join(root, "xdg");
  env["TMPDIR"] = root; // the engine's spill files and its tools' private area (else /tmp)
  if (turns !== null) {
    const script = join(root, "script.json");
    writeFileSync(script, JSON.stringify({ model: "scripted-model", turns: turns.map((steps) => ({ steps })) }));
    env["ZERO_PROVIDER"] = "scripted";
    env["ZERO_SCRIPT"] = script;
  }
  return {
    root,
    ws,
    options: {
      command: [ENGINE],
      cwd: ws,
      env,
      schemaVersion: version,
      timeouts: { totalMs: 30_000, graceMs: 2_000 },
      ...extra,
    },
  };
}

/**
 * A command that runs zero-engine and logs each process: "args <pid> <argv>", then "stdin <line>"
 * for each input line it passes on (`--list-tools` probes read none).
 */
function loggingEngine(root: string): { command: string[]; log: string } {
  const log = join(root, "invocations.log");
  const wrapper = join(root, "logging-zero");
  writeFileSync(
    wrapper,
    [
      "#!/bin/sh",
      `LOG="${log}"`,
      'echo "args $$ $*" >> "$LOG"',
      `case "$*" in *--list-tools*) exec "${ENGINE}" "$@" ;; esac`,
      "input=$(cat)",
      'printf "%s\\n" "$input" | sed "s/^/stdin /" >> "$LOG"',
      `exec "${ENGINE}" "$@" <<EOF`,
      "$input",
      "EOF",
      "",
    ].join("\n"),
    { mode: 0o755 },
  );
  return { command: [wrapper], log };
}

/** What `loggingEngine` logged, one entry per process: its pid and "probe", or "run v<N>" with
 * the schemaVersion(s) of its input lines. */
function loggedInvocations(log: string): { pid: number; what: string }[] {
  const entries: { pid: number; what: string; versions: Set<number> }[] = [];
  const text = existsSync(log) ? readFileSync(log, "utf8") : "";
  for (const line of text.split("\n")) {
    if (line.startsWith("args ")) {
      const [, pid] = line.split(" ");
      entries.push({ pid: Number(pid), what: line.includes("--list-tools") ? "probe" : "run", versions: new Set() });
    } else if (line.startsWith("stdin ")) {
      entries.at(-1)!.versions.add((JSON.parse(line.slice(6)) as { schemaVersion: number }).schemaVersion);
    }
  }
  return entries.map(({ pid, what, versions }) => ({ pid, what: [what, ...[...versions].sort().map((v) => `v${v}`)].join(" ") }));
}

async function collect(client: ZeroClient, prompt = "go"): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of client.stream(prompt)) events.push(event);
  return events;
}

async function waitFor(path: string, ms = 10_000): Promise<string> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (existsSync(path)) {
      const text = readFileSync(path, "utf8").trim();
      if (text) return text;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${path} did not appear`);
}

/** Whether `pid` is a live process: ESRCH means gone, and a zombie (state Z) counts as dead. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0] !== "Z";
  } catch {
    return false;
  }
}

function hangingTurns(extra: Step[] = []): (root: string) => Step[][] {
  return (root) => [[{ text: "hi" }, { misbehave: { kind: "spawn_child", pidfile: join(root, "child.pid") } }, ...extra, { misbehave: { kind: "hang" } }]];
}

async function expectRejects<T extends ZeroError>(promise: Promise<unknown>, cls: new (...args: never[]) => T): Promise<T> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof cls, `expected ${cls.name}, got ${String(error)}`);
    return error;
  }
  assert.fail(`expected ${cls.name}, but it resolved`);
}

test("LineSplitter: any chunking, CRLF, no length limit, unterminated tail", () => {
  const splitter = new LineSplitter();
  const text = 'a\r\n{"x":1}\n\n' + "y".repeat(300_000) + "\nlast";
  const out: string[] = [];
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += 7777) out.push(...splitter.feed(bytes.subarray(i, i + 7777)).map(String));
  out.push(String(splitter.finish()));
  assert.deepEqual(out, ["a", '{"x":1}', "", "y".repeat(300_000), "last"]);
  assert.equal(splitter.finish(), null);
});

test("a missing command is a ZeroNotFoundError", async () => {
  const error = await expectRejects(run("hi", { command: "/nonexistent/zero", schemaVersion: LATEST_SCHEMA_VERSION }), ZeroNotFoundError);
  assert.equal(error.command, "/nonexistent/zero");
});

describe("a binary the client cannot drive fails the same way, probed or not", () => {
  // Stand-in binaries (they write fixed text and exit; none reads its input). The unsupported
  // version is derived from the registry, not named.
  const unsupported = Math.max(...SUPPORTED_SCHEMA_VERSIONS) + 5;
  const stream = [
    { type: "run_start", cwd: "/w" },
    { type: "text", delta: "hi" },
    { type: "run_end", status: "success", exitCode: 0 },
  ].map((event) => JSON.stringify({ schemaVersion: unsupported, runId: "run_1", ...event }));
  const cases: [string, string[], string, number, typeof ZeroError, string[]][] = [
    ["dies", [], "boom: cannot start", 1, ZeroProcessError, ["exited with code 1 before writing any event"]],
    ["garbage", ["this is not json", "neither is this"], "", 0, ZeroProtocolError, ["wrote no stream-json event", '"this is not json"']],
    ["unsupported", stream, "", 0, ZeroVersionError, [`schemaVersion ${unsupported}`, "upgrade zero-headless-sdk"]],
  ];
  for (const [name, stdout, stderr, status, cls, words] of cases) {
    test(`${name}: ${cls.name}`, async () => {
      const root = mkdtempSync(join(tmpdir(), "zero-ts-client-"));
      roots.push(root);
      writeFileSync(join(root, "out"), stdout.map((line) => `${line}\n`).join(""));
      writeFileSync(join(root, "err"), stderr ? `${stderr}\n` : "");
      const fake = join(root, name);
      writeFileSync(fake, `#!/bin/sh\ncat "${root}/out"\ncat "${root}/err" >&2\nexit ${status}\n`, { mode: 0o755 });
      const env = { HOME: join(root, "home"), TMPDIR: root };
      for (const options of [{}, { schemaVersion: LATEST_SCHEMA_VERSION }, { schemaVersion: LATEST_SCHEMA_VERSION, decodeMode: "strict" as const }]) {
        const error = await expectRejects(new ZeroClient({ command: [fake], cwd: root, env, ...options }).run("go"), cls);
        if (!("decodeMode" in options)) {
          // (strict mode names the first bad line instead, in the same class)
          for (const word of words) assert.ok(error.message.includes(word), `${JSON.stringify(options)}: ${error.message}`);
          assert.equal(error.exitCode, status);
          assert.equal(error.stderrTail, stderr ? `${stderr}\n` : "");
        }
      }
    });
  }
});

test("a binary of a schemaVersion the client does not support is a ZeroVersionError", async () => {
  // A stand-in binary speaking a future version refuses the preferred version as Zero does.
  const future = Math.max(...SUPPORTED_SCHEMA_VERSIONS) + 1;
  const root = mkdtempSync(join(tmpdir(), "zero-ts-client-"));
  roots.push(root);
  const fake = join(root, "zero-future");
  const runId = "run_20260101000000_abc123";
  const message = `Invalid stream-json input at line 1: schemaVersion must be ${future}`;
  const refusal = [
    { code: "usage_error", message, recoverable: false, runId, schemaVersion: future, type: "error" },
    { exitCode: 2, runId, schemaVersion: future, status: "error", type: "run_end" },
  ];
  writeFileSync(fake, ["#!/bin/sh", "cat >/dev/null", ...refusal.map((e) => `echo '${JSON.stringify(e)}'`), "exit 2", ""].join("\n"), {
    mode: 0o755,
  });
  const client = new ZeroClient({ command: [fake], cwd: root, schemaVersion: LATEST_SCHEMA_VERSION });
  const expected = `schemaVersion ${future} (spoken by ${fake}) is not supported by this client (supported: ${SUPPORTED_SCHEMA_VERSIONS.join(", ")})`;
  for (let attempt = 0; attempt < 2; attempt++) {
    // Nothing is cached: the next run is refused the same way.
    const error = await expectRejects(client.run("go"), ZeroVersionError);
    assert.ok(error.message.startsWith(expected), error.message);
    assert.equal(error.exitCode, 2);
    assert.equal(error.result?.errors[0]?.code, "usage_error");
  }
  const stream = client.stream("go", { check: false });
  const events: Event[] = [];
  for await (const event of stream) events.push(event);
  assert.deepEqual(events, [], "no event of the refused attempt reaches the caller");
  assert.ok(stream.error instanceof ZeroVersionError);
  assert.equal(stream.result?.error, stream.error);
});

test("zero-engine is there to run", { skip: SKIP }, () => {
  assert.equal(MISSING, false, `${MISSING}; CI must run the end-to-end tests`);
});

test("the engine speaks at least one supported version", { skip: SKIP }, () => {
  assert.ok(ENGINE_VERSIONS.length > 0, `zero-engine speaks none of ${SUPPORTED_SCHEMA_VERSIONS.join(", ")}`);
});

for (const version of ENGINE_VERSIONS) {
  describe(`end to end against zero-engine, schemaVersion ${version}`, { skip: SKIP, concurrency: true }, () => {
    test("plain run: typed events, final text, usage, ids, probe", async () => {
      const turns = [[{ text: "Hel" }, { text: "lo." }, { usage: { prompt: 12, completion: 3 } }]];
      const { options } = fixture(version, turns);
      const client = new ZeroClient(options);
      const events = await collect(client);
      assert.equal(events[0]?.type, "run_start");
      assert.equal(events.at(-1)?.type, "run_end");
      // Every line arrives typed, as the latest version's event, knowing the version it came in.
      assert.ok(events.every((e) => !(e instanceof UnknownEvent) && e.schemaVersion === LATEST_SCHEMA_VERSION));
      assert.ok(events.every((e) => wireOf(e).schemaVersion === version));
      const deltas = events.flatMap((e) => (!(e instanceof UnknownEvent) && e.type === "text" ? [e.delta] : []));
      assert.deepEqual(deltas, ["Hel", "lo."]);

      const result = await client.run("go");
      assert.ok(result.ok && result.error === null);
      assert.equal(result.status, "success");
      assert.equal(result.exitCode, 0);
      assert.equal(result.finalText, "Hello.");
      assert.deepEqual(result.usage, { promptTokens: 12, completionTokens: 3, totalTokens: 15, requests: 1 });
      assert.match(result.runId ?? "", /^run_\d{14}_[0-9a-f]{6}$/);
      assert.ok(result.sessionId);
      assert.equal(result.schemaVersion, version);
      assert.equal(result.stderrTail, "");
      assert.deepEqual(result.protocolErrors, []);

      // Without a pinned version the client probes `exec --list-tools`.
      const probing = new ZeroClient({ ...options, schemaVersion: undefined });
      assert.equal(await probing.detectSchemaVersion(), version);
      assert.equal((await probing.run(["Say", "hi"])).finalText, "Hello.");
    });

    test("final text is final.text when present, not the joined deltas", async () => {
      // The script runs out after a tool call: like Zero, the engine nudges the empty replies
      // and its empty-turn guard ends the run with a fixed final answer (an empty final.text,
      // for which finalText falls back to the deltas, does not occur with Zero's loop).
      const turns = [[{ text: "Looking. " }, { tool_call: { id: "c1", name: "list_dir", args: { path: "." } } }], []];
      const { options } = fixture(version, turns);
      const result = await run("go", options);
      assert.match(result.final ?? "", /^Agent stopped after 4 turns with no output/);
      assert.equal(result.finalText, result.final);
    });

    test("tool calls are paired with results and permission events", async () => {
      const turns = [
        [
          { text: "Working. " },
          { tool_call: { id: "c1", name: "read_file", args: { path: "notes.txt" } } },
          { tool_call: { id: "c2", name: "write_file", args: { path: "out.txt", content: "hi\n" } } },
          { tool_call: { id: "c3", name: "bash", args: { command: "touch ran.txt" } } },
          { usage: { prompt: 10, completion: 5 } },
        ],
        [{ text: "Done." }, { usage: { prompt: 20, completion: 2 } }],
      ];
      // --permission-mode came after the v1 era (that binary refuses it); auto is the default anyway.
      const { options, ws } = fixture(version, turns, version >= 2 ? { permissionMode: "auto" } : {});
      writeFileSync(join(ws, "notes.txt"), "remember the milk\n");
      const result = await run("go", options);
      const calls = new Map(result.toolCalls.map((c) => [c.id, c]));
      assert.deepEqual([...calls.keys()], ["c1", "c2", "c3"]);
      const read = calls.get("c1")!;
      assert.equal(read.name, "read_file");
      assert.equal(read.status, "ok");
      assert.deepEqual(read.args, { path: "notes.txt" });
      assert.equal(read.sideEffect, "read");
      assert.match(read.output ?? "", /remember the milk/);
      const write = calls.get("c2")!;
      assert.equal(write.status, "ok");
      assert.equal(write.permissionAction, "allow");
      assert.equal(readFileSync(join(ws, "out.txt"), "utf8"), "hi\n");
      const shell = calls.get("c3")!;
      if (version >= 2) {
        // The engine's OS sandbox is active, so auto mode allows the command, as Zero does.
        assert.equal(shell.status, "ok");
        assert.equal(shell.permissionAction, "allow");
        assert.ok(existsSync(join(ws, "ran.txt")), "a sandboxed shell call runs in the workspace");
      } else {
        // The v1 era prompted for every shell command in auto mode; headless, that is a refusal.
        assert.equal(shell.status, "error");
        assert.equal(shell.permissionAction, "prompt");
        assert.ok(shell.permissions.every((p) => p.id === "c3" && p.type === "permission_request"));
        assert.ok(!existsSync(join(ws, "ran.txt")), "a refused shell call must not run");
      }
      assert.equal(result.finalText, "Done.");
      assert.equal(result.text, "Working. Done.");
      assert.deepEqual(result.usage, { promptTokens: 30, completionTokens: 7, totalTokens: 37, requests: 2 });
    });

    test("pre-run usage error: exit 2, ZeroUsageError, not retryable", async () => {
      const { options } = fixture(version, [[{ text: "never" }]], { auto: "bogus" });
      const error = await expectRejects(run("go", options), ZeroUsageError);
      assert.equal(error.exitCode, 2);
      assert.equal(error.retryable, false);
      assert.equal(error.result?.errors[0]?.code, "usage_error");
      assert.ok(error.runId);
      const returned = await run("go", { ...options, check: false });
      assert.equal(returned.status, "error");
      assert.equal(returned.exitCode, 2);
      assert.ok(returned.error instanceof ZeroUsageError);
      assert.ok(!returned.events.some((e) => e.type === "run_start"));
    });

    test("provider errors: no provider configured is not retryable, a failure mid-run is (x-zero-retry)", async () => {
      const { options } = fixture(version, null);
      const none = await expectRejects(run("go", options), ZeroProviderError);
      assert.equal(none.exitCode, 3);
      assert.equal(none.retryable, false, "a configuration problem found before run_start");
      assert.match(none.message, /No provider configured/);
      assert.equal(none.result?.started, false);

      const failing = fixture(version, [[{ text: "Trying" }, { error: "upstream exploded" }]]);
      const error = await expectRejects(run("go", failing.options), ZeroProviderError);
      assert.match(error.message, /upstream exploded/);
      assert.equal(error.retryable, true, "a provider failure after run_start");
      assert.ok(error.runId?.startsWith("run_"));
      assert.equal(error.result?.text, "Trying");
    });

    test("a preferred schemaVersion the binary speaks runs without a probe", async () => {
      const f = fixture(version, [[{ text: "ok" }]]);
      const { command, log } = loggingEngine(f.root);
      const client = new ZeroClient({ ...f.options, command });
      assert.equal((await client.run("go")).finalText, "ok");
      assert.equal((await client.run("go")).finalText, "ok");
      assert.deepEqual(loggedInvocations(log).map((e) => e.what), [`run v${version}`, `run v${version}`]);
    });

    test("a preferred schemaVersion the binary refuses restarts the run once in its version", async (t) => {
      const other = ENGINE_VERSIONS.find((v) => v !== version);
      if (other === undefined) return t.skip("the engine speaks one version only");
      const f = fixture(version, [[{ text: "ok" }]], { schemaVersion: other });
      const { command, log } = loggingEngine(f.root);
      const client = new ZeroClient({ ...f.options, command });
      const stream = client.stream("go");
      const events: Event[] = [];
      for await (const event of stream) events.push(event);
      // The refused attempt is invisible: one run_start, no error, every event of the binary's version.
      const types = events.map((e) => e.type);
      assert.equal(types[0], "run_start");
      assert.equal(types.at(-1), "run_end");
      assert.equal(types.filter((type) => type === "run_start").length, 1);
      assert.ok(!types.includes("error"), types.join(","));
      assert.ok(events.every((e) => wireOf(e).schemaVersion === version));
      assert.equal(stream.error, null);
      assert.equal(stream.result?.schemaVersion, version);
      assert.equal(stream.result?.ok, true);
      const logged = loggedInvocations(log);
      assert.deepEqual(logged.map((e) => e.what), [`run v${other}`, `run v${version}`]);
      assert.equal(stream.pid, logged[1]!.pid, "pid is the restarted process's");
      // Later runs, also of a new client of the same configuration, go straight to the binary's version.
      assert.equal((await client.run("go")).finalText, "ok");
      assert.equal((await new ZeroClient({ ...f.options, command }).run("go")).finalText, "ok");
      assert.deepEqual(loggedInvocations(log).map((e) => e.what), [`run v${other}`, `run v${version}`, `run v${version}`, `run v${version}`]);
    });

    test("a binary version the cache knows wins over the preferred one", async (t) => {
      const other = ENGINE_VERSIONS.find((v) => v !== version);
      if (other === undefined) return t.skip("the engine speaks one version only");
      const f = fixture(version, [[{ text: "ok" }]], { schemaVersion: other });
      const { command, log } = loggingEngine(f.root);
      const client = new ZeroClient({ ...f.options, command });
      assert.equal(await client.detectSchemaVersion(), version, "a preferred version is not taken for the binary's");
      assert.equal((await client.run("go")).schemaVersion, version);
      assert.deepEqual(loggedInvocations(log).map((e) => e.what), ["probe", `run v${version}`]);
    });

    test("a required schemaVersion the binary refuses is a ZeroVersionError", async (t) => {
      const other = ENGINE_VERSIONS.find((v) => v !== version);
      if (other === undefined) return t.skip("the engine speaks one version only");
      const f = fixture(version, [[{ text: "x" }]], { schemaVersion: other, requireSchemaVersion: true });
      const { command, log } = loggingEngine(f.root);
      const client = new ZeroClient({ ...f.options, command });
      const error = await expectRejects(client.run("go"), ZeroVersionError);
      assert.match(error.message, new RegExp(`schemaVersion must be ${version}`));
      assert.equal(error.exitCode, 2);
      assert.equal(await client.detectSchemaVersion(), other, "required: not probed");
      assert.deepEqual(loggedInvocations(log).map((e) => e.what), [`run v${other}`]);
      assert.throws(() => new ZeroClient({ schemaVersion: Math.max(...SUPPORTED_SCHEMA_VERSIONS) + 1 }), ZeroVersionError);
      assert.throws(() => new ZeroClient({ requireSchemaVersion: true }), /needs the schemaVersion/);
    });

    test("exit without run_end is a ZeroProcessError (exit code, or signal)", async () => {
      const exited = fixture(version, [[{ text: "about to die" }, { misbehave: { kind: "exit", code: 1 } }]]);
      const error = await expectRejects(run("go", exited.options), ZeroProcessError);
      assert.equal(error.exitCode, 1);
      assert.equal(error.signal, null);
      assert.match(error.message, /without a run_end/);
      assert.equal(error.result?.ended, false);
      assert.equal(error.result?.text, "about to die");

      const killed = fixture(version, [[{ text: "x" }, { misbehave: { kind: "kill_self", signal: "KILL" } }]]);
      const signalled = await expectRejects(run("go", killed.options), ZeroProcessError);
      assert.equal(signalled.signal, "SIGKILL");
      assert.equal(signalled.exitCode, null);
    });

    test("a partial last line and a garbage line are kept as protocol issues; strict mode throws", async () => {
      const partial = fixture(version, [[{ misbehave: { kind: "partial_line" } }]]);
      const result = await run("go", { ...partial.options, check: false });
      assert.ok(result.error instanceof ZeroProcessError);
      assert.equal(result.protocolErrors.length, 1);
      assert.equal(result.protocolErrors[0]?.kind, "invalid_json");

      const turns = [[{ text: "a" }, { misbehave: { kind: "garbage", line: "oops {" } }, { text: "b" }]];
      const garbage = fixture(version, turns);
      const lenient = await run("go", garbage.options);
      assert.equal(lenient.finalText, "ab");
      assert.equal(lenient.protocolErrors.length, 1);
      assert.equal(lenient.protocolErrors[0]?.lineNumber, 3);
      assert.equal(lenient.protocolErrors[0]?.excerpt, "oops {");
      const strict = await expectRejects(run("go", { ...garbage.options, decodeMode: "strict" }), ZeroProtocolError);
      assert.equal(strict.lineNumber, 3);
    });

    test("an 8 MiB line and many tiny writes", async () => {
      const turns = [
        [
          { misbehave: { kind: "tiny_writes", count: 20 } },
          { misbehave: { kind: "huge_line", bytes: 8 * MiB } },
          { text: "end" },
        ],
      ];
      const { options } = fixture(version, turns);
      const result = await run("go", options);
      assert.ok(result.ok);
      const expected = Array.from({ length: 20 }, (_, i) => String(i)).join("") + "x".repeat(8 * MiB) + "end";
      assert.equal(result.text.length, expected.length);
      assert.ok(result.text === expected);
    });

    test("a stderr flood is drained into a bounded tail attached to the error", async () => {
      const turns = [[{ text: "loud" }, { misbehave: { kind: "stderr_flood", bytes: 5_000_000 } }, { error: "x" }]];
      const { options } = fixture(version, turns, { stderrTailBytes: 4096 });
      const result = await run("go", { ...options, check: false });
      assert.ok(result.error instanceof ZeroProviderError);
      assert.equal(result.stderrTail, "e".repeat(4096));
      assert.equal(result.error.stderrTail, result.stderrTail);
    });

    test("a big input is written over stdin without deadlock", async () => {
      const { options } = fixture(version, [[{ text: "read it" }]]);
      const result = await run("y".repeat(6 * MiB), options);
      assert.equal(result.finalText, "read it");
    });

    test("abort during a hang ends the whole process group, grandchild included", async () => {
      const f = fixture(version, hangingTurns());
      const pidfile = join(f.root, "child.pid");
      const controller = new AbortController();
      const stream = new ZeroClient(f.options).stream("go", { signal: controller.signal });
      const seen: string[] = [];
      let error: unknown;
      try {
        for await (const event of stream) {
          seen.push(event.type);
          if (event.type === "text") {
            await waitFor(pidfile);
            controller.abort(new Error("user cancelled"));
          }
        }
      } catch (caught) {
        error = caught;
      }
      const grandchild = Number(readFileSync(pidfile, "utf8"));
      assert.ok(error instanceof ZeroInterruptedError, `got ${String(error)}`);
      assert.equal(error.exitCode, 130);
      assert.ok(error.aborted);
      assert.equal((error.cause as Error).message, "user cancelled");
      assert.deepEqual(seen.slice(-2), ["error", "run_end"]); // the engine handled the SIGINT
      assert.equal(error.result?.status, "interrupted");
      assert.equal(error.result?.errors.at(-1)?.code, "interrupted");
      assert.ok(!alive(stream.pid!), "the zero process must be gone");
      assert.ok(!alive(grandchild), "the grandchild must be gone");
      assert.ok(!groupHasLiveMembers(stream.pid!));
    });

    test("abort of a process that ignores the interrupt: SIGKILL after the grace, reported as the cancel's", async () => {
      const f = fixture(version, hangingTurns([{ misbehave: { kind: "ignore_sigterm" } }]), { timeouts: { graceMs: 300 } });
      const pidfile = join(f.root, "child.pid");
      const controller = new AbortController();
      const client = new ZeroClient(f.options);
      const started = Date.now();
      const pending = client.run("go", { signal: controller.signal });
      const grandchild = Number(await waitFor(pidfile));
      await new Promise((r) => setTimeout(r, 100)); // let ignore_sigterm run
      controller.abort();
      const error = await expectRejects(pending, ZeroInterruptedError);
      assert.equal(error.result?.signal, "SIGKILL");
      assert.equal(error.result?.status, "interrupted");
      assert.ok(error.aborted);
      assert.match(error.message, /cancelled by the client and killed \(SIGKILL\) after ignoring the cancel/);
      assert.ok(Date.now() - started < 10_000);
      assert.ok(!alive(grandchild), "the grandchild must be gone");
    });

    test("a parent that exits mid-run takes the run's process group with it (the exit hook)", async () => {
      // Node has no PR_SET_PDEATHSIG; what is covered is a parent that exits (here process.exit),
      // not one that is SIGKILLed (documented in the README).
      const f = fixture(version, hangingTurns());
      const pidfile = join(f.root, "child.pid");
      const script = join(f.root, "parent.mjs");
      const clientModule = new URL("../src/client/index.js", import.meta.url).href;
      writeFileSync(
        script,
        [
          `import { existsSync } from "node:fs";`,
          `import { ZeroClient } from ${JSON.stringify(clientModule)};`,
          `const options = JSON.parse(process.argv[2]);`,
          `const stream = new ZeroClient(options).stream("go");`,
          `for await (const event of stream) {`,
          `  if (event.type !== "text") continue;`,
          `  while (!existsSync(${JSON.stringify(pidfile)})) await new Promise((r) => setTimeout(r, 20));`,
          `  process.stdout.write(String(stream.pid));`,
          `  process.exit(0);`,
          `}`,
        ].join("\n"),
      );
      const env = { ...process.env, ...f.options.env };
      const parent = spawn(process.execPath, [script, JSON.stringify({ ...f.options, env })], { stdio: ["ignore", "pipe", "inherit"] });
      let out = "";
      parent.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      const code = await new Promise<number | null>((done) => parent.once("close", done));
      assert.equal(code, 0);
      const zeroPid = Number(out);
      assert.ok(zeroPid > 0, `the parent printed no pid: ${JSON.stringify(out)}`);
      const grandchild = Number(await waitFor(pidfile));
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline && groupHasLiveMembers(zeroPid)) await new Promise((r) => setTimeout(r, 20));
      assert.ok(!groupHasLiveMembers(zeroPid), "zero's group must be gone once its parent exited");
      assert.ok(!alive(grandchild), "the grandchild must be gone");
    });

    test("idle and total timeouts end the process group", async () => {
      for (const which of ["idle", "total"] as const) {
        const timeouts = which === "idle" ? { idleMs: 800, totalMs: 30_000, graceMs: 1000 } : { totalMs: 1200, graceMs: 1000 };
        const f = fixture(version, hangingTurns(), { timeouts });
        const pidfile = join(f.root, "child.pid");
        const error = await expectRejects(run("go", f.options), ZeroTimeoutError);
        assert.equal(error.timeout, which);
        assert.ok(error.retryable);
        assert.ok(error.result instanceof RunResult);
        assert.ok(!alive(Number(readFileSync(pidfile, "utf8"))), "the grandchild must be gone");
      }
    });

    test("breaking out of the loop ends the process and resolves after it exited", async () => {
      const f = fixture(version, hangingTurns());
      const pidfile = join(f.root, "child.pid");
      const stream = new ZeroClient(f.options).stream("go");
      for await (const event of stream) {
        if (event.type === "text") {
          await waitFor(pidfile);
          break;
        }
      }
      assert.ok(!alive(stream.pid!));
      assert.ok(!alive(Number(readFileSync(pidfile, "utf8"))));
      assert.ok(stream.result !== null);
    });

    test("a grandchild holding stdout does not keep a finished run open", async () => {
      const f = fixture(version, (root) => [
        [{ text: "hi" }, { misbehave: { kind: "spawn_child", pidfile: join(root, "child.pid") } }, { text: " end" }],
      ]);
      const pidfile = join(f.root, "child.pid");
      const started = Date.now();
      const result = await run("go", f.options);
      assert.equal(result.finalText, "hi end");
      assert.ok(Date.now() - started < 10_000);
      assert.ok(!alive(Number(readFileSync(pidfile, "utf8"))));
    });
  });
}
