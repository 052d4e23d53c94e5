package ui

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/collection"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/snapshot"
	"github.com/toolbench/toolbench/ui/screen"
	historyscreen "github.com/toolbench/toolbench/ui/screens/history"
	"github.com/toolbench/toolbench/ui/screens/presets"
	"github.com/toolbench/toolbench/ui/screens/savetest"
)

// fakeMemory is a Memory in memory: it keeps what is written and can be
// told to fail a kind of write.
type fakeMemory struct {
	mu       sync.Mutex
	records  []history.Record
	warnings []history.Warning
	presets  map[string][]history.Preset // by tool
	snap     *snapshot.Snapshot
	saved    []*snapshot.Snapshot
	tests    []savedTest
	// failRecord, failTest fail RecordCall and SaveTest with their error.
	failRecord, failTest error
	// lastSnapshotCalls counts LastSnapshot.
	lastSnapshotCalls int
}

// savedTest is one SaveTest call.
type savedTest struct {
	path string
	test collection.Test
	snap []byte
}

func newFakeMemory() *fakeMemory { return &fakeMemory{presets: map[string][]history.Preset{}} }

func (f *fakeMemory) RecordCall(r history.Record) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.failRecord != nil {
		return f.failRecord
	}
	f.records = append(f.records, r)
	return nil
}

func (f *fakeMemory) Calls() ([]history.Record, []history.Warning, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.records), slices.Clone(f.warnings), nil
}

func (f *fakeMemory) Presets(tool string) ([]history.Preset, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.presets[tool]), nil
}

func (f *fakeMemory) SavePreset(tool, name string, args json.RawMessage) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	ps := slices.DeleteFunc(f.presets[tool], func(p history.Preset) bool { return p.Name == name })
	ps = append(ps, history.Preset{Name: name, Tool: tool, Arguments: slices.Clone(args)})
	slices.SortFunc(ps, func(a, b history.Preset) int {
		if a.Name < b.Name {
			return -1
		}
		return 1
	})
	f.presets[tool] = ps
	return nil
}

func (f *fakeMemory) DeletePreset(tool, name string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.presets[tool] = slices.DeleteFunc(f.presets[tool], func(p history.Preset) bool { return p.Name == name })
	return nil
}

func (f *fakeMemory) LastSnapshot() (*snapshot.Snapshot, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.lastSnapshotCalls++
	return f.snap, nil
}

func (f *fakeMemory) SaveSnapshot(s *snapshot.Snapshot) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.snap = s
	f.saved = append(f.saved, s)
	return nil
}

func (f *fakeMemory) SaveTest(path string, t collection.Test, snap []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.failTest != nil {
		return f.failTest
	}
	for _, s := range f.tests {
		if s.path == path && s.test.Name == t.Name {
			return errors.New(path + ": a test named " + t.Name + " is already there")
		}
	}
	f.tests = append(f.tests, savedTest{path: path, test: t, snap: snap})
	return nil
}

func (f *fakeMemory) DefaultCollection() string { return "toolbench.tests.json" }

func (f *fakeMemory) recorded() []history.Record {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.records)
}

func (f *fakeMemory) savedTests() []savedTest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.tests)
}

// newMemoryHarness opens the workbench on s with mem as its memory, at
// width by height; diff, when not nil, stands for snapshot.Diff.
func newMemoryHarness(t *testing.T, s *fakeSession, mem Memory, width, height int,
	diff func(old, new *snapshot.Snapshot) (*snapshot.Report, error)) *harness {
	t.Helper()
	return memoryHarnessWith(t, s, Options{Target: "fake", Styles: plainStyles(), Memory: mem}, width, height, diff)
}

// memoryHarnessWith is newMemoryHarness with the options given.
func memoryHarnessWith(t *testing.T, s *fakeSession, opts Options, width, height int,
	diff func(old, new *snapshot.Snapshot) (*snapshot.Report, error)) *harness {
	t.Helper()
	connect := func(_ context.Context, _ func(client.Event), answer client.Answerer) (Session, error) {
		s.mu.Lock()
		s.answer = answer
		s.mu.Unlock()
		return s, nil
	}
	if diff == nil {
		return startHarness(t, connect, opts, width, height)
	}
	// The comparison runs on the first listing: the stand-in goes in
	// before Init, so New's model is changed before it connects.
	h := &harness{t: t, msgs: make(chan tea.Msg, 256), stop: make(chan struct{})}
	h.m = New(connect, opts)
	h.m.mem.diff.compare = diff
	h.m.SetSender(h.send)
	t.Cleanup(h.close)
	h.exec(h.m.Init())
	h.resize(width, height)
	return h
}

// memoryBusy reports whether a memory read or write is on its way: the
// root's own, or one a memory screen started.
func memoryBusy(m *Model) bool {
	if m.mem.pending > 0 {
		return true
	}
	for _, id := range []screen.ID{historyscreen.ID, presets.ID, savetest.ID} {
		if sc, ok := m.screens.made[id].(interface{ Busy() bool }); ok && sc.Busy() {
			return true
		}
	}
	return false
}

// onTop is the screen on top of the stack, "" for none.
func onTop(m *Model) screen.ID {
	if top := m.stack.Top(); top != nil {
		return top.ID()
	}
	return ""
}
