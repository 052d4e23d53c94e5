package ui

// hideScreens closes every screen that takes the whole body (auth,
// tasks, resources, prompts) and the pickers over them (roots, log
// level), so that the screen being opened is the one shown and the one
// its keys reach: the screens' flags are separate, and two set at once
// would draw one and send keys to another.
func (m *Model) hideScreens() {
	m.stack.Clear()
	m.hideLegacyScreens()
	m.raiseAsk()
}

// hideLegacyScreens closes the screens that are not yet on the stack.
func (m *Model) hideLegacyScreens() {
}

// fullScreenShown reports whether a screen that takes the whole body is
// shown.
func (m *Model) fullScreenShown() bool {
	return m.stack.Len() > 0
}

// readySession is the live session, or nil after saying on the status
// line that there is none and how to get one back; then, when not empty,
// says what becomes of the person's work meanwhile.
func (m *Model) readySession(then string) Session {
	if m.conn.sess != nil && m.conn.phase == phaseReady {
		return m.conn.sess
	}
	msg := "not connected — " + m.keys.Global.Reconnect.Help().Key + " to reconnect"
	if then != "" {
		msg += "; " + then
	}
	m.setStatus(levelError, msg)
	return nil
}
