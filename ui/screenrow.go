package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	historyscreen "github.com/toolbench/toolbench/ui/screens/history"
	hostsscreen "github.com/toolbench/toolbench/ui/screens/hosts"
	"github.com/toolbench/toolbench/ui/screens/log"
	"github.com/toolbench/toolbench/ui/screens/prompts"
	"github.com/toolbench/toolbench/ui/screens/resources"
	taskscreen "github.com/toolbench/toolbench/ui/screens/tasks"
	"github.com/toolbench/toolbench/ui/screens/tools"
)

// rowTab is a screen of the header's screen row: what it shows and the
// key it stands for, which a click replays.
type rowTab struct {
	tab   render.ScreenTab
	press key.Binding
}

// screenRow is the header's screen row: the tools, the screens a person
// visits most (the hosts' verdicts first, the question a server author
// asks most), each with the capital letter that opens it where nothing
// is typed, and the palette for the rest. It says where the person is
// and how to get elsewhere without an alt chord.
func (m *Model) screenRow() []rowTab {
	o, g := m.keys.Global.Open, m.keys.Global
	top := screen.ID("")
	if sc := m.stack.Top(); sc != nil {
		top = sc.ID()
	}
	tab := func(b, chord key.Binding, title string, active bool) rowTab {
		return rowTab{tab: render.ScreenTab{Key: b.Help().Key, Title: title, Active: active}, press: chord}
	}
	base := top == "" && !m.fullScreenShown()
	return []rowTab{
		{tab: render.ScreenTab{Title: "Tools", Active: base}},
		tab(o.Hosts, g.Hosts, "Hosts", top == hostsscreen.ID),
		tab(o.Resources, g.Resources, "Resources", top == resources.ID),
		tab(o.Prompts, g.Prompts, "Prompts", top == prompts.ID),
		tab(o.Tasks, g.Tasks, "Tasks", top == taskscreen.ID),
		tab(o.Log, g.Log, "Log", top == log.ID),
		tab(o.History, m.keys.Mem.Memory.History, "History", top == historyscreen.ID),
		tab(o.Palette, g.Palette, "more", false),
	}
}

// header is the top line: the connection, and the screen row at the
// right where it fits beside it (render.LayHeader).
func (m *Model) header() string { return m.headerLayout().Line }

// headerLayout lays the top line out for drawing and for clicks alike.
func (m *Model) headerLayout() render.HeaderLayout {
	return render.LayHeader(m.st, m.connection(), m.screenTabs(), m.width)
}

func (m *Model) screenTabs() []render.ScreenTab {
	row := m.screenRow()
	tabs := make([]render.ScreenTab, len(row))
	for i, r := range row {
		tabs[i] = r.tab
	}
	return tabs
}

// clickScreenRow opens the screen of the header tab at column x, if any.
func (m *Model) clickScreenRow(x int) tea.Cmd {
	lay := m.headerLayout()
	tabs := m.screenRow()
	for _, sp := range lay.Spans {
		if x < lay.RowStart+sp.From || x > lay.RowStart+sp.To {
			continue
		}
		i := sp.Index
		if i == 0 {
			m.hideScreens()
			return m.toTools(tools.ShowList{})
		}
		if press, ok := screen.Press(render1(tabs[i].press)); ok {
			return m.handleKey(press)
		}
	}
	return nil
}
