package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/root"
)

// TestManWritesOnePagePerCommand: with DIR, a page for every command
// toolbench offers, examples included; without DIR the main page goes to
// stdout.
func TestManWritesOnePagePerCommand(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "man")
	var said strings.Builder
	if err := write(root.Command(), []string{dir}, &said); err != nil {
		t.Fatal(err)
	}
	cmds := everyCommand(root.Command())
	pages, err := filepath.Glob(filepath.Join(dir, "*.1"))
	if err != nil || len(pages) != len(cmds) {
		t.Errorf("%d pages for %d commands (%v): %v", len(pages), len(cmds), err, pages)
	}
	if !strings.HasPrefix(said.String(), "wrote ") || !strings.Contains(said.String(), "toolbench.1") {
		t.Errorf("said %q", said.String())
	}
	for _, c := range cmds {
		page := filepath.Join(dir, strings.ReplaceAll(c.CommandPath(), " ", "-")+".1")
		b, err := os.ReadFile(page)
		if err != nil || !strings.HasPrefix(string(b), ".nh\n.TH \"TOOLBENCH\" \"1\"") {
			t.Errorf("%s: %v\n%.80s", page, err, b)
		}
		if c.HasExample() && !strings.Contains(string(b), "EXAMPLE") {
			t.Errorf("%s lacks the examples", page)
		}
	}
	var main strings.Builder
	if err := write(root.Command(), nil, &main); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(main.String(), ".TH \"TOOLBENCH\"") || !strings.Contains(main.String(), "toolbench-call(1)") {
		t.Errorf("man without DIR:\n%.300s", main.String())
	}
}

// everyCommand is cmd and every command below it that a person can run.
func everyCommand(cmd *cobra.Command) []*cobra.Command {
	out := []*cobra.Command{cmd}
	for _, c := range cmd.Commands() {
		if c.IsAvailableCommand() {
			out = append(out, everyCommand(c)...)
		}
	}
	return out
}
