// Package snapshot records a server's interface (its tools exactly as
// sent, with its resources, templates and prompts) and compares two such
// records, classifying each change as breaking for the clients and models
// that use the server, or not. It is pure: no client, no terminal.
package snapshot

import (
	"encoding/json"
	"time"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// Format is the layout version written as "toolbenchSnapshot".
const Format = 1

// Snapshot is a server's interface at one moment.
type Snapshot struct {
	// Format is the layout version; Parse refuses another.
	Format int `json:"toolbenchSnapshot"`
	// Taken is when it was taken, in UTC.
	Taken time.Time `json:"taken"`
	// Server is who the server said it was.
	Server ServerInfo `json:"server"`
	// ProtocolVersion is the protocol version the session agreed.
	ProtocolVersion string `json:"protocolVersion,omitempty"`
	// Tools is the array of tool objects, the same bytes as `tools --json`
	// prints, in the server's order.
	Tools json.RawMessage `json:"tools"`
	// Resources, ResourceTemplates and Prompts are the arrays as listed;
	// nil when the server offers none or they were not listed. Diff
	// compares a section only when both sides have it.
	Resources         json.RawMessage `json:"resources,omitempty"`
	ResourceTemplates json.RawMessage `json:"resourceTemplates,omitempty"`
	Prompts           json.RawMessage `json:"prompts,omitempty"`

	// parsed is the tree Parse read the sections from, so that Diff need
	// not read them again; nil for a snapshot built in code.
	parsed *jsondoc.Value
}

// ServerInfo is the name and version the server gave.
type ServerInfo struct {
	Name    string `json:"name"`
	Title   string `json:"title,omitempty"`
	Version string `json:"version,omitempty"`
}
