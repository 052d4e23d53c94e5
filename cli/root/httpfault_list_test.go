package root

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/toolbench/toolbench/internal/fixture/fault"
	"github.com/toolbench/toolbench/internal/fixture/httpfault"
)

// httpFaultRows are the fault matrix rows for the faults that stdio and HTTP
// share beyond calls: the handshake and tools/list. Exit codes and messages
// are the stdio rows', except that the stdio hint about stdin and stdout does
// not apply to a URL.
func httpFaultRows() []faultRow {
	return []faultRow{
		{name: fault.HangInit, args: []string{"info", "--timeout", "0.5"}, code: exitConnect, inErr: []string{
			"toolbench: initialize: no answer to initialize within 500ms"}},
		{name: httpfault.ManyTools, args: []string{"tools", "--json"}, budget: 3 * time.Minute, verify: listsManyTools},
		{name: fault.CursorLoop, args: []string{"tools"}, code: exitToolError, inErr: []string{
			`toolbench: list tools: the server repeated cursor "again" on page 2; stopping instead of looping`}},
	}
}

// TestFaultMatrixHTTPCLI runs httpFaultRows against the fault servers over
// SSE and streamable HTTP. As in TestFaultMatrixCLI, goleak checks once all
// rows are done that none left a goroutine.
func TestFaultMatrixHTTPCLI(t *testing.T) {
	ignore := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, ignore) })
	for _, kind := range []string{"sse", "http"} {
		for _, row := range httpFaultRows() {
			t.Run(kind+"/"+row.name+"/"+row.args[0], func(t *testing.T) {
				t.Parallel()
				start := httpfault.StartHTTP
				if kind == "sse" {
					start = httpfault.StartSSE
				}
				url, stop, err := start(row.name)
				if err != nil {
					t.Fatal(err)
				}
				defer stop()
				row.check(t, append(row.args, kind, url))
			})
		}
	}
}

// listsManyTools: --json lists the fault tools and every generated one,
// each once.
func listsManyTools(t *testing.T, r result) {
	t.Helper()
	var doc struct {
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	if err := json.Unmarshal([]byte(r.out), &doc); err != nil {
		t.Fatalf("--json output does not parse (%v); %d bytes", err, len(r.out))
	}
	seen := map[string]bool{}
	bulk := 0
	for _, tool := range doc.Tools {
		seen[tool.Name] = true
		if strings.HasPrefix(tool.Name, "bulk_") {
			bulk++
		}
	}
	want := httpfault.ManyToolsCount + 4
	if len(doc.Tools) != want || len(seen) != want || bulk != httpfault.ManyToolsCount {
		t.Errorf("listed %d tools (%d distinct, %d generated); want %d distinct, %d generated",
			len(doc.Tools), len(seen), bulk, want, httpfault.ManyToolsCount)
	}
}
