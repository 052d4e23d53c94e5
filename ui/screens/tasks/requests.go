package tasks

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
)

// Replies of the screen's requests, each tagged with the generation of
// the session that answered.
type (
	// listedMsg is the outcome of listing tasks, request seq.
	listedMsg struct {
		gen, seq int
		list     client.TaskList
		err      error
	}
	// lookedUpMsg is the outcome of tasks/get for a typed id.
	lookedUpMsg struct {
		gen  int
		id   string
		task client.Task
		err  error
	}
	// cancelledMsg is the outcome of tasks/cancel.
	cancelledMsg struct {
		gen  int
		id   string
		task client.Task
		err  error
	}
	// resultMsg is the outcome of waiting for task id's result, wait
	// seq.
	resultMsg struct {
		gen, seq int
		id       string
		result   *client.CallResult
		err      error
	}
	// resultShownMsg brings the rendering of a result shown on the
	// screen itself.
	resultShownMsg struct {
		seq   int
		id    string
		lines []string
	}
)

// reply takes the answer to one of the screen's requests; any other
// message is not the screen's.
func (s *Screen) reply(msg tea.Msg) screen.Result {
	switch msg := msg.(type) {
	case listedMsg:
		return s.handleListed(msg)
	case lookedUpMsg:
		return s.handleLookedUp(msg)
	case cancelledMsg:
		return s.handleCancelled(msg)
	case resultMsg:
		return s.handleResult(msg)
	case resultShownMsg:
		if msg.seq == s.waitSeq {
			s.lines, s.resultOf = msg.lines, msg.id
			s.result.ScrollTo(0)
		}
		return screen.Done(nil)
	}
	return screen.Unhandled()
}

// session is the live session for a request, or nil with the Result
// that says there is none.
func (s *Screen) session() (Session, int, screen.Result) {
	var sess Session
	gen := 0
	if s.d.Session != nil {
		sess, gen = s.d.Session()
	}
	if sess == nil {
		return nil, gen, screen.Done(nil, screen.NotConnected{Then: "the Tasks screen stays; r lists the tasks again"})
	}
	s.failure = nil
	return sess, gen, screen.Result{}
}

// stale reports whether a reply came from a session that is gone.
func (s *Screen) stale(gen int) bool {
	if s.d.Session == nil {
		return true
	}
	_, now := s.d.Session()
	return gen != now
}

// listTasks lists the tasks (tasks/list, or the ones this session saw).
func (s *Screen) listTasks() screen.Result {
	sess, gen, none := s.session()
	if sess == nil {
		return none
	}
	s.seq++
	s.loading = true
	seq := s.seq
	return screen.Done(func() tea.Msg {
		list, err := sess.ListTasks(context.Background())
		return listedMsg{gen: gen, seq: seq, list: list, err: err}
	})
}

func (s *Screen) handleListed(msg listedMsg) screen.Result {
	if msg.seq != s.seq {
		return screen.Done(nil)
	}
	s.loading = false
	if s.stale(msg.gen) {
		return screen.Done(nil)
	}
	if msg.err != nil {
		s.failure = s.explain("Listing the tasks failed", msg.err)
		return screen.Done(nil)
	}
	keep := ""
	if t := s.selected(); t != nil {
		keep = t.ID
	}
	s.rows, s.listed, s.loaded = append([]client.Task(nil), msg.list.Tasks...), msg.list.Listed, true
	s.setRows(keep)
	return screen.Done(nil)
}

// lookUp asks the server for task id (tasks/get).
func (s *Screen) lookUp(id string) screen.Result {
	sess, gen, none := s.session()
	if sess == nil {
		return none
	}
	return screen.Done(func() tea.Msg {
		t, err := sess.GetTask(context.Background(), id)
		return lookedUpMsg{gen: gen, id: id, task: t, err: err}
	})
}

func (s *Screen) handleLookedUp(msg lookedUpMsg) screen.Result {
	if s.stale(msg.gen) {
		return screen.Done(nil)
	}
	if msg.err != nil {
		s.failure = s.explain("Looking up task "+msg.id+" failed", msg.err)
		return screen.Done(nil)
	}
	s.failure = nil
	s.upsert(msg.task)
	s.list.SetFilter("")
	s.setRows(msg.task.ID)
	return screen.Done(nil)
}

// cancel asks the server to cancel task id (tasks/cancel).
func (s *Screen) cancel(id string) screen.Result {
	sess, gen, none := s.session()
	if sess == nil {
		return none
	}
	return screen.Done(func() tea.Msg {
		t, err := sess.CancelTask(context.Background(), id)
		return cancelledMsg{gen: gen, id: id, task: t, err: err}
	}, screen.Status{Level: render.LevelInfo, Text: "cancelling task " + termsafe.Line(id) + "…"})
}

func (s *Screen) handleCancelled(msg cancelledMsg) screen.Result {
	if s.stale(msg.gen) {
		return screen.Done(nil)
	}
	if msg.err != nil {
		s.failure = s.explain("Cancelling task "+msg.id+" failed", msg.err)
		return screen.Done(nil)
	}
	s.failure = nil
	s.Seen(msg.task)
	return screen.Done(nil, screen.Status{Level: render.LevelOK,
		Text: fmt.Sprintf("task %s: %s", termsafe.Line(msg.task.ID), termsafe.Line(msg.task.Status))})
}

// fetchResult waits for task id's result (tasks/result); the task's
// questions come as the calls' do, through the modals.
func (s *Screen) fetchResult(id string) screen.Result {
	if s.waiting != "" {
		return screen.Done(nil, screen.Status{Level: render.LevelInfo,
			Text: "already waiting for task " + termsafe.Line(s.waiting) + "; esc stops waiting"})
	}
	sess, gen, none := s.session()
	if sess == nil {
		return none
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.waitSeq++
	s.waiting, s.stopWait = id, cancel
	seq := s.waitSeq
	return screen.Done(func() tea.Msg {
		res, err := sess.TaskResult(ctx, id)
		return resultMsg{gen: gen, seq: seq, id: id, result: res, err: err}
	})
}

// stopWaiting stops waiting for a task's result; the task runs on.
func (s *Screen) stopWaiting() screen.Result {
	id := s.waiting
	s.Stop()
	s.waiting = ""
	s.waitSeq++
	return screen.Done(nil, screen.Status{Level: render.LevelInfo,
		Text: "stopped waiting for task " + termsafe.Line(id) + "; it runs on at the server"})
}

func (s *Screen) handleResult(msg resultMsg) screen.Result {
	if msg.seq != s.waitSeq {
		return screen.Done(nil)
	}
	s.waiting, s.stopWait = "", nil
	if s.stale(msg.gen) {
		return screen.Done(nil)
	}
	if msg.err != nil {
		s.failure = s.explain("Fetching the result of task "+msg.id+" failed", msg.err)
		return screen.Done(nil)
	}
	if s.d.Deliver != nil {
		if cmd, ok := s.d.Deliver(msg.id, msg.result); ok {
			return screen.Done(cmd)
		}
	}
	draw, width, res, seq, id := s.d.ResultLines, s.width, msg.result, msg.seq, msg.id
	return screen.Done(func() tea.Msg {
		lines := []string{}
		if draw != nil {
			lines = draw(res, width)
		}
		return resultShownMsg{seq: seq, id: id, lines: lines}
	})
}

// explain is a failed request as the screen shows it: what failed and
// the server's JSON-RPC error code in the banner, the server's words and
// the evidence below.
func (s *Screen) explain(head string, err error) *render.Failure {
	var rpc *client.RPCError
	if errors.As(err, &rpc) {
		head += fmt.Sprintf(" (JSON-RPC error %d)", rpc.Code)
	}
	f := &render.Failure{Head: termsafe.Line(head), Message: err.Error()}
	if s.d.Evidence != nil {
		f.Evidence = s.d.Evidence(err)
	}
	return f
}
