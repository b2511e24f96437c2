// GENERATED FILE - DO NOT EDIT.
// Generated from schema/v1.json (schemaVersion 1)
// by `zero-sdk generate --lang typescript --version 1`.
// Edit the schema and rerun that command instead of editing this file.

/**
 * Typed bindings of the Zero stream-json protocol, schemaVersion 1: Zero stream-json protocol, schemaVersion 1.
 *
 * Every input and output line of `zero exec --input-format stream-json --output-format stream-json` at schemaVersion 1 (last v1 commit a3f62f09).
 */

import * as rt from "../runtime.js";
import type { JsonValue } from "../runtime.js";

/** The schemaVersion of this module. */
export const SCHEMA_VERSION = 1 as const;

// --- Enums ---------------------------------------------------------------------------------

/** Values of `Risk.level`. */
export type RiskLevel = "low" | "medium" | "high" | "critical";
/** Every value of `RiskLevel`, in schema order. */
export const RISK_LEVEL_VALUES: readonly RiskLevel[] = ["low", "medium", "high", "critical"];

function isRiskLevel(value: unknown): value is RiskLevel {
  return value === "low" || value === "medium" || value === "high" || value === "critical";
}

/** Values of `Violation.code`. */
export type ViolationCode = "context_canceled" | "denied_permission" | "outside_workspace" | "symlink_traversal" | "network" | "destructive_command" | "persistent_deny";
/** Every value of `ViolationCode`, in schema order. */
export const VIOLATION_CODE_VALUES: readonly ViolationCode[] = ["context_canceled", "denied_permission", "outside_workspace", "symlink_traversal", "network", "destructive_command", "persistent_deny"];

function isViolationCode(value: unknown): value is ViolationCode {
  return value === "context_canceled" || value === "denied_permission" || value === "outside_workspace" || value === "symlink_traversal" || value === "network" || value === "destructive_command" || value === "persistent_deny";
}

/** Values of `Violation.action`. */
export type ViolationAction = "allow" | "prompt" | "deny";
/** Every value of `ViolationAction`, in schema order. */
export const VIOLATION_ACTION_VALUES: readonly ViolationAction[] = ["allow", "prompt", "deny"];

function isViolationAction(value: unknown): value is ViolationAction {
  return value === "allow" || value === "prompt" || value === "deny";
}

/** Values of `Grant.decision`. */
export type GrantDecision = "allow" | "deny";
/** Every value of `GrantDecision`, in schema order. */
export const GRANT_DECISION_VALUES: readonly GrantDecision[] = ["allow", "deny"];

function isGrantDecision(value: unknown): value is GrantDecision {
  return value === "allow" || value === "deny";
}

/** Values of `Grant.maxAutonomy`. */
export type GrantMaxAutonomy = "low" | "medium" | "high";
/** Every value of `GrantMaxAutonomy`, in schema order. */
export const GRANT_MAX_AUTONOMY_VALUES: readonly GrantMaxAutonomy[] = ["low", "medium", "high"];

function isGrantMaxAutonomy(value: unknown): value is GrantMaxAutonomy {
  return value === "low" || value === "medium" || value === "high";
}

/** Values of `ToolCallEvent.sideEffect`. */
export type ToolCallSideEffect = "read" | "write" | "shell" | "network" | "none" | "unknown";
/** Every value of `ToolCallSideEffect`, in schema order. */
export const TOOL_CALL_SIDE_EFFECT_VALUES: readonly ToolCallSideEffect[] = ["read", "write", "shell", "network", "none", "unknown"];

function isToolCallSideEffect(value: unknown): value is ToolCallSideEffect {
  return value === "read" || value === "write" || value === "shell" || value === "network" || value === "none" || value === "unknown";
}

/** Values of `PermissionEvent.permission`, `PermissionRequestEvent.permission`, `PermissionDecisionEvent.permission`. */
export type Permission = "allow" | "prompt" | "deny";
/** Every value of `Permission`, in schema order. */
export const PERMISSION_VALUES: readonly Permission[] = ["allow", "prompt", "deny"];

function isPermission(value: unknown): value is Permission {
  return value === "allow" || value === "prompt" || value === "deny";
}

/** Values of `PermissionEvent.permissionMode`, `PermissionRequestEvent.permissionMode`, `PermissionDecisionEvent.permissionMode`. */
export type PermissionMode = "auto" | "ask" | "unsafe" | "spec-draft" | "plan" | "member-auto";
/** Every value of `PermissionMode`, in schema order. */
export const PERMISSION_MODE_VALUES: readonly PermissionMode[] = ["auto", "ask", "unsafe", "spec-draft", "plan", "member-auto"];

function isPermissionMode(value: unknown): value is PermissionMode {
  return value === "auto" || value === "ask" || value === "unsafe" || value === "spec-draft" || value === "plan" || value === "member-auto";
}

/** Values of `PermissionEvent.autonomy`, `PermissionRequestEvent.autonomy`, `PermissionDecisionEvent.autonomy`. */
export type PermissionAutonomy = "low" | "medium" | "high" | "member";
/** Every value of `PermissionAutonomy`, in schema order. */
export const PERMISSION_AUTONOMY_VALUES: readonly PermissionAutonomy[] = ["low", "medium", "high", "member"];

function isPermissionAutonomy(value: unknown): value is PermissionAutonomy {
  return value === "low" || value === "medium" || value === "high" || value === "member";
}

/** Values of `PermissionEvent.sideEffect`, `PermissionRequestEvent.sideEffect`, `PermissionDecisionEvent.sideEffect`. */
export type PermissionSideEffect = "read" | "write" | "shell" | "network" | "none" | "local_control" | "local_browser" | "local_desktop" | "local_terminal" | "out_of_workspace";
/** Every value of `PermissionSideEffect`, in schema order. */
export const PERMISSION_SIDE_EFFECT_VALUES: readonly PermissionSideEffect[] = ["read", "write", "shell", "network", "none", "local_control", "local_browser", "local_desktop", "local_terminal", "out_of_workspace"];

function isPermissionSideEffect(value: unknown): value is PermissionSideEffect {
  return value === "read" || value === "write" || value === "shell" || value === "network" || value === "none" || value === "local_control" || value === "local_browser" || value === "local_desktop" || value === "local_terminal" || value === "out_of_workspace";
}

/** Values of `PermissionRequestEvent.action`. */
export type PermissionRequestAction = "prompt";
/** Every value of `PermissionRequestAction`, in schema order. */
export const PERMISSION_REQUEST_ACTION_VALUES: readonly PermissionRequestAction[] = ["prompt"];

function isPermissionRequestAction(value: unknown): value is PermissionRequestAction {
  return value === "prompt";
}

/** Values of `PermissionDecisionEvent.action`. */
export type PermissionDecisionAction = "allow" | "deny";
/** Every value of `PermissionDecisionAction`, in schema order. */
export const PERMISSION_DECISION_ACTION_VALUES: readonly PermissionDecisionAction[] = ["allow", "deny"];

function isPermissionDecisionAction(value: unknown): value is PermissionDecisionAction {
  return value === "allow" || value === "deny";
}

/** Values of `ToolResultEvent.status`. */
export type ToolResultStatus = "ok" | "error";
/** Every value of `ToolResultStatus`, in schema order. */
export const TOOL_RESULT_STATUS_VALUES: readonly ToolResultStatus[] = ["ok", "error"];

function isToolResultStatus(value: unknown): value is ToolResultStatus {
  return value === "ok" || value === "error";
}

/** Values of `ErrorEvent.code`. */
export type ErrorCode = "usage_error" | "provider_error" | "sandbox_error" | "mcp_error" | "specialist_error" | "interrupted";
/** Every value of `ErrorCode`, in schema order. */
export const ERROR_CODE_VALUES: readonly ErrorCode[] = ["usage_error", "provider_error", "sandbox_error", "mcp_error", "specialist_error", "interrupted"];

function isErrorCode(value: unknown): value is ErrorCode {
  return value === "usage_error" || value === "provider_error" || value === "sandbox_error" || value === "mcp_error" || value === "specialist_error" || value === "interrupted";
}

/** Values of `RunEndEvent.status`. */
export type RunEndStatus = "success" | "error" | "interrupted" | "spec_review_required";
/** Every value of `RunEndStatus`, in schema order. */
export const RUN_END_STATUS_VALUES: readonly RunEndStatus[] = ["success", "error", "interrupted", "spec_review_required"];

function isRunEndStatus(value: unknown): value is RunEndStatus {
  return value === "success" || value === "error" || value === "interrupted" || value === "spec_review_required";
}

// --- Objects and events --------------------------------------------------------------------

/** Sandbox risk assessment of a tool call. */
export interface Risk extends rt.HasExtra {
  /** Risk level. */
  level: RiskLevel;
  /** Sorted risk categories (e.g. `write`, `network`, `destructive`). */
  categories?: string[];
  /** Why this risk level was chosen. */
  reason?: string;
}

/** Why the sandbox blocked or held back a call (renamed to Block in v2). */
export interface Violation extends rt.HasExtra {
  /** Violation code. */
  code: ViolationCode;
  /** Tool that was blocked. */
  toolName?: string;
  /** `deny` for hard blocks, `prompt` for promptable path checks. */
  action: ViolationAction;
  /** Risk assessment attached to the violation. */
  risk: Risk;
  /** Offending path, for path checks. */
  path?: string;
  /** Explanation; always present, may be empty. */
  reason: string;
  /** Whether approval or a grant could lift it. */
  recoverable: boolean;
}

/** A persistent or session sandbox grant. */
export interface Grant extends rt.HasExtra {
  /** Tool the grant covers. */
  toolName: string;
  /** Whether the grant allows or denies. */
  decision: GrantDecision;
  /** Highest autonomy level the grant applies to (removed in v2). */
  maxAutonomy: GrantMaxAutonomy;
  /** When the grant was approved (RFC 3339 timestamp string). */
  approvedAt: string;
  /** Why it was granted. */
  reason?: string;
}

/** Compact human-facing summary of a tool result. */
export interface Display extends rt.HasExtra {
  /** One-line summary. */
  summary?: string;
  /** Kind of result (e.g. `diff`). */
  kind?: string;
}

/** A captured file checkpoint or an applied restore; every field is omitted when zero. */
export interface CheckpointInfo extends rt.HasExtra {
  /** Session event sequence of the checkpoint. Between -(2^53-1) and 2^53-1, so every client holds it exactly. */
  sequence?: number;
  /** Tool whose call was checkpointed. */
  tool?: string;
  /** Workspace-relative paths captured. */
  files?: string[];
  /** Number of files restored (restore only). Between -(2^53-1) and 2^53-1, so every client holds it exactly. */
  filesRestored?: number;
  /** Number of files deleted (restore only). Between -(2^53-1) and 2^53-1, so every client holds it exactly. */
  filesDeleted?: number;
  /** Paths skipped by the restore. */
  skipped?: string[];
}

/** An image attached to a message input. */
export interface InputImage extends rt.HasExtra {
  /** MIME type or short name: png, jpeg/jpg, gif or webp, optionally `image/`- or `data:`-prefixed, any case. */
  mediaType: string;
  /** Standard padded base64 of the image bytes, without a `data:` prefix; at most 10 MiB decoded. */
  data: string;
}

/**
 * Prompt input: A piece of the user's request. All input events' contents are trimmed and joined with blank lines into one prompt.
 *
 * Wire type `prompt` (input).
 */
export interface PromptInput extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; must be 1. */
  schemaVersion: 1;
  /** Input event type; always `prompt`. */
  type: "prompt";
  /** Prompt text; must contain a non-whitespace character. */
  content: string;
}

/**
 * User message input: A user message, optionally with images. `content` must contain a non-whitespace character unless at least one image is attached.
 *
 * Wire type `message` (input).
 */
export interface MessageInput extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; must be 1. */
  schemaVersion: 1;
  /** Input event type; always `message`. */
  type: "message";
  /** Message role; only `user` is accepted. */
  role: "user";
  /** Message text; may be blank or absent only when images are attached. */
  content?: string;
  /** Images attached to the message (only allowed on `message`). */
  images?: InputImage[];
}

/**
 * Run start: First event of a run that got past startup. Carries the workspace root and the resolved model; `--list-tools` runs omit session, provider and model.
 *
 * Wire type `run_start` (output).
 */
export interface RunStartEvent extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; always 1. */
  schemaVersion: 1;
  /** Event type discriminator; always `run_start`. */
  type: "run_start";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** Zero session id (`zero_<14 digits>_<unixnano>_<n>` when generated). */
  sessionId?: string;
  /** Final workspace root (after `--cwd` and `--worktree`). */
  cwd: string;
  /** Resolved provider kind (e.g. `openai`, `anthropic`), or the profile name. */
  provider?: string;
  /** Resolved model id (after `--model` and `--mode`). */
  model?: string;
  /** Model id sent on the wire to the provider. */
  apiModel?: string;
}

/**
 * Text delta: A chunk of assistant text as it streams, from every turn (including commentary before tool calls). The deltas joined are generally not equal to `final.text`.
 *
 * Wire type `text` (output).
 */
export interface TextEvent extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; always 1. */
  schemaVersion: 1;
  /** Event type discriminator; always `text`. */
  type: "text";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** The text chunk; omitted when the provider sent an empty chunk. */
  delta?: string;
}

/**
 * Tool call: The model called a tool. Written before the call's permission event and result (except in parallel read batches, where permission events can precede it).
 *
 * Wire type `tool_call` (output).
 */
export interface ToolCallEvent extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; always 1. */
  schemaVersion: 1;
  /** Event type discriminator; always `tool_call`. */
  type: "tool_call";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** Tool call id, echoed by the matching tool_result. */
  id?: string;
  /** Tool name. */
  name?: string;
  /** Tool arguments: the parsed JSON value (usually an object) when the model's argument string is valid JSON, otherwise the raw string; omitted when the argument string is empty. */
  args?: JsonValue;
  /** Side effect class; local-control, out-of-workspace and unregistered tools map to `unknown`. */
  sideEffect: ToolCallSideEffect;
}

/**
 * File checkpoint: A file checkpoint captured before a write_file, edit_file or apply_patch call, emitted right after the matching tool_call when a session exists.
 *
 * Wire type `checkpoint` (output).
 */
export interface CheckpointEvent extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; always 1. */
  schemaVersion: 1;
  /** Event type discriminator; always `checkpoint`. */
  type: "checkpoint";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** What was captured. */
  checkpoint: CheckpointInfo;
}

/**
 * Permission event (generic): Permission event whose action is none of the mapped ones. In v1 the writer used it for `cancel` decisions.
 *
 * Wire type `permission` (output).
 */
export interface PermissionEvent extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; always 1. */
  schemaVersion: 1;
  /** Event type discriminator; always `permission`. */
  type: "permission";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** Zero session id (`zero_<14 digits>_<unixnano>_<n>` when generated). */
  sessionId?: string;
  /** Id of the tool call this permission event belongs to. */
  id?: string;
  /** Tool name. */
  name?: string;
  /** Sandbox action that is not mapped to a request or decision event (in v1, `cancel`). */
  action?: string;
  /** The tool's static permission. */
  permission?: Permission;
  /** Whether the call was authorized up front (unsafe mode, static allow, or a grant). False for sandbox auto-allows and headless prompts. */
  permissionGranted?: boolean;
  /** The run's permission mode. */
  permissionMode?: PermissionMode;
  /** The `--auto` value exec was given (default `low`; `member` is accepted but undocumented). */
  autonomy?: PermissionAutonomy;
  /** The tool's raw side effect (not the reduced tool_call set). */
  sideEffect?: PermissionSideEffect;
  /** Why the sandbox decided this way; empty reasons are omitted. */
  reason?: string;
  /** Reason from the approval flow; usually omitted in exec. */
  decisionReason?: string;
  /** Risk assessment of the call. */
  risk?: Risk;
  /** The sandbox violation behind a deny or a promptable path check. */
  violation?: Violation;
  /** Present (and true) only when a persistent or session grant matched. */
  grantMatched?: boolean;
  /** The grant that matched, when one did. */
  grant?: Grant;
}

/**
 * Permission request: A prompt-gated call needed approval. Headless exec has no responder, so the call is refused and an error tool_result follows.
 *
 * Wire type `permission_request` (output).
 */
export interface PermissionRequestEvent extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; always 1. */
  schemaVersion: 1;
  /** Event type discriminator; always `permission_request`. */
  type: "permission_request";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** Zero session id (`zero_<14 digits>_<unixnano>_<n>` when generated). */
  sessionId?: string;
  /** Id of the tool call this permission event belongs to. */
  id?: string;
  /** Tool name. */
  name?: string;
  /** Sandbox action; always `prompt` for this event. */
  action?: PermissionRequestAction;
  /** The tool's static permission. */
  permission?: Permission;
  /** Whether the call was authorized up front (unsafe mode, static allow, or a grant). False for sandbox auto-allows and headless prompts. */
  permissionGranted?: boolean;
  /** The run's permission mode. */
  permissionMode?: PermissionMode;
  /** The `--auto` value exec was given (default `low`; `member` is accepted but undocumented). */
  autonomy?: PermissionAutonomy;
  /** The tool's raw side effect (not the reduced tool_call set). */
  sideEffect?: PermissionSideEffect;
  /** Why the sandbox decided this way; empty reasons are omitted. */
  reason?: string;
  /** Reason from the approval flow; usually omitted in exec. */
  decisionReason?: string;
  /** Risk assessment of the call. */
  risk?: Risk;
  /** The sandbox violation behind a deny or a promptable path check. */
  violation?: Violation;
  /** Present (and true) only when a persistent or session grant matched. */
  grantMatched?: boolean;
  /** The grant that matched, when one did. */
  grant?: Grant;
}

/**
 * Permission decision: The sandbox allowed or denied a call.
 *
 * Wire type `permission_decision` (output).
 */
export interface PermissionDecisionEvent extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; always 1. */
  schemaVersion: 1;
  /** Event type discriminator; always `permission_decision`. */
  type: "permission_decision";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** Zero session id (`zero_<14 digits>_<unixnano>_<n>` when generated). */
  sessionId?: string;
  /** Id of the tool call this permission event belongs to. */
  id?: string;
  /** Tool name. */
  name?: string;
  /** Sandbox action that was taken. */
  action?: PermissionDecisionAction;
  /** The tool's static permission. */
  permission?: Permission;
  /** Whether the call was authorized up front (unsafe mode, static allow, or a grant). False for sandbox auto-allows and headless prompts. */
  permissionGranted?: boolean;
  /** The run's permission mode. */
  permissionMode?: PermissionMode;
  /** The `--auto` value exec was given (default `low`; `member` is accepted but undocumented). */
  autonomy?: PermissionAutonomy;
  /** The tool's raw side effect (not the reduced tool_call set). */
  sideEffect?: PermissionSideEffect;
  /** Why the sandbox decided this way; empty reasons are omitted. */
  reason?: string;
  /** Reason from the approval flow; usually omitted in exec. */
  decisionReason?: string;
  /** Risk assessment of the call. */
  risk?: Risk;
  /** The sandbox violation behind a deny or a promptable path check. */
  violation?: Violation;
  /** Present (and true) only when a persistent or session grant matched. */
  grantMatched?: boolean;
  /** The grant that matched, when one did. */
  grant?: Grant;
}

/**
 * Tool result: Result of a tool call. Denials are `error` results; there is no denied status.
 *
 * Wire type `tool_result` (output).
 */
export interface ToolResultEvent extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; always 1. */
  schemaVersion: 1;
  /** Event type discriminator; always `tool_result`. */
  type: "tool_result";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** Id of the tool call this result belongs to. */
  id?: string;
  /** Tool name. */
  name?: string;
  /** Whether the tool succeeded. */
  status: ToolResultStatus;
  /** Raw tool output, cut to 10 KiB with a `\n[truncated]` marker; omitted when empty. */
  output?: string;
  /** Whether the output was truncated by the 10 KiB cut. */
  truncated: boolean;
  /** Present (and true) only when the tool-boundary redactor changed something. */
  redacted?: boolean;
  /** Files the tool changed. */
  changedFiles?: string[];
  /** Tool metadata, string to string (e.g. `raw_bytes`, `permission_action`). */
  meta?: { [key: string]: string };
  /** Human-facing summary of the result. */
  display?: Display;
}

/**
 * Restore: A checkpoint restore was applied. Declared but never emitted by exec.
 *
 * Wire type `restore` (output).
 */
export interface RestoreEvent extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; always 1. */
  schemaVersion: 1;
  /** Event type discriminator; always `restore`. */
  type: "restore";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** What was restored. */
  checkpoint?: CheckpointInfo;
}

/**
 * Token usage: Token counts of one model request (not running totals), sent when that request's stream ends.
 *
 * Wire type `usage` (output).
 */
export interface UsageEvent extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; always 1. */
  schemaVersion: 1;
  /** Event type discriminator; always `usage`. */
  type: "usage";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** Input tokens of the request. At most 2^53-1, so every client holds it exactly. */
  promptTokens: number;
  /** Output tokens of the request. At most 2^53-1, so every client holds it exactly. */
  completionTokens: number;
  /** Sum of prompt and completion tokens. At most 2^53-1, so every client holds it exactly. */
  totalTokens: number;
  /** Cost in US dollars; declared but never set by exec. */
  costUsd?: number;
}

/**
 * Final answer: The last turn's answer, sent exactly once on success (and before the error on an incomplete run).
 *
 * Wire type `final` (output).
 */
export interface FinalEvent extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; always 1. */
  schemaVersion: 1;
  /** Event type discriminator; always `final`. */
  type: "final";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** The final answer; omitted when empty. */
  text?: string;
  /** Spec-draft details (`status`, `stopReason`, `specId`, ...); only with `--use-spec`. */
  meta?: { [key: string]: string };
}

/**
 * Warning: A non-fatal notice: unsafe mode, a truncated response, or scratch files left behind.
 *
 * Wire type `warning` (output).
 */
export interface WarningEvent extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; always 1. */
  schemaVersion: 1;
  /** Event type discriminator; always `warning`. */
  type: "warning";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** The warning text. */
  message?: string;
}

/**
 * Error: A fatal error; always followed by run_end.
 *
 * Wire type `error` (output).
 */
export interface ErrorEvent extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; always 1. */
  schemaVersion: 1;
  /** Event type discriminator; always `error`. */
  type: "error";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** Error class; decides the exit code. */
  code?: ErrorCode;
  /** Human-readable error text (redacted). */
  message?: string;
  /** Whether the client may retry; exec always sends false. */
  recoverable: boolean;
}

/**
 * Run end: Always the last event of a run.
 *
 * Wire type `run_end` (output).
 */
export interface RunEndEvent extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; always 1. */
  schemaVersion: 1;
  /** Event type discriminator; always `run_end`. */
  type: "run_end";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** How the run ended. */
  status?: RunEndStatus;
  /** The process exit code (0, 2, 3, 130). Between -(2^53-1) and 2^53-1, so every client holds it exactly. */
  exitCode: number;
}

/** One line of stream-json output. */
export type OutputEvent =
  | RunStartEvent
  | TextEvent
  | ToolCallEvent
  | CheckpointEvent
  | PermissionEvent
  | PermissionRequestEvent
  | PermissionDecisionEvent
  | ToolResultEvent
  | RestoreEvent
  | UsageEvent
  | FinalEvent
  | WarningEvent
  | ErrorEvent
  | RunEndEvent;

/** One line of stream-json input. */
export type InputEvent =
  | PromptInput
  | MessageInput;

/** The wire `type` of an output event. */
export type OutputEventType = OutputEvent["type"];
/** The wire `type` of an input event. */
export type InputEventType = InputEvent["type"];
/** Wire `type` of every output event of this version, in schema order. */
export const OUTPUT_EVENT_TYPES: readonly OutputEventType[] = ["run_start", "text", "tool_call", "checkpoint", "permission", "permission_request", "permission_decision", "tool_result", "restore", "usage", "final", "warning", "error", "run_end"];
/** Wire `type` of every input event of this version, in schema order. */
export const INPUT_EVENT_TYPES: readonly InputEventType[] = ["prompt", "message"];

// --- Validators ----------------------------------------------------------------------------
// One function per object: unknown keys first (strict: rejected; lenient: moved under EXTRA),
// then every field in schema order. The checked object itself is returned (no copy).

const DATA_PATTERN = new rt.Pattern(new RegExp("^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$", "u"));

const CONTENT_PATTERN = new rt.Pattern(new RegExp("\\S", "u"));

const RUN_ID_PATTERN = new rt.Pattern(new RegExp("^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$", "u"));

function decodeRisk(obj: rt.JsonObject, path: string, strict: boolean): Risk {
  for (const key in obj) {
    switch (key) {
      case "level":
      case "categories":
      case "reason":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v1 = obj.level;
  if (v1 === undefined) throw rt.missing(rt.join(path, "level"));
  if (!isRiskLevel(v1)) throw rt.badEnum(v1, RISK_LEVEL_VALUES, rt.join(path, "level"));
  const v2 = obj.categories;
  if (v2 !== undefined) {
    if (!Array.isArray(v2)) throw rt.wrongType("an array", v2, rt.join(path, "categories"));
    for (let i3 = 0; i3 < v2.length; i3++) {
      const item4: unknown = v2[i3];
      if (typeof item4 !== "string") throw rt.wrongType("a string", item4, `${rt.join(path, "categories")}[${i3}]`);
    }
  }
  const v5 = obj.reason;
  if (v5 !== undefined) {
    if (typeof v5 !== "string") throw rt.wrongType("a string", v5, rt.join(path, "reason"));
  }
  return obj as unknown as Risk;
}

function decodeViolation(obj: rt.JsonObject, path: string, strict: boolean): Violation {
  for (const key in obj) {
    switch (key) {
      case "code":
      case "toolName":
      case "action":
      case "risk":
      case "path":
      case "reason":
      case "recoverable":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v6 = obj.code;
  if (v6 === undefined) throw rt.missing(rt.join(path, "code"));
  if (!isViolationCode(v6)) throw rt.badEnum(v6, VIOLATION_CODE_VALUES, rt.join(path, "code"));
  const v7 = obj.toolName;
  if (v7 !== undefined) {
    if (typeof v7 !== "string") throw rt.wrongType("a string", v7, rt.join(path, "toolName"));
  }
  const v8 = obj.action;
  if (v8 === undefined) throw rt.missing(rt.join(path, "action"));
  if (!isViolationAction(v8)) throw rt.badEnum(v8, VIOLATION_ACTION_VALUES, rt.join(path, "action"));
  const v9 = obj.risk;
  if (v9 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v9)) throw rt.wrongType("an object", v9, rt.join(path, "risk"));
  decodeRisk(v9, rt.join(path, "risk"), strict);
  const v10 = obj.path;
  if (v10 !== undefined) {
    if (typeof v10 !== "string") throw rt.wrongType("a string", v10, rt.join(path, "path"));
  }
  const v11 = obj.reason;
  if (v11 === undefined) throw rt.missing(rt.join(path, "reason"));
  if (typeof v11 !== "string") throw rt.wrongType("a string", v11, rt.join(path, "reason"));
  const v12 = obj.recoverable;
  if (v12 === undefined) throw rt.missing(rt.join(path, "recoverable"));
  if (typeof v12 !== "boolean") throw rt.wrongType("a boolean", v12, rt.join(path, "recoverable"));
  return obj as unknown as Violation;
}

function decodeGrant(obj: rt.JsonObject, path: string, strict: boolean): Grant {
  for (const key in obj) {
    switch (key) {
      case "toolName":
      case "decision":
      case "maxAutonomy":
      case "approvedAt":
      case "reason":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v13 = obj.toolName;
  if (v13 === undefined) throw rt.missing(rt.join(path, "toolName"));
  if (typeof v13 !== "string") throw rt.wrongType("a string", v13, rt.join(path, "toolName"));
  const v14 = obj.decision;
  if (v14 === undefined) throw rt.missing(rt.join(path, "decision"));
  if (!isGrantDecision(v14)) throw rt.badEnum(v14, GRANT_DECISION_VALUES, rt.join(path, "decision"));
  const v15 = obj.maxAutonomy;
  if (v15 === undefined) throw rt.missing(rt.join(path, "maxAutonomy"));
  if (!isGrantMaxAutonomy(v15)) throw rt.badEnum(v15, GRANT_MAX_AUTONOMY_VALUES, rt.join(path, "maxAutonomy"));
  const v16 = obj.approvedAt;
  if (v16 === undefined) throw rt.missing(rt.join(path, "approvedAt"));
  if (typeof v16 !== "string") throw rt.wrongType("a string", v16, rt.join(path, "approvedAt"));
  const v17 = obj.reason;
  if (v17 !== undefined) {
    if (typeof v17 !== "string") throw rt.wrongType("a string", v17, rt.join(path, "reason"));
  }
  return obj as unknown as Grant;
}

function decodeDisplay(obj: rt.JsonObject, path: string, strict: boolean): Display {
  for (const key in obj) {
    switch (key) {
      case "summary":
      case "kind":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v18 = obj.summary;
  if (v18 !== undefined) {
    if (typeof v18 !== "string") throw rt.wrongType("a string", v18, rt.join(path, "summary"));
  }
  const v19 = obj.kind;
  if (v19 !== undefined) {
    if (typeof v19 !== "string") throw rt.wrongType("a string", v19, rt.join(path, "kind"));
  }
  return obj as unknown as Display;
}

function decodeCheckpointInfo(obj: rt.JsonObject, path: string, strict: boolean): CheckpointInfo {
  for (const key in obj) {
    switch (key) {
      case "sequence":
      case "tool":
      case "files":
      case "filesRestored":
      case "filesDeleted":
      case "skipped":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v20 = obj.sequence;
  if (v20 !== undefined) {
    if (typeof v20 !== "number" || !Number.isInteger(v20)) throw rt.badInteger(v20, rt.join(path, "sequence"));
    if (v20 < -9007199254740991) throw rt.constraint("less than the minimum -9007199254740991", rt.join(path, "sequence"));
    if (v20 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "sequence"));
  }
  const v21 = obj.tool;
  if (v21 !== undefined) {
    if (typeof v21 !== "string") throw rt.wrongType("a string", v21, rt.join(path, "tool"));
  }
  const v22 = obj.files;
  if (v22 !== undefined) {
    if (!Array.isArray(v22)) throw rt.wrongType("an array", v22, rt.join(path, "files"));
    for (let i23 = 0; i23 < v22.length; i23++) {
      const item24: unknown = v22[i23];
      if (typeof item24 !== "string") throw rt.wrongType("a string", item24, `${rt.join(path, "files")}[${i23}]`);
    }
  }
  const v25 = obj.filesRestored;
  if (v25 !== undefined) {
    if (typeof v25 !== "number" || !Number.isInteger(v25)) throw rt.badInteger(v25, rt.join(path, "filesRestored"));
    if (v25 < -9007199254740991) throw rt.constraint("less than the minimum -9007199254740991", rt.join(path, "filesRestored"));
    if (v25 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "filesRestored"));
  }
  const v26 = obj.filesDeleted;
  if (v26 !== undefined) {
    if (typeof v26 !== "number" || !Number.isInteger(v26)) throw rt.badInteger(v26, rt.join(path, "filesDeleted"));
    if (v26 < -9007199254740991) throw rt.constraint("less than the minimum -9007199254740991", rt.join(path, "filesDeleted"));
    if (v26 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "filesDeleted"));
  }
  const v27 = obj.skipped;
  if (v27 !== undefined) {
    if (!Array.isArray(v27)) throw rt.wrongType("an array", v27, rt.join(path, "skipped"));
    for (let i28 = 0; i28 < v27.length; i28++) {
      const item29: unknown = v27[i28];
      if (typeof item29 !== "string") throw rt.wrongType("a string", item29, `${rt.join(path, "skipped")}[${i28}]`);
    }
  }
  return obj as unknown as CheckpointInfo;
}

function decodeInputImage(obj: rt.JsonObject, path: string, strict: boolean): InputImage {
  for (const key in obj) {
    switch (key) {
      case "mediaType":
      case "data":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v30 = obj.mediaType;
  if (v30 === undefined) throw rt.missing(rt.join(path, "mediaType"));
  if (typeof v30 !== "string") throw rt.wrongType("a string", v30, rt.join(path, "mediaType"));
  const v31 = obj.data;
  if (v31 === undefined) throw rt.missing(rt.join(path, "data"));
  if (typeof v31 !== "string") throw rt.wrongType("a string", v31, rt.join(path, "data"));
  if (v31.length > 13981015 && rt.codePoints(v31) > 13981015) throw rt.constraint("longer than 13981015 characters", rt.join(path, "data"));
  if (!DATA_PATTERN.test(v31)) throw rt.constraint(`does not match the pattern ${DATA_PATTERN.regex.source}`, rt.join(path, "data"));
  return obj as unknown as InputImage;
}

function decodePromptInput(obj: rt.JsonObject, path: string, strict: boolean): PromptInput {
  for (const key in obj) {
    switch (key) {
      case "schemaVersion":
      case "type":
      case "content":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v32 = obj.content;
  if (v32 === undefined) throw rt.missing(rt.join(path, "content"));
  if (typeof v32 !== "string") throw rt.wrongType("a string", v32, rt.join(path, "content"));
  if (!CONTENT_PATTERN.test(v32)) throw rt.constraint(`does not match the pattern ${CONTENT_PATTERN.regex.source}`, rt.join(path, "content"));
  return obj as unknown as PromptInput;
}

const MESSAGE_INPUT_ALTERNATIVES: readonly rt.Alternative[] = [
  { required: ["content"], patterns: [["content", new RegExp("\\S", "u")]], minItems: [] },
  { required: ["images"], patterns: [], minItems: [["images", 1]] },
];

function decodeMessageInput(obj: rt.JsonObject, path: string, strict: boolean): MessageInput {
  for (const key in obj) {
    switch (key) {
      case "schemaVersion":
      case "type":
      case "role":
      case "content":
      case "images":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v33 = obj.role;
  if (v33 === undefined) throw rt.missing(rt.join(path, "role"));
  if (v33 !== "user") throw rt.badConst("user", rt.join(path, "role"));
  const v34 = obj.content;
  if (v34 !== undefined) {
    if (typeof v34 !== "string") throw rt.wrongType("a string", v34, rt.join(path, "content"));
  }
  const v35 = obj.images;
  if (v35 !== undefined) {
    if (!Array.isArray(v35)) throw rt.wrongType("an array", v35, rt.join(path, "images"));
    for (let i36 = 0; i36 < v35.length; i36++) {
      const item37: unknown = v35[i36];
      if (!rt.isObject(item37)) throw rt.wrongType("an object", item37, `${rt.join(path, "images")}[${i36}]`);
      decodeInputImage(item37, `${rt.join(path, "images")}[${i36}]`, strict);
    }
  }
  rt.checkAnyOf(obj, MESSAGE_INPUT_ALTERNATIVES, path);
  return obj as unknown as MessageInput;
}

function decodeRunStartEvent(obj: rt.JsonObject, path: string, strict: boolean): RunStartEvent {
  for (const key in obj) {
    switch (key) {
      case "schemaVersion":
      case "type":
      case "runId":
      case "sessionId":
      case "cwd":
      case "provider":
      case "model":
      case "apiModel":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v38 = obj.runId;
  if (v38 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v38 !== "string") throw rt.wrongType("a string", v38, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v38)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v39 = obj.sessionId;
  if (v39 !== undefined) {
    if (typeof v39 !== "string") throw rt.wrongType("a string", v39, rt.join(path, "sessionId"));
  }
  const v40 = obj.cwd;
  if (v40 === undefined) throw rt.missing(rt.join(path, "cwd"));
  if (typeof v40 !== "string") throw rt.wrongType("a string", v40, rt.join(path, "cwd"));
  const v41 = obj.provider;
  if (v41 !== undefined) {
    if (typeof v41 !== "string") throw rt.wrongType("a string", v41, rt.join(path, "provider"));
  }
  const v42 = obj.model;
  if (v42 !== undefined) {
    if (typeof v42 !== "string") throw rt.wrongType("a string", v42, rt.join(path, "model"));
  }
  const v43 = obj.apiModel;
  if (v43 !== undefined) {
    if (typeof v43 !== "string") throw rt.wrongType("a string", v43, rt.join(path, "apiModel"));
  }
  return obj as unknown as RunStartEvent;
}

function decodeTextEvent(obj: rt.JsonObject, path: string, strict: boolean): TextEvent {
  for (const key in obj) {
    switch (key) {
      case "schemaVersion":
      case "type":
      case "runId":
      case "delta":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v44 = obj.runId;
  if (v44 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v44 !== "string") throw rt.wrongType("a string", v44, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v44)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v45 = obj.delta;
  if (v45 !== undefined) {
    if (typeof v45 !== "string") throw rt.wrongType("a string", v45, rt.join(path, "delta"));
  }
  return obj as unknown as TextEvent;
}

function decodeToolCallEvent(obj: rt.JsonObject, path: string, strict: boolean): ToolCallEvent {
  for (const key in obj) {
    switch (key) {
      case "schemaVersion":
      case "type":
      case "runId":
      case "id":
      case "name":
      case "args":
      case "sideEffect":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v46 = obj.runId;
  if (v46 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v46 !== "string") throw rt.wrongType("a string", v46, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v46)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v47 = obj.id;
  if (v47 !== undefined) {
    if (typeof v47 !== "string") throw rt.wrongType("a string", v47, rt.join(path, "id"));
  }
  const v48 = obj.name;
  if (v48 !== undefined) {
    if (typeof v48 !== "string") throw rt.wrongType("a string", v48, rt.join(path, "name"));
  }
  const v49 = obj.args;
  if (v49 !== undefined) {
    rt.noteFreeJson(v49);
  }
  const v50 = obj.sideEffect;
  if (v50 === undefined) throw rt.missing(rt.join(path, "sideEffect"));
  if (!isToolCallSideEffect(v50)) throw rt.badEnum(v50, TOOL_CALL_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  return obj as unknown as ToolCallEvent;
}

function decodeCheckpointEvent(obj: rt.JsonObject, path: string, strict: boolean): CheckpointEvent {
  for (const key in obj) {
    switch (key) {
      case "schemaVersion":
      case "type":
      case "runId":
      case "checkpoint":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v51 = obj.runId;
  if (v51 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v51 !== "string") throw rt.wrongType("a string", v51, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v51)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v52 = obj.checkpoint;
  if (v52 === undefined) throw rt.missing(rt.join(path, "checkpoint"));
  if (!rt.isObject(v52)) throw rt.wrongType("an object", v52, rt.join(path, "checkpoint"));
  decodeCheckpointInfo(v52, rt.join(path, "checkpoint"), strict);
  return obj as unknown as CheckpointEvent;
}

function decodePermissionEvent(obj: rt.JsonObject, path: string, strict: boolean): PermissionEvent {
  for (const key in obj) {
    switch (key) {
      case "schemaVersion":
      case "type":
      case "runId":
      case "sessionId":
      case "id":
      case "name":
      case "action":
      case "permission":
      case "permissionGranted":
      case "permissionMode":
      case "autonomy":
      case "sideEffect":
      case "reason":
      case "decisionReason":
      case "risk":
      case "violation":
      case "grantMatched":
      case "grant":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v53 = obj.runId;
  if (v53 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v53 !== "string") throw rt.wrongType("a string", v53, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v53)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v54 = obj.sessionId;
  if (v54 !== undefined) {
    if (typeof v54 !== "string") throw rt.wrongType("a string", v54, rt.join(path, "sessionId"));
  }
  const v55 = obj.id;
  if (v55 !== undefined) {
    if (typeof v55 !== "string") throw rt.wrongType("a string", v55, rt.join(path, "id"));
  }
  const v56 = obj.name;
  if (v56 !== undefined) {
    if (typeof v56 !== "string") throw rt.wrongType("a string", v56, rt.join(path, "name"));
  }
  const v57 = obj.action;
  if (v57 !== undefined) {
    if (typeof v57 !== "string") throw rt.wrongType("a string", v57, rt.join(path, "action"));
  }
  const v58 = obj.permission;
  if (v58 !== undefined) {
    if (!isPermission(v58)) throw rt.badEnum(v58, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v59 = obj.permissionGranted;
  if (v59 !== undefined) {
    if (typeof v59 !== "boolean") throw rt.wrongType("a boolean", v59, rt.join(path, "permissionGranted"));
  }
  const v60 = obj.permissionMode;
  if (v60 !== undefined) {
    if (!isPermissionMode(v60)) throw rt.badEnum(v60, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v61 = obj.autonomy;
  if (v61 !== undefined) {
    if (!isPermissionAutonomy(v61)) throw rt.badEnum(v61, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v62 = obj.sideEffect;
  if (v62 !== undefined) {
    if (!isPermissionSideEffect(v62)) throw rt.badEnum(v62, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v63 = obj.reason;
  if (v63 !== undefined) {
    if (typeof v63 !== "string") throw rt.wrongType("a string", v63, rt.join(path, "reason"));
  }
  const v64 = obj.decisionReason;
  if (v64 !== undefined) {
    if (typeof v64 !== "string") throw rt.wrongType("a string", v64, rt.join(path, "decisionReason"));
  }
  const v65 = obj.risk;
  if (v65 !== undefined) {
    if (!rt.isObject(v65)) throw rt.wrongType("an object", v65, rt.join(path, "risk"));
    decodeRisk(v65, rt.join(path, "risk"), strict);
  }
  const v66 = obj.violation;
  if (v66 !== undefined) {
    if (!rt.isObject(v66)) throw rt.wrongType("an object", v66, rt.join(path, "violation"));
    decodeViolation(v66, rt.join(path, "violation"), strict);
  }
  const v67 = obj.grantMatched;
  if (v67 !== undefined) {
    if (typeof v67 !== "boolean") throw rt.wrongType("a boolean", v67, rt.join(path, "grantMatched"));
  }
  const v68 = obj.grant;
  if (v68 !== undefined) {
    if (!rt.isObject(v68)) throw rt.wrongType("an object", v68, rt.join(path, "grant"));
    decodeGrant(v68, rt.join(path, "grant"), strict);
  }
  return obj as unknown as PermissionEvent;
}

function decodePermissionRequestEvent(obj: rt.JsonObject, path: string, strict: boolean): PermissionRequestEvent {
  for (const key in obj) {
    switch (key) {
      case "schemaVersion":
      case "type":
      case "runId":
      case "sessionId":
      case "id":
      case "name":
      case "action":
      case "permission":
      case "permissionGranted":
      case "permissionMode":
      case "autonomy":
      case "sideEffect":
      case "reason":
      case "decisionReason":
      case "risk":
      case "violation":
      case "grantMatched":
      case "grant":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v69 = obj.runId;
  if (v69 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v69 !== "string") throw rt.wrongType("a string", v69, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v69)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v70 = obj.sessionId;
  if (v70 !== undefined) {
    if (typeof v70 !== "string") throw rt.wrongType("a string", v70, rt.join(path, "sessionId"));
  }
  const v71 = obj.id;
  if (v71 !== undefined) {
    if (typeof v71 !== "string") throw rt.wrongType("a string", v71, rt.join(path, "id"));
  }
  const v72 = obj.name;
  if (v72 !== undefined) {
    if (typeof v72 !== "string") throw rt.wrongType("a string", v72, rt.join(path, "name"));
  }
  const v73 = obj.action;
  if (v73 !== undefined) {
    if (!isPermissionRequestAction(v73)) throw rt.badEnum(v73, PERMISSION_REQUEST_ACTION_VALUES, rt.join(path, "action"));
  }
  const v74 = obj.permission;
  if (v74 !== undefined) {
    if (!isPermission(v74)) throw rt.badEnum(v74, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v75 = obj.permissionGranted;
  if (v75 !== undefined) {
    if (typeof v75 !== "boolean") throw rt.wrongType("a boolean", v75, rt.join(path, "permissionGranted"));
  }
  const v76 = obj.permissionMode;
  if (v76 !== undefined) {
    if (!isPermissionMode(v76)) throw rt.badEnum(v76, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v77 = obj.autonomy;
  if (v77 !== undefined) {
    if (!isPermissionAutonomy(v77)) throw rt.badEnum(v77, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v78 = obj.sideEffect;
  if (v78 !== undefined) {
    if (!isPermissionSideEffect(v78)) throw rt.badEnum(v78, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v79 = obj.reason;
  if (v79 !== undefined) {
    if (typeof v79 !== "string") throw rt.wrongType("a string", v79, rt.join(path, "reason"));
  }
  const v80 = obj.decisionReason;
  if (v80 !== undefined) {
    if (typeof v80 !== "string") throw rt.wrongType("a string", v80, rt.join(path, "decisionReason"));
  }
  const v81 = obj.risk;
  if (v81 !== undefined) {
    if (!rt.isObject(v81)) throw rt.wrongType("an object", v81, rt.join(path, "risk"));
    decodeRisk(v81, rt.join(path, "risk"), strict);
  }
  const v82 = obj.violation;
  if (v82 !== undefined) {
    if (!rt.isObject(v82)) throw rt.wrongType("an object", v82, rt.join(path, "violation"));
    decodeViolation(v82, rt.join(path, "violation"), strict);
  }
  const v83 = obj.grantMatched;
  if (v83 !== undefined) {
    if (typeof v83 !== "boolean") throw rt.wrongType("a boolean", v83, rt.join(path, "grantMatched"));
  }
  const v84 = obj.grant;
  if (v84 !== undefined) {
    if (!rt.isObject(v84)) throw rt.wrongType("an object", v84, rt.join(path, "grant"));
    decodeGrant(v84, rt.join(path, "grant"), strict);
  }
  return obj as unknown as PermissionRequestEvent;
}

function decodePermissionDecisionEvent(obj: rt.JsonObject, path: string, strict: boolean): PermissionDecisionEvent {
  for (const key in obj) {
    switch (key) {
      case "schemaVersion":
      case "type":
      case "runId":
      case "sessionId":
      case "id":
      case "name":
      case "action":
      case "permission":
      case "permissionGranted":
      case "permissionMode":
      case "autonomy":
      case "sideEffect":
      case "reason":
      case "decisionReason":
      case "risk":
      case "violation":
      case "grantMatched":
      case "grant":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v85 = obj.runId;
  if (v85 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v85 !== "string") throw rt.wrongType("a string", v85, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v85)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v86 = obj.sessionId;
  if (v86 !== undefined) {
    if (typeof v86 !== "string") throw rt.wrongType("a string", v86, rt.join(path, "sessionId"));
  }
  const v87 = obj.id;
  if (v87 !== undefined) {
    if (typeof v87 !== "string") throw rt.wrongType("a string", v87, rt.join(path, "id"));
  }
  const v88 = obj.name;
  if (v88 !== undefined) {
    if (typeof v88 !== "string") throw rt.wrongType("a string", v88, rt.join(path, "name"));
  }
  const v89 = obj.action;
  if (v89 !== undefined) {
    if (!isPermissionDecisionAction(v89)) throw rt.badEnum(v89, PERMISSION_DECISION_ACTION_VALUES, rt.join(path, "action"));
  }
  const v90 = obj.permission;
  if (v90 !== undefined) {
    if (!isPermission(v90)) throw rt.badEnum(v90, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v91 = obj.permissionGranted;
  if (v91 !== undefined) {
    if (typeof v91 !== "boolean") throw rt.wrongType("a boolean", v91, rt.join(path, "permissionGranted"));
  }
  const v92 = obj.permissionMode;
  if (v92 !== undefined) {
    if (!isPermissionMode(v92)) throw rt.badEnum(v92, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v93 = obj.autonomy;
  if (v93 !== undefined) {
    if (!isPermissionAutonomy(v93)) throw rt.badEnum(v93, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v94 = obj.sideEffect;
  if (v94 !== undefined) {
    if (!isPermissionSideEffect(v94)) throw rt.badEnum(v94, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v95 = obj.reason;
  if (v95 !== undefined) {
    if (typeof v95 !== "string") throw rt.wrongType("a string", v95, rt.join(path, "reason"));
  }
  const v96 = obj.decisionReason;
  if (v96 !== undefined) {
    if (typeof v96 !== "string") throw rt.wrongType("a string", v96, rt.join(path, "decisionReason"));
  }
  const v97 = obj.risk;
  if (v97 !== undefined) {
    if (!rt.isObject(v97)) throw rt.wrongType("an object", v97, rt.join(path, "risk"));
    decodeRisk(v97, rt.join(path, "risk"), strict);
  }
  const v98 = obj.violation;
  if (v98 !== undefined) {
    if (!rt.isObject(v98)) throw rt.wrongType("an object", v98, rt.join(path, "violation"));
    decodeViolation(v98, rt.join(path, "violation"), strict);
  }
  const v99 = obj.grantMatched;
  if (v99 !== undefined) {
    if (typeof v99 !== "boolean") throw rt.wrongType("a boolean", v99, rt.join(path, "grantMatched"));
  }
  const v100 = obj.grant;
  if (v100 !== undefined) {
    if (!rt.isObject(v100)) throw rt.wrongType("an object", v100, rt.join(path, "grant"));
    decodeGrant(v100, rt.join(path, "grant"), strict);
  }
  return obj as unknown as PermissionDecisionEvent;
}

function decodeToolResultEvent(obj: rt.JsonObject, path: string, strict: boolean): ToolResultEvent {
  for (const key in obj) {
    switch (key) {
      case "schemaVersion":
      case "type":
      case "runId":
      case "id":
      case "name":
      case "status":
      case "output":
      case "truncated":
      case "redacted":
      case "changedFiles":
      case "meta":
      case "display":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v101 = obj.runId;
  if (v101 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v101 !== "string") throw rt.wrongType("a string", v101, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v101)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v102 = obj.id;
  if (v102 !== undefined) {
    if (typeof v102 !== "string") throw rt.wrongType("a string", v102, rt.join(path, "id"));
  }
  const v103 = obj.name;
  if (v103 !== undefined) {
    if (typeof v103 !== "string") throw rt.wrongType("a string", v103, rt.join(path, "name"));
  }
  const v104 = obj.status;
  if (v104 === undefined) throw rt.missing(rt.join(path, "status"));
  if (!isToolResultStatus(v104)) throw rt.badEnum(v104, TOOL_RESULT_STATUS_VALUES, rt.join(path, "status"));
  const v105 = obj.output;
  if (v105 !== undefined) {
    if (typeof v105 !== "string") throw rt.wrongType("a string", v105, rt.join(path, "output"));
  }
  const v106 = obj.truncated;
  if (v106 === undefined) throw rt.missing(rt.join(path, "truncated"));
  if (typeof v106 !== "boolean") throw rt.wrongType("a boolean", v106, rt.join(path, "truncated"));
  const v107 = obj.redacted;
  if (v107 !== undefined) {
    if (typeof v107 !== "boolean") throw rt.wrongType("a boolean", v107, rt.join(path, "redacted"));
  }
  const v108 = obj.changedFiles;
  if (v108 !== undefined) {
    if (!Array.isArray(v108)) throw rt.wrongType("an array", v108, rt.join(path, "changedFiles"));
    for (let i109 = 0; i109 < v108.length; i109++) {
      const item110: unknown = v108[i109];
      if (typeof item110 !== "string") throw rt.wrongType("a string", item110, `${rt.join(path, "changedFiles")}[${i109}]`);
    }
  }
  const v111 = obj.meta;
  if (v111 !== undefined) {
    if (!rt.isObject(v111)) throw rt.wrongType("an object", v111, rt.join(path, "meta"));
    for (const key112 in v111) {
      if (typeof v111[key112] !== "string") throw rt.wrongType("a string", v111[key112], rt.join(rt.join(path, "meta"), key112));
    }
  }
  const v113 = obj.display;
  if (v113 !== undefined) {
    if (!rt.isObject(v113)) throw rt.wrongType("an object", v113, rt.join(path, "display"));
    decodeDisplay(v113, rt.join(path, "display"), strict);
  }
  return obj as unknown as ToolResultEvent;
}

function decodeRestoreEvent(obj: rt.JsonObject, path: string, strict: boolean): RestoreEvent {
  for (const key in obj) {
    switch (key) {
      case "schemaVersion":
      case "type":
      case "runId":
      case "checkpoint":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v114 = obj.runId;
  if (v114 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v114 !== "string") throw rt.wrongType("a string", v114, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v114)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v115 = obj.checkpoint;
  if (v115 !== undefined) {
    if (!rt.isObject(v115)) throw rt.wrongType("an object", v115, rt.join(path, "checkpoint"));
    decodeCheckpointInfo(v115, rt.join(path, "checkpoint"), strict);
  }
  return obj as unknown as RestoreEvent;
}

function decodeUsageEvent(obj: rt.JsonObject, path: string, strict: boolean): UsageEvent {
  for (const key in obj) {
    switch (key) {
      case "schemaVersion":
      case "type":
      case "runId":
      case "promptTokens":
      case "completionTokens":
      case "totalTokens":
      case "costUsd":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v116 = obj.runId;
  if (v116 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v116 !== "string") throw rt.wrongType("a string", v116, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v116)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v117 = obj.promptTokens;
  if (v117 === undefined) throw rt.missing(rt.join(path, "promptTokens"));
  if (typeof v117 !== "number" || !Number.isInteger(v117)) throw rt.badInteger(v117, rt.join(path, "promptTokens"));
  if (v117 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "promptTokens"));
  if (v117 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "promptTokens"));
  const v118 = obj.completionTokens;
  if (v118 === undefined) throw rt.missing(rt.join(path, "completionTokens"));
  if (typeof v118 !== "number" || !Number.isInteger(v118)) throw rt.badInteger(v118, rt.join(path, "completionTokens"));
  if (v118 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "completionTokens"));
  if (v118 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "completionTokens"));
  const v119 = obj.totalTokens;
  if (v119 === undefined) throw rt.missing(rt.join(path, "totalTokens"));
  if (typeof v119 !== "number" || !Number.isInteger(v119)) throw rt.badInteger(v119, rt.join(path, "totalTokens"));
  if (v119 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "totalTokens"));
  if (v119 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "totalTokens"));
  const v120 = obj.costUsd;
  if (v120 !== undefined) {
    if (typeof v120 !== "number") throw rt.wrongType("a number", v120, rt.join(path, "costUsd"));
  }
  return obj as unknown as UsageEvent;
}

function decodeFinalEvent(obj: rt.JsonObject, path: string, strict: boolean): FinalEvent {
  for (const key in obj) {
    switch (key) {
      case "schemaVersion":
      case "type":
      case "runId":
      case "text":
      case "meta":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v121 = obj.runId;
  if (v121 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v121 !== "string") throw rt.wrongType("a string", v121, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v121)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v122 = obj.text;
  if (v122 !== undefined) {
    if (typeof v122 !== "string") throw rt.wrongType("a string", v122, rt.join(path, "text"));
  }
  const v123 = obj.meta;
  if (v123 !== undefined) {
    if (!rt.isObject(v123)) throw rt.wrongType("an object", v123, rt.join(path, "meta"));
    for (const key124 in v123) {
      if (typeof v123[key124] !== "string") throw rt.wrongType("a string", v123[key124], rt.join(rt.join(path, "meta"), key124));
    }
  }
  return obj as unknown as FinalEvent;
}

function decodeWarningEvent(obj: rt.JsonObject, path: string, strict: boolean): WarningEvent {
  for (const key in obj) {
    switch (key) {
      case "schemaVersion":
      case "type":
      case "runId":
      case "message":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v125 = obj.runId;
  if (v125 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v125 !== "string") throw rt.wrongType("a string", v125, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v125)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v126 = obj.message;
  if (v126 !== undefined) {
    if (typeof v126 !== "string") throw rt.wrongType("a string", v126, rt.join(path, "message"));
  }
  return obj as unknown as WarningEvent;
}

function decodeErrorEvent(obj: rt.JsonObject, path: string, strict: boolean): ErrorEvent {
  for (const key in obj) {
    switch (key) {
      case "schemaVersion":
      case "type":
      case "runId":
      case "code":
      case "message":
      case "recoverable":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v127 = obj.runId;
  if (v127 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v127 !== "string") throw rt.wrongType("a string", v127, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v127)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v128 = obj.code;
  if (v128 !== undefined) {
    if (!isErrorCode(v128)) throw rt.badEnum(v128, ERROR_CODE_VALUES, rt.join(path, "code"));
  }
  const v129 = obj.message;
  if (v129 !== undefined) {
    if (typeof v129 !== "string") throw rt.wrongType("a string", v129, rt.join(path, "message"));
  }
  const v130 = obj.recoverable;
  if (v130 === undefined) throw rt.missing(rt.join(path, "recoverable"));
  if (typeof v130 !== "boolean") throw rt.wrongType("a boolean", v130, rt.join(path, "recoverable"));
  return obj as unknown as ErrorEvent;
}

function decodeRunEndEvent(obj: rt.JsonObject, path: string, strict: boolean): RunEndEvent {
  for (const key in obj) {
    switch (key) {
      case "schemaVersion":
      case "type":
      case "runId":
      case "status":
      case "exitCode":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v131 = obj.runId;
  if (v131 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v131 !== "string") throw rt.wrongType("a string", v131, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v131)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v132 = obj.status;
  if (v132 !== undefined) {
    if (!isRunEndStatus(v132)) throw rt.badEnum(v132, RUN_END_STATUS_VALUES, rt.join(path, "status"));
  }
  const v133 = obj.exitCode;
  if (v133 === undefined) throw rt.missing(rt.join(path, "exitCode"));
  if (typeof v133 !== "number" || !Number.isInteger(v133)) throw rt.badInteger(v133, rt.join(path, "exitCode"));
  if (v133 < -9007199254740991) throw rt.constraint("less than the minimum -9007199254740991", rt.join(path, "exitCode"));
  if (v133 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "exitCode"));
  return obj as unknown as RunEndEvent;
}

/** The fields every output event shares: a line of an unknown `type` must still have them. */
function checkOutputEnvelope(obj: rt.JsonObject): void {
  const v134 = obj.runId;
  if (v134 === undefined) throw rt.missing("runId");
  if (typeof v134 !== "string") throw rt.wrongType("a string", v134, "runId");
  if (!RUN_ID_PATTERN.test(v134)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, "runId");
}

/**
 * Check an already-parsed output object of this version, in place. Unknown types become an
 * `UnknownEvent` (after the shared envelope is checked); unknown fields are kept (default) or
 * rejected (`strict`). Throws `ProtocolError` naming the field.
 */
export function validateOutput(value: unknown, options: rt.DecodeOptions = rt.NO_OPTIONS): OutputEvent | rt.UnknownEvent {
  const type = rt.checkHeader(value, SCHEMA_VERSION);
  const obj = value as rt.JsonObject;
  const strict = options.strict === true;
  switch (type) {
    case "run_start":
      return decodeRunStartEvent(obj, "", strict);
    case "text":
      return decodeTextEvent(obj, "", strict);
    case "tool_call":
      return decodeToolCallEvent(obj, "", strict);
    case "checkpoint":
      return decodeCheckpointEvent(obj, "", strict);
    case "permission":
      return decodePermissionEvent(obj, "", strict);
    case "permission_request":
      return decodePermissionRequestEvent(obj, "", strict);
    case "permission_decision":
      return decodePermissionDecisionEvent(obj, "", strict);
    case "tool_result":
      return decodeToolResultEvent(obj, "", strict);
    case "restore":
      return decodeRestoreEvent(obj, "", strict);
    case "usage":
      return decodeUsageEvent(obj, "", strict);
    case "final":
      return decodeFinalEvent(obj, "", strict);
    case "warning":
      return decodeWarningEvent(obj, "", strict);
    case "error":
      return decodeErrorEvent(obj, "", strict);
    case "run_end":
      return decodeRunEndEvent(obj, "", strict);
    default:
      checkOutputEnvelope(obj);
      return rt.unknownEvent(obj, type, SCHEMA_VERSION);
  }
}

/** Decode one stdout line of exactly this version (see `validateOutput`). */
export function parseOutput(line: string, options: rt.DecodeOptions = rt.NO_OPTIONS): OutputEvent | rt.UnknownEvent {
  const event = validateOutput(rt.parseFast(line), options);
  return rt.parsedInexactly() ? validateOutput(rt.parseExact(line), options) : event;
}

/** Check an already-parsed input object of this version, strictly (as the binary does). */
export function validateInput(value: unknown): InputEvent {
  const type = rt.checkHeader(value, SCHEMA_VERSION);
  const obj = value as rt.JsonObject;
  switch (type) {
    case "prompt":
      return decodePromptInput(obj, "", true);
    case "message":
      return decodeMessageInput(obj, "", true);
    default:
      throw new rt.ProtocolError("unknown_type", "type", `input type must be one of ${INPUT_EVENT_TYPES.join(", ")}`);
  }
}

/** Decode one stdin line of exactly this version, strictly. */
export function parseInput(line: string): InputEvent {
  const event = validateInput(rt.parseFast(line));
  return rt.parsedInexactly() ? validateInput(rt.parseExact(line)) : event;
}

/**
 * An input event as a wire line of this version (no newline): `schemaVersion` is set to
 * 1, then the event is checked strictly, so an event this version cannot express
 * throws `ProtocolError` instead of reaching the binary.
 */
export function encodeInput(event: object): string {
  const line = { ...event, schemaVersion: SCHEMA_VERSION };
  validateInput(line);
  return rt.encodeEvent(line);
}

/** This version's entry in the registry (generated/registry.ts). */
export const BINDINGS: rt.VersionBindings = {
  schemaVersion: SCHEMA_VERSION,
  outputEventTypes: OUTPUT_EVENT_TYPES,
  inputEventTypes: INPUT_EVENT_TYPES,
  validateOutput,
  validateInput,
  encodeInput,
};
