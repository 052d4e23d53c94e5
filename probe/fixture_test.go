package probe

import (
	"context"
	"testing"
	"time"
)

// TestFixture probes the fixture's tools over stdio: the verdicts it is
// built to produce, and the read-only policy.
func TestFixture(t *testing.T) {
	t.Parallel()
	tests := []struct {
		tool        string
		destructive bool
		verdict     Verdict
		valid       string // message of the last valid call
		output      string // "valid", "invalid", "unchecked", or "" when no valid call was accepted
	}{
		{"echo", false, Pass, "accepted", "unchecked"},
		{"weather_ok", false, Pass, "accepted", "valid"},
		{"weather_broken", false, Fail, "structuredContent does not match the outputSchema (3 violations)", "invalid"},
		{"weather_missing", false, Fail, "structuredContent is missing, but the tool declares an outputSchema", "invalid"},
		{"fail", false, Fail, MsgRejectedValid, ""},
		{"save_contact", false, Skip, "", ""},
		{"save_contact", true, Warn, "accepted", "unchecked"},
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			t.Parallel()
			s, tools, _ := open(t, fixtureTarget(t), 10*time.Second)
			r := Run(context.Background(), s, only(tools, tt.tool), Options{AllowDestructive: tt.destructive})
			tr := toolReport(t, r, tt.tool)
			if tr.Verdict != tt.verdict {
				t.Fatalf("verdict %s, want %s: %+v", tr.Verdict, tt.verdict, tr)
			}
			if tt.verdict == Skip {
				if tr.Skipped != MsgNotReadOnly || len(tr.Valid) != 0 {
					t.Errorf("skip: %+v", tr)
				}
				return
			}
			if last := tr.Valid[len(tr.Valid)-1]; last.Message != tt.valid {
				t.Errorf("valid call: %q, want %q", last.Message, tt.valid)
			}
			if got := outputState(tr); got != tt.output {
				t.Errorf("output %q, want %q: %+v", got, tt.output, tr.Output)
			}
		})
	}
}

func outputState(tr Tool) string {
	switch v := tr.Output; {
	case v == nil:
		return ""
	case !v.Checked:
		return "unchecked"
	case v.Valid:
		return "valid"
	}
	return "invalid"
}
