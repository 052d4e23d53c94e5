package main

import (
	"context"

	"github.com/toolbench/toolbench/tool"
)

// schemaSource is where commands that judge schemas get tools from: a live
// server, or a saved tools/list result so CI can work without the server.
type schemaSource struct {
	conn      targetOptions
	toolsFile string
}

// loadTools reads --tools-file, or lists the tools of the live server.
func (o *schemaSource) loadTools(ctx context.Context, st *streams, target []string) ([]tool.Tool, error) {
	if o.toolsFile == "" {
		s, err := o.conn.connect(ctx, st, target)
		if err != nil {
			return nil, err
		}
		defer s.Close()
		return s.ListTools(ctx)
	}
	if len(target) > 0 {
		return nil, usagef("give a server or --tools-file, not both")
	}
	data, err := readFileOrStdin(o.toolsFile, st.In)
	if err != nil {
		return nil, usagef("--tools-file: %v", err)
	}
	tools, err := tool.ParseList(data)
	if err != nil {
		return nil, usagef("--tools-file %s: %v", o.toolsFile, err)
	}
	return tools, nil
}
