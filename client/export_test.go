package client

import "time"

// SetRequestTimeout changes the per-request timeout of a connected session.
// Tests that time calls out in a few hundred milliseconds connect with room
// to spare first: on a loaded machine starting a server can take longer than
// the call's timeout, and that is not what they test.
func SetRequestTimeout(s *Session, d time.Duration) { s.opts.Timeout = d }

// SetAnswerWait changes how long a streamable HTTP session leaves an answer
// to a server request to mcp-go before posting it itself.
func SetAnswerWait(s *Session, d time.Duration) { s.answerWait = d }

// GETStreamOpen reports whether an HTTP session's server answered its GET
// with an event stream: a legacy server's notifications outside a request
// arrive there, and are lost to a test that calls before it is open.
func GETStreamOpen(s *Session) bool { return s.probe != nil && s.probe.openedStream() }

// SetTaskPoll changes how often a session polls a task whose server
// suggests no interval.
func SetTaskPoll(s *Session, d time.Duration) {
	s.tasks.mu.Lock()
	s.tasks.poll = d
	s.tasks.mu.Unlock()
}

// SetMaxDuration changes the maximum duration of a connected session's
// requests.
func SetMaxDuration(s *Session, d time.Duration) { s.opts.MaxDuration = d }
