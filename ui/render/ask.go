package render

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/internal/weburl"
	"github.com/toolbench/toolbench/ui/theme"
)

// AskHead says who asks what, for the first lines of a modal.
type AskHead struct {
	// What names the question: "elicitation", "sampling request".
	What string
	// Server names the server; Tool the tool whose call the question
	// belongs to ("" when not known); Round the input round on 2026-07-28
	// (0 for a legacy server request).
	Server, Tool string
	Round        int
}

// AskHeading is a modal's title rule and the line saying who asks during
// what. Server text is escaped.
func AskHeading(st *theme.Styles, h AskHead, width int) []string {
	who := termsafe.Line(h.Server) + " asks"
	if h.Tool != "" {
		who += " during the call of " + termsafe.Line(h.Tool)
	}
	if h.Round > 0 {
		who += fmt.Sprintf(" (input round %d)", h.Round)
	}
	return append([]string{heading("The server asks: "+h.What, width, st.Title, st.Border)}, muted(st, who, width)...)
}

// AskMessage is the message the server sent with its question, wrapped
// and escaped.
func AskMessage(st *theme.Styles, message string, width int) []string {
	if strings.TrimSpace(message) == "" {
		return muted(st, "(the server sent no message)", width)
	}
	return Wrap(termsafe.Text(strings.TrimRight(message, "\n")), width)
}

// SecretWarning is the warning over a form that asks for what looks like
// a secret; fields are the property names, escaped here.
func SecretWarning(st *theme.Styles, fields []string, width int) []string {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = termsafe.Line(f)
	}
	text := "⚠ this form asks for what looks like a secret (" + strings.Join(names, ", ") + "): the spec forbids " +
		"servers to ask for passwords, tokens or API keys in form mode. Think before you type a real one."
	return paint(newSpan(st.Warn), Wrap(text, width))
}

// URLAsk is a URL-mode elicitation as its modal shows it.
type URLAsk struct {
	Message, URL string
	// Question is how to go on, in the key map's words.
	Question string
	// Waiting is set once the person accepted: the modal then says the
	// workbench waits for the server.
	Waiting bool
}

// URLLines are the message, the full URL with its host picked out, the
// host on a line of its own (what the person is about to trust), and the
// question or the wait.
func URLLines(st *theme.Styles, u URLAsk, width int) []string {
	lines := AskMessage(st, u.Message, width)
	lines = append(lines, "")
	host, before, after, ok := splitHost(u.URL)
	if !ok {
		lines = append(lines, paint(newSpan(st.Error), Wrap("the URL does not parse: "+termsafe.Line(u.URL), width))...)
	} else {
		b, h, a := termsafe.Line(before), termsafe.Line(host), termsafe.Line(after)
		lines = append(lines, st.Heading.Render("URL"))
		lines = append(lines, highlightRange(b+h+a, len(b), len(b)+len(h), newSpan(st.Muted), newSpan(st.Warn.Bold(true)), width)...)
		lines = append(lines, "")
		lines = append(lines, hostLines(st, u.URL, host, width)...)
	}
	lines = append(lines, "")
	if u.Waiting {
		return append(lines, paint(newSpan(st.Accent), Wrap("accepted — waiting for the server to say the interaction is complete…", width))...)
	}
	return append(lines, paint(newSpan(st.Text), Wrap(u.Question, width))...)
}

// splitHost cuts a URL into what comes before its host, the host and
// what follows; ok is false for a URL without one.
func splitHost(raw string) (host, before, after string, ok bool) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return "", "", "", false
	}
	// The host follows the userinfo: in https://good.com@good.co the
	// first "good.co" is not it.
	from := 0
	if u.User != nil {
		from = strings.Index(raw, "@") + 1
	}
	i := strings.Index(raw[from:], u.Host)
	if i < 0 {
		return "", "", "", false
	}
	i += from
	return u.Host, raw[:i], raw[i+len(u.Host):], true
}

// hostLines name the host a web URL really leads to (see weburl: in
// punycode when not all ASCII, and what stands before an @ is not it).
// Another URL's host is shown as written; the modal says it is not opened.
func hostLines(st *theme.Styles, raw, host string, width int) []string {
	t, err := weburl.Check(raw)
	if err != nil {
		return []string{Clip(st.Heading.Render("Host ")+st.Warn.Bold(true).Render(termsafe.Line(host)), width)}
	}
	lines := []string{Clip(st.Heading.Render("Host ")+st.Warn.Bold(true).Render(termsafe.Line(t.Host)), width)}
	if t.Unicode != "" {
		lines = append(lines, paint(newSpan(st.Warn), Wrap("written "+termsafe.Line(t.Unicode)+": not all of it is ASCII", width))...)
	}
	if t.Userinfo != "" {
		lines = append(lines, paint(newSpan(st.Warn), Wrap(`"`+termsafe.Line(t.Userinfo)+`@" before it is not the host`, width))...)
	}
	return lines
}

// highlightRange cuts plain text into rows of width cells (width <= 0:
// one row) and styles bytes [from, to) with hi and the rest with lo, each
// row opening and closing its own styles.
func highlightRange(text string, from, to int, lo, hi span, width int) []string {
	var rows []string
	var b strings.Builder
	cells, inHi := 0, false
	flush := func() {
		if inHi {
			b.WriteString(hi.close)
		} else {
			b.WriteString(lo.close)
		}
		rows = append(rows, b.String())
		b.Reset()
		cells = 0
	}
	open := func(high bool) {
		inHi = high
		if high {
			b.WriteString(hi.open)
		} else {
			b.WriteString(lo.open)
		}
	}
	open(from == 0 && to > 0)
	for i, r := range text {
		high := i >= from && i < to
		w := ansi.StringWidth(string(r))
		if width > 0 && cells+w > width {
			flush()
			open(high)
		} else if high != inHi {
			if inHi {
				b.WriteString(hi.close)
			} else {
				b.WriteString(lo.close)
			}
			open(high)
		}
		b.WriteRune(r)
		cells += w
	}
	flush()
	return rows
}
