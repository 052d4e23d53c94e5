package iostreams

import (
	"os"
	"testing"
)

// /dev/null is a character device, not a terminal.
func TestDevNullIsNotATerminal(t *testing.T) {
	t.Parallel()
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Fatalf("%s counts as a terminal", os.DevNull)
	}
}
