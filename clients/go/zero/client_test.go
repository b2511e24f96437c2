package zero_test

// End-to-end tests of the Go client against the real `zero-engine exec` process (scripted
// provider, docs/scripted-provider.md), for every schemaVersion of the registry that the engine
// speaks. Nothing is mocked.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol"
	"github.com/zero-sdk/zero-sdk/clients/go/zero"
)

const MiB = 1024 * 1024

type step = map[string]any

// engine is the zero-engine console script: env ZERO_ENGINE_BIN, else the repo's venv.
func engine(t *testing.T) string {
	t.Helper()
	path := os.Getenv("ZERO_ENGINE_BIN")
	if path == "" {
		path = filepath.Join("..", "..", "..", ".venv", "bin", "zero-engine")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(abs); err != nil {
		skipOrFailWithoutEngine(t, "zero-engine not found at %s: set ZERO_ENGINE_BIN or run scripts/bootstrap", abs)
	}
	return abs
}

// skipOrFailWithoutEngine skips a test that needs zero-engine when it is missing, but fails it
// in CI (CI or ZERO_SDK_REQUIRE_TOOLCHAINS set to anything but "", "0" or "false", as
// tests/toolchains.py reads them): a green CI run must mean the end-to-end tests ran.
func skipOrFailWithoutEngine(t *testing.T, format string, args ...any) {
	t.Helper()
	for _, name := range []string{"CI", "ZERO_SDK_REQUIRE_TOOLCHAINS"} {
		switch strings.ToLower(os.Getenv(name)) {
		case "", "0", "false":
		default:
			t.Fatalf(format+"; CI must run the end-to-end tests", args...)
		}
	}
	t.Skipf(format, args...)
}

type fixture struct {
	root, ws string
	client   *zero.Client
}

// newFixture makes a temp workspace and a client whose environment never carries OPENAI_* or
// ZERO_* from the test process. turns (given the temp root) is the script; nil means no provider.
func newFixture(t *testing.T, version int, turns func(root string) [][]step) *fixture {
	t.Helper()
	bin := engine(t)
	root := t.TempDir()
	ws := filepath.Join(root, "ws")
	if err := os.Mkdir(ws, 0o755); err != nil {
		t.Fatal(err)
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "OPENAI_") && !strings.HasPrefix(kv, "ZERO_") &&
			!strings.HasPrefix(kv, "HOME=") && !strings.HasPrefix(kv, "XDG_DATA_HOME=") && !strings.HasPrefix(kv, "TMPDIR=") {
			env = append(env, kv)
		}
	}
	// TMPDIR too: the engine keeps its spill files and its tools' private area there, and with
	// none it would use /tmp.
	env = append(env, "ZERO_SCHEMA_VERSION="+strconv.Itoa(version), "HOME="+filepath.Join(root, "home"),
		"XDG_DATA_HOME="+filepath.Join(root, "xdg"), "TMPDIR="+root)
	if turns != nil {
		var script struct {
			Model string           `json:"model"`
			Turns []map[string]any `json:"turns"`
		}
		script.Model = "scripted-model"
		for _, steps := range turns(root) {
			script.Turns = append(script.Turns, map[string]any{"steps": steps})
		}
		data, _ := json.Marshal(script)
		path := filepath.Join(root, "script.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		env = append(env, "ZERO_PROVIDER=scripted", "ZERO_SCRIPT="+path)
	}
	return &fixture{root: root, ws: ws, client: &zero.Client{
		Command:       []string{bin},
		Dir:           ws,
		Env:           env,
		SchemaVersion: version,
		Timeouts:      zero.Timeouts{Total: 30 * time.Second, Grace: 2 * time.Second},
	}}
}

func script(turns ...[]step) func(string) [][]step {
	return func(string) [][]step { return turns }
}

// hanging: text, a grandchild writing root/child.pid, extra steps, then hang.
func hanging(extra ...step) func(string) [][]step {
	return func(root string) [][]step {
		steps := []step{{"text": "hi"}, {"misbehave": step{"kind": "spawn_child", "pidfile": filepath.Join(root, "child.pid")}}}
		steps = append(steps, extra...)
		return [][]step{append(steps, step{"misbehave": step{"kind": "hang"}})}
	}
}

func waitForPID(t *testing.T, path string) int {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if data, err := os.ReadFile(path); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(data))); err == nil {
				return pid
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s did not appear", path)
	return 0
}

// alive: kill(pid, 0) succeeds and /proc does not show a zombie.
func alive(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(data)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return len(fields) > 0 && fields[0] != "Z"
}

func versions(t *testing.T, fn func(t *testing.T, version int)) {
	t.Parallel()
	for _, version := range engineVersions(t) {
		t.Run(fmt.Sprintf("v%d", version), func(t *testing.T) {
			t.Parallel()
			fn(t, version)
		})
	}
}

// engineVersions are the registry's versions that the engine speaks (it is written by hand
// per protocol version, so a newly generated version may not be among them).
func engineVersions(t *testing.T) []int {
	t.Helper()
	bin := engine(t)
	speaking.once.Do(func() {
		for _, version := range protocol.Supported() {
			client := &zero.Client{Command: []string{bin}, // SchemaVersion 0: probe
				Env: append(os.Environ(), "ZERO_SCHEMA_VERSION="+strconv.Itoa(version), "HOME="+os.TempDir())}
			if got, err := client.DetectSchemaVersion(context.Background()); err == nil && got == version {
				speaking.versions = append(speaking.versions, version)
			}
		}
	})
	if len(speaking.versions) == 0 {
		t.Fatalf("zero-engine speaks none of the versions %v", protocol.Supported())
	}
	return speaking.versions
}

var speaking struct {
	once     sync.Once
	versions []int
}

func textDelta(ev zero.Event) (string, bool) {
	if e, ok := ev.(*protocol.TextEvent); ok {
		return e.GetDelta(), true
	}
	return "", false
}

func TestPlainRun(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		f := newFixture(t, version, script([]step{{"text": "Hel"}, {"text": "lo."}, {"usage": step{"prompt": 12, "completion": 3}}}))
		s, err := f.client.Start(context.Background(), "go")
		if err != nil {
			t.Fatal(err)
		}
		var types, deltas []string
		for s.Next() {
			ev := s.Event()
			if ev.SchemaVersion() != protocol.Latest || ev.OriginalSchemaVersion() != version {
				t.Errorf("event %T has schemaVersion %d (from %d)", ev, ev.SchemaVersion(), ev.OriginalSchemaVersion())
			}
			types = append(types, ev.Type())
			if d, ok := textDelta(ev); ok {
				deltas = append(deltas, d)
			}
		}
		result, err := s.Wait()
		if err != nil {
			t.Fatal(err)
		}
		if types[0] != "run_start" || types[len(types)-1] != "run_end" || strings.Join(deltas, "|") != "Hel|lo." {
			t.Fatalf("types %v deltas %v", types, deltas)
		}
		if !result.OK() || result.Status != "success" || result.ExitCode != 0 || result.FinalText() != "Hello." {
			t.Fatalf("result %+v", result)
		}
		if result.Usage != (zero.Usage{PromptTokens: 12, CompletionTokens: 3, TotalTokens: 15, Requests: 1}) {
			t.Fatalf("usage %+v", result.Usage)
		}
		if !strings.HasPrefix(result.RunID, "run_") || result.SessionID == "" || result.SchemaVersion != version {
			t.Fatalf("ids %q %q %d", result.RunID, result.SessionID, result.SchemaVersion)
		}
		if result.StderrTail != "" || len(result.ProtocolIssues) != 0 {
			t.Fatalf("stderr %q issues %v", result.StderrTail, result.ProtocolIssues)
		}

		// Unpinned: the version is probed with `exec --list-tools`; Events is range-over-func shaped.
		probing := *f.client
		probing.SchemaVersion = 0
		if got, err := probing.DetectSchemaVersion(context.Background()); err != nil || got != version {
			t.Fatalf("detected %d, %v", got, err)
		}
		count := 0
		for _, err := range probing.Events(context.Background(), "Say", "hi") {
			if err != nil {
				t.Fatal(err)
			}
			count++
		}
		if count != len(types) {
			t.Fatalf("Events yielded %d events, want %d", count, len(types))
		}
	})
}

func TestToolCallsArePairedWithPermissionsAndResults(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		f := newFixture(t, version, script(
			[]step{
				{"text": "Working. "},
				{"tool_call": step{"id": "c1", "name": "read_file", "args": step{"path": "notes.txt"}}},
				{"tool_call": step{"id": "c2", "name": "write_file", "args": step{"path": "out.txt", "content": "hi\n"}}},
				{"tool_call": step{"id": "c3", "name": "bash", "args": step{"command": "touch ran.txt"}}},
				{"usage": step{"prompt": 10, "completion": 5}},
			},
			[]step{{"text": "Done."}, {"usage": step{"prompt": 20, "completion": 2}}},
		))
		if version >= 2 { // --permission-mode came after the v1 era (that binary refuses it); auto is the default
			f.client.PermissionMode = "auto"
		}
		if err := os.WriteFile(filepath.Join(f.ws, "notes.txt"), []byte("remember the milk\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		result, err := f.client.Run(context.Background(), "go")
		if err != nil {
			t.Fatal(err)
		}
		if len(result.ToolCalls) != 3 {
			t.Fatalf("tool calls %+v", result.ToolCalls)
		}
		read, write, shell := result.ToolCalls[0], result.ToolCalls[1], result.ToolCalls[2]
		if read.ID != "c1" || read.Name != "read_file" || read.Status != "ok" || read.SideEffect != "read" ||
			!strings.Contains(read.Output, "remember the milk") || string(read.Args) != `{"path":"notes.txt"}` {
			t.Fatalf("read %+v", read)
		}
		if write.ID != "c2" || write.Status != "ok" || write.PermissionAction != "allow" || len(write.Permissions) != 1 {
			t.Fatalf("write %+v", write)
		}
		if data, err := os.ReadFile(filepath.Join(f.ws, "out.txt")); err != nil || string(data) != "hi\n" {
			t.Fatalf("out.txt: %q %v", data, err)
		}
		_, statErr := os.Stat(filepath.Join(f.ws, "ran.txt"))
		if version >= 2 {
			// The engine's OS sandbox is active, so auto mode allows the command, as Zero does.
			if shell.ID != "c3" || shell.Status != "ok" || shell.PermissionAction != "allow" || statErr != nil {
				t.Fatalf("shell %+v (ran.txt: %v)", shell, statErr)
			}
		} else {
			// The v1 era prompted for every shell command in auto mode; headless, that is a refusal.
			if shell.ID != "c3" || shell.Status != "error" || shell.PermissionAction != "prompt" || shell.Permissions[0].Type() != "permission_request" {
				t.Fatalf("shell %+v", shell)
			}
			if statErr == nil {
				t.Fatal("a refused shell call must not run")
			}
		}
		if result.FinalText() != "Done." || result.Text != "Working. Done." {
			t.Fatalf("final %q text %q", result.FinalText(), result.Text)
		}
		if result.Usage != (zero.Usage{PromptTokens: 30, CompletionTokens: 7, TotalTokens: 37, Requests: 2}) {
			t.Fatalf("usage %+v", result.Usage)
		}
	})
}

// The script runs out after a tool call: like Zero, the engine nudges the empty replies and its
// empty-turn guard ends the run with a fixed final answer, which FinalText prefers to the deltas
// (an empty final text, for which it falls back to the deltas, does not occur with Zero's loop).
func TestFinalTextIsFinalWhenPresent(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		f := newFixture(t, version, script(
			[]step{{"text": "Looking. "}, {"tool_call": step{"id": "c1", "name": "list_dir", "args": step{"path": "."}}}},
			[]step{},
		))
		result, err := f.client.Run(context.Background(), "go")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(result.Final, "Agent stopped after 4 turns with no output") || result.FinalText() != result.Final {
			t.Fatalf("final %q finalText %q", result.Final, result.FinalText())
		}
	})
}

func TestUsageError(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		f := newFixture(t, version, script([]step{{"text": "never"}}))
		f.client.Auto = "bogus"
		result, err := f.client.Run(context.Background(), "go")
		var usage *zero.UsageError
		if !errors.As(err, &usage) {
			t.Fatalf("want *UsageError, got %T %v", err, err)
		}
		var zerr zero.Error
		if !errors.As(err, &zerr) || zerr.ExitCode() != 2 || zerr.Retryable() || zerr.RunID() == "" || zerr.Result() != result {
			t.Fatalf("context: %v", err)
		}
		if result.Status != "error" || result.ExitCode != 2 || result.Errors[0].Code != "usage_error" || result.Err != err {
			t.Fatalf("result %+v", result)
		}
	})
}

func TestProviderErrors(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		none := newFixture(t, version, nil)
		_, err := none.client.Run(context.Background(), "go")
		var provider *zero.ProviderError
		// A configuration problem found before run_start is not retryable (x-zero-retry).
		if !errors.As(err, &provider) || provider.ExitCode() != 3 || provider.Retryable() ||
			!strings.Contains(err.Error(), "No provider configured") {
			t.Fatalf("want a non-retryable *ProviderError, got %T %v", err, err)
		}

		failing := newFixture(t, version, script([]step{{"text": "Trying"}, {"error": "upstream exploded"}}))
		result, err := failing.client.Run(context.Background(), "go")
		// A provider failure after run_start is.
		if !errors.As(err, &provider) || !strings.Contains(err.Error(), "upstream exploded") || result.Text != "Trying" ||
			!strings.HasPrefix(provider.RunID(), "run_") || !provider.Retryable() || !result.Started {
			t.Fatalf("got %T %v", err, err)
		}
	})
}

// loggingEngine writes a command that runs zero-engine and logs each process to the returned
// log: "args <pid> <argv>", then "stdin <line>" for each input line it passes on (`--list-tools`
// probes read none).
func loggingEngine(t *testing.T, root string) ([]string, string) {
	t.Helper()
	log := filepath.Join(root, "invocations.log")
	wrapper := filepath.Join(root, "logging-zero")
	script := strings.Join([]string{
		"#!/bin/sh",
		`LOG="` + log + `"`,
		`echo "args $$ $*" >> "$LOG"`,
		`case "$*" in *--list-tools*) exec "` + engine(t) + `" "$@" ;; esac`,
		"input=$(cat)",
		`printf "%s\n" "$input" | sed "s/^/stdin /" >> "$LOG"`,
		`exec "` + engine(t) + `" "$@" <<EOF`,
		"$input",
		"EOF",
		"",
	}, "\n")
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return []string{wrapper}, log
}

type invocation struct {
	pid  int
	what string // "probe", or "run v<N>" with the schemaVersion(s) of its input lines
}

func loggedInvocations(t *testing.T, log string) []invocation {
	t.Helper()
	data, err := os.ReadFile(log)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	var out []invocation
	var versions []map[int]bool
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "args "):
			fields := strings.Fields(line)
			pid, _ := strconv.Atoi(fields[1])
			what := "run"
			if strings.Contains(line, "--list-tools") {
				what = "probe"
			}
			out = append(out, invocation{pid, what})
			versions = append(versions, map[int]bool{})
		case strings.HasPrefix(line, "stdin "):
			var input struct{ SchemaVersion int }
			if err := json.Unmarshal([]byte(line[len("stdin "):]), &input); err != nil {
				t.Fatal(err)
			}
			versions[len(versions)-1][input.SchemaVersion] = true
		}
	}
	for i := range out {
		for _, v := range protocol.Supported() {
			if versions[i][v] {
				out[i].what += fmt.Sprintf(" v%d", v)
			}
		}
	}
	return out
}

func logged(t *testing.T, log string) string {
	t.Helper()
	var whats []string
	for _, inv := range loggedInvocations(t, log) {
		whats = append(whats, inv.what)
	}
	return strings.Join(whats, ", ")
}

func otherVersion(t *testing.T, version int) int {
	t.Helper()
	for _, other := range engineVersions(t) {
		if other != version {
			return other
		}
	}
	t.Skip("the engine speaks one version only")
	return 0
}

func TestPreferredVersionTheBinarySpeaksRunsWithoutAProbe(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		f := newFixture(t, version, script([]step{{"text": "ok"}}))
		var log string
		f.client.Command, log = loggingEngine(t, f.root)
		for i := 0; i < 2; i++ {
			if result, err := f.client.Run(context.Background(), "go"); err != nil || result.FinalText() != "ok" {
				t.Fatalf("run %d: %v", i, err)
			}
		}
		if got, want := logged(t, log), fmt.Sprintf("run v%d, run v%d", version, version); got != want {
			t.Fatalf("invocations %q, want %q", got, want)
		}
	})
}

// The binary speaks version, the client prefers the other one: the refused attempt is invisible
// (no error event, one run_start), the run is the binary's version, and the next runs (also of
// another client of the same configuration) go straight to it.
func TestPreferredVersionTheBinaryRefusesRestartsTheRunOnce(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		other := otherVersion(t, version)
		f := newFixture(t, version, script([]step{{"text": "ok"}}))
		var log string
		f.client.Command, log = loggingEngine(t, f.root)
		f.client.SchemaVersion = other
		s, err := f.client.Start(context.Background(), "go")
		if err != nil {
			t.Fatal(err)
		}
		var types []string
		for s.Next() {
			ev := s.Event()
			types = append(types, ev.Type())
			if ev.OriginalSchemaVersion() != version {
				t.Errorf("event %s of schemaVersion %d", ev.Type(), ev.OriginalSchemaVersion())
			}
		}
		result, err := s.Wait()
		if err != nil || !result.OK() || result.SchemaVersion != version {
			t.Fatalf("result %+v, %v", result, err)
		}
		joined := strings.Join(types, ",")
		if types[0] != "run_start" || types[len(types)-1] != "run_end" || strings.Count(joined, "run_start") != 1 ||
			strings.Contains(joined, "error") {
			t.Fatalf("events %s", joined)
		}
		invocations := loggedInvocations(t, log)
		if got, want := logged(t, log), fmt.Sprintf("run v%d, run v%d", other, version); got != want {
			t.Fatalf("invocations %q, want %q", got, want)
		}
		if s.PID() != invocations[1].pid {
			t.Fatalf("PID %d, want the restarted process's %d", s.PID(), invocations[1].pid)
		}
		again := *f.client
		for _, client := range []*zero.Client{f.client, &again} {
			if result, err := client.Run(context.Background(), "go"); err != nil || result.FinalText() != "ok" {
				t.Fatal(err)
			}
		}
		want := fmt.Sprintf("run v%d, run v%d, run v%d, run v%d", other, version, version, version)
		if got := logged(t, log); got != want {
			t.Fatalf("invocations %q, want %q", got, want)
		}
	})
}

func TestABinaryVersionTheCacheKnowsWinsOverThePreferredOne(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		other := otherVersion(t, version)
		f := newFixture(t, version, script([]step{{"text": "ok"}}))
		var log string
		f.client.Command, log = loggingEngine(t, f.root)
		f.client.SchemaVersion = other
		// A preferred version is not taken for the binary's: DetectSchemaVersion asks it.
		if got, err := f.client.DetectSchemaVersion(context.Background()); err != nil || got != version {
			t.Fatalf("detected %d, %v", got, err)
		}
		if result, err := f.client.Run(context.Background(), "go"); err != nil || result.SchemaVersion != version {
			t.Fatalf("result %+v, %v", result, err)
		}
		if got, want := logged(t, log), fmt.Sprintf("probe, run v%d", version); got != want {
			t.Fatalf("invocations %q, want %q", got, want)
		}
	})
}

func TestARequiredVersionTheBinaryRefusesIsAVersionError(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		other := otherVersion(t, version)
		f := newFixture(t, version, script([]step{{"text": "x"}}))
		var log string
		f.client.Command, log = loggingEngine(t, f.root)
		f.client.SchemaVersion, f.client.RequireSchemaVersion = other, true
		var verr *zero.VersionError
		_, err := f.client.Run(context.Background(), "go")
		if !errors.As(err, &verr) || !strings.Contains(err.Error(), fmt.Sprintf("schemaVersion must be %d", version)) ||
			verr.ExitCode() != 2 {
			t.Fatalf("v%d input to a v%d engine: got %T %v", other, version, err, err)
		}
		if got, want := logged(t, log), fmt.Sprintf("run v%d", other); got != want {
			t.Fatalf("invocations %q, want %q (no restart, no probe)", got, want)
		}
		if got, err := f.client.DetectSchemaVersion(context.Background()); err != nil || got != other {
			t.Fatalf("required: detected %d, %v", got, err)
		}
		f.client.SchemaVersion = protocol.Latest + 1
		if _, err := f.client.Run(context.Background(), "go"); !errors.As(err, &verr) {
			t.Fatalf("got %T %v", err, err)
		}
		f.client.SchemaVersion = 0
		if _, err := f.client.Run(context.Background(), "go"); !errors.As(err, &verr) ||
			!strings.Contains(err.Error(), "needs the SchemaVersion") {
			t.Fatalf("got %T %v", err, err)
		}
	})
}

// A stand-in binary speaking a future version refuses the preferred version as Zero does: the
// run fails with a *VersionError naming that version and the supported ones, no event reaches
// the caller, and nothing is cached (the next run is refused the same way).
func TestABinaryOfAVersionTheClientDoesNotSupportIsAVersionError(t *testing.T) {
	t.Parallel()
	future := protocol.Latest + 1
	root := t.TempDir()
	fake := filepath.Join(root, "zero-future")
	runID := "run_20260101000000_abc123"
	lines := []string{"#!/bin/sh", "cat >/dev/null"}
	for _, event := range []map[string]any{
		{"code": "usage_error", "message": fmt.Sprintf("Invalid stream-json input at line 1: schemaVersion must be %d", future),
			"recoverable": false, "runId": runID, "schemaVersion": future, "type": "error"},
		{"exitCode": 2, "runId": runID, "schemaVersion": future, "status": "error", "type": "run_end"},
	} {
		data, _ := json.Marshal(event)
		lines = append(lines, "echo '"+string(data)+"'")
	}
	if err := os.WriteFile(fake, []byte(strings.Join(append(lines, "exit 2", ""), "\n")), 0o755); err != nil {
		t.Fatal(err)
	}
	client := &zero.Client{Command: []string{fake}, Dir: root, SchemaVersion: protocol.Latest}
	want := fmt.Sprintf("schemaVersion %d (spoken by %s) is not supported by this client (supported: %s)",
		future, fake, protocol.Registry().SupportedList())
	for i := 0; i < 2; i++ {
		s, err := client.Start(context.Background(), "go")
		if err != nil {
			t.Fatal(err)
		}
		if s.Next() {
			t.Fatalf("an event of the refused attempt reached the caller: %s", s.Event().Type())
		}
		result, err := s.Wait()
		var verr *zero.VersionError
		if !errors.As(err, &verr) || !strings.HasPrefix(err.Error(), want) || verr.ExitCode() != 2 {
			t.Fatalf("run %d: got %T %v", i, err, err)
		}
		if result == nil || result.Err != err || len(result.Errors) == 0 || result.Errors[0].Code != "usage_error" {
			t.Fatalf("run %d: result %+v", i, result)
		}
	}
}

// A binary the client cannot drive (it dies before any event, writes no stream-json event, or
// speaks an unsupported schemaVersion: derived from the registry, not named) fails with the same
// error type whether or not the version was probed, naming what happened, with the stderr tail.
// The stand-ins write fixed text and exit; none reads its input.
func TestABinaryTheClientCannotDriveFailsTheSameWayProbedOrNot(t *testing.T) {
	t.Parallel()
	unsupported := protocol.Latest + 5
	var stream []string
	for _, event := range []string{`"type":"run_start","cwd":"/w"`, `"type":"text","delta":"hi"`,
		`"type":"run_end","status":"success","exitCode":0`} {
		stream = append(stream, fmt.Sprintf(`{"schemaVersion":%d,"runId":"run_1",%s}`, unsupported, event))
	}
	cases := []struct {
		name, stderr string
		stdout       []string
		status       int
		words        []string
		is           func(error) bool
	}{
		{"dies", "boom: cannot start\n", nil, 1, []string{"exited with code 1 before writing any event"},
			func(err error) bool { var e *zero.ProcessError; return errors.As(err, &e) }},
		{"garbage", "", []string{"this is not json", "neither is this"}, 0, []string{"wrote no stream-json event", `"this is not json"`},
			func(err error) bool { var e *zero.ProtocolError; return errors.As(err, &e) }},
		{"unsupported", "", stream, 0, []string{fmt.Sprintf("schemaVersion %d", unsupported), "upgrade the zero-sdk Go module"},
			func(err error) bool { var e *zero.VersionError; return errors.As(err, &e) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			out, errFile := filepath.Join(root, "out"), filepath.Join(root, "err")
			stdout := ""
			for _, line := range c.stdout {
				stdout += line + "\n"
			}
			if err := os.WriteFile(out, []byte(stdout), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(errFile, []byte(c.stderr), 0o644); err != nil {
				t.Fatal(err)
			}
			fake := filepath.Join(root, c.name)
			script := fmt.Sprintf("#!/bin/sh\ncat %q\ncat %q >&2\nexit %d\n", out, errFile, c.status)
			if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
				t.Fatal(err)
			}
			env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + root, "TMPDIR=" + root}
			for _, client := range []*zero.Client{
				{Command: []string{fake}, Dir: root, Env: env},
				{Command: []string{fake}, Dir: root, Env: env, SchemaVersion: protocol.Latest},
				{Command: []string{fake}, Dir: root, Env: env, SchemaVersion: protocol.Latest, Strict: true},
			} {
				_, err := client.Run(context.Background(), "go")
				var zerr zero.Error
				if !c.is(err) || !errors.As(err, &zerr) {
					t.Fatalf("SchemaVersion %d, Strict %v: got %T %v", client.SchemaVersion, client.Strict, err, err)
				}
				if client.Strict {
					continue // strict mode names the first bad line instead, in the same type
				}
				for _, word := range c.words {
					if !strings.Contains(err.Error(), word) {
						t.Errorf("SchemaVersion %d: %q lacks %q", client.SchemaVersion, err.Error(), word)
					}
				}
				if zerr.ExitCode() != c.status || zerr.StderrTail() != c.stderr {
					t.Errorf("SchemaVersion %d: exit %d, stderr %q", client.SchemaVersion, zerr.ExitCode(), zerr.StderrTail())
				}
			}
		})
	}
}

func TestExitWithoutRunEndIsAProcessError(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		f := newFixture(t, version, script([]step{{"text": "about to die"}, {"misbehave": step{"kind": "exit", "code": 1}}}))
		result, err := f.client.Run(context.Background(), "go")
		var perr *zero.ProcessError
		if !errors.As(err, &perr) || perr.ExitCode() != 1 || perr.Signal != 0 || !strings.Contains(err.Error(), "without a run_end") {
			t.Fatalf("got %T %v", err, err)
		}
		if result.Ended() || result.Text != "about to die" {
			t.Fatalf("result %+v", result)
		}

		killed := newFixture(t, version, script([]step{{"text": "x"}, {"misbehave": step{"kind": "kill_self", "signal": "KILL"}}}))
		_, err = killed.client.Run(context.Background(), "go")
		if !errors.As(err, &perr) || perr.Signal != syscall.SIGKILL || perr.ExitCode() != -1 {
			t.Fatalf("got %T %v", err, err)
		}
	})
}

func TestBadLines(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		partial := newFixture(t, version, script([]step{{"misbehave": step{"kind": "partial_line"}}}))
		result, err := partial.client.Run(context.Background(), "go")
		var perr *zero.ProcessError
		if !errors.As(err, &perr) || len(result.ProtocolIssues) != 1 || result.ProtocolIssues[0].Kind != "invalid_json" {
			t.Fatalf("got %T %v, issues %+v", err, err, result.ProtocolIssues)
		}

		garbage := newFixture(t, version, script([]step{{"text": "a"}, {"misbehave": step{"kind": "garbage", "line": "oops {"}}, {"text": "b"}}))
		result, err = garbage.client.Run(context.Background(), "go")
		if err != nil || result.FinalText() != "ab" || len(result.ProtocolIssues) != 1 {
			t.Fatalf("lenient: %v %+v", err, result)
		}
		if issue := result.ProtocolIssues[0]; issue.Line != 3 || issue.Excerpt != "oops {" {
			t.Fatalf("issue %+v", issue)
		}
		garbage.client.Strict = true
		_, err = garbage.client.Run(context.Background(), "go")
		var protoErr *zero.ProtocolError
		if !errors.As(err, &protoErr) || protoErr.Line != 3 {
			t.Fatalf("strict: got %T %v", err, err)
		}
	})
}

func TestHugeLineAndTinyWrites(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		f := newFixture(t, version, script([]step{
			{"misbehave": step{"kind": "tiny_writes", "count": 20}},
			{"misbehave": step{"kind": "huge_line", "bytes": 8 * MiB}},
			{"text": "end"},
		}))
		result, err := f.client.Run(context.Background(), "go")
		if err != nil {
			t.Fatal(err)
		}
		var want strings.Builder
		for i := range 20 {
			want.WriteString(strconv.Itoa(i))
		}
		want.WriteString(strings.Repeat("x", 8*MiB) + "end")
		if result.Text != want.String() {
			t.Fatalf("text of %d bytes, want %d", len(result.Text), want.Len())
		}
	})
}

func TestStderrFloodIsBounded(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		f := newFixture(t, version, script([]step{{"text": "loud"}, {"misbehave": step{"kind": "stderr_flood", "bytes": 5_000_000}}, {"error": "x"}}))
		f.client.StderrTailBytes = 4096
		result, err := f.client.Run(context.Background(), "go")
		var provider *zero.ProviderError
		if !errors.As(err, &provider) || result.StderrTail != strings.Repeat("e", 4096) || provider.StderrTail() != result.StderrTail {
			t.Fatalf("got %T, tail of %d bytes", err, len(result.StderrTail))
		}
	})
}

func TestBigInput(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		f := newFixture(t, version, script([]step{{"text": "read it"}}))
		result, err := f.client.Run(context.Background(), strings.Repeat("y", 6*MiB))
		if err != nil || result.FinalText() != "read it" {
			t.Fatalf("%v %+v", err, result)
		}
	})
}

func TestCancelEndsTheProcessGroup(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		f := newFixture(t, version, hanging())
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		s, err := f.client.Start(ctx, "go")
		if err != nil {
			t.Fatal(err)
		}
		var grandchild int
		var types []string
		for s.Next() {
			types = append(types, s.Event().Type())
			if s.Event().Type() == "text" {
				grandchild = waitForPID(t, filepath.Join(f.root, "child.pid"))
				cancel()
			}
		}
		result, err := s.Wait()
		var interrupted *zero.InterruptedError
		if !errors.As(err, &interrupted) || !errors.Is(err, context.Canceled) || interrupted.ExitCode() != 130 || !result.Canceled {
			t.Fatalf("got %T %v", err, err)
		}
		if got := strings.Join(types[len(types)-2:], ","); got != "error,run_end" {
			t.Fatalf("last events %s", got)
		}
		if result.Status != "interrupted" || result.Errors[len(result.Errors)-1].Code != "interrupted" {
			t.Fatalf("status %q, errors %v: the engine's interrupted error/run_end must reach the result", result.Status, result.Errors)
		}
		if alive(s.PID()) || alive(grandchild) {
			t.Fatalf("process %d alive=%v, grandchild %d alive=%v", s.PID(), alive(s.PID()), grandchild, alive(grandchild))
		}
	})
}

func TestCancelOfAProcessIgnoringSIGTERM(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		f := newFixture(t, version, hanging(step{"misbehave": step{"kind": "ignore_sigterm"}}))
		f.client.Timeouts.Grace = 300 * time.Millisecond
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			defer cancel()
			for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
				if data, err := os.ReadFile(filepath.Join(f.root, "child.pid")); err == nil && len(data) > 0 {
					time.Sleep(100 * time.Millisecond) // let ignore_sigterm run
					return
				}
			}
		}()
		start := time.Now()
		result, err := f.client.Run(ctx, "go")
		// Killed by the cancel, not a crash.
		var interrupted *zero.InterruptedError
		if !errors.As(err, &interrupted) || result.Signal != syscall.SIGKILL || !errors.Is(err, context.Canceled) ||
			result.Status != "interrupted" || !strings.Contains(err.Error(), "killed (SIGKILL) after ignoring the cancel") {
			t.Fatalf("got %T %v", err, err)
		}
		if time.Since(start) > 10*time.Second {
			t.Fatal("took too long")
		}
		if pid := waitForPID(t, filepath.Join(f.root, "child.pid")); alive(pid) {
			t.Fatalf("grandchild %d is alive", pid)
		}
	})
}

func TestTimeoutsEndTheProcessGroup(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		for _, kind := range []string{"idle", "total"} {
			f := newFixture(t, version, hanging())
			if kind == "idle" {
				f.client.Timeouts = zero.Timeouts{Idle: 2 * time.Second, Total: 30 * time.Second, Grace: time.Second}
			} else {
				f.client.Timeouts = zero.Timeouts{Total: 4 * time.Second, Grace: time.Second}
			}
			result, err := f.client.Run(context.Background(), "go")
			var terr *zero.TimeoutError
			if !errors.As(err, &terr) || terr.Kind != kind || !terr.Retryable() || terr.Result() != result || result.Canceled {
				t.Fatalf("%s: got %T %v", kind, err, err)
			}
			if pid := waitForPID(t, filepath.Join(f.root, "child.pid")); alive(pid) {
				t.Fatalf("grandchild %d is alive", pid)
			}
		}
	})
}

func TestCloseEndsTheRunEarly(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		f := newFixture(t, version, hanging())
		stopped := false
		for ev, err := range f.client.Events(context.Background(), "go") {
			if err != nil {
				t.Fatal(err)
			}
			if ev.Type() == "text" {
				waitForPID(t, filepath.Join(f.root, "child.pid"))
				stopped = true
				break
			}
		}
		if !stopped {
			t.Fatal("no text event")
		}
		if pid := waitForPID(t, filepath.Join(f.root, "child.pid")); alive(pid) {
			t.Fatalf("grandchild %d is alive after the loop ended", pid)
		}
	})
}

func TestGrandchildHoldingStdoutDoesNotKeepTheRunOpen(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		f := newFixture(t, version, func(root string) [][]step {
			return [][]step{{{"text": "hi"}, {"misbehave": step{"kind": "spawn_child", "pidfile": filepath.Join(root, "child.pid")}}, {"text": " end"}}}
		})
		start := time.Now()
		result, err := f.client.Run(context.Background(), "go")
		if err != nil || result.FinalText() != "hi end" || time.Since(start) > 10*time.Second {
			t.Fatalf("%v %+v", err, result)
		}
		if pid := waitForPID(t, filepath.Join(f.root, "child.pid")); alive(pid) {
			t.Fatalf("grandchild %d is alive", pid)
		}
	})
}

func TestNotFound(t *testing.T) {
	t.Parallel()
	client := &zero.Client{Command: []string{"/nonexistent/zero"}, SchemaVersion: protocol.Latest}
	_, err := client.Run(context.Background(), "hi")
	var nf *zero.NotFoundError
	if !errors.As(err, &nf) || nf.Command != "/nonexistent/zero" {
		t.Fatalf("got %T %v", err, err)
	}
}

// A client process that is SIGKILLed takes its `zero exec` child with it (Linux: the child is
// started with a parent-death signal, from a thread that never exits).
func TestParentDeathKillsTheChild(t *testing.T) {
	if os.Getenv("ZERO_GO_TEST_PARENT") != "" {
		// The helper: start a run that hangs, report the child's pid, wait to be killed.
		version := engineVersions(t)[0]
		f := newFixture(t, version, script([]step{{"text": "hi"}, {"misbehave": step{"kind": "hang"}}}))
		f.client.Timeouts.Total = time.Minute
		s, err := f.client.Start(context.Background(), "go")
		if err != nil {
			t.Fatal(err)
		}
		s.Next()
		fmt.Printf("PID %d\n", s.PID())
		time.Sleep(time.Minute)
		return
	}
	if runtime.GOOS != "linux" {
		t.Skip("the parent-death signal is Linux only")
	}
	engine(t)
	t.Parallel()
	helper := exec.Command(os.Args[0], "-test.run=^TestParentDeathKillsTheChild$", "-test.count=1")
	// The helper is SIGKILLed, so its own t.TempDir cleanup never runs: its temp dirs go under
	// this test's, which this process removes.
	helper.Env = append(os.Environ(), "ZERO_GO_TEST_PARENT=1", "TMPDIR="+t.TempDir())
	out, err := helper.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := helper.Start(); err != nil {
		t.Fatal(err)
	}
	defer helper.Process.Kill()
	var pid int
	scanner := bufio.NewScanner(out)
	for scanner.Scan() {
		if _, err := fmt.Sscanf(scanner.Text(), "PID %d", &pid); err == nil {
			break
		}
	}
	if pid == 0 {
		t.Fatal("the helper reported no child pid")
	}
	if !alive(pid) {
		t.Fatalf("child %d is not running before the parent is killed", pid)
	}
	_ = helper.Process.Signal(syscall.SIGKILL)
	_ = helper.Wait()
	deadline := time.Now().Add(10 * time.Second)
	for alive(pid) {
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("child %d outlived its SIGKILLed parent", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// AddEnv adds to the environment (Env, or this process's) and wins over a variable of the
// same name; Env alone replaces the environment.
func TestAddEnvOverridesEnv(t *testing.T) {
	versions(t, func(t *testing.T, version int) {
		for _, other := range engineVersions(t) {
			f := newFixture(t, version, nil)
			f.client.SchemaVersion = 0
			f.client.AddEnv = []string{"ZERO_SCHEMA_VERSION=" + strconv.Itoa(other)}
			if got, err := f.client.DetectSchemaVersion(context.Background()); err != nil || got != other {
				t.Fatalf("AddEnv ZERO_SCHEMA_VERSION=%d over %d: got %d, %v", other, version, got, err)
			}
		}
	})
}

// Input the binary would refuse is refused before starting it, with the same error class.
func TestInvalidInputIsAUsageError(t *testing.T) {
	for _, version := range protocol.Supported() {
		_, err := zero.EncodeInputs(version, "   ")
		var usage *zero.UsageError
		var perr *protocol.ProtocolError
		if !errors.As(err, &usage) || !errors.As(err, &perr) || perr.Field != "content" {
			t.Fatalf("v%d: got %T %v", version, err, err)
		}
		line, err := zero.EncodeInputs(version, "hi", &protocol.PromptInput{Content: "there"})
		if err != nil || strings.Count(string(line), `"schemaVersion":`+strconv.Itoa(version)) != 2 {
			t.Fatalf("v%d: %s %v", version, line, err)
		}
	}
}
