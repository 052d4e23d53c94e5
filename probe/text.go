package probe

import (
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/toolbench/toolbench/internal/plural"
)

// verdictMarks are how verdicts read in the text report.
var verdictMarks = map[Verdict]string{
	Pass: "✓ pass", Warn: "! warn", Fail: "✗ fail", Skip: "- skip", NotRun: "· not run",
}

// WriteText writes the report for a person: a header, a table per tool
// (each call with its outcome, verdict, time and why), the output verdict,
// and a summary line. safe escapes text that came from the server; pass
// the identity when the output is not a terminal.
func WriteText(w io.Writer, r *Report, safe func(string) string) error {
	tw := NewTextWriter(w, safe)
	tw.Header(r)
	for _, t := range r.Tools {
		tw.Tool(t)
	}
	return tw.End(r)
}

// TextWriter writes the text report a part at a time, so that a tool's
// block is printed as soon as the tool is done rather than when the
// whole probe is. Header comes first, then Tool per tool, then End.
type TextWriter struct {
	w    *errWriter
	safe func(string) string
	head *Report
}

// NewTextWriter writes to w, escaping the server's text with safe.
func NewTextWriter(w io.Writer, safe func(string) string) *TextWriter {
	return &TextWriter{w: &errWriter{w: w}, safe: safe}
}

// Header writes the report's first line: the server and the options
// (from NewReport, before any tool is probed).
func (tw *TextWriter) Header(r *Report) {
	tw.head = r
	writeHeader(tw.w, r, tw.safe)
}

// Tool writes one tool's block.
func (tw *TextWriter) Tool(t Tool) {
	var head Report
	if tw.head != nil {
		head = *tw.head
	}
	writeTool(tw.w, &head, t, tw.safe)
}

// End writes why the probe stopped early, if it did, and the summary
// line, and returns the first error any write met.
func (tw *TextWriter) End(r *Report) error {
	if r.Stopped != "" {
		fmt.Fprintf(tw.w, "probe stopped early: %s\n", tw.safe(r.Stopped))
	}
	fmt.Fprintln(tw.w, SummaryLine(r))
	return tw.w.err
}

// SummaryLine is the report's last line, also what a failing run says on
// stderr.
func SummaryLine(r *Report) string {
	s := r.Summary
	line := fmt.Sprintf("%s: %d passed, %d warned, %d failed, %d skipped", plural.Count(s.Tools, "tool"), s.Passed, s.Warned, s.Failed, s.Skipped)
	if s.NotRun > 0 {
		line += fmt.Sprintf(", %d not run", s.NotRun)
	}
	took := time.Duration(s.DurationMs) * time.Millisecond
	if took >= time.Second {
		took = took.Round(10 * time.Millisecond)
	}
	line += fmt.Sprintf("; %s (%d failed, %d warned) in %s", plural.Count(s.Calls, "call"), s.FailedCalls, s.WarnedCalls, took)
	if r.Reconnects > 0 {
		line += fmt.Sprintf("; reconnected %s", plural.Count(r.Reconnects, "time"))
	}
	return line
}

func writeHeader(w io.Writer, r *Report, safe func(string) string) {
	scope := "read-only tools only"
	if r.Options.AllowDestructive {
		scope = "all tools, destructive ones included"
	}
	strict := ""
	if r.Options.Strict {
		strict = ", strict"
	}
	server := r.Server
	if server == "" {
		server = "server"
	}
	fmt.Fprintf(w, "probe of %s", safe(server))
	if r.Transport != "" {
		fmt.Fprintf(w, " over %s", r.Transport)
	}
	cases := fmt.Sprintf("up to %d invalid calls per tool", r.Options.MaxCases)
	if r.Options.MaxCases == 0 {
		cases = "valid calls only"
	}
	if r.Options.CallTimeoutMs > 0 {
		cases += fmt.Sprintf(", each call bounded to %s", time.Duration(r.Options.CallTimeoutMs)*time.Millisecond)
	}
	fmt.Fprintf(w, ": %s, %s%s\n\n", scope, cases, strict)
}

func writeTool(w io.Writer, r *Report, t Tool, safe func(string) string) {
	fmt.Fprintf(w, "%s  %s", safe(t.Name), strings.ToUpper(string(t.Verdict)))
	if t.Skipped != "" {
		fmt.Fprintf(w, ": %s\n\n", t.Skipped)
		return
	}
	fmt.Fprintf(w, "  (%d ms)\n", t.DurationMs)
	if len(t.Valid)+len(t.Invalid) > 0 {
		rows := [][]string{{"CASE", "OUTCOME", "VERDICT", "TIME", "WHY"}}
		var extra [][]string // lines printed under each row
		extra = append(extra, nil)
		for _, c := range append(append([]Case(nil), t.Valid...), t.Invalid...) {
			rows = append(rows, []string{safe(c.Description), string(c.Outcome), verdictMarks[c.Verdict],
				fmt.Sprintf("%dms", c.DurationMs), c.Message})
			var under []string
			if (c.Verdict == Fail || c.Verdict == Warn) && c.Reply != "" {
				under = append(under, "server said: "+safe(shorten(oneLine(c.Reply), maxShownReply)))
			}
			if len(c.ServerRequests) > 0 {
				under = append(under, "server asked: "+askedWords(r, c.ServerRequests, safe))
			}
			extra = append(extra, under)
		}
		writeTable(w, rows, extra)
	}
	writeOutput(w, t, safe)
	for _, n := range countSame(t.Notes) {
		fmt.Fprintf(w, "  note: %s\n", safe(n))
	}
	fmt.Fprintln(w)
}

func writeOutput(w io.Writer, t Tool, safe func(string) string) {
	v := t.Output
	switch {
	case v == nil:
		fmt.Fprintln(w, "  output: not checked (no valid call was accepted)")
	case !v.Checked:
		fmt.Fprintf(w, "  output: not checked: %s\n", v.Skipped)
	case v.Valid:
		fmt.Fprintln(w, "  output: ✓ structuredContent matches the outputSchema")
	default:
		fmt.Fprintf(w, "  output: ✗ %s:\n", plural.Count(len(v.Errors), "violation"))
		for _, e := range v.Errors {
			fmt.Fprintf(w, "    %s: %s\n", safe(displayPointer(e.InstancePath)), safe(e.Message))
		}
	}
}

// askedWords lists the requests a server sent during a call, each with
// what answered it: roots are the --root directories, not a policy.
func askedWords(r *Report, requests []string, safe func(string) string) string {
	parts := make([]string, 0, len(requests))
	for _, m := range countSame(requests) {
		how := ""
		switch {
		case strings.HasPrefix(m, "elicitation/create"):
			how = "answered per --elicit " + policyName(r.Options.Elicit)
		case strings.HasPrefix(m, "sampling/createMessage"):
			how = "answered per --sample " + policyName(r.Options.Sample)
		case strings.HasPrefix(m, "roots/list"):
			how = "answered with the --root directories"
		case strings.HasPrefix(m, "input_required"):
			how = "answered per --elicit and --sample"
		}
		if how != "" {
			m += " (" + how + ")"
		}
		parts = append(parts, safe(m))
	}
	return strings.Join(parts, ", ")
}

// policyName is a policy as the flag took it; the report of a run that
// recorded none says so.
func policyName(p string) string {
	if p == "" {
		return "(none given)"
	}
	return p
}

// writeTable aligns rows in columns two spaces apart, indented by two, with
// each row's extra lines below it indented by four. (text/tabwriter would
// let the extra lines break the columns.)
func writeTable(w io.Writer, rows [][]string, extra [][]string) {
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, cell := range r {
			widths[i] = max(widths[i], utf8.RuneCountInString(cell))
		}
	}
	for n, r := range rows {
		var b strings.Builder
		b.WriteString("  ")
		for i, cell := range r {
			b.WriteString(cell)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-utf8.RuneCountInString(cell)+2))
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
		for _, line := range extra[n] {
			fmt.Fprintf(w, "      %s\n", line)
		}
	}
}

// maxShownReply bounds the server's words under a row; --json has more.
const maxShownReply = 160

func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// countSame folds repeated notes into one with a count.
func countSame(notes []string) []string {
	var out []string
	count := map[string]int{}
	for _, n := range notes {
		if count[n]++; count[n] == 1 {
			out = append(out, n)
		}
	}
	for i, n := range out {
		if c := count[n]; c > 1 {
			out[i] = fmt.Sprintf("%s (%s)", n, plural.Count(c, "time"))
		}
	}
	return out
}

// errWriter keeps the first write error so the renderer need not check each.
type errWriter struct {
	w   io.Writer
	err error
}

// Write implements io.Writer, writing nothing after the first failure.
func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}
