package hosts

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/reach/reachtest"
	"github.com/toolbench/toolbench/internal/testkit"
)

// planted is check/host's fixture: lookup_order works everywhere;
// pick_shape's root is an anyOf, which hides the whole server in Claude
// Code (anthropics/claude-code#88049) and Cline (the TS SDK's whole-list
// parse) and is unknown elsewhere.
var planted = filepath.Join("..", "..", "check", "host", "testdata", "planted-root.json")

// run runs `toolbench hosts` with args on a file, and returns what it
// printed and its error.
func run(t *testing.T, args ...string) (string, error) {
	t.Helper()
	f := reachtest.Factory(t, "")
	err := reachtest.Execute(NewCmdHosts(f, nil), f, args...)
	return f.IO.Out.(*testkit.Buffer).String(), err
}

// TestMatrixFits: the text output of every host fits 80 columns, the
// server row first, and says where the server key came from.
func TestMatrixFits(t *testing.T) {
	t.Parallel()
	out, _ := run(t, "--tools-file", planted)
	for _, line := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("%d runes:\n%s", n, line)
		}
	}
	for _, want := range []string{
		`server name "planted", from the file's "serverName"; --server-name to change`,
		"models: any (--provider to pick one)",
		"TOOL          CC  CD  GPT CUR VSC CDX GEM WS  CLN GSE ZED LC  OC  CON\n(server)      HID REJ ok  ok  ok  ok  HID ok  HID ok  ok  ok  HID ok\n",
		"\npick_shape    HID REJ ?   ?   ?   deg HID ?   HID ?   ?   ?   HID ?\n",
		"claude-code:    the whole server hidden; 1 tool hidden, 1 tool works",
		"\n--host ID[,ID...] prints each finding",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the matrix lacks %q:\n%s", want, out)
		}
	}
}

// TestLongNamesCut: a tool name longer than the matrix allows is cut with
// an ellipsis, and control characters in it cannot reach the terminal.
func TestLongNamesCut(t *testing.T) {
	t.Parallel()
	f := reachtest.Factory(t, `{"tools": [{"name": "a_very_long_tool_name_that_goes_on_and_on\u001b[2J", "inputSchema": {"type": "object"}}]}`)
	// The escape in the name breaks the naming rules; --fail-on never keeps
	// the exit status out of what this test is about.
	if err := reachtest.Execute(NewCmdHosts(f, nil), f, "--tools-file", "-", "--fail-on", "never"); err != nil {
		t.Fatal(err)
	}
	out := f.IO.Out.(*testkit.Buffer).String()
	if strings.Contains(out, "\x1b") || !strings.Contains(out, "\na_very_long_tool_name_…  REJ") {
		t.Errorf("the name is not cut and made safe:\n%s", out)
	}
	if !strings.Contains(out, `server name "server", as nothing named the server`) {
		t.Errorf("stdin without serverName does not say the key is a default:\n%s", out)
	}
}

// TestFailOn: the exit status follows --fail-on over every cell, the
// server row included.
func TestFailOn(t *testing.T) {
	t.Parallel()
	cases := []struct {
		args []string
		fail bool
	}{
		{[]string{}, true},                                                  // hidden by default: Claude Code hides it
		{[]string{"--fail-on", "rejected"}, true},                           // Claude Desktop's Anthropic API rejects it
		{[]string{"--fail-on", "rejected", "--host", "claude-code"}, false}, // Claude Code hides, rejects nothing
		{[]string{"--fail-on", "never"}, false},                             // only reports
		{[]string{"--host", "zed"}, false},                                  // unknown in Zed, below hidden
		{[]string{"--host", "zed", "--fail-on", "unknown"}, true},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			t.Parallel()
			_, err := run(t, append(c.args, "--tools-file", planted)...)
			var fe *FailedError
			if got := errors.As(err, &fe); got != c.fail || (err != nil && !got) {
				t.Fatalf("got %v, want failure %v", err, c.fail)
			}
			if c.fail && (fe.Cells == 0 || len(fe.Hosts) == 0) {
				t.Errorf("the failure names no cell: %+v", fe)
			}
		})
	}
}

// TestHostDetails: --host prints each finding of the hosts named, with
// what was found, what the host does, the fix, the source with its date
// and when it was seen; an unknown finding says what is not known.
func TestHostDetails(t *testing.T) {
	t.Parallel()
	out, _ := run(t, "--host", "claude-code,windsurf", "--tools-file", planted)
	for _, want := range []string{
		"TOOL          CC  WS\n",
		"pick_shape\n  claude-code  hidden (whole server)  schema.input.root-not-object  /inputSchema",
		"    found:     inputSchema has no type and a top-level anyOf of 2 variants at\n               its root",
		"    source:    anthropics/claude-code#88049 (2026-08-19)",
		"    seen:      2026-08",
		"  windsurf  unknown  schema.input.root-not-object",
		"    not known: No source says what Windsurf does",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the details lack %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "lookup_order\n  ") {
		t.Errorf("a tool that works everywhere has findings:\n%s", out)
	}
}

// TestJSON: --json has the documented shape, keyed by host id, with each
// host's evidence date and the count of tools per verdict.
func TestJSON(t *testing.T) {
	t.Parallel()
	out, _ := run(t, "--json", "--host", "claude-code,zed", "--tools-file", planted)
	var got struct {
		ServerName     string                `json:"serverName"`
		ServerNameFrom string                `json:"serverNameFrom"`
		Provider       string                `json:"provider"`
		Hosts          []host.ID             `json:"hosts"`
		Evidence       map[host.ID]string    `json:"evidence"`
		Server         map[host.ID]host.Cell `json:"server"`
		Tools          []struct {
			Name  string                `json:"name"`
			Hosts map[host.ID]host.Cell `json:"hosts"`
		} `json:"tools"`
		Summary map[host.ID]map[string]int `json:"summary"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if got.ServerName != "planted" || got.ServerNameFrom != reach.FromFile || got.Provider != "any" || len(got.Hosts) != 2 ||
		got.Evidence["claude-code"] != "2026-09-22" || got.Server["claude-code"].Verdict != host.Hidden || len(got.Tools) != 2 {
		t.Fatalf("report: %+v", got)
	}
	pick := got.Tools[1]
	if pick.Name != "pick_shape" || pick.Hosts["claude-code"].Verdict != host.Hidden || pick.Hosts["claude-code"].Findings[0].Sources[0].Ref != "anthropics/claude-code#88049" ||
		pick.Hosts["zed"].Verdict != host.Unknown {
		t.Errorf("pick_shape: %+v", pick)
	}
	if s := got.Summary["claude-code"]; s["hidden"] != 1 || s["works"] != 1 || s["rejected"] != 0 {
		t.Errorf("summary: %+v", got.Summary)
	}
}

// TestSARIF: --format sarif reports the host rule ids, a result per host
// finding naming the host and verdict, at the verdict's level.
func TestSARIF(t *testing.T) {
	t.Parallel()
	out, _ := run(t, "--format", "sarif", "--host", "claude-code,zed", "--tools-file", planted)
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID string } `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID  string `json:"ruleId"`
				Level   string `json:"level"`
				Message struct{ Text string }
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("%v:\n%s", err, out)
	}
	run := log.Runs[0]
	if len(run.Tool.Driver.Rules) != 1 || run.Tool.Driver.Rules[0].ID != "schema.input.root-not-object" || len(run.Results) != 2 {
		t.Fatalf("rules and results: %+v", run)
	}
	levels := map[string]string{}
	for _, r := range run.Results {
		host, _, _ := strings.Cut(r.Message.Text, ":")
		levels[host] = r.Level
	}
	if levels["claude-code"] != "error" || levels["zed"] != "note" {
		t.Errorf("levels by host: %v\n%s", levels, out)
	}
}

// TestRules: --rules lists each host's evidence date and every rule with
// its effects' sources and the hosts unknown for it; --json the same.
func TestRules(t *testing.T) {
	t.Parallel()
	out, err := run(t, "--rules")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"  claude-code     CC   2026-09-22  Claude Code",
		"  continue        CON  2025-07-31  Continue",
		"schema.input.root-not-object  (tool, static)",
		"  claude-code: hidden (whole server)",
		"    source: anthropics/claude-code#88049 (2026-08-19)",
		"  unknown in claude-desktop, chatgpt,",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("--rules lacks %q:\n%s", want, out)
		}
	}
	out, _ = run(t, "--rules", "--json")
	var got rulesJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil || got.Compiled != host.Compiled || got.Evidence["zed"] != "2026-06-30" || len(got.Hosts) != 14 {
		t.Fatalf("%v: %+v", err, got)
	}
	for _, r := range got.Rules {
		// A rule may have no effect when no host's behaviour is sourced:
		// then it says what is not known, and every host is unknown.
		if r.ID == "" || r.Summary == "" || len(r.Effects) == 0 && (r.Others != host.Unknown || r.NotKnown == "") {
			t.Errorf("rule %+v lacks an id, summary, or an effect or what is not known", r)
		}
		for _, e := range r.Effects {
			if len(e.Sources) == 0 || e.Sources[0].Date == "" {
				t.Errorf("%s: an effect in %s without a dated source", r.ID, e.Host)
			}
		}
	}
}

// TestCorpus: every tools file of the workbench's corpus is judged
// without error, and fits 80 columns.
func TestCorpus(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join("..", "..", "ui", "testdata", "*.tools.json"))
	more, _ := filepath.Glob(filepath.Join("..", "..", "ui", "testdata", "corpus", "*.tools.json"))
	files = append(files, more...)
	if len(files) < 3 {
		t.Fatalf("found only %v", files)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			t.Parallel()
			out, err := run(t, "--fail-on", "never", "--tools-file", file)
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range strings.Split(out, "\n") {
				if n := utf8.RuneCountInString(line); n > 80 {
					t.Errorf("%d runes:\n%s", n, line)
				}
			}
		})
	}
}
