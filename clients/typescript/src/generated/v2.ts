// GENERATED FILE - DO NOT EDIT.
// Generated from schema/v2.json (schemaVersion 2)
// by `zero-sdk generate --lang typescript --version 2`.
// Edit the schema and rerun that command instead of editing this file.

/**
 * Typed bindings of the Zero stream-json protocol, schemaVersion 2.
 *
 * Zero stream-json protocol, schemaVersion 2.
 * Every input and output line of `zero exec --input-format stream-json --output-format stream-json` at schemaVersion 2 (Zero 0.8.0, commit ad34dc8d).
 */

import * as rt from "../runtime.js";
import type { Integer, JsonValue } from "../runtime.js";

export {
  EXTRA,
  ProtocolError,
  UnknownEvent,
  encodeEvent,
  extraFields,
} from "../runtime.js";
export type {
  DecodeOptions,
  Integer,
  JsonObject,
  JsonValue,
  ProtocolErrorKind,
} from "../runtime.js";

/** The schemaVersion of this module. */
export const SCHEMA_VERSION = 2 as const;

// --- Enums ---------------------------------------------------------------------------------

/** Values of `Risk.level`. */
export type RiskLevel = "low" | "medium" | "high" | "critical";
export const RISK_LEVEL_VALUES: readonly RiskLevel[] = ["low", "medium", "high", "critical"];

/** Values of `Block.code`. */
export type BlockCode = "context_canceled" | "denied_permission" | "outside_workspace" | "symlink_traversal" | "network" | "destructive_command" | "persistent_deny" | "denied";
export const BLOCK_CODE_VALUES: readonly BlockCode[] = ["context_canceled", "denied_permission", "outside_workspace", "symlink_traversal", "network", "destructive_command", "persistent_deny", "denied"];

/** Values of `Block.action`. */
export type BlockAction = "allow" | "prompt" | "deny";
export const BLOCK_ACTION_VALUES: readonly BlockAction[] = ["allow", "prompt", "deny"];

/** Values of `Grant.scopeKind`. */
export type GrantScopeKind = "file" | "dir" | "host";
export const GRANT_SCOPE_KIND_VALUES: readonly GrantScopeKind[] = ["file", "dir", "host"];

/** Values of `Grant.decision`. */
export type GrantDecision = "allow" | "deny";
export const GRANT_DECISION_VALUES: readonly GrantDecision[] = ["allow", "deny"];

/** Values of `ToolCallEvent.sideEffect`. */
export type ToolCallEventSideEffect = "read" | "write" | "shell" | "network" | "none" | "unknown";
export const TOOL_CALL_EVENT_SIDE_EFFECT_VALUES: readonly ToolCallEventSideEffect[] = ["read", "write", "shell", "network", "none", "unknown"];

/** Values of `PermissionEvent.permission`. */
export type PermissionEventPermission = "allow" | "prompt" | "deny";
export const PERMISSION_EVENT_PERMISSION_VALUES: readonly PermissionEventPermission[] = ["allow", "prompt", "deny"];

/** Values of `PermissionEvent.permissionMode`. */
export type PermissionEventPermissionMode = "auto" | "ask" | "unsafe" | "spec-draft" | "plan" | "member-auto";
export const PERMISSION_EVENT_PERMISSION_MODE_VALUES: readonly PermissionEventPermissionMode[] = ["auto", "ask", "unsafe", "spec-draft", "plan", "member-auto"];

/** Values of `PermissionEvent.autonomy`. */
export type PermissionEventAutonomy = "low" | "medium" | "high" | "member";
export const PERMISSION_EVENT_AUTONOMY_VALUES: readonly PermissionEventAutonomy[] = ["low", "medium", "high", "member"];

/** Values of `PermissionEvent.sideEffect`. */
export type PermissionEventSideEffect = "read" | "write" | "shell" | "network" | "none" | "local_control" | "local_browser" | "local_desktop" | "local_terminal" | "out_of_workspace";
export const PERMISSION_EVENT_SIDE_EFFECT_VALUES: readonly PermissionEventSideEffect[] = ["read", "write", "shell", "network", "none", "local_control", "local_browser", "local_desktop", "local_terminal", "out_of_workspace"];

/** Values of `PermissionRequestEvent.action`. */
export type PermissionRequestEventAction = "prompt";
export const PERMISSION_REQUEST_EVENT_ACTION_VALUES: readonly PermissionRequestEventAction[] = ["prompt"];

/** Values of `PermissionRequestEvent.permission`. */
export type PermissionRequestEventPermission = "allow" | "prompt" | "deny";
export const PERMISSION_REQUEST_EVENT_PERMISSION_VALUES: readonly PermissionRequestEventPermission[] = ["allow", "prompt", "deny"];

/** Values of `PermissionRequestEvent.permissionMode`. */
export type PermissionRequestEventPermissionMode = "auto" | "ask" | "unsafe" | "spec-draft" | "plan" | "member-auto";
export const PERMISSION_REQUEST_EVENT_PERMISSION_MODE_VALUES: readonly PermissionRequestEventPermissionMode[] = ["auto", "ask", "unsafe", "spec-draft", "plan", "member-auto"];

/** Values of `PermissionRequestEvent.autonomy`. */
export type PermissionRequestEventAutonomy = "low" | "medium" | "high" | "member";
export const PERMISSION_REQUEST_EVENT_AUTONOMY_VALUES: readonly PermissionRequestEventAutonomy[] = ["low", "medium", "high", "member"];

/** Values of `PermissionRequestEvent.sideEffect`. */
export type PermissionRequestEventSideEffect = "read" | "write" | "shell" | "network" | "none" | "local_control" | "local_browser" | "local_desktop" | "local_terminal" | "out_of_workspace";
export const PERMISSION_REQUEST_EVENT_SIDE_EFFECT_VALUES: readonly PermissionRequestEventSideEffect[] = ["read", "write", "shell", "network", "none", "local_control", "local_browser", "local_desktop", "local_terminal", "out_of_workspace"];

/** Values of `PermissionDecisionEvent.action`. */
export type PermissionDecisionEventAction = "allow" | "deny" | "cancel";
export const PERMISSION_DECISION_EVENT_ACTION_VALUES: readonly PermissionDecisionEventAction[] = ["allow", "deny", "cancel"];

/** Values of `PermissionDecisionEvent.permission`. */
export type PermissionDecisionEventPermission = "allow" | "prompt" | "deny";
export const PERMISSION_DECISION_EVENT_PERMISSION_VALUES: readonly PermissionDecisionEventPermission[] = ["allow", "prompt", "deny"];

/** Values of `PermissionDecisionEvent.permissionMode`. */
export type PermissionDecisionEventPermissionMode = "auto" | "ask" | "unsafe" | "spec-draft" | "plan" | "member-auto";
export const PERMISSION_DECISION_EVENT_PERMISSION_MODE_VALUES: readonly PermissionDecisionEventPermissionMode[] = ["auto", "ask", "unsafe", "spec-draft", "plan", "member-auto"];

/** Values of `PermissionDecisionEvent.autonomy`. */
export type PermissionDecisionEventAutonomy = "low" | "medium" | "high" | "member";
export const PERMISSION_DECISION_EVENT_AUTONOMY_VALUES: readonly PermissionDecisionEventAutonomy[] = ["low", "medium", "high", "member"];

/** Values of `PermissionDecisionEvent.sideEffect`. */
export type PermissionDecisionEventSideEffect = "read" | "write" | "shell" | "network" | "none" | "local_control" | "local_browser" | "local_desktop" | "local_terminal" | "out_of_workspace";
export const PERMISSION_DECISION_EVENT_SIDE_EFFECT_VALUES: readonly PermissionDecisionEventSideEffect[] = ["read", "write", "shell", "network", "none", "local_control", "local_browser", "local_desktop", "local_terminal", "out_of_workspace"];

/** Values of `ToolResultEvent.status`. */
export type ToolResultEventStatus = "ok" | "error";
export const TOOL_RESULT_EVENT_STATUS_VALUES: readonly ToolResultEventStatus[] = ["ok", "error"];

/** Values of `ErrorEvent.code`. */
export type ErrorEventCode = "usage_error" | "provider_error" | "sandbox_error" | "mcp_error" | "specialist_error" | "interrupted" | "incomplete";
export const ERROR_EVENT_CODE_VALUES: readonly ErrorEventCode[] = ["usage_error", "provider_error", "sandbox_error", "mcp_error", "specialist_error", "interrupted", "incomplete"];

/** Values of `RunEndEvent.status`. */
export type RunEndEventStatus = "success" | "error" | "interrupted" | "incomplete" | "spec_review_required";
export const RUN_END_EVENT_STATUS_VALUES: readonly RunEndEventStatus[] = ["success", "error", "interrupted", "incomplete", "spec_review_required"];

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
  sequence?: Integer;
  /** Tool whose call was checkpointed. */
  tool?: string;
  /** Workspace-relative paths captured. */
  files?: string[];
  /** Number of files restored (restore only). */
  filesRestored?: Integer;
  /** Number of files deleted (restore only). */
  filesDeleted?: Integer;
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
export interface PromptInput extends rt.HasExtra {
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
export interface MessageInput extends rt.HasExtra {
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
export interface RunStartEvent extends rt.HasExtra {
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
export interface TextEvent extends rt.HasExtra {
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
export interface ReasoningEvent extends rt.HasExtra {
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
export interface ToolCallEvent extends rt.HasExtra {
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
  sideEffect: ToolCallEventSideEffect;
}

/**
 * File checkpoint: A file checkpoint captured before a write_file, edit_file or apply_patch call, emitted right after the matching tool_call when a session exists.
 *
 * Wire type `checkpoint` (output).
 */
export interface CheckpointEvent extends rt.HasExtra {
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
export interface PermissionEvent extends rt.HasExtra {
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
  permission?: PermissionEventPermission;
  /** Whether the call was authorized up front (unsafe mode, static allow, or a grant). False for sandbox auto-allows and headless prompts. */
  permissionGranted: boolean;
  /** The run's permission mode. */
  permissionMode?: PermissionEventPermissionMode;
  /** The `--auto` value exec was given (default `low`; `member` is accepted but undocumented). */
  autonomy?: PermissionEventAutonomy;
  /** The tool's raw side effect (not the reduced tool_call set). */
  sideEffect?: PermissionEventSideEffect;
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
export interface PermissionRequestEvent extends rt.HasExtra {
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
  action?: PermissionRequestEventAction;
  /** The tool's static permission. */
  permission?: PermissionRequestEventPermission;
  /** Whether the call was authorized up front (unsafe mode, static allow, or a grant). False for sandbox auto-allows and headless prompts. */
  permissionGranted: boolean;
  /** The run's permission mode. */
  permissionMode?: PermissionRequestEventPermissionMode;
  /** The `--auto` value exec was given (default `low`; `member` is accepted but undocumented). */
  autonomy?: PermissionRequestEventAutonomy;
  /** The tool's raw side effect (not the reduced tool_call set). */
  sideEffect?: PermissionRequestEventSideEffect;
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
export interface PermissionDecisionEvent extends rt.HasExtra {
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
  action?: PermissionDecisionEventAction;
  /** The tool's static permission. */
  permission?: PermissionDecisionEventPermission;
  /** Whether the call was authorized up front (unsafe mode, static allow, or a grant). False for sandbox auto-allows and headless prompts. */
  permissionGranted: boolean;
  /** The run's permission mode. */
  permissionMode?: PermissionDecisionEventPermissionMode;
  /** The `--auto` value exec was given (default `low`; `member` is accepted but undocumented). */
  autonomy?: PermissionDecisionEventAutonomy;
  /** The tool's raw side effect (not the reduced tool_call set). */
  sideEffect?: PermissionDecisionEventSideEffect;
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
export interface ToolResultEvent extends rt.HasExtra {
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
  status: ToolResultEventStatus;
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
export interface RestoreEvent extends rt.HasExtra {
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
export interface UsageEvent extends rt.HasExtra {
  /** Protocol schema version; always 2. */
  schemaVersion: 2;
  /** Event type discriminator; always `usage`. */
  type: "usage";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** Input tokens of the request. */
  promptTokens: Integer;
  /** Output tokens of the request. */
  completionTokens: Integer;
  /** Sum of prompt and completion tokens. */
  totalTokens: Integer;
  /** Cost in US dollars; declared but never set by exec. */
  costUsd?: number;
}

/**
 * Final answer: The last turn's answer, sent exactly once on success (and before the error on an incomplete run).
 *
 * Wire type `final` (output).
 */
export interface FinalEvent extends rt.HasExtra {
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
export interface WarningEvent extends rt.HasExtra {
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
export interface ErrorEvent extends rt.HasExtra {
  /** Protocol schema version; always 2. */
  schemaVersion: 2;
  /** Event type discriminator; always `error`. */
  type: "error";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** Error class; decides the exit code. */
  code?: ErrorEventCode;
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
export interface RunEndEvent extends rt.HasExtra {
  /** Protocol schema version; always 2. */
  schemaVersion: 2;
  /** Event type discriminator; always `run_end`. */
  type: "run_end";
  /** Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed. */
  runId: string;
  /** How the run ended. */
  status?: RunEndEventStatus;
  /** The process exit code (0, 2, 3, 4, 130). */
  exitCode: Integer;
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

/** Wire `type` of every output event of this version, in schema order. */
export const OUTPUT_EVENT_TYPES: readonly OutputEvent["type"][] = ["run_start", "text", "reasoning", "tool_call", "checkpoint", "permission", "permission_request", "permission_decision", "tool_result", "restore", "usage", "final", "warning", "error", "run_end"];
/** Wire `type` of every input event of this version, in schema order. */
export const INPUT_EVENT_TYPES: readonly InputEvent["type"][] = ["prompt", "message"];

// --- Readers -------------------------------------------------------------------------------

const R0 = rt.enumOf<RiskLevel>(RISK_LEVEL_VALUES);
const R1 = rt.arrayOf(rt.string, null);
const R2 = rt.enumOf<BlockCode>(BLOCK_CODE_VALUES);
const R3 = rt.enumOf<BlockAction>(BLOCK_ACTION_VALUES);
const R4 = rt.enumOf<GrantScopeKind>(GRANT_SCOPE_KIND_VALUES);
const R5 = rt.enumOf<GrantDecision>(GRANT_DECISION_VALUES);
const R6 = rt.integer(null);
const R7 = rt.constrainedString(new RegExp("^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$", "u"), 13981015);
const R8 = rt.constOf(2 as const);
const R9 = rt.constOf("prompt" as const);
const R10 = rt.constrainedString(new RegExp("\\S", "u"), null);
const R11 = rt.constOf("message" as const);
const R12 = rt.constOf("user" as const);
const R13 = rt.arrayOf(readInputImage, null);
const R14 = rt.constOf("run_start" as const);
const R15 = rt.constrainedString(new RegExp("^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$", "u"), null);
const R16 = rt.constOf("text" as const);
const R17 = rt.constOf("reasoning" as const);
const R18 = rt.constOf("tool_call" as const);
const R19 = rt.enumOf<ToolCallEventSideEffect>(TOOL_CALL_EVENT_SIDE_EFFECT_VALUES);
const R20 = rt.constOf("checkpoint" as const);
const R21 = rt.constOf("permission" as const);
const R22 = rt.enumOf<PermissionEventPermission>(PERMISSION_EVENT_PERMISSION_VALUES);
const R23 = rt.enumOf<PermissionEventPermissionMode>(PERMISSION_EVENT_PERMISSION_MODE_VALUES);
const R24 = rt.enumOf<PermissionEventAutonomy>(PERMISSION_EVENT_AUTONOMY_VALUES);
const R25 = rt.enumOf<PermissionEventSideEffect>(PERMISSION_EVENT_SIDE_EFFECT_VALUES);
const R26 = rt.constOf("permission_request" as const);
const R27 = rt.enumOf<PermissionRequestEventAction>(PERMISSION_REQUEST_EVENT_ACTION_VALUES);
const R28 = rt.enumOf<PermissionRequestEventPermission>(PERMISSION_REQUEST_EVENT_PERMISSION_VALUES);
const R29 = rt.enumOf<PermissionRequestEventPermissionMode>(PERMISSION_REQUEST_EVENT_PERMISSION_MODE_VALUES);
const R30 = rt.enumOf<PermissionRequestEventAutonomy>(PERMISSION_REQUEST_EVENT_AUTONOMY_VALUES);
const R31 = rt.enumOf<PermissionRequestEventSideEffect>(PERMISSION_REQUEST_EVENT_SIDE_EFFECT_VALUES);
const R32 = rt.constOf("permission_decision" as const);
const R33 = rt.enumOf<PermissionDecisionEventAction>(PERMISSION_DECISION_EVENT_ACTION_VALUES);
const R34 = rt.enumOf<PermissionDecisionEventPermission>(PERMISSION_DECISION_EVENT_PERMISSION_VALUES);
const R35 = rt.enumOf<PermissionDecisionEventPermissionMode>(PERMISSION_DECISION_EVENT_PERMISSION_MODE_VALUES);
const R36 = rt.enumOf<PermissionDecisionEventAutonomy>(PERMISSION_DECISION_EVENT_AUTONOMY_VALUES);
const R37 = rt.enumOf<PermissionDecisionEventSideEffect>(PERMISSION_DECISION_EVENT_SIDE_EFFECT_VALUES);
const R38 = rt.constOf("tool_result" as const);
const R39 = rt.enumOf<ToolResultEventStatus>(TOOL_RESULT_EVENT_STATUS_VALUES);
const R40 = rt.mapOf(rt.string);
const R41 = rt.constOf("restore" as const);
const R42 = rt.constOf("usage" as const);
const R43 = rt.integer(0);
const R44 = rt.constOf("final" as const);
const R45 = rt.constOf("warning" as const);
const R46 = rt.constOf("error" as const);
const R47 = rt.enumOf<ErrorEventCode>(ERROR_EVENT_CODE_VALUES);
const R48 = rt.constOf("run_end" as const);
const R49 = rt.enumOf<RunEndEventStatus>(RUN_END_EVENT_STATUS_VALUES);

const RISK_KEYS: ReadonlySet<string> = new Set(["level", "categories", "reason"]);

function readRisk(value: unknown, path: string, options: rt.DecodeOptions): Risk {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, RISK_KEYS, path, options);
  if (!Object.hasOwn(obj, "level")) throw rt.missing(path, "level");
  const f0 = R0(obj["level"], rt.join(path, "level"), options);
  const f1 = Object.hasOwn(obj, "categories") ? R1(obj["categories"], rt.join(path, "categories"), options) : undefined;
  const f2 = Object.hasOwn(obj, "reason") ? rt.string(obj["reason"], rt.join(path, "reason"), options) : undefined;
  const out: Risk = { level: f0 };
  if (f1 !== undefined) out.categories = f1;
  if (f2 !== undefined) out.reason = f2;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const BLOCK_KEYS: ReadonlySet<string> = new Set(["code", "toolName", "action", "risk", "path", "reason", "recoverable"]);

function readBlock(value: unknown, path: string, options: rt.DecodeOptions): Block {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, BLOCK_KEYS, path, options);
  if (!Object.hasOwn(obj, "code")) throw rt.missing(path, "code");
  const f0 = R2(obj["code"], rt.join(path, "code"), options);
  const f1 = Object.hasOwn(obj, "toolName") ? rt.string(obj["toolName"], rt.join(path, "toolName"), options) : undefined;
  if (!Object.hasOwn(obj, "action")) throw rt.missing(path, "action");
  const f2 = R3(obj["action"], rt.join(path, "action"), options);
  if (!Object.hasOwn(obj, "risk")) throw rt.missing(path, "risk");
  const f3 = readRisk(obj["risk"], rt.join(path, "risk"), options);
  const f4 = Object.hasOwn(obj, "path") ? rt.string(obj["path"], rt.join(path, "path"), options) : undefined;
  if (!Object.hasOwn(obj, "reason")) throw rt.missing(path, "reason");
  const f5 = rt.string(obj["reason"], rt.join(path, "reason"), options);
  if (!Object.hasOwn(obj, "recoverable")) throw rt.missing(path, "recoverable");
  const f6 = rt.boolean(obj["recoverable"], rt.join(path, "recoverable"), options);
  const out: Block = { code: f0, action: f2, risk: f3, reason: f5, recoverable: f6 };
  if (f1 !== undefined) out.toolName = f1;
  if (f4 !== undefined) out.path = f4;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const GRANT_KEYS: ReadonlySet<string> = new Set(["toolName", "scope", "scopeKind", "decision", "approvedAt", "reason", "session"]);

function readGrant(value: unknown, path: string, options: rt.DecodeOptions): Grant {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, GRANT_KEYS, path, options);
  if (!Object.hasOwn(obj, "toolName")) throw rt.missing(path, "toolName");
  const f0 = rt.string(obj["toolName"], rt.join(path, "toolName"), options);
  const f1 = Object.hasOwn(obj, "scope") ? rt.string(obj["scope"], rt.join(path, "scope"), options) : undefined;
  const f2 = Object.hasOwn(obj, "scopeKind") ? R4(obj["scopeKind"], rt.join(path, "scopeKind"), options) : undefined;
  if (!Object.hasOwn(obj, "decision")) throw rt.missing(path, "decision");
  const f3 = R5(obj["decision"], rt.join(path, "decision"), options);
  if (!Object.hasOwn(obj, "approvedAt")) throw rt.missing(path, "approvedAt");
  const f4 = rt.string(obj["approvedAt"], rt.join(path, "approvedAt"), options);
  const f5 = Object.hasOwn(obj, "reason") ? rt.string(obj["reason"], rt.join(path, "reason"), options) : undefined;
  const f6 = Object.hasOwn(obj, "session") ? rt.boolean(obj["session"], rt.join(path, "session"), options) : undefined;
  const out: Grant = { toolName: f0, decision: f3, approvedAt: f4 };
  if (f1 !== undefined) out.scope = f1;
  if (f2 !== undefined) out.scopeKind = f2;
  if (f5 !== undefined) out.reason = f5;
  if (f6 !== undefined) out.session = f6;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const DISPLAY_KEYS: ReadonlySet<string> = new Set(["summary", "kind"]);

function readDisplay(value: unknown, path: string, options: rt.DecodeOptions): Display {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, DISPLAY_KEYS, path, options);
  const f0 = Object.hasOwn(obj, "summary") ? rt.string(obj["summary"], rt.join(path, "summary"), options) : undefined;
  const f1 = Object.hasOwn(obj, "kind") ? rt.string(obj["kind"], rt.join(path, "kind"), options) : undefined;
  const out: Display = {  };
  if (f0 !== undefined) out.summary = f0;
  if (f1 !== undefined) out.kind = f1;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const CHECKPOINT_INFO_KEYS: ReadonlySet<string> = new Set(["sequence", "tool", "files", "filesRestored", "filesDeleted", "skipped"]);

function readCheckpointInfo(value: unknown, path: string, options: rt.DecodeOptions): CheckpointInfo {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, CHECKPOINT_INFO_KEYS, path, options);
  const f0 = Object.hasOwn(obj, "sequence") ? R6(obj["sequence"], rt.join(path, "sequence"), options) : undefined;
  const f1 = Object.hasOwn(obj, "tool") ? rt.string(obj["tool"], rt.join(path, "tool"), options) : undefined;
  const f2 = Object.hasOwn(obj, "files") ? R1(obj["files"], rt.join(path, "files"), options) : undefined;
  const f3 = Object.hasOwn(obj, "filesRestored") ? R6(obj["filesRestored"], rt.join(path, "filesRestored"), options) : undefined;
  const f4 = Object.hasOwn(obj, "filesDeleted") ? R6(obj["filesDeleted"], rt.join(path, "filesDeleted"), options) : undefined;
  const f5 = Object.hasOwn(obj, "skipped") ? R1(obj["skipped"], rt.join(path, "skipped"), options) : undefined;
  const out: CheckpointInfo = {  };
  if (f0 !== undefined) out.sequence = f0;
  if (f1 !== undefined) out.tool = f1;
  if (f2 !== undefined) out.files = f2;
  if (f3 !== undefined) out.filesRestored = f3;
  if (f4 !== undefined) out.filesDeleted = f4;
  if (f5 !== undefined) out.skipped = f5;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const INPUT_IMAGE_KEYS: ReadonlySet<string> = new Set(["mediaType", "data"]);

function readInputImage(value: unknown, path: string, options: rt.DecodeOptions): InputImage {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, INPUT_IMAGE_KEYS, path, options);
  if (!Object.hasOwn(obj, "mediaType")) throw rt.missing(path, "mediaType");
  const f0 = rt.string(obj["mediaType"], rt.join(path, "mediaType"), options);
  if (!Object.hasOwn(obj, "data")) throw rt.missing(path, "data");
  const f1 = R7(obj["data"], rt.join(path, "data"), options);
  const out: InputImage = { mediaType: f0, data: f1 };
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const PROMPT_INPUT_KEYS: ReadonlySet<string> = new Set(["schemaVersion", "type", "content"]);

function readPromptInput(value: unknown, path: string, options: rt.DecodeOptions): PromptInput {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, PROMPT_INPUT_KEYS, path, options);
  if (!Object.hasOwn(obj, "schemaVersion")) throw rt.missing(path, "schemaVersion");
  const f0 = R8(obj["schemaVersion"], rt.join(path, "schemaVersion"), options);
  if (!Object.hasOwn(obj, "type")) throw rt.missing(path, "type");
  const f1 = R9(obj["type"], rt.join(path, "type"), options);
  if (!Object.hasOwn(obj, "content")) throw rt.missing(path, "content");
  const f2 = R10(obj["content"], rt.join(path, "content"), options);
  const out: PromptInput = { schemaVersion: f0, type: f1, content: f2 };
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const MESSAGE_INPUT_KEYS: ReadonlySet<string> = new Set(["schemaVersion", "type", "role", "content", "images"]);
const MESSAGE_INPUT_ANY_OF: readonly rt.Alternative[] = [
  { required: ["content"], patterns: [["content", new RegExp("\\S", "u")]], minItems: [] },
  { required: ["images"], patterns: [], minItems: [["images", 1]] },
];

function readMessageInput(value: unknown, path: string, options: rt.DecodeOptions): MessageInput {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, MESSAGE_INPUT_KEYS, path, options);
  if (!Object.hasOwn(obj, "schemaVersion")) throw rt.missing(path, "schemaVersion");
  const f0 = R8(obj["schemaVersion"], rt.join(path, "schemaVersion"), options);
  if (!Object.hasOwn(obj, "type")) throw rt.missing(path, "type");
  const f1 = R11(obj["type"], rt.join(path, "type"), options);
  if (!Object.hasOwn(obj, "role")) throw rt.missing(path, "role");
  const f2 = R12(obj["role"], rt.join(path, "role"), options);
  const f3 = Object.hasOwn(obj, "content") ? rt.string(obj["content"], rt.join(path, "content"), options) : undefined;
  const f4 = Object.hasOwn(obj, "images") ? R13(obj["images"], rt.join(path, "images"), options) : undefined;
  rt.checkAnyOf(obj, MESSAGE_INPUT_ANY_OF, path);
  const out: MessageInput = { schemaVersion: f0, type: f1, role: f2 };
  if (f3 !== undefined) out.content = f3;
  if (f4 !== undefined) out.images = f4;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const RUN_START_EVENT_KEYS: ReadonlySet<string> = new Set(["schemaVersion", "type", "runId", "sessionId", "cwd", "provider", "model", "apiModel"]);

function readRunStartEvent(value: unknown, path: string, options: rt.DecodeOptions): RunStartEvent {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, RUN_START_EVENT_KEYS, path, options);
  if (!Object.hasOwn(obj, "schemaVersion")) throw rt.missing(path, "schemaVersion");
  const f0 = R8(obj["schemaVersion"], rt.join(path, "schemaVersion"), options);
  if (!Object.hasOwn(obj, "type")) throw rt.missing(path, "type");
  const f1 = R14(obj["type"], rt.join(path, "type"), options);
  if (!Object.hasOwn(obj, "runId")) throw rt.missing(path, "runId");
  const f2 = R15(obj["runId"], rt.join(path, "runId"), options);
  const f3 = Object.hasOwn(obj, "sessionId") ? rt.string(obj["sessionId"], rt.join(path, "sessionId"), options) : undefined;
  if (!Object.hasOwn(obj, "cwd")) throw rt.missing(path, "cwd");
  const f4 = rt.string(obj["cwd"], rt.join(path, "cwd"), options);
  const f5 = Object.hasOwn(obj, "provider") ? rt.string(obj["provider"], rt.join(path, "provider"), options) : undefined;
  const f6 = Object.hasOwn(obj, "model") ? rt.string(obj["model"], rt.join(path, "model"), options) : undefined;
  const f7 = Object.hasOwn(obj, "apiModel") ? rt.string(obj["apiModel"], rt.join(path, "apiModel"), options) : undefined;
  const out: RunStartEvent = { schemaVersion: f0, type: f1, runId: f2, cwd: f4 };
  if (f3 !== undefined) out.sessionId = f3;
  if (f5 !== undefined) out.provider = f5;
  if (f6 !== undefined) out.model = f6;
  if (f7 !== undefined) out.apiModel = f7;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const TEXT_EVENT_KEYS: ReadonlySet<string> = new Set(["schemaVersion", "type", "runId", "delta"]);

function readTextEvent(value: unknown, path: string, options: rt.DecodeOptions): TextEvent {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, TEXT_EVENT_KEYS, path, options);
  if (!Object.hasOwn(obj, "schemaVersion")) throw rt.missing(path, "schemaVersion");
  const f0 = R8(obj["schemaVersion"], rt.join(path, "schemaVersion"), options);
  if (!Object.hasOwn(obj, "type")) throw rt.missing(path, "type");
  const f1 = R16(obj["type"], rt.join(path, "type"), options);
  if (!Object.hasOwn(obj, "runId")) throw rt.missing(path, "runId");
  const f2 = R15(obj["runId"], rt.join(path, "runId"), options);
  const f3 = Object.hasOwn(obj, "delta") ? rt.string(obj["delta"], rt.join(path, "delta"), options) : undefined;
  const out: TextEvent = { schemaVersion: f0, type: f1, runId: f2 };
  if (f3 !== undefined) out.delta = f3;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const REASONING_EVENT_KEYS: ReadonlySet<string> = new Set(["schemaVersion", "type", "runId", "delta"]);

function readReasoningEvent(value: unknown, path: string, options: rt.DecodeOptions): ReasoningEvent {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, REASONING_EVENT_KEYS, path, options);
  if (!Object.hasOwn(obj, "schemaVersion")) throw rt.missing(path, "schemaVersion");
  const f0 = R8(obj["schemaVersion"], rt.join(path, "schemaVersion"), options);
  if (!Object.hasOwn(obj, "type")) throw rt.missing(path, "type");
  const f1 = R17(obj["type"], rt.join(path, "type"), options);
  if (!Object.hasOwn(obj, "runId")) throw rt.missing(path, "runId");
  const f2 = R15(obj["runId"], rt.join(path, "runId"), options);
  const f3 = Object.hasOwn(obj, "delta") ? rt.string(obj["delta"], rt.join(path, "delta"), options) : undefined;
  const out: ReasoningEvent = { schemaVersion: f0, type: f1, runId: f2 };
  if (f3 !== undefined) out.delta = f3;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const TOOL_CALL_EVENT_KEYS: ReadonlySet<string> = new Set(["schemaVersion", "type", "runId", "id", "name", "args", "sideEffect"]);

function readToolCallEvent(value: unknown, path: string, options: rt.DecodeOptions): ToolCallEvent {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, TOOL_CALL_EVENT_KEYS, path, options);
  if (!Object.hasOwn(obj, "schemaVersion")) throw rt.missing(path, "schemaVersion");
  const f0 = R8(obj["schemaVersion"], rt.join(path, "schemaVersion"), options);
  if (!Object.hasOwn(obj, "type")) throw rt.missing(path, "type");
  const f1 = R18(obj["type"], rt.join(path, "type"), options);
  if (!Object.hasOwn(obj, "runId")) throw rt.missing(path, "runId");
  const f2 = R15(obj["runId"], rt.join(path, "runId"), options);
  const f3 = Object.hasOwn(obj, "id") ? rt.string(obj["id"], rt.join(path, "id"), options) : undefined;
  const f4 = Object.hasOwn(obj, "name") ? rt.string(obj["name"], rt.join(path, "name"), options) : undefined;
  const f5 = Object.hasOwn(obj, "args") ? rt.json(obj["args"], rt.join(path, "args"), options) : undefined;
  if (!Object.hasOwn(obj, "sideEffect")) throw rt.missing(path, "sideEffect");
  const f6 = R19(obj["sideEffect"], rt.join(path, "sideEffect"), options);
  const out: ToolCallEvent = { schemaVersion: f0, type: f1, runId: f2, sideEffect: f6 };
  if (f3 !== undefined) out.id = f3;
  if (f4 !== undefined) out.name = f4;
  if (f5 !== undefined) out.args = f5;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const CHECKPOINT_EVENT_KEYS: ReadonlySet<string> = new Set(["schemaVersion", "type", "runId", "checkpoint"]);

function readCheckpointEvent(value: unknown, path: string, options: rt.DecodeOptions): CheckpointEvent {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, CHECKPOINT_EVENT_KEYS, path, options);
  if (!Object.hasOwn(obj, "schemaVersion")) throw rt.missing(path, "schemaVersion");
  const f0 = R8(obj["schemaVersion"], rt.join(path, "schemaVersion"), options);
  if (!Object.hasOwn(obj, "type")) throw rt.missing(path, "type");
  const f1 = R20(obj["type"], rt.join(path, "type"), options);
  if (!Object.hasOwn(obj, "runId")) throw rt.missing(path, "runId");
  const f2 = R15(obj["runId"], rt.join(path, "runId"), options);
  if (!Object.hasOwn(obj, "checkpoint")) throw rt.missing(path, "checkpoint");
  const f3 = readCheckpointInfo(obj["checkpoint"], rt.join(path, "checkpoint"), options);
  const out: CheckpointEvent = { schemaVersion: f0, type: f1, runId: f2, checkpoint: f3 };
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const PERMISSION_EVENT_KEYS: ReadonlySet<string> = new Set(["schemaVersion", "type", "runId", "sessionId", "id", "name", "action", "permission", "permissionGranted", "permissionMode", "autonomy", "sideEffect", "reason", "decisionReason", "risk", "block", "grantMatched", "grant"]);

function readPermissionEvent(value: unknown, path: string, options: rt.DecodeOptions): PermissionEvent {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, PERMISSION_EVENT_KEYS, path, options);
  if (!Object.hasOwn(obj, "schemaVersion")) throw rt.missing(path, "schemaVersion");
  const f0 = R8(obj["schemaVersion"], rt.join(path, "schemaVersion"), options);
  if (!Object.hasOwn(obj, "type")) throw rt.missing(path, "type");
  const f1 = R21(obj["type"], rt.join(path, "type"), options);
  if (!Object.hasOwn(obj, "runId")) throw rt.missing(path, "runId");
  const f2 = R15(obj["runId"], rt.join(path, "runId"), options);
  const f3 = Object.hasOwn(obj, "sessionId") ? rt.string(obj["sessionId"], rt.join(path, "sessionId"), options) : undefined;
  const f4 = Object.hasOwn(obj, "id") ? rt.string(obj["id"], rt.join(path, "id"), options) : undefined;
  const f5 = Object.hasOwn(obj, "name") ? rt.string(obj["name"], rt.join(path, "name"), options) : undefined;
  const f6 = Object.hasOwn(obj, "action") ? rt.string(obj["action"], rt.join(path, "action"), options) : undefined;
  const f7 = Object.hasOwn(obj, "permission") ? R22(obj["permission"], rt.join(path, "permission"), options) : undefined;
  if (!Object.hasOwn(obj, "permissionGranted")) throw rt.missing(path, "permissionGranted");
  const f8 = rt.boolean(obj["permissionGranted"], rt.join(path, "permissionGranted"), options);
  const f9 = Object.hasOwn(obj, "permissionMode") ? R23(obj["permissionMode"], rt.join(path, "permissionMode"), options) : undefined;
  const f10 = Object.hasOwn(obj, "autonomy") ? R24(obj["autonomy"], rt.join(path, "autonomy"), options) : undefined;
  const f11 = Object.hasOwn(obj, "sideEffect") ? R25(obj["sideEffect"], rt.join(path, "sideEffect"), options) : undefined;
  const f12 = Object.hasOwn(obj, "reason") ? rt.string(obj["reason"], rt.join(path, "reason"), options) : undefined;
  const f13 = Object.hasOwn(obj, "decisionReason") ? rt.string(obj["decisionReason"], rt.join(path, "decisionReason"), options) : undefined;
  if (!Object.hasOwn(obj, "risk")) throw rt.missing(path, "risk");
  const f14 = readRisk(obj["risk"], rt.join(path, "risk"), options);
  const f15 = Object.hasOwn(obj, "block") ? readBlock(obj["block"], rt.join(path, "block"), options) : undefined;
  const f16 = Object.hasOwn(obj, "grantMatched") ? rt.boolean(obj["grantMatched"], rt.join(path, "grantMatched"), options) : undefined;
  const f17 = Object.hasOwn(obj, "grant") ? readGrant(obj["grant"], rt.join(path, "grant"), options) : undefined;
  const out: PermissionEvent = { schemaVersion: f0, type: f1, runId: f2, permissionGranted: f8, risk: f14 };
  if (f3 !== undefined) out.sessionId = f3;
  if (f4 !== undefined) out.id = f4;
  if (f5 !== undefined) out.name = f5;
  if (f6 !== undefined) out.action = f6;
  if (f7 !== undefined) out.permission = f7;
  if (f9 !== undefined) out.permissionMode = f9;
  if (f10 !== undefined) out.autonomy = f10;
  if (f11 !== undefined) out.sideEffect = f11;
  if (f12 !== undefined) out.reason = f12;
  if (f13 !== undefined) out.decisionReason = f13;
  if (f15 !== undefined) out.block = f15;
  if (f16 !== undefined) out.grantMatched = f16;
  if (f17 !== undefined) out.grant = f17;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const PERMISSION_REQUEST_EVENT_KEYS: ReadonlySet<string> = new Set(["schemaVersion", "type", "runId", "sessionId", "id", "name", "action", "permission", "permissionGranted", "permissionMode", "autonomy", "sideEffect", "reason", "decisionReason", "risk", "block", "grantMatched", "grant"]);

function readPermissionRequestEvent(value: unknown, path: string, options: rt.DecodeOptions): PermissionRequestEvent {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, PERMISSION_REQUEST_EVENT_KEYS, path, options);
  if (!Object.hasOwn(obj, "schemaVersion")) throw rt.missing(path, "schemaVersion");
  const f0 = R8(obj["schemaVersion"], rt.join(path, "schemaVersion"), options);
  if (!Object.hasOwn(obj, "type")) throw rt.missing(path, "type");
  const f1 = R26(obj["type"], rt.join(path, "type"), options);
  if (!Object.hasOwn(obj, "runId")) throw rt.missing(path, "runId");
  const f2 = R15(obj["runId"], rt.join(path, "runId"), options);
  const f3 = Object.hasOwn(obj, "sessionId") ? rt.string(obj["sessionId"], rt.join(path, "sessionId"), options) : undefined;
  const f4 = Object.hasOwn(obj, "id") ? rt.string(obj["id"], rt.join(path, "id"), options) : undefined;
  const f5 = Object.hasOwn(obj, "name") ? rt.string(obj["name"], rt.join(path, "name"), options) : undefined;
  const f6 = Object.hasOwn(obj, "action") ? R27(obj["action"], rt.join(path, "action"), options) : undefined;
  const f7 = Object.hasOwn(obj, "permission") ? R28(obj["permission"], rt.join(path, "permission"), options) : undefined;
  if (!Object.hasOwn(obj, "permissionGranted")) throw rt.missing(path, "permissionGranted");
  const f8 = rt.boolean(obj["permissionGranted"], rt.join(path, "permissionGranted"), options);
  const f9 = Object.hasOwn(obj, "permissionMode") ? R29(obj["permissionMode"], rt.join(path, "permissionMode"), options) : undefined;
  const f10 = Object.hasOwn(obj, "autonomy") ? R30(obj["autonomy"], rt.join(path, "autonomy"), options) : undefined;
  const f11 = Object.hasOwn(obj, "sideEffect") ? R31(obj["sideEffect"], rt.join(path, "sideEffect"), options) : undefined;
  const f12 = Object.hasOwn(obj, "reason") ? rt.string(obj["reason"], rt.join(path, "reason"), options) : undefined;
  const f13 = Object.hasOwn(obj, "decisionReason") ? rt.string(obj["decisionReason"], rt.join(path, "decisionReason"), options) : undefined;
  if (!Object.hasOwn(obj, "risk")) throw rt.missing(path, "risk");
  const f14 = readRisk(obj["risk"], rt.join(path, "risk"), options);
  const f15 = Object.hasOwn(obj, "block") ? readBlock(obj["block"], rt.join(path, "block"), options) : undefined;
  const f16 = Object.hasOwn(obj, "grantMatched") ? rt.boolean(obj["grantMatched"], rt.join(path, "grantMatched"), options) : undefined;
  const f17 = Object.hasOwn(obj, "grant") ? readGrant(obj["grant"], rt.join(path, "grant"), options) : undefined;
  const out: PermissionRequestEvent = { schemaVersion: f0, type: f1, runId: f2, permissionGranted: f8, risk: f14 };
  if (f3 !== undefined) out.sessionId = f3;
  if (f4 !== undefined) out.id = f4;
  if (f5 !== undefined) out.name = f5;
  if (f6 !== undefined) out.action = f6;
  if (f7 !== undefined) out.permission = f7;
  if (f9 !== undefined) out.permissionMode = f9;
  if (f10 !== undefined) out.autonomy = f10;
  if (f11 !== undefined) out.sideEffect = f11;
  if (f12 !== undefined) out.reason = f12;
  if (f13 !== undefined) out.decisionReason = f13;
  if (f15 !== undefined) out.block = f15;
  if (f16 !== undefined) out.grantMatched = f16;
  if (f17 !== undefined) out.grant = f17;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const PERMISSION_DECISION_EVENT_KEYS: ReadonlySet<string> = new Set(["schemaVersion", "type", "runId", "sessionId", "id", "name", "action", "permission", "permissionGranted", "permissionMode", "autonomy", "sideEffect", "reason", "decisionReason", "risk", "block", "grantMatched", "grant"]);

function readPermissionDecisionEvent(value: unknown, path: string, options: rt.DecodeOptions): PermissionDecisionEvent {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, PERMISSION_DECISION_EVENT_KEYS, path, options);
  if (!Object.hasOwn(obj, "schemaVersion")) throw rt.missing(path, "schemaVersion");
  const f0 = R8(obj["schemaVersion"], rt.join(path, "schemaVersion"), options);
  if (!Object.hasOwn(obj, "type")) throw rt.missing(path, "type");
  const f1 = R32(obj["type"], rt.join(path, "type"), options);
  if (!Object.hasOwn(obj, "runId")) throw rt.missing(path, "runId");
  const f2 = R15(obj["runId"], rt.join(path, "runId"), options);
  const f3 = Object.hasOwn(obj, "sessionId") ? rt.string(obj["sessionId"], rt.join(path, "sessionId"), options) : undefined;
  const f4 = Object.hasOwn(obj, "id") ? rt.string(obj["id"], rt.join(path, "id"), options) : undefined;
  const f5 = Object.hasOwn(obj, "name") ? rt.string(obj["name"], rt.join(path, "name"), options) : undefined;
  const f6 = Object.hasOwn(obj, "action") ? R33(obj["action"], rt.join(path, "action"), options) : undefined;
  const f7 = Object.hasOwn(obj, "permission") ? R34(obj["permission"], rt.join(path, "permission"), options) : undefined;
  if (!Object.hasOwn(obj, "permissionGranted")) throw rt.missing(path, "permissionGranted");
  const f8 = rt.boolean(obj["permissionGranted"], rt.join(path, "permissionGranted"), options);
  const f9 = Object.hasOwn(obj, "permissionMode") ? R35(obj["permissionMode"], rt.join(path, "permissionMode"), options) : undefined;
  const f10 = Object.hasOwn(obj, "autonomy") ? R36(obj["autonomy"], rt.join(path, "autonomy"), options) : undefined;
  const f11 = Object.hasOwn(obj, "sideEffect") ? R37(obj["sideEffect"], rt.join(path, "sideEffect"), options) : undefined;
  const f12 = Object.hasOwn(obj, "reason") ? rt.string(obj["reason"], rt.join(path, "reason"), options) : undefined;
  const f13 = Object.hasOwn(obj, "decisionReason") ? rt.string(obj["decisionReason"], rt.join(path, "decisionReason"), options) : undefined;
  if (!Object.hasOwn(obj, "risk")) throw rt.missing(path, "risk");
  const f14 = readRisk(obj["risk"], rt.join(path, "risk"), options);
  const f15 = Object.hasOwn(obj, "block") ? readBlock(obj["block"], rt.join(path, "block"), options) : undefined;
  const f16 = Object.hasOwn(obj, "grantMatched") ? rt.boolean(obj["grantMatched"], rt.join(path, "grantMatched"), options) : undefined;
  const f17 = Object.hasOwn(obj, "grant") ? readGrant(obj["grant"], rt.join(path, "grant"), options) : undefined;
  const out: PermissionDecisionEvent = { schemaVersion: f0, type: f1, runId: f2, permissionGranted: f8, risk: f14 };
  if (f3 !== undefined) out.sessionId = f3;
  if (f4 !== undefined) out.id = f4;
  if (f5 !== undefined) out.name = f5;
  if (f6 !== undefined) out.action = f6;
  if (f7 !== undefined) out.permission = f7;
  if (f9 !== undefined) out.permissionMode = f9;
  if (f10 !== undefined) out.autonomy = f10;
  if (f11 !== undefined) out.sideEffect = f11;
  if (f12 !== undefined) out.reason = f12;
  if (f13 !== undefined) out.decisionReason = f13;
  if (f15 !== undefined) out.block = f15;
  if (f16 !== undefined) out.grantMatched = f16;
  if (f17 !== undefined) out.grant = f17;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const TOOL_RESULT_EVENT_KEYS: ReadonlySet<string> = new Set(["schemaVersion", "type", "runId", "id", "name", "status", "output", "truncated", "redacted", "changedFiles", "meta", "display"]);

function readToolResultEvent(value: unknown, path: string, options: rt.DecodeOptions): ToolResultEvent {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, TOOL_RESULT_EVENT_KEYS, path, options);
  if (!Object.hasOwn(obj, "schemaVersion")) throw rt.missing(path, "schemaVersion");
  const f0 = R8(obj["schemaVersion"], rt.join(path, "schemaVersion"), options);
  if (!Object.hasOwn(obj, "type")) throw rt.missing(path, "type");
  const f1 = R38(obj["type"], rt.join(path, "type"), options);
  if (!Object.hasOwn(obj, "runId")) throw rt.missing(path, "runId");
  const f2 = R15(obj["runId"], rt.join(path, "runId"), options);
  const f3 = Object.hasOwn(obj, "id") ? rt.string(obj["id"], rt.join(path, "id"), options) : undefined;
  const f4 = Object.hasOwn(obj, "name") ? rt.string(obj["name"], rt.join(path, "name"), options) : undefined;
  if (!Object.hasOwn(obj, "status")) throw rt.missing(path, "status");
  const f5 = R39(obj["status"], rt.join(path, "status"), options);
  const f6 = Object.hasOwn(obj, "output") ? rt.string(obj["output"], rt.join(path, "output"), options) : undefined;
  if (!Object.hasOwn(obj, "truncated")) throw rt.missing(path, "truncated");
  const f7 = rt.boolean(obj["truncated"], rt.join(path, "truncated"), options);
  const f8 = Object.hasOwn(obj, "redacted") ? rt.boolean(obj["redacted"], rt.join(path, "redacted"), options) : undefined;
  const f9 = Object.hasOwn(obj, "changedFiles") ? R1(obj["changedFiles"], rt.join(path, "changedFiles"), options) : undefined;
  const f10 = Object.hasOwn(obj, "meta") ? R40(obj["meta"], rt.join(path, "meta"), options) : undefined;
  const f11 = Object.hasOwn(obj, "display") ? readDisplay(obj["display"], rt.join(path, "display"), options) : undefined;
  const out: ToolResultEvent = { schemaVersion: f0, type: f1, runId: f2, status: f5, truncated: f7 };
  if (f3 !== undefined) out.id = f3;
  if (f4 !== undefined) out.name = f4;
  if (f6 !== undefined) out.output = f6;
  if (f8 !== undefined) out.redacted = f8;
  if (f9 !== undefined) out.changedFiles = f9;
  if (f10 !== undefined) out.meta = f10;
  if (f11 !== undefined) out.display = f11;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const RESTORE_EVENT_KEYS: ReadonlySet<string> = new Set(["schemaVersion", "type", "runId", "checkpoint"]);

function readRestoreEvent(value: unknown, path: string, options: rt.DecodeOptions): RestoreEvent {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, RESTORE_EVENT_KEYS, path, options);
  if (!Object.hasOwn(obj, "schemaVersion")) throw rt.missing(path, "schemaVersion");
  const f0 = R8(obj["schemaVersion"], rt.join(path, "schemaVersion"), options);
  if (!Object.hasOwn(obj, "type")) throw rt.missing(path, "type");
  const f1 = R41(obj["type"], rt.join(path, "type"), options);
  if (!Object.hasOwn(obj, "runId")) throw rt.missing(path, "runId");
  const f2 = R15(obj["runId"], rt.join(path, "runId"), options);
  const f3 = Object.hasOwn(obj, "checkpoint") ? readCheckpointInfo(obj["checkpoint"], rt.join(path, "checkpoint"), options) : undefined;
  const out: RestoreEvent = { schemaVersion: f0, type: f1, runId: f2 };
  if (f3 !== undefined) out.checkpoint = f3;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const USAGE_EVENT_KEYS: ReadonlySet<string> = new Set(["schemaVersion", "type", "runId", "promptTokens", "completionTokens", "totalTokens", "costUsd"]);

function readUsageEvent(value: unknown, path: string, options: rt.DecodeOptions): UsageEvent {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, USAGE_EVENT_KEYS, path, options);
  if (!Object.hasOwn(obj, "schemaVersion")) throw rt.missing(path, "schemaVersion");
  const f0 = R8(obj["schemaVersion"], rt.join(path, "schemaVersion"), options);
  if (!Object.hasOwn(obj, "type")) throw rt.missing(path, "type");
  const f1 = R42(obj["type"], rt.join(path, "type"), options);
  if (!Object.hasOwn(obj, "runId")) throw rt.missing(path, "runId");
  const f2 = R15(obj["runId"], rt.join(path, "runId"), options);
  if (!Object.hasOwn(obj, "promptTokens")) throw rt.missing(path, "promptTokens");
  const f3 = R43(obj["promptTokens"], rt.join(path, "promptTokens"), options);
  if (!Object.hasOwn(obj, "completionTokens")) throw rt.missing(path, "completionTokens");
  const f4 = R43(obj["completionTokens"], rt.join(path, "completionTokens"), options);
  if (!Object.hasOwn(obj, "totalTokens")) throw rt.missing(path, "totalTokens");
  const f5 = R43(obj["totalTokens"], rt.join(path, "totalTokens"), options);
  const f6 = Object.hasOwn(obj, "costUsd") ? rt.number(obj["costUsd"], rt.join(path, "costUsd"), options) : undefined;
  const out: UsageEvent = { schemaVersion: f0, type: f1, runId: f2, promptTokens: f3, completionTokens: f4, totalTokens: f5 };
  if (f6 !== undefined) out.costUsd = f6;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const FINAL_EVENT_KEYS: ReadonlySet<string> = new Set(["schemaVersion", "type", "runId", "text", "meta"]);

function readFinalEvent(value: unknown, path: string, options: rt.DecodeOptions): FinalEvent {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, FINAL_EVENT_KEYS, path, options);
  if (!Object.hasOwn(obj, "schemaVersion")) throw rt.missing(path, "schemaVersion");
  const f0 = R8(obj["schemaVersion"], rt.join(path, "schemaVersion"), options);
  if (!Object.hasOwn(obj, "type")) throw rt.missing(path, "type");
  const f1 = R44(obj["type"], rt.join(path, "type"), options);
  if (!Object.hasOwn(obj, "runId")) throw rt.missing(path, "runId");
  const f2 = R15(obj["runId"], rt.join(path, "runId"), options);
  const f3 = Object.hasOwn(obj, "text") ? rt.string(obj["text"], rt.join(path, "text"), options) : undefined;
  const f4 = Object.hasOwn(obj, "meta") ? R40(obj["meta"], rt.join(path, "meta"), options) : undefined;
  const out: FinalEvent = { schemaVersion: f0, type: f1, runId: f2 };
  if (f3 !== undefined) out.text = f3;
  if (f4 !== undefined) out.meta = f4;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const WARNING_EVENT_KEYS: ReadonlySet<string> = new Set(["schemaVersion", "type", "runId", "message"]);

function readWarningEvent(value: unknown, path: string, options: rt.DecodeOptions): WarningEvent {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, WARNING_EVENT_KEYS, path, options);
  if (!Object.hasOwn(obj, "schemaVersion")) throw rt.missing(path, "schemaVersion");
  const f0 = R8(obj["schemaVersion"], rt.join(path, "schemaVersion"), options);
  if (!Object.hasOwn(obj, "type")) throw rt.missing(path, "type");
  const f1 = R45(obj["type"], rt.join(path, "type"), options);
  if (!Object.hasOwn(obj, "runId")) throw rt.missing(path, "runId");
  const f2 = R15(obj["runId"], rt.join(path, "runId"), options);
  const f3 = Object.hasOwn(obj, "message") ? rt.string(obj["message"], rt.join(path, "message"), options) : undefined;
  const out: WarningEvent = { schemaVersion: f0, type: f1, runId: f2 };
  if (f3 !== undefined) out.message = f3;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const ERROR_EVENT_KEYS: ReadonlySet<string> = new Set(["schemaVersion", "type", "runId", "code", "message", "recoverable"]);

function readErrorEvent(value: unknown, path: string, options: rt.DecodeOptions): ErrorEvent {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, ERROR_EVENT_KEYS, path, options);
  if (!Object.hasOwn(obj, "schemaVersion")) throw rt.missing(path, "schemaVersion");
  const f0 = R8(obj["schemaVersion"], rt.join(path, "schemaVersion"), options);
  if (!Object.hasOwn(obj, "type")) throw rt.missing(path, "type");
  const f1 = R46(obj["type"], rt.join(path, "type"), options);
  if (!Object.hasOwn(obj, "runId")) throw rt.missing(path, "runId");
  const f2 = R15(obj["runId"], rt.join(path, "runId"), options);
  const f3 = Object.hasOwn(obj, "code") ? R47(obj["code"], rt.join(path, "code"), options) : undefined;
  const f4 = Object.hasOwn(obj, "message") ? rt.string(obj["message"], rt.join(path, "message"), options) : undefined;
  if (!Object.hasOwn(obj, "recoverable")) throw rt.missing(path, "recoverable");
  const f5 = rt.boolean(obj["recoverable"], rt.join(path, "recoverable"), options);
  const out: ErrorEvent = { schemaVersion: f0, type: f1, runId: f2, recoverable: f5 };
  if (f3 !== undefined) out.code = f3;
  if (f4 !== undefined) out.message = f4;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const RUN_END_EVENT_KEYS: ReadonlySet<string> = new Set(["schemaVersion", "type", "runId", "status", "exitCode"]);

function readRunEndEvent(value: unknown, path: string, options: rt.DecodeOptions): RunEndEvent {
  const obj = rt.object(value, path);
  const extra = rt.checkKeys(obj, RUN_END_EVENT_KEYS, path, options);
  if (!Object.hasOwn(obj, "schemaVersion")) throw rt.missing(path, "schemaVersion");
  const f0 = R8(obj["schemaVersion"], rt.join(path, "schemaVersion"), options);
  if (!Object.hasOwn(obj, "type")) throw rt.missing(path, "type");
  const f1 = R48(obj["type"], rt.join(path, "type"), options);
  if (!Object.hasOwn(obj, "runId")) throw rt.missing(path, "runId");
  const f2 = R15(obj["runId"], rt.join(path, "runId"), options);
  const f3 = Object.hasOwn(obj, "status") ? R49(obj["status"], rt.join(path, "status"), options) : undefined;
  if (!Object.hasOwn(obj, "exitCode")) throw rt.missing(path, "exitCode");
  const f4 = R6(obj["exitCode"], rt.join(path, "exitCode"), options);
  const out: RunEndEvent = { schemaVersion: f0, type: f1, runId: f2, exitCode: f4 };
  if (f3 !== undefined) out.status = f3;
  if (extra !== undefined) out[rt.EXTRA] = extra;
  return out;
}

const ENVELOPE: Readonly<Record<string, rt.Reader<unknown>>> = {
  "runId": R15,
};

const OUTPUT_READERS: ReadonlyMap<string, rt.Reader<OutputEvent>> = new Map<string, rt.Reader<OutputEvent>>([
  ["run_start", readRunStartEvent],
  ["text", readTextEvent],
  ["reasoning", readReasoningEvent],
  ["tool_call", readToolCallEvent],
  ["checkpoint", readCheckpointEvent],
  ["permission", readPermissionEvent],
  ["permission_request", readPermissionRequestEvent],
  ["permission_decision", readPermissionDecisionEvent],
  ["tool_result", readToolResultEvent],
  ["restore", readRestoreEvent],
  ["usage", readUsageEvent],
  ["final", readFinalEvent],
  ["warning", readWarningEvent],
  ["error", readErrorEvent],
  ["run_end", readRunEndEvent],
]);

const INPUT_READERS: ReadonlyMap<string, rt.Reader<InputEvent>> = new Map<string, rt.Reader<InputEvent>>([
  ["prompt", readPromptInput],
  ["message", readMessageInput],
]);

function header(value: unknown): [rt.JsonObject, string] {
  if (!rt.isObject(value)) throw new rt.ProtocolError("invalid_json", "", "expected a JSON object");
  if (!Object.hasOwn(value, "schemaVersion")) throw rt.missing("", "schemaVersion");
  if (value["schemaVersion"] !== SCHEMA_VERSION) {
    throw new rt.ProtocolError("bad_const", "schemaVersion", `schemaVersion must be ${SCHEMA_VERSION}`);
  }
  if (!Object.hasOwn(value, "type")) throw rt.missing("", "type");
  const type = value["type"];
  if (typeof type !== "string") throw new rt.ProtocolError("wrong_type", "type", "`type` must be a string");
  return [value, type];
}

/**
 * Check an already-parsed output object. Unknown types become an `UnknownEvent` (after the
 * shared envelope is checked); unknown fields are kept (default) or rejected (`strict`).
 * Throws `ProtocolError` naming the field.
 */
export function validateOutput(value: unknown, options: rt.DecodeOptions = {}): OutputEvent | rt.UnknownEvent {
  const [obj, type] = header(value);
  const read = OUTPUT_READERS.get(type);
  if (read === undefined) {
    rt.checkEnvelope(obj, ENVELOPE);
    return new rt.UnknownEvent(type, SCHEMA_VERSION, String(obj["runId"] ?? ""), obj);
  }
  return read(obj, "", options);
}

/** Decode one stdout line of this version (see `validateOutput`). */
export function parseOutput(line: string, options: rt.DecodeOptions = {}): OutputEvent | rt.UnknownEvent {
  return validateOutput(rt.parseLine(line), options);
}

/** Check an already-parsed input object, strictly (as the binary does). */
export function validateInput(value: unknown): InputEvent {
  const [obj, type] = header(value);
  const read = INPUT_READERS.get(type);
  if (read === undefined) {
    throw new rt.ProtocolError("unknown_type", "type", `input type must be one of ${INPUT_EVENT_TYPES.join(", ")}`);
  }
  return read(obj, "", { strict: true });
}

/** Decode one stdin line of this version, strictly. */
export function parseInput(line: string): InputEvent {
  return validateInput(rt.parseLine(line));
}
