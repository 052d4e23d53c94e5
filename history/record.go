// Package history is what toolbench remembers across sessions, on disk:
// every call made (a JSON Lines log under the XDG state directory, bounded
// and safe to append to from many processes at once), the arguments saved
// as presets per server and tool, and the last snapshot of each server's
// interface. Files are 0600 and directories 0700. Nothing here holds a
// secret: callers scrub records (secrets.Set.ScrubJSON) before they are written.
package history

import (
	"encoding/json"
	"time"
)

// RecordVersion is the layout of a Record; a line of another version is
// skipped with a warning, never misread.
const RecordVersion = 1

// Record is one call, as the history log keeps it.
type Record struct {
	// V is RecordVersion.
	V int `json:"v"`
	// Time is when the call was sent, in UTC.
	Time time.Time `json:"time"`
	// Server is which server was called.
	Server Server `json:"server"`
	// Tool is the tool's name.
	Tool string `json:"tool"`
	// Arguments is the arguments object exactly as sent.
	Arguments json.RawMessage `json:"arguments"`
	// Result is the whole CallToolResult as the server sent it; nil when
	// the call failed before one came.
	Result json.RawMessage `json:"result,omitempty"`
	// IsError is the result's isError.
	IsError bool `json:"isError,omitempty"`
	// Output is the outputSchema verdict; nil when there was no result.
	Output *Output `json:"output,omitempty"`
	// DurationMs is how long the call took, in milliseconds.
	DurationMs int64 `json:"durationMs"`
	// Era is the protocol era the session spoke: "legacy" or "modern".
	Era string `json:"era,omitempty"`
	// ProtocolVersion is the protocol version the session agreed.
	ProtocolVersion string `json:"protocolVersion,omitempty"`
	// Error is why the call failed, in words; "" when a result came.
	Error string `json:"error,omitempty"`
	// Cancelled says the person cancelled the call (Error says so too).
	Cancelled bool `json:"cancelled,omitempty"`
	// From is what made the call: "cli" (toolbench call), "tui" or "test".
	From string `json:"from,omitempty"`
	// Cut, when set, says the result was larger than MaxResultBytes: Result
	// then holds a preview instead (see EncodeRecord).
	Cut *Cut `json:"cut,omitempty"`
}

// MaxResultBytes is the largest result a record keeps whole. A larger one
// is kept as a preview, its size and its digest: a 100 MB result would
// make a 100 MB line that every read of the history pays for.
const MaxResultBytes = 1 << 20

// PreviewBytes is how much of a cut result a record keeps.
const PreviewBytes = 64 << 10

// Cut describes a result too large to keep.
type Cut struct {
	// Bytes is the result's size as the server sent it.
	Bytes int `json:"bytes"`
	// SHA256 is the hex SHA-256 digest of those bytes.
	SHA256 string `json:"sha256"`
}

// Output is the outputSchema verdict of a call, as history keeps it.
type Output struct {
	// Checked says the result was judged against an outputSchema.
	Checked bool `json:"checked"`
	// Valid says it matched (true too when nothing was checked).
	Valid bool `json:"valid"`
	// Errors are the violations, in words, each with its pointer.
	Errors []string `json:"errors,omitempty"`
}

// Duration is DurationMs as a time.Duration.
func (r Record) Duration() time.Duration { return time.Duration(r.DurationMs) * time.Millisecond }

// Filter picks records out of the log. Its zero value picks every one.
type Filter struct {
	// ServerKey keeps only the records of the server with this key.
	ServerKey string
	// Server keeps only records whose server's label, config name or
	// reported name contains it, case-insensitively (--server).
	Server string
	// Tool keeps only the records of the tool with exactly this name.
	Tool string
	// Limit keeps only the newest Limit records; 0 means all.
	Limit int
}

// Warning is a line of the log that was skipped: torn by a crash, written
// by another version, or not JSON. Reading goes on past it.
type Warning struct {
	// File is the log file and Line the line's number in it, from 1.
	File string
	Line int
	// Problem says what was wrong with it.
	Problem string
}

// String names the line and the problem, for a warning on stderr.
func (w Warning) String() string {
	return w.File + ":" + itoa(w.Line) + ": skipped: " + w.Problem
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
