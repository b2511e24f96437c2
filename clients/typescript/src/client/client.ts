/**
 * The Node client of Zero's headless mode: `ZeroClient.stream()` / `.run()` and the one-shot
 * `stream()` / `run()` functions. Behaviour follows the Python reference client
 * (clients/python/zero_client/client.py).
 *
 * Prompts always travel over stdin as stream-json input events of the detected (or given)
 * schemaVersion, never in argv.
 */

import { statSync } from "node:fs";

import { SUPPORTED_SCHEMA_VERSIONS, encodeInput, type InputEvent, type InputEventBody } from "../index.js";
import { ProtocolError } from "../runtime.js";
import type { DecodeMode, Event, RunResult } from "./core.js";
import { ZeroError, ZeroInterruptedError, ZeroUsageError, ZeroVersionError } from "./errors.js";
import { DEFAULT_GRACE_MS, ProcessRun, type Timeouts } from "./process.js";

export const DEFAULT_STDERR_TAIL_BYTES = 64 * 1024;
/** The probe that tells the schemaVersion: `--list-tools` needs no provider and no prompt. */
export const PROBE_ARGS: readonly string[] = ["exec", "--list-tools", "-o", "stream-json"];
const PROBE_TIMEOUT_MS = 60_000;

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
  /** The schemaVersion to speak; detected with `exec --list-tools` when absent. */
  schemaVersion?: number;
  model?: string;
  auto?: string;
  permissionMode?: string;
  enabledTools?: readonly string[];
  disabledTools?: readonly string[];
  /** Extra `zero exec` arguments, passed after the client's own. */
  extraArgs?: readonly string[];
  decodeMode?: DecodeMode;
  timeouts?: Timeouts;
  stderrTailBytes?: number;
}

export interface RunOptions {
  /** Aborting ends the whole process group (SIGTERM, grace, SIGKILL); the run then fails. */
  signal?: AbortSignal;
  /** Throw the run's typed error (default), or only record it in `result.error`. */
  check?: boolean;
}

const probeCache = new Map<string, number>();

function checkSchemaVersion(version: number): number {
  if (!(SUPPORTED_SCHEMA_VERSIONS as readonly number[]).includes(version)) {
    throw new ZeroVersionError(
      `schemaVersion ${version} is not supported by this client (supported: ${SUPPORTED_SCHEMA_VERSIONS.join(", ")})`,
    );
  }
  return version;
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
  }

  /** The `zero exec` argv (without the command). */
  execArgs(): string[] {
    const o = this.options;
    const args = ["exec", "--input-format", "stream-json", "--output-format", "stream-json"];
    if (o.model !== undefined) args.push("--model", o.model);
    if (o.auto !== undefined) args.push("--auto", o.auto);
    if (o.permissionMode !== undefined) args.push("--permission-mode", o.permissionMode);
    if (o.enabledTools !== undefined) args.push("--enabled-tools", o.enabledTools.join(","));
    if (o.disabledTools !== undefined) args.push("--disabled-tools", o.disabledTools.join(","));
    args.push(...(o.extraArgs ?? []));
    return args;
  }

  private env(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const [key, value] of Object.entries(this.options.env ?? {})) {
      if (value === undefined) delete env[key];
      else env[key] = value;
    }
    return env;
  }

  /** Starts one process. */
  async start(args: readonly string[], payload: Buffer, timeouts: Timeouts, signal: AbortSignal | undefined): Promise<ProcessRun> {
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
      env: this.env(),
      timeouts,
      decodeMode: this.options.decodeMode ?? "lenient",
      stderrTailBytes: this.options.stderrTailBytes ?? DEFAULT_STDERR_TAIL_BYTES,
      signal,
    });
  }

  /** The binary's schemaVersion: given, cached, or probed with `exec --list-tools`. */
  async detectSchemaVersion(signal?: AbortSignal): Promise<number> {
    if (this.options.schemaVersion !== undefined) return this.options.schemaVersion;
    const key = JSON.stringify([this.command, this.options.cwd ?? null, Object.entries(this.options.env ?? {}).sort()]);
    const cached = probeCache.get(key);
    if (cached !== undefined) return cached;
    const total = Math.min(PROBE_TIMEOUT_MS, this.options.timeouts?.totalMs ?? PROBE_TIMEOUT_MS);
    const grace = this.options.timeouts?.graceMs ?? DEFAULT_GRACE_MS;
    const probe = await this.start(PROBE_ARGS, Buffer.alloc(0), { totalMs: total, graceMs: grace }, signal);
    try {
      while ((await probe.next()) !== null) {
        // read to the end
      }
    } finally {
      await probe.shutdown();
    }
    const result = probe.outcome();
    if (signal?.aborted && result.error !== null) throw result.error;
    if (result.schemaVersion === null) {
      throw new ZeroVersionError(
        `could not detect the stream-json schemaVersion of ${this.command.join(" ")}: \`${PROBE_ARGS.join(" ")}\` produced no event` +
          (result.error ? ` (${result.error.detail})` : ""),
        { exitCode: result.exitCode, stderrTail: result.stderrTail, cause: result.error ?? undefined },
      );
    }
    probeCache.set(key, checkSchemaVersion(result.schemaVersion));
    return result.schemaVersion;
  }

  /** Starts a run; iterate the returned `RunStream` for typed events as they arrive. */
  stream(prompt: Prompt, options: RunOptions = {}): RunStream {
    return new RunStream(this, prompt, options);
  }

  /** Runs to the end. Throws the run's typed error, or returns it in `result.error` (check: false). */
  async run(prompt: Prompt, options: RunOptions = {}): Promise<RunResult> {
    const stream = new RunStream(this, prompt, { ...options, check: false });
    for await (const _ of stream) {
      // collect
    }
    const result = stream.result as RunResult;
    if ((options.check ?? true) && result.error !== null) throw result.error;
    return result;
  }
}

/**
 * A run in progress: iterate it (once) for events. Breaking out of the loop ends the process
 * group and resolves once the child exited. After iteration `result` holds the `RunResult` and
 * `error` the failure; with `check` (the default) a failed run throws its error at the end.
 */
export class RunStream implements AsyncIterable<Event> {
  private process: ProcessRun | null = null;
  private finished: RunResult | null = null;
  private started = false;

  constructor(
    private readonly client: ZeroClient,
    private readonly prompt: Prompt,
    private readonly options: RunOptions,
  ) {}

  /** The pid (and process-group id) of the zero process, once started. */
  get pid(): number | null {
    return this.process?.pid ?? null;
  }

  /** The `RunResult`, once the run is over (null before). */
  get result(): RunResult | null {
    return this.finished;
  }

  /** Why the run failed, once it is over (null on success). */
  get error(): ZeroError | null {
    return this.finished?.error ?? null;
  }

  /** Ends the process group (if running) and resolves once the child exited. */
  async close(): Promise<void> {
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
    const version = await this.client.detectSchemaVersion(signal);
    const payload = encodeInputs(this.prompt, version);
    const run = await this.client.start(this.client.execArgs(), payload, this.client.options.timeouts ?? {}, signal);
    this.process = run;
    try {
      for (;;) {
        const event = await run.next();
        if (event === null) break;
        yield event;
      }
    } finally {
      await run.shutdown();
      this.finished = run.outcome();
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
