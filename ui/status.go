package ui

import (
	"time"

	"github.com/toolbench/toolbench/internal/termsafe"
)

// statusLevel colours the status message.
type statusLevel int

const (
	levelInfo statusLevel = iota
	levelOK
	levelError
)

// statusTTL is how long a message stays; errors stay longer, to be read.
var statusTTL = map[statusLevel]time.Duration{levelInfo: 4 * time.Second, levelOK: 4 * time.Second, levelError: 15 * time.Second}

// status is the one-line message under the panes: the last thing that
// happened, gone after a while.
type status struct {
	text  string
	level statusLevel
	until time.Time
}

func (s *status) set(now time.Time, level statusLevel, text string) {
	s.text, s.level, s.until = termsafe.Line(text), level, now.Add(statusTTL[level])
}

func (s *status) expire(now time.Time) {
	if s.text != "" && now.After(s.until) {
		s.text = ""
	}
}
