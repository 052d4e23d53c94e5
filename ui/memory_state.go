package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/snapshot"
	"github.com/toolbench/toolbench/ui/recall"
)

// memState is the workbench's side of what it remembers: the store (nil
// remembers nothing), the writes and reads on their way, and the
// comparison with the last snapshot. The screens that show what was
// remembered are packages of their own (glue_memory.go).
type memState struct {
	store Memory
	// pending counts the memory commands on their way; each one's
	// message brings it down.
	pending int
	// warned says a failed history write was reported: the status line
	// says it once, not on every call.
	warned bool
	// unjudged are the records of calls whose result is still being
	// judged against the outputSchema, by request number.
	unjudged recall.Unjudged
	diff     diffState
}

func newMemState(store Memory) memState {
	return memState{store: store, unjudged: recall.Unjudged{}, diff: diffState{compare: snapshot.Diff}}
}

// memDoneMsg is what every memory command's message carries, so the
// count of commands on their way comes down whichever answer it is.
type memDoneMsg interface {
	// memDone marks the message; it does nothing.
	memDone()
}

// memReply marks a memory command's message.
type memReply struct{}

func (memReply) memDone() {}

// memCmd runs fn, which does a memory IO, as a command, counting it as on
// its way until its message arrives.
func (m *Model) memCmd(fn func() tea.Msg) tea.Cmd {
	m.mem.pending++
	return fn
}

// noMemory says on the status line that nothing is remembered, for a
// memory key pressed without a store; it reports whether that is so.
func (m *Model) noMemory() bool {
	if m.mem.store != nil {
		return false
	}
	m.setStatus(levelError, "nothing is remembered in this workbench (it was started without a history store): "+
		"no history, presets, saved tests or diffs")
	return true
}

// dispatchMemory handles the answers of the memory commands.
func (m *Model) dispatchMemory(msg tea.Msg) (tea.Cmd, bool) {
	d, ok := msg.(memDoneMsg)
	if !ok {
		return nil, false
	}
	m.mem.pending = max(0, m.mem.pending-1)
	switch msg := d.(type) {
	case recordedMsg:
		m.handleRecorded(msg)
	case diffDoneMsg:
		m.handleDiffDone(msg)
	}
	return nil, true
}
