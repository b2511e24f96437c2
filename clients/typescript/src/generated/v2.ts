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

/** Whether `obj` is a valid `Block` (one pass; false: let `checkBlock` name the fault). */
function scanBlock(obj: rt.JsonObject, strict: boolean): boolean {
  let required = 0;
  for (const key in obj) {
    const value = obj[key];
    switch (key) {
      case "code":
        if (!isBlockCode(value)) return false;
        required++;
        continue;
      case "toolName":
        if (typeof value !== "string") return false;
        continue;
      case "action":
        if (!isBlockAction(value)) return false;
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
  const v8 = obj.code;
  if (v8 === undefined) throw rt.missing(rt.join(path, "code"));
  if (!isBlockCode(v8)) throw rt.badEnum(v8, BLOCK_CODE_VALUES, rt.join(path, "code"));
  const v9 = obj.toolName;
  if (v9 !== undefined) {
    if (typeof v9 !== "string") throw rt.wrongType("a string", v9, rt.join(path, "toolName"));
  }
  const v10 = obj.action;
  if (v10 === undefined) throw rt.missing(rt.join(path, "action"));
  if (!isBlockAction(v10)) throw rt.badEnum(v10, BLOCK_ACTION_VALUES, rt.join(path, "action"));
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
      case "scope":
        if (typeof value !== "string") return false;
        continue;
      case "scopeKind":
        if (!isGrantScopeKind(value)) return false;
        continue;
      case "decision":
        if (!isGrantDecision(value)) return false;
        required++;
        continue;
      case "approvedAt":
        if (typeof value !== "string") return false;
        required++;
        continue;
      case "reason":
        if (typeof value !== "string") return false;
        continue;
      case "session":
        if (typeof value !== "boolean") return false;
        continue;
    }
    if (strict) return false;
    rt.keepUnknownField(obj, key);
  }
  return required === 3;
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
  const v15 = obj.toolName;
  if (v15 === undefined) throw rt.missing(rt.join(path, "toolName"));
  if (typeof v15 !== "string") throw rt.wrongType("a string", v15, rt.join(path, "toolName"));
  const v16 = obj.scope;
  if (v16 !== undefined) {
    if (typeof v16 !== "string") throw rt.wrongType("a string", v16, rt.join(path, "scope"));
  }
  const v17 = obj.scopeKind;
  if (v17 !== undefined) {
    if (!isGrantScopeKind(v17)) throw rt.badEnum(v17, GRANT_SCOPE_KIND_VALUES, rt.join(path, "scopeKind"));
  }
  const v18 = obj.decision;
  if (v18 === undefined) throw rt.missing(rt.join(path, "decision"));
  if (!isGrantDecision(v18)) throw rt.badEnum(v18, GRANT_DECISION_VALUES, rt.join(path, "decision"));
  const v19 = obj.approvedAt;
  if (v19 === undefined) throw rt.missing(rt.join(path, "approvedAt"));
  if (typeof v19 !== "string") throw rt.wrongType("a string", v19, rt.join(path, "approvedAt"));
  const v20 = obj.reason;
  if (v20 !== undefined) {
    if (typeof v20 !== "string") throw rt.wrongType("a string", v20, rt.join(path, "reason"));
  }
  const v21 = obj.session;
  if (v21 !== undefined) {
    if (typeof v21 !== "boolean") throw rt.wrongType("a boolean", v21, rt.join(path, "session"));
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
  const v22 = obj.summary;
  if (v22 !== undefined) {
    if (typeof v22 !== "string") throw rt.wrongType("a string", v22, rt.join(path, "summary"));
  }
  const v23 = obj.kind;
  if (v23 !== undefined) {
    if (typeof v23 !== "string") throw rt.wrongType("a string", v23, rt.join(path, "kind"));
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
        for (let i29 = 0; i29 < value.length; i29++) {
          const item30: unknown = value[i29];
          if (typeof item30 !== "string") return false;
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
        for (let i36 = 0; i36 < value.length; i36++) {
          const item37: unknown = value[i36];
          if (typeof item37 !== "string") return false;
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
  const v24 = obj.sequence;
  if (v24 !== undefined) {
    if (typeof v24 !== "number" || !Number.isSafeInteger(v24)) throw rt.badInteger(v24, rt.join(path, "sequence"));
  }
  const v25 = obj.tool;
  if (v25 !== undefined) {
    if (typeof v25 !== "string") throw rt.wrongType("a string", v25, rt.join(path, "tool"));
  }
  const v26 = obj.files;
  if (v26 !== undefined) {
    if (!Array.isArray(v26)) throw rt.wrongType("an array", v26, rt.join(path, "files"));
    for (let i27 = 0; i27 < v26.length; i27++) {
      const item28: unknown = v26[i27];
      if (typeof item28 !== "string") throw rt.wrongType("a string", item28, `${rt.join(path, "files")}[${i27}]`);
    }
  }
  const v31 = obj.filesRestored;
  if (v31 !== undefined) {
    if (typeof v31 !== "number" || !Number.isSafeInteger(v31)) throw rt.badInteger(v31, rt.join(path, "filesRestored"));
  }
  const v32 = obj.filesDeleted;
  if (v32 !== undefined) {
    if (typeof v32 !== "number" || !Number.isSafeInteger(v32)) throw rt.badInteger(v32, rt.join(path, "filesDeleted"));
  }
  const v33 = obj.skipped;
  if (v33 !== undefined) {
    if (!Array.isArray(v33)) throw rt.wrongType("an array", v33, rt.join(path, "skipped"));
    for (let i34 = 0; i34 < v33.length; i34++) {
      const item35: unknown = v33[i34];
      if (typeof item35 !== "string") throw rt.wrongType("a string", item35, `${rt.join(path, "skipped")}[${i34}]`);
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
  const v38 = obj.mediaType;
  if (v38 === undefined) throw rt.missing(rt.join(path, "mediaType"));
  if (typeof v38 !== "string") throw rt.wrongType("a string", v38, rt.join(path, "mediaType"));
  const v39 = obj.data;
  if (v39 === undefined) throw rt.missing(rt.join(path, "data"));
  if (typeof v39 !== "string") throw rt.wrongType("a string", v39, rt.join(path, "data"));
  if (v39.length > 13981015 && rt.codePoints(v39) > 13981015) throw rt.constraint("longer than 13981015 characters", rt.join(path, "data"));
  if (!DATA_PATTERN.test(v39)) throw rt.constraint(`does not match the pattern ${DATA_PATTERN.regex.source}`, rt.join(path, "data"));
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
  const v40 = obj.content;
  if (v40 === undefined) throw rt.missing(rt.join(path, "content"));
  if (typeof v40 !== "string") throw rt.wrongType("a string", v40, rt.join(path, "content"));
  if (!CONTENT_PATTERN.test(v40)) throw rt.constraint(`does not match the pattern ${CONTENT_PATTERN.regex.source}`, rt.join(path, "content"));
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
        for (let i46 = 0; i46 < value.length; i46++) {
          const item47: unknown = value[i46];
          if (!rt.isObject(item47) || !scanInputImage(item47, strict)) return false;
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
  const v41 = obj.role;
  if (v41 === undefined) throw rt.missing(rt.join(path, "role"));
  if (v41 !== "user") throw rt.badConst("user", rt.join(path, "role"));
  const v42 = obj.content;
  if (v42 !== undefined) {
    if (typeof v42 !== "string") throw rt.wrongType("a string", v42, rt.join(path, "content"));
  }
  const v43 = obj.images;
  if (v43 !== undefined) {
    if (!Array.isArray(v43)) throw rt.wrongType("an array", v43, rt.join(path, "images"));
    for (let i44 = 0; i44 < v43.length; i44++) {
      const item45: unknown = v43[i44];
      if (!rt.isObject(item45)) throw rt.wrongType("an object", item45, `${rt.join(path, "images")}[${i44}]`);
      checkInputImage(item45, `${rt.join(path, "images")}[${i44}]`, strict);
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
  const v48 = obj.runId;
  if (v48 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v48 !== "string") throw rt.wrongType("a string", v48, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v48)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v49 = obj.sessionId;
  if (v49 !== undefined) {
    if (typeof v49 !== "string") throw rt.wrongType("a string", v49, rt.join(path, "sessionId"));
  }
  const v50 = obj.cwd;
  if (v50 === undefined) throw rt.missing(rt.join(path, "cwd"));
  if (typeof v50 !== "string") throw rt.wrongType("a string", v50, rt.join(path, "cwd"));
  const v51 = obj.provider;
  if (v51 !== undefined) {
    if (typeof v51 !== "string") throw rt.wrongType("a string", v51, rt.join(path, "provider"));
  }
  const v52 = obj.model;
  if (v52 !== undefined) {
    if (typeof v52 !== "string") throw rt.wrongType("a string", v52, rt.join(path, "model"));
  }
  const v53 = obj.apiModel;
  if (v53 !== undefined) {
    if (typeof v53 !== "string") throw rt.wrongType("a string", v53, rt.join(path, "apiModel"));
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
  const v54 = obj.runId;
  if (v54 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v54 !== "string") throw rt.wrongType("a string", v54, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v54)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v55 = obj.delta;
  if (v55 !== undefined) {
    if (typeof v55 !== "string") throw rt.wrongType("a string", v55, rt.join(path, "delta"));
  }
}

/** Whether `obj` is a valid `ReasoningEvent` (one pass; false: let `checkReasoningEvent` name the fault). */
function scanReasoningEvent(obj: rt.JsonObject, strict: boolean): boolean {
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
  const v56 = obj.runId;
  if (v56 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v56 !== "string") throw rt.wrongType("a string", v56, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v56)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v57 = obj.delta;
  if (v57 !== undefined) {
    if (typeof v57 !== "string") throw rt.wrongType("a string", v57, rt.join(path, "delta"));
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
  const v58 = obj.runId;
  if (v58 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v58 !== "string") throw rt.wrongType("a string", v58, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v58)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v59 = obj.id;
  if (v59 !== undefined) {
    if (typeof v59 !== "string") throw rt.wrongType("a string", v59, rt.join(path, "id"));
  }
  const v60 = obj.name;
  if (v60 !== undefined) {
    if (typeof v60 !== "string") throw rt.wrongType("a string", v60, rt.join(path, "name"));
  }
  const v61 = obj.args;
  if (v61 !== undefined) {
    rt.noteFreeJson(v61);
  }
  const v62 = obj.sideEffect;
  if (v62 === undefined) throw rt.missing(rt.join(path, "sideEffect"));
  if (!isToolCallSideEffect(v62)) throw rt.badEnum(v62, TOOL_CALL_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
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
  const v63 = obj.runId;
  if (v63 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v63 !== "string") throw rt.wrongType("a string", v63, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v63)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v64 = obj.checkpoint;
  if (v64 === undefined) throw rt.missing(rt.join(path, "checkpoint"));
  if (!rt.isObject(v64)) throw rt.wrongType("an object", v64, rt.join(path, "checkpoint"));
  checkCheckpointInfo(v64, rt.join(path, "checkpoint"), strict);
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
        if (!rt.isObject(value) || !scanRisk(value, strict)) return false;
        required++;
        continue;
      case "block":
        if (!rt.isObject(value) || !scanBlock(value, strict)) return false;
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
      case "block":
      case "grantMatched":
      case "grant":
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
  const v67 = obj.id;
  if (v67 !== undefined) {
    if (typeof v67 !== "string") throw rt.wrongType("a string", v67, rt.join(path, "id"));
  }
  const v68 = obj.name;
  if (v68 !== undefined) {
    if (typeof v68 !== "string") throw rt.wrongType("a string", v68, rt.join(path, "name"));
  }
  const v69 = obj.action;
  if (v69 !== undefined) {
    if (typeof v69 !== "string") throw rt.wrongType("a string", v69, rt.join(path, "action"));
  }
  const v70 = obj.permission;
  if (v70 !== undefined) {
    if (!isPermission(v70)) throw rt.badEnum(v70, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v71 = obj.permissionGranted;
  if (v71 === undefined) throw rt.missing(rt.join(path, "permissionGranted"));
  if (typeof v71 !== "boolean") throw rt.wrongType("a boolean", v71, rt.join(path, "permissionGranted"));
  const v72 = obj.permissionMode;
  if (v72 !== undefined) {
    if (!isPermissionMode(v72)) throw rt.badEnum(v72, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v73 = obj.autonomy;
  if (v73 !== undefined) {
    if (!isPermissionAutonomy(v73)) throw rt.badEnum(v73, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v74 = obj.sideEffect;
  if (v74 !== undefined) {
    if (!isPermissionSideEffect(v74)) throw rt.badEnum(v74, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v75 = obj.reason;
  if (v75 !== undefined) {
    if (typeof v75 !== "string") throw rt.wrongType("a string", v75, rt.join(path, "reason"));
  }
  const v76 = obj.decisionReason;
  if (v76 !== undefined) {
    if (typeof v76 !== "string") throw rt.wrongType("a string", v76, rt.join(path, "decisionReason"));
  }
  const v77 = obj.risk;
  if (v77 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v77)) throw rt.wrongType("an object", v77, rt.join(path, "risk"));
  checkRisk(v77, rt.join(path, "risk"), strict);
  const v78 = obj.block;
  if (v78 !== undefined) {
    if (!rt.isObject(v78)) throw rt.wrongType("an object", v78, rt.join(path, "block"));
    checkBlock(v78, rt.join(path, "block"), strict);
  }
  const v79 = obj.grantMatched;
  if (v79 !== undefined) {
    if (typeof v79 !== "boolean") throw rt.wrongType("a boolean", v79, rt.join(path, "grantMatched"));
  }
  const v80 = obj.grant;
  if (v80 !== undefined) {
    if (!rt.isObject(v80)) throw rt.wrongType("an object", v80, rt.join(path, "grant"));
    checkGrant(v80, rt.join(path, "grant"), strict);
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
        if (!rt.isObject(value) || !scanRisk(value, strict)) return false;
        required++;
        continue;
      case "block":
        if (!rt.isObject(value) || !scanBlock(value, strict)) return false;
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
      case "block":
      case "grantMatched":
      case "grant":
        continue;
    }
    rt.unknownField(obj, key, path, strict);
  }
  const v81 = obj.runId;
  if (v81 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v81 !== "string") throw rt.wrongType("a string", v81, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v81)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v82 = obj.sessionId;
  if (v82 !== undefined) {
    if (typeof v82 !== "string") throw rt.wrongType("a string", v82, rt.join(path, "sessionId"));
  }
  const v83 = obj.id;
  if (v83 !== undefined) {
    if (typeof v83 !== "string") throw rt.wrongType("a string", v83, rt.join(path, "id"));
  }
  const v84 = obj.name;
  if (v84 !== undefined) {
    if (typeof v84 !== "string") throw rt.wrongType("a string", v84, rt.join(path, "name"));
  }
  const v85 = obj.action;
  if (v85 !== undefined) {
    if (!isPermissionRequestAction(v85)) throw rt.badEnum(v85, PERMISSION_REQUEST_ACTION_VALUES, rt.join(path, "action"));
  }
  const v86 = obj.permission;
  if (v86 !== undefined) {
    if (!isPermission(v86)) throw rt.badEnum(v86, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v87 = obj.permissionGranted;
  if (v87 === undefined) throw rt.missing(rt.join(path, "permissionGranted"));
  if (typeof v87 !== "boolean") throw rt.wrongType("a boolean", v87, rt.join(path, "permissionGranted"));
  const v88 = obj.permissionMode;
  if (v88 !== undefined) {
    if (!isPermissionMode(v88)) throw rt.badEnum(v88, PERMISSION_MODE_VALUES, rt.join(path, "permissionMode"));
  }
  const v89 = obj.autonomy;
  if (v89 !== undefined) {
    if (!isPermissionAutonomy(v89)) throw rt.badEnum(v89, PERMISSION_AUTONOMY_VALUES, rt.join(path, "autonomy"));
  }
  const v90 = obj.sideEffect;
  if (v90 !== undefined) {
    if (!isPermissionSideEffect(v90)) throw rt.badEnum(v90, PERMISSION_SIDE_EFFECT_VALUES, rt.join(path, "sideEffect"));
  }
  const v91 = obj.reason;
  if (v91 !== undefined) {
    if (typeof v91 !== "string") throw rt.wrongType("a string", v91, rt.join(path, "reason"));
  }
  const v92 = obj.decisionReason;
  if (v92 !== undefined) {
    if (typeof v92 !== "string") throw rt.wrongType("a string", v92, rt.join(path, "decisionReason"));
  }
  const v93 = obj.risk;
  if (v93 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v93)) throw rt.wrongType("an object", v93, rt.join(path, "risk"));
  checkRisk(v93, rt.join(path, "risk"), strict);
  const v94 = obj.block;
  if (v94 !== undefined) {
    if (!rt.isObject(v94)) throw rt.wrongType("an object", v94, rt.join(path, "block"));
    checkBlock(v94, rt.join(path, "block"), strict);
  }
  const v95 = obj.grantMatched;
  if (v95 !== undefined) {
    if (typeof v95 !== "boolean") throw rt.wrongType("a boolean", v95, rt.join(path, "grantMatched"));
  }
  const v96 = obj.grant;
  if (v96 !== undefined) {
    if (!rt.isObject(v96)) throw rt.wrongType("an object", v96, rt.join(path, "grant"));
    checkGrant(v96, rt.join(path, "grant"), strict);
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
        if (!rt.isObject(value) || !scanRisk(value, strict)) return false;
        required++;
        continue;
      case "block":
        if (!rt.isObject(value) || !scanBlock(value, strict)) return false;
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
      case "block":
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
    if (!isPermissionDecisionAction(v101)) throw rt.badEnum(v101, PERMISSION_DECISION_ACTION_VALUES, rt.join(path, "action"));
  }
  const v102 = obj.permission;
  if (v102 !== undefined) {
    if (!isPermission(v102)) throw rt.badEnum(v102, PERMISSION_VALUES, rt.join(path, "permission"));
  }
  const v103 = obj.permissionGranted;
  if (v103 === undefined) throw rt.missing(rt.join(path, "permissionGranted"));
  if (typeof v103 !== "boolean") throw rt.wrongType("a boolean", v103, rt.join(path, "permissionGranted"));
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
  if (v109 === undefined) throw rt.missing(rt.join(path, "risk"));
  if (!rt.isObject(v109)) throw rt.wrongType("an object", v109, rt.join(path, "risk"));
  checkRisk(v109, rt.join(path, "risk"), strict);
  const v110 = obj.block;
  if (v110 !== undefined) {
    if (!rt.isObject(v110)) throw rt.wrongType("an object", v110, rt.join(path, "block"));
    checkBlock(v110, rt.join(path, "block"), strict);
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
        for (let i123 = 0; i123 < value.length; i123++) {
          const item124: unknown = value[i123];
          if (typeof item124 !== "string") return false;
        }
        continue;
      case "meta":
        if (!rt.isObject(value)) return false;
        for (const key127 in value) {
          if (typeof value[key127] !== "string") return false;
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
  const v113 = obj.runId;
  if (v113 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v113 !== "string") throw rt.wrongType("a string", v113, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v113)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v114 = obj.id;
  if (v114 !== undefined) {
    if (typeof v114 !== "string") throw rt.wrongType("a string", v114, rt.join(path, "id"));
  }
  const v115 = obj.name;
  if (v115 !== undefined) {
    if (typeof v115 !== "string") throw rt.wrongType("a string", v115, rt.join(path, "name"));
  }
  const v116 = obj.status;
  if (v116 === undefined) throw rt.missing(rt.join(path, "status"));
  if (!isToolResultStatus(v116)) throw rt.badEnum(v116, TOOL_RESULT_STATUS_VALUES, rt.join(path, "status"));
  const v117 = obj.output;
  if (v117 !== undefined) {
    if (typeof v117 !== "string") throw rt.wrongType("a string", v117, rt.join(path, "output"));
  }
  const v118 = obj.truncated;
  if (v118 === undefined) throw rt.missing(rt.join(path, "truncated"));
  if (typeof v118 !== "boolean") throw rt.wrongType("a boolean", v118, rt.join(path, "truncated"));
  const v119 = obj.redacted;
  if (v119 !== undefined) {
    if (typeof v119 !== "boolean") throw rt.wrongType("a boolean", v119, rt.join(path, "redacted"));
  }
  const v120 = obj.changedFiles;
  if (v120 !== undefined) {
    if (!Array.isArray(v120)) throw rt.wrongType("an array", v120, rt.join(path, "changedFiles"));
    for (let i121 = 0; i121 < v120.length; i121++) {
      const item122: unknown = v120[i121];
      if (typeof item122 !== "string") throw rt.wrongType("a string", item122, `${rt.join(path, "changedFiles")}[${i121}]`);
    }
  }
  const v125 = obj.meta;
  if (v125 !== undefined) {
    if (!rt.isObject(v125)) throw rt.wrongType("an object", v125, rt.join(path, "meta"));
    for (const key126 in v125) {
      if (typeof v125[key126] !== "string") throw rt.wrongType("a string", v125[key126], rt.join(rt.join(path, "meta"), key126));
    }
  }
  const v128 = obj.display;
  if (v128 !== undefined) {
    if (!rt.isObject(v128)) throw rt.wrongType("an object", v128, rt.join(path, "display"));
    checkDisplay(v128, rt.join(path, "display"), strict);
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
  const v129 = obj.runId;
  if (v129 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v129 !== "string") throw rt.wrongType("a string", v129, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v129)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v130 = obj.checkpoint;
  if (v130 !== undefined) {
    if (!rt.isObject(v130)) throw rt.wrongType("an object", v130, rt.join(path, "checkpoint"));
    checkCheckpointInfo(v130, rt.join(path, "checkpoint"), strict);
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
  const v131 = obj.runId;
  if (v131 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v131 !== "string") throw rt.wrongType("a string", v131, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v131)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v132 = obj.promptTokens;
  if (v132 === undefined) throw rt.missing(rt.join(path, "promptTokens"));
  if (typeof v132 !== "number" || !Number.isSafeInteger(v132)) throw rt.badInteger(v132, rt.join(path, "promptTokens"));
  if (v132 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "promptTokens"));
  const v133 = obj.completionTokens;
  if (v133 === undefined) throw rt.missing(rt.join(path, "completionTokens"));
  if (typeof v133 !== "number" || !Number.isSafeInteger(v133)) throw rt.badInteger(v133, rt.join(path, "completionTokens"));
  if (v133 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "completionTokens"));
  const v134 = obj.totalTokens;
  if (v134 === undefined) throw rt.missing(rt.join(path, "totalTokens"));
  if (typeof v134 !== "number" || !Number.isSafeInteger(v134)) throw rt.badInteger(v134, rt.join(path, "totalTokens"));
  if (v134 < 0) throw rt.constraint("less than the minimum 0", rt.join(path, "totalTokens"));
  const v135 = obj.costUsd;
  if (v135 !== undefined) {
    if (typeof v135 !== "number") throw rt.wrongType("a number", v135, rt.join(path, "costUsd"));
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
        for (const key140 in value) {
          if (typeof value[key140] !== "string") return false;
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
  const v136 = obj.runId;
  if (v136 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v136 !== "string") throw rt.wrongType("a string", v136, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v136)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v137 = obj.text;
  if (v137 !== undefined) {
    if (typeof v137 !== "string") throw rt.wrongType("a string", v137, rt.join(path, "text"));
  }
  const v138 = obj.meta;
  if (v138 !== undefined) {
    if (!rt.isObject(v138)) throw rt.wrongType("an object", v138, rt.join(path, "meta"));
    for (const key139 in v138) {
      if (typeof v138[key139] !== "string") throw rt.wrongType("a string", v138[key139], rt.join(rt.join(path, "meta"), key139));
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
  const v141 = obj.runId;
  if (v141 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v141 !== "string") throw rt.wrongType("a string", v141, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v141)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v142 = obj.message;
  if (v142 !== undefined) {
    if (typeof v142 !== "string") throw rt.wrongType("a string", v142, rt.join(path, "message"));
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
  const v143 = obj.runId;
  if (v143 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v143 !== "string") throw rt.wrongType("a string", v143, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v143)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v144 = obj.code;
  if (v144 !== undefined) {
    if (!isErrorCode(v144)) throw rt.badEnum(v144, ERROR_CODE_VALUES, rt.join(path, "code"));
  }
  const v145 = obj.message;
  if (v145 !== undefined) {
    if (typeof v145 !== "string") throw rt.wrongType("a string", v145, rt.join(path, "message"));
  }
  const v146 = obj.recoverable;
  if (v146 === undefined) throw rt.missing(rt.join(path, "recoverable"));
  if (typeof v146 !== "boolean") throw rt.wrongType("a boolean", v146, rt.join(path, "recoverable"));
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
  const v147 = obj.runId;
  if (v147 === undefined) throw rt.missing(rt.join(path, "runId"));
  if (typeof v147 !== "string") throw rt.wrongType("a string", v147, rt.join(path, "runId"));
  if (!RUN_ID_PATTERN.test(v147)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, rt.join(path, "runId"));
  const v148 = obj.status;
  if (v148 !== undefined) {
    if (!isRunEndStatus(v148)) throw rt.badEnum(v148, RUN_END_STATUS_VALUES, rt.join(path, "status"));
  }
  const v149 = obj.exitCode;
  if (v149 === undefined) throw rt.missing(rt.join(path, "exitCode"));
  if (typeof v149 !== "number" || !Number.isSafeInteger(v149)) throw rt.badInteger(v149, rt.join(path, "exitCode"));
}

/** The fields every output event shares: a line of an unknown `type` must still have them. */
function checkOutputEnvelope(obj: rt.JsonObject): void {
  const v150 = obj.runId;
  if (v150 === undefined) throw rt.missing("runId");
  if (typeof v150 !== "string") throw rt.wrongType("a string", v150, "runId");
  if (!RUN_ID_PATTERN.test(v150)) throw rt.constraint(`does not match the pattern ${RUN_ID_PATTERN.regex.source}`, "runId");
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
    case "reasoning":
      if (!scanReasoningEvent(obj, strict)) checkReasoningEvent(obj, "", strict);
      return obj as unknown as ReasoningEvent;
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
