package snapshot

import "encoding/json"

// Severity says whether a change breaks those who use the server.
type Severity string

// The severities, worst first.
const (
	// Breaking is a change that can make a call that worked fail, or a
	// client reading structuredContent misread it.
	Breaking Severity = "breaking"
	// NonBreaking is every other change: additions, loosened bounds,
	// new wording.
	NonBreaking Severity = "non-breaking"
)

// Kinds of item a Group is about.
const (
	KindTool             = "tool"
	KindResource         = "resource"
	KindResourceTemplate = "resourceTemplate"
	KindPrompt           = "prompt"
)

// Change is one difference between two snapshots.
type Change struct {
	// Severity is Breaking or NonBreaking.
	Severity Severity `json:"severity"`
	// Rule names the classification, stable for scripts: "tool-removed",
	// "required-added", "enum-value-removed", "maximum-lowered", ...
	Rule string `json:"rule"`
	// Pointer is where in the item (the tool object) the change is, as
	// a JSON pointer into the new side, or the old one for a removal:
	// "/inputSchema/properties/owner".
	Pointer string `json:"pointer"`
	// Old and New are the values on each side; nil where absent.
	Old json.RawMessage `json:"old,omitempty"`
	New json.RawMessage `json:"new,omitempty"`
	// Summary says what changed, in a short English sentence.
	Summary string `json:"summary"`
	// Text is a word diff of Old and New, for changed descriptions and
	// titles; nil otherwise.
	Text []Edit `json:"text,omitempty"`
}

// Edit is one run of a word diff.
type Edit struct {
	// Op is "=", "-" or "+".
	Op string `json:"op"`
	// Text is the run of words, with their spacing.
	Text string `json:"text"`
}

// Group is the changes of one item, breaking first.
type Group struct {
	// Kind is KindTool, KindResource, KindResourceTemplate or KindPrompt.
	Kind string `json:"kind"`
	// Name is the tool's or prompt's name, the resource's URI or the
	// template's uriTemplate.
	Name string `json:"name"`
	// Changes are its changes.
	Changes []Change `json:"changes"`
}

// Report is every difference between two snapshots, grouped by item in
// the new snapshot's order (removed items after, in the old one's).
type Report struct {
	// Groups are the items that changed.
	Groups []Group `json:"groups"`
	// Breaking and NonBreaking count the changes of each severity.
	Breaking    int `json:"breaking"`
	NonBreaking int `json:"nonBreaking"`
}

// Empty reports whether nothing changed.
func (r *Report) Empty() bool { return r == nil || len(r.Groups) == 0 }
