package protocol_test

// Fuzz targets for the generated decoders: whatever the line, Decode/DecodeInput either succeed
// or return a *protocol.ProtocolError; they never panic and never return another error type.
// The seed corpus is every conformance vector of every version, so a plain `go test` runs the
// seeds only; `go test -fuzz=FuzzDecode ./protocol` explores further.

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"testing"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol"
	"github.com/zero-sdk/zero-sdk/clients/go/protocol/wire"
)

// fuzzSeeds adds every conformance line (every version, both directions) plus a few hostile
// shapes to the corpus.
func fuzzSeeds(f *testing.F) {
	f.Helper()
	for _, version := range protocol.Supported() {
		for _, v := range loadVectors(f, version) {
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

// FuzzDecode runs every supported version's decoders, and the registry's upgrading Decode, on
// the same input.
func FuzzDecode(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, line []byte) {
		for _, version := range protocol.Registry().Versions {
			name := "v" + strconv.Itoa(version.Number)
			event, err := version.Decode(line)
			checkTyped(t, name+".Decode", line, event, err)
			event, err = version.Decode(line, protocol.Strict)
			checkTyped(t, name+".Decode(Strict)", line, event, err)
			input, err := version.DecodeInput(line)
			checkTyped(t, name+".DecodeInput", line, input, err)
		}
		event, err := protocol.Decode(line)
		checkTyped(t, "protocol.Decode", line, event, err)
		// The runtime's own JSON validation agrees with encoding/json's, except that it also
		// rejects a fraction or exponent beyond the float64 range (which encoding/json's syntax
		// check lets through, and then cannot decode).
		if valid, syntax := wire.Valid(line), json.Valid(line); valid != syntax {
			var v any
			if valid || json.Unmarshal(line, &v) == nil {
				t.Fatalf("wire.Valid(%q) = %v, encoding/json says %v", line, valid, syntax)
			}
		}
	})
}
