package memory

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/usage"
)

// TestDiffSides: a word that names a snapshot file is a file side, the
// rest a live server named through TargetFlags; --fail-on takes breaking
// or any, anything else is a usage error.
func TestDiffSides(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "old.json")
	if err := os.WriteFile(file, []byte(`{"tools":[]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args      []string
		old, new  string // a file, or the live side's command
		wantErr   string
		oldIsFile bool
		newIsFile bool
		failOn    string
	}{
		{args: []string{file, file}, old: file, new: file, oldIsFile: true, newIsFile: true},
		{args: []string{"--fail-on", "any", file, "--", "node", "s.js"}, old: file, new: "node", oldIsFile: true, failOn: "any"},
		{args: []string{"gone.json", file}, old: "gone.json", new: file, oldIsFile: true, newIsFile: true},
		{args: []string{file}, wantErr: "diff needs OLD and NEW"},
		{args: []string{"--fail-on", "some", file, file}, wantErr: `--fail-on "some": want breaking or any`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			var got *DiffOptions
			cmd := NewCmdDiff(&iostreams.Streams{}, bindFake, func(o *DiffOptions) error { got = o; return nil })
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
			if err != nil {
				t.Fatal(err)
			}
			if side(got.Old) != tt.old || side(got.New) != tt.new || got.FailOn != tt.failOn {
				t.Errorf("OLD %q NEW %q --fail-on %q; want %q %q %q", side(got.Old), side(got.New), got.FailOn, tt.old, tt.new, tt.failOn)
			}
			if (got.Old.File != "") != tt.oldIsFile || (got.New.File != "") != tt.newIsFile {
				t.Errorf("file sides: OLD %v NEW %v; want %v %v", got.Old.File != "", got.New.File != "", tt.oldIsFile, tt.newIsFile)
			}
		})
	}
}

// side names a side: its file, or its live server's command.
func side(s DiffSide) string {
	if s.File != "" {
		return s.File
	}
	return s.Live.Target().Command
}
