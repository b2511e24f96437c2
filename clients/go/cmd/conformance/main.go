// Command conformance runs conformance/vN/*.jsonl files (cases.jsonl, generated.jsonl) through
// the generated Go bindings and prints, per case of each file in turn, one JSON line
// {name, verdict, kind, field, encoded, lenient}:
//
//	go run ./cmd/conformance <schemaVersion> <file.jsonl>...
//
// Output lines are decoded strictly (unknown fields rejected; unknown types are "unknown");
// "lenient" is the re-encoding of a lenient decode of the same output line, or null.
// tests/test_crosslang_*.py compares this with the Python and TypeScript runners.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strconv"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol"
	"github.com/zero-sdk/zero-sdk/clients/go/protocol/wire"
)

type result struct {
	Name    string  `json:"name"`
	Verdict string  `json:"verdict"`
	Kind    *string `json:"kind"`
	Field   *string `json:"field"`
	Encoded *string `json:"encoded"`
	Lenient *string `json:"lenient"`
}

func encode(m json.Marshaler) *string {
	b, err := json.Marshal(m)
	if err != nil {
		s := "ENCODE ERROR: " + err.Error()
		return &s
	}
	s := string(b)
	return &s
}

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: conformance <schemaVersion> <file.jsonl>...")
		os.Exit(2)
	}
	number, _ := strconv.Atoi(os.Args[1])
	c := protocol.Registry().Version(number)
	if c == nil {
		fmt.Fprintln(os.Stderr, "unknown version", os.Args[1])
		os.Exit(2)
	}
	var records [][]byte
	for _, path := range os.Args[2:] {
		data, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		records = append(records, bytes.Split(data, []byte("\n"))...)
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for _, record := range records {
		if len(record) == 0 {
			continue
		}
		var tc struct{ Name, Direction, Line string }
		if err := json.Unmarshal(record, &tc); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		r := result{Name: tc.Name, Verdict: "valid"}
		var event wire.Event
		var err error
		if tc.Direction == "input" {
			event, err = c.DecodeInput([]byte(tc.Line))
		} else {
			event, err = c.Decode([]byte(tc.Line), protocol.Strict)
		}
		unknown := event != nil && reflect.TypeOf(event).Elem().Name() == "UnknownEvent"
		var pe *protocol.ProtocolError
		switch {
		case errors.As(err, &pe):
			kind := string(pe.Kind)
			r.Verdict, r.Kind, r.Field = "invalid", &kind, &pe.Field
		case err != nil:
			fmt.Fprintln(os.Stderr, tc.Name, err)
			os.Exit(1)
		default:
			if unknown {
				r.Verdict = "unknown"
			}
			r.Encoded = encode(event)
		}
		if tc.Direction == "output" {
			if lenient, err := c.Decode([]byte(tc.Line)); err == nil {
				r.Lenient = encode(lenient)
			}
		}
		line, _ := json.Marshal(r)
		out.Write(line)
		out.WriteByte('\n')
	}
}
