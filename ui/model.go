package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/theme"
)

// focus says which pane takes keys.
type focus int

const (
	focusList focus = iota
	focusDetail
)

// Model is the workbench's root model. Child views are plain structs with
// methods; Update dispatches each message to one handler.
type Model struct {
	st      *theme.Styles
	connect Connector
	send    func(tea.Msg)
	target  string

	conn    connState
	list    toolList
	detail  detail
	calls   calls
	log     logView
	status  status
	focus   focus
	showLog bool
	help    bool

	width, height int
	now           func() time.Time
}

// Options configures the workbench.
type Options struct {
	// Target describes the server for the header, as the person typed it.
	Target string
	// Styles defaults to the dark palette.
	Styles *theme.Styles
	// Now replaces the clock in tests.
	Now func() time.Time
}

// New returns the workbench for the server connect reaches.
func New(connect Connector, opts Options) *Model {
	st := opts.Styles
	if st == nil {
		st = theme.New(theme.DefaultPalette(true))
	}
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	m := &Model{st: st, connect: connect, target: opts.Target, now: now,
		send: func(tea.Msg) {}, width: 100, height: 30}
	m.list = newToolList()
	m.detail = newDetail()
	m.calls = newCalls()
	m.log = newLogView()
	return m
}

// SetSender gives the model the program's Send, through which connection
// events arrive from other goroutines.
func (m *Model) SetSender(send func(tea.Msg)) { m.send = send }

// Init connects.
func (m *Model) Init() tea.Cmd {
	return tea.Batch(m.startConnect(), tick())
}

func tick() tea.Cmd {
	return tea.Tick(200*time.Millisecond, func(t time.Time) tea.Msg { return tickMsg(t) })
}

// Update dispatches a message to its handler.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		return m, m.handleResize(msg)
	case tea.KeyPressMsg:
		return m, m.handleKey(msg)
	case tea.PasteMsg:
		return m, m.forwardToFocus(msg)
	case connectedMsg:
		return m, m.handleConnected(msg)
	case toolsLoadedMsg:
		return m, m.handleToolsLoaded(msg)
	case eventMsg:
		return m, m.handleEvent(msg)
	case progressMsg:
		return m, m.handleProgress(msg)
	case callDoneMsg:
		return m, m.handleCallDone(msg)
	case resultRenderedMsg:
		return m, m.handleResultRendered(msg)
	case tickMsg:
		return m, m.handleTick(time.Time(msg))
	}
	return m, m.forwardToFocus(msg)
}

// View draws the whole screen.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.WindowTitle = "toolbench"
	return v
}

func (m *Model) handleResize(msg tea.WindowSizeMsg) tea.Cmd {
	m.width, m.height = msg.Width, msg.Height
	m.detail.resize(m.detailWidth(), m.bodyHeight())
	return nil
}

func (m *Model) handleTick(t time.Time) tea.Cmd {
	m.status.expire(t)
	return tick()
}

// quit ends the program; Run closes the session afterwards.
func (m *Model) quit() tea.Cmd {
	m.calls.cancelRunning()
	return tea.Quit
}

// Session returns the live session, if any, so the runner can close it.
func (m *Model) Session() Session { return m.conn.sess }

// background is the context for commands the model starts; cancellation is
// per command.
var background = context.Background()
