package ui

import (
	"os"
	"testing"

	"github.com/toolbench/toolbench/internal/fixture"
)

// TestMain lets the ui test binary double as the stdio fixture, so that the
// fault tests can run the workbench against real misbehaving servers.
func TestMain(m *testing.M) {
	fixture.MaybeServe()
	os.Exit(m.Run())
}
