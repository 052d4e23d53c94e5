package root

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/internal/fixture/beyond"
	"github.com/toolbench/toolbench/internal/testkit"
)

// beyondCmd returns target arguments that start the beyond fixture of era
// as a stdio child.
func beyondCmd(era beyond.Era) []string {
	path, env := beyond.Command(era)
	var args []string
	for _, e := range env {
		args = append(args, "-e", e)
	}
	return append(args, path)
}

// runOnTerminal is runToolbench with stdout a terminal.
func runOnTerminal(t *testing.T, args ...string) result {
	t.Helper()
	var out, errOut testkit.Buffer
	st := &streams{In: strings.NewReader(""), Out: &out, Err: &errOut, OutTTY: true}
	code := run(context.Background(), args, testFactory(st))
	return result{out: out.String(), err: errOut.String(), code: code}
}

func TestResourcesCommand(t *testing.T) {
	t.Parallel()
	target := beyondCmd(beyond.Legacy)
	r := runToolbench(t, context.Background(), "", withTarget(target, "resources")...)
	for _, w := range []string{"URI", "fixture://item/000", "fixture://item/249", beyond.BlobURI, "application/octet-stream",
		fmt.Sprintf("%d resources.", beyond.ResourceCount), "TEMPLATE", beyond.FileTemplate, "2 templates."} {
		if !strings.Contains(r.out, w) {
			t.Errorf("resources lacks %q (exit %d):\n%s%s", w, r.code, r.out, r.err)
		}
	}
	r = runToolbench(t, context.Background(), "", withTarget(target, "resources", "--json")...)
	var got struct {
		Resources []map[string]json.RawMessage `json:"resources"`
		Templates []map[string]json.RawMessage `json:"resourceTemplates"`
	}
	if err := json.Unmarshal([]byte(r.out), &got); err != nil || r.code != exitOK {
		t.Fatalf("exit %d, %v: %s", r.code, err, r.out)
	}
	if len(got.Resources) != beyond.ResourceCount || len(got.Templates) != 2 {
		t.Errorf("--json: %d resources and %d templates, want %d and 2", len(got.Resources), len(got.Templates), beyond.ResourceCount)
	}
	for _, res := range got.Resources {
		if res["uri"] == nil || res["name"] == nil {
			t.Fatalf("resource not as sent: %v", res)
		}
	}
}

// TestResourcesWithoutCapability: a server that offers no resources is
// not asked, and says so.
func TestResourcesWithoutCapability(t *testing.T) {
	t.Parallel()
	target, _ := fixtureCmd(t)
	r := runToolbench(t, context.Background(), "", withTarget(target, "resources")...)
	if r.code != exitOK || !strings.Contains(r.out, "offers no resources") {
		t.Errorf("exit %d:\n%s%s", r.code, r.out, r.err)
	}
	r = runToolbench(t, context.Background(), "", withTarget(target, "prompts", "--json")...)
	if r.code != exitOK || strings.Join(strings.Fields(r.out), "") != `{"prompts":[]}` {
		t.Errorf("prompts --json: exit %d: %s%s", r.code, r.out, r.err)
	}
}

func TestReadCommand(t *testing.T) {
	t.Parallel()
	target := beyondCmd(beyond.Modern)
	ctx := context.Background()
	r := runToolbench(t, ctx, "", withTarget(target, "read", beyond.CounterURI)...)
	if r.code != exitOK || r.out != "0\n" {
		t.Errorf("read text: exit %d, %q %s", r.code, r.out, r.err)
	}
	r = runToolbench(t, ctx, "", withTarget(target, "read", beyond.FileTemplate, "--var", "dir=docs", "--var", "name=read me", "--var", "ext=md")...)
	if r.code != exitOK || r.out != "file file:///docs/read%20me.md\n" {
		t.Errorf("read template: exit %d, %q %s", r.code, r.out, r.err)
	}
	r = runToolbench(t, ctx, "", withTarget(target, "read", "--json", beyond.CounterURI)...)
	var got struct {
		Contents []map[string]string `json:"contents"`
	}
	if err := json.Unmarshal([]byte(r.out), &got); err != nil || len(got.Contents) != 1 || got.Contents[0]["mimeType"] != "text/plain" {
		t.Errorf("read --json: exit %d, %v: %s", r.code, err, r.out)
	}
}

// TestReadBlob: a blob goes decoded into a pipe or --out, never onto a
// terminal.
func TestReadBlob(t *testing.T) {
	t.Parallel()
	target := beyondCmd(beyond.Legacy)
	r := runToolbench(t, context.Background(), "", withTarget(target, "read", beyond.BlobURI)...)
	if r.code != exitOK || !bytes.Equal([]byte(r.out), beyond.BlobBytes()) {
		t.Errorf("blob into a pipe: exit %d, %d bytes %s", r.code, len(r.out), r.err)
	}
	r = runOnTerminal(t, withTarget(target, "read", beyond.BlobURI)...)
	if r.code != exitUsage || r.out != "" || !strings.Contains(r.err, "--out FILE") || !strings.Contains(r.err, "4.0 KB") {
		t.Errorf("blob onto a terminal: exit %d, %d bytes out, %s", r.code, len(r.out), r.err)
	}
	dir := t.TempDir()
	fresh := filepath.Join(dir, "blob.bin")
	kept := filepath.Join(dir, "kept.bin")
	if err := os.WriteFile(kept, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	for path, mode := range map[string]os.FileMode{fresh: 0o644, kept: 0o600} {
		r = runOnTerminal(t, withTarget(target, "read", beyond.BlobURI, "--out", path)...)
		data, err := os.ReadFile(path)
		if r.code != exitOK || err != nil || !bytes.Equal(data, beyond.BlobBytes()) {
			t.Errorf("--out %s: exit %d, %v, %d bytes: %s", path, r.code, err, len(data), r.err)
		}
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != mode {
			t.Errorf("--out %s: mode %v, want %v", path, fi.Mode().Perm(), mode)
		}
	}
}

// TestBeyondBadInputExitCodes: each bad input of read and prompt exits 2
// with words that say what to do.
func TestBeyondBadInputExitCodes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"unknown URI", []string{"read", "fixture://nothing"}, "hint: list the server's resources"},
		{"template left as is", []string{"read", "file:///{dir}/a.go"}, `variable "dir"`},
		{"empty variable", []string{"read", beyond.FileTemplate, "--var", "dir=", "--var", "name=a", "--var", "ext=go"}, "fill it with --var dir=VALUE"},
		{"bad --var", []string{"read", beyond.FileTemplate, "--var", "dir"}, "want key=value"},
		{"unknown --var", []string{"read", beyond.CounterURI, "--var", "dir=x"}, `has no variable "dir"`},
		{"missing argument", []string{"prompt", beyond.GreetPrompt, "--arg", "language=fr"}, "--arg name=VALUE"},
		{"unknown argument", []string{"prompt", beyond.GreetPrompt, "--arg", "name=a", "--arg", "colour=red"}, `has no argument "colour"`},
		{"unknown prompt", []string{"prompt", "gret"}, `did you mean "greet"?`},
		{"no URI", []string{"read"}, "read needs a URI"},
	}
	for _, era := range []beyond.Era{beyond.Legacy, beyond.Modern} {
		target := beyondCmd(era)
		for _, tc := range cases {
			t.Run(string(era)+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				args := tc.args
				if tc.name != "no URI" {
					args = withTarget(target, tc.args...)
				}
				r := runToolbench(t, context.Background(), "", args...)
				if r.code != exitUsage || !strings.Contains(r.err, tc.want) {
					t.Errorf("exit %d, stderr:\n%s\nwant %d and %q", r.code, r.err, exitUsage, tc.want)
				}
			})
		}
	}
}

func TestPromptsCommand(t *testing.T) {
	t.Parallel()
	target := beyondCmd(beyond.Legacy)
	ctx := context.Background()
	r := runToolbench(t, ctx, "", withTarget(target, "prompts")...)
	for _, w := range []string{"NAME", "greet", "name*, region, language", "media", "3 prompts."} {
		if !strings.Contains(r.out, w) {
			t.Errorf("prompts lacks %q (exit %d):\n%s%s", w, r.code, r.out, r.err)
		}
	}
	r = runToolbench(t, ctx, "", withTarget(target, "prompts", "--json")...)
	var got struct {
		Prompts []map[string]json.RawMessage `json:"prompts"`
	}
	if err := json.Unmarshal([]byte(r.out), &got); err != nil || len(got.Prompts) != 3 || got.Prompts[0]["name"] == nil {
		t.Errorf("prompts --json: exit %d, %v: %s", r.code, err, r.out)
	}
	r = runToolbench(t, ctx, "", withTarget(target, "prompt", beyond.MediaPrompt)...)
	for _, w := range []string{"── user [0] text ──", "Look at these.", "── user [1] image ──", "image/png, 64 bytes",
		"── assistant [2] audio ──", "── user [3] resource ──", beyond.CounterURI} {
		if !strings.Contains(r.out, w) {
			t.Errorf("prompt media lacks %q (exit %d):\n%s%s", w, r.code, r.out, r.err)
		}
	}
	r = runToolbench(t, ctx, "", withTarget(target, "prompt", beyond.GreetPrompt, "--no-validate", "--arg", "language=fr")...)
	if r.code != exitOK || !strings.Contains(r.out, "Say hello to  in fr") {
		t.Errorf("--no-validate: exit %d:\n%s%s", r.code, r.out, r.err)
	}
	r = runToolbench(t, ctx, "", withTarget(target, "prompt", "--json", beyond.GreetPrompt, "--arg", "name=Ada")...)
	var res struct {
		Messages []json.RawMessage `json:"messages"`
	}
	if err := json.Unmarshal([]byte(r.out), &res); err != nil || len(res.Messages) != 1 {
		t.Errorf("prompt --json: exit %d, %v: %s", r.code, err, r.out)
	}
}

// TestPromptInputRound: a prompt that asks for input is answered by
// --elicit; without it the command says what was asked and exits 1.
func TestPromptInputRound(t *testing.T) {
	t.Parallel()
	answers := filepath.Join(t.TempDir(), "ok.json")
	if err := os.WriteFile(answers, []byte(`{"ok":true}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, era := range []beyond.Era{beyond.Legacy, beyond.Modern} {
		t.Run(string(era), func(t *testing.T) {
			t.Parallel()
			target := beyondCmd(era)
			r := runToolbench(t, context.Background(), "", withTarget(target, "prompt", beyond.ConfirmPrompt, "--elicit", answers)...)
			if r.code != exitOK || !strings.Contains(r.out, `"ok":true`) {
				t.Errorf("--elicit: exit %d:\n%s%s", r.code, r.out, r.err)
			}
			r = runToolbench(t, context.Background(), "", withTarget(target, "prompt", beyond.ConfirmPrompt)...)
			if r.code != exitToolError || !strings.Contains(r.err, "--elicit") {
				t.Errorf("unanswered: exit %d:\n%s%s", r.code, r.out, r.err)
			}
		})
	}
}

// TestReadInputRound: a read that asks for input first (2026-07-28) is
// answered by --elicit; without it the command says what was asked and
// exits 1.
func TestReadInputRound(t *testing.T) {
	t.Parallel()
	url, stop, err := beyond.StartHTTP(beyond.Modern)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	answers := filepath.Join(t.TempDir(), "why.json")
	if err := os.WriteFile(answers, []byte(`{"why":"tests"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runToolbench(t, context.Background(), "", "read", beyond.SecretURI, "--elicit", answers, "http", url)
	if r.code != exitOK || r.out != beyond.SecretText+"\n" {
		t.Errorf("--elicit: exit %d, %q %s", r.code, r.out, r.err)
	}
	r = runToolbench(t, context.Background(), "", "read", beyond.SecretURI, "http", url)
	if r.code != exitToolError || !strings.Contains(r.err, "--elicit") {
		t.Errorf("unanswered: exit %d:\n%s%s", r.code, r.out, r.err)
	}
}
