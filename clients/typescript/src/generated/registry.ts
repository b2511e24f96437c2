// GENERATED FILE - DO NOT EDIT.
// Generated from schema/v1.json, schema/v2.json by `zero-sdk generate --lang typescript`.
// Edit the schemas and rerun that command instead of editing this file.

/**
 * The version registry: every schemaVersion these bindings decode, the latest one, each
 * version's bindings, the upgrade tables between them, and the tables that follow from the
 * schema annotations. Hand-written code asks this module and never names a version itself.
 */

import * as rt from "../runtime.js";
import * as v1 from "./v1.js";
import * as v2 from "./v2.js";

/** The exact per-version bindings (the wire as each version wrote it). */
export { v1, v2 };

// The latest version's types are THE types: code written against them keeps compiling across
// a schemaVersion bump wherever the bump did not change what it uses.
export type {
  RiskLevel,
  BlockCode,
  BlockAction,
  GrantScopeKind,
  GrantDecision,
  ToolCallSideEffect,
  Permission,
  PermissionMode,
  PermissionAutonomy,
  PermissionSideEffect,
  PermissionRequestAction,
  PermissionDecisionAction,
  ToolResultStatus,
  ErrorCode,
  RunEndStatus,
  Risk,
  Block,
  Grant,
  Display,
  CheckpointInfo,
  InputImage,
  PromptInput,
  MessageInput,
  RunStartEvent,
  TextEvent,
  ReasoningEvent,
  ToolCallEvent,
  CheckpointEvent,
  PermissionEvent,
  PermissionRequestEvent,
  PermissionDecisionEvent,
  ToolResultEvent,
  RestoreEvent,
  UsageEvent,
  FinalEvent,
  WarningEvent,
  ErrorEvent,
  RunEndEvent,
  OutputEvent,
  InputEvent,
  OutputEventType,
  InputEventType,
} from "./v2.js";
export {
  RISK_LEVEL_VALUES,
  BLOCK_CODE_VALUES,
  BLOCK_ACTION_VALUES,
  GRANT_SCOPE_KIND_VALUES,
  GRANT_DECISION_VALUES,
  TOOL_CALL_SIDE_EFFECT_VALUES,
  PERMISSION_VALUES,
  PERMISSION_MODE_VALUES,
  PERMISSION_AUTONOMY_VALUES,
  PERMISSION_SIDE_EFFECT_VALUES,
  PERMISSION_REQUEST_ACTION_VALUES,
  PERMISSION_DECISION_ACTION_VALUES,
  TOOL_RESULT_STATUS_VALUES,
  ERROR_CODE_VALUES,
  RUN_END_STATUS_VALUES,
  OUTPUT_EVENT_TYPES,
  INPUT_EVENT_TYPES,
} from "./v2.js";

/** A schemaVersion these bindings decode. */
export type SchemaVersion = 1 | 2;
/** Every schemaVersion these bindings decode, ascending. */
export const SUPPORTED_SCHEMA_VERSIONS: readonly SchemaVersion[] = [1, 2];
/** The newest schemaVersion: the one the version-neutral types describe. */
export const LATEST_SCHEMA_VERSION = 2 as const;

/** Each supported version's bindings, by schemaVersion. */
export const BINDINGS_BY_VERSION: ReadonlyMap<number, rt.VersionBindings> = new Map<number, rt.VersionBindings>([
  [1, v1.BINDINGS],
  [2, v2.BINDINGS],
]);

/** The latest version's decoders, typed with the version-neutral types. */
export const latest = {
  scanOutput: v2.scanOutput,
  validateOutput: v2.validateOutput,
  validateInput: v2.validateInput,
} as const;

/** How each version's output objects become the next version's (`x-zero-upgrade` of its schema). */
export const UPGRADE_TABLES: readonly rt.UpgradeTable[] = [
  {
    from: 1,
    to: 2,
    steps: [
      {"op": "rename", "events": ["permission", "permission_request", "permission_decision"], "from": ["violation"], "to": ["block"]},
      {"op": "remove", "events": ["permission", "permission_request", "permission_decision"], "path": ["grant", "maxAutonomy"]},
      {"op": "retype", "events": ["permission"], "when": {"path": ["action"], "equals": "cancel"}, "to": "permission_decision"},
      {"op": "default", "events": ["permission", "permission_request", "permission_decision"], "path": ["permissionGranted"], "from": [{"equals": {"path": ["action"], "value": "allow"}}]},
      {"op": "default", "events": ["permission", "permission_request", "permission_decision"], "path": ["risk"], "from": [{"copy": ["block", "risk"]}, {"const": {"level": "low", "reason": "risk not reported by the schemaVersion 1 writer (filled in by zero_client.upgrade)"}}]},
    ],
  },
];

/**
 * Upgrade a validated output object of an older supported version, in place, to the latest
 * version through `UPGRADE_TABLES` (the tables are checked by the generator's schema model and
 * by a test that upgrades every conformance vector and validates the result).
 */
export function upgradeToLatest(event: object, from: number): v2.OutputEvent {
  return rt.applyUpgrades(event as rt.JsonObject, from, UPGRADE_TABLES) as unknown as v2.OutputEvent;
}

/** The exit code(s) of `zero exec` for each value of `ErrorEvent.code` (from the schema). */
export const ERROR_CODE_EXIT_CODES: Readonly<Record<v2.ErrorCode, readonly number[]>> = {
  "usage_error": [2],
  "provider_error": [3],
  "sandbox_error": [3],
  "mcp_error": [3],
  "specialist_error": [3],
  "interrupted": [130],
  "incomplete": [4],
};

/** The exit code(s) of `zero exec` for each value of `RunEndEvent.status` (from the schema). */
export const RUN_END_STATUS_EXIT_CODES: Readonly<Record<v2.RunEndStatus, readonly number[]>> = {
  "success": [0],
  "error": [1, 2, 3],
  "interrupted": [130],
  "incomplete": [4],
  "spec_review_required": [0],
};

/** The values of `ErrorEvent.code` whose failure is worth retrying, and when: `always`, or `after_run_start` (only when the run got as far as `run_start`); values not listed are not (from the schema). */
export const ERROR_CODE_RETRY_POLICY: Readonly<Partial<Record<v2.ErrorCode, "always" | "after_run_start">>> = {
  "provider_error": "after_run_start",
};
