package snapshot

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// Diff compares two snapshots. Schemas are compared by what they mean:
// each $ref by what it resolves to, properties whatever their order.
// Resources, templates and prompts are compared when both sides list
// them.
func Diff(old, new *Snapshot) (*Report, error) {
	if old == nil || new == nil {
		return nil, errors.New("diff: a snapshot is missing")
	}
	r := &Report{Groups: []Group{}}
	tools := section{kind: KindTool, key: "name", compare: compareTool, renames: true}
	if err := tools.diff(r, "tools", old.section("tools", old.Tools), new.section("tools", new.Tools), true); err != nil {
		return nil, err
	}
	for _, s := range []struct {
		sec      section
		name     string
		old, new sectionText
	}{
		{section{kind: KindResource, key: "uri", compare: compareResource}, "resources",
			old.section("resources", old.Resources), new.section("resources", new.Resources)},
		{section{kind: KindResourceTemplate, key: "uriTemplate", compare: compareResource}, "resourceTemplates",
			old.section("resourceTemplates", old.ResourceTemplates), new.section("resourceTemplates", new.ResourceTemplates)},
		{section{kind: KindPrompt, key: "name", compare: comparePrompt}, "prompts",
			old.section("prompts", old.Prompts), new.section("prompts", new.Prompts)},
	} {
		if err := s.sec.diff(r, s.name, s.old, s.new, false); err != nil {
			return nil, err
		}
	}
	for _, g := range r.Groups {
		for _, c := range g.Changes {
			if c.Severity == Breaking {
				r.Breaking++
			} else {
				r.NonBreaking++
			}
		}
	}
	return r, nil
}

// section is how the items of one list are matched and compared.
type section struct {
	kind, key string
	compare   func(o, n *jsondoc.Value, c *changes)
	// renames says a removed item whose inputSchema means the same as an
	// added one's was renamed to it.
	renames bool
}

// diff appends to r the groups of one section; a section absent from
// either side is skipped, unless always.
func (s section) diff(r *Report, name string, oldText, newText sectionText, always bool) error {
	if !always && (oldText.raw == nil || newText.raw == nil) {
		return nil
	}
	olds, err := oldText.items(name)
	if err != nil {
		return fmt.Errorf("old snapshot: %w", err)
	}
	news, err := newText.items(name)
	if err != nil {
		return fmt.Errorf("new snapshot: %w", err)
	}
	oldBy := index(olds, s.key)
	newBy := index(news, s.key)
	renamed := map[string]*jsondoc.Value{} // new name → old item
	if s.renames {
		renamed = findRenames(olds, news, oldBy, newBy)
	}
	gone := map[string]bool{}
	for _, o := range renamed {
		gone[keyOf(o, s.key)] = true
	}
	for _, n := range news {
		k := keyOf(n, s.key)
		c := &changes{}
		switch o := oldBy[k]; {
		case o != nil && (bytes.Equal(o.Raw(), n.Raw()) || same(o, n)):
			// The same value, $defs and all: the same item.
		case o != nil:
			s.compare(o, n, c)
		case renamed[k] != nil:
			from := keyOf(renamed[k], s.key)
			c.add(Breaking, s.kind+"-renamed", "/"+s.key, jsondoc.NewString(from), jsondoc.NewString(k),
				"renamed from '%s' to '%s': calls by the old name fail", from, k)
			s.compare(renamed[k], n, c)
		default:
			c.add(NonBreaking, kebab(s.kind)+"-added", "", nil, n, "new %s '%s'", kindLabel(s.kind), k)
		}
		r.add(s.kind, k, c)
	}
	for _, o := range olds {
		k := keyOf(o, s.key)
		if newBy[k] != nil || gone[k] {
			continue
		}
		c := &changes{}
		c.add(Breaking, kebab(s.kind)+"-removed", "", o, nil, "%s '%s' was removed", kindLabel(s.kind), k)
		r.add(s.kind, k, c)
	}
	return nil
}

// add appends a group when it has changes, breaking ones first, then by
// pointer.
func (r *Report) add(kind, name string, c *changes) {
	if len(c.list) == 0 {
		return
	}
	sort.SliceStable(c.list, func(i, j int) bool {
		a, b := c.list[i], c.list[j]
		if a.Severity != b.Severity {
			return a.Severity == Breaking
		}
		return jsondoc.Compare(a.Pointer, b.Pointer) < 0
	})
	r.Groups = append(r.Groups, Group{Kind: kind, Name: name, Changes: c.list})
}

// findRenames pairs each removed tool with the first added one whose
// inputSchema means the same, in the old snapshot's order.
func findRenames(olds, news []*jsondoc.Value, oldBy, newBy map[string]*jsondoc.Value) map[string]*jsondoc.Value {
	added := map[string][]*jsondoc.Value{} // by the canonical inputSchema
	for _, n := range news {
		if oldBy[keyOf(n, "name")] == nil {
			k := canon(n.Get("inputSchema"))
			added[k] = append(added[k], n)
		}
	}
	out := map[string]*jsondoc.Value{}
	if len(added) == 0 {
		return out
	}
	for _, o := range olds {
		if newBy[keyOf(o, "name")] != nil {
			continue
		}
		k := canon(o.Get("inputSchema"))
		if c := added[k]; len(c) > 0 {
			out[keyOf(c[0], "name")] = o
			added[k] = c[1:]
		}
	}
	return out
}

// sectionText is a section's bytes, with the tree Parse read them into
// when it still stands for them.
type sectionText struct {
	raw    json.RawMessage
	parsed *jsondoc.Value
}

// section is the text of section name; the tree Parse made is reused
// unless the field was replaced since.
func (s *Snapshot) section(name string, raw json.RawMessage) sectionText {
	t := sectionText{raw: raw}
	if v := s.parsed.Get(name); v != nil && len(raw) > 0 && sameSlice(v.Raw(), raw) {
		t.parsed = v
	}
	return t
}

// sameSlice reports whether a and b are the same bytes of memory.
func sameSlice(a, b []byte) bool { return len(a) == len(b) && &a[0] == &b[0] }

// items parses a section's array.
func (t sectionText) items(name string) ([]*jsondoc.Value, error) {
	if len(t.raw) == 0 {
		return nil, nil
	}
	v := t.parsed
	if v == nil {
		var err error
		if v, err = jsondoc.Parse(t.raw); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	if !v.IsArray() {
		return nil, fmt.Errorf("%s is not an array (it is a JSON %s)", name, v.Kind())
	}
	return v.Items(), nil
}

// index maps each item's key to it; the last of duplicates wins.
func index(list []*jsondoc.Value, key string) map[string]*jsondoc.Value {
	m := make(map[string]*jsondoc.Value, len(list))
	for _, v := range list {
		m[keyOf(v, key)] = v
	}
	return m
}

func keyOf(v *jsondoc.Value, key string) string {
	s, _ := v.GetString(key)
	return s
}

// kindLabel names a kind of item in a sentence.
func kindLabel(kind string) string {
	if kind == KindResourceTemplate {
		return "resource template"
	}
	return kind
}
