package target

import (
	"strings"
	"testing"
)

func TestTargetStringRedacts(t *testing.T) {
	t.Parallel()
	tg := Target{Transport: StreamableHTTP, URL: "http://user:pw@host/mcp?api_key=K"}
	if s := tg.String(); strings.Contains(s, "pw") || strings.Contains(s, "=K") || strings.Contains(s, "user") {
		t.Errorf("String() leaks a secret: %q", s)
	}
	// A config server's credential flags are what -v prints it with.
	st := Target{Transport: Stdio, Command: "srv", Args: []string{"--api-key", "k-next-2", "--password=pw-inline", "--port", "8080"}}
	if s := st.String(); s != "srv --api-key *** --password=*** --port 8080" {
		t.Errorf("String() = %q; want the flags' values redacted", s)
	}
}
