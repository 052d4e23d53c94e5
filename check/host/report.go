package host

import (
	"slices"
	"strings"
)

// Options say for which hosts and under which name a server is judged.
type Options struct {
	// Hosts are the hosts to judge for, in the order to show them; nil
	// means every host.
	Hosts []ID
	// Server is the key the host's configuration uses for this server:
	// Claude Code calls its tools mcp__SERVER__TOOL, and Cursor hides a
	// tool whose server and tool names reach 60 characters.
	Server string
	// ServerFrom says where Server came from (FromFlag…), for the output
	// to say, and for the rules about the key itself: only a key a
	// person wrote down (FromFlag, FromConfig, FromFile) is the name a
	// host's configuration holds; the others are guesses made to compute
	// prefixed names.
	ServerFrom string
	// Provider is the model API to judge for on hosts that let a person
	// choose their model; "" judges every provider such a host can use,
	// and each finding says which one it needs (Via).
	Provider Provider
}

// Where a server key came from: Options.ServerFrom.
const (
	FromFlag     = "flag"      // --server-name
	FromConfig   = "config"    // the server's name in an mcpServers file
	FromServer   = "server"    // the name the server reported (serverInfo.name)
	FromFile     = "file"      // a tools file's top-level "serverName"
	FromFileName = "file-name" // a tools file's base name, without extension
	FromDefault  = "default"   // nothing named it
)

// chosen reports whether a person wrote the key down (a flag, a config
// name, a tools file's "serverName"), rather than toolbench guessing it
// from what the server or a file was called.
func (o Options) chosen() bool {
	return o.ServerFrom == FromFlag || o.ServerFrom == FromConfig || o.ServerFrom == FromFile
}

// Finding is one reason for one host's verdict on one tool, or on the
// server.
type Finding struct {
	Rule    string  `json:"rule"`
	Host    ID      `json:"host"`
	Verdict Verdict `json:"verdict"`
	// Whole says the host drops the whole server, or fails every request,
	// over this tool.
	Whole bool `json:"whole,omitempty"`
	// Tool is empty for a finding about the list as a whole.
	Tool    string `json:"tool,omitempty"`
	Pointer string `json:"pointer,omitempty"`
	Field   string `json:"field,omitempty"`
	// Message says what was found in this server's tools.
	Message string `json:"message"`
	// Does says what the host does about it; Fix what to change.
	Does string `json:"does"`
	Fix  string `json:"fix,omitempty"`
	// Via is the provider whose model must be behind the host for this
	// finding to hold, on hosts that let a person choose.
	Via     Provider `json:"via,omitempty"`
	Sources []Source `json:"sources,omitempty"`
	Seen    string   `json:"seen,omitempty"`
}

// Cell is one host's verdict on one tool, or on the server, with every
// finding that led to it, worst first.
type Cell struct {
	Verdict  Verdict   `json:"verdict"`
	Findings []Finding `json:"findings"`
}

// ModelOnly is the findings behind the verdict of the cell, host id's,
// when every one of them holds only with some model behind a host that
// lets the person choose (Via): the verdict then depends on the model
// picked. It is nil when the cell works, when the host has one model
// only, or when a finding at its verdict holds whatever the model.
func (c *Cell) ModelOnly(id ID) []Finding {
	if h, ok := Lookup(id); !ok || !h.Chooses() || c == nil || c.Verdict == Works {
		return nil
	}
	var out []Finding
	for _, f := range c.Findings {
		if f.Verdict != c.Verdict {
			continue
		}
		if f.Via == "" {
			return nil
		}
		out = append(out, f)
	}
	return out
}

// Row is one tool's verdicts, by host id; Tool is empty on the
// server-level row.
type Row struct {
	Tool  string       `json:"tool,omitempty"`
	Hosts map[ID]*Cell `json:"hosts"`
}

// Report is a server judged for its hosts.
type Report struct {
	// Server and ServerFrom are Options' own: the name prefixed tool
	// names were made from, and where it came from.
	Server     string `json:"serverName"`
	ServerFrom string `json:"serverNameFrom"`
	// Provider is the model API judged for on hosts that let a person
	// choose, "any" for every one.
	Provider string `json:"provider"`
	// Hosts are the hosts judged, in the order to show them.
	Hosts []ID `json:"hosts"`
	// ServerRow holds what drops or fails the server as a whole: the
	// whole-server effects of one tool's findings, and the rules about
	// the list or the server's behaviour.
	ServerRow Row   `json:"server"`
	Tools     []Row `json:"tools"`
	// Live says whether anything a running server answered was judged
	// (list results, call results), not only a tools/list.
	Live bool `json:"live"`

	// rows finds a tool's row by name: a rule hits thousands of tools.
	rows map[string]int
}

// Options are the options the report was judged with, less the hosts: a
// host view or a later live judgement of the same server uses them.
func (r *Report) Options() Options {
	p := Provider(r.Provider)
	if r.Provider == "any" {
		p = ""
	}
	return Options{Server: r.Server, ServerFrom: r.ServerFrom, Provider: p}
}

// Cell returns the verdict of host on the tool named, or on the server
// when tool is empty; a tool the report lacks gets nil.
func (r *Report) Cell(tool string, host ID) *Cell {
	if row := r.Row(tool); row != nil {
		return row.Hosts[host]
	}
	return nil
}

// Findings lists every finding of the report: the server row's that no
// tool row holds (the list's own), then each tool's in list order, hosts in
// the report's order.
func (r *Report) Findings() []Finding {
	var out []Finding
	for _, id := range r.Hosts {
		for _, f := range r.ServerRow.Hosts[id].Findings {
			if f.Tool == "" {
				out = append(out, f)
			}
		}
	}
	for _, row := range r.Tools {
		for _, id := range r.Hosts {
			out = append(out, row.Hosts[id].Findings...)
		}
	}
	return out
}

// Worst is the most harmful verdict anywhere in the report, the server
// row included: what --fail-on compares with.
func (r *Report) Worst() Verdict {
	worst := Works
	each := func(row Row) {
		for _, c := range row.Hosts {
			worst = max(worst, c.Verdict)
		}
	}
	each(r.ServerRow)
	for _, row := range r.Tools {
		each(row)
	}
	return worst
}

func newReport(tools []string, o Options) *Report {
	hosts := o.Hosts
	if len(hosts) == 0 {
		hosts = IDs()
	}
	provider := string(o.Provider)
	if provider == "" {
		provider = "any"
	}
	r := &Report{Server: o.Server, ServerFrom: o.ServerFrom, Provider: provider, Hosts: hosts,
		ServerRow: newRow("", hosts), Tools: make([]Row, len(tools)), rows: make(map[string]int, len(tools))}
	for i, name := range tools {
		r.Tools[i] = newRow(name, hosts)
		r.rows[name] = i
	}
	return r
}

func newRow(tool string, hosts []ID) Row {
	row := Row{Tool: tool, Hosts: make(map[ID]*Cell, len(hosts))}
	for _, h := range hosts {
		row.Hosts[h] = &Cell{Findings: []Finding{}}
	}
	return row
}

// Row is the row of the tool named, the server row for "", nil for a
// tool the report lacks.
func (r *Report) Row(tool string) *Row {
	if tool == "" {
		return &r.ServerRow
	}
	if i, ok := r.rows[tool]; ok {
		return &r.Tools[i]
	}
	return nil
}

// settle orders every cell's findings worst first (in rule order among
// equals, as they were added) and sets its verdict to the worst.
func (r *Report) settle() {
	each := func(row Row) {
		for _, c := range row.Hosts {
			slices.SortStableFunc(c.Findings, func(a, b Finding) int { return int(b.Verdict) - int(a.Verdict) })
			c.Verdict = Works
			for _, f := range c.Findings {
				c.Verdict = max(c.Verdict, f.Verdict)
			}
		}
	}
	each(r.ServerRow)
	for _, row := range r.Tools {
		each(row)
	}
}

// hostName is a host's name for sentences, its id when unknown.
func hostName(id ID) string {
	if h, ok := Lookup(id); ok {
		return h.Name
	}
	return string(id)
}

// notKnown fills a rule's NotKnown sentence for one host.
func notKnown(r *Rule, id ID) string {
	return strings.ReplaceAll(r.NotKnown, "HOST", hostName(id))
}
