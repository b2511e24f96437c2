// The TypeScript caller of the extension fault matrix (tests/extension_fault_matrix.py):
//
//     node dist/scripts/fault-caller.js CASE
//
// A program as a user writes it: a ZeroClient with a tool and a hook that misbehave the way CASE
// says, run once, with no signal handler of its own (Ctrl-C is Node's default: the process dies
// by it, after the SDK cleaned up). It prints one JSON line, what the user saw. Its environment
// is the run's: ZERO_FAULT_BIN the binary, ZERO_FAULT_WS the workspace, ZERO_FAULT_MARKS a file
// where the tool and hook note "started" and "cancelled", ZERO_FAULT_TOTAL the total timeout in
// seconds, and the model's OPENAI_* variables.
import { appendFileSync } from "node:fs";
import { constants } from "node:os";

import { ZeroClient, ZeroError, ZeroInterruptedError, ZeroProcessError, ZeroTimeoutError, tool, type Hooks, type RunResult } from "../src/client/index.js";

const env = (name: string): string => process.env[name] ?? "";
const mark = (what: string): void => appendFileSync(env("ZERO_FAULT_MARKS"), `${what}\n`);
const never = (): Promise<never> => new Promise<never>(() => {}); // no timer: nothing holds Node open

const none = { type: "object", properties: {} } as const;
const tools = [
  tool({ name: "fail", description: "Fails.", inputSchema: none, handler: () => { throw new Error("exploded on purpose"); } }),
  tool({ name: "panic", description: "Throws a non-Error.", inputSchema: none, handler: () => { throw "exploded on purpose"; } }),
  tool({ name: "hang", description: "Never returns, and ignores its signal.", inputSchema: none, handler: async () => { mark("started"); return never(); } }),
  tool({
    name: "wait",
    description: "Waits until the run ends.",
    inputSchema: none,
    handler: async (_args, { signal }) => {
      mark("started");
      await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
      mark("cancelled");
      throw signal.reason;
    },
  }),
];

const fault = process.argv[2] ?? "";
const hooks: Hooks | undefined =
  fault === "hook_fails"
    ? { beforeTool: () => { throw new Error("policy store unreachable"); } }
    : fault === "hook_hangs_timeout"
      ? { beforeTool: async () => { mark("started"); return never(); } }
      : undefined;

const client = new ZeroClient({
  command: env("ZERO_FAULT_BIN"),
  cwd: env("ZERO_FAULT_WS"),
  tools,
  ...(hooks !== undefined ? { hooks } : {}),
  timeouts: { totalMs: Number(env("ZERO_FAULT_TOTAL")) * 1000, graceMs: 2000 },
});
const seen: Record<string, unknown> = { outcome: "success", status: null, tool: null, hook_errors: 0 };
let result: RunResult | null = null;
try {
  result = await client.run("go");
} catch (error) {
  if (!(error instanceof ZeroError)) throw error;
  result = error.result;
  if (error instanceof ZeroTimeoutError) seen["outcome"] = "timeout";
  else if (error instanceof ZeroInterruptedError) seen["outcome"] = "interrupted";
  else if (error instanceof ZeroProcessError && error.signal !== null) seen["outcome"] = `process(signal=${constants.signals[error.signal]})`;
  else if (error instanceof ZeroProcessError) seen["outcome"] = `process(exit=${error.exitCode})`;
  else seen["outcome"] = error.name;
}
if (result !== null) {
  seen["status"] = result.status ?? null;
  seen["tool"] = result.toolCalls[0]?.status ?? null;
  seen["hook_errors"] = result.hookErrors.length;
}
console.log(JSON.stringify(seen));
