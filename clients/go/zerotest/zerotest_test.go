package zerotest_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zero-sdk/zero-sdk/clients/go/zero"
	"github.com/zero-sdk/zero-sdk/clients/go/zerotest"
)

// zeroBin is what the tests run: env ZERO_BIN (a real zero), else this checkout's zero-engine.
func zeroBin(t *testing.T) string {
	if bin := os.Getenv("ZERO_BIN"); bin != "" {
		return bin
	}
	bin, _ := filepath.Abs(filepath.Join("..", "..", "..", ".venv", "bin", "zero-engine"))
	if _, err := os.Stat(bin); err != nil {
		skipOrFailWithoutEngine(t, "zero-engine not found at %s: set ZERO_BIN or run scripts/bootstrap", bin)
	}
	return bin
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

// kit-example:go begin
func zeroRun(t *testing.T, model *zerotest.Server, files map[string]string, prompt string) *zero.RunResult {
	ws := t.TempDir()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(ws, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + ws, "TMPDIR=" + t.TempDir(),
		"OPENAI_BASE_URL=" + model.URL, "OPENAI_API_KEY=x", "OPENAI_MODEL=gpt-4o-mini", "ZERO_SCHEMA_VERSION=2"}
	client := &zero.Client{Command: []string{zeroBin(t)}, Dir: ws, Env: env}
	result, _ := client.Run(context.Background(), prompt) // a failed run still has a result
	return result
}

func TestToolCallPermissionDenialAndProviderError(t *testing.T) {
	model := zerotest.NewServer(t,
		zerotest.Reply{"tool_calls": []any{map[string]any{"name": "read_file", "arguments": map[string]any{"path": "a.txt"}}}},
		zerotest.Reply{"text": "It says hello."},
		zerotest.Reply{"tool_calls": []any{map[string]any{"name": "write_file",
			"arguments": map[string]any{"path": "/nonexistent-zero-kit/x", "content": "x"}}}},
		zerotest.Reply{"text": "No."},
		zerotest.Reply{"error": map[string]any{"status": 400, "message": "bad request"}},
	)
	read := zeroRun(t, model, map[string]string{"a.txt": "hello\n"}, "What does a.txt say?")
	if read.FinalText() != "It says hello." || !strings.Contains(read.ToolCalls[0].Output, "hello") {
		t.Fatalf("read: %q %+v", read.FinalText(), read.ToolCalls)
	}
	write := zeroRun(t, model, nil, "Write it.")
	if call := write.ToolCalls[0]; call.PermissionAction != "prompt" ||
		!strings.Contains(call.Output, "Sandbox approval required for write_file") {
		t.Fatalf("write: %+v", call)
	}
	if failed := zeroRun(t, model, nil, "Hi"); failed.ExitCode != 3 {
		t.Fatalf("provider error: exit %d", failed.ExitCode)
	}
}

// kit-example:go end

func TestBadScriptNamesReplyAndField(t *testing.T) {
	for _, tc := range []struct {
		reply zerotest.Reply
		want  string
	}{
		{zerotest.Reply{"usage": []any{1.0}}, "reply 0: field 'usage' must be [prompt_tokens, completion_tokens]"},
		{zerotest.Reply{"txt": "x"}, "reply 0: unknown field 'txt'"},
	} {
		recorder := &fatalRecorder{TB: t}
		func() {
			defer func() { _ = recover() }()
			zerotest.NewServer(recorder, tc.reply)
		}()
		if recorder.message != tc.want {
			t.Errorf("got %q, want %q", recorder.message, tc.want)
		}
	}
}

// fatalRecorder captures the Fatal message instead of failing the test.
type fatalRecorder struct {
	testing.TB
	message string
}

func (f *fatalRecorder) Fatal(args ...any) {
	for _, arg := range args {
		if err, ok := arg.(error); ok {
			f.message = err.Error()
		}
	}
	panic("fatal")
}

func TestWireFormatFromAJSONScript(t *testing.T) {
	replies, err := zerotest.ParseScript([]byte(`{"replies": [{"text": ["a", "b"], "usage": [3, 4]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	model := zerotest.NewServer(t, replies...)
	post := func() *http.Response {
		response, err := http.Post(model.URL+"/chat/completions", "application/json", strings.NewReader(`{"x": 1}`))
		if err != nil {
			t.Fatal(err)
		}
		return response
	}
	response := post()
	body, _ := io.ReadAll(response.Body)
	_ = response.Body.Close()
	var data []string
	for _, event := range strings.Split(strings.TrimSpace(string(body)), "\n\n") {
		data = append(data, strings.TrimPrefix(event, "data: "))
	}
	if data[len(data)-1] != "[DONE]" || len(data) != 6 {
		t.Fatalf("events: %q", data)
	}
	var usage struct {
		Usage map[string]int `json:"usage"`
	}
	if err := json.Unmarshal([]byte(data[4]), &usage); err != nil || usage.Usage["total_tokens"] != 7 {
		t.Fatalf("usage chunk: %s (%v)", data[4], err)
	}
	exhausted := post()
	text, _ := io.ReadAll(exhausted.Body)
	_ = exhausted.Body.Close()
	if exhausted.StatusCode != 500 || !strings.Contains(string(text), zerotest.ExhaustedMessage) {
		t.Fatalf("exhausted: %d %s", exhausted.StatusCode, text)
	}
	if got := model.Requests(); len(got) != 2 || got[0].Body.(map[string]any)["x"] != 1.0 {
		t.Fatalf("requests: %+v", got)
	}
}

func TestConfigGivesARunAnMCPServerAndABlockingHook(t *testing.T) {
	bin := zeroBin(t)
	repo, _ := filepath.Abs(filepath.Join("..", "..", ".."))
	ws, home := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(ws, "a.txt"), []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	config := zerotest.NewConfig(t, filepath.Join(home, ".config"), ws)
	// The test MCP server needs a Python with the MCP SDK: the checkout's .venv, or the one a
	// caller names (the schema-bump rehearsal runs these tests in a copy without a .venv).
	python := os.Getenv("ZERO_SDK_PYTHON")
	if python == "" {
		python = filepath.Join(repo, ".venv", "bin", "python")
	}
	config.AddMCPServer("calc", zerotest.MCPServer{
		Command: python,
		Args:    []string{filepath.Join(repo, "conformance", "mcp", "calc_server.py")},
	})
	config.AddHook("no-reads", "beforeTool", "/bin/sh",
		zerotest.HookOptions{Args: []string{"-c", "echo no reads >&2; exit 1"}, Matcher: "read_*"})
	model := zerotest.NewServer(t,
		zerotest.Reply{"tool_calls": []any{
			map[string]any{"name": "mcp_calc_add", "arguments": map[string]any{"a": 40, "b": 2}},
			map[string]any{"name": "read_file", "arguments": map[string]any{"path": "a.txt"}},
		}},
		zerotest.Reply{"text": "Done."},
	)
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"TMPDIR=" + t.TempDir(), "OPENAI_BASE_URL=" + model.URL, "OPENAI_API_KEY=x", "OPENAI_MODEL=gpt-4o-mini",
		"ZERO_SCHEMA_VERSION=2"}
	client := &zero.Client{Command: []string{bin}, Dir: ws, Env: env, ExtraArgs: []string{"--skip-permissions-unsafe"}}
	result, err := client.Run(context.Background(), "add, then read")
	if err != nil {
		t.Fatal(err)
	}
	if len(result.ToolCalls) != 2 || result.ToolCalls[0].Output != "42" ||
		result.ToolCalls[1].Output != `Error: "read_file" was blocked by hook "no-reads": no reads` {
		t.Fatalf("tool calls: %+v", result.ToolCalls)
	}
}

func TestResetAfterResetsTheConnection(t *testing.T) {
	replies, err := zerotest.ParseScript([]byte(`{"replies": [{"text": ["a", "b"], "reset_after": 1}]}`))
	if err != nil {
		t.Fatal(err)
	}
	model := zerotest.NewServer(t, replies...)
	response, err := http.Post(model.URL+"/chat/completions", "application/json", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	defer response.Body.Close()
	body, err := io.ReadAll(response.Body)
	// SO_LINGER 0: a TCP RST, which the client reads as ECONNRESET, not as an orderly end.
	if err == nil || !strings.Contains(err.Error(), "connection reset by peer") {
		t.Fatalf("want a connection reset, got %v", err)
	}
	if strings.Count(string(body), "data: ") != 1 {
		t.Fatalf("events before the reset: %q", body)
	}
}
