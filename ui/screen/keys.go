package screen

import (
	"strings"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
)

// namedKeys are the keys bindings name by word.
var namedKeys = map[string]rune{
	"enter": tea.KeyEnter, "tab": tea.KeyTab, "backspace": tea.KeyBackspace, "esc": tea.KeyEscape,
	"space": tea.KeySpace, "up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
	"home": tea.KeyHome, "end": tea.KeyEnd, "pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown,
	"delete": tea.KeyDelete, "insert": tea.KeyInsert,
	"f1": tea.KeyF1, "f2": tea.KeyF2, "f3": tea.KeyF3, "f4": tea.KeyF4, "f5": tea.KeyF5, "f6": tea.KeyF6,
	"f7": tea.KeyF7, "f8": tea.KeyF8, "f9": tea.KeyF9, "f10": tea.KeyF10, "f11": tea.KeyF11, "f12": tea.KeyF12,
}

// Press is the key press a binding names ("ctrl+s", "alt+d", "enter",
// "R", "?"): how the palette and the chord-free keys replay a binding.
// ok is false for a name it does not know.
func Press(name string) (tea.KeyPressMsg, bool) {
	var k tea.Key
	rest := name
	for {
		switch {
		case strings.HasPrefix(rest, "ctrl+") && len(rest) > len("ctrl+"):
			k.Mod |= tea.ModCtrl
			rest = rest[len("ctrl+"):]
			continue
		case strings.HasPrefix(rest, "alt+") && len(rest) > len("alt+"):
			k.Mod |= tea.ModAlt
			rest = rest[len("alt+"):]
			continue
		case strings.HasPrefix(rest, "shift+") && len(rest) > len("shift+"):
			k.Mod |= tea.ModShift
			rest = rest[len("shift+"):]
			continue
		}
		break
	}
	if code, ok := namedKeys[rest]; ok {
		k.Code = code
		if code == tea.KeySpace && k.Mod == 0 {
			k.Text = " "
		}
		return tea.KeyPressMsg(k), true
	}
	r, size := utf8.DecodeRuneInString(rest)
	if r == utf8.RuneError || size != len(rest) {
		return tea.KeyPressMsg{}, false
	}
	k.Code = r
	if k.Mod == 0 {
		k.Text = rest
	}
	return tea.KeyPressMsg(k), true
}
