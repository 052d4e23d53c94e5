package client

import (
	"encoding/json"
	"time"
)

// Resource is one entry of resources/list: the parsed fields for display,
// Raw exactly as sent.
type Resource struct {
	URI, Name, Title, Description, MIMEType string
	// Size is the size in bytes the server declared, nil when absent.
	Size *int64
	// Raw is the resource object as sent.
	Raw json.RawMessage
}

// ResourceTemplate is one entry of resources/templates/list.
type ResourceTemplate struct {
	// URITemplate is the RFC 6570 template as sent.
	URITemplate, Name, Title, Description, MIMEType string
	// Raw is the template object as sent.
	Raw json.RawMessage
}

// ReadResult is a resources/read result.
type ReadResult struct {
	// Contents are the result's contents in order; a text entry has Text,
	// a blob entry has Blob (base64, as sent).
	Contents []ResourceContents
	// Raw is the whole result as sent (the last round's on 2026-07-28).
	Raw      json.RawMessage
	Duration time.Duration
}

// Prompt is one entry of prompts/list.
type Prompt struct {
	Name, Title, Description string
	Arguments                []PromptArgument
	// Raw is the prompt object as sent.
	Raw json.RawMessage
}

// PromptArgument is one of a prompt's arguments.
type PromptArgument struct {
	Name, Title, Description string
	Required                 bool
}

// PromptResult is a prompts/get result.
type PromptResult struct {
	Description string
	Messages    []PromptMessage
	// Raw is the whole result as sent (the last round's on 2026-07-28).
	Raw json.RawMessage
}

// PromptMessage is one message of a prompt: a role and one content block
// (text, image, audio, resource_link or an embedded resource).
type PromptMessage struct {
	Role    string
	Content Content
}

// CompletionRef names what completion/complete completes an argument of:
// a prompt (Prompt set) or a resource template (URITemplate set).
type CompletionRef struct {
	Prompt      string
	URITemplate string
}

// Completion is a completion/complete result.
type Completion struct {
	Values []string
	// Total is the number of values the server has, nil when not said.
	Total   *int
	HasMore bool
}

// Task is a task's state as the server last reported it, on either era
// (2025-11-25 tasks, or the 2026-07-28 io.modelcontextprotocol/tasks
// extension).
type Task struct {
	ID            string
	Status        string
	StatusMessage string
	// CreatedAt and LastUpdatedAt are the server's ISO 8601 stamps,
	// parsed; zero when absent or unreadable.
	CreatedAt, LastUpdatedAt time.Time
	// TTL is how long the server keeps the task from its creation; nil
	// means unlimited.
	TTL *time.Duration
	// PollInterval is the server's suggested polling interval, 0 when it
	// suggested none.
	PollInterval time.Duration
	// Raw is the task object as last sent.
	Raw json.RawMessage
}

// Task statuses, on both eras.
const (
	TaskWorking       = "working"
	TaskInputRequired = "input_required"
	TaskCompleted     = "completed"
	TaskFailed        = "failed"
	TaskCancelled     = "cancelled"
)

// Terminal reports whether the task can no longer change.
func (t Task) Terminal() bool {
	return t.Status == TaskCompleted || t.Status == TaskFailed || t.Status == TaskCancelled
}

// TaskMode says whether a call is sent as a task.
type TaskMode int

const (
	// TaskAuto sends a call as a task when the tool requires it (legacy);
	// on 2026-07-28 the server decides, and a task answer is followed.
	TaskAuto TaskMode = iota
	// TaskForce sends the call task-augmented whenever the server accepts
	// tasks (--task), also for tools where tasks are optional.
	TaskForce
)

// CallOptions are CallToolWith's options beyond the tool and arguments.
type CallOptions struct {
	// OnProgress receives the call's progress notifications.
	OnProgress func(ProgressEvent)
	// Task chooses whether the call is sent as a task.
	Task TaskMode
	// OnTask receives the task's state each time it is seen (created,
	// polled, notified) while the call runs as one.
	OnTask func(Task)
}

// TaskList is what ListTasks found.
type TaskList struct {
	Tasks []Task
	// Listed is set when the server listed them (tasks/list, 2025-11-25);
	// otherwise they are the tasks this session created or looked up,
	// since 2026-07-28 has no tasks/list.
	Listed bool
	// Raw are the tasks/list results as sent, one per page; nil when not
	// Listed.
	Raw []json.RawMessage
}

// ResourceUpdatedEvent is a notifications/resources/updated for a
// subscribed resource, on either era.
type ResourceUpdatedEvent struct {
	At  time.Time
	URI string
}

// ListChangedEvent is a notifications/resources/list_changed or
// notifications/prompts/list_changed (tools keep ToolsChangedEvent).
type ListChangedEvent struct {
	At time.Time
	// List is "resources" or "prompts".
	List string
}

// TaskEvent is a task's state pushed by the server
// (notifications/tasks/status on 2025-11-25, notifications/tasks on
// 2026-07-28) or seen by a poll.
type TaskEvent struct {
	At   time.Time
	Task Task
}

// When implements Event.
func (e ResourceUpdatedEvent) When() time.Time { return e.At }

// When implements Event.
func (e ListChangedEvent) When() time.Time { return e.At }

// When implements Event.
func (e TaskEvent) When() time.Time { return e.At }
