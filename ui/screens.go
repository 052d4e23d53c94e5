package ui

// hideScreens closes every screen that takes the whole body (auth,
// tasks, resources, prompts) and the pickers over them (roots, log
// level), so that the screen being opened is the one shown and the one
// its keys reach: the screens' flags are separate, and two set at once
// would draw one and send keys to another.
func (m *Model) hideScreens() {
	m.showRoots, m.showLevel = false, false
	m.tasks.screen.shown, m.resources.shown, m.prompts.shown = false, false, false
	if m.auth.shown {
		m.auth.shown = false
		m.closedAuth()
	}
}

// fullScreenShown reports whether a screen that takes the whole body is
// shown.
func (m *Model) fullScreenShown() bool {
	return m.auth.shown || m.tasks.screen.shown || m.resources.shown || m.prompts.shown
}
