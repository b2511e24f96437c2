// Package zerotest is a loopback OpenAI-compatible fake model server for `go test`, in the style
// of net/http/httptest. It plays the JSON script format of docs/testing.md ("Script format"), the
// same one the Python and TypeScript fakes play: one reply per POST to /v1/chat/completions, in
// order; HTTP 500 "fake model: no scripted reply left" when the script runs out. Every request
// is recorded. Point `zero exec` (zero-engine or the real binary) at Server.URL with
// OPENAI_BASE_URL.
package zerotest

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// Reply is one reply of a script, in its JSON form (e.g. {"text": "Hi."}).
type Reply = map[string]any

// ExhaustedMessage is the error message once every scripted reply was played.
const ExhaustedMessage = "fake model: no scripted reply left"

// Request is one request the server received (header names lower-cased, Body decoded JSON or nil).
type Request struct {
	Method  string
	Path    string
	Headers map[string]string
	Body    any
}

// Server is a running fake model server.
type Server struct {
	// URL is the base URL to use as OPENAI_BASE_URL (it ends with /v1).
	URL string

	srv      *httptest.Server
	mu       sync.Mutex
	queue    []Reply
	requests []Request
	played   int
	calls    int
	closing  chan struct{}
}

// ParseScript reads a script: {"replies": [...]} or just the list.
func ParseScript(data []byte) ([]Reply, error) {
	var wrapped struct {
		Replies []Reply `json:"replies"`
	}
	if err := json.Unmarshal(data, &wrapped); err == nil && wrapped.Replies != nil {
		return wrapped.Replies, nil
	}
	var list []Reply
	if err := json.Unmarshal(data, &list); err != nil {
		return nil, fmt.Errorf("script: expected {\"replies\": [...]} or a list of replies: %w", err)
	}
	return list, nil
}

// Answer is the model's typed answer to a run with ext.Extensions.OutputType: a call of the
// output tool mcp_sdk_final_result with arguments, then the closing text "Done.":
// zerotest.NewServer(t, zerotest.Answer(map[string]any{"ok": true})...).
func Answer(arguments any) []Reply {
	return []Reply{
		{"tool_calls": []any{map[string]any{"name": "mcp_sdk_final_result", "arguments": arguments}}},
		{"text": "Done."},
	}
}

// NewServer starts a server playing replies and closes it when the test ends. A bad script
// fails the test, naming the reply and the field.
func NewServer(t testing.TB, replies ...Reply) *Server {
	t.Helper()
	probe := 0
	for i, reply := range replies {
		if _, err := plan(reply, i, func() int { probe++; return probe }); err != nil {
			t.Fatal(err)
		}
	}
	s := &Server{queue: append([]Reply(nil), replies...), closing: make(chan struct{})}
	s.srv = httptest.NewServer(http.HandlerFunc(s.handle))
	s.URL = s.srv.URL + "/v1"
	t.Cleanup(s.Close)
	return s
}

// Enqueue adds replies while the server runs.
func (s *Server) Enqueue(replies ...Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queue = append(s.queue, replies...)
}

// Requests returns every request received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Close stops the server (stalled streams end); safe to call twice.
func (s *Server) Close() {
	s.mu.Lock()
	select {
	case <-s.closing:
		s.mu.Unlock()
		return
	default:
		close(s.closing)
	}
	s.mu.Unlock()
	s.srv.CloseClientConnections()
	s.srv.Close()
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var body any
	if len(raw) > 0 && json.Unmarshal(raw, &body) != nil {
		body = nil
	}
	headers := map[string]string{}
	for name, values := range r.Header {
		headers[strings.ToLower(name)] = strings.Join(values, ", ")
	}
	s.mu.Lock()
	s.requests = append(s.requests, Request{Method: r.Method, Path: r.URL.Path, Headers: headers, Body: body})
	var reply Reply
	switch {
	case r.Method != http.MethodPost || !strings.HasSuffix(strings.TrimRight(r.URL.Path, "/"), "/chat/completions"):
		reply = Reply{"error": map[string]any{"status": 404.0, "message": "fake model: unknown path " + r.URL.Path}}
	case len(s.queue) > 0:
		reply, s.queue = s.queue[0], s.queue[1:]
	default:
		reply = Reply{"error": map[string]any{"status": 500.0, "message": ExhaustedMessage}}
	}
	index := s.played
	s.played++
	p, err := plan(reply, index, func() int { s.calls++; return s.calls })
	s.mu.Unlock()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	s.send(w, r, p)
}

type planned struct {
	status                 int
	headers                map[string]string
	body                   *string
	events                 []any
	dropAfter, resetAfter  int // -1: none
	stallAfter             int // -1: none
	stallSeconds, delaySec float64
}

func (s *Server) send(w http.ResponseWriter, r *http.Request, p planned) {
	if p.delaySec > 0 {
		select {
		case <-time.After(time.Duration(p.delaySec * float64(time.Second))):
		case <-s.closing:
			return
		}
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Connection", "close")
	for name, value := range p.headers {
		w.Header().Set(name, value)
	}
	var pieces []string
	if p.body != nil {
		if p.dropAfter < 0 && p.resetAfter < 0 && p.stallAfter < 0 {
			w.Header().Set("Content-Length", fmt.Sprint(len(*p.body)))
			w.WriteHeader(p.status)
			_, _ = io.WriteString(w, *p.body)
			return
		}
		pieces = []string{*p.body}
	}
	for _, event := range p.events {
		text, ok := event.(string)
		if !ok {
			encoded, _ := json.Marshal(event)
			text = string(encoded)
		}
		pieces = append(pieces, "data: "+text+"\n\n")
	}
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(p.status)
	flusher, _ := w.(http.Flusher)
	for sent := 0; sent <= len(pieces); sent++ {
		if p.dropAfter == sent {
			if flusher != nil {
				flusher.Flush()
			}
			if hijacker, ok := w.(http.Hijacker); ok {
				if conn, _, err := hijacker.Hijack(); err == nil {
					_ = conn.Close()
				}
			}
			return
		}
		if p.resetAfter == sent {
			if flusher != nil {
				flusher.Flush()
			}
			// A reset discards what the client received but has not read yet: pause first, so
			// the client reads what was sent before it (a fixed outcome, not a race).
			select {
			case <-time.After(resetPause):
			case <-s.closing:
				return
			}
			if hijacker, ok := w.(http.Hijacker); ok {
				if conn, _, err := hijacker.Hijack(); err == nil {
					// SO_LINGER 0 then close: a TCP RST, so the client's read fails with ECONNRESET.
					if tcp, ok := conn.(*net.TCPConn); ok {
						_ = tcp.SetLinger(0)
					}
					_ = conn.Close()
				}
			}
			return
		}
		if p.stallAfter == sent {
			var until <-chan time.Time
			if p.stallSeconds > 0 {
				until = time.After(time.Duration(p.stallSeconds * float64(time.Second)))
			}
			select {
			case <-until:
			case <-r.Context().Done():
				return
			case <-s.closing:
				return
			}
		}
		if sent < len(pieces) {
			_, _ = io.WriteString(w, pieces[sent])
			if flusher != nil {
				flusher.Flush()
			}
		}
	}
}

// resetPause is the time between the last write and a scripted reset (reset_after).
const resetPause = 100 * time.Millisecond

var replyKeys = map[string]bool{"text": true, "reasoning": true, "tool_calls": true, "usage": true,
	"finish_reason": true, "done": true, "model": true, "error": true, "events": true, "raw": true,
	"status": true, "headers": true, "drop_after": true, "reset_after": true, "stall_after": true, "stall_seconds": true,
	"delay_seconds": true}

func plan(spec Reply, index int, nextCall func() int) (planned, error) {
	where := fmt.Sprintf("reply %d", index)
	var unknown []string
	for key := range spec {
		if !replyKeys[key] {
			unknown = append(unknown, key)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return planned{}, fmt.Errorf("%s: unknown field '%s'", where, unknown[0])
	}
	num := func(key string, fallback float64) (float64, error) {
		value, ok := spec[key]
		if !ok || value == nil {
			return fallback, nil
		}
		n, ok := toFloat(value)
		if !ok {
			return 0, fmt.Errorf("%s: field '%s' must be a number", where, key)
		}
		return n, nil
	}
	p := planned{headers: map[string]string{}}
	var values [6]float64
	for i, key := range []string{"status", "drop_after", "stall_after", "stall_seconds", "delay_seconds", "reset_after"} {
		fallback := map[string]float64{"status": 200, "drop_after": -1, "stall_after": -1, "reset_after": -1}[key]
		n, err := num(key, fallback)
		if err != nil {
			return planned{}, err
		}
		values[i] = n
	}
	p.status, p.dropAfter, p.stallAfter = int(values[0]), int(values[1]), int(values[2])
	p.stallSeconds, p.delaySec, p.resetAfter = values[3], values[4], int(values[5])
	if headers, ok := spec["headers"].(map[string]any); ok {
		for name, value := range headers {
			p.headers[name] = fmt.Sprint(value)
		}
	}
	switch {
	case spec["error"] != nil:
		e, ok := spec["error"].(map[string]any)
		if !ok {
			return planned{}, fmt.Errorf("%s: field 'error' must be an object", where)
		}
		p.status = 500
		if n, ok := toFloat(e["status"]); ok {
			p.status = int(n)
		}
		if body, ok := e["body"].(string); ok {
			p.body = &body
		} else {
			message, ok := e["message"]
			if !ok {
				message = "fake model error"
			}
			encoded, _ := json.Marshal(map[string]any{"error": map[string]any{"message": message, "type": "fake_error", "code": nil}})
			body := string(encoded)
			p.body = &body
			if _, set := p.headers["Content-Type"]; !set {
				p.headers["Content-Type"] = "application/json"
			}
		}
		if retry, ok := e["retry_after"].(string); ok {
			p.headers["Retry-After"] = retry
		}
	case spec["raw"] != nil:
		body, ok := spec["raw"].(string)
		if !ok {
			return planned{}, fmt.Errorf("%s: field 'raw' must be a string", where)
		}
		p.body = &body
	case spec["events"] != nil:
		events, ok := spec["events"].([]any)
		if !ok {
			return planned{}, fmt.Errorf("%s: field 'events' must be a list of objects and strings", where)
		}
		p.events = events
	default:
		events, err := streamed(spec, where, nextCall)
		if err != nil {
			return planned{}, err
		}
		p.events = events
	}
	return p, nil
}

func toFloat(value any) (float64, bool) {
	switch n := value.(type) {
	case float64:
		return n, true
	case int:
		return float64(n), true
	}
	return 0, false
}

func pieces(spec Reply, key, where string) ([]string, error) {
	switch value := spec[key].(type) {
	case nil:
		return nil, nil
	case string:
		return []string{value}, nil
	case []string:
		return value, nil
	case []any:
		out := make([]string, len(value))
		for i, item := range value {
			text, ok := item.(string)
			if !ok {
				return nil, fmt.Errorf("%s: field '%s' must be a string or a list of strings", where, key)
			}
			out[i] = text
		}
		return out, nil
	}
	return nil, fmt.Errorf("%s: field '%s' must be a string or a list of strings", where, key)
}

func chunk(delta map[string]any, finish any, model string) map[string]any {
	return map[string]any{"id": "chatcmpl-fake", "object": "chat.completion.chunk", "model": model,
		"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}}
}

func streamed(spec Reply, where string, nextCall func() int) ([]any, error) {
	model, _ := spec["model"].(string)
	if model == "" {
		model = "fake-model"
	}
	text, err := pieces(spec, "text", where)
	if err != nil {
		return nil, err
	}
	reasoning, err := pieces(spec, "reasoning", where)
	if err != nil {
		return nil, err
	}
	var calls []any
	if raw, ok := spec["tool_calls"]; ok && raw != nil {
		if calls, ok = raw.([]any); !ok {
			return nil, fmt.Errorf("%s: field 'tool_calls' must be a list", where)
		}
	}
	var out []any
	if len(calls) > 0 {
		var content any
		if joined := strings.Join(text, ""); joined != "" {
			content = joined
		}
		out = append(out, chunk(map[string]any{"role": "assistant", "content": content}, nil, model))
		text = nil
	} else {
		out = append(out, chunk(map[string]any{"role": "assistant", "content": ""}, nil, model))
	}
	for _, piece := range reasoning {
		out = append(out, chunk(map[string]any{"reasoning_content": piece}, nil, model))
	}
	for _, piece := range text {
		out = append(out, chunk(map[string]any{"content": piece}, nil, model))
	}
	for position, item := range calls {
		here := fmt.Sprintf("%s: tool_calls[%d]", where, position)
		call, ok := item.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s: expected an object", here)
		}
		name, ok := call["name"].(string)
		if !ok {
			return nil, fmt.Errorf("%s: field 'name' must be a string", here)
		}
		args, isText := call["arguments"].(string)
		if !isText && call["arguments"] != nil {
			encoded, _ := json.Marshal(call["arguments"])
			args = string(encoded)
		}
		number := nextCall()
		id, _ := call["id"].(string)
		if id == "" {
			id = fmt.Sprintf("call_%d", number)
		}
		split := 2
		if n, ok := toFloat(call["split"]); ok && n >= 1 {
			split = int(n)
		}
		step := max(1, (len(args)+split-1)/split)
		out = append(out, chunk(map[string]any{"tool_calls": []any{map[string]any{"index": position, "id": id,
			"type": "function", "function": map[string]any{"name": name, "arguments": ""}}}}, nil, model))
		for start := 0; start < len(args) || start == 0; start += step {
			part := args[start:min(len(args), start+step)]
			out = append(out, chunk(map[string]any{"tool_calls": []any{map[string]any{"index": position,
				"function": map[string]any{"arguments": part}}}}, nil, model))
			if len(args) == 0 {
				break
			}
		}
	}
	finish, set := spec["finish_reason"]
	if !set {
		finish = "stop"
		if len(calls) > 0 {
			finish = "tool_calls"
		}
	}
	if finish != nil {
		out = append(out, chunk(map[string]any{}, finish, model))
	}
	if usage, ok := spec["usage"]; ok && usage != nil {
		var pair []any
		switch u := usage.(type) {
		case []any:
			pair = u
		case map[string]any:
			pair = []any{u["prompt_tokens"], u["completion_tokens"]}
		}
		prompt, ok1 := toFloat(index(pair, 0))
		completion, ok2 := toFloat(index(pair, 1))
		if len(pair) != 2 || !ok1 || !ok2 {
			return nil, fmt.Errorf("%s: field 'usage' must be [prompt_tokens, completion_tokens]", where)
		}
		out = append(out, map[string]any{"id": "chatcmpl-fake", "object": "chat.completion.chunk", "model": model,
			"choices": []any{}, "usage": map[string]any{"prompt_tokens": int(prompt),
				"completion_tokens": int(completion), "total_tokens": int(prompt + completion)}})
	}
	if done, ok := spec["done"].(bool); !ok || done {
		out = append(out, "[DONE]")
	}
	return out, nil
}

func index(list []any, i int) any {
	if i < len(list) {
		return list[i]
	}
	return nil
}
