package beyond

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/beyond"
	"github.com/toolbench/toolbench/internal/testkit"
)

// TestListingsOfAServer runs each listing against the fixture server that
// offers resources, templates and prompts: the table's count line, and
// --json with every item the server sent, all pages followed.
func TestListingsOfAServer(t *testing.T) {
	t.Parallel()
	url, stop, err := beyond.StartHTTP(beyond.Legacy)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	type build func(*reach.Factory) *cobra.Command
	tests := []struct {
		name, key, count string
		items            int
		cmd              build
	}{
		{"resources", "resources", fmt.Sprintf("%d resources.", beyond.ResourceCount), beyond.ResourceCount,
			func(f *reach.Factory) *cobra.Command { return NewCmdResources(f, nil) }},
		{"prompts", "prompts", "3 prompts. * required.", 3,
			func(f *reach.Factory) *cobra.Command { return NewCmdPrompts(f, nil) }},
	}
	for _, tt := range tests {
		var out testkit.Buffer
		if err := execute(tt.cmd(onHTTP(&out)), "--auth", "off", "http", url); err != nil || !strings.Contains(out.String(), tt.count) {
			t.Errorf("%s: %v, lacks %q:\n%s", tt.name, err, tt.count, out.String())
		}
		var js testkit.Buffer
		if err := execute(tt.cmd(onHTTP(&js)), "--json", "--auth", "off", "http", url); err != nil {
			t.Fatalf("%s --json: %v", tt.name, err)
		}
		var got map[string][]json.RawMessage
		if err := json.Unmarshal([]byte(js.String()), &got); err != nil || len(got[tt.key]) != tt.items {
			t.Errorf("%s --json: %d items, want %d (%v):\n%s", tt.name, len(got[tt.key]), tt.items, err, js.String())
		}
	}
}

// onHTTP is the factory of a listing that really connects, printing to
// out: the server is named by its URL with OAuth off, as a person would.
func onHTTP(out *testkit.Buffer) *reach.Factory {
	return &reach.Factory{IO: &iostreams.Streams{Out: out, Err: &testkit.Buffer{}}, Connect: client.Connect}
}
