// Node's types (Buffer, NodeJS.*) for consumers whose tsconfig does not list "node": TypeScript 7
// includes no @types package by default. `preserve` keeps the line in the emitted .d.ts.
/// <reference types="node" preserve="true" />
/**
 * The Node client of Zero's headless mode: `ZeroClient.stream()` / `.run()` and the one-shot
 * `stream()` / `run()` functions. Behaviour follows the Python reference client
 * (clients/python/zero_client/client.py).
 *
 * Prompts always travel over stdin as stream-json input events, never in argv. Their schemaVersion:
 * - `schemaVersion` unset (the default): the binary's, probed once with `exec --list-tools` per
 *   command, cwd and env (cached for the life of this process).
 * - `schemaVersion: N`: a preference. A run writes N at once, without probing. If the binary
 *   speaks another version M, it refuses that input before doing anything (`refusedInputVersion`);
 *   the client then discards that attempt (none of its events reach the caller), remembers M in
 *   the probe cache and restarts the run once in M, so the caller sees one run (with a new `pid`).
 *   Later runs of the same command, cwd and env go straight to M. An M this client does not
 *   support is a `ZeroVersionError` naming it. A version the cache already knows wins over N (and
 *   a run in a cached or probed version falls back the same way, so a binary replaced by one of
 *   another version is followed).
 * - `schemaVersion: N, requireSchemaVersion: true`: N, always; a binary of another version fails
 *   the run with `ZeroVersionError` ("schemaVersion must be M").
 */

import { randomUUID } from "node:crypto";
import { statSync } from "node:fs";

import { SUPPORTED_SCHEMA_VERSIONS, encodeInput, isSupportedSchemaVersion, type InputEvent, type InputEventBody } from "../index.js";
import { ProtocolError } from "../runtime.js";
import { refusedInputVersion, unknownMcpTools, type DecodeMode, type Event, type RunResult } from "./core.js";
import { ZeroError, ZeroInterruptedError, ZeroUsageError, ZeroVersionError, type ErrorContext } from "./errors.js";
import { ExtensionRun, type Hooks, type SdkTool } from "./extensions.js";
import { checkInstructions } from "./instructions.js";
import { DEFAULT_OUTPUT_TRIES, OUTPUT_TOOL, OutputCapture, outputSpec, promptSuffix, takeOutput, withSuffix, type OutputOf, type OutputType } from "./output.js";
import { DEFAULT_GRACE_MS, ProcessRun, type Timeouts } from "./process.js";

/**
 * What the client asks of a tracer: `zero-headless-sdk/otel`'s `otelTracer()` implements it with
 * OpenTelemetry (docs/tracing.md). The client itself depends on no tracing library.
 */
export interface RunTracer {
  /**
   * Starts the trace of a run (its span begins now); null when nothing is recorded. `env` is the
   * environment the run's processes get (the tracer reads the model API's base URL from it).
   */
  startRun(env?: Readonly<Record<string, string | undefined>>): RunTrace | null;
}

/** The trace of one run, fed by the client. */
export interface RunTrace {
  /** Added to the environment of the run's processes (TRACEPARENT, TRACESTATE). */
  readonly env: Readonly<Record<string, string>>;
  /** Called with every event of the run, in order; null when the trace records nothing. */
  readonly observe: ((event: Event) => void) | null;
  /** Ends the trace with the run's result (null when no process ran) and its error. */
  finish(result: RunResult | null, error: unknown): void;
}

/** Where `@opentelemetry/api` 1.x registers its globals (the global tracer provider among them). */
const OTEL_API_GLOBAL = Symbol.for("opentelemetry.js.api.1");
let globalOtelTracer: Promise<RunTracer | null> | null = null;

/**
 * The tracer of a client given none: `otelTracer()` on the global tracer provider, once the
 * program has registered one with `@opentelemetry/api`; null otherwise, and then nothing is
 * imported (the tracer module needs `@opentelemetry/api`, which only such a program has).
 */
async function globalTracer(): Promise<RunTracer | null> {
  const registered = (globalThis as Record<symbol, { trace?: unknown } | undefined>)[OTEL_API_GLOBAL];
  if (registered?.trace === undefined) return null;
  globalOtelTracer ??= import("../otel/index.js").then(
    (otel) => otel.otelTracer(),
    () => null,
  );
  return globalOtelTracer;
}

export const DEFAULT_STDERR_TAIL_BYTES = 64 * 1024;
/** The probe that tells the schemaVersion: `--list-tools` needs no provider and no prompt. */
export const PROBE_ARGS: readonly string[] = ["exec", "--list-tools", "-o", "stream-json"];
const PROBE_TIMEOUT_MS = 60_000;
/** How errors name the probe. */
const PROBE_WHAT = "zero exec --list-tools (the schemaVersion probe)";

/** An input event, with or without a `schemaVersion` (it is sent in the binary's version). */
export type PromptEvent = InputEventBody | InputEvent;
/** What `stream()` and `run()` accept: a prompt, one input event, or a list of them. */
export type Prompt = string | PromptEvent | readonly (string | PromptEvent)[];

export interface ClientOptions {
  /** The argv prefix that starts zero: default env ZERO_BIN, else `zero` (found on PATH). */
  command?: string | readonly string[];
  /** The working directory of the process (and so zero's workspace root). */
  cwd?: string;
  /** Environment overrides on top of `process.env`; `undefined` removes a variable. */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * The schemaVersion to write first, without probing; a binary of another version gets the run
   * restarted once in its own (see the module comment). Absent: probed with `exec --list-tools`.
   */
  schemaVersion?: number;
  /** Write `schemaVersion` always: a binary of another version fails the run (`ZeroVersionError`). */
  requireSchemaVersion?: boolean;
  model?: string;
  auto?: string;
  permissionMode?: string;
  enabledTools?: readonly string[];
  disabledTools?: readonly string[];
  /** `--resume [ID]`: `true` resumes the latest session. */
  resume?: string | true;
  /** `--fork ID`: a new session starting from ID's conversation. */
  fork?: string;
  maxTurns?: number;
  /** `--image PATH` each (vision models). */
  images?: readonly string[];
  /** `--add-dir PATH` each: extra directories the run may write. */
  addDirs?: readonly string[];
  plan?: boolean;
  mode?: string;
  execProfile?: string;
  reasoningEffort?: string;
  /** `--worktree[=NAME]`: run from an isolated git worktree. */
  worktree?: string | true;
  worktreeDir?: string;
  tag?: string;
  sessionTitle?: string;
  /** `--init-session-id ID`: the id of the session the run creates (sessions use it). */
  initSessionId?: string;
  skipPermissionsUnsafe?: boolean;
  allowEscalation?: boolean;
  selfCorrect?: boolean;
  noCompletionGate?: boolean;
  /** Extra `zero exec` arguments, passed after the client's own. */
  extraArgs?: readonly string[];
  /** Custom tools (`tool({...})`), served to each run as the MCP server `toolServer` (docs/extensions.md). */
  tools?: readonly SdkTool<never>[];
  /** Callbacks called through Zero's hooks: before/after each tool call, start/end of the run. */
  hooks?: Hooks;
  /** The tools' MCP server name (default `sdk`: the model sees `mcp_sdk_<tool>`). */
  toolServer?: string;
  /** Pre-approve the tools for the default permission mode (default true). */
  approveTools?: boolean;
  /**
   * Added to what the agent is told, through Zero's user guidelines file: the run's layer gets a
   * ZERO.md holding the user's own (if any) and then these instructions (at most 8 KiB).
   */
  instructions?: string;
  decodeMode?: DecodeMode;
  timeouts?: Timeouts;
  stderrTailBytes?: number;
  /**
   * Traces each run (`otelTracer()` from `zero-headless-sdk/otel`). Absent: the global tracer
   * provider, once the program has registered one with `@opentelemetry/api` (as Python's client
   * and instrumentation libraries do; a program that never did pays nothing); null: no tracing.
   */
  tracer?: RunTracer | null;
}

export interface RunOptions {
  /** Aborting ends the whole process group (SIGINT, then after the grace period SIGKILL); the run then fails. */
  signal?: AbortSignal;
  /** Throw the run's typed error (default), or only record it in `result.error`. */
  check?: boolean;
  /**
   * Ask for a typed result (client/output.ts), a zod schema or a JSON Schema: `result.output` is
   * the validated value once the run is over (`run()`, or a stream's `result` after iteration).
   */
  outputType?: OutputType;
  /** How many invalid objects the model may give before the run fails (default 3). */
  outputTries?: number;
}

/** Run options with an output type: the result's `output` has its type. */
export type TypedRunOptions<O extends OutputType> = RunOptions & { outputType: O };

/** The binary's schemaVersion by probe key (`probeKey`): what a probe or a refused run told. */
const probeCache = new Map<string, number>();

/**
 * A ZeroVersionError naming `version` and the supported versions (and the command that speaks it,
 * when `spokenBy` gives one); null when this client supports `version`.
 */
function unsupportedVersion(version: number, spokenBy: readonly string[] = [], context: ErrorContext = {}): ZeroVersionError | null {
  if ((SUPPORTED_SCHEMA_VERSIONS as readonly number[]).includes(version)) return null;
  const speaker = spokenBy.length > 0 ? ` (spoken by ${spokenBy.join(" ")})` : "";
  return new ZeroVersionError(
    `schemaVersion ${version}${speaker} is not supported by this client (supported: ${SUPPORTED_SCHEMA_VERSIONS.join(", ")})`,
    context,
  );
}

function checkSchemaVersion(version: number, spokenBy: readonly string[] = [], context: ErrorContext = {}): number {
  const error = unsupportedVersion(version, spokenBy, context);
  if (error !== null) throw error;
  return version;
}

/** The probe cache's key: a client configuration that starts the same binary. */
function probeKey(client: ZeroClient): string {
  return JSON.stringify([client.command, client.options.cwd ?? null, Object.entries(client.options.env ?? {}).sort()]);
}

/**
 * The schemaVersion a run writes first: the required one, else the binary's when cached, else the
 * preferred one, else probed.
 */
async function firstSchemaVersion(client: ZeroClient, signal: AbortSignal | undefined): Promise<number> {
  const { schemaVersion, requireSchemaVersion } = client.options;
  if (requireSchemaVersion) return schemaVersion as number;
  return probeCache.get(probeKey(client)) ?? schemaVersion ?? (await client.detectSchemaVersion(signal));
}

/**
 * The prompt as JSONL input events of `version`, the schemaVersion the binary speaks (written by
 * that version's encoder in the registry). An event that version cannot express is a
 * `ZeroUsageError` before anything starts.
 */
export function encodeInputs(prompt: Prompt, version: number): Buffer {
  const items: readonly (string | PromptEvent)[] = typeof prompt === "string" || !Array.isArray(prompt) ? [prompt as string | PromptEvent] : prompt;
  if (items.length === 0) throw new TypeError("the prompt is empty: pass a string, an input event, or a list of them");
  const lines = items.map((item, index) => {
    const event: PromptEvent = typeof item === "string" ? { type: "prompt", content: item } : item;
    try {
      return `${encodeInput(event, version)}\n`;
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      throw new ZeroUsageError(`input event ${index + 1} is not valid for schemaVersion ${version}: ${error.message}`, { cause: error });
    }
  });
  return Buffer.from(lines.join(""), "utf8");
}

/** Drives `zero exec` (or `zero-engine exec`) in headless stream-json mode. */
export class ZeroClient {
  readonly command: readonly string[];
  readonly options: ClientOptions;

  constructor(options: ClientOptions = {}) {
    this.options = { ...options };
    const command = options.command ?? process.env["ZERO_BIN"] ?? "zero";
    this.command = typeof command === "string" ? [command] : [...command];
    if (options.schemaVersion !== undefined) checkSchemaVersion(options.schemaVersion);
    if (options.requireSchemaVersion && options.schemaVersion === undefined) {
      throw new ZeroVersionError("requireSchemaVersion: true needs the schemaVersion to require");
    }
    if (options.instructions !== undefined) this.options.instructions = checkInstructions(options.instructions);
  }

  /** The `zero exec` argv (without the command). */
  execArgs(): string[] {
    const o = this.options;
    const args = ["exec", "--input-format", "stream-json", "--output-format", "stream-json"];
    const valued: [string, string | undefined][] = [
      ["--model", o.model],
      ["--mode", o.mode],
      ["--exec-profile", o.execProfile],
      ["--reasoning-effort", o.reasoningEffort],
      ["--auto", o.auto],
      ["--permission-mode", o.permissionMode],
      ["--max-turns", o.maxTurns === undefined ? undefined : String(o.maxTurns)],
      ["--worktree-dir", o.worktreeDir],
      ["--tag", o.tag],
      ["--session-title", o.sessionTitle],
      ["--init-session-id", o.initSessionId],
      ["--fork", o.fork],
    ];
    for (const [flag, value] of valued) if (value !== undefined) args.push(flag, value);
    if (o.enabledTools !== undefined) args.push("--enabled-tools", o.enabledTools.join(","));
    if (o.disabledTools !== undefined) args.push("--disabled-tools", o.disabledTools.join(","));
    for (const image of o.images ?? []) args.push("--image", image);
    for (const dir of o.addDirs ?? []) args.push("--add-dir", dir);
    const switches: [string, boolean | undefined][] = [
      ["--plan", o.plan],
      ["--skip-permissions-unsafe", o.skipPermissionsUnsafe],
      ["--allow-escalation", o.allowEscalation],
      ["--self-correct", o.selfCorrect],
      ["--no-completion-gate", o.noCompletionGate],
    ];
    for (const [flag, on] of switches) if (on) args.push(flag);
    // `--worktree=NAME`, so the optional name cannot swallow the next argument.
    if (o.worktree === true) args.push("--worktree");
    else if (typeof o.worktree === "string") args.push(`--worktree=${o.worktree}`);
    args.push(...(o.extraArgs ?? []));
    // Last, because a bare `--resume` takes the next non-flag argument as the session id.
    if (o.resume === true) args.push("--resume");
    else if (typeof o.resume === "string") args.push("--resume", o.resume);
    return args;
  }

  /** A multi-turn handle: each `session.run()` is a turn of one Zero session; `sessionId` continues an existing one. */
  session(sessionId?: string): Session {
    return new Session(this, sessionId);
  }

  /** The environment of the run's processes, with `extra` added. */
  env(extra: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const [key, value] of Object.entries(this.options.env ?? {})) {
      if (value === undefined) delete env[key];
      else env[key] = value;
    }
    return { ...env, ...extra };
  }

  /** Starts one process (`extraEnv`: the run's trace context; `probe`: the version probe, which
   * decodes leniently and names itself). */
  async start(
    args: readonly string[],
    payload: Buffer,
    timeouts: Timeouts,
    signal: AbortSignal | undefined,
    extraEnv: Readonly<Record<string, string>> = {},
    probe = false,
  ): Promise<ProcessRun> {
    const cwd = this.options.cwd;
    if (cwd !== undefined) {
      let isDir = false;
      try {
        isDir = statSync(cwd).isDirectory();
      } catch {
        isDir = false;
      }
      if (!isDir) throw new ZeroUsageError(`cwd must be an existing directory: ${cwd}`);
    }
    return ProcessRun.start({
      argv: [...this.command, ...args],
      payload,
      cwd,
      env: this.env(extraEnv),
      timeouts,
      // The probe needs only the version, and a binary that cannot be driven is then
      // classified exactly as a run classifies it.
      decodeMode: probe ? "lenient" : (this.options.decodeMode ?? "lenient"),
      stderrTailBytes: this.options.stderrTailBytes ?? DEFAULT_STDERR_TAIL_BYTES,
      signal,
      what: probe ? PROBE_WHAT : "zero exec",
    });
  }

  /**
   * The binary's schemaVersion: the required one (`requireSchemaVersion`), else the cached one,
   * else probed with `exec --list-tools` (a preferred `schemaVersion` is not taken for the
   * binary's: this asks it).
   */
  async detectSchemaVersion(signal?: AbortSignal): Promise<number> {
    if (this.options.requireSchemaVersion) return this.options.schemaVersion as number;
    const key = probeKey(this);
    const cached = probeCache.get(key);
    if (cached !== undefined) return cached;
    const total = Math.min(PROBE_TIMEOUT_MS, this.options.timeouts?.totalMs ?? PROBE_TIMEOUT_MS);
    const grace = this.options.timeouts?.graceMs ?? DEFAULT_GRACE_MS;
    const probe = await this.start(PROBE_ARGS, Buffer.alloc(0), { totalMs: total, graceMs: grace }, signal, {}, true);
    try {
      while ((await probe.next()) !== null) {
        // read to the end
      }
    } finally {
      await probe.shutdown();
    }
    const result = probe.outcome();
    if (signal?.aborted && result.error !== null) throw result.error;
    const version = result.schemaVersion;
    if (version === null || !isSupportedSchemaVersion(version)) {
      // The error a run of this binary ends with: it died, wrote no event, or speaks an
      // unsupported version (a clean run_end carries a version, so there always is one).
      throw (
        result.error ??
        new ZeroVersionError(`${PROBE_WHAT} wrote no schemaVersion`, { exitCode: result.exitCode, stderrTail: result.stderrTail, result })
      );
    }
    probeCache.set(key, version);
    return version;
  }

  /**
   * Starts a run; iterate the returned `RunStream` for typed events as they arrive. With
   * `outputType`, the stream's `result.output` is the typed result once iteration ends, and a run
   * without one throws `StructuredOutputError` then (with `check: false`, it is `stream.error`).
   */
  stream<O extends OutputType>(prompt: Prompt, options: TypedRunOptions<O>): RunStream<OutputOf<O>>;
  stream(prompt: Prompt, options?: RunOptions): RunStream;
  stream(prompt: Prompt, options: RunOptions = {}): RunStream<unknown> {
    return new RunStream(this, prompt, options);
  }

  /**
   * Runs to the end. Throws the run's typed error, or returns it in `result.error` (check: false).
   * With `outputType`, `result.output` is the validated typed result; a run without one fails with
   * `StructuredOutputError`.
   */
  run<O extends OutputType>(prompt: Prompt, options: TypedRunOptions<O>): Promise<RunResult<OutputOf<O>>>;
  run(prompt: Prompt, options?: RunOptions): Promise<RunResult>;
  async run(prompt: Prompt, options: RunOptions = {}): Promise<RunResult> {
    const stream = new RunStream(this, prompt, { ...options, check: false });
    for await (const _ of stream) {
      // collect
    }
    const result = stream.result as RunResult;
    if ((options.check ?? true) && result.error !== null) throw result.error;
    return result;
  }

  /**
   * The client and prompt of a run given `outputType`: this client's options plus the output tool,
   * and the prompt that asks for it; and the capture that records the answer (client/output.ts).
   */
  async withOutputTool(prompt: Prompt, options: RunOptions): Promise<{ client: ZeroClient; prompt: Prompt; capture: OutputCapture | null }> {
    if (options.outputType === undefined) return { client: this, prompt, capture: null };
    const capture = new OutputCapture(await outputSpec(options.outputType), options.outputTries ?? DEFAULT_OUTPUT_TRIES);
    const tools = this.options.tools ?? [];
    if (tools.some((t) => t.name === OUTPUT_TOOL)) throw new TypeError(`a tool is named ${OUTPUT_TOOL}: that name is the output tool's (outputType)`);
    const client = new ZeroClient({ ...this.options, tools: [...tools, capture.tool() as SdkTool<never>] });
    return { client, prompt: withSuffix(prompt, promptSuffix(this.options.toolServer ?? "sdk")), capture };
  }
}

/**
 * A run in progress: iterate it (once) for events. Breaking out of the loop ends the process
 * group and resolves once the child exited. After iteration `result` holds the `RunResult` and
 * `error` the failure; with `check` (the default) a failed run throws its error at the end.
 * `Output` is the type of the typed result a run given `outputType` has in `result.output`.
 */
export class RunStream<Output = unknown> implements AsyncIterable<Event> {
  private process: ProcessRun | null = null;
  private finished: RunResult<Output> | null = null;
  private started = false;
  private closing = false;

  constructor(
    private readonly client: ZeroClient,
    private readonly prompt: Prompt,
    private readonly options: RunOptions,
  ) {}

  /**
   * The pid (and process-group id) of the current zero process, once started. When the binary
   * refuses a preferred `schemaVersion` (it speaks another one), the run is restarted in the
   * binary's version and `pid` changes to the new process's.
   */
  get pid(): number | null {
    return this.process?.pid ?? null;
  }

  /** The `RunResult`, once the run is over (null before). */
  get result(): RunResult<Output> | null {
    return this.finished;
  }

  /** Why the run failed, once it is over (null on success). */
  get error(): ZeroError | null {
    return this.finished?.error ?? null;
  }

  /** Ends the process group (if running) and resolves once the child exited. */
  async close(): Promise<void> {
    this.closing = true; // a run refused meanwhile is not restarted
    await this.process?.shutdown();
  }

  [Symbol.asyncIterator](): AsyncIterator<Event> {
    if (this.started) throw new Error("a RunStream can be iterated only once");
    this.started = true;
    return this.iterate();
  }

  private async *iterate(): AsyncGenerator<Event, void, undefined> {
    const { signal } = this.options;
    if (signal?.aborted) {
      throw new ZeroInterruptedError("zero exec was not started: the AbortSignal was already aborted", { cause: signal.reason });
    }
    const { client, prompt, capture } = await this.client.withOutputTool(this.prompt, this.options);
    const tracer = client.options.tracer === undefined ? await globalTracer() : client.options.tracer;
    const trace = tracer?.startRun(client.env({})) ?? null;
    let version: number;
    let run: ProcessRun;
    let extension: ExtensionRun | null = null;
    const start = (): Promise<ProcessRun> =>
      client.start(client.execArgs(), encodeInputs(prompt, version), client.options.timeouts ?? {}, signal, {
        ...trace?.env,
        ...extension?.env,
      });
    try {
      version = await firstSchemaVersion(client, signal);
      const { tools, hooks, instructions } = client.options;
      if ((tools !== undefined && tools.length > 0) || hooks !== undefined || instructions !== undefined) {
        const args = client.execArgs();
        const addDirs = args.flatMap((flag, index) => ((flag === "--add-dir" || flag === "--worktree-dir") && index + 1 < args.length ? [args[index + 1] as string] : []));
        extension = await ExtensionRun.start(client.options, client.env({}), client.options.cwd, addDirs);
      }
      run = await start();
      run.onCancel = () => extension?.interrupt();
    } catch (error) {
      await extension?.close();
      trace?.finish(null, error); // no process ran (not found, probe failed, bad prompt)
      throw error;
    }
    this.process = run;
    // Until its first event, the run may be one the binary refuses for its version: then it is
    // restarted once in the binary's version (refusedInputVersion), its own events dropped.
    let mayFallBack = !client.options.requireSchemaVersion;
    if (!mayFallBack && trace?.observe) run.observe(trace.observe);
    let failure: ZeroError | null = null;
    try {
      for (;;) {
        const event = await run.next();
        if (event === null) break;
        if (mayFallBack) {
          mayFallBack = false;
          const binaryVersion = refusedInputVersion(event, version);
          if (binaryVersion !== null) {
            while ((await run.next()) !== null) {
              // read the refusal to its end: Zero exits at once
            }
            await run.shutdown();
            const refused = run.outcome();
            failure = unsupportedVersion(binaryVersion, client.command, {
              exitCode: refused.exitCode,
              stderrTail: refused.stderrTail,
              runId: refused.runId,
              result: refused,
            });
            if (failure !== null || this.closing) break;
            probeCache.set(probeKey(client), binaryVersion);
            version = binaryVersion;
            run = await start();
            run.onCancel = () => extension?.interrupt();
            this.process = run;
            if (trace?.observe) run.observe(trace.observe);
            continue;
          }
          if (trace?.observe) run.observe(trace.observe); // from the events it already produced
        }
        yield event;
      }
    } finally {
      await run.shutdown();
      this.finished = run.outcome() as RunResult<Output>;
      if (failure !== null) this.finished.error = failure;
      this.finished.sdkNotes = unknownMcpTools(this.finished);
      if (extension !== null) {
        await extension.close();
        this.finished.hookErrors = [...extension.hookErrors];
      }
      if (capture !== null) takeOutput(this.finished, capture);
      trace?.finish(this.finished, this.finished.error);
    }
    if ((this.options.check ?? true) && this.finished.error !== null) throw this.finished.error;
  }
}

/** One-shot `new ZeroClient(options).stream(prompt, options)`. */
export function stream(prompt: Prompt, options: ClientOptions & RunOptions = {}): RunStream {
  return new ZeroClient(options).stream(prompt, options);
}

/** One-shot `new ZeroClient(options).run(prompt, options)`. */
export function run(prompt: Prompt, options: ClientOptions & RunOptions = {}): Promise<RunResult> {
  return new ZeroClient(options).run(prompt, options);
}

/**
 * Multi-turn work: every `run()` is a turn of the same Zero session. The first turn creates it
 * under `id` (`--init-session-id`, so the id is known up front), later turns `--resume` it, and
 * the first turn of a `fork()` passes `--fork PARENT --init-session-id ID`.
 */
export class Session {
  /** The Zero session id (every turn's `run_start.sessionId`). */
  readonly id: string;
  private created: boolean;
  /** How many turns this handle started. */
  turns = 0;

  constructor(
    readonly client: ZeroClient,
    sessionId?: string,
    private readonly forkOf?: string,
  ) {
    this.id = sessionId ?? `sdk_${randomUUID().replace(/-/g, "")}`;
    this.created = sessionId !== undefined && forkOf === undefined;
  }

  private turnClient(): ZeroClient {
    const options: ClientOptions = this.created
      ? { ...this.client.options, resume: this.id, fork: undefined, initSessionId: undefined }
      : { ...this.client.options, resume: undefined, fork: this.forkOf, initSessionId: this.id };
    this.created = true;
    this.turns += 1;
    return new ZeroClient(options);
  }

  /** Runs one turn to its end (as `ZeroClient.run`, `outputType` included). */
  run<O extends OutputType>(prompt: Prompt, options: TypedRunOptions<O>): Promise<RunResult<OutputOf<O>>>;
  run(prompt: Prompt, options?: RunOptions): Promise<RunResult>;
  run(prompt: Prompt, options: RunOptions = {}): Promise<RunResult> {
    return this.turnClient().run(prompt, options);
  }

  /** Starts one turn and streams its events (as `ZeroClient.stream`, `outputType` included). */
  stream<O extends OutputType>(prompt: Prompt, options: TypedRunOptions<O>): RunStream<OutputOf<O>>;
  stream(prompt: Prompt, options?: RunOptions): RunStream;
  stream(prompt: Prompt, options: RunOptions = {}): RunStream<unknown> {
    return this.turnClient().stream(prompt, options);
  }

  /** A new session whose first turn starts from this one's conversation. */
  fork(): Session {
    if (!this.created) throw new Error("fork() needs a session with a turn: run() it first");
    return new Session(this.client, undefined, this.id);
  }
}
