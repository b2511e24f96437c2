// Package protocol is the hand-written runtime of the generated Zero stream-json bindings
// (packages v1 and v2): the typed ProtocolError, a line scanner that keeps key order and raw
// values, and the value readers the generated decoders compose. Standard library only.
package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"unicode/utf8"
)

// Kind is a conformance error kind (conformance/README.md).
type Kind string

// The error kinds.
const (
	InvalidJSON  Kind = "invalid_json"
	UnknownField Kind = "unknown_field"
	MissingField Kind = "missing_field"
	WrongType    Kind = "wrong_type"
	BadEnum      Kind = "bad_enum"
	BadConst     Kind = "bad_const"
	UnknownType  Kind = "unknown_type"
	Constraint   Kind = "constraint"
)

// ProtocolError is a line that is not a valid protocol event. Field is the dotted wire path
// from the event root (`risk.level`, `images[0].data`; "" for the whole line).
type ProtocolError struct {
	Kind   Kind
	Field  string
	Detail string
}

func (e *ProtocolError) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("%s: %s", e.Kind, e.Detail)
	}
	return fmt.Sprintf("%s at `%s`: %s", e.Kind, e.Field, e.Detail)
}

// Errorf builds a *ProtocolError.
func Errorf(kind Kind, field, format string, args ...any) *ProtocolError {
	return &ProtocolError{Kind: kind, Field: field, Detail: fmt.Sprintf(format, args...)}
}

// Prefix puts key in front of the field path of a *ProtocolError (errors are built where the
// fault is and get their path on the way out, so the happy path builds no strings).
func Prefix(err error, key string) error {
	pe, ok := err.(*ProtocolError)
	if !ok {
		return err
	}
	switch {
	case pe.Field == "":
		pe.Field = key
	case pe.Field[0] == '[':
		pe.Field = key + pe.Field
	default:
		pe.Field = key + "." + pe.Field
	}
	return pe
}

// Missing is a missing_field error for key.
func Missing(key string) error {
	return Errorf(MissingField, key, "required field `%s` is absent", key)
}

// Unknown is an unknown_field error for key.
func Unknown(key string) error {
	return Errorf(UnknownField, key, "unknown field `%s`", key)
}

// Option changes how Decode treats unknown fields of known events.
type Option struct{ strict bool }

// Strict rejects unknown fields (unknown_field) instead of keeping them.
var Strict = Option{strict: true}

// IsStrict reports whether opts ask for strict decoding.
func IsStrict(opts []Option) bool {
	for _, o := range opts {
		if o.strict {
			return true
		}
	}
	return false
}

// Member is one key of a JSON object with its raw value (a slice of the decoded line).
type Member struct {
	Key   string
	Value []byte
}

// Lookup returns the raw value of the last member named key, or nil.
func Lookup(members []Member, key string) []byte {
	var found []byte
	for _, m := range members {
		if m.Key == key {
			found = m.Value
		}
	}
	return found
}

// ParseLine checks that line is exactly one JSON object and returns its members in order.
func ParseLine(line []byte) ([]Member, error) {
	if !json.Valid(line) {
		var v any
		err := json.Unmarshal(line, &v)
		return nil, Errorf(InvalidJSON, "", "not valid JSON: %v", err)
	}
	trimmed := bytes.TrimLeft(line, " \t\r\n")
	if trimmed[0] != '{' {
		return nil, Errorf(InvalidJSON, "", "expected a JSON object")
	}
	return scanObject(trimmed), nil
}

// Object returns the members of a raw value, or wrong_type if it is not an object.
func Object(raw []byte) ([]Member, error) {
	if raw[0] != '{' {
		return nil, Errorf(WrongType, "", "expected an object, got %s", describe(raw))
	}
	return scanObject(raw), nil
}

func skipWS(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// endOfString returns the index after the closing quote of the string starting at i.
func endOfString(data []byte, i int) int {
	j := i + 1
	for data[j] != '"' {
		if data[j] == '\\' {
			j += 2
		} else {
			j++
		}
	}
	return j + 1
}

func endOfValue(data []byte, i int) int {
	switch data[i] {
	case '"':
		return endOfString(data, i)
	case '{', '[':
		depth := 0
		for j := i; ; j++ {
			switch data[j] {
			case '"':
				j = endOfString(data, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
	default:
		j := i
		for j < len(data) && !bytes.ContainsRune([]byte(",}] \t\r\n"), rune(data[j])) {
			j++
		}
		return j
	}
}

// scanObject splits an object already known to be valid JSON into its members.
func scanObject(data []byte) []Member {
	members := make([]Member, 0, 8)
	i := skipWS(data, 1)
	if data[i] == '}' {
		return members
	}
	for {
		i = skipWS(data, i)
		end := endOfString(data, i)
		key := unquote(data[i:end])
		i = skipWS(data, end) + 1 // ':'
		i = skipWS(data, i)
		vend := endOfValue(data, i)
		members = append(members, Member{Key: key, Value: data[i:vend]})
		i = skipWS(data, vend)
		if data[i] == '}' {
			return members
		}
		i++ // ','
	}
}

func unquote(raw []byte) string {
	inner := raw[1 : len(raw)-1]
	if bytes.IndexByte(inner, '\\') < 0 && utf8.Valid(inner) {
		return string(inner)
	}
	var s string
	_ = json.Unmarshal(raw, &s) // raw is a valid JSON string
	return s
}

func describe(raw []byte) string {
	switch raw[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	default:
		return "a number"
	}
}

func isNumber(raw []byte) bool { return raw[0] == '-' || (raw[0] >= '0' && raw[0] <= '9') }

// String reads a JSON string.
func String(raw []byte) (string, error) {
	if raw[0] != '"' {
		return "", Errorf(WrongType, "", "expected a string, got %s", describe(raw))
	}
	return unquote(raw), nil
}

// Bool reads a JSON boolean.
func Bool(raw []byte) (bool, error) {
	switch raw[0] {
	case 't':
		return true, nil
	case 'f':
		return false, nil
	}
	return false, Errorf(WrongType, "", "expected a boolean, got %s", describe(raw))
}

// Int reads a JSON integer written without fraction or exponent (as int64).
func Int(raw []byte) (int64, error) {
	if !isNumber(raw) || bytes.ContainsAny(raw, ".eE") {
		return 0, Errorf(WrongType, "", "expected an integer, got %s", describe(raw))
	}
	n, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil {
		return 0, Errorf(Constraint, "", "integer %s is outside the int64 range", raw)
	}
	return n, nil
}

// Float reads a JSON number.
func Float(raw []byte) (float64, error) {
	if !isNumber(raw) {
		return 0, Errorf(WrongType, "", "expected a number, got %s", describe(raw))
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil {
		return 0, Errorf(Constraint, "", "number %s is outside the float64 range", raw)
	}
	return f, nil
}

// JSON returns a copy of any JSON value (the line buffer may be reused by the caller).
func JSON(raw []byte) (json.RawMessage, error) {
	return append(json.RawMessage(nil), raw...), nil
}

// CheckString applies maxLength (in code points) and an unanchored pattern to s.
func CheckString(s string, maxLength int, pattern *regexp.Regexp) error {
	if maxLength >= 0 && len(s) > maxLength && utf8.RuneCountInString(s) > maxLength {
		return Errorf(Constraint, "", "longer than %d characters", maxLength)
	}
	if pattern != nil && !pattern.MatchString(s) {
		return Errorf(Constraint, "", "does not match the pattern %s", pattern)
	}
	return nil
}

// CheckMinimum checks an inclusive minimum.
func CheckMinimum(n, minimum int64) error {
	if n < minimum {
		return Errorf(Constraint, "", "less than the minimum %d", minimum)
	}
	return nil
}

// ConstString checks a string constant (any other value, of any type, is bad_const).
func ConstString(raw []byte, want string) error {
	if raw[0] == '"' && unquote(raw) == want {
		return nil
	}
	return Errorf(BadConst, "", "must be %q", want)
}

// ConstInt checks an integer constant (written as an integer literal).
func ConstInt(raw []byte, want int64) error {
	if n, err := Int(raw); err == nil && n == want {
		return nil
	}
	return Errorf(BadConst, "", "must be %d", want)
}

// ConstBool checks a boolean constant.
func ConstBool(raw []byte, want bool) error {
	if b, err := Bool(raw); err == nil && b == want {
		return nil
	}
	return Errorf(BadConst, "", "must be %t", want)
}

// Array reads a JSON array with item, requiring at least minItems items (if >= 0). An empty
// array gives an empty, non-nil slice (nil means absent).
func Array[T any](raw []byte, item func([]byte) (T, error), minItems int) ([]T, error) {
	if raw[0] != '[' {
		return nil, Errorf(WrongType, "", "expected an array, got %s", describe(raw))
	}
	out := make([]T, 0, 4)
	i := skipWS(raw, 1)
	if raw[i] != ']' {
		for {
			i = skipWS(raw, i)
			end := endOfValue(raw, i)
			v, err := item(raw[i:end])
			if err != nil {
				return nil, Prefix(err, "["+strconv.Itoa(len(out))+"]")
			}
			out = append(out, v)
			i = skipWS(raw, end)
			if raw[i] == ']' {
				break
			}
			i++
		}
	}
	if minItems >= 0 && len(out) < minItems {
		return nil, Errorf(Constraint, "", "needs at least %d item(s)", minItems)
	}
	return out, nil
}

// Map reads a JSON object used as a map (non-nil, possibly empty).
func Map[T any](raw []byte, item func([]byte) (T, error)) (map[string]T, error) {
	members, err := Object(raw)
	if err != nil {
		return nil, err
	}
	out := make(map[string]T, len(members))
	for _, m := range members {
		v, err := item(m.Value)
		if err != nil {
			return nil, Prefix(err, m.Key)
		}
		out[m.Key] = v
	}
	return out, nil
}

// Raw copies the members of an object into a map of raw values.
func Raw(members []Member) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(members))
	for _, m := range members {
		out[m.Key] = append(json.RawMessage(nil), m.Value...)
	}
	return out
}
