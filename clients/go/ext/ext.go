// Package ext puts your code inside a Zero run: custom tools (served to the run as an MCP server
// built on the official MCP Go SDK, named "sdk" by default so the model sees mcp_sdk_<name>) and
// hooks (called through Zero's own hooks.json mechanism). Set it as zero.Client.Extension:
//
//	add := ext.NewTool("add", "Adds two integers.", func(ctx context.Context, in struct {
//		A int `json:"a"`
//		B int `json:"b"`
//	}) (string, error) {
//		return strconv.Itoa(in.A + in.B), nil
//	})
//	client := &zero.Client{Extension: &ext.Extensions{Tools: []ext.Tool{add}}}
//
// Each run gets a private configuration layer on top of the user's own Zero configuration
// (layer.go) and a unix socket in it; Zero reaches this process through a bridge command that is
// this same executable, re-run with a marker argument: the package's init runs the bridge and
// exits before main (so a program that imports this package needs no other wiring).
// Module github.com/zero-sdk/zero-sdk/clients/go/ext: the client module stays standard library only.
package ext

import (
	"bufio"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sync"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/zero-sdk/zero-sdk/clients/go/zero"
)

// DefaultToolServer is the MCP server name of the tools (the model sees mcp_sdk_<tool>).
const DefaultToolServer = "sdk"

var toolName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// Tool is a tool the model of a run can call (NewTool makes one).
type Tool struct {
	Name string
	// err is why the tool cannot be served (a bad name, an input type with no JSON Schema):
	// Err reports it, and a run with the tool fails with it before anything starts.
	err      error
	register func(server *mcp.Server, runCtx context.Context)
}

// ToolError is a tool that cannot be served: its name, and why.
type ToolError struct {
	Tool   string
	Reason string
}

func (e *ToolError) Error() string { return fmt.Sprintf("zero ext: tool %q: %s", e.Tool, e.Reason) }

// Err is why the tool cannot be served (a *ToolError), or nil. NewTool checks the name and
// infers the input schema when the tool is made; a run whose Extensions hold a tool with an
// error fails with it before it starts (no layer, no process).
func (t Tool) Err() error { return t.err }

// NewTool makes a tool whose input schema is inferred from In (a struct with json tags, by the
// MCP Go SDK's jsonschema package), when the tool is made: an In that has no JSON Schema (a
// chan or func field, a non-struct) gives a tool whose Err says so. The handler's text is the
// tool's output; an error (or a panic) becomes an MCP error result carrying its message: the
// model sees it, the run goes on. ctx ends when the run ends or is cancelled (a timeout, the
// caller's ctx): a handler still running then is abandoned after HandlerWait, and its result
// dropped.
func NewTool[In any](name, description string, handler func(ctx context.Context, in In) (string, error)) Tool {
	if !toolName.MatchString(name) {
		return Tool{Name: name, err: &ToolError{name, "use 1 to 64 letters, digits, '_' or '-' in the name"}}
	}
	schema, err := jsonschema.For[In](nil)
	if err != nil {
		return Tool{Name: name, err: &ToolError{name, fmt.Sprintf("input type %T has no JSON Schema: %v", *new(In), err)}}
	}
	if schema.Type != "object" {
		return Tool{Name: name, err: &ToolError{name, fmt.Sprintf("input type %T must be a struct (a JSON object), not %q", *new(In), schema.Type)}}
	}
	return Tool{Name: name, register: func(server *mcp.Server, runCtx context.Context) {
		mcp.AddTool(server, &mcp.Tool{Name: name, Description: description, InputSchema: schema},
			func(ctx context.Context, _ *mcp.CallToolRequest, in In) (result *mcp.CallToolResult, _ any, _ error) {
				ctx, stop := withRun(ctx, runCtx)
				defer stop()
				defer func() {
					if p := recover(); p != nil {
						result = errorResult(fmt.Sprintf("panic: %v", p))
					}
				}()
				text, err := handler(ctx, in)
				if err != nil {
					return errorResult(err.Error()), nil, nil
				}
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil, nil
			})
	}}
}

// withRun is ctx, also cancelled when runCtx (the run's) ends.
func withRun(ctx, runCtx context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	stop := context.AfterFunc(runCtx, func() { cancel(context.Cause(runCtx)) })
	return ctx, func() {
		stop()
		cancel(nil)
	}
}

func errorResult(message string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: message}}}
}

// ToolUse is a tool call about to run, as Zero's beforeTool hook receives it.
type ToolUse struct {
	Tool      string         `json:"tool"`
	CallID    string         `json:"toolCallId"`
	Args      map[string]any `json:"args"`
	SessionID string         `json:"sessionId"`
	Cwd       string         `json:"cwd"`
	Raw       map[string]any `json:"-"`
}

// ToolDone is a tool call that ran (Zero's afterTool hook: the status and changed files, not the output).
type ToolDone struct {
	Tool         string         `json:"tool"`
	CallID       string         `json:"toolCallId"`
	Status       string         `json:"status"`
	ChangedFiles []string       `json:"changedFiles"`
	SessionID    string         `json:"sessionId"`
	Cwd          string         `json:"cwd"`
	Raw          map[string]any `json:"-"`
}

// SessionEvent is the start or end of a run's agent loop (Zero's sessionStart / sessionEnd).
type SessionEvent struct {
	Event     string         `json:"event"`
	SessionID string         `json:"sessionId"`
	Cwd       string         `json:"cwd"`
	Raw       map[string]any `json:"-"`
}

// Decision is what BeforeTool decided: Allow(), or Block(reason).
type Decision struct {
	Blocked bool
	Reason  string
}

// Allow lets the tool call run.
func Allow() Decision { return Decision{} }

// Block vetoes the tool call; Zero gives the model reason as the call's error.
func Block(reason string) Decision { return Decision{Blocked: true, Reason: reason} }

// Hooks are the callbacks of a run. A BeforeTool that returns an error (or panics) blocks the
// call with the message (fail closed); every callback's failure lands in RunResult.HookErrors.
// AfterTool may return text, which Zero adds to the tool's result for the model. Each
// callback's ctx ends when the run is cancelled or ends, as a tool's does (HandlerWait).
type Hooks struct {
	BeforeTool func(ctx context.Context, call ToolUse) (Decision, error)
	AfterTool  func(ctx context.Context, call ToolDone) (string, error)
	OnStart    func(ctx context.Context, event SessionEvent) error
	OnEnd      func(ctx context.Context, event SessionEvent) error
}

// Extensions are a client's tools and hooks: a zero.RunExtension.
type Extensions struct {
	Tools []Tool
	Hooks *Hooks
	// ToolServer is the tools' MCP server name ("" means DefaultToolServer).
	ToolServer string
	// NoApprove leaves the tools to Zero's permission prompt (default: pre-approved, as `zero
	// mcp approve` would, so they run in the default permission mode).
	NoApprove bool
	// Instructions are added to what the agent is told, through Zero's user guidelines file:
	// the run's layer gets a ZERO.md holding the user's own (if any), then these (at most 8 KiB;
	// instructions.go). "": none.
	Instructions string
	// OutputType asks every run for a typed result (output.go): a struct type, such as
	// reflect.TypeFor[Verdict](); RunResult.Output is then a validated *Verdict. nil: none.
	OutputType reflect.Type
	// OutputTries is how many invalid objects the model may give (0: DefaultOutputTries).
	OutputTries int
}

// StartRun writes the run's layer and serves its socket (zero.RunExtension). roots are the run's
// workspace and --add-dir directories: the layer must be outside them and every other write root
// of the run (a *LayerLocationError otherwise).
func (e *Extensions) StartRun(ctx context.Context, env []string, roots []string) (zero.ExtensionRun, error) {
	server := e.ToolServer
	if server == "" {
		server = DefaultToolServer
	}
	var capture *outputCapture
	if e.OutputType != nil { // this run's copy serves the output tool too
		var err error
		if capture, err = newOutputCapture(e.OutputType, e.OutputTries, server); err != nil {
			return nil, err
		}
		withOutput := *e
		withOutput.Tools = append(append([]Tool(nil), e.Tools...), capture.tool())
		e = &withOutput
	}
	seen := map[string]bool{}
	for _, t := range e.Tools {
		if t.err != nil {
			return nil, t.err
		}
		if t.register == nil {
			return nil, &ToolError{t.Name, "not made by ext.NewTool"}
		}
		if seen[t.Name] {
			return nil, fmt.Errorf("zero ext: two tools are named %q", t.Name)
		}
		seen[t.Name] = true
	}
	self, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("zero ext: the bridge is this executable, which cannot be found: %w", err)
	}
	dir, err := NewLayerDir(WriteRoots(env, roots))
	if err != nil {
		return nil, err
	}
	// The run's callbacks see ctx's values; they end when the run is cancelled or ends
	// (Interrupt, Close), or when ctx does (the caller's Ctrl-C through signal.NotifyContext).
	runCtx, cancel := context.WithCancelCause(context.WithoutCancel(ctx))
	stopWatching := context.AfterFunc(ctx, func() { cancel(context.Cause(ctx)) })
	run := &extensionRun{ext: e, dir: dir, token: newToken(), ctx: runCtx, cancel: func() { stopWatching(); cancel(errRunEnded) }, conns: map[net.Conn]bool{}}
	if run.reaper, err = startReaper(dir); err != nil {
		run.Close()
		return nil, err
	}
	socketPath := filepath.Join(dir, socketName)
	// The socket path only: the MCP server's token goes in its env (Zero hands that to the server
	// alone); a hook gets none (docs/extensions.md, "Threat model").
	bridge := func(kind string) command {
		c := command{Command: self, Args: []string{bridgeMarker, kind, socketPath}}
		if kind == "mcp" {
			c.Env = map[string]string{TokenEnv: run.token}
		}
		return c
	}
	spec := layerSpec{approve: !e.NoApprove, hooks: map[string]command{}}
	if e.Instructions != "" {
		instructions, err := checkInstructions(e.Instructions)
		if err != nil {
			run.Close()
			return nil, err
		}
		spec.instructions = &instructions
	}
	if len(e.Tools) > 0 {
		spec.serverName = e.ToolServer
		if spec.serverName == "" {
			spec.serverName = DefaultToolServer
		}
		server := bridge("mcp")
		spec.server = &server
	}
	if h := e.Hooks; h != nil {
		for _, event := range []struct {
			name string
			on   bool
		}{{"beforeTool", h.BeforeTool != nil}, {"afterTool", h.AfterTool != nil}, {"sessionStart", h.OnStart != nil}, {"sessionEnd", h.OnEnd != nil}} {
			if event.on {
				spec.hooks[event.name] = bridge("hook")
				spec.hookOrder = append(spec.hookOrder, event.name)
			}
		}
	}
	if run.env, err = writeLayer(dir, env, spec); err != nil {
		run.Close()
		return nil, err
	}
	if run.listener, err = net.Listen("unix", socketPath); err != nil {
		run.Close()
		return nil, err
	}
	if err := os.Chmod(socketPath, 0o600); err != nil {
		run.Close()
		return nil, err
	}
	go run.serve()
	if capture != nil {
		return &outputRun{extensionRun: run, capture: capture}, nil
	}
	return run, nil
}

func newToken() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

type extensionRun struct {
	ext       *Extensions
	dir       string
	token     string
	tokenUsed bool // one MCP session per run: Zero's (guarded by mu)
	reaper    *reaper
	env       []string
	listener  net.Listener
	ctx       context.Context
	cancel    func()

	mu         sync.Mutex
	conns      map[net.Conn]bool
	hookErrors []string
	wg         sync.WaitGroup
}

func (r *extensionRun) Env() []string { return r.env }

// HandlerWait is how long the end of a run waits for the tools and callbacks still running
// (their ctx is cancelled first): one that ignores its ctx is abandoned after that, so neither
// Run nor the program waits for it (its goroutine runs on until it returns).
const HandlerWait = 2 * time.Second

// errRunEnded is the cause of a callback's ctx when its run was cancelled or ended.
var errRunEnded = errors.New("zero ext: the run ended")

// Interrupt cancels the ctx of the tools and callbacks still running and drops Zero's
// connections (zero.ExtensionInterrupter: the client calls it when it cancels the run).
func (r *extensionRun) Interrupt() {
	r.cancel()
	r.mu.Lock()
	for conn := range r.conns {
		_ = conn.Close()
	}
	r.mu.Unlock()
}

// Close stops serving (cancelling tools still running, waiting HandlerWait at most for them),
// removes the layer and returns the callbacks' error messages.
func (r *extensionRun) Close() []string {
	if r.listener != nil {
		_ = r.listener.Close()
	}
	r.Interrupt()
	done := make(chan struct{})
	go func() {
		r.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(HandlerWait):
	}
	_ = os.RemoveAll(r.dir)
	r.reaper.stop()
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.hookErrors...)
}

func (r *extensionRun) serve() {
	for {
		conn, err := r.listener.Accept()
		if err != nil {
			return
		}
		r.mu.Lock()
		r.conns[conn] = true
		r.mu.Unlock()
		r.wg.Add(1)
		go func() {
			defer r.wg.Done()
			defer func() {
				_ = conn.Close()
				r.mu.Lock()
				delete(r.conns, conn)
				r.mu.Unlock()
			}()
			r.handle(conn)
		}()
	}
}

type header struct {
	Token string `json:"token"`
	Kind  string `json:"kind"`
}

func (r *extensionRun) handle(conn net.Conn) {
	reader := bufio.NewReader(conn)
	line, err := reader.ReadBytes('\n')
	if err != nil {
		return
	}
	var h header
	if json.Unmarshal(line, &h) != nil {
		return
	}
	switch {
	case h.Kind == "hook":
		// No token: Zero gives hook commands no channel a command of the model could not read;
		// the verdict goes back to whoever connected, and Zero takes a hook's verdict only from
		// the hook process it started.
		payload, _ := reader.ReadBytes('\n')
		reply, _ := json.Marshal(r.hook(payload))
		_, _ = conn.Write(append(reply, '\n'))
	case h.Kind == "mcp" && len(r.ext.Tools) > 0:
		// The token, once: the first MCP connection with it is the server Zero started.
		r.mu.Lock()
		accepted := !r.tokenUsed && subtle.ConstantTimeCompare([]byte(h.Token), []byte(r.token)) == 1
		r.tokenUsed = r.tokenUsed || accepted
		r.mu.Unlock()
		if !accepted {
			return
		}
		server := mcp.NewServer(&mcp.Implementation{Name: "zero-sdk", Version: "0.1.0"}, nil)
		for _, t := range r.ext.Tools {
			t.register(server, r.ctx)
		}
		transport := &mcp.IOTransport{Reader: readCloser{reader, conn}, Writer: conn}
		session, err := server.Connect(r.ctx, transport, nil)
		if err != nil {
			return
		}
		_ = session.Wait()
	}
}

type readCloser struct {
	io.Reader
	io.Closer
}

type verdict struct {
	Blocked bool   `json:"blocked"`
	Reason  string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
}

func (r *extensionRun) hook(payload []byte) (reply verdict) {
	h := r.ext.Hooks
	var raw map[string]any
	_ = json.Unmarshal(payload, &raw)
	event, _ := raw["event"].(string)
	fail := func(err error) verdict {
		message := fmt.Sprintf("%s hook failed: %v", event, err)
		r.mu.Lock()
		r.hookErrors = append(r.hookErrors, message)
		r.mu.Unlock()
		return verdict{Blocked: event == "beforeTool", Reason: message}
	}
	defer func() {
		if p := recover(); p != nil {
			reply = fail(fmt.Errorf("panic: %v", p))
		}
	}()
	if h == nil {
		return verdict{}
	}
	switch event {
	case "beforeTool":
		if h.BeforeTool == nil {
			return verdict{}
		}
		var use ToolUse
		_ = json.Unmarshal(payload, &use)
		use.Raw = raw
		decision, err := h.BeforeTool(r.ctx, use)
		if err != nil {
			return fail(err)
		}
		if decision.Blocked {
			if decision.Reason == "" {
				decision.Reason = "blocked by a zero-sdk BeforeTool hook"
			}
			return verdict{Blocked: true, Reason: decision.Reason}
		}
	case "afterTool":
		if h.AfterTool == nil {
			return verdict{}
		}
		var done ToolDone
		_ = json.Unmarshal(payload, &done)
		done.Raw = raw
		message, err := h.AfterTool(r.ctx, done)
		if err != nil {
			return fail(err)
		}
		return verdict{Message: message}
	case "sessionStart", "sessionEnd":
		callback := h.OnStart
		if event == "sessionEnd" {
			callback = h.OnEnd
		}
		if callback == nil {
			return verdict{}
		}
		var ev SessionEvent
		_ = json.Unmarshal(payload, &ev)
		ev.Raw = raw
		if err := callback(r.ctx, ev); err != nil {
			return fail(err)
		}
	}
	return verdict{}
}

var errUsage = errors.New("usage: <program> " + bridgeMarker + " mcp|hook SOCKET")
