package host

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// refSite is one $ref of an inputSchema: the schema object that holds it,
// the reference as written, and the argument it is about (its path and
// how a detail names it), taken during the walk.
type refSite struct {
	v                *jsondoc.Value
	ref, field, name string
}

// inputRefs lists every $ref of the tool's inputSchema, in document order.
func inputRefs(s *Subject) []refSite {
	if !mentions(s.Tool.InputSchema, "$ref") {
		return nil
	}
	var out []refSite
	eachInput(s, func(n schemaNode) {
		if ref, ok := n.v.GetString("$ref"); ok {
			out = append(out, refSite{v: n.v, ref: ref, field: n.field(), name: fieldName(n)})
		}
	})
	return out
}

// refHits makes a hit of each $ref that keep accepts.
func refHits(s *Subject, what string, keep func(ref string) bool) []Hit {
	var hits []Hit
	for _, r := range inputRefs(s) {
		if keep(r.ref) {
			hits = append(hits, Hit{Tool: s.Tool.Name, Pointer: keywordPointer(r.v, "$ref"), Field: r.field,
				Detail: fmt.Sprintf("%s has the %s$ref %q", r.name, what, r.ref)})
		}
	}
	return hits
}

// localRef reports a reference into the same schema: a fragment.
func localRef(ref string) bool { return strings.HasPrefix(ref, "#") }

// defsRef reports a reference to a definition, the form every resolver
// the catalogue describes handles.
func defsRef(ref string) bool {
	return strings.HasPrefix(ref, "#/$defs/") || strings.HasPrefix(ref, "#/definitions/")
}

// Others is Works: $ref and $defs are JSON Schema the Anthropic API
// validates (Claude Code fixed calling tools with nested references in
// 2.0.50, CHANGELOG L4781), and only these hosts are sourced as refusing
// or rewriting them.
var ruleRef = add(&Rule{
	ID:      "schema.$ref",
	Summary: "The inputSchema uses $ref.",
	Scope:   ToolScope,
	Effects: []Effect{
		{Host: GeminiCLI, Verdict: Rejected, Whole: true,
			Does:    "Sends the schema as parametersJsonSchema, and the Gemini API has answered 400 (\"reference to undefined schema at properties.X.anyOf.1\") for $defs references, failing every request.",
			Fix:     fixInlineRefs,
			Sources: []Source{geminiRefs, geminiRefs2}, Seen: "2025-11"},
		{Host: Zed, Via: Gemini, Verdict: Hidden,
			Does:    "Cannot make a schema with $ref fit Gemini's subset (\"Schema cannot be made compatible\") and does not send the tool to a Gemini model.",
			Fix:     fixInlineRefs,
			Sources: []Source{zedSchema, zedGemini}, Seen: "2025–26"},
		{Host: Codex, Verdict: Degraded,
			Does:    "Inlines each local $ref when it normalises the schema, keeping only the keywords it knows.",
			Fix:     fixInlineRefs,
			Sources: []Source{codexSchema}, Seen: "2026", applies: refIsLocal},
	},
	Others: Works,
	// Codex's source inlines local $refs; what it does with another is
	// not known.
	Declined: Unknown,
	NotKnown: "No source says what HOST does with a $ref that does not point into the schema.",
	detect:   func(s *Subject) []Hit { return refHits(s, "", func(string) bool { return true }) },
})

// refIsLocal applies an effect to a hit whose $ref is a fragment.
func refIsLocal(s *Subject, h Hit) (string, bool) {
	v := s.Input().Lookup(strings.TrimPrefix(h.Pointer, "/inputSchema"))
	return "", localRef(v.Text())
}

// Others is Unknown: resolvers that handle only #/$defs/ and
// #/definitions/ are common (LibreChat's until 2026-07-07, LibreChat#14161;
// later Zed versions), and no source says which hosts resolve the rest.
var ruleRefNonDefs = add(&Rule{
	ID:      "schema.$ref.non-defs",
	Summary: "A $ref points into the schema somewhere other than #/$defs/ or #/definitions/.",
	Scope:   ToolScope,
	Effects: []Effect{
		{Host: Codex, Verdict: Degraded,
			Does:    "Resolves the local $ref and inlines it when it normalises the schema.",
			Fix:     "Move the shared schema under $defs and point the $ref at #/$defs/NAME.",
			Sources: []Source{codexSchema}, Seen: "2026"},
	},
	Others:   Unknown,
	NotKnown: "No source says whether HOST resolves a $ref outside #/$defs/ and #/definitions/ (LibreChat did not before 2026-07-07).",
	detect: func(s *Subject) []Hit {
		return refHits(s, "non-definition ", func(ref string) bool { return localRef(ref) && !defsRef(ref) })
	},
})

// Others is Unknown, with no effect: no host is sourced as fetching a
// remote schema, and none as failing on one; the inspector's portability
// lint warns about them.
var ruleRefRemote = add(&Rule{
	ID:       "schema.$ref.remote",
	Summary:  "A $ref points outside the schema (a URL or another document).",
	Scope:    ToolScope,
	Others:   Unknown,
	NotKnown: "No source says what HOST does with a $ref outside the schema; no host is known to fetch one.",
	detect: func(s *Subject) []Hit {
		return refHits(s, "remote ", func(ref string) bool { return !localRef(ref) })
	},
})

// Others is Unknown: a recursive schema is valid JSON Schema every host
// must take or refuse, and only these are sourced.
var ruleCyclicRef = add(&Rule{
	ID:      "schema.cyclic-ref",
	Summary: "The inputSchema's $refs form a cycle (a recursive schema).",
	Scope:   ToolScope,
	Effects: []Effect{
		{Host: GeminiCLI, Verdict: Rejected, Whole: true,
			Does:    "The Gemini API fails the whole request (schema depth, 400 INVALID_ARGUMENT); Gemini CLI adds that it was \"probably caused by cyclic schema references\" and names the tools.",
			Fix:     fixBoundRecursion,
			Sources: []Source{geminiCyclic, geminiRefs}, Seen: "2026-08"},
		{Host: Codex, Verdict: Degraded,
			Does:    "Stops inlining at the cycle and falls back to a permissive schema there.",
			Fix:     fixBoundRecursion,
			Sources: []Source{codexSchema}, Seen: "2026"},
	},
	Others:   Unknown,
	NotKnown: "No source says what HOST does with a recursive inputSchema.",
	detect:   detectCyclicRef,
})

// detectCyclicRef finds the $refs that close a cycle: each resolves to a
// schema that, through $refs written inside it, leads back to itself.
func detectCyclicRef(s *Subject) []Hit {
	sites := inputRefs(s)
	if len(sites) == 0 {
		return nil
	}
	refs := jsondoc.NewRefs(s.Input(), "toolbench:///inputSchema.json")
	targets := make([]*jsondoc.Value, len(sites))
	for i, r := range sites {
		targets[i], _ = refs.Resolve(r.ref, r.v)
	}
	g := refGraph{sites: sites, targets: targets, state: map[*jsondoc.Value]int{}}
	for i := range sites {
		g.visit(i)
	}
	var hits []Hit
	for _, i := range g.closing {
		r := sites[i]
		hits = append(hits, Hit{Tool: s.Tool.Name, Pointer: keywordPointer(r.v, "$ref"), Field: r.field,
			Detail: fmt.Sprintf("$ref %q at %s leads back to itself: %s contains it", r.ref, r.v.Pointer(), targets[i].Pointer())})
	}
	return hits
}

// refGraph is a depth-first search over $ref targets: an edge goes from
// the site of a $ref to every site inside the schema it resolves to.
type refGraph struct {
	sites   []refSite
	targets []*jsondoc.Value
	// state is 1 while a target's sites are being explored, 2 after.
	state map[*jsondoc.Value]int
	// closing are the sites whose $ref closes a cycle, each once.
	closing []int
}

func (g *refGraph) visit(i int) {
	t := g.targets[i]
	if t == nil || g.state[t] == 2 {
		return
	}
	if g.state[t] == 1 {
		if !slices.Contains(g.closing, i) {
			g.closing = append(g.closing, i)
		}
		return
	}
	g.state[t] = 1
	for j, r := range g.sites {
		if within(t, r.v) {
			g.visit(j)
		}
	}
	g.state[t] = 2
}

// within reports whether the schema v sits inside t, or is t.
func within(t, v *jsondoc.Value) bool {
	tp, vp := t.Pointer(), v.Pointer()
	return vp == tp || strings.HasPrefix(vp, tp+"/")
}

// The fixes the $ref rules suggest, one wording each.
const (
	fixInlineRefs     = "Inline the definitions the $refs point to."
	fixBoundRecursion = "Bound the recursion: write out the nesting a model needs (two or three levels) without a $ref back."
)
