package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/snapshot"
	"github.com/toolbench/toolbench/ui/recall"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/screens/changes"
	historyscreen "github.com/toolbench/toolbench/ui/screens/history"
	"github.com/toolbench/toolbench/ui/screens/presets"
	"github.com/toolbench/toolbench/ui/screens/savetest"
	"github.com/toolbench/toolbench/ui/screens/tools"
)

// This file is the root's side of the memory's screens (history,
// changes since last time, presets, save as test): making them, opening
// them with what they show, and the actions they ask of the form. The
// store itself, the calls' recording and the comparison at connect stay
// the root's (memory*.go, diff.go): they run with or without a screen.

var (
	_ historyscreen.Store = Memory(nil)
	_ presets.Store       = Memory(nil)
	_ savetest.Store      = Memory(nil)
)

// memoryAs is the store as a screen declares it, nil when the workbench
// remembers nothing; read at each use, so a store given later counts.
func memoryAs[T any](m *Model) func() T {
	return func() T {
		var none T
		if m.mem.store == nil {
			return none
		}
		return m.mem.store.(T)
	}
}

func (m *Model) newHistory() screen.Screen {
	return historyscreen.New(historyscreen.Deps{Styles: m.st, Store: memoryAs[historyscreen.Store](m),
		Now: func() time.Time { return m.now() }})
}

func (m *Model) newChanges() screen.Screen {
	s := changes.New(m.st)
	s.SetReport(m.mem.diff.report)
	return s
}

func (m *Model) newPresets() screen.Screen {
	return presets.New(presets.Deps{Styles: m.st, Store: memoryAs[presets.Store](m),
		SaveKey: m.keys.Mem.Memory.SavePreset.Help().Key})
}

func (m *Model) newSaveTest() screen.Screen {
	return savetest.New(m.st, memoryAs[savetest.Store](m))
}

// closeIfTop pops screen id when it is on top: its key, pressed again,
// closes it.
func (m *Model) closeIfTop(id screen.ID) bool {
	if top := m.stack.Top(); top != nil && top.ID() == id {
		m.stack.Pop()
		return true
	}
	return false
}

// openHistory shows the history, read afresh (it grows with every
// call), or closes it.
func (m *Model) openHistory() tea.Cmd {
	if m.closeIfTop(historyscreen.ID) || m.noMemory() {
		return nil
	}
	cmd := m.screens.get(historyscreen.ID).(*historyscreen.Screen).Reload()
	return tea.Batch(m.openScreen(historyscreen.ID), cmd)
}

// openChanges shows the changes since last time, retiring the banner, or
// closes them.
func (m *Model) openChanges() tea.Cmd {
	if m.closeIfTop(changes.ID) || m.noMemory() {
		return nil
	}
	cmd := m.openScreen(changes.ID)
	if m.mem.diff.banner {
		m.mem.diff.banner = false
		m.bannerChanged()
	}
	return cmd
}

// showChanges keeps report as the changes since last time and shows the
// banner that announces them.
func (m *Model) showChanges(report *snapshot.Report) {
	d := &m.mem.diff
	d.report, d.banner = report, true
	m.screens.get(changes.ID).(*changes.Screen).SetReport(report)
	m.bannerChanged()
}

// openPresets opens, over the shown tool's form, the naming of a preset
// of its arguments (save) or the picker of its presets.
func (m *Model) openPresets(save bool) tea.Cmd {
	tool, args, ok := m.tools.FormArgs()
	if !ok || m.noMemory() {
		return nil
	}
	p := m.screens.get(presets.ID).(*presets.Screen)
	var cmd tea.Cmd
	if save {
		cmd = p.Save(tool, args)
	} else {
		cmd = p.Browse(tool)
	}
	return tea.Batch(m.openScreen(presets.ID), cmd)
}

// openSaveTest opens the save-as-test modal for the shown tool's last
// call.
func (m *Model) openSaveTest() tea.Cmd {
	name := m.tools.Shown()
	if name == "" || m.noMemory() {
		return nil
	}
	c, ok := m.tools.LastCall()
	if !ok || !c.Judged || c.Result == nil {
		m.setStatus(levelError, "only a call that returned a result can be saved as a test: call "+name+" first")
		return nil
	}
	a := m.given.Last(name)
	cmd := m.screens.get(savetest.ID).(*savetest.Screen).Open(savetest.Call{Tool: name, Args: recall.Args(c.Args),
		Result: c.Result, Verdict: c.Verdict, Elicit: a.Elicit, Sample: a.Sample, Withheld: a.Withheld})
	return tea.Batch(m.openScreen(savetest.ID), cmd)
}

// toolNow reports whether the server has tool name now, else says on the
// status line that it has not and what cannot be done.
func (m *Model) toolNow(name, cannot string) bool {
	if m.tools.Has(name) {
		return true
	}
	m.setStatus(levelError, "the server has no tool "+termsafe.Line(name)+" now; "+cannot)
	return false
}

// callAgain carries out screen.CallTool: the tool's Result tab over the
// panes, and the call.
func (m *Model) callAgain(a screen.CallTool) tea.Cmd {
	if !m.toolNow(a.Tool, "the call cannot be made again") {
		return nil
	}
	m.hideScreens()
	return m.toTools(tools.Call{Tool: a.Tool, Args: recall.Args(a.Args), Open: true})
}

// loadIntoForm carries out screen.LoadArgs: the arguments in the tool's
// form, shown.
func (m *Model) loadIntoForm(a screen.LoadArgs) tea.Cmd {
	if !m.toolNow(a.Tool, "its arguments cannot be loaded") {
		return nil
	}
	r := m.tools.Update(tools.Load{Tool: a.Tool, Args: recall.Args(a.Args), What: a.What})
	if r.Handled {
		m.hideScreens()
	}
	return m.apply(r)
}
