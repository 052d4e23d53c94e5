package host

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf16"
)

// The report of Claude Code rejecting a whole tools/list on 2026-07-28, and
// the specification that makes the fields required.
var (
	kaiboCacheFields = Source{Ref: "tobert/kaibo commit 6b3a3d2 (PR #142)", Date: "2026-08-10"}
	specCacheFields  = Source{Ref: "modelcontextprotocol/modelcontextprotocol schema/2026-07-28/schema.json @b0f60ba CacheableResult L122, ListToolsResult L1941 (required: cacheScope, resultType, ttlMs)", Date: "2026-08-22"}
)

// cachedResults are the results the 2026-07-28 schema requires ttlMs and
// cacheScope on, by method, with the schema definition that says so.
var cachedResults = map[string]string{
	"tools/list":               "ListToolsResult",
	"resources/list":           "ListResourcesResult",
	"resources/templates/list": "ListResourceTemplatesResult",
	"prompts/list":             "ListPromptsResult",
	"resources/read":           "ReadResourceResult",
}

// cacheVersion is the first protocol version whose list results carry the
// cache fields.
const cacheVersion = "2026-07-28"

var _ = add(&Rule{
	ID:      "lifecycle.2026-07-28.cache-fields",
	Summary: "On protocol 2026-07-28, a list or read result lacks ttlMs or cacheScope, or has one of another type.",
	Scope:   ServerScope,
	Live:    true,
	Effects: []Effect{
		{Host: ClaudeCode, Verdict: Hidden, Whole: true,
			Does:    "Validates the tools/list result against the 2026-07-28 schema and rejects it whole: the session shows the server with zero tools.",
			Fix:     `Send "ttlMs" (an integer ≥ 0; 0 means do not cache) and "cacheScope" ("private" or "public") on every list and read result of a 2026-07-28 session.`,
			Sources: []Source{kaiboCacheFields, specCacheFields}, Seen: "2026-08",
			applies: onMethod("tools/list", true)},
		{Host: ClaudeCode, Verdict: Degraded,
			Does:    "Validates every 2026-07-28 result against that version's schema, so this list or read result is rejected and what it carries is lost (the report saw tools/list; its fix filled all four lists and resources/read).",
			Fix:     `Send "ttlMs" and "cacheScope" on every list and read result of a 2026-07-28 session.`,
			Sources: []Source{kaiboCacheFields, specCacheFields}, Seen: "2026-08",
			applies: onMethod("tools/list", false)},
	},
	Others:      Unknown,
	NotKnown:    "No source says whether HOST enforces ttlMs and cacheScope on 2026-07-28 list results.",
	detectLists: detectCacheFields,
})

// onMethod accepts list hits about method (want true) or about any other
// method (want false): a cache-fields hit's case is its method.
func onMethod(method string, want bool) func(*Subject, Hit) (string, bool) {
	return func(_ *Subject, h Hit) (string, bool) { return "", h.Is(method) == want }
}

// detectCacheFields finds every page of a 2026-07-28 session's list and
// read results that lacks ttlMs or cacheScope or sends one malformed.
func detectCacheFields(_ *List, ls Lists) []Hit {
	if !modernLists(ls) {
		return nil
	}
	var hits []Hit
	for _, pg := range ls.Pages {
		def, ok := cachedResults[pg.Method]
		if !ok {
			continue
		}
		if problems := cacheProblems(pg.Raw); len(problems) > 0 {
			hits = append(hits, Hit{Cases: []string{pg.Method}, Detail: fmt.Sprintf("%s page %d (%s) %s; the %s schema's %s requires both",
				pg.Method, pg.Page, ls.ProtocolVersion, strings.Join(problems, " and "), cacheVersion, def)})
		}
	}
	return hits
}

// modernLists reports whether the session agreed 2026-07-28 or later.
func modernLists(ls Lists) bool {
	if ls.ProtocolVersion != "" {
		return ls.ProtocolVersion >= cacheVersion
	}
	return ls.Era == "modern"
}

// cacheProblems says what is wrong with a result's cache fields, nothing
// when both are present and well-formed.
func cacheProblems(raw json.RawMessage) []string {
	var r struct {
		TTL   json.RawMessage `json:"ttlMs"`
		Scope json.RawMessage `json:"cacheScope"`
	}
	if json.Unmarshal(raw, &r) != nil {
		return []string{"is not a JSON object"}
	}
	var out []string
	var ttl float64
	switch {
	case r.TTL == nil:
		out = append(out, "has no ttlMs")
	case json.Unmarshal(r.TTL, &ttl) != nil || ttl < 0 || ttl != float64(int64(ttl)):
		out = append(out, fmt.Sprintf("has ttlMs %s, not an integer ≥ 0", r.TTL))
	}
	var scope string
	switch {
	case r.Scope == nil:
		out = append(out, "has no cacheScope")
	case json.Unmarshal(r.Scope, &scope) != nil || (scope != "private" && scope != "public"):
		out = append(out, fmt.Sprintf(`has cacheScope %s, not "private" or "public"`, r.Scope))
	}
	return out
}

// The CHANGELOG line of Claude Code's first-page-only bug, and Cowork's
// 256-tool cap.
var (
	ccPaginationFix = Source{Ref: "anthropics/claude-code CHANGELOG.md @5cfc0a1 L1932 (2.1.144)", Date: "2026-08-22"}
	coworkCap       = []Source{{Ref: "anthropics/claude-ai-mcp#587", Date: "2026-07-09"}, {Ref: "anthropics/claude-code#77704", Date: "2026-07-15"}}
)

// coworkKeeps is how many tools Claude Desktop / Cowork registers per
// connector, in response order.
const coworkKeeps = 256

var _ = add(&Rule{
	ID:      "protocol.list-pagination",
	Summary: "tools/list comes in more than one page (a nextCursor), so a host must follow it to see every tool.",
	Scope:   ServerScope,
	Live:    true,
	Effects: []Effect{
		{Host: ClaudeCode, Verdict: Hidden,
			Does:    "Before 2.1.144 reads only the first page of tools/list, so tools on later pages are silently missing; 2.1.144 and later read every page.",
			Fix:     "Send every tool in one tools/list page, or require Claude Code 2.1.144 or later.",
			Sources: []Source{ccPaginationFix}, Seen: "before 2.1.144 (fixed in 2.1.144)",
			applies: onCase(caseLaterPage)},
		{Host: ClaudeDesktop, Verdict: Hidden,
			Does:    "Keeps exactly the first 256 tools of a connector in response order and registers none of the rest, without a warning.",
			Fix:     "Offer at most 256 tools, the most important first.",
			Sources: coworkCap, Seen: "2026-07",
			applies: onCase(caseBeyondCowork)},
	},
	Others:      Unknown,
	NotKnown:    "No source says whether HOST reads every page of a paginated tools/list, or how many tools it keeps.",
	detectLists: detectPagination,
})

// The cases of protocol.list-pagination: a tool on a later page, and a
// tool past the 256 Claude Desktop keeps.
const (
	caseLaterPage    = "later-page"
	caseBeyondCowork = "beyond-256"
)

// detectPagination finds, in a tools/list of more than one page, each tool
// after the first page and each tool after the 256th.
func detectPagination(_ *List, ls Lists) []Hit {
	var pages [][]json.RawMessage
	for _, pg := range ls.Pages {
		if pg.Method == "tools/list" {
			pages = append(pages, pageTools(pg.Raw))
		}
	}
	if len(pages) < 2 {
		return nil
	}
	var hits []Hit
	pos := 0
	for p, tools := range pages {
		for i, raw := range tools {
			name := toolName(raw)
			if p > 0 {
				hits = append(hits, Hit{Tool: name, Pointer: fmt.Sprintf("/pages/%d/tools/%d", p, i), Cases: []string{caseLaterPage},
					Detail: fmt.Sprintf("%q is on page %d of %d of tools/list", name, p+1, len(pages))})
			}
			if pos >= coworkKeeps {
				hits = append(hits, Hit{Tool: name, Pointer: fmt.Sprintf("/tools/%d", pos), Cases: []string{caseBeyondCowork},
					Detail: fmt.Sprintf("%q is tool %d of the paginated tools/list, after the first %d", name, pos+1, coworkKeeps)})
			}
			pos++
		}
	}
	return hits
}

// toolName is a listed tool's name, "" when it has none.
func toolName(raw json.RawMessage) string {
	var t struct {
		Name string `json:"name"`
	}
	_ = json.Unmarshal(raw, &t)
	return t.Name
}

// ccInstructionsCap is where Claude Code cuts a server's instructions, in
// UTF-16 code units (JavaScript's string length).
const ccInstructionsCap = 2048

var _ = add(&Rule{
	ID:      "instructions.len.2048",
	Summary: "The server's instructions are longer than 2,048 characters.",
	Scope:   ServerScope,
	Live:    true,
	Effects: []Effect{
		{Host: ClaudeCode, Verdict: Degraded,
			Does: "Cuts the server's instructions at 2,048 characters without a log line; with several servers the combined block is cut mid-sentence.",
			Fix:  "Keep the instructions under 2,048 characters, the essentials first; move detail into tool descriptions or a resource.",
			Sources: []Source{{Ref: "anthropics/claude-code#81268", Date: "2026-07-26"}, {Ref: "anthropics/claude-code#43474", Date: "2026-04-04"},
				{Ref: "anthropics/claude-code CHANGELOG.md @5cfc0a1 L3210 (2.1.84)", Date: "2026-08-22"}},
			Seen: "2.1.84+"},
	},
	Others:      Unknown,
	NotKnown:    "No source says whether HOST cuts or drops long server instructions.",
	detectLists: detectInstructionsLen,
})

// detectInstructionsLen finds instructions past Claude Code's cap, and says
// where the cut falls.
func detectInstructionsLen(_ *List, ls Lists) []Hit {
	units := utf16.Encode([]rune(ls.Instructions))
	if len(units) <= ccInstructionsCap {
		return nil
	}
	kept := string(utf16.Decode(units[:ccInstructionsCap]))
	tail := []rune(kept)
	if len(tail) > 40 {
		tail = tail[len(tail)-40:]
	}
	return []Hit{{Detail: fmt.Sprintf("the server's instructions are %s characters (UTF-16 code units); the first 2,048 end at %q and the last %s are cut",
		thousands(len(units)), string(tail), thousands(len(units)-ccInstructionsCap))}}
}
