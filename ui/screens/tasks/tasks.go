// Package tasks is the Tasks screen: the server's tasks (tasks/list, or
// the ones this session saw), each with its status, stamps and message;
// cancel one (tasks/cancel), look one up by id (tasks/get), and fetch a
// result (tasks/result), which goes to the Result tab of the tool that
// ran the task when the workbench knows it, else shows here.
package tasks

import (
	"context"
	"time"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
	"github.com/toolbench/toolbench/ui/widget"
)

// ID names the screen.
const ID screen.ID = "tasks"

// Session is what the screen needs of the live session.
type Session interface {
	// ListTasks lists the server's tasks (tasks/list); where the server
	// has no tasks/list it answers with the tasks this session saw, and
	// says so in TaskList.Listed.
	ListTasks(ctx context.Context) (client.TaskList, error)
	// GetTask asks the server for task id's state (tasks/get).
	GetTask(ctx context.Context, id string) (client.Task, error)
	// CancelTask asks the server to cancel task id (tasks/cancel) and
	// returns the task's state after it.
	CancelTask(ctx context.Context, id string) (client.Task, error)
	// TaskResult waits for task id's result (tasks/result) until it
	// ends or ctx is done; the task's questions reach the workbench as a
	// call's do.
	TaskResult(ctx context.Context, id string) (*client.CallResult, error)
}

// Deps are what the screen is given.
type Deps struct {
	// Styles draw it.
	Styles *theme.Styles
	// Session is the live session and its generation, or nil when none is
	// ready.
	Session func() (Session, int)
	// ToolOf names the tool task id ran, "" when this session did not
	// start it.
	ToolOf func(id string) string
	// Deliver hands task id's result to the tool that ran it, whose
	// Result tab shows it; ok is false when no tool of the list ran it,
	// and the screen shows the result itself.
	Deliver func(id string, res *client.CallResult) (cmd tea.Cmd, ok bool)
	// ResultLines renders a result shown on the screen at width. It is
	// called from a command, so it must share nothing with the UI.
	ResultLines func(res *client.CallResult, width int) []string
	// Evidence is what a failed request carries for the person to see
	// (the server's stderr, a hint).
	Evidence func(err error) []string
	// Now is the clock the tasks' ages are counted on.
	Now func() time.Time
}

// Screen is the Tasks screen.
type Screen struct {
	d    Deps
	keys Keys
	// rows are the tasks as last listed and seen since; list is where
	// the person is in them.
	rows []client.Task
	list widget.List
	// listed says the server listed rows (tasks/list); loaded that a
	// listing arrived; loading that one is on its way (seq tells the
	// newest).
	listed, loaded, loading bool
	seq                     int
	// confirm is the id of the task whose cancel waits for a yes.
	confirm string
	// typing is set while a task id is typed into input.
	typing bool
	input  textinput.Model
	// waiting is the id of the task whose result is awaited; stopWait
	// stops waiting, and waitSeq tells a stale answer.
	waiting  string
	stopWait context.CancelFunc
	waitSeq  int
	// failure is the last failed request of the screen, shown until the
	// next request.
	failure *render.Failure
	// lines are a task's result shown on the screen, when its tool is
	// not known; result scrolls them.
	lines    []string
	resultOf string
	result   widget.Viewport
	// width and height are the body's; headRows and heights place the
	// tasks in view (layout keeps them), tallest is the most rows a task
	// takes (measure keeps it); now is when the rows last changed.
	width, height int
	headRows      int
	heights       []int
	tallest       int
	now           time.Time
}

var _ screen.Screen = (*Screen)(nil)
var _ screen.Typer = (*Screen)(nil)

// New returns the screen, with no tasks until it lists them.
func New(d Deps) *Screen {
	ti := textinput.New()
	ti.Prompt = "task id: "
	ti.Placeholder = "the id the server gave the task"
	s := &Screen{d: d, keys: newKeys(), input: ti, list: widget.NewList("task", "id, status, tool or message"),
		result: widget.NewViewport(), width: 80, height: 24}
	s.layout()
	return s
}

// ID names the screen.
func (s *Screen) ID() screen.ID { return ID }

// Title names the screen.
func (s *Screen) Title() string { return "Tasks" }

// Typing reports whether a task id or the filter is being typed.
func (s *Screen) Typing() bool { return s.typing || s.list.Filtering() }

// Loading reports whether a listing is on its way.
func (s *Screen) Loading() bool { return s.loading }

// Failed reports whether the last request of the screen failed.
func (s *Screen) Failed() bool { return s.failure != nil }

// Waiting is the id of the task whose result is awaited, "" for none.
func (s *Screen) Waiting() string { return s.waiting }

// ShowsResult reports whether a task's result is shown on the screen.
func (s *Screen) ShowsResult() bool { return s.lines != nil }

// open lists the tasks afresh: the screen's answer to screen.Opened.
func (s *Screen) open() screen.Result { return s.listTasks() }

// Seen takes a task's newest state, from a call that runs as one or the
// server's notification: its row follows it, or a row is added.
func (s *Screen) Seen(t client.Task) {
	s.upsert(t)
	s.setRows(t.ID)
	s.layout()
}

// Stop stops waiting for a task's result, when the workbench ends.
func (s *Screen) Stop() {
	if s.stopWait != nil {
		s.stopWait()
		s.stopWait = nil
	}
}

// Update takes the screen's keys, the mouse, the body's size and the
// replies of its requests.
func (s *Screen) Update(msg tea.Msg) screen.Result {
	r := s.update(msg)
	s.layout()
	return r
}

func (s *Screen) update(msg tea.Msg) screen.Result {
	switch msg := msg.(type) {
	case screen.Opened:
		return s.open()
	case tea.WindowSizeMsg:
		s.width, s.height = msg.Width, msg.Height
		s.measure()
		return screen.Done(nil)
	case tea.KeyPressMsg:
		return s.key(msg)
	case tea.MouseWheelMsg:
		return s.wheel(msg)
	case tea.MouseClickMsg:
		return s.click(msg)
	case tea.PasteMsg:
		return s.paste(msg)
	}
	return s.reply(msg)
}

// upsert puts a task's newest state in its row, or adds a row for a task
// the screen has not seen yet.
func (s *Screen) upsert(t client.Task) {
	for i := range s.rows {
		if s.rows[i].ID == t.ID {
			s.rows[i] = t
			return
		}
	}
	s.rows = append(s.rows, t)
}

// setRows gives the list the rows' text, keeping the cursor on task keep.
// The tasks' ages are counted from now, when their states arrived.
func (s *Screen) setRows(keep string) {
	if s.d.Now != nil {
		s.now = s.d.Now()
	}
	hay := make([]string, len(s.rows))
	for i, t := range s.rows {
		hay[i] = t.ID + " " + t.Status + " " + s.toolOf(t.ID) + " " + t.StatusMessage
	}
	s.list.Set(hay, func(i int) bool { return s.rows[i].ID == keep })
	s.measure()
}

// selected is the task under the cursor, or nil.
func (s *Screen) selected() *client.Task {
	if i := s.list.Selected(); i >= 0 {
		return &s.rows[i]
	}
	return nil
}

func (s *Screen) toolOf(id string) string {
	if s.d.ToolOf == nil {
		return ""
	}
	return s.d.ToolOf(id)
}
