package memory

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/history"
)

// squeezeSpaces is s with each run of spaces one space, line by line.
func squeezeSpaces(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.Join(lines, "\n")
}

// TestHistoryFlags: the flags fill the options, and a negative --limit or
// a positional argument is a usage error, before any store is opened.
func TestHistoryFlags(t *testing.T) {
	t.Parallel()
	noStore := func() (*history.Store, error) { return nil, errors.New("no store in this test") }
	tests := []struct {
		args    []string
		want    HistoryOptions
		wantErr string
	}{
		{[]string{"--server", "github", "--tool", "search", "--limit", "5", "--json"}, HistoryOptions{Server: "github", Tool: "search", Limit: 5, JSON: true}, ""},
		{nil, HistoryOptions{}, ""},
		{[]string{"--limit", "-1"}, HistoryOptions{}, "--limit -1: give a positive number of calls, or 0 for all"},
		{[]string{"extra"}, HistoryOptions{}, `history takes no arguments, got "extra"`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			var got *HistoryOptions
			cmd := NewCmdHistory(&iostreams.Streams{}, noStore, func(o *HistoryOptions) error { got = o; return nil })
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
			if err != nil || got == nil {
				t.Fatalf("err = %v, options %v", err, got)
			}
			if got.Server != tt.want.Server || got.Tool != tt.want.Tool || got.Limit != tt.want.Limit || got.JSON != tt.want.JSON {
				t.Errorf("options %+v, want %+v", *got, tt.want)
			}
		})
	}
}

// TestHistoryNamesServersByWhatTheyReport: two servers started by node
// from one long directory share the start of their command lines; the
// table tells them apart by the name and version they reported, and
// says how a cancelled call ended.
func TestHistoryNamesServersByWhatTheyReport(t *testing.T) {
	t.Parallel()
	dir := "node /root/.cache/toolbench-test/npm/@modelcontextprotocol+server-"
	recs := []history.Record{
		{Tool: "echo", Server: history.Server{Label: dir + "everything/dist/index.js", Reported: "mcp-servers/everything", Version: "2.0.0"},
			Error: "call echo: cancelled", Cancelled: true},
		{Tool: "read_graph", Server: history.Server{Label: dir + "memory/dist/index.js", Reported: "memory-server", Version: "0.6.3"}},
		{Tool: "x", Server: history.Server{Label: "node old.js"}},
		{Tool: "y", Server: history.Server{Label: "node named.js", Name: "github", Reported: "github-mcp"}},
	}
	var out strings.Builder
	printHistory(&iostreams.Streams{Out: &out}, recs)
	lines := strings.Split(out.String(), "\n")
	for i, want := range []string{"mcp-servers/everything 2.0.0  echo  cancelled", "memory-server 0.6.3  read_graph  ok",
		"node old.js  x  ok", "github  y  ok"} {
		if !strings.Contains(squeezeSpaces(lines[i+1]), squeezeSpaces(want)) {
			t.Errorf("row %d = %q, want %q", i, lines[i+1], want)
		}
	}
}

// TestHistoryFitsTheTerminal: at 80 and 120 columns every row of the
// history fits, the time whole; piped, the rows are whole.
func TestHistoryFitsTheTerminal(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 1, 9, 30, 0, 0, time.UTC)
	server := history.Server{Label: "node /home/someone/src/servers/everything/dist/index.js", Reported: "mcp-servers/everything", Version: "2.0.0"}
	args := json.RawMessage(`{"query":"the quick brown fox jumps over the lazy dog","limit":25,"sort":"relevance"}`)
	recs := []history.Record{{Time: at, Server: server, Tool: "search_repositories", Arguments: args, DurationMs: 1234},
		{Time: at, Server: server, Tool: "echo", Arguments: json.RawMessage(`{"message":"hi"}`), DurationMs: 3}}
	for _, width := range []int{0, 80, 120} {
		var out strings.Builder
		st := &iostreams.Streams{Out: &out}
		if width > 0 {
			st.OutTTY, st.Width = true, func() int { return width }
		}
		printHistory(st, recs)
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(lines) != 3 {
			t.Fatalf("at %d: %d lines:\n%s", width, len(lines), out.String())
		}
		for _, l := range lines {
			if width > 0 && ansi.StringWidth(l) > width {
				t.Errorf("%d columns at %d:\n%s", ansi.StringWidth(l), width, l)
			}
		}
		stamp := at.Local().Format("2006-01-02 15:04:05")
		if !strings.HasPrefix(lines[1], stamp+"  ") {
			t.Errorf("at %d the time is not whole: %q", width, lines[1])
		}
		if wantArgs := width != 80; strings.Contains(lines[2], `{"message":"hi"}`) != wantArgs {
			t.Errorf("at %d the arguments shown = %v, want %v:\n%s", width, !wantArgs, wantArgs, out.String())
		}
	}
}
