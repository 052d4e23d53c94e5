package form

import (
	"strings"

	"github.com/toolbench/toolbench/schemaform"
)

// hint is one key and what it does, for the hint line.
type hint struct{ key, does string }

// hintLine shows the keys that do something here and now, most useful
// first, as the line is cut at the width.
func (m *Model) hintLine() string {
	var hs []hint
	switch {
	case m.ask != nil:
		hs = []hint{{"y", "send anyway"}, {"n/esc", "keep editing"}}
	case m.prompt != nil:
		hs = []hint{{"enter", "add entry"}, {"esc", "cancel"}}
	case m.edit != nil:
		hs = editHints(m.edit.kind, m.edit.node.Shape.Kind == schemaform.KindRaw)
	default:
		hs = m.navHints()
	}
	parts := make([]string, len(hs))
	for i, h := range hs {
		parts[i] = m.st.Key.Render(h.key) + " " + m.st.Help.Render(h.does)
	}
	return strings.Join(parts, m.st.Help.Render(" · "))
}

// editHints are the keys of a focused field; rawOnly is a field the schema
// gives no form, so there is no form to go back to.
func editHints(k editKind, rawOnly bool) []hint {
	switch k {
	case editInput:
		return []hint{{"enter", "done"}, {"esc", "leave"}, {"tab", "next"}, {"ctrl+r", "JSON"}, {"ctrl+s", "send"}}
	case editText:
		return []hint{{"esc", "done"}, {"enter", "new line"}, {"tab", "next"}, {"ctrl+r", "JSON"}, {"ctrl+s", "send"}}
	case editRaw:
		if rawOnly {
			return []hint{{"esc", "done"}, {"tab", "next"}, {"ctrl+s", "send"}}
		}
		return []hint{{"esc", "done"}, {"ctrl+r", "back to form"}, {"tab", "next"}, {"ctrl+s", "send"}}
	case editSelect:
		return []hint{{"↑↓", "choose"}, {"enter", "pick"}, {"/", "filter"}, {"esc", "cancel"}}
	}
	return []hint{{"↑↓", "move"}, {"space", "tick"}, {"ctrl+a", "all"}, {"/", "filter"}, {"enter", "done"}}
}

// navHints are the hints while moving around: the selected row's keys,
// then the level's, then the form's.
func (m *Model) navHints() []hint {
	hs := []hint{{"↑↓", "move"}}
	n := m.selected()
	if n != nil {
		hs = append(hs, rowHints(n)...)
	}
	hs = append(hs, hint{"ctrl+s", "send"})
	switch l := m.level; {
	case isList(l):
		hs = append(hs, hint{"ctrl+a", "add"})
		if n != nil {
			hs = append(hs, hint{"ctrl+d", "delete"}, hint{"alt+↑↓", "reorder"})
		}
	case l != nil && (l.Shape.Kind == schemaform.KindMap || (canAddEntries(l) && l.Shape.Object.AdditionalDeclared)):
		hs = append(hs, hint{"ctrl+a", "add entry"})
		if n != nil && n.Extra {
			hs = append(hs, hint{"ctrl+d", "remove"})
		}
	}
	if n != nil {
		hs = append(hs, fieldHints(n)...)
	}
	back := "back"
	if m.level == m.top() {
		back = "leave form"
	}
	hs = append(hs, hint{"esc", back})
	hs = append(hs, rawHint(n)...)
	return append(hs, hint{"ctrl+e", "example"}, hint{"ctrl+o", "minimal"})
}

// rowHints say what enter and the arrows do on a row.
func rowHints(n *schemaform.Node) []hint {
	switch {
	case n.Raw():
		return []hint{{"enter", "edit JSON"}}
	case isContainer(n):
		return []hint{{"enter", "open"}}
	case isUnion(n):
		return []hint{{"←→", "variant"}, {"enter", "open"}}
	}
	switch n.Shape.Kind {
	case schemaform.KindEnum:
		return []hint{{"←→", "choose"}, {"enter", "list"}}
	case schemaform.KindBoolean:
		return []hint{{"space", "toggle"}}
	case schemaform.KindMultiSelect:
		return []hint{{"enter", "pick"}}
	case schemaform.KindConst, schemaform.KindNull:
		return nil
	}
	return []hint{{"enter", "edit"}}
}

// fieldHints offer what can be done to the selected field's value.
func fieldHints(n *schemaform.Node) []hint {
	var hs []hint
	if n.Shape.Default != nil {
		hs = append(hs, hint{"ctrl+f", "default"})
	}
	if n.IsSet() && !inList(n) {
		hs = append(hs, hint{"ctrl+u", "unset"})
	}
	if nullable(n) && n.State() != schemaform.Null {
		hs = append(hs, hint{"ctrl+n", "null"})
	}
	return hs
}

// rawHint offers switching between the form and the JSON text.
func rawHint(n *schemaform.Node) []hint {
	switch {
	case n == nil || n.Shape.Kind == schemaform.KindRaw:
		return nil
	case n.Raw():
		return []hint{{"ctrl+r", "form"}}
	}
	return []hint{{"ctrl+r", "JSON"}}
}
