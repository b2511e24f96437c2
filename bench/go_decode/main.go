// Command go_decode times v2.Decode against encoding/json into map[string]any on the same
// corpus (not part of the test run):
//
//	cd bench/go_decode && go run . [lines]
//
// Corpus: the valid v2 output vectors of conformance/v2/cases.jsonl, cycled in file order.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol"
	v2 "github.com/zero-sdk/zero-sdk/clients/go/protocol/v2"
)

func main() {
	total := 200000
	if len(os.Args) > 1 {
		total, _ = strconv.Atoi(os.Args[1])
	}
	data, err := os.ReadFile("../../conformance/v2/cases.jsonl")
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
	corpus := make([][]byte, total)
	for i := range corpus {
		corpus[i] = vectors[i%len(vectors)]
	}
	fmt.Printf("corpus: %d lines from %d distinct valid v2 output vectors; best of 5\n", total, len(vectors))
	run := func(label string, fn func([]byte) error) float64 {
		best := time.Duration(1 << 62)
		for round := 0; round < 5; round++ {
			start := time.Now()
			for _, line := range corpus {
				if err := fn(line); err != nil {
					panic(err)
				}
			}
			if d := time.Since(start); d < best {
				best = d
			}
		}
		rate := float64(total) / best.Seconds()
		fmt.Printf("%-34s %12.0f events/s\n", label, rate)
		return rate
	}
	base := run("encoding/json -> map[string]any", func(l []byte) error {
		var m map[string]any
		return json.Unmarshal(l, &m)
	})
	lenient := run("v2.Decode (lenient)", func(l []byte) error { _, err := v2.Decode(l); return err })
	strict := run("v2.Decode (strict)", func(l []byte) error { _, err := v2.Decode(l, protocol.Strict); return err })
	fmt.Printf("ratio lenient/encoding/json: %.2f  strict/encoding/json: %.2f\n", lenient/base, strict/base)
}
