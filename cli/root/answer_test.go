package root

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/peer"
)

// TestAskFlagsParse: --root, --log-level, --elicit and --sample fill the
// options, checked and read at parse time, without any server.
func TestAskFlagsParse(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	reply := writeTestFile(t, dir, "reply.json", `{"role":"assistant","content":{"type":"text","text":"x"},"model":"m"}`)
	content := writeTestFile(t, dir, "content.json", `{"name":"Ada"}`)
	cwd, _ := os.Getwd()
	got, err := parsed(t, newCmdCall, "call", "echo", "--root", dir, "--root", ".", "--log-level", "notice",
		"--elicit", content, "--sample", reply, "node", "s.js")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Server.Roots, []string{dir, cwd}) || got.Server.Options.LogLevel != "notice" ||
		got.Asks.Elicit == nil || got.Asks.Elicit.String() != content || got.Asks.Sample == nil || got.Asks.Sample.String() != reply {
		t.Errorf("call: roots %q, level %q, asks %+v", got.Server.Roots, got.Server.Options.LogLevel, got.Asks)
	}
	if got.Server.Options.Answer == nil {
		t.Error("no Answerer for roots")
	}
	plain, err := parsed(t, newCmdCall, "call", "echo", "node", "s.js")
	if err != nil || plain.Asks.Elicit != nil || plain.Asks.Sample != nil || !reflect.DeepEqual(plain.Server.Roots, []string{cwd}) {
		t.Errorf("call without policies: %+v, roots %q, %v", plain.Asks, plain.Server.Roots, err)
	}
	p, err := parsed(t, newCmdProbe, "probe", "node", "s.js")
	if err != nil || p.Asks.Elicit == nil || p.Asks.Elicit.String() != "decline" || p.Asks.Sample == nil || p.Asks.Sample.String() != "reject" {
		t.Errorf("probe defaults: %+v, %v", p.Asks, err)
	}
	// Every command that connects takes --root and --log-level.
	tools, err := parsed(t, newCmdTools, "tools", "--root", dir, "--log-level", "debug", "x")
	if err != nil || !reflect.DeepEqual(tools.Server.Roots, []string{dir}) || tools.Server.Options.LogLevel != "debug" {
		t.Errorf("tools: %q %q, %v", tools.Server.Roots, tools.Server.Options.LogLevel, err)
	}
	info, err := parsed(t, newCmdInfo, "info", "--log-level", "emergency", "x")
	if err != nil || info.Server.Options.LogLevel != "emergency" {
		t.Errorf("info: %v", err)
	}
	wb, err := parsed(t, newCmdConnect, "connect", "--root", dir, "x")
	if err != nil || !reflect.DeepEqual(wb.Server.Roots, []string{dir}) {
		t.Errorf("connect: %v", err)
	}
}

// TestAskFlagsRefuseBadValues: a bad --root, --log-level, --elicit or
// --sample is exit 2 with what was wrong, where, before anything starts.
func TestAskFlagsRefuseBadValues(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	badJSON := writeTestFile(t, dir, "bad.json", "{\n  \"name\": \"Ada\"\n  \"check\": true\n}")
	list := writeTestFile(t, dir, "list.json", `[1]`)
	noModel := writeTestFile(t, dir, "nomodel.json", `{"role":"assistant","content":{"type":"text","text":"x"}}`)
	empty := writeTestFile(t, dir, "empty.json", `{}`)
	file := writeTestFile(t, dir, "file.txt", "x")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"call", "echo", "--root", filepath.Join(dir, "absent")}, "--root " + filepath.Join(dir, "absent") + ": no such directory"},
		{[]string{"tools", "--root", file}, "--root " + file + ": not a directory"},
		{[]string{"info", "--log-level", "loud"}, `--log-level "loud": want one of debug, info, notice, warning, error, critical, alert, emergency`},
		{[]string{"call", "echo", "--log-level", "WARN"}, `--log-level "WARN": want one of debug, info`},
		{[]string{"call", "echo", "--elicit", "accept"}, `--elicit "accept" is not a policy (accept-defaults, decline, cancel) and not a file`},
		{[]string{"call", "echo", "--elicit", badJSON}, "--elicit " + badJSON + ": not valid JSON: expected ',' or '}' in an object (at byte 20)"},
		{[]string{"probe", "--elicit", list}, "--elicit " + list + ": holds an array, not a JSON object"},
		{[]string{"call", "echo", "--sample", "accept-defaults"}, `--sample "accept-defaults" is not a policy (reject) and not a file`},
		{[]string{"call", "echo", "--sample", noModel}, "--sample " + noModel + `: not a CreateMessageResult: missing "model"`},
		{[]string{"probe", "--sample", empty}, "--sample " + empty + `: not a CreateMessageResult: missing "role" (want "assistant"); missing "content"`},
	}
	for _, tt := range tests {
		// The target would start a server that fails; the flags must fail
		// first.
		r := runToolbench(t, context.Background(), "", append(tt.args, "sh", "-c", "exit 9")...)
		if r.code != exitUsage || !strings.Contains(r.err, tt.want) || strings.Contains(r.err, "exit status 9") {
			t.Errorf("%q: exit %d, stderr:\n%s\nwant exit 2 and %q", tt.args, r.code, r.err, tt.want)
		}
	}
}

// TestLogLevelPrintsServerLogs: with --log-level, the server's log
// messages at that level and above are printed on stderr; without it,
// none. server-everything logs at info when it receives the roots; the
// demo server logs "starting" at info, and like every mcp-go server sends
// only errors until the client sets a level.
func TestLogLevelPrintsServerLogs(t *testing.T) {
	t.Parallel()
	everything := []string{"stdio", peer.Node(t), peer.Entry(t, peer.Everything)}
	demo := []string{"demo"}
	tests := []struct {
		name string
		args []string
		want string // "" wants no server log line
	}{
		{"everything info", withTarget(everything, "call", "get-roots-list", "--log-level", "info"),
			"toolbench: [server log] info everything-server: Roots updated: 1 root(s) received from client\n"},
		{"everything unasked", withTarget(everything, "call", "get-roots-list"), ""},
		{"demo info", withTarget(demo, "call", "progress", "--arg", "steps=1", "--arg", "delay_ms=0", "--log-level", "info"),
			"toolbench: [server log] info demo: starting\n"},
		{"demo error", withTarget(demo, "call", "progress", "--arg", "steps=1", "--arg", "delay_ms=0", "--log-level", "error"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := runToolbench(t, context.Background(), "", tt.args...)
			if r.code != exitOK {
				t.Fatalf("exit %d:\n%s%s", r.code, r.out, r.err)
			}
			if tt.want == "" && strings.Contains(r.err, "[server log]") || !strings.Contains(r.err, tt.want) {
				t.Errorf("stderr:\n%s\nwant %q", r.err, tt.want)
			}
		})
	}
}

// TestUnansweredIsData: an ask nobody answered is a *client.UnansweredError
// however the client wraps it: exit.go maps it to 1 and explain.go alone
// says what was asked and which flag answers it.
func TestUnansweredIsData(t *testing.T) {
	t.Parallel()
	ask := func(kind client.AskKind, params string) error {
		// As a client would return it, wrapped in what failed.
		return fmt.Errorf("call t: %w", &client.UnansweredError{Ask: client.Ask{Kind: kind, Tool: "t", Params: json.RawMessage(params)}})
	}
	tests := []struct {
		err  error
		want []string
	}{
		{ask(client.AskElicit, `{"message":"Your name?","requestedSchema":{}}`), []string{
			"call t: the server asked for elicitation/create during t, and nothing is set up to answer it",
			`  it asked for input (form): "Your name?"`,
			"  hint: answer it with --elicit accept-defaults|decline|cancel|FILE.json (FILE holds the content to accept with)"}},
		{ask(client.AskElicit, `{"mode":"url","message":"Log in","url":"https://auth.example.com/x"}`), []string{
			"call t: the server asked for elicitation/create during t, and nothing is set up to answer it",
			`  it asked you to open https://auth.example.com/x: "Log in"`,
			"  hint: answer it with --elicit accept-defaults|decline|cancel|FILE.json (FILE holds the content to accept with)"}},
		{ask(client.AskSample, `{"messages":[{"role":"user","content":{"type":"text","text":"Hi"}}],"maxTokens":9}`), []string{
			"call t: the server asked for sampling/createMessage during t, and nothing is set up to answer it",
			`  it asked for a model's reply to 1 message, the last: "Hi"`,
			"  hint: answer it with --sample reject|FILE.json (FILE holds the CreateMessageResult to return)"}},
		{ask(client.AskSample, `{"messages":[]}`), []string{
			"call t: the server asked for sampling/createMessage during t, and nothing is set up to answer it",
			"  it asked for a model's reply to 0 messages",
			"  hint: answer it with --sample reject|FILE.json (FILE holds the CreateMessageResult to return)"}},
	}
	for _, tt := range tests {
		if exitCode(tt.err) != exitToolError {
			t.Errorf("%v: exit %d, want %d", tt.err, exitCode(tt.err), exitToolError)
		}
		if got := explain(tt.err); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("explain:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
	}
	// An unanswered ask outranks what the call then ran into.
	if err := errors.Join(ask(client.AskElicit, `{}`), client.ErrTimeout); exitCode(err) != exitToolError {
		t.Errorf("joined with a timeout: exit %d", exitCode(err))
	}
}
