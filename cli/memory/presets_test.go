package memory

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/target/secrets"
	"github.com/toolbench/toolbench/tool"
)

// fakeTarget is TargetFlags that reads the command's flags up to the
// first other word and names a stdio server by the words after them,
// which it never reaches.
type fakeTarget struct{ fs *pflag.FlagSet }

// bindFake is the bind of the commands under test.
func bindFake(cmd *cobra.Command) TargetFlags {
	cmd.Flags().SetInterspersed(false)
	return fakeTarget{cmd.Flags()}
}

func (f fakeTarget) Parse(words []string) ([]string, error) {
	if err := f.fs.Parse(words); err != nil {
		return nil, err
	}
	return f.fs.Args(), nil
}

func (f fakeTarget) Help() bool {
	h, _ := f.fs.GetBool("help")
	return h
}

func (fakeTarget) Reach(words []string) (Live, error) {
	if len(words) == 0 {
		return nil, usage.Errorf("no target")
	}
	return fakeLive{target.Target{Transport: target.Stdio, Command: words[0], Args: words[1:]}}, nil
}

// fakeLive is a server named but never reached.
type fakeLive struct{ t target.Target }

func (l fakeLive) Tools(context.Context) (*client.Session, []tool.Tool, error) {
	return nil, nil, errors.New("no server in this test")
}
func (l fakeLive) Target() target.Target { return l.t }
func (l fakeLive) Secrets() *secrets.Set { return &secrets.Set{} }

// TestPresetsRmArgs: rm needs the preset's name and --tool before its
// target is read; with both, the options name the preset, its tool and
// the server.
func TestPresetsRmArgs(t *testing.T) {
	t.Parallel()
	noStore := func() (*history.Store, error) { return nil, errors.New("no store in this test") }
	tests := []struct {
		args    []string
		wantErr string
	}{
		{nil, "presets rm needs the preset's NAME"},
		{[]string{"usual", "node", "server.js"}, "presets rm needs --tool T"},
		{[]string{"--tool", "echo", "usual", "node", "server.js"}, ""},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			var got *PresetsRmOptions
			cmd := NewCmdPresetsRm(&iostreams.Streams{}, noStore, bindFake, func(o *PresetsRmOptions) error { got = o; return nil })
			cmd.SetArgs(tt.args)
			cmd.SilenceErrors, cmd.SilenceUsage = true, true
			err := cmd.Execute()
			if tt.wantErr != "" {
				var ue usage.Error
				if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want a usage error saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got == nil || got.Name != "usual" || got.Tool != "echo" || got.Target.Command != "node" {
				t.Fatalf("err = %v, options %+v", err, got)
			}
		})
	}
}

// TestPresetsFitTheTerminal: at 80 and 120 columns every row of the
// presets fits, the name whole; piped, the rows are as they always were.
func TestPresetsFitTheTerminal(t *testing.T) {
	t.Parallel()
	const name = "nightly-search-of-the-corpus"
	server := history.Server{Label: "node /home/someone/src/servers/everything/dist/index.js", Reported: "mcp-servers/everything", Version: "2.0.0"}
	presets := []history.Preset{{Name: name, Server: server, Tool: "search_repositories",
		Arguments: []byte(`{"query":"the quick brown fox jumps over the lazy dog","limit":25,"sort":"relevance"}`),
		Saved:     time.Date(2026, 3, 1, 9, 30, 0, 0, time.UTC)}}
	for _, width := range []int{0, 80, 120} {
		var out strings.Builder
		st := &iostreams.Streams{Out: &out}
		if width > 0 {
			st.OutTTY, st.Width = true, func() int { return width }
		}
		printPresets(st, presets)
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[1], name+"  ") {
			t.Fatalf("at %d:\n%s", width, out.String())
		}
		for _, l := range lines {
			if width > 0 && ansi.StringWidth(l) > width {
				t.Errorf("%d columns at %d:\n%s", ansi.StringWidth(l), width, l)
			}
		}
		// Piped, the arguments are cut at 50 bytes as always; on a
		// terminal, further.
		if piped := width == 0; piped != strings.Contains(lines[1], "the lazy …") {
			t.Errorf("at %d the arguments' first 50 bytes show: %v, want %v:\n%s", width, !piped, piped, out.String())
		}
	}
}
