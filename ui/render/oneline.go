package render

import (
	"strings"

	"github.com/toolbench/toolbench/internal/termsafe"
)

// OneLine is a JSON value (a change's side, a check's expected value) on
// one line, escaped; "—" where it is absent (nil).
func OneLine(v []byte) string {
	if v == nil {
		return "—"
	}
	return termsafe.Line(strings.Join(strings.Fields(string(v)), " "))
}
