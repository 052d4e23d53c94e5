package form

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/ui/theme"
)

// huhTheme dresses huh fields in toolbench's styles. Frames, titles and
// help are the editor's own, so fields get no border or padding. The
// styles are built once: huh asks for its theme on every render.
func huhTheme(st *theme.Styles) huh.Theme {
	var f huh.FieldStyles
	f.Base = lipgloss.NewStyle()
	f.Card = f.Base
	// The editor's fields have no titles, but huh's select measures its
	// title line even when it draws none: a styled empty title is escape
	// codes, not "", and would take the line of the last choice.
	f.Title, f.NoteTitle, f.Description = lipgloss.NewStyle(), st.Heading, st.Muted
	f.ErrorIndicator, f.ErrorMessage = st.Error.SetString(" *"), st.Error
	f.SelectSelector = st.Accent.SetString("› ")
	f.MultiSelectSelector = st.Accent.SetString("› ")
	f.Option, f.UnselectedOption = st.Text, st.Text
	f.SelectedOption = st.Accent
	f.NextIndicator = st.Accent.MarginLeft(1).SetString("→")
	f.PrevIndicator = st.Accent.MarginRight(1).SetString("←")
	f.SelectedPrefix = st.OK.SetString("[x] ")
	f.UnselectedPrefix = st.Muted.SetString("[ ] ")
	// The marker says which button is on even without colour.
	f.FocusedButton = st.Selected.SetString("●").MarginRight(1)
	f.BlurredButton = st.Muted.SetString("○").MarginRight(1)
	f.Next = f.FocusedButton
	f.TextInput = huh.TextInputStyles{
		Cursor:      st.Accent.Background(st.Accent.GetForeground()),
		CursorText:  st.Text,
		Placeholder: st.Subtle,
		Prompt:      st.Accent,
		Text:        st.Text,
	}
	styles := &huh.Styles{Focused: f, Blurred: f}
	styles.Form.Base, styles.Group.Base = lipgloss.NewStyle(), lipgloss.NewStyle()
	styles.Group.Title, styles.Group.Description = st.Heading, st.Muted
	return huh.ThemeFunc(func(bool) *huh.Styles { return styles })
}

// choiceOptions are an enum's or multi-select's choices as huh options,
// labelled safely and uniquely (huh's multi-select tells options apart by
// label), each cut to width cells: huh wraps a longer label onto more
// lines than the list was given.
func choiceOptions(n *schemaform.Node, width int) []huh.Option[int] {
	opts := make([]huh.Option[int], len(n.Shape.Choices))
	seen := make(map[string]bool, len(opts))
	sel := n.Selected()
	width = max(4, width)
	for i, c := range n.Shape.Choices {
		safe := termsafe.Line(c.Label)
		label := ansi.Truncate(safe, width, "…")
		for k := 2; seen[label]; k++ {
			suffix := " (" + strconv.Itoa(k) + ")"
			label = ansi.Truncate(safe, max(1, width-len(suffix)), "…") + suffix
		}
		seen[label] = true
		opts[i] = huh.NewOption(label, i).Selected(i < len(sel) && sel[i])
	}
	return opts
}

// maxListLines caps an open option list, so the rows around it stay in
// view; longer lists scroll with the cursor.
const maxListLines = 8

// minListLines is what a list keeps when the row's description and
// constraints do not all fit below it: those are cut first.
const minListLines = 3

// listHeight is how many options the open list of the selected row shows
// at once: all of them when they fit in the body with the row's
// description, constraints and problems, else as many as fit.
func (m *Model) listHeight(n *schemaform.Node, options, extra int) int {
	row := n
	if s := m.selected(); s != nil {
		row = s
	}
	body := m.bodyHeight(m.footer()) - extra
	below := len(m.descriptionOf(row, m.width-4)) + len(m.errorsOf(row))
	if constraintsOf(row) != "" {
		below++
	}
	h := min(options, maxListLines, body)
	if h+below > body {
		h = max(body-below, min(h, minListLines))
	}
	return max(1, h)
}

// filterTitle is the title a select gets once "/" is pressed: huh shows
// the filter being typed (and then the filter in force) only in the title
// line of a field that has a title, and gives the options one line less
// for it. The title itself shows only when the filter is empty. A
// multi-select shows its title before the filter in force, so it gets a
// blank one (multiFilterTitle).
const filterTitle, multiFilterTitle = "/", " "

// showFilter gives an option list its filter line the first time the
// filter is used, one line taller so every option still shows.
func (m *Model) showFilter(e *editor) {
	if e.filterLine || !m.filtering() {
		return
	}
	e.filterLine = true
	n := e.node
	switch {
	case e.sel != nil:
		e.sel.Title(filterTitle).Height(m.listHeight(n, len(n.Shape.Choices), 1) + 1)
	case e.multi != nil:
		e.multi.Title(multiFilterTitle).Height(m.listHeight(n, len(n.Shape.Choices), 1) + 1)
	}
}

// toggle is the live confirm of the selected boolean row: left/right and
// space flip it, and it is written to the node at once.
type toggle struct {
	node  *schemaform.Node
	value bool
	field *huh.Confirm
}

func newToggle(n *schemaform.Node, th huh.Theme) *toggle {
	t := &toggle{node: n, value: n.Bool()}
	t.field = huh.NewConfirm().Affirmative("true").Negative("false").Inline(true).Value(&t.value)
	t.field.WithTheme(th)
	t.field.WithKeyMap(huh.NewDefaultKeyMap())
	t.field.Focus()
	return t
}

// keyLeft drives huh's confirm toggle, which has no key of its own to call.
var keyLeft = tea.KeyPressMsg{Code: tea.KeyLeft}

// flip toggles the value through huh's own toggle key.
func (t *toggle) flip() {
	t.value = t.node.Bool()
	t.field.Update(keyLeft)
	t.node.SetBool(t.value)
}

// keyPrompt is the inline input for the key of a new map entry.
type keyPrompt struct {
	key   string
	field *huh.Input
	err   string
}

func newKeyPrompt(th huh.Theme, width int) *keyPrompt {
	p := &keyPrompt{}
	p.field = huh.NewInput().Prompt("new key: ").Value(&p.key)
	p.field.WithTheme(th)
	p.field.WithWidth(width)
	return p
}

// lossy reports text that huh's text widgets would change just by showing
// it (they drop control characters and expand tabs), or that must not
// reach the terminal as it is (bidirectional overrides).
func lossy(s string, kind editKind) bool {
	if kind == editInput {
		return termsafe.Line(s) != s
	}
	return termsafe.Text(s) != s || strings.ContainsRune(s, '\t')
}

// escapeRaw writes the characters of JSON text that the text widget would
// drop or the terminal would act on as \u escapes. Outside of strings JSON
// allows none of them, so the value stays the same.
func escapeRaw(s string) string {
	if termsafe.Text(s) == s {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r >= 0x7f && termsafe.Line(string(r)) != string(r) {
			// Beyond the Basic Multilingual Plane (tag characters) JSON
			// spells a character as two surrogate escapes.
			if r1, r2 := utf16.EncodeRune(r); r1 != utf8.RuneError {
				fmt.Fprintf(&b, "\\u%04x\\u%04x", r1, r2)
				continue
			}
			fmt.Fprintf(&b, "\\u%04x", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// placeholder is the hint an empty field shows: the schema's default, or
// its first example.
func placeholder(n *schemaform.Node) string {
	if d := n.Shape.Default; d != nil {
		return "default " + termsafe.Line(oneLine(string(d)))
	}
	if len(n.Shape.Examples) > 0 {
		return "e.g. " + termsafe.Line(oneLine(string(n.Shape.Examples[0])))
	}
	return ""
}
