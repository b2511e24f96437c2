package protocol_test

// Fuzz targets for the generated decoders: whatever the line, Decode/DecodeInput either succeed
// or return a *protocol.ProtocolError; they never panic and never return another error type.
// The seed corpus is every conformance vector of both versions, so a plain `go test` runs the
// seeds only; `go test -fuzz=FuzzDecodeV2 ./protocol` (one target at a time) explores further.

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol"
	v1 "github.com/zero-sdk/zero-sdk/clients/go/protocol/v1"
	v2 "github.com/zero-sdk/zero-sdk/clients/go/protocol/v2"
)

// fuzzSeeds adds every conformance line (both versions, both directions) plus a few hostile
// shapes to the corpus.
func fuzzSeeds(f *testing.F) {
	f.Helper()
	for _, version := range []string{"v1", "v2"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "..", "conformance", version, "cases.jsonl"))
		if err != nil {
			f.Fatal(err)
		}
		for _, record := range bytes.Split(data, []byte("\n")) {
			if len(record) == 0 {
				continue
			}
			var v struct {
				Line string `json:"line"`
			}
			if err := json.Unmarshal(record, &v); err != nil {
				f.Fatal(err)
			}
			f.Add([]byte(v.Line))
		}
	}
	for _, hostile := range []string{
		"", "null", "[]", "{", `{"schemaVersion":2}`, "\xef\xbb\xbf{}", `{"schemaVersion":2,"type":"text","runId":"run_20260101000000_abcdef","delta":"\ud800"}`,
		`{"schemaVersion":2,"type":"text","runId":"run_20260101000000_abcdef","delta":` + string(bytes.Repeat([]byte("["), 5000)),
		`{"schemaVersion":1e999,"type":"run_end"}`, `{"schemaVersion":2,"type":"usage","runId":"run_20260101000000_abcdef","promptTokens":99999999999999999999999}`,
	} {
		f.Add([]byte(hostile))
	}
}

func checkTyped(t *testing.T, what string, line []byte, event any, err error) {
	t.Helper()
	if err == nil {
		if event == nil {
			t.Fatalf("%s(%q): nil event and nil error", what, line)
		}
		return
	}
	var perr *protocol.ProtocolError
	if !errors.As(err, &perr) {
		t.Fatalf("%s(%q): untyped error %T: %v", what, line, err, err)
	}
}

func FuzzDecodeV1(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, line []byte) {
		event, err := v1.Decode(line)
		checkTyped(t, "v1.Decode", line, event, err)
		event, err = v1.Decode(line, protocol.Strict)
		checkTyped(t, "v1.Decode(Strict)", line, event, err)
		input, err := v1.DecodeInput(line)
		checkTyped(t, "v1.DecodeInput", line, input, err)
	})
}

func FuzzDecodeV2(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, line []byte) {
		event, err := v2.Decode(line)
		checkTyped(t, "v2.Decode", line, event, err)
		event, err = v2.Decode(line, protocol.Strict)
		checkTyped(t, "v2.Decode(Strict)", line, event, err)
		input, err := v2.DecodeInput(line)
		checkTyped(t, "v2.DecodeInput", line, input, err)
	})
}
