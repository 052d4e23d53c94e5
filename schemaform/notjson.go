package schemaform

import (
	"errors"
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// NotJSON says what is wrong with the text of a node edited as JSON when
// that text is not JSON, and returns "" otherwise (and for nodes not
// edited as text). Such text is sent as a JSON string, so nothing typed is
// lost; Validate reports it at the node so it is never sent that way
// silently, even where the schema accepts a string.
func (n *Node) NotJSON() string {
	if n.state != Set || !n.Raw() {
		return ""
	}
	if strings.TrimSpace(n.text) == "" {
		return `empty: it is sent as the string ""; type a JSON value or unset the field`
	}
	_, err := jsondoc.Parse([]byte(n.text))
	if err == nil {
		return ""
	}
	var se *SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("not valid JSON at byte %d (%s): it is sent as a string", se.Offset, se.Msg)
	}
	return "not valid JSON (" + err.Error() + "): it is sent as a string"
}

// notJSONIssues are the nodes whose JSON text does not parse, one issue
// each, in the order of the tree.
func (f *Form) notJSONIssues() []Issue {
	var out []Issue
	f.Root.Walk(func(n *Node) bool {
		if msg := n.NotJSON(); msg != "" {
			out = append(out, Issue{Node: n, NotJSON: true, Violation: Violation{InstancePath: n.Pointer(), Message: msg}})
		}
		return true
	})
	return out
}
