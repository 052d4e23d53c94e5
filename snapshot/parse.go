package snapshot

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// FormatError says why a text is not a snapshot toolbench can read.
type FormatError struct {
	// Offset is the byte offset of a syntax error; -1 when the text is
	// JSON but not a snapshot.
	Offset int
	// Reason says what is wrong, as a clause: "tools is not an array".
	Reason string
}

// Error is the reason, with the offset for a syntax error.
func (e *FormatError) Error() string {
	if e.Offset >= 0 {
		return fmt.Sprintf("not JSON at offset %d: %s", e.Offset, e.Reason)
	}
	return e.Reason
}

func notSnapshot(format string, args ...any) error {
	return &FormatError{Offset: -1, Reason: fmt.Sprintf(format, args...)}
}

// sections are the arrays a snapshot may hold, by their field names.
var sections = [...]string{"tools", "resources", "resourceTemplates", "prompts"}

// Parse reads a snapshot file, refusing what is not one with an error
// that says what is wrong and where (a *FormatError). A bare `tools
// --json` output ({"tools": [...]}) is read as a snapshot without server
// information: people keep those.
func Parse(b []byte) (*Snapshot, error) {
	root, err := jsondoc.Parse(b)
	if err != nil {
		var se *jsondoc.SyntaxError
		if errors.As(err, &se) {
			return nil, &FormatError{Offset: se.Offset, Reason: se.Msg}
		}
		return nil, &FormatError{Offset: 0, Reason: err.Error()}
	}
	if !root.IsObject() {
		return nil, notSnapshot("the file holds a JSON %s, not an object: this is not a toolbench snapshot; make one with `toolbench snapshot`", root.Kind())
	}
	if err := checkLayout(root); err != nil {
		return nil, err
	}
	for _, name := range sections {
		if err := checkSection(root, name); err != nil {
			return nil, err
		}
	}
	return decode(root)
}

// decode reads the snapshot's fields from its checked tree; the sections
// keep their bytes as written.
func decode(root *jsondoc.Value) (*Snapshot, error) {
	s := &Snapshot{Format: Format, parsed: root}
	for _, f := range []struct {
		name string
		into any
	}{{"taken", &s.Taken}, {"server", &s.Server}, {"protocolVersion", &s.ProtocolVersion}} {
		if v := root.Get(f.name); v != nil {
			if err := json.Unmarshal(v.Raw(), f.into); err != nil {
				return nil, notSnapshot("%s does not read: %v", f.name, err)
			}
		}
	}
	for _, f := range []struct {
		name string
		into *json.RawMessage
	}{{"tools", &s.Tools}, {"resources", &s.Resources}, {"resourceTemplates", &s.ResourceTemplates}, {"prompts", &s.Prompts}} {
		if v := root.Get(f.name); v != nil {
			*f.into = v.Raw()
		}
	}
	return s, nil
}

// checkLayout accepts the layout version this toolbench reads, or a bare
// tools list.
func checkLayout(root *jsondoc.Value) error {
	f := root.Get("toolbenchSnapshot")
	if f == nil {
		if root.Has("tools") {
			return nil
		}
		return notSnapshot("no toolbenchSnapshot field: this is not a toolbench snapshot; make one with `toolbench snapshot`")
	}
	if f.Kind() != jsondoc.Number || f.Text() != fmt.Sprint(Format) {
		return notSnapshot("layout version %s, this toolbench reads %d", f.Raw(), Format)
	}
	if !root.Has("tools") {
		return notSnapshot("no tools field: a snapshot holds the tool list under \"tools\"")
	}
	return nil
}

// checkSection requires section name, when present, to be an array of
// objects, tools with a name each.
func checkSection(root *jsondoc.Value, name string) error {
	v := root.Get(name)
	if v == nil {
		return nil
	}
	if !v.IsArray() {
		return notSnapshot("%s is not an array (it is a JSON %s)", name, v.Kind())
	}
	for i, item := range v.Items() {
		if !item.IsObject() {
			return notSnapshot("%s[%d] is not an object (it is a JSON %s)", name, i, item.Kind())
		}
		if _, ok := item.GetString(keyField(name)); !ok {
			return notSnapshot("%s[%d] has no %s string", name, i, keyField(name))
		}
	}
	return nil
}

// keyField is the member that names an item of a section.
func keyField(section string) string {
	switch section {
	case "resources":
		return "uri"
	case "resourceTemplates":
		return "uriTemplate"
	}
	return "name"
}
