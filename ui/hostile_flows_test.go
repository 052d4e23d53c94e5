package ui

import (
	"context"
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/hostile"
)

// field moves the form's cursor by its keys to the root field whose row
// starts with title (its title, or its name when it has none): to the
// first row, then down. It fails the test when no row does.
func (s *screens) field(title string) bool {
	s.t.Helper()
	s.h.key("home")
	for range 40 {
		if strings.HasPrefix(formCursorRow(s.h.view()), title) {
			return true
		}
		s.h.key("down")
	}
	s.t.Errorf("no row of the form starts with %q:\n%s", title, s.h.view())
	return false
}

// formCursorRow is the form's cursor row as drawn in the detail pane,
// its mark left out; "" when none is.
func formCursorRow(view string) string {
	for _, line := range strings.Split(view, "\n") {
		if _, right, ok := strings.Cut(line, "│"); ok && strings.HasPrefix(right, "› ") {
			return strings.TrimPrefix(right, "› ")
		}
	}
	return ""
}

// form covers the form: every row of the root selected, the editors of a
// string with a hostile default, of an enum, legacy enumNames and a
// multi-select with their option lists open, a subform, a $defs subform, a
// union's variant, a list item, map entries, an example placeholder, the
// form filled with an example, and the raw JSON editor.
func (s *screens) form() {
	h := s.h
	s.open(hostile.ResultTool)
	h.key("alt+1")
	// browse's enter on a lint finding left the cursor on that finding's
	// field, which may be far down: the root is looked at from its first row.
	s.field("PT")
	s.look("form root", "PT"+s.shown)
	for i := range 13 {
		h.key("down")
		s.look(fmt.Sprintf("form, row %d selected", i+2))
	}
	open := func(label, title string, want ...string) {
		s.t.Helper()
		if !s.field(title) {
			return
		}
		h.key("enter")
		s.look(label, want...)
		h.key("esc")
	}
	open("editing a hostile default", "PT")
	// An open list wraps a long option over its rows: only its start shows.
	option := clipRunes(s.shown, 5)
	open("enum list open", "CT", "E"+option)
	open("enumNames list open", "legacy", "EN"+option)
	open("oneOf titles open", "VT", "OT"+option)
	open("multi-select open", "MT", "M"+option)
	open("subform", "NT", "IT"+s.shown)
	open("$defs subform", "DT", "DPT"+s.shown)
	open("anyOf variant", "UT", "UPT"+s.shown)
	open("example placeholder", "EXT")
	if s.field("AT") {
		h.key("enter", "ctrl+a")
		s.look("list item", "XT"+s.shown)
		h.key("esc", "esc")
	}
	if s.field("MPT") {
		h.key("ctrl+f", "enter")
		s.look("map entries", "mk"+s.shown)
		h.key("esc")
	}
	h.key("ctrl+e")
	s.look("filled with an example")
	for i := range 13 {
		h.key("up")
		s.look(fmt.Sprintf("filled form, row %d from the end", i+1))
	}
	if s.field("CT") {
		h.key("ctrl+r")
		s.look("raw JSON editor")
		h.key("esc")
	}
}

// calls covers the result tab after each call, the status line after an
// error, and a running call with its progress.
func (s *screens) calls() {
	h := s.h
	for _, c := range []struct{ kind, want, status string }{
		{hostile.ResultTool, "R" + s.shown, "result_" + s.shown},
		{hostile.FailTool, "ERR" + s.shown, "fail_" + s.shown},
		{hostile.RPCTool, "RPC" + s.shown, "RPC" + s.shown},
	} {
		kind := c.kind
		s.open(kind)
		h.key("alt+1", "ctrl+s")
		if strings.Contains(h.view(), "send anyway?") {
			s.look(kind + ": send anyway?")
			h.key("y")
		}
		plain := s.look(kind+" result", c.want)
		lines := strings.Split(plain, "\n")
		if status := lines[len(lines)-1]; !strings.Contains(status, c.status) {
			s.t.Errorf("%s: the status line does not show %q: %q", kind, c.status, status)
		}
		s.scroll(kind + " result")
	}
	// The held call reports its progress and runs until cancelled: the
	// harness lets it run while the screen is looked at.
	s.sess.hold, h.leaveCalls = true, true
	defer func() { s.sess.hold, h.leaveCalls = false, false }()
	s.open(hostile.ResultTool)
	h.key("alt+1", "ctrl+s", "y")
	if !h.m.callRunning() {
		s.t.Error("the held call is not running")
		return
	}
	s.look("running call with progress", "calling result_"+s.shown)
	h.key("esc")
	s.look("cancelling")
	h.leaveCalls = false
	h.settle()
	s.look("cancelled", "Cancelled")
}

// logAndDisconnect feeds every event the real sessions produced, pages
// through the log screen, then breaks the connection as the crashing child
// did.
func (s *screens) logAndDisconnect() {
	h := s.h
	for _, e := range s.c.events {
		h.update(eventMsg{gen: h.m.conn.gen, event: e})
	}
	h.key("alt+l")
	var seen strings.Builder
	seen.WriteString(s.look("log"))
	for i, last := 0, ""; i < 100 && h.view() != last; i++ {
		last = h.view()
		h.key("pgup")
		seen.WriteString(s.look(fmt.Sprintf("log, page %d up", i+1)))
	}
	for _, want := range []string{"STDERR" + s.shown, "NOISE" + s.shown, "LG" + s.shown, "LV" + s.shown, "notifications/x" + s.shown} {
		if !strings.Contains(seen.String(), want) {
			s.t.Errorf("no page of the log shows %q", want)
		}
	}
	h.key("alt+l")
	h.update(eventMsg{gen: h.m.conn.gen, event: s.c.closed})
	s.look("disconnect report", "Disconnected: the server exited", "CRASH"+s.shown)
	h.key("esc")
	s.look("disconnected, tool list", "CRASH"+s.shown)
}

// connectFailure opens a workbench on the child that dies before it
// answers: the status line and the report quote its stderr and stdout.
func (s *screens) connectFailure() {
	failed := s.c.failed
	f := &screens{t: s.t, c: s.c, w: s.w, height: s.height, shown: s.shown, jsonShown: s.jsonShown}
	f.h = newStyledHarness(s.t, func(context.Context, func(client.Event), client.Answerer) (Session, error) { return nil, failed }, s.w, s.height)
	f.look("connect failure", "could not connect", "STDERR"+s.shown)
}
