package protocol

// Event is what every generated event type implements (v1.Event and v2.Event have the same
// method set), so version-independent code can hold any of them.
type Event interface {
	Type() string
	SchemaVersion() int
	MarshalJSON() ([]byte, error)
}
