/**
 * The hand-written Node client of `zero exec` (kept apart from the generated bindings).
 *
 * ```ts
 * import { ZeroClient } from "zero-headless-sdk/client";
 * const client = new ZeroClient({ cwd: "/repo" });
 * for await (const event of client.stream("Fix the tests", { signal })) console.log(event.type);
 * const result = await client.run("Summarise the README");
 * console.log(result.finalText);
 * ```
 */

export { ZeroClient, RunStream, Session, run, stream, encodeInputs, PROBE_ARGS } from "./client.js";
export { ExtensionRun, ToolDefinitionError, checkJsonSchema, tool, serverIdentity, layersRoot, newLayerDir, removeStaleLayers, writeLayer } from "./extensions.js";
export type {
  Decision,
  ExtensionOptions,
  Hooks,
  JsonObjectSchema,
  SchemaShape,
  SdkTool,
  SessionEvent,
  ShapeOutput,
  StandardJsonSchema,
  ToolDefinition,
  ToolDone,
  ToolUse,
} from "./extensions.js";
export type { ClientOptions, RunOptions, Prompt, PromptEvent, RunTrace, RunTracer } from "./client.js";
export { LineDecoder, LineSplitter, RunResult, RunState, ToolCall, decodeObject, outcomeError, refusedInputVersion } from "./core.js";
export type { DecodeMode, Event, ProtocolIssue, RunError, ToolPermissionEvent, Usage } from "./core.js";
export {
  ZeroCrashError,
  ZeroError,
  ZeroIncompleteError,
  ZeroInterruptedError,
  ZeroNotFoundError,
  ZeroProcessError,
  ZeroProtocolError,
  ZeroProviderError,
  ZeroRunError,
  ZeroTimeoutError,
  ZeroUsageError,
  ZeroVersionError,
  errorClassForExit,
  retryableError,
} from "./errors.js";
export type { ErrorContext, TimeoutKind } from "./errors.js";
export { ProcessRun, StderrTail, groupHasLiveMembers } from "./process.js";
export type { Timeouts } from "./process.js";
