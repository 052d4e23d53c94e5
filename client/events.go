package client

import (
	"encoding/json"
	"time"
)

// Event is something that happened on the connection outside the reply to a
// request: a notification, a line on the server's stderr, a frame on the wire,
// or the end of the connection. Events arrive on the goroutine that read them;
// a handler must return quickly.
type Event interface {
	// When reports when toolbench saw the event.
	When() time.Time
}

// ProgressEvent is a notifications/progress for a request of ours.
type ProgressEvent struct {
	At       time.Time
	Token    any
	Progress float64
	// Total is zero when the server did not say.
	Total   float64
	Message string
}

// LogEvent is a notifications/message log entry.
type LogEvent struct {
	At     time.Time
	Level  string
	Logger string
	// Data is the entry's data exactly as sent: a string or any JSON value.
	Data json.RawMessage
}

// ToolsChangedEvent is a notifications/tools/list_changed.
type ToolsChangedEvent struct {
	At time.Time
}

// NotificationEvent is any other notification, kept raw.
type NotificationEvent struct {
	At     time.Time
	Method string
	Params json.RawMessage
}

// StderrEvent is one line the stdio server wrote to its stderr.
type StderrEvent struct {
	At   time.Time
	Line string
}

// NoiseEvent is a line on the stdio server's stdout that is not JSON-RPC.
// Servers that print debug output to stdout corrupt the protocol stream; the
// line is dropped from the stream and reported instead.
type NoiseEvent struct {
	At   time.Time
	Line string
}

// FrameEvent is one JSON-RPC message sent or received.
type FrameEvent struct {
	Frame Frame
}

// ClosedEvent reports that the connection ended. Err is nil after Close and
// says what happened otherwise (the process exited, the stream dropped).
type ClosedEvent struct {
	At  time.Time
	Err error
}

// When implements Event.
func (e ProgressEvent) When() time.Time { return e.At }

// When implements Event.
func (e LogEvent) When() time.Time { return e.At }

// When implements Event.
func (e ToolsChangedEvent) When() time.Time { return e.At }

// When implements Event.
func (e NotificationEvent) When() time.Time { return e.At }

// When implements Event.
func (e StderrEvent) When() time.Time { return e.At }

// When implements Event.
func (e NoiseEvent) When() time.Time { return e.At }

// When implements Event.
func (e FrameEvent) When() time.Time { return e.Frame.At }

// When implements Event.
func (e ClosedEvent) When() time.Time { return e.At }

// ElicitationCompleteEvent is a notifications/elicitation/complete: a
// legacy server saying that the URL-mode elicitation it asked for earlier
// is finished.
type ElicitationCompleteEvent struct {
	At            time.Time
	ElicitationID string
}

// When implements Event.
func (e ElicitationCompleteEvent) When() time.Time { return e.At }
