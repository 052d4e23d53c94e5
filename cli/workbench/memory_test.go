package workbench

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/ui"
)

// TestWorkbenchGetsMemory: the workbench is handed a memory bound to its
// server; a store that cannot be opened leaves it without one, after a
// warning printed before the screen takes over.
func TestWorkbenchGetsMemory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tests := []struct {
		name    string
		open    func() (*history.Store, error)
		memory  bool
		warning string
	}{
		{"store opens", func() (*history.Store, error) { return history.Open(dir, history.Options{}) }, true, ""},
		{"store fails", func() (*history.Store, error) { return nil, errors.New("history: disk on fire") }, false,
			"toolbench: warning: the workbench will remember nothing of this session: history: disk on fire"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := parse(t, NewCmdConnect, "node", "s.js")
			if err != nil {
				t.Fatal(err)
			}
			var errOut testkit.Buffer
			got.IO = &iostreams.Streams{In: strings.NewReader(""), Out: &testkit.Buffer{}, Err: &errOut, OutTTY: true}
			got.History = tt.open
			var mem ui.Memory
			var warnedFirst bool
			got.Run = func(_ context.Context, _ ui.Connector, opts ui.Options, _ *iostreams.Streams) error {
				mem, warnedFirst = opts.Memory, strings.Contains(errOut.String(), tt.warning)
				return nil
			}
			if err := workbenchRun(context.Background(), got); err != nil {
				t.Fatal(err)
			}
			if (mem != nil) != tt.memory || !warnedFirst {
				t.Errorf("memory %v (want one: %v); stderr before the screen:\n%s", mem, tt.memory, errOut.String())
			}
			if m, ok := mem.(*Memory); ok && m.server.Key != history.ServerOf(got.Server.Target).Key {
				t.Errorf("the memory is bound to %+v, not to the workbench's server", m.server)
			}
		})
	}
}
