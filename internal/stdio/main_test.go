package stdio

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain checks that no test leaves a goroutine behind: Serve promises to
// return only when everything it started has ended.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}
