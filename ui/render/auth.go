package render

import (
	"fmt"
	"strings"
	"time"

	"charm.land/lipgloss/v2"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/theme"
)

// AuthView is the auth screen: the newest OAuth flow's steps as they
// happened, what the person must do, and the selected step's detail.
type AuthView struct {
	// Server names the server being authorized at.
	Server string
	// Flow and Flows number the flow shown among those of the session;
	// Flows is 0 before any flow began.
	Flow, Flows int
	// Verdict is where the flow stands in a few words, and Level how it
	// reads.
	Verdict string
	Level   Level
	Steps   []AuthStepRow
	Cursor  int
	// Action is what the person must do to go on, or nil.
	Action *AuthAction
	Detail AuthDetail
	// Offset is how far the detail is scrolled.
	Offset int
	// Empty is the note shown before any flow began.
	Empty string
}

// AuthStepRow is one step in the list.
type AuthStepRow struct {
	// Name is the step's name; State its state ("started", "done",
	// "failed", "skipped").
	Name, State string
	// Summary is the flow's line for it, server text included.
	Summary string
	Took    time.Duration
}

// AuthAction is the authorization URL the person is sent to, and how
// they can go on.
type AuthAction struct {
	URL string
	// Browser says what became of the URL ("opened with xdg-open").
	Browser string
	// Keys names the keys that open, copy and paste, in words.
	Keys string
	// Paste is set when a redirect URL or code may be pasted.
	Paste bool
	// Editing is set while the paste is typed; Input is its text input
	// as drawn.
	Editing bool
	Input   string
}

// AuthDetail is one step in full.
type AuthDetail struct {
	Row AuthStepRow
	// Notes are the step's notes (the URLs tried before the one that
	// answered).
	Notes []string
	// URL is the authorization URL, shown at the Browser step when no
	// action shows it.
	URL string
	// Exchanges are the step's HTTP requests and answers, secrets masked.
	Exchanges []AuthExchange
	// Verdict puts a failure into words; empty unless the step failed.
	Verdict []string
}

// AuthExchange is one HTTP request of the flow and its answer, as the
// flow recorded it (secrets already masked).
type AuthExchange struct {
	Method, URL    string
	RequestHeader  [][2]string
	RequestBody    string
	Status         int
	ResponseHeader [][2]string
	ResponseBody   string
	Err            string
	Took           time.Duration
}

// stateMarks mark a step's state in the list.
var stateMarks = map[string]string{"started": "…", "done": "✓", "failed": "✗", "skipped": "–"}

// AuthScreen draws the auth screen in height rows at most: the steps,
// the action, then as much of the detail as fits from Offset.
func AuthScreen(st *theme.Styles, v AuthView, width, height int) []string {
	title := "Authorization (OAuth)"
	if v.Server != "" {
		title += " · " + termsafe.Line(v.Server)
	}
	lines := []string{heading(title, width, st.Title, st.Border)}
	if v.Flows == 0 {
		return append(lines, muted(st, v.Empty, width)...)
	}
	flow := fmt.Sprintf("flow %d of %d · ", v.Flow, v.Flows)
	lines = append(lines, Clip(st.Muted.Render(flow)+v.Level.style(st).Render(termsafe.Line(v.Verdict)), width))
	lines = append(lines, authSteps(st, v.Steps, v.Cursor, width)...)
	if v.Action != nil {
		lines = append(lines, "")
		lines = append(lines, AuthActionLines(st, *v.Action, width)...)
	}
	if len(v.Steps) == 0 {
		return lines
	}
	lines = append(lines, "")
	detail := AuthDetailLines(st, v.Detail, width)
	room := max(1, height-len(lines))
	off := Scroll(v.Offset, len(detail), room)
	return append(lines, detail[off:min(len(detail), off+room)]...)
}

// AuthHeadRows is how many rows AuthScreen draws above the detail, so the
// workbench can clamp the detail's scroll without drawing.
func AuthHeadRows(st *theme.Styles, v AuthView, width int) int {
	v.Detail = AuthDetail{}
	return len(AuthScreen(st, v, width, 1<<20))
}

// authSteps lists the steps, one a row: mark, name, summary, time taken.
func authSteps(st *theme.Styles, steps []AuthStepRow, cursor, width int) []string {
	const nameWidth = 31
	var lines []string
	for i, s := range steps {
		mark := stateMarks[s.State]
		if mark == "" {
			mark = "·"
		}
		took := ""
		if s.Took > 0 {
			took = " " + roundTook(s.Took)
		}
		name := padRight(mark+" "+s.Name, nameWidth)
		room := max(0, width-2-nameWidth-len(took)-1)
		row := name + " " + padRight(safeLine(s.Summary, room), room) + took
		if i == cursor {
			lines = append(lines, st.Selected.Render(Pad("› "+row, width)))
			continue
		}
		lines = append(lines, Clip("  "+stateStyle(st, s.State).Render(name)+" "+
			st.Muted.Render(padRight(safeLine(s.Summary, room), room)+took), width))
	}
	return lines
}

// stateStyle colours a step's mark and name by its state.
func stateStyle(st *theme.Styles, state string) lipgloss.Style {
	switch state {
	case "done":
		return st.OK
	case "failed":
		return st.Error
	case "started":
		return st.Accent
	}
	return st.Muted
}

// roundTook rounds a step's time for a person: milliseconds under a
// second, tenths above.
func roundTook(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return "<1ms"
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	}
	return d.Round(100 * time.Millisecond).String()
}

// AuthActionLines are the authorization URL with its host picked out, the
// host on a line of its own (what the person is about to trust), what
// became of the URL, the keys, and the paste field.
func AuthActionLines(st *theme.Styles, a AuthAction, width int) []string {
	lines := []string{st.Heading.Render(Clip("Authorize in the browser", width))}
	lines = append(lines, authURLLines(st, a.URL, width)...)
	if a.Browser != "" {
		lines = append(lines, paint(newSpan(st.Text), Wrap(termsafe.Line(a.Browser), width))...)
	}
	lines = append(lines, paint(newSpan(st.Help), Wrap(a.Keys, width))...)
	if a.Editing {
		lines = append(lines, Clip(a.Input, width))
	}
	return lines
}

// authURLLines is a URL wrapped with its host highlighted, then the host
// alone; a URL without a host is shown as it is, escaped.
func authURLLines(st *theme.Styles, raw string, width int) []string {
	host, before, after, ok := splitHost(raw)
	if !ok {
		return paint(newSpan(st.Error), Wrap("the authorization URL does not parse: "+termsafe.Line(raw), width))
	}
	b, h, a := termsafe.Line(before), termsafe.Line(host), termsafe.Line(after)
	lines := highlightRange(b+h+a, len(b), len(b)+len(h), newSpan(st.Muted), newSpan(st.Warn.Bold(true)), width)
	return append(lines, Clip(st.Heading.Render("Host ")+st.Warn.Bold(true).Render(h), width))
}

// AuthDetailLines are one step in full: its heading, summary, verdict,
// notes, the authorization URL and every exchange.
func AuthDetailLines(st *theme.Styles, d AuthDetail, width int) []string {
	r := d.Row
	if r.Name == "" {
		return nil
	}
	state := r.State
	if state == "info" {
		state = "a note between steps"
	}
	title := r.Name + ": " + state
	if r.Took > 0 {
		title += " in " + roundTook(r.Took)
	}
	lines := []string{heading(title, width, st.Heading, st.Border)}
	if r.Summary != "" {
		lines = append(lines, Wrap(termsafe.Text(r.Summary), width)...)
	}
	for _, v := range d.Verdict {
		lines = append(lines, paint(newSpan(st.Error), Wrap(termsafe.Text(v), width))...)
	}
	for _, n := range d.Notes {
		lines = append(lines, indented(st.Muted, "· ", termsafe.Text(n), width)...)
	}
	if d.URL != "" {
		lines = append(lines, authURLLines(st, d.URL, width)...)
	}
	for _, x := range d.Exchanges {
		lines = append(lines, "")
		lines = append(lines, exchangeLines(st, x, width)...)
	}
	return lines
}

// exchangeLines are a request and its answer: the request line, its
// headers and body, the status, the answer's headers and body.
func exchangeLines(st *theme.Styles, x AuthExchange, width int) []string {
	lines := indented(st.Accent, "→ ", termsafe.Line(x.Method+" "+x.URL), width)
	lines = append(lines, headerLines(st, x.RequestHeader, width)...)
	lines = append(lines, bodyLines(st, x.RequestBody, width)...)
	if x.Err != "" {
		return append(lines, indented(st.Error, "✗ ", "no answer: "+termsafe.Line(x.Err), width)...)
	}
	status := fmt.Sprintf("%d", x.Status)
	if x.Took > 0 {
		status += " in " + roundTook(x.Took)
	}
	style := st.OK
	if x.Status >= 400 {
		style = st.Error
	}
	lines = append(lines, indented(style, "← ", status, width)...)
	lines = append(lines, headerLines(st, x.ResponseHeader, width)...)
	return append(lines, bodyLines(st, x.ResponseBody, width)...)
}

// headerLines are headers, one a row, indented under their message.
func headerLines(st *theme.Styles, h [][2]string, width int) []string {
	var lines []string
	for _, kv := range h {
		lines = append(lines, indented(st.Muted, "  ", termsafe.Line(kv[0])+": "+termsafe.Line(kv[1]), width)...)
	}
	return lines
}

// bodyLines are a body, indented: highlighted when it is JSON, escaped
// text otherwise.
func bodyLines(st *theme.Styles, body string, width int) []string {
	if strings.TrimSpace(body) == "" {
		return nil
	}
	rows := JSON(st, []byte(body), max(1, width-2))
	for i, r := range rows {
		rows[i] = "  " + r
	}
	return rows
}

// indented wraps text after lead, in style, its further rows aligned
// under the text.
func indented(style lipgloss.Style, lead, text string, width int) []string {
	w := max(1, width-len([]rune(lead)))
	rows := Wrap(text, w)
	pad := strings.Repeat(" ", len([]rune(lead)))
	for i, r := range rows {
		if i == 0 {
			rows[i] = style.Render(lead + r)
		} else {
			rows[i] = style.Render(pad + r)
		}
	}
	return rows
}
