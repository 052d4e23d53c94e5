package tools

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
)

// qaState is where the Lint and Providers tabs stand: the selected
// finding and the provider shown. What they show is rendered off the UI
// goroutine, when a tab is first opened for a tool: linting ten thousand
// tools up front would delay the list for no one.
type qaState struct {
	cursor   int
	provider int
}

// lintLines draws the Lint tab from its rendering: the summary row, then
// the findings with the selected one in view. Only the rows on screen are
// gathered: a schema can have thousands of findings.
func lintLines(st *theme.Styles, v *tabView, cursor, width, height int) []string {
	if len(v.findings) == 0 {
		return render.NoFindings(st, width)
	}
	if height <= len(v.lines) {
		return v.lines[:max(0, height)]
	}
	return append(append([]string{}, v.lines...), lintWindow(v, cursor, height-len(v.lines))...)
}

// lintWindow is height rows of the findings, the selected one in view.
func lintWindow(v *tabView, cursor, height int) []string {
	block := func(i int) []string {
		if i == cursor {
			return v.picked[i]
		}
		return v.plain[i]
	}
	total, at := 0, 0
	for i := range v.findings {
		if i == cursor {
			at = total
		}
		total += len(block(i))
	}
	off := render.Scroll(at, total, height)
	if at < off || at >= off+height {
		off = at
	}
	lines := make([]string, 0, height)
	row := 0
	for i := range v.findings {
		b := block(i)
		for _, l := range b {
			if row >= off && row < off+height {
				lines = append(lines, l)
			}
			row++
		}
		if row >= off+height {
			break
		}
	}
	return lines
}

// lintKey handles the keys of the Lint tab; it reports false for keys it
// leaves to the pane.
func (s *Screen) lintKey(msg tea.KeyPressMsg) bool {
	k, q := s.keys.Lint, &s.detail.qa
	if !key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown, k.First, k.Last, k.Show) {
		return false
	}
	v := s.shownView()
	if v == nil {
		return true // still rendering
	}
	last := len(v.findings) - 1
	if d, ok := k.nav().Delta(msg, lintPage, len(v.findings)); ok {
		q.cursor += d
	} else if q.cursor <= last {
		s.jumpToField(v.findings[q.cursor])
	}
	q.cursor = max(0, min(q.cursor, last))
	return true
}

// lintPage is how many findings a page key moves by: findings are several
// rows each, so a screenful is about five.
const lintPage = 5

// providerKey switches the provider on the Providers tab; it reports
// false for keys it leaves to the pane.
func (s *Screen) providerKey(msg tea.KeyPressMsg) bool {
	q, n := &s.detail.qa, len(providerNames())
	switch {
	case key.Matches(msg, s.keys.Providers.Next):
		q.provider = (q.provider + 1) % n
	case key.Matches(msg, s.keys.Providers.Prev):
		q.provider = (q.provider + n - 1) % n
	default:
		return false
	}
	s.detail.offset[tabProviders] = 0
	return true
}

// jumpToField shows the finding's field in the form.
func (s *Screen) jumpToField(f check.Finding) {
	if f.Field == "" || !strings.HasPrefix(f.Pointer, "/inputSchema") {
		s.status(render.LevelInfo, "this finding is about the tool as a whole, not one field")
		return
	}
	e := s.detail.editor()
	if !e.model.JumpTo(strings.ReplaceAll(f.Field, "/*", "/0")) && !e.model.JumpTo(parentPointer(f.Field)) {
		s.status(render.LevelInfo, "open the field's parent in the form to reach "+termsafe.Line(f.Field))
	}
	s.detail.tab, s.focus = tabForm, focusDetail
}

// parentPointer drops the last token of a pointer, and any list wildcard.
func parentPointer(p string) string {
	p = strings.ReplaceAll(p, "/*", "")
	if i := strings.LastIndex(p, "/"); i > 0 {
		return p[:i]
	}
	return ""
}
