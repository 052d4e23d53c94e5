package form

import (
	"fmt"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/schemaform"
)

// JSON text that does not parse is sent as a string, so nothing typed is
// lost; these say so wherever the arguments are shown or sent, so it never
// goes that way unnoticed.

// place names a value pointer for a person; the root has none.
func place(ptr string) string {
	if ptr == "" {
		return "(arguments)"
	}
	return termsafe.Line(ptr)
}

// previewMarks are the lines above the preview that point out values sent
// as strings because their JSON text does not parse. Raw fields are few, so
// walking the tree costs little next to the preview's own JSON.
func (m *Model) previewMarks(width int) []string {
	var out []string
	m.form.Root.Walk(func(n *schemaform.Node) bool {
		if n.NotJSON() != "" {
			line := m.st.Error.Render(fmt.Sprintf("✗ %s is not valid JSON: it is sent as the string shown", place(n.Pointer())))
			if width > 0 {
				line = ansi.Wrap(line, width, "")
			}
			out = append(out, line)
		}
		return true
	})
	return out
}
