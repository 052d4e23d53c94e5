package form

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/ui/theme"
)

// enumSchema is one required enum field of count choices "opt-01"...,
// described as server-everything's location is.
func enumSchema(count int, multi bool) string {
	choices := make([]string, count)
	for i := range choices {
		choices[i] = fmt.Sprintf("opt-%02d", i+1)
	}
	enum, _ := json.Marshal(choices)
	field := fmt.Sprintf(`{"type":"string","enum":%s,"description":"Choose one"}`, enum)
	if multi {
		field = fmt.Sprintf(`{"type":"array","items":{"type":"string","enum":%s},"description":"Choose some"}`, enum)
	}
	return `{"type":"object","properties":{"pick":` + field + `},"required":["pick"]}`
}

// visibleChoices lists the choices the view shows.
func visibleChoices(v string, count int) []int {
	var out []int
	for i := 1; i <= count; i++ {
		if strings.Contains(v, fmt.Sprintf("opt-%02d", i)) {
			out = append(out, i)
		}
	}
	return out
}

// An open option list shows every choice it has room for, with no blank
// line in their place, in the workbench's colours as in plain text; moving
// the cursor through it shows each choice under the cursor.
func TestDropdownShowsEveryChoice(t *testing.T) {
	t.Parallel()
	for _, count := range []int{2, 3, 5, 8, 9, 40} {
		for _, height := range []int{8, 10, 12, 16, 24} {
			for _, multi := range []bool{false, true} {
				t.Run(fmt.Sprintf("%d choices, height %d, multi %v", count, height, multi), func(t *testing.T) {
					t.Parallel()
					m := New(compile(t, enumSchema(count, multi)), theme.New(theme.DefaultPalette(true)))
					m.SetSize(60, height)
					press(m, "enter")
					if m.edit == nil {
						t.Fatalf("enter opened no list:\n%s", view(m))
					}
					shown := len(visibleChoices(view(m), count))
					want := min(count, maxListLines)
					if height >= 12 && shown != want {
						t.Errorf("the list shows %d choices, want %d:\n%s", shown, want, view(m))
					}
					if shown < min(count, minListLines) {
						t.Errorf("the list shows %d choices, want at least %d:\n%s", shown, min(count, minListLines), view(m))
					}
					seen := map[int]bool{}
					for i := 1; i <= count; i++ {
						v := view(m)
						vis := visibleChoices(v, count)
						if len(vis) != shown {
							t.Fatalf("at choice %d the list shows %d choices, it showed %d on opening:\n%s", i, len(vis), shown, v)
						}
						if !strings.Contains(v, fmt.Sprintf("› opt-%02d", i)) && !strings.Contains(v, fmt.Sprintf("› [ ] opt-%02d", i)) {
							t.Fatalf("choice %d is not under the cursor in view:\n%s", i, v)
						}
						for _, c := range vis {
							seen[c] = true
						}
						press(m, "down")
					}
					if len(seen) != count {
						t.Errorf("saw %d of %d choices", len(seen), count)
					}
				})
			}
		}
	}
}

// Filtering shows the filter as it is typed, and every matching choice.
func TestDropdownFilterShows(t *testing.T) {
	t.Parallel()
	for _, multi := range []bool{false, true} {
		t.Run(fmt.Sprintf("multi %v", multi), func(t *testing.T) {
			t.Parallel()
			m := New(compile(t, enumSchema(9, multi)), theme.New(theme.DefaultPalette(true)))
			m.SetSize(60, 16)
			press(m, "enter", "/")
			typeText(m, "opt-0")
			v := view(m)
			if !strings.Contains(v, "/opt-0") {
				t.Errorf("the filter being typed is not shown:\n%s", v)
			}
			if got := visibleChoices(v, 9); len(got) != min(9, maxListLines) {
				t.Errorf("while filtering the list shows %v:\n%s", got, v)
			}
		})
	}
}

// Long labels are cut to the width instead of wrapping onto lines the list
// does not have, and stay distinct.
func TestDropdownLongLabels(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("very long choice ", 8)
	schema := fmt.Sprintf(`{"type":"object","properties":{"pick":{"enum":[%q,%q,"last"]}}}`, long+"a", long+"b")
	m := New(compile(t, schema), theme.New(theme.DefaultPalette(true)))
	m.SetSize(50, 16)
	press(m, "enter")
	v := view(m)
	if !strings.Contains(v, "last") {
		t.Errorf("the last choice is hidden behind wrapped labels:\n%s", v)
	}
	f := m.Form()
	press(m, "down", "enter")
	var got map[string]string
	if err := json.Unmarshal(f.JSON(), &got); err != nil || got["pick"] != long+"b" {
		t.Errorf("picked %s, want the second long choice", f.JSON())
	}
}
