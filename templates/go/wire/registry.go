package wire

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Event is what every generated event type implements, in every version.
type Event interface {
	// Type is the wire `type` of the event.
	Type() string
	// SchemaVersion is the schemaVersion of the event's type.
	SchemaVersion() int
	json.Marshaler
}

// Origin is embedded in every generated output event: the line it was decoded from and that
// line's schemaVersion, which is older than the event's own when the event was upgraded.
type Origin struct {
	version int
	line    []byte
}

// OriginalSchemaVersion is the schemaVersion of the line the event was decoded from (0 for an
// event built in code).
func (o *Origin) OriginalSchemaVersion() int { return o.version }

// RawLine is the line the event was decoded from, as read; nil for an event built in code or
// decoded by a per-version Decode, which does not copy the caller's buffer.
func (o *Origin) RawLine() []byte { return o.line }

func (o *Origin) origin() *Origin { return o }

// SetOrigin records on ev the line it came from.
func SetOrigin(ev any, version int, line []byte) {
	if o, ok := ev.(interface{ origin() *Origin }); ok {
		o := o.origin()
		o.version, o.line = version, line
	}
}

// Code is an enum value of the schema with the exit codes it goes with
// (`x-zero-exit-codes`).
type Code struct {
	Value     string
	ExitCodes []int
}

// Version is one schemaVersion of a generated registry.
type Version struct {
	Number int
	// DecodeOutput decodes an output line whose header was read by ReadHeader.
	DecodeOutput func(d *Decoder, h Header) (Event, error)
	// DecodeInput decodes an input line strictly, as the binary does.
	DecodeInput func(line []byte) (Event, error)
	// OutputTypes and InputTypes are the wire `type`s of the version's events.
	OutputTypes []string
	InputTypes  []string
	// ErrorCodes are the values of error.code and RunEndStatuses those of run_end.status.
	ErrorCodes     []Code
	RunEndStatuses []Code
	// Upgrade turns an output object of the previous version into this one (nil for the
	// oldest version).
	Upgrade []Step
}

// Decode decodes one output line of exactly this version (no upgrade).
func (v *Version) Decode(line []byte, opts ...Option) (Event, error) {
	h, err := ReadHeader(line)
	if err != nil {
		return nil, err
	}
	if err := h.CheckVersion(int64(v.Number)); err != nil {
		return nil, err
	}
	return v.DecodeOutput(NewDecoder(opts), h)
}

// Registry is every schemaVersion of a set of generated bindings, oldest first.
type Registry struct {
	Versions []Version
}

// Latest is the newest version.
func (r *Registry) Latest() *Version { return &r.Versions[len(r.Versions)-1] }

// Supported is every version number, oldest first.
func (r *Registry) Supported() []int {
	out := make([]int, len(r.Versions))
	for i, v := range r.Versions {
		out[i] = v.Number
	}
	return out
}

// Version returns the version numbered n, or nil.
func (r *Registry) Version(n int) *Version {
	for i := range r.Versions {
		if r.Versions[i].Number == n {
			return &r.Versions[i]
		}
	}
	return nil
}

// SupportedList is the supported versions as text ("1, 2"), for messages.
func (r *Registry) SupportedList() string {
	parts := make([]string, len(r.Versions))
	for i, v := range r.Versions {
		parts[i] = strconv.Itoa(v.Number)
	}
	return strings.Join(parts, ", ")
}

// Decode decodes an output line of any supported version and upgrades it, step by step, to
// an event of the latest version that keeps the line and its original schemaVersion.
func (r *Registry) Decode(line []byte, opts ...Option) (Event, error) {
	h, err := ReadHeader(line)
	if err != nil {
		return nil, err
	}
	if h.Version == nil {
		return nil, Missing("schemaVersion")
	}
	var number int64
	var version *Version
	if ReadInt(nil, h.Version, &number) == nil {
		version = r.Version(int(number))
	}
	if version == nil {
		return nil, Errorf(BadConst, "schemaVersion", "schemaVersion %s is not one of %s", h.Version, r.SupportedList())
	}
	d := NewDecoder(opts)
	ev, err := version.DecodeOutput(d, h)
	if err != nil {
		return nil, err
	}
	if latest := r.Latest(); version.Number != latest.Number {
		obj := h.Object
		for i := range r.Versions {
			if next := &r.Versions[i]; next.Number > version.Number {
				if obj, err = upgrade(obj, next.Number, next.Upgrade); err != nil {
					return nil, err
				}
			}
		}
		if h, err = ReadHeader(obj); err == nil {
			ev, err = latest.DecodeOutput(d, h)
		}
		if err != nil {
			return nil, err
		}
	}
	SetOrigin(ev, version.Number, append([]byte(nil), line...))
	return ev, nil
}

// EncodeInput is one JSONL stdin line of ev in schemaVersion version: ev's JSON with that
// schemaVersion, checked by the version's own input decoder (a field the version does not
// know is an error here, not at the binary).
func (r *Registry) EncodeInput(version int, ev json.Marshaler) ([]byte, error) {
	v := r.Version(version)
	if v == nil {
		return nil, Errorf(BadConst, "schemaVersion", "schemaVersion %d is not one of %s", version, r.SupportedList())
	}
	data, err := ev.MarshalJSON()
	if err != nil {
		return nil, err
	}
	if !Valid(data) || data[skipWS(data, 0)] != '{' {
		return nil, Errorf(WrongType, "", "input %T is not a JSON object", ev)
	}
	line := setMember(data, "schemaVersion", []byte(strconv.Itoa(version)))
	if _, err := v.DecodeInput(line); err != nil {
		return nil, err
	}
	return line, nil
}
