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
  /** Session event sequence of the checkpoint. */
  sequence?: number;
  /** Tool whose call was checkpointed. */
  tool?: string;
  /** Workspace-relative paths captured. */
  files?: string[];
  /** Number of files restored (restore only). */
  filesRestored?: number;
  /** Number of files deleted (restore only). */
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
  /** Input tokens of the request. */
  promptTokens: number;
  /** Output tokens of the request. */
  completionTokens: number;
  /** Sum of prompt and completion tokens. */
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
  /** The process exit code (0, 2, 3, 130). */
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
// Two functions per object. `scanX` makes one pass over the object's keys and checks each value
// as it comes (a for-in reads fields without a property lookup per name, whatever the object's
// shape); lenient, it moves unknown keys under EXTRA. It returns false at the first doubt, and
// then `checkX` runs the ordered checks: unknown keys first (strict: rejected), then every field
// in schema order, throwing `ProtocolError` for the first fault. The checked object itself is
// returned (no copy).

const DATA_PATTERN = new rt.Pattern(new RegExp("^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$", "u"));

const CONTENT_PATTERN = new rt.Pattern(new RegExp("\\S", "u"));

const RUN_ID_PATTERN = new rt.Pattern(new RegExp("^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$", "u"));

/** Whether `obj` is a valid `Risk` (one pass; false: let `checkRisk` name the fault). */
function scanRisk(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "level":
        if (!isRiskLevel(value)) return false;
        required++;
        continue;
      case "categories":
        if (!Array.isArray(value)) return false;
        for (let i5 = 0; i5 < value.length; i5++) {
          const item6: unknown = value[i5];
          if (typeof item6 !== "string") return false;
        }
        continue;
      case "reason":
        if (typeof value !== "string") return false;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 1;
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
  const v7 = obj.reason;
  if (v7 !== undefined) {
    if (typeof v7 !== "string") throw rt.wrongType("a string", v7, rt.join(path, "reason"));
  }
}

/** Whether `obj` is a valid `Violation` (one pass; false: let `checkViolation` name the fault). */
function scanViolation(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "code":
        if (!isViolationCode(value)) return false;
        required++;
        continue;
      case "toolName":
        if (typeof value !== "string") return false;
        continue;
      case "action":
        if (!isViolationAction(value)) return false;
        required++;
        continue;
      case "risk":
        if (!rt.isObject(value) || !scanRisk(value, strict)) return false;
        required++;
        continue;
      case "path":
        if (typeof value !== "string") return false;
        continue;
      case "reason":
        if (typeof value !== "string") return false;
        required++;
        continue;
      case "recoverable":
        if (typeof value !== "boolean") return false;
        required++;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 5;
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
  const v8 = obj.code;
  if (v8 === undefined) throw rt.missing(rt.join(path, "code"));
  if (!isViolationCode(v8)) throw rt.badEnum(v8, VIOLATION_CODE_VALUES, rt.join(path, "code"));
  const v9 = obj.toolName;
  if (v9 !== undefined) {
    if (typeof v9 !== "string") throw rt.wrongType("a string", v9, rt.join(path, "toolName"));
  }
  const v10 = obj.action;
  if (v10 === undefined) throw rt.missing(rt.join(path, "action"));
  if (!isViolationAction(v10)) throw rt.badEnum(v10, VIOLATION_ACTION_VALUES, rt.join(path, "action"));
  const v11 = obj.risk;
  if (v11 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v11)) throw rt.wrongType("an object", v11, rt.join(path, "risk"));
  checkRisk(v11, rt.join(path, "risk"), strict);
  const v12 = obj.path;
  if (v12 !== undefined) {
    if (typeof v12 !== "string") throw rt.wrongType("a string", v12, rt.join(path, "path"));
  }
  const v13 = obj.reason;
  if (v13 === undefined) throw rt.missing(rt.join(path, "reason"));
  if (typeof v13 !== "string") throw rt.wrongType("a string", v13, rt.join(path, "reason"));
  const v14 = obj.recoverable;
  if (v14 === undefined) throw rt.missing(rt.join(path, "recoverable"));
  if (typeof v14 !== "boolean") throw rt.wrongType("a boolean", v14, rt.join(path, "recoverable"));
}

/** Whether `obj` is a valid `Grant` (one pass; false: let `checkGrant` name the fault). */
function scanGrant(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "toolName":
        if (typeof value !== "string") return false;
        required++;
        continue;
      case "decision":
        if (!isGrantDecision(value)) return false;
        required++;
        continue;
      case "maxAutonomy":
        if (!isGrantMaxAutonomy(value)) return false;
        required++;
        continue;
      case "approvedAt":
        if (typeof value !== "string") return false;
        required++;
        continue;
      case "reason":
        if (typeof value !== "string") return false;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 4;
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
  const v15 = obj.toolName;
  if (v15 === undefined) throw rt.missing(rt.join(path, "toolName"));
  if (typeof v15 !== "string") throw rt.wrongType("a string", v15, rt.join(path, "toolName"));
  const v16 = obj.decision;
  if (v16 === undefined) throw rt.missing(rt.join(path, "decision"));
  if (!isGrantDecision(v16)) throw rt.badEnum(v16, GRANT_DECISION_VALUES, rt.join(path, "decision"));
  const v17 = obj.maxAutonomy;
  if (v17 === undefined) throw rt.missing(rt.join(path, "maxAutonomy"));
  if (!isGrantMaxAutonomy(v17)) throw rt.badEnum(v17, GRANT_MAX_AUTONOMY_VALUES, rt.join(path, "maxAutonomy"));
  const v18 = obj.approvedAt;
  if (v18 === undefined) throw rt.missing(rt.join(path, "approvedAt"));
  if (typeof v18 !== "string") throw rt.wrongType("a string", v18, rt.join(path, "approvedAt"));
  const v19 = obj.reason;
  if (v19 !== undefined) {
    if (typeof v19 !== "string") throw rt.wrongType("a string", v19, rt.join(path, "reason"));
  }
}

/** Whether `obj` is a valid `Display` (one pass; false: let `checkDisplay` name the fault). */
function scanDisplay(obj: rt.JsonObject, strict: boolean): boolean {
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "summary":
        if (typeof value !== "string") return false;
        continue;
      case "kind":
        if (typeof value !== "string") return false;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return true;
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
  const v20 = obj.summary;
  if (v20 !== undefined) {
    if (typeof v20 !== "string") throw rt.wrongType("a string", v20, rt.join(path, "summary"));
  }
  const v21 = obj.kind;
  if (v21 !== undefined) {
    if (typeof v21 !== "string") throw rt.wrongType("a string", v21, rt.join(path, "kind"));
  }
}

/** Whether `obj` is a valid `CheckpointInfo` (one pass; false: let `checkCheckpointInfo` name the fault). */
function scanCheckpointInfo(obj: rt.JsonObject, strict: boolean): boolean {
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "sequence":
        if (typeof value !== "number" || !Number.isSafeInteger(value)) return false;
        continue;
      case "tool":
        if (typeof value !== "string") return false;
        continue;
      case "files":
        if (!Array.isArray(value)) return false;
        for (let i27 = 0; i27 < value.length; i27++) {
          const item28: unknown = value[i27];
          if (typeof item28 !== "string") return false;
        }
        continue;
      case "filesRestored":
        if (typeof value !== "number" || !Number.isSafeInteger(value)) return false;
        continue;
      case "filesDeleted":
        if (typeof value !== "number" || !Number.isSafeInteger(value)) return false;
        continue;
      case "skipped":
        if (!Array.isArray(value)) return false;
        for (let i34 = 0; i34 < value.length; i34++) {
          const item35: unknown = value[i34];
          if (typeof item35 !== "string") return false;
        }
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
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
  const v22 = obj.sequence;
  if (v22 !== undefined) {
    if (typeof v22 !== "number" || !Number.isSafeInteger(v22)) throw rt.badInteger(v22, rt.join(path, "sequence"));
  }
  const v23 = obj.tool;
  if (v23 !== undefined) {
    if (typeof v23 !== "string") throw rt.wrongType("a string", v23, rt.join(path, "tool"));
  }
  const v24 = obj.files;
  if (v24 !== undefined) {
    if (!Array.isArray(v24)) throw rt.wrongType("an array", v24, rt.join(path, "files"));
    for (let i25 = 0; i25 < v24.length; i25++) {
      const item26: unknown = v24[i25];
      if (typeof item26 !== "string") throw rt.wrongType("a string", item26, `${rt.join(path, "files")}[${i25}]`);
    }
  }
  const v29 = obj.filesRestored;
  if (v29 !== undefined) {
    if (typeof v29 !== "number" || !Number.isSafeInteger(v29)) throw rt.badInteger(v29, rt.join(path, "filesRestored"));
  }
  const v30 = obj.filesDeleted;
  if (v30 !== undefined) {
    if (typeof v30 !== "number" || !Number.isSafeInteger(v30)) throw rt.badInteger(v30, rt.join(path, "filesDeleted"));
  }
  const v31 = obj.skipped;
  if (v31 !== undefined) {
    if (!Array.isArray(v31)) throw rt.wrongType("an array", v31, rt.join(path, "skipped"));
    for (let i32 = 0; i32 < v31.length; i32++) {
      const item33: unknown = v31[i32];
      if (typeof item33 !== "string") throw rt.wrongType("a string", item33, `${rt.join(path, "skipped")}[${i32}]`);
    }
  }
}

/** Whether `obj` is a valid `InputImage` (one pass; false: let `checkInputImage` name the fault). */
function scanInputImage(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "mediaType":
        if (typeof value !== "string") return false;
        required++;
        continue;
      case "data":
        if (typeof value !== "string") return false;
        if (value.length > 13981015 && rt.codePoints(value) > 13981015) return false;
        if (!DATA_PATTERN.test(value)) return false;
        required++;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 2;
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
  const v36 = obj.mediaType;
  if (v36 === undefined) throw rt.missing(rt.join(path, "mediaType"));
  if (typeof v36 !== "string") throw rt.wrongType("a string", v36, rt.join(path, "mediaType"));
  const v37 = obj.data;
  if (v37 === undefined) throw rt.missing(rt.join(path, "data"));
  if (typeof v37 !== "string") throw rt.wrongType("a string", v37, rt.join(path, "data"));
  if (v37.length > 13981015 && rt.codePoints(v37) > 13981015) throw rt.constraint("longer than 13981015 characters", rt.join(path, "data"));
  if (!DATA_PATTERN.test(v37)) throw rt.constraint(`does not match the pattern ${DATA_PATTERN.regex.source}`, rt.join(path, "data"));
}

/** Whether `obj` is a valid `PromptInput` (one pass; false: let `checkPromptInput` name the fault). */
function scanPromptInput(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
      case "type":
        continue;
      case "content":
        if (typeof value !== "string") return false;
        if (!CONTENT_PATTERN.test(value)) return false;
        required++;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 1;
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
  const v38 = obj.content;
  if (v38 === undefined) throw rt.missing(rt.join(path, "content"));
  if (typeof v38 !== "string") throw rt.wrongType("a string", v38, rt.join(path, "content"));
  if (!CONTENT_PATTERN.test(v38)) throw rt.constraint(`does not match the pattern ${CONTENT_PATTERN.regex.source}`, rt.join(path, "content"));
}

const MESSAGE_INPUT_ALTERNATIVES: readonly rt.Alternative[] = [
  { required: ["content"], patterns: [["content", new RegExp("\\S", "u")]], minItems: [] },
  { required: ["images"], patterns: [], minItems: [["images", 1]] },
];

/** Whether `obj` is a valid `MessageInput` (one pass; false: let `checkMessageInput` name the fault). */
function scanMessageInput(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
      case "type":
        continue;
      case "role":
        if (value !== "user") return false;
        required++;
        continue;
      case "content":
        if (typeof value !== "string") return false;
        continue;
      case "images":
        if (!Array.isArray(value)) return false;
        for (let i44 = 0; i44 < value.length; i44++) {
          const item45: unknown = value[i44];
          if (!rt.isObject(item45) || !scanInputImage(item45, strict)) return false;
        }
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  if (!rt.satisfiesAnyOf(obj, MESSAGE_INPUT_ALTERNATIVES)) return false;
  return required === 1;
}

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
  const v39 = obj.role;
  if (v39 === undefined) throw rt.missing(rt.join(path, "role"));
  if (v39 !== "user") throw rt.badConst("user", rt.join(path, "role"));
  const v40 = obj.content;
  if (v40 !== undefined) {
    if (typeof v40 !== "string") throw rt.wrongType("a string", v40, rt.join(path, "content"));
  }
  const v41 = obj.images;
  if (v41 !== undefined) {
    if (!Array.isArray(v41)) throw rt.wrongType("an array", v41, rt.join(path, "images"));
    for (let i42 = 0; i42 < v41.length; i42++) {
      const item43: unknown = v41[i42];
      if (!rt.isObject(item43)) throw rt.wrongType("an object", item43, `${rt.join(path, "images")}[${i42}]`);
      checkInputImage(item43, `${rt.join(path, "images")}[${i42}]`, strict);
    }
  }
  rt.checkAnyOf(obj, MESSAGE_INPUT_ALTERNATIVES, path);
}

/** Whether `obj` is a valid `RunStartEvent` (one pass; false: let `checkRunStartEvent` name the fault). */
function scanRunStartEvent(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
      case "type":
        continue;
      case "runId":
        if (typeof value !== "string") return false;
        if (!RUN_ID_PATTERN.test(value)) return false;
        required++;
        continue;
      case "sessionId":
        if (typeof value !== "string") return false;
        continue;
      case "cwd":
        if (typeof value !== "string") return false;
        required++;
        continue;
      case "provider":
        if (typeof value !== "string") return false;
        continue;
      case "model":
        if (typeof value !== "string") return false;
        continue;
      case "apiModel":
        if (typeof value !== "string") return false;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 2;
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
  const v46 = obj.runId;
  if (v46 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v46 !== "string") throw rt.wrongType("a string", v46, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v46)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v47 = obj.sessionId;
  if (v47 !== undefined) {
    if (typeof v47 !== "string") throw rt.wrongType("a string", v47, rt.join(path, "sessionId"));
  }
  const v48 = obj.cwd;
  if (v48 === undefined) throw rt.missing(rt.join(path, "cwd"));
  if (typeof v48 !== "string") throw rt.wrongType("a string", v48, rt.join(path, "cwd"));
  const v49 = obj.provider;
  if (v49 !== undefined) {
    if (typeof v49 !== "string") throw rt.wrongType("a string", v49, rt.join(path, "provider"));
  }
  const v50 = obj.model;
  if (v50 !== undefined) {
    if (typeof v50 !== "string") throw rt.wrongType("a string", v50, rt.join(path, "model"));
  }
  const v51 = obj.apiModel;
  if (v51 !== undefined) {
    if (typeof v51 !== "string") throw rt.wrongType("a string", v51, rt.join(path, "apiModel"));
  }
}

/** Whether `obj` is a valid `TextEvent` (one pass; false: let `checkTextEvent` name the fault). */
function scanTextEvent(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
      case "type":
        continue;
      case "runId":
        if (typeof value !== "string") return false;
        if (!RUN_ID_PATTERN.test(value)) return false;
        required++;
        continue;
      case "delta":
        if (typeof value !== "string") return false;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 1;
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
  const v52 = obj.runId;
  if (v52 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v52 !== "string") throw rt.wrongType("a string", v52, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v52)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v53 = obj.delta;
  if (v53 !== undefined) {
    if (typeof v53 !== "string") throw rt.wrongType("a string", v53, rt.join(path, "delta"));
  }
}

/** Whether `obj` is a valid `ToolCallEvent` (one pass; false: let `checkToolCallEvent` name the fault). */
function scanToolCallEvent(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
      case "type":
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
      case "args":
        if (value === undefined) return false;
        rt.noteFreeJson(value);
        continue;
      case "sideEffect":
        if (!isToolCallSideEffect(value)) return false;
        required++;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 2;
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
  const v54 = obj.runId;
  if (v54 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v54 !== "string") throw rt.wrongType("a string", v54, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v54)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v55 = obj.id;
  if (v55 !== undefined) {
    if (typeof v55 !== "string") throw rt.wrongType("a string", v55, rt.join(path, "id"));
  }
  const v56 = obj.name;
  if (v56 !== undefined) {
    if (typeof v56 !== "string") throw rt.wrongType("a string", v56, rt.join(path, "name"));
  }
  const v57 = obj.args;
  if (v57 !== undefined) {
    rt.noteFreeJson(v57);
  }
  const v58 = obj.sideEffect;
  if (v58 === undefined) throw rt.missing(rt.join(path, "sideEffect"));
  if (!isToolCallSideEffect(v58)) throw rt.badEnum(v58, TOOL_CALL_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
}

/** Whether `obj` is a valid `CheckpointEvent` (one pass; false: let `checkCheckpointEvent` name the fault). */
function scanCheckpointEvent(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
      case "type":
        continue;
      case "runId":
        if (typeof value !== "string") return false;
        if (!RUN_ID_PATTERN.test(value)) return false;
        required++;
        continue;
      case "checkpoint":
        if (!rt.isObject(value) || !scanCheckpointInfo(value, strict)) return false;
        required++;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 2;
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
  const v59 = obj.runId;
  if (v59 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v59 !== "string") throw rt.wrongType("a string", v59, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v59)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v60 = obj.checkpoint;
  if (v60 === undefined) throw rt.missing(rt.join(path, "checkpoint"));
  if (!rt.isObject(v60)) throw rt.wrongType("an object", v60, rt.join(path, "checkpoint"));
  checkCheckpointInfo(v60, rt.join(path, "checkpoint"), strict);
}

/** Whether `obj` is a valid `PermissionEvent` (one pass; false: let `checkPermissionEvent` name the fault). */
function scanPermissionEvent(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
      case "type":
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
        if (!rt.isObject(value) || !scanRisk(value, strict)) return false;
        continue;
      case "violation":
        if (!rt.isObject(value) || !scanViolation(value, strict)) return false;
        continue;
      case "grantMatched":
        if (typeof value !== "boolean") return false;
        continue;
      case "grant":
        if (!rt.isObject(value) || !scanGrant(value, strict)) return false;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 1;
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
  const v61 = obj.runId;
  if (v61 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v61 !== "string") throw rt.wrongType("a string", v61, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v61)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v62 = obj.sessionId;
  if (v62 !== undefined) {
    if (typeof v62 !== "string") throw rt.wrongType("a string", v62, rt.join(path, "sessionId"));
  }
  const v63 = obj.id;
  if (v63 !== undefined) {
    if (typeof v63 !== "string") throw rt.wrongType("a string", v63, rt.join(path, "id"));
  }
  const v64 = obj.name;
  if (v64 !== undefined) {
    if (typeof v64 !== "string") throw rt.wrongType("a string", v64, rt.join(path, "name"));
  }
  const v65 = obj.action;
  if (v65 !== undefined) {
    if (typeof v65 !== "string") throw rt.wrongType("a string", v65, rt.join(path, "action"));
  }
  const v66 = obj.permission;
  if (v66 !== undefined) {
    if (!isPermission(v66)) throw rt.badEnum(v66, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v67 = obj.permissionGranted;
  if (v67 !== undefined) {
    if (typeof v67 !== "boolean") throw rt.wrongType("a boolean", v67, rt.join(path, "permissionGranted"));
  }
  const v68 = obj.permissionMode;
  if (v68 !== undefined) {
    if (!isPermissionMode(v68)) throw rt.badEnum(v68, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v69 = obj.autonomy;
  if (v69 !== undefined) {
    if (!isPermissionAutonomy(v69)) throw rt.badEnum(v69, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v70 = obj.sideEffect;
  if (v70 !== undefined) {
    if (!isPermissionSideEffect(v70)) throw rt.badEnum(v70, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v71 = obj.reason;
  if (v71 !== undefined) {
    if (typeof v71 !== "string") throw rt.wrongType("a string", v71, rt.join(path, "reason"));
  }
  const v72 = obj.decisionReason;
  if (v72 !== undefined) {
    if (typeof v72 !== "string") throw rt.wrongType("a string", v72, rt.join(path, "decisionReason"));
  }
  const v73 = obj.risk;
  if (v73 !== undefined) {
    if (!rt.isObject(v73)) throw rt.wrongType("an object", v73, rt.join(path, "risk"));
    checkRisk(v73, rt.join(path, "risk"), strict);
  }
  const v74 = obj.violation;
  if (v74 !== undefined) {
    if (!rt.isObject(v74)) throw rt.wrongType("an object", v74, rt.join(path, "violation"));
    checkViolation(v74, rt.join(path, "violation"), strict);
  }
  const v75 = obj.grantMatched;
  if (v75 !== undefined) {
    if (typeof v75 !== "boolean") throw rt.wrongType("a boolean", v75, rt.join(path, "grantMatched"));
  }
  const v76 = obj.grant;
  if (v76 !== undefined) {
    if (!rt.isObject(v76)) throw rt.wrongType("an object", v76, rt.join(path, "grant"));
    checkGrant(v76, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `PermissionRequestEvent` (one pass; false: let `checkPermissionRequestEvent` name the fault). */
function scanPermissionRequestEvent(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
      case "type":
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
        if (!rt.isObject(value) || !scanRisk(value, strict)) return false;
        continue;
      case "violation":
        if (!rt.isObject(value) || !scanViolation(value, strict)) return false;
        continue;
      case "grantMatched":
        if (typeof value !== "boolean") return false;
        continue;
      case "grant":
        if (!rt.isObject(value) || !scanGrant(value, strict)) return false;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 1;
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
  const v77 = obj.runId;
  if (v77 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v77 !== "string") throw rt.wrongType("a string", v77, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v77)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v78 = obj.sessionId;
  if (v78 !== undefined) {
    if (typeof v78 !== "string") throw rt.wrongType("a string", v78, rt.join(path, "sessionId"));
  }
  const v79 = obj.id;
  if (v79 !== undefined) {
    if (typeof v79 !== "string") throw rt.wrongType("a string", v79, rt.join(path, "id"));
  }
  const v80 = obj.name;
  if (v80 !== undefined) {
    if (typeof v80 !== "string") throw rt.wrongType("a string", v80, rt.join(path, "name"));
  }
  const v81 = obj.action;
  if (v81 !== undefined) {
    if (!isPermissionRequestAction(v81)) throw rt.badEnum(v81, PERMISSION_REQUEST_ACTION_VALUES, rt.join(path, "action"));
  }
  const v82 = obj.permission;
  if (v82 !== undefined) {
    if (!isPermission(v82)) throw rt.badEnum(v82, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v83 = obj.permissionGranted;
  if (v83 !== undefined) {
    if (typeof v83 !== "boolean") throw rt.wrongType("a boolean", v83, rt.join(path, "permissionGranted"));
  }
  const v84 = obj.permissionMode;
  if (v84 !== undefined) {
    if (!isPermissionMode(v84)) throw rt.badEnum(v84, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v85 = obj.autonomy;
  if (v85 !== undefined) {
    if (!isPermissionAutonomy(v85)) throw rt.badEnum(v85, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v86 = obj.sideEffect;
  if (v86 !== undefined) {
    if (!isPermissionSideEffect(v86)) throw rt.badEnum(v86, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v87 = obj.reason;
  if (v87 !== undefined) {
    if (typeof v87 !== "string") throw rt.wrongType("a string", v87, rt.join(path, "reason"));
  }
  const v88 = obj.decisionReason;
  if (v88 !== undefined) {
    if (typeof v88 !== "string") throw rt.wrongType("a string", v88, rt.join(path, "decisionReason"));
  }
  const v89 = obj.risk;
  if (v89 !== undefined) {
    if (!rt.isObject(v89)) throw rt.wrongType("an object", v89, rt.join(path, "risk"));
    checkRisk(v89, rt.join(path, "risk"), strict);
  }
  const v90 = obj.violation;
  if (v90 !== undefined) {
    if (!rt.isObject(v90)) throw rt.wrongType("an object", v90, rt.join(path, "violation"));
    checkViolation(v90, rt.join(path, "violation"), strict);
  }
  const v91 = obj.grantMatched;
  if (v91 !== undefined) {
    if (typeof v91 !== "boolean") throw rt.wrongType("a boolean", v91, rt.join(path, "grantMatched"));
  }
  const v92 = obj.grant;
  if (v92 !== undefined) {
    if (!rt.isObject(v92)) throw rt.wrongType("an object", v92, rt.join(path, "grant"));
    checkGrant(v92, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `PermissionDecisionEvent` (one pass; false: let `checkPermissionDecisionEvent` name the fault). */
function scanPermissionDecisionEvent(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
      case "type":
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
        if (!rt.isObject(value) || !scanRisk(value, strict)) return false;
        continue;
      case "violation":
        if (!rt.isObject(value) || !scanViolation(value, strict)) return false;
        continue;
      case "grantMatched":
        if (typeof value !== "boolean") return false;
        continue;
      case "grant":
        if (!rt.isObject(value) || !scanGrant(value, strict)) return false;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 1;
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
  const v93 = obj.runId;
  if (v93 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v93 !== "string") throw rt.wrongType("a string", v93, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v93)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v94 = obj.sessionId;
  if (v94 !== undefined) {
    if (typeof v94 !== "string") throw rt.wrongType("a string", v94, rt.join(path, "sessionId"));
  }
  const v95 = obj.id;
  if (v95 !== undefined) {
    if (typeof v95 !== "string") throw rt.wrongType("a string", v95, rt.join(path, "id"));
  }
  const v96 = obj.name;
  if (v96 !== undefined) {
    if (typeof v96 !== "string") throw rt.wrongType("a string", v96, rt.join(path, "name"));
  }
  const v97 = obj.action;
  if (v97 !== undefined) {
    if (!isPermissionDecisionAction(v97)) throw rt.badEnum(v97, PERMISSION_DECISION_ACTION_VALUES, rt.join(path, "action"));
  }
  const v98 = obj.permission;
  if (v98 !== undefined) {
    if (!isPermission(v98)) throw rt.badEnum(v98, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v99 = obj.permissionGranted;
  if (v99 !== undefined) {
    if (typeof v99 !== "boolean") throw rt.wrongType("a boolean", v99, rt.join(path, "permissionGranted"));
  }
  const v100 = obj.permissionMode;
  if (v100 !== undefined) {
    if (!isPermissionMode(v100)) throw rt.badEnum(v100, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v101 = obj.autonomy;
  if (v101 !== undefined) {
    if (!isPermissionAutonomy(v101)) throw rt.badEnum(v101, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v102 = obj.sideEffect;
  if (v102 !== undefined) {
    if (!isPermissionSideEffect(v102)) throw rt.badEnum(v102, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v103 = obj.reason;
  if (v103 !== undefined) {
    if (typeof v103 !== "string") throw rt.wrongType("a string", v103, rt.join(path, "reason"));
  }
  const v104 = obj.decisionReason;
  if (v104 !== undefined) {
    if (typeof v104 !== "string") throw rt.wrongType("a string", v104, rt.join(path, "decisionReason"));
  }
  const v105 = obj.risk;
  if (v105 !== undefined) {
    if (!rt.isObject(v105)) throw rt.wrongType("an object", v105, rt.join(path, "risk"));
    checkRisk(v105, rt.join(path, "risk"), strict);
  }
  const v106 = obj.violation;
  if (v106 !== undefined) {
    if (!rt.isObject(v106)) throw rt.wrongType("an object", v106, rt.join(path, "violation"));
    checkViolation(v106, rt.join(path, "violation"), strict);
  }
  const v107 = obj.grantMatched;
  if (v107 !== undefined) {
    if (typeof v107 !== "boolean") throw rt.wrongType("a boolean", v107, rt.join(path, "grantMatched"));
  }
  const v108 = obj.grant;
  if (v108 !== undefined) {
    if (!rt.isObject(v108)) throw rt.wrongType("an object", v108, rt.join(path, "grant"));
    checkGrant(v108, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `ToolResultEvent` (one pass; false: let `checkToolResultEvent` name the fault). */
function scanToolResultEvent(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
      case "type":
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
        for (let i119 = 0; i119 < value.length; i119++) {
          const item120: unknown = value[i119];
          if (typeof item120 !== "string") return false;
        }
        continue;
      case "meta":
        if (!rt.isObject(value)) return false;
        for (const key123 in value) {
          if (typeof value[key123] !== "string") return false;
        }
        continue;
      case "display":
        if (!rt.isObject(value) || !scanDisplay(value, strict)) return false;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 3;
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
  const v109 = obj.runId;
  if (v109 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v109 !== "string") throw rt.wrongType("a string", v109, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v109)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v110 = obj.id;
  if (v110 !== undefined) {
    if (typeof v110 !== "string") throw rt.wrongType("a string", v110, rt.join(path, "id"));
  }
  const v111 = obj.name;
  if (v111 !== undefined) {
    if (typeof v111 !== "string") throw rt.wrongType("a string", v111, rt.join(path, "name"));
  }
  const v112 = obj.status;
  if (v112 === undefined) throw rt.missing(rt.join(path, "status"));
  if (!isToolResultStatus(v112)) throw rt.badEnum(v112, TOOL_RESULT_STATUS_VALUES, rt.join(path, "status"));
  const v113 = obj.output;
  if (v113 !== undefined) {
    if (typeof v113 !== "string") throw rt.wrongType("a string", v113, rt.join(path, "output"));
  }
  const v114 = obj.truncated;
  if (v114 === undefined) throw rt.missing(rt.join(path, "truncated"));
  if (typeof v114 !== "boolean") throw rt.wrongType("a boolean", v114, rt.join(path, "truncated"));
  const v115 = obj.redacted;
  if (v115 !== undefined) {
    if (typeof v115 !== "boolean") throw rt.wrongType("a boolean", v115, rt.join(path, "redacted"));
  }
  const v116 = obj.changedFiles;
  if (v116 !== undefined) {
    if (!Array.isArray(v116)) throw rt.wrongType("an array", v116, rt.join(path, "changedFiles"));
    for (let i117 = 0; i117 < v116.length; i117++) {
      const item118: unknown = v116[i117];
      if (typeof item118 !== "string") throw rt.wrongType("a string", item118, `${rt.join(path, "changedFiles")}[${i117}]`);
    }
  }
  const v121 = obj.meta;
  if (v121 !== undefined) {
    if (!rt.isObject(v121)) throw rt.wrongType("an object", v121, rt.join(path, "meta"));
    for (const key122 in v121) {
      if (typeof v121[key122] !== "string") throw rt.wrongType("a string", v121[key122], rt.join(rt.join(path, "meta"), key122));
    }
  }
  const v124 = obj.display;
  if (v124 !== undefined) {
    if (!rt.isObject(v124)) throw rt.wrongType("an object", v124, rt.join(path, "display"));
    checkDisplay(v124, rt.join(path, "display"), strict);
  }
}

/** Whether `obj` is a valid `RestoreEvent` (one pass; false: let `checkRestoreEvent` name the fault). */
function scanRestoreEvent(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
      case "type":
        continue;
      case "runId":
        if (typeof value !== "string") return false;
        if (!RUN_ID_PATTERN.test(value)) return false;
        required++;
        continue;
      case "checkpoint":
        if (!rt.isObject(value) || !scanCheckpointInfo(value, strict)) return false;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 1;
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
  const v125 = obj.runId;
  if (v125 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v125 !== "string") throw rt.wrongType("a string", v125, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v125)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v126 = obj.checkpoint;
  if (v126 !== undefined) {
    if (!rt.isObject(v126)) throw rt.wrongType("an object", v126, rt.join(path, "checkpoint"));
    checkCheckpointInfo(v126, rt.join(path, "checkpoint"), strict);
  }
}

/** Whether `obj` is a valid `UsageEvent` (one pass; false: let `checkUsageEvent` name the fault). */
function scanUsageEvent(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
      case "type":
        continue;
      case "runId":
        if (typeof value !== "string") return false;
        if (!RUN_ID_PATTERN.test(value)) return false;
        required++;
        continue;
      case "promptTokens":
        if (typeof value !== "number" || !Number.isSafeInteger(value)) return false;
        if (value < 0) return false;
        required++;
        continue;
      case "completionTokens":
        if (typeof value !== "number" || !Number.isSafeInteger(value)) return false;
        if (value < 0) return false;
        required++;
        continue;
      case "totalTokens":
        if (typeof value !== "number" || !Number.isSafeInteger(value)) return false;
        if (value < 0) return false;
        required++;
        continue;
      case "costUsd":
        if (typeof value !== "number") return false;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 4;
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
  const v127 = obj.runId;
  if (v127 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v127 !== "string") throw rt.wrongType("a string", v127, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v127)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v128 = obj.promptTokens;
  if (v128 === undefined) throw rt.missing(rt.join(path, "promptTokens"));
  if (typeof v128 !== "number" || !Number.isSafeInteger(v128)) throw rt.badInteger(v128, rt.join(path, "promptTokens"));
  if (v128 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "promptTokens"));
  const v129 = obj.completionTokens;
  if (v129 === undefined) throw rt.missing(rt.join(path, "completionTokens"));
  if (typeof v129 !== "number" || !Number.isSafeInteger(v129)) throw rt.badInteger(v129, rt.join(path, "completionTokens"));
  if (v129 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "completionTokens"));
  const v130 = obj.totalTokens;
  if (v130 === undefined) throw rt.missing(rt.join(path, "totalTokens"));
  if (typeof v130 !== "number" || !Number.isSafeInteger(v130)) throw rt.badInteger(v130, rt.join(path, "totalTokens"));
  if (v130 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "totalTokens"));
  const v131 = obj.costUsd;
  if (v131 !== undefined) {
    if (typeof v131 !== "number") throw rt.wrongType("a number", v131, rt.join(path, "costUsd"));
  }
}

/** Whether `obj` is a valid `FinalEvent` (one pass; false: let `checkFinalEvent` name the fault). */
function scanFinalEvent(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
      case "type":
        continue;
      case "runId":
        if (typeof value !== "string") return false;
        if (!RUN_ID_PATTERN.test(value)) return false;
        required++;
        continue;
      case "text":
        if (typeof value !== "string") return false;
        continue;
      case "meta":
        if (!rt.isObject(value)) return false;
        for (const key136 in value) {
          if (typeof value[key136] !== "string") return false;
        }
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 1;
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
  const v132 = obj.runId;
  if (v132 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v132 !== "string") throw rt.wrongType("a string", v132, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v132)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v133 = obj.text;
  if (v133 !== undefined) {
    if (typeof v133 !== "string") throw rt.wrongType("a string", v133, rt.join(path, "text"));
  }
  const v134 = obj.meta;
  if (v134 !== undefined) {
    if (!rt.isObject(v134)) throw rt.wrongType("an object", v134, rt.join(path, "meta"));
    for (const key135 in v134) {
      if (typeof v134[key135] !== "string") throw rt.wrongType("a string", v134[key135], rt.join(rt.join(path, "meta"), key135));
    }
  }
}

/** Whether `obj` is a valid `WarningEvent` (one pass; false: let `checkWarningEvent` name the fault). */
function scanWarningEvent(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
      case "type":
        continue;
      case "runId":
        if (typeof value !== "string") return false;
        if (!RUN_ID_PATTERN.test(value)) return false;
        required++;
        continue;
      case "message":
        if (typeof value !== "string") return false;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 1;
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
  const v137 = obj.runId;
  if (v137 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v137 !== "string") throw rt.wrongType("a string", v137, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v137)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v138 = obj.message;
  if (v138 !== undefined) {
    if (typeof v138 !== "string") throw rt.wrongType("a string", v138, rt.join(path, "message"));
  }
}

/** Whether `obj` is a valid `ErrorEvent` (one pass; false: let `checkErrorEvent` name the fault). */
function scanErrorEvent(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
      case "type":
        continue;
      case "runId":
        if (typeof value !== "string") return false;
        if (!RUN_ID_PATTERN.test(value)) return false;
        required++;
        continue;
      case "code":
        if (!isErrorCode(value)) return false;
        continue;
      case "message":
        if (typeof value !== "string") return false;
        continue;
      case "recoverable":
        if (typeof value !== "boolean") return false;
        required++;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 2;
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
  const v139 = obj.runId;
  if (v139 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v139 !== "string") throw rt.wrongType("a string", v139, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v139)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v140 = obj.code;
  if (v140 !== undefined) {
    if (!isErrorCode(v140)) throw rt.badEnum(v140, ERROR_CODE_VALUES, rt.join(path, "code"));
  }
  const v141 = obj.message;
  if (v141 !== undefined) {
    if (typeof v141 !== "string") throw rt.wrongType("a string", v141, rt.join(path, "message"));
  }
  const v142 = obj.recoverable;
  if (v142 === undefined) throw rt.missing(rt.join(path, "recoverable"));
  if (typeof v142 !== "boolean") throw rt.wrongType("a boolean", v142, rt.join(path, "recoverable"));
}

/** Whether `obj` is a valid `RunEndEvent` (one pass; false: let `checkRunEndEvent` name the fault). */
function scanRunEndEvent(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
      case "type":
        continue;
      case "runId":
        if (typeof value !== "string") return false;
        if (!RUN_ID_PATTERN.test(value)) return false;
        required++;
        continue;
      case "status":
        if (!isRunEndStatus(value)) return false;
        continue;
      case "exitCode":
        if (typeof value !== "number" || !Number.isSafeInteger(value)) return false;
        required++;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 2;
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
  const v143 = obj.runId;
  if (v143 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v143 !== "string") throw rt.wrongType("a string", v143, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v143)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v144 = obj.status;
  if (v144 !== undefined) {
    if (!isRunEndStatus(v144)) throw rt.badEnum(v144, RUN_END_STATUS_VALUES, rt.join(path, "status"));
  }
  const v145 = obj.exitCode;
  if (v145 === undefined) throw rt.missing(rt.join(path, "exitCode"));
  if (typeof v145 !== "number" || !Number.isSafeInteger(v145)) throw rt.badInteger(v145, rt.join(path, "exitCode"));
}

/** The fields every output event shares: a line of an unknown `type` must still have them. */
function checkOutputEnvelope(obj: rt.JsonObject): void {
  const v146 = obj.runId;
  if (v146 === undefined) throw rt.missing("runId");
  if (typeof v146 !== "string") throw rt.wrongType("a string", v146, "runId");
  if (!RUN_ID_PATTERN.test(v146)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, "runId");
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
      if (!scanRunStartEvent(obj, strict)) checkRunStartEvent(obj, "", strict);
      return obj as unknown as RunStartEvent;
    case "text":
      if (!scanTextEvent(obj, strict)) checkTextEvent(obj, "", strict);
      return obj as unknown as TextEvent;
    case "tool_call":
      if (!scanToolCallEvent(obj, strict)) checkToolCallEvent(obj, "", strict);
      return obj as unknown as ToolCallEvent;
    case "checkpoint":
      if (!scanCheckpointEvent(obj, strict)) checkCheckpointEvent(obj, "", strict);
      return obj as unknown as CheckpointEvent;
    case "permission":
      if (!scanPermissionEvent(obj, strict)) checkPermissionEvent(obj, "", strict);
      return obj as unknown as PermissionEvent;
    case "permission_request":
      if (!scanPermissionRequestEvent(obj, strict)) checkPermissionRequestEvent(obj, "", strict);
      return obj as unknown as PermissionRequestEvent;
    case "permission_decision":
      if (!scanPermissionDecisionEvent(obj, strict)) checkPermissionDecisionEvent(obj, "", strict);
      return obj as unknown as PermissionDecisionEvent;
    case "tool_result":
      if (!scanToolResultEvent(obj, strict)) checkToolResultEvent(obj, "", strict);
      return obj as unknown as ToolResultEvent;
    case "restore":
      if (!scanRestoreEvent(obj, strict)) checkRestoreEvent(obj, "", strict);
      return obj as unknown as RestoreEvent;
    case "usage":
      if (!scanUsageEvent(obj, strict)) checkUsageEvent(obj, "", strict);
      return obj as unknown as UsageEvent;
    case "final":
      if (!scanFinalEvent(obj, strict)) checkFinalEvent(obj, "", strict);
      return obj as unknown as FinalEvent;
    case "warning":
      if (!scanWarningEvent(obj, strict)) checkWarningEvent(obj, "", strict);
      return obj as unknown as WarningEvent;
    case "error":
      if (!scanErrorEvent(obj, strict)) checkErrorEvent(obj, "", strict);
      return obj as unknown as ErrorEvent;
    case "run_end":
      if (!scanRunEndEvent(obj, strict)) checkRunEndEvent(obj, "", strict);
      return obj as unknown as RunEndEvent;
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
      if (!scanPromptInput(obj, true)) checkPromptInput(obj, "", true);
      return obj as unknown as PromptInput;
    case "message":
      if (!scanMessageInput(obj, true)) checkMessageInput(obj, "", true);
      return obj as unknown as MessageInput;
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
