package history

import (
	"encoding/json"
	"errors"
	"time"
)

// SEAM: placeholder bodies; helper A replaces this file.
var errSeam = errors.New("history: not built yet")

// Options bound the log. Zero fields take the defaults.
type Options struct {
	// MaxRecords is how many records the log keeps at most (10,000).
	MaxRecords int
	// MaxBytes is how many bytes the log's files hold at most (256 MiB).
	MaxBytes int64
}

// DefaultDir is where the product keeps what it remembers:
// $XDG_STATE_HOME/toolbench (~/.local/state/toolbench on Linux).
func DefaultDir() (string, error) { return "", errSeam }

// Store is everything history keeps, under one directory.
type Store struct {
	// Dir is the directory (0700).
	Dir string
	// Log is the calls; Presets the saved arguments; Snapshots the last
	// snapshot of each server.
	Log       *Log
	Presets   *Presets
	Snapshots *Snapshots
}

// Open opens (creating, 0700) the store under dir.
func Open(dir string, opts Options) (*Store, error) { return nil, errSeam }

// Log is the append-only record of calls.
type Log struct{}

// Append adds r to the log: one write of one line, under a lock shared
// with every other toolbench process, rotating old records out past the
// bounds without rewriting what stays.
func (l *Log) Append(r Record) error { return errSeam }

// Read returns the records f picks, oldest first, and a warning for each
// line it skipped.
func (l *Log) Read(f Filter) ([]Record, []Warning, error) { return nil, nil, errSeam }

// Preset is arguments saved under a name, for one server and tool.
type Preset struct {
	// Name is what the person called it; unique per server and tool.
	Name string `json:"name"`
	// Server and Tool are whose it is.
	Server Server `json:"server"`
	Tool   string `json:"tool"`
	// Arguments is the arguments object.
	Arguments json.RawMessage `json:"arguments"`
	// Saved is when it was last saved.
	Saved time.Time `json:"saved"`
}

// Presets are the saved arguments, in one small file.
type Presets struct{}

// Save stores args as the preset name of server's tool, replacing one of
// the same name.
func (p *Presets) Save(server Server, tool, name string, args json.RawMessage) error { return errSeam }

// List returns the presets of the server with serverKey ("" for every
// server) and of tool ("" for every tool), sorted by name.
func (p *Presets) List(serverKey, tool string) ([]Preset, error) { return nil, errSeam }

// Get returns one preset and whether there is one.
func (p *Presets) Get(serverKey, tool, name string) (Preset, bool, error) {
	return Preset{}, false, errSeam
}

// Delete removes one preset and says whether there was one.
func (p *Presets) Delete(serverKey, tool, name string) (bool, error) { return false, errSeam }

// Snapshots keep the last snapshot of each server's interface.
type Snapshots struct{}

// Last returns the snapshot saved last for the server with serverKey, and
// whether there is one.
func (s *Snapshots) Last(serverKey string) ([]byte, bool, error) { return nil, false, errSeam }

// Save stores b as the server's last snapshot, replacing the one before.
func (s *Snapshots) Save(serverKey string, b []byte) error { return errSeam }
