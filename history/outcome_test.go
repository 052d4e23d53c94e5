package history

import "testing"

// TestRecordOutcome: each way a call ends has its word, the same in the
// workbench's history screen and in toolbench history.
func TestRecordOutcome(t *testing.T) {
	t.Parallel()
	tests := []struct {
		r    Record
		want string
	}{
		{Record{}, OutcomeOK},
		{Record{IsError: true}, OutcomeIsError},
		{Record{Output: &Output{Checked: true}}, OutcomeInvalid},
		{Record{Error: "connection closed"}, OutcomeFailed},
		{Record{Error: "call echo: cancelled", Cancelled: true}, OutcomeCancelled},
	}
	for _, tt := range tests {
		if got := tt.r.Outcome(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.r, got, tt.want)
		}
	}
}
