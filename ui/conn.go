package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/target"
)

// connPhase is where the connection stands, shown in the header.
type connPhase int

const (
	phaseConnecting connPhase = iota
	phaseReady
	phaseError
	phaseClosed
)

func (p connPhase) String() string {
	return [...]string{"connecting", "ready", "error", "closed"}[p]
}

// connState is the live connection and what is known about how it ended.
type connState struct {
	gen    int
	phase  connPhase
	sess   Session
	info   client.ServerInfo
	tport  target.Transport
	err    error
	stderr []string
	cancel context.CancelFunc
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
	send, connect := m.send, m.connect
	return func() tea.Msg {
		sess, err := connect(ctx, func(e client.Event) { send(eventMsg{gen: gen, event: e}) })
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
		m.status.set(m.now(), levelError, "could not connect: "+firstLine(msg.err.Error())+" — alt+r to retry")
		return nil
	}
	m.conn.phase, m.conn.sess = phaseReady, msg.sess
	m.conn.info, m.conn.tport = msg.sess.Info(), msg.sess.Transport()
	m.log.add(m.now(), "toolbench", "info", fmt.Sprintf("connected to %s %s over %s", m.conn.info.Name, m.conn.info.Version, m.conn.tport))
	return m.loadTools()
}

// loadTools lists the tools of the current connection.
func (m *Model) loadTools() tea.Cmd {
	sess, gen := m.conn.sess, m.conn.gen
	if sess == nil {
		return nil
	}
	return func() tea.Msg {
		tools, err := sess.ListTools(background)
		return toolsLoadedMsg{gen: gen, tools: tools, err: err}
	}
}

func (m *Model) handleToolsLoaded(msg toolsLoadedMsg) tea.Cmd {
	if msg.gen != m.conn.gen {
		return nil
	}
	if msg.err != nil {
		m.status.set(m.now(), levelError, "list tools: "+firstLine(msg.err.Error()))
		return nil
	}
	m.list.setTools(msg.tools)
	m.detail.syncTools(m.st, msg.tools)
	m.syncDetail()
	return nil
}

// handleEvent takes an event of the connection: logs, progress, a changed
// tool list, or the end of the connection.
func (m *Model) handleEvent(msg eventMsg) tea.Cmd {
	if msg.gen != m.conn.gen {
		return nil
	}
	m.log.addEvent(msg.event)
	switch e := msg.event.(type) {
	case client.ToolsChangedEvent:
		m.status.set(m.now(), levelInfo, "the server changed its tools; reloading")
		return m.loadTools()
	case client.ClosedEvent:
		return m.handleClosed(e)
	}
	return nil
}

// handleClosed keeps everything the person did and offers a reconnect.
func (m *Model) handleClosed(e client.ClosedEvent) tea.Cmd {
	if e.Err == nil {
		m.conn.phase = phaseClosed
		return nil
	}
	m.connectionBroke(e.Err)
	return nil
}

// connectionBroke puts the workbench in the error state with err as the
// reason and offers a reconnect; tools, forms and results stay as they are.
func (m *Model) connectionBroke(err error) {
	m.conn.phase, m.conn.err = phaseError, err
	if m.conn.sess != nil {
		m.conn.stderr = m.conn.sess.StderrTail(8)
	}
	m.status.set(m.now(), levelError, firstLine(err.Error())+" — alt+r to reconnect")
}

// reconnect starts over, keeping tools, forms and results.
func (m *Model) reconnect() tea.Cmd {
	m.calls.cancelRunning()
	m.status.set(m.now(), levelInfo, "reconnecting…")
	return m.startConnect()
}

// disconnectReport explains a broken connection in the detail pane.
func (m *Model) disconnectReport() []string {
	if m.conn.phase != phaseError || m.conn.err == nil {
		return nil
	}
	var ce *client.ConnectError
	failedConnect := errors.As(m.conn.err, &ce)
	lost := !failedConnect && lostConnection(m.conn.err)
	head := "Disconnected: "
	if lost {
		// Streamable HTTP has no connection to end: the session may live
		// on, but the server stopped answering one of its requests.
		head = "Connection lost: "
	}
	lines := []string{m.st.Error.Render(head) + m.st.Text.Render(termsafe.Line(m.conn.err.Error()))}
	ev := client.EvidenceOf(m.conn.err)
	if failedConnect || lost {
		lines = append(lines, m.evidenceLines(ev, client.HintOf(m.conn.err))...)
	}
	stderr := ev.Stderr
	if len(stderr) == 0 {
		stderr = m.conn.stderr
	}
	if len(stderr) > 0 {
		lines = append(lines, m.st.Muted.Render("last lines of the server's stderr:"))
		for _, l := range stderr {
			lines = append(lines, m.st.Muted.Render("  "+termsafe.Line(l)))
		}
	}
	lines = append(lines, m.st.Key.Render("alt+r")+m.st.Help.Render(" reconnect · your forms and results are kept"))
	return lines
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// evidenceLines is what a failed connect or a lost request left behind,
// and the advice, as muted lines; stderr is shown by the caller.
func (m *Model) evidenceLines(ev client.Evidence, hint string) []string {
	var lines []string
	add := func(s string) { lines = append(lines, m.st.Muted.Render(termsafe.Line(s))) }
	if ev.Noise != "" {
		add(fmt.Sprintf("the server wrote non-JSON to stdout: %q", ev.Noise))
		add("stdout of a stdio server must carry only JSON-RPC messages; log to stderr instead")
	}
	if ev.Dropped != "" {
		add("toolbench dropped a frame that is not valid JSON-RPC 2.0: " + ev.Dropped)
	}
	if ev.Challenge != "" {
		add("the server's challenge: WWW-Authenticate: " + ev.Challenge)
	}
	if hint != "" {
		add("hint: " + hint)
	}
	return lines
}
