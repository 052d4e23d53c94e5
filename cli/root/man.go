package root

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

// newCmdMan writes toolbench's manual pages with cobra's generator: one
// page per command into DIR, or the main page alone on stdout.
func newCmdMan(f *factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "man [DIR]",
		Short: "Write toolbench's man pages: one per command into DIR, or the main one to stdout",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			header := &doc.GenManHeader{Title: "TOOLBENCH", Section: "1", Source: "toolbench " + version, Manual: "toolbench manual"}
			root := cmd.Root()
			if len(args) == 0 {
				return doc.GenMan(root, header, f.IO.Out)
			}
			dir := args[0]
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return fmt.Errorf("man: %w", err)
			}
			if err := doc.GenManTree(root, header, dir); err != nil {
				return fmt.Errorf("man: write the pages into %s: %w", dir, err)
			}
			pages, _ := filepath.Glob(filepath.Join(dir, "toolbench*.1"))
			_, err := fmt.Fprintf(f.IO.Out, "wrote %d man pages into %s; read one with 'man -l %s'\n", len(pages), dir, filepath.Join(dir, "toolbench.1"))
			return err
		},
	}
	cmd.Example = exampleMan
	return cmd
}
