package ui

import (
	"encoding/json"

	"github.com/toolbench/toolbench/collection"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/snapshot"
)

// Memory is what the workbench remembers of its server across sessions:
// the calls made, the presets saved, the snapshot taken at the last
// connect, and the collections calls are saved to as tests. It is bound
// to one server; Options.Memory nil remembers nothing. Its methods do IO
// and are called from commands, never from Update or View.
type Memory interface {
	// RecordCall appends one call to the history. The memory fills in
	// Server and scrubs the record's secrets before it is written.
	RecordCall(r history.Record) error
	// Calls are this server's recorded calls, oldest first, and a warning
	// for each line of the log that was skipped.
	Calls() ([]history.Record, []history.Warning, error)
	// Presets are the saved arguments of tool on this server, by name.
	Presets(tool string) ([]history.Preset, error)
	// SavePreset saves args as tool's preset name, replacing one of the
	// same name.
	SavePreset(tool, name string, args json.RawMessage) error
	// DeletePreset removes tool's preset name; removing one that is not
	// there is not an error.
	DeletePreset(tool, name string) error
	// LastSnapshot is the snapshot saved at the previous connect to this
	// server; nil, with no error, when there is none.
	LastSnapshot() (*snapshot.Snapshot, error)
	// SaveSnapshot keeps s as this server's last snapshot.
	SaveSnapshot(s *snapshot.Snapshot) error
	// SaveTest appends t to the collection file at path, creating it when
	// missing; snap, when not nil, is stored as the test's snapshot.
	SaveTest(path string, t collection.Test, snap []byte) error
	// DefaultCollection is the collection path offered when saving a call.
	DefaultCollection() string
}
