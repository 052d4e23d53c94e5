package reach

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/usage"
)

// testTree is a root with two target commands, as cli/root builds them:
// `list [flags] TARGET` and `run TOOL [flags] TARGET`, and one that takes
// no target.
func testTree() *cobra.Command {
	root := &cobra.Command{Use: "toolbench"}
	root.PersistentFlags().BoolP("verbose", "v", false, "")
	list := TargetCommand(&cobra.Command{Use: "list [flags] TARGET", RunE: func(*cobra.Command, []string) error { return nil }})
	list.Flags().Bool("json", false, "")
	list.Flags().StringArrayP("env", "e", nil, "")
	run := TargetCommand(&cobra.Command{Use: "run TOOL [flags] TARGET", RunE: func(*cobra.Command, []string) error { return nil }})
	run.Flags().String("args", "", "")
	plain := &cobra.Command{Use: "plain", RunE: func(*cobra.Command, []string) error { return nil }}
	plain.Flags().Bool("json", false, "")
	root.AddCommand(list, run, plain)
	return root
}

// TestPlaceTrailingFlags: after a target that takes no words of its own
// (a URL, a name a config defines, a file Names.File knows), flags of the
// command move before it; after a command to start they are refused with
// both spellings, secrets masked; words the command does not read as
// flags, or after --, stay the server's.
func TestPlaceTrailingFlags(t *testing.T) {
	t.Parallel()
	names := Names{
		Defines: func(name, _ string) (bool, error) { return name == "github", nil },
		File:    func(w string) bool { return strings.HasSuffix(w, ".snap") },
	}
	tests := []struct{ args, want string }{
		{"list http://h/mcp --json", "list --json http://h/mcp"},
		{"-v list github --json", "-v list --json github"},
		{"list old.snap --json", "list --json old.snap"},
		{"run echo http://h/mcp --args {}", "run echo --args {} http://h/mcp"},
		{"list node s.js --port 1", "list node s.js --port 1"},
		{"list -- node s.js --json", "list -- node s.js --json"},
		{"list http://h/mcp", "list http://h/mcp"},
		{"plain --json", "plain --json"},
	}
	for _, tt := range tests {
		got, err := PlaceTrailingFlags(testTree(), strings.Fields(tt.args), names)
		if err != nil || strings.Join(got, " ") != tt.want {
			t.Errorf("%s: got %q, %v; want %q", tt.args, strings.Join(got, " "), err, tt.want)
		}
	}
	if _, err := PlaceTrailingFlags(testTree(), strings.Fields("list old.snap --json"), Names{}); !errors.As(err, new(*TrailingFlagsError)) {
		t.Errorf("with no File, a file is a command to start and --json after it is refused: %v", err)
	}
	_, err := PlaceTrailingFlags(testTree(), strings.Fields("list -e TOKEN=s3cret node s.js --json"), names)
	var tf *TrailingFlagsError
	if !errors.As(err, new(usage.Error)) || !errors.As(err, &tf) {
		t.Fatalf("a flag after a stdio command: %v, want a usage error holding a *TrailingFlagsError", err)
	}
	if tf.Flags != "--json" || strings.Contains(tf.ForToolbench+tf.ForServer, "s3cret") ||
		!strings.HasSuffix(tf.ForToolbench, "--json -- node s.js") || !strings.HasSuffix(tf.ForServer, "-- node s.js --json") {
		t.Errorf("the two spellings: %+v", tf)
	}
}

// TestFlagsAfterServer: what a line of documentation must not hold, the
// command's flags after the server, is found; after -- they are the
// server's, and a word before the server that is no flag says so.
func TestFlagsAfterServer(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args  string
		flags []string
		ok    bool
	}{
		{"list http://h/mcp --json", []string{"--json"}, true},
		{"list --json http://h/mcp", nil, true},
		{"list -- node s.js --json", nil, true},
		{"run echo node s.js --args {}", []string{"--args", "{}"}, true},
		{"list --nope http://h/mcp", nil, false},
	}
	for _, tt := range tests {
		root := testTree()
		args := strings.Fields(tt.args)
		c, _, err := root.Find(args)
		if err != nil || !IsTargetCommand(c) {
			t.Fatalf("%s: %v", tt.args, err)
		}
		flags, ok := FlagsAfterServer(c, args)
		if ok != tt.ok || !reflect.DeepEqual(flags, tt.flags) {
			t.Errorf("%s: got %q, %v; want %q, %v", tt.args, flags, ok, tt.flags, tt.ok)
		}
	}
}
