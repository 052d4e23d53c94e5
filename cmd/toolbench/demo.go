package main

import (
	"context"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
)

// demoWord is the target that names the built-in demo server, so every
// command can be tried with nothing else installed: toolbench tools demo.
const demoWord = "demo"

// demoTarget starts this very executable as the demo server over stdio.
func demoTarget() (client.Target, error) {
	self, err := os.Executable()
	if err != nil {
		return client.Target{}, fmt.Errorf("locate toolbench to start the demo server: %w", err)
	}
	return client.Target{Transport: client.Stdio, Command: self, Args: []string{demoServerCmd}, Name: demoWord}, nil
}

const demoServerCmd = "demo-server"

// newDemoServerCmd serves the demo tools on stdin/stdout. It is hidden: the
// demo target starts it.
func newDemoServerCmd() *cobra.Command {
	return &cobra.Command{
		Use:    demoServerCmd,
		Short:  "Serve the built-in demo MCP server over stdio",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return fixture.ServeStdio(context.Background(), fixture.NewServer(), os.Stdin, os.Stdout)
		},
	}
}

// newDemoCmd shows the built-in demo server's tools, the way to try every
// command without installing a server.
func newDemoCmd(st *streams) *cobra.Command {
	var conn targetOptions
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Try toolbench on its built-in demo server",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			s, err := conn.connect(cmd.Context(), st, []string{demoWord})
			if err != nil {
				return err
			}
			defer s.Close()
			printInfo(st, s)
			tools, err := s.ListTools(cmd.Context())
			if err != nil {
				return err
			}
			fmt.Fprintln(st.Out)
			printTools(st, tools)
			fmt.Fprintln(st.Out, "\nTry: toolbench call weather_broken --arg city=Oslo demo")
			return nil
		},
	}
	conn.addFlags(cmd.Flags())
	return cmd
}
