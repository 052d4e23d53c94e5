package ui

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/toolbench/toolbench/client"
)

// idleWindow is how long an idle workbench is watched.
const idleWindow = 2 * time.Second

// countingModel hands every message to the workbench and counts it by
// type: what wakes the model up while nobody touches it.
type countingModel struct {
	m  *Model
	mu *sync.Mutex
	by map[string]int
}

func (c countingModel) Init() tea.Cmd { return c.m.Init() }

func (c countingModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	c.mu.Lock()
	c.by[fmt.Sprintf("%T", msg)]++
	c.mu.Unlock()
	_, cmd := c.m.Update(msg)
	return c, cmd
}

func (c countingModel) View() tea.View { return c.m.View() }

// take returns the counts so far, by type, and starts again from zero.
func (c countingModel) take() (int, string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n, kinds := 0, []string{}
	for k, v := range c.by {
		n += v
		kinds = append(kinds, fmt.Sprintf("%s×%d", k, v))
		delete(c.by, k)
	}
	sort.Strings(kinds)
	return n, strings.Join(kinds, " ")
}

// BenchmarkIdleWakeups runs the workbench in a real bubbletea program
// (teatest, 120×40, 100 tools), leaves it alone for idleWindow on the tool
// list, on an open form, and in a text field being edited (whose cursor
// blinks), and reports the messages its model
// received (msgs) and the bytes the renderer wrote (out-B) in that window.
// Bubbletea's renderer wakes at 60 Hz whatever the model does; it writes
// only when the frame changed. Run it with -benchtime 1x: each iteration
// is a wall-clock window, not work.
func BenchmarkIdleWakeups(b *testing.B) {
	for _, st := range []struct {
		name  string
		keys  []string
		shows string
	}{
		{"tools", nil, "Tools 100"},
		{"form", []string{"enter"}, "esc back"},
		{"editing", []string{"enter", "enter"}, "enter done"},
	} {
		b.Run(st.name, func(b *testing.B) {
			s := &fakeSession{info: client.ServerInfo{Name: "idle", Version: "1", ProtocolVersion: "2025-11-25"}, tools: manyTools(b, 100)}
			m := New(func(context.Context, func(client.Event), client.Answerer) (Session, error) { return s, nil },
				Options{Target: "idle", Styles: plainStyles()})
			cm := countingModel{m: m, mu: &sync.Mutex{}, by: map[string]int{}}
			tm := teatest.NewTestModel(b, cm, teatest.WithInitialTermSize(120, 40))
			m.SetSender(tm.Send)
			if len(st.keys) == 0 {
				waitOutput(b, tm, "● ready", st.shows)
			} else {
				waitOutput(b, tm, "● ready")
				for _, k := range st.keys {
					tm.Send(keyMsg(k))
				}
				waitOutput(b, tm, st.shows)
			}
			var msgs, out int
			for b.Loop() {
				// What start-up and the keys left in flight settles first: a
				// status message's clearing is the longest (4 s), and the
				// workbench shows none here.
				time.Sleep(idleWindow / 4)
				cm.take()
				_, _ = io.ReadAll(tm.Output())
				time.Sleep(idleWindow)
				n, kinds := cm.take()
				written, _ := io.ReadAll(tm.Output())
				msgs, out = msgs+n, out+len(written)
				if n > 0 {
					b.Logf("%s: %s", st.name, kinds)
				}
			}
			b.ReportMetric(float64(msgs)/float64(b.N), "msgs")
			b.ReportMetric(float64(out)/float64(b.N), "out-B")
			tm.Send(keyMsg("ctrl+c"))
			tm.WaitFinished(b, teatest.WithFinalTimeout(5*time.Second))
		})
	}
}

// waitOutput waits until the program has written every one of want.
func waitOutput(b *testing.B, tm *teatest.TestModel, want ...string) {
	b.Helper()
	teatest.WaitFor(b, tm.Output(), func(out []byte) bool {
		for _, w := range want {
			if !bytes.Contains(out, []byte(w)) {
				return false
			}
		}
		return true
	},
		teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
}
