package form

import (
	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/ui/render"
)

// hint is one key of the hint line, as the binding's help names it, and
// what it does here, in a word or two.
type hint struct{ key, does string }

// on is the hint for b doing does, named by its first key: the help
// screen lists the others.
func on(b key.Binding, does string) hint { return hint{render.FirstKey(b.Help().Key), does} }

// both is one hint for a pair of opposite bindings: "↑↓ move".
func both(a, b key.Binding, does string) hint {
	return hint{render.KeyPair(a.Help().Key, b.Help().Key), does}
}

// hintLine shows the keys that do something here and now, most useful
// first: those that do not fit in the width are left out whole.
func (m *Model) hintLine() string {
	var hs []hint
	switch a, p := m.keys.Ask, m.keys.Prompt; {
	case m.whole != nil:
		hs = m.wholeHints()
	case m.ask != nil:
		hs = []hint{on(a.Send, "send anyway"), on(a.Jump, "go to problem"), both(a.Up, a.Down, "choose"), on(a.Stay, "keep editing")}
	case m.prompt != nil:
		hs = []hint{on(p.Add, "add entry"), on(p.Cancel, "cancel")}
	case m.edit != nil:
		hs = m.editHints(m.edit.kind, m.edit.node.Shape.Kind == schemaform.KindRaw)
	default:
		hs = m.navHints()
	}
	pairs := make([][2]string, len(hs))
	for i, h := range hs {
		pairs[i] = [2]string{h.key, h.does}
	}
	return render.Hints(m.st, pairs, m.width)
}

// editHints are the keys of a focused field; rawOnly is a field the schema
// gives no form, so there is no form to go back to.
func (m *Model) editHints(kind editKind, rawOnly bool) []hint {
	e, o := m.keys.Edit, m.keys.Options
	switch kind {
	case editInput:
		hs := []hint{on(e.Done, "done"), on(e.Leave, "leave"), on(e.Next, "next")}
		if isText(m.edit.node) {
			hs = append(hs, on(e.Lines, "many lines"))
		}
		return append(hs, on(e.Raw, "JSON"), on(e.Submit, "send"))
	case editText:
		hs := []hint{on(e.Leave, "done"), on(e.NewLine, "new line"), on(e.Next, "next")}
		if isText(m.edit.node) {
			hs = append(hs, on(e.Lines, "one line"))
		}
		return append(hs, on(e.Raw, "JSON"), on(e.Submit, "send"))
	case editRaw:
		if rawOnly {
			return []hint{on(e.Leave, "done"), on(e.Next, "next"), on(e.Submit, "send")}
		}
		return []hint{on(e.Leave, "done"), on(e.Raw, "back to form"), on(e.Next, "next"), on(e.Submit, "send")}
	case editSelect:
		return []hint{both(o.Up, o.Down, "choose"), on(e.Done, "pick"), on(o.Filter, "filter"), on(e.Leave, "cancel")}
	}
	return []hint{both(o.Up, o.Down, "move"), on(o.Tick, "tick"), on(o.All, "all"), on(o.Filter, "filter"), on(e.Done, "done")}
}

// navHints are the hints while moving around: the selected row's keys,
// then the level's, then the form's.
func (m *Model) navHints() []hint {
	k := m.keys.Nav
	hs := []hint{both(k.Up, k.Down, "move")}
	n := m.selected()
	if n != nil {
		hs = append(hs, m.rowHints(n)...)
	}
	hs = append(hs, on(k.Submit, "send"))
	switch l := m.level; {
	case isList(l):
		hs = append(hs, on(k.Add, "add"))
		if n != nil {
			hs = append(hs, on(k.Delete, "delete"), both(k.MoveUp, k.MoveDown, "reorder"))
		}
	case l != nil && (l.Shape.Kind == schemaform.KindMap || (canAddEntries(l) && l.Shape.Object.AdditionalDeclared)):
		hs = append(hs, on(k.Add, "add entry"))
		if n != nil && n.Extra {
			hs = append(hs, on(k.Delete, "remove"))
		}
	}
	if n != nil {
		hs = append(hs, m.fieldHints(n)...)
	}
	back := "back"
	if m.level == m.top() {
		back = "leave form"
	}
	hs = append(hs, on(k.Back, back))
	hs = append(hs, m.rawHint(n)...)
	hs = append(hs, m.linesHint(n)...)
	return append(hs, on(k.Whole, "all as JSON"), on(k.Example, "example"), on(k.Minimal, "minimal"))
}

// rowHints say what enter and the arrows do on a row.
func (m *Model) rowHints(n *schemaform.Node) []hint {
	k := m.keys.Nav
	switch {
	case n.Raw():
		return []hint{on(k.Open, "edit JSON")}
	case isContainer(n):
		return []hint{on(k.Open, "open")}
	case isUnion(n):
		return []hint{both(k.Prev, k.Next, "variant"), on(k.Open, "open")}
	}
	switch n.Shape.Kind {
	case schemaform.KindEnum:
		return []hint{both(k.Prev, k.Next, "choose"), on(k.Open, "list")}
	case schemaform.KindBoolean:
		return []hint{on(k.Toggle, "toggle")}
	case schemaform.KindMultiSelect:
		return []hint{on(k.Open, "pick")}
	case schemaform.KindConst, schemaform.KindNull:
		return nil
	}
	return []hint{on(k.Open, "edit")}
}

// fieldHints offer what can be done to the selected field's value.
func (m *Model) fieldHints(n *schemaform.Node) []hint {
	k := m.keys.Nav
	var hs []hint
	if n.Shape.Default != nil {
		hs = append(hs, on(k.Default, "default"))
	}
	if n.IsSet() && !inList(n) {
		hs = append(hs, on(k.Unset, "unset"))
	}
	if nullable(n) && n.State() != schemaform.Null {
		hs = append(hs, on(k.Null, "null"))
	}
	return hs
}

// rawHint offers switching between the form and the JSON text.
func (m *Model) rawHint(n *schemaform.Node) []hint {
	switch {
	case n == nil || n.Shape.Kind == schemaform.KindRaw:
		return nil
	case n.Raw():
		return []hint{on(m.keys.Nav.Raw, "form")}
	}
	return []hint{on(m.keys.Nav.Raw, "JSON")}
}

// linesHint offers switching a string field between one line and many.
func (m *Model) linesHint(n *schemaform.Node) []hint {
	if !isText(n) {
		return nil
	}
	if m.manyLines(n) {
		return []hint{on(m.keys.Nav.Lines, "one line")}
	}
	return []hint{on(m.keys.Nav.Lines, "many lines")}
}
