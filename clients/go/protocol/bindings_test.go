package protocol_test

// Tests of the generated types written against the version-neutral package, as user code is:
// the lines are built with protocol.Latest, so the tests hold for whatever version is latest.

import (
	"encoding/json"
	"errors"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"testing"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol"
)

const run = "run_20260822101500_3fa9c2"

// latest writes a line of the latest version: `{V}` becomes protocol.Latest, `{R}` the run id.
func latest(line string) []byte {
	return []byte(strings.NewReplacer("{V}", strconv.Itoa(protocol.Latest), "{R}", run).Replace(line))
}

func wantProtocolError(t *testing.T, err error, kind protocol.Kind, field string) {
	t.Helper()
	var pe *protocol.ProtocolError
	if !errors.As(err, &pe) || pe.Kind != kind || pe.Field != field {
		t.Fatalf("want %s at %q, got %v", kind, field, err)
	}
}

func TestAbsentZeroAndNullStayDistinct(t *testing.T) {
	absent, err := protocol.Decode(latest(`{"runId":"{R}","schemaVersion":{V},"type":"text"}`))
	if err != nil {
		t.Fatal(err)
	}
	empty, err := protocol.Decode(latest(`{"delta":"","runId":"{R}","schemaVersion":{V},"type":"text"}`))
	if err != nil {
		t.Fatal(err)
	}
	if absent.(*protocol.TextEvent).Delta != nil || empty.(*protocol.TextEvent).Delta == nil || empty.(*protocol.TextEvent).GetDelta() != "" {
		t.Fatalf("absent and empty delta must differ: %#v %#v", absent, empty)
	}
	call, err := protocol.Decode(latest(`{"args":null,"runId":"{R}","schemaVersion":{V},"sideEffect":"read","type":"tool_call"}`))
	if err != nil {
		t.Fatal(err)
	}
	if string(call.(*protocol.ToolCallEvent).Args) != "null" {
		t.Fatalf("args = %q, want null kept", call.(*protocol.ToolCallEvent).Args)
	}
	_, err = protocol.Decode(latest(`{"delta":null,"runId":"{R}","schemaVersion":{V},"type":"text"}`))
	wantProtocolError(t, err, protocol.WrongType, "delta")
}

func TestGettersAreNilSafe(t *testing.T) {
	var nothing *protocol.TextEvent
	if nothing.GetDelta() != "" {
		t.Fatal("nil receiver")
	}
	delta := "hi"
	if (&protocol.TextEvent{Delta: &delta}).GetDelta() != "hi" {
		t.Fatal("GetDelta")
	}
	var decision *protocol.PermissionDecisionEvent
	if decision.GetBlock().GetPath() != "" || decision.GetBlock() != nil {
		t.Fatal("chained getters on nil")
	}
	// Required fields have getters too (protobuf-go style): the value, or zero on a nil receiver;
	// a required nested object by pointer.
	var result *protocol.ToolResultEvent
	if result.GetStatus() != "" || result.GetRunID() != "" || result.GetTruncated() {
		t.Fatal("required getters on nil")
	}
	done := &protocol.ToolResultEvent{RunID: run, Status: protocol.ToolResultStatusOk, Truncated: true}
	if done.GetStatus() != protocol.ToolResultStatusOk || done.GetRunID() != run || !done.GetTruncated() {
		t.Fatal("required getters")
	}
	var request *protocol.PermissionRequestEvent
	if request.GetRisk() != nil || request.GetRisk().GetLevel() != "" {
		t.Fatal("required nested getter on nil")
	}
	asked := &protocol.PermissionRequestEvent{Risk: protocol.Risk{Level: protocol.RiskLevelHigh}}
	if asked.GetRisk().GetLevel() != protocol.RiskLevelHigh || asked.GetRisk() != &asked.Risk {
		t.Fatal("required nested getter")
	}
}

// TestEveryFieldHasAGetterAndEveryAliasListsItsFields checks the package as `go doc` sees it:
// every field of every latest-version struct has a GetXxx method, and the doc comment of its
// version-neutral alias (which is all `go doc protocol.X` shows of it) names every field.
func TestEveryFieldHasAGetterAndEveryAliasListsItsFields(t *testing.T) {
	fset := token.NewFileSet()
	const path = "github.com/zero-sdk/zero-sdk/clients/go/protocol"
	pkg, err := importer.ForCompiler(fset, "source", nil).Import(path)
	if err != nil {
		t.Fatal(err)
	}
	file, err := parser.ParseFile(fset, "registry.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]string{}
	for _, decl := range file.Decls {
		if gen, ok := decl.(*ast.GenDecl); ok && gen.Tok == token.TYPE {
			for _, spec := range gen.Specs {
				if ts := spec.(*ast.TypeSpec); ts.Assign.IsValid() {
					docs[ts.Name.Name] = ts.Doc.Text()
				}
			}
		}
	}
	structs := 0
	for _, name := range pkg.Scope().Names() {
		alias, ok := pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok || !alias.IsAlias() || name == "UnknownEvent" {
			continue
		}
		target, ok := types.Unalias(alias.Type()).(*types.Named)
		if !ok || target.Obj().Pkg().Path() != path+"/v"+strconv.Itoa(protocol.Latest) {
			continue // the runtime's types (wire.ProtocolError, ...)
		}
		if docs[name] == "" {
			t.Errorf("alias %s has no doc comment", name)
		}
		fields, ok := alias.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		structs++
		methods := types.NewMethodSet(types.NewPointer(alias.Type()))
		for i := 0; i < fields.NumFields(); i++ {
			f := fields.Field(i)
			if !f.Exported() || f.Embedded() || f.Name() == "Extra" {
				continue
			}
			if methods.Lookup(f.Pkg(), "Get"+f.Name()) == nil {
				t.Errorf("%s.%s has no Get%s", name, f.Name(), f.Name())
			}
			if !strings.Contains(docs[name], "- "+f.Name()+" ") {
				t.Errorf("the doc comment of alias %s does not list its field %s", name, f.Name())
			}
		}
	}
	if structs < 10 {
		t.Fatalf("found only %d struct aliases", structs)
	}
}

func TestLenientKeepsNestedExtrasAndStrictNamesThem(t *testing.T) {
	line := latest(`{"permissionGranted":true,"risk":{"level":"low","score":0.5},"runId":"{R}","schemaVersion":{V},"type":"permission_decision","x":[1]}`)
	event, err := protocol.Decode(line)
	if err != nil {
		t.Fatal(err)
	}
	d := event.(*protocol.PermissionDecisionEvent)
	if string(d.Extra["x"]) != "[1]" || string(d.Risk.Extra["score"]) != "0.5" {
		t.Fatalf("extras: %v %v", d.Extra, d.Risk.Extra)
	}
	out, _ := json.Marshal(d)
	if !sameJSON(t, out, line) {
		t.Fatalf("round trip: %s", out)
	}
	_, err = protocol.Decode(latest(`{"permissionGranted":true,"risk":{"level":"low","score":0.5},"runId":"{R}","schemaVersion":{V},"type":"permission_decision"}`), protocol.Strict)
	wantProtocolError(t, err, protocol.UnknownField, "risk.score")
}

func TestUnknownTypeNeedsTheEnvelope(t *testing.T) {
	for line, want := range map[string][2]string{
		`{"schemaVersion":{V},"type":"heartbeat"}`:                  {"missing_field", "runId"},
		`{"runId":"bad id","schemaVersion":{V},"type":"heartbeat"}`: {"constraint", "runId"},
		`{"runId":5,"schemaVersion":{V},"type":"heartbeat"}`:        {"wrong_type", "runId"},
	} {
		_, err := protocol.Decode(latest(line))
		wantProtocolError(t, err, protocol.Kind(want[0]), want[1])
	}
	event, err := protocol.Decode(latest(`{"beat":1,"runId":"{R}","schemaVersion":{V},"type":"heartbeat"}`))
	if err != nil {
		t.Fatal(err)
	}
	if u, ok := event.(*protocol.UnknownEvent); !ok || u.Type() != "heartbeat" || u.RunID != run || string(u.Raw["beat"]) != "1" {
		t.Fatalf("unknown: %#v", event)
	}
}

func TestConstructedEventsEncodeOnlyPresentFields(t *testing.T) {
	content := "hi"
	b, err := json.Marshal(protocol.MessageInput{Content: &content})
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != string(latest(`{"schemaVersion":{V},"type":"message","role":"user","content":"hi"}`)) {
		t.Fatalf("got %s", b)
	}
	back, err := protocol.Registry().Latest().DecodeInput(b)
	if err != nil || back.(*protocol.MessageInput).GetContent() != "hi" {
		t.Fatalf("decode back: %v %v", back, err)
	}
}

// Plain encoding/json applies the rules of Decode, both ways.
func TestUnmarshalJSONAppliesTheDecodeRules(t *testing.T) {
	var text protocol.TextEvent
	if err := json.Unmarshal(latest(`{"delta":"a","runId":"{R}","schemaVersion":{V},"type":"text"}`), &text); err != nil || text.GetDelta() != "a" {
		t.Fatalf("valid line: %v %#v", err, text)
	}
	older := strconv.Itoa(protocol.Latest - 1)
	err := json.Unmarshal(latest(`{"runId":"{R}","schemaVersion":`+older+`,"type":"text"}`), &text)
	wantProtocolError(t, err, protocol.BadConst, "schemaVersion")
	err = json.Unmarshal(latest(`{"runId":"{R}","schemaVersion":{V},"type":"final"}`), &text)
	wantProtocolError(t, err, protocol.BadConst, "type")
	var failure protocol.ErrorEvent
	err = json.Unmarshal(latest(`{"code":"bogus","message":"m","recoverable":false,"runId":"{R}","schemaVersion":{V},"type":"error"}`), &failure)
	wantProtocolError(t, err, protocol.BadEnum, "code")
	var end protocol.RunEndEvent
	err = json.Unmarshal(latest(`{"runId":"{R}","schemaVersion":{V},"type":"run_end","status":"success"}`), &end)
	wantProtocolError(t, err, protocol.MissingField, "exitCode")
	var level protocol.RiskLevel
	err = json.Unmarshal([]byte(`"bogus"`), &level)
	wantProtocolError(t, err, protocol.BadEnum, "")
	var nested struct{ Risk protocol.Risk }
	err = json.Unmarshal([]byte(`{"Risk":{"level":"bogus"}}`), &nested)
	wantProtocolError(t, err, protocol.BadEnum, "level")
}

func TestMarshalJSONNeverOmitsRequiredFieldsAndRejectsBadValues(t *testing.T) {
	success, bogus := protocol.RunEndStatusSuccess, protocol.RunEndStatus("bogus")
	b, err := json.Marshal(&protocol.RunEndEvent{RunID: run, Status: &success})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"exitCode":0`) {
		t.Fatalf("required exitCode omitted: %s", b)
	}
	_, err = json.Marshal(&protocol.RunEndEvent{RunID: run, Status: &bogus})
	wantProtocolError(t, err, protocol.BadEnum, "status")
	_, err = json.Marshal(&protocol.RunEndEvent{Status: &success})
	wantProtocolError(t, err, protocol.Constraint, "runId")
}

// Every valid vector of every older version decodes, through the upgrade steps, to an event of
// the latest version's types that remembers its line and version.
func TestOlderVersionsUpgradeToTheLatestTypes(t *testing.T) {
	upgraded := 0
	for _, version := range protocol.Supported() {
		for _, v := range loadVectors(t, version) {
			if v.Direction != "output" || v.Expect == "invalid" {
				continue
			}
			event, err := protocol.Decode([]byte(v.Line))
			if err != nil {
				t.Fatalf("v%d %s: %v", version, v.Name, err)
			}
			if event.SchemaVersion() != protocol.Latest || event.OriginalSchemaVersion() != version || string(event.RawLine()) != v.Line {
				t.Fatalf("v%d %s: version %d, original %d, line %q", version, v.Name, event.SchemaVersion(), event.OriginalSchemaVersion(), event.RawLine())
			}
			if version != protocol.Latest {
				upgraded++
			}
		}
	}
	if len(protocol.Supported()) > 1 && upgraded == 0 {
		t.Fatal("no older line was upgraded")
	}
}

func TestUnsupportedVersionIsABadConst(t *testing.T) {
	next := strconv.Itoa(protocol.Latest + 1)
	_, err := protocol.Decode(latest(`{"runId":"{R}","schemaVersion":` + next + `,"type":"text"}`))
	wantProtocolError(t, err, protocol.BadConst, "schemaVersion")
}

func TestEncodeInputWritesEachSupportedVersion(t *testing.T) {
	for _, version := range protocol.Supported() {
		line, err := protocol.EncodeInput(version, &protocol.PromptInput{Content: "hi"})
		if err != nil {
			t.Fatalf("v%d: %v", version, err)
		}
		var head struct{ SchemaVersion int }
		if err := json.Unmarshal(line, &head); err != nil || head.SchemaVersion != version {
			t.Fatalf("v%d: %s", version, line)
		}
	}
	_, err := protocol.EncodeInput(protocol.Latest, &protocol.PromptInput{Content: "  "})
	wantProtocolError(t, err, protocol.Constraint, "content")
}

// The registry's exit-code tables cover exactly the latest version's enum values.
func TestExitCodeTablesMatchTheEnums(t *testing.T) {
	latest := protocol.Registry().Latest()
	if len(latest.ErrorCodes) == 0 || len(latest.RunEndStatuses) == 0 {
		t.Fatal("the latest version has no exit-code tables")
	}
	for _, code := range latest.ErrorCodes {
		var value protocol.ErrorCode
		if err := json.Unmarshal([]byte(strconv.Quote(code.Value)), &value); err != nil || len(code.ExitCodes) == 0 {
			t.Errorf("error code %q: %v %v", code.Value, err, code.ExitCodes)
		}
	}
	for _, status := range latest.RunEndStatuses {
		var value protocol.RunEndStatus
		if err := json.Unmarshal([]byte(strconv.Quote(status.Value)), &value); err != nil || len(status.ExitCodes) == 0 {
			t.Errorf("run_end status %q: %v %v", status.Value, err, status.ExitCodes)
		}
	}
	// A success run_end says exit code 0.
	for _, status := range latest.RunEndStatuses {
		if status.Value == string(protocol.RunEndStatusSuccess) && status.ExitCodes[0] != 0 {
			t.Errorf("success maps to %v", status.ExitCodes)
		}
	}
}
