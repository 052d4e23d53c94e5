package ui

import (
	"fmt"
	"sort"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/internal/plural"
)

// sessionRestoredMsg is how a new session took what the old one had been
// asked: the log level and the resource subscriptions.
type sessionRestoredMsg struct {
	gen   int
	level string
	// levelErr is why the level was refused; renewed are the URIs
	// subscribed again, and failed says why the others were not.
	levelErr error
	renewed  []string
	failed   map[string]error
}

// restoreSession asks a new session for what the person had asked of the
// one before it: a server forgets its client's log level and
// subscriptions with the session, while the picker and the resources
// screen still show them in effect.
func (m *Model) restoreSession() tea.Cmd {
	sess, gen, level, uris := m.conn.sess, m.conn.gen, m.logLevel().Current(), m.subscriptions()
	if sess == nil || level == "" && len(uris) == 0 {
		return nil
	}
	return func() tea.Msg {
		msg := sessionRestoredMsg{gen: gen, level: level, failed: map[string]error{}}
		if level != "" {
			msg.levelErr = sess.SetLogLevel(background, level)
		}
		for _, uri := range uris {
			if err := sess.Subscribe(background, uri); err != nil {
				msg.failed[uri] = err
				continue
			}
			msg.renewed = append(msg.renewed, uri)
		}
		return msg
	}
}

// handleSessionRestored keeps in effect only what the new session took,
// and says in the log and the status what was restored and what not.
func (m *Model) handleSessionRestored(msg sessionRestoredMsg) tea.Cmd {
	if msg.gen != m.conn.gen {
		return nil
	}
	var done, failed []string
	switch {
	case msg.level == "":
	case msg.levelErr != nil:
		m.logLevel().Forget()
		failed = append(failed, "log level "+msg.level+": "+msg.levelErr.Error())
	default:
		done = append(done, "log level "+msg.level)
	}
	if n := len(msg.renewed); n > 0 {
		done = append(done, fmt.Sprintf("%s (%s)", plural.Count(n, "subscription"), strings.Join(msg.renewed, ", ")))
	}
	uris := make([]string, 0, len(msg.failed))
	for uri := range msg.failed {
		uris = append(uris, uri)
	}
	sort.Strings(uris)
	for _, uri := range uris {
		m.lostSubscription(uri)
		failed = append(failed, msg.failed[uri].Error())
	}
	if len(done) > 0 {
		line := "restored on the new session: " + strings.Join(done, ", ")
		m.log.Add(m.now(), "toolbench", "info", line)
		m.setStatus(levelOK, line)
	}
	if len(failed) > 0 {
		line := "not restored on the new session: " + strings.Join(failed, "; ")
		m.log.Add(m.now(), "toolbench", "warning", line)
		m.setStatus(levelError, line)
	}
	return nil
}
