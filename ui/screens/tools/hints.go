package tools

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
)

// Hints are the keys that matter in the part that takes the keys now,
// from the key map.
func (s *Screen) Hints() [][2]string {
	l, d := s.keys.List, s.keys.Detail
	switch {
	case s.focus == focusList:
		return s.withAsTask([][2]string{hintPair(l.Up, l.Down, "select"), hint(l.Filter, "filter"), hint(l.Open, "open"),
			hint(l.Call, "call"), hint(l.Log, "log"), hint(l.Quit, "quit")})
	case s.detail.tab == tabResult:
		hints := [][2]string{hint(d.CopyResult, "copy result"), hint(d.CopyArgs, "copy args"),
			hint(d.CopyCommand, "copy command"), hint(d.Back, "tools")}
		if len(s.resultResourceURIs()) > 0 {
			hints = append([][2]string{hint(s.keys.OpenLink, "read resource")}, hints...)
		}
		return hints
	case s.detail.tab == tabLint:
		lt := s.keys.Lint
		return [][2]string{hintPair(lt.Up, lt.Down, "finding"), hint(lt.Show, "go to field"), hint(d.Back, "tools")}
	case s.detail.tab == tabHosts:
		hk := s.keys.Hosts
		return [][2]string{hintPair(hk.Up, hk.Down, "host"), hint(d.PageDown, "scroll findings"),
			hint(d.Back, "tools")}
	case s.detail.tab == tabProviders:
		p := s.keys.Providers
		return [][2]string{hintPair(p.Prev, p.Next, "provider"), hintPair(d.Up, d.Down, "scroll"), hint(d.Back, "tools")}
	}
	tabs := [2]string{render.KeyRange(s.keys.Tabs[0].Help().Key, s.keys.Tabs[tabCount-1].Help().Key), "tabs"}
	return s.withAppRead(s.withAsTask([][2]string{hint(d.Call, "call"), tabs, hint(s.d.Shared.Log, "log"), hint(d.Back, "back")}))
}

// resultResourceURIs are the resource_links and embedded resources of the
// shown tool's last result, in order, each once.
func (s *Screen) resultResourceURIs() []string {
	t := s.detail.tool
	if t == nil {
		return nil
	}
	tr := s.calls.results[t.Name]
	if tr == nil || tr.result == nil {
		return nil
	}
	var uris []string
	seen := map[string]bool{}
	for _, c := range tr.result.Content {
		uri := c.URI
		if c.Type == "resource" && c.Resource != nil {
			uri = c.Resource.URI
		} else if c.Type != "resource_link" {
			continue
		}
		if uri != "" && !seen[uri] {
			seen[uri] = true
			uris = append(uris, uri)
		}
	}
	return uris
}

// openResultResource reads the shown result's resource link on the
// resources screen; the root asks which when there are several.
func (s *Screen) openResultResource() tea.Cmd {
	uris := s.resultResourceURIs()
	if len(uris) == 0 {
		s.status(render.LevelInfo, "the result has no resource_link and no embedded resource")
		return nil
	}
	return s.d.OpenLinks(uris)
}
