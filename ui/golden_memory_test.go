package ui

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/snapshot"
)

// TestGoldenMemory draws the memory's screens at 80 and 120 columns: the
// history screen, the diff screen, the save-as-test modal and the preset
// picker. Each frame is drawn twice and must change nothing.
func TestGoldenMemory(t *testing.T) {
	t.Parallel()
	screens := map[string]func(t *testing.T, width int) *harness{
		"history": func(t *testing.T, width int) *harness {
			failed := rec("fail", `{"reason":"the disk is full"}`, 1)
			failed.Result, failed.Error, failed.Output = nil, "the server answered with a JSON-RPC error (-32603): boom", nil
			invalid := rec("weather_ok", `{"city":"Oslo","unit":"celsius"}`, 5)
			invalid.Output = &history.Output{Checked: true, Valid: false, Errors: []string{"/temperature: expected number"}}
			h, _, _ := historyHarness(t, rec("echo", `{"message":"hello"}`, 60*26), invalid, failed)
			h.resize(width, 24)
			h.key("down")
			return h
		},
		"diff": func(t *testing.T, width int) *harness {
			mem := newFakeMemory()
			mem.snap = &snapshot.Snapshot{Format: snapshot.Format, Tools: json.RawMessage(`[]`)}
			h := newMemoryHarness(t, newFakeSession(t, fixtureTools), mem, width, 24, (&reports{next: []*snapshot.Report{handReport()}}).diff)
			h.key("alt+c")
			return h
		},
		"banner": func(t *testing.T, width int) *harness {
			mem := newFakeMemory()
			mem.snap = &snapshot.Snapshot{Format: snapshot.Format, Tools: json.RawMessage(`[]`)}
			return newMemoryHarness(t, newFakeSession(t, fixtureTools), mem, width, 24, (&reports{next: []*snapshot.Report{handReport()}}).diff)
		},
		"save-as-test": func(t *testing.T, width int) *harness {
			h, _ := saveTestHarness(t, weatherResult)
			h.resize(width, 24)
			h.key("tab", "tab", "tab")
			return h
		},
		"presets": func(t *testing.T, width int) *harness {
			mem := newFakeMemory()
			for _, p := range [][2]string{{"bergen", `{"city":"Bergen","unit":"fahrenheit"}`}, {"oslo", `{"city":"Oslo","unit":"celsius"}`}} {
				if err := mem.SavePreset("weather_ok", p[0], json.RawMessage(p[1])); err != nil {
					t.Fatal(err)
				}
			}
			h := newMemoryHarness(t, newFakeSession(t, fixtureTools), mem, width, 24, nil)
			h.selectTool("weather_ok")
			h.key("alt+b", "down")
			return h
		},
	}
	for name, setup := range screens {
		for _, width := range []int{80, 120} {
			t.Run(fmt.Sprintf("%s/%d", name, width), func(t *testing.T) {
				t.Parallel()
				h := setup(t, width)
				h.m.now = func() time.Time { return historyClock }
				h.update(tea0{})
				assertPureView(t, h, name)
				golden.RequireEqual(t, []byte(h.view()))
			})
		}
	}
}

// tea0 is a message no one handles: it runs layout after a test changes
// the model by hand.
type tea0 struct{}
