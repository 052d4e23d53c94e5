package root

import (
	"encoding/json"
	"fmt"

	"github.com/toolbench/toolbench/cli/memory"
	"github.com/toolbench/toolbench/collection"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/snapshot"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/target/secrets"
	"github.com/toolbench/toolbench/ui"
)

// defaultCollection is the collection file the workbench offers to save
// calls to, in the working directory.
const defaultCollection = "toolbench.tests.json"

// serverMemory is the workbench's ui.Memory: the history store, bound to one
// server, every byte it writes scrubbed of the target's secrets.
type serverMemory struct {
	store   *history.Store
	server  history.Server
	secrets *secrets.Set
}

var _ ui.Memory = (*serverMemory)(nil)

// newMemory binds store to the server t names, whose run knows the
// secrets set.
func newMemory(store *history.Store, t target.Target, set *secrets.Set) *serverMemory {
	return &serverMemory{store: store, server: history.ServerOf(t), secrets: set}
}

// RecordCall appends r as a call of this server made in the workbench;
// the name and version the server reported are kept when r has them.
func (m *serverMemory) RecordCall(r history.Record) error {
	srv := m.server
	srv.Reported, srv.Version = r.Server.Reported, r.Server.Version
	r.Server, r.From = srv, "tui"
	return memory.AppendScrubbed(m.store, m.secrets, r)
}

// Calls are this server's calls, oldest first.
func (m *serverMemory) Calls() ([]history.Record, []history.Warning, error) {
	return m.store.Log.Read(history.Filter{ServerKey: m.server.Key})
}

// Presets are tool's presets on this server, by name.
func (m *serverMemory) Presets(tool string) ([]history.Preset, error) {
	presets, err := m.store.Presets.List(m.server.Key, tool)
	if err != nil {
		return nil, err
	}
	for i := range presets {
		presets[i].Arguments = m.secrets.Fill(presets[i].Arguments)
	}
	return presets, nil
}

// SavePreset saves args, scrubbed, as tool's preset name.
func (m *serverMemory) SavePreset(tool, name string, args json.RawMessage) error {
	clean, ok := m.secrets.ScrubJSON(args)
	if !ok {
		return fmt.Errorf("save preset %q: %w", name, memory.ErrSecretOutsideString)
	}
	return m.store.Presets.Save(m.server, tool, name, clean)
}

// DeletePreset removes tool's preset name, there or not.
func (m *serverMemory) DeletePreset(tool, name string) error {
	_, err := m.store.Presets.Delete(m.server.Key, tool, name)
	return err
}

// LastSnapshot is the snapshot saved at the previous connect, or nil.
func (m *serverMemory) LastSnapshot() (*snapshot.Snapshot, error) {
	b, ok, err := m.store.Snapshots.Last(m.server.Key)
	if err != nil || !ok {
		return nil, err
	}
	s, err := snapshot.Parse(b)
	if err != nil {
		return nil, fmt.Errorf("last snapshot of %s: %w", m.server.Label, err)
	}
	return s, nil
}

// SaveSnapshot keeps s, scrubbed, as this server's last snapshot.
func (m *serverMemory) SaveSnapshot(s *snapshot.Snapshot) error {
	b, err := s.Encode()
	if err != nil {
		return fmt.Errorf("save snapshot: %w", err)
	}
	clean, ok := m.secrets.ScrubJSON(b)
	if !ok {
		return fmt.Errorf("save snapshot: %w", memory.ErrSecretOutsideString)
	}
	return m.store.Snapshots.Save(m.server.Key, clean)
}

// SaveTest appends t to the collection at path, its arguments,
// expectations and snapshot scrubbed: what the server echoed back of a
// secret is written as $NAME too.
func (m *serverMemory) SaveTest(path string, t collection.Test, snap []byte) error {
	b, err := json.Marshal(t)
	if err != nil {
		return fmt.Errorf("save test: %w", err)
	}
	scrubbed, ok := m.secrets.ScrubJSON(b)
	if !ok {
		return fmt.Errorf("save test %q: %w", t.Name, memory.ErrSecretOutsideString)
	}
	var clean collection.Test
	if err := json.Unmarshal(scrubbed, &clean); err != nil {
		return fmt.Errorf("save test %q: %w", t.Name, err)
	}
	if snap != nil {
		if snap, ok = m.secrets.ScrubJSON(snap); !ok {
			return fmt.Errorf("save test %q: its snapshot: %w", t.Name, memory.ErrSecretOutsideString)
		}
	}
	return collection.AppendTest(path, clean, snap)
}

// DefaultCollection is toolbench.tests.json in the working directory.
func (m *serverMemory) DefaultCollection() string { return defaultCollection }
