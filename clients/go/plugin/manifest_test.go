package plugin_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zero-sdk/zero-sdk/clients/go/plugin"
)

func TestDecodeManifestReadsAPluginAndNamesFaults(t *testing.T) {
	m, err := plugin.DecodeManifest([]byte(`{"schemaVersion": 1, "id": "demo", "name": "Demo", "version": "1.0.0",
		"tools": [{"name": "t", "command": "sh", "permission": "deny", "inputSchema": {"type": "object"}}],
		"hooks": [{"name": "h", "event": "beforeTool", "command": "true"}], "futureKey": 1}`))
	if err != nil {
		t.Fatal(err)
	}
	if m.ID != "demo" || len(m.Tools) != 1 || m.Tools[0].GetPermission() != plugin.PluginToolPermissionDeny ||
		m.Hooks[0].Event != plugin.PluginHookEventBeforeTool || string(m.Extra["futureKey"]) != "1" {
		t.Fatalf("decoded %+v", m)
	}
	if _, err := json.Marshal(m); err != nil {
		t.Fatalf("MarshalJSON: %v", err)
	}
}

// TestDecodeManifestAgreesWithTheConformanceVectors reads conformance/plugin/v1.jsonl, which the
// Python and TypeScript bindings read too.
func TestDecodeManifestAgreesWithTheConformanceVectors(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "conformance", "plugin", "v1.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) < 20 {
		t.Fatalf("%d vectors", len(lines))
	}
	for _, line := range lines {
		var c struct {
			Name     string          `json:"name"`
			Manifest json.RawMessage `json:"manifest"`
			Expect   string          `json:"expect"`
			Error    string          `json:"error"`
		}
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatal(err)
		}
		_, err := plugin.DecodeManifest(c.Manifest)
		switch {
		case c.Expect == "valid" && err != nil:
			t.Errorf("%s: %v", c.Name, err)
		case c.Expect == "invalid" && (err == nil || !strings.HasPrefix(err.Error(), c.Error)):
			t.Errorf("%s: got %v, want %q", c.Name, err, c.Error)
		}
	}
}
