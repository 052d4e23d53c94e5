package render

import (
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/theme"
)

// AppMIMEType is the MIME type the MCP Apps extension requires of an
// app's ui:// resource.
const AppMIMEType = "text/html;profile=mcp-app"

// AppState is where the reading of a tool's app resource stands.
type AppState struct {
	// ReadKey names the key that reads the resource.
	ReadKey string
	Reading bool
	// Failure is set when resources/read failed.
	Failure *Failure
	// Read is set once the resource was read; its rows are then the
	// caller's, rendered by AppContents.
	Read bool
}

// AppHead is the top of the Meta tab for a tool with an MCP App: its
// ui:// resource (and whether it came from the deprecated flat key), its
// visibility, and where the reading of the resource stands.
func AppHead(st *theme.Styles, a tool.App, s AppState, width int) []string {
	lines := []string{heading("MCP App", width, st.Heading, st.Border)}
	lines = append(lines, appField(st, "resource", st.Accent.Render(termsafe.Line(a.ResourceURI)), width)...)
	if a.Deprecated {
		lines = append(lines, paint(newSpan(st.Warn), hang("  ", 2, `deprecated flat key: _meta["ui/resourceUri"]; `+
			"the extension wants _meta.ui.resourceUri", width))...)
	}
	vis := st.Muted.Render("not sent: model and app")
	if a.Visibility != nil {
		quoted := make([]string, len(a.Visibility))
		for i, v := range a.Visibility {
			quoted[i] = termsafe.Line(v)
		}
		vis = st.Text.Render("[" + strings.Join(quoted, ", ") + "]")
	}
	lines = append(lines, appField(st, "visibility", vis, width)...)
	if a.HiddenFromModel() {
		lines = append(lines, paint(newSpan(st.Warn), hang("  ", 2, "hidden from models: a host keeps it out of the "+
			"model's tool list; only its app may call it", width))...)
	}
	switch {
	case s.Reading:
		lines = append(lines, muted(st, "reading "+termsafe.Line(a.ResourceURI)+" (resources/read)…", width)...)
	case s.Failure != nil:
		lines = append(lines, FailureLines(st, *s.Failure, width)...)
		lines = append(lines, muted(st, s.ReadKey+" reads it again", width)...)
	case !s.Read:
		lines = append(lines, muted(st, s.ReadKey+" reads the resource: its MIME type, CSP, permissions and HTML", width)...)
	}
	return lines
}

// appField is a labelled row: "  label  value", cut to width.
func appField(st *theme.Styles, label, value string, width int) []string {
	return []string{Clip(st.Muted.Render(padRight("  "+label, 17))+" "+value, width)}
}

// AppContent is one entry of an app resource's resources/read result,
// with what its _meta.ui says.
type AppContent struct {
	URI, MIMEType string
	// CSP is _meta.ui.csp, nil when not sent.
	CSP *AppCSP
	// Permissions names the members of _meta.ui.permissions, in order;
	// nil when not sent.
	Permissions []string
	// Domain is _meta.ui.domain, nil when not sent.
	Domain *string
	// PrefersBorder is _meta.ui.prefersBorder, nil when not sent.
	PrefersBorder *bool
	// HTML is the text, or the blob decoded; Blob says which.
	HTML string
	Blob bool
	// Problem says what is wrong with the entry as sent (a blob that is
	// not base64, a _meta.ui of the wrong shape); "" when nothing is.
	Problem string
}

// AppCSP is _meta.ui.csp: the origins the app may reach, by directive.
// A nil list was not sent.
type AppCSP struct {
	ConnectDomains, ResourceDomains, FrameDomains, BaseURIDomains []string
}

// AppContents are the rows of a read app resource: per entry its MIME
// type (checked against AppMIMEType), CSP domains, permissions, domain,
// border preference, and the HTML as plain text, escaped, never rendered.
func AppContents(st *theme.Styles, contents []AppContent, width int) []string {
	if len(contents) == 0 {
		return muted(st, "the server sent no contents for the resource", width)
	}
	var lines []string
	for i, c := range contents {
		if len(contents) > 1 {
			lines = append(lines, heading(fmt.Sprintf("contents[%d] ", i)+termsafe.Line(c.URI), width, st.Heading, st.Border))
		}
		lines = append(lines, appMeta(st, c, width)...)
		what := "HTML as text (never rendered)"
		if c.Blob {
			what = "HTML as text, decoded from the blob (never rendered)"
		}
		lines = append(lines, heading(what, width, st.Heading, st.Border))
		if c.HTML == "" {
			lines = append(lines, muted(st, "(empty)", width)...)
		} else {
			lines = append(lines, Wrap(termsafe.Text(strings.TrimRight(c.HTML, "\n")), width)...)
		}
	}
	return lines
}

// appMeta is an entry's MIME type and _meta.ui, one field a row.
func appMeta(st *theme.Styles, c AppContent, width int) []string {
	mime := st.OK.Render(termsafe.Line(c.MIMEType) + " ✓")
	if c.MIMEType != AppMIMEType {
		mime = st.Error.Render(termsafe.Line(orDash(c.MIMEType)) + " ✗ the extension requires " + AppMIMEType)
	}
	lines := appField(st, "mimeType", mime, width)
	if c.Problem != "" {
		lines = append(lines, paint(newSpan(st.Warn), hang("  ", 2, termsafe.Line(c.Problem), width))...)
	}
	if c.CSP == nil {
		lines = append(lines, appField(st, "csp", st.Muted.Render("not sent: the host's restrictive default applies"), width)...)
	} else {
		for _, d := range []struct {
			name string
			list []string
		}{{"connectDomains", c.CSP.ConnectDomains}, {"resourceDomains", c.CSP.ResourceDomains},
			{"frameDomains", c.CSP.FrameDomains}, {"baseUriDomains", c.CSP.BaseURIDomains}} {
			lines = append(lines, appField(st, d.name, domains(st, d.list), width)...)
		}
	}
	perms := st.Muted.Render("none requested")
	if len(c.Permissions) > 0 {
		perms = st.Warn.Render(termsafe.Line(strings.Join(c.Permissions, ", ")))
	}
	lines = append(lines, appField(st, "permissions", perms, width)...)
	domain := st.Muted.Render("not sent: the host's default sandbox origin")
	if c.Domain != nil {
		domain = st.Text.Render(termsafe.Line(*c.Domain))
	}
	lines = append(lines, appField(st, "domain", domain, width)...)
	border := st.Muted.Render("not sent: the host decides")
	if c.PrefersBorder != nil {
		border = st.Text.Render(map[bool]string{true: "true", false: "false"}[*c.PrefersBorder])
	}
	return append(lines, appField(st, "prefersBorder", border, width)...)
}

// domains is a CSP list in words: "none" when sent empty or not at all,
// since both allow nothing.
func domains(st *theme.Styles, list []string) string {
	if len(list) == 0 {
		return st.Muted.Render("none")
	}
	return st.Text.Render(termsafe.Line(strings.Join(list, ", ")))
}
