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
  /** The process exit code (0, 2, 3, 4, 130). */
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
  return Object.keys(obj).length === present;
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
  return Object.keys(obj).length === present;
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
  let present = 0;
  const v53 = obj.sequence;
  if (v53 !== undefined) {
    if (typeof v53 !== "number" || !Number.isSafeInteger(v53)) return false;
    present++;
  }
  const v54 = obj.tool;
  if (v54 !== undefined) {
    if (typeof v54 !== "string") return false;
    present++;
  }
  const v55 = obj.files;
  if (v55 !== undefined) {
    if (!Array.isArray(v55)) return false;
    for (let i56 = 0; i56 < v55.length; i56++) {
      const item57: unknown = v55[i56];
      if (typeof item57 !== "string") return false;
    }
    present++;
  }
  const v58 = obj.filesRestored;
  if (v58 !== undefined) {
    if (typeof v58 !== "number" || !Number.isSafeInteger(v58)) return false;
    present++;
  }
  const v59 = obj.filesDeleted;
  if (v59 !== undefined) {
    if (typeof v59 !== "number" || !Number.isSafeInteger(v59)) return false;
    present++;
  }
  const v60 = obj.skipped;
  if (v60 !== undefined) {
    if (!Array.isArray(v60)) return false;
    for (let i61 = 0; i61 < v60.length; i61++) {
      const item62: unknown = v60[i61];
      if (typeof item62 !== "string") return false;
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
  const v43 = obj.sequence;
  if (v43 !== undefined) {
    if (typeof v43 !== "number" || !Number.isSafeInteger(v43)) throw rt.badInteger(v43, rt.join(path, "sequence"));
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
    if (typeof v48 !== "number" || !Number.isSafeInteger(v48)) throw rt.badInteger(v48, rt.join(path, "filesRestored"));
  }
  const v49 = obj.filesDeleted;
  if (v49 !== undefined) {
    if (typeof v49 !== "number" || !Number.isSafeInteger(v49)) throw rt.badInteger(v49, rt.join(path, "filesDeleted"));
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
  const v63 = obj.mediaType;
  if (v63 === undefined) throw rt.missing(rt.join(path, "mediaType"));
  if (typeof v63 !== "string") throw rt.wrongType("a string", v63, rt.join(path, "mediaType"));
  const v64 = obj.data;
  if (v64 === undefined) throw rt.missing(rt.join(path, "data"));
  if (typeof v64 !== "string") throw rt.wrongType("a string", v64, rt.join(path, "data"));
  if (v64.length > 13981015 && rt.codePoints(v64) > 13981015) throw rt.constraint("longer than 13981015 characters", rt.join(path, "data"));
  if (!DATA_PATTERN.test(v64)) throw rt.constraint(`does not match the pattern ${DATA_PATTERN.regex.source}`, rt.join(path, "data"));
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
  const v65 = obj.content;
  if (v65 === undefined) throw rt.missing(rt.join(path, "content"));
  if (typeof v65 !== "string") throw rt.wrongType("a string", v65, rt.join(path, "content"));
  if (!CONTENT_PATTERN.test(v65)) throw rt.constraint(`does not match the pattern ${CONTENT_PATTERN.regex.source}`, rt.join(path, "content"));
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
  const v66 = obj.role;
  if (v66 === undefined) throw rt.missing(rt.join(path, "role"));
  if (v66 !== "user") throw rt.badConst("user", rt.join(path, "role"));
  const v67 = obj.content;
  if (v67 !== undefined) {
    if (typeof v67 !== "string") throw rt.wrongType("a string", v67, rt.join(path, "content"));
  }
  const v68 = obj.images;
  if (v68 !== undefined) {
    if (!Array.isArray(v68)) throw rt.wrongType("an array", v68, rt.join(path, "images"));
    for (let i69 = 0; i69 < v68.length; i69++) {
      const item70: unknown = v68[i69];
      if (!rt.isObject(item70)) throw rt.wrongType("an object", item70, `${rt.join(path, "images")}[${i69}]`);
      checkInputImage(item70, `${rt.join(path, "images")}[${i69}]`, strict);
    }
  }
  rt.checkAnyOf(obj, MESSAGE_INPUT_ALTERNATIVES, path);
}

/** Whether `obj` is a valid `RunStartEvent` with no unknown key (false: let `checkRunStartEvent` decide). */
function scanRunStartEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  if (obj.schemaVersion !== 2) return false;
  const v77 = obj.runId;
  if (typeof v77 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v77)) return false;
  const v78 = obj.sessionId;
  if (v78 !== undefined) {
    if (typeof v78 !== "string") return false;
    present++;
  }
  const v79 = obj.cwd;
  if (typeof v79 !== "string") return false;
  const v80 = obj.provider;
  if (v80 !== undefined) {
    if (typeof v80 !== "string") return false;
    present++;
  }
  const v81 = obj.model;
  if (v81 !== undefined) {
    if (typeof v81 !== "string") return false;
    present++;
  }
  const v82 = obj.apiModel;
  if (v82 !== undefined) {
    if (typeof v82 !== "string") return false;
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
  const v71 = obj.runId;
  if (v71 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v71 !== "string") throw rt.wrongType("a string", v71, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v71)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v72 = obj.sessionId;
  if (v72 !== undefined) {
    if (typeof v72 !== "string") throw rt.wrongType("a string", v72, rt.join(path, "sessionId"));
  }
  const v73 = obj.cwd;
  if (v73 === undefined) throw rt.missing(rt.join(path, "cwd"));
  if (typeof v73 !== "string") throw rt.wrongType("a string", v73, rt.join(path, "cwd"));
  const v74 = obj.provider;
  if (v74 !== undefined) {
    if (typeof v74 !== "string") throw rt.wrongType("a string", v74, rt.join(path, "provider"));
  }
  const v75 = obj.model;
  if (v75 !== undefined) {
    if (typeof v75 !== "string") throw rt.wrongType("a string", v75, rt.join(path, "model"));
  }
  const v76 = obj.apiModel;
  if (v76 !== undefined) {
    if (typeof v76 !== "string") throw rt.wrongType("a string", v76, rt.join(path, "apiModel"));
  }
}

/** Whether `obj` is a valid `TextEvent` with no unknown key (false: let `checkTextEvent` decide). */
function scanTextEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 2) return false;
  const v85 = obj.runId;
  if (typeof v85 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v85)) return false;
  const v86 = obj.delta;
  if (v86 !== undefined) {
    if (typeof v86 !== "string") return false;
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
  const v83 = obj.runId;
  if (v83 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v83 !== "string") throw rt.wrongType("a string", v83, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v83)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v84 = obj.delta;
  if (v84 !== undefined) {
    if (typeof v84 !== "string") throw rt.wrongType("a string", v84, rt.join(path, "delta"));
  }
}

/** Whether `obj` is a valid `ReasoningEvent` with no unknown key (false: let `checkReasoningEvent` decide). */
function scanReasoningEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 2) return false;
  const v89 = obj.runId;
  if (typeof v89 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v89)) return false;
  const v90 = obj.delta;
  if (v90 !== undefined) {
    if (typeof v90 !== "string") return false;
    present++;
  }
  return Object.keys(obj).length === present;
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
  const v87 = obj.runId;
  if (v87 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v87 !== "string") throw rt.wrongType("a string", v87, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v87)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v88 = obj.delta;
  if (v88 !== undefined) {
    if (typeof v88 !== "string") throw rt.wrongType("a string", v88, rt.join(path, "delta"));
  }
}

/** Whether `obj` is a valid `ToolCallEvent` with no unknown key (false: let `checkToolCallEvent` decide). */
function scanToolCallEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  if (obj.schemaVersion !== 2) return false;
  const v96 = obj.runId;
  if (typeof v96 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v96)) return false;
  const v97 = obj.id;
  if (v97 !== undefined) {
    if (typeof v97 !== "string") return false;
    present++;
  }
  const v98 = obj.name;
  if (v98 !== undefined) {
    if (typeof v98 !== "string") return false;
    present++;
  }
  const v99 = obj.args;
  if (v99 !== undefined) {
    rt.noteFreeJson(v99);
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
  const v92 = obj.id;
  if (v92 !== undefined) {
    if (typeof v92 !== "string") throw rt.wrongType("a string", v92, rt.join(path, "id"));
  }
  const v93 = obj.name;
  if (v93 !== undefined) {
    if (typeof v93 !== "string") throw rt.wrongType("a string", v93, rt.join(path, "name"));
  }
  const v94 = obj.args;
  if (v94 !== undefined) {
    rt.noteFreeJson(v94);
  }
  const v95 = obj.sideEffect;
  if (v95 === undefined) throw rt.missing(rt.join(path, "sideEffect"));
  if (!isToolCallSideEffect(v95)) throw rt.badEnum(v95, TOOL_CALL_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
}

/** Whether `obj` is a valid `CheckpointEvent` with no unknown key (false: let `checkCheckpointEvent` decide). */
function scanCheckpointEvent(obj: rt.JsonObject): boolean {
  if (obj.schemaVersion !== 2) return false;
  const v103 = obj.runId;
  if (typeof v103 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v103)) return false;
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
  const v102 = obj.checkpoint;
  if (v102 === undefined) throw rt.missing(rt.join(path, "checkpoint"));
  if (!rt.isObject(v102)) throw rt.wrongType("an object", v102, rt.join(path, "checkpoint"));
  checkCheckpointInfo(v102, rt.join(path, "checkpoint"), strict);
}

/** Whether `obj` is a valid `PermissionEvent` with no unknown key (false: let `checkPermissionEvent` decide). */
function scanPermissionEvent(obj: rt.JsonObject): boolean {
  let present = 5;
  if (obj.schemaVersion !== 2) return false;
  const v121 = obj.runId;
  if (typeof v121 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v121)) return false;
  const v122 = obj.sessionId;
  if (v122 !== undefined) {
    if (typeof v122 !== "string") return false;
    present++;
  }
  const v123 = obj.id;
  if (v123 !== undefined) {
    if (typeof v123 !== "string") return false;
    present++;
  }
  const v124 = obj.name;
  if (v124 !== undefined) {
    if (typeof v124 !== "string") return false;
    present++;
  }
  const v125 = obj.action;
  if (v125 !== undefined) {
    if (typeof v125 !== "string") return false;
    present++;
  }
  const v126 = obj.permission;
  if (v126 !== undefined) {
    if (!isPermission(v126)) return false;
    present++;
  }
  const v127 = obj.permissionGranted;
  if (typeof v127 !== "boolean") return false;
  const v128 = obj.permissionMode;
  if (v128 !== undefined) {
    if (!isPermissionMode(v128)) return false;
    present++;
  }
  const v129 = obj.autonomy;
  if (v129 !== undefined) {
    if (!isPermissionAutonomy(v129)) return false;
    present++;
  }
  const v130 = obj.sideEffect;
  if (v130 !== undefined) {
    if (!isPermissionSideEffect(v130)) return false;
    present++;
  }
  const v131 = obj.reason;
  if (v131 !== undefined) {
    if (typeof v131 !== "string") return false;
    present++;
  }
  const v132 = obj.decisionReason;
  if (v132 !== undefined) {
    if (typeof v132 !== "string") return false;
    present++;
  }
  const v133 = obj.risk;
  if (!rt.isObject(v133) || !scanRisk(v133)) return false;
  const v134 = obj.block;
  if (v134 !== undefined) {
    if (!rt.isObject(v134) || !scanBlock(v134)) return false;
    present++;
  }
  const v135 = obj.grantMatched;
  if (v135 !== undefined) {
    if (typeof v135 !== "boolean") return false;
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
      case "block":
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
  const v106 = obj.sessionId;
  if (v106 !== undefined) {
    if (typeof v106 !== "string") throw rt.wrongType("a string", v106, rt.join(path, "sessionId"));
  }
  const v107 = obj.id;
  if (v107 !== undefined) {
    if (typeof v107 !== "string") throw rt.wrongType("a string", v107, rt.join(path, "id"));
  }
  const v108 = obj.name;
  if (v108 !== undefined) {
    if (typeof v108 !== "string") throw rt.wrongType("a string", v108, rt.join(path, "name"));
  }
  const v109 = obj.action;
  if (v109 !== undefined) {
    if (typeof v109 !== "string") throw rt.wrongType("a string", v109, rt.join(path, "action"));
  }
  const v110 = obj.permission;
  if (v110 !== undefined) {
    if (!isPermission(v110)) throw rt.badEnum(v110, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v111 = obj.permissionGranted;
  if (v111 === undefined) throw rt.missing(rt.join(path, "permissionGranted"));
  if (typeof v111 !== "boolean") throw rt.wrongType("a boolean", v111, rt.join(path, "permissionGranted"));
  const v112 = obj.permissionMode;
  if (v112 !== undefined) {
    if (!isPermissionMode(v112)) throw rt.badEnum(v112, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v113 = obj.autonomy;
  if (v113 !== undefined) {
    if (!isPermissionAutonomy(v113)) throw rt.badEnum(v113, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v114 = obj.sideEffect;
  if (v114 !== undefined) {
    if (!isPermissionSideEffect(v114)) throw rt.badEnum(v114, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v115 = obj.reason;
  if (v115 !== undefined) {
    if (typeof v115 !== "string") throw rt.wrongType("a string", v115, rt.join(path, "reason"));
  }
  const v116 = obj.decisionReason;
  if (v116 !== undefined) {
    if (typeof v116 !== "string") throw rt.wrongType("a string", v116, rt.join(path, "decisionReason"));
  }
  const v117 = obj.risk;
  if (v117 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v117)) throw rt.wrongType("an object", v117, rt.join(path, "risk"));
  checkRisk(v117, rt.join(path, "risk"), strict);
  const v118 = obj.block;
  if (v118 !== undefined) {
    if (!rt.isObject(v118)) throw rt.wrongType("an object", v118, rt.join(path, "block"));
    checkBlock(v118, rt.join(path, "block"), strict);
  }
  const v119 = obj.grantMatched;
  if (v119 !== undefined) {
    if (typeof v119 !== "boolean") throw rt.wrongType("a boolean", v119, rt.join(path, "grantMatched"));
  }
  const v120 = obj.grant;
  if (v120 !== undefined) {
    if (!rt.isObject(v120)) throw rt.wrongType("an object", v120, rt.join(path, "grant"));
    checkGrant(v120, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `PermissionRequestEvent` with no unknown key (false: let `checkPermissionRequestEvent` decide). */
function scanPermissionRequestEvent(obj: rt.JsonObject): boolean {
  let present = 5;
  if (obj.schemaVersion !== 2) return false;
  const v153 = obj.runId;
  if (typeof v153 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v153)) return false;
  const v154 = obj.sessionId;
  if (v154 !== undefined) {
    if (typeof v154 !== "string") return false;
    present++;
  }
  const v155 = obj.id;
  if (v155 !== undefined) {
    if (typeof v155 !== "string") return false;
    present++;
  }
  const v156 = obj.name;
  if (v156 !== undefined) {
    if (typeof v156 !== "string") return false;
    present++;
  }
  const v157 = obj.action;
  if (v157 !== undefined) {
    if (!isPermissionRequestAction(v157)) return false;
    present++;
  }
  const v158 = obj.permission;
  if (v158 !== undefined) {
    if (!isPermission(v158)) return false;
    present++;
  }
  const v159 = obj.permissionGranted;
  if (typeof v159 !== "boolean") return false;
  const v160 = obj.permissionMode;
  if (v160 !== undefined) {
    if (!isPermissionMode(v160)) return false;
    present++;
  }
  const v161 = obj.autonomy;
  if (v161 !== undefined) {
    if (!isPermissionAutonomy(v161)) return false;
    present++;
  }
  const v162 = obj.sideEffect;
  if (v162 !== undefined) {
    if (!isPermissionSideEffect(v162)) return false;
    present++;
  }
  const v163 = obj.reason;
  if (v163 !== undefined) {
    if (typeof v163 !== "string") return false;
    present++;
  }
  const v164 = obj.decisionReason;
  if (v164 !== undefined) {
    if (typeof v164 !== "string") return false;
    present++;
  }
  const v165 = obj.risk;
  if (!rt.isObject(v165) || !scanRisk(v165)) return false;
  const v166 = obj.block;
  if (v166 !== undefined) {
    if (!rt.isObject(v166) || !scanBlock(v166)) return false;
    present++;
  }
  const v167 = obj.grantMatched;
  if (v167 !== undefined) {
    if (typeof v167 !== "boolean") return false;
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
      case "block":
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
  const v138 = obj.sessionId;
  if (v138 !== undefined) {
    if (typeof v138 !== "string") throw rt.wrongType("a string", v138, rt.join(path, "sessionId"));
  }
  const v139 = obj.id;
  if (v139 !== undefined) {
    if (typeof v139 !== "string") throw rt.wrongType("a string", v139, rt.join(path, "id"));
  }
  const v140 = obj.name;
  if (v140 !== undefined) {
    if (typeof v140 !== "string") throw rt.wrongType("a string", v140, rt.join(path, "name"));
  }
  const v141 = obj.action;
  if (v141 !== undefined) {
    if (!isPermissionRequestAction(v141)) throw rt.badEnum(v141, PERMISSION_REQUEST_ACTION_VALUES, rt.join(path, "action"));
  }
  const v142 = obj.permission;
  if (v142 !== undefined) {
    if (!isPermission(v142)) throw rt.badEnum(v142, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v143 = obj.permissionGranted;
  if (v143 === undefined) throw rt.missing(rt.join(path, "permissionGranted"));
  if (typeof v143 !== "boolean") throw rt.wrongType("a boolean", v143, rt.join(path, "permissionGranted"));
  const v144 = obj.permissionMode;
  if (v144 !== undefined) {
    if (!isPermissionMode(v144)) throw rt.badEnum(v144, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v145 = obj.autonomy;
  if (v145 !== undefined) {
    if (!isPermissionAutonomy(v145)) throw rt.badEnum(v145, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v146 = obj.sideEffect;
  if (v146 !== undefined) {
    if (!isPermissionSideEffect(v146)) throw rt.badEnum(v146, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v147 = obj.reason;
  if (v147 !== undefined) {
    if (typeof v147 !== "string") throw rt.wrongType("a string", v147, rt.join(path, "reason"));
  }
  const v148 = obj.decisionReason;
  if (v148 !== undefined) {
    if (typeof v148 !== "string") throw rt.wrongType("a string", v148, rt.join(path, "decisionReason"));
  }
  const v149 = obj.risk;
  if (v149 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v149)) throw rt.wrongType("an object", v149, rt.join(path, "risk"));
  checkRisk(v149, rt.join(path, "risk"), strict);
  const v150 = obj.block;
  if (v150 !== undefined) {
    if (!rt.isObject(v150)) throw rt.wrongType("an object", v150, rt.join(path, "block"));
    checkBlock(v150, rt.join(path, "block"), strict);
  }
  const v151 = obj.grantMatched;
  if (v151 !== undefined) {
    if (typeof v151 !== "boolean") throw rt.wrongType("a boolean", v151, rt.join(path, "grantMatched"));
  }
  const v152 = obj.grant;
  if (v152 !== undefined) {
    if (!rt.isObject(v152)) throw rt.wrongType("an object", v152, rt.join(path, "grant"));
    checkGrant(v152, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `PermissionDecisionEvent` with no unknown key (false: let `checkPermissionDecisionEvent` decide). */
function scanPermissionDecisionEvent(obj: rt.JsonObject): boolean {
  let present = 5;
  if (obj.schemaVersion !== 2) return false;
  const v185 = obj.runId;
  if (typeof v185 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v185)) return false;
  const v186 = obj.sessionId;
  if (v186 !== undefined) {
    if (typeof v186 !== "string") return false;
    present++;
  }
  const v187 = obj.id;
  if (v187 !== undefined) {
    if (typeof v187 !== "string") return false;
    present++;
  }
  const v188 = obj.name;
  if (v188 !== undefined) {
    if (typeof v188 !== "string") return false;
    present++;
  }
  const v189 = obj.action;
  if (v189 !== undefined) {
    if (!isPermissionDecisionAction(v189)) return false;
    present++;
  }
  const v190 = obj.permission;
  if (v190 !== undefined) {
    if (!isPermission(v190)) return false;
    present++;
  }
  const v191 = obj.permissionGranted;
  if (typeof v191 !== "boolean") return false;
  const v192 = obj.permissionMode;
  if (v192 !== undefined) {
    if (!isPermissionMode(v192)) return false;
    present++;
  }
  const v193 = obj.autonomy;
  if (v193 !== undefined) {
    if (!isPermissionAutonomy(v193)) return false;
    present++;
  }
  const v194 = obj.sideEffect;
  if (v194 !== undefined) {
    if (!isPermissionSideEffect(v194)) return false;
    present++;
  }
  const v195 = obj.reason;
  if (v195 !== undefined) {
    if (typeof v195 !== "string") return false;
    present++;
  }
  const v196 = obj.decisionReason;
  if (v196 !== undefined) {
    if (typeof v196 !== "string") return false;
    present++;
  }
  const v197 = obj.risk;
  if (!rt.isObject(v197) || !scanRisk(v197)) return false;
  const v198 = obj.block;
  if (v198 !== undefined) {
    if (!rt.isObject(v198) || !scanBlock(v198)) return false;
    present++;
  }
  const v199 = obj.grantMatched;
  if (v199 !== undefined) {
    if (typeof v199 !== "boolean") return false;
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
      case "block":
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
  const v170 = obj.sessionId;
  if (v170 !== undefined) {
    if (typeof v170 !== "string") throw rt.wrongType("a string", v170, rt.join(path, "sessionId"));
  }
  const v171 = obj.id;
  if (v171 !== undefined) {
    if (typeof v171 !== "string") throw rt.wrongType("a string", v171, rt.join(path, "id"));
  }
  const v172 = obj.name;
  if (v172 !== undefined) {
    if (typeof v172 !== "string") throw rt.wrongType("a string", v172, rt.join(path, "name"));
  }
  const v173 = obj.action;
  if (v173 !== undefined) {
    if (!isPermissionDecisionAction(v173)) throw rt.badEnum(v173, PERMISSION_DECISION_ACTION_VALUES, rt.join(path, "action"));
  }
  const v174 = obj.permission;
  if (v174 !== undefined) {
    if (!isPermission(v174)) throw rt.badEnum(v174, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v175 = obj.permissionGranted;
  if (v175 === undefined) throw rt.missing(rt.join(path, "permissionGranted"));
  if (typeof v175 !== "boolean") throw rt.wrongType("a boolean", v175, rt.join(path, "permissionGranted"));
  const v176 = obj.permissionMode;
  if (v176 !== undefined) {
    if (!isPermissionMode(v176)) throw rt.badEnum(v176, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v177 = obj.autonomy;
  if (v177 !== undefined) {
    if (!isPermissionAutonomy(v177)) throw rt.badEnum(v177, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v178 = obj.sideEffect;
  if (v178 !== undefined) {
    if (!isPermissionSideEffect(v178)) throw rt.badEnum(v178, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v179 = obj.reason;
  if (v179 !== undefined) {
    if (typeof v179 !== "string") throw rt.wrongType("a string", v179, rt.join(path, "reason"));
  }
  const v180 = obj.decisionReason;
  if (v180 !== undefined) {
    if (typeof v180 !== "string") throw rt.wrongType("a string", v180, rt.join(path, "decisionReason"));
  }
  const v181 = obj.risk;
  if (v181 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v181)) throw rt.wrongType("an object", v181, rt.join(path, "risk"));
  checkRisk(v181, rt.join(path, "risk"), strict);
  const v182 = obj.block;
  if (v182 !== undefined) {
    if (!rt.isObject(v182)) throw rt.wrongType("an object", v182, rt.join(path, "block"));
    checkBlock(v182, rt.join(path, "block"), strict);
  }
  const v183 = obj.grantMatched;
  if (v183 !== undefined) {
    if (typeof v183 !== "boolean") throw rt.wrongType("a boolean", v183, rt.join(path, "grantMatched"));
  }
  const v184 = obj.grant;
  if (v184 !== undefined) {
    if (!rt.isObject(v184)) throw rt.wrongType("an object", v184, rt.join(path, "grant"));
    checkGrant(v184, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `ToolResultEvent` with no unknown key (false: let `checkToolResultEvent` decide). */
function scanToolResultEvent(obj: rt.JsonObject): boolean {
  let present = 5;
  if (obj.schemaVersion !== 2) return false;
  const v214 = obj.runId;
  if (typeof v214 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v214)) return false;
  const v215 = obj.id;
  if (v215 !== undefined) {
    if (typeof v215 !== "string") return false;
    present++;
  }
  const v216 = obj.name;
  if (v216 !== undefined) {
    if (typeof v216 !== "string") return false;
    present++;
  }
  const v217 = obj.status;
  if (!isToolResultStatus(v217)) return false;
  const v218 = obj.output;
  if (v218 !== undefined) {
    if (typeof v218 !== "string") return false;
    present++;
  }
  const v219 = obj.truncated;
  if (typeof v219 !== "boolean") return false;
  const v220 = obj.redacted;
  if (v220 !== undefined) {
    if (typeof v220 !== "boolean") return false;
    present++;
  }
  const v221 = obj.changedFiles;
  if (v221 !== undefined) {
    if (!Array.isArray(v221)) return false;
    for (let i222 = 0; i222 < v221.length; i222++) {
      const item223: unknown = v221[i222];
      if (typeof item223 !== "string") return false;
    }
    present++;
  }
  const v224 = obj.meta;
  if (v224 !== undefined) {
    if (!rt.isObject(v224)) return false;
    for (const key225 in v224) {
      if (typeof v224[key225] !== "string") return false;
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
  const v202 = obj.id;
  if (v202 !== undefined) {
    if (typeof v202 !== "string") throw rt.wrongType("a string", v202, rt.join(path, "id"));
  }
  const v203 = obj.name;
  if (v203 !== undefined) {
    if (typeof v203 !== "string") throw rt.wrongType("a string", v203, rt.join(path, "name"));
  }
  const v204 = obj.status;
  if (v204 === undefined) throw rt.missing(rt.join(path, "status"));
  if (!isToolResultStatus(v204)) throw rt.badEnum(v204, TOOL_RESULT_STATUS_VALUES, rt.join(path, "status"));
  const v205 = obj.output;
  if (v205 !== undefined) {
    if (typeof v205 !== "string") throw rt.wrongType("a string", v205, rt.join(path, "output"));
  }
  const v206 = obj.truncated;
  if (v206 === undefined) throw rt.missing(rt.join(path, "truncated"));
  if (typeof v206 !== "boolean") throw rt.wrongType("a boolean", v206, rt.join(path, "truncated"));
  const v207 = obj.redacted;
  if (v207 !== undefined) {
    if (typeof v207 !== "boolean") throw rt.wrongType("a boolean", v207, rt.join(path, "redacted"));
  }
  const v208 = obj.changedFiles;
  if (v208 !== undefined) {
    if (!Array.isArray(v208)) throw rt.wrongType("an array", v208, rt.join(path, "changedFiles"));
    for (let i209 = 0; i209 < v208.length; i209++) {
      const item210: unknown = v208[i209];
      if (typeof item210 !== "string") throw rt.wrongType("a string", item210, `${rt.join(path, "changedFiles")}[${i209}]`);
    }
  }
  const v211 = obj.meta;
  if (v211 !== undefined) {
    if (!rt.isObject(v211)) throw rt.wrongType("an object", v211, rt.join(path, "meta"));
    for (const key212 in v211) {
      if (typeof v211[key212] !== "string") throw rt.wrongType("a string", v211[key212], rt.join(rt.join(path, "meta"), key212));
    }
  }
  const v213 = obj.display;
  if (v213 !== undefined) {
    if (!rt.isObject(v213)) throw rt.wrongType("an object", v213, rt.join(path, "display"));
    checkDisplay(v213, rt.join(path, "display"), strict);
  }
}

/** Whether `obj` is a valid `RestoreEvent` with no unknown key (false: let `checkRestoreEvent` decide). */
function scanRestoreEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 2) return false;
  const v229 = obj.runId;
  if (typeof v229 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v229)) return false;
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
  const v228 = obj.checkpoint;
  if (v228 !== undefined) {
    if (!rt.isObject(v228)) throw rt.wrongType("an object", v228, rt.join(path, "checkpoint"));
    checkCheckpointInfo(v228, rt.join(path, "checkpoint"), strict);
  }
}

/** Whether `obj` is a valid `UsageEvent` with no unknown key (false: let `checkUsageEvent` decide). */
function scanUsageEvent(obj: rt.JsonObject): boolean {
  let present = 6;
  if (obj.schemaVersion !== 2) return false;
  const v236 = obj.runId;
  if (typeof v236 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v236)) return false;
  const v237 = obj.promptTokens;
  if (typeof v237 !== "number" || !Number.isSafeInteger(v237)) return false;
  if (v237 < 0) return false;
  const v238 = obj.completionTokens;
  if (typeof v238 !== "number" || !Number.isSafeInteger(v238)) return false;
  if (v238 < 0) return false;
  const v239 = obj.totalTokens;
  if (typeof v239 !== "number" || !Number.isSafeInteger(v239)) return false;
  if (v239 < 0) return false;
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
  const v232 = obj.promptTokens;
  if (v232 === undefined) throw rt.missing(rt.join(path, "promptTokens"));
  if (typeof v232 !== "number" || !Number.isSafeInteger(v232)) throw rt.badInteger(v232, rt.join(path, "promptTokens"));
  if (v232 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "promptTokens"));
  const v233 = obj.completionTokens;
  if (v233 === undefined) throw rt.missing(rt.join(path, "completionTokens"));
  if (typeof v233 !== "number" || !Number.isSafeInteger(v233)) throw rt.badInteger(v233, rt.join(path, "completionTokens"));
  if (v233 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "completionTokens"));
  const v234 = obj.totalTokens;
  if (v234 === undefined) throw rt.missing(rt.join(path, "totalTokens"));
  if (typeof v234 !== "number" || !Number.isSafeInteger(v234)) throw rt.badInteger(v234, rt.join(path, "totalTokens"));
  if (v234 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "totalTokens"));
  const v235 = obj.costUsd;
  if (v235 !== undefined) {
    if (typeof v235 !== "number") throw rt.wrongType("a number", v235, rt.join(path, "costUsd"));
  }
}

/** Whether `obj` is a valid `FinalEvent` with no unknown key (false: let `checkFinalEvent` decide). */
function scanFinalEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 2) return false;
  const v245 = obj.runId;
  if (typeof v245 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v245)) return false;
  const v246 = obj.text;
  if (v246 !== undefined) {
    if (typeof v246 !== "string") return false;
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
  const v242 = obj.text;
  if (v242 !== undefined) {
    if (typeof v242 !== "string") throw rt.wrongType("a string", v242, rt.join(path, "text"));
  }
  const v243 = obj.meta;
  if (v243 !== undefined) {
    if (!rt.isObject(v243)) throw rt.wrongType("an object", v243, rt.join(path, "meta"));
    for (const key244 in v243) {
      if (typeof v243[key244] !== "string") throw rt.wrongType("a string", v243[key244], rt.join(rt.join(path, "meta"), key244));
    }
  }
}

/** Whether `obj` is a valid `WarningEvent` with no unknown key (false: let `checkWarningEvent` decide). */
function scanWarningEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 2) return false;
  const v251 = obj.runId;
  if (typeof v251 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v251)) return false;
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
  const v250 = obj.message;
  if (v250 !== undefined) {
    if (typeof v250 !== "string") throw rt.wrongType("a string", v250, rt.join(path, "message"));
  }
}

/** Whether `obj` is a valid `ErrorEvent` with no unknown key (false: let `checkErrorEvent` decide). */
function scanErrorEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  if (obj.schemaVersion !== 2) return false;
  const v257 = obj.runId;
  if (typeof v257 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v257)) return false;
  const v258 = obj.code;
  if (v258 !== undefined) {
    if (!isErrorCode(v258)) return false;
    present++;
  }
  const v259 = obj.message;
  if (v259 !== undefined) {
    if (typeof v259 !== "string") return false;
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
  const v254 = obj.code;
  if (v254 !== undefined) {
    if (!isErrorCode(v254)) throw rt.badEnum(v254, ERROR_CODE_VALUES, rt.join(path, "code"));
  }
  const v255 = obj.message;
  if (v255 !== undefined) {
    if (typeof v255 !== "string") throw rt.wrongType("a string", v255, rt.join(path, "message"));
  }
  const v256 = obj.recoverable;
  if (v256 === undefined) throw rt.missing(rt.join(path, "recoverable"));
  if (typeof v256 !== "boolean") throw rt.wrongType("a boolean", v256, rt.join(path, "recoverable"));
}

/** Whether `obj` is a valid `RunEndEvent` with no unknown key (false: let `checkRunEndEvent` decide). */
function scanRunEndEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  if (obj.schemaVersion !== 2) return false;
  const v264 = obj.runId;
  if (typeof v264 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v264)) return false;
  const v265 = obj.status;
  if (v265 !== undefined) {
    if (!isRunEndStatus(v265)) return false;
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
  const v262 = obj.status;
  if (v262 !== undefined) {
    if (!isRunEndStatus(v262)) throw rt.badEnum(v262, RUN_END_STATUS_VALUES, rt.join(path, "status"));
  }
  const v263 = obj.exitCode;
  if (v263 === undefined) throw rt.missing(rt.join(path, "exitCode"));
  if (typeof v263 !== "number" || !Number.isSafeInteger(v263)) throw rt.badInteger(v263, rt.join(path, "exitCode"));
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
  switch (obj.type) {
    case "run_start":
      return scanRunStartEvent(obj) ? (obj as unknown as RunStartEvent) : undefined;
    case "text":
      return scanTextEvent(obj) ? (obj as unknown as TextEvent) : undefined;
    case "reasoning":
      return scanReasoningEvent(obj) ? (obj as unknown as ReasoningEvent) : undefined;
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
