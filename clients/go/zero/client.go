// Package zero runs Zero's headless mode (`zero exec --input-format stream-json
// --output-format stream-json`) and decodes its JSONL events with the generated bindings
// (package protocol: whatever schemaVersion the binary speaks, events arrive as the latest
// version's types). It follows the Python reference client
// (clients/python/zero_client): the same error classes, exit-code classification, RunResult and
// process-group handling. Standard library only.
//
//	client := &zero.Client{Dir: "/repo"}
//	result, err := client.Run(ctx, "Summarise the README")
//
//	s, err := client.Start(ctx, "Fix the tests")
//	for s.Next() { fmt.Println(s.Event().Type()) }
//	result, err := s.Wait()
//
// With Go 1.23+ callers can also range over client.Events(ctx, "...") (an iter.Seq2-shaped
// function). Cancelling ctx ends the whole process group: SIGINT, Timeouts.Grace, SIGKILL.
//
// The schemaVersion of a run's input (prompts always go over stdin, never in argv):
//   - SchemaVersion 0 (the default): the binary's, probed once with `exec --list-tools` per
//     command, directory and environment (cached for the life of this process).
//   - SchemaVersion N: a preference. A run writes N at once, without probing. If the binary
//     speaks another version M, it refuses that input before doing anything
//     (refusedInputVersion); the client then discards that attempt (none of its events reach
//     the caller), remembers M in the probe cache and restarts the run once in M, so the caller
//     sees one run (with a new Stream.PID). Later runs of the same command, directory and
//     environment go straight to M. An M this client does not support is a *VersionError naming
//     it. A version the cache already knows wins over N (and a run in a cached or probed version
//     falls back the same way, so a binary replaced by one of another version is followed).
//   - SchemaVersion N with RequireSchemaVersion: N, always; a binary of another version fails
//     the run with a *VersionError ("schemaVersion must be M").
package zero

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol"
	"github.com/zero-sdk/zero-sdk/clients/go/protocol/wire"
)

// Defaults.
const (
	DefaultGrace           = 3 * time.Second
	DefaultStderrTailBytes = 64 * 1024
	// groupExitWait is how long to wait for the killed group's members to disappear.
	groupExitWait = time.Second
	// drainQuiet is how long a pipe may stay silent, after the group is gone, before it is
	// treated as held by an escaped process and closed.
	drainQuiet   = time.Second
	probeTimeout = 60 * time.Second
	// probeWhat is how errors name the probe.
	probeWhat = "zero exec --list-tools (the schemaVersion probe)"
)

// ProbeArgs tell the schemaVersion: `--list-tools` needs no provider and no prompt.
var ProbeArgs = []string{"exec", "--list-tools", "-o", "stream-json"}

// Timeouts are client-side limits; zero disables one (Grace defaults to DefaultGrace).
type Timeouts struct {
	// FirstEvent: from spawning until the first stdout event.
	FirstEvent time.Duration
	// Idle: the longest gap between two events once the first one arrived.
	Idle time.Duration
	// Total: the whole run.
	Total time.Duration
	// Grace: after SIGINT to the process group, how long to wait before SIGKILL.
	Grace time.Duration
}

// Client configures how `zero exec` is started. The zero value runs `zero` (or env ZERO_BIN)
// from PATH in the current directory with this process's environment.
type Client struct {
	// Command is the argv prefix that starts zero (default: env ZERO_BIN, else "zero").
	Command []string
	// Dir is the working directory (zero's workspace root); "" means the current one.
	Dir string
	// Env replaces the child's whole environment (nil: this process's, os.Environ()).
	Env []string
	// AddEnv adds "KEY=value" entries to the child's environment (Env, or this process's),
	// overriding a variable of the same name, as the Python and TypeScript clients' env does.
	AddEnv []string
	// SchemaVersion to write first, without probing (one of protocol.Supported()); a binary of
	// another version gets the run restarted once in its own (see the package comment). 0
	// detects it with `exec --list-tools` (cached).
	SchemaVersion int
	// RequireSchemaVersion writes SchemaVersion always: a binary of another version fails the
	// run with a *VersionError.
	RequireSchemaVersion bool
	Model                string
	Auto                 string
	PermissionMode       string
	EnabledTools         []string
	DisabledTools        []string
	// Resume is `--resume ID`; ResumeLatest a bare `--resume` (the latest session).
	Resume       string
	ResumeLatest bool
	// Fork is `--fork ID`: a new session starting from ID's conversation.
	Fork     string
	MaxTurns int
	// Images are `--image PATH` each (vision models); AddDirs `--add-dir PATH` each.
	Images          []string
	AddDirs         []string
	Plan            bool
	Mode            string
	ExecProfile     string
	ReasoningEffort string
	// Worktree is `--worktree` (`--worktree=WorktreeName` when a name is given).
	Worktree     bool
	WorktreeName string
	WorktreeDir  string
	Tag          string
	SessionTitle string
	// InitSessionID is `--init-session-id ID`: the id of the session the run creates (Session
	// uses it).
	InitSessionID         string
	SkipPermissionsUnsafe bool
	AllowEscalation       bool
	SelfCorrect           bool
	NoCompletionGate      bool
	// ExtraArgs are passed after the client's own `exec` flags.
	ExtraArgs []string
	// Extension puts your code inside each run: custom tools and hooks (the module
	// github.com/zero-sdk/zero-sdk/clients/go/ext implements it with the MCP Go SDK;
	// docs/extensions.md). nil: none.
	Extension RunExtension
	// Strict makes a bad stdout line end the run with a *ProtocolError (default: lenient,
	// recorded in RunResult.ProtocolIssues).
	Strict          bool
	Timeouts        Timeouts
	StderrTailBytes int
	// Tracer traces each run (zerootel.NewTracer, in the module clients/go/otel, records
	// OpenTelemetry spans); nil: no tracing.
	Tracer RunTracer
}

// RunExtension starts what a run needs to reach your code (a private configuration layer and
// the server behind it); the client depends on no MCP library: clients/go/ext implements this.
type RunExtension interface {
	// StartRun prepares one run whose environment is env and whose workspace, --add-dir and
	// --worktree-dir directories are roots (what it keeps private must be outside every directory the run may
	// write); the run gets ExtensionRun.Env().
	StartRun(ctx context.Context, env []string, roots []string) (ExtensionRun, error)
}

// ExtensionRun is one run's extension: closed when the run ends, however it ends.
type ExtensionRun interface {
	// Env holds "KEY=value" entries added to the run's environment.
	Env() []string
	// Close stops serving, removes the run's layer and returns the callbacks' error messages.
	Close() []string
}

// OutputRun is implemented by an ExtensionRun that asks its run for a typed result
// (ext.Extensions.OutputType): the prompt gets PromptSuffix, and when the run ends Output gives
// RunResult.Output, or the error the run fails with (when it did not fail already).
type OutputRun interface {
	PromptSuffix() string
	Output(result *RunResult) (any, error)
}

// ExtensionInterrupter is an ExtensionRun that can cancel what it runs before Close: the client
// calls Interrupt as soon as it cancels a run that is still going (a timeout, the caller's ctx,
// Stream.Close), while zero gets its SIGINT.
type ExtensionInterrupter interface {
	Interrupt()
}

// RunTracer starts the trace of a run. The client depends on no tracing library: the module
// github.com/zero-sdk/zero-sdk/clients/go/otel implements this with OpenTelemetry.
type RunTracer interface {
	// StartRun begins the trace of a run started with ctx (its span starts now).
	StartRun(ctx context.Context) RunTrace
}

// RunTrace is the trace of one run, fed by the client.
type RunTrace interface {
	// Env holds "KEY=value" entries added to the run's processes (TRACEPARENT, TRACESTATE).
	Env() []string
	// Recording is false when the trace records nothing: events are then not fed to Observe.
	Recording() bool
	// Observe is called with every event of the run, in order.
	Observe(ev Event)
	// Finish ends the trace with the run's result (nil when no process ran) and its error.
	Finish(result *RunResult, err error)
}

// RunEnvReader is implemented by a RunTrace that reads the environment the run's processes get
// (zerootel takes the model API's base URL from it for server.address); the client calls it
// once, before the run starts.
type RunEnvReader interface {
	ReadRunEnv(env []string)
}

// Input is one piece of the prompt: a string, or an input event such as *protocol.PromptInput or
// *protocol.MessageInput (written in the schemaVersion the binary speaks). Prompts always go
// over stdin, never in argv.
type Input = any

// probeCache holds the binary's schemaVersion by probeKey: what a probe or a refused run told.
var probeCache sync.Map

// probeKey is the probe cache's key: a configuration that starts the same binary.
func (c *Client) probeKey() string {
	return strings.Join(c.command(), "\x00") + "\x01" + c.Dir + "\x01" + strings.Join(c.env(), "\x00")
}

func (c *Client) command() []string {
	if len(c.Command) > 0 {
		return c.Command
	}
	if bin := os.Getenv("ZERO_BIN"); bin != "" {
		return []string{bin}
	}
	return []string{"zero"}
}

// ExecArgs is the `zero exec` argv after the command.
func (c *Client) ExecArgs() []string {
	args := []string{"exec", "--input-format", "stream-json", "--output-format", "stream-json"}
	add := func(flag, value string) {
		if value != "" {
			args = append(args, flag, value)
		}
	}
	add("--model", c.Model)
	add("--mode", c.Mode)
	add("--exec-profile", c.ExecProfile)
	add("--reasoning-effort", c.ReasoningEffort)
	add("--auto", c.Auto)
	add("--permission-mode", c.PermissionMode)
	if c.MaxTurns != 0 {
		add("--max-turns", strconv.Itoa(c.MaxTurns))
	}
	add("--worktree-dir", c.WorktreeDir)
	add("--tag", c.Tag)
	add("--session-title", c.SessionTitle)
	add("--init-session-id", c.InitSessionID)
	add("--fork", c.Fork)
	if c.EnabledTools != nil {
		args = append(args, "--enabled-tools", strings.Join(c.EnabledTools, ","))
	}
	if c.DisabledTools != nil {
		args = append(args, "--disabled-tools", strings.Join(c.DisabledTools, ","))
	}
	for _, image := range c.Images {
		args = append(args, "--image", image)
	}
	for _, dir := range c.AddDirs {
		args = append(args, "--add-dir", dir)
	}
	for _, sw := range []struct {
		flag string
		on   bool
	}{
		{"--plan", c.Plan},
		{"--skip-permissions-unsafe", c.SkipPermissionsUnsafe},
		{"--allow-escalation", c.AllowEscalation},
		{"--self-correct", c.SelfCorrect},
		{"--no-completion-gate", c.NoCompletionGate},
	} {
		if sw.on {
			args = append(args, sw.flag)
		}
	}
	// `--worktree=NAME`, so the optional name cannot swallow the next argument.
	if c.WorktreeName != "" {
		args = append(args, "--worktree="+c.WorktreeName)
	} else if c.Worktree {
		args = append(args, "--worktree")
	}
	args = append(args, c.ExtraArgs...)
	// Last, because a bare `--resume` takes the next non-flag argument as the session id.
	if c.Resume != "" {
		args = append(args, "--resume", c.Resume)
	} else if c.ResumeLatest {
		args = append(args, "--resume")
	}
	return args
}

// checkVersion is nil for a version this client supports, else a *VersionError naming it and
// the supported versions (and the command that speaks it, when spokenBy gives one; result is
// the run that told it, if any).
func checkVersion(version int, spokenBy []string, result *RunResult) error {
	if protocol.IsSupported(version) {
		return nil
	}
	speaker := ""
	if len(spokenBy) > 0 {
		speaker = " (spoken by " + strings.Join(spokenBy, " ") + ")"
	}
	msg := fmt.Sprintf("schemaVersion %d%s is not supported by this client (supported: %s)",
		version, speaker, protocol.Registry().SupportedList())
	exitCode := -1
	if result != nil {
		exitCode = result.ExitCode
	}
	return &VersionError{newBase(msg, exitCode, result, nil)}
}

// firstVersion is the schemaVersion a run writes first: the required one, else the binary's
// when cached, else the preferred one, else probed.
func (c *Client) firstVersion(ctx context.Context) (int, error) {
	if c.SchemaVersion != 0 {
		if err := checkVersion(c.SchemaVersion, nil, nil); err != nil {
			return 0, err
		}
	}
	if c.RequireSchemaVersion || c.SchemaVersion == 0 {
		return c.DetectSchemaVersion(ctx) // the required one; or cached, else probed
	}
	if v, ok := probeCache.Load(c.probeKey()); ok {
		return v.(int), nil
	}
	return c.SchemaVersion, nil
}

// EncodeInputs is the JSONL stdin payload of inputs for schemaVersion version.
func EncodeInputs(version int, inputs ...Input) ([]byte, error) {
	if len(inputs) == 0 {
		return nil, errors.New("zero: the prompt is empty: pass a string or an input event")
	}
	var out []byte
	for _, in := range inputs {
		var event json.Marshaler
		switch v := in.(type) {
		case string:
			event = &protocol.PromptInput{Content: v}
		case json.Marshaler:
			event = v
		default:
			return nil, fmt.Errorf("zero: unsupported input type %T (want a string or an input event)", in)
		}
		line, err := protocol.EncodeInput(version, event)
		if err != nil {
			// What the binary would refuse with a usage error (exit 2), refused before starting it.
			msg := fmt.Sprintf("input %T is not valid schemaVersion %d input: %v", in, version, err)
			return nil, &UsageError{newBase(msg, -1, nil, err)}
		}
		out = append(append(out, line...), '\n')
	}
	return out, nil
}

// DetectSchemaVersion returns the binary's schemaVersion: the required one
// (RequireSchemaVersion), else the cached one, else probed with `exec --list-tools` (cached per
// command, directory and environment). A preferred SchemaVersion is not taken for the binary's:
// this asks it.
func (c *Client) DetectSchemaVersion(ctx context.Context) (int, error) {
	if c.RequireSchemaVersion {
		if c.SchemaVersion == 0 {
			return 0, &VersionError{newBase("RequireSchemaVersion needs the SchemaVersion to require", -1, nil, nil)}
		}
		return c.SchemaVersion, checkVersion(c.SchemaVersion, nil, nil)
	}
	key := c.probeKey()
	if v, ok := probeCache.Load(key); ok {
		return v.(int), nil
	}
	limits := Timeouts{Total: probeTimeout, Grace: c.Timeouts.Grace}
	if c.Timeouts.Total > 0 && c.Timeouts.Total < probeTimeout {
		limits.Total = c.Timeouts.Total
	}
	p, err := c.spawn(ctx, ProbeArgs, nil, limits, true)
	if err != nil {
		return 0, err
	}
	for range p.events {
	}
	result, runErr := p.finish()
	if result.SchemaVersion == 0 || !protocol.IsSupported(result.SchemaVersion) {
		// The error a run of this binary ends with: it died, wrote no event, or speaks an
		// unsupported version (a clean run_end carries a version, so there always is one).
		if runErr != nil {
			return 0, runErr
		}
		return 0, &VersionError{newBase(probeWhat+" wrote no schemaVersion", result.ExitCode, result, nil)}
	}
	probeCache.Store(key, result.SchemaVersion)
	return result.SchemaVersion, nil
}

func (c *Client) env() []string {
	base := c.Env
	if base == nil {
		base = os.Environ()
	}
	if len(c.AddEnv) == 0 {
		return base
	}
	// exec.Cmd keeps the last value of a repeated key, so appending overrides.
	return append(append([]string(nil), base...), c.AddEnv...)
}

// Start begins a run and returns a Stream of its events.
func (c *Client) Start(ctx context.Context, inputs ...Input) (*Stream, error) {
	var trace RunTrace
	if c.Tracer != nil {
		trace = c.Tracer.StartRun(ctx)
		if reader, ok := trace.(RunEnvReader); ok && trace.Recording() {
			reader.ReadRunEnv(c.env())
		}
	}
	version, err := c.firstVersion(ctx)
	if err != nil {
		if trace != nil {
			trace.Finish(nil, err)
		}
		return nil, err
	}
	config := *c // a restart starts what this call would have, whatever the caller changes later
	if trace != nil {
		// The run span's trace context, for a Zero that traces (not in the probe cache's key).
		config.AddEnv = append(append([]string(nil), c.AddEnv...), trace.Env()...)
		if !trace.Recording() {
			defer trace.Finish(nil, nil) // nothing recorded: the span just ends
			trace = nil
		}
	}
	var extension ExtensionRun
	if c.Extension != nil {
		roots := append([]string{c.Dir}, c.AddDirs...)
		if c.WorktreeDir != "" {
			roots = append(roots, c.WorktreeDir)
		}
		if c.Dir == "" {
			roots[0] = "." // the current directory, as the process runs in it
		}
		extension, err = c.Extension.StartRun(ctx, c.env(), roots)
		if err != nil {
			if trace != nil {
				trace.Finish(nil, err)
			}
			return nil, err
		}
		config.AddEnv = append(append([]string(nil), config.AddEnv...), extension.Env()...)
		if output, ok := extension.(OutputRun); ok {
			inputs = withPromptSuffix(inputs, output.PromptSuffix())
		}
	}
	s := &Stream{client: &config, ctx: ctx, inputs: inputs, mayFallBack: !c.RequireSchemaVersion, trace: trace, extension: extension}
	if err := s.startIn(version); err != nil {
		s.closeExtension(nil)
		s.endTrace(nil, err)
		return nil, err
	}
	return s, nil
}

// Run runs to the end and returns the result; err is the run's typed error (also in
// result.Err). result is nil only when no process could be started.
func (c *Client) Run(ctx context.Context, inputs ...Input) (*RunResult, error) {
	s, err := c.Start(ctx, inputs...)
	if err != nil {
		return nil, err
	}
	for s.Next() {
	}
	return s.Wait()
}

// Events returns an iter.Seq2[Event, error]-shaped function: with Go 1.23+,
//
//	for ev, err := range client.Events(ctx, "hi") { ... }
//
// Events arrive with a nil error; a failed run ends with one (nil, err) pair. Breaking out of
// the loop ends the process group and returns once the child exited.
func (c *Client) Events(ctx context.Context, inputs ...Input) iter.Seq2[Event, error] {
	return func(yield func(Event, error) bool) {
		s, err := c.Start(ctx, inputs...)
		if err != nil {
			yield(nil, err)
			return
		}
		defer s.Close()
		for s.Next() {
			if !yield(s.Event(), nil) {
				return
			}
		}
		if _, err := s.Wait(); err != nil {
			yield(nil, err)
		}
	}
}

// Stream is a run in progress. Call Next until it returns false, then Wait; or Close to end
// the run early. Not safe for concurrent use.
type Stream struct {
	p      *process
	cur    Event
	result *RunResult
	err    error
	done   bool

	client  *Client
	ctx     context.Context
	inputs  []Input
	version int // the schemaVersion of the current process's input
	// mayFallBack: until the first event, the binary may refuse version and have the run
	// restarted once in its own (refusedInputVersion).
	mayFallBack bool
	// trace sees the events of the attempt the caller gets (nil: no tracing, or nothing recorded).
	trace RunTrace
	// extension is the run's tools/hooks layer (nil: none); closed when the run ends.
	extension ExtensionRun
}

// closeExtension closes the run's extension once; its callbacks' errors go to result.
func (s *Stream) closeExtension(result *RunResult) {
	if s.extension == nil {
		return
	}
	errs := s.extension.Close()
	output, asked := s.extension.(OutputRun)
	s.extension = nil
	if result != nil {
		result.HookErrors = errs
	}
	if asked && result != nil {
		value, err := output.Output(result)
		result.Output = value
		if err != nil && s.err == nil {
			s.err, result.Err = err, err
		}
	}
}

// withPromptSuffix adds suffix to the last text of inputs (a string, or a *protocol.PromptInput);
// anything else gets it as one more prompt.
func withPromptSuffix(inputs []Input, suffix string) []Input {
	out := append([]Input(nil), inputs...)
	if len(out) == 0 {
		return out
	}
	switch last := out[len(out)-1].(type) {
	case string:
		out[len(out)-1] = last + suffix
	case *protocol.PromptInput:
		changed := *last
		changed.Content += suffix
		out[len(out)-1] = &changed
	default:
		out = append(out, strings.TrimLeft(suffix, "\n"))
	}
	return out
}

// observe feeds ev to the run's trace.
func (s *Stream) observe(ev Event) {
	if s.trace != nil {
		s.trace.Observe(ev)
	}
}

// endTrace ends the run's trace once.
func (s *Stream) endTrace(result *RunResult, err error) {
	if s.trace != nil {
		s.trace.Finish(result, err)
		s.trace = nil
	}
}

// PID is the pid (and process-group id) of the current zero process. When the binary refuses
// a preferred SchemaVersion (it speaks another one), the run is restarted in the binary's
// version and PID changes to the new process's.
func (s *Stream) PID() int { return s.p.pid }

// startIn spawns the run with its input in version.
func (s *Stream) startIn(version int) error {
	payload, err := EncodeInputs(version, s.inputs...)
	if err != nil {
		return err
	}
	p, err := s.client.spawn(s.ctx, s.client.ExecArgs(), payload, s.client.Timeouts, false)
	if err != nil {
		return err
	}
	s.p, s.version = p, version
	if interrupter, ok := s.extension.(ExtensionInterrupter); ok {
		// The run is cancelled (a timeout, ctx, Close) while zero still runs: the extension
		// cancels its tools and callbacks now, so zero is not kept waiting on one of them.
		context.AfterFunc(p.ctx, func() {
			select {
			case <-p.exited: // the run ended by itself; Close follows
			default:
				interrupter.Interrupt()
			}
		})
	}
	return nil
}

// Next waits for the next event; false once the process exited and its output was read.
func (s *Stream) Next() bool {
	if s.done {
		return false
	}
	ev, ok := <-s.p.events
	if !ok {
		s.finish()
		return false
	}
	if s.mayFallBack {
		s.mayFallBack = false
		if version, refused := refusedInputVersion(ev, s.version); refused {
			if err := s.restart(version); err != nil {
				return false
			}
			return s.Next()
		}
	}
	s.observe(ev)
	s.cur = ev
	return true
}

// restart reads the refused attempt to its end (Zero exits at once), dropping its events, and
// starts the run again in version, the binary's, remembered for later runs. A version this
// client does not support, or a failed start, ends the stream with that error (its result is
// the refused attempt's).
func (s *Stream) restart(version int) error {
	for range s.p.events {
	}
	refused, _ := s.p.finish()
	err := checkVersion(version, s.client.command(), refused)
	if err == nil {
		probeCache.Store(s.client.probeKey(), version)
		err = s.startIn(version)
	}
	if err != nil {
		s.done, s.cur, s.result, s.err = true, nil, refused, err
		refused.Err = err
		s.closeExtension(refused)
		s.endTrace(refused, err)
	}
	return err
}

// Event is the event Next moved to.
func (s *Stream) Event() Event { return s.cur }

// Wait reads the remaining events, waits for the process, and returns the result and the
// run's typed error.
func (s *Stream) Wait() (*RunResult, error) {
	for s.Next() {
	}
	return s.result, s.err
}

// Close ends the process group if it is still running (SIGINT, grace, SIGKILL) and returns
// once the child exited. The result is then available from Wait.
func (s *Stream) Close() error {
	if !s.done {
		s.p.cancel(errClosed)
		for ev := range s.p.events {
			s.observe(ev) // what zero writes on its way out reaches the trace too
		}
		s.finish()
	}
	return nil
}

func (s *Stream) finish() {
	if s.done {
		return
	}
	s.done = true
	s.cur = nil
	for ev := range s.p.events {
		s.observe(ev)
	}
	result, err := s.p.finish()
	s.result = result
	if err != nil {
		s.err = err
	}
	if s.result != nil {
		s.result.SDKNotes = UnknownMCPTools(s.result)
	}
	s.closeExtension(s.result)
	s.endTrace(s.result, s.err)
}

var errClosed = errors.New("zero: stream closed")

// ---------------------------------------------------------------------------------- process

// stderrTail keeps the last limit bytes of stderr.
type stderrTail struct {
	mu    sync.Mutex
	limit int
	buf   []byte
}

func (t *stderrTail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.limit <= 0 {
		return len(p), nil
	}
	if len(p) >= t.limit {
		t.buf = append(t.buf[:0], p[len(p)-t.limit:]...)
		return len(p), nil
	}
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.limit; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

func (t *stderrTail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

// watchedPipe is a pipe reader that tells whether it is waiting for data and how much it read.
type watchedPipe struct {
	f       *os.File
	n       atomic.Int64
	waiting atomic.Bool
}

func (w *watchedPipe) Read(p []byte) (int, error) {
	w.waiting.Store(true)
	n, err := w.f.Read(p)
	w.waiting.Store(false)
	w.n.Add(int64(n))
	return n, err
}

type process struct {
	pid    int
	cmd    *exec.Cmd
	ctx    context.Context
	cancel context.CancelCauseFunc
	strict bool
	what   string // how errors name the process ("zero exec", or the probe)
	events chan Event
	state  *runState
	issues []ProtocolIssue
	line   int
	stderr *stderrTail
	stdout *watchedPipe
	errp   *watchedPipe

	timeouts   Timeouts
	eventTimer *time.Timer // owned by the reader goroutine until it is done
	totalTimer *time.Timer
	sawEvent   bool

	readersDone sync.WaitGroup
	exited      chan struct{}
	exitCode    int
	signal      syscall.Signal
	cause       error // why runCtx was cancelled before the child exited (nil if it was not)
}

// spawn starts one process; probe marks the version probe, which decodes leniently (it needs
// only the version, and a binary that cannot be driven is then classified as a run classifies
// it) and names itself in errors.
func (c *Client) spawn(parent context.Context, args []string, payload []byte, timeouts Timeouts, probe bool) (*process, error) {
	argv := append(append([]string{}, c.command()...), args...)
	if c.Dir != "" {
		if info, err := os.Stat(c.Dir); err != nil || !info.IsDir() {
			return nil, &UsageError{newBase("cwd must be an existing directory: "+c.Dir, -1, nil, err)}
		}
	}
	if argv[0] == "" {
		return nil, &NotFoundError{newBase("the command to start zero is empty", -1, nil, nil), ""}
	}
	if timeouts.Grace <= 0 {
		timeouts.Grace = DefaultGrace
	}
	ctx, cancel := context.WithCancelCause(parent)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = c.Dir
	cmd.Env = c.env()
	cmd.SysProcAttr = processAttributes()
	cmd.Cancel = func() error {
		// A cancel is an interrupt, as Ctrl-C is for zero: SIGINT to the whole group, and stdout
		// is still read, so the error/run_end (status interrupted) zero writes on the way out
		// reach the result. Wait awaits the child's exit, WaitDelay SIGKILLs a child that
		// ignores the interrupt (the group is SIGKILLed after the exit).
		err := syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
		if errors.Is(err, syscall.ESRCH) {
			return os.ErrProcessDone
		}
		return err
	}
	cmd.WaitDelay = timeouts.Grace

	var files []*os.File
	closeAll := func() {
		for _, f := range files {
			f.Close()
		}
	}
	pipe := func() (*os.File, *os.File, error) {
		r, w, err := os.Pipe()
		if err == nil {
			files = append(files, r, w)
		}
		return r, w, err
	}
	stdinR, stdinW, err1 := pipe()
	stdoutR, stdoutW, err2 := pipe()
	stderrR, stderrW, err3 := pipe()
	if err := errors.Join(err1, err2, err3); err != nil {
		closeAll()
		cancel(nil)
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdinR, stdoutW, stderrW
	if err := startProcess(cmd); err != nil {
		closeAll()
		cancel(nil)
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return nil, &InterruptedError{newBase("zero exec was not started: "+err.Error(), -1, nil, err)}
		}
		why := "was not found; install zero, set ZERO_BIN, or set Client.Command"
		if !errors.Is(err, os.ErrNotExist) {
			why = "cannot be executed: " + err.Error()
		}
		return nil, &NotFoundError{newBase(argv[0]+" "+why, -1, nil, err), argv[0]}
	}
	stdinR.Close()
	stdoutW.Close()
	stderrW.Close()

	limit := c.StderrTailBytes
	if limit == 0 {
		limit = DefaultStderrTailBytes
	}
	p := &process{
		pid:      cmd.Process.Pid,
		cmd:      cmd,
		ctx:      ctx,
		cancel:   cancel,
		strict:   c.Strict && !probe,
		what:     "zero exec",
		events:   make(chan Event, 64),
		state:    newRunState(),
		stderr:   &stderrTail{limit: limit},
		stdout:   &watchedPipe{f: stdoutR},
		errp:     &watchedPipe{f: stderrR},
		timeouts: timeouts,
		exited:   make(chan struct{}),
		exitCode: -1,
	}
	// stdin: written from its own goroutine (zero reads it to EOF before the run), then closed.
	go func() {
		_, _ = stdinW.Write(payload) // EPIPE: the child exited before reading its input
		stdinW.Close()
	}()
	if timeouts.Total > 0 {
		p.totalTimer = time.AfterFunc(timeouts.Total, func() { p.timeout("total", timeouts.Total) })
	}
	if timeouts.FirstEvent > 0 {
		p.eventTimer = time.AfterFunc(timeouts.FirstEvent, func() { p.timeout("first_event", timeouts.FirstEvent) })
	}
	if probe {
		p.what = probeWhat
	}
	p.readersDone.Add(2)
	go p.readStdout()
	go func() {
		defer p.readersDone.Done()
		_, _ = io.Copy(p.stderr, p.errp)
	}()
	go p.wait(stdoutR, stderrR)
	return p, nil
}

// timeout ends the run with a *TimeoutError (its result is filled in by finish).
func (p *process) timeout(kind string, d time.Duration) {
	what := map[string]string{"first_event": "for the first event", "idle": "between events", "total": "for the whole run"}[kind]
	msg := fmt.Sprintf("zero exec timed out: no progress within the %s timeout of %s (%s)", kind, d, what)
	p.cancel(&TimeoutError{errorBase: newBase(msg, -1, nil, nil), Kind: kind, Duration: d})
}

// readStdout splits stdout on '\n' with no length limit (ReadSlice, accumulating a line that
// outgrows the buffer) and decodes each line.
func (p *process) readStdout() {
	defer p.readersDone.Done()
	defer close(p.events)
	reader := bufio.NewReaderSize(p.stdout, 64*1024)
	var long []byte
	for {
		chunk, err := reader.ReadSlice('\n')
		switch {
		case err == bufio.ErrBufferFull:
			long = append(long, chunk...)
			continue
		case err == nil:
			line := chunk[:len(chunk)-1]
			if long != nil {
				line = append(long, line...)
				long = nil
			}
			if !p.handleLine(line) {
				p.discard(reader)
				return
			}
		default: // EOF or a closed pipe: an unterminated last line still counts
			if last := append(long, chunk...); len(last) > 0 {
				p.handleLine(last)
			}
			return
		}
	}
}

func (p *process) discard(r io.Reader) { _, _ = io.Copy(io.Discard, r) }

// handleLine decodes one line; false when strict decoding failed and reading should stop.
func (p *process) handleLine(line []byte) bool {
	p.line++
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	if len(bytes.TrimSpace(line)) == 0 {
		return true
	}
	ev, err := decodeLine(line, p.strict)
	if err != nil {
		excerpt := string(firstBytes(line, issueExcerptBytes))
		var perr *protocol.ProtocolError
		kind := "invalid_json"
		if errors.As(err, &perr) {
			kind = string(perr.Kind)
		}
		if p.strict {
			if version, ok := unsupportedVersion(line); ok {
				// The binary speaks another version: say so, as a lenient run's outcome does.
				msg := fmt.Sprintf("stdout line %d is in stream-json schemaVersion %d, which this client does not "+
					"support (supported: %s); upgrade the zero-sdk Go module to a release that supports it",
					p.line, version, protocol.Registry().SupportedList())
				p.cancel(&VersionError{newBase(msg, -1, nil, err)})
				return false
			}
			msg := fmt.Sprintf("stdout line %d is not a valid protocol event: %s", p.line, err)
			p.cancel(&ProtocolError{errorBase: newBase(msg, -1, nil, err), Line: p.line, Kind: kind})
			return false
		}
		p.issues = append(p.issues, ProtocolIssue{Line: p.line, Kind: kind, Message: err.Error(), Excerpt: excerpt})
		if ev = salvage(line); ev == nil {
			return true
		}
	}
	p.state.apply(ev)
	if !p.sawEvent && p.eventTimer != nil {
		p.eventTimer.Stop() // the first-event timer
		p.eventTimer = nil
	}
	p.sawEvent = true
	if idle := p.timeouts.Idle; idle > 0 {
		if p.eventTimer == nil {
			p.eventTimer = time.AfterFunc(idle, func() { p.timeout("idle", idle) })
		} else {
			p.eventTimer.Reset(idle)
		}
	}
	p.events <- ev
	return true
}

// unsupportedVersion is the schemaVersion of a JSON object line when it is an integer this
// client does not support.
func unsupportedVersion(line []byte) (int, bool) {
	h, err := wire.ReadHeader(line)
	if err != nil {
		return 0, false
	}
	version, ok := integer(h.Version)
	return int(version), ok && !protocol.IsSupported(int(version))
}

func firstBytes(b []byte, n int) []byte {
	if len(b) > n {
		return b[:n]
	}
	return b
}

// wait reaps the child, ends the rest of its process group, and makes sure the pipes close.
func (p *process) wait(stdoutR, stderrR *os.File) {
	_ = p.cmd.Wait()
	if p.ctx.Err() != nil {
		p.cause = context.Cause(p.ctx)
	}
	if ws, ok := p.cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		p.signal = ws.Signal()
	} else {
		p.exitCode = p.cmd.ProcessState.ExitCode()
	}
	// Also ends grandchildren that still hold stdout/stderr open.
	if syscall.Kill(-p.pid, syscall.SIGKILL) == nil {
		deadline := time.Now().Add(groupExitWait)
		for time.Now().Before(deadline) && groupHasLiveMembers(p.pid) {
			time.Sleep(10 * time.Millisecond)
		}
	}
	done := make(chan struct{})
	go func() {
		p.readersDone.Wait()
		close(done)
	}()
	for {
		before := p.stdout.n.Load() + p.errp.n.Load()
		select {
		case <-done:
			close(p.exited)
			return
		case <-time.After(drainQuiet):
		}
		idle := p.stdout.n.Load()+p.errp.n.Load() == before
		if idle && (p.stdout.waiting.Load() || p.errp.waiting.Load()) {
			// An escaped process holds a pipe open: stop reading (Close unblocks the Read).
			if p.stdout.waiting.Load() {
				stdoutR.Close()
			}
			if p.errp.waiting.Load() {
				stderrR.Close()
			}
		}
	}
}

// finish waits until the process exited and its output was read, and classifies the outcome.
func (p *process) finish() (*RunResult, Error) {
	for range p.events {
	}
	<-p.exited
	if p.totalTimer != nil {
		p.totalTimer.Stop()
	}
	if p.eventTimer != nil {
		p.eventTimer.Stop()
	}
	p.stdout.f.Close()
	p.errp.f.Close()
	if p.cause == nil && p.ctx.Err() != nil {
		// A reader cancelled the run (a strict decode error) after the process had already
		// exited and wait() had looked: the readers are done now, so the cause is final.
		p.cause = context.Cause(p.ctx)
	}
	p.cancel(nil)
	result := p.state.snapshot()
	result.ProtocolIssues = p.issues
	result.StderrTail = p.stderr.String()
	var failure Error
	var timeout *TimeoutError
	var perr *ProtocolError
	var verr *VersionError
	switch {
	case errors.As(p.cause, &timeout):
		timeout.result, timeout.runID, timeout.stderr = result, result.RunID, result.StderrTail
		failure = timeout
	case errors.As(p.cause, &perr):
		perr.result, perr.runID, perr.stderr = result, result.RunID, result.StderrTail
		failure = perr
	case errors.As(p.cause, &verr):
		verr.result, verr.runID, verr.stderr = result, result.RunID, result.StderrTail
		failure = verr
	case p.cause != nil && !errors.Is(p.cause, errClosed):
		result.Canceled = true
	}
	var cause error
	if result.Canceled {
		cause = p.cause
	}
	if failure == nil && p.cause != nil && !result.ended {
		// The client's cancel (ctx, or Close) ended a run that wrote no run_end: an interruption
		// the client caused, not a crash (the Python and TypeScript clients say the same).
		how := fmt.Sprintf("ended by the cancel (exit status %d)", p.exitCode)
		if p.signal == syscall.SIGKILL {
			how = fmt.Sprintf("killed (SIGKILL) after ignoring the cancel for %s", p.timeouts.Grace)
		} else if p.signal != 0 {
			how = fmt.Sprintf("ended by the cancel (signal %s)", p.signal)
		}
		result.Signal = p.signal
		result.Status = "interrupted"
		failure = &InterruptedError{newBase("zero exec was cancelled by the client and "+how, -1, result, cause)}
		result.Err = failure
		return result, failure
	}
	outcome := outcomeError(result, p.exitCode, p.signal, p.what, cause)
	if failure == nil && outcome != nil {
		failure = outcome
	}
	if failure != nil {
		result.Err = failure
		return result, failure
	}
	return result, nil
}

// groupHasLiveMembers tells whether process group pgid still has a member that is not a
// zombie. Zombies count for kill(-pgid, 0), and an orphaned grandchild's zombie may never be
// reaped (a container's PID 1 often does not), so /proc is consulted where it exists.
func groupHasLiveMembers(pgid int) bool {
	if err := syscall.Kill(-pgid, 0); err != nil {
		return errors.Is(err, syscall.EPERM)
	}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return true
	}
	want := fmt.Sprint(pgid)
	for _, entry := range entries {
		name := entry.Name()
		if name[0] < '0' || name[0] > '9' {
			continue
		}
		data, err := os.ReadFile("/proc/" + name + "/stat")
		if err != nil {
			continue
		}
		i := strings.LastIndexByte(string(data), ')')
		if i < 0 {
			continue
		}
		fields := strings.Fields(string(data[i+1:]))
		if len(fields) > 2 && fields[2] == want && fields[0] != "Z" {
			return true
		}
	}
	return false
}
