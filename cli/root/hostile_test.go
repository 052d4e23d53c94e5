package root

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/check/provider"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/hostile"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/internal/testkit"
)

// runStreams runs toolbench in-process with stdout a terminal or a pipe.
func runStreams(t *testing.T, ctx context.Context, tty bool, args ...string) result {
	t.Helper()
	var out, errOut testkit.Buffer
	st := &streams{In: strings.NewReader(""), Out: &out, Err: &errOut, OutTTY: tty}
	code := run(ctx, args, testFactory(st))
	return result{out: out.String(), err: errOut.String(), code: code}
}

// hostileCmd is one payload's servers and what its commands must show.
type hostileCmd struct {
	t      *testing.T
	p      hostile.Payload
	target []string // where exec's commands go
	// sparse runs one command of each kind: the 100,000-character payload
	// makes an 18 MB tools/list, two seconds a command.
	sparse           bool
	child, dying     []string // target arguments of the stdio children
	shown, jsonShown string
}

// TestHostileCommands runs every scriptable command against the hostile
// fixture with stdout a terminal: nothing that drives a terminal may reach
// stdout or stderr, and the payload shows escaped. With --json, terminal or
// pipe, the output is valid JSON free of raw controls. It is not parallel
// with the package's other tests: it starts many servers.
func TestHostileCommands(t *testing.T) {
	for _, p := range hostile.Payloads() {
		t.Run(p.ID, func(t *testing.T) {
			if p.ID == "long" && fixture.RaceDetector {
				t.Skip("the 100,000-character payload runs without -race")
			}
			t.Parallel()
			h := &hostileCmd{t: t, p: p, shown: p.Shown, jsonShown: jsonShownOf(p.Text)}
			h.child = hostileTarget(p, false)
			h.dying = hostileTarget(p, true)
			h.target = h.child
			h.sparse = p.ID == "long"
			if !h.sparse {
				// mcp-go's client parses every tool list it gets over modern
				// streamable HTTP (toolbench's own stdio transport spares it
				// that); at 100,000 characters in every field that costs
				// seconds per command, so only the short payloads go there.
				url, stop, err := fixture.StartHTTP(hostile.NewServer(p))
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(stop)
				h.target = []string{"http", url}
			}
			h.terminal()
			h.stderr()
			h.json()
		})
	}
}

// hostileTarget is `-e K=V ... PATH` starting the hostile child.
func hostileTarget(p hostile.Payload, die bool) []string {
	path, env := hostile.Command(p, die)
	var args []string
	for _, e := range env {
		args = append(args, "-e", e)
	}
	return append(args, path)
}

// jsonShownOf is the start of s inside JSON as a terminal shows it once
// escaped: JSON's own escapes, then \u escapes for what JSON leaves raw.
func jsonShownOf(s string) string {
	data, _ := json.Marshal(s)
	esc := string(termsafe.JSON(data[1 : len(data)-1]))
	return esc[:min(len(esc), 8)]
}

func (h *hostileCmd) name(kind string) string { return hostile.ToolName(kind, h.p) }

// exec runs a command against h.target (args end before the target) and checks both streams; want are texts stdout must show.
func (h *hostileCmd) exec(tty bool, args []string, want ...string) result {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	r := runStreams(h.t, ctx, tty, append(args, h.target...)...)
	h.checkStreams(commandLabel(args), r, want...)
	return r
}

// commandLabel names a command for messages without its hostile words.
func commandLabel(args []string) string {
	return termsafe.Line(clipLabel(strings.Join(args, " ")))
}

func clipLabel(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// checkStreams reports raw controls in stdout or stderr, and missing texts.
func (h *hostileCmd) checkStreams(label string, r result, want ...string) {
	h.t.Helper()
	for name, s := range map[string]string{"stdout": r.out, "stderr": r.err} {
		if leaks := hostile.ScreenLeaks(s, false); len(leaks) > 0 {
			h.t.Errorf("%s: %s: %s\n%s: %.3000q", label, name, strings.Join(leaks, "; "), name, s)
		}
	}
	for _, w := range want {
		if !strings.Contains(r.out+r.err, w) {
			h.t.Errorf("%s: output lacks %q:\nstdout: %.2000s\nstderr: %.1000s", label, w, termsafe.Text(r.out), termsafe.Text(r.err))
		}
	}
}

// terminal runs the commands that print for a person, stdout a terminal.
func (h *hostileCmd) terminal() {
	s, js := h.shown, h.jsonShown
	result, fail, rpc := h.name(hostile.ResultTool), h.name(hostile.FailTool), h.name(hostile.RPCTool)
	h.exec(true, []string{"info"}, "srv"+s, "v"+s, "ST"+s, "INS"+s, "second line "+s, "x"+s)
	h.exec(true, []string{"tools"}, "result_"+s, "T"+s, "AT"+s, "k"+s)
	h.exec(true, []string{"call", result, "--no-validate"}, "R"+s, `"j`+js, "image/"+s, "file:///"+s, "N"+s,
		"LT"+s, "LD"+s, "mem://"+s, "ET"+s, `"SC`+js, "violation")
	h.exec(true, []string{"schema", result, "--outline"}, "PT"+s, "/k"+s)
	h.exec(true, []string{"lint"}, "result_"+s)
	h.exec(true, []string{"probe", "--max-cases", "2"}, "srv"+s, "result_"+s)
	if h.sparse {
		return
	}
	h.exec(true, []string{"call", fail, "--no-validate"}, "ERR"+s)
	h.exec(true, []string{"call", rpc, "--no-validate"}, "RPC"+s)
	h.exec(true, []string{"call", result, "-v", "--no-validate"}, "progress")
	h.exec(true, []string{"schema", result}, `"ST`+js, `"k`+js)
	h.exec(true, []string{"schema", result, "--output"}, `"OST`+js)
	for _, p := range provider.All() {
		h.exec(true, []string{"schema", result, "--as", string(p)})
	}
	h.exec(true, []string{"probe", "-v", "--allow-destructive", "--max-cases", "3"}, "result_"+s)
}

// stderr runs what writes the server's words to stderr: -v's echo of the
// child's stderr, a crash, a child that dies before answering, arguments
// rejected by the hostile schema, and a misspelled hostile name.
func (h *hostileCmd) stderr() {
	s := h.shown
	h.exec(true, []string{"call", h.name(hostile.ResultTool) + "x"}, "did you mean")
	if h.sparse {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for _, c := range []struct {
		args []string
		want []string
	}{
		{append([]string{"tools", "-v"}, h.child...), []string{"[server] STDERR" + s, "result_" + s}},
		{append([]string{"call", h.name(hostile.CrashTool), "-v", "--no-validate"}, h.child...), []string{"exit status 2"}},
		{append([]string{"info"}, h.dying...), []string{"STDERR" + s, "NOISE"}},
		{append([]string{"lint", "-v"}, h.dying...), []string{"STDERR" + s}},
		{append([]string{"probe"}, h.dying...), []string{"STDERR" + s}},
	} {
		r := runStreams(h.t, ctx, true, c.args...)
		h.checkStreams(commandLabel(c.args[:2]), r, c.want...)
	}
	h.exec(true, []string{"call", h.name(hostile.ResultTool), "--arg", "choice=zzz"}, "choice")
}

// json runs every --json output, stdout a terminal and a pipe: valid JSON
// that carries the payload only as escapes.
func (h *hostileCmd) json() {
	result := h.name(hostile.ResultTool)
	commands := [][]string{
		{"tools", "--json"},
		{"call", result, "--no-validate", "--json"},
		{"lint", "--format", "sarif"},
	}
	ttys := []bool{true}
	if !h.sparse {
		commands = append(commands, [][]string{
			{"info", "--json"},
			{"call", h.name(hostile.FailTool), "--no-validate", "--json"},
			{"schema", result, "--json"},
			{"schema", result, "--output", "--json"},
			{"schema", result, "--outline", "--json"},
			{"schema", result, "--as", "openai-strict", "--json"},
			{"lint", "--json"},
			{"probe", "--max-cases", "2", "--json"},
		}...)
		ttys = append(ttys, false)
	}
	for _, tty := range ttys {
		for _, args := range commands {
			r := h.exec(tty, args)
			if !json.Valid([]byte(r.out)) {
				h.t.Errorf("%s (tty %v): not valid JSON: %.300q", commandLabel(args), tty, r.out)
			}
		}
	}
}

// TestHostileSchemaFile lints and outlines the hostile tools from a saved
// tools/list, the way CI does without a server.
func TestHostileSchemaFile(t *testing.T) {
	t.Parallel()
	for _, p := range hostile.Payloads() {
		list, err := hostile.ToolList(p)
		if err != nil {
			t.Fatal(err)
		}
		file := fmt.Sprintf("%s/%s.json", t.TempDir(), p.ID)
		if err := os.WriteFile(file, list, 0o600); err != nil {
			t.Fatal(err)
		}
		h := &hostileCmd{t: t, p: p, shown: p.Shown}
		for _, args := range [][]string{
			{"lint", "--tools-file", file},
			{"schema", hostile.ToolName(hostile.ResultTool, p), "--outline", "--tools-file", file},
		} {
			r := runStreams(t, context.Background(), true, args...)
			h.checkStreams(p.ID+" "+args[0], r, "result_"+p.Shown)
		}
	}
}
