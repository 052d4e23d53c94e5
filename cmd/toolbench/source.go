package main

import (
	"context"

	"github.com/toolbench/toolbench/tool"
)

// schemaSource is where commands that judge schemas get tools from: a live
// server, or a saved tools/list result so CI can work without the server.
type schemaSource struct {
	IO      *streams
	Connect connectFunc
	Verbose bool
	// Server is the live server; nil with --tools-file.
	Server *server

	conn      connFlags
	toolsFile string
}

// resolve reads where the tools come from: --tools-file, or the server
// the arguments name.
func (o *schemaSource) resolve(f *factory, args []string) error {
	o.IO, o.Connect, o.Verbose = f.IO, f.Connect, f.global.verbose
	if o.toolsFile != "" {
		if len(args) > 0 {
			return usagef("give a server or --tools-file, not both")
		}
		return nil
	}
	srv, err := o.conn.resolve(f, args)
	if err != nil {
		return err
	}
	o.Server = &srv
	return nil
}

// loadTools reads --tools-file, or lists the tools of the live server.
func (o *schemaSource) loadTools(ctx context.Context) ([]tool.Tool, error) {
	if o.Server != nil {
		s, err := dial(ctx, o.IO, o.Connect, *o.Server, o.Verbose)
		if err != nil {
			return nil, err
		}
		defer s.Close()
		return s.ListTools(ctx)
	}
	data, err := readFileOrStdin(o.toolsFile, o.IO.In)
	if err != nil {
		return nil, usagef("--tools-file: %v", err)
	}
	tools, err := tool.ParseList(data)
	if err != nil {
		return nil, usagef("--tools-file %s: %v", o.toolsFile, err)
	}
	return tools, nil
}
