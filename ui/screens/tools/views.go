package tools

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
)

// viewKind names a tab whose content is rendered off the UI goroutine:
// highlighting a schema, linting it or converting it takes milliseconds
// for a large one, and View runs on every key.
type viewKind int

const (
	viewInput viewKind = iota
	viewOutput
	viewMeta
	viewLint
	viewProviders
)

// viewKey says what a rendering was made from: the tool as sent, the
// width, and for the Providers tab the provider.
type viewKey struct {
	kind     viewKind
	tool     string
	digest   digest
	width    int
	provider int
}

// tabView is a tab's rendered content.
type tabView struct {
	lines []string
	// The Lint tab's findings, each drawn plain and selected, so moving the
	// cursor costs nothing.
	findings      []check.Finding
	plain, picked [][]string
}

// viewReadyMsg delivers a rendering.
type viewReadyMsg struct {
	key  viewKey
	view *tabView
}

// viewCacheSize bounds the renderings kept: enough for every tab of the
// last few tools at a couple of widths.
const viewCacheSize = 64

// viewCache holds renderings by what they were made from, and the
// renderings on their way.
type viewCache struct {
	ready   map[viewKey]*tabView
	order   []viewKey // oldest first, for eviction
	pending map[viewKey]bool
}

func newViewCache() viewCache {
	return viewCache{ready: map[viewKey]*tabView{}, pending: map[viewKey]bool{}}
}

func (c *viewCache) get(k viewKey) *tabView { return c.ready[k] }

func (c *viewCache) handleReady(msg viewReadyMsg) tea.Cmd {
	delete(c.pending, msg.key)
	if _, ok := c.ready[msg.key]; ok {
		return nil
	}
	if len(c.order) >= viewCacheSize {
		delete(c.ready, c.order[0])
		c.order = c.order[1:]
	}
	c.ready[msg.key] = msg.view
	c.order = append(c.order, msg.key)
	return nil
}

// viewKeyOf is the rendering tab t of the shown tool needs; ok is false
// for tabs drawn directly (the form, the result) and for a tool without an
// outputSchema on the Output tab.
func (s *Screen) viewKeyOf(t tab) (viewKey, bool) {
	tl := s.detail.tool
	if tl == nil {
		return viewKey{}, false
	}
	k := viewKey{tool: tl.Name, digest: s.detail.digest, width: s.detailWidth()}
	switch t {
	case tabInput:
		k.kind = viewInput
	case tabOutput:
		k.kind = viewOutput
		if tl.OutputSchema == nil {
			return viewKey{}, false
		}
	case tabMeta:
		k.kind = viewMeta
	case tabLint:
		k.kind = viewLint
	case tabProviders:
		k.kind, k.provider = viewProviders, s.detail.qa.provider
	default:
		return viewKey{}, false
	}
	return k, true
}

// shownView is the rendering of the tab on screen, or nil while it is on
// its way.
func (s *Screen) shownView() *tabView {
	k, ok := s.viewKeyOf(s.detail.tab)
	if !ok {
		return nil
	}
	return s.views.get(k)
}

// wantView starts rendering the tab on screen unless it is rendered or on
// its way.
func (s *Screen) wantView() tea.Cmd {
	k, ok := s.viewKeyOf(s.detail.tab)
	if !ok || s.views.ready[k] != nil || s.views.pending[k] {
		return nil
	}
	s.views.pending[k] = true
	st, t := s.st, *s.detail.tool
	var meta metaInputs
	if e := s.detail.editor(); e != nil {
		meta.warnings = e.form.Warnings
		if e.err != nil {
			meta.formErr = e.err.Error()
		}
	}
	return func() tea.Msg { return viewReadyMsg{key: k, view: renderView(st, t, k, meta)} }
}

// metaInputs is what the Meta tab shows of the tool's compiled form.
type metaInputs struct {
	formErr  string
	warnings []schemaform.Warning
}

// renderView renders one tab. It shares nothing with the model, so it
// runs in a command.
func renderView(st *theme.Styles, t tool.Tool, k viewKey, meta metaInputs) *tabView {
	switch k.kind {
	case viewInput:
		return &tabView{lines: render.JSON(st, t.InputSchema, k.width)}
	case viewOutput:
		return &tabView{lines: render.JSON(st, t.OutputSchema, k.width)}
	case viewMeta:
		return &tabView{lines: render.MetaLines(st, render.Meta{Description: t.Description, Annotations: t.Annotations.Raw,
			Meta: t.Meta, Raw: t.Raw, FormError: meta.formErr, Warnings: meta.warnings}, k.width)}
	case viewLint:
		v := &tabView{findings: lintTool(t)}
		v.lines = []string{render.FindingsSummary(st, check.Count(v.findings), k.width)}
		for _, f := range v.findings {
			v.plain = append(v.plain, render.Finding(st, f, k.width, false))
			v.picked = append(v.picked, render.Finding(st, f, k.width, true))
		}
		return v
	}
	c := render.Conversion{Providers: providerNames(), Active: k.provider}
	out, findings, err := convertTool(t, k.provider)
	c.Out, c.Findings = out, findings
	if err != nil {
		c.Err = err.Error()
	}
	return &tabView{lines: render.ConversionLines(st, c, k.width)}
}
