package lint

import (
	"strings"
	"testing"

	"github.com/toolbench/toolbench/check"
)

// key names a finding by what a test pins down.
func key(f check.Finding) string {
	return f.Severity.String() + " " + f.Rule + " " + f.Tool + " " + f.Pointer + " field=" + f.Field
}

// TestSeedCreateOrder lints the seed guide's complete example: it must get
// no errors and no warnings. The infos are the constraints it states only
// in prose and the optional fields without a default; they are listed so
// that a change in what lint says about the seed is noticed.
func TestSeedCreateOrder(t *testing.T) {
	t.Parallel()
	want := []string{
		"info prose-min-items create_order /inputSchema/properties/items/description field=/items",
		"info prose-pattern create_order /inputSchema/properties/items/items/properties/product_id/description field=/items/*/product_id",
		"info prose-minimum create_order /inputSchema/properties/items/items/properties/quantity/description field=/items/*/quantity",
		"info param-default-unstated create_order /inputSchema/properties/note field=/note",
		"info prose-max-length create_order /inputSchema/properties/note/description field=/note",
		"info param-default-unstated create_order /inputSchema/properties/payment_method field=/payment_method",
		"info prose-pattern create_order /inputSchema/properties/shipping_address/properties/phone/description field=/shipping_address/phone",
	}
	var got []string
	for _, f := range Check(loadTools(t, "create_order.json")) {
		got = append(got, key(f))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("create_order findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestSeedGoodExamples lints the seed's other good examples: nothing above
// info.
func TestSeedGoodExamples(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"get_weather.json", "search_filter.json", "batch_create.json", "create_order.json"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for _, f := range Check(loadTools(t, name)) {
				if f.Severity != check.Info {
					t.Errorf("%s: %s", key(f), f.Message)
				}
			}
		})
	}
}

// TestSeedBadExamples checks that each anti-pattern the seed warns about
// is caught by the rule made for it, and that fixes say what to write.
func TestSeedBadExamples(t *testing.T) {
	t.Parallel()
	fs := Check(loadTools(t, "bad_examples.json"))
	tests := []struct {
		name, want, fix string
	}{
		{"天气工具", "warning tool-description-vague get_weather /description field=", "what it returns"},
		{"字符串 as a description", "warning param-description-restates-type notify_receiver /inputSchema/properties/phone/description field=/phone", "11 digits"},
		{"日期 without a format", "warning param-datetime-format-missing notify_receiver /inputSchema/properties/start_date field=/start_date", `"format": "date"`},
		{"values listed in prose", "warning param-enum-in-prose search_articles /inputSchema/properties/category/description field=/category",
			`replace the prose with "enum": ["tech", "design", "marketing"]`},
		{"undescribed filter object", "warning param-description-missing search_records /inputSchema/properties/filter field=/filter", "description"},
		{"undescribed boolean", "warning param-description-missing delete_users /inputSchema/properties/include_archived field=/include_archived", "description"},
		{"default neither declared nor said", "info param-default-unstated delete_users /inputSchema/properties/include_archived field=/include_archived", `"default": false`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			for _, f := range fs {
				if key(f) == tt.want {
					if !strings.Contains(f.Fix, tt.fix) {
						t.Fatalf("fix %q does not contain %q", f.Fix, tt.fix)
					}
					return
				}
			}
			t.Fatalf("missing %s", tt.want)
		})
	}
	for _, f := range fs {
		if f.Severity == check.Error {
			t.Errorf("the bad examples are valid schemas, yet: %s: %s", key(f), f.Message)
		}
	}
}
