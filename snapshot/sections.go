package snapshot

import "github.com/toolbench/toolbench/internal/jsondoc"

// compareResource compares a resource or a resource template: a new
// mimeType changes how every reader must decode it.
func compareResource(o, n *jsondoc.Value, c *changes) {
	c.wording("name-changed", "/name", "name", o.Get("name"), n.Get("name"))
	c.wording("title-changed", "/title", "title", o.Get("title"), n.Get("title"))
	c.wording("description-changed", "/description", "description", o.Get("description"), n.Get("description"))
	if om, nm := o.Get("mimeType"), n.Get("mimeType"); !same(om, nm) {
		c.add(Breaking, "mime-type-changed", "/mimeType", om, nm, "the mimeType changed from %s to %s", rawOr(om), rawOr(nm))
	}
	for _, k := range union(o, n) {
		switch k {
		case "uri", "uriTemplate", "name", "title", "description", "mimeType":
			continue
		}
		if !same(o.Get(k), n.Get(k)) {
			c.add(NonBreaking, "field-changed", "/"+jsondoc.EscapeToken(k), o.Get(k), n.Get(k), "'%s' changed", k)
		}
	}
}

// comparePrompt compares a prompt and its arguments, matched by name: a
// caller must now send an argument it did not know, or sends one the
// prompt no longer takes.
func comparePrompt(o, n *jsondoc.Value, c *changes) {
	c.wording("title-changed", "/title", "title", o.Get("title"), n.Get("title"))
	c.wording("description-changed", "/description", "description", o.Get("description"), n.Get("description"))
	oldArgs := index(o.Get("arguments").Items(), "name")
	newArgs := index(n.Get("arguments").Items(), "name")
	for j, na := range n.Get("arguments").Items() {
		name := keyOf(na, "name")
		at := jsondoc.Join("/arguments", itoa(j))
		oa := oldArgs[name]
		switch {
		case oa == nil && na.Get("required").IsTrue():
			c.add(Breaking, "prompt-argument-added-required", at, nil, na, "'%s' is a new required argument", name)
		case oa == nil:
			c.add(NonBreaking, "prompt-argument-added", at, nil, na, "'%s' is a new optional argument", name)
		default:
			compareArgument(oa, na, at, name, c)
		}
	}
	for i, oa := range o.Get("arguments").Items() {
		name := keyOf(oa, "name")
		if newArgs[name] == nil {
			c.add(Breaking, "prompt-argument-removed", jsondoc.Join("/arguments", itoa(i)), oa, nil, "the argument '%s' was removed", name)
		}
	}
}

// compareArgument compares one prompt argument found on both sides.
func compareArgument(oa, na *jsondoc.Value, at, name string, c *changes) {
	or, nr := oa.Get("required").IsTrue(), na.Get("required").IsTrue()
	switch {
	case !or && nr:
		c.add(Breaking, "prompt-argument-made-required", at+"/required", oa.Get("required"), na.Get("required"), "'%s' is now required", name)
	case or && !nr:
		c.add(NonBreaking, "prompt-argument-made-optional", at+"/required", oa.Get("required"), na.Get("required"), "'%s' is now optional", name)
	}
	c.wording("title-changed", at+"/title", "title", oa.Get("title"), na.Get("title"))
	c.wording("description-changed", at+"/description", "description", oa.Get("description"), na.Get("description"))
}

// rawOr is a value as written, or "none".
func rawOr(v *jsondoc.Value) string {
	if v == nil {
		return "none"
	}
	return string(v.Raw())
}
