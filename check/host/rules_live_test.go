package host

import (
	"strings"
	"testing"

	"github.com/toolbench/toolbench/tool"
)

// listReport judges the tools of the tools/list pages of ls, then adds the
// live list rules.
func listReport(t *testing.T, ls Lists) *Report {
	t.Helper()
	var tools []tool.Tool
	for _, s := range listFromPages(ls, "planted", FromFlag).Subjects {
		tools = append(tools, s.Tool)
	}
	r := Judge(tools, Options{Server: "planted", Hosts: []ID{ClaudeCode, ClaudeDesktop, Cursor, Goose}})
	r.AddLists(ls)
	return r
}

// TestAddLists: each list rule puts its verdicts where they belong, server
// row or tool row, and its twin puts none.
func TestAddLists(t *testing.T) {
	t.Parallel()
	three := []ListPage{
		page("tools/list", 1, `{"tools":`+toolsJSON("a", "b")+`,"nextCursor":"2"}`),
		page("tools/list", 2, `{"tools":`+toolsJSON("c")+`,"nextCursor":"3"}`),
		page("tools/list", 3, `{"tools":`+toolsJSON("d")+`}`),
	}
	type cell struct {
		tool string
		host ID
		want Verdict
	}
	tests := []struct {
		name string
		ls   Lists
		rule string
		want []cell
	}{
		{"2026-07-28 tools/list without cache fields", Lists{Era: "modern", ProtocolVersion: "2026-07-28",
			Pages: []ListPage{page("tools/list", 1, `{"tools":`+toolsJSON("a")+`,"resultType":"complete"}`)}},
			"lifecycle.2026-07-28.cache-fields", []cell{{"", ClaudeCode, Hidden}, {"", Cursor, Unknown}, {"a", ClaudeCode, Works}}},
		{"2026-07-28 ttlMs of the wrong type", Lists{Era: "modern", ProtocolVersion: "2026-07-28",
			Pages: []ListPage{page("tools/list", 1, `{"tools":[],"ttlMs":"60","cacheScope":"private"}`)}},
			"lifecycle.2026-07-28.cache-fields", []cell{{"", ClaudeCode, Hidden}}},
		{"2026-07-28 prompts/list without cache fields", Lists{Era: "modern", ProtocolVersion: "2026-07-28",
			Pages: []ListPage{page("tools/list", 1, `{"tools":[],"ttlMs":0,"cacheScope":"public"}`), page("prompts/list", 1, `{"prompts":[]}`)}},
			"lifecycle.2026-07-28.cache-fields", []cell{{"", ClaudeCode, Degraded}}},
		{"three pages", Lists{Era: "legacy", ProtocolVersion: "2025-11-25", Pages: three},
			"protocol.list-pagination", []cell{{"a", ClaudeCode, Works}, {"c", ClaudeCode, Hidden}, {"d", ClaudeCode, Hidden},
				{"d", Goose, Unknown}, {"a", Goose, Works}, {"d", ClaudeDesktop, Works}, {"", ClaudeCode, Works}}},
		{"long instructions", Lists{Era: "legacy", Instructions: strings.Repeat("é", 2049)},
			"instructions.len.2048", []cell{{"", ClaudeCode, Degraded}, {"", Cursor, Unknown}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := listReport(t, tt.ls)
			if !r.Live {
				t.Error("the report is not marked live")
			}
			for _, c := range tt.want {
				got := r.Cell(c.tool, c.host)
				if got.Verdict != c.want {
					t.Errorf("%q in %s = %v, want %v; findings %s", c.tool, c.host, got.Verdict, c.want, describe(got.Findings))
				}
				for _, f := range got.Findings {
					if f.Rule != tt.rule {
						t.Errorf("%q in %s: finding of %s, want only %s", c.tool, c.host, f.Rule, tt.rule)
					}
				}
			}
		})
	}
}

// TestAddListsTwins: lists that keep every list rule add nothing.
func TestAddListsTwins(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		ls   Lists
	}{
		{"2026-07-28 with cache fields", Lists{Era: "modern", ProtocolVersion: "2026-07-28", Instructions: strings.Repeat("i", 2048),
			Pages: []ListPage{page("tools/list", 1, `{"tools":`+toolsJSON("a")+`,"ttlMs":0,"cacheScope":"private","resultType":"complete"}`),
				page("resources/list", 1, `{"resources":[],"ttlMs":60000,"cacheScope":"public"}`)}}},
		{"2025-11-25 without cache fields", Lists{Era: "legacy", ProtocolVersion: "2025-11-25",
			Pages: []ListPage{page("tools/list", 1, `{"tools":`+toolsJSON("a")+`}`)}}},
		{"one page", Lists{Era: "legacy", Pages: []ListPage{page("tools/list", 1, `{"tools":`+toolsJSON("a", "b")+`}`)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := listReport(t, tt.ls)
			rows := append([]Row{r.ServerRow}, r.Tools...)
			for _, row := range rows {
				for id, c := range row.Hosts {
					if len(c.Findings) != 0 {
						t.Errorf("%q in %s: findings %s, want none", row.Tool, id, describe(c.Findings))
					}
				}
			}
		})
	}
}

// TestPaginationPast256: in a paginated list, Claude Desktop keeps the
// first 256 tools in response order and hides the rest.
func TestPaginationPast256(t *testing.T) {
	t.Parallel()
	names := make([]string, 300)
	for i := range names {
		names[i] = "t" + strings.Repeat("0", 3-len(itoa(i))) + itoa(i)
	}
	ls := Lists{Era: "legacy", Pages: []ListPage{
		page("tools/list", 1, `{"tools":`+toolsJSON(names[:200]...)+`,"nextCursor":"x"}`),
		page("tools/list", 2, `{"tools":`+toolsJSON(names[200:]...)+`}`),
	}}
	r := listReport(t, ls)
	for _, c := range []struct {
		tool string
		want Verdict
	}{{names[0], Works}, {names[255], Works}, {names[256], Hidden}, {names[299], Hidden}} {
		if got := r.Cell(c.tool, ClaudeDesktop); got.Verdict != c.want {
			t.Errorf("%s in claude-desktop = %v, want %v; findings %s", c.tool, got.Verdict, c.want, describe(got.Findings))
		}
	}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
