package memory

import (
	"fmt"
	"io"
	"strings"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/snapshot"
)

// valueWidth is how many bytes of an old or new value a line shows.
const valueWidth = 60

// ANSI styles for a terminal; a pipe gets plain text.
const (
	ansiRed   = "\x1b[31m"
	ansiGreen = "\x1b[32m"
	ansiBold  = "\x1b[1m"
	ansiReset = "\x1b[0m"
)

// diffPrinter writes a report as text, coloured on a terminal. Every
// string from a snapshot (names, values, descriptions) goes through safe.
type diffPrinter struct {
	w     io.Writer
	safe  func(string) string
	color bool
}

// printReport writes the report grouped by item, then a summary line.
func printReport(st *iostreams.Streams, r *snapshot.Report, oldLabel, newLabel string) {
	p := diffPrinter{w: st.Out, safe: iostreams.TextFor(st), color: st.OutTTY}
	fmt.Fprintf(p.w, "%s → %s\n", p.safe(oldLabel), p.safe(newLabel))
	if r.Empty() {
		fmt.Fprintln(p.w, "No changes.")
		return
	}
	for _, g := range r.Groups {
		p.group(g)
	}
	fmt.Fprintf(p.w, "\n%s in %s: %s, %s.\n", plural.Count(r.Breaking+r.NonBreaking, "change"),
		plural.Count(len(r.Groups), "item"), p.style(ansiRed, fmt.Sprintf("%d breaking", r.Breaking)),
		fmt.Sprintf("%d non-breaking", r.NonBreaking))
}

// group writes one item's heading and its changes.
func (p diffPrinter) group(g snapshot.Group) {
	breaking := 0
	for _, c := range g.Changes {
		if c.Severity == snapshot.Breaking {
			breaking++
		}
	}
	fmt.Fprintf(p.w, "\n%s %s: %d breaking, %d non-breaking\n", kindWord(g.Kind), p.style(ansiBold, p.safe(g.Name)),
		breaking, len(g.Changes)-breaking)
	for _, c := range g.Changes {
		p.change(c)
	}
}

// change writes "BREAKING /pointer  summary", then the word diff or the
// values on each side.
func (p diffPrinter) change(c snapshot.Change) {
	sev := "non-breaking"
	if c.Severity == snapshot.Breaking {
		sev = p.style(ansiRed, "BREAKING    ")
	}
	if c.Pointer == "" {
		fmt.Fprintf(p.w, "  %s  %s\n", sev, p.safe(c.Summary))
	} else {
		fmt.Fprintf(p.w, "  %s  %s  %s\n", sev, p.safe(c.Pointer), p.safe(c.Summary))
	}
	switch {
	case c.Text != nil:
		fmt.Fprintf(p.w, "      %s\n", p.words(c.Text))
	case c.Pointer == "":
		// A whole item added or removed: its heading says it all.
	case c.Old != nil && c.New != nil && !strings.Contains(c.Summary, string(c.Old)+" to "+string(c.New)):
		// The values, unless the summary already says "from X to Y".
		fmt.Fprintf(p.w, "      %s → %s\n", p.safe(iostreams.Cut(oneLine(string(c.Old)), valueWidth)), p.safe(iostreams.Cut(oneLine(string(c.New)), valueWidth)))
	}
}

// words writes a word diff as [-removed-]{+added+}.
func (p diffPrinter) words(edits []snapshot.Edit) string {
	var b strings.Builder
	for i, e := range edits {
		text := p.safe(e.Text)
		switch e.Op {
		case "-":
			b.WriteString(p.style(ansiRed, "[-"+text+"-]"))
		case "+":
			b.WriteString(p.style(ansiGreen, "{+"+text+"+}"))
		default:
			b.WriteString(p.safe(keptWords(e.Text, i == 0, i == len(edits)-1)))
		}
	}
	return b.String()
}

// contextWords is how many kept words are shown around a change.
const contextWords = 6

// keptWords shortens a kept run of a word diff to the words next to the
// changes: its end when it comes first, its start when it comes last, both
// ends between two changes.
func keptWords(s string, first, last bool) string {
	w := strings.SplitAfter(s, " ")
	if len(w) <= 2*contextWords {
		return s
	}
	head, tail := strings.Join(w[:contextWords], ""), strings.Join(w[len(w)-contextWords:], "")
	switch {
	case first && last:
		return s
	case first:
		return "…" + tail
	case last:
		return head + "…"
	}
	return head + "… " + tail
}

func (p diffPrinter) style(code, s string) string {
	if !p.color {
		return s
	}
	return code + s + ansiReset
}

// kindWord names a group's kind in its heading.
func kindWord(kind string) string {
	if kind == snapshot.KindResourceTemplate {
		return "resource template"
	}
	return kind
}

// oneLine joins the lines of s with spaces and trims it.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
