package snapshot

import "github.com/toolbench/toolbench/internal/jsondoc"

// toolFields are the members of a tool compared by their own rules.
var toolFields = map[string]bool{"name": true, "title": true, "description": true,
	"inputSchema": true, "outputSchema": true, "annotations": true}

// compareTool records how tool n differs from tool o (of the same name,
// or renamed).
func compareTool(o, n *jsondoc.Value, c *changes) {
	c.wording("title-changed", "/title", "title", o.Get("title"), n.Get("title"))
	c.wording("description-changed", "/description", "description", o.Get("description"), n.Get("description"))
	diffSchemas(o.Get("inputSchema"), n.Get("inputSchema"), "/inputSchema", false, c)
	compareOutputSchema(o.Get("outputSchema"), n.Get("outputSchema"), c)
	compareAnnotations(o.Get("annotations"), n.Get("annotations"), c)
	for _, k := range union(o, n) {
		if !toolFields[k] && !same(o.Get(k), n.Get(k)) {
			c.add(NonBreaking, "field-changed", "/"+jsondoc.EscapeToken(k), o.Get(k), n.Get(k), "'%s' changed", k)
		}
	}
}

// compareOutputSchema compares the outputSchemas, when there are any.
func compareOutputSchema(o, n *jsondoc.Value, c *changes) {
	switch {
	case o == nil && n == nil:
	case o == nil:
		c.add(NonBreaking, "output-schema-added", "/outputSchema", nil, n, "the tool declares an outputSchema now")
	case n == nil:
		c.add(Breaking, "output-schema-removed", "/outputSchema", o, nil, "the tool no longer declares its outputSchema; structuredContent is no longer promised")
	default:
		diffSchemas(o, n, "/outputSchema", true, c)
	}
}

// compareAnnotations compares the hints. Two moves break a client that
// trusted them: a read-only tool that may now write, and a tool that said
// it was not destructive and now is (an unset destructiveHint means true).
func compareAnnotations(o, n *jsondoc.Value, c *changes) {
	c.wording("annotation-title-changed", "/annotations/title", "annotations.title", o.Get("title"), n.Get("title"))
	for _, k := range union(o, n) {
		ov, nv := o.Get(k), n.Get(k)
		at := "/annotations/" + jsondoc.EscapeToken(k)
		switch {
		case k == "title" || same(ov, nv):
		case k == "readOnlyHint" && ov.IsTrue() && !nv.IsTrue():
			c.add(Breaking, "read-only-hint-removed", at, ov, nv, "the tool is no longer read-only")
		case k == "destructiveHint" && ov.IsFalse() && !nv.IsFalse():
			c.add(Breaking, "destructive-hint-added", at, ov, nv, "the tool may now be destructive")
		default:
			c.add(NonBreaking, "annotation-changed", at, ov, nv, "annotation %s changed", k)
		}
	}
}
