package plugin_test

import (
	"encoding/json"
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
	faults := map[string]string{
		`{"schemaVersion": 2, "id": "d", "name": "D", "version": "1"}`:                                                              "bad_const at `schemaVersion`",
		`{"schemaVersion": 1, "id": "has space", "name": "D", "version": "1"}`:                                                      "constraint at `id`",
		`{"schemaVersion": 1, "id": "d", "name": "D", "version": "1", "tools": [{"name": "t"}]}`:                                    "missing_field at `tools[0]",
		`{"schemaVersion": 1, "id": "d", "name": "D", "version": "1", "hooks": [{"name": "h", "event": "onSave", "command": "x"}]}`: "bad_enum at `hooks[0].event`",
	}
	for input, want := range faults {
		if _, err := plugin.DecodeManifest([]byte(input)); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", input, err, want)
		}
	}
}
