// Node's types (Buffer, NodeJS.*) for consumers whose tsconfig does not list "node": TypeScript 7
// includes no @types package by default. `preserve` keeps the line in the emitted .d.ts.
/// <reference types="node" preserve="true" />
/**
 * Typed errors of the Zero client (the same classes as the Python reference client,
 * clients/python/zero_client/errors.py).
 *
 * Every error carries what a caller needs to decide what to do next: the process exit code (when
 * there was one), the tail of the process's stderr, the run id (when the run got that far),
 * whether retrying the same request can help, and the partial `RunResult` when a run was under
 * way. Exit-code classification follows `zero exec`: 0 success, 1 crash, 2 usage, 3 provider,
 * 4 incomplete, 130 interrupted.
 */

import { ERROR_CODE_RETRY_POLICY } from "../generated/registry.js";
import type { RunResult } from "./core.js";

/** Context every `ZeroError` may carry. */
export interface ErrorContext {
  exitCode?: number | null;
  stderrTail?: string;
  runId?: string | null;
  result?: RunResult | null;
  /** The underlying cause, e.g. the AbortSignal's reason when the caller aborted the run. */
  cause?: unknown;
}

/** Base class of every error the client throws. */
export class ZeroError extends Error {
  override name = "ZeroError";
  /** Whether repeating the same request may succeed (provider hiccups, timeouts). */
  retryable: boolean = false;
  readonly exitCode: number | null;
  readonly stderrTail: string;
  readonly runId: string | null;
  readonly result: RunResult | null;
  /** The bare message, without the exit code and stderr lines `message` adds. */
  readonly detail: string;

  constructor(message: string, context: ErrorContext = {}) {
    super(formatMessage(message, context), context.cause === undefined ? undefined : { cause: context.cause });
    this.detail = message;
    this.exitCode = context.exitCode ?? null;
    this.stderrTail = context.stderrTail ?? "";
    this.runId = context.runId ?? null;
    this.result = context.result ?? null;
  }

  /** True when the run was ended because the caller's AbortSignal fired (`cause` is its reason). */
  get aborted(): boolean {
    return this.result?.aborted ?? false;
  }
}

function formatMessage(message: string, context: ErrorContext): string {
  let text = message;
  if (context.exitCode !== undefined && context.exitCode !== null) text += ` (exit code ${context.exitCode})`;
  const tail = (context.stderrTail ?? "").trimEnd();
  if (tail.trim()) {
    const last = tail.split(/\r?\n/).slice(-5);
    text += `\nstderr (last lines):\n  ${last.join("\n  ")}`;
  }
  return text;
}

/** The run ended with a non-zero exit code reported by `run_end`. */
export class ZeroRunError extends ZeroError {
  override name = "ZeroRunError";
}

/** Exit code 1: the binary crashed or could not write its output. */
export class ZeroCrashError extends ZeroRunError {
  override name = "ZeroCrashError";
}

/** Exit code 2: bad flags, bad input, bad cwd or session preflight failure. */
export class ZeroUsageError extends ZeroRunError {
  override name = "ZeroUsageError";
}

/**
 * Exit code 3: provider, config, sandbox or MCP failure. `retryable` says which: a provider
 * failure during the run (rate limit, server error, a dropped stream) is; a configuration
 * problem found before the run started is not (see `retryableError`).
 */
export class ZeroProviderError extends ZeroRunError {
  override name = "ZeroProviderError";
}

/** Exit code 4: the run stopped with work unfinished (headless completion gate). */
export class ZeroIncompleteError extends ZeroRunError {
  override name = "ZeroIncompleteError";
}

/** Exit code 130: the run was cancelled by SIGINT or SIGTERM (also what an abort usually gives). */
export class ZeroInterruptedError extends ZeroRunError {
  override name = "ZeroInterruptedError";
}

/** The process ended without a `run_end` event (crash, kill, or a signal). */
export class ZeroProcessError extends ZeroError {
  override name = "ZeroProcessError";
  /** The signal that ended the process (`"SIGKILL"`), or null when it exited by itself. */
  readonly signal: NodeJS.Signals | null;

  constructor(message: string, context: ErrorContext & { signal?: NodeJS.Signals | null } = {}) {
    super(message, context);
    this.signal = context.signal ?? null;
  }
}

export type TimeoutKind = "first_event" | "idle" | "total";

/** One of the client's timeouts expired; the process group was ended. */
export class ZeroTimeoutError extends ZeroError {
  override name = "ZeroTimeoutError";
  override retryable: boolean = true;
  readonly timeout: TimeoutKind;
  readonly ms: number;

  constructor(message: string, context: ErrorContext & { timeout: TimeoutKind; ms: number }) {
    super(message, context);
    this.timeout = context.timeout;
    this.ms = context.ms;
  }
}

/** The `zero` binary (or the configured command) does not exist or cannot be executed. */
export class ZeroNotFoundError extends ZeroError {
  override name = "ZeroNotFoundError";
  readonly command: string;

  constructor(message: string, context: ErrorContext & { command: string }) {
    super(message, context);
    this.command = context.command;
  }
}

/** The binary speaks a stream-json schemaVersion this client cannot use. */
export class ZeroVersionError extends ZeroError {
  override name = "ZeroVersionError";
}

/** A stdout line is not a valid protocol event (thrown in strict decode mode). */
export class ZeroProtocolError extends ZeroError {
  override name = "ZeroProtocolError";
  readonly lineNumber: number;
  readonly kind: string;

  constructor(message: string, context: ErrorContext & { lineNumber: number; kind: string }) {
    super(message, context);
    this.lineNumber = context.lineNumber;
    this.kind = context.kind;
  }
}

const EXIT_CLASSES: ReadonlyMap<number, typeof ZeroRunError> = new Map([
  [1, ZeroCrashError],
  [2, ZeroUsageError],
  [3, ZeroProviderError],
  [4, ZeroIncompleteError],
  [130, ZeroInterruptedError],
]);

/** The error class for a non-zero `zero exec` exit code (unknown codes count as crashes). */
export function errorClassForExit(exitCode: number): typeof ZeroRunError {
  return EXIT_CLASSES.get(exitCode) ?? ZeroCrashError;
}

/**
 * Whether an `error` event with this code describes a failure worth retrying, by the schema's
 * `x-zero-retry` table (the same table in the three clients): retryable when the binary marks it
 * `recoverable`, or its code's policy is `always`, or the policy is `after_run_start` and the run
 * got as far as `run_start` (the model was being called; before that the same code means
 * configuration, which retrying cannot fix). Codes not listed never are.
 */
export function retryableError(code: string | null, recoverable: boolean, runStarted: boolean): boolean {
  if (recoverable) return true;
  const policy = code === null ? undefined : (ERROR_CODE_RETRY_POLICY as Readonly<Record<string, string>>)[code];
  return policy === "always" || (policy === "after_run_start" && runStarted);
}

/**
 * A run asked for a typed result (`outputType`) ended without a valid one: the model never called
 * the output tool, or every object it gave failed validation. `lastAttempt` is the last invalid
 * object (null when there was none), `validationErrors` what was wrong with it, `attempts` how
 * many objects were given.
 */
export class StructuredOutputError extends ZeroError {
  override name = "StructuredOutputError";
  readonly lastAttempt: unknown;
  readonly validationErrors: string[];
  readonly attempts: number;

  constructor(message: string, context: ErrorContext & { lastAttempt?: unknown; validationErrors?: string[]; attempts?: number } = {}) {
    super(message, context);
    this.lastAttempt = context.lastAttempt ?? null;
    this.validationErrors = [...(context.validationErrors ?? [])];
    this.attempts = context.attempts ?? 0;
  }
}
