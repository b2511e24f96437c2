// Command conformance runs conformance/vN/*.jsonl files (cases.jsonl, generated.jsonl) through
// the generated Go bindings and prints, per case of each file in turn, one JSON line
// {name, verdict, kind, field, encoded, lenient}:
//
//	go run ./cmd/conformance <1|2> <file.jsonl>...
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

	"github.com/zero-sdk/zero-sdk/clients/go/protocol"
	v1 "github.com/zero-sdk/zero-sdk/clients/go/protocol/v1"
	v2 "github.com/zero-sdk/zero-sdk/clients/go/protocol/v2"
)

type codec struct {
	output func([]byte, ...protocol.Option) (json.Marshaler, bool, error)
	input  func([]byte) (json.Marshaler, error)
}

var codecs = map[string]codec{
	"1": {
		output: func(l []byte, o ...protocol.Option) (json.Marshaler, bool, error) {
			e, err := v1.Decode(l, o...)
			_, unknown := e.(*v1.UnknownEvent)
			return e, unknown, err
		},
		input: func(l []byte) (json.Marshaler, error) { return v1.DecodeInput(l) },
	},
	"2": {
		output: func(l []byte, o ...protocol.Option) (json.Marshaler, bool, error) {
			e, err := v2.Decode(l, o...)
			_, unknown := e.(*v2.UnknownEvent)
			return e, unknown, err
		},
		input: func(l []byte) (json.Marshaler, error) { return v2.DecodeInput(l) },
	},
}

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
		fmt.Fprintln(os.Stderr, "usage: conformance <1|2> <file.jsonl>...")
		os.Exit(2)
	}
	c, ok := codecs[os.Args[1]]
	if !ok {
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
		var event json.Marshaler
		var unknown bool
		var err error
		if tc.Direction == "input" {
			event, err = c.input([]byte(tc.Line))
		} else {
			event, unknown, err = c.output([]byte(tc.Line), protocol.Strict)
		}
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
			if lenient, _, err := c.output([]byte(tc.Line)); err == nil {
				r.Lenient = encode(lenient)
			}
		}
		line, _ := json.Marshal(r)
		out.Write(line)
		out.WriteByte('\n')
	}
}
