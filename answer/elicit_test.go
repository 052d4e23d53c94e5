package answer

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/schemaform"
)

func TestDefaultContent(t *testing.T) {
	t.Parallel()
	everything, err := os.ReadFile("testdata/everything-elicitation.json")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		schema string
		want   string
	}{
		// server-everything's trigger-elicitation-request: defaults for
		// every field that has one (numbers, single and multi-select,
		// titled enums, enumNames), "name" required without one, the
		// optional fields without a default left out.
		{"server-everything", string(everything),
			`{"name":"example","firstLine":"It was a dark and stormy night.","integer":42,"number":3.14,` +
				`"untitledSingleSelectEnum":"Monica","untitledMultipleSelectEnum":["Guitar"],"titledSingleSelectEnum":"hero-1",` +
				`"titledMultipleSelectEnum":["fish-1"],"legacyTitledEnum":"pet-1"}`},
		{"spec simple text", `{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`, `{"name":"example"}`},
		{"required without defaults", `{"type":"object","properties":{
			"e":{"type":"string","format":"email"},"u":{"type":"string","format":"uri"},
			"d":{"type":"string","format":"date"},"t":{"type":"string","format":"date-time"},
			"i":{"type":"integer","minimum":5,"maximum":10},"n":{"type":"number","minimum":-3,"maximum":-2},
			"b":{"type":"boolean"},"s":{"type":"string","minLength":12},
			"one":{"type":"string","oneOf":[{"const":"#FF0000","title":"Red"}]},
			"many":{"type":"array","minItems":1,"maxItems":2,"items":{"type":"string","enum":["Red","Green"]}}},
			"required":["e","u","d","t","i","n","b","s","one","many"]}`,
			`{"e":"user@example.com","u":"https://example.com/","d":"2026-01-15","t":"2026-01-15T09:30:00Z",` +
				`"i":5,"n":-3,"b":false,"s":"examplexxxxx","one":"#FF0000","many":["Red"]}`},
		{"default of a required field wins", `{"type":"object","properties":{"b":{"type":"boolean","default":true}},"required":["b"]}`, `{"b":true}`},
		{"nothing to fill", `{"type":"object","properties":{"x":{"type":"string"}}}`, `{}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := DefaultContent(json.RawMessage(tt.schema))
			if err != nil || string(got) != tt.want {
				t.Fatalf("got %s, %v\nwant %s", got, err, tt.want)
			}
			v, err := schemaform.NewValidator(json.RawMessage(tt.schema))
			if err != nil {
				t.Fatal(err)
			}
			if violations, err := v.Validate(got); err != nil || len(violations) > 0 {
				t.Errorf("the content breaks its own schema: %v %+v", err, violations)
			}
		})
	}
}

func TestDefaultContentRefuses(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, schema, want string }{
		{"missing", ``, "requestedSchema: missing"},
		{"not an object schema", `{"type":"string"}`, "not an object schema"},
		{"not JSON", `{"type":`, "requestedSchema"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if _, err := DefaultContent(json.RawMessage(tt.schema)); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
		})
	}
}

func TestElicitAnswers(t *testing.T) {
	t.Parallel()
	file := writeFile(t, "content.json", ` {"name":"Ada","check":true} `+"\n")
	form := `{"message":"Who?","requestedSchema":{"type":"object","properties":{"name":{"type":"string","default":"Bob"}}}}`
	strict := `{"message":"Who?","requestedSchema":{"type":"object","properties":{"name":{"type":"string","minLength":9},"check":{"type":"boolean"}}}}`
	url := `{"mode":"url","message":"Log in\u001b[2J","url":"https://auth.example.com/x?\u001b]52;c;AAAA\u0007"}`
	tests := []struct {
		policy, params string
		want           string
		notice         string
	}{
		{AcceptDefaults, form, `{"action":"accept","content":{"name":"Bob"}}`, ""},
		{Decline, form, `{"action":"decline"}`, ""},
		{Cancel, form, `{"action":"cancel"}`, ""},
		{file, form, `{"action":"accept","content":{"name":"Ada","check":true}}`, ""},
		{file, strict, `{"action":"accept","content":{"name":"Ada","check":true}}`,
			"toolbench: warning: the content of " + file + " breaks the requestedSchema; sending it anyway:\n  /name: "},
		// Controls make it no URL at all: declined, and told escaped.
		{AcceptDefaults, url, `{"action":"decline"}`, `toolbench: declined the server's request to open https://auth.example.com/x?\e]52;c;AAAA\x07 (Log in\e[2J): not an http(s) URL`},
		{file, url, `{"action":"decline"}`, "open https://auth.example.com/x?"},
		{AcceptDefaults, `{"mode":"url","message":"Log in","url":"https://auth.example.com/x"}`, `{"action":"accept"}`, "toolbench: the server asks you to open https://auth.example.com/x (Log in)\ntoolbench:   it leads to auth.example.com\n"},
		{Decline, url, `{"action":"decline"}`, ""},
		{Cancel, url, `{"action":"cancel"}`, ""},
		{AcceptDefaults, `{"mode":"url","message":"m","url":"javascript:alert(1)"}`, `{"action":"decline"}`, "declined the server's request to open javascript:alert(1) (m): not an http(s) URL: its scheme is \"javascript\""},
		{file, `{"mode":"url","message":"m","url":"file:///etc/passwd"}`, `{"action":"decline"}`, `its scheme is "file"`},
		{AcceptDefaults, `{"mode":"url","message":"m","url":"data:text/html,<b>x"}`, `{"action":"decline"}`, `its scheme is "data"`},
		{AcceptDefaults, `{"mode":"url","message":"m","url":"https://good.com@evil.com/x"}`, `{"action":"accept"}`, "it leads to evil.com; \"good.com@\" before it is not the host"},
		{AcceptDefaults, `{"mode":"url","message":"m","url":"https://g\u043e\u043egle.com/"}`, `{"action":"accept"}`, "it leads to xn--ggle-55da.com (written g\u043e\u043egle.com: not all of it is ASCII)"},
	}
	for _, tt := range tests {
		p, err := ParseElicit(tt.policy)
		if err != nil {
			t.Fatal(err)
		}
		var notice strings.Builder
		r, err := p.answer(client.Ask{Kind: client.AskElicit, Params: json.RawMessage(tt.params)}, &notice)
		got, _ := json.Marshal(r)
		if err != nil || string(got) != tt.want {
			t.Errorf("%s on %s: %s, %v; want %s", tt.policy, tt.params, got, err, tt.want)
		}
		if !strings.Contains(notice.String(), tt.notice) || (tt.notice == "") != (notice.Len() == 0) {
			t.Errorf("%s on %s: notice %q, want %q", tt.policy, tt.params, notice.String(), tt.notice)
		}
		if strings.ContainsAny(notice.String(), "\x1b\a") {
			t.Errorf("the notice lets server text drive the terminal: %q", notice.String())
		}
	}
}

func TestParseElicitRefuses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := writeFileIn(t, dir, "bad.json", `{"name": "Ada",}`)
	list := writeFileIn(t, dir, "list.json", `["Ada"]`)
	empty := writeFileIn(t, dir, "empty.json", ``)
	tests := []struct {
		value  string
		want   string
		offset int
	}{
		{"", "empty policy", -2},
		{"accept", `"accept" is not a policy (accept-defaults, decline, cancel) and not a file: no such file or directory`, -2},
		{bad, bad + ": not valid JSON", 15},
		{list, list + ": holds an array, not a JSON object", -1},
		{empty, empty + ": not valid JSON", 0},
		{dir, dir + ": cannot read it", -1},
	}
	for _, tt := range tests {
		_, err := ParseElicit(tt.value)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: err = %v, want %q", tt.value, err, tt.want)
			continue
		}
		var fe *FileError
		if errors.As(err, &fe) != (tt.offset != -2) {
			t.Errorf("%q: FileError %v, want one: %v", tt.value, fe, tt.offset != -2)
		} else if fe != nil && (fe.Offset != tt.offset || fe.Path != tt.value) {
			t.Errorf("%q: %+v, want offset %d", tt.value, fe, tt.offset)
		}
	}
}

func writeFile(t *testing.T, name, body string) string {
	t.Helper()
	return writeFileIn(t, t.TempDir(), name, body)
}

func writeFileIn(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}
