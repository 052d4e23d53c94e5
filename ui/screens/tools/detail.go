package tools

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"

	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/form"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
)

// tab is one view of the selected tool.
type tab int

const (
	tabForm tab = iota
	tabInput
	tabOutput
	tabLint
	tabProviders
	tabMeta
	tabResult
	tabHosts
	tabCount
)

var tabNames = [tabCount]string{"Form", "Input", "Output", "Lint", "Providers", "Meta", "Result", "Hosts"}

// editor is a tool's form. It lives as long as the workbench, keyed by tool
// name, so values survive switching tools, failed calls and reconnects.
type editor struct {
	schema json.RawMessage
	form   *schemaform.Form
	model  *form.Model
	// err is set when the schema is not JSON at all: the form is then one
	// raw JSON field, and err says why.
	err error
}

// digest identifies what a server sent for a tool: tabs rendered from it
// are cached under it, so a tool that changes is rendered again.
type digest [sha256.Size]byte

// detail is the right pane: the selected tool's form, schemas, metadata and
// last result.
type detail struct {
	tool    *tool.Tool
	digest  digest
	tab     tab
	editors map[string]*editor
	qa      qaState
	offset  [tabCount]int // scroll of the text tabs
	width   int
	height  int
	// heading remembers the rows of the shown tool's heading at a width:
	// a description is wrapped once, not on every message.
	heading struct {
		digest      digest
		width, rows int
	}
}

func newDetail() detail { return detail{editors: map[string]*editor{}} }

// show makes t the tool on display, compiling its form if it has none
// yet; a different tool starts scrolled to the top.
func (d *detail) show(st *theme.Styles, t *tool.Tool) {
	if t == nil || d.tool == nil || d.tool.Name != t.Name {
		d.offset = [tabCount]int{}
		d.qa.cursor = 0
	}
	d.tool = t
	if t != nil {
		d.digest = digestOf(t)
		d.editorFor(st, t)
	}
}

// digestOf hashes everything of t that a tab shows.
func digestOf(t *tool.Tool) digest {
	h := sha256.New()
	for _, part := range [][]byte{[]byte(t.Name), []byte(t.Title), []byte(t.Description), t.InputSchema, t.OutputSchema,
		t.Annotations.Raw, t.Meta, t.Raw} {
		// Lengths first, so that no two tools hash the same bytes.
		var n [8]byte
		for i, l := 0, len(part); i < 8; i, l = i+1, l>>8 {
			n[i] = byte(l)
		}
		h.Write(n[:])
		h.Write(part)
	}
	var out digest
	h.Sum(out[:0])
	return out
}

// headingRows is how many rows the heading of t takes at width.
func (d *detail) headingRows(t tool.Tool, width int) int {
	h := &d.heading
	if h.digest != d.digest || h.width != width || h.rows == 0 {
		h.digest, h.width, h.rows = d.digest, width, render.ToolHeadingRows(t, width)
	}
	return h.rows
}

// editor returns the shown tool's editor, or nil.
func (d *detail) editor() *editor {
	if d.tool == nil {
		return nil
	}
	return d.editors[d.tool.Name]
}

// editorFor returns the tool's editor, compiling its form on first use:
// ten thousand tools must not mean ten thousand forms up front.
func (d *detail) editorFor(st *theme.Styles, t *tool.Tool) *editor {
	if e, ok := d.editors[t.Name]; ok {
		return e
	}
	f, err := schemaform.Compile(t.InputSchema)
	if err == nil && f.Root.Shape.Any {
		// A tool's arguments are an object (tools/call), even when its
		// schema allows any value: the form starts on an empty object, not
		// on the any-value control's first variant, a string.
		_ = f.SetJSON(json.RawMessage(`{}`))
	}
	e := &editor{schema: t.InputSchema, form: f, err: err, model: form.New(f, st)}
	e.model.SetTitle(t.Name)
	d.size(e.model)
	d.editors[t.Name] = e
	return e
}

// syncTools rebuilds the forms of tools whose schema changed, carrying the
// values typed so far into the new form.
func (d *detail) syncTools(st *theme.Styles, tools []tool.Tool) {
	for i := range tools {
		t := &tools[i]
		e, ok := d.editors[t.Name]
		if !ok || bytes.Equal(e.schema, t.InputSchema) {
			continue
		}
		values := e.form.JSON()
		delete(d.editors, t.Name)
		ne := d.editorFor(st, t)
		_ = ne.form.SetJSON(values)
		ne.model = form.New(ne.form, st)
		ne.model.SetTitle(t.Name)
		d.size(ne.model)
	}
}

// resize lays the editors out for the pane's new size.
func (d *detail) resize(width, height int) {
	d.width, d.height = width, height
	for _, e := range d.editors {
		d.size(e.model)
	}
}

// size lays an editor out for the pane: the form, and the preview of
// its arguments beside it or under it, below its heading.
func (d *detail) size(m *form.Model) {
	m.SetSize(d.formWidth(), d.formHeight())
	h := max(3, d.height-formChrome)
	if d.width >= previewMinWidth {
		m.SetPreviewSize(d.width-d.formWidth()-2, h-1)
		return
	}
	m.SetPreviewSize(d.width, max(1, h-d.formHeight()-1))
}

// formChrome is what sits above the form at most: the title, up to three
// description lines and the tab bar, and a row to spare.
const formChrome = 6

// formHeight is the editor's height; a taller pane heading (a disconnect
// report) cuts the editor's bottom rows. Below the preview width the form
// shares its column with the preview and gets two thirds of it, as
// formTab draws it: an editor told it had more would scroll its open
// list and hint line out of sight.
func (d *detail) formHeight() int {
	h := max(3, d.height-formChrome)
	if d.width < previewMinWidth {
		h = max(3, h*2/3)
	}
	return h
}

// formWidth leaves room for the preview beside the form on wide screens.
func (d *detail) formWidth() int {
	if d.width >= previewMinWidth {
		return d.width * 3 / 5
	}
	return d.width
}

// previewMinWidth is the width from which the JSON preview sits beside the
// form instead of under it.
const previewMinWidth = 80
