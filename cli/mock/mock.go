// Package mock is `toolbench mock`: a saved tools/list result served as an
// MCP server, over stdio or HTTP.
package mock

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/internal/plural"
	mockserver "github.com/toolbench/toolbench/mock"
)

// Options are what `toolbench mock` runs with, filled by its flags.
type Options struct {
	IO *iostreams.Streams
	// Transport and Addr are where to serve: stdio, or HTTP on an address.
	Transport mockserver.Transport
	Addr      string

	toolsFile string
	http      string
	sse       string
	listenAny bool
}

// NewCmdMock is `toolbench mock`, serving on io. runF, when a test gives
// one, gets the checked options instead of the mock serving.
func NewCmdMock(io *iostreams.Streams, runF func(*Options) error) *cobra.Command {
	o := &Options{IO: io}
	cmd := &cobra.Command{
		Use:   "mock --tools-file FILE [--http [ADDR] | --sse [ADDR]]",
		Short: "Serve the tools of a saved tools/list result as an MCP server",
		Long: `Serve the tools of a saved tools/list result (toolbench tools --json TARGET
> FILE) exactly as they were saved: schemas, annotations, titles and
descriptions. Each call's arguments are checked against the inputSchema; a
call that breaks it gets isError listing every violation, and a valid one
gets a structuredContent made to satisfy the outputSchema, with a text echo
of the arguments.

Serves on stdio by default (stdout then carries only JSON-RPC). --http and
--sse serve over streamable HTTP (/mcp) or SSE (/sse) on ADDR, by default a
free port on 127.0.0.1, and print the URL on stderr. Addresses that are not
on loopback are refused unless --listen-any.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.resolve(cmd, args); err != nil {
				return err
			}
			if runF != nil {
				return runF(o)
			}
			return mockRun(cmd.Context(), o)
		},
	}
	cmd.Example = exampleMock
	fs := cmd.Flags()
	fs.StringVar(&o.toolsFile, "tools-file", "", "serve the tools of this saved tools/list `FILE` (- for stdin, HTTP modes only)")
	fs.StringVar(&o.http, "http", "", "serve streamable HTTP on `ADDR` (default "+mockserver.DefaultAddr+")")
	fs.StringVar(&o.sse, "sse", "", "serve HTTP+SSE on `ADDR` (default "+mockserver.DefaultAddr+")")
	fs.Lookup("http").NoOptDefVal = mockserver.DefaultAddr
	fs.Lookup("sse").NoOptDefVal = mockserver.DefaultAddr
	fs.BoolVar(&o.listenAny, "listen-any", false, "allow an address that other machines can reach")
	return cmd
}

// transport reads --http/--sse. A bare flag takes the default address, so
// `--http 127.0.0.1:8080` leaves the address as the one argument: it is
// taken as the address when the flag was given without one.
func (o *Options) transport(cmd *cobra.Command, args []string) (mockserver.Transport, string, error) {
	httpSet, sseSet := cmd.Flags().Changed("http"), cmd.Flags().Changed("sse")
	t, addr := mockserver.Stdio, ""
	switch {
	case httpSet && sseSet:
		return "", "", usage.Errorf("--http and --sse both given; the mock serves one transport")
	case httpSet:
		t, addr = mockserver.StreamableHTTP, o.http
	case sseSet:
		t, addr = mockserver.SSE, o.sse
	}
	if len(args) == 1 {
		if t == mockserver.Stdio || addr != mockserver.DefaultAddr {
			return "", "", usage.Errorf("unexpected argument %q (mock takes only flags)", args[0])
		}
		addr = args[0]
	}
	return t, addr, nil
}

// resolve checks the flags and reads where to serve, before anything starts.
func (o *Options) resolve(cmd *cobra.Command, args []string) error {
	if o.toolsFile == "" {
		return usage.Errorf("mock needs --tools-file FILE, a saved tools/list result (toolbench tools --json TARGET > FILE)")
	}
	t, addr, err := o.transport(cmd, args)
	if err != nil {
		return err
	}
	if t == mockserver.Stdio && o.toolsFile == "-" {
		return usage.Errorf("--tools-file -: stdin carries the protocol over stdio; give a file, or serve with --http or --sse")
	}
	o.Transport, o.Addr = t, addr
	return nil
}

func mockRun(ctx context.Context, o *Options) error {
	st, t, addr := o.IO, o.Transport, o.Addr
	data, err := st.ReadFile(o.toolsFile)
	if err != nil {
		return usage.Errorf("--tools-file: %v", err)
	}
	srv, err := mockserver.Load(data)
	if err != nil {
		return usage.Errorf("--tools-file %s: %v", o.toolsFile, err)
	}
	for _, w := range srv.Warnings {
		fmt.Fprintf(st.Err, "mock: warning: %s\n", w)
	}
	if t == mockserver.Stdio {
		fmt.Fprintf(st.Err, "mock: serving %s over stdio\n", plural.Count(srv.ToolCount(), "tool"))
		return srv.ServeStdio(ctx, st.In, st.Out)
	}
	e, err := srv.Listen(t, addr, o.listenAny)
	if errors.Is(err, mockserver.ErrNotLoopback) || errors.Is(err, mockserver.ErrBadAddr) {
		return usage.Error{Err: err}
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(st.Err, "mock: serving %s at %s\n", plural.Count(srv.ToolCount(), "tool"), e.URL)
	select {
	case <-ctx.Done():
		return e.Close(context.Background())
	case err := <-e.Done():
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	}
}

const exampleMock = `  # Serve a saved tool list over stdio, for 'toolbench connect -- toolbench mock ...'
  toolbench mock --tools-file tools.json
  # Or over streamable HTTP or SSE
  toolbench mock --tools-file tools.json --http 127.0.0.1:3001
  toolbench mock --tools-file tools.json --sse 127.0.0.1:3001`
