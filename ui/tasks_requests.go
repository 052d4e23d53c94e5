package ui

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
)

// Messages of the Tasks screen's requests.
type (
	// tasksListedMsg is the outcome of listing tasks, request seq.
	tasksListedMsg struct {
		seq  int
		list client.TaskList
		err  error
	}
	// taskLookedUpMsg is the outcome of tasks/get for a typed id.
	taskLookedUpMsg struct {
		id   string
		task client.Task
		err  error
	}
	// taskCancelledMsg is the outcome of tasks/cancel.
	taskCancelledMsg struct {
		id   string
		task client.Task
		err  error
	}
	// taskResultMsg is the outcome of waiting for task id's result,
	// wait seq.
	taskResultMsg struct {
		seq    int
		id     string
		result *client.CallResult
		err    error
	}
	// taskResultShownMsg brings the rendering of a result shown on the
	// Tasks screen itself.
	taskResultShownMsg struct {
		seq   int
		id    string
		lines []string
	}
)

// dispatchTasks hands the messages of tasks and apps to their handlers;
// ok is false for any other message.
func (m *Model) dispatchTasks(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case taskStateMsg:
		return m.handleTaskState(msg), true
	case tasksListedMsg:
		return m.handleTasksListed(msg), true
	case taskLookedUpMsg:
		return m.handleTaskLookedUp(msg), true
	case taskCancelledMsg:
		return m.handleTaskCancelled(msg), true
	case taskResultMsg:
		return m.handleTaskResult(msg), true
	case taskResultShownMsg:
		return m.handleTaskResultShown(msg), true
	case appReadMsg:
		return m.handleAppRead(msg), true
	case appRenderedMsg:
		return m.handleAppRendered(msg), true
	}
	return nil, false
}

// taskSession is the live session for a request of the Tasks screen; nil
// with the reason on the screen when there is none.
func (m *Model) taskSession() Session {
	if m.conn.sess == nil || m.conn.phase != phaseReady {
		m.tasks.screen.failure = &render.Failure{Head: "Not connected",
			Message: "the tasks are the server's: " + m.keys.Global.Reconnect.Help().Key + " reconnects, and the screen stays"}
		return nil
	}
	m.tasks.screen.failure = nil
	return m.conn.sess
}

// listTasks lists the tasks (tasks/list, or the ones this session saw).
func (m *Model) listTasks() tea.Cmd {
	sess := m.taskSession()
	if sess == nil {
		return nil
	}
	s := &m.tasks.screen
	s.seq++
	s.loading = true
	seq := s.seq
	return func() tea.Msg {
		list, err := sess.ListTasks(background)
		return tasksListedMsg{seq: seq, list: list, err: err}
	}
}

func (m *Model) handleTasksListed(msg tasksListedMsg) tea.Cmd {
	s := &m.tasks.screen
	if msg.seq != s.seq {
		return nil
	}
	s.loading = false
	if msg.err != nil {
		s.failure = taskFailure("Listing the tasks failed", msg.err)
		return nil
	}
	keep := ""
	if t := s.selected(); t != nil {
		keep = t.ID
	}
	s.rows, s.listed, s.loaded = append([]client.Task(nil), msg.list.Tasks...), msg.list.Listed, true
	s.cursor = 0
	s.moveTo(keep)
	return nil
}

// lookUpTask asks the server for task id (tasks/get).
func (m *Model) lookUpTask(id string) tea.Cmd {
	sess := m.taskSession()
	if sess == nil {
		return nil
	}
	return func() tea.Msg {
		t, err := sess.GetTask(background, id)
		return taskLookedUpMsg{id: id, task: t, err: err}
	}
}

func (m *Model) handleTaskLookedUp(msg taskLookedUpMsg) tea.Cmd {
	s := &m.tasks.screen
	if msg.err != nil {
		s.failure = taskFailure("Looking up task "+msg.id+" failed", msg.err)
		return nil
	}
	s.failure = nil
	s.upsert(msg.task)
	s.moveTo(msg.task.ID)
	return nil
}

// cancelTask asks the server to cancel task id (tasks/cancel).
func (m *Model) cancelTask(id string) tea.Cmd {
	sess := m.taskSession()
	if sess == nil {
		return nil
	}
	m.setStatus(levelInfo, "cancelling task "+id+"…")
	return func() tea.Msg {
		t, err := sess.CancelTask(background, id)
		return taskCancelledMsg{id: id, task: t, err: err}
	}
}

func (m *Model) handleTaskCancelled(msg taskCancelledMsg) tea.Cmd {
	s := &m.tasks.screen
	if msg.err != nil {
		s.failure = taskFailure("Cancelling task "+msg.id+" failed", msg.err)
		return nil
	}
	s.failure = nil
	s.upsert(msg.task)
	m.setStatus(levelOK, fmt.Sprintf("task %s: %s", msg.task.ID, msg.task.Status))
	return nil
}

// fetchTaskResult waits for task id's result (tasks/result); the task's
// questions come as the calls' do, through the modals.
func (m *Model) fetchTaskResult(id string) tea.Cmd {
	s := &m.tasks.screen
	if s.waiting != "" {
		m.setStatus(levelInfo, "already waiting for task "+s.waiting+"; esc stops waiting")
		return nil
	}
	sess := m.taskSession()
	if sess == nil {
		return nil
	}
	ctx, cancel := context.WithCancel(background)
	s.waitSeq++
	s.waiting, s.stopWait = id, cancel
	seq := s.waitSeq
	return func() tea.Msg {
		res, err := sess.TaskResult(ctx, id)
		return taskResultMsg{seq: seq, id: id, result: res, err: err}
	}
}

// stopWaiting stops waiting for a task's result; the task runs on.
func (m *Model) stopWaiting() {
	s := &m.tasks.screen
	if s.stopWait != nil {
		s.stopWait()
	}
	m.setStatus(levelInfo, "stopped waiting for task "+s.waiting+"; it runs on at the server")
	s.waiting, s.stopWait = "", nil
	s.waitSeq++
}

func (m *Model) handleTaskResult(msg taskResultMsg) tea.Cmd {
	s := &m.tasks.screen
	if msg.seq != s.waitSeq {
		return nil
	}
	s.waiting, s.stopWait = "", nil
	if msg.err != nil {
		s.failure = taskFailure("Fetching the result of task "+msg.id+" failed", msg.err)
		return nil
	}
	if t := m.list.byName(m.tasks.tools[msg.id]); t != nil {
		return m.showTaskResult(t.Name, msg.result)
	}
	st, width, res, seq, id := m.st, m.width, msg.result, msg.seq, msg.id
	return func() tea.Msg {
		return taskResultShownMsg{seq: seq, id: id, lines: resultRows(st, nil, res, check.OutputVerdict{}, width)}
	}
}

func (m *Model) handleTaskResultShown(msg taskResultShownMsg) tea.Cmd {
	s := &m.tasks.screen
	if msg.seq != s.waitSeq {
		return nil
	}
	s.result, s.resultOf, s.offset = msg.lines, msg.id, 0
	return nil
}

// showTaskResult puts a task's result in its tool's Result tab, judged
// against the tool's outputSchema like a call's, and shows it there when
// the Tasks screen is still up; a person who went elsewhere meanwhile is
// only told where it is.
func (m *Model) showTaskResult(name string, res *client.CallResult) tea.Cmd {
	m.calls.seq++
	req := m.calls.seq
	tr := &toolResult{req: req, result: res}
	m.calls.results[name] = tr
	// The verdict's status message would hide where the result went.
	judged := m.tasks.screen.shown
	if judged {
		m.selectByName(name)
		m.tasks.screen.shown = false
		m.detail.tab, m.focus = tabResult, focusDetail
	} else {
		m.setStatus(levelInfo, "the task's result is in the Result tab of "+name)
	}
	var outputSchema []byte
	if t := m.list.byName(name); t != nil {
		outputSchema = t.OutputSchema
	}
	st, width := m.st, m.detailWidth()
	tr.width = width
	return func() tea.Msg {
		v := judgeResult(outputSchema, res)
		return resultReadyMsg{req: req, tool: name, verdict: v, lines: resultRows(st, nil, res, v, width), width: width, judged: judged}
	}
}

// selectByName puts the list's cursor on tool name, clearing a filter
// that hides it, and shows the tool.
func (m *Model) selectByName(name string) {
	m.list.reveal(name)
	m.syncDetail()
}

// taskFailure is a failed request of the Tasks screen as it explains it:
// what failed and the server's JSON-RPC error code in the banner, the
// server's words and the evidence below.
func taskFailure(head string, err error) *render.Failure {
	var rpc *client.RPCError
	if errors.As(err, &rpc) {
		head += fmt.Sprintf(" (JSON-RPC error %d)", rpc.Code)
	}
	return &render.Failure{Head: termsafe.Line(head), Message: err.Error(), Evidence: evidenceLines(err, nil)}
}
