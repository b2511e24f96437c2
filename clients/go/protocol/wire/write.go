// GENERATED FILE - DO NOT EDIT.
// Copied from templates/go/wire/write.go by `zero-sdk generate --lang go`.
// Edit the template and rerun that command instead of editing this file.

package wire

import (
	"encoding/json"
	"sort"
	"strconv"
)

// Writer builds the JSON object of a generated MarshalJSON: present fields in schema order,
// then the kept unknown fields in key order.
type Writer struct {
	buf []byte
	err error
}

func (w *Writer) key(k string) {
	if len(w.buf) == 0 {
		w.buf = append(w.buf, '{')
	} else {
		w.buf = append(w.buf, ',')
	}
	w.buf = strconv.AppendQuote(w.buf, k) // field names are ASCII identifiers
	w.buf = append(w.buf, ':')
}

// String writes a string member.
func (w *Writer) String(k, v string) {
	w.key(k)
	b, _ := json.Marshal(v) // JSON escaping (strconv quoting is Go syntax, not JSON)
	w.buf = append(w.buf, b...)
}

// Int writes an integer member.
func (w *Writer) Int(k string, v int64) {
	w.key(k)
	w.buf = strconv.AppendInt(w.buf, v, 10)
}

// Bool writes a boolean member.
func (w *Writer) Bool(k string, v bool) {
	w.key(k)
	w.buf = strconv.AppendBool(w.buf, v)
}

// Value writes any other member with encoding/json (nested generated types marshal, and
// validate, themselves).
func (w *Writer) Value(k string, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		if w.err == nil {
			w.err = Prefix(unwrapMarshal(err), k)
		}
		return
	}
	w.key(k)
	w.buf = append(w.buf, b...)
}

// JSON writes a raw JSON member (null when empty).
func (w *Writer) JSON(k string, v json.RawMessage) {
	if len(v) == 0 {
		v = json.RawMessage("null")
	}
	w.Value(k, v)
}

// Extra writes the kept unknown fields that the schema does not declare.
func (w *Writer) Extra(extra map[string]json.RawMessage) {
	keys := make([]string, 0, len(extra))
	for k := range extra {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		w.Value(k, extra[k])
	}
}

// Finish closes the object and checks it with check (the type's own decoder), so that
// MarshalJSON never writes what Decode would reject.
func (w *Writer) Finish(check func(obj []byte) error) ([]byte, error) {
	if w.err != nil {
		return nil, w.err
	}
	if len(w.buf) == 0 {
		w.buf = append(w.buf, '{')
	}
	w.buf = append(w.buf, '}')
	if err := check(w.buf); err != nil {
		return nil, err
	}
	return w.buf, nil
}

func unwrapMarshal(err error) error {
	if me, ok := err.(*json.MarshalerError); ok {
		return me.Unwrap()
	}
	return err
}

// MarshalEnum writes an enum value, which must be one of values.
func MarshalEnum[T ~string](v T, values []string) ([]byte, error) {
	for _, allowed := range values {
		if string(v) == allowed {
			return json.Marshal(allowed)
		}
	}
	return nil, Errorf(BadEnum, "", "%q is not one of %s", string(v), oneOf(values))
}

// UnmarshalEvent is the UnmarshalJSON of a generated event type: data must be one valid JSON
// object of the given schemaVersion and type, decoded leniently (as Decode does by default).
func UnmarshalEvent[T any](data []byte, version int64, typ string, out *T, decode Reader[T]) error {
	h, err := ReadHeader(data)
	if err != nil {
		return err
	}
	if err := h.CheckVersion(version); err != nil {
		return err
	}
	if h.Type == nil {
		return Missing("type")
	}
	if err := ConstString(h.Type, typ); err != nil {
		return Prefix(err, "type")
	}
	var v T
	if err := decode(lenientDecoder, h.Object, &v); err != nil {
		return err
	}
	*out = v
	return nil
}

// UnmarshalValue is the UnmarshalJSON of a generated object or enum type.
func UnmarshalValue[T any](data []byte, out *T, read Reader[T]) error {
	start := skipWS(data, 0)
	end := validValue(data, start, 0)
	if end < 0 || skipWS(data, end) != len(data) {
		return invalid(data)
	}
	var v T
	if err := read(lenientDecoder, data[start:end], &v); err != nil {
		return err
	}
	*out = v
	return nil
}

// Check runs a generated decoder over an object just written (for MarshalJSON).
func Check[T any](decode Reader[T]) func([]byte) error {
	return func(obj []byte) error {
		var v T
		return decode(lenientDecoder, obj, &v)
	}
}

// Optional writes an optional member: *v with write when v is not nil, nothing otherwise.
func Optional[T any](w *Writer, k string, v *T, write func(w *Writer, k string, v T)) {
	if v != nil {
		write(w, k, *v)
	}
}

// Enum writes a member of a generated enum type.
func Enum[T ~string](w *Writer, k string, v T) { w.String(k, string(v)) }

// Any writes a member of any other type with encoding/json (see Value).
func Any[T any](w *Writer, k string, v T) { w.Value(k, v) }
