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

/** Whether `obj` is a valid `Block` with no unknown key (false: let `checkBlock` decide). */
function scanBlock(obj: rt.JsonObject): boolean {
  let present = 5;
  const v18 = obj.code;
  if (!isBlockCode(v18)) return false;
  const v19 = obj.toolName;
  if (v19 !== undefined) {
    if (typeof v19 !== "string") return false;
    present++;
  }
  const v20 = obj.action;
  if (!isBlockAction(v20)) return false;
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

/** The ordered checks of a `Block` at `path`: throws `ProtocolError` for the first fault. */
function checkBlock(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  if (!isBlockCode(v11)) throw rt.badEnum(v11, BLOCK_CODE_VALUES, rt.join(path, "code"));
  const v12 = obj.toolName;
  if (v12 !== undefined) {
    if (typeof v12 !== "string") throw rt.wrongType("a string", v12, rt.join(path, "toolName"));
  }
  const v13 = obj.action;
  if (v13 === undefined) throw rt.missing(rt.join(path, "action"));
  if (!isBlockAction(v13)) throw rt.badEnum(v13, BLOCK_ACTION_VALUES, rt.join(path, "action"));
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
  let present = 3;
  const v32 = obj.toolName;
  if (typeof v32 !== "string") return false;
  const v33 = obj.scope;
  if (v33 !== undefined) {
    if (typeof v33 !== "string") return false;
    present++;
  }
  const v34 = obj.scopeKind;
  if (v34 !== undefined) {
    if (!isGrantScopeKind(v34)) return false;
    present++;
  }
  const v35 = obj.decision;
  if (!isGrantDecision(v35)) return false;
  const v36 = obj.approvedAt;
  if (typeof v36 !== "string") return false;
  const v37 = obj.reason;
  if (v37 !== undefined) {
    if (typeof v37 !== "string") return false;
    present++;
  }
  const v38 = obj.session;
  if (v38 !== undefined) {
    if (typeof v38 !== "boolean") return false;
    present++;
  }
  return rt.keyCount(obj) === present;
}

/** The ordered checks of a `Grant` at `path`: throws `ProtocolError` for the first fault. */
function checkGrant(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v25 = obj.toolName;
  if (v25 === undefined) throw rt.missing(rt.join(path, "toolName"));
  if (typeof v25 !== "string") throw rt.wrongType("a string", v25, rt.join(path, "toolName"));
  const v26 = obj.scope;
  if (v26 !== undefined) {
    if (typeof v26 !== "string") throw rt.wrongType("a string", v26, rt.join(path, "scope"));
  }
  const v27 = obj.scopeKind;
  if (v27 !== undefined) {
    if (!isGrantScopeKind(v27)) throw rt.badEnum(v27, GRANT_SCOPE_KIND_VALUES, rt.join(path, "scopeKind"));
  }
  const v28 = obj.decision;
  if (v28 === undefined) throw rt.missing(rt.join(path, "decision"));
  if (!isGrantDecision(v28)) throw rt.badEnum(v28, GRANT_DECISION_VALUES, rt.join(path, "decision"));
  const v29 = obj.approvedAt;
  if (v29 === undefined) throw rt.missing(rt.join(path, "approvedAt"));
  if (typeof v29 !== "string") throw rt.wrongType("a string", v29, rt.join(path, "approvedAt"));
  const v30 = obj.reason;
  if (v30 !== undefined) {
    if (typeof v30 !== "string") throw rt.wrongType("a string", v30, rt.join(path, "reason"));
  }
  const v31 = obj.session;
  if (v31 !== undefined) {
    if (typeof v31 !== "boolean") throw rt.wrongType("a boolean", v31, rt.join(path, "session"));
  }
}

/** Whether `obj` is a valid `Display` with no unknown key (false: let `checkDisplay` decide). */
function scanDisplay(obj: rt.JsonObject): boolean {
  let present = 0;
  const v41 = obj.summary;
  if (v41 !== undefined) {
    if (typeof v41 !== "string") return false;
    present++;
  }
  const v42 = obj.kind;
  if (v42 !== undefined) {
    if (typeof v42 !== "string") return false;
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
  const v39 = obj.summary;
  if (v39 !== undefined) {
    if (typeof v39 !== "string") throw rt.wrongType("a string", v39, rt.join(path, "summary"));
  }
  const v40 = obj.kind;
  if (v40 !== undefined) {
    if (typeof v40 !== "string") throw rt.wrongType("a string", v40, rt.join(path, "kind"));
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
        for (let i53 = 0; i53 < value.length; i53++) {
          const item54: unknown = value[i53];
          if (typeof item54 !== "string") return false;
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
        for (let i55 = 0; i55 < value.length; i55++) {
          const item56: unknown = value[i55];
          if (typeof item56 !== "string") return false;
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
  const v43 = obj.sequence;
  if (v43 !== undefined) {
    if (typeof v43 !== "number" || !Number.isInteger(v43)) throw rt.badInteger(v43, rt.join(path, "sequence"));
    if (v43 < -9007199254740991) throw rt.constraint("less than the minimum -9007199254740991", rt.join(path, "sequence"));
    if (v43 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "sequence"));
  }
  const v44 = obj.tool;
  if (v44 !== undefined) {
    if (typeof v44 !== "string") throw rt.wrongType("a string", v44, rt.join(path, "tool"));
  }
  const v45 = obj.files;
  if (v45 !== undefined) {
    if (!Array.isArray(v45)) throw rt.wrongType("an array", v45, rt.join(path, "files"));
    for (let i46 = 0; i46 < v45.length; i46++) {
      const item47: unknown = v45[i46];
      if (typeof item47 !== "string") throw rt.wrongType("a string", item47, `${rt.join(path, "files")}[${i46}]`);
    }
  }
  const v48 = obj.filesRestored;
  if (v48 !== undefined) {
    if (typeof v48 !== "number" || !Number.isInteger(v48)) throw rt.badInteger(v48, rt.join(path, "filesRestored"));
    if (v48 < -9007199254740991) throw rt.constraint("less than the minimum -9007199254740991", rt.join(path, "filesRestored"));
    if (v48 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "filesRestored"));
  }
  const v49 = obj.filesDeleted;
  if (v49 !== undefined) {
    if (typeof v49 !== "number" || !Number.isInteger(v49)) throw rt.badInteger(v49, rt.join(path, "filesDeleted"));
    if (v49 < -9007199254740991) throw rt.constraint("less than the minimum -9007199254740991", rt.join(path, "filesDeleted"));
    if (v49 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "filesDeleted"));
  }
  const v50 = obj.skipped;
  if (v50 !== undefined) {
    if (!Array.isArray(v50)) throw rt.wrongType("an array", v50, rt.join(path, "skipped"));
    for (let i51 = 0; i51 < v50.length; i51++) {
      const item52: unknown = v50[i51];
      if (typeof item52 !== "string") throw rt.wrongType("a string", item52, `${rt.join(path, "skipped")}[${i51}]`);
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
  const v57 = obj.mediaType;
  if (v57 === undefined) throw rt.missing(rt.join(path, "mediaType"));
  if (typeof v57 !== "string") throw rt.wrongType("a string", v57, rt.join(path, "mediaType"));
  const v58 = obj.data;
  if (v58 === undefined) throw rt.missing(rt.join(path, "data"));
  if (typeof v58 !== "string") throw rt.wrongType("a string", v58, rt.join(path, "data"));
  if (v58.length > 13981015 && rt.codePoints(v58) > 13981015) throw rt.constraint("longer than 13981015 characters", rt.join(path, "data"));
  if (!DATA_PATTERN.test(v58)) throw rt.constraint(`does not match the pattern ${DATA_PATTERN.regex.source}`, rt.join(path, "data"));
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
  const v59 = obj.content;
  if (v59 === undefined) throw rt.missing(rt.join(path, "content"));
  if (typeof v59 !== "string") throw rt.wrongType("a string", v59, rt.join(path, "content"));
  if (!CONTENT_PATTERN.test(v59)) throw rt.constraint(`does not match the pattern ${CONTENT_PATTERN.regex.source}`, rt.join(path, "content"));
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
  const v60 = obj.role;
  if (v60 === undefined) throw rt.missing(rt.join(path, "role"));
  if (v60 !== "user") throw rt.badConst("user", rt.join(path, "role"));
  const v61 = obj.content;
  if (v61 !== undefined) {
    if (typeof v61 !== "string") throw rt.wrongType("a string", v61, rt.join(path, "content"));
  }
  const v62 = obj.images;
  if (v62 !== undefined) {
    if (!Array.isArray(v62)) throw rt.wrongType("an array", v62, rt.join(path, "images"));
    for (let i63 = 0; i63 < v62.length; i63++) {
      const item64: unknown = v62[i63];
      if (!rt.isObject(item64)) throw rt.wrongType("an object", item64, `${rt.join(path, "images")}[${i63}]`);
      checkInputImage(item64, `${rt.join(path, "images")}[${i63}]`, strict);
    }
  }
  rt.checkAnyOf(obj, MESSAGE_INPUT_ALTERNATIVES, path);
}

/** Whether `obj` is a valid `RunStartEvent` with no unknown key (false: let `checkRunStartEvent` decide). */
function scanRunStartEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  const v71 = obj.schemaVersion;
  if (v71 !== 2) return false;
  const v72 = obj.runId;
  if (typeof v72 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v72)) return false;
  const v73 = obj.sessionId;
  if (v73 !== undefined) {
    if (typeof v73 !== "string") return false;
    present++;
  }
  const v74 = obj.cwd;
  if (typeof v74 !== "string") return false;
  const v75 = obj.provider;
  if (v75 !== undefined) {
    if (typeof v75 !== "string") return false;
    present++;
  }
  const v76 = obj.model;
  if (v76 !== undefined) {
    if (typeof v76 !== "string") return false;
    present++;
  }
  const v77 = obj.apiModel;
  if (v77 !== undefined) {
    if (typeof v77 !== "string") return false;
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
  const v65 = obj.runId;
  if (v65 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v65 !== "string") throw rt.wrongType("a string", v65, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v65)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v66 = obj.sessionId;
  if (v66 !== undefined) {
    if (typeof v66 !== "string") throw rt.wrongType("a string", v66, rt.join(path, "sessionId"));
  }
  const v67 = obj.cwd;
  if (v67 === undefined) throw rt.missing(rt.join(path, "cwd"));
  if (typeof v67 !== "string") throw rt.wrongType("a string", v67, rt.join(path, "cwd"));
  const v68 = obj.provider;
  if (v68 !== undefined) {
    if (typeof v68 !== "string") throw rt.wrongType("a string", v68, rt.join(path, "provider"));
  }
  const v69 = obj.model;
  if (v69 !== undefined) {
    if (typeof v69 !== "string") throw rt.wrongType("a string", v69, rt.join(path, "model"));
  }
  const v70 = obj.apiModel;
  if (v70 !== undefined) {
    if (typeof v70 !== "string") throw rt.wrongType("a string", v70, rt.join(path, "apiModel"));
  }
}

/** Whether `obj` is a valid `TextEvent` with no unknown key (false: let `checkTextEvent` decide). */
function scanTextEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  const v80 = obj.schemaVersion;
  if (v80 !== 2) return false;
  const v81 = obj.runId;
  if (typeof v81 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v81)) return false;
  const v82 = obj.delta;
  if (v82 !== undefined) {
    if (typeof v82 !== "string") return false;
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
  const v78 = obj.runId;
  if (v78 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v78 !== "string") throw rt.wrongType("a string", v78, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v78)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v79 = obj.delta;
  if (v79 !== undefined) {
    if (typeof v79 !== "string") throw rt.wrongType("a string", v79, rt.join(path, "delta"));
  }
}

/** Whether `obj` is a valid `ReasoningEvent` with no unknown key (false: let `checkReasoningEvent` decide). */
function scanReasoningEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  const v85 = obj.schemaVersion;
  if (v85 !== 2) return false;
  const v86 = obj.runId;
  if (typeof v86 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v86)) return false;
  const v87 = obj.delta;
  if (v87 !== undefined) {
    if (typeof v87 !== "string") return false;
    present++;
  }
  return rt.keyCount(obj) === present;
}

/** The ordered checks of a `ReasoningEvent` at `path`: throws `ProtocolError` for the first fault. */
function checkReasoningEvent(obj: rt.JsonObject, path: string, strict: boolean): void {
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
  const v83 = obj.runId;
  if (v83 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v83 !== "string") throw rt.wrongType("a string", v83, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v83)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v84 = obj.delta;
  if (v84 !== undefined) {
    if (typeof v84 !== "string") throw rt.wrongType("a string", v84, rt.join(path, "delta"));
  }
}

/** Whether `obj` is a valid `ToolCallEvent` with no unknown key (false: let `checkToolCallEvent` decide). */
function scanToolCallEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  const v93 = obj.schemaVersion;
  if (v93 !== 2) return false;
  const v94 = obj.runId;
  if (typeof v94 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v94)) return false;
  const v95 = obj.id;
  if (v95 !== undefined) {
    if (typeof v95 !== "string") return false;
    present++;
  }
  const v96 = obj.name;
  if (v96 !== undefined) {
    if (typeof v96 !== "string") return false;
    present++;
  }
  const v97 = obj.args;
  if (v97 !== undefined) {
    rt.noteFreeJson(v97);
    present++;
  }
  const v98 = obj.sideEffect;
  if (!isToolCallSideEffect(v98)) return false;
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
  const v88 = obj.runId;
  if (v88 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v88 !== "string") throw rt.wrongType("a string", v88, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v88)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v89 = obj.id;
  if (v89 !== undefined) {
    if (typeof v89 !== "string") throw rt.wrongType("a string", v89, rt.join(path, "id"));
  }
  const v90 = obj.name;
  if (v90 !== undefined) {
    if (typeof v90 !== "string") throw rt.wrongType("a string", v90, rt.join(path, "name"));
  }
  const v91 = obj.args;
  if (v91 !== undefined) {
    rt.noteFreeJson(v91);
  }
  const v92 = obj.sideEffect;
  if (v92 === undefined) throw rt.missing(rt.join(path, "sideEffect"));
  if (!isToolCallSideEffect(v92)) throw rt.badEnum(v92, TOOL_CALL_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
}

/** Whether `obj` is a valid `CheckpointEvent` with no unknown key (false: let `checkCheckpointEvent` decide). */
function scanCheckpointEvent(obj: rt.JsonObject): boolean {
  const v101 = obj.schemaVersion;
  if (v101 !== 2) return false;
  const v102 = obj.runId;
  if (typeof v102 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v102)) return false;
  const v103 = obj.checkpoint;
  if (!rt.isObject(v103) || !scanCheckpointInfo(v103)) return false;
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
  const v99 = obj.runId;
  if (v99 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v99 !== "string") throw rt.wrongType("a string", v99, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v99)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v100 = obj.checkpoint;
  if (v100 === undefined) throw rt.missing(rt.join(path, "checkpoint"));
  if (!rt.isObject(v100)) throw rt.wrongType("an object", v100, rt.join(path, "checkpoint"));
  checkCheckpointInfo(v100, rt.join(path, "checkpoint"), strict);
}

/** Whether `obj` is a valid `PermissionEvent` with no unknown key (false: let `checkPermissionEvent` decide). */
function scanPermissionEvent(obj: rt.JsonObject): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
        if (value !== 2) return false;
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
        required++;
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
        required++;
        continue;
      case "block":
        if (!rt.isObject(value) || !scanBlock(value)) return false;
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
  return required === 5;
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
      case "block":
      case "grantMatched":
      case "grant":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v104 = obj.runId;
  if (v104 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v104 !== "string") throw rt.wrongType("a string", v104, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v104)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v105 = obj.sessionId;
  if (v105 !== undefined) {
    if (typeof v105 !== "string") throw rt.wrongType("a string", v105, rt.join(path, "sessionId"));
  }
  const v106 = obj.id;
  if (v106 !== undefined) {
    if (typeof v106 !== "string") throw rt.wrongType("a string", v106, rt.join(path, "id"));
  }
  const v107 = obj.name;
  if (v107 !== undefined) {
    if (typeof v107 !== "string") throw rt.wrongType("a string", v107, rt.join(path, "name"));
  }
  const v108 = obj.action;
  if (v108 !== undefined) {
    if (typeof v108 !== "string") throw rt.wrongType("a string", v108, rt.join(path, "action"));
  }
  const v109 = obj.permission;
  if (v109 !== undefined) {
    if (!isPermission(v109)) throw rt.badEnum(v109, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v110 = obj.permissionGranted;
  if (v110 === undefined) throw rt.missing(rt.join(path, "permissionGranted"));
  if (typeof v110 !== "boolean") throw rt.wrongType("a boolean", v110, rt.join(path, "permissionGranted"));
  const v111 = obj.permissionMode;
  if (v111 !== undefined) {
    if (!isPermissionMode(v111)) throw rt.badEnum(v111, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v112 = obj.autonomy;
  if (v112 !== undefined) {
    if (!isPermissionAutonomy(v112)) throw rt.badEnum(v112, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v113 = obj.sideEffect;
  if (v113 !== undefined) {
    if (!isPermissionSideEffect(v113)) throw rt.badEnum(v113, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v114 = obj.reason;
  if (v114 !== undefined) {
    if (typeof v114 !== "string") throw rt.wrongType("a string", v114, rt.join(path, "reason"));
  }
  const v115 = obj.decisionReason;
  if (v115 !== undefined) {
    if (typeof v115 !== "string") throw rt.wrongType("a string", v115, rt.join(path, "decisionReason"));
  }
  const v116 = obj.risk;
  if (v116 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v116)) throw rt.wrongType("an object", v116, rt.join(path, "risk"));
  checkRisk(v116, rt.join(path, "risk"), strict);
  const v117 = obj.block;
  if (v117 !== undefined) {
    if (!rt.isObject(v117)) throw rt.wrongType("an object", v117, rt.join(path, "block"));
    checkBlock(v117, rt.join(path, "block"), strict);
  }
  const v118 = obj.grantMatched;
  if (v118 !== undefined) {
    if (typeof v118 !== "boolean") throw rt.wrongType("a boolean", v118, rt.join(path, "grantMatched"));
  }
  const v119 = obj.grant;
  if (v119 !== undefined) {
    if (!rt.isObject(v119)) throw rt.wrongType("an object", v119, rt.join(path, "grant"));
    checkGrant(v119, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `PermissionRequestEvent` with no unknown key (false: let `checkPermissionRequestEvent` decide). */
function scanPermissionRequestEvent(obj: rt.JsonObject): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
        if (value !== 2) return false;
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
        required++;
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
        required++;
        continue;
      case "block":
        if (!rt.isObject(value) || !scanBlock(value)) return false;
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
  return required === 5;
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
      case "block":
      case "grantMatched":
      case "grant":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v120 = obj.runId;
  if (v120 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v120 !== "string") throw rt.wrongType("a string", v120, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v120)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v121 = obj.sessionId;
  if (v121 !== undefined) {
    if (typeof v121 !== "string") throw rt.wrongType("a string", v121, rt.join(path, "sessionId"));
  }
  const v122 = obj.id;
  if (v122 !== undefined) {
    if (typeof v122 !== "string") throw rt.wrongType("a string", v122, rt.join(path, "id"));
  }
  const v123 = obj.name;
  if (v123 !== undefined) {
    if (typeof v123 !== "string") throw rt.wrongType("a string", v123, rt.join(path, "name"));
  }
  const v124 = obj.action;
  if (v124 !== undefined) {
    if (!isPermissionRequestAction(v124)) throw rt.badEnum(v124, PERMISSION_REQUEST_ACTION_VALUES, rt.join(path, "action"));
  }
  const v125 = obj.permission;
  if (v125 !== undefined) {
    if (!isPermission(v125)) throw rt.badEnum(v125, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v126 = obj.permissionGranted;
  if (v126 === undefined) throw rt.missing(rt.join(path, "permissionGranted"));
  if (typeof v126 !== "boolean") throw rt.wrongType("a boolean", v126, rt.join(path, "permissionGranted"));
  const v127 = obj.permissionMode;
  if (v127 !== undefined) {
    if (!isPermissionMode(v127)) throw rt.badEnum(v127, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v128 = obj.autonomy;
  if (v128 !== undefined) {
    if (!isPermissionAutonomy(v128)) throw rt.badEnum(v128, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v129 = obj.sideEffect;
  if (v129 !== undefined) {
    if (!isPermissionSideEffect(v129)) throw rt.badEnum(v129, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v130 = obj.reason;
  if (v130 !== undefined) {
    if (typeof v130 !== "string") throw rt.wrongType("a string", v130, rt.join(path, "reason"));
  }
  const v131 = obj.decisionReason;
  if (v131 !== undefined) {
    if (typeof v131 !== "string") throw rt.wrongType("a string", v131, rt.join(path, "decisionReason"));
  }
  const v132 = obj.risk;
  if (v132 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v132)) throw rt.wrongType("an object", v132, rt.join(path, "risk"));
  checkRisk(v132, rt.join(path, "risk"), strict);
  const v133 = obj.block;
  if (v133 !== undefined) {
    if (!rt.isObject(v133)) throw rt.wrongType("an object", v133, rt.join(path, "block"));
    checkBlock(v133, rt.join(path, "block"), strict);
  }
  const v134 = obj.grantMatched;
  if (v134 !== undefined) {
    if (typeof v134 !== "boolean") throw rt.wrongType("a boolean", v134, rt.join(path, "grantMatched"));
  }
  const v135 = obj.grant;
  if (v135 !== undefined) {
    if (!rt.isObject(v135)) throw rt.wrongType("an object", v135, rt.join(path, "grant"));
    checkGrant(v135, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `PermissionDecisionEvent` with no unknown key (false: let `checkPermissionDecisionEvent` decide). */
function scanPermissionDecisionEvent(obj: rt.JsonObject): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
        if (value !== 2) return false;
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
        required++;
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
        required++;
        continue;
      case "block":
        if (!rt.isObject(value) || !scanBlock(value)) return false;
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
  return required === 5;
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
      case "block":
      case "grantMatched":
      case "grant":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v136 = obj.runId;
  if (v136 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v136 !== "string") throw rt.wrongType("a string", v136, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v136)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v137 = obj.sessionId;
  if (v137 !== undefined) {
    if (typeof v137 !== "string") throw rt.wrongType("a string", v137, rt.join(path, "sessionId"));
  }
  const v138 = obj.id;
  if (v138 !== undefined) {
    if (typeof v138 !== "string") throw rt.wrongType("a string", v138, rt.join(path, "id"));
  }
  const v139 = obj.name;
  if (v139 !== undefined) {
    if (typeof v139 !== "string") throw rt.wrongType("a string", v139, rt.join(path, "name"));
  }
  const v140 = obj.action;
  if (v140 !== undefined) {
    if (!isPermissionDecisionAction(v140)) throw rt.badEnum(v140, PERMISSION_DECISION_ACTION_VALUES, rt.join(path, "action"));
  }
  const v141 = obj.permission;
  if (v141 !== undefined) {
    if (!isPermission(v141)) throw rt.badEnum(v141, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v142 = obj.permissionGranted;
  if (v142 === undefined) throw rt.missing(rt.join(path, "permissionGranted"));
  if (typeof v142 !== "boolean") throw rt.wrongType("a boolean", v142, rt.join(path, "permissionGranted"));
  const v143 = obj.permissionMode;
  if (v143 !== undefined) {
    if (!isPermissionMode(v143)) throw rt.badEnum(v143, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v144 = obj.autonomy;
  if (v144 !== undefined) {
    if (!isPermissionAutonomy(v144)) throw rt.badEnum(v144, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v145 = obj.sideEffect;
  if (v145 !== undefined) {
    if (!isPermissionSideEffect(v145)) throw rt.badEnum(v145, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v146 = obj.reason;
  if (v146 !== undefined) {
    if (typeof v146 !== "string") throw rt.wrongType("a string", v146, rt.join(path, "reason"));
  }
  const v147 = obj.decisionReason;
  if (v147 !== undefined) {
    if (typeof v147 !== "string") throw rt.wrongType("a string", v147, rt.join(path, "decisionReason"));
  }
  const v148 = obj.risk;
  if (v148 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v148)) throw rt.wrongType("an object", v148, rt.join(path, "risk"));
  checkRisk(v148, rt.join(path, "risk"), strict);
  const v149 = obj.block;
  if (v149 !== undefined) {
    if (!rt.isObject(v149)) throw rt.wrongType("an object", v149, rt.join(path, "block"));
    checkBlock(v149, rt.join(path, "block"), strict);
  }
  const v150 = obj.grantMatched;
  if (v150 !== undefined) {
    if (typeof v150 !== "boolean") throw rt.wrongType("a boolean", v150, rt.join(path, "grantMatched"));
  }
  const v151 = obj.grant;
  if (v151 !== undefined) {
    if (!rt.isObject(v151)) throw rt.wrongType("an object", v151, rt.join(path, "grant"));
    checkGrant(v151, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `ToolResultEvent` with no unknown key (false: let `checkToolResultEvent` decide). */
function scanToolResultEvent(obj: rt.JsonObject): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "schemaVersion":
        if (value !== 2) return false;
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
        for (let i165 = 0; i165 < value.length; i165++) {
          const item166: unknown = value[i165];
          if (typeof item166 !== "string") return false;
        }
        continue;
      case "meta":
        if (!rt.isObject(value)) return false;
        for (const key167 in value) {
          if (typeof value[key167] !== "string") return false;
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
  const v152 = obj.runId;
  if (v152 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v152 !== "string") throw rt.wrongType("a string", v152, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v152)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v153 = obj.id;
  if (v153 !== undefined) {
    if (typeof v153 !== "string") throw rt.wrongType("a string", v153, rt.join(path, "id"));
  }
  const v154 = obj.name;
  if (v154 !== undefined) {
    if (typeof v154 !== "string") throw rt.wrongType("a string", v154, rt.join(path, "name"));
  }
  const v155 = obj.status;
  if (v155 === undefined) throw rt.missing(rt.join(path, "status"));
  if (!isToolResultStatus(v155)) throw rt.badEnum(v155, TOOL_RESULT_STATUS_VALUES, rt.join(path, "status"));
  const v156 = obj.output;
  if (v156 !== undefined) {
    if (typeof v156 !== "string") throw rt.wrongType("a string", v156, rt.join(path, "output"));
  }
  const v157 = obj.truncated;
  if (v157 === undefined) throw rt.missing(rt.join(path, "truncated"));
  if (typeof v157 !== "boolean") throw rt.wrongType("a boolean", v157, rt.join(path, "truncated"));
  const v158 = obj.redacted;
  if (v158 !== undefined) {
    if (typeof v158 !== "boolean") throw rt.wrongType("a boolean", v158, rt.join(path, "redacted"));
  }
  const v159 = obj.changedFiles;
  if (v159 !== undefined) {
    if (!Array.isArray(v159)) throw rt.wrongType("an array", v159, rt.join(path, "changedFiles"));
    for (let i160 = 0; i160 < v159.length; i160++) {
      const item161: unknown = v159[i160];
      if (typeof item161 !== "string") throw rt.wrongType("a string", item161, `${rt.join(path, "changedFiles")}[${i160}]`);
    }
  }
  const v162 = obj.meta;
  if (v162 !== undefined) {
    if (!rt.isObject(v162)) throw rt.wrongType("an object", v162, rt.join(path, "meta"));
    for (const key163 in v162) {
      if (typeof v162[key163] !== "string") throw rt.wrongType("a string", v162[key163], rt.join(rt.join(path, "meta"), key163));
    }
  }
  const v164 = obj.display;
  if (v164 !== undefined) {
    if (!rt.isObject(v164)) throw rt.wrongType("an object", v164, rt.join(path, "display"));
    checkDisplay(v164, rt.join(path, "display"), strict);
  }
}

/** Whether `obj` is a valid `RestoreEvent` with no unknown key (false: let `checkRestoreEvent` decide). */
function scanRestoreEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  const v170 = obj.schemaVersion;
  if (v170 !== 2) return false;
  const v171 = obj.runId;
  if (typeof v171 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v171)) return false;
  const v172 = obj.checkpoint;
  if (v172 !== undefined) {
    if (!rt.isObject(v172) || !scanCheckpointInfo(v172)) return false;
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
  const v168 = obj.runId;
  if (v168 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v168 !== "string") throw rt.wrongType("a string", v168, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v168)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v169 = obj.checkpoint;
  if (v169 !== undefined) {
    if (!rt.isObject(v169)) throw rt.wrongType("an object", v169, rt.join(path, "checkpoint"));
    checkCheckpointInfo(v169, rt.join(path, "checkpoint"), strict);
  }
}

/** Whether `obj` is a valid `UsageEvent` with no unknown key (false: let `checkUsageEvent` decide). */
function scanUsageEvent(obj: rt.JsonObject): boolean {
  let present = 6;
  const v178 = obj.schemaVersion;
  if (v178 !== 2) return false;
  const v179 = obj.runId;
  if (typeof v179 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v179)) return false;
  const v180 = obj.promptTokens;
  if (typeof v180 !== "number" || !Number.isInteger(v180)) return false;
  if (v180 < 0) return false;
  if (v180 > 9007199254740991) return false;
  const v181 = obj.completionTokens;
  if (typeof v181 !== "number" || !Number.isInteger(v181)) return false;
  if (v181 < 0) return false;
  if (v181 > 9007199254740991) return false;
  const v182 = obj.totalTokens;
  if (typeof v182 !== "number" || !Number.isInteger(v182)) return false;
  if (v182 < 0) return false;
  if (v182 > 9007199254740991) return false;
  const v183 = obj.costUsd;
  if (v183 !== undefined) {
    if (typeof v183 !== "number" || !Number.isFinite(v183)) return false;
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
  const v173 = obj.runId;
  if (v173 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v173 !== "string") throw rt.wrongType("a string", v173, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v173)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v174 = obj.promptTokens;
  if (v174 === undefined) throw rt.missing(rt.join(path, "promptTokens"));
  if (typeof v174 !== "number" || !Number.isInteger(v174)) throw rt.badInteger(v174, rt.join(path, "promptTokens"));
  if (v174 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "promptTokens"));
  if (v174 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "promptTokens"));
  const v175 = obj.completionTokens;
  if (v175 === undefined) throw rt.missing(rt.join(path, "completionTokens"));
  if (typeof v175 !== "number" || !Number.isInteger(v175)) throw rt.badInteger(v175, rt.join(path, "completionTokens"));
  if (v175 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "completionTokens"));
  if (v175 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "completionTokens"));
  const v176 = obj.totalTokens;
  if (v176 === undefined) throw rt.missing(rt.join(path, "totalTokens"));
  if (typeof v176 !== "number" || !Number.isInteger(v176)) throw rt.badInteger(v176, rt.join(path, "totalTokens"));
  if (v176 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "totalTokens"));
  if (v176 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "totalTokens"));
  const v177 = obj.costUsd;
  if (v177 !== undefined) {
    if (typeof v177 !== "number" || !Number.isFinite(v177)) throw rt.wrongType("a number", v177, rt.join(path, "costUsd"));
  }
}

/** Whether `obj` is a valid `FinalEvent` with no unknown key (false: let `checkFinalEvent` decide). */
function scanFinalEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  const v188 = obj.schemaVersion;
  if (v188 !== 2) return false;
  const v189 = obj.runId;
  if (typeof v189 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v189)) return false;
  const v190 = obj.text;
  if (v190 !== undefined) {
    if (typeof v190 !== "string") return false;
    present++;
  }
  const v191 = obj.meta;
  if (v191 !== undefined) {
    if (!rt.isObject(v191)) return false;
    for (const key192 in v191) {
      if (typeof v191[key192] !== "string") return false;
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
  const v184 = obj.runId;
  if (v184 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v184 !== "string") throw rt.wrongType("a string", v184, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v184)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v185 = obj.text;
  if (v185 !== undefined) {
    if (typeof v185 !== "string") throw rt.wrongType("a string", v185, rt.join(path, "text"));
  }
  const v186 = obj.meta;
  if (v186 !== undefined) {
    if (!rt.isObject(v186)) throw rt.wrongType("an object", v186, rt.join(path, "meta"));
    for (const key187 in v186) {
      if (typeof v186[key187] !== "string") throw rt.wrongType("a string", v186[key187], rt.join(rt.join(path, "meta"), key187));
    }
  }
}

/** Whether `obj` is a valid `WarningEvent` with no unknown key (false: let `checkWarningEvent` decide). */
function scanWarningEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  const v195 = obj.schemaVersion;
  if (v195 !== 2) return false;
  const v196 = obj.runId;
  if (typeof v196 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v196)) return false;
  const v197 = obj.message;
  if (v197 !== undefined) {
    if (typeof v197 !== "string") return false;
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
  const v193 = obj.runId;
  if (v193 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v193 !== "string") throw rt.wrongType("a string", v193, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v193)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v194 = obj.message;
  if (v194 !== undefined) {
    if (typeof v194 !== "string") throw rt.wrongType("a string", v194, rt.join(path, "message"));
  }
}

/** Whether `obj` is a valid `ErrorEvent` with no unknown key (false: let `checkErrorEvent` decide). */
function scanErrorEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  const v202 = obj.schemaVersion;
  if (v202 !== 2) return false;
  const v203 = obj.runId;
  if (typeof v203 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v203)) return false;
  const v204 = obj.code;
  if (v204 !== undefined) {
    if (!isErrorCode(v204)) return false;
    present++;
  }
  const v205 = obj.message;
  if (v205 !== undefined) {
    if (typeof v205 !== "string") return false;
    present++;
  }
  const v206 = obj.recoverable;
  if (typeof v206 !== "boolean") return false;
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
  const v198 = obj.runId;
  if (v198 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v198 !== "string") throw rt.wrongType("a string", v198, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v198)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v199 = obj.code;
  if (v199 !== undefined) {
    if (!isErrorCode(v199)) throw rt.badEnum(v199, ERROR_CODE_VALUES, rt.join(path, "code"));
  }
  const v200 = obj.message;
  if (v200 !== undefined) {
    if (typeof v200 !== "string") throw rt.wrongType("a string", v200, rt.join(path, "message"));
  }
  const v201 = obj.recoverable;
  if (v201 === undefined) throw rt.missing(rt.join(path, "recoverable"));
  if (typeof v201 !== "boolean") throw rt.wrongType("a boolean", v201, rt.join(path, "recoverable"));
}

/** Whether `obj` is a valid `RunEndEvent` with no unknown key (false: let `checkRunEndEvent` decide). */
function scanRunEndEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  const v210 = obj.schemaVersion;
  if (v210 !== 2) return false;
  const v211 = obj.runId;
  if (typeof v211 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v211)) return false;
  const v212 = obj.status;
  if (v212 !== undefined) {
    if (!isRunEndStatus(v212)) return false;
    present++;
  }
  const v213 = obj.exitCode;
  if (typeof v213 !== "number" || !Number.isInteger(v213)) return false;
  if (v213 < -9007199254740991) return false;
  if (v213 > 9007199254740991) return false;
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
  const v207 = obj.runId;
  if (v207 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v207 !== "string") throw rt.wrongType("a string", v207, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v207)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v208 = obj.status;
  if (v208 !== undefined) {
    if (!isRunEndStatus(v208)) throw rt.badEnum(v208, RUN_END_STATUS_VALUES, rt.join(path, "status"));
  }
  const v209 = obj.exitCode;
  if (v209 === undefined) throw rt.missing(rt.join(path, "exitCode"));
  if (typeof v209 !== "number" || !Number.isInteger(v209)) throw rt.badInteger(v209, rt.join(path, "exitCode"));
  if (v209 < -9007199254740991) throw rt.constraint("less than the minimum -9007199254740991", rt.join(path, "exitCode"));
  if (v209 > 9007199254740991) throw rt.constraint("greater than the maximum 9007199254740991", rt.join(path, "exitCode"));
}

/** The fields every output event shares: a line of an unknown `type` must still have them. */
function checkOutputEnvelope(obj: rt.JsonObject): void {
  const v214 = obj.runId;
  if (v214 === undefined) throw rt.missing("runId");
  if (typeof v214 !== "string") throw rt.wrongType("a string", v214, "runId");
  if (!RUN_ID_PATTERN.test(v214)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, "runId");
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
    case "reasoning":
      checkReasoningEvent(obj, "", strict);
      return obj as unknown as ReasoningEvent;
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
      if (type === "reasoning") return scanReasoningEvent(obj) ? (obj as unknown as ReasoningEvent) : undefined;
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
  scanOutput,
  validateOutput,
  validateInput,
  encodeInput,
};
