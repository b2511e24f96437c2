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
		ErrorCodes:     []wire.Code{{Value: "usage_error", ExitCodes: []int{2}}, {Value: "provider_error", ExitCodes: []int{3}}, {Value: "sandbox_error", ExitCodes: []int{3}}, {Value: "mcp_error", ExitCodes: []int{3}}, {Value: "specialist_error", ExitCodes: []int{3}}, {Value: "interrupted", ExitCodes: []int{130}}},
		RunEndStatuses: []wire.Code{{Value: "success", ExitCodes: []int{0}}, {Value: "error", ExitCodes: []int{1, 2, 3}}, {Value: "interrupted", ExitCodes: []int{130}}, {Value: "spec_review_required", ExitCodes: []int{0}}},
		Upgrade:        nil,
	},
	{
		Number:         2,
		DecodeOutput:   func(d *wire.Decoder, h wire.Header) (wire.Event, error) { return v2.DecodeOutput(d, h) },
		DecodeInput:    func(line []byte) (wire.Event, error) { return v2.DecodeInput(line) },
		OutputTypes:    []string{"run_start", "text", "reasoning", "tool_call", "checkpoint", "permission", "permission_request", "permission_decision", "tool_result", "restore", "usage", "final", "warning", "error", "run_end"},
		InputTypes:     []string{"prompt", "message"},
		ErrorCodes:     []wire.Code{{Value: "usage_error", ExitCodes: []int{2}}, {Value: "provider_error", ExitCodes: []int{3}}, {Value: "sandbox_error", ExitCodes: []int{3}}, {Value: "mcp_error", ExitCodes: []int{3}}, {Value: "specialist_error", ExitCodes: []int{3}}, {Value: "interrupted", ExitCodes: []int{130}}, {Value: "incomplete", ExitCodes: []int{4}}},
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

// The latest version's types.
type (
	OutputEvent              = v2.OutputEvent
	InputEvent               = v2.InputEvent
	UnknownEvent             = v2.UnknownEvent
	Risk                     = v2.Risk
	Block                    = v2.Block
	Grant                    = v2.Grant
	Display                  = v2.Display
	CheckpointInfo           = v2.CheckpointInfo
	InputImage               = v2.InputImage
	PromptInput              = v2.PromptInput
	MessageInput             = v2.MessageInput
	RunStartEvent            = v2.RunStartEvent
	TextEvent                = v2.TextEvent
	ReasoningEvent           = v2.ReasoningEvent
	ToolCallEvent            = v2.ToolCallEvent
	CheckpointEvent          = v2.CheckpointEvent
	PermissionEvent          = v2.PermissionEvent
	PermissionRequestEvent   = v2.PermissionRequestEvent
	PermissionDecisionEvent  = v2.PermissionDecisionEvent
	ToolResultEvent          = v2.ToolResultEvent
	RestoreEvent             = v2.RestoreEvent
	UsageEvent               = v2.UsageEvent
	FinalEvent               = v2.FinalEvent
	WarningEvent             = v2.WarningEvent
	ErrorEvent               = v2.ErrorEvent
	RunEndEvent              = v2.RunEndEvent
	RiskLevel                = v2.RiskLevel
	BlockCode                = v2.BlockCode
	BlockAction              = v2.BlockAction
	GrantScopeKind           = v2.GrantScopeKind
	GrantDecision            = v2.GrantDecision
	ToolCallSideEffect       = v2.ToolCallSideEffect
	Permission               = v2.Permission
	PermissionMode           = v2.PermissionMode
	Autonomy                 = v2.Autonomy
	SideEffect               = v2.SideEffect
	PermissionRequestAction  = v2.PermissionRequestAction
	PermissionDecisionAction = v2.PermissionDecisionAction
	ToolResultStatus         = v2.ToolResultStatus
	ErrorCode                = v2.ErrorCode
	RunEndStatus             = v2.RunEndStatus
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
