package client

import (
	"bytes"
	"encoding/json"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
)

// TasksExtension is the 2026-07-28 tasks extension's name, as declared in
// the client's per-request capabilities and the server's discover result.
const TasksExtension = "io.modelcontextprotocol/tasks"

// resultTypeTask is the resultType of a 2026-07-28 CreateTaskResult.
const resultTypeTask = "task"

// wireTask is a task object on either era: 2025-11-25 names the TTL and
// the poll interval ttl and pollInterval, the 2026-07-28 extension ttlMs
// and pollIntervalMs. Both are milliseconds; a null TTL means unlimited.
type wireTask struct {
	TaskID         string          `json:"taskId"`
	Status         string          `json:"status"`
	StatusMessage  string          `json:"statusMessage"`
	CreatedAt      string          `json:"createdAt"`
	LastUpdatedAt  string          `json:"lastUpdatedAt"`
	TTL            json.RawMessage `json:"ttl"`
	TTLMs          json.RawMessage `json:"ttlMs"`
	PollInterval   *float64        `json:"pollInterval"`
	PollIntervalMs *float64        `json:"pollIntervalMs"`
}

// parseTask reads a task object; ok is false when raw is not one (no
// taskId or no status).
func parseTask(raw json.RawMessage) (Task, bool) {
	var w wireTask
	if json.Unmarshal(raw, &w) != nil || w.TaskID == "" || w.Status == "" {
		return Task{}, false
	}
	t := Task{ID: w.TaskID, Status: w.Status, StatusMessage: w.StatusMessage,
		CreatedAt: parseStamp(w.CreatedAt), LastUpdatedAt: parseStamp(w.LastUpdatedAt),
		Raw: append(json.RawMessage(nil), raw...)}
	ttl := w.TTLMs
	if ttl == nil {
		ttl = w.TTL
	}
	var ms float64
	if ttl != nil && string(ttl) != "null" && json.Unmarshal(ttl, &ms) == nil {
		d := millis(ms)
		t.TTL = &d
	}
	switch {
	case w.PollIntervalMs != nil:
		t.PollInterval = millis(*w.PollIntervalMs)
	case w.PollInterval != nil:
		t.PollInterval = millis(*w.PollInterval)
	}
	return t, true
}

// millis turns a count of milliseconds into a duration; a negative one is
// none.
func millis(ms float64) time.Duration {
	if ms <= 0 {
		return 0
	}
	const most = float64(1<<62) / float64(time.Millisecond)
	if ms > most {
		ms = most
	}
	return time.Duration(ms * float64(time.Millisecond))
}

// parseStamp reads an ISO 8601 stamp; zero when unreadable.
func parseStamp(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t
}

// createdTask returns the task a tools/call result created: the task
// member of a 2025-11-25 CreateTaskResult (when the call was sent
// task-augmented), or a 2026-07-28 result whose resultType is "task".
func createdTask(raw json.RawMessage, augmented, modern bool) (Task, bool) {
	if raw == nil {
		return Task{}, false
	}
	if modern {
		var head struct {
			ResultType string `json:"resultType"`
		}
		if json.Unmarshal(raw, &head) != nil || head.ResultType != resultTypeTask {
			return Task{}, false
		}
		return parseTask(raw)
	}
	if !augmented {
		return Task{}, false
	}
	var res struct {
		Task json.RawMessage `json:"task"`
	}
	if json.Unmarshal(raw, &res) != nil || res.Task == nil {
		return Task{}, false
	}
	return parseTask(res.Task)
}

// taskBook is what a session knows of tasks: the task support of each
// tool from the last tools/list (2025-11-25), every task it created or
// looked up, in the order first seen, and the calls following a task, for
// the status notifications that concern them.
type taskBook struct {
	mu      sync.Mutex
	support map[string]string
	seen    map[string]Task
	order   []string
	watch   map[string]chan Task
	// calls are the calls following each task, for the server requests
	// that name the task in their related-task _meta.
	calls map[string]*inflight
	// poll overrides defaultTaskPoll in tests.
	poll time.Duration
	// ids numbers the requests toolbench sends itself (2026-07-28 tasks
	// methods, which mcp-go lacks).
	ids atomic.Int64
}

// pollDefault returns the poll interval used when the server suggests
// none.
func (b *taskBook) pollDefault() time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.poll > 0 {
		return b.poll
	}
	return defaultTaskPoll
}

// setSupport records the task support of the listed tools.
func (b *taskBook) setSupport(support map[string]string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.support = support
}

// supportOf returns a tool's task support; ok is false when the tool was
// not in the last listing.
func (b *taskBook) supportOf(tool string) (string, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	s, ok := b.support[tool]
	return s, ok
}

// maxKeptTasks bounds the tasks a session remembers: a long session
// against a server that makes a task of every call must not grow forever.
const maxKeptTasks = 1000

// note records t as the task's latest state.
func (b *taskBook) note(t Task) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.noteLocked(t)
}

// noteLocked is note with b.mu held.
func (b *taskBook) noteLocked(t Task) {
	if b.seen == nil {
		b.seen = map[string]Task{}
	}
	if _, ok := b.seen[t.ID]; !ok {
		if len(b.order) >= maxKeptTasks {
			delete(b.seen, b.order[0])
			b.order = b.order[1:]
		}
		b.order = append(b.order, t.ID)
	}
	b.seen[t.ID] = t
}

// all returns the tasks seen, oldest first.
func (b *taskBook) all() []Task {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]Task, 0, len(b.order))
	for _, id := range b.order {
		out = append(out, b.seen[id])
	}
	return out
}

// follow returns the channel on which the status notifications of task t
// arrive while call follows it, and the function that stops them. Only
// the latest state waits in the channel. A notification can overtake the
// answer that created the task: a state noted before and unlike t is put
// in the channel at once, so that the call looks again.
func (b *taskBook) follow(t Task, call *inflight) (<-chan Task, func()) {
	id := t.ID
	ch := make(chan Task, 1)
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.watch == nil {
		b.watch, b.calls = map[string]chan Task{}, map[string]*inflight{}
	}
	b.watch[id], b.calls[id] = ch, call
	if prev, ok := b.seen[id]; ok && string(prev.Raw) != string(t.Raw) {
		ch <- prev
	} else {
		b.noteLocked(t)
	}
	return ch, func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		if b.watch[id] == ch {
			delete(b.watch, id)
			delete(b.calls, id)
		}
	}
}

// relatedTaskKey is the _meta key that ties a message to a task
// (2025-11-25, basic/utilities/tasks).
const relatedTaskKey = "io.modelcontextprotocol/related-task"

// callOf returns the call following the task that a server request's
// params name in their related-task _meta, nil when none does.
func (b *taskBook) callOf(params json.RawMessage) *inflight {
	if !bytes.Contains(params, []byte(relatedTaskKey)) {
		return nil
	}
	var p struct {
		Meta map[string]struct {
			TaskID string `json:"taskId"`
		} `json:"_meta"`
	}
	if json.Unmarshal(params, &p) != nil {
		return nil
	}
	id := p.Meta[relatedTaskKey].TaskID
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.calls[id]
}

// deliver hands t to the call following it, replacing a state it has not
// read yet.
func (b *taskBook) deliver(t Task) {
	b.mu.Lock()
	ch := b.watch[t.ID]
	b.mu.Unlock()
	if ch == nil {
		return
	}
	select {
	case <-ch:
	default:
	}
	select {
	case ch <- t:
	default:
	}
}

// handleTaskNotification turns notifications/tasks/status (2025-11-25) or
// notifications/tasks (2026-07-28) into a TaskEvent and feeds the call
// following the task. Both carry the whole task as their params.
func (s *Session) handleTaskNotification(at time.Time, params json.RawMessage) {
	t, ok := parseTask(params)
	if !ok {
		s.emit(DiagnosticEvent{At: at, Level: "WARN", Message: "a task status notification without taskId and status: " + truncate(string(params), 200)})
		return
	}
	s.tasks.note(t)
	s.emit(TaskEvent{At: at, Task: t})
	s.tasks.deliver(t)
}

// Task status notification methods, by era.
const (
	methodTaskStatus       = string(mcp.MethodNotificationTasksStatus)
	methodTaskNotification = "notifications/tasks"
)
