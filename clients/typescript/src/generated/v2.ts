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

/** Whether `obj` is a valid `Block` with no unknown key (false: let `checkBlock` decide). */
function scanBlock(obj: rt.JsonObject): boolean {
  let present = 5;
  const v12 = obj.code;
  if (!isBlockCode(v12)) return false;
  const v14 = obj.toolName;
  if (v14 !== undefined) {
    if (typeof v14 !== "string") return false;
    present++;
  }
  const v16 = obj.action;
  if (!isBlockAction(v16)) return false;
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
  const v13 = obj.toolName;
  if (v13 !== undefined) {
    if (typeof v13 !== "string") throw rt.wrongType("a string", v13, rt.join(path, "toolName"));
  }
  const v15 = obj.action;
  if (v15 === undefined) throw rt.missing(rt.join(path, "action"));
  if (!isBlockAction(v15)) throw rt.badEnum(v15, BLOCK_ACTION_VALUES, rt.join(path, "action"));
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
  let present = 3;
  const v26 = obj.toolName;
  if (typeof v26 !== "string") return false;
  const v28 = obj.scope;
  if (v28 !== undefined) {
    if (typeof v28 !== "string") return false;
    present++;
  }
  const v30 = obj.scopeKind;
  if (v30 !== undefined) {
    if (!isGrantScopeKind(v30)) return false;
    present++;
  }
  const v32 = obj.decision;
  if (!isGrantDecision(v32)) return false;
  const v34 = obj.approvedAt;
  if (typeof v34 !== "string") return false;
  const v36 = obj.reason;
  if (v36 !== undefined) {
    if (typeof v36 !== "string") return false;
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
  const v27 = obj.scope;
  if (v27 !== undefined) {
    if (typeof v27 !== "string") throw rt.wrongType("a string", v27, rt.join(path, "scope"));
  }
  const v29 = obj.scopeKind;
  if (v29 !== undefined) {
    if (!isGrantScopeKind(v29)) throw rt.badEnum(v29, GRANT_SCOPE_KIND_VALUES, rt.join(path, "scopeKind"));
  }
  const v31 = obj.decision;
  if (v31 === undefined) throw rt.missing(rt.join(path, "decision"));
  if (!isGrantDecision(v31)) throw rt.badEnum(v31, GRANT_DECISION_VALUES, rt.join(path, "decision"));
  const v33 = obj.approvedAt;
  if (v33 === undefined) throw rt.missing(rt.join(path, "approvedAt"));
  if (typeof v33 !== "string") throw rt.wrongType("a string", v33, rt.join(path, "approvedAt"));
  const v35 = obj.reason;
  if (v35 !== undefined) {
    if (typeof v35 !== "string") throw rt.wrongType("a string", v35, rt.join(path, "reason"));
  }
  const v37 = obj.session;
  if (v37 !== undefined) {
    if (typeof v37 !== "boolean") throw rt.wrongType("a boolean", v37, rt.join(path, "session"));
  }
}

/** Whether `obj` is a valid `Display` with no unknown key (false: let `checkDisplay` decide). */
function scanDisplay(obj: rt.JsonObject): boolean {
  let present = 0;
  const v40 = obj.summary;
  if (v40 !== undefined) {
    if (typeof v40 !== "string") return false;
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
  const v41 = obj.kind;
  if (v41 !== undefined) {
    if (typeof v41 !== "string") throw rt.wrongType("a string", v41, rt.join(path, "kind"));
  }
}

/** Whether `obj` is a valid `CheckpointInfo` with no unknown key (false: let `checkCheckpointInfo` decide). */
function scanCheckpointInfo(obj: rt.JsonObject): boolean {
  let present = 0;
  const v44 = obj.sequence;
  if (v44 !== undefined) {
    if (typeof v44 !== "number" || !Number.isSafeInteger(v44)) return false;
    present++;
  }
  const v46 = obj.tool;
  if (v46 !== undefined) {
    if (typeof v46 !== "string") return false;
    present++;
  }
  const v50 = obj.files;
  if (v50 !== undefined) {
    if (!Array.isArray(v50)) return false;
    for (let i51 = 0; i51 < v50.length; i51++) {
      const item52: unknown = v50[i51];
      if (typeof item52 !== "string") return false;
    }
    present++;
  }
  const v54 = obj.filesRestored;
  if (v54 !== undefined) {
    if (typeof v54 !== "number" || !Number.isSafeInteger(v54)) return false;
    present++;
  }
  const v56 = obj.filesDeleted;
  if (v56 !== undefined) {
    if (typeof v56 !== "number" || !Number.isSafeInteger(v56)) return false;
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
  const v45 = obj.tool;
  if (v45 !== undefined) {
    if (typeof v45 !== "string") throw rt.wrongType("a string", v45, rt.join(path, "tool"));
  }
  const v47 = obj.files;
  if (v47 !== undefined) {
    if (!Array.isArray(v47)) throw rt.wrongType("an array", v47, rt.join(path, "files"));
    for (let i48 = 0; i48 < v47.length; i48++) {
      const item49: unknown = v47[i48];
      if (typeof item49 !== "string") throw rt.wrongType("a string", item49, `${rt.join(path, "files")}[${i48}]`);
    }
  }
  const v53 = obj.filesRestored;
  if (v53 !== undefined) {
    if (typeof v53 !== "number" || !Number.isSafeInteger(v53)) throw rt.badInteger(v53, rt.join(path, "filesRestored"));
  }
  const v55 = obj.filesDeleted;
  if (v55 !== undefined) {
    if (typeof v55 !== "number" || !Number.isSafeInteger(v55)) throw rt.badInteger(v55, rt.join(path, "filesDeleted"));
  }
  const v57 = obj.skipped;
  if (v57 !== undefined) {
    if (!Array.isArray(v57)) throw rt.wrongType("an array", v57, rt.join(path, "skipped"));
    for (let i58 = 0; i58 < v57.length; i58++) {
      const item59: unknown = v57[i58];
      if (typeof item59 !== "string") throw rt.wrongType("a string", item59, `${rt.join(path, "skipped")}[${i58}]`);
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
  const v65 = obj.data;
  if (v65 === undefined) throw rt.missing(rt.join(path, "data"));
  if (typeof v65 !== "string") throw rt.wrongType("a string", v65, rt.join(path, "data"));
  if (v65.length > 13981015 && rt.codePoints(v65) > 13981015) throw rt.constraint("longer than 13981015 characters", rt.join(path, "data"));
  if (!DATA_PATTERN.test(v65)) throw rt.constraint(`does not match the pattern ${DATA_PATTERN.regex.source}`, rt.join(path, "data"));
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
  const v67 = obj.content;
  if (v67 === undefined) throw rt.missing(rt.join(path, "content"));
  if (typeof v67 !== "string") throw rt.wrongType("a string", v67, rt.join(path, "content"));
  if (!CONTENT_PATTERN.test(v67)) throw rt.constraint(`does not match the pattern ${CONTENT_PATTERN.regex.source}`, rt.join(path, "content"));
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
  const v69 = obj.role;
  if (v69 === undefined) throw rt.missing(rt.join(path, "role"));
  if (v69 !== "user") throw rt.badConst("user", rt.join(path, "role"));
  const v71 = obj.content;
  if (v71 !== undefined) {
    if (typeof v71 !== "string") throw rt.wrongType("a string", v71, rt.join(path, "content"));
  }
  const v73 = obj.images;
  if (v73 !== undefined) {
    if (!Array.isArray(v73)) throw rt.wrongType("an array", v73, rt.join(path, "images"));
    for (let i74 = 0; i74 < v73.length; i74++) {
      const item75: unknown = v73[i74];
      if (!rt.isObject(item75)) throw rt.wrongType("an object", item75, `${rt.join(path, "images")}[${i74}]`);
      checkInputImage(item75, `${rt.join(path, "images")}[${i74}]`, strict);
    }
  }
  rt.checkAnyOf(obj, MESSAGE_INPUT_ALTERNATIVES, path);
}

/** Whether `obj` is a valid `RunStartEvent` with no unknown key (false: let `checkRunStartEvent` decide). */
function scanRunStartEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  if (obj.schemaVersion !== 2) return false;
  const v80 = obj.runId;
  if (typeof v80 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v80)) return false;
  const v82 = obj.sessionId;
  if (v82 !== undefined) {
    if (typeof v82 !== "string") return false;
    present++;
  }
  const v84 = obj.cwd;
  if (typeof v84 !== "string") return false;
  const v86 = obj.provider;
  if (v86 !== undefined) {
    if (typeof v86 !== "string") return false;
    present++;
  }
  const v88 = obj.model;
  if (v88 !== undefined) {
    if (typeof v88 !== "string") return false;
    present++;
  }
  const v90 = obj.apiModel;
  if (v90 !== undefined) {
    if (typeof v90 !== "string") return false;
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
  const v79 = obj.runId;
  if (v79 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v79 !== "string") throw rt.wrongType("a string", v79, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v79)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v81 = obj.sessionId;
  if (v81 !== undefined) {
    if (typeof v81 !== "string") throw rt.wrongType("a string", v81, rt.join(path, "sessionId"));
  }
  const v83 = obj.cwd;
  if (v83 === undefined) throw rt.missing(rt.join(path, "cwd"));
  if (typeof v83 !== "string") throw rt.wrongType("a string", v83, rt.join(path, "cwd"));
  const v85 = obj.provider;
  if (v85 !== undefined) {
    if (typeof v85 !== "string") throw rt.wrongType("a string", v85, rt.join(path, "provider"));
  }
  const v87 = obj.model;
  if (v87 !== undefined) {
    if (typeof v87 !== "string") throw rt.wrongType("a string", v87, rt.join(path, "model"));
  }
  const v89 = obj.apiModel;
  if (v89 !== undefined) {
    if (typeof v89 !== "string") throw rt.wrongType("a string", v89, rt.join(path, "apiModel"));
  }
}

/** Whether `obj` is a valid `TextEvent` with no unknown key (false: let `checkTextEvent` decide). */
function scanTextEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 2) return false;
  const v92 = obj.runId;
  if (typeof v92 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v92)) return false;
  const v94 = obj.delta;
  if (v94 !== undefined) {
    if (typeof v94 !== "string") return false;
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
  const v91 = obj.runId;
  if (v91 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v91 !== "string") throw rt.wrongType("a string", v91, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v91)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v93 = obj.delta;
  if (v93 !== undefined) {
    if (typeof v93 !== "string") throw rt.wrongType("a string", v93, rt.join(path, "delta"));
  }
}

/** Whether `obj` is a valid `ReasoningEvent` with no unknown key (false: let `checkReasoningEvent` decide). */
function scanReasoningEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 2) return false;
  const v96 = obj.runId;
  if (typeof v96 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v96)) return false;
  const v98 = obj.delta;
  if (v98 !== undefined) {
    if (typeof v98 !== "string") return false;
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
  const v95 = obj.runId;
  if (v95 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v95 !== "string") throw rt.wrongType("a string", v95, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v95)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v97 = obj.delta;
  if (v97 !== undefined) {
    if (typeof v97 !== "string") throw rt.wrongType("a string", v97, rt.join(path, "delta"));
  }
}

/** Whether `obj` is a valid `ToolCallEvent` with no unknown key (false: let `checkToolCallEvent` decide). */
function scanToolCallEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  if (obj.schemaVersion !== 2) return false;
  const v100 = obj.runId;
  if (typeof v100 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v100)) return false;
  const v102 = obj.id;
  if (v102 !== undefined) {
    if (typeof v102 !== "string") return false;
    present++;
  }
  const v104 = obj.name;
  if (v104 !== undefined) {
    if (typeof v104 !== "string") return false;
    present++;
  }
  const v106 = obj.args;
  if (v106 !== undefined) {
    rt.noteFreeJson(v106);
    present++;
  }
  const v108 = obj.sideEffect;
  if (!isToolCallSideEffect(v108)) return false;
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
  const v99 = obj.runId;
  if (v99 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v99 !== "string") throw rt.wrongType("a string", v99, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v99)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v101 = obj.id;
  if (v101 !== undefined) {
    if (typeof v101 !== "string") throw rt.wrongType("a string", v101, rt.join(path, "id"));
  }
  const v103 = obj.name;
  if (v103 !== undefined) {
    if (typeof v103 !== "string") throw rt.wrongType("a string", v103, rt.join(path, "name"));
  }
  const v105 = obj.args;
  if (v105 !== undefined) {
    rt.noteFreeJson(v105);
  }
  const v107 = obj.sideEffect;
  if (v107 === undefined) throw rt.missing(rt.join(path, "sideEffect"));
  if (!isToolCallSideEffect(v107)) throw rt.badEnum(v107, TOOL_CALL_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
}

/** Whether `obj` is a valid `CheckpointEvent` with no unknown key (false: let `checkCheckpointEvent` decide). */
function scanCheckpointEvent(obj: rt.JsonObject): boolean {
  if (obj.schemaVersion !== 2) return false;
  const v110 = obj.runId;
  if (typeof v110 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v110)) return false;
  const v112 = obj.checkpoint;
  if (!rt.isObject(v112) || !scanCheckpointInfo(v112)) return false;
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
  const v109 = obj.runId;
  if (v109 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v109 !== "string") throw rt.wrongType("a string", v109, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v109)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v111 = obj.checkpoint;
  if (v111 === undefined) throw rt.missing(rt.join(path, "checkpoint"));
  if (!rt.isObject(v111)) throw rt.wrongType("an object", v111, rt.join(path, "checkpoint"));
  checkCheckpointInfo(v111, rt.join(path, "checkpoint"), strict);
}

/** Whether `obj` is a valid `PermissionEvent` with no unknown key (false: let `checkPermissionEvent` decide). */
function scanPermissionEvent(obj: rt.JsonObject): boolean {
  let present = 5;
  if (obj.schemaVersion !== 2) return false;
  const v114 = obj.runId;
  if (typeof v114 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v114)) return false;
  const v116 = obj.sessionId;
  if (v116 !== undefined) {
    if (typeof v116 !== "string") return false;
    present++;
  }
  const v118 = obj.id;
  if (v118 !== undefined) {
    if (typeof v118 !== "string") return false;
    present++;
  }
  const v120 = obj.name;
  if (v120 !== undefined) {
    if (typeof v120 !== "string") return false;
    present++;
  }
  const v122 = obj.action;
  if (v122 !== undefined) {
    if (typeof v122 !== "string") return false;
    present++;
  }
  const v124 = obj.permission;
  if (v124 !== undefined) {
    if (!isPermission(v124)) return false;
    present++;
  }
  const v126 = obj.permissionGranted;
  if (typeof v126 !== "boolean") return false;
  const v128 = obj.permissionMode;
  if (v128 !== undefined) {
    if (!isPermissionMode(v128)) return false;
    present++;
  }
  const v130 = obj.autonomy;
  if (v130 !== undefined) {
    if (!isPermissionAutonomy(v130)) return false;
    present++;
  }
  const v132 = obj.sideEffect;
  if (v132 !== undefined) {
    if (!isPermissionSideEffect(v132)) return false;
    present++;
  }
  const v134 = obj.reason;
  if (v134 !== undefined) {
    if (typeof v134 !== "string") return false;
    present++;
  }
  const v136 = obj.decisionReason;
  if (v136 !== undefined) {
    if (typeof v136 !== "string") return false;
    present++;
  }
  const v138 = obj.risk;
  if (!rt.isObject(v138) || !scanRisk(v138)) return false;
  const v140 = obj.block;
  if (v140 !== undefined) {
    if (!rt.isObject(v140) || !scanBlock(v140)) return false;
    present++;
  }
  const v142 = obj.grantMatched;
  if (v142 !== undefined) {
    if (typeof v142 !== "boolean") return false;
    present++;
  }
  const v144 = obj.grant;
  if (v144 !== undefined) {
    if (!rt.isObject(v144) || !scanGrant(v144)) return false;
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
  const v113 = obj.runId;
  if (v113 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v113 !== "string") throw rt.wrongType("a string", v113, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v113)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v115 = obj.sessionId;
  if (v115 !== undefined) {
    if (typeof v115 !== "string") throw rt.wrongType("a string", v115, rt.join(path, "sessionId"));
  }
  const v117 = obj.id;
  if (v117 !== undefined) {
    if (typeof v117 !== "string") throw rt.wrongType("a string", v117, rt.join(path, "id"));
  }
  const v119 = obj.name;
  if (v119 !== undefined) {
    if (typeof v119 !== "string") throw rt.wrongType("a string", v119, rt.join(path, "name"));
  }
  const v121 = obj.action;
  if (v121 !== undefined) {
    if (typeof v121 !== "string") throw rt.wrongType("a string", v121, rt.join(path, "action"));
  }
  const v123 = obj.permission;
  if (v123 !== undefined) {
    if (!isPermission(v123)) throw rt.badEnum(v123, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v125 = obj.permissionGranted;
  if (v125 === undefined) throw rt.missing(rt.join(path, "permissionGranted"));
  if (typeof v125 !== "boolean") throw rt.wrongType("a boolean", v125, rt.join(path, "permissionGranted"));
  const v127 = obj.permissionMode;
  if (v127 !== undefined) {
    if (!isPermissionMode(v127)) throw rt.badEnum(v127, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v129 = obj.autonomy;
  if (v129 !== undefined) {
    if (!isPermissionAutonomy(v129)) throw rt.badEnum(v129, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v131 = obj.sideEffect;
  if (v131 !== undefined) {
    if (!isPermissionSideEffect(v131)) throw rt.badEnum(v131, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v133 = obj.reason;
  if (v133 !== undefined) {
    if (typeof v133 !== "string") throw rt.wrongType("a string", v133, rt.join(path, "reason"));
  }
  const v135 = obj.decisionReason;
  if (v135 !== undefined) {
    if (typeof v135 !== "string") throw rt.wrongType("a string", v135, rt.join(path, "decisionReason"));
  }
  const v137 = obj.risk;
  if (v137 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v137)) throw rt.wrongType("an object", v137, rt.join(path, "risk"));
  checkRisk(v137, rt.join(path, "risk"), strict);
  const v139 = obj.block;
  if (v139 !== undefined) {
    if (!rt.isObject(v139)) throw rt.wrongType("an object", v139, rt.join(path, "block"));
    checkBlock(v139, rt.join(path, "block"), strict);
  }
  const v141 = obj.grantMatched;
  if (v141 !== undefined) {
    if (typeof v141 !== "boolean") throw rt.wrongType("a boolean", v141, rt.join(path, "grantMatched"));
  }
  const v143 = obj.grant;
  if (v143 !== undefined) {
    if (!rt.isObject(v143)) throw rt.wrongType("an object", v143, rt.join(path, "grant"));
    checkGrant(v143, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `PermissionRequestEvent` with no unknown key (false: let `checkPermissionRequestEvent` decide). */
function scanPermissionRequestEvent(obj: rt.JsonObject): boolean {
  let present = 5;
  if (obj.schemaVersion !== 2) return false;
  const v146 = obj.runId;
  if (typeof v146 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v146)) return false;
  const v148 = obj.sessionId;
  if (v148 !== undefined) {
    if (typeof v148 !== "string") return false;
    present++;
  }
  const v150 = obj.id;
  if (v150 !== undefined) {
    if (typeof v150 !== "string") return false;
    present++;
  }
  const v152 = obj.name;
  if (v152 !== undefined) {
    if (typeof v152 !== "string") return false;
    present++;
  }
  const v154 = obj.action;
  if (v154 !== undefined) {
    if (!isPermissionRequestAction(v154)) return false;
    present++;
  }
  const v156 = obj.permission;
  if (v156 !== undefined) {
    if (!isPermission(v156)) return false;
    present++;
  }
  const v158 = obj.permissionGranted;
  if (typeof v158 !== "boolean") return false;
  const v160 = obj.permissionMode;
  if (v160 !== undefined) {
    if (!isPermissionMode(v160)) return false;
    present++;
  }
  const v162 = obj.autonomy;
  if (v162 !== undefined) {
    if (!isPermissionAutonomy(v162)) return false;
    present++;
  }
  const v164 = obj.sideEffect;
  if (v164 !== undefined) {
    if (!isPermissionSideEffect(v164)) return false;
    present++;
  }
  const v166 = obj.reason;
  if (v166 !== undefined) {
    if (typeof v166 !== "string") return false;
    present++;
  }
  const v168 = obj.decisionReason;
  if (v168 !== undefined) {
    if (typeof v168 !== "string") return false;
    present++;
  }
  const v170 = obj.risk;
  if (!rt.isObject(v170) || !scanRisk(v170)) return false;
  const v172 = obj.block;
  if (v172 !== undefined) {
    if (!rt.isObject(v172) || !scanBlock(v172)) return false;
    present++;
  }
  const v174 = obj.grantMatched;
  if (v174 !== undefined) {
    if (typeof v174 !== "boolean") return false;
    present++;
  }
  const v176 = obj.grant;
  if (v176 !== undefined) {
    if (!rt.isObject(v176) || !scanGrant(v176)) return false;
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
  const v145 = obj.runId;
  if (v145 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v145 !== "string") throw rt.wrongType("a string", v145, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v145)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v147 = obj.sessionId;
  if (v147 !== undefined) {
    if (typeof v147 !== "string") throw rt.wrongType("a string", v147, rt.join(path, "sessionId"));
  }
  const v149 = obj.id;
  if (v149 !== undefined) {
    if (typeof v149 !== "string") throw rt.wrongType("a string", v149, rt.join(path, "id"));
  }
  const v151 = obj.name;
  if (v151 !== undefined) {
    if (typeof v151 !== "string") throw rt.wrongType("a string", v151, rt.join(path, "name"));
  }
  const v153 = obj.action;
  if (v153 !== undefined) {
    if (!isPermissionRequestAction(v153)) throw rt.badEnum(v153, PERMISSION_REQUEST_ACTION_VALUES, rt.join(path, "action"));
  }
  const v155 = obj.permission;
  if (v155 !== undefined) {
    if (!isPermission(v155)) throw rt.badEnum(v155, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v157 = obj.permissionGranted;
  if (v157 === undefined) throw rt.missing(rt.join(path, "permissionGranted"));
  if (typeof v157 !== "boolean") throw rt.wrongType("a boolean", v157, rt.join(path, "permissionGranted"));
  const v159 = obj.permissionMode;
  if (v159 !== undefined) {
    if (!isPermissionMode(v159)) throw rt.badEnum(v159, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v161 = obj.autonomy;
  if (v161 !== undefined) {
    if (!isPermissionAutonomy(v161)) throw rt.badEnum(v161, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v163 = obj.sideEffect;
  if (v163 !== undefined) {
    if (!isPermissionSideEffect(v163)) throw rt.badEnum(v163, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v165 = obj.reason;
  if (v165 !== undefined) {
    if (typeof v165 !== "string") throw rt.wrongType("a string", v165, rt.join(path, "reason"));
  }
  const v167 = obj.decisionReason;
  if (v167 !== undefined) {
    if (typeof v167 !== "string") throw rt.wrongType("a string", v167, rt.join(path, "decisionReason"));
  }
  const v169 = obj.risk;
  if (v169 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v169)) throw rt.wrongType("an object", v169, rt.join(path, "risk"));
  checkRisk(v169, rt.join(path, "risk"), strict);
  const v171 = obj.block;
  if (v171 !== undefined) {
    if (!rt.isObject(v171)) throw rt.wrongType("an object", v171, rt.join(path, "block"));
    checkBlock(v171, rt.join(path, "block"), strict);
  }
  const v173 = obj.grantMatched;
  if (v173 !== undefined) {
    if (typeof v173 !== "boolean") throw rt.wrongType("a boolean", v173, rt.join(path, "grantMatched"));
  }
  const v175 = obj.grant;
  if (v175 !== undefined) {
    if (!rt.isObject(v175)) throw rt.wrongType("an object", v175, rt.join(path, "grant"));
    checkGrant(v175, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `PermissionDecisionEvent` with no unknown key (false: let `checkPermissionDecisionEvent` decide). */
function scanPermissionDecisionEvent(obj: rt.JsonObject): boolean {
  let present = 5;
  if (obj.schemaVersion !== 2) return false;
  const v178 = obj.runId;
  if (typeof v178 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v178)) return false;
  const v180 = obj.sessionId;
  if (v180 !== undefined) {
    if (typeof v180 !== "string") return false;
    present++;
  }
  const v182 = obj.id;
  if (v182 !== undefined) {
    if (typeof v182 !== "string") return false;
    present++;
  }
  const v184 = obj.name;
  if (v184 !== undefined) {
    if (typeof v184 !== "string") return false;
    present++;
  }
  const v186 = obj.action;
  if (v186 !== undefined) {
    if (!isPermissionDecisionAction(v186)) return false;
    present++;
  }
  const v188 = obj.permission;
  if (v188 !== undefined) {
    if (!isPermission(v188)) return false;
    present++;
  }
  const v190 = obj.permissionGranted;
  if (typeof v190 !== "boolean") return false;
  const v192 = obj.permissionMode;
  if (v192 !== undefined) {
    if (!isPermissionMode(v192)) return false;
    present++;
  }
  const v194 = obj.autonomy;
  if (v194 !== undefined) {
    if (!isPermissionAutonomy(v194)) return false;
    present++;
  }
  const v196 = obj.sideEffect;
  if (v196 !== undefined) {
    if (!isPermissionSideEffect(v196)) return false;
    present++;
  }
  const v198 = obj.reason;
  if (v198 !== undefined) {
    if (typeof v198 !== "string") return false;
    present++;
  }
  const v200 = obj.decisionReason;
  if (v200 !== undefined) {
    if (typeof v200 !== "string") return false;
    present++;
  }
  const v202 = obj.risk;
  if (!rt.isObject(v202) || !scanRisk(v202)) return false;
  const v204 = obj.block;
  if (v204 !== undefined) {
    if (!rt.isObject(v204) || !scanBlock(v204)) return false;
    present++;
  }
  const v206 = obj.grantMatched;
  if (v206 !== undefined) {
    if (typeof v206 !== "boolean") return false;
    present++;
  }
  const v208 = obj.grant;
  if (v208 !== undefined) {
    if (!rt.isObject(v208) || !scanGrant(v208)) return false;
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
  const v177 = obj.runId;
  if (v177 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v177 !== "string") throw rt.wrongType("a string", v177, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v177)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v179 = obj.sessionId;
  if (v179 !== undefined) {
    if (typeof v179 !== "string") throw rt.wrongType("a string", v179, rt.join(path, "sessionId"));
  }
  const v181 = obj.id;
  if (v181 !== undefined) {
    if (typeof v181 !== "string") throw rt.wrongType("a string", v181, rt.join(path, "id"));
  }
  const v183 = obj.name;
  if (v183 !== undefined) {
    if (typeof v183 !== "string") throw rt.wrongType("a string", v183, rt.join(path, "name"));
  }
  const v185 = obj.action;
  if (v185 !== undefined) {
    if (!isPermissionDecisionAction(v185)) throw rt.badEnum(v185, PERMISSION_DECISION_ACTION_VALUES, rt.join(path, "action"));
  }
  const v187 = obj.permission;
  if (v187 !== undefined) {
    if (!isPermission(v187)) throw rt.badEnum(v187, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v189 = obj.permissionGranted;
  if (v189 === undefined) throw rt.missing(rt.join(path, "permissionGranted"));
  if (typeof v189 !== "boolean") throw rt.wrongType("a boolean", v189, rt.join(path, "permissionGranted"));
  const v191 = obj.permissionMode;
  if (v191 !== undefined) {
    if (!isPermissionMode(v191)) throw rt.badEnum(v191, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v193 = obj.autonomy;
  if (v193 !== undefined) {
    if (!isPermissionAutonomy(v193)) throw rt.badEnum(v193, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v195 = obj.sideEffect;
  if (v195 !== undefined) {
    if (!isPermissionSideEffect(v195)) throw rt.badEnum(v195, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v197 = obj.reason;
  if (v197 !== undefined) {
    if (typeof v197 !== "string") throw rt.wrongType("a string", v197, rt.join(path, "reason"));
  }
  const v199 = obj.decisionReason;
  if (v199 !== undefined) {
    if (typeof v199 !== "string") throw rt.wrongType("a string", v199, rt.join(path, "decisionReason"));
  }
  const v201 = obj.risk;
  if (v201 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v201)) throw rt.wrongType("an object", v201, rt.join(path, "risk"));
  checkRisk(v201, rt.join(path, "risk"), strict);
  const v203 = obj.block;
  if (v203 !== undefined) {
    if (!rt.isObject(v203)) throw rt.wrongType("an object", v203, rt.join(path, "block"));
    checkBlock(v203, rt.join(path, "block"), strict);
  }
  const v205 = obj.grantMatched;
  if (v205 !== undefined) {
    if (typeof v205 !== "boolean") throw rt.wrongType("a boolean", v205, rt.join(path, "grantMatched"));
  }
  const v207 = obj.grant;
  if (v207 !== undefined) {
    if (!rt.isObject(v207)) throw rt.wrongType("an object", v207, rt.join(path, "grant"));
    checkGrant(v207, rt.join(path, "grant"), strict);
  }
}

/** Whether `obj` is a valid `ToolResultEvent` with no unknown key (false: let `checkToolResultEvent` decide). */
function scanToolResultEvent(obj: rt.JsonObject): boolean {
  let present = 5;
  if (obj.schemaVersion !== 2) return false;
  const v210 = obj.runId;
  if (typeof v210 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v210)) return false;
  const v212 = obj.id;
  if (v212 !== undefined) {
    if (typeof v212 !== "string") return false;
    present++;
  }
  const v214 = obj.name;
  if (v214 !== undefined) {
    if (typeof v214 !== "string") return false;
    present++;
  }
  const v216 = obj.status;
  if (!isToolResultStatus(v216)) return false;
  const v218 = obj.output;
  if (v218 !== undefined) {
    if (typeof v218 !== "string") return false;
    present++;
  }
  const v220 = obj.truncated;
  if (typeof v220 !== "boolean") return false;
  const v222 = obj.redacted;
  if (v222 !== undefined) {
    if (typeof v222 !== "boolean") return false;
    present++;
  }
  const v226 = obj.changedFiles;
  if (v226 !== undefined) {
    if (!Array.isArray(v226)) return false;
    for (let i227 = 0; i227 < v226.length; i227++) {
      const item228: unknown = v226[i227];
      if (typeof item228 !== "string") return false;
    }
    present++;
  }
  const v231 = obj.meta;
  if (v231 !== undefined) {
    if (!rt.isObject(v231)) return false;
    for (const key232 in v231) {
      if (typeof v231[key232] !== "string") return false;
    }
    present++;
  }
  const v234 = obj.display;
  if (v234 !== undefined) {
    if (!rt.isObject(v234) || !scanDisplay(v234)) return false;
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
  const v209 = obj.runId;
  if (v209 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v209 !== "string") throw rt.wrongType("a string", v209, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v209)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v211 = obj.id;
  if (v211 !== undefined) {
    if (typeof v211 !== "string") throw rt.wrongType("a string", v211, rt.join(path, "id"));
  }
  const v213 = obj.name;
  if (v213 !== undefined) {
    if (typeof v213 !== "string") throw rt.wrongType("a string", v213, rt.join(path, "name"));
  }
  const v215 = obj.status;
  if (v215 === undefined) throw rt.missing(rt.join(path, "status"));
  if (!isToolResultStatus(v215)) throw rt.badEnum(v215, TOOL_RESULT_STATUS_VALUES, rt.join(path, "status"));
  const v217 = obj.output;
  if (v217 !== undefined) {
    if (typeof v217 !== "string") throw rt.wrongType("a string", v217, rt.join(path, "output"));
  }
  const v219 = obj.truncated;
  if (v219 === undefined) throw rt.missing(rt.join(path, "truncated"));
  if (typeof v219 !== "boolean") throw rt.wrongType("a boolean", v219, rt.join(path, "truncated"));
  const v221 = obj.redacted;
  if (v221 !== undefined) {
    if (typeof v221 !== "boolean") throw rt.wrongType("a boolean", v221, rt.join(path, "redacted"));
  }
  const v223 = obj.changedFiles;
  if (v223 !== undefined) {
    if (!Array.isArray(v223)) throw rt.wrongType("an array", v223, rt.join(path, "changedFiles"));
    for (let i224 = 0; i224 < v223.length; i224++) {
      const item225: unknown = v223[i224];
      if (typeof item225 !== "string") throw rt.wrongType("a string", item225, `${rt.join(path, "changedFiles")}[${i224}]`);
    }
  }
  const v229 = obj.meta;
  if (v229 !== undefined) {
    if (!rt.isObject(v229)) throw rt.wrongType("an object", v229, rt.join(path, "meta"));
    for (const key230 in v229) {
      if (typeof v229[key230] !== "string") throw rt.wrongType("a string", v229[key230], rt.join(rt.join(path, "meta"), key230));
    }
  }
  const v233 = obj.display;
  if (v233 !== undefined) {
    if (!rt.isObject(v233)) throw rt.wrongType("an object", v233, rt.join(path, "display"));
    checkDisplay(v233, rt.join(path, "display"), strict);
  }
}

/** Whether `obj` is a valid `RestoreEvent` with no unknown key (false: let `checkRestoreEvent` decide). */
function scanRestoreEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 2) return false;
  const v236 = obj.runId;
  if (typeof v236 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v236)) return false;
  const v238 = obj.checkpoint;
  if (v238 !== undefined) {
    if (!rt.isObject(v238) || !scanCheckpointInfo(v238)) return false;
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
  const v235 = obj.runId;
  if (v235 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v235 !== "string") throw rt.wrongType("a string", v235, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v235)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v237 = obj.checkpoint;
  if (v237 !== undefined) {
    if (!rt.isObject(v237)) throw rt.wrongType("an object", v237, rt.join(path, "checkpoint"));
    checkCheckpointInfo(v237, rt.join(path, "checkpoint"), strict);
  }
}

/** Whether `obj` is a valid `UsageEvent` with no unknown key (false: let `checkUsageEvent` decide). */
function scanUsageEvent(obj: rt.JsonObject): boolean {
  let present = 6;
  if (obj.schemaVersion !== 2) return false;
  const v240 = obj.runId;
  if (typeof v240 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v240)) return false;
  const v242 = obj.promptTokens;
  if (typeof v242 !== "number" || !Number.isSafeInteger(v242)) return false;
  if (v242 < 0) return false;
  const v244 = obj.completionTokens;
  if (typeof v244 !== "number" || !Number.isSafeInteger(v244)) return false;
  if (v244 < 0) return false;
  const v246 = obj.totalTokens;
  if (typeof v246 !== "number" || !Number.isSafeInteger(v246)) return false;
  if (v246 < 0) return false;
  const v248 = obj.costUsd;
  if (v248 !== undefined) {
    if (typeof v248 !== "number") return false;
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
  const v239 = obj.runId;
  if (v239 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v239 !== "string") throw rt.wrongType("a string", v239, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v239)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v241 = obj.promptTokens;
  if (v241 === undefined) throw rt.missing(rt.join(path, "promptTokens"));
  if (typeof v241 !== "number" || !Number.isSafeInteger(v241)) throw rt.badInteger(v241, rt.join(path, "promptTokens"));
  if (v241 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "promptTokens"));
  const v243 = obj.completionTokens;
  if (v243 === undefined) throw rt.missing(rt.join(path, "completionTokens"));
  if (typeof v243 !== "number" || !Number.isSafeInteger(v243)) throw rt.badInteger(v243, rt.join(path, "completionTokens"));
  if (v243 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "completionTokens"));
  const v245 = obj.totalTokens;
  if (v245 === undefined) throw rt.missing(rt.join(path, "totalTokens"));
  if (typeof v245 !== "number" || !Number.isSafeInteger(v245)) throw rt.badInteger(v245, rt.join(path, "totalTokens"));
  if (v245 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "totalTokens"));
  const v247 = obj.costUsd;
  if (v247 !== undefined) {
    if (typeof v247 !== "number") throw rt.wrongType("a number", v247, rt.join(path, "costUsd"));
  }
}

/** Whether `obj` is a valid `FinalEvent` with no unknown key (false: let `checkFinalEvent` decide). */
function scanFinalEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 2) return false;
  const v250 = obj.runId;
  if (typeof v250 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v250)) return false;
  const v252 = obj.text;
  if (v252 !== undefined) {
    if (typeof v252 !== "string") return false;
    present++;
  }
  const v255 = obj.meta;
  if (v255 !== undefined) {
    if (!rt.isObject(v255)) return false;
    for (const key256 in v255) {
      if (typeof v255[key256] !== "string") return false;
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
  const v249 = obj.runId;
  if (v249 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v249 !== "string") throw rt.wrongType("a string", v249, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v249)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v251 = obj.text;
  if (v251 !== undefined) {
    if (typeof v251 !== "string") throw rt.wrongType("a string", v251, rt.join(path, "text"));
  }
  const v253 = obj.meta;
  if (v253 !== undefined) {
    if (!rt.isObject(v253)) throw rt.wrongType("an object", v253, rt.join(path, "meta"));
    for (const key254 in v253) {
      if (typeof v253[key254] !== "string") throw rt.wrongType("a string", v253[key254], rt.join(rt.join(path, "meta"), key254));
    }
  }
}

/** Whether `obj` is a valid `WarningEvent` with no unknown key (false: let `checkWarningEvent` decide). */
function scanWarningEvent(obj: rt.JsonObject): boolean {
  let present = 3;
  if (obj.schemaVersion !== 2) return false;
  const v258 = obj.runId;
  if (typeof v258 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v258)) return false;
  const v260 = obj.message;
  if (v260 !== undefined) {
    if (typeof v260 !== "string") return false;
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
  const v257 = obj.runId;
  if (v257 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v257 !== "string") throw rt.wrongType("a string", v257, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v257)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v259 = obj.message;
  if (v259 !== undefined) {
    if (typeof v259 !== "string") throw rt.wrongType("a string", v259, rt.join(path, "message"));
  }
}

/** Whether `obj` is a valid `ErrorEvent` with no unknown key (false: let `checkErrorEvent` decide). */
function scanErrorEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  if (obj.schemaVersion !== 2) return false;
  const v262 = obj.runId;
  if (typeof v262 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v262)) return false;
  const v264 = obj.code;
  if (v264 !== undefined) {
    if (!isErrorCode(v264)) return false;
    present++;
  }
  const v266 = obj.message;
  if (v266 !== undefined) {
    if (typeof v266 !== "string") return false;
    present++;
  }
  const v268 = obj.recoverable;
  if (typeof v268 !== "boolean") return false;
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
  const v261 = obj.runId;
  if (v261 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v261 !== "string") throw rt.wrongType("a string", v261, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v261)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v263 = obj.code;
  if (v263 !== undefined) {
    if (!isErrorCode(v263)) throw rt.badEnum(v263, ERROR_CODE_VALUES, rt.join(path, "code"));
  }
  const v265 = obj.message;
  if (v265 !== undefined) {
    if (typeof v265 !== "string") throw rt.wrongType("a string", v265, rt.join(path, "message"));
  }
  const v267 = obj.recoverable;
  if (v267 === undefined) throw rt.missing(rt.join(path, "recoverable"));
  if (typeof v267 !== "boolean") throw rt.wrongType("a boolean", v267, rt.join(path, "recoverable"));
}

/** Whether `obj` is a valid `RunEndEvent` with no unknown key (false: let `checkRunEndEvent` decide). */
function scanRunEndEvent(obj: rt.JsonObject): boolean {
  let present = 4;
  if (obj.schemaVersion !== 2) return false;
  const v270 = obj.runId;
  if (typeof v270 !== "string") return false;
  if (!RUN_ID_PATTERN.test(v270)) return false;
  const v272 = obj.status;
  if (v272 !== undefined) {
    if (!isRunEndStatus(v272)) return false;
    present++;
  }
  const v274 = obj.exitCode;
  if (typeof v274 !== "number" || !Number.isSafeInteger(v274)) return false;
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
  const v269 = obj.runId;
  if (v269 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v269 !== "string") throw rt.wrongType("a string", v269, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v269)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v271 = obj.status;
  if (v271 !== undefined) {
    if (!isRunEndStatus(v271)) throw rt.badEnum(v271, RUN_END_STATUS_VALUES, rt.join(path, "status"));
  }
  const v273 = obj.exitCode;
  if (v273 === undefined) throw rt.missing(rt.join(path, "exitCode"));
  if (typeof v273 !== "number" || !Number.isSafeInteger(v273)) throw rt.badInteger(v273, rt.join(path, "exitCode"));
}

/** The fields every output event shares: a line of an unknown `type` must still have them. */
function checkOutputEnvelope(obj: rt.JsonObject): void {
  const v275 = obj.runId;
  if (v275 === undefined) throw rt.missing("runId");
  if (typeof v275 !== "string") throw rt.wrongType("a string", v275, "runId");
  if (!RUN_ID_PATTERN.test(v275)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, "runId");
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
