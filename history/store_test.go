package history

import (
	"strings"
	"testing"

	"github.com/adrg/xdg"
)

// TestDefaultDir moves xdg's state directory, a package variable, so it
// does not run in parallel.
func TestDefaultDir(t *testing.T) {
	saved := xdg.StateHome
	t.Cleanup(func() { xdg.StateHome = saved })
	tests := []struct {
		state, want, err string
	}{
		{"/home/x/.local/state", "/home/x/.local/state/toolbench", ""},
		{"relative/state", "", "not an absolute path"},
	}
	for _, tt := range tests {
		xdg.StateHome = tt.state
		got, err := DefaultDir()
		if got != tt.want || (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("DefaultDir with %q = %q, %v; want %q, %q", tt.state, got, err, tt.want, tt.err)
		}
	}
	if _, err := Open("relative", Options{}); err == nil {
		t.Error("Open(\"relative\") succeeded; want a relative directory refused")
	}
}
