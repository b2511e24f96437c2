// GENERATED FILE - DO NOT EDIT.
// Generated from schema/v*.json by `zero-sdk generate --lang go`.
// Edit the schemas and rerun that command instead of editing this file.

// Package protocol is the version-neutral face of the generated Zero stream-json
// bindings. Its types are the latest schemaVersion's (2) under version-free names,
// so code written against them keeps compiling after a schemaVersion bump (and fails to
// compile exactly where the bump changed something it uses). Decode reads a line of any
// supported version and upgrades it to these types with the schema's upgrade steps; the event
// keeps the line and its original schemaVersion. Registry holds, per version, the decoders and
// the tables that follow from the schema. The per-version packages (v1, v2) stay available
// for code that wants the wire exactly as it was.
package protocol

import (
	"encoding/json"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol/v1"
	"github.com/zero-sdk/zero-sdk/clients/go/protocol/v2"
	"github.com/zero-sdk/zero-sdk/clients/go/protocol/wire"
)

// Latest is the newest schemaVersion these bindings know: the version of this package's types.
const Latest = v2.SchemaVersion

var registry = &wire.Registry{Versions: []wire.Version{
	{
		Number:         1,
		DecodeOutput:   func(d *wire.Decoder, h wire.Header) (wire.Event, error) { return v1.DecodeOutput(d, h) },
		DecodeInput:    func(line []byte) (wire.Event, error) { return v1.DecodeInput(line) },
		OutputTypes:    []string{"run_start", "text", "tool_call", "checkpoint", "permission", "permission_request", "permission_decision", "tool_result", "restore", "usage", "final", "warning", "error", "run_end"},
		InputTypes:     []string{"prompt", "message"},
		ErrorCodes:     []wire.Code{{Value: "usage_error", ExitCodes: []int{2}}, {Value: "provider_error", ExitCodes: []int{3}, Retry: "after_run_start"}, {Value: "sandbox_error", ExitCodes: []int{3}}, {Value: "mcp_error", ExitCodes: []int{3}}, {Value: "specialist_error", ExitCodes: []int{3}}, {Value: "interrupted", ExitCodes: []int{130}}},
		RunEndStatuses: []wire.Code{{Value: "success", ExitCodes: []int{0}}, {Value: "error", ExitCodes: []int{1, 2, 3}}, {Value: "interrupted", ExitCodes: []int{130}}, {Value: "spec_review_required", ExitCodes: []int{0}}},
		Upgrade:        nil,
	},
	{
		Number:         2,
		DecodeOutput:   func(d *wire.Decoder, h wire.Header) (wire.Event, error) { return v2.DecodeOutput(d, h) },
		DecodeInput:    func(line []byte) (wire.Event, error) { return v2.DecodeInput(line) },
		OutputTypes:    []string{"run_start", "text", "reasoning", "tool_call", "checkpoint", "permission", "permission_request", "permission_decision", "tool_result", "restore", "usage", "final", "warning", "error", "run_end"},
		InputTypes:     []string{"prompt", "message"},
		ErrorCodes:     []wire.Code{{Value: "usage_error", ExitCodes: []int{2}}, {Value: "provider_error", ExitCodes: []int{3}, Retry: "after_run_start"}, {Value: "sandbox_error", ExitCodes: []int{3}}, {Value: "mcp_error", ExitCodes: []int{3}}, {Value: "specialist_error", ExitCodes: []int{3}}, {Value: "interrupted", ExitCodes: []int{130}}, {Value: "incomplete", ExitCodes: []int{4}}},
		RunEndStatuses: []wire.Code{{Value: "success", ExitCodes: []int{0}}, {Value: "error", ExitCodes: []int{1, 2, 3}}, {Value: "interrupted", ExitCodes: []int{130}}, {Value: "incomplete", ExitCodes: []int{4}}, {Value: "spec_review_required", ExitCodes: []int{0}}},
		Upgrade:        wire.MustParseSteps(`[{"op":"rename","events":["permission","permission_request","permission_decision"],"from":["violation"],"to":["block"]},{"op":"remove","events":["permission","permission_request","permission_decision"],"path":["grant","maxAutonomy"]},{"op":"retype","events":["permission"],"when":{"path":["action"],"equals":"cancel"},"to":"permission_decision"},{"op":"default","events":["permission","permission_request","permission_decision"],"path":["permissionGranted"],"from":[{"equals":{"path":["action"],"value":"allow"}}]},{"op":"default","events":["permission","permission_request","permission_decision"],"path":["risk"],"from":[{"copy":["block","risk"]},{"const":{"level":"low","reason":"risk not reported by the schemaVersion 1 writer (filled in by zero_client.upgrade)"}}]}]`),
	},
}}

// Registry is every supported schemaVersion, oldest first, with its decoders and tables.
func Registry() *wire.Registry { return registry }

// Supported is every supported schemaVersion, oldest first.
func Supported() []int { return registry.Supported() }

// IsSupported reports whether version is a supported schemaVersion.
func IsSupported(version int) bool { return registry.Version(version) != nil }

// Decode decodes one stdout line of any supported schemaVersion into the latest version's
// types (upgrading older lines); the event keeps the line and its original schemaVersion.
// Unknown types give an *UnknownEvent; unknown fields of known events are kept in Extra, or
// rejected with Strict.
func Decode(line []byte, opts ...Option) (OutputEvent, error) {
	ev, err := registry.Decode(line, opts...)
	if err != nil {
		return nil, err
	}
	return ev.(OutputEvent), nil
}

// EncodeInput is one stdin line (without newline) carrying ev in schemaVersion version, checked
// by that version's input decoder.
func EncodeInput(version int, ev json.Marshaler) ([]byte, error) {
	return registry.EncodeInput(version, ev)
}

// The runtime's error and option types.
type (
	Event         = wire.Event
	ProtocolError = wire.ProtocolError
	Kind          = wire.Kind
	Option        = wire.Option
)

// The error kinds (conformance/README.md).
const (
	InvalidJSON  = wire.InvalidJSON
	UnknownField = wire.UnknownField
	MissingField = wire.MissingField
	WrongType    = wire.WrongType
	BadEnum      = wire.BadEnum
	BadConst     = wire.BadConst
	UnknownType  = wire.UnknownType
	Constraint   = wire.Constraint
)

// Strict rejects unknown fields (unknown_field) instead of keeping them in Extra.
var Strict = wire.Strict

// The latest version's types, under version-free names: aliases of package v2, so
// a value has the same type under either name. Each alias's comment lists its fields.
type (
	// OutputEvent is one line of stream-json output in the latest schemaVersion's types: one of
	// *RunStartEvent, *TextEvent, *ReasoningEvent, *ToolCallEvent, *CheckpointEvent, *PermissionEvent,
	// *PermissionRequestEvent, *PermissionDecisionEvent, *ToolResultEvent, *RestoreEvent, *UsageEvent,
	// *FinalEvent, *WarningEvent, *ErrorEvent, *RunEndEvent, or *UnknownEvent (an alias of
	// v2.OutputEvent; Decode returns it for a line of any supported version).
	OutputEvent = v2.OutputEvent
	// InputEvent is one line of stream-json input: one of *PromptInput, *MessageInput (an alias of
	// v2.InputEvent).
	InputEvent = v2.InputEvent
	// UnknownEvent is an output line whose `type` these bindings do not know; Raw holds the whole
	// object and MarshalJSON writes it back (an alias of v2.UnknownEvent).
	UnknownEvent = v2.UnknownEvent
	// Risk is the sandbox risk assessment of a tool call.
	//
	// The latest schemaVersion's type: an alias of v2.Risk. Its fields, each with a GetXxx getter that
	// is safe on a nil pointer (absent optional fields are nil):
	//   - Level RiskLevel (`level`): Risk level.
	//   - Categories []string (`categories`, optional): Sorted risk categories (e.g. `write`,
	//     `network`, `destructive`).
	//   - Reason *string (`reason`, optional): Why this risk level was chosen.
	Risk = v2.Risk
	// Block reports why the sandbox blocked or held back a call (renamed from Violation in v2).
	//
	// The latest schemaVersion's type: an alias of v2.Block. Its fields, each with a GetXxx getter
	// that is safe on a nil pointer (absent optional fields are nil):
	//   - Code BlockCode (`code`): Block code.
	//   - ToolName *string (`toolName`, optional): Tool that was blocked.
	//   - Action BlockAction (`action`): `deny` for hard blocks, `prompt` for promptable path
	//     checks.
	//   - Risk Risk (`risk`): Risk assessment attached to the block.
	//   - Path *string (`path`, optional): Offending path, for path checks.
	//   - Reason string (`reason`): Explanation; always present, may be empty.
	//   - Recoverable bool (`recoverable`): Whether approval or a grant could lift it.
	Block = v2.Block
	// Grant is a persistent or session sandbox grant.
	//
	// The latest schemaVersion's type: an alias of v2.Grant. Its fields, each with a GetXxx getter
	// that is safe on a nil pointer (absent optional fields are nil):
	//   - ToolName string (`toolName`): Tool the grant covers.
	//   - Scope *string (`scope`, optional): Absolute path or host the grant covers; omitted for
	//     tool-wide grants.
	//   - ScopeKind *GrantScopeKind (`scopeKind`, optional): What `scope` names; omitted for
	//     tool-wide grants.
	//   - Decision GrantDecision (`decision`): Whether the grant allows or denies.
	//   - ApprovedAt string (`approvedAt`): When the grant was approved (RFC 3339 timestamp
	//     string).
	//   - Reason *string (`reason`, optional): Why it was granted.
	//   - Session *bool (`session`, optional): Present (and true) only for session-scoped grants.
	Grant = v2.Grant
	// Display is the compact human-facing summary of a tool result.
	//
	// The latest schemaVersion's type: an alias of v2.Display. Its fields, each with a GetXxx getter
	// that is safe on a nil pointer (absent optional fields are nil):
	//   - Summary *string (`summary`, optional): One-line summary.
	//   - Kind *string (`kind`, optional): Kind of result (e.g. `diff`).
	Display = v2.Display
	// CheckpointInfo is a captured file checkpoint or an applied restore; every field is omitted when
	// zero.
	//
	// The latest schemaVersion's type: an alias of v2.CheckpointInfo. Its fields, each with a GetXxx
	// getter that is safe on a nil pointer (absent optional fields are nil):
	//   - Sequence *int64 (`sequence`, optional): Session event sequence of the checkpoint. Between
	//     -(2^53-1) and 2^53-1, so every client holds it exactly.
	//   - Tool *string (`tool`, optional): Tool whose call was checkpointed.
	//   - Files []string (`files`, optional): Workspace-relative paths captured.
	//   - FilesRestored *int64 (`filesRestored`, optional): Number of files restored (restore
	//     only). Between -(2^53-1) and 2^53-1, so every client holds it exactly.
	//   - FilesDeleted *int64 (`filesDeleted`, optional): Number of files deleted (restore only).
	//     Between -(2^53-1) and 2^53-1, so every client holds it exactly.
	//   - Skipped []string (`skipped`, optional): Paths skipped by the restore.
	CheckpointInfo = v2.CheckpointInfo
	// InputImage is an image attached to a message input.
	//
	// The latest schemaVersion's type: an alias of v2.InputImage. Its fields, each with a GetXxx
	// getter that is safe on a nil pointer (absent optional fields are nil):
	//   - MediaType string (`mediaType`): MIME type or short name: png, jpeg/jpg, gif or webp,
	//     optionally `image/`- or `data:`-prefixed, any case.
	//   - Data string (`data`): Standard padded base64 of the image bytes, without a `data:`
	//     prefix; at most 10 MiB decoded.
	InputImage = v2.InputImage
	// PromptInput is the `prompt` input event (Prompt input). A piece of the user's request. All input
	// events' contents are trimmed and joined with blank lines into one prompt.
	//
	// The latest schemaVersion's type: an alias of v2.PromptInput. Its fields, each with a GetXxx
	// getter that is safe on a nil pointer (absent optional fields are nil):
	//   - Content string (`content`): Prompt text; must contain a non-whitespace character.
	PromptInput = v2.PromptInput
	// MessageInput is the `message` input event (User message input). A user message, optionally with
	// images. `content` must contain a non-whitespace character unless at least one image is attached.
	//
	// The latest schemaVersion's type: an alias of v2.MessageInput. Its fields, each with a GetXxx
	// getter that is safe on a nil pointer (absent optional fields are nil):
	//   - Content *string (`content`, optional): Message text; may be blank or absent only when
	//     images are attached.
	//   - Images []InputImage (`images`, optional): Images attached to the message (only allowed on
	//     `message`).
	MessageInput = v2.MessageInput
	// RunStartEvent is the `run_start` output event (Run start). First event of a run that got past
	// startup. Carries the workspace root and the resolved model; `--list-tools` runs omit session,
	// provider and model.
	//
	// The latest schemaVersion's type: an alias of v2.RunStartEvent. Its fields, each with a GetXxx
	// getter that is safe on a nil pointer (absent optional fields are nil):
	//   - RunID string (`runId`): Identifier of the run; the same on every event of one run. The
	//     binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is
	//     guaranteed.
	//   - SessionID *string (`sessionId`, optional): Zero session id (`zero_<14
	//     digits>_<unixnano>_<n>` when generated).
	//   - Cwd string (`cwd`): Final workspace root (after `--cwd` and `--worktree`).
	//   - Provider *string (`provider`, optional): Resolved provider kind (e.g. `openai`,
	//     `anthropic`), or the profile name.
	//   - Model *string (`model`, optional): Resolved model id (after `--model` and `--mode`).
	//   - APIModel *string (`apiModel`, optional): Model id sent on the wire to the provider.
	RunStartEvent = v2.RunStartEvent
	// TextEvent is the `text` output event (Text delta). A chunk of assistant text as it streams, from
	// every turn (including commentary before tool calls). The deltas joined are generally not equal
	// to `final.text`.
	//
	// The latest schemaVersion's type: an alias of v2.TextEvent. Its fields, each with a GetXxx getter
	// that is safe on a nil pointer (absent optional fields are nil):
	//   - RunID string (`runId`): Identifier of the run; the same on every event of one run. The
	//     binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is
	//     guaranteed.
	//   - Delta *string (`delta`, optional): The text chunk; omitted when the provider sent an
	//     empty chunk.
	TextEvent = v2.TextEvent
	// ReasoningEvent is the `reasoning` output event (Reasoning delta). A chunk of model reasoning as
	// it streams; also carries reconnect notices. Added after the v2 bump without a version change.
	//
	// The latest schemaVersion's type: an alias of v2.ReasoningEvent. Its fields, each with a GetXxx
	// getter that is safe on a nil pointer (absent optional fields are nil):
	//   - RunID string (`runId`): Identifier of the run; the same on every event of one run. The
	//     binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is
	//     guaranteed.
	//   - Delta *string (`delta`, optional): The reasoning chunk; omitted when empty.
	ReasoningEvent = v2.ReasoningEvent
	// ToolCallEvent is the `tool_call` output event (Tool call). The model called a tool. Written
	// before the call's permission event and result (except in parallel read batches, where permission
	// events can precede it).
	//
	// The latest schemaVersion's type: an alias of v2.ToolCallEvent. Its fields, each with a GetXxx
	// getter that is safe on a nil pointer (absent optional fields are nil):
	//   - RunID string (`runId`): Identifier of the run; the same on every event of one run. The
	//     binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is
	//     guaranteed.
	//   - ID *string (`id`, optional): Tool call id, echoed by the matching tool_result.
	//   - Name *string (`name`, optional): Tool name.
	//   - Args json.RawMessage (`args`, optional): Tool arguments: the parsed JSON value (usually
	//     an object) when the model's argument string is valid JSON, otherwise the raw string;
	//     omitted when the argument string is empty.
	//   - SideEffect ToolCallSideEffect (`sideEffect`): Side effect class; local-control,
	//     out-of-workspace and unregistered tools map to `unknown`.
	ToolCallEvent = v2.ToolCallEvent
	// CheckpointEvent is the `checkpoint` output event (File checkpoint). A file checkpoint captured
	// before a write_file, edit_file or apply_patch call, emitted right after the matching tool_call
	// when a session exists.
	//
	// The latest schemaVersion's type: an alias of v2.CheckpointEvent. Its fields, each with a GetXxx
	// getter that is safe on a nil pointer (absent optional fields are nil):
	//   - RunID string (`runId`): Identifier of the run; the same on every event of one run. The
	//     binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is
	//     guaranteed.
	//   - Checkpoint CheckpointInfo (`checkpoint`): What was captured.
	CheckpointEvent = v2.CheckpointEvent
	// PermissionEvent is the `permission` output event (Permission event (generic)). Permission event
	// whose action is none of the mapped ones. Declared but never emitted by exec: every decision maps
	// to a request or decision event.
	//
	// The latest schemaVersion's type: an alias of v2.PermissionEvent. Its fields, each with a GetXxx
	// getter that is safe on a nil pointer (absent optional fields are nil):
	//   - RunID string (`runId`): Identifier of the run; the same on every event of one run. The
	//     binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is
	//     guaranteed.
	//   - SessionID *string (`sessionId`, optional): Zero session id (`zero_<14
	//     digits>_<unixnano>_<n>` when generated).
	//   - ID *string (`id`, optional): Id of the tool call this permission event belongs to.
	//   - Name *string (`name`, optional): Tool name.
	//   - Action *string (`action`, optional): Sandbox action that is not mapped to a request or
	//     decision event.
	//   - Permission *Permission (`permission`, optional): The tool's static permission.
	//   - PermissionGranted bool (`permissionGranted`): Whether the call was authorized up front
	//     (unsafe mode, static allow, or a grant). False for sandbox auto-allows and headless
	//     prompts.
	//   - PermissionMode *PermissionMode (`permissionMode`, optional): The run's permission mode.
	//   - Autonomy *Autonomy (`autonomy`, optional): The `--auto` value exec was given (default
	//     `low`; `member` is accepted but undocumented).
	//   - SideEffect *SideEffect (`sideEffect`, optional): The tool's raw side effect (not the
	//     reduced tool_call set).
	//   - Reason *string (`reason`, optional): Why the sandbox decided this way; empty reasons are
	//     omitted.
	//   - DecisionReason *string (`decisionReason`, optional): Reason from the approval flow;
	//     usually omitted in exec.
	//   - Risk Risk (`risk`): Risk assessment of the call.
	//   - Block *Block (`block`, optional): The sandbox block behind a deny or a promptable path
	//     check.
	//   - GrantMatched *bool (`grantMatched`, optional): Present (and true) only when a persistent
	//     or session grant matched.
	//   - Grant *Grant (`grant`, optional): The grant that matched, when one did.
	PermissionEvent = v2.PermissionEvent
	// PermissionRequestEvent is the `permission_request` output event (Permission request). A
	// prompt-gated call needed approval. Headless exec has no responder, so the call is refused and an
	// error tool_result follows.
	//
	// The latest schemaVersion's type: an alias of v2.PermissionRequestEvent. Its fields, each with a
	// GetXxx getter that is safe on a nil pointer (absent optional fields are nil):
	//   - RunID string (`runId`): Identifier of the run; the same on every event of one run. The
	//     binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is
	//     guaranteed.
	//   - SessionID *string (`sessionId`, optional): Zero session id (`zero_<14
	//     digits>_<unixnano>_<n>` when generated).
	//   - ID *string (`id`, optional): Id of the tool call this permission event belongs to.
	//   - Name *string (`name`, optional): Tool name.
	//   - Action *PermissionRequestAction (`action`, optional): Sandbox action; always `prompt` for
	//     this event.
	//   - Permission *Permission (`permission`, optional): The tool's static permission.
	//   - PermissionGranted bool (`permissionGranted`): Whether the call was authorized up front
	//     (unsafe mode, static allow, or a grant). False for sandbox auto-allows and headless
	//     prompts.
	//   - PermissionMode *PermissionMode (`permissionMode`, optional): The run's permission mode.
	//   - Autonomy *Autonomy (`autonomy`, optional): The `--auto` value exec was given (default
	//     `low`; `member` is accepted but undocumented).
	//   - SideEffect *SideEffect (`sideEffect`, optional): The tool's raw side effect (not the
	//     reduced tool_call set).
	//   - Reason *string (`reason`, optional): Why the sandbox decided this way; empty reasons are
	//     omitted.
	//   - DecisionReason *string (`decisionReason`, optional): Reason from the approval flow;
	//     usually omitted in exec.
	//   - Risk Risk (`risk`): Risk assessment of the call.
	//   - Block *Block (`block`, optional): The sandbox block behind a deny or a promptable path
	//     check.
	//   - GrantMatched *bool (`grantMatched`, optional): Present (and true) only when a persistent
	//     or session grant matched.
	//   - Grant *Grant (`grant`, optional): The grant that matched, when one did.
	PermissionRequestEvent = v2.PermissionRequestEvent
	// PermissionDecisionEvent is the `permission_decision` output event (Permission decision). The
	// sandbox allowed or denied a call, or the request was cancelled.
	//
	// The latest schemaVersion's type: an alias of v2.PermissionDecisionEvent. Its fields, each with a
	// GetXxx getter that is safe on a nil pointer (absent optional fields are nil):
	//   - RunID string (`runId`): Identifier of the run; the same on every event of one run. The
	//     binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is
	//     guaranteed.
	//   - SessionID *string (`sessionId`, optional): Zero session id (`zero_<14
	//     digits>_<unixnano>_<n>` when generated).
	//   - ID *string (`id`, optional): Id of the tool call this permission event belongs to.
	//   - Name *string (`name`, optional): Tool name.
	//   - Action *PermissionDecisionAction (`action`, optional): Sandbox action that was taken.
	//   - Permission *Permission (`permission`, optional): The tool's static permission.
	//   - PermissionGranted bool (`permissionGranted`): Whether the call was authorized up front
	//     (unsafe mode, static allow, or a grant). False for sandbox auto-allows and headless
	//     prompts.
	//   - PermissionMode *PermissionMode (`permissionMode`, optional): The run's permission mode.
	//   - Autonomy *Autonomy (`autonomy`, optional): The `--auto` value exec was given (default
	//     `low`; `member` is accepted but undocumented).
	//   - SideEffect *SideEffect (`sideEffect`, optional): The tool's raw side effect (not the
	//     reduced tool_call set).
	//   - Reason *string (`reason`, optional): Why the sandbox decided this way; empty reasons are
	//     omitted.
	//   - DecisionReason *string (`decisionReason`, optional): Reason from the approval flow;
	//     usually omitted in exec.
	//   - Risk Risk (`risk`): Risk assessment of the call.
	//   - Block *Block (`block`, optional): The sandbox block behind a deny or a promptable path
	//     check.
	//   - GrantMatched *bool (`grantMatched`, optional): Present (and true) only when a persistent
	//     or session grant matched.
	//   - Grant *Grant (`grant`, optional): The grant that matched, when one did.
	PermissionDecisionEvent = v2.PermissionDecisionEvent
	// ToolResultEvent is the `tool_result` output event (Tool result). Result of a tool call. Denials
	// are `error` results; there is no denied status.
	//
	// The latest schemaVersion's type: an alias of v2.ToolResultEvent. Its fields, each with a GetXxx
	// getter that is safe on a nil pointer (absent optional fields are nil):
	//   - RunID string (`runId`): Identifier of the run; the same on every event of one run. The
	//     binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is
	//     guaranteed.
	//   - ID *string (`id`, optional): Id of the tool call this result belongs to.
	//   - Name *string (`name`, optional): Tool name.
	//   - Status ToolResultStatus (`status`): Whether the tool succeeded.
	//   - Output *string (`output`, optional): Model-facing output, cut to 10 KiB with a
	//     `\n[truncated]` marker; omitted when empty.
	//   - Truncated bool (`truncated`): Whether the output was truncated (by the 10 KiB cut or by
	//     the tool itself).
	//   - Redacted *bool (`redacted`, optional): Present (and true) only when the tool-boundary
	//     redactor changed something.
	//   - ChangedFiles []string (`changedFiles`, optional): Files the tool changed.
	//   - Meta map[string]string (`meta`, optional): Tool metadata, string to string (e.g.
	//     `raw_bytes`, `permission_action`).
	//   - Display *Display (`display`, optional): Human-facing summary of the result.
	ToolResultEvent = v2.ToolResultEvent
	// RestoreEvent is the `restore` output event (Restore). A checkpoint restore was applied. Declared
	// but never emitted by exec.
	//
	// The latest schemaVersion's type: an alias of v2.RestoreEvent. Its fields, each with a GetXxx
	// getter that is safe on a nil pointer (absent optional fields are nil):
	//   - RunID string (`runId`): Identifier of the run; the same on every event of one run. The
	//     binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is
	//     guaranteed.
	//   - Checkpoint *CheckpointInfo (`checkpoint`, optional): What was restored.
	RestoreEvent = v2.RestoreEvent
	// UsageEvent is the `usage` output event (Token usage). Token counts of one model request (not
	// running totals), sent when that request's stream ends.
	//
	// The latest schemaVersion's type: an alias of v2.UsageEvent. Its fields, each with a GetXxx
	// getter that is safe on a nil pointer (absent optional fields are nil):
	//   - RunID string (`runId`): Identifier of the run; the same on every event of one run. The
	//     binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is
	//     guaranteed.
	//   - PromptTokens int64 (`promptTokens`): Input tokens of the request. At most 2^53-1, so
	//     every client holds it exactly.
	//   - CompletionTokens int64 (`completionTokens`): Output tokens of the request. At most
	//     2^53-1, so every client holds it exactly.
	//   - TotalTokens int64 (`totalTokens`): Sum of prompt and completion tokens. At most 2^53-1,
	//     so every client holds it exactly.
	//   - CostUsd *float64 (`costUsd`, optional): Cost in US dollars; declared but never set by
	//     exec.
	UsageEvent = v2.UsageEvent
	// FinalEvent is the `final` output event (Final answer). The last turn's answer, sent exactly once
	// on success (and before the error on an incomplete run).
	//
	// The latest schemaVersion's type: an alias of v2.FinalEvent. Its fields, each with a GetXxx
	// getter that is safe on a nil pointer (absent optional fields are nil):
	//   - RunID string (`runId`): Identifier of the run; the same on every event of one run. The
	//     binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is
	//     guaranteed.
	//   - Text *string (`text`, optional): The final answer; omitted when empty.
	//   - Meta map[string]string (`meta`, optional): Spec-draft details (`status`, `stopReason`,
	//     `specId`, ...); only with `--use-spec`.
	FinalEvent = v2.FinalEvent
	// WarningEvent is the `warning` output event (Warning). A non-fatal notice: unsafe mode, a
	// truncated response, or scratch files left behind.
	//
	// The latest schemaVersion's type: an alias of v2.WarningEvent. Its fields, each with a GetXxx
	// getter that is safe on a nil pointer (absent optional fields are nil):
	//   - RunID string (`runId`): Identifier of the run; the same on every event of one run. The
	//     binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is
	//     guaranteed.
	//   - Message *string (`message`, optional): The warning text.
	WarningEvent = v2.WarningEvent
	// ErrorEvent is the `error` output event (Error). A fatal error; always followed by run_end.
	//
	// The latest schemaVersion's type: an alias of v2.ErrorEvent. Its fields, each with a GetXxx
	// getter that is safe on a nil pointer (absent optional fields are nil):
	//   - RunID string (`runId`): Identifier of the run; the same on every event of one run. The
	//     binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is
	//     guaranteed.
	//   - Code *ErrorCode (`code`, optional): Error class; decides the exit code.
	//   - Message *string (`message`, optional): Human-readable error text (redacted).
	//   - Recoverable bool (`recoverable`): Whether the client may retry; exec always sends false.
	ErrorEvent = v2.ErrorEvent
	// RunEndEvent is the `run_end` output event (Run end). Always the last event of a run.
	//
	// The latest schemaVersion's type: an alias of v2.RunEndEvent. Its fields, each with a GetXxx
	// getter that is safe on a nil pointer (absent optional fields are nil):
	//   - RunID string (`runId`): Identifier of the run; the same on every event of one run. The
	//     binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is
	//     guaranteed.
	//   - Status *RunEndStatus (`status`, optional): How the run ended.
	//   - ExitCode int64 (`exitCode`): The process exit code (0, 2, 3, 4, 130). Between -(2^53-1)
	//     and 2^53-1, so every client holds it exactly.
	RunEndEvent = v2.RunEndEvent
	// RiskLevel is a value of `Risk.level`: low, medium, high, critical (an alias of v2.RiskLevel).
	RiskLevel = v2.RiskLevel
	// BlockCode is a value of `Block.code`: context_canceled, denied_permission, outside_workspace,
	// symlink_traversal, network, destructive_command, persistent_deny, denied (an alias of
	// v2.BlockCode).
	BlockCode = v2.BlockCode
	// BlockAction is a value of `Block.action`: allow, prompt, deny (an alias of v2.BlockAction).
	BlockAction = v2.BlockAction
	// GrantScopeKind is a value of `Grant.scopeKind`: file, dir, host (an alias of v2.GrantScopeKind).
	GrantScopeKind = v2.GrantScopeKind
	// GrantDecision is a value of `Grant.decision`: allow, deny (an alias of v2.GrantDecision).
	GrantDecision = v2.GrantDecision
	// ToolCallSideEffect is a value of `ToolCallEvent.sideEffect`: read, write, shell, network, none,
	// unknown (an alias of v2.ToolCallSideEffect).
	ToolCallSideEffect = v2.ToolCallSideEffect
	// Permission is a value of `PermissionDecisionEvent.permission`, `PermissionEvent.permission`,
	// `PermissionRequestEvent.permission`: allow, prompt, deny (an alias of v2.Permission).
	Permission = v2.Permission
	// PermissionMode is a value of `PermissionDecisionEvent.permissionMode`,
	// `PermissionEvent.permissionMode`, `PermissionRequestEvent.permissionMode`: auto, ask, unsafe,
	// spec-draft, plan, member-auto (an alias of v2.PermissionMode).
	PermissionMode = v2.PermissionMode
	// Autonomy is a value of `PermissionDecisionEvent.autonomy`, `PermissionEvent.autonomy`,
	// `PermissionRequestEvent.autonomy`: low, medium, high, member (an alias of v2.Autonomy).
	Autonomy = v2.Autonomy
	// SideEffect is a value of `PermissionDecisionEvent.sideEffect`, `PermissionEvent.sideEffect`,
	// `PermissionRequestEvent.sideEffect`: read, write, shell, network, none, local_control,
	// local_browser, local_desktop, local_terminal, out_of_workspace (an alias of v2.SideEffect).
	SideEffect = v2.SideEffect
	// PermissionRequestAction is a value of `PermissionRequestEvent.action`: prompt (an alias of
	// v2.PermissionRequestAction).
	PermissionRequestAction = v2.PermissionRequestAction
	// PermissionDecisionAction is a value of `PermissionDecisionEvent.action`: allow, deny, cancel (an
	// alias of v2.PermissionDecisionAction).
	PermissionDecisionAction = v2.PermissionDecisionAction
	// ToolResultStatus is a value of `ToolResultEvent.status`: ok, error (an alias of
	// v2.ToolResultStatus).
	ToolResultStatus = v2.ToolResultStatus
	// ErrorCode is a value of `ErrorEvent.code`: usage_error, provider_error, sandbox_error,
	// mcp_error, specialist_error, interrupted, incomplete (an alias of v2.ErrorCode).
	ErrorCode = v2.ErrorCode
	// RunEndStatus is a value of `RunEndEvent.status`: success, error, interrupted, incomplete,
	// spec_review_required (an alias of v2.RunEndStatus).
	RunEndStatus = v2.RunEndStatus
)

// The latest version's enum values.
const (
	RiskLevelLow                   = v2.RiskLevelLow
	RiskLevelMedium                = v2.RiskLevelMedium
	RiskLevelHigh                  = v2.RiskLevelHigh
	RiskLevelCritical              = v2.RiskLevelCritical
	BlockCodeContextCanceled       = v2.BlockCodeContextCanceled
	BlockCodeDeniedPermission      = v2.BlockCodeDeniedPermission
	BlockCodeOutsideWorkspace      = v2.BlockCodeOutsideWorkspace
	BlockCodeSymlinkTraversal      = v2.BlockCodeSymlinkTraversal
	BlockCodeNetwork               = v2.BlockCodeNetwork
	BlockCodeDestructiveCommand    = v2.BlockCodeDestructiveCommand
	BlockCodePersistentDeny        = v2.BlockCodePersistentDeny
	BlockCodeDenied                = v2.BlockCodeDenied
	BlockActionAllow               = v2.BlockActionAllow
	BlockActionPrompt              = v2.BlockActionPrompt
	BlockActionDeny                = v2.BlockActionDeny
	GrantScopeKindFile             = v2.GrantScopeKindFile
	GrantScopeKindDir              = v2.GrantScopeKindDir
	GrantScopeKindHost             = v2.GrantScopeKindHost
	GrantDecisionAllow             = v2.GrantDecisionAllow
	GrantDecisionDeny              = v2.GrantDecisionDeny
	ToolCallSideEffectRead         = v2.ToolCallSideEffectRead
	ToolCallSideEffectWrite        = v2.ToolCallSideEffectWrite
	ToolCallSideEffectShell        = v2.ToolCallSideEffectShell
	ToolCallSideEffectNetwork      = v2.ToolCallSideEffectNetwork
	ToolCallSideEffectNone         = v2.ToolCallSideEffectNone
	ToolCallSideEffectUnknown      = v2.ToolCallSideEffectUnknown
	PermissionAllow                = v2.PermissionAllow
	PermissionPrompt               = v2.PermissionPrompt
	PermissionDeny                 = v2.PermissionDeny
	PermissionModeAuto             = v2.PermissionModeAuto
	PermissionModeAsk              = v2.PermissionModeAsk
	PermissionModeUnsafe           = v2.PermissionModeUnsafe
	PermissionModeSpecDraft        = v2.PermissionModeSpecDraft
	PermissionModePlan             = v2.PermissionModePlan
	PermissionModeMemberAuto       = v2.PermissionModeMemberAuto
	AutonomyLow                    = v2.AutonomyLow
	AutonomyMedium                 = v2.AutonomyMedium
	AutonomyHigh                   = v2.AutonomyHigh
	AutonomyMember                 = v2.AutonomyMember
	SideEffectRead                 = v2.SideEffectRead
	SideEffectWrite                = v2.SideEffectWrite
	SideEffectShell                = v2.SideEffectShell
	SideEffectNetwork              = v2.SideEffectNetwork
	SideEffectNone                 = v2.SideEffectNone
	SideEffectLocalControl         = v2.SideEffectLocalControl
	SideEffectLocalBrowser         = v2.SideEffectLocalBrowser
	SideEffectLocalDesktop         = v2.SideEffectLocalDesktop
	SideEffectLocalTerminal        = v2.SideEffectLocalTerminal
	SideEffectOutOfWorkspace       = v2.SideEffectOutOfWorkspace
	PermissionRequestActionPrompt  = v2.PermissionRequestActionPrompt
	PermissionDecisionActionAllow  = v2.PermissionDecisionActionAllow
	PermissionDecisionActionDeny   = v2.PermissionDecisionActionDeny
	PermissionDecisionActionCancel = v2.PermissionDecisionActionCancel
	ToolResultStatusOk             = v2.ToolResultStatusOk
	ToolResultStatusError          = v2.ToolResultStatusError
	ErrorCodeUsageError            = v2.ErrorCodeUsageError
	ErrorCodeProviderError         = v2.ErrorCodeProviderError
	ErrorCodeSandboxError          = v2.ErrorCodeSandboxError
	ErrorCodeMcpError              = v2.ErrorCodeMcpError
	ErrorCodeSpecialistError       = v2.ErrorCodeSpecialistError
	ErrorCodeInterrupted           = v2.ErrorCodeInterrupted
	ErrorCodeIncomplete            = v2.ErrorCodeIncomplete
	RunEndStatusSuccess            = v2.RunEndStatusSuccess
	RunEndStatusError              = v2.RunEndStatusError
	RunEndStatusInterrupted        = v2.RunEndStatusInterrupted
	RunEndStatusIncomplete         = v2.RunEndStatusIncomplete
	RunEndStatusSpecReviewRequired = v2.RunEndStatusSpecReviewRequired
)
