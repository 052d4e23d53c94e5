package root

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/cli/shellword"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/testkit"
)

const copyArgs = `{"message":"it's \"q\" $HOME"}`

// copiedLine is what the workbench opened with args would copy for a call
// of echo with copyArgs.
func copiedLine(t *testing.T, args ...string) (string, []string) {
	t.Helper()
	opts, err := parsed(t, newCmdConnect, append([]string{"connect"}, args...)...)
	if err != nil {
		t.Fatalf("connect %v: %v", args, err)
	}
	return opts.Command("echo", []byte(copyArgs))
}

// TestCopiedCommandReproducesTheCall: the line the workbench copies names
// the server as the person did, with every flag a call depends on; each
// secret is a variable in double quotes and the rest is quoted for the
// shell. Run through sh with the variables set, it parses to the same
// server, timeout and protocol as the workbench had.
func TestCopiedCommandReproducesTheCall(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := writeConfig(t, dir, "servers.json",
		`{"mcpServers":{"github":{"command":"gh-mcp","env":{"GITHUB_TOKEN":"ghp_secret"}}}}`)
	const argsWord = `'{"message":"it'\''s \"q\" $HOME"}'`
	tests := []struct {
		name string
		args []string
		want string
		vars map[string]string
	}{
		{"stdio with -e, --cwd and quoting",
			[]string{"-e", "TOKEN=abc123", "-e", "debug=1", "-e", "HOME", "--cwd", "/tmp/my dir", "--timeout", "90s", "--",
				"node", "server with space.js", "--name", `it's "q"`, "--api-key=KEY1234", "--token", "T0K3N"},
			// debug is no credential's name: its value is written as is.
			`--timeout 90s -e "TOKEN=$TOKEN" -e debug=1 -e HOME --cwd '/tmp/my dir' node 'server with space.js' ` +
				`--name 'it'\''s "q"' "--api-key=$API_KEY" --token "$TOKEN_2"`,
			map[string]string{"TOKEN": "abc123", "HOME": os.Getenv("HOME"), "API_KEY": "KEY1234", "TOKEN_2": "T0K3N"}},
		{"a lone command", []string{"./server"}, `stdio ./server`, nil},
		{"http with -H Authorization",
			[]string{"-H", "Authorization: Bearer tok123", "-H", "X-Region: eu west", "--protocol", "legacy",
				"http", "https://u:pw@h.example/mcp?api_key=K1&q=1"},
			`--protocol legacy -H "Authorization: Bearer $AUTHORIZATION" -H 'X-Region: eu west' ` +
				`http "https://$MCP_USER:$MCP_PASSWORD@h.example/mcp?api_key=$API_KEY&q=1"`,
			map[string]string{"AUTHORIZATION": "tok123", "MCP_USER": "u", "MCP_PASSWORD": "pw", "API_KEY": "K1"}},
		{"sse", []string{"--insecure", "--ca-cert", "parse_test.go", "sse", "https://h.example/sse?token=T0K3N"},
			`--ca-cert parse_test.go --insecure sse "https://h.example/sse?token=$TOKEN"`, map[string]string{"TOKEN": "T0K3N"}},
		{"redirects", []string{"--follow-redirects", "http", "http://127.0.0.1:1/mcp"},
			`--follow-redirects http http://127.0.0.1:1/mcp`, nil},
		{"a URL's own $ and !", []string{"https://h.example/a!b?q=$HOME&key=K9"},
			`'https://h.example/a!b?q=$HOME&key='"$KEY"`, map[string]string{"KEY": "K9"}},
		{"config name", []string{"--config", cfg, "github"}, `--config ` + cfg + ` github`, nil},
		{"auth flags", []string{"--client-id", "app", "--client-secret", "cs", "--scope", "read", "--scope", "write", "--auth", "stored-only", "https://h.example/mcp"},
			`--auth stored-only --client-id app --scope read --scope write https://h.example/mcp`,
			map[string]string{"TOOLBENCH_CLIENT_SECRET": "cs"}},
		{"demo", []string{"demo"}, `demo`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			line, vars := copiedLine(t, tt.args...)
			if want := "toolbench call echo --args " + argsWord + " " + tt.want; line != want {
				t.Errorf("copied\n%s\nwant\n%s", line, want)
			}
			var wantVars []string
			for name := range tt.vars {
				wantVars = append(wantVars, name)
			}
			if !sameSet(vars, wantVars) {
				t.Errorf("variables %v, want %v", vars, wantVars)
			}
			for _, secret := range []string{"abc123", "KEY1234", "T0K3N", "tok123", "pw@", "K1&", "K9", "ghp_secret", "--client-secret"} {
				if strings.Contains(line, secret) {
					t.Errorf("the copied line holds the secret %q: %s", secret, line)
				}
			}
			words := testkit.ShellWords(t, line, tt.vars)
			if words[0] != "call" || words[1] != "echo" || words[2] != "--args" || words[3] != copyArgs {
				t.Fatalf("the shell reads %q", words)
			}
			callWith(t, tt.vars, tt.args, words)
		})
	}
}

// callWith checks that `toolbench WORDS` (a call) parses to the server the
// workbench opened with args had, env set as the shell's was.
func callWith(t *testing.T, env map[string]string, connectArgs, words []string) {
	t.Helper()
	setup := func(f *factory) {
		f.Targets.LookupEnv = func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	}
	conn, err := parsedWith(t, setup, newCmdConnect, append([]string{"connect"}, connectArgs...)...)
	if err != nil {
		t.Fatal(err)
	}
	call, err := parsedWith(t, setup, newCmdCall, words...)
	if err != nil {
		t.Fatalf("the copied line does not parse: %v", err)
	}
	if call.Tool != "echo" || string(call.Base) != copyArgs {
		t.Errorf("the copied line calls %q with %s", call.Tool, call.Base)
	}
	got, want := call.Server, conn.Server
	if !reflect.DeepEqual(got.Target, want.Target) {
		t.Errorf("the copied line reaches\n%#v\nthe workbench reached\n%#v", got.Target, want.Target)
	}
	if got.Options.Timeout != want.Options.Timeout || got.Options.Protocol != want.Options.Protocol {
		t.Errorf("timeout %s protocol %q, the workbench's %s %q", got.Options.Timeout, got.Options.Protocol,
			want.Options.Timeout, want.Options.Protocol)
	}
	if (got.Auth == nil) != (want.Auth == nil) || got.Auth != nil && !reflect.DeepEqual(got.Auth.Scopes, want.Auth.Scopes) {
		t.Errorf("auth %+v, the workbench's %+v", got.Auth, want.Auth)
	}
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]bool{}
	for _, x := range a {
		seen[x] = true
	}
	for _, x := range b {
		if !seen[x] {
			return false
		}
	}
	return true
}

// durationLine is the line that says how long a call took, the one line
// two runs of the same call may differ in.
var durationLine = regexp.MustCompile(`(?m)^\([0-9.]+ ?[µm]?s\)$`)

func withoutDuration(out string) string { return durationLine.ReplaceAllString(out, "(duration)") }

// TestCopiedCommandRuns: the copied line, run by sh with the variables it
// names set, calls the server as the workbench would have: the same
// output, and the server started with the same secret in the same
// directory.
func TestCopiedCommandRuns(t *testing.T) {
	t.Parallel()
	bin := toolbenchBinary(t)
	dir := filepath.Join(t.TempDir(), "my 'dir'")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	record := filepath.Join(t.TempDir(), "record")
	path, fixtureEnv := fixture.Command("")
	values := map[string]string{"TOKEN": `tok "en" $x`}
	args := []string{"-e", "TOKEN=" + values["TOKEN"]}
	for _, e := range fixtureEnv {
		k, v, _ := strings.Cut(e, "=")
		values[shellword.VarName(k)] = v
		args = append(args, "-e", e)
	}
	args = append(args, "--cwd", dir, "--timeout", "30s", "sh", "-c", `{ pwd; printf '%s' "$TOKEN"; } > "$0"; exec "$1"`, record, path)

	direct := startBinary(t, nil, append([]string{"call", "echo", "--args", copyArgs}, args...)...)
	directCode := direct.exitCode(e2eWait)
	directRecord, _ := os.ReadFile(record)
	if err := os.Remove(record); err != nil {
		t.Fatalf("the server did not record its start: %v; stderr:\n%s", err, direct.stderr.String())
	}

	line, vars := copiedLine(t, args...)
	sh := exec.Command("sh", "-c", line)
	sh.Env = []string{"PATH=" + filepath.Dir(bin) + ":" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}
	for _, v := range vars {
		sh.Env = append(sh.Env, v+"="+values[v])
	}
	var out, errOut bytes.Buffer
	sh.Stdout, sh.Stderr = &out, &errOut
	err := sh.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	copiedRecord, _ := os.ReadFile(record)
	if code != directCode || withoutDuration(out.String()) != withoutDuration(direct.stdout.String()) {
		t.Errorf("the copied line exits %d with\n%s\nthe call exits %d with\n%s\nline: %s\nstderr: %s",
			code, out.String(), directCode, direct.stdout.String(), line, errOut.String())
	}
	if want := dir + "\n" + values["TOKEN"]; string(directRecord) != want || string(copiedRecord) != want {
		t.Errorf("the server recorded %q from the call and %q from the copied line, want %q", directRecord, copiedRecord, want)
	}
	if !strings.Contains(out.String(), `it's "q" $HOME`) {
		t.Errorf("the echo does not hold the arguments as sent:\n%s", out.String())
	}
}
