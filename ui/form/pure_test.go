package form

import (
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/internal/snapshot"
)

// huhState is state that huh's fields own: their View restyles them on
// every call, which is huh's business, so only their identity counts.
func huhState(t reflect.Type) bool { return strings.HasPrefix(t.PkgPath(), "charm.land/huh/") }

// assertPureView draws m twice and checks that both frames are the same
// and that drawing changed no value the editor can reach.
func assertPureView(t *testing.T, m *Model, trail []string) {
	t.Helper()
	before := snapshot.Take(m, huhState)
	first := m.View()
	after := snapshot.Take(m, huhState)
	second := m.View()
	if first != second {
		t.Fatalf("two frames in a row differ after %v:\n%s\n---\n%s", trail, first, second)
	}
	if before != after {
		t.Fatalf("View changed the editor's state after %v:\n%s", trail, firstDifference(before, after))
	}
}

// firstDifference shows where two snapshots part.
func firstDifference(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-200)
	return "before: …" + a[from:min(len(a), i+200)] + "\nafter:  …" + b[from:min(len(b), i+200)]
}

// TestUnboundKeysDoNothing presses, on rows of every kind, each printable
// key and each named key that no binding of the key map names: none may
// change the editor or its form. Rows that take typing (text, numbers,
// JSON) are left out, as every printable key starts an edit there.
func TestUnboundKeysDoNothing(t *testing.T) {
	t.Parallel()
	bound := map[string]bool{}
	for _, g := range DefaultKeyMap().FullHelp() {
		for _, b := range g.Bindings {
			for _, k := range b.Keys() {
				bound[k] = true
			}
		}
	}
	var keys []tea.KeyPressMsg
	for r := rune(' ' + 1); r < 0x7f; r++ {
		keys = append(keys, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	for r := 'a'; r <= 'z'; r++ {
		keys = append(keys, tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl}, tea.KeyPressMsg{Code: r, Mod: tea.ModAlt})
	}
	for _, c := range []rune{tea.KeyBackspace, tea.KeyDelete, tea.KeyInsert, tea.KeyF1, tea.KeyF5} {
		keys = append(keys, tea.KeyPressMsg{Code: c})
	}
	f := load(t, "create_order.json")
	m := newModel(f, 100, 20)
	for row := range len(m.rows()) {
		m.setCursor(row)
		m.layout()
		if typable(m.selected()) {
			continue
		}
		for _, k := range keys {
			if bound[k.String()] {
				continue
			}
			before := snapshot.Take(m, huhState)
			action, cmd := m.Update(k)
			if after := snapshot.Take(m, huhState); after != before || action != ActionNone || cmd != nil {
				t.Errorf("row %d: %q is in no binding but changed the editor:\n%s", row, k.String(), firstDifference(before, after))
			}
		}
	}
}
