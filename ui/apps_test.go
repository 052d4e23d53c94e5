package ui

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/clientview"
	"github.com/toolbench/toolbench/ui/render"
)

// appResult is a resources/read result for an app resource, as sent.
func appResult(t *testing.T, raw string) *client.ReadResult {
	t.Helper()
	var w struct {
		Contents []client.ResourceContents `json:"contents"`
	}
	if err := json.Unmarshal([]byte(raw), &w); err != nil {
		t.Fatal(err)
	}
	return &client.ReadResult{Contents: w.Contents, Raw: json.RawMessage(raw)}
}

// dashboardHTML is the app resource of the dashboard tool, with every
// field of _meta.ui the extension defines.
const dashboardHTML = `{"contents":[{"uri":"ui://weather/dashboard","mimeType":"text/html;profile=mcp-app",
"text":"<!DOCTYPE html><html><body><h1>Weather</h1><script>fetch('https://api.example.com')</script></body></html>",
"_meta":{"ui":{"csp":{"connectDomains":["https://api.example.com"],"resourceDomains":["https://cdn.example.com","https://*.fonts.example"],
"frameDomains":[]},"permissions":{"microphone":{},"camera":{}},"domain":"a904794854a047f6.claudemcpcontent.com","prefersBorder":true}}}]}`

// appHarness opens the workbench on a server whose app resources read
// returns.
func appHarness(t *testing.T, read func(ctx context.Context, uri string) (*client.ReadResult, error), width int) *harness {
	t.Helper()
	s := &appSession{taskSession: newTaskSession(t), read: read}
	return startTaskHarness(t, s, width, 40)
}

// readShownApp presses r on the Meta tab and waits for the read.
func (h *harness) readShownApp() {
	h.t.Helper()
	h.key("r")
	h.settle()
}

// TestAppMetaSection: the Meta tab of a tool with an app names its ui://
// resource and visibility before reading it; r reads it and shows the
// MIME type, the CSP domains, permissions, domain, border preference and
// the HTML as text.
func TestAppMetaSection(t *testing.T) {
	t.Parallel()
	var asked []string
	h := appHarness(t, func(_ context.Context, uri string) (*client.ReadResult, error) {
		asked = append(asked, uri)
		return appResult(t, dashboardHTML), nil
	}, 120)
	h.selectTool("dashboard")
	h.key("alt+6")
	v := squash(h.view())
	for _, want := range []string{"── MCP App", "resource ui://weather/dashboard", "visibility [model, app]",
		"r reads the resource: its MIME type, CSP, permissions and HTML"} {
		if !strings.Contains(v, want) {
			t.Errorf("before the read the Meta tab lacks %q:\n%s", want, v)
		}
	}
	h.readShownApp()
	v = squash(h.view())
	for _, want := range []string{"mimeType text/html;profile=mcp-app ✓", "connectDomains https://api.example.com",
		"resourceDomains https://cdn.example.com, https://*.fonts.example", "frameDomains none", "baseUriDomains none",
		"permissions camera, microphone", "domain a904794854a047f6.claudemcpcontent.com", "prefersBorder true",
		"HTML as text (never rendered)", "<h1>Weather</h1><script>fetch('https://api.example.com')</script>"} {
		if !strings.Contains(v, want) {
			t.Errorf("after the read the Meta tab lacks %q:\n%s", want, v)
		}
	}
	if len(asked) != 1 || asked[0] != "ui://weather/dashboard" {
		t.Errorf("resources/read asked for %v", asked)
	}
}

// TestAppDeprecatedAndHidden: a URI from the flat key is marked
// deprecated, an app-only tool hidden from models; a resource with the
// wrong MIME type, no _meta.ui and its HTML in a blob says so.
func TestAppDeprecatedAndHidden(t *testing.T) {
	t.Parallel()
	blob := base64.StdEncoding.EncodeToString([]byte("<html>refresh</html>"))
	h := appHarness(t, func(context.Context, string) (*client.ReadResult, error) {
		return appResult(t, `{"contents":[{"uri":"ui://weather/dashboard","mimeType":"text/html","blob":"`+blob+`"}]}`), nil
	}, 120)
	h.selectTool("refresh_app")
	h.key("alt+6")
	h.readShownApp()
	v := squash(h.view())
	for _, want := range []string{`deprecated flat key: _meta["ui/resourceUri"]`, "visibility [app]", "hidden from models",
		"mimeType text/html ✗ the extension requires text/html;profile=mcp-app", "csp not sent",
		"permissions none requested", "prefersBorder not sent: the host decides",
		"decoded from the blob", "<html>refresh</html>"} {
		if !strings.Contains(v, want) {
			t.Errorf("the Meta tab lacks %q:\n%s", want, v)
		}
	}
}

// TestAppReadFailure: a failed read is explained in the section, which
// offers to read again; the tab stays.
func TestAppReadFailure(t *testing.T) {
	t.Parallel()
	h := appHarness(t, func(_ context.Context, uri string) (*client.ReadResult, error) {
		return nil, &client.RPCError{Method: "resources/read", Code: -32002, Message: "Resource not found: " + uri}
	}, 120)
	h.selectTool("dashboard")
	h.key("alt+6")
	h.readShownApp()
	v := squash(h.view())
	for _, want := range []string{"Reading the app's resource failed", "JSON-RPC error -32002: Resource not found:",
		"r reads it again", "[Meta]", "Description"} {
		if !strings.Contains(v, want) {
			t.Errorf("after a failed read the Meta tab lacks %q:\n%s", want, v)
		}
	}
}

// TestAppHostileHTML: the app's HTML and _meta strings are the server's
// and reach the terminal escaped.
func TestAppHostileHTML(t *testing.T) {
	t.Parallel()
	hostile := `{"contents":[{"uri":"ui://x","mimeType":"text/html;profile=mcp-app\u001b[31m","text":"<p>\u001b[2J\u001b]52;c;aGk=\u0007wiped</p>\r\n",` +
		`"_meta":{"ui":{"domain":"evil\u001b]0;pwned\u0007.example","csp":{"connectDomains":["https://a\u001b[5m"]}}}}]}`
	h := appHarness(t, func(context.Context, string) (*client.ReadResult, error) { return appResult(t, hostile), nil }, 120)
	h.selectTool("dashboard")
	h.key("alt+6")
	h.readShownApp()
	raw := h.m.View().Content
	for _, bad := range []string{"\x1b[2J", "\x1b]52", "\x1b]0;", "\x1b[5m", "\x1b[31m", "\r", "\a"} {
		if strings.Contains(raw, bad) {
			t.Errorf("the view holds the server's %q", bad)
		}
	}
	v := stripANSI(raw)
	for _, want := range []string{`<p>\e[2J\e]52;c;aGk=\x07wiped</p>`, `evil\e]0;pwned\x07.example`, `https://a\e[5m`} {
		if !strings.Contains(v, want) {
			t.Errorf("the escaped text %q is not shown:\n%s", want, v)
		}
	}
}

// squash turns each run of spaces into one, so a test names a row's
// fields without counting the padding between them.
func squash(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ' ' }), " ")
}

// TestParseAppContents reads the entries of app resources as servers
// send them, shapes the extension does not allow included.
func TestParseAppContents(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, raw string
		check     func(t *testing.T, c []render.AppContent)
	}{
		{"every field", dashboardHTML, func(t *testing.T, c []render.AppContent) {
			if len(c) != 1 || c[0].CSP == nil || len(c[0].CSP.ConnectDomains) != 1 || c[0].CSP.FrameDomains == nil ||
				c[0].CSP.BaseURIDomains != nil || c[0].Domain == nil || c[0].PrefersBorder == nil || !*c[0].PrefersBorder ||
				strings.Join(c[0].Permissions, ",") != "camera,microphone" {
				t.Errorf("parsed %+v", c)
			}
		}},
		{"no _meta", `{"contents":[{"uri":"ui://x","mimeType":"text/html;profile=mcp-app","text":"<p>"}]}`, func(t *testing.T, c []render.AppContent) {
			if c[0].CSP != nil || c[0].Permissions != nil || c[0].Domain != nil || c[0].PrefersBorder != nil || c[0].HTML != "<p>" {
				t.Errorf("parsed %+v", c)
			}
		}},
		{"_meta.ui of the wrong shape", `{"contents":[{"uri":"ui://x","text":"<p>","_meta":{"ui":{"csp":["https://a"]}}}]}`,
			func(t *testing.T, c []render.AppContent) {
				if !strings.Contains(c[0].Problem, "_meta.ui does not have the extension's shape") || c[0].HTML != "<p>" {
					t.Errorf("parsed %+v", c)
				}
			}},
		{"a blob that is not base64", `{"contents":[{"uri":"ui://x","blob":"!!not base64!!"}]}`, func(t *testing.T, c []render.AppContent) {
			if !c[0].Blob || !strings.Contains(c[0].Problem, "the blob is not base64") {
				t.Errorf("parsed %+v", c)
			}
		}},
		{"two entries", `{"contents":[{"uri":"ui://a","text":"a"},{"uri":"ui://b","text":"b","_meta":{"ui":{"prefersBorder":false}}}]}`,
			func(t *testing.T, c []render.AppContent) {
				if len(c) != 2 || c[0].PrefersBorder != nil || c[1].PrefersBorder == nil || *c[1].PrefersBorder {
					t.Errorf("parsed %+v", c)
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.check(t, clientview.AppContents(appResult(t, c.raw)))
		})
	}
}
