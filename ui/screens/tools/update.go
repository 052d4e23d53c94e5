package tools

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/tool"
)

// handle dispatches a message to its handler; ok reports that the
// message was the screen's.
func (s *Screen) handle(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		s.resize(msg.Width, msg.Height)
		return nil, true
	case tea.KeyPressMsg:
		return s.handleKey(msg)
	case tea.MouseClickMsg, tea.MouseWheelMsg:
		return s.handleMouse(msg), true
	case Listed:
		s.setTools(msg.Tools)
		return nil, true
	case Call:
		return s.handleCall(msg)
	case Load:
		return nil, s.handleLoad(msg)
	case TaskResult:
		return s.showTaskResult(msg), true
	case Cancel:
		s.cancelCall()
		return nil, true
	case HostsJudged:
		s.hosts.setReport(msg.Report)
		return nil, true
	case ShowHosts:
		return nil, s.showHosts(msg)
	case ShowList:
		s.focus = focusList
		return nil, true
	case Forward:
		return s.forward(msg.Msg)
	case client.TaskEvent:
		s.handleTaskEvent(msg)
		return nil, true
	}
	return s.handleReply(msg)
}

// handleReply takes the replies of the screen's commands and the
// session's callbacks.
func (s *Screen) handleReply(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case progressMsg:
		return s.handleProgress(msg), true
	case callDoneMsg:
		return s.handleCallDone(msg), true
	case resultReadyMsg:
		return s.handleResultReady(msg), true
	case viewReadyMsg:
		return s.views.handleReady(msg), true
	case clockMsg:
		return s.handleClock(msg), true
	case taskStateMsg:
		return s.handleTaskState(msg), true
	case appReadMsg:
		return s.handleAppRead(msg), true
	case appRenderedMsg:
		return s.handleAppRendered(msg), true
	}
	return nil, false
}

// setTools shows the tools the server listed, rebuilding the forms whose
// schema changed.
func (s *Screen) setTools(tools []tool.Tool) {
	s.list.SetTools(tools)
	s.detail.syncTools(s.st, tools)
	s.syncDetail()
}

// resize lays the panes out for the body's new size.
func (s *Screen) resize(width, height int) {
	s.width, s.height = width, height
	s.detail.resize(s.detailWidth(), s.height)
}
