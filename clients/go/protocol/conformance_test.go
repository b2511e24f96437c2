package protocol_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol"
	"github.com/zero-sdk/zero-sdk/clients/go/protocol/wire"
)

type vector struct {
	Name      string `json:"name"`
	Direction string `json:"direction"`
	Line      string `json:"line"`
	Expect    string `json:"expect"`
	Error     *struct {
		Kind  string `json:"kind"`
		Field string `json:"field"`
	} `json:"error"`
}

// vectorFiles are a version's vector files that exist: the hand-written cases.jsonl (a new
// version may not have one yet) and generated.jsonl (`zero-sdk generate --lang conformance`).
func vectorFiles(t testing.TB, version int) []string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "conformance", "v"+strconv.Itoa(version))
	var files []string
	for _, name := range []string{"cases.jsonl", "generated.jsonl"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			files = append(files, filepath.Join(dir, name))
		}
	}
	if len(files) == 0 {
		t.Fatalf("no vectors in %s", dir)
	}
	return files
}

func loadVectors(t testing.TB, version int) []vector {
	t.Helper()
	var out []vector
	generated := 0
	for _, file := range vectorFiles(t, version) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, record := range bytes.Split(data, []byte("\n")) {
			if len(record) == 0 {
				continue
			}
			var v vector
			if err := json.Unmarshal(record, &v); err != nil {
				t.Fatal(err)
			}
			if strings.HasPrefix(v.Name, "generated/") {
				generated++
			}
			out = append(out, v)
		}
	}
	if len(out) < 100 || generated == 0 {
		t.Fatalf("only %d vectors (%d generated) for v%d", len(out), generated, version)
	}
	return out
}

// sameJSON compares two JSON texts as values, with numbers compared by their text.
func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	decode := func(data []byte) any {
		d := json.NewDecoder(bytes.NewReader(data))
		d.UseNumber()
		var v any
		if err := d.Decode(&v); err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		return v
	}
	return reflect.DeepEqual(normalize(decode(a)), normalize(decode(b)))
}

// normalize rewrites json.Number to a canonical form (1.0 and 1 compare equal, as in JSON).
func normalize(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, item := range x {
			x[k] = normalize(item)
		}
	case []any:
		for i, item := range x {
			x[i] = normalize(item)
		}
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return strconv.FormatInt(n, 10)
		}
		f, _ := x.Float64()
		if f == math.Trunc(f) && f >= -(1<<63) && f < 1<<63 { // an integer written 1.0 or 1e3
			return strconv.FormatInt(int64(f), 10)
		}
		return f
	}
	return v
}

// TestConformanceVectors checks every vector of every supported version (hand-written and
// generated) and reports all mismatches of a version at once: one subtest per version, not per
// vector.
func TestConformanceVectors(t *testing.T) {
	for _, version := range protocol.Registry().Versions {
		t.Run("v"+strconv.Itoa(version.Number), func(t *testing.T) {
			vectors := loadVectors(t, version.Number)
			var problems []string
			for _, v := range vectors {
				if problem := vectorMismatch(t, version, v); problem != "" {
					problems = append(problems, v.Name+": "+problem)
				}
			}
			if len(problems) > 0 {
				t.Errorf("%d of %d vectors:\n%s", len(problems), len(vectors), strings.Join(problems, "\n"))
			}
		})
	}
}

// vectorMismatch says how the bindings disagree with the vector's expectation ("" if they agree).
func vectorMismatch(t *testing.T, dec wire.Version, v vector) string {
	var event json.Marshaler
	var err error
	var typ string
	if v.Direction == "input" {
		event, err = dec.DecodeInput([]byte(v.Line))
	} else {
		var e protocol.Event
		e, err = dec.Decode([]byte(v.Line), protocol.Strict)
		if e != nil {
			event, typ = e, e.Type()
		}
	}
	if v.Expect == "invalid" {
		var pe *protocol.ProtocolError
		if !errors.As(err, &pe) {
			return fmt.Sprintf("want %+v, got %v", *v.Error, err)
		}
		if string(pe.Kind) != v.Error.Kind || pe.Field != v.Error.Field {
			return fmt.Sprintf("want %s at %q, got %s at %q (%v)", v.Error.Kind, v.Error.Field, pe.Kind, pe.Field, pe)
		}
		return ""
	}
	if err != nil {
		return fmt.Sprintf("want %s, got %v", v.Expect, err)
	}
	unknown := reflect.TypeOf(event).Elem().Name() == "UnknownEvent"
	if unknown != (v.Expect == "unknown") {
		return fmt.Sprintf("want %s, got %T", v.Expect, event)
	}
	if typ != "" {
		var head struct{ Type string }
		_ = json.Unmarshal([]byte(v.Line), &head)
		if head.Type != typ {
			return fmt.Sprintf("Type() = %q, want %q", typ, head.Type)
		}
	}
	encoded, err := json.Marshal(event)
	if err != nil {
		return err.Error()
	}
	if !sameJSON(t, encoded, []byte(v.Line)) {
		return fmt.Sprintf("round trip changed the object:\n got %s\nwant %s", encoded, v.Line)
	}
	return ""
}
