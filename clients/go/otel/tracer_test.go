// Tests of the OpenTelemetry tracer against the real zero-engine (scripted provider; read tools
// and a refused call only) and a golden transcript of the real Zero played by the replay fake,
// recorded with the SDK's in-memory exporter.
package zerootel_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	zerootel "github.com/zero-sdk/zero-sdk/clients/go/otel"
	"github.com/zero-sdk/zero-sdk/clients/go/zero"
)

const (
	outside = "/zero-sdk-tracing-test-outside"
	prompt  = "Summarize the readme please"
	readme  = "hello from the readme body"
)

type step = map[string]any

var toolTurns = [][]step{
	{
		{"text": "Reading the readme. "},
		{"tool_call": map[string]any{"id": "call_ok", "name": "read_file", "args": map[string]any{"path": "README.md"}}},
		{"tool_call": map[string]any{"id": "call_refused", "name": "list_directory", "args": map[string]any{"path": outside}}},
		{"usage": map[string]any{"prompt": 10, "completion": 5}},
	},
	{{"text": "The final answer."}, {"usage": map[string]any{"prompt": 20, "completion": 3}}},
}

func engine(t *testing.T) string {
	t.Helper()
	path := os.Getenv("ZERO_ENGINE_BIN")
	if path == "" {
		path = filepath.Join("..", "..", "..", ".venv", "bin", "zero-engine")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(abs); err != nil {
		t.Skipf("zero-engine not found at %s: set ZERO_ENGINE_BIN or run scripts/bootstrap", abs)
	}
	return abs
}

func recorder() (*sdktrace.TracerProvider, *tracetest.InMemoryExporter) {
	exporter := tracetest.NewInMemoryExporter()
	return sdktrace.NewTracerProvider(sdktrace.WithSyncer(exporter)), exporter
}

// newClient is a client of the scripted engine (schemaVersion 2) with a workspace holding README.md.
func newClient(t *testing.T, turns [][]step, provider trace.TracerProvider, capture *bool) (*zero.Client, string) {
	t.Helper()
	bin := engine(t)
	root := t.TempDir()
	ws := filepath.Join(root, "ws")
	if err := os.MkdirAll(ws, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, "README.md"), []byte(readme), 0o644); err != nil {
		t.Fatal(err)
	}
	script := map[string]any{"model": "scripted-model"}
	var list []map[string]any
	for _, steps := range turns {
		list = append(list, map[string]any{"steps": steps})
	}
	script["turns"] = list
	data, _ := json.Marshal(script)
	scriptPath := filepath.Join(root, "script.json")
	if err := os.WriteFile(scriptPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{"PATH=" + os.Getenv("PATH"), "ZERO_SCHEMA_VERSION=2", "ZERO_PROVIDER=scripted", "ZERO_SCRIPT=" + scriptPath,
		"HOME=" + filepath.Join(root, "home"), "XDG_DATA_HOME=" + filepath.Join(root, "xdg")}
	return &zero.Client{
		Command:       []string{bin},
		Dir:           ws,
		Env:           env,
		SchemaVersion: 2,
		Timeouts:      zero.Timeouts{Total: 30 * time.Second, Grace: 2 * time.Second},
		Tracer:        zerootel.NewTracer(zerootel.Options{TracerProvider: provider, CaptureContent: capture}),
	}, root
}

func attrs(s tracetest.SpanStub) map[string]any {
	out := map[string]any{}
	for _, kv := range s.Attributes {
		out[string(kv.Key)] = kv.Value.AsInterface()
	}
	return out
}

func byName(t *testing.T, spans tracetest.SpanStubs, name string) tracetest.SpanStub {
	t.Helper()
	var found []tracetest.SpanStub
	for _, s := range spans {
		if s.Name == name {
			found = append(found, s)
		}
	}
	if len(found) != 1 {
		t.Fatalf("want one %q span, got %d of %d spans", name, len(found), len(spans))
	}
	return found[0]
}

func checkToolRun(t *testing.T, spans tracetest.SpanStubs, result *zero.RunResult) {
	t.Helper()
	run := byName(t, spans, "invoke_agent zero")
	ok := byName(t, spans, "execute_tool read_file")
	refused := byName(t, spans, "execute_tool list_directory")
	if run.SpanKind != trace.SpanKindClient || run.Parent.IsValid() || run.Status.Code != codes.Unset {
		t.Fatalf("run span: kind %v parent %v status %v", run.SpanKind, run.Parent, run.Status)
	}
	for _, tool := range []tracetest.SpanStub{ok, refused} {
		if tool.SpanKind != trace.SpanKindInternal || tool.Parent.SpanID() != run.SpanContext.SpanID() ||
			tool.SpanContext.TraceID() != run.SpanContext.TraceID() {
			t.Fatalf("%s: kind %v, parent %v, want child of %v", tool.Name, tool.SpanKind, tool.Parent.SpanID(), run.SpanContext.SpanID())
		}
	}
	wantRun := map[string]any{
		"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "zero",
		"gen_ai.provider.name": "scripted", "gen_ai.request.model": "scripted-model", "gen_ai.response.model": "scripted-model",
		"gen_ai.system": "scripted", "zero.provider": "scripted", // gen_ai.system: the v1.36 name, left out by the opt-in
		"gen_ai.response.finish_reasons": []string{"stop"},
		"gen_ai.conversation.id":         result.SessionID, "gen_ai.usage.input_tokens": int64(30), "gen_ai.usage.output_tokens": int64(8),
		"zero.usage.requests": int64(2), "zero.run.id": result.RunID, "zero.run.status": "success",
		"zero.run.exit_code": int64(0), "zero.schema_version": int64(2),
	}
	if got := attrs(run); !reflect.DeepEqual(got, wantRun) {
		t.Fatalf("run attributes:\n got %v\nwant %v", got, wantRun)
	}
	wantOK := map[string]any{
		"gen_ai.operation.name": "execute_tool", "gen_ai.tool.type": "function", "gen_ai.tool.name": "read_file", "gen_ai.tool.call.id": "call_ok",
		"zero.tool.side_effect": "read", "zero.tool.status": "ok", "zero.tool.truncated": false,
	}
	if got := attrs(ok); !reflect.DeepEqual(got, wantOK) || ok.Status.Code != codes.Unset {
		t.Fatalf("read_file span: %v %v", got, ok.Status)
	}
	wantRefused := map[string]any{
		"gen_ai.operation.name": "execute_tool", "gen_ai.tool.type": "function", "gen_ai.tool.name": "list_directory", "gen_ai.tool.call.id": "call_refused",
		"zero.tool.side_effect": "read", "zero.permission.action": "prompt", "zero.permission.granted": true,
		"zero.permission.mode": "auto", "zero.permission.risk_level": "critical",
		"zero.permission.block_code": "outside_workspace", "zero.tool.status": "error", "zero.tool.truncated": false,
		"error.type": "approval_required",
	}
	if got := attrs(refused); !reflect.DeepEqual(got, wantRefused) || refused.Status.Code != codes.Error {
		t.Fatalf("list_directory span:\n got %v\nwant %v (status %v)", got, wantRefused, refused.Status)
	}
	// A `chat {model}` span per model request, with that request's usage and the run's provider,
	// models and conversation: the first ends as its stream ends, before the tools run; the
	// second starts once the last tool result went back.
	var chats []tracetest.SpanStub
	for _, span := range spans {
		if strings.HasPrefix(span.Name, "chat") {
			chats = append(chats, span)
		}
	}
	if len(chats) != 2 {
		t.Fatalf("want two chat spans, got %d", len(chats))
	}
	for i, tokens := range [][2]int64{{10, 5}, {20, 3}} {
		chat := chats[i]
		want := map[string]any{
			"gen_ai.operation.name": "chat", "gen_ai.request.stream": true, "gen_ai.provider.name": "scripted",
			"gen_ai.system": "scripted", "gen_ai.request.model": "scripted-model", "gen_ai.response.model": "scripted-model",
			"gen_ai.conversation.id": result.SessionID, "gen_ai.usage.input_tokens": tokens[0], "gen_ai.usage.output_tokens": tokens[1],
		}
		if got := attrs(chat); !reflect.DeepEqual(got, want) || chat.Name != "chat scripted-model" {
			t.Fatalf("chat span %d %q:\n got %v\nwant %v", i, chat.Name, got, want)
		}
		if chat.SpanKind != trace.SpanKindClient || chat.Status.Code != codes.Unset || chat.Parent.SpanID() != run.SpanContext.SpanID() {
			t.Fatalf("chat span %d: kind %v status %v parent %v", i, chat.SpanKind, chat.Status, chat.Parent.SpanID())
		}
		if chat.StartTime.Before(run.StartTime) || chat.EndTime.Before(chat.StartTime) || run.EndTime.Before(chat.EndTime) {
			t.Fatalf("chat span %d outside the run: %v-%v in %v-%v", i, chat.StartTime, chat.EndTime, run.StartTime, run.EndTime)
		}
	}
	for _, tool := range []tracetest.SpanStub{ok, refused} {
		if tool.StartTime.Before(chats[0].EndTime) || chats[1].StartTime.Before(tool.StartTime) {
			t.Fatalf("%s (%v) is not between the requests (first ends %v, second starts %v)", tool.Name, tool.StartTime, chats[0].EndTime, chats[1].StartTime)
		}
	}
	for _, span := range spans {
		if span.InstrumentationScope.SchemaURL != "https://opentelemetry.io/schemas/1.41.0" {
			t.Fatalf("%s: scope schema URL %q", span.Name, span.InstrumentationScope.SchemaURL)
		}
	}
	dump := fmt.Sprint(spans)
	for _, content := range []string{prompt, readme, "README.md", outside, "The final answer", "Reading the readme"} {
		if strings.Contains(dump, content) {
			t.Fatalf("content %q leaked into the spans", content)
		}
	}
}

func TestRunRecordsARunSpanWithAChildPerToolCall(t *testing.T) {
	provider, exporter := recorder()
	client, _ := newClient(t, toolTurns, provider, nil)
	result, err := client.Run(context.Background(), prompt)
	if err != nil {
		t.Fatal(err)
	}
	checkToolRun(t, exporter.GetSpans(), result)
}

func TestEventsRecordsTheSameSpans(t *testing.T) {
	provider, exporter := recorder()
	client, _ := newClient(t, toolTurns, provider, nil)
	s, err := client.Start(context.Background(), prompt)
	if err != nil {
		t.Fatal(err)
	}
	for s.Next() {
	}
	result, err := s.Wait()
	if err != nil {
		t.Fatal(err)
	}
	checkToolRun(t, exporter.GetSpans(), result)
}

func TestContentCaptureRecordsOnlyWhatTheStreamCarries(t *testing.T) {
	provider, exporter := recorder()
	on := true
	client, _ := newClient(t, toolTurns, provider, &on)
	if _, err := client.Run(context.Background(), prompt); err != nil {
		t.Fatal(err)
	}
	spans := exporter.GetSpans()
	var messages []map[string]any
	if err := json.Unmarshal([]byte(attrs(byName(t, spans, "invoke_agent zero"))["gen_ai.output.messages"].(string)), &messages); err != nil ||
		messages[0]["parts"].([]any)[0].(map[string]any)["content"] != "The final answer." {
		t.Fatalf("output messages: %v %v", messages, err)
	}
	ok := attrs(byName(t, spans, "execute_tool read_file"))
	if ok["gen_ai.tool.call.arguments"] != `{"path":"README.md"}` || !strings.Contains(ok["gen_ai.tool.call.result"].(string), readme) {
		t.Fatalf("tool content: %v", ok)
	}
	// The conventions name the result of a successful execution only.
	if refused := attrs(byName(t, spans, "execute_tool list_directory")); refused["gen_ai.tool.call.result"] != nil {
		t.Fatalf("a refused call has no result attribute: %v", refused)
	}
	if strings.Contains(fmt.Sprint(spans), prompt) {
		t.Fatal("the prompt is input, never on the stream: it must stay out")
	}
	if !zerootel.ContentCaptureEnabled(nil, func(string) string { return "SPAN_AND_EVENT" }) ||
		zerootel.ContentCaptureEnabled(nil, func(string) string { return "EVENT_ONLY" }) {
		t.Fatal("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT is read as the conventions say")
	}
}

func TestTheChildGetsTheRunSpanAsTraceparent(t *testing.T) {
	provider, exporter := recorder()
	client, root := newClient(t, [][]step{{{"text": "hi"}}}, provider, nil)
	seen := filepath.Join(root, "traceparent")
	wrapper := filepath.Join(root, "zero-with-env")
	body := fmt.Sprintf("#!/bin/sh\nprintf \"%%s\" \"$TRACEPARENT\" > %q\nexec %q \"$@\"\n", seen, client.Command[0])
	if err := os.WriteFile(wrapper, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	client.Command = []string{wrapper}
	if _, err := client.Run(context.Background(), "hello"); err != nil {
		t.Fatal(err)
	}
	run := byName(t, exporter.GetSpans(), "invoke_agent zero")
	got, _ := os.ReadFile(seen)
	want := fmt.Sprintf("00-%s-%s-01", run.SpanContext.TraceID(), run.SpanContext.SpanID())
	if string(got) != want {
		t.Fatalf("TRACEPARENT %q, want %q", got, want)
	}
}

func TestARestartedRunIsOneSpan(t *testing.T) {
	provider, exporter := recorder()
	client, _ := newClient(t, [][]step{{{"text": "hi"}}}, provider, nil)
	client.SchemaVersion = 1 // the engine speaks 2: it refuses, and the client restarts in 2
	result, err := client.Run(context.Background(), "hello")
	if err != nil || result.SchemaVersion != 2 {
		t.Fatalf("run: %v, version %d", err, result.SchemaVersion)
	}
	spans := exporter.GetSpans()
	if len(spans) != 1 || spans[0].Status.Code != codes.Unset || len(spans[0].Events) != 0 {
		t.Fatalf("want one clean run span, got %d spans: %+v", len(spans), spans)
	}
}

func TestAFailedRunIsAnErrorSpanNamedByItsCode(t *testing.T) {
	provider, exporter := recorder()
	client, _ := newClient(t, [][]step{{{"error": "model exploded"}}}, provider, nil)
	_, err := client.Run(context.Background(), "hello")
	var providerErr *zero.ProviderError
	if !errors.As(err, &providerErr) {
		t.Fatalf("want a ProviderError, got %v", err)
	}
	run := byName(t, exporter.GetSpans(), "invoke_agent zero")
	a := attrs(run)
	if run.Status.Code != codes.Error || a["error.type"] != "provider_error" || a["zero.client.error"] != "provider" || a["zero.run.exit_code"] != int64(3) {
		t.Fatalf("run span: %v %v", a, run.Status)
	}
	// The request that failed has a span too (it has no usage), an error like the run.
	chat := byName(t, exporter.GetSpans(), "chat scripted-model")
	if c := attrs(chat); chat.Status.Code != codes.Error || c["error.type"] != "provider_error" || c["gen_ai.usage.input_tokens"] != nil ||
		chat.Parent.SpanID() != run.SpanContext.SpanID() {
		t.Fatalf("failed request's span: %v %v", c, chat.Status)
	}
	if len(run.Events) != 1 || run.Events[0].Name != "zero.error" ||
		!reflect.DeepEqual(run.Events[0].Attributes, []attribute.KeyValue{attribute.String("error.type", "provider_error"), attribute.String("zero.error.message", "model exploded")}) {
		t.Fatalf("events: %+v", run.Events)
	}
}

func TestGoldenRefusedListingOutsideTheWorkspace(t *testing.T) {
	bin := engine(t)
	python := filepath.Join(filepath.Dir(bin), "python")
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "conformance", "goldens", "v2", "list_directory_outside.json"))
	if err != nil {
		t.Fatal(err)
	}
	var golden struct {
		Steps []struct {
			Stdout []string `json:"stdout"`
		} `json:"steps"`
	}
	if err := json.Unmarshal(raw, &golden); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	lines := strings.NewReplacer("<RUN_ID_1>", "run_20260101000000_abc123", "<SESSION_ID_1>", "zero_1",
		"<WORKSPACE>", root, "<OUTSIDE>", "/outside").Replace(strings.Join(golden.Steps[0].Stdout, ""))
	transcript := filepath.Join(root, "golden.jsonl")
	if err := os.WriteFile(transcript, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	provider, exporter := recorder()
	t.Setenv("OTEL_SEMCONV_STABILITY_OPT_IN", "gen_ai_latest_experimental")
	client := &zero.Client{
		Command:       []string{python, "-m", "zero_client.testing.replay", transcript},
		Dir:           root,
		AddEnv:        []string{"OPENAI_BASE_URL=http://127.0.0.1:8123/v1"},
		SchemaVersion: 2,
		Tracer:        zerootel.NewTracer(zerootel.Options{TracerProvider: provider}),
	}
	if _, err := client.Run(context.Background(), "x"); err != nil {
		t.Fatal(err)
	}
	spans := exporter.GetSpans()
	tool := byName(t, spans, "execute_tool list_directory")
	if tool.Status.Code != codes.Error || attrs(tool)["error.type"] != "approval_required" {
		t.Fatalf("tool span: %v %v", attrs(tool), tool.Status)
	}
	run := attrs(byName(t, spans, "invoke_agent zero"))
	if run["gen_ai.provider.name"] != "openai" || run["zero.provider"] != "openai-compatible" || run["gen_ai.conversation.id"] != "zero_1" ||
		run["server.address"] != "127.0.0.1" || run["server.port"] != int64(8123) || run["gen_ai.system"] != nil {
		t.Fatalf("run span: %v", run)
	}
}

func TestBatchSpanParentsTheRunsStartedWithItsContext(t *testing.T) {
	provider, exporter := recorder()
	client, _ := newClient(t, [][]step{{{"text": "hi"}}}, provider, nil)
	ctx, batch := zerootel.BatchSpan(context.Background(), provider, attribute.Int("zero.batch.tasks", 1))
	if _, err := client.Run(ctx, "one"); err != nil {
		t.Fatal(err)
	}
	batch.End()
	spans := exporter.GetSpans()
	run := byName(t, spans, "invoke_agent zero")
	outer := byName(t, spans, "invoke_workflow zero-sdk batch")
	if run.Parent.SpanID() != outer.SpanContext.SpanID() || attrs(outer)["gen_ai.workflow.name"] != "zero-sdk batch" ||
		attrs(outer)["openinference.span.kind"] != "CHAIN" { // what Phoenix shows as its kind
		t.Fatalf("run parent %v, batch %v", run.Parent.SpanID(), outer.SpanContext.SpanID())
	}
}
