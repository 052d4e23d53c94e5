package suite

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/tool"
)

func TestSARIF(t *testing.T) {
	t.Parallel()
	tools := []tool.Tool{{Name: "t", InputSchema: json.RawMessage(`{"type":"object","properties":{"a":{"type":"strin"}}}`)}}
	findings := Check(tools)
	log, err := SARIF(findings, "tools.json", "1.2.3")
	if err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if log.Version != "2.1.0" || run.Tool.Driver.Version != "1.2.3" || len(run.Results) != len(findings) {
		t.Fatalf("log %+v", log)
	}
	listed := map[string]int{}
	for _, r := range run.Tool.Driver.Rules {
		listed[r.ID]++
		if r.ShortDescription.Text == "" || r.DefaultConfiguration.Level == "" {
			t.Errorf("rule %+v is not described", r)
		}
	}
	for i, f := range findings {
		res := run.Results[i]
		if listed[f.Rule] != 1 || res.RuleID != f.Rule || res.Locations[0].PhysicalLocation.ArtifactLocation.URI != "tools.json" ||
			res.Locations[0].LogicalLocations[0].FullyQualifiedName != "t"+f.Pointer {
			t.Errorf("result %+v for finding %+v (rule listed %d times)", res, f, listed[f.Rule])
		}
	}
	if len(listed) == 0 || listed["tool-description-missing"] != 1 || listed["type-unknown"] != 1 {
		t.Errorf("rules %v", listed)
	}
	stdin, _ := SARIF(findings, "-", "1.2.3")
	if stdin.Runs[0].Results[0].Locations[0].PhysicalLocation != nil {
		t.Error("a tools list read from stdin got a file location")
	}
}

// TestSARIFRefusesUnregisteredRules: the writer used to invent an entry for
// an id no table listed; a finding like that is now a bug it reports.
func TestSARIFRefusesUnregisteredRules(t *testing.T) {
	t.Parallel()
	_, err := SARIF([]check.Finding{{Rule: "made-up", Tool: "t", Pointer: "/name", Message: "m"}}, "", "v")
	if err == nil || !strings.Contains(err.Error(), "made-up") {
		t.Errorf("err = %v", err)
	}
}

func TestCheckOrdersByToolThenSeverity(t *testing.T) {
	t.Parallel()
	tools := []tool.Tool{
		{Name: "b", Description: "Looks things up in the catalogue and returns the matching entries.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"x":{"type":"string"}}}`)},
		{Name: "a.b"},
		{Name: "b"},
	}
	fs := Check(tools)
	last := map[string]int{"b": 0, "a.b": 1}
	pos, prev := 0, check.Error
	for _, f := range fs {
		if last[f.Tool] < pos {
			t.Fatalf("tool %s comes after a later tool's findings:\n%v", f.Tool, fs)
		}
		if last[f.Tool] > pos {
			pos, prev = last[f.Tool], check.Error
		}
		if f.Severity < prev {
			t.Fatalf("%s: %s (%v) after a milder finding", f.Tool, f.Rule, f.Severity)
		}
		prev = f.Severity
	}
	if len(fs) == 0 || fs[len(fs)-1].Tool != "a.b" {
		t.Errorf("findings %v", fs)
	}
}
