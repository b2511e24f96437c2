// Command go_decode times the Go bindings' typed decode against encoding/json on the same
// corpus (not part of the test run):
//
//	cd bench/go_decode && go run . [lines]
//
// Corpus: the valid output vectors of the latest version's conformance/vN/cases.jsonl, cycled
// in file order. Times are process CPU time (stable on a shared machine). Rows: encoding/json
// into map[string]any (the baseline); protocol.Decode, lenient and strict (typed, fully
// validated, keeping a copy of the line); and encoding/json into structs with the same fields
// but no validation (no UnmarshalJSON methods anywhere; the struct type of each line is known
// in advance).
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strconv"
	"syscall"
	"time"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol"
)

func main() {
	total := 200000
	if len(os.Args) > 1 {
		total, _ = strconv.Atoi(os.Args[1])
	}
	path := "../../conformance/v" + strconv.Itoa(protocol.Latest) + "/cases.jsonl"
	data, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	var vectors [][]byte
	for _, record := range bytes.Split(data, []byte("\n")) {
		var c struct{ Direction, Expect, Line string }
		if len(record) == 0 || json.Unmarshal(record, &c) != nil {
			continue
		}
		if c.Direction == "output" && c.Expect == "valid" {
			vectors = append(vectors, []byte(c.Line))
		}
	}
	plain := plainStructs(vectors)
	// Every row decodes the same lines, so the corpus leaves out the valid vectors encoding/json
	// cannot read into plain int64 fields (integers written as `1.0` or `1e3`).
	all := len(vectors)
	vectors = slices.DeleteFunc(vectors, func(line []byte) bool {
		ev, _ := protocol.Decode(line)
		return json.Unmarshal(line, reflect.New(plain[ev.Type()]).Interface()) != nil
	})
	corpus := make([][]byte, total)
	for i := range corpus {
		corpus[i] = vectors[i%len(vectors)]
	}
	fmt.Printf("corpus: %d lines from %d distinct valid v%d output vectors (%d left out: encoding/json rejects them); best of 5, process CPU time\n",
		total, len(vectors), protocol.Latest, all-len(vectors))
	run := func(label string, fn func([]byte) error) time.Duration {
		best := time.Duration(1 << 62)
		for round := 0; round < 5; round++ {
			start := cpuTime()
			for _, line := range corpus {
				if err := fn(line); err != nil {
					panic(fmt.Sprintf("%s: %v", line, err))
				}
			}
			if d := cpuTime() - start; d < best {
				best = d
			}
		}
		fmt.Printf("%-46s %12.0f events/s\n", label, float64(total)/best.Seconds())
		return best
	}
	base := run("encoding/json -> map[string]any", func(l []byte) error {
		var m map[string]any
		return json.Unmarshal(l, &m)
	})
	lenient := run("protocol.Decode (typed, validated)", func(l []byte) error { _, err := protocol.Decode(l); return err })
	strict := run("protocol.Decode (typed, validated, strict)", func(l []byte) error { _, err := protocol.Decode(l, protocol.Strict); return err })
	// The struct type of each line is looked up outside the timing (by the line's address), so
	// this row is encoding/json's own work only.
	types := map[*byte]reflect.Type{}
	for _, line := range vectors {
		ev, _ := protocol.Decode(line)
		types[&line[0]] = plain[ev.Type()]
	}
	structs := run("encoding/json -> same structs, no validation", func(l []byte) error {
		return json.Unmarshal(l, reflect.New(types[&l[0]]).Interface())
	})
	fmt.Printf("ratio typed/map: %.2f  strict/map: %.2f  typed/structs-without-validation: %.2f\n",
		base.Seconds()/lenient.Seconds(), base.Seconds()/strict.Seconds(), structs.Seconds()/lenient.Seconds())
	row, _ := json.Marshal(map[string]any{
		"name": "protocol.Decode vs encoding/json into the same structs (no validation)", "events": total,
		"seconds": lenient.Seconds(), "baseline": "encoding/json into the same structs", "baseline_seconds": structs.Seconds(),
	})
	fmt.Println(string(row))
}

// cpuTime is the CPU time of the whole process (user + system, every thread, so the garbage
// collector's work counts): on a shared machine, unlike wall time, it does not grow while the
// process waits for a CPU.
func cpuTime() time.Duration {
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		panic(err)
	}
	return time.Duration(usage.Utime.Nano() + usage.Stime.Nano())
}

// plainStructs maps each event type of the corpus to a struct type with the generated type's
// fields, where every named type is replaced by its underlying type: encoding/json then
// decodes with no method of the bindings involved.
func plainStructs(vectors [][]byte) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for _, line := range vectors {
		ev, err := protocol.Decode(line)
		if err != nil {
			panic(err)
		}
		out[ev.Type()] = plain(reflect.TypeOf(ev).Elem())
	}
	return out
}

var rawMessage = reflect.TypeOf(json.RawMessage(nil))

func plain(t reflect.Type) reflect.Type {
	switch t.Kind() {
	case reflect.Pointer:
		return reflect.PointerTo(plain(t.Elem()))
	case reflect.Slice:
		if t == rawMessage {
			return t
		}
		return reflect.SliceOf(plain(t.Elem()))
	case reflect.Map:
		return reflect.MapOf(t.Key(), plain(t.Elem()))
	case reflect.String:
		return reflect.TypeOf("")
	case reflect.Struct:
		var fields []reflect.StructField
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.Anonymous || !f.IsExported() || f.Tag.Get("json") == "-" {
				continue
			}
			fields = append(fields, reflect.StructField{Name: f.Name, Type: plain(f.Type), Tag: f.Tag})
		}
		return reflect.StructOf(fields)
	}
	return t
}
