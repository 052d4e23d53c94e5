package tools

import "github.com/toolbench/toolbench/schemaform"

// What the screen's own tests read of its state: kept with the tests,
// because nothing in the product asks.

// listFocused reports whether the tool list takes the keys.
func (s *Screen) listFocused() bool { return s.focus == focusList }

// tab names the tab the detail pane shows.
func (s *Screen) tab() string { return tabNames[s.detail.tab] }

// form is tool name's form, compiled on first use.
func (s *Screen) form(name string) *schemaform.Form {
	return s.detail.editorFor(s.st, s.list.ByName(name)).form
}

// scroll is how far the shown text tab is scrolled, in rows.
func (s *Screen) scroll() int { return s.detail.offset[s.detail.tab] }
