package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLintTabBySeverity: the Lint tab lists a tool's errors, then its
// warnings, then its infos, under a summary row that counts them and names
// the providers whose form they block, as `toolbench lint` does.
func TestLintTabBySeverity(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "tools.json")
	// No description (an error), a number that counts (a warning), a bound
	// in prose and an optional property (infos, one blocking strict mode).
	tools := `{"tools": [{"name": "broken", "inputSchema": {"type": "object", "additionalProperties": false,
		"properties": {"page": {"type": "number", "description": "Page number, 1-based; defaults to 1."}}}}]}`
	if err := os.WriteFile(file, []byte(tools), 0o600); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, newFakeSession(t, file))
	h.selectTool("broken")
	h.key("alt+4")
	v := h.view()
	want := []string{"1 error, 1 warning, 3 infos · 1 finding blocks the openai-strict form (Providers tab)",
		"error   tool-description-missing", "warning param-number-not-integer", "info    prose-minimum",
		"info    blocks openai-strict compat-openai-strict-not-required"}
	rest := v
	for _, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("the Lint tab lacks %q after what came before:\n%s", w, v)
		}
		rest = rest[i+len(w):]
	}
}
