package root

import (
	"context"

	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/tool"
)

// schemaSource is where commands that judge schemas get tools from: a live
// server, or a saved tools/list result so CI can work without the server.
type schemaSource struct {
	reach.Live
	// live is false with --tools-file: no server is reached.
	live bool

	conn      reach.ConnFlags
	toolsFile string
}

// resolve reads where the tools come from: --tools-file, or the server
// the arguments name.
func (o *schemaSource) resolve(f *factory, args []string) error {
	o.IO, o.Verbose = f.IO, f.Verbose
	if o.toolsFile != "" {
		if len(args) > 0 {
			return usage.Errorf("give a server or --tools-file, not both")
		}
		return nil
	}
	o.live = true
	return o.conn.Bind(&f.Factory, &o.Live, args)
}

// loadTools reads --tools-file, or lists the tools of the live server.
func (o *schemaSource) loadTools(ctx context.Context) ([]tool.Tool, error) {
	if o.live {
		s, tools, err := o.Tools(ctx)
		if err != nil {
			return nil, err
		}
		s.Close()
		return tools, nil
	}
	data, err := o.IO.ReadFile(o.toolsFile)
	if err != nil {
		return nil, usage.Errorf("--tools-file: %v", err)
	}
	tools, err := tool.ParseList(data)
	if err != nil {
		return nil, usage.Errorf("--tools-file %s: %v", o.toolsFile, err)
	}
	return tools, nil
}
