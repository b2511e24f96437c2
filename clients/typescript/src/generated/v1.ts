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
// `checkX` holds the ordered checks of an object, which `validateOutput` and `validateInput` run:
// unknown keys first (strict: rejected; lenient: moved under EXTRA), then every field in schema
// order, throwing `ProtocolError` for the first fault. Output events and the objects in them also
// have `scanX`, the fast path of `parseOutput` (see `scanOutput`): it reads each field by name,
// checks it, and compares the number of keys with the fields it found (an object with many
// optional fields, so many shapes, walks its keys instead); it never throws and answers false at
// the first doubt (a fault, an unknown key, a key holding undefined), leaving the verdict to
// `checkX`. The checked object itself is returned (no copy).

const DATA_PATTERN = new rt.Pattern(new RegExp("^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$", "u"));

const CONTENT_PATTERN = new rt.Pattern(new RegExp("\\S", "u"));

const RUN_ID_PATTERN = new rt.Pattern(new RegExp("^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$", "u"));

/** Whether `obj` is a valid `Risk` with no unknown key (false: let `checkRisk` decide). */
function scanRisk(obj: rt.JsonObject): boolean {
  let present = 1;
  const v6 = obj.level;
  if (!isRiskLevel(v6)) return false;
  const v7 = obj.categories;
  if (v7 !== undefined) {
    if (!Array.isArray(v7)) return false;
    for (let i8 = 0; i8 < v7.length; i8++) {
      const item9: unknown = v7[i8];
      if (typeof item9 !== "string") return false;
    }
    present++;
  }
  const v10 = obj.reason;
  if (v10 !== undefined) {
    if (typeof v10 !== "string") return false;
    present++;
  }
  return rt.keyCount(obj) === present;
}

/** The ordered checks of a `Risk` at `path`: throws `ProtocolError` for the first fault. */
function checkRisk(obj: rt.JsonObject, path: string, strict: boolean): void {
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
}

/** Whether `obj` is a valid `Violation` with no unknown key (false: let `checkViolation` decide). */
function scanViolation(obj: rt.JsonObject): boolean {
  let present = 5;
  const v18 = obj.code;
  if (!isViolationCode(v18)) return false;
  const v19 = obj.toolName;
  if (v19 !== undefined) {
    if (typeof v19 !== "string") return false;
    present++;
  }
  const v20 = obj.action;
  if (!isViolationAction(v20)) return false;
  const v21 = obj.risk;
  if (!rt.isObject(v21) || !scanRisk(v21)) return false;
  const v22 = obj.path;
  if (v22 !== undefined) {
    if (typeof v22 !== "string") return false;
    present++;
  }
  const v23 = obj.reason;
  if (typeof v23 !== "string") return false;
  const v24 = obj.recoverable;
  if (typeof v24 !== "boolean") return false;
  return rt.keyCount(obj) === present;
}

/** The ordered checks of a `Violation` at `path`: throws `ProtocolError` for the first fault. */
function checkViolation(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v11 = obj.code;
  if (v11 === undefined) throw rt.missing(rt.join(path, "code"));
  if (!isViolationCode(v11)) throw rt.badEnum(v11, VIOLATION_CODE_VALUES, rt.join(path, "code"));
  const v12 = obj.toolName;
  if (v12 !== undefined) {
    if (typeof v12 !== "string") throw rt.wrongType("a string", v12, rt.join(path, "toolName"));
  }
  const v13 = obj.action;
  if (v13 === undefined) throw rt.missing(rt.join(path, "action"));
  if (!isViolationAction(v13)) throw rt.badEnum(v13, VIOLATION_ACTION_VALUES, rt.join(path, "action"));
  const v14 = obj.risk;
  if (v14 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v14)) throw rt.wrongType("an object", v14, rt.join(path, "risk"));
  checkRisk(v14, rt.join(path, "risk"), strict);
  const v15 = obj.path;
  if (v15 !== undefined) {
    if (typeof v15 !== "string") throw rt.wrongType("a string", v15, rt.join(path, "path"));
  }
  const v16 = obj.reason;
  if (v16 === undefined) throw rt.missing(rt.join(path, "reason"));
  if (typeof v16 !== "string") throw rt.wrongType("a string", v16, rt.join(path, "reason"));
  const v17 = obj.recoverable;
  if (v17 === undefined) throw rt.missing(rt.join(path, "recoverable"));
  if (typeof v17 !== "boolean") throw rt.wrongType("a boolean", v17, rt.join(path, "recoverable"));
}

/** Whether `obj` is a valid `Grant` with no unknown key (false: let `checkGrant` decide). */
function scanGrant(obj: rt.JsonObject): boolean {
  let present = 4;
  const v30 = obj.toolName;
  if (typeof v30 !== "string") return false;
  const v31 = obj.decision;
  if (!isGrantDecision(v31)) return false;
  const v32 = obj.maxAutonomy;
  if (!isGrantMaxAutonomy(v32)) return false;
  const v33 = obj.approvedAt;
  if (typeof v33 !== "string") return false;
  const v34 = obj.reason;
  if (v34 !== undefined) {
    if (typeof v34 !== "string") return false;
    present++;
  }
  return rt.keyCount(obj) === present;
}

/** The ordered checks of a `Grant` at `path`: throws `ProtocolError` for the first fault. */
function checkGrant(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v25 = obj.toolName;
  if (v25 === undefined) throw rt.missing(rt.join(path, "toolName"));
  if (typeof v25 !== "string") throw rt.wrongType("a string", v25, rt.join(path, "toolName"));
  const v26 = obj.decision;
  if (v26 === undefined) throw rt.missing(rt.join(path, "decision"));
  if (!isGrantDecision(v26)) throw rt.badEnum(v26, GRANT_DECISION_VALUES, rt.join(path, "decision"));
  const v27 = obj.maxAutonomy;
  if (v27 === undefined) throw rt.missing(rt.join(path, "maxAutonomy"));
  if (!isGrantMaxAutonomy(v27)) throw rt.badEnum(v27, GRANT_MAX_AUTONOMY_VALUES, rt.join(path, "maxAutonomy"));
  const v28 = obj.approvedAt;
  if (v28 === undefined) throw rt.missing(rt.join(path, "approvedAt"));
  if (typeof v28 !== "string") throw rt.wrongType("a string", v28, rt.join(path, "approvedAt"));
  const v29 = obj.reason;
  if (v29 !== undefined) {
    if (typeof v29 !== "string") throw rt.wrongType("a string", v29, rt.join(path, "reason"));
  }
}

/** Whether `obj` is a valid `Display` with no unknown key (false: let `checkDisplay` decide). */
function scanDisplay(obj: rt.JsonObject): boolean {
  let present = 0;
  const v37 = obj.summary;
  if (v37 !== undefined) {
    if (typeof v37 !== "string") return false;
    present++;
  }
  const v38 = obj.kind;
  if (v38 !== undefined) {
    if (typeof v38 !== "string") return false;
    present++;
  }
  return rt.keyCount(obj) === present;
}

/** The ordered checks of a `Display` at `path`: throws `ProtocolError` for the first fault. */
function checkDisplay(obj: rt.JsonObject, path: string, strict: boolean): void {
  for (const key in obj) {
    switch (key) {
      case "summary":
      case "kind":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v35 = obj.summary;
  if (v35 !== undefined) {
    if (typeof v35 !== "string") throw rt.wrongType("a string", v35, rt.join(path, "summary"));
  }
  const v36 = obj.kind;
  if (v36 !== undefined) {
    if (typeof v36 !== "string") throw rt.wrongType("a string", v36, rt.join(path, "kind"));
  }
}

/** Whether `obj` is a valid `CheckpointInfo` with no unknown key (false: let `checkCheckpointInfo` decide). */
function scanCheckpointInfo(obj: rt.JsonObject): boolean {
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "sequence":
        if (typeof value !== "number" || !Number.isInteger(value)) return false;
        if (value < -9007199254740991) return false;
        if (value > 9007199254740991) return false;
        continue;
      case "tool":
        if (typeof value !== "string") return false;
        continue;
      case "files":
        if (!Array.isArray(value)) return false;
        for (let i49 = 0; i49 < value.length; i49++) {
          const item50: unknown = value[i49];
          if (typeof item50 !== "string") return false;
        }
        continue;
      case "filesRestored":
        if (typeof value !== "number" || !Number.isInteger(value)) return false;
        if (value < -9007199254740991) return false;
        if (value > 9007199254740991) return false;
        continue;
      case "filesDeleted":
        if (typeof value !== "number" || !Number.isInteger(value)) return false;
        if (value < -9007199254740991) return false;
        if (value > 9007199254740991) return false;
        continue;
      case "skipped":
        if (!Array.isArray(value)) return false;
        for (let i51 = 0; i51 < value.length; i51++) {
          const item52: unknown = value[i51];
          if (typeof item52 !== "string") return false;
        }
        continue;
    }
    return false; // an unknown key
  }
  return true;
}

/** The ordered checks of a `CheckpointInfo` at `path`: throws `ProtocolError` for the first fault. */
function checkCheckpointInfo(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v39 = obj.sequence;
  if (v39 !== undefined) {
    if (typeof v39 !== "number" || !Number.isInteger(v39)) throw rt.badInteger(v39, rt.join(path, "sequence"));
    if (v39 < -9007199254740991) throw rt.constraint("less than the minimum -9007199254740991", rt.join(path, "sequence"));
    if (v39 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "sequence"));
  }
  const v40 = obj.tool;
  if (v40 !== undefined) {
    if (typeof v40 !== "string") throw rt.wrongType("a string", v40, rt.join(path, "tool"));
  }
  const v41 = obj.files;
  if (v41 !== undefined) {
    if (!Array.isArray(v41)) throw rt.wrongType("an array", v41, rt.join(path, "files"));
    for (let i42 = 0; i42 < v41.length; i42++) {
      const item43: unknown = v41[i42];
      if (typeof item43 !== "string") throw rt.wrongType("a string", item43, `${rt.join(path, "files")}[${i42}]`);
    }
  }
  const v44 = obj.filesRestored;
  if (v44 !== undefined) {
    if (typeof v44 !== "number" || !Number.isInteger(v44)) throw rt.badInteger(v44, rt.join(path, "filesRestored"));
    if (v44 < -9007199254740991) throw rt.constraint("less than the minimum -9007199254740991", rt.join(path, "filesRestored"));
    if (v44 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "filesRestored"));
  }
  const v45 = obj.filesDeleted;
  if (v45 !== undefined) {
    if (typeof v45 !== "number" || !Number.isInteger(v45)) throw rt.badInteger(v45, rt.join(path, "filesDeleted"));
    if (v45 < -9007199254740991) throw rt.constraint("less than the minimum -9007199254740991", rt.join(path, "filesDeleted"));
    if (v45 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "filesDeleted"));
  }
  const v46 = obj.skipped;
  if (v46 !== undefined) {
    if (!Array.isArray(v46)) throw rt.wrongType("an array", v46, rt.join(path, "skipped"));
    for (let i47 = 0; i47 < v46.length; i47++) {
      const item48: unknown = v46[i47];
      if (typeof item48 !== "string") throw rt.wrongType("a string", item48, `${rt.join(path, "skipped")}[${i47}]`);
    }
  }
}


/** The ordered checks of a `InputImage` at `path`: throws `ProtocolError` for the first fault. */
function checkInputImage(obj: rt.JsonObject, path: string, strict: boolean): void {
  for (const key in obj) {
    switch (key) {
      case "mediaType":
      case "data":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v53 = obj.mediaType;
  if (v53 === undefined) throw rt.missing(rt.join(path, "mediaType"));
  if (typeof v53 !== "string") throw rt.wrongType("a string", v53, rt.join(path, "mediaType"));
  const v54 = obj.data;
  if (v54 === undefined) throw rt.missing(rt.join(path, "data"));
  if (typeof v54 !== "string") throw rt.wrongType("a string", v54, rt.join(path, "data"));
  if (v54.length > 13981015 && rt.codePoints(v54) > 13981015) throw rt.constraint("longer than 13981015 characters", rt.join(path, "data"));
  if (!DATA_PATTERN.test(v54)) throw rt.constraint(`does not match the pattern ${DATA_PATTERN.regex.source}`, rt.join(path, "data"));
}


/** The ordered checks of a `PromptInput` at `path`: throws `ProtocolError` for the first fault. */
function checkPromptInput(obj: rt.JsonObject, path: string, strict: boolean): void {
  for (const key in obj) {
    switch (key) {
      case "schemaVersion":
      case "type":
      case "content":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v55 = obj.content;
  if (v55 === undefined) throw rt.missing(rt.join(path, "content"));
  if (typeof v55 !== "string") throw rt.wrongType("a string", v55, rt.join(path, "content"));
  if (!CONTENT_PATTERN.test(v55)) throw rt.constraint(`does not match the pattern ${CONTENT_PATTERN.regex.source}`, rt.join(path, "content"));
}

const MESSAGE_INPUT_ALTERNATIVES: readonly rt.Alternative[] = [
  { required: ["content"], patterns: [["content", new RegExp("\\S", "u")]], minItems: [] },
  { required: ["images"], patterns: [], minItems: [["images", 1]] },
];


/** The ordered checks of a `MessageInput` at `path`: throws `ProtocolError` for the first fault. */
function checkMessageInput(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v56 = obj.role;
  if (v56 === undefined) throw rt.missing(rt.join(path, "role"));
  if (v56 !== "user") throw rt.badConst("user", rt.join(path, "role"));
  const v57 = obj.content;
  if (v57 !== undefined) {
    if (typeof v57 !== "string") throw rt.wrongType("a string", v57, rt.join(path, "content"));
  }
  const v58 = obj.images;
  if (v58 !== undefined) {
    if (!Array.isArray(v58)) throw rt.wrongType("an array", v58, rt.join(path, "images"));
    for (let i59 = 0; i59 < v58.length; i59++) {
      const item60: unknown = v58[i59];
      if (!rt.isObject(item60)) throw rt.wrongType("an object", item60, `${rt.join(path, "images")}[${i59}]`);
      checkInputImage(item60, `${rt.join(path, "images")}[${i59}]`, strict);
    }
  }
  rt.checkAnyOf(obj, MESSAGE_INPUT_ALTERNATIVES, path);
}

/** Whether `obj` is a valid `RunStartEvent` with no unknown key (false: let `checkRunStartEvent` decide). */
function scanRunStartEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  const v67 = obj.schemaVersion;
  if (v67 !== 1) return false;
  const v68 = obj.runId;
  if (typeof v68 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v68)) return false;
  const v69 = obj.sessionId;
  if (v69 !== undefined) {
    if (typeof v69 !== "string") return false;
    present++;
  }
  const v70 = obj.cwd;
  if (typeof v70 !== "string") return false;
  const v71 = obj.provider;
  if (v71 !== undefined) {
    if (typeof v71 !== "string") return false;
    present++;
  }
  const v72 = obj.model;
  if (v72 !== undefined) {
    if (typeof v72 !== "string") return false;
    present++;
  }
  const v73 = obj.apiModel;
  if (v73 !== undefined) {
    if (typeof v73 !== "string") return false;
    present++;
  }
  return rt.keyCount(obj) === present;
}

/** The ordered checks of a `RunStartEvent` at `path`: throws `ProtocolError` for the first fault. */
function checkRunStartEvent(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v61 = obj.runId;
  if (v61 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v61 !== "string") throw rt.wrongType("a string", v61, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v61)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v62 = obj.sessionId;
  if (v62 !== undefined) {
    if (typeof v62 !== "string") throw rt.wrongType("a string", v62, rt.join(path, "sessionId"));
  }
  const v63 = obj.cwd;
  if (v63 === undefined) throw rt.missing(rt.join(path, "cwd"));
  if (typeof v63 !== "string") throw rt.wrongType("a string", v63, rt.join(path, "cwd"));
  const v64 = obj.provider;
  if (v64 !== undefined) {
    if (typeof v64 !== "string") throw rt.wrongType("a string", v64, rt.join(path, "provider"));
  }
  const v65 = obj.model;
  if (v65 !== undefined) {
    if (typeof v65 !== "string") throw rt.wrongType("a string", v65, rt.join(path, "model"));
  }
  const v66 = obj.apiModel;
  if (v66 !== undefined) {
    if (typeof v66 !== "string") throw rt.wrongType("a string", v66, rt.join(path, "apiModel"));
  }
}

/** Whether `obj` is a valid `TextEvent` with no unknown key (false: let `checkTextEvent` decide). */
function scanTextEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  const v76 = obj.schemaVersion;
  if (v76 !== 1) return false;
  const v77 = obj.runId;
  if (typeof v77 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v77)) return false;
  const v78 = obj.delta;
  if (v78 !== undefined) {
    if (typeof v78 !== "string") return false;
    present++;
  }
  return rt.keyCount(obj) === present;
}

/** The ordered checks of a `TextEvent` at `path`: throws `ProtocolError` for the first fault. */
function checkTextEvent(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v74 = obj.runId;
  if (v74 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v74 !== "string") throw rt.wrongType("a string", v74, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v74)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v75 = obj.delta;
  if (v75 !== undefined) {
    if (typeof v75 !== "string") throw rt.wrongType("a string", v75, rt.join(path, "delta"));
  }
}

/** Whether `obj` is a valid `ToolCallEvent` with no unknown key (false: let `checkToolCallEvent` decide). */
function scanToolCallEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  const v84 = obj.schemaVersion;
  if (v84 !== 1) return false;
  const v85 = obj.runId;
  if (typeof v85 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v85)) return false;
  const v86 = obj.id;
  if (v86 !== undefined) {
    if (typeof v86 !== "string") return false;
    present++;
  }
  const v87 = obj.name;
  if (v87 !== undefined) {
    if (typeof v87 !== "string") return false;
    present++;
  }
  const v88 = obj.args;
  if (v88 !== undefined) {
    rt.noteFreeJson(v88);
    present++;
  }
  const v89 = obj.sideEffect;
  if (!isToolCallSideEffect(v89)) return false;
  return rt.keyCount(obj) === present;
}

/** The ordered checks of a `ToolCallEvent` at `path`: throws `ProtocolError` for the first fault. */
function checkToolCallEvent(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v79 = obj.runId;
  if (v79 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v79 !== "string") throw rt.wrongType("a string", v79, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v79)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v80 = obj.id;
  if (v80 !== undefined) {
    if (typeof v80 !== "string") throw rt.wrongType("a string", v80, rt.join(path, "id"));
  }
  const v81 = obj.name;
  if (v81 !== undefined) {
    if (typeof v81 !== "string") throw rt.wrongType("a string", v81, rt.join(path, "name"));
  }
  const v82 = obj.args;
  if (v82 !== undefined) {
    rt.noteFreeJson(v82);
  }
  const v83 = obj.sideEffect;
  if (v83 === undefined) throw rt.missing(rt.join(path, "sideEffect"));
  if (!isToolCallSideEffect(v83)) throw rt.badEnum(v83, TOOL_CALL_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
}

/** Whether `obj` is a valid `CheckpointEvent` with no unknown key (false: let `checkCheckpointEvent` decide). */
function scanCheckpointEvent(obj: rt.JsonObject): boolean {
  const v92 = obj.schemaVersion;
  if (v92 !== 1) return false;
  const v93 = obj.runId;
  if (typeof v93 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v93)) return false;
  const v94 = obj.checkpoint;
  if (!rt.isObject(v94) || !scanCheckpointInfo(v94)) return false;
  return rt.keyCount(obj) === 4;
}

/** The ordered checks of a `CheckpointEvent` at `path`: throws `ProtocolError` for the first fault. */
function checkCheckpointEvent(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v90 = obj.runId;
  if (v90 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v90 !== "string") throw rt.wrongType("a string", v90, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v90)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v91 = obj.checkpoint;
  if (v91 === undefined) throw rt.missing(rt.join(path, "checkpoint"));
  if (!rt.isObject(v91)) throw rt.wrongType("an object", v91, rt.join(path, "checkpoint"));
  checkCheckpointInfo(v91, rt.join(path, "checkpoint"), strict);
}

/** Whether `obj` is a valid `PermissionEvent` with no unknown key (false: let `checkPermissionEvent` decide). */
function scanPermissionEvent(obj: rt.JsonObject): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
        if (value !== 1) return false;
        required++;
        continue;
      case "type":
        required++;
        continue;
      case "runId":
        if (typeof value !== "string") return false;
        if (!RUN_ID_PATTERN.test(value)) return false;
        required++;
        continue;
      case "sessionId":
        if (typeof value !== "string") return false;
        continue;
      case "id":
        if (typeof value !== "string") return false;
        continue;
      case "name":
        if (typeof value !== "string") return false;
        continue;
      case "action":
        if (typeof value !== "string") return false;
        continue;
      case "permission":
        if (!isPermission(value)) return false;
        continue;
      case "permissionGranted":
        if (typeof value !== "boolean") return false;
        continue;
      case "permissionMode":
        if (!isPermissionMode(value)) return false;
        continue;
      case "autonomy":
        if (!isPermissionAutonomy(value)) return false;
        continue;
      case "sideEffect":
        if (!isPermissionSideEffect(value)) return false;
        continue;
      case "reason":
        if (typeof value !== "string") return false;
        continue;
      case "decisionReason":
        if (typeof value !== "string") return false;
        continue;
      case "risk":
        if (!rt.isObject(value) || !scanRisk(value)) return false;
        continue;
      case "violation":
        if (!rt.isObject(value) || !scanViolation(value)) return false;
        continue;
      case "grantMatched":
        if (typeof value !== "boolean") return false;
        continue;
      case "grant":
        if (!rt.isObject(value) || !scanGrant(value)) return false;
        continue;
    }
    return false; // an unknown key
  }
  return required === 3;
}

/** The ordered checks of a `PermissionEvent` at `path`: throws `ProtocolError` for the first fault. */
function checkPermissionEvent(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v95 = obj.runId;
  if (v95 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v95 !== "string") throw rt.wrongType("a string", v95, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v95)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v96 = obj.sessionId;
  if (v96 !== undefined) {
    if (typeof v96 !== "string") throw rt.wrongType("a string", v96, rt.join(path, "sessionId"));
  }
  const v97 = obj.id;
  if (v97 !== undefined) {
    if (typeof v97 !== "string") throw rt.wrongType("a string", v97, rt.join(path, "id"));
  }
  const v98 = obj.name;
  if (v98 !== undefined) {
    if (typeof v98 !== "string") throw rt.wrongType("a string", v98, rt.join(path, "name"));
  }
  const v99 = obj.action;
  if (v99 !== undefined) {
    if (typeof v99 !== "string") throw rt.wrongType("a string", v99, rt.join(path, "action"));
  }
  const v100 = obj.permission;
  if (v100 !== undefined) {
    if (!isPermission(v100)) throw rt.badEnum(v100, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v101 = obj.permissionGranted;
  if (v101 !== undefined) {
    if (typeof v101 !== "boolean") throw rt.wrongType("a boolean", v101, rt.join(path, "permissionGranted"));
  }
  const v102 = obj.permissionMode;
  if (v102 !== undefined) {
    if (!isPermissionMode(v102)) throw rt.badEnum(v102, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v103 = obj.autonomy;
  if (v103 !== undefined) {
    if (!isPermissionAutonomy(v103)) throw rt.badEnum(v103, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v104 = obj.sideEffect;
  if (v104 !== undefined) {
    if (!isPermissionSideEffect(v104)) throw rt.badEnum(v104, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v105 = obj.reason;
  if (v105 !== undefined) {
    if (typeof v105 !== "string") throw rt.wrongType("a string", v105, rt.join(path, "reason"));
  }
  const v106 = obj.decisionReason;
  if (v106 !== undefined) {
    if (typeof v106 !== "string") throw rt.wrongType("a string", v106, rt.join(path, "decisionReason"));
  }
  const v107 = obj.risk;
  if (v107 !== undefined) {
    if (!rt.isObject(v107)) throw rt.wrongType("an object", v107, rt.join(path, "risk"));
    checkRisk(v107, rt.join(path, "risk"), strict);
  }
  const v108 = obj.violation;
  if (v108 !== undefined) {
    if (!rt.isObject(v108)) throw rt.wrongType("an object", v108, rt.join(path, "violation"));
    checkViolation(v108, rt.join(path, "violation"), strict);
  }
  const v109 = obj.grantMatched;
  if (v109 !== undefined) {
    if (typeof v109 !== "boolean") throw rt.wrongType("a boolean", v109, rt.join(path, "grantMatched"));
  }
  const v110 = obj.grant;
  if (v110 !== undefined) {
    if (!rt.isObject(v110)) throw rt.wrongType("an object", v110, rt.join(path, "grant"));
    checkGrant(v110, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `PermissionRequestEvent` with no unknown key (false: let `checkPermissionRequestEvent` decide). */
function scanPermissionRequestEvent(obj: rt.JsonObject): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
        if (value !== 1) return false;
        required++;
        continue;
      case "type":
        required++;
        continue;
      case "runId":
        if (typeof value !== "string") return false;
        if (!RUN_ID_PATTERN.test(value)) return false;
        required++;
        continue;
      case "sessionId":
        if (typeof value !== "string") return false;
        continue;
      case "id":
        if (typeof value !== "string") return false;
        continue;
      case "name":
        if (typeof value !== "string") return false;
        continue;
      case "action":
        if (!isPermissionRequestAction(value)) return false;
        continue;
      case "permission":
        if (!isPermission(value)) return false;
        continue;
      case "permissionGranted":
        if (typeof value !== "boolean") return false;
        continue;
      case "permissionMode":
        if (!isPermissionMode(value)) return false;
        continue;
      case "autonomy":
        if (!isPermissionAutonomy(value)) return false;
        continue;
      case "sideEffect":
        if (!isPermissionSideEffect(value)) return false;
        continue;
      case "reason":
        if (typeof value !== "string") return false;
        continue;
      case "decisionReason":
        if (typeof value !== "string") return false;
        continue;
      case "risk":
        if (!rt.isObject(value) || !scanRisk(value)) return false;
        continue;
      case "violation":
        if (!rt.isObject(value) || !scanViolation(value)) return false;
        continue;
      case "grantMatched":
        if (typeof value !== "boolean") return false;
        continue;
      case "grant":
        if (!rt.isObject(value) || !scanGrant(value)) return false;
        continue;
    }
    return false; // an unknown key
  }
  return required === 3;
}

/** The ordered checks of a `PermissionRequestEvent` at `path`: throws `ProtocolError` for the first fault. */
function checkPermissionRequestEvent(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v111 = obj.runId;
  if (v111 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v111 !== "string") throw rt.wrongType("a string", v111, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v111)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v112 = obj.sessionId;
  if (v112 !== undefined) {
    if (typeof v112 !== "string") throw rt.wrongType("a string", v112, rt.join(path, "sessionId"));
  }
  const v113 = obj.id;
  if (v113 !== undefined) {
    if (typeof v113 !== "string") throw rt.wrongType("a string", v113, rt.join(path, "id"));
  }
  const v114 = obj.name;
  if (v114 !== undefined) {
    if (typeof v114 !== "string") throw rt.wrongType("a string", v114, rt.join(path, "name"));
  }
  const v115 = obj.action;
  if (v115 !== undefined) {
    if (!isPermissionRequestAction(v115)) throw rt.badEnum(v115, PERMISSION_REQUEST_ACTION_VALUES, rt.join(path, "action"));
  }
  const v116 = obj.permission;
  if (v116 !== undefined) {
    if (!isPermission(v116)) throw rt.badEnum(v116, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v117 = obj.permissionGranted;
  if (v117 !== undefined) {
    if (typeof v117 !== "boolean") throw rt.wrongType("a boolean", v117, rt.join(path, "permissionGranted"));
  }
  const v118 = obj.permissionMode;
  if (v118 !== undefined) {
    if (!isPermissionMode(v118)) throw rt.badEnum(v118, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v119 = obj.autonomy;
  if (v119 !== undefined) {
    if (!isPermissionAutonomy(v119)) throw rt.badEnum(v119, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v120 = obj.sideEffect;
  if (v120 !== undefined) {
    if (!isPermissionSideEffect(v120)) throw rt.badEnum(v120, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v121 = obj.reason;
  if (v121 !== undefined) {
    if (typeof v121 !== "string") throw rt.wrongType("a string", v121, rt.join(path, "reason"));
  }
  const v122 = obj.decisionReason;
  if (v122 !== undefined) {
    if (typeof v122 !== "string") throw rt.wrongType("a string", v122, rt.join(path, "decisionReason"));
  }
  const v123 = obj.risk;
  if (v123 !== undefined) {
    if (!rt.isObject(v123)) throw rt.wrongType("an object", v123, rt.join(path, "risk"));
    checkRisk(v123, rt.join(path, "risk"), strict);
  }
  const v124 = obj.violation;
  if (v124 !== undefined) {
    if (!rt.isObject(v124)) throw rt.wrongType("an object", v124, rt.join(path, "violation"));
    checkViolation(v124, rt.join(path, "violation"), strict);
  }
  const v125 = obj.grantMatched;
  if (v125 !== undefined) {
    if (typeof v125 !== "boolean") throw rt.wrongType("a boolean", v125, rt.join(path, "grantMatched"));
  }
  const v126 = obj.grant;
  if (v126 !== undefined) {
    if (!rt.isObject(v126)) throw rt.wrongType("an object", v126, rt.join(path, "grant"));
    checkGrant(v126, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `PermissionDecisionEvent` with no unknown key (false: let `checkPermissionDecisionEvent` decide). */
function scanPermissionDecisionEvent(obj: rt.JsonObject): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
        if (value !== 1) return false;
        required++;
        continue;
      case "type":
        required++;
        continue;
      case "runId":
        if (typeof value !== "string") return false;
        if (!RUN_ID_PATTERN.test(value)) return false;
        required++;
        continue;
      case "sessionId":
        if (typeof value !== "string") return false;
        continue;
      case "id":
        if (typeof value !== "string") return false;
        continue;
      case "name":
        if (typeof value !== "string") return false;
        continue;
      case "action":
        if (!isPermissionDecisionAction(value)) return false;
        continue;
      case "permission":
        if (!isPermission(value)) return false;
        continue;
      case "permissionGranted":
        if (typeof value !== "boolean") return false;
        continue;
      case "permissionMode":
        if (!isPermissionMode(value)) return false;
        continue;
      case "autonomy":
        if (!isPermissionAutonomy(value)) return false;
        continue;
      case "sideEffect":
        if (!isPermissionSideEffect(value)) return false;
        continue;
      case "reason":
        if (typeof value !== "string") return false;
        continue;
      case "decisionReason":
        if (typeof value !== "string") return false;
        continue;
      case "risk":
        if (!rt.isObject(value) || !scanRisk(value)) return false;
        continue;
      case "violation":
        if (!rt.isObject(value) || !scanViolation(value)) return false;
        continue;
      case "grantMatched":
        if (typeof value !== "boolean") return false;
        continue;
      case "grant":
        if (!rt.isObject(value) || !scanGrant(value)) return false;
        continue;
    }
    return false; // an unknown key
  }
  return required === 3;
}

/** The ordered checks of a `PermissionDecisionEvent` at `path`: throws `ProtocolError` for the first fault. */
function checkPermissionDecisionEvent(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v127 = obj.runId;
  if (v127 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v127 !== "string") throw rt.wrongType("a string", v127, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v127)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v128 = obj.sessionId;
  if (v128 !== undefined) {
    if (typeof v128 !== "string") throw rt.wrongType("a string", v128, rt.join(path, "sessionId"));
  }
  const v129 = obj.id;
  if (v129 !== undefined) {
    if (typeof v129 !== "string") throw rt.wrongType("a string", v129, rt.join(path, "id"));
  }
  const v130 = obj.name;
  if (v130 !== undefined) {
    if (typeof v130 !== "string") throw rt.wrongType("a string", v130, rt.join(path, "name"));
  }
  const v131 = obj.action;
  if (v131 !== undefined) {
    if (!isPermissionDecisionAction(v131)) throw rt.badEnum(v131, PERMISSION_DECISION_ACTION_VALUES, rt.join(path, "action"));
  }
  const v132 = obj.permission;
  if (v132 !== undefined) {
    if (!isPermission(v132)) throw rt.badEnum(v132, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v133 = obj.permissionGranted;
  if (v133 !== undefined) {
    if (typeof v133 !== "boolean") throw rt.wrongType("a boolean", v133, rt.join(path, "permissionGranted"));
  }
  const v134 = obj.permissionMode;
  if (v134 !== undefined) {
    if (!isPermissionMode(v134)) throw rt.badEnum(v134, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v135 = obj.autonomy;
  if (v135 !== undefined) {
    if (!isPermissionAutonomy(v135)) throw rt.badEnum(v135, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v136 = obj.sideEffect;
  if (v136 !== undefined) {
    if (!isPermissionSideEffect(v136)) throw rt.badEnum(v136, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v137 = obj.reason;
  if (v137 !== undefined) {
    if (typeof v137 !== "string") throw rt.wrongType("a string", v137, rt.join(path, "reason"));
  }
  const v138 = obj.decisionReason;
  if (v138 !== undefined) {
    if (typeof v138 !== "string") throw rt.wrongType("a string", v138, rt.join(path, "decisionReason"));
  }
  const v139 = obj.risk;
  if (v139 !== undefined) {
    if (!rt.isObject(v139)) throw rt.wrongType("an object", v139, rt.join(path, "risk"));
    checkRisk(v139, rt.join(path, "risk"), strict);
  }
  const v140 = obj.violation;
  if (v140 !== undefined) {
    if (!rt.isObject(v140)) throw rt.wrongType("an object", v140, rt.join(path, "violation"));
    checkViolation(v140, rt.join(path, "violation"), strict);
  }
  const v141 = obj.grantMatched;
  if (v141 !== undefined) {
    if (typeof v141 !== "boolean") throw rt.wrongType("a boolean", v141, rt.join(path, "grantMatched"));
  }
  const v142 = obj.grant;
  if (v142 !== undefined) {
    if (!rt.isObject(v142)) throw rt.wrongType("an object", v142, rt.join(path, "grant"));
    checkGrant(v142, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `ToolResultEvent` with no unknown key (false: let `checkToolResultEvent` decide). */
function scanToolResultEvent(obj: rt.JsonObject): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
        if (value !== 1) return false;
        required++;
        continue;
      case "type":
        required++;
        continue;
      case "runId":
        if (typeof value !== "string") return false;
        if (!RUN_ID_PATTERN.test(value)) return false;
        required++;
        continue;
      case "id":
        if (typeof value !== "string") return false;
        continue;
      case "name":
        if (typeof value !== "string") return false;
        continue;
      case "status":
        if (!isToolResultStatus(value)) return false;
        required++;
        continue;
      case "output":
        if (typeof value !== "string") return false;
        continue;
      case "truncated":
        if (typeof value !== "boolean") return false;
        required++;
        continue;
      case "redacted":
        if (typeof value !== "boolean") return false;
        continue;
      case "changedFiles":
        if (!Array.isArray(value)) return false;
        for (let i156 = 0; i156 < value.length; i156++) {
          const item157: unknown = value[i156];
          if (typeof item157 !== "string") return false;
        }
        continue;
      case "meta":
        if (!rt.isObject(value)) return false;
        for (const key158 in value) {
          if (typeof value[key158] !== "string") return false;
        }
        continue;
      case "display":
        if (!rt.isObject(value) || !scanDisplay(value)) return false;
        continue;
    }
    return false; // an unknown key
  }
  return required === 5;
}

/** The ordered checks of a `ToolResultEvent` at `path`: throws `ProtocolError` for the first fault. */
function checkToolResultEvent(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v143 = obj.runId;
  if (v143 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v143 !== "string") throw rt.wrongType("a string", v143, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v143)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v144 = obj.id;
  if (v144 !== undefined) {
    if (typeof v144 !== "string") throw rt.wrongType("a string", v144, rt.join(path, "id"));
  }
  const v145 = obj.name;
  if (v145 !== undefined) {
    if (typeof v145 !== "string") throw rt.wrongType("a string", v145, rt.join(path, "name"));
  }
  const v146 = obj.status;
  if (v146 === undefined) throw rt.missing(rt.join(path, "status"));
  if (!isToolResultStatus(v146)) throw rt.badEnum(v146, TOOL_RESULT_STATUS_VALUES, rt.join(path, "status"));
  const v147 = obj.output;
  if (v147 !== undefined) {
    if (typeof v147 !== "string") throw rt.wrongType("a string", v147, rt.join(path, "output"));
  }
  const v148 = obj.truncated;
  if (v148 === undefined) throw rt.missing(rt.join(path, "truncated"));
  if (typeof v148 !== "boolean") throw rt.wrongType("a boolean", v148, rt.join(path, "truncated"));
  const v149 = obj.redacted;
  if (v149 !== undefined) {
    if (typeof v149 !== "boolean") throw rt.wrongType("a boolean", v149, rt.join(path, "redacted"));
  }
  const v150 = obj.changedFiles;
  if (v150 !== undefined) {
    if (!Array.isArray(v150)) throw rt.wrongType("an array", v150, rt.join(path, "changedFiles"));
    for (let i151 = 0; i151 < v150.length; i151++) {
      const item152: unknown = v150[i151];
      if (typeof item152 !== "string") throw rt.wrongType("a string", item152, `${rt.join(path, "changedFiles")}[${i151}]`);
    }
  }
  const v153 = obj.meta;
  if (v153 !== undefined) {
    if (!rt.isObject(v153)) throw rt.wrongType("an object", v153, rt.join(path, "meta"));
    for (const key154 in v153) {
      if (typeof v153[key154] !== "string") throw rt.wrongType("a string", v153[key154], rt.join(rt.join(path, "meta"), key154));
    }
  }
  const v155 = obj.display;
  if (v155 !== undefined) {
    if (!rt.isObject(v155)) throw rt.wrongType("an object", v155, rt.join(path, "display"));
    checkDisplay(v155, rt.join(path, "display"), strict);
  }
}

/** Whether `obj` is a valid `RestoreEvent` with no unknown key (false: let `checkRestoreEvent` decide). */
function scanRestoreEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  const v161 = obj.schemaVersion;
  if (v161 !== 1) return false;
  const v162 = obj.runId;
  if (typeof v162 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v162)) return false;
  const v163 = obj.checkpoint;
  if (v163 !== undefined) {
    if (!rt.isObject(v163) || !scanCheckpointInfo(v163)) return false;
    present++;
  }
  return rt.keyCount(obj) === present;
}

/** The ordered checks of a `RestoreEvent` at `path`: throws `ProtocolError` for the first fault. */
function checkRestoreEvent(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v159 = obj.runId;
  if (v159 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v159 !== "string") throw rt.wrongType("a string", v159, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v159)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v160 = obj.checkpoint;
  if (v160 !== undefined) {
    if (!rt.isObject(v160)) throw rt.wrongType("an object", v160, rt.join(path, "checkpoint"));
    checkCheckpointInfo(v160, rt.join(path, "checkpoint"), strict);
  }
}

/** Whether `obj` is a valid `UsageEvent` with no unknown key (false: let `checkUsageEvent` decide). */
function scanUsageEvent(obj: rt.JsonObject): boolean {
  let present = 6;
  const v169 = obj.schemaVersion;
  if (v169 !== 1) return false;
  const v170 = obj.runId;
  if (typeof v170 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v170)) return false;
  const v171 = obj.promptTokens;
  if (typeof v171 !== "number" || !Number.isInteger(v171)) return false;
  if (v171 < 0) return false;
  if (v171 > 9007199254740991) return false;
  const v172 = obj.completionTokens;
  if (typeof v172 !== "number" || !Number.isInteger(v172)) return false;
  if (v172 < 0) return false;
  if (v172 > 9007199254740991) return false;
  const v173 = obj.totalTokens;
  if (typeof v173 !== "number" || !Number.isInteger(v173)) return false;
  if (v173 < 0) return false;
  if (v173 > 9007199254740991) return false;
  const v174 = obj.costUsd;
  if (v174 !== undefined) {
    if (typeof v174 !== "number" || !Number.isFinite(v174)) return false;
    present++;
  }
  return rt.keyCount(obj) === present;
}

/** The ordered checks of a `UsageEvent` at `path`: throws `ProtocolError` for the first fault. */
function checkUsageEvent(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v164 = obj.runId;
  if (v164 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v164 !== "string") throw rt.wrongType("a string", v164, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v164)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v165 = obj.promptTokens;
  if (v165 === undefined) throw rt.missing(rt.join(path, "promptTokens"));
  if (typeof v165 !== "number" || !Number.isInteger(v165)) throw rt.badInteger(v165, rt.join(path, "promptTokens"));
  if (v165 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "promptTokens"));
  if (v165 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "promptTokens"));
  const v166 = obj.completionTokens;
  if (v166 === undefined) throw rt.missing(rt.join(path, "completionTokens"));
  if (typeof v166 !== "number" || !Number.isInteger(v166)) throw rt.badInteger(v166, rt.join(path, "completionTokens"));
  if (v166 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "completionTokens"));
  if (v166 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "completionTokens"));
  const v167 = obj.totalTokens;
  if (v167 === undefined) throw rt.missing(rt.join(path, "totalTokens"));
  if (typeof v167 !== "number" || !Number.isInteger(v167)) throw rt.badInteger(v167, rt.join(path, "totalTokens"));
  if (v167 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "totalTokens"));
  if (v167 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "totalTokens"));
  const v168 = obj.costUsd;
  if (v168 !== undefined) {
    if (typeof v168 !== "number" || !Number.isFinite(v168)) throw rt.wrongType("a number", v168, rt.join(path, "costUsd"));
  }
}

/** Whether `obj` is a valid `FinalEvent` with no unknown key (false: let `checkFinalEvent` decide). */
function scanFinalEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  const v179 = obj.schemaVersion;
  if (v179 !== 1) return false;
  const v180 = obj.runId;
  if (typeof v180 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v180)) return false;
  const v181 = obj.text;
  if (v181 !== undefined) {
    if (typeof v181 !== "string") return false;
    present++;
  }
  const v182 = obj.meta;
  if (v182 !== undefined) {
    if (!rt.isObject(v182)) return false;
    for (const key183 in v182) {
      if (typeof v182[key183] !== "string") return false;
    }
    present++;
  }
  return rt.keyCount(obj) === present;
}

/** The ordered checks of a `FinalEvent` at `path`: throws `ProtocolError` for the first fault. */
function checkFinalEvent(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v175 = obj.runId;
  if (v175 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v175 !== "string") throw rt.wrongType("a string", v175, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v175)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v176 = obj.text;
  if (v176 !== undefined) {
    if (typeof v176 !== "string") throw rt.wrongType("a string", v176, rt.join(path, "text"));
  }
  const v177 = obj.meta;
  if (v177 !== undefined) {
    if (!rt.isObject(v177)) throw rt.wrongType("an object", v177, rt.join(path, "meta"));
    for (const key178 in v177) {
      if (typeof v177[key178] !== "string") throw rt.wrongType("a string", v177[key178], rt.join(rt.join(path, "meta"), key178));
    }
  }
}

/** Whether `obj` is a valid `WarningEvent` with no unknown key (false: let `checkWarningEvent` decide). */
function scanWarningEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  const v186 = obj.schemaVersion;
  if (v186 !== 1) return false;
  const v187 = obj.runId;
  if (typeof v187 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v187)) return false;
  const v188 = obj.message;
  if (v188 !== undefined) {
    if (typeof v188 !== "string") return false;
    present++;
  }
  return rt.keyCount(obj) === present;
}

/** The ordered checks of a `WarningEvent` at `path`: throws `ProtocolError` for the first fault. */
function checkWarningEvent(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v184 = obj.runId;
  if (v184 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v184 !== "string") throw rt.wrongType("a string", v184, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v184)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v185 = obj.message;
  if (v185 !== undefined) {
    if (typeof v185 !== "string") throw rt.wrongType("a string", v185, rt.join(path, "message"));
  }
}

/** Whether `obj` is a valid `ErrorEvent` with no unknown key (false: let `checkErrorEvent` decide). */
function scanErrorEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  const v193 = obj.schemaVersion;
  if (v193 !== 1) return false;
  const v194 = obj.runId;
  if (typeof v194 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v194)) return false;
  const v195 = obj.code;
  if (v195 !== undefined) {
    if (!isErrorCode(v195)) return false;
    present++;
  }
  const v196 = obj.message;
  if (v196 !== undefined) {
    if (typeof v196 !== "string") return false;
    present++;
  }
  const v197 = obj.recoverable;
  if (typeof v197 !== "boolean") return false;
  return rt.keyCount(obj) === present;
}

/** The ordered checks of a `ErrorEvent` at `path`: throws `ProtocolError` for the first fault. */
function checkErrorEvent(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v189 = obj.runId;
  if (v189 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v189 !== "string") throw rt.wrongType("a string", v189, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v189)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v190 = obj.code;
  if (v190 !== undefined) {
    if (!isErrorCode(v190)) throw rt.badEnum(v190, ERROR_CODE_VALUES, rt.join(path, "code"));
  }
  const v191 = obj.message;
  if (v191 !== undefined) {
    if (typeof v191 !== "string") throw rt.wrongType("a string", v191, rt.join(path, "message"));
  }
  const v192 = obj.recoverable;
  if (v192 === undefined) throw rt.missing(rt.join(path, "recoverable"));
  if (typeof v192 !== "boolean") throw rt.wrongType("a boolean", v192, rt.join(path, "recoverable"));
}

/** Whether `obj` is a valid `RunEndEvent` with no unknown key (false: let `checkRunEndEvent` decide). */
function scanRunEndEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  const v201 = obj.schemaVersion;
  if (v201 !== 1) return false;
  const v202 = obj.runId;
  if (typeof v202 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v202)) return false;
  const v203 = obj.status;
  if (v203 !== undefined) {
    if (!isRunEndStatus(v203)) return false;
    present++;
  }
  const v204 = obj.exitCode;
  if (typeof v204 !== "number" || !Number.isInteger(v204)) return false;
  if (v204 < -9007199254740991) return false;
  if (v204 > 9007199254740991) return false;
  return rt.keyCount(obj) === present;
}

/** The ordered checks of a `RunEndEvent` at `path`: throws `ProtocolError` for the first fault. */
function checkRunEndEvent(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v198 = obj.runId;
  if (v198 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v198 !== "string") throw rt.wrongType("a string", v198, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v198)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v199 = obj.status;
  if (v199 !== undefined) {
    if (!isRunEndStatus(v199)) throw rt.badEnum(v199, RUN_END_STATUS_VALUES, rt.join(path, "status"));
  }
  const v200 = obj.exitCode;
  if (v200 === undefined) throw rt.missing(rt.join(path, "exitCode"));
  if (typeof v200 !== "number" || !Number.isInteger(v200)) throw rt.badInteger(v200, rt.join(path, "exitCode"));
  if (v200 < -9007199254740991) throw rt.constraint("less than the minimum -9007199254740991", rt.join(path, "exitCode"));
  if (v200 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "exitCode"));
}

/** The fields every output event shares: a line of an unknown `type` must still have them. */
function checkOutputEnvelope(obj: rt.JsonObject): void {
  const v205 = obj.runId;
  if (v205 === undefined) throw rt.missing("runId");
  if (typeof v205 !== "string") throw rt.wrongType("a string", v205, "runId");
  if (!RUN_ID_PATTERN.test(v205)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, "runId");
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
      checkRunStartEvent(obj, "", strict);
      return obj as unknown as RunStartEvent;
    case "text":
      checkTextEvent(obj, "", strict);
      return obj as unknown as TextEvent;
    case "tool_call":
      checkToolCallEvent(obj, "", strict);
      return obj as unknown as ToolCallEvent;
    case "checkpoint":
      checkCheckpointEvent(obj, "", strict);
      return obj as unknown as CheckpointEvent;
    case "permission":
      checkPermissionEvent(obj, "", strict);
      return obj as unknown as PermissionEvent;
    case "permission_request":
      checkPermissionRequestEvent(obj, "", strict);
      return obj as unknown as PermissionRequestEvent;
    case "permission_decision":
      checkPermissionDecisionEvent(obj, "", strict);
      return obj as unknown as PermissionDecisionEvent;
    case "tool_result":
      checkToolResultEvent(obj, "", strict);
      return obj as unknown as ToolResultEvent;
    case "restore":
      checkRestoreEvent(obj, "", strict);
      return obj as unknown as RestoreEvent;
    case "usage":
      checkUsageEvent(obj, "", strict);
      return obj as unknown as UsageEvent;
    case "final":
      checkFinalEvent(obj, "", strict);
      return obj as unknown as FinalEvent;
    case "warning":
      checkWarningEvent(obj, "", strict);
      return obj as unknown as WarningEvent;
    case "error":
      checkErrorEvent(obj, "", strict);
      return obj as unknown as ErrorEvent;
    case "run_end":
      checkRunEndEvent(obj, "", strict);
      return obj as unknown as RunEndEvent;
    default:
      checkOutputEnvelope(obj);
      return rt.unknownEvent(obj, type, SCHEMA_VERSION);
  }
}

/**
 * The fast path of `parseOutput`: `obj` itself when it is a valid known event of this version
 * with no unknown key (lenient and strict agree on those); otherwise undefined, and
 * `validateOutput` decides.
 */
export function scanOutput(obj: rt.JsonObject): OutputEvent | undefined {
  const type = obj.type;
  if (typeof type !== "string") return undefined;
  // By length first: JSON.parse interns only short strings, so comparing a longer `type` with
  // each name in turn would compare characters each time.
  switch (type.length) {
    case 4:
      if (type === "text") return scanTextEvent(obj) ? (obj as unknown as TextEvent) : undefined;
      return undefined;
    case 5:
      if (type === "usage") return scanUsageEvent(obj) ? (obj as unknown as UsageEvent) : undefined;
      if (type === "final") return scanFinalEvent(obj) ? (obj as unknown as FinalEvent) : undefined;
      if (type === "error") return scanErrorEvent(obj) ? (obj as unknown as ErrorEvent) : undefined;
      return undefined;
    case 7:
      if (type === "restore") return scanRestoreEvent(obj) ? (obj as unknown as RestoreEvent) : undefined;
      if (type === "warning") return scanWarningEvent(obj) ? (obj as unknown as WarningEvent) : undefined;
      if (type === "run_end") return scanRunEndEvent(obj) ? (obj as unknown as RunEndEvent) : undefined;
      return undefined;
    case 9:
      if (type === "run_start") return scanRunStartEvent(obj) ? (obj as unknown as RunStartEvent) : undefined;
      if (type === "tool_call") return scanToolCallEvent(obj) ? (obj as unknown as ToolCallEvent) : undefined;
      return undefined;
    case 10:
      if (type === "checkpoint") return scanCheckpointEvent(obj) ? (obj as unknown as CheckpointEvent) : undefined;
      if (type === "permission") return scanPermissionEvent(obj) ? (obj as unknown as PermissionEvent) : undefined;
      return undefined;
    case 11:
      if (type === "tool_result") return scanToolResultEvent(obj) ? (obj as unknown as ToolResultEvent) : undefined;
      return undefined;
    case 18:
      if (type === "permission_request") return scanPermissionRequestEvent(obj) ? (obj as unknown as PermissionRequestEvent) : undefined;
      return undefined;
    case 19:
      if (type === "permission_decision") return scanPermissionDecisionEvent(obj) ? (obj as unknown as PermissionDecisionEvent) : undefined;
      return undefined;
  }
  return undefined;
}

/** Decode one stdout line of exactly this version (see `validateOutput`). */
export function parseOutput(line: string, options: rt.DecodeOptions = rt.NO_OPTIONS): OutputEvent | rt.UnknownEvent {
  const obj = rt.parseFast(line);
  let event: OutputEvent | rt.UnknownEvent;
  try {
    event = scanOutput(obj) ?? validateOutput(obj, options);
  } catch (error) {
    if (!rt.inexactParseMayExplain(error, line)) throw error;
    return validateOutput(rt.parseExact(line), options);
  }
  return rt.parsedInexactly(line) ? validateOutput(rt.parseExact(line), options) : event;
}

/** Check an already-parsed input object of this version, strictly (as the binary does). */
export function validateInput(value: unknown): InputEvent {
  const type = rt.checkHeader(value, SCHEMA_VERSION);
  const obj = value as rt.JsonObject;
  switch (type) {
    case "prompt":
      checkPromptInput(obj, "", true);
      return obj as unknown as PromptInput;
    case "message":
      checkMessageInput(obj, "", true);
      return obj as unknown as MessageInput;
    default:
      throw new rt.ProtocolError("unknown_type", "type", `input type must be one of ${INPUT_EVENT_TYPES.join(", ")}`);
  }
}

/** Decode one stdin line of exactly this version, strictly. */
export function parseInput(line: string): InputEvent {
  let event: InputEvent;
  try {
    event = validateInput(rt.parseFast(line));
  } catch (error) {
    if (!rt.inexactParseMayExplain(error, line)) throw error;
    return validateInput(rt.parseExact(line));
  }
  return rt.parsedInexactly(line) ? validateInput(rt.parseExact(line)) : event;
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
  scanOutput,
  validateOutput,
  validateInput,
  encodeInput,
};
