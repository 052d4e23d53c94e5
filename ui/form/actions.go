package form

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/schemaform"
)

// activate is enter on a row: open a container or variant, edit a value,
// flip a boolean, set a fixed value.
func (m *Model) activate(n *schemaform.Node) tea.Cmd {
	switch {
	case isContainer(n):
		m.open(n)
	case isUnion(n):
		return m.openUnion(n)
	case n.Shape.Kind == schemaform.KindBoolean && !n.Raw():
		m.toggleBool(n)
	case n.Shape.Kind == schemaform.KindConst || n.Shape.Kind == schemaform.KindNull:
		m.forget(n)
		n.Open()
		m.status = "this value is fixed by the schema"
	default:
		return m.startEdit(n)
	}
	return nil
}

// stepKind is which of the keys that change a choice in place was pressed.
type stepKind int

const (
	stepNext stepKind = iota
	stepPrev
	stepToggle
)

// step is next, previous or toggle on a row: they change choices in place.
func (m *Model) step(n *schemaform.Node, s stepKind) tea.Cmd {
	delta := 1
	if s == stepPrev {
		delta = -1
	}
	switch {
	case n.Raw():
		if s == stepNext {
			return m.activate(n)
		}
	case isUnion(n) && s != stepToggle:
		m.switchVariant(n, delta)
	case n.Shape.Kind == schemaform.KindEnum && s != stepToggle:
		m.cycleChoice(n, delta)
	case n.Shape.Kind == schemaform.KindBoolean:
		m.toggleBool(n)
	case s == stepNext || (s == stepToggle && n.Shape.Kind == schemaform.KindMultiSelect):
		return m.activate(n)
	}
	return nil
}

// open shows a container's children. A container opened without a value
// gets one only for as long as something in it is changed.
func (m *Model) open(n *schemaform.Node) {
	if n.State() != schemaform.Set {
		wasUnset := n.State() == schemaform.Unset
		n.Open()
		prepare(n)
		if wasUnset {
			m.markTentative(n)
		}
	}
	m.setLevel(target(n), 0)
}

// openUnion opens a union's variant: its level when the variant is a
// container, else an editor for the variant's value in the union's row.
func (m *Model) openUnion(n *schemaform.Node) tea.Cmd {
	wasUnset := n.State() == schemaform.Unset
	if n.State() != schemaform.Set {
		n.Open()
	}
	prepare(n)
	if wasUnset {
		m.markTentative(n)
	}
	if t := target(n); t != n {
		m.setLevel(t, 0)
		return nil
	}
	v := variantOf(n)
	if v == nil || isUnion(v) {
		m.setLevel(n, 0)
		return nil
	}
	if _, ok := editKindOf(v); ok {
		return m.startEdit(v)
	}
	if v.Shape.Kind == schemaform.KindBoolean {
		m.toggleBool(v)
	}
	return nil
}

func (m *Model) switchVariant(n *schemaform.Node, delta int) {
	count := len(n.Shape.Variants)
	if count == 0 {
		return
	}
	i := (n.Variant() + delta + count) % count
	if n.State() == schemaform.Unset {
		i = first(delta, count)
	}
	m.forget(n)
	n.SetVariant(i)
	prepare(n)
	m.setCursor(m.cursor)
}

func (m *Model) cycleChoice(n *schemaform.Node, delta int) {
	count := len(n.Shape.Choices)
	if count == 0 {
		return
	}
	i := (n.Choice() + delta + count) % count
	if n.State() != schemaform.Set || n.Choice() < 0 {
		i = first(delta, count)
	}
	m.forget(n)
	n.Choose(i)
}

// first is where stepping into a choice without a value lands: the first
// going right, the last going left.
func first(delta, count int) int {
	if delta > 0 {
		return 0
	}
	return count - 1
}

// toggleBool flips a boolean; one without a value becomes the opposite of
// its default (true when there is none).
func (m *Model) toggleBool(n *schemaform.Node) {
	m.forget(n)
	if n.State() != schemaform.Set {
		n.SetBool(strings.TrimSpace(string(n.Shape.Default)) != "true")
	} else if m.toggle != nil && m.toggle.node == n {
		m.toggle.flip()
	} else {
		n.SetBool(!n.Bool())
	}
	m.setCursor(m.cursor)
}

// unset takes a field out of the arguments. Required fields may be unset
// too: leaving one out on purpose is a test worth running.
func (m *Model) unset(n *schemaform.Node) {
	if inList(n) {
		m.status = "a list item cannot be left out; ctrl+d deletes it"
		return
	}
	m.forget(n)
	n.Unset()
	m.setCursor(m.cursor)
}

func (m *Model) null(n *schemaform.Node) {
	if !nullable(n) {
		m.status = "the schema does not allow null here; ctrl+r edits the JSON to send it anyway"
		return
	}
	m.forget(n)
	n.SetNull()
	m.setCursor(m.cursor)
}

// fillDefault sets the schema's default; without one, the kind's empty
// value ("", false, {}, []).
func (m *Model) fillDefault(n *schemaform.Node) {
	m.forget(n)
	if d := n.Shape.Default; d != nil {
		// Loading JSON into a node goes through its raw text, which the
		// form parses back into fields.
		n.EditRaw()
		n.SetText(string(d))
		_ = n.LeaveRaw()
		prepare(n)
		m.setCursor(m.cursor)
		return
	}
	switch {
	case n.Shape.Kind == schemaform.KindString:
		n.SetText("")
	case n.Shape.Kind == schemaform.KindBoolean:
		n.SetBool(false)
	case isContainer(n) || isUnion(n) || n.Shape.Kind == schemaform.KindMultiSelect || n.Shape.Kind == schemaform.KindConst:
		n.Open()
		prepare(n)
	default:
		m.status = "no default in the schema for this field"
	}
	m.setCursor(m.cursor)
}

// toggleRaw switches a node between its form and its JSON text. Text that
// does not fit the form stays raw, with the reason beside the field.
func (m *Model) toggleRaw(n *schemaform.Node) tea.Cmd {
	if n.Shape.Kind == schemaform.KindRaw {
		return m.startEdit(n)
	}
	if n.Raw() {
		m.forget(n)
		if strings.TrimSpace(n.Text()) == "" {
			n.Unset()
		} else if err := n.LeaveRaw(); err != nil {
			m.issues[n] = []string{"stays JSON: " + err.Error()}
			m.status = "the JSON stays raw: " + err.Error()
		}
		prepare(n)
		m.setCursor(m.cursor)
		return nil
	}
	if n.State() == schemaform.Unset {
		return m.startEditAs(n, editRaw)
	}
	m.forget(n)
	n.EditRaw()
	cmd := m.startEdit(n)
	m.markFresh()
	return cmd
}

// fillExample replaces the whole value with a generated example.
func (m *Model) fillExample(mode schemaform.ExampleMode) {
	ptr := pointerOf(m.level)
	m.form.FillExample(mode)
	m.issues, m.tentative = map[*schemaform.Node][]string{}, nil
	m.reanchor(ptr)
	m.status = "filled every field with an example"
	if mode == schemaform.Minimal {
		m.status = "filled the required fields with an example"
	}
}

func pointerOf(n *schemaform.Node) string {
	if n == nil {
		return ""
	}
	return n.Pointer()
}

// reanchor finds the level again after its node was replaced, going up to
// the nearest level that still exists.
func (m *Model) reanchor(ptr string) {
	cursor := m.cursor
	if l := m.level; l == nil || (attached(l, m.form.Root) && l.State() == schemaform.Set && (isContainer(l) || isUnion(l))) {
		m.setLevel(l, cursor)
		return
	}
	n := find(m.form.Root, ptr)
	for n == nil {
		ptr = parentPointer(ptr)
		n = find(m.form.Root, ptr)
	}
	if n.State() == schemaform.Set && (isContainer(n) || isUnion(n)) && (n.Parent != nil || m.top() == n) {
		m.setLevel(target(n), cursor)
		return
	}
	row, lvl := m.placeOf(n)
	m.setLevel(lvl, indexOf(m.rowsOf(lvl), row))
}

// followText moves a union to the scalar variant that the typed text
// belongs to (schemaform.Shape.TextVariant): x typed into ‹integer› of
// integer|string goes on as ‹string›, and deleting the x goes back to
// ‹integer›, the variant the edit began on. The field stays as it is and
// edits the new variant's node.
func (m *Model) followText(e *editor) {
	u := e.node.Parent
	if u == nil || !isUnion(u) || e.node.Raw() || (e.kind != editInput && e.kind != editText) {
		return
	}
	i := u.Shape.TextVariant(e.text, e.chose)
	if i < 0 || i == u.Variant() {
		return
	}
	m.forget(u)
	u.SetVariant(i)
	v := variantOf(u)
	m.writeText(v, e.text)
	e.node = v
	e.field.WithWidth(m.fieldWidth(v))
}
