package root

import (
	"encoding/json"
	"strings"
	"testing"

	cliwb "github.com/toolbench/toolbench/cli/workbench"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/peer"
	"github.com/toolbench/toolbench/target"
)

// The secrets the history tests give toolbench, distinct enough to be
// found anywhere.
const (
	envSecret    = "env-S3CRET-value-1"
	bearerSecret = "bearer-S3CRET-token-2"
	queryKey     = "query-S3CRET-key-3"
)

// TestHistoryKeepsNoSecrets runs calls and presets with -e values, an
// Authorization header and a URL key, each echoed back by the server,
// and then finds none of them in any file under the state directory.
func TestHistoryKeepsNoSecrets(t *testing.T) {
	t.Parallel()
	url, stop, err := fixture.StartHTTP(fixture.NewServer())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	everything := []string{"-e", "API_TOKEN=" + envSecret, "stdio", peer.Node(t), peer.Entry(t, peer.Everything)}
	httpTarget := []string{"-H", "Authorization: Bearer " + bearerSecret, "http", url + "?api_key=" + queryKey}
	tests := []struct {
		name    string
		target  []string
		calls   [][]string
		secrets []string
		refs    []string // what the history must hold in their place
	}{
		{"env echoed by get-env", everything, [][]string{
			{"call", "get-env"},
			{"call", "echo", "--arg", "message=the token is " + envSecret, "--save-preset", "with-token"},
		}, []string{envSecret}, []string{"$API_TOKEN"}},
		{"header and URL key echoed", httpTarget, [][]string{
			{"call", "echo", "--arg", "message=" + bearerSecret + " and " + queryKey, "--save-preset", "with-both"},
			{"call", "echo", "--preset", "with-both"},
		}, []string{bearerSecret, queryKey}, []string{"$AUTHORIZATION", "$API_KEY"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for _, c := range tt.calls {
				r := runIn(t, dir, withTarget(tt.target, c...)...)
				if r.code != exitOK {
					t.Fatalf("%v: exit %d\n%s", c, r.code, r.err)
				}
				// get-env lists the whole environment; a --preset call
				// sends the $NAME references the preset holds.
				if (c[1] == "get-env" || c[2] == "--arg") && !containsAll(r.out, tt.secrets) {
					t.Fatalf("%v: the server did not echo the secrets, so nothing is audited:\n%s", c, r.out)
				}
			}
			if n := auditSecrets(t, dir, append(tt.secrets, jsonEscaped(tt.secrets)...)...); n < 3 {
				t.Fatalf("audited %d files; want the history segment, its lock and the presets", n)
			}
			hist := runIn(t, dir, "history", "--json").out + runIn(t, dir, "presets", "--json").out
			for _, ref := range tt.refs {
				if !strings.Contains(hist, ref) {
					t.Errorf("the history holds no %s in place of the secret:\n%s", ref, hist)
				}
			}
		})
	}
}

// TestPresetSecretsFilledAtRunTime: a preset saved with a secret holds
// $NAME, and --preset sends this run's value in its place.
func TestPresetSecretsFilledAtRunTime(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target, recorded := fixtureHTTP(t)
	withKey := append([]string{"-H", "X-Api-Key: " + bearerSecret}, target...)
	r := runIn(t, dir, withTarget(withKey, "call", "echo", "--arg", "message="+bearerSecret, "--save-preset", "keyed")...)
	if r.code != exitOK {
		t.Fatalf("save: exit %d\n%s", r.code, r.err)
	}
	r = runIn(t, dir, withTarget(withKey, "call", "echo", "--preset", "keyed")...)
	if r.code != exitOK || lastSent(recorded()) != `{"message":"`+bearerSecret+`"}` {
		t.Fatalf("load: exit %d, sent %s\n%s", r.code, lastSent(recorded()), r.err)
	}
	auditSecrets(t, dir, bearerSecret)
}

// TestWorkbenchMemoryScrubs: what the workbench records and saves as a
// preset is scrubbed and bound to its server, and its presets come back
// with the secrets filled.
func TestWorkbenchMemoryScrubs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	store, err := history.Open(dir, history.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tg, err := target.Parser{}.Parse([]string{"./server"}, target.Settings{Env: []string{"API_TOKEN=" + envSecret}})
	if err != nil {
		t.Fatal(err)
	}
	mem := cliwb.NewMemory(store, tg, tg.Secrets())
	args := json.RawMessage(`{"token":"` + envSecret + `"}`)
	rec := history.Record{Tool: "echo", Arguments: args, Result: json.RawMessage(`{"content":[{"type":"text","text":"` + envSecret + `"}]}`),
		Server: history.Server{Reported: "srv", Version: "1.0"}}
	if err := mem.RecordCall(rec); err != nil {
		t.Fatal(err)
	}
	if err := mem.SavePreset("echo", "p", args); err != nil {
		t.Fatal(err)
	}
	auditSecrets(t, dir, envSecret)
	calls, _, err := mem.Calls()
	if err != nil || len(calls) != 1 {
		t.Fatalf("Calls = %d, %v; want the one recorded", len(calls), err)
	}
	c := calls[0]
	if c.From != "tui" || c.Server.Key != history.ServerOf(tg).Key || c.Server.Reported != "srv" || !strings.Contains(string(c.Arguments), "$API_TOKEN") {
		t.Errorf("recorded %+v; want it from the tui, of this server, scrubbed", c)
	}
	presets, err := mem.Presets("echo")
	if err != nil || len(presets) != 1 || string(presets[0].Arguments) != string(args) {
		t.Fatalf("Presets = %+v, %v; want p with the secret filled back", presets, err)
	}
	if err := mem.DeletePreset("echo", "p"); err != nil {
		t.Fatal(err)
	}
	if err := mem.DeletePreset("echo", "p"); err != nil {
		t.Fatalf("deleting a preset that is not there: %v", err)
	}
	if mem.DefaultCollection() != "toolbench.tests.json" {
		t.Errorf("DefaultCollection = %q", mem.DefaultCollection())
	}
}

// TestSecretOutsideAString: a secret that is a number in the JSON cannot
// become "$NAME" there; the call is recorded without its arguments and
// result, and a preset holding it is refused, so it reaches no file.
func TestSecretOutsideAString(t *testing.T) {
	t.Parallel()
	const pin = "739146"
	dir := t.TempDir()
	store, err := history.Open(dir, history.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tg, err := target.Parser{}.Parse([]string{"./server"}, target.Settings{Env: []string{"PIN=" + pin}})
	if err != nil {
		t.Fatal(err)
	}
	mem := cliwb.NewMemory(store, tg, tg.Secrets())
	args := json.RawMessage(`{"pin":` + pin + `}`)
	if err := mem.RecordCall(history.Record{Tool: "unlock", Arguments: args, Result: json.RawMessage(`{"content":[],"pin":` + pin + `}`)}); err != nil {
		t.Fatal(err)
	}
	if err := mem.SavePreset("unlock", "p", args); err == nil || !strings.Contains(err.Error(), "not inside a JSON string") {
		t.Errorf("SavePreset = %v; want it refused, saying why", err)
	}
	auditSecrets(t, dir, pin)
	calls, warns, err := mem.Calls()
	if err != nil || len(warns) != 0 || len(calls) != 1 {
		t.Fatalf("Calls = %d, %v, %v; want the call, readable", len(calls), warns, err)
	}
	if c := calls[0]; c.Result != nil || !strings.Contains(c.Error, "not kept") || string(c.Arguments) != "{}" {
		t.Errorf("recorded %+v; want no arguments or result, and why", c)
	}
}

func containsAll(s string, parts []string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// jsonEscaped are the secrets as a JSON string holds them.
func jsonEscaped(secrets []string) []string {
	var out []string
	for _, s := range secrets {
		b, _ := json.Marshal(s)
		out = append(out, string(b[1:len(b)-1]))
	}
	return out
}
