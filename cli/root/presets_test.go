package root

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/history"
)

func TestCallPresets(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target, recorded := fixtureHTTP(t)
	steps := []struct {
		name   string
		flags  []string
		code   int
		sent   string // what the fixture must have been sent, "" for nothing checked
		errOut string
	}{
		{"save", []string{"call", "set_priority", "--args", `{"task_id":"T-1","priority":3}`, "--save-preset", "urgent"}, exitOK, `{"task_id":"T-1","priority":3}`, ""},
		{"load", []string{"call", "set_priority", "--preset", "urgent"}, exitOK, `{"task_id":"T-1","priority":3}`, ""},
		{"load with --arg on top", []string{"call", "set_priority", "--preset", "urgent", "--arg", "priority=1"}, exitOK, `{"task_id":"T-1","priority":1}`, ""},
		{"load with --args on top", []string{"call", "set_priority", "--preset", "urgent", "--args", `{"mode":0,"task_id":"T-2"}`}, exitOK, `{"task_id":"T-2","priority":3,"mode":0}`, ""},
		{"replace", []string{"call", "set_priority", "--arg", "task_id=T-9", "--arg", "priority=2", "--save-preset", "urgent"}, exitOK, "", ""},
		{"load the replacement", []string{"call", "set_priority", "--preset", "urgent"}, exitOK, `{"task_id":"T-9","priority":2}`, ""},
		{"save another", []string{"call", "set_priority", "--arg", "task_id=T-5", "--arg", "priority=5", "--save-preset", "calm"}, exitOK, "", ""},
		{"unknown", []string{"call", "set_priority", "--preset", "urgnet"}, exitUsage, "", `--preset "urgnet": the tool "set_priority" of this server has no such preset; it has "calm", "urgent"`},
		{"other tool has none", []string{"call", "echo", "--preset", "urgent"}, exitUsage, "", `the tool "echo" of this server has no presets; save one with`},
	}
	for _, s := range steps {
		r := runIn(t, dir, withTarget(target, s.flags...)...)
		if r.code != s.code || !strings.Contains(r.err, s.errOut) {
			t.Fatalf("%s: exit %d, want %d with %q\n%s", s.name, r.code, s.code, s.errOut, r.err)
		}
		if s.sent != "" && lastSent(recorded()) != s.sent {
			t.Fatalf("%s: the fixture was sent %s, want %s", s.name, lastSent(recorded()), s.sent)
		}
	}
	r := runIn(t, dir, "presets", "--json", "--tool", "set_priority")
	var presets []history.Preset
	if err := json.Unmarshal([]byte(r.out), &presets); err != nil || len(presets) != 2 || presets[0].Name != "calm" || presets[1].Name != "urgent" {
		t.Fatalf("presets --json: exit %d, %v\n%s%s", r.code, err, r.out, r.err)
	}
	r = runIn(t, dir, "presets")
	if r.code != exitOK || !strings.Contains(r.out, "urgent") || !strings.Contains(r.out, `{"task_id":"T-9","priority":2}`) {
		t.Fatalf("presets table: exit %d\n%s%s", r.code, r.out, r.err)
	}
	if r := runIn(t, dir, "presets", "--server", "nowhere", "--json"); strings.TrimSpace(r.out) != "[]" {
		t.Fatalf("presets --server nowhere = %s; want []", r.out)
	}
	r = runIn(t, dir, withTarget(target, "presets", "rm", "urgent", "--tool", "set_priority")...)
	if r.code != exitOK || !strings.Contains(r.out, `Deleted preset "urgent"`) {
		t.Fatalf("presets rm: exit %d\n%s%s", r.code, r.out, r.err)
	}
	r = runIn(t, dir, withTarget(target, "presets", "rm", "urgent", "--tool", "set_priority")...)
	if r.code != exitUsage || !strings.Contains(r.err, `presets rm "urgent": the tool "set_priority" of this server has no such preset; it has "calm"`) {
		t.Fatalf("presets rm again: exit %d\n%s", r.code, r.err)
	}
}

func TestPresetsUsage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"presets", "rm"}, "presets rm needs the preset's NAME"},
		{[]string{"presets", "rm", "p", "http://127.0.0.1:1/mcp"}, "presets rm needs --tool T"},
		{[]string{"presets", "ls"}, "toolbench presets takes no arguments"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			r := runIn(t, t.TempDir(), tt.args...)
			if r.code != exitUsage || !strings.Contains(r.err, tt.want) {
				t.Errorf("exit %d, want %d with %q:\n%s", r.code, exitUsage, tt.want, r.err)
			}
		})
	}
}

// lastSent is the arguments of the last call the fixture recorded.
func lastSent(recorded string) string {
	lines := strings.Split(strings.TrimSpace(recorded), "\n")
	var e struct {
		Arguments json.RawMessage `json:"arguments"`
	}
	_ = json.Unmarshal([]byte(lines[len(lines)-1]), &e)
	return string(e.Arguments)
}
