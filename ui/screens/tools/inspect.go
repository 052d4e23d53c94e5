package tools

// What a harness waits on before it looks: the screen's asynchronous
// work, which no drawing shows reliably, and the timers it must not feed
// back. Everything else a test checks it reads from the drawing or
// through the queries the root itself uses.

// Busy names what the screen waits for, "" for nothing: a call (unless
// calls is false), a tab's rendering, a result's judging or rendering,
// an app resource's read. A harness that settles the screen without
// sleeping waits until it is "".
func (s *Screen) Busy(calls bool) string {
	switch {
	case calls && s.calls.running != nil:
		return "a call"
	case len(s.views.pending) > 0:
		return "a tab's rendering"
	}
	for name, tr := range s.calls.results {
		if !tr.ready || tr.rendering {
			return "the result of " + name
		}
	}
	for name, a := range s.apps {
		if a.reading {
			return "the app resource of " + name
		}
	}
	return ""
}

// Ticks reports whether msg is one of the screen's timers (a running
// call's clock), which a harness drops: fed back, each only starts the
// next.
func Ticks(msg any) bool {
	_, ok := msg.(clockMsg)
	return ok
}
