package form

import (
	"encoding/json"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/schemaform"
)

// editKind is the huh field that edits a node.
type editKind uint8

const (
	editInput  editKind = iota // one line: strings, numbers
	editText                   // several lines: text areas
	editRaw                    // JSON text
	editSelect                 // a list of an enum's choices
	editMulti                  // ticks for a multi-select
)

// editor is the one live huh field: it edits the selected row's node, with
// its value bound to fields here and copied into the node as it changes.
type editor struct {
	node   *schemaform.Node
	kind   editKind
	field  huh.Field
	sel    *huh.Select[int]
	multi  *huh.MultiSelect[int]
	text   string // bound to input, text and raw fields
	last   string // text as last written to the node
	choice int    // bound to the select
	picks  []int  // bound to the multi-select
	// unset remembers a node that had no value when editing began, so
	// leaving it without a change keeps it unset.
	unset bool
	// filterLine is set once an option list shows its filter line.
	filterLine bool
	// fromDefault is set while the field shows the default it was opened
	// with and nothing has been pressed: typing replaces it.
	fromDefault bool
	// chose is the union variant the edit began on, which typed text goes
	// back to whenever it fits (see followText).
	chose int
	// fresh is a text whose whole is selected, as a raw editor starts:
	// typing replaces it (see fieldUpdate).
	fresh bool
}

// editKindOf says how n is edited, if it is edited in a field at all.
func editKindOf(n *schemaform.Node) (editKind, bool) {
	if n.Raw() {
		return editRaw, true
	}
	switch n.Shape.Kind {
	case schemaform.KindString:
		if n.Shape.String.Multiline || strings.Contains(n.Text(), "\n") {
			return editText, true
		}
		return editInput, true
	case schemaform.KindNumber, schemaform.KindInteger:
		return editInput, true
	case schemaform.KindEnum:
		return editSelect, true
	case schemaform.KindMultiSelect:
		return editMulti, true
	}
	return 0, false
}

// startEdit focuses a huh field on n. A string the widgets cannot show as
// it is gets edited as JSON instead, where every character is escaped.
func (m *Model) startEdit(n *schemaform.Node) tea.Cmd {
	kind, ok := editKindOf(n)
	if !ok {
		return nil
	}
	return m.startEditAs(n, m.linesOf(n, kind))
}

// startEditAs focuses a field of the given kind on n.
func (m *Model) startEditAs(n *schemaform.Node, kind editKind) tea.Cmd {
	if (kind == editInput || kind == editText) && n.Shape.Kind == schemaform.KindString && lossy(n.Text(), kind) {
		n.EditRaw()
		kind = editRaw
		m.status = "this text has control characters or tabs; editing it as JSON so none are lost (ctrl+r returns)"
	}
	e := &editor{node: n, kind: kind, unset: n.State() == schemaform.Unset, choice: max(n.Choice(), 0)}
	if n.Parent != nil {
		e.chose = n.Parent.Variant()
	}
	if n.State() == schemaform.Set {
		e.text = n.Text()
	} else if d := defaultText(n); (kind == editInput || kind == editText) && !m.typing && !lossy(d, kind) {
		// A default the widget would mangle or the terminal would act on
		// (controls, bidi overrides) is not prefilled: the placeholder shows
		// it escaped, and ctrl+f sets it exactly.
		e.text = d
		e.fromDefault = d != ""
	}
	e.last = e.text
	if kind == editRaw {
		e.text = escapeRaw(e.text)
	}
	m.buildField(e)
	e.field.WithTheme(m.huh)
	e.field.WithWidth(m.fieldWidth(n))
	m.edit = e
	return e.field.Focus()
}

// defaultText is the schema default as an input's starting text: a
// string's content or a number's literal; "" without a usable default.
func defaultText(n *schemaform.Node) string {
	d := n.Shape.Default
	if d == nil {
		return ""
	}
	var s string
	if json.Unmarshal(d, &s) == nil {
		return s
	}
	if n.Shape.Kind == schemaform.KindNumber || n.Shape.Kind == schemaform.KindInteger {
		return strings.TrimSpace(string(d))
	}
	return ""
}

// buildField makes the huh field for e's kind.
func (m *Model) buildField(e *editor) {
	n := e.node
	switch e.kind {
	case editInput:
		ph := placeholder(n)
		if ansi.StringWidth(ph) != utf8.RuneCountInString(ph) {
			// bubbles' textinput pads a placeholder of wide characters
			// with NUL runes; the default still shows among the
			// constraints below.
			ph = ""
		}
		e.field = huh.NewInput().Prompt("").Value(&e.text).Placeholder(ph)
	case editText, editRaw:
		lines := 4
		if e.kind == editRaw {
			lines = max(3, min(strings.Count(e.text, "\n")+2, m.height/2))
		}
		e.field = huh.NewText().Value(&e.text).Lines(lines).ExternalEditor(false).
			ShowLineNumbers(e.kind == editRaw).Placeholder(placeholder(n))
	case editSelect:
		e.sel = huh.NewSelect[int]().Options(choiceOptions(n, m.fieldWidth(n)-2)...).Value(&e.choice).
			Height(m.listHeight(n, len(n.Shape.Choices), 0))
		e.sel.WithKeyMap(m.huhKeys)
		e.field = e.sel
	case editMulti:
		for i, on := range n.Selected() {
			if on {
				e.picks = append(e.picks, i)
			}
		}
		e.multi = huh.NewMultiSelect[int]().Options(choiceOptions(n, m.fieldWidth(n)-6)...).Value(&e.picks).
			Height(m.listHeight(n, len(n.Shape.Choices), 0))
		e.multi.WithKeyMap(m.huhKeys)
		e.field = e.multi
	}
}

// fieldWidth is the value column, less the variant tag a union's row
// shows before the field.
func (m *Model) fieldWidth(n *schemaform.Node) int {
	m.measureLabels()
	w := m.valueWidth()
	if p := n.Parent; p != nil && isUnion(p) && m.selected() == p {
		w -= ansi.StringWidth(termsafe.Line(variantLabel(p))) + 3
	}
	return max(8, w)
}

// editKey handles a key while a field is focused: the few keys that end
// editing are the editor's, the rest are the field's.
func (m *Model) editKey(msg tea.KeyPressMsg) (Action, tea.Cmd) {
	e, k := m.edit, m.keys.Edit
	oneLine := e.kind == editInput
	switch {
	case key.Matches(msg, k.Submit):
		m.endEdit(true)
		return m.submit()
	case key.Matches(msg, k.Lines) && (oneLine || e.kind == editText) && isText(e.node):
		return ActionNone, m.toggleLines(e.node)
	case key.Matches(msg, k.Raw):
		m.endEdit(true)
		if e.kind != editRaw || e.node.Raw() {
			// An empty JSON editor on a field without a value just closes.
			return ActionNone, m.toggleRaw(e.node)
		}
		return ActionNone, nil
	case key.Matches(msg, k.Leave) && !m.filtering():
		m.endEdit(e.kind == editText || e.kind == editRaw || e.kind == editMulti)
		return ActionNone, nil
	case key.Matches(msg, k.Done) && (oneLine || e.kind == editSelect || e.kind == editMulti) && !m.filtering():
		m.endEdit(true)
		if oneLine {
			m.setCursor(m.cursor + 1)
		}
		return ActionNone, nil
	case key.Matches(msg, k.Next) || (oneLine && key.Matches(msg, k.Down)):
		m.endEdit(true)
		m.setCursor(m.cursor + 1)
		return ActionNone, nil
	case key.Matches(msg, k.Prev) || (oneLine && key.Matches(msg, k.Up)):
		m.endEdit(true)
		m.setCursor(m.cursor - 1)
		return ActionNone, nil
	}
	m.replaceDefault(typedText(msg))
	return ActionNone, m.forward(msg)
}

// filtering reports a select list whose filter has the keys.
func (m *Model) filtering() bool {
	e := m.edit
	return (e.sel != nil && e.sel.GetFiltering()) || (e.multi != nil && e.multi.GetFiltering())
}

// forward passes a message to the focused field and copies its value into
// the node when it changed, so the preview follows every keystroke.
func (m *Model) forward(msg tea.Msg) tea.Cmd {
	e := m.edit
	cmd := m.fieldUpdate(msg)
	switch e.kind {
	case editInput, editText, editRaw:
		if e.text != e.last {
			if e.kind == editRaw && !e.node.Raw() {
				// A node without a value becomes raw only once something
				// is typed, so opening the JSON editor changes nothing.
				e.node.EditRaw()
			}
			m.writeText(e.node, e.text)
			m.followText(e)
			e.last = e.text
		}
	case editMulti:
		m.writePicks(e.node, e.picks)
		m.showFilter(e)
	case editSelect:
		m.showFilter(e)
	}
	return cmd
}

// writeText sets a node's text. An emptied number is unset rather than
// sent as "" (a string), unless it is a list item, which cannot be absent.
func (m *Model) writeText(n *schemaform.Node, text string) {
	m.forget(n)
	num := n.Shape.Kind == schemaform.KindNumber || n.Shape.Kind == schemaform.KindInteger
	if num && !n.Raw() && strings.TrimSpace(text) == "" && !inList(n) {
		n.Unset()
		return
	}
	n.SetText(text)
}

// writePicks makes a multi-select's ticks match picks.
func (m *Model) writePicks(n *schemaform.Node, picks []int) {
	want := make([]bool, len(n.Shape.Choices))
	for _, i := range picks {
		want[i] = true
	}
	have := n.Selected()
	for i := range want {
		if want[i] != (i < len(have) && have[i]) {
			m.forget(n)
			n.Toggle(i)
		}
	}
}

// endEdit blurs the field. commit takes the shown value: a select's
// choice, or an untouched empty input as an empty string. Without commit,
// a node that had no value before and was not changed stays unset.
func (m *Model) endEdit(commit bool) {
	e := m.edit
	if e == nil {
		return
	}
	m.edit = nil
	e.field.Blur()
	n := e.node
	switch {
	case e.kind == editSelect && commit:
		// The option under the cursor: huh writes the bound value only on
		// its own enter key, which the editor keeps for itself.
		if i, ok := e.sel.Hovered(); ok {
			m.forget(n)
			n.Choose(i)
		}
	case (e.kind == editInput || e.kind == editText) && commit && n.State() == schemaform.Unset &&
		(n.Shape.Kind == schemaform.KindString || e.text != ""):
		// Enter on an untouched field keeps what it shows: "" for a
		// string, or the prefilled default.
		m.writeText(n, e.text)
	case e.kind == editRaw && e.unset && strings.TrimSpace(n.Text()) == "":
		n.Unset()
	}
	if commit && n.State() != schemaform.Unset {
		m.keepTentative(n)
	}
	m.settle()
	m.setCursor(m.cursor)
}
