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
export { ExtensionRun, ToolDefinitionError, checkJsonSchema, tool } from "./extensions.js";
export {
  checkLocation,
  LAYER_ROOT_ENV,
  LayerError,
  LayerLocationError,
  layerRootPath,
  layersRoot,
  newLayerDir,
  removeStaleLayers,
  serverIdentity,
  writeLayer,
} from "./layer.js";
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
export type { ClientOptions, RunOptions, TypedRunOptions, Prompt, PromptEvent, RunTrace, RunTracer } from "./client.js";
export { jsonOutput, OUTPUT_TOOL, DEFAULT_OUTPUT_TRIES, outputToolName } from "./output.js";
export type { JsonOutputType, OutputOf, OutputType, ZodLikeSchema } from "./output.js";
export { LineDecoder, LineSplitter, RunResult, RunState, ToolCall, decodeObject, outcomeError, refusedInputVersion, unknownMcpTools } from "./core.js";
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
  StructuredOutputError,
  errorClassForExit,
  retryableError,
} from "./errors.js";
export type { ErrorContext, TimeoutKind } from "./errors.js";
export { ProcessRun, StderrTail, groupHasLiveMembers } from "./process.js";
export type { Timeouts } from "./process.js";
