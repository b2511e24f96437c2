package wire

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// Option changes how a decode treats unknown fields of known events.
type Option struct{ strict bool }

// Strict rejects unknown fields (unknown_field) instead of keeping them in Extra.
var Strict = Option{strict: true}

// Decoder carries the settings of one decode call into the generated decoders.
type Decoder struct {
	strict bool
}

// NewDecoder returns a Decoder for opts (lenient unless Strict is among them).
func NewDecoder(opts []Option) *Decoder {
	for _, o := range opts {
		if o.strict {
			return strictDecoder
		}
	}
	return lenientDecoder
}

var (
	strictDecoder  = &Decoder{strict: true}
	lenientDecoder = &Decoder{}
)

// Unknown handles a member the schema does not declare: an unknown_field error when strict,
// else a copy of it in *extra.
func (d *Decoder) Unknown(extra *map[string]json.RawMessage, m *Members) error {
	key := m.KeyString()
	if d.strict {
		return Errorf(UnknownField, "", "unknown field `%s`", key)
	}
	if *extra == nil {
		*extra = make(map[string]json.RawMessage)
	}
	(*extra)[key] = append(json.RawMessage(nil), m.Value...)
	return nil
}

// maxDepth bounds nesting (as encoding/json does), so a hostile line cannot exhaust the stack.
const maxDepth = 10000

// Header is a line that is exactly one valid JSON object, with its two discriminating members.
type Header struct {
	// Object is the object (the line without surrounding whitespace).
	Object []byte
	// Version and Type are the raw values of `schemaVersion` and `type` (nil when absent; the
	// last member wins when a key repeats).
	Version []byte
	Type    []byte
}

// ReadHeader checks that line is exactly one JSON object and finds its `schemaVersion` and
// `type` members, in one pass.
func ReadHeader(line []byte) (Header, error) {
	var h Header
	i := skipWS(line, 0)
	if i >= len(line) || line[i] != '{' {
		return h, invalid(line)
	}
	start := i
	i = skipWS(line, i+1)
	if i < len(line) && line[i] == '}' {
		i++
	} else {
		for {
			if i >= len(line) || line[i] != '"' {
				return h, invalid(line)
			}
			keyEnd := validString(line, i)
			if keyEnd < 0 {
				return h, invalid(line)
			}
			key := line[i+1 : keyEnd-1]
			if bytes.IndexByte(key, '\\') >= 0 {
				key = []byte(unquote(line[i:keyEnd]))
			}
			i = skipWS(line, keyEnd)
			if i >= len(line) || line[i] != ':' {
				return h, invalid(line)
			}
			i = skipWS(line, i+1)
			end := validValue(line, i, 1)
			if end < 0 {
				return h, invalid(line)
			}
			switch string(key) {
			case "schemaVersion":
				h.Version = line[i:end]
			case "type":
				h.Type = line[i:end]
			}
			i = skipWS(line, end)
			if i >= len(line) {
				return h, invalid(line)
			}
			if line[i] == '}' {
				i++
				break
			}
			if line[i] != ',' {
				return h, invalid(line)
			}
			i = skipWS(line, i+1)
		}
	}
	h.Object = line[start:i]
	if skipWS(line, i) != len(line) {
		return h, invalid(line)
	}
	return h, nil
}

// CheckVersion checks that the header's schemaVersion is version.
func (h *Header) CheckVersion(version int64) error {
	if h.Version == nil {
		return Missing("schemaVersion")
	}
	return Prefix(ConstInt(h.Version, version), "schemaVersion")
}

// TypeName returns the header's `type` as a string.
func (h *Header) TypeName() (string, error) {
	if h.Type == nil {
		return "", Missing("type")
	}
	var name string
	if err := ReadString(nil, h.Type, &name); err != nil {
		return "", Prefix(err, "type")
	}
	return name, nil
}

// TypeBytes returns the header's `type` without copying when it has no escapes (for switches
// that do not allocate).
func (h *Header) TypeBytes() ([]byte, error) {
	if h.Type == nil {
		return nil, Missing("type")
	}
	if h.Type[0] != '"' {
		return nil, Prefix(wrongType("a string", h.Type), "type")
	}
	inner := h.Type[1 : len(h.Type)-1]
	if bytes.IndexByte(inner, '\\') < 0 {
		return inner, nil
	}
	return []byte(unquote(h.Type)), nil
}

// invalid is the invalid_json error of a line, worded by encoding/json (error path only).
func invalid(line []byte) error {
	var v any
	if err := json.Unmarshal(line, &v); err != nil {
		return Errorf(InvalidJSON, "", "not valid JSON: %v", err)
	}
	return Errorf(InvalidJSON, "", "expected a JSON object")
}

// Valid reports whether data is exactly one JSON value (surrounded by optional whitespace).
func Valid(data []byte) bool {
	end := validValue(data, skipWS(data, 0), 0)
	return end >= 0 && skipWS(data, end) == len(data)
}

func skipWS(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// validValue returns the index after the valid JSON value that starts at i, or -1.
func validValue(data []byte, i, depth int) int {
	if i >= len(data) {
		return -1
	}
	switch c := data[i]; c {
	case '"':
		return validString(data, i)
	case '{', '[':
		if depth >= maxDepth {
			return -1
		}
		closing := byte('}')
		if c == '[' {
			closing = ']'
		}
		i = skipWS(data, i+1)
		if i < len(data) && data[i] == closing {
			return i + 1
		}
		for {
			if c == '{' {
				if i >= len(data) || data[i] != '"' {
					return -1
				}
				if i = validString(data, i); i < 0 {
					return -1
				}
				if i = skipWS(data, i); i >= len(data) || data[i] != ':' {
					return -1
				}
				i = skipWS(data, i+1)
			}
			if i = validValue(data, i, depth+1); i < 0 {
				return -1
			}
			if i = skipWS(data, i); i >= len(data) {
				return -1
			}
			if data[i] == closing {
				return i + 1
			}
			if data[i] != ',' {
				return -1
			}
			i = skipWS(data, i+1)
		}
	case 't':
		return literal(data, i, "true")
	case 'f':
		return literal(data, i, "false")
	case 'n':
		return literal(data, i, "null")
	default:
		return validNumber(data, i)
	}
}

func literal(data []byte, i int, word string) int {
	if len(data)-i >= len(word) && string(data[i:i+len(word)]) == word {
		return i + len(word)
	}
	return -1
}

// validString returns the index after the valid JSON string that starts at i (a quote), or -1.
func validString(data []byte, i int) int {
	i++
	for i < len(data) {
		c := data[i]
		switch {
		case c == '"':
			return i + 1
		case c < 0x20:
			return -1
		case c == '\\':
			if i+1 >= len(data) {
				return -1
			}
			switch data[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(data) {
					return -1
				}
				for _, h := range data[i+2 : i+6] {
					if !isHex(h) {
						return -1
					}
				}
				i += 6
			default:
				return -1
			}
		default:
			i++
		}
	}
	return -1
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// validNumber returns the index after the valid JSON number that starts at i, or -1. A number
// with a fraction or an exponent beyond the float64 range is not valid here: no client can hold
// it (encoding/json and Python's msgspec reject it too, and JavaScript would read Infinity). A
// run of digits alone is kept exactly, however long.
func validNumber(data []byte, i int) int {
	start := i
	if i < len(data) && data[i] == '-' {
		i++
	}
	switch {
	case i >= len(data):
		return -1
	case data[i] == '0':
		i++
	case isDigit(data[i]):
		for i < len(data) && isDigit(data[i]) {
			i++
		}
	default:
		return -1
	}
	fraction := false
	if i < len(data) && data[i] == '.' {
		fraction = true
		i++
		if i >= len(data) || !isDigit(data[i]) {
			return -1
		}
		for i < len(data) && isDigit(data[i]) {
			i++
		}
	}
	exponent := false
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		exponent = true
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if i >= len(data) || !isDigit(data[i]) {
			return -1
		}
		for i < len(data) && isDigit(data[i]) {
			i++
		}
	}
	// Only an exponent or more than 309 digits can leave the float64 range (its largest value
	// is about 1.8e308), so most numbers skip the parse.
	if exponent || (fraction && i-start > 309) {
		if _, err := strconv.ParseFloat(string(data[start:i]), 64); err != nil {
			return -1
		}
	}
	return i
}

// endOfValue returns the index after the value starting at i of data already known to be valid.
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
		j := i + 1
		for j < len(data) {
			switch data[j] {
			case ',', '}', ']', ' ', '\t', '\r', '\n':
				return j
			}
			j++
		}
		return j
	}
}

// endOfString returns the index after the closing quote of the valid string starting at i.
func endOfString(data []byte, i int) int {
	j := i + 1
	for {
		j += bytes.IndexByte(data[j:], '"')
		// The quote closes the string unless an odd number of backslashes precede it.
		escapes := 0
		for k := j - 1; data[k] == '\\'; k-- {
			escapes++
		}
		if escapes%2 == 0 {
			return j + 1
		}
		j++
	}
}

// Members iterates over the members of an object already known to be valid JSON:
//
//	for m := wire.MembersOf(obj); m.Next(); { switch string(m.Key) { ... } }
type Members struct {
	data []byte
	pos  int
	// Key is the member name, unescaped; Value its raw JSON value (a slice of the object).
	Key   []byte
	Value []byte
}

// MembersOf starts an iteration over the members of obj.
func MembersOf(obj []byte) Members { return Members{data: obj, pos: 1} }

// Next moves to the next member; false at the end of the object.
func (m *Members) Next() bool {
	i := skipWS(m.data, m.pos)
	if m.data[i] == ',' {
		i = skipWS(m.data, i+1)
	}
	if m.data[i] == '}' {
		return false
	}
	end := endOfString(m.data, i)
	m.Key = m.data[i+1 : end-1]
	if bytes.IndexByte(m.Key, '\\') >= 0 {
		m.Key = []byte(unquote(m.data[i:end]))
	}
	i = skipWS(m.data, skipWS(m.data, end)+1)
	vend := endOfValue(m.data, i)
	m.Value = m.data[i:vend]
	m.pos = vend
	return true
}

// KeyString is Key as a string (allocates; for error paths and kept unknown fields).
func (m *Members) KeyString() string { return string(m.Key) }

// Lookup returns the raw value of the last member of obj named key, or nil.
func Lookup(obj []byte, key string) []byte {
	var found []byte
	for m := MembersOf(obj); m.Next(); {
		if string(m.Key) == key {
			found = m.Value
		}
	}
	return found
}

// RawMembers copies the members of an object into a map of raw values.
func RawMembers(obj []byte) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage)
	for m := MembersOf(obj); m.Next(); {
		out[m.KeyString()] = append(json.RawMessage(nil), m.Value...)
	}
	return out
}

// unquote decodes a valid JSON string literal (invalid UTF-8 becomes U+FFFD, as in
// encoding/json).
func unquote(raw []byte) string {
	inner := raw[1 : len(raw)-1]
	if bytes.IndexByte(inner, '\\') < 0 && utf8.Valid(inner) {
		return string(inner)
	}
	out := make([]byte, 0, len(inner))
	for i := 0; i < len(inner); {
		c := inner[i]
		if c != '\\' {
			if c < utf8.RuneSelf {
				out = append(out, c)
				i++
				continue
			}
			r, size := utf8.DecodeRune(inner[i:])
			out = utf8.AppendRune(out, r) // RuneError for an invalid byte
			i += size
			continue
		}
		switch inner[i+1] {
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r := hex4(inner[i+2:])
			i += 6
			if utf16.IsSurrogate(r) {
				if i+6 <= len(inner) && inner[i] == '\\' && inner[i+1] == 'u' {
					if pair := utf16.DecodeRune(r, hex4(inner[i+2:])); pair != utf8.RuneError {
						out = utf8.AppendRune(out, pair)
						i += 6
						continue
					}
				}
				r = utf8.RuneError
			}
			out = utf8.AppendRune(out, r)
			continue
		default: // '"', '\\', '/'
			out = append(out, inner[i+1])
		}
		i += 2
	}
	return string(out)
}

func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		default:
			c = c - 'A' + 10
		}
		r = r<<4 | rune(c)
	}
	return r
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

func wrongType(want string, raw []byte) error {
	return Errorf(WrongType, "", "expected %s, got %s", want, describe(raw))
}

// Reader reads one raw JSON value (already known to be valid) into *out.
type Reader[T any] func(d *Decoder, raw []byte, out *T) error

// ReadString reads a JSON string.
func ReadString(_ *Decoder, raw []byte, out *string) error {
	if raw[0] != '"' {
		return wrongType("a string", raw)
	}
	*out = unquote(raw)
	return nil
}

// ReadBool reads a JSON boolean.
func ReadBool(_ *Decoder, raw []byte, out *bool) error {
	switch raw[0] {
	case 't':
		*out = true
	case 'f':
		*out = false
	default:
		return wrongType("a boolean", raw)
	}
	return nil
}

// ReadInt reads a JSON integer as int64. As in JSON Schema, an integral number written with a
// fraction or an exponent is that integer (`1.0` is 1, `1e3` is 1000, `-0` is 0); a number with
// a fractional part is wrong_type; an integer beyond the int64 range is a constraint error.
func ReadInt(_ *Decoder, raw []byte, out *int64) error {
	digits := raw
	negative := raw[0] == '-'
	if negative {
		digits = raw[1:]
	}
	if len(digits) == 0 || !isDigit(digits[0]) {
		return wrongType("an integer", raw)
	}
	if bytes.ContainsAny(digits, ".eE") {
		return readIntegralFloat(raw, out)
	}
	var n uint64
	for _, c := range digits {
		if n > (1<<63)/10 {
			return Errorf(Constraint, "", "integer %s is outside the int64 range", raw)
		}
		n = n*10 + uint64(c-'0')
	}
	switch {
	case negative && n <= 1<<63:
		*out = -int64(n-1) - 1
	case !negative && n < 1<<63:
		*out = int64(n)
	default:
		return Errorf(Constraint, "", "integer %s is outside the int64 range", raw)
	}
	return nil
}

// readIntegralFloat reads an integer written with a fraction or an exponent. The number is read
// as a float64, the way Python's and JavaScript's JSON parsers read it, so the three clients
// agree on which such numbers are integral (and on the value).
func readIntegralFloat(raw []byte, out *int64) error {
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil || f != math.Trunc(f) { // out of float64 range (±Inf) or not integral
		return wrongType("an integer", raw)
	}
	if f < -(1<<63) || f >= 1<<63 {
		return Errorf(Constraint, "", "integer %s is outside the int64 range", raw)
	}
	*out = int64(f)
	return nil
}

// ReadFloat reads a JSON number.
func ReadFloat(_ *Decoder, raw []byte, out *float64) error {
	if raw[0] != '-' && !isDigit(raw[0]) {
		return wrongType("a number", raw)
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil {
		return Errorf(Constraint, "", "number %s is outside the float64 range", raw)
	}
	*out = f
	return nil
}

// ReadJSON copies any JSON value (the line buffer may be reused by the caller).
func ReadJSON(_ *Decoder, raw []byte, out *json.RawMessage) error {
	*out = append(json.RawMessage(nil), raw...)
	return nil
}

// ReadOptional reads a present optional value into a new *T.
func ReadOptional[T any](d *Decoder, raw []byte, out **T, read Reader[T]) error {
	v := new(T)
	if err := read(d, raw, v); err != nil {
		return err
	}
	*out = v
	return nil
}

// ReadEnum reads a string that must be one of values; the result shares values' strings.
func ReadEnum[T ~string](_ *Decoder, raw []byte, out *T, values []string) error {
	if raw[0] != '"' {
		return wrongType("a string", raw)
	}
	inner := raw[1 : len(raw)-1]
	if bytes.IndexByte(inner, '\\') >= 0 {
		inner = []byte(unquote(raw))
	}
	for _, v := range values {
		if string(inner) == v {
			*out = T(v)
			return nil
		}
	}
	return Errorf(BadEnum, "", "%q is not one of %s", unquote(raw), oneOf(values))
}

// ReadArray reads a JSON array of items, requiring at least minItems of them (if >= 0). An
// empty array gives an empty, non-nil slice (nil means absent).
func ReadArray[T any](d *Decoder, raw []byte, out *[]T, minItems int, item Reader[T]) error {
	if raw[0] != '[' {
		return wrongType("an array", raw)
	}
	items := make([]T, 0, 4)
	i := skipWS(raw, 1)
	for raw[i] != ']' {
		end := endOfValue(raw, i)
		items = append(items, *new(T))
		if err := item(d, raw[i:end], &items[len(items)-1]); err != nil {
			return Prefix(err, "["+strconv.Itoa(len(items)-1)+"]")
		}
		if i = skipWS(raw, end); raw[i] == ',' {
			i = skipWS(raw, i+1)
		}
	}
	if minItems >= 0 && len(items) < minItems {
		return Errorf(Constraint, "", "needs at least %d item(s)", minItems)
	}
	*out = items
	return nil
}

// ReadMap reads a JSON object used as a map (non-nil, possibly empty).
func ReadMap[T any](d *Decoder, raw []byte, out *map[string]T, item Reader[T]) error {
	if raw[0] != '{' {
		return wrongType("an object", raw)
	}
	values := make(map[string]T)
	for m := MembersOf(raw); m.Next(); {
		var v T
		if err := item(d, m.Value, &v); err != nil {
			return Prefix(err, m.KeyString())
		}
		values[m.KeyString()] = v
	}
	*out = values
	return nil
}

// CheckObject is the wrong_type check of a value that must be an object.
func CheckObject(raw []byte) error {
	if raw[0] != '{' {
		return wrongType("an object", raw)
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
	var n int64
	if ReadInt(nil, raw, &n) == nil && n == want {
		return nil
	}
	return Errorf(BadConst, "", "must be %d", want)
}

// ConstBool checks a boolean constant.
func ConstBool(raw []byte, want bool) error {
	var b bool
	if ReadBool(nil, raw, &b) == nil && b == want {
		return nil
	}
	return Errorf(BadConst, "", "must be %t", want)
}

// CheckString applies maxLength (in code points; -1: none) and a pattern (nil: none) to s.
func CheckString(s string, maxLength int, pattern *Pattern) error {
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

// CheckMaximum checks an inclusive maximum.
func CheckMaximum(n, maximum int64) error {
	if n > maximum {
		return Errorf(Constraint, "", "greater than the maximum %d", maximum)
	}
	return nil
}
