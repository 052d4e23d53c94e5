package root

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/internal/peer"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/tool"
)

// TestEverythingCommands runs tools and call against the official
// server-everything on every transport it offers.
func TestEverythingCommands(t *testing.T) {
	entry := peer.Entry(t, peer.Everything)
	targets := map[string][]string{
		"stdio":     {"stdio", peer.Node(t), entry},
		"sse":       {"sse", peer.StartEverythingHTTP(t, "sse")},
		"http":      {"http", peer.StartEverythingHTTP(t, "streamableHttp")},
		"bare URL":  {peer.StartEverythingHTTP(t, "streamableHttp")},
		"bare /sse": {peer.StartEverythingHTTP(t, "sse")},
	}
	for name, target := range targets {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			r := runToolbench(t, ctx, "", withTarget(target, "tools", "--json")...)
			var listed struct {
				Tools []struct {
					Name string `json:"name"`
				} `json:"tools"`
			}
			if err := json.Unmarshal([]byte(r.out), &listed); err != nil || len(listed.Tools) < 12 {
				t.Fatalf("tools --json: exit %d, %v\n%s%s", r.code, err, r.out, r.err)
			}
			r = runToolbench(t, ctx, "", withTarget(target, "call", "get-structured-content", "--arg", "location=New York")...)
			if r.code != exitOK || !strings.Contains(r.out, "✓ structuredContent matches the outputSchema") {
				t.Errorf("call: exit %d\n%s%s", r.code, r.out, r.err)
			}
			if strings.HasPrefix(name, "bare") {
				r = runToolbench(t, ctx, "", withTarget(target, "info", "-v")...)
				want := map[string]string{"bare URL": "over streamable HTTP", "bare /sse": "over SSE"}[name]
				if !strings.Contains(r.err, want) {
					t.Errorf("-v does not say which transport was used (want %q):\n%s", want, r.err)
				}
			}
			r = runToolbench(t, ctx, "", withTarget(target, "call", "get-sum", "--arg", "a=2", "--arg", "b=3.5")...)
			if r.code != exitOK || !strings.Contains(r.out, "5.5") {
				t.Errorf("get-sum: exit %d\n%s%s", r.code, r.out, r.err)
			}
		})
	}
}

// TestPeerSchemasRenderNatively lists the live reference servers' tools and
// requires every input and output schema to compile to a form with no raw
// JSON field and no warning.
func TestPeerSchemasRenderNatively(t *testing.T) {
	t.Parallel()
	mem := t.TempDir() + "/memory.json"
	servers := map[string][]string{
		"everything": {"stdio", peer.Node(t), peer.Entry(t, peer.Everything)},
		"memory":     {"-e", "MEMORY_FILE_PATH=" + mem, peer.Node(t), peer.Entry(t, peer.Memory)},
		"filesystem": {peer.Node(t), peer.Entry(t, peer.Filesystem), t.TempDir()},
	}
	for name, target := range servers {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := runToolbench(t, context.Background(), "", withTarget(target, "tools", "--json")...)
			tools, err := tool.ParseList([]byte(r.out))
			if err != nil || len(tools) == 0 {
				t.Fatalf("tools: exit %d, %v\n%s", r.code, err, r.err)
			}
			for _, tool := range tools {
				for which, schema := range map[string][]byte{"input": tool.InputSchema, "output": tool.OutputSchema} {
					if schema == nil {
						continue
					}
					f, err := schemaform.Compile(schema)
					if err != nil || len(f.Warnings) > 0 {
						t.Errorf("%s %s: %v %+v", tool.Name, which, err, f.Warnings)
					}
					for _, row := range f.Outline() {
						if row.Control == "raw JSON" {
							t.Errorf("%s %s: raw JSON field at %s", tool.Name, which, row.Pointer)
						}
					}
				}
			}
		})
	}
}
