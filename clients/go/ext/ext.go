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

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/zero-sdk/zero-sdk/clients/go/zero"
)

// DefaultToolServer is the MCP server name of the tools (the model sees mcp_sdk_<tool>).
const DefaultToolServer = "sdk"

var toolName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// Tool is a tool the model of a run can call (NewTool makes one).
type Tool struct {
	Name     string
	register func(server *mcp.Server)
}

// NewTool makes a tool whose input schema is inferred from In (a struct with json tags, by the
// MCP Go SDK). The handler's text is the tool's output; an error (or a panic) becomes an MCP
// error result carrying its message: the model sees it, the run goes on. ctx ends when the run
// ends.
func NewTool[In any](name, description string, handler func(ctx context.Context, in In) (string, error)) Tool {
	return Tool{Name: name, register: func(server *mcp.Server) {
		mcp.AddTool(server, &mcp.Tool{Name: name, Description: description},
			func(ctx context.Context, _ *mcp.CallToolRequest, in In) (result *mcp.CallToolResult, _ any, _ error) {
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
// AfterTool may return text, which Zero adds to the tool's result for the model.
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
		if !toolName.MatchString(t.Name) {
			return nil, fmt.Errorf("zero ext: tool name %q: use 1 to 64 letters, digits, '_' or '-'", t.Name)
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
	runCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	run := &extensionRun{ext: e, dir: dir, token: newToken(), ctx: runCtx, cancel: cancel, conns: map[net.Conn]bool{}}
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
	cancel    context.CancelFunc

	mu         sync.Mutex
	conns      map[net.Conn]bool
	hookErrors []string
	wg         sync.WaitGroup
}

func (r *extensionRun) Env() []string { return r.env }

// Close stops serving (cancelling tools still running), removes the layer and returns the
// callbacks' error messages.
func (r *extensionRun) Close() []string {
	r.cancel()
	if r.listener != nil {
		_ = r.listener.Close()
	}
	r.mu.Lock()
	for conn := range r.conns {
		_ = conn.Close()
	}
	r.mu.Unlock()
	r.wg.Wait()
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
			t.register(server)
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
