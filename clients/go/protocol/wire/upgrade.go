// GENERATED FILE - DO NOT EDIT.
// Copied from templates/go/wire/upgrade.go by `zero-sdk generate --lang go`.
// Edit the template and rerun that command instead of editing this file.

package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
)

// Step is one step of a schema's `x-zero-upgrade` table: how to turn an output object of the
// previous schemaVersion into this one. Steps run in order; each applies to the listed event
// types (as they are at that step); fields a step does not name are carried over untouched.
type Step struct {
	Op     string   // rename, remove, retype or default
	Events []string // the event types the step applies to
	// rename: From -> To; remove and default: Path.
	From, To, Path Path
	// retype: the new type name NewType when When holds.
	When    *Condition
	NewType string
	// default: the first source that yields a value, when Path is absent.
	Sources []Source
}

// Path is a field path from the event root; the schema writes a top-level field as a string.
type Path []string

// UnmarshalJSON accepts "field" or ["a", "b"].
func (p *Path) UnmarshalJSON(data []byte) error {
	var one string
	if json.Unmarshal(data, &one) == nil {
		*p = Path{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(data, &many); err != nil {
		return err
	}
	*p = many
	return nil
}

// Condition holds when the value at Path equals Value (as JSON values).
type Condition struct {
	Path  Path            `json:"path"`
	Value json.RawMessage `json:"value"`
}

// UnmarshalJSON accepts the schema's `{"path": ..., "equals": ...}`.
func (c *Condition) UnmarshalJSON(data []byte) error {
	var raw struct {
		Path   Path            `json:"path"`
		Equals json.RawMessage `json:"equals"`
		Value  json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	c.Path, c.Value = raw.Path, raw.Equals
	if c.Value == nil {
		c.Value = raw.Value
	}
	return nil
}

// Source is one source of a `default` step: Copy (a path), Const (a value) or Equals (a
// condition, yielding a boolean).
type Source struct {
	Copy   Path            `json:"copy"`
	Const  json.RawMessage `json:"const"`
	Equals *Condition      `json:"equals"`
}

// ParseSteps reads a generated upgrade table (the schema's validated step list as JSON).
func ParseSteps(table string) ([]Step, error) {
	var raw []struct {
		Op     string          `json:"op"`
		Events []string        `json:"events"`
		From   json.RawMessage `json:"from"`
		To     json.RawMessage `json:"to"`
		Path   Path            `json:"path"`
		When   *Condition      `json:"when"`
	}
	if err := json.Unmarshal([]byte(table), &raw); err != nil {
		return nil, err
	}
	steps := make([]Step, len(raw))
	for i, r := range raw {
		s := Step{Op: r.Op, Events: r.Events, Path: r.Path, When: r.When}
		var err error
		switch r.Op {
		case "rename":
			if err = json.Unmarshal(r.From, &s.From); err == nil {
				err = json.Unmarshal(r.To, &s.To)
			}
		case "remove":
		case "retype":
			err = json.Unmarshal(r.To, &s.NewType)
			if s.When == nil {
				err = fmt.Errorf("retype needs `when`")
			}
		case "default":
			err = json.Unmarshal(r.From, &s.Sources)
		default:
			err = fmt.Errorf("unknown op %q", r.Op)
		}
		if err != nil {
			return nil, fmt.Errorf("upgrade step %d: %w", i, err)
		}
		steps[i] = s
	}
	return steps, nil
}

// MustParseSteps is ParseSteps for generated tables, which are valid by construction.
func MustParseSteps(table string) []Step {
	steps, err := ParseSteps(table)
	if err != nil {
		panic(err)
	}
	return steps
}

// upgrade applies steps to obj (a valid JSON object) and sets its schemaVersion to version.
func upgrade(obj []byte, version int, steps []Step) ([]byte, error) {
	for _, s := range steps {
		typ := ""
		if raw := Lookup(obj, "type"); raw != nil && raw[0] == '"' {
			typ = unquote(raw)
		}
		applies := false
		for _, e := range s.Events {
			applies = applies || e == typ
		}
		if !applies {
			continue
		}
		switch s.Op {
		case "rename":
			if value := getPath(obj, s.From); value != nil {
				obj = setPath(removePath(obj, s.From), s.To, value)
			}
		case "remove":
			obj = removePath(obj, s.Path)
		case "retype":
			if s.When.holds(obj) {
				name, _ := json.Marshal(s.NewType)
				obj = setMember(obj, "type", name)
			}
		case "default":
			if getPath(obj, s.Path) != nil {
				continue
			}
			for _, src := range s.Sources {
				if value := src.yield(obj); value != nil {
					obj = setPath(obj, s.Path, value)
					break
				}
			}
		}
	}
	return setMember(obj, "schemaVersion", []byte(strconv.Itoa(version))), nil
}

func (c *Condition) holds(obj []byte) bool {
	value := getPath(obj, c.Path)
	return value != nil && sameJSON(value, c.Value)
}

func (s Source) yield(obj []byte) []byte {
	switch {
	case s.Copy != nil:
		return getPath(obj, s.Copy)
	case s.Const != nil:
		return s.Const
	case s.Equals != nil:
		return []byte(strconv.FormatBool(s.Equals.holds(obj)))
	}
	return nil
}

func sameJSON(a, b []byte) bool {
	decode := func(data []byte) any {
		d := json.NewDecoder(bytes.NewReader(data))
		d.UseNumber()
		var v any
		_ = d.Decode(&v)
		return v
	}
	return reflect.DeepEqual(decode(a), decode(b))
}

// getPath returns the raw value at path, or nil.
func getPath(obj []byte, path Path) []byte {
	value := obj
	for _, key := range path {
		if value == nil || value[0] != '{' {
			return nil
		}
		value = Lookup(value, key)
	}
	return value
}

// setPath sets the value at path, creating missing intermediate objects.
func setPath(obj []byte, path Path, value []byte) []byte {
	if len(path) == 1 {
		return setMember(obj, path[0], value)
	}
	inner := Lookup(obj, path[0])
	if inner == nil || inner[0] != '{' {
		inner = []byte("{}")
	}
	return setMember(obj, path[0], setPath(inner, path[1:], value))
}

// removePath removes the member at path (nothing when absent).
func removePath(obj []byte, path Path) []byte {
	if len(path) == 1 {
		return rebuild(obj, path[0], nil, false)
	}
	inner := Lookup(obj, path[0])
	if inner == nil || inner[0] != '{' {
		return obj
	}
	return setMember(obj, path[0], removePath(inner, path[1:]))
}

// setMember replaces (in place) or appends the member key of obj.
func setMember(obj []byte, key string, value []byte) []byte {
	return rebuild(obj, key, value, true)
}

func rebuild(obj []byte, key string, value []byte, keep bool) []byte {
	out := []byte{'{'}
	add := func(k string, v []byte) {
		if len(out) > 1 {
			out = append(out, ',')
		}
		name, _ := json.Marshal(k)
		out = append(append(append(out, name...), ':'), v...)
	}
	done := false
	for m := MembersOf(obj); m.Next(); {
		if string(m.Key) != key {
			add(m.KeyString(), m.Value)
		} else if keep && !done {
			add(key, value)
			done = true
		}
	}
	if keep && !done {
		add(key, value)
	}
	return append(out, '}')
}
