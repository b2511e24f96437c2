package zero

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"syscall"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol"
	"github.com/zero-sdk/zero-sdk/clients/go/protocol/wire"
)

// Event is one decoded stdout line, whatever schemaVersion the binary speaks: an event of the
// latest version's types (protocol.TextEvent, ...; older lines are upgraded, see
// protocol.Decode), or a *protocol.UnknownEvent for a type this client does not know (and, in
// lenient mode, for an object that failed validation, e.g. a newer enum value).
type Event = protocol.OutputEvent

// issueExcerptBytes is how much of a bad line a ProtocolIssue keeps.
const issueExcerptBytes = 200

// ProtocolIssue is a stdout line that is not a valid protocol event (kept in lenient mode).
type ProtocolIssue struct {
	Line    int
	Kind    string
	Message string
	Excerpt string
}

// decodeLine decodes one line of any supported schemaVersion into the latest version's types.
func decodeLine(line []byte, strict bool) (Event, error) {
	if strict {
		return protocol.Decode(line, protocol.Strict)
	}
	return protocol.Decode(line)
}

// salvage turns a JSON object that failed validation into an UnknownEvent, so no data is lost
// and a terminal event still counts; nil when the line is not a JSON object.
func salvage(line []byte) Event {
	h, err := wire.ReadHeader(line)
	if err != nil {
		return nil
	}
	typ, _ := str(h.Type)
	runID, _ := str(wire.Lookup(h.Object, "runId"))
	version, _ := integer(h.Version)
	ev := &protocol.UnknownEvent{WireType: typ, RunID: runID, Raw: wire.RawMembers(h.Object)}
	wire.SetOrigin(ev, int(version), append([]byte(nil), line...))
	return ev
}

// refusedInputVersion tells the schemaVersion M of the binary when first, the first event of a
// run, says it refused input written in schemaVersion written.
//
// The rule (the one place it is written down; the Python client's refused_input_version is the
// same): the run's first event is an `error` (typed, or an UnknownEvent when this client does
// not know M) whose schemaVersion M is present and differs from written. That is how Zero
// answers an input line of another version, before run_start and any model call: usage_error
// "Invalid stream-json input at line 1: schemaVersion must be M", then run_end (exit 2). Any
// error it writes before run_start is in its own version M, so M != written alone tells the
// input was in the wrong version, whatever the error's code.
func refusedInputVersion(first Event, written int) (int, bool) {
	version := first.OriginalSchemaVersion()
	return version, first.Type() == "error" && version > 0 && version != written
}

// lineRunID is the runId of an event's line, whatever its type ("" when it has none).
func lineRunID(ev Event) string {
	h, err := wire.ReadHeader(ev.RawLine())
	if err != nil {
		return ""
	}
	runID, _ := str(wire.Lookup(h.Object, "runId"))
	return runID
}

// str reads a raw JSON string; false when absent or not a string.
func str(raw []byte) (string, bool) {
	var v string
	if len(raw) == 0 || wire.ReadString(nil, raw, &v) != nil {
		return "", false
	}
	return v, true
}

// integer reads a raw JSON integer; false when absent or not an integer.
func integer(raw []byte) (int64, bool) {
	var v int64
	if len(raw) == 0 || wire.ReadInt(nil, raw, &v) != nil {
		return 0, false
	}
	return v, true
}

// Usage is token usage summed over the run's `usage` events (each one is per model request).
type Usage struct {
	PromptTokens     int64
	CompletionTokens int64
	TotalTokens      int64
	Requests         int
}

// ToolCall is one tool call with its result and permission events, paired by call id.
type ToolCall struct {
	ID         string
	Name       string
	Args       json.RawMessage
	SideEffect string
	// Call is the *vN.ToolCallEvent (nil if only a permission event or result arrived).
	Call Event
	// ResultEvent is the *vN.ToolResultEvent (nil while no result arrived).
	ResultEvent Event
	// Status is "ok" or "error" from the result; "" while no result arrived.
	Status string
	// Output is the result's model-facing output ("" when absent).
	Output string
	// Permissions are the permission events for this call, in arrival order (they may precede
	// the call itself in parallel read batches).
	Permissions []Event
	// PermissionAction is the action of the last permission event (allow, prompt, deny, cancel).
	PermissionAction string
}

// RunErrorEvent is an `error` event of the run.
type RunErrorEvent struct {
	Code        string
	Message     string
	Recoverable bool
}

// RunResult is everything a finished (or failed) run produced.
type RunResult struct {
	Events []Event
	// Status is run_end.status; "" when no run_end arrived (see Ended).
	Status string
	// ExitCode is the exit code (run_end's, or the process's); -1 when unknown.
	ExitCode int
	RunID    string
	// Started is true when a run_start arrived (the run got as far as calling the model).
	Started       bool
	SessionID     string
	SchemaVersion int
	// Text is the text deltas joined; Reasoning the reasoning deltas joined.
	Text      string
	Reasoning string
	// Final is final.text; HasFinal tells whether a `final` event arrived.
	Final          string
	HasFinal       bool
	Usage          Usage
	ToolCalls      []*ToolCall
	Warnings       []string
	Errors         []RunErrorEvent
	ProtocolIssues []ProtocolIssue
	StderrTail     string
	// Signal is the signal that ended the process (0 when none).
	Signal syscall.Signal
	// Canceled is true when the caller's context ended the run.
	Canceled bool
	// Err is why the run failed (nil on success); Run returns the same error.
	Err error
	// HookErrors are the messages of Client.Extension callbacks that failed during the run (a
	// BeforeTool one blocked its call with that message: fail closed).
	HookErrors []string
	// SDKNotes is what the client noticed that the stream does not say, one sentence each: an
	// MCP tool Zero called unknown (its server did not start; UnknownMCPTools).
	SDKNotes []string
	// Output is the validated typed result of a run whose extension asked for one
	// (ext.Extensions.OutputType): a pointer to a value of that type; nil when it had none (Err
	// is then a *StructuredOutputError, or the run's own failure). ext.OutputAs gives it typed.
	Output any

	ended bool
}

// FinalText is the upstream rule: final.text when present and non-empty, else the joined deltas.
func (r *RunResult) FinalText() string {
	if r.Final != "" {
		return r.Final
	}
	return r.Text
}

// Ended tells whether a `run_end` event arrived.
func (r *RunResult) Ended() bool { return r.ended }

// OK tells whether the run ended with run_end exit code 0 and no client-side failure.
func (r *RunResult) OK() bool { return r.ended && r.ExitCode == 0 && r.Err == nil }

// runState reduces events into a RunResult, one event at a time.
type runState struct {
	result    RunResult
	text      strings.Builder
	reasoning strings.Builder
	tools     map[string]*ToolCall
}

func newRunState() *runState {
	return &runState{result: RunResult{ExitCode: -1}, tools: map[string]*ToolCall{}}
}

func (s *runState) snapshot() *RunResult {
	s.result.Text = s.text.String()
	s.result.Reasoning = s.reasoning.String()
	return &s.result
}

func (s *runState) tool(id *string) *ToolCall {
	key := deref(id)
	t := s.tools[key]
	if t == nil {
		t = &ToolCall{ID: key}
		s.tools[key] = t
		s.result.ToolCalls = append(s.result.ToolCalls, t)
	}
	return t
}

func deref[T ~string](p *T) string {
	if p == nil {
		return ""
	}
	return string(*p)
}

func orString(current string, p *string) string {
	if current != "" {
		return current
	}
	return deref(p)
}

func (s *runState) permission(ev Event, id, name, sessionID *string, action string) {
	t := s.tool(id)
	t.Permissions = append(t.Permissions, ev)
	t.PermissionAction = action
	t.Name = orString(t.Name, name)
	s.result.SessionID = orString(s.result.SessionID, sessionID)
}

func (s *runState) toolResult(ev Event, id, name *string, status string, output *string) {
	t := s.tool(id)
	t.ResultEvent = ev
	t.Name = orString(t.Name, name)
	t.Status = status
	t.Output = deref(output)
}

func (s *runState) toolCall(ev Event, id, name *string, args json.RawMessage, sideEffect string) {
	t := s.tool(id)
	t.Call = ev
	if name != nil {
		t.Name = *name
	}
	t.Args = args
	t.SideEffect = sideEffect
}

func (s *runState) usage(prompt, completion, total int64) {
	u := &s.result.Usage
	u.PromptTokens += prompt
	u.CompletionTokens += completion
	u.TotalTokens += total
	u.Requests++
}

func (s *runState) runEnd(status string, exitCode int64) {
	s.result.Status = status
	s.result.ExitCode = int(exitCode)
	s.result.ended = true
}

func (s *runState) errorEvent(code, message *string, recoverable bool) {
	s.result.Errors = append(s.result.Errors, RunErrorEvent{Code: deref(code), Message: deref(message), Recoverable: recoverable})
}

// apply adds one event.
func (s *runState) apply(ev Event) {
	r := &s.result
	r.Events = append(r.Events, ev)
	if r.SchemaVersion == 0 {
		r.SchemaVersion = ev.OriginalSchemaVersion()
	}
	switch e := ev.(type) {
	case *protocol.RunStartEvent:
		r.Started = true
		r.RunID, r.SessionID = e.RunID, e.GetSessionID()
	case *protocol.TextEvent:
		s.text.WriteString(e.GetDelta())
	case *protocol.ReasoningEvent:
		s.reasoning.WriteString(e.GetDelta())
	case *protocol.ToolCallEvent:
		s.toolCall(e, e.ID, e.Name, e.Args, string(e.SideEffect))
	case *protocol.PermissionEvent:
		s.permission(e, e.ID, e.Name, e.SessionID, e.GetAction())
	case *protocol.PermissionRequestEvent:
		s.permission(e, e.ID, e.Name, e.SessionID, string(e.GetAction()))
	case *protocol.PermissionDecisionEvent:
		s.permission(e, e.ID, e.Name, e.SessionID, string(e.GetAction()))
	case *protocol.ToolResultEvent:
		s.toolResult(e, e.ID, e.Name, string(e.Status), e.Output)
	case *protocol.UsageEvent:
		s.usage(e.PromptTokens, e.CompletionTokens, e.TotalTokens)
	case *protocol.FinalEvent:
		r.Final, r.HasFinal = e.GetText(), true
	case *protocol.WarningEvent:
		r.Warnings = append(r.Warnings, e.GetMessage())
	case *protocol.ErrorEvent:
		s.errorEvent((*string)(e.Code), e.Message, e.Recoverable)
	case *protocol.RunEndEvent:
		s.runEnd(string(e.GetStatus()), e.ExitCode)
	case *protocol.UnknownEvent:
		s.salvaged(e.WireType, e.Raw)
	}
	if r.RunID == "" {
		r.RunID = lineRunID(ev)
	}
}

// salvaged counts terminal events even when a field failed validation (a newer enum value).
func (s *runState) salvaged(typ string, raw map[string]json.RawMessage) {
	switch typ {
	case "run_end":
		code, ok := integer(raw["exitCode"])
		if !ok {
			return
		}
		status, _ := str(raw["status"])
		s.runEnd(status, code)
	case "error":
		var code, message *string
		if c, ok := str(raw["code"]); ok {
			code = &c
		}
		if m, ok := str(raw["message"]); ok {
			message = &m
		}
		recoverable := len(raw["recoverable"]) > 0 && raw["recoverable"][0] == 't'
		s.errorEvent(code, message, recoverable)
	}
}

// undrivableError is the error of a binary this client cannot drive at all, whatever it exited
// with; nil if not (the Python client's undrivable_error is the same):
//   - it speaks a schemaVersion this client does not support (the stream's first event says
//     which): *VersionError, even when it ended with a successful run_end;
//   - its stdout had lines but not one of them was an event of any schemaVersion (it is not
//     Zero, or not in stream-json mode): *ProtocolError naming the first bad line.
//
// A binary that wrote nothing at all is a process that died (*ProcessError). The version probe
// and a run give the same error for the same binary.
func undrivableError(r *RunResult, exitCode int, what string, cause error) Error {
	if r.SchemaVersion != 0 && !protocol.IsSupported(r.SchemaVersion) {
		msg := fmt.Sprintf("%s speaks stream-json schemaVersion %d, which this client does not support "+
			"(supported: %s); upgrade the zero-sdk Go module to a release that supports it",
			what, r.SchemaVersion, protocol.Registry().SupportedList())
		return &VersionError{newBase(msg, exitCode, r, cause)}
	}
	if r.SchemaVersion == 0 && len(r.ProtocolIssues) > 0 {
		first := r.ProtocolIssues[0]
		more := ""
		if n := len(r.ProtocolIssues) - 1; n > 0 {
			more = fmt.Sprintf(", and %d more bad line(s)", n)
		}
		msg := fmt.Sprintf("%s wrote no stream-json event: stdout line %d is %q (%s%s); "+
			"check that the command is Zero's binary (`zero exec --output-format stream-json`)",
			what, first.Line, string(firstBytes([]byte(first.Excerpt), 80)), first.Kind, more)
		return &ProtocolError{errorBase: newBase(msg, exitCode, r, cause), Line: first.Line, Kind: first.Kind}
	}
	return nil
}

// outcomeError is the error a finished process stands for, or nil when the run succeeded.
// exitCode is the process's (-1 when it was killed by signal sig); what names the process in
// messages. A process that exits without run_end is never a success, even with exit code 0.
// Neither is one that cannot be driven (undrivableError).
func outcomeError(r *RunResult, exitCode int, sig syscall.Signal, what string, cause error) Error {
	r.Signal = sig
	if err := undrivableError(r, exitCode, what, cause); err != nil {
		return err
	}
	if !r.ended {
		how := fmt.Sprintf("exited with code %d", exitCode)
		if sig != 0 {
			how = fmt.Sprintf("was killed by signal %d (%s)", int(sig), sig)
		}
		if len(r.Events) > 0 {
			how += fmt.Sprintf(" without a run_end event (%d event(s) received)", len(r.Events))
		} else {
			how += " before writing any event; check that the command is Zero's binary and that it starts"
		}
		msg := fmt.Sprintf("%s %s", what, how)
		return &ProcessError{errorBase: newBase(msg, exitCode, r, cause), Signal: sig}
	}
	if sig != 0 {
		msg := fmt.Sprintf("%s was killed by signal %d (%s) after run_end", what, int(sig), sig)
		return &ProcessError{errorBase: newBase(msg, -1, r, cause), Signal: sig}
	}
	code := exitCode
	if code <= 0 {
		// A clean process exit does not hide a failure that run_end reported.
		code = r.ExitCode
	}
	r.ExitCode = code
	if code == 0 {
		return nil
	}
	details := make([]string, 0, len(r.Errors))
	version := false
	for _, e := range r.Errors {
		if e.Code != "" {
			details = append(details, e.Code+": "+e.Message)
		} else {
			details = append(details, e.Message)
		}
		version = version || (e.Code == "usage_error" && strings.Contains(e.Message, "schemaVersion must be"))
	}
	msg := fmt.Sprintf("%s failed with status %q", what, r.Status)
	if len(details) > 0 {
		msg += ": " + strings.Join(details, "; ")
	}
	base := newBase(msg, code, r, cause)
	if version {
		return &VersionError{base}
	}
	err := errorForExit(code, base)
	// Only the error that decided the exit code counts: exit 3 is the provider class (a
	// provider_error seen on the way to exit 130 or 4 does not make those retryable).
	if provider, ok := err.(*ProviderError); ok {
		for _, e := range r.Errors {
			provider.retryable = provider.retryable || RetryableError(e.Code, e.Recoverable, r.Started)
		}
	}
	return err
}

// unknownTool is Zero's result for a tool it does not know (internal/tools/registry.go).
var unknownTool = regexp.MustCompile(`^Error: Unknown tool "(mcp_[^"]+)"\.$`)

// UnknownMCPTools gives a note for each MCP tool the model called that Zero did not know: Zero
// skips an MCP server that does not start (a crash, an import error) and says so nowhere in
// exec's stream or stderr, so the call's only trace is "Unknown tool". The note says where to
// look (the Python client's unknown_mcp_tools, same words).
func UnknownMCPTools(result *RunResult) []string {
	var notes []string
	for _, call := range result.ToolCalls {
		if call.Status != "error" {
			continue
		}
		found := unknownTool.FindStringSubmatch(call.Output)
		if found == nil {
			continue
		}
		notes = append(notes, "Zero does not know the tool "+found[1]+": the MCP server that serves it "+
			"(mcp_<server>_<tool>) did not start, or has no such tool. `zero mcp check <server>` starts "+
			"it and shows its error. A Python server written for mcp 1.x (`from mcp.server.fastmcp "+
			"import FastMCP`) fails to import on mcp 2.x, which zero-headless-sdk[tools] installs: "+
			"write `from mcp.server.mcpserver import MCPServer` (FastMCP's new name) or run it with mcp<2.")
	}
	return notes
}
