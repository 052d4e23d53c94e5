package form

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestBreadcrumbNarrowKeepsLevel: three levels down, in the detail pane
// of an 80-column terminal (39 cells when the list takes half) and of a
// 120-column one (59), the breadcrumb is cut from the left and ends with
// the level shown; in 120 cells it is whole.
func TestBreadcrumbNarrowKeepsLevel(t *testing.T) {
	t.Parallel()
	schema := `{"type":"object","properties":{"customer":{"type":"object","properties":{
		"billing_address":{"type":"object","properties":{
		"postal_code_and_region":{"type":"object","properties":{"code":{"type":"string"}}}}}}}}}`
	tests := []struct {
		width int
		want  string
	}{
		{39, "… › postal_code_and_region"},
		{59, "… › customer › billing_address › postal_code_and_region"},
		{120, "create_customer_subscription › customer › billing_address › postal_code_and_region"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.width), func(t *testing.T) {
			t.Parallel()
			m := newModel(compile(t, schema), tt.width, 12)
			m.SetTitle("create_customer_subscription")
			press(m, "enter", "enter", "enter")
			if got := strings.Join(m.Breadcrumb(), "/"); got != "customer/billing_address/postal_code_and_region" {
				t.Fatalf("not three levels down: %q", got)
			}
			line := strings.SplitN(view(m), "\n", 2)[0]
			if line != tt.want || ansi.StringWidth(line) > tt.width {
				t.Errorf("breadcrumb %q, want %q", line, tt.want)
			}
		})
	}
}
