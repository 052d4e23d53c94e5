package resources

import (
	"slices"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
)

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

// TestTemplateCompletion: a template's variable is completed with the
// template as the reference, asked for when the form opens on it and
// again after typing.
func TestTemplateCompletion(t *testing.T) {
	t.Parallel()
	sess := everythingLike()
	sess.canComplete = true
	sess.complete = func(_ client.CompletionRef, _ string, value string) []string {
		return []string{value + "1", value + "2"}
	}
	_, d, _ := open(t, sess)
	d.Key("down", "down", "down", "enter")
	d.PumpUntil("suggestions on focus", func() bool { return strings.Contains(d.View(), "› 1 · 2") })
	d.Type("4")
	d.PumpUntil("suggestions", func() bool { return strings.Contains(d.View(), "› 41 · 42") })
	d.Key("alt+down", "ctrl+y", "ctrl+s")
	if !strings.Contains(d.View(), "Resource demo://resource/dynamic/text/42") {
		t.Errorf("the suggestion was not read:\n%s", d.View())
	}
	sess.mu.Lock()
	refs := slices.Clone(sess.completions)
	sess.mu.Unlock()
	if len(refs) == 0 || refs[0].URITemplate != "demo://resource/dynamic/text/{resourceId}" {
		t.Errorf("completion/complete refs = %+v", refs)
	}
}

// TestTextBlobShownAsText: a blob whose MIME type is text/* is decoded
// and shown as text; a text/* blob that is not UTF-8, or any other blob,
// is shown by its size only.
func TestTextBlobShownAsText(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, mime, blob string
		want, not        []string
	}{
		{"text/plain", "text/plain", "aGVsbG8KYmxvYiB3b3JsZA==",
			[]string{"text (sent as a base64 blob) · text/plain · 16 bytes", "hello", "blob world"}, []string{"binary", "aGVsbG8"}},
		{"with a charset", "text/markdown; charset=utf-8", "IyBUaXRsZQ==", []string{"# Title"}, []string{"binary"}},
		{"not UTF-8", "text/plain", "//79", []string{"binary · text/plain · 3 bytes"}, []string{"sent as a base64 blob"}},
		{"an image", "image/png", "aGVsbG8=", []string{"binary · image/png · 5 bytes"}, []string{"hello"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			sess := everythingLike()
			sess.contents["demo://resource/static/document/architecture.md"] = &client.ReadResult{Contents: []client.ResourceContents{
				{URI: "demo://resource/static/document/architecture.md", MIMEType: c.mime, Blob: c.blob}}}
			_, d, _ := open(t, sess)
			d.Key("enter")
			v := d.View()
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
		})
	}
}
