package resources

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/cursor"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/internal/screentest"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

func TestListAndRead(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, uri string
		moves     int
		want, not []string
	}{
		{"text", "demo://resource/static/document/architecture.md", 0,
			[]string{"Resource demo://resource/static/document/architecture.md", "text · text/markdown", "# Architecture", "took 3 ms"}, nil},
		{"JSON is pretty", "demo://resource/static/config.json", 1, []string{`"debug": true,`, `"level": 3`}, []string{`{"debug":true`}},
		{"blob is MIME and size", "demo://resource/static/logo.png", 2, []string{"binary · image/png · 70 bytes"}, []string{"iVBOR"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			sess := everythingLike()
			_, d, _ := open(t, sess)
			v := d.View()
			for _, w := range []string{"Resources 3 · templates 2", "architecture.md", "⧉ Dynamic Text Resource", "21 bytes"} {
				if !strings.Contains(v, w) {
					t.Fatalf("the list lacks %q:\n%s", w, v)
				}
			}
			for range c.moves {
				d.Key("down")
			}
			d.Key("enter")
			v = d.View()
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
			if reads, _ := sess.seen(); !slices.Equal(reads, []string{c.uri}) {
				t.Errorf("reads = %q, want %q", reads, c.uri)
			}
			d.Key("esc")
			if !strings.Contains(d.View(), "Resources 3") {
				t.Errorf("esc did not go back to the list:\n%s", d.View())
			}
		})
	}
}

func TestFilterThenRead(t *testing.T) {
	t.Parallel()
	_, d, _ := open(t, everythingLike())
	d.Key("/")
	d.Type("logo")
	v := d.View()
	if !strings.Contains(v, "1 match") || !strings.Contains(v, "logo.png") || strings.Contains(v, "architecture.md") {
		t.Fatalf("filtering for logo:\n%s", v)
	}
	d.Key("enter", "enter")
	if !strings.Contains(d.View(), "binary · image/png") {
		t.Errorf("enter after the filter did not read logo.png:\n%s", d.View())
	}
}

// TestFilterSkipsSharedPrefix: a letter of the prefix every URI shares
// does not match every entry; a letter of a name or of a URI's own part
// does.
func TestFilterSkipsSharedPrefix(t *testing.T) {
	t.Parallel()
	_, d, _ := open(t, everythingLike())
	d.Key("/")
	d.Type("cfgjs")
	if v := d.View(); !strings.Contains(v, "1 match") || !strings.Contains(v, "config.json") {
		t.Errorf("cfgjs:\n%s", v)
	}
	d.Key("esc", "/")
	d.Type("://")
	if v := d.View(); !strings.Contains(v, "0 matches") {
		t.Errorf("\"://\", in the prefix every URI shares, matched:\n%s", v)
	}
}

func TestUnknownURIFails(t *testing.T) {
	t.Parallel()
	sess := everythingLike()
	delete(sess.contents, "demo://resource/static/document/architecture.md")
	_, d, _ := open(t, sess)
	d.Key("enter")
	if v := d.View(); !strings.Contains(v, "Reading the resource failed") || !strings.Contains(v, "unknown resource") {
		t.Errorf("an unknown URI:\n%s", v)
	}
}

// TestStaleReadDropped: a read that answers after a newer one began is
// not shown over it.
func TestStaleReadDropped(t *testing.T) {
	t.Parallel()
	sess := everythingLike()
	s, d, _ := open(t, sess)
	gate := make(chan struct{})
	sess.mu.Lock()
	sess.readGate = gate
	sess.mu.Unlock()
	// The reads are held, so the keys go to the screen without waiting.
	press := func(names ...string) {
		for _, n := range names {
			k, _ := screen.Press(n)
			s.Update(k)
		}
	}
	press("enter") // architecture.md, held
	first := s.read.req
	press("esc", "down", "enter") // config.json, held too
	if s.read.req == first {
		t.Fatal("the second read did not start")
	}
	s.Update(readMsg{req: first, res: sess.contents["demo://resource/static/document/architecture.md"], lines: []string{"# Architecture"}})
	if v := d.View(); !strings.Contains(v, "Resource demo://resource/static/config.json") || strings.Contains(v, "# Architecture") {
		t.Errorf("the first read's answer replaced the second's:\n%s", v)
	}
	close(gate)
}

func TestTemplateForm(t *testing.T) {
	t.Parallel()
	sess := everythingLike()
	_, d, _ := open(t, sess)
	d.Key("down", "down", "down", "enter")
	v := d.View()
	if !strings.Contains(v, "Template demo://resource/dynamic/text/{resourceId}") || !strings.Contains(v, "resourceId") {
		t.Fatalf("the template form:\n%s", v)
	}
	// Empty: refused, with the field named, and the form kept.
	d.Key("ctrl+s")
	if v := d.View(); !strings.Contains(v, "the variable resourceId is empty") {
		t.Errorf("an empty variable was not refused:\n%s", v)
	}
	if reads, _ := sess.seen(); len(reads) != 0 {
		t.Errorf("an empty variable was read: %q", reads)
	}
	d.Type("42")
	if !strings.Contains(d.View(), "→ demo://resource/dynamic/text/42") {
		t.Errorf("the expanded URI is not shown:\n%s", d.View())
	}
	d.Key("ctrl+s")
	if !strings.Contains(d.View(), "Resource 42: This is a plaintext resource") {
		t.Errorf("the template's read:\n%s", d.View())
	}
	d.Key("esc")
	if !strings.Contains(d.View(), "Template demo://") {
		t.Errorf("back from a template's read is not the form:\n%s", d.View())
	}
}

// TestTemplateErrors: a template that does not parse says where, and an
// empty variable's error quotes the template as sent, percent signs and
// all.
func TestTemplateErrors(t *testing.T) {
	t.Parallel()
	cases := []struct{ tpl, keys, want string }{
		{"demo://x/{a b}", "enter", `the template demo://x/{a b} cannot be used: the template is not RFC 6570: unacceptable variable name`},
		{"demo://x/%41%25/{id}", "enter ctrl+s", "the variable id is empty: fill it in to read from demo://x/%41%25/{id}"},
		// A percent sign that starts no %XX is not RFC 6570.
		{"demo://x/%s/{id}", "enter", "the template demo://x/%s/{id} cannot be used: the template is not RFC 6570: incomplete pct-encodeed"},
	}
	for _, c := range cases {
		t.Run(c.tpl, func(t *testing.T) {
			t.Parallel()
			sess := everythingLike()
			sess.resources, sess.templates = nil, []client.ResourceTemplate{{URITemplate: c.tpl, Name: "odd"}}
			_, d, _ := open(t, sess)
			d.Key(strings.Fields(c.keys)...)
			if v := d.View() + "\n" + strings.Join(d.Statuses(), "\n"); !strings.Contains(v, c.want) {
				t.Errorf("want %q:\n%s", c.want, v)
			}
		})
	}
}

func TestSubscribeAndUpdated(t *testing.T) {
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
			sess := everythingLike()
			sess.canSubscribe = c.can
			s, d, _ := open(t, sess)
			d.Key("down", "s")
			if v := d.View() + strings.Join(d.Statuses(), "\n"); !strings.Contains(v, c.wantWords) {
				t.Errorf("after s:\n%s", v)
			}
			at := time.Date(2026, 11, 30, 12, 3, 4, 0, time.UTC)
			d.Send(client.ResourceUpdatedEvent{At: at, URI: "demo://resource/static/config.json"})
			if !strings.Contains(d.View(), "updated 12:03:04") {
				t.Errorf("the update is not shown:\n%s", d.View())
			}
			if c.can && !slices.Equal(s.Subscribed(), []string{"demo://resource/static/config.json"}) {
				t.Errorf("Subscribed() = %q", s.Subscribed())
			}
			d.Key("s")
			if _, subs := sess.seen(); !slices.Equal(subs, c.wantSubs) {
				t.Errorf("subscriptions = %q, want %q", subs, c.wantSubs)
			}
			d.Key("enter", "r")
			if reads, _ := sess.seen(); len(reads) != 2 {
				t.Errorf("r did not read again: %q", reads)
			}
		})
	}
}

// TestListChangedKeepsCursor: a list_changed lists again and the cursor
// stays on the same URI though rows came before it.
func TestListChangedKeepsCursor(t *testing.T) {
	t.Parallel()
	sess := everythingLike()
	s, d, _ := open(t, sess)
	d.Key("down", "down") // logo.png
	sess.mu.Lock()
	sess.resources = append([]client.Resource{{URI: "demo://new/first", Name: "first.txt"}}, sess.resources...)
	sess.mu.Unlock()
	d.Send(client.ListChangedEvent{List: "resources"})
	if !strings.Contains(d.View(), "Resources 4") {
		t.Fatalf("the list was not refreshed:\n%s", d.View())
	}
	if e := s.selected(); e == nil || e.res.URI != "demo://resource/static/logo.png" {
		t.Errorf("the cursor is on %+v, want logo.png", e)
	}
}

func TestSave(t *testing.T) {
	t.Parallel()
	s, d, _ := open(t, everythingLike())
	dir := t.TempDir()
	d.Key("down", "down", "enter", "w")
	if got := s.save.input.Value(); got != "logo.png" {
		t.Errorf("the default name is %q, want logo.png", got)
	}
	path := filepath.Join(dir, "logo.png")
	s.save.input.SetValue(path)
	d.Key("enter")
	data, err := os.ReadFile(path)
	if err != nil || len(data) != 70 || string(data[1:4]) != "PNG" {
		t.Fatalf("saved %d bytes (%v), want the 70-byte PNG", len(data), err)
	}
	// Again: the file is there, so it asks; esc keeps it.
	if err := os.WriteFile(path, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	d.Key("w")
	s.save.input.SetValue(path)
	d.Key("enter")
	if !strings.Contains(d.View(), "is there already") {
		t.Fatalf("no question before overwriting:\n%s", d.View())
	}
	d.Key("esc")
	if b, _ := os.ReadFile(path); string(b) != "keep me" {
		t.Errorf("esc overwrote the file: %q", b)
	}
	d.Key("w")
	s.save.input.SetValue(path)
	d.Key("enter", "y")
	if b, _ := os.ReadFile(path); len(b) != 70 {
		t.Errorf("y did not overwrite: %d bytes", len(b))
	}
}

// TestMouseClickAndWheel: a click selects a row, a click on the selected
// row reads it; the wheel moves through the list and scrolls a read.
func TestMouseClickAndWheel(t *testing.T) {
	t.Parallel()
	sess := everythingLike()
	sess.contents["demo://resource/static/logo.png"] = &client.ReadResult{Contents: []client.ResourceContents{{
		URI: "demo://resource/static/logo.png", MIMEType: "text/plain", Text: strings.Repeat("a line\n", 100) + "the end"}}}
	s, d, _ := open(t, sess)
	// Row 0 is the heading; the third resource is on row 3.
	d.Send(tea.MouseClickMsg{Button: tea.MouseLeft, Y: 3})
	if e := s.selected(); e == nil || e.res.URI != "demo://resource/static/logo.png" || s.mode != modeList {
		t.Fatalf("a click selected %+v in mode %d", e, s.mode)
	}
	d.Send(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if e := s.selected(); e == nil || e.tpl == nil || e.tpl.Name != "user files" {
		t.Errorf("the wheel moved to %+v, want the last template", e)
	}
	d.Send(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	d.Send(tea.MouseClickMsg{Button: tea.MouseLeft, Y: 3})
	d.Send(tea.MouseClickMsg{Button: tea.MouseLeft, Y: 3})
	if !strings.Contains(d.View(), "Resource demo://resource/static/logo.png") {
		t.Fatalf("a click on the selected row did not read it:\n%s", d.View())
	}
	for range 40 {
		d.Send(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	}
	if v := d.View(); !strings.Contains(v, "the end") {
		t.Errorf("the wheel did not scroll the read to its end:\n%s", v)
	}
}

// TestReadOpensOnAURI: the Read message (a tool result's resource link)
// reads the URI on a screen never opened, and lists the resources too.
func TestReadOpensOnAURI(t *testing.T) {
	t.Parallel()
	sess := everythingLike()
	s := New(Deps{Styles: theme.Plain(), Evidence: func(error) []string { return nil },
		Session: func() (Session, int) { return sess, 1 }})
	d := screentest.New(t, s, s.Waiting, 100, 20)
	d.Send(Read{URI: "demo://resource/static/config.json"})
	if v := d.View(); !strings.Contains(v, "Resource demo://resource/static/config.json") || !strings.Contains(v, `"debug": true`) {
		t.Errorf("Read did not read the URI:\n%s", v)
	}
	d.Key("esc")
	if v := d.View(); !strings.Contains(v, "Resources 3 · templates 2") {
		t.Errorf("the resources were not listed:\n%s", v)
	}
}

// TestNotConnected: opened or asked to read without a session, the
// screen says there is none and asks nothing.
func TestNotConnected(t *testing.T) {
	t.Parallel()
	s, d, _ := open(t, nil)
	r := d.Send(Read{URI: "demo://x"})
	if len(r.Actions) != 1 || s.read != nil {
		t.Fatalf("a read without a session: %+v, read %+v", r.Actions, s.read)
	}
	if _, ok := r.Actions[0].(screen.NotConnected); !ok {
		t.Errorf("the action is %T, want NotConnected", r.Actions[0])
	}
}

// TestOthersMessagesNotTaken: the root offers every screen made so far
// the messages it does not know, so a screen left with its form open must
// not take a cursor's blink or another screen's reply: they belong to the
// input or the screen on show.
func TestOthersMessagesNotTaken(t *testing.T) {
	t.Parallel()
	s, d, _ := open(t, everythingLike())
	d.Key("end", "enter")
	if !s.Typing() {
		t.Fatalf("the template's form is not open:\n%s", d.View())
	}
	type otherReply struct{}
	for _, msg := range []tea.Msg{cursor.BlinkMsg{}, otherReply{}} {
		if r := s.Update(msg); r.Handled || r.Cmd != nil {
			t.Errorf("%T was taken (command: %t)", msg, r.Cmd != nil)
		}
	}
}
