// GENERATED FILE - DO NOT EDIT.
// Generated from schema/v2.json (schemaVersion 2)
// by `zero-sdk generate --lang go --version 2`.
// Edit the schema and rerun that command instead of editing this file.

// Package v2 holds the typed bindings of the Zero stream-json protocol,
// schemaVersion 2 (Zero stream-json protocol, schemaVersion 2).
//
// Decode reads one stdout line: known types become *XxxEvent structs, unknown types an
// *UnknownEvent that keeps the raw object; unknown fields of known events are kept in Extra
// (or rejected with protocol.Strict). DecodeInput reads one stdin line, strictly. Absent
// optional fields are nil (pointers, slices, maps, json.RawMessage); MarshalJSON writes back
// only present fields plus kept unknown fields. Errors are *protocol.ProtocolError.
package v2

import (
	"encoding/json"
	"regexp"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol"
)

// SchemaVersion is the protocol version of this package.
const SchemaVersion = 2

// Event is implemented by every event of this version, and by *UnknownEvent.
type Event interface {
	// Type is the wire `type` of the event.
	Type() string
	// SchemaVersion is the wire `schemaVersion` of the event.
	SchemaVersion() int
	json.Marshaler
}

// OutputEvent is implemented by the output events of this version and by *UnknownEvent.
type OutputEvent interface {
	Event
	isOutputEvent()
}

// InputEvent is implemented by the input events of this version.
type InputEvent interface {
	Event
	isInputEvent()
}

// UnknownEvent is an output line whose `type` this version does not know. Raw holds the whole
// object; MarshalJSON writes it back.
type UnknownEvent struct {
	WireType string
	RunID    string
	Raw      map[string]json.RawMessage
}

// Type is the wire `type` of the unknown event.
func (e UnknownEvent) Type() string { return e.WireType }

// SchemaVersion is the schemaVersion of this package.
func (e UnknownEvent) SchemaVersion() int { return SchemaVersion }

// MarshalJSON writes the raw object back.
func (e UnknownEvent) MarshalJSON() ([]byte, error) { return json.Marshal(e.Raw) }

func (UnknownEvent) isOutputEvent() {}

var (
	pattern0 = regexp.MustCompile(`^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$`)
	pattern1 = regexp.MustCompile(`[^\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]`)
	pattern2 = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$`)
)

// RiskLevel is the set of values of `Risk.level`.
type RiskLevel string

// Values of RiskLevel.
const (
	RiskLevelLow      RiskLevel = "low"
	RiskLevelMedium   RiskLevel = "medium"
	RiskLevelHigh     RiskLevel = "high"
	RiskLevelCritical RiskLevel = "critical"
)

func decodeRiskLevel(raw []byte) (RiskLevel, error) {
	s, err := protocol.String(raw)
	if err != nil {
		return "", err
	}
	switch s {
	case "low", "medium", "high", "critical":
		return RiskLevel(s), nil
	}
	return "", protocol.Errorf(protocol.BadEnum, "", "%q is not one of low, medium, high, critical", s)
}

// BlockCode is the set of values of `Block.code`.
type BlockCode string

// Values of BlockCode.
const (
	BlockCodeContextCanceled    BlockCode = "context_canceled"
	BlockCodeDeniedPermission   BlockCode = "denied_permission"
	BlockCodeOutsideWorkspace   BlockCode = "outside_workspace"
	BlockCodeSymlinkTraversal   BlockCode = "symlink_traversal"
	BlockCodeNetwork            BlockCode = "network"
	BlockCodeDestructiveCommand BlockCode = "destructive_command"
	BlockCodePersistentDeny     BlockCode = "persistent_deny"
	BlockCodeDenied             BlockCode = "denied"
)

func decodeBlockCode(raw []byte) (BlockCode, error) {
	s, err := protocol.String(raw)
	if err != nil {
		return "", err
	}
	switch s {
	case "context_canceled", "denied_permission", "outside_workspace", "symlink_traversal", "network", "destructive_command", "persistent_deny", "denied":
		return BlockCode(s), nil
	}
	return "", protocol.Errorf(protocol.BadEnum, "", "%q is not one of context_canceled, denied_permission, outside_workspace, symlink_traversal, network, destructive_command, persistent_deny, denied", s)
}

// BlockAction is the set of values of `Block.action`.
type BlockAction string

// Values of BlockAction.
const (
	BlockActionAllow  BlockAction = "allow"
	BlockActionPrompt BlockAction = "prompt"
	BlockActionDeny   BlockAction = "deny"
)

func decodeBlockAction(raw []byte) (BlockAction, error) {
	s, err := protocol.String(raw)
	if err != nil {
		return "", err
	}
	switch s {
	case "allow", "prompt", "deny":
		return BlockAction(s), nil
	}
	return "", protocol.Errorf(protocol.BadEnum, "", "%q is not one of allow, prompt, deny", s)
}

// GrantScopeKind is the set of values of `Grant.scopeKind`.
type GrantScopeKind string

// Values of GrantScopeKind.
const (
	GrantScopeKindFile GrantScopeKind = "file"
	GrantScopeKindDir  GrantScopeKind = "dir"
	GrantScopeKindHost GrantScopeKind = "host"
)

func decodeGrantScopeKind(raw []byte) (GrantScopeKind, error) {
	s, err := protocol.String(raw)
	if err != nil {
		return "", err
	}
	switch s {
	case "file", "dir", "host":
		return GrantScopeKind(s), nil
	}
	return "", protocol.Errorf(protocol.BadEnum, "", "%q is not one of file, dir, host", s)
}

// GrantDecision is the set of values of `Grant.decision`.
type GrantDecision string

// Values of GrantDecision.
const (
	GrantDecisionAllow GrantDecision = "allow"
	GrantDecisionDeny  GrantDecision = "deny"
)

func decodeGrantDecision(raw []byte) (GrantDecision, error) {
	s, err := protocol.String(raw)
	if err != nil {
		return "", err
	}
	switch s {
	case "allow", "deny":
		return GrantDecision(s), nil
	}
	return "", protocol.Errorf(protocol.BadEnum, "", "%q is not one of allow, deny", s)
}

// ToolCallEventSideEffect is the set of values of `ToolCallEvent.sideEffect`.
type ToolCallEventSideEffect string

// Values of ToolCallEventSideEffect.
const (
	ToolCallEventSideEffectRead    ToolCallEventSideEffect = "read"
	ToolCallEventSideEffectWrite   ToolCallEventSideEffect = "write"
	ToolCallEventSideEffectShell   ToolCallEventSideEffect = "shell"
	ToolCallEventSideEffectNetwork ToolCallEventSideEffect = "network"
	ToolCallEventSideEffectNone    ToolCallEventSideEffect = "none"
	ToolCallEventSideEffectUnknown ToolCallEventSideEffect = "unknown"
)

func decodeToolCallEventSideEffect(raw []byte) (ToolCallEventSideEffect, error) {
	s, err := protocol.String(raw)
	if err != nil {
		return "", err
	}
	switch s {
	case "read", "write", "shell", "network", "none", "unknown":
		return ToolCallEventSideEffect(s), nil
	}
	return "", protocol.Errorf(protocol.BadEnum, "", "%q is not one of read, write, shell, network, none, unknown", s)
}

// PermissionEventPermission is the set of values of `PermissionEvent.permission`.
type PermissionEventPermission string

// Values of PermissionEventPermission.
const (
	PermissionEventPermissionAllow  PermissionEventPermission = "allow"
	PermissionEventPermissionPrompt PermissionEventPermission = "prompt"
	PermissionEventPermissionDeny   PermissionEventPermission = "deny"
)

func decodePermissionEventPermission(raw []byte) (PermissionEventPermission, error) {
	s, err := protocol.String(raw)
	if err != nil {
		return "", err
	}
	switch s {
	case "allow", "prompt", "deny":
		return PermissionEventPermission(s), nil
	}
	return "", protocol.Errorf(protocol.BadEnum, "", "%q is not one of allow, prompt, deny", s)
}

// PermissionEventPermissionMode is the set of values of `PermissionEvent.permissionMode`.
type PermissionEventPermissionMode string

// Values of PermissionEventPermissionMode.
const (
	PermissionEventPermissionModeAuto       PermissionEventPermissionMode = "auto"
	PermissionEventPermissionModeAsk        PermissionEventPermissionMode = "ask"
	PermissionEventPermissionModeUnsafe     PermissionEventPermissionMode = "unsafe"
	PermissionEventPermissionModeSpecDraft  PermissionEventPermissionMode = "spec-draft"
	PermissionEventPermissionModePlan       PermissionEventPermissionMode = "plan"
	PermissionEventPermissionModeMemberAuto PermissionEventPermissionMode = "member-auto"
)

func decodePermissionEventPermissionMode(raw []byte) (PermissionEventPermissionMode, error) {
	s, err := protocol.String(raw)
	if err != nil {
		return "", err
	}
	switch s {
	case "auto", "ask", "unsafe", "spec-draft", "plan", "member-auto":
		return PermissionEventPermissionMode(s), nil
	}
	return "", protocol.Errorf(protocol.BadEnum, "", "%q is not one of auto, ask, unsafe, spec-draft, plan, member-auto", s)
}

// PermissionEventAutonomy is the set of values of `PermissionEvent.autonomy`.
type PermissionEventAutonomy string

// Values of PermissionEventAutonomy.
const (
	PermissionEventAutonomyLow    PermissionEventAutonomy = "low"
	PermissionEventAutonomyMedium PermissionEventAutonomy = "medium"
	PermissionEventAutonomyHigh   PermissionEventAutonomy = "high"
	PermissionEventAutonomyMember PermissionEventAutonomy = "member"
)

func decodePermissionEventAutonomy(raw []byte) (PermissionEventAutonomy, error) {
	s, err := protocol.String(raw)
	if err != nil {
		return "", err
	}
	switch s {
	case "low", "medium", "high", "member":
		return PermissionEventAutonomy(s), nil
	}
	return "", protocol.Errorf(protocol.BadEnum, "", "%q is not one of low, medium, high, member", s)
}

// PermissionEventSideEffect is the set of values of `PermissionEvent.sideEffect`.
type PermissionEventSideEffect string

// Values of PermissionEventSideEffect.
const (
	PermissionEventSideEffectRead           PermissionEventSideEffect = "read"
	PermissionEventSideEffectWrite          PermissionEventSideEffect = "write"
	PermissionEventSideEffectShell          PermissionEventSideEffect = "shell"
	PermissionEventSideEffectNetwork        PermissionEventSideEffect = "network"
	PermissionEventSideEffectNone           PermissionEventSideEffect = "none"
	PermissionEventSideEffectLocalControl   PermissionEventSideEffect = "local_control"
	PermissionEventSideEffectLocalBrowser   PermissionEventSideEffect = "local_browser"
	PermissionEventSideEffectLocalDesktop   PermissionEventSideEffect = "local_desktop"
	PermissionEventSideEffectLocalTerminal  PermissionEventSideEffect = "local_terminal"
	PermissionEventSideEffectOutOfWorkspace PermissionEventSideEffect = "out_of_workspace"
)

func decodePermissionEventSideEffect(raw []byte) (PermissionEventSideEffect, error) {
	s, err := protocol.String(raw)
	if err != nil {
		return "", err
	}
	switch s {
	case "read", "write", "shell", "network", "none", "local_control", "local_browser", "local_desktop", "local_terminal", "out_of_workspace":
		return PermissionEventSideEffect(s), nil
	}
	return "", protocol.Errorf(protocol.BadEnum, "", "%q is not one of read, write, shell, network, none, local_control, local_browser, local_desktop, local_terminal, out_of_workspace", s)
}

// PermissionRequestEventAction is the set of values of `PermissionRequestEvent.action`.
type PermissionRequestEventAction string

// Values of PermissionRequestEventAction.
const (
	PermissionRequestEventActionPrompt PermissionRequestEventAction = "prompt"
)

func decodePermissionRequestEventAction(raw []byte) (PermissionRequestEventAction, error) {
	s, err := protocol.String(raw)
	if err != nil {
		return "", err
	}
	switch s {
	case "prompt":
		return PermissionRequestEventAction(s), nil
	}
	return "", protocol.Errorf(protocol.BadEnum, "", "%q is not one of prompt", s)
}

// PermissionDecisionEventAction is the set of values of `PermissionDecisionEvent.action`.
type PermissionDecisionEventAction string

// Values of PermissionDecisionEventAction.
const (
	PermissionDecisionEventActionAllow  PermissionDecisionEventAction = "allow"
	PermissionDecisionEventActionDeny   PermissionDecisionEventAction = "deny"
	PermissionDecisionEventActionCancel PermissionDecisionEventAction = "cancel"
)

func decodePermissionDecisionEventAction(raw []byte) (PermissionDecisionEventAction, error) {
	s, err := protocol.String(raw)
	if err != nil {
		return "", err
	}
	switch s {
	case "allow", "deny", "cancel":
		return PermissionDecisionEventAction(s), nil
	}
	return "", protocol.Errorf(protocol.BadEnum, "", "%q is not one of allow, deny, cancel", s)
}

// ToolResultEventStatus is the set of values of `ToolResultEvent.status`.
type ToolResultEventStatus string

// Values of ToolResultEventStatus.
const (
	ToolResultEventStatusOk    ToolResultEventStatus = "ok"
	ToolResultEventStatusError ToolResultEventStatus = "error"
)

func decodeToolResultEventStatus(raw []byte) (ToolResultEventStatus, error) {
	s, err := protocol.String(raw)
	if err != nil {
		return "", err
	}
	switch s {
	case "ok", "error":
		return ToolResultEventStatus(s), nil
	}
	return "", protocol.Errorf(protocol.BadEnum, "", "%q is not one of ok, error", s)
}

// ErrorEventCode is the set of values of `ErrorEvent.code`.
type ErrorEventCode string

// Values of ErrorEventCode.
const (
	ErrorEventCodeUsageError      ErrorEventCode = "usage_error"
	ErrorEventCodeProviderError   ErrorEventCode = "provider_error"
	ErrorEventCodeSandboxError    ErrorEventCode = "sandbox_error"
	ErrorEventCodeMcpError        ErrorEventCode = "mcp_error"
	ErrorEventCodeSpecialistError ErrorEventCode = "specialist_error"
	ErrorEventCodeInterrupted     ErrorEventCode = "interrupted"
	ErrorEventCodeIncomplete      ErrorEventCode = "incomplete"
)

func decodeErrorEventCode(raw []byte) (ErrorEventCode, error) {
	s, err := protocol.String(raw)
	if err != nil {
		return "", err
	}
	switch s {
	case "usage_error", "provider_error", "sandbox_error", "mcp_error", "specialist_error", "interrupted", "incomplete":
		return ErrorEventCode(s), nil
	}
	return "", protocol.Errorf(protocol.BadEnum, "", "%q is not one of usage_error, provider_error, sandbox_error, mcp_error, specialist_error, interrupted, incomplete", s)
}

// RunEndEventStatus is the set of values of `RunEndEvent.status`.
type RunEndEventStatus string

// Values of RunEndEventStatus.
const (
	RunEndEventStatusSuccess            RunEndEventStatus = "success"
	RunEndEventStatusError              RunEndEventStatus = "error"
	RunEndEventStatusInterrupted        RunEndEventStatus = "interrupted"
	RunEndEventStatusIncomplete         RunEndEventStatus = "incomplete"
	RunEndEventStatusSpecReviewRequired RunEndEventStatus = "spec_review_required"
)

func decodeRunEndEventStatus(raw []byte) (RunEndEventStatus, error) {
	s, err := protocol.String(raw)
	if err != nil {
		return "", err
	}
	switch s {
	case "success", "error", "interrupted", "incomplete", "spec_review_required":
		return RunEndEventStatus(s), nil
	}
	return "", protocol.Errorf(protocol.BadEnum, "", "%q is not one of success, error, interrupted, incomplete, spec_review_required", s)
}

// Risk: Sandbox risk assessment of a tool call.
type Risk struct {
	// Level: Risk level.
	Level RiskLevel `json:"level,omitempty"`
	// Categories: Sorted risk categories (e.g. `write`, `network`, `destructive`).
	Categories []string `json:"categories,omitempty"`
	// Reason: Why this risk level was chosen.
	Reason *string `json:"reason,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e Risk) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 3+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["level"] = e.Level
	if e.Categories != nil {
		m["categories"] = e.Categories
	}
	if e.Reason != nil {
		m["reason"] = *e.Reason
	}
	return json.Marshal(m)
}

func (d decoder) decodeRisk(members []protocol.Member) (*Risk, error) {
	var raw [3][]byte
	var out Risk
	for _, m := range members {
		switch m.Key {
		case "level":
			raw[0] = m.Value
		case "categories":
			raw[1] = m.Value
		case "reason":
			raw[2] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("level")
	}
	{
		v, err := decodeRiskLevel(raw[0])
		if err != nil {
			return nil, protocol.Prefix(err, "level")
		}
		out.Level = v
	}
	if raw[1] != nil {
		v, err := d.r0(raw[1])
		if err != nil {
			return nil, protocol.Prefix(err, "categories")
		}
		out.Categories = v
	}
	if raw[2] != nil {
		v, err := protocol.String(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "reason")
		}
		out.Reason = &v
	}
	return &out, nil
}

// Block: Why the sandbox blocked or held back a call (renamed from Violation in v2).
type Block struct {
	// Code: Block code.
	Code BlockCode `json:"code,omitempty"`
	// ToolName: Tool that was blocked.
	ToolName *string `json:"toolName,omitempty"`
	// Action: `deny` for hard blocks, `prompt` for promptable path checks.
	Action BlockAction `json:"action,omitempty"`
	// Risk: Risk assessment attached to the block.
	Risk Risk `json:"risk,omitempty"`
	// Path: Offending path, for path checks.
	Path *string `json:"path,omitempty"`
	// Reason: Explanation; always present, may be empty.
	Reason string `json:"reason,omitempty"`
	// Recoverable: Whether approval or a grant could lift it.
	Recoverable bool `json:"recoverable,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e Block) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 7+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["code"] = e.Code
	if e.ToolName != nil {
		m["toolName"] = *e.ToolName
	}
	m["action"] = e.Action
	m["risk"] = e.Risk
	if e.Path != nil {
		m["path"] = *e.Path
	}
	m["reason"] = e.Reason
	m["recoverable"] = e.Recoverable
	return json.Marshal(m)
}

func (d decoder) decodeBlock(members []protocol.Member) (*Block, error) {
	var raw [7][]byte
	var out Block
	for _, m := range members {
		switch m.Key {
		case "code":
			raw[0] = m.Value
		case "toolName":
			raw[1] = m.Value
		case "action":
			raw[2] = m.Value
		case "risk":
			raw[3] = m.Value
		case "path":
			raw[4] = m.Value
		case "reason":
			raw[5] = m.Value
		case "recoverable":
			raw[6] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("code")
	}
	{
		v, err := decodeBlockCode(raw[0])
		if err != nil {
			return nil, protocol.Prefix(err, "code")
		}
		out.Code = v
	}
	if raw[1] != nil {
		v, err := protocol.String(raw[1])
		if err != nil {
			return nil, protocol.Prefix(err, "toolName")
		}
		out.ToolName = &v
	}
	if raw[2] == nil {
		return nil, protocol.Missing("action")
	}
	{
		v, err := decodeBlockAction(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "action")
		}
		out.Action = v
	}
	if raw[3] == nil {
		return nil, protocol.Missing("risk")
	}
	{
		v, err := d.r1(raw[3])
		if err != nil {
			return nil, protocol.Prefix(err, "risk")
		}
		out.Risk = v
	}
	if raw[4] != nil {
		v, err := protocol.String(raw[4])
		if err != nil {
			return nil, protocol.Prefix(err, "path")
		}
		out.Path = &v
	}
	if raw[5] == nil {
		return nil, protocol.Missing("reason")
	}
	{
		v, err := protocol.String(raw[5])
		if err != nil {
			return nil, protocol.Prefix(err, "reason")
		}
		out.Reason = v
	}
	if raw[6] == nil {
		return nil, protocol.Missing("recoverable")
	}
	{
		v, err := protocol.Bool(raw[6])
		if err != nil {
			return nil, protocol.Prefix(err, "recoverable")
		}
		out.Recoverable = v
	}
	return &out, nil
}

// Grant: A persistent or session sandbox grant.
type Grant struct {
	// ToolName: Tool the grant covers.
	ToolName string `json:"toolName,omitempty"`
	// Scope: Absolute path or host the grant covers; omitted for tool-wide grants.
	Scope *string `json:"scope,omitempty"`
	// ScopeKind: What `scope` names; omitted for tool-wide grants.
	ScopeKind *GrantScopeKind `json:"scopeKind,omitempty"`
	// Decision: Whether the grant allows or denies.
	Decision GrantDecision `json:"decision,omitempty"`
	// ApprovedAt: When the grant was approved (RFC 3339 timestamp string).
	ApprovedAt string `json:"approvedAt,omitempty"`
	// Reason: Why it was granted.
	Reason *string `json:"reason,omitempty"`
	// Session: Present (and true) only for session-scoped grants.
	Session *bool `json:"session,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e Grant) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 7+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["toolName"] = e.ToolName
	if e.Scope != nil {
		m["scope"] = *e.Scope
	}
	if e.ScopeKind != nil {
		m["scopeKind"] = *e.ScopeKind
	}
	m["decision"] = e.Decision
	m["approvedAt"] = e.ApprovedAt
	if e.Reason != nil {
		m["reason"] = *e.Reason
	}
	if e.Session != nil {
		m["session"] = *e.Session
	}
	return json.Marshal(m)
}

func (d decoder) decodeGrant(members []protocol.Member) (*Grant, error) {
	var raw [7][]byte
	var out Grant
	for _, m := range members {
		switch m.Key {
		case "toolName":
			raw[0] = m.Value
		case "scope":
			raw[1] = m.Value
		case "scopeKind":
			raw[2] = m.Value
		case "decision":
			raw[3] = m.Value
		case "approvedAt":
			raw[4] = m.Value
		case "reason":
			raw[5] = m.Value
		case "session":
			raw[6] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("toolName")
	}
	{
		v, err := protocol.String(raw[0])
		if err != nil {
			return nil, protocol.Prefix(err, "toolName")
		}
		out.ToolName = v
	}
	if raw[1] != nil {
		v, err := protocol.String(raw[1])
		if err != nil {
			return nil, protocol.Prefix(err, "scope")
		}
		out.Scope = &v
	}
	if raw[2] != nil {
		v, err := decodeGrantScopeKind(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "scopeKind")
		}
		out.ScopeKind = &v
	}
	if raw[3] == nil {
		return nil, protocol.Missing("decision")
	}
	{
		v, err := decodeGrantDecision(raw[3])
		if err != nil {
			return nil, protocol.Prefix(err, "decision")
		}
		out.Decision = v
	}
	if raw[4] == nil {
		return nil, protocol.Missing("approvedAt")
	}
	{
		v, err := protocol.String(raw[4])
		if err != nil {
			return nil, protocol.Prefix(err, "approvedAt")
		}
		out.ApprovedAt = v
	}
	if raw[5] != nil {
		v, err := protocol.String(raw[5])
		if err != nil {
			return nil, protocol.Prefix(err, "reason")
		}
		out.Reason = &v
	}
	if raw[6] != nil {
		v, err := protocol.Bool(raw[6])
		if err != nil {
			return nil, protocol.Prefix(err, "session")
		}
		out.Session = &v
	}
	return &out, nil
}

// Display: Compact human-facing summary of a tool result.
type Display struct {
	// Summary: One-line summary.
	Summary *string `json:"summary,omitempty"`
	// Kind: Kind of result (e.g. `diff`).
	Kind *string `json:"kind,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e Display) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 2+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	if e.Summary != nil {
		m["summary"] = *e.Summary
	}
	if e.Kind != nil {
		m["kind"] = *e.Kind
	}
	return json.Marshal(m)
}

func (d decoder) decodeDisplay(members []protocol.Member) (*Display, error) {
	var raw [2][]byte
	var out Display
	for _, m := range members {
		switch m.Key {
		case "summary":
			raw[0] = m.Value
		case "kind":
			raw[1] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] != nil {
		v, err := protocol.String(raw[0])
		if err != nil {
			return nil, protocol.Prefix(err, "summary")
		}
		out.Summary = &v
	}
	if raw[1] != nil {
		v, err := protocol.String(raw[1])
		if err != nil {
			return nil, protocol.Prefix(err, "kind")
		}
		out.Kind = &v
	}
	return &out, nil
}

// CheckpointInfo: A captured file checkpoint or an applied restore; every field is omitted when zero.
type CheckpointInfo struct {
	// Sequence: Session event sequence of the checkpoint.
	Sequence *int64 `json:"sequence,omitempty"`
	// Tool: Tool whose call was checkpointed.
	Tool *string `json:"tool,omitempty"`
	// Files: Workspace-relative paths captured.
	Files []string `json:"files,omitempty"`
	// FilesRestored: Number of files restored (restore only).
	FilesRestored *int64 `json:"filesRestored,omitempty"`
	// FilesDeleted: Number of files deleted (restore only).
	FilesDeleted *int64 `json:"filesDeleted,omitempty"`
	// Skipped: Paths skipped by the restore.
	Skipped []string `json:"skipped,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e CheckpointInfo) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 6+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	if e.Sequence != nil {
		m["sequence"] = *e.Sequence
	}
	if e.Tool != nil {
		m["tool"] = *e.Tool
	}
	if e.Files != nil {
		m["files"] = e.Files
	}
	if e.FilesRestored != nil {
		m["filesRestored"] = *e.FilesRestored
	}
	if e.FilesDeleted != nil {
		m["filesDeleted"] = *e.FilesDeleted
	}
	if e.Skipped != nil {
		m["skipped"] = e.Skipped
	}
	return json.Marshal(m)
}

func (d decoder) decodeCheckpointInfo(members []protocol.Member) (*CheckpointInfo, error) {
	var raw [6][]byte
	var out CheckpointInfo
	for _, m := range members {
		switch m.Key {
		case "sequence":
			raw[0] = m.Value
		case "tool":
			raw[1] = m.Value
		case "files":
			raw[2] = m.Value
		case "filesRestored":
			raw[3] = m.Value
		case "filesDeleted":
			raw[4] = m.Value
		case "skipped":
			raw[5] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] != nil {
		v, err := protocol.Int(raw[0])
		if err != nil {
			return nil, protocol.Prefix(err, "sequence")
		}
		out.Sequence = &v
	}
	if raw[1] != nil {
		v, err := protocol.String(raw[1])
		if err != nil {
			return nil, protocol.Prefix(err, "tool")
		}
		out.Tool = &v
	}
	if raw[2] != nil {
		v, err := d.r0(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "files")
		}
		out.Files = v
	}
	if raw[3] != nil {
		v, err := protocol.Int(raw[3])
		if err != nil {
			return nil, protocol.Prefix(err, "filesRestored")
		}
		out.FilesRestored = &v
	}
	if raw[4] != nil {
		v, err := protocol.Int(raw[4])
		if err != nil {
			return nil, protocol.Prefix(err, "filesDeleted")
		}
		out.FilesDeleted = &v
	}
	if raw[5] != nil {
		v, err := d.r0(raw[5])
		if err != nil {
			return nil, protocol.Prefix(err, "skipped")
		}
		out.Skipped = v
	}
	return &out, nil
}

// InputImage: An image attached to a message input.
type InputImage struct {
	// MediaType: MIME type or short name: png, jpeg/jpg, gif or webp, optionally `image/`- or `data:`-prefixed, any case.
	MediaType string `json:"mediaType,omitempty"`
	// Data: Standard padded base64 of the image bytes, without a `data:` prefix; at most 10 MiB decoded.
	Data string `json:"data,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e InputImage) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 2+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["mediaType"] = e.MediaType
	m["data"] = e.Data
	return json.Marshal(m)
}

func (d decoder) decodeInputImage(members []protocol.Member) (*InputImage, error) {
	var raw [2][]byte
	var out InputImage
	for _, m := range members {
		switch m.Key {
		case "mediaType":
			raw[0] = m.Value
		case "data":
			raw[1] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("mediaType")
	}
	{
		v, err := protocol.String(raw[0])
		if err != nil {
			return nil, protocol.Prefix(err, "mediaType")
		}
		out.MediaType = v
	}
	if raw[1] == nil {
		return nil, protocol.Missing("data")
	}
	{
		v, err := d.r2(raw[1])
		if err != nil {
			return nil, protocol.Prefix(err, "data")
		}
		out.Data = v
	}
	return &out, nil
}

// PromptInput is the Prompt input: A piece of the user's request. All input events' contents are trimmed and joined with blank lines into one prompt.
//
// Wire type `prompt` (input).
type PromptInput struct {
	// Content: Prompt text; must contain a non-whitespace character.
	Content string `json:"content,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// Type is always "prompt".
func (PromptInput) Type() string { return "prompt" }

// SchemaVersion is always 2.
func (PromptInput) SchemaVersion() int { return SchemaVersion }

func (PromptInput) isInputEvent() {}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e PromptInput) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 3+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["schemaVersion"] = 2
	m["type"] = "prompt"
	m["content"] = e.Content
	return json.Marshal(m)
}

func (d decoder) decodePromptInput(members []protocol.Member) (*PromptInput, error) {
	var raw [3][]byte
	var out PromptInput
	for _, m := range members {
		switch m.Key {
		case "schemaVersion":
			raw[0] = m.Value
		case "type":
			raw[1] = m.Value
		case "content":
			raw[2] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("schemaVersion")
	}
	if err := protocol.ConstInt(raw[0], 2); err != nil {
		return nil, protocol.Prefix(err, "schemaVersion")
	}
	if raw[1] == nil {
		return nil, protocol.Missing("type")
	}
	if err := protocol.ConstString(raw[1], "prompt"); err != nil {
		return nil, protocol.Prefix(err, "type")
	}
	if raw[2] == nil {
		return nil, protocol.Missing("content")
	}
	{
		v, err := d.r3(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "content")
		}
		out.Content = v
	}
	return &out, nil
}

// MessageInput is the User message input: A user message, optionally with images. `content` must contain a non-whitespace character unless at least one image is attached.
//
// Wire type `message` (input).
type MessageInput struct {
	// Content: Message text; may be blank or absent only when images are attached.
	Content *string `json:"content,omitempty"`
	// Images: Images attached to the message (only allowed on `message`).
	Images []InputImage `json:"images,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// Type is always "message".
func (MessageInput) Type() string { return "message" }

// SchemaVersion is always 2.
func (MessageInput) SchemaVersion() int { return SchemaVersion }

func (MessageInput) isInputEvent() {}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e MessageInput) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 5+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["schemaVersion"] = 2
	m["type"] = "message"
	m["role"] = "user"
	if e.Content != nil {
		m["content"] = *e.Content
	}
	if e.Images != nil {
		m["images"] = e.Images
	}
	return json.Marshal(m)
}

func (d decoder) decodeMessageInput(members []protocol.Member) (*MessageInput, error) {
	var raw [5][]byte
	var out MessageInput
	for _, m := range members {
		switch m.Key {
		case "schemaVersion":
			raw[0] = m.Value
		case "type":
			raw[1] = m.Value
		case "role":
			raw[2] = m.Value
		case "content":
			raw[3] = m.Value
		case "images":
			raw[4] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("schemaVersion")
	}
	if err := protocol.ConstInt(raw[0], 2); err != nil {
		return nil, protocol.Prefix(err, "schemaVersion")
	}
	if raw[1] == nil {
		return nil, protocol.Missing("type")
	}
	if err := protocol.ConstString(raw[1], "message"); err != nil {
		return nil, protocol.Prefix(err, "type")
	}
	if raw[2] == nil {
		return nil, protocol.Missing("role")
	}
	if err := protocol.ConstString(raw[2], "user"); err != nil {
		return nil, protocol.Prefix(err, "role")
	}
	if raw[3] != nil {
		v, err := protocol.String(raw[3])
		if err != nil {
			return nil, protocol.Prefix(err, "content")
		}
		out.Content = &v
	}
	if raw[4] != nil {
		v, err := d.r5(raw[4])
		if err != nil {
			return nil, protocol.Prefix(err, "images")
		}
		out.Images = v
	}
	if !((out.Content != nil && pattern1.MatchString(*out.Content)) || (out.Images != nil && len(out.Images) >= 1)) {
		return nil, protocol.Errorf(protocol.Constraint, "content", "needs a non-empty content or images")
	}
	return &out, nil
}

// RunStartEvent is the Run start: First event of a run that got past startup. Carries the workspace root and the resolved model; `--list-tools` runs omit session, provider and model.
//
// Wire type `run_start` (output).
type RunStartEvent struct {
	// RunID: Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId,omitempty"`
	// SessionID: Zero session id (`zero_<14 digits>_<unixnano>_<n>` when generated).
	SessionID *string `json:"sessionId,omitempty"`
	// Cwd: Final workspace root (after `--cwd` and `--worktree`).
	Cwd string `json:"cwd,omitempty"`
	// Provider: Resolved provider kind (e.g. `openai`, `anthropic`), or the profile name.
	Provider *string `json:"provider,omitempty"`
	// Model: Resolved model id (after `--model` and `--mode`).
	Model *string `json:"model,omitempty"`
	// APIModel: Model id sent on the wire to the provider.
	APIModel *string `json:"apiModel,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// Type is always "run_start".
func (RunStartEvent) Type() string { return "run_start" }

// SchemaVersion is always 2.
func (RunStartEvent) SchemaVersion() int { return SchemaVersion }

func (RunStartEvent) isOutputEvent() {}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e RunStartEvent) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 8+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["schemaVersion"] = 2
	m["type"] = "run_start"
	m["runId"] = e.RunID
	if e.SessionID != nil {
		m["sessionId"] = *e.SessionID
	}
	m["cwd"] = e.Cwd
	if e.Provider != nil {
		m["provider"] = *e.Provider
	}
	if e.Model != nil {
		m["model"] = *e.Model
	}
	if e.APIModel != nil {
		m["apiModel"] = *e.APIModel
	}
	return json.Marshal(m)
}

func (d decoder) decodeRunStartEvent(members []protocol.Member) (*RunStartEvent, error) {
	var raw [8][]byte
	var out RunStartEvent
	for _, m := range members {
		switch m.Key {
		case "schemaVersion":
			raw[0] = m.Value
		case "type":
			raw[1] = m.Value
		case "runId":
			raw[2] = m.Value
		case "sessionId":
			raw[3] = m.Value
		case "cwd":
			raw[4] = m.Value
		case "provider":
			raw[5] = m.Value
		case "model":
			raw[6] = m.Value
		case "apiModel":
			raw[7] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("schemaVersion")
	}
	if err := protocol.ConstInt(raw[0], 2); err != nil {
		return nil, protocol.Prefix(err, "schemaVersion")
	}
	if raw[1] == nil {
		return nil, protocol.Missing("type")
	}
	if err := protocol.ConstString(raw[1], "run_start"); err != nil {
		return nil, protocol.Prefix(err, "type")
	}
	if raw[2] == nil {
		return nil, protocol.Missing("runId")
	}
	{
		v, err := d.r6(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "runId")
		}
		out.RunID = v
	}
	if raw[3] != nil {
		v, err := protocol.String(raw[3])
		if err != nil {
			return nil, protocol.Prefix(err, "sessionId")
		}
		out.SessionID = &v
	}
	if raw[4] == nil {
		return nil, protocol.Missing("cwd")
	}
	{
		v, err := protocol.String(raw[4])
		if err != nil {
			return nil, protocol.Prefix(err, "cwd")
		}
		out.Cwd = v
	}
	if raw[5] != nil {
		v, err := protocol.String(raw[5])
		if err != nil {
			return nil, protocol.Prefix(err, "provider")
		}
		out.Provider = &v
	}
	if raw[6] != nil {
		v, err := protocol.String(raw[6])
		if err != nil {
			return nil, protocol.Prefix(err, "model")
		}
		out.Model = &v
	}
	if raw[7] != nil {
		v, err := protocol.String(raw[7])
		if err != nil {
			return nil, protocol.Prefix(err, "apiModel")
		}
		out.APIModel = &v
	}
	return &out, nil
}

// TextEvent is the Text delta: A chunk of assistant text as it streams, from every turn (including commentary before tool calls). The deltas joined are generally not equal to `final.text`.
//
// Wire type `text` (output).
type TextEvent struct {
	// RunID: Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId,omitempty"`
	// Delta: The text chunk; omitted when the provider sent an empty chunk.
	Delta *string `json:"delta,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// Type is always "text".
func (TextEvent) Type() string { return "text" }

// SchemaVersion is always 2.
func (TextEvent) SchemaVersion() int { return SchemaVersion }

func (TextEvent) isOutputEvent() {}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e TextEvent) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 4+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["schemaVersion"] = 2
	m["type"] = "text"
	m["runId"] = e.RunID
	if e.Delta != nil {
		m["delta"] = *e.Delta
	}
	return json.Marshal(m)
}

func (d decoder) decodeTextEvent(members []protocol.Member) (*TextEvent, error) {
	var raw [4][]byte
	var out TextEvent
	for _, m := range members {
		switch m.Key {
		case "schemaVersion":
			raw[0] = m.Value
		case "type":
			raw[1] = m.Value
		case "runId":
			raw[2] = m.Value
		case "delta":
			raw[3] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("schemaVersion")
	}
	if err := protocol.ConstInt(raw[0], 2); err != nil {
		return nil, protocol.Prefix(err, "schemaVersion")
	}
	if raw[1] == nil {
		return nil, protocol.Missing("type")
	}
	if err := protocol.ConstString(raw[1], "text"); err != nil {
		return nil, protocol.Prefix(err, "type")
	}
	if raw[2] == nil {
		return nil, protocol.Missing("runId")
	}
	{
		v, err := d.r6(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "runId")
		}
		out.RunID = v
	}
	if raw[3] != nil {
		v, err := protocol.String(raw[3])
		if err != nil {
			return nil, protocol.Prefix(err, "delta")
		}
		out.Delta = &v
	}
	return &out, nil
}

// ReasoningEvent is the Reasoning delta: A chunk of model reasoning as it streams; also carries reconnect notices. Added after the v2 bump without a version change.
//
// Wire type `reasoning` (output).
type ReasoningEvent struct {
	// RunID: Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId,omitempty"`
	// Delta: The reasoning chunk; omitted when empty.
	Delta *string `json:"delta,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// Type is always "reasoning".
func (ReasoningEvent) Type() string { return "reasoning" }

// SchemaVersion is always 2.
func (ReasoningEvent) SchemaVersion() int { return SchemaVersion }

func (ReasoningEvent) isOutputEvent() {}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e ReasoningEvent) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 4+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["schemaVersion"] = 2
	m["type"] = "reasoning"
	m["runId"] = e.RunID
	if e.Delta != nil {
		m["delta"] = *e.Delta
	}
	return json.Marshal(m)
}

func (d decoder) decodeReasoningEvent(members []protocol.Member) (*ReasoningEvent, error) {
	var raw [4][]byte
	var out ReasoningEvent
	for _, m := range members {
		switch m.Key {
		case "schemaVersion":
			raw[0] = m.Value
		case "type":
			raw[1] = m.Value
		case "runId":
			raw[2] = m.Value
		case "delta":
			raw[3] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("schemaVersion")
	}
	if err := protocol.ConstInt(raw[0], 2); err != nil {
		return nil, protocol.Prefix(err, "schemaVersion")
	}
	if raw[1] == nil {
		return nil, protocol.Missing("type")
	}
	if err := protocol.ConstString(raw[1], "reasoning"); err != nil {
		return nil, protocol.Prefix(err, "type")
	}
	if raw[2] == nil {
		return nil, protocol.Missing("runId")
	}
	{
		v, err := d.r6(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "runId")
		}
		out.RunID = v
	}
	if raw[3] != nil {
		v, err := protocol.String(raw[3])
		if err != nil {
			return nil, protocol.Prefix(err, "delta")
		}
		out.Delta = &v
	}
	return &out, nil
}

// ToolCallEvent is the Tool call: The model called a tool. Written before the call's permission event and result (except in parallel read batches, where permission events can precede it).
//
// Wire type `tool_call` (output).
type ToolCallEvent struct {
	// RunID: Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId,omitempty"`
	// ID: Tool call id, echoed by the matching tool_result.
	ID *string `json:"id,omitempty"`
	// Name: Tool name.
	Name *string `json:"name,omitempty"`
	// Args: Tool arguments: the parsed JSON value (usually an object) when the model's argument string is valid JSON, otherwise the raw string; omitted when the argument string is empty.
	Args json.RawMessage `json:"args,omitempty"`
	// SideEffect: Side effect class; local-control, out-of-workspace and unregistered tools map to `unknown`.
	SideEffect ToolCallEventSideEffect `json:"sideEffect,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// Type is always "tool_call".
func (ToolCallEvent) Type() string { return "tool_call" }

// SchemaVersion is always 2.
func (ToolCallEvent) SchemaVersion() int { return SchemaVersion }

func (ToolCallEvent) isOutputEvent() {}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e ToolCallEvent) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 7+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["schemaVersion"] = 2
	m["type"] = "tool_call"
	m["runId"] = e.RunID
	if e.ID != nil {
		m["id"] = *e.ID
	}
	if e.Name != nil {
		m["name"] = *e.Name
	}
	if e.Args != nil {
		m["args"] = e.Args
	}
	m["sideEffect"] = e.SideEffect
	return json.Marshal(m)
}

func (d decoder) decodeToolCallEvent(members []protocol.Member) (*ToolCallEvent, error) {
	var raw [7][]byte
	var out ToolCallEvent
	for _, m := range members {
		switch m.Key {
		case "schemaVersion":
			raw[0] = m.Value
		case "type":
			raw[1] = m.Value
		case "runId":
			raw[2] = m.Value
		case "id":
			raw[3] = m.Value
		case "name":
			raw[4] = m.Value
		case "args":
			raw[5] = m.Value
		case "sideEffect":
			raw[6] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("schemaVersion")
	}
	if err := protocol.ConstInt(raw[0], 2); err != nil {
		return nil, protocol.Prefix(err, "schemaVersion")
	}
	if raw[1] == nil {
		return nil, protocol.Missing("type")
	}
	if err := protocol.ConstString(raw[1], "tool_call"); err != nil {
		return nil, protocol.Prefix(err, "type")
	}
	if raw[2] == nil {
		return nil, protocol.Missing("runId")
	}
	{
		v, err := d.r6(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "runId")
		}
		out.RunID = v
	}
	if raw[3] != nil {
		v, err := protocol.String(raw[3])
		if err != nil {
			return nil, protocol.Prefix(err, "id")
		}
		out.ID = &v
	}
	if raw[4] != nil {
		v, err := protocol.String(raw[4])
		if err != nil {
			return nil, protocol.Prefix(err, "name")
		}
		out.Name = &v
	}
	if raw[5] != nil {
		v, err := protocol.JSON(raw[5])
		if err != nil {
			return nil, protocol.Prefix(err, "args")
		}
		out.Args = v
	}
	if raw[6] == nil {
		return nil, protocol.Missing("sideEffect")
	}
	{
		v, err := decodeToolCallEventSideEffect(raw[6])
		if err != nil {
			return nil, protocol.Prefix(err, "sideEffect")
		}
		out.SideEffect = v
	}
	return &out, nil
}

// CheckpointEvent is the File checkpoint: A file checkpoint captured before a write_file, edit_file or apply_patch call, emitted right after the matching tool_call when a session exists.
//
// Wire type `checkpoint` (output).
type CheckpointEvent struct {
	// RunID: Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId,omitempty"`
	// Checkpoint: What was captured.
	Checkpoint CheckpointInfo `json:"checkpoint,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// Type is always "checkpoint".
func (CheckpointEvent) Type() string { return "checkpoint" }

// SchemaVersion is always 2.
func (CheckpointEvent) SchemaVersion() int { return SchemaVersion }

func (CheckpointEvent) isOutputEvent() {}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e CheckpointEvent) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 4+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["schemaVersion"] = 2
	m["type"] = "checkpoint"
	m["runId"] = e.RunID
	m["checkpoint"] = e.Checkpoint
	return json.Marshal(m)
}

func (d decoder) decodeCheckpointEvent(members []protocol.Member) (*CheckpointEvent, error) {
	var raw [4][]byte
	var out CheckpointEvent
	for _, m := range members {
		switch m.Key {
		case "schemaVersion":
			raw[0] = m.Value
		case "type":
			raw[1] = m.Value
		case "runId":
			raw[2] = m.Value
		case "checkpoint":
			raw[3] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("schemaVersion")
	}
	if err := protocol.ConstInt(raw[0], 2); err != nil {
		return nil, protocol.Prefix(err, "schemaVersion")
	}
	if raw[1] == nil {
		return nil, protocol.Missing("type")
	}
	if err := protocol.ConstString(raw[1], "checkpoint"); err != nil {
		return nil, protocol.Prefix(err, "type")
	}
	if raw[2] == nil {
		return nil, protocol.Missing("runId")
	}
	{
		v, err := d.r6(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "runId")
		}
		out.RunID = v
	}
	if raw[3] == nil {
		return nil, protocol.Missing("checkpoint")
	}
	{
		v, err := d.r7(raw[3])
		if err != nil {
			return nil, protocol.Prefix(err, "checkpoint")
		}
		out.Checkpoint = v
	}
	return &out, nil
}

// PermissionEvent is the Permission event (generic): Permission event whose action is none of the mapped ones. Declared but never emitted by exec: every decision maps to a request or decision event.
//
// Wire type `permission` (output).
type PermissionEvent struct {
	// RunID: Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId,omitempty"`
	// SessionID: Zero session id (`zero_<14 digits>_<unixnano>_<n>` when generated).
	SessionID *string `json:"sessionId,omitempty"`
	// ID: Id of the tool call this permission event belongs to.
	ID *string `json:"id,omitempty"`
	// Name: Tool name.
	Name *string `json:"name,omitempty"`
	// Action: Sandbox action that is not mapped to a request or decision event.
	Action *string `json:"action,omitempty"`
	// Permission: The tool's static permission.
	Permission *PermissionEventPermission `json:"permission,omitempty"`
	// PermissionGranted: Whether the call was authorized up front (unsafe mode, static allow, or a grant). False for sandbox auto-allows and headless prompts.
	PermissionGranted bool `json:"permissionGranted,omitempty"`
	// PermissionMode: The run's permission mode.
	PermissionMode *PermissionEventPermissionMode `json:"permissionMode,omitempty"`
	// Autonomy: The `--auto` value exec was given (default `low`; `member` is accepted but undocumented).
	Autonomy *PermissionEventAutonomy `json:"autonomy,omitempty"`
	// SideEffect: The tool's raw side effect (not the reduced tool_call set).
	SideEffect *PermissionEventSideEffect `json:"sideEffect,omitempty"`
	// Reason: Why the sandbox decided this way; empty reasons are omitted.
	Reason *string `json:"reason,omitempty"`
	// DecisionReason: Reason from the approval flow; usually omitted in exec.
	DecisionReason *string `json:"decisionReason,omitempty"`
	// Risk: Risk assessment of the call.
	Risk Risk `json:"risk,omitempty"`
	// Block: The sandbox block behind a deny or a promptable path check.
	Block *Block `json:"block,omitempty"`
	// GrantMatched: Present (and true) only when a persistent or session grant matched.
	GrantMatched *bool `json:"grantMatched,omitempty"`
	// Grant: The grant that matched, when one did.
	Grant *Grant `json:"grant,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// Type is always "permission".
func (PermissionEvent) Type() string { return "permission" }

// SchemaVersion is always 2.
func (PermissionEvent) SchemaVersion() int { return SchemaVersion }

func (PermissionEvent) isOutputEvent() {}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e PermissionEvent) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 18+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["schemaVersion"] = 2
	m["type"] = "permission"
	m["runId"] = e.RunID
	if e.SessionID != nil {
		m["sessionId"] = *e.SessionID
	}
	if e.ID != nil {
		m["id"] = *e.ID
	}
	if e.Name != nil {
		m["name"] = *e.Name
	}
	if e.Action != nil {
		m["action"] = *e.Action
	}
	if e.Permission != nil {
		m["permission"] = *e.Permission
	}
	m["permissionGranted"] = e.PermissionGranted
	if e.PermissionMode != nil {
		m["permissionMode"] = *e.PermissionMode
	}
	if e.Autonomy != nil {
		m["autonomy"] = *e.Autonomy
	}
	if e.SideEffect != nil {
		m["sideEffect"] = *e.SideEffect
	}
	if e.Reason != nil {
		m["reason"] = *e.Reason
	}
	if e.DecisionReason != nil {
		m["decisionReason"] = *e.DecisionReason
	}
	m["risk"] = e.Risk
	if e.Block != nil {
		m["block"] = *e.Block
	}
	if e.GrantMatched != nil {
		m["grantMatched"] = *e.GrantMatched
	}
	if e.Grant != nil {
		m["grant"] = *e.Grant
	}
	return json.Marshal(m)
}

func (d decoder) decodePermissionEvent(members []protocol.Member) (*PermissionEvent, error) {
	var raw [18][]byte
	var out PermissionEvent
	for _, m := range members {
		switch m.Key {
		case "schemaVersion":
			raw[0] = m.Value
		case "type":
			raw[1] = m.Value
		case "runId":
			raw[2] = m.Value
		case "sessionId":
			raw[3] = m.Value
		case "id":
			raw[4] = m.Value
		case "name":
			raw[5] = m.Value
		case "action":
			raw[6] = m.Value
		case "permission":
			raw[7] = m.Value
		case "permissionGranted":
			raw[8] = m.Value
		case "permissionMode":
			raw[9] = m.Value
		case "autonomy":
			raw[10] = m.Value
		case "sideEffect":
			raw[11] = m.Value
		case "reason":
			raw[12] = m.Value
		case "decisionReason":
			raw[13] = m.Value
		case "risk":
			raw[14] = m.Value
		case "block":
			raw[15] = m.Value
		case "grantMatched":
			raw[16] = m.Value
		case "grant":
			raw[17] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("schemaVersion")
	}
	if err := protocol.ConstInt(raw[0], 2); err != nil {
		return nil, protocol.Prefix(err, "schemaVersion")
	}
	if raw[1] == nil {
		return nil, protocol.Missing("type")
	}
	if err := protocol.ConstString(raw[1], "permission"); err != nil {
		return nil, protocol.Prefix(err, "type")
	}
	if raw[2] == nil {
		return nil, protocol.Missing("runId")
	}
	{
		v, err := d.r6(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "runId")
		}
		out.RunID = v
	}
	if raw[3] != nil {
		v, err := protocol.String(raw[3])
		if err != nil {
			return nil, protocol.Prefix(err, "sessionId")
		}
		out.SessionID = &v
	}
	if raw[4] != nil {
		v, err := protocol.String(raw[4])
		if err != nil {
			return nil, protocol.Prefix(err, "id")
		}
		out.ID = &v
	}
	if raw[5] != nil {
		v, err := protocol.String(raw[5])
		if err != nil {
			return nil, protocol.Prefix(err, "name")
		}
		out.Name = &v
	}
	if raw[6] != nil {
		v, err := protocol.String(raw[6])
		if err != nil {
			return nil, protocol.Prefix(err, "action")
		}
		out.Action = &v
	}
	if raw[7] != nil {
		v, err := decodePermissionEventPermission(raw[7])
		if err != nil {
			return nil, protocol.Prefix(err, "permission")
		}
		out.Permission = &v
	}
	if raw[8] == nil {
		return nil, protocol.Missing("permissionGranted")
	}
	{
		v, err := protocol.Bool(raw[8])
		if err != nil {
			return nil, protocol.Prefix(err, "permissionGranted")
		}
		out.PermissionGranted = v
	}
	if raw[9] != nil {
		v, err := decodePermissionEventPermissionMode(raw[9])
		if err != nil {
			return nil, protocol.Prefix(err, "permissionMode")
		}
		out.PermissionMode = &v
	}
	if raw[10] != nil {
		v, err := decodePermissionEventAutonomy(raw[10])
		if err != nil {
			return nil, protocol.Prefix(err, "autonomy")
		}
		out.Autonomy = &v
	}
	if raw[11] != nil {
		v, err := decodePermissionEventSideEffect(raw[11])
		if err != nil {
			return nil, protocol.Prefix(err, "sideEffect")
		}
		out.SideEffect = &v
	}
	if raw[12] != nil {
		v, err := protocol.String(raw[12])
		if err != nil {
			return nil, protocol.Prefix(err, "reason")
		}
		out.Reason = &v
	}
	if raw[13] != nil {
		v, err := protocol.String(raw[13])
		if err != nil {
			return nil, protocol.Prefix(err, "decisionReason")
		}
		out.DecisionReason = &v
	}
	if raw[14] == nil {
		return nil, protocol.Missing("risk")
	}
	{
		v, err := d.r1(raw[14])
		if err != nil {
			return nil, protocol.Prefix(err, "risk")
		}
		out.Risk = v
	}
	if raw[15] != nil {
		v, err := d.r8(raw[15])
		if err != nil {
			return nil, protocol.Prefix(err, "block")
		}
		out.Block = &v
	}
	if raw[16] != nil {
		v, err := protocol.Bool(raw[16])
		if err != nil {
			return nil, protocol.Prefix(err, "grantMatched")
		}
		out.GrantMatched = &v
	}
	if raw[17] != nil {
		v, err := d.r9(raw[17])
		if err != nil {
			return nil, protocol.Prefix(err, "grant")
		}
		out.Grant = &v
	}
	return &out, nil
}

// PermissionRequestEvent is the Permission request: A prompt-gated call needed approval. Headless exec has no responder, so the call is refused and an error tool_result follows.
//
// Wire type `permission_request` (output).
type PermissionRequestEvent struct {
	// RunID: Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId,omitempty"`
	// SessionID: Zero session id (`zero_<14 digits>_<unixnano>_<n>` when generated).
	SessionID *string `json:"sessionId,omitempty"`
	// ID: Id of the tool call this permission event belongs to.
	ID *string `json:"id,omitempty"`
	// Name: Tool name.
	Name *string `json:"name,omitempty"`
	// Action: Sandbox action; always `prompt` for this event.
	Action *PermissionRequestEventAction `json:"action,omitempty"`
	// Permission: The tool's static permission.
	Permission *PermissionEventPermission `json:"permission,omitempty"`
	// PermissionGranted: Whether the call was authorized up front (unsafe mode, static allow, or a grant). False for sandbox auto-allows and headless prompts.
	PermissionGranted bool `json:"permissionGranted,omitempty"`
	// PermissionMode: The run's permission mode.
	PermissionMode *PermissionEventPermissionMode `json:"permissionMode,omitempty"`
	// Autonomy: The `--auto` value exec was given (default `low`; `member` is accepted but undocumented).
	Autonomy *PermissionEventAutonomy `json:"autonomy,omitempty"`
	// SideEffect: The tool's raw side effect (not the reduced tool_call set).
	SideEffect *PermissionEventSideEffect `json:"sideEffect,omitempty"`
	// Reason: Why the sandbox decided this way; empty reasons are omitted.
	Reason *string `json:"reason,omitempty"`
	// DecisionReason: Reason from the approval flow; usually omitted in exec.
	DecisionReason *string `json:"decisionReason,omitempty"`
	// Risk: Risk assessment of the call.
	Risk Risk `json:"risk,omitempty"`
	// Block: The sandbox block behind a deny or a promptable path check.
	Block *Block `json:"block,omitempty"`
	// GrantMatched: Present (and true) only when a persistent or session grant matched.
	GrantMatched *bool `json:"grantMatched,omitempty"`
	// Grant: The grant that matched, when one did.
	Grant *Grant `json:"grant,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// Type is always "permission_request".
func (PermissionRequestEvent) Type() string { return "permission_request" }

// SchemaVersion is always 2.
func (PermissionRequestEvent) SchemaVersion() int { return SchemaVersion }

func (PermissionRequestEvent) isOutputEvent() {}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e PermissionRequestEvent) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 18+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["schemaVersion"] = 2
	m["type"] = "permission_request"
	m["runId"] = e.RunID
	if e.SessionID != nil {
		m["sessionId"] = *e.SessionID
	}
	if e.ID != nil {
		m["id"] = *e.ID
	}
	if e.Name != nil {
		m["name"] = *e.Name
	}
	if e.Action != nil {
		m["action"] = *e.Action
	}
	if e.Permission != nil {
		m["permission"] = *e.Permission
	}
	m["permissionGranted"] = e.PermissionGranted
	if e.PermissionMode != nil {
		m["permissionMode"] = *e.PermissionMode
	}
	if e.Autonomy != nil {
		m["autonomy"] = *e.Autonomy
	}
	if e.SideEffect != nil {
		m["sideEffect"] = *e.SideEffect
	}
	if e.Reason != nil {
		m["reason"] = *e.Reason
	}
	if e.DecisionReason != nil {
		m["decisionReason"] = *e.DecisionReason
	}
	m["risk"] = e.Risk
	if e.Block != nil {
		m["block"] = *e.Block
	}
	if e.GrantMatched != nil {
		m["grantMatched"] = *e.GrantMatched
	}
	if e.Grant != nil {
		m["grant"] = *e.Grant
	}
	return json.Marshal(m)
}

func (d decoder) decodePermissionRequestEvent(members []protocol.Member) (*PermissionRequestEvent, error) {
	var raw [18][]byte
	var out PermissionRequestEvent
	for _, m := range members {
		switch m.Key {
		case "schemaVersion":
			raw[0] = m.Value
		case "type":
			raw[1] = m.Value
		case "runId":
			raw[2] = m.Value
		case "sessionId":
			raw[3] = m.Value
		case "id":
			raw[4] = m.Value
		case "name":
			raw[5] = m.Value
		case "action":
			raw[6] = m.Value
		case "permission":
			raw[7] = m.Value
		case "permissionGranted":
			raw[8] = m.Value
		case "permissionMode":
			raw[9] = m.Value
		case "autonomy":
			raw[10] = m.Value
		case "sideEffect":
			raw[11] = m.Value
		case "reason":
			raw[12] = m.Value
		case "decisionReason":
			raw[13] = m.Value
		case "risk":
			raw[14] = m.Value
		case "block":
			raw[15] = m.Value
		case "grantMatched":
			raw[16] = m.Value
		case "grant":
			raw[17] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("schemaVersion")
	}
	if err := protocol.ConstInt(raw[0], 2); err != nil {
		return nil, protocol.Prefix(err, "schemaVersion")
	}
	if raw[1] == nil {
		return nil, protocol.Missing("type")
	}
	if err := protocol.ConstString(raw[1], "permission_request"); err != nil {
		return nil, protocol.Prefix(err, "type")
	}
	if raw[2] == nil {
		return nil, protocol.Missing("runId")
	}
	{
		v, err := d.r6(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "runId")
		}
		out.RunID = v
	}
	if raw[3] != nil {
		v, err := protocol.String(raw[3])
		if err != nil {
			return nil, protocol.Prefix(err, "sessionId")
		}
		out.SessionID = &v
	}
	if raw[4] != nil {
		v, err := protocol.String(raw[4])
		if err != nil {
			return nil, protocol.Prefix(err, "id")
		}
		out.ID = &v
	}
	if raw[5] != nil {
		v, err := protocol.String(raw[5])
		if err != nil {
			return nil, protocol.Prefix(err, "name")
		}
		out.Name = &v
	}
	if raw[6] != nil {
		v, err := decodePermissionRequestEventAction(raw[6])
		if err != nil {
			return nil, protocol.Prefix(err, "action")
		}
		out.Action = &v
	}
	if raw[7] != nil {
		v, err := decodePermissionEventPermission(raw[7])
		if err != nil {
			return nil, protocol.Prefix(err, "permission")
		}
		out.Permission = &v
	}
	if raw[8] == nil {
		return nil, protocol.Missing("permissionGranted")
	}
	{
		v, err := protocol.Bool(raw[8])
		if err != nil {
			return nil, protocol.Prefix(err, "permissionGranted")
		}
		out.PermissionGranted = v
	}
	if raw[9] != nil {
		v, err := decodePermissionEventPermissionMode(raw[9])
		if err != nil {
			return nil, protocol.Prefix(err, "permissionMode")
		}
		out.PermissionMode = &v
	}
	if raw[10] != nil {
		v, err := decodePermissionEventAutonomy(raw[10])
		if err != nil {
			return nil, protocol.Prefix(err, "autonomy")
		}
		out.Autonomy = &v
	}
	if raw[11] != nil {
		v, err := decodePermissionEventSideEffect(raw[11])
		if err != nil {
			return nil, protocol.Prefix(err, "sideEffect")
		}
		out.SideEffect = &v
	}
	if raw[12] != nil {
		v, err := protocol.String(raw[12])
		if err != nil {
			return nil, protocol.Prefix(err, "reason")
		}
		out.Reason = &v
	}
	if raw[13] != nil {
		v, err := protocol.String(raw[13])
		if err != nil {
			return nil, protocol.Prefix(err, "decisionReason")
		}
		out.DecisionReason = &v
	}
	if raw[14] == nil {
		return nil, protocol.Missing("risk")
	}
	{
		v, err := d.r1(raw[14])
		if err != nil {
			return nil, protocol.Prefix(err, "risk")
		}
		out.Risk = v
	}
	if raw[15] != nil {
		v, err := d.r8(raw[15])
		if err != nil {
			return nil, protocol.Prefix(err, "block")
		}
		out.Block = &v
	}
	if raw[16] != nil {
		v, err := protocol.Bool(raw[16])
		if err != nil {
			return nil, protocol.Prefix(err, "grantMatched")
		}
		out.GrantMatched = &v
	}
	if raw[17] != nil {
		v, err := d.r9(raw[17])
		if err != nil {
			return nil, protocol.Prefix(err, "grant")
		}
		out.Grant = &v
	}
	return &out, nil
}

// PermissionDecisionEvent is the Permission decision: The sandbox allowed or denied a call, or the request was cancelled.
//
// Wire type `permission_decision` (output).
type PermissionDecisionEvent struct {
	// RunID: Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId,omitempty"`
	// SessionID: Zero session id (`zero_<14 digits>_<unixnano>_<n>` when generated).
	SessionID *string `json:"sessionId,omitempty"`
	// ID: Id of the tool call this permission event belongs to.
	ID *string `json:"id,omitempty"`
	// Name: Tool name.
	Name *string `json:"name,omitempty"`
	// Action: Sandbox action that was taken.
	Action *PermissionDecisionEventAction `json:"action,omitempty"`
	// Permission: The tool's static permission.
	Permission *PermissionEventPermission `json:"permission,omitempty"`
	// PermissionGranted: Whether the call was authorized up front (unsafe mode, static allow, or a grant). False for sandbox auto-allows and headless prompts.
	PermissionGranted bool `json:"permissionGranted,omitempty"`
	// PermissionMode: The run's permission mode.
	PermissionMode *PermissionEventPermissionMode `json:"permissionMode,omitempty"`
	// Autonomy: The `--auto` value exec was given (default `low`; `member` is accepted but undocumented).
	Autonomy *PermissionEventAutonomy `json:"autonomy,omitempty"`
	// SideEffect: The tool's raw side effect (not the reduced tool_call set).
	SideEffect *PermissionEventSideEffect `json:"sideEffect,omitempty"`
	// Reason: Why the sandbox decided this way; empty reasons are omitted.
	Reason *string `json:"reason,omitempty"`
	// DecisionReason: Reason from the approval flow; usually omitted in exec.
	DecisionReason *string `json:"decisionReason,omitempty"`
	// Risk: Risk assessment of the call.
	Risk Risk `json:"risk,omitempty"`
	// Block: The sandbox block behind a deny or a promptable path check.
	Block *Block `json:"block,omitempty"`
	// GrantMatched: Present (and true) only when a persistent or session grant matched.
	GrantMatched *bool `json:"grantMatched,omitempty"`
	// Grant: The grant that matched, when one did.
	Grant *Grant `json:"grant,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// Type is always "permission_decision".
func (PermissionDecisionEvent) Type() string { return "permission_decision" }

// SchemaVersion is always 2.
func (PermissionDecisionEvent) SchemaVersion() int { return SchemaVersion }

func (PermissionDecisionEvent) isOutputEvent() {}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e PermissionDecisionEvent) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 18+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["schemaVersion"] = 2
	m["type"] = "permission_decision"
	m["runId"] = e.RunID
	if e.SessionID != nil {
		m["sessionId"] = *e.SessionID
	}
	if e.ID != nil {
		m["id"] = *e.ID
	}
	if e.Name != nil {
		m["name"] = *e.Name
	}
	if e.Action != nil {
		m["action"] = *e.Action
	}
	if e.Permission != nil {
		m["permission"] = *e.Permission
	}
	m["permissionGranted"] = e.PermissionGranted
	if e.PermissionMode != nil {
		m["permissionMode"] = *e.PermissionMode
	}
	if e.Autonomy != nil {
		m["autonomy"] = *e.Autonomy
	}
	if e.SideEffect != nil {
		m["sideEffect"] = *e.SideEffect
	}
	if e.Reason != nil {
		m["reason"] = *e.Reason
	}
	if e.DecisionReason != nil {
		m["decisionReason"] = *e.DecisionReason
	}
	m["risk"] = e.Risk
	if e.Block != nil {
		m["block"] = *e.Block
	}
	if e.GrantMatched != nil {
		m["grantMatched"] = *e.GrantMatched
	}
	if e.Grant != nil {
		m["grant"] = *e.Grant
	}
	return json.Marshal(m)
}

func (d decoder) decodePermissionDecisionEvent(members []protocol.Member) (*PermissionDecisionEvent, error) {
	var raw [18][]byte
	var out PermissionDecisionEvent
	for _, m := range members {
		switch m.Key {
		case "schemaVersion":
			raw[0] = m.Value
		case "type":
			raw[1] = m.Value
		case "runId":
			raw[2] = m.Value
		case "sessionId":
			raw[3] = m.Value
		case "id":
			raw[4] = m.Value
		case "name":
			raw[5] = m.Value
		case "action":
			raw[6] = m.Value
		case "permission":
			raw[7] = m.Value
		case "permissionGranted":
			raw[8] = m.Value
		case "permissionMode":
			raw[9] = m.Value
		case "autonomy":
			raw[10] = m.Value
		case "sideEffect":
			raw[11] = m.Value
		case "reason":
			raw[12] = m.Value
		case "decisionReason":
			raw[13] = m.Value
		case "risk":
			raw[14] = m.Value
		case "block":
			raw[15] = m.Value
		case "grantMatched":
			raw[16] = m.Value
		case "grant":
			raw[17] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("schemaVersion")
	}
	if err := protocol.ConstInt(raw[0], 2); err != nil {
		return nil, protocol.Prefix(err, "schemaVersion")
	}
	if raw[1] == nil {
		return nil, protocol.Missing("type")
	}
	if err := protocol.ConstString(raw[1], "permission_decision"); err != nil {
		return nil, protocol.Prefix(err, "type")
	}
	if raw[2] == nil {
		return nil, protocol.Missing("runId")
	}
	{
		v, err := d.r6(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "runId")
		}
		out.RunID = v
	}
	if raw[3] != nil {
		v, err := protocol.String(raw[3])
		if err != nil {
			return nil, protocol.Prefix(err, "sessionId")
		}
		out.SessionID = &v
	}
	if raw[4] != nil {
		v, err := protocol.String(raw[4])
		if err != nil {
			return nil, protocol.Prefix(err, "id")
		}
		out.ID = &v
	}
	if raw[5] != nil {
		v, err := protocol.String(raw[5])
		if err != nil {
			return nil, protocol.Prefix(err, "name")
		}
		out.Name = &v
	}
	if raw[6] != nil {
		v, err := decodePermissionDecisionEventAction(raw[6])
		if err != nil {
			return nil, protocol.Prefix(err, "action")
		}
		out.Action = &v
	}
	if raw[7] != nil {
		v, err := decodePermissionEventPermission(raw[7])
		if err != nil {
			return nil, protocol.Prefix(err, "permission")
		}
		out.Permission = &v
	}
	if raw[8] == nil {
		return nil, protocol.Missing("permissionGranted")
	}
	{
		v, err := protocol.Bool(raw[8])
		if err != nil {
			return nil, protocol.Prefix(err, "permissionGranted")
		}
		out.PermissionGranted = v
	}
	if raw[9] != nil {
		v, err := decodePermissionEventPermissionMode(raw[9])
		if err != nil {
			return nil, protocol.Prefix(err, "permissionMode")
		}
		out.PermissionMode = &v
	}
	if raw[10] != nil {
		v, err := decodePermissionEventAutonomy(raw[10])
		if err != nil {
			return nil, protocol.Prefix(err, "autonomy")
		}
		out.Autonomy = &v
	}
	if raw[11] != nil {
		v, err := decodePermissionEventSideEffect(raw[11])
		if err != nil {
			return nil, protocol.Prefix(err, "sideEffect")
		}
		out.SideEffect = &v
	}
	if raw[12] != nil {
		v, err := protocol.String(raw[12])
		if err != nil {
			return nil, protocol.Prefix(err, "reason")
		}
		out.Reason = &v
	}
	if raw[13] != nil {
		v, err := protocol.String(raw[13])
		if err != nil {
			return nil, protocol.Prefix(err, "decisionReason")
		}
		out.DecisionReason = &v
	}
	if raw[14] == nil {
		return nil, protocol.Missing("risk")
	}
	{
		v, err := d.r1(raw[14])
		if err != nil {
			return nil, protocol.Prefix(err, "risk")
		}
		out.Risk = v
	}
	if raw[15] != nil {
		v, err := d.r8(raw[15])
		if err != nil {
			return nil, protocol.Prefix(err, "block")
		}
		out.Block = &v
	}
	if raw[16] != nil {
		v, err := protocol.Bool(raw[16])
		if err != nil {
			return nil, protocol.Prefix(err, "grantMatched")
		}
		out.GrantMatched = &v
	}
	if raw[17] != nil {
		v, err := d.r9(raw[17])
		if err != nil {
			return nil, protocol.Prefix(err, "grant")
		}
		out.Grant = &v
	}
	return &out, nil
}

// ToolResultEvent is the Tool result: Result of a tool call. Denials are `error` results; there is no denied status.
//
// Wire type `tool_result` (output).
type ToolResultEvent struct {
	// RunID: Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId,omitempty"`
	// ID: Id of the tool call this result belongs to.
	ID *string `json:"id,omitempty"`
	// Name: Tool name.
	Name *string `json:"name,omitempty"`
	// Status: Whether the tool succeeded.
	Status ToolResultEventStatus `json:"status,omitempty"`
	// Output: Model-facing output, cut to 10 KiB with a `\n[truncated]` marker; omitted when empty.
	Output *string `json:"output,omitempty"`
	// Truncated: Whether the output was truncated (by the 10 KiB cut or by the tool itself).
	Truncated bool `json:"truncated,omitempty"`
	// Redacted: Present (and true) only when the tool-boundary redactor changed something.
	Redacted *bool `json:"redacted,omitempty"`
	// ChangedFiles: Files the tool changed.
	ChangedFiles []string `json:"changedFiles,omitempty"`
	// Meta: Tool metadata, string to string (e.g. `raw_bytes`, `permission_action`).
	Meta map[string]string `json:"meta,omitempty"`
	// Display: Human-facing summary of the result.
	Display *Display `json:"display,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// Type is always "tool_result".
func (ToolResultEvent) Type() string { return "tool_result" }

// SchemaVersion is always 2.
func (ToolResultEvent) SchemaVersion() int { return SchemaVersion }

func (ToolResultEvent) isOutputEvent() {}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e ToolResultEvent) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 12+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["schemaVersion"] = 2
	m["type"] = "tool_result"
	m["runId"] = e.RunID
	if e.ID != nil {
		m["id"] = *e.ID
	}
	if e.Name != nil {
		m["name"] = *e.Name
	}
	m["status"] = e.Status
	if e.Output != nil {
		m["output"] = *e.Output
	}
	m["truncated"] = e.Truncated
	if e.Redacted != nil {
		m["redacted"] = *e.Redacted
	}
	if e.ChangedFiles != nil {
		m["changedFiles"] = e.ChangedFiles
	}
	if e.Meta != nil {
		m["meta"] = e.Meta
	}
	if e.Display != nil {
		m["display"] = *e.Display
	}
	return json.Marshal(m)
}

func (d decoder) decodeToolResultEvent(members []protocol.Member) (*ToolResultEvent, error) {
	var raw [12][]byte
	var out ToolResultEvent
	for _, m := range members {
		switch m.Key {
		case "schemaVersion":
			raw[0] = m.Value
		case "type":
			raw[1] = m.Value
		case "runId":
			raw[2] = m.Value
		case "id":
			raw[3] = m.Value
		case "name":
			raw[4] = m.Value
		case "status":
			raw[5] = m.Value
		case "output":
			raw[6] = m.Value
		case "truncated":
			raw[7] = m.Value
		case "redacted":
			raw[8] = m.Value
		case "changedFiles":
			raw[9] = m.Value
		case "meta":
			raw[10] = m.Value
		case "display":
			raw[11] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("schemaVersion")
	}
	if err := protocol.ConstInt(raw[0], 2); err != nil {
		return nil, protocol.Prefix(err, "schemaVersion")
	}
	if raw[1] == nil {
		return nil, protocol.Missing("type")
	}
	if err := protocol.ConstString(raw[1], "tool_result"); err != nil {
		return nil, protocol.Prefix(err, "type")
	}
	if raw[2] == nil {
		return nil, protocol.Missing("runId")
	}
	{
		v, err := d.r6(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "runId")
		}
		out.RunID = v
	}
	if raw[3] != nil {
		v, err := protocol.String(raw[3])
		if err != nil {
			return nil, protocol.Prefix(err, "id")
		}
		out.ID = &v
	}
	if raw[4] != nil {
		v, err := protocol.String(raw[4])
		if err != nil {
			return nil, protocol.Prefix(err, "name")
		}
		out.Name = &v
	}
	if raw[5] == nil {
		return nil, protocol.Missing("status")
	}
	{
		v, err := decodeToolResultEventStatus(raw[5])
		if err != nil {
			return nil, protocol.Prefix(err, "status")
		}
		out.Status = v
	}
	if raw[6] != nil {
		v, err := protocol.String(raw[6])
		if err != nil {
			return nil, protocol.Prefix(err, "output")
		}
		out.Output = &v
	}
	if raw[7] == nil {
		return nil, protocol.Missing("truncated")
	}
	{
		v, err := protocol.Bool(raw[7])
		if err != nil {
			return nil, protocol.Prefix(err, "truncated")
		}
		out.Truncated = v
	}
	if raw[8] != nil {
		v, err := protocol.Bool(raw[8])
		if err != nil {
			return nil, protocol.Prefix(err, "redacted")
		}
		out.Redacted = &v
	}
	if raw[9] != nil {
		v, err := d.r0(raw[9])
		if err != nil {
			return nil, protocol.Prefix(err, "changedFiles")
		}
		out.ChangedFiles = v
	}
	if raw[10] != nil {
		v, err := d.r10(raw[10])
		if err != nil {
			return nil, protocol.Prefix(err, "meta")
		}
		out.Meta = v
	}
	if raw[11] != nil {
		v, err := d.r11(raw[11])
		if err != nil {
			return nil, protocol.Prefix(err, "display")
		}
		out.Display = &v
	}
	return &out, nil
}

// RestoreEvent is the Restore: A checkpoint restore was applied. Declared but never emitted by exec.
//
// Wire type `restore` (output).
type RestoreEvent struct {
	// RunID: Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId,omitempty"`
	// Checkpoint: What was restored.
	Checkpoint *CheckpointInfo `json:"checkpoint,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// Type is always "restore".
func (RestoreEvent) Type() string { return "restore" }

// SchemaVersion is always 2.
func (RestoreEvent) SchemaVersion() int { return SchemaVersion }

func (RestoreEvent) isOutputEvent() {}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e RestoreEvent) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 4+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["schemaVersion"] = 2
	m["type"] = "restore"
	m["runId"] = e.RunID
	if e.Checkpoint != nil {
		m["checkpoint"] = *e.Checkpoint
	}
	return json.Marshal(m)
}

func (d decoder) decodeRestoreEvent(members []protocol.Member) (*RestoreEvent, error) {
	var raw [4][]byte
	var out RestoreEvent
	for _, m := range members {
		switch m.Key {
		case "schemaVersion":
			raw[0] = m.Value
		case "type":
			raw[1] = m.Value
		case "runId":
			raw[2] = m.Value
		case "checkpoint":
			raw[3] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("schemaVersion")
	}
	if err := protocol.ConstInt(raw[0], 2); err != nil {
		return nil, protocol.Prefix(err, "schemaVersion")
	}
	if raw[1] == nil {
		return nil, protocol.Missing("type")
	}
	if err := protocol.ConstString(raw[1], "restore"); err != nil {
		return nil, protocol.Prefix(err, "type")
	}
	if raw[2] == nil {
		return nil, protocol.Missing("runId")
	}
	{
		v, err := d.r6(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "runId")
		}
		out.RunID = v
	}
	if raw[3] != nil {
		v, err := d.r7(raw[3])
		if err != nil {
			return nil, protocol.Prefix(err, "checkpoint")
		}
		out.Checkpoint = &v
	}
	return &out, nil
}

// UsageEvent is the Token usage: Token counts of one model request (not running totals), sent when that request's stream ends.
//
// Wire type `usage` (output).
type UsageEvent struct {
	// RunID: Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId,omitempty"`
	// PromptTokens: Input tokens of the request.
	PromptTokens int64 `json:"promptTokens,omitempty"`
	// CompletionTokens: Output tokens of the request.
	CompletionTokens int64 `json:"completionTokens,omitempty"`
	// TotalTokens: Sum of prompt and completion tokens.
	TotalTokens int64 `json:"totalTokens,omitempty"`
	// CostUsd: Cost in US dollars; declared but never set by exec.
	CostUsd *float64 `json:"costUsd,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// Type is always "usage".
func (UsageEvent) Type() string { return "usage" }

// SchemaVersion is always 2.
func (UsageEvent) SchemaVersion() int { return SchemaVersion }

func (UsageEvent) isOutputEvent() {}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e UsageEvent) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 7+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["schemaVersion"] = 2
	m["type"] = "usage"
	m["runId"] = e.RunID
	m["promptTokens"] = e.PromptTokens
	m["completionTokens"] = e.CompletionTokens
	m["totalTokens"] = e.TotalTokens
	if e.CostUsd != nil {
		m["costUsd"] = *e.CostUsd
	}
	return json.Marshal(m)
}

func (d decoder) decodeUsageEvent(members []protocol.Member) (*UsageEvent, error) {
	var raw [7][]byte
	var out UsageEvent
	for _, m := range members {
		switch m.Key {
		case "schemaVersion":
			raw[0] = m.Value
		case "type":
			raw[1] = m.Value
		case "runId":
			raw[2] = m.Value
		case "promptTokens":
			raw[3] = m.Value
		case "completionTokens":
			raw[4] = m.Value
		case "totalTokens":
			raw[5] = m.Value
		case "costUsd":
			raw[6] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("schemaVersion")
	}
	if err := protocol.ConstInt(raw[0], 2); err != nil {
		return nil, protocol.Prefix(err, "schemaVersion")
	}
	if raw[1] == nil {
		return nil, protocol.Missing("type")
	}
	if err := protocol.ConstString(raw[1], "usage"); err != nil {
		return nil, protocol.Prefix(err, "type")
	}
	if raw[2] == nil {
		return nil, protocol.Missing("runId")
	}
	{
		v, err := d.r6(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "runId")
		}
		out.RunID = v
	}
	if raw[3] == nil {
		return nil, protocol.Missing("promptTokens")
	}
	{
		v, err := d.r12(raw[3])
		if err != nil {
			return nil, protocol.Prefix(err, "promptTokens")
		}
		out.PromptTokens = v
	}
	if raw[4] == nil {
		return nil, protocol.Missing("completionTokens")
	}
	{
		v, err := d.r12(raw[4])
		if err != nil {
			return nil, protocol.Prefix(err, "completionTokens")
		}
		out.CompletionTokens = v
	}
	if raw[5] == nil {
		return nil, protocol.Missing("totalTokens")
	}
	{
		v, err := d.r12(raw[5])
		if err != nil {
			return nil, protocol.Prefix(err, "totalTokens")
		}
		out.TotalTokens = v
	}
	if raw[6] != nil {
		v, err := protocol.Float(raw[6])
		if err != nil {
			return nil, protocol.Prefix(err, "costUsd")
		}
		out.CostUsd = &v
	}
	return &out, nil
}

// FinalEvent is the Final answer: The last turn's answer, sent exactly once on success (and before the error on an incomplete run).
//
// Wire type `final` (output).
type FinalEvent struct {
	// RunID: Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId,omitempty"`
	// Text: The final answer; omitted when empty.
	Text *string `json:"text,omitempty"`
	// Meta: Spec-draft details (`status`, `stopReason`, `specId`, ...); only with `--use-spec`.
	Meta map[string]string `json:"meta,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// Type is always "final".
func (FinalEvent) Type() string { return "final" }

// SchemaVersion is always 2.
func (FinalEvent) SchemaVersion() int { return SchemaVersion }

func (FinalEvent) isOutputEvent() {}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e FinalEvent) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 5+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["schemaVersion"] = 2
	m["type"] = "final"
	m["runId"] = e.RunID
	if e.Text != nil {
		m["text"] = *e.Text
	}
	if e.Meta != nil {
		m["meta"] = e.Meta
	}
	return json.Marshal(m)
}

func (d decoder) decodeFinalEvent(members []protocol.Member) (*FinalEvent, error) {
	var raw [5][]byte
	var out FinalEvent
	for _, m := range members {
		switch m.Key {
		case "schemaVersion":
			raw[0] = m.Value
		case "type":
			raw[1] = m.Value
		case "runId":
			raw[2] = m.Value
		case "text":
			raw[3] = m.Value
		case "meta":
			raw[4] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("schemaVersion")
	}
	if err := protocol.ConstInt(raw[0], 2); err != nil {
		return nil, protocol.Prefix(err, "schemaVersion")
	}
	if raw[1] == nil {
		return nil, protocol.Missing("type")
	}
	if err := protocol.ConstString(raw[1], "final"); err != nil {
		return nil, protocol.Prefix(err, "type")
	}
	if raw[2] == nil {
		return nil, protocol.Missing("runId")
	}
	{
		v, err := d.r6(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "runId")
		}
		out.RunID = v
	}
	if raw[3] != nil {
		v, err := protocol.String(raw[3])
		if err != nil {
			return nil, protocol.Prefix(err, "text")
		}
		out.Text = &v
	}
	if raw[4] != nil {
		v, err := d.r10(raw[4])
		if err != nil {
			return nil, protocol.Prefix(err, "meta")
		}
		out.Meta = v
	}
	return &out, nil
}

// WarningEvent is the Warning: A non-fatal notice: unsafe mode, a truncated response, or scratch files left behind.
//
// Wire type `warning` (output).
type WarningEvent struct {
	// RunID: Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId,omitempty"`
	// Message: The warning text.
	Message *string `json:"message,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// Type is always "warning".
func (WarningEvent) Type() string { return "warning" }

// SchemaVersion is always 2.
func (WarningEvent) SchemaVersion() int { return SchemaVersion }

func (WarningEvent) isOutputEvent() {}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e WarningEvent) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 4+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["schemaVersion"] = 2
	m["type"] = "warning"
	m["runId"] = e.RunID
	if e.Message != nil {
		m["message"] = *e.Message
	}
	return json.Marshal(m)
}

func (d decoder) decodeWarningEvent(members []protocol.Member) (*WarningEvent, error) {
	var raw [4][]byte
	var out WarningEvent
	for _, m := range members {
		switch m.Key {
		case "schemaVersion":
			raw[0] = m.Value
		case "type":
			raw[1] = m.Value
		case "runId":
			raw[2] = m.Value
		case "message":
			raw[3] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("schemaVersion")
	}
	if err := protocol.ConstInt(raw[0], 2); err != nil {
		return nil, protocol.Prefix(err, "schemaVersion")
	}
	if raw[1] == nil {
		return nil, protocol.Missing("type")
	}
	if err := protocol.ConstString(raw[1], "warning"); err != nil {
		return nil, protocol.Prefix(err, "type")
	}
	if raw[2] == nil {
		return nil, protocol.Missing("runId")
	}
	{
		v, err := d.r6(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "runId")
		}
		out.RunID = v
	}
	if raw[3] != nil {
		v, err := protocol.String(raw[3])
		if err != nil {
			return nil, protocol.Prefix(err, "message")
		}
		out.Message = &v
	}
	return &out, nil
}

// ErrorEvent is the Error: A fatal error; always followed by run_end.
//
// Wire type `error` (output).
type ErrorEvent struct {
	// RunID: Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId,omitempty"`
	// Code: Error class; decides the exit code.
	Code *ErrorEventCode `json:"code,omitempty"`
	// Message: Human-readable error text (redacted).
	Message *string `json:"message,omitempty"`
	// Recoverable: Whether the client may retry; exec always sends false.
	Recoverable bool `json:"recoverable,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// Type is always "error".
func (ErrorEvent) Type() string { return "error" }

// SchemaVersion is always 2.
func (ErrorEvent) SchemaVersion() int { return SchemaVersion }

func (ErrorEvent) isOutputEvent() {}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e ErrorEvent) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 6+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["schemaVersion"] = 2
	m["type"] = "error"
	m["runId"] = e.RunID
	if e.Code != nil {
		m["code"] = *e.Code
	}
	if e.Message != nil {
		m["message"] = *e.Message
	}
	m["recoverable"] = e.Recoverable
	return json.Marshal(m)
}

func (d decoder) decodeErrorEvent(members []protocol.Member) (*ErrorEvent, error) {
	var raw [6][]byte
	var out ErrorEvent
	for _, m := range members {
		switch m.Key {
		case "schemaVersion":
			raw[0] = m.Value
		case "type":
			raw[1] = m.Value
		case "runId":
			raw[2] = m.Value
		case "code":
			raw[3] = m.Value
		case "message":
			raw[4] = m.Value
		case "recoverable":
			raw[5] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("schemaVersion")
	}
	if err := protocol.ConstInt(raw[0], 2); err != nil {
		return nil, protocol.Prefix(err, "schemaVersion")
	}
	if raw[1] == nil {
		return nil, protocol.Missing("type")
	}
	if err := protocol.ConstString(raw[1], "error"); err != nil {
		return nil, protocol.Prefix(err, "type")
	}
	if raw[2] == nil {
		return nil, protocol.Missing("runId")
	}
	{
		v, err := d.r6(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "runId")
		}
		out.RunID = v
	}
	if raw[3] != nil {
		v, err := decodeErrorEventCode(raw[3])
		if err != nil {
			return nil, protocol.Prefix(err, "code")
		}
		out.Code = &v
	}
	if raw[4] != nil {
		v, err := protocol.String(raw[4])
		if err != nil {
			return nil, protocol.Prefix(err, "message")
		}
		out.Message = &v
	}
	if raw[5] == nil {
		return nil, protocol.Missing("recoverable")
	}
	{
		v, err := protocol.Bool(raw[5])
		if err != nil {
			return nil, protocol.Prefix(err, "recoverable")
		}
		out.Recoverable = v
	}
	return &out, nil
}

// RunEndEvent is the Run end: Always the last event of a run.
//
// Wire type `run_end` (output).
type RunEndEvent struct {
	// RunID: Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.
	RunID string `json:"runId,omitempty"`
	// Status: How the run ended.
	Status *RunEndEventStatus `json:"status,omitempty"`
	// ExitCode: The process exit code (0, 2, 3, 4, 130).
	ExitCode int64 `json:"exitCode,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// Type is always "run_end".
func (RunEndEvent) Type() string { return "run_end" }

// SchemaVersion is always 2.
func (RunEndEvent) SchemaVersion() int { return SchemaVersion }

func (RunEndEvent) isOutputEvent() {}

// MarshalJSON writes the present fields and the kept unknown fields.
func (e RunEndEvent) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, 5+len(e.Extra))
	for k, v := range e.Extra {
		m[k] = v
	}
	m["schemaVersion"] = 2
	m["type"] = "run_end"
	m["runId"] = e.RunID
	if e.Status != nil {
		m["status"] = *e.Status
	}
	m["exitCode"] = e.ExitCode
	return json.Marshal(m)
}

func (d decoder) decodeRunEndEvent(members []protocol.Member) (*RunEndEvent, error) {
	var raw [5][]byte
	var out RunEndEvent
	for _, m := range members {
		switch m.Key {
		case "schemaVersion":
			raw[0] = m.Value
		case "type":
			raw[1] = m.Value
		case "runId":
			raw[2] = m.Value
		case "status":
			raw[3] = m.Value
		case "exitCode":
			raw[4] = m.Value
		default:
			if d.strict {
				return nil, protocol.Unknown(m.Key)
			}
			if out.Extra == nil {
				out.Extra = make(map[string]json.RawMessage)
			}
			out.Extra[m.Key] = append(json.RawMessage(nil), m.Value...)
		}
	}
	if raw[0] == nil {
		return nil, protocol.Missing("schemaVersion")
	}
	if err := protocol.ConstInt(raw[0], 2); err != nil {
		return nil, protocol.Prefix(err, "schemaVersion")
	}
	if raw[1] == nil {
		return nil, protocol.Missing("type")
	}
	if err := protocol.ConstString(raw[1], "run_end"); err != nil {
		return nil, protocol.Prefix(err, "type")
	}
	if raw[2] == nil {
		return nil, protocol.Missing("runId")
	}
	{
		v, err := d.r6(raw[2])
		if err != nil {
			return nil, protocol.Prefix(err, "runId")
		}
		out.RunID = v
	}
	if raw[3] != nil {
		v, err := decodeRunEndEventStatus(raw[3])
		if err != nil {
			return nil, protocol.Prefix(err, "status")
		}
		out.Status = &v
	}
	if raw[4] == nil {
		return nil, protocol.Missing("exitCode")
	}
	{
		v, err := protocol.Int(raw[4])
		if err != nil {
			return nil, protocol.Prefix(err, "exitCode")
		}
		out.ExitCode = v
	}
	return &out, nil
}

type decoder struct{ strict bool }

func (d decoder) r0(raw []byte) ([]string, error) {
	return protocol.Array(raw, protocol.String, -1)
}

func (d decoder) r1(raw []byte) (Risk, error) {
	members, err := protocol.Object(raw)
	if err != nil {
		return Risk{}, err
	}
	v, err := d.decodeRisk(members)
	if err != nil {
		return Risk{}, err
	}
	return *v, nil
}

func (d decoder) r2(raw []byte) (string, error) {
	s, err := protocol.String(raw)
	if err != nil {
		return "", err
	}
	return s, protocol.CheckString(s, 13981015, pattern0)
}

func (d decoder) r3(raw []byte) (string, error) {
	s, err := protocol.String(raw)
	if err != nil {
		return "", err
	}
	return s, protocol.CheckString(s, -1, pattern1)
}

func (d decoder) r4(raw []byte) (InputImage, error) {
	members, err := protocol.Object(raw)
	if err != nil {
		return InputImage{}, err
	}
	v, err := d.decodeInputImage(members)
	if err != nil {
		return InputImage{}, err
	}
	return *v, nil
}

func (d decoder) r5(raw []byte) ([]InputImage, error) {
	return protocol.Array(raw, d.r4, -1)
}

func (d decoder) r6(raw []byte) (string, error) {
	s, err := protocol.String(raw)
	if err != nil {
		return "", err
	}
	return s, protocol.CheckString(s, -1, pattern2)
}

func (d decoder) r7(raw []byte) (CheckpointInfo, error) {
	members, err := protocol.Object(raw)
	if err != nil {
		return CheckpointInfo{}, err
	}
	v, err := d.decodeCheckpointInfo(members)
	if err != nil {
		return CheckpointInfo{}, err
	}
	return *v, nil
}

func (d decoder) r8(raw []byte) (Block, error) {
	members, err := protocol.Object(raw)
	if err != nil {
		return Block{}, err
	}
	v, err := d.decodeBlock(members)
	if err != nil {
		return Block{}, err
	}
	return *v, nil
}

func (d decoder) r9(raw []byte) (Grant, error) {
	members, err := protocol.Object(raw)
	if err != nil {
		return Grant{}, err
	}
	v, err := d.decodeGrant(members)
	if err != nil {
		return Grant{}, err
	}
	return *v, nil
}

func (d decoder) r10(raw []byte) (map[string]string, error) {
	return protocol.Map(raw, protocol.String)
}

func (d decoder) r11(raw []byte) (Display, error) {
	members, err := protocol.Object(raw)
	if err != nil {
		return Display{}, err
	}
	v, err := d.decodeDisplay(members)
	if err != nil {
		return Display{}, err
	}
	return *v, nil
}

func (d decoder) r12(raw []byte) (int64, error) {
	n, err := protocol.Int(raw)
	if err != nil {
		return 0, err
	}
	return n, protocol.CheckMinimum(n, 0)
}

func header(line []byte) ([]protocol.Member, string, error) {
	members, err := protocol.ParseLine(line)
	if err != nil {
		return nil, "", err
	}
	version := protocol.Lookup(members, "schemaVersion")
	if version == nil {
		return nil, "", protocol.Missing("schemaVersion")
	}
	if err := protocol.ConstInt(version, SchemaVersion); err != nil {
		return nil, "", protocol.Prefix(err, "schemaVersion")
	}
	typ := protocol.Lookup(members, "type")
	if typ == nil {
		return nil, "", protocol.Missing("type")
	}
	name, err := protocol.String(typ)
	if err != nil {
		return nil, "", protocol.Prefix(err, "type")
	}
	return members, name, nil
}

// Decode decodes one stdout line of schemaVersion 2. Unknown types give an
// *UnknownEvent (after the shared envelope is checked); unknown fields of known events are kept
// in Extra, or rejected with protocol.Strict.
func Decode(line []byte, opts ...protocol.Option) (Event, error) {
	members, typ, err := header(line)
	if err != nil {
		return nil, err
	}
	d := decoder{strict: protocol.IsStrict(opts)}
	switch typ {
	case "run_start":
		return nilSafe(d.decodeRunStartEvent(members))
	case "text":
		return nilSafe(d.decodeTextEvent(members))
	case "reasoning":
		return nilSafe(d.decodeReasoningEvent(members))
	case "tool_call":
		return nilSafe(d.decodeToolCallEvent(members))
	case "checkpoint":
		return nilSafe(d.decodeCheckpointEvent(members))
	case "permission":
		return nilSafe(d.decodePermissionEvent(members))
	case "permission_request":
		return nilSafe(d.decodePermissionRequestEvent(members))
	case "permission_decision":
		return nilSafe(d.decodePermissionDecisionEvent(members))
	case "tool_result":
		return nilSafe(d.decodeToolResultEvent(members))
	case "restore":
		return nilSafe(d.decodeRestoreEvent(members))
	case "usage":
		return nilSafe(d.decodeUsageEvent(members))
	case "final":
		return nilSafe(d.decodeFinalEvent(members))
	case "warning":
		return nilSafe(d.decodeWarningEvent(members))
	case "error":
		return nilSafe(d.decodeErrorEvent(members))
	case "run_end":
		return nilSafe(d.decodeRunEndEvent(members))
	}
	if raw := protocol.Lookup(members, "runId"); raw == nil {
		return nil, protocol.Missing("runId")
	} else if _, err := d.r6(raw); err != nil {
		return nil, protocol.Prefix(err, "runId")
	}
	runID, _ := protocol.String(protocol.Lookup(members, "runId"))
	return &UnknownEvent{WireType: typ, RunID: runID, Raw: protocol.Raw(members)}, nil
}

// DecodeInput decodes one stdin line of schemaVersion 2, strictly (as the binary
// does): unknown types and unknown fields are errors.
func DecodeInput(line []byte) (InputEvent, error) {
	members, typ, err := header(line)
	if err != nil {
		return nil, err
	}
	d := decoder{strict: true}
	switch typ {
	case "prompt":
		v, err := d.decodePromptInput(members)
		if err != nil {
			return nil, err
		}
		return v, nil
	case "message":
		v, err := d.decodeMessageInput(members)
		if err != nil {
			return nil, err
		}
		return v, nil
	}
	return nil, protocol.Errorf(protocol.UnknownType, "type", "input type must be one of prompt, message")
}

// nilSafe turns a (*T, error) pair into an (Event, error) pair without a typed-nil interface.
func nilSafe[T Event](v T, err error) (Event, error) {
	if err != nil {
		return nil, err
	}
	return v, nil
}
