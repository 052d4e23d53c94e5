package ui

import (
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/internal/termsafe"
)

// historyScreen is this server's recorded calls, newest first, filtered
// by tool name, with the selected call's detail under the list.
type historyScreen struct {
	shown bool
	// loading is the reading on its way (seq tells the newest); loaded
	// says one arrived.
	loading, loaded bool
	seq             int
	records         []history.Record // newest first
	err             error
	// warned says the warnings of skipped lines were shown: once.
	warned bool
	// matches are the records the filter keeps, by index.
	matches        []int
	cursor, offset int
	filter         textinput.Model
	filtering      bool
	// detail is the selected call's detail, drawn for detailOf at
	// detailWidth (layout); detailOffset scrolls it.
	detail       []string
	detailOf     int
	detailWidth  int
	detailOffset int
}

func newHistoryScreen() historyScreen {
	ti := textinput.New()
	ti.Prompt = "tool: "
	ti.Placeholder = "part of a tool's name"
	return historyScreen{filter: ti, detailOf: -1}
}

// historyLoadedMsg brings the history, newest first.
type historyLoadedMsg struct {
	memReply
	seq      int
	records  []history.Record
	warnings []history.Warning
	err      error
}

// toggleHistory shows the history screen, reading the history afresh (it
// grows with every call), or hides it.
func (m *Model) toggleHistory() tea.Cmd {
	h := &m.mem.history
	if h.shown {
		h.shown = false
		return nil
	}
	if m.noMemory() {
		return nil
	}
	m.hideAllScreens()
	h.shown, h.loading = true, true
	h.seq++
	seq, store := h.seq, m.mem.store
	return m.memCmd(func() tea.Msg {
		recs, warns, err := store.Calls()
		// Newest first, reversed here and not on the UI goroutine.
		slices.Reverse(recs)
		return historyLoadedMsg{seq: seq, records: recs, warnings: warns, err: err}
	})
}

func (m *Model) handleHistoryLoaded(msg historyLoadedMsg) {
	h := &m.mem.history
	if msg.seq != h.seq {
		return
	}
	h.loading, h.loaded, h.records, h.err = false, true, msg.records, msg.err
	h.detailOf = -1
	h.applyFilter()
	if len(msg.warnings) > 0 && !h.warned {
		h.warned = true
		w := msg.warnings[0]
		text := w.String()
		if n := len(msg.warnings); n > 1 {
			text += " (and " + strconv.Itoa(n-1) + " more lines)"
		}
		m.setStatus(levelError, "history: "+text)
	}
}

// applyFilter keeps the records whose tool name holds the filter's text,
// case-insensitively.
func (h *historyScreen) applyFilter() {
	q := strings.ToLower(strings.TrimSpace(h.filter.Value()))
	h.matches = h.matches[:0]
	for i := range h.records {
		if q == "" || strings.Contains(strings.ToLower(h.records[i].Tool), q) {
			h.matches = append(h.matches, i)
		}
	}
	h.cursor, h.offset, h.detailOffset = 0, 0, 0
}

// selected is the record under the cursor, or nil.
func (h *historyScreen) selected() *history.Record {
	if h.cursor < 0 || h.cursor >= len(h.matches) {
		return nil
	}
	return &h.records[h.matches[h.cursor]]
}

// historyKey takes a key on the history screen.
func (m *Model) historyKey(msg tea.KeyPressMsg) tea.Cmd {
	h, k := &m.mem.history, m.keys.Mem.History
	if h.filtering {
		return m.historyFilterKey(msg)
	}
	rows := m.historyRows()
	if d, ok := (moveKeys{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End}).move(msg, rows, len(h.matches)); ok {
		h.cursor = max(0, min(len(h.matches)-1, h.cursor+d))
		h.detailOffset = 0
		return nil
	}
	switch {
	case key.Matches(msg, k.Filter):
		// A fresh filter each time: the last one is rarely the next.
		h.filtering = true
		h.filter.SetValue("")
		h.applyFilter()
		return h.filter.Focus()
	case key.Matches(msg, k.DetailUp):
		h.detailOffset--
	case key.Matches(msg, k.DetailDown):
		h.detailOffset++
	case key.Matches(msg, k.Rerun):
		return m.rerunSelected()
	case key.Matches(msg, k.Edit):
		m.editSelected()
	case key.Matches(msg, k.Back):
		h.shown = false
	}
	return nil
}

// historyFilterKey takes a key while the tool filter is typed.
func (m *Model) historyFilterKey(msg tea.KeyPressMsg) tea.Cmd {
	h, k := &m.mem.history, m.keys.Mem.HistoryFilter
	switch {
	case key.Matches(msg, k.Clear):
		h.filter.SetValue("")
		h.applyFilter()
		fallthrough
	case key.Matches(msg, k.Done):
		h.filtering = false
		h.filter.Blur()
		return nil
	}
	before := h.filter.Value()
	var cmd tea.Cmd
	h.filter, cmd = h.filter.Update(msg)
	if h.filter.Value() != before {
		h.applyFilter()
	}
	return cmd
}

// recordedTool opens the selected record's tool, or says on the status
// line why it cannot.
func (m *Model) recordedTool() (*history.Record, bool) {
	r := m.mem.history.selected()
	if r == nil {
		return nil, false
	}
	if m.list.byName(r.Tool) == nil {
		m.setStatus(levelError, "the server has no tool "+termsafe.Line(r.Tool)+" now; the call cannot be made again")
		return nil, false
	}
	return r, true
}

// rerunSelected calls the selected record's tool again with its recorded
// arguments, showing the tool's Result tab.
func (m *Model) rerunSelected() tea.Cmd {
	r, ok := m.recordedTool()
	if !ok {
		return nil
	}
	m.mem.history.shown = false
	t := m.openTool(r.Tool)
	return m.startCall(*t, argsOrEmpty(r.Arguments))
}

// editSelected loads the selected record's arguments into its tool's
// form and shows the form.
func (m *Model) editSelected() {
	r, ok := m.recordedTool()
	if !ok {
		return
	}
	m.mem.history.shown = false
	t := m.openTool(r.Tool)
	m.detail.tab = tabForm
	if err := m.loadArgs(t, argsOrEmpty(r.Arguments)); err != nil {
		m.setStatus(levelError, err.Error())
		return
	}
	m.setStatus(levelInfo, "the recorded arguments are in the form of "+t.Name+"; "+m.keys.Detail.Call.Help().Key+" calls")
}

// historyHints are the history screen's keys.
func (m *Model) historyHints() [][2]string {
	k := m.keys.Mem.History
	if m.mem.history.filtering {
		f := m.keys.Mem.HistoryFilter
		return [][2]string{hint(f.Done, "keep filter"), hint(f.Clear, "clear")}
	}
	return [][2]string{hintPair(k.Up, k.Down, "select"), hint(k.Filter, "filter"), hint(k.Rerun, "re-run"),
		hint(k.Edit, "edit in form"), hintPair(k.DetailUp, k.DetailDown, "scroll detail"), hint(k.Back, "back")}
}
