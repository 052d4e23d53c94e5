// Command toolbench-man writes toolbench's manual pages with cobra's
// generator, from the same command tree toolbench runs: one page per command
// into DIR, or the main page alone on stdout. It is a program of its own so
// that the generator and the markdown and YAML libraries it links stay out
// of toolbench itself.
//
//	go run ./cmd/toolbench-man ./man
//	man -l ./man/toolbench-call.1
//	go run ./cmd/toolbench-man | man -l -
package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"

	"github.com/toolbench/toolbench/cli/root"
)

const usage = "usage: toolbench-man [DIR]\n" +
	"Writes toolbench's man pages: one per command into DIR, or the main one to stdout.\n"

func main() {
	args := os.Args[1:]
	if len(args) > 1 || len(args) == 1 && (args[0] == "-h" || args[0] == "--help") {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	if err := write(root.Command(), args, os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "toolbench-man: %v\n", err)
		os.Exit(1)
	}
}

// write writes the man pages of cmd's tree: into args[0] when it is given,
// saying how many it wrote, else the page of cmd alone to out.
func write(cmd *cobra.Command, args []string, out io.Writer) error {
	header := &doc.GenManHeader{Title: "TOOLBENCH", Section: "1", Source: "toolbench " + cmd.Version, Manual: "toolbench manual"}
	if len(args) == 0 {
		return doc.GenMan(cmd, header, out)
	}
	dir := args[0]
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := doc.GenManTree(cmd, header, dir); err != nil {
		return fmt.Errorf("write the pages into %s: %w", dir, err)
	}
	pages, _ := filepath.Glob(filepath.Join(dir, cmd.Name()+"*.1"))
	_, err := fmt.Fprintf(out, "wrote %d man pages into %s; read one with 'man -l %s'\n", len(pages), dir, filepath.Join(dir, cmd.Name()+".1"))
	return err
}
