// Node's types (Buffer, NodeJS.*) for consumers whose tsconfig does not list "node": TypeScript 7
// includes no @types package by default. `preserve` keeps the line in the emitted .d.ts.
/// <reference types="node" preserve="true" />
/**
 * The I/O-free core of the client (a port of clients/python/zero_client/core.py):
 * `LineSplitter` (Buffer chunks in, lines out, no length limit), `LineDecoder` (lines in, typed
 * events out, lenient by default), `RunState` (events in, `RunResult` out) and `outcomeError`
 * (a finished process -> the typed error it stands for).
 */

import {
  SUPPORTED_SCHEMA_VERSIONS,
  isSupportedSchemaVersion,
  validateOutput,
  type OutputEvent,
  type PermissionDecisionEvent,
  type PermissionEvent,
  type PermissionRequestEvent,
  type ToolCallEvent,
  type ToolResultEvent,
} from "../index.js";
import { ProtocolError, UnknownEvent, isObject, parseLine, wireOf, type JsonObject, type JsonValue } from "../runtime.js";
import {
  ZeroError,
  ZeroProcessError,
  ZeroProtocolError,
  ZeroProviderError,
  ZeroVersionError,
  errorClassForExit,
  retryableError,
} from "./errors.js";

/**
 * Anything the client yields: an output event of the latest schemaVersion (a line of an older
 * version is upgraded to it; `wireOf(event)` tells the version it arrived as) or an `UnknownEvent`.
 */
export type Event = OutputEvent | UnknownEvent;
/** The events that carry a permission decision for a tool call. */
export type ToolPermissionEvent = PermissionRequestEvent | PermissionDecisionEvent | PermissionEvent;
export type { ToolCallEvent, ToolResultEvent };

/** `lenient` keeps bad lines as issues (and salvages JSON objects); `strict` throws. */
export type DecodeMode = "lenient" | "strict";

/** How much of a bad line a `ProtocolIssue` keeps. */
export const ISSUE_EXCERPT_BYTES = 200;

// --------------------------------------------------------------------------------------------
// Line splitting

/**
 * Turns a byte stream into lines. `\n` ends a line; one trailing `\r` is dropped. There is no
 * length limit: an unfinished line is kept as a list of chunks and joined once it completes.
 * Splitting bytes on 0x0A is UTF-8 safe (it never occurs inside a multi-byte sequence).
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingLength = 0;

  /** Bytes of the current unfinished line. */
  get pendingBytes(): number {
    return this.pendingLength;
  }

  /** Adds `data`; returns the lines it completed, without their line endings. */
  feed(data: Buffer): Buffer[] {
    const lines: Buffer[] = [];
    let start = 0;
    for (;;) {
      const end = data.indexOf(0x0a, start);
      if (end < 0) break;
      let piece = data.subarray(start, end);
      if (this.pending.length > 0) {
        this.pending.push(piece);
        piece = Buffer.concat(this.pending, this.pendingLength + piece.length);
        this.pending = [];
        this.pendingLength = 0;
      }
      lines.push(stripCR(piece));
      start = end + 1;
    }
    if (start < data.length) {
      const rest = start === 0 ? data : data.subarray(start);
      this.pending.push(rest);
      this.pendingLength += rest.length;
    }
    return lines;
  }

  /** Ends the stream; returns the unterminated last line, if any. */
  finish(): Buffer | null {
    if (this.pending.length === 0) return null;
    const line = Buffer.concat(this.pending, this.pendingLength);
    this.pending = [];
    this.pendingLength = 0;
    return stripCR(line);
  }
}

function stripCR(line: Buffer): Buffer {
  return line.length > 0 && line[line.length - 1] === 0x0d ? line.subarray(0, line.length - 1) : line;
}

// --------------------------------------------------------------------------------------------
// Decoding

/** A stdout line that is not a valid protocol event (kept in lenient mode). */
export interface ProtocolIssue {
  lineNumber: number;
  kind: string;
  message: string;
  excerpt: string;
}

/**
 * Decodes one output object of any supported schemaVersion into the latest version's types
 * (`line` is kept on an upgraded event).
 */
export function decodeObject(obj: JsonObject, strict: boolean, line?: string): Event {
  return validateOutput(obj, { strict }, line);
}

/** Decodes numbered lines into events. Line numbers are 1-based and count blank lines. */
export class LineDecoder {
  lineNumber = 0;
  readonly issues: ProtocolIssue[] = [];

  constructor(readonly mode: DecodeMode = "lenient") {}

  /**
   * The event on the next line; null for a blank line or one that is not a JSON object. In
   * lenient mode a JSON object that fails validation (say, an enum value newer than this
   * client) is recorded as an issue and still returned as an `UnknownEvent`, so no data is lost
   * and a `run_end` is still recognised.
   */
  decode(line: Buffer): Event | null {
    this.lineNumber++;
    const text = line.toString("utf8");
    if (text.trim() === "") return null;
    let obj: JsonObject | null = null;
    try {
      obj = parseLine(text);
      return decodeObject(obj, this.mode === "strict", text);
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      const issue: ProtocolIssue = {
        lineNumber: this.lineNumber,
        kind: error.kind,
        message: error.message,
        excerpt: line.subarray(0, ISSUE_EXCERPT_BYTES).toString("utf8"),
      };
      if (this.mode === "strict") {
        const version = obj === null ? undefined : obj["schemaVersion"];
        if (typeof version === "number" && !isSupportedSchemaVersion(version)) {
          // The binary speaks another version: say so, as a lenient run's outcome does.
          throw new ZeroVersionError(
            `stdout line ${issue.lineNumber} is in stream-json schemaVersion ${version}, which this client does not support ` +
              `(supported: ${SUPPORTED_SCHEMA_VERSIONS.join(", ")}); upgrade zero-headless-sdk to a release that supports it`,
          );
        }
        throw new ZeroProtocolError(`stdout line ${issue.lineNumber} is not a valid protocol event: ${issue.message}`, {
          lineNumber: issue.lineNumber,
          kind: issue.kind,
        });
      }
      this.issues.push(issue);
      // Validation works in place (a lenient decode moves unknown fields aside): salvage a
      // fresh parse of the line, so the UnknownEvent holds the object exactly as it arrived.
      return obj === null ? null : salvage(parseLine(text));
    }
  }
}

function salvage(raw: JsonObject): UnknownEvent {
  const version = raw["schemaVersion"];
  const type = raw["type"];
  const runId = raw["runId"];
  return new UnknownEvent(
    typeof type === "string" ? type : "",
    typeof version === "number" ? version : 0,
    typeof runId === "string" ? runId : "",
    raw,
  );
}

// --------------------------------------------------------------------------------------------
// Run state

/** Token usage summed over the run's `usage` events (each one is per model request). */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  requests: number;
}

/** One tool call with its result and permission events, paired by call id. */
export class ToolCall {
  name: string | null = null;
  args: JsonValue | undefined = undefined;
  sideEffect: string | null = null;
  call: ToolCallEvent | null = null;
  result: ToolResultEvent | null = null;
  /** Permission events for this call, in arrival order (they may precede the call itself). */
  readonly permissions: ToolPermissionEvent[] = [];

  constructor(readonly id: string) {}

  /** `ok` or `error` from the tool result; null while no result arrived. */
  get status(): string | null {
    return this.result?.status ?? null;
  }

  /** The tool result's (model-facing) output; null when absent. */
  get output(): string | null {
    return this.result?.output ?? null;
  }

  /** The action of the last permission event (`allow`, `prompt`, `deny`, `cancel`). */
  get permissionAction(): string | null {
    return this.permissions.at(-1)?.action ?? null;
  }
}

/** An `error` event of the run. */
export interface RunError {
  code: string | null;
  message: string;
  recoverable: boolean;
}

/** Everything a finished (or failed) run produced; `Output` is the type of a typed result (`outputType`). */
export class RunResult<Output = unknown> {
  readonly events: Event[] = [];
  /** `run_end.status`; null when no `run_end` arrived. */
  status: string | null = null;
  exitCode: number | null = null;
  runId: string | null = null;
  /** Whether a `run_start` arrived (the run got as far as calling the model). */
  started = false;
  sessionId: string | null = null;
  schemaVersion: number | null = null;
  /** The text deltas joined. */
  text = "";
  reasoning = "";
  /** `final.text` ("" when the final event had no text); null when no `final` arrived. */
  final: string | null = null;
  usage: Usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0, requests: 0 };
  readonly toolCalls: ToolCall[] = [];
  readonly warnings: string[] = [];
  readonly errors: RunError[] = [];
  protocolErrors: ProtocolIssue[] = [];
  stderrTail = "";
  /** The signal that ended the process, if one did. */
  signal: NodeJS.Signals | null = null;
  /** Whether the caller's AbortSignal ended the run. */
  aborted = false;
  /** Why the run failed (null on success). */
  error: ZeroError | null = null;
  /** Messages of `hooks` callbacks that threw during the run (a `beforeTool` one blocked its call). */
  hookErrors: string[] = [];
  /**
   * What the client noticed that the stream does not say, one sentence each: an MCP tool Zero
   * called unknown (its server did not start; `unknownMcpTools`).
   */
  sdkNotes: string[] = [];
  /** The validated typed result of a run given `outputType` (client/output.ts); null when it had none. */
  output: Output | null = null;

  /** The upstream rule: `final.text` when present and non-empty, else the joined text deltas. */
  get finalText(): string {
    return this.final ? this.final : this.text;
  }

  /** Whether a `run_end` event arrived. */
  get ended(): boolean {
    return this.status !== null;
  }

  get ok(): boolean {
    return this.ended && this.exitCode === 0 && this.error === null;
  }
}

/** Reduces a run's events into a `RunResult`, one event at a time. */
export class RunState {
  readonly result = new RunResult();
  private readonly textParts: string[] = [];
  private readonly reasoningParts: string[] = [];
  private readonly tools = new Map<string, ToolCall>();

  /** The result so far, with text joined on demand. */
  snapshot(): RunResult {
    this.result.text = this.textParts.join("");
    this.result.reasoning = this.reasoningParts.join("");
    return this.result;
  }

  private tool(id: string | undefined): ToolCall {
    const key = id ?? "";
    let record = this.tools.get(key);
    if (record === undefined) {
      record = new ToolCall(key);
      this.tools.set(key, record);
      this.result.toolCalls.push(record);
    }
    return record;
  }

  apply(event: Event): void {
    const result = this.result;
    result.events.push(event);
    if (result.runId === null && event.runId) result.runId = event.runId;
    if (result.schemaVersion === null) {
      const version = wireOf(event).schemaVersion;
      if (version) result.schemaVersion = version;
    }
    if (event instanceof UnknownEvent) {
      this.applySalvaged(event);
      return;
    }
    switch (event.type) {
      case "text":
        this.textParts.push(event.delta ?? "");
        break;
      case "reasoning":
        this.reasoningParts.push(event.delta ?? "");
        break;
      case "run_start":
        result.started = true;
        result.runId = event.runId;
        result.sessionId = event.sessionId ?? null;
        break;
      case "tool_call": {
        const record = this.tool(event.id);
        record.call = event;
        record.name = event.name ?? record.name;
        record.args = event.args;
        record.sideEffect = event.sideEffect ?? null;
        break;
      }
      case "permission":
      case "permission_request":
      case "permission_decision": {
        const record = this.tool(event.id);
        record.permissions.push(event);
        record.name ??= event.name ?? null;
        result.sessionId ??= event.sessionId ?? null;
        break;
      }
      case "tool_result": {
        const record = this.tool(event.id);
        record.result = event;
        record.name ??= event.name ?? null;
        break;
      }
      case "usage": {
        const usage = result.usage;
        result.usage = {
          promptTokens: usage.promptTokens + event.promptTokens,
          completionTokens: usage.completionTokens + event.completionTokens,
          totalTokens: usage.totalTokens + event.totalTokens,
          requests: usage.requests + 1,
        };
        break;
      }
      case "final":
        result.final = event.text ?? "";
        break;
      case "warning":
        result.warnings.push(event.message ?? "");
        break;
      case "error":
        result.errors.push({ code: event.code ?? null, message: event.message ?? "", recoverable: event.recoverable });
        break;
      case "run_end":
        result.status = event.status ?? "";
        result.exitCode = event.exitCode;
        break;
      default:
        break;
    }
  }

  /** Terminal events must count even when a field failed validation (a newer enum value). */
  private applySalvaged(event: UnknownEvent): void {
    const raw = event.raw;
    const exitCode = raw["exitCode"];
    if (event.wireType === "run_end" && (typeof exitCode === "number" || typeof exitCode === "bigint")) {
      this.result.status = String(raw["status"] ?? "");
      this.result.exitCode = Number(exitCode);
    } else if (event.wireType === "error") {
      const code = raw["code"];
      this.result.errors.push({
        code: code === undefined ? null : String(code),
        message: String(raw["message"] ?? ""),
        recoverable: raw["recoverable"] === true,
      });
    }
  }
}

/** Reads the `schemaVersion` of a JSON object, if it has a supported one. */
export function versionOf(raw: JsonValue): number | null {
  if (!isObject(raw)) return null;
  const version = raw["schemaVersion"];
  return isSupportedSchemaVersion(version) ? version : null;
}

/**
 * The schemaVersion M of the binary when the first event of a run says it refused input written
 * in schemaVersion `written`; null when it did not.
 *
 * The rule (the one place it is written down; the Python client's `refused_input_version` is the
 * same): the run's first event is an `error` (typed, or an `UnknownEvent` when this client does
 * not know M) whose schemaVersion M is present and differs from `written`. That is how Zero
 * answers an input line of another version, before `run_start` and any model call: `usage_error`
 * "Invalid stream-json input at line 1: schemaVersion must be M", then `run_end` (exit 2). Any
 * error it writes before `run_start` is in its own version M, so M !== `written` alone tells the
 * input was in the wrong version, whatever the error's code.
 */
export function refusedInputVersion(first: Event, written: number): number | null {
  const type = first instanceof UnknownEvent ? first.wireType : first.type;
  const version = wireOf(first).schemaVersion;
  return type === "error" && version > 0 && version !== written ? version : null;
}

// --------------------------------------------------------------------------------------------
// Outcome

/**
 * The error of a binary this client cannot drive at all, whatever it exited with; null if not
 * (the Python client's `undrivable_error` is the same):
 * - it speaks a schemaVersion this client does not support (the stream's first event says
 *   which): `ZeroVersionError`, even when it ended with a successful `run_end`;
 * - its stdout had lines but not one of them was an event of any schemaVersion (it is not Zero,
 *   or not in stream-json mode): `ZeroProtocolError` naming the first bad line.
 * A binary that wrote nothing at all is a process that died (`ZeroProcessError`). The version
 * probe and a run give the same error for the same binary.
 */
export function undrivableError(result: RunResult, exitCode: number | null, what = "zero exec", cause?: unknown): ZeroError | null {
  const context = { exitCode, stderrTail: result.stderrTail, runId: result.runId, result, cause };
  const version = result.schemaVersion;
  if (version !== null && !isSupportedSchemaVersion(version)) {
    return new ZeroVersionError(
      `${what} speaks stream-json schemaVersion ${version}, which this client does not support ` +
        `(supported: ${SUPPORTED_SCHEMA_VERSIONS.join(", ")}); upgrade zero-headless-sdk to a release that supports it`,
      context,
    );
  }
  const first = result.protocolErrors[0];
  if (version === null && first !== undefined) {
    const more = result.protocolErrors.length - 1;
    return new ZeroProtocolError(
      `${what} wrote no stream-json event: stdout line ${first.lineNumber} is ${JSON.stringify(first.excerpt.slice(0, 80))} ` +
        `(${first.kind}${more > 0 ? `, and ${more} more bad line(s)` : ""}); ` +
        "check that the command is Zero's binary (`zero exec --output-format stream-json`)",
      { ...context, lineNumber: first.lineNumber, kind: first.kind },
    );
  }
  return null;
}

/**
 * The typed error a finished process stands for, or null when the run succeeded. `exitCode`
 * and `signal` are the process's; a process that exits without `run_end` is never a success,
 * even with exit code 0. Neither is one that cannot be driven (`undrivableError`).
 */
export function outcomeError(
  result: RunResult,
  exitCode: number | null,
  signal: NodeJS.Signals | null,
  what = "zero exec",
  cause?: unknown,
): ZeroError | null {
  result.signal = signal;
  const context = { stderrTail: result.stderrTail, runId: result.runId, result, cause };
  const undrivable = undrivableError(result, exitCode, what, cause);
  if (undrivable !== null) return undrivable;
  if (!result.ended) {
    // A process the client itself had to kill after a cancel is reported as that, not as a crash.
    let how = !signal
      ? `exited with code ${exitCode}`
      : result.aborted
        ? `was killed by ${signal} after the run was cancelled (it did not exit within the grace period)`
        : `was killed by ${signal}`;
    how +=
      result.events.length > 0
        ? ` without a run_end event (${result.events.length} event(s) received)`
        : " before writing any event; check that the command is Zero's binary and that it starts";
    return new ZeroProcessError(`${what} ${how}`, {
      ...context,
      signal,
      exitCode,
    });
  }
  if (signal) {
    return new ZeroProcessError(`${what} was killed by ${signal} after run_end`, { ...context, signal });
  }
  // A clean process exit does not hide a failure that run_end reported.
  const code = exitCode === null || exitCode === 0 ? result.exitCode : exitCode;
  result.exitCode = code;
  if (code === 0) return null;
  const detail = result.errors.map((e) => (e.code ? `${e.code}: ${e.message}` : e.message)).join("; ");
  const message = `${what} failed with status ${JSON.stringify(result.status)}${detail ? `: ${detail}` : ""}`;
  if (result.errors.some((e) => e.code === "usage_error" && e.message.includes("schemaVersion must be"))) {
    return new ZeroVersionError(message, { ...context, exitCode: code });
  }
  const cls = errorClassForExit(code ?? 1);
  const error = new cls(message, { ...context, exitCode: code });
  // Only the error that decided the exit code counts: exit 3 is the provider class (a
  // provider_error seen on the way to exit 130 or 4 does not make those retryable).
  error.retryable =
    error instanceof ZeroProviderError && result.errors.some((e) => retryableError(e.code, e.recoverable, result.started));
  return error;
}

/** Zero's result for a tool it does not know (internal/tools/registry.go). */
const UNKNOWN_TOOL = /^Error: Unknown tool "(mcp_[^"]+)"\.$/;

/**
 * A note for each MCP tool the model called that Zero did not know: Zero skips an MCP server that
 * does not start (a crash, an import error) and says so nowhere in `exec`'s stream or stderr, so
 * the call's only trace is "Unknown tool". The note says where to look (the Python client's
 * `unknown_mcp_tools`, same words).
 */
export function unknownMcpTools(result: RunResult): string[] {
  const notes: string[] = [];
  for (const call of result.toolCalls) {
    const found = call.status === "error" ? UNKNOWN_TOOL.exec(call.output ?? "") : null;
    if (found === null) continue;
    notes.push(
      `Zero does not know the tool ${found[1]}: the MCP server that serves it (mcp_<server>_<tool>) ` +
        "did not start, or has no such tool. `zero mcp check <server>` starts it and shows its " +
        "error. A Python server written for mcp 1.x (`from mcp.server.fastmcp import FastMCP`) " +
        "fails to import on mcp 2.x, which zero-headless-sdk[tools] installs: write " +
        "`from mcp.server.mcpserver import MCPServer` (FastMCP's new name) or run it with mcp<2.",
    );
  }
  return notes;
}
