package form

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/schemaform"
)

// monkeyKeys are the keys a restless person presses.
var monkeyKeys = []string{"up", "down", "down", "enter", "enter", "esc", "left", "right", "space", "tab",
	"shift+tab", "ctrl+a", "ctrl+d", "ctrl+u", "ctrl+n", "ctrl+f", "ctrl+r", "ctrl+e", "ctrl+o",
	"alt+up", "alt+down", "a", "1", "-", "{", "backspace", "ctrl+s", "y", "n", "/", "pgdown", "end", "home"}

// TestMonkey presses random keys on every shape schemaform is tested with
// and on odd roots, checking after each key that nothing panics, View only
// draws, the view fits its size and the arguments are JSON.
func TestMonkey(t *testing.T) {
	t.Parallel()
	schemas := map[string]string{
		"raw root":    `not json at all`,
		"union root":  `{"oneOf":[{"type":"string"},{"type":"object","properties":{"a":{"type":"integer"}}}]}`,
		"array root":  `{"type":"array","items":{"type":"object","properties":{"x":{"type":"string"}}}}`,
		"scalar root": `{"type":"integer","minimum":3}`,
		"empty":       `{"type":"object","properties":{}}`,
	}
	files, _ := filepath.Glob("../../schemaform/testdata/shapes/*.json")
	files = append(files, "testdata/create_order.json")
	for _, file := range files {
		if raw, err := os.ReadFile(file); err == nil && len(raw) < 100<<10 {
			schemas[filepath.Base(file)] = string(raw)
		}
	}
	for name, schema := range schemas {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f, _ := schemaform.Compile([]byte(schema))
			for seed := range uint64(2) {
				// Proving View pure costs a walk of the whole model and its
				// form: one seed does it, every tenth key.
				monkey(t, f, rand.New(rand.NewPCG(seed, 7)), 150, seed == 0)
			}
		})
	}
}

func monkey(t *testing.T, f *schemaform.Form, r *rand.Rand, presses int, pure bool) {
	t.Helper()
	width, height := 20+r.IntN(100), 4+r.IntN(26)
	m := newModel(f, width, height)
	var trail []string
	for i := range presses {
		k := monkeyKeys[r.IntN(len(monkeyKeys))]
		trail = append(trail, k)
		press(m, k)
		if pure && i%10 == 9 {
			assertPureView(t, m, trail)
		}
		lines := strings.Split(m.View(), "\n")
		if len(lines) > height {
			t.Fatalf("%d lines for height %d after %v:\n%s", len(lines), height, trail, view(m))
		}
		for _, l := range lines {
			if w := ansi.StringWidth(l); w > width {
				t.Fatalf("line of width %d > %d after %v: %q", w, width, trail, ansi.Strip(l))
			}
		}
		if !json.Valid(m.Form().JSON()) {
			t.Fatalf("arguments are not JSON after %v: %s", trail, m.Form().JSON())
		}
		if m.level != nil && !attached(m.level, f.Root) {
			t.Fatalf("level left the tree after %v", trail)
		}
	}
}
