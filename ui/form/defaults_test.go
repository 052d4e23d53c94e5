package form

import (
	"strings"
	"testing"
)

// TestDefaultsPrefilled: an unset field with a default shows it, enter
// starts editing from it (so enter, enter accepts it), and typing replaces it.
func TestDefaultsPrefilled(t *testing.T) {
	t.Parallel()
	schema := `{"type":"object","properties":{"page":{"type":"integer","default":1},"unit":{"type":"string","default":"celsius"}}}`
	m := newModel(compile(t, schema), 80, 20)
	if v := view(m); !strings.Contains(v, "1 (default)") || !strings.Contains(v, `"celsius" (default)`) {
		t.Errorf("defaults are not shown prefilled:\n%s", v)
	}
	if got := string(m.Form().JSON()); got != `{}` {
		t.Errorf("a prefilled default is not sent until touched: %s", got)
	}
	press(m, "enter", "enter") // edit page from its default, accept
	typeText(m, "fahrenheit")  // typing on unit replaces its default
	press(m, "enter")
	if got := string(m.Form().JSON()); got != `{"page":1,"unit":"fahrenheit"}` {
		t.Errorf("got %s", got)
	}
}
