package ui

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/hostrules"
	"github.com/toolbench/toolbench/target"
)

// TestHostsJudgesWhatTheServerAnswered: the workbench judges a live
// server's list answers as toolbench hosts does, not only its tools. A
// 2026-07-28 server whose lists lack ttlMs and cacheScope is hidden
// whole in Claude Code, and its twin that sends them is not; the tools
// on a tools/list page after the first are hidden in Claude Code.
func TestHostsJudgesWhatTheServerAnswered(t *testing.T) {
	t.Parallel()
	type cell struct {
		tool string
		host host.ID
		want host.Verdict
	}
	tests := []struct {
		server string
		cells  []cell
	}{
		{hostrules.CacheMissing, []cell{{"", host.ClaudeCode, host.Hidden}}},
		{hostrules.CachePresent, []cell{{"", host.ClaudeCode, host.Works}}},
		{hostrules.Paged, []cell{{"alpha", host.ClaudeCode, host.Works}, {"charlie", host.ClaudeCode, host.Hidden}}},
	}
	for _, tt := range tests {
		t.Run(tt.server, func(t *testing.T) {
			t.Parallel()
			url, stop, err := hostrules.StartHTTP(tt.server)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(stop)
			h := newLiveHarnessWith(t, target.Target{Transport: target.StreamableHTTP, URL: url}, client.Options{Timeout: 10 * time.Second})
			var r *host.Report
			h.waitUntil(func() bool {
				r = h.m.hosts.report
				return r != nil && !h.m.hosts.pending
			}, func() string { return "no host report arrived" })
			if !r.Live {
				t.Error("the report was not judged on what the server answered")
			}
			for _, c := range tt.cells {
				if got := r.Cell(c.tool, c.host); got == nil || got.Verdict != c.want {
					t.Errorf("%q in %s = %+v, want %v", c.tool, c.host, got, c.want)
				}
			}
			if tt.server != hostrules.CacheMissing {
				return
			}
			h.key("alt+w")
			v := h.waitFor("(server)", "lifecycle.2026-07-28.cache-fields")
			if row := lineWith(v, "(server)"); !strings.Contains(row, host.Hidden.Code()) {
				t.Errorf("the Hosts screen's server row does not show the server hidden: %q", row)
			}
		})
	}
}

// lineWith is the first line of v that holds s.
func lineWith(v, s string) string {
	for line := range strings.SplitSeq(v, "\n") {
		if strings.Contains(line, s) {
			return line
		}
	}
	return ""
}

// TestHostsJudgesToolsPagesWhenOtherListsFail: when the resources' and
// prompts' lists cannot be fetched, the tools/list pages are judged all
// the same, and the log says which lists were not judged and why.
func TestHostsJudgesToolsPagesWhenOtherListsFail(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, hostsTools)
	s.info.ProtocolVersion, s.info.Era = "2026-07-28", "modern"
	s.pages = []json.RawMessage{json.RawMessage(`{"tools":[]}`)}
	s.othersErr = errors.New("resources/list: -32603 boom")
	h := newHarness(t, s)
	r := h.m.hosts.report
	if r == nil {
		t.Fatal("no report")
	}
	c := r.Cell("", host.ClaudeCode)
	if c == nil || !slices.ContainsFunc(c.Findings, func(f host.Finding) bool { return f.Rule == "lifecycle.2026-07-28.cache-fields" }) {
		t.Errorf("the server in Claude Code = %+v, want the tools page without cache fields among its findings", c)
	}
	if !logHas(h, "host verdicts: the resources' and prompts' lists were not judged: resources/list: -32603 boom") {
		t.Errorf("the log does not say the other lists were not judged: %+v", h.m.log.Entries())
	}
}
