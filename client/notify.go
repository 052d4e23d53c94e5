package client

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/toolbench/toolbench/target"
)

// handleNotification turns a server notification into an Event, and feeds
// progress to the call that asked for it.
func (s *Session) handleNotification(n mcp.JSONRPCNotification) {
	params, err := json.Marshal(n.Params)
	if err != nil {
		params = []byte("{}")
	}
	now := time.Now()
	switch n.Method {
	case string(mcp.MethodNotificationProgress):
		var p struct {
			Token    any     `json:"progressToken"`
			Progress float64 `json:"progress"`
			Total    float64 `json:"total"`
			Message  string  `json:"message"`
		}
		_ = json.Unmarshal(params, &p)
		ev := ProgressEvent{At: now, Token: p.Token, Progress: p.Progress, Total: p.Total, Message: p.Message}
		s.deliverProgress(ev)
		s.emit(ev)
	case string(mcp.MethodNotificationMessage):
		var m struct {
			Level  string          `json:"level"`
			Logger string          `json:"logger"`
			Data   json.RawMessage `json:"data"`
		}
		_ = json.Unmarshal(params, &m)
		s.emit(LogEvent{At: now, Level: m.Level, Logger: m.Logger, Data: m.Data})
	case methodTaskStatus, methodTaskNotification:
		s.handleTaskNotification(now, params)
	case string(mcp.MethodNotificationToolsListChanged):
		s.emit(ToolsChangedEvent{At: now})
	case mcp.MethodNotificationResourceUpdated:
		var u struct {
			URI string `json:"uri"`
		}
		_ = json.Unmarshal(params, &u)
		s.emit(ResourceUpdatedEvent{At: now, URI: u.URI})
	case mcp.MethodNotificationResourcesListChanged:
		s.emit(ListChangedEvent{At: now, List: "resources"})
	case mcp.MethodNotificationPromptsListChanged:
		s.emit(ListChangedEvent{At: now, List: "prompts"})
	case mcp.MethodNotificationSubscriptionsAcknowledged:
		s.noteAcknowledgement(params)
		s.emit(NotificationEvent{At: now, Method: n.Method, Params: params})
	case string(mcp.MethodNotificationElicitationComplete):
		var c struct {
			ElicitationID string `json:"elicitationId"`
		}
		_ = json.Unmarshal(params, &c)
		// Unknown and already completed ids are ignored (2025-11-25,
		// client/elicitation).
		if s.calls.completeURLElicitation(c.ElicitationID) {
			s.emit(ElicitationCompleteEvent{At: now, ElicitationID: c.ElicitationID})
		}
	default:
		s.emit(NotificationEvent{At: now, Method: n.Method, Params: params})
	}
}

// watchProgress registers fn for progress notifications carrying a new
// token, and returns the token and a function that unregisters it.
func (s *Session) watchProgress(fn func(ProgressEvent)) (string, func()) {
	s.progressMu.Lock()
	defer s.progressMu.Unlock()
	s.nextToken++
	token := fmt.Sprintf("toolbench-%d", s.nextToken)
	s.progress[tokenKey(token)] = fn
	return token, func() {
		s.progressMu.Lock()
		delete(s.progress, tokenKey(token))
		s.progressMu.Unlock()
	}
}

func (s *Session) deliverProgress(ev ProgressEvent) {
	s.progressMu.Lock()
	fn := s.progress[tokenKey(ev.Token)]
	s.progressMu.Unlock()
	if fn != nil {
		fn(ev)
	}
}

// tokenKey compares tokens by their JSON form: a server may echo 7 as 7.0.
func tokenKey(token any) string {
	b, _ := json.Marshal(token)
	return string(b)
}

// DiagnosticEvent is something toolbench's own transport code noticed, such
// as an SSE stream error or a message it could not decode.
type DiagnosticEvent struct {
	At      time.Time
	Level   string
	Message string
}

// When implements Event.
func (e DiagnosticEvent) When() time.Time { return e.At }

// diagnosticHandler routes mcp-go's slog output into events: by default it
// would print to our stderr, over the TUI.
type diagnosticHandler struct {
	emit  func(Event)
	attrs []slog.Attr
}

// Enabled implements slog.Handler.
func (h diagnosticHandler) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelWarn }

// Handle implements slog.Handler.
func (h diagnosticHandler) Handle(_ context.Context, r slog.Record) error {
	var b strings.Builder
	b.WriteString(r.Message)
	add := func(a slog.Attr) bool {
		fmt.Fprintf(&b, " %s=%s", a.Key, redactedValue(a.Value))
		return true
	}
	for _, a := range h.attrs {
		add(a)
	}
	r.Attrs(add)
	h.emit(DiagnosticEvent{At: r.Time, Level: r.Level.String(), Message: b.String()})
	return nil
}

// redactedValue renders a logged value with the secrets of URLs in it
// redacted: mcp-go logs errors that name the URL a request went to.
func redactedValue(v slog.Value) string {
	v = v.Resolve()
	switch x := v.Any().(type) {
	case error:
		return redactErr(x).Error()
	case string:
		return target.Redact(x)
	case fmt.Stringer:
		return target.Redact(x.String())
	}
	return v.String()
}

// WithAttrs implements slog.Handler.
func (h diagnosticHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return diagnosticHandler{emit: h.emit, attrs: append(append([]slog.Attr(nil), h.attrs...), attrs...)}
}

// WithGroup implements slog.Handler; groups add nothing a person needs here.
func (h diagnosticHandler) WithGroup(string) slog.Handler { return h }

// maxOpenURLs bounds the URL elicitations remembered as open.
const maxOpenURLs = 64

// noteURLElicitation remembers the id of a URL-mode elicitation a answered
// with acceptance res.
func (t *callTable) noteURLElicitation(a Ask, res json.RawMessage) {
	if a.Kind != AskElicit {
		return
	}
	p, err := a.Elicitation()
	var r ElicitResult
	if err != nil || p.Mode != "url" || p.ElicitationID == "" || json.Unmarshal(res, &r) != nil || r.Action != "accept" {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.urls == nil || len(t.urls) >= maxOpenURLs {
		t.urls = map[string]bool{}
	}
	t.urls[p.ElicitationID] = true
}

// completeURLElicitation reports whether id names an open URL elicitation,
// and closes it.
func (t *callTable) completeURLElicitation(id string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	open := t.urls[id]
	delete(t.urls, id)
	return open
}
