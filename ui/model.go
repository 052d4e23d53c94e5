package ui

import (
	"context"
	"os"
	"os/exec"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/ui/clipboard"
	"github.com/toolbench/toolbench/ui/recall"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/screens/log"
	"github.com/toolbench/toolbench/ui/screens/tools"
	"github.com/toolbench/toolbench/ui/theme"
)

// Model is the workbench's root model. Child views are plain structs with
// methods; Update dispatches each message to one handler, then brings what
// View reads up to date (layout), so View only draws.
type Model struct {
	st      *theme.Styles
	keys    keyMap
	helpFor []render.HelpSection
	connect Connector
	send    func(tea.Msg)
	// target names the server for the screen, its secrets redacted;
	// command writes the shell command line that repeats a call
	// (Options.Command).
	target  string
	command func(tool string, args []byte) (line string, vars []string)
	// serverName is the config name the person connected with
	// (Options.ServerName), the key host verdicts are judged under.
	serverName string
	// hosts is the latest host report (glue_hosts.go).
	hosts hostsState

	conn connState
	// tools is the base screen: the tool list and the detail pane, shown
	// when no screen is over them.
	tools  *tools.Screen
	log    *log.Store
	status status
	asks   asks
	roots  *rootsStore
	// stack is the screens shown over the panes, the top one taking the
	// keys; screens makes them (registry.go).
	stack   screen.Stack
	screens screenSet
	bridge  *AuthBridge
	tasks   tasks
	// given are what the person answered the server with during each
	// call, by request, and during each tool's last call (answers.go).
	given   recall.Given
	browser Browser
	// clip is the system's clipboard tool, nil when none is on the PATH.
	clip *clipboard.Tool
	// quitting is set while quitting during a call asks first (quit.go).
	quitting bool

	// mem is what the workbench remembers (memory_state.go).
	mem memState

	width, height int
	now           func() time.Time
	// timer makes the command that delivers a message after a while: after,
	// unless a test watches the timers.
	timer func(d time.Duration, msg tea.Msg) tea.Cmd
	// stop ends the model's timers when the program quits.
	stop    chan struct{}
	stopped bool
}

// Options configures the workbench.
type Options struct {
	// Target names the server as the person typed it. It may be a URL
	// with credentials: the workbench shows it redacted.
	Target string
	// ServerName is the name the person's host config gives the server
	// (the config name they connected with): the key host verdicts are
	// judged under, since hosts prefix tool names with it. Empty means
	// the name the server reports.
	ServerName string
	// Command writes the shell command line that repeats a call of tool
	// with args, and the variables the shell must hold to run it (its
	// secrets are references to them); nil means the workbench cannot
	// write one, and its copy key says so.
	Command func(tool string, args []byte) (line string, vars []string)
	// Styles defaults to the dark palette.
	Styles *theme.Styles
	// Now replaces the clock in tests.
	Now func() time.Time
	// Roots are the directories the server may use at the start; nil
	// means the current directory.
	Roots []string
	// Browser opens the URLs of URL-mode elicitations; nil looks for
	// xdg-open or open on PATH, and without either URLs are copied.
	Browser Browser
	// LogLevel is the log level the session asks for at the start
	// (--log-level), shown as current in the level picker.
	LogLevel string
	// Auth brings an HTTP server's OAuth flow to the auth screen; nil for
	// a server that needs none (stdio, --auth off).
	Auth *AuthBridge
	// Memory is what the workbench remembers of the server across
	// sessions (history, presets, last snapshot, collections); nil
	// remembers nothing.
	Memory Memory
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
	m := &Model{st: st, keys: newKeyMap(), connect: connect, target: target.Redact(opts.Target),
		command: opts.Command, serverName: opts.ServerName, now: now, stop: make(chan struct{}),
		send: func(tea.Msg) {}}
	m.timer = m.after
	m.log = log.NewStore()
	m.asks = newAsks()
	m.roots, m.bridge = newRootsStore(startRoots(opts.Roots)), opts.Auth
	m.register(opts)
	m.tools = m.screens.get(tools.ID).(*tools.Screen)
	m.logLevel()
	m.logScreen()
	m.authScreen()
	m.helpFor = m.allHelp()
	m.tasks, m.given = newTasks(), recall.NewGiven()
	m.mem = newMemState(opts.Memory)
	m.clip = clipboard.Find(os.Getenv, exec.LookPath)
	m.browser = opts.Browser
	if m.browser == nil {
		m.browser = systemBrowser()
	}
	m.handleResize(tea.WindowSizeMsg{Width: 100, Height: 30})
	m.layout()
	return m
}

// SetSender gives the model the program's Send, through which connection
// events and the auth flow's steps arrive from other goroutines. The
// steps reported before are delivered first.
func (m *Model) SetSender(send func(tea.Msg)) {
	m.send = send
	if b := m.bridge; b != nil {
		b.attach(send)
	}
}

// Init connects.
func (m *Model) Init() tea.Cmd { return m.startConnect() }

// Update dispatches a message to its handler, then lays the screen out
// for View and starts what the screen now needs (a tab's rendering, a
// status message's expiry).
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.dispatch(msg)
	return m, tea.Batch(cmd, m.layout())
}

func (m *Model) dispatch(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		return m.handleResize(msg)
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.MouseMsg:
		return m.handleMouse(msg)
	case tea.PasteMsg:
		if cmd, ok := m.stackMsg(msg); ok {
			return cmd
		}
		return m.forwardToFocus(msg)
	case connectedMsg:
		return m.handleConnected(msg)
	case toolsLoadedMsg:
		return m.handleToolsLoaded(msg)
	case hostsJudgedMsg:
		return m.handleHostsJudged(msg)
	case relistMsg:
		return m.handleRelist(msg)
	case eventMsg:
		return m.handleEvent(msg)
	case screen.Batch:
		return m.do(msg)
	case statusExpiredMsg:
		m.status.expire(msg)
		return nil
	}
	if cmd, ok := m.dispatchMemory(msg); ok {
		return cmd
	}
	return m.dispatchAsks(msg)
}

// dispatchAsks handles what the server asks and the screens that answer
// it without a modal (roots, the log level).
func (m *Model) dispatchAsks(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case askMsg:
		return m.handleAsk(msg)
	case askGoneMsg:
		return m.handleAskGone(msg)
	case sessionRestoredMsg:
		return m.handleSessionRestored(msg)
	case authWakeMsg:
		return m.handleAuthWake()
	}
	if cmd, ok := m.stackMsg(msg); ok {
		return cmd
	}
	return m.forwardToFocus(msg)
}

// startRoots are the roots the workbench starts with: the given ones, or
// the current directory.
func startRoots(dirs []string) []string {
	if dirs != nil {
		return dirs
	}
	if wd, err := os.Getwd(); err == nil {
		return []string{wd}
	}
	return nil
}

// View draws the whole screen.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "toolbench"
	return v
}

func (m *Model) handleResize(msg tea.WindowSizeMsg) tea.Cmd {
	m.width, m.height = msg.Width, msg.Height
	m.resizeAsk()
	m.resizeScreens()
	return nil
}

// quit ends the program; Run closes the session afterwards.
func (m *Model) quit() tea.Cmd {
	m.shutdown()
	return tea.Quit
}

// shutdown cancels the running call, refuses the questions still open and
// ends the model's timers.
func (m *Model) shutdown() {
	m.tools.CancelRunning()
	m.stopTaskWait()
	m.withdrawAsks(0)
	if !m.stopped {
		m.stopped = true
		close(m.stop)
	}
}

// after is the command that delivers msg after d, unless the program
// quits first. The model's timers are typed messages, so the program
// redraws only for a timer that is still wanted.
func (m *Model) after(d time.Duration, msg tea.Msg) tea.Cmd {
	stop := m.stop
	return func() tea.Msg {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
			return msg
		case <-stop:
			return nil
		}
	}
}

// Session returns the live session, if any, so the runner can close it.
func (m *Model) Session() Session { return m.conn.sess }

// background is the context for commands the model starts; cancellation is
// per command.
var background = context.Background()
