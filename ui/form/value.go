package form

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/schemaform"
)

// valueText is a row's value in at most width cells: the value itself for
// scalars, a summary for containers. Unset ("—"), null and the empty string
// ("") all look different, as they are sent differently.
func (m *Model) valueText(n *schemaform.Node, width int) string {
	st := m.st
	switch n.State() {
	case schemaform.Unset:
		if d := n.Shape.Default; d != nil {
			// Prefilled, not sent: the default shows until the field is
			// touched, and editing starts from it.
			return st.Subtle.Render(short(termsafe.Line(oneLine(string(d))), width-10) + " (default)")
		}
		return st.Subtle.Render("—")
	case schemaform.Null:
		return st.JSONLiteral.Render("null")
	}
	if n.Raw() {
		return st.Badge.Render("JSON ") + st.Text.Render(short(oneLine(n.Text()), width-5))
	}
	switch n.Shape.Kind {
	case schemaform.KindString:
		return st.JSONString.Render(`"` + short(n.Text(), width-2) + `"`)
	case schemaform.KindNumber, schemaform.KindInteger:
		return st.JSONNumber.Render(short(n.Text(), width))
	case schemaform.KindBoolean:
		return st.JSONLiteral.Render(strconv.FormatBool(n.Bool()))
	case schemaform.KindNull:
		return st.JSONLiteral.Render("null")
	case schemaform.KindConst:
		return st.Text.Render(short(oneLine(string(n.Shape.Const)), width))
	case schemaform.KindEnum:
		if c := n.Choice(); c >= 0 && c < len(n.Shape.Choices) {
			return st.Text.Render(short(n.Shape.Choices[c].Label, width))
		}
	case schemaform.KindMultiSelect:
		return st.Text.Render(short(picked(n), width))
	case schemaform.KindUnion:
		tag := st.Accent.Render("‹" + short(variantLabel(n), width/2) + "›")
		if v := variantOf(n); v != nil {
			return tag + " " + m.valueText(v, width-ansi.StringWidth(tag)-1)
		}
		return tag
	case schemaform.KindObject, schemaform.KindMap, schemaform.KindArray:
		return m.summary(n, width)
	}
	return st.Subtle.Render("—")
}

// summary describes a container; a list item also shows its JSON, which
// tells items apart better than a count.
func (m *Model) summary(n *schemaform.Node, width int) string {
	kids := n.Children()
	var s string
	switch n.Shape.Kind {
	case schemaform.KindArray:
		s = plural.Count(len(kids), "item")
	case schemaform.KindMap:
		s = plural.Count(len(kids), "entry")
	default:
		set := 0
		for _, c := range kids {
			if c.IsSet() {
				set++
			}
		}
		s = fmt.Sprintf("%s, %d set", plural.Count(len(kids), "field"), set)
	}
	out := m.st.Text.Render(s)
	if inList(n) {
		if rest := width - ansi.StringWidth(s) - 2; rest > 8 {
			out += "  " + m.st.Muted.Render(short(oneLine(string(n.JSON())), rest))
		}
	}
	return out
}

// picked lists a multi-select's chosen labels.
func picked(n *schemaform.Node) string {
	var labels []string
	for i, on := range n.Selected() {
		if on && i < len(n.Shape.Choices) {
			labels = append(labels, n.Shape.Choices[i].Label)
		}
	}
	return "[" + strings.Join(labels, ", ") + "]"
}

// short makes untrusted text safe and cuts it to width cells. It looks at
// no more of s than can be shown, so a huge value costs no more than a
// small one.
func short(s string, width int) string {
	width = max(1, width)
	if limit := 4*width + 4; len(s) > limit {
		for limit > 0 && !utf8.RuneStart(s[limit]) {
			limit--
		}
		s = s[:limit]
	}
	return ansi.Truncate(termsafe.Line(s), width, "…")
}

// oneLine compacts JSON text to one line, or joins the lines of other
// text, for a row's value.
func oneLine(s string) string {
	const most = 64 << 10
	if len(s) <= most && json.Valid([]byte(s)) {
		var b bytes.Buffer
		if json.Compact(&b, []byte(s)) == nil {
			return b.String()
		}
	}
	return strings.Join(strings.Fields(s[:min(len(s), most)]), " ")
}
