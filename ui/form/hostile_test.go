package form

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/hostile"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/ui/theme"
)

// TestHostileForm edits the hostile fixture's input schema (hostile titles,
// descriptions, property names, enum values and labels, defaults, examples,
// formats and map keys) in the default theme: every view and preview may
// hold SGR styling and nothing else a terminal acts on, fit the pane, and
// show the payload escaped.
func TestHostileForm(t *testing.T) {
	t.Parallel()
	st := theme.New(theme.DefaultPalette(true))
	for _, p := range hostile.Payloads() {
		t.Run(p.ID, func(t *testing.T) {
			if p.ID == "long" && fixture.RaceDetector {
				t.Skip("the 100,000-character payload runs without -race")
			}
			t.Parallel()
			in, _ := hostile.Schemas(p)
			for _, size := range [][2]int{{60, 20}, {100, 30}} {
				f, err := schemaform.Compile(in)
				if err != nil {
					t.Fatal(err)
				}
				m := New(f, st)
				m.SetSize(size[0], size[1])
				m.SetTitle(hostile.ToolName(hostile.ResultTool, p))
				c := &hostileForm{t: t, m: m, w: size[0], h: size[1], p: p}
				c.walk()
			}
		})
	}
}

// hostileForm drives one editor through its screens.
type hostileForm struct {
	t    *testing.T
	m    *Model
	w, h int
	p    hostile.Payload
}

// look checks the view and the preview beside it; want are texts the view
// must show.
func (c *hostileForm) look(label string, want ...string) {
	c.t.Helper()
	label = fmt.Sprintf("%s %dx%d: %s", c.p.ID, c.w, c.h, label)
	v := c.m.View()
	checkLines(c.t, label, v, c.w, c.h)
	checkLines(c.t, label+" (preview)", c.m.Preview(c.w/2), c.w/2, 0)
	plain := ansi.Strip(v)
	for _, w := range want {
		if !strings.Contains(plain, w) {
			c.t.Errorf("%s: the view does not show %q:\n%s", label, w, plain)
		}
	}
}

// checkLines reports leaks, lines wider than width and, when height > 0,
// more lines than height.
func checkLines(t *testing.T, label, out string, width, height int) {
	t.Helper()
	for _, leak := range hostile.ScreenLeaks(out, true) {
		t.Errorf("%s: %s", label, leak)
	}
	lines := strings.Split(out, "\n")
	if height > 0 && len(lines) > height {
		t.Errorf("%s: %d lines in a %d-line pane", label, len(lines), height)
	}
	for i, l := range lines {
		if w := hostile.ScreenWidth(l); w > width {
			t.Errorf("%s: line %d is %d cells wide in a %d-cell pane: %.120q", label, i, w, width, ansi.Strip(l))
		}
	}
}

// jump selects the field at the property path, escaped as a pointer.
func (c *hostileForm) jump(keys ...string) bool {
	c.t.Helper()
	var ptr strings.Builder
	for _, k := range keys {
		ptr.WriteString("/" + strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1"))
	}
	if !c.m.JumpTo(ptr.String()) {
		c.t.Errorf("%s: no field %q", c.p.ID, ptr.String())
		return false
	}
	return true
}

func (c *hostileForm) walk() {
	m, s, shown := c.m, c.p.Text, c.p.Shown
	option := shown[:min(len(shown), 5)]
	c.look("root", "PT"+shown)
	for i := range 13 {
		press(m, "down")
		c.look(fmt.Sprintf("row %d", i+2))
	}
	for _, o := range []struct {
		label string
		key   string
		want  string
	}{
		{"editing a hostile default", "k" + s, ""},
		{"enum list", "choice", "E" + option},
		{"enumNames list", "legacy", "EN" + option},
		{"oneOf titles", "variant", "OT" + option},
		{"multi-select ticks", "tags", "M" + option},
		{"subform", "nested", "IT" + shown},
		{"$defs subform", "ref", "DPT" + shown},
		{"anyOf variant", "shape", "UPT" + shown},
		{"example placeholder", "example", ""},
	} {
		if c.jump(o.key) {
			press(m, "enter")
			c.look(o.label, nonEmpty(o.want)...)
			press(m, "esc")
		}
	}
	if c.jump("k" + s) {
		press(m, "ctrl+f")
		c.look("hostile default set", "DEF"+shown)
		press(m, "enter")
		c.look("hostile value edited as JSON")
		press(m, "esc")
	}
	// Text a person pastes is theirs, not the server's: huh's input drops
	// its C0 controls but shows bidi controls as they are while it has
	// focus, so only the value it leaves behind is checked.
	if c.jump("example") {
		m.Update(tea.PasteMsg{Content: "PASTE" + s})
		press(m, "esc")
		c.look("pasted value", "PASTE")
	}
	if c.jump("items") {
		press(m, "enter", "ctrl+a")
		c.look("list item", "XT"+shown)
		press(m, "esc")
		c.look("list with an item")
		press(m, "esc")
	}
	if c.jump("map") {
		press(m, "ctrl+f", "enter")
		c.look("map entries", "mk"+shown)
		press(m, "ctrl+a")
		m.Update(tea.PasteMsg{Content: "KEY" + s})
		press(m, "enter")
		c.look("hostile key added")
		press(m, "esc")
	}
	press(m, "ctrl+e")
	c.look("example filled")
	press(m, "ctrl+u", "ctrl+s")
	c.look("send anyway?")
	press(m, "n")
	for i := range 13 {
		press(m, "up")
		c.look(fmt.Sprintf("problems, row %d from the end", i+1))
	}
}

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}
