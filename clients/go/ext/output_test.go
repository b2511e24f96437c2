package ext

// Typed results (OutputType, Run[T]) and the run's instructions (the layer's ZERO.md) on
// zero-engine and, with ZERO_REAL_BIN, the real Zero: the same scenarios as
// tests/test_structured_output.py. Each checks what the client returns and what the model was sent.

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/zero-sdk/zero-sdk/clients/go/zero"
	"github.com/zero-sdk/zero-sdk/clients/go/zerotest"
)

const outputToolName = "mcp_sdk_final_result"

type testVerdict struct {
	OK      bool     `json:"ok"`
	Reasons []string `json:"reasons"`
}

type point struct {
	X int `json:"x"`
	Y int `json:"y"`
}

func lastToolMessage(body any) string {
	list := messages(body)
	for i := len(list) - 1; i >= 0; i-- {
		if list[i]["role"] == "tool" {
			s, _ := list[i]["content"].(string)
			return s
		}
	}
	return ""
}

func toolNames(body any) []string {
	var names []string
	tools, _ := body.(map[string]any)["tools"].([]any)
	for _, tool := range tools {
		function, _ := tool.(map[string]any)["function"].(map[string]any)
		name, _ := function["name"].(string)
		names = append(names, name)
	}
	return names
}

func outputCall(arguments any) zerotest.Reply {
	return zerotest.Reply{"tool_calls": []any{map[string]any{"name": outputToolName, "arguments": arguments}}}
}

func TestInstructionsFollowTheUsersGuidelinesWithinZerosCap(t *testing.T) {
	for _, c := range []struct{ users, instructions, want string }{
		{"", "  Be brief. ", "Be brief."},
		{"Mine.", "Be brief.", "Mine.\n\nBe brief."},
	} {
		if got, err := mergedGuidelines(c.users, c.instructions); err != nil || got != c.want {
			t.Errorf("mergedGuidelines(%q, %q) = %q, %v", c.users, c.instructions, got, err)
		}
	}
	merged, err := mergedGuidelines(strings.Repeat("é", GuidelinesCapBytes), "Be brief.")
	if err != nil || !strings.HasSuffix(merged, "… (truncated)\n\nBe brief.") || len(merged) > GuidelinesCapBytes {
		t.Fatalf("cut: %d bytes, %v, ends %q", len(merged), err, merged[len(merged)-30:])
	}
	if _, err := (&Extensions{Instructions: strings.Repeat("x", GuidelinesCapBytes+1)}).StartRun(context.Background(), nil, nil); err == nil || !strings.Contains(err.Error(), "Zero reads at most 8192 bytes") {
		t.Fatalf("too long instructions: %v", err)
	}
	if _, err := (&Extensions{OutputType: reflect.TypeFor[string]()}).StartRun(context.Background(), nil, nil); err == nil || !strings.Contains(err.Error(), "is not a struct type") {
		t.Fatalf("a non-struct output type: %v", err)
	}
}

func TestTypedResults(t *testing.T) {
	ctx := context.Background()
	for _, tg := range targets(t) {
		t.Run(tg.name+"/a valid object", func(t *testing.T) {
			server := zerotest.NewServer(t, zerotest.Answer(map[string]any{"ok": true, "reasons": []string{"tests pass"}})...)
			client, _ := clientFor(t, tg, server)
			got, result, err := Run[testVerdict](ctx, client, "Do the tests pass?")
			if err != nil {
				t.Fatal(err, result.StderrTail)
			}
			if got == nil || !got.OK || len(got.Reasons) != 1 || got.Reasons[0] != "tests pass" {
				t.Fatalf("output %+v", got)
			}
			first := messages(server.Requests()[0].Body)
			if prompt, _ := first[len(first)-1]["content"].(string); !strings.HasPrefix(prompt, "Do the tests pass?") || !strings.Contains(prompt, "select:"+outputToolName) {
				t.Fatalf("prompt %q", prompt)
			}
		})

		t.Run(tg.name+"/an invalid object, then a valid one after the corrective turn", func(t *testing.T) {
			replies := append([]zerotest.Reply{outputCall(map[string]any{"ok": "yes", "reasons": []string{}})}, zerotest.Answer(map[string]any{"ok": false, "reasons": []string{"one fails"}})...)
			server := zerotest.NewServer(t, replies...)
			client, _ := clientFor(t, tg, server)
			client.Extension = &Extensions{OutputType: reflect.TypeFor[testVerdict]()}
			result, err := client.Run(ctx, "Do the tests pass?")
			if err != nil {
				t.Fatal(err)
			}
			if got, ok := OutputAs[testVerdict](result); !ok || got.OK || got.Reasons[0] != "one fails" {
				t.Fatalf("output %+v", result.Output)
			}
			corrective := lastToolMessage(server.Requests()[1].Body)
			for _, want := range []string{"does not match the schema", "ok", "2 tries left"} {
				if !strings.Contains(corrective, want) {
					t.Fatalf("the corrective message lacks %q: %s", want, corrective)
				}
			}
		})

		t.Run(tg.name+"/a stream gives the typed result when it ends", func(t *testing.T) {
			replies := append([]zerotest.Reply{outputCall(map[string]any{"ok": "yes", "reasons": []string{}})}, zerotest.Answer(map[string]any{"ok": true, "reasons": []string{"tests pass"}})...)
			server := zerotest.NewServer(t, replies...)
			client, _ := clientFor(t, tg, server)
			client.Extension = &Extensions{OutputType: reflect.TypeFor[testVerdict]()}
			stream, err := client.Start(ctx, "Do the tests pass?")
			if err != nil {
				t.Fatal(err)
			}
			var types []string
			for stream.Next() {
				types = append(types, stream.Event().Type())
			}
			result, err := stream.Wait()
			if err != nil {
				t.Fatal(err)
			}
			if len(types) == 0 || types[0] != "run_start" || types[len(types)-1] != "run_end" {
				t.Fatalf("events %v", types)
			}
			if got, ok := OutputAs[testVerdict](result); !ok || !got.OK || got.Reasons[0] != "tests pass" {
				t.Fatalf("output %+v", result.Output)
			}
		})

		t.Run(tg.name+"/the model never answering is a StructuredOutputError", func(t *testing.T) {
			server := zerotest.NewServer(t, zerotest.Reply{"text": "The tests pass, I think."})
			client, _ := clientFor(t, tg, server)
			got, result, err := Run[testVerdict](ctx, client, "Do the tests pass?")
			var structured *zero.StructuredOutputError
			if got != nil || !errors.As(err, &structured) || result.Err != err {
				t.Fatalf("got %v, err %v", got, err)
			}
			if structured.Attempts != 0 || structured.LastAttempt != nil || !strings.Contains(err.Error(), "never called final_result") {
				t.Fatalf("error %+v", structured)
			}
			if structured.Result().FinalText() != "The tests pass, I think." {
				t.Fatalf("result %q", structured.Result().FinalText())
			}
		})

		t.Run(tg.name+"/tries are bounded and the error keeps the last attempt", func(t *testing.T) {
			server := zerotest.NewServer(t,
				outputCall(map[string]any{"x": "1", "y": 2}),
				outputCall(map[string]any{"x": 1}),
				outputCall(map[string]any{"x": 1, "y": 2}),
				zerotest.Reply{"text": "Giving up."},
			)
			client, _ := clientFor(t, tg, server)
			client.Extension = &Extensions{OutputType: reflect.TypeFor[point](), OutputTries: 2}
			result, err := client.Run(ctx, "Where?")
			var structured *zero.StructuredOutputError
			if !errors.As(err, &structured) || result.Output != nil {
				t.Fatalf("err %v, output %v", err, result.Output)
			}
			if structured.Attempts != 2 || !reflect.DeepEqual(structured.LastAttempt, map[string]any{"x": 1.0}) || !strings.Contains(structured.ValidationErrors[0], "y") {
				t.Fatalf("error %+v", structured)
			}
			if refused := lastToolMessage(server.Requests()[3].Body); !strings.Contains(refused, "No tries left") {
				t.Fatalf("the third answer: %s", refused)
			}
		})

		t.Run(tg.name+"/the output tool is reachable when Zero defers MCP tools; sessions give typed results", func(t *testing.T) {
			replies := append([]zerotest.Reply{{"tool_calls": []any{map[string]any{"name": "tool_search", "arguments": map[string]any{"query": "select:" + outputToolName}}}}}, zerotest.Answer(map[string]any{"x": 1, "y": 2})...)
			server := zerotest.NewServer(t, replies...)
			client, _ := clientFor(t, tg, server)
			client.Extension = &Extensions{OutputType: reflect.TypeFor[point](), Tools: []Tool{
				NewTool("add", "Adds two integers.", func(_ context.Context, in addInput) (string, error) { return "", nil }),
			}}
			result, err := client.Session("").Run(ctx, "Where?")
			if err != nil {
				t.Fatal(err)
			}
			if got, ok := OutputAs[point](result); !ok || *got != (point{1, 2}) {
				t.Fatalf("output %+v", result.Output)
			}
			requests := server.Requests()
			if names := toolNames(requests[0].Body); contains(names, outputToolName) || !contains(names, "tool_search") {
				t.Fatalf("first request's tools: %v", names)
			}
			loaded, _ := json.Marshal(requests[1].Body)
			if !contains(toolNames(requests[1].Body), outputToolName) || !strings.Contains(string(loaded), `\"x\"`) {
				t.Fatalf("the loaded output tool: %v", toolNames(requests[1].Body))
			}
		})

		t.Run(tg.name+"/instructions reach the request after the user's guidelines", func(t *testing.T) {
			server := zerotest.NewServer(t, zerotest.Reply{"text": "Oui."})
			client, ws := clientFor(t, tg, server)
			home := filepath.Join(filepath.Dir(ws), "home")
			userDir := filepath.Join(home, ".config", "zero")
			if err := os.MkdirAll(userDir, 0o700); err != nil {
				t.Fatal(err)
			}
			for path, text := range map[string]string{filepath.Join(userDir, "ZERO.md"): "Prefer tabs.\n", filepath.Join(ws, "AGENTS.md"): "Run make test before finishing.\n"} {
				if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			client.Extension = &Extensions{Instructions: "Always answer in French."}
			if _, err := client.Run(ctx, "Hello"); err != nil {
				t.Fatal(err)
			}
			var system strings.Builder
			list, _ := server.Requests()[0].Body.(map[string]any)["messages"].([]any)
			for _, m := range list {
				if msg, _ := m.(map[string]any); msg["role"] == "system" {
					content, _ := msg["content"].(string)
					system.WriteString(content)
				}
			}
			text, at := system.String(), -1
			for _, want := range []string{"## User guidelines (ZERO.md)", "Prefer tabs.", "Always answer in French.", "## Project guidelines (AGENTS.md)", "Run make test"} {
				next := strings.Index(text, want)
				if next <= at {
					t.Fatalf("%q at %d (after %d) in %s", want, next, at, text[max(0, len(text)-800):])
				}
				at = next
			}
			if data, _ := os.ReadFile(filepath.Join(userDir, "ZERO.md")); string(data) != "Prefer tabs.\n" {
				t.Fatalf("the user's ZERO.md changed: %q", data)
			}
		})
	}
}

func contains(list []string, name string) bool {
	for _, item := range list {
		if item == name {
			return true
		}
	}
	return false
}
