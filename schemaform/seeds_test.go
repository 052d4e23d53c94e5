package schemaform

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// outlineText renders an outline compactly for comparison.
func outlineText(f *Form) string {
	var b strings.Builder
	for _, r := range f.Outline() {
		req := ""
		if r.Required {
			req = "*"
		}
		fmt.Fprintf(&b, "%s%s%s %s", strings.Repeat("  ", r.Depth), r.Label, req, r.Control)
		if len(r.Constraints) > 0 {
			fmt.Fprintf(&b, " [%s]", strings.Join(r.Constraints, "; "))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func TestSeedTrees(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"get_weather.json": `(root)* subform
  city* input
  unit select [2 choices]
`,
		"search_filter.json": `(root)* subform
  keyword* input
  filter subform
    status select [3 choices]
    date_range subform
      start* input
      end* input
`,
		"batch_create.json": `(root)* subform
  items* list
    items subform
      name* input
      price* number
      quantity integer
`,
		"create_order.json": `(root)* subform
  items* list
    items subform
      product_id* input
      quantity integer [default 1]
  shipping_address* subform
    receiver* input
    phone* input
    province* input
    city* input
    detail* input
  payment_method select [3 choices]
  note input
`,
	}
	for file, want := range tests {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile("testdata/seeds/" + file)
			if err != nil {
				t.Fatal(err)
			}
			f := mustCompile(t, string(schemasIn(file, data)[0].schema))
			if got := outlineText(f); got != want {
				t.Errorf("outline:\n%s\nwant:\n%s", got, want)
			}
			checkExamples(t, f)
		})
	}
}

func TestOutlineRecursionAndSummary(t *testing.T) {
	t.Parallel()
	f := mustCompile(t, `{"type":"object","properties":{"person":{"$ref":"#/$defs/p"}},"$defs":{"p":{"type":"object","properties":{"name":{"type":"string"},"manager":{"$ref":"#/$defs/p"}}}}}`)
	rows := f.Outline()
	last := rows[len(rows)-1]
	if last.Pointer != "/person/manager" || last.Recursive != "/person" {
		t.Errorf("recursion row %+v", last)
	}
	if s := OutlineSummary(rows); s != "3 fields: 2 subform, 1 input" {
		t.Errorf("summary %q", s)
	}
}
