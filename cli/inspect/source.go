package inspect

import (
	"context"

	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/tool"
)

// Source is where the commands that judge schemas get tools from: a live
// server, or a saved tools/list result so CI can work without the server.
type Source struct {
	reach.Live
	// OnServer is false with --tools-file: no server is reached.
	OnServer bool
	// ToolsFile is --tools-file: a saved tools/list result, - for stdin.
	ToolsFile string

	conn reach.ConnFlags
	// reported is the name the live server gave, and data the tools
	// file read: what names the server for the hosts (lint --host).
	reported string
	data     []byte
}

// resolve reads where the tools come from: --tools-file, or the server
// the arguments name.
func (o *Source) resolve(f *reach.Factory, args []string) error {
	o.IO, o.Verbose = f.IO, f.Verbose
	if o.ToolsFile != "" {
		if len(args) > 0 {
			return usage.Errorf("give a server or --tools-file, not both")
		}
		return nil
	}
	o.OnServer = true
	return o.conn.Bind(f, &o.Live, args)
}

// loadTools reads --tools-file, or lists the tools of the live server.
func (o *Source) loadTools(ctx context.Context) ([]tool.Tool, error) {
	if o.OnServer {
		s, tools, err := o.Tools(ctx)
		if err != nil {
			return nil, err
		}
		o.reported = s.Info().Name
		s.Close()
		return tools, nil
	}
	data, err := o.IO.ReadFile(o.ToolsFile)
	if err != nil {
		return nil, usage.Errorf("--tools-file: %v", err)
	}
	tools, err := tool.ParseList(data)
	if err != nil {
		return nil, usage.Errorf("--tools-file %s: %v", o.ToolsFile, err)
	}
	o.data = data
	return tools, nil
}

// serverKey is the key a host's configuration gives the server, and where
// it came from, as every command judging for hosts names it: flag (the
// command's --server-name), the config name, the name the server reported
// when loadTools listed it, the tools file's "serverName", its base name.
func (o *Source) serverKey(flag string) (name, from string) {
	keys := reach.KeySources{Flag: flag, Reported: o.reported}
	if o.OnServer {
		keys.Config = o.Server.Target.Name
	} else {
		keys.File, keys.Data = o.ToolsFile, o.data
	}
	return reach.ServerKey(keys)
}
