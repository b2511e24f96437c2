package ext

// The extension channel against a hostile model (issue 43; docs/extensions.md, "Threat model"):
// where the layer may live, the MCP token, the reaper, and the attack the Python and TypeScript
// tests run too (tests/extension_attack.py), on zero-engine and, with ZERO_REAL_BIN, the real Zero.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/zero-sdk/zero-sdk/clients/go/zero"
	"github.com/zero-sdk/zero-sdk/clients/go/zerotest"
)

// reaperCallerEnv makes this test binary a caller that starts a run's extension, prints its layer
// and waits to be killed (TestALayerGoesWhenItsCallerIsKilled).
const reaperCallerEnv = "ZERO_SDK_TEST_REAPER_CALLER"

var repoRoot, _ = filepath.Abs(filepath.Join("..", "..", ".."))

// TestMain gives the SDK's layers a root of this test binary's own outside every write root of
// its runs (the layer refuses /tmp, $TMPDIR and the workspace), under the repository's .layers/,
// removed at the end.
func TestMain(m *testing.M) {
	if os.Getenv(reaperCallerEnv) != "" {
		reaperCaller()
		return
	}
	parent := filepath.Join(repoRoot, ".layers")
	if err := os.MkdirAll(parent, 0o700); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	root, err := os.MkdirTemp(parent, "go-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv(LayerRootEnv, root)
	code := m.Run()
	_ = os.RemoveAll(root)
	os.Exit(code)
}

func reaperCaller() {
	ext := &Extensions{Hooks: &Hooks{BeforeTool: func(context.Context, ToolUse) (Decision, error) { return Allow(), nil }}}
	home := os.Getenv("HOME")
	run, err := ext.StartRun(context.Background(), []string{"HOME=" + home}, []string{home})
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	fmt.Println(run.(*extensionRun).dir)
	time.Sleep(time.Minute)
}

func TestALayerRootInAWriteRootIsRefused(t *testing.T) {
	scratch := t.TempDir()
	ws, extra := filepath.Join(scratch, "ws"), filepath.Join(scratch, "extra")
	for _, dir := range []string{ws, extra} {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	saved := os.Getenv(LayerRootEnv)
	defer os.Setenv(LayerRootEnv, saved)
	var problems []string
	for root, named := range map[string]string{
		"/tmp/zero-sdk-layers-go": "/tmp", filepath.Join(ws, "l"): ws, filepath.Join(extra, "l"): extra, "/dev/shm/l-go": "/dev/shm",
	} {
		os.Setenv(LayerRootEnv, root)
		ext := &Extensions{Hooks: &Hooks{BeforeTool: func(context.Context, ToolUse) (Decision, error) { return Allow(), nil }}}
		run, err := ext.StartRun(context.Background(), []string{"HOME=" + scratch}, []string{ws, extra})
		var location *LayerLocationError
		switch {
		case err == nil:
			run.Close()
			problems = append(problems, root+": no error")
		case !errors.As(err, &location) || !strings.Contains(err.Error(), "inside "+named+",") || !strings.Contains(err.Error(), LayerRootEnv):
			problems = append(problems, root+": "+err.Error())
		}
		if _, err := os.Stat(root); err == nil {
			problems = append(problems, root+" was made before the check")
		}
	}
	if len(problems) > 0 {
		t.Fatal(strings.Join(problems, "\n"))
	}
}

func TestTheMCPSocketTakesTheTokenOnceAndHooksNone(t *testing.T) {
	scratch := t.TempDir()
	ext := &Extensions{
		Tools: []Tool{NewTool("add", "Adds.", func(_ context.Context, in addInput) (string, error) { return strconv.Itoa(in.A + in.B), nil })},
		Hooks: &Hooks{BeforeTool: func(context.Context, ToolUse) (Decision, error) { return Block("no"), nil }},
	}
	started, err := ext.StartRun(context.Background(), []string{"HOME=" + scratch}, []string{scratch})
	if err != nil {
		t.Fatal(err)
	}
	run := started.(*extensionRun)
	defer run.Close()
	xdg := strings.TrimPrefix(run.Env()[0], "XDG_CONFIG_HOME=")
	data, _ := os.ReadFile(filepath.Join(xdg, "zero", "config.json"))
	var config struct {
		MCP struct{ Servers map[string]command } `json:"mcp"`
	}
	if err := json.Unmarshal(data, &config); err != nil {
		t.Fatal(err)
	}
	server := config.MCP.Servers[DefaultToolServer]
	if server.Env[TokenEnv] != run.token || strings.Contains(strings.Join(server.Args, " "), run.token) {
		t.Fatalf("the token must be in the server's env alone: %s", data)
	}
	if hooks, _ := os.ReadFile(filepath.Join(xdg, "zero", "hooks.json")); strings.Contains(string(hooks), run.token) {
		t.Fatalf("hooks.json holds the token: %s", hooks)
	}
	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}` + "\n"
	mcp := func(token string) string {
		cmd := exec.Command(server.Command, server.Args...)
		cmd.Env = []string{TokenEnv + "=" + token}
		stdin, _ := cmd.StdinPipe() // kept open: Zero's end of a server's stdin stays open too
		stdout, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		_, _ = stdin.Write([]byte(initialize))
		line, _ := bufio.NewReader(stdout).ReadString('\n')
		_ = stdin.Close()
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return line
	}
	got := []bool{strings.Contains(mcp(strings.Repeat("0", 32)), "serverInfo"), strings.Contains(mcp(run.token), "serverInfo"), strings.Contains(mcp(run.token), "serverInfo")}
	if fmt.Sprint(got) != "[false true false]" {
		t.Fatalf("wrong token, first use, second use served: %v", got)
	}
	hook := exec.Command(server.Command, bridgeMarker, "hook", filepath.Join(run.dir, socketName))
	hook.Env = []string{}
	hook.Stdin = strings.NewReader(`{"event":"beforeTool","tool":"glob","toolCallId":"c","args":{}}`)
	out, err := hook.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != hookExitBlock || strings.TrimSpace(string(out)) != "no" {
		t.Fatalf("hook: %v %q", err, out)
	}
}

func TestALayerGoesWhenItsCallerIsKilled(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, "-test.run=^$")
	cmd.Env = append(os.Environ(), reaperCallerEnv+"=1", "HOME="+t.TempDir())
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	layer, _ := bufio.NewReader(stdout).ReadString('\n')
	layer = strings.TrimSpace(layer)
	if info, err := os.Stat(layer); err != nil || !info.IsDir() || filepath.Dir(layer) != LayerRootPath() {
		_ = cmd.Process.Kill()
		t.Fatalf("the caller's layer: %q %v", layer, err)
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	for i := 0; i < 100; i++ {
		if _, err := os.Stat(layer); errors.Is(err, os.ErrNotExist) {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("the layer survived its SIGKILLed caller")
}

const providerSecret = "sk-user-provider-key-d3adb33f"

func TestAHostileModelCannotUseTheChannel(t *testing.T) {
	python := filepath.Join(repoRoot, ".venv", "bin", "python")
	if _, err := os.Stat(python); err != nil {
		python = "/usr/bin/python3"
	}
	attack := filepath.Join(repoRoot, "tests", "extension_attack.py")
	for _, tg := range targets(t) {
		t.Run(tg.name, func(t *testing.T) {
			probe := zerotest.NewServer(t, zerotest.Reply{"text": "unused"})
			client, ws := clientFor(t, tg, probe)
			root := filepath.Dir(ws)
			git := func(args ...string) {
				cmd := exec.Command("git", args...)
				cmd.Dir = ws
				cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + ws, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null"}
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatal(err, string(out))
				}
			}
			if err := os.WriteFile(filepath.Join(ws, "tracked.txt"), []byte("tracked\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			git("init", "-q")
			git("add", "tracked.txt")
			git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init")
			audit := filepath.Join(root, "data", "zero", "hooks", "audit.jsonl")
			zeroDir := filepath.Join(root, "home", ".config", "zero")
			command := strings.Join([]string{python, attack, LayerRootPath(), audit, ws, filepath.Dir(zeroDir)}, " ")
			server := zerotest.NewServer(t,
				zerotest.Reply{"tool_calls": []any{map[string]any{"name": "mcp_sdk_add", "arguments": map[string]any{"a": 40, "b": 2}, "id": "call_add"}}},
				zerotest.Reply{"tool_calls": []any{map[string]any{"name": "exec_command", "arguments": map[string]any{"cmd": command}, "id": "call_attack"}}},
				zerotest.Reply{"text": "done"},
			)
			config := fmt.Sprintf(`{"activeProvider": "fake", "providers": [{"name": "fake", "provider": "openai-compatible", "baseURL": %q, "model": "gpt-4o-mini", "apiKey": %q}]}`, server.URL, providerSecret)
			if err := os.MkdirAll(zeroDir, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(zeroDir, "config.json"), []byte(config), 0o600); err != nil {
				t.Fatal(err)
			}
			var env []string
			for _, entry := range client.Env {
				if !strings.HasPrefix(entry, "OPENAI_") {
					env = append(env, entry)
				}
			}
			client.Env = env
			var adds [][2]int
			var guarded []string
			client.Extension = &Extensions{
				Tools: []Tool{NewTool("add", "Adds two integers.", func(_ context.Context, in addInput) (string, error) {
					adds = append(adds, [2]int{in.A, in.B})
					return strconv.Itoa(in.A + in.B), nil
				})},
				Hooks: &Hooks{BeforeTool: func(_ context.Context, call ToolUse) (Decision, error) {
					guarded = append(guarded, call.CallID)
					return Allow(), nil
				}},
			}
			result, err := client.Run(context.Background(), "Add 40 and 2.")
			if err != nil {
				t.Fatal(err, result.StderrTail)
			}
			calls := map[string]*zero.ToolCall{}
			for _, call := range result.ToolCalls {
				calls[call.Name] = call
			}
			if add := calls["mcp_sdk_add"]; add == nil || add.Output != "42" {
				t.Fatalf("add: %+v", add)
			}
			output := ""
			if call := calls["exec_command"]; call != nil {
				output = call.Output
			}
			_, after, found := strings.Cut(output, "ATTACK ")
			if !found {
				t.Fatalf("no report: %s", output)
			}
			line, _, _ := strings.Cut(after, "\n")
			var report struct {
				Layers       int                `json:"layers"`
				Readable     []string           `json:"readable_layer_files"`
				UserReadable []string           `json:"readable_user_config_files"`
				Variables    []string           `json:"secret_variables"`
				Tokens       int                `json:"tokens_found"`
				ToolCalled   bool               `json:"tool_called"`
				Planted      []string           `json:"planted"`
				HookReplies  [][]map[string]any `json:"hook_replies"`
			}
			if err := json.Unmarshal([]byte(line), &report); err != nil {
				t.Fatal(err, line)
			}
			var secretFiles []string
			for _, file := range report.Readable {
				if strings.HasPrefix(file, "xdg/zero/") {
					secretFiles = append(secretFiles, file)
				}
			}
			if report.Layers != 1 || len(secretFiles) > 0 || len(report.UserReadable) > 0 || len(report.Variables) > 0 || report.Tokens != 0 || report.ToolCalled || len(report.Planted) > 0 {
				t.Fatalf("not contained: %s", line)
			}
			if fmt.Sprint(adds) != "[[40 2]]" {
				t.Fatalf("the SDK tool ran for someone else: %v", adds)
			}
			if _, err := os.Stat(filepath.Join(ws, "filter-ran")); err == nil {
				t.Fatal("the planted git filter ran")
			}
			if got := server.Requests()[0].Headers["authorization"]; got != "Bearer "+providerSecret {
				t.Fatalf("the provider key did not reach Zero: %q", got)
			}
			forged := 0
			for _, replies := range report.HookReplies {
				for _, reply := range replies {
					if _, failed := reply["error"]; !failed {
						forged++
						if fmt.Sprint(reply) != "map[blocked:false]" {
							t.Fatalf("forged hook reply %v", reply)
						}
					}
				}
			}
			seenForged, seenAttack := 0, false
			for _, id := range guarded {
				seenForged += map[bool]int{true: 1}[id == "forged"]
				seenAttack = seenAttack || id == "call_attack"
			}
			if !seenAttack || seenForged != forged {
				t.Fatalf("guarded %v, forged replies %d", guarded, forged)
			}
		})
	}
}
