package ui

import (
	"errors"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/screens/log"
	"github.com/toolbench/toolbench/ui/screens/palette"
	"github.com/toolbench/toolbench/ui/screens/tools"
)

// This file ties the tools screen (ui/screens/tools), the base of the
// stack, to what the root owns: the session and the connection's state,
// the questions a call brings, the history that records calls, the Tasks
// screen, and the resources screen a result's link opens.

// newTools makes the tools screen.
func (m *Model) newTools() screen.Screen {
	return tools.New(tools.Deps{Styles: m.st, Send: func(msg tea.Msg) { m.send(msg) },
		Now: func() time.Time { return m.now() }, Timer: m.screenTimer, Command: m.command,
		Session: func() (tools.Session, int) {
			if s := m.liveSession(); s != nil {
				return s, m.conn.gen
			}
			return nil, m.conn.gen
		},
		Conn:      m.toolsConn,
		CancelKey: m.cancelKey,
		Evidence:  evidenceLines,
		Ended:     m.callEnded,
		Judged:    m.finishRecord,
		TaskSeen: func(tool string, task client.Task) {
			m.tasks.tools[task.ID] = tool
			m.taskSeen(task)
		},
		OpenLinks: m.openLinks,
		SaveTest:  m.openSaveTest,
		LogScreen: log.ID,
		Shared: tools.SharedKeys{Log: m.keys.Global.Log, SaveTest: m.keys.Mem.Memory.SaveTest,
			MemoryHelp: titleMemory},
	})
}

// toolsConn is the connection as the tools screen's detail pane tells it.
func (m *Model) toolsConn() tools.Conn {
	c := tools.Conn{Connecting: m.conn.phase == phaseConnecting, Target: m.target, Listing: m.conn.listing,
		ListErr: m.conn.listErr}
	if d, ok := m.disconnect(); ok {
		c.Disconnect = &d
	}
	return c
}

// cancelKey names the key that cancels the running call: in a question's
// modal esc belongs to the modal, and the call is cancelled with its own
// key there.
func (m *Model) cancelKey() string {
	cancel := m.keys.Global.Cancel
	if m.asks.open() || m.asks.waiting != nil {
		cancel = m.keys.Ask.CancelCall
	}
	return render.FirstKey(cancel.Help().Key)
}

// callEnded takes a call's end: the questions it brought die with it,
// the history records it, and a failure is said on the status line along
// with what it tells of the connection (a -32042 is shown and answered as
// a URL-mode request is).
func (m *Model) callEnded(e tools.Ended) tea.Cmd {
	m.withdrawAsks(e.Req)
	next := m.showNextAsk()
	m.given.Ended(e.Req, e.Tool)
	next = tea.Batch(next, m.rememberCall(e))
	if e.Err == nil {
		return next
	}
	level := levelError
	if errors.Is(e.Err, client.ErrCancelled) {
		level = levelInfo
	}
	m.setStatus(level, e.Err.Error())
	if e.Gen == m.conn.gen {
		m.requestFailed(e.Err)
		if u, ok := client.URLRequiredOf(e.Err); ok {
			return tea.Batch(next, m.askURLRequired(e.Tool, e.Args, u))
		}
	}
	return next
}

// openLinks reads one of a result's resource links on the resources
// screen; of several, the person picks one in the palette's list.
func (m *Model) openLinks(uris []string) tea.Cmd {
	if len(uris) == 1 {
		return m.do(readResource(uris[0]))
	}
	cmds := make([]palette.Command, len(uris))
	for i, uri := range uris {
		cmds[i] = palette.Command{Title: termsafe.Line(uri), Section: fmt.Sprintf("link %d of %d", i+1, len(uris)),
			Action: readResource(uri)}
	}
	p := palette.New(m.st, "Resource links", cmds)
	p.Update(tea.WindowSizeMsg{Width: m.width, Height: m.bodyHeight()})
	m.stack.Push(p)
	return p.Init()
}

// toTools hands msg to the tools screen and carries out what it asks.
func (m *Model) toTools(msg tea.Msg) tea.Cmd { return m.apply(m.tools.Update(msg)) }

// lostConnection reports a call that lost its streamable HTTP connection.
// No ClosedEvent tells of it, as the session object lives on; but the
// server crashed, restarted or was cut off by a proxy, so the workbench
// treats it as a broken connection and offers the reconnect. An error that
// wraps ErrClosed is left to the ClosedEvent that comes with it.
func lostConnection(err error) bool {
	return errors.Is(err, client.ErrConnectionLost) && !errors.Is(err, client.ErrClosed)
}
