package root

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/internal/peer"
)

// TestEverythingBeyondCommands runs resources, read, prompts and prompt
// against server-everything on every transport it offers.
func TestEverythingBeyondCommands(t *testing.T) {
	entry := peer.Entry(t, peer.Everything)
	targets := map[string][]string{
		"stdio": {"stdio", peer.Node(t), entry},
		"sse":   {"sse", peer.StartEverythingHTTP(t, "sse")},
		"http":  {"http", peer.StartEverythingHTTP(t, "streamableHttp")},
	}
	for name, target := range targets {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			r := runToolbench(t, ctx, "", withTarget(target, "resources", "--json")...)
			var listed struct {
				Resources []json.RawMessage `json:"resources"`
				Templates []json.RawMessage `json:"resourceTemplates"`
			}
			if err := json.Unmarshal([]byte(r.out), &listed); err != nil || len(listed.Resources) != 7 || len(listed.Templates) != 2 {
				t.Errorf("resources --json: exit %d, %v, %d and %d\n%s", r.code, err, len(listed.Resources), len(listed.Templates), r.err)
			}
			r = runToolbench(t, ctx, "", withTarget(target, "read", "demo://resource/dynamic/text/{resourceId}", "--var", "resourceId=2")...)
			if r.code != exitOK || !strings.Contains(r.out, "2") {
				t.Errorf("read: exit %d\n%s%s", r.code, r.out, r.err)
			}
			r = runToolbench(t, ctx, "", withTarget(target, "prompts")...)
			for _, w := range []string{"args-prompt", "city*, state", "completable-prompt", "resource-prompt", "simple-prompt", "4 prompts."} {
				if !strings.Contains(r.out, w) {
					t.Errorf("prompts lacks %q (exit %d):\n%s%s", w, r.code, r.out, r.err)
				}
			}
			r = runToolbench(t, ctx, "", withTarget(target, "prompt", "args-prompt", "--arg", "city=Paris")...)
			if r.code != exitOK || !strings.Contains(r.out, "── user [0] text ──") || !strings.Contains(r.out, "Paris") {
				t.Errorf("prompt: exit %d\n%s%s", r.code, r.out, r.err)
			}
			r = runToolbench(t, ctx, "", withTarget(target, "prompt", "resource-prompt", "--arg", "resourceType=Text", "--arg", "resourceId=1", "--json")...)
			if r.code != exitOK || !strings.Contains(r.out, `"type": "resource"`) {
				t.Errorf("resource-prompt --json: exit %d\n%s%s", r.code, r.out, r.err)
			}
			r = runToolbench(t, ctx, "", withTarget(target, "prompt", "args-prompt", "--arg", "state=Texas")...)
			if r.code != exitUsage || !strings.Contains(r.err, "--arg city=VALUE") {
				t.Errorf("missing city: exit %d\n%s", r.code, r.err)
			}
		})
	}
}
