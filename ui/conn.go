package ui

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/explain"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screens/tools"
)

// connPhase is where the connection stands, shown in the header.
type connPhase int

const (
	phaseConnecting connPhase = iota
	phaseReady
	phaseError
	phaseClosed
	// phaseLost is a streamable HTTP session the server no longer knows:
	// the connection works, but nothing on the session will.
	phaseLost
)

// String is the phase in a word, as the header shows it.
func (p connPhase) String() string {
	return [...]string{"connecting", "ready", "error", "closed", "session lost"}[p]
}

// level is how the phase reads in the header.
func (p connPhase) level() render.Level {
	switch p {
	case phaseReady:
		return render.LevelOK
	case phaseError, phaseLost:
		return render.LevelError
	}
	return render.LevelWarn
}

// connState is the live connection and what is known about how it ended.
type connState struct {
	gen     int
	phase   connPhase
	sess    Session
	info    client.ServerInfo
	tport   target.Transport
	err     error
	stderr  []string
	listing bool  // a tools/list is on its way
	listErr error // why the last tools/list failed
	cancel  context.CancelFunc
	// retry marks a connection the person asked for again (the reconnect
	// key): its success replaces the "reconnecting…" status.
	retry bool
	// listDue is set while a burst of list_changed settles (relist.go);
	// relist when one arrived while a tools/list was on its way.
	listDue, relist bool
}

// startConnect opens a new connection generation; events and replies of
// older generations are dropped.
func (m *Model) startConnect() tea.Cmd {
	if m.conn.cancel != nil {
		m.conn.cancel()
	}
	if old := m.conn.sess; old != nil {
		go old.Close()
	}
	m.conn.gen++
	gen := m.conn.gen
	ctx, cancel := context.WithCancel(background)
	m.conn = connState{gen: gen, phase: phaseConnecting, cancel: cancel}
	if m.target != "" {
		m.log.Add(m.now(), "toolbench", "info", "connecting to "+m.target)
	}
	// Questions of the old connection will never be read.
	m.withdrawAsks(0)
	send, connect, answer := m.send, m.connect, m.answererFor(gen)
	return func() tea.Msg {
		sess, err := connect(ctx, func(e client.Event) { send(eventMsg{gen: gen, event: e}) }, answer)
		return connectedMsg{gen: gen, sess: sess, err: err}
	}
}

func (m *Model) handleConnected(msg connectedMsg) tea.Cmd {
	if msg.gen != m.conn.gen {
		if msg.sess != nil {
			go msg.sess.Close()
		}
		return nil
	}
	if msg.err != nil {
		m.conn.phase, m.conn.err = phaseError, msg.err
		m.setStatus(levelError, "could not connect: "+msg.err.Error()+" — "+m.keys.Global.Reconnect.Help().Key+" to retry")
		return nil
	}
	m.conn.phase, m.conn.sess = phaseReady, msg.sess
	m.conn.info, m.conn.tport = msg.sess.Info(), msg.sess.Transport()
	m.log.Add(m.now(), "toolbench", "info", fmt.Sprintf("connected to %s %s over %s", m.conn.info.Name, m.conn.info.Version, m.conn.tport))
	if m.conn.retry {
		m.setStatus(levelOK, "reconnected: a new session with "+m.conn.info.Name)
	}
	if info := m.conn.info; info.Decided != "" {
		// The CLI says this with -v; the workbench's log is where its
		// diagnostics go.
		m.log.Add(m.now(), "toolbench", "info", fmt.Sprintf("protocol %s (%s era): %s", info.ProtocolVersion, info.Era, info.Decided))
	}
	return tea.Batch(m.loadTools(), m.restoreSession())
}

// loadTools lists the tools of the current connection.
func (m *Model) loadTools() tea.Cmd {
	sess, gen := m.conn.sess, m.conn.gen
	if sess == nil {
		return nil
	}
	m.conn.listing = true
	return func() tea.Msg {
		tools, pages, err := sess.ListToolsPages(background)
		return toolsLoadedMsg{gen: gen, tools: tools, pages: pages, err: err}
	}
}

func (m *Model) handleToolsLoaded(msg toolsLoadedMsg) tea.Cmd {
	if msg.gen != m.conn.gen {
		return nil
	}
	m.conn.listing, m.conn.listErr = false, msg.err
	if msg.err != nil {
		m.setStatus(levelError, "list tools: "+msg.err.Error())
		m.requestFailed(msg.err)
		return nil
	}
	return tea.Batch(m.toTools(tools.Listed{Tools: msg.tools}), m.judgeHosts(msg.tools, msg.pages), m.compareTools(msg.tools),
		m.relistIfChanged())
}

// handleEvent takes an event of the connection: logs, progress, a changed
// tool list, or the end of the connection.
func (m *Model) handleEvent(msg eventMsg) tea.Cmd {
	if msg.gen != m.conn.gen {
		return nil
	}
	m.log.AddEvent(msg.event)
	switch e := msg.event.(type) {
	case client.ToolsChangedEvent:
		return m.toolsChanged()
	case client.TaskEvent:
		m.taskSeen(e.Task)
		return m.toTools(e)
	case client.ElicitationCompleteEvent:
		if w := m.asks.waiting; w != nil && w.id != "" && w.id == e.ElicitationID {
			m.asks.waiting = nil
			m.setStatus(levelOK, "the server says the URL elicitation is complete")
			if w.retry != nil {
				return m.retryAfterURL(w.retry)
			}
		}
	case client.ResourceUpdatedEvent, client.ListChangedEvent:
		return m.handleBeyondEvent(e)
	case client.ClosedEvent:
		m.withdrawAsks(0)
		if e.Err == nil {
			m.conn.phase = phaseClosed
			return nil
		}
		m.connectionBroke(e.Err)
	}
	return nil
}

// connectionBroke puts the workbench in the error state with err as the
// reason and offers a reconnect; tools, forms and results stay as they are.
func (m *Model) connectionBroke(err error) {
	m.conn.phase, m.conn.err = phaseError, err
	if m.conn.sess != nil {
		m.conn.stderr = m.conn.sess.StderrTail(8)
	}
	m.setStatus(levelError, err.Error()+" — "+m.keys.Global.Reconnect.Help().Key+" to reconnect")
}

// requestFailed takes what a failed request of the current connection
// says about the connection: a session the server no longer knows, or a
// lost streamable HTTP connection, ends the ready state.
func (m *Model) requestFailed(err error) {
	switch {
	case m.conn.phase != phaseReady:
	case errors.Is(err, client.ErrSessionLost):
		m.sessionLost(err)
	case lostConnection(err):
		m.connectionBroke(err)
	}
}

// sessionLost shows the session as lost, with the key that starts a new
// one; tools, forms and results stay as they are.
func (m *Model) sessionLost(err error) {
	m.conn.phase, m.conn.err = phaseLost, err
	m.setStatus(levelError, "session lost: the server restarted or ended it — "+
		render.FirstKey(m.keys.Global.Reconnect.Help().Key)+" to reconnect")
}

// reconnect starts over, keeping tools, forms and results.
func (m *Model) reconnect() tea.Cmd {
	m.tools.CancelRunning()
	m.setStatus(levelInfo, "reconnecting…")
	cmd := m.startConnect()
	m.conn.retry = true
	return cmd
}

// disconnect is the report on a broken connection for the detail pane;
// ok is false while the connection is fine.
func (m *Model) disconnect() (render.Disconnect, bool) {
	err := m.conn.err
	if (m.conn.phase != phaseError && m.conn.phase != phaseLost) || err == nil {
		return render.Disconnect{}, false
	}
	var ce *client.ConnectError
	return render.Disconnect{
		SessionLost: m.conn.phase == phaseLost,
		// Streamable HTTP has no connection to end: the session may live
		// on, but the server stopped answering one of its requests.
		Lost:      !errors.As(err, &ce) && lostConnection(err),
		Message:   err.Error(),
		Evidence:  evidenceLines(err, m.conn.stderr),
		Reconnect: m.keys.Global.Reconnect.Help().Key,
	}, true
}

// evidenceLines is what a failure left behind and the advice, in the
// explain package's sentences (the CLI's too), one line each. They go
// under the error's own message, so an authorization failure's sentence,
// which takes the message's place on the CLI, comes first. stderr is the
// session's tail, for an error that carries none.
func evidenceLines(err error, stderr []string) []string {
	w := explain.Error(err, stderr)
	var lines []string
	if explain.IsAuth(err) {
		lines = append(lines, w.Summary)
	}
	lines = append(lines, w.Evidence...)
	if w.Hint != "" {
		lines = append(lines, "hint: "+w.Hint)
	}
	return lines
}
