package check

import (
	"strconv"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// parseDoc parses a schema document; base is its pointer in the tool
// object ("/inputSchema"). schemaform's reader does the parsing, so lint
// sees key order, number text and bytes exactly as the form does.
func parseDoc(data []byte, base string) (*jnode, error) {
	v, err := jsondoc.Parse(data)
	if err != nil {
		return nil, err
	}
	root := toJNode(v, nil, "")
	root.base = base
	return root, nil
}

// toJNode copies a parsed value into lint's tree, which links parents so a
// node can report its own pointer however it was reached.
func toJNode(v *jsondoc.Value, parent *jnode, token string) *jnode {
	n := &jnode{kind: jkind(v.Kind()), raw: v.Raw(), parent: parent, token: token}
	switch n.kind {
	case jBool:
		n.b = v.IsTrue()
	case jNum, jStr:
		n.str = v.Text()
	case jObj:
		n.keys = v.Keys()
		n.vals = make([]*jnode, v.Len())
		for i, m := range v.Values() {
			n.vals[i] = toJNode(m, n, n.keys[i])
		}
	case jArr:
		n.vals = make([]*jnode, v.Len())
		for i, m := range v.Items() {
			n.vals[i] = toJNode(m, n, strconv.Itoa(i))
		}
	}
	return n
}
