package ui

import (
	"os"
	"testing"

	"github.com/toolbench/toolbench/internal/fixture/childproc"
)

// TestMain lets the ui test binary double as every stdio fixture child, so
// that the fault and hostile tests can run the workbench against real
// misbehaving servers.
func TestMain(m *testing.M) {
	childproc.MaybeServe()
	os.Exit(m.Run())
}
