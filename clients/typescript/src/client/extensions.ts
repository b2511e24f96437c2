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
import { createRequire } from "node:module";
import { createServer, type Server as NetServer, type Socket } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { newLayerDir, Reaper, SOCKET_NAME, TOKEN_ENV, writeLayer, writeRoots, type Command } from "./layer.js";

import { onAbruptEnd } from "./exit.js";

/** A JSON Schema of a tool's arguments (an object schema). */
export interface JsonObjectSchema {
  type: "object";
  properties?: Record<string, unknown>;
  required?: readonly string[];
  [key: string]: unknown;
}

/**
 * A schema of a validation library that implements Standard Schema with JSON Schema output
 * (standardschema.dev: zod 4 (`z.object({...})`), ArkType, Valibot with its converter, ...),
 * typed structurally: zod is an optional peer, so these types import nothing from it.
 */
export interface StandardJsonSchema<Output = unknown> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    validate(value: unknown): StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly types?: { readonly input: unknown; readonly output: Output } | undefined;
    readonly jsonSchema?: { input(options: { target: string }): Record<string, unknown> };
  };
}
type StandardResult<Output> = { readonly value: Output; readonly issues?: undefined } | { readonly issues: readonly StandardIssue[] };
interface StandardIssue {
  readonly message: string;
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
}

/** A zod shape: `{ a: z.number(), b: z.string().optional() }` (what `z.object` takes). */
export type SchemaShape = Readonly<Record<string, StandardJsonSchema>>;

type OutputOf<S> = S extends StandardJsonSchema<infer Output> ? Output : never;
type OptionalKeys<S extends SchemaShape> = { [K in keyof S]: undefined extends OutputOf<S[K]> ? K : never }[keyof S];
/** The handler's argument type of a shape: its keys, optional where the schema allows undefined. */
export type ShapeOutput<S extends SchemaShape> = { [K in Exclude<keyof S, OptionalKeys<S>>]: OutputOf<S[K]> } & {
  [K in OptionalKeys<S>]?: OutputOf<S[K]>;
};

/** A tool the model of a run can call: name, description, argument schema, and the handler. */
export interface SdkTool<Args = Record<string, unknown>> {
  name: string;
  description: string;
  /** The arguments' JSON Schema (given, or made from a zod shape or schema). */
  inputSchema: JsonObjectSchema;
  /**
   * Called with the model's arguments; returns text (or anything JSON-encodable, sent as JSON).
   * A throw becomes an MCP error result (the model sees the message, the run goes on).
   * `signal` aborts when the run is cancelled or ends (a timeout, an abort, Ctrl-C, the end):
   * a handler that ignores it runs on, but nothing waits for it.
   */
  handler: (args: Args, context: { signal: AbortSignal }) => unknown;
  /** Checks the model's arguments before the handler runs (a zod schema's `~standard.validate`). */
  validate?: ((args: unknown) => Promise<{ args: unknown } | { issues: string }>) | undefined;
}

/** What `tool()` takes: `inputSchema` (a JSON Schema, checked when the tool is made) or `input` (a
 * zod shape or schema, from which the handler's argument type is inferred). */
export type ToolDefinition<Args> = {
  name: string;
  description: string;
  handler: (args: Args, context: { signal: AbortSignal }) => unknown;
};

/** A tool that cannot be served: a bad name, a schema that is not a valid JSON Schema, ... */
export class ToolDefinitionError extends TypeError {
  override readonly name = "ToolDefinitionError";
}

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Makes a tool, checked when it is made (a bad name, a schema that is not a valid JSON Schema
 * throw a ToolDefinitionError):
 *
 * ```ts
 * tool({ name: "add", description: "Adds.", input: { a: z.number(), b: z.number() }, handler: ({ a, b }) => String(a + b) });
 * tool<{ a: number }>({ name: "half", description: "Halves.", inputSchema: { type: "object", properties: { a: { type: "number" } } }, handler: ({ a }) => String(a / 2) });
 * ```
 *
 * With `input` (a zod shape, or any Standard Schema with JSON Schema output such as `z.object`),
 * the handler's argument type is inferred, and the model's arguments are validated before the
 * handler runs (invalid ones give the model an error result naming each problem).
 */
export function tool<S extends SchemaShape>(definition: ToolDefinition<ShapeOutput<S>> & { input: S }): SdkTool<ShapeOutput<S>>;
export function tool<Output>(definition: ToolDefinition<Output> & { input: StandardJsonSchema<Output> }): SdkTool<Output>;
export function tool<Args = Record<string, unknown>>(definition: ToolDefinition<Args> & { inputSchema: JsonObjectSchema }): SdkTool<Args>;
export function tool(definition: {
  name: string;
  description: string;
  handler: (args: never, context: { signal: AbortSignal }) => unknown;
  inputSchema?: JsonObjectSchema;
  input?: SchemaShape | StandardJsonSchema;
}): SdkTool<never> {
  const name = definition.name;
  if (typeof name !== "string" || !TOOL_NAME.test(name)) {
    throw new ToolDefinitionError(`tool name ${JSON.stringify(name)}: use 1 to 64 letters, digits, '_' or '-'`);
  }
  if (typeof definition.handler !== "function") throw new ToolDefinitionError(`tool ${name}: handler must be a function`);
  if ((definition.input === undefined) === (definition.inputSchema === undefined)) {
    throw new ToolDefinitionError(`tool ${name}: give one of inputSchema (a JSON Schema) or input (a zod shape or schema)`);
  }
  let inputSchema: JsonObjectSchema;
  let validate: SdkTool<never>["validate"];
  if (definition.input !== undefined) {
    const schema = standardSchemaOf(name, definition.input);
    inputSchema = jsonSchemaOf(name, schema);
    validate = async (args) => {
      const result = await schema["~standard"].validate(args);
      if (result.issues === undefined) return { args: result.value };
      return { issues: result.issues.map(describeIssue).join("; ") };
    };
  } else {
    inputSchema = definition.inputSchema as JsonObjectSchema;
  }
  const problems = checkJsonSchema(inputSchema, "inputSchema", inputSchema);
  if (inputSchema?.type !== "object") problems.unshift(`inputSchema must have type "object"`);
  if (problems.length > 0) throw new ToolDefinitionError(`tool ${name}: ${problems.join("; ")}`);
  return { name, description: definition.description, inputSchema, handler: definition.handler, validate };
}

function isStandard(value: unknown): value is StandardJsonSchema {
  return typeof value === "object" && value !== null && "~standard" in value;
}

/** A Standard Schema of `input`: itself, or `z.object(shape)` for a zod shape (zod loaded then). */
function standardSchemaOf(name: string, input: SchemaShape | StandardJsonSchema): StandardJsonSchema {
  if (isStandard(input)) return input;
  const bad = Object.entries(input ?? {}).filter(([, value]) => !isStandard(value));
  if (typeof input !== "object" || input === null || bad.length > 0) {
    throw new ToolDefinitionError(
      `tool ${name}: input must be a zod shape ({ key: z.string(), ... }) or schema; ${bad.map(([key]) => JSON.stringify(key)).join(", ") || "it"} is not a zod schema`,
    );
  }
  let zod: { z?: { object(shape: unknown): StandardJsonSchema } };
  try {
    zod = createRequire(import.meta.url)("zod") as typeof zod;
  } catch (error) {
    throw new ToolDefinitionError(`tool ${name}: a zod shape needs zod: npm install zod`, { cause: error });
  }
  if (zod.z === undefined) throw new ToolDefinitionError(`tool ${name}: the installed zod has no z.object (zod 3.25 or later is needed)`);
  return zod.z.object(input);
}

function jsonSchemaOf(name: string, schema: StandardJsonSchema): JsonObjectSchema {
  const convert = schema["~standard"].jsonSchema;
  if (convert === undefined) {
    throw new ToolDefinitionError(
      `tool ${name}: input (${schema["~standard"].vendor}) gives no JSON Schema (Standard JSON Schema): use zod 4.2 or later, or pass inputSchema`,
    );
  }
  let json: Record<string, unknown>;
  try {
    json = { ...convert.input({ target: "draft-2020-12" }) };
  } catch (error) {
    throw new ToolDefinitionError(`tool ${name}: input has no JSON Schema: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  delete json["$schema"];
  return json as JsonObjectSchema;
}

function describeIssue(issue: StandardIssue): string {
  const path = (issue.path ?? []).map((part) => String(typeof part === "object" ? part.key : part)).join(".");
  return path === "" ? issue.message : `${path}: ${issue.message}`;
}

const JSON_TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);
const SCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];
const SCHEMA_VALUES = ["items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else", "unevaluatedProperties", "unevaluatedItems", "additionalItems"];
const SCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"];
const NUMBERS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];
const COUNTS = ["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains"];

/** The problems of a hand-written JSON Schema, each with where it is ("inputSchema.properties.a.type: ..."). */
export function checkJsonSchema(schema: unknown, where: string, root: unknown = schema): string[] {
  if (typeof schema === "boolean") return [];
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return [`${where}: a schema is an object or a boolean, not ${JSON.stringify(schema)}`];
  const node = schema as Record<string, unknown>;
  const problems: string[] = [];
  const types = node["type"];
  if (types !== undefined) {
    const list = Array.isArray(types) ? types : [types];
    for (const type of list) {
      if (typeof type !== "string" || !JSON_TYPES.has(type)) {
        problems.push(`${where}.type: ${JSON.stringify(type)} is not a JSON Schema type (${[...JSON_TYPES].join(", ")})`);
      }
    }
  }
  for (const key of SCHEMA_MAPS) {
    const map = node[key];
    if (map === undefined) continue;
    if (typeof map !== "object" || map === null || Array.isArray(map)) problems.push(`${where}.${key}: must be an object of schemas`);
    else for (const [name, sub] of Object.entries(map)) problems.push(...checkJsonSchema(sub, `${where}.${key}.${name}`, root));
  }
  for (const key of SCHEMA_VALUES) {
    if (node[key] === undefined) continue;
    if (key === "items" && Array.isArray(node[key])) (node[key] as unknown[]).forEach((sub, i) => problems.push(...checkJsonSchema(sub, `${where}.items[${i}]`, root)));
    else problems.push(...checkJsonSchema(node[key], `${where}.${key}`, root));
  }
  for (const key of SCHEMA_LISTS) {
    const list = node[key];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length === 0) problems.push(`${where}.${key}: must be a non-empty array of schemas`);
    else list.forEach((sub, i) => problems.push(...checkJsonSchema(sub, `${where}.${key}[${i}]`, root)));
  }
  const required = node["required"];
  if (required !== undefined) {
    if (!Array.isArray(required) || required.some((name) => typeof name !== "string")) problems.push(`${where}.required: must be an array of property names`);
    else if (typeof node["properties"] === "object" && node["properties"] !== null && node["additionalProperties"] === false) {
      for (const name of required as string[]) if (!(name in (node["properties"] as object))) problems.push(`${where}.required: ${JSON.stringify(name)} is not one of its properties`);
    }
  }
  if (node["enum"] !== undefined && !Array.isArray(node["enum"])) problems.push(`${where}.enum: must be an array`);
  for (const key of NUMBERS) if (node[key] !== undefined && typeof node[key] !== "number") problems.push(`${where}.${key}: must be a number`);
  for (const key of COUNTS) {
    const value = node[key];
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 0)) problems.push(`${where}.${key}: must be a non-negative integer`);
  }
  for (const key of ["format", "title", "description", "$ref", "$id", "$comment"]) {
    if (node[key] !== undefined && typeof node[key] !== "string") problems.push(`${where}.${key}: must be a string`);
  }
  if (typeof node["pattern"] === "string") {
    try {
      new RegExp(node["pattern"], "u");
    } catch (error) {
      problems.push(`${where}.pattern: not a regular expression: ${(error as Error).message}`);
    }
  } else if (node["pattern"] !== undefined) problems.push(`${where}.pattern: must be a string`);
  const ref = node["$ref"];
  if (typeof ref === "string" && ref.startsWith("#") && resolvePointer(root, ref.slice(1)) === undefined) {
    problems.push(`${where}.$ref: ${JSON.stringify(ref)} points to nothing in the schema`);
  }
  return problems;
}

function resolvePointer(root: unknown, pointer: string): unknown {
  if (pointer === "") return root;
  let node = root;
  for (const raw of pointer.split("/").slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof node !== "object" || node === null || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
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
  private releaseLayer: (() => void) | null = null;

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
    // Removed at once if this process ends first (an exit, or Ctrl-C the program does not handle).
    this.releaseLayer = onAbruptEnd(() => rmSync(dir, { recursive: true, force: true }));
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
    // allowHalfOpen: a hook bridge half-closes its end once it sent the payload, and waits for
    // the verdict; by default Node would end our side too before a slow callback answered.
    this.server = createServer({ allowHalfOpen: true }, (socket) => this.accept(socket, mcp));
    await new Promise<void>((resolveListen, reject) => {
      this.server?.once("error", reject);
      this.server?.listen(socketPath, () => resolveListen());
    });
    chmodSync(socketPath, 0o600);
  }

  /** Aborts the signal of the tools still running and drops Zero's connections, without
   * waiting (the client calls it when it cancels the run: zero is not kept waiting on a tool). */
  interrupt(): void {
    if (!this.abort.signal.aborted) this.abort.abort(new Error("the run was cancelled"));
    for (const socket of this.sockets) socket.destroy();
  }

  /** Stops serving (aborting tools still running) and removes the layer. Waits for nothing of
   * yours: a handler that ignores its signal runs on, and its result is dropped. */
  async close(): Promise<void> {
    if (!this.abort.signal.aborted) this.abort.abort(new Error("the run ended"));
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = null;
    if (server !== null) await new Promise<void>((done) => server.close(() => done()));
    if (this.layerPath !== null) rmSync(this.layerPath, { recursive: true, force: true });
    this.layerPath = null;
    this.reaper?.stop();
    this.reaper = null;
    this.releaseLayer?.();
    this.releaseLayer = null;
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
        let args: unknown = record(request.params.arguments);
        if (found.validate !== undefined) {
          const checked = await found.validate(args);
          if ("issues" in checked) return { content: [{ type: "text" as const, text: `invalid arguments: ${checked.issues}` }], isError: true };
          args = checked.args;
        }
        const value = await (found.handler as (args: unknown, context: { signal: AbortSignal }) => unknown)(args, { signal: this.abort.signal });
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
