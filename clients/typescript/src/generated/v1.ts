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
  const v2 = obj.level;
  if (!isRiskLevel(v2)) return false;
  const v6 = obj.categories;
  if (v6 !== undefined) {
    if (!Array.isArray(v6)) return false;
    for (let i7 = 0; i7 < v6.length; i7++) {
      const item8: unknown = v6[i7];
      if (typeof item8 !== "string") return false;
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
  const v3 = obj.categories;
  if (v3 !== undefined) {
    if (!Array.isArray(v3)) throw rt.wrongType("an array", v3, rt.join(path, "categories"));
    for (let i4 = 0; i4 < v3.length; i4++) {
      const item5: unknown = v3[i4];
      if (typeof item5 !== "string") throw rt.wrongType("a string", item5, `${rt.join(path, "categories")}[${i4}]`);
    }
  }
  const v9 = obj.reason;
  if (v9 !== undefined) {
    if (typeof v9 !== "string") throw rt.wrongType("a string", v9, rt.join(path, "reason"));
  }
}

/** Whether `obj` is a valid `Violation` with no unknown key (false: let `checkViolation` decide). */
function scanViolation(obj: rt.JsonObject): boolean {
  let present = 5;
  const v12 = obj.code;
  if (!isViolationCode(v12)) return false;
  const v14 = obj.toolName;
  if (v14 !== undefined) {
    if (typeof v14 !== "string") return false;
    present++;
  }
  const v16 = obj.action;
  if (!isViolationAction(v16)) return false;
  const v18 = obj.risk;
  if (!rt.isObject(v18) || !scanRisk(v18)) return false;
  const v20 = obj.path;
  if (v20 !== undefined) {
    if (typeof v20 !== "string") return false;
    present++;
  }
  const v22 = obj.reason;
  if (typeof v22 !== "string") return false;
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
  const v13 = obj.toolName;
  if (v13 !== undefined) {
    if (typeof v13 !== "string") throw rt.wrongType("a string", v13, rt.join(path, "toolName"));
  }
  const v15 = obj.action;
  if (v15 === undefined) throw rt.missing(rt.join(path, "action"));
  if (!isViolationAction(v15)) throw rt.badEnum(v15, VIOLATION_ACTION_VALUES, rt.join(path, "action"));
  const v17 = obj.risk;
  if (v17 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v17)) throw rt.wrongType("an object", v17, rt.join(path, "risk"));
  checkRisk(v17, rt.join(path, "risk"), strict);
  const v19 = obj.path;
  if (v19 !== undefined) {
    if (typeof v19 !== "string") throw rt.wrongType("a string", v19, rt.join(path, "path"));
  }
  const v21 = obj.reason;
  if (v21 === undefined) throw rt.missing(rt.join(path, "reason"));
  if (typeof v21 !== "string") throw rt.wrongType("a string", v21, rt.join(path, "reason"));
  const v23 = obj.recoverable;
  if (v23 === undefined) throw rt.missing(rt.join(path, "recoverable"));
  if (typeof v23 !== "boolean") throw rt.wrongType("a boolean", v23, rt.join(path, "recoverable"));
}

/** Whether `obj` is a valid `Grant` with no unknown key (false: let `checkGrant` decide). */
function scanGrant(obj: rt.JsonObject): boolean {
  let present = 4;
  const v26 = obj.toolName;
  if (typeof v26 !== "string") return false;
  const v28 = obj.decision;
  if (!isGrantDecision(v28)) return false;
  const v30 = obj.maxAutonomy;
  if (!isGrantMaxAutonomy(v30)) return false;
  const v32 = obj.approvedAt;
  if (typeof v32 !== "string") return false;
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
  const v27 = obj.decision;
  if (v27 === undefined) throw rt.missing(rt.join(path, "decision"));
  if (!isGrantDecision(v27)) throw rt.badEnum(v27, GRANT_DECISION_VALUES, rt.join(path, "decision"));
  const v29 = obj.maxAutonomy;
  if (v29 === undefined) throw rt.missing(rt.join(path, "maxAutonomy"));
  if (!isGrantMaxAutonomy(v29)) throw rt.badEnum(v29, GRANT_MAX_AUTONOMY_VALUES, rt.join(path, "maxAutonomy"));
  const v31 = obj.approvedAt;
  if (v31 === undefined) throw rt.missing(rt.join(path, "approvedAt"));
  if (typeof v31 !== "string") throw rt.wrongType("a string", v31, rt.join(path, "approvedAt"));
  const v33 = obj.reason;
  if (v33 !== undefined) {
    if (typeof v33 !== "string") throw rt.wrongType("a string", v33, rt.join(path, "reason"));
  }
}

/** Whether `obj` is a valid `Display` with no unknown key (false: let `checkDisplay` decide). */
function scanDisplay(obj: rt.JsonObject): boolean {
  let present = 0;
  const v36 = obj.summary;
  if (v36 !== undefined) {
    if (typeof v36 !== "string") return false;
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
  const v37 = obj.kind;
  if (v37 !== undefined) {
    if (typeof v37 !== "string") throw rt.wrongType("a string", v37, rt.join(path, "kind"));
  }
}

/** Whether `obj` is a valid `CheckpointInfo` with no unknown key (false: let `checkCheckpointInfo` decide). */
function scanCheckpointInfo(obj: rt.JsonObject): boolean {
  let present = 0;
  const v40 = obj.sequence;
  if (v40 !== undefined) {
    if (typeof v40 !== "number" || !Number.isSafeInteger(v40)) return false;
    present++;
  }
  const v42 = obj.tool;
  if (v42 !== undefined) {
    if (typeof v42 !== "string") return false;
    present++;
  }
  const v46 = obj.files;
  if (v46 !== undefined) {
    if (!Array.isArray(v46)) return false;
    for (let i47 = 0; i47 < v46.length; i47++) {
      const item48: unknown = v46[i47];
      if (typeof item48 !== "string") return false;
    }
    present++;
  }
  const v50 = obj.filesRestored;
  if (v50 !== undefined) {
    if (typeof v50 !== "number" || !Number.isSafeInteger(v50)) return false;
    present++;
  }
  const v52 = obj.filesDeleted;
  if (v52 !== undefined) {
    if (typeof v52 !== "number" || !Number.isSafeInteger(v52)) return false;
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
  const v41 = obj.tool;
  if (v41 !== undefined) {
    if (typeof v41 !== "string") throw rt.wrongType("a string", v41, rt.join(path, "tool"));
  }
  const v43 = obj.files;
  if (v43 !== undefined) {
    if (!Array.isArray(v43)) throw rt.wrongType("an array", v43, rt.join(path, "files"));
    for (let i44 = 0; i44 < v43.length; i44++) {
      const item45: unknown = v43[i44];
      if (typeof item45 !== "string") throw rt.wrongType("a string", item45, `${rt.join(path, "files")}[${i44}]`);
    }
  }
  const v49 = obj.filesRestored;
  if (v49 !== undefined) {
    if (typeof v49 !== "number" || !Number.isSafeInteger(v49)) throw rt.badInteger(v49, rt.join(path, "filesRestored"));
  }
  const v51 = obj.filesDeleted;
  if (v51 !== undefined) {
    if (typeof v51 !== "number" || !Number.isSafeInteger(v51)) throw rt.badInteger(v51, rt.join(path, "filesDeleted"));
  }
  const v53 = obj.skipped;
  if (v53 !== undefined) {
    if (!Array.isArray(v53)) throw rt.wrongType("an array", v53, rt.join(path, "skipped"));
    for (let i54 = 0; i54 < v53.length; i54++) {
      const item55: unknown = v53[i54];
      if (typeof item55 !== "string") throw rt.wrongType("a string", item55, `${rt.join(path, "skipped")}[${i54}]`);
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
  const v61 = obj.data;
  if (v61 === undefined) throw rt.missing(rt.join(path, "data"));
  if (typeof v61 !== "string") throw rt.wrongType("a string", v61, rt.join(path, "data"));
  if (v61.length > 13981015 && rt.codePoints(v61) > 13981015) throw rt.constraint("longer than 13981015 characters", rt.join(path, "data"));
  if (!DATA_PATTERN.test(v61)) throw rt.constraint(`does not match the pattern ${DATA_PATTERN.regex.source}`, rt.join(path, "data"));
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
  const v63 = obj.content;
  if (v63 === undefined) throw rt.missing(rt.join(path, "content"));
  if (typeof v63 !== "string") throw rt.wrongType("a string", v63, rt.join(path, "content"));
  if (!CONTENT_PATTERN.test(v63)) throw rt.constraint(`does not match the pattern ${CONTENT_PATTERN.regex.source}`, rt.join(path, "content"));
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
  const v65 = obj.role;
  if (v65 === undefined) throw rt.missing(rt.join(path, "role"));
  if (v65 !== "user") throw rt.badConst("user", rt.join(path, "role"));
  const v67 = obj.content;
  if (v67 !== undefined) {
    if (typeof v67 !== "string") throw rt.wrongType("a string", v67, rt.join(path, "content"));
  }
  const v69 = obj.images;
  if (v69 !== undefined) {
    if (!Array.isArray(v69)) throw rt.wrongType("an array", v69, rt.join(path, "images"));
    for (let i70 = 0; i70 < v69.length; i70++) {
      const item71: unknown = v69[i70];
      if (!rt.isObject(item71)) throw rt.wrongType("an object", item71, `${rt.join(path, "images")}[${i70}]`);
      checkInputImage(item71, `${rt.join(path, "images")}[${i70}]`, strict);
    }
  }
  rt.checkAnyOf(obj, MESSAGE_INPUT_ALTERNATIVES, path);
}

/** Whether `obj` is a valid `RunStartEvent` with no unknown key (false: let `checkRunStartEvent` decide). */
function scanRunStartEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  if (obj.schemaVersion !== 1) return false;
  const v76 = obj.runId;
  if (typeof v76 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v76)) return false;
  const v78 = obj.sessionId;
  if (v78 !== undefined) {
    if (typeof v78 !== "string") return false;
    present++;
  }
  const v80 = obj.cwd;
  if (typeof v80 !== "string") return false;
  const v82 = obj.provider;
  if (v82 !== undefined) {
    if (typeof v82 !== "string") return false;
    present++;
  }
  const v84 = obj.model;
  if (v84 !== undefined) {
    if (typeof v84 !== "string") return false;
    present++;
  }
  const v86 = obj.apiModel;
  if (v86 !== undefined) {
    if (typeof v86 !== "string") return false;
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
  const v75 = obj.runId;
  if (v75 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v75 !== "string") throw rt.wrongType("a string", v75, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v75)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v77 = obj.sessionId;
  if (v77 !== undefined) {
    if (typeof v77 !== "string") throw rt.wrongType("a string", v77, rt.join(path, "sessionId"));
  }
  const v79 = obj.cwd;
  if (v79 === undefined) throw rt.missing(rt.join(path, "cwd"));
  if (typeof v79 !== "string") throw rt.wrongType("a string", v79, rt.join(path, "cwd"));
  const v81 = obj.provider;
  if (v81 !== undefined) {
    if (typeof v81 !== "string") throw rt.wrongType("a string", v81, rt.join(path, "provider"));
  }
  const v83 = obj.model;
  if (v83 !== undefined) {
    if (typeof v83 !== "string") throw rt.wrongType("a string", v83, rt.join(path, "model"));
  }
  const v85 = obj.apiModel;
  if (v85 !== undefined) {
    if (typeof v85 !== "string") throw rt.wrongType("a string", v85, rt.join(path, "apiModel"));
  }
}

/** Whether `obj` is a valid `TextEvent` with no unknown key (false: let `checkTextEvent` decide). */
function scanTextEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 1) return false;
  const v88 = obj.runId;
  if (typeof v88 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v88)) return false;
  const v90 = obj.delta;
  if (v90 !== undefined) {
    if (typeof v90 !== "string") return false;
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
  const v87 = obj.runId;
  if (v87 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v87 !== "string") throw rt.wrongType("a string", v87, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v87)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v89 = obj.delta;
  if (v89 !== undefined) {
    if (typeof v89 !== "string") throw rt.wrongType("a string", v89, rt.join(path, "delta"));
  }
}

/** Whether `obj` is a valid `ToolCallEvent` with no unknown key (false: let `checkToolCallEvent` decide). */
function scanToolCallEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  if (obj.schemaVersion !== 1) return false;
  const v92 = obj.runId;
  if (typeof v92 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v92)) return false;
  const v94 = obj.id;
  if (v94 !== undefined) {
    if (typeof v94 !== "string") return false;
    present++;
  }
  const v96 = obj.name;
  if (v96 !== undefined) {
    if (typeof v96 !== "string") return false;
    present++;
  }
  const v98 = obj.args;
  if (v98 !== undefined) {
    rt.noteFreeJson(v98);
    present++;
  }
  const v100 = obj.sideEffect;
  if (!isToolCallSideEffect(v100)) return false;
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
  const v91 = obj.runId;
  if (v91 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v91 !== "string") throw rt.wrongType("a string", v91, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v91)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v93 = obj.id;
  if (v93 !== undefined) {
    if (typeof v93 !== "string") throw rt.wrongType("a string", v93, rt.join(path, "id"));
  }
  const v95 = obj.name;
  if (v95 !== undefined) {
    if (typeof v95 !== "string") throw rt.wrongType("a string", v95, rt.join(path, "name"));
  }
  const v97 = obj.args;
  if (v97 !== undefined) {
    rt.noteFreeJson(v97);
  }
  const v99 = obj.sideEffect;
  if (v99 === undefined) throw rt.missing(rt.join(path, "sideEffect"));
  if (!isToolCallSideEffect(v99)) throw rt.badEnum(v99, TOOL_CALL_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
}

/** Whether `obj` is a valid `CheckpointEvent` with no unknown key (false: let `checkCheckpointEvent` decide). */
function scanCheckpointEvent(obj: rt.JsonObject): boolean {
  if (obj.schemaVersion !== 1) return false;
  const v102 = obj.runId;
  if (typeof v102 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v102)) return false;
  const v104 = obj.checkpoint;
  if (!rt.isObject(v104) || !scanCheckpointInfo(v104)) return false;
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
  const v101 = obj.runId;
  if (v101 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v101 !== "string") throw rt.wrongType("a string", v101, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v101)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v103 = obj.checkpoint;
  if (v103 === undefined) throw rt.missing(rt.join(path, "checkpoint"));
  if (!rt.isObject(v103)) throw rt.wrongType("an object", v103, rt.join(path, "checkpoint"));
  checkCheckpointInfo(v103, rt.join(path, "checkpoint"), strict);
}

/** Whether `obj` is a valid `PermissionEvent` with no unknown key (false: let `checkPermissionEvent` decide). */
function scanPermissionEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 1) return false;
  const v106 = obj.runId;
  if (typeof v106 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v106)) return false;
  const v108 = obj.sessionId;
  if (v108 !== undefined) {
    if (typeof v108 !== "string") return false;
    present++;
  }
  const v110 = obj.id;
  if (v110 !== undefined) {
    if (typeof v110 !== "string") return false;
    present++;
  }
  const v112 = obj.name;
  if (v112 !== undefined) {
    if (typeof v112 !== "string") return false;
    present++;
  }
  const v114 = obj.action;
  if (v114 !== undefined) {
    if (typeof v114 !== "string") return false;
    present++;
  }
  const v116 = obj.permission;
  if (v116 !== undefined) {
    if (!isPermission(v116)) return false;
    present++;
  }
  const v118 = obj.permissionGranted;
  if (v118 !== undefined) {
    if (typeof v118 !== "boolean") return false;
    present++;
  }
  const v120 = obj.permissionMode;
  if (v120 !== undefined) {
    if (!isPermissionMode(v120)) return false;
    present++;
  }
  const v122 = obj.autonomy;
  if (v122 !== undefined) {
    if (!isPermissionAutonomy(v122)) return false;
    present++;
  }
  const v124 = obj.sideEffect;
  if (v124 !== undefined) {
    if (!isPermissionSideEffect(v124)) return false;
    present++;
  }
  const v126 = obj.reason;
  if (v126 !== undefined) {
    if (typeof v126 !== "string") return false;
    present++;
  }
  const v128 = obj.decisionReason;
  if (v128 !== undefined) {
    if (typeof v128 !== "string") return false;
    present++;
  }
  const v130 = obj.risk;
  if (v130 !== undefined) {
    if (!rt.isObject(v130) || !scanRisk(v130)) return false;
    present++;
  }
  const v132 = obj.violation;
  if (v132 !== undefined) {
    if (!rt.isObject(v132) || !scanViolation(v132)) return false;
    present++;
  }
  const v134 = obj.grantMatched;
  if (v134 !== undefined) {
    if (typeof v134 !== "boolean") return false;
    present++;
  }
  const v136 = obj.grant;
  if (v136 !== undefined) {
    if (!rt.isObject(v136) || !scanGrant(v136)) return false;
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
  const v105 = obj.runId;
  if (v105 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v105 !== "string") throw rt.wrongType("a string", v105, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v105)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v107 = obj.sessionId;
  if (v107 !== undefined) {
    if (typeof v107 !== "string") throw rt.wrongType("a string", v107, rt.join(path, "sessionId"));
  }
  const v109 = obj.id;
  if (v109 !== undefined) {
    if (typeof v109 !== "string") throw rt.wrongType("a string", v109, rt.join(path, "id"));
  }
  const v111 = obj.name;
  if (v111 !== undefined) {
    if (typeof v111 !== "string") throw rt.wrongType("a string", v111, rt.join(path, "name"));
  }
  const v113 = obj.action;
  if (v113 !== undefined) {
    if (typeof v113 !== "string") throw rt.wrongType("a string", v113, rt.join(path, "action"));
  }
  const v115 = obj.permission;
  if (v115 !== undefined) {
    if (!isPermission(v115)) throw rt.badEnum(v115, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v117 = obj.permissionGranted;
  if (v117 !== undefined) {
    if (typeof v117 !== "boolean") throw rt.wrongType("a boolean", v117, rt.join(path, "permissionGranted"));
  }
  const v119 = obj.permissionMode;
  if (v119 !== undefined) {
    if (!isPermissionMode(v119)) throw rt.badEnum(v119, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v121 = obj.autonomy;
  if (v121 !== undefined) {
    if (!isPermissionAutonomy(v121)) throw rt.badEnum(v121, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v123 = obj.sideEffect;
  if (v123 !== undefined) {
    if (!isPermissionSideEffect(v123)) throw rt.badEnum(v123, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v125 = obj.reason;
  if (v125 !== undefined) {
    if (typeof v125 !== "string") throw rt.wrongType("a string", v125, rt.join(path, "reason"));
  }
  const v127 = obj.decisionReason;
  if (v127 !== undefined) {
    if (typeof v127 !== "string") throw rt.wrongType("a string", v127, rt.join(path, "decisionReason"));
  }
  const v129 = obj.risk;
  if (v129 !== undefined) {
    if (!rt.isObject(v129)) throw rt.wrongType("an object", v129, rt.join(path, "risk"));
    checkRisk(v129, rt.join(path, "risk"), strict);
  }
  const v131 = obj.violation;
  if (v131 !== undefined) {
    if (!rt.isObject(v131)) throw rt.wrongType("an object", v131, rt.join(path, "violation"));
    checkViolation(v131, rt.join(path, "violation"), strict);
  }
  const v133 = obj.grantMatched;
  if (v133 !== undefined) {
    if (typeof v133 !== "boolean") throw rt.wrongType("a boolean", v133, rt.join(path, "grantMatched"));
  }
  const v135 = obj.grant;
  if (v135 !== undefined) {
    if (!rt.isObject(v135)) throw rt.wrongType("an object", v135, rt.join(path, "grant"));
    checkGrant(v135, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `PermissionRequestEvent` with no unknown key (false: let `checkPermissionRequestEvent` decide). */
function scanPermissionRequestEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 1) return false;
  const v138 = obj.runId;
  if (typeof v138 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v138)) return false;
  const v140 = obj.sessionId;
  if (v140 !== undefined) {
    if (typeof v140 !== "string") return false;
    present++;
  }
  const v142 = obj.id;
  if (v142 !== undefined) {
    if (typeof v142 !== "string") return false;
    present++;
  }
  const v144 = obj.name;
  if (v144 !== undefined) {
    if (typeof v144 !== "string") return false;
    present++;
  }
  const v146 = obj.action;
  if (v146 !== undefined) {
    if (!isPermissionRequestAction(v146)) return false;
    present++;
  }
  const v148 = obj.permission;
  if (v148 !== undefined) {
    if (!isPermission(v148)) return false;
    present++;
  }
  const v150 = obj.permissionGranted;
  if (v150 !== undefined) {
    if (typeof v150 !== "boolean") return false;
    present++;
  }
  const v152 = obj.permissionMode;
  if (v152 !== undefined) {
    if (!isPermissionMode(v152)) return false;
    present++;
  }
  const v154 = obj.autonomy;
  if (v154 !== undefined) {
    if (!isPermissionAutonomy(v154)) return false;
    present++;
  }
  const v156 = obj.sideEffect;
  if (v156 !== undefined) {
    if (!isPermissionSideEffect(v156)) return false;
    present++;
  }
  const v158 = obj.reason;
  if (v158 !== undefined) {
    if (typeof v158 !== "string") return false;
    present++;
  }
  const v160 = obj.decisionReason;
  if (v160 !== undefined) {
    if (typeof v160 !== "string") return false;
    present++;
  }
  const v162 = obj.risk;
  if (v162 !== undefined) {
    if (!rt.isObject(v162) || !scanRisk(v162)) return false;
    present++;
  }
  const v164 = obj.violation;
  if (v164 !== undefined) {
    if (!rt.isObject(v164) || !scanViolation(v164)) return false;
    present++;
  }
  const v166 = obj.grantMatched;
  if (v166 !== undefined) {
    if (typeof v166 !== "boolean") return false;
    present++;
  }
  const v168 = obj.grant;
  if (v168 !== undefined) {
    if (!rt.isObject(v168) || !scanGrant(v168)) return false;
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
  const v137 = obj.runId;
  if (v137 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v137 !== "string") throw rt.wrongType("a string", v137, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v137)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v139 = obj.sessionId;
  if (v139 !== undefined) {
    if (typeof v139 !== "string") throw rt.wrongType("a string", v139, rt.join(path, "sessionId"));
  }
  const v141 = obj.id;
  if (v141 !== undefined) {
    if (typeof v141 !== "string") throw rt.wrongType("a string", v141, rt.join(path, "id"));
  }
  const v143 = obj.name;
  if (v143 !== undefined) {
    if (typeof v143 !== "string") throw rt.wrongType("a string", v143, rt.join(path, "name"));
  }
  const v145 = obj.action;
  if (v145 !== undefined) {
    if (!isPermissionRequestAction(v145)) throw rt.badEnum(v145, PERMISSION_REQUEST_ACTION_VALUES, rt.join(path, "action"));
  }
  const v147 = obj.permission;
  if (v147 !== undefined) {
    if (!isPermission(v147)) throw rt.badEnum(v147, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v149 = obj.permissionGranted;
  if (v149 !== undefined) {
    if (typeof v149 !== "boolean") throw rt.wrongType("a boolean", v149, rt.join(path, "permissionGranted"));
  }
  const v151 = obj.permissionMode;
  if (v151 !== undefined) {
    if (!isPermissionMode(v151)) throw rt.badEnum(v151, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v153 = obj.autonomy;
  if (v153 !== undefined) {
    if (!isPermissionAutonomy(v153)) throw rt.badEnum(v153, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v155 = obj.sideEffect;
  if (v155 !== undefined) {
    if (!isPermissionSideEffect(v155)) throw rt.badEnum(v155, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v157 = obj.reason;
  if (v157 !== undefined) {
    if (typeof v157 !== "string") throw rt.wrongType("a string", v157, rt.join(path, "reason"));
  }
  const v159 = obj.decisionReason;
  if (v159 !== undefined) {
    if (typeof v159 !== "string") throw rt.wrongType("a string", v159, rt.join(path, "decisionReason"));
  }
  const v161 = obj.risk;
  if (v161 !== undefined) {
    if (!rt.isObject(v161)) throw rt.wrongType("an object", v161, rt.join(path, "risk"));
    checkRisk(v161, rt.join(path, "risk"), strict);
  }
  const v163 = obj.violation;
  if (v163 !== undefined) {
    if (!rt.isObject(v163)) throw rt.wrongType("an object", v163, rt.join(path, "violation"));
    checkViolation(v163, rt.join(path, "violation"), strict);
  }
  const v165 = obj.grantMatched;
  if (v165 !== undefined) {
    if (typeof v165 !== "boolean") throw rt.wrongType("a boolean", v165, rt.join(path, "grantMatched"));
  }
  const v167 = obj.grant;
  if (v167 !== undefined) {
    if (!rt.isObject(v167)) throw rt.wrongType("an object", v167, rt.join(path, "grant"));
    checkGrant(v167, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `PermissionDecisionEvent` with no unknown key (false: let `checkPermissionDecisionEvent` decide). */
function scanPermissionDecisionEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 1) return false;
  const v170 = obj.runId;
  if (typeof v170 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v170)) return false;
  const v172 = obj.sessionId;
  if (v172 !== undefined) {
    if (typeof v172 !== "string") return false;
    present++;
  }
  const v174 = obj.id;
  if (v174 !== undefined) {
    if (typeof v174 !== "string") return false;
    present++;
  }
  const v176 = obj.name;
  if (v176 !== undefined) {
    if (typeof v176 !== "string") return false;
    present++;
  }
  const v178 = obj.action;
  if (v178 !== undefined) {
    if (!isPermissionDecisionAction(v178)) return false;
    present++;
  }
  const v180 = obj.permission;
  if (v180 !== undefined) {
    if (!isPermission(v180)) return false;
    present++;
  }
  const v182 = obj.permissionGranted;
  if (v182 !== undefined) {
    if (typeof v182 !== "boolean") return false;
    present++;
  }
  const v184 = obj.permissionMode;
  if (v184 !== undefined) {
    if (!isPermissionMode(v184)) return false;
    present++;
  }
  const v186 = obj.autonomy;
  if (v186 !== undefined) {
    if (!isPermissionAutonomy(v186)) return false;
    present++;
  }
  const v188 = obj.sideEffect;
  if (v188 !== undefined) {
    if (!isPermissionSideEffect(v188)) return false;
    present++;
  }
  const v190 = obj.reason;
  if (v190 !== undefined) {
    if (typeof v190 !== "string") return false;
    present++;
  }
  const v192 = obj.decisionReason;
  if (v192 !== undefined) {
    if (typeof v192 !== "string") return false;
    present++;
  }
  const v194 = obj.risk;
  if (v194 !== undefined) {
    if (!rt.isObject(v194) || !scanRisk(v194)) return false;
    present++;
  }
  const v196 = obj.violation;
  if (v196 !== undefined) {
    if (!rt.isObject(v196) || !scanViolation(v196)) return false;
    present++;
  }
  const v198 = obj.grantMatched;
  if (v198 !== undefined) {
    if (typeof v198 !== "boolean") return false;
    present++;
  }
  const v200 = obj.grant;
  if (v200 !== undefined) {
    if (!rt.isObject(v200) || !scanGrant(v200)) return false;
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
  const v169 = obj.runId;
  if (v169 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v169 !== "string") throw rt.wrongType("a string", v169, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v169)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v171 = obj.sessionId;
  if (v171 !== undefined) {
    if (typeof v171 !== "string") throw rt.wrongType("a string", v171, rt.join(path, "sessionId"));
  }
  const v173 = obj.id;
  if (v173 !== undefined) {
    if (typeof v173 !== "string") throw rt.wrongType("a string", v173, rt.join(path, "id"));
  }
  const v175 = obj.name;
  if (v175 !== undefined) {
    if (typeof v175 !== "string") throw rt.wrongType("a string", v175, rt.join(path, "name"));
  }
  const v177 = obj.action;
  if (v177 !== undefined) {
    if (!isPermissionDecisionAction(v177)) throw rt.badEnum(v177, PERMISSION_DECISION_ACTION_VALUES, rt.join(path, "action"));
  }
  const v179 = obj.permission;
  if (v179 !== undefined) {
    if (!isPermission(v179)) throw rt.badEnum(v179, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v181 = obj.permissionGranted;
  if (v181 !== undefined) {
    if (typeof v181 !== "boolean") throw rt.wrongType("a boolean", v181, rt.join(path, "permissionGranted"));
  }
  const v183 = obj.permissionMode;
  if (v183 !== undefined) {
    if (!isPermissionMode(v183)) throw rt.badEnum(v183, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v185 = obj.autonomy;
  if (v185 !== undefined) {
    if (!isPermissionAutonomy(v185)) throw rt.badEnum(v185, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v187 = obj.sideEffect;
  if (v187 !== undefined) {
    if (!isPermissionSideEffect(v187)) throw rt.badEnum(v187, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v189 = obj.reason;
  if (v189 !== undefined) {
    if (typeof v189 !== "string") throw rt.wrongType("a string", v189, rt.join(path, "reason"));
  }
  const v191 = obj.decisionReason;
  if (v191 !== undefined) {
    if (typeof v191 !== "string") throw rt.wrongType("a string", v191, rt.join(path, "decisionReason"));
  }
  const v193 = obj.risk;
  if (v193 !== undefined) {
    if (!rt.isObject(v193)) throw rt.wrongType("an object", v193, rt.join(path, "risk"));
    checkRisk(v193, rt.join(path, "risk"), strict);
  }
  const v195 = obj.violation;
  if (v195 !== undefined) {
    if (!rt.isObject(v195)) throw rt.wrongType("an object", v195, rt.join(path, "violation"));
    checkViolation(v195, rt.join(path, "violation"), strict);
  }
  const v197 = obj.grantMatched;
  if (v197 !== undefined) {
    if (typeof v197 !== "boolean") throw rt.wrongType("a boolean", v197, rt.join(path, "grantMatched"));
  }
  const v199 = obj.grant;
  if (v199 !== undefined) {
    if (!rt.isObject(v199)) throw rt.wrongType("an object", v199, rt.join(path, "grant"));
    checkGrant(v199, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `ToolResultEvent` with no unknown key (false: let `checkToolResultEvent` decide). */
function scanToolResultEvent(obj: rt.JsonObject): boolean {
  let present = 5;
  if (obj.schemaVersion !== 1) return false;
  const v202 = obj.runId;
  if (typeof v202 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v202)) return false;
  const v204 = obj.id;
  if (v204 !== undefined) {
    if (typeof v204 !== "string") return false;
    present++;
  }
  const v206 = obj.name;
  if (v206 !== undefined) {
    if (typeof v206 !== "string") return false;
    present++;
  }
  const v208 = obj.status;
  if (!isToolResultStatus(v208)) return false;
  const v210 = obj.output;
  if (v210 !== undefined) {
    if (typeof v210 !== "string") return false;
    present++;
  }
  const v212 = obj.truncated;
  if (typeof v212 !== "boolean") return false;
  const v214 = obj.redacted;
  if (v214 !== undefined) {
    if (typeof v214 !== "boolean") return false;
    present++;
  }
  const v218 = obj.changedFiles;
  if (v218 !== undefined) {
    if (!Array.isArray(v218)) return false;
    for (let i219 = 0; i219 < v218.length; i219++) {
      const item220: unknown = v218[i219];
      if (typeof item220 !== "string") return false;
    }
    present++;
  }
  const v223 = obj.meta;
  if (v223 !== undefined) {
    if (!rt.isObject(v223)) return false;
    for (const key224 in v223) {
      if (typeof v223[key224] !== "string") return false;
    }
    present++;
  }
  const v226 = obj.display;
  if (v226 !== undefined) {
    if (!rt.isObject(v226) || !scanDisplay(v226)) return false;
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
  const v201 = obj.runId;
  if (v201 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v201 !== "string") throw rt.wrongType("a string", v201, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v201)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v203 = obj.id;
  if (v203 !== undefined) {
    if (typeof v203 !== "string") throw rt.wrongType("a string", v203, rt.join(path, "id"));
  }
  const v205 = obj.name;
  if (v205 !== undefined) {
    if (typeof v205 !== "string") throw rt.wrongType("a string", v205, rt.join(path, "name"));
  }
  const v207 = obj.status;
  if (v207 === undefined) throw rt.missing(rt.join(path, "status"));
  if (!isToolResultStatus(v207)) throw rt.badEnum(v207, TOOL_RESULT_STATUS_VALUES, rt.join(path, "status"));
  const v209 = obj.output;
  if (v209 !== undefined) {
    if (typeof v209 !== "string") throw rt.wrongType("a string", v209, rt.join(path, "output"));
  }
  const v211 = obj.truncated;
  if (v211 === undefined) throw rt.missing(rt.join(path, "truncated"));
  if (typeof v211 !== "boolean") throw rt.wrongType("a boolean", v211, rt.join(path, "truncated"));
  const v213 = obj.redacted;
  if (v213 !== undefined) {
    if (typeof v213 !== "boolean") throw rt.wrongType("a boolean", v213, rt.join(path, "redacted"));
  }
  const v215 = obj.changedFiles;
  if (v215 !== undefined) {
    if (!Array.isArray(v215)) throw rt.wrongType("an array", v215, rt.join(path, "changedFiles"));
    for (let i216 = 0; i216 < v215.length; i216++) {
      const item217: unknown = v215[i216];
      if (typeof item217 !== "string") throw rt.wrongType("a string", item217, `${rt.join(path, "changedFiles")}[${i216}]`);
    }
  }
  const v221 = obj.meta;
  if (v221 !== undefined) {
    if (!rt.isObject(v221)) throw rt.wrongType("an object", v221, rt.join(path, "meta"));
    for (const key222 in v221) {
      if (typeof v221[key222] !== "string") throw rt.wrongType("a string", v221[key222], rt.join(rt.join(path, "meta"), key222));
    }
  }
  const v225 = obj.display;
  if (v225 !== undefined) {
    if (!rt.isObject(v225)) throw rt.wrongType("an object", v225, rt.join(path, "display"));
    checkDisplay(v225, rt.join(path, "display"), strict);
  }
}

/** Whether `obj` is a valid `RestoreEvent` with no unknown key (false: let `checkRestoreEvent` decide). */
function scanRestoreEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 1) return false;
  const v228 = obj.runId;
  if (typeof v228 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v228)) return false;
  const v230 = obj.checkpoint;
  if (v230 !== undefined) {
    if (!rt.isObject(v230) || !scanCheckpointInfo(v230)) return false;
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
  const v227 = obj.runId;
  if (v227 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v227 !== "string") throw rt.wrongType("a string", v227, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v227)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v229 = obj.checkpoint;
  if (v229 !== undefined) {
    if (!rt.isObject(v229)) throw rt.wrongType("an object", v229, rt.join(path, "checkpoint"));
    checkCheckpointInfo(v229, rt.join(path, "checkpoint"), strict);
  }
}

/** Whether `obj` is a valid `UsageEvent` with no unknown key (false: let `checkUsageEvent` decide). */
function scanUsageEvent(obj: rt.JsonObject): boolean {
  let present = 6;
  if (obj.schemaVersion !== 1) return false;
  const v232 = obj.runId;
  if (typeof v232 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v232)) return false;
  const v234 = obj.promptTokens;
  if (typeof v234 !== "number" || !Number.isSafeInteger(v234)) return false;
  if (v234 < 0) return false;
  const v236 = obj.completionTokens;
  if (typeof v236 !== "number" || !Number.isSafeInteger(v236)) return false;
  if (v236 < 0) return false;
  const v238 = obj.totalTokens;
  if (typeof v238 !== "number" || !Number.isSafeInteger(v238)) return false;
  if (v238 < 0) return false;
  const v240 = obj.costUsd;
  if (v240 !== undefined) {
    if (typeof v240 !== "number") return false;
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
  const v231 = obj.runId;
  if (v231 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v231 !== "string") throw rt.wrongType("a string", v231, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v231)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v233 = obj.promptTokens;
  if (v233 === undefined) throw rt.missing(rt.join(path, "promptTokens"));
  if (typeof v233 !== "number" || !Number.isSafeInteger(v233)) throw rt.badInteger(v233, rt.join(path, "promptTokens"));
  if (v233 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "promptTokens"));
  const v235 = obj.completionTokens;
  if (v235 === undefined) throw rt.missing(rt.join(path, "completionTokens"));
  if (typeof v235 !== "number" || !Number.isSafeInteger(v235)) throw rt.badInteger(v235, rt.join(path, "completionTokens"));
  if (v235 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "completionTokens"));
  const v237 = obj.totalTokens;
  if (v237 === undefined) throw rt.missing(rt.join(path, "totalTokens"));
  if (typeof v237 !== "number" || !Number.isSafeInteger(v237)) throw rt.badInteger(v237, rt.join(path, "totalTokens"));
  if (v237 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "totalTokens"));
  const v239 = obj.costUsd;
  if (v239 !== undefined) {
    if (typeof v239 !== "number") throw rt.wrongType("a number", v239, rt.join(path, "costUsd"));
  }
}

/** Whether `obj` is a valid `FinalEvent` with no unknown key (false: let `checkFinalEvent` decide). */
function scanFinalEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 1) return false;
  const v242 = obj.runId;
  if (typeof v242 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v242)) return false;
  const v244 = obj.text;
  if (v244 !== undefined) {
    if (typeof v244 !== "string") return false;
    present++;
  }
  const v247 = obj.meta;
  if (v247 !== undefined) {
    if (!rt.isObject(v247)) return false;
    for (const key248 in v247) {
      if (typeof v247[key248] !== "string") return false;
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
  const v241 = obj.runId;
  if (v241 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v241 !== "string") throw rt.wrongType("a string", v241, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v241)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v243 = obj.text;
  if (v243 !== undefined) {
    if (typeof v243 !== "string") throw rt.wrongType("a string", v243, rt.join(path, "text"));
  }
  const v245 = obj.meta;
  if (v245 !== undefined) {
    if (!rt.isObject(v245)) throw rt.wrongType("an object", v245, rt.join(path, "meta"));
    for (const key246 in v245) {
      if (typeof v245[key246] !== "string") throw rt.wrongType("a string", v245[key246], rt.join(rt.join(path, "meta"), key246));
    }
  }
}

/** Whether `obj` is a valid `WarningEvent` with no unknown key (false: let `checkWarningEvent` decide). */
function scanWarningEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 1) return false;
  const v250 = obj.runId;
  if (typeof v250 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v250)) return false;
  const v252 = obj.message;
  if (v252 !== undefined) {
    if (typeof v252 !== "string") return false;
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
  const v249 = obj.runId;
  if (v249 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v249 !== "string") throw rt.wrongType("a string", v249, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v249)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v251 = obj.message;
  if (v251 !== undefined) {
    if (typeof v251 !== "string") throw rt.wrongType("a string", v251, rt.join(path, "message"));
  }
}

/** Whether `obj` is a valid `ErrorEvent` with no unknown key (false: let `checkErrorEvent` decide). */
function scanErrorEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  if (obj.schemaVersion !== 1) return false;
  const v254 = obj.runId;
  if (typeof v254 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v254)) return false;
  const v256 = obj.code;
  if (v256 !== undefined) {
    if (!isErrorCode(v256)) return false;
    present++;
  }
  const v258 = obj.message;
  if (v258 !== undefined) {
    if (typeof v258 !== "string") return false;
    present++;
  }
  const v260 = obj.recoverable;
  if (typeof v260 !== "boolean") return false;
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
  const v253 = obj.runId;
  if (v253 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v253 !== "string") throw rt.wrongType("a string", v253, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v253)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v255 = obj.code;
  if (v255 !== undefined) {
    if (!isErrorCode(v255)) throw rt.badEnum(v255, ERROR_CODE_VALUES, rt.join(path, "code"));
  }
  const v257 = obj.message;
  if (v257 !== undefined) {
    if (typeof v257 !== "string") throw rt.wrongType("a string", v257, rt.join(path, "message"));
  }
  const v259 = obj.recoverable;
  if (v259 === undefined) throw rt.missing(rt.join(path, "recoverable"));
  if (typeof v259 !== "boolean") throw rt.wrongType("a boolean", v259, rt.join(path, "recoverable"));
}

/** Whether `obj` is a valid `RunEndEvent` with no unknown key (false: let `checkRunEndEvent` decide). */
function scanRunEndEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  if (obj.schemaVersion !== 1) return false;
  const v262 = obj.runId;
  if (typeof v262 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v262)) return false;
  const v264 = obj.status;
  if (v264 !== undefined) {
    if (!isRunEndStatus(v264)) return false;
    present++;
  }
  const v266 = obj.exitCode;
  if (typeof v266 !== "number" || !Number.isSafeInteger(v266)) return false;
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
  const v261 = obj.runId;
  if (v261 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v261 !== "string") throw rt.wrongType("a string", v261, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v261)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v263 = obj.status;
  if (v263 !== undefined) {
    if (!isRunEndStatus(v263)) throw rt.badEnum(v263, RUN_END_STATUS_VALUES, rt.join(path, "status"));
  }
  const v265 = obj.exitCode;
  if (v265 === undefined) throw rt.missing(rt.join(path, "exitCode"));
  if (typeof v265 !== "number" || !Number.isSafeInteger(v265)) throw rt.badInteger(v265, rt.join(path, "exitCode"));
}

/** The fields every output event shares: a line of an unknown `type` must still have them. */
function checkOutputEnvelope(obj: rt.JsonObject): void {
  const v267 = obj.runId;
  if (v267 === undefined) throw rt.missing("runId");
  if (typeof v267 !== "string") throw rt.wrongType("a string", v267, "runId");
  if (!RUN_ID_PATTERN.test(v267)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, "runId");
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
