package tools

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

// ID names the tools screen.
const ID screen.ID = "tools"

// Session is what the tools screen needs of the live session: calling a
// tool, and reading a tool's ui:// app resource. Both are called from
// commands, never from Update or View.
type Session interface {
	// CallToolWith calls a tool with arguments as JSON; opts report its
	// progress and, when it runs as a task, the task's states.
	CallToolWith(ctx context.Context, name string, args []byte, opts client.CallOptions) (*client.CallResult, error)
	// ReadResource is resources/read.
	ReadResource(ctx context.Context, uri string) (*client.ReadResult, error)
}

// Conn is the connection as the detail pane tells it when no tool is
// shown, and the report on a broken one above every tool.
type Conn struct {
	// Connecting is set while the first contact is made with Target.
	Connecting bool
	Target     string
	// Listing is set while a tools/list is on its way; ListErr is why the
	// last one failed.
	Listing bool
	ListErr error
	// Disconnect, when not nil, is the report on a broken connection.
	Disconnect *render.Disconnect
}

// Ended is a call's end as the root needs it: to withdraw the questions
// the call brought, record it in the history and judge what its error
// says about the connection.
type Ended struct {
	// Req numbers the call; Gen is the connection it was made on.
	Req, Gen int
	Tool     string
	Args     []byte
	Start    time.Time
	Result   *client.CallResult
	Err      error
}

// Deps is what the tools screen is given by the root. Every func is
// called on the UI goroutine, from Update.
type Deps struct {
	Styles *theme.Styles
	// Session is the live session and its generation; nil while there is
	// none ready.
	Session func() (Session, int)
	// Conn is the connection's state for the detail pane.
	Conn func() Conn
	// Send delivers a call's progress and task states from the session's
	// goroutines.
	Send func(tea.Msg)
	// Now is the clock; Timer delivers msg after d (the running call's
	// clock).
	Now   func() time.Time
	Timer func(d time.Duration, msg tea.Msg) tea.Cmd
	// CancelKey names the key that cancels the running call where the
	// person is (a question's modal takes esc for itself).
	CancelKey func() string
	// Evidence explains a failure as the workbench does everywhere.
	Evidence func(err error, stderr []string) []string
	// Command writes the shell command line that repeats a call; nil when
	// the workbench cannot write one.
	Command func(tool string, args []byte) (line string, vars []string)
	// Ended is told of every call's end; Judged of the verdict of a call
	// with a result (req as in Ended); TaskSeen of each state of the task
	// a call runs as.
	Ended    func(e Ended) tea.Cmd
	Judged   func(req int, v check.OutputVerdict) tea.Cmd
	TaskSeen func(tool string, task client.Task)
	// OpenLinks reads one of a result's resource links on the resources
	// screen (asking which when there are several); SaveTest opens the
	// saving of the shown tool's last call as a test.
	OpenLinks func(uris []string) tea.Cmd
	SaveTest  func() tea.Cmd
	// LogScreen is the protocol log's screen, opened by the list's key.
	LogScreen screen.ID
	// Shared are the root's keys the screen's hints name.
	Shared SharedKeys
}

// focus says which pane takes keys.
type focus int

const (
	focusList focus = iota
	focusDetail
)

// Screen is the tool list and the selected tool's detail, side by side:
// the workbench's base screen. It is made once and lives as long as the
// workbench, so forms, results and renderings survive reconnects.
type Screen struct {
	d      Deps
	st     *theme.Styles
	keys   KeyMap
	list   List
	detail detail
	views  viewCache
	// hosts is the Hosts tab's report and cursor.
	hosts hostsTab
	calls calls
	apps  map[string]*appRead
	// force holds the task-optional tools called as tasks.
	force map[string]bool
	focus focus
	// width and height are the body's, as the root last said.
	width, height int
	// acts are the Actions the handler of the message in Update asked for.
	acts []screen.Action
}

// New returns the tools screen with no tools yet.
func New(d Deps) *Screen {
	s := &Screen{d: d, st: d.Styles, keys: NewKeyMap(), detail: newDetail(), views: newViewCache(), calls: newCalls(),
		apps: map[string]*appRead{}, force: map[string]bool{}}
	s.list = NewList(s.keys.listKeys())
	return s
}

// ID names the screen.
func (s *Screen) ID() screen.ID { return ID }

// Title is the screen's name in the header's screen row.
func (s *Screen) Title() string { return "Tools" }

// Update takes a key, a mouse event (rows from the body's top), the
// body's size, the root's requests (Listed, Call, Load, TaskResult,
// Cancel, HostsJudged, ShowHosts, ShowList, Forward, a client.TaskEvent)
// and the replies of the
// screen's commands; any other message is left unhandled.
func (s *Screen) Update(msg tea.Msg) screen.Result {
	cmd, ok := s.handle(msg)
	acts := s.acts
	s.acts = nil
	if !ok && len(acts) == 0 {
		return screen.Result{Cmd: cmd}
	}
	return screen.Result{Handled: ok, Cmd: cmd, Actions: acts}
}

// status asks the root to show text at level.
func (s *Screen) status(level render.Level, text string) {
	s.acts = append(s.acts, screen.Status{Level: level, Text: text})
}

// session is the live session, or nil after asking the root to say
// there is none; then says what becomes of the person's work meanwhile.
func (s *Screen) session(then string) (Session, int) {
	sess, gen := s.d.Session()
	if sess == nil {
		s.acts = append(s.acts, screen.NotConnected{Then: then})
	}
	return sess, gen
}

// evidence explains err as the workbench does.
func (s *Screen) evidence(err error, stderr []string) []string { return s.d.Evidence(err, stderr) }

// background is the context of the screen's commands; cancellation is
// per command.
var background = context.Background()
