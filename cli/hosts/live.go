package hosts

import (
	"context"
	"fmt"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/probe"
	"github.com/toolbench/toolbench/tool"
)

// judgeLive judges a running server: its tools/list statically, then what
// it answered to every list request on the era it negotiated (cache
// fields, pagination, instructions), then with --probe the results of the
// probe's valid calls, all in one session.
func (o *Options) judgeLive(ctx context.Context) error {
	s, err := o.Dial(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	tools, lists, err := listLive(ctx, s)
	if err != nil {
		return err
	}
	reach.OpenSchemaCache(o.Server.Target).Refresh(tools)
	name, from := reach.ServerKey(reach.KeySources{Flag: o.ServerName, Config: o.Config, Reported: s.Info().Name})
	opts := host.Options{Hosts: o.Hosts, Server: name, ServerFrom: from, Provider: o.Provider}
	r := host.Judge(tools, opts)
	r.AddLists(lists)
	if o.Probe {
		o.judgeProbe(ctx, s, tools, r, opts)
	}
	if err := o.write(r, len(tools)); err != nil {
		return err
	}
	return o.FailOn.check(r)
}

// listLive lists the tools, keeping every list page as sent: tools/list's
// from the same requests the tools came from, then the resources' and
// prompts' the server declares.
func listLive(ctx context.Context, s *client.Session) ([]tool.Tool, host.Lists, error) {
	info := s.Info()
	ls := host.Lists{Era: info.Era, ProtocolVersion: info.ProtocolVersion, Instructions: info.Instructions}
	tools, pages, err := s.ListToolsPages(ctx)
	if err != nil {
		return nil, ls, err
	}
	for i, raw := range pages {
		ls.Pages = append(ls.Pages, host.ListPage{Method: "tools/list", Page: i + 1, Raw: raw})
	}
	others, err := s.ListOtherPages(ctx)
	if err != nil {
		return nil, ls, fmt.Errorf("list resources and prompts for the host rules: %w", err)
	}
	for _, p := range others {
		ls.Pages = append(ls.Pages, host.ListPage{Method: p.Method, Page: p.Page, Raw: p.Raw})
	}
	return tools, ls, nil
}

// judgeProbe makes the probe's valid calls (no invalid ones: the results
// are what the hosts judge) and adds the host findings of each accepted
// result to the report.
func (o *Options) judgeProbe(ctx context.Context, s *client.Session, tools []tool.Tool, r *host.Report, opts host.Options) {
	pr := probe.Run(ctx, s, tools, probe.Options{AllowDestructive: o.AllowDestructive, MaxCases: -1, CallTimeout: probe.DefaultCallTimeout})
	byName := make(map[string]tool.Tool, len(tools))
	for _, t := range tools {
		byName[t.Name] = t
	}
	for _, pt := range pr.Tools {
		if pt.Result != nil {
			r.AddFindings(host.JudgeResult(byName[pt.Name], pt.Result, opts))
		}
	}
}
