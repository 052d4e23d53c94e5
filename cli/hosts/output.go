package hosts

import (
	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/check/suite"
	"github.com/toolbench/toolbench/cli/iostreams"
)

// write prints the report in the format asked for.
func (o *Options) write(r *host.Report, tools int) error {
	st := o.IO
	switch o.Format {
	case "json":
		return iostreams.WriteJSON(st.Out, jsonOf(r))
	case "sarif":
		log, err := suite.SARIF(r.LintFindings(), o.ToolsFile, o.Version)
		if err != nil {
			return err
		}
		return iostreams.WriteJSON(st.Out, log)
	}
	printReport(st, r, tools, o.Detail)
	return nil
}

// jsonReport is --json: the report keyed by host id, with each host's
// evidence date and a count of its tools per verdict.
type jsonReport struct {
	ServerName     string `json:"serverName"`
	ServerNameFrom string `json:"serverNameFrom"`
	Provider       string `json:"provider"`
	// Live says whether what a running server answered was judged
	// beyond its tools/list.
	Live     bool                       `json:"live"`
	Hosts    []host.ID                  `json:"hosts"`
	Evidence map[host.ID]string         `json:"evidence"`
	Server   map[host.ID]*host.Cell     `json:"server"`
	Tools    []jsonTool                 `json:"tools"`
	Summary  map[host.ID]map[string]int `json:"summary"`
}

// jsonTool is one tool's verdicts by host id.
type jsonTool struct {
	Name  string                 `json:"name"`
	Hosts map[host.ID]*host.Cell `json:"hosts"`
}

// jsonOf lays the report out as --json prints it.
func jsonOf(r *host.Report) jsonReport {
	out := jsonReport{ServerName: r.Server, ServerNameFrom: r.ServerFrom, Provider: r.Provider, Live: r.Live,
		Hosts: r.Hosts, Evidence: map[host.ID]string{}, Server: r.ServerRow.Hosts,
		Tools: make([]jsonTool, len(r.Tools)), Summary: map[host.ID]map[string]int{}}
	for i, row := range r.Tools {
		out.Tools[i] = jsonTool{Name: row.Tool, Hosts: row.Hosts}
	}
	for _, id := range r.Hosts {
		h, _ := host.Lookup(id)
		out.Evidence[id] = h.Evidence
		counts := map[string]int{}
		for _, v := range host.Verdicts() {
			counts[v.String()] = 0
		}
		for _, row := range r.Tools {
			counts[row.Hosts[id].Verdict.String()]++
		}
		out.Summary[id] = counts
	}
	return out
}
