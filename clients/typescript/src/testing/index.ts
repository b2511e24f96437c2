// zero-headless-sdk/testing: a loopback OpenAI-compatible fake model server for node:test.
//
// It plays the JSON script format of docs/testing.md ("Script format"), the same one the Python
// `zero_client.testing.FakeModelServer` plays: one reply per POST to /v1/chat/completions, in
// order; HTTP 500 `fake model: no scripted reply left` when the script runs out. Every request is
// recorded. Point `zero exec` (the engine or the real binary) at it with OPENAI_BASE_URL.

import { cpSync, existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { basename, dirname, join } from "node:path";

import { parsePluginManifest } from "../plugin/manifest.js";

export type Reply = Record<string, unknown>;
export type Script = readonly Reply[] | { readonly replies: readonly Reply[] };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * The model's typed answer to a run with `outputType` (client/output.ts): a call of the output tool
 * `mcp_<server>_final_result` with `args`, then the closing text `then`.
 * `await FakeModelServer.start([...answer({ ok: true })])`.
 */
export function answer(args: unknown, options: { then?: string; server?: string; id?: string } = {}): Reply[] {
  const call: Record<string, unknown> = { name: `mcp_${options.server ?? "sdk"}_final_result`, arguments: args };
  if (options.id !== undefined) call["id"] = options.id;
  return [{ tool_calls: [call] }, { text: options.then ?? "Done." }];
}

export class ScriptError extends Error {
  override name = "ScriptError";
}

export const EXHAUSTED_MESSAGE = "fake model: no scripted reply left";
const DONE = "[DONE]";
const RESET_PAUSE_MS = 100; // between the last write and a scripted reset (reset_after)
const REPLY_KEYS = new Set([
  "text", "reasoning", "tool_calls", "usage", "finish_reason", "done", "model", "error", "events", "raw",
  "status", "headers", "drop_after", "reset_after", "stall_after", "stall_seconds", "delay_seconds",
]);

function chunk(delta: Record<string, unknown>, finish: string | null, model: string): Record<string, unknown> {
  return { id: "chatcmpl-fake", object: "chat.completion.chunk", model, choices: [{ index: 0, delta, finish_reason: finish }] };
}

function pieces(spec: Reply, key: string, where: string): string[] {
  const value = spec[key];
  if (value === undefined) return [];
  if (typeof value === "string") return [value];
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value as string[];
  throw new ScriptError(`${where}: field '${key}' must be a string or a list of strings`);
}

interface Planned {
  status: number;
  headers: Record<string, string>;
  body: string | null;
  events: (Record<string, unknown> | string)[];
  dropAfter: number | null;
  resetAfter: number | null;
  stallAfter: number | null;
  stallSeconds: number | null;
  delaySeconds: number;
}

/** Expand one reply of the JSON script format; `nextCallId` numbers tool calls across the script. */
export function planReply(spec: Reply, index: number, nextCallId: () => number): Planned {
  const where = `reply ${index}`;
  if (typeof spec !== "object" || spec === null || Array.isArray(spec)) throw new ScriptError(`${where}: expected an object`);
  const unknown = Object.keys(spec).filter((key) => !REPLY_KEYS.has(key)).sort();
  if (unknown.length > 0) throw new ScriptError(`${where}: unknown field '${unknown[0]}'`);
  const num = (key: string): number | null => {
    const value = spec[key];
    if (value === undefined || value === null) return null;
    if (typeof value !== "number") throw new ScriptError(`${where}: field '${key}' must be a number`);
    return value;
  };
  const plan: Planned = {
    status: num("status") ?? 200,
    headers: { ...((spec["headers"] as Record<string, string> | undefined) ?? {}) },
    body: null,
    events: [],
    dropAfter: num("drop_after"),
    resetAfter: num("reset_after"),
    stallAfter: num("stall_after"),
    stallSeconds: num("stall_seconds"),
    delaySeconds: num("delay_seconds") ?? 0,
  };
  const error = spec["error"];
  if (error !== undefined) {
    if (typeof error !== "object" || error === null) throw new ScriptError(`${where}: field 'error' must be an object`);
    const e = error as Record<string, unknown>;
    plan.status = typeof e["status"] === "number" ? e["status"] : 500;
    if (typeof e["body"] === "string") plan.body = e["body"];
    else {
      const message = e["message"] ?? "fake model error";
      plan.body = JSON.stringify({ error: { message, type: "fake_error", code: null } });
      plan.headers = { "Content-Type": "application/json", ...plan.headers };
    }
    if (typeof e["retry_after"] === "string") plan.headers["Retry-After"] = e["retry_after"];
  } else if (spec["raw"] !== undefined) {
    if (typeof spec["raw"] !== "string") throw new ScriptError(`${where}: field 'raw' must be a string`);
    plan.body = spec["raw"];
  } else if (spec["events"] !== undefined) {
    const items = spec["events"];
    if (!Array.isArray(items)) throw new ScriptError(`${where}: field 'events' must be a list of objects and strings`);
    plan.events = items as (Record<string, unknown> | string)[];
  } else {
    plan.events = streamed(spec, where, nextCallId);
  }
  return plan;
}

function streamed(spec: Reply, where: string, nextCallId: () => number): (Record<string, unknown> | string)[] {
  const model = typeof spec["model"] === "string" ? spec["model"] : "fake-model";
  let text = pieces(spec, "text", where);
  const calls = (spec["tool_calls"] ?? []) as Record<string, unknown>[];
  if (!Array.isArray(calls)) throw new ScriptError(`${where}: field 'tool_calls' must be a list`);
  const out: (Record<string, unknown> | string)[] = [];
  if (calls.length > 0) {
    out.push(chunk({ role: "assistant", content: text.join("") || null }, null, model));
    text = [];
  } else out.push(chunk({ role: "assistant", content: "" }, null, model));
  for (const piece of pieces(spec, "reasoning", where)) out.push(chunk({ reasoning_content: piece }, null, model));
  for (const piece of text) out.push(chunk({ content: piece }, null, model));
  calls.forEach((call, position) => {
    const here = `${where}: tool_calls[${position}]`;
    if (typeof call["name"] !== "string") throw new ScriptError(`${here}: field 'name' must be a string`);
    const args = call["arguments"] ?? "";
    const argsText = typeof args === "string" ? args : JSON.stringify(args);
    const id = typeof call["id"] === "string" && call["id"] !== "" ? call["id"] : `call_${nextCallId()}`;
    if (id === call["id"]) nextCallId();
    const split = Math.max(1, typeof call["split"] === "number" ? call["split"] : 2);
    const step = Math.max(1, Math.ceil(argsText.length / split));
    const fragments: string[] = [];
    for (let start = 0; start < argsText.length; start += step) fragments.push(argsText.slice(start, start + step));
    out.push(chunk({ tool_calls: [{ index: position, id, type: "function", function: { name: call["name"], arguments: "" } }] }, null, model));
    for (const part of fragments.length > 0 ? fragments : [""]) {
      out.push(chunk({ tool_calls: [{ index: position, function: { arguments: part } }] }, null, model));
    }
  });
  const finish = "finish_reason" in spec ? spec["finish_reason"] : calls.length > 0 ? "tool_calls" : "stop";
  if (finish !== null) out.push(chunk({}, finish as string, model));
  const usage = spec["usage"];
  if (usage !== undefined && usage !== null) {
    const pair = Array.isArray(usage) ? usage : [(usage as Record<string, unknown>)["prompt_tokens"], (usage as Record<string, unknown>)["completion_tokens"]];
    if (pair.length !== 2 || !pair.every((n) => Number.isInteger(n))) {
      throw new ScriptError(`${where}: field 'usage' must be [prompt_tokens, completion_tokens]`);
    }
    const [prompt, completion] = pair as [number, number];
    out.push({ id: "chatcmpl-fake", object: "chat.completion.chunk", model, choices: [],
      usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } });
  }
  if (spec["done"] !== false) out.push(DONE);
  return out;
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** A running fake model server: `await FakeModelServer.start(script)`, then `close()`. */
export class FakeModelServer {
  readonly requests: RecordedRequest[] = [];
  private readonly queue: Reply[];
  private played = 0;
  private calls = 0;

  private constructor(private readonly server: Server, script: Script) {
    this.queue = [...(Array.isArray(script) ? script : (script as { replies: readonly Reply[] }).replies)];
    // Expand every reply now, so a bad script fails at start with the reply and field named.
    let probe = 0;
    this.queue.forEach((reply, index) => planReply(reply, index, () => ++probe));
  }

  static async start(script: Script = [], port = 0): Promise<FakeModelServer> {
    const server = createServer();
    const fake = new FakeModelServer(server, script);
    server.on("request", (req: IncomingMessage, res: ServerResponse) => void fake.handle(req, res));
    await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
    return fake;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  /** Add replies while it runs. */
  enqueue(...replies: Reply[]): void {
    this.queue.push(...replies);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((done) => this.server.close(() => done()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const piece of req) chunks.push(piece as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = null;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) headers[name.toLowerCase()] = String(value);
    this.requests.push({ method: req.method ?? "", path: req.url ?? "", headers, body });
    const path = (req.url ?? "").replace(/\/+$/, "");
    let reply: Reply;
    if (req.method !== "POST" || !path.endsWith("/chat/completions")) {
      reply = { error: { status: 404, message: `fake model: unknown path ${req.url ?? ""}` } };
    } else {
      reply = this.queue.shift() ?? { error: { status: 500, message: EXHAUSTED_MESSAGE } };
    }
    const plan = planReply(reply, this.played++, () => ++this.calls);
    await this.send(req, res, plan);
  }

  private async send(req: IncomingMessage, res: ServerResponse, plan: Planned): Promise<void> {
    if (plan.delaySeconds > 0) await sleep(plan.delaySeconds * 1000);
    const headers: Record<string, string> = { "Content-Type": "text/event-stream", Connection: "close", ...plan.headers };
    if (plan.body !== null && plan.dropAfter === null && plan.resetAfter === null && plan.stallAfter === null) {
      res.writeHead(plan.status, { ...headers, "Content-Length": String(Buffer.byteLength(plan.body)) });
      res.end(plan.body);
      return;
    }
    res.writeHead(plan.status, { ...headers, "Cache-Control": "no-cache" });
    const pieces = plan.body !== null ? [plan.body] : plan.events.map((e) => `data: ${typeof e === "string" ? e : JSON.stringify(e)}\n\n`);
    let hungUp = false;
    req.socket.once("close", () => (hungUp = true));
    for (let sent = 0; sent <= pieces.length; sent++) {
      if (plan.dropAfter === sent) {
        req.socket.destroy();
        return;
      }
      if (plan.resetAfter === sent) {
        // A reset discards what the client received but has not read yet: pause first, so the
        // client reads what was sent before it (a fixed outcome, not a race).
        await sleep(RESET_PAUSE_MS);
        // SO_LINGER 0 then close: a TCP RST, so the client's read fails with ECONNRESET.
        req.socket.resetAndDestroy();
        return;
      }
      if (plan.stallAfter === sent) {
        const until = plan.stallSeconds === null ? Infinity : Date.now() + plan.stallSeconds * 1000;
        while (!hungUp && Date.now() < until && this.server.listening) await sleep(50);
        if (hungUp || !this.server.listening) return;
      }
      if (sent < pieces.length) res.write(pieces[sent]);
    }
    res.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Zero's configuration files for one test run (the Python kit's ZeroConfig, same file layout).

/** A hook event Zero runs for `zero exec`. */
export type HookEvent = "beforeTool" | "afterTool" | "sessionStart" | "sessionEnd";
const HOOK_EVENTS: readonly HookEvent[] = ["beforeTool", "afterTool", "sessionStart", "sessionEnd"];

/** A configuration the helper refuses to write (the message names the field). */
export class ZeroConfigError extends Error {
  override name = "ZeroConfigError";
}

export interface McpServerOptions {
  /** A stdio server: the program, its arguments and extra environment variables. */
  readonly command?: string;
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** An `http` (or, with type "sse", SSE) server instead. */
  readonly url?: string;
  readonly type?: "stdio" | "http" | "sse";
  readonly headers?: Readonly<Record<string, string>>;
  /** Write it to the workspace's .zero/config.json (read only in a trusted workspace). */
  readonly project?: boolean;
}

export interface HookOptions {
  readonly args?: readonly string[];
  /** `*`, a tool name or a pattern with `*` (beforeTool and afterTool only). */
  readonly matcher?: string;
  readonly project?: boolean;
}

/**
 * Writes the configuration files Zero (and zero-engine) read at start-up: the user layer
 * `<configHome>/zero/config.json` and `hooks.json` (pass the run's own XDG_CONFIG_HOME, never the
 * real user's) and the project layer `<workspace>/.zero/`. Each call rewrites the file it touches.
 */
export class ZeroConfig {
  private readonly config: Record<"user" | "project", Record<string, unknown>> = { user: {}, project: {} };
  private readonly hooks: Record<"user" | "project", Record<string, unknown>[]> = { user: [], project: [] };

  /**
   * `dataHome` is the run's XDG_DATA_HOME, where `skill` writes; by default Zero's default next to
   * a private HOME's `.config` (`<configHome>/../.local/share`).
   */
  constructor(
    readonly configHome: string,
    readonly workspace: string,
    readonly dataHome: string = join(dirname(configHome), ".local", "share"),
  ) {}

  configPath(project = false): string {
    return join(this.dir(project), "config.json");
  }

  hooksPath(project = false): string {
    return join(this.dir(project), "hooks.json");
  }

  private dir(project: boolean): string {
    return project ? join(this.workspace, ".zero") : join(this.configHome, "zero");
  }

  mcpServer(name: string, options: McpServerOptions): this {
    if (!/^[A-Za-z0-9._-]+$/.test(name)) {
      throw new ZeroConfigError(`mcpServer: name ${JSON.stringify(name)}: use letters, digits, '.', '_' or '-'`);
    }
    if (Boolean(options.command) === Boolean(options.url)) {
      throw new ZeroConfigError(`mcpServer ${JSON.stringify(name)}: give exactly one of command (stdio) or url`);
    }
    const server: Record<string, unknown> = {};
    if (options.type) server["type"] = options.type;
    if (options.command) {
      server["command"] = options.command;
      if (options.args?.length) server["args"] = [...options.args];
      if (options.env) server["env"] = { ...options.env };
    } else {
      server["url"] = options.url;
      if (options.headers) server["headers"] = { ...options.headers };
    }
    const layer = this.config[options.project ? "project" : "user"];
    const mcp = (layer["mcp"] ??= { servers: {} }) as { servers: Record<string, unknown> };
    mcp.servers[name] = server;
    this.writeConfig(options.project ?? false);
    return this;
  }

  hook(id: string, event: HookEvent, command: string, options: HookOptions = {}): this {
    if (!HOOK_EVENTS.includes(event)) {
      throw new ZeroConfigError(`hook ${JSON.stringify(id)}: event ${JSON.stringify(event)} is not one of ${HOOK_EVENTS.join(", ")}`);
    }
    if (options.matcher && event !== "beforeTool" && event !== "afterTool") {
      throw new ZeroConfigError(`hook ${JSON.stringify(id)}: a matcher is only for beforeTool and afterTool hooks`);
    }
    const definition: Record<string, unknown> = { id, event, command, args: [...(options.args ?? [])] };
    if (options.matcher) definition["matcher"] = options.matcher;
    const key = options.project ? "project" : "user";
    this.hooks[key] = [...this.hooks[key].filter((hook) => hook["id"] !== id), definition];
    writeJson(this.hooksPath(options.project), { hooks: this.hooks[key] });
    return this;
  }

  /** Other config.json fields, as Zero spells them (`{ maxTurns: 5 }`). */
  set(fields: Record<string, unknown>, project = false): this {
    Object.assign(this.config[project ? "project" : "user"], fields);
    this.writeConfig(project);
    return this;
  }

  /** An OpenAI-compatible provider profile, made the active one. */
  provider(name: string, baseURL: string, model: string, apiKeyEnv = ""): this {
    const user = this.config.user;
    const profile: Record<string, unknown> = { name, provider: "openai-compatible", baseURL, model };
    if (apiKeyEnv) profile["apiKeyEnv"] = apiKeyEnv;
    const others = ((user["providers"] ?? []) as Record<string, unknown>[]).filter((p) => p["name"] !== name);
    user["providers"] = [...others, profile];
    user["activeProvider"] = name;
    this.writeConfig(false);
    return this;
  }

  /** Trust the workspace, as `zero trust` does: its project layer is read from now on. */
  trustWorkspace(): this {
    const store = join(this.configHome, "zero", "trust.json");
    const trusted: string[] = existsSync(store) ? ((JSON.parse(readFileSync(store, "utf8")) as { trusted?: string[] }).trusted ?? []) : [];
    const root = realpathSync(this.workspace);
    if (!trusted.includes(root)) trusted.push(root);
    writeJson(store, { trusted: trusted.sort() });
    return this;
  }

  /**
   * Install the plugin in `folder` for this run, as `zero plugins add` does: its tree is copied
   * (no symlinks, no `.git`) to `<configHome>/zero/plugins/<id>/`, or with `project` to the
   * workspace's `.zero/plugins/<id>/` (read only in a trusted workspace). Build the plugin first
   * (its build.sh): the copy is what Zero runs. Returns the plugin id; a plugin.json Zero would
   * refuse is a `ZeroConfigError` naming the field.
   */
  plugin(folder: string, options: { readonly project?: boolean } = {}): string {
    let id: string;
    try {
      id = parsePluginManifest(readFileSync(join(folder, "plugin.json"), "utf8")).id.trim();
    } catch (error) {
      throw new ZeroConfigError(`plugin ${folder}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const root = options.project ? join(this.workspace, ".zero", "plugins") : join(this.configHome, "zero", "plugins");
    const target = join(root, id);
    rmSync(target, { recursive: true, force: true });
    cpSync(folder, target, {
      recursive: true,
      filter: (source) => basename(source) !== ".git" && !lstatSync(source).isSymbolicLink(),
    });
    return id;
  }

  /**
   * A skill the `skill` tool can load: `<dataHome>/zero/skills/<name>/SKILL.md`, with a
   * frontmatter naming it (and describing it, when `description` is given). Returns the file.
   */
  skill(name: string, body: string, description = ""): string {
    if (!/^[A-Za-z0-9._-]+$/.test(name)) {
      throw new ZeroConfigError(`skill: name ${JSON.stringify(name)}: use letters, digits, '.', '_' or '-'`);
    }
    const front = [`name: ${name}`, ...(description ? [`description: ${description}`] : [])];
    const path = join(this.dataHome, "zero", "skills", name, "SKILL.md");
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `---\n${front.join("\n")}\n---\n\n${body.replace(/\n+$/, "")}\n`);
    return path;
  }

  private writeConfig(project: boolean): void {
    writeJson(this.configPath(project), this.config[project ? "project" : "user"]);
  }
}

function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}
