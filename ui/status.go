package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
)

// statusLevel colours the status message.
type statusLevel = render.Level

const (
	levelInfo  = render.LevelInfo
	levelOK    = render.LevelOK
	levelError = render.LevelError
)

// statusTTL is how long a message stays; errors stay longer, to be read.
func statusTTL(l statusLevel) time.Duration {
	if l == levelError {
		return 15 * time.Second
	}
	return 4 * time.Second
}

// status is the one-line message under the panes: the last thing that
// happened, gone after a while. Each message schedules its own clearing;
// seq tells a clearing meant for an older message, which must leave a
// newer one be.
type status struct {
	text  string
	level statusLevel
	// repeats counts the times in a row text was set, so the status line
	// can show the count instead of letting the message hide the keys.
	repeats int
	seq     int
	armed   bool // the clearing of message seq is scheduled
}

// statusExpiredMsg clears message seq, if it is still shown.
type statusExpiredMsg struct{ seq int }

// setStatus shows text; layout schedules its clearing.
func (m *Model) setStatus(level statusLevel, text string) {
	s := &m.status
	text = termsafe.Line(text)
	if text != "" && text == s.text && level == s.level {
		s.repeats++
	} else {
		s.repeats = 1
	}
	s.text, s.level = text, level
	s.seq++
	s.armed = false
}

// arm is the clearing of a new message, made by after; nil when there is
// none to schedule.
func (s *status) arm(after func(time.Duration, tea.Msg) tea.Cmd) tea.Cmd {
	if s.text == "" || s.armed {
		return nil
	}
	s.armed = true
	return after(statusTTL(s.level), statusExpiredMsg{seq: s.seq})
}

func (s *status) expire(msg statusExpiredMsg) {
	if msg.seq == s.seq {
		s.text = ""
	}
}
