package check

import (
	"reflect"
	"testing"
)

func TestRegistry(t *testing.T) {
	t.Parallel()
	var r Registry
	a := r.Add("rule-a", Error, "A.")
	b := r.Add("rule-b", Info, "B.")
	if a.String() != "rule-a" || b.Severity() != Info {
		t.Errorf("ids: %s %v", a, b.Severity())
	}
	want := []Rule{{"rule-a", Error, "A."}, {"rule-b", Info, "B."}}
	if got := r.Rules(); !reflect.DeepEqual(got, want) {
		t.Errorf("Rules() = %v", got)
	}
	f := a.Finding("t", "/inputSchema", "/x", "msg", "fix")
	if want := (Finding{Rule: "rule-a", Severity: Error, Tool: "t", Pointer: "/inputSchema", Field: "/x", Message: "msg", Fix: "fix"}); !reflect.DeepEqual(f, want) {
		t.Errorf("Finding = %+v", f)
	}
}

func TestZeroRuleIDPanics(t *testing.T) {
	t.Parallel()
	defer func() {
		if recover() == nil {
			t.Error("a finding from the zero RuleID did not panic")
		}
	}()
	RuleID{}.Finding("t", "", "", "msg", "")
}
