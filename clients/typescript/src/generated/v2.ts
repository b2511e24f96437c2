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
  const v27 = obj.filesRestored;
  if (v27 !== undefined) {
    if (typeof v27 !== "number" || !Number.isSafeInteger(v27)) throw rt.badInteger(v27, rt.join(path, "filesRestored"));
  }
  const v28 = obj.filesDeleted;
  if (v28 !== undefined) {
    if (typeof v28 !== "number" || !Number.isSafeInteger(v28)) throw rt.badInteger(v28, rt.join(path, "filesDeleted"));
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
  const v34 = obj.schemaVersion;
  if (v34 === undefined) throw rt.missing(rt.join(path, "schemaVersion"));
  if (v34 !== 2) throw rt.badConst(2, rt.join(path, "schemaVersion"));
  const v35 = obj.type;
  if (v35 === undefined) throw rt.missing(rt.join(path, "type"));
  if (v35 !== "prompt") throw rt.badConst("prompt", rt.join(path, "type"));
  const v36 = obj.content;
  if (v36 === undefined) throw rt.missing(rt.join(path, "content"));
  if (typeof v36 !== "string") throw rt.wrongType("a string", v36, rt.join(path, "content"));
  if (!CONTENT_PATTERN.test(v36)) throw rt.constraint(`does not match the pattern ${CONTENT_PATTERN.regex.source}`, rt.join(path, "content"));
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
  const v37 = obj.schemaVersion;
  if (v37 === undefined) throw rt.missing(rt.join(path, "schemaVersion"));
  if (v37 !== 2) throw rt.badConst(2, rt.join(path, "schemaVersion"));
  const v38 = obj.type;
  if (v38 === undefined) throw rt.missing(rt.join(path, "type"));
  if (v38 !== "message") throw rt.badConst("message", rt.join(path, "type"));
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
      decodeInputImage(item43, `${rt.join(path, "images")}[${i42}]`, strict);
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
  const v44 = obj.schemaVersion;
  if (v44 === undefined) throw rt.missing(rt.join(path, "schemaVersion"));
  if (v44 !== 2) throw rt.badConst(2, rt.join(path, "schemaVersion"));
  const v45 = obj.type;
  if (v45 === undefined) throw rt.missing(rt.join(path, "type"));
  if (v45 !== "run_start") throw rt.badConst("run_start", rt.join(path, "type"));
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
  const v52 = obj.schemaVersion;
  if (v52 === undefined) throw rt.missing(rt.join(path, "schemaVersion"));
  if (v52 !== 2) throw rt.badConst(2, rt.join(path, "schemaVersion"));
  const v53 = obj.type;
  if (v53 === undefined) throw rt.missing(rt.join(path, "type"));
  if (v53 !== "text") throw rt.badConst("text", rt.join(path, "type"));
  const v54 = obj.runId;
  if (v54 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v54 !== "string") throw rt.wrongType("a string", v54, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v54)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v55 = obj.delta;
  if (v55 !== undefined) {
    if (typeof v55 !== "string") throw rt.wrongType("a string", v55, rt.join(path, "delta"));
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
  const v56 = obj.schemaVersion;
  if (v56 === undefined) throw rt.missing(rt.join(path, "schemaVersion"));
  if (v56 !== 2) throw rt.badConst(2, rt.join(path, "schemaVersion"));
  const v57 = obj.type;
  if (v57 === undefined) throw rt.missing(rt.join(path, "type"));
  if (v57 !== "reasoning") throw rt.badConst("reasoning", rt.join(path, "type"));
  const v58 = obj.runId;
  if (v58 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v58 !== "string") throw rt.wrongType("a string", v58, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v58)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v59 = obj.delta;
  if (v59 !== undefined) {
    if (typeof v59 !== "string") throw rt.wrongType("a string", v59, rt.join(path, "delta"));
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
  const v60 = obj.schemaVersion;
  if (v60 === undefined) throw rt.missing(rt.join(path, "schemaVersion"));
  if (v60 !== 2) throw rt.badConst(2, rt.join(path, "schemaVersion"));
  const v61 = obj.type;
  if (v61 === undefined) throw rt.missing(rt.join(path, "type"));
  if (v61 !== "tool_call") throw rt.badConst("tool_call", rt.join(path, "type"));
  const v62 = obj.runId;
  if (v62 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v62 !== "string") throw rt.wrongType("a string", v62, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v62)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v63 = obj.id;
  if (v63 !== undefined) {
    if (typeof v63 !== "string") throw rt.wrongType("a string", v63, rt.join(path, "id"));
  }
  const v64 = obj.name;
  if (v64 !== undefined) {
    if (typeof v64 !== "string") throw rt.wrongType("a string", v64, rt.join(path, "name"));
  }
  const v65 = obj.args;
  if (v65 !== undefined) {
    rt.noteFreeJson(v65);
  }
  const v66 = obj.sideEffect;
  if (v66 === undefined) throw rt.missing(rt.join(path, "sideEffect"));
  if (!isToolCallSideEffect(v66)) throw rt.badEnum(v66, TOOL_CALL_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
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
  const v67 = obj.schemaVersion;
  if (v67 === undefined) throw rt.missing(rt.join(path, "schemaVersion"));
  if (v67 !== 2) throw rt.badConst(2, rt.join(path, "schemaVersion"));
  const v68 = obj.type;
  if (v68 === undefined) throw rt.missing(rt.join(path, "type"));
  if (v68 !== "checkpoint") throw rt.badConst("checkpoint", rt.join(path, "type"));
  const v69 = obj.runId;
  if (v69 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v69 !== "string") throw rt.wrongType("a string", v69, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v69)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v70 = obj.checkpoint;
  if (v70 === undefined) throw rt.missing(rt.join(path, "checkpoint"));
  if (!rt.isObject(v70)) throw rt.wrongType("an object", v70, rt.join(path, "checkpoint"));
  decodeCheckpointInfo(v70, rt.join(path, "checkpoint"), strict);
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
  const v71 = obj.schemaVersion;
  if (v71 === undefined) throw rt.missing(rt.join(path, "schemaVersion"));
  if (v71 !== 2) throw rt.badConst(2, rt.join(path, "schemaVersion"));
  const v72 = obj.type;
  if (v72 === undefined) throw rt.missing(rt.join(path, "type"));
  if (v72 !== "permission") throw rt.badConst("permission", rt.join(path, "type"));
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
    if (typeof v77 !== "string") throw rt.wrongType("a string", v77, rt.join(path, "action"));
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
  const v89 = obj.schemaVersion;
  if (v89 === undefined) throw rt.missing(rt.join(path, "schemaVersion"));
  if (v89 !== 2) throw rt.badConst(2, rt.join(path, "schemaVersion"));
  const v90 = obj.type;
  if (v90 === undefined) throw rt.missing(rt.join(path, "type"));
  if (v90 !== "permission_request") throw rt.badConst("permission_request", rt.join(path, "type"));
  const v91 = obj.runId;
  if (v91 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v91 !== "string") throw rt.wrongType("a string", v91, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v91)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v92 = obj.sessionId;
  if (v92 !== undefined) {
    if (typeof v92 !== "string") throw rt.wrongType("a string", v92, rt.join(path, "sessionId"));
  }
  const v93 = obj.id;
  if (v93 !== undefined) {
    if (typeof v93 !== "string") throw rt.wrongType("a string", v93, rt.join(path, "id"));
  }
  const v94 = obj.name;
  if (v94 !== undefined) {
    if (typeof v94 !== "string") throw rt.wrongType("a string", v94, rt.join(path, "name"));
  }
  const v95 = obj.action;
  if (v95 !== undefined) {
    if (!isPermissionRequestAction(v95)) throw rt.badEnum(v95, PERMISSION_REQUEST_ACTION_VALUES, rt.join(path, "action"));
  }
  const v96 = obj.permission;
  if (v96 !== undefined) {
    if (!isPermission(v96)) throw rt.badEnum(v96, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v97 = obj.permissionGranted;
  if (v97 === undefined) throw rt.missing(rt.join(path, "permissionGranted"));
  if (typeof v97 !== "boolean") throw rt.wrongType("a boolean", v97, rt.join(path, "permissionGranted"));
  const v98 = obj.permissionMode;
  if (v98 !== undefined) {
    if (!isPermissionMode(v98)) throw rt.badEnum(v98, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v99 = obj.autonomy;
  if (v99 !== undefined) {
    if (!isPermissionAutonomy(v99)) throw rt.badEnum(v99, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v100 = obj.sideEffect;
  if (v100 !== undefined) {
    if (!isPermissionSideEffect(v100)) throw rt.badEnum(v100, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v101 = obj.reason;
  if (v101 !== undefined) {
    if (typeof v101 !== "string") throw rt.wrongType("a string", v101, rt.join(path, "reason"));
  }
  const v102 = obj.decisionReason;
  if (v102 !== undefined) {
    if (typeof v102 !== "string") throw rt.wrongType("a string", v102, rt.join(path, "decisionReason"));
  }
  const v103 = obj.risk;
  if (v103 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v103)) throw rt.wrongType("an object", v103, rt.join(path, "risk"));
  decodeRisk(v103, rt.join(path, "risk"), strict);
  const v104 = obj.block;
  if (v104 !== undefined) {
    if (!rt.isObject(v104)) throw rt.wrongType("an object", v104, rt.join(path, "block"));
    decodeBlock(v104, rt.join(path, "block"), strict);
  }
  const v105 = obj.grantMatched;
  if (v105 !== undefined) {
    if (typeof v105 !== "boolean") throw rt.wrongType("a boolean", v105, rt.join(path, "grantMatched"));
  }
  const v106 = obj.grant;
  if (v106 !== undefined) {
    if (!rt.isObject(v106)) throw rt.wrongType("an object", v106, rt.join(path, "grant"));
    decodeGrant(v106, rt.join(path, "grant"), strict);
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
  const v107 = obj.schemaVersion;
  if (v107 === undefined) throw rt.missing(rt.join(path, "schemaVersion"));
  if (v107 !== 2) throw rt.badConst(2, rt.join(path, "schemaVersion"));
  const v108 = obj.type;
  if (v108 === undefined) throw rt.missing(rt.join(path, "type"));
  if (v108 !== "permission_decision") throw rt.badConst("permission_decision", rt.join(path, "type"));
  const v109 = obj.runId;
  if (v109 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v109 !== "string") throw rt.wrongType("a string", v109, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v109)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v110 = obj.sessionId;
  if (v110 !== undefined) {
    if (typeof v110 !== "string") throw rt.wrongType("a string", v110, rt.join(path, "sessionId"));
  }
  const v111 = obj.id;
  if (v111 !== undefined) {
    if (typeof v111 !== "string") throw rt.wrongType("a string", v111, rt.join(path, "id"));
  }
  const v112 = obj.name;
  if (v112 !== undefined) {
    if (typeof v112 !== "string") throw rt.wrongType("a string", v112, rt.join(path, "name"));
  }
  const v113 = obj.action;
  if (v113 !== undefined) {
    if (!isPermissionDecisionAction(v113)) throw rt.badEnum(v113, PERMISSION_DECISION_ACTION_VALUES, rt.join(path, "action"));
  }
  const v114 = obj.permission;
  if (v114 !== undefined) {
    if (!isPermission(v114)) throw rt.badEnum(v114, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v115 = obj.permissionGranted;
  if (v115 === undefined) throw rt.missing(rt.join(path, "permissionGranted"));
  if (typeof v115 !== "boolean") throw rt.wrongType("a boolean", v115, rt.join(path, "permissionGranted"));
  const v116 = obj.permissionMode;
  if (v116 !== undefined) {
    if (!isPermissionMode(v116)) throw rt.badEnum(v116, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v117 = obj.autonomy;
  if (v117 !== undefined) {
    if (!isPermissionAutonomy(v117)) throw rt.badEnum(v117, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v118 = obj.sideEffect;
  if (v118 !== undefined) {
    if (!isPermissionSideEffect(v118)) throw rt.badEnum(v118, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v119 = obj.reason;
  if (v119 !== undefined) {
    if (typeof v119 !== "string") throw rt.wrongType("a string", v119, rt.join(path, "reason"));
  }
  const v120 = obj.decisionReason;
  if (v120 !== undefined) {
    if (typeof v120 !== "string") throw rt.wrongType("a string", v120, rt.join(path, "decisionReason"));
  }
  const v121 = obj.risk;
  if (v121 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v121)) throw rt.wrongType("an object", v121, rt.join(path, "risk"));
  decodeRisk(v121, rt.join(path, "risk"), strict);
  const v122 = obj.block;
  if (v122 !== undefined) {
    if (!rt.isObject(v122)) throw rt.wrongType("an object", v122, rt.join(path, "block"));
    decodeBlock(v122, rt.join(path, "block"), strict);
  }
  const v123 = obj.grantMatched;
  if (v123 !== undefined) {
    if (typeof v123 !== "boolean") throw rt.wrongType("a boolean", v123, rt.join(path, "grantMatched"));
  }
  const v124 = obj.grant;
  if (v124 !== undefined) {
    if (!rt.isObject(v124)) throw rt.wrongType("an object", v124, rt.join(path, "grant"));
    decodeGrant(v124, rt.join(path, "grant"), strict);
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
  const v125 = obj.schemaVersion;
  if (v125 === undefined) throw rt.missing(rt.join(path, "schemaVersion"));
  if (v125 !== 2) throw rt.badConst(2, rt.join(path, "schemaVersion"));
  const v126 = obj.type;
  if (v126 === undefined) throw rt.missing(rt.join(path, "type"));
  if (v126 !== "tool_result") throw rt.badConst("tool_result", rt.join(path, "type"));
  const v127 = obj.runId;
  if (v127 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v127 !== "string") throw rt.wrongType("a string", v127, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v127)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v128 = obj.id;
  if (v128 !== undefined) {
    if (typeof v128 !== "string") throw rt.wrongType("a string", v128, rt.join(path, "id"));
  }
  const v129 = obj.name;
  if (v129 !== undefined) {
    if (typeof v129 !== "string") throw rt.wrongType("a string", v129, rt.join(path, "name"));
  }
  const v130 = obj.status;
  if (v130 === undefined) throw rt.missing(rt.join(path, "status"));
  if (!isToolResultStatus(v130)) throw rt.badEnum(v130, TOOL_RESULT_STATUS_VALUES, rt.join(path, "status"));
  const v131 = obj.output;
  if (v131 !== undefined) {
    if (typeof v131 !== "string") throw rt.wrongType("a string", v131, rt.join(path, "output"));
  }
  const v132 = obj.truncated;
  if (v132 === undefined) throw rt.missing(rt.join(path, "truncated"));
  if (typeof v132 !== "boolean") throw rt.wrongType("a boolean", v132, rt.join(path, "truncated"));
  const v133 = obj.redacted;
  if (v133 !== undefined) {
    if (typeof v133 !== "boolean") throw rt.wrongType("a boolean", v133, rt.join(path, "redacted"));
  }
  const v134 = obj.changedFiles;
  if (v134 !== undefined) {
    if (!Array.isArray(v134)) throw rt.wrongType("an array", v134, rt.join(path, "changedFiles"));
    for (let i135 = 0; i135 < v134.length; i135++) {
      const item136: unknown = v134[i135];
      if (typeof item136 !== "string") throw rt.wrongType("a string", item136, `${rt.join(path, "changedFiles")}[${i135}]`);
    }
  }
  const v137 = obj.meta;
  if (v137 !== undefined) {
    if (!rt.isObject(v137)) throw rt.wrongType("an object", v137, rt.join(path, "meta"));
    for (const key138 in v137) {
      if (typeof v137[key138] !== "string") throw rt.wrongType("a string", v137[key138], rt.join(rt.join(path, "meta"), key138));
    }
  }
  const v139 = obj.display;
  if (v139 !== undefined) {
    if (!rt.isObject(v139)) throw rt.wrongType("an object", v139, rt.join(path, "display"));
    decodeDisplay(v139, rt.join(path, "display"), strict);
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
  const v140 = obj.schemaVersion;
  if (v140 === undefined) throw rt.missing(rt.join(path, "schemaVersion"));
  if (v140 !== 2) throw rt.badConst(2, rt.join(path, "schemaVersion"));
  const v141 = obj.type;
  if (v141 === undefined) throw rt.missing(rt.join(path, "type"));
  if (v141 !== "restore") throw rt.badConst("restore", rt.join(path, "type"));
  const v142 = obj.runId;
  if (v142 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v142 !== "string") throw rt.wrongType("a string", v142, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v142)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v143 = obj.checkpoint;
  if (v143 !== undefined) {
    if (!rt.isObject(v143)) throw rt.wrongType("an object", v143, rt.join(path, "checkpoint"));
    decodeCheckpointInfo(v143, rt.join(path, "checkpoint"), strict);
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
  const v144 = obj.schemaVersion;
  if (v144 === undefined) throw rt.missing(rt.join(path, "schemaVersion"));
  if (v144 !== 2) throw rt.badConst(2, rt.join(path, "schemaVersion"));
  const v145 = obj.type;
  if (v145 === undefined) throw rt.missing(rt.join(path, "type"));
  if (v145 !== "usage") throw rt.badConst("usage", rt.join(path, "type"));
  const v146 = obj.runId;
  if (v146 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v146 !== "string") throw rt.wrongType("a string", v146, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v146)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v147 = obj.promptTokens;
  if (v147 === undefined) throw rt.missing(rt.join(path, "promptTokens"));
  if (typeof v147 !== "number" || !Number.isSafeInteger(v147)) throw rt.badInteger(v147, rt.join(path, "promptTokens"));
  if (v147 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "promptTokens"));
  const v148 = obj.completionTokens;
  if (v148 === undefined) throw rt.missing(rt.join(path, "completionTokens"));
  if (typeof v148 !== "number" || !Number.isSafeInteger(v148)) throw rt.badInteger(v148, rt.join(path, "completionTokens"));
  if (v148 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "completionTokens"));
  const v149 = obj.totalTokens;
  if (v149 === undefined) throw rt.missing(rt.join(path, "totalTokens"));
  if (typeof v149 !== "number" || !Number.isSafeInteger(v149)) throw rt.badInteger(v149, rt.join(path, "totalTokens"));
  if (v149 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "totalTokens"));
  const v150 = obj.costUsd;
  if (v150 !== undefined) {
    if (typeof v150 !== "number") throw rt.wrongType("a number", v150, rt.join(path, "costUsd"));
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
  const v151 = obj.schemaVersion;
  if (v151 === undefined) throw rt.missing(rt.join(path, "schemaVersion"));
  if (v151 !== 2) throw rt.badConst(2, rt.join(path, "schemaVersion"));
  const v152 = obj.type;
  if (v152 === undefined) throw rt.missing(rt.join(path, "type"));
  if (v152 !== "final") throw rt.badConst("final", rt.join(path, "type"));
  const v153 = obj.runId;
  if (v153 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v153 !== "string") throw rt.wrongType("a string", v153, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v153)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v154 = obj.text;
  if (v154 !== undefined) {
    if (typeof v154 !== "string") throw rt.wrongType("a string", v154, rt.join(path, "text"));
  }
  const v155 = obj.meta;
  if (v155 !== undefined) {
    if (!rt.isObject(v155)) throw rt.wrongType("an object", v155, rt.join(path, "meta"));
    for (const key156 in v155) {
      if (typeof v155[key156] !== "string") throw rt.wrongType("a string", v155[key156], rt.join(rt.join(path, "meta"), key156));
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
  const v157 = obj.schemaVersion;
  if (v157 === undefined) throw rt.missing(rt.join(path, "schemaVersion"));
  if (v157 !== 2) throw rt.badConst(2, rt.join(path, "schemaVersion"));
  const v158 = obj.type;
  if (v158 === undefined) throw rt.missing(rt.join(path, "type"));
  if (v158 !== "warning") throw rt.badConst("warning", rt.join(path, "type"));
  const v159 = obj.runId;
  if (v159 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v159 !== "string") throw rt.wrongType("a string", v159, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v159)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v160 = obj.message;
  if (v160 !== undefined) {
    if (typeof v160 !== "string") throw rt.wrongType("a string", v160, rt.join(path, "message"));
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
  const v161 = obj.schemaVersion;
  if (v161 === undefined) throw rt.missing(rt.join(path, "schemaVersion"));
  if (v161 !== 2) throw rt.badConst(2, rt.join(path, "schemaVersion"));
  const v162 = obj.type;
  if (v162 === undefined) throw rt.missing(rt.join(path, "type"));
  if (v162 !== "error") throw rt.badConst("error", rt.join(path, "type"));
  const v163 = obj.runId;
  if (v163 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v163 !== "string") throw rt.wrongType("a string", v163, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v163)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v164 = obj.code;
  if (v164 !== undefined) {
    if (!isErrorCode(v164)) throw rt.badEnum(v164, ERROR_CODE_VALUES, rt.join(path, "code"));
  }
  const v165 = obj.message;
  if (v165 !== undefined) {
    if (typeof v165 !== "string") throw rt.wrongType("a string", v165, rt.join(path, "message"));
  }
  const v166 = obj.recoverable;
  if (v166 === undefined) throw rt.missing(rt.join(path, "recoverable"));
  if (typeof v166 !== "boolean") throw rt.wrongType("a boolean", v166, rt.join(path, "recoverable"));
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
  const v167 = obj.schemaVersion;
  if (v167 === undefined) throw rt.missing(rt.join(path, "schemaVersion"));
  if (v167 !== 2) throw rt.badConst(2, rt.join(path, "schemaVersion"));
  const v168 = obj.type;
  if (v168 === undefined) throw rt.missing(rt.join(path, "type"));
  if (v168 !== "run_end") throw rt.badConst("run_end", rt.join(path, "type"));
  const v169 = obj.runId;
  if (v169 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v169 !== "string") throw rt.wrongType("a string", v169, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v169)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v170 = obj.status;
  if (v170 !== undefined) {
    if (!isRunEndStatus(v170)) throw rt.badEnum(v170, RUN_END_STATUS_VALUES, rt.join(path, "status"));
  }
  const v171 = obj.exitCode;
  if (v171 === undefined) throw rt.missing(rt.join(path, "exitCode"));
  if (typeof v171 !== "number" || !Number.isSafeInteger(v171)) throw rt.badInteger(v171, rt.join(path, "exitCode"));
  return obj as unknown as RunEndEvent;
}

/** The fields every output event shares: a line of an unknown `type` must still have them. */
function checkOutputEnvelope(obj: rt.JsonObject): void {
  const v172 = obj.runId;
  if (v172 === undefined) throw rt.missing("runId");
  if (typeof v172 !== "string") throw rt.wrongType("a string", v172, "runId");
  if (!RUN_ID_PATTERN.test(v172)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, "runId");
}

/**
 * Check an already-parsed output object of this version, in place. Unknown types become an
 * `UnknownEvent` (after the shared envelope is checked); unknown fields are kept (default) or
 * rejected (`strict`). Throws `ProtocolError` naming the field.
 */
export function validateOutput(value: unknown, options: rt.DecodeOptions = {}): OutputEvent | rt.UnknownEvent {
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
export function parseOutput(line: string, options: rt.DecodeOptions = {}): OutputEvent | rt.UnknownEvent {
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
