/**
 * Your code inside a run (docs/extensions.md): custom tools served to the run as an MCP server
 * (named `sdk` by default, so the model sees `mcp_sdk_<name>`) and hooks, both reaching Zero
 * through a private configuration layer made for each run (layer.ts). The same design and wire
 * protocol as the Python client (zero_client/extensions/):
 *
 * - Zero runs `node bridge.js mcp|hook SOCKET`; the bridge reaches this process over the layer's
 *   unix socket. The MCP bridge's token comes from its environment (the server's `env` in the
 *   layer's config.json), never argv, and the socket takes it once: the first MCP connection is
 *   the server Zero started, a later one is refused. A hook needs no token (Zero gives hook
 *   commands no channel a command of the model could not read: docs/extensions.md, "Threat
 *   model"); its verdict goes back to whoever connected, and Zero takes a hook's verdict only from
 *   the hook process it started.
 * - The MCP server is `@modelcontextprotocol/sdk`'s, imported when a run with tools starts (an
 *   optional peer dependency).
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, rmSync } from "node:fs";
import { createServer, type Server as NetServer, type Socket } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { newLayerDir, Reaper, SOCKET_NAME, TOKEN_ENV, writeLayer, writeRoots, type Command } from "./layer.js";

/** A JSON Schema of a tool's arguments (an object schema). */
export interface JsonObjectSchema {
  type: "object";
  properties?: Record<string, unknown>;
  required?: readonly string[];
  [key: string]: unknown;
}

/** A tool the model of a run can call: name, description, argument schema, and the handler. */
export interface SdkTool<Args = Record<string, unknown>> {
  name: string;
  description: string;
  inputSchema: JsonObjectSchema;
  /**
   * Called with the model's arguments; returns text (or anything JSON-encodable, sent as JSON).
   * A throw becomes an MCP error result (the model sees the message, the run goes on).
   * `signal` aborts when the run ends (timeout, abort, exit).
   */
  handler: (args: Args, context: { signal: AbortSignal }) => unknown;
}

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Checks and returns a tool definition (`tool({name, description, inputSchema, handler})`). */
export function tool<Args = Record<string, unknown>>(definition: SdkTool<Args>): SdkTool<Args> {
  if (!TOOL_NAME.test(definition.name)) {
    throw new TypeError(`tool name ${JSON.stringify(definition.name)}: use 1 to 64 letters, digits, '_' or '-'`);
  }
  if (definition.inputSchema?.type !== "object") {
    throw new TypeError(`tool ${definition.name}: inputSchema must have type "object"`);
  }
  return definition;
}

/** A tool call about to run, as Zero's beforeTool hook receives it. */
export interface ToolUse {
  tool: string;
  callId: string;
  args: Record<string, unknown>;
  sessionId: string;
  cwd: string;
  raw: Record<string, unknown>;
}

/** A tool call that ran (Zero's afterTool hook: status and changed files, not the output). */
export interface ToolDone {
  tool: string;
  callId: string;
  status: string;
  changedFiles: string[];
  sessionId: string;
  cwd: string;
  raw: Record<string, unknown>;
}

/** The start or end of a run's agent loop (Zero's sessionStart / sessionEnd hooks). */
export interface SessionEvent {
  event: string;
  sessionId: string;
  cwd: string;
  raw: Record<string, unknown>;
}

/** What a beforeTool callback decides: `{ block: true, reason }` vetoes the call; anything else allows it. */
export type Decision = { block: true; reason: string } | { block: false } | undefined | void;

/**
 * Callbacks Zero calls through its hooks. A `beforeTool` that throws blocks the call with the
 * message (fail closed); every callback's throw is kept in `RunResult.hookErrors`.
 */
export interface Hooks {
  beforeTool?: (call: ToolUse) => Decision | Promise<Decision>;
  /** May return text, which Zero adds to the tool's result for the model. */
  afterTool?: (call: ToolDone) => string | undefined | void | Promise<string | undefined | void>;
  onStart?: (event: SessionEvent) => void | Promise<void>;
  onEnd?: (event: SessionEvent) => void | Promise<void>;
}

export interface ExtensionOptions {
  tools?: readonly SdkTool<never>[];
  hooks?: Hooks;
  /** The MCP server's name (default `sdk`: the model sees `mcp_sdk_<tool>`). */
  toolServer?: string;
  /** Pre-approve the server's tools for the default permission mode (default true). */
  approveTools?: boolean;
  /** The run's instructions: the layer's ZERO.md, after the user's own (client/instructions.ts). */
  instructions?: string;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
}

/** The bridge's command line: the socket path only; the MCP server's token goes in its `env`. */
function bridgeCommand(kind: "mcp" | "hook", socketPath: string, token?: string): Command {
  const script = fileURLToPath(new URL("./bridge.js", import.meta.url));
  return { command: process.execPath, args: [script, kind, socketPath], ...(token !== undefined ? { env: { [TOKEN_ENV]: token } } : {}) };
}

function str(value: unknown): string {
  return typeof value === "string" ? value : value === undefined || value === null ? "" : String(value);
}

/** One run's layer and server: `ExtensionRun.start()`, then `close()` when the run ends. */
export class ExtensionRun {
  readonly hookErrors: string[] = [];
  env: Record<string, string> = {};
  layerPath: string | null = null;
  private readonly token = randomBytes(16).toString("hex");
  private tokenUsed = false;
  private reaper: Reaper | null = null;
  private server: NetServer | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly abort = new AbortController();

  private constructor(private readonly options: ExtensionOptions) {}

  /** Serves one run whose environment is `env`, in workspace `cwd` with `addDirs` (the layer
   * must be outside every directory the run may write: LayerLocationError otherwise). */
  static async start(
    options: ExtensionOptions,
    env: Readonly<Record<string, string | undefined>>,
    cwd?: string,
    addDirs: readonly string[] = [],
  ): Promise<ExtensionRun> {
    const run = new ExtensionRun(options);
    try {
      await run.begin(env, cwd, addDirs);
    } catch (error) {
      await run.close();
      throw error;
    }
    return run;
  }

  private async begin(env: Readonly<Record<string, string | undefined>>, cwd: string | undefined, addDirs: readonly string[]): Promise<void> {
    const tools = this.options.tools ?? [];
    const names = tools.map((t) => t.name);
    const duplicate = names.find((name, index) => names.indexOf(name) !== index);
    if (duplicate !== undefined) throw new TypeError(`two tools are named ${duplicate}`);
    const mcp = tools.length > 0 ? await importMcp() : null;
    const dir = newLayerDir(writeRoots(env, cwd, addDirs), cwd);
    this.layerPath = dir;
    this.reaper = new Reaper(dir);
    const socketPath = join(dir, SOCKET_NAME);
    const hookCommand = bridgeCommand("hook", socketPath);
    const hooks: Record<string, Command> = {};
    const h = this.options.hooks ?? {};
    for (const [event, callback] of [
      ["beforeTool", h.beforeTool],
      ["afterTool", h.afterTool],
      ["sessionStart", h.onStart],
      ["sessionEnd", h.onEnd],
    ] as const) {
      if (callback !== undefined) hooks[event] = hookCommand;
    }
    const spec = {
      approve: this.options.approveTools ?? true,
      hooks,
      ...(this.options.instructions !== undefined ? { instructions: this.options.instructions } : {}),
      ...(mcp !== null ? { serverName: this.options.toolServer ?? "sdk", server: bridgeCommand("mcp", socketPath, this.token) } : {}),
    };
    this.env = writeLayer(dir, env, spec);
    this.server = createServer((socket) => this.accept(socket, mcp));
    await new Promise<void>((resolveListen, reject) => {
      this.server?.once("error", reject);
      this.server?.listen(socketPath, () => resolveListen());
    });
    chmodSync(socketPath, 0o600);
  }

  /** Stops serving (aborting tools still running) and removes the layer. */
  async close(): Promise<void> {
    this.abort.abort(new Error("the run ended"));
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = null;
    if (server !== null) await new Promise<void>((done) => server.close(() => done()));
    if (this.layerPath !== null) rmSync(this.layerPath, { recursive: true, force: true });
    this.layerPath = null;
    this.reaper?.stop();
    this.reaper = null;
  }

  private accept(socket: Socket, mcp: McpModules | null): void {
    this.sockets.add(socket);
    socket.on("close", () => this.sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      buffered = Buffer.concat([buffered, chunk]);
      const newline = buffered.indexOf(10);
      if (newline < 0) return;
      socket.off("data", onData);
      socket.pause();
      let header: { token?: unknown; kind?: unknown };
      try {
        header = JSON.parse(buffered.subarray(0, newline).toString("utf8")) as typeof header;
      } catch {
        socket.destroy();
        return;
      }
      const rest = buffered.subarray(newline + 1);
      if (header.kind === "hook") this.serveHook(socket, rest);
      else if (header.kind === "mcp" && mcp !== null) {
        const given = Buffer.from(str(header.token));
        const expected = Buffer.from(this.token);
        if (this.tokenUsed || given.length !== expected.length || !timingSafeEqual(given, expected)) {
          socket.destroy();
          return;
        }
        this.tokenUsed = true; // one MCP session per run: Zero's
        if (rest.length > 0) socket.unshift(rest);
        void this.serveMcp(socket, mcp);
      } else socket.destroy();
    };
    socket.on("data", onData);
  }

  private serveHook(socket: Socket, first: Buffer): void {
    let buffered = first;
    const answer = (): void => {
      const line = buffered.toString("utf8").split("\n", 1)[0] ?? "";
      let payload: Record<string, unknown> = {};
      try {
        payload = record(JSON.parse(line));
      } catch {
        payload = {};
      }
      void this.hook(payload).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    };
    if (buffered.includes(10)) {
      answer();
      return;
    }
    socket.on("data", (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
    });
    socket.on("end", answer);
    socket.resume();
  }

  private async hook(payload: Record<string, unknown>): Promise<{ blocked: boolean; reason?: string; message?: string }> {
    const hooks = this.options.hooks ?? {};
    const event = str(payload["event"]);
    const base = { sessionId: str(payload["sessionId"]), cwd: str(payload["cwd"]), raw: payload };
    try {
      if (event === "beforeTool" && hooks.beforeTool) {
        const decision = await hooks.beforeTool({ ...base, tool: str(payload["tool"]), callId: str(payload["toolCallId"]), args: record(payload["args"]) });
        if (decision && decision.block) return { blocked: true, reason: decision.reason || "blocked by a zero-sdk beforeTool hook" };
        return { blocked: false };
      }
      if (event === "afterTool" && hooks.afterTool) {
        const changed = Array.isArray(payload["changedFiles"]) ? (payload["changedFiles"] as unknown[]).map(str) : [];
        const message = await hooks.afterTool({ ...base, tool: str(payload["tool"]), callId: str(payload["toolCallId"]), status: str(payload["status"]), changedFiles: changed });
        return { blocked: false, message: typeof message === "string" ? message : "" };
      }
      const callback = event === "sessionStart" ? hooks.onStart : event === "sessionEnd" ? hooks.onEnd : undefined;
      if (callback) await callback({ ...base, event });
      return { blocked: false };
    } catch (error) {
      const name = error instanceof Error ? error.name : typeof error;
      const text = error instanceof Error ? error.message : String(error);
      const message = `${event} hook raised ${name}: ${text}`;
      this.hookErrors.push(message);
      return { blocked: event === "beforeTool", reason: message };
    }
  }

  private async serveMcp(socket: Socket, mcp: McpModules): Promise<void> {
    const tools = this.options.tools ?? [];
    const server = new mcp.Server({ name: "zero-sdk", version: "0.1.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(mcp.ListToolsRequestSchema, async () => ({
      tools: tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
    }));
    server.setRequestHandler(mcp.CallToolRequestSchema, async (request) => {
      const found = tools.find((t) => t.name === request.params.name);
      if (found === undefined) return { content: [{ type: "text" as const, text: `unknown tool ${request.params.name}` }], isError: true };
      try {
        const value = await (found.handler as SdkTool["handler"])(record(request.params.arguments), { signal: this.abort.signal });
        const text = typeof value === "string" ? value : JSON.stringify(value ?? null);
        return { content: [{ type: "text" as const, text }], isError: false };
      } catch (error) {
        const name = error instanceof Error ? error.name : typeof error;
        const text = error instanceof Error ? error.message : String(error);
        return { content: [{ type: "text" as const, text: `${name}: ${text}` }], isError: true };
      }
    });
    socket.on("close", () => void server.close());
    await server.connect(new mcp.StdioServerTransport(socket, socket));
    socket.resume(); // paused while the header was read: a new 'data' listener does not resume it
  }
}

/** The parts of `@modelcontextprotocol/sdk` used here, typed locally: the SDK is an optional peer
 * dependency, so neither this package's types nor its load may need it (its own types also need
 * the DOM lib, which this package does not assume). */
interface McpCallToolRequest {
  params: { name: string; arguments?: Record<string, unknown> };
}
interface McpServer {
  setRequestHandler(schema: unknown, handler: (request: McpCallToolRequest) => Promise<unknown>): void;
  connect(transport: unknown): Promise<void>;
  close(): Promise<void>;
}
interface McpModules {
  Server: new (info: { name: string; version: string }, options: { capabilities: { tools: object } }) => McpServer;
  StdioServerTransport: new (stdin: Socket, stdout: Socket) => unknown;
  ListToolsRequestSchema: unknown;
  CallToolRequestSchema: unknown;
}

/** Imports the MCP SDK (specifiers in variables: resolved at run time only). */
async function importMcp(): Promise<McpModules> {
  const sdk = "@modelcontextprotocol/sdk";
  try {
    const [server, stdio, types] = (await Promise.all([
      import(`${sdk}/server/index.js`),
      import(`${sdk}/server/stdio.js`),
      import(`${sdk}/types.js`),
    ])) as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
    return {
      Server: server["Server"] as McpModules["Server"],
      StdioServerTransport: stdio["StdioServerTransport"] as McpModules["StdioServerTransport"],
      ListToolsRequestSchema: types["ListToolsRequestSchema"],
      CallToolRequestSchema: types["CallToolRequestSchema"],
    };
  } catch (error) {
    throw new Error("custom tools need the MCP SDK: npm install @modelcontextprotocol/sdk", { cause: error });
  }
}
