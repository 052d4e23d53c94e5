package ui

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
)

// openResources opens the resources screen on an everything-like server.
func openResources(t *testing.T) (*harness, *fakeSession) {
	t.Helper()
	s := everythingLike(t)
	h := newHarness(t, s)
	h.keyB("alt+e")
	return h, s
}

func TestResourcesListAndRead(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, uri string
		moves     int
		want      []string
		not       []string
	}{
		{"text", "demo://resource/static/document/architecture.md", 0,
			[]string{"Resource demo://resource/static/document/architecture.md", "text · text/markdown", "# Architecture", "took 3 ms"}, nil},
		{"JSON is pretty", "demo://resource/static/config.json", 1,
			[]string{`"debug": true,`, `"level": 3`}, []string{`{"debug":true`}},
		{"blob is MIME and size", "demo://resource/static/logo.png", 2,
			[]string{"binary · image/png · 70 bytes"}, []string{"iVBOR"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h, s := openResources(t)
			v := h.view()
			for _, w := range []string{"Resources 3 · templates 2", "architecture.md", "⧉ Dynamic Text Resource", "21 bytes"} {
				if !strings.Contains(v, w) {
					t.Fatalf("the list lacks %q:\n%s", w, v)
				}
			}
			for range c.moves {
				h.keyB("down")
			}
			h.keyB("enter")
			v = h.view()
			for _, w := range c.want {
				if !strings.Contains(v, w) {
					t.Errorf("the read lacks %q:\n%s", w, v)
				}
			}
			for _, w := range c.not {
				if strings.Contains(v, w) {
					t.Errorf("the read shows %q:\n%s", w, v)
				}
			}
			if reads, _, _, _ := s.seen(); !slices.Equal(reads, []string{c.uri}) {
				t.Errorf("reads = %q, want %q", reads, c.uri)
			}
			h.keyB("esc")
			if !strings.Contains(h.view(), "Resources 3") {
				t.Errorf("esc did not go back to the list:\n%s", h.view())
			}
		})
	}
}

func TestResourcesFilter(t *testing.T) {
	t.Parallel()
	h, _ := openResources(t)
	h.keyB("/")
	h.typeB("logo")
	v := h.view()
	if !strings.Contains(v, "1 match") || !strings.Contains(v, "logo.png") || strings.Contains(v, "architecture.md") {
		t.Fatalf("filtering for logo:\n%s", v)
	}
	h.keyB("enter", "enter")
	if !strings.Contains(h.view(), "binary · image/png") {
		t.Errorf("enter after the filter did not read logo.png:\n%s", h.view())
	}
}

func TestResourceUnknownURIFails(t *testing.T) {
	t.Parallel()
	h, s := openResources(t)
	delete(s.contents, "demo://resource/static/document/architecture.md")
	h.keyB("enter")
	v := h.view()
	if !strings.Contains(v, "Reading the resource failed") || !strings.Contains(v, "unknown resource") {
		t.Errorf("an unknown URI:\n%s", v)
	}
}

// TestStaleReadDropped: a read that answers after a newer one began is
// not shown over it.
func TestStaleReadDropped(t *testing.T) {
	t.Parallel()
	h, s := openResources(t)
	gate := make(chan struct{})
	s.bmu.Lock()
	s.readGate = gate
	s.bmu.Unlock()
	h.key("enter") // architecture.md, held
	first := h.m.resources.read.req
	h.key("esc", "down", "enter") // config.json, held too
	if h.m.resources.read.req == first {
		t.Fatal("the second read did not start")
	}
	gate <- struct{}{}
	gate <- struct{}{}
	h.settleBeyond()
	v := h.view()
	if !strings.Contains(v, "Resource demo://resource/static/config.json") || strings.Contains(v, "# Architecture") {
		t.Errorf("the first read's answer replaced the second's:\n%s", v)
	}
}

func TestTemplateForm(t *testing.T) {
	t.Parallel()
	h, s := openResources(t)
	h.keyB("down", "down", "down", "enter")
	v := h.view()
	if !strings.Contains(v, "Template demo://resource/dynamic/text/{resourceId}") || !strings.Contains(v, "resourceId") {
		t.Fatalf("the template form:\n%s", v)
	}
	// Empty: refused, with the field named, and the form kept.
	h.keyB("ctrl+s")
	v = h.view()
	if !strings.Contains(v, "the variable resourceId is empty") {
		t.Errorf("an empty variable was not refused:\n%s", v)
	}
	if reads, _, _, _ := s.seen(); len(reads) != 0 {
		t.Errorf("an empty variable was read: %q", reads)
	}
	h.typeB("42")
	if !strings.Contains(h.view(), "→ demo://resource/dynamic/text/42") {
		t.Errorf("the expanded URI is not shown:\n%s", h.view())
	}
	h.keyB("ctrl+s")
	if !strings.Contains(h.view(), "Resource 42: This is a plaintext resource") {
		t.Errorf("the template's read:\n%s", h.view())
	}
	h.keyB("esc")
	if !strings.Contains(h.view(), "Template demo://") {
		t.Errorf("back from a template's read is not the form:\n%s", h.view())
	}
}

// TestTemplateErrors: a template that does not parse says where, and an
// empty variable's error quotes the template as sent, percent signs and
// all.
func TestTemplateErrors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		tpl, keys, want string
	}{
		{"demo://x/{a b}", "enter", `the template demo://x/{a b} cannot be used: the template is not RFC 6570: unacceptable variable name`},
		{"demo://x/%41%25/{id}", "enter ctrl+s", "the variable id is empty: fill it in to read from demo://x/%41%25/{id}"},
		// A percent sign that starts no %XX is not RFC 6570.
		{"demo://x/%s/{id}", "enter", "the template demo://x/%s/{id} cannot be used: the template is not RFC 6570: incomplete pct-encodeed"},
	}
	for _, c := range cases {
		t.Run(c.tpl, func(t *testing.T) {
			t.Parallel()
			s := everythingLike(t)
			s.resources, s.templates = nil, []client.ResourceTemplate{{URITemplate: c.tpl, Name: "odd"}}
			h := newHarness(t, s)
			h.keyB("alt+e")
			h.keyB(strings.Fields(c.keys)...)
			if v := h.view(); !strings.Contains(v, c.want) {
				t.Errorf("want %q:\n%s", c.want, v)
			}
		})
	}
}

func TestResourceSubscribeAndUpdated(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		can       bool
		wantSubs  []string
		wantWords string
	}{
		{"offered", true, []string{"subscribe demo://resource/static/config.json", "unsubscribe demo://resource/static/config.json"}, "subscribed"},
		{"not offered", false, nil, "the server offers no subscriptions"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := everythingLike(t)
			s.canSubscribe = c.can
			h := newHarness(t, s)
			h.m.now = fixedClock
			h.keyB("alt+e", "down", "s")
			if !strings.Contains(h.view(), c.wantWords) {
				t.Errorf("after s:\n%s", h.view())
			}
			at := time.Date(2026, 11, 30, 12, 3, 4, 0, time.UTC)
			h.update(eventMsg{gen: h.m.conn.gen, event: client.ResourceUpdatedEvent{At: at, URI: "demo://resource/static/config.json"}})
			if !strings.Contains(h.view(), "updated 12:03:04") {
				t.Errorf("the update is not shown:\n%s", h.view())
			}
			h.keyB("s")
			if _, subs, _, _ := s.seen(); !slices.Equal(subs, c.wantSubs) {
				t.Errorf("subscriptions = %q, want %q", subs, c.wantSubs)
			}
			h.keyB("enter", "r")
			if reads, _, _, _ := s.seen(); len(reads) != 2 {
				t.Errorf("r did not read again: %q", reads)
			}
		})
	}
}

// TestResourcesListChangedKeepsCursor: a list_changed lists again and
// the cursor stays on the same URI though rows came before it.
func TestResourcesListChangedKeepsCursor(t *testing.T) {
	t.Parallel()
	h, s := openResources(t)
	h.keyB("down", "down") // logo.png
	s.setResources(append([]client.Resource{{URI: "demo://new/first", Name: "first.txt"}}, s.resources...))
	h.update(eventMsg{gen: h.m.conn.gen, event: client.ListChangedEvent{List: "resources"}})
	h.settleBeyond()
	if !strings.Contains(h.view(), "Resources 4") {
		t.Fatalf("the list was not refreshed:\n%s", h.view())
	}
	if e := h.m.selectedEntry(); e == nil || e.res.URI != "demo://resource/static/logo.png" {
		t.Errorf("the cursor is on %+v, want logo.png", e)
	}
}

func TestResourceSave(t *testing.T) {
	t.Parallel()
	h, _ := openResources(t)
	dir := t.TempDir()
	h.keyB("down", "down", "enter", "w")
	if got := h.m.resources.save.input.Value(); got != "logo.png" {
		t.Errorf("the default name is %q, want logo.png", got)
	}
	path := filepath.Join(dir, "logo.png")
	h.m.resources.save.input.SetValue(path)
	h.keyB("enter")
	data, err := os.ReadFile(path)
	if err != nil || len(data) != 70 || string(data[1:4]) != "PNG" {
		t.Fatalf("saved %d bytes (%v), want the 70-byte PNG", len(data), err)
	}
	// Again: the file is there, so it asks; esc keeps it.
	if err := os.WriteFile(path, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	h.keyB("w")
	h.m.resources.save.input.SetValue(path)
	h.keyB("enter")
	if !strings.Contains(h.view(), "is there already") {
		t.Fatalf("no question before overwriting:\n%s", h.view())
	}
	h.keyB("esc")
	if b, _ := os.ReadFile(path); string(b) != "keep me" {
		t.Errorf("esc overwrote the file: %q", b)
	}
	h.keyB("w")
	h.m.resources.save.input.SetValue(path)
	h.keyB("enter", "y")
	if b, _ := os.ReadFile(path); len(b) != 70 {
		t.Errorf("y did not overwrite: %d bytes", len(b))
	}
}

func TestSharedPrefix(t *testing.T) {
	t.Parallel()
	cases := []struct {
		uris []string
		want string
	}{
		{nil, ""},
		{[]string{"demo://a/b"}, ""},
		{[]string{"demo://store/report/1", "demo://store/photo/2"}, "demo://store/"},
		{[]string{"demo://store/r1", "demo://store/r2"}, "demo://store/"},
		{[]string{"demo://x", "file:///y"}, ""},
		{[]string{"demo://resource/static/a", "demo://resource/dynamic/text/{id}"}, "demo://resource/"},
	}
	for _, c := range cases {
		if got := sharedPrefix(c.uris); got != c.want {
			t.Errorf("sharedPrefix(%q) = %q, want %q", c.uris, got, c.want)
		}
	}
}

// TestResourcesFilterSkipsSharedPrefix: a letter of the prefix every URI
// shares does not match every entry; a letter of a name or of a URI's own
// part does.
func TestResourcesFilterSkipsSharedPrefix(t *testing.T) {
	t.Parallel()
	h, _ := openResources(t)
	h.keyB("/")
	h.typeB("cfgjs")
	if v := h.view(); !strings.Contains(v, "1 match") || !strings.Contains(v, "config.json") {
		t.Errorf("cfgjs:\n%s", v)
	}
	h.keyB("esc", "/")
	h.typeB("://")
	if v := h.view(); !strings.Contains(v, "0 matches") {
		t.Errorf("\"://\", in the prefix every URI shares, matched:\n%s", v)
	}
}

func TestDefaultFileName(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"demo://resource/static/logo.png": "logo.png",
		"file:///tmp/a/b.txt":             "b.txt",
		"demo://resource/static/":         "static",
		"urn:isbn:0451450523":             "isbn_0451450523",
		"demo://host":                     "host",
		"demo://x/..":                     "resource..",
		"demo://x/.hidden":                "resource.hidden",
		"demo://x/a%2Fb":                  "a_b",
		"demo://x/\x1b[31mred":            "_[31mred",
	}
	for uri, want := range cases {
		if got := defaultFileName(uri); got != want {
			t.Errorf("defaultFileName(%q) = %q, want %q", uri, got, want)
		}
	}
}

// TestToolResultOpensResource: o on a Result tab with a resource_link
// reads it on the resources screen.
func TestToolResultOpensResource(t *testing.T) {
	t.Parallel()
	s := everythingLike(t)
	s.call = func(_ context.Context, _ string, _ []byte, _ func(client.ProgressEvent)) (*client.CallResult, error) {
		return client.ParseCallResult([]byte(`{"content":[{"type":"text","text":"see"},` +
			`{"type":"resource_link","uri":"demo://resource/static/config.json","name":"config"}]}`))
	}
	h := newHarness(t, s)
	h.selectTool("echo")
	h.typeText("hi")
	h.key("ctrl+s")
	if !strings.Contains(h.view(), "o read resource") {
		t.Errorf("the Result tab does not offer o:\n%s", h.view())
	}
	h.keyB("o")
	v := h.view()
	if !strings.Contains(v, "Resource demo://resource/static/config.json") || !strings.Contains(v, `"debug": true`) {
		t.Errorf("o did not read the link:\n%s", v)
	}
}
