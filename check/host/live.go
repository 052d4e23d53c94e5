package host

import (
	"encoding/json"
	"slices"

	"github.com/toolbench/toolbench/tool"
)

// AddLists judges what a live server answered to its list requests (every
// page of tools/list and the other lists, its instructions, on the era it
// negotiated) with the catalogue's list rules, puts the findings in the
// server row (and in a tool's row where a hit names a tool the report has),
// marks the report live and settles every verdict again.
func (r *Report) AddLists(ls Lists) {
	l := listFromPages(ls, r.Server, r.ServerFrom)
	p := r.Options().Provider
	for _, rule := range catalogue {
		if rule.detectLists == nil {
			continue
		}
		for _, h := range rule.detectLists(l, ls) {
			r.apply(rule, nil, h, p)
		}
	}
	r.Live = true
	r.settle()
}

// AddFindings puts findings made apart from the report (JudgeResult's,
// of a call's result) in their tools' rows, and a whole-server one in the
// server row too, marks the report live and settles every verdict again.
// A finding about a tool the report lacks is left out.
func (r *Report) AddFindings(fs []Finding) {
	for _, f := range fs {
		row := r.Row(f.Tool)
		if row == nil || row.Hosts[f.Host] == nil {
			continue
		}
		r.add(row, f.Host, []Finding{f})
	}
	r.Live = true
	r.settle()
}

// listFromPages is the tools the tools/list pages carried, in order; a
// tool that does not parse is left out (the static rules judge the list
// the client made).
func listFromPages(ls Lists, server, from string) *List {
	var tools []tool.Tool
	for _, pg := range ls.Pages {
		if pg.Method != "tools/list" {
			continue
		}
		for _, raw := range pageTools(pg.Raw) {
			if t, err := tool.Parse(raw); err == nil {
				tools = append(tools, t)
			}
		}
	}
	return newList(tools, Options{Server: server, ServerFrom: from})
}

// pageTools is a tools/list page's tools as sent; nil when it has none.
func pageTools(raw json.RawMessage) []json.RawMessage {
	var page struct {
		Tools []json.RawMessage `json:"tools"`
	}
	if json.Unmarshal(raw, &page) != nil {
		return nil
	}
	return page.Tools
}

// JudgeResult is the host findings one call result earns, for o.Hosts (all
// when nil), worst first: the catalogue's result rules applied to the
// result as sent, t being the tool as listed (its outputSchema and _meta
// matter).
func JudgeResult(t tool.Tool, result json.RawMessage, o Options) []Finding {
	hosts := o.Hosts
	if len(hosts) == 0 {
		hosts = IDs()
	}
	s := &Subject{Tool: t, Server: o.Server}
	out := []Finding{}
	for _, rule := range catalogue {
		if rule.detectResult == nil {
			continue
		}
		for _, h := range rule.detectResult(s, result) {
			for _, id := range hosts {
				out = append(out, findingsFor(rule, id, s, h, o.Provider)...)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Finding) int { return int(b.Verdict) - int(a.Verdict) })
	return out
}

// callResult is the part of a tools/call result the result rules read.
type callResult struct {
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	StructuredContent json.RawMessage `json:"structuredContent"`
	IsError           bool            `json:"isError"`
}

// parseResult reads a call result; ok is false when it is not a JSON
// object, and then no result rule can say anything of it.
func parseResult(raw json.RawMessage) (callResult, bool) {
	var r callResult
	if json.Unmarshal(raw, &r) != nil {
		return r, false
	}
	if string(r.StructuredContent) == "null" {
		r.StructuredContent = nil
	}
	return r, true
}

// texts are the result's text blocks' texts, in order.
func (r callResult) texts() []string {
	var out []string
	for _, c := range r.Content {
		if c.Type == "text" {
			out = append(out, c.Text)
		}
	}
	return out
}
