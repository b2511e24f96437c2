// GENERATED FILE - DO NOT EDIT.
// Generated from schema/v1.json (schemaVersion 1)
// by `zero-sdk generate --lang go --version 1`.
// Edit the schema and rerun that command instead of editing this file.

// Package v1 holds the typed bindings of the Zero stream-json protocol,
// schemaVersion 1 (Zero stream-json protocol, schemaVersion 1).
//
// Decode reads one stdout line into an OutputEvent: a *XxxEvent of a known type, or an
// *UnknownEvent that keeps the raw object. Unknown fields of known events are kept in Extra,
// or rejected with wire.Strict. DecodeInput reads one stdin line, strictly. Absent optional
// fields are nil (pointers, slices, maps, json.RawMessage); required fields are plain values.
// Every field has a GetXxx getter that is safe on a nil pointer, as protobuf-go's are (the zero
// value when the receiver is nil or the optional field absent; a required nested object by
// pointer), so getters chain. MarshalJSON and UnmarshalJSON apply the same rules as Decode, so
// encoding/json can be used directly. Errors are *wire.ProtocolError.
package v1

import (
	"encoding/json"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol/wire"
)

// SchemaVersion is the protocol version of this package.
const SchemaVersion = 1

// OutputEvent is one line of stream-json output: one of this version's *XxxEvent output types,
// or *UnknownEvent.
type OutputEvent interface {
	wire.Event
	// OriginalSchemaVersion is the schemaVersion of the line the event was decoded from.
	OriginalSchemaVersion() int
	// RawLine is the line the event was decoded from (kept by the version registry's Decode).
	RawLine() []byte
	isOutputEvent()
}

// InputEvent is one line of stream-json input: one of this version's input types.
type InputEvent interface {
	wire.Event
	isInputEvent()
}

// UnknownEvent is an output line whose `type` this version does not know. Raw holds the whole
// object; MarshalJSON writes it back.
type UnknownEvent struct {
	WireType string
	RunID    string
	Raw      map[string]json.RawMessage
	wire.Origin
}

// Type is the wire `type` of the unknown event.
func (e *UnknownEvent) Type() string { return e.WireType }

// SchemaVersion is the schemaVersion of this package.
func (e *UnknownEvent) SchemaVersion() int { return SchemaVersion }

// MarshalJSON writes the raw object back.
func (e UnknownEvent) MarshalJSON() ([]byte, error) { return json.Marshal(e.Raw) }

func (*UnknownEvent) isOutputEvent() {}

var (
	pattern0 = wire.MustCompilePattern(`^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$`)
	pattern1 = wire.MustCompilePattern(`[^\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]`)
	pattern2 = wire.MustCompilePattern(`^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$`)
)

// RiskLevel is a value of `Risk.level`: low, medium, high, critical.
type RiskLevel string

// The values of RiskLevel.
const (
	RiskLevelLow      RiskLevel = "low"
	RiskLevelMedium   RiskLevel = "medium"
	RiskLevelHigh     RiskLevel = "high"
	RiskLevelCritical RiskLevel = "critical"
)

var riskLevelValues = []string{"low", "medium", "high", "critical"}

func readRiskLevel(d *wire.Decoder, raw []byte, out *RiskLevel) error {
	return wire.ReadEnum(d, raw, out, riskLevelValues)
}

// MarshalJSON writes the value; a value outside the enum is an error.
func (v RiskLevel) MarshalJSON() ([]byte, error) {
	return wire.MarshalEnum(v, riskLevelValues)
}

// UnmarshalJSON reads a value; a value outside the enum is a bad_enum error.
func (v *RiskLevel) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, v, readRiskLevel)
}

// ViolationCode is a value of `Violation.code`: context_canceled, denied_permission,
// outside_workspace, symlink_traversal, network, destructive_command, persistent_deny.
type ViolationCode string

// The values of ViolationCode.
const (
	ViolationCodeContextCanceled    ViolationCode = "context_canceled"
	ViolationCodeDeniedPermission   ViolationCode = "denied_permission"
	ViolationCodeOutsideWorkspace   ViolationCode = "outside_workspace"
	ViolationCodeSymlinkTraversal   ViolationCode = "symlink_traversal"
	ViolationCodeNetwork            ViolationCode = "network"
	ViolationCodeDestructiveCommand ViolationCode = "destructive_command"
	ViolationCodePersistentDeny     ViolationCode = "persistent_deny"
)

var violationCodeValues = []string{"context_canceled", "denied_permission", "outside_workspace", "symlink_traversal", "network", "destructive_command", "persistent_deny"}

func readViolationCode(d *wire.Decoder, raw []byte, out *ViolationCode) error {
	return wire.ReadEnum(d, raw, out, violationCodeValues)
}

// MarshalJSON writes the value; a value outside the enum is an error.
func (v ViolationCode) MarshalJSON() ([]byte, error) {
	return wire.MarshalEnum(v, violationCodeValues)
}

// UnmarshalJSON reads a value; a value outside the enum is a bad_enum error.
func (v *ViolationCode) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, v, readViolationCode)
}

// ViolationAction is a value of `Violation.action`: allow, prompt, deny.
type ViolationAction string

// The values of ViolationAction.
const (
	ViolationActionAllow  ViolationAction = "allow"
	ViolationActionPrompt ViolationAction = "prompt"
	ViolationActionDeny   ViolationAction = "deny"
)

var violationActionValues = []string{"allow", "prompt", "deny"}

func readViolationAction(d *wire.Decoder, raw []byte, out *ViolationAction) error {
	return wire.ReadEnum(d, raw, out, violationActionValues)
}

// MarshalJSON writes the value; a value outside the enum is an error.
func (v ViolationAction) MarshalJSON() ([]byte, error) {
	return wire.MarshalEnum(v, violationActionValues)
}

// UnmarshalJSON reads a value; a value outside the enum is a bad_enum error.
func (v *ViolationAction) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, v, readViolationAction)
}

// GrantDecision is a value of `Grant.decision`: allow, deny.
type GrantDecision string

// The values of GrantDecision.
const (
	GrantDecisionAllow GrantDecision = "allow"
	GrantDecisionDeny  GrantDecision = "deny"
)

var grantDecisionValues = []string{"allow", "deny"}

func readGrantDecision(d *wire.Decoder, raw []byte, out *GrantDecision) error {
	return wire.ReadEnum(d, raw, out, grantDecisionValues)
}

// MarshalJSON writes the value; a value outside the enum is an error.
func (v GrantDecision) MarshalJSON() ([]byte, error) {
	return wire.MarshalEnum(v, grantDecisionValues)
}

// UnmarshalJSON reads a value; a value outside the enum is a bad_enum error.
func (v *GrantDecision) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, v, readGrantDecision)
}

// GrantMaxAutonomy is a value of `Grant.maxAutonomy`: low, medium, high.
type GrantMaxAutonomy string

// The values of GrantMaxAutonomy.
const (
	GrantMaxAutonomyLow    GrantMaxAutonomy = "low"
	GrantMaxAutonomyMedium GrantMaxAutonomy = "medium"
	GrantMaxAutonomyHigh   GrantMaxAutonomy = "high"
)

var grantMaxAutonomyValues = []string{"low", "medium", "high"}

func readGrantMaxAutonomy(d *wire.Decoder, raw []byte, out *GrantMaxAutonomy) error {
	return wire.ReadEnum(d, raw, out, grantMaxAutonomyValues)
}

// MarshalJSON writes the value; a value outside the enum is an error.
func (v GrantMaxAutonomy) MarshalJSON() ([]byte, error) {
	return wire.MarshalEnum(v, grantMaxAutonomyValues)
}

// UnmarshalJSON reads a value; a value outside the enum is a bad_enum error.
func (v *GrantMaxAutonomy) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, v, readGrantMaxAutonomy)
}

// ToolCallSideEffect is a value of `ToolCallEvent.sideEffect`: read, write, shell, network, none,
// unknown.
type ToolCallSideEffect string

// The values of ToolCallSideEffect.
const (
	ToolCallSideEffectRead    ToolCallSideEffect = "read"
	ToolCallSideEffectWrite   ToolCallSideEffect = "write"
	ToolCallSideEffectShell   ToolCallSideEffect = "shell"
	ToolCallSideEffectNetwork ToolCallSideEffect = "network"
	ToolCallSideEffectNone    ToolCallSideEffect = "none"
	ToolCallSideEffectUnknown ToolCallSideEffect = "unknown"
)

var toolCallSideEffectValues = []string{"read", "write", "shell", "network", "none", "unknown"}

func readToolCallSideEffect(d *wire.Decoder, raw []byte, out *ToolCallSideEffect) error {
	return wire.ReadEnum(d, raw, out, toolCallSideEffectValues)
}

// MarshalJSON writes the value; a value outside the enum is an error.
func (v ToolCallSideEffect) MarshalJSON() ([]byte, error) {
	return wire.MarshalEnum(v, toolCallSideEffectValues)
}

// UnmarshalJSON reads a value; a value outside the enum is a bad_enum error.
func (v *ToolCallSideEffect) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, v, readToolCallSideEffect)
}

// Permission is a value of `PermissionDecisionEvent.permission`, `PermissionEvent.permission`,
// `PermissionRequestEvent.permission`: allow, prompt, deny.
type Permission string

// The values of Permission.
const (
	PermissionAllow  Permission = "allow"
	PermissionPrompt Permission = "prompt"
	PermissionDeny   Permission = "deny"
)

var permissionValues = []string{"allow", "prompt", "deny"}

func readPermission(d *wire.Decoder, raw []byte, out *Permission) error {
	return wire.ReadEnum(d, raw, out, permissionValues)
}

// MarshalJSON writes the value; a value outside the enum is an error.
func (v Permission) MarshalJSON() ([]byte, error) {
	return wire.MarshalEnum(v, permissionValues)
}

// UnmarshalJSON reads a value; a value outside the enum is a bad_enum error.
func (v *Permission) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, v, readPermission)
}

// PermissionMode is a value of `PermissionDecisionEvent.permissionMode`,
// `PermissionEvent.permissionMode`, `PermissionRequestEvent.permissionMode`: auto, ask, unsafe,
// spec-draft, plan, member-auto.
type PermissionMode string

// The values of PermissionMode.
const (
	PermissionModeAuto       PermissionMode = "auto"
	PermissionModeAsk        PermissionMode = "ask"
	PermissionModeUnsafe     PermissionMode = "unsafe"
	PermissionModeSpecDraft  PermissionMode = "spec-draft"
	PermissionModePlan       PermissionMode = "plan"
	PermissionModeMemberAuto PermissionMode = "member-auto"
)

var permissionModeValues = []string{"auto", "ask", "unsafe", "spec-draft", "plan", "member-auto"}

func readPermissionMode(d *wire.Decoder, raw []byte, out *PermissionMode) error {
	return wire.ReadEnum(d, raw, out, permissionModeValues)
}

// MarshalJSON writes the value; a value outside the enum is an error.
func (v PermissionMode) MarshalJSON() ([]byte, error) {
	return wire.MarshalEnum(v, permissionModeValues)
}

// UnmarshalJSON reads a value; a value outside the enum is a bad_enum error.
func (v *PermissionMode) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, v, readPermissionMode)
}

// Autonomy is a value of `PermissionDecisionEvent.autonomy`, `PermissionEvent.autonomy`,
// `PermissionRequestEvent.autonomy`: low, medium, high, member.
type Autonomy string

// The values of Autonomy.
const (
	AutonomyLow    Autonomy = "low"
	AutonomyMedium Autonomy = "medium"
	AutonomyHigh   Autonomy = "high"
	AutonomyMember Autonomy = "member"
)

var autonomyValues = []string{"low", "medium", "high", "member"}

func readAutonomy(d *wire.Decoder, raw []byte, out *Autonomy) error {
	return wire.ReadEnum(d, raw, out, autonomyValues)
}

// MarshalJSON writes the value; a value outside the enum is an error.
func (v Autonomy) MarshalJSON() ([]byte, error) {
	return wire.MarshalEnum(v, autonomyValues)
}

// UnmarshalJSON reads a value; a value outside the enum is a bad_enum error.
func (v *Autonomy) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, v, readAutonomy)
}

// SideEffect is a value of `PermissionDecisionEvent.sideEffect`, `PermissionEvent.sideEffect`,
// `PermissionRequestEvent.sideEffect`: read, write, shell, network, none, local_control,
// local_browser, local_desktop, local_terminal, out_of_workspace.
type SideEffect string

// The values of SideEffect.
const (
	SideEffectRead           SideEffect = "read"
	SideEffectWrite          SideEffect = "write"
	SideEffectShell          SideEffect = "shell"
	SideEffectNetwork        SideEffect = "network"
	SideEffectNone           SideEffect = "none"
	SideEffectLocalControl   SideEffect = "local_control"
	SideEffectLocalBrowser   SideEffect = "local_browser"
	SideEffectLocalDesktop   SideEffect = "local_desktop"
	SideEffectLocalTerminal  SideEffect = "local_terminal"
	SideEffectOutOfWorkspace SideEffect = "out_of_workspace"
)

var sideEffectValues = []string{"read", "write", "shell", "network", "none", "local_control", "local_browser", "local_desktop", "local_terminal", "out_of_workspace"}

func readSideEffect(d *wire.Decoder, raw []byte, out *SideEffect) error {
	return wire.ReadEnum(d, raw, out, sideEffectValues)
}

// MarshalJSON writes the value; a value outside the enum is an error.
func (v SideEffect) MarshalJSON() ([]byte, error) {
	return wire.MarshalEnum(v, sideEffectValues)
}

// UnmarshalJSON reads a value; a value outside the enum is a bad_enum error.
func (v *SideEffect) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, v, readSideEffect)
}

// PermissionRequestAction is a value of `PermissionRequestEvent.action`: prompt.
type PermissionRequestAction string

// The values of PermissionRequestAction.
const (
	PermissionRequestActionPrompt PermissionRequestAction = "prompt"
)

var permissionRequestActionValues = []string{"prompt"}

func readPermissionRequestAction(d *wire.Decoder, raw []byte, out *PermissionRequestAction) error {
	return wire.ReadEnum(d, raw, out, permissionRequestActionValues)
}

// MarshalJSON writes the value; a value outside the enum is an error.
func (v PermissionRequestAction) MarshalJSON() ([]byte, error) {
	return wire.MarshalEnum(v, permissionRequestActionValues)
}

// UnmarshalJSON reads a value; a value outside the enum is a bad_enum error.
func (v *PermissionRequestAction) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, v, readPermissionRequestAction)
}

// PermissionDecisionAction is a value of `PermissionDecisionEvent.action`: allow, deny.
type PermissionDecisionAction string

// The values of PermissionDecisionAction.
const (
	PermissionDecisionActionAllow PermissionDecisionAction = "allow"
	PermissionDecisionActionDeny  PermissionDecisionAction = "deny"
)

var permissionDecisionActionValues = []string{"allow", "deny"}

func readPermissionDecisionAction(d *wire.Decoder, raw []byte, out *PermissionDecisionAction) error {
	return wire.ReadEnum(d, raw, out, permissionDecisionActionValues)
}

// MarshalJSON writes the value; a value outside the enum is an error.
func (v PermissionDecisionAction) MarshalJSON() ([]byte, error) {
	return wire.MarshalEnum(v, permissionDecisionActionValues)
}

// UnmarshalJSON reads a value; a value outside the enum is a bad_enum error.
func (v *PermissionDecisionAction) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, v, readPermissionDecisionAction)
}

// ToolResultStatus is a value of `ToolResultEvent.status`: ok, error.
type ToolResultStatus string

// The values of ToolResultStatus.
const (
	ToolResultStatusOk    ToolResultStatus = "ok"
	ToolResultStatusError ToolResultStatus = "error"
)

var toolResultStatusValues = []string{"ok", "error"}

func readToolResultStatus(d *wire.Decoder, raw []byte, out *ToolResultStatus) error {
	return wire.ReadEnum(d, raw, out, toolResultStatusValues)
}

// MarshalJSON writes the value; a value outside the enum is an error.
func (v ToolResultStatus) MarshalJSON() ([]byte, error) {
	return wire.MarshalEnum(v, toolResultStatusValues)
}

// UnmarshalJSON reads a value; a value outside the enum is a bad_enum error.
func (v *ToolResultStatus) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, v, readToolResultStatus)
}

// ErrorCode is a value of `ErrorEvent.code`: usage_error, provider_error, sandbox_error, mcp_error,
// specialist_error, interrupted.
type ErrorCode string

// The values of ErrorCode.
const (
	ErrorCodeUsageError      ErrorCode = "usage_error"
	ErrorCodeProviderError   ErrorCode = "provider_error"
	ErrorCodeSandboxError    ErrorCode = "sandbox_error"
	ErrorCodeMcpError        ErrorCode = "mcp_error"
	ErrorCodeSpecialistError ErrorCode = "specialist_error"
	ErrorCodeInterrupted     ErrorCode = "interrupted"
)

var errorCodeValues = []string{"usage_error", "provider_error", "sandbox_error", "mcp_error", "specialist_error", "interrupted"}

func readErrorCode(d *wire.Decoder, raw []byte, out *ErrorCode) error {
	return wire.ReadEnum(d, raw, out, errorCodeValues)
}

// MarshalJSON writes the value; a value outside the enum is an error.
func (v ErrorCode) MarshalJSON() ([]byte, error) {
	return wire.MarshalEnum(v, errorCodeValues)
}

// UnmarshalJSON reads a value; a value outside the enum is a bad_enum error.
func (v *ErrorCode) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, v, readErrorCode)
}

// RunEndStatus is a value of `RunEndEvent.status`: success, error, interrupted,
// spec_review_required.
type RunEndStatus string

// The values of RunEndStatus.
const (
	RunEndStatusSuccess            RunEndStatus = "success"
	RunEndStatusError              RunEndStatus = "error"
	RunEndStatusInterrupted        RunEndStatus = "interrupted"
	RunEndStatusSpecReviewRequired RunEndStatus = "spec_review_required"
)

var runEndStatusValues = []string{"success", "error", "interrupted", "spec_review_required"}

func readRunEndStatus(d *wire.Decoder, raw []byte, out *RunEndStatus) error {
	return wire.ReadEnum(d, raw, out, runEndStatusValues)
}

// MarshalJSON writes the value; a value outside the enum is an error.
func (v RunEndStatus) MarshalJSON() ([]byte, error) {
	return wire.MarshalEnum(v, runEndStatusValues)
}

// UnmarshalJSON reads a value; a value outside the enum is a bad_enum error.
func (v *RunEndStatus) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, v, readRunEndStatus)
}

// Risk is the sandbox risk assessment of a tool call.
type Risk struct {
	// Level holds the risk level.
	Level RiskLevel `json:"level"`
	// Categories holds the sorted risk categories (e.g. `write`, `network`, `destructive`).
	Categories []string `json:"categories,omitempty"`
	// Reason reports why this risk level was chosen.
	Reason *string `json:"reason,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// GetLevel returns Level, or "" for a nil *Risk.
func (e *Risk) GetLevel() (v RiskLevel) {
	if e != nil {
		v = e.Level
	}
	return v
}

// GetCategories returns Categories, or nil when it is absent.
func (e *Risk) GetCategories() []string {
	if e == nil {
		return nil
	}
	return e.Categories
}

// GetReason returns Reason, or "" when it is absent.
func (e *Risk) GetReason() (v string) {
	if e != nil && e.Reason != nil {
		v = *e.Reason
	}
	return v
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e Risk) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.String("level", string(e.Level))
	if e.Categories != nil {
		w.Value("categories", e.Categories)
	}
	wire.Optional(&w, "reason", e.Reason, (*wire.Writer).String)
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodeRisk))
}

// UnmarshalJSON decodes one Risk with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *Risk) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, e, decodeRisk)
}

var riskFields = []string{"level", "categories", "reason"}

func decodeRisk(d *wire.Decoder, obj []byte, e *Risk) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "level":
			seen |= 1 << 0
			err = readRiskLevel(d, m.Value, &e.Level)
		case "categories":
			err = readStringList(d, m.Value, &e.Categories)
		case "reason":
			err = wire.ReadOptional(d, m.Value, &e.Reason, wire.ReadString)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b1, riskFields); err != nil {
		return err
	}
	return nil
}

// Violation reports why the sandbox blocked or held back a call (renamed to Block in v2).
type Violation struct {
	// Code holds the violation code.
	Code ViolationCode `json:"code"`
	// ToolName holds the tool that was blocked.
	ToolName *string `json:"toolName,omitempty"`
	// Action holds the `deny` for hard blocks, `prompt` for promptable path checks.
	Action ViolationAction `json:"action"`
	// Risk holds the risk assessment attached to the violation.
	Risk Risk `json:"risk"`
	// Path holds the offending path, for path checks.
	Path *string `json:"path,omitempty"`
	// Reason holds the explanation; always present, may be empty.
	Reason string `json:"reason"`
	// Recoverable reports whether approval or a grant could lift it.
	Recoverable bool `json:"recoverable"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// GetCode returns Code, or "" for a nil *Violation.
func (e *Violation) GetCode() (v ViolationCode) {
	if e != nil {
		v = e.Code
	}
	return v
}

// GetToolName returns ToolName, or "" when it is absent.
func (e *Violation) GetToolName() (v string) {
	if e != nil && e.ToolName != nil {
		v = *e.ToolName
	}
	return v
}

// GetAction returns Action, or "" for a nil *Violation.
func (e *Violation) GetAction() (v ViolationAction) {
	if e != nil {
		v = e.Action
	}
	return v
}

// GetRisk returns a pointer to Risk, or nil for a nil *Violation.
func (e *Violation) GetRisk() *Risk {
	if e == nil {
		return nil
	}
	return &e.Risk
}

// GetPath returns Path, or "" when it is absent.
func (e *Violation) GetPath() (v string) {
	if e != nil && e.Path != nil {
		v = *e.Path
	}
	return v
}

// GetReason returns Reason, or "" for a nil *Violation.
func (e *Violation) GetReason() (v string) {
	if e != nil {
		v = e.Reason
	}
	return v
}

// GetRecoverable returns Recoverable, or false for a nil *Violation.
func (e *Violation) GetRecoverable() (v bool) {
	if e != nil {
		v = e.Recoverable
	}
	return v
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e Violation) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.String("code", string(e.Code))
	wire.Optional(&w, "toolName", e.ToolName, (*wire.Writer).String)
	w.String("action", string(e.Action))
	w.Value("risk", e.Risk)
	wire.Optional(&w, "path", e.Path, (*wire.Writer).String)
	w.String("reason", e.Reason)
	w.Bool("recoverable", e.Recoverable)
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodeViolation))
}

// UnmarshalJSON decodes one Violation with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *Violation) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, e, decodeViolation)
}

var violationFields = []string{"code", "toolName", "action", "risk", "path", "reason", "recoverable"}

func decodeViolation(d *wire.Decoder, obj []byte, e *Violation) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "code":
			seen |= 1 << 0
			err = readViolationCode(d, m.Value, &e.Code)
		case "toolName":
			err = wire.ReadOptional(d, m.Value, &e.ToolName, wire.ReadString)
		case "action":
			seen |= 1 << 2
			err = readViolationAction(d, m.Value, &e.Action)
		case "risk":
			seen |= 1 << 3
			err = decodeRisk(d, m.Value, &e.Risk)
		case "path":
			err = wire.ReadOptional(d, m.Value, &e.Path, wire.ReadString)
		case "reason":
			seen |= 1 << 5
			err = wire.ReadString(d, m.Value, &e.Reason)
		case "recoverable":
			seen |= 1 << 6
			err = wire.ReadBool(d, m.Value, &e.Recoverable)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b1101101, violationFields); err != nil {
		return err
	}
	return nil
}

// Grant is a persistent or session sandbox grant.
type Grant struct {
	// ToolName holds the tool the grant covers.
	ToolName string `json:"toolName"`
	// Decision reports whether the grant allows or denies.
	Decision GrantDecision `json:"decision"`
	// MaxAutonomy holds the highest autonomy level the grant applies to (removed in v2).
	MaxAutonomy GrantMaxAutonomy `json:"maxAutonomy"`
	// ApprovedAt reports when the grant was approved (RFC 3339 timestamp string).
	ApprovedAt string `json:"approvedAt"`
	// Reason reports why it was granted.
	Reason *string `json:"reason,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// GetToolName returns ToolName, or "" for a nil *Grant.
func (e *Grant) GetToolName() (v string) {
	if e != nil {
		v = e.ToolName
	}
	return v
}

// GetDecision returns Decision, or "" for a nil *Grant.
func (e *Grant) GetDecision() (v GrantDecision) {
	if e != nil {
		v = e.Decision
	}
	return v
}

// GetMaxAutonomy returns MaxAutonomy, or "" for a nil *Grant.
func (e *Grant) GetMaxAutonomy() (v GrantMaxAutonomy) {
	if e != nil {
		v = e.MaxAutonomy
	}
	return v
}

// GetApprovedAt returns ApprovedAt, or "" for a nil *Grant.
func (e *Grant) GetApprovedAt() (v string) {
	if e != nil {
		v = e.ApprovedAt
	}
	return v
}

// GetReason returns Reason, or "" when it is absent.
func (e *Grant) GetReason() (v string) {
	if e != nil && e.Reason != nil {
		v = *e.Reason
	}
	return v
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e Grant) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.String("toolName", e.ToolName)
	w.String("decision", string(e.Decision))
	w.String("maxAutonomy", string(e.MaxAutonomy))
	w.String("approvedAt", e.ApprovedAt)
	wire.Optional(&w, "reason", e.Reason, (*wire.Writer).String)
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodeGrant))
}

// UnmarshalJSON decodes one Grant with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *Grant) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, e, decodeGrant)
}

var grantFields = []string{"toolName", "decision", "maxAutonomy", "approvedAt", "reason"}

func decodeGrant(d *wire.Decoder, obj []byte, e *Grant) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "toolName":
			seen |= 1 << 0
			err = wire.ReadString(d, m.Value, &e.ToolName)
		case "decision":
			seen |= 1 << 1
			err = readGrantDecision(d, m.Value, &e.Decision)
		case "maxAutonomy":
			seen |= 1 << 2
			err = readGrantMaxAutonomy(d, m.Value, &e.MaxAutonomy)
		case "approvedAt":
			seen |= 1 << 3
			err = wire.ReadString(d, m.Value, &e.ApprovedAt)
		case "reason":
			err = wire.ReadOptional(d, m.Value, &e.Reason, wire.ReadString)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b1111, grantFields); err != nil {
		return err
	}
	return nil
}

// Display is the compact human-facing summary of a tool result.
type Display struct {
	// Summary holds the one-line summary.
	Summary *string `json:"summary,omitempty"`
	// Kind holds the kind of result (e.g. `diff`).
	Kind *string `json:"kind,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// GetSummary returns Summary, or "" when it is absent.
func (e *Display) GetSummary() (v string) {
	if e != nil && e.Summary != nil {
		v = *e.Summary
	}
	return v
}

// GetKind returns Kind, or "" when it is absent.
func (e *Display) GetKind() (v string) {
	if e != nil && e.Kind != nil {
		v = *e.Kind
	}
	return v
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e Display) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	wire.Optional(&w, "summary", e.Summary, (*wire.Writer).String)
	wire.Optional(&w, "kind", e.Kind, (*wire.Writer).String)
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodeDisplay))
}

// UnmarshalJSON decodes one Display with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *Display) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, e, decodeDisplay)
}

func decodeDisplay(d *wire.Decoder, obj []byte, e *Display) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "summary":
			err = wire.ReadOptional(d, m.Value, &e.Summary, wire.ReadString)
		case "kind":
			err = wire.ReadOptional(d, m.Value, &e.Kind, wire.ReadString)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	return nil
}

// CheckpointInfo is a captured file checkpoint or an applied restore; every field is omitted when
// zero.
type CheckpointInfo struct {
	// Sequence holds the session event sequence of the checkpoint. Between -(2^53-1) and 2^53-1, so
	// every client holds it exactly.
	Sequence *int64 `json:"sequence,omitempty"`
	// Tool holds the tool whose call was checkpointed.
	Tool *string `json:"tool,omitempty"`
	// Files holds the workspace-relative paths captured.
	Files []string `json:"files,omitempty"`
	// FilesRestored holds the number of files restored (restore only). Between -(2^53-1) and 2^53-1,
	// so every client holds it exactly.
	FilesRestored *int64 `json:"filesRestored,omitempty"`
	// FilesDeleted holds the number of files deleted (restore only). Between -(2^53-1) and 2^53-1, so
	// every client holds it exactly.
	FilesDeleted *int64 `json:"filesDeleted,omitempty"`
	// Skipped holds the paths skipped by the restore.
	Skipped []string `json:"skipped,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// GetSequence returns Sequence, or 0 when it is absent.
func (e *CheckpointInfo) GetSequence() (v int64) {
	if e != nil && e.Sequence != nil {
		v = *e.Sequence
	}
	return v
}

// GetTool returns Tool, or "" when it is absent.
func (e *CheckpointInfo) GetTool() (v string) {
	if e != nil && e.Tool != nil {
		v = *e.Tool
	}
	return v
}

// GetFiles returns Files, or nil when it is absent.
func (e *CheckpointInfo) GetFiles() []string {
	if e == nil {
		return nil
	}
	return e.Files
}

// GetFilesRestored returns FilesRestored, or 0 when it is absent.
func (e *CheckpointInfo) GetFilesRestored() (v int64) {
	if e != nil && e.FilesRestored != nil {
		v = *e.FilesRestored
	}
	return v
}

// GetFilesDeleted returns FilesDeleted, or 0 when it is absent.
func (e *CheckpointInfo) GetFilesDeleted() (v int64) {
	if e != nil && e.FilesDeleted != nil {
		v = *e.FilesDeleted
	}
	return v
}

// GetSkipped returns Skipped, or nil when it is absent.
func (e *CheckpointInfo) GetSkipped() []string {
	if e == nil {
		return nil
	}
	return e.Skipped
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e CheckpointInfo) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	wire.Optional(&w, "sequence", e.Sequence, (*wire.Writer).Int)
	wire.Optional(&w, "tool", e.Tool, (*wire.Writer).String)
	if e.Files != nil {
		w.Value("files", e.Files)
	}
	wire.Optional(&w, "filesRestored", e.FilesRestored, (*wire.Writer).Int)
	wire.Optional(&w, "filesDeleted", e.FilesDeleted, (*wire.Writer).Int)
	if e.Skipped != nil {
		w.Value("skipped", e.Skipped)
	}
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodeCheckpointInfo))
}

// UnmarshalJSON decodes one CheckpointInfo with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *CheckpointInfo) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, e, decodeCheckpointInfo)
}

func decodeCheckpointInfo(d *wire.Decoder, obj []byte, e *CheckpointInfo) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "sequence":
			err = wire.ReadOptional(d, m.Value, &e.Sequence, readBoundedInt)
		case "tool":
			err = wire.ReadOptional(d, m.Value, &e.Tool, wire.ReadString)
		case "files":
			err = readStringList(d, m.Value, &e.Files)
		case "filesRestored":
			err = wire.ReadOptional(d, m.Value, &e.FilesRestored, readBoundedInt)
		case "filesDeleted":
			err = wire.ReadOptional(d, m.Value, &e.FilesDeleted, readBoundedInt)
		case "skipped":
			err = readStringList(d, m.Value, &e.Skipped)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	return nil
}

// InputImage is an image attached to a message input.
type InputImage struct {
	// MediaType holds the MIME type or short name: png, jpeg/jpg, gif or webp, optionally `image/`- or
	// `data:`-prefixed, any case.
	MediaType string `json:"mediaType"`
	// Data holds the standard padded base64 of the image bytes, without a `data:` prefix; at most 10
	// MiB decoded.
	Data string `json:"data"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// GetMediaType returns MediaType, or "" for a nil *InputImage.
func (e *InputImage) GetMediaType() (v string) {
	if e != nil {
		v = e.MediaType
	}
	return v
}

// GetData returns Data, or "" for a nil *InputImage.
func (e *InputImage) GetData() (v string) {
	if e != nil {
		v = e.Data
	}
	return v
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e InputImage) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.String("mediaType", e.MediaType)
	w.String("data", e.Data)
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodeInputImage))
}

// UnmarshalJSON decodes one InputImage with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *InputImage) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, e, decodeInputImage)
}

var inputImageFields = []string{"mediaType", "data"}

func decodeInputImage(d *wire.Decoder, obj []byte, e *InputImage) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "mediaType":
			seen |= 1 << 0
			err = wire.ReadString(d, m.Value, &e.MediaType)
		case "data":
			seen |= 1 << 1
			err = readData(d, m.Value, &e.Data)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b11, inputImageFields); err != nil {
		return err
	}
	return nil
}

// PromptInput is the `prompt` input event (Prompt input). A piece of the user's request. All input
// events' contents are trimmed and joined with blank lines into one prompt.
type PromptInput struct {
	// Content holds the prompt text; must contain a non-whitespace character.
	Content string `json:"content"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// Type is always "prompt".
func (*PromptInput) Type() string { return "prompt" }

// SchemaVersion is always 1.
func (*PromptInput) SchemaVersion() int { return SchemaVersion }

func (*PromptInput) isInputEvent() {}

// GetContent returns Content, or "" for a nil *PromptInput.
func (e *PromptInput) GetContent() (v string) {
	if e != nil {
		v = e.Content
	}
	return v
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e PromptInput) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.Int("schemaVersion", 1)
	w.String("type", "prompt")
	w.String("content", e.Content)
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodePromptInput))
}

// UnmarshalJSON decodes one PromptInput with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *PromptInput) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalEvent(data, SchemaVersion, "prompt", e, decodePromptInput)
}

var promptInputFields = []string{"schemaVersion", "type", "content"}

func decodePromptInput(d *wire.Decoder, obj []byte, e *PromptInput) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "schemaVersion":
			seen |= 1 << 0
			err = wire.ConstInt(m.Value, 1)
		case "type":
			seen |= 1 << 1
			err = wire.ConstString(m.Value, "prompt")
		case "content":
			seen |= 1 << 2
			err = readContent(d, m.Value, &e.Content)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b111, promptInputFields); err != nil {
		return err
	}
	return nil
}

// MessageInput is the `message` input event (User message input). A user message, optionally with
// images. `content` must contain a non-whitespace character unless at least one image is attached.
type MessageInput struct {
	// Content holds the message text; may be blank or absent only when images are attached.
	Content *string `json:"content,omitempty"`
	// Images holds the images attached to the message (only allowed on `message`).
	Images []InputImage `json:"images,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// Type is always "message".
func (*MessageInput) Type() string { return "message" }

// SchemaVersion is always 1.
func (*MessageInput) SchemaVersion() int { return SchemaVersion }

func (*MessageInput) isInputEvent() {}

// GetContent returns Content, or "" when it is absent.
func (e *MessageInput) GetContent() (v string) {
	if e != nil && e.Content != nil {
		v = *e.Content
	}
	return v
}

// GetImages returns Images, or nil when it is absent.
func (e *MessageInput) GetImages() []InputImage {
	if e == nil {
		return nil
	}
	return e.Images
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e MessageInput) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.Int("schemaVersion", 1)
	w.String("type", "message")
	w.String("role", "user")
	wire.Optional(&w, "content", e.Content, (*wire.Writer).String)
	if e.Images != nil {
		w.Value("images", e.Images)
	}
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodeMessageInput))
}

// UnmarshalJSON decodes one MessageInput with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *MessageInput) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalEvent(data, SchemaVersion, "message", e, decodeMessageInput)
}

var messageInputFields = []string{"schemaVersion", "type", "role", "content", "images"}

func decodeMessageInput(d *wire.Decoder, obj []byte, e *MessageInput) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "schemaVersion":
			seen |= 1 << 0
			err = wire.ConstInt(m.Value, 1)
		case "type":
			seen |= 1 << 1
			err = wire.ConstString(m.Value, "message")
		case "role":
			seen |= 1 << 2
			err = wire.ConstString(m.Value, "user")
		case "content":
			err = wire.ReadOptional(d, m.Value, &e.Content, wire.ReadString)
		case "images":
			err = readInputImageList(d, m.Value, &e.Images)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b111, messageInputFields); err != nil {
		return err
	}
	if !((e.Content != nil && pattern1.MatchString(*e.Content)) || (e.Images != nil && len(e.Images) >= 1)) {
		return wire.Errorf(wire.Constraint, "content", "needs a non-empty content or images")
	}
	return nil
}

// RunStartEvent is the `run_start` output event (Run start). First event of a run that got past
// startup. Carries the workspace root and the resolved model; `--list-tools` runs omit session,
// provider and model.
type RunStartEvent struct {
	// RunID holds the identifier of the run; the same on every event of one run. The binary generates
	// `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId"`
	// SessionID holds the zero session id (`zero_<14 digits>_<unixnano>_<n>` when generated).
	SessionID *string `json:"sessionId,omitempty"`
	// Cwd holds the final workspace root (after `--cwd` and `--worktree`).
	Cwd string `json:"cwd"`
	// Provider holds the resolved provider kind (e.g. `openai`, `anthropic`), or the profile name.
	Provider *string `json:"provider,omitempty"`
	// Model holds the resolved model id (after `--model` and `--mode`).
	Model *string `json:"model,omitempty"`
	// APIModel holds the model id sent on the wire to the provider.
	APIModel *string `json:"apiModel,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
	wire.Origin
}

// Type is always "run_start".
func (*RunStartEvent) Type() string { return "run_start" }

// SchemaVersion is always 1.
func (*RunStartEvent) SchemaVersion() int { return SchemaVersion }

func (*RunStartEvent) isOutputEvent() {}

// GetRunID returns RunID, or "" for a nil *RunStartEvent.
func (e *RunStartEvent) GetRunID() (v string) {
	if e != nil {
		v = e.RunID
	}
	return v
}

// GetSessionID returns SessionID, or "" when it is absent.
func (e *RunStartEvent) GetSessionID() (v string) {
	if e != nil && e.SessionID != nil {
		v = *e.SessionID
	}
	return v
}

// GetCwd returns Cwd, or "" for a nil *RunStartEvent.
func (e *RunStartEvent) GetCwd() (v string) {
	if e != nil {
		v = e.Cwd
	}
	return v
}

// GetProvider returns Provider, or "" when it is absent.
func (e *RunStartEvent) GetProvider() (v string) {
	if e != nil && e.Provider != nil {
		v = *e.Provider
	}
	return v
}

// GetModel returns Model, or "" when it is absent.
func (e *RunStartEvent) GetModel() (v string) {
	if e != nil && e.Model != nil {
		v = *e.Model
	}
	return v
}

// GetAPIModel returns APIModel, or "" when it is absent.
func (e *RunStartEvent) GetAPIModel() (v string) {
	if e != nil && e.APIModel != nil {
		v = *e.APIModel
	}
	return v
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e RunStartEvent) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.Int("schemaVersion", 1)
	w.String("type", "run_start")
	w.String("runId", e.RunID)
	wire.Optional(&w, "sessionId", e.SessionID, (*wire.Writer).String)
	w.String("cwd", e.Cwd)
	wire.Optional(&w, "provider", e.Provider, (*wire.Writer).String)
	wire.Optional(&w, "model", e.Model, (*wire.Writer).String)
	wire.Optional(&w, "apiModel", e.APIModel, (*wire.Writer).String)
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodeRunStartEvent))
}

// UnmarshalJSON decodes one RunStartEvent with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *RunStartEvent) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalEvent(data, SchemaVersion, "run_start", e, decodeRunStartEvent)
}

var runStartEventFields = []string{"schemaVersion", "type", "runId", "sessionId", "cwd", "provider", "model", "apiModel"}

func decodeRunStartEvent(d *wire.Decoder, obj []byte, e *RunStartEvent) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "schemaVersion":
			seen |= 1 << 0
			err = wire.ConstInt(m.Value, 1)
		case "type":
			seen |= 1 << 1
			err = wire.ConstString(m.Value, "run_start")
		case "runId":
			seen |= 1 << 2
			err = readRunID(d, m.Value, &e.RunID)
		case "sessionId":
			err = wire.ReadOptional(d, m.Value, &e.SessionID, wire.ReadString)
		case "cwd":
			seen |= 1 << 4
			err = wire.ReadString(d, m.Value, &e.Cwd)
		case "provider":
			err = wire.ReadOptional(d, m.Value, &e.Provider, wire.ReadString)
		case "model":
			err = wire.ReadOptional(d, m.Value, &e.Model, wire.ReadString)
		case "apiModel":
			err = wire.ReadOptional(d, m.Value, &e.APIModel, wire.ReadString)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b10111, runStartEventFields); err != nil {
		return err
	}
	return nil
}

// TextEvent is the `text` output event (Text delta). A chunk of assistant text as it streams, from
// every turn (including commentary before tool calls). The deltas joined are generally not equal to
// `final.text`.
type TextEvent struct {
	// RunID holds the identifier of the run; the same on every event of one run. The binary generates
	// `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId"`
	// Delta is the text chunk; omitted when the provider sent an empty chunk.
	Delta *string `json:"delta,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
	wire.Origin
}

// Type is always "text".
func (*TextEvent) Type() string { return "text" }

// SchemaVersion is always 1.
func (*TextEvent) SchemaVersion() int { return SchemaVersion }

func (*TextEvent) isOutputEvent() {}

// GetRunID returns RunID, or "" for a nil *TextEvent.
func (e *TextEvent) GetRunID() (v string) {
	if e != nil {
		v = e.RunID
	}
	return v
}

// GetDelta returns Delta, or "" when it is absent.
func (e *TextEvent) GetDelta() (v string) {
	if e != nil && e.Delta != nil {
		v = *e.Delta
	}
	return v
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e TextEvent) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.Int("schemaVersion", 1)
	w.String("type", "text")
	w.String("runId", e.RunID)
	wire.Optional(&w, "delta", e.Delta, (*wire.Writer).String)
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodeTextEvent))
}

// UnmarshalJSON decodes one TextEvent with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *TextEvent) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalEvent(data, SchemaVersion, "text", e, decodeTextEvent)
}

var textEventFields = []string{"schemaVersion", "type", "runId", "delta"}

func decodeTextEvent(d *wire.Decoder, obj []byte, e *TextEvent) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "schemaVersion":
			seen |= 1 << 0
			err = wire.ConstInt(m.Value, 1)
		case "type":
			seen |= 1 << 1
			err = wire.ConstString(m.Value, "text")
		case "runId":
			seen |= 1 << 2
			err = readRunID(d, m.Value, &e.RunID)
		case "delta":
			err = wire.ReadOptional(d, m.Value, &e.Delta, wire.ReadString)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b111, textEventFields); err != nil {
		return err
	}
	return nil
}

// ToolCallEvent is the `tool_call` output event (Tool call). The model called a tool. Written
// before the call's permission event and result (except in parallel read batches, where permission
// events can precede it).
type ToolCallEvent struct {
	// RunID holds the identifier of the run; the same on every event of one run. The binary generates
	// `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId"`
	// ID holds the tool call id, echoed by the matching tool_result.
	ID *string `json:"id,omitempty"`
	// Name holds the tool name.
	Name *string `json:"name,omitempty"`
	// Args holds the tool arguments: the parsed JSON value (usually an object) when the model's
	// argument string is valid JSON, otherwise the raw string; omitted when the argument string is
	// empty.
	Args json.RawMessage `json:"args,omitempty"`
	// SideEffect holds the side effect class; local-control, out-of-workspace and unregistered tools
	// map to `unknown`.
	SideEffect ToolCallSideEffect `json:"sideEffect"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
	wire.Origin
}

// Type is always "tool_call".
func (*ToolCallEvent) Type() string { return "tool_call" }

// SchemaVersion is always 1.
func (*ToolCallEvent) SchemaVersion() int { return SchemaVersion }

func (*ToolCallEvent) isOutputEvent() {}

// GetRunID returns RunID, or "" for a nil *ToolCallEvent.
func (e *ToolCallEvent) GetRunID() (v string) {
	if e != nil {
		v = e.RunID
	}
	return v
}

// GetID returns ID, or "" when it is absent.
func (e *ToolCallEvent) GetID() (v string) {
	if e != nil && e.ID != nil {
		v = *e.ID
	}
	return v
}

// GetName returns Name, or "" when it is absent.
func (e *ToolCallEvent) GetName() (v string) {
	if e != nil && e.Name != nil {
		v = *e.Name
	}
	return v
}

// GetArgs returns Args, or nil when it is absent.
func (e *ToolCallEvent) GetArgs() json.RawMessage {
	if e == nil {
		return nil
	}
	return e.Args
}

// GetSideEffect returns SideEffect, or "" for a nil *ToolCallEvent.
func (e *ToolCallEvent) GetSideEffect() (v ToolCallSideEffect) {
	if e != nil {
		v = e.SideEffect
	}
	return v
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e ToolCallEvent) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.Int("schemaVersion", 1)
	w.String("type", "tool_call")
	w.String("runId", e.RunID)
	wire.Optional(&w, "id", e.ID, (*wire.Writer).String)
	wire.Optional(&w, "name", e.Name, (*wire.Writer).String)
	if e.Args != nil {
		w.JSON("args", e.Args)
	}
	w.String("sideEffect", string(e.SideEffect))
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodeToolCallEvent))
}

// UnmarshalJSON decodes one ToolCallEvent with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *ToolCallEvent) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalEvent(data, SchemaVersion, "tool_call", e, decodeToolCallEvent)
}

var toolCallEventFields = []string{"schemaVersion", "type", "runId", "id", "name", "args", "sideEffect"}

func decodeToolCallEvent(d *wire.Decoder, obj []byte, e *ToolCallEvent) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "schemaVersion":
			seen |= 1 << 0
			err = wire.ConstInt(m.Value, 1)
		case "type":
			seen |= 1 << 1
			err = wire.ConstString(m.Value, "tool_call")
		case "runId":
			seen |= 1 << 2
			err = readRunID(d, m.Value, &e.RunID)
		case "id":
			err = wire.ReadOptional(d, m.Value, &e.ID, wire.ReadString)
		case "name":
			err = wire.ReadOptional(d, m.Value, &e.Name, wire.ReadString)
		case "args":
			err = wire.ReadJSON(d, m.Value, &e.Args)
		case "sideEffect":
			seen |= 1 << 6
			err = readToolCallSideEffect(d, m.Value, &e.SideEffect)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b1000111, toolCallEventFields); err != nil {
		return err
	}
	return nil
}

// CheckpointEvent is the `checkpoint` output event (File checkpoint). A file checkpoint captured
// before a write_file, edit_file or apply_patch call, emitted right after the matching tool_call
// when a session exists.
type CheckpointEvent struct {
	// RunID holds the identifier of the run; the same on every event of one run. The binary generates
	// `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId"`
	// Checkpoint reports what was captured.
	Checkpoint CheckpointInfo `json:"checkpoint"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
	wire.Origin
}

// Type is always "checkpoint".
func (*CheckpointEvent) Type() string { return "checkpoint" }

// SchemaVersion is always 1.
func (*CheckpointEvent) SchemaVersion() int { return SchemaVersion }

func (*CheckpointEvent) isOutputEvent() {}

// GetRunID returns RunID, or "" for a nil *CheckpointEvent.
func (e *CheckpointEvent) GetRunID() (v string) {
	if e != nil {
		v = e.RunID
	}
	return v
}

// GetCheckpoint returns a pointer to Checkpoint, or nil for a nil *CheckpointEvent.
func (e *CheckpointEvent) GetCheckpoint() *CheckpointInfo {
	if e == nil {
		return nil
	}
	return &e.Checkpoint
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e CheckpointEvent) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.Int("schemaVersion", 1)
	w.String("type", "checkpoint")
	w.String("runId", e.RunID)
	w.Value("checkpoint", e.Checkpoint)
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodeCheckpointEvent))
}

// UnmarshalJSON decodes one CheckpointEvent with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *CheckpointEvent) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalEvent(data, SchemaVersion, "checkpoint", e, decodeCheckpointEvent)
}

var checkpointEventFields = []string{"schemaVersion", "type", "runId", "checkpoint"}

func decodeCheckpointEvent(d *wire.Decoder, obj []byte, e *CheckpointEvent) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "schemaVersion":
			seen |= 1 << 0
			err = wire.ConstInt(m.Value, 1)
		case "type":
			seen |= 1 << 1
			err = wire.ConstString(m.Value, "checkpoint")
		case "runId":
			seen |= 1 << 2
			err = readRunID(d, m.Value, &e.RunID)
		case "checkpoint":
			seen |= 1 << 3
			err = decodeCheckpointInfo(d, m.Value, &e.Checkpoint)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b1111, checkpointEventFields); err != nil {
		return err
	}
	return nil
}

// PermissionEvent is the `permission` output event (Permission event (generic)). Permission event
// whose action is none of the mapped ones. In v1 the writer used it for `cancel` decisions.
type PermissionEvent struct {
	// RunID holds the identifier of the run; the same on every event of one run. The binary generates
	// `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId"`
	// SessionID holds the zero session id (`zero_<14 digits>_<unixnano>_<n>` when generated).
	SessionID *string `json:"sessionId,omitempty"`
	// ID holds the id of the tool call this permission event belongs to.
	ID *string `json:"id,omitempty"`
	// Name holds the tool name.
	Name *string `json:"name,omitempty"`
	// Action holds the sandbox action that is not mapped to a request or decision event (in v1,
	// `cancel`).
	Action *string `json:"action,omitempty"`
	// Permission is the tool's static permission.
	Permission *Permission `json:"permission,omitempty"`
	// PermissionGranted reports whether the call was authorized up front (unsafe mode, static allow,
	// or a grant). False for sandbox auto-allows and headless prompts.
	PermissionGranted *bool `json:"permissionGranted,omitempty"`
	// PermissionMode is the run's permission mode.
	PermissionMode *PermissionMode `json:"permissionMode,omitempty"`
	// Autonomy is the `--auto` value exec was given (default `low`; `member` is accepted but
	// undocumented).
	Autonomy *Autonomy `json:"autonomy,omitempty"`
	// SideEffect is the tool's raw side effect (not the reduced tool_call set).
	SideEffect *SideEffect `json:"sideEffect,omitempty"`
	// Reason reports why the sandbox decided this way; empty reasons are omitted.
	Reason *string `json:"reason,omitempty"`
	// DecisionReason holds the reason from the approval flow; usually omitted in exec.
	DecisionReason *string `json:"decisionReason,omitempty"`
	// Risk holds the risk assessment of the call.
	Risk *Risk `json:"risk,omitempty"`
	// Violation is the sandbox violation behind a deny or a promptable path check.
	Violation *Violation `json:"violation,omitempty"`
	// GrantMatched is present (and true) only when a persistent or session grant matched.
	GrantMatched *bool `json:"grantMatched,omitempty"`
	// Grant is the grant that matched, when one did.
	Grant *Grant `json:"grant,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
	wire.Origin
}

// Type is always "permission".
func (*PermissionEvent) Type() string { return "permission" }

// SchemaVersion is always 1.
func (*PermissionEvent) SchemaVersion() int { return SchemaVersion }

func (*PermissionEvent) isOutputEvent() {}

// GetRunID returns RunID, or "" for a nil *PermissionEvent.
func (e *PermissionEvent) GetRunID() (v string) {
	if e != nil {
		v = e.RunID
	}
	return v
}

// GetSessionID returns SessionID, or "" when it is absent.
func (e *PermissionEvent) GetSessionID() (v string) {
	if e != nil && e.SessionID != nil {
		v = *e.SessionID
	}
	return v
}

// GetID returns ID, or "" when it is absent.
func (e *PermissionEvent) GetID() (v string) {
	if e != nil && e.ID != nil {
		v = *e.ID
	}
	return v
}

// GetName returns Name, or "" when it is absent.
func (e *PermissionEvent) GetName() (v string) {
	if e != nil && e.Name != nil {
		v = *e.Name
	}
	return v
}

// GetAction returns Action, or "" when it is absent.
func (e *PermissionEvent) GetAction() (v string) {
	if e != nil && e.Action != nil {
		v = *e.Action
	}
	return v
}

// GetPermission returns Permission, or "" when it is absent.
func (e *PermissionEvent) GetPermission() (v Permission) {
	if e != nil && e.Permission != nil {
		v = *e.Permission
	}
	return v
}

// GetPermissionGranted returns PermissionGranted, or false when it is absent.
func (e *PermissionEvent) GetPermissionGranted() (v bool) {
	if e != nil && e.PermissionGranted != nil {
		v = *e.PermissionGranted
	}
	return v
}

// GetPermissionMode returns PermissionMode, or "" when it is absent.
func (e *PermissionEvent) GetPermissionMode() (v PermissionMode) {
	if e != nil && e.PermissionMode != nil {
		v = *e.PermissionMode
	}
	return v
}

// GetAutonomy returns Autonomy, or "" when it is absent.
func (e *PermissionEvent) GetAutonomy() (v Autonomy) {
	if e != nil && e.Autonomy != nil {
		v = *e.Autonomy
	}
	return v
}

// GetSideEffect returns SideEffect, or "" when it is absent.
func (e *PermissionEvent) GetSideEffect() (v SideEffect) {
	if e != nil && e.SideEffect != nil {
		v = *e.SideEffect
	}
	return v
}

// GetReason returns Reason, or "" when it is absent.
func (e *PermissionEvent) GetReason() (v string) {
	if e != nil && e.Reason != nil {
		v = *e.Reason
	}
	return v
}

// GetDecisionReason returns DecisionReason, or "" when it is absent.
func (e *PermissionEvent) GetDecisionReason() (v string) {
	if e != nil && e.DecisionReason != nil {
		v = *e.DecisionReason
	}
	return v
}

// GetRisk returns Risk, or nil when it is absent.
func (e *PermissionEvent) GetRisk() *Risk {
	if e == nil {
		return nil
	}
	return e.Risk
}

// GetViolation returns Violation, or nil when it is absent.
func (e *PermissionEvent) GetViolation() *Violation {
	if e == nil {
		return nil
	}
	return e.Violation
}

// GetGrantMatched returns GrantMatched, or false when it is absent.
func (e *PermissionEvent) GetGrantMatched() (v bool) {
	if e != nil && e.GrantMatched != nil {
		v = *e.GrantMatched
	}
	return v
}

// GetGrant returns Grant, or nil when it is absent.
func (e *PermissionEvent) GetGrant() *Grant {
	if e == nil {
		return nil
	}
	return e.Grant
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e PermissionEvent) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.Int("schemaVersion", 1)
	w.String("type", "permission")
	w.String("runId", e.RunID)
	wire.Optional(&w, "sessionId", e.SessionID, (*wire.Writer).String)
	wire.Optional(&w, "id", e.ID, (*wire.Writer).String)
	wire.Optional(&w, "name", e.Name, (*wire.Writer).String)
	wire.Optional(&w, "action", e.Action, (*wire.Writer).String)
	wire.Optional(&w, "permission", e.Permission, wire.Enum[Permission])
	wire.Optional(&w, "permissionGranted", e.PermissionGranted, (*wire.Writer).Bool)
	wire.Optional(&w, "permissionMode", e.PermissionMode, wire.Enum[PermissionMode])
	wire.Optional(&w, "autonomy", e.Autonomy, wire.Enum[Autonomy])
	wire.Optional(&w, "sideEffect", e.SideEffect, wire.Enum[SideEffect])
	wire.Optional(&w, "reason", e.Reason, (*wire.Writer).String)
	wire.Optional(&w, "decisionReason", e.DecisionReason, (*wire.Writer).String)
	wire.Optional(&w, "risk", e.Risk, wire.Any[Risk])
	wire.Optional(&w, "violation", e.Violation, wire.Any[Violation])
	wire.Optional(&w, "grantMatched", e.GrantMatched, (*wire.Writer).Bool)
	wire.Optional(&w, "grant", e.Grant, wire.Any[Grant])
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodePermissionEvent))
}

// UnmarshalJSON decodes one PermissionEvent with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *PermissionEvent) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalEvent(data, SchemaVersion, "permission", e, decodePermissionEvent)
}

var permissionEventFields = []string{"schemaVersion", "type", "runId", "sessionId", "id", "name", "action", "permission", "permissionGranted", "permissionMode", "autonomy", "sideEffect", "reason", "decisionReason", "risk", "violation", "grantMatched", "grant"}

func decodePermissionEvent(d *wire.Decoder, obj []byte, e *PermissionEvent) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "schemaVersion":
			seen |= 1 << 0
			err = wire.ConstInt(m.Value, 1)
		case "type":
			seen |= 1 << 1
			err = wire.ConstString(m.Value, "permission")
		case "runId":
			seen |= 1 << 2
			err = readRunID(d, m.Value, &e.RunID)
		case "sessionId":
			err = wire.ReadOptional(d, m.Value, &e.SessionID, wire.ReadString)
		case "id":
			err = wire.ReadOptional(d, m.Value, &e.ID, wire.ReadString)
		case "name":
			err = wire.ReadOptional(d, m.Value, &e.Name, wire.ReadString)
		case "action":
			err = wire.ReadOptional(d, m.Value, &e.Action, wire.ReadString)
		case "permission":
			err = wire.ReadOptional(d, m.Value, &e.Permission, readPermission)
		case "permissionGranted":
			err = wire.ReadOptional(d, m.Value, &e.PermissionGranted, wire.ReadBool)
		case "permissionMode":
			err = wire.ReadOptional(d, m.Value, &e.PermissionMode, readPermissionMode)
		case "autonomy":
			err = wire.ReadOptional(d, m.Value, &e.Autonomy, readAutonomy)
		case "sideEffect":
			err = wire.ReadOptional(d, m.Value, &e.SideEffect, readSideEffect)
		case "reason":
			err = wire.ReadOptional(d, m.Value, &e.Reason, wire.ReadString)
		case "decisionReason":
			err = wire.ReadOptional(d, m.Value, &e.DecisionReason, wire.ReadString)
		case "risk":
			err = wire.ReadOptional(d, m.Value, &e.Risk, decodeRisk)
		case "violation":
			err = wire.ReadOptional(d, m.Value, &e.Violation, decodeViolation)
		case "grantMatched":
			err = wire.ReadOptional(d, m.Value, &e.GrantMatched, wire.ReadBool)
		case "grant":
			err = wire.ReadOptional(d, m.Value, &e.Grant, decodeGrant)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b111, permissionEventFields); err != nil {
		return err
	}
	return nil
}

// PermissionRequestEvent is the `permission_request` output event (Permission request). A
// prompt-gated call needed approval. Headless exec has no responder, so the call is refused and an
// error tool_result follows.
type PermissionRequestEvent struct {
	// RunID holds the identifier of the run; the same on every event of one run. The binary generates
	// `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId"`
	// SessionID holds the zero session id (`zero_<14 digits>_<unixnano>_<n>` when generated).
	SessionID *string `json:"sessionId,omitempty"`
	// ID holds the id of the tool call this permission event belongs to.
	ID *string `json:"id,omitempty"`
	// Name holds the tool name.
	Name *string `json:"name,omitempty"`
	// Action holds the sandbox action; always `prompt` for this event.
	Action *PermissionRequestAction `json:"action,omitempty"`
	// Permission is the tool's static permission.
	Permission *Permission `json:"permission,omitempty"`
	// PermissionGranted reports whether the call was authorized up front (unsafe mode, static allow,
	// or a grant). False for sandbox auto-allows and headless prompts.
	PermissionGranted *bool `json:"permissionGranted,omitempty"`
	// PermissionMode is the run's permission mode.
	PermissionMode *PermissionMode `json:"permissionMode,omitempty"`
	// Autonomy is the `--auto` value exec was given (default `low`; `member` is accepted but
	// undocumented).
	Autonomy *Autonomy `json:"autonomy,omitempty"`
	// SideEffect is the tool's raw side effect (not the reduced tool_call set).
	SideEffect *SideEffect `json:"sideEffect,omitempty"`
	// Reason reports why the sandbox decided this way; empty reasons are omitted.
	Reason *string `json:"reason,omitempty"`
	// DecisionReason holds the reason from the approval flow; usually omitted in exec.
	DecisionReason *string `json:"decisionReason,omitempty"`
	// Risk holds the risk assessment of the call.
	Risk *Risk `json:"risk,omitempty"`
	// Violation is the sandbox violation behind a deny or a promptable path check.
	Violation *Violation `json:"violation,omitempty"`
	// GrantMatched is present (and true) only when a persistent or session grant matched.
	GrantMatched *bool `json:"grantMatched,omitempty"`
	// Grant is the grant that matched, when one did.
	Grant *Grant `json:"grant,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
	wire.Origin
}

// Type is always "permission_request".
func (*PermissionRequestEvent) Type() string { return "permission_request" }

// SchemaVersion is always 1.
func (*PermissionRequestEvent) SchemaVersion() int { return SchemaVersion }

func (*PermissionRequestEvent) isOutputEvent() {}

// GetRunID returns RunID, or "" for a nil *PermissionRequestEvent.
func (e *PermissionRequestEvent) GetRunID() (v string) {
	if e != nil {
		v = e.RunID
	}
	return v
}

// GetSessionID returns SessionID, or "" when it is absent.
func (e *PermissionRequestEvent) GetSessionID() (v string) {
	if e != nil && e.SessionID != nil {
		v = *e.SessionID
	}
	return v
}

// GetID returns ID, or "" when it is absent.
func (e *PermissionRequestEvent) GetID() (v string) {
	if e != nil && e.ID != nil {
		v = *e.ID
	}
	return v
}

// GetName returns Name, or "" when it is absent.
func (e *PermissionRequestEvent) GetName() (v string) {
	if e != nil && e.Name != nil {
		v = *e.Name
	}
	return v
}

// GetAction returns Action, or "" when it is absent.
func (e *PermissionRequestEvent) GetAction() (v PermissionRequestAction) {
	if e != nil && e.Action != nil {
		v = *e.Action
	}
	return v
}

// GetPermission returns Permission, or "" when it is absent.
func (e *PermissionRequestEvent) GetPermission() (v Permission) {
	if e != nil && e.Permission != nil {
		v = *e.Permission
	}
	return v
}

// GetPermissionGranted returns PermissionGranted, or false when it is absent.
func (e *PermissionRequestEvent) GetPermissionGranted() (v bool) {
	if e != nil && e.PermissionGranted != nil {
		v = *e.PermissionGranted
	}
	return v
}

// GetPermissionMode returns PermissionMode, or "" when it is absent.
func (e *PermissionRequestEvent) GetPermissionMode() (v PermissionMode) {
	if e != nil && e.PermissionMode != nil {
		v = *e.PermissionMode
	}
	return v
}

// GetAutonomy returns Autonomy, or "" when it is absent.
func (e *PermissionRequestEvent) GetAutonomy() (v Autonomy) {
	if e != nil && e.Autonomy != nil {
		v = *e.Autonomy
	}
	return v
}

// GetSideEffect returns SideEffect, or "" when it is absent.
func (e *PermissionRequestEvent) GetSideEffect() (v SideEffect) {
	if e != nil && e.SideEffect != nil {
		v = *e.SideEffect
	}
	return v
}

// GetReason returns Reason, or "" when it is absent.
func (e *PermissionRequestEvent) GetReason() (v string) {
	if e != nil && e.Reason != nil {
		v = *e.Reason
	}
	return v
}

// GetDecisionReason returns DecisionReason, or "" when it is absent.
func (e *PermissionRequestEvent) GetDecisionReason() (v string) {
	if e != nil && e.DecisionReason != nil {
		v = *e.DecisionReason
	}
	return v
}

// GetRisk returns Risk, or nil when it is absent.
func (e *PermissionRequestEvent) GetRisk() *Risk {
	if e == nil {
		return nil
	}
	return e.Risk
}

// GetViolation returns Violation, or nil when it is absent.
func (e *PermissionRequestEvent) GetViolation() *Violation {
	if e == nil {
		return nil
	}
	return e.Violation
}

// GetGrantMatched returns GrantMatched, or false when it is absent.
func (e *PermissionRequestEvent) GetGrantMatched() (v bool) {
	if e != nil && e.GrantMatched != nil {
		v = *e.GrantMatched
	}
	return v
}

// GetGrant returns Grant, or nil when it is absent.
func (e *PermissionRequestEvent) GetGrant() *Grant {
	if e == nil {
		return nil
	}
	return e.Grant
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e PermissionRequestEvent) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.Int("schemaVersion", 1)
	w.String("type", "permission_request")
	w.String("runId", e.RunID)
	wire.Optional(&w, "sessionId", e.SessionID, (*wire.Writer).String)
	wire.Optional(&w, "id", e.ID, (*wire.Writer).String)
	wire.Optional(&w, "name", e.Name, (*wire.Writer).String)
	wire.Optional(&w, "action", e.Action, wire.Enum[PermissionRequestAction])
	wire.Optional(&w, "permission", e.Permission, wire.Enum[Permission])
	wire.Optional(&w, "permissionGranted", e.PermissionGranted, (*wire.Writer).Bool)
	wire.Optional(&w, "permissionMode", e.PermissionMode, wire.Enum[PermissionMode])
	wire.Optional(&w, "autonomy", e.Autonomy, wire.Enum[Autonomy])
	wire.Optional(&w, "sideEffect", e.SideEffect, wire.Enum[SideEffect])
	wire.Optional(&w, "reason", e.Reason, (*wire.Writer).String)
	wire.Optional(&w, "decisionReason", e.DecisionReason, (*wire.Writer).String)
	wire.Optional(&w, "risk", e.Risk, wire.Any[Risk])
	wire.Optional(&w, "violation", e.Violation, wire.Any[Violation])
	wire.Optional(&w, "grantMatched", e.GrantMatched, (*wire.Writer).Bool)
	wire.Optional(&w, "grant", e.Grant, wire.Any[Grant])
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodePermissionRequestEvent))
}

// UnmarshalJSON decodes one PermissionRequestEvent with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *PermissionRequestEvent) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalEvent(data, SchemaVersion, "permission_request", e, decodePermissionRequestEvent)
}

var permissionRequestEventFields = []string{"schemaVersion", "type", "runId", "sessionId", "id", "name", "action", "permission", "permissionGranted", "permissionMode", "autonomy", "sideEffect", "reason", "decisionReason", "risk", "violation", "grantMatched", "grant"}

func decodePermissionRequestEvent(d *wire.Decoder, obj []byte, e *PermissionRequestEvent) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "schemaVersion":
			seen |= 1 << 0
			err = wire.ConstInt(m.Value, 1)
		case "type":
			seen |= 1 << 1
			err = wire.ConstString(m.Value, "permission_request")
		case "runId":
			seen |= 1 << 2
			err = readRunID(d, m.Value, &e.RunID)
		case "sessionId":
			err = wire.ReadOptional(d, m.Value, &e.SessionID, wire.ReadString)
		case "id":
			err = wire.ReadOptional(d, m.Value, &e.ID, wire.ReadString)
		case "name":
			err = wire.ReadOptional(d, m.Value, &e.Name, wire.ReadString)
		case "action":
			err = wire.ReadOptional(d, m.Value, &e.Action, readPermissionRequestAction)
		case "permission":
			err = wire.ReadOptional(d, m.Value, &e.Permission, readPermission)
		case "permissionGranted":
			err = wire.ReadOptional(d, m.Value, &e.PermissionGranted, wire.ReadBool)
		case "permissionMode":
			err = wire.ReadOptional(d, m.Value, &e.PermissionMode, readPermissionMode)
		case "autonomy":
			err = wire.ReadOptional(d, m.Value, &e.Autonomy, readAutonomy)
		case "sideEffect":
			err = wire.ReadOptional(d, m.Value, &e.SideEffect, readSideEffect)
		case "reason":
			err = wire.ReadOptional(d, m.Value, &e.Reason, wire.ReadString)
		case "decisionReason":
			err = wire.ReadOptional(d, m.Value, &e.DecisionReason, wire.ReadString)
		case "risk":
			err = wire.ReadOptional(d, m.Value, &e.Risk, decodeRisk)
		case "violation":
			err = wire.ReadOptional(d, m.Value, &e.Violation, decodeViolation)
		case "grantMatched":
			err = wire.ReadOptional(d, m.Value, &e.GrantMatched, wire.ReadBool)
		case "grant":
			err = wire.ReadOptional(d, m.Value, &e.Grant, decodeGrant)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b111, permissionRequestEventFields); err != nil {
		return err
	}
	return nil
}

// PermissionDecisionEvent is the `permission_decision` output event (Permission decision). The
// sandbox allowed or denied a call.
type PermissionDecisionEvent struct {
	// RunID holds the identifier of the run; the same on every event of one run. The binary generates
	// `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId"`
	// SessionID holds the zero session id (`zero_<14 digits>_<unixnano>_<n>` when generated).
	SessionID *string `json:"sessionId,omitempty"`
	// ID holds the id of the tool call this permission event belongs to.
	ID *string `json:"id,omitempty"`
	// Name holds the tool name.
	Name *string `json:"name,omitempty"`
	// Action holds the sandbox action that was taken.
	Action *PermissionDecisionAction `json:"action,omitempty"`
	// Permission is the tool's static permission.
	Permission *Permission `json:"permission,omitempty"`
	// PermissionGranted reports whether the call was authorized up front (unsafe mode, static allow,
	// or a grant). False for sandbox auto-allows and headless prompts.
	PermissionGranted *bool `json:"permissionGranted,omitempty"`
	// PermissionMode is the run's permission mode.
	PermissionMode *PermissionMode `json:"permissionMode,omitempty"`
	// Autonomy is the `--auto` value exec was given (default `low`; `member` is accepted but
	// undocumented).
	Autonomy *Autonomy `json:"autonomy,omitempty"`
	// SideEffect is the tool's raw side effect (not the reduced tool_call set).
	SideEffect *SideEffect `json:"sideEffect,omitempty"`
	// Reason reports why the sandbox decided this way; empty reasons are omitted.
	Reason *string `json:"reason,omitempty"`
	// DecisionReason holds the reason from the approval flow; usually omitted in exec.
	DecisionReason *string `json:"decisionReason,omitempty"`
	// Risk holds the risk assessment of the call.
	Risk *Risk `json:"risk,omitempty"`
	// Violation is the sandbox violation behind a deny or a promptable path check.
	Violation *Violation `json:"violation,omitempty"`
	// GrantMatched is present (and true) only when a persistent or session grant matched.
	GrantMatched *bool `json:"grantMatched,omitempty"`
	// Grant is the grant that matched, when one did.
	Grant *Grant `json:"grant,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
	wire.Origin
}

// Type is always "permission_decision".
func (*PermissionDecisionEvent) Type() string { return "permission_decision" }

// SchemaVersion is always 1.
func (*PermissionDecisionEvent) SchemaVersion() int { return SchemaVersion }

func (*PermissionDecisionEvent) isOutputEvent() {}

// GetRunID returns RunID, or "" for a nil *PermissionDecisionEvent.
func (e *PermissionDecisionEvent) GetRunID() (v string) {
	if e != nil {
		v = e.RunID
	}
	return v
}

// GetSessionID returns SessionID, or "" when it is absent.
func (e *PermissionDecisionEvent) GetSessionID() (v string) {
	if e != nil && e.SessionID != nil {
		v = *e.SessionID
	}
	return v
}

// GetID returns ID, or "" when it is absent.
func (e *PermissionDecisionEvent) GetID() (v string) {
	if e != nil && e.ID != nil {
		v = *e.ID
	}
	return v
}

// GetName returns Name, or "" when it is absent.
func (e *PermissionDecisionEvent) GetName() (v string) {
	if e != nil && e.Name != nil {
		v = *e.Name
	}
	return v
}

// GetAction returns Action, or "" when it is absent.
func (e *PermissionDecisionEvent) GetAction() (v PermissionDecisionAction) {
	if e != nil && e.Action != nil {
		v = *e.Action
	}
	return v
}

// GetPermission returns Permission, or "" when it is absent.
func (e *PermissionDecisionEvent) GetPermission() (v Permission) {
	if e != nil && e.Permission != nil {
		v = *e.Permission
	}
	return v
}

// GetPermissionGranted returns PermissionGranted, or false when it is absent.
func (e *PermissionDecisionEvent) GetPermissionGranted() (v bool) {
	if e != nil && e.PermissionGranted != nil {
		v = *e.PermissionGranted
	}
	return v
}

// GetPermissionMode returns PermissionMode, or "" when it is absent.
func (e *PermissionDecisionEvent) GetPermissionMode() (v PermissionMode) {
	if e != nil && e.PermissionMode != nil {
		v = *e.PermissionMode
	}
	return v
}

// GetAutonomy returns Autonomy, or "" when it is absent.
func (e *PermissionDecisionEvent) GetAutonomy() (v Autonomy) {
	if e != nil && e.Autonomy != nil {
		v = *e.Autonomy
	}
	return v
}

// GetSideEffect returns SideEffect, or "" when it is absent.
func (e *PermissionDecisionEvent) GetSideEffect() (v SideEffect) {
	if e != nil && e.SideEffect != nil {
		v = *e.SideEffect
	}
	return v
}

// GetReason returns Reason, or "" when it is absent.
func (e *PermissionDecisionEvent) GetReason() (v string) {
	if e != nil && e.Reason != nil {
		v = *e.Reason
	}
	return v
}

// GetDecisionReason returns DecisionReason, or "" when it is absent.
func (e *PermissionDecisionEvent) GetDecisionReason() (v string) {
	if e != nil && e.DecisionReason != nil {
		v = *e.DecisionReason
	}
	return v
}

// GetRisk returns Risk, or nil when it is absent.
func (e *PermissionDecisionEvent) GetRisk() *Risk {
	if e == nil {
		return nil
	}
	return e.Risk
}

// GetViolation returns Violation, or nil when it is absent.
func (e *PermissionDecisionEvent) GetViolation() *Violation {
	if e == nil {
		return nil
	}
	return e.Violation
}

// GetGrantMatched returns GrantMatched, or false when it is absent.
func (e *PermissionDecisionEvent) GetGrantMatched() (v bool) {
	if e != nil && e.GrantMatched != nil {
		v = *e.GrantMatched
	}
	return v
}

// GetGrant returns Grant, or nil when it is absent.
func (e *PermissionDecisionEvent) GetGrant() *Grant {
	if e == nil {
		return nil
	}
	return e.Grant
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e PermissionDecisionEvent) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.Int("schemaVersion", 1)
	w.String("type", "permission_decision")
	w.String("runId", e.RunID)
	wire.Optional(&w, "sessionId", e.SessionID, (*wire.Writer).String)
	wire.Optional(&w, "id", e.ID, (*wire.Writer).String)
	wire.Optional(&w, "name", e.Name, (*wire.Writer).String)
	wire.Optional(&w, "action", e.Action, wire.Enum[PermissionDecisionAction])
	wire.Optional(&w, "permission", e.Permission, wire.Enum[Permission])
	wire.Optional(&w, "permissionGranted", e.PermissionGranted, (*wire.Writer).Bool)
	wire.Optional(&w, "permissionMode", e.PermissionMode, wire.Enum[PermissionMode])
	wire.Optional(&w, "autonomy", e.Autonomy, wire.Enum[Autonomy])
	wire.Optional(&w, "sideEffect", e.SideEffect, wire.Enum[SideEffect])
	wire.Optional(&w, "reason", e.Reason, (*wire.Writer).String)
	wire.Optional(&w, "decisionReason", e.DecisionReason, (*wire.Writer).String)
	wire.Optional(&w, "risk", e.Risk, wire.Any[Risk])
	wire.Optional(&w, "violation", e.Violation, wire.Any[Violation])
	wire.Optional(&w, "grantMatched", e.GrantMatched, (*wire.Writer).Bool)
	wire.Optional(&w, "grant", e.Grant, wire.Any[Grant])
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodePermissionDecisionEvent))
}

// UnmarshalJSON decodes one PermissionDecisionEvent with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *PermissionDecisionEvent) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalEvent(data, SchemaVersion, "permission_decision", e, decodePermissionDecisionEvent)
}

var permissionDecisionEventFields = []string{"schemaVersion", "type", "runId", "sessionId", "id", "name", "action", "permission", "permissionGranted", "permissionMode", "autonomy", "sideEffect", "reason", "decisionReason", "risk", "violation", "grantMatched", "grant"}

func decodePermissionDecisionEvent(d *wire.Decoder, obj []byte, e *PermissionDecisionEvent) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "schemaVersion":
			seen |= 1 << 0
			err = wire.ConstInt(m.Value, 1)
		case "type":
			seen |= 1 << 1
			err = wire.ConstString(m.Value, "permission_decision")
		case "runId":
			seen |= 1 << 2
			err = readRunID(d, m.Value, &e.RunID)
		case "sessionId":
			err = wire.ReadOptional(d, m.Value, &e.SessionID, wire.ReadString)
		case "id":
			err = wire.ReadOptional(d, m.Value, &e.ID, wire.ReadString)
		case "name":
			err = wire.ReadOptional(d, m.Value, &e.Name, wire.ReadString)
		case "action":
			err = wire.ReadOptional(d, m.Value, &e.Action, readPermissionDecisionAction)
		case "permission":
			err = wire.ReadOptional(d, m.Value, &e.Permission, readPermission)
		case "permissionGranted":
			err = wire.ReadOptional(d, m.Value, &e.PermissionGranted, wire.ReadBool)
		case "permissionMode":
			err = wire.ReadOptional(d, m.Value, &e.PermissionMode, readPermissionMode)
		case "autonomy":
			err = wire.ReadOptional(d, m.Value, &e.Autonomy, readAutonomy)
		case "sideEffect":
			err = wire.ReadOptional(d, m.Value, &e.SideEffect, readSideEffect)
		case "reason":
			err = wire.ReadOptional(d, m.Value, &e.Reason, wire.ReadString)
		case "decisionReason":
			err = wire.ReadOptional(d, m.Value, &e.DecisionReason, wire.ReadString)
		case "risk":
			err = wire.ReadOptional(d, m.Value, &e.Risk, decodeRisk)
		case "violation":
			err = wire.ReadOptional(d, m.Value, &e.Violation, decodeViolation)
		case "grantMatched":
			err = wire.ReadOptional(d, m.Value, &e.GrantMatched, wire.ReadBool)
		case "grant":
			err = wire.ReadOptional(d, m.Value, &e.Grant, decodeGrant)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b111, permissionDecisionEventFields); err != nil {
		return err
	}
	return nil
}

// ToolResultEvent is the `tool_result` output event (Tool result). Result of a tool call. Denials
// are `error` results; there is no denied status.
type ToolResultEvent struct {
	// RunID holds the identifier of the run; the same on every event of one run. The binary generates
	// `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId"`
	// ID holds the id of the tool call this result belongs to.
	ID *string `json:"id,omitempty"`
	// Name holds the tool name.
	Name *string `json:"name,omitempty"`
	// Status reports whether the tool succeeded.
	Status ToolResultStatus `json:"status"`
	// Output holds the raw tool output, cut to 10 KiB with a `\n[truncated]` marker; omitted when
	// empty.
	Output *string `json:"output,omitempty"`
	// Truncated reports whether the output was truncated by the 10 KiB cut.
	Truncated bool `json:"truncated"`
	// Redacted is present (and true) only when the tool-boundary redactor changed something.
	Redacted *bool `json:"redacted,omitempty"`
	// ChangedFiles holds the files the tool changed.
	ChangedFiles []string `json:"changedFiles,omitempty"`
	// Meta holds the tool metadata, string to string (e.g. `raw_bytes`, `permission_action`).
	Meta map[string]string `json:"meta,omitempty"`
	// Display holds the human-facing summary of the result.
	Display *Display `json:"display,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
	wire.Origin
}

// Type is always "tool_result".
func (*ToolResultEvent) Type() string { return "tool_result" }

// SchemaVersion is always 1.
func (*ToolResultEvent) SchemaVersion() int { return SchemaVersion }

func (*ToolResultEvent) isOutputEvent() {}

// GetRunID returns RunID, or "" for a nil *ToolResultEvent.
func (e *ToolResultEvent) GetRunID() (v string) {
	if e != nil {
		v = e.RunID
	}
	return v
}

// GetID returns ID, or "" when it is absent.
func (e *ToolResultEvent) GetID() (v string) {
	if e != nil && e.ID != nil {
		v = *e.ID
	}
	return v
}

// GetName returns Name, or "" when it is absent.
func (e *ToolResultEvent) GetName() (v string) {
	if e != nil && e.Name != nil {
		v = *e.Name
	}
	return v
}

// GetStatus returns Status, or "" for a nil *ToolResultEvent.
func (e *ToolResultEvent) GetStatus() (v ToolResultStatus) {
	if e != nil {
		v = e.Status
	}
	return v
}

// GetOutput returns Output, or "" when it is absent.
func (e *ToolResultEvent) GetOutput() (v string) {
	if e != nil && e.Output != nil {
		v = *e.Output
	}
	return v
}

// GetTruncated returns Truncated, or false for a nil *ToolResultEvent.
func (e *ToolResultEvent) GetTruncated() (v bool) {
	if e != nil {
		v = e.Truncated
	}
	return v
}

// GetRedacted returns Redacted, or false when it is absent.
func (e *ToolResultEvent) GetRedacted() (v bool) {
	if e != nil && e.Redacted != nil {
		v = *e.Redacted
	}
	return v
}

// GetChangedFiles returns ChangedFiles, or nil when it is absent.
func (e *ToolResultEvent) GetChangedFiles() []string {
	if e == nil {
		return nil
	}
	return e.ChangedFiles
}

// GetMeta returns Meta, or nil when it is absent.
func (e *ToolResultEvent) GetMeta() map[string]string {
	if e == nil {
		return nil
	}
	return e.Meta
}

// GetDisplay returns Display, or nil when it is absent.
func (e *ToolResultEvent) GetDisplay() *Display {
	if e == nil {
		return nil
	}
	return e.Display
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e ToolResultEvent) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.Int("schemaVersion", 1)
	w.String("type", "tool_result")
	w.String("runId", e.RunID)
	wire.Optional(&w, "id", e.ID, (*wire.Writer).String)
	wire.Optional(&w, "name", e.Name, (*wire.Writer).String)
	w.String("status", string(e.Status))
	wire.Optional(&w, "output", e.Output, (*wire.Writer).String)
	w.Bool("truncated", e.Truncated)
	wire.Optional(&w, "redacted", e.Redacted, (*wire.Writer).Bool)
	if e.ChangedFiles != nil {
		w.Value("changedFiles", e.ChangedFiles)
	}
	if e.Meta != nil {
		w.Value("meta", e.Meta)
	}
	wire.Optional(&w, "display", e.Display, wire.Any[Display])
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodeToolResultEvent))
}

// UnmarshalJSON decodes one ToolResultEvent with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *ToolResultEvent) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalEvent(data, SchemaVersion, "tool_result", e, decodeToolResultEvent)
}

var toolResultEventFields = []string{"schemaVersion", "type", "runId", "id", "name", "status", "output", "truncated", "redacted", "changedFiles", "meta", "display"}

func decodeToolResultEvent(d *wire.Decoder, obj []byte, e *ToolResultEvent) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "schemaVersion":
			seen |= 1 << 0
			err = wire.ConstInt(m.Value, 1)
		case "type":
			seen |= 1 << 1
			err = wire.ConstString(m.Value, "tool_result")
		case "runId":
			seen |= 1 << 2
			err = readRunID(d, m.Value, &e.RunID)
		case "id":
			err = wire.ReadOptional(d, m.Value, &e.ID, wire.ReadString)
		case "name":
			err = wire.ReadOptional(d, m.Value, &e.Name, wire.ReadString)
		case "status":
			seen |= 1 << 5
			err = readToolResultStatus(d, m.Value, &e.Status)
		case "output":
			err = wire.ReadOptional(d, m.Value, &e.Output, wire.ReadString)
		case "truncated":
			seen |= 1 << 7
			err = wire.ReadBool(d, m.Value, &e.Truncated)
		case "redacted":
			err = wire.ReadOptional(d, m.Value, &e.Redacted, wire.ReadBool)
		case "changedFiles":
			err = readStringList(d, m.Value, &e.ChangedFiles)
		case "meta":
			err = readStringMap(d, m.Value, &e.Meta)
		case "display":
			err = wire.ReadOptional(d, m.Value, &e.Display, decodeDisplay)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b10100111, toolResultEventFields); err != nil {
		return err
	}
	return nil
}

// RestoreEvent is the `restore` output event (Restore). A checkpoint restore was applied. Declared
// but never emitted by exec.
type RestoreEvent struct {
	// RunID holds the identifier of the run; the same on every event of one run. The binary generates
	// `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId"`
	// Checkpoint reports what was restored.
	Checkpoint *CheckpointInfo `json:"checkpoint,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
	wire.Origin
}

// Type is always "restore".
func (*RestoreEvent) Type() string { return "restore" }

// SchemaVersion is always 1.
func (*RestoreEvent) SchemaVersion() int { return SchemaVersion }

func (*RestoreEvent) isOutputEvent() {}

// GetRunID returns RunID, or "" for a nil *RestoreEvent.
func (e *RestoreEvent) GetRunID() (v string) {
	if e != nil {
		v = e.RunID
	}
	return v
}

// GetCheckpoint returns Checkpoint, or nil when it is absent.
func (e *RestoreEvent) GetCheckpoint() *CheckpointInfo {
	if e == nil {
		return nil
	}
	return e.Checkpoint
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e RestoreEvent) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.Int("schemaVersion", 1)
	w.String("type", "restore")
	w.String("runId", e.RunID)
	wire.Optional(&w, "checkpoint", e.Checkpoint, wire.Any[CheckpointInfo])
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodeRestoreEvent))
}

// UnmarshalJSON decodes one RestoreEvent with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *RestoreEvent) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalEvent(data, SchemaVersion, "restore", e, decodeRestoreEvent)
}

var restoreEventFields = []string{"schemaVersion", "type", "runId", "checkpoint"}

func decodeRestoreEvent(d *wire.Decoder, obj []byte, e *RestoreEvent) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "schemaVersion":
			seen |= 1 << 0
			err = wire.ConstInt(m.Value, 1)
		case "type":
			seen |= 1 << 1
			err = wire.ConstString(m.Value, "restore")
		case "runId":
			seen |= 1 << 2
			err = readRunID(d, m.Value, &e.RunID)
		case "checkpoint":
			err = wire.ReadOptional(d, m.Value, &e.Checkpoint, decodeCheckpointInfo)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b111, restoreEventFields); err != nil {
		return err
	}
	return nil
}

// UsageEvent is the `usage` output event (Token usage). Token counts of one model request (not
// running totals), sent when that request's stream ends.
type UsageEvent struct {
	// RunID holds the identifier of the run; the same on every event of one run. The binary generates
	// `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId"`
	// PromptTokens holds the input tokens of the request. At most 2^53-1, so every client holds it
	// exactly.
	PromptTokens int64 `json:"promptTokens"`
	// CompletionTokens holds the output tokens of the request. At most 2^53-1, so every client holds
	// it exactly.
	CompletionTokens int64 `json:"completionTokens"`
	// TotalTokens holds the sum of prompt and completion tokens. At most 2^53-1, so every client holds
	// it exactly.
	TotalTokens int64 `json:"totalTokens"`
	// CostUsd holds the cost in US dollars; declared but never set by exec.
	CostUsd *float64 `json:"costUsd,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
	wire.Origin
}

// Type is always "usage".
func (*UsageEvent) Type() string { return "usage" }

// SchemaVersion is always 1.
func (*UsageEvent) SchemaVersion() int { return SchemaVersion }

func (*UsageEvent) isOutputEvent() {}

// GetRunID returns RunID, or "" for a nil *UsageEvent.
func (e *UsageEvent) GetRunID() (v string) {
	if e != nil {
		v = e.RunID
	}
	return v
}

// GetPromptTokens returns PromptTokens, or 0 for a nil *UsageEvent.
func (e *UsageEvent) GetPromptTokens() (v int64) {
	if e != nil {
		v = e.PromptTokens
	}
	return v
}

// GetCompletionTokens returns CompletionTokens, or 0 for a nil *UsageEvent.
func (e *UsageEvent) GetCompletionTokens() (v int64) {
	if e != nil {
		v = e.CompletionTokens
	}
	return v
}

// GetTotalTokens returns TotalTokens, or 0 for a nil *UsageEvent.
func (e *UsageEvent) GetTotalTokens() (v int64) {
	if e != nil {
		v = e.TotalTokens
	}
	return v
}

// GetCostUsd returns CostUsd, or 0 when it is absent.
func (e *UsageEvent) GetCostUsd() (v float64) {
	if e != nil && e.CostUsd != nil {
		v = *e.CostUsd
	}
	return v
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e UsageEvent) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.Int("schemaVersion", 1)
	w.String("type", "usage")
	w.String("runId", e.RunID)
	w.Int("promptTokens", e.PromptTokens)
	w.Int("completionTokens", e.CompletionTokens)
	w.Int("totalTokens", e.TotalTokens)
	wire.Optional(&w, "costUsd", e.CostUsd, wire.Any[float64])
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodeUsageEvent))
}

// UnmarshalJSON decodes one UsageEvent with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *UsageEvent) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalEvent(data, SchemaVersion, "usage", e, decodeUsageEvent)
}

var usageEventFields = []string{"schemaVersion", "type", "runId", "promptTokens", "completionTokens", "totalTokens", "costUsd"}

func decodeUsageEvent(d *wire.Decoder, obj []byte, e *UsageEvent) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "schemaVersion":
			seen |= 1 << 0
			err = wire.ConstInt(m.Value, 1)
		case "type":
			seen |= 1 << 1
			err = wire.ConstString(m.Value, "usage")
		case "runId":
			seen |= 1 << 2
			err = readRunID(d, m.Value, &e.RunID)
		case "promptTokens":
			seen |= 1 << 3
			err = readCount(d, m.Value, &e.PromptTokens)
		case "completionTokens":
			seen |= 1 << 4
			err = readCount(d, m.Value, &e.CompletionTokens)
		case "totalTokens":
			seen |= 1 << 5
			err = readCount(d, m.Value, &e.TotalTokens)
		case "costUsd":
			err = wire.ReadOptional(d, m.Value, &e.CostUsd, wire.ReadFloat)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b111111, usageEventFields); err != nil {
		return err
	}
	return nil
}

// FinalEvent is the `final` output event (Final answer). The last turn's answer, sent exactly once
// on success (and before the error on an incomplete run).
type FinalEvent struct {
	// RunID holds the identifier of the run; the same on every event of one run. The binary generates
	// `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId"`
	// Text is the final answer; omitted when empty.
	Text *string `json:"text,omitempty"`
	// Meta holds the spec-draft details (`status`, `stopReason`, `specId`, ...); only with
	// `--use-spec`.
	Meta map[string]string `json:"meta,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
	wire.Origin
}

// Type is always "final".
func (*FinalEvent) Type() string { return "final" }

// SchemaVersion is always 1.
func (*FinalEvent) SchemaVersion() int { return SchemaVersion }

func (*FinalEvent) isOutputEvent() {}

// GetRunID returns RunID, or "" for a nil *FinalEvent.
func (e *FinalEvent) GetRunID() (v string) {
	if e != nil {
		v = e.RunID
	}
	return v
}

// GetText returns Text, or "" when it is absent.
func (e *FinalEvent) GetText() (v string) {
	if e != nil && e.Text != nil {
		v = *e.Text
	}
	return v
}

// GetMeta returns Meta, or nil when it is absent.
func (e *FinalEvent) GetMeta() map[string]string {
	if e == nil {
		return nil
	}
	return e.Meta
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e FinalEvent) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.Int("schemaVersion", 1)
	w.String("type", "final")
	w.String("runId", e.RunID)
	wire.Optional(&w, "text", e.Text, (*wire.Writer).String)
	if e.Meta != nil {
		w.Value("meta", e.Meta)
	}
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodeFinalEvent))
}

// UnmarshalJSON decodes one FinalEvent with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *FinalEvent) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalEvent(data, SchemaVersion, "final", e, decodeFinalEvent)
}

var finalEventFields = []string{"schemaVersion", "type", "runId", "text", "meta"}

func decodeFinalEvent(d *wire.Decoder, obj []byte, e *FinalEvent) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "schemaVersion":
			seen |= 1 << 0
			err = wire.ConstInt(m.Value, 1)
		case "type":
			seen |= 1 << 1
			err = wire.ConstString(m.Value, "final")
		case "runId":
			seen |= 1 << 2
			err = readRunID(d, m.Value, &e.RunID)
		case "text":
			err = wire.ReadOptional(d, m.Value, &e.Text, wire.ReadString)
		case "meta":
			err = readStringMap(d, m.Value, &e.Meta)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b111, finalEventFields); err != nil {
		return err
	}
	return nil
}

// WarningEvent is the `warning` output event (Warning). A non-fatal notice: unsafe mode, a
// truncated response, or scratch files left behind.
type WarningEvent struct {
	// RunID holds the identifier of the run; the same on every event of one run. The binary generates
	// `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId"`
	// Message is the warning text.
	Message *string `json:"message,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
	wire.Origin
}

// Type is always "warning".
func (*WarningEvent) Type() string { return "warning" }

// SchemaVersion is always 1.
func (*WarningEvent) SchemaVersion() int { return SchemaVersion }

func (*WarningEvent) isOutputEvent() {}

// GetRunID returns RunID, or "" for a nil *WarningEvent.
func (e *WarningEvent) GetRunID() (v string) {
	if e != nil {
		v = e.RunID
	}
	return v
}

// GetMessage returns Message, or "" when it is absent.
func (e *WarningEvent) GetMessage() (v string) {
	if e != nil && e.Message != nil {
		v = *e.Message
	}
	return v
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e WarningEvent) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.Int("schemaVersion", 1)
	w.String("type", "warning")
	w.String("runId", e.RunID)
	wire.Optional(&w, "message", e.Message, (*wire.Writer).String)
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodeWarningEvent))
}

// UnmarshalJSON decodes one WarningEvent with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *WarningEvent) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalEvent(data, SchemaVersion, "warning", e, decodeWarningEvent)
}

var warningEventFields = []string{"schemaVersion", "type", "runId", "message"}

func decodeWarningEvent(d *wire.Decoder, obj []byte, e *WarningEvent) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "schemaVersion":
			seen |= 1 << 0
			err = wire.ConstInt(m.Value, 1)
		case "type":
			seen |= 1 << 1
			err = wire.ConstString(m.Value, "warning")
		case "runId":
			seen |= 1 << 2
			err = readRunID(d, m.Value, &e.RunID)
		case "message":
			err = wire.ReadOptional(d, m.Value, &e.Message, wire.ReadString)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b111, warningEventFields); err != nil {
		return err
	}
	return nil
}

// ErrorEvent is the `error` output event (Error). A fatal error; always followed by run_end.
type ErrorEvent struct {
	// RunID holds the identifier of the run; the same on every event of one run. The binary generates
	// `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId"`
	// Code holds the error class; decides the exit code.
	Code *ErrorCode `json:"code,omitempty"`
	// Message holds the human-readable error text (redacted).
	Message *string `json:"message,omitempty"`
	// Recoverable reports whether the client may retry; exec always sends false.
	Recoverable bool `json:"recoverable"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
	wire.Origin
}

// Type is always "error".
func (*ErrorEvent) Type() string { return "error" }

// SchemaVersion is always 1.
func (*ErrorEvent) SchemaVersion() int { return SchemaVersion }

func (*ErrorEvent) isOutputEvent() {}

// GetRunID returns RunID, or "" for a nil *ErrorEvent.
func (e *ErrorEvent) GetRunID() (v string) {
	if e != nil {
		v = e.RunID
	}
	return v
}

// GetCode returns Code, or "" when it is absent.
func (e *ErrorEvent) GetCode() (v ErrorCode) {
	if e != nil && e.Code != nil {
		v = *e.Code
	}
	return v
}

// GetMessage returns Message, or "" when it is absent.
func (e *ErrorEvent) GetMessage() (v string) {
	if e != nil && e.Message != nil {
		v = *e.Message
	}
	return v
}

// GetRecoverable returns Recoverable, or false for a nil *ErrorEvent.
func (e *ErrorEvent) GetRecoverable() (v bool) {
	if e != nil {
		v = e.Recoverable
	}
	return v
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e ErrorEvent) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.Int("schemaVersion", 1)
	w.String("type", "error")
	w.String("runId", e.RunID)
	wire.Optional(&w, "code", e.Code, wire.Enum[ErrorCode])
	wire.Optional(&w, "message", e.Message, (*wire.Writer).String)
	w.Bool("recoverable", e.Recoverable)
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodeErrorEvent))
}

// UnmarshalJSON decodes one ErrorEvent with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *ErrorEvent) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalEvent(data, SchemaVersion, "error", e, decodeErrorEvent)
}

var errorEventFields = []string{"schemaVersion", "type", "runId", "code", "message", "recoverable"}

func decodeErrorEvent(d *wire.Decoder, obj []byte, e *ErrorEvent) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "schemaVersion":
			seen |= 1 << 0
			err = wire.ConstInt(m.Value, 1)
		case "type":
			seen |= 1 << 1
			err = wire.ConstString(m.Value, "error")
		case "runId":
			seen |= 1 << 2
			err = readRunID(d, m.Value, &e.RunID)
		case "code":
			err = wire.ReadOptional(d, m.Value, &e.Code, readErrorCode)
		case "message":
			err = wire.ReadOptional(d, m.Value, &e.Message, wire.ReadString)
		case "recoverable":
			seen |= 1 << 5
			err = wire.ReadBool(d, m.Value, &e.Recoverable)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b100111, errorEventFields); err != nil {
		return err
	}
	return nil
}

// RunEndEvent is the `run_end` output event (Run end). Always the last event of a run.
type RunEndEvent struct {
	// RunID holds the identifier of the run; the same on every event of one run. The binary generates
	// `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId"`
	// Status reports how the run ended.
	Status *RunEndStatus `json:"status,omitempty"`
	// ExitCode is the process exit code (0, 2, 3, 130). Between -(2^53-1) and 2^53-1, so every client
	// holds it exactly.
	ExitCode int64 `json:"exitCode"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
	wire.Origin
}

// Type is always "run_end".
func (*RunEndEvent) Type() string { return "run_end" }

// SchemaVersion is always 1.
func (*RunEndEvent) SchemaVersion() int { return SchemaVersion }

func (*RunEndEvent) isOutputEvent() {}

// GetRunID returns RunID, or "" for a nil *RunEndEvent.
func (e *RunEndEvent) GetRunID() (v string) {
	if e != nil {
		v = e.RunID
	}
	return v
}

// GetStatus returns Status, or "" when it is absent.
func (e *RunEndEvent) GetStatus() (v RunEndStatus) {
	if e != nil && e.Status != nil {
		v = *e.Status
	}
	return v
}

// GetExitCode returns ExitCode, or 0 for a nil *RunEndEvent.
func (e *RunEndEvent) GetExitCode() (v int64) {
	if e != nil {
		v = e.ExitCode
	}
	return v
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e RunEndEvent) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.Int("schemaVersion", 1)
	w.String("type", "run_end")
	w.String("runId", e.RunID)
	wire.Optional(&w, "status", e.Status, wire.Enum[RunEndStatus])
	w.Int("exitCode", e.ExitCode)
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodeRunEndEvent))
}

// UnmarshalJSON decodes one RunEndEvent with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *RunEndEvent) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalEvent(data, SchemaVersion, "run_end", e, decodeRunEndEvent)
}

var runEndEventFields = []string{"schemaVersion", "type", "runId", "status", "exitCode"}

func decodeRunEndEvent(d *wire.Decoder, obj []byte, e *RunEndEvent) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "schemaVersion":
			seen |= 1 << 0
			err = wire.ConstInt(m.Value, 1)
		case "type":
			seen |= 1 << 1
			err = wire.ConstString(m.Value, "run_end")
		case "runId":
			seen |= 1 << 2
			err = readRunID(d, m.Value, &e.RunID)
		case "status":
			err = wire.ReadOptional(d, m.Value, &e.Status, readRunEndStatus)
		case "exitCode":
			seen |= 1 << 4
			err = readBoundedInt(d, m.Value, &e.ExitCode)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b10111, runEndEventFields); err != nil {
		return err
	}
	return nil
}

func readStringList(d *wire.Decoder, raw []byte, out *[]string) error {
	return wire.ReadArray(d, raw, out, -1, wire.ReadString)
}

func readBoundedInt(d *wire.Decoder, raw []byte, out *int64) error {
	if err := wire.ReadInt(d, raw, out); err != nil {
		return err
	}
	if err := wire.CheckMinimum(*out, -9007199254740991); err != nil {
		return err
	}
	return wire.CheckMaximum(*out, 9007199254740991)
}

func readData(d *wire.Decoder, raw []byte, out *string) error {
	if err := wire.ReadString(d, raw, out); err != nil {
		return err
	}
	return wire.CheckString(*out, 13981015, pattern0)
}

func readContent(d *wire.Decoder, raw []byte, out *string) error {
	if err := wire.ReadString(d, raw, out); err != nil {
		return err
	}
	return wire.CheckString(*out, -1, pattern1)
}

func readInputImageList(d *wire.Decoder, raw []byte, out *[]InputImage) error {
	return wire.ReadArray(d, raw, out, -1, decodeInputImage)
}

func readRunID(d *wire.Decoder, raw []byte, out *string) error {
	if err := wire.ReadString(d, raw, out); err != nil {
		return err
	}
	return wire.CheckString(*out, -1, pattern2)
}

func readStringMap(d *wire.Decoder, raw []byte, out *map[string]string) error {
	return wire.ReadMap(d, raw, out, wire.ReadString)
}

func readCount(d *wire.Decoder, raw []byte, out *int64) error {
	if err := wire.ReadInt(d, raw, out); err != nil {
		return err
	}
	if err := wire.CheckMinimum(*out, 0); err != nil {
		return err
	}
	return wire.CheckMaximum(*out, 9007199254740991)
}

// Decode decodes one stdout line of schemaVersion 1. Unknown types give an
// *UnknownEvent (after the envelope every output event shares is checked); unknown fields of
// known events are kept in Extra, or rejected with wire.Strict.
func Decode(line []byte, opts ...wire.Option) (OutputEvent, error) {
	h, err := wire.ReadHeader(line)
	if err != nil {
		return nil, err
	}
	if err := h.CheckVersion(SchemaVersion); err != nil {
		return nil, err
	}
	return DecodeOutput(wire.NewDecoder(opts), h)
}

// DecodeOutput decodes an output line of this version whose header wire.ReadHeader read (the
// version registry's entry point).
func DecodeOutput(d *wire.Decoder, h wire.Header) (OutputEvent, error) {
	typ, err := h.TypeBytes()
	if err != nil {
		return nil, err
	}
	switch string(typ) {
	case "run_start":
		return output(d, h.Object, new(RunStartEvent), decodeRunStartEvent)
	case "text":
		return output(d, h.Object, new(TextEvent), decodeTextEvent)
	case "tool_call":
		return output(d, h.Object, new(ToolCallEvent), decodeToolCallEvent)
	case "checkpoint":
		return output(d, h.Object, new(CheckpointEvent), decodeCheckpointEvent)
	case "permission":
		return output(d, h.Object, new(PermissionEvent), decodePermissionEvent)
	case "permission_request":
		return output(d, h.Object, new(PermissionRequestEvent), decodePermissionRequestEvent)
	case "permission_decision":
		return output(d, h.Object, new(PermissionDecisionEvent), decodePermissionDecisionEvent)
	case "tool_result":
		return output(d, h.Object, new(ToolResultEvent), decodeToolResultEvent)
	case "restore":
		return output(d, h.Object, new(RestoreEvent), decodeRestoreEvent)
	case "usage":
		return output(d, h.Object, new(UsageEvent), decodeUsageEvent)
	case "final":
		return output(d, h.Object, new(FinalEvent), decodeFinalEvent)
	case "warning":
		return output(d, h.Object, new(WarningEvent), decodeWarningEvent)
	case "error":
		return output(d, h.Object, new(ErrorEvent), decodeErrorEvent)
	case "run_end":
		return output(d, h.Object, new(RunEndEvent), decodeRunEndEvent)
	}
	e := &UnknownEvent{WireType: string(typ), Raw: wire.RawMembers(h.Object)}
	if raw := wire.Lookup(h.Object, "runId"); raw == nil {
		return nil, wire.Missing("runId")
	} else if err := readRunID(d, raw, &e.RunID); err != nil {
		return nil, wire.Prefix(err, "runId")
	}
	wire.SetOrigin(e, SchemaVersion, nil)
	return e, nil
}

// DecodeInput decodes one stdin line of schemaVersion 1, strictly (as the binary
// does): unknown types and unknown fields are errors.
func DecodeInput(line []byte) (InputEvent, error) {
	h, err := wire.ReadHeader(line)
	if err != nil {
		return nil, err
	}
	if err := h.CheckVersion(SchemaVersion); err != nil {
		return nil, err
	}
	typ, err := h.TypeBytes()
	if err != nil {
		return nil, err
	}
	d := wire.NewDecoder([]wire.Option{wire.Strict})
	switch string(typ) {
	case "prompt":
		return input(d, h.Object, new(PromptInput), decodePromptInput)
	case "message":
		return input(d, h.Object, new(MessageInput), decodeMessageInput)
	}
	return nil, wire.Errorf(wire.UnknownType, "type", "input type must be one of prompt, message")
}

func output[T any, P interface {
	*T
	OutputEvent
}](d *wire.Decoder, obj []byte, e P, decode wire.Reader[T]) (OutputEvent, error) {
	if err := decode(d, obj, e); err != nil {
		return nil, err
	}
	wire.SetOrigin(e, SchemaVersion, nil)
	return e, nil
}

func input[T any, P interface {
	*T
	InputEvent
}](d *wire.Decoder, obj []byte, e P, decode wire.Reader[T]) (InputEvent, error) {
	if err := decode(d, obj, e); err != nil {
		return nil, err
	}
	return e, nil
}
