package form

import (
	"strings"
	"testing"
)

func TestVariantSwitch(t *testing.T) {
	t.Parallel()
	m := newModel(load(t, "keyed_union.json"), 100, 24)
	m.SetTitle("send_notification")
	press(m, "down") // destination
	steps := []struct {
		keys []string
		json string
		row  string
	}{
		{[]string{"right"}, `{"destination":{"type":"email"}}`, "‹E-mail›"},
		{[]string{"right"}, `{"destination":{"type":"sms"}}`, "‹SMS›"},
		{[]string{"left", "left"}, `{"destination":{"type":"webhook"}}`, "‹Webhook›"},
		{[]string{"right"}, `{"destination":{"type":"email"}}`, "‹E-mail›"},
		{[]string{"right"}, `{"destination":{"type":"sms"}}`, "‹SMS›"},
	}
	for i, s := range steps {
		press(m, s.keys...)
		if got := string(m.Form().JSON()); got != s.json {
			t.Errorf("step %d: %s, want %s", i, got, s.json)
		}
		if row := rowOf(t, m, "destination"); !strings.Contains(row, s.row) {
			t.Errorf("step %d: row %q lacks %q", i, row, s.row)
		}
	}
	// Enter opens the variant's fields; the breadcrumb names the variant.
	press(m, "enter", "down")
	if v := view(m); !strings.HasPrefix(v, "send_notification › destination (SMS)\n") {
		t.Errorf("inside the variant:\n%s", v)
	}
	typeText(m, "+4915112345678")
	press(m, "enter", "esc")
	if got := string(m.Form().JSON()); got != `{"destination":{"type":"sms","phone":"+4915112345678"}}` {
		t.Errorf("after filling the SMS variant: %s", got)
	}
	// The list of actions holds unions too: a new item starts as its
	// first variant, with the discriminator set.
	press(m, "down", "enter", "ctrl+a")
	if got := string(m.Form().JSON()); !strings.Contains(got, `"actions":[{"name":"open_url"}]`) {
		t.Errorf("new action item: %s", got)
	}
	if got := strings.Join(m.Breadcrumb(), "/"); got != "actions/[0]" {
		t.Errorf("new union item not opened: breadcrumb %q", got)
	}
}

func TestMultiSelect(t *testing.T) {
	t.Parallel()
	m := newModel(compile(t, `{"type":"object","properties":{"tags":{"type":"array","items":{"enum":["bug","docs","feat"]}}}}`), 80, 20)
	press(m, "enter", "space", "down", "down", "space")
	if got := string(m.Form().JSON()); got != `{"tags":["bug","feat"]}` {
		t.Errorf("ticking bug and feat: %s", got)
	}
	if v := view(m); !strings.Contains(v, "[x] bug") || !strings.Contains(v, "[ ] docs") {
		t.Errorf("multi-select list:\n%s", v)
	}
	press(m, "up", "up", "space", "enter")
	if got := string(m.Form().JSON()); got != `{"tags":["feat"]}` {
		t.Errorf("unticking bug: %s", got)
	}
	if row := rowOf(t, m, "tags"); !strings.Contains(row, "[feat]") {
		t.Errorf("row %q does not list the pick", row)
	}
}

func TestFreeFormMap(t *testing.T) {
	t.Parallel()
	m := newModel(load(t, "free_form.json"), 100, 24)
	press(m, "down", "enter") // payload: additionalProperties true
	if v := view(m); !strings.Contains(v, "no entries: ctrl+a adds one") {
		t.Fatalf("empty map:\n%s", v)
	}
	press(m, "ctrl+a")
	if v := view(m); !strings.Contains(v, "new key:") {
		t.Fatalf("no key prompt:\n%s", v)
	}
	typeText(m, "color")
	press(m, "enter")
	typeText(m, "red")
	press(m, "enter")
	if got := string(m.Form().JSON()); got != `{"payload":{"color":"red"}}` {
		t.Errorf("string entry: %s", got)
	}
	// A taken key keeps the prompt open with the reason.
	press(m, "ctrl+a")
	typeText(m, "color")
	press(m, "enter")
	if v := view(m); !strings.Contains(v, `"color" is already there`) {
		t.Errorf("duplicate key:\n%s", v)
	}
	press(m, "backspace", "backspace", "backspace", "backspace", "backspace")
	typeText(m, "n")
	press(m, "enter", "esc", "right") // a number instead of a string
	typeText(m, "5")
	press(m, "enter")
	if got := string(m.Form().JSON()); got != `{"payload":{"color":"red","n":5}}` {
		t.Errorf("number entry: %s", got)
	}
	press(m, "up", "ctrl+d")
	if got := string(m.Form().JSON()); got != `{"payload":{"n":5}}` {
		t.Errorf("after removing color: %s", got)
	}
}

func TestListEdits(t *testing.T) {
	t.Parallel()
	m := newModel(compile(t, `{"type":"object","properties":{"ids":{"type":"array","items":{"type":"string"}}}}`), 80, 20)
	press(m, "enter")
	for _, id := range []string{"a", "b", "c"} {
		press(m, "ctrl+a")
		typeText(m, id)
		press(m, "esc")
	}
	tests := []struct {
		keys []string
		want string
	}{
		{nil, `{"ids":["a","b","c"]}`},
		{[]string{"alt+up"}, `{"ids":["a","c","b"]}`},
		{[]string{"alt+up", "alt+up"}, `{"ids":["c","a","b"]}`},
		{[]string{"alt+down"}, `{"ids":["a","c","b"]}`},
		{[]string{"ctrl+d"}, `{"ids":["a","b"]}`},
		{[]string{"ctrl+u"}, `{"ids":["a","b"]}`},
		{[]string{"up", "ctrl+d", "ctrl+d"}, `{"ids":[]}`},
	}
	for _, tt := range tests {
		press(m, tt.keys...)
		if got := string(m.Form().JSON()); got != tt.want {
			t.Errorf("after %v: %s, want %s", tt.keys, got, tt.want)
		}
	}
}

func TestFillExamples(t *testing.T) {
	t.Parallel()
	m := newModel(load(t, "create_order.json"), 100, 30)
	press(m, "down", "enter") // inside shipping_address, which the example replaces
	press(m, "ctrl+e")
	if len(m.Validate()) != 0 {
		t.Errorf("full example is invalid: %s", m.Form().JSON())
	}
	if got := strings.Join(m.Breadcrumb(), "/"); got != "shipping_address" {
		t.Errorf("after filling, the level is %q", got)
	}
	if v := view(m); strings.Contains(v, "—") {
		t.Errorf("full example left fields unset:\n%s", v)
	}
	press(m, "esc", "ctrl+o")
	if strings.Contains(string(m.Form().JSON()), "note") {
		t.Errorf("minimal example has the optional note: %s", m.Form().JSON())
	}
}

func TestToggleAndSelectCycle(t *testing.T) {
	t.Parallel()
	m := newModel(compile(t, `{"type":"object","properties":{
		"on":{"type":"boolean","default":true},
		"size":{"enum":["s","m","l"]}}}`), 80, 20)
	steps := []struct {
		keys []string
		want string
	}{
		{[]string{"space"}, `{"on":false}`},
		{[]string{"right"}, `{"on":true}`},
		{[]string{"ctrl+u", "ctrl+f"}, `{"on":true}`},
		{[]string{"down", "right"}, `{"on":true,"size":"s"}`},
		{[]string{"left"}, `{"on":true,"size":"l"}`},
		{[]string{"right", "right"}, `{"on":true,"size":"m"}`},
	}
	for _, s := range steps {
		press(m, s.keys...)
		if got := string(m.Form().JSON()); got != s.want {
			t.Errorf("after %v: %s, want %s", s.keys, got, s.want)
		}
	}
	press(m, "up")
	if row := rowOf(t, m, "on"); !strings.Contains(row, "● true") || !strings.Contains(row, "○ false") {
		t.Errorf("boolean row shows no switch: %q", row)
	}
}

// Text from the schema cannot reach the terminal as escape sequences.
func TestSchemaTextIsMadeSafe(t *testing.T) {
	t.Parallel()
	m := newModel(compile(t, `{"type":"object","properties":{
		"x\u001b[31m":{"type":"string","title":"T\u001b]52;c;aGk=\u0007","description":"d\u001b[2J"},
		"e":{"enum":["a\u001b[1m"]}}}`), 80, 20)
	v := m.View()
	if strings.Contains(v, "\x1b]52") || strings.Contains(v, "\x1b[2J") || strings.Contains(v, "\x1b[31m") {
		t.Errorf("escape sequences from the schema reached the view: %q", v)
	}
	if !strings.Contains(v, `T\e]52;c;aGk=\x07`) {
		t.Errorf("title not shown escaped: %q", v)
	}
}
