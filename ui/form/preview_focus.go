package form

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/ui/render"
)

// The preview follows the focus: of the arguments as JSON it shows the
// window of lines around the focused field's value, that value marked in
// a one-cell gutter. The JSON is indented, coloured and wrapped only when
// the arguments or the width change, and the window placed when the focus
// moves, both in Update (through layout); PreviewView only hands it over.

// previewGutter is the cell before each line that marks the focused value.
const previewGutter = 1

// previewPane is the preview's size and what it last drew.
type previewPane struct {
	width, height int
	doc           *previewDoc
	// offset is the first JSON line shown.
	offset int
	view   string
}

// previewDoc is the arguments drawn once: the lines above the JSON, the
// display lines of the JSON, and which of them each value takes.
type previewDoc struct {
	raw   []byte
	width int
	// marks are the lines pointing out JSON text sent as a string.
	marks []string
	// src are the lines of the indented JSON, drawn each into its display
	// lines; lines are those in one list.
	src   []string
	drawn [][]string
	lines []string
	spans map[string]span
}

// span is the display lines [from, to) of one value.
type span struct{ from, to int }

// SetPreviewSize sets the room of the preview PreviewView draws, in cells;
// a height of 0 draws none and costs nothing.
func (m *Model) SetPreviewSize(width, height int) {
	m.pv.width, m.pv.height = width, height
	m.refreshPreview()
}

// PreviewView is the preview of the arguments as the last message left
// it: the lines around the focused field, at most the size set by
// SetPreviewSize, its value marked. It only draws.
func (m *Model) PreviewView() string { return m.pv.view }

// refreshPreview redraws the JSON when the arguments or the width changed
// and places the window on the focused value.
func (m *Model) refreshPreview() {
	p := &m.pv
	if p.width <= previewGutter || p.height <= 0 {
		p.doc, p.view = nil, ""
		return
	}
	raw := m.form.JSON()
	if p.doc == nil || p.doc.width != p.width-previewGutter || !bytes.Equal(p.doc.raw, raw) {
		p.doc = m.drawPreview(raw, p.width-previewGutter, p.doc)
	}
	d := p.doc
	s, exact := d.focusSpan(m.focused())
	// The marks stay on top, leaving the JSON a line at least.
	marks := d.marks[:min(len(d.marks), p.height-1)]
	h := p.height - len(marks)
	p.offset = placeWindow(p.offset, s, len(d.lines), h)
	var b strings.Builder
	for _, line := range marks {
		b.WriteString(line + "\n")
	}
	end, mark := min(len(d.lines), p.offset+h), m.st.Accent.Render("▌")
	for i := p.offset; i < end; i++ {
		if exact && i >= s.from && i < s.to {
			b.WriteString(mark)
		} else {
			b.WriteByte(' ')
		}
		b.WriteString(d.lines[i])
		if i < end-1 {
			b.WriteByte('\n')
		}
	}
	p.view = b.String()
}

// placeWindow is the first line of a window of h lines out of n that
// shows s: unmoved when s is in view already, else s with up to two lines
// of context; a value taller than the window is shown from its start.
func placeWindow(offset int, s span, n, h int) int {
	if size := s.to - s.from; size >= h {
		offset = s.from
	} else {
		ctx := min(2, (h-size)/2)
		offset = min(offset, s.from-ctx)
		offset = max(offset, s.to+ctx-h)
	}
	return render.Scroll(offset, n, h)
}

// focusSpan is the lines of the focused value n. A field left out of the
// arguments gives, unmarked (exact false), the line after which it would
// go: the end of the set field before it, else its container's opening.
func (d *previewDoc) focusSpan(n *schemaform.Node) (s span, exact bool) {
	all := span{0, len(d.lines)}
	if n == nil {
		return all, false
	}
	if s, ok := d.spans[n.Pointer()]; ok {
		return s, true
	}
	for ; n.Parent != nil; n = n.Parent {
		if isUnion(n.Parent) {
			// Its variants share its pointer: they are not before n.
			continue
		}
		sibs := n.Parent.Children()
		for i := indexOf(sibs, n) - 1; i >= 0; i-- {
			if s, ok := d.spans[sibs[i].Pointer()]; ok {
				return span{s.to - 1, s.to}, false
			}
		}
		if s, ok := d.spans[n.Parent.Pointer()]; ok {
			return span{s.from, s.from + 1}, false
		}
	}
	return all, false
}

// drawPreview indents, colours and wraps the arguments to width (0: no
// wrapping), and finds the lines of each value. Lines prev drew at the
// same width are taken from it (prev may be nil).
func (m *Model) drawPreview(raw []byte, width int, prev *previewDoc) *previewDoc {
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", "  "); err != nil {
		b.Reset()
		b.Write(raw)
	}
	src := strings.Split(b.String(), "\n")
	d := &previewDoc{raw: raw, width: width}
	if marks := m.previewMarks(width); len(marks) > 0 {
		d.marks = strings.Split(strings.Join(marks, "\n"), "\n")
	}
	d.src, d.drawn = src, make([][]string, len(src))
	if prev != nil && prev.width == width {
		reuseLines(d.drawn, src, prev)
	}
	starts := make([]int, len(src)+1)
	for i, line := range src {
		if d.drawn[i] == nil {
			d.drawn[i] = strings.Split(highlightJSON(m.st, termsafe.Line(line), width), "\n")
		}
		starts[i] = len(d.lines)
		d.lines = append(d.lines, d.drawn[i]...)
	}
	starts[len(src)] = len(d.lines)
	d.spans = map[string]span{}
	for ptr, s := range valueLines(src) {
		d.spans[ptr] = span{starts[s.from], starts[s.to]}
	}
	return d
}

// reuseLines fills drawn with prev's drawing of the lines src shares with
// prev.src before its first change and after its last: an edit redraws the
// lines it changed, not a megabyte string beside them.
func reuseLines(drawn [][]string, src []string, prev *previewDoc) {
	n := min(len(src), len(prev.src))
	pre := 0
	for ; pre < n && src[pre] == prev.src[pre]; pre++ {
		drawn[pre] = prev.drawn[pre]
	}
	for k := 0; k < n-pre && src[len(src)-1-k] == prev.src[len(prev.src)-1-k]; k++ {
		drawn[len(src)-1-k] = prev.drawn[len(prev.src)-1-k]
	}
}
