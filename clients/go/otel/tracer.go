// Package zerootel traces the runs of the zero client with OpenTelemetry, in the GenAI semantic
// conventions (docs/tracing.md). It is a module of its own, so the client module
// (github.com/zero-sdk/zero-sdk/clients/go) stays standard-library only.
//
//	client := &zero.Client{Dir: ".", Tracer: zerootel.NewTracer(zerootel.Options{})} // global provider
//	result, err := client.Run(ctx, "Summarise the README")
//
// Each run is an `invoke_agent zero` span (kind CLIENT, child of ctx's span) with a
// `chat {model}` child per model request and an `execute_tool {name}` child per tool call; the
// run span's context reaches `zero exec` as
// TRACEPARENT/TRACESTATE. What becomes a span, attribute or span event is the data of
// schema/tracing.json, generated into mapping.go (and into the Python and TypeScript tracers);
// this package interprets it.
package zerootel

import (
	"context"
	"errors"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol"
	"github.com/zero-sdk/zero-sdk/clients/go/zero"
)

const scopeVersion = "0.1.0"

// rule is one row of the mapping: which span and attribute an event field sets, and how.
type rule struct {
	span      string // "run", "tool" or "chat"
	attribute string
	op        string // set, first, sum, count
	content   string // "" or text, json, output_messages: recorded only with content capture
	legacy    bool   // an attribute of the older conventions, left out with the stability opt-in
	get       func(protocol.OutputEvent) (any, bool)
}

type spanEventAttribute struct {
	attribute string
	get       func(protocol.OutputEvent) (any, bool)
}

type spanEvent struct {
	name       string
	attributes []spanEventAttribute
}

// Options configure NewTracer.
type Options struct {
	// TracerProvider records the spans; nil: the global one (otel.GetTracerProvider()).
	TracerProvider trace.TracerProvider
	// CaptureContent records the final answer, tool arguments and outputs (only what the
	// stream carries, already redacted by Zero); nil: the conventions' variable
	// OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT (true, SPAN_ONLY or SPAN_AND_EVENT).
	CaptureContent *bool
}

// ContentCaptureEnabled tells whether content is captured: capture when given, else the
// conventions' environment variable (read with getenv; nil: os.Getenv).
func ContentCaptureEnabled(capture *bool, getenv func(string) string) bool {
	if capture != nil {
		return *capture
	}
	if getenv == nil {
		getenv = os.Getenv
	}
	return slices.Contains(contentCaptureValues, strings.ToLower(strings.TrimSpace(getenv(contentCaptureEnv))))
}

// LatestConventionsOnly tells whether OTEL_SEMCONV_STABILITY_OPT_IN (a comma list, read with
// getenv; nil: os.Getenv) asks for the latest experimental GenAI conventions only
// (gen_ai_latest_experimental): then the attributes of the older conventions the mapping marks
// legacy (gen_ai.system) are left out.
func LatestConventionsOnly(getenv func(string) string) bool {
	if getenv == nil {
		getenv = os.Getenv
	}
	for _, item := range strings.Split(getenv(semconvOptInEnv), ",") {
		if strings.ToLower(strings.TrimSpace(item)) == semconvLatestValue {
			return true
		}
	}
	return false
}

// ServerOf returns server.address and server.port of the model API a run of provider
// (run_start's label) talks to: the base URL the run's environment ("KEY=value" entries, the
// last one of a key wins) gives Zero for that provider kind, else the vendor's default endpoint;
// ok is false when neither is known (a configured profile).
func ServerOf(provider string, env []string) (host string, port int, ok bool) {
	values := map[string]string{}
	for _, kv := range env {
		if key, value, found := strings.Cut(kv, "="); found {
			values[key] = value
		}
	}
	raw := ""
	for _, name := range serverBaseURLEnv[provider] {
		if value := strings.TrimSpace(values[name]); value != "" {
			raw = value
			break
		}
	}
	if raw == "" {
		raw = serverDefaultBaseURL[provider]
	}
	parsed, err := url.Parse(raw)
	if raw == "" || err != nil || parsed.Hostname() == "" {
		return "", 0, false
	}
	port = 443
	if parsed.Scheme == "http" {
		port = 80
	}
	if p := parsed.Port(); p != "" {
		if n, err := strconv.Atoi(p); err == nil {
			port = n
		}
	}
	return parsed.Hostname(), port, true
}

func scopeTracer(provider trace.TracerProvider) trace.Tracer {
	return provider.Tracer(tracerName, trace.WithInstrumentationVersion(scopeVersion), trace.WithSchemaURL(schemaURL))
}

// NewTracer returns a tracer for zero.Client.Tracer.
func NewTracer(options Options) zero.RunTracer {
	return &tracer{options: options}
}

type tracer struct{ options Options }

func (t *tracer) StartRun(ctx context.Context) zero.RunTrace {
	provider := t.options.TracerProvider
	if provider == nil {
		provider = otel.GetTracerProvider()
	}
	tr := scopeTracer(provider)
	ctx, span := tr.Start(ctx, runSpanName, trace.WithSpanKind(trace.SpanKindClient), trace.WithAttributes(stringAttributes(runSpanAttributes)...))
	return &runTrace{
		tracer:  tr,
		ctx:     ctx,
		span:    span,
		capture: ContentCaptureEnabled(t.options.CaptureContent, nil),
		latest:  LatestConventionsOnly(nil),
		seen:    map[string]bool{},
		totals:  map[string]int64{},
		every:   rules["*"],
		tools:   map[string]*toolSpan{},
		early:   map[string][]protocol.OutputEvent{},
		// The run span just started: the first model request cannot have started before.
		chatStart: time.Now(),
		chatBase:  map[string]attribute.KeyValue{},
	}
}

// spanKinds maps the mapping's span kinds to OpenTelemetry's.
var spanKinds = map[string]trace.SpanKind{"client": trace.SpanKindClient, "internal": trace.SpanKindInternal}

func stringAttributes(values map[string]string) []attribute.KeyValue {
	out := make([]attribute.KeyValue, 0, len(values))
	for k, v := range values {
		out = append(out, attribute.String(k, v))
	}
	return out
}

// TraceEnv is TRACEPARENT (and TRACESTATE) of the span in ctx, as "KEY=value" entries for a
// child's environment; nil when ctx holds no valid span context.
func TraceEnv(ctx context.Context) []string {
	carrier := propagation.MapCarrier{}
	propagation.TraceContext{}.Inject(ctx, carrier)
	if carrier["traceparent"] == "" {
		return nil
	}
	env := []string{traceparentEnv + "=" + carrier["traceparent"]}
	if state := carrier["tracestate"]; state != "" {
		env = append(env, tracestateEnv+"="+state)
	}
	return env
}

type toolSpan struct {
	span             trace.Span
	seen             map[string]bool
	permissionAction string
}

type runTrace struct {
	tracer   trace.Tracer
	ctx      context.Context // holds the run span
	span     trace.Span
	capture  bool
	latest   bool            // only the latest conventions: legacy rules are skipped
	runEnv   []string        // the environment of the run's processes (for server.address)
	seen     map[string]bool // run attributes already set (for `first`)
	totals   map[string]int64
	every    []rule // `*` rules not yet satisfied
	tools    map[string]*toolSpan
	early    map[string][]protocol.OutputEvent // permission events that came before their call
	finished bool
	// chatStart is where the next model request can have started: the run's start, then the
	// last of chatSpanStartEvents; chatBase what its span repeats of the run span.
	chatStart time.Time
	chatBase  map[string]attribute.KeyValue
}

func (r *runTrace) Env() []string { return TraceEnv(r.ctx) }

// ReadRunEnv keeps the environment of the run's processes (zero.RunEnvReader).
func (r *runTrace) ReadRunEnv(env []string) { r.runEnv = env }

// server sets server.address and server.port, once run_start names the provider.
func (r *runTrace) server(ev protocol.OutputEvent) {
	start, ok := ev.(*protocol.RunStartEvent)
	if !ok || start.Provider == nil || r.seen[serverAddressAttribute] {
		return
	}
	if host, port, ok := ServerOf(*start.Provider, r.runEnv); ok {
		r.seen[serverAddressAttribute] = true
		values := []attribute.KeyValue{attribute.String(serverAddressAttribute, host), attribute.Int(serverPortAttribute, port)}
		r.span.SetAttributes(values...)
		for _, kv := range values {
			r.keepForChat(kv)
		}
	}
}

// keepForChat keeps a run attribute the model request spans repeat (chatSpanFromRun).
func (r *runTrace) keepForChat(kv attribute.KeyValue) {
	if slices.Contains(chatSpanFromRun, string(kv.Key)) {
		r.chatBase[string(kv.Key)] = kv
	}
}

// modelCall records the span of one model request, from chatStart to end: what it repeats of
// the run span, and what ev (its usage, if any) says of it.
func (r *runTrace) modelCall(end time.Time, ev protocol.OutputEvent, errorType string) {
	attrs := make([]attribute.KeyValue, 0, len(chatSpanAttributes)+len(r.chatBase)+2)
	for key, value := range chatSpanAttributes {
		if kv, ok := keyValue(key, value); ok {
			attrs = append(attrs, kv)
		}
	}
	for _, name := range chatSpanFromRun {
		if kv, ok := r.chatBase[name]; ok {
			attrs = append(attrs, kv)
		}
	}
	if ev != nil {
		for _, x := range rules[ev.Type()] {
			if x.span != "chat" || (x.content != "" && !r.capture) || x.get == nil {
				continue
			}
			if value, ok := x.get(ev); ok {
				if kv, ok := keyValue(x.attribute, value); ok {
					attrs = append(attrs, kv)
				}
			}
		}
	}
	name := chatSpanNameNoModel
	if model, ok := r.chatBase["gen_ai.request.model"]; ok && model.Value.AsString() != "" {
		name = strings.Replace(chatSpanName, "{gen_ai.request.model}", model.Value.AsString(), 1)
	}
	_, span := r.tracer.Start(r.ctx, name, trace.WithSpanKind(spanKinds[chatSpanKind]), trace.WithAttributes(attrs...), trace.WithTimestamp(r.chatStart))
	if errorType != "" {
		span.SetAttributes(attribute.String("error.type", errorType))
		span.SetStatus(codes.Error, errorType)
	}
	if end.Before(r.chatStart) {
		end = r.chatStart
	}
	span.End(trace.WithTimestamp(end))
}
func (r *runTrace) Recording() bool { return r.span.IsRecording() }

func isPermission(t string) bool {
	return t == "permission" || t == "permission_request" || t == "permission_decision"
}

func (r *runTrace) Observe(ev zero.Event) {
	if _, unknown := ev.(*protocol.UnknownEvent); unknown || ev == nil {
		return
	}
	if len(r.every) > 0 {
		r.apply(r.span, r.seen, ev, r.every, "run")
		r.every = slices.DeleteFunc(r.every, func(x rule) bool { return r.seen[x.attribute] })
	}
	kind := ev.Type()
	eventRules := rules[kind]
	switch {
	case kind == "tool_call":
		tool := r.startTool(stringField(ev, "id"), stringField(ev, "name"))
		r.applyTool(tool, ev, eventRules)
	case kind == "tool_result":
		r.toolResult(ev, eventRules)
	case isPermission(kind):
		r.apply(r.span, r.seen, ev, eventRules, "run")
		id := stringField(ev, "id")
		if tool := r.tools[id]; tool != nil {
			r.applyTool(tool, ev, eventRules)
		} else { // a parallel read batch writes permission events before the call
			r.early[id] = append(r.early[id], ev)
		}
	default:
		r.apply(r.span, r.seen, ev, eventRules, "run")
		if kind == "run_start" {
			r.server(ev)
		}
	}
	if start := slices.Contains(chatSpanStartEvents, kind); start || kind == chatSpanEndEvent {
		now := time.Now()
		if kind == chatSpanEndEvent {
			r.modelCall(now, ev, "")
		}
		if start {
			r.chatStart = now
		}
	}
	if se, ok := spanEvents[kind]; ok {
		var attrs []attribute.KeyValue
		for _, a := range se.attributes {
			if v, ok := a.get(ev); ok {
				if kv, ok := keyValue(a.attribute, v); ok {
					attrs = append(attrs, kv)
				}
			}
		}
		r.span.AddEvent(se.name, trace.WithAttributes(attrs...))
	}
}

// stringField reads id or name, which tool calls, permission events and results all have.
func stringField(ev protocol.OutputEvent, name string) string {
	switch e := ev.(type) {
	case *protocol.ToolCallEvent:
		return pick(name, e.ID, e.Name)
	case *protocol.ToolResultEvent:
		return pick(name, e.ID, e.Name)
	case *protocol.PermissionRequestEvent:
		return pick(name, e.ID, e.Name)
	case *protocol.PermissionDecisionEvent:
		return pick(name, e.ID, e.Name)
	case *protocol.PermissionEvent:
		return pick(name, e.ID, e.Name)
	}
	return ""
}

func pick(name string, id, toolName *string) string {
	value := id
	if name == "name" {
		value = toolName
	}
	if value == nil {
		return ""
	}
	return *value
}

func keyValue(key string, value any) (attribute.KeyValue, bool) {
	switch v := value.(type) {
	case string:
		return attribute.String(key, v), true
	case bool:
		return attribute.Bool(key, v), true
	case int64:
		return attribute.Int64(key, v), true
	case int:
		return attribute.Int(key, v), true
	case float64:
		return attribute.Float64(key, v), true
	case []string:
		return attribute.StringSlice(key, v), true
	}
	return attribute.KeyValue{}, false
}

func render(value any, content string) string {
	switch content {
	case "text", "json": // json: the accessor already holds the raw JSON text of the value
		s, _ := value.(string)
		return s
	}
	text, _ := value.(string)
	return `[{"role":"assistant","parts":[{"type":"text","content":` + jsonString(text) + `}],"finish_reason":"stop"}]`
}

func jsonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteRune(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789abcdef"[c>>4])
			b.WriteByte("0123456789abcdef"[c&0xf])
		default:
			b.WriteRune(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func (r *runTrace) apply(span trace.Span, seen map[string]bool, ev protocol.OutputEvent, list []rule, which string) {
	for _, x := range list {
		if x.span != which || (x.content != "" && !r.capture) || (x.legacy && r.latest) {
			continue
		}
		if x.op == "count" {
			r.totals[x.attribute]++
			continue
		}
		value, ok := x.get(ev)
		if !ok || (x.op == "first" && seen[x.attribute]) {
			continue
		}
		if x.op == "sum" {
			if n, isInt := value.(int64); isInt {
				r.totals[x.attribute] += n
			}
			continue
		}
		if x.content != "" {
			value = render(value, x.content)
		}
		if kv, ok := keyValue(x.attribute, value); ok {
			seen[x.attribute] = true
			span.SetAttributes(kv)
			if which == "run" {
				r.keepForChat(kv)
			}
		}
	}
}

func (r *runTrace) startTool(id, name string) *toolSpan {
	if previous := r.tools[id]; previous != nil { // the model reused an id before the first result
		delete(r.tools, id)
		endTool(previous, toolErrorNoResult)
	}
	spanName := toolSpanNameWithoutTool
	if name != "" {
		spanName = strings.Replace(toolSpanName, "{gen_ai.tool.name}", name, 1)
	}
	_, span := r.tracer.Start(r.ctx, spanName, trace.WithSpanKind(trace.SpanKindInternal), trace.WithAttributes(stringAttributes(toolSpanAttributes)...))
	tool := &toolSpan{span: span, seen: map[string]bool{}}
	r.tools[id] = tool
	for _, early := range r.early[id] {
		r.applyTool(tool, early, rules[early.Type()])
	}
	delete(r.early, id)
	return tool
}

func (r *runTrace) applyTool(tool *toolSpan, ev protocol.OutputEvent, list []rule) {
	r.apply(tool.span, tool.seen, ev, list, "tool")
	if isPermission(ev.Type()) {
		var action *string
		switch e := ev.(type) {
		case *protocol.PermissionRequestEvent:
			if e.Action != nil {
				a := string(*e.Action)
				action = &a
			}
		case *protocol.PermissionDecisionEvent:
			if e.Action != nil {
				a := string(*e.Action)
				action = &a
			}
		case *protocol.PermissionEvent:
			action = e.Action
		}
		if action != nil {
			tool.permissionAction = *action
		}
	}
}

func (r *runTrace) toolResult(ev protocol.OutputEvent, list []rule) {
	id := stringField(ev, "id")
	tool := r.tools[id]
	if tool == nil { // a result without its call: a span still shows it
		tool = r.startTool(id, stringField(ev, "name"))
	}
	delete(r.tools, id)
	r.applyTool(tool, ev, list)
	errorType := ""
	if e, ok := ev.(*protocol.ToolResultEvent); ok && string(e.Status) == "error" {
		errorType = toolErrorFailed
		if byAction, ok := toolErrorByAction[tool.permissionAction]; ok {
			errorType = byAction
		}
	}
	endTool(tool, errorType)
}

func endTool(tool *toolSpan, errorType string) {
	if errorType != "" {
		tool.span.SetAttributes(attribute.String("error.type", errorType))
		tool.span.SetStatus(codes.Error, errorType)
	}
	tool.span.End()
}

// Finish ends the run span (and any tool span still open) with the run's outcome; idempotent.
func (r *runTrace) Finish(result *zero.RunResult, err error) {
	if r.finished {
		return
	}
	r.finished = true
	span := r.span
	for id, tool := range r.tools {
		endTool(tool, toolErrorNoResult)
		delete(r.tools, id)
	}
	for attr, total := range r.totals {
		span.SetAttributes(attribute.Int64(attr, total))
	}
	if result != nil && span.IsRecording() {
		if result.SchemaVersion != 0 {
			span.SetAttributes(attribute.Int(schemaVersionAttribute, result.SchemaVersion))
		}
		// What the events did not tell (no run_end, or events not observed): the client's account.
		fallbacks := []struct {
			key   string
			value any
			ok    bool
		}{
			{"zero.run.id", result.RunID, result.RunID != ""},
			{"zero.run.status", result.Status, result.Status != ""},
			{"zero.run.exit_code", int64(result.ExitCode), result.ExitCode >= 0},
			{"gen_ai.conversation.id", result.SessionID, result.SessionID != ""},
		}
		for _, f := range fallbacks {
			if f.ok && !r.seen[f.key] {
				if kv, ok := keyValue(f.key, f.value); ok {
					span.SetAttributes(kv)
				}
			}
		}
	}
	if err != nil {
		errorType := runErrorType(result, err)
		kind := ClientErrorKind(err)
		if span.IsRecording() && slices.Contains(chatSpanFailedOn, kind) {
			r.modelCall(time.Now(), nil, errorType) // the request that failed (it has no usage)
		}
		span.SetAttributes(attribute.String("error.type", errorType))
		if kind != "" {
			span.SetAttributes(attribute.String(clientErrorAttribute, kind))
		}
		message := err.Error()
		var bare interface{ Message() string }
		if errors.As(err, &bare) {
			message = bare.Message() // without the stderr tail Error() adds, which is not ours to export
		}
		span.SetStatus(codes.Error, message)
	}
	span.End()
}

// ClientErrorKind is the kind of a client error (timeout, provider, ...) the mapping's error
// tables use; "" for an error that is not the client's.
func ClientErrorKind(err error) string {
	var (
		timeout     *zero.TimeoutError
		protocolErr *zero.ProtocolError
		notFound    *zero.NotFoundError
		version     *zero.VersionError
		interrupted *zero.InterruptedError
		process     *zero.ProcessError
		usage       *zero.UsageError
		crash       *zero.CrashError
		provider    *zero.ProviderError
		incomplete  *zero.IncompleteError
		base        zero.Error
	)
	switch {
	case errors.As(err, &timeout):
		return "timeout"
	case errors.As(err, &protocolErr):
		return "protocol"
	case errors.As(err, &notFound):
		return "not_found"
	case errors.As(err, &version):
		return "version"
	case errors.As(err, &interrupted):
		return "interrupted"
	case errors.As(err, &process):
		return "process"
	case errors.As(err, &usage):
		return "usage"
	case errors.As(err, &crash):
		return "crash"
	case errors.As(err, &provider):
		return "provider"
	case errors.As(err, &incomplete):
		return "incomplete"
	case errors.As(err, &base):
		return "run"
	}
	return ""
}

// runErrorType is error.type of a failed run (schema/tracing.json errorTypes.run).
func runErrorType(result *zero.RunResult, err error) string {
	kind := ClientErrorKind(err)
	if kind == "" {
		return runErrorFallback
	}
	if t, ok := runErrorClientSide[kind]; ok {
		return t
	}
	if result != nil {
		for i := len(result.Errors) - 1; i >= 0; i-- {
			if code := result.Errors[i].Code; code != "" {
				return code
			}
		}
	}
	if t, ok := runErrorWithoutEvent[kind]; ok {
		return t
	}
	return runErrorFallback
}

// BatchSpan starts the span of a batch of runs (`invoke_workflow zero-sdk batch`); runs started
// with the returned context are its children. End the span when the batch is done (with
// codes.Error status if it failed).
func BatchSpan(ctx context.Context, provider trace.TracerProvider, attrs ...attribute.KeyValue) (context.Context, trace.Span) {
	if provider == nil {
		provider = otel.GetTracerProvider()
	}
	tr := scopeTracer(provider)
	all := append(stringAttributes(batchSpanAttributes), attrs...)
	return tr.Start(ctx, batchSpanName, trace.WithSpanKind(trace.SpanKindInternal), trace.WithAttributes(all...))
}
