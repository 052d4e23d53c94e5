package form

import (
	"charm.land/huh/v2"

	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/ui/theme"
)

// Action tells the parent what the person asked for with the last message.
type Action int

// Actions the editor returns from Update.
const (
	// ActionNone means the editor handled the message itself.
	ActionNone Action = iota
	// ActionSubmit means: call the tool now; the arguments are valid.
	ActionSubmit
	// ActionSubmitInvalid means the person confirmed sending arguments
	// that fail validation, which is part of testing a server.
	ActionSubmitInvalid
	// ActionBack means esc was pressed at the top level: the parent should
	// take focus back.
	ActionBack
)

// Model is the editor of one schemaform.Form. It shows one level of the
// value tree at a time: the children of a container node, one row each.
type Model struct {
	form *schemaform.Form
	st   *theme.Styles
	huh  huh.Theme
	keys KeyMap
	// huhKeys are the option lists' keys, taken from keys.
	huhKeys *huh.KeyMap
	title   string

	width, height int

	// level is the container whose children are the rows; nil is the
	// virtual top level of a form whose root is not an object.
	level          *schemaform.Node
	cursor, offset int
	labelW         int
	labelRows      int // len(rows) when labelW was measured; -1 forces a measure

	edit   *editor     // the focused huh field while a value is edited
	toggle *toggle     // the live confirm of a selected boolean row
	prompt *keyPrompt  // the key of a new map entry being typed
	ask    *askSend    // "send anyway?" after a failed validation
	whole  *wholeJSON  // all the arguments edited as one JSON text
	pv     previewPane // the preview, drawn when the arguments or the focus change

	issues map[*schemaform.Node][]string // from the last Validate
	status string                        // one message for the person, cleared on the next key
	// tentative are nodes set only because they were opened or edited;
	// left untouched they are unset again, so looking changes nothing.
	tentative []tentative
	// typing is set while a typed key starts an edit, which then starts
	// empty instead of from the default.
	typing bool
	// lines holds the person's choice of one line (false) or many (true)
	// for string fields (text_lines.go).
	lines map[*schemaform.Node]bool
}

type tentative struct {
	node *schemaform.Node
	json string
}

// New builds an editor for f, drawn with st. It edits f in place and keeps
// nothing of its own, so a later Model for the same Form shows the same
// values.
func New(f *schemaform.Form, st *theme.Styles) *Model {
	keys := DefaultKeyMap()
	m := &Model{form: f, st: st, huh: huhTheme(st), keys: keys, huhKeys: keys.huhKeys(),
		width: 80, height: 24, labelRows: -1, issues: map[*schemaform.Node][]string{}}
	m.setLevel(m.top(), 0)
	if fresh(f.Root) {
		prepare(f.Root)
	}
	m.layout()
	return m
}

// fresh reports a root that holds nothing yet. Fixed fields of a form
// already filled in are left as the person (or a loaded call) left them.
func fresh(root *schemaform.Node) bool {
	for _, c := range root.Children() {
		if c.IsSet() {
			return false
		}
	}
	return true
}

// SetSize sets the size of the editor pane, in cells.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 20), max(height, 4)
	m.labelRows = -1
	if m.edit != nil {
		m.edit.field.WithWidth(m.fieldWidth(m.edit.node))
	}
	m.layout()
}

// SetTitle sets the first breadcrumb: the tool's name.
func (m *Model) SetTitle(title string) { m.title = title }

// Form returns the form being edited.
func (m *Model) Form() *schemaform.Form { return m.form }

// Breadcrumb returns the labels from the root to the level being shown:
// ["items", "[1]"] inside the second item. The top level is empty.
func (m *Model) Breadcrumb() []string {
	if m.level == nil {
		return nil
	}
	return m.level.Path()
}

// Editing reports whether a field is being edited, so a parent can leave
// printable keys to the editor.
func (m *Model) Editing() bool {
	return m.edit != nil || m.prompt != nil || m.ask != nil || m.whole != nil
}

// JumpTo shows the level holding the node at the value pointer and selects
// it. It reports false when no node is there (a field of an unset object,
// say).
func (m *Model) JumpTo(pointer string) bool {
	n := find(m.form.Root, pointer)
	if n == nil {
		return false
	}
	m.cancelModes()
	row, lvl := m.placeOf(n)
	m.setLevel(lvl, indexOf(m.rowsOf(lvl), row))
	m.layout()
	return true
}

// Validate runs the form's validation, keeps the issues to show beside the
// fields, and returns them.
func (m *Model) Validate() []schemaform.Issue {
	issues, err := m.form.Validate()
	m.issues = map[*schemaform.Node][]string{}
	for _, is := range issues {
		msg := is.Message
		// Beside the missing field itself, the field's name is implied.
		if is.Node.Key != "" && msg == "missing required property '"+is.Node.Key+"'" {
			msg = "required"
		}
		m.issues[is.Node] = append(m.issues[is.Node], msg)
	}
	if err != nil {
		m.status = "checked field by field only: " + err.Error()
	}
	m.layout()
	return issues
}

// cancelModes closes whatever has focus: a field (keeping what was
// typed, which is already in the form), the key prompt, the question.
func (m *Model) cancelModes() {
	m.endEdit(false)
	m.prompt, m.ask = nil, nil
	if m.whole != nil {
		m.applyWhole()
	}
}

// top is the first level: the root object, or the virtual level holding
// a root that is not an object.
func (m *Model) top() *schemaform.Node {
	r := m.form.Root
	if !r.Raw() && (r.Shape.Kind == schemaform.KindObject || r.Shape.Kind == schemaform.KindMap) {
		return r
	}
	return nil
}

// rowsOf returns the rows a level shows.
func (m *Model) rowsOf(l *schemaform.Node) []*schemaform.Node {
	if l == nil {
		return []*schemaform.Node{m.form.Root}
	}
	return l.Children()
}

func (m *Model) rows() []*schemaform.Node { return m.rowsOf(m.level) }

// selected returns the row under the cursor, or nil in an empty level.
func (m *Model) selected() *schemaform.Node {
	rows := m.rows()
	if m.cursor < 0 || m.cursor >= len(rows) {
		return nil
	}
	return rows[m.cursor]
}

// setLevel shows level l with the cursor on row i.
func (m *Model) setLevel(l *schemaform.Node, i int) {
	m.level = l
	m.labelRows = -1
	m.offset = 0
	m.setCursor(i)
	m.settle()
}

// setCursor moves the cursor to row i, clamped, and refreshes the live
// confirm of a boolean row.
func (m *Model) setCursor(i int) {
	m.cursor = max(0, min(i, len(m.rows())-1))
	m.toggle = nil
	if n := m.selected(); n != nil && isToggle(n) {
		m.toggle = newToggle(n, m.huh)
	}
}

// placeOf finds the level that shows n as a row, and that row: a union
// whose variant is a container is shown by its variant, so its row is the
// union's.
func (m *Model) placeOf(n *schemaform.Node) (row, level *schemaform.Node) {
	if n.Parent == nil {
		if m.top() == n {
			return nil, n
		}
		return n, nil
	}
	p := n.Parent
	if p.Shape.Kind == schemaform.KindUnion && target(p) != p {
		if p.Parent == nil {
			return p, nil
		}
		return p, p.Parent
	}
	return n, p
}

// settle unsets nodes that were set only by being opened, once the person
// has left them without changing anything.
func (m *Model) settle() {
	keep := m.tentative[:0]
	for _, t := range m.tentative {
		switch {
		case isAncestor(t.node, m.level) || (m.edit != nil && isAncestor(t.node, m.edit.node)):
			keep = append(keep, t)
		case attached(t.node, m.form.Root) && string(t.node.JSON()) == t.json:
			t.node.Unset()
		}
	}
	m.tentative = keep
}

// keepTentative makes n and its ancestors real values: the person said so.
func (m *Model) keepTentative(n *schemaform.Node) {
	keep := m.tentative[:0]
	for _, t := range m.tentative {
		if !isAncestor(t.node, n) {
			keep = append(keep, t)
		}
	}
	m.tentative = keep
}

// markTentative records that n was unset before an open or edit set it.
func (m *Model) markTentative(n *schemaform.Node) {
	m.tentative = append(m.tentative, tentative{node: n, json: string(n.JSON())})
}

// forget drops the shown issues of an edited node and its ancestors.
func (m *Model) forget(n *schemaform.Node) {
	for p := n; p != nil && len(m.issues) > 0; p = p.Parent {
		delete(m.issues, p)
	}
}

// Focused returns the JSON pointer of the field that has focus: the one
// being edited, else the selected row. ok is false in an empty level.
func (m *Model) Focused() (pointer string, ok bool) {
	if n := m.focused(); n != nil {
		return n.Pointer(), true
	}
	return "", false
}

// focused is the node being edited, else the selected row, else nil.
func (m *Model) focused() *schemaform.Node {
	if m.edit != nil {
		return m.edit.node
	}
	return m.selected()
}
