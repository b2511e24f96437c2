// GENERATED FILE - DO NOT EDIT.
// Generated from schema/v2.json (schemaVersion 2)
// by `zero-sdk generate --lang typescript --version 2`.
// Edit the schema and rerun that command instead of editing this file.

/**
 * Typed bindings of the Zero stream-json protocol, schemaVersion 2: Zero stream-json protocol, schemaVersion 2.
 *
 * Every input and output line of `zero exec --input-format stream-json --output-format stream-json` at schemaVersion 2 (Zero 0.8.0, commit ad34dc8d).
 */

import * as rt from "../runtime.js";
import type { JsonValue } from "../runtime.js";

/** The schemaVersion of this module. */
export const SCHEMA_VERSION = 2 as const;

// --- Enums ---------------------------------------------------------------------------------

/** Values of `Risk.level`. */
export type RiskLevel = "low" | "medium" | "high" | "critical";
/** Every value of `RiskLevel`, in schema order. */
export const RISK_LEVEL_VALUES: readonly RiskLevel[] = ["low", "medium", "high", "critical"];

function isRiskLevel(value: unknown): value is RiskLevel {
  return value === "low" || value === "medium" || value === "high" || value === "critical";
}

/** Values of `Block.code`. */
export type BlockCode = "context_canceled" | "denied_permission" | "outside_workspace" | "symlink_traversal" | "network" | "destructive_command" | "persistent_deny" | "denied";
/** Every value of `BlockCode`, in schema order. */
export const BLOCK_CODE_VALUES: readonly BlockCode[] = ["context_canceled", "denied_permission", "outside_workspace", "symlink_traversal", "network", "destructive_command", "persistent_deny", "denied"];

function isBlockCode(value: unknown): value is BlockCode {
  return value === "context_canceled" || value === "denied_permission" || value === "outside_workspace" || value === "symlink_traversal" || value === "network" || value === "destructive_command" || value === "persistent_deny" || value === "denied";
}

/** Values of `Block.action`. */
export type BlockAction = "allow" | "prompt" | "deny";
/** Every value of `BlockAction`, in schema order. */
export const BLOCK_ACTION_VALUES: readonly BlockAction[] = ["allow", "prompt", "deny"];

function isBlockAction(value: unknown): value is BlockAction {
  return value === "allow" || value === "prompt" || value === "deny";
}

/** Values of `Grant.scopeKind`. */
export type GrantScopeKind = "file" | "dir" | "host";
/** Every value of `GrantScopeKind`, in schema order. */
export const GRANT_SCOPE_KIND_VALUES: readonly GrantScopeKind[] = ["file", "dir", "host"];

function isGrantScopeKind(value: unknown): value is GrantScopeKind {
  return value === "file" || value === "dir" || value === "host";
}

/** Values of `Grant.decision`. */
export type GrantDecision = "allow" | "deny";
/** Every value of `GrantDecision`, in schema order. */
export const GRANT_DECISION_VALUES: readonly GrantDecision[] = ["allow", "deny"];

function isGrantDecision(value: unknown): value is GrantDecision {
  return value === "allow" || value === "deny";
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
export type PermissionDecisionAction = "allow" | "deny" | "cancel";
/** Every value of `PermissionDecisionAction`, in schema order. */
export const PERMISSION_DECISION_ACTION_VALUES: readonly PermissionDecisionAction[] = ["allow", "deny", "cancel"];

function isPermissionDecisionAction(value: unknown): value is PermissionDecisionAction {
  return value === "allow" || value === "deny" || value === "cancel";
}

/** Values of `ToolResultEvent.status`. */
export type ToolResultStatus = "ok" | "error";
/** Every value of `ToolResultStatus`, in schema order. */
export const TOOL_RESULT_STATUS_VALUES: readonly ToolResultStatus[] = ["ok", "error"];

function isToolResultStatus(value: unknown): value is ToolResultStatus {
  return value === "ok" || value === "error";
}

/** Values of `ErrorEvent.code`. */
export type ErrorCode = "usage_error" | "provider_error" | "sandbox_error" | "mcp_error" | "specialist_error" | "interrupted" | "incomplete";
/** Every value of `ErrorCode`, in schema order. */
export const ERROR_CODE_VALUES: readonly ErrorCode[] = ["usage_error", "provider_error", "sandbox_error", "mcp_error", "specialist_error", "interrupted", "incomplete"];

function isErrorCode(value: unknown): value is ErrorCode {
  return value === "usage_error" || value === "provider_error" || value === "sandbox_error" || value === "mcp_error" || value === "specialist_error" || value === "interrupted" || value === "incomplete";
}

/** Values of `RunEndEvent.status`. */
export type RunEndStatus = "success" | "error" | "interrupted" | "incomplete" | "spec_review_required";
/** Every value of `RunEndStatus`, in schema order. */
export const RUN_END_STATUS_VALUES: readonly RunEndStatus[] = ["success", "error", "interrupted", "incomplete", "spec_review_required"];

function isRunEndStatus(value: unknown): value is RunEndStatus {
  return value === "success" || value === "error" || value === "interrupted" || value === "incomplete" || value === "spec_review_required";
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

/** Why the sandbox blocked or held back a call (renamed from Violation in v2). */
export interface Block extends rt.HasExtra {
  /** Block code. */
  code: BlockCode;
  /** Tool that was blocked. */
  toolName?: string;
  /** `deny` for hard blocks, `prompt` for promptable path checks. */
  action: BlockAction;
  /** Risk assessment attached to the block. */
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
  /** Absolute path or host the grant covers; omitted for tool-wide grants. */
  scope?: string;
  /** What `scope` names; omitted for tool-wide grants. */
  scopeKind?: GrantScopeKind;
  /** Whether the grant allows or denies. */
  decision: GrantDecision;
  /** When the grant was approved (RFC 3339 timestamp string). */
  approvedAt: string;
  /** Why it was granted. */
  reason?: string;
  /** Present (and true) only for session-scoped grants. */
  session?: boolean;
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
  /** Protocol schema version; must be 2. */
  schemaVersion: 2;
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
  /** Protocol schema version; must be 2. */
  schemaVersion: 2;
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
  /** Protocol schema version; always 2. */
  schemaVersion: 2;
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
  /** Protocol schema version; always 2. */
  schemaVersion: 2;
  /** Event type discriminator; always `text`. */
  type: "text";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** The text chunk; omitted when the provider sent an empty chunk. */
  delta?: string;
}

/**
 * Reasoning delta: A chunk of model reasoning as it streams; also carries reconnect notices. Added after the v2 bump without a version change.
 *
 * Wire type `reasoning` (output).
 */
export interface ReasoningEvent extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; always 2. */
  schemaVersion: 2;
  /** Event type discriminator; always `reasoning`. */
  type: "reasoning";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** The reasoning chunk; omitted when empty. */
  delta?: string;
}

/**
 * Tool call: The model called a tool. Written before the call's permission event and result (except in parallel read batches, where permission events can precede it).
 *
 * Wire type `tool_call` (output).
 */
export interface ToolCallEvent extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; always 2. */
  schemaVersion: 2;
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
  /** Protocol schema version; always 2. */
  schemaVersion: 2;
  /** Event type discriminator; always `checkpoint`. */
  type: "checkpoint";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** What was captured. */
  checkpoint: CheckpointInfo;
}

/**
 * Permission event (generic): Permission event whose action is none of the mapped ones. Declared but never emitted by exec: every decision maps to a request or decision event.
 *
 * Wire type `permission` (output).
 */
export interface PermissionEvent extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; always 2. */
  schemaVersion: 2;
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
  /** Sandbox action that is not mapped to a request or decision event. */
  action?: string;
  /** The tool's static permission. */
  permission?: Permission;
  /** Whether the call was authorized up front (unsafe mode, static allow, or a grant). False for sandbox auto-allows and headless prompts. */
  permissionGranted: boolean;
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
  risk: Risk;
  /** The sandbox block behind a deny or a promptable path check. */
  block?: Block;
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
  /** Protocol schema version; always 2. */
  schemaVersion: 2;
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
  permissionGranted: boolean;
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
  risk: Risk;
  /** The sandbox block behind a deny or a promptable path check. */
  block?: Block;
  /** Present (and true) only when a persistent or session grant matched. */
  grantMatched?: boolean;
  /** The grant that matched, when one did. */
  grant?: Grant;
}

/**
 * Permission decision: The sandbox allowed or denied a call, or the request was cancelled.
 *
 * Wire type `permission_decision` (output).
 */
export interface PermissionDecisionEvent extends rt.HasExtra, rt.HasWire {
  /** Protocol schema version; always 2. */
  schemaVersion: 2;
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
  permissionGranted: boolean;
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
  risk: Risk;
  /** The sandbox block behind a deny or a promptable path check. */
  block?: Block;
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
  /** Protocol schema version; always 2. */
  schemaVersion: 2;
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
  /** Model-facing output, cut to 10 KiB with a `\n[truncated]` marker; omitted when empty. */
  output?: string;
  /** Whether the output was truncated (by the 10 KiB cut or by the tool itself). */
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
  /** Protocol schema version; always 2. */
  schemaVersion: 2;
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
  /** Protocol schema version; always 2. */
  schemaVersion: 2;
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
  /** Protocol schema version; always 2. */
  schemaVersion: 2;
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
  /** Protocol schema version; always 2. */
  schemaVersion: 2;
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
  /** Protocol schema version; always 2. */
  schemaVersion: 2;
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
  /** Protocol schema version; always 2. */
  schemaVersion: 2;
  /** Event type discriminator; always `run_end`. */
  type: "run_end";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** How the run ended. */
  status?: RunEndStatus;
  /** The process exit code (0, 2, 3, 4, 130). Between -(2^53-1) and 2^53-1, so every client holds it exactly. */
  exitCode: number;
}

/** One line of stream-json output. */
export type OutputEvent =
  | RunStartEvent
  | TextEvent
  | ReasoningEvent
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
export const OUTPUT_EVENT_TYPES: readonly OutputEventType[] = ["run_start", "text", "reasoning", "tool_call", "checkpoint", "permission", "permission_request", "permission_decision", "tool_result", "restore", "usage", "final", "warning", "error", "run_end"];
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

function decodeBlock(obj: rt.JsonObject, path: string, strict: boolean): Block {
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
  if (!isBlockCode(v6)) throw rt.badEnum(v6, BLOCK_CODE_VALUES, rt.join(path, "code"));
  const v7 = obj.toolName;
  if (v7 !== undefined) {
    if (typeof v7 !== "string") throw rt.wrongType("a string", v7, rt.join(path, "toolName"));
  }
  const v8 = obj.action;
  if (v8 === undefined) throw rt.missing(rt.join(path, "action"));
  if (!isBlockAction(v8)) throw rt.badEnum(v8, BLOCK_ACTION_VALUES, rt.join(path, "action"));
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
  return obj as unknown as Block;
}

function decodeGrant(obj: rt.JsonObject, path: string, strict: boolean): Grant {
  for (const key in obj) {
    switch (key) {
      case "toolName":
      case "scope":
      case "scopeKind":
      case "decision":
      case "approvedAt":
      case "reason":
      case "session":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v13 = obj.toolName;
  if (v13 === undefined) throw rt.missing(rt.join(path, "toolName"));
  if (typeof v13 !== "string") throw rt.wrongType("a string", v13, rt.join(path, "toolName"));
  const v14 = obj.scope;
  if (v14 !== undefined) {
    if (typeof v14 !== "string") throw rt.wrongType("a string", v14, rt.join(path, "scope"));
  }
  const v15 = obj.scopeKind;
  if (v15 !== undefined) {
    if (!isGrantScopeKind(v15)) throw rt.badEnum(v15, GRANT_SCOPE_KIND_VALUES, rt.join(path, "scopeKind"));
  }
  const v16 = obj.decision;
  if (v16 === undefined) throw rt.missing(rt.join(path, "decision"));
  if (!isGrantDecision(v16)) throw rt.badEnum(v16, GRANT_DECISION_VALUES, rt.join(path, "decision"));
  const v17 = obj.approvedAt;
  if (v17 === undefined) throw rt.missing(rt.join(path, "approvedAt"));
  if (typeof v17 !== "string") throw rt.wrongType("a string", v17, rt.join(path, "approvedAt"));
  const v18 = obj.reason;
  if (v18 !== undefined) {
    if (typeof v18 !== "string") throw rt.wrongType("a string", v18, rt.join(path, "reason"));
  }
  const v19 = obj.session;
  if (v19 !== undefined) {
    if (typeof v19 !== "boolean") throw rt.wrongType("a boolean", v19, rt.join(path, "session"));
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
  const v20 = obj.summary;
  if (v20 !== undefined) {
    if (typeof v20 !== "string") throw rt.wrongType("a string", v20, rt.join(path, "summary"));
  }
  const v21 = obj.kind;
  if (v21 !== undefined) {
    if (typeof v21 !== "string") throw rt.wrongType("a string", v21, rt.join(path, "kind"));
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
  const v22 = obj.sequence;
  if (v22 !== undefined) {
    if (typeof v22 !== "number" || !Number.isInteger(v22)) throw rt.badInteger(v22, rt.join(path, "sequence"));
    if (v22 < -9007199254740991) throw rt.constraint("less than the minimum -9007199254740991", rt.join(path, "sequence"));
    if (v22 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "sequence"));
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
  const v27 = obj.filesRestored;
  if (v27 !== undefined) {
    if (typeof v27 !== "number" || !Number.isInteger(v27)) throw rt.badInteger(v27, rt.join(path, "filesRestored"));
    if (v27 < -9007199254740991) throw rt.constraint("less than the minimum -9007199254740991", rt.join(path, "filesRestored"));
    if (v27 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "filesRestored"));
  }
  const v28 = obj.filesDeleted;
  if (v28 !== undefined) {
    if (typeof v28 !== "number" || !Number.isInteger(v28)) throw rt.badInteger(v28, rt.join(path, "filesDeleted"));
    if (v28 < -9007199254740991) throw rt.constraint("less than the minimum -9007199254740991", rt.join(path, "filesDeleted"));
    if (v28 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "filesDeleted"));
  }
  const v29 = obj.skipped;
  if (v29 !== undefined) {
    if (!Array.isArray(v29)) throw rt.wrongType("an array", v29, rt.join(path, "skipped"));
    for (let i30 = 0; i30 < v29.length; i30++) {
      const item31: unknown = v29[i30];
      if (typeof item31 !== "string") throw rt.wrongType("a string", item31, `${rt.join(path, "skipped")}[${i30}]`);
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
  const v32 = obj.mediaType;
  if (v32 === undefined) throw rt.missing(rt.join(path, "mediaType"));
  if (typeof v32 !== "string") throw rt.wrongType("a string", v32, rt.join(path, "mediaType"));
  const v33 = obj.data;
  if (v33 === undefined) throw rt.missing(rt.join(path, "data"));
  if (typeof v33 !== "string") throw rt.wrongType("a string", v33, rt.join(path, "data"));
  if (v33.length > 13981015 && rt.codePoints(v33) > 13981015) throw rt.constraint("longer than 13981015 characters", rt.join(path, "data"));
  if (!DATA_PATTERN.test(v33)) throw rt.constraint(`does not match the pattern ${DATA_PATTERN.regex.source}`, rt.join(path, "data"));
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
  const v34 = obj.content;
  if (v34 === undefined) throw rt.missing(rt.join(path, "content"));
  if (typeof v34 !== "string") throw rt.wrongType("a string", v34, rt.join(path, "content"));
  if (!CONTENT_PATTERN.test(v34)) throw rt.constraint(`does not match the pattern ${CONTENT_PATTERN.regex.source}`, rt.join(path, "content"));
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
  const v35 = obj.role;
  if (v35 === undefined) throw rt.missing(rt.join(path, "role"));
  if (v35 !== "user") throw rt.badConst("user", rt.join(path, "role"));
  const v36 = obj.content;
  if (v36 !== undefined) {
    if (typeof v36 !== "string") throw rt.wrongType("a string", v36, rt.join(path, "content"));
  }
  const v37 = obj.images;
  if (v37 !== undefined) {
    if (!Array.isArray(v37)) throw rt.wrongType("an array", v37, rt.join(path, "images"));
    for (let i38 = 0; i38 < v37.length; i38++) {
      const item39: unknown = v37[i38];
      if (!rt.isObject(item39)) throw rt.wrongType("an object", item39, `${rt.join(path, "images")}[${i38}]`);
      decodeInputImage(item39, `${rt.join(path, "images")}[${i38}]`, strict);
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
  const v40 = obj.runId;
  if (v40 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v40 !== "string") throw rt.wrongType("a string", v40, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v40)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v41 = obj.sessionId;
  if (v41 !== undefined) {
    if (typeof v41 !== "string") throw rt.wrongType("a string", v41, rt.join(path, "sessionId"));
  }
  const v42 = obj.cwd;
  if (v42 === undefined) throw rt.missing(rt.join(path, "cwd"));
  if (typeof v42 !== "string") throw rt.wrongType("a string", v42, rt.join(path, "cwd"));
  const v43 = obj.provider;
  if (v43 !== undefined) {
    if (typeof v43 !== "string") throw rt.wrongType("a string", v43, rt.join(path, "provider"));
  }
  const v44 = obj.model;
  if (v44 !== undefined) {
    if (typeof v44 !== "string") throw rt.wrongType("a string", v44, rt.join(path, "model"));
  }
  const v45 = obj.apiModel;
  if (v45 !== undefined) {
    if (typeof v45 !== "string") throw rt.wrongType("a string", v45, rt.join(path, "apiModel"));
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
  const v46 = obj.runId;
  if (v46 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v46 !== "string") throw rt.wrongType("a string", v46, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v46)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v47 = obj.delta;
  if (v47 !== undefined) {
    if (typeof v47 !== "string") throw rt.wrongType("a string", v47, rt.join(path, "delta"));
  }
  return obj as unknown as TextEvent;
}

function decodeReasoningEvent(obj: rt.JsonObject, path: string, strict: boolean): ReasoningEvent {
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
  const v48 = obj.runId;
  if (v48 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v48 !== "string") throw rt.wrongType("a string", v48, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v48)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v49 = obj.delta;
  if (v49 !== undefined) {
    if (typeof v49 !== "string") throw rt.wrongType("a string", v49, rt.join(path, "delta"));
  }
  return obj as unknown as ReasoningEvent;
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
  const v50 = obj.runId;
  if (v50 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v50 !== "string") throw rt.wrongType("a string", v50, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v50)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v51 = obj.id;
  if (v51 !== undefined) {
    if (typeof v51 !== "string") throw rt.wrongType("a string", v51, rt.join(path, "id"));
  }
  const v52 = obj.name;
  if (v52 !== undefined) {
    if (typeof v52 !== "string") throw rt.wrongType("a string", v52, rt.join(path, "name"));
  }
  const v53 = obj.args;
  if (v53 !== undefined) {
    rt.noteFreeJson(v53);
  }
  const v54 = obj.sideEffect;
  if (v54 === undefined) throw rt.missing(rt.join(path, "sideEffect"));
  if (!isToolCallSideEffect(v54)) throw rt.badEnum(v54, TOOL_CALL_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
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
  const v55 = obj.runId;
  if (v55 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v55 !== "string") throw rt.wrongType("a string", v55, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v55)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v56 = obj.checkpoint;
  if (v56 === undefined) throw rt.missing(rt.join(path, "checkpoint"));
  if (!rt.isObject(v56)) throw rt.wrongType("an object", v56, rt.join(path, "checkpoint"));
  decodeCheckpointInfo(v56, rt.join(path, "checkpoint"), strict);
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
      case "block":
      case "grantMatched":
      case "grant":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v57 = obj.runId;
  if (v57 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v57 !== "string") throw rt.wrongType("a string", v57, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v57)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v58 = obj.sessionId;
  if (v58 !== undefined) {
    if (typeof v58 !== "string") throw rt.wrongType("a string", v58, rt.join(path, "sessionId"));
  }
  const v59 = obj.id;
  if (v59 !== undefined) {
    if (typeof v59 !== "string") throw rt.wrongType("a string", v59, rt.join(path, "id"));
  }
  const v60 = obj.name;
  if (v60 !== undefined) {
    if (typeof v60 !== "string") throw rt.wrongType("a string", v60, rt.join(path, "name"));
  }
  const v61 = obj.action;
  if (v61 !== undefined) {
    if (typeof v61 !== "string") throw rt.wrongType("a string", v61, rt.join(path, "action"));
  }
  const v62 = obj.permission;
  if (v62 !== undefined) {
    if (!isPermission(v62)) throw rt.badEnum(v62, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v63 = obj.permissionGranted;
  if (v63 === undefined) throw rt.missing(rt.join(path, "permissionGranted"));
  if (typeof v63 !== "boolean") throw rt.wrongType("a boolean", v63, rt.join(path, "permissionGranted"));
  const v64 = obj.permissionMode;
  if (v64 !== undefined) {
    if (!isPermissionMode(v64)) throw rt.badEnum(v64, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v65 = obj.autonomy;
  if (v65 !== undefined) {
    if (!isPermissionAutonomy(v65)) throw rt.badEnum(v65, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v66 = obj.sideEffect;
  if (v66 !== undefined) {
    if (!isPermissionSideEffect(v66)) throw rt.badEnum(v66, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v67 = obj.reason;
  if (v67 !== undefined) {
    if (typeof v67 !== "string") throw rt.wrongType("a string", v67, rt.join(path, "reason"));
  }
  const v68 = obj.decisionReason;
  if (v68 !== undefined) {
    if (typeof v68 !== "string") throw rt.wrongType("a string", v68, rt.join(path, "decisionReason"));
  }
  const v69 = obj.risk;
  if (v69 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v69)) throw rt.wrongType("an object", v69, rt.join(path, "risk"));
  decodeRisk(v69, rt.join(path, "risk"), strict);
  const v70 = obj.block;
  if (v70 !== undefined) {
    if (!rt.isObject(v70)) throw rt.wrongType("an object", v70, rt.join(path, "block"));
    decodeBlock(v70, rt.join(path, "block"), strict);
  }
  const v71 = obj.grantMatched;
  if (v71 !== undefined) {
    if (typeof v71 !== "boolean") throw rt.wrongType("a boolean", v71, rt.join(path, "grantMatched"));
  }
  const v72 = obj.grant;
  if (v72 !== undefined) {
    if (!rt.isObject(v72)) throw rt.wrongType("an object", v72, rt.join(path, "grant"));
    decodeGrant(v72, rt.join(path, "grant"), strict);
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
      case "block":
      case "grantMatched":
      case "grant":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v73 = obj.runId;
  if (v73 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v73 !== "string") throw rt.wrongType("a string", v73, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v73)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v74 = obj.sessionId;
  if (v74 !== undefined) {
    if (typeof v74 !== "string") throw rt.wrongType("a string", v74, rt.join(path, "sessionId"));
  }
  const v75 = obj.id;
  if (v75 !== undefined) {
    if (typeof v75 !== "string") throw rt.wrongType("a string", v75, rt.join(path, "id"));
  }
  const v76 = obj.name;
  if (v76 !== undefined) {
    if (typeof v76 !== "string") throw rt.wrongType("a string", v76, rt.join(path, "name"));
  }
  const v77 = obj.action;
  if (v77 !== undefined) {
    if (!isPermissionRequestAction(v77)) throw rt.badEnum(v77, PERMISSION_REQUEST_ACTION_VALUES, rt.join(path, "action"));
  }
  const v78 = obj.permission;
  if (v78 !== undefined) {
    if (!isPermission(v78)) throw rt.badEnum(v78, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v79 = obj.permissionGranted;
  if (v79 === undefined) throw rt.missing(rt.join(path, "permissionGranted"));
  if (typeof v79 !== "boolean") throw rt.wrongType("a boolean", v79, rt.join(path, "permissionGranted"));
  const v80 = obj.permissionMode;
  if (v80 !== undefined) {
    if (!isPermissionMode(v80)) throw rt.badEnum(v80, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v81 = obj.autonomy;
  if (v81 !== undefined) {
    if (!isPermissionAutonomy(v81)) throw rt.badEnum(v81, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v82 = obj.sideEffect;
  if (v82 !== undefined) {
    if (!isPermissionSideEffect(v82)) throw rt.badEnum(v82, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v83 = obj.reason;
  if (v83 !== undefined) {
    if (typeof v83 !== "string") throw rt.wrongType("a string", v83, rt.join(path, "reason"));
  }
  const v84 = obj.decisionReason;
  if (v84 !== undefined) {
    if (typeof v84 !== "string") throw rt.wrongType("a string", v84, rt.join(path, "decisionReason"));
  }
  const v85 = obj.risk;
  if (v85 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v85)) throw rt.wrongType("an object", v85, rt.join(path, "risk"));
  decodeRisk(v85, rt.join(path, "risk"), strict);
  const v86 = obj.block;
  if (v86 !== undefined) {
    if (!rt.isObject(v86)) throw rt.wrongType("an object", v86, rt.join(path, "block"));
    decodeBlock(v86, rt.join(path, "block"), strict);
  }
  const v87 = obj.grantMatched;
  if (v87 !== undefined) {
    if (typeof v87 !== "boolean") throw rt.wrongType("a boolean", v87, rt.join(path, "grantMatched"));
  }
  const v88 = obj.grant;
  if (v88 !== undefined) {
    if (!rt.isObject(v88)) throw rt.wrongType("an object", v88, rt.join(path, "grant"));
    decodeGrant(v88, rt.join(path, "grant"), strict);
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
      case "block":
      case "grantMatched":
      case "grant":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v89 = obj.runId;
  if (v89 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v89 !== "string") throw rt.wrongType("a string", v89, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v89)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v90 = obj.sessionId;
  if (v90 !== undefined) {
    if (typeof v90 !== "string") throw rt.wrongType("a string", v90, rt.join(path, "sessionId"));
  }
  const v91 = obj.id;
  if (v91 !== undefined) {
    if (typeof v91 !== "string") throw rt.wrongType("a string", v91, rt.join(path, "id"));
  }
  const v92 = obj.name;
  if (v92 !== undefined) {
    if (typeof v92 !== "string") throw rt.wrongType("a string", v92, rt.join(path, "name"));
  }
  const v93 = obj.action;
  if (v93 !== undefined) {
    if (!isPermissionDecisionAction(v93)) throw rt.badEnum(v93, PERMISSION_DECISION_ACTION_VALUES, rt.join(path, "action"));
  }
  const v94 = obj.permission;
  if (v94 !== undefined) {
    if (!isPermission(v94)) throw rt.badEnum(v94, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v95 = obj.permissionGranted;
  if (v95 === undefined) throw rt.missing(rt.join(path, "permissionGranted"));
  if (typeof v95 !== "boolean") throw rt.wrongType("a boolean", v95, rt.join(path, "permissionGranted"));
  const v96 = obj.permissionMode;
  if (v96 !== undefined) {
    if (!isPermissionMode(v96)) throw rt.badEnum(v96, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v97 = obj.autonomy;
  if (v97 !== undefined) {
    if (!isPermissionAutonomy(v97)) throw rt.badEnum(v97, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v98 = obj.sideEffect;
  if (v98 !== undefined) {
    if (!isPermissionSideEffect(v98)) throw rt.badEnum(v98, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v99 = obj.reason;
  if (v99 !== undefined) {
    if (typeof v99 !== "string") throw rt.wrongType("a string", v99, rt.join(path, "reason"));
  }
  const v100 = obj.decisionReason;
  if (v100 !== undefined) {
    if (typeof v100 !== "string") throw rt.wrongType("a string", v100, rt.join(path, "decisionReason"));
  }
  const v101 = obj.risk;
  if (v101 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v101)) throw rt.wrongType("an object", v101, rt.join(path, "risk"));
  decodeRisk(v101, rt.join(path, "risk"), strict);
  const v102 = obj.block;
  if (v102 !== undefined) {
    if (!rt.isObject(v102)) throw rt.wrongType("an object", v102, rt.join(path, "block"));
    decodeBlock(v102, rt.join(path, "block"), strict);
  }
  const v103 = obj.grantMatched;
  if (v103 !== undefined) {
    if (typeof v103 !== "boolean") throw rt.wrongType("a boolean", v103, rt.join(path, "grantMatched"));
  }
  const v104 = obj.grant;
  if (v104 !== undefined) {
    if (!rt.isObject(v104)) throw rt.wrongType("an object", v104, rt.join(path, "grant"));
    decodeGrant(v104, rt.join(path, "grant"), strict);
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
  const v105 = obj.runId;
  if (v105 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v105 !== "string") throw rt.wrongType("a string", v105, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v105)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v106 = obj.id;
  if (v106 !== undefined) {
    if (typeof v106 !== "string") throw rt.wrongType("a string", v106, rt.join(path, "id"));
  }
  const v107 = obj.name;
  if (v107 !== undefined) {
    if (typeof v107 !== "string") throw rt.wrongType("a string", v107, rt.join(path, "name"));
  }
  const v108 = obj.status;
  if (v108 === undefined) throw rt.missing(rt.join(path, "status"));
  if (!isToolResultStatus(v108)) throw rt.badEnum(v108, TOOL_RESULT_STATUS_VALUES, rt.join(path, "status"));
  const v109 = obj.output;
  if (v109 !== undefined) {
    if (typeof v109 !== "string") throw rt.wrongType("a string", v109, rt.join(path, "output"));
  }
  const v110 = obj.truncated;
  if (v110 === undefined) throw rt.missing(rt.join(path, "truncated"));
  if (typeof v110 !== "boolean") throw rt.wrongType("a boolean", v110, rt.join(path, "truncated"));
  const v111 = obj.redacted;
  if (v111 !== undefined) {
    if (typeof v111 !== "boolean") throw rt.wrongType("a boolean", v111, rt.join(path, "redacted"));
  }
  const v112 = obj.changedFiles;
  if (v112 !== undefined) {
    if (!Array.isArray(v112)) throw rt.wrongType("an array", v112, rt.join(path, "changedFiles"));
    for (let i113 = 0; i113 < v112.length; i113++) {
      const item114: unknown = v112[i113];
      if (typeof item114 !== "string") throw rt.wrongType("a string", item114, `${rt.join(path, "changedFiles")}[${i113}]`);
    }
  }
  const v115 = obj.meta;
  if (v115 !== undefined) {
    if (!rt.isObject(v115)) throw rt.wrongType("an object", v115, rt.join(path, "meta"));
    for (const key116 in v115) {
      if (typeof v115[key116] !== "string") throw rt.wrongType("a string", v115[key116], rt.join(rt.join(path, "meta"), key116));
    }
  }
  const v117 = obj.display;
  if (v117 !== undefined) {
    if (!rt.isObject(v117)) throw rt.wrongType("an object", v117, rt.join(path, "display"));
    decodeDisplay(v117, rt.join(path, "display"), strict);
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
  const v118 = obj.runId;
  if (v118 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v118 !== "string") throw rt.wrongType("a string", v118, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v118)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v119 = obj.checkpoint;
  if (v119 !== undefined) {
    if (!rt.isObject(v119)) throw rt.wrongType("an object", v119, rt.join(path, "checkpoint"));
    decodeCheckpointInfo(v119, rt.join(path, "checkpoint"), strict);
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
  const v120 = obj.runId;
  if (v120 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v120 !== "string") throw rt.wrongType("a string", v120, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v120)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v121 = obj.promptTokens;
  if (v121 === undefined) throw rt.missing(rt.join(path, "promptTokens"));
  if (typeof v121 !== "number" || !Number.isInteger(v121)) throw rt.badInteger(v121, rt.join(path, "promptTokens"));
  if (v121 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "promptTokens"));
  if (v121 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "promptTokens"));
  const v122 = obj.completionTokens;
  if (v122 === undefined) throw rt.missing(rt.join(path, "completionTokens"));
  if (typeof v122 !== "number" || !Number.isInteger(v122)) throw rt.badInteger(v122, rt.join(path, "completionTokens"));
  if (v122 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "completionTokens"));
  if (v122 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "completionTokens"));
  const v123 = obj.totalTokens;
  if (v123 === undefined) throw rt.missing(rt.join(path, "totalTokens"));
  if (typeof v123 !== "number" || !Number.isInteger(v123)) throw rt.badInteger(v123, rt.join(path, "totalTokens"));
  if (v123 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "totalTokens"));
  if (v123 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "totalTokens"));
  const v124 = obj.costUsd;
  if (v124 !== undefined) {
    if (typeof v124 !== "number") throw rt.wrongType("a number", v124, rt.join(path, "costUsd"));
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
  const v125 = obj.runId;
  if (v125 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v125 !== "string") throw rt.wrongType("a string", v125, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v125)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v126 = obj.text;
  if (v126 !== undefined) {
    if (typeof v126 !== "string") throw rt.wrongType("a string", v126, rt.join(path, "text"));
  }
  const v127 = obj.meta;
  if (v127 !== undefined) {
    if (!rt.isObject(v127)) throw rt.wrongType("an object", v127, rt.join(path, "meta"));
    for (const key128 in v127) {
      if (typeof v127[key128] !== "string") throw rt.wrongType("a string", v127[key128], rt.join(rt.join(path, "meta"), key128));
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
  const v129 = obj.runId;
  if (v129 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v129 !== "string") throw rt.wrongType("a string", v129, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v129)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v130 = obj.message;
  if (v130 !== undefined) {
    if (typeof v130 !== "string") throw rt.wrongType("a string", v130, rt.join(path, "message"));
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
  const v131 = obj.runId;
  if (v131 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v131 !== "string") throw rt.wrongType("a string", v131, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v131)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v132 = obj.code;
  if (v132 !== undefined) {
    if (!isErrorCode(v132)) throw rt.badEnum(v132, ERROR_CODE_VALUES, rt.join(path, "code"));
  }
  const v133 = obj.message;
  if (v133 !== undefined) {
    if (typeof v133 !== "string") throw rt.wrongType("a string", v133, rt.join(path, "message"));
  }
  const v134 = obj.recoverable;
  if (v134 === undefined) throw rt.missing(rt.join(path, "recoverable"));
  if (typeof v134 !== "boolean") throw rt.wrongType("a boolean", v134, rt.join(path, "recoverable"));
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
  const v135 = obj.runId;
  if (v135 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v135 !== "string") throw rt.wrongType("a string", v135, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v135)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v136 = obj.status;
  if (v136 !== undefined) {
    if (!isRunEndStatus(v136)) throw rt.badEnum(v136, RUN_END_STATUS_VALUES, rt.join(path, "status"));
  }
  const v137 = obj.exitCode;
  if (v137 === undefined) throw rt.missing(rt.join(path, "exitCode"));
  if (typeof v137 !== "number" || !Number.isInteger(v137)) throw rt.badInteger(v137, rt.join(path, "exitCode"));
  if (v137 < -9007199254740991) throw rt.constraint("less than the minimum -9007199254740991", rt.join(path, "exitCode"));
  if (v137 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "exitCode"));
  return obj as unknown as RunEndEvent;
}

/** The fields every output event shares: a line of an unknown `type` must still have them. */
function checkOutputEnvelope(obj: rt.JsonObject): void {
  const v138 = obj.runId;
  if (v138 === undefined) throw rt.missing("runId");
  if (typeof v138 !== "string") throw rt.wrongType("a string", v138, "runId");
  if (!RUN_ID_PATTERN.test(v138)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, "runId");
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
    case "reasoning":
      return decodeReasoningEvent(obj, "", strict);
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
 * 2, then the event is checked strictly, so an event this version cannot express
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
