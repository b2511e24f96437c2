// GENERATED FILE - DO NOT EDIT.
// Copied from templates/go/wire/errors.go by `zero-sdk generate --lang go`.
// Edit the template and rerun that command instead of editing this file.

// Package wire is the runtime of the generated Zero stream-json bindings: the typed
// ProtocolError, a validating JSON scanner with allocation-light readers that the generated
// decoders call, the writer behind the generated MarshalJSON methods, the version registry
// type and the interpreter of the schema's upgrade steps. It is written once by hand, knows no
// schema version, and uses the standard library only.
package wire

import (
	"fmt"
	"strings"
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

// ProtocolError reports a line (or value) that is not valid under the protocol. Field is the
// dotted wire path from the event root (`risk.level`, `images[0].data`; "" for the whole line).
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

// Prefix puts key in front of the field path of a *ProtocolError. Errors are built where the
// fault is and get their path on the way out, so the happy path builds no strings.
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

// Required reports the first required field (in schema order) whose bit is not in seen; names
// lists the fields of the bits 0, 1, 2, ... and want has the bits of the required ones.
func Required(seen, want uint64, names []string) error {
	if seen&want == want {
		return nil
	}
	for i, name := range names {
		if want&(1<<i) != 0 && seen&(1<<i) == 0 {
			return Missing(name)
		}
	}
	return nil
}

func oneOf(values []string) string { return strings.Join(values, ", ") }
