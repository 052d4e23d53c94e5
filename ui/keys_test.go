package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/ui/theme"
)

// keyMsg builds a key press from the notation msg.String() uses.
func keyMsg(k string) tea.KeyPressMsg {
	special := map[string]rune{"enter": tea.KeyEnter, "esc": tea.KeyEscape, "up": tea.KeyUp, "down": tea.KeyDown,
		"left": tea.KeyLeft, "right": tea.KeyRight, "tab": tea.KeyTab, "backspace": tea.KeyBackspace,
		"space": tea.KeySpace, "pgdown": tea.KeyPgDown, "pgup": tea.KeyPgUp, "home": tea.KeyHome, "end": tea.KeyEnd,
		"delete": tea.KeyDelete}
	var mod tea.KeyMod
	switch {
	case strings.HasPrefix(k, "shift+"):
		mod, k = tea.ModShift, strings.TrimPrefix(k, "shift+")
	case strings.HasPrefix(k, "ctrl+"):
		mod, k = tea.ModCtrl, strings.TrimPrefix(k, "ctrl+")
	case strings.HasPrefix(k, "alt+"):
		mod, k = tea.ModAlt, strings.TrimPrefix(k, "alt+")
	}
	if code, ok := special[k]; ok {
		if code == tea.KeySpace && mod == 0 {
			return tea.KeyPressMsg{Code: code, Text: " "}
		}
		return tea.KeyPressMsg{Code: code, Mod: mod}
	}
	r := []rune(k)[0]
	if mod != 0 {
		return tea.KeyPressMsg{Code: r, Mod: mod}
	}
	return tea.KeyPressMsg{Code: r, Text: k}
}

func stripANSI(s string) string { return ansi.Strip(s) }

func plainStyles() *theme.Styles { return theme.Plain() }
