package widget

import (
	"fmt"

	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
)

// Listing is where a list asked of the server stands (resources/list,
// prompts/list): the request on its way, and the connection the list
// came from, so a reconnect lists again and a stale reply is dropped.
type Listing struct {
	// Loading is the request on its way, 0 for none; Gen is the
	// connection the list came from; Loaded says one answer arrived.
	Loading, Gen int
	Loaded       bool
	// Undeclared says the server declares no capability for the list, so
	// it was not asked.
	Undeclared bool
	// Err is why the last listing failed.
	Err error
	seq int
}

// Start numbers a new request and marks it on its way.
func (l *Listing) Start() int {
	l.seq++
	l.Loading = l.seq
	return l.seq
}

// Take records the reply to request req from connection gen, unless a
// newer request has started since; it reports whether it took it.
func (l *Listing) Take(req, gen int, err error, undeclared bool) bool {
	if req != l.Loading {
		return false
	}
	l.Loading, l.Loaded, l.Gen, l.Err, l.Undeclared = 0, true, gen, err, undeclared
	return true
}

// Stale reports whether the list must be asked for (again) on
// connection gen: never listed, or listed on an older connection.
func (l *Listing) Stale(gen int) bool { return !l.Loaded || l.Gen != gen }

// ListingText is what a listed screen says in its own words.
type ListingText struct {
	// Title heads the list ("Prompts"); Counts follows it ("3",
	// "3 · templates 1"), "" while there is nothing to count.
	Title, Counts string
	// Noun is what the server lists, as its capability is named
	// ("prompts"); Empty is the line when it lists nothing.
	Noun, Empty string
	// Evidence explains a failed listing in the workbench's words.
	Evidence func(error) []string
}

// Head draws what stands above list's rows: the title with the counts,
// the matches of a filter and "listing…" while a request is on its way;
// the filter line; then why there are no rows, if so: the listing failed,
// the server does not declare the capability, or it lists nothing. After
// a failure the screen draws no rows, so the failure is not mistaken for
// the list it replaced.
func (l *Listing) Head(st *theme.Styles, list *List, t ListingText, width int) []string {
	head := st.Heading.Render(t.Title)
	if t.Counts != "" {
		head += st.Muted.Render(" " + t.Counts)
	}
	if list.Count() != list.Total() {
		head += st.Muted.Render(" · " + plural.Count(list.Count(), "match"))
	}
	if l.Loading != 0 {
		head += st.Muted.Render(" · listing…")
	}
	lines := []string{render.Clip(head, width)}
	if list.ShowsFilter() {
		lines = append(lines, list.FilterLine())
	}
	switch {
	case l.Err != nil:
		return append(lines, render.FailureLines(st, render.Failure{Head: "Listing the " + t.Noun + " failed",
			Message: l.Err.Error(), Evidence: t.Evidence(l.Err)}, width)...)
	case l.Undeclared && l.Loading == 0:
		lines = append(lines, st.Muted.Render(fmt.Sprintf("the server offers no %s (its capabilities have no %q)", t.Noun, t.Noun)))
	case list.Total() == 0 && l.Loading == 0 && l.Loaded:
		lines = append(lines, st.Muted.Render(t.Empty))
	}
	return lines
}
