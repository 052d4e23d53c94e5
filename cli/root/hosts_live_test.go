package root

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/internal/fixture/hostrules"
)

// hostsJSON is the part of `hosts --json` the live tests read.
type hostsJSON struct {
	ServerName string `json:"serverName"`
	Live       bool   `json:"live"`
	Server     map[host.ID]host.Cell
	Tools      []struct {
		Name  string                `json:"name"`
		Hosts map[host.ID]host.Cell `json:"hosts"`
	} `json:"tools"`
}

// hasRule reports whether a cell holds a finding of rule at verdict v.
func hasRule(c host.Cell, rule string, v host.Verdict) bool {
	for _, f := range c.Findings {
		if f.Rule == rule && f.Verdict == v {
			return true
		}
	}
	return false
}

// TestHostsLive: `hosts` on a running server judges what it answered, not
// only its tools: a 2026-07-28 tools/list without ttlMs and cacheScope
// hides the whole server in Claude Code (and its twin with them does
// not), a paginated list hides the later tools in Claude Code before
// 2.1.144, and --probe judges the results of valid calls.
func TestHostsLive(t *testing.T) {
	t.Parallel()
	cases := []struct {
		fixture string
		args    []string
		check   func(t *testing.T, r hostsJSON)
	}{
		{hostrules.CacheMissing, nil, func(t *testing.T, r hostsJSON) {
			if !hasRule(r.Server[host.ClaudeCode], "lifecycle.2026-07-28.cache-fields", host.Hidden) {
				t.Errorf("claude-code server row: %+v", r.Server[host.ClaudeCode])
			}
		}},
		{hostrules.CachePresent, nil, func(t *testing.T, r hostsJSON) {
			for id, c := range r.Server {
				if hasRule(c, "lifecycle.2026-07-28.cache-fields", c.Verdict) {
					t.Errorf("%s: the twin with cache fields is judged for them: %+v", id, c)
				}
			}
		}},
		{hostrules.Paged, nil, func(t *testing.T, r hostsJSON) {
			last := r.Tools[len(r.Tools)-1]
			if !hasRule(last.Hosts[host.ClaudeCode], "protocol.list-pagination", host.Hidden) {
				t.Errorf("%s in claude-code: %+v", last.Name, last.Hosts[host.ClaudeCode])
			}
		}},
		{hostrules.Results, []string{"--probe"}, func(t *testing.T, r hostsJSON) {
			for _, tl := range r.Tools {
				if tl.Name == hostrules.NoStructured && !hasRule(tl.Hosts[host.ClaudeCode], "result.outputschema-without-structured", host.Rejected) {
					t.Errorf("%s in claude-code: %+v", tl.Name, tl.Hosts[host.ClaudeCode])
				}
				if tl.Name == hostrules.Small && hasRule(tl.Hosts[host.ClaudeCode], "result.size", host.Degraded) {
					t.Errorf("the small result is judged too big: %+v", tl.Hosts[host.ClaudeCode])
				}
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.fixture, func(t *testing.T) {
			t.Parallel()
			args := append([]string{"hosts", "--json", "--fail-on", "never"}, c.args...)
			r := runToolbench(t, context.Background(), "", withTarget(hostrulesArgs(c.fixture, t.Name()), args...)...)
			if r.code != exitOK {
				t.Fatalf("exit %d\n%s%s", r.code, r.out, r.err)
			}
			var got hostsJSON
			if err := json.Unmarshal([]byte(r.out), &got); err != nil {
				t.Fatalf("%v:\n%s", err, r.out)
			}
			if !got.Live || got.ServerName != hostrules.ServerName {
				t.Errorf("live %v, server name %q: want a live report named %q", got.Live, got.ServerName, hostrules.ServerName)
			}
			c.check(t, got)
		})
	}
}
