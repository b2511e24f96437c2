package protocol_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol"
	v2 "github.com/zero-sdk/zero-sdk/clients/go/protocol/v2"
)

const run = "run_20260822101500_3fa9c2"

func TestAbsentZeroAndNullStayDistinct(t *testing.T) {
	absent, err := v2.Decode([]byte(`{"runId":"` + run + `","schemaVersion":2,"type":"text"}`))
	if err != nil {
		t.Fatal(err)
	}
	empty, err := v2.Decode([]byte(`{"delta":"","runId":"` + run + `","schemaVersion":2,"type":"text"}`))
	if err != nil {
		t.Fatal(err)
	}
	if absent.(*v2.TextEvent).Delta != nil || empty.(*v2.TextEvent).Delta == nil || *empty.(*v2.TextEvent).Delta != "" {
		t.Fatalf("absent %+v, empty %+v", absent, empty)
	}
	call, err := v2.Decode([]byte(`{"args":null,"runId":"` + run + `","schemaVersion":2,"sideEffect":"read","type":"tool_call"}`))
	if err != nil {
		t.Fatal(err)
	}
	if string(call.(*v2.ToolCallEvent).Args) != "null" {
		t.Fatalf("args = %q, want null kept", call.(*v2.ToolCallEvent).Args)
	}
	_, err = v2.Decode([]byte(`{"delta":null,"runId":"` + run + `","schemaVersion":2,"type":"text"}`))
	var pe *protocol.ProtocolError
	if !errors.As(err, &pe) || pe.Kind != protocol.WrongType || pe.Field != "delta" {
		t.Fatalf("null delta: %v", err)
	}
}

func TestLenientKeepsNestedExtrasAndStrictNamesThem(t *testing.T) {
	line := `{"permissionGranted":true,"risk":{"level":"low","score":0.5},"runId":"` + run + `","schemaVersion":2,"type":"permission_decision","x":[1]}`
	event, err := v2.Decode([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	d := event.(*v2.PermissionDecisionEvent)
	if string(d.Extra["x"]) != "[1]" || string(d.Risk.Extra["score"]) != "0.5" {
		t.Fatalf("extras: %v %v", d.Extra, d.Risk.Extra)
	}
	out, _ := json.Marshal(d)
	if !sameJSON(t, out, []byte(line)) {
		t.Fatalf("round trip: %s", out)
	}
	_, err = v2.Decode([]byte(`{"permissionGranted":true,"risk":{"level":"low","score":0.5},"runId":"`+run+`","schemaVersion":2,"type":"permission_decision"}`), protocol.Strict)
	var pe *protocol.ProtocolError
	if !errors.As(err, &pe) || pe.Kind != protocol.UnknownField || pe.Field != "risk.score" {
		t.Fatalf("strict: %v", err)
	}
}

func TestUnknownTypeNeedsTheEnvelope(t *testing.T) {
	for line, want := range map[string][2]string{
		`{"schemaVersion":2,"type":"heartbeat"}`:                  {"missing_field", "runId"},
		`{"runId":"bad id","schemaVersion":2,"type":"heartbeat"}`: {"constraint", "runId"},
		`{"runId":5,"schemaVersion":2,"type":"heartbeat"}`:        {"wrong_type", "runId"},
	} {
		_, err := v2.Decode([]byte(line))
		var pe *protocol.ProtocolError
		if !errors.As(err, &pe) || string(pe.Kind) != want[0] || pe.Field != want[1] {
			t.Errorf("%s: got %v, want %v", line, err, want)
		}
	}
	event, err := v2.Decode([]byte(`{"beat":1,"runId":"` + run + `","schemaVersion":2,"type":"heartbeat"}`))
	if err != nil {
		t.Fatal(err)
	}
	if u, ok := event.(*v2.UnknownEvent); !ok || u.Type() != "heartbeat" || u.RunID != run || string(u.Raw["beat"]) != "1" {
		t.Fatalf("unknown: %#v", event)
	}
}

func TestConstructedEventsEncodeOnlyPresentFields(t *testing.T) {
	content := "hi"
	b, err := json.Marshal(v2.MessageInput{Content: &content})
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"content":"hi","role":"user","schemaVersion":2,"type":"message"}` {
		t.Fatalf("got %s", b)
	}
	back, err := v2.DecodeInput(b)
	if err != nil || *back.(*v2.MessageInput).Content != "hi" {
		t.Fatalf("decode back: %v %v", back, err)
	}
}
