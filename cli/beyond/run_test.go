package beyond

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/beyond"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/target"
)

// httpLive is a Live that dials the streamable HTTP server at its URL,
// with none of cli/root's flags: what the listings do with a session.
type httpLive string

func (u httpLive) Dial(ctx context.Context) (*client.Session, error) {
	return client.Connect(ctx, target.Target{Transport: target.StreamableHTTP, URL: string(u)}, client.Options{})
}

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
	bind := func(cmd *cobra.Command) TargetFlags { bindFake(cmd); return httpTarget(url) }
	type build func(*iostreams.Streams) *cobra.Command
	tests := []struct {
		name, key, count string
		items            int
		cmd              build
	}{
		{"resources", "resources", fmt.Sprintf("%d resources.", beyond.ResourceCount), beyond.ResourceCount,
			func(io *iostreams.Streams) *cobra.Command { return NewCmdResources(io, bind, nil) }},
		{"prompts", "prompts", "3 prompts. * required.", 3,
			func(io *iostreams.Streams) *cobra.Command { return NewCmdPrompts(io, bind, nil) }},
	}
	for _, tt := range tests {
		var out testkit.Buffer
		if err := execute(tt.cmd(&iostreams.Streams{Out: &out}), "srv"); err != nil || !strings.Contains(out.String(), tt.count) {
			t.Errorf("%s: %v, lacks %q:\n%s", tt.name, err, tt.count, out.String())
		}
		var js testkit.Buffer
		if err := execute(tt.cmd(&iostreams.Streams{Out: &js}), "--json", "srv"); err != nil {
			t.Fatalf("%s --json: %v", tt.name, err)
		}
		var got map[string][]json.RawMessage
		if err := json.Unmarshal([]byte(js.String()), &got); err != nil || len(got[tt.key]) != tt.items {
			t.Errorf("%s --json: %d items, want %d (%v):\n%s", tt.name, len(got[tt.key]), tt.items, err, js.String())
		}
	}
}

// httpTarget names the server at its URL whatever the words.
type httpTarget string

func (u httpTarget) Reach([]string) (Live, error) { return httpLive(u), nil }
