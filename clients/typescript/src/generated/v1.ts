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
// `checkX` holds the ordered checks of an object, which `validateOutput` and `validateInput` run:
// unknown keys first (strict: rejected; lenient: moved under EXTRA), then every field in schema
// order, throwing `ProtocolError` for the first fault. Output events and the objects in them also
// have `scanX`, the fast path of `parseOutput` (see `scanOutput`): it reads each field by name,
// checks it, and compares the number of keys with the fields it found; it never throws and
// answers false at the first doubt (a fault, an unknown key, a key holding undefined), leaving
// the verdict to `checkX`. The checked object itself is returned (no copy).

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
  return Object.keys(obj).length === present;
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
  return Object.keys(obj).length === present;
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
  return Object.keys(obj).length === present;
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
  return Object.keys(obj).length === present;
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
  let present = 0;
  const v49 = obj.sequence;
  if (v49 !== undefined) {
    if (typeof v49 !== "number" || !Number.isSafeInteger(v49)) return false;
    present++;
  }
  const v50 = obj.tool;
  if (v50 !== undefined) {
    if (typeof v50 !== "string") return false;
    present++;
  }
  const v51 = obj.files;
  if (v51 !== undefined) {
    if (!Array.isArray(v51)) return false;
    for (let i52 = 0; i52 < v51.length; i52++) {
      const item53: unknown = v51[i52];
      if (typeof item53 !== "string") return false;
    }
    present++;
  }
  const v54 = obj.filesRestored;
  if (v54 !== undefined) {
    if (typeof v54 !== "number" || !Number.isSafeInteger(v54)) return false;
    present++;
  }
  const v55 = obj.filesDeleted;
  if (v55 !== undefined) {
    if (typeof v55 !== "number" || !Number.isSafeInteger(v55)) return false;
    present++;
  }
  const v56 = obj.skipped;
  if (v56 !== undefined) {
    if (!Array.isArray(v56)) return false;
    for (let i57 = 0; i57 < v56.length; i57++) {
      const item58: unknown = v56[i57];
      if (typeof item58 !== "string") return false;
    }
    present++;
  }
  return Object.keys(obj).length === present;
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
    if (typeof v39 !== "number" || !Number.isSafeInteger(v39)) throw rt.badInteger(v39, rt.join(path, "sequence"));
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
    if (typeof v44 !== "number" || !Number.isSafeInteger(v44)) throw rt.badInteger(v44, rt.join(path, "filesRestored"));
  }
  const v45 = obj.filesDeleted;
  if (v45 !== undefined) {
    if (typeof v45 !== "number" || !Number.isSafeInteger(v45)) throw rt.badInteger(v45, rt.join(path, "filesDeleted"));
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
  const v59 = obj.mediaType;
  if (v59 === undefined) throw rt.missing(rt.join(path, "mediaType"));
  if (typeof v59 !== "string") throw rt.wrongType("a string", v59, rt.join(path, "mediaType"));
  const v60 = obj.data;
  if (v60 === undefined) throw rt.missing(rt.join(path, "data"));
  if (typeof v60 !== "string") throw rt.wrongType("a string", v60, rt.join(path, "data"));
  if (v60.length > 13981015 && rt.codePoints(v60) > 13981015) throw rt.constraint("longer than 13981015 characters", rt.join(path, "data"));
  if (!DATA_PATTERN.test(v60)) throw rt.constraint(`does not match the pattern ${DATA_PATTERN.regex.source}`, rt.join(path, "data"));
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
  const v61 = obj.content;
  if (v61 === undefined) throw rt.missing(rt.join(path, "content"));
  if (typeof v61 !== "string") throw rt.wrongType("a string", v61, rt.join(path, "content"));
  if (!CONTENT_PATTERN.test(v61)) throw rt.constraint(`does not match the pattern ${CONTENT_PATTERN.regex.source}`, rt.join(path, "content"));
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
  const v62 = obj.role;
  if (v62 === undefined) throw rt.missing(rt.join(path, "role"));
  if (v62 !== "user") throw rt.badConst("user", rt.join(path, "role"));
  const v63 = obj.content;
  if (v63 !== undefined) {
    if (typeof v63 !== "string") throw rt.wrongType("a string", v63, rt.join(path, "content"));
  }
  const v64 = obj.images;
  if (v64 !== undefined) {
    if (!Array.isArray(v64)) throw rt.wrongType("an array", v64, rt.join(path, "images"));
    for (let i65 = 0; i65 < v64.length; i65++) {
      const item66: unknown = v64[i65];
      if (!rt.isObject(item66)) throw rt.wrongType("an object", item66, `${rt.join(path, "images")}[${i65}]`);
      checkInputImage(item66, `${rt.join(path, "images")}[${i65}]`, strict);
    }
  }
  rt.checkAnyOf(obj, MESSAGE_INPUT_ALTERNATIVES, path);
}

/** Whether `obj` is a valid `RunStartEvent` with no unknown key (false: let `checkRunStartEvent` decide). */
function scanRunStartEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  if (obj.schemaVersion !== 1) return false;
  const v73 = obj.runId;
  if (typeof v73 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v73)) return false;
  const v74 = obj.sessionId;
  if (v74 !== undefined) {
    if (typeof v74 !== "string") return false;
    present++;
  }
  const v75 = obj.cwd;
  if (typeof v75 !== "string") return false;
  const v76 = obj.provider;
  if (v76 !== undefined) {
    if (typeof v76 !== "string") return false;
    present++;
  }
  const v77 = obj.model;
  if (v77 !== undefined) {
    if (typeof v77 !== "string") return false;
    present++;
  }
  const v78 = obj.apiModel;
  if (v78 !== undefined) {
    if (typeof v78 !== "string") return false;
    present++;
  }
  return Object.keys(obj).length === present;
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
  const v67 = obj.runId;
  if (v67 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v67 !== "string") throw rt.wrongType("a string", v67, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v67)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v68 = obj.sessionId;
  if (v68 !== undefined) {
    if (typeof v68 !== "string") throw rt.wrongType("a string", v68, rt.join(path, "sessionId"));
  }
  const v69 = obj.cwd;
  if (v69 === undefined) throw rt.missing(rt.join(path, "cwd"));
  if (typeof v69 !== "string") throw rt.wrongType("a string", v69, rt.join(path, "cwd"));
  const v70 = obj.provider;
  if (v70 !== undefined) {
    if (typeof v70 !== "string") throw rt.wrongType("a string", v70, rt.join(path, "provider"));
  }
  const v71 = obj.model;
  if (v71 !== undefined) {
    if (typeof v71 !== "string") throw rt.wrongType("a string", v71, rt.join(path, "model"));
  }
  const v72 = obj.apiModel;
  if (v72 !== undefined) {
    if (typeof v72 !== "string") throw rt.wrongType("a string", v72, rt.join(path, "apiModel"));
  }
}

/** Whether `obj` is a valid `TextEvent` with no unknown key (false: let `checkTextEvent` decide). */
function scanTextEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 1) return false;
  const v81 = obj.runId;
  if (typeof v81 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v81)) return false;
  const v82 = obj.delta;
  if (v82 !== undefined) {
    if (typeof v82 !== "string") return false;
    present++;
  }
  return Object.keys(obj).length === present;
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
  const v79 = obj.runId;
  if (v79 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v79 !== "string") throw rt.wrongType("a string", v79, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v79)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v80 = obj.delta;
  if (v80 !== undefined) {
    if (typeof v80 !== "string") throw rt.wrongType("a string", v80, rt.join(path, "delta"));
  }
}

/** Whether `obj` is a valid `ToolCallEvent` with no unknown key (false: let `checkToolCallEvent` decide). */
function scanToolCallEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  if (obj.schemaVersion !== 1) return false;
  const v88 = obj.runId;
  if (typeof v88 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v88)) return false;
  const v89 = obj.id;
  if (v89 !== undefined) {
    if (typeof v89 !== "string") return false;
    present++;
  }
  const v90 = obj.name;
  if (v90 !== undefined) {
    if (typeof v90 !== "string") return false;
    present++;
  }
  const v91 = obj.args;
  if (v91 !== undefined) {
    rt.noteFreeJson(v91);
    present++;
  }
  const v92 = obj.sideEffect;
  if (!isToolCallSideEffect(v92)) return false;
  return Object.keys(obj).length === present;
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
  const v83 = obj.runId;
  if (v83 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v83 !== "string") throw rt.wrongType("a string", v83, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v83)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v84 = obj.id;
  if (v84 !== undefined) {
    if (typeof v84 !== "string") throw rt.wrongType("a string", v84, rt.join(path, "id"));
  }
  const v85 = obj.name;
  if (v85 !== undefined) {
    if (typeof v85 !== "string") throw rt.wrongType("a string", v85, rt.join(path, "name"));
  }
  const v86 = obj.args;
  if (v86 !== undefined) {
    rt.noteFreeJson(v86);
  }
  const v87 = obj.sideEffect;
  if (v87 === undefined) throw rt.missing(rt.join(path, "sideEffect"));
  if (!isToolCallSideEffect(v87)) throw rt.badEnum(v87, TOOL_CALL_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
}

/** Whether `obj` is a valid `CheckpointEvent` with no unknown key (false: let `checkCheckpointEvent` decide). */
function scanCheckpointEvent(obj: rt.JsonObject): boolean {
  if (obj.schemaVersion !== 1) return false;
  const v95 = obj.runId;
  if (typeof v95 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v95)) return false;
  const v96 = obj.checkpoint;
  if (!rt.isObject(v96) || !scanCheckpointInfo(v96)) return false;
  return Object.keys(obj).length === 4;
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
  const v93 = obj.runId;
  if (v93 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v93 !== "string") throw rt.wrongType("a string", v93, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v93)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v94 = obj.checkpoint;
  if (v94 === undefined) throw rt.missing(rt.join(path, "checkpoint"));
  if (!rt.isObject(v94)) throw rt.wrongType("an object", v94, rt.join(path, "checkpoint"));
  checkCheckpointInfo(v94, rt.join(path, "checkpoint"), strict);
}

/** Whether `obj` is a valid `PermissionEvent` with no unknown key (false: let `checkPermissionEvent` decide). */
function scanPermissionEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 1) return false;
  const v113 = obj.runId;
  if (typeof v113 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v113)) return false;
  const v114 = obj.sessionId;
  if (v114 !== undefined) {
    if (typeof v114 !== "string") return false;
    present++;
  }
  const v115 = obj.id;
  if (v115 !== undefined) {
    if (typeof v115 !== "string") return false;
    present++;
  }
  const v116 = obj.name;
  if (v116 !== undefined) {
    if (typeof v116 !== "string") return false;
    present++;
  }
  const v117 = obj.action;
  if (v117 !== undefined) {
    if (typeof v117 !== "string") return false;
    present++;
  }
  const v118 = obj.permission;
  if (v118 !== undefined) {
    if (!isPermission(v118)) return false;
    present++;
  }
  const v119 = obj.permissionGranted;
  if (v119 !== undefined) {
    if (typeof v119 !== "boolean") return false;
    present++;
  }
  const v120 = obj.permissionMode;
  if (v120 !== undefined) {
    if (!isPermissionMode(v120)) return false;
    present++;
  }
  const v121 = obj.autonomy;
  if (v121 !== undefined) {
    if (!isPermissionAutonomy(v121)) return false;
    present++;
  }
  const v122 = obj.sideEffect;
  if (v122 !== undefined) {
    if (!isPermissionSideEffect(v122)) return false;
    present++;
  }
  const v123 = obj.reason;
  if (v123 !== undefined) {
    if (typeof v123 !== "string") return false;
    present++;
  }
  const v124 = obj.decisionReason;
  if (v124 !== undefined) {
    if (typeof v124 !== "string") return false;
    present++;
  }
  const v125 = obj.risk;
  if (v125 !== undefined) {
    if (!rt.isObject(v125) || !scanRisk(v125)) return false;
    present++;
  }
  const v126 = obj.violation;
  if (v126 !== undefined) {
    if (!rt.isObject(v126) || !scanViolation(v126)) return false;
    present++;
  }
  const v127 = obj.grantMatched;
  if (v127 !== undefined) {
    if (typeof v127 !== "boolean") return false;
    present++;
  }
  const v128 = obj.grant;
  if (v128 !== undefined) {
    if (!rt.isObject(v128) || !scanGrant(v128)) return false;
    present++;
  }
  return Object.keys(obj).length === present;
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
  const v97 = obj.runId;
  if (v97 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v97 !== "string") throw rt.wrongType("a string", v97, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v97)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v98 = obj.sessionId;
  if (v98 !== undefined) {
    if (typeof v98 !== "string") throw rt.wrongType("a string", v98, rt.join(path, "sessionId"));
  }
  const v99 = obj.id;
  if (v99 !== undefined) {
    if (typeof v99 !== "string") throw rt.wrongType("a string", v99, rt.join(path, "id"));
  }
  const v100 = obj.name;
  if (v100 !== undefined) {
    if (typeof v100 !== "string") throw rt.wrongType("a string", v100, rt.join(path, "name"));
  }
  const v101 = obj.action;
  if (v101 !== undefined) {
    if (typeof v101 !== "string") throw rt.wrongType("a string", v101, rt.join(path, "action"));
  }
  const v102 = obj.permission;
  if (v102 !== undefined) {
    if (!isPermission(v102)) throw rt.badEnum(v102, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v103 = obj.permissionGranted;
  if (v103 !== undefined) {
    if (typeof v103 !== "boolean") throw rt.wrongType("a boolean", v103, rt.join(path, "permissionGranted"));
  }
  const v104 = obj.permissionMode;
  if (v104 !== undefined) {
    if (!isPermissionMode(v104)) throw rt.badEnum(v104, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v105 = obj.autonomy;
  if (v105 !== undefined) {
    if (!isPermissionAutonomy(v105)) throw rt.badEnum(v105, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v106 = obj.sideEffect;
  if (v106 !== undefined) {
    if (!isPermissionSideEffect(v106)) throw rt.badEnum(v106, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v107 = obj.reason;
  if (v107 !== undefined) {
    if (typeof v107 !== "string") throw rt.wrongType("a string", v107, rt.join(path, "reason"));
  }
  const v108 = obj.decisionReason;
  if (v108 !== undefined) {
    if (typeof v108 !== "string") throw rt.wrongType("a string", v108, rt.join(path, "decisionReason"));
  }
  const v109 = obj.risk;
  if (v109 !== undefined) {
    if (!rt.isObject(v109)) throw rt.wrongType("an object", v109, rt.join(path, "risk"));
    checkRisk(v109, rt.join(path, "risk"), strict);
  }
  const v110 = obj.violation;
  if (v110 !== undefined) {
    if (!rt.isObject(v110)) throw rt.wrongType("an object", v110, rt.join(path, "violation"));
    checkViolation(v110, rt.join(path, "violation"), strict);
  }
  const v111 = obj.grantMatched;
  if (v111 !== undefined) {
    if (typeof v111 !== "boolean") throw rt.wrongType("a boolean", v111, rt.join(path, "grantMatched"));
  }
  const v112 = obj.grant;
  if (v112 !== undefined) {
    if (!rt.isObject(v112)) throw rt.wrongType("an object", v112, rt.join(path, "grant"));
    checkGrant(v112, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `PermissionRequestEvent` with no unknown key (false: let `checkPermissionRequestEvent` decide). */
function scanPermissionRequestEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 1) return false;
  const v145 = obj.runId;
  if (typeof v145 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v145)) return false;
  const v146 = obj.sessionId;
  if (v146 !== undefined) {
    if (typeof v146 !== "string") return false;
    present++;
  }
  const v147 = obj.id;
  if (v147 !== undefined) {
    if (typeof v147 !== "string") return false;
    present++;
  }
  const v148 = obj.name;
  if (v148 !== undefined) {
    if (typeof v148 !== "string") return false;
    present++;
  }
  const v149 = obj.action;
  if (v149 !== undefined) {
    if (!isPermissionRequestAction(v149)) return false;
    present++;
  }
  const v150 = obj.permission;
  if (v150 !== undefined) {
    if (!isPermission(v150)) return false;
    present++;
  }
  const v151 = obj.permissionGranted;
  if (v151 !== undefined) {
    if (typeof v151 !== "boolean") return false;
    present++;
  }
  const v152 = obj.permissionMode;
  if (v152 !== undefined) {
    if (!isPermissionMode(v152)) return false;
    present++;
  }
  const v153 = obj.autonomy;
  if (v153 !== undefined) {
    if (!isPermissionAutonomy(v153)) return false;
    present++;
  }
  const v154 = obj.sideEffect;
  if (v154 !== undefined) {
    if (!isPermissionSideEffect(v154)) return false;
    present++;
  }
  const v155 = obj.reason;
  if (v155 !== undefined) {
    if (typeof v155 !== "string") return false;
    present++;
  }
  const v156 = obj.decisionReason;
  if (v156 !== undefined) {
    if (typeof v156 !== "string") return false;
    present++;
  }
  const v157 = obj.risk;
  if (v157 !== undefined) {
    if (!rt.isObject(v157) || !scanRisk(v157)) return false;
    present++;
  }
  const v158 = obj.violation;
  if (v158 !== undefined) {
    if (!rt.isObject(v158) || !scanViolation(v158)) return false;
    present++;
  }
  const v159 = obj.grantMatched;
  if (v159 !== undefined) {
    if (typeof v159 !== "boolean") return false;
    present++;
  }
  const v160 = obj.grant;
  if (v160 !== undefined) {
    if (!rt.isObject(v160) || !scanGrant(v160)) return false;
    present++;
  }
  return Object.keys(obj).length === present;
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
  const v129 = obj.runId;
  if (v129 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v129 !== "string") throw rt.wrongType("a string", v129, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v129)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v130 = obj.sessionId;
  if (v130 !== undefined) {
    if (typeof v130 !== "string") throw rt.wrongType("a string", v130, rt.join(path, "sessionId"));
  }
  const v131 = obj.id;
  if (v131 !== undefined) {
    if (typeof v131 !== "string") throw rt.wrongType("a string", v131, rt.join(path, "id"));
  }
  const v132 = obj.name;
  if (v132 !== undefined) {
    if (typeof v132 !== "string") throw rt.wrongType("a string", v132, rt.join(path, "name"));
  }
  const v133 = obj.action;
  if (v133 !== undefined) {
    if (!isPermissionRequestAction(v133)) throw rt.badEnum(v133, PERMISSION_REQUEST_ACTION_VALUES, rt.join(path, "action"));
  }
  const v134 = obj.permission;
  if (v134 !== undefined) {
    if (!isPermission(v134)) throw rt.badEnum(v134, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v135 = obj.permissionGranted;
  if (v135 !== undefined) {
    if (typeof v135 !== "boolean") throw rt.wrongType("a boolean", v135, rt.join(path, "permissionGranted"));
  }
  const v136 = obj.permissionMode;
  if (v136 !== undefined) {
    if (!isPermissionMode(v136)) throw rt.badEnum(v136, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v137 = obj.autonomy;
  if (v137 !== undefined) {
    if (!isPermissionAutonomy(v137)) throw rt.badEnum(v137, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v138 = obj.sideEffect;
  if (v138 !== undefined) {
    if (!isPermissionSideEffect(v138)) throw rt.badEnum(v138, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v139 = obj.reason;
  if (v139 !== undefined) {
    if (typeof v139 !== "string") throw rt.wrongType("a string", v139, rt.join(path, "reason"));
  }
  const v140 = obj.decisionReason;
  if (v140 !== undefined) {
    if (typeof v140 !== "string") throw rt.wrongType("a string", v140, rt.join(path, "decisionReason"));
  }
  const v141 = obj.risk;
  if (v141 !== undefined) {
    if (!rt.isObject(v141)) throw rt.wrongType("an object", v141, rt.join(path, "risk"));
    checkRisk(v141, rt.join(path, "risk"), strict);
  }
  const v142 = obj.violation;
  if (v142 !== undefined) {
    if (!rt.isObject(v142)) throw rt.wrongType("an object", v142, rt.join(path, "violation"));
    checkViolation(v142, rt.join(path, "violation"), strict);
  }
  const v143 = obj.grantMatched;
  if (v143 !== undefined) {
    if (typeof v143 !== "boolean") throw rt.wrongType("a boolean", v143, rt.join(path, "grantMatched"));
  }
  const v144 = obj.grant;
  if (v144 !== undefined) {
    if (!rt.isObject(v144)) throw rt.wrongType("an object", v144, rt.join(path, "grant"));
    checkGrant(v144, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `PermissionDecisionEvent` with no unknown key (false: let `checkPermissionDecisionEvent` decide). */
function scanPermissionDecisionEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 1) return false;
  const v177 = obj.runId;
  if (typeof v177 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v177)) return false;
  const v178 = obj.sessionId;
  if (v178 !== undefined) {
    if (typeof v178 !== "string") return false;
    present++;
  }
  const v179 = obj.id;
  if (v179 !== undefined) {
    if (typeof v179 !== "string") return false;
    present++;
  }
  const v180 = obj.name;
  if (v180 !== undefined) {
    if (typeof v180 !== "string") return false;
    present++;
  }
  const v181 = obj.action;
  if (v181 !== undefined) {
    if (!isPermissionDecisionAction(v181)) return false;
    present++;
  }
  const v182 = obj.permission;
  if (v182 !== undefined) {
    if (!isPermission(v182)) return false;
    present++;
  }
  const v183 = obj.permissionGranted;
  if (v183 !== undefined) {
    if (typeof v183 !== "boolean") return false;
    present++;
  }
  const v184 = obj.permissionMode;
  if (v184 !== undefined) {
    if (!isPermissionMode(v184)) return false;
    present++;
  }
  const v185 = obj.autonomy;
  if (v185 !== undefined) {
    if (!isPermissionAutonomy(v185)) return false;
    present++;
  }
  const v186 = obj.sideEffect;
  if (v186 !== undefined) {
    if (!isPermissionSideEffect(v186)) return false;
    present++;
  }
  const v187 = obj.reason;
  if (v187 !== undefined) {
    if (typeof v187 !== "string") return false;
    present++;
  }
  const v188 = obj.decisionReason;
  if (v188 !== undefined) {
    if (typeof v188 !== "string") return false;
    present++;
  }
  const v189 = obj.risk;
  if (v189 !== undefined) {
    if (!rt.isObject(v189) || !scanRisk(v189)) return false;
    present++;
  }
  const v190 = obj.violation;
  if (v190 !== undefined) {
    if (!rt.isObject(v190) || !scanViolation(v190)) return false;
    present++;
  }
  const v191 = obj.grantMatched;
  if (v191 !== undefined) {
    if (typeof v191 !== "boolean") return false;
    present++;
  }
  const v192 = obj.grant;
  if (v192 !== undefined) {
    if (!rt.isObject(v192) || !scanGrant(v192)) return false;
    present++;
  }
  return Object.keys(obj).length === present;
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
  const v161 = obj.runId;
  if (v161 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v161 !== "string") throw rt.wrongType("a string", v161, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v161)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v162 = obj.sessionId;
  if (v162 !== undefined) {
    if (typeof v162 !== "string") throw rt.wrongType("a string", v162, rt.join(path, "sessionId"));
  }
  const v163 = obj.id;
  if (v163 !== undefined) {
    if (typeof v163 !== "string") throw rt.wrongType("a string", v163, rt.join(path, "id"));
  }
  const v164 = obj.name;
  if (v164 !== undefined) {
    if (typeof v164 !== "string") throw rt.wrongType("a string", v164, rt.join(path, "name"));
  }
  const v165 = obj.action;
  if (v165 !== undefined) {
    if (!isPermissionDecisionAction(v165)) throw rt.badEnum(v165, PERMISSION_DECISION_ACTION_VALUES, rt.join(path, "action"));
  }
  const v166 = obj.permission;
  if (v166 !== undefined) {
    if (!isPermission(v166)) throw rt.badEnum(v166, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v167 = obj.permissionGranted;
  if (v167 !== undefined) {
    if (typeof v167 !== "boolean") throw rt.wrongType("a boolean", v167, rt.join(path, "permissionGranted"));
  }
  const v168 = obj.permissionMode;
  if (v168 !== undefined) {
    if (!isPermissionMode(v168)) throw rt.badEnum(v168, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v169 = obj.autonomy;
  if (v169 !== undefined) {
    if (!isPermissionAutonomy(v169)) throw rt.badEnum(v169, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v170 = obj.sideEffect;
  if (v170 !== undefined) {
    if (!isPermissionSideEffect(v170)) throw rt.badEnum(v170, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v171 = obj.reason;
  if (v171 !== undefined) {
    if (typeof v171 !== "string") throw rt.wrongType("a string", v171, rt.join(path, "reason"));
  }
  const v172 = obj.decisionReason;
  if (v172 !== undefined) {
    if (typeof v172 !== "string") throw rt.wrongType("a string", v172, rt.join(path, "decisionReason"));
  }
  const v173 = obj.risk;
  if (v173 !== undefined) {
    if (!rt.isObject(v173)) throw rt.wrongType("an object", v173, rt.join(path, "risk"));
    checkRisk(v173, rt.join(path, "risk"), strict);
  }
  const v174 = obj.violation;
  if (v174 !== undefined) {
    if (!rt.isObject(v174)) throw rt.wrongType("an object", v174, rt.join(path, "violation"));
    checkViolation(v174, rt.join(path, "violation"), strict);
  }
  const v175 = obj.grantMatched;
  if (v175 !== undefined) {
    if (typeof v175 !== "boolean") throw rt.wrongType("a boolean", v175, rt.join(path, "grantMatched"));
  }
  const v176 = obj.grant;
  if (v176 !== undefined) {
    if (!rt.isObject(v176)) throw rt.wrongType("an object", v176, rt.join(path, "grant"));
    checkGrant(v176, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `ToolResultEvent` with no unknown key (false: let `checkToolResultEvent` decide). */
function scanToolResultEvent(obj: rt.JsonObject): boolean {
  let present = 5;
  if (obj.schemaVersion !== 1) return false;
  const v206 = obj.runId;
  if (typeof v206 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v206)) return false;
  const v207 = obj.id;
  if (v207 !== undefined) {
    if (typeof v207 !== "string") return false;
    present++;
  }
  const v208 = obj.name;
  if (v208 !== undefined) {
    if (typeof v208 !== "string") return false;
    present++;
  }
  const v209 = obj.status;
  if (!isToolResultStatus(v209)) return false;
  const v210 = obj.output;
  if (v210 !== undefined) {
    if (typeof v210 !== "string") return false;
    present++;
  }
  const v211 = obj.truncated;
  if (typeof v211 !== "boolean") return false;
  const v212 = obj.redacted;
  if (v212 !== undefined) {
    if (typeof v212 !== "boolean") return false;
    present++;
  }
  const v213 = obj.changedFiles;
  if (v213 !== undefined) {
    if (!Array.isArray(v213)) return false;
    for (let i214 = 0; i214 < v213.length; i214++) {
      const item215: unknown = v213[i214];
      if (typeof item215 !== "string") return false;
    }
    present++;
  }
  const v216 = obj.meta;
  if (v216 !== undefined) {
    if (!rt.isObject(v216)) return false;
    for (const key217 in v216) {
      if (typeof v216[key217] !== "string") return false;
    }
    present++;
  }
  const v218 = obj.display;
  if (v218 !== undefined) {
    if (!rt.isObject(v218) || !scanDisplay(v218)) return false;
    present++;
  }
  return Object.keys(obj).length === present;
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
  const v193 = obj.runId;
  if (v193 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v193 !== "string") throw rt.wrongType("a string", v193, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v193)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v194 = obj.id;
  if (v194 !== undefined) {
    if (typeof v194 !== "string") throw rt.wrongType("a string", v194, rt.join(path, "id"));
  }
  const v195 = obj.name;
  if (v195 !== undefined) {
    if (typeof v195 !== "string") throw rt.wrongType("a string", v195, rt.join(path, "name"));
  }
  const v196 = obj.status;
  if (v196 === undefined) throw rt.missing(rt.join(path, "status"));
  if (!isToolResultStatus(v196)) throw rt.badEnum(v196, TOOL_RESULT_STATUS_VALUES, rt.join(path, "status"));
  const v197 = obj.output;
  if (v197 !== undefined) {
    if (typeof v197 !== "string") throw rt.wrongType("a string", v197, rt.join(path, "output"));
  }
  const v198 = obj.truncated;
  if (v198 === undefined) throw rt.missing(rt.join(path, "truncated"));
  if (typeof v198 !== "boolean") throw rt.wrongType("a boolean", v198, rt.join(path, "truncated"));
  const v199 = obj.redacted;
  if (v199 !== undefined) {
    if (typeof v199 !== "boolean") throw rt.wrongType("a boolean", v199, rt.join(path, "redacted"));
  }
  const v200 = obj.changedFiles;
  if (v200 !== undefined) {
    if (!Array.isArray(v200)) throw rt.wrongType("an array", v200, rt.join(path, "changedFiles"));
    for (let i201 = 0; i201 < v200.length; i201++) {
      const item202: unknown = v200[i201];
      if (typeof item202 !== "string") throw rt.wrongType("a string", item202, `${rt.join(path, "changedFiles")}[${i201}]`);
    }
  }
  const v203 = obj.meta;
  if (v203 !== undefined) {
    if (!rt.isObject(v203)) throw rt.wrongType("an object", v203, rt.join(path, "meta"));
    for (const key204 in v203) {
      if (typeof v203[key204] !== "string") throw rt.wrongType("a string", v203[key204], rt.join(rt.join(path, "meta"), key204));
    }
  }
  const v205 = obj.display;
  if (v205 !== undefined) {
    if (!rt.isObject(v205)) throw rt.wrongType("an object", v205, rt.join(path, "display"));
    checkDisplay(v205, rt.join(path, "display"), strict);
  }
}

/** Whether `obj` is a valid `RestoreEvent` with no unknown key (false: let `checkRestoreEvent` decide). */
function scanRestoreEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 1) return false;
  const v221 = obj.runId;
  if (typeof v221 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v221)) return false;
  const v222 = obj.checkpoint;
  if (v222 !== undefined) {
    if (!rt.isObject(v222) || !scanCheckpointInfo(v222)) return false;
    present++;
  }
  return Object.keys(obj).length === present;
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
  const v219 = obj.runId;
  if (v219 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v219 !== "string") throw rt.wrongType("a string", v219, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v219)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v220 = obj.checkpoint;
  if (v220 !== undefined) {
    if (!rt.isObject(v220)) throw rt.wrongType("an object", v220, rt.join(path, "checkpoint"));
    checkCheckpointInfo(v220, rt.join(path, "checkpoint"), strict);
  }
}

/** Whether `obj` is a valid `UsageEvent` with no unknown key (false: let `checkUsageEvent` decide). */
function scanUsageEvent(obj: rt.JsonObject): boolean {
  let present = 6;
  if (obj.schemaVersion !== 1) return false;
  const v228 = obj.runId;
  if (typeof v228 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v228)) return false;
  const v229 = obj.promptTokens;
  if (typeof v229 !== "number" || !Number.isSafeInteger(v229)) return false;
  if (v229 < 0) return false;
  const v230 = obj.completionTokens;
  if (typeof v230 !== "number" || !Number.isSafeInteger(v230)) return false;
  if (v230 < 0) return false;
  const v231 = obj.totalTokens;
  if (typeof v231 !== "number" || !Number.isSafeInteger(v231)) return false;
  if (v231 < 0) return false;
  const v232 = obj.costUsd;
  if (v232 !== undefined) {
    if (typeof v232 !== "number") return false;
    present++;
  }
  return Object.keys(obj).length === present;
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
  const v223 = obj.runId;
  if (v223 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v223 !== "string") throw rt.wrongType("a string", v223, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v223)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v224 = obj.promptTokens;
  if (v224 === undefined) throw rt.missing(rt.join(path, "promptTokens"));
  if (typeof v224 !== "number" || !Number.isSafeInteger(v224)) throw rt.badInteger(v224, rt.join(path, "promptTokens"));
  if (v224 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "promptTokens"));
  const v225 = obj.completionTokens;
  if (v225 === undefined) throw rt.missing(rt.join(path, "completionTokens"));
  if (typeof v225 !== "number" || !Number.isSafeInteger(v225)) throw rt.badInteger(v225, rt.join(path, "completionTokens"));
  if (v225 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "completionTokens"));
  const v226 = obj.totalTokens;
  if (v226 === undefined) throw rt.missing(rt.join(path, "totalTokens"));
  if (typeof v226 !== "number" || !Number.isSafeInteger(v226)) throw rt.badInteger(v226, rt.join(path, "totalTokens"));
  if (v226 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "totalTokens"));
  const v227 = obj.costUsd;
  if (v227 !== undefined) {
    if (typeof v227 !== "number") throw rt.wrongType("a number", v227, rt.join(path, "costUsd"));
  }
}

/** Whether `obj` is a valid `FinalEvent` with no unknown key (false: let `checkFinalEvent` decide). */
function scanFinalEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 1) return false;
  const v237 = obj.runId;
  if (typeof v237 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v237)) return false;
  const v238 = obj.text;
  if (v238 !== undefined) {
    if (typeof v238 !== "string") return false;
    present++;
  }
  const v239 = obj.meta;
  if (v239 !== undefined) {
    if (!rt.isObject(v239)) return false;
    for (const key240 in v239) {
      if (typeof v239[key240] !== "string") return false;
    }
    present++;
  }
  return Object.keys(obj).length === present;
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
  const v233 = obj.runId;
  if (v233 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v233 !== "string") throw rt.wrongType("a string", v233, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v233)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v234 = obj.text;
  if (v234 !== undefined) {
    if (typeof v234 !== "string") throw rt.wrongType("a string", v234, rt.join(path, "text"));
  }
  const v235 = obj.meta;
  if (v235 !== undefined) {
    if (!rt.isObject(v235)) throw rt.wrongType("an object", v235, rt.join(path, "meta"));
    for (const key236 in v235) {
      if (typeof v235[key236] !== "string") throw rt.wrongType("a string", v235[key236], rt.join(rt.join(path, "meta"), key236));
    }
  }
}

/** Whether `obj` is a valid `WarningEvent` with no unknown key (false: let `checkWarningEvent` decide). */
function scanWarningEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 1) return false;
  const v243 = obj.runId;
  if (typeof v243 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v243)) return false;
  const v244 = obj.message;
  if (v244 !== undefined) {
    if (typeof v244 !== "string") return false;
    present++;
  }
  return Object.keys(obj).length === present;
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
  const v241 = obj.runId;
  if (v241 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v241 !== "string") throw rt.wrongType("a string", v241, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v241)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v242 = obj.message;
  if (v242 !== undefined) {
    if (typeof v242 !== "string") throw rt.wrongType("a string", v242, rt.join(path, "message"));
  }
}

/** Whether `obj` is a valid `ErrorEvent` with no unknown key (false: let `checkErrorEvent` decide). */
function scanErrorEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  if (obj.schemaVersion !== 1) return false;
  const v249 = obj.runId;
  if (typeof v249 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v249)) return false;
  const v250 = obj.code;
  if (v250 !== undefined) {
    if (!isErrorCode(v250)) return false;
    present++;
  }
  const v251 = obj.message;
  if (v251 !== undefined) {
    if (typeof v251 !== "string") return false;
    present++;
  }
  const v252 = obj.recoverable;
  if (typeof v252 !== "boolean") return false;
  return Object.keys(obj).length === present;
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
  const v245 = obj.runId;
  if (v245 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v245 !== "string") throw rt.wrongType("a string", v245, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v245)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v246 = obj.code;
  if (v246 !== undefined) {
    if (!isErrorCode(v246)) throw rt.badEnum(v246, ERROR_CODE_VALUES, rt.join(path, "code"));
  }
  const v247 = obj.message;
  if (v247 !== undefined) {
    if (typeof v247 !== "string") throw rt.wrongType("a string", v247, rt.join(path, "message"));
  }
  const v248 = obj.recoverable;
  if (v248 === undefined) throw rt.missing(rt.join(path, "recoverable"));
  if (typeof v248 !== "boolean") throw rt.wrongType("a boolean", v248, rt.join(path, "recoverable"));
}

/** Whether `obj` is a valid `RunEndEvent` with no unknown key (false: let `checkRunEndEvent` decide). */
function scanRunEndEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  if (obj.schemaVersion !== 1) return false;
  const v256 = obj.runId;
  if (typeof v256 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v256)) return false;
  const v257 = obj.status;
  if (v257 !== undefined) {
    if (!isRunEndStatus(v257)) return false;
    present++;
  }
  const v258 = obj.exitCode;
  if (typeof v258 !== "number" || !Number.isSafeInteger(v258)) return false;
  return Object.keys(obj).length === present;
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
  const v253 = obj.runId;
  if (v253 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v253 !== "string") throw rt.wrongType("a string", v253, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v253)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v254 = obj.status;
  if (v254 !== undefined) {
    if (!isRunEndStatus(v254)) throw rt.badEnum(v254, RUN_END_STATUS_VALUES, rt.join(path, "status"));
  }
  const v255 = obj.exitCode;
  if (v255 === undefined) throw rt.missing(rt.join(path, "exitCode"));
  if (typeof v255 !== "number" || !Number.isSafeInteger(v255)) throw rt.badInteger(v255, rt.join(path, "exitCode"));
}

/** The fields every output event shares: a line of an unknown `type` must still have them. */
function checkOutputEnvelope(obj: rt.JsonObject): void {
  const v259 = obj.runId;
  if (v259 === undefined) throw rt.missing("runId");
  if (typeof v259 !== "string") throw rt.wrongType("a string", v259, "runId");
  if (!RUN_ID_PATTERN.test(v259)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, "runId");
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
  switch (obj.type) {
    case "run_start":
      return scanRunStartEvent(obj) ? (obj as unknown as RunStartEvent) : undefined;
    case "text":
      return scanTextEvent(obj) ? (obj as unknown as TextEvent) : undefined;
    case "tool_call":
      return scanToolCallEvent(obj) ? (obj as unknown as ToolCallEvent) : undefined;
    case "checkpoint":
      return scanCheckpointEvent(obj) ? (obj as unknown as CheckpointEvent) : undefined;
    case "permission":
      return scanPermissionEvent(obj) ? (obj as unknown as PermissionEvent) : undefined;
    case "permission_request":
      return scanPermissionRequestEvent(obj) ? (obj as unknown as PermissionRequestEvent) : undefined;
    case "permission_decision":
      return scanPermissionDecisionEvent(obj) ? (obj as unknown as PermissionDecisionEvent) : undefined;
    case "tool_result":
      return scanToolResultEvent(obj) ? (obj as unknown as ToolResultEvent) : undefined;
    case "restore":
      return scanRestoreEvent(obj) ? (obj as unknown as RestoreEvent) : undefined;
    case "usage":
      return scanUsageEvent(obj) ? (obj as unknown as UsageEvent) : undefined;
    case "final":
      return scanFinalEvent(obj) ? (obj as unknown as FinalEvent) : undefined;
    case "warning":
      return scanWarningEvent(obj) ? (obj as unknown as WarningEvent) : undefined;
    case "error":
      return scanErrorEvent(obj) ? (obj as unknown as ErrorEvent) : undefined;
    case "run_end":
      return scanRunEndEvent(obj) ? (obj as unknown as RunEndEvent) : undefined;
  }
  return undefined;
}

/** Decode one stdout line of exactly this version (see `validateOutput`). */
export function parseOutput(line: string, options: rt.DecodeOptions = rt.NO_OPTIONS): OutputEvent | rt.UnknownEvent {
  const obj = rt.parseFast(line);
  const event = scanOutput(obj) ?? validateOutput(obj, options);
  return rt.parsedInexactly() ? validateOutput(rt.parseExact(line), options) : event;
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
  scanOutput,
  validateOutput,
  validateInput,
  encodeInput,
};
