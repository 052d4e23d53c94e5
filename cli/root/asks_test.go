package root

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/internal/peer"
	"github.com/toolbench/toolbench/probe"
)

// askCase is one call of a server-everything tool that asks the client
// for something, with the policies given and what must come of it.
type askCase struct {
	name  string
	flags []string
	code  int
	out   []string // fragments of stdout
	err   []string // fragments of stderr
}

// everythingAskCases are the calls each transport runs. files holds the
// policy files, dirs two directories to offer as roots.
func everythingAskCases(files map[string]string, dirs [2]string, cwd string) []askCase {
	// The server prints each URI as sent: escaped.
	uri := func(d string) string { return "URI: " + (&url.URL{Scheme: "file", Path: filepath.ToSlash(d)}).String() }
	return []askCase{
		{"elicit accept-defaults", []string{"call", "trigger-elicitation-request", "--elicit", "accept-defaults"}, exitOK,
			// The server echoes the content it received.
			[]string{"User provided the requested information!", `"name": "example"`, `"firstLine": "It was a dark and stormy night."`,
				`"integer": 42`, `"titledMultipleSelectEnum": [`, `"legacyTitledEnum": "pet-1"`}, nil},
		{"elicit decline", []string{"call", "trigger-elicitation-request", "--elicit", "decline"}, exitOK,
			[]string{"User declined to provide the requested information.", `"action": "decline"`}, nil},
		{"elicit cancel", []string{"call", "trigger-elicitation-request", "--elicit", "cancel"}, exitOK,
			[]string{"User cancelled the elicitation dialog.", `"action": "cancel"`}, nil},
		{"elicit FILE.json", []string{"call", "trigger-elicitation-request", "--elicit", files["content"]}, exitOK,
			[]string{"- Name: Ada Lovelace", "- Agreed to terms: true", "- Favorite Integer: 7", `"email": "ada@example.org"`}, nil},
		{"elicit without a policy", []string{"call", "trigger-elicitation-request"}, exitToolError, nil,
			[]string{"the server asked for elicitation/create during trigger-elicitation-request, and nothing is set up to answer it",
				`it asked for input (form): "Please provide inputs for the following fields:"`,
				"hint: answer it with --elicit accept-defaults|decline|cancel|FILE.json"}},
		{"url elicitation accept-defaults", []string{"call", "trigger-url-elicitation", "--arg", "url=https://auth.example.com/start", "--elicit", "accept-defaults"}, exitOK,
			[]string{"User completed the URL elicitation flow.", "URL: https://auth.example.com/start"},
			[]string{"toolbench: the server asks you to open https://auth.example.com/start (Please open the link to complete this action.)"}},
		{"url elicitation decline", []string{"call", "trigger-url-elicitation", "--arg", "url=https://auth.example.com/start", "--elicit", "decline"}, exitOK,
			[]string{"User declined to open the URL"}, nil},
		{"url elicitation without a policy", []string{"call", "trigger-url-elicitation", "--arg", "url=https://auth.example.com/start"}, exitToolError, nil,
			[]string{`it asked you to open https://auth.example.com/start: "Please open the link to complete this action."`, "--elicit accept-defaults|decline|cancel|FILE.json"}},
		{"sample FILE.json", []string{"call", "trigger-sampling-request", "--arg", "prompt=What is six times seven?", "--sample", files["reply"]}, exitOK,
			[]string{"LLM sampling result", `"text": "Forty-two, said the test."`, `"model": "toolbench-test-model"`}, nil},
		{"sample reject", []string{"call", "trigger-sampling-request", "--arg", "prompt=hi", "--sample", "reject"}, exitToolError,
			// The server turns the JSON-RPC error into isError; what the
			// client says in it is the client's business.
			[]string{"✗ the tool reported an error (isError: true)", "sampling"}, nil},
		{"sample without a policy", []string{"call", "trigger-sampling-request", "--arg", "prompt=hi"}, exitToolError, nil,
			[]string{"the server asked for sampling/createMessage during trigger-sampling-request, and nothing is set up to answer it",
				`it asked for a model's reply to 1 message, the last: "Resource trigger-sampling-request context: hi"`,
				"hint: answer it with --sample reject|FILE.json"}},
		{"roots given twice", []string{"call", "get-roots-list", "--root", dirs[0], "--root", dirs[1]}, exitOK,
			[]string{"Current MCP Roots (2 total)", uri(dirs[0]), uri(dirs[1])}, nil},
		{"roots default", []string{"call", "get-roots-list"}, exitOK,
			[]string{"Current MCP Roots (1 total)", uri(cwd)}, nil},
	}
}

// TestEverythingAsks answers what server-everything asks (elicitation in
// form and URL mode, sampling, roots) with the policies of call, over
// every transport it offers, and reads from its replies what it received.
func TestEverythingAsks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := map[string]string{
		"content": writeTestFile(t, dir, "content.json",
			`{"name":"Ada Lovelace","check":true,"email":"ada@example.org","integer":7}`),
		"reply": writeTestFile(t, dir, "reply.json",
			`{"role":"assistant","content":{"type":"text","text":"Forty-two, said the test."},"model":"toolbench-test-model","stopReason":"endTurn"}`),
	}
	dirs := [2]string{filepath.Join(dir, "first root"), filepath.Join(dir, "second")}
	for _, d := range dirs {
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	targets := map[string]func(t *testing.T) []string{
		"stdio": func(t *testing.T) []string { return []string{"stdio", peer.Node(t), peer.Entry(t, peer.Everything)} },
		"sse":   func(t *testing.T) []string { return []string{"sse", peer.StartEverythingHTTP(t, "sse")} },
		"http":  func(t *testing.T) []string { return []string{"http", peer.StartEverythingHTTP(t, "streamableHttp")} },
	}
	for name, start := range targets {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			target := start(t)
			for _, tc := range everythingAskCases(files, dirs, cwd) {
				t.Run(tc.name, func(t *testing.T) {
					// A request the transport drops must fail the case in
					// seconds, not the default minute.
					flags := append([]string{tc.flags[0], tc.flags[1], "--timeout", "10"}, tc.flags[2:]...)
					r := runToolbench(t, context.Background(), "", withTarget(target, flags...)...)
					checkRun(t, r, tc.code, tc.out, tc.err)
				})
			}
		})
	}
}

// TestCallJSONReportsAsks: call --json says what the server asked and how
// it was answered, for CI to check; also when nothing answered.
func TestCallJSONReportsAsks(t *testing.T) {
	t.Parallel()
	target := []string{"stdio", peer.Node(t), peer.Entry(t, peer.Everything)}
	tests := []struct {
		name   string
		flags  []string
		code   int
		answer string
		sent   string // a fragment of what was sent, "" when nothing was
	}{
		{"accepted", []string{"--elicit", "accept-defaults"}, exitOK, "accept", `"name":"example"`},
		{"unanswered", nil, exitToolError, "none", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			flags := append([]string{"call", "trigger-elicitation-request", "--json"}, tt.flags...)
			r := runToolbench(t, context.Background(), "", withTarget(target, flags...)...)
			var got struct {
				Result json.RawMessage `json:"result"`
				Asks   []struct {
					Kind, Tool, Answer, Mode, Message string
					Round                             *int
					Sent                              json.RawMessage
				} `json:"asks"`
			}
			if err := json.Unmarshal([]byte(r.out), &got); err != nil || r.code != tt.code {
				t.Fatalf("exit %d, %v:\n%s%s", r.code, err, r.out, r.err)
			}
			if len(got.Asks) != 1 {
				t.Fatalf("asks = %+v", got.Asks)
			}
			a := got.Asks[0]
			if a.Kind != "elicitation/create" || a.Tool != "trigger-elicitation-request" || a.Round == nil || *a.Round != 0 ||
				a.Answer != tt.answer || a.Mode != "form" || a.Message != "Please provide inputs for the following fields:" {
				t.Errorf("ask = %+v", a)
			}
			var sent bytes.Buffer
			_ = json.Compact(&sent, a.Sent)
			if !strings.Contains(sent.String(), tt.sent) || (tt.sent == "") != (a.Sent == nil) {
				t.Errorf("sent %s, want %q", a.Sent, tt.sent)
			}
		})
	}
}

// checkRun requires the exit code and every fragment of stdout and stderr.
func checkRun(t *testing.T, r result, code int, out, errOut []string) {
	t.Helper()
	if r.code != code {
		t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, code, r.out, r.err)
	}
	for _, w := range out {
		if !strings.Contains(r.out, w) {
			t.Errorf("stdout lacks %q:\n%s", w, r.out)
		}
	}
	for _, w := range errOut {
		if !strings.Contains(r.err, w) {
			t.Errorf("stderr lacks %q:\n%s", w, r.err)
		}
	}
}

func writeTestFile(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestProbeAnswersAsks: probe answers through the same policies as call,
// and its report records the --elicit and --sample policies and the calls
// that asked.
func TestProbeAnswersAsks(t *testing.T) {
	t.Parallel()
	reply := writeTestFile(t, t.TempDir(), "reply.json",
		`{"role":"assistant","content":{"type":"text","text":"Probed reply."},"model":"toolbench-test-model"}`)
	entry := peer.Entry(t, peer.Everything)
	tests := []struct {
		tool, elicit, sample string
		reply                string // a fragment of the valid call's reply
	}{
		{"trigger-elicitation-request", "accept-defaults", "reject", "User provided the requested information!"},
		{"trigger-elicitation-request", "decline", "reject", "User declined"},
		{"trigger-sampling-request", "decline", reply, "Probed reply."},
	}
	for _, tt := range tests {
		t.Run(tt.tool+" "+tt.elicit, func(t *testing.T) {
			t.Parallel()
			r := runToolbench(t, context.Background(), "", "probe", "--json", "--allow-destructive", "--max-cases", "0",
				"--elicit", tt.elicit, "--sample", tt.sample, "--tool", tt.tool, peer.Node(t), entry)
			var rep probe.Report
			if err := json.Unmarshal([]byte(r.out), &rep); err != nil || len(rep.Tools) != 1 || len(rep.Tools[0].Valid) == 0 {
				t.Fatalf("exit %d, %v:\n%s%s", r.code, err, r.out, r.err)
			}
			c := rep.Tools[0].Valid[0]
			if rep.Options.Elicit != tt.elicit || rep.Options.Sample != tt.sample || !strings.Contains(c.Reply, tt.reply) || !slices.Contains(c.ServerRequests, askOf(tt.tool)) {
				t.Errorf("elicit %q, sample %q, case %+v; want the reply to hold %q", rep.Options.Elicit, rep.Options.Sample, c, tt.reply)
			}
		})
	}
}

// askOf names what a server-everything tool asks for.
func askOf(tool string) string {
	if tool == "trigger-sampling-request" {
		return "sampling/createMessage"
	}
	return "elicitation/create"
}
