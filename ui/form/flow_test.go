package form

import (
	"strings"
	"testing"
)

// fillCreateOrder fills the seed create_order form through the keyboard
// only, the way a person would.
func fillCreateOrder(t *testing.T, m *Model) {
	t.Helper()
	// items: open the list, add two items, fill each item's subform.
	press(m, "enter", "ctrl+a")
	typeText(m, "PRD-000001")
	press(m, "enter")
	typeText(m, "2")
	press(m, "enter", "esc", "ctrl+a")
	typeText(m, "PRD-000002")
	press(m, "enter", "ctrl+f") // quantity: accept the schema's default, 1
	press(m, "esc", "esc")
	// shipping_address: all five fields, enter moving to the next.
	press(m, "down", "enter")
	for _, v := range []string{"张三", "13800138000", "浙江省", "杭州市", "西湖区文三路 100 号"} {
		typeText(m, v)
		press(m, "enter")
	}
	press(m, "esc")
	// payment_method: pick from the select's list.
	press(m, "down", "enter", "down", "enter")
}

func TestCreateOrderFlow(t *testing.T) {
	t.Parallel()
	m := newModel(load(t, "create_order.json"), 100, 30)
	m.SetTitle("create_order")
	fillCreateOrder(t, m)
	want := `{"items":[{"product_id":"PRD-000001","quantity":2},{"product_id":"PRD-000002","quantity":1}],` +
		`"shipping_address":{"receiver":"张三","phone":"13800138000","province":"浙江省","city":"杭州市","detail":"西湖区文三路 100 号"},` +
		`"payment_method":"wechat_pay"}`
	if got := string(m.Form().JSON()); got != want {
		t.Fatalf("arguments\n got %s\nwant %s", got, want)
	}
	if a := press(m, "ctrl+s"); a != ActionSubmit {
		t.Errorf("ctrl+s on a valid form gave %v, want ActionSubmit; view:\n%s", a, view(m))
	}
	v := view(m)
	for _, s := range []string{"items *", "2 items", "payment_method", "wechat_pay", "note", "—"} {
		if !strings.Contains(v, s) {
			t.Errorf("root view lacks %q:\n%s", s, v)
		}
	}
}

func TestBreadcrumb(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		keys  []string
		want  []string
		crumb string
	}{
		{"top", nil, nil, "create_order\n"},
		{"shipping_address", []string{"down", "enter"}, []string{"shipping_address"}, "create_order › shipping_address\n"},
		{"second item", []string{"enter", "ctrl+a", "esc", "ctrl+a"}, []string{"items", "[1]"}, "create_order › items › [1]\n"},
		{"back up", []string{"enter", "ctrl+a", "esc"}, []string{"items"}, "create_order › items\n"},
		{"esc to top", []string{"down", "enter", "esc"}, nil, "create_order\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := newModel(load(t, "create_order.json"), 80, 20)
			m.SetTitle("create_order")
			press(m, tt.keys...)
			if got := m.Breadcrumb(); strings.Join(got, "/") != strings.Join(tt.want, "/") {
				t.Errorf("Breadcrumb() = %q, want %q", got, tt.want)
			}
			if v := view(m); !strings.HasPrefix(v, tt.crumb) {
				t.Errorf("view starts %q, want %q:\n%s", strings.SplitN(v, "\n", 2)[0], tt.crumb, v)
			}
		})
	}
}

func TestEscAtTopIsBack(t *testing.T) {
	t.Parallel()
	m := newModel(load(t, "create_order.json"), 80, 20)
	if a := press(m, "down", "enter", "esc"); a != ActionNone {
		t.Errorf("esc inside a subform gave %v, want ActionNone", a)
	}
	if a := press(m, "esc"); a != ActionBack {
		t.Errorf("esc at the top gave %v, want ActionBack", a)
	}
}

// Looking into an optional subform or list without changing anything
// leaves the arguments as they were.
func TestOpeningChangesNothing(t *testing.T) {
	t.Parallel()
	m := newModel(load(t, "create_order.json"), 80, 20)
	press(m, "enter", "esc", "down", "enter", "down", "esc")
	if got := string(m.Form().JSON()); got != `{}` {
		t.Errorf("after browsing, arguments are %s, want {}", got)
	}
	press(m, "up", "enter", "ctrl+a", "esc", "esc")
	if got := string(m.Form().JSON()); got != `{"items":[{}]}` {
		t.Errorf("after adding an item, arguments are %s", got)
	}
}

// A new Model for the same Form shows everything entered before, as after
// a reconnect.
func TestValuesSurviveNewModel(t *testing.T) {
	t.Parallel()
	f := load(t, "create_order.json")
	m := newModel(f, 100, 30)
	fillCreateOrder(t, m)
	before := string(f.JSON())
	m2 := newModel(f, 100, 30)
	if got := string(m2.Form().JSON()); got != before {
		t.Fatalf("new model sees %s, want %s", got, before)
	}
	press(m2, "down", "enter")
	if v := view(m2); !strings.Contains(v, `"13800138000"`) {
		t.Errorf("shipping_address in the new model lacks the phone:\n%s", v)
	}
}

func TestJumpTo(t *testing.T) {
	t.Parallel()
	m := newModel(load(t, "create_order.json"), 100, 30)
	fillCreateOrder(t, m)
	tests := []struct {
		ptr   string
		ok    bool
		crumb string
		row   string
	}{
		{"/items/1/quantity", true, "items/[1]", "› quantity"},
		{"/shipping_address/city", true, "shipping_address", "› city"},
		{"/payment_method", true, "", "› payment_method"},
		{"/items/7", false, "", ""},
		{"/nope/x", false, "", ""},
	}
	for _, tt := range tests {
		if ok := m.JumpTo(tt.ptr); ok != tt.ok {
			t.Errorf("JumpTo(%q) = %v, want %v", tt.ptr, ok, tt.ok)
			continue
		}
		if !tt.ok {
			continue
		}
		if got := strings.Join(m.Breadcrumb(), "/"); got != tt.crumb {
			t.Errorf("JumpTo(%q): breadcrumb %q, want %q", tt.ptr, got, tt.crumb)
		}
		if v := view(m); !strings.Contains(v, tt.row) {
			t.Errorf("JumpTo(%q): %q not selected:\n%s", tt.ptr, tt.row, v)
		}
	}
}
