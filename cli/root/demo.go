package root

import (
	"context"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/internal/demo"
	"github.com/toolbench/toolbench/target"
)

// demoWord is the target that names the built-in demo server, so every
// command can be tried with nothing else installed: toolbench tools demo.
const demoWord = "demo"

// demoTarget starts this very executable as the demo server over stdio.
func demoTarget() (target.Target, error) {
	self, err := os.Executable()
	if err != nil {
		return target.Target{}, fmt.Errorf("locate toolbench to start the demo server: %w", err)
	}
	return target.Target{Transport: target.Stdio, Command: self, Args: []string{demoServerCmd}, Name: demoWord}, nil
}

const demoServerCmd = "demo-server"

// newDemoServerCmd serves the demo tools on stdin/stdout, answering every
// request it read before it exits. It is hidden: the demo target starts it.
func newDemoServerCmd() *cobra.Command {
	return &cobra.Command{
		Use:    demoServerCmd,
		Short:  "Serve the built-in demo MCP server over stdio",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return demo.ServeStdio(context.Background(), os.Stdin, os.Stdout)
		},
	}
}
