package screen

import (
	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/ui/render"
)

// HelpRows are the help screen's rows for bindings, in order.
func HelpRows(bs ...key.Binding) []render.HelpRow {
	rows := make([]render.HelpRow, 0, len(bs))
	for _, b := range bs {
		if !b.Enabled() {
			continue
		}
		rows = append(rows, render.HelpRow{Keys: b.Help().Key, Desc: b.Help().Desc, Press: firstKey(b)})
	}
	return rows
}

// Hint is the hint-line entry for b doing does, named by its first key:
// the help lists the others.
func Hint(b key.Binding, does string) [2]string {
	return [2]string{render.FirstKey(b.Help().Key), does}
}

// HintPair is one hint for two opposite bindings: "↑↓ scroll".
func HintPair(a, b key.Binding, does string) [2]string {
	return [2]string{render.KeyPair(a.Help().Key, b.Help().Key), does}
}

// firstKey is the first key b matches, "" for none.
func firstKey(b key.Binding) string {
	if ks := b.Keys(); len(ks) > 0 {
		return ks[0]
	}
	return ""
}
